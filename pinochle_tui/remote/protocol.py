"""The remote seats' protocol: JSON messages, each a pydantic model with the protocol
version (``v``) and a ``type``, over one websocket per seat.

Down, host to seat:
    Welcome     your seat, the variant (sent once: every view after it goes without it),
                the names and the table's seats and their states
    News        your seat's `SeatNews` (`table.news`): your view, your legal actions when
                you are to act, the public facts; ``seq``, the decisions applied so far in
                the game (a seat tells stale news from new by it), and, once the hand is
                over, ``outcome`` (the hand's result as the result screens draw it)
    Decided     after a welcome, each decision of the seat's earlier in the hand (the view
                it was made from, the legal actions, the action): its review is whole
    Refused     what was wrong with a message or an action (`IllegalAction`'s own words)
    TableState  per seat: here, waiting for its person, disconnected, a bot plays for it
    Replaced    another connection took this seat's code: this one is closed
    Bye         the game is over or the host closes the table
Up, seat to host:
    Hello       the seat's join code and the last ``seq`` it saw (a reconnect says where it was)
    Act         one action (in `rules.actions.action_type`'s JSON, as the saves write it),
                answering the news of ``seq``
    Ready       the seat goes on: after everyone's meld is shown, after a hand's result
    Leave       the person leaves the table

Between versions: every version reads ``v`` first, and a ``bye`` or ``refused`` of any
version by its ``reason`` alone (`OtherVersion`).  A host answers a hello of another
version with a `Bye` saying which it speaks and closes; a seat whose host answers in another
version says so in one line (``The host runs another version of pinochle: ...``) and does
not try again.

A message is at most `MAX_MESSAGE` bytes: a longer one is refused before it is parsed, and
so is one nested deeper than a message can be.  Nothing from the network is a file path,
an object to unpickle or code: only these models' fields, checked as a whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules import Bid, Bury, Card, PassCards, Phase, SeatView, Suit, Variant
from rules.actions import action_type, bid_action
from rules.bounded_read import TooDeep, parse_json
from rules.choices import CardSetChoices
from rules.meld import MeldResult, meld_tables
from rules.results import HandResult

from ..cli_common import visible
from ..table.news import SeatNews

PROTOCOL_VERSION = 1
MAX_MESSAGE = 64 * 1024  # bytes of one message, either way
NAME_MAX = 40  # a seat's name as sent (the game's names are at most 20 characters)

if TYPE_CHECKING:
    from rules import Action
else:
    Action = action_type()  # the saves' reader of an action: told apart by ``kind``


class ProtocolError(ValueError):
    """A message that is not one of the protocol's; the text says what was wrong, on one line."""


class OtherVersion(ProtocolError):
    """A message of another protocol version (``v`` a whole number other than
    `PROTOCOL_VERSION`): the other end runs another version of pinochle.  ``version`` is
    the one it speaks; ``said`` the ``reason`` of a ``bye`` or ``refused`` of that version
    (the fields every version reads), on one line and printable, else ``""``."""

    def __init__(self, version: int, said: str = "") -> None:
        super().__init__(f"protocol version {_shown(version)} is not spoken here; this table speaks {PROTOCOL_VERSION}")
        self.version = version
        self.said = said
        self.shown = _shown(version)  # (as a line may say it: a long number cut short)


def other_version_line(version: int, said: str = "") -> str:
    """The line a seat shows when its host speaks protocol ``version`` (``said``: the
    host's own words, `OtherVersion.said`)."""
    why = said or f"it speaks protocol {_shown(version)} and this terminal {PROTOCOL_VERSION}"
    return f"The host runs another version of pinochle: {why}. Join with the same version as the host."


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    v: Literal[1] = 1  # PROTOCOL_VERSION


# ---------------------------------------------------------------------- a seat's view on the wire


class WireMeld(BaseModel):
    """One seat's shown meld (`MeldResult` as other seats see it): its total (x10 points),
    the trump suit's index, the count behind it (`MeldResult.parts`), the fours of a kind
    and the game-winning meld's name; the melds themselves are rebuilt from these."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    total: int
    trump: int = Field(ge=0, le=3)
    parts: tuple[int, ...] = Field(max_length=16)
    fours: tuple[int, ...] = Field(default=(), max_length=24)
    wins: str = Field(default="", max_length=60)

    @staticmethod
    def of(m: MeldResult) -> WireMeld:
        return WireMeld(total=m.total, trump=m.trump, parts=m.parts, fours=m._fours, wins=m.wins)

    def meld(self, variant: Variant) -> MeldResult:
        """The `MeldResult` as the seat's own rules would have made it (public: no hand counts)."""
        return MeldResult(self.total, self.trump, None, self.parts, meld_tables(variant), self.fours, self.wins)  # type: ignore[arg-type]


