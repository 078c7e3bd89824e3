audiospades selfplay --a 3 --b 2 --players 3 --individual --games 120 --seed 13 --duplicate --json --jobs 1
