"""The actions a seat can take (DESIGN.md: a pydantic discriminated union).

Actions are small frozen dataclasses, cheap to build and compare; `ACTION_ADAPTER`
(pydantic) turns them to and from JSON, so a hand saves and replays as its deal plus
its action list.  Cards serialise as text notation (``"AS"``), suits as letters.

pydantic is imported only when the adapter is first used (issue 12 §4: a game that is
only played, and saved with `action_json`, never needs it): `Action` is the plain union of
the classes, and `action_type` the discriminated union pydantic reads.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal

from .cards import CARDS, Card, Suit, parse_cards

__all__ = [
    "ACTION_ADAPTER",
    "Action",
    "Bid",
    "Bury",
    "CallPartner",
    "ClaimMisdeal",
    "Concede",
    "DeclareDix",
    "DeclareMeld",
    "DraftCard",
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


if TYPE_CHECKING:
    CardsField = tuple[Card, ...]
    """Sorted cards; pydantic also reads them from text (``"9S 9H"``): `action_type`."""


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``amount`` (x10 points) in the auction (§3.1)."""

    amount: int
    kind: Literal["bid"] = field(default="bid", repr=False)


@dataclass(frozen=True, slots=True)
class PassBid:
    """Pass in the auction; a pass is final (§3.1.3)."""

    kind: Literal["pass_bid"] = field(default="pass_bid", repr=False)


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The bidder names trump (§3.1.6, §3.6)."""

    suit: Suit
    kind: Literal["name_trump"] = field(default="name_trump", repr=False)


@dataclass(frozen=True, slots=True)
class CallPartner:
    """Five-hand (§2.12, §0.4.11): after naming trump the bidder calls a trump card of
    which it does not hold every copy; the first other player clockwise holding one is
    its partner for the hand."""

    card: Card
    kind: Literal["call_partner"] = field(default="call_partner", repr=False)


@dataclass(frozen=True, slots=True)
class PassCards:
    """Pass cards across: partner to bidder, then bidder back (§4.1). Cards are sorted."""

    cards: CardsField
    kind: Literal["pass_cards"] = field(default="pass_cards", repr=False)


@dataclass(frozen=True, slots=True)
class Bury:
    """The bidder buries cards after taking the kitty (§4.2). Cards are sorted."""

    cards: CardsField
    kind: Literal["bury"] = field(default="bury", repr=False)


@dataclass(frozen=True, slots=True)
class Concede:
    """The bidder throws in the hand after meld, before the first lead (§8.3)."""

    kind: Literal["concede"] = field(default="concede", repr=False)


@dataclass(frozen=True, slots=True)
class PlayOn:
    """The bidder declines to concede and the hand is played (§8.3)."""

    kind: Literal["play_on"] = field(default="play_on", repr=False)


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick (§6).  In phase 1 of the two-hand stock game a card may
    also be played from one's own melds on the table (``from_table``, §2.7)."""

    card: Card
    from_table: bool = False
    kind: Literal["play"] = field(default="play", repr=False)


@dataclass(frozen=True, slots=True)
class DeclareMeld:
    """Two-hand stock game: lay down one meld after winning a trick (§2.7, §5.9).

    ``name`` as `score_meld` names it ("royal marriage", "run", "aces around", "double
    pinochle", …); ``cards`` the whole meld, sorted.  The engine takes the cards it may
    reuse from the table and the rest from the hand."""

    name: str
    cards: CardsField
    kind: Literal["meld"] = field(default="meld", repr=False)


@dataclass(frozen=True, slots=True)
class DeclareDix:
    """Two-hand stock game: after winning a trick, count the trump 9 (§2.7): exchange it
    for the turn-up (``exchange``) or show it."""

    exchange: bool
    kind: Literal["dix"] = field(default="dix", repr=False)


@dataclass(frozen=True, slots=True)
class NoMeld:
    """Two-hand stock game: meld no more this turn; the draw from the stock follows."""

    kind: Literal["no_meld"] = field(default="no_meld", repr=False)


@dataclass(frozen=True, slots=True)
class TakeStock:
    """Two-hand, ``last_stock_pick = winner_chooses``: the winner of the last stock trick
    takes the face-down card or (``turn_up``) the face-up trump card (§2.7.5)."""

    turn_up: bool
    kind: Literal["take_stock"] = field(default="take_stock", repr=False)


@dataclass(frozen=True, slots=True)
class DraftCard:
    """Two-hand draft (§2.8): keep the card looked at (the next goes unseen to the
    discards) or reject it (it goes to the discards and the next must be kept)."""

    keep: bool
    kind: Literal["draft"] = field(default="draft", repr=False)


@dataclass(frozen=True, slots=True)
class ClaimMisdeal:
    """Call a misdeal on one's own hand (five nines, technical misdeal; §5.8)."""

    kind: Literal["claim_misdeal"] = field(default="claim_misdeal", repr=False)


@dataclass(frozen=True, slots=True)
class KeepHand:
    """Decline a misdeal one could call and play the hand (§5.8)."""

    kind: Literal["keep_hand"] = field(default="keep_hand", repr=False)


Action = (
    Bid
    | PassBid
    | NameTrump
    | CallPartner
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
    """`ACTION_ADAPTER` is built on first use, not at import (issue 12 §4: building it was
    a third of importing ``rules``); a game that is only played never needs it."""
    if name == "ACTION_ADAPTER":
        from pydantic import TypeAdapter

        adapter: TypeAdapter[Any] = TypeAdapter(action_type())
        globals()["ACTION_ADAPTER"] = adapter
        return adapter
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def action_json(action: Any) -> dict[str, Any]:
    """``action`` as JSON data, exactly as ``ACTION_ADAPTER.dump_python(action, mode="json")``
    gives it (cards as ``"AS"``, a suit as its letter, fields in order, ``kind`` last), but
    without building the adapter: a save is written after every decision."""
    names = _FIELD_NAMES.get(type(action))
    if names is None:
        names = _FIELD_NAMES[type(action)] = tuple(f.name for f in fields(action))
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
