"""The expert's decisions outside trick play by simulation (bots/expert_bidding.py):
the round it rebuilds is the real one, its choices on handed positions, legality
in every preset, exact replay at a node budget."""

from __future__ import annotations

import random

import pytest

from bots.expert import ExpertBot
from bots.expert_bidding import SimDecisions, candidate_sets, rebuild, supported
from bots.search import DealSampler
from bots.standard import StandardBot
from rules import (
    CARDS,
    Bid,
    Bury,
    CallPartner,
    ClaimMisdeal,
    Concede,
    KeepHand,
    NameTrump,
    PassBid,
    PassCards,
    Phase,
    PlayOn,
    Suit,
    apply,
    legal_actions,
    load_variants,
    new_round,
    observe,
    parse_cards,
)

PRESETS = list(load_variants())


def _faces(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def _at(v, hands, bids, kitty="", dealer=0):
    """The round dealt ``hands`` (and ``kitty``) by ``dealer``, the ``bids`` made."""
    s = new_round(v, dealer, hands=[_faces(h) for h in hands], kitty=_faces(kitty))
    for _, amount in bids:
        s = apply(s, Bid(amount) if amount else PassBid())
    return s


def _real_deal(state, seat, sampler):
    """The real hands of the other seats (and the hidden pile: the kitty, in trick play
    the cards the bidder buried) in the sampler's order."""
    deal = [[int(c) for c in state.hands[s]] for s in sampler.others]
    pile = []
    if sampler.sizes[sampler.pile]:
        pile = [int(c) for c in (state.table.buried if state.phase is Phase.TRICKS else state.table.kitty)]
    return [*deal, pile]


@pytest.mark.parametrize(
    "preset",
    [
        "partnership",
        "partnership-kitty",
        "three-hand",
        "cutthroat",
        "double-deck",
        "five-hand",
        "six-hand",
        "eight-hand",
    ],
)
def test_rebuild_with_the_real_hands_is_the_real_round(variants, preset):
    """At every decision outside trick play of standard self-play, the round rebuilt from
    the seat's view and the real hidden cards has the real hands, phase, seat to act,
    trump, and cards passed and buried."""
    v = variants[preset]
    std = [StandardBot() for _ in range(v.players)]
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = new_round(v, seed % v.players, rng)
        while s.phase not in (Phase.TRICKS, Phase.DONE):
            legal = legal_actions(s)
            decisions = (Phase.DEAL, Phase.AUCTION, Phase.TRUMP, Phase.CALL, Phase.PASS, Phase.BURY, Phase.MELD)
            if s.phase in decisions and len(legal) > 1:
                view = observe(s, s.to_act)
                sampler = DealSampler(view)
                r = rebuild(view, sampler, _real_deal(s, s.to_act, sampler))
                assert r.phase is s.phase and r.to_act == s.to_act
                assert [sorted(h) for h in r.hands] == [sorted(h) for h in s.hands]
                assert r.table.trump == s.table.trump and r.table.bids == s.table.bids
                assert sorted(r.table.buried) == sorted(s.table.buried)
                assert r.table.given == s.table.given
                checked += 1
            s = apply(s, std[s.to_act].act(observe(s, s.to_act), legal, rng))
    assert checked >= 10


@pytest.mark.parametrize(
    "preset", ["partnership", "partnership-kitty", "three-hand", "cutthroat", "double-deck", "six-hand"]
)
def test_rebuild_in_trick_play_is_the_real_position(variants, preset):
    """At cards of standard self-play, the round rebuilt from the seat's view and the
    real hidden cards is the real position: the hands, the trick on the table, the tricks
    and points taken and the seat to play, a defender's included, who did not see the
    partnership pass (given back as the same cards: only the hands after it count)."""
    v = variants[preset]
    std = StandardBot()
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = new_round(v, seed % v.players, rng)
        k = 0
        while s.phase is not Phase.DONE:
            legal = legal_actions(s)
            if s.phase is Phase.TRICKS and k % 5 == 0:
                view = observe(s, s.to_act)
                sampler = DealSampler(view)
                r = rebuild(view, sampler, _real_deal(s, s.to_act, sampler))
                assert r.phase is Phase.TRICKS and r.to_act == s.to_act
                assert [sorted(h) for h in r.hands] == [sorted(h) for h in s.hands]
                assert r.trick == s.trick and r.tricks == s.tricks
                assert r.points == s.points and r.won == s.won
                checked += 1
            k += s.phase is Phase.TRICKS
            s = apply(s, std.act(observe(s, s.to_act), legal, rng))
    assert checked >= 12


# partnership seed 19: dealer 0, the others passed and seat 0 holds the contract at 250
SEED19 = [
    "AS KS KS JS QH 9H TD KD QD JD 9D QC",
    "QS JS 9S KH JH AD AD AC QC JC JC 9C",
    "AS TS TS AH AH TH QH TD KD JD KC 9C",
    "QS 9S TH KH JH 9H QD 9D AC TC TC KC",
]
# partnership seed 45: seat 2 took the contract at 280
SEED45 = [
    "AS QS JS AH TH QH JH 9H AD QD 9D KC",
    "AS KS 9S TH 9H AD KD JD TC JC JC 9C",
    "KS QS JS 9S AH KH QH AC AC TC QC 9C",
    "TS TS KH JH TD TD KD QD JD 9D KC QC",
]


def test_trump_by_simulation_differs_from_standard(variants):
    """AS KS KS JS / QH 9H / TD KD QD JD 9D / QC: standard names spades (four, no
    marriage), the simulation diamonds (five with the royal marriage), by over 100 points
    a hand over the deals; pinned at a fixed seed and node budget."""
    v = variants["partnership"]
    s = _at(v, SEED19, [(1, 0), (2, 0), (3, 0), (0, 250)])
    assert s.phase is Phase.TRUMP and s.to_act == 0
    view, legal = observe(s, 0), legal_actions(s)
    assert StandardBot().act(view, legal, random.Random(0)) == NameTrump(Suit.SPADES)
    bot = ExpertBot(think=None, nodes=6000)
    assert bot.act(view, legal, random.Random(7)) == NameTrump(Suit.DIAMONDS)
    trial = bot.decisions.last
    assert trial is not None and trial.deals == 31
    spades, diamonds = (trial.mean(i) for i in range(2))
    assert diamonds - spades > 100


def test_trump_by_simulation_not_the_longest_suit(variants):
    """KS QS JS 9S / AH KH QH / AC AC TC QC 9C after bidding to 280: standard names the
    longest suit, clubs; the simulation spades, whose K Q J and marriage meld and whose
    clubs' aces still take tricks."""
    v = variants["partnership"]
    bids = [(1, 0), (2, 250), (3, 260), (0, 270), (2, 280), (3, 0), (0, 0)]
    s = _at(v, SEED45, bids)
    assert s.phase is Phase.TRUMP and s.to_act == 2
    view, legal = observe(s, 2), legal_actions(s)
    assert StandardBot().act(view, legal, random.Random(0)) == NameTrump(Suit.CLUBS)
    assert ExpertBot(think=None, nodes=6000).act(view, legal, random.Random(9)) == NameTrump(Suit.SPADES)


# three-hand seed 1: seat 0 took the widow (AD JD TC) at 290, spades trump with A T K Q J
THREE1 = [
    "AS TS KS QS JS AH KH JH 9H 9H AD KD JD TC KC QC QC 9C",
    "AS QS 9S 9S AH KH JH AD TD KD QD 9D AC AC TC",
    "TS KS JS TH TH QH QH TD QD JD 9D KC JC JC 9C",
]


def test_bury_keeps_the_run_and_tries_every_legal_near_set(variants):
    """With every set one card from standard's tried (width 100), only the legal ones
    are (three-hand buries no melded card: the trump run stays), each on the same
    deals, and the pinned set is buried."""
    v = variants["three-hand"]
    hands = [_faces(THREE1[0]), _faces(THREE1[1]), _faces(THREE1[2])]
    widow = _faces("AD JD TC")
    for c in widow:
        hands[0].remove(c)
    s = new_round(v, 0, hands=hands, kitty=widow)
    for amount in (200, 0, 210, 220, 230, 240, 250, 260, 270, 280, 290, 0):
        s = apply(s, Bid(amount) if amount else PassBid())
    s = apply(s, NameTrump(Suit.SPADES))
    assert s.phase is Phase.BURY and s.to_act == 0
    view, legal = observe(s, 0), legal_actions(s)
    std = StandardBot().act(view, legal, random.Random(0))
    near = candidate_sets(view.hand, tuple(int(c) for c in std.cards), 0, v, False, 100)
    near_legal = [c for c in near if Bury(tuple(CARDS[f] for f in c)) in legal]
    assert len(near) > len(near_legal) > 10
    d = SimDecisions(StandardBot(), 8000, None, lambda: 0.0, pieces=frozenset({"bury"}), width=100)
    choice = d.act(view, legal, random.Random(3))
    assert isinstance(choice, Bury) and choice in legal
    assert d.last is not None and len(d.last.values) == len(near_legal)
    assert len({len(xs) for xs in d.last.values}) == 1  # the same deals for every set
    assert not set(_faces("AS TS KS QS JS")) & {int(c) for c in choice.cards}
    assert [str(c) for c in choice.cards] == ["JH", "9H", "TC"]


def test_candidate_sets_are_one_card_from_standard(variants):
    v = variants["partnership"]
    hand = _faces(SEED19[0])
    pref = tuple(sorted(_faces("9H QH QC 9D")))
    sets = candidate_sets(hand, pref, 2, v, False, 6)
    assert sets[0] == pref and len(sets) == 6 and len(set(sets)) == 6
    for cards in sets[1:]:
        assert len(cards) == 4 and len(set(cards) ^ set(pref)) <= 2
        rest = list(hand)
        for c in cards:
            rest.remove(c)  # every card is in the hand


@pytest.mark.parametrize("preset", PRESETS)
def test_every_decision_is_legal(variants, preset):
    """Two hands of every preset with the expert's decisions outside trick play (every
    piece simulated) in every seat (trick play standard's, for speed): every action is legal."""
    v = variants[preset]
    bots = [ExpertBot(think=None, nodes=600) for _ in range(v.players)]
    for b in bots:
        b.decisions.pieces = SimDecisions.PIECES  # every piece, the ones off by default too
    std = StandardBot()
    for seed in range(2):
        rng = random.Random(seed)
        s = new_round(v, seed % v.players, rng) if v.round_flow == "auction" else None
        if s is None:
            assert not supported(v)
            continue
        while s.phase is not Phase.DONE:
            legal = legal_actions(s)
            view = observe(s, s.to_act)
            if s.phase is Phase.TRICKS:
                a = std.act(view, legal, rng)
            else:
                a = bots[s.to_act].act(view, legal, rng)
                assert a in legal
            s = apply(s, a)


def test_replay_at_a_fixed_node_budget(variants):
    """Fresh bots with the same seed and node budget make the same decisions with the
    same values over the same deals, at every decision outside trick play of a hand."""
    v = variants["partnership"]
    std = StandardBot()
    seen = 0
    for seed in (3, 8):
        rng = random.Random(seed)
        s = new_round(v, 0, rng)
        while s.phase not in (Phase.TRICKS, Phase.DONE):
            legal = legal_actions(s)
            view = observe(s, s.to_act)
            if len(legal) > 1:
                a1, a2 = ExpertBot(think=None, nodes=1500), ExpertBot(think=None, nodes=1500)
                x = a1.act(view, legal, random.Random(seed))
                y = a2.act(view, legal, random.Random(seed))
                assert x == y
                t1, t2 = a1.decisions.last, a2.decisions.last
                assert (t1 is None) == (t2 is None)
                if t1 is not None:
                    assert t1.values == t2.values and t1.deals >= 1
                    seen += 1
            s = apply(s, std.act(view, legal, rng))
    assert seen >= 4


def test_the_apps_bot_decides_on_the_pool_as_in_process(variants):
    """``leave_cores`` (the app's bots): the simulated trump is chosen on the worker pool,
    the rng's state sent and taken back, exactly as in process (the app's process does
    not hold its GIL meanwhile)."""
    import time

    from bots.search import pool as search_pool

    t0 = time.monotonic()
    while search_pool.ready_pool() is None:
        assert time.monotonic() - t0 < 60
        time.sleep(0.05)
    v = variants["partnership"]
    s = _at(v, SEED19, [(1, 0), (2, 0), (3, 0), (0, 250)])
    view, legal = observe(s, 0), legal_actions(s)
    r_pool, r_here = random.Random(7), random.Random(7)
    app = ExpertBot(think=None, nodes=3000, leave_cores=1)
    here = ExpertBot(think=None, nodes=3000)
    calls = []
    app.decisions.decide = lambda *a: calls.append(a)  # type: ignore[method-assign]
    assert app.act(view, legal, r_pool) == here.act(view, legal, r_here) == NameTrump(Suit.DIAMONDS)
    assert not calls  # decided in the worker, not here
    assert app.decisions.last is not None and here.decisions.last is not None
    assert app.decisions.last.values == here.decisions.last.values
    assert r_pool.getstate() == r_here.getstate()


def test_the_bids_limit_comes_back_from_the_pool(variants):
    """The app's bot bids on the worker pool: the bid's limit, which its hint says, comes
    back with the decision, the same as in process (it was the worker's alone)."""
    import time

    from bots.search import pool as search_pool

    t0 = time.monotonic()
    while search_pool.ready_pool() is None:
        assert time.monotonic() - t0 < 60
        time.sleep(0.05)
    s = _at(variants["partnership"], SEED1, [(1, 250), (2, 260), (3, 270), (0, 0), (1, 280)])
    view, legal = observe(s, 2), legal_actions(s)
    app = ExpertBot(think=None, nodes=3000, leave_cores=1)
    here = ExpertBot(think=None, nodes=3000)
    calls = []
    app.decisions.decide = lambda *a: calls.append(a)  # type: ignore[method-assign]
    assert app.act(view, legal, random.Random(7)) == here.act(view, legal, random.Random(7))
    assert not calls  # decided in the worker, not here
    assert app.decisions.last_limit is not None and app.decisions.last_limit == here.decisions.last_limit


# partnership seed 1: dealer 0; seat 2 to bid over its partner's 260, East's 270 and West's 280
SEED1 = [
    "9S TH KH 9H AD AD KD JD TC KC JC JC",
    "TS KS QS AH AH TH KH JH TD QD JD 9D",
    "AS TS KS JS 9S QH JH TD KD QD 9D AC",
    "AS QS JS QH 9H AC TC KC QC QC 9C 9C",
]


def test_the_simulated_bid_goes_past_standards_ceiling(variants):
    """AS TS KS JS 9S / QH JH / TD KD QD 9D / AC over 280: standard's ceiling (267)
    passes; over the deals the side as bidder reaches 364 in 60% of them (28 deals, the
    pass over the other side's 280 tried on each beside the bid: ``weigh_pass``), and
    the bid goes on to 290."""
    v = variants["partnership"]
    s = _at(v, SEED1, [(1, 250), (2, 260), (3, 270), (0, 0), (1, 280)])
    assert s.phase is Phase.AUCTION and s.to_act == 2
    view, legal = observe(s, 2), legal_actions(s)
    std = StandardBot()
    assert std.act(view, legal, random.Random(0)) == PassBid() and round(std.ceiling(view)) == 267
    bot = ExpertBot(think=None, nodes=6000)
    assert bot.act(view, legal, random.Random(7)) == Bid(290)
    trial = bot.decisions.last
    assert trial is not None and trial.deals == 28 and len(trial.totals) == 28
    assert trial.actions == (Bid(290), PassBid())
    assert round(bot.decisions.sim_level(trial.totals)) == 364


def test_the_bids_limit_is_kept_part_by_part_for_the_hint(variants):
    """The same bid of 290: the limit it bids to is kept with its parts (`BidLimit`), the
    figures the hint says: standard's own limit (267), the cautious level of its
    estimate, the 364 its side reaches in 60% of the 28 deals, the share of the gap
    added (28 deals against ``deals_weight`` 12: 70%, under ``sim_share``'s 80%) and the
    limit they make (the bid scores more than the pass there: no means kept for the
    hint); the next decision, not a simulated bid, keeps none."""
    v = variants["partnership"]
    s = _at(v, SEED1, [(1, 250), (2, 260), (3, 270), (0, 0), (1, 280)])
    view, legal = observe(s, 2), legal_actions(s)
    std = StandardBot()
    bot = ExpertBot(think=None, nodes=6000)
    assert bot.act(view, legal, random.Random(7)) == Bid(290)
    limit = bot.decisions.last_limit
    assert limit is not None
    assert limit.standard == std.ceiling(view)
    assert limit.estimate == max(e.total - std.z * e.sd for e in std.estimates(view))
    # the estimate the bidding help shows (its best mean), which the hint names beside it
    best = max(std.estimates(view), key=lambda e: (e.total, -e.trump))
    assert limit.shown == (best.trump, best.total)
    assert round(limit.reached) == 364 and limit.share == 0.6 and limit.weight == 0.7
    assert limit.limit == limit.raised == limit.standard + 0.7 * (limit.reached - limit.estimate)
    assert limit.bid_mean is None and limit.pass_mean is None
    assert limit.limit == bot.decisions.ceiling(view, legal, random.Random(7))
    assert limit.limit == pytest.approx(327.97, abs=0.01)  # within it, the next bid: 290
    s = apply(s, Bid(290))
    while s.phase is Phase.AUCTION:
        s = apply(s, PassBid())
    other = observe(s, s.to_act)
    bot.act(other, legal_actions(s), random.Random(7))
    assert bot.decisions.last_limit is None


def _first_bid_view(v, seed, seat):
    """The view and legal actions of ``seat``'s first choice of the auction of deal
    ``seed`` (dealer ``seed`` mod the players), the seats before it bidding as standard."""
    std = StandardBot()
    rng = random.Random(seed)
    s = new_round(v, seed % v.players, rng)
    while s.phase in (Phase.DEAL, Phase.AUCTION):
        legal = legal_actions(s)
        view = observe(s, s.to_act)
        if s.phase is Phase.AUCTION and s.to_act == seat and len(legal) > 1 and isinstance(legal[0], PassBid):
            return view, legal
        s = apply(s, std.act(view, legal, rng))
    raise AssertionError("the seat has no choice in this auction")


# (preset, deal seed, seat): the expert's ceiling at 2,000 nodes (rng "c{seed}/{seat}")
# and its bid, as `SimDecisions.bid` computed them before the ceiling was its own method;
# standard's ceiling and bid on the same view
CEILINGS = [
    ("partnership", 0, 0, 276.0220190282556, PassBid(), 268.11265432098764, PassBid()),
    ("partnership", 1, 1, 292.04471043928993, Bid(280), 242.5324074074074, PassBid()),
    ("partnership", 2, 2, 335.7333004813028, PassBid(), 324.22769291003226, PassBid()),
    ("partnership", 3, 1, 417.65030684771455, Bid(260), 398.0966260232625, Bid(260)),
    ("three-hand", 0, 2, 211.4331988202475, Bid(210), 197.15519685399335, PassBid()),
    ("partnership-kitty", 0, 2, 296.56316628294513, Bid(250), 274.168443421187, Bid(250)),
]


@pytest.mark.parametrize(
    ("preset", "seed", "seat", "ceiling", "bid", "std_ceiling", "std_bid"),
    CEILINGS,
    ids=[f"{c[0]}-{c[1]}-seat{c[2]}" for c in CEILINGS],
)
def test_the_ceiling_is_what_the_bid_bids_to(variants, preset, seed, seat, ceiling, bid, std_ceiling, std_bid):
    """`SimDecisions.ceiling` (measured by bench/expert_boldness.py) is the
    ceiling `bid` bids to: at a fixed seed and node budget the same value and bid as
    before it was factored out, the rng left as `act` leaves it."""
    from bots.expert_bidding import _bid_to

    v = variants[preset]
    view, legal = _first_bid_view(v, seed, seat)
    std = StandardBot()
    assert std.ceiling(view) == pytest.approx(std_ceiling, abs=1e-9)
    assert std.act(view, legal, random.Random(0)) == std_bid
    r1, r2 = random.Random(f"c{seed}/{seat}"), random.Random(f"c{seed}/{seat}")
    bot, other = ExpertBot(think=None, nodes=2000), ExpertBot(think=None, nodes=2000)
    for b in (bot, other):  # the bid's deals alone, as then (the pass not tried: ``weigh_pass``)
        b.decisions.weigh_pass = None
    got = bot.decisions.ceiling(view, legal, r1)
    assert got == pytest.approx(ceiling, abs=1e-9)
    assert _bid_to(bot._standard, view, legal, got) == bid
    assert other.act(view, legal, r2) == bid
    assert r1.getstate() == r2.getstate()


def test_the_bid_stays_within_reach_of_every_trick_when_asked():
    """With ``hopeless`` the ceiling never passes the level that the side's meld (in the
    deal) and every trick point reach in all but that share of the deals: North's 292
    over 2,000 nodes (partnership deal 1) comes down to 270, where it passes at 280."""
    v = load_variants()["partnership"]
    view, legal = _first_bid_view(v, 1, 1)
    bot = ExpertBot(think=None, nodes=2000)
    bot.decisions.weigh_pass = None  # the bid's deals alone (the pass not tried)
    bot.decisions.hopeless = 0.1
    got = bot.decisions.ceiling(view, legal, random.Random("c1/1"))
    trial = bot.decisions.last
    assert trial is not None and len(trial.bests) == trial.deals
    assert got == 270.0 == SimDecisions.quantile(trial.bests, [], 0.9)
    assert bot.act(view, legal, random.Random("c1/1")) == PassBid()


@pytest.mark.parametrize(
    ("seed", "seat", "free", "own", "reached", "bound"),
    [(1, 1, 292.04471043928993, 242.5324074074074, 270.0, 270.0), (0, 1, 334.78, 279.01, 260.0, 279.01)],
    ids=["the-reach-binds", "standards-ceiling-binds"],
)
def test_the_raise_above_standard_stays_within_reach_of_every_trick(seed, seat, free, own, reached, bound):
    """With ``reach`` 0.1 the ceiling never passes both standard's own ceiling and the
    level that the side's meld and every trick point reach in 90% of the deals
    (partnership, 2,000 nodes, the same rng): North's 292 on deal 1 comes down to 270
    (standard's own 242.5), North's 334.8 on deal 0 to standard's own 279.0 (the reach
    260 there: never below standard)."""
    v = load_variants()["partnership"]
    view, legal = _first_bid_view(v, seed, seat)
    assert StandardBot().ceiling(view) == pytest.approx(own, abs=0.01)
    free_bot = ExpertBot(think=None, nodes=2000)
    free_bot.decisions.weigh_pass = None  # the bid's deals alone (the pass not tried)
    assert free_bot.decisions.ceiling(view, legal, random.Random(f"c{seed}/{seat}")) == pytest.approx(free, abs=0.01)
    bot = ExpertBot(think=None, nodes=2000)
    bot.decisions.weigh_pass = None
    bot.decisions.reach = 0.1
    got = bot.decisions.ceiling(view, legal, random.Random(f"c{seed}/{seat}"))
    trial = bot.decisions.last
    assert trial is not None and SimDecisions.quantile(trial.bests, [], 0.9) == reached
    assert got == pytest.approx(bound, abs=0.01)


def _north_to_bid(bids):
    """North's view and legal actions at its bid after ``bids`` (partnership, `SEED1`)."""
    s = _at(load_variants()["partnership"], SEED1, bids)
    assert s.to_act == 1
    return observe(s, 1), legal_actions(s)


def _ceiling_read(view, legal, knob, value):
    """The expert's ceiling at 2,000 nodes with ``knob`` set to ``value`` (rng 3), the
    bid's deals alone (the pass not tried, ``weigh_pass`` None): the bot, the ceiling,
    its trial and the level simulated."""
    bot = ExpertBot(think=None, nodes=2000)
    bot.decisions.weigh_pass = None
    setattr(bot.decisions, knob, value)
    ceiling = bot.decisions.ceiling(view, legal, random.Random(3))
    trial = bot.decisions.last
    assert trial is not None
    return bot, ceiling, trial, bot.decisions.sim_level(trial.totals, trial.weights)


def test_a_partner_who_passed_at_once_lowers_the_ceiling_when_read():
    """West passed at its first chance (270, over East's 260): with ``read_partner`` the
    bid's deals keep West's hand with the chance that standard's policy passes with it
    there, 6 of the 19 deals 2,000 nodes try; North's ceiling falls from 305.5 to 296.3
    (standard's own 301.4), its simulated level from 318 to 296."""
    view, legal = _north_to_bid([(1, 250), (2, 260), (3, 0), (0, 270)])
    assert StandardBot().ceiling(view) == pytest.approx(301.45, abs=0.01)
    got = {}
    for read in (False, True):
        _, ceiling, trial, level = _ceiling_read(view, legal, "read_partner", read)
        got[read] = (round(ceiling, 1), trial.deals, level)
    assert got == {False: (305.5, 19, 318.0), True: (296.3, 6, 296.0)}


def test_the_other_sides_calls_weigh_the_bids_deals_when_read():
    """North to bid after 250, East's pass at 260, West's 260 and South's 270 (2,000
    nodes): with ``read_opponents`` the bid's deals weigh by the other side's calls as the
    trick search reads them, South's 270 (its hand worth 210 or more to standard's
    policy) and, with "calls", East's pass (worth under 275).  East's pass makes South and
    East weaker than uniform: "calls" raises the simulated level from 318 to 360 over
    deals a weight each (their cost counted: 9 deals where uniform ones are 19); South's
    bid alone lowers it to 260, North's ceiling from 340.5 to 310.7 (standard's own
    336.5: North still bids 280)."""
    view, legal = _north_to_bid([(1, 250), (2, 0), (3, 260), (0, 270)])
    assert StandardBot().ceiling(view) == pytest.approx(336.45, abs=0.01)
    got = {}
    for read in (None, "calls", "bids"):
        bot, ceiling, trial, level = _ceiling_read(view, legal, "read_opponents", read)
        weigh = bot.decisions.opponents_reading(view)
        seats = None if weigh is None else [(seat, calls) for _, seat, calls in weigh.seats]
        got[read] = (seats, round(ceiling, 1), trial.deals, level, len(trial.weights))
        assert bot.act(view, legal, random.Random(3)) == Bid(280)
    assert got == {
        None: (None, 340.5, 19, 318.0, 0),
        "calls": ([(0, [(3, 270)]), (2, [(1, -260)])], 357.3, 9, 360.0, 9),
        "bids": ([(0, [(3, 270)])], 310.7, 12, 260.0, 12),
    }


@pytest.mark.parametrize(
    ("south", "means", "ceiling"),
    [(270, (-28.4, -142.1), 305.46), (300, (-41.1, -17.9), 301.45)],
    ids=["the-bid-scores-more", "the-pass-scores-more"],
)
def test_the_raise_only_where_the_bid_beats_letting_the_other_sides_bid_stand(south, means, ceiling):
    """With ``weigh_pass``, where the other side holds the high bid the bid's deals try
    the pass beside the next bid (the others passing after either): seat 1 after its own
    250, seat 2's 260, seat 3's (its partner's) pass and seat 0's ``south`` (4,000 nodes,
    19 deals of the two).  Over 270 the bid scores more than the pass and the raise
    stands (305.5 over standard's own 301.4); over 300 the pass scores more (seat 0's 300
    set on more of the deals) and the ceiling is standard's own."""
    view, legal = _north_to_bid([(1, 250), (2, 260), (3, 0), (0, south)])
    own = StandardBot().ceiling(view)
    assert own == pytest.approx(301.45, abs=0.01)
    bot = ExpertBot(think=None, nodes=4000)
    bot.decisions.weigh_pass = 0.0
    got = bot.decisions.ceiling(view, legal, random.Random(3))
    trial = bot.decisions.last
    assert trial is not None and trial.actions == (Bid(south + 10), PassBid()) and trial.deals == 19
    assert (round(trial.mean(0), 1), round(trial.mean(1), 1)) == means
    assert got == pytest.approx(ceiling, abs=0.01)
    assert bot.decisions.last_limit is not None and bot.decisions.last_limit.limit == got


def test_the_pass_is_tried_only_where_the_other_side_holds_the_bid():
    """``weigh_pass`` tries the pass only over the other side's bid: over seat 0's 270 it
    does; at seat 1's first call (no bid yet) and over seat 3's 260 (its partner's) it
    does not, and the trial is the bid's alone."""
    for bids, tried in (
        ([(1, 250), (2, 260), (3, 0), (0, 270)], 2),
        ([], 1),
        ([(1, 250), (2, 0), (3, 260), (0, 0)], 1),
    ):
        view, legal = _north_to_bid(bids)
        bot = ExpertBot(think=None, nodes=1000)
        bot.decisions.weigh_pass = 0.0
        bot.decisions.ceiling(view, legal, random.Random(1))
        assert bot.decisions.last is not None and len(bot.decisions.last.actions) == tried, bids


def test_the_bounded_and_read_bid_depends_only_on_the_view():
    """With ``reach``, ``read_partner`` and ``read_opponents`` on, two rounds that differ only in the hands
    North cannot see give North the same ceiling and bid (the honesty of every bot
    level: a `SeatView` and the rng alone)."""
    v = load_variants()["partnership"]
    bids = [(1, 250), (2, 260), (3, 0), (0, 270)]
    hands = list(SEED1)
    hands[0], hands[3] = hands[3], hands[0]
    views = [observe(_at(v, h, bids), 1) for h in (SEED1, hands)]
    assert views[0] == views[1]
    got = []
    for view in views:
        bot = ExpertBot(think=None, nodes=2000)
        bot.decisions.reach = 0.1
        bot.decisions.read_partner = True
        bot.decisions.read_opponents = "calls"
        legal = legal_actions(_at(v, SEED1, bids))
        got.append((bot.decisions.ceiling(view, legal, random.Random(5)), bot.act(view, legal, random.Random(5))))
    assert got[0] == got[1]


def test_the_share_reached_by_weight():
    """`SimDecisions.quantile`: the value that a share of the values reach, by weight."""
    xs = [300.0, 250.0, 400.0, 350.0]
    assert SimDecisions.quantile(xs, [], 0.5) == 350.0  # 400 and 350 reach it
    assert SimDecisions.quantile(xs, [], 1.0) == 250.0
    assert SimDecisions.quantile(xs, [], 0.0) == 400.0
    assert SimDecisions.quantile(xs, [1.0, 1.0, 0.1, 0.1], 0.5) == 300.0
    assert SimDecisions.quantile(xs, [0.1, 3.0, 0.1, 0.1], 0.5) == 250.0
    assert SimDecisions.quantile([], [], 0.5) == float("inf")


# ---------------------------------------------------------------------- the throw-in
def _script(v, hands, dealer, actions):
    """The round dealt ``hands`` by ``dealer`` after ``actions``."""
    s = new_round(v, dealer, hands=[_faces(h) for h in hands])
    for a in actions:
        assert a in legal_actions(s), (s.phase, a)
        s = apply(s, a)
    return s


def _passed(text):
    return PassCards(tuple(parse_cards(text)))


def _throw_in_at(variants, deal):
    """Partnership, at the bidder's throw-in (§8.3) of one of the deals below."""
    hands, dealer, actions = deal
    s = _script(variants["partnership"], hands, dealer, actions)
    assert s.phase is Phase.MELD and Concede() in legal_actions(s)
    return s


# standard self-play (seed 769): West takes 280 in spades and melds 120 with its partner's 10;
# standard plays on, and on the real deal plays it to -370 less than the throw-in's -370
HOPELESS = (
    [
        "TS QS JS KH JH JH AD JD AC QC QC JC",
        "JS 9S TH TD TD QD JD 9D 9D AC JC 9C",
        "AS AS KS 9S AH TH QH QH QD TC KC 9C",
        "TS KS QS AH KH 9H 9H AD KD KD TC KC",
    ],
    1,
    [PassBid(), Bid(250), Bid(260), Bid(270), Bid(280), PassBid(), PassBid(), NameTrump(Suit.SPADES)]
    + [_passed("JS TH TD AC"), _passed("TH TD KD TC")],
)
# standard self-play (seed 147): East takes 280 in clubs with 50 of meld on its side;
# standard throws in (-370), yet the hand played on is made (+170 on the real deal)
MADE = (
    [
        "QS JS AH QH JH JH 9H AD AD JD KC KC",
        "AS AS KS 9S TH KH KD AC TC TC QC JC",
        "JS 9S TH KH QH KD QD JD 9D AC JC 9C",
        "TS TS KS QS AH 9H TD TD QD 9D QC 9C",
    ],
    3,
    [Bid(250), Bid(260), PassBid(), PassBid(), Bid(270), Bid(280), PassBid(), NameTrump(Suit.CLUBS)]
    + [_passed("TS TS AH QC"), _passed("TS TH KH KD")],
)


def _conceded(state):
    """The throw-in's score from the bidder's seat by the rules (§8.3): its side's
    change less the other side's."""
    done = apply(state, Concede())
    changes = [x.change for x in done.result.sides]
    side = state.variant.side_of[state.to_act]
    return changes[side] - changes[1 - side]


@pytest.mark.parametrize(
    ("deal", "std", "sim", "play_on"),
    [(HOPELESS, PlayOn(), Concede(), -489.4), (MADE, Concede(), PlayOn(), -42.6)],
    ids=["hopeless-thrown-in", "made-played-on"],
)
def test_the_throw_in_by_simulation(variants, deal, std, sim, play_on):
    """Where standard plays on a hopeless contract, the deals played on by every seat
    from its own view score far below the throw-in: thrown in; where standard throws in
    a contract the deals make (the real deal is made), played on.  The throw-in's value
    is the rules' on every deal, exactly."""
    s = _throw_in_at(variants, deal)
    view, legal = observe(s, s.to_act), legal_actions(s)
    assert StandardBot().act(view, legal, random.Random(0)) == std
    d = SimDecisions(StandardBot(), 20000, None, lambda: 0.0, pieces=frozenset({"concede"}))
    assert d.act(view, legal, random.Random(0)) == sim
    trial = d.last
    assert trial is not None and trial.deals == 34
    assert _conceded(s) == -370
    assert set(trial.values[legal.index(Concede())]) == {-370.0}  # exact: the same on every deal
    assert round(trial.mean(legal.index(PlayOn())), 1) == play_on


@pytest.mark.parametrize(
    ("deal", "said"),
    [
        (
            HOPELESS,
            "your side needs 130 trick points over its meld and takes about 117, a 34% chance of making the contract:"
            " playing on is worth 67 more than throwing in (your side's points less the others'), and it throws in only"
            " where playing on is worth over 25 less, so here it plays on",
        ),
        (
            MADE,
            "your side needs 230 trick points over its meld and takes about 188, a 3% chance of making the contract:"
            " playing on is worth 46 less than throwing in (your side's points less the others'), and it throws in only"
            " where playing on is worth over 25 less, so here it throws in",
        ),
    ],
    ids=["played-on", "thrown-in"],
)
def test_the_throw_in_left_to_the_standard_bot_says_the_figures_of_its_rule(variants, deal, said):
    """The hint said the expert throws in "as the standard bot does" and nothing of why:
    it says the figures that rule decided by, what the side needs in tricks over its meld,
    what the rule expects it to take and the chance that gives, what playing on is worth
    against throwing in and the margin it throws in at."""
    s = _throw_in_at(variants, deal)
    bot = ExpertBot(think=None, nodes=2000)
    bot.act(observe(s, s.to_act), legal_actions(s), random.Random(0))
    assert bot.standard_move == (
        "the expert chooses to play the hand or throw it in as the standard bot does (no search of its own here);"
        " by the standard bot's reckoning " + said
    )


def test_the_throw_in_figures_agree_with_the_standard_bots_choice(variants):
    """The figures the throw-in hint gives are the standard bot's own (`throw_in_figures`),
    and the choice they make is the one it makes, played on or thrown in, over throw-ins of
    standard self-play in three presets; a contract past every trick point says that."""
    from bots.expert import throw_in_figure

    std = StandardBot()
    seen = {"plays on": 0, "throws in": 0}
    for preset in ("partnership", "cutthroat", "partnership-kitty"):
        v = variants[preset]
        for seed in range(40):
            rng = random.Random(seed)
            s = new_round(v, seed % v.players, rng)
            while s.phase is not Phase.DONE and not (s.phase is Phase.MELD and Concede() in legal_actions(s)):
                s = apply(s, std.act(observe(s, s.to_act), legal_actions(s), rng))
            if s.phase is Phase.DONE:
                continue
            view = observe(s, s.to_act)
            action = std.act(view, legal_actions(s), random.Random(0))
            said = throw_in_figure(view, std, action)
            need, _, _, gain = std.throw_in_figures(view)
            if need > v.hand_trick_total:
                assert said.endswith("the hand holds: so it throws in") and action == Concede(), said
                continue
            verdict = "throws in" if gain < -std.throw_in_edge * v.hand_trick_total / 250 else "plays on"
            assert said.endswith(f", so here it {verdict}") and (action == Concede()) == (verdict == "throws in")
            whose = "your side's points" if v.partners_opposite else "your points"
            assert f"({whose} less the others')" in said, said
            seen[verdict] += 1
    assert all(seen.values()), seen


def test_the_throw_in_hint_on_a_forced_300_says_what_the_standard_bot_weighs(variants):
    """Three-hand check: the expert leaves the stuck dealer's throw-in to the standard bot;
    its hint says the two figures that choice weighs: the bid alone thrown in unseen,
    against looking at the widow (where a lost hand pays checks too)."""
    from test_bots_racehorse_check import three_hand_stuck

    said = []
    for seed in (26, 14):
        s = three_hand_stuck(variants, seed)
        bot = ExpertBot(think=None, nodes=2000)
        bot.act(observe(s, 0), legal_actions(s), random.Random(0))
        said.append(bot.standard_move)
    head = "the expert chooses to play the hand or throw it in as the standard bot does (no search of its own here); "
    assert said == [
        head + "throwing in unseen scores -300 and pays no checks; the standard bot reckons looking at the widow worth"
        " -355 on average (a lost hand then pays checks too), so it throws in",
        head + "throwing in unseen scores -300 and pays no checks; the standard bot reckons looking at the widow worth"
        " +16 on average (a lost hand then pays checks too), so it looks",
    ]


def test_the_throw_in_scores_the_meld_shown(variants):
    """The rebuilt round at the throw-in scores the meld every seat showed, not what
    the sampled hands could meld (a sampled hand may hold a second marriage)."""
    s = _throw_in_at(variants, HOPELESS)
    view = observe(s, s.to_act)
    sampler = DealSampler(view)
    r = random.Random(5)
    rebuilt = 0
    for _ in range(20):
        try:
            state = rebuild(view, sampler, sampler.sample(r))
        except ValueError:  # a sample the cards passed do not replay on
            continue
        assert [m.total for m in state.table.melds] == [m.total for m in view.melds] == [80, 30, 10, 120]
        rebuilt += 1
    assert rebuilt == 20


def test_the_partners_hand_fits_the_cards_it_passed(variants):
    """`_fit_pass`: the partner, who passed an ace and three other cards, keeps no trump
    but 9s and no other ace beyond its shown meld; every hand keeps its size and the
    cards of the deal stay the same."""
    from bots.expert_bidding import _fit_pass, _pass_class

    s = _throw_in_at(variants, HOPELESS)
    view = observe(s, s.to_act)
    sampler = DealSampler(view)
    partner = sampler.others.index((view.seat + 2) % 4)
    r = random.Random(2)
    moved = 0
    for _ in range(30):
        deal = sampler.sample(r)
        fit = _fit_pass(view, sampler, deal, r)
        assert [len(h) for h in fit] == [len(h) for h in deal]
        assert sorted(c for h in fit for c in h) == sorted(c for h in deal for c in h)
        kept = list(fit[partner])
        for c in view.given:
            kept.remove(int(c))
        assert not any(_pass_class(c, 0) for c in kept)  # (its meld shown holds no trump nor ace)
        moved += fit != deal
    assert moved > 20


@pytest.mark.parametrize("deal", [HOPELESS, MADE], ids=["hopeless", "made"])
def test_the_throw_in_depends_only_on_the_view(variants, deal):
    """Shuffling the cards the bidder cannot see among the other hands changes neither
    the throw-in nor its values over the deals."""
    from test_bots_play import _permute_hidden

    s = _throw_in_at(variants, deal)
    seat = s.to_act
    got = []
    for k in range(3):
        state = s if k == 0 else _permute_hidden(s, seat, random.Random(k))
        d = SimDecisions(StandardBot(), 6000, None, lambda: 0.0, pieces=frozenset({"concede"}))
        got.append((d.act(observe(state, seat), legal_actions(state), random.Random(4)), d.last.values))
    assert got[0] == got[1] == got[2]


# ---------------------------------------------------------------------- five-hand's call
# five-hand self-play (seed 94): every seat passes, the dealer (seat 4) is stuck at 350
# and names clubs, holding AC AC TC KC QC
FIVE94 = (
    [
        "AS AS TS KS KS QS TH KH KH QH JH AD TD TD JD JD",
        "KS JS AH KH QH QH QD QD JD AC KC QC JC JC JC JC",
        "AS AS TS JS TH TH JH AD KD QD QD JD TC KC QC QC",
        "QS QS JS JS AH AH AH TH QH JH AD TD AC TC TC KC",
        "TS TS KS QS KH JH AD TD KD KD KD AC AC TC KC QC",
    ],
    4,
    [PassBid(), PassBid(), PassBid(), PassBid(), Bid(350), NameTrump(Suit.CLUBS)],
)


def _call_at(variants):
    hands, dealer, actions = FIVE94
    s = _script(variants["five-hand"], hands, dealer, actions)
    assert s.phase is Phase.CALL and s.to_act == 4
    return s


def test_the_call_by_simulation_differs_from_standard(variants):
    """A T K Q of clubs without the jack: standard calls the jack (the card its run
    lacks), though the partner's jack makes the bidder no run; over the deals, played
    out by every seat from its own view, calling the ace (the holder of the third ace
    of clubs, a sure trick) scores 150 more."""
    s = _call_at(variants)
    view, legal = observe(s, 4), legal_actions(s)
    assert [str(a.card) for a in legal] == ["AC", "TC", "KC", "QC", "JC"]
    assert StandardBot().act(view, legal, random.Random(0)) == legal[4]
    d = SimDecisions(StandardBot(), 100000, None, lambda: 0.0, pieces=frozenset({"call"}))
    assert d.act(view, legal, random.Random(94)) == legal[0]
    trial = d.last
    assert trial is not None and trial.deals == 24 and len(trial.values) == 5
    assert [round(trial.mean(i)) for i in range(5)] == [42, -66, -32, 26, -108]


def test_the_call_depends_only_on_the_view(variants):
    from test_bots_play import _permute_hidden

    s = _call_at(variants)
    got = []
    for k in range(3):
        state = s if k == 0 else _permute_hidden(s, 4, random.Random(k))
        d = SimDecisions(StandardBot(), 8000, None, lambda: 0.0, pieces=frozenset({"call"}))
        got.append((d.act(observe(state, 4), legal_actions(state), random.Random(4)), d.last.values))
    assert got[0] == got[1] == got[2]


# ---------------------------------------------------------------------- the misdeal call
def _misdeal_at(variants, hand, seed):
    """Double-deck, South dealt ``hand`` (a technical misdeal, §5.8: 13 queens and jacks
    or more and no ace), the rest of the pack dealt at random by ``seed``; at South's
    misdeal call."""
    v = variants["double-deck"]
    pack = sorted(int(c) for h in new_round(v, 0, random.Random(0)).hands for c in h)
    mine = _faces(hand)
    for c in mine:
        pack.remove(c)
    random.Random(seed).shuffle(pack)
    k = len(pack) // 3
    s = new_round(v, 3, hands=[mine, pack[:k], pack[k : 2 * k], pack[2 * k :]])
    assert s.phase is Phase.DEAL and s.to_act == 0 and ClaimMisdeal() in legal_actions(s)
    return s


# double queens around, a double pinochle (QS QS JD JD) and marriages: meld worth keeping
RICH = "QS QS QH QH QD QD QC QC JD JD JS JH JC KS KS KH KH KD KC KC"
# queens and jacks without a run or an around, no ace: a hand to throw back
POOR = "QS QH QH QD QC QC JS JS JH JH JD JC JC TS TH TD KS KH TC KD"


@pytest.mark.parametrize(("hand", "keep"), [(RICH, True), (POOR, False)], ids=["rich", "poor"])
def test_a_misdeal_is_claimed_only_when_it_pays(variants, hand, keep):
    """Standard claims every misdeal it holds; the simulation keeps a hand only where
    keeping it scores more than the void deal's 0 (the same on every deal) beyond the
    noise, and the other seats' hidden cards do not change its choice or values."""
    from test_bots_play import _permute_hidden

    s = _misdeal_at(variants, hand, 0)
    view, legal = observe(s, 0), legal_actions(s)
    assert StandardBot().act(view, legal, random.Random(0)) == ClaimMisdeal()
    d = SimDecisions(StandardBot(), 20000, None, lambda: 0.0, pieces=frozenset({"misdeal"}))
    want = KeepHand() if keep else ClaimMisdeal()
    assert d.act(view, legal, random.Random(1)) == want
    trial = d.last
    assert trial is not None and trial.deals == 100
    assert set(trial.values[legal.index(ClaimMisdeal())]) == {0.0}
    kept = trial.mean(legal.index(KeepHand()))
    assert (kept > 3 * trial.error(0, 1)) if keep else (kept < 0)
    values = trial.values
    other = _permute_hidden(s, 0, random.Random(9))
    assert d.act(observe(other, 0), legal_actions(other), random.Random(1)) == want
    assert d.last is not None and d.last.values == values


# three-hand self-play (seed 284): South took the widow (AS TH TC) at 200
THREE284 = [
    "AS KS KS QS JS AH KH JH TD KD QD JD 9D TC QC",
    "TS 9S TH KH QH JH 9H AD AD QD 9D KC QC 9C 9C",
    "TS QS JS 9S AH QH 9H TD KD JD AC AC KC JC JC",
]


def test_each_for_self_trump_is_played_out_from_every_seats_view(variants):
    """AS AS KS KS QS JS / AH TH KH JH / TD KD QD JD 9D / TC TC QC: standard names
    diamonds (the royal marriage and five); over the deals, each played out by the
    standard bot in every seat from its own view (`STANDARD_CARD_COST` a card, so ten
    deals of four suits fill 20,000 nodes), spades score some 200 more."""
    v = variants["three-hand"]
    s = new_round(v, 2, hands=[_faces(h) for h in THREE284], kitty=_faces("AS TH TC"))
    for a in (Bid(200), PassBid(), PassBid()):
        s = apply(s, a)
    assert s.phase is Phase.TRUMP and s.to_act == 0
    view, legal = observe(s, 0), legal_actions(s)
    assert StandardBot().act(view, legal, random.Random(0)) == NameTrump(Suit.DIAMONDS)
    d = SimDecisions(StandardBot(), 20000, None, lambda: 0.0, pieces=frozenset({"trump"}))
    assert d.act(view, legal, random.Random(0)) == NameTrump(Suit.SPADES)
    trial = d.last
    assert trial is not None and trial.deals == 10 and trial.nodes == 20400
    assert [round(trial.mean(i), 1) for i in range(4)] == [167.5, -303.5, -30.5, -339.0]


def test_the_pieces_simulated_by_default(variants):
    """Partners simulate the misdeal call besides trump, the pass, the bury and the bid;
    each for self trump, the bury and the bid; six- and eight-hand the misdeal call;
    five-hand nothing (its call measured worse); and the hint names a decision left to
    standard: five-hand's call, the throw-in (simulated when switched on)."""
    d = SimDecisions(StandardBot(), 1000, None, lambda: 0.0)
    assert d.pieces_of(variants["partnership"]) == {"trump", "pass", "bury", "bid", "misdeal"}
    assert d.pieces_of(variants["double-deck"]) == d.pieces_of(variants["partnership"])
    assert d.pieces_of(variants["three-hand"]) == {"trump", "bury", "bid"}
    assert d.pieces_of(variants["six-hand"]) == d.pieces_of(variants["eight-hand"]) == {"misdeal"}
    assert d.pieces_of(variants["five-hand"]) == set()
    d.also, d.without = frozenset({"call"}), frozenset({"bid"})
    assert d.pieces_of(variants["five-hand"]) == {"call"}
    assert d.pieces_of(variants["three-hand"]) == {"trump", "bury", "call"}  # (a call only where one is made)
    s = _call_at(variants)
    bot = ExpertBot(think=None, nodes=2000)
    assert bot.act(observe(s, 4), legal_actions(s), random.Random(0)) == CallPartner(CARDS[22])
    assert bot.decisions.last is None
    assert bot.standard_move == "the expert calls its partner as the standard bot does (no search of its own here)"
    s = _throw_in_at(variants, HOPELESS)
    assert bot.act(observe(s, s.to_act), legal_actions(s), random.Random(0)) == PlayOn()  # standard's
    # (playing on: the choice to play the hand or throw it in, not "this throw-in"; its figures after)
    assert bot.standard_move.startswith(
        "the expert chooses to play the hand or throw it in as the standard bot does (no search of its own here); "
    )
    bot.decisions.also = frozenset({"concede"})
    assert bot.act(observe(s, s.to_act), legal_actions(s), random.Random(0)) in (PlayOn(), Concede())
    assert bot.decisions.last is not None and bot.standard_move is None


def test_a_bid_takes_its_share_of_the_think_budget(variants):
    """An auction is a bid a turn: the bid's trial stops at ``bid_think`` of the budget in
    seconds (0.97 of 0.3 s of a 1 s budget, by a clock that ticks a millisecond a call),
    where it had the whole second; double-deck, the first bid of deal 1's seat 1.  A node
    budget is whole whatever the share (the fixed-node ceilings above)."""
    from bots.expert_bidding import BID_THINK

    view, legal = _first_bid_view(variants["double-deck"], 1, 1)
    got = {}
    for share in (BID_THINK, 1.0):
        now = [0.0]

        def clock(now=now):
            now[0] += 0.001
            return now[0]

        d = SimDecisions(StandardBot(), None, 1.0, clock, bid_think=share)
        d.ceiling(view, legal, random.Random(5))
        assert d.last_limit is not None
        got[share] = (d.last_limit.deals, round(now[0], 6))
    assert BID_THINK == 0.3
    assert got == {0.3: (290, 0.291), 1.0: (969, 0.97)}


def test_the_score_moves_standards_limit_by_its_weights(variants):
    """Double-deck, a hand of 40 meld (deal "probe/219", seat 0): the other side at 460
    of 500 lifts standard's limit by ``near_target_bonus`` per 250 trick points (x2 in
    double-deck's 500), and the expert's simulated raise goes on top of that limit; with
    the weight 0 (bench/bots_ab.py near_target_bonus=0) the limit is the one with no
    scores."""
    v = variants["double-deck"]
    hands = new_round(v, 3, random.Random("probe/219"))
    late = new_round(v, 3, random.Random("probe/219"), scores=[4100, 4600], target=5000)
    assert max(StandardBot().estimates(observe(late, 0)), key=lambda e: e.total).meld == 40
    bot = StandardBot()
    assert bot.ceiling(observe(hands, 0)) == pytest.approx(444.77471058, abs=1e-6)
    assert bot.ceiling_parts(observe(late, 0)) == (
        pytest.approx(494.77471058, abs=1e-6),
        (("for the other side near the target", 50.0),),
    )
    bot.near_target_bonus = 0.0
    assert bot.ceiling_parts(observe(late, 0)) == (pytest.approx(444.77471058, abs=1e-6), ())


def _at_the_pass(v, seed: int, back: bool):
    """Standard self-play of deal ``seed`` to the partners' pass (§4.1): the partner's to
    the bidder, or with ``back`` the bidder's pass back."""
    rng = random.Random(seed)
    s = new_round(v, seed % v.players, rng)
    std = StandardBot()
    while s.phase is not Phase.TRICKS and s.phase is not Phase.DONE:
        if s.phase is Phase.PASS and (s.to_act == s.table.bidder) == back:
            return s
        s = apply(s, std.act(observe(s, s.to_act), legal_actions(s), rng))
    return None


def test_the_pass_to_the_bidder_is_tried_over_deals_weighted_by_the_calls(variants, monkeypatch):
    """The partner's pass hint averaged over deals that gave the bidder any hand ("the
    contract fails in 12 of these 14 deals, which give the bidder any hand"): each deal is
    weighted by the auction's calls as the trick search reads them (`inference.for_play`:
    the bidder's winning bid among them), the weights kept with the trial; the pass back
    is tried over deals whose partner's hand fits the cards it passed (`_fit_pass`).
    Neither without ``read_pass`` / ``fit_pass``."""
    import bots.expert_bidding as eb
    from bots.search import inference

    v = variants["partnership"]
    to_bidder = next(s for s in (_at_the_pass(v, k, back=False) for k in range(10)) if s is not None)
    view, legal = observe(to_bidder, to_bidder.to_act), legal_actions(to_bidder)
    assert view.seat != view.bidder and inference.for_play(view, DealSampler(view).others) is not None
    read = SimDecisions(StandardBot(), 3000, None, lambda: 0.0, pieces=frozenset({"pass"}))
    read.act(view, legal, random.Random(1))
    assert read.last is not None and len(read.last.weights) == read.last.deals > 0
    assert len(set(read.last.weights)) > 1 and max(read.last.weights) <= 1.0
    plain = SimDecisions(StandardBot(), 3000, None, lambda: 0.0, pieces=frozenset({"pass"}), read_pass=False)
    plain.act(view, legal, random.Random(1))
    assert plain.last is not None and plain.last.weights == []

    fitted: list[int] = []
    fit = eb._fit_pass

    def counted(view, sampler, deal, rng):
        fitted.append(1)
        return fit(view, sampler, deal, rng)

    monkeypatch.setattr(eb, "_fit_pass", counted)
    back = next(s for s in (_at_the_pass(v, k, back=True) for k in range(10)) if s is not None)
    view, legal = observe(back, back.to_act), legal_actions(back)
    assert view.seat == view.bidder and view.received
    d = SimDecisions(StandardBot(), 3000, None, lambda: 0.0, pieces=frozenset({"pass"}))
    d.act(view, legal, random.Random(1))
    assert d.last is not None and len(fitted) >= d.last.deals > 0
    fitted.clear()
    SimDecisions(StandardBot(), 3000, None, lambda: 0.0, pieces=frozenset({"pass"}), fit_pass=False).act(
        view, legal, random.Random(1)
    )
    assert not fitted
