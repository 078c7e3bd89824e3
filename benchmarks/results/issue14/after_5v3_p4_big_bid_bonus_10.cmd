audiospades selfplay --a 5 --b 3 --players 4 --games 100 --hands-per-game 2 --seed 51 --duplicate --json --jobs 1 --rule big_bid_bonus=10
