"""The throw-in (RULES.md §8.3) when the contract cannot be made even by taking every
trick: the hint for "Play the hand" / "Throw it in" and the table's prompt say so, in the
review's words ("the contract of 30 is out of reach: you could reach 28 at most, taking
every trick"); within reach both are as they were."""

from __future__ import annotations

from typing import Any

from test_hot_seat_prompts import prompt_of
from textual.widgets import Static
from tui_helpers import SIZE, VARIANTS, app_for, hint_box, policy_action, settle

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.panels.base import PROMPT_ROOM
from pinochle_tui.screens.dialogs import HintScreen
from pinochle_tui.screens.table import TableScreen
from rules import Bid, Concede, PassBid, Phase, PlayOn

# three-hand: 240 in counters, all in play or buried for the bidder, 10 for the last trick
ALL_TRICKS = 240 + 10


def _throw_in(c: Any) -> bool:
    """The human bidder at the throw-in, the meld shown."""
    r = c.round
    return r.phase is Phase.MELD and r.to_act == 0 and r.table.melds is not None and PlayOn() in c.legal()


def _at_throw_in(out_of_reach: bool) -> tuple[Any, int]:
    """A three-hand controller at the human's throw-in, the human having bid the lowest bid
    up to 350 and then passed, the standard bot in the other seats; its contract out of reach or not,
    and the most its bidder could reach (meld + every counter + the last trick)."""
    v = VARIANTS["three-hand"]
    for seed in range(60):
        c = Controller(v, default_seats(v.players, ["human", "standard", "standard"]), seed=seed)
        while c.round.phase is not Phase.DONE and not _throw_in(c):
            r = c.round
            if r.phase is Phase.AUCTION and r.to_act == 0:
                bids = [a for a in c.legal() if isinstance(a, Bid)]
                c.apply(bids[0] if bids and bids[0].amount <= 350 else PassBid())
            else:
                c.apply(policy_action(c))
        if not _throw_in(c):
            continue
        t = c.round.table
        most = t.melds[0].total + ALL_TRICKS
        if (most < t.high_bid) == out_of_reach:
            return c, most
    raise AssertionError("no seed reaches the wanted throw-in")


def test_the_prompt_says_the_contract_is_out_of_reach_within_the_row() -> None:
    c, most = _at_throw_in(True)
    v = c.variant
    want = (
        f"Contract {v.fmt(c.round.table.high_bid)} is out of reach: you could reach {v.fmt(most)} at most."
        " Play or throw in?"
    )
    assert prompt_of(c) == want and len(want) <= PROMPT_ROOM


def test_the_prompt_within_reach_is_as_it_was() -> None:
    c, _most = _at_throw_in(False)
    v = c.variant
    meld = v.fmt(c.round.table.melds[0].total)
    want = f"Your contract {v.fmt(c.round.table.high_bid)}, your meld {meld}: play the hand, or throw it in?"
    assert prompt_of(c) == want


async def test_the_hint_at_the_throw_in_gives_the_reason_out_of_reach() -> None:
    c, most = _at_throw_in(True)
    v = c.variant
    said = await hint_box(c)
    reason = (
        f" · the contract of {v.fmt(c.round.table.high_bid)} is out of reach:"
        f" you could reach {v.fmt(most)} at most, taking every trick"
    )
    first = said.split("\n")[2]
    assert first.startswith(("play the hand", "throw in the hand")) and first.endswith(reason), said


async def test_the_hint_for_each_choice_within_reach_says_no_reason() -> None:
    c, _most = _at_throw_in(False)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = app.screen
        assert isinstance(t, TableScreen)
        for action in (PlayOn(), Concede()):
            _who, words, _noted = t._hint_words(action, t.the_view())
            assert "out of reach" not in words
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        assert "out of reach" not in str(app.screen.query_one("#hint-text", Static).content)
