"""An option's value written as ``--`` (``simulate --hands=--``): argparse takes that ``--``
for the end-of-options mark, drops it and hands the option an empty list that no type check
sees, so a number, a seat list or a preset name became ``[]`` deep inside the command.  Every
option that takes a value, of the game and of every subcommand (the game's options repeated
under a subcommand too), refuses it in one line with exit code 2, before anything runs."""

from __future__ import annotations

import argparse

import pytest

from pinochle_tui.cli import UsageError, build_parser, main


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def value_options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Every option of ``parser`` that takes a value, shown in --help or not."""
    return [a for a in parser._actions if a.option_strings and a.nargs != 0]


CASES = [("", flag) for a in value_options(build_parser()) for flag in a.option_strings] + [
    (name, flag)
    for name, sp in subparsers(build_parser()).items()
    for a in value_options(sp)
    for flag in a.option_strings
]


def test_the_cases_cover_every_command() -> None:
    assert {c for c, _ in CASES} == {"", "meld", "simulate", "stats", "variants", "join", "host", "saves"}
    assert len(CASES) == 37  # the game's nine and the subcommands' own, with the game's under each


@pytest.mark.parametrize(("command", "flag"), CASES, ids=[f"{c or 'game'}{f}" for c, f in CASES])
def test_a_double_dash_value_is_refused_in_one_line(
    command: str, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ([command] if command else []) + [f"{flag}=--"]
    if command == "meld":
        argv += ["AS", "--trump", "S"]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    prog = "pinochle" + (f" {command}" if command else "")
    assert out == ""
    assert err.splitlines() == [f"{prog}: {flag}: needs a value, and '--' is none (see: {prog} --help)"]


def test_a_value_holding_two_dashes_is_still_a_value() -> None:
    assert build_parser().parse_args(["--seed=a--b"]).seed == "a--b"
    assert build_parser().parse_args(["simulate", "--seed=--x"]).seed == "--x"


SEED_REFUSAL = "--seed: a blank seed is not allowed; give any text, e.g. --seed 44"


@pytest.mark.parametrize("command", ["", "simulate", "host"])
@pytest.mark.parametrize("seed", ["", " ", "\t  "])
def test_a_blank_seed_is_refused_by_every_command_that_takes_one(
    command: str, seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--seed ""`` was taken: the game dealt at random, simulate seeded with nothing, as if
    no seed had been given, without a word."""
    before = [command] if command else []
    for argv in ([*before, "--seed", seed], [*before, f"--seed={seed}"]):
        assert main(argv) == 2
        prog = "pinochle" + (f" {command}" if command else "")
        assert capsys.readouterr() == ("", f"{prog}: {SEED_REFUSAL}\n")


def test_a_blank_seed_before_a_subcommand_is_refused_as_the_games() -> None:
    with pytest.raises(UsageError) as err:
        build_parser().parse_args(["--seed", " ", "simulate"])
    assert str(err.value) == f"pinochle: {SEED_REFUSAL}"


def test_a_seed_with_spaces_inside_or_around_is_kept_as_given() -> None:
    assert build_parser().parse_args(["--seed", " a b "]).seed == " a b "
    assert build_parser().parse_args(["simulate", "--seed", "0"]).seed == "0"
    assert build_parser().parse_args(["simulate"]).seed == "0"  # the default still reads


@pytest.mark.parametrize("command", ["", "simulate", "host"])
@pytest.mark.parametrize("seed", ["-x", "-seed", "-1x", "-"])
def test_a_seed_that_begins_with_a_dash_is_a_seed_without_the_equals_sign(command: str, seed: str) -> None:
    """``--seed -x`` was refused ("expected one argument"): argparse reads a word that
    begins with ``-`` as an option; a seed is any text, so a word that is none of the
    options is the seed's."""
    before = [command] if command else []
    assert build_parser().parse_args([*before, "--seed", seed]).seed == seed
    assert build_parser().parse_args(["--seed", seed, *before]).seed == seed


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--seed", "--ascii"], "pinochle: --seed: needs a value (see: pinochle --help)"),
        (["simulate", "--seed", "-h"], "pinochle simulate: --seed: needs a value (see: pinochle simulate --help)"),
        (
            ["simulate", "--seed", "--hands", "5"],
            "pinochle simulate: --seed: needs a value (see: pinochle simulate --help)",
        ),
    ],
)
def test_an_option_after_seed_is_still_an_option(argv: list[str], line: str, capsys: pytest.CaptureFixture) -> None:
    assert main(argv) == 2
    assert capsys.readouterr() == ("", line + "\n")
