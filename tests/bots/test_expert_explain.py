"""What the expert's search keeps for the hint: per legal card its mean over the sampled
deals and the share of the deals in which its trick is lost, a bid tried over deals
(`BidOdds`), the suits, sets and choices tried; and the figures line the hint says them by
(`Analysis.figures`; its words, `Analysis.advice`: tests/bots/test_expert_advice.py)."""

from __future__ import annotations

import math
import random
import time

import pytest

from bots import make_bot
from bots.expert import Analysis, BidOdds, ExpertBot
from rules import Bid, Phase, Play, apply, format_cards, legal_actions, load_variants, new_round, observe

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


def test_a_card_written_alike_twice_is_named_once_by_its_better_play() -> None:
    """In the two-hand stock game a card may be played from the hand or from one's melds
    on the table (§2.7): two actions written alike, with means of their own.  The hint
    names each other card once, by its better play, whatever the order of the actions."""
    qs_table, qs, as_, ks, ks_table = Play(3, True), Play(3), Play(0), Play(2), Play(2, True)
    means = {qs_table: 100.0, qs: 95.0, as_: 104.0, ks: 98.0, ks_table: 106.0}
    for acts in [
        (qs_table, qs, as_, ks, ks_table),
        (ks_table, as_, ks, qs, qs_table),
        (as_, ks, qs_table, ks_table, qs),
    ]:
        an = Analysis(acts, tuple(means[a] for a in acts), 30, 900, 0.5)
        assert an.advice(qs_table, _name, str) == (
            "about as good as KS and AS (the deals can't tell them apart); the expert then keeps the"
            " standard bot's card"
        )
        assert an.figures(qs_table, _name, str, "your points") == (
            "Figures, 30 deals, your points on average: KS 6 more, AS 4 more"
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
    assert an.figures(best, _name, str, "your points") == (
        f"Figures, {an.deals} deals, your points on average: {_name(other)} {gap} less in every deal; the last tricks"
        " solved exactly"
    )
    early = next(x for x in _states(2) if len(x.hands[x.to_act]) > 2 and len(legal_actions(x)) >= 2)
    more = ExpertBot(think=None, nodes=400).analyse(
        observe(early, early.to_act), legal_actions(early), random.Random(1)
    )
    said = more.figures(legal_actions(early)[0], _name, str, "your points")
    assert not more.exact and more.lose and "solved exactly" not in said and "play-outs" in said


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


def test_a_bids_odds_weigh_it_against_a_pass_on_the_same_deals() -> None:
    s, want = _my_bid()
    view = observe(s, s.to_act)
    odds = ExpertBot(think=None, nodes=6000).bid_odds(view, want, random.Random(3))
    assert odds is not None and odds.deals == 6
    assert odds.value is not None and odds.pass_value is not None
    assert odds.value != odds.pass_value  # (a pass is another hand: the same deals, another auction)


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


def test_a_suit_tried_is_said_with_its_own_mean_and_each_others_gap_and_margin() -> None:
    """A simulated choice (trump) says the figures it was made by: the chosen suit's own
    mean, then each other suit tried by the gap of their means with the margin of that gap
    over the same deals (two standard errors; "in every deal" where the gap never varies),
    the one figure said once where the suits print alike; none where the deals give no
    margin (one deal: no spread)."""
    from rules import NameTrump, Suit

    acts = tuple(NameTrump(Suit.parse(x)) for x in "SHD")
    whose = "your points less the others'"

    def suit(a: NameTrump) -> str:
        return "SHDC"[a.suit.index]

    an = Analysis(acts, (450.0, 330.0, -150.0), 51, 9000, 1.0, (0.0, 40.0, 60.0))
    assert an.advice(acts[0], suit, str, kind="suit") == "clearly better than every other suit"
    assert an.figures(acts[0], suit, str, whose, most=3, own=True) == (
        "Figures, 51 deals, your points less the others' on average: S +450, H 120 less (± 80), D 600 less (± 120)"
    )
    # the hand thrown in whatever the suit (the standard bot's throw-in in the trial): one figure
    alike = Analysis(acts, (-290.0, -290.0, -290.0), 1754, 9000, 1.0, (0.0, 0.0, 0.0))
    assert alike.advice(acts[2], suit, str, kind="suit") == "as good as S and H"
    assert alike.figures(acts[2], suit, str, whose, most=3, own=True) == (
        "Figures, 1754 deals, your points less the others' on average: D -290, S and H the same in every deal"
    )
    below = Analysis(acts, (300.0, 330.0, -150.0), 51, 9000, 1.0, (0.0, 40.0, 60.0))
    assert below.advice(acts[0], suit, str, kind="suit") == (
        "about as good as H (the deals can't tell them apart) and clearly better than D; the expert then keeps the"
        " standard bot's suit"
    )
    assert below.figures(acts[0], suit, str, whose, most=3, own=True) == (
        "Figures, 51 deals, your points less the others' on average: S +300, H 30 more (± 80), D 450 less (± 120)"
    )
    # no margin where the deals give none: no errors kept, or one deal's infinite error
    for errors in ((), (0.0, math.inf)):
        bare = Analysis(acts[:2], (403.0, 398.0), 1, 900, 1.0, errors)
        assert bare.figures(acts[0], suit, lambda p: str(round(p / 10)), whose, own=True) == (
            "Figures, 1 deal, your points less the others' on average: S +40, H under 1 less"
        )


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


def test_a_choice_is_said_by_the_gaps_of_its_means_with_whose_points() -> None:
    """The stock game's meld, dix, last pick and draft (``kind`` "choice"): each other
    option named as the menu shows it, by the gap of its mean from the chosen one's, with
    that gap's margin over the same deals ("in every deal" where it never varies), the
    points they are of said after the deals; a better mean kept within the noise says why
    the standard bot's choice is kept."""
    names = {"dix": "exchange the 9♣ for the turn-up K♣ (+10)", "none": "no meld", "mar": "marriage K♥ Q♥ (20)"}
    whose = "your points less your opponent's"
    an = Analysis(("dix", "none", "mar"), (-87.0, -80.0, -86.0), 2, 40, 0.1, (0.0, 9.0, 9.0))
    assert an.advice("dix", names.__getitem__, str, kind="choice") == (
        "about as good as no meld and marriage K♥ Q♥ (20) (the deals can't tell them apart); the expert then keeps the"
        " standard bot's choice"
    )
    assert an.figures("dix", names.__getitem__, str, whose) == (
        "Figures, 2 deals, your points less your opponent's on average: no meld 7 more (± 18), marriage K♥ Q♥ (20)"
        " 1 more (± 18)"
    )
    level = Analysis(("dix", "mar"), (400.0, 400.0), 5, 40, 0.1, (0.0, 0.0), prefer=0, confidence=1.0)
    tenth = lambda p: str(round(p / 10))  # noqa: E731
    assert level.advice("dix", names.__getitem__, tenth, kind="choice") == "as good as marriage K♥ Q♥ (20)"
    assert level.figures("dix", names.__getitem__, tenth, whose) == (
        "Figures, 5 deals, your points less your opponent's on average: marriage K♥ Q♥ (20) the same in every deal"
    )
    nothing = Analysis(("dix", "none"), (0.0, 0.0), 0, 0, 0.0)
    assert (
        nothing.advice("dix", names.__getitem__, str, kind="choice") == "every legal choice here is as good as another"
    )
    assert nothing.figures("dix", names.__getitem__, str, whose) == ""


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
