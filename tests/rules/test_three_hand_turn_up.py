"""Three-hand with the turn-up (RULES.md §0.4 item 22, preset ``three-hand-turn-up``): the
two-hand stock game for three, each for self: 12 each in packets of 4, the next card
turned for trump, an 11-card stock; the eldest leads; the winner of each trick may meld
and count the dix, then each draws in turn clockwise from the winner, the turn-up going
to the last to draw; phase 2 when the stock is out; game 1000."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import (
    NoMeld,
    Phase,
    Play,
    StockRound,
    Variant,
    VariantError,
    apply,
    legal_actions,
    load_variants,
    load_variants_text,
    new_round,
    observe,
    parse_cards,
)
from rules.cards import make_deck

PRESETS = load_variants()
THREE = PRESETS["three-hand-turn-up"]


def test_the_preset_is_the_two_hand_game_for_three() -> None:
    two = PRESETS["two-hand"].model_dump(exclude={"name", "description", "players"})
    assert THREE.model_dump(exclude={"name", "description", "players"}) == two
    assert (THREE.players, THREE.sides, THREE.round_flow, THREE.game_target) == (3, "individual", "stock", 1000)
    assert (THREE.cards_per_hand, THREE.tricks_per_hand, THREE.hand_trick_total) == (12, 16, 250)


def test_winner_chooses_is_refused_with_three() -> None:
    text = '[mine]\nextends = "three-hand-turn-up"\nlast_stock_pick = "winner_chooses"\n'
    with pytest.raises(VariantError, match="last_stock_pick = 'winner_chooses' is the two-hand rule"):
        load_variants_text(text, "h.toml", base=PRESETS)
    with pytest.raises(VariantError, match="'draft' needs players = 2"):
        load_variants_text('[mine]\nextends = "two-hand-draft"\nplayers = 3\n', "h.toml", base=PRESETS)


def test_the_deal_is_12_each_a_turn_up_and_an_11_card_stock() -> None:
    r = new_round(THREE, dealer=1, rng=random.Random(5))
    assert isinstance(r, StockRound)
    assert [len(h) for h in r.hands] == [12, 12, 12] and len(r.stock) == 11 and r.turn_up is not None
    assert Counter(c for h in r.hands for c in h) + Counter(r.stock) + Counter([r.turn_up]) == Counter(
        make_deck("single48")
    )
    assert (r.to_act, r.leader) == (2, 2)  # the eldest, the dealer's left, leads
    assert r.trump_index == int(r.turn_up) // 6


def _deal(h0: str, h1: str, h2: str, up: str, stock: str, dealer: int = 2) -> StockRound:
    return new_round(
        THREE,
        dealer,
        hands=[parse_cards(h) for h in (h0, h1, h2)],
        stock=parse_cards(stock),
        turn_up=parse_cards(up)[0],
    )


# a deal with no meld for anyone after the first trick (so no declare step)
H0 = "AS TS KS QS JS 9S AH TH KH QH JH 9H"
H1 = "AD TD KD QD JD 9D AC TC KC QC JC 9C"
H2 = "AS TS KS QS JS 9S AH TH KH QH JH 9H"
UP = "AD"
STOCK = "TD KD QD JD 9D AC TC KC QC JC 9C"


def test_each_draws_clockwise_from_the_winner_and_the_turn_up_goes_last() -> None:
    r = _deal(H0, H1, H2, UP, STOCK, dealer=2)
    assert r.to_act == 0
    assert legal_actions(r)  # phase 1: any card of the hand
    r = apply(r, Play(parse_cards("9S")[0]))
    r = apply(r, Play(parse_cards("9C")[0]))  # seat 1 follows with anything (no duty in phase 1)
    r = apply(r, Play(parse_cards("AS")[0]))  # seat 2's ace wins
    assert r.tricks[-1] == (0, tuple(parse_cards("9S 9C AS")), 2)
    while r.phase is Phase.DECLARE:
        r = apply(r, NoMeld())
    # seat 2 (the winner) draws the top card, then seat 0, then seat 1
    top = parse_cards(STOCK)
    assert top[0] in r.hands[2] and top[1] in r.hands[0] and top[2] in r.hands[1]
    assert (len(r.stock), r.to_act, [len(h) for h in r.hands]) == (8, 2, [12, 12, 12])
    # play on to the end of the stock: the last round gives the turn-up to the last to draw
    rng = random.Random(1)
    while r.stock_open:
        before = r
        r = apply(r, rng.choice(legal_actions(r)))
        if r.phase is Phase.TRICKS and not r.stock_open:
            winner = before.leader if before.phase is Phase.DECLARE else r.leader
            last = (winner + 2) % 3
            # the turn-up (the AD, or the trump 9 exchanged for it as the dix)
            assert dict(r.last_pair)[last] in parse_cards("AD 9D")
            assert [s for s, _ in r.last_pair] == [winner, (winner + 1) % 3, last]
    assert len(r.tricks) == 4 and [len(h) for h in r.hands] == [12, 12, 12]


@pytest.mark.parametrize("seed", range(12))
def test_random_hands_deal_every_card_once_and_count_250(seed: int) -> None:
    rng = random.Random(seed)
    r = new_round(THREE, dealer=seed % 3, rng=random.Random(seed))
    pack = Counter(make_deck("single48"))
    steps = 0
    while r.phase is not Phase.DONE:
        steps += 1
        assert steps < 400
        legal = legal_actions(r)
        assert legal
        where = Counter(c for h in r.hands for c in h) + Counter(r.stock) + Counter(r.trick)
        where += Counter(c[0] for laid in r.laid for c in laid)
        where += Counter(c for _, cards, _ in r.tricks for c in cards)
        if r.turn_up is not None:
            where[r.turn_up] += 1
        assert where == pack
        for seat in range(3):
            view = observe(r, seat)
            assert Counter(view.hand) == Counter(r.hands[seat]) and len(view.hand_sizes) == 3
        r = apply(r, rng.choice(legal))
    res = r.result
    assert len(r.tricks) == 16 and all(len(cards) == 3 for _, cards, _ in r.tricks)
    assert sum(s.trick_points for s in res.sides) == 250
    assert [s.change for s in res.sides] == [s.meld_saved + s.trick_points for s in res.sides]
    assert [s.meld_shown for s in res.sides] == list(r.meld_points)


def test_phase_two_follows_the_phase2_rule() -> None:
    rng = random.Random(3)
    r = new_round(THREE, dealer=0, rng=random.Random(3))
    while r.stock_open:
        r = apply(r, rng.choice(legal_actions(r)))
    # a follower in phase 2 must follow suit (post-1945: any card of the led suit)
    lead = legal_actions(r)[0]
    r = apply(r, lead)
    hand = r.hands[r.to_act]
    led = lead.card // 6
    faces = sorted({a.card for a in legal_actions(r)})
    if any(c // 6 == led for c in hand):
        assert faces == sorted({c for c in hand if c // 6 == led})


def test_variant_players_three_reads_in_the_summary() -> None:
    v = Variant.model_validate(THREE.model_dump() | {"description": ""})
    assert v.summary() == "3 players each for self: turned-up trump, meld after each won trick, stock, to 1000"
