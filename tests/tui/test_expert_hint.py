"""The hint explains: with an expert at the table the hint (``i``) is the
expert's, and for a card it says why in numbers, over the deals its search sampled; with
no expert seated it stays the standard bot's."""

from __future__ import annotations

import random
import re
import sys
import threading
import time
from typing import Any

import pytest
from textual.widgets import Static
from tui_helpers import SIZE, VARIANTS, app_for, at_my_pass, hint_box, preplay, settle

from bots.expert import ExpertBot
from bots.standard import StandardBot
from pinochle_tui.controller import Controller, Seat, default_seats
from pinochle_tui.render import Style, bid_odds_words, mean_points
from pinochle_tui.screens.dialogs import HintScreen
from pinochle_tui.screens.table import TableScreen
from rules import Phase


def _at_my_card(seats: str):
    return preplay(
        "partnership",
        seats,
        4,
        lambda c: (
            c.round.phase is Phase.TRICKS
            and c.round.to_act == 0
            and not c.needs_meld_ack
            and len(c.legal()) >= 3
            and len(c.round.hands[0]) > 2
        ),
    )


async def test_with_an_expert_seated_the_hint_says_why_then_the_figures() -> None:
    """The expert's card hint says the choice and why in a learner's words first (how sure
    the search is of it against the others, in the review's words, and what it does to the
    trick), each fact once, then one line of the figures behind it: it read as statistics,
    "A♠ scores 14 more than K♠ ..." and then "K♠ scores 14 less over the hand", with "one
    standard error of the gap"."""
    ctrl = _at_my_card("human,standard,standard,standard")
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")
    ctrl._hint = ExpertBot(think=None, nodes=3000)  # a node budget: the same search every time
    # what the expert's search of this decision says, asked as the hint asks it
    again = ExpertBot(think=None, nodes=3000)
    card, _ = ctrl.choose(ctrl.round, 0, again, tag="helper")
    assert again.last is not None and again.last.deals > 1
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn()
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        said = str(app.screen.query_one("#hint-text", Static).content)
        an, me = again.last, (lambda a: Style.card(a.card))
        why = an.advice(card, me, ctrl.variant.fmt, side=True)  # (partners: the trick is the side's)
        figures = an.figures(card, me, ctrl.variant.fmt, "your side's points less the others'", side=True)
        assert said == f"Hint (expert bot)\n\nplay {me(card)} · {why}\n{figures}"
        assert figures.startswith(f"Figures, {an.deals} deals, your side's points less the others' on average: ")
        assert f"; your side's trick lost in the search's play-outs: {me(card)}" in figures
        assert str(t.message) == f"Hint (expert bot): play {Style.card(card.card)}"  # one line at 80 columns
        assert "standard error" not in said and " more than " not in said
        # kept for the review: a card played as the hint said is reported by this search
        kept = ctrl.hints[len(ctrl.actions)]
        assert len(ctrl.hints) == 1 and kept[:3] == (ctrl.round, card, again.last.deals)
        assert kept[3] is not None and kept[3].deals == again.last.deals  # the hint's own search of the card


async def test_with_no_expert_seated_the_hint_is_the_standard_bots() -> None:
    ctrl = _at_my_card("human,standard,standard,standard")
    assert (await hint_box(ctrl)).startswith("Hint (standard bot)\n\nplay ")
    assert ctrl.hint_bot() is ctrl.helper()


async def test_the_worker_pool_starts_inside_the_running_app() -> None:
    """Under Textual ``sys.stderr`` is a capture with no file descriptor, which starting a
    process handed on ('bad value(s) in fds_to_keep'): no pool in the app, and every expert
    card fell back to the standard bot's.  Started from the app, the pool comes up (in a
    thread of its own, no decision waiting for it) and the search runs on it."""
    import asyncio
    import time

    from bots.search import pool as search_pool

    ctrl = _at_my_card("human,standard,standard,standard")
    search_pool.shutdown_pool()
    search_pool._RETRY_AT = 0.0
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not hasattr(sys.stderr, "buffer")  # Textual's capture, not a file
        t0 = time.monotonic()
        search_pool.ready_pool()  # starting (or, on a loaded machine, up already): nobody waits
        assert time.monotonic() - t0 < 0.5
        while search_pool.ready_pool() is None and time.monotonic() - t0 < 60:
            await asyncio.sleep(0.05)
        assert search_pool.ready_pool() is not None
        from rules import observe

        an = ExpertBot(think=0.3).analyse(observe(ctrl.round, 0), ctrl.legal(), random.Random(1))
        assert an.workers == search_pool.cores() and an.deals >= 1


def at_a_bid_the_help_makes() -> Any:
    """Partnership, seed 0: the human (seat 0) to bid where the bidding help (the standard
    bot) would bid, not pass."""
    from rules import Bid

    return preplay(
        "partnership",
        "human,standard,standard,standard",
        0,
        lambda c: (
            c.round.phase is Phase.AUCTION
            and c.round.to_act == 0
            and isinstance(c.choose(c.round, 0, c.helper(), tag="helper")[0], Bid)
        ),
    )


async def test_a_bid_hint_gives_the_chance_of_making_it() -> None:
    from rules import Bid

    ctrl = at_a_bid_the_help_makes()
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")
    hint = ExpertBot(think=None, nodes=8000)
    hint.explain_bids = True
    ctrl._hint = hint
    again = ExpertBot(think=None, nodes=8000)
    again.explain_bids = True
    bid, _ = ctrl.choose(ctrl.round, 0, again, tag="helper")
    assert isinstance(bid, Bid) and again.last_bid is not None and again.last_bid.deals == 8
    limit = again.decisions.last_limit  # the simulated bid's limit: what decided it
    assert limit is not None and limit.limit >= bid.amount
    text = f"bid {ctrl.variant.fmt(bid.amount)} · {bid_odds_words(again.last_bid, bid, ctrl.variant, limit)}"
    assert await hint_box(ctrl) == f"Hint (expert bot)\n\n{text}"
    # kept for the review: a pass made against this hint is reviewed by these numbers
    assert ctrl.hints[len(ctrl.actions)][1:] == (bid, again.last_bid.deals, None, again.last_bid)
    # the advice, the limit that decided it and the trial's verdict in words first, then one
    # line of the figures behind them, each sum as printed: in tenths of a point, as whole points
    # (359 + 8 = 367, 367 + 33 = 400) would name a bid the limit, 399.8, is under: 358.5 + 8.2 =
    # 366.7, 366.7 + 33.1 = 399.8, and 76% of 43.5 is 33.06 (it read "32 is 76% of 402 less 359
    # ..., rounded down: the limit is 399.7", a sum that did not add up)
    assert text == (
        "bid 270 · the expert bids up to 390: its own limit, 399.8, is the standard bot's 366.7 plus 33.1 from its"
        " own deals; a trial with the standard bot in every seat agrees\nFigures: 366.7 is 358.5 (the help's ≈ 400"
        " in ♥ less its margin) +8.2 for your partner's bid; 33.1 is 76% of 402 less 358.5 (your side reaches 402 in"
        " 60% of its own deals); 8 trial deals (too few to be sure of): auction won in 88%, contract made in 86% of"
        " those"
    )
    # in the hint's box (74 cells, its text 70 wide): 7 lines, where it was 10
    import textwrap

    assert sum(len(textwrap.wrap(line, 70)) for line in text.split("\n")) == 7
    ctrl._hint = None
    made = ctrl.hint_bot()
    assert made.explain_bids is True and made.think == 1.0  # the game's --think: the default


async def test_a_pass_hint_gives_the_chance_of_the_lowest_bid_it_passes_up() -> None:
    """A pass hint said only "pass" (why not bid?): it gives the lowest
    bid's chance of taking and making the contract, over the same kind of deals."""
    from rules import Bid, PassBid

    ctrl = preplay(
        "partnership",
        "human,standard,standard,standard",
        0,
        lambda c: c.round.phase is Phase.AUCTION and c.round.to_act == 0 and PassBid() in c.legal(),
    )
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")

    class Passes(ExpertBot):  # the expert's choice made a pass, the hint's search as ever
        def _act(self, view, legal, rng):  # type: ignore[no-untyped-def]
            return PassBid()

    hint, again = Passes(think=None, nodes=8000), Passes(think=None, nodes=8000)
    hint.explain_bids = again.explain_bids = True
    ctrl._hint = hint
    lowest = next(a for a in ctrl.legal() if isinstance(a, Bid))
    assert ctrl.choose(ctrl.round, 0, again, tag="helper")[0] == PassBid()
    odds = again.last_bid
    assert odds is not None and odds.bid == lowest and odds.deals == 8
    said = await hint_box(ctrl)
    bid = ctrl.variant.fmt(lowest.amount)
    assert said.startswith("Hint (expert bot)\n\npass (")
    # (its pass made here, not by the simulation: no limit to say)
    assert again.decisions.last_limit is None
    # no words of its own to say (the move the bot's, not its limit's): the figures line alone
    figures = bid_odds_words(odds, PassBid(), ctrl.variant)
    assert said == f"Hint (expert bot)\n\npass (p passes; Enter would bid){figures}"
    whose = "your side's points less the others'"
    assert f"\nFigures, 8 trial deals (too few to be sure of), {whose} on average: bidding {bid} " in said


def test_a_bid_hint_says_the_mean_of_bidding_and_of_passing() -> None:
    """ "pass · bidding 250, you would win the auction in 70% ... make the contract in 94%" argued against
    the pass: the hint says what decided, the expert's own limit (`limit_words`), first,
    with the advice ("the expert bids up to 260: its own limit, 262, is ..."), and whether
    the trial agrees and, where it does not, why it does not decide (it plays the hand by
    the standard bot in every seat; a pass goes by a cautious limit, not the average); the
    figures behind both, in the words' order, on one line of their own: a bid hint of nine
    lines read as statistics."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from pinochle_tui.render import bid_odds_words
    from rules import Bid, PassBid

    v = VARIANTS["partnership"]
    odds = BidOdds(Bid(250), 23, 16, 15, -12.0, 5.0, 3.0)
    means = (
        "Figures, 23 trial deals, your side's points less the others' on average: bidding 250 -12 (± 6), passing +5;"
        " auction won in 70%, contract made in 94% of those"
    )
    limit = BidLimit(230.0, 250.0, 290.0, 0.6, 0.8, 262.0, 304.0)
    # the means favour the pass: the advice and what decided it first, then the trial and
    # why it does not decide
    assert bid_odds_words(odds, Bid(250), v, limit) == (
        "the expert bids up to 260: its own limit, 262, is the standard bot's 230 plus 32 from its own deals; a trial"
        " with the standard bot in every seat favours passing, but that bot plays worse than the expert\nFigures: 230"
        " is 250 (≈ 300 less its margin) -20 for the bids and the score; 32 is 80% of 290 less 250 (your side reaches"
        " 290 in 60% of its own deals); 23 trial deals, your side's points less the others' on average: bidding 250"
        " -12 (± 6), passing +5"
    )
    # the bid left to the standard bot (no limit): its own note says why, the figures alone here
    assert bid_odds_words(odds, Bid(250), v) == bid_odds_words(odds, PassBid(), v) == "\n" + means
    # a pass a rule about the partner makes: that rule, not the limit's figures, even where
    # bidding shows the better mean (a double pinochle, partner holding the contract),
    # said first, then that the means lean the other way; the expert's own limit, which
    # would bid, said once
    better = BidOdds(Bid(300), 66, 66, 66, 489.0, 388.0, 14.0)
    high = BidLimit(480.0, 490.0, 560.0, 0.6, 0.8, 536.0, 540.0)
    rule = "North holds 290; it outbids a partner only with 40 to spare"
    trial = (
        "Figures, 66 trial deals, your side's points less the others' on average: bidding 300 +489 (± 28), passing"
        " +388; auction won in 100%, contract made in 100% of those"
    )
    assert bid_odds_words(better, PassBid(), v, high, rule) == (
        "it passes by the partner rule: North holds 290; it outbids a partner only with 40 to spare (the expert's own"
        " limit, 530, would bid); the means of this bid tried alone favour bidding 300; the expert does not go by"
        f" them\n{trial}"
    )
    # (noisy where the gap is within the margin shown: 101 within ± 120)
    noisy = BidOdds(Bid(300), 66, 66, 66, 489.0, 388.0, 60.0)
    assert bid_odds_words(noisy, PassBid(), v, high, rule).startswith(
        "it passes by the partner rule: North holds 290; it outbids a partner only with 40 to spare (the expert's own"
        " limit, 530, would bid); the means of this bid tried alone favour bidding 300; the expert does not go by"
        " them (noisy over 66 deals)\nFigures, 66 trial deals, your side's points less the others' on average:"
        " bidding 300 +489 (± 120)"
    )
    # the means favouring the pass: the rule alone
    worse = BidOdds(Bid(300), 66, 66, 30, 300.0, 388.0, 14.0)
    assert bid_odds_words(worse, PassBid(), v, high, rule).startswith(
        "the expert's own limit is 530, but it passes by the partner rule: North holds 290; it outbids a partner only"
        " with 40 to spare\nFigures, 66 trial deals"
    )
    # the limit under the bid passes by itself, whatever the partner: the limit said, and
    # why it passes against the higher mean (a cautious level, not the average)
    short = BidLimit(280.0, 280.0, 290.0, 0.6, 0.8, 288.0, 326.0)
    assert bid_odds_words(better, PassBid(), v, short, rule) == (
        "the expert passes: its own limit, 288, is under the next bid, 300; it is the standard bot's 280 plus 8 from"
        " its own deals; a trial with the standard bot in every seat favours bidding 300, but the expert bids by a"
        " cautious limit, not the average\nFigures: 280 is ≈ 330 less its margin; 8 is 80% of 290 less 280 (your"
        f" side reaches 290 in 60% of its own deals); {trial[len('Figures, ') : trial.index('; auction')]}"
    )
    # a limit that does not make the decision by itself (a pass with the limit over the
    # bid, as summed partner bids may): no words that would argue against it, the figures alone
    assert bid_odds_words(better, PassBid(), v, high) == "\n" + trial
    # each for self: no sides; a gap within the margin shown, over few deals: said so
    alone = BidOdds(Bid(250), 18, 9, 5, 87.0, 148.0, 48.0)
    mine = BidLimit(250.0, 250.0, 290.0, 0.6, 0.8, 282.0, 286.0)
    assert bid_odds_words(alone, Bid(250), VARIANTS["three-hand"], mine) == (
        "the expert bids up to 28: its own limit, 28, is the standard bot's 25 plus 3 from its own deals; a trial with"
        " the standard bot in every seat favours passing (by too little for its deals to tell apart), but that bot"
        " plays worse than the"
        " expert\nFigures: 25 is ≈ 29 less its margin; 3 is 80% of 29 less 25 (you reach 29 in 60% of its own"
        " deals); 18 trial deals (too few to be sure of), your points less the others' on average: bidding 25 +9 (±"
        " 10), passing +15"
    )
    bare = BidOdds(Bid(250), 23, 16, 15)  # no means (an older search): the chances alone
    assert (
        bid_odds_words(bare, PassBid(), v)
        == "\nFigures, 23 trial deals: auction won in 70%, contract made in 94% of those"
    )


def test_a_limit_over_what_its_deals_reach_says_what_takes_it_there() -> None:
    """Partnership: South 270, North 280, East 290; at 300 the hint said "its side reaches
    290 in 60% of its own deals ... the expert bids up to 300: so it bids 300", then "the
    means of this bid tried alone favour passing ... make the contract in 28%": advice
    past its own figures, twice contradicted.  The hint says what takes the limit past the
    total its deals reach (the standard bot's move for the partner's bid, which its deals
    do not count), and why the trial that favours passing does not decide: it plays the
    hand by the standard bot in every seat, worse than the expert."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from rules import Bid

    v = VARIANTS["partnership"]
    partner = (("for your partner's bid", 22.0),)
    limit = BidLimit(275.0, 253.0, 290.0, 0.6, 0.8, 304.6, 310.0, trump=1, moves=partner, shown=(1, 310.0))
    odds = BidOdds(Bid(300), 31, 28, 8, -171.0, 41.0, 56.5)
    assert bid_odds_words(odds, Bid(300), v, limit) == (
        "the expert bids up to 300: its own limit, 305, is the standard bot's 275 plus 30 from its own deals; the +22"
        " for your partner's bid takes it past 290; a trial with the standard bot in every seat favours passing, but"
        " that bot plays worse than the expert\nFigures: 275 is 253 (the help's ≈ 310 in ♥ less its margin) +22 for"
        " your partner's bid; 30 is 80% of 290 less 253 (your side reaches 290 in 60% of its own deals); 31 trial"
        " deals, your side's points less the others' on average: bidding 300 -171 (± 113), passing +41"
    )
    # within what its deals reach, nothing to say of it
    within = BidLimit(275.0, 253.0, 400.0, 0.6, 0.8, 392.6, 310.0, trump=1, moves=partner, shown=(1, 310.0))
    assert "takes it past" not in bid_odds_words(odds, Bid(300), v, within)


