PYTHONPATH=. python benchmarks/versus_old_level3.py /tmp/oldbots --players 4 --games 100 --seed 12  (old = e8f5fd3's bidding.py and heuristic.py; see the script's docstring)
