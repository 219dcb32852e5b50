"""Cards, decks and dealing (RULES.md §1, §2).

A card face is one of 24 (rank × suit).  Two copies of a face are interchangeable,
so `Card` is a small `int` subclass: the face index ``suit * 6 + rank``, where the
rank index runs A=0, 10=1, K=2, Q=3, J=4, 9=5 (lower index = higher card, §1.2).
Comparing or hashing cards is therefore as cheap as for ints, and a sorted hand is
ordered by suit (S, H, D, C) and then from the ace down.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any

__all__ = [
    "CARDS",
    "RANK_OF",
    "SUIT_OF",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "make_deck",
    "parse_cards",
    "shuffled_deck",
]


class Suit(StrEnum):
    """The four suits; values are the one-letter notation (§0.1)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def index(self) -> int:  # type: ignore[override]
        """0..3 in the order S H D C (the suit part of a card's face index)."""
        return _SUIT_INDEX[self]

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """A suit from its letter (any case) or glyph; `ValueError` names what was wrong."""
        if isinstance(text, Suit):
            return text
        key = str(text).strip().upper()
        key = _GLYPHS.get(key, key)
        for suit in cls:
            if suit.value == key or suit.name == key:
                return suit
        raise ValueError(f"bad suit {text!r}: use one of S H D C")

    def __str__(self) -> str:
        return self.value


class Rank(StrEnum):
    """Ranks from high to low: A > 10 > K > Q > J > 9 (§1.2)."""

    ACE = "A"
    TEN = "T"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    NINE = "9"

    @property
    def index(self) -> int:  # type: ignore[override]
        """0..5 from the ace down (the rank part of a card's face index)."""
        return _RANK_INDEX[self]

    def __str__(self) -> str:
        return self.value


SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_GLYPHS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}

# Rank indices, for code that works on the integer face directly.
ACE, TEN, KING, QUEEN, JACK, NINE = range(6)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


class Card(int):
    """One card face: ``int`` index ``suit*6 + rank``.  Prints as ``AS``, ``TH``, ``9C``.

    Use `Card.of(rank, suit)`, `CARDS[i]` or `parse_cards`; never ``Card(i)`` for an
    index outside 0..23.
    """

    __slots__ = ()

    @staticmethod
    def of(rank: Rank | str, suit: Suit | str) -> Card:
        r = rank if isinstance(rank, Rank) else Rank(_rank_key(str(rank)))
        return CARDS[Suit.parse(suit).index * 6 + r.index]

    @property
    def suit(self) -> Suit:
        return SUITS[int(self) // 6]

    @property
    def rank(self) -> Rank:
        return RANKS[int(self) % 6]

    def __str__(self) -> str:
        return _NAMES[int(self)]

    def __repr__(self) -> str:
        return f"Card('{_NAMES[int(self)]}')"

    def __format__(self, spec: str) -> str:
        return format(_NAMES[int(self)], spec)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """Pydantic: a card validates from ``"AS"`` (or a face index) and saves as ``"AS"``."""
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            _coerce_card, serialization=core_schema.plain_serializer_function_ser_schema(str)
        )


CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(24))
_NAMES = tuple(r.value + s.value for s in SUITS for r in RANKS)
SUIT_OF: tuple[int, ...] = tuple(i // 6 for i in range(24))
RANK_OF: tuple[int, ...] = tuple(i % 6 for i in range(24))
_BY_NAME = {name: CARDS[i] for i, name in enumerate(_NAMES)}


def _coerce_card(v: Any) -> Card:
    if isinstance(v, Card):
        return v
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 24:
        return CARDS[v]
    if isinstance(v, str):
        cards = parse_cards(v)
        if len(cards) == 1:
            return cards[0]
    raise ValueError(f"bad card {v!r}")


def _rank_key(text: str) -> str:
    t = text.upper()
    return "T" if t == "10" else t


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse card notation (§0.1): rank ``A T 10 K Q J 9`` + suit ``S H D C``, any case.

    ``text`` is a string of tokens separated by spaces or commas (``"AS 10h kd"``),
    or an iterable of such tokens.  Suit glyphs ``♠♥♦♣`` are accepted too.
    Returns the cards in the order given.

    Raises `ValueError` naming the first bad token and what is allowed.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out: list[Card] = []
    for tok in tokens:
        key = str(tok).strip().upper()
        if key and key[-1] in _GLYPHS:
            key = key[:-1] + _GLYPHS[key[-1]]
        if key.startswith("10"):
            key = "T" + key[2:]
        card = _BY_NAME.get(key)
        if card is None:
            raise ValueError(
                f"bad card {tok!r}: a card is a rank (A T 10 K Q J 9) followed by a suit (S H D C), e.g. AS 10H 9C"
            )
        out.append(card)
    return out


def format_cards(cards: Iterable[int]) -> str:
    """Cards as text notation separated by spaces, e.g. ``"AS TS KD"``."""
    return " ".join(_NAMES[c] for c in cards)


def make_deck(deck: str) -> list[Card]:
    """The cards of a deck (§1.1).

    ``deck`` is ``"single48"`` (every face twice, 48 cards), ``"double80"`` (no 9s,
    every other face four times, 80 cards), ``"double96"`` (two 48-card packs: every
    face four times, 96 cards, §0.4.13) or ``"triple120"`` (three 40-card packs: no 9s,
    every other face six times, 120 cards, §0.4.12).  Raises `ValueError` for any other
    name.
    """
    cards = _DECKS.get(deck)
    if cards is not None:
        return list(cards)
    raise ValueError(f"unknown deck {deck!r}: use {', '.join(_DECKS)}")


_DECKS = {
    "single48": tuple(c for c in CARDS for _ in range(2)),
    "double80": tuple(c for c in CARDS if RANK_OF[c] != NINE for _ in range(4)),
    "double96": tuple(c for c in CARDS for _ in range(4)),
    "triple120": tuple(c for c in CARDS if RANK_OF[c] != NINE for _ in range(6)),
}


def shuffled_deck(deck: str, rng: Any) -> list[Card]:
    """The cards of ``deck`` (see `make_deck`) in a uniformly shuffled order, top first
    (§2.1).  ``rng`` is a `random.Random`; the same seed gives the same order in every
    process."""
    cards = make_deck(deck)
    keys = [rng.random() for _ in cards]
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]
