"""Card tracking from a `SeatView` only (RULES.md §1.3, §6.2).

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

__all__ = [
    "Knowledge",
    "TrickMemo",
    "called_partner",
    "chances",
    "copies_of",
    "deck_size",
    "hand_sides",
    "knowledge",
    "scan",
    "team_size",
    "track",
    "trick_memo",
]

_COPIES: dict[str, tuple[int, ...]] = {}


def copies_of(deck: str) -> tuple[int, ...]:
    """Copies of each face in ``deck``, read from the deck itself (`rules.cards.make_deck`):
    ``single48`` 2 each; ``double80`` 4, no nines; ``double96`` 4 each; ``triple120`` 6, no
    nines."""
    hit = _COPIES.get(deck)
    if hit is None:
        from rules.cards import make_deck

        row = [0] * 24
        for c in make_deck(deck):
            row[c] += 1
        hit = _COPIES[deck] = tuple(row)
    return hit


def deck_size(deck: str) -> int:
    """Cards in ``deck`` (48, 80, 96, 120)."""
    return sum(copies_of(deck))


def team_size(v: Any) -> int:
    """Seats that score together in one hand of variant ``v``: its largest side, and two
    in a called-partner game (the bidder and the partner its called card makes)."""
    return v.seats_per_side  # type: ignore[no-any-return]  # 2 with a called partner (§0.4.11)


def called_partner(view: SeatView) -> int | None:
    """The partner seat the bidder's called card made (five-hand), once it is known."""
    return getattr(view, "partner", None)


def hand_sides(view: SeatView) -> tuple[int, ...]:
    """Seat -> its side for this hand's play: the variant's sides (teammates are partners),
    except in a called-partner game once the partner is known, when the bidder and its
    partner are side 0 and the defenders side 1 (each defender scores all the defenders'
    tricks, so they play as one side)."""
    v = view.variant
    side: tuple[int, ...] = v.side_of
    if not v.calls_partner:
        return side
    partner = called_partner(view)
    bidder = view.bidder
    if bidder is None or partner is None:
        return side
    return tuple(0 if s in (bidder, partner) else 1 for s in range(v.players))


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
    if len(_SHOWN) > 64:
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
    if len(_CLAIMS) > 64:
        _CLAIMS.clear()
    _CLAIMS[key] = (key_objs, claims)
    return claims


class TrickMemo:
    """What the completed tricks of one hand tell one seat, kept between its decisions so
    that `track` adds only the tricks played since (a cache only: every field is checked
    against the view before it is used, so a memo from another hand, seat or table is
    never trusted).

    ``rest[f]``: copies of ``f`` minus those buried by this seat and those played in the
    ``tricks`` so far; ``played[s * 24 + f]``: copies seat ``s`` played in them;
    ``void[s]``: suits seat ``s`` failed to follow in them.  Never mutated once built.
    """

    __slots__ = ("buried", "claims", "played", "rest", "seat", "suit", "tricks", "trump", "variant", "void")

    def __init__(
        self,
        variant: object,
        seat: int,
        buried: tuple[int, ...],
        suit: object,
        tricks: tuple[Any, ...],
        rest: list[int],
        played: list[int],
        void: list[int],
    ) -> None:
        self.variant = variant
        self.seat = seat
        self.buried = buried
        self.suit = suit  # the view's trump (a `Suit` or None)
        self.trump = suit.index if suit is not None else -1  # type: ignore[attr-defined]
        self.tricks = tricks
        self.rest = rest
        self.played = played
        self.void = void
        # `_claims` of the hand, with the view's objects they came from
        self.claims: tuple[tuple[Any, ...], list[tuple[int, int, int]]] | None = None


def _fold(tricks: Any, n: int, trump: int, rest: list[int], played: list[int], void: list[int]) -> None:
    """Add ``tricks`` ``(leader, cards, winner)`` to the aggregates (in place): each card
    leaves ``rest``, counts in ``played`` for its seat, and a card off the suit led marks
    the seat void in it (and in trump too when it is not a trump)."""
    for leader, cards, _w in tricks:
        ls = cards[0] // 6
        s = leader
        first = True
        for c in cards:
            rest[c] -= 1
            played[s * 24 + c] += 1
            if first:
                first = False
            elif c // 6 != ls:
                void[s] |= 1 << ls if c // 6 == trump or trump < 0 else (1 << ls) | (1 << trump)
            s = s + 1 if s + 1 < n else 0


def trick_memo(view: SeatView, memo: TrickMemo | None = None) -> TrickMemo:
    """The `TrickMemo` of ``view``: ``memo`` itself when nothing new was played, ``memo``
    extended by the tricks played since when it belongs to the same hand (same table,
    seat, burial, trump and earlier tricks), else one built from scratch."""
    v = view.variant
    tricks = view.tricks
    if (
        memo is not None
        and memo.variant is v
        and memo.seat == view.seat
        and memo.suit is view.trump
        and (memo.buried is view.buried or memo.buried == view.buried)
    ):
        old = memo.tricks
        if tricks is old:
            return memo
        p = len(old)
        if len(tricks) >= p and tricks[:p] == old:
            if len(tricks) == p:
                return memo
            rest = memo.rest[:]
            played = memo.played[:]
            void = memo.void[:]
            _fold(tricks[p:], v.players, memo.trump, rest, played, void)
            new = TrickMemo(v, view.seat, memo.buried, memo.suit, tricks, rest, played, void)
            new.claims = memo.claims
            return new
    n = v.players
    rest = list(copies_of(v.deck))
    for card in view.buried:
        rest[card] -= 1
    played = [0] * (24 * n)
    void = [0] * n
    memo = TrickMemo(v, view.seat, view.buried, view.trump, tricks, rest, played, void)
    _fold(tricks, n, memo.trump, rest, played, void)
    return memo


