"""The trick search's continuation that learns across the sampled deals: a tree of the
plays after each root card, shared by every deal, walked by UCB (information-set Monte
Carlo tree search, single observer).

The flat search (`bots.expert._search`) plays every root card out on every deal by one
fixed cheap policy, so its means converge to "the best card if everyone then plays that
policy", and more deals cannot pass that.  Here each root card owns a tree of the plays
that follow it, keyed by the cards played (never by the hidden cards, so a seat's later
choice cannot depend on a deal it does not see).  On each deal the walk goes down the
tree by UCB among the cards legal on that deal, adds one new play, plays on by the cheap
policy to the exact solve of the last tricks (`Engine.rollout`, `Engine.solve`, as the
flat search does), and adds the value to every play walked.  As the deals grow the
tree's plays approach the best replies at the first plays after the root card (this
seat's next cards, its partner's and the opponents'), so more thought keeps improving
the estimate where the flat search stopped.  Every seat of the searching seat's side
maximises its side's value (`HandValue`, x10 points), every other seat minimises it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from .engine import Engine, _faces

# UCB's exploration weight, x10 points (a hand's value spreads over some hundreds across
# deals; a card's mean is tried again once its bound falls this far times the root's
# sqrt(ln(tries) / visits) behind)
EXPLORE = 150.0


class Branch:
    """One node of the tree: a card played in the position its path leads to.  ``visits``
    walks through it, ``total`` the sum of their values (the searching side's, x10),
    ``avail`` walks in which it was legal (UCB's count under hidden cards), ``after`` the
    plays that follow it, by face."""

    __slots__ = ("after", "avail", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.after: dict[int, Branch] = {}


def walk(
    e: Engine,
    root: Branch,
    side: int,
    leaf: Callable[[Engine], float],
    horizon: int,
    rng: random.Random,
    explore: float | None = None,
) -> float:
    """One deal's walk from the position in ``e`` (the root card just played; ``root`` its
    node): down the tree by UCB among the cards legal on this deal, one new play added,
    then the cheap policy to the exact solve of the last ``horizon`` cards a hand (the flat
    search's play-out).  Returns the value for ``side`` (x10, by ``leaf``) and adds it to
    every node walked; ``explore``: UCB's weight (`EXPLORE` unless given)."""
    if explore is None:
        explore = EXPLORE
    side_of = e.side_of
    path = [root]
    node = root
    while True:
        if e.done:
            val = leaf(e)
            break
        if not e.trick and e.total - e.played_tricks <= horizon:
            val = e.solve(side, leaf, -math.inf, math.inf)
            break
        faces = _faces(e.legal_mask())
        after = node.after
        new = [f for f in faces if f not in after]
        if new:
            for f in faces:
                kid = after.get(f)
                if kid is not None:
                    kid.avail += 1
            f = new[rng.randrange(len(new))] if len(new) > 1 else new[0]
            kid = Branch()
            after[f] = kid
            path.append(kid)
            e.play(f)
            e.rollout(horizon)
            val = leaf(e) if e.done else e.solve(side, leaf, -math.inf, math.inf)
            break
        sign = 1.0 if side_of[e.seat] == side else -1.0
        best = -math.inf
        pick = faces[0]
        for f in faces:
            kid = after[f]
            kid.avail += 1
            score = sign * kid.total / kid.visits + explore * math.sqrt(math.log(kid.avail) / kid.visits)
            if score > best:
                best, pick = score, f
        node = after[pick]
        path.append(node)
        e.play(pick)
    for p in path:
        p.visits += 1
        p.total += val
    return val
