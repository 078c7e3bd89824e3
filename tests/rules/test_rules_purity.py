"""The rules engine is pure: standard library only, no printing, files or clock."""

from __future__ import annotations

import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import audiospades.rules

RULES_DIR = Path(audiospades.rules.__file__).parent
MODULES = sorted(
    f"audiospades.rules.{m.name}" for m in pkgutil.iter_modules([str(RULES_DIR)])
)

#: Runs in a fresh interpreter: blocks the UI and i18n packages, imports every rules
#: module, then checks that nothing outside the standard library was loaded.
CHILD = """
import sys
BLOCKED = ("pygame", "gettext", "babel", "platformdirs", "accessible_output2",
           "pyttsx3", "speechd")

class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"the rules engine imported {name}")
        return None

for name in BLOCKED:
    sys.modules.pop(name, None)
sys.meta_path.insert(0, Blocker())
import importlib
before = set(sys.modules)
for module in sys.argv[1:]:
    importlib.import_module(module)
outside = sorted(
    name for name in set(sys.modules) - before
    if name.split(".")[0] not in sys.stdlib_module_names
    and name.split(".")[0] != "audiospades"
)
loaded = sorted(n for n in sys.modules if n.startswith("audiospades."))
extra = [n for n in loaded if not n.startswith("audiospades.rules")]
assert not outside, outside
assert not extra, extra
print("ok")
"""


def test_rules_modules_are_all_listed() -> None:
    """The scan below covers every module of the package."""
    on_disk = {
        f"audiospades.rules.{path.stem}"
        for path in RULES_DIR.glob("*.py")
        if path.stem != "__init__"
    }
    on_disk |= {
        f"audiospades.rules.{path.parent.name}"
        for path in RULES_DIR.glob("*/__init__.py")
    }
    assert "audiospades.rules.game" in on_disk
    assert set(MODULES) == on_disk


def test_rules_import_nothing_outside_the_standard_library() -> None:
    """STYLE.md rule 1: "audiospades/rules/ is a pure engine: standard library only
    ... A test imports it with pygame and gettext blocked"."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, "audiospades.rules", *MODULES],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


#: ``time.`` followed by a name: a call into the clock (not "at any time." in prose).
FORBIDDEN = [r"\bprint\(", r"\bopen\(", r"\btime\.\w", r"\bimport time\b", r"datetime"]


def test_rules_source_has_no_print_open_or_clock() -> None:
    """STYLE.md rule 1: the engine "uses no pygame, speech, gettext, clock, files or
    print"; rule 22: "Never use print"."""
    found = []
    for path in sorted(RULES_DIR.glob("*.py")):
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            for pattern in FORBIDDEN:
                if re.search(pattern, line):
                    found.append(f"{path.name}:{number}: {line.strip()}")
    assert found == []
