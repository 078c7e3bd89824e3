audiospades selfplay --a 3 --b 2 --games 40 --seed 51 --rule bidding_style=whiz --duplicate --json --jobs 1
