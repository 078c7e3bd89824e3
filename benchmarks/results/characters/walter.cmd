audiospades selfplay --a walter --b 3 --games 6 --hands-per-game 8 --seed 62 --duplicate --json --jobs 1
