audiospades selfplay --a 3 --b 2 --games 40 --seed 51 --rule ten_for_two_hundred=true --duplicate --json --jobs 1
