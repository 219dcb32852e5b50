"""The kinds of mistakes behind the handed cases, checked over many deals."""

from __future__ import annotations

import random

from bots import make_bot
from rules import Bid, NameTrump, PassBid, Phase, Suit, apply, legal_actions, new_round, observe, score_meld


def _to_phase(v, seed, phase):
    """A random deal where seat 0 wins at the minimum and names its longest suit, played
    by standard bots up to ``phase``; None if the deal ends first."""
    s = new_round(v, v.players - 1, random.Random(seed))
    s = apply(s, Bid(v.min_bid))
    while s.phase is Phase.AUCTION:
        s = apply(s, PassBid())
    hand = s.hands[0]
    suit = max(range(4), key=lambda t: (sum(1 for c in hand if c // 6 == t), -t))
    s = apply(s, NameTrump(list(Suit)[suit]))
    bot = make_bot("standard")
    while s.phase is not phase:
        if s.phase is Phase.DONE:
            return None
        s = apply(s, bot.act(observe(s, s.to_act), legal_actions(s), random.Random(0)))
    return s


def test_pass_back_and_burial_keep_every_meld(variants):
    """Returning or burying never lowers the meld while meld-neutral cards exist."""
    cases = 0
    for preset, phase in (("partnership", Phase.PASS), ("partnership-kitty", Phase.BURY), ("three-hand", Phase.BURY)):
        v = variants[preset]
        k = v.pass_count or v.kitty_size
        for seed in range(40):
            s = _to_phase(v, seed, phase)
            if phase is Phase.PASS:
                s = apply(s, make_bot("standard").act(observe(s, s.to_act), legal_actions(s), random.Random(0)))
                assert s.to_act == 0  # the bidder now returns cards
            hand = list(s.hands[0])
            res = score_meld(hand, s.table.trump, v)
            free = len(hand) - sum(res.melded_counts)
            action = make_bot("standard").act(observe(s, 0), legal_actions(s), random.Random(0))
            rest = list(hand)
            for c in action.cards:
                rest.remove(c)
            if free >= k:
                assert score_meld(rest, s.table.trump, v).total == res.total, (preset, seed, action)
                cases += 1
    assert cases > 60


def test_partner_passes_its_trumps_first(variants):
    """The partner's pass holds its trumps (other than the 9s) before anything else."""
    v = variants["partnership"]
    for seed in range(60):
        s = _to_phase(v, 1000 + seed, Phase.PASS)
        assert s.to_act == 2
        t = s.table.trump
        trumps = [c for c in s.hands[2] if c // 6 == t and c % 6 != 5]
        action = make_bot("standard").act(observe(s, 2), legal_actions(s), random.Random(0))
        sent = [c for c in action.cards if c // 6 == t and c % 6 != 5]
        before = score_meld(s.hands[2], t, v).total
        rest = list(s.hands[2])
        for c in trumps[: v.pass_count]:
            rest.remove(c)
        if before - score_meld(rest, t, v).total < 60:  # unless the trumps carry its own big meld
            assert len(sent) == min(v.pass_count, len(trumps)), (seed, action, trumps)


def test_the_partner_rule_that_makes_a_seat_pass_whatever_its_limit(variants):
    """`StandardBot.partner_rule`: no rule while nobody or an opponent holds the bid; the
    partner holding it with an opponent still in: "partner_holds" (outbid only with
    ``overcall`` to spare); with both opponents out: "partner_holds_opponents_out"; and
    it names the reason `bid_decision` gives for a pass there."""
    from bots.standard import StandardBot

    v = variants["partnership"]
    std = StandardBot()
    s = new_round(v, 3, random.Random(4))  # South (0) is eldest
    assert s.to_act == 0 and std.partner_rule(observe(s, 0)) is None
    s = apply(s, Bid(250))  # South
    assert std.partner_rule(observe(s, 1)) is None  # an opponent holds it, for West
    s = apply(s, Bid(260))  # West
    assert std.partner_rule(observe(s, 2)) is None  # North: West (an opponent) holds it
    s = apply(s, PassBid())  # North
    assert s.to_act == 3 and std.partner_rule(observe(s, 3)) == "partner_holds"  # East: West holds, South in
    s = apply(s, PassBid())  # East
    s = apply(s, Bid(270))  # South
    s = apply(s, PassBid())  # West
    assert s.to_act == 0 or s.phase is not Phase.AUCTION
    # South took 270 from West, who passed; North and East passed before: the auction is won
    t = new_round(v, 3, random.Random(4))
    for a in (Bid(250), PassBid(), Bid(260), PassBid()):
        t = apply(t, a)
    # South to bid, North (partner) holds 260, West and East out
    assert t.to_act == 0 and std.partner_rule(observe(t, 0)) == "partner_holds_opponents_out"
    legal = legal_actions(t)
    assert std.bid_decision(observe(t, 0), legal) == (PassBid(), "partner_holds_opponents_out")
