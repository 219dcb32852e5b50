"""The loop of a flat determinized search, shared by the stock game's search
(`bots.search.stock`) and the draft's (`bots.search.draft`): every legal action tried on
the same sampled deals, the budget counted in nodes and by the clock."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["FlatPart", "flat_search"]

FlatPart = tuple[list[float], list[float], int, int, list[int] | None]
"""A search's (or a part's) result: per action the sum of its values and of the squares of
its difference with the preferred action, the deals searched, the nodes spent, and per
action the deals in which its trick was lost (None where ``lost`` was not asked)."""


def flat_search(
    legal: Sequence[Any],
    pref: int,
    deal: Callable[[], Any],
    value: Callable[[Any, Any], float],
    spent: Callable[[], int],
    nodes: int | None,
    deadline: float,
    clock: Callable[[], float],
    lost: Callable[[], bool | None] | None = None,
) -> FlatPart:
    """The loop of a flat determinized search (the stock game's, the draft's): ``deal()``
    a sampled root, ``value(root, action)`` one action played out on it, each action of
    ``legal`` on every deal; ``spent()`` the nodes so far.  Stops at the first deal that
    brings ``spent()`` to ``nodes``, or before a deal that would likely end past
    ``deadline`` by ``clock`` (the mean deal so far); a deal the clock cuts short is not
    counted, and there is always one whole deal.  Per action the sum of its values and of
    the squares of its difference with action ``pref`` (-1: none), the deals, the nodes;
    with ``lost`` (read after each ``value``: the action's trick went to another side in
    that play-out; None: not known, and then no count at all) per action the deals in
    which it was lost."""
    cap = nodes if nodes is not None else math.inf
    sums = [0.0] * len(legal)
    squares = [0.0] * len(legal)
    losses: list[int] | None = [0] * len(legal) if lost is not None else None
    deals = 0
    begun = clock()
    while True:
        root = deal()
        vals = []
        gone: list[bool | None] = []
        for a in legal:
            vals.append(value(root, a))
            gone.append(lost() if lost is not None else None)
            if deals and clock() >= deadline:
                break
        if len(vals) == len(legal):
            base = vals[pref] if pref >= 0 else 0.0
            for i, x in enumerate(vals):
                sums[i] += x
                squares[i] += (x - base) ** 2
            if losses is not None and None in gone:
                losses = None
            elif losses is not None:
                losses = [n + bool(g) for n, g in zip(losses, gone, strict=True)]
            deals += 1
        if spent() >= cap:
            break
        now = clock()
        if now + (now - begun) / max(1, deals) >= deadline:
            break
    return sums, squares, deals, spent(), losses
