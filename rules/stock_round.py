"""The two-hand stock round: the classic, bezique-like two-hand pinochle (RULES.md §2.7,
§5.9, §6.4, §0.4 item 9).

deal 12 each (packets of ``deal_packet``) → the next card turned up for trump (a turned
9 scores the dealer 10 at once) → phase 1, while the stock lasts: the non-dealer leads,
any card may be played, from the hand or from one's own melds on the table; the
winner of each trick may make one meld and count the dix (`Phase.DECLARE`), then
draws first → the last pair: the winner takes the face-down card and shows it, the
loser takes the turn-up (``last_stock_pick``) → phase 2: melds go back to the hands,
12 tricks under ``two_hand_phase2_rule`` → scored: meld (scored when melded) plus
trick points (``count_method``, last trick ``last_trick_bonus``).

`StockRound` is a frozen value like the auction round's `RoundState` and answers the
same functions (`new_round`, `legal_actions`, `apply`, `observe`, `explain_play`);
`rules.rounds` dispatches to them.  Seats are 0 and 1; the non-dealer is ``1 - dealer``.

Three-hand with the turn-up (§0.4 item 22, ``players = 3``) is the same game for three
seats, each for self: 12 each, the next card turned for trump, an 11-card stock; the
eldest (the dealer's left) leads; the winner of each trick may meld and count the dix,
then each draws in turn clockwise from the winner while the stock lasts, the turn-up
going to the last to draw; then phase 2.  Every rule above reads "each player" for
"both players", "clockwise from the winner" for "the winner, then the loser".

Progressive melding (§5.9) is kept per card on the table: each laid card remembers,
per meld class (A runs and marriages, B arounds, C pinochles), the value of the best
meld it has served in.  A new meld must take at least one card from the hand, and may
reuse a laid card only if the card has served in no meld of the new meld's class
worth as much (royal marriage 40, then the run 150 with A 10 J from the hand: 190;
the run first, then no royal marriage from its K and Q).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import (
    DIX_ACTIONS,
    NO_MELD,
    PLAYS,
    TABLE_PLAYS,
    TAKE_STOCK,
    DeclareDix,
    DeclareMeld,
    IllegalAction,
    NoMeld,
    Play,
    TakeStock,
)
from .auction_round import explain_card
from .cards import CARDS, SUITS, Card, Suit, _coerce_card, format_cards, shuffled_deck
from .meld import MARRIAGE, ROYAL_MARRIAGE, meld_tables
from .play import legal_faces, trick_winner
from .results import HandResult, SideResult
from .variant import Variant
from .view import Phase, SeatView, changed, new_tuple, view_without_auction

__all__ = [
    "MeldKind",
    "StockRound",
    "after_meld",
    "apply",
    "apply_listed",
    "explain_play",
    "kind_of",
    "legal_actions",
    "meld_faces",
    "meld_kinds",
    "melds_allowed",
    "new_round",
    "observe",
]

NINE = 5  # rank index of the 9


class StockRound(NamedTuple):
    """One hand of two-hand pinochle as a value (immutable; `apply` makes new ones).

    ``hands``: per seat the sorted cards in the hand (not those laid on the table);
    ``laid``: per seat the cards on the table as ``(face, a, b, c)``, where a, b, c
    are the best meld values (x10) the card has served in per class (0 = none);
    ``stock``: the face-down stock, top first; ``turn_up``: the face-up trump card
    (None once taken); ``meld_log``: ``(seat, name, cards, points)`` per meld counted;
    ``meld_points``: per seat; ``dix_shown``: per seat, trump 9s in the hand already
    counted; ``turn``: (melded, dix counted) for the trick winner's current declare
    turn; ``known``: per seat, hand cards the other seat has seen; ``trick``,
    ``leader``, ``tricks``, ``won``, ``points`` as in the auction round.
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
    # [legal actions] once computed: a pure function of the other fields, a fresh list in each
    # new state (`evolve`), filled by `legal_actions` or ahead of it by `_declare_or_draw` with the
    # same list (RoundState.memo says why this is safe)
    memo: list[Any]
    dealer: int
    trump_index: int
    stock: tuple[Card, ...]
    turn_up: Card | None
    laid: tuple[tuple[tuple[int, int, int, int], ...], ...]
    meld_log: tuple[tuple[int, str, tuple[Card, ...], int], ...]
    meld_points: tuple[int, ...]
    dix_shown: tuple[int, ...]
    turn: tuple[bool, bool]
    known: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    target: int
    last_pair: tuple[tuple[int, Card], ...] = ()

    @property
    def trump(self) -> Suit:
        return SUITS[self.trump_index]

    @property
    def bidder(self) -> None:
        return None

    @property
    def contract(self) -> None:
        return None

    @property
    def stock_open(self) -> bool:
        """Phase 1: cards are still to be drawn (§2.7)."""
        return bool(self.stock) or self.turn_up is not None

    def evolve(self, **changes: Any) -> StockRound:
        """A copy with ``changes`` (and a fresh legal-action memo); `ValueError` for a name
        that is not a field."""
        changes["memo"] = [None]
        return changed(self, _FIELDS, changes)  # type: ignore[no-any-return]


