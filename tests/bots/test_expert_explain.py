"""Hints that explain: the expert's search keeps, per legal card, its mean
over the sampled deals and the share of the deals in which its trick is lost, and
`Analysis.explain` says it in words ("A♠ +14 over K♠ on average; ...")."""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace

import pytest

from bots import make_bot
from bots.expert import Analysis, BidOdds, ExpertBot
from rules import Bid, DeclareMeld, Phase, Play, apply, format_cards, legal_actions, load_variants, new_round, observe

V = load_variants()["partnership"]


def _states(seed: int) -> list:
    std = make_bot("standard")
    s = new_round(V, 0, random.Random(seed))
    rng = random.Random(seed)
    out = []
    while s.phase is not Phase.DONE:
        if s.phase is Phase.TRICKS:
            out.append(s)
        s = apply(s, std.act(observe(s, s.to_act), legal_actions(s), rng))
    return out


def _name(a: Play) -> str:
    return format_cards([a.card])


def test_explain_says_the_means_and_the_lost_tricks_in_words() -> None:
    acts = tuple(Play(c) for c in (0, 1, 2, 3))  # AS TS KS QS
    an = Analysis(acts, (120.0, 106.4, 98.0, 110.0), 84, 5000, 0.9, lose=(0.05, 0.62, 0.4, 0.05))
    assert an.explain(acts[0], _name, str) == (
        "AS scores 10 more than QS, 14 more than TS on average (84 deals); in the search's play-outs of the 84"
        " sampled deals, AS loses the trick in 5%, QS in 5%, TS in 62%"
    )
    assert an.explain(acts[1], _name, str, most=2) == (
        "TS scores 14 less than AS on average (84 deals); in the search's play-outs of the 84 sampled deals, TS"
        " loses the trick in 62%, AS in 5%; "
        "AS's better mean is within the noise, so TS, the standard bot's card, is kept"
    )
    # an x1 game's points: a difference of 0.4 shows as 0, never "-0": its figure is "under 1"
    # and which way it leans is said, so the note on the better mean does not contradict it;
    # equal means are "the same as" ("about as much as TS" gave no figure, as every other did)
    x1 = Analysis(acts[:2], (100.0, 104.0), 9, 500, 0.1)
    assert x1.explain(acts[0], _name, lambda p: str(round(p / 10))) == (
        "AS scores under 1 less than TS on average (9 deals); TS's better mean is within the noise, so AS,"
        " the standard bot's card, is kept"
    )
    assert x1.explain(acts[1], _name, lambda p: str(round(p / 10))) == (
        "TS scores under 1 more than AS on average (9 deals)"
    )
    level = Analysis(acts[:2], (100.0, 100.0), 9, 500, 0.1)
    assert level.explain(acts[0], _name, lambda p: str(round(p / 10))) == (
        "AS scores the same as TS on average (9 deals)"
    )
    solved = Analysis(acts[:2], (10.0, 30.0), 1, 40, 0.1, exact=True)  # the rest solved exactly: no trick shares
    assert solved.explain(acts[1], _name, str) == (
        "TS scores 20 more than AS on average (1 deal); the last tricks were solved exactly over the sampled"
        " deals, with no play-out to count lost tricks"
    )
    # a share that shows as 100% or 0% without being all or none says so
    near = Analysis(acts[:2], (120.0, 106.4), 300, 5000, 0.9, lose=(0.998, 0.0))
    assert near.explain(acts[0], _name, str).startswith(
        "AS scores 14 more than TS on average (300 deals); in the search's play-outs of the 300 sampled deals, AS"
        " loses the trick in over 99%, TS in none"
    )
    assert (
        replace(near, lose=(0.001, 0.5))
        .explain(acts[0], _name, str)
        .endswith("the 300 sampled deals, AS loses the trick in under 1%, TS in 50%")
    )
    assert (
        replace(near, lose=(0.0, 1.0))
        .explain(acts[0], _name, str)
        .endswith("the 300 sampled deals, AS loses the trick in none, TS in all")
    )
    assert Analysis(acts[:2], (0.0, 0.0), 0, 0, 0.0).explain(acts[0], _name, str) == (
        "every legal card here is as good as another"
    )
    twice = (Play(0), Play(0))
    assert Analysis(twice, (5.0, 5.0), 3, 90, 0.1).explain(twice[0], _name, str) == (
        "the only card of its kind (3 deals)"
    )


def test_with_a_partner_the_trick_is_lost_by_the_side() -> None:
    """A card's share of lost tricks is its side's (the trick went to another side: the
    partner may take what the card does not): with a partner the hint says whose ("your
    side loses the trick ... with K♣"), where "K♣ loses the trick" read as the card
    losing it; a seat alone keeps the plain words."""
    acts = tuple(Play(c) for c in (20, 23, 18))  # KC 9C AC
    an = Analysis(acts, (40.0, 25.0, 10.0), 84, 5000, 0.9, lose=(0.18, 0.18, 0.05))
    assert an.explain(acts[0], _name, str, side=True) == (
        "KC scores 15 more than 9C, 30 more than AC on average (84 deals); in the search's play-outs of the 84"
        " sampled deals, your side loses the trick in 18% with KC, in 18% with 9C, in 5% with AC"
    )
    assert an.explain(acts[0], _name, str) == (
        "KC scores 15 more than 9C, 30 more than AC on average (84 deals); in the search's play-outs of the 84"
        " sampled deals, KC loses the trick in 18%, 9C in 18%, AC in 5%"
    )


