"""An option given twice (``pinochle --seed 1 --seed 2``) was taken
silently, argparse keeping the last.  Every option of the game and of every subcommand is
refused in one line when repeated, with exit code 2, before anything runs."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from pinochle_tui.cli import build_parser, main
from pinochle_tui.cli_common import UsageError

VALUES = {
    "hands": "5",
    "games": "5",
    "target": "500",
    "bot_delay": "0",
    "trick_delay": "0",
    "think": "1",
    "nodes": "500",
    "port": "847",
    "web_port": "848",
}


def options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The options shown in ``--help`` (not -h itself, nor --version: each prints and exits)."""
    return [
        a
        for a in parser._actions
        if a.option_strings
        and a.help != argparse.SUPPRESS
        and not isinstance(a, argparse._HelpAction)
        and "--version" not in a.option_strings
    ]


def twice(action: argparse.Action) -> tuple[list[str], str]:
    """The option given twice with two values (a flag: twice), and the line expected."""
    flag = max(action.option_strings, key=len)
    if action.nargs == 0:
        return [flag, flag], f"{flag} is given twice; give it once"
    dest = action.dest.removeprefix("top_")
    a, b = (VALUES[dest], VALUES[dest] + "0") if dest in VALUES else ("one", "two")
    return [flag, a, flag, b], f"{flag} is given twice ('{a}' and '{b}'); give it once"


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


CASES = [("", a.dest) for a in options(build_parser())] + [
    (name, a.dest) for name, sp in subparsers(build_parser()).items() for a in options(sp)
]


def test_every_option_is_covered() -> None:
    """The cases are every option there is: the game's ten and each subcommand's own."""
    assert [d for c, d in CASES if c == ""] == [
        "top_variants",
        "top_variant",
        "top_seats",
        "top_seed",
        "top_target",
        "top_bot_delay",
        "top_trick_delay",
        "top_think",
        "top_ascii",
        "top_resume",
    ]
    assert sorted({c for c, _ in CASES if c}) == ["host", "join", "meld", "saves", "simulate", "stats", "variants"]
    assert [d for c, d in CASES if c == "simulate"] == [
        "variant",
        "variants",
        "seats",
        "hands",
        "games",
        "seed",
        "think",
        "nodes",
        "duplicate",
        "json",
    ]


@pytest.mark.parametrize(("command", "dest"), CASES, ids=[f"{c or 'game'}-{d}" for c, d in CASES])
def test_an_option_given_twice_is_refused(command: str, dest: str) -> None:
    parser = build_parser()
    owner = subparsers(parser)[command] if command else parser
    action = next(a for a in options(owner) if a.dest == dest)
    words, line = twice(action)
    argv = ([command] if command else []) + words
    with pytest.raises(UsageError) as err:
        build_parser().parse_args(argv)  # never runs the game: the refusal is in the parse
    prog = "pinochle" + (f" {command}" if command else "")
    assert str(err.value) == f"{prog}: {line}"


def test_the_same_value_twice_and_the_two_spellings_are_refused_too() -> None:
    for argv, line in [
        (["--seed", "1", "--seed", "1"], "pinochle: --seed is given twice ('1' and '1'); give it once"),
        (["--seed=1", "--seed", "2"], "pinochle: --seed is given twice ('1' and '2'); give it once"),
        (
            ["simulate", "--hands=3", "--hands", "4"],
            "pinochle simulate: --hands is given twice ('3' and '4'); give it once",
        ),
    ]:
        with pytest.raises(UsageError) as err:
            build_parser().parse_args(argv)
        assert str(err.value) == line


def test_once_each_is_still_fine() -> None:
    ns = build_parser().parse_args(["--seed", "1", "--seats", "human,easy,easy,easy", "--ascii"])
    assert (ns.seed, ns.seats, ns.ascii) == ("1", "human,easy,easy,easy", True)
    ns = build_parser().parse_args(["simulate", "--hands", "3", "--seed", "2"])
    assert (ns.hands, ns.seed) == (3, "2")
    # a second parse of the same parser starts afresh
    p = build_parser()
    assert p.parse_args(["--seed", "1"]).seed == "1"
    assert p.parse_args(["--seed", "2"]).seed == "2"


def test_the_command_says_it_in_one_line_with_exit_code_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    assert main(["stats", "--json", "--json"]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", "pinochle stats: --json is given twice; give it once\n")
    assert main(["meld", "AS TS KS QS JS", "--trump", "S", "--trump", "H"]) == 2
    assert capsys.readouterr().err == "pinochle meld: --trump is given twice ('S' and 'H'); give it once\n"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["host", "--web", "--no-web"], "pinochle host: --web and --no-web conflict; give one"),
        (["host", "--no-web", "--web"], "pinochle host: --no-web and --web conflict; give one"),
        (["host", "--web", "--web"], "pinochle host: --web is given twice; give it once"),
    ],
)
def test_an_option_and_its_no_form_conflict(capsys: pytest.CaptureFixture[str], argv: list[str], line: str) -> None:
    """``--web --no-web`` is two opposite wishes, not one option given twice."""
    assert main(argv) == 2
    assert capsys.readouterr() == ("", line + "\n")
