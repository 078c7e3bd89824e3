audiospades selfplay --a the_professor --b 3 --games 2 --hands-per-game 8 --seed 63 --duplicate --json --jobs 1
