"""What the auction says about the unseen hands (bots/search/inference.py): the weight of
a sampled deal by how likely the standard bidding policy was to make the calls seen."""

from __future__ import annotations

import math
import random

import pytest

from bots.expert import ExpertBot
from bots.search import DealSampler
from bots.search.inference import COST, AuctionWeights, for_play
from bots.standard import StandardBot
from rules import Bid, PassBid, Phase, apply, legal_actions, load_variants, new_round, observe, parse_cards

# partnership, South deals: North (seat 1) bids 250 and 280, East (seat 2) 260, West
# (seat 3) 270, South (seat 0) passes at 280
HANDS = [
    "9S TH KH 9H AD AD KD JD TC KC JC JC",
    "TS KS QS AH AH TH KH JH TD QD JD 9D",
    "AS TS KS JS 9S QH JH TD KD QD 9D AC",
    "AS QS JS QH 9H AC TC KC QC QC 9C 9C",
]
BIDS = [250, 260, 270, 0, 280]


def _east_view():
    v = load_variants()["partnership"]
    s = new_round(v, 0, hands=[[int(c) for c in parse_cards(h)] for h in HANDS])
    for amount in BIDS:
        s = apply(s, Bid(amount) if amount else PassBid())
    return s, observe(s, 2)


def test_each_call_of_another_seat_is_read_and_a_pass_behind_a_partner_is_not():
    """South's pass at 280, North's 250 and 280 and West's 270 are read; East's own
    calls are not (it sees its hand)."""
    _, view = _east_view()
    w = AuctionWeights(view, DealSampler(view).others)
    assert [(seat, calls) for _, seat, calls in w.seats] == [
        (0, [(3, -280)]),
        (1, [(0, 250), (4, 280)]),
        (3, [(2, 270)]),
    ]
    assert w.active and w.cost() == 3 * 60


def test_only_the_seats_asked_for_are_read_and_some_by_their_passes_alone():
    """``read`` keeps the calls of the seats named; ``passes_only`` drops a seat's bids
    and keeps its passes: South's pass at 280 alone, North's two bids dropped, West's
    270 read."""
    _, view = _east_view()
    others = DealSampler(view).others
    south = AuctionWeights(view, others, read=[0], passes_only=[0])
    assert [(seat, calls) for _, seat, calls in south.seats] == [(0, [(3, -280)])]
    assert south.cost() == 60
    north = AuctionWeights(view, others, read=[1], passes_only=[1])
    assert not north.active and north.cost() == 0
    both = AuctionWeights(view, others, read=[1, 3], passes_only=[1])
    assert [(seat, calls) for _, seat, calls in both.seats] == [(3, [(2, 270)])]


def test_some_seats_are_read_by_their_bids_alone():
    """``bids_only`` drops a seat's passes and keeps its bids: South (a pass alone) says
    nothing, North's 250 and 280 stay read."""
    _, view = _east_view()
    others = DealSampler(view).others
    south = AuctionWeights(view, others, read=[0], bids_only=[0])
    assert not south.active and south.cost() == 0
    both = AuctionWeights(view, others, read=[0, 1], bids_only=[0, 1])
    assert [(seat, calls) for _, seat, calls in both.seats] == [(1, [(0, 250), (4, 280)])]
    assert both.cost() == 60


def test_the_real_deal_weighs_more_than_almost_every_sampled_one():
    """The hands that made those calls are likely to the policy (0.78), a uniform deal
    of the unseen cards seldom is (median 0.07: the real deal above 98% of 200), and the
    real deal with the passer's and the bidder's hands swapped is all but ruled out."""
    s, view = _east_view()
    sampler = DealSampler(view)
    w = AuctionWeights(view, sampler.others)
    real = [[int(c) for c in s.hands[o]] for o in sampler.others] + [[]]
    swapped = [real[1], real[0], real[2], []]
    rng = random.Random(1)
    sampled = sorted(w.weight(sampler.sample(rng)) for _ in range(200))
    assert round(w.weight(real), 3) == 0.782
    assert round(w.weight(swapped), 4) == 0.0045
    assert round(sampled[100], 3) == 0.070
    assert sum(x < w.weight(real) for x in sampled) == 196