Cards = tuple[Card, ...]


class WireView(BaseModel):
    """A `SeatView` without its ``variant`` (sent once, in `Welcome`): field for field, in
    the same order (a test holds the two together)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: int
    phase: Phase
    to_act: int
    dealer: int
    hand: Cards
    hand_sizes: tuple[int, ...]
    bids: tuple[tuple[int, int], ...]
    high_bid: int
    bidder: int | None
    contract: int | None
    trump: Suit | None
    kitty: Cards
    buried: Cards
    given: Cards
    received: Cards
    melds: tuple[WireMeld, ...] | None
    trick: tuple[tuple[int, Card], ...]
    leader: int
    tricks: tuple[tuple[int, Cards, int], ...]
    won: tuple[int, ...]
    scores: tuple[int, ...]
    target: int
    result: HandResult | None
    turn_up: Card | None = None
    stock_size: int = 0
    table_melds: tuple[Cards, ...] = ()
    meld_log: tuple[tuple[int, str, Cards, int], ...] = ()
    meld_points: tuple[int, ...] = ()
    known: tuple[Cards, ...] = ()
    looking_at: Card | None = None
    discards: Cards = ()
    laid: tuple[tuple[tuple[int, int, int, int], ...], ...] = ()
    last_pair: tuple[tuple[int, Card], ...] = ()
    called_card: Card | None = None
    partner: int | None = None
    from_kitty: Card | None = None
    handed: Cards = ()
    buried_told: tuple[int, ...] = ()

    @staticmethod
    def of(view: SeatView) -> WireView:
        d = view._asdict()
        del d["variant"]
        if view.melds is not None:
            d["melds"] = tuple([WireMeld.of(m) for m in view.melds])
        return WireView.model_validate(d)

    def view(self, variant: Variant) -> SeatView:
        """The `SeatView` again, with ``variant`` (the one `Welcome` carried)."""
        d = {name: getattr(self, name) for name in WireView.model_fields}
        d["variant"] = variant
        if self.melds is not None:
            d["melds"] = tuple([m.meld(variant) for m in self.melds])
        return SeatView(**d)


# (`HandResult` names `Card` for the type checker alone: given here)
WireView.model_rebuild(_types_namespace={"Card": Card})


class WirePicks(BaseModel):
    """The cards a pass or a burial may take (`rules.choices.CardSetChoices.spec`): up to
    thousands of choices, sent as what they are made of."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["pass_cards", "bury"]
    faces: tuple[tuple[Card, int, tuple[int, ...]], ...] = Field(max_length=24)
    k: int
    budget: int
    free: bool

    def choices(self) -> CardSetChoices:
        make = PassCards if self.kind == "pass_cards" else Bury
        try:
            return CardSetChoices.from_spec(self.faces, self.k, self.budget, self.free, make)
        except ValueError as exc:
            raise ProtocolError(f"the news's picks: {_one_line(exc)}") from None


WIRE_ONLY = ("picks", "bids", "bids_at", "melded")
"""`WireNews` fields that are the wire's alone, not a `SeatNews`'s: a pass's or a burial's
choices and an auction's bids written short, and ``melded``, kept for earlier versions."""

HOST_ONLY = ("host_keys",)
"""`SeatNews` fields never sent: the host's own table's (its ``b`` and ``w``), always their
default at another terminal (a field a seat of an earlier version does not know would make
it refuse the whole news)."""


