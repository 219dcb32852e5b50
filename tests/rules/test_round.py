"""The round state machine against the written rules, on explicit deals: the auction
(§3.1-§3.5, §0.4.5), trump requirements (§3.6), passing (§4.1), the kitty and burial
(§4.2), misdeals (§5.8), the first lead (§6.1), what a seat may see (DESIGN.md), and
the hand-result knobs of §8.1 / §11 (set penalty, bid only, saving meld, minimum points)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import comb

import pytest

from rules import (
    Bid,
    Bury,
    ClaimMisdeal,
    Concede,
    GameState,
    IllegalAction,
    KeepHand,
    NameTrump,
    PassBid,
    PassCards,
    Phase,
    Play,
    PlayOn,
    Suit,
    apply,
    legal_actions,
    load_variants,
    new_round,
    observe,
    parse_cards,
    score_meld,
)
from rules.cards import make_deck
from rules.scoring import score_hand

PRESETS = load_variants()
P = PRESETS["partnership"]


def knobs(base=P, **kw):
    return type(base).model_validate(base.model_dump() | kw)


def cards(text: str):
    return parse_cards(text)


def deal_rest(variant, fixed: dict[int, str], kitty: str = "") -> list[list]:
    """Explicit hands: the given seats fixed, the rest of the deck dealt round-robin."""
    rest = make_deck(variant.deck)
    for c in [*(c for t in fixed.values() for c in cards(t)), *cards(kitty)]:
        rest.remove(c)
    rest.sort()
    hands = [cards(fixed[s]) if s in fixed else [] for s in range(variant.players)]
    free = [s for s in range(variant.players) if s not in fixed]
    i = 0
    for c in rest[: len(rest)]:
        while len(hands[free[i % len(free)]]) >= variant.cards_per_hand:
            i += 1
        hands[free[i % len(free)]].append(c)
        i += 1
    return hands


EX16 = [
    "AS AH AD KS KH KD KC QS QH JD 9C TS",
    "AS TS KS JS 9S TH JH AD TD 9D AC QC",
    "AC TC KC QC QD JD JS JH 9H 9H TD TH",
    "QS 9S AH KH QH KD QD 9D TC JC JC 9C",
]


def start(variant=P, hands=EX16, dealer: int = 3, kitty: str = ""):
    return new_round(
        variant, dealer=dealer, hands=[cards(h) if isinstance(h, str) else h for h in hands], kitty=cards(kitty)
    )


def bids_of(legal) -> list[int]:
    return [a.amount for a in legal if isinstance(a, Bid)]


# ====================================================================== auction


def test_auction_opens_at_the_minimum_in_steps_of_ten() -> None:
    s = start()
    assert s.phase is Phase.AUCTION and s.to_act == 0  # eldest = dealer's left
    legal = legal_actions(s)
    assert isinstance(legal[0], PassBid)
    b = bids_of(legal)
    assert b[:4] == [250, 260, 270, 280]
    assert all(y - x == 10 for x, y in itertools.pairwise(b))


def test_auction_raises_pass_is_final_and_ends() -> None:
    s = start()
    s = apply(s, Bid(250))  # N
    assert s.to_act == 1 and bids_of(legal_actions(s))[0] == 260
    with pytest.raises(IllegalAction):
        apply(s, Bid(250))  # not higher
    with pytest.raises(IllegalAction):
        apply(s, Bid(265))  # off the grid
    s = apply(s, PassBid())  # E passes: final
    s = apply(s, Bid(400))  # S jumps
    assert s.to_act == 3
    s = apply(s, PassBid())  # W
    assert s.to_act == 0 and bids_of(legal_actions(s))[0] == 410
    s = apply(s, Bid(410))  # N again
    assert s.to_act == 2  # E (passed) is skipped
    s = apply(s, PassBid())  # S
    assert s.phase is Phase.TRUMP and s.bidder == 0 and s.contract == 410 and s.to_act == 0
    assert s.table.bids == ((0, 250), (1, 0), (2, 400), (3, 0), (0, 410), (2, 0))


def test_partnership_dealer_stuck_at_250() -> None:
    s = start()
    for _ in range(3):
        s = apply(s, PassBid())
    assert s.to_act == 3  # the dealer
    assert legal_actions(s) == [Bid(250)]
    with pytest.raises(IllegalAction, match="stuck"):
        apply(s, PassBid())
    with pytest.raises(IllegalAction):
        apply(s, Bid(260))
    s = apply(s, Bid(250))
    assert s.phase is Phase.TRUMP and s.bidder == 3 and s.contract == 250


def test_hoyle_all_pass_is_a_redeal_by_the_next_dealer() -> None:
    v = PRESETS["partnership-hoyle"]
    s = start(v)
    assert bids_of(legal_actions(s))[0] == 100
    for _ in range(4):
        s = apply(s, PassBid())
    assert s.phase is Phase.DONE and s.result.kind == "all_passed"
    assert s.result.changes == (0, 0)
    g = GameState(variant=v, seed="x", dealer=3, scores=(120, 40), target=1000)
    g2 = g.after_hand(s.result)
    assert g2.scores == (120, 40) and g2.dealer == 0 and g2.winner is None


# three-hand deal where the eldest (seat 1) and seat 2 hold no meld under any trump
NO_MELD_1 = "AS AS TS TS KS KS JS JS AH AH TH TH KH KH AD"
NO_MELD_2 = "TD TD KD KD JD JD AC AC TC TC KC KC JC JC AD"
MELD_0 = "QS QS 9S 9S QH QH JH JH 9H 9H QD QD 9D 9D QC"
KITTY3 = "9C 9C QC"


def test_three_hand_hands_without_meld() -> None:
    v = PRESETS["three-hand"]
    for h in (NO_MELD_1, NO_MELD_2):
        assert all(score_meld(cards(h), t, v).total == 0 for t in "SHDC")
    assert any(score_meld(cards(MELD_0), t, v).total > 0 for t in "SHDC")


def test_three_hand_dealer_stuck_at_19() -> None:
    v = PRESETS["three-hand"]
    s = start(v, [MELD_0, NO_MELD_1, NO_MELD_2], dealer=0, kitty=KITTY3)
    assert s.to_act == 1
    s = apply(s, PassBid())  # no meld: may pass
    s = apply(s, PassBid())
    assert s.to_act == 0
    assert legal_actions(s) == [Bid(190)]
    s = apply(s, Bid(190))
    assert s.contract == 190 and v.fmt(s.contract) == "19" and s.bidder == 0


def test_three_hand_must_open_with_meld() -> None:
    v = PRESETS["three-hand"]
    s = start(v, [MELD_0, NO_MELD_1, NO_MELD_2], dealer=2, kitty=KITTY3)
    assert s.to_act == 0
    legal = legal_actions(s)
    assert not any(isinstance(a, PassBid) for a in legal)
    assert bids_of(legal)[0] == 200
    with pytest.raises(IllegalAction, match="meld"):
        apply(s, PassBid())
    # a player without meld may pass; the obligation then moves on
    s2 = start(v, [MELD_0, NO_MELD_1, NO_MELD_2], dealer=0, kitty=KITTY3)
    assert any(isinstance(a, PassBid) for a in legal_actions(s2))


def test_three_hand_refused_pass_names_the_meld_held() -> None:
    """§3.5 RU: the refusal names the meld that obliges the opening: a hand whose only
    meld is a dix (under spades alone) read "you hold meld" and nothing showed which."""
    v = PRESETS["three-hand"]
    dix_only = "9S AS AS TS TS KS KS AH AH TH TH KH KH AD TD"
    s = start(v, deal_rest(v, {0: dix_only}, KITTY3), dealer=2, kitty=KITTY3)
    with pytest.raises(IllegalAction, match=r"^you hold meld \(a dix 9S\), so you must open the bidding$"):
        apply(s, PassBid())
    # of the best trump's melds, the one worth most: a run in spades (150) over the hearts
    # marriage, with its cards
    runs = "KS QS AS TS JS KH QH AH TH JH 9D 9D KC JC TC"
    s = start(v, deal_rest(v, {0: runs}, KITTY3), dealer=2, kitty=KITTY3)
    with pytest.raises(IllegalAction, match=r"^you hold meld \(a run AS TS KS QS JS\), so you must open the bidding$"):
        apply(s, PassBid())
    # a meld too long to spell out within the 80-column message line is named alone
    s = start(v, [MELD_0, NO_MELD_1, NO_MELD_2], dealer=2, kitty=KITTY3)
    with pytest.raises(IllegalAction, match=r"^you hold meld \(queens around\), so you must open the bidding$"):
        apply(s, PassBid())


def test_three_hand_kitty_is_shown_to_everyone_after_the_auction() -> None:
    v = PRESETS["three-hand"]
    s = start(v, [MELD_0, NO_MELD_1, NO_MELD_2], dealer=2, kitty=KITTY3)
    assert all(observe(s, seat).kitty == () for seat in range(3))
    s = apply(s, Bid(200))
    s = apply(s, PassBid())
    s = apply(s, PassBid())
    assert s.phase is Phase.TRUMP and len(s.hands[0]) == 18
    for seat in range(3):
        assert sorted(map(str, observe(s, seat).kitty)) == ["9C", "9C", "QC"]


def test_double_deck_bid_grid() -> None:
    v = PRESETS["double-deck"]
    b = v.bid_grid
    assert b[:3] == (500, 510, 520)
    i = b.index(600)
    assert b[i - 1 : i + 3] == (590, 600, 650, 700)


# ====================================================================== trump (§3.6)

DD = PRESETS["double-deck"]
DD_HEART_MARRIAGE = "KH QH AS AS AS AS TS TS TS TS AD AD AD AD TD TD TD TD AC AC"


def _dd_to_trump(seat1: str):
    hands = deal_rest(DD, {1: seat1})
    s = new_round(DD, dealer=0, hands=hands)
    assert s.phase is Phase.AUCTION  # no technical misdeal in this deal
    s = apply(s, Bid(500))
    for _ in range(3):
        s = apply(s, PassBid())
    assert s.phase is Phase.TRUMP and s.bidder == 1
    return s


def test_double_deck_trump_needs_a_marriage() -> None:
    s = _dd_to_trump(DD_HEART_MARRIAGE)
    assert legal_actions(s) == [NameTrump(Suit.HEARTS)]
    for suit in (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS):
        with pytest.raises(IllegalAction, match="marriage"):
            apply(s, NameTrump(suit))
    s = apply(s, NameTrump(Suit.HEARTS))
    assert s.trump is Suit.HEARTS and s.phase is Phase.MELD


def test_partnership_any_trump() -> None:
    s = start()
    s = apply(s, Bid(250))
    for _ in range(3):
        s = apply(s, PassBid())
    assert sorted(a.suit.value for a in legal_actions(s)) == ["C", "D", "H", "S"]


# ====================================================================== passing (§4.1)


def _to_pass(variant=P):
    s = start(variant, dealer=0)  # eldest = seat 1 = E is the bidder; partner seat 3
    s = apply(s, Bid(250))
    for _ in range(3):
        s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit.HEARTS))
    assert s.phase is Phase.PASS and s.bidder == 1
    return s


def test_partner_passes_first_then_bidder_returns_four() -> None:
    s = _to_pass()
    assert s.to_act == 3
    partner_hand = s.hands[3]
    legal = legal_actions(s)
    counts = Counter(partner_hand)
    # number of distinct 4-card multisets of the partner's hand
    want = _multiset_choices(list(counts.values()), 4)
    assert len(legal) == want
    give = tuple(cards("QS 9S AH KH"))
    with pytest.raises(IllegalAction):
        apply(s, PassCards(tuple(cards("QS 9S AH"))))  # not four
    with pytest.raises(IllegalAction):
        apply(s, PassCards(tuple(cards("AS AS AS AS"))))  # not held
    s = apply(s, PassCards(give))
    assert s.to_act == 1 and len(s.hands[1]) == 16 and len(s.hands[3]) == 8
    # the bidder sees what was received; the partner and the opponents do not yet see anything new
    assert sorted(observe(s, 1).received) == sorted(give)
    assert observe(s, 3).received == () and tuple(sorted(observe(s, 3).given)) == tuple(sorted(give))
    for opp in (0, 2):
        assert observe(s, opp).received == () and observe(s, opp).given == ()
    # the bidder may hand back cards just received
    back = tuple(cards("QS 9S AH AS"))
    s = apply(s, PassCards(back))
    assert len(s.hands[1]) == 12 and len(s.hands[3]) == 12
    assert Counter(s.hands[3]) == Counter(partner_hand) - Counter(give) + Counter(back)
    assert sorted(observe(s, 3).received) == sorted(back)
    assert s.phase is Phase.MELD
    # meld is scored on the hands after the pass
    assert [m.total for m in s.melds] == [score_meld(h, "H", P).total for h in s.hands]


def _multiset_choices(copies: list[int], k: int) -> int:
    ways = [1] + [0] * k
    for c in copies:
        new = [0] * (k + 1)
        for r in range(k + 1):
            for j in range(min(c, r) + 1):
                new[r] += ways[r - j]
        ways = new
    return ways[k]


def test_multiset_choice_count_helper() -> None:
    assert _multiset_choices([1] * 12, 4) == comb(12, 4)


@pytest.mark.parametrize("n", [2, 3])
def test_pass_count_knob(n: int) -> None:
    s = _to_pass(knobs(pass_count=n))
    assert all(len(a.cards) == n for a in list(legal_actions(s))[:20])
    with pytest.raises(IllegalAction):
        apply(s, PassCards(tuple(s.hands[3][: n + 1])))
    s = apply(s, PassCards(tuple(s.hands[3][:n])))
    assert len(s.hands[1]) == 12 + n


def test_simultaneous_pass() -> None:
    v = knobs(pass_order="simultaneous")
    s = _to_pass(v)
    bidder_before = s.hands[1]
    give = tuple(cards("QS 9S AH KH"))
    s = apply(s, PassCards(give))
    # the bidder chooses without the partner's cards
    assert s.to_act == 1 and s.hands[1] == bidder_before
    assert observe(s, 1).received == ()
    with pytest.raises(IllegalAction):
        apply(s, PassCards(give))  # the partner's cards are not yet the bidder's
    back = tuple(cards("AS TS KS JS"))
    s = apply(s, PassCards(back))
    assert Counter(s.hands[1]) == Counter(bidder_before) - Counter(back) + Counter(give)
    assert sorted(observe(s, 1).received) == sorted(give)
    assert sorted(observe(s, 3).received) == sorted(back)


# ====================================================================== kitty and burial (§4.2)


def test_partnership_kitty_bidder_takes_and_buries_four() -> None:
    v = PRESETS["partnership-kitty"]
    rng = random.Random(7)
    s = new_round(v, dealer=0, rng=rng)
    kitty = s.table.kitty
    assert len(kitty) == 4 and all(len(h) == 11 for h in s.hands)
    s = apply(s, Bid(250))
    for _ in range(3):
        s = apply(s, PassBid())
    assert len(s.hands[1]) == 15
    # the kitty is not exposed: only the bidder sees it
    assert observe(s, 1).kitty == kitty
    assert all(observe(s, seat).kitty == () for seat in (0, 2, 3))
    s = apply(s, NameTrump(Suit.SPADES))
    assert s.phase is Phase.BURY and s.to_act == 1
    melded = s.melds[1].melded_counts
    hand = Counter(s.hands[1])
    free = Counter({c: hand[c] - melded[c] for c in hand if hand[c] > melded[c]})
    legal = list(legal_actions(s))
    assert legal and all(len(a.cards) == 4 for a in legal)
    if sum(free.values()) >= 4:
        # only unmelded cards may be buried
        assert all(not (Counter(a.cards) - free) for a in legal)
        assert len(legal) == _multiset_choices(list(free.values()), 4)
    s = apply(s, legal[0])
    assert len(s.hands[1]) == 11 and s.table.buried == legal[0].cards
    assert observe(s, 1).buried == legal[0].cards
    assert all(observe(s, seat).buried == () for seat in (0, 2, 3))


EX19 = [
    "KS JS JS 9S AH 9H TD KD QD JD AC TC TC KC JC",
    "AS TS TH KH QH QH AD TD KD QD JD 9D 9D AC 9C",
    "AS TS KS QS QS 9S AH TH JH 9H AD KC QC JC 9C",
]


def test_burying_a_melded_card_is_refused_with_a_reason() -> None:
    v = PRESETS["three-hand"]
    s = start(v, EX19, dealer=2, kitty="KH JH QC")
    s = apply(s, Bid(300))
    s = apply(s, PassBid())
    s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit.HEARTS))
    assert s.phase is Phase.BURY
    # K♥ is in the run/royal marriage; the 9♥ is a dix
    with pytest.raises(IllegalAction, match="meld"):
        apply(s, Bury(tuple(cards("KH AC TD"))))
    with pytest.raises(IllegalAction, match="meld"):
        apply(s, Bury(tuple(cards("9H AC TD"))))
    with pytest.raises(IllegalAction):
        apply(s, Bury(tuple(cards("AC TD"))))  # wrong count
    s = apply(s, Bury(tuple(cards("AC TD JS"))))
    assert s.phase is Phase.MELD and len(s.hands[0]) == 15


def test_bury_restriction_no_trump_or_ace() -> None:
    v = knobs(PRESETS["three-hand"], bury_restriction="no_trump_or_ace_unless_forced")
    s = start(v, EX19, dealer=2, kitty="KH JH QC")
    s = apply(s, Bid(300))
    s = apply(s, PassBid())
    s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit.HEARTS))
    with pytest.raises(IllegalAction):
        apply(s, Bury(tuple(cards("AC TD JS"))))  # an ace
    with pytest.raises(IllegalAction):
        apply(s, Bury(tuple(cards("9H TD JS"))))  # a trump
    for a in list(legal_actions(s))[:50]:
        assert all(c.suit is not Suit.HEARTS and c.rank.value != "A" for c in a.cards)
    apply(s, Bury(tuple(cards("KS TD JS"))))


# ====================================================================== misdeals (§5.8)

TECH = "QS QS QS QS QH QH QH QH QD QD QD QD JS KS KS KS KS TS TS TS"  # 13 Q/J, no ace


def test_technical_misdeal_double_deck() -> None:
    hands = deal_rest(DD, {1: TECH})
    s = new_round(DD, dealer=0, hands=hands)
    assert s.phase is Phase.DEAL and s.to_act == 1
    assert set(map(type, legal_actions(s))) == {KeepHand, ClaimMisdeal}
    done = apply(s, ClaimMisdeal())
    assert done.phase is Phase.DONE and done.result.kind == "misdeal" and done.result.misdeal_by == 1
    assert done.result.changes == (0, 0)
    g = GameState(variant=DD, seed="x", dealer=0, scores=(100, 200), target=5000).after_hand(done.result)
    assert g.dealer == 0 and g.scores == (100, 200)  # the same dealer redeals
    kept = apply(s, KeepHand())
    assert kept.phase is Phase.AUCTION and kept.to_act == 1


def test_a_misdeal_kept_at_the_deal_may_be_claimed_until_the_holders_first_card() -> None:
    """§5.8, §0.4 item 23b: the holder may claim at any of its decisions until it plays its
    first card (the seed's "before he or she makes the first trick"); the claim voids the
    deal and the same dealer redeals.  Another seat never has the claim."""
    kept = apply(new_round(DD, dealer=0, hands=deal_rest(DD, {1: TECH})), KeepHand())
    assert kept.phase is Phase.AUCTION and kept.to_act == 1 and ClaimMisdeal() in legal_actions(kept)
    done = apply(kept, ClaimMisdeal())
    assert (done.phase, done.result.kind, done.result.misdeal_by) == (Phase.DONE, "misdeal", 1)
    g = GameState(variant=DD, seed="x", dealer=0, scores=(100, 200), target=5000).after_hand(done.result)
    assert (g.dealer, g.scores) == (0, (100, 200))
    s = apply(kept, PassBid())
    assert s.to_act == 2 and ClaimMisdeal() not in legal_actions(s)
    with pytest.raises(IllegalAction, match="your hand as dealt is no misdeal"):
        apply(s, ClaimMisdeal())
    while s.phase is not Phase.TRICKS:  # the others pass, the stuck dealer names trump, all meld
        legal = legal_actions(s)
        s = apply(s, next(a for a in legal if not isinstance(a, (ClaimMisdeal, Concede))))
    while s.to_act != 1:  # the first trick, up to the holder's card: it may still claim
        s = apply(s, legal_actions(s)[0])
    assert ClaimMisdeal() in legal_actions(s)
    assert apply(s, ClaimMisdeal()).result.kind == "misdeal"
    while not s.tricks:
        s = apply(s, next(a for a in legal_actions(s) if isinstance(a, Play)))
    if s.to_act == 1:  # its first card is played: the claim is gone
        assert ClaimMisdeal() not in legal_actions(s)
    s1 = s
    while s1.to_act != 1:
        s1 = apply(s1, legal_actions(s1)[0])
    with pytest.raises(IllegalAction, match="only until you play your first card"):
        apply(s1, ClaimMisdeal())


@pytest.mark.parametrize(
    "hand",
    [
        "QS QS QS QS QH QH QH QH QD QD QD QD KS KS KS KS TS TS TS TS",  # 12 Q/J
        "QS QS QS QS QH QH QH QH QD QD QD QD JS AS KS KS KS TS TS TS",  # 13 Q/J with an ace
    ],
)
def test_no_technical_misdeal(hand: str) -> None:
    s = new_round(DD, dealer=0, hands=deal_rest(DD, {1: hand}))
    assert s.phase is Phase.AUCTION


@pytest.mark.parametrize(
    ("knob", "hand", "allowed"),
    [
        ("off", "9S 9S 9H 9H 9D KS KS KH KH KD QD QC", False),
        ("five_nines", "9S 9S 9H 9H 9D KS KS KH KH KD QD QC", True),
        ("five_nines", "9S 9S 9H 9H KD KS KS KH KH KC QD QC", False),
        ("five_nines_no_ace_or_six_nines_one_ace", "9S 9S 9H 9H 9D AS KS KH KH KD QD QC", False),
        ("five_nines_no_ace_or_six_nines_one_ace", "9S 9S 9H 9H 9D KS KS KH KH KD QD QC", True),
        ("five_nines_no_ace_or_six_nines_one_ace", "9S 9S 9H 9H 9D 9D AS KH KH KD QD QC", True),
        ("five_nines_no_ace_or_six_nines_one_ace", "9S 9S 9H 9H 9D 9D AS AH KH KD QD QC", False),
        ("six_nines", "9S 9S 9H 9H 9D KS KS KH KH KD QD QC", False),
        ("six_nines", "9S 9S 9H 9H 9D 9D KS KH KH KD QD QC", True),
    ],
)
def test_nines_misdeal_knob(knob: str, hand: str, allowed: bool) -> None:
    v = knobs(misdeal_nines=knob)
    s = new_round(v, dealer=0, hands=deal_rest(v, {2: hand}))
    if allowed:
        assert s.phase is Phase.DEAL and s.to_act == 2
    else:
        assert s.phase is Phase.AUCTION


# ====================================================================== first lead (§6.1)


def _to_tricks(variant, dealer: int = 0):
    s = start(variant, dealer=dealer)
    bidder = (dealer + 1) % 4
    s = apply(s, PassBid())  # eldest passes
    s = apply(s, Bid(variant.min_bid))  # the next seat bids
    while s.phase is Phase.AUCTION:
        s = apply(s, PassBid())
    bidder = s.bidder
    s = apply(s, NameTrump(Suit.HEARTS))
    if s.phase is Phase.PASS:
        g = tuple(s.hands[s.to_act][: variant.pass_count])
        s = apply(s, PassCards(g))
        s = apply(s, PassCards(g))
    if s.phase is Phase.MELD:
        s = apply(s, PlayOn())
    assert s.phase is Phase.TRICKS
    return s, bidder


def test_bidder_leads_in_partnership() -> None:
    s, bidder = _to_tricks(P, dealer=3)
    assert bidder == 1 and s.to_act == 1 and s.leader == 1


def test_eldest_leads_in_hoyle() -> None:
    s, bidder = _to_tricks(PRESETS["partnership-hoyle"], dealer=3)
    assert bidder == 1 and s.to_act == 0 and s.leader == 0


def test_first_lead_must_be_trump_in_the_state_machine() -> None:
    v = knobs(first_lead_must_be_trump=True)
    s, _ = _to_tricks(v, dealer=3)
    hand = s.hands[s.to_act]
    hearts = sorted({str(c) for c in hand if c.suit is Suit.HEARTS})
    assert hearts and sorted(str(a.card) for a in legal_actions(s)) == hearts
    non_trump = next(c for c in hand if c.suit is not Suit.HEARTS)
    with pytest.raises(IllegalAction, match="trump"):
        apply(s, Play(non_trump))


def test_illegal_play_message_says_why() -> None:
    s, _ = _to_tricks(P, dealer=3)
    # E (seat 1) is on lead; play K♦? E holds AS TS KS JS 9S TH JH AD TD 9D AC QC (after pass-back)
    s = apply(s, Play(cards("AS")[0]))
    # seat 2 (S) holds spades JS; must follow with a spade (nothing beats AS)
    with pytest.raises(IllegalAction, match="follow"):
        apply(s, Play(cards("AC")[0]))
    with pytest.raises(IllegalAction, match="do not hold"):
        apply(s, Play(cards("KS")[0]))


# ====================================================================== SeatView privacy


def _count_vectors(obj) -> list[list[int]]:
    out = []
    for name in getattr(type(obj), "__slots__", ()):
        val = getattr(obj, name, None)
        if isinstance(val, (list, tuple)) and len(val) == 24 and all(isinstance(x, int) for x in val):
            out.append(list(val))
    for val in getattr(obj, "__dict__", {}).values():
        if isinstance(val, (list, tuple)) and len(val) == 24 and all(isinstance(x, int) for x in val):
            out.append(list(val))
    return out


def test_seat_view_melds_carry_no_unmelded_cards_of_other_seats() -> None:
    s = _to_pass()
    g = tuple(s.hands[3][:4])
    s = apply(s, PassCards(g))
    s = apply(s, PassCards(g))
    assert s.phase is Phase.MELD
    for seat in range(4):
        view = observe(s, seat)
        assert [m.total for m in view.melds] == [m.total for m in s.melds]
        for other in range(4):
            if other == seat:
                continue
            shown = view.melds[other]
            assert [tuple(m) for m in shown.melds] == [tuple(m) for m in s.melds[other].melds]
            melded = s.melds[other].melded_counts
            for vec in _count_vectors(shown):
                assert all(a <= b for a, b in zip(vec, melded)), (seat, other)


# ====================================================================== hand-result knobs (§8.1, §11)


def _finished(
    variant, ns_pts: int, ew_pts: int, ns_tricks: int, ew_tricks: int, contract: int = 300, ew_trick_cards=()
):
    s = start(variant, dealer=3)
    s = apply(s, Bid(contract))
    for _ in range(3):
        s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit.HEARTS))
    if s.phase is Phase.PASS:
        g = tuple(s.hands[2][: variant.pass_count])
        s = apply(s, PassCards(g))
        s = apply(s, PassCards(g))
    assert [m.total for m in s.melds] == [180, 0, 40, 60]
    log = tuple((0, (), 0) for _ in range(ns_tricks)) + tuple(
        (0, tuple(ew_trick_cards) if i == 0 else (), 1) for i in range(ew_tricks)
    )
    done = s.evolve(
        phase=Phase.DONE,
        to_act=-1,
        hands=((),) * 4,
        tricks=log,
        won=(ns_tricks, ew_tricks, 0, 0),
        points=(ns_pts, ew_pts, 0, 0),
    )
    return score_hand(done)


def test_set_penalty_minus_double_bid() -> None:
    r = _finished(knobs(set_penalty="minus_double_bid"), 60, 190, 3, 9, contract=300)
    assert r.sides[0].made is False and r.sides[0].change == -600
    assert r.sides[1].change == 60 + 190


def test_set_penalty_zero() -> None:
    r = _finished(knobs(set_penalty="zero"), 60, 190, 3, 9, contract=300)
    assert r.sides[0].change == 0


def test_set_without_forfeiting_meld_and_tricks() -> None:
    r = _finished(knobs(set_forfeits_meld_and_tricks=False), 60, 190, 3, 9, contract=300)
    assert r.sides[0].change == -300 + 220 + 60


def test_contract_success_bid_only() -> None:
    r = _finished(knobs(contract_success_score="bid_only"), 110, 140, 6, 6, contract=300)
    assert r.sides[0].made is True and r.sides[0].change == 300
    assert r.sides[1].change == 200


def test_made_exactly_at_the_contract() -> None:
    r = _finished(P, 110, 140, 6, 6, contract=330)
    assert r.sides[0].made is True and r.sides[0].change == 330
    r = _finished(P, 110, 140, 6, 6, contract=340)
    assert r.sides[0].made is False and r.sides[0].change == -340


def test_meld_requires_scoring_trick() -> None:
    v = knobs(meld_requires="scoring_trick")
    # E-W win one trick of nines and jacks only: no counter, meld not saved
    r = _finished(v, 250, 0, 11, 1, ew_trick_cards=cards("9S JD 9C JC"))
    assert r.sides[1].meld_saved == 0 and r.sides[1].change == 0
    r = _finished(v, 240, 10, 11, 1, ew_trick_cards=cards("9S KD 9C JC"))
    assert r.sides[1].meld_saved == 60 and r.sides[1].change == 70


def test_meld_requires_min_points_and_nonbidder_min_points() -> None:
    v = knobs(meld_requires="min_points", meld_requires_points=20)
    r = _finished(v, 240, 10, 11, 1)
    assert r.sides[1].meld_saved == 0 and r.sides[1].change == 10
    r = _finished(v, 230, 20, 10, 2)
    assert r.sides[1].meld_saved == 60 and r.sides[1].change == 80
    w = knobs(nonbidder_min_points=20)
    r = _finished(w, 240, 10, 11, 1)
    assert r.sides[1].change == 0
    r = _finished(w, 230, 20, 10, 2)
    assert r.sides[1].change == 80


def test_bidding_side_without_a_trick_scores_tricks_only() -> None:
    """§5.7: for a bidding side, unsaved meld means its total is tricks only."""
    r = _finished(P, 0, 250, 0, 12, contract=250)
    assert r.sides[0].meld_saved == 0 and r.sides[0].made is False and r.sides[0].change == -250
    assert r.pinochle_side == 1


# ====================================================================== more auction and meld knobs


def test_must_open_obligation_moves_to_the_next_player_with_meld() -> None:
    v = PRESETS["three-hand"]
    s = start(v, [MELD_0, NO_MELD_1, NO_MELD_2], dealer=1, kitty=KITTY3)
    assert s.to_act == 2
    s = apply(s, PassBid())  # seat 2 has no meld: may pass
    assert s.to_act == 0
    with pytest.raises(IllegalAction):
        apply(s, PassBid())  # seat 0 holds meld: must open
    s = apply(s, Bid(200))
    assert s.to_act == 1
    s = apply(s, PassBid())  # once a bid stands, anyone may pass
    assert s.phase is Phase.TRUMP and s.bidder == 0 and s.contract == 200


def test_single_round_bidding() -> None:
    v = knobs(bidding_rounds="single_round")
    s = start(v, dealer=3)
    s = apply(s, Bid(250))
    s = apply(s, Bid(300))
    s = apply(s, PassBid())
    s = apply(s, PassBid())
    assert s.phase is Phase.TRUMP and s.bidder == 1 and s.contract == 300


def test_forbidden_bid_endings() -> None:
    v = knobs(forbidden_bid_endings=(40, 90))
    b = v.bid_grid
    assert 330 in b and 340 not in b and 390 not in b and 440 not in b and 350 in b
    s = start(v, dealer=3)
    s = apply(s, Bid(330))
    assert bids_of(legal_actions(s))[0] == 350
    with pytest.raises(IllegalAction):
        apply(s, Bid(340))


def test_who_melds_bidder_only_and_meld_minimum() -> None:
    r = _finished(knobs(who_melds="bidder_only"), 110, 140, 6, 6, contract=280)
    # bidder is North (180); South's 40 and E-W's 60 do not count
    assert (r.sides[0].meld_shown, r.sides[1].meld_shown) == (180, 0)
    assert r.sides[0].change == 290 and r.sides[1].change == 140
    r = _finished(knobs(meld_minimum_to_record=100), 110, 140, 6, 6, contract=300)
    assert (r.sides[0].meld_shown, r.sides[1].meld_shown) == (220, 0)
    assert r.sides[1].change == 140


def test_game_deals_repeat_from_the_seed() -> None:
    a = GameState.start(P, seed="table-7")
    b = GameState.start(P, seed="table-7")
    assert a.dealer == b.dealer
    assert a.new_round().hands == b.new_round().hands
    assert a.new_round().dealer == a.dealer
    c = GameState.start(P, seed="table-8", dealer=a.dealer)
    assert c.new_round().hands != a.new_round().hands


def test_game_start_defaults() -> None:
    g = GameState.start(PRESETS["three-hand"], seed=1, dealer=2)
    assert (g.scores, g.target, g.dealer, g.winner, g.over, g.hand_no) == ((0, 0, 0), 1000, 2, None, False, 0)


def test_observe_bad_seat() -> None:
    with pytest.raises(ValueError):
        observe(start(), 4)


def test_explicit_deal_must_be_one_deck() -> None:
    bad = [EX16[0], EX16[0], EX16[2], EX16[3]]
    with pytest.raises(ValueError):
        start(P, bad)
    with pytest.raises(ValueError):
        start(P, [EX16[0][:-3], *EX16[1:]])


# ====================================================================== burial: offered set == accepted set


def _multisets(hand, k: int):
    faces = sorted(Counter(hand).items())
    out: list[tuple] = []

    def rec(i: int, left: int, acc: list) -> None:
        if left == 0:
            out.append(tuple(acc))
            return
        if i == len(faces):
            return
        face, n = faces[i]
        for j in range(min(n, left), -1, -1):
            rec(i + 1, left - j, acc + [face] * j)

    rec(0, k, [])
    return out


@pytest.mark.parametrize(
    ("name", "restriction"),
    [
        ("partnership-kitty", "not_melded_cards"),
        ("partnership-kitty", "no_trump_or_ace_unless_forced"),
        ("three-hand", "not_melded_cards"),
        ("three-hand", "no_trump_or_ace_unless_forced"),
        ("three-hand", "none"),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bury_choices_are_exactly_the_accepted_burials(name: str, restriction: str, seed: int) -> None:
    v = knobs(PRESETS[name], bury_restriction=restriction)
    s = new_round(v, dealer=0, rng=random.Random(seed))
    while s.phase is Phase.DEAL:
        s = apply(s, KeepHand())
    s = apply(s, Bid(v.min_bid) if not isinstance(legal_actions(s)[0], Bid) else legal_actions(s)[0])
    while s.phase is Phase.AUCTION:
        s = apply(s, PassBid())
    suit = Suit("SHDC"[seed])
    s = apply(s, NameTrump(suit))
    assert s.phase is Phase.BURY
    hand = s.hands[s.bidder]
    offered = {tuple(a.cards) for a in legal_actions(s)}
    assert len(offered) == len(legal_actions(s))
    accepted = set()
    for combo in _multisets(hand, v.kitty_size):
        try:
            apply(s, Bury(tuple(combo)))
        except IllegalAction as e:
            assert str(e)
        else:
            accepted.add(tuple(sorted(combo)))
    assert offered == accepted
    # and the rule itself (§4.2): restricted cards only as far as the others fall short
    if restriction == "not_melded_cards":
        melded = s.melds[s.bidder].melded_counts
        restricted = Counter({c: min(Counter(hand)[c], melded[c]) for c in set(hand)})
    elif restriction == "no_trump_or_ace_unless_forced":
        restricted = Counter({c: n for c, n in Counter(hand).items() if c.suit is suit or c.rank.value == "A"})
    else:
        restricted = Counter()
    spare = len(hand) - sum(restricted.values())
    must = max(0, v.kitty_size - spare)
    held = Counter(hand)
    for combo in accepted:
        cnt = Counter(combo)
        # copies beyond the unrestricted ones held are restricted copies: only as many as forced
        used = sum(max(0, cnt[c] - (held[c] - restricted[c])) for c in cnt)
        assert used <= must, (combo, used, must)
    # and every burial within that limit is accepted
    for combo in _multisets(hand, v.kitty_size):
        cnt = Counter(combo)
        used = sum(max(0, cnt[c] - (held[c] - restricted[c])) for c in cnt)
        assert (tuple(sorted(combo)) in accepted) == (used <= must)


def test_melded_cards_of_example_19_bidder() -> None:
    """§4.2: the bidder may bury only cards not used in meld.  A's 18 cards (trump ♥):
    marriages ♦ and ♣, dix, kings around, jacks around = 170; the rest is free."""
    v = PRESETS["three-hand"]
    s = start(v, EX19, dealer=2, kitty="KH JH QC")
    s = apply(s, Bid(300))
    s = apply(s, PassBid())
    s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit.HEARTS))
    m = s.melds[0]
    assert m.total == 170
    hand = Counter(s.hands[0])
    mc = m.melded_counts
    free = sorted(str(c) for c in hand for _ in range(hand[c] - mc[c]))
    assert free == ["9S", "AC", "AH", "JS", "TC", "TC", "TD"]
    # so exactly the 3-card multisets of these 7 cards may be buried
    assert len(legal_actions(s)) == _multiset_choices(list(Counter(free).values()), 3)
