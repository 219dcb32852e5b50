"""Choosing which cards to pass or bury (RULES.md §4.1 passing, §4.2 the kitty and burying).

A choice of k cards is scored as the sum of per-card values minus the meld the hand
loses (exactly, with `score_meld`) plus a bonus for suits it empties.  Only the most
promising cards are combined, so a choice costs well under a millisecond.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from rules import Variant, score_meld

__all__ = ["best_sets", "pick_from_legal"]


def best_sets(
    hand: Sequence[int],
    k: int,
    trump: int,
    v: Variant,
    value: Callable[[int], float],
    *,
    meld_weight: float = 1.0,
    void_bonus: float = 0.0,
    protect_melded: bool = False,
    protect: Sequence[int] | None = None,
    width: int = 7,
) -> list[tuple[float, tuple[int, ...]]]:
    """Choices of ``k`` cards from ``hand``, best first, as ``(score, sorted cards)``.

    ``value(face)``: how much giving one copy away is worth; the meld the remaining hand
    loses counts ``meld_weight`` per point; a non-trump suit emptied earns ``void_bonus``.
    With ``protect_melded`` the cards some meld uses are considered last; ``protect``
    (copies per face) names such cards explicitly.
    """
    cards = sorted(hand)
    base_res = score_meld(cards, trump, v)
    base = base_res.total
    melded = base_res.melded_counts
    vals = [0.0] * 24  # value() of each face held (a pure function of the face)
    suit_len = [0] * 4
    have = [0] * 24
    for c in cards:
        if not have[c]:
            vals[c] = value(c)
        have[c] += 1
        suit_len[c // 6] += 1
    # order copies by value; melded copies after the free ones
    kept = melded if protect_melded else protect
    used = [0] * 24
    ranked: list[tuple[float, int, int]] = []
    for c in cards:
        is_kept = kept is not None and used[c] < kept[c]
        used[c] += 1
        ranked.append((vals[c] - (1000.0 if is_kept else 0.0), -c, c))
    ranked.sort(reverse=True)
    # the combinations of the pool in face order come out sorted
    pool = sorted(c for _, _, c in ranked[: max(width, k)])
    # faces whose removal may break a meld: more copies melded than spare
    risky = {f for f in range(24) if melded[f]}
    spare = [have[f] - melded[f] for f in range(24)]
    # suits a choice may empty (not trump, no longer than the choice): cards per suit
    # are counted in fields of one int wide enough for k cards (5 bits up to 31)
    w = max(5, (k + 1).bit_length())
    full = (1 << w) - 1
    voids = [(full << w * s, suit_len[s] << w * s) for s in range(4) if s != trump and 0 < suit_len[s] <= k]
    one = [1 << w * (c // 6) for c in range(24)]
    twins = len(set(pool)) < len(pool)
    seen: set[tuple[int, ...]] = set()
    lost: dict[tuple[int, ...], int] = {}
    ranked_out: list[tuple[float, tuple[int, ...], float]] = []
    for chosen in combinations(pool, k):
        if twins:
            if chosen in seen:
                continue
            seen.add(chosen)
        score = 0.0
        per_suit = 0
        for c in chosen:
            score += vals[c]
            per_suit += one[c]
        # removing only cards no meld uses keeps every meld; otherwise score the rest
        # (once per set of melded copies removed)
        if not risky.isdisjoint(chosen):
            key = tuple([f for f in chosen if chosen.count(f) > spare[f]])
            if key:
                loss = lost.get(key)
                if loss is None:
                    rest = cards[:]
                    for c in chosen:
                        rest.remove(c)
                    loss = lost[key] = base - score_meld(rest, trump, v).total
                score -= meld_weight * loss
        if void_bonus:
            for mask, emptied in voids:
                if per_suit & mask == emptied:
                    score += void_bonus
        ranked_out.append((-score, chosen, score))
    ranked_out.sort()  # best first, then by cards (every choice is distinct)
    return [(score, chosen) for _, chosen, score in ranked_out]


def pick_from_legal(
    options: list[tuple[float, tuple[int, ...]]], legal: Sequence[Any], make: Callable[[tuple[Any, ...]], Any]
) -> Any:
    """The best option that is a legal action (``make(cards)`` in ``legal``), else ``legal[0]``."""
    from rules import CARDS

    for _, cards in options:
        action = make(tuple(CARDS[c] for c in cards))
        if action in legal:
            return action
    return legal[0]
