"""Scoring a finished round (RULES.md §5.7, §7, §8.1, §8.3, §8.4).

The scorers make a `HandResult` (defined in `rules.results`, re-exported here): per side
meld shown, meld saved, trick points, made or set, and the score change (all x10 points).
They read a finished round through `ScoredRound` and import no round flow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .cards import CARDS
from .checks import hand_checks
from .results import HandResult, SideResult

if TYPE_CHECKING:
    from .cards import Card
    from .meld import MeldResult
    from .variant import Variant

__all__ = [
    "HandResult",
    "SideResult",
    "bidding_side",
    "contract_out_of_reach",
    "reach_at_first_lead",
    "reach_before_lead",
    "score_called_hand",
    "score_conceded",
    "score_hand",
    "score_meld_win",
    "score_no_play",
]


class ScoredTable(Protocol):
    """What the scorers read of a round's auction, trump and meld (`auction_round.Table`):
    seats and suits as indexes, -1 where none."""

    @property
    def bidder(self) -> int: ...
    @property
    def high_bid(self) -> int: ...
    @property
    def bids(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def trump(self) -> int: ...
    @property
    def melds(self) -> tuple[MeldResult, ...] | None: ...
    @property
    def buried(self) -> tuple[Card, ...]: ...
    @property
    def called(self) -> int: ...
    @property
    def partner(self) -> int: ...
    @property
    def discards(self) -> tuple[tuple[Card, ...], ...]: ...


class ScoredRound(Protocol):
    """What the scorers read of a finished round (`auction_round.RoundState`; the scorers
    import no round flow, the flows import them)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def tricks(self) -> tuple[tuple[int, tuple[Card, ...], int], ...]: ...
    @property
    def won(self) -> tuple[int, ...]: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def table(self) -> ScoredTable: ...


def _side_seats(state: ScoredRound) -> tuple[tuple[int, ...], ...]:
    return state.variant.seats_of_side  # type: ignore[no-any-return]


def _meld_shown(state: ScoredRound) -> list[int]:
    """Per side, the meld laid down (§5.7; ``who_melds``, ``meld_minimum_to_record``)."""
    v = state.variant
    t = state.table
    return [_side_meld(v, t.melds, seats, t.bidder) for seats in _side_seats(state)]


def _side_meld(v: Variant, melds: Sequence[MeldResult] | None, seats: Sequence[int], bidder: int) -> int:
    """The meld ``seats`` (one side) laid down (§5.7): every member's, or the bidder's alone
    where only the bidder melds (``who_melds``), 0 under ``meld_minimum_to_record``."""
    if melds is None:
        return 0
    if v.who_melds == "all":
        total = sum([melds[s].total for s in seats])
    else:
        total = melds[bidder].total if bidder in seats else 0
    return total if total >= v.meld_minimum_to_record else 0


def _trump_letter(state: ScoredRound) -> str | None:
    return None if state.table.trump < 0 else "SHDC"[state.table.trump]


_PENALTY_BIDS = {"minus_bid": 1, "minus_double_bid": 2, "zero": 0}  # the set penalty in bids (§8.1)


