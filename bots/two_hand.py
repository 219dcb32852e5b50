"""The two-hand forms for the `standard` and `easy` bots (RULES.md §2.7, §2.8,
§5.9, §6.4).

Stock game, phase 1 (`StockPolicy`): win a trick when there is meld to declare, a counter
worth taking, or the opponent's meld to stop; otherwise shed the card worth least to
keep (low non-counters that build no meld, spent table cards first); meld in the order
that scores most over the hand (a one-step look-ahead over the §5.9 reuse rule: the
royal marriage before the run, arounds that reuse married kings and queens); count the
dix first (the exchange may bring a meld card); keep trumps and aces for phase 2.
Phase 2 is perfect information: every unseen card is in the opponent's hand, so the
policy plays the exact solver's best card (`bots.endgame`).  With three (§0.4 item 22) the
unseen cards are split between two opponents: phase 1 beats the card winning the trick so
far, and phase 2 takes a trick worth taking with the cheapest card that wins it (last to
play, or counters in it) and sheds the least card otherwise.

Draft (`draft_keep`): keep the card looked at when it is worth more to the hand (meld
under its best trump, trick-taking) than the card the draw would give on average.

Everything is decided from the `SeatView` alone (no hidden card is ever read).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules import DeclareDix, DeclareMeld, DraftCard, Phase, Play, SeatView, TakeStock, score_meld
from rules.cards import make_deck
from rules.meld import meld_tables, score_counts
from rules.play import beats
from rules.stock_round import NINE, after_meld, meld_faces, melds_allowed, round_card_points

__all__ = ["StockPolicy", "draft_keep", "easy_two_hand", "opponent_hand"]

_FULL_PACK = Counter(make_deck("single48"))
# what a card is worth keeping for the tricks, by rank A 10 K Q J 9 (x10-ish points)
_TRICK_KEEP = (9.0, 4.0, 2.0, 1.0, 0.5, 0.0)
_TRUMP_KEEP = (24.0, 20.0, 15.0, 13.0, 11.0, 9.0)


def opponent_hand(view: SeatView) -> list[int]:
    """Phase 2 of the stock game: every card not in this hand and not yet played is in the
    other hand (the stock and the melds are gone), sorted."""
    left = Counter(_FULL_PACK)
    left.subtract(view.hand)
    for _, cards, _ in view.tricks:
        left.subtract(cards)
    left.subtract(c for _, c in view.trick)
    return sorted(left.elements())


# the meld of a hand under a trump (the draft's `_meld_value`), per variant (the variant
# object itself: its id, and it kept to tell a new variant at a freed id apart) by (trump,
# sorted faces of its meld cards, `_meld_faces`), and each such hand's `_marginals`: the
# stock policy asks for the same hands again and again (each card's share of the meld, a
# trick at a time), the expert's stock search (`bots.search.stock`) thousands of times a
# decision; a cache only, cleared when it grows past `_MELD_CACHE_MAX`
_MeldKey = tuple[int, tuple[int, ...]]
_MELD_CACHE: dict[int, tuple[Any, dict[_MeldKey, int], dict[_MeldKey, dict[int, int]]]] = {}
_MELD_CACHE_MAX = 200_000


def _meld_tables(v: Any) -> tuple[Any, dict[_MeldKey, int], dict[_MeldKey, dict[int, int]]]:
    """``v``'s caches (fresh ones when they have grown too big)."""
    got = _MELD_CACHE.get(id(v))
    if got is None or got[0] is not v or len(got[1]) >= _MELD_CACHE_MAX or len(got[2]) >= _MELD_CACHE_MAX:
        got = _MELD_CACHE[id(v)] = (v, {}, {})
    return got


_FACES: dict[tuple[int, int], tuple[Any, frozenset[int]]] = {}


