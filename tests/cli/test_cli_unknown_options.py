"""A word no command takes (``pinochle simulate --bogus``) is refused in the form of the
command it was given to, as that command's other refusals are: "pinochle simulate:
unrecognized arguments: --bogus (see: pinochle simulate --help)", one line, exit code 2,
before anything runs.  Each subcommand's stray words were reported as the game's
("pinochle: unrecognized arguments: --bogus"), which named the wrong command."""

from __future__ import annotations

import argparse

import pytest

from pinochle_tui.cli import SUBCOMMANDS, build_parser, main

# what each command needs before a stray word: its required arguments (meld), its one
# positional filled (join: the host's address, help: the command), so the word is one too many
NEEDS = {"meld": ["AS", "--trump", "S"], "join": ["localhost:8470"], "help": ["meld"]}


def listed_subcommands() -> list[str]:
    """The subcommands ``pinochle --help`` lists."""
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


def refusal(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_cases_cover_every_subcommand_help_lists() -> None:
    assert (
        listed_subcommands()
        == list(SUBCOMMANDS)
        == ["meld", "variants", "simulate", "saves", "stats", "join", "host", "help"]
    )


@pytest.mark.parametrize("command", SUBCOMMANDS)
@pytest.mark.parametrize("word", ["--bogus", "--bogus=3", "stray"])
def test_a_subcommands_unknown_word_is_refused_in_its_own_form(
    command: str, word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = refusal(capsys, [command, *NEEDS.get(command, []), word])
    assert (code, out) == (2, "")
    if command == "meld" and word == "stray":  # a word after meld's options is one more card
        assert err.startswith("pinochle meld: bad card 'stray': a card is a rank")
        return
    assert err == f"pinochle {command}: unrecognized arguments: {word} (see: pinochle {command} --help)\n"


def test_simulate_names_every_unknown_word_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert refusal(capsys, ["simulate", "--hands", "2", "--bogus", "x", "--also"]) == (
        2,
        "",
        "pinochle simulate: unrecognized arguments: --bogus x --also (see: pinochle simulate --help)\n",
    )


@pytest.mark.parametrize(
    "argv", [["--bogus"], ["--bogus", "simulate"], ["--seed", "1", "--bogus=2"], ["--bogus", "simulate", "--also"]]
)
def test_the_games_own_unknown_option_is_refused_in_the_games_form(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Given before any subcommand, the word is the game's own (``pinochle --bogus
    simulate``): refused as the game's, first (the leftmost wrong word is named)."""
    assert refusal(capsys, argv) == (
        2,
        "",
        f"pinochle: unrecognized arguments: {argv[[a.startswith('--bogus') for a in argv].index(True)]}"
        " (see: pinochle --help)\n",
    )


def test_a_global_option_after_a_subcommand_that_does_not_take_it_keeps_its_own_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The game's option after a subcommand without it is still told by name, not as unknown."""
    assert refusal(capsys, ["saves", "--seed", "1"]) == (
        2,
        "",
        "pinochle saves: does not take --seed; it is an option of the game, pinochle simulate and pinochle host\n",
    )


def all_parsers() -> dict[str, argparse.ArgumentParser]:
    """The game's parser ("") and every subcommand's, by name."""
    top = build_parser()
    sub = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    return {"": top, **sub.choices}


def test_no_parser_reads_an_abbreviation() -> None:
    """argparse's ``allow_abbrev`` is off in the game's parser and in every subcommand's."""
    assert {name: p.allow_abbrev for name, p in all_parsers().items()} == {name: False for name in ["", *SUBCOMMANDS]}


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        # the start of one option only, which argparse took for it
        (
            ["simulate", "--hand", "3"],
            "pinochle simulate: unrecognized arguments: --hand 3"
            " (did you mean --hands?) (see: pinochle simulate --help)",
        ),
        # the start of one option's name: named (difflib's ratio alone found --duplicate too far from --dup)
        (
            ["simulate", "--t", "2"],
            "pinochle simulate: unrecognized arguments: --t 2 (did you mean --think?) (see: pinochle simulate --help)",
        ),
        (
            ["simulate", "--hands=3", "--dup"],
            "pinochle simulate: unrecognized arguments: --dup (did you mean --duplicate?) "
            "(see: pinochle simulate --help)",
        ),
        (
            ["--dup"],
            "pinochle: unrecognized arguments: --dup (did you mean --duplicate, an option of pinochle simulate?) "
            "(see: pinochle --help)",
        ),
        (
            ["host", "--seats", "human,remote,standard,standard", "--res"],
            "pinochle host: unrecognized arguments: --res (did you mean --resume?) (see: pinochle host --help)",
        ),
        (
            ["host", "--tar", "500"],
            "pinochle host: unrecognized arguments: --tar 500 (did you mean --target?) (see: pinochle host --help)",
        ),
        (
            ["stats", "--js"],
            "pinochle stats: unrecognized arguments: --js (did you mean --json?) (see: pinochle stats --help)",
        ),
        (
            ["variants", "--che", "f.toml"],
            "pinochle variants: unrecognized arguments: --che f.toml"
            " (did you mean --check?) (see: pinochle variants --help)",
        ),
        (
            ["meld", "AS", "--trump", "S", "--js"],
            "pinochle meld: unrecognized arguments: --js (did you mean --json?) (see: pinochle meld --help)",
        ),
        (
            ["meld", "AS", "--tr", "S"],
            "pinochle meld: unrecognized arguments: --tr S (did you mean --trump?) (see: pinochle meld --help)",
        ),
        (
            ["join", "--co", "X"],
            "pinochle join: unrecognized arguments: --co (did you mean --code?) (see: pinochle join --help)",
        ),
        # the start of two: no longer "ambiguous", simply not an option
        (
            ["simulate", "--var", "x"],
            "pinochle simulate: unrecognized arguments: --var x"
            " (did you mean --variant?) (see: pinochle simulate --help)",
        ),
        (["saves", "--var", "x"], "pinochle saves: unrecognized arguments: --var x (see: pinochle saves --help)"),
        # the game's own, before any subcommand: the word itself named, not the value after it
        # taken for a subcommand ("argument command: invalid choice: '3'")
        (
            ["--hand", "3"],
            "pinochle: unrecognized arguments: --hand (did you mean --hands, an option of pinochle simulate?) "
            "(see: pinochle --help)",
        ),
        (["--sed", "44"], "pinochle: unrecognized arguments: --sed (did you mean --seed?) (see: pinochle --help)"),
        (
            ["--seat", "human,easy,easy,easy"],
            "pinochle: unrecognized arguments: --seat (did you mean --seats?) (see: pinochle --help)",
        ),
        (["--see=1"], "pinochle: unrecognized arguments: --see=1 (did you mean --seed?) (see: pinochle --help)"),
        (["--t", "1"], "pinochle: unrecognized arguments: --t (see: pinochle --help)"),
        (
            ["--var", "x", "simulate"],
            "pinochle: unrecognized arguments: --var (did you mean --variant?) (see: pinochle --help)",
        ),
        (["--seed", "meld", "--t", "1"], "pinochle: unrecognized arguments: --t (see: pinochle --help)"),
        (
            ["--se", "meld", "--t", "1"],
            "pinochle: unrecognized arguments: --se (did you mean --seed?) (see: pinochle --help)",
        ),
    ],
)
def test_an_abbreviation_is_refused_not_guessed(argv: list[str], line: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A typo is an error, not a guess: ``--hand 3`` is no longer read as ``--hands 3``
    (argparse's default took any unambiguous start of an option's name)."""
    assert refusal(capsys, argv) == (2, "", line + "\n")


def test_the_full_names_are_still_taken() -> None:
    assert build_parser().parse_args(["simulate", "--think", "2"]).think == 2.0
    assert build_parser().parse_args(["host", "--target", "500"]).target == "500"
    assert build_parser().parse_args(["--seed", "meld", "--think", "1"]).seed == "meld"


COMMANDS = "commands: meld, variants, simulate, saves, stats, join, host, help"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        # a misspelt subcommand: the nearest one offered, and all of them named
        (["simulat"], f"pinochle: unknown command 'simulat' (did you mean simulate?) ({COMMANDS})"),
        (
            ["--seed", "1", "simualte", "--hands", "2"],
            f"pinochle: unknown command 'simualte' (did you mean simulate?) ({COMMANDS})",
        ),
        (["varients"], f"pinochle: unknown command 'varients' (did you mean variants?) ({COMMANDS})"),
        (["xyzzy"], f"pinochle: unknown command 'xyzzy' ({COMMANDS})"),
        # a misspelt option: the nearest of that command's own options offered
        (
            ["simulate", "--hand", "3"],
            "pinochle simulate: unrecognized arguments: --hand 3"
            " (did you mean --hands?) (see: pinochle simulate --help)",
        ),
        (
            ["simulate", "--sed", "4"],
            "pinochle simulate: unrecognized arguments: --sed 4 (did you mean --seed?) (see: pinochle simulate --help)",
        ),
        (["--sed", "4"], "pinochle: unrecognized arguments: --sed (did you mean --seed?) (see: pinochle --help)"),
        (["--bogus"], "pinochle: unrecognized arguments: --bogus (see: pinochle --help)"),
        # a subcommand's option given to the game: said whose it is, as a global option given
        # to a subcommand without it is
        (["--hands", "3"], "pinochle: the game does not take --hands; it is an option of pinochle simulate"),
        (["--duplicate"], "pinochle: the game does not take --duplicate; it is an option of pinochle simulate"),
        (
            ["--json"],
            "pinochle: the game does not take --json; it is an option of pinochle meld, pinochle variants, "
            "pinochle simulate and pinochle stats",
        ),
        (["--code=X"], "pinochle: the game does not take --code; it is an option of pinochle join"),
    ],
)
def test_a_misspelt_word_is_told_the_nearest_right_one(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refusal(capsys, argv) == (2, "", line + "\n")
