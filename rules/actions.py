"""The actions a seat can take (DESIGN.md: a pydantic discriminated union).

Actions are small frozen classes (`_Action`), cheap to build and compare; `ACTION_ADAPTER`
(pydantic) turns them to and from JSON, so a hand saves and replays as its deal plus
its action list.  Cards serialise as text notation (``"AS"``), suits as letters.

pydantic is imported only when the adapter is first used (a game that is
only played, and saved with `action_json`, never needs it): `Action` is the plain union of
the classes, and `action_type` the discriminated union pydantic reads.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from typing import TYPE_CHECKING, Any, Literal

from .cards import CARDS, Card, Suit, parse_cards

__all__ = [
    "ACTION_ADAPTER",
    "Action",
    "AskPass",
    "Bid",
    "Bury",
    "CallPartner",
    "ClaimMisdeal",
    "Concede",
    "DeclareDix",
    "DeclareMeld",
    "DraftCard",
    "HandOutKitty",
    "IllegalAction",
    "KeepHand",
    "NameTrump",
    "NoMeld",
    "PassBid",
    "PassCards",
    "Play",
    "PlayOn",
    "TakeStock",
    "action_json",
    "action_type",
    "describe_action",
]


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why, in the game's words."""


def _sorted_cards(v: Any) -> Any:
    if isinstance(v, str):
        return tuple(sorted(parse_cards(v)))
    return v


_set = object.__setattr__


class _Action:
    """What every action shares: frozen, compared and hashed by its fields (``kind``
    among them), ``Bid(amount=300)`` as its repr (``kind`` left out), pickled by its
    fields, read and written by pydantic as the dataclass it was.

    Plain classes, not ``@dataclass(frozen=True, slots=True)`` (building
    the sixteen dataclasses, each method compiled from source, was a third of importing
    the rules); the behaviour is the same (`tests/rules/test_action_classes.py`).  Each
    class names its fields in ``__match_args__`` (in order, as the dataclass did), holds
    them in ``__slots__`` and takes them in its ``__init__``, whose defaults are the
    fields' defaults."""

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()
    _key: Callable[[Any], Any]  # operator.attrgetter of the fields (set per class)
    _shown: tuple[str, ...] = ()  # the fields in the repr

    def __init_subclass__(cls) -> None:
        fields: tuple[str, ...] = cls.__match_args__
        cls._key = operator.attrgetter(*fields)
        cls._shown = tuple(name for name in fields if name != "kind")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            key = self._key
            same: bool = key(self) == key(other)
            return same
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), tuple(getattr(self, name) for name in self.__match_args__)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """The schema pydantic gave the dataclass: a dataclass schema of its fields, in
        order, each with its default (built when `action_type` is first asked for)."""
        import typing

        from pydantic_core import core_schema as cs

        hints = typing.get_type_hints(cls, globalns=globals(), include_extras=True)
        names = cls.__match_args__
        defaults = cls.__init__.__defaults__ or ()
        first_default = len(names) - len(defaults)
        fields = []
        for i, name in enumerate(names):
            schema = handler.generate_schema(hints[name])
            if i >= first_default:
                schema = cs.with_default_schema(schema, default=defaults[i - first_default])
            fields.append(cs.dataclass_field(name, schema, kw_only=False, init=True))
        args = cs.dataclass_args_schema(cls.__name__, fields, collect_init_only=False)
        return cs.dataclass_schema(
            cls,
            args,
            list(names),
            post_init=False,
            slots=True,
            frozen=False,
            config={"title": cls.__name__},
            ref=f"{cls.__module__}.{cls.__qualname__}:{id(cls)}",
            metadata={"pydantic_js_functions": [lambda schema, handler: _described(cls, handler(schema))]},
        )


def _described(cls: type, json_schema: Any) -> Any:
    """The class's docstring as its JSON schema's description, as pydantic gave a dataclass."""
    import inspect

    json_schema.setdefault("description", inspect.cleandoc(cls.__doc__ or ""))
    return json_schema


if TYPE_CHECKING:
    CardsField = tuple[Card, ...]
    """Sorted cards; pydantic also reads them from text (``"9S 9H"``): `action_type`."""


class Bid(_Action):
    """Bid ``amount`` (x10 points) in the auction (§3.1)."""

    __slots__ = ("amount", "kind")
    __match_args__ = ("amount", "kind")
    amount: int
    kind: Literal["bid"]

    def __init__(self, amount: int, kind: Literal["bid"] = "bid") -> None:
        _set(self, "amount", amount)
        _set(self, "kind", kind)