def _claims_of(view: SeatView, memo: TrickMemo) -> list[tuple[int, int, int]]:
    """`_claims` of ``view``, kept on ``memo`` while the view shows the same objects."""
    hit = memo.claims
    if hit is not None:
        ck = hit[0]
        if (
            ck[0] is view.melds
            and ck[1] is view.given
            and ck[2] is view.received
            and ck[3] is view.kitty
            and ck[4] == view.bidder
        ):
            return hit[1]
    claims = _claims(view)
    memo.claims = ((view.melds, view.given, view.received, view.kitty, view.bidder), claims)
    return claims


def track(view: SeatView, light: bool = False, memo: TrickMemo | None = None) -> Knowledge:
    """Everything the seat of ``view`` can know about the hidden cards (see `Knowledge`).

    ``light``: only ``out`` and ``void`` (what the last player to a trick needs).
    ``memo``: this seat's `TrickMemo` of the same hand (from `trick_memo`); without it
    the completed tricks are read from the view.  Either way the result is the same."""
    return knowledge(view, trick_memo(view, memo), light)


def scan(view: SeatView, memo: TrickMemo) -> tuple[list[int], list[int], list[int]]:
    """``(out, void, played)`` of `Knowledge` and `TrickMemo` with the cards of the trick
    on the table and this seat's hand counted in; ``memo`` is ``trick_memo(view, ...)``."""
    out = memo.rest[:]
    for card in view.hand:
        out[card] -= 1
    void = memo.void[:]
    played = memo.played
    trick = view.trick
    if trick:
        played = played[:]
        # the trick on the table counts as a completed one would (its winner is not needed)
        _fold(((trick[0][0], [c for _, c in trick], -1),), len(void), memo.trump, out, played, void)
    if min(out) < 0:
        for f in range(24):
            if out[f] < 0:
                out[f] = 0
    return out, void, played


Chances = tuple[list[list[int]], list[list[int]], list[int], list[int], list[float], list[int], int, list[int]]


def chances(
    view: SeatView, memo: TrickMemo, out: list[int], void: list[int], played: list[int], rows: bool = True
) -> Chances:
    """``(known, known_suit, unk, unk_suit, share, slots, pool)`` of `Knowledge`, and per
    seat a bit mask of the faces in ``known``, from `scan`'s ``out``, ``void`` and
    ``played``; ``memo`` is ``trick_memo(view, ...)``.  Without ``rows`` ``known`` is
    left empty (the masks say which faces; `StandardBot.play` needs no more)."""
    n = len(void)
    me = view.seat
    known = [[0] * 24 for _ in range(n)] if rows else []
    known_suit = [[0] * 4 for _ in range(n)]
    mask = [0] * n
    unk = out[:]
    touched = False
    for s, f, copies in _claims_of(view, memo):  # one claim per (seat, face)
        left = copies - played[s * 24 + f]
        if left > 0 and not (void[s] >> (f // 6) & 1):
            room = unk[f]
            if left > room:
                left = room
            if left > 0:
                if rows:
                    known[s][f] = left
                known_suit[s][f // 6] += left
                mask[s] |= 1 << f
                unk[f] = room - left
                touched = True
    sizes = view.hand_sizes
    slots = [0] * n
    pool = 0
    for s in range(n):
        if s == me:
            continue
        if touched:
            ks = known_suit[s]
            held = sizes[s] - ks[0] - ks[1] - ks[2] - ks[3]
        else:
            held = sizes[s]
        if held > 0:
            slots[s] = held
            pool += held
    # unknown copies may also lie buried (a kitty this seat did not see)
    us = [
        unk[0] + unk[1] + unk[2] + unk[3] + unk[4] + unk[5],
        unk[6] + unk[7] + unk[8] + unk[9] + unk[10] + unk[11],
        unk[12] + unk[13] + unk[14] + unk[15] + unk[16] + unk[17],
        unk[18] + unk[19] + unk[20] + unk[21] + unk[22] + unk[23],
    ]
    unknown = us[0] + us[1] + us[2] + us[3]
    if unknown > pool:
        pool = unknown
    share = [x / pool for x in slots] if pool else [0.0] * n
    return known, known_suit, unk, us, share, slots, pool, mask


def knowledge(view: SeatView, memo: TrickMemo, light: bool = False) -> Knowledge:
    """`track` with the memo already checked: ``memo`` is ``trick_memo(view, ...)``."""
    n = memo.variant.players  # type: ignore[attr-defined]
    out, void, played = scan(view, memo)
    k = Knowledge.__new__(Knowledge)
    k.n = n
    k.seat = view.seat
    k.trump = memo.trump
    k.void = void
    k.out = out
    k.outs = [
        [f for f in (0, 1, 2, 3, 4, 5) if out[f]],
        [f for f in (6, 7, 8, 9, 10, 11) if out[f]],
        [f for f in (12, 13, 14, 15, 16, 17) if out[f]],
        [f for f in (18, 19, 20, 21, 22, 23) if out[f]],
    ]
    if light:
        k.known = [[0] * 24 for _ in range(n)]
        k.known_suit = [[0] * 4 for _ in range(n)]
        k.sizes = ()
        k.slots = [0] * n
        k.pool = 0
        k.unk = [0] * 24
        k.unk_suit = [0] * 4
        k.share = [0.0] * n
        return k
    k.known, k.known_suit, k.unk, k.unk_suit, k.share, k.slots, k.pool, _ = chances(view, memo, out, void, played)
    k.sizes = view.hand_sizes
    return k