def test_a_limit_that_moved_since_the_last_hint_says_why() -> None:
    """The expert's limit said 370, then 360 a bid later, with nothing of why: where the
    seat's last hint in this auction named another highest bid, the hint says the figures
    of that one that differ and what moves them (the partner's calls move the standard
    bot's limit, the deals are new at every hint); the same highest bid, or no earlier
    hint, nothing."""
    from bots.expert_bidding import BidLimit
    from pinochle_tui.render import limit_moved

    v = VARIANTS["partnership"]
    now = BidLimit(253.0, 263.0, 292.0, 0.6, 0.76, 275.0, 320.0)
    then = BidLimit(263.0, 263.0, 300.0, 0.6, 0.8, 292.6, 320.0)
    assert limit_moved(then, now, v) == (
        " (290 at your last hint, when the standard bot's limit was 263, your side reached 300 and 80% of the gap"
        " was added: your partner has called since and each hint plays new deals)"
    )
    assert limit_moved(None, now, v) == ""
    assert limit_moved(now, now, v) == ""  # the same highest bid: nothing moved to say
    # the deals alone (each for self: "you reached"); the partner's calls alone
    deals = BidLimit(253.0, 263.0, 310.0, 0.6, 0.76, 288.7, 320.0)
    assert limit_moved(deals, now, VARIANTS["cutthroat"]) == (
        " (28 at your last hint, when you reached 31: each hint plays new deals)"
    )
    called = BidLimit(263.0, 263.0, 292.0, 0.6, 0.76, 285.0, 320.0)
    assert limit_moved(called, now, v) == (
        " (280 at your last hint, when the standard bot's limit was 263: your partner has called since)"
    )
    # a hold by the pass that came or went (its figures are said where it holds now)
    held = BidLimit(253.0, 263.0, 292.0, 0.6, 0.76, 253.0, 320.0, -40.0, 10.0)
    assert limit_moved(now, held, v) == " (270 at your last hint, when it was not held)"
    assert limit_moved(held, now, v) == " (250 at your last hint, when it was held to the standard bot's limit)"
    # a limit now under every bid: the note all the same, after the next bid it is under
    # (the words before it end with a limit, so the earlier figure is said as a bid)
    from bots.expert import BidOdds
    from rules import Bid, PassBid

    before = BidLimit(263.0, 260.0, 300.0, 0.6, 0.8, 295.0, 320.0)
    under = BidLimit(250.0, 260.0, 230.0, 0.6, 0.5, 235.0, 295.0)
    odds = BidOdds(Bid(280), 8, 3, 1, -40.0, -10.0, 50.0)
    assert bid_odds_words(odds, PassBid(), v, under, before=before).startswith(
        "the expert passes: its own limit, 235, is under the next bid, 280 (the expert bid up to 290 at your last"
        " hint, when the standard bot's limit was 263, your side reached 300 and 80% of the gap was added: your partner"
        " has called since and each hint plays new deals); it is the standard bot's 250 less 15 from its own deals; a"
        " trial with the standard bot in every seat agrees\nFigures: 250 is 260 (≈ 300 less its margin) -10 for the"
        " bids and the score; 15 is 50% of 260 less 230 (your side reaches 230 in 60% of its own deals); 8 trial"
        " deals (too few to be sure of): auction won in 38%, contract made in 33% of those"
    )


async def test_the_second_hint_of_an_auction_says_why_its_limit_moved() -> None:
    """Partnership, seed 9: the expert's hint bids 250 by its limit of 290; North (the
    partner) passes; at the next bid its limit is 270, and the hint says why: the
    standard bot's limit was 263 before the partner's pass, and the deals are new."""
    ctrl = preplay(
        "partnership",
        "human,standard,standard,standard",
        9,
        lambda c: c.round.phase is Phase.AUCTION and c.round.to_act == 0,
    )
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")  # (the hint is the expert's)
    ctrl._bots[1] = StandardBot()  # (the seat plays as the standard bot: no second of thought a call)
    hint = ExpertBot(think=None, nodes=8000)
    hint.explain_bids = True
    ctrl._hint = hint
    said = []
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(2):
            calls = len(ctrl.view(0).bids)
            await pilot.press("i")
            await settle(pilot)
            assert isinstance(app.screen, HintScreen)
            said.append(str(app.screen.query_one("#hint-text", Static).content))
            await pilot.press("a")  # (closes the box and bids as it said)
            await settle(pilot)
            assert len(ctrl.view(0).bids) > calls
    assert ctrl.view(0).bids[:5] == ((0, 250), (1, 260), (2, 0), (3, 0), (0, 270))
    assert said[0] == (
        "Hint (expert bot)\n\nbid 250 · the expert bids up to 290: its own limit, 293, is the standard bot's 263 plus"
        " 30 from its own deals; a trial with the standard bot in every seat favours passing (by too little for its"
        " deals to tell apart), but"
        " that bot plays worse than the expert\nFigures: 263 is ≈ 320 in ♣ less its margin, where the help shows ♦ ≈"
        " 330; 30 is 80% of 300 less 263 (your side reaches 300 in 60% of its own deals); 8 trial deals (too few to be"
        " sure of), your side's points less the others' on average: bidding 250 -16 (± 281), passing +1"
    ), said[0]
    assert said[1].startswith(
        "Hint (expert bot)\n\nbid 270 · the bidding help is the standard bot's cautious estimate, which passes here;"
        " this hint is the expert's · the expert bids up to 270 (290 at your last hint, when the standard bot's"
        " limit was 263, your side reached 300 and 80% of the gap was added: your partner has called since and each"
        " hint plays new deals): its own limit, 275, is the standard bot's 253 plus 22 from its own deals; a trial"
        " with the standard bot in every seat favours passing (by too little for its deals to tell apart), but that"
        " bot plays worse than the"
        " expert\nFigures: 253 is 263 (≈ 320 in ♣ less its margin, where the"
        " help shows ♦ ≈ 330) -10 for your partner's pass; 22 is 76% of 292 less 263 (your side reaches 292 in 60% of"
        " its own deals); 8 trial deals"
    ), said[1]


def test_a_bid_over_the_partner_says_its_own_limit_clears_the_partner_rule() -> None:
    """The bidding help says the standard bot would pass by the partner rule ("North holds
    300; it outbids a partner only with 40 to spare") while the expert bids 310 over its
    partner by its own limit (353, 43 to spare): the hint says plainly that the expert
    applies that rule to its own limit, which clears it, said as a bid as every limit is
    (350, 40 over 310); a bid with no such rule says nothing of it."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from rules import Bid

    v = VARIANTS["partnership"]
    odds = BidOdds(Bid(310), 40, 32, 28, 60.0, 20.0, 15.0)
    own = BidLimit(329.0, 300.0, 330.0, 0.6, 0.8, 353.0, 340.0, trump=0)
    rule = "North holds 300; it outbids a partner only with 40 to spare"
    assert bid_odds_words(odds, Bid(310), v, own, rule) == (
        "the expert bids up to 350: its own limit, 353, is the standard bot's 329 plus 24 from its own deals; the +29"
        " for the bids and the score takes it past 330; it outbids its partner: the partner rule (North holds 300; it"
        " outbids a partner only with 40 to spare) holds the standard bot back, but the expert applies it to its own"
        " limit, 350, 40 over 310; a trial with the standard bot in every seat agrees: your side scores more with you"
        " as bidder than with your partner's bid standing\nFigures: 329 is 300 (≈ 340 in ♠ less its margin) +29 for"
        " the bids and the score; 24 is 80% of 330 less 300 (your side reaches 330 in 60% of its own deals); 40 trial"
        " deals, your side's points less the others' on average: bidding 310 +60 (± 30), passing +20; auction won in"
        " 80%, contract made in 88% of those"
    )
    assert "partner rule" not in bid_odds_words(odds, Bid(310), v, own)
    # with the partner named (as the hint finds it, `partner_holding`): why outbid them, in
    # plain words and by the trial's means, which the figures then give
    said = bid_odds_words(odds, Bid(310), v, own, rule, partner=("North", 300))
    assert said.startswith("your partner North holds the bid at 300, and the expert bids up to 350: ")
    assert (
        "; a trial with the standard bot in every seat agrees: your side scores more with you as bidder than with"
        " North's 300 standing\nFigures: " in said
    )
    assert said.endswith(
        "40 trial deals, your side's points less the others' on average: bidding 310 over it +60 (± 30), passing +20;"
        " auction won in 80%, contract made in 88% of those"
    )
    # where the trial favours letting the partner's bid stand, it says so, and why the expert bids all the same
    worse = BidOdds(Bid(310), 40, 32, 28, -60.0, 20.0, 15.0)
    assert (
        "; a trial with the standard bot in every seat favours letting North's 300 stand, but that bot plays worse"
        " than the expert\n" in bid_odds_words(worse, Bid(310), v, own, rule, partner=("North", 300))
    )


def test_every_limit_is_said_as_the_highest_bid_the_bidding_help_says() -> None:
    """The bidding help says the standard bot bids "270 at most" where the hint said "the
    standard bot's limit of 280 (its highest bid 270)" (a limit of 279.6): every limit the
    hint names is the highest bid within it, one figure, the expert's own too; a limit
    under the lowest bid is said so."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from pinochle_tui.render import bid_grid_at_most
    from rules import Bid, PassBid

    v = VARIANTS["partnership"]
    assert bid_grid_at_most(v, 279.6) == 270  # the panel's "270 at most"
    odds = BidOdds(Bid(290), 30, 20, 15, 40.0, -20.0, 10.0)
    off = BidLimit(279.6, 280.0, 320.0, 0.6, 0.8, 311.6, 330.0)
    said = bid_odds_words(odds, Bid(290), v, off)
    assert said.startswith(
        "the expert bids up to 310: its own limit, 311.6, is the standard bot's 279.6 plus 32 from its own deals; a"
        " trial with the standard bot in every seat agrees\nFigures: 279.6 is 280 (≈ 330 less its margin) -0.4 for"
        " the bids and the score; 32 is 80% of 320 less 280 (your side reaches 320 in 60% of its own deals); "
    )
    assert "bot's 280" not in said
    # a limit a hair under the bid: never "260, under 260", nor "259 is 260 ... -1 rounded down"
    low = BidOdds(Bid(260), 8, 3, 1, -40.0, -10.0, 50.0)
    hair = BidLimit(259.6, 259.6, 259.6, 0.6, 0.8, 259.6, 310.0)
    assert bid_odds_words(low, PassBid(), v, hair).startswith(
        "the expert passes: its own limit, 259.6, is under the next bid, 260; it is the standard bot's 259.6, its own"
        " deals adding nothing; a trial with the standard bot in every seat agrees\nFigures: 259.6 is ≈ 310 less its"
        " margin (your side reaches 259.6 in 60% of its own deals); 8 trial deals"
    )
    # under the lowest bid: no bid to name; the pass said against the bid it would have had
    # to make, the next bid (260 here), and "the lowest bid" only where the next bid is it
    under = BidLimit(250.0, 260.0, 230.0, 0.6, 0.5, 235.0, 295.0)
    assert bid_odds_words(low, PassBid(), v, under).startswith(
        "the expert passes: its own limit, 235, is under the next bid, 260; it is the standard bot's 250 less 15"
    )
    first = BidOdds(Bid(250), 8, 3, 1, -40.0, -10.0, 50.0)
    assert bid_odds_words(first, PassBid(), v, under).startswith(
        "the expert passes: its own limit, 235, is under the lowest bid, 250; it is the standard bot's 250 less 15"
    )


