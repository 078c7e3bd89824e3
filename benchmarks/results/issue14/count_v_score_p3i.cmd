PYTHONPATH=. python benchmarks/bid_policy.py --players 3 --individual --games 60 --seed 13