if TYPE_CHECKING:  # the type checker's alone: nothing is built at import
    StockRoundFields = tuple[
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
        list[Any],  # memo
        int,  # dealer
        int,  # trump_index
        tuple[Card, ...],  # stock
        Card | None,  # turn_up
        tuple[tuple[tuple[int, int, int, int], ...], ...],  # laid
        tuple[tuple[int, str, tuple[Card, ...], int], ...],  # meld_log
        tuple[int, ...],  # meld_points
        tuple[int, ...],  # dix_shown
        tuple[bool, bool],  # turn
        tuple[tuple[Card, ...], ...],  # known
        tuple[int, ...],  # scores
        int,  # target
        tuple[tuple[int, Card], ...],  # last_pair
    ]
    """The fields of a `StockRound` in field order, one type each (`make_stock_round`)."""


def make_stock_round(fields: StockRoundFields) -> StockRound:
    """A `StockRound` from the tuple of its 24 fields (`rules.view.new_tuple`: how and why)."""
    assert len(fields) == 24, f"StockRound has 24 fields, got {len(fields)}"
    return new_tuple(StockRound, fields)  # type: ignore[no-any-return]


_FIELDS = {name: i for i, name in enumerate(StockRound._fields)}


# ---------------------------------------------------------------------- meld kinds


class MeldKind(NamedTuple):
    """One meld the stock game knows (§5.1, §5.9): its name, class (0 A runs and
    marriages, 1 B arounds, 2 C pinochles), value (x10) and the faces it needs (a face
    twice for a double)."""

    name: str
    cls: int
    points: int
    faces: tuple[int, ...]


_KINDS: dict[tuple[int, int], tuple[Variant, tuple[MeldKind, ...]]] = {}


def meld_kinds(variant: Variant, trump: int) -> tuple[MeldKind, ...]:
    """Every meld of the single-deck table under ``trump`` (suit index), as `MeldKind`
    (RULES.md §5.1; doubles only with ``double_meld_values = special``, where a double is
    one meld of its own value; with ``twice_single`` each copy is melded separately)."""
    hit = _KINDS.get((id(variant), trump))
    if hit is not None and hit[0] is variant:
        return hit[1]
    t = meld_tables(variant)
    special = variant.double_meld_values == "special"
    b = trump * 6
    run = (b, b + 1, b + 2, b + 3, b + 4)
    kinds = [MeldKind("run", 0, t.run[1], run)]
    if special:
        kinds.append(MeldKind("double run", 0, t.run[2], tuple(sorted(run * 2))))
    kinds.append(MeldKind("royal marriage", 0, ROYAL_MARRIAGE, (b + 2, b + 3)))
    kinds += [MeldKind("marriage", 0, MARRIAGE, (s * 6 + 2, s * 6 + 3)) for s in range(4) if s != trump]
    for word, rank, values in (
        ("aces", 0, t.aces),
        ("kings", 2, t.kings),
        ("queens", 3, t.queens),
        ("jacks", 4, t.jacks),
    ):
        faces = (rank, 6 + rank, 12 + rank, 18 + rank)
        kinds.append(MeldKind(f"{word} around", 1, values[1], faces))
        if special:
            kinds.append(MeldKind(f"double {word}", 1, values[2], tuple(sorted(faces * 2))))
    kinds.append(MeldKind("pinochle", 2, t.pinochle[1], (3, 16)))
    if special:
        kinds.append(MeldKind("double pinochle", 2, t.pinochle[2], (3, 3, 16, 16)))
    out = tuple(kinds)
    _KINDS[(id(variant), trump)] = (variant, out)
    return out