def test_the_standard_bots_limit_is_said_as_its_cautious_level_and_each_move() -> None:
    """ "228 cautiously ... the standard bot's limit of 234" left the 6 between unsaid: each
    move from the cautious level to the standard bot's limit is named with its figure
    (`StandardBot.ceiling_parts`), the partner's call as the bidding help says it, so the
    sum adds up as printed; where the moves rounded apart would name another highest bid
    than the limit, the last move takes the difference."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from rules import Bid, PassBid

    v = VARIANTS["partnership"]
    odds = BidOdds(Bid(260), 30, 20, 15, 40.0, -20.0, 10.0)
    bid = BidLimit(234.0, 228.0, 270.0, 0.6, 0.8, 267.6, 270.0, trump=2, moves=(("for your partner's bid", 6.0),))
    assert bid_odds_words(odds, Bid(260), v, bid).startswith(
        "the expert bids up to 260: its own limit, 268, is the standard bot's 234 plus 34 from its own deals; a trial"
        " with the standard bot in every seat agrees\nFigures: 234 is 228 (≈ 270 in ♦ less its margin) +6 for your"
        " partner's bid; 34 is 80% of 270 less 228 (your side reaches 270 in 60% of its own deals); 30 trial deals"
    )
    passed = BidLimit(205.0, 215.0, 225.0, 0.6, 0.5, 210.0, 260.0, moves=(("for your partner's pass", -10.0),))

    def advice(limit: BidLimit) -> tuple[str, str]:  # (the words before the trial's, the limit's figures)
        words, figures = bid_odds_words(odds, PassBid(), v, limit).split("\n")
        return words.split("; a trial")[0], figures.split("; 30 trial deals")[0]

    assert advice(passed) == (
        "the expert passes: its own limit, 210, is under the next bid, 260; it is the standard bot's 205 plus 5 from"
        " its own deals",
        "Figures: 205 is 215 (≈ 260 less its margin) -10 for your partner's pass; 5 is 50% of 225 less 215 (your side"
        " reaches 225 in 60% of its own deals)",
    )
    # 229.6 + 25 + 4.6 = 259.2, which bids up to 250: whole points, 230 + 25 + 5 = 260, would name
    # a bid the limit is under, so the figures are in tenths (it printed "+4 for your partner's bid")
    moves = (("for the other side near the target", 25.0), ("for your partner's bid", 4.6))
    edge = BidLimit(259.2, 229.6, 229.6, 0.6, 0.5, 259.2, 260.0, moves=moves)
    assert advice(edge) == (
        "the expert passes: its own limit, 259.2, is under the next bid, 260; it is the standard bot's 259.2, its own"
        " deals adding nothing; the +29.6 the standard bot adds takes it past 229.6",
        "Figures: 259.2 is 229.6 (≈ 260 less its margin) +25 for the other side near the target +4.6 for your"
        " partner's bid (your side reaches 229.6 in 60% of its own deals)",
    )


def test_a_limit_held_by_the_pass_says_both_means() -> None:
    """Where letting the other side's bid stand scored more over the deals than the next
    bid (``weigh_pass``), the raise is dropped to the standard bot's limit: the hint says
    the raised limit, what held it and the two means that did, over the limit's own deals,
    named as another sample than the hint's means (a pass read "-18" there and "+18"
    here); only where the hold changed the highest bid ("held to the standard bot's 317"
    where it changed nothing)."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from rules import Bid, PassBid

    v = VARIANTS["partnership"]
    odds = BidOdds(Bid(310), 40, 30, 20, -41.1, -17.9, 20.0)
    held = BidLimit(301.45, 290.0, 320.0, 0.6, 0.8, 301.45, 330.0, -41.1, 17.9, deals=160)
    assert held.raised == pytest.approx(325.45)
    assert bid_odds_words(odds, PassBid(), v, held).split("; a trial")[0] == (
        "the expert passes: its own limit, 301, is under the next bid, 310; it is the standard bot's 301 plus 24 from"
        " its own deals, which would make 325, but it is held to the standard bot's limit because over its own 160"
        " deals, the sample it decides by, bidding 310 scores -41 on average and passing +18 (the 40 deals below are a"
        " separate, smaller sample)"
    )
    # the raise stays within the same highest bid: the hold changed nothing, and is not said
    same = BidLimit(317.0, 310.0, 313.0, 0.6, 0.8, 317.0, 330.0, -41.1, 17.9)
    assert same.raised == pytest.approx(319.4)
    said = bid_odds_words(BidOdds(Bid(320), 40, 30, 20, -41.1, -17.9, 20.0), PassBid(), v, same)
    assert said.startswith(
        "the expert passes: its own limit, 319, is under the next bid, 320; it is the standard bot's 317 plus 2 from"
        " its own deals; the +7 for the bids and the score takes it past 313; a trial"
    )
    assert "held" not in said


def test_a_hold_by_the_pass_is_said_by_its_own_means_alone() -> None:
    """The bid hint quoted two samples of one decision: its own trial's means ("passing +19"
    over 70 deals) and, for the hold, the limit's ("passing +136" over 822), the review the
    70.  Where the limit tried the pass beside the bid, the hint's figures are the limit's
    own means (`BidOdds.own`: no trial of its own), said once, with how far passing leads
    and the lead the expert holds back at, in plain words; where the expert bids all the
    same, that the hold goes no lower."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from rules import Bid, PassBid

    v = VARIANTS["partnership"]
    held = BidLimit(301.45, 290.0, 320.0, 0.6, 0.8, 301.45, 330.0, -41.1, 136.0, deals=822, gap_error=30.0)
    odds = BidOdds(Bid(310), 822, 0, 0, -41.1, 136.0, 30.0, own=True)
    said = bid_odds_words(odds, PassBid(), v, held)
    assert said == (
        "the expert passes: its own limit, 301, is under the next bid, 310; it is the standard bot's 301 plus 24 from"
        " its own deals, which would make 325, but it is held to the standard bot's limit because passing scores 177"
        " more over these same deals, and it holds back wherever passing leads by over 30 on them\nFigures: 301 is"
        " 290 (≈ 330 less its margin) +11 for the bids and the score; 24 is 80% of 320 less 290 (your side reaches 320"
        " in 60% of its own deals); its own 822 deals, your side's points less the others' on average: bidding 310 -41"
        " (± 60), passing +136"
    )
    # the margin the hold is judged by in plain words, as the other hints say a margin
    assert "standard error" not in said
    assert re.findall(r"(\d+) deals", said) == ["822"] and "separate" not in said and "trial" not in said
    # the expert bids all the same (its standard limit is over the bid): no "the means favour
    # passing; the expert does not go by them" beside the hold that says why
    low = BidOdds(Bid(250), 822, 0, 0, -41.1, 136.0, 30.0, own=True)
    said = bid_odds_words(low, Bid(250), v, held)
    assert said.startswith("the expert bids up to 300: its own limit, 301, is ")
    assert said.endswith(
        ", which would make 325, but it is held to the standard bot's limit, and no lower, because passing scores"
        " 177 more over these same deals, and it holds back wherever passing leads by over 30 on them\nFigures: 301"
        " is 290 (≈ 330 less its margin) +11 for the bids and the score; 24 is 80% of 320 less 290 (your side reaches"
        " 320 in 60% of its own deals); its own 822 deals, your side's points less the others' on average: bidding 250"
        " -41 (± 60), passing +136"
    )
    assert "the means" not in said
    # a hold that changed no highest bid is not said: the advice first, then why the means do not decide it
    same = BidLimit(317.0, 310.0, 313.0, 0.6, 0.8, 317.0, 330.0, -41.1, 136.0, deals=822, gap_error=30.0)
    assert (
        bid_odds_words(low, Bid(250), v, same)
        .split("\n")[0]
        .endswith(
            " takes it past 313; the means of its own deals favour passing; the expert does not go by them, as passing"
            " scoring more holds back only the raise above the standard bot's limit"
        )
    )


def test_means_over_a_small_sample_are_said_to_be_too_few_to_be_sure_of() -> None:
    """A hold by the pass said its two means over the limit's own deals and named the
    hint's means a separate sample: over 12 deals and 8 the four figures read as facts
    that disagreed.  A sample of fewer than `FEW_DEALS` is said to be too few to be sure
    of, its means "about"; the hint's means are named where they are (below, where the
    advice comes first), and their lean against the advice, over so few deals, is said to
    be unsure too."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from pinochle_tui.render import FEW_DEALS
    from rules import Bid, PassBid

    assert FEW_DEALS == 20
    v = VARIANTS["partnership"]
    held = BidLimit(301.45, 290.0, 320.0, 0.6, 0.8, 301.45, 330.0, -41.1, 17.9, deals=12)
    agree = BidOdds(Bid(310), 8, 6, 4, -41.1, -17.9, 20.0)
    assert (
        ", but it is held to the standard bot's limit because over only its own 12 deals, too few to be sure of, the"
        " sample it decides by, bidding 310 scores about -41 on average and passing about +18 (the 8 deals below are"
        " a separate, smaller sample, too few to be sure of); a trial with the standard bot in every seat agrees\n"
    ) in bid_odds_words(agree, PassBid(), v, held)
    assert bid_odds_words(agree, PassBid(), v, held).endswith(
        "; 8 trial deals (too few to be sure of): auction won in 75%, contract made in 67% of those"
    )
    against = BidOdds(Bid(310), 8, 6, 4, 41.1, -17.9, 20.0)  # a gap past its margin, over 8 deals
    said = bid_odds_words(against, PassBid(), v, held)
    assert "(the 8 deals below are a separate, smaller sample, too few to be sure of)" in said
    assert said.endswith(
        "; a trial with the standard bot in every seat favours bidding 310, but the expert goes by its own deals,"
        " above\nFigures: 301 is 290 (≈ 330 less its margin) +11 for the bids and the score; 24 is 80% of 320 less"
        " 290 (your side reaches 320 in 60% of its own deals); 8 trial deals (too few to be sure of), your side's"
        " points less the others' on average: bidding 310 +41 (± 40), passing -18"
    )
    # enough deals on both sides: said as before
    many = BidLimit(301.45, 290.0, 320.0, 0.6, 0.8, 301.45, 330.0, -41.1, 17.9, deals=160)
    said = bid_odds_words(BidOdds(Bid(310), 40, 30, 20, -41.1, -17.9, 20.0), PassBid(), v, many)
    assert "over its own 160 deals, the sample it decides by, bidding 310 scores -41 on average" in said
    assert "too few" not in said


def test_the_estimates_mean_names_the_suit_it_is_of() -> None:
    """The bidding help's "≈ 310" is its best mean's suit ("Standard bot, in ♠: ..."), the
    hint's the suit of the cautious level the bot bids by: the hint names the help's figure
    where the two are one suit, and where they differ says so in a few words ("its
    cautious best is in ♦, not the help's ♠ ≈ 310"): "≈ 240 on average in ♦" beside the
    help's "in ♠ ... ≈ 250" read as two estimates of one hand."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from rules import Bid

    v = VARIANTS["partnership"]
    odds = BidOdds(Bid(270), 8, 7, 6, 40.0, -20.0, 10.0)
    limit = BidLimit(292.3, 300.0, 320.0, 0.6, 0.8, 308.3, 304.0, trump=1)
    bids = (("for your partner's bid", -7.7),)
    assert "Figures: 292 is 300 (≈ 300 in ♥ less its margin) -8 for the bids and the score; " in bid_odds_words(
        odds, Bid(270), v, limit
    )
    same = BidLimit(292.3, 300.0, 320.0, 0.6, 0.8, 308.3, 304.0, trump=1, moves=bids, shown=(1, 304.0))
    assert "Figures: 292 is 300 (the help's ≈ 300 in ♥ less its margin) -8 for your partner's bid; 16 is " in (
        bid_odds_words(odds, Bid(270), v, same)
    )
    other = BidLimit(292.3, 300.0, 320.0, 0.6, 0.8, 308.3, 304.0, trump=2, moves=bids, shown=(0, 312.0))
    assert (
        "Figures: 292 is 300 (≈ 300 in ♦ less its margin, where the help shows ♠ ≈ 310) -8 for your partner's bid; 16"
        " is "
    ) in bid_odds_words(odds, Bid(270), v, other)


def test_a_pass_hint_says_the_limit_under_the_bid_that_decided_it() -> None:
    """Partnership, seed 25 (8,000 nodes): "bidding 260 scores +26 ± 117 on average,
    passing -149 ... you would win the auction in 38% and make the contract in 100% of those", then "it
    bids to about the total its side reaches in 60% of its own deals ..., so it passes":
    every figure shown favoured the bid and the one that decided was not said.  It says
    the expert's limit and what it is made of (the total its side reaches in ``make_target``
    of its own deals, its gap over the standard bot's cautious estimate, the share of the
    gap added to the standard bot's limit: ``sim_share`` at most), under the bid: so it
    passes; against the higher mean, why in a clause (a cautious level, not the average)."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from rules import Bid, PassBid

    v = VARIANTS["partnership"]
    odds = BidOdds(Bid(260), 8, 3, 3, 26.25, -148.75, 117.27)
    limit = BidLimit(251.0, 250.0, 260.0, 0.6, 0.8, 259.0, 300.0)
    assert bid_odds_words(odds, PassBid(), v, limit) == (
        "the expert passes: its own limit, 259, is under the next bid, 260; it is the standard bot's 251 plus 8 from"
        " its own deals; a trial with the standard bot in every seat favours bidding 260 (by too little for its deals"
        " to tell apart), but the"
        " expert bids by a cautious limit, not the average\nFigures: 251 is 250 (≈ 300 less its margin) +1 for the"
        " bids and the score; 8 is 80% of 260 less 250 (your side reaches 260 in 60% of its own deals); 8 trial deals"
        " (too few to be sure of), your side's points less the others' on average: bidding 260 +26 (± 235), passing"
        " -149"
    )
    # the means favour the pass: the trial's chances alone; its side's deals under the estimate: taken off
    low = BidOdds(Bid(260), 8, 3, 1, -40.0, -10.0, 50.0)
    under = BidLimit(268.0, 260.0, 230.0, 0.6, 0.5, 253.0, 295.0)
    assert bid_odds_words(low, PassBid(), v, under) == (
        "the expert passes: its own limit, 253, is under the next bid, 260; it is the standard bot's 268 less 15 from"
        " its own deals; a trial with the standard bot in every seat agrees\nFigures: 268 is 260 (≈ 300 less its"
        " margin) +8 for the bids and the score; 15 is 50% of 260 less 230 (your side reaches 230 in 60% of its own"
        " deals); 8 trial deals (too few to be sure of): auction won in 38%, contract made in 33% of those"
    )


async def test_the_pass_hint_says_the_limit_the_expert_decided_by() -> None:
    """At the table (partnership, seed 25, the expert of the hint at 8,000 nodes): the
    pass hint ends with the limit the expert's own simulation set, under the next bid
    (the figures `test_a_pass_hint_says_the_limit_under_the_bid_that_decided_it` puts
    in words), not the old sentence that named no figure; the standard bot's estimate
    is named by its mean as the bidding help shows it, beside the cautious level."""
    from rules import Bid, PassBid

    ctrl = preplay(
        "partnership",
        "human,standard,standard,standard",
        25,
        lambda c: c.round.phase is Phase.AUCTION and c.round.to_act == 0 and PassBid() in c.legal(),
    )
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")
    hint, again = ExpertBot(think=None, nodes=8000), ExpertBot(think=None, nodes=8000)
    hint.explain_bids = again.explain_bids = True
    ctrl._hint = hint
    assert ctrl.choose(ctrl.round, 0, again, tag="helper")[0] == PassBid()
    odds, limit = again.last_bid, again.decisions.last_limit
    assert odds is not None and odds.bid == Bid(260) and limit is not None
    assert limit.limit == pytest.approx(249.244, abs=0.001)  # under the next bid, 260
    said = await hint_box(ctrl)
    assert said == "Hint (expert bot)\n\npass (p passes; Enter would bid) · " + bid_odds_words(
        odds, PassBid(), ctrl.variant, limit
    )
    assert said.endswith(
        " · the expert passes: its own limit, 249, is under the next bid, 260; it is the standard bot's 241 plus 8 from"
        " its own deals; a trial with the standard bot in every seat agrees\nFigures: 241 is the help's ≈ 310 in ♠"
        " less its margin; 8 is 76% of 252 less 241 (your side reaches 252 in 60% of its own deals); 8 trial deals"
        " (too few to be sure of): auction won in 62%, contract made in 80% of those"
    ), said
    assert "chance of making" not in said
    # the mean named is the bidding help's figure for the same hand ("≈ 310", of the same
    # suit, said to be the help's): "a cautious estimate of 241" alone could not be matched
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate

    helps = bot_estimate(ctrl.view(0), StandardBot()).plain
    assert helps.startswith("Standard bot, in ♠:") and "≈ 310\n" in helps


