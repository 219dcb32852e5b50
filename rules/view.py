"""What every round flow shares (DESIGN.md "Forms and round flows"): the `Phase` of a
round and the `SeatView` a seat sees, plus the fast NamedTuple helpers the flows build
their states with.

Each flow module (`auction_round`, `stock_round`, `draft_round`) keeps its own state
type; all of them expose the attributes listed in `rules.rounds` and answer `observe`
with this one `SeatView`, so bots, the simulator, saves and the app never need to know
which form is being played.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import Card, Suit
from .variant import Variant

if TYPE_CHECKING:
    from .meld import MeldResult
    from .results import HandResult

__all__ = [
    "CORE_VIEW_FIELDS",
    "Phase",
    "SeatView",
    "changed",
    "new_tuple",
    "play_sides",
    "view_extras",
    "view_without_auction",
]

new_tuple = tuple.__new__
"""Builds a NamedTuple from the tuple of all its fields, skipping the keyword handling of the
NamedTuple's own constructor: the hot paths build rounds and views many thousands of times a
second.  It checks nothing, so only `changed` (a copy of a whole value) and each state's one
constructor call it: `make_seat_view` here, `make_round_state` and `make_table`
(`rules.auction_round`), `make_stock_round`, `make_draft_round`.  Each takes a ``<Type>Fields``
tuple, one type per field in field order, so the type checker checks every field's type and
the count at each call, and asserts the count at run time; tests/rules/test_state_constructors.py
checks each ``<Type>Fields`` against its class and that no other code builds a state."""


def changed(value: Any, fields: dict[str, int], changes: dict[str, Any]) -> Any:
    """``value._replace(**changes)`` for our NamedTuples, a few times faster (rounds
    build many states a second).  ``fields`` maps field name → index.  Raises
    `ValueError` for a name that is not a field."""
    items = list(value)
    try:
        for name, new in changes.items():
            items[fields[name]] = new
    except KeyError as exc:
        raise ValueError(f"{type(value).__name__} has no field {exc.args[0]!r}") from None
    return new_tuple(type(value), items)


class Phase(StrEnum):
    """Where a round stands (DESIGN.md state machine), for every flow."""

    DEAL = "deal"  # seats that may call a misdeal decide (§5.8)
    KITTY = "kitty"  # the bidder keeps one kitty card and gives one to each other seat (§2.4, §0.4.18)
    DRAFT = "draft"  # two-hand draft: keep or reject the top card (§2.8)
    AUCTION = "auction"  # §3
    TRUMP = "trump"  # bidder names trump (§3.1.6, §3.6)
    CALL = "call"  # five-hand: the bidder calls a trump card, its holder is the partner (§2.12)
    ASK_PASS = "ask_pass"  # pass_optional: the bidder asks for the pass or plays without it (§4.1, §0.4.19)
    PASS = "pass"  # partnership passing (§4.1)
    BURY = "bury"  # bidder buries after taking the kitty (§4.2)
    MELD = "meld"  # every meld shown; the bidder may concede (§8.3)
    TRICKS = "tricks"  # §6 (and both phases of the two-hand stock game, §2.7)
    DECLARE = "declare"  # two-hand stock game: the trick's winner may meld (§5.9)
    LAST_PICK = "last_pick"  # two-hand: the winner of trick 12 picks a stock card (winner_chooses)
    DONE = "done"  # the state's ``result`` holds the `HandResult`


class SeatView(NamedTuple):
    """What one seat may know (DESIGN.md "What a seat may see"), in every form: its own
    cards, the bids, trump, the cards it passed and received, every shown meld, every
    played card, the buried cards only for the bidder, and the scores.  Nothing else.

    The fields after ``result`` belong to the two-hand forms (empty elsewhere):
    ``turn_up`` the face-up trump card under the stock (None once taken);
    ``stock_size`` face-down cards left in the stock (the draft: in the pack);
    ``table_melds`` per seat the cards lying melded on the table (§2.7);
    ``meld_log`` every meld declared this hand as ``(seat, name, cards, points)``;
    ``meld_points`` per seat the meld scored so far this hand (x10);
    ``known`` per seat the cards in that seat's hand the other seat has seen (the
    turn-up taken, the last face-down card shown, melds picked back up, a shown dix);
    ``looking_at`` the draft card this seat is deciding on (only when it is to act);
    ``discards`` the cards this seat saw go to its own draft discard pile (§2.8);
    ``laid`` per seat the table cards as ``(face, a, b, c)``: the best meld value each
    has served in per class (§5.9; public, for planning the next meld);
    ``last_pair`` the last stock pair once taken, ``((seat, card), (seat, card))``, the
    trick's winner first (both cards are shown, §2.7.5).
    In the stock game ``hand`` and ``hand_sizes`` count the cards in hand only.

    The kitty handed out (``kitty_mode`` ``bidder_distributes_one_each`` or
    ``bidder_keeps_one_gives_one_each``, §2.4): ``from_kitty`` the card this seat took
    from it (only this seat's own); ``handed`` (the bidder's only) the cards it handed out
    so far, card k to the seat k places after it (k = 0 the card it kept).
    ``bury_restriction = "announce_trump_or_ace"`` (§4.2): ``buried_told`` (trumps, aces,
    aces of trump) among the buried cards, told to every seat, never which.

    Five-hand (``sides = "called_partner"``, §2.12, §0.4.11), public to every seat once
    the bidder has called: ``called_card`` the trump card called, ``partner`` the seat it
    made the bidder's partner (None before the call, and in every other form).
    `play_sides` is the seat → side map of this hand's play.
    """

    seat: int
    variant: Variant
    phase: Phase
    to_act: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[tuple[int, int], ...]
    high_bid: int
    bidder: int | None
    contract: int | None
    trump: Suit | None
    kitty: tuple[Card, ...]  # shown only when exposed, or to the bidder who took it
    buried: tuple[Card, ...]  # only the bidder sees them
    given: tuple[Card, ...]  # cards this seat passed
    received: tuple[Card, ...]  # cards this seat received
    melds: tuple[MeldResult, ...] | None
    trick: tuple[tuple[int, Card], ...]  # (seat, card) in play order
    leader: int
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    won: tuple[int, ...]
    scores: tuple[int, ...]
    target: int
    result: HandResult | None
    # two-hand forms
    turn_up: Card | None = None
    stock_size: int = 0
    table_melds: tuple[tuple[Card, ...], ...] = ()
    meld_log: tuple[tuple[int, str, tuple[Card, ...], int], ...] = ()
    meld_points: tuple[int, ...] = ()
    known: tuple[tuple[Card, ...], ...] = ()
    looking_at: Card | None = None
    discards: tuple[Card, ...] = ()
    laid: tuple[tuple[tuple[int, int, int, int], ...], ...] = ()
    last_pair: tuple[tuple[int, Card], ...] = ()
    # five-hand: the called card and the partner it made
    called_card: Card | None = None
    partner: int | None = None
    # the kitty handed out (§2.4, §0.4.18): the card this seat took from it; the bidder's own
    # record of the cards it handed so far (card k to the seat k after it, k = 0 kept)
    from_kitty: Card | None = None
    handed: tuple[Card, ...] = ()
    # bury_restriction = "announce_trump_or_ace" (§4.2): (trumps, aces, aces of trump) the bidder buried, told to all
    buried_told: tuple[int, ...] = ()

    @property
    def side_of(self) -> tuple[int, ...]:
        """Seat → side of the game's scores (`Variant.side_of`)."""
        return self.variant.side_of  # type: ignore[no-any-return]

    @property
    def play_sides(self) -> tuple[int, ...]:
        """Seat → side as the cards are played this hand: `side_of`, except that once a
        partner is called (§2.12) the bidder and partner are side 0 and the defenders
        side 1.  Before the call every seat is on its own."""
        return play_sides(self.variant.side_of, self.bidder, self.partner)

    @property
    def stock_open(self) -> bool:
        """Two-hand stock game: phase 1, while the stock lasts (§2.7)."""
        return self.stock_size > 0 or self.turn_up is not None


