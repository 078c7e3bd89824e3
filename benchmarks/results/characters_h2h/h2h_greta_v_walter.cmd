audiospades selfplay --a greta --b walter --games 300 --hands-per-game 2 --seed 63 --duplicate --json --jobs 2