async def test_a_forced_decision_is_the_only_choice_at_once() -> None:
    """Cutthroat, the dealer stuck with the minimum (one legal action): the hint's expert
    searched 51 deals for it; it says at once that it is the only choice."""
    from tui_helpers import preplay_any

    ctrl = preplay_any(
        "cutthroat",
        "human,expert,standard",
        lambda c: c.round.phase is Phase.AUCTION and c.round.to_act == 0 and len(c.legal()) == 1,
    )
    hint = ExpertBot(think=None, nodes=6000)
    hint.explain_bids = True
    ctrl._hint = hint
    said = await hint_box(ctrl)
    assert said == f"Hint (expert bot)\n\nbid {ctrl.variant.fmt(ctrl.legal()[0].amount)} · the only choice"
    assert hint.last_bid is None


async def test_the_same_hint_asked_again_is_shown_at_once() -> None:
    """``i``, Esc, ``i`` at the same decision searched it all over again ("Thinking…",
    perhaps another answer): the last hint's answer is kept for the same decision and
    shown at once, the same words; the next decision is searched anew."""
    ctrl = _at_my_card("human,expert,standard,standard")
    asked: list[int] = []

    class Counted(ExpertBot):
        def act(self, view, legal, rng):  # type: ignore[no-untyped-def]
            asked.append(len(view.tricks))
            return super().act(view, legal, rng)

    ctrl._hint = Counted(think=None, nodes=3000)
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = app.screen
        assert isinstance(t, TableScreen)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        first = str(app.screen.query_one("#hint-text", Static).content)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("i")
        await pilot.pause()  # no worker: the screen is up at once
        assert isinstance(app.screen, HintScreen) and not t.busy
        assert str(app.screen.query_one("#hint-text", Static).content) == first
        assert len(asked) == 1
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("enter")  # the hinted card played; the next decision of mine searches again
        await settle(pilot)
        for _ in range(20):
            if t.my_turn() or ctrl.round.phase is not Phase.TRICKS:
                break
            await settle(pilot)
        if t.my_turn() and len(ctrl.legal()) > 1:
            await pilot.press("i")
            await settle(pilot)
            assert len(asked) == 2


