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
