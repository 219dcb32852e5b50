"""`pinochle meld` and `pinochle variants` for the big tables: a 20-card
six-hand hand and a 12-card eight-hand hand scored with their decompositions, the
copies and nines each pack has, in one line and exit code 2."""

from __future__ import annotations

import pytest

from pinochle_tui.cli import main

FIVE_ACES = "AS AS AS AS AS AH AH AH AH AH AD AD AD AD AD AC AC AC AC AC"


def test_six_hand_meld_of_twenty_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "--variant", "six-hand", FIVE_ACES, "--trump", "S"]) == 0
    assert capsys.readouterr().out == (
        "Trump spades (S), variant six-hand:\n"
        "  triple aces       AS AS AS AH AH AH AD AD AD AC AC AC   150\n"
        "  double aces       AS AS AH AH AD AD AC AC               100\n"
        "  total                                                   250\n"
    )


def test_eight_hand_meld_of_twelve_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "--variant", "eight-hand", "AS AS AS AH AH AH AD AD AD AC AC AC", "--trump", "D"]) == 0
    assert capsys.readouterr().out == (
        "Trump diamonds (D), variant eight-hand:\n"
        "  double aces       AS AS AH AH AD AD AC AC         1000\n"
        "  aces around       AS AH AD AC                      100\n"
        "  total                                             1100\n"
    )


@pytest.mark.parametrize(
    ("variant", "cards", "err"),
    [
        ("six-hand", "AS " * 7, "AS appears 7 times, but the triple deck (120 cards) has only 6 of each card"),
        ("six-hand", "9H", "9H: the triple deck has no nines"),
        (
            "eight-hand",
            "9H " * 5,
            "9H appears 5 times, but the double deck with nines (96 cards) has only 4 of each card",
        ),
        ("double-deck", "9H", "9H: the double deck has no nines"),
    ],
)
def test_meld_refuses_what_the_pack_does_not_hold(
    capsys: pytest.CaptureFixture[str], variant: str, cards: str, err: str
) -> None:
    assert main(["meld", "--variant", variant, cards, "--trump", "S"]) == 2
    assert capsys.readouterr().err == f"pinochle meld: {err}\n"


def test_variants_lists_the_big_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out.splitlines()
    six = next(line for line in out if line.startswith("six-hand "))
    eight = next(line for line in out if line.startswith("eight-hand "))
    assert six.split(None, 1)[1] == (
        "6 players in two teams of three, seats alternating, 120 cards (three packs, no 9s), 20 each, "
        "min bid 75 in 5s, to 500 (x1 scale)"
    )
    assert eight.split(None, 1)[1].startswith("8 players in four teams of two, partners opposite, 96 cards")
