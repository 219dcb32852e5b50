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
# progressive widening: a play's first walk follows the cheap policy (the flat search's
# play-out), and another of the cards that may follow it joins only as its walks grow, up
# to 1 + WIDEN * sqrt(walks) of them: few walks play as the flat search does (no random
# card of an untried reply in the means), many walks try and weigh the other replies
WIDEN = 0.3


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
    node): down the tree by UCB among the cards legal on this deal; at a play walked for
    the first time (or none of whose replies tried so far is legal on this deal) the cheap
    policy plays on and its first card joins the tree; where the play's walks allow
    another reply (`WIDEN`) an untried one is drawn and played, then the policy.  The
    policy stops at the exact solve of the last ``horizon`` cards a hand (the flat
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
        after = node.after
        faces = _faces(e.legal_mask())
        tried = [f for f in faces if f in after]
        if len(tried) < len(faces) and (not tried or len(after) < 1 + WIDEN * math.sqrt(node.visits)):
            if tried:  # widen: an untried reply, then the policy
                new = [f for f in faces if f not in after]
                f = new[rng.randrange(len(new))] if len(new) > 1 else new[0]
                e.play(f)
                e.rollout(horizon)
            else:  # the policy's own card joins the tree
                f = e.rollout(horizon)
            kid = Branch()
            after[f] = kid
            path.append(kid)
            val = leaf(e) if e.done else e.solve(side, leaf, -math.inf, math.inf)
            break
        sign = 1.0 if side_of[e.seat] == side else -1.0
        best = -math.inf
        pick = tried[0]
        for f in tried:
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