def _meld_faces(v: Any, trump: int) -> frozenset[int]:
    """The faces some meld can use under ``trump`` (§5.1: `rules.stock_round.meld_faces`,
    and the dix, the trump 9): a hand's meld is the meld of its cards of these faces alone (the
    other suits' 10s and 9s are in no meld), so the caches keep only those."""
    got = _FACES.get((id(v), trump))
    if got is None or got[0] is not v:
        faces = meld_faces(v, trump) | {trump * 6 + NINE}
        got = _FACES[(id(v), trump)] = (v, faces)
    return got[1]


def _meld_value(hand: Sequence[int], trump: int, v: Any) -> int:
    table = _meld_tables(v)[1]
    faces = _meld_faces(v, trump)
    key = (trump, tuple(sorted(c for c in hand if c in faces)))
    hit = table.get(key)
    if hit is None:
        hit = table[key] = score_meld(key[1], trump, v).total
    return hit


def _marginals(everything: Sequence[int], trump: int, v: Any) -> dict[int, int]:
    """Per distinct meld card of ``everything`` (`_meld_faces`: a card of no other face
    takes no meld with it, and is not in it), the meld under ``trump`` it takes with it:
    the meld of all the cards less the meld without one copy of it.  Kept by the sorted
    meld cards; a new hand is counted once and each hand less one card scored from those
    counts, one copy taken off and put back (`rules.meld.score_counts`, `score_meld`'s own
    count).  The dict is shared: do not change it."""
    known = _meld_tables(v)[2]
    faces = _meld_faces(v, trump)
    cards = (trump, tuple(sorted(c for c in everything if c in faces)))
    out = known.get(cards)
    if out is not None:
        return out
    tables = meld_tables(v)
    counts = [0] * 24
    for c in cards[1]:
        counts[c] += 1
    base = score_counts(counts, trump, tables)[0]
    out = {}
    fours = bool(tables.fours)
    for c in dict.fromkeys(cards[1]):
        if not fours and c // 6 != trump and _spare(counts, c):
            out[c] = 0
            continue
        counts[c] -= 1
        out[c] = base - score_counts(counts, trump, tables)[0]
        counts[c] += 1
    known[cards] = out
    return out


def _spare(counts: list[int], c: int) -> bool:
    """Whether the hand of ``counts`` less one copy of ``c``, a card of a suit other than
    trump, scores as much (`rules.meld.score_counts`): every meld that counts ``c`` counts
    the least of its cards' copies (§5.1: a marriage its suit's K and Q, an around the
    rank in every suit, the pinochle Q♠ and J♦; the roundhouse bonus follows the
    marriages), and ``c`` has more copies than that least in each.  Not for a table with
    fours of a kind (a rank's copies in one suit), nor for the trump suit's cards (the run,
    the royal marriage and the dix count them one by one): the caller asks the count."""
    k = counts[c]
    r = c % 6
    if r == 1 or r == 5:  # a 10 or a 9 off trump: in no meld of the table, asked of the count
        return False
    if k <= counts[r] and k <= counts[6 + r] and k <= counts[12 + r] and k <= counts[18 + r]:
        return False  # the arounds of its rank: as many as its copies
    if r == 2 and k <= counts[c + 1]:  # a king: its marriage
        return False
    if r == 3 and (k <= counts[c - 1] or (c == 3 and k <= counts[16])):  # a queen: marriage, pinochle
        return False
    return not (c == 16 and k <= counts[3])  # the J♦: the pinochle


