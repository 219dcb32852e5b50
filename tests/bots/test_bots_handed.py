"""Handed cases (a position and the one sensible move), as exact tests of the `standard` bot."""

from __future__ import annotations

import random

from bot_helpers import contract_to, deal_with

from bots import make_bot
from rules import (
    CARDS,
    Bury,
    PassBid,
    PassCards,
    Phase,
    Play,
    SeatView,
    Suit,
    legal_actions,
    legal_plays,
    observe,
    parse_cards,
    score_meld,
)


def act(state, seat=None):
    seat = state.to_act if seat is None else seat
    return make_bot("standard").act(observe(state, seat), legal_actions(state), random.Random(0))


def test_feeds_the_king_not_the_ten_when_partner_wins(variants):
    """Partner wins with AS (9S led by an opponent, AS, QS); trump H; last to play with
    TS KS 9S: play KS (same points as the ten, keeps the higher card)."""
    v = variants["partnership"]
    hand = tuple(sorted(parse_cards("TS KS 9S AH TH KH QC JC 9D AD QD JD")))
    trick = tuple(zip((0, 1, 2), parse_cards("9S AS QS")))
    view = SeatView(
        seat=3,
        variant=v,
        phase=Phase.TRICKS,
        to_act=3,
        dealer=3,
        hand=hand,
        hand_sizes=(11, 11, 11, 12),
        bids=((0, 250), (1, 0), (2, 0), (3, 0)),
        high_bid=250,
        bidder=0,
        contract=250,
        trump=Suit.HEARTS,
        kitty=(),
        buried=(),
        given=(),
        received=(),
        melds=None,
        trick=trick,
        leader=0,
        tricks=(),
        won=(0, 0, 0, 0),
        scores=(0, 0),
        target=1500,
        result=None,
    )
    legal = [Play(c) for c in legal_plays(hand, [c for _, c in trick], "H", v)]
    assert {str(a.card) for a in legal} == {"TS", "KS", "9S"}
    assert make_bot("standard").act(view, legal, random.Random(0)) == Play(CARDS[parse_cards("KS")[0]])


def test_passes_a_weak_hand_over_an_opponents_300(variants):
    """An opponent bid 300, partner passed: with 9S 9S JS QH 9H JC QC 9D JD TD KH KC, pass."""
    v = variants["partnership"]
    hand = tuple(sorted(parse_cards("9S 9S JS QH 9H JC QC 9D JD TD KH KC")))
    from rules import Bid, apply, new_round

    hands, _ = deal_with(v, {3: " ".join(map(str, hand))})
    s = new_round(v, 3, hands=hands)  # eldest is seat 0
    s = apply(s, Bid(300))  # opponent
    s = apply(s, PassBid())  # partner (seat 1)
    s = apply(s, PassBid())  # other opponent
    assert s.to_act == 3
    assert act(s) == PassBid()


def _pass_of(variants, hand: str, trump: str, seed: int = 0) -> list[str]:
    v = variants["partnership"]
    hands, _ = deal_with(v, {2: hand}, seed=seed)
    s = contract_to(v, hands, bidder=0, trump=trump)
    assert s.phase is Phase.PASS and s.to_act == 2
    a = act(s)
    assert isinstance(a, PassCards) and a in legal_actions(s)
    return [str(c) for c in a.cards]


def test_partner_pass_keeps_its_double_pinochle(variants):
    """Trump H, partner is the bidder: the 4-card pass keeps both QS and both JD."""
    for seed in range(3):
        passed = _pass_of(variants, "QS QS JD JD AH TH KC QC 9S 9D JC TS", "H", seed)
        assert "QS" not in passed and "JD" not in passed, passed
        assert "AH" in passed and "TH" in passed  # trump first


def test_partner_pass_keeps_its_aces_around(variants):
    """Trump H, partner is the bidder, AS KS QS 9S AH KH JH AD 9D AC TC 9C: the pass keeps
    all four aces (100 for aces around) even though aces and the trump ace are good to pass;
    the trump K and J still go (a pass of AS AH KH JH)."""
    for seed in range(3):
        passed = _pass_of(variants, "AS KS QS 9S AH KH JH AD 9D AC TC 9C", "H", seed)
        assert not any(c.startswith("A") for c in passed), passed
        assert "KH" in passed and "JH" in passed, passed


def test_partner_pass_keeps_a_double_around_whole(variants):
    """Trump C: with both copies of every king (double kings around, 800) the pass gives no
    king, though the trump kings would otherwise be the first cards to go."""
    for seed in range(3):
        passed = _pass_of(variants, "KS KS KH KH KD KD KC KC AS 9H 9D TC", "C", seed)
        assert not any(c.startswith("K") for c in passed), passed


def test_partner_passes_both_trump_jacks(variants):
    """Trump D: with JD JD JC JH JS AC AH AS TC TH TS KC, both JD go to the bidder."""
    for seed in range(3):
        passed = _pass_of(variants, "JD JD JC JH JS AC AH AS TC TH TS KC", "D", seed)
        assert passed.count("JD") == 2, passed


def test_partner_without_trump_or_ace_passes_no_nine(variants):
    """Trump H, no heart and no ace (9C 9C 9S 9S 9D TS KD QD JD JS QC JC): pass no 9."""
    for seed in range(3):
        passed = _pass_of(variants, "9C 9C 9S 9S 9D TS KD QD JD JS QC JC", "H", seed)
        assert not any(c.startswith("9") for c in passed), passed


def test_burial_keeps_the_run_and_the_double_pinochle(variants):
    """Kitty game, trump D, bidder holds QS QS KS JH QH KH AH QC JD JD QD KD TD AD AD and
    buries 4: what is left still holds the run and the double pinochle."""
    v = variants["partnership-kitty"]
    cards = parse_cards("QS QS KS JH QH KH AH QC JD JD QD KD TD AD AD")
    hand11, kitty = " ".join(map(str, cards[:11])), " ".join(map(str, cards[11:]))
    hands, kit = deal_with(v, {0: hand11}, kitty=kitty)
    s = contract_to(v, hands, bidder=0, trump="D", kitty=kit)
    assert s.phase is Phase.BURY and sorted(s.hands[0]) == sorted(cards)
    a = act(s)
    assert isinstance(a, Bury) and a in legal_actions(s)
    rest = list(cards)
    for c in a.cards:
        rest.remove(c)
    names = [m.name for m in score_meld(rest, "D", v).melds]
    assert "run" in names and "double pinochle" in names, (a, names)
