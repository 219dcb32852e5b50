"""Card-set choices (passing, burying) as a lazy sequence of actions.

Choosing 4 cards of 12 has up to 495 distinct answers, burying 4 of 15 up to 1,365.
`CardSetChoices` counts and indexes the distinct choices without listing them, so
`legal_actions` stays cheap, while ``len``, indexing, iteration and ``in`` behave like
the full list of actions (in sorted order of the card tuples).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from itertools import repeat
from typing import Any

from .cards import CARDS, Card

# The counting tables depend only on the copies held and their costs, not on which
# cards they are, so hands with the same shape share one table.  The most recently used
# `MAX_WAYS` are kept (a bot asks about one hand's choices many times in a row; the next
# hand has another shape): a racehorse burial's table is some kilobytes, and a cache
# cleared only at 20,000 of them grew a long `simulate` by about 4 MB per 1,000 hands.
MAX_WAYS = 512
_WAYS: OrderedDict[Any, list[list[int]]] = OrderedDict()
_FREE = (0,) * 8  # the cost of taking 0..7 copies when nothing is restricted


def _count_ways(faces: Sequence[tuple[int, Sequence[int]]], k: int, budget: int) -> list[list[int]]:
    """ways[i][r*B + b]: choices of r cards from faces i.. with cost at most b (B = budget + 1)."""
    n = len(faces)
    width = budget + 1
    size = (k + 1) * width
    ways: list[list[int]] = [[]] * (n + 1)
    last = [0] * size
    for b in range(width):
        last[b] = 1
    ways[n] = last
    for i in range(n - 1, -1, -1):
        held, cost = faces[i]
        nxt = ways[i + 1]
        if width == 1:
            # no budget (passing): cur[r] = sum over j of nxt[r - j]
            cur = nxt[:]
            for j in range(1, (held if held < k else k) + 1):
                if cost[j]:
                    break  # costs only grow with j
                for r in range(j, k + 1):
                    cur[r] += nxt[r - j]
            ways[i] = cur
            continue
        cur = [0] * size
        for j in range(min(held, k) + 1):
            c = cost[j]
            if c > budget:
                continue
            # cur[r*B + b] += nxt[(r-j)*B + (b-c)] for r >= j, b >= c
            for r in range(j, k + 1):
                base_cur = r * width
                base_nxt = (r - j) * width - c
                for b in range(c, width):
                    cur[base_cur + b] += nxt[base_nxt + b]
        ways[i] = cur
    return ways


class CardSetChoices(Sequence[Any]):
    """Every distinct ``k``-card multiset of a hand whose total cost is within ``budget``.

    ``faces``: ``(face, copies held, cost of taking j copies for j = 0..copies)``;
    ``make``: builds the action from a sorted card tuple (e.g. ``PassCards``).
    """

    __slots__ = ("_budget", "_faces", "_free", "_k", "_len", "_make", "_ways")

    def __init__(
        self,
        faces: Sequence[tuple[int, int, Sequence[int]]],
        k: int,
        budget: int,
        make: Callable[[tuple[Card, ...]], Any],
    ) -> None:
        self._faces = list(faces)
        self._k = k
        self._budget = budget
        self._make = make
        self._free = False
        key = (tuple((held, tuple(cost)) for _, held, cost in self._faces), k, budget)
        self._set_ways(key)

    @classmethod
    def of_hand(cls, hand: Sequence[Card], k: int, make: Callable[[tuple[Card, ...]], Any]) -> CardSetChoices:
        """Every distinct ``k``-card set of a sorted ``hand``, with no restriction (passing)."""
        self = cls.__new__(cls)
        held: dict[int, int] = {}
        for c in hand:  # copies of each face, in the order of the sorted hand
            held[c] = held.get(c, 0) + 1
        helds = tuple(held.values())
        faces = list(zip(held, helds, repeat(_FREE)))
        self._faces = faces  # type: ignore[assignment]
        self._k = k
        self._budget = 0
        self._make = make
        self._free = True
        self._set_ways(("free", helds, k))
        return self

    def _set_ways(self, key: Any) -> None:
        k, budget = self._k, self._budget
        ways = _WAYS.get(key)
        if ways is None:
            ways = _count_ways([(held, cost) for _, held, cost in self._faces], k, budget)
            _WAYS[key] = ways
            while len(_WAYS) > MAX_WAYS:
                with suppress(KeyError):  # another thread (the table's bots) took it first
                    _WAYS.popitem(last=False)
        else:
            with suppress(KeyError):
                _WAYS.move_to_end(key)
        self._ways = ways
        self._len = ways[0][k * (budget + 1) + budget]

    def __len__(self) -> int:
        return self._len

    def cards_at(self, index: int) -> tuple[Card, ...]:
        """The sorted card tuple of choice ``index``."""
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("choice index out of range")
        out: list[Card] = []
        r, b = self._k, self._budget
        if self._free:
            return self._free_cards_at(index)
        width = self._budget + 1
        for i, (face, held, cost) in enumerate(self._faces):
            nxt = self._ways[i + 1]
            for j in range(min(held, r), -1, -1):
                c = cost[j]
                if c > b:
                    continue
                block = nxt[(r - j) * width + b - c]
                if index < block:
                    out.extend([CARDS[face]] * j)
                    r -= j
                    b -= c
                    break
                index -= block
            if r == 0:
                break
        return tuple(out)

    def _free_cards_at(self, index: int) -> tuple[Card, ...]:
        """`cards_at` when nothing is restricted (`of_hand`: every choice costs 0)."""
        out: list[Card] = []
        r = self._k
        ways = self._ways
        for i, (face, held, _) in enumerate(self._faces, 1):
            nxt = ways[i]
            j = held if held < r else r
            # take j copies of this face: nxt[r - j] choices start here (j = 0 always fits)
            block = nxt[r - j]
            while index >= block:
                index -= block
                j -= 1
                block = nxt[r - j]
            if j:
                out += [CARDS[face]] * j
                r -= j
                if not r:
                    break
        return tuple(out)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        return self._make(self.cards_at(index))

    def __iter__(self) -> Iterator[Any]:
        for i in range(self._len):
            yield self._make(self.cards_at(i))

    def __contains__(self, action: object) -> bool:
        cards = getattr(action, "cards", None)
        if cards is None or len(cards) != self._k:
            return False
        try:
            return self._make(tuple(sorted(cards))) == action and self._allowed(cards)
        except TypeError:
            return False

    def _allowed(self, cards: Sequence[int]) -> bool:
        spent = 0
        faces = {f: (held, cost) for f, held, cost in self._faces}
        for f in set(cards):
            j = cards.count(f)
            if f not in faces or j > faces[f][0]:
                return False
            spent += faces[f][1][j]
        return spent <= self._budget

    def spec(self) -> tuple[tuple[tuple[Card, int, tuple[int, ...]], ...], int, int, bool]:
        """What these choices are made of, as plain values: ``(faces, k, budget, free)``
        with ``faces`` as ``(card, copies held, cost of taking j copies for j = 0..)``;
        `from_spec` makes the same choices again (a seat at another terminal is sent this,
        not the hundreds of choices it stands for)."""
        faces = tuple((CARDS[f], held, tuple(cost[: held + 1])) for f, held, cost in self._faces)
        return faces, self._k, self._budget, self._free

    @classmethod
    def from_spec(
        cls,
        faces: Sequence[tuple[int, int, Sequence[int]]],
        k: int,
        budget: int,
        free: bool,
        make: Callable[[tuple[Card, ...]], Any],
    ) -> CardSetChoices:
        """The choices `spec` describes, each made into an action by ``make``.  Raises
        `ValueError` for faces that are not cards, or copies or costs out of range."""
        if not 0 <= k <= 24 or not 0 <= budget <= 64 or len(faces) > 24:
            raise ValueError("a card-set choice takes 0 to 24 cards within a budget of 0 to 64")
        for f, held, cost in faces:
            if not 0 <= f < 24 or not 1 <= held <= 8 or len(cost) != held + 1 or any(not 0 <= x <= 64 for x in cost):
                raise ValueError("a card-set choice's face is a card held 1 to 8 times, with a cost per copy taken")
        if free:
            hand = [CARDS[f] for f, held, _ in faces for _ in range(held)]
            return cls.of_hand(hand, k, make)
        return cls([(f, held, tuple(cost)) for f, held, cost in faces], k, budget, make)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, CardSetChoices)):
            return len(other) == self._len and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __repr__(self) -> str:
        return f"<{self._len} card choices of {self._k}>"

    __hash__ = None  # type: ignore[assignment]
