"""Choosing which cards to pass or bury (issue 3 §2 "Passing", "Passing back / burying").

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
    width: int = 7,
) -> list[tuple[float, tuple[int, ...]]]:
    """Choices of ``k`` cards from ``hand``, best first, as ``(score, sorted cards)``.

    ``value(face)``: how much giving one copy away is worth; the meld the remaining hand
    loses counts ``meld_weight`` per point; a non-trump suit emptied earns ``void_bonus``.
    With ``protect_melded`` the cards some meld uses are considered last.
    """
    cards = sorted(hand)
    base_res = score_meld(cards, trump, v)
    base = base_res.total
    melded = base_res.melded_counts
    # order copies by value; melded copies after the free ones
    used = [0] * 24
    ranked: list[tuple[float, int, int]] = []
    for c in cards:
        is_melded = used[c] < melded[c]
        used[c] += 1
        ranked.append((value(c) - (1000.0 if is_melded and protect_melded else 0.0), -c, c))
    ranked.sort(reverse=True)
    pool = [c for _, _, c in ranked[: max(width, k)]]
    suit_len = [0] * 4
    have = [0] * 24
    for c in cards:
        suit_len[c // 6] += 1
        have[c] += 1
    vals = {c: value(c) for c in set(pool)}
    seen: set[tuple[int, ...]] = set()
    lost: dict[tuple[int, ...], int] = {}
    out: list[tuple[float, tuple[int, ...]]] = []
    for combo in combinations(range(len(pool)), k):
        chosen = tuple(sorted(pool[i] for i in combo))
        if chosen in seen:
            continue
        seen.add(chosen)
        score = 0.0
        left = have[:]
        for c in chosen:
            score += vals[c]
            left[c] -= 1
        # removing only cards no meld uses keeps every meld; otherwise score the rest
        # (once per set of melded copies removed)
        key = tuple(f for f in chosen if left[f] < melded[f])
        if key:
            loss = lost.get(key)
            if loss is None:
                rest = [f for f in range(24) for _ in range(left[f])]
                loss = lost[key] = base - score_meld(rest, trump, v).total
            score -= meld_weight * loss
        if void_bonus:
            gone = [0] * 4
            for c in chosen:
                gone[c // 6] += 1
            for s in range(4):
                if s != trump and gone[s] and gone[s] == suit_len[s]:
                    score += void_bonus
        out.append((score, chosen))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out


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
