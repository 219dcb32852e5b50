"""A long seat name in the scores panel: only that name is cut (ending in '…'), and only as
far as the row needs; the other sides' labels stay whole.  One long name turned every team
label into short forms ('You & N', 'Avlnt & E')."""

from __future__ import annotations

from tui_helpers import VARIANTS

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.panels.seats import fit_rows, scores_text
from pinochle_tui.table.build import seat_facts

LONG = "A very long name tha"  # 20 characters: the most a seat's name holds


def _scores(variant: str, seats: list[str], width: int) -> list[str]:
    v = VARIANTS[variant]
    c = Controller(v, default_seats(v.people, seats), seed=3)
    ctx = seat_facts(c, 0)._replace(places={}, my_turn=False)
    return scores_text(ctx, width).plain.splitlines()


def test_one_long_name_is_cut_and_the_other_side_stays_whole() -> None:
    seats = ["human", f"standard:{LONG}", "standard", "standard"]
    assert _scores("partnership", seats, 25) == [
        "Scores · game to 1500",
        "You & North           0",
        "A very long n… & East 0",
    ]
    assert _scores("partnership", seats, 30) == [
        "Scores · game to 1500",
        "You & North                0",
        "A very long name t… & East 0",
    ]
    assert _scores("partnership", seats, 40)[1:] == [
        "You & North                          0",
        "A very long name tha & East          0",
    ]


def test_each_for_self_a_long_name_fits_whole() -> None:
    assert _scores("three-hand-turn-up", ["human", f"standard:{LONG}", "standard"], 25) == [
        "Scores · game to 1000",
        "You                   0",
        "A very long name tha  0",
        "East                  0",
    ]


def test_a_given_name_is_cut_never_made_initials() -> None:
    """A name the player gave has no short form: 'Mary Ann Smith' is cut ('Mary An…'),
    not 'MAS'; the default names (compass, 'Bot 4', 'Player 2') keep theirs."""
    assert fit_rows([["Mary Ann Smith", "East"], ["You", "North"]], [15, 15], " & ") == [
        ["Mary An…", "East"],
        ["You", "North"],
    ]
    # the default names take short forms only where cutting the given names to six cells
    # is not enough, and then in every row
    assert fit_rows([["Mary Ann Smith", "Player 2"], ["Bot 3", "Bot 4"]], [12, 12]) == [
        ["Mary Ann…", "P2"],
        ["B3", "B4"],
    ]
    assert fit_rows([["Mary Ann Smith", "Player 2"], ["Bot 3", "Bot 4"]], [15, 15]) == [
        ["Mary…", "Player 2"],
        ["Bot 3", "Bot 4"],
    ]


def test_two_names_cut_alike_are_told_apart() -> None:
    """The second cut as the first reads ends in its place's number instead of '…'."""
    assert fit_rows([["Christopher", "Christine"]], [13]) == [["Chris…", "Chris2"]]