if TYPE_CHECKING:  # the type checker's alone: nothing is built at import
    SeatViewFields = tuple[
        int,  # seat
        Variant,  # variant
        Phase,  # phase
        int,  # to_act
        int,  # dealer
        tuple[Card, ...],  # hand
        tuple[int, ...],  # hand_sizes
        tuple[tuple[int, int], ...],  # bids
        int,  # high_bid
        int | None,  # bidder
        int | None,  # contract
        Suit | None,  # trump
        tuple[Card, ...],  # kitty
        tuple[Card, ...],  # buried
        tuple[Card, ...],  # given
        tuple[Card, ...],  # received
        tuple[MeldResult, ...] | None,  # melds
        tuple[tuple[int, Card], ...],  # trick
        int,  # leader
        tuple[tuple[int, tuple[Card, ...], int], ...],  # tricks
        tuple[int, ...],  # won
        tuple[int, ...],  # scores
        int,  # target
        HandResult | None,  # result
        Card | None,  # turn_up
        int,  # stock_size
        tuple[tuple[Card, ...], ...],  # table_melds
        tuple[tuple[int, str, tuple[Card, ...], int], ...],  # meld_log
        tuple[int, ...],  # meld_points
        tuple[tuple[Card, ...], ...],  # known
        Card | None,  # looking_at
        tuple[Card, ...],  # discards
        tuple[tuple[tuple[int, int, int, int], ...], ...],  # laid
        tuple[tuple[int, Card], ...],  # last_pair
        Card | None,  # called_card
        int | None,  # partner
        Card | None,  # from_kitty
        tuple[Card, ...],  # handed
        tuple[int, ...],  # buried_told
    ]
    """The fields of a `SeatView` in field order, one type each (`make_seat_view`)."""


