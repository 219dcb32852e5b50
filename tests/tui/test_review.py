"""The review of a hand: after the hand, ``r`` on its result lists each bid
and card of the human(s) beside the expert's choice and the difference in points on
average (`pinochle_tui.review`), from the decisions the controller keeps
(`Controller.decisions`).

The exact lines below are the expert's at a node budget of 4,000 cards a decision and 10
deals a bid, no clock: the same every run.  They change when the expert's search is
tuned (its play-out, its sampler, its bidding); then print ``Review(...).lines()`` for
the same game and check the new lines by hand before pinning them."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static
from tui_helpers import SIZE, VARIANTS, app_for, at_my_pass, policy_action, preplay, settle, shown, table, until

from bots.expert import ExpertBot
from pinochle_tui import review as review_module
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.render import Style, mean_points
from pinochle_tui.review import NO_DECISION, NO_PERSON, NO_REVIEW, Review, Reviewed, review_bot
from pinochle_tui.save import SaveError, load_game, save_game
from pinochle_tui.screens.dialogs import HandResultScreen, ReviewScreen
from rules import Phase, Play, legal_actions

NODES, BID_DEALS = 4000, 10
SEATS = "human,standard,standard,standard"


def _bot() -> ExpertBot:
    """The review's expert at the tests' budget, in this process (no worker pool)."""
    return ExpertBot(think=None, nodes=NODES, pool=False)


def _hand_done(seed: int = 2, seats: str = SEATS) -> Controller:
    """Partnership, the first hand played out, the human passing and playing the first
    legal card (`tui_helpers.policy_action`)."""
    return preplay("partnership", seats, seed, lambda c: c.round.phase is Phase.DONE)


def _reviewed(c: Controller) -> Review:
    r = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    r.run()
    return r


SEED_2 = [
    "auction: you passed, expert: bid 250 (your pass scores 110 more on average over 10 deals, give or take 192:"
    " about as good, as the deals can't tell them apart; the expert bids by a cautious limit, not by this average);"
    " bidding 250, your side would win the auction in 50% of 10 trial deals and make the contract in 80% of those",
    "trick 1: you played K♠, same as the expert (23 deals)",
    "trick 2: you played Q♠, same as the expert (36 deals)",
    "trick 3: you played J♠, the only legal card",
    "trick 4: you played Q♣, same as the expert (44 deals)",
    "trick 5: you played A♦, expert: K♦ (would have scored 22 more for your side"
    " this hand, on average over 24 deals: clearly better)",
    "trick 6: you played A♥, expert: K♥ (would have scored 57 more for your side"
    " this hand, on average over 54 deals: clearly better)",
    "trick 7: you played K♥, the only legal card",
    "trick 8: you played K♦, expert: J♦ (would have scored 5 more for your side"
    " this hand, on average over 50 deals: clearly better)",
    "trick 9: you played K♦, about as good as the expert's J♣: the deals can't tell them apart (J♣ would have scored"
    " 2 more for your side this hand, on average over 40 deals, give or take 4)",
    "trick 10: you played J♦, same as the expert (103 deals)",
    "trick 11: you played 9♦, same as the expert (400 deals)",
    "trick 12: you played J♣, the only legal card",
    "Your cards: 5 of 9 as the expert's, 1 about as good (forced ones aside); the other 3 would"
    " have scored 22,"
    " 57 and 5 points more for your side this hand with the expert's cards (28 a card on average).",
]


def test_the_review_lists_the_experts_choice_and_the_difference() -> None:
    c = _hand_done()
    r = _reviewed(c)
    assert r.lines() == SEED_2
    # trick 5 as the expert's search has it, asked directly with the decision's view and seed
    d = next(x for x in c.decisions() if isinstance(x.action, Play) and len(x.view.tricks) == 4)
    legal = list(d.legal)
    an = _bot().analyse(d.view, legal, random.Random(d.seed), prefer=d.action)
    best = legal[an.means.index(max(an.means))]
    assert (str(d.action.card), str(best.card), an.deals) == ("AD", "KD", 24)
    assert round(max(an.means) - an.means[legal.index(d.action)]) == 22


def test_a_card_below_the_experts_by_no_more_than_the_noise_says_so() -> None:
    """Within two standard errors of the difference (over the same deals) a card is "about as
    good" as the expert's, as the deals cannot tell them apart, its margin said "give or
    take" after the average; under half a counter and outside that margin it is a
    difference too small to matter.  The summary does not count either as a loss.  Plain
    words: "within the noise, as 83 is inside the ± 108 these deals leave" was a
    statistician's sentence."""
    lines = _reviewed(_hand_done(seed=0)).lines()
    assert [line for line in lines if "about as good" in line] == [
        "trick 3: you played K♠, about as good as the expert's Q♠: the deals can't tell them apart (Q♠ would have"
        " scored 3 more for your side this hand, on average over 24 deals, give or take 4)",
        "trick 5: you played A♥, about as good as the expert's 10♥: the deals can't tell them apart (10♥ would have"
        " scored 1 more for your side this hand, on average over 27 deals, give or take 17)",
        "trick 6: you played 9♠, about as good as the expert's 10♣: the deals can't tell them apart (10♣ would have"
        " scored 1 more for your side this hand, on average over 14 deals, give or take 16)",
        # 3 points, under half a counter, beside a margin under it: no noise, too small to matter
        "trick 8: you played 10♥, about as good as the expert's K♥: too small a difference to matter (K♥ would have"
        " scored 3 more for your side this hand, on average over 53 deals)",
        "Your cards: 6 of 10 as the expert's, 4 about as good (forced ones aside).",
    ]
    assert not [line for line in lines if "noise" in line]


def test_a_card_that_shows_as_plus_0_is_within_the_noise() -> None:
    """A review line "+0 on average over 295 deals" (the standard error smaller
    still) was counted as a card below the expert's; under half a counter it is within the
    noise, however many deals; from half a counter on only the standard error decides, by
    two of them, the margin of the hint's figures (the review judged by one)."""
    from bots.expert import NOISE_FLOOR
    from pinochle_tui.review import EVEN, Reviewed, within_noise

    assert EVEN == 5 == NOISE_FLOOR  # (the hint's "within the noise" by the same floor)
    d = _hand_done().decisions()[-1]
    assert [within_noise(Reviewed(d, d.action, better=b, deals=295, error=e)) for b, e in (
        (0.4, 0.1), (4.9, 0.5), (5.0, 0.5), (5.0, 2.5), (12.0, 6.0), (12.0, 11.9), (12.0, 5.9), (0.0, 3.0)
    )] == [True, True, False, True, True, True, False, False]  # fmt: skip


def test_the_reviews_footer_is_short_and_plain() -> None:
    """The footer says in a few plain sentences how the expert judges and what its two
    verdicts mean, in the form's terms (the side's points with partners, the player's
    where each plays alone; the stock game's exact end instead of the bid's trial): it ran
    to some 1,300 characters of standard errors and margins."""
    from pinochle_tui.review import about

    judges = (
        "How the expert judges: it plays each choice out over many deals of the cards you could not see, dealt to fit"
        " what you saw. A figure is the points {} would make this hand less the others', on average over those"
        ' deals. "Clearly better": the deals tell the two choices apart; "about as good": they cannot, or the two'
        " differ too little to matter."
    )
    assert about(VARIANTS["partnership"]) == (
        judges.format("your side") + " A bid is tried over deals played on by the standard bot."
    )
    assert about(VARIANTS["three-hand"]).startswith(judges.format("you"))
    assert about(VARIANTS["two-hand"]) == (
        judges.format("you") + " Once the two-hand stock is out every card is known and weighed exactly."
    )
    assert max(len(about(v)) for v in VARIANTS.values()) < 450


def test_the_review_is_the_same_every_time_and_from_the_view_alone() -> None:
    """Two reviews of one game agree line for line, and each decision's review is made from
    the seat's view then, never the hidden hands: its view is `observe` of the state then."""
    from rules import observe

    c = _hand_done()
    assert _reviewed(c).lines() == _reviewed(c).lines()
    for d in c.decisions():
        assert d.view == observe(c.states[d.index], 0) and d.seat == 0
        assert d.view.hand == c.states[d.index].hands[0]
        assert d.action == c.actions[d.index]
        assert d.seed == f"{c.seed}/review/1/{d.index}"


def test_while_it_works_the_review_says_how_far_it_has_got() -> None:
    r = Review(_hand_done(), nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    assert r.lines() == ["reviewing… 0 of 13"]
    for _ in range(3):
        assert r.step()
    assert r.lines() == [*SEED_2[:3], "reviewing… 3 of 13"]
    r.cancel()
    assert not r.step() and len(r.done) == 3  # cancelled: the result was closed


def test_undo_takes_back_the_decisions_with_the_moves() -> None:
    c = preplay(
        "partnership",
        SEATS,
        2,
        lambda c: c.round.phase is Phase.TRICKS and c.round.to_act == 0 and len(c.round.tricks) == 4,
    )
    before = c.decisions()
    c.apply(c.legal()[0])
    assert len(c.decisions()) == len(before) + 1 and c.decisions()[-1].action == c.actions[-1]
    assert c.undo()
    assert c.decisions() == before


def test_a_resumed_game_reviews_the_whole_hand(tmp_path: Path) -> None:
    """A save replays every action through the controller, so a game resumed at the hand's
    result (or mid-way through it) has every decision of the hand, and the same review."""
    c = _hand_done()
    path = tmp_path / "game.json"
    save_game(c, path)
    again = load_game(path)

    def facts(ctrl: Controller) -> list[tuple[Any, ...]]:  # (a shown meld compares by identity: its repr)
        return [(d.index, d.seat, d.legal, d.action, d.seed, repr(d.view)) for d in ctrl.decisions()]

    assert facts(again) == facts(c) and len(facts(c)) == 13
    assert _reviewed(again).lines() == SEED_2


def _two_hand_done(variant: str = "two-hand", seed: int = 1) -> Controller:
    """A two-hand form's first hand played out, the human taking the first legal move."""
    return preplay(variant, "human,standard", seed, lambda c: c.round.phase is Phase.DONE)


def test_the_two_hand_stock_game_is_reviewed_by_the_experts_own_searches() -> None:
    """Two-hand is reviewed as the expert plays it: a card while the stock lasts and the
    meld or dix after a won trick by its stock search (over deals of the unseen cards and
    the stock's order), the cards once the stock is out by the exact search it plays them
    by; the same every time, and each decision from the seat's own view alone."""
    from rules import observe

    c = _two_hand_done()
    r = _reviewed(c)
    lines = r.lines()
    assert lines == _reviewed(c).lines() and len(r.decisions) == 28
    assert lines[:4] == [
        "trick 1: you played A♠, about as good as the expert's Q♥: the deals can't tell them apart (Q♥ would have"
        " scored 148 more for you this hand, on average over 1 deal)",
        "trick 2: you played 10♠, same as the expert (1 deal)",
        "meld: you melded marriage K♣ Q♣, same as the expert (2 deals)",
        "meld: you exchanged the dix, same as the expert (3 deals)",
    ]
    at = next(k for k, line in enumerate(lines) if line.startswith("trick 12:"))
    assert lines[at : at + 7] == [
        "trick 12: you played A♦, expert: J♦ (would have scored 8 more for you"
        " this hand, on average over 6 deals: clearly better)",
        "meld: you melded marriage K♣ Q♣, same as the expert (17 deals)",
        "meld: you showed the dix, same as the expert (30 deals)",
        "trick 13: you played K♥, same as the expert (by an exact search: every card is known once the stock is out)",
        "trick 14: you played A♦, the only legal card",
        "trick 15: you played J♦, same as the expert (by an exact search: every card is known once the stock is out)",
        "trick 16: you played 9♦, the only legal card",
    ]
    assert lines[at + 7] == (
        "trick 17: you played A♣, expert: K♣ (would have scored 42 more for you this hand, by an exact search:"
        " every card is known once the stock is out)"
    )
    assert lines[-1].startswith("Your cards: 8 of 20 as the expert's, 9 about as good (forced ones aside)")
    # headed by what the form has: plays, no bids
    assert str(ReviewScreen(r).review_text()).splitlines()[0] == "Hand 1: your plays beside the expert's"
    # each from the seat's own view: a decision rebuilt from the view, the legal moves, the
    # move and the seed alone (no state, no hidden card) is reviewed the same
    for d in c.decisions():
        assert d.view == observe(c.states[d.index], 0) and d.view.hand == c.states[d.index].hands[0]
    bot = _bot()
    for k, d in enumerate(r.decisions):
        alone = review_module.Decision(d.index, d.seat, d.view, d.legal, d.action, d.seed)
        assert review_module.review_decision(bot, alone) == replace(r.done[k], decision=alone)


def test_two_hands_cards_once_the_stock_is_out_are_weighed_exactly() -> None:
    """Once two-hand's stock is out every card is known, and each legal card's figure is
    exact: checked here against every way the rest of the hand can be played by the rules
    themselves (both seats at their best), not by the solver the review asks."""
    from rules import apply

    c = _two_hand_done(seed=3)

    def best(state: Any, me: int) -> int:  # the hand's trick points, me less the other, both at their best
        if state.phase is Phase.DONE:
            got = [x.trick_points for x in state.result.sides]
            return got[me] - got[1 - me]
        values = [best(apply(state, a), me) for a in legal_actions(state)]
        return max(values) if state.to_act == me else min(values)

    late = [d for d in c.decisions() if len(d.view.hand) <= 5 and len(d.legal) > 1 and not d.view.stock_open]
    bot = _bot()
    found = []
    for d in late:
        exact = [best(apply(c.states[d.index], a), 0) for a in d.legal]
        assert bot.phase_two_scores(d.view, list(d.legal)) == exact
        r = review_module.review_decision(bot, d)
        found.append((exact, r.better))
    assert found == [([-124, -112, -112, -112], 12.0), ([-138, -124, -124], 14.0), ([-138, -138], 0.0)]
    r = review_module.review_decision(bot, late[0])
    assert Review(c, bot=bot).line(r) == (
        "trick 20: you played 10♣, expert: K♣ (would have scored 12 more for you this hand, by an exact search:"
        " every card is known once the stock is out)"
    )


def test_the_draft_is_reviewed_keep_or_reject_by_its_search_and_the_auction_as_standards() -> None:
    """The draft's keep or reject is weighed by the expert's draft search, its cards by the
    trick search; its auction, which the expert leaves to the standard bot, says so."""
    c = _two_hand_done("two-hand-draft")
    lines = _reviewed(c).lines()
    assert lines[0] == (
        "draft: you rejected K♦, about as good as the expert's choice, keep it: the deals can't tell them apart (its"
        " choice would have scored 80 more for you this hand, on average over 2 deals, give or take 100)"
    )
    assert "auction: you passed, same as the expert (the expert bids or passes as the standard bot does)" in lines
    assert lines[-1].startswith("Your cards: 4 of 7 as the expert's, 2 about as good (forced ones aside)")


def test_a_hand_with_no_human_decision_says_so() -> None:
    c = preplay("partnership", "standard,standard,standard,standard", 2, lambda c: c.round.phase is Phase.DONE)
    r = Review(c, bot=_bot())
    assert r.decisions == [] and r.lines() == [NO_DECISION] and r.finished


def test_hot_seat_reviews_each_human_under_their_name() -> None:
    c = _hand_done(seats="human:Ann,standard,human:Bob,standard")
    r = _reviewed(c)
    lines = r.lines()
    ann, bob = lines.index("Ann:"), lines.index("Bob:")
    assert ann == 0 and lines[bob - 1] == ""
    assert all(" Ann " in line for line in lines[1 : bob - 2])
    assert all(" Bob " in line for line in lines[bob + 1 : -1])
    assert lines[bob - 2].startswith("Ann's cards: ") and lines[-1].startswith("Bob's cards: ")
    assert len(lines) - 5 == len(c.decisions()) == len(c.decisions(0)) + len(c.decisions(2))
    assert lines[1] == (
        "auction: Ann passed, expert: bid 250 (Ann's pass scores 110 more on average over 10 deals, give or take 192:"
        " about as good, as the deals can't tell them apart; the expert bids by a cautious limit, not by this"
        " average); bidding 250, Ann's side would win the auction in 50% of 10 trial deals and make the contract in"
        " 80% of those"
    )


async def test_hot_seat_review_says_at_its_top_whose_decisions_follow() -> None:
    """At 80x24 the first person's bids and cards fill the review's view: its top names
    each person whose decisions follow, in order, and that the later ones are below."""
    from textual.app import App

    c = _hand_done(seats="human:Ann,standard,human:Bob,standard")
    r = _reviewed(c)
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReviewScreen(r))
        await pilot.pause()
        text = str(app.screen.query_one("#review-text", Static).content).splitlines()
        assert text[:3] == [
            "Hand 1: the players' bids and plays beside the expert's",
            "Ann's first, then Bob's below (↓ scrolls).",
            "",
        ]
        assert "Bob:" in text
        # a card's "+N" is the hand's score less the others' (`bots.search.value.HandValue`),
        # the contract's swing in it (it can pass 250), not its trick points
        about = " ".join(" ".join(text[text.index("Bob:") :]).split())
        assert "A figure is the points your side would make this hand less the others'" in about


