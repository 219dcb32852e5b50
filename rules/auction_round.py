"""The auction round: the round flow of every auction game, 3 to 8 seats, and of the
two-hand draft once its hands are built (DESIGN.md "State and actions", "Forms and round
flows"; RULES.md §2–§8).  `rules.rounds` dispatches the public functions here for a
`RoundState`.

deal → (misdeal claims) → auction → (the kitty handed out) → trump → (five-hand: call a
partner) → (the bidder asks for the pass) → passing | kitty bury → meld (concession) →
tricks → scored.  `RoundState` is a frozen value; `apply` returns a new one and the
old one stays valid (look-ahead, undo and replay for free).  Seats are numbered
0..players-1 clockwise; the eldest is the dealer's left (``dealer + 1``).
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import (
    ASK_PASS,
    CALLS,
    CLAIM_MISDEAL,
    CONCEDE,
    HAND_OUTS,
    KEEP_HAND,
    NAME_TRUMPS,
    PASS_BID,
    PLAY_ON,
    PLAYS,
    AskPass,
    Bid,
    Bury,
    CallPartner,
    ClaimMisdeal,
    Concede,
    HandOutKitty,
    IllegalAction,
    KeepHand,
    NameTrump,
    PassBid,
    PassCards,
    Play,
    PlayOn,
    bid_action,
)
from .cards import _SUIT_INDEX, CARDS, RANK_OF, SUIT_OF, SUITS, Card, Suit, _coerce_card, format_cards, make_deck
from .choices import CardSetChoices
from .meld import MeldResult, score_meld
from .play import legal_faces, trick_winner
from .results import HandResult
from .scoring import score_conceded, score_hand, score_meld_win, score_no_play, summed_contracts
from .variant import Variant
from .view import Phase, SeatView, changed, make_seat_view, new_tuple, view_extras

__all__ = [
    "Phase",
    "RoundState",
    "SeatView",
    "Table",
    "apply",
    "bury_kept",
    "current_seat",
    "deal",
    "explain_card",
    "explain_play",
    "holds_meld",
    "legal_actions",
    "new_round",
    "observe",
    "trump_allowed",
]


_TRICKS = Phase.TRICKS


class Table(NamedTuple):
    """The parts of a round that change only before the first lead."""

    dealer: int
    kitty: tuple[Card, ...]
    bids: tuple[tuple[int, int], ...]  # (seat, amount); amount 0 = pass
    high_bid: int  # 0 = no bid yet
    bidder: int  # -1 until the auction ends
    passed: tuple[bool, ...]
    trump: int  # suit index, -1 until named
    given: tuple[tuple[Card, ...], ...]  # cards each seat passed (§4.1)
    exchanged: bool  # the pass is complete (received cards are in hands)
    buried: tuple[Card, ...]
    melds: tuple[MeldResult, ...] | None  # per seat, with the whole hand (rules use)
    shown: tuple[MeldResult, ...] | None  # per seat, as every seat sees it
    misdeal_queue: tuple[int, ...]  # seats still to decide on a misdeal
    scores: tuple[int, ...]  # running game scores per side at the deal
    target: int
    discards: tuple[tuple[Card, ...], ...]  # two-hand draft: per seat its discard pile (§2.8)
    discards_seen: tuple[tuple[Card, ...], ...]  # per seat the discards it saw (the rejected cards)
    called: int  # five-hand: the trump card the bidder called (§2.12), -1 until called
    partner: int  # five-hand: the seat that card made the bidder's partner, -1 until then
    # §5.8, §0.4 item 23b: the seats whose dealt hand is a misdeal; each may claim it at any
    # of its decisions until it plays its first card
    misdeal_seats: tuple[int, ...]
    # the kitty handed out (§2.4): its cards as handed so far, card k to seat bidder + k (k = 0 kept)
    handed: tuple[Card, ...]


if TYPE_CHECKING:  # the type checker's alone: nothing is built at import
    TableFields = tuple[
        int,  # dealer
        tuple[Card, ...],  # kitty
        tuple[tuple[int, int], ...],  # bids
        int,  # high_bid
        int,  # bidder
        tuple[bool, ...],  # passed
        int,  # trump
        tuple[tuple[Card, ...], ...],  # given
        bool,  # exchanged
        tuple[Card, ...],  # buried
        tuple[MeldResult, ...] | None,  # melds
        tuple[MeldResult, ...] | None,  # shown
        tuple[int, ...],  # misdeal_queue
        tuple[int, ...],  # scores
        int,  # target
        tuple[tuple[Card, ...], ...],  # discards
        tuple[tuple[Card, ...], ...],  # discards_seen
        int,  # called
        int,  # partner
        tuple[int, ...],  # misdeal_seats
        tuple[Card, ...],  # handed
    ]
    """The fields of a `Table` in field order, one type each (`make_table`)."""


def make_table(fields: TableFields) -> Table:
    """A `Table` from the tuple of its 21 fields (`rules.view.new_tuple`: how and why)."""
    assert len(fields) == 21, f"Table has 21 fields, got {len(fields)}"
    return new_tuple(Table, fields)  # type: ignore[no-any-return]


class RoundState(NamedTuple):
    """One hand of pinochle as a value (immutable; `apply` makes new ones).

    ``hands``: per seat a sorted tuple of `Card`; ``trick``: cards played to the
    current trick, lead first, led by ``leader``; ``tricks``: completed tricks as
    ``(leader, cards, winner_seat)``; ``won``/``points``: tricks and trick points (x10)
    per seat so far; ``table``: auction, trump, passes, kitty and meld.

    ``memo`` is the one mutable part: a two-slot list caching what `legal_actions` works
    out for this state, filled on first use.  Slot 0: the list `legal_actions` returns
    (shared by every caller, who must not modify it).  Slot 1: in the tricks phase the
    legal card faces (`_legal_play_faces`, which `_play` reads to check a card), in the
    auction the ``(may pass, lowest bid, highest bid)`` options of `_auction_options`.
    It is safe because both are pure functions of the other fields, so a filled memo
    never changes what the state means, and every new state gets its own fresh list
    (`evolve`, `make_round_state` callers pass ``[None, None]``): no two states share one.
    Because it is a list, a state is not hashable, and ``==`` compares the memos too:
    compare two states by ``state[:-1]``.

    A `NamedTuple` rather than a slotted frozen dataclass (DESIGN.md): bots and
    random play build tens of thousands of states a second, and a tuple is built
    several times faster; it is just as immutable.
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
    table: Table
    result: HandResult | None
    memo: list[Any]  # [legal actions, legal faces (tricks) or auction options] once computed: see above

    # convenient read-only views
    @property
    def dealer(self) -> int:
        return self.table.dealer

    @property
    def bidder(self) -> int | None:
        return None if self.table.bidder < 0 else self.table.bidder

    @property
    def contract(self) -> int | None:
        return self.table.high_bid if self.table.bidder >= 0 else None

    @property
    def trump(self) -> Suit | None:
        return None if self.table.trump < 0 else SUITS[self.table.trump]

    @property
    def melds(self) -> tuple[MeldResult, ...] | None:
        return self.table.melds

    @property
    def partner(self) -> int | None:
        """Five-hand: the called partner's seat once the bidder has called (§2.12)."""
        return None if self.table.partner < 0 else self.table.partner

    def evolve(self, **changes: Any) -> RoundState:
        """A copy with ``changes`` (and a fresh legal-action memo).  Raises `ValueError`
        for a name that is not a field."""
        changes["memo"] = [None, None]
        return changed(self, _STATE_FIELDS, changes)


