"""Compass names at any table and in hot-seat: a bot's compass name says where
it is drawn, seen from the seat at the bottom of the screen; with one human that seat
never changes, so the bots are named from it; in hot-seat it changes with the turn, so a
bot is named by its seat (``Bot 2``), the same name on the table, the log, the scores and
the result."""

from __future__ import annotations

import pytest

from pinochle_tui.controller import SEAT_NAMES, Seat, default_seats, seat_name_problem
from pinochle_tui.seating import PLACE_NAMES, compass_names, default_name, places_for


@pytest.mark.parametrize("n", sorted(SEAT_NAMES))
def test_with_one_human_every_bot_is_named_for_where_it_is_drawn(n: int) -> None:
    """Whichever seat the one human takes, the bot drawn across is North, on its left
    West (the compass seen from the bottom of the screen)."""
    assert compass_names(n) == SEAT_NAMES[n]
    for me in range(n):
        spec = ["standard"] * n
        spec[me] = "human"
        seats = default_seats(n, spec)
        assert seats[me].name == "You"
        assert {place: seats[s].name for place, s in places_for(n, me).items()} == {
            place: PLACE_NAMES[place] for place in places_for(n, me)
        }
        assert seat_name_problem(seats) is None


def test_in_hot_seat_a_bot_is_named_by_its_seat() -> None:
    seats = default_seats(6, ["human:Ann", "standard", "human:Bob", "standard", "human:Cy", "standard"])
    assert [s.name for s in seats] == ["Ann", "Bot 2", "Bob", "Bot 4", "Cy", "Bot 6"]
    assert [s.name for s in default_seats(4, ["human", "random", "human", "random"])] == [
        "Player 1",
        "Bot 2",
        "Player 2",
        "Bot 4",
    ]
    assert default_name(8, 7, (0, 4)) == "Bot 8"
    assert seat_name_problem(seats) is None
    # a name the user gives is kept, and one bot's own compass name still may be given
    assert [s.name for s in default_seats(4, ["human:Ann", "standard:Bo", "human:Bob", "standard"])][1] == "Bo"
    assert seat_name_problem([Seat("bot", "South", "easy"), Seat("human", "You"), *default_seats(4)[2:]]) is None


def test_seat_names_rejected():
    import pytest
    from tui_helpers import app_from_flags

    from pinochle_tui.cli import UsageError
    from pinochle_tui.controller import Seat, seat_name_problem

    assert seat_name_problem([Seat("human", "Ann"), Seat("bot", "Ann", "easy")] + [Seat("bot", "X", "easy")] * 0)
    assert seat_name_problem([Seat("human", "north"), Seat("bot", "West", "easy"), Seat("bot", "East", "easy")])
    assert seat_name_problem([Seat("human", "You"), Seat("bot", "West", "easy"), Seat("bot", "East", "easy")]) is None
    with pytest.raises(UsageError):
        app_from_flags(seats="human:East,random,random,random")
    with pytest.raises(UsageError):
        app_from_flags(seats="human:Bo,random:Bo,random,random")
