"""The `standard` bot in racehorse, check and three-hand check: handed cases
with the exact action expected, each from a prepared position (no whole hands played)."""

from __future__ import annotations

import random

from bot_helpers import deal_with

from bots import make_bot
from rules import (
    Bid,
    Bury,
    Concede,
    NameTrump,
    PassBid,
    Phase,
    PlayOn,
    Suit,
    apply,
    format_cards,
    legal_actions,
    new_round,
    observe,
    parse_cards,
)


def act(state):
    """The standard bot's action for the seat to act."""
    return make_bot("standard").act(observe(state, state.to_act), legal_actions(state), random.Random(0))


def racehorse_after(variants, seat_hand: str, bids, kitty: str = "", seat: int = 3):
    """A racehorse deal (dealer South, so West's 500 is made for it) with ``seat``
    holding ``seat_hand``, after ``bids`` (actions from North on)."""
    v = variants["racehorse"]
    hands, kit = deal_with(v, {seat: seat_hand}, kitty=kitty, seed=5)
    s = new_round(v, 0, hands=hands, kitty=kit)
    assert s.table.bids == ((1, 500),) and s.to_act == 2  # the eldest's opening, made for it
    for a in bids:
        s = apply(s, a)
    return s


# racehorse hands, their ceilings as the bot works them out: a dealt hand's median is
# 776; MIDDLING 704 (601 before the blind's second copies were counted)
MIDDLING = "AS KS KS JS AH TH KH QH JH AD AD TD QD JD TC KC KC KC QC"
STRONG = "AS AS KS QS QS JS AH AH AD TD TD JD AC TC TC KC KC QC JC"  # 900
WEAK = "TS QS QS JS JS AH KH JH JH TD TD TD QD AC AC TC TC KC KC"  # 483
TENS = "AS TS TS KS KS AH TH QH TD KD KD QD QD AC AC TC KC QC JC"
QUAD = "KH KH KH KH QH QH QH QH AS TS KS QS JS AS TS KS QS JS AD"  # four KH, four QH


def test_racehorse_partner_does_not_take_over_a_forced_500_with_a_middling_hand(variants):
    """West's 500 was made for it and shows nothing: East, with a hand worth less than a
    dealt hand usually is, leaves West the contract (a chosen bid's 'do not outbid
    partner without 78 more' rule let it bid 510 on 601)."""
    s = racehorse_after(variants, MIDDLING, [PassBid()])
    assert act(s) == PassBid()


def test_racehorse_partner_takes_over_a_forced_500_with_a_strong_hand(variants):
    s = racehorse_after(variants, STRONG, [PassBid()])
    assert act(s) == Bid(510)


def test_racehorse_opponent_bids_over_the_forced_500_only_when_the_hand_is_worth_it(variants):
    """North speaks first after West's forced 500: 510 with the strong hand, a pass
    with the weak one (worth 483 with the blind counted)."""
    assert act(racehorse_after(variants, STRONG, [], seat=2)) == Bid(510)
    assert act(racehorse_after(variants, WEAK, [], seat=2)) == PassBid()


def test_racehorse_quadruple_royal_marriage_takes_the_contract_at_any_price(variants):
    """Four KH and four QH win the game once hearts is trump (RULES.md §5.6): East
    outbids North's 2000 (the hand is worth 2,353 with spades, 1,969 with hearts), and
    outbids even its partner."""
    s = racehorse_after(variants, QUAD, [Bid(2000)])
    assert act(s) == Bid(2010)
    # partner West bid 3000 of its own; both opponents have passed
    s = racehorse_after(variants, QUAD, [Bid(510), Bid(520), PassBid(), Bid(3000), PassBid()])
    assert s.to_act == 3 and s.table.high_bid == 3000
    assert act(s) == Bid(3010)


def test_racehorse_quadruple_names_its_trump(variants):
    """With the blind in hand East names hearts, where the quadruple royal marriage wins
    the game, not spades, the suit its meld and tricks are worth most in."""
    s = racehorse_after(variants, QUAD, [PassBid(), Bid(510), PassBid(), PassBid()], kitty="AC TS JH KD")
    assert s.phase is Phase.TRUMP and s.to_act == 3
    assert act(s) == NameTrump(Suit.HEARTS)
    s = apply(s, act(s))
    assert s.phase is Phase.DONE and s.result.kind == "meld_win" and s.result.meld_win_seat == 3


