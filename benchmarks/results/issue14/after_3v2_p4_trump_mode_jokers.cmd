audiospades selfplay --a 3 --b 2 --games 40 --seed 51 --rule trump_mode=jokers --duplicate --json --jobs 1
