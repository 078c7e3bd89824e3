audiospades selfplay --a 3 --b 2 --players 6 --games 120 --seed 16 --duplicate --json --jobs 1