class WireNews(BaseModel):
    """A `SeatNews` on the wire: its view as a `WireView`, its legal actions in the saves'
    JSON form (a pass or a burial as `WirePicks`), ``new_cards`` sorted; ``key`` is left
    out (the seat makes its own from `News.seq`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    view: WireView
    legal: tuple[Action, ...] = Field(max_length=2000)
    picks: WirePicks | None = None
    # an auction's bids (x10 points, hundreds of them), as amounts that go at ``bids_at`` in
    # ``legal`` (a bid as an action is six times as long)
    bids: tuple[int, ...] = Field(default=(), max_length=5000)
    bids_at: int = Field(default=0, ge=0, le=2000)
    viewer: int | None
    names: tuple[Annotated[str, Field(max_length=NAME_MAX)], ...] = Field(max_length=8)
    humans: tuple[int, ...]
    to_act: int | None
    meld_pause: bool
    hand_no: int
    scores: tuple[int, ...]
    checks: tuple[int, ...]
    events: tuple[str, ...]
    undo: bool | None
    # no longer read (the option is "no meld" whether or not the seat melded since its
    # trick): sent as False so that a seat of an earlier version, which needs it, still
    # reads the news, and taken from a host of one (`WIRE_ONLY`)
    melded: bool = False
    new_cards: Cards
    people: tuple[Annotated[str, Field(max_length=NAME_MAX)], ...] = Field(max_length=8)
    seating: tuple[int, ...]
    dealer_person: int
    entries: tuple[int, ...]
    bid_out: tuple[int | None, ...]
    hotseat: bool
    watching: bool
    game_over: bool = False
    winner: int | None = None
    target: int = 0
    stand_in: tuple[int, ...] = Field(default=(), max_length=8)
    waits: str = Field(default="", max_length=300)
    away: tuple[tuple[int, Literal["join", "reconnect"]], ...] = Field(default=(), max_length=8)

    @staticmethod
    def of(news: SeatNews) -> WireNews:
        d = news._asdict()
        for name in ("key", *HOST_ONLY):
            del d[name]
        d["view"] = WireView.of(news.view)
        d |= wire_legal(news.legal, news.view.phase)
        return WireNews.model_validate(d)

    def news(self, variant: Variant, key: tuple[Any, ...]) -> SeatNews:
        """The `SeatNews` again (``key``: the seat's own, e.g. ``(seq, viewer, hand_no)``)."""
        d = {name: getattr(self, name) for name in WireNews.model_fields if name not in WIRE_ONLY}
        d["view"] = self.view.view(variant)
        d["legal"] = legal_of(self)
        d["key"] = key
        return SeatNews(**d)


def wire_legal(legal: Any, phase: Phase) -> dict[str, Any]:
    """``legal`` (a seat's legal actions) as the wire's fields ``legal``, ``picks``,
    ``bids`` and ``bids_at`` (`WireNews`, `Decided`): a pass's or a burial's choices as
    `WirePicks`, an auction's run of bids as their amounts."""
    if isinstance(legal, CardSetChoices):
        faces, k, budget, free = legal.spec()
        kind = "pass_cards" if phase is Phase.PASS else "bury"
        return {"picks": WirePicks(kind=kind, faces=faces, k=k, budget=budget, free=free), "legal": ()}
    at = [i for i, a in enumerate(legal) if isinstance(a, Bid)]
    if at and at == list(range(at[0], at[0] + len(at))):  # (one run of bids, as an auction has)
        return {
            "bids": tuple([legal[i].amount for i in at]),
            "bids_at": at[0],
            "legal": tuple(legal[: at[0]]) + tuple(legal[at[-1] + 1 :]),
        }
    return {"legal": tuple(legal)}


def legal_of(wire: Any) -> Any:
    """The legal actions again from a message's ``legal``, ``picks``, ``bids`` and
    ``bids_at`` (`wire_legal`): a tuple, or for a pass or a burial the engine's `CardSetChoices`."""
    if wire.picks is not None:
        return wire.picks.choices()
    if wire.bids:
        at = min(wire.bids_at, len(wire.legal))
        return (*wire.legal[:at], *[bid_action(x) for x in wire.bids], *wire.legal[at:])
    return wire.legal


class SearchKept(NamedTuple):
    """The expert's search "play for me" made a move by, as the review reads it
    (`Decision.auto_search`): the deals it tried, the play-outs or nodes it took, and the
    moves it weighed (the move made alone, where it was among them)."""

    deals: int
    nodes: int
    actions: tuple[Any, ...]


class WireSearch(BaseModel):
    """The expert's search "play for me" made a move by (`review.search_made_by`), as
    much of it as the review reads: the deals it tried, its play-outs or nodes, and whether
    the move made was among the moves it weighed.  A seat sends it with the move (`Act`),
    and the host sends it back with that decision after a welcome (`Decided`), so the
    review of a terminal that joined again reports the move by it, not by another search
    of its own that could say otherwise."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    deals: int = Field(ge=1, le=10_000_000)
    nodes: int = Field(ge=0, le=10**15)
    weighed: bool = True

    @staticmethod
    def of(search: Any, action: Any) -> WireSearch | None:
        """``search`` (an `Analysis` or a `Trial`, or None) as sent with ``action``; None
        for none, or one that searched no deal."""
        deals, nodes = getattr(search, "deals", 0), getattr(search, "nodes", 0)
        if search is None or not isinstance(deals, int) or not isinstance(nodes, int) or deals < 1 or nodes < 0:
            return None
        return WireSearch(deals=deals, nodes=min(nodes, 10**15), weighed=action in tuple(search.actions))

    def kept(self, action: Any) -> SearchKept:
        """The search again, as the review reads it, for the move ``action`` it made."""
        return SearchKept(self.deals, self.nodes, (action,) if self.weighed else ())


# ---------------------------------------------------------------------- down: host to seat

SeatState = Literal["here", "waiting", "disconnected", "bot", "local"]


class SeatInfo(BaseModel):
    """One person at the table as `TableState` tells it: ``state`` is ``local`` (plays at
    the host's terminal, or a bot of the host's), ``here`` (connected), ``waiting`` (never
    joined yet), ``disconnected`` (gone, the game waits) or ``bot`` (a bot plays for them
    while they are away); ``line`` is that as the table shows it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    person: int
    name: str = Field(max_length=NAME_MAX)
    state: SeatState
    line: str = Field(default="", max_length=200)


class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    seat: int  # the person this connection plays (an index into ``names``)
    variant: dict[str, Any]  # `Variant.model_dump(mode="json")`
    names: tuple[Annotated[str, Field(max_length=NAME_MAX)], ...] = Field(max_length=8)
    seats: tuple[SeatInfo, ...] = Field(max_length=8)

    def the_variant(self) -> Variant:
        """The table's `Variant`; `ProtocolError` when it is not one."""
        try:
            return Variant.model_validate(self.variant)
        except ValueError as exc:
            raise ProtocolError(f"the welcome's variant is not one ({_one_line(exc)})") from None


class News(_Message):
    type: Literal["news"] = "news"
    seq: int = Field(ge=0)
    news: WireNews
    outcome: dict[str, Any] | None = None  # the hand's result as the result screens draw it


class Decided(_Message):
    """One decision this seat made earlier in the hand, as the host took it: the view it
    was made from, the legal actions then (written as `WireNews` writes them) and the
    action; ``seq`` the game's decisions before it (the number of the news it answered).
    Sent after a `Welcome` for each of the seat's decisions in the hand so far, so that a
    terminal that (re)joins mid-hand reviews the whole hand.  ``auto``: made by "play for
    me" (the review says it was made for the person); ``stood_in``: a bot's move for the
    person while they were away, not theirs to review (the review says where a bot played
    for them)."""

    type: Literal["decided"] = "decided"
    seq: int = Field(ge=0)
    hand_no: int = Field(ge=0)
    view: WireView
    legal: tuple[Action, ...] = Field(max_length=2000)
    picks: WirePicks | None = None
    bids: tuple[int, ...] = Field(default=(), max_length=5000)
    bids_at: int = Field(default=0, ge=0, le=2000)
    action: Action
    auto: bool = False
    stood_in: bool = False
    # the expert's search "play for me" made it by, as the seat sent it (`Act.search`)
    search: WireSearch | None = None


class Refused(_Message):
    type: Literal["refused"] = "refused"
    reason: str = Field(max_length=500)


class TableState(_Message):
    type: Literal["table"] = "table"
    seats: tuple[SeatInfo, ...] = Field(max_length=8)


class Replaced(_Message):
    type: Literal["replaced"] = "replaced"


class Bye(_Message):
    type: Literal["bye"] = "bye"
    reason: str = Field(default="", max_length=500)


# ---------------------------------------------------------------------- up: seat to host


class Hello(_Message):
    type: Literal["hello"] = "hello"
    code: str = Field(max_length=64)
    last_seq: int = Field(default=-1, ge=-1)


class Act(_Message):
    """A seat's move; ``auto``: made for the person by "play for me" (``a``), which the
    host keeps (`Controller.note_auto`) so that the review after a rejoin says so, with
    ``search``, the expert's search it was made by (sent only with one: `WireSearch`)."""

    type: Literal["act"] = "act"
    seq: int = Field(ge=0)
    action: Action
    auto: bool = False
    search: WireSearch | None = None


class Ready(_Message):
    type: Literal["ready"] = "ready"
    seq: int = Field(default=0, ge=0)


class Leave(_Message):
    type: Literal["leave"] = "leave"


Down = Welcome | News | Decided | Refused | TableState | Replaced | Bye
Up = Hello | Act | Ready | Leave
DOWN_TYPES = {"welcome", "news", "decided", "refused", "table", "replaced", "bye"}
UP_TYPES = {"hello", "act", "ready", "leave"}
_DOWN: TypeAdapter[Any] = TypeAdapter(Annotated[Down, Field(discriminator="type")])
_UP: TypeAdapter[Any] = TypeAdapter(Annotated[Up, Field(discriminator="type")])
MAX_DEPTH = 12  # the deepest a message nests (a view's tricks: 6)


def encode(msg: _Message) -> str:
    """``msg`` as the JSON text sent (a ``search`` only where there is one: a peer of an
    earlier version, which does not know the field, reads every other message as before)."""
    if getattr(msg, "search", True) is None:
        return msg.model_dump_json(exclude={"search"})
    return msg.model_dump_json()


def decode_down(text: str | bytes) -> Any:
    """A message from the host; `ProtocolError` when it is not one."""
    return _decode(text, _DOWN, DOWN_TYPES, "from the host")


def decode_up(text: str | bytes) -> Any:
    """A message from a seat; `ProtocolError` when it is not one (the text says why, in one
    line, fit to send back in `Refused`)."""
    return _decode(text, _UP, UP_TYPES, "from a seat")


def _decode(text: str | bytes, adapter: TypeAdapter[Any], types: set[str], where: str) -> Any:
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "replace"))
    if size > MAX_MESSAGE:
        raise ProtocolError(f"a message is at most {MAX_MESSAGE} bytes; this one has {size}")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("a message is UTF-8 JSON text; this one is not UTF-8") from None
    try:
        data = parse_json(text, max_depth=MAX_DEPTH)
    except TooDeep:
        raise ProtocolError(f"a message nests at most {MAX_DEPTH} deep") from None
    except ValueError:
        raise ProtocolError("a message is one JSON object; this one is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is one JSON object with v and type")
    version = data.get("v")
    if isinstance(version, int) and not isinstance(version, bool) and version != PROTOCOL_VERSION:
        said = data.get("reason") if data.get("type") in ("bye", "refused") else ""
        raise OtherVersion(version, _said(said))
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        said = f"protocol version {_shown(version)} is not spoken here"
        raise ProtocolError(f"{said}; this table speaks {PROTOCOL_VERSION}")
    kind = data.get("type")
    if kind not in types:
        known = ", ".join(sorted(types))
        raise ProtocolError(f"unknown message type {_shown(kind)} {where}; the types are {known}")
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        raise ProtocolError(f"bad {kind} message: {_first_error(exc, kind)}") from None


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _said(text: Any) -> str:
    """Another version's ``reason`` as this one shows it: a string, on one line, control
    characters written out, at most 200 characters, its end's full stop dropped; else ``""``."""
    if not isinstance(text, str):
        return ""
    said = visible(" ".join(text[:1000].split())).rstrip(".")
    return said if len(said) <= 200 else said[:197] + "..."