def test_a_card_that_loses_the_trick_in_most_deals_says_why_it_is_best() -> None:
    """The card advised lost the trick in most deals with nothing said for it ("AS loses
    the trick in 100% of deals"): the hint says why it is still the one to play, by the
    means already given: the cheapest loser where every card loses the trick in most
    deals, and why in the player's terms (a ten shed onto a lost trick "costs least" left
    the player asking why: the trick is lost whatever is played, and the others are worth
    more kept), else the best over the hand, and by how much every other card scores
    less, the cards named ("the others score 19 to 61 less" named none).
    A share is of the sampled deals, never a certainty the real deal could belie ("in 100%
    of deals", where the real deal then won the trick), and said first to be the
    search's play-outs of them (its own play-out, which sees every hand, not the real
    players): "in the search's play-outs of the 84 sampled deals, AS loses the trick in
    all"."""
    acts = tuple(Play(c) for c in (0, 1, 2, 5))  # AS TS KS 9S
    # every card loses it: the ace the cheapest (it gives the partner's side no less)
    lost = Analysis(acts, (-20.0, -32.0, -40.0, -50.0), 84, 5000, 0.9, lose=(1.0, 1.0, 0.9, 1.0))
    assert lost.explain(acts[0], _name, str, most=2) == (
        "AS scores 12 more than TS on average (84 deals); in the search's play-outs of the 84 sampled deals, AS"
        " loses the trick in all, TS in all, but AS costs least: the trick is lost in at least 90% of them whatever is"
        " played, and the others are worth more kept: TS scores 12 less over the hand, the others up to 30 less (9S)"
    )
    # every card loses it in every deal: "all of them", as the shares say ("most deals"
    # beside "in all" read as counts that disagreed)
    every = Analysis(acts, (-20.0, -32.0, -40.0, -50.0), 84, 5000, 0.9, lose=(1.0, 1.0, 1.0, 1.0))
    assert ", but AS costs least: the trick is lost in all of them whatever is played, and" in every.explain(
        acts[0], _name, str, most=2
    )
    assert lost.explain(acts[0], _name, str, most=2, side=True).endswith(
        " side loses the trick in all with AS, in all with TS, but AS costs least: the trick is lost in at least 90%"
        " of them whatever is played, and the others are worth more kept: TS scores 12 less over the hand, the others"
        " up to 30 less (9S)"
    )
    # two others: each named with its figure
    pair = Analysis(acts[:3], (-20.0, -32.0, -40.0), 84, 5000, 0.9, lose=(1.0, 1.0, 0.9))
    assert pair.explain(acts[0], _name, str).endswith(
        "and the others are worth more kept: TS scores 12 less over the hand, KS 20 less"
    )
    # another card takes it more often but scores less over the hand
    ducked = Analysis(acts[:2], (30.0, 18.0), 84, 5000, 0.9, lose=(0.7, 0.1))
    assert ducked.explain(acts[0], _name, str) == (
        "AS scores 12 more than TS on average (84 deals); in the search's play-outs of the 84 sampled deals, AS"
        " loses the trick in 70%, TS in 10%, but AS scores most over the hand: TS scores 12 less"
    )
    # a difference that shows as 0 (an x1 game, "under 1 more than TS"): "up to", and the
    # card that scores that much less named; the others alike: "12 less"
    tens = Analysis(acts[:3], (30.0, 28.0, 10.0), 84, 5000, 0.9, lose=(0.7, 0.8, 0.9))
    assert tens.explain(acts[0], _name, lambda p: str(round(p / 10))).endswith(
        "the others are worth as much or more kept: the others score up to 2 less over the hand (KS)"
    )
    both = Analysis(acts, (30.0, 28.0, 10.0, 11.0), 84, 5000, 0.9, lose=(0.7, 0.8, 0.9, 0.9))
    assert both.explain(acts[0], _name, lambda p: str(round(p / 10))).endswith(
        "the others are worth as much or more kept: the others score up to 2 less over the hand (KS and 9S)"
    )
    alike = Analysis(acts[:3], (30.0, 18.0, 18.0), 84, 5000, 0.9, lose=(0.7, 0.8, 0.9))
    assert alike.explain(acts[0], _name, str).endswith(
        "the others are worth more kept: the others score 12 less over the hand"
    )
    # half the deals is not most; a card kept within the noise says why already; all alike: nothing
    assert ", but " not in Analysis(acts[:2], (30.0, 18.0), 84, 5000, 0.9, lose=(0.5, 0.1)).explain(acts[0], _name, str)
    kept = Analysis(acts[:2], (18.0, 30.0), 84, 5000, 0.9, lose=(0.9, 0.1))
    assert kept.explain(acts[0], _name, str) == (
        "AS scores 12 less than TS on average (84 deals); in the search's play-outs of the 84 sampled deals, AS"
        " loses the trick in 90%, TS in 10%; TS's better mean is within the noise, so AS, the standard bot's card,"
        " is kept"
    )
    level = Analysis(acts[:2], (30.0, 30.0), 84, 5000, 0.9, lose=(0.9, 0.9))
    assert level.explain(acts[0], _name, str) == (
        "AS scores the same as TS on average (84 deals); in the search's play-outs of the 84 sampled deals,"
        " AS loses the trick in 90%, TS in 90%"
    )


def test_a_card_below_another_always_says_why_it_is_played() -> None:
    """Standard's card kept within the noise (`ExpertBot._chosen`): whenever another card's
    mean is higher, even where its lead rounds to 0 (above), the hint names the better
    card and says so, the same way every time, with the noise's figure (± two standard
    errors of the gap, as a "too close to tell apart" figure: it said "within the noise"
    with no figure)."""
    acts = tuple(Play(c) for c in (0, 1, 2, 3))
    # AS the standard bot's card, below TS by 2 and KS by 1: both named, TS the better
    an = Analysis(acts, (100.0, 102.0, 101.0, 40.0), 30, 900, 0.5, (0.0, 3.0, 3.0, 9.0))
    said = an.explain(acts[0], _name, str)
    assert said == (
        "AS scores 2 less than TS, 1 less than KS on average (30 deals); TS's better mean is within the noise"
        " (± 6), so AS, the standard bot's card, is kept"
    )
    # one card named: the same words
    assert an.explain(acts[0], _name, str, most=2) == (
        "AS scores 2 less than TS on average (30 deals); TS's better mean is within the noise (± 6), so AS, the"
        " standard bot's card, is kept"
    )
    # the figure is two standard errors of the gap: where neither card is the standard
    # bot's, the sum of both errors (KS kept over TS: 2 x (3 + 3)); none without errors
    assert (
        replace(an, means=(90.0, 102.0, 101.0, 40.0))
        .explain(acts[2], _name, str)
        .endswith("TS's better mean is within the noise (± 12), so KS, the standard bot's card, is kept")
    )
    assert (
        replace(an, errors=())
        .explain(acts[0], _name, str)
        .endswith("TS's better mean is within the noise, so AS, the standard bot's card, is kept")
    )


def test_the_better_mean_named_is_the_best_of_every_play_of_that_card() -> None:
    """In the two-hand stock game a card may be played from the hand or from one's melds
    on the table (§2.7): two actions written alike, with means of their own.  A card is
    compared by its better play, the chosen play by its own mean, and the card named as
    the better mean is the one with the best mean of all, whatever the order."""
    qs_table, qs, as_, ks, ks_table = Play(3, True), Play(3), Play(0), Play(2), Play(2, True)
    means = {qs_table: 100.0, qs: 95.0, as_: 104.0, ks: 98.0, ks_table: 106.0}
    said = (
        "QS scores 6 less than KS, 4 less than AS on average (30 deals); KS's better mean is within the noise,"
        " so QS, the standard bot's card, is kept"
    )
    for acts in [
        (qs_table, qs, as_, ks, ks_table),
        (ks_table, as_, ks, qs, qs_table),
        (as_, ks, qs_table, ks_table, qs),
    ]:
        an = Analysis(acts, tuple(means[a] for a in acts), 30, 900, 0.5)
        assert an.explain(qs_table, _name, str) == said
    # the chosen play below the same card's other play: that one is the better mean
    acts = (qs, qs_table, as_)
    an = Analysis(acts, (95.0, 105.0, 102.0), 30, 900, 0.5)
    assert an.explain(qs, _name, str) == (
        "QS scores 7 less than AS on average (30 deals); the other QS's better mean is within the noise,"
        " so QS, the standard bot's card, is kept"
    )
    # (3 less than a half point, `NOISE_FLOOR`: within the noise, as the review would say of AS here)
    assert an.explain(qs_table, _name, str) == "QS scores 3 more than AS (within the noise) on average (30 deals)"


