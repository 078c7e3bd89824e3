#!/usr/bin/env bash
# Issue 14 experiment: would compiling the rules as they are reach 1.5x OpenSpiel?
#
#   bash benchmarks/mypyc_rules.sh [--hands N] [--rounds R]
#
# Copies this commit's code to a temporary folder, compiles every module of
# audiospades/rules with mypyc (C extensions built from the typed Python; cards.py
# stays interpreted, as mypyc cannot compile a subclass of int), then runs
# benchmarks/compare_openspiel.py on the compiled copy and on this checkout, one after
# the other. Needs gcc, the Python headers and `pip install -e '.[bench]'`. Nothing is
# kept: the game itself always runs interpreted.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
PY="$root/.venv/bin/python"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
git archive HEAD audiospades benchmarks | tar -x -C "$dir"
# mypyc's dataclasses read their field annotations when the module is imported, and
# PlayCore's table is typed by a name imported only for the type checker: in the
# copy, PlayCore becomes a plain class with the same fields.
"$PY" - "$dir/audiospades/rules/core.py" <<'PATCH'
import re
import sys

path = sys.argv[1]
text = open(path).read()
text = text.replace("@dataclass(frozen=True, slots=True)\nclass PlayCore:", "class PlayCore:")
body = re.search(r"class PlayCore:\n(.*?)\n\n\ndef ", text, re.S).group(1)
fields = re.findall(r"^    (\w+): (.+)$", body, re.M)
init = "\n    def __init__(self, {}) -> None:\n{}\n".format(
    ", ".join(f"{name}: {kind}" for name, kind in fields),
    "\n".join(f"        self.{name} = {name}" for name, _ in fields),
)
text = text.replace(body, body + "\n" + init, 1)
open(path, "w").write(text)
PATCH
modules=$(cd "$dir" && ls audiospades/rules/*.py | grep -v '/cards\.py$')
(cd "$dir" && "$root/.venv/bin/mypyc" $modules >"$dir/mypyc.log" 2>&1) || {
    tail -20 "$dir/mypyc.log" >&2
    exit 1
}
echo "== compiled rules ($dir)" >&2
"$PY" benchmarks/compare_openspiel.py --root "$dir" "$@"
echo "== interpreted rules (this checkout)" >&2
"$PY" benchmarks/compare_openspiel.py "$@"
