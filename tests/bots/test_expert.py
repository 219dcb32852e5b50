"""The expert bot (issue 15 §1): its engine keeps the rules, its deals keep to what the
seat saw, it plays legally and honestly, replays exactly, and out-plays standard where
search pays."""

from __future__ import annotations

import random

import pytest

from bots import make_bot
from bots.search import DealSampler, Engine, proven_lacks
from rules import Phase, Play, RoundState, apply, legal_actions, load_variants, new_round, observe
from rules.play import legal_faces
from rules.playout import Playout

PRESETS = list(load_variants())


def _tricks_states(variant, seed: int, level: str = "standard"):
    """The `RoundState` before every card of one hand played by ``level`` bots."""
    bots = [make_bot(level) for _ in range(variant.players)]
    s = new_round(variant, 0, random.Random(seed))
    rng = random.Random(seed)
    out = []
    while s.phase is not Phase.DONE:
        if s.phase is Phase.TRICKS:
            out.append(s)
        s = apply(s, bots[s.to_act].act(observe(s, s.to_act), legal_actions(s), rng))
    return out


def _engine_at(state: RoundState) -> Engine:
    v = state.variant
    e = Engine(v.players, state.table.trump, v.play_flags, v.card_points, v.last_trick_bonus, v.side_of)
    e.setup(state.hands, state.leader, state.trick, len(state.tricks), state.points, state.won)
    return e


@pytest.mark.parametrize("preset", ["partnership", "partnership-post1945", "three-hand", "double-deck", "check"])
def test_engine_keeps_the_legal_sets_and_points_of_playout(variants, preset):
    """Card by card through whole hands the engine's legal set equals `Playout.legal`,
    and after the last trick every seat's points and tricks equal the real ones."""
    v = variants[preset]
    for seed in range(3):
        states = _tricks_states(v, seed)
        assert states
        e = _engine_at(states[0])
        po = Playout(states[0])
        while not po.done:
            assert e.legal() == [int(c) for c in po.legal()]
            card = po.legal()[-1] if len(po.tricks) % 2 else po.legal()[0]
            po.play(card)
            e.play(int(card))
        assert e.done
        assert e.points == po.points and e.won == po.won
        assert e.nodes == sum(len(h) for h in states[0].hands)


def test_engine_undo_goes_back_exactly(variants):
    v = variants["partnership"]
    state = _tricks_states(v, 4)[10]  # a trick already begun (10 cards played)
    assert state.trick
    e = _engine_at(state)
    before = e.snapshot()
    for _ in range(9):  # across three trick ends
        e.play(e.legal()[0])
    for _ in range(9):
        e.undo()
    assert e.snapshot() == before


def _replays(state: RoundState, seat: int, deal: list[list[int]], others: list[int]) -> bool:
    """Whether every card played so far was legal with the hands ``deal`` gives the
    other seats now (each seat's played cards put back)."""
    v = state.variant
    n = v.players
    hands = [list(h) for h in state.hands]
    for i, s in enumerate(others):
        hands[s] = list(deal[i])
    history = [(ld, cards) for ld, cards, _ in state.tricks]
    if state.trick:
        history.append((state.leader, state.trick))
    for ld, cards in history:
        for k, c in enumerate(cards):
            hands[(ld + k) % n].append(c)
    t = state.table.trump
    head = v.play_flags[0]
    for i, (ld, cards) in enumerate(history):
        for k, c in enumerate(cards):
            s = (ld + k) % n
            ok = legal_faces(
                sorted(hands[s]),
                cards[:k],
                t,
                head,
                v.head_target == "led_card",
                v.head_after_ruff,
                i == 0 and v.first_lead_must_be_trump,
            )
            if c not in ok:
                return False
            hands[s].remove(c)
    return True


@pytest.mark.parametrize(
    "preset", ["partnership", "partnership-post1945", "partnership-kitty", "three-hand", "double-deck"]
)
def test_sampled_deals_keep_to_what_the_seat_saw(variants, preset):
    """Every sampled deal gives each seat as many cards as it holds, the unseen cards
    exactly (the real hidden cards as a multiset), the shown meld not yet played to its
    owner, and hands with which every card played so far was legal (voids, head rule)."""
    v = variants[preset]
    rng = random.Random(5)
    checked = 0
    for seed in range(2):
        for state in _tricks_states(v, seed)[::5]:
            seat = state.to_act
            view = observe(state, seat)
            sampler = DealSampler(view)
            others = sampler.others
            real = sorted(c for s in others for c in state.hands[s])
            pile = sampler.sizes[sampler.pile]
            for _ in range(3):
                deal = sampler.sample(rng)
                assert [len(h) for h in deal[:-1]] == [len(state.hands[s]) for s in others]
                assert len(deal[-1]) == pile
                dealt = sorted(c for h in deal[:-1] for c in h)
                hidden = real + ([int(c) for c in state.table.buried] if seat != state.table.bidder else [])
                assert sorted(dealt + deal[-1]) == sorted(hidden)
                assert _replays(state, seat, deal, others)
            checked += 1
        assert sampler.failures == 0
    assert checked >= 8


def test_proven_lacks_reads_the_head_rule():
    """A seat that followed under the card to beat (pre-1945: must head) lacks every
    higher card of the suit; one that threw a plain card lacks the suit and trump."""
    v = load_variants()["partnership"]
    from bot_helpers import contract_to, deal_with

    from rules import parse_cards

    hands, _ = deal_with(
        v, {0: "AS AS TS KS QS JS 9S AH TH KH QH JH", 1: "9H 9H KD QD JD 9D AC TC KC QC JC 9C"}, seed=1
    )
    s = contract_to(v, hands, 0, "S")
    while s.phase is not Phase.TRICKS:
        s = apply(s, legal_actions(s)[0])
    assert s.to_act == 0
    s = apply(s, Play(parse_cards("KH")[0]))  # South leads K♥; West must head it but holds only 9♥
    s = apply(s, Play(parse_cards("9H")[0]))
    voids, lacks = proven_lacks(observe(s, 2))
    heart = [f for f in range(6, 12)]
    assert lacks[1] & sum(1 << f for f in heart) == (1 << 6) | (1 << 7)  # A♥ and 10♥ above K♥
    assert voids[1] == 0
