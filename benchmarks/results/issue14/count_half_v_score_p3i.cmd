PYTHONPATH=. python benchmarks/bid_policy.py --players 3 --individual --games 240 --seed 13 --shade 0.5