class PassBid(_Action):
    """Pass in the auction; a pass is final (§3.1.3)."""

    __slots__ = ("kind",)
    __match_args__ = ("kind",)
    kind: Literal["pass_bid"]

    def __init__(self, kind: Literal["pass_bid"] = "pass_bid") -> None:
        _set(self, "kind", kind)


class NameTrump(_Action):
    """The bidder names trump (§3.1.6, §3.6)."""

    __slots__ = ("kind", "suit")
    __match_args__ = ("suit", "kind")
    suit: Suit
    kind: Literal["name_trump"]

    def __init__(self, suit: Suit, kind: Literal["name_trump"] = "name_trump") -> None:
        _set(self, "suit", suit)
        _set(self, "kind", kind)


class CallPartner(_Action):
    """Five-hand (§2.12, §0.4.11): after naming trump the bidder calls a trump card of
    which it does not hold every copy; the first other player clockwise holding one is
    its partner for the hand."""

    __slots__ = ("card", "kind")
    __match_args__ = ("card", "kind")
    card: Card
    kind: Literal["call_partner"]

    def __init__(self, card: Card, kind: Literal["call_partner"] = "call_partner") -> None:
        _set(self, "card", card)
        _set(self, "kind", kind)


class HandOutKitty(_Action):
    """``kitty_mode = "bidder_keeps_one_gives_one_each"`` (§2.4 (c), §0.4.18): the bidder
    hands out the kitty one card at a time, ``card`` a kitty card not yet handed out: the
    first it keeps, the next goes to the seat on its left, and so on clockwise; the last
    card goes to the seat on its right by itself."""

    __slots__ = ("card", "kind")
    __match_args__ = ("card", "kind")
    card: Card
    kind: Literal["hand_out_kitty"]

    def __init__(self, card: Card, kind: Literal["hand_out_kitty"] = "hand_out_kitty") -> None:
        _set(self, "card", card)
        _set(self, "kind", kind)


class AskPass(_Action):
    """``pass_optional`` (§4.1, §0.4.19): after naming trump the bidder asks for the pass
    (``ask``, the exchange follows) or plays without it (the meld follows)."""

    __slots__ = ("ask", "kind")
    __match_args__ = ("ask", "kind")
    ask: bool
    kind: Literal["ask_pass"]

    def __init__(self, ask: bool, kind: Literal["ask_pass"] = "ask_pass") -> None:
        _set(self, "ask", ask)
        _set(self, "kind", kind)


class PassCards(_Action):
    """Pass cards across: partner to bidder, then bidder back (§4.1). Cards are sorted."""

    __slots__ = ("cards", "kind")
    __match_args__ = ("cards", "kind")
    cards: CardsField
    kind: Literal["pass_cards"]

    def __init__(self, cards: CardsField, kind: Literal["pass_cards"] = "pass_cards") -> None:
        _set(self, "cards", cards)
        _set(self, "kind", kind)


class Bury(_Action):
    """The bidder buries cards after taking the kitty (§4.2). Cards are sorted."""

    __slots__ = ("cards", "kind")
    __match_args__ = ("cards", "kind")
    cards: CardsField
    kind: Literal["bury"]

    def __init__(self, cards: CardsField, kind: Literal["bury"] = "bury") -> None:
        _set(self, "cards", cards)
        _set(self, "kind", kind)


class Concede(_Action):
    """The bidder throws in the hand after meld, before the first lead (§8.3)."""

    __slots__ = ("kind",)
    __match_args__ = ("kind",)
    kind: Literal["concede"]

    def __init__(self, kind: Literal["concede"] = "concede") -> None:
        _set(self, "kind", kind)


class PlayOn(_Action):
    """The bidder declines to concede and the hand is played (§8.3)."""

    __slots__ = ("kind",)
    __match_args__ = ("kind",)
    kind: Literal["play_on"]

    def __init__(self, kind: Literal["play_on"] = "play_on") -> None:
        _set(self, "kind", kind)


