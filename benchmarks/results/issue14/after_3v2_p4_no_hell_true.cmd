audiospades selfplay --a 3 --b 2 --games 40 --seed 51 --rule no_hell=true --duplicate --json --jobs 1