def kind_of(variant: Variant, trump: int, action: DeclareMeld) -> MeldKind:
    """The `MeldKind` a `DeclareMeld` names under ``trump`` (suit index): its class and
    points (§5.1).  Raises `ValueError` for a name and cards that are no meld."""
    faces = sorted(action.cards)
    for kind in meld_kinds(variant, trump):
        if kind.name == action.name and sorted(kind.faces) == faces:
            return kind
    raise ValueError(f"{action.name} {format_cards(action.cards)} is not a meld with this trump")


def _assign(
    kind: MeldKind, hand: Sequence[int], laid: Sequence[tuple[int, int, int, int]]
) -> tuple[list[int], list[int]] | None:
    """Which cards make ``kind`` now (§5.9): ``(hand cards, indexes into laid)``, or None.

    Laid cards are reused where the rule allows (they have served in no meld of the
    class worth as much), the best-used eligible copy first, so fresher copies stay
    free; at least one card comes from the hand."""
    slot = 1 + kind.cls
    used: set[int] = set()
    from_hand: list[int] = []
    reuse: list[int] = []
    spare = list(hand)
    for f in kind.faces:
        best = -1
        for i, card in enumerate(laid):
            if (
                card[0] == f
                and i not in used
                and card[slot] < kind.points
                and (best < 0 or card[slot] > laid[best][slot])
            ):
                best = i
        if best >= 0:
            used.add(best)
            reuse.append(best)
        elif f in spare:
            spare.remove(f)
            from_hand.append(f)
        else:
            return None
    if not from_hand:
        # every card could be reused: the first face the hand also holds comes from it
        for k, i in enumerate(reuse):
            f = laid[i][0]
            if f in spare:
                from_hand.append(f)
                del reuse[k]
                break
        else:
            return None
    return from_hand, reuse


def melds_allowed(
    variant: Variant, trump: int, hand: Sequence[int], laid: Sequence[tuple[int, int, int, int]]
) -> list[tuple[MeldKind, DeclareMeld]]:
    """The melds a player holding ``hand`` with ``laid`` on the table may make now
    (RULES.md §5.9), each as its `MeldKind` and its action (a new list each call).
    ``laid`` as in `StockRound.laid`; ``trump`` a suit index.  Bots use it to plan their
    melds.  Kept per (variant and trump, the hand's cards of some meld's faces, laid) in
    `_ALLOWED` (the other cards play no part): a play-out of the expert's stock search
    asks for the same hands again (about half the calls)."""
    kinds = meld_kinds(variant, trump)
    faces = meld_faces(variant, trump)
    # (``kinds`` lives in `_KINDS` for good: its id is its own)
    key = (id(kinds), tuple([c for c in hand if c in faces]), tuple(laid))
    hit = _ALLOWED.get(key)
    if hit is None:
        if len(_ALLOWED) >= _ALLOWED_MAX:
            _ALLOWED.clear()
        # a meld whose faces are not all in the hand or on the table is out at a glance
        # (`_assign` would find no card for that face)
        held = {*hand, *(c[0] for c in laid)}
        hit = _ALLOWED[key] = [(k, _declare(k)) for k in kinds if held.issuperset(k.faces) and _assign(k, hand, laid)]
    return list(hit)


