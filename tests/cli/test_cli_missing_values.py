"""An option given without its value (``pinochle --target``, last on the line or before
another option), and a value given to an option that takes none (``--ascii=1``): one line,
exit code 2, ending as the refusal of a word no option takes ends, with where the options
are told ("(see: pinochle simulate --help)"); argparse said only "expected one argument",
with nothing after it.  Every option of the game and of every subcommand is tried, so a new
one is covered when it is added."""

from __future__ import annotations

import argparse

import pytest
from test_cli_option_values import subparsers

from pinochle_tui.cli import build_parser, main


def options(nargs: object) -> list[tuple[str, str]]:
    """(command, option) for every option of ``nargs`` (None: takes one value; 0: none),
    of the game ("") and of each subcommand."""
    parser = build_parser()
    parsers: dict[str, argparse.ArgumentParser] = {"": parser, **subparsers(parser)}
    return [
        (name, flag)
        for name, p in parsers.items()
        for a in p._actions
        if a.nargs == nargs and not isinstance(a, argparse._HelpAction)
        for flag in a.option_strings
        if flag.startswith("--") and flag != "--version"
    ]


VALUED = options(None)
FLAGS = options(0)


def test_the_cases_cover_every_command() -> None:
    assert {c for c, _ in VALUED} == {"", "meld", "simulate", "stats", "variants", "join", "host", "saves"}
    assert ("", "--target") in VALUED and ("host", "--port") in VALUED and ("join", "--code") in VALUED
    assert ("saves", "--delete") in VALUED
    assert len(VALUED) == 36  # --resume (its value may be left out) aside
    assert ("", "--ascii") in FLAGS and ("host", "--no-web") in FLAGS and ("simulate", "--duplicate") in FLAGS


def refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    return err


@pytest.mark.parametrize(("command", "flag"), VALUED, ids=[f"{c or 'game'}{f}" for c, f in VALUED])
def test_an_option_without_its_value_is_refused_pointing_to_the_help(
    command: str, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    prog = "pinochle" + (f" {command}" if command else "")
    before = [command] if command else []
    line = f"{prog}: {flag}: needs a value (see: {prog} --help)\n"
    assert refusal([*before, flag], capsys) == line  # last on the line
    assert refusal([*before, flag, "--help"], capsys) == line  # before another option


def test_the_game_target_without_its_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert refusal(["--target"], capsys) == "pinochle: --target: needs a value (see: pinochle --help)\n"


@pytest.mark.parametrize(("command", "flag"), FLAGS, ids=[f"{c or 'game'}{f}" for c, f in FLAGS])
def test_a_value_given_to_an_option_that_takes_none_is_refused_pointing_to_the_help(
    command: str, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    prog = "pinochle" + (f" {command}" if command else "")
    shown = "--web/--no-web" if flag in ("--web", "--no-web") else flag  # (argparse's name of the pair)
    before = [command] if command else []
    line = f"{prog}: {shown}: takes no value, '1' given (see: {prog} --help)\n"
    assert refusal([*before, f"{flag}=1"], capsys) == line
