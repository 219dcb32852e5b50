"""Card tracking from a `SeatView` only (issue 3 §2 "Trick play"; RULES.md §1.3, §6.2).

`track(view)` answers, for the seat that owns the view: which copies of every card face
are still out in other hands (``out``), which copies a given seat is known to hold (its
shown meld not yet played, the cards passed across), and which suits a seat is known to
be void in (it failed to follow).  Everything is derived from the view, so the bot stays
honest: permuting the cards the seat cannot see never changes what it knows.

Card faces are ints ``suit * 6 + rank`` (rank 0 = ace … 5 = nine); a lower face within a
suit is a higher card.
"""

from __future__ import annotations

from typing import Any

from rules import SeatView

__all__ = ["Knowledge", "copies_of", "track"]

_COPIES: dict[str, tuple[int, ...]] = {
    "single48": (2,) * 24,
    "double80": tuple(0 if f % 6 == 5 else 4 for f in range(24)),
}


def copies_of(deck: str) -> tuple[int, ...]:
    """Copies of each face in ``deck`` (``single48``: 2 each; ``double80``: 4, no nines)."""
    return _COPIES[deck]


# the cards a seat shows in its meld (public: the seat's melds list), cached per object
_SHOWN: dict[int, tuple[object, list[tuple[int, int]]]] = {}


def melded_counts(m: object) -> list[tuple[int, int]]:
    """``(face, copies)`` that some shown meld of ``m`` (a `MeldResult`) uses: a card may
    serve in one meld of each class (RULES.md §5.2), so the largest class counts."""
    hit = _SHOWN.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1]
    per_class = ([0] * 24, [0] * 24, [0] * 24)
    for meld in m.melds:  # type: ignore[attr-defined]
        name = meld.name
        if name == "roundhouse bonus":
            continue
        cards = meld.cards
        if name.endswith("pinochle"):
            cls = 2
        elif name != "dix" and cards[0] % 6 == cards[-1] % 6:
            cls = 1
        else:
            cls = 0
        row = per_class[cls]
        for c in cards:
            row[c] += 1
    shown = [(f, max(per_class[0][f], per_class[1][f], per_class[2][f])) for f in range(24)]
    counts = [(f, c) for f, c in shown if c]
    if len(_SHOWN) > 4096:
        _SHOWN.clear()
    _SHOWN[id(m)] = (m, counts)
    return counts


