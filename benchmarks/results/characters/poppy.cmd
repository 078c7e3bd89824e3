audiospades selfplay --a poppy --b 3 --games 20 --seed 61 --duplicate --json --jobs 1
