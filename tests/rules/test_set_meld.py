"""A set side's meld does not count, so its saved meld is 0 (RULES.md §8.1 "Contract
outcome", step 5: "S's meld and tricks for this hand are not scored"; Example 16: "meld 220
and tricks 110 forfeited"), as for a hand thrown in (§8.3) or set at once for a trump named
without the required meld (§3.6).  The hand result showed "Meld saved 30 … Score change
−280" for a bidder who was set.  What §5.7 saved but §8.1 forfeits is kept
in ``meld_forfeited``.

Every shipped preset with a contract is played out with random legal moves until each
of its ways to lose a contract (set in play, thrown in, auto-set) has been seen."""

from __future__ import annotations

import random

import pytest

from rules import Concede, GameState, Phase, PlayOn, apply, legal_actions, load_variants

PRESETS = load_variants()
# five-hand's per-player scores (a called partner) are held to §0.4.11 in test_big_tables
# and test_properties
CONTRACT_PRESETS = sorted(n for n, v in PRESETS.items() if v.round_flow != "stock" and v.sides != "called_partner")
_PENALTY = {"minus_bid": 1, "minus_double_bid": 2, "zero": 0}


def _saves(v, side) -> bool:
    """Whether §5.7 saves ``side``'s meld: one trick, or nothing needed (racehorse, whose
    other side keeps its meld only with ``nonbidder_min_points``, §0.4 item 23a)."""
    if side.made is None and side.trick_points < v.nonbidder_min_points:
        return False
    if v.meld_requires == "none":
        return True
    assert v.meld_requires == "one_trick"
    return side.tricks > 0


def _hands(name: str, n: int, concede: bool):
    """``n`` finished hands of preset ``name`` under random legal moves (``concede``: the
    bidder throws in whenever it may; else it always plays on)."""
    v = PRESETS[name]
    for k in range(n):
        state = GameState.start(v, f"set-meld/{name}/{k}").new_round()
        rng = random.Random(k)
        while state.phase is not Phase.DONE:
            legal = legal_actions(state)
            wanted = Concede() if concede else PlayOn()
            action = wanted if wanted in legal else rng.choice(legal)
            if isinstance(action, Concede) and not concede:
                action = next(a for a in legal if not isinstance(a, Concede))
            state = apply(state, action)
        yield v, state


@pytest.mark.parametrize("name", CONTRACT_PRESETS)
def test_a_set_side_saves_no_meld(name: str) -> None:
    seen = set()
    for v, state in _hands(name, 60, concede=False):
        r = state.result
        if r is None or r.bidder is None or r.kind != "played":
            continue
        bside = v.side_of[r.bidder]
        s = r.sides[bside]
        if s.made:
            assert s.meld_forfeited == 0
            assert s.change == (
                s.meld_saved + s.trick_points if v.contract_success_score == "all_points" else r.contract
            )
            continue
        seen.add("set")
        assert s.meld_saved == 0  # was the meld shown (30 in the reported hand)
        # what §5.7 would have saved (one trick, or racehorse's 10 points) is forfeited
        assert s.meld_forfeited == (s.meld_shown if _saves(v, s) else 0)
        assert s.meld_forfeited + s.trick_points < r.contract  # that is why it was set
        assert s.change == -(r.contract or 0) * _PENALTY[v.set_penalty]
        for other in r.sides:  # the other sides keep theirs
            if other.side != bside:
                assert other.meld_forfeited == 0
                assert other.meld_saved == (other.meld_shown if _saves(v, other) else 0)
    assert "set" in seen, f"{name}: no contract was set in 60 random hands"


@pytest.mark.parametrize("name", CONTRACT_PRESETS)
def test_a_hand_thrown_in_or_auto_set_saves_no_meld_for_the_bidder(name: str) -> None:
    v = PRESETS[name]
    kinds = set()
    for v, state in _hands(name, 40, concede=True):
        r = state.result
        if r is None or r.kind not in ("conceded", "auto_set"):
            continue
        kinds.add(r.kind)
        s = r.sides[v.side_of[r.bidder or 0]]
        assert (s.meld_saved, s.meld_forfeited, s.trick_points, s.made, s.change) == (
            0,
            0,
            0,
            False,
            -(r.contract or 0),
        )
    if v.concession != "off":
        assert "conceded" in kinds, f"{name}: no hand was thrown in"


def test_set_meld_when_the_preset_does_not_forfeit_it() -> None:
    """``set_forfeits_meld_and_tricks = false``: a set side keeps its saved meld (and
    scores it on top of the penalty), so nothing is forfeited."""
    base = PRESETS["partnership"]
    v = type(base).model_validate(base.model_dump() | {"set_forfeits_meld_and_tricks": False})
    seen = 0
    for k in range(60):
        state = GameState.start(v, f"keep/{k}").new_round()
        rng = random.Random(k)
        while state.phase is not Phase.DONE:
            legal = [a for a in legal_actions(state) if not isinstance(a, Concede)]
            state = apply(state, rng.choice(legal))
        r = state.result
        if r is None or r.kind != "played" or r.bidder is None:
            continue
        s = r.sides[v.side_of[r.bidder]]
        if s.made is False:
            seen += 1
            assert s.meld_forfeited == 0
            assert s.meld_saved == (s.meld_shown if s.tricks > 0 else 0)
            assert s.change == -(r.contract or 0) + s.meld_saved + s.trick_points
    assert seen > 0
