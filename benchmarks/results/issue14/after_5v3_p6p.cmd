audiospades selfplay --a 5 --b 3 --players 6 --games 100 --hands-per-game 3 --seed 46 --duplicate --json --jobs 1
