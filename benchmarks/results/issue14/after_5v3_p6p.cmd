audiospades selfplay --a 5 --b 3 --players 6 --games 6 --hands-per-game 4 --seed 46 --duplicate --json --jobs 1