def score_hand(state: ScoredRound) -> HandResult:
    """Score a round whose 12 (15, 16, 20) tricks are all played (RULES.md §8.1).

    ``state``: a `RoundState` after the last trick.  Saved meld per ``meld_requires``
    (§5.7); bidding side made if saved meld + trick points ≥ contract (with
    ``contract_mode = "summed_partner_bids"`` every side that bid, each against its own
    summed contract, §8.2), then scores its
    total (or the bid, ``contract_success_score = bid_only``), else the set penalty
    (``set_penalty``; meld and tricks forfeited unless ``set_forfeits_meld_and_tricks``
    is false); other sides score saved meld + trick points if they took at least
    ``nonbidder_min_points``.  Buried cards count for the bidder when
    ``kitty_discards_count_for_bidder``; the two-hand draft's discard piles (§2.8) count
    for their owner, or all for the non-bidder (``draft_discards_count_for``).  Returns a
    `HandResult` (x10 points).
    """
    v = state.variant
    t = state.table
    if t.partner >= 0:
        return score_called_hand(state)
    bidder = t.bidder
    bside = v.side_of[bidder]
    # §8.1: the bidding side's contract; §8.2: with summed bids every side's own
    contracts = summed_contracts(v, t.bids) if v.summed_contracts else ()
    shown = _meld_shown(state)
    sides = []
    pinochle_side = None
    total_tricks = len(state.tricks)
    points = state.points.__getitem__
    won = state.won.__getitem__
    cp = v.card_points.__getitem__
    piles = _discard_points(state) if v.drafts else None
    for side, seats in enumerate(_side_seats(state)):
        pts = sum(map(points, seats))
        if side == bside and v.kitty_discards_count_for_bidder:
            pts += sum(map(cp, t.buried))
        from_piles = sum(piles[s] for s in seats) if piles is not None else 0
        pts += from_piles
        ntricks = sum(map(won, seats))
        if ntricks == total_tricks:
            pinochle_side = side
        meld_saved = shown[side] if _saved(v, state, seats, pts, ntricks) else 0
        total = meld_saved + pts
        forfeited = 0
        contract = contracts[side] if contracts else t.high_bid if side == bside else 0
        if contract:
            made: bool | None = total >= contract
            if made:
                change = total if v.contract_success_score == "all_points" else contract
            else:
                penalty = contract * _PENALTY_BIDS[v.set_penalty]
                change = -penalty + (0 if v.set_forfeits_meld_and_tricks else total)
                if v.set_forfeits_meld_and_tricks:  # set: the meld is not scored (§8.1 step 5)
                    meld_saved, forfeited = 0, meld_saved
        else:
            made = None
            change = total
            if pts < v.nonbidder_min_points:  # §8.1 step 6: meld and counters only with the points
                meld_saved, change = 0, 0
        sides.append(
            SideResult(side, seats, shown[side], meld_saved, pts, ntricks, made, change, from_piles, forfeited)
        )
    result = HandResult(
        kind="played",
        bidder=bidder,
        contract=t.high_bid,
        trump=_trump_letter(state),
        sides=tuple(sides),
        pinochle_side=pinochle_side,
        contracts=contracts,
    )
    return _with_checks(state, result)


