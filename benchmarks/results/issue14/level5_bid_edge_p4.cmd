PYTHONPATH=. .venv/bin/python benchmarks/level5_bid_edge.py --edge 0.7 --games 100 --hands 2 --jobs 2 --seed 21
