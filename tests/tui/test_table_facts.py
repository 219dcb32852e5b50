"""Facts a rules-faithful table shows: the viewer's own
line counts its tricks like every seat box; the burier sees what it buried (and the kitty
it took) for the rest of the hand; once the hand is over the kitty and the buried cards
are turned up for everyone (the buried counters are counted for the bidder, §4.2).
Never before: a seat that may not see them (its `SeatView`) is shown none."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static
from tui_helpers import (
    SIZE,
    VARIANTS,
    app_for,
    preplay_any,
    settle,
    table,
    text_of,
)

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.panels.seats import bid_word
from pinochle_tui.render import card_text, plural
from pinochle_tui.screens.dialogs import HandResultScreen, TricksScreen, hidden_cards_text
from rules import Bid, PassBid, Phase


def _cards(cards: Any) -> str:
    return " ".join(card_text(x).plain for x in cards)


def _play(variant: str, human_bids: bool, want: Any, seeds: range = range(80)) -> Controller:
    """A controller (human at seat 0, random bots) played until ``want(ctrl)``; the human
    bids the lowest bid whenever it may (``human_bids``) or passes, and then takes the
    first legal choice."""
    v = VARIANTS[variant]
    for seed in seeds:
        c = Controller(v, default_seats(v.players, ["human"] + ["random"] * (v.players - 1)), seed=seed)
        while True:
            if want(c):
                return c
            r = c.round
            if r.phase is Phase.DONE:
                break
            legal = c.legal()
            if c.is_human(r.to_act):
                bids = [a for a in legal if isinstance(a, Bid)]
                if r.phase is Phase.AUCTION:
                    a = bids[0] if human_bids and bids else (PassBid() if PassBid() in legal else legal[0])
                else:
                    a = legal[0]
            else:
                a = c.choose(r, r.to_act, c.bot_for(r.to_act))[0]
            c.apply(a)
    raise AssertionError("never reached the wanted state")


async def test_the_viewers_own_line_counts_its_tricks():
    """Every seat box says "N tricks" once play starts; the viewer's line over its hand
    did not (a bidder playing its contract had no count of its own)."""
    c = _play(
        "partnership",
        True,
        lambda c: (
            c.round.phase is Phase.TRICKS
            and c.round.table.bidder == 0
            and len(c.round.tricks) >= 3
            and c.round.to_act == 0
        ),
    )
    c.meld_acked = True
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        view = t.the_view()
        assert view.bidder == 0
        ctx = t.context()
        won = view.won[0]
        dealer = " (D)" if view.dealer == 0 else ""
        assert text_of(t.query_one("#hand-title")) == (
            f"You{dealer} · {bid_word(ctx, 0)} · {plural(len(view.hand), 'card')}"
            f" · meld {c.variant.fmt(view.melds[0].total)} · {plural(won, 'trick')}  ▶ your turn"
        )
        assert won == sum(1 for _, _, w in c.round.tricks if w == 0)


def _kitty_hand(human_bids: bool, want: Any) -> Controller:
    return _play("partnership-kitty", human_bids, want)


async def test_the_burier_sees_the_kitty_it_took_and_what_it_buried_for_the_rest_of_the_hand():
    c = _kitty_hand(
        True,
        lambda c: (
            c.round.phase is Phase.TRICKS and c.round.table.bidder == 0 and c.round.tricks and c.round.to_act == 0
        ),
    )
    c.meld_acked = True
    tb = c.round.table
    assert tb.bidder == 0 and len(tb.kitty) == 4 and len(tb.buried) == 4
    v = c.variant
    pts = v.fmt(sum(v.card_points[x] for x in tb.buried))
    want = f"\nYou took the kitty: {_cards(tb.kitty)}\nYou buried: {_cards(tb.buried)}  ({pts} for you)\n"
    assert hidden_cards_text(c, 0).plain == want
    for other in (1, 2, 3, None):  # the others (and the table between hot-seat players) see none
        assert hidden_cards_text(c, other).plain == ""
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.my_turn()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TricksScreen)
        shown = str(app.screen.query_one(Static).content)
        assert want in shown


async def test_after_the_hand_the_kitty_and_the_burial_are_shown_to_everyone():
    """The log says "took the kitty: 4 cards"; the hand result names them once the hand is
    over, whoever bid (here a bot), and so does the tricks view then."""
    c = _kitty_hand(
        False, lambda c: c.round.phase is Phase.DONE and c.round.result.kind == "played" and c.round.table.bidder != 0
    )
    tb = c.round.table
    assert tb.bidder != 0
    v = c.variant
    who = c.seats[tb.bidder].name
    pts = v.fmt(sum(v.card_points[x] for x in tb.buried))
    want = f"\n{who} took the kitty: {_cards(tb.kitty)}\n{who} buried: {_cards(tb.buried)}  ({pts} for {who})\n"
    assert any(f"{who} won the auction" in str(e) and "and took the kitty: 4 cards" in str(e) for e in c.events)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        assert str(app.screen.query_one("#result-kitty", Static).content) == want
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TricksScreen)
        assert want in str(app.screen.query_one(Static).content)


async def test_no_kitty_no_line():
    c = _play("partnership", False, lambda c: c.round.phase is Phase.DONE)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        assert not app.screen.query("#result-kitty")


async def test_t_before_the_first_lead_shows_the_burier_its_burial():
    """Between the burial and the first lead no trick is played yet; `t` shows the
    burier the kitty it took and what it buried all the same."""
    c = _kitty_hand(True, lambda c: c.round.phase is Phase.MELD and c.round.table.bidder == 0)
    c.meld_acked = True
    tb = c.round.table
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.my_turn() and not c.round.tricks
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TricksScreen)
        shown = str(app.screen.query_one(Static).content)
        assert shown.startswith("Tricks this hand (0 of 11)")
        assert f"\nYou buried: {_cards(tb.buried)}  (" in shown


async def test_the_two_hand_results_have_no_kitty_line():
    """The two-hand flows have no kitty (the stock game's round has no table of one):
    their hand result shows, with no kitty line (it crashed the storm once)."""
    from tui_helpers import preplay

    for variant in ("two-hand", "two-hand-draft"):
        c = preplay(variant, "human,random", 1, lambda c: c.round.phase is Phase.DONE)
        assert hidden_cards_text(c).plain == "" and hidden_cards_text(c, 0).plain == ""
        app = app_for(c)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, HandResultScreen)
            assert not app.screen.query("#result-kitty")


async def test_exposed_widow_shown_when_a_bot_wins():
    from tui_helpers import app_for

    def bot_took_widow(c: Controller) -> bool:
        r = c.round
        return (
            r.phase in (Phase.MELD, Phase.TRICKS)
            and r.bidder is not None
            and not c.is_human(r.bidder)
            and not r.tricks
            and not r.trick
        )

    c = preplay_any("three-hand", "human,random,random", bot_took_widow)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        center = t.center_text(t.the_view(), 0, {})
        assert "Widow (taken by" in getattr(center, "plain", "")


async def test_a_stuck_dealers_box_says_stuck_not_won() -> None:
    """Cutthroat: both others passed and the dealer is stuck with the bid (§3.4); the seat's
    box said "won at 20" beside the log's "stuck with 20 (forced)"."""
    v = VARIANTS["cutthroat"]
    c = Controller(v, default_seats(3, ["human", "random", "random"]), seed=1, dealer=0)
    c.apply(PassBid())
    c.apply(PassBid())
    c.apply(Bid(v.stuck_bid))
    assert c.round.table.bidder == 0
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        ctx = table(app).context()
        assert bid_word(ctx, 0) == f"stuck at {v.fmt(v.stuck_bid)}"
        assert (bid_word(ctx, 1), bid_word(ctx, 2)) == ("passed", "passed")