if TYPE_CHECKING:  # the type checker's alone: nothing is built at import
    RoundStateFields = tuple[
        Variant,  # variant
        Phase,  # phase
        int,  # to_act
        tuple[tuple[Card, ...], ...],  # hands
        tuple[Card, ...],  # trick
        int,  # leader
        tuple[tuple[int, tuple[Card, ...], int], ...],  # tricks
        tuple[int, ...],  # won
        tuple[int, ...],  # points
        Table,  # table
        HandResult | None,  # result
        list[Any],  # memo
    ]
    """The fields of a `RoundState` in field order, one type each (`make_round_state`)."""


def make_round_state(fields: RoundStateFields) -> RoundState:
    """A `RoundState` from the tuple of its 12 fields (`rules.view.new_tuple`: how and why)."""
    assert len(fields) == 12, f"RoundState has 12 fields, got {len(fields)}"
    return new_tuple(RoundState, fields)  # type: ignore[no-any-return]


def _table_with(t: Table, **changes: Any) -> Table:
    """A copy of ``t`` with ``changes``."""
    return changed(t, _TABLE_FIELDS, changes)  # type: ignore[no-any-return]


_STATE_FIELDS = {name: i for i, name in enumerate(RoundState._fields)}
_TABLE_FIELDS = {name: i for i, name in enumerate(Table._fields)}


# ---------------------------------------------------------------------- dealing