def _one_line(exc: Exception | str) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 200 else text[:197] + "..."


def _first_error(exc: ValidationError, kind: str) -> str:
    """The first thing wrong, on one line: where in the message and what is wrong."""
    err = exc.errors(include_url=False)[0]
    loc = err["loc"][1:] if err["loc"][:1] == (kind,) else err["loc"]  # (the type's own tag first)
    where = ".".join(str(part) for part in loc)
    msg = str(err["msg"]).removeprefix("Value error, ")
    text = f"{where}: {msg}" if where else msg
    more = exc.error_count() - 1
    if more:
        text += f"; and {more} more"
    return _one_line(text)


def news_message(seq: int, news: SeatNews, outcome: dict[str, Any] | None = None) -> News:
    """The `News` of ``news`` (its view without the variant), the ``seq``-th decision's."""
    return News(seq=seq, news=WireNews.of(news), outcome=outcome)


__all__ = [
    "HOST_ONLY",
    "MAX_MESSAGE",
    "PROTOCOL_VERSION",
    "Act",
    "Bye",
    "Decided",
    "Hello",
    "Leave",
    "News",
    "OtherVersion",
    "ProtocolError",
    "Ready",
    "Refused",
    "Replaced",
    "SearchKept",
    "SeatInfo",
    "TableState",
    "Welcome",
    "WireMeld",
    "WireNews",
    "WireSearch",
    "WireView",
    "decode_down",
    "decode_up",
    "encode",
    "legal_of",
    "news_message",
    "other_version_line",
    "wire_legal",
]