def test_where_each_plays_for_themself_the_bid_is_yours_alone() -> None:
    c = preplay("three-hand", "human,standard,standard", 4, lambda c: c.round.phase is Phase.DONE)
    lines = _reviewed(c).lines()
    assert lines[0] == (
        "auction: you passed, expert: bid 21 (would have scored 8 more for you this hand, on average over 10 deals,"
        " give or take 11: about as good, as the deals can't tell them apart); bidding 21, you would win the auction"
        " in 50% of 10 trial deals and make the contract in 100% of those"
    )


def test_a_pass_the_expert_makes_too_says_why_by_the_lowest_bid_passed_up() -> None:
    """Three-hand, seed 3: "you passed, same as the expert" gave no reason for the pass;
    the lowest bid it passes up is tried on the same trial deals and said, as a bid is."""
    c = preplay("three-hand", "human,standard,standard", 3, lambda c: c.round.phase is Phase.DONE)
    assert _reviewed(c).lines()[0] == (
        "auction: you passed, same as the expert; the expert passes: bidding 22, you would win the auction in 50%"
        " of 10 trial deals and make the contract in 40% of those"
    )


def test_a_bid_or_a_pass_says_what_it_cost_in_a_card_lines_words() -> None:
    """The review's bid lines were in the statistical style ("your points less the others',
    on average over 10 deals: passing -2, bidding 21 +6 ± 11"), the reader left to weigh
    the figures: they say what the choice cost against the expert's in a card line's words
    and verdict (three-hand, single points), and where the choice made has the better mean,
    why the expert does not go by it."""
    from bots.expert import BidOdds
    from rules import Bid, PassBid

    v = VARIANTS["three-hand"]
    odds = BidOdds(Bid(210), 10, 5, 5, 60.0, -20.0, 1.5)
    r = Reviewed(None, Bid(210), odds=(None, odds))  # type: ignore[arg-type]
    cost = review_module._bid_cost
    assert cost(PassBid(), r, v, "you") == (
        "would have scored 8 more for you this hand, on average over 10 deals: clearly better"
    )
    noisy = replace(r, odds=(None, replace(odds, error=50.0)))
    assert cost(PassBid(), noisy, v, "Ann") == (
        "would have scored 8 more for Ann this hand, on average over 10 deals, give or take 10: about as good, as the"
        " deals can't tell them apart"
    )
    passes = Reviewed(None, PassBid(), odds=(odds, None))  # type: ignore[arg-type]
    assert cost(Bid(210), passes, v, "you") == (
        "your bid scores 8 more on average over 10 deals, but the expert bids by a cautious limit, not by this average"
    )
    noisy_bid = Reviewed(None, PassBid(), odds=(replace(odds, error=50.0), None))  # type: ignore[arg-type]
    assert cost(Bid(210), noisy_bid, v, "you") == (
        "your bid scores 8 more on average over 10 deals, give or take 10: about as good, as the deals can't tell them"
        " apart; the expert bids by a cautious limit, not by this average"
    )
    even = replace(r, odds=(None, replace(odds, value=-18.0)))
    assert cost(PassBid(), even, v, "you") == "as good, on average over 10 deals"
    assert cost(Bid(210), r, v, "you") == ""  # (the expert's own choice: nothing to cost)
    # the gap of the means as the hint prints them (+6 and -2), not of the means unrounded (8.8)
    printed = replace(r, odds=(None, replace(odds, value=64.0, pass_value=-24.0)))
    assert cost(PassBid(), printed, v, "you").startswith("would have scored 8 more for you this hand")


def test_the_reviews_expert_counts_nodes_and_leaves_the_app_a_core() -> None:
    bot = review_bot()
    assert (bot.think, bot.nodes, bot.leave_cores) == (None, review_module.REVIEW_NODES, 1)


async def test_r_on_the_result_opens_the_review(monkeypatch: Any) -> None:
    monkeypatch.setattr(review_module, "REVIEW_NODES", NODES)
    monkeypatch.setattr(review_module, "REVIEW_BID_DEALS", BID_DEALS)
    # searched in the worker thread, not on the worker pool (no processes started for a
    # test; the pool's search is the in-process one: tests/bots/test_expert_pool.py)
    monkeypatch.setattr(review_module, "review_bot", lambda nodes: ExpertBot(think=None, nodes=nodes, pool=False))
    monkeypatch.setattr(review_module, "wait_for_pool", lambda seconds=0, stop=None: False)
    app = app_for(_hand_done())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        result = app.screen
        assert isinstance(result, HandResultScreen)
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        for _ in range(600):  # the review works in a thread; the screen looks every 0.2 s
            if screen.review.finished and screen._shown[1]:
                break
            await pilot.pause(0.05)
        text = str(screen.query_one("#review-text", Static).content)
        head = "Hand 1: your bids and plays beside the expert's\n\n"
        assert text.startswith(head + "\n".join(SEED_2) + "\n\nHow the expert judges: it plays each choice out")
        await pilot.press("r")  # closes it
        assert app.screen is result
        kept = result.review
        await pilot.press("r")  # again: the same review, not begun anew
        assert isinstance(app.screen, ReviewScreen) and app.screen.review is kept
        await pilot.press("escape")
        await pilot.press("enter")  # the next hand: the review stops
        await settle(pilot)
        assert kept.cancelled and app.ctrl.hand_no == 2


def _review_here(monkeypatch: Any) -> None:
    """The review at the tests' budget, searched in the worker thread, no worker pool."""
    monkeypatch.setattr(review_module, "REVIEW_NODES", NODES)
    monkeypatch.setattr(review_module, "REVIEW_BID_DEALS", BID_DEALS)
    monkeypatch.setattr(review_module, "review_bot", lambda nodes: ExpertBot(think=None, nodes=nodes, pool=False))
    monkeypatch.setattr(review_module, "wait_for_pool", lambda seconds=0, stop=None: False)


async def test_r_in_the_next_hand_reviews_the_last_one(monkeypatch: Any) -> None:
    """A key typed on at the table went on from a hand's result before its review was
    asked for, and the review was gone: ``r`` at the table during the next hand opens the
    last hand's review (the table waits while it is open), whole, as its result's ``r``
    would.  In the first hand ``r`` says there is none yet.  A review begun on the result
    and stopped by the next deal goes on from where it stopped."""
    from pinochle_tui.screens.dialogs import LastReviewScreen
    from pinochle_tui.screens.table import NO_HAND_TO_REVIEW

    _review_here(monkeypatch)
    head = "Hand 1: your bids and plays beside the expert's\n\n"
    for begun_on_the_result in (False, True):
        c = preplay("partnership", SEATS, 2, lambda c: c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act))
        app = app_for(c)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            t = table(app)
            await pilot.press("r")
            await settle(pilot)
            assert app.screen is t and str(t.message) == NO_HAND_TO_REVIEW
        c = _hand_done()
        app = app_for(c)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            result = app.screen
            assert isinstance(result, HandResultScreen)
            if begun_on_the_result:
                await pilot.press("r", "escape")
            await pilot.press("enter")  # (the review, if begun, stops)
            await settle(pilot)
            t = table(app)
            assert c.hand_no == 2 and app.screen is t
            await pilot.press("r")
            await until(pilot, lambda app=app: shown(app, LastReviewScreen))
            screen = app.screen
            assert isinstance(screen, LastReviewScreen) and screen.review.hand_no == 1
            assert t.turns.paused()  # no bot moves behind it
            await until(pilot, lambda s=screen: s.review.finished and s._shown[1], seconds=60)
            text = str(screen.query_one("#review-text", Static).content)
            assert text.startswith(head + "\n".join(SEED_2) + "\n\nHow the expert judges")
            await pilot.press("r")  # closes it: the table goes on
            await settle(pilot)
            assert app.screen is t and not t.turns.paused() and c.hand_no == 2


async def test_every_form_offers_the_review_but_a_game_of_bots_alone_and_r_says_so() -> None:
    """The two-hand forms (the stock game, the draft) open the review as the auction games
    do; a game of bots alone, watched, offers no ``r review`` (it reviewed "your bids and
    plays" with no person at the table), and ``r`` (the help's review key) says so in
    the result's own line, once."""
    from pinochle_tui.widgets import KeysFooter

    cases = [("two-hand", True, "human,standard", ""), ("two-hand-draft", True, "human,standard", "")]
    cases += [
        ("partnership", True, SEATS, ""),
        ("partnership", False, "standard,standard,standard,standard", NO_PERSON),
    ]
    for variant, offered, seats, said in cases:
        c = preplay(variant, seats, 1, lambda c: c.round.phase is Phase.DONE)
        app = app_for(c)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            result = app.screen
            assert isinstance(result, HandResultScreen)
            footer = str(result.query_one(KeysFooter).render())
            assert ("review" in footer) is offered, footer
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen) is offered
            if offered:
                assert NO_REVIEW not in str(app.screen.query_one("#review-text", Static).content)
                continue
            await pilot.press("r")  # again: said once
            await pilot.pause()
            notice = result.query_one("#result-notice", Static)
            assert notice.display and str(notice.content) == said
            assert len(said) <= 76  # one line at 80 columns (the line's padding 2 a side)


