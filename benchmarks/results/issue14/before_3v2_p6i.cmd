audiospades selfplay --a 3 --b 2 --players 6 --individual --games 100 --seed 15 --duplicate --json --jobs 1