def meld_faces(variant: Variant, trump: int) -> frozenset[int]:
    """The faces the melds of `meld_kinds` use under ``trump`` (RULES.md §5.1; the dix, a
    count of its own, §2.7, not among them): a hand's other cards take no part in its
    melds.  Kept per `meld_kinds` tuple in `_KIND_FACES`."""
    kinds = meld_kinds(variant, trump)
    faces = _KIND_FACES.get(id(kinds))  # (``kinds`` lives in `_KINDS` for good: its id is its own)
    if faces is None:
        faces = _KIND_FACES[id(kinds)] = frozenset(f for k in kinds for f in k.faces)
    return faces


def _declare(kind: MeldKind) -> DeclareMeld:
    """The action that melds ``kind`` (one value a kind, kept in `_DECLARE`)."""
    got = _DECLARE.get(kind)
    if got is None:
        got = _DECLARE[kind] = DeclareMeld(kind.name, tuple(CARDS[f] for f in kind.faces))
    return got


_DECLARE: dict[MeldKind, DeclareMeld] = {}
_KIND_FACES: dict[int, frozenset[int]] = {}  # per `meld_kinds` tuple (by id), the faces its melds use
_AllowedKey = tuple[int, tuple[int, ...], tuple[tuple[int, int, int, int], ...]]
_ALLOWED: dict[_AllowedKey, list[tuple[MeldKind, DeclareMeld]]] = {}
_ALLOWED_MAX = 100_000


def after_meld(
    kind: MeldKind, hand: Sequence[int], laid: Sequence[tuple[int, int, int, int]]
) -> tuple[tuple[Card, ...], tuple[tuple[int, int, int, int], ...]]:
    """The hand and the laid cards after melding ``kind`` (§5.9): the cards reused on the
    table take the meld's value in its class, the rest move from the hand to the table.
    Raises `ValueError` if ``kind`` cannot be melded from these cards."""
    got = _assign(kind, hand, laid)
    if got is None:
        raise ValueError(f"{kind.name} cannot be melded from these cards")
    from_hand, reuse = got
    slot = 1 + kind.cls
    cards = [list(c) for c in laid]
    for i in reuse:
        cards[i][slot] = kind.points
    for f in from_hand:
        card = [f, 0, 0, 0]
        card[slot] = kind.points
        cards.append(card)
    rest = list(hand)
    for f in from_hand:
        rest.remove(f)
    return tuple(CARDS[c] for c in rest), tuple(sorted((c[0], c[1], c[2], c[3]) for c in cards))


def _melds_now(state: StockRound, seat: int) -> list[tuple[MeldKind, DeclareMeld]]:
    """The melds ``seat`` may make now (§5.9), each with its action."""
    return melds_allowed(state.variant, state.trump_index, state.hands[seat], state.laid[seat])


def _dix_now(state: StockRound, seat: int) -> list[DeclareDix]:
    """The dix counts open to ``seat`` (§2.7): exchange the trump 9 for the turn-up while
    the turn-up is not itself the 9; once it is, show a trump 9 not yet counted."""
    nine = state.trump_index * 6 + NINE
    held = state.hands[seat].count(nine)  # type: ignore[arg-type]
    if not held or state.turn_up is None:
        return []
    if state.turn_up != nine:
        return [DIX_ACTIONS[1]]
    return [DIX_ACTIONS[0]] if held > state.dix_shown[seat] else []


def _declare_options(state: StockRound, seat: int) -> list[Any]:
    melded, dix = state.turn
    out: list[Any] = [] if melded else [m for _, m in _melds_now(state, seat)]
    if not dix:
        out += _dix_now(state, seat)
    return out


# ---------------------------------------------------------------------- dealing