def test_in_ascii_mode_the_review_names_cards_by_letters() -> None:
    """Its cards are `Style.card`'s, so ``--ascii`` gives letters; the one other glyph, the
    '…' of "reviewing…", is in `ASCII_CELLS`."""
    from pinochle_tui.render import Style, ascii_cells

    r = Review(_hand_done(), nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    r.step()
    r.step()
    Style.ascii = True
    try:
        lines = r.lines()
    finally:
        Style.ascii = False
    assert lines == [SEED_2[0], "trick 1: you played KS, same as the expert (23 deals)", "reviewing… 2 of 13"]
    assert all(ascii_cells(line).isascii() for line in lines) and ascii_cells(lines[-1]) == "reviewing. 2 of 13"


def test_the_other_decisions_are_named_in_words() -> None:
    """Trump, the pass, the burial and the throw-in: what was done beside the expert's
    choice, with no number (as `Review.line` writes any decision but a card or a bid)."""

    from pinochle_tui.review import Reviewed
    from rules import Bury, Concede, NameTrump, PassCards, PlayOn, Suit, parse_cards

    r = Review(_hand_done(), bot=_bot())
    d = r.decisions[0]
    cards = tuple(parse_cards("AS TS KS QS"))
    said = [
        r.line(Reviewed(replace(d, action=Concede()), PlayOn())),
        r.line(Reviewed(replace(d, action=PlayOn()), PlayOn())),
        r.line(Reviewed(replace(d, action=NameTrump(Suit.parse("H"))), NameTrump(Suit.parse("S")))),
        r.line(Reviewed(replace(d, action=PassCards(cards)), PassCards(cards))),
        r.line(Reviewed(replace(d, action=Bury(cards[:2])), Bury(cards[2:])), "Ann"),
    ]
    assert said == [
        "throw-in: you threw in the hand, expert: play the hand",
        "throw-in: you played the hand on, same as the expert",
        "trump: you named ♥ trump, expert: ♠ (spades)",
        "pass: you passed A♠ 10♠ K♠ Q♠, same as the expert",
        "burial: Ann buried A♠ 10♠, expert: K♠ Q♠",
    ]


def test_a_hand_the_expert_would_throw_in_says_the_contract_is_lost_once_after_the_cards() -> None:
    """A "+51" in a hand the expert would have thrown in is not the contract's: it is lost
    either way, and the card keeps points from the others (RULES.md §8.3).  Said once,
    after the cards, with the hand's outcome: it was tacked onto the card lines that
    differed from the expert's, often a single trick, as if about that trick alone."""

    from pinochle_tui.review import THROWN_IN, Reviewed
    from rules import Concede, PlayOn

    r = Review(_hand_done(), bot=_bot())
    cards = [d for d in r.decisions if isinstance(d.action, Play) and len(d.legal) > 1][:2]
    throw_in = Reviewed(replace(r.decisions[0], action=PlayOn()), Concede())
    other = [next(a for a in d.legal if a != d.action) for d in cards]
    r.decisions = [throw_in.decision, *cards]
    r.done = [
        throw_in,
        Reviewed(cards[0], other[0], better=51.0, deals=40),
        Reviewed(cards[1], other[1], better=12.0, deals=40),
    ]
    lines = r.lines()
    head = [f"trick {len(d.view.tricks) + 1}: you played {Style.card(d.action.card)}, expert: " for d in cards]
    assert lines[:3] == [
        "throw-in: you played the hand on, expert: throw in",
        head[0] + f"{Style.card(other[0].card)} (would have scored 51 more for your side"
        " this hand, on average over 40 deals: clearly better)",
        head[1] + f"{Style.card(other[1].card)} (would have scored 12 more for your side"
        " this hand, on average over 40 deals: clearly better)",
    ]
    assert lines[-1] == THROWN_IN and lines.count(THROWN_IN) == 1
    assert THROWN_IN == (
        "The expert would have thrown this hand in: the contract was lost either way, so the cards' figures"
        " are points kept from the others, not the contract."
    )
    r.done[0] = Reviewed(throw_in.decision, PlayOn())  # the expert plays it on too: not said
    assert THROWN_IN not in r.lines()


def test_an_x1_games_review_is_in_whole_points_of_its_scale() -> None:
    """Three-hand's review read "(+3.1 on average ...)" and "2.6
    points below the expert's" where the game shows whole points only (its bids "21", its
    hand 25 trick points); the means are shown as the game's points, a half going up."""
    from pinochle_tui.render import mean_points

    c = preplay("three-hand", "human,standard,standard", 4, lambda c: c.round.phase is Phase.DONE)
    lines = _reviewed(c).lines()
    assert lines[4] == (
        "trick 4: you played A♥, expert: J♥ (would have scored 3 more for you"
        " this hand, on average over 12 deals: clearly better)"
    )
    assert lines[8] == (
        "trick 8: you played 10♥, expert: J♥ (would have scored 4 more for you"
        " this hand, on average over 8 deals: clearly better)"
    )
    assert lines[2] == "trick 2: you played K♦, as good as the expert's 9♦ (23 deals)"
    # A♦ under the leader's A♦ of trump is worth no more than the 9♦ to the expert's search,
    # which then plays the lower card (`bots.expert._thrown_under`): a counter and a sure
    # later trick given away, not "as good as the expert's 9♦" (the means cannot tell)
    assert lines[1] == (
        "trick 1: you played A♦, expert: 9♦ (your A♦ would have won a later trick for sure and gives its points away"
        " here; the 9♦ loses the same trick and keeps it)"
    )
    assert lines[-1] == (
        "Your cards: 4 of 12 as the expert's, 1 as good, 1 about as good, 1 threw away a sure trick (forced ones"
        " aside); the other 5 would"
        " have scored 3, 3, 4, 2 and 1 points more for you this hand with the expert's cards (about 3 a card on"
        " average)."
    )
    # every card alike: "each"; one point is "1 point" (it read "each worth 1 points less")
    r = _reviewed(c)
    r.done = [replace(x, better=10.0, error=0.0) if x.better else x for x in r.done]
    assert r.lines()[-1] == (
        "Your cards: 4 of 12 as the expert's, 1 threw away a sure trick (forced ones aside); the other 7 would each"
        " have scored 1 point more for you this hand on average with the expert's cards."
    )
    # the hint's figures go through the same (`Analysis.explain`'s points)
    x1, x10 = VARIANTS["three-hand"], VARIANTS["partnership"]
    assert [mean_points(x1, p) for p in (82.0, 31.0, 5.0, 4.9, 0.0)] == ["8", "3", "1", "0", "0"]
    # an x10 game as before: to the point
    assert [mean_points(x10, p) for p in (22.4, 57.0, 2.0)] == ["22", "57", "2"]
    assert (
        _reviewed(_hand_done()).lines()[5]
        == "trick 5: you played A♦, expert: K♦ (would have scored 22 more for your side"
        " this hand, on average over 24 deals: clearly better)"
    )


def test_the_mean_a_card_is_the_mean_of_the_gaps_as_shown() -> None:
    """The summary's mean a card is worked out from the figures the lines show, each
    rounded as the game shows points, not from the unrounded gaps: "2, 2 and 4 points
    ... (2 a card on average)" read as a sum gone wrong; a mean between the game's
    points is said to be "about" the point it rounds to."""
    r = _reviewed(_hand_done())
    off = [i for i, x in enumerate(r.done) if x.better and not review_module.within_noise(x)]
    assert len(off) == 3
    for i, gap in zip(off, (12.4, 12.4, 13.4)):  # shown 12, 12 and 13 (their mean 12.3; unrounded 12.7)
        r.done[i] = replace(r.done[i], better=gap, error=0.0)
    assert r.lines()[-1] == (
        "Your cards: 5 of 9 as the expert's, 1 about as good (forced ones aside); the other 3 would"
        " have"
        " scored 12, 12 and 13 points more for your side this hand with the expert's cards (about 12 a card on"
        " average)."
    )
    for i, gap in zip(off, (22.4, 57.4, 5.4)):  # shown 22, 57 and 5: a mean of 28 exactly
        r.done[i] = replace(r.done[i], better=gap)
    assert r.lines()[-1].endswith(
        " scored 22, 57 and 5 points more for your side this hand with the expert's cards (28 a card on average)."
    )


def test_a_card_played_as_the_experts_hint_said_is_reviewed_by_that_hints_search():
    """A player who followed every hint must not be told by the review, as before, the expert would
    have played another card ("would have scored 71 more for your side this hand, on average
    over 115 deals", against the hint's 600): a
    move made as the expert's hint said is reported by the hint's search, not a smaller
    one of the review's own.  Another card, or the hinted one at another position, is
    reviewed as before."""
    c = preplay(
        "partnership",
        SEATS,
        2,
        lambda c: c.round.phase is Phase.TRICKS and c.is_human(c.to_act) and len(c.legal()) >= 2,
    )
    legal = c.legal()
    c.note_hint(legal[1], 612)  # the hint said the second card; it is played
    k = len(c.actions)
    c.apply(legal[1])
    while c.round.phase is not Phase.DONE:
        if c.is_human(c.to_act) and len(c.legal()) >= 2 and not c.hints.get(len(c.actions)):
            c.note_hint(c.legal()[1], 300)  # hinted, then another card played
        c.apply(policy_action(c))
    decisions = {d.index: d for d in c.decisions()}
    hinted = decisions[k]
    assert (hinted.hinted, hinted.hint_deals, hinted.action) == (legal[1], 612, legal[1])
    bot = _bot()
    review = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=bot)
    r = review_module.review_decision(bot, hinted)
    assert (r.expert, r.better, r.deals, r.note) == (legal[1], 0.0, 612, "hint")
    trick = len(hinted.view.tricks) + 1
    assert (
        review.line(r)
        == f"trick {trick}: you played {Style.card(legal[1].card)}, as the expert's hint said (612 deals)"
    )
    others = [d for d in decisions.values() if d.index > k and d.hinted is not None]
    assert others and all(d.hinted != d.action for d in others)
    assert review_module.review_decision(bot, others[0]).note != "hint"


def test_a_card_played_against_the_hint_is_reviewed_by_the_hints_own_numbers():
    """The hint said J♦ (+10 over A♠ on 528 deals), A♠ was played, and the review's own
    smaller search called A♠ "same as the expert (81 deals)": a card played against a hint
    shown at that position is reviewed by that hint's search and its numbers."""
    from bots.expert import Analysis

    c = preplay(
        "partnership",
        SEATS,
        2,
        lambda c: c.round.phase is Phase.TRICKS and c.is_human(c.to_act) and len(c.legal()) >= 2,
    )
    legal = tuple(c.legal())
    means = tuple(10.0 if i == 0 else 0.0 for i in range(len(legal)))
    searched = Analysis(legal, means, 528, 76_000, 0.9, errors=tuple(0.5 for _ in legal))
    c.note_hint(legal[0], 528, searched)  # the hint said the first card; the second is played
    k = len(c.actions)
    c.apply(legal[1])
    d = next(d for d in c.decisions() if d.index == k)
    assert d.hint_analysis is searched
    r = review_module.review_decision(_bot(), d)
    # the gap's error as the hint judged it (`Analysis.gap_error`: neither card the standard
    # bot's, whose errors these are measured against, so the two added: the most it can be)
    assert (r.expert, r.better, r.deals, r.error, r.note) == (legal[0], 10.0, 528, 1.0, "")


def test_a_card_played_against_the_hint_with_a_mean_within_the_noise_names_the_hints_card(
    tmp_path: Path,
) -> None:
    """The hint said J♣ (the expert keeps standard's card within the noise), 10♣ was
    played, its mean a hair above J♣'s in the hint's search: the review said "same as the
    expert" and counted the card as the expert's, then "as good as the expert's J♣" beside
    a footer that called the expert's choice the one its search rates best, which J♣ was
    not.  It names the hint's card and says why the expert kept it: the card played scores
    more, within the noise, and the expert kept the standard bot's card; before and after
    the game is saved and resumed; the summary counts it as good as the expert's."""
    from bots.expert import Analysis

    c = preplay(
        "partnership",
        SEATS,
        2,
        lambda c: c.round.phase is Phase.TRICKS and c.is_human(c.to_act) and len(c.legal()) >= 2,
    )
    legal = tuple(c.legal())
    # the hint's card first, the card played 1.5 better (within 2 standard errors of 4)
    means = tuple({0: 40.0, 1: 41.5}.get(i, 10.0) for i in range(len(legal)))
    searched = Analysis(legal, means, 3137, 90_000, 1.0, errors=tuple(4.0 for _ in legal))
    c.note_hint(legal[0], 3137, searched)
    k = len(c.actions)
    c.apply(legal[1])
    while c.round.phase is not Phase.DONE:
        c.apply(policy_action(c))
    path = tmp_path / "game.json"
    save_game(c, path)
    head = f"trick {len(next(d for d in c.decisions() if d.index == k).view.tricks) + 1}"
    mine = Style.card(legal[1].card)
    expected = (
        f"{head}: you played {mine}, expert: {Style.card(legal[0].card)} ({mine} scores 2 more on average over 3137"
        " deals, but the deals can't tell them apart, so the expert kept the standard bot's card)"
    )
    bot = _bot()
    for ctrl in (c, load_game(path)):
        d = next(d for d in ctrl.decisions() if d.index == k)
        r = review_module.review_decision(bot, d)
        assert (r.expert, r.better, r.lead, r.deals, r.note) == (legal[0], 0.0, 1.5, 3137, "")
        review = Review(ctrl, nodes=NODES, bid_deals=BID_DEALS, bot=bot)
        assert review.line(r) == expected
        review.done = [r]
        # (a card that beat the expert's kept card counted apart, never "as good")
        assert review.summary(d.seat) == ("Your cards: 1 of 1 a little better than the expert's (forced ones aside).")