class Play(_Action):
    """Play a card to the trick (§6).  In phase 1 of the two-hand stock game a card may
    also be played from one's own melds on the table (``from_table``, §2.7)."""

    __slots__ = ("card", "from_table", "kind")
    __match_args__ = ("card", "from_table", "kind")
    card: Card
    from_table: bool
    kind: Literal["play"]

    def __init__(self, card: Card, from_table: bool = False, kind: Literal["play"] = "play") -> None:
        _set(self, "card", card)
        _set(self, "from_table", from_table)
        _set(self, "kind", kind)


class DeclareMeld(_Action):
    """Two-hand stock game: lay down one meld after winning a trick (§2.7, §5.9).

    ``name`` as `score_meld` names it ("royal marriage", "run", "aces around", "double
    pinochle", …); ``cards`` the whole meld, sorted.  The engine takes the cards it may
    reuse from the table and the rest from the hand."""

    __slots__ = ("cards", "kind", "name")
    __match_args__ = ("name", "cards", "kind")
    name: str
    cards: CardsField
    kind: Literal["meld"]

    def __init__(self, name: str, cards: CardsField, kind: Literal["meld"] = "meld") -> None:
        _set(self, "name", name)
        _set(self, "cards", cards)
        _set(self, "kind", kind)


class DeclareDix(_Action):
    """Two-hand stock game: after winning a trick, count the trump 9 (§2.7): exchange it
    for the turn-up (``exchange``) or show it."""

    __slots__ = ("exchange", "kind")
    __match_args__ = ("exchange", "kind")
    exchange: bool
    kind: Literal["dix"]

    def __init__(self, exchange: bool, kind: Literal["dix"] = "dix") -> None:
        _set(self, "exchange", exchange)
        _set(self, "kind", kind)


class NoMeld(_Action):
    """Two-hand stock game: meld no more this turn; the draw from the stock follows."""

    __slots__ = ("kind",)
    __match_args__ = ("kind",)
    kind: Literal["no_meld"]

    def __init__(self, kind: Literal["no_meld"] = "no_meld") -> None:
        _set(self, "kind", kind)


class TakeStock(_Action):
    """Two-hand, ``last_stock_pick = winner_chooses``: the winner of the last stock trick
    takes the face-down card or (``turn_up``) the face-up trump card (§2.7.5)."""

    __slots__ = ("kind", "turn_up")
    __match_args__ = ("turn_up", "kind")
    turn_up: bool
    kind: Literal["take_stock"]

    def __init__(self, turn_up: bool, kind: Literal["take_stock"] = "take_stock") -> None:
        _set(self, "turn_up", turn_up)
        _set(self, "kind", kind)


class DraftCard(_Action):
    """Two-hand draft (§2.8): keep the card looked at (the next goes unseen to the
    discards) or reject it (it goes to the discards and the next must be kept)."""

    __slots__ = ("keep", "kind")
    __match_args__ = ("keep", "kind")
    keep: bool
    kind: Literal["draft"]

    def __init__(self, keep: bool, kind: Literal["draft"] = "draft") -> None:
        _set(self, "keep", keep)
        _set(self, "kind", kind)


class ClaimMisdeal(_Action):
    """Call a misdeal on one's own hand (five nines, technical misdeal; §5.8)."""

    __slots__ = ("kind",)
    __match_args__ = ("kind",)
    kind: Literal["claim_misdeal"]

    def __init__(self, kind: Literal["claim_misdeal"] = "claim_misdeal") -> None:
        _set(self, "kind", kind)


class KeepHand(_Action):
    """Decline a misdeal one could call and play the hand (§5.8)."""

    __slots__ = ("kind",)
    __match_args__ = ("kind",)
    kind: Literal["keep_hand"]

    def __init__(self, kind: Literal["keep_hand"] = "keep_hand") -> None:
        _set(self, "kind", kind)


Action = (
    Bid
    | PassBid
    | NameTrump
    | CallPartner
    | HandOutKitty
    | AskPass
    | PassCards
    | Bury
    | Concede
    | PlayOn
    | Play
    | ClaimMisdeal
    | KeepHand
    | DeclareMeld
    | DeclareDix
    | NoMeld
    | TakeStock
    | DraftCard
)
"""Any action (the plain union of the classes; `action_type` is the one pydantic reads)."""

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    ACTION_ADAPTER: TypeAdapter[Any]
    """Pydantic's reader and writer of an `Action` (JSON: ``{"kind": "bid", "amount": 300}``)."""