def new_round(
    variant: Variant,
    dealer: int = 0,
    rng: random.Random | None = None,
    *,
    hands: Sequence[Sequence[int]] | None = None,
    stock: Sequence[int] = (),
    turn_up: int | None = None,
    scores: Sequence[int] | None = None,
    target: int | None = None,
) -> StockRound:
    """Deal a two-hand hand (RULES.md §2.7): 12 each in packets of ``deal_packet``,
    the non-dealer first; the next card is turned up for trump; the other 23 are the
    stock.  A turned-up 9 scores the dealer ``dix_value`` at once.

    Or an explicit deal: ``hands`` (two lists of 12), ``stock`` (23 cards, top first)
    and ``turn_up``.  ``scores`` per seat and ``target`` as in the auction round.
    Raises `ValueError` if an explicit deal is not one 48-card pack.
    """
    n = variant.players
    if hands is None:
        pack = shuffled_deck(variant.deck, rng or random.Random())
        dealt: list[list[Card]] = [[] for _ in range(n)]
        pos = 0
        seat = (dealer + 1) % n
        while len(dealt[dealer]) < 12:
            take = min(variant.deal_packet, 12 - len(dealt[seat]))
            dealt[seat] += pack[pos : pos + take]
            pos += take
            seat = (seat + 1) % n
        up = pack[pos]
        rest = tuple(pack[pos + 1 :])
    else:
        dealt = [[CARDS[c] for c in h] for h in hands]
        if turn_up is None:
            raise ValueError("an explicit two-hand deal needs the turn-up card")
        up = CARDS[turn_up]
        rest = tuple(CARDS[c] for c in stock)
        every = sorted([c for h in dealt for c in h] + [up, *rest])
        if len(dealt) != n or any(len(h) != 12 for h in dealt) or every != sorted(CARDS * 2):
            raise ValueError(
                f"an explicit deal is {n} hands of 12, a turn-up and a {47 - 12 * n}-card stock of one 48-card pack"
            )
    trump = int(up) // 6
    meld_points = [0] * n
    log: tuple[tuple[int, str, tuple[Card, ...], int], ...] = ()
    if int(up) % 6 == NINE:
        meld_points[dealer] = variant.dix_value
        log = ((dealer, "dix turned up", (up,), variant.dix_value),)
    return make_stock_round(
        (
            variant,
            Phase.TRICKS,
            (dealer + 1) % n,  # the non-dealer (the eldest) leads (§2.7)
            tuple(tuple(sorted(h)) for h in dealt),
            (),
            (dealer + 1) % n,
            (),
            (0,) * n,
            (0,) * n,
            None,
            [None],
            dealer,
            trump,
            rest,
            up,
            ((),) * n,
            log,
            tuple(meld_points),
            (0,) * n,
            (False, False),
            ((),) * n,
            tuple(scores) if scores is not None else (0,) * n,
            target if target is not None else variant.game_target,
            (),
        )
    )


# ---------------------------------------------------------------------- legal actions


def legal_actions(state: StockRound) -> list[Any]:
    """Every action the seat to act may take now (RULES.md §2.7, §5.9, §6.4).

    Phase 1 tricks: a `Play` per distinct face in the hand and a ``from_table`` `Play`
    per distinct face among the seat's laid melds; phase 2: the faces
    ``two_hand_phase2_rule`` allows.  Declare: each `DeclareMeld` allowed now (§5.9), the dix
    (`DeclareDix`) and `NoMeld`.  Last pick: `TakeStock` face-down or turn-up.  Empty
    when the hand is over.  The list is shared (memoised): do not modify it.
    """
    memo = state.memo
    out = memo[0]
    if out is None:
        out = memo[0] = _legal(state)
    return out  # type: ignore[no-any-return]


def _legal(state: StockRound) -> list[Any]:
    ph = state.phase
    seat = state.to_act
    if ph is Phase.TRICKS:
        hand = state.hands[seat]
        if state.stock_open:
            faces = dict.fromkeys(hand)
            table = dict.fromkeys(c[0] for c in state.laid[seat])
            return [PLAYS[f] for f in faces] + [TABLE_PLAYS[f] for f in sorted(table)]
        return [PLAYS[f] for f in _phase2_faces(state)]
    if ph is Phase.DECLARE:
        return [*_declare_options(state, seat), NO_MELD]
    if ph is Phase.LAST_PICK:
        return list(TAKE_STOCK)
    return []


def _phase2_faces(state: StockRound) -> list[int]:
    return legal_faces(
        state.hands[state.to_act], state.trick, state.trump_index, state.variant.phase2_head, False, False
    )