class StockPolicy:
    """The `standard` bot's play of the two-hand stock game (one per bot: it keeps the
    endgame solver's table between the decisions of one endgame, a cache only)."""

    lose_rate = 0.4  # per phase-1 trick left, the chance not to win it when a meld waits
    stop_opponent = 15.0  # worth of keeping the opponent from melding, phase 1
    lead_penalty = 3.0  # phase 1 leader wins little: a small cost of winning the lead

    def __init__(self) -> None:
        from .endgame import EndgameSolver  # its tables are built at import: only once a stock game is played

        self.solver = EndgameSolver()
        # two-hand's last decision once the stock was out (`play_phase2`): the trick points
        # the seat takes by the exact search, both playing their best, and the points left
        # to take (the card led, if any, and the last trick's bonus among them); None after
        # any other decision (never read by `act`: the hint says it)
        self.solved: tuple[int, int] | None = None

    def act(self, view: SeatView, legal: Sequence[Any]) -> Any:
        self.solved = None
        ph = view.phase
        if ph is Phase.DECLARE:
            return self.declare(view, legal)
        if ph is Phase.LAST_PICK:
            # the turn-up is a known trump (unless it is the exchanged 9); the face-down card is anyone's
            up = view.turn_up
            return TakeStock(up is not None and up % 6 != 5)
        if view.stock_open:
            return self.play_phase1(view, legal)
        return self.play_phase2(view, legal)

    # ------------------------------------------------------------------ melding
    def _plan(self, view: SeatView, hand: Sequence[int], laid: Any, again: float = 1.0, depth: int = 0) -> float:
        """The best points the next melds would add, ``depth`` more after the next one,
        each later one weighted by ``again`` (the look-ahead of `declare`)."""
        t = view.trump.index if view.trump is not None else 0
        return self._plan_of(view.variant, t, hand, laid, again, depth)

    def _plan_of(self, v: Any, t: int, hand: Sequence[int], laid: Any, again: float, depth: int) -> float:
        """`_plan` under trump ``t`` of variant ``v``."""
        best = 0.0
        for kind, _ in melds_allowed(v, t, hand, laid):
            value = float(kind.points)
            if depth:
                hand2, laid2 = after_meld(kind, hand, laid)
                value += again * self._plan_of(v, t, hand2, laid2, again, depth - 1)
            best = max(best, value)
        return best

    def declare(self, view: SeatView, legal: Sequence[Any]) -> Any:
        dix = [a for a in legal if isinstance(a, DeclareDix)]
        if dix:
            return dix[0]  # 10 now; an exchange may bring the card a meld needs
        melds = [a for a in legal if isinstance(a, DeclareMeld)]
        if not melds:
            return legal[-1]
        t = view.trump.index if view.trump is not None else 0
        laid = view.laid[view.seat]
        # the chance to win one more phase-1 trick and meld again (tricks left after this one)
        left = (view.stock_size + (view.turn_up is not None)) // view.variant.players - 1
        again = 1.0 - self.lose_rate ** max(0, left)
        best, best_score = melds[0], -1.0
        for kind, action in melds_allowed(view.variant, t, view.hand, laid):
            if action not in melds:
                continue
            hand2, laid2 = after_meld(kind, view.hand, laid)
            score = kind.points + again * self._plan(view, hand2, laid2, again, 1)
            if score > best_score:
                best, best_score = action, score
        return best

    # ------------------------------------------------------------------ phase 1
    @staticmethod
    def _keep_values(v: Any, t: int, hand: Sequence[int], laid: Any) -> dict[tuple[int, bool], float]:
        """What each playable card is worth keeping: its trick-taking for phase 2 plus the
        meld it helps build (less for a card whose meld is already on the table)."""
        table = [c[0] for c in laid]
        marginal = _marginals([*hand, *table], t, v)
        out: dict[tuple[int, bool], float] = {}
        for c in set(hand):
            trick = _TRUMP_KEEP[c % 6] if c // 6 == t else _TRICK_KEEP[c % 6]
            out[(c, False)] = trick + 0.5 * marginal.get(c, 0)
        for f in set(table):
            trick = _TRUMP_KEEP[f % 6] if f // 6 == t else _TRICK_KEEP[f % 6]
            used = max((sum(x[1:]) for x in laid if x[0] == f), default=0)
            out[(f, True)] = trick + 0.5 * max(0.0, marginal.get(f, 0) - used)
        return out

    def play_phase1(self, view: SeatView, legal: Sequence[Any]) -> Any:
        t = view.trump.index if view.trump is not None else 0
        return self.play_of(view.variant, t, view.hand, view.laid[view.seat], tuple(c for _, c in view.trick), legal)

    def play_of(
        self, v: Any, t: int, hand: Sequence[int], laid: Any, trick: Sequence[int], legal: Sequence[Any]
    ) -> Any:
        """`play_phase1` from what it reads of the view alone: the variant ``v``, trump
        ``t``, the seat's ``hand`` and ``laid`` cards, the ``trick``'s cards in play order,
        the ``legal`` plays (the expert's stock search asks it so, without a `SeatView`,
        `bots.search.stock`)."""
        cp = v.card_points
        keep = self._keep_values(v, t, hand, laid)
        if not trick:
            # leading gives the opponent the choice: shed what is worth least, never a counter
            return min(legal, key=lambda a: (keep[(a.card, a.from_table)] + 0.8 * cp[a.card], not a.from_table, a.card))
        lead = trick[0]  # the card to beat: the lead, or what beat it (three players, §1.3)
        for c in trick[1:]:
            if beats(c, lead, t):
                lead = c
        my_meld = self._plan_of(v, t, hand, laid, 1.0, 0)
        on_table = sum(cp[c] for c in trick)
        stake = on_table + my_meld + self.stop_opponent

        def value(a: Play) -> float:
            c = a.card
            if beats(c, lead, t):
                return stake + cp[c] - keep[(c, a.from_table)] - self.lead_penalty
            return -(on_table + cp[c]) - keep[(c, a.from_table)]

        return max(legal, key=lambda a: (value(a), a.from_table, -a.card))

    # ------------------------------------------------------------------ phase 2
    def play_phase2(self, view: SeatView, legal: Sequence[Any]) -> Any:
        v = view.variant
        t = view.trump.index if view.trump is not None else 0
        if not v.two_hand:
            return _phase2_three(view, legal, t)
        me = view.seat
        opp = opponent_hand(view)
        hands = (tuple(view.hand), tuple(opp)) if me == 0 else (tuple(opp), tuple(view.hand))
        trick = tuple(c for _, c in view.trick)
        leader = view.trick[0][0] if view.trick else me
        value, best = self.solver.solve(
            hands, leader, trick, t, v.phase2_head, v.card_points, v.last_trick_bonus, one=True
        )
        left = sum(v.card_points[c] for c in (*view.hand, *opp, *trick)) + v.last_trick_bonus
        self.solved = (value, left)
        faces = [a.card for a in legal]
        pick = next((f for f in best if f in faces), faces[0])
        return legal[faces.index(pick)]

    def phase_two_scores(self, view: SeatView, legal: Sequence[Any]) -> list[int]:
        """Two-hand's phase 2 (§6.4), every legal card weighed by the exact search that
        `play_phase2` plays the best of: per card, the seat's trick points at the end of
        the hand less the other's (rounded as the hand scores them, §7.1), both playing
        their best after it.  The meld is the same whatever the card, and left out.  From
        the view alone: every card not seen is in the other hand then."""
        v = view.variant
        t = view.trump.index if view.trump is not None else 0
        cp, bonus, head = v.card_points, v.last_trick_bonus, v.phase2_head
        me = view.seat
        opp = opponent_hand(view)
        took = [0, 0]  # the trick points each seat has taken so far
        for _, cards, winner in view.tricks:
            took[winner] += sum(cp[c] for c in cards)
        out = []
        for a in legal:
            c = int(a.card)
            hand = [int(x) for x in view.hand]
            hand.remove(c)
            hands = (tuple(sorted(hand)), tuple(opp)) if me == 0 else (tuple(opp), tuple(sorted(hand)))
            rest = sum(cp[x] for x in (*hand, *opp)) + bonus  # still to take after this trick
            if not view.trick:  # a lead: the other seat answers, and takes what it can of the rest
                theirs, _ = self.solver.solve(hands, me, (c,), t, head, cp, bonus, one=True)
                mine = rest + cp[c] - theirs
            else:
                lead = int(view.trick[0][1])
                won = beats(c, lead, t)  # (an identical copy does not beat the lead: §1.3)
                trick = cp[lead] + cp[c]
                if hand:  # the winner of this trick leads the rest
                    value, _ = self.solver.solve(hands, me if won else 1 - me, (), t, head, cp, bonus, one=True)
                    later = value if won else rest - value
                else:  # the last trick, its bonus with it
                    trick += bonus
                    later = 0
                mine = (trick if won else 0) + later
            total = sum(took) + sum(cp[x] for x in (c, *hand, *opp, *(f for _, f in view.trick))) + bonus
            end = [took[me] + mine, total - took[me] - mine]
            if v.round_card_points:
                end = [round_card_points(x) for x in end]
            out.append(end[0] - end[1])
        return out


