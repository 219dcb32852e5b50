"""A bid with no suit fit for trump (RULES.md §3.6: five-hand's trump must hold a marriage,
§0.4 item 11) and no widow or pass to bring one is sure to be set: the bidding help says so,
and the bid is asked about first, as a jump bid is (`ConfirmScreen`)."""

from __future__ import annotations

from textual.widgets import Static
from tui_helpers import at_my_bid, make_app, settle

from pinochle_tui.screens.dialogs import ConfirmScreen
from rules import Bid
from rules.auction_round import trump_out_of_reach

FIVE = "human,random,random,random,random"


async def test_a_bid_with_no_marriage_at_five_hand_asks_first_and_the_help_says_why() -> None:
    """Five-hand, seed 0: the person bids first and holds no marriage (A♠ 10♠ 10♠ K♠ K♠
    J♠ 10♥ J♥ J♥ J♥ A♦ Q♦ Q♦ J♦ J♦ J♣).  The rules let it bid; won, the trump prompt said
    "You won at 35. You hold no marriage: any trump sets you" — too late."""
    app = make_app("five-hand", FIVE, seed=0)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await at_my_bid(pilot, app)
        c = t.ctrl
        assert trump_out_of_reach(t.the_view().hand, c.variant)
        shown = [line.strip() for line in str(t.query_one("#panel-auction")._shown).splitlines()]
        assert shown[-2:] == ["you hold no marriage:", "a bid would be set"]
        n = len(c.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        text = str(app.screen.query_one("#confirm-text", Static).content)
        assert text == "Bid 35?\n\nYou hold no marriage: you could not name a trump and would be set. Bid anyway?"
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is t and len(c.actions) == n
        assert str(t.message) == "Not done: choose again."
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert c.actions[n] == Bid(350)


async def test_a_bid_with_a_marriage_goes_at_once() -> None:
    """Five-hand, seed 1: a hand with a marriage bids the lowest bid with no question."""
    app = make_app("five-hand", FIVE, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await at_my_bid(pilot, app)
        c = t.ctrl
        assert not trump_out_of_reach(t.the_view().hand, c.variant)
        n = len(c.actions)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmScreen)
        assert c.actions[n] == Bid(c.variant.next_bid_after(t.ctrl.states[n].table.high_bid or None))
