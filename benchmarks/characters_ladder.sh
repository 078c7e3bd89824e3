#!/bin/sh
# Each of the 18 characters against a fixed reference, level 3, four players in
# partnership, duplicate deals (the character and its partner against two level-3
# players, then the seats swapped). Levels 1-3 play whole games; levels 4 and 5, slower,
# 60 games of two hands. Run from the repository root; then
# `.venv/bin/python benchmarks/ladder_table.py benchmarks/results/characters/*.json`.
set -e
PY=${PY:-.venv/bin/python}
OUT=benchmarks/results/characters
mkdir -p "$OUT"
match() {  # match CHARACTER ARGS...
    name=$1
    shift
    [ -s "$OUT/$name.json" ] && return 0
    echo "audiospades selfplay --a $name --b 3 $* --duplicate --json --jobs 1" >"$OUT/$name.cmd"
    $PY -m audiospades selfplay --a "$name" --b 3 "$@" --duplicate --json --jobs 1 >"$OUT/$name.json.tmp"
    mv "$OUT/$name.json.tmp" "$OUT/$name.json"
}
for who in milly bert poppy dennis rosa gus ivy hazel omar lena frank; do
    match "$who" --games 20 --seed 61
done
for who in walter nadia sam yuki victor greta the_professor; do
    match "$who" --games 60 --hands-per-game 2 --seed 62
done