def _winning_card(view: SeatView, trump: int) -> int:
    """The card winning the trick so far (§1.3; the lead when it is alone)."""
    best = view.trick[0][1]
    for _, c in view.trick[1:]:
        if beats(c, best, trump):
            best = c
    return best


def _phase2_three(view: SeatView, legal: Sequence[Any], trump: int) -> Any:
    """Phase 2 of the three-hand stock game: lead the highest non-trump ace (else the
    least card); following, take the trick with the cheapest winning card when it holds
    counters or this seat plays last, else shed the least card."""
    cp = view.variant.card_points

    def cost(a: Any) -> tuple[float, int]:  # what playing the card gives up: counters, trump, rank
        c = a.card
        return (cp[c] + (30 if c // 6 == trump else 0) - (c % 6), c)

    if not view.trick:
        aces = [a for a in legal if a.card % 6 == 0 and a.card // 6 != trump]
        return aces[0] if aces else min(legal, key=cost)
    best = _winning_card(view, trump)
    winners = [a for a in legal if beats(a.card, best, trump)]
    last = len(view.trick) == view.variant.players - 1
    if winners and (last or any(cp[c] for _, c in view.trick)):
        return min(winners, key=cost)
    return min(legal, key=cost)


def easy_two_hand(view: SeatView, legal: Sequence[Any]) -> Any:
    """The `easy` bot's two-hand play: the biggest meld or dix at once, keep aces, tens and
    kings in the draft, take the turn-up last, and otherwise its usual card play."""
    ph = view.phase
    if ph is Phase.DECLARE:
        t = view.trump.index if view.trump is not None else 0
        points: dict[Any, int] = {
            a: k.points for k, a in melds_allowed(view.variant, t, view.hand, view.laid[view.seat])
        }
        scored = [a for a in legal if isinstance(a, DeclareMeld | DeclareDix)]
        return max(scored, key=lambda a: points.get(a, 10)) if scored else legal[-1]
    if ph is Phase.DRAFT:
        c = view.looking_at
        return DraftCard(c is not None and c % 6 <= 2)
    return legal[0]


def draft_keep(view: SeatView) -> DraftCard:
    """Keep or reject the card looked at (RULES.md §2.8): keep it when it is worth more
    to the hand than the average card a rejection would bring (the unseen cards left)."""
    v = view.variant
    c = view.looking_at
    if c is None:
        return DraftCard(True)
    hand = list(view.hand)
    unseen = Counter(_FULL_PACK)
    unseen.subtract(hand)
    unseen.subtract(view.discards)
    unseen[c] -= 1
    base = [_meld_value(hand, t, v) for t in range(4)]
    suit_len = Counter(x // 6 for x in hand)
    # how likely each suit is to be trump: long suits and meld in them, squared
    like = [(1 + suit_len[t] + base[t] / 40) ** 2 for t in range(4)]
    norm = sum(like)

    def worth(x: int) -> float:
        gain = sum(like[t] * (_meld_value([*hand, x], t, v) - base[t]) for t in range(4)) / norm
        trick = _TRICK_KEEP[x % 6] + 0.6 * v.card_points[x]
        # length in a suit makes a trump: each card of a long suit is worth a little more
        return gain + trick + 1.5 * suit_len[x // 6]

    total = sum(unseen.values())
    expected = sum(n * worth(x) for x, n in unseen.items() if n > 0) / max(1, total)
    return DraftCard(worth(c) >= expected)
