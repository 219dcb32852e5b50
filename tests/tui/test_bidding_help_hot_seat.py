"""The bidding help in the centre of a hot-seat table at 80x24: the people's names in its
words ("it would pass: Grandpa holds 250, ...") never run it past the centre's rows or
width, deal after deal (a line cut mid-sentence under a scroll bar tells a learner nothing)."""

from __future__ import annotations

import pytest
from tui_helpers import VARIANTS, policy_action, settle, table

from bots.standard import StandardBot
from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.panels.auction import bot_advice
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.dialogs import HandOffScreen
from rules import Bid, PassBid, Phase, load_variants_text

# a house game with a pass of three (RULES.md §4.1), made as a --variants file makes it
PASS_3 = load_variants_text('[pass-3]\nextends = "partnership"\npass_count = 3\n', base=VARIANTS)["pass-3"]
SEATS = ["human:Grandpa", "human:Mia", "human:Leo", "standard"]
NAMES = ("Grandpa", "Mia", "Leo", "Bot 4")


def at_leos_bid(seed: int) -> Controller | None:
    """The first hand of ``seed`` at Leo's first bid, Grandpa having bid the minimum where he
    could and Mia passed; None where the auction ends first."""
    c = Controller(PASS_3, default_seats(4, SEATS), seed=seed)
    while c.round.phase is Phase.AUCTION:
        if c.to_act == 2:
            return c
        bids = [a for a in c.legal() if isinstance(a, Bid)]
        if c.to_act == 0 and bids:
            c.apply(min(bids, key=lambda a: a.amount))
        elif c.to_act == 1:
            c.apply(PassBid())
        else:
            c.apply(policy_action(c))
    return None


def test_the_partners_rule_drops_the_holders_name_where_it_would_take_a_fourth_line() -> None:
    """Grandpa (Leo's partner) holds 250, Mia passed, and the standard bot would outbid its
    partner only with 40 to spare: in the 22 cells of an 80-column centre, the rule without
    the holder, whom the centre's high-bid line names."""
    c = at_leos_bid(22)
    assert c is not None and c.view(2).bids == ((0, 250), (1, 0))
    advice, _ = bot_advice(c.view(2), StandardBot(), NAMES, c.legal(), 23)
    assert advice.plain.splitlines()[-3:] == ["it would pass: it", "outbids a partner only", "with 40 to spare"]
    wide, _ = bot_advice(c.view(2), StandardBot(), NAMES, c.legal(), 60)
    said = ["it would pass: Grandpa holds 250; it outbids a partner only", "with 40 to spare"]
    assert wide.plain.splitlines()[-2:] == said


DEALS = [s for s in range(20, 60) if at_leos_bid(s) is not None][:16]


@pytest.mark.parametrize("seed", DEALS)
async def test_no_line_of_the_centre_is_cut_at_80x24(seed: int) -> None:
    """At Leo's bid, deal after deal: every line of the centre within its width and its
    rows (no scroll bar: the last line, what the standard bot would do, stays in sight)."""
    c = at_leos_bid(seed)
    app = PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")
        await settle(pilot)
        t = table(app)
        centre = t.query_one("#center")
        lines = str(t.query_one("#panel-auction")._shown).strip("\n").splitlines()
        assert lines[1] == "Leo to bid."
        assert any(line.startswith("it ") for line in lines)  # what the standard bot would do
        assert max(len(line.strip()) for line in lines) <= centre.content_size.width == 23
        assert centre.virtual_size.height <= centre.size.height == 10
