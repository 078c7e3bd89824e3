#!/usr/bin/env bash
# The figures in the README's "Measured" table for online play: server_load.py at
# several table counts, four clients a table, and one client with three level-3
# computer players a table. Each point's JSON report goes to benchmarks/results/.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
mkdir -p benchmarks/results
for tables in 10 25 50 100 130 150 175 200 250; do
    $PY benchmarks/server_load.py --tables "$tables" --hands 2 --seconds 300 \
        > "benchmarks/results/server_load_people_${tables}.json"
done
for tables in 10 25 35 40 50 60 100 120 150 200 250; do
    $PY benchmarks/server_load.py --tables "$tables" --bots 3 --hands 2 --seconds 300 \
        > "benchmarks/results/server_load_bots_${tables}.json"
done
