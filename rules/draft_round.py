"""The two-hand draft (RULES.md §2.8, §0.4 item 10): the hands are built, not dealt.

The whole pack lies face down; the players take turns, the non-dealer first.  On a
turn the player looks at the top card and keeps it (the next card goes, unseen, to
that player's discard pile) or rejects it (it goes to the discard pile and the next
card must be kept).  After 24 turns each holds 12 and the 24 discards lie in two piles;
the round goes on as an auction round (`rules.auction_round`) between the two: the
non-dealer must open, the bidder names trump, both meld, 12 tricks.  The counters of
each discard pile score for its owner (``draft_discards_count_for``).

`DraftRound` is the state of the draft itself; the draft's last turn returns the
auction round's `RoundState`, carrying the piles.  `rules.rounds` dispatches on the
state's type, so callers never see the change.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from . import auction_round
from .actions import DRAFT_ACTIONS, DraftCard, IllegalAction
from .cards import CARDS, Card, shuffled_deck
from .results import HandResult
from .variant import Variant
from .view import Phase, SeatView, changed, new_tuple, view_without_auction

__all__ = ["DraftRound", "apply", "explain_play", "legal_actions", "new_round", "observe"]


class DraftRound(NamedTuple):
    """The draft as a value (immutable; `apply` makes new ones).

    ``pack``: the cards still face down, top first (the seat to act looks at
    ``pack[0]``); ``hands``: per seat the cards kept so far, sorted; ``discards``: per
    seat its discard pile; ``seen``: per seat the discards it looked at (the rejected
    cards).  ``trick`` … ``points`` are empty: no card has been played yet.
    """

    variant: Variant
    phase: Phase
    to_act: int
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    leader: int
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    won: tuple[int, ...]
    points: tuple[int, ...]
    result: HandResult | None
    dealer: int
    pack: tuple[Card, ...]
    discards: tuple[tuple[Card, ...], ...]
    seen: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    target: int

    @property
    def trump(self) -> None:
        return None

    @property
    def bidder(self) -> None:
        return None

    @property
    def contract(self) -> None:
        return None


if TYPE_CHECKING:  # the type checker's alone: nothing is built at import
    DraftRoundFields = tuple[
        Variant,  # variant
        Phase,  # phase
        int,  # to_act
        tuple[tuple[Card, ...], ...],  # hands
        tuple[Card, ...],  # trick
        int,  # leader
        tuple[tuple[int, tuple[Card, ...], int], ...],  # tricks
        tuple[int, ...],  # won
        tuple[int, ...],  # points
        HandResult | None,  # result
        int,  # dealer
        tuple[Card, ...],  # pack
        tuple[tuple[Card, ...], ...],  # discards
        tuple[tuple[Card, ...], ...],  # seen
        tuple[int, ...],  # scores
        int,  # target
    ]
    """The fields of a `DraftRound` in field order, one type each (`make_draft_round`)."""


def make_draft_round(fields: DraftRoundFields) -> DraftRound:
    """A `DraftRound` from the tuple of its 16 fields (`rules.view.new_tuple`: how and why)."""
    assert len(fields) == 16, f"DraftRound has 16 fields, got {len(fields)}"
    return new_tuple(DraftRound, fields)  # type: ignore[no-any-return]


_FIELDS = {name: i for i, name in enumerate(DraftRound._fields)}


def new_round(
    variant: Variant,
    dealer: int = 0,
    rng: random.Random | None = None,
    *,
    pack: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    target: int | None = None,
) -> DraftRound:
    """Shuffle the pack for the draft (RULES.md §2.8); the non-dealer looks first.

    ``pack``: an explicit order of the 48 cards, top first.  Raises `ValueError` if it is
    not one 48-card pack."""
    if pack is None:
        cards = tuple(shuffled_deck(variant.deck, rng or random.Random()))
    else:
        cards = tuple(CARDS[c] for c in pack)
        if sorted(cards) != sorted(CARDS * 2):
            raise ValueError("an explicit draft pack is the 48 cards of one pinochle pack")
    return make_draft_round(
        (
            variant,
            Phase.DRAFT,
            1 - dealer,
            ((), ()),
            (),
            -1,
            (),
            (0, 0),
            (0, 0),
            None,
            dealer,
            cards,
            ((), ()),
            ((), ()),
            tuple(scores) if scores is not None else (0, 0),
            target if target is not None else variant.game_target,
        )
    )


def legal_actions(state: DraftRound) -> list[Any]:
    """Keep or reject the card looked at (§2.8): ``[DraftCard(False), DraftCard(True)]``."""
    return list(DRAFT_ACTIONS)


def explain_play(state: DraftRound, action: Any) -> str | None:
    """Why ``action`` may not be taken now (None if it may)."""
    if type(action) is DraftCard:
        return None
    return f"{type(action).__name__} is not an action of the draft: keep or reject the card you look at"


def apply(state: DraftRound, action: Any) -> Any:
    """The state after the seat to act keeps or rejects the top card (§2.8).  The last
    turn returns the auction round's `RoundState` (the non-dealer must open the
    bidding).  Raises `IllegalAction` for any other action."""
    if type(action) is not DraftCard:
        raise IllegalAction(explain_play(state, action) or "keep or reject the card")
    seat = state.to_act
    top, nxt = state.pack[0], state.pack[1]
    kept, away = (top, nxt) if action.keep else (nxt, top)
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*hands[seat], kept)))
    discards = list(state.discards)
    discards[seat] = tuple(sorted((*discards[seat], away)))
    seen = list(state.seen)
    if not action.keep:
        seen[seat] = tuple(sorted((*seen[seat], top)))
    pack = state.pack[2:]
    if pack:
        return changed(
            state,
            _FIELDS,
            {"to_act": 1 - seat, "hands": tuple(hands), "discards": tuple(discards), "seen": tuple(seen), "pack": pack},
        )
    return auction_round.new_round(
        state.variant,
        state.dealer,
        hands=hands,
        discards=discards,
        discards_seen=seen,
        scores=state.scores,
        target=state.target,
    )


def observe(state: DraftRound, seat: int) -> SeatView:
    """The `SeatView` of ``seat`` during the draft: the cards it kept, the card it looks
    at (when it is to act), the discards it saw, and the pack's size; never the other
    seat's cards.  Raises `ValueError` for a seat other than 0 or 1."""
    return view_without_auction(
        state,
        seat,
        trump=None,
        stock_size=len(state.pack),
        looking_at=state.pack[0] if seat == state.to_act else None,
        discards=state.seen[seat],
    )