def test_the_weights_read_only_the_view():
    """Two rounds that differ only in the hands East cannot see give East the same
    weights for the same sampled deals (the honesty of every bot level)."""
    s, view = _east_view()
    hands = [list(h) for h in s.hands]
    hands[0], hands[3] = hands[3], hands[0]
    v = s.variant
    t = new_round(v, 0, hands=hands)
    for amount in BIDS:
        t = apply(t, Bid(amount) if amount else PassBid())
    other = observe(t, 2)
    assert other.hand == view.hand and other.bids == view.bids
    a = AuctionWeights(view, DealSampler(view).others)
    b = AuctionWeights(other, DealSampler(other).others)
    rng = random.Random(5)
    sampler = DealSampler(view)
    for _ in range(20):
        deal = sampler.sample(rng)
        assert a.weight(deal) == b.weight(deal)


def test_an_expert_with_inference_bids_legally_and_replays():
    """At a fixed seed and node budget the decision with inference replays exactly, and
    is legal."""
    s, _ = _east_view()
    s = apply(s, PassBid())  # East passes; West to bid
    view, legal = observe(s, s.to_act), legal_actions(s)
    a = ExpertBot(think=None, nodes=1500, infer=True).act(view, legal, random.Random(3))
    b = ExpertBot(think=None, nodes=1500, infer=True).act(view, legal, random.Random(3))
    assert a == b and a in legal


def _passes_first_view():
    """North (seat 1), eldest, passes at the first chance; East 250; West and South pass:
    East holds the contract, trump to name.  South's pass is behind its partner's bid (not
    read), so East's view reads North's pass (the next bid 250) and West's (260)."""
    v = load_variants()["partnership"]
    s = new_round(v, 0, hands=[[int(c) for c in parse_cards(h)] for h in HANDS])
    for amount in (0, 250, 0, 0):
        s = apply(s, Bid(amount) if amount else PassBid())
    return s, observe(s, 2)


def test_a_pass_at_the_first_chance_weighs_by_the_ceiling_less_the_pass_offset():
    """North's hand, ceiling 311.4 to the standard policy, passed where 250 was open;
    West's, 320.9, where 260 was: each pass's weight is 0.05 + 0.95 sigmoid((next bid -
    ceiling - pass offset) / 20), so the real deal weighs 0.00499 with a pass offset of 15
    and 0.00858 without (a pass reads as a hand that much weaker)."""
    s, view = _passes_first_view()
    sampler = DealSampler(view)
    w = AuctionWeights(view, sampler.others, temperature=20.0, floor=0.05, bid_offset=60.0, pass_offset=15.0)
    assert [(seat, calls) for _, seat, calls in w.seats] == [(1, [(0, -250)]), (3, [(2, -260)])]
    std = StandardBot()
    ceilings = [
        std.ceiling(view._replace(seat=seat, to_act=seat, hand=s.hands[seat], phase=Phase.AUCTION, bids=view.bids[:i]))
        for seat, i in ((1, 0), (3, 2))
    ]
    assert [round(c, 1) for c in ceilings] == [311.4, 320.9]
    real = [[int(c) for c in s.hands[o]] for o in sampler.others] + [[]]
    each = [0.05 + 0.95 / (1 + math.exp(-(b - c - 15.0) / 20.0)) for b, c in zip((250, 260), ceilings, strict=True)]
    assert w.weight(real) == pytest.approx(each[0] * each[1], rel=1e-12)
    assert round(w.weight(real), 5) == 0.00499
    plain = AuctionWeights(view, sampler.others, temperature=20.0, floor=0.05)
    assert round(plain.weight(real), 5) == 0.00858


def test_the_trick_searchs_weights_read_a_bid_as_the_ceiling_plus_the_bid_offset():
    """At the trick search's settings (`for_play`: temperature 20, floor 0.05, bids read
    60 above the standard ceiling, passes 15 below it) the real deal of East's auction
    weighs 0.763 (0.782 with no offsets: South's pass at 280 reads a little weaker), and
    the passer's and bidder's hands swapped 0.0494 (0.0045: a bid says less of the
    hand, as a table bidding above the standard policy's ceiling does); a view with no
    call read gets no weights at all."""
    s, view = _east_view()
    sampler = DealSampler(view)
    w = for_play(view, sampler.others)
    assert w is not None
    assert (w.temperature, w.floor, w.bid_offset, w.pass_offset) == (20.0, 0.05, 60.0, 15.0)
    real = [[int(c) for c in s.hands[o]] for o in sampler.others] + [[]]
    swapped = [real[1], real[0], real[2], []]
    assert round(w.weight(real), 3) == 0.763
    assert round(w.weight(swapped), 4) == 0.0494
    v = load_variants()["partnership"]
    first = new_round(v, 0, hands=[[int(c) for c in parse_cards(h)] for h in HANDS])
    assert for_play(observe(first, 1), DealSampler(observe(first, 1)).others) is None  # no call yet


