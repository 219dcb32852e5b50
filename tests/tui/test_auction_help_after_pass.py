"""The bidding help goes once the viewer has passed."""

from __future__ import annotations

from tui_helpers import VARIANTS

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.table.build import seat_facts
from pinochle_tui.table.facts import SeatFacts


def _ctx(c: Controller, viewer: int = 0) -> SeatFacts:
    return seat_facts(c, viewer)._replace(places={}, my_turn=False)


def test_the_bidding_help_goes_once_the_viewer_has_passed() -> None:
    """Five-hand, after the viewer passed: 'Worth about ... it bids to 26: pass' does not
    stay in the centre for the rest of the auction."""
    from pinochle_tui.panels.auction import AuctionPanel
    from rules import PassBid, Phase

    c = Controller(VARIANTS["five-hand"], default_seats(5, ["human"] + ["standard"] * 4), seed=2)
    while c.round.to_act != 0:
        c.apply(c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0])
    c.apply(PassBid())
    assert c.round.phase is Phase.AUCTION and c.round.to_act != 0
    text = AuctionPanel().body(_ctx(c)).plain
    assert "meld by trump" not in text and "your meld" not in text and "a bot" not in text
    assert text.splitlines()[-1].endswith("to bid.")