def summed_contracts(v: Any, bids: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Per side, the sum of its members' bids in the auction log ``bids`` ((seat, amount),
    a pass 0): each side's contract under ``contract_mode = "summed_partner_bids"`` (§3.8,
    §0.4.17; x10 points).  A side that bid nothing has 0, no contract."""
    out = [0] * v.n_sides
    side_of = v.side_of
    for seat, amount in bids:
        out[side_of[seat]] += amount
    return tuple(out)


def _saved(v: Any, state: ScoredRound, seats: Sequence[int], pts: int, ntricks: int) -> bool:
    """Whether the meld of a side of ``seats`` (``pts`` trick points, ``ntricks`` tricks) is
    saved (§5.7, ``meld_requires``)."""
    rule = v.meld_requires
    if rule == "none":
        return True
    if rule == "one_trick":
        return ntricks > 0
    if rule == "scoring_trick":
        return any(w in seats and any(v.card_points[c] for c in cards) for _, cards, w in state.tricks)
    return pts >= v.meld_requires_points  # type: ignore[no-any-return]


def score_called_hand(state: ScoredRound) -> HandResult:
    """Score a five-hand round with a called partner (RULES.md §0.4.11, §2.12), one entry
    per player.

    The pair (bidder and partner) and the defenders are each a side for saving meld
    (§5.7: the side must win a trick) and for the contract: the pair makes it when its
    saved meld plus its trick points reach the bid.  Then the bidder and the partner each
    score the pair's whole saved meld and trick points (``contract_success_score``), or
    each lose the bid (``set_penalty``; the pair's meld forfeited); each defender scores
    its own saved meld plus all the defenders' trick points, when those reach
    ``nonbidder_min_points``.  Buried cards, if any, count for the bidder."""
    v = state.variant
    t = state.table
    bidder, partner = t.bidder, t.partner
    n = len(state.hands)
    pair = tuple(sorted({bidder, partner}))
    defenders = tuple(s for s in range(n) if s not in pair)
    melds = t.melds
    own_meld = [0] * n
    if melds is not None:
        for s in range(n):
            if v.who_melds == "all" or s == bidder:
                m = melds[s].total
                own_meld[s] = m if m >= v.meld_minimum_to_record else 0
    pts = list(state.points)
    if v.kitty_discards_count_for_bidder:
        pts[bidder] += sum(v.card_points[c] for c in t.buried)
    won = state.won
    pair_pts = sum(pts[s] for s in pair)
    def_pts = sum(pts[s] for s in defenders)
    pair_saved = _saved(v, state, pair, pair_pts, sum(won[s] for s in pair))
    def_saved = _saved(v, state, defenders, def_pts, sum(won[s] for s in defenders))
    pair_meld = sum(own_meld[s] for s in pair) if pair_saved else 0
    total = pair_meld + pair_pts
    made = total >= t.high_bid
    if made:
        pair_change = total if v.contract_success_score == "all_points" else t.high_bid
    else:
        pair_change = -t.high_bid * _PENALTY_BIDS[v.set_penalty] + (0 if v.set_forfeits_meld_and_tricks else total)
    forfeit = not made and v.set_forfeits_meld_and_tricks
    sides = []
    for s in range(n):
        if s in pair:
            saved = own_meld[s] if pair_saved else 0
            lost = saved if forfeit else 0
            sides.append(SideResult(s, (s,), own_meld[s], saved - lost, pts[s], won[s], made, pair_change, 0, lost))
        else:
            saved = own_meld[s] if def_saved else 0
            change = saved + def_pts if def_pts >= v.nonbidder_min_points else 0
            sides.append(SideResult(s, (s,), own_meld[s], saved, pts[s], won[s], None, change))
    everything = len(state.tricks)
    alone = next((s for s in range(n) if won[s] == everything), None)
    return HandResult(
        kind="played",
        bidder=bidder,
        contract=t.high_bid,
        trump=_trump_letter(state),
        sides=tuple(sides),
        pinochle_side=alone,
        partner=partner,
        called=CARDS[t.called],
    )


def bidding_side(
    v: Variant, melds: Sequence[MeldResult] | None, bidder: int, partner: int = -1
) -> tuple[tuple[int, ...], int]:
    """The bidding side and its meld shown (RULES.md §5.7, §2.12; x10 points): ``(seats,
    meld)``.  ``melds``: per seat its `MeldResult` (None before the meld); ``bidder``: the
    bidder's seat; ``partner``: five-hand's called partner (-1 for none).  The called pair
    is the bidder and the partner, each member's meld counted by the minimum per seat
    (`score_called_hand`); otherwise the bidder's side of ``seats_of_side``, its meld by
    ``who_melds`` and ``meld_minimum_to_record`` for the side (`_side_meld`, as `_meld_shown`).  Raises
    `IndexError` for a seat the variant does not have."""
    if partner >= 0:
        seats: tuple[int, ...] = tuple(sorted({bidder, partner}))
        meld = 0
        if melds is not None:
            for s in seats:
                if v.who_melds == "all" or s == bidder:
                    m = melds[s].total
                    meld += m if m >= v.meld_minimum_to_record else 0
        return seats, meld
    seats = v.seats_of_side[v.side_of[bidder]]
    return seats, _side_meld(v, melds, seats, bidder)


def _most(v: Variant, meld: int, taken: int, won: int, counter_trick: bool, counters: int, left: int) -> int:
    """The most a bidding side can still reach by taking every trick left (x10 points):
    ``taken`` its trick points so far (its buried counters among them, where they count),
    ``won`` its tricks so far, ``counter_trick`` whether one of them held a counter,
    ``counters`` the counters still to be played, ``left`` the tricks still to be played.
    Its ``meld`` shown counts when it could still be saved (§5.7, ``meld_requires``)."""
    # every trick left to the side: its counters, and the last trick's bonus
    pts = taken + counters + (v.last_trick_bonus if left else 0)
    rule = v.meld_requires
    if rule == "none":
        saved = True
    elif rule == "one_trick":
        saved = won + left > 0
    elif rule == "scoring_trick":
        saved = counter_trick or counters > 0
    else:
        saved = pts >= v.meld_requires_points
    return pts + (meld if saved else 0)


def reach_before_lead(v: Variant, contract: int, meld: int, counters: int, buried: Sequence[Card] = ()) -> int | None:
    """Whether a contract can still be made before the first lead (RULES.md §8.3, the
    throw-in, by §8.1 step 3's and §5.7's arithmetic): the most (x10 points) the bidding
    side could reach even by taking every trick, when that is less than ``contract``;
    None when the contract is within reach.

    The most is the side's ``meld`` shown (when it could be saved, §5.7), plus every
    counter still to be played (``counters``, x10: the counters in every hand), plus the
    last-trick bonus (§7.2), plus the counters among the ``buried`` cards (§4.2) where
    they count for the bidder (``kitty_discards_count_for_bidder``).  ``contract`` and
    ``meld`` are x10 points (`bidding_side` gives the side's meld).  The same arithmetic
    as `contract_out_of_reach` at its trick 0.  Raises `ValueError` for a contract below 1
    or a negative meld or counters."""
    if contract < 1 or meld < 0 or counters < 0:
        raise ValueError(
            f"reach_before_lead needs a contract of 1 or more and no negative meld or counters"
            f" (contract {contract}, meld {meld}, counters {counters})"
        )
    cp = v.card_points
    taken = sum(cp[c] for c in buried) if v.kitty_discards_count_for_bidder else 0
    most = _most(v, meld, taken, 0, False, counters, v.tricks_per_hand)
    return most if most < contract else None


def reach_at_first_lead(
    v: Variant,
    contract: int,
    melds: Sequence[MeldResult] | None,
    bidder: int,
    partner: int,
    buried: Sequence[Card] = (),
) -> int | None:
    """`reach_before_lead` at the first lead of a hand, from what is on the table then
    (RULES.md §8.3, §8.1, §5.7, §7.2, §4.2): the bidding side's meld shown (`bidding_side`:
    ``melds`` per seat, ``bidder``, a called ``partner`` or -1) and every counter of the
    deck but the ``buried`` cards still to be played.  ``contract`` x10 points.  The most
    (x10) the side could reach taking every trick when that is short of ``contract``;
    None when it is within reach.  Raises `ValueError` as `reach_before_lead` does."""
    from .cards import make_deck

    _seats, meld = bidding_side(v, melds, bidder, partner)
    cp = v.card_points
    counters = sum(cp[c] for c in make_deck(v.deck)) - sum(cp[c] for c in buried)
    return reach_before_lead(v, contract, meld, counters, buried)


def contract_out_of_reach(state: ScoredRound) -> tuple[int, int] | None:
    """When a played hand's contract became impossible (RULES.md §8.1 step 3, §5.7, §7.2,
    §8.3's arithmetic): ``(k, most)``, the bidding side (the bidder and a called partner,
    §2.12) could no longer make the contract once ``k`` tricks were played even by taking
    every trick left, ``most`` (x10 points) being the total it could still reach then: its
    meld shown (when it could still be saved, §5.7), plus the trick points it had taken,
    plus every counter in the tricks still to play, plus the last-trick bonus while the last
    trick was still to play, plus its buried counters where they count for the bidder.
    ``k`` 0: out of reach before the first lead (a hand to throw in, §8.3; the hand's
    cards as `reach_before_lead` weighs them).

    ``state``: a `RoundState` after its last trick (``tricks`` all played).  None when the
    contract stayed within reach to the end (it was made), and for the forms without one
    contract of one side (summed partner bids, §8.2; the two-hand draft's discard piles,
    §2.8).  Raises nothing."""
    v = state.variant
    t = state.table
    if v.summed_contracts or v.drafts or t.bidder < 0 or not t.high_bid:
        return None
    seats, meld = bidding_side(v, t.melds, t.bidder, t.partner)
    cp = v.card_points
    tricks = state.tricks
    total = len(tricks)
    counters = [sum(cp[c] for c in cards) for _, cards, _ in tricks]
    first = reach_before_lead(v, t.high_bid, meld, sum(counters), t.buried)
    if first is not None:
        return 0, first
    taken = sum(cp[c] for c in t.buried) if v.kitty_discards_count_for_bidder else 0
    tricks_won = 0
    counter_trick = False  # a trick with a counter won (``scoring_trick``, §5.7)
    for k in range(1, total + 1):
        winner = tricks[k - 1][2]
        if winner in seats:
            taken += counters[k - 1] + (v.last_trick_bonus if k == total else 0)
            tricks_won += 1
            counter_trick = counter_trick or counters[k - 1] > 0
        most = _most(v, meld, taken, tricks_won, counter_trick, sum(counters[k:]), total - k)
        if most < t.high_bid:
            return k, most
    return None


def _with_checks(state: ScoredRound, result: HandResult) -> HandResult:
    """``result`` with the hand's check events under ``check_scoring`` (§9, `rules.checks`)."""
    if state.variant.check_scoring == "off":
        return result
    return result._replace(checks=hand_checks(state, result))


