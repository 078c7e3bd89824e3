#!/bin/sh
# Bot strength and speed, as recorded in the README. Run from the repository root.
# Each line is one measurement; the figures in the report came from these commands.
set -e
PY=.venv/bin/python

# Each level against the level below, duplicate deals, games to 500 (pagat rules).
$PY -m audiospades selfplay --a 2 --b 1 --games 200 --duplicate --seed 11 --json
$PY -m audiospades selfplay --a 3 --b 2 --games 200 --duplicate --seed 12 --json
$PY -m audiospades selfplay --a 4 --b 3 --games 20 --duplicate --seed 13 --json
$PY -m audiospades selfplay --a 5 --b 4 --games 12 --duplicate --seed 14 --json
$PY -m audiospades selfplay --a 5 --b 4 --games 30 --duplicate --seed 18 --json

# Level 5 against level 3: the target is 70% of 400 duplicate games to 500. A game
# takes about a minute per core here, so 400 take over three hours on two cores; the
# recorded figure pools these three runs (54 games). GAMES_5V3=400 for the full size.
$PY -m audiospades selfplay --a 5 --b 3 --games "${GAMES_5V3:-8}" --duplicate --seed 15 --json
$PY -m audiospades selfplay --a 5 --b 3 --games "${GAMES_5V3:-16}" --duplicate --seed 16 --json
$PY -m audiospades selfplay --a 5 --b 3 --games "${GAMES_5V3:-30}" --duplicate --seed 17 --json

# Decision time per level (single process, no other load).
$PY benchmarks/bots_speed.py --hands 4
