audiospades selfplay --a 3 --b 2 --games 40 --seed 51 --rule big_bid_bonus=10 --duplicate --json --jobs 1
