audiospades selfplay --a walter --b hazel --games 200 --hands-per-game 2 --seed 64 --duplicate --json --jobs 2
