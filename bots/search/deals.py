"""Deals of the unseen cards consistent with what one seat has seen.

`DealSampler(view)` works out, from the `SeatView` alone, which cards the seat cannot
see (the pack less its own hand, every card played, what it buried and its own draft
discards) and who may hold them:

* the other seats, each with as many cards as its hand holds now, and a hidden pile
  (the cards buried by another bidder, an unseen kitty or blind, the other player's
  draft discards) with the rest;
* the cards another seat is known to hold: its shown meld not yet played, the cards
  this seat passed to it (less those passed back); an exposed kitty lies with the
  bidder or in the bidder's buried pile;
* the cards a seat is proved to lack: a suit it failed to follow (and trump, when it
  threw a plain card), and the cards above the one it played when the head rule of
  §6.2 would have made it play them (it did not head, did not over-trump, or led a
  plain card when the first lead must be trump).

`sample(rng)` deals the rest at random within those bounds (the most constrained cards
first, each to a holder with room in proportion to the room left, among the holders that
leave the rest a fit: Hall's condition, so a deal never runs into a dead end); bounds
that cannot all hold (a proof this code got wrong, a view out of the ordinary) are
dropped in turn: the head-rule proofs, then every proof, then the known cards.
The result depends only on the view and ``rng`` (the unseen cards are taken in face
order, never in the order of the real hands), so a seat's search stays honest.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules import SeatView

from ..knowledge import copies_of, melded_counts
from .engine import SUIT

__all__ = ["DealSampler", "played_tricks", "proven_lacks"]


def played_tricks(view: SeatView) -> list[tuple[int, tuple[Any, ...]]]:
    """Every trick of the hand so far as ``(leader, cards)`` in the order played, the
    trick on the table (begun, not complete) last."""
    tricks: list[tuple[int, tuple[Any, ...]]] = [(leader, tuple(cards)) for leader, cards, _ in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(c for _, c in view.trick)))
    return tricks


def proven_lacks(view: SeatView) -> tuple[list[int], list[int]]:
    """Per seat, ``(voids, lacks)``: masks of faces it cannot hold now, by the suits it
    failed to follow alone, and by every proof the play gave (voids and the head rule)."""
    v = view.variant
    n = v.players
    t = view.trump.index if view.trump is not None else -1
    head, led_target, after_ruff, first_trump = v.play_flags
    voids = [0] * n
    lacks = [0] * n
    for i, (leader, cards) in enumerate(played_tricks(view)):
        lead = cards[0]
        ls = lead // 6
        if i == 0 and first_trump and t >= 0 and ls != t:
            lacks[leader] |= SUIT[t]
            voids[leader] |= SUIT[t]
        w = lead
        for k in range(1, len(cards)):
            c = cards[k]
            s = (leader + k) % n
            cs = c // 6
            trumped = ls != t and w // 6 == t
            if cs == ls:
                if head != 2:
                    if trumped:
                        if head == 0 and after_ruff:
                            best = min(x for x in cards[:k] if x // 6 == ls)
                            if not c < best:
                                lacks[s] |= ((1 << best) - 1) & SUIT[ls]
                    elif head == 0 or ls == t:
                        target = lead if (led_target and head == 0) else w
                        if not c < target:
                            lacks[s] |= ((1 << target) - 1) & SUIT[ls]
            else:
                voids[s] |= SUIT[ls]
                if t >= 0 and cs != t:
                    voids[s] |= SUIT[t]
                elif cs == t and head == 0 and trumped and not c < w:
                    lacks[s] |= ((1 << w) - 1) & SUIT[t]
            if (cs == w // 6 and c < w) or (cs == t and w // 6 != t):
                w = c
    for s in range(n):
        lacks[s] |= voids[s]
    return voids, lacks


class DealSampler:
    """The unseen cards of ``view`` and the bounds on who holds them (see the module).

    ``holders``: the other seats, then the hidden pile (index ``pile``); ``sizes``:
    cards each holds; ``fixed``: per holder the faces it is known to hold;
    ``free``: the other unseen faces (with repeats), in face order.
    """

    def __init__(self, view: SeatView) -> None:
        v = view.variant
        n = v.players
        me = view.seat
        self.view = view
        unseen = list(copies_of(v.deck))
        for c in view.hand:
            unseen[c] -= 1
        played_by = [[0] * 24 for _ in range(n)]
        for leader, cards, _ in view.tricks:
            for k, c in enumerate(cards):
                unseen[c] -= 1
                played_by[(leader + k) % n][c] += 1
        for s, c in view.trick:
            unseen[c] -= 1
            played_by[s][c] += 1
        for c in view.buried:
            unseen[c] -= 1
        for c in view.discards:
            unseen[c] -= 1
        unseen = [max(0, x) for x in unseen]
        self.others = [s for s in range(n) if s != me]
        self.holders = len(self.others) + 1
        self.pile = len(self.others)
        sizes = [view.hand_sizes[s] for s in self.others]
        total = sum(unseen)
        sizes.append(max(0, total - sum(sizes)))
        self.sizes = sizes
        index = {s: i for i, s in enumerate(self.others)}
        voids, lacks = proven_lacks(view)
        self.lacks = [lacks[s] for s in self.others] + [0]
        self.voids = [voids[s] for s in self.others] + [0]
        # cards known to be somewhere: (holder set as a mask over holders, face, copies)
        claims: list[tuple[int, int, int]] = []
        bidder = view.bidder
        if view.melds is not None:
            for s in self.others:
                for f, k in melded_counts(view.melds[s]):
                    left = k - played_by[s][f]
                    if left > 0:
                        claims.append((1 << index[s], f, left))
        if view.given and bidder is not None:
            other = bidder if me != bidder else (bidder + 2) % n
            if other in index:
                # the partner passes first and the bidder last (§4.1): the partner holds
                # every card the bidder passed it, a face it had passed the bidder too; the
                # bidder may have passed back a copy the partner had passed it
                back = view.received if me != bidder else ()
                for f in set(view.given):
                    k = view.given.count(f) - back.count(f) - played_by[other][f]
                    if k > 0:
                        claims.append((1 << index[other], f, k))
        if view.kitty and bidder is not None and bidder != me and bidder in index:
            for f in set(view.kitty):
                k = view.kitty.count(f) - played_by[bidder][f]
                if k > 0:
                    claims.append((1 << index[bidder] | 1 << self.pile, f, k))
        # the claims, within what is unseen and what each holder may hold
        self.fixed: list[tuple[int, int, int]] = []
        room = unseen[:]
        merged: dict[tuple[int, int], int] = {}  # a passed card may also be in the meld shown: the most
        for group, f, k in claims:
            merged[(group, f)] = max(merged.get((group, f), 0), k)
        for (group, f), k in sorted(merged.items(), key=lambda x: (bin(x[0][0]).count("1"), x[0][1], x[0][0])):
            ok = [h for h in range(self.holders) if group >> h & 1 and not self.voids[h] >> f & 1]
            if not ok:
                continue
            k = min(k, room[f])
            if k > 0:
                room[f] -= k
                self.fixed.append((sum(1 << h for h in ok), f, k))
        self.free = [f for f in range(24) for _ in range(room[f])]
        self.failures = 0  # bounds dropped because they could not all hold (one count per level)
        self._level = 2
        self._plans: dict[int, tuple[list[tuple[int, int]], list[int], list[int] | None]] = {}

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One deal: per holder (the other seats in seat order, then the pile) its cards."""
        for strict in (2, 1, 0, -1):
            if strict > self._level:
                continue
            deal = self._try(rng, strict)
            if deal is not None:
                self._level = strict
                return deal
            self.failures += 1
        raise ValueError("the unseen cards do not fit the hands they must fill")

    def _plan(self, strict: int) -> tuple[list[tuple[int, int]], list[int], list[int] | None]:
        """What a deal at level ``strict`` starts from: the cards some holder may not take
        as ``(holders allowed, face)``, the cards any holder may take, and the slack of
        every holder set (None when the bounds cannot all hold)."""
        H = self.holders
        forbid = self.lacks if strict == 2 else self.voids
        every = (1 << H) - 1
        bound: list[tuple[int, int]] = []
        free: list[int] = []
        for group, f, c in self.fixed:
            g = group if strict >= 0 else every
            if strict > 0:
                g = sum(1 << h for h in range(H) if group >> h & 1 and not forbid[h] >> f & 1) or group
            for _ in range(c):
                if g == every:
                    free.append(f)
                else:
                    bound.append((g, f))
        for f in self.free:
            g = every
            if strict > 0:
                for h in range(H):
                    if forbid[h] >> f & 1:
                        g ^= 1 << h
            if g == every:
                free.append(f)
            else:
                bound.append((g, f))
        room = self.sizes
        slack = [sum(room[h] for h in range(H) if S >> h & 1) - len(free) * (every == S) for S in range(1 << H)]
        for g, _ in bound:
            for S in _SUPERSETS[H][g]:
                slack[S] -= 1
        return bound, free, (slack if min(slack) >= 0 else None)

    def _try(self, rng: random.Random, strict: int) -> list[list[int]] | None:
        """One deal under the bounds of level ``strict`` (2: every proof; 1: voids only;
        0: no proof; -1: not even the known cards), or None when they cannot all hold.

        Each card goes to a holder chosen in proportion to its room among those that keep
        the rest feasible: by Hall's theorem the cards left fit iff for every set S of
        holders the cards that may go only to holders in S are no more than S's room, so
        ``slack[S]`` (room less such cards) is kept and a holder is allowed only if no
        set it belongs to but the card's holders do not all belong to has slack 0."""
        H = self.holders
        plan = self._plans.get(strict)
        if plan is None:
            plan = self._plans[strict] = self._plan(strict)
        bound, free, slack0 = plan
        if slack0 is None:
            return None
        room = self.sizes[:]
        hands: list[list[int]] = [[] for _ in range(H)]
        slack = slack0[:]
        free = free[:]
        items = bound[:]
        rng.shuffle(items)
        items.sort(key=_eligible)  # the most constrained cards first, in a random order among equals
        for g, f in items:
            risky = _RISKY[H][g]
            total = 0
            weights = [0] * H
            for h in range(H):
                if g >> h & 1 and room[h]:
                    for S in risky[h]:
                        if slack[S] < 1:
                            break
                    else:
                        weights[h] = room[h]
                        total += room[h]
            if total <= 0:  # pragma: no cover - Hall's condition leaves a holder
                return None
            x = rng.randrange(total)
            for h in range(H):
                x -= weights[h]
                if x < 0:
                    break
            room[h] -= 1
            hands[h].append(f)
            for S in _CONTAINING[H][h]:
                slack[S] -= 1
            for S in _SUPERSETS[H][g]:
                slack[S] += 1
        rng.shuffle(free)
        i = 0
        for h in range(H):
            k = room[h]
            if k:
                hands[h].extend(free[i : i + k])
                i += k
        return hands


