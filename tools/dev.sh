#!/usr/bin/env bash
# All the set-up a fresh Debian machine with Python 3.11 needs, then one job:
#   bash tools/dev.sh play [ARGS...]   start the game (ARGS go to `audiospades`)
#   bash tools/dev.sh test [ARGS...]   ruff, mypy and the whole test suite (ARGS go to pytest)
# Each step is skipped when it is already done, so running it again is quick.
set -euo pipefail
cd "$(dirname "$0")/.."

job="${1:-play}"
[ $# -gt 0 ] && shift

# System packages: espeak-ng is the built-in voice, speech-dispatcher the bridge to the
# Orca screen reader, sox checks rendered speech in tests, xvfb gives tests a real screen,
# gettext gives msgfmt --check for the catalogues; chromium and chromium-driver are the
# real browser the browser page's tests drive (tests/web: Selenium, never a download);
# openssl makes the self-signed certificates of the TLS tests (wss://).
APT_PACKAGES=(espeak-ng libespeak-ng1 speech-dispatcher sox xvfb gettext chromium chromium-driver openssl)
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
PY="${PYTHON:-$(command -v python3.11 || command -v python3)}"
"$PY" -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "Installing system packages: ${missing[*]}" >&2
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# The project's own virtual environment, reinstalled only when pyproject.toml changes.
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
    .venv/bin/python -m pip install -q --upgrade pip >&2
    .venv/bin/python -m pip install -q -e '.[dev]' >&2
    rm -f .venv/.installed-*
    touch "$stamp"
fi

# axe-core, the accessibility audit the browser tests run inside the page, from npm
# (pinned in tests/web/package.json and its lock file). npm comes with Node.js; Debian's
# packages give it where the machine has none.
if [ ! -f tests/web/node_modules/axe-core/axe.min.js ]; then
    if ! command -v npm >/dev/null 2>&1; then
        SUDO=""
        [ "$(id -u)" -ne 0 ] && SUDO="sudo"
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs npm >&2
    fi
    (cd tests/web && npm ci --no-audit --no-fund --silent) >&2
fi

# Compiled catalogues are built here from the .po files, never committed.
if compgen -G "locale/*/LC_MESSAGES/audiospades.po" >/dev/null; then
    .venv/bin/pybabel -q compile -d locale -D audiospades >&2
fi

case "$job" in
    play)
        exec .venv/bin/audiospades "$@"
        ;;
    test)
        .venv/bin/ruff check .
        .venv/bin/ruff format --check .
        .venv/bin/mypy
        exec .venv/bin/pytest -n 2 "$@"
        ;;
    *)
        echo "usage: bash tools/dev.sh play|test [ARGS...]" >&2
        exit 64
        ;;
esac
