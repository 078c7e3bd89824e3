audiospades selfplay --a 3 --b 2 --players 6 --games 1000 --seed 14 --duplicate --json --jobs 1
