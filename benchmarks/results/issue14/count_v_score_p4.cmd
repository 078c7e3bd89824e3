PYTHONPATH=. python benchmarks/bid_policy.py --players 4 --games 60 --seed 12
