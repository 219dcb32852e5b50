"""What the auction says about the unseen hands (bots/search/inference.py): the weight of
a sampled deal by how likely the standard bidding policy was to make the calls seen."""

from __future__ import annotations

import random

from bots.expert import ExpertBot
from bots.search import DealSampler
from bots.search.inference import AuctionWeights
from rules import Bid, PassBid, apply, legal_actions, load_variants, new_round, observe, parse_cards

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