def make_seat_view(fields: SeatViewFields) -> SeatView:
    """A `SeatView` from the tuple of its 39 fields (`rules.view.new_tuple`: how and why)."""
    assert len(fields) == 39, f"SeatView has 39 fields, got {len(fields)}"
    return new_tuple(SeatView, fields)  # type: ignore[no-any-return]


def play_sides(side_of: tuple[int, ...], bidder: int | None, partner: int | None) -> tuple[int, ...]:
    """Seat → side of one hand's play (`SeatView.play_sides`): ``side_of``, or with a
    called ``partner`` (§2.12) 0 for the bidder and partner and 1 for every defender."""
    if partner is None or bidder is None:
        return side_of
    return tuple(0 if s in (bidder, partner) else 1 for s in range(len(side_of)))


CORE_VIEW_FIELDS = SeatView._fields.index("turn_up")  # the fields every flow fills itself
_EXTRA_NAMES: tuple[str, ...] = SeatView._fields[CORE_VIEW_FIELDS:]
_EXTRA_DEFAULTS: tuple[Any, ...] = tuple(SeatView._field_defaults[f] for f in _EXTRA_NAMES)
_EXTRA_BY_NAME: dict[str, Any] = dict(zip(_EXTRA_NAMES, _EXTRA_DEFAULTS, strict=True))


def view_extras(**values: Any) -> tuple[Any, ...]:
    """The fields of a `SeatView` after the core ones (the two-hand forms', five-hand's
    called card and partner) in field order: ``values`` by name, the defaults elsewhere.
    Raises `ValueError` for a name that is not one of them."""
    if not values:
        return _EXTRA_DEFAULTS
    if not _EXTRA_BY_NAME.keys() >= values.keys():
        bad = sorted(set(values) - set(_EXTRA_NAMES))
        raise ValueError(f"SeatView has no two-hand field {bad[0]!r}")
    fields = _EXTRA_BY_NAME.copy()  # (in field order: a dict keeps its keys' order)
    fields.update(values)
    return tuple(fields.values())


def view_without_auction(
    state: Any,
    seat: int,
    *,
    trump: Suit | None,
    trick: tuple[tuple[int, Card], ...] = (),
    **extras: Any,
) -> SeatView:
    """The `SeatView` of ``seat`` in a flow with no auction, kitty or passing (the stock
    game of two or three, the draft): its own hand, every hand's size, the tricks and scores of
    ``state`` (which has the shared round attributes and ``scores``/``target``), and the
    two-hand fields in ``extras``.  Raises `ValueError` for a seat other than 0 or 1."""
    hands = state.hands
    if not 0 <= seat < len(hands):
        raise ValueError(f"seat {seat} is not at this table (0..{len(hands) - 1})")
    return make_seat_view(
        (
            seat,
            state.variant,
            state.phase,
            state.to_act,
            state.dealer,
            hands[seat],
            tuple(map(len, hands)),
            (),  # bids
            0,  # high bid
            None,  # bidder
            None,  # contract
            trump,
            (),  # kitty
            (),  # buried
            (),  # given
            (),  # received
            None,  # melds (the stock game keeps a meld log)
            trick,
            state.leader,
            state.tricks,
            state.won,
            state.scores,
            state.target,
            state.result,
            *view_extras(**extras),
        )
    )
