audiospades selfplay --a 5 --b 3 --players 3 --individual --games 6 --hands-per-game 6 --seed 43 --duplicate --json --jobs 1
