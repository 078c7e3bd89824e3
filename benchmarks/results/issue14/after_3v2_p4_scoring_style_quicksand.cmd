audiospades selfplay --a 3 --b 2 --games 40 --seed 51 --rule scoring_style=quicksand --duplicate --json --jobs 1