def deal(
    variant: Variant, rng: random.Random, dealer: int = 0
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Shuffle and deal (RULES.md §2): packets of ``deal_packet`` clockwise from the
    eldest, the kitty as one packet after the first round (never the last card), the
    last round short when the hand size is not a multiple of the packet.

    Returns ``(hands, kitty)``: per seat a sorted tuple of cards, and the kitty.
    ``rng`` is a `random.Random` (seed it for a repeatable deal).  Raises `ValueError`
    for a variant whose cards are not all dealt (the two-hand stock game and draft deal
    through their own round flows).
    """
    if not variant.deals_then_bids:
        raise ValueError(f"{variant.name} is not dealt like an auction game: start it with rules.new_round")
    deck, seats, kitty = _deal_plan(variant, dealer)
    rand = rng.random
    # a uniform shuffle: order the (sorted) deck by independent random keys
    keys = [rand() for _ in deck]
    # position in the shuffled deck -> index in the sorted deck; sorting those indices
    # sorts the cards (plain ints sort faster than `Card`s)
    at = sorted(range(len(deck)), key=keys.__getitem__).__getitem__
    card = deck.__getitem__
    # a kitty handed out unseen keeps the deal's order (§0.4.18: the order is the deal's)
    order = list if variant.kitty_mode == "bidder_distributes_one_each" else sorted
    return (
        tuple([tuple(map(card, sorted(map(at, where)))) for where in seats]),
        tuple(map(card, order(map(at, kitty)))),
    )


_DEAL_PLANS: dict[tuple[int, int], tuple[Variant, tuple[Card, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}


def _deal_plan(variant: Variant, dealer: int) -> tuple[tuple[Card, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """(the sorted deck, per seat the positions in the shuffled deck it is dealt, the
    kitty's positions): the packet order of `deal`, worked out once per variant and dealer."""
    hit = _DEAL_PLANS.get((id(variant), dealer))
    if hit is not None and hit[0] is variant:
        return hit[1], hit[2], hit[3]
    deck = tuple(make_deck(variant.deck))
    n = variant.players
    size = variant.cards_per_hand
    seats: list[list[int]] = [[] for _ in range(n)]
    kitty: list[int] = []
    pos = 0
    first = True
    while len(seats[(dealer + 1) % n]) < size:
        for k in range(n):
            seat = (dealer + 1 + k) % n
            take = min(variant.deal_packet, size - len(seats[seat]))
            seats[seat].extend(range(pos, pos + take))
            pos += take
        if first and variant.kitty_size:
            kitty = list(range(pos, pos + variant.kitty_size))
            pos += variant.kitty_size
        first = False
    plan = (variant, deck, tuple(tuple(w) for w in seats), tuple(kitty))
    _DEAL_PLANS[(id(variant), dealer)] = plan
    return plan[1], plan[2], plan[3]


def misdeal_allowed(hand: Sequence[int], variant: Variant) -> bool:
    """Whether a seat may call a misdeal on ``hand`` (RULES.md §5.8, knobs
    ``misdeal_nines`` and ``technical_misdeal``)."""
    ranks = [RANK_OF[c] for c in hand]
    nines = ranks.count(5)
    aces = ranks.count(0)
    m = variant.misdeal_nines
    if m == "five_nines" and nines >= 5:
        return True
    if m == "five_nines_no_ace_or_six_nines_one_ace" and ((nines >= 5 and aces == 0) or (nines >= 6 and aces <= 1)):
        return True
    if m == "six_nines" and nines >= 6:
        return True
    if variant.technical_misdeal:
        non_counters = sum(1 for c in hand if variant.card_points[c] == 0)
        if non_counters >= 13 and aces == 0:
            return True
    return False


def new_round(
    variant: Variant,
    dealer: int = 0,
    rng: random.Random | None = None,
    *,
    hands: Sequence[Sequence[int]] | None = None,
    kitty: Sequence[int] = (),
    scores: Sequence[int] | None = None,
    target: int | None = None,
    discards: Sequence[Sequence[int]] = (),
    discards_seen: Sequence[Sequence[int]] = (),
) -> RoundState:
    """Start an auction round (RULES.md §2–§3): deal with ``rng`` (or use the explicit
    ``hands``/``kitty``).

    ``scores``: running game scores per side (x10), shown to bots; ``target``: the game
    target now in force (default ``variant.game_target``).  ``discards`` (per seat) and
    ``discards_seen`` come from the two-hand draft (§2.8): the piles whose counters score
    for their owner (or the non-bidder), and the part of each its owner saw.  Raises
    `ValueError` if an explicit deal does not match the variant.
    """
    n = variant.players
    if hands is None:
        dealt, kit = deal(variant, rng or random.Random(), dealer)
    else:
        dealt = tuple(tuple(sorted(CARDS[c] for c in h)) for h in hands)
        kit = tuple(CARDS[c] for c in kitty)
        if variant.kitty_mode != "bidder_distributes_one_each":  # §0.4.18: that kitty keeps the deal's order
            kit = tuple(sorted(kit))
        if len(dealt) != n or any(len(h) != variant.cards_per_hand for h in dealt) or len(kit) != variant.kitty_size:
            raise ValueError(
                f"explicit deal must give {n} hands of {variant.cards_per_hand} cards "
                f"and a kitty of {variant.kitty_size}"
            )
        deck = sorted(make_deck(variant.deck))
        if sorted([c for h in dealt for c in h] + list(kit) + [c for d in discards for c in d]) != deck:
            raise ValueError(f"explicit deal is not one {variant.deck} deck")
    queue: tuple[int, ...] = ()
    if variant.may_misdeal:
        queue = tuple(s for s in ((dealer + 1 + k) % n for k in range(n)) if misdeal_allowed(dealt[s], variant))
    opening, first = _opening(variant, dealer)
    # built positionally (field order of `Table` and `RoundState`): a round starts thousands of times a second
    table = make_table(
        (
            dealer,
            kit,
            () if queue else opening,  # bids
            opening[0][1] if opening and not queue else 0,  # high_bid
            -1,  # bidder
            (False,) * n,  # passed
            -1,  # trump
            ((),) * n,  # given
            False,  # exchanged
            (),  # buried
            None,  # melds
            None,  # shown
            queue,  # misdeal_queue
            tuple(scores) if scores is not None else (0,) * variant.n_sides,
            target if target is not None else variant.game_target,
            # the draft passes Cards; a caller's plain card numbers are kept as given
            tuple(tuple(sorted(d)) for d in discards) if discards else ((),) * n,  # type: ignore[arg-type]
            tuple(tuple(sorted(d)) for d in discards_seen) if discards_seen else ((),) * n,  # type: ignore[arg-type]
            -1,  # called
            -1,  # partner
            queue,  # misdeal_seats
            (),  # handed
        )
    )
    return make_round_state(
        (
            variant,
            Phase.DEAL if queue else Phase.AUCTION,
            queue[0] if queue else first,  # to_act
            dealt,  # hands
            (),  # trick
            -1,  # leader
            (),  # tricks
            (0,) * n,  # won
            (0,) * n,  # points
            table,
            None,  # result
            [None, None],  # memo
        )
    )


# ---------------------------------------------------------------------- helpers


def _opening(variant: Variant, dealer: int) -> tuple[tuple[tuple[int, int], ...], int]:
    """The bids made before anyone speaks, and the seat to speak first (§3.1, §3.5):
    with ``forced_opener = "eldest_fixed_bid"`` (racehorse) the eldest's opening bid of
    ``min_bid`` is made automatically and the next seat speaks."""
    eldest = (dealer + 1) % variant.players
    if variant.forced_opener == "eldest_fixed_bid":
        return ((eldest, variant.min_bid),), (eldest + 1) % variant.players
    return (), eldest


def holds_marriage(hand: Sequence[int]) -> bool:
    """Whether ``hand`` holds the K and Q of some suit (§3.5 BC-CHECK, ``bid_requires_marriage``)."""
    return any((b + 2) in hand and (b + 3) in hand for b in (0, 6, 12, 18))


def forced_bid_unseen(state: RoundState) -> bool:
    """Whether the bidder holds a forced (stuck) bid and has not yet taken the widow
    (``concede_without_looking``, §9.2): the meld phase before trump is named."""
    return state.phase is Phase.MELD and state.table.trump < 0


def current_seat(state: RoundState) -> int | None:
    """The seat to act, or None when the round is over."""
    return None if state.phase is Phase.DONE else state.to_act


def holds_meld(hand: Sequence[int], variant: Variant) -> bool:
    """Whether ``hand`` would score meld under at least one choice of trump (§3.5,
    the recommended reading of "holds meld")."""
    return any(score_meld(hand, t, variant).total > 0 for t in range(4))


def meld_held(hand: Sequence[int], variant: Variant, cards: bool = True) -> str:
    """A meld that makes ``hand`` hold meld (§3.5 RU, `holds_meld`), named for the
    refusal of a pass: of the melds under the trump that scores most (the first suit,
    S H D C, of equal ones), the one worth most (the first of equal ones; a dix or a plain
    marriage held twice is one: "two dix"); with ``cards``, its cards in card notation:
    ``"two dix 9H 9H"``, ``"a royal marriage KC QC"``, ``"aces around AS AH AD AC"``;
    without, ``"two dix"``.  "" where the hand holds no meld."""
    best = max((score_meld(hand, t, variant) for t in range(4)), key=lambda m: m.total)
    held: dict[tuple[str, tuple[Card, ...]], int] = {}
    worth: dict[tuple[str, tuple[Card, ...]], int] = {}
    for m in best.melds:
        if m.points:
            held[m.name, m.cards] = held.get((m.name, m.cards), 0) + 1
            worth[m.name, m.cards] = worth.get((m.name, m.cards), 0) + m.points
    if not held:
        return ""
    name, faces = max(held, key=lambda k: worth[k])
    n = held[name, faces]
    if n > 1:  # (RULES.md's example 3: "Two dix 20")
        name = f"{('two', 'three', 'four')[min(n, 4) - 2]} {name if name == 'dix' else name + 's'}"
    elif not (name.endswith("around") or name.startswith("four")):
        name = f"a {name}"
    return f"{name} {format_cards(faces * n)}" if cards else name


def trump_allowed(hand: Sequence[int], suit: int, variant: Variant) -> bool:
    """Whether the bidder's ``hand`` meets ``trump_requirement`` for ``suit`` (§3.6)."""
    req = variant.trump_requirement
    if req == "any":
        return True
    b = suit * 6
    marriage = (b + 2) in hand and (b + 3) in hand
    if req == "marriage":
        return marriage
    return marriage or (b + 5) in hand


def trump_out_of_reach(hand: Sequence[int], variant: Variant) -> bool:
    """Whether a bidder holding ``hand`` (card ids) is sure to be set (§3.6; five-hand and
    double-deck, §0.4 items 11-12): the variant's ``trump_requirement`` asks a marriage (or
    a marriage or dix) in trump, no suit of ``hand`` meets it, and no card can join the hand
    before trump is named (``kitty_size`` and ``pass_count`` both 0: no widow, no pass).
    False where trump may be any suit, or a widow or a pass may still bring the cards."""
    if variant.trump_requirement == "any" or variant.kitty_size or variant.pass_count:
        return False
    return not any(trump_allowed(hand, s, variant) for s in range(4))


def high_bidder(bids: Sequence[tuple[int, int]]) -> int:
    """The seat holding the high bid in an auction log ``(seat, amount)``, or -1."""
    for seat, amount in reversed(bids):
        if amount:
            return seat
    return -1


def _partner(seat: int, n: int) -> int:
    return (seat + 2) % n


def _remove(hand: tuple[Card, ...], cards: Sequence[int]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (as a multiset), or None if some card is not held."""
    h = list(hand)
    for c in cards:
        try:
            h.remove(c)  # type: ignore[arg-type]
        except ValueError:
            return None
    return tuple(h)


def _bury_costs(state: RoundState) -> tuple[list[tuple[Card, int, tuple[int, ...]]], int]:
    """The burial restriction (§4.2, ``bury_restriction``) as costs: per face held,
    ``(face, copies, cost of burying j copies)``, and the total cost allowed.

    A restricted copy (a melded card, also under ``announce_trump_or_ace``; a trump or
    an ace under ``no_trump_or_ace_unless_forced``) costs 1; the bidder may bury
    only as many restricted copies as the unrestricted cards fall short ("unless forced").
    """
    v = state.variant
    seat = state.table.bidder
    hand = state.hands[seat]
    k = v.kitty_size
    faces = sorted(set(hand))
    rule = v.bury_restriction
    if rule == "none":
        return [(f, hand.count(f), (0,) * (hand.count(f) + 1)) for f in faces], 0
    if rule in ("not_melded_cards", "announce_trump_or_ace"):  # the latter: told afterwards (§4.2)
        melds = state.table.melds
        used = melds[seat].melded_counts if melds else [0] * 24
        free = {f: hand.count(f) - used[f] for f in faces}
    else:  # no_trump_or_ace_unless_forced
        t = state.table.trump
        free = {f: 0 if (SUIT_OF[f] == t or RANK_OF[f] == 0) else hand.count(f) for f in faces}
    spare = sum(free.values())
    out = [(f, hand.count(f), tuple(max(0, j - free[f]) for j in range(hand.count(f) + 1))) for f in faces]
    return out, max(0, k - spare)


class BuryKept(NamedTuple):
    """What the burial restriction keeps from the kitty while other cards remain, in
    words (`bury_kept`): ``one`` such card, the ``others``, and a ``short`` word for the
    kept kind (the table's bury prompt: "no dim (melded) card")."""

    one: str
    others: str
    short: str


def bury_kept(v: Variant) -> BuryKept | None:
    """What the burial restriction (§4.2, ``bury_restriction``) keeps from the kitty
    while other cards remain, as the refusal and the table's bury prompt say it; None
    where nothing is kept."""
    if v.bury_restriction == "none":
        return None
    if v.bury_restriction == "no_trump_or_ace_unless_forced":
        return BuryKept("a trump or an ace", "other cards", "trump or ace")
    return BuryKept("a card you melded", "unmelded cards", "melded")  # (announced afterwards or not)


def _bury_problem(state: RoundState, cards: tuple[Card, ...]) -> str | None:
    """Why burying ``cards`` is not allowed (§4.2), or None."""
    v = state.variant
    hand = state.hands[state.table.bidder]
    if len(cards) != v.kitty_size:
        return f"bury exactly {v.kitty_size} cards"
    if _remove(hand, cards) is None:
        return f"you do not hold {format_cards(cards)}"
    faces, budget = _bury_costs(state)
    cost = {f: c for f, _, c in faces}
    kept = bury_kept(v)
    if sum(cost[f][cards.count(f)] for f in set(cards)) <= budget or kept is None:
        return None
    return f"you may not bury {kept.one} while {kept.others} remain"


def explain_card(
    hand: Sequence[int],
    trick: Sequence[int],
    trump: int,
    variant: Variant,
    card: int,
    first_lead: bool = False,
    flags: tuple[int, bool, bool, bool] | None = None,
) -> str | None:
    """Why ``card`` may not be played from ``hand`` to ``trick`` (RULES.md §6.2), in one
    line; None if it may.  ``flags`` are the trick rules as `Variant.play_flags` gives
    them (default: the variant's own; the two-hand endgame passes its phase-2 rule)."""
    if card not in hand:
        return f"you do not hold {CARDS[card]}"
    head, led_target, ruff, lead_trump = flags or variant.play_flags
    faces = legal_faces(sorted(hand), list(trick), trump, head, led_target, ruff, first_lead and lead_trump)
    legal = [CARDS[c] for c in faces]
    if card in legal:
        return None
    names = format_cards(legal)
    if not trick:
        return f"the first lead must be a trump: play {names}"
    led = SUITS[trick[0] // 6].name.lower()
    if SUIT_OF[legal[0]] == SUIT_OF[trick[0]]:
        if SUIT_OF[card] != SUIT_OF[trick[0]]:
            return f"you must follow suit ({led}): play {names}"
        return f"you must head the trick with a higher {led[:-1]}: play {names}"
    if SUIT_OF[card] != trump:
        return f"you have no {led}, so you must trump in: play {names}"
    return f"you must beat the trump already played: play {names}"


def explain_play(state: RoundState, action: Any) -> str | None:
    """Why ``action`` may not be taken now, in one line (the message `apply` would raise);
    None if it may (RULES.md §3–§8)."""
    try:
        apply(state, action)
    except IllegalAction as exc:
        return str(exc)
    return None


# ---------------------------------------------------------------------- legal actions


class _Auction:
    """A variant's auction facts, worked out once (§3): the bid actions of its grid,
    the options after each high bid, and each list of legal bid actions."""

    __slots__ = (
        "after",
        "first",
        "grid",
        "grid_bids",
        "lists",
        "max_bid",
        "reopen",
        "single_round",
        "stuck",
        "summed",
        "variant",
    )

    def __init__(self, v: Variant) -> None:
        self.variant = v
        self.grid = v.bid_grid
        self.grid_bids = tuple(bid_action(b) for b in self.grid)
        self.max_bid = v.max_bid
        self.first = (True, self.grid[0], self.max_bid)
        self.stuck = v.all_pass == "dealer_stuck"
        self.single_round = v.bidding_rounds == "single_round"
        self.summed = v.summed_contracts  # §0.4.17: one bid each, none need beat another
        self.reopen = not v.pass_is_final  # §0.4.20: a seat that passed may bid again
        # (may pass, lowest bid, highest bid) after each high bid; raise_limit =
        # "one_or_two_units" (§0.4.20): at most two units of the bid in force above it (at
        # least the next bid on the grid)
        two = v.raise_limit == "one_or_two_units"
        self.after = {b: (True, v.next_bid_after(b), self._top(b) if two else self.max_bid) for b in self.grid}
        self.lists: dict[tuple[bool, int, int], list[Any]] = {}

    def _top(self, bid: int) -> int:
        """The highest raise of ``bid`` under ``raise_limit = "one_or_two_units"``."""
        v = self.variant
        return min(self.max_bid, max(v.next_bid_after(bid), bid + 2 * v.bid_step(bid)))

    def actions(self, options: tuple[bool, int, int]) -> list[Any]:
        """The legal bid actions for ``options`` (one shared list per options)."""
        out = self.lists.get(options)
        if out is None:
            may_pass, low, high = options
            if low == high and not may_pass:
                out = [bid_action(low)]
            else:
                bids = self.grid_bids[bisect.bisect_left(self.grid, low) : bisect.bisect_right(self.grid, high)]
                out = [PASS_BID, *bids] if may_pass else list(bids)
            self.lists[options] = out
        return out


_AUCTIONS: dict[int, _Auction] = {}


def _auction(v: Variant) -> _Auction:
    a = _AUCTIONS.get(id(v))
    if a is None or a.variant is not v:
        a = _AUCTIONS[id(v)] = _Auction(v)
    return a


def _auction_options(state: RoundState, a: _Auction) -> tuple[bool, int, int]:
    """(may pass, lowest bid, highest bid) for the seat to act (§3.1–§3.5); ``a`` is
    the variant's `_Auction`."""
    v = state.variant
    t = state.table
    high = t.high_bid
    if v.bid_requires_marriage:
        # §3.5 BC-CHECK: no bid without a marriage; the stuck dealer bids the least
        # without one, and may go higher only with one
        seat = state.to_act
        married = holds_marriage(state.hands[seat])
        if not high and seat == t.dealer and a.stuck and t.passed.count(True) == len(t.passed) - 1:
            return False, v.stuck_bid, a.max_bid if married else v.stuck_bid
        if not married:
            return True, a.max_bid + 1, a.max_bid  # pass only
    if a.summed:
        return a.first  # §0.4.17: each seat bids once, any bid on the grid
    if high:
        return a.after.get(high) or (True, v.next_bid_after(high), a.max_bid)
    seat = state.to_act
    if seat == t.dealer and a.stuck and t.passed.count(True) == len(t.passed) - 1:
        return False, v.stuck_bid, v.stuck_bid  # §3.4: everyone else passed
    if v.forced_opener == "must_open_with_meld" and holds_meld(state.hands[seat], v):
        return False, a.grid[0], a.max_bid  # §3.5
    if v.forced_opener == "must_bid_with_marriage" and holds_marriage(state.hands[seat]):
        return False, a.grid[0], a.max_bid  # §3.5 (Time): a marriage obliges the opening bid
    if v.forced_opener == "eldest_must_open" and not t.bids:
        return False, a.grid[0], a.max_bid  # §0.4.10: the draft's non-dealer must open
    return a.first


def legal_actions(state: RoundState) -> list[Any]:
    """Every action the seat to act may take now (DESIGN.md; RULES.md §3–§6).

    Bids run from the lowest legal bid up to ``variant.max_bid`` on the bid grid;
    passes and burials are a lazy sequence of distinct card sets (`CardSetChoices`);
    plays are distinct faces.  Empty when the round is over.  The list is shared
    (memoised on the state): do not modify it.
    """
    memo = state.memo
    out = memo[0]
    if out is None:
        if state.phase is _TRICKS:
            faces = _legal_play_faces(state)
            out = list(map(PLAYS.__getitem__, faces))
            memo[1] = faces
            if state.table.misdeal_seats and may_claim_misdeal(state):
                out.append(CLAIM_MISDEAL)
        else:
            out = _legal_actions(state)
        memo[0] = out
    return out  # type: ignore[no-any-return]


def may_claim_misdeal(state: RoundState) -> bool:
    """Whether the seat to act may claim a misdeal now (§5.8, §0.4 item 23b): its dealt
    hand is one, and it has played no card yet (the first trick is not complete, and each
    seat plays once a trick).  Right after the deal the claim is the `Phase.DEAL`
    decision; afterwards it is offered beside every decision but the choice of cards to
    pass or bury."""
    t = state.table
    return state.to_act in t.misdeal_seats and not state.tricks and state.phase is not Phase.DONE


def _with_claim(state: RoundState, actions: list[Any]) -> list[Any]:
    """``actions`` (a list that may be shared), and the misdeal claim when it is open."""
    return [*actions, CLAIM_MISDEAL] if may_claim_misdeal(state) else actions


def _legal_actions(state: RoundState) -> list[Any]:
    v = state.variant
    t = state.table
    ph = state.phase
    if ph is Phase.AUCTION:
        a = _auction(v)
        options = state.memo[1] = _auction_options(state, a)
        return _with_claim(state, a.actions(options))
    if ph is Phase.TRUMP:
        hand = state.hands[t.bidder]
        ok = [NAME_TRUMPS[s] for s in range(4) if trump_allowed(hand, s, v)]
        return _with_claim(state, ok if ok and v.trump_violation == "prevented" else list(NAME_TRUMPS))
    if ph is Phase.CALL:
        return _with_claim(state, [CALLS[c] for c in callable_cards(state.hands[t.bidder], t.trump, v)])
    if ph is Phase.PASS:
        return CardSetChoices.of_hand(state.hands[state.to_act], v.pass_count, PassCards)  # type: ignore[return-value]
    if ph is Phase.BURY:
        faces, budget = _bury_costs(state)
        return CardSetChoices(faces, v.kitty_size, budget, Bury)  # type: ignore[return-value]
    if ph is Phase.MELD:
        return _with_claim(state, [PLAY_ON, CONCEDE])
    if ph is Phase.DEAL:
        return [KEEP_HAND, CLAIM_MISDEAL]
    if ph is Phase.KITTY:
        return [HAND_OUTS[c] for c in sorted(set(kitty_left(state)))]
    if ph is Phase.ASK_PASS:
        return list(ASK_PASS)
    return []


def _legal_play_faces(state: RoundState) -> list[int]:
    head, led, ruff, lead_trump = state.variant.play_flags
    return legal_faces(
        state.hands[state.to_act],
        state.trick,
        state.table.trump,
        head,
        led,
        ruff,
        lead_trump and not state.tricks and not state.trick,
    )


# ---------------------------------------------------------------------- apply


def apply(state: RoundState, action: Any) -> RoundState:
    """The state after the seat to act takes ``action`` (a new value; ``state`` is unchanged).

    Raises `IllegalAction` (a `ValueError`) saying why when the action is not allowed
    now, e.g. a bid off the grid, a card that does not head the trick.
    """
    ph = state.phase
    if ph is _TRICKS:
        if type(action) is not Play:
            if type(action) is ClaimMisdeal:
                return _late_misdeal(state)
            raise IllegalAction(f"it is time to play a card, not to {type(action).__name__}")
        return _play(state, _the_card(action.card))
    if ph is Phase.DONE:
        raise IllegalAction("the hand is over")
    if type(action) is ClaimMisdeal and ph is not Phase.DEAL:
        return _late_misdeal(state)
    handler = _HANDLERS.get((ph, type(action)))
    if handler is None:
        raise IllegalAction(f"{type(action).__name__} is not an action of the {ph.value} phase")
    return handler(state, action)


def _finish(state: RoundState, result: HandResult) -> RoundState:
    return state.evolve(phase=Phase.DONE, to_act=-1, result=result)


def _misdeal(state: RoundState, action: Any) -> RoundState:
    t = state.table
    seat = state.to_act
    if type(action) is ClaimMisdeal:
        return _finish(state, score_no_play(state, misdeal_by=seat))
    queue = t.misdeal_queue[1:]
    nt = _table_with(t, misdeal_queue=queue)
    if queue:
        return state.evolve(table=nt, to_act=queue[0])
    opening, first = _opening(state.variant, t.dealer)
    if opening:
        nt = _table_with(nt, bids=opening, high_bid=opening[0][1])
    return state.evolve(table=nt, phase=Phase.AUCTION, to_act=first)


def _late_misdeal(state: RoundState) -> RoundState:
    """A misdeal claimed after the deal (§5.8, §0.4 item 23b): at any of the holder's
    decisions until it plays its first card; it voids the deal (the same dealer redeals)."""
    if not may_claim_misdeal(state):
        if state.to_act in state.table.misdeal_seats:
            raise IllegalAction("a misdeal may be claimed only until you play your first card")
        raise IllegalAction("your hand as dealt is no misdeal")
    if state.phase in (Phase.PASS, Phase.BURY):
        raise IllegalAction("choose the cards first; the misdeal may be claimed at your next decision")
    return _finish(state, score_no_play(state, misdeal_by=state.to_act))


def _bid(state: RoundState, action: Any) -> RoundState:
    v = state.variant
    t = state.table
    seat = state.to_act
    a = _auction(v)
    may_pass, low, high = state.memo[1] or _auction_options(state, a)
    passed = t.passed
    n = len(passed)
    if type(action) is PassBid:
        if not may_pass:
            if low == high:
                raise IllegalAction(f"everyone else passed: the dealer is stuck and must bid {v.fmt(low)}")
            if v.forced_opener == "eldest_must_open":
                raise IllegalAction("the first bidder must open the bidding")
            if v.forced_opener == "must_bid_with_marriage":
                raise IllegalAction("you hold a marriage, so you must open the bidding")
            meld = meld_held(state.hands[seat], v)  # its cards, where the line keeps to 80 columns
            meld = meld if len(meld) <= 20 else meld_held(state.hands[seat], v, cards=False)
            raise IllegalAction(f"you hold meld ({meld}), so you must open the bidding")
        amount = 0
        passed = passed[:seat] + (True,) + passed[seat + 1 :]
        high_bid, bidder = t.high_bid, high_bidder(t.bids)
    else:
        amount = action.amount
        if type(amount) is not int:
            raise IllegalAction(f"a bid is a whole number of points, not {amount!r}")
        if may_pass and low > high and v.bid_requires_marriage:
            raise IllegalAction("you hold no marriage, so you may not bid: pass")
        if low == high and not may_pass:
            if amount != low:
                raise IllegalAction(f"everyone else passed: the dealer is stuck and must bid {v.fmt(low)}")
        elif amount < low or amount > high or amount not in v.bid_set:
            raise IllegalAction(
                f"bid {v.fmt(amount)} is not allowed: bid from {v.fmt(low)} to {v.fmt(high)} "
                f"in steps of {v.fmt(v.bid_step(low))}"
            )
        high_bid, bidder = amount, seat
        if a.reopen:  # §0.4.20: every seat is back in the auction after a bid
            passed = (False,) * n
    bids = t.bids + ((seat, amount),)
    live = n - passed.count(True)
    if a.summed:  # §0.4.17: the highest single bid names trump, the earliest of equal ones
        ended = len(bids) >= n
        high_bid = max(amount for _, amount in bids)
        bidder = next(s for s, amount in bids if amount == high_bid) if high_bid else -1
    elif a.single_round:
        ended = len(bids) >= n
    else:
        ended = live == 0 or (live == 1 and high_bid > 0 and not passed[bidder])
    if not ended:
        nxt = (seat + 1) % n
        while passed[nxt]:
            nxt = (nxt + 1) % n
        # the common step of an auction, built field by field (it runs thousands of times a second)
        table = make_table((t.dealer, t.kitty, bids, high_bid, t.bidder, passed, t.trump, t.given, t.exchanged,
                            t.buried, t.melds, t.shown, t.misdeal_queue, t.scores, t.target, t.discards,
                            t.discards_seen, t.called, t.partner, t.misdeal_seats, t.handed))  # fmt: skip
        return make_round_state((v, state.phase, nxt, state.hands, state.trick, state.leader, state.tricks,
                                 state.won, state.points, table, None, [None, None]))  # fmt: skip
    if high_bid == 0:
        done = state.evolve(table=_table_with(t, bids=bids, passed=passed))
        return _finish(done, score_no_play(done, all_passed=True))
    # the auction is won: the bidder takes the kitty (§4.2) and names trump
    hands = state.hands
    if a.summed:  # the bidder's side's contract: its members' bids added (§3.8)
        high_bid = summed_contracts(v, bids)[v.side_of[bidder]]
    nt = _table_with(t, bids=bids, passed=passed, high_bid=high_bid, bidder=bidder)
    if _may_throw_in_unseen(v, t, bidder, high_bid):
        # §9.2, §4.2: the bidder may throw the hand in before taking the widow
        return state.evolve(phase=Phase.MELD, to_act=bidder, table=nt)
    if v.kitty_mode == "bidder_keeps_one_gives_one_each":  # §2.4 (c): the bidder hands it out
        return state.evolve(phase=Phase.KITTY, to_act=bidder, table=nt)
    if v.kitty_mode == "bidder_distributes_one_each":
        # §2.4 (b): one card to each seat unseen, the deal's order, from the bidder's left
        kitty = t.kitty
        return _kitty_handed(state.evolve(table=nt), kitty[-1:] + kitty[:-1])
    if v.kitty_size:
        hands = tuple(tuple(sorted(h + t.kitty)) if s == bidder else h for s, h in enumerate(hands))
    return state.evolve(phase=Phase.TRUMP, to_act=bidder, hands=hands, table=nt)


def _may_throw_in_unseen(v: Variant, t: Table, bidder: int, contract: int) -> bool:
    """Whether the bidder may throw the hand in before taking the widow (§9.2, §4.2;
    ``concede_without_looking``): the stuck dealer (everyone else passed), or
    ``at_min_bid_pay_kitty_only`` any bidder whose contract is the least bid."""
    rule = v.concede_without_looking
    if rule == "stuck_dealer":
        return bidder == t.dealer and all(a == 0 for _, a in t.bids)
    return rule == "at_min_bid_pay_kitty_only" and contract == v.min_bid


def kitty_left(state: RoundState) -> tuple[Card, ...]:
    """The kitty cards the bidder has still to hand out (§2.4 (c)): the kitty less the
    cards handed so far, as a multiset."""
    left = list(state.table.kitty)
    for c in state.table.handed:
        left.remove(c)
    return tuple(left)


def _hand_out(state: RoundState, action: HandOutKitty) -> RoundState:
    """``bidder_keeps_one_gives_one_each`` (§2.4 (c), §0.4.18): the bidder's next kitty
    card, kept (the first) or given to the next seat clockwise; the last card goes to the
    seat on its right by itself, and the bidder names trump."""
    card = _the_card(action.card)
    left = kitty_left(state)
    if card not in left:
        raise IllegalAction(f"{card} is not in the kitty: hand out {format_cards(left)}")
    t = state.table
    handed = (*t.handed, card)
    rest = list(left)
    rest.remove(card)
    if len(rest) > 1:
        return state.evolve(table=_table_with(t, handed=handed))
    return _kitty_handed(state, (*handed, *rest))


def _kitty_handed(state: RoundState, handed: tuple[Card, ...]) -> RoundState:
    """Every seat takes its kitty card (``handed[k]`` to the seat ``k`` after the bidder,
    §2.4): each holds one card more, and the bidder names trump."""
    t = state.table
    n = len(state.hands)
    hands = tuple(tuple(sorted((*h, handed[(s - t.bidder) % n]))) for s, h in enumerate(state.hands))
    return state.evolve(phase=Phase.TRUMP, to_act=t.bidder, hands=hands, table=_table_with(t, handed=handed))


def _name_trump(state: RoundState, action: NameTrump) -> RoundState:
    v = state.variant
    t = state.table
    named = action.suit
    suit = _SUIT_INDEX[named] if type(named) is Suit else Suit.parse(named).index
    hand = state.hands[t.bidder]
    fits = trump_allowed(hand, suit, v)
    if not fits and v.trump_violation == "prevented" and any(trump_allowed(hand, s, v) for s in range(4)):
        need = "a marriage" if v.trump_requirement == "marriage" else "a marriage or the dix"
        raise IllegalAction(f"you may name only a suit in which you hold {need}")
    table = _table_with(t, trump=suit)
    if not fits:
        # §3.6 house rule: a trump without the required meld sets the bidder at once
        s3 = state.evolve(table=_melded(table, state.hands, v))
        return _finish(s3, score_conceded(s3, auto_set=True))
    if v.called_partner_card != "off":
        return state.evolve(table=table, phase=Phase.CALL, to_act=t.bidder)
    return _after_trump(state, table)


def _after_trump(state: RoundState, table: Table) -> RoundState:
    """Trump is named (and a partner called): passing, the kitty's burial, or meld."""
    v = state.variant
    t = table
    if v.pass_count and v.pass_optional:  # §0.4.19: the bidder asks for the pass or not
        return state.evolve(table=table, phase=Phase.ASK_PASS, to_act=t.bidder)
    if v.pass_count:
        return state.evolve(table=table, phase=Phase.PASS, to_act=_partner(t.bidder, v.players))
    if v.kitty_mode == "bidder_takes_and_buries":
        burying = state.evolve(table=_melded(table, state.hands, v), phase=Phase.BURY, to_act=t.bidder)
        return _meld_win(burying) or burying
    return _after_meld(state, table=_melded(table, state.hands, v))


def _ask_pass(state: RoundState, action: AskPass) -> RoundState:
    """``pass_optional`` (§0.4.19): the bidder asks for the pass (the partner passes
    first, §4.1) or plays without it (every seat melds at once)."""
    t = state.table
    if action.ask is True:
        return state.evolve(phase=Phase.PASS, to_act=_partner(t.bidder, state.variant.players))
    if action.ask is not False:
        raise IllegalAction(f"ask for the pass (true) or not (false), not {action.ask!r}")
    return _after_meld(state, table=_melded(t, state.hands, state.variant))


def callable_cards(hand: Sequence[int], trump: int, variant: Variant) -> list[int]:
    """The trump faces the bidder may call for a partner (§2.12, §0.4.11): every trump
    card of the pack of which ``hand`` does not hold all the copies, highest first."""
    copies = _copies(variant)
    return [c for c in range(trump * 6, trump * 6 + 6) if copies[c] > 0 and hand.count(c) < copies[c]]


_COPIES: dict[str, tuple[int, ...]] = {}


def _copies(variant: Variant) -> tuple[int, ...]:
    """Copies of each face in the variant's pack."""
    out = _COPIES.get(variant.deck)
    if out is None:
        deck = make_deck(variant.deck)
        out = _COPIES[variant.deck] = tuple(deck.count(CARDS[f]) for f in range(24))
    return out


def called_partner(hands: Sequence[Sequence[int]], bidder: int, card: int, step: int = 1) -> int:
    """The first seat from ``bidder`` (the bidder left out) whose hand holds ``card``:
    clockwise (``step`` 1, §0.4.11 ``trump_card_first_holder_clockwise``), or asking from
    the bidder's right (``step`` -1, ``trump_card_ask_from_right``: counter-clockwise,
    seats are numbered clockwise); -1 if none does."""
    n = len(hands)
    for k in range(1, n):
        seat = (bidder + k * step) % n
        if card in hands[seat]:
            return seat
    return -1


def _the_card(card: object) -> Card:
    """An action's card as a `Card` (a save's or a caller's text or number coerced);
    `IllegalAction` naming it when it is no card."""
    if type(card) is Card:
        return card
    try:
        return _coerce_card(card)
    except ValueError:
        raise IllegalAction(f"{card!r} is not a card") from None


def _call(state: RoundState, action: CallPartner) -> RoundState:
    """The bidder calls a trump card (§2.12): its first holder clockwise is the partner,
    known to every seat at once; then everyone melds."""
    v = state.variant
    t = state.table
    card = _the_card(action.card)
    hand = state.hands[t.bidder]
    if SUIT_OF[card] != t.trump:
        raise IllegalAction(f"call a trump card ({SUITS[t.trump].name.lower()}), not {card}")
    if card not in callable_cards(hand, t.trump, v):
        copies = _copies(v)[card]
        raise IllegalAction(f"you hold all {copies} copies of {card}: call a trump card another player holds")
    step = -1 if v.called_partner_card == "trump_card_ask_from_right" else 1
    partner = called_partner(state.hands, t.bidder, card, step)
    return _after_trump(state, _table_with(t, called=int(card), partner=partner))


def _melded(table: Table, hands: tuple[tuple[Card, ...], ...], v: Variant) -> Table:
    """``table`` with every seat's meld of ``hands`` scored (§5): as the rules use it,
    and as every seat sees it.  With ``who_melds = "bidder_only"`` (§5.7) only the
    bidder lays meld down: every other seat shows an empty meld, so no seat (and no
    bot) sees a card of a hand that stays hidden."""
    melds = tuple([score_meld(h, table.trump, v) for h in hands])
    shown = [m.public() for m in melds]
    if v.who_melds == "bidder_only":
        nothing = score_meld((), table.trump, v).public()
        shown = [m if seat == table.bidder else nothing for seat, m in enumerate(shown)]
    return _table_with(table, melds=melds, shown=tuple(shown))


def _meld_win(state: RoundState) -> RoundState | None:
    """The hand ended at once by a meld that wins the game (``quadruple_wins_game``,
    §5.6), or None."""
    melds = state.table.melds
    if not state.variant.quadruple_wins_game or melds is None or not any(m.wins for m in melds):
        return None
    return _finish(state, score_meld_win(state))


def _after_meld(state: RoundState, **changes: Any) -> RoundState:
    """``state`` with ``changes`` (melds scored), then the meld phase (a concession may
    follow, §8.3) or the first lead, in one new state where the concession allows it."""
    if state.variant.quadruple_wins_game:
        won = _meld_win(state.evolve(**changes))
        if won is not None:
            return won
    if state.variant.concession != "off":
        return state.evolve(phase=Phase.MELD, to_act=state.table.bidder, **changes)
    return _start_tricks(state.evolve(**changes))


def _start_tricks(state: RoundState) -> RoundState:
    v = state.variant
    t = state.table
    lead = t.bidder if v.first_leader == "bidder" else (t.dealer + 1) % v.players
    return state.evolve(phase=Phase.TRICKS, to_act=lead, leader=lead)


def _pass_cards(state: RoundState, action: PassCards) -> RoundState:
    v = state.variant
    t = state.table
    seat = state.to_act
    cards = tuple(sorted(action.cards))
    if len(cards) != v.pass_count:
        raise IllegalAction(f"pass exactly {v.pass_count} cards")
    rest = _remove(state.hands[seat], cards)
    if rest is None:
        raise IllegalAction(f"you do not hold {format_cards(cards)}")
    bidder = t.bidder
    partner = _partner(bidder, v.players)
    given = list(t.given)
    given[seat] = cards
    hands = list(state.hands)
    if v.pass_order == "partner_first":
        other = bidder if seat == partner else partner
        hands[seat] = rest
        hands[other] = tuple(sorted(hands[other] + cards))
    elif seat == bidder:
        # simultaneous: both choices are made, now exchange them
        from_partner = t.given[partner]
        hands[bidder] = tuple(sorted(rest + from_partner))
        p_rest = _remove(hands[partner], from_partner)
        assert p_rest is not None
        hands[partner] = tuple(sorted(p_rest + cards))
    if seat == partner:
        return state.evolve(to_act=bidder, hands=tuple(hands), table=_table_with(t, given=tuple(given)))
    after = tuple(hands)
    table = _melded(_table_with(t, given=tuple(given), exchanged=True), after, v)
    return _after_meld(state, hands=after, table=table)


def _bury(state: RoundState, action: Bury) -> RoundState:
    cards = tuple(sorted(action.cards))
    problem = _bury_problem(state, cards)
    if problem:
        raise IllegalAction(problem)
    t = state.table
    rest = _remove(state.hands[t.bidder], cards)
    hands = tuple(rest if s == t.bidder else h for s, h in enumerate(state.hands))  # type: ignore[misc]
    return _after_meld(state, hands=hands, table=_table_with(t, buried=cards))


def _concede(state: RoundState, action: Any) -> RoundState:
    if type(action) is Concede:
        return _finish(state, score_conceded(state))
    t = state.table
    if t.trump < 0:  # a forced bid, not thrown in unseen (§9.2): take the widow, name trump
        hands = tuple(tuple(sorted(h + t.kitty)) if s == t.bidder else h for s, h in enumerate(state.hands))
        return state.evolve(phase=Phase.TRUMP, hands=hands)
    return _start_tricks(state)


def _play(state: RoundState, card: int) -> RoundState:
    seat = state.to_act
    hands = state.hands
    hand = hands[seat]
    faces = state.memo[1]
    if faces is None:
        faces = _legal_play_faces(state)
    ok = card in faces
    v = state.variant
    table = state.table
    if not ok:
        why = explain_card(hand, state.trick, table.trump, v, card, not state.tricks and not state.trick)
        raise IllegalAction(why or "that card may not be played now")
    i = hand.index(card)  # type: ignore[arg-type]
    new_hand = hand[:i] + hand[i + 1 :]
    hands = hands[:seat] + (new_hand,) + hands[seat + 1 :]
    trick = state.trick + (CARDS[card],)
    n = len(hands)
    leader = state.leader
    if len(trick) < n:
        return make_round_state(
            (
                v,
                _TRICKS,
                (seat + 1) % n,
                hands,
                trick,
                leader,
                state.tricks,
                state.won,
                state.points,
                table,
                None,
                [None, None],
            )
        )
    # the trick is complete (§1.3, §6.3)
    winner = (leader + trick_winner(trick, table.trump)) % n
    cp = v.card_points
    pts = 0
    for c in trick:
        pts += cp[c]
    last = not new_hand
    if last:
        pts += v.last_trick_bonus
    p = state.points
    points = p[:winner] + (p[winner] + pts,) + p[winner + 1 :]
    wn = state.won
    won = wn[:winner] + (wn[winner] + 1,) + wn[winner + 1 :]
    tricks = state.tricks + ((leader, trick, winner),)
    nxt = make_round_state((v, _TRICKS, winner, hands, (), winner, tricks, won, points, table, None, [None, None]))
    if last:
        return _finish(nxt, score_hand(nxt))
    return nxt


_HANDLERS: dict[tuple[Phase, type], Any] = {
    (Phase.DEAL, ClaimMisdeal): _misdeal,
    (Phase.DEAL, KeepHand): _misdeal,
    (Phase.AUCTION, Bid): _bid,
    (Phase.AUCTION, PassBid): _bid,
    (Phase.KITTY, HandOutKitty): _hand_out,
    (Phase.TRUMP, NameTrump): _name_trump,
    (Phase.ASK_PASS, AskPass): _ask_pass,
    (Phase.CALL, CallPartner): _call,
    (Phase.PASS, PassCards): _pass_cards,
    (Phase.BURY, Bury): _bury,
    (Phase.MELD, Concede): _concede,
    (Phase.MELD, PlayOn): _concede,
}


# ---------------------------------------------------------------------- what a seat sees


def observe(state: RoundState, seat: int) -> SeatView:
    """The `SeatView` of ``seat``: only what that seat may know (DESIGN.md).

    Raises `ValueError` for a seat outside 0..players-1.
    """
    v = state.variant
    hands = state.hands
    n = len(hands)
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not at this table (0..{n - 1})")
    t = state.table
    bidder = t.bidder
    kitty: tuple[Card, ...] = ()
    if (
        t.kitty
        and bidder >= 0
        and (v.kitty_exposed or seat == bidder)
        and not forced_bid_unseen(state)
        and v.kitty_mode != "bidder_distributes_one_each"  # handed out unseen (§2.4 (b))
    ):
        kitty = t.kitty
    received: tuple[Card, ...] = ()
    if bidder >= 0 and v.pass_count:
        partner = (bidder + 2) % n
        if seat == bidder:
            if t.exchanged or v.pass_order == "partner_first":
                received = t.given[partner]
        elif seat == partner and t.exchanged:
            received = t.given[bidder]
    leader = state.leader
    trick = state.trick
    return make_seat_view(
        (
            seat,
            v,
            state.phase,
            state.to_act,
            t.dealer,
            hands[seat],
            tuple(map(len, hands)),
            t.bids,
            t.high_bid,
            None if bidder < 0 else bidder,
            t.high_bid if bidder >= 0 else None,
            None if t.trump < 0 else SUITS[t.trump],
            kitty,
            t.buried if seat == bidder else (),
            t.given[seat],
            received,
            t.shown,
            tuple(((leader + i) % n, c) for i, c in enumerate(trick)) if trick else (),
            leader,
            state.tricks,
            state.won,
            t.scores,
            t.target,
            state.result,
            *_view_extras(state, seat),
        )
    )


def _view_extras(state: RoundState, seat: int) -> tuple[Any, ...]:
    """The `SeatView` fields after the core ones that an auction round fills: the draft's
    discards, five-hand's called card and partner, the kitty card this seat took (§2.4),
    the buried trumps and aces told to all (§4.2 ``announce_trump_or_ace``)."""
    t = state.table
    extras: dict[str, Any] = {}
    if t.discards_seen[seat]:
        extras["discards"] = t.discards_seen[seat]
    if t.partner >= 0:
        extras["called_card"] = CARDS[t.called]
        extras["partner"] = t.partner
    if t.handed and seat == t.bidder:
        extras["handed"] = t.handed
    if len(t.handed) == len(state.hands):
        extras["from_kitty"] = t.handed[(seat - t.bidder) % len(state.hands)]
    if t.buried and state.variant.bury_restriction == "announce_trump_or_ace":
        extras["buried_told"] = buried_told(t.buried, t.trump)
    return view_extras(**extras) if extras else view_extras()


def buried_told(buried: Sequence[int], trump: int) -> tuple[int, int, int]:
    """(trumps, aces, aces of trump) among ``buried`` card indices (an ace of trump counts
    in all three, so the words can say it is one card), as ``bury_restriction =
    "announce_trump_or_ace"`` tells every seat (§4.2)."""
    trumps = [SUIT_OF[c] == trump for c in buried]
    aces = [RANK_OF[c] == 0 for c in buried]
    return sum(trumps), sum(aces), sum(t and a for t, a in zip(trumps, aces))