def _discard_points(state: ScoredRound) -> list[int]:
    """Per seat, the counters of the draft's discard piles that score for it (§2.8,
    ``draft_discards_count_for``: each pile for its ``owner``, or all for the non-bidder)."""
    v = state.variant
    t = state.table
    cp = v.card_points
    own = [sum(cp[c] for c in pile) for pile in t.discards]
    if v.draft_discards_count_for == "owner":
        return own
    return [0 if s == t.bidder else sum(own) for s in range(len(own))]


def score_conceded(state: ScoredRound, auto_set: bool = False) -> HandResult:
    """Score a hand thrown in before the first lead (RULES.md §8.3), or set at once
    for a trump named without the required meld (§3.6, ``auto_set``).

    The bidding side loses the contract; every other side scores its meld only
    (``concession = meld_only``) or meld + 100 (``meld_plus_100``); no trick points.
    """
    v = state.variant
    t = state.table
    # the bidding side, and with a called partner (§2.12) the partner's entry: each loses the bid
    bsides = {v.side_of[t.bidder]} | ({v.side_of[t.partner]} if t.partner >= 0 else set())
    shown = _meld_shown(state)
    bonus = v.concession_bonus
    sides = []
    for side, seats in enumerate(_side_seats(state)):
        if side in bsides:
            sides.append(SideResult(side, seats, shown[side], 0, 0, 0, False, -t.high_bid))
        else:
            sides.append(SideResult(side, seats, shown[side], shown[side], 0, 0, None, shown[side] + bonus))
    result = HandResult(
        kind="auto_set" if auto_set else "conceded",
        bidder=t.bidder,
        contract=t.high_bid,
        trump=_trump_letter(state),
        sides=tuple(sides),
        partner=t.partner if t.partner >= 0 else None,
        called=CARDS[t.called] if t.called >= 0 else None,
    )
    return _with_checks(state, result)