@functools.cache
def action_type() -> Any:
    """`Action` as pydantic reads it: a union told apart by ``kind``, cards also from text
    (pydantic is imported here, on first use)."""
    from typing import Annotated

    from pydantic import BeforeValidator, Field

    # the dataclasses' annotations name CardsField: pydantic looks it up in this module
    globals()["CardsField"] = Annotated[tuple[Card, ...], BeforeValidator(_sorted_cards)]
    return Annotated[Action, Field(discriminator="kind")]


def __getattr__(name: str) -> Any:
    """`ACTION_ADAPTER` is built on first use, not at import (building it was
    a third of importing ``rules``); a game that is only played never needs it."""
    if name == "ACTION_ADAPTER":
        from pydantic import TypeAdapter

        adapter: TypeAdapter[Any] = TypeAdapter(action_type())
        globals()["ACTION_ADAPTER"] = adapter
        return adapter
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def action_json(action: Any) -> dict[str, Any]:
    """``action`` as JSON data, exactly as ``ACTION_ADAPTER.dump_python(action, mode="json")``
    gives it (cards as ``"AS"``, a suit as its letter, fields in order, ``kind`` last), but
    without building the adapter: a save is written after every decision."""
    names: tuple[str, ...] = action.__match_args__
    out: dict[str, Any] = {}
    for name in names:
        value = getattr(action, name)
        if isinstance(value, Card | Suit):
            value = str(value)
        elif isinstance(value, tuple):
            value = [str(c) for c in value]
        out[name] = value
    return out


# shared instances: frozen, so one object per distinct action is enough
PASS_BID = PassBid()
CONCEDE = Concede()
PLAY_ON = PlayOn()
CLAIM_MISDEAL = ClaimMisdeal()
KEEP_HAND = KeepHand()
NO_MELD = NoMeld()
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
CALLS: tuple[CallPartner, ...] = tuple(CallPartner(c) for c in CARDS)
TABLE_PLAYS: tuple[Play, ...] = tuple(Play(c, True) for c in CARDS)
DIX_ACTIONS = (DeclareDix(False), DeclareDix(True))
TAKE_STOCK = (TakeStock(False), TakeStock(True))
DRAFT_ACTIONS = (DraftCard(False), DraftCard(True))
NAME_TRUMPS: tuple[NameTrump, ...] = tuple(NameTrump(s) for s in Suit)
ASK_PASS = (AskPass(True), AskPass(False))
HAND_OUTS: tuple[HandOutKitty, ...] = tuple(HandOutKitty(c) for c in CARDS)


_BIDS: dict[int, Bid] = {}


def bid_action(amount: int) -> Bid:
    """The shared `Bid` object for ``amount``."""
    b = _BIDS.get(amount)
    if b is None:
        b = _BIDS[amount] = Bid(amount)
    return b


def describe_action(action: object, fmt: Any = str) -> str:
    """A short phrase for logs: ``bid 300``, ``pass``, ``trump ♠``, ``play AS``."""
    if isinstance(action, Bid):
        return f"bid {fmt(action.amount)}"
    if isinstance(action, PassBid):
        return "pass"
    if isinstance(action, NameTrump):
        return f"names trump {action.suit.value}"
    if isinstance(action, CallPartner):
        return f"calls {action.card} for a partner"
    if isinstance(action, HandOutKitty):
        return "hands out a kitty card"
    if isinstance(action, AskPass):
        return "asks for the pass" if action.ask else "plays without the pass"
    if isinstance(action, PassCards):
        return f"passes {' '.join(map(str, action.cards))}"
    if isinstance(action, Bury):
        return f"buries {' '.join(map(str, action.cards))}"
    if isinstance(action, Concede):
        return "throws in the hand"
    if isinstance(action, PlayOn):
        return "plays the hand"
    if isinstance(action, Play):
        return f"plays {action.card}{' from the table' if action.from_table else ''}"
    if isinstance(action, DeclareMeld):
        return f"melds {action.name} {' '.join(map(str, action.cards))}"
    if isinstance(action, DeclareDix):
        return "exchanges the dix for the turn-up" if action.exchange else "shows the dix"
    if isinstance(action, NoMeld):
        return "melds no more"
    if isinstance(action, TakeStock):
        return "takes the turn-up" if action.turn_up else "takes the face-down card"
    if isinstance(action, DraftCard):
        return "keeps the card" if action.keep else "rejects the card"
    if isinstance(action, ClaimMisdeal):
        return "calls a misdeal"
    if isinstance(action, KeepHand):
        return "keeps the hand"
    return repr(action)