def test_a_cards_gap_in_the_review_is_the_one_the_hint_printed_in_a_single_point_game() -> None:
    """Three-hand (single points): the hint's search put its card 14.6 (x10) above the card
    played, and the hint printed "2 more than" it (the gap rounded, then shown); the review
    of the same two means said "would have scored 1 more".  It says 2, as the hint did,
    in the card's line and in the summary."""
    from bots.expert import Analysis

    c = preplay(
        "three-hand",
        "human,standard,standard",
        2,
        lambda c: c.round.phase is Phase.TRICKS and c.is_human(c.to_act) and len(c.legal()) >= 2,
    )
    v = c.variant
    legal = tuple(c.legal())
    means = tuple({0: 40.0, 1: 25.4}.get(i, 10.0) for i in range(len(legal)))
    searched = Analysis(legal, means, 300, 90_000, 1.0, errors=tuple(1.0 for _ in legal))
    hinted, played = Style.card(legal[0].card), Style.card(legal[1].card)
    hint = searched.figures(legal[0], lambda a: Style.card(a.card), lambda p: mean_points(v, p), "your points")
    assert f" {played} 2 less (± under 1)" in hint, hint
    c.note_hint(legal[0], 300, searched)
    k = len(c.actions)
    c.apply(legal[1])
    while c.round.phase is not Phase.DONE:
        c.apply(policy_action(c))
    d = next(d for d in c.decisions() if d.index == k)
    bot = _bot()
    r = review_module.review_decision(bot, d)
    assert r.expert == legal[0] and r.better == pytest.approx(14.6)
    review = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=bot)
    head = f"trick {len(d.view.tricks) + 1}: you played {played}"
    assert review.line(r) == (
        f"{head}, expert: {hinted} (would have scored 2 more for you"
        f" this hand, on average over 300 deals: clearly better)"
    )
    review.done = [r]
    assert review.summary(d.seat) == (
        "Your cards: 0 of 1 as the expert's (forced ones aside); the other one would have scored 2 points more for"
        " you this hand on average with the expert's card."
    )


def test_a_bid_or_pass_against_the_hint_is_reviewed_by_the_hints_own_choice_and_numbers():
    """The hint said "bid 320" with its means, the player passed, and the review's own
    search (other deals) said "you passed, same as the expert": a decision made against a
    hint asked at that position is reviewed by the hint's choice, and at the auction by the
    hint's own numbers (its `BidOdds`: the bid and the pass on the same deals) where they
    cover both choices.  Where no hint was asked, the review's own search stays (`SEED_2`)."""
    from bots.expert import BidOdds
    from rules import Bid, NameTrump, PassBid, Suit

    c = preplay("partnership", SEATS, 2, lambda c: c.round.phase is Phase.AUCTION and c.is_human(c.to_act))
    hinted = Bid(320)
    assert hinted in c.legal() and PassBid() in c.legal()
    odds = BidOdds(hinted, 612, 490, 400, 120.0, 30.0, 15.0)
    c.note_hint(hinted, 612, None, odds)
    k = len(c.actions)
    c.apply(PassBid())
    d = next(d for d in c.decisions() if d.index == k)
    assert (d.hinted, d.hint_deals, d.hint_odds) == (hinted, 612, odds)
    bot = _bot()
    r = review_module.review_decision(bot, d)
    assert (r.expert, r.odds, r.note) == (hinted, (None, odds), "against the hint")
    assert Review(c, bot=bot).line(r) == (
        "auction: you passed, expert: bid 320, as its hint here said (would have scored 90 more for your side this"
        " hand, on average over 612 deals: clearly better); bidding 320, your side would win the auction in 80% of"
        " 612 trial deals and make the contract in 82% of those"
    )
    # another bid than the hint's: the hint's choice, both bids tried on the review's own deals
    other = replace(d, action=Bid(250))
    r = review_module.review_decision(bot, other, BID_DEALS)
    assert r.expert == hinted and r.note == "against the hint"
    assert [o.bid for o in r.odds] == [Bid(250), hinted] and {o.deals for o in r.odds} == {BID_DEALS}
    # trump named against the hint: the hint's suit, with no number
    trump = replace(d, action=NameTrump(Suit.parse("H")), hinted=NameTrump(Suit.parse("S")), hint_odds=None)
    trump = replace(trump, legal=(trump.action, trump.hinted))
    r = review_module.review_decision(bot, trump)
    assert (r.expert, r.note) == (NameTrump(Suit.parse("S")), "against the hint")
    assert Review(c, bot=bot).line(r) == (
        "trump: you named ♥ trump, expert: ♠ (spades), as its hint here said: ♠ gives you 3 trump and meld 80, ♥ 2"
        " trump and meld 60"
    )