def score_no_play(state: ScoredRound, *, misdeal_by: int | None = None, all_passed: bool = False) -> HandResult:
    """A hand that is not played: a misdeal (§5.8) or everyone passed with
    ``all_pass = redeal`` (§3.4).  No side scores."""
    sides = tuple(SideResult(side, seats, 0, 0, 0, 0, None, 0) for side, seats in enumerate(_side_seats(state)))
    return HandResult(
        kind="misdeal" if misdeal_by is not None else "all_passed",
        bidder=None,
        contract=None,
        trump=None,
        sides=sides,
        misdeal_by=misdeal_by,
    )


def score_meld_win(state: ScoredRound) -> HandResult:
    """A hand ended at meld by a meld that wins the game (``quadruple_wins_game``,
    RULES.md §5.6, §0.4.14): a quadruple run, royal marriage or pinochle.  Nothing is
    scored; the game goes to the side of the seat that showed it (the bidder's side
    first, then clockwise from the bidder, if more than one seat did)."""
    v = state.variant
    t = state.table
    melds = t.melds or ()
    n = v.players
    bside = v.side_of[t.bidder]
    order = sorted(range(n), key=lambda s: (v.side_of[s] != bside, (s - t.bidder) % n))
    seat = next(s for s in order if melds[s].wins)
    shown = _meld_shown(state)
    seats_of = enumerate(_side_seats(state))
    sides = tuple(SideResult(side, seats, shown[side], 0, 0, 0, None, 0) for side, seats in seats_of)
    return HandResult(
        kind="meld_win",
        bidder=t.bidder,
        contract=t.high_bid,
        trump=_trump_letter(state),
        sides=sides,
        meld_win_seat=seat,
        meld_win=melds[seat].wins,
    )
