audiospades selfplay --a the_professor --b 3 --games 60 --hands-per-game 2 --seed 62 --duplicate --json --jobs 1
