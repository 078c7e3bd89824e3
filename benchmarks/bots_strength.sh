#!/bin/sh
# Bot strength and speed, as recorded in the README. Run from the repository root.
# Each line is one measurement; the figures in the README came from these commands.
# Reports go to $OUT (default /tmp/audiospades-bench); a part already run is kept.
set -e
PY=.venv/bin/python
OUT=${OUT:-/tmp/audiospades-bench}
mkdir -p "$OUT"

match() {  # match NAME ARGS...: one selfplay report, skipped if already there
    name=$1
    shift
    [ -s "$OUT/$name.json" ] || $PY -m audiospades selfplay "$@" --duplicate --json >"$OUT/$name.json"
}

# Each level against the level below, duplicate deals, games to 500 (pagat rules).
match 2v1 --a 2 --b 1 --games 200 --seed 11
match 3v2 --a 3 --b 2 --games 200 --seed 12
match 4v3 --a 4 --b 3 --games 60 --seed 23
match 5v4 --a 5 --b 4 --games 120 --seed 21

# Level 5 against level 3: 400 duplicate games to 500, in four parts of 100.
for seed in 31 32 33 34; do
    match "5v3_s$seed" --a 5 --b 3 --games 100 --seed "$seed"
done
$PY benchmarks/pool_reports.py "$OUT"/5v3_s3?.json

# Decision time per level (single process, no other load).
$PY benchmarks/bots_speed.py --hands 4
