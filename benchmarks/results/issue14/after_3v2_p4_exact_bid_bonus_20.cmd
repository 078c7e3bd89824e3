audiospades selfplay --a 3 --b 2 --games 40 --seed 51 --rule exact_bid_bonus=20 --duplicate --json --jobs 1
