#!/bin/sh
# Issue 14's measurements: level 3 against level 2 at every table shape, before and
# after the bidding change, and level 5 against level 3 where time allows. Run from
# the repository root. BEFORE=DIR runs the same matches with the bots of another
# checkout (its audiospades/bots, with this checkout's selfplay report); reports go to
# benchmarks/results/issue14/ (NAME.json, and NAME.cmd holding the command).
set -e
PY=${PY:-.venv/bin/python}
OUT=benchmarks/results/issue14
mkdir -p "$OUT"
match() {  # match NAME ARGS...: one duplicate selfplay report, kept if already there
    name=$1
    shift
    [ -s "$OUT/$name.json" ] && return 0
    echo "audiospades selfplay $* --duplicate --json --jobs ${JOBS:-1}" >"$OUT/$name.cmd"
    $PY -m audiospades selfplay "$@" --duplicate --json --jobs "${JOBS:-1}" >"$OUT/$name.json.tmp"
    mv "$OUT/$name.json.tmp" "$OUT/$name.json"
}
TAG=${TAG:-after}
case "${PART:-3v2}" in
3v2)
    match "${TAG}_3v2_p4" --a 3 --b 2 --games 200 --seed 12
    match "${TAG}_3v2_p3i" --a 3 --b 2 --players 3 --individual --games 120 --seed 13
    match "${TAG}_3v2_p5i" --a 3 --b 2 --players 5 --individual --games 400 --seed 14
    match "${TAG}_3v2_p6i" --a 3 --b 2 --players 6 --individual --games 400 --seed 14
    match "${TAG}_3v2_p6p" --a 3 --b 2 --players 6 --games 1000 --seed 14
    ;;
5v3)
    # Level 5 thinks up to 0.8 s a card: short games (two to four hands), many of
    # them, so each shape has a few hundred duplicate deals in well under an hour.
    match "${TAG}_5v3_p4" --a 5 --b 3 --games 100 --hands-per-game 2 --seed 42
    match "${TAG}_5v3_p3i" --a 5 --b 3 --players 3 --individual --games 60 --hands-per-game 3 --seed 43
    match "${TAG}_5v3_p5i" --a 5 --b 3 --players 5 --individual --games 60 --hands-per-game 3 --seed 44
    match "${TAG}_5v3_p6i" --a 5 --b 3 --players 6 --individual --games 30 --hands-per-game 4 --seed 45
    match "${TAG}_5v3_p6p" --a 5 --b 3 --players 6 --games 100 --hands-per-game 3 --seed 46
    ;;
variants5)
    # Level 5 against level 3 under four rule options, 100 duplicate games of two hands.
    for rule in trump_mode=jokers bidding_style=whiz big_bid_bonus=10 \
        ten_for_two_hundred=true; do
        name=$(echo "$rule" | tr '=' '_')
        match "${TAG}_5v3_p4_$name" --a 5 --b 3 --games 100 --hands-per-game 2 --seed 51 --rule "$rule"
    done
    ;;
variants)
    # Level 3 against level 2 under each rule option the bots must read.
    for rule in trump_mode=jokers trump_mode=deuces bidding_style=suicide \
        bidding_style=mirror bidding_style=whiz no_hell=true scoring_style=quicksand \
        exact_bid_bonus=20 big_bid_bonus=10 ten_for_two_hundred=true; do
        name=$(echo "$rule" | tr '=' '_')
        match "${TAG}_3v2_p4_$name" --a 3 --b 2 --games 40 --seed 51 --rule "$rule"
    done
    ;;
esac
