"""The bots in the two-hand forms: the standard bot's melding order, its dix,
its exact phase-2 play, its draft, and that no hidden card ever changes a decision."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bots import make_bot
from bots.endgame import solve
from bots.two_hand import _marginals, _meld_faces, _meld_value, draft_keep, opponent_hand
from rules import (
    DeclareDix,
    DeclareMeld,
    DraftCard,
    DraftRound,
    NoMeld,
    Phase,
    Play,
    StockRound,
    apply,
    legal_actions,
    load_variants,
    new_round,
    observe,
    parse_cards,
    score_meld,
)
from rules.cards import make_deck

V = load_variants()
TWO = V["two-hand"]
DRAFT = V["two-hand-draft"]


def _declaring(hand: str, turn_up: str = "KC") -> StockRound:
    """Seat 0 has won a trick holding ``hand`` (12 cards) and may meld."""
    mine = parse_cards(hand)
    left = Counter(make_deck("single48"))
    left.subtract(mine)
    up = parse_cards(turn_up)[0]
    left[up] -= 1
    rest = sorted(left.elements())
    s = new_round(TWO, 1, hands=[mine, rest[:12]], stock=rest[12:], turn_up=up)
    return s.evolve(phase=Phase.DECLARE, to_act=0, leader=0)


def test_standard_melds_the_royal_marriage_before_the_run() -> None:
    s = _declaring("AC TC KC QC JC 9S 9S JS JH 9H 9D JD", turn_up="KC")
    legal = legal_actions(s)
    assert DeclareMeld("run", tuple(sorted(parse_cards("AC TC KC QC JC")))) in legal
    got = make_bot("standard").act(observe(s, 0), legal, random.Random(1))
    assert got == DeclareMeld("royal marriage", tuple(sorted(parse_cards("KC QC"))))


def test_standard_counts_the_dix_first() -> None:
    s = _declaring("9C QC AS TS 9S JS JH 9H 9D JD AH AD", turn_up="KC")
    got = make_bot("standard").act(observe(s, 0), legal_actions(s), random.Random(1))
    assert got == DeclareDix(True)
    s = apply(s, got)  # the turn-up K♣ marries the Q♣: the royal marriage follows
    got = make_bot("standard").act(observe(s, 0), legal_actions(s), random.Random(1))
    assert got == DeclareMeld("royal marriage", tuple(sorted(parse_cards("KC QC"))))


def _phase_two(seed: int) -> StockRound:
    s = new_round(TWO, seed % 2, random.Random(seed))
    rng = random.Random(seed)
    while s.stock_open or s.phase is not Phase.TRICKS:
        la = legal_actions(s)
        s = apply(s, NoMeld() if NoMeld() in la else la[rng.randrange(len(la))])
    return s


@pytest.mark.parametrize("seed", range(3))
def test_phase_two_the_opponents_hand_is_known_and_standard_plays_the_solver_value(seed: int) -> None:
    s = _phase_two(seed)
    bots = [make_bot("standard"), make_bot("standard")]
    v = TWO
    for _ in range(6):  # the first half of the endgame
        seat = s.to_act
        view = observe(s, seat)
        assert opponent_hand(view) == sorted(s.hands[1 - seat])
        trick = tuple(c for _, c in view.trick)
        _, best = solve(s.hands, s.leader, trick, s.trump_index, v.phase2_head, v.card_points, v.last_trick_bonus)
        got = bots[seat].act(view, legal_actions(s), random.Random(0))
        assert isinstance(got, Play) and got.card in best
        s = apply(s, got)


def test_standard_drafts_an_ace_over_a_nine() -> None:
    pack = make_deck("single48")
    ace = parse_cards("AH")[0]
    nine = parse_cards("9C")[0]
    rest = list(pack)
    rest.remove(ace)
    s = new_round(DRAFT, 0, pack=[ace, *rest])
    assert draft_keep(observe(s, 1)) == DraftCard(True)
    rest = list(pack)
    rest.remove(nine)
    s = new_round(DRAFT, 0, pack=[nine, *rest])
    assert draft_keep(observe(s, 1)) == DraftCard(False)


def _permuted_stock(state: StockRound, seat: int, rng: random.Random) -> StockRound:
    """The cards ``seat`` cannot see (the other hand's unseen cards and the face-down
    stock) shuffled among themselves."""
    other = 1 - seat
    unseen = Counter(state.hands[other]) - Counter(state.known[other])
    pool = [*unseen.elements(), *state.stock]
    rng.shuffle(pool)
    k = sum(unseen.values())
    hands = list(state.hands)
    hands[other] = tuple(sorted([*(Counter(state.hands[other]) - unseen).elements(), *pool[:k]]))
    return state.evolve(hands=tuple(hands), stock=tuple(pool[k:]))


def _permuted_draft(state, seat: int, rng: random.Random):
    """The draft: the other hand, the other's discards and the pack below the card looked
    at; after the draft: the other hand and every discard this seat did not see."""
    other = 1 - seat
    if isinstance(state, DraftRound):
        top = state.pack[:1] if state.to_act == seat else ()
        pool = [*state.hands[other], *state.discards[other], *state.pack[len(top) :]]
        rng.shuffle(pool)
        a, b = len(state.hands[other]), len(state.discards[other])
        hands, discards = list(state.hands), list(state.discards)
        hands[other] = tuple(sorted(pool[:a]))
        discards[other] = tuple(sorted(pool[a : a + b]))
        return state._replace(hands=tuple(hands), discards=tuple(discards), pack=(*top, *pool[a + b :]))
    t = state.table
    mine_unseen = Counter(t.discards[seat]) - Counter(t.discards_seen[seat])
    pool = [*state.hands[other], *t.discards[other], *mine_unseen.elements()]
    rng.shuffle(pool)
    a, b = len(state.hands[other]), len(t.discards[other])
    hands, discards = list(state.hands), list(t.discards)
    hands[other] = tuple(sorted(pool[:a]))
    discards[other] = tuple(sorted(pool[a : a + b]))
    discards[seat] = tuple(sorted([*t.discards_seen[seat], *pool[a + b :]]))
    return state._replace(hands=tuple(hands), table=t._replace(discards=tuple(discards)), memo=[None, None])


@pytest.mark.parametrize("preset", ["two-hand", "two-hand-draft"])
def test_no_cheating_hidden_cards_never_change_a_decision(preset: str) -> None:
    v = V[preset]
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        bots = [make_bot("standard"), make_bot("standard")]
        s = new_round(v, seed % 2, random.Random(seed))
        while s.phase is not Phase.DONE:
            legal = legal_actions(s)
            seat = s.to_act
            view = observe(s, seat)
            want = bots[seat].act(view, legal, random.Random(3))
            endgame = preset == "two-hand" and s.phase is Phase.TRICKS and not s.stock_open
            if len(legal) > 1 and not endgame:  # in phase 2 nothing is hidden any more
                permute = _permuted_stock if preset == "two-hand" else _permuted_draft
                other = permute(s, seat, rng)
                view2 = observe(other, seat)
                assert view2 == view
                got = make_bot("standard").act(view2, legal_actions(other), random.Random(3))
                assert got == want, (preset, seed, s.phase, want, got)
                checked += 1
            s = apply(s, want)
    assert checked > 60


# ---------------------------------------------------------------------- three-hand with the turn-up (§0.4 item 22)


def test_standard_beats_the_card_winning_the_trick_not_the_lead_at_three() -> None:
    """With three, the trick may already be won by the second card: the standard bot, with
    a royal marriage to meld, wins it with a trump (the 10♠ beats the lead 9♠, not the A♠)."""
    from rules import Play, apply, new_round, observe, parse_cards

    three = V["three-hand-turn-up"]
    hands = (
        "9S JS JS QH QH JH JH 9H 9H QC QC JC",
        "AS AS JD JD 9C 9C JC KC KC AC AC TC",
        "TS KD QD 9D KS QS KH TH AH TD AD 9S",
    )
    pack = Counter(make_deck("single48"))
    for h in hands:
        pack.subtract(parse_cards(h))
    rest = sorted(pack.elements())
    up = next(c for c in rest if str(c) == "QD")
    rest.remove(up)
    s = new_round(three, 2, hands=[parse_cards(h) for h in hands], stock=rest, turn_up=up)
    s = apply(s, Play(parse_cards("9S")[0]))
    s = apply(s, Play(parse_cards("AS")[0]))
    view = observe(s, 2)
    action = make_bot("standard").act(view, legal_actions(s), random.Random(0))
    assert action.card // 6 == 2  # a diamond: trump, the only suit that beats the A♠


SINGLE_PACK = [name for name, v in V.items() if v.deck == "single48"]


@pytest.mark.parametrize("preset", SINGLE_PACK)
def test_a_cards_share_of_the_meld_is_the_meld_without_it(preset: str) -> None:
    """The stock policy's meld share of each card (`_marginals`, what the card takes with
    it) is the hand's meld less the meld of the hand without one copy of it, by
    `score_meld`, under every trump and every table of meld values; a card of a face no
    meld uses (`_meld_faces`) takes none."""
    v = V[preset]
    pack = make_deck("single48")
    rng = random.Random(preset)
    for _ in range(60):
        hand = rng.sample(pack, rng.randint(8, 20))
        for trump in range(4):
            base = score_meld(hand, trump, v).total
            share = _marginals(hand, trump, v)
            for c in set(hand):
                rest = list(hand)
                rest.remove(c)
                assert share.get(c, 0) == base - score_meld(rest, trump, v).total
                if c not in _meld_faces(v, trump):
                    assert c not in share
            assert _meld_value(hand, trump, v) == base
