audiospades selfplay --a 5 --b 3 --games 8 --hands-per-game 8 --seed 41 --duplicate --json --jobs 1
