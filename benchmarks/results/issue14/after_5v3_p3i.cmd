audiospades selfplay --a 5 --b 3 --players 3 --individual --games 60 --hands-per-game 3 --seed 43 --duplicate --json --jobs 1
