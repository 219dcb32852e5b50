"""``pinochle --version`` stands alone: given with any other word it is refused in one line
naming those words (exit 2), as other bad input is, rather than printing the version and
leaving the words unread; after a subcommand it is refused by that subcommand, naming where
it goes."""

from __future__ import annotations

import pytest

from pinochle_tui.cli import SUBCOMMANDS, main

ALONE = "(pinochle --version, alone, prints the version)"

# what each command needs before a stray option: its required arguments (meld), its one
# positional filled (join: the host's address)
NEEDS = {"meld": ["AS", "--trump", "S"], "join": ["localhost:8470"]}


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "others"),
    [
        (["--version", "extra"], "extra"),
        (["--version", "--seed", "4"], "--seed 4"),
        (["--seed", "4", "--version"], "--seed 4"),
        (["--ascii", "--version"], "--ascii"),
        (["--version", "simulate", "--hands", "3"], "simulate --hands 3"),
        (["--version", "--version"], "--version"),
        (["--version", "x" * 40], "x" * 23 + "…"),
    ],
)
def test_version_with_another_word_is_refused(argv: list[str], others: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, argv) == (2, "", f"pinochle: --version takes no other word: drop '{others}' {ALONE}\n")


@pytest.mark.parametrize("command", SUBCOMMANDS)
@pytest.mark.parametrize("word", ["--version", "--version=2"])
def test_a_subcommand_refuses_version_naming_where_it_goes(
    command: str, word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, [command, *NEEDS.get(command, []), word]) == (
        2,
        "",
        f"pinochle {command}: does not take --version; pinochle --version, alone, prints the version\n",
    )


def test_a_subcommands_earlier_unknown_word_is_named_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, ["simulate", "--bogus", "--version"]) == (
        2,
        "",
        "pinochle simulate: unrecognized arguments: --bogus --version (see: pinochle simulate --help)\n",
    )