def test_racehorse_bidder_buries_four_unmelded_counters(variants):
    """East takes the blind (KH QS JD TH), names diamonds (double royal marriage, kings
    and queens around, pinochle: 540) and buries its four side Tens: 40 points that
    count for the bidder, none of them in a meld."""
    s = racehorse_after(variants, TENS, [PassBid(), Bid(510), PassBid(), PassBid()], kitty="KH QS JD TH")
    assert act(s) == NameTrump(Suit.DIAMONDS)
    s = apply(s, NameTrump(Suit.DIAMONDS))
    assert s.phase is Phase.BURY and s.table.melds[3].total == 540
    action = act(s)
    assert action == Bury(tuple(parse_cards("TS TS TH TH")))
    melded = s.table.melds[3].melded_counts
    assert all(melded[c] == 0 for c in action.cards)


def check_opening(variants, hand: str):
    v = variants["check"]
    hands, _ = deal_with(v, {1: hand}, seed=5)
    s = new_round(v, 0, hands=hands)
    assert s.to_act == 1
    return s


def test_check_opening_goes_to_the_band_the_hand_supports(variants):
    """§9.1: a made 250 pays 4 checks, a made 240 only 2, a made 300 7.  West opens at
    the first bid of the highest band its ceiling reaches with 30 to spare: worth 292,
    250 (it opened 200); worth 337, 300; worth 270, 200 (250 would leave 20)."""
    assert act(check_opening(variants, "TS KS QS 9S AH TH KH 9H KD QD AC KC")) == Bid(250)
    assert act(check_opening(variants, "AS JS AH TH TH KH QH JH AD AD TC 9C")) == Bid(300)
    assert act(check_opening(variants, "AS KS KS QS JS JH 9H AD TD JD QC JC")) == Bid(200)


def test_check_overcall_goes_to_the_next_band(variants):
    """Over West's 210, North, worth 292, bids 250, not 220."""
    v = variants["check"]
    hands, _ = deal_with(
        v, {1: "KH QH AS TS 9S 9H TD KD JD 9C QC JC", 2: "TS KS QS 9S AH TH KH 9H KD QD AC KC"}, seed=5
    )
    s = apply(new_round(v, 0, hands=hands), Bid(210))
    assert s.to_act == 2
    assert act(s) == Bid(250)


def three_hand_stuck(variants, seed: int):
    v = variants["three-hand-check"]
    s = new_round(v, 0, random.Random(seed))
    s = apply(apply(s, PassBid()), PassBid())
    s = apply(s, legal_actions(s)[0])  # the dealer's forced 300
    assert s.phase is Phase.MELD and s.table.trump < 0 and s.to_act == 0  # the widow still unseen
    return s


def test_three_hand_check_hopeless_forced_300_thrown_in_unseen(variants):
    """South, the stuck dealer, holds nothing for 300 (no marriage, aces around short):
    thrown in unseen it costs 300 and no checks, looked at and lost a check to each
    other player too."""
    s = three_hand_stuck(variants, 26)
    assert format_cards(s.hands[0]) == "TS JS 9S AH AH TH KH 9H TD QD AC TC JC 9C 9C"
    assert act(s) == Concede()


def test_three_hand_check_playable_forced_300_looks_at_the_widow(variants):
    s = three_hand_stuck(variants, 14)
    assert format_cards(s.hands[0]) == "AS TS QS 9S TH QH QH 9H AD AD KD QD JD 9D AC"
    assert act(s) == PlayOn()


def test_quad_win_chance_counts_the_blinds_one_missing_copy(variants):
    """Four KH and four QH win with hearts only; three KH and four QH win when the blind
    (4 of the 61 cards East does not see) holds the last KH: 4/61; four QS and four JD
    (a quadruple pinochle) win whatever the trump; no meld wins in double deck."""
    from bots.estimate import quad_win_chance

    v = variants["racehorse"]

    def counts(text):
        c = [0] * 24
        for f in parse_cards(text):
            c[f] += 1
        return c

    quad = counts(QUAD)
    assert [quad_win_chance(quad, t, v, 61, 4) for t in range(4)] == [0.0, 1.0, 0.0, 0.0]
    short = counts(QUAD.replace("KH KH KH KH", "KH KH KH AH"))
    assert [quad_win_chance(short, t, v, 61, 4) for t in range(4)] == [0.0, 4 / 61, 0.0, 0.0]
    assert quad_win_chance(short, 1, v) == 0.0  # the blind already taken
    pinochles = counts("QS QS QS QS JD JD JD JD")
    assert [quad_win_chance(pinochles, t, v) for t in range(4)] == [1.0] * 4
    assert quad_win_chance(quad, 1, variants["double-deck"], 61, 4) == 0.0
