"""`pinochle meld` on the big tables: the JSON names the scale its numbers are in, and a
hand of more cards than the variant's hand can hold is refused in one line."""

from __future__ import annotations

import json

import pytest

from pinochle_tui.cli import main

RUN = "AS TS KS QS JS"
CARDS_23 = "AS TS KS QS JS AH TH KH QH JH AD TD KD QD JD AC TC KC QC JC AS TS KS"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize(
    ("variant", "game_scale", "divisor", "shown"),
    [
        ("partnership", "x10", 1, "150"),
        ("three-hand", "x1", 10, "15"),
        ("double-deck", "x1", 10, "15"),
        ("five-hand", "x1", 10, "15"),
        ("six-hand", "x1", 10, "15"),
        ("eight-hand", "x10", 1, "150"),
    ],
)
def test_meld_json_says_the_scale_of_its_numbers(capsys, variant, game_scale, divisor, shown) -> None:
    rc, out, err = run(capsys, "meld", RUN, "--trump", "S", "--variant", variant, "--json")
    assert rc == 0 and err == ""
    data = json.loads(out)
    assert "scale" not in data  # the old key said "x1" over x10 points
    assert (data["points_scale"], data["game_scale"], data["game_divisor"]) == ("x10", game_scale, divisor)
    assert data["total"] == 150 and data["melds"][0]["points"] == 150
    assert data["total_display"] == shown == str(data["total"] // divisor)


@pytest.mark.parametrize(
    ("variant", "cards", "message"),
    [
        ("six-hand", 23, "23 cards, but one hand of six-hand holds at most 20 (20 dealt)"),
        ("eight-hand", 17, "17 cards, but one hand of eight-hand holds at most 12 (12 dealt)"),
        ("three-hand", 19, "19 cards, but one hand of three-hand holds at most 18 (15 dealt + the 3-card kitty)"),
        ("partnership", 13, "13 cards, but one hand of partnership holds at most 12 (12 dealt)"),
    ],
)
def test_meld_refuses_more_cards_than_a_hand_holds(capsys, variant, cards, message) -> None:
    hand = CARDS_23[: 3 * cards - 1]  # the first `cards` of them
    assert len(hand.split()) == cards
    rc, out, err = run(capsys, "meld", hand, "--trump", "S", "--variant", variant)
    assert rc == 2 and out == ""
    assert err == f"pinochle meld: {message}; give one hand (fewer cards score a partial hand)\n"


@pytest.mark.parametrize(
    ("variant", "hand", "total"),
    [
        # the full 18 of three-hand (15 dealt + the widow): run 150, dix 10, marriages 20 + 20, pinochle 40
        ("three-hand", "AS TS KS QS JS 9S AH TH KH QH JH 9H AD TD KD QD JD 9D", 240),
        # the full 20 of six-hand: run, three marriages, four arounds, pinochle
        ("six-hand", "AS TS KS QS JS AH TH KH QH JH AD TD KD QD JD AC TC KC QC JC", 530),
        ("partnership", "KS QS", 40),  # a partial hand: a royal marriage
    ],
)
def test_meld_takes_a_full_or_partial_hand(capsys, variant, hand, total) -> None:
    rc, out, err = run(capsys, "meld", hand, "--trump", "S", "--variant", variant, "--json")
    assert rc == 0 and err == ""
    assert json.loads(out)["total"] == total


def test_meld_help_says_the_hand_limit_and_the_scale(capsys) -> None:
    try:
        rc = main(["meld", "--help"])
    except SystemExit as exc:
        rc = int(exc.code or 0)
    out = " ".join(capsys.readouterr().out.split())
    assert rc == 0
    assert "fewer cards score as a partial hand" in out
    assert "every points figure is in the x10 scale (points_scale)" in out


def test_a_widow_handed_out_adds_one_card_to_a_hand(capsys) -> None:
    """`partnership-widow` (§2.4 (c)): 11 dealt and one widow card, 12 at most."""
    twelve = "AS AH AD AC KS QS JD QS 9S TS JS KS"
    rc, out, _err = run(capsys, "meld", twelve, "--trump", "S", "--variant", "partnership-widow")
    assert rc == 0 and out.splitlines()[-1].split() == ["total", "340"]
    rc, _out, err = run(capsys, "meld", twelve + " JH", "--trump", "S", "--variant", "partnership-widow")
    assert rc == 2
    assert err.strip() == (
        "pinochle meld: 13 cards, but one hand of partnership-widow holds at most 12 (11 dealt + one kitty "
        "card); give one hand (fewer cards score a partial hand)"
    )
