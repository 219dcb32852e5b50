"""Bots play every preset legally, deterministically, and from their own view only."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from bots import LEVELS, make_bot
from pinochle_tui.simulate import simulate
from rules import Phase, apply, legal_actions, load_variants, new_round, observe

PRESETS = list(load_variants())  # every shipped preset


def test_levels():
    assert set(LEVELS) >= {"random", "easy", "standard"}
    with pytest.raises(ValueError, match="standard"):
        make_bot("grandmaster")


# the hands of each mix below: standard bots alone, then standard with easy (and random)
HANDS = (150, 100)
# two-hand's standard bots play phase 2 by the exact solver (bots.endgame), each from its own
# view: a hand costs ten times another preset's, so fewer hands, which run the same lines and
# branches of rules/, bots/ and the simulation as the 150 and 100 did (measured with
# coverage.py): 39 ends the tenth game (a run stopped between games), 30 stops in the middle of
# one, and the solver's tables are made small enough to fill and start afresh in 39 hands, as
# 50,000 entries did only after 130
TWO_HAND = (39, 30)
TWO_HAND_TABLE = 5_000


@pytest.mark.parametrize("preset", PRESETS)
def test_no_illegal_action_in_a_few_hundred_hands(variants, preset, monkeypatch):
    v = variants[preset]
    hands = HANDS
    if preset == "two-hand":
        import bots.endgame

        monkeypatch.setattr(bots.endgame, "_MAX_MOVES", TWO_HAND_TABLE)
        hands = TWO_HAND
    mixes = [["standard"] * v.people, (["standard", "easy", "standard", "random"] * 2)[: v.people]]  # one per person
    for i, seats in enumerate(mixes):
        res = simulate(v, seats, hands=hands[i], seed=f"ci-{preset}-{i}")
        assert res.illegal == [] and res.errors == [], (res.illegal + res.errors)[:3]
        assert res.hands == hands[i]


def test_same_seed_same_play(variants):
    v = variants["partnership"]
    a = simulate(v, ["standard", "easy", "standard", "random"], hands=20, seed="det").to_json()
    b = simulate(v, ["standard", "easy", "standard", "random"], hands=20, seed="det").to_json()
    for key in ("hands_per_s", "latency_ms"):
        a.pop(key), b.pop(key)
    assert a == b


def _decisions(variant, seed):
    """Every (view, legal) of one hand played by standard bots."""
    bots = [make_bot("standard") for _ in range(variant.players)]
    s = new_round(variant, 0, random.Random(seed))
    rng = random.Random(seed)
    out = []
    while s.phase is not Phase.DONE:
        view, legal = observe(s, s.to_act), legal_actions(s)
        out.append((s, view, legal))
        s = apply(s, bots[s.to_act].act(view, legal, rng))
    return out


@pytest.mark.parametrize("preset", ["partnership", "partnership-kitty", "three-hand"])
def test_a_fresh_bot_decides_like_a_used_one(variants, preset):
    """No state carried between calls changes a decision (caches are only caches)."""
    used = make_bot("standard")
    for seed in range(3):
        for _, view, legal in _decisions(variants[preset], seed):
            assert used.act(view, legal, random.Random(1)) == make_bot("standard").act(view, legal, random.Random(1))


def _permute_hidden(state, seat, rng):
    """The same round with the cards ``seat`` cannot see shuffled among the other hands
    (and an unseen kitty): every hand keeps its size."""
    n = state.variant.players
    others = [s for s in range(n) if s != seat]
    pool = [c for s in others for c in state.hands[s]]
    kitty = list(state.table.kitty)
    view = observe(state, seat)
    hide_kitty = bool(kitty) and not view.kitty
    if hide_kitty:
        pool += kitty
    rng.shuffle(pool)
    hands = list(state.hands)
    i = 0
    for s in others:
        k = len(state.hands[s])
        hands[s] = tuple(sorted(pool[i : i + k]))
        i += k
    table = state.table
    if hide_kitty:
        table = table._replace(kitty=tuple(sorted(pool[i:])))
    return state._replace(hands=tuple(hands), table=table, memo=[None, None])


@pytest.mark.parametrize("preset", ["partnership", "partnership-kitty", "three-hand", "double-deck"])
def test_no_cheating_hidden_cards_never_change_a_decision(variants, preset):
    """Permuting the cards a seat cannot see never changes its action."""
    v = variants[preset]
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        for state, view, legal in _decisions(v, seed):
            if len(legal) < 2:
                continue
            seat = state.to_act
            bot = make_bot("standard")
            want = bot.act(view, legal, random.Random(3))
            for _ in range(2):
                other = _permute_hidden(state, seat, rng)
                view2 = observe(other, seat)
                assert view2.hand == view.hand
                got = make_bot("standard").act(view2, legal_actions(other), random.Random(3))
                assert got == want, (preset, seed, state.phase, want, got)
            checked += 1
    assert checked > 50


def test_bots_never_import_rich_or_textual():
    code = (
        "import sys, bots, bots.standard, bots.easy, bots.estimate, bots.knowledge; "
        "bad = [m for m in ('rich', 'textual') if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
