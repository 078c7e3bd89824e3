python benchmarks/pool_reports.py benchmarks/results/issue14/after_5v3_p4.json benchmarks/results/issue14/after_5v3_p4_s42.json
