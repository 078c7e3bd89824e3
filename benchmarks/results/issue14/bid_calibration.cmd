PYTHONPATH=. python benchmarks/bid_calibration.py --hands 600 --seed 2   (run with the final bots: SHAPE_FIT was fitted by the same command while every level-3 seat bid its count)
