audiospades selfplay --a 5 --b 3 --players 5 --individual --games 60 --hands-per-game 3 --seed 44 --duplicate --json --jobs 1
