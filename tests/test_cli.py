"""The console entry point: ``audiospades --help`` names the sub-commands, and a
mistyped one is named back with the real ones instead of starting nothing."""

from __future__ import annotations

import pytest

from audiospades.cli import COMMANDS
from audiospades.cli import main as cli_main


def test_help_names_every_sub_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        cli_main(["--help"])
    assert ended.value.code == 0
    out = capsys.readouterr().out
    for name in ("serve", "replay", "selfplay"):
        assert f"audiospades {name} " in out
    assert set(COMMANDS) == {"serve", "replay", "selfplay"}


def test_a_mistyped_command_names_the_real_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli_main(["serv", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "'serv'" in err
    assert "serve, replay, selfplay" in err
