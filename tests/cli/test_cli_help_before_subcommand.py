"""``pinochle --help simulate`` prints simulate's help, as ``pinochle simulate --help``
does, for every subcommand (it printed the game's: argparse acted on the first help flag
it met, the game's).  Without a subcommand ``--help`` is still the game's."""

from __future__ import annotations

import pytest

from pinochle_tui.cli import SUBCOMMANDS, main


def helped(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main(argv)
    out, err = capsys.readouterr()
    assert (done.value.code, err) == (0, "")
    return out


@pytest.mark.parametrize("command", SUBCOMMANDS)
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_before_a_subcommand_is_the_subcommands(
    capsys: pytest.CaptureFixture[str], command: str, flag: str
) -> None:
    own = helped(capsys, [command, "--help"])
    assert own.startswith(f"usage: pinochle {command} ")
    assert helped(capsys, [flag, command]) == own
    # the game's options before it, or words after it, change nothing
    assert helped(capsys, ["--ascii", flag, command]) == own
    assert helped(capsys, [flag, command, "--json"]) == own


def test_help_alone_is_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    out = helped(capsys, ["--help"])
    assert out.startswith("usage: pinochle [-h] ")
    assert helped(capsys, ["--seed", "4", "-h"]) == out
    # a seed that reads as a subcommand is the seed's value, not a subcommand
    assert helped(capsys, ["--seed", "simulate", "--help"]) == out
