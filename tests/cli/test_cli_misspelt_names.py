"""A name misspelt on the command line (a variant, a seat's kind, a bot's level) is refused
with the name it is near, "(did you mean two-hand?)", by every command that reads one, in the
one form `spelling.did_you_mean` words: ``pinochle stats --variant twohand`` said only that
'twohand' was neither a preset nor a recorded game's variant, ``pinochle simulate --seats
standrd,...`` only that 'standrd' was no bot level, and ``pinochle host --seats
human,remot,...`` that the table had no remote seat."""

from __future__ import annotations

from pathlib import Path

import pytest

import bots
from pinochle_tui.cli import main
from rules import load_variants

PRESETS = ", ".join(load_variants())
LEVELS = ", ".join(bots.LEVELS)
GAME_KINDS = f"human, human:NAME, {LEVELS} (bot levels; LEVEL:NAME names a bot)"
HOST_KINDS = f"human[:NAME], remote[:NAME], {LEVELS} (bot levels; LEVEL:NAME names a bot)"
GUESS = "(did you mean two-hand?)"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["stats", "--variant", "twohand"],
            f"pinochle stats: --variant: 'twohand' {GUESS} is neither a preset (see: pinochle variants) nor the "
            "variant of a recorded game; the variants with games: none yet",
        ),
        (
            ["stats", "--variant", "nosuch"],
            "pinochle stats: --variant: 'nosuch' is neither a preset (see: pinochle variants) nor the "
            "variant of a recorded game; the variants with games: none yet",
        ),
        (["--variant", "twohand"], f"pinochle: --variant: unknown variant 'twohand' {GUESS}; choose one of: {PRESETS}"),
        (
            ["simulate", "--variant", "twohand"],
            f"pinochle simulate: --variant: unknown variant 'twohand' {GUESS}; choose one of: {PRESETS}",
        ),
        (
            ["meld", "AS", "--trump", "S", "--variant", "Two Hand"],
            f"pinochle meld: --variant: unknown variant 'Two Hand' {GUESS}; choose one of: {PRESETS}",
        ),
        (
            ["--seats", "human,standrd,standard,standard"],
            f"pinochle: --seats: unknown seat 'standrd' (did you mean standard?); each seat is one of: {GAME_KINDS}",
        ),
        (
            ["simulate", "--seats", "standrd,standard,standard,standard"],
            f"pinochle simulate: --seats: unknown bot level 'standrd' (did you mean standard?); bot levels: {LEVELS}",
        ),
        (
            ["simulate", "--seats", "genius,standard,standard,standard"],
            f"pinochle simulate: --seats: unknown bot level 'genius'; bot levels: {LEVELS}",
        ),
        (
            ["host", "--seats", "human,remote,standrd,standard"],
            f"pinochle host: --seats: unknown seat 'standrd' (did you mean standard?); each seat is one of: "
            f"{HOST_KINDS}",
        ),
        (
            ["host", "--seats", "human,Remot:Bob,standard,standard"],
            f"pinochle host: --seats: unknown seat 'Remot' (did you mean remote?); each seat is one of: {HOST_KINDS}",
        ),
    ],
)
def test_a_misspelt_name_is_refused_with_the_one_it_is_near(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    assert main(argv) == 2
    assert capsys.readouterr() == ("", line + "\n")


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["--seats", "human,remote"],
            "pinochle: --seats: 'remote': remote seats are for pinochle host --seats human,remote (friends join "
            f"from their own terminals); here each seat is one of: {GAME_KINDS}",
        ),
        (
            ["--variant", "two-hand", "--seats", "human,Remot:Bob"],
            "pinochle: --seats: 'Remot' (did you mean remote?): remote seats are for pinochle host --variant "
            f"two-hand --seats human,remote:Bob (friends join from their own terminals); here each seat is one of: "
            f"{GAME_KINDS}",
        ),
        (
            ["--seats", "human:Ann Lee,remote,standard,standard"],
            "pinochle: --seats: 'remote': remote seats are for pinochle host --seats "
            "'human:Ann Lee,remote,standard,standard' (friends join from their own terminals); here each seat is "
            f"one of: {GAME_KINDS}",
        ),
    ],
)
def test_a_remote_seat_given_to_the_game_is_sent_to_pinochle_host(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat for a friend at another terminal is `pinochle host`'s: the game's refusal says
    so, with the command to run (it said "unknown seat 'remote'", as if there were none)."""
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    assert main(argv) == 2
    assert capsys.readouterr() == ("", line + "\n")
