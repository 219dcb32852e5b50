"""Fast trick play for look-ahead and simulation (RULES.md §6, §7.1, §8.1).

`Playout` plays the tricks of one round in place, with `undo`: the shape a bot needs to
try many lines of play from one position (deal the unseen cards, play on, score, undo),
and what random full-hand simulation uses.  It is the state machine's tricks phase
without building a new `RoundState` per card: the rules of `legal_faces` (§6.2) on
face masks, the current winner of §1.3 kept card by card (`trick_winner` for a trick
already begun), and `state()` hands back exactly the `RoundState` (scored by the same
`score_hand` once the last trick is in) that `apply` would have reached by the same plays.

    po = Playout(state)              # state.phase is Phase.TRICKS
    while not po.done:
        po.play(po.legal()[0])
    result = po.state().result

Cards are faces (ints ``suit*6 + rank``); hands are kept sorted, as in `RoundState`.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence

from .actions import IllegalAction
from .auction_round import RoundState, explain_card, make_round_state, observe
from .cards import CARDS, Card, format_cards
from .play import beats, trick_winner
from .scoring import score_hand
from .view import CORE_VIEW_FIELDS, Phase, SeatView, make_seat_view

__all__ = ["Playout", "legal_mask"]

_SUIT_MASK = tuple(63 << (6 * s) for s in range(4))
# the faces of a 12-bit mask (two suits), ascending: a 24-bit hand mask is two look-ups
_LOW = tuple(tuple(CARDS[f] for f in range(12) if m >> f & 1) for m in range(4096))
_HIGH = tuple(tuple(CARDS[f + 12] for f in range(12) if m >> f & 1) for m in range(4096))


def _faces(m: int) -> tuple[Card, ...]:
    return _LOW[m & 4095] + _HIGH[m >> 12]


def legal_mask(
    m: int, trick: Sequence[int], t: int, w: int, flags: tuple[int, int, int, int], first_trick: bool
) -> int:
    """The faces of hand mask ``m`` that may be played now (RULES.md §6.2), as a mask.

    ``trick``: the faces played to the trick so far (lead first); ``t``: the trump suit
    (-1: none); ``w``: the face winning the trick so far; ``flags``: the variant's play
    rules (must head: 0 always, 1 in the led suit only, 2 never; head the lead rather than
    the winner; head the led suit after a ruff; the first lead must be trump);
    ``first_trick``: no trick has been taken yet.  Shared by `Playout` and the expert's
    search engine (`bots.search.engine`)."""
    if not trick:
        if flags[3] and first_trick:  # the first lead must be trump
            return m & _SUIT_MASK[t] or m
        return m
    head, led_target, after_ruff, _ = flags
    lead = trick[0]
    ls = lead // 6
    trumped = ls != t and w // 6 == t
    fm = m & _SUIT_MASK[ls]
    if fm:
        if head != 2:
            if trumped:
                if head == 0 and after_ruff:
                    # head the best card of the led suit even though the trick is trumped
                    best = min(c for c in trick if c // 6 == ls)
                    fm = fm & ((1 << best) - 1) or fm
            elif head == 0 or ls == t:
                # a lower face is a higher card: the cards heading the target are the bits below it
                target = lead if (led_target and head == 0) else w
                fm = fm & ((1 << target) - 1) or fm
        return fm
    tm = m & _SUIT_MASK[t] if t >= 0 else 0
    if tm:
        if head == 0 and trumped:
            tm = tm & ((1 << w) - 1) or tm
        return tm
    return m


class Playout:
    """A round's trick play, mutable and undoable (RULES.md §6–§7).

    Built from a `RoundState` in `Phase.TRICKS` (raises `ValueError` otherwise).
    ``seat``: the seat to play; ``done``: all tricks played; ``trick``: the cards of
    the current trick, lead first; ``tricks``, ``won``, ``points``: as in `RoundState`
    (points x10).  A hand is held as a bit mask of the faces it holds plus a count per
    face, so the legal set (§6.2) is a few integer operations; the differential test
    (tests/rules/test_playout.py) holds it to `legal_faces` under every preset.
    """

    __slots__ = (
        "_counts",
        "_flags",
        "_hands",
        "_history",
        "_legal",
        "_masks",
        "_start",
        "_tricks_t",
        "_views",
        "_w",
        "_wi",
        "bonus",
        "card_points",
        "done",
        "leader",
        "n",
        "points",
        "seat",
        "trick",
        "tricks",
        "trump",
        "won",
    )

    def __init__(self, state: RoundState) -> None:
        if state.phase is not Phase.TRICKS:
            raise ValueError(f"a playout starts in the tricks phase, not the {state.phase.value} phase")
        v = state.variant
        self._start = state
        self._flags = v.play_flags
        self.card_points: tuple[int, ...] = v.card_points
        self.bonus: int = v.last_trick_bonus
        self.n: int = v.players
        self.trump: int = state.table.trump
        self._counts: list[list[int]] = []
        self._masks: list[int] = []
        for h in state.hands:
            counts = [0] * 24
            m = 0
            for c in h:
                counts[c] += 1
                m |= 1 << c
            self._counts.append(counts)
            self._masks.append(m)
        self._hands: list[list[Card]] | None = None  # sorted hands, kept once `hand` is asked for
        self._tricks_t: tuple[tuple[int, tuple[Card, ...], int], ...] | None = None  # tuple(tricks), cached
        self._views: list[SeatView | None] = [None] * len(state.hands)
        self.trick: list[Card] = list(state.trick)
        # the current winner of the trick (§1.3): index in the trick, card; -1 while it is empty
        self._wi = trick_winner(self.trick, self.trump) if self.trick else -1
        self._w = self.trick[self._wi] if self.trick else -1
        self.leader: int = state.leader
        self.seat: int = state.to_act
        self.tricks: list[tuple[int, tuple[Card, ...], int]] = list(state.tricks)
        self.won: list[int] = list(state.won)
        self.points: list[int] = list(state.points)
        self.done = False
        self._history: list[tuple[int, Card, int, int]] = []  # (seat, card, winner index, winner card) before
        self._legal: tuple[Card, ...] | None = None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, sorted as in `RoundState.hands`."""
        hands = self._hands
        if hands is None:
            hands = self._hands = [
                [c for c in _faces(self._masks[s]) for _ in range(self._counts[s][c])] for s in range(self.n)
            ]
        return tuple(hands[seat])

    def legal(self) -> tuple[Card, ...]:
        """The distinct faces the seat to play may play (RULES.md §6.2), sorted as
        `legal_plays` gives them; empty when done."""
        out = self._legal
        if out is not None:
            return out
        if self.done:
            return ()
        m = legal_mask(self._masks[self.seat], self.trick, self.trump, self._w, self._flags, not self.tricks)
        out = self._legal = _faces(m)
        return out

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (a face); a completed trick is taken at once.
        Raises `IllegalAction` saying why when ``card`` may not be played now."""
        legal = self._legal
        if legal is None:
            legal = self.legal()
        if card not in legal:
            if self.done:
                raise IllegalAction("the hand is over")
            v = self._start.variant
            first = not self.tricks and not self.trick
            why = explain_card(self.hand(self.seat), self.trick, self.trump, v, card, first)
            raise IllegalAction(why or f"{format_cards([card])} may not be played now")
        card = CARDS[card]  # the `Card` itself, whatever int-like value was passed
        seat = self.seat
        counts = self._counts[seat]
        left = counts[card] - 1
        counts[card] = left
        if not left:
            self._masks[seat] ^= 1 << card
        if self._hands is not None:
            self._hands[seat].remove(card)
        w = self._w
        self._history.append((seat, card, self._wi, w))
        self._legal = None
        trick = self.trick
        trick.append(card)
        k = len(trick)
        if k == 1:
            self._wi, self._w = 0, card
        elif beats(card, w, self.trump):  # §1.3; a second copy does not head
            self._wi, self._w = k - 1, card
        n = self.n
        if k < n:
            self.seat = (seat + 1) % n
            return
        # the trick is complete (§6.3)
        leader = self.leader
        winner = (leader + self._wi) % n
        pts = sum(map(self.card_points.__getitem__, trick))
        if not self._masks[seat]:
            pts += self.bonus
            self.done = True
        self.points[winner] += pts
        self.won[winner] += 1
        self.tricks.append((leader, tuple(trick), winner))
        self._tricks_t = None
        self.trick = []
        self._wi = self._w = -1
        self.leader = self.seat = winner

    def undo(self) -> None:
        """Take back the last card played (and the trick it completed).
        Raises `IndexError` when back at the starting position."""
        seat, card, wi, w = self._history.pop()
        self._legal = None
        if not self.trick:
            leader, cards, winner = self.tricks.pop()
            self._tricks_t = None
            pts = sum(map(self.card_points.__getitem__, cards))
            if self.done:
                pts += self.bonus
                self.done = False
            self.points[winner] -= pts
            self.won[winner] -= 1
            self.leader = leader
            self.trick = list(cards)
        self.trick.pop()
        self._wi, self._w = wi, w
        self._counts[seat][card] += 1
        self._masks[seat] |= 1 << card
        if self._hands is not None:
            insort(self._hands[seat], card)
        self.seat = seat

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: equal to ``observe(self.state(), seat)`` (DESIGN.md
        "What a seat may see"), built from the parts that change during trick play.
        Raises `ValueError` for a seat outside 0..players-1."""
        n = self.n
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at this table (0..{n - 1})")
        base = self._views[seat]
        if base is None:
            base = self._views[seat] = observe(self._start, seat)
        leader = self.leader
        trick = self.trick
        done = self.done
        return make_seat_view(
            (
                seat,
                base.variant,
                Phase.DONE if done else Phase.TRICKS,
                -1 if done else self.seat,
                base.dealer,
                self.hand(seat),
                tuple(map(len, self._hands)),  # type: ignore[arg-type]  # built by hand()
                base.bids,
                base.high_bid,
                base.bidder,
                base.contract,
                base.trump,
                base.kitty,
                base.buried,
                base.given,
                base.received,
                base.melds,
                tuple([((leader + i) % n, c) for i, c in enumerate(trick)]) if trick else (),
                leader,
                self._tricks_tuple(),
                tuple(self.won),
                base.scores,
                base.target,
                self.state().result if done else None,
                *base[CORE_VIEW_FIELDS:],  # type: ignore[arg-type]  # the view's own extras, in field order
            )
        )

    def _tricks_tuple(self) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
        out = self._tricks_t
        if out is None:
            out = self._tricks_t = tuple(self.tricks)
        return out

    def state(self) -> RoundState:
        """The `RoundState` `apply` would reach by the same plays (scored when done)."""
        s = self._start
        n = self.n
        nxt = make_round_state(
            (
                s.variant,
                Phase.TRICKS,
                self.seat,
                ((),) * n if self.done else tuple(self.hand(seat) for seat in range(n)),
                tuple(self.trick),
                self.leader,
                self._tricks_tuple(),
                tuple(self.won),
                tuple(self.points),
                s.table,
                None,
                [None, None],
            )
        )
        if self.done:
            return nxt.evolve(phase=Phase.DONE, to_act=-1, result=score_hand(nxt))
        return nxt
