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
# positional filled (join: the host's address), so the word is one too many
NEEDS = {"meld": ["AS", "--trump", "S"], "join": ["localhost:8470"]}


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
        listed_subcommands() == list(SUBCOMMANDS) == ["meld", "variants", "simulate", "saves", "stats", "join", "host"]
    )


@pytest.mark.parametrize("command", SUBCOMMANDS)
@pytest.mark.parametrize("word", ["--bogus", "--bogus=3", "stray"])
def test_a_subcommands_unknown_word_is_refused_in_its_own_form(
    command: str, word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = refusal(capsys, [command, *NEEDS.get(command, []), word])
    assert (code, out) == (2, "")
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
        "pinochle saves does not take --seed; it is an option of the game, pinochle simulate and pinochle host\n",
    )


AMBIGUOUS_T = "pinochle: ambiguous option: --t could match --target, --trick-delay, --think"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["simulate", "--var", "x"], "pinochle simulate: ambiguous option: --var could match --variant, --variants"),
        (["stats", "--var", "x"], "pinochle stats: ambiguous option: --var could match --variant, --variants"),
        (["host", "--var", "x"], "pinochle host: ambiguous option: --var could match --variant, --variants"),
        (["saves", "--var", "x"], "pinochle saves: unrecognized arguments: --var x (see: pinochle saves --help)"),
        # the game's own, before any subcommand: the game's words, as before
        (["--t", "1"], AMBIGUOUS_T),
        (["--var", "x", "simulate"], "pinochle: ambiguous option: --var could match --variants, --variant"),
        (["--seed", "meld", "--t", "1"], AMBIGUOUS_T),  # ("meld" the seed, no subcommand)
        (["--se", "meld", "--t", "1"], "pinochle: ambiguous option: --se could match --seats, --seed"),
        (["--see", "meld", "--t", "1"], AMBIGUOUS_T),
    ],
)
def test_an_ambiguous_abbreviation_is_refused_by_the_command_it_was_given_to(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse read every word of the line against the game's options first, so an
    abbreviation after a subcommand that two of the game's options share was refused as
    the game's ("pinochle: ambiguous option: --var could match --variants, --variant"),
    though it was the subcommand's to read."""
    assert refusal(capsys, argv) == (2, "", line + "\n")


def test_an_abbreviation_the_subcommand_reads_as_one_option_is_taken() -> None:
    """``simulate --t 2``: ``--t`` is simulate's --think alone (the game's --target,
    --trick-delay and --think made it ambiguous, and it was refused)."""
    assert build_parser().parse_args(["simulate", "--t", "2"]).think == 2.0
    assert build_parser().parse_args(["host", "--tar", "500"]).target == 500
