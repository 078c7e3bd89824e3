audiospades selfplay --a 5 --b 3 --players 6 --individual --games 30 --hands-per-game 4 --seed 45 --duplicate --json --jobs 1
