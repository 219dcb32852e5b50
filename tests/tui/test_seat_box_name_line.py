"""A seat box's name at the big tables keeps to one line."""

from __future__ import annotations

from tui_helpers import VARIANTS

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.table.build import seat_facts
from pinochle_tui.table.facts import SeatFacts

LONG = "human:Maximiliana-Habsburg,standard,human:BartholomewFeathers,standard,standard,standard,standard,standard"


def _eight(seats: str = LONG) -> Controller:
    return Controller(VARIANTS["eight-hand"], default_seats(8, seats.split(",")), seed=3)


def _ctx(c: Controller, viewer: int = 0) -> SeatFacts:
    return seat_facts(c, viewer)._replace(places={}, my_turn=False)


def test_a_seat_boxs_name_keeps_to_one_line() -> None:
    """Never 'BartholomewFe' / 'athers' in the narrow West box, and 'Bartholomew /
    Feathers' pushing '12 cards' onto the bottom border: the name is cut with '…' to the
    box's width (room kept for the turn's mark) and the rows stay inside the box."""
    from pinochle_tui.panels.seats import ring_seat

    for name in ("BartholomewFeathers", "Bartholomew Feathers"):
        c = _eight(LONG.replace("BartholomewFeathers", name))
        title, subtitle, text = ring_seat(_ctx(c), 2, 11, 3)
        assert (title, subtitle, text.plain) == ("team C", "", "Bartholo…\n—\n12 cards")
        title, subtitle, text = ring_seat(_ctx(c), 2, 13, 3)
        assert (title, subtitle, text.plain) == ("team C", "", "Bartholome…\n—\n12 cards")


def test_three_hand_turn_up_side_boxes_keep_each_figure_on_one_line() -> None:
    """The stock table for three (§0.4 item 22): the side boxes are narrow (13 cells
    inside), so meld and tricks stand on lines of their own (they read "meld 10 · 1" over
    "trick"); the two-hand box across the top keeps them on one line."""
    from pinochle_tui.panels.seats import seat_text

    c = Controller(VARIANTS["three-hand-turn-up"], default_seats(3, ["human", "easy", "easy"]), seed=3)
    ctx = seat_facts(c, 0)
    for place in ("left", "right"):
        lines = seat_text(ctx, ctx.places[place]).plain.splitlines()
        assert lines[1:] == ["12 in hand", "meld 0", "0 tricks"]
        assert max(map(len, lines)) <= 13
    c = Controller(VARIANTS["two-hand"], default_seats(2, ["human", "easy"]), seed=3)
    ctx = seat_facts(c, 0)
    assert seat_text(ctx, ctx.places["top"]).plain.splitlines()[1:] == ["12 in hand", "meld 0 · 0 tricks"]


def test_north_is_called_partner_only_where_a_person_sits_at_the_bottom() -> None:
    """North's name line said "North partner" in a game of four bots, watched: a partner
    of nobody at the table. It says so where a person sits at South, and only at North."""
    from pinochle_tui.panels.seats import seat_text

    for seats, marked in (("standard,standard,standard,standard", False), ("human,standard,standard,standard", True)):
        c = Controller(VARIANTS["partnership"], default_seats(4, seats.split(",")), seed=3)
        ctx = _ctx(c)
        assert (" partner" in seat_text(ctx, 2).plain.splitlines()[0]) is marked, seats
        assert " partner" not in seat_text(ctx, 1).plain + seat_text(ctx, 3).plain