def test_a_set_contract_says_from_which_trick_it_was_out_of_reach() -> None:
    """North (your partner) bid 380 and was set: the review says from which trick the side
    could no longer make it even taking every trick left (`rules.scoring.contract_out_of_reach`),
    from its first line on, before any decision is reviewed."""
    c = _hand_done(11)
    assert (c.round.table.bidder, c.round.table.high_bid) == (2, 380)
    line = (
        "From trick 9 the contract of 380 was out of reach: your side could reach 360 at most, taking every trick left"
    )
    r = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    assert r.lines()[-2:] == [line, f"reviewing… 0 of {r.total}"]
    # the other side's contract, set on the last trick, is named by its bidder
    other = Review(_hand_done(17), nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    assert other.lines()[-2] == (
        "From trick 12 the contract of 260 was out of reach: West's side could reach 250 at most,"
        " taking every trick left"
    )


def test_a_made_contract_has_no_out_of_reach_line() -> None:
    c = _hand_done(2)
    side = next(x for x in c.game.history[-1].sides if x.made is not None)
    assert side.made is True
    r = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    assert not any("out of reach" in line for line in r.lines())


async def test_the_review_fits_the_terminal_again_as_it_shrinks() -> None:
    """Opened at 200x60 the review is 120 wide; the terminal shrunk to 80x24 cut its lines
    at column 80 and hid its right border (it was fitted once, as it opened).  It fits
    again on each resize, as the hint does: as wide as it opens at 80x24 (76, 2 cells
    short of either edge), 120 again at 200x60."""
    from types import SimpleNamespace

    from textual.app import App

    r = SimpleNamespace(
        variant=VARIANTS["partnership"], humans=[0], hand_no=1, names=["You"], decisions=[], done=[1],
        finished=True, cancelled=False,
        lines=lambda: ["trick 1: you played K♠, same as the expert (23 deals) " + "and more words " * 6],
    )  # fmt: skip
    app = App()
    async with app.run_test(size=(200, 60)) as pilot:
        await app.push_screen(ReviewScreen(r))
        await pilot.pause()
        box = app.screen.query_one("#dialog")
        assert box.outer_size.width == 120
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert box.outer_size.width == 76 and box.region.right <= 78
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        assert box.outer_size.width == 120


async def test_a_move_play_for_me_made_is_said_to_be_made_for_the_player() -> None:
    """``a`` ("play for me") bids for the person: the review said "you bid 250" as if they
    had chosen it.  The controller keeps which moves ``a`` made (`Decision.auto`), and the
    review says "bid 250 for you"; a move the person makes is theirs, the same move made
    again by hand after an undo too."""
    from tui_helpers import at_my_bid, make_app

    app = make_app("partnership", SEATS, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        t = await at_my_bid(pilot, app)
        c = t.ctrl
        await pilot.press("a")
        await settle(pilot)
        auto = c.decisions()[0]
        assert auto.auto
    review = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    said = review.line(Reviewed(auto, auto.action))
    assert said.startswith(f"auction: {review_module._did(auto.action, c.variant)} for you, same as the expert")
    card = next(d for d in _hand_done().decisions() if isinstance(d.action, Play))
    assert not card.auto
    played = review.line(Reviewed(replace(card, auto=True), card.action, deals=7))
    assert played == f"trick 1: played {Style.card(card.action.card)} for you, same as the expert (7 deals)"
    assert review.line(Reviewed(card, card.action, deals=7)).startswith("trick 1: you played")


def test_a_move_play_for_me_made_and_taken_back_is_the_persons_when_made_again() -> None:
    """The mark is kept with the position it was made at: after an undo, the person's own
    move at that place is theirs."""
    c = preplay("partnership", SEATS, 2, lambda c: c.round.to_act == 0 and c.round.phase is Phase.AUCTION)
    move = policy_action(c)
    c.apply(move)
    c.note_auto()
    assert [d.auto for d in c.decisions()] == [True]
    c.undo()
    c.apply(move)
    assert [d.auto for d in c.decisions()] == [False]


def test_a_card_whose_difference_shows_as_0_is_as_good_as_the_experts() -> None:
    """A card below the expert's by a mean that shows as 0 was listed as a disagreement:
    "you played 10♥, expert: J♦ (+0 …)".  Equal to the
    shown precision it is as good as the expert's, and the summary counts it so."""
    c = _hand_done()
    review = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    card = next(d for d in c.decisions() if isinstance(d.action, Play) and len(d.legal) > 1)
    other = next(a for a in card.legal if a != card.action)
    n = len(card.view.tricks) + 1
    mine, theirs = Style.card(card.action.card), Style.card(other.card)
    said = review.line(Reviewed(card, other, better=0.4, deals=30, error=2.0))
    assert said == f"trick {n}: you played {mine}, as good as the expert's {theirs} (30 deals)"
    noted = review.line(Reviewed(card, other, better=1.0, deals=30, error=2.0))  # (shown as 1)
    assert noted == (
        f"trick {n}: you played {mine}, about as good as the expert's {theirs}: the deals can't tell them apart"
        f" ({theirs} would have scored 1 more for your side this hand, on average over 30 deals, give or take 4)"
    )
    review.done = [Reviewed(card, other, better=0.4, deals=30, error=2.0)]
    assert review.summary(0) == "Your cards: 1 of 1 as good as the expert's (forced ones aside)."


async def test_the_moves_play_for_me_made_are_still_made_for_the_player_after_a_resume(home: Path) -> None:
    """The marks of "play for me" (`Controller.autos`) go into the save with the moves: a
    game quit and resumed reviews those moves as made for the person, not chosen by them."""
    from tui_helpers import app_from_flags, at_my_bid, make_app

    from pinochle_tui.saved_games import latest_save

    app = make_app("partnership", SEATS, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await at_my_bid(pilot, app)
        await pilot.press("a")
        await settle(pilot)
        made = [d.index for d in app.ctrl.decisions() if d.auto]
    assert made == [app.ctrl.decisions()[0].index]
    path = latest_save()
    assert path is not None and json.loads(path.read_text())["auto"] == made
    resumed = app_from_flags(resume=True)
    assert resumed.ctrl is not None
    again = resumed.ctrl.decisions()
    assert [d.index for d in again if d.auto] == made
    review = Review(resumed.ctrl, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    said = review.line(Reviewed(again[0], again[0].action))
    assert said.startswith(f"auction: {review_module._did(again[0].action, app.ctrl.variant)} for you, ")


def test_a_hand_played_partly_for_the_player_reviews_the_same_after_a_resume(tmp_path: Path) -> None:
    """Cards "play for me" played, saved and loaded again: every decision keeps its mark,
    and the review reads the same lines ("played K♠ for you") as before the save."""
    c = Controller(VARIANTS["partnership"], default_seats(4, SEATS.split(",")), seed=2)
    while c.round.phase is not Phase.DONE:
        move = policy_action(c)
        human = c.is_human(c.round.to_act)
        c.apply(move)
        if human and isinstance(move, Play) and len(c.round.tricks) % 2:
            c.note_auto()
    path = tmp_path / "game.json"
    save_game(c, path)
    marked = [d.index for d in c.decisions() if d.auto]
    assert json.loads(path.read_text())["auto"] == marked and len(marked) >= 3
    again = load_game(path)
    assert [d.auto for d in again.decisions()] == [d.auto for d in c.decisions()]
    lines = _reviewed(again).lines()
    assert lines == _reviewed(c).lines()
    # (in the line's head, before its first comma: a figure may be "for your side")
    assert sum(1 for line in lines if re.match(r"[^,;(]* for you\b", line)) == len(marked)


def test_a_save_without_marks_loads_with_none_and_a_mark_on_no_persons_move_is_damage(tmp_path: Path) -> None:
    """A save written before the marks were kept has no ``auto``: it loads, every move the
    person's own.  A mark on a bot's move is a damaged save, said in one line."""
    c = preplay("partnership", SEATS, 2, lambda c: c.round.phase is Phase.TRICKS)
    path = tmp_path / "game.json"
    save_game(c, path)
    data = json.loads(path.read_text())
    assert "auto" not in data
    assert not any(d.auto for d in load_game(path).decisions())
    bot_move = next(k for k, st in enumerate(c.states[:-1]) if not c.is_human(st.to_act))
    path.write_text(json.dumps(data | {"auto": [bot_move]}))
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert str(err.value) == (
        f"{path}: the saved game is damaged and cannot be replayed (ValueError: auto: move {bot_move + 1} of the"
        " hand is not a person's (play for me makes a person's moves))"
    )
    path.write_text(json.dumps(data | {"auto": [-1]}))
    with pytest.raises(SaveError, match=r"damaged \(auto\.0 is -1, less than 0\)"):
        load_game(path)


def test_a_card_played_as_a_hint_that_searched_no_deal_says_why_it_has_no_count() -> None:
    """A hint that searched no deal (every legal card alike, or no search came back) left
    its card's line as "as the expert's hint said", without a count and without a reason,
    where the same card unhinted reads "same as the expert (23 deals)" or "every legal card
    was as good as another".  Such a card is reviewed as any other."""
    c = _hand_done()
    bot = _bot()
    review = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=bot)
    cards = [d for d in c.decisions() if isinstance(d.action, Play) and len(d.legal) > 1]
    for d in cards[:3]:
        unhinted = review.line(review_module.review_decision(bot, d))
        hinted = review.line(review_module.review_decision(bot, replace(d, hinted=d.action, hint_deals=0)))
        assert hinted == unhinted and re.search(r" deals(: clearly better|, give or take \d+)?\)$", unhinted)
    assert review.line(review_module.review_decision(bot, cards[0])) == SEED_2[1]


def _first_card_kept_misdeal(seed: int) -> Controller | None:
    """Partnership with five nines a misdeal (§5.8), seed ``seed``: the human holds one,
    keeps the hand and is at its first card (None: this seed deals the human none)."""
    from rules import ClaimMisdeal, KeepHand, PassBid, Variant

    five_nines = Variant.model_validate(VARIANTS["partnership"].model_dump() | {"misdeal_nines": "five_nines"})
    c = Controller(five_nines, default_seats(4, SEATS.split(",")), seed=seed)
    if 0 not in c.round.table.misdeal_seats or c.round.to_act != 0:
        return None
    c.apply(KeepHand())
    while not (c.round.phase is Phase.TRICKS and c.round.to_act == 0):
        if c.round.phase is Phase.DONE:
            return None
        if c.needs_meld_ack:
            c.ack_meld(0)
        elif c.is_human(c.round.to_act):
            legal = [a for a in c.legal() if not isinstance(a, ClaimMisdeal)]
            c.apply(PassBid() if PassBid() in legal else legal[0])
        else:
            c.apply(policy_action(c))
    assert isinstance(c.legal()[-1], ClaimMisdeal)
    return c


def test_a_first_card_beside_a_late_misdeal_claim_is_searched_with_its_count() -> None:
    """At the first card of a hand kept at the deal with a misdeal in it, the claim is
    offered beside the cards (RULES.md §5.8): the review took the decision for one of
    another shape and said "every legal card was as good as another", searching nothing,
    even of a card that was the only one it could play.  The claim is no card: the cards
    are searched as at any other trick, and one card alone is the only legal card."""
    bot = _bot()
    seen = set()
    for seed in range(400):
        c = _first_card_kept_misdeal(seed)
        if c is None or (len(c.legal()) > 2) in seen:
            continue
        c.apply(c.legal()[0])
        d = c.decisions()[-1]
        r = review_module.review_decision(bot, d)
        cards = tuple(a for a in d.legal if isinstance(a, Play))
        assert replace(r, decision=d) == replace(
            review_module.review_decision(bot, replace(d, legal=cards)), decision=d
        )
        said = Review(c, bot=bot).line(r)
        if len(cards) > 1:
            assert (
                r.deals > 0
                and re.search(r" deals(: clearly better|, give or take \d+)?\)$", said)
                and "every legal card" not in said
            )
        else:
            assert said == f"trick 1: you played {Style.card(cards[0].card)}, the only legal card"
        seen.add(len(cards) > 1)
        if len(seen) == 2:
            return
    raise AssertionError("no seed gives both a first card alone and one of several beside the claim")


def _hinted_hand(tmp_path: Path) -> tuple[Controller, Path, dict[int, str]]:
    """Partnership, seed 2, the first hand played out with the expert's hints kept as the
    hint keeps them (`Controller.note_hint`): at the bid a hint of 320 with its trial
    over deals, passed against; at the first card of two or more, a hint followed; at the
    next, the expert's own search of the cards (a real one), played against; then saved.
    ``how``: which of these each hinted place is."""
    from bots.expert import BidOdds
    from rules import Bid, PassBid

    c = preplay("partnership", SEATS, 2, lambda c: c.round.phase is Phase.AUCTION and c.is_human(c.to_act))
    how = {len(c.actions): "bid"}
    c.note_hint(Bid(320), 612, None, BidOdds(Bid(320), 612, 490, 400, 120.0, 30.0, 15.0))
    c.apply(PassBid())
    searcher = _bot()
    while c.round.phase is not Phase.DONE:
        k = len(c.actions)
        if c.is_human(c.to_act) and len(c.legal()) >= 2 and c.round.phase is Phase.TRICKS and len(how) < 3:
            if len(how) == 1:
                how[k] = "followed"
                c.note_hint(c.legal()[1], 612)
                c.apply(c.legal()[1])
                continue
            view, legal = c.view(c.to_act), c.legal()
            hint = searcher.act(view, legal, random.Random(7))
            an = searcher.last
            assert an is not None and an.deals > 0 and hint in an.actions
            how[k] = "against"
            c.note_hint(hint, an.deals, an)
            c.apply(next(a for a in legal if a != hint))
            continue
        c.apply(policy_action(c))
    path = tmp_path / "game.json"
    save_game(c, path)
    return c, path, how


def test_a_resumed_hand_reviews_its_hinted_decisions_as_the_hints_said(tmp_path: Path) -> None:
    """The hints asked in a hand go into the save with its moves (``"hints"``): a game
    quit and resumed reviews a card played as the hint said by the hint's own search ("as
    the expert's hint said (612 deals)", where it was searched again and could contradict
    the hint followed), and a bid or a card made against the hint by the hint's choice and
    numbers, the same lines as before the save."""
    c, path, how = _hinted_hand(tmp_path)
    assert sorted(how.values()) == ["against", "bid", "followed"]
    saved = json.loads(path.read_text())["hints"]
    assert [h["at"] for h in saved] == sorted(how)
    again = load_game(path)
    before = {d.index: d for d in c.decisions()}
    after = {d.index: d for d in again.decisions()}
    for k in how:
        b, a = before[k], after[k]
        assert (a.hinted, a.hint_deals, a.hint_odds) == (b.hinted, b.hint_deals, b.hint_odds)
        if b.hint_analysis is None:
            assert a.hint_analysis is None
        else:  # the figures the review reads, exactly (the means as JSON writes floats)
            keep = ("actions", "means", "deals", "errors", "lose")
            assert [getattr(a.hint_analysis, f) for f in keep] == [getattr(b.hint_analysis, f) for f in keep]
    bot = _bot()
    review = Review(again, nodes=NODES, bid_deals=BID_DEALS, bot=bot)
    lines = {k: review.line(review_module.review_decision(bot, after[k])) for k in how}
    first = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=bot)
    assert lines == {k: first.line(review_module.review_decision(bot, before[k])) for k in how}
    followed = next(k for k, h in how.items() if h == "followed")
    card = Style.card(after[followed].action.card)
    assert lines[followed] == (
        f"trick {len(after[followed].view.tricks) + 1}: you played {card}, as the expert's hint said (612 deals)"
    )
    bid = next(k for k, h in how.items() if h == "bid")
    assert lines[bid].startswith(
        "auction: you passed, expert: bid 320, as its hint here said (would have scored 90 more for your side this"
        " hand, on average over 612 deals: clearly better); "
    )
    against = next(k for k, h in how.items() if h == "against")
    # by the hint's search and its card, never "same as the expert" beside the hint that said another
    deals = before[against].hint_analysis.deals
    hint = Style.card(before[against].hinted.card)
    assert lines[against].endswith(f"as good as the expert's {hint} ({deals} deals)") or (
        f", expert: {hint} (+" in lines[against] and f" over {deals} deals" in lines[against]
    )


def test_a_save_without_hints_loads_with_none_and_a_damaged_hint_is_a_damaged_save(tmp_path: Path) -> None:
    """A save written before the hints were kept has no ``hints``: it loads, no hint
    asked.  A hint at a bot's move, a move past the legal ones, or figures that do not
    match the moves tried is a damaged save, said in one line."""
    c, path, _ = _hinted_hand(tmp_path)
    data = json.loads(path.read_text())
    hints = data.pop("hints")
    path.write_text(json.dumps(data))
    assert not load_game(path).hints
    plain = tmp_path / "plain.json"
    save_game(_hand_done(), plain)
    assert "hints" not in json.loads(plain.read_text())

    def damaged(hint: dict[str, Any]) -> str:
        path.write_text(json.dumps(data | {"hints": [hint]}))
        with pytest.raises(SaveError) as err:
            load_game(path)
        return str(err.value).removeprefix(f"{path}: the saved game is damaged ")

    bot_move = next(k for k, st in enumerate(c.states[:-1]) if not c.is_human(st.to_act))
    assert damaged(hints[0] | {"at": bot_move}) == (
        f"and cannot be replayed (ValueError: hints: move {bot_move + 1} of the hand is not a person's (a hint is"
        " asked for a person's move))"
    )
    searched = next(h for h in hints if "search" in h)
    legal = len(legal_actions(c.states[searched["at"]]))
    assert damaged(searched | {"move": 40}) == (
        f"and cannot be replayed (ValueError: hints: the hint at move {searched['at'] + 1} of the hand names legal"
        f" move 41 of {legal})"
    )
    moves = len(searched["search"]["actions"])
    short = searched["search"] | {"means": searched["search"]["means"][:-1]}
    assert damaged(searched | {"search": short}) == (
        f"(hints.0.search: means: {moves - 1} for {moves} moves tried (one a move))"
    )
    assert damaged(searched | {"deals": -1}) == "(hints.0.deals is -1, less than 0)"
    assert damaged(hints[0] | {"odds": hints[0]["odds"] | {"made": 700}}) == (
        "(hints.0.odds: made 700 of taken 490 of 612 deals)"
    )


async def test_a_hint_asked_then_quit_is_the_hint_the_resumed_review_follows(home: Path) -> None:
    """``i`` asked and the game quit before the move: the hint is saved when given, so the
    game resumed and the card then played as the hint said is reviewed by the hint's own
    search ("as the expert's hint said"), not searched again."""
    from tui_helpers import app_from_flags

    from pinochle_tui.controller import Seat
    from pinochle_tui.saved_games import latest_save
    from pinochle_tui.screens.dialogs import HintScreen

    ctrl = preplay(
        "partnership",
        SEATS,
        2,
        lambda c: c.round.phase is Phase.TRICKS and c.is_human(c.to_act) and len(c.legal()) >= 2,
    )
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")  # (seated after: the hint is the expert's)
    ctrl._hint = ExpertBot(think=None, nodes=3000)
    at = len(ctrl.actions)
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        _, hinted, deals, searched, _ = ctrl.hints[at]
    assert deals > 0 and searched is not None
    path = latest_save()
    assert path is not None and [h["at"] for h in json.loads(path.read_text())["hints"]] == [at]
    resumed = app_from_flags(resume=True)
    c = resumed.ctrl
    assert c is not None and len(c.actions) == at and c.hints[at][1:3] == (hinted, deals)
    c.apply(hinted)
    d = next(d for d in c.decisions() if d.index == at)
    bot = _bot()
    r = review_module.review_decision(bot, d)
    assert (r.expert, r.deals, r.note) == (hinted, deals, "hint")
    trick = len(d.view.tricks) + 1
    assert Review(c, bot=bot).line(r) == (
        f"trick {trick}: you played {Style.card(hinted.card)}, as the expert's hint said ({deals} deals)"
    )


async def test_a_pass_as_the_hint_said_is_reviewed_with_the_hints_count(home: Path) -> None:
    """A pass made as the expert's hint said is reported with the deals of the hint's trial
    ("(29 deals)", as the hint said it), as a bid is, and so after a save and resume: the
    pass's line had no count."""
    from tui_helpers import app_from_flags, human_bids

    from bots.expert import BidOdds
    from rules import Bid, PassBid

    class PassingHint:
        """The expert's hint that passes, having tried the lowest bid over 29 deals."""

        name = "expert"
        last = None

        def __init__(self) -> None:
            self.last_bid: BidOdds | None = None

        def act(self, view: Any, legal: Any, rng: Any) -> Any:
            lowest = min(a.amount for a in legal if isinstance(a, Bid))
            self.last_bid = BidOdds(Bid(lowest), 29, 12, 7, -40.0, 25.0, 10.0)
            return PassBid()

    ctrl = preplay("partnership", SEATS, 2, lambda c: human_bids(c) and PassBid() in c.legal())
    hint = PassingHint()
    ctrl.hint_bot = lambda: hint  # type: ignore[method-assign]
    at = len(ctrl.actions)
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert ctrl.hints[at][1:3] == (PassBid(), 29)
        await pilot.press("escape")  # (the hint's box, where it shows one)
        await pilot.press("p")
        await settle(pilot)
    assert ctrl.actions[at] == PassBid()
    said = "auction: you passed, as the expert's hint said (29 deals)"
    d = next(d for d in ctrl.decisions() if d.index == at)
    bot = _bot()
    assert Review(ctrl, bot=bot).line(review_module.review_decision(bot, d)) == said
    resumed = app_from_flags(resume=True).ctrl
    assert resumed is not None and resumed.hints[at][1:3] == (PassBid(), 29)
    d = next(d for d in resumed.decisions() if d.index == at)
    assert Review(resumed, bot=bot).line(review_module.review_decision(bot, d)) == said


def test_a_cards_figure_is_said_as_points_for_the_players_side_this_hand() -> None:
    """ "+22 to the hand's score" was read as 22 points onto the player's game score: a
    card's figure is the difference the expert's card would have made this hand, for the
    player's side (the player where each plays alone, the named player's in hot-seat), and
    the summary says its figures the same way."""
    c = _hand_done()
    review = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    card = next(d for d in c.decisions() if isinstance(d.action, Play) and len(d.legal) > 1)
    other = next(a for a in card.legal if a != card.action)
    head = f"trick {len(card.view.tricks) + 1}: you played {Style.card(card.action.card)}"
    theirs = Style.card(other.card)
    reviewed = Reviewed(card, other, better=22.0, deals=24, error=1.0)
    assert review.line(reviewed) == (
        f"{head}, expert: {theirs} (would have scored 22 more for your side"
        f" this hand, on average over 24 deals: clearly better)"
    )
    assert review.line(replace(reviewed, error=20.0), "Ann") == (
        f"trick {len(card.view.tricks) + 1}: Ann played {Style.card(card.action.card)}, about as good as the expert's"
        f" {theirs}: the deals can't tell them apart ({theirs} would have scored 22 more for Ann's side this hand, on"
        " average over 24 deals, give or take 40)"
    )
    review.done = [reviewed]
    assert review.summary(0) == (
        "Your cards: 0 of 1 as the expert's (forced ones aside); the other one would have scored 22 points more"
        " for your side this hand on average with the expert's card."
    )
    # where each plays alone, the figure is the player's own
    alone = preplay("three-hand", "human,standard,standard", 4, lambda c: c.round.phase is Phase.DONE)
    solo = Review(alone, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    card = next(d for d in alone.decisions() if isinstance(d.action, Play) and len(d.legal) > 1)
    other = next(a for a in card.legal if a != card.action)
    said = solo.line(Reviewed(card, other, better=31.0, deals=12, error=1.0))
    assert said.endswith(
        f"expert: {Style.card(other.card)} (would have scored 3 more for you"
        f" this hand, on average over 12 deals: clearly better)"
    )


def _thrown_in(variant: str, seats: str, seed: int = 0) -> Controller:
    """``variant``'s first hand with its bidder throwing it in at the first chance (RULES.md
    §8.3, §9.2), every other move the policy's (`tui_helpers.policy_action`)."""
    from rules import Concede

    v = VARIANTS[variant]
    c = Controller(v, default_seats(v.players, seats.split(",")), seed=seed)
    while Concede() not in c.legal():
        assert c.round.phase is not Phase.DONE
        c.apply(policy_action(c))
    c.apply(Concede())
    assert c.round.result is not None and c.round.result.kind == "conceded"
    return c


def test_a_hand_thrown_in_says_so_at_the_top_of_its_review() -> None:
    """A hand its bidder threw in was reviewed as any other, its bids and passes only, and
    never said it was thrown in: the review's first line says who threw it in, at what
    contract, and what it cost, the same before and after the decisions are reviewed."""
    c = _thrown_in("partnership", SEATS)
    r = c.round.result
    assert (r.bidder, r.contract, r.trump, r.changes) == (3, 260, "D", (70, -260))
    said = (
        "East threw in the hand at the contract of 260 (♦ trump) before the first lead: East's side is set and"
        " loses 260; the others score only their meld: your side 70."
    )
    review = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    assert review.lines()[0] == said and review.lines()[-1].startswith("reviewing… 0 of ")
    review.run()
    assert review.lines()[0] == said and review.lines().count(said) == 1
    # under the review's heading, before the decisions
    shown = str(ReviewScreen(review).review_text()).splitlines()
    assert shown[:3] == ["Hand 1: your bids and plays beside the expert's", "", said]
    # the player's own throw-in, where each plays alone
    c = _thrown_in("three-hand", "human,standard,standard")
    assert (c.round.result.bidder, c.round.result.changes) == (0, (-200, 30, 110))
    assert Review(c, bot=_bot()).lines()[0] == (
        "You threw in the hand at the contract of 20 (♠ trump) before the first lead: you are set and lose 20;"
        " the others score only their meld: West 3, East 11."
    )
    # five-hand: the called partner is set beside the bidder
    c = _thrown_in("five-hand", "human,standard,standard,standard,standard")
    assert (c.round.result.bidder, c.round.result.partner) == (2, 4)
    assert Review(c, bot=_bot()).lines()[0] == (
        "Northwest threw in the hand at the contract of 36 (♣ trump) before the first lead: Northwest and East are"
        " set and each loses 36; the others score only their meld: you 4, West 12, Northeast 4."
    )
    # a forced bid thrown in before its bidder looked at the widow: no one melded
    c = _thrown_in("three-hand-check", "human,standard,standard")
    assert c.round.result.trump is None and c.round.result.changes == (0, 0, -300)
    assert Review(c, bot=_bot()).lines()[0] == (
        "East threw in the hand at the contract of 300 without looking at the widow: East is set and loses 300;"
        " the others score nothing."
    )
    # a hand played out says nothing of the kind
    assert not any("threw in" in line for line in Review(_hand_done(), bot=_bot()).lines())


def test_a_three_hand_cards_figure_is_the_players_change_less_the_others_mean() -> None:
    """Three-hand, each for self: a card's figure is on the scale the hint's figures are,
    the player's change less the mean of the other two's (`HandValue`), not their sum and
    not trick points: checked on the hand's own result, then on the review's figure for
    a card, which is the difference of the very means the hint reads (its words say the
    same "24 more"), in the form's whole points."""
    from bots.search import HandValue
    from pinochle_tui.render import mean_points
    from rules import observe

    c = preplay("three-hand", "human,standard,standard", 1, lambda c: c.round.phase is Phase.DONE)
    end = c.round
    assert [s.change for s in end.result.sides] == [-200, 200, 120]  # (x10: the human's contract of 20, set)
    view = observe(c.states[-2], 0)  # before the last card
    buried = sum(c.variant.card_points[x] for x in end.table.buried)
    assert HandValue(view).value(end.points, end.won, buried) == -200 - (200 + 120) / 2
    d = next(x for x in c.decisions() if isinstance(x.action, Play) and len(x.view.tricks) == 1)
    legal = list(d.legal)
    an = _bot().analyse(d.view, legal, random.Random(d.seed), prefer=d.action)
    r = review_module.review_decision(_bot(), d)
    played = legal.index(d.action)
    assert (r.expert, r.deals, r.better) == (legal[an.best()], an.deals, max(an.means) - an.means[played])
    assert (str(d.action.card), str(r.expert.card), an.deals, round(r.better)) == ("AC", "KC", 9, 242)
    shown = mean_points(c.variant, r.better)
    assert shown == "24"
    pts = lambda p: mean_points(c.variant, p)  # noqa: E731
    hint = an.figures(r.expert, lambda a: Style.card(a.card), pts, "your points", most=len(legal))
    assert f"{Style.card(d.action.card)} {shown} less" in hint, hint
    assert Review(c).line(r) == (
        f"trick 2: you played A♣, expert: K♣ (would have scored {shown} more for you this hand,"
        " on average over 9 deals: clearly better)"
    )


class _NoSearch(ExpertBot):
    """The review's expert at the tests' budget that must not search (a move it would
    search again raises)."""

    def analyse(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("searched again")

    analyse_choice = act = bid_odds = analyse


def test_a_move_play_for_me_made_by_the_experts_search_is_reviewed_by_that_search() -> None:
    """``a`` ("play for me") at an expert's table plays the expert's move by its search,
    and the review reports that move by that very search (`Decision.auto_search`), as a
    move made as the hint said is by the hint's: not searched again, which took the time
    over and could say the expert would have played another card.  A search smaller
    than the review's budget, or none, is searched again as before."""
    from bots.expert import Analysis

    c = _hand_done()
    d = next(x for x in c.decisions() if isinstance(x.action, Play) and len(x.legal) > 2)
    legal = list(d.legal)
    other = next(a for a in legal if a != d.action)
    means = tuple(10.0 if a == other else 0.0 for a in legal)  # (the move's mean not the best: it stays the expert's)
    search = Analysis(tuple(legal), means, 57, NODES, 0.5, (0.0,) * len(legal))
    auto = replace(d, auto=True, auto_search=search)
    bot = _NoSearch(think=None, nodes=NODES, pool=False)
    r = review_module.review_decision(bot, auto)
    assert (r.expert, r.better, r.deals) == (d.action, 0.0, 57)
    mine = Style.card(d.action.card)
    n = len(d.view.tricks) + 1
    assert Review(c).line(r) == f"trick {n}: played {mine} for you, same as the expert (57 deals)"
    # fewer nodes than the review's budget: searched again (the review's own count)
    small = replace(auto, auto_search=replace(search, nodes=NODES - 1))
    with pytest.raises(AssertionError, match="searched again"):
        review_module.review_decision(bot, small)
    assert review_module.review_decision(_bot(), small) == replace(
        review_module.review_decision(_bot(), d), decision=small
    )


async def test_play_for_me_keeps_the_experts_search_for_the_review() -> None:
    """At the table: ``a`` with no hint asked first is decided by the expert's search in a
    worker; the decision keeps that search, and undo takes it back with the move."""
    from pinochle_tui.controller import Seat

    ctrl = preplay(
        "partnership",
        SEATS,
        7,
        lambda c: (
            c.round.phase is Phase.TRICKS and c.round.to_act == 0 and not c.needs_meld_ack and len(c.legal()) >= 3
        ),
    )
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")  # (the hint's bot, and so ``a``'s, is the expert)
    ctrl._hint = hint = ExpertBot(think=None, nodes=NODES)
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        n = len(ctrl.actions)
        await pilot.press("a")
        await settle(pilot)
        assert len(ctrl.actions) > n
    made = next(d for d in ctrl.decisions() if d.index == n)
    assert made.auto and made.auto_search is hint.last and made.auto_search.deals > 0
    assert made.action in made.auto_search.actions and made.auto_search.nodes >= NODES
    r = review_module.review_decision(_NoSearch(think=None, nodes=NODES, pool=False), made)
    assert (r.expert, r.deals) == (made.action, hint.last.deals)
    assert ctrl.autos[n][1] is hint.last and ctrl.undo() and n not in ctrl.autos


async def test_a_bid_play_for_me_made_by_the_experts_simulation_is_the_experts_in_the_review() -> None:
    """``a`` at the auction of an expert's table bids by the expert's simulation: the
    decision keeps its trial, and the review says the bid was the expert's without
    simulating it again (which could name another bid beside the expert's own)."""
    from tui_helpers import at_my_bid, make_app

    from pinochle_tui.controller import Seat

    app = make_app("partnership", SEATS, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        t = await at_my_bid(pilot, app)
        c = t.ctrl
        c.seats[1] = Seat("bot", c.seats[1].name, "expert")
        c._hint = hint = ExpertBot(think=None, nodes=NODES)
        await pilot.press("a")
        await settle(pilot)
        made = c.decisions()[0]
    assert made.auto and made.auto_search is hint.decisions.last and made.auto_search.nodes >= NODES
    r = review_module.review_decision(_NoSearch(think=None, nodes=NODES, pool=False), made)
    assert (r.expert, r.note) == (made.action, "auto")
    said = Review(c).line(r)
    assert said == f"auction: {review_module._did(made.action, c.variant)} for you, same as the expert"


def test_a_stock_games_card_within_the_noise_is_said_so_by_the_hint_and_by_the_review() -> None:
    """Two-hand's stock game: the hint said "10♥ scores 32 more than K♥ ... (57 deals)",
    no margin, where the review of K♥ played there said "within the noise".  The hint
    says it of that card too, with the margin it is judged by (two standard errors of the
    gap), and the review of it played against the hint says the same words of the same
    figures."""
    from bots.expert import Analysis

    c = preplay(
        "two-hand",
        "human,standard",
        1,
        lambda c: (
            c.round.phase is Phase.TRICKS
            and c.round.stock_open
            and c.is_human(c.to_act)
            and len({a.card for a in c.legal() if isinstance(a, Play)}) >= 3
        ),
    )
    v = c.variant
    legal = tuple(a for a in c.legal() if isinstance(a, Play))
    # the hint's card the standard bot's (errors against it); the next 32 below, ± 40; the
    # next 61 below, ± 20: clear
    means = tuple({0: 120.0, 1: 88.0}.get(i, 59.0) for i in range(len(legal)))
    errors = tuple({0: 0.0, 1: 20.0}.get(i, 10.0) for i in range(len(legal)))
    searched = Analysis(legal, means, 57, 20_000, 0.5, errors, prefer=0, confidence=1.0)
    hinted, near = Style.card(legal[0].card), Style.card(legal[1].card)
    card, pts = (lambda a: Style.card(a.card)), (lambda p: mean_points(v, p))
    hint = searched.advice(legal[0], card, pts)
    assert hint == f"about as good as {near} (the deals can't tell them apart) and clearly better than the rest", hint
    figures = searched.figures(legal[0], card, pts, "your points")
    assert figures.startswith(f"Figures, 57 deals, your points on average: {near} 32 less (± 40), "), figures
    c.note_hint(legal[0], 57, searched)
    k = len(c.actions)
    c.apply(legal[1])
    d = next(d for d in c.decisions() if d.index == k)
    bot = ExpertBot(think=None, nodes=NODES, pool=False)
    r = review_module.review_decision(bot, d)
    line = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=bot).line(r)
    assert line == (
        f"trick {len(d.view.tricks) + 1}: you played {near}, about as good as the expert's {hinted}: the deals can't"
        f" tell them apart ({hinted} would have scored 32 more for you this hand, on average over 57 deals, give or"
        " take 40)"
    )


def test_a_bid_against_a_pass_its_limit_decided_is_reviewed_by_the_hints_one_sample(tmp_path: Path) -> None:
    """The bid hint quoted its limit's means ("passing +136" over 822 deals) beside a trial
    of its own ("passing +19" over 70), and the review of a bid made against it quoted the
    70.  The hint's figures are now the limit's alone (`BidOdds.own`), and the review
    quotes the same: the same deals, the same means, no chance of taking the contract (the
    limit's deals count none); before and after the game is saved and resumed."""
    from bots.expert import BidOdds
    from rules import Bid, PassBid

    c = preplay("partnership", SEATS, 2, lambda c: c.round.phase is Phase.AUCTION and c.is_human(c.to_act))
    lowest = next(a for a in c.legal() if isinstance(a, Bid))
    c.note_hint(PassBid(), 822, None, BidOdds(lowest, 822, 0, 0, -41.1, 136.0, 30.0, own=True))
    k = len(c.actions)
    c.apply(lowest)
    while c.round.phase is not Phase.DONE:
        c.apply(policy_action(c))
    path = tmp_path / "game.json"
    save_game(c, path)
    assert json.loads(path.read_text())["hints"][0]["odds"]["own"] is True
    amount = c.variant.fmt(lowest.amount)
    bot = _bot()
    for ctrl in (c, load_game(path)):
        d = next(d for d in ctrl.decisions() if d.index == k)
        line = Review(ctrl, nodes=NODES, bid_deals=BID_DEALS, bot=bot).line(review_module.review_decision(bot, d))
        assert line == (
            f"auction: you bid {amount}, expert: pass, as its hint here said (would have scored 177 more for your side"
            " this hand, on average over 822 deals: clearly better)"
        )


def _long_review(copies: int) -> Any:
    """A review of ``copies`` times seed 2's lines, done; its text ends with what the
    review's figures are (`review.about`), as a review of decisions does."""
    from types import SimpleNamespace

    lines = SEED_2 * copies
    return SimpleNamespace(
        variant=VARIANTS["partnership"], humans=[0], hand_no=1, names=["You"], decisions=lines, done=lines,
        finished=True, cancelled=False, lines=lambda: lines,
    )  # fmt: skip


LAST_WORDS = "bot."  # (the end of `review.about`, "... by the standard bot.", as wrapped at any of these widths)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
@pytest.mark.parametrize("copies", [1, 3])
async def test_a_long_review_scrolls_to_its_last_line_and_no_further(size: tuple[int, int], copies: int) -> None:
    """The review's figures are measured at the width they are laid out at (`FiguresText`):
    measured as the scroll's bar came, a review of 45 rows at 80x24 took 58, and End showed
    13 blank rows under its last line (23 of them for a review three times as long; at
    100x32, 10 and 18).  Now End shows the last line at the bottom of the box, the close
    line under it."""
    from textual.containers import VerticalScroll
    from tui_helpers import app_from_flags

    from pinochle_tui.widgets import KeysFooter, figures_wrapped

    app = app_from_flags()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.push_screen(ReviewScreen(_long_review(copies)))
        await pilot.pause()
        screen = app.screen
        scroll = screen.query_one("#review-scroll", VerticalScroll)
        text = screen.query_one("#review-text", Static)
        rows = figures_wrapped(text.content, text.content_region.width).plain.split("\n")  # type: ignore[arg-type]
        assert rows[-1].endswith(LAST_WORDS) and len(rows) > scroll.size.height
        assert text.outer_size.height == len(rows)  # no blank rows after its last
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y > 0
        assert scroll.scroll_y + scroll.scrollable_content_region.height == len(rows)  # its last row at the bottom
        close = screen.query_one("#overlay-close")
        assert scroll.region.bottom <= close.region.y and close.region.bottom <= screen.query_one(KeysFooter).region.y


async def test_a_short_review_box_is_as_tall_as_the_review() -> None:
    """At 200x60 a review of a few lines filled the screen's height, its close line some
    30 rows under the last of them; the box is as tall as the review (`FitsTall`), as the
    hint's and the tricks' are."""
    from tui_helpers import app_from_flags

    from pinochle_tui.widgets import figures_wrapped

    app = app_from_flags()
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        await app.push_screen(ReviewScreen(_long_review(1)))
        await pilot.pause()
        screen = app.screen
        text = screen.query_one("#review-text", Static)
        rows = figures_wrapped(text.content, text.content_region.width).plain.split("\n")  # type: ignore[arg-type]
        assert rows[-1].endswith(LAST_WORDS)
        scroll, close = screen.query_one("#review-scroll"), screen.query_one("#overlay-close")
        assert scroll.region.height == len(rows) < 40 and close.region.y == scroll.region.bottom
        assert screen.query_one("#dialog").region.bottom == close.region.bottom + 2  # its padding and border


def _at_the_burial() -> Controller:
    """Three-hand, seed 0: the human (South) has won the auction with ♠ trump and is to bury
    three of AS TS KS JS AH KH JH 9H 9H AD KD JD 9D 9D AC TC KC 9C."""
    return preplay("three-hand", "human,standard,standard", 0, lambda c: c.round.phase is Phase.BURY)


def _set(c: Controller, cards: str) -> Any:
    from rules import format_cards

    return next(a for a in c.legal() if format_cards(a.cards) == cards)


def test_the_burial_says_why_the_experts_set_in_the_card_lines_voice() -> None:
    """A burial unlike the expert's said no why ("burial: you buried J♦ 9♦ 9♦, expert: 9♦
    9♦ 10♣"): now what tells the two sets apart, in plain words: the counters buried, where
    buried ones count for the bidder (a 10 rather than a jack), and what the player's set
    gives up that the expert's keeps."""
    from pinochle_tui.review import burial_why

    c = _at_the_burial()
    view = c.view(0)
    assert view.variant.kitty_discards_count_for_bidder and str(view.trump) == "S"
    assert burial_why(view, _set(c, "JD 9D 9D"), _set(c, "9D 9D TC")) == (
        "it buries counters worth 1, yours none: buried counters count for you, the bidder, where a counter kept can"
        " be lost in a trick"
    )
    assert burial_why(view, _set(c, "TS JS JH"), _set(c, "9H 9H JD")) == "yours gives up 2 trump"
    # nothing of these tells them apart: the cards they differ in
    assert (
        burial_why(view, _set(c, "JH 9D TC"), _set(c, "JH 9D 9C")) == "the sets differ only in 10♣ (yours) and 9♣ (its)"
    )
    # in hot-seat the person by name, never "yours" beside "Ann buried"
    assert burial_why(view, _set(c, "TS JS JH"), _set(c, "9H 9H JD"), "Ann") == "Ann's gives up 2 trump"
    assert burial_why(view, _set(c, "JH 9D TC"), _set(c, "JH 9D 9C"), "Ann") == (
        "the sets differ only in 10♣ (Ann's) and 9♣ (its)"
    )
    # in the review's line, after the expert's set (here its hint's: the review searches nothing)
    mine, hinted = _set(c, "JD 9D 9D"), _set(c, "9D 9D TC")
    k = len(c.actions)
    c.apply(mine)
    d = replace(next(d for d in c.decisions() if d.index == k), hinted=hinted)
    bot = _bot()
    assert Review(c, bot=bot).line(review_module.review_decision(bot, d)) == (
        "burial: you buried J♦ 9♦ 9♦, expert: 9♦ 9♦ 10♣, as its hint here said: it buries counters worth 1, yours"
        " none: buried counters count for you, the bidder, where a counter kept can be lost in a trick"
    )
    # in hot-seat the person by name, as the line names them ("yours" beside "Ann buried")
    assert Review(c, bot=bot).line(review_module.review_decision(bot, d, who="Ann"), "Ann") == (
        "burial: Ann buried J♦ 9♦ 9♦, expert: 9♦ 9♦ 10♣, as its hint here said: it buries counters worth 1, Ann's"
        " none: buried counters count for Ann, the bidder, where a counter kept can be lost in a trick"
    )


def test_the_trump_named_says_why_the_experts_suit() -> None:
    """Trump unlike the expert's said no why ("trump: you named ♥ trump, expert: ♠
    (spades)"): now each suit's length and the meld it makes, and, where the expert tried
    both suits over deals, how much more its suit scores and how sure that is, in the card
    line's words."""
    from bots.expert import Analysis
    from pinochle_tui.review import trump_why
    from rules import NameTrump, Suit

    c = preplay("three-hand", "human,standard,standard", 0, lambda c: c.round.phase is Phase.TRUMP)
    view = c.view(0)
    spades, clubs = NameTrump(Suit.parse("S")), NameTrump(Suit.parse("C"))
    facts = trump_why(view, clubs, spades)
    assert facts == "♠ gives you 4 trump and meld 18, ♣ 4 trump and meld 19"
    tried = Analysis((spades, clubs), (60.0, 20.0), 40, 0, 0.0, (0.0, 10.0), prefer=0)
    assert trump_why(view, clubs, spades, tried) == (
        f"{facts}; ♠ scores 4 more for you this hand on average over 40 deals: clearly better"
    )
    assert trump_why(view, clubs, spades, tried, "Ann") == (
        "♠ gives Ann 4 trump and meld 18, ♣ 4 trump and meld 19; ♠ scores 4 more for Ann this hand on average over 40"
        " deals: clearly better"
    )
    near = Analysis((spades, clubs), (60.0, 50.0), 40, 0, 0.0, (0.0, 10.0), prefer=0)
    assert trump_why(view, clubs, spades, near).endswith(
        "; ♠ scores 1 more for you this hand on average over 40 deals: about as good, as the deals can't tell them"
        " apart"
    )


def test_trump_named_against_the_hint_is_weighed_by_the_hints_suits() -> None:
    """The hint said ♠ (its suits tried over deals) and ♣ was named: the review's line gave
    each suit's length and meld alone, which here favour ♣, and no figure; it now quotes the
    hint's own figures for the two suits, as it does for a card played against the hint."""
    from bots.expert import Analysis
    from rules import NameTrump, Suit

    c = preplay("three-hand", "human,standard,standard", 0, lambda c: c.round.phase is Phase.TRUMP)
    spades, clubs = NameTrump(Suit.parse("S")), NameTrump(Suit.parse("C"))
    assert spades in c.legal() and clubs in c.legal()
    hinted = Analysis((spades, clubs), (60.0, 20.0), 40, 0, 0.0, (0.0, 10.0), prefer=0)
    c.note_hint(spades, 40, hinted)
    k = len(c.actions)
    c.apply(clubs)
    d = next(d for d in c.decisions() if d.index == k)
    bot = _bot()
    assert Review(c, bot=bot).line(review_module.review_decision(bot, d)) == (
        "trump: you named ♣ trump, expert: ♠ (spades), as its hint here said: ♠ gives you 4 trump and meld 18, ♣ 4"
        " trump and meld 19; ♠ scores 4 more for you this hand on average over 40 deals: clearly better"
    )


def test_the_partners_pass_says_why_the_experts_set_in_the_card_lines_voice() -> None:
    """ "pass: you passed A♠ J♠ J♠ 10♥, expert: A♠ J♠ J♠ A♣" said no why, where the trump
    and burial lines say theirs: to the bidder, the trump and aces each set gives the
    bidder, and whether yours breaks your own meld; back to the partner, what yours gives
    up that the expert's keeps and the suits the expert's empties."""
    from pinochle_tui.review import pass_why

    c = at_my_pass(1, bidder=False)
    view = c.view(0)
    assert str(view.trump) == "S" and view.bidder == 2
    assert pass_why(view, _set(c, "AS JS JS TH"), _set(c, "AS JS JS AC")) == (
        "it gives the bidder 3 trump and an ace, yours 3 trump"
    )
    # in hot-seat the person by name, never "yours" beside "Ann passed"
    assert pass_why(view, _set(c, "AS JS JS TH"), _set(c, "AS JS JS AC"), "Ann") == (
        "it gives the bidder 3 trump and an ace, Ann's 3 trump"
    )
    assert pass_why(view, _set(c, "AS JS JS TH"), _set(c, "AS JS JS TC"), "Ann") == (
        "the sets differ only in 10♥ (Ann's) and 10♣ (its)"
    )
    assert pass_why(view, _set(c, "AS JS JS AC"), _set(c, "AS JS JS TH")) == (
        "it gives the bidder 3 trump, yours 3 trump and an ace"
    )
    # nothing of these tells them apart: the cards they differ in
    assert pass_why(view, _set(c, "AS JS JS TH"), _set(c, "AS JS JS TC")) == (
        "the sets differ only in 10♥ (yours) and 10♣ (its)"
    )
    back = at_my_pass(1, bidder=True)
    view = back.view(0)
    assert view.bidder == 0 and str(view.trump) == "S"
    assert pass_why(view, _set(back, "JS AD TD TD"), _set(back, "TD TD KD KC")) == (
        "it gives the partner neither trump nor an ace, yours 1 trump and an ace; it empties ♣, where you can then"
        " trump in"
    )
    assert pass_why(view, _set(back, "JS AD TD TD"), _set(back, "TD TD KD KC"), "Ann") == (
        "it gives the partner neither trump nor an ace, Ann's 1 trump and an ace; it empties ♣, where Ann can then"
        " trump in"
    )
    # a suit both sets empty tells them not apart ("it empties ♣" was said of a set beside
    # one that emptied ♣ too): the cards they differ in
    assert pass_why(view, _set(back, "TD TD 9D KC"), _set(back, "TD TD KD KC")) == (
        "the sets differ only in 9♦ (yours) and K♦ (its)"
    )


async def test_a_pass_or_a_throw_in_against_the_hint_is_costed_by_the_hints_numbers(tmp_path: Path) -> None:
    """The hint tried its sets over deals (the pass, the burial) or weighed the throw-in by
    the standard bot's rule, and the review of a move made against it said only "expert:
    A♠ J♠ J♠ A♣, as its hint here said", with no cost: the hint's figures are kept
    (`Controller.hints`, and in the save) and the review says what the move cost by them,
    as a card's line does."""
    from test_throw_in_reach import _at_throw_in
    from tui_helpers import hint_box

    from bots.expert import Analysis
    from pinochle_tui.controller import Seat
    from rules import Concede, PlayOn

    c = at_my_pass(1, bidder=False)
    c.seats[1] = Seat("bot", c.seats[1].name, "expert")  # (the hint is the expert's)
    c._hint = ExpertBot(think=None, nodes=3000)
    # its deals unread by the calls (`SimDecisions.read_pass`), where a set it tried has a
    # higher mean than the standard bot's set it keeps
    c._hint.decisions.read_pass = False
    await hint_box(c)
    k = len(c.actions)
    hinted, deals, tried = c.hints[k][1:4]
    assert hinted == _set(c, "AS JS JS AC") and deals == 6 and tried is not None and len(tried.actions) == 6
    c.apply(_set(c, "AS JS JS TH"))  # a set the hint tried, with a higher mean
    bot = _bot()
    line = "pass: you passed A♠ J♠ J♠ 10♥, expert: A♠ J♠ J♠ A♣, as its hint here said"
    why = "it gives the bidder 3 trump and an ace, yours 3 trump"
    d = next(d for d in c.decisions() if d.index == k)
    assert Review(c, bot=bot).line(review_module.review_decision(bot, d)) == (
        f"{line} (your set scores 3 more on average over 6 deals, but the deals can't tell them apart, so the expert"
        " kept the standard"
        f" bot's set): {why}"
    )
    # in hot-seat the set is named as the person's, never a bare "Ann's scores"
    ann = Review(c, bot=bot).line(review_module.review_decision(bot, d, who="Ann"), "Ann")
    assert "(Ann's set scores 3 more on average over 6 deals, but the deals can't tell them apart," in ann
    assert ann.endswith("): it gives the bidder 3 trump and an ace, Ann's 3 trump")
    # the hint's sets clearly apart: what the set given cost, as a card's line says it
    apart = Analysis(d.hint_analysis.actions[:2], (60.0, -60.0), 6, 0, 0.0, (0.0, 10.0))
    r = review_module.review_decision(bot, replace(d, hint_analysis=apart))
    assert Review(c, bot=bot).line(r) == (
        f"{line} (would have scored 120 more for your side this hand, on average over 6 deals: clearly better): {why}"
    )
    # kept in the save: the review after a resume says the same
    path = tmp_path / "game.json"
    save_game(c, path)
    resumed = load_game(path)
    d = next(d for d in resumed.decisions() if d.index == k)
    assert d.hint_analysis is not None and d.hint_analysis.means == tried.means
    assert Review(resumed, bot=bot).line(review_module.review_decision(bot, d)).startswith(f"{line} (your set scores 3")
    # the throw-in, by the standard bot's reckoning its hint gave (no deal)
    c, _ = _at_throw_in(out_of_reach=False)
    c.seats[1] = Seat("bot", c.seats[1].name, "expert")
    c._hint = ExpertBot(think=None, nodes=3000)
    said = await hint_box(c)
    assert "playing on is worth 34 more than throwing in (your points less the others')" in said
    k = len(c.actions)
    assert c.hints[k][1:3] == (PlayOn(), 0) and c.hints[k][3].actions == (PlayOn(), Concede())
    c.apply(Concede())
    d = next(d for d in c.decisions() if d.index == k)
    assert Review(c, bot=bot).line(review_module.review_decision(bot, d)) == (
        "throw-in: you threw in the hand, expert: play the hand, as its hint here said (would have scored 34 more"
        " for you this hand by the standard bot's reckoning)"
    )


def test_the_last_hands_marks_are_saved_in_the_next_hand_and_its_review_is_the_same_after_a_resume(
    tmp_path: Path,
) -> None:
    """In the next hand the save kept the marks of the hand in play alone, so the last
    hand's review (``r`` at the table) was not kept across a resume: the save keeps the last
    hand's hints and "play for me" moves too (``"last_hand"``), and the game resumed in the
    next hand reviews the last one with the same lines as before the save."""
    c, first, how = _hinted_hand(tmp_path)
    marked = next(d.index for d in c.decisions() if d.index not in how)
    c.mark_auto(marked)
    hints = json.loads(first.read_text())["hints"]
    c.next_hand()
    while not c.is_human(c.to_act):  # (the bots' moves of the next hand, to the person's)
        c.apply(policy_action(c))
    path = tmp_path / "next.json"
    save_game(c, path)
    data = json.loads(path.read_text())
    assert data["last_hand"] == {"auto": [marked], "hints": hints}
    assert "hints" not in data and "auto" not in data  # (the hand in play has none)
    again = load_game(path)
    assert again.last_hand is not None and c.last_hand is not None
    assert (again.hand_no, again.last_hand.hand_no) == (2, 1)
    bot = _bot()
    before = {d.index: d for d in c.last_hand.decisions()}
    after = {d.index: d for d in again.last_hand.decisions()}
    assert sorted(after) == sorted(before)
    assert [k for k, d in after.items() if d.auto] == [marked]
    review, first_review = (Review(x.last_hand, nodes=NODES, bid_deals=BID_DEALS, bot=bot) for x in (again, c))
    for k in (*how, marked):
        assert review.line(review_module.review_decision(bot, after[k])) == first_review.line(
            review_module.review_decision(bot, before[k])
        )
    followed = next(k for k, h in how.items() if h == "followed")
    assert review.line(review_module.review_decision(bot, after[followed])).endswith(
        ", as the expert's hint said (612 deals)"
    )


def test_a_save_of_the_next_hand_without_the_last_hands_marks_still_loads_and_damaged_ones_are_said(
    tmp_path: Path,
) -> None:
    """A save written before the last hand's marks were kept loads as before, the last
    hand's review made from its moves alone; marks on a hand that is not there, or on a
    bot's move of it, are a damaged save, said in one line."""
    c = _hand_done()
    c.next_hand()
    path = tmp_path / "game.json"
    save_game(c, path)
    data = json.loads(path.read_text())
    assert "last_hand" not in data  # (no mark in the last hand: nothing to keep)
    again = load_game(path)
    assert again.last_hand is not None and again.last_hand.hand_no == 1
    assert [d.index for d in again.last_hand.decisions()] == [d.index for d in c.last_hand.decisions()]  # type: ignore[union-attr]

    def damaged(saved: dict[str, Any]) -> str:
        path.write_text(json.dumps(saved))
        with pytest.raises(SaveError) as err:
            load_game(path)
        return str(err.value).removeprefix(f"{path}: the saved game is damaged ")

    one_hand = data | {"hands": data["hands"][:1], "hand_over": True}
    assert damaged(one_hand | {"last_hand": {"auto": [0]}}) == (
        "and cannot be replayed (ValueError: last_hand: the game has no hand before the last)"
    )
    assert c.last_hand is not None
    bot_move = next(k for k, st in enumerate(c.last_hand.states[:-1]) if not c.last_hand.is_human(st.to_act))
    assert damaged(data | {"last_hand": {"auto": [bot_move]}}) == (
        f"and cannot be replayed (ValueError: auto: move {bot_move + 1} of the hand is not a person's (play for me"
        " makes a person's moves))"
    )
    assert damaged(data | {"last_hand": {"stood_in": [500]}}) == (
        "and cannot be replayed (ValueError: last_hand.stood_in: the hand before the last has no move 501)"
    )
    assert damaged(data | {"last_hand": {"hints": "x"}}).startswith("(last_hand.hints is 'x'")


async def test_r_in_a_game_resumed_in_the_next_hand_reviews_the_last_one(monkeypatch: Any, tmp_path: Path) -> None:
    """``r`` at the table of a game resumed during the next hand said the last hand's review
    was not kept; it opens that review, whole, as before the game was quit."""
    from pinochle_tui.screens.dialogs import LastReviewScreen

    _review_here(monkeypatch)
    c = _hand_done()
    c.next_hand()
    path = tmp_path / "game.json"
    save_game(c, path)
    app = app_for(load_game(path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        await pilot.press("r")
        await until(pilot, lambda: shown(app, LastReviewScreen))
        screen = app.screen
        assert isinstance(screen, LastReviewScreen) and screen.review.hand_no == 1
        await until(pilot, lambda: screen.review.finished and screen._shown[1], seconds=60)
        text = str(screen.query_one("#review-text", Static).content)
        assert text.startswith("Hand 1: your bids and plays beside the expert's\n\n" + "\n".join(SEED_2))
        await pilot.press("r")
        await settle(pilot)
        assert app.screen is t and t.ctrl.hand_no == 2


def test_the_review_screen_sets_in_bold_the_cards_clearly_worse_than_the_experts_only() -> None:
    """The lines of choices unlike the expert's stand out in bold; one about as good (the
    deals can't tell them apart, or too small a difference to matter) does not: it read as
    a mistake beside the words that said it was not one."""
    c = _hand_done()
    review = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    cards = [d for d in c.decisions() if isinstance(d.action, Play) and len(d.legal) > 1][:4]
    other = [next(a for a in d.legal if a != d.action) for d in cards]
    review.decisions = cards
    review.done = [
        Reviewed(cards[0], other[0], better=40.0, deals=30, error=2.0),  # clearly better
        Reviewed(cards[1], other[1], better=20.0, deals=30, error=20.0),  # the deals can't tell them apart
        Reviewed(cards[2], other[2], better=3.0, deals=30, error=0.5),  # too small a difference to matter
        # a better mean than the card the expert's hint kept, which it kept as the deals
        # could not tell them apart
        Reviewed(cards[3], other[3], better=0.0, deals=30, lead=15.0),
    ]
    text = ReviewScreen(review).review_text()
    bold = [text.plain[s.start : s.end] for s in text.spans if s.style == "bold"]
    lines = review.lines()
    assert ": clearly better)" in lines[0] and "can't tell them apart" in lines[1] and "too small" in lines[2]
    assert ", expert: " in lines[3] and "but the deals can't tell them apart, so the expert kept" in lines[3]
    assert bold == [lines[0] + "\n"]


def test_a_sure_trick_thrown_under_another_sides_trick_is_a_mistake_whatever_the_means() -> None:
    """Three-hand, seed 4, trick 1: A♦ under the leader's A♦ of trump, nothing out able to
    head it later.  The expert's search holds it no higher than the 9♦ (`_thrown_under`),
    so the means are equal and the review called the throw "as good as the expert's 9♦".
    It is a mistake, said why in words; reviewed against a hint that said 9♦, by a search
    that called it about as good or a little better, alike; a card the review already calls
    clearly worse keeps its figure; the expert's own choice of card is not touched."""
    from pinochle_tui.review import thrown_away

    c = preplay("three-hand", "human,standard,standard", 4, lambda c: c.round.phase is Phase.DONE)
    d = next(d for d in c.decisions() if isinstance(d.action, Play) and not d.view.tricks)
    assert [Style.card(x) for _, x in d.view.trick] == ["A♦"] and Style.card(d.action.card) == "A♦"
    nine = next(a for a in d.legal if Style.card(a.card) == "9♦")
    review = Review(c, nodes=NODES, bid_deals=BID_DEALS, bot=_bot())
    said = (
        "trick 1: {} played A♦, expert: 9♦ ({} A♦ would have won a later trick for sure and gives its points away"
        " here; the 9♦ loses the same trick and keeps it)"
    )
    for before in (
        Reviewed(d, d.action, 0.0, 13),  # same as the expert (the first of equal means)
        Reviewed(d, nine, 0.0, 13),  # as good
        Reviewed(d, nine, 3.0, 13, error=5.0),  # about as good
        Reviewed(d, nine, 0.0, 13, lead=4.0),  # a little better than the hint's card
    ):
        r = thrown_away(before)
        assert (r.expert, r.better, r.note) == (nine, 0.0, "thrown away")
        assert review.line(r) == said.format("you", "your")
        assert review.line(r, "Ann") == said.format("Ann", "Ann's")
    clearly = Reviewed(d, nine, 30.0, 13, error=1.0)
    assert thrown_away(clearly) == clearly
    # a card that is not such a trump: as it was
    other = next(x for x in c.decisions() if isinstance(x.action, Play) and len(x.view.tricks) == 1)
    kept = Reviewed(other, other.action, 0.0, 23)
    assert thrown_away(kept) == kept
    # the expert itself plays the 9♦ here (its choice of card is its own, not the review's)
    assert _bot().act(d.view, list(d.legal), random.Random(d.seed)) == nine
