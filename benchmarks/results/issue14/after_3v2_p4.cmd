audiospades selfplay --a 3 --b 2 --games 200 --seed 12 --duplicate --json --jobs 1