def test_inference_in_the_trick_search_alone_leaves_the_simulated_decisions_uniform():
    """``infer="play"`` weights the trick search's deals and not the simulated bidding's;
    ``infer=True`` both; anything else is refused by name."""
    assert ExpertBot(think=None, nodes=100, infer="play").decisions.infer is False
    assert ExpertBot(think=None, nodes=100, infer=True).decisions.infer is True
    assert ExpertBot(think=None, nodes=100).decisions.infer is False
    with pytest.raises(ValueError, match="infer must be False, True or 'play'"):
        ExpertBot(think=None, nodes=100, infer="bids")


def test_an_expert_inferring_in_trick_play_plays_a_hand_legally_and_replays():
    """A whole hand with ``infer="play"`` in every seat: every action legal, and the same
    actions again at the same seed and node budget."""
    v = load_variants()["partnership"]

    def hand() -> list:
        players = [ExpertBot(think=None, nodes=400, infer="play") for _ in range(4)]
        rng = random.Random(11)
        s = new_round(v, 1, rng)
        out = []
        while s.phase is not Phase.DONE:
            legal = legal_actions(s)
            a = players[s.to_act].act(observe(s, s.to_act), legal, rng)
            assert a in legal
            out.append(a)
            s = apply(s, a)
        return out

    assert hand() == hand()


def test_a_hand_sampled_again_is_not_valued_again():
    """The nodes a weight costs are counted per seat's hand valued: the same deal twice
    costs `COST` a read seat once, with the same weight."""
    _, view = _east_view()
    sampler = DealSampler(view)
    w = AuctionWeights(view, sampler.others)
    deal = sampler.sample(random.Random(2))
    first = w.weight(deal)
    assert w.spent == 3 * COST
    assert w.weight(deal) == first and w.spent == 3 * COST
    w.weight(sampler.sample(random.Random(4)))
    assert w.spent == 6 * COST


class _Lowest:
    """A play policy: the first legal card (the lowest by the rules' order)."""

    def act(self, view, legal, rng):
        return legal[0]


class _Highest:
    """A play policy: the last legal card."""

    def act(self, view, legal, rng):
        return legal[-1]


def _played_by_lowest(seed: int, cards: int):
    """Three-hand dealt by ``seed``, bid and buried by the standard bot, then played by
    `_Lowest` in every seat for ``cards`` cards: the state, and per seat the cards it
    played with a choice (two legal cards or more)."""
    v = load_variants()["three-hand"]
    rng = random.Random(seed)
    s = new_round(v, 0, rng)
    std = StandardBot()
    while s.phase is not Phase.TRICKS:
        s = apply(s, std.act(observe(s, s.to_act), legal_actions(s), rng))
    chose = [0] * v.players
    for _ in range(cards):
        legal = legal_actions(s)
        chose[s.to_act] += len(legal) >= 2
        s = apply(s, legal[0])
    return s, chose


def test_the_plays_weigh_a_deal_by_the_cards_the_policy_would_not_have_played():
    """On the real deal of a hand played by the lowest card, read by that policy every
    other seat's card is the one it would have played (weight 1); read by the highest
    card, every card another seat played with a choice is a miss (``miss`` to the power
    of their number).  Each read costs the rebuilt round and a standard card a choice."""
    from bots.expert import REBUILT_DEAL_COST, STANDARD_PLAY_COST, PlayReading

    s, chose = _played_by_lowest(5, 10)
    me = s.to_act
    view = observe(s, me)
    sampler = DealSampler(view)
    real = [[int(c) for c in s.hands[o]] for o in sampler.others] + [[int(c) for c in s.table.buried]]
    others = sum(chose) - chose[me]
    assert others >= 4
    same = PlayReading(view, sampler, 0.5, _Lowest())
    assert same.active
    assert same.weight(real) == 1.0
    assert same.spent == REBUILT_DEAL_COST + STANDARD_PLAY_COST * others
    other = PlayReading(view, sampler, 0.5, _Highest())
    assert other.weight(real) == 0.5**others
    assert other.spent == same.spent


def test_no_play_to_read_before_another_seat_has_played():
    """At the first lead nothing is read (the reading is off there: every weight 1)."""
    from bots.expert import PlayReading

    s, _ = _played_by_lowest(5, 0)
    view = observe(s, s.to_act)
    assert not PlayReading(view, DealSampler(view), 0.5).active


def test_read_plays_is_a_weight_below_one():
    for bad in (1, 1.5, -0.1, "half"):
        with pytest.raises(ValueError, match="read_plays must be a number from 0 up to 1"):
            ExpertBot(think=None, nodes=100, read_plays=bad)