def explain_play(state: StockRound, action: Any) -> str | None:
    """Why ``action`` may not be taken now, in one line (§2.7, §6.4); None if it may."""
    if action in legal_actions(state):
        return None
    seat = state.to_act
    if state.phase is Phase.TRICKS and type(action) is Play:
        card = action.card
        if action.from_table:
            if not state.stock_open:
                return "the melds went back to the hands when the stock ran out: play from your hand"
            return f"you have no {CARDS[card]} among your melds on the table"
        if state.stock_open:
            return f"you do not hold {CARDS[card]}"
        flags = (state.variant.phase2_head, False, False, False)
        return explain_card(state.hands[seat], state.trick, state.trump_index, state.variant, card, flags=flags)
    if state.phase is Phase.DECLARE and type(action) is DeclareMeld:
        if state.turn[0]:
            return "one meld per won trick: you have melded this turn"
        return (
            f"{action.name} {format_cards(action.cards)} is not a meld you can make now: each meld takes a card "
            "from your hand, and a card on the table serves again only in another class or a bigger meld"
        )
    if state.phase is Phase.DECLARE and type(action) is DeclareDix:
        return "you have no dix to count now"
    if state.phase is Phase.DONE:
        return "the hand is over"
    return f"{type(action).__name__} is not an action of the {state.phase.value} phase"


# ---------------------------------------------------------------------- apply


def apply(state: StockRound, action: Any) -> StockRound:
    """The state after the seat to act takes ``action`` (a new value).

    Raises `IllegalAction` (a `ValueError`) saying why when the action is not allowed.
    """
    legal = legal_actions(state)
    if type(action) is Play and type(action.card) is not Card:
        try:
            action = Play(_coerce_card(action.card), action.from_table)
        except ValueError:
            raise IllegalAction(f"{action.card!r} is not a card") from None
    if type(action) is DeclareMeld:
        action = DeclareMeld(action.name, tuple(sorted(action.cards)))
    if action not in legal:
        raise IllegalAction(explain_play(state, action) or "that is not allowed now")
    return apply_listed(state, action)


def apply_listed(state: StockRound, action: Any) -> StockRound:
    """The state after the seat to act takes ``action``, an action of `legal_actions`
    of ``state`` as that list has it (a meld's cards in order, a card a `Card`): `apply`
    without its checks (RULES.md §2.7, §5.9 as `apply` applies them), for a search's
    play-out that picks from that list many thousands of times a second.  Raises nothing
    of its own: an action not in that list gives a state the rules never reach."""
    if type(action) is Play:
        return _play(state, action)
    if type(action) is DeclareMeld:
        return _meld(state, action)
    if type(action) is DeclareDix:
        return _dix(state, action)
    if type(action) is NoMeld:
        return _draw(state)
    if type(action) is TakeStock:
        return _last_pick(state, action.turn_up)
    raise IllegalAction(f"{type(action).__name__} is not an action of the {state.phase.value} phase")