def test_few_deals_make_the_figures_a_rough_guide() -> None:
    """A caution where the deals cannot tell the card from the next best by a counter
    either way (their difference plus or less two standard errors reaches past a counter
    on both sides), with that margin after the next best card, in the hint's points
    (the caution alone did not say what it was judged by); never where the difference is
    clear, nor without a counter given."""
    acts = tuple(Play(c) for c in (0, 1))
    few = Analysis(acts, (50.0, 48.0), 18, 900, 1.0, (0.0, 9.0))  # 2 ± 18: past 10 both ways
    assert (
        few.explain(acts[0], _name, str, counter=10)
        == "AS scores 2 more than TS (± 18) on average (18 deals; too close to tell apart, a rough guide: over these"
        " same deals the gap's own error, ± 18, is larger than the gap)"
    )
    # the margin in the points the hint writes (an x1 game's whole points), the one card judged by it
    three = Analysis(acts + (Play(2),), (50.0, 48.0, 20.0), 18, 900, 1.0, (0.0, 9.0, 4.0))
    assert three.explain(acts[0], _name, lambda p: str(round(p / 10)), counter=10) == (
        "AS scores under 1 more than TS (± 2), 3 more than KS on average (18 deals; too close to tell apart, a rough"
        " guide: over these same deals the gap's own error, ± 2, is larger than the gap)"
    )
    assert few.explain(acts[0], _name, str) == "AS scores 2 more than TS (± 18, within the noise) on average (18 deals)"
    clear = Analysis(acts, (50.0, 20.0), 18, 900, 1.0, (0.0, 9.0))  # 30 ± 18: the card is better
    assert "rough" not in clear.explain(acts[0], _name, str, counter=10)
    many = Analysis(acts, (50.0, 48.0), 499, 9000, 1.0, (0.0, 2.0))  # 2 ± 4: about the same, and known to be
    assert "rough" not in many.explain(acts[0], _name, str, counter=10)
    # the search's card not standard's (TS, error 0): the errors of both against it added
    other = Analysis(acts + (Play(2),), (50.0, 40.0, 48.0), 18, 900, 1.0, (4.0, 0.0, 4.0))
    assert other.explain(acts[0], _name, str, counter=10) == (
        "AS scores 2 more than KS (± 16), 10 more than TS on average (18 deals; too close to tell apart, a rough guide:"
        " over these same deals the gap's own error, ± 16, is larger than the gap)"
    )


def test_the_last_card_of_a_trick_loses_it_exactly_when_it_does_not_take_it() -> None:
    """Played last to a trick a card's fate is known whatever the deal: its share of lost
    tricks is 1 or 0, as the trick's winner by the rules says."""
    checked = 0
    for seed in range(6):
        for s in _states(seed):
            legal = legal_actions(s)
            if len(s.trick) != V.players - 1 or len(legal) < 2 or len(s.hands[s.to_act]) <= 2:
                continue
            an = ExpertBot(think=None, nodes=400).analyse(observe(s, s.to_act), legal, random.Random(1))
            if not an.deals:
                continue
            for a, lose in zip(legal, an.lose):
                after = apply(s, a)
                winner = after.tricks[-1][2]
                assert lose == (1.0 if V.side_of[winner] != V.side_of[s.to_act] else 0.0)
            checked += 1
    assert checked >= 3


def test_a_hand_solved_exactly_from_the_decision_says_so_in_place_of_lost_tricks() -> None:
    """Two cards a hand left (partnership's horizon): the search solves the rest exactly on
    every deal, with no play-out to count lost tricks by; the hint said no share and no
    word why.  Earlier the play-outs count them, and nothing is said of an exact solve."""
    s = next(x for x in _states(2) if len(x.hands[x.to_act]) == 2 and len(legal_actions(x)) == 2)
    legal = legal_actions(s)
    an = ExpertBot(think=None, nodes=400).analyse(observe(s, s.to_act), legal, random.Random(1))
    assert an.deals > 1 and an.exact and an.lose == ()
    best, other = (legal[0], legal[1]) if an.best() == 0 else (legal[1], legal[0])
    gap = round(max(an.means) - min(an.means))
    assert an.explain(best, _name, str) == (
        f"{_name(best)} scores {gap} more than {_name(other)} on average ({an.deals} deals); the last tricks were"
        " solved exactly over the sampled deals, with no play-out to count lost tricks"
    )
    early = next(x for x in _states(2) if len(x.hands[x.to_act]) > 2 and len(legal_actions(x)) >= 2)
    more = ExpertBot(think=None, nodes=400).analyse(
        observe(early, early.to_act), legal_actions(early), random.Random(1)
    )
    assert not more.exact and more.lose and "solved exactly" not in more.explain(legal_actions(early)[0], _name, str)


def test_the_hint_bot_keeps_its_last_search_and_forgets_it_at_the_next_decision() -> None:
    s = next(x for x in _states(2) if len(legal_actions(x)) >= 3 and len(x.hands[x.to_act]) > 2)
    bot = ExpertBot(think=None, nodes=2000)
    card = bot.act(observe(s, s.to_act), legal_actions(s), random.Random(3))
    assert bot.last is not None and card in bot.last.actions and len(bot.last.lose) == len(legal_actions(s))
    assert all(0.0 <= x <= 1.0 for x in bot.last.lose)
    first = next(x for x in _states(2) if x.phase is Phase.TRICKS)
    bot.act(observe(first, first.to_act), legal_actions(first)[:1], random.Random(3))  # a forced card
    assert bot.last is None


def _my_bid(seed_range: range = range(40)):
    """A standard auction's first state at which the seat to act would bid (not pass)."""
    std = make_bot("standard")
    for seed in seed_range:
        s = new_round(V, 0, random.Random(seed))
        rng = random.Random(1)
        while s.phase is Phase.AUCTION:
            a = std.act(observe(s, s.to_act), legal_actions(s), rng)
            if isinstance(a, Bid) and s.table.bids:
                return s, a
            s = apply(s, a)
    raise AssertionError("no bid found")


def test_bid_odds_in_words() -> None:
    assert BidOdds(Bid(250), 89, 34, 31).explain() == (
        "you would win the auction in 38% of 89 deals and make the contract in 91% of those (played"
        " on by the standard bot)"
    )
    assert BidOdds(Bid(250), 1, 0, 0).explain() == (
        "another side would win the auction in all 1 deal (played on by the standard bot)"
    )


