PYTHONPATH=. python benchmarks/blind_nil_odds.py --hands 300
