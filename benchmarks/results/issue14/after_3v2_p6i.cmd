audiospades selfplay --a 3 --b 2 --players 6 --individual --games 400 --seed 14 --duplicate --json --jobs 1
