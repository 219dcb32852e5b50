"""`pinochle simulate`'s per-level bidder row in words: "1 contract" (it said "1 contracts")
and the meld the pass brought the bidder (it said an unexplained "pass gain")."""

from __future__ import annotations

import json

import pytest

from pinochle_tui.cli import main


def _row(text: str, name: str) -> str:
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("│").split("│")]
        if line.startswith("│") and cells[0] == name:
            return cells[1]
    raise AssertionError(f"no row {name!r} in\n{text}")


def test_one_contract_is_one_and_the_pass_is_said_in_words(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["simulate", "--variant", "partnership", "--seats", "standard,random,random,random", "--hands", "1"]
    assert main([*argv, "--seed", "1"]) == 0
    row = _row(capsys.readouterr().out, "random as bidder")
    assert row == "1 contract, made 0.0%, bid 3000, meld gained in the pass 0"
    assert "pass gain" not in row


def test_the_meld_gained_in_the_pass_reads_right_when_it_is_a_loss() -> None:
    """A negative mean gain (the bidder passed meld away) says so; a positive one has its
    sign."""
    from pinochle_tui.simulate import pass_meld_words
    from rules import load_variants

    v = load_variants()["partnership"]
    assert pass_meld_words(v, -40) == "meld gained in the pass -40 (meld passed away)"
    assert pass_meld_words(v, 120) == "meld gained in the pass +120"
    assert pass_meld_words(v, 0) == "meld gained in the pass 0"


WHY = "a board is one deal played once per seating of the sides"


@pytest.mark.parametrize(
    ("variant", "hands", "line", "played", "per_board"),
    [
        ("partnership", "5", f"--hands 5 at partnership duplicate: 2 boards of 2 deals each (4 hands); {WHY}", 4, 2),
        ("partnership", "1", f"--hands 1 at partnership duplicate: 1 board of 2 deals (2 hands); {WHY}", 2, 2),
        ("three-hand", "1", f"--hands 1 at three-hand duplicate: 1 board of 3 deals (3 hands); {WHY}", 3, 3),
    ],
)
def test_duplicate_says_how_it_rounded_the_hands_to_boards(
    capsys: pytest.CaptureFixture[str], monkeypatch, variant, hands, line, played, per_board
) -> None:
    """--duplicate plays whole boards: hands that are not a whole number of them are
    rounded, and the run says so above its figures (and in --json)."""
    monkeypatch.setenv("COLUMNS", "200")
    seats = ",".join(["random"] * (4 if variant == "partnership" else 3))
    argv = ["simulate", "--variant", variant, "--seats", seats]
    argv += ["--hands", hands, "--duplicate", "--seed", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1] == line
    assert main([*argv, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert (d["hands"], d["hands_asked"], d["deals_per_board"]) == (played, int(hands), per_board)


@pytest.mark.parametrize(
    ("variant", "seats", "line"),
    [
        (
            "partnership",
            "random,random,random,random",
            "a board is the same deal played 2 times, the sides' seats swapped, so each side holds the same cards",
        ),
        (
            "three-hand",
            "random,random,random",
            "a board is the same deal played 3 times, the seats rotated, so each side holds the same cards",
        ),
    ],
)
def test_duplicate_says_what_a_board_is(
    capsys: pytest.CaptureFixture[str], monkeypatch, variant: str, seats: str, line: str
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["simulate", "--variant", variant, "--seats", seats, "--hands", "6", "--duplicate", "--seed", "1"]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[1] == line


def test_the_help_of_seed_says_its_default(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert "--seed SEED seed (any text) for repeatable deals and bots, default 0: a run without --seed deals" in words


def test_duplicate_says_nothing_when_the_hands_are_whole_boards(
    capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["simulate", "--seats", "random,random,random,random", "--hands", "4", "--duplicate", "--seed", "1"]
    assert main(argv) == 0
    assert "duplicate:" not in capsys.readouterr().out
    assert main(["simulate", "--hands", "2", "--seed", "1", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert (d["hands_asked"], d["deals_per_board"]) == (2, None)


def test_fewer_than_two_samples_give_no_interval(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    """One board has no spread to make a 95% interval from: it printed "0 [95% CI 0 … 0]"
    and JSON "ci95": [6.0, 6.0] as if it were sure.  Fewer than two boards (or hands, for
    the figures per hand) say "n/a", and JSON null."""
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["simulate", "--seats", "standard,random,standard,random", "--seed", "1", "--duplicate", "--hands"]
    assert main([*argv, "3"]) == 0
    text = capsys.readouterr().out
    assert _row(text, "boards") == "1"
    assert _row(text, "points per board, standard (N/S) − random (E/W)").endswith("[95% CI n/a]")
    assert main([*argv, "3", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["boards"] == 1 and d["ci95"] is None and d["points_per_board"] is not None
    assert (
        main(["simulate", "--seats", "standard,random,standard,random", "--seed", "1", "--hands", "1", "--json"]) == 0
    )
    d = json.loads(capsys.readouterr().out)
    assert d["diff_per_hand_ci95"] is None and d["points_per_hand_ci95"] == [None, None]
    assert main(["simulate", "--seats", "standard,random,standard,random", "--seed", "1", "--hands", "1"]) == 0
    assert _row(capsys.readouterr().out, "points per hand, South & North (standard, standard)").endswith("[95% CI n/a]")
    # two boards make an interval again
    assert main([*argv, "4", "--json"]) == 0
    lo, hi = json.loads(capsys.readouterr().out)["ci95"]
    assert lo <= hi