def _fit_known(known: tuple[Card, ...], hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """``known`` cut to what ``hand`` still holds (a played copy is the known one)."""
    out = [c for c in dict.fromkeys(known) for _ in range(min(known.count(c), hand.count(c)))]
    return tuple(out)


def _set(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return t[:i] + (value,) + t[i + 1 :]


def _play(state: StockRound, action: Play) -> StockRound:
    seat = state.to_act
    card = CARDS[action.card]
    hands = state.hands
    laid = state.laid
    known = state.known
    dix_shown = state.dix_shown
    if action.from_table:
        own = laid[seat]
        # the copy that has served most goes: the fresher copy stays for later melds
        i = max((k for k, c in enumerate(own) if c[0] == card), key=lambda k: own[k][1:])
        laid = _set(laid, seat, own[:i] + own[i + 1 :])
    else:
        hand = list(hands[seat])
        hand.remove(card)
        new_hand = tuple(hand)
        hands = _set(hands, seat, new_hand)
        known = _set(known, seat, _fit_known(known[seat], new_hand))
        nine = state.trump_index * 6 + NINE
        if card == nine:
            dix_shown = _set(dix_shown, seat, min(dix_shown[seat], new_hand.count(nine)))  # type: ignore[arg-type]
    trick = (*state.trick, card)
    n = len(hands)
    if len(trick) < n:
        nxt_seat = (seat + 1) % n
        return state.evolve(to_act=nxt_seat, hands=hands, laid=laid, known=known, dix_shown=dix_shown, trick=trick)
    # the trick is complete (§1.3: of identical cards the first played wins)
    leader = state.leader
    winner = (leader + trick_winner(trick, state.trump_index)) % n
    v = state.variant
    pts = sum(v.card_points[c] for c in trick)
    last = not state.stock_open and not any(hands)
    if last:
        pts += v.last_trick_bonus
    changes: dict[str, Any] = {
        "hands": hands,
        "laid": laid,
        "known": known,
        "dix_shown": dix_shown,
        "trick": (),
        "tricks": (*state.tricks, (leader, trick, winner)),
        "won": _set(state.won, winner, state.won[winner] + 1),
        "points": _set(state.points, winner, state.points[winner] + pts),
        "leader": winner,
        "to_act": winner,
    }
    if state.stock_open:  # the winner's declare turn (then the draw)
        changes["phase"] = Phase.DECLARE
        changes["turn"] = (False, False)
    nxt = state.evolve(**changes)
    if last:
        return nxt.evolve(phase=Phase.DONE, to_act=-1, result=score_stock_hand(nxt))
    if not state.stock_open:
        return nxt
    return _declare_or_draw(nxt)


def _meld(state: StockRound, action: DeclareMeld) -> StockRound:
    seat = state.to_act
    kind = kind_of(state.variant, state.trump_index, action)
    new_hand, laid = after_meld(kind, state.hands[seat], state.laid[seat])
    nine = state.trump_index * 6 + NINE
    nxt = state.evolve(
        hands=_set(state.hands, seat, new_hand),
        laid=_set(state.laid, seat, laid),
        known=_set(state.known, seat, _fit_known(state.known[seat], new_hand)),
        dix_shown=_set(state.dix_shown, seat, min(state.dix_shown[seat], new_hand.count(nine))),  # type: ignore[arg-type]
        meld_log=(*state.meld_log, (seat, kind.name, action.cards, kind.points)),
        meld_points=_set(state.meld_points, seat, state.meld_points[seat] + kind.points),
        turn=(True, state.turn[1]),
    )
    return _declare_or_draw(nxt)


def _dix(state: StockRound, action: DeclareDix) -> StockRound:
    seat = state.to_act
    v = state.variant
    nine = CARDS[state.trump_index * 6 + NINE]
    hand = state.hands[seat]
    known = state.known[seat]
    turn_up = state.turn_up
    dix_shown = state.dix_shown
    if action.exchange:
        assert turn_up is not None
        h = list(hand)
        h.remove(nine)
        hand = tuple(sorted((*h, turn_up)))
        known = _fit_known(known, hand) + (turn_up,)
        turn_up = nine
    else:
        dix_shown = _set(dix_shown, seat, dix_shown[seat] + 1)
        known = (*known, nine) if known.count(nine) < hand.count(nine) else known
    log = (seat, "dix", (nine,), v.dix_value)
    nxt = state.evolve(
        hands=_set(state.hands, seat, hand),
        known=_set(state.known, seat, tuple(sorted(known))),
        turn_up=turn_up,
        dix_shown=dix_shown,
        meld_log=(*state.meld_log, log),
        meld_points=_set(state.meld_points, seat, state.meld_points[seat] + v.dix_value),
        turn=(state.turn[0], True),
    )
    return _declare_or_draw(nxt)


def _declare_or_draw(state: StockRound) -> StockRound:
    """``state`` in the declare step (the trick's winner to act) if a meld or the dix is
    still open to it, with those as its legal actions; else the draw follows at once."""
    options = _declare_options(state, state.to_act)
    if not options:
        return _draw(state)
    state.memo[0] = [*options, NO_MELD]  # what `legal_actions` would work out again
    return state


def _draw(state: StockRound) -> StockRound:
    """After a phase-1 trick and its meld: the winner draws first, then each in turn
    clockwise (§2.7.4, §0.4 item 22); the last round goes by ``last_stock_pick`` and
    opens phase 2."""
    winner = state.leader
    n = len(state.hands)
    stock = state.stock
    if len(stock) >= n:
        hands = list(state.hands)
        for k in range(n):
            seat = (winner + k) % n
            hands[seat] = tuple(sorted((*hands[seat], stock[k])))
        return state.evolve(phase=Phase.TRICKS, to_act=winner, hands=tuple(hands), stock=stock[n:])
    if state.variant.last_stock_pick == "winner_chooses":
        return state.evolve(phase=Phase.LAST_PICK, to_act=winner)
    return _last_pick(state, False)


def _last_pick(state: StockRound, winner_takes_turn_up: bool) -> StockRound:
    """The last stock round (§2.7.5, §0.4 item 22): the face-down cards clockwise from the
    winner, the turn-up to the last to draw (two-hand, ``winner_chooses``: the winner may
    take the turn-up and leave the face-down card to the loser); every card of it is seen
    by all; then the melds go back to the hands and phase 2 begins, the winner leading."""
    winner = state.leader
    n = len(state.hands)
    up = state.turn_up
    assert up is not None
    order = [(winner + k) % n for k in range(n)]
    cards = [*state.stock[: n - 1], up]
    if winner_takes_turn_up:  # two-hand only (the variant allows it with two players)
        cards = [up, *state.stock[: n - 1]]
    take = dict(zip(order, cards, strict=True))
    hands = []
    known = []
    for seat in range(n):
        back = tuple(CARDS[c[0]] for c in state.laid[seat])
        hands.append(tuple(sorted((*state.hands[seat], take[seat], *back))))
        known.append(tuple(sorted((*state.known[seat], take[seat], *back))))
    return state.evolve(
        phase=Phase.TRICKS,
        to_act=winner,
        hands=tuple(hands),
        known=tuple(known),
        laid=((),) * n,
        stock=(),
        turn_up=None,
        last_pair=tuple((seat, take[seat]) for seat in order),
    )


# ---------------------------------------------------------------------- scoring


def round_card_points(points: int) -> int:
    """HOY-2's rounding (§7.1, ``round_card_points``): a total whose last digit is 7, 8
    or 9 goes up to the next ten, a lower last digit is dropped (51 → 50, 57 → 60)."""
    q, r = divmod(points, 10)
    return (q + 1) * 10 if r >= 7 else q * 10


def score_stock_hand(state: StockRound) -> HandResult:
    """Score a finished two-hand hand (RULES.md §2.7, §0.4 item 9): each player's meld
    (scored when melded, always kept: ``meld_requires = none``) plus its trick points
    (``count_method``, the last trick's ``last_trick_bonus``, rounded when
    ``round_card_points``).  No contract: ``made`` is None.  x10 points."""
    v = state.variant
    sides = []
    for seat in range(len(state.hands)):
        pts = state.points[seat]
        if v.round_card_points:
            pts = round_card_points(pts)
        meld = state.meld_points[seat]
        sides.append(SideResult(seat, (seat,), meld, meld, pts, state.won[seat], None, meld + pts))
    return HandResult(kind="played", bidder=None, contract=None, trump="SHDC"[state.trump_index], sides=tuple(sides))


# ---------------------------------------------------------------------- what a seat sees


def observe(state: StockRound, seat: int) -> SeatView:
    """The `SeatView` of ``seat`` (DESIGN.md "What a seat may see"): its own hand, both
    players' melds on the table, the turn-up and the stock's size, every played card,
    what each player drew that the other saw (``known``), the meld counted; nothing
    hidden.  Raises `ValueError` for a seat not at the table."""
    trick = state.trick
    leader = state.leader
    n = len(state.hands)
    return view_without_auction(
        state,
        seat,
        trump=SUITS[state.trump_index],
        trick=tuple(((leader + i) % n, c) for i, c in enumerate(trick)),
        turn_up=state.turn_up,
        stock_size=len(state.stock),
        table_melds=tuple(tuple(CARDS[c[0]] for c in state.laid[s]) for s in range(n)),
        meld_log=state.meld_log,
        meld_points=state.meld_points,
        known=state.known,
        laid=state.laid,
        last_pair=state.last_pair,
    )
