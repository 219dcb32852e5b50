"""`pinochle simulate`'s refusals all read in argparse's one form, "pinochle simulate:
--OPTION: what was wrong; what is allowed", one line and exit code 2, whether
argparse caught the value (``--think 0``) or simulate's own checks did (the variant, the
seats, the options that do not go together)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pinochle_tui.cli import main

LEVELS = "bot levels: random, easy, standard, expert"
FOUR = ["standard"] * 3


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--think", "0"], "--think: '0' is out of range; give 0.05 to 10 seconds, e.g. 0.5"),
        (["--hands", "0"], "--hands: '0' is out of range; give 1 to 10,000,000"),
        (["--variant", "nosuch"], "--variant: unknown variant 'nosuch'; choose one of: partnership, "),
        (["--seats", "standard,standard,standard"], "--seats: partnership has 4 seats, got 3; give 4, "),
        (["--seats", "genius," + ",".join(FOUR)], f"--seats: unknown bot level 'genius'; {LEVELS}"),
        (["--seats", "," + ",".join(FOUR)], f"--seats: seat 1 is empty; each seat is one of the {LEVELS}"),
        (
            ["--seats", "human," + ",".join(FOUR)],
            f"--seats: simulate seats bots only, 'human' cannot sit; each seat is one of the {LEVELS}",
        ),
        (["--games", "2", "--duplicate"], "--duplicate: not allowed with --games: "),
        (
            ["--variant", "partnership-five", "--duplicate", "--seats", "standard,easy,standard,easy,easy"],
            "--seats: --duplicate plays single deals of partnership-five, where no one sits out: "
            f"give 4 levels, one per seat of a deal, not 5; comma separated, each one of the {LEVELS}",
        ),
        (
            ["--variant", "three-hand-five", "--duplicate", "--seats", ""],
            "--seats: no seat given; --duplicate plays single deals of three-hand-five, where no one "
            f"sits out: give 3 (one per seat of a deal), comma separated, each one of the {LEVELS}",
        ),
    ],
)
def test_every_refusal_reads_as_argparse_words_its_own(capsys, argv: list[str], line: str) -> None:
    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("pinochle simulate: " + line) and err.count("\n") == 1


def test_a_global_option_is_refused_under_its_own_name(capsys) -> None:
    """``pinochle --variant X simulate``: the same line as ``simulate --variant X``."""
    assert main(["--variant", "nosuch", "simulate"]) == 2
    assert capsys.readouterr().err.startswith("pinochle simulate: --variant: unknown variant 'nosuch';")


def test_an_unreadable_variants_file_is_refused_under_variants(capsys, tmp_path: Path) -> None:
    missing = tmp_path / "none.toml"
    assert main(["simulate", "--variants", str(missing)]) == 2
    assert capsys.readouterr().err == f"pinochle simulate: --variants: {missing}: cannot read: " + (
        "No such file or directory\n"
    )


@pytest.mark.parametrize("seat", ["expert:Bo", "standard:Ann"])
def test_a_named_bot_is_told_that_simulate_takes_levels_without_names(capsys, seat: str) -> None:
    """The game's --seats takes LEVEL:NAME; simulate's takes the level alone, and says so
    rather than calling a level it knows unknown."""
    assert main(["simulate", "--seats", ",".join([seat, *FOUR])]) == 2
    assert capsys.readouterr().err == (
        f"pinochle simulate: --seats: {seat!r} names its bot, and simulate takes no names "
        f"(LEVEL:NAME is the game's); give the level alone, one of the {LEVELS}\n"
    )


GIVE_4 = f"give 4, comma separated, each one of the {LEVELS}"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--hands", "-1"], "--hands: '-1' is out of range; give 1 to 10,000,000"),
        (["--hands=-1"], "--hands: '-1' is out of range; give 1 to 10,000,000"),
        (
            ["--hands", "1.5"],
            "--hands: '1.5' is not a whole number in plain digits; give 1 to 10,000,000",
        ),
        (["--games", "-3"], "--games: '-3' is out of range; give 1 to 1,000,000"),
        (["--variant", ""], "--variant: an empty variant name (''); choose one of: partnership, "),
        (
            ["--variant", "Two-Hands"],
            "--variant: unknown variant 'Two-Hands' (did you mean two-hand?); choose one of: partnership, ",
        ),
        (
            ["--variant", "twohand"],
            "--variant: unknown variant 'twohand' (did you mean two-hand?); choose one of: partnership, ",
        ),
        (["--seats", ""], f"--seats: no seat given; partnership has 4 seats: {GIVE_4}"),
        (["--seats", " , ,"], f"--seats: no seat given; partnership has 4 seats: {GIVE_4}"),
        (["--seats", "standard"], f"--seats: partnership has 4 seats, got 1; {GIVE_4}"),
        (["--seats", ",".join(["standard"] * 5)], f"--seats: partnership has 4 seats, got 5; {GIVE_4}"),
        (
            ["--variant", "partnership-five", "--seats", ""],
            "--seats: no seat given; partnership-five has 5 seats: give 5 (one per person) or 4 (one per "
            f"seat of a deal), comma separated, each one of the {LEVELS}",
        ),
        (["--think", "-1"], "--think: '-1' is out of range; give 0.05 to 10 seconds, e.g. 0.5"),
        (
            ["--think", "nan"],
            "--think: 'nan' is not a number in plain decimal digits; give 0.05 to 10 seconds, e.g. 0.5",
        ),
        (
            ["--think", "abc"],
            "--think: 'abc' is not a number in plain decimal digits; give 0.05 to 10 seconds, e.g. 0.5",
        ),
        (["--nodes", "0"], "--nodes: '0' is out of range; give 1 to 10,000,000"),
        (["--nodes", "-5"], "--nodes: '-5' is out of range; give 1 to 10,000,000"),
        (
            ["--nodes", "abc"],
            "--nodes: 'abc' is not a whole number in plain digits; give 1 to 10,000,000",
        ),
        (["--hands"], "--hands: needs a value (see: pinochle simulate --help)"),
    ],
)
def test_a_users_bad_values_are_each_one_line(capsys, argv: list[str], line: str) -> None:
    """What a user may well type wrong, each refused in one line that names the option,
    what was wrong and what is allowed; exit code 2, nothing run.  No seat at all (``--seats
    ""``) is said so, with the seats wanted (it read "seat 1 is empty")."""
    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("pinochle simulate: " + line) and err.count("\n") == 1
    if not line.endswith(" "):  # (the presets' list left out above)
        assert err == f"pinochle simulate: {line}\n"


def test_levels_are_read_in_any_case_as_the_game_reads_them(capsys) -> None:
    """``--seats Standard,EASY,...`` is the game's seats' spelling too: read in any case,
    named lower case in the figures."""
    argv = ["simulate", "--seats", "Standard,EASY,random,Random", "--hands", "1", "--seed", "1", "--json"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out)["seats"] == ["standard", "easy", "random", "random"]
