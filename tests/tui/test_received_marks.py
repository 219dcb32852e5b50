"""The cards a seat received in the pass stay marked (+) until it plays its first card:
the bidder's partner, handed cards back, sees its hand first after the lead."""

from __future__ import annotations

from collections import Counter

from tui_helpers import VARIANTS

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.table.news import _new_cards
from rules import CARDS, Phase


def test_the_bidders_partner_sees_the_cards_passed_back_marked_after_the_lead() -> None:
    for seed in range(40):
        c = Controller(VARIANTS["partnership"], default_seats(4, ["standard"] * 4), seed=seed)
        while not (c.round.phase is Phase.TRICKS and c.round.trick):
            c.apply(c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0])
        bidder = c.round.table.bidder
        partner = (bidder + 2) % 4
        led_by = c.view(partner).trick[0][0]
        if led_by == partner:
            continue
        view = c.view(partner)
        assert view.received  # the bidder's cards passed back
        got = Counter(int(x) for x in view.received) & Counter(int(x) for x in view.hand)
        assert got
        assert _new_cards(c, view, partner) == tuple(sorted(CARDS[x] for x in got.elements()))
        c.apply(c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0])
        while c.round.to_act != partner:
            c.apply(c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0])
        c.apply(c.choose(c.round, partner, c.bot_for(partner))[0])  # its first card: the marks go
        assert _new_cards(c, c.view(partner), partner) == ()
        return
    raise AssertionError("no seed where another seat leads")
