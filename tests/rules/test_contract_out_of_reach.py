"""`contract_out_of_reach`: the trick after which the bidding side could no longer make its
contract even by taking every trick left (RULES.md §8.1, §5.7, §7.2)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import Phase, load_variants
from rules.actions import Bid, Concede, PassBid
from rules.rounds import apply, legal_actions, new_round
from rules.scoring import contract_out_of_reach, score_hand

V = load_variants()


def step(s: Any, rng: random.Random) -> Any:
    """One move of the hands here: the first seat to speak bids the minimum, everyone else
    passes, then random legal moves (never a throw-in)."""
    acts = legal_actions(s)
    bids = sorted((a for a in acts if isinstance(a, Bid)), key=lambda a: a.amount)
    if s.phase is Phase.AUCTION and bids and s.table.high_bid == 0:
        return bids[0]
    if s.phase is Phase.AUCTION and PassBid() in acts:
        return PassBid()
    return rng.choice([a for a in acts if not isinstance(a, Concede)] or acts)


def _played(name: str, seed: int) -> Any:
    """A hand of ``name`` played to its end by `step`."""
    rng = random.Random(seed)
    s = new_round(V[name], dealer=0, rng=random.Random(seed))
    while s.phase is not Phase.DONE:
        s = apply(s, step(s, rng))
    return s


def test_a_set_partnership_contract_is_out_of_reach_from_trick_10() -> None:
    s = _played("partnership", 0)
    assert s.table.high_bid == 250 and s.table.bidder in (1, 3)
    assert contract_out_of_reach(s) == (10, 220)
    # by hand: the side's meld 20, its trick points in the first 10 tricks, every counter
    # of tricks 11 and 12 and the last trick's 10
    v, side = s.variant, (1, 3)
    counters = [sum(v.card_points[c] for c in cards) for _, cards, _ in s.tricks]
    taken = sum(n for n, (_, _, w) in zip(counters[:10], s.tricks[:10], strict=True) if w in side)
    assert 20 + taken + sum(counters[10:]) + 10 == 220
    taken9 = sum(n for n, (_, _, w) in zip(counters[:9], s.tricks[:9], strict=True) if w in side)
    assert 20 + taken9 + sum(counters[9:]) + 10 >= 250  # still within reach after trick 9
    result = next(x for x in score_hand(s).sides if x.made is not None)
    assert result.made is False and result.meld_forfeited + result.trick_points == 150


@pytest.mark.parametrize(
    ("name", "seed", "expected"),
    [("five-hand", 5, (12, 340)), ("three-hand", 4, (10, 190)), ("partnership-kitty", 0, (2, 230))],
)
def test_the_trick_and_the_most_reachable_in_other_forms(name: str, seed: int, expected: tuple[int, int]) -> None:
    """Five-hand's called pair, three-hand alone, the kitty's buried counters."""
    assert contract_out_of_reach(_played(name, seed)) == expected


@pytest.mark.parametrize("name", ["partnership", "three-hand", "five-hand", "partnership-kitty", "cutthroat"])
def test_out_of_reach_exactly_when_the_contract_was_set(name: str) -> None:
    """At the end the most the side could reach is what it had: None exactly for a contract
    made, and the trick and total for every one set."""
    sets = 0
    for seed in range(60):
        s = _played(name, seed)
        if s.table.bidder < 0 or len(s.tricks) != s.variant.tricks_per_hand:
            continue
        side = next(x for x in score_hand(s).sides if x.made is not None)
        got = contract_out_of_reach(s)
        assert (got is None) == side.made, seed
        if got is not None:
            sets += 1
            assert 0 <= got[0] <= len(s.tricks) and got[1] < s.table.high_bid
    assert sets > 0