def _eligible(item: tuple[int, int]) -> int:
    return item[0].bit_count()


class _ByGroup(dict[int, list[list[int]]]):
    """For ``H`` holders and each holder set g (built when first asked for): per holder h
    the sets containing h but not all of g."""

    def __init__(self, H: int) -> None:
        super().__init__()
        self.H = H

    def __missing__(self, g: int) -> list[list[int]]:
        H = self.H
        out = self[g] = [[S for S in range(1 << H) if S >> h & 1 and S & g != g] for h in range(H)]
        return out


class _ByHolders(dict[int, Any]):
    """Per number of holders, the table ``build(H)`` makes, built when first asked for (a
    table of five to eight seats is rare, and its tables are large)."""

    def __init__(self, build: Callable[[int], Any]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, H: int) -> Any:
        out = self[H] = self.build(H)
        return out


# per number of holders H: for each holder set g the sets S containing it; for each holder h
# the sets containing h; for each g and h the sets containing h but not all of g
_SUPERSETS = _ByHolders(lambda H: [[S for S in range(1 << H) if S & g == g] for g in range(1 << H)])
_CONTAINING = _ByHolders(lambda H: [[S for S in range(1 << H) if S >> h & 1] for h in range(H)])
_RISKY = _ByHolders(_ByGroup)