def test_a_hint_bots_bid_is_tried_over_deals_that_replay_the_auction() -> None:
    s, want = _my_bid()
    view, legal = observe(s, s.to_act), legal_actions(s)
    bot = ExpertBot(think=None, nodes=12000)
    assert bot.act(view, legal, random.Random(3)) == want and bot.last_bid is None  # only a hint's bot tries it
    bot.explain_bids = True
    assert bot.act(view, legal, random.Random(3)) == want  # the same bid: the trial never changes it
    odds = bot.last_bid
    assert odds is not None and odds.bid == want
    assert odds.deals == 12  # nodes // 1000 deals, every one replaying the bids so far
    assert 0 <= odds.made <= odds.taken <= odds.deals
    again = ExpertBot(think=None, nodes=12000)
    again.explain_bids = True
    again.act(view, legal, random.Random(3))
    assert again.last_bid == odds  # a node budget replays exactly


def test_a_pass_its_limit_weighed_is_hinted_by_the_limits_own_means_with_no_trial_of_its_own(monkeypatch) -> None:
    """Where the other side holds the bid, the expert's limit tries the pass beside the next
    bid over its own deals and holds its raise where the pass scores more: the hint quoted
    those means and, besides, a trial of the same bid and pass over other deals ("passing
    +136" over 822 deals, "passing +19" over 70).  The hint's figures are now the limit's
    own (`BidOdds.own`), the one sample the decision went by, and no trial is played (a
    quarter of the think saved: bench/expert_bid_bench.py --hint-hold)."""
    import bots.expert as expert

    std = make_bot("standard")
    seed = 24  # (partnership: seat 1's turn over the other side's 320, the expert's raise held)
    s = new_round(V, seed % 4, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(10):  # the standard bot's auction: ten calls up to 320
        s = apply(s, std.act(observe(s, s.to_act), legal_actions(s), rng))
    assert s.phase is Phase.AUCTION and s.to_act == 1 and observe(s, 1).bids[-1] == (2, 320)
    view, legal = observe(s, s.to_act), legal_actions(s)
    monkeypatch.setattr(expert, "_bid_odds", lambda *a: pytest.fail("a trial of its own was played"))
    bot = ExpertBot(think=None, nodes=20000, pool=False)
    bot.explain_bids = True
    assert bot.act(view, legal, random.Random(1)) == legal[0]  # (the pass)
    limit, odds = bot.decisions.last_limit, bot.last_bid
    assert limit is not None and odds is not None and limit.limit < odds.bid.amount <= limit.raised
    assert odds == BidOdds(Bid(330), limit.deals, 0, 0, limit.bid_mean, limit.pass_mean, limit.gap_error, own=True)
    assert (odds.deals, round(odds.value), round(odds.pass_value), round(2 * odds.error)) == (93, 53, 160, 107)


def test_a_bid_hints_odds_take_a_quarter_of_the_think_time(monkeypatch) -> None:
    """At the default 1 s the bid hint took 2 s: the bid's search, then as long again for its
    chance of making it (never more than about a second).  The odds now get
    `EXPLAIN_SHARE` of ``think``."""
    import bots.expert as expert

    s, want = _my_bid()
    view, legal = observe(s, s.to_act), legal_actions(s)
    now = [100.0]
    budgets: list[float] = []

    def odds(view, bid, rng, cap, deadline, clock, standard):  # type: ignore[no-untyped-def]
        budgets.append(deadline - clock())
        return (1, 1, 1)

    monkeypatch.setattr(expert, "_bid_odds", odds)
    bot = ExpertBot(think=2.0, clock=lambda: now[0], pool=False)
    monkeypatch.setattr(bot, "_act", lambda view, legal, rng: want)  # the bid chosen: only the odds are timed
    bot.explain_bids = True
    assert bot.act(view, legal, random.Random(3)) == want
    assert expert.EXPLAIN_SHARE == 0.25 and [round(b, 9) for b in budgets] == [0.485]  # 0.97 x 0.25 x 2 s
    assert bot.last_bid == BidOdds(want, 1, 1, 1)


def test_a_bid_hints_deals_are_the_decisions_own_seed_whatever_its_search_drew(monkeypatch) -> None:
    """A bid hint asked again after a resume gave other chances: its trial played the deals
    left in ``rng`` after the decision's own search, whose count the clock decides.  It now
    plays the deals ``rng`` gives at the decision (the app seeds it from the game state:
    `Controller.choose`), however much the search drew before it."""
    import bots.expert as expert

    s, want = _my_bid()
    view, legal = observe(s, s.to_act), legal_actions(s)
    first: list[float] = []

    def odds(view, bid, rng, cap, deadline, clock, standard):  # type: ignore[no-untyped-def]
        first.append(rng.random())  # (the first number its deals would be drawn by)
        return (1, 1, 1)

    monkeypatch.setattr(expert, "_bid_odds", odds)
    for drawn in (0, 7):  # the search drawing nothing, then seven numbers
        bot = ExpertBot(think=None, nodes=2000, pool=False)

        def act(view, legal, rng, n=drawn):  # type: ignore[no-untyped-def]
            for _ in range(n):
                rng.random()
            return want

        monkeypatch.setattr(bot, "_act", act)
        bot.explain_bids = True
        assert bot.act(view, legal, random.Random(3)) == want
    assert first == [random.Random(3).random()] * 2


def test_bid_odds_say_the_mean_of_bidding_against_passing() -> None:
    """The value the choice is weighed by, before the chances: the mean score of the bid
    and of a pass on the same deals (your side's points less the others')."""
    odds = BidOdds(Bid(2500), 23, 16, 15, -120.0, 50.0)
    assert odds.explain(lambda p: str(p // 10), lambda p: str(round(p / 10))) == (
        "bidding 250 scores -12 on average, passing +5 (23 deals: your side's points less the others'); bidding,"
        " you would win the auction in 70% and make the contract in 94% of those (played on by the standard bot)"
    )
    stuck = BidOdds(Bid(2500), 4, 4, 1, 0.4, None)  # the dealer may not pass: the bid's mean alone (never "-0")
    assert stuck.explain(lambda p: str(p // 10), lambda p: str(round(p / 10))) == (
        "bidding 250 scores +0 on average (4 deals: your side's points less the others'); bidding,"
        " you would win the auction in 100% and make the contract in 25% of those (played on by the standard bot)"
    )


def test_a_bids_odds_weigh_it_against_a_pass_on_the_same_deals() -> None:
    s, want = _my_bid()
    view = observe(s, s.to_act)
    odds = ExpertBot(think=None, nodes=6000).bid_odds(view, want, random.Random(3))
    assert odds is not None and odds.deals == 6
    assert odds.value is not None and odds.pass_value is not None
    assert odds.value != odds.pass_value  # (a pass is another hand: the same deals, another auction)


def test_bid_odds_say_the_margin_of_the_bids_mean() -> None:
    """The bid's mean with two standard errors, as a card hint's margin: a hint and a review
    of one bid over other deals differ by about that much, and the player sees it is
    noise.  That margin is the one "too close to tell apart" is judged by: it said "+26 ±
    117, passing -149 (...; too close to tell apart)", a gap of 175 past the ± shown, by
    a test of two standard errors (234.5); never beside a gap past the ± now."""
    odds = BidOdds(Bid(2500), 23, 16, 15, -120.0, 50.0, 83.0)
    assert odds.explain(lambda p: str(p // 10), lambda p: str(round(p / 10))) == (
        "bidding 250 scores -12 ± 17 on average, passing +5 (23 deals: your side's points less the others');"
        " bidding, you would win the auction in 70% and make the contract in 94% of those (played on"
        " by the standard bot)"
    )
    wide = BidOdds(Bid(260), 8, 3, 3, 26.25, -148.75, 117.27)
    assert wide.explain(str, lambda p: str(round(p)), counter=10).startswith(
        "bidding 260 scores +26 ± 235 on average, passing -149 (8 deals: your side's points less the others';"
        " too close to tell apart, a rough guide: the error of the bid's mean, ± 235, is larger than the gap between"
        " the two)"
    )
    # a gap of 175 past the margin (± 160): told apart
    told = BidOdds(Bid(260), 8, 3, 3, 26.25, -148.75, 80.0)
    assert told.explain(str, lambda p: str(round(p)), counter=10).startswith(
        "bidding 260 scores +26 ± 160 on average, passing -149 (8 deals: your side's points less the others');"
    )
    for error in (40.0, 80.0, 90.0, 100.0, 117.27, 200.0):
        said = BidOdds(Bid(260), 8, 3, 3, 26.25, -148.75, error).explain(str, lambda p: str(round(p)), counter=10)
        assert ("too close" in said) == (2 * error > 175 + 10), said


def test_the_bids_standard_error_is_the_spread_of_its_deals_over_their_root() -> None:
    """``error``: the sample standard deviation of the six deals' values over the root of
    six, the deals played one at a time from the same random stream."""
    import math
    import statistics

    from bots.expert import _bid_odds
    from bots.standard import StandardBot

    s, want = _my_bid()
    view = observe(s, s.to_act)
    odds = ExpertBot(think=None, nodes=6000).bid_odds(view, want, random.Random(3))
    assert odds is not None and odds.deals == 6 and odds.error is not None
    rng = random.Random(3)
    values = [_bid_odds(view, want, rng, 1, math.inf, time.perf_counter, StandardBot())[3] for _ in range(6)]
    assert statistics.fmean(values) == pytest.approx(odds.value)  # the same deals
    assert odds.error == pytest.approx(statistics.stdev(values) / math.sqrt(6))


def test_a_bid_left_to_the_standard_bot_says_what_its_deals_are() -> None:
    """Six-hand bids as the standard bot does (its simulated bid measured worse); the hint
    still tries the bid over deals (`BidOdds`), so its words say those deals only try the
    bid out for the hint, never "no search of its own" beside them, and name the choice
    (a bid or a pass), not "this bid" for a pass."""
    v = load_variants()["six-hand"]
    s = new_round(v, 0, random.Random(5))
    view, legal = observe(s, s.to_act), legal_actions(s)
    bot = ExpertBot(think=None, nodes=3000)
    bot.explain_bids = True
    bot.act(view, legal, random.Random(1))
    assert bot.last_bid is not None and bot.last_bid.deals == 3
    assert bot.standard_move == (
        "the expert bids or passes as the standard bot does; the deals quoted only try the bid out, for this hint"
    )
    bot.explain_bids = False  # no deals tried: no search at all
    bot.act(view, legal, random.Random(1))
    assert bot.standard_move == "the expert bids or passes as the standard bot does (no search of its own here)"


def test_an_opening_bid_with_no_pass_is_said_as_a_bid_left_to_the_standard_bot() -> None:
    """Three-hand's eldest holding meld must open (no pass among the legal actions,
    seed 34): the hint said "the expert bids or passes as the standard bot does", a
    choice the rules do not give there; it says the expert bids as the standard bot
    does, with its deals tried or without."""
    from rules import PassBid

    v = load_variants()["three-hand"]
    s = new_round(v, 0, random.Random(34))
    view, legal = observe(s, s.to_act), legal_actions(s)
    assert PassBid() not in legal and len(legal) > 1
    bot = ExpertBot(think=None, nodes=3000)
    bot.explain_bids = True
    assert bot.act(view, legal, random.Random(1)) == Bid(200)
    assert bot.standard_move == (
        "the expert bids as the standard bot does; the deals quoted only try the bid out, for this hint"
    )
    bot.explain_bids = False
    bot.act(view, legal, random.Random(1))
    assert bot.standard_move == "the expert bids as the standard bot does (no search of its own here)"


def test_a_forced_bid_is_not_tried_over_deals() -> None:
    """One legal action (cutthroat's dealer stuck at the minimum) needs no search: the hint's
    bot tried the bid over dozens of deals all the same; now nothing is tried."""
    s, _ = _my_bid()
    view = observe(s, s.to_act)
    only = [a for a in legal_actions(s) if isinstance(a, Bid)][:1]
    bot = ExpertBot(think=None, nodes=6000)
    bot.explain_bids = True
    assert bot.act(view, only, random.Random(3)) == only[0]
    assert bot.last_bid is None and bot.last is None and bot.standard_move is None


def test_a_suit_tried_is_explained_with_each_suits_mean_and_margin() -> None:
    """A simulated choice (trump) says the figures it was made by: the chosen suit's mean,
    then each other suit tried by the difference of their means, its own mean and the
    margin of that gap over the same deals (two standard errors; "in every deal" where
    the gap never varies), the deals and whose points they are, the same note as a card
    when another mean is higher; where every mean shows alike the one figure they share
    follows.  "D scores about as much as S" gave no figure at all."""
    from rules import NameTrump, Suit

    acts = tuple(NameTrump(Suit.parse(x)) for x in "SHD")
    an = Analysis(acts, (450.0, 330.0, -150.0), 51, 9000, 1.0, (0.0, 40.0, 60.0))

    def suit(a: NameTrump) -> str:
        return "SHDC"[a.suit.index]

    said = an.explain(acts[0], suit, str, most=3, kind="suit", whose="your points less the others'")
    assert said == (
        "S scores +450 on average (51 deals: your points less the others'): 120 more than H at +330 (± 80), 600"
        " more than D at -150 (± 120)"
    )
    assert an.alike_words(str, "suit") == ""
    # the hand thrown in whatever the suit (the standard bot's throw-in in the trial): one figure
    alike = Analysis(acts, (-290.0, -290.0, -290.0), 1754, 9000, 1.0, (0.0, 0.0, 0.0))
    said = alike.explain(acts[2], suit, str, most=3, kind="suit", whose="your points less the others'")
    assert said + alike.alike_words(str, "suit") == (
        "D scores -290 on average (1754 deals: your points less the others'): about as much as S at -290 (in every"
        " deal), about as much as H at -290 (in every deal); each suit tried scores -290"
    )
    below = Analysis(acts, (300.0, 330.0, -150.0), 51, 9000, 1.0, (0.0, 40.0, 60.0))
    side = "your side's points less the others'"
    said = below.explain(acts[0], suit, str, most=3, counter=10, kind="suit", whose=side)
    assert said == (
        "S scores +300 on average (51 deals: your side's points less the others'): 30 less than H at +330 (± 80),"
        " 450 more than D at -150 (± 120); too close to tell apart, a rough guide: over these same deals the gap's"
        " own error, ± 80, is larger than the gap; H's better mean is within the noise (± 80), so S, the standard"
        " bot's suit, is kept"
    )
    # no errors (none kept, or one deal: no spread), no margin said; an x1 game's points: the
    # figures print alike, and so does the gap ("about as much as", never "a shade more than")
    bare = Analysis(acts[:2], (403.0, 398.0), 1, 900, 1.0)
    assert bare.explain(acts[0], suit, lambda p: str(round(p / 10)), kind="suit") == (
        "S scores +40 on average (1 deal): about as much as H at +40"
    )
    one = Analysis(acts[:2], (403.0, 398.0), 1, 900, 1.0, (0.0, math.inf))
    assert one.explain(acts[0], suit, lambda p: str(round(p / 10)), kind="suit") == (
        "S scores +40 on average (1 deal): about as much as H at +40"
    )
    assert Analysis(acts, (0.0, 0.0, 0.0), 0, 0, 0.0).alike_words(str, "suit") == ""


def test_a_trump_hint_has_the_means_of_the_suits_tried(monkeypatch) -> None:
    """Each for self the expert names trump by simulation (`SimDecisions.name_trump`): the
    hint's bot keeps each suit tried with its mean (`ExpertBot.last_trump`); with one suit
    of three cards or more there is nothing to weigh (no trial), and the hint says the
    choice is the standard bot's, and why."""
    from rules import NameTrump

    v = load_variants()["cutthroat"]
    std = make_bot("standard")
    s = new_round(v, 0, random.Random(1))
    rng = random.Random(1)
    while s.phase is not Phase.TRUMP:
        s = apply(s, std.act(observe(s, s.to_act), legal_actions(s), rng))
    bot = ExpertBot(think=None, nodes=3000)
    view, legal = observe(s, s.to_act), legal_actions(s)
    named = bot.act(view, legal, random.Random(1))
    an = bot.last_trump
    assert an is not None and named in an.actions and all(isinstance(a, NameTrump) for a in an.actions)
    assert an.deals >= 1 and len(an.means) == len(an.actions) >= 2 and bot.standard_move is None
    trial = bot.decisions.last
    assert trial is not None and an.means == tuple(trial.mean(i) for i in range(len(an.actions)))
    # standard's suit, its error 0: the others' errors are against it
    prefer = std.act(view, legal, random.Random(0))
    assert an.errors[an.actions.index(prefer)] == 0.0

    def sole(view, legal, rng):  # type: ignore[no-untyped-def]  # one suit to name: no trial
        bot.decisions.last = None
        return prefer

    monkeypatch.setattr(bot.decisions, "act", sole)
    assert bot.act(view, legal, random.Random(1)) == prefer and bot.last_trump is None
    assert bot.standard_move == (
        "the expert names trump as the standard bot does: its one suit of three cards or more, none to weigh it against"
    )


def test_a_choice_is_explained_by_its_means_with_whose_points() -> None:
    """The stock game's meld, dix, last pick and draft (``kind`` "choice"): the chosen
    option's mean in the game's points, then every other option by the difference of
    their means, its own mean and the margin of that gap over the same deals, the points
    they are of said after the deals; an option named with its points in brackets, as
    the menu shows it, is not bracketed again where the better mean is named.  "scores
    about as much as marriage K♦ Q♦ (20)" said no figure and no margin."""
    names = {"dix": "exchange the 9♣ for the turn-up K♣ (+10)", "none": "no meld", "mar": "marriage K♥ Q♥ (20)"}
    an = Analysis(("dix", "none", "mar"), (-87.0, -80.0, -86.0), 2, 40, 0.1, (0.0, 9.0, 9.0))
    said = an.explain("dix", names.__getitem__, str, most=3, kind="choice", whose="your points less your opponent's")
    assert said == (
        "exchange the 9♣ for the turn-up K♣ (+10) scores -87 on average (2 deals: your points less your"
        " opponent's): 7 less than no meld at -80 (± 18), 1 less than marriage K♥ Q♥ (20) at -86 (± 18); the"
        " better mean (no meld) is within the noise (± 18), so exchange the 9♣ for the turn-up K♣ (+10), the"
        " standard bot's choice, is kept"
    )
    # the same mean, and a gap that never varies over the deals: said as such, with the figure
    level = Analysis(("dix", "mar"), (400.0, 400.0), 5, 40, 0.1, (0.0, 0.0), prefer=0, confidence=1.0)
    assert level.explain("dix", names.__getitem__, lambda p: str(round(p / 10)), kind="choice") == (
        "exchange the 9♣ for the turn-up K♣ (+10) scores +40 on average (5 deals): about as much as marriage K♥ Q♥"
        " (20) at +40 (in every deal)"
    )
    top = Analysis(("dix", "none", "mar"), (-87.0, -88.0, -80.0), 2, 40, 0.1, (0.0, 9.0, 9.0))
    said = top.explain("dix", names.__getitem__, str, kind="choice", whose="your points less your opponent's")
    assert said.endswith(
        "; the better mean of marriage K♥ Q♥ (20) is within the noise (± 18), so exchange the 9♣ for the turn-up"
        " K♣ (+10), the standard bot's choice, is kept"
    )
    nothing = Analysis(("dix", "none"), (0.0, 0.0), 0, 0, 0.0)
    assert (
        nothing.explain("dix", names.__getitem__, str, kind="choice") == "every legal choice here is as good as another"
    )


def test_a_card_played_over_the_standard_bots_says_the_margin_it_was_judged_by() -> None:
    """A card played over the standard bot's card beat it by more than ``confidence``
    standard errors of their difference; the hint says that figure, which the "too close
    to tell apart" margin (two standard errors, against the next best card) is not."""
    acts = tuple(Play(c) for c in (0, 1, 2))  # AS TS KS; KS the standard bot's card
    an = Analysis(acts, (137.0, 118.0, 100.0), 49, 9000, 0.9, (20.0, 55.0, 0.0), prefer=2, confidence=1.0)
    assert an.explain(acts[0], _name, str, counter=110.0) == (
        "AS scores 19 more than TS (± 150), 37 more than KS on average (49 deals; too close to tell apart, a rough"
        " guide: over these same deals the gap's own error, ± 150, is larger than the gap); the standard bot's card"
        " KS scores 37 less: within the noise (± 40), but more than one standard error of the gap (20) apart, which"
        " is the expert's margin for leaving the standard bot's card, so AS is played"
    )
    # the standard bot's card itself, or no confidence rule: nothing more said
    assert an.explain(acts[2], _name, str).endswith(
        "AS's better mean is within the noise (± 40), so KS, the standard bot's card, is kept"
    )
    assert "standard error" not in replace(an, confidence=0.0).explain(acts[0], _name, str)
    assert "standard error" not in replace(an, prefer=-1).explain(acts[0], _name, str)


def test_the_margin_of_a_card_played_over_the_standard_bots_never_shows_as_0() -> None:
    """A figure of the margin note that rounds to 0 is never printed as "(0)" or "0 less":
    a gap the same in every deal (no standard error) says so, an error under a point is
    "under 1", and so is a gap under a point ("a little less")."""
    acts = tuple(Play(c) for c in (0, 1, 2))  # AS TS KS; KS the standard bot's card
    alike = Analysis(acts, (126.0, 118.0, 100.0), 49, 9000, 0.9, (0.0, 5.0, 0.0), prefer=2, confidence=1.0)
    assert alike.explain(acts[0], _name, str).endswith(
        "; the standard bot's card KS scores 26 less in every sampled deal alike, so AS is played"
    )
    small = replace(alike, errors=(0.3, 5.0, 0.0))
    assert small.explain(acts[0], _name, str).endswith(
        "; the standard bot's card KS scores 26 less: more than one standard error of the gap (under 1), so AS"
        " is played"
    )
    close = replace(alike, means=(100.4, 90.0, 100.0), errors=(0.2, 5.0, 0.0))
    assert close.explain(acts[0], _name, str).endswith(
        "; the standard bot's card KS scores a little less (under 1), a shade more than one standard error of the"
        " gap (also under 1), so AS is played"
    )


def test_the_search_marks_the_standard_bots_card_for_the_hint() -> None:
    """`ExpertBot.play` keeps the standard bot's card and the confidence rule in its
    analysis, so a hint can say what a card played over it was judged by."""
    s = _states(3)[5]
    view, legal = observe(s, s.to_act), legal_actions(s)
    bot = ExpertBot(think=None, nodes=4000, pool=False, confidence=1.5)
    bot.act(view, legal, random.Random(1))
    std = make_bot("standard").act(view, legal, random.Random(1))
    assert bot.last is not None
    assert bot.last.actions[bot.last.prefer] == std
    assert bot.last.confidence == 1.5


def test_a_margin_that_prints_as_the_gap_says_it_plainly() -> None:
    """The gap is judged against the margin unrounded: where both print as the same whole
    figure ("scores 1 less: more than one standard error of the gap (1)" read as nonsense,
    and "though both round to 1" was unclear), the note says the gap is a shade more than
    the margin, which is also about that figure."""
    acts = tuple(Play(c) for c in (0, 1, 2))  # AS TS KS; KS the standard bot's card
    an = Analysis(acts, (101.4, 90.0, 100.0), 49, 9000, 0.9, (1.2, 5.0, 0.0), prefer=2, confidence=1.0)
    said = an.explain(acts[0], _name, str)
    assert said.endswith(
        "; the standard bot's card KS scores 1 less: within the noise (± 2), but a shade more than one standard"
        " error of the gap (also about 1) apart, which is the expert's margin for leaving the standard bot's card,"
        " so AS is played"
    )
    assert "round" not in said
    # figures that print apart keep the margin's own figure
    apart = replace(an, means=(103.4, 90.0, 100.0))
    assert apart.explain(acts[0], _name, str).endswith(
        "; the standard bot's card KS scores 3 less: more than one standard error of the gap (1), so AS is played"
    )


def test_a_card_too_close_to_tell_apart_yet_played_says_how_both_fit() -> None:
    """ "too close to tell apart" (a 95% interval, two standard errors) and "KS scores 37
    less: more than one standard error of the gap" of the same two cards read as a
    contradiction: the note says how they fit, the one standard error being the expert's
    margin for leaving the standard bot's card; where the standard bot's card is not the
    pair told "too close", nothing more."""
    acts = tuple(Play(c) for c in (0, 1, 2))  # AS TS KS; TS the standard bot's card
    an = Analysis(acts, (137.0, 100.0, 90.0), 49, 9000, 0.9, (30.0, 0.0, 40.0), prefer=1, confidence=1.0)
    assert an.explain(acts[0], _name, str, counter=10.0) == (
        "AS scores 37 more than TS (± 60), 47 more than KS (± 140, within the noise) on average (49 deals; too"
        " close to tell apart, a rough"
        " guide: over these same deals the gap's own error, ± 60, is larger than the gap); the standard bot's card"
        " TS scores 37 less: too close to tell apart at 95%, but more than one"
        " standard error of the gap (30) apart, which is the expert's margin for leaving the standard bot's card,"
        " so AS is played"
    )
    # told apart at 95% by a counter (no "too close" said), the gap within two standard
    # errors: within the noise, as the review of TS played here says, and how leaving TS fits
    assert an.explain(acts[0], _name, str, counter=40.0).endswith(
        "; the standard bot's card TS scores 37 less: within the noise (± 60), but more than one standard error of"
        " the gap (30) apart, which is the expert's margin for leaving the standard bot's card, so AS is played"
    )
    # past two standard errors: the plain note
    assert (
        replace(an, errors=(15.0, 0.0, 40.0))
        .explain(acts[0], _name, str, counter=40.0)
        .endswith(
            "; the standard bot's card TS scores 37 less: more than one standard error of the gap (15), so AS is played"
        )
    )


def test_a_meld_chosen_over_the_standard_bots_is_laid_down_not_played() -> None:
    """Meld is laid down (shown), cards are played to tricks: a meld chosen over the
    standard bot's option says "laid down"; another choice is "chosen", a suit "named"."""
    from rules import NoMeld, parse_cards

    meld = DeclareMeld("royal marriage", tuple(sorted(parse_cards("KC QC"))))
    names = {meld: "royal marriage K♣ Q♣ (40)", NoMeld(): "no meld"}
    an = Analysis((meld, NoMeld()), (60.0, 20.0), 30, 900, 0.1, (5.0, 0.0), prefer=1, confidence=1.0)
    said = an.explain(meld, names.__getitem__, str, kind="choice")
    assert said.endswith(
        "; the standard bot's choice no meld scores 40 less: more than one standard error of the gap (5), so"
        " royal marriage K♣ Q♣ (40) is laid down"
    )
    assert "played" not in said
    other = Analysis(("keep", "reject"), (60.0, 20.0), 30, 900, 0.1, (5.0, 0.0), prefer=1, confidence=1.0)
    assert other.explain("keep", {"keep": "keep it", "reject": "reject it"}.__getitem__, str, kind="choice").endswith(
        "so keep it is chosen"
    )
    assert other.explain("keep", {"keep": "♠", "reject": "♥"}.__getitem__, str, kind="suit").endswith("so ♠ is named")


def test_too_close_to_tell_apart_says_the_margin_is_larger_than_the_gap() -> None:
    """A gap of 70 beside a margin of 95 was called "too close to tell apart: a rough guide",
    which read as contradicting the figures (the ± taken for each mean's spread, a gap of
    70 seemed clear): the words say the ± is the gap's own error over the same deals (the
    bid's: its mean's), larger than the gap."""
    acts = tuple(Play(c) for c in (0, 1))
    card = Analysis(acts, (100.0, 30.0), 40, 9000, 1.0, (0.0, 47.5))  # 70 ± 95, past 10 both ways
    assert card.explain(acts[0], _name, str, counter=10) == (
        "AS scores 70 more than TS (± 95) on average (40 deals; too close to tell apart, a rough guide: over these"
        " same deals the gap's own error, ± 95, is larger than the gap)"
    )
    bid = BidOdds(Bid(270), 40, 30, 20, 26.0, -44.0, 47.5)
    assert bid.explain(str, lambda p: str(round(p)), counter=10).startswith(
        "bidding 270 scores +26 ± 95 on average, passing -44 (40 deals: your side's points less the others';"
        " too close to tell apart, a rough guide: the error of the bid's mean, ± 95, is larger than the gap between"
        " the two); bidding, you would win"
    )


def test_a_choices_gap_is_the_difference_of_the_figures_it_prints() -> None:
    """A choice's hint prints each option's mean rounded as the game shows points, and the
    gap beside them is the difference of those printed figures, so the reader's own sum
    agrees: -15.4 and -16.6 print -15 and -17, 2 apart (the gap unrounded, 1.2, printed 1);
    figures that print alike are "about as much as", whatever lies under the rounding."""
    x1 = lambda p: str(round(p / 10))  # noqa: E731  # an x1 game's whole points
    meld = Analysis(("it", "marriage K♠ Q♠ (20)"), (-154.0, -166.0), 40, 900, 0.1, (0.0, 20.0))
    assert meld.explain("it", str, x1, kind="choice") == (
        "it scores -15 on average (40 deals): 2 more than marriage K♠ Q♠ (20) at -17 (± 4, within the noise)"
    )
    dix = Analysis(("it", "no meld"), (915.0, 584.0), 40, 900, 0.1, (0.0, 20.0))
    assert dix.explain("it", str, x1, kind="choice") == (
        "it scores +92 on average (40 deals): 34 more than no meld at +58 (± 4)"
    )
    sets = Analysis(("this set", "10♠ 10♦ J♦ K♣"), (-4434.0, -4426.0), 40, 900, 0.1, (0.0, 25.0))
    assert sets.explain("this set", str, x1, kind="set").startswith(
        "this set scores -443 on average (40 deals): about as much as 10♠ 10♦ J♦ K♣ at -443 (± 5)"
    )


def test_a_choice_left_within_its_margin_says_it_is_within_the_noise() -> None:
    """The standard bot's option left for one whose gap over it is within the margin printed
    beside it (two standard errors) but past the expert's own (one): the hint says the gap
    is within the noise, and how leaving the standard bot's option fits, as a kept option's
    better mean is said within the noise; the gap said is the printed figures'."""
    left = Analysis(("marriage", "no meld"), (91.0, 87.0), 40, 900, 0.1, (3.0, 0.0), prefer=1, confidence=1.0)
    assert left.explain("marriage", str, str, kind="choice", counter=10) == (
        "marriage scores +91 on average (40 deals): 4 more than no meld at +87 (± 6); the standard bot's choice no"
        " meld scores 4 less: within the noise (± 6), but more than one standard error of the gap (3) apart, which"
        " is the expert's margin for leaving the standard bot's choice, so marriage is chosen"
    )
    # past its margin: no word of noise
    clear = Analysis(("marriage", "no meld"), (91.0, 77.0), 40, 900, 0.1, (3.0, 0.0), prefer=1, confidence=1.0)
    assert clear.explain("marriage", str, str, kind="choice", counter=10) == (
        "marriage scores +91 on average (40 deals): 14 more than no meld at +77 (± 6); the standard bot's choice no"
        " meld scores 14 less: more than one standard error of the gap (3), so marriage is chosen"
    )


def test_a_card_too_close_to_tell_apart_is_not_then_said_to_cost_least() -> None:
    """Where the hint calls the next best card too close to tell apart, the note on a card
    that loses the trick in most deals says it has the best mean by less than the noise,
    never flatly that it costs least."""
    acts = tuple(Play(c) for c in (0, 1, 2, 5))  # AS TS KS 9S
    an = Analysis(acts, (-20.0, -21.0, -40.0, -63.0), 84, 5000, 0.9, (0.0, 9.0, 9.0, 9.0), lose=(1.0,) * 4)
    assert an.explain(acts[0], _name, str, counter=10) == (
        "AS scores 1 more than TS (± 18), 20 more than KS on average (84 deals; too close to tell apart, a rough"
        " guide: over these same deals the gap's own error, ± 18, is larger than the gap); in the search's"
        " play-outs of the 84 sampled deals, AS loses the trick in all, TS in all, KS in all, but AS has the best"
        " mean, by less than the noise: TS scores 1 less over the hand, the others up to 43 less (9S)"
    )


def test_a_margin_under_half_a_point_of_an_x1_game_is_under_1_never_0() -> None:
    """In a game scored in single points a margin under half a point printed "(± 0)", read
    as no error at all: every margin the hints print says "under 1" there (a gap that never
    varies still says "in every deal")."""
    x1 = lambda p: str(round(p / 10))  # noqa: E731  # an x1 game's whole points
    dix = Analysis(("it", "no meld"), (915.0, 584.0), 40, 900, 0.1, (0.0, 2.0))
    assert dix.explain("it", str, x1, kind="choice") == (
        "it scores +92 on average (40 deals): 34 more than no meld at +58 (± under 1)"
    )
    kept = Analysis(("it", "no meld"), (584.0, 915.0), 40, 900, 0.1, (0.0, 2.0))
    assert kept.explain("it", str, x1, kind="choice").endswith(
        "; the better mean (no meld) is within the noise (± under 1), so it, the standard bot's choice, is kept"
    )
    odds = BidOdds(Bid(250), 23, 16, 15, -120.0, 50.0, 2.0)
    assert odds.explain(lambda p: str(p // 10), x1).startswith("bidding 25 scores -12 ± under 1 on average, passing +5")
    # a margin of a point or more prints its figure, as before
    assert "(± 1)" in replace(dix, errors=(0.0, 3.0)).explain("it", str, x1, kind="choice")