class Knowledge:
    """What one seat knows about the cards it cannot see.

    ``out[f]``: copies of face ``f`` not in this seat's hand, not played and not buried by
    this seat (so in other hands, or buried unseen).  ``known[s][f]``: copies seat ``s`` is
    known to hold now.  ``void[s]``: bit mask of suits seat ``s`` is known to lack.
    ``sizes[s]``: cards in seat ``s``'s hand.  ``outs[suit]``: the faces of a suit with
    a copy out, highest first.
    """

    __slots__ = (
        "known",
        "known_suit",
        "n",
        "out",
        "outs",
        "pool",
        "seat",
        "share",
        "sizes",
        "slots",
        "trump",
        "unk",
        "unk_suit",
        "void",
    )

    def __init__(self, n: int, seat: int) -> None:
        self.n = n
        self.seat = seat
        self.out = [0] * 24
        self.known = [[0] * 24 for _ in range(n)]
        self.void = [0] * n
        self.sizes: tuple[int, ...] = ()
        self.slots = [0] * n
        self.pool = 0
        self.trump = -1
        self.unk = [0] * 24
        self.unk_suit = [0] * 4
        self.share = [0.0] * n
        self.known_suit = [[0] * 4 for _ in range(n)]
        self.outs: list[list[int]] = []

    # -------------------------------------------------------------- probabilities
    def holds_any(self, seat: int, faces: list[int]) -> float:
        """Chance that ``seat`` holds at least one copy of any of ``faces`` (all one suit)."""
        if not faces:
            return 0.0
        if self.void[seat] >> (faces[0] // 6) & 1:
            return 0.0
        kn = self.known[seat]
        unk = self.unk
        k = 0
        for f in faces:
            if kn[f]:
                return 1.0
            k += unk[f]
        if k <= 0:
            return 0.0
        share = self.share[seat]
        if share >= 1.0:
            return 1.0
        return 1.0 - (1.0 - share) ** k

    def void_in(self, seat: int, suit: int) -> float:
        """Chance that ``seat`` holds no card of ``suit``."""
        if self.void[seat] >> suit & 1:
            return 1.0
        if self.known_suit[seat][suit]:
            return 0.0
        k = self.unk_suit[suit]
        if k <= 0:
            return 1.0
        share = self.share[seat]
        if share >= 1.0:
            return 0.0
        return (1.0 - share) ** k

    def higher_out(self, card: int) -> list[int]:
        """Faces of ``card``'s suit above it with a copy still out."""
        return [f for f in self.outs[card // 6] if f < card]

    def is_master(self, card: int) -> bool:
        """No copy of a higher card of its suit is still out."""
        faces = self.outs[card // 6]
        return not faces or faces[0] >= card

    def out_in_suit(self, suit: int) -> int:
        b = suit * 6
        return sum(self.out[b : b + 6])


_CLAIMS: dict[tuple[Any, ...], tuple[tuple[Any, ...], list[tuple[int, int, int]]]] = {}


def _claims(view: SeatView) -> list[tuple[int, int, int]]:
    """``(seat, face, copies)`` other seats were seen to hold before any trick: their shown
    meld, the cards passed across, an exposed kitty.  Cached per table."""
    n = view.variant.players
    me = view.seat
    key_objs = (view.melds, view.given, view.received, view.kitty, view.bidder, me)
    key = tuple(id(o) for o in key_objs)
    hit = _CLAIMS.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], key_objs)):
        return hit[1]
    best: dict[tuple[int, int], int] = {}
    melds = view.melds
    if melds is not None:
        for s in range(n):
            if s != me:
                for f, c in melded_counts(melds[s]):
                    best[(s, f)] = max(best.get((s, f), 0), c)
    if view.given and view.bidder is not None:
        other = view.bidder if me != view.bidder else (view.bidder + 2) % n
        for f in set(view.given):
            c = view.given.count(f) - view.received.count(f)
            if c > 0:
                best[(other, f)] = max(best.get((other, f), 0), c)
    if view.kitty and view.bidder is not None and view.bidder != me:
        for f in set(view.kitty):
            best[(view.bidder, f)] = max(best.get((view.bidder, f), 0), view.kitty.count(f))
    claims = [(s, f, c) for (s, f), c in sorted(best.items())]
    if len(_CLAIMS) > 1024:
        _CLAIMS.clear()
    _CLAIMS[key] = (key_objs, claims)
    return claims


def track(view: SeatView, light: bool = False) -> Knowledge:
    """Everything the seat of ``view`` can know about the hidden cards (see `Knowledge`).

    ``light``: only ``out`` and ``void`` (what the last player to a trick needs)."""
    v = view.variant
    n = v.players
    me = view.seat
    k = Knowledge(n, me)
    out = list(copies_of(v.deck))
    for card in view.hand:
        out[card] -= 1
    for card in view.buried:
        out[card] -= 1
    trump = view.trump.index if view.trump is not None else -1
    k.trump = trump
    void = k.void
    # (seat * 24 + face) -> copies that seat has played
    played_by: dict[int, int] = {}
    pget = played_by.get
    for leader, cards, _w in view.tricks:
        ls = cards[0] // 6
        s = leader
        first = True
        for c in cards:
            out[c] -= 1
            key = s * 24 + c
            played_by[key] = pget(key, 0) + 1
            if first:
                first = False
            elif c // 6 != ls:
                void[s] |= 1 << ls if c // 6 == trump or trump < 0 else (1 << ls) | (1 << trump)
            s = s + 1 if s + 1 < n else 0
    if view.trick:
        ls = view.trick[0][1] // 6
        first = True
        for s, c in view.trick:
            out[c] -= 1
            key = s * 24 + c
            played_by[key] = pget(key, 0) + 1
            if first:
                first = False
            elif c // 6 != ls:
                void[s] |= 1 << ls if c // 6 == trump or trump < 0 else (1 << ls) | (1 << trump)
    for f in range(24):
        if out[f] < 0:
            out[f] = 0
    k.out = out
    k.outs = [[f for f in range(b, b + 6) if out[f]] for b in (0, 6, 12, 18)]
    if light:
        return k
    known = k.known
    unk = out[:]
    touched = False
    for s, f, copies in _claims(view):
        left = copies - pget(s * 24 + f, 0)
        if left > 0 and not (void[s] >> (f // 6) & 1):
            room = unk[f]
            if left > room:
                left = room
            if left > 0:
                known[s][f] = left
                unk[f] = room - left
                touched = True
    k.unk = unk
    sizes = view.hand_sizes
    k.sizes = sizes
    slots = k.slots
    pool = 0
    for s in range(n):
        if s == me:
            continue
        if touched:
            ks = known[s]
            ksuit = k.known_suit[s]
            for suit in range(4):
                b = suit * 6
                ksuit[suit] = ks[b] + ks[b + 1] + ks[b + 2] + ks[b + 3] + ks[b + 4] + ks[b + 5]
            held = sizes[s] - ksuit[0] - ksuit[1] - ksuit[2] - ksuit[3]
        else:
            held = sizes[s]
        slots[s] = held if held > 0 else 0
        pool += slots[s]
    # unknown copies may also lie buried (a kitty this seat did not see)
    unknown = sum(unk)
    k.pool = pool = max(pool, unknown)
    us = k.unk_suit
    for suit in range(4):
        b = suit * 6
        us[suit] = unk[b] + unk[b + 1] + unk[b + 2] + unk[b + 3] + unk[b + 4] + unk[b + 5]
    share = k.share
    for s in range(n):
        share[s] = slots[s] / pool if pool else 0.0
    return k