async def test_a_trump_hint_weighs_the_suit_against_each_other_suit_tried() -> None:
    """Cutthroat: the trump hint said only "name ♠ spades trump" while the auction panel
    gave the figures; it weighs the suit named against each other suit the expert tried,
    as a card hint does: how sure the search is of it in words first, then one line of
    figures (its own mean, each other suit's gap with its margin), not "standard error"
    and "too close to tell apart" in one paragraph."""
    from tui_helpers import preplay_any

    def short_suit(c: Controller) -> bool:  # to name trump, holding a suit of two cards or fewer
        if not (c.round.phase is Phase.TRUMP and c.round.to_act == 0):
            return False
        return min(sum(1 for x in c.view(0).hand if int(x) // 6 == t) for t in range(4)) < 3

    ctrl = preplay_any("cutthroat", "human,standard,standard", short_suit)
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")  # (seated after: it plays at 1 s a decision)
    ctrl._hint = ExpertBot(think=None, nodes=3000)
    again = ExpertBot(think=None, nodes=3000)
    suit, _ = ctrl.choose(ctrl.round, 0, again, tag="helper")
    an = again.last_trump
    assert an is not None and suit in an.actions
    said = await hint_box(ctrl)
    v = ctrl.variant
    name, pts = (lambda a: Style.suit(a.suit.index)), (lambda p: mean_points(v, p))
    words = an.advice(suit, name, pts, kind="suit")
    figures = an.figures(suit, name, pts, "your points less the others'", most=len(an.actions), own=True)
    assert (
        words
        == f"about as good as {Style.suit(0)} (the deals can't tell them apart) and clearly better than {Style.suit(2)}"
    )
    assert figures == (
        f"Figures, 2 deals, your points less the others' on average: {Style.suit(3)} +17, {Style.suit(0)} 28 less"
        f" (± 42), {Style.suit(2)} 50 less (± 1)"
    )
    # the suits of fewer than three cards were not tried, and the hint says so (♥ was
    # missing from a cutthroat hint without a word)
    held = [sum(1 for c in ctrl.view(0).hand if int(c) // 6 == t) for t in range(4)]
    short = "".join(Style.suit(t) for t in range(4) if held[t] < 3)
    assert short and all(a.suit.index not in [t for t in range(4) if held[t] < 3] for a in an.actions)
    note = f" ({short} not tried: fewer than three cards)"
    assert said == f"Hint (expert bot)\n\nname {Style.suit(3)} clubs trump · {words}{note}\n{figures}", said
    assert "standard error" not in said and "too close" not in said
    # kept for the review, which weighs a suit named against the hint by these suits
    kept = ctrl.hints[len(ctrl.actions)]
    assert kept[1:3] == (suit, an.deals) and kept[3] is not None and kept[3].means == an.means


async def test_a_pass_the_partner_rule_makes_says_that_rule_not_the_make_chance() -> None:
    """Seed 11, hand 4: South holds a double pinochle, North (partner) holds 260, West and
    East passed.  The expert passes by standard's rule about a partner holding the
    contract with the opponents out, though bidding shows the better mean and makes in
    every deal: the hint said "it goes by its chance of making the bid ... so it passes",
    which its own figures contradicted; it says the partner rule, beside the expert's own
    limit (it said none), naming North's bid once (the rule said "North holds 260" after
    "your partner North holds the bid at 260")."""
    from tui_helpers import policy_action

    from rules import Bid, PassBid

    ctrl = preplay(
        "partnership",
        "human,standard,standard,standard",
        11,
        lambda c: c.hand_no >= 4 and c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act),
    )
    ctrl.apply(Bid(250))
    while not ctrl.is_human(ctrl.round.to_act):
        ctrl.apply(policy_action(ctrl))
    assert ctrl.view(0).bids == ((0, 250), (1, 0), (2, 260), (3, 0))
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")
    hint = ExpertBot(think=None, nodes=8000)
    hint.explain_bids = True
    ctrl._hint = hint
    said = await hint_box(ctrl)
    assert said.startswith("Hint (expert bot)\n\npass (")
    # the advice and what decided it first; then the means, which favour the bid, as what
    # the expert does not go by (their deals misjudge the partner)
    assert (
        " · your partner North holds the bid at 260, and it passes by the partner rule: West and East passed (the"
        " expert's own limit, 620, would bid); the means of this bid tried alone favour bidding 270; the expert"
        " does not go by them, as their deals give your partner any hand, not one worth its bid\nFigures, 8 trial"
        " deals (too few to be sure of), your side's points less the others' on average: bidding 270 over it +549 (±"
        " 58), passing +315; "
    ) in said, said
    assert said.count("260") == 1, said
    assert "chance of making" not in said
    assert isinstance(hint.last_bid.bid, Bid) and PassBid() in ctrl.legal()


def test_the_partner_rule_the_bidding_help_quotes_goes_to_a_bid_over_the_partner_too() -> None:
    """Seed 5: North (partner) holds 250.  Where the standard bot's limit reaches 260 but
    not the 40 to spare, it passes by the partner rule (the bidding help says "North holds
    250; it outbids a partner only with 40 to spare"): the hint names that rule beside a
    bid over North as beside a pass (`partner_rule_words`), so a bid by the expert's own
    limit says it clears the rule; where the standard bot's limit is under the bid (the
    help says that) or clears the rule, a bid names none."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import partner_rule_words
    from rules import Bid, PassBid
    from rules.auction_round import high_bidder

    def partner_holds(c: Controller) -> bool:
        if c.round.phase is not Phase.AUCTION or c.round.to_act != 0 or high_bidder(c.view(0).bids) != 2:
            return False
        return StandardBot().bid_decision(c.view(0), c.legal())[1] == "partner_holds"

    ctrl = preplay("partnership", "human,standard,standard,standard", 5, partner_holds)
    view, legal, names = ctrl.view(0), ctrl.legal(), [s.name for s in ctrl.seats]
    rule = "North holds 250; it outbids a partner only with 40 to spare"
    assert partner_rule_words(view, Bid(260), legal, FixedCeiling(270.0), names) == rule
    assert partner_rule_words(view, PassBid(), legal, StandardBot(), names) == rule
    assert StandardBot().ceiling(view) < 260  # under the bid: its limit, not the rule, for a bid
    assert partner_rule_words(view, Bid(260), legal, StandardBot(), names) is None
    assert partner_rule_words(view, Bid(260), legal, FixedCeiling(300.0), names) is None  # 40 to spare


class FixedCeiling(StandardBot):
    """The standard bot's rules with a given limit."""

    def __init__(self, ceiling: float) -> None:
        super().__init__()
        self._fixed = ceiling

    def ceiling(self, view: Any) -> float:
        return self._fixed


def _stock_choice_at(variant: Any, seed: int, phase: Phase, nodes: int = 3000) -> Controller:
    """A controller of ``variant`` (human against standard) played by `policy_action`
    (the human's first legal action) until the human is to make a ``phase`` decision of
    two options or more; then an expert is seated, so the hint is the expert's (on a
    node budget: the same search every time)."""
    from tui_helpers import policy_action

    from pinochle_tui.controller import default_seats

    c = Controller(variant, default_seats(2, ["human", "standard"]), seed=seed)
    while not (c.round.phase is phase and c.round.to_act == 0 and len(c.legal()) >= 2):
        if c.round.phase is Phase.DONE:
            assert c.hand_no < 3, "no such decision in the first three hands"
            c.next_hand()
            continue
        c.apply(policy_action(c))
    c.seats[1] = Seat("bot", c.seats[1].name, "expert")
    c._hint = ExpertBot(think=None, nodes=nodes)
    return c


async def _choice_hint(ctrl: Controller, variants: dict[str, Any]) -> str:
    """The hint box's text at ``ctrl``'s choice, checked against what the expert's search
    of the same decision says (asked as the hint asks it): the option's label, then why in
    a learner's words (`Analysis.advice`, each option named as the menu shows it,
    `option_words`), and under them the figures (`Analysis.figures`)."""
    from pinochle_tui.app import PinochleApp
    from pinochle_tui.panels.stock import last_pair_note, later_meld_note
    from pinochle_tui.render import option_words, whose_points
    from pinochle_tui.save import new_save_path
    from rules import NoMeld

    again = ExpertBot(think=None, nodes=ctrl._hint.nodes)
    action, _ = ctrl.choose(ctrl.round, 0, again, tag="helper")
    an = again.last
    assert an is not None and an.actions == tuple(ctrl.legal()) and an.deals > 1
    view, v = ctrl.view(0), ctrl.variant
    app = PinochleApp(variants, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn()
        label = next(label for label, a, _ in t.options() if a == action)
        menu = {a: option_words(label) for label, a, _ in t.options()}
        words = an.advice(action, menu.__getitem__, lambda p: mean_points(v, p), kind="choice")
        figures = an.figures(action, menu.__getitem__, lambda p: mean_points(v, p), whose_points(v))
        assert figures.startswith(f"Figures, {an.deals} deals, ")
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        said = str(app.screen.query_one("#hint-text", Static).content)
    # at the stock's last round, who takes the turn-up first (`last_pair_note`)
    last = last_pair_note(view, ["You", "North"], action)
    clear = NoMeld() in an.actions and an.clearly_above(action, NoMeld())
    later = later_meld_note(view, an.actions, clear)  # a meld against none, a trick to win after this one
    words += f"; {later}" if later else ""
    assert said == f"Hint (expert bot)\n\n{label} · {words}{' · ' + last if last else ''}\n{figures}"
    # kept for the review: a choice made as the hint said is reported by this search
    kept = ctrl.hints[len(ctrl.actions)]
    assert kept[1:3] == (action, an.deals) and kept[3] is not None and kept[3].means == an.means
    return said


async def test_the_hint_for_the_meld_after_a_trick_names_the_menus_options_by_their_differences() -> None:
    """Two-hand, seed 0, hand 2: the human has won the second trick and may meld a
    marriage, exchange the dix or meld nothing.  The hint names each option as the menu
    does (it said "exchange the dix" beside the menu's "exchange the 9♣ for the turn-up
    K♣ (+10)"), says how sure the search is of it against each in the review's words
    ("as good as", "about as good as ... (the deals can't tell them apart)") and why the standard bot's
    choice is kept, then under it the figures: each other option's gap with its margin
    over the same deals ("the same in every deal")."""
    ctrl = _stock_choice_at(VARIANTS["two-hand"], 0, Phase.DECLARE)
    assert ctrl.hand_no == 2 and len(ctrl.round.tricks) == 2
    assert await _choice_hint(ctrl, VARIANTS) == (
        "Hint (expert bot)\n\nexchange the 9♣ for the turn-up K♣ (+10) · as good as marriage K♥ Q♥ (20) and about as"
        " good as no meld (the deals can't tell them apart); the expert then keeps the standard"
        " bot's choice; no meld now keeps the meld and the dix for a later trick won while the stock lasts; the"
        " figures count it made then; the dix and one meld may both be made this turn, in either order\nFigures, 2"
        " deals, your points less your opponent's on average: no meld 6 more (± 12), marriage K♥ Q♥ (20) the same in"
        " every deal"
    )


def test_the_meld_hint_says_no_meld_keeps_it_while_a_trick_is_left_to_meld_after() -> None:
    """ "kings around (80) · it scores 5 more than no meld" said nothing of why 80 of meld
    scores so little more: the expert's deals play the hand on, and the meld kept back is
    made after a trick won later while the stock lasts.  The hint says so where such a
    trick is left, not after the last stock trick, and only for a meld against none."""
    from pinochle_tui.panels.stock import later_meld_note
    from rules import DeclareDix, DeclareMeld, NoMeld

    ctrl = _stock_choice_at(VARIANTS["two-hand"], 0, Phase.DECLARE)
    view = ctrl.view(0)
    legal = tuple(ctrl.legal())
    assert NoMeld() in legal and any(isinstance(a, DeclareMeld) for a in legal) and view.stock_size >= 2
    melds = tuple(a for a in legal if not isinstance(a, DeclareDix))
    assert later_meld_note(view, melds) == (
        "no meld now keeps the meld for a later trick won while the stock lasts; the figures count it made then"
    )
    assert later_meld_note(view._replace(stock_size=1), melds) == ""  # the last stock trick: no meld after it
    # beside "clearly better than no meld" the note read as a case against melding
    assert later_meld_note(view, melds, clear=True) == ""
    assert later_meld_note(view, (NoMeld(),)) == ""
    # the dix, shown after a later won trick, scores its 10 then too
    dix = DeclareDix(False)  # shown (exchanged for the turn-up: the same later)
    assert later_meld_note(view, (dix, NoMeld())) == (
        "no meld now keeps the dix for a later trick won while the stock lasts; the figures count it made then"
    )
    assert later_meld_note(view, (*melds, dix)) == (
        "no meld now keeps the meld and the dix for a later trick won while the stock lasts; the figures count it"
        " made then; the dix and one meld may both be made this turn, in either order"
    )


async def test_the_hint_for_the_last_pick_gives_the_difference_from_the_other_option() -> None:
    """Two-hand with the winner of the last stock trick choosing its card (a house rule,
    ``last_stock_pick = "winner_chooses"``), seed 0, hand 3: after who takes the other
    card, the hint says the option is about as good as the other (the deals can't tell them apart), then
    the gap with its margin in the figures line, each named as the menu does."""
    from rules import load_variants_text

    house = load_variants_text('[chooser]\nextends = "two-hand"\nlast_stock_pick = "winner_chooses"\n', base=VARIANTS)
    ctrl = _stock_choice_at(house["chooser"], 0, Phase.LAST_PICK)
    assert ctrl.hand_no == 3
    assert await _choice_hint(ctrl, {**VARIANTS, **house}) == (
        "Hint (expert bot)\n\nTake the face-down card · about as good as take the turn-up 9♦ (the deals can't tell"
        " them apart);"
        " the expert then keeps the standard bot's choice · North takes the turn-up"
        " 9♦\nFigures, 19 deals, your points less your opponent's on average: take the turn-up 9♦ 2 more (± 10)"
    )


async def test_the_hint_for_the_drafts_keep_or_reject_gives_the_difference_from_the_other() -> None:
    """The two-hand draft (§2.8), seed 0: the keep or reject the expert searches gets the
    same words: about as good, the deals can't tell them apart (a gap of 64 against a
    margin of two standard errors, 141, said in the figures line), where it said "too close to tell apart, a rough
    guide: over these same deals the gap's own error ..." in the one paragraph."""
    ctrl = _stock_choice_at(VARIANTS["two-hand-draft"], 0, Phase.DRAFT, 20000)
    assert await _choice_hint(ctrl, VARIANTS) == (
        "Hint (expert bot)\n\nKeep it: the next card goes unseen to your discards · about as good as reject it (the"
        " deals can't tell them apart)\nFigures, 7 deals, your points less your opponent's on average: reject it 64"
        " less (± 141)"
    )


async def test_suits_out_of_reach_in_every_deal_say_why() -> None:
    """Cutthroat, the human having bid the most it may (2000, far past what its hand and
    every trick could take): every suit tried does badly, and the trump hint says why, in
    the pass hint's words ("the contract is out of reach in every deal tried, whatever
    suit is named"), where it gave the figures alone.  Every suit's mean is printed
    before it, so the one figure they share is not said again after it ("; each suit
    tried scores -290" repeated the three "-290"s just printed)."""
    from rules import Bid, PassBid

    c = Controller(VARIANTS["cutthroat"], default_seats(3, ["human", "standard", "standard"]), seed=0)
    while c.round.phase is Phase.AUCTION:
        s = c.round.to_act
        if c.is_human(s):
            c.apply(max((a for a in c.legal() if isinstance(a, Bid)), key=lambda b: b.amount, default=PassBid()))
        else:
            c.apply(c.choose(c.round, s, c.bot_for(s))[0])
    assert c.round.phase is Phase.TRUMP and c.round.table.bidder == 0 and c.round.table.high_bid == 2000
    c.seats[1] = Seat("bot", c.seats[1].name, "expert")  # (seated after: the hint is the expert's)
    c._hint = ExpertBot(think=None, nodes=3000)
    again = ExpertBot(think=None, nodes=3000)
    named, _ = c.choose(c.round, 0, again, tag="helper")
    trial, an = again.last_trump_trial, again.last_trump
    assert trial is not None and an is not None and trial.unreachable == [trial.deals] * len(trial.actions)
    said = await hint_box(c)
    reason = "; the contract is out of reach in every deal tried, whatever suit is named"
    words, figures = said.split("\n")[2:]
    assert " trump · " in words and words.endswith(reason) and "each suit tried" not in said, said
    from bots.expert import signed_points

    # the suit named's own mean, first in the figures
    mean = signed_points(lambda p: mean_points(c.variant, p), an.means[an.actions.index(named)])
    head = f"Figures, {an.deals} deals, your points less the others' on average: {Style.suit(named.suit.index)} {mean}"
    assert figures.startswith(head), said


async def test_suits_that_all_print_alike_say_their_figure_once() -> None:
    """Every suit tried printing the same mean: the figures give each suit's, and the hint
    ends with why, not with "; each suit tried scores -290" after three "-290"s."""
    from bots.expert import Analysis
    from bots.expert_bidding import Trial
    from rules import Bid, NameTrump, PassBid, Suit

    c = Controller(VARIANTS["cutthroat"], default_seats(3, ["human", "standard", "standard"]), seed=0)
    while c.round.phase is Phase.AUCTION:
        c.apply(max((a for a in c.legal() if isinstance(a, Bid)), key=lambda b: b.amount, default=PassBid()))
    assert c.round.phase is Phase.TRUMP and c.is_human(c.round.to_act)
    c.seats[1] = Seat("bot", c.seats[1].name, "expert")  # (the hint is the expert's)
    suits = tuple(NameTrump(Suit.parse(x)) for x in "SHD")
    bot = ExpertBot(think=None, nodes=3000)
    bot.last_trump = Analysis(suits, (-2900.0, -2900.0, -2900.0), 1754, 9000, 1.0, (0.0, 0.0, 0.0))
    bot.last_trump_trial = Trial([[-2900.0] * 4] * 3, [], 9000, actions=suits, thrown=[4] * 3, unreachable=[4] * 3)
    c._hint = bot
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = app.screen
        assert isinstance(t, TableScreen)
        _, words, _ = t._hint_words(suits[2], t.the_view())
    assert words == (
        f" · as good as {Style.suit(0)} and {Style.suit(1)}; the contract is out of reach in every deal tried,"
        f" whatever suit is named ({Style.suit(3)} not tried: fewer than three cards)\nFigures, 1754 deals, your"
        f" points less the others' on average: {Style.suit(2)} -290, {Style.suit(0)} and {Style.suit(1)} the same"
        " in every deal"
    )


def _expert_seated_sets(ctrl: Controller) -> tuple[Any, Any]:
    """An expert seated at ``ctrl`` (so the hint is the expert's, at a node budget) and the
    set it picks for the person with the sets it tried (`SimDecisions.last`)."""
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")
    ctrl._hint = ExpertBot(think=None, nodes=3000)
    again = ExpertBot(think=None, nodes=3000)
    action = ctrl.choose(ctrl.round, 0, again, tag="helper")[0]
    trial = again.decisions.last
    assert trial is not None and action in trial.actions
    return action, trial


async def test_the_pass_hint_says_what_the_set_is_and_the_order_it_is_picked_by() -> None:
    """The pass hint gave the cards and no reason, where every other hint gives one: it
    says what the set is (trump, aces, the other cards) and the standard bot's order to
    the bidder, and with the expert seated the sets it tried over deals with their means."""
    from pinochle_tui.panels.passing import pass_reason, sets_tried_words
    from rules import observe

    ctrl = at_my_pass(1, bidder=False)
    action = ctrl.choose(ctrl.round, 0, ctrl.helper(), tag="helper")[0]
    said = await hint_box(ctrl)
    reason = pass_reason(observe(ctrl.round, 0), action)
    assert reason == (
        "3 trump and an ace: the standard bot passes the bidder trump first (not the 9), then aces,"
        " then tens, kings and queens its own meld can spare"
    )
    assert said == f"Hint (standard bot)\n\npass {Style.cards(action.cards)} (picked for you) · {reason}"
    standard = Style.cards(action.cards)  # the set the others are one card apart from, named
    # the expert: the same reason, then the sets it tried with one card changed over the
    # same deals, in words (each other set by the card it changes), then one line of figures
    action, trial = _expert_seated_sets(ctrl)
    assert len(trial.actions) == 6
    # the deals each set's contract fails in (1 of 4: under half, not said in the words), each
    # deal weighted by the calls (`SimDecisions.read_pass`: the bidder's hand read from its bid)
    assert trial.lost == [1] * 6 and trial.deals == 4 and len(trial.weights) == 4
    tried, figures = sets_tried_words(trial, action, ctrl.variant)
    assert tried == (
        f"the expert tried the standard bot's set {standard}"
        " and 5 others, each with one of its cards changed: this set is about as"
        " good as every other set (the deals can't tell them apart)"
    )
    assert figures == (
        "Figures, 4 deals, your side's points less the others' on average: this set -18, 9♠ for A♣ 3 less (± 10),"
        " K♦ for A♣ 4 less (± 61), 10♥ for A♣, 10♣ for A♣ and J♥ for A♣ 7 less (± 21)"
    )
    # "about as good as every other set" in the words: all 5 in the figures, not the next best two
    assert figures.count(" for ") == 5
    said = await hint_box(ctrl)
    assert said == (
        f"Hint (expert bot)\n\npass {Style.cards(action.cards)} (picked for you) · {reason} · {tried}\n{figures}"
    )
    assert "standard error" not in said and "too close" not in said


async def test_the_bidders_pass_back_hint_says_what_it_keeps() -> None:
    """The bidder's pass back to the partner: what the set holds of trump, aces and the
    bidder's meld, the suits it empties, and the standard bot's order back."""
    from pinochle_tui.panels.passing import pass_reason
    from rules import observe

    ctrl = at_my_pass(1, bidder=True)
    action = ctrl.choose(ctrl.round, 0, ctrl.helper(), tag="helper")[0]
    reason = pass_reason(observe(ctrl.round, 0), action)
    assert reason.endswith(": passing back, the standard bot keeps trump, aces and its meld and empties short suits")
    assert reason.startswith("no trump, no ace, none of your meld"), reason
    said = await hint_box(ctrl)
    assert said == f"Hint (standard bot)\n\npass {Style.cards(action.cards)} (picked for you) · {reason}"


async def test_both_hints_say_the_pass_back_rule_in_one_wording() -> None:
    """Seed 3: the bidder's only cards outside trump and its meld are A♥ 10♥ J♦ 9♣, and
    the standard bot passes them.  Its hint said "this pass gives the partner an ace and
    keeps trump and your meld" with no rule, where the rule elsewhere reads "passing back,
    the standard bot keeps trump, aces and its meld and empties short suits", and the
    expert's hint reworded it again beside another set: both hints give the rule in those
    words, then what the set does against it."""
    from pinochle_tui.panels.passing import PASS_BACK_RULE

    ctrl = at_my_pass(3, bidder=True)
    reason = (
        f"no trump, an ace and none of your meld: {PASS_BACK_RULE}; this pass gives the partner an ace and keeps trump"
        " and your meld"
    )
    assert PASS_BACK_RULE == "passing back, the standard bot keeps trump, aces and its meld and empties short suits"
    assert await hint_box(ctrl) == f"Hint (standard bot)\n\npass A♥ 10♥ J♦ 9♣ (picked for you) · {reason}"
    _expert_seated_sets(ctrl)
    assert (await hint_box(ctrl)).startswith(f"Hint (expert bot)\n\npass A♥ 10♥ J♦ 9♣ (picked for you) · {reason} · ")


def _at_the_last_stock_round(variant: Any, phase: Phase) -> Controller:
    """The first seed's hand where the human (seat 0, against standard) is at a ``phase``
    decision of the stock's last round: one face-down card left per other seat, the
    turn-up under them (RULES.md §2.7.5, §0.4 item 22)."""
    from tui_helpers import policy_action

    from pinochle_tui.controller import default_seats

    for seed in range(40):
        c = Controller(
            variant, default_seats(variant.players, ["human"] + ["standard"] * (variant.players - 1)), seed=seed
        )
        while c.round.phase is not Phase.DONE:
            view = c.view(0)
            last = view.stock_size == variant.players - 1 and view.turn_up is not None
            if c.round.phase is phase and c.round.to_act == 0 and last and len(c.legal()) >= 2:
                return c
            c.apply(policy_action(c))
    raise AssertionError("no seed reaches the stock's last round")


async def test_the_hint_at_the_last_stock_trick_says_who_takes_the_turn_up() -> None:
    """Two-hand (§2.7.5): the trick that leaves one face-down card and the turn-up decides
    who takes which: its winner the face-down card, the loser the turn-up.  The hint there
    said the card alone; it says who takes the turn-up, at the trick, at the winner's meld
    before the draw, and at the winner's choice of the two where a house rule lets it
    choose (the other card to the opponent)."""
    from pinochle_tui.panels.stock import last_pair_note
    from rules import TakeStock, load_variants_text

    ctrl = _at_the_last_stock_round(VARIANTS["two-hand"], Phase.TRICKS)
    up = Style.card(ctrl.view(0).turn_up)
    said = await hint_box(ctrl)
    assert said.startswith("Hint (standard bot)\n\nplay ")
    assert said.endswith(f" · the last stock trick: its winner takes the face-down card, the loser the turn-up {up}")
    ctrl = _at_the_last_stock_round(VARIANTS["two-hand"], Phase.DECLARE)
    up = Style.card(ctrl.view(0).turn_up)
    said = await hint_box(ctrl)
    assert f" · then you take the face-down card, North the turn-up {up}" in said, said
    house = load_variants_text('[chooser]\nextends = "two-hand"\nlast_stock_pick = "winner_chooses"\n', base=VARIANTS)
    view = _at_the_last_stock_round(house["chooser"], Phase.TRICKS).view(0)
    up = Style.card(view.turn_up)
    assert last_pair_note(view, ["You", "North"], None) == (
        f"the last stock trick: its winner chooses the face-down card or the turn-up {up}, the loser takes the other"
    )
    view = _at_the_last_stock_round(house["chooser"], Phase.LAST_PICK).view(0)
    up = Style.card(view.turn_up)
    assert last_pair_note(view, ["You", "North"], TakeStock(True)) == "North takes the face-down card"
    assert last_pair_note(view, ["You", "North"], TakeStock(False)) == f"North takes the turn-up {up}"
    # three with the turn-up (§0.4 item 22): the face-down cards clockwise from the winner
    view = _at_the_last_stock_round(VARIANTS["three-hand-turn-up"], Phase.TRICKS).view(0)
    assert last_pair_note(view, ["You", "West", "East"], None) == (
        "the last stock trick: its winner and the next player take the face-down cards, the third the turn-up "
        + Style.card(view.turn_up)
    )
    # any other trick: nothing
    assert last_pair_note(view._replace(stock_size=5), ["You", "West", "East"], None) == ""


def _at_my_burial(variant: Any, seed: int) -> Controller:
    """``variant`` at the human's burial (RULES.md §4.2): the human bids as high as it may
    until it takes a contract, the standard bots play their own moves."""
    from tui_helpers import policy_action

    from rules import Bid

    seats = ["human"] + ["standard"] * (variant.players - 1)
    c = Controller(variant, default_seats(variant.players, seats), seed=seed)
    while not (c.round.phase is Phase.BURY and c.is_human(c.to_act)):
        if c.round.phase is Phase.DONE:  # another seat took the contract
            c.next_hand()
        elif c.needs_meld_ack:
            c.ack_meld(0)
        else:
            bids = [a for a in c.legal() if isinstance(a, Bid)]
            human = c.is_human(c.to_act)
            c.apply(max(bids, key=lambda a: a.amount) if human and bids else policy_action(c))
    return c


async def test_the_burial_hint_says_what_the_set_is_and_the_order_it_is_picked_by() -> None:
    """The burial hint gave the cards and no reason, where the pass hint gives one: in the
    pass hint's words it says what the set is (trump, aces, the bidder's meld, the suits
    emptied, its counters) and the standard bot's order, and with the expert seated the
    sets it tried over deals with their means."""
    from pinochle_tui.panels.passing import bury_reason, sets_tried_words
    from rules import observe

    ctrl = _at_my_burial(VARIANTS["three-hand"], 1)
    action = ctrl.choose(ctrl.round, 0, ctrl.helper(), tag="helper")[0]
    reason = bury_reason(observe(ctrl.round, 0), action)
    assert reason == (
        "no trump, no ace, none of your meld and counters worth 3: the standard bot keeps trump, aces and its meld,"
        " empties short suits and buries counters, as buried ones count for the bidder"
    )
    said = await hint_box(ctrl)
    assert said == f"Hint (standard bot)\n\nbury {Style.cards(action.cards)} (picked for you) · {reason}"
    standard = Style.cards(action.cards)
    # the expert: the same reason, then the sets it tried one card apart over the same deals
    action, trial = _expert_seated_sets(ctrl)
    assert len(trial.actions) > 1
    tried, figures = sets_tried_words(trial, action, ctrl.variant)
    assert tried == (
        f"the expert tried the standard bot's set {standard}"
        " and 5 others, each with one of its cards changed: this set is as good"
        " as every other set; the contract is out of reach in every deal tried, whatever is buried"
    )
    assert figures == (
        "Figures, 9 deals, your points less the others' on average: this set -211, J♦ for 10♣, 9♦ for 10♣, 9♣ for"
        " 10♣, J♦ for 10♦ and 9♦ for 10♦ the same in every deal"
    )
    # "every other set" in the words: every one of the 5 in the figures (two were, beside "5 others")
    assert figures.count(" for ") == 5
    said = await hint_box(ctrl)
    reason = bury_reason(observe(ctrl.round, 0), action)
    assert said == (
        f"Hint (expert bot)\n\nbury {Style.cards(action.cards)} (picked for you) · {reason} · {tried}\n{figures}"
    )


def test_the_burial_reason_keeps_the_counters_where_buried_ones_count_for_nobody() -> None:
    """Where buried counters do not count for the bidder the standard bot keeps them
    (`StandardBot.bury`), and the reason says so; where the hand leaves it too few other
    cards (seed 1: two cards of no count for a kitty of four) the set buries counters, and
    the reason says that instead of "keeps its counters" beside the counters it buries."""
    from pinochle_tui.panels.passing import bury_reason
    from rules import Variant, observe

    kitty = VARIANTS["partnership-kitty"]
    lost = Variant.model_validate(kitty.model_dump() | {"kitty_discards_count_for_bidder": False})
    counted = _at_my_burial(kitty, 1)
    action = counted.choose(counted.round, 0, counted.helper(), tag="helper")[0]
    assert bury_reason(observe(counted.round, 0), action) == (
        "no trump, no ace, none of your meld and counters worth 40: the standard bot keeps trump, aces and its"
        " meld, empties short suits and buries counters, as buried ones count for the bidder"
    )
    c = _at_my_burial(lost, 2)
    action = c.choose(c.round, 0, c.helper(), tag="helper")[0]
    assert bury_reason(observe(c.round, 0), action) == (
        "no trump, no ace, none of your meld, ♣ emptied and no counter: the standard bot keeps trump, aces and its"
        " meld, empties short suits and keeps its counters, as buried ones count for nobody"
    )
    c = _at_my_burial(lost, 1)
    action = c.choose(c.round, 0, c.helper(), tag="helper")[0]
    assert bury_reason(observe(c.round, 0), action) == (
        "no trump, no ace, none of your meld and counters worth 20: the standard bot keeps trump, aces and its meld,"
        " empties short suits and keeps its counters, as buried ones count for nobody; this set buries counters and"
        " keeps trump, aces and your meld"
    )


def test_a_hints_means_are_of_the_seats_points_less_the_others() -> None:
    """Whose points the expert's means in a hint are (`render.whose_points`): a side's at
    a partnership table, the seat's own each for self, less "your opponent's" at two."""
    from pinochle_tui.render import whose_points

    assert whose_points(VARIANTS["partnership"]) == "your side's points less the others'"
    assert whose_points(VARIANTS["cutthroat"]) == "your points less the others'"
    assert whose_points(VARIANTS["two-hand"]) == "your points less your opponent's"


def _set(cls: Any, text: str) -> Any:
    """A pass or a burial (``cls``) of the cards written in ``text`` ("AD TD TD KC")."""
    from rules import parse_cards

    return cls(tuple(parse_cards(text)))


def test_the_pass_reason_says_the_rule_in_one_wording_and_what_a_set_against_it_does() -> None:
    """The pass hint gave the standard bot's rule ("keeps trump, aces and its meld")
    right after a set that passes an ace, as if the set followed it: beside a set that
    breaks the rule the reason says the rule and then what the set does against it, trump,
    aces and the meld each given or kept.  The rule back to the partner is said in one
    wording by both hints, the standard bot's and the expert's (which named the standard
    bot's set and said "this pass keeps trump, aces and your meld" in its place); so is the
    order to the bidder (the expert's hint beside a set that kept cards back said only
    "this pass keeps an ace back ..." where the standard bot's hint said the order), then
    the cards the set keeps back that the order passes first, in plain words ("to the
    bidder this set keeps back a ten" read awkwardly): "this pass keeps a ten back from
    the bidder"."""
    from pinochle_tui.panels.passing import PASS_TO_BIDDER_RULE, pass_reason
    from rules import PassCards, observe

    back = observe(at_my_pass(1, bidder=True).round, 0)  # ♠ trump: Q♠ Q♠ J♠ J♠ A♥ ... K♦ 9♦ K♣
    assert pass_reason(back, _set(PassCards, "TD TD KD KC")) == (
        "no trump, no ace, none of your meld and ♣ emptied: passing back, the standard bot keeps trump, aces and"
        " its meld and empties short suits"
    )
    rule = "passing back, the standard bot keeps trump, aces and its meld and empties short suits"
    assert pass_reason(back, _set(PassCards, "AD TD TD KC")) == (
        f"no trump, an ace, none of your meld and ♣ emptied: {rule}; this pass gives the partner an ace and keeps"
        " trump and your meld"
    )
    assert pass_reason(back, _set(PassCards, "KH TD TD KC")) == (
        f"no trump, no ace, some of your meld and ♣ emptied: {rule}; this pass breaks your meld and keeps trump and"
        " aces"
    )
    assert pass_reason(back, _set(PassCards, "JS AH AD KC")) == (
        f"1 trump, 2 aces, none of your meld and ♣ emptied: {rule}; this pass gives the partner 1 trump and 2 aces"
        " and keeps your meld"
    )
    # beside the standard bot's own pass, which gives an ace: the rule in the same words,
    # then what that pass does against it
    assert pass_reason(back, _set(PassCards, "TD TD KD KC"), _set(PassCards, "AD TD TD KC")) == (
        f"no trump, no ace, none of your meld and ♣ emptied: {rule}; the standard bot's own pass here gives the"
        " partner an ace and keeps trump and your meld"
    )
    to = observe(at_my_pass(1, bidder=False).round, 0)  # ♠ trump: A♠ J♠ J♠ 9♠ 10♥ J♥ 9♥ K♦ A♣ 10♣ 9♣ 9♣
    order = PASS_TO_BIDDER_RULE
    assert order == (
        "the standard bot passes the bidder trump first (not the 9), then aces, then tens, kings and queens its own"
        " meld can spare"
    )
    assert pass_reason(to, _set(PassCards, "AS JS JS AC")) == f"3 trump and an ace: {order}"
    # to the bidder too, the order in its one wording all the same, then what the set does
    assert pass_reason(to, _set(PassCards, "AS JS AC TC")) == (
        f"2 trump, an ace and 10♣: {order}; this pass keeps 1 trump back from the bidder"
    )
    assert pass_reason(to, _set(PassCards, "JS JS TH TC")) == (
        f"2 trump and 10♥ 10♣: {order}; this pass keeps 1 trump and an ace back from the bidder"
    )
    assert pass_reason(to, _set(PassCards, "AS JS JS 9S")) == (
        # (the 9♠ is the dix, 10)
        f"4 trump: {order}; this pass breaks your meld and keeps an ace and 2 tens back from the bidder"
    )
    # a king given where a ten stays: the order passes tens before kings and queens
    assert pass_reason(to, _set(PassCards, "AS JS JS KD")) == (
        f"3 trump and K♦: {order}; this pass keeps an ace and 2 tens back from the bidder"
    )
    assert pass_reason(to, _set(PassCards, "AS JS AC KD")) == (
        f"2 trump, an ace and K♦: {order}; this pass keeps 1 trump and 2 tens back from the bidder"
    )


def test_the_pass_to_the_bidder_names_only_what_the_standard_bots_own_set_gives() -> None:
    """Beside the standard bot's own set, the cards kept back are those that set gives and
    this one keeps: a set of three trump and K♦ keeps the ace the standard bot's set (three
    trump and the ace) gives, not the tens it keeps as well ("an ace and 2 tens back ..."
    beside that set read as if it passed tens too); the
    standard bot's own set (the hint's set where nothing else was tried) is not said to
    keep anything back from itself."""
    from pinochle_tui.panels.passing import PASS_TO_BIDDER_RULE, pass_reason
    from rules import PassCards, observe

    to = observe(at_my_pass(1, bidder=False).round, 0)  # ♠ trump: A♠ J♠ J♠ 9♠ 10♥ J♥ 9♥ K♦ A♣ 10♣ 9♣ 9♣
    assert pass_reason(to, _set(PassCards, "AS JS JS KD"), _set(PassCards, "AS JS JS AC")) == (
        f"3 trump and K♦: {PASS_TO_BIDDER_RULE}; this pass keeps an ace back from the bidder, though the standard"
        " bot's own pass gives it"
    )
    assert pass_reason(to, _set(PassCards, "AS JS JS KD")) == (
        f"3 trump and K♦: {PASS_TO_BIDDER_RULE}; this pass keeps an ace and 2 tens back from the bidder"
    )
    own = _set(PassCards, "AS JS JS KD")
    assert pass_reason(to, own, own) == f"3 trump and K♦: {PASS_TO_BIDDER_RULE}"


def test_the_pass_to_the_bidder_says_what_a_set_that_breaks_its_meld_does() -> None:
    """The rule to the bidder ends "tens, kings and queens its own meld can spare": beside
    a set that gives the Q♦ of the passer's only marriage, with every trump but the 9 and
    every ace gone first, the reason says the rule in its one wording, then that the set
    breaks the meld: never the rule alone, as if the set followed it."""
    from pinochle_tui.panels.passing import PASS_TO_BIDDER_RULE, pass_reason
    from rules import PassCards, observe, parse_cards

    to = observe(at_my_pass(1, bidder=False).round, 0)  # ♠ trump
    hand = tuple(parse_cards("AS JS 9S TH JH 9H KD QD AC TC 9C 9C"))  # K♦ Q♦: its only meld
    to = to._replace(hand=hand)
    assert pass_reason(to, _set(PassCards, "AS JS AC QD")) == (
        f"2 trump, an ace and Q♦: {PASS_TO_BIDDER_RULE}; this pass breaks your meld and keeps 2 tens back from the"
        " bidder"
    )
    assert pass_reason(to, _set(PassCards, "AS JS AC TH")) == f"2 trump, an ace and 10♥: {PASS_TO_BIDDER_RULE}"
    assert pass_reason(to, _set(PassCards, "AS AC TH QD")) == (
        f"1 trump, an ace and 10♥ Q♦: {PASS_TO_BIDDER_RULE}; this pass breaks your meld and keeps 1 trump and a ten"
        " back from the bidder"
    )


def test_the_burial_reason_says_what_a_set_against_the_rule_does() -> None:
    """The burial's reason, as the pass's: the standard bot's rule beside a set that keeps
    trump, aces and the meld, else what the set buries and keeps, and whose its counters
    are (an ace buried counts for the bidder in three-hand)."""
    from pinochle_tui.panels.passing import bury_reason
    from rules import Bury, observe

    view = observe(_at_my_burial(VARIANTS["three-hand"], 1).round, 0)  # ♠ trump: K♠ J♠ J♠ 9♠ A♥ K♥ Q♥ ...
    rule = (
        "the standard bot keeps trump, aces and its meld, empties short suits and buries counters, as buried ones"
        " count for the bidder"
    )
    assert bury_reason(view, _set(Bury, "AH TD TD")) == (
        f"no trump, an ace, none of your meld and counters worth 3: {rule}; this set buries an ace and keeps trump"
        " and your meld"
    )
    assert bury_reason(view, _set(Bury, "9S QH 9D")) == (
        f"1 trump, no ace, some of your meld and no counter: {rule}; this set buries 1 trump, breaks your meld and"
        " keeps aces"
    )
    # the standard bot's own set named beside it (the expert's sets tried): the rule in the
    # same words, then what that set does against it where it does
    kept = "no trump, no ace, none of your meld and counters worth 2: "
    assert bury_reason(view, _set(Bury, "TD TD 9C"), _set(Bury, "TD TD 9D")) == kept + rule
    assert bury_reason(view, _set(Bury, "TD TD 9C"), _set(Bury, "AH TD TD")) == (
        kept + rule + "; the standard bot's own set here buries an ace and keeps trump and your meld"
    )


async def test_sets_that_all_score_alike_say_why() -> None:
    """Every set tried scored alike ("each set tried scores -3090") with no reason: where
    the contract is out of reach in every deal of every set (the human bid the most it
    could, seed 0) the hint says so; the expert's trial counts such deals per set, none
    where the contract can be made (seed 1)."""
    from pinochle_tui.panels.passing import sets_tried_words

    ctrl = at_my_pass(0, bidder=True)
    action, trial = _expert_seated_sets(ctrl)
    assert trial.unreachable == trial.thrown == [trial.deals] * len(trial.actions)
    v = ctrl.variant
    mean = trial.mean(0)
    assert mean < 0 and all(mean_points(v, trial.mean(i)) == mean_points(v, mean) for i in range(len(trial.actions)))
    tried, figures = sets_tried_words(trial, action, v)
    assert tried.endswith("; the contract is out of reach in every deal tried, whatever is passed"), tried
    # the figure they share, once: the set's own mean, the others the same in every deal
    assert figures.startswith(
        f"Figures, {trial.deals} deals, your side's points less the others' on average: this set"
        f" -{mean_points(v, round(-mean))}, "
    ), figures
    assert figures.endswith(" the same in every deal"), figures
    assert f"{tried}\n{figures}" in await hint_box(ctrl)
    _, trial = _expert_seated_sets(at_my_pass(1, bidder=False))
    assert trial.unreachable == [0] * len(trial.actions)


def test_sets_thrown_in_in_every_deal_say_so() -> None:
    """Alike because the hand is thrown in in every deal, the contract within reach (the
    standard bot's throw-in weighs its chances): said so; alike with neither in every
    deal: the figure alone."""
    from bots.expert_bidding import Trial
    from pinochle_tui.panels.passing import sets_tried_words
    from rules import Bury

    v = VARIANTS["partnership-kitty"]
    sets = (_set(Bury, "TD TD KC QC"), _set(Bury, "TD KD KC QC"))
    thrown = Trial([[-390.0] * 3, [-390.0] * 3], [], 600, actions=sets, thrown=[3, 3], unreachable=[3, 2])
    assert sets_tried_words(thrown, sets[0], v) == (
        "the expert tried the standard bot's set 10♦ 10♦ K♣ Q♣"
        " and 1 other, with one of its cards changed: this set is as"
        " good as K♦ for 10♦; every deal tried is thrown in, whatever is buried",
        "Figures, 3 deals, your side's points less the others' on average: this set -390, K♦ for 10♦ the same in"
        " every deal",
    )
    played = Trial([[-390.0] * 3, [-390.0] * 3], [], 600, actions=sets, thrown=[3, 2], unreachable=[0, 0])
    assert sets_tried_words(played, sets[0], v)[0].endswith(": this set is as good as K♦ for 10♦")
    # another set than the standard bot's given: that one named as the standard bot's
    three = (*sets, _set(Bury, "TD TD KD QC"))
    more = Trial([[-390.0] * 3] * 3, [], 600, actions=three, thrown=[3, 3, 3], unreachable=[3, 2, 3])
    assert sets_tried_words(more, three[1], v)[0].endswith(
        ": this set is as good as the standard bot's set and K♦ for K♣; every deal tried is thrown in, whatever is"
        " buried"
    )


def test_a_sets_mean_over_deals_whose_contract_mostly_fails_says_so() -> None:
    """A pass hint's figures said "this set -491" and the partner then made the contract with
    11 tricks: the mean is over deals that give the bidder any hand, most of them set or
    thrown in.  The trial counts those deals per set (`Trial.lost`), and where they are half
    the deals or more the words say how many, and what the figures are then good for."""
    from bots.expert_bidding import Trial
    from pinochle_tui.panels.passing import sets_tried_words
    from rules import PassCards

    v = VARIANTS["partnership"]
    sets = (_set(PassCards, "AS JS JS AC"), _set(PassCards, "AS JS JS KD"))
    values = [[-500.0, -480.0, -520.0, 60.0], [-510.0, -500.0, -530.0, 40.0]]
    trial = Trial(values, [], 900, actions=sets, thrown=[1, 1], unreachable=[0, 0], lost=[3, 3])
    tried, figures = sets_tried_words(trial, sets[0], v, to_bidder=True)
    assert tried.endswith(
        "; the contract fails in 3 of these 4 deals, which give the bidder any hand, not one worth its bid: the"
        " figures compare the sets, not how this hand will go"
    ), tried
    assert figures.startswith("Figures, 4 deals, your side's points less the others' on average: this set -360, ")
    # deals weighted by the calls (`SimDecisions.read_pass`): they do not give the bidder any hand
    weighed = Trial(values, [], 900, [1.0, 0.2, 0.5, 0.9], actions=sets, thrown=[1, 1], unreachable=[0, 0], lost=[3, 3])
    assert sets_tried_words(weighed, sets[0], v, to_bidder=True)[0].endswith(
        "; the contract fails in 3 of these 4 deals, though the figures count most the deals that fit the bids: the"
        " figures compare the sets, not how this hand will go"
    )
    # the burial or the pass back: the same count, the bidder's own hand known
    assert sets_tried_words(trial, sets[0], v)[0].endswith(
        "; the contract fails in 3 of these 4 deals: the figures compare the sets, not how this hand will go"
    )
    # in under half the deals: not said
    few = Trial(values, [], 900, actions=sets, thrown=[1, 1], unreachable=[0, 0], lost=[1, 3])
    assert "fails" not in sets_tried_words(few, sets[0], v, to_bidder=True)[0]


def test_a_set_given_over_the_standard_bots_names_it_among_the_figures() -> None:
    """A set given over the standard bot's set, which is not the next best: the hint
    names the standard bot's set in the figures line with the gap's margin (as a card
    played over the standard bot's), beside the next best set; each other set by the card
    it changes in the standard bot's ("K♦ for 10♠"), not four cards in a list of sets."""
    from bots.expert_bidding import Trial
    from pinochle_tui.panels.passing import sets_tried_words
    from rules import PassCards

    v = VARIANTS["partnership"]
    sets = (_set(PassCards, "TS AD TC TC"), _set(PassCards, "AD QD TC TC"), _set(PassCards, "AD KD TC TC"))
    values = [[0.0, 10.0, -10.0, 0.0], [40.0, 60.0, 30.0, 40.0], [30.0, 52.0, 20.0, 42.0]]
    trial = Trial(values, [], 900, actions=sets)
    assert sets_tried_words(trial, sets[1], v) == (
        "the expert tried the standard bot's set 10♠ A♦ 10♣ 10♣"
        " and 2 others, each with one of its cards changed: this set is about"
        " as good as K♦ for 10♠ (the deals can't tell them apart) and clearly better than the standard bot's set",
        "Figures, 4 deals, your side's points less the others' on average: this set +42, K♦ for 10♠ 6 less (± 12),"
        " the standard bot's set 42 less (± 5)",
    )
    # the standard bot's set the next best: named all the same
    two = Trial(values[:2], [], 900, actions=sets[:2])
    assert sets_tried_words(two, sets[1], v) == (
        "the expert tried the standard bot's set 10♠ A♦ 10♣ 10♣ and 1 other, with one of its cards changed: this set is"
        " clearly better than the standard bot's set",
        "Figures, 4 deals, your side's points less the others' on average: this set +42, the standard bot's set 42"
        " less (± 5)",
    )
    assert "standard error" not in "".join(sets_tried_words(trial, sets[0], v))


async def test_alone_the_card_loses_the_trick() -> None:
    """Each for self (cutthroat) no partner takes what the card does not: the hint's
    figures say "the trick is lost ... with K♣ 18%", where a partnership says "your side
    loses the trick"."""
    ctrl = preplay(
        "cutthroat",
        "human,standard,standard",
        4,
        lambda c: (
            c.round.phase is Phase.TRICKS
            and c.round.to_act == 0
            and not c.needs_meld_ack
            and len(c.legal()) >= 3
            and len(c.round.hands[0]) > 2
        ),
    )
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")
    ctrl._hint = ExpertBot(think=None, nodes=3000)
    again = ExpertBot(think=None, nodes=3000)
    card, _ = ctrl.choose(ctrl.round, 0, again, tag="helper")
    assert again.last is not None and again.last.lose
    me = Style.card(card.card)
    said = await hint_box(ctrl)
    share = again.last.lose[again.last.actions.index(card)]
    # a share of the search's play-outs of the deals it sampled (its own play-out, not the real players)
    # (said once for the cards next to it that share it: "9♣, J♣ and K♣ all")
    rates = said.split("; the trick lost in the search's play-outs: ")[1]
    lost = re.escape(again.last._lost_in(share))
    assert re.match(rf"{re.escape(me)}(, [^ ,]+)*( and [^ ,]+)? {lost}(,|$)", rates), said
    assert said.count("play-outs") == 1
    assert "your side" not in said


def test_the_limits_sum_adds_up_as_printed() -> None:
    """A standard limit of 259.x was printed as its bid, 250, and 250 plus the raise did
    not give the limit said ("adding 80% of that to the standard bot's limit of 250, it
    bids up to 270"): the standard bot's limit is said in points, with the bid it allows
    where that differs, the raise and the sum as figures, each total worked out from the
    printed parts, so a reader adding the printed numbers gets the printed result to the
    point, and no limit named is rounded up past a bid refused."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from rules import Bid

    v = VARIANTS["partnership"]
    odds = BidOdds(Bid(260), 30, 20, 15, 40.0, -20.0, 10.0)
    lim = BidLimit(259.4, 239.0, 260.0, 0.6, 0.8, 276.2, 290.0)
    assert bid_odds_words(odds, Bid(260), v, lim).split("; 30 trial")[0] == (
        "the expert bids up to 270: its own limit, 276, is the standard bot's 259 plus 17 from its own deals; the +20"
        " for the bids and the score takes it past 260; a trial with the standard bot in every seat agrees\nFigures:"
        " 259 is 239 (≈ 290 less its margin) +20 for the bids and the score; 17 is 80% of 260 less 239 (your side"
        " reaches 260 in 60% of its own deals)"
    )
    # partnership, seed 7: a cautious estimate of 278.95 with North's bid (+25, as the
    # bidding help says it) made a limit of 303.95, printed "303" beside "279 cautiously";
    # the limit is the printed parts' sum, 304, and the raise's sum 341 from it
    seven = BidLimit(303.9521394589653, 278.9521394589653, 348.0, 0.6, 0.5384615384615384, 341.1317566733686, 339.0)
    assert bid_odds_words(odds, Bid(260), v, seven).split("; 30 trial")[0] == (
        "the expert bids up to 340: its own limit, 341, is the standard bot's 304 plus 37 from its own deals; a trial"
        " with the standard bot in every seat agrees\nFigures: 304 is 279 (≈ 340 less its margin) +25 for the bids"
        " and the score; 37 is 54% of 348 less 279 (your side reaches 348 in 60% of its own deals)"
    )
    for name, seed in (("partnership", 3), ("three-hand", 4)):
        _limits_add_up_as_printed(VARIANTS[name], random.Random(seed))


def _limits_add_up_as_printed(v: Any, rng: random.Random, tries: int = 300) -> None:
    """Random limits of ``v`` (x10 points), each hint's words and figures read back: every
    printed sum adds up exactly as printed (the cautious level and each move to the
    standard bot's limit, that and the raise to the expert's own), the raise is the
    printed share of the printed gap to the printed unit, the same figure in the words and
    the figures, and no figure names another highest bid than the limit it stands for;
    whole points where they manage that, tenths or hundredths where they do not (never
    "rounded down" beside a sum that does not add up)."""
    from decimal import Decimal

    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from pinochle_tui.render import bid_grid_at_most
    from rules import Bid, PassBid

    num = r"(\d+(?:\.\d+)?)"
    scale, step = v.scale, v.bid_unit
    seen = set()
    for _ in range(tries):
        standard = rng.uniform(v.min_bid, v.min_bid + 8 * step)
        estimate = rng.uniform(v.min_bid - 2 * step, v.min_bid + 8 * step)
        reached = estimate + rng.uniform(1.0, 6 * step)
        weight = rng.choice((0.8, 0.5, 0.5384615384615384, 0.6666666666666666))
        moves = () if rng.random() < 0.5 else (("for your partner's bid", standard - estimate),)
        lim = BidLimit(standard, estimate, reached, 0.6, weight, 0.0, v.min_bid + 7 * step, moves=moves)
        lim = BidLimit(standard, estimate, reached, 0.6, weight, lim.raised, v.min_bid + 7 * step, moves=moves)
        nxt = Bid(step * (int(lim.raised) // step + rng.choice((0, 1))))
        act = Bid(nxt.amount) if lim.raised >= nxt.amount else PassBid()
        words, figures = bid_odds_words(BidOdds(nxt, 30, 20, 15), act, v, lim).split("\n")
        said = f"{words}\n{figures}"
        assert "rounded" not in said, said
        # the words: the limit, the standard bot's and what the expert's own deals add
        m = re.search(
            rf"its own limit, {num}, is (?:under [^;]*; it is )?the standard bot's {num}(?: (plus|less) {num})?", words
        )
        assert m, said
        total, base = Decimal(m[1]), Decimal(m[2])
        add = Decimal(m[4] or 0) * (-1 if m[3] == "less" else 1)
        # the figures: the standard bot's limit, its cautious level and each move, then what the
        # raise is a share of: the total reached less the cautious level
        reach = "you reach" if v.each_for_self else "your side reaches"
        n = r"\d+(?:\.\d+)?"
        f = re.match(
            rf"Figures: (?P<std>{n}) is (?:(?P<est>{n}) \([^)]*\)(?P<moves>(?: [+-]{n} [^+;(-]*)+)|[^;]*)"
            rf"(?:; (?P<raise>{n}) is (?P<pct>{n})% of (?P<top>{n}) less (?P<low>{n}) \({reach} (?P<reached>{n}) in"
            r" [^)]*\))?",
            figures,
        )
        assert f and Decimal(f["std"]) == base, said
        places = [len(x.partition(".")[2]) for x in re.findall(n, m[0] + f[0])]
        unit = Decimal(1).scaleb(-max(places))  # (the unit printed: a point, or its tenth or hundredth)
        seen.add(unit)
        if f["est"]:  # the cautious level and each move sum to the standard bot's limit, exactly
            moved = sum(Decimal(x) for x in re.findall(rf" ([+-]{n}) ", f["moves"] + " "))
            assert Decimal(f["est"]) + moved == base, said
        if m[4]:
            assert f["raise"] and Decimal(f["raise"]) == abs(add), said  # (the same figure in words and figures)
            assert Decimal(f["reached"]) in (Decimal(f["top"]), Decimal(f["low"])), said  # the total reached
            # the raise: the printed share of the printed gap, to the printed unit
            share = Decimal(f["pct"]) / 100 * (Decimal(f["top"]) - Decimal(f["low"]))
            assert abs(abs(add) - share) <= unit / 2, said
        assert base + add == total, said  # the standard bot's limit and the raise make the limit
        # no figure names another highest bid than the limit it stands for
        assert bid_grid_at_most(v, float(base) * scale) == bid_grid_at_most(v, standard), said
        assert bid_grid_at_most(v, float(total) * scale) == bid_grid_at_most(v, lim.raised), said
        if isinstance(act, PassBid):
            assert float(total) * scale < nxt.amount, said
    # whole points where they add up and name the limit's bid; finer only where they could not
    assert Decimal(1) in seen and Decimal("0.1") in seen, seen


def test_a_pass_against_the_higher_mean_says_a_cautious_limit_not_a_total_reached() -> None:
    """ "as it bids only to a total its side reaches in most deals" was false where the
    limit, the standard bot's moved toward that total, ends above it ("reaches 260 in
    60%", then "bids up to 270"): the clause says what is true in every case."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from rules import Bid, PassBid

    v = VARIANTS["partnership"]
    odds = BidOdds(Bid(280), 30, 20, 15, 40.0, -20.0, 10.0)
    lim = BidLimit(259.4, 239.0, 260.0, 0.6, 0.8, 276.2, 290.0)
    said = bid_odds_words(odds, PassBid(), v, lim)
    assert "; a trial with the standard bot in every seat favours bidding 280, but the expert bids by a" in said
    assert " cautious limit, not the average\nFigures: " in said and said.endswith(
        ": bidding 280 +40 (± 20), passing -20"
    )
    assert "in most deals" not in said
    assert said.startswith("the expert passes: its own limit, 276, is under the next bid, 280; ")


def test_a_bid_over_the_partner_says_the_partner_holds_the_bid() -> None:
    """Partnership, North (the partner) holding 310: "bid 320 · bidding 320 scores -75 ±
    102 ..., passing -131" never said the partner already held the bid: the hint says so,
    and says the bid is over it (`partner_holding` finds the partner in the auction)."""
    from bots.expert import BidOdds
    from pinochle_tui.panels.auction import partner_holding
    from rules import Bid, PassBid

    v = VARIANTS["partnership"]
    odds = BidOdds(Bid(320), 30, 20, 15, -75.0, -131.0, 51.0)
    said = bid_odds_words(odds, Bid(320), v, partner=("North", 310))
    assert said == (
        "your partner North holds the bid at 310\nFigures, 30 trial deals, your side's points less the others' on"
        " average: bidding 320 over it -75 (± 102), passing -131; auction won in 67%, contract made in 75% of those"
    )
    assert bid_odds_words(odds, PassBid(), v, partner=("North", 310)) == said
    assert bid_odds_words(odds, Bid(320), v).startswith("\nFigures, 30 trial deals, ")
    assert ": bidding 320 -75 (± 102)" in bid_odds_words(odds, Bid(320), v)
    view = _help_view()
    names = ["You", "West", "North", "East"]
    assert partner_holding(view._replace(bids=((1, 250), (2, 260), (3, 0)), high_bid=260), names) == ("North", 260)
    assert partner_holding(view._replace(bids=((1, 250), (2, 260), (3, 270))), names) is None  # East's


def _help_view() -> Any:
    """Seed 12, the human's first bid in partnership (West 250, North 260, East 270)."""
    c = preplay(
        "partnership",
        "human,standard,standard,standard",
        12,
        lambda c: c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act),
    )
    return c.view(0)


def _at_my_card_where_the_expert_differs() -> Controller:
    """Partnership, seed 7: the human's card, where the expert's search (3,000 cards played)
    and the standard bot choose different cards; an expert seated at the table."""
    ctrl = preplay(
        "partnership",
        "human,standard,standard,standard",
        7,
        lambda c: (
            c.round.phase is Phase.TRICKS and c.round.to_act == 0 and not c.needs_meld_ack and len(c.legal()) >= 3
        ),
    )
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")
    return ctrl


async def _played_by_a(ctrl: Controller, hint_first: bool) -> Any:
    """The move ``a`` made for the human (after ``i`` and Esc where ``hint_first``)."""
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn()
        if hint_first:
            await pilot.press("i")
            await settle(pilot)
            assert isinstance(app.screen, HintScreen)
            await pilot.press("escape")
            await settle(pilot)
        n = len(ctrl.actions)
        await pilot.press("a")
        await settle(pilot)
        assert len(ctrl.actions) > n
        return ctrl.actions[n]


async def test_play_for_me_at_an_experts_table_plays_the_experts_move() -> None:
    """``a`` played the standard bot's card beside an expert's hint that said another: at a
    table with an expert it plays the hint's bot's move, the expert's, found as the hint
    finds it (in a worker, on the hint's seed)."""
    ctrl = _at_my_card_where_the_expert_differs()
    ctrl._hint = ExpertBot(think=None, nodes=3000)
    expert, _ = ctrl.choose(ctrl.round, 0, ExpertBot(think=None, nodes=3000), tag="helper")
    standard, _ = ctrl.choose(ctrl.round, 0, StandardBot(), tag="helper")
    assert (Style.card(expert.card), Style.card(standard.card)) == ("K♥", "J♣")  # (the two differ here)
    assert await _played_by_a(ctrl, hint_first=False) == expert


async def test_play_for_me_plays_the_hint_just_shown_without_searching_again() -> None:
    """After the hint, ``a`` plays the move the hint showed for this very decision, kept
    from the hint (a second search might say another card): the hint's bot is not asked
    again."""
    ctrl = _at_my_card_where_the_expert_differs()
    asked: list[Any] = []

    class First:
        """A hint bot that takes the first legal card (not the standard bot's card here)."""

        name = "expert"

        def act(self, view: Any, legal: Any, rng: Any) -> Any:
            asked.append(view)
            return legal[0]

    ctrl._hint = First()
    hinted = ctrl.legal()[0]
    standard, _ = ctrl.choose(ctrl.round, 0, StandardBot(), tag="helper")
    assert hinted != standard
    assert await _played_by_a(ctrl, hint_first=True) == hinted
    assert len(asked) == 1


def test_a_pass_by_the_partner_rule_names_the_partners_bid_once_and_the_experts_limit() -> None:
    """After "your partner North holds the bid at 290" the rule said "North holds 290"
    again, and never the expert's own limit, which would have bid: the rule drops the
    partner and its bid the words before named (`why_it_passes` ``holder_said``), and the
    expert's limit is said once, as a bid."""
    from bots.expert import BidOdds
    from bots.expert_bidding import BidLimit
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import why_it_passes
    from rules import Bid, PassBid

    v = VARIANTS["partnership"]
    view = _help_view()._replace(bids=((1, 0), (2, 290), (3, 0)), high_bid=290)
    names = ["You", "West", "North", "East"]
    bot = StandardBot()
    assert why_it_passes(view, bot, "partner_holds_opponents_out", names) == "North holds 290, West and East passed"
    assert why_it_passes(view, bot, "partner_holds_opponents_out", names, holder_said=True) == "West and East passed"
    assert why_it_passes(view, bot, "partner_holds", names, holder_said=True) == (
        "it outbids a partner only with 40 to spare"
    )
    assert why_it_passes(view, bot, "partner_forced", names, holder_said=True) == (
        "its bid was forced; it takes over only with a strong hand"
    )
    odds = BidOdds(Bid(300), 66, 66, 66, 489.0, 388.0, 14.0)
    limit = BidLimit(480.0, 490.0, 560.0, 0.6, 0.8, 536.0, 540.0)
    rule = why_it_passes(view, bot, "partner_holds_opponents_out", names, holder_said=True)
    said = bid_odds_words(odds, PassBid(), v, limit, rule, partner=("North", 290))
    assert said == (
        "your partner North holds the bid at 290, and it passes by the partner rule: West and East passed (the"
        " expert's own limit, 530, would bid); the means of this bid tried alone favour bidding 300; the expert does"
        " not go by them, as their deals give your partner any hand, not one worth its bid\nFigures, 66 trial deals,"
        " your side's points less the others' on average: bidding 300 over it +489 (± 28), passing +388; auction won"
        " in 100%, contract made in 100% of those"
    )
    assert said.count("290") == 1
    # without the partner named (the rule's pass alone), the means are only not gone by
    assert bid_odds_words(odds, PassBid(), v, limit, rule).startswith(
        "it passes by the partner rule: West and East passed (the expert's own limit, 530, would bid); the means of"
        " this bid tried alone favour bidding 300; the expert does not go by them\nFigures, 66 trial deals, your"
        " side's points less the others' on average: bidding 300 +489"
    )


class _Gated:
    """A hint bot that takes the first legal card; its first search waits until a second
    one starts and answers before that one does (a hint called off, then ``a`` asked)."""

    name = "expert"

    def __init__(self) -> None:
        self.asked = 0
        self.second = threading.Event()

    def act(self, view: Any, legal: Any, rng: Any) -> Any:
        self.asked += 1
        if self.asked == 1:
            assert self.second.wait(10)
        else:
            self.second.set()
            time.sleep(0.3)  # (the first search's answer comes first)
        return legal[0]


async def test_play_for_me_after_a_hint_called_off_plays_the_move() -> None:
    """``i``, Esc while it thinks ("Cancelled."), then ``a``: the hint called off answered
    first and was taken for ``a``'s answer, so the hint box opened and nothing was played;
    ``a`` plays its own answer, and the answer called off is dropped."""
    ctrl = _at_my_card_where_the_expert_differs()
    ctrl._hint = bot = _Gated()
    hinted = ctrl.legal()[0]
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn()
        await pilot.press("i")
        await pilot.pause()
        assert t.busy
        await pilot.press("escape")
        await pilot.pause()
        assert str(t.message) == "Cancelled."
        n = len(ctrl.actions)
        await pilot.press("a")
        await settle(pilot)
        assert app.screen is t and bot.asked == 2
        assert ctrl.actions[n] == hinted


async def test_play_for_me_in_the_hint_box_closes_it_and_plays_the_hinted_move() -> None:
    """``a`` in the open hint box did nothing: it closes the box and plays the move the
    box shows, without a second search, and the box's own line says so."""
    ctrl = _at_my_card_where_the_expert_differs()
    ctrl._hint = bot = _Gated()
    bot.second.set()  # (every search answers at once)
    hinted = ctrl.legal()[0]
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn()
        await pilot.press("i")
        await settle(pilot)
        box = app.screen
        assert isinstance(box, HintScreen)
        assert box.close_how() == "i, Esc or Enter closes the hint; then Enter does it; a plays it for you."
        n = len(ctrl.actions)
        await pilot.press("a")
        await settle(pilot)
        assert app.screen is t and bot.asked == 1
        assert ctrl.actions[n] == hinted


async def test_a_keys_refusal_is_cleared_when_the_hint_starts_thinking() -> None:
    """Esc with nothing to call off says it does nothing here; then ``i`` showed
    "Thinking… (Esc cancels)" over that line, which now told Esc did nothing: the
    refusal goes once the hint thinks."""
    ctrl = _at_my_card_where_the_expert_differs()
    ctrl._hint = bot = _Gated()
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn()
        await pilot.press("escape")
        await pilot.pause()
        assert str(t.message) == "Esc does nothing here; now Enter plays the card."
        await pilot.press("i")
        await pilot.pause()
        assert t.busy and str(t.message) == ""
        assert str(t.prompt_and_buttons(t.context())[0]) == "Thinking… (Esc cancels)"
        bot.second.set()
        await settle(pilot)


async def test_a_bid_hint_against_the_bidding_help_says_which_adviser_is_which() -> None:
    """The bidding help (the centre: the standard bot's cautious estimate) said "it would
    pass" beside the expert's hint "bid 250", read as two advisers contradicting each
    other: where they differ the hint says which is which in a few words; where they agree
    it says nothing more."""
    from pinochle_tui.panels.auction import help_differs
    from rules import Bid, PassBid, observe

    ctrl = at_a_bid_the_help_makes()
    view, legal = observe(ctrl.round, 0), ctrl.legal()
    assert isinstance(StandardBot().bid_decision(view, legal)[0], Bid)  # the help bids here
    note = " · the bidding help is the standard bot's cautious estimate, which bids here; this hint is the expert's"
    assert help_differs(view, PassBid(), legal) == note
    assert help_differs(view, Bid(250), legal) == ""
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")

    class Passes(ExpertBot):  # the expert's choice made a pass, the hint's search as ever
        def _act(self, view, legal, rng):  # type: ignore[no-untyped-def]
            return PassBid()

    hint = Passes(think=None, nodes=8000)
    hint.explain_bids = True
    ctrl._hint = hint
    said = await hint_box(ctrl)
    assert said.startswith(f"Hint (expert bot)\n\npass (p passes; Enter would bid){note}\nFigures, 8 trial deals")
    # the other way: the help passes where the expert bids
    passes = preplay(
        "partnership",
        "human,standard,standard,standard",
        0,
        lambda c: (
            c.round.phase is Phase.AUCTION
            and c.round.to_act == 0
            and PassBid() in c.legal()
            and c.choose(c.round, 0, c.helper(), tag="helper")[0] == PassBid()
        ),
    )
    view, legal = observe(passes.round, 0), passes.legal()
    lowest = next(a for a in legal if isinstance(a, Bid))
    assert help_differs(view, lowest, legal) == note.replace("which bids here", "which passes here")
    assert help_differs(view, PassBid(), legal) == ""


async def test_the_card_hint_says_a_card_would_throw_away_a_sure_trick() -> None:
    """Three-hand, seed 4, trick 1: the leader's A♦ of trump, and the player holding A♦
    (nothing out can head it later), K♦ and 9♦.  The expert's search holds A♦ no higher
    than 9♦ (`bots.expert._thrown_under`), so its hint said "play 9♦ · as good as K♦ and
    A♦", as if the ace could go under the ace: it says the A♦ would throw away a sure trick."""
    from pinochle_tui.review import thrown_note
    from rules import Play

    c = preplay(
        "three-hand",
        "human,standard,standard",
        4,
        lambda c: c.round.phase is Phase.TRICKS and c.is_human(c.round.to_act) and not c.round.tricks,
    )
    view = c.view(0)
    assert [Style.card(x) for _, x in view.trick] == ["A♦"]
    legal = list(c.legal())
    nine = next(a for a in legal if isinstance(a, Play) and Style.card(a.card) == "9♦")
    assert thrown_note(view, legal, nine) == "A♦ would throw away a trick it wins later for sure"
    ace = next(a for a in legal if isinstance(a, Play) and Style.card(a.card) == "A♦")
    assert thrown_note(view, legal, ace) == ""  # (the card advised itself: nothing to warn of)
    c.seats[1] = Seat("bot", c.seats[1].name, "expert")  # (the hint is the expert's)
    c._hint = ExpertBot(think=None, nodes=3000)
    said = await hint_box(c)
    assert said.startswith("Hint (expert bot)\n\nplay 9♦ · as good as K♦ and A♦; the trick is lost whatever you play")
    assert "; A♦ would throw away a trick it wins later for sure\nFigures, " in said, said
