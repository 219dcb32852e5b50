"""Exact play of the last tricks of two-hand pinochle (RULES.md §6.4, §6.2, §7.1).

Once the stock is gone both players of two-hand pinochle know each other's hand, so the
last twelve tricks are a game of perfect information: the leader plays a card, the
follower answers under the head rule of §6.2, the winner of the trick (§1.3) leads the
next, and the winner of the last trick takes the bonus (§7.1).  `solve` finds the most
trick points the seat to play can still take under best play by both, and the cards
that take them; `EndgameSolver` does the same but keeps what it worked out, so the later
decisions of one endgame cost next to nothing.

    value, faces = solve((hand0, hand1), leader, (), trump, head, v.card_points, v.last_trick_bonus)

Cards are faces (ints ``suit*6 + rank``, rank 0 = ace … 5 = nine); points are the
variant's ``card_points`` (x10 scale, §0.4.1) and ``last_trick_bonus``.  Legality comes
from `rules.play.legal_faces` and trick winners from `rules.play.beats`.

How: alpha-beta on the leader's points, run as null-window tests bisecting the value
(MTD), over tricks: a node is the position before a lead, keyed on the two hands, and
a transposition table keeps lower and upper bounds and the lead to try first.  Leads
and replies are cut down to one card per class of equivalent cards (proved in `_Rules`)
and tried in a fixed order (plain winners, trump winners, losers, then the leads whose
outcome the follower chooses, the plain suits the follower is short in first; a reply
that wins with the fewest points first).  The trumps a side holds that the other side
cannot catch bound the value before any search, and positions of two and three cards
a hand get exact values, computed once.  The tests (tests/bots/test_endgame.py) hold
every shortcut to a plain minimax.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

from rules.play import beats, legal_faces

__all__ = ["EndgameSolver", "solve"]

_T = TypeVar("_T")

# A hand is an int holding two bits per face: the copies of face f at bit 2f, so the
# 12-bit code of suit s is ``h >> 12*s & 4095`` and playing a card is a subtraction.
_ONE = tuple(1 << (2 * f) for f in range(24))
# per 12-bit suit code: the ranks present, highest card first; every copy's rank
_RANKS = tuple(tuple(r for r in range(6) if c >> (2 * r) & 3) for c in range(4096))
_COPIES = tuple(tuple(r for r in range(6) for _ in range(c >> (2 * r) & 3)) for c in range(4096))
_NCOPIES = tuple(len(c) for c in _COPIES)  # cards in a suit code

MAX_ENTRIES = 200_000  # positions a solver keeps (about 200 bytes each) before it starts afresh
_MAX_MOVES = 50_000  # entries of each move table of a `_Rules` before it starts afresh
_RULES_CACHE: dict[tuple[int, int, tuple[int, ...]], _Rules] = {}

_VOID = 1 << 24  # in a `lead_moves` key: the follower lacks the suit (the rest is its trumps)
# a suit's leads: (sure winners, sure losers, leads whose outcome the reply decides)
_Leads = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
# lead outcomes, whatever the follower answers; and trumps that win whenever they are played
_SURE_WIN, _SURE_LOSS, _OPEN, _ALWAYS_WIN = 1, -1, 0, 2


def _store(table: dict[int, _T], key: int, value: _T) -> None:
    """``table[key] = value``, emptying ``table`` first once it is full (memory stays bounded
    whatever number of endgames a process solves; the closures keep the same dict)."""
    if len(table) >= _MAX_MOVES:
        table.clear()
    table[key] = value


def _code(hand: Sequence[int]) -> int:
    h = 0
    for f in hand:
        h += _ONE[f]
    return h


class _Rules:
    """Move tables for one trump, head rule and point table, shared by all solvers.

    The moves searched are cut down without changing any value (the tests hold the
    search to a plain minimax):

    * Two copies of a face are one move (`legal_faces` returns distinct faces).
    * Equivalent cards: cards x, y of one suit in one hand such that the opponent holds
      no card of that suit ranked between them, ends included, win and lose against the
      same cards and are legal in the same tricks, now and in every later position
      (the opponent's hand only shrinks).  Swapping them maps the game after "x now,
      y kept" onto the game after "y now, x kept" move for move, and the points of each
      line differ by (p(x) - p(y)) * ([this trick won] - [the trick the other card goes
      to won]).  So if this trick's outcome is already fixed (a reply ends the trick; a
      lead that every legal reply beats, or none does) the card with the most points
      is at least as good as the others when the trick is won, the one with the fewest
      when it is lost; and cards of equal points are interchangeable whatever happens.
      A lead whose outcome the follower chooses keeps one card per point value.
    """

    def __init__(self, trump: int, head: int, points: tuple[int, ...]) -> None:
        self.trump = trump
        self.head = head
        self.points = points
        # beats[a][b]: reply b takes the trick led with a (§1.3)
        self.beats = tuple(tuple(beats(b, a, trump) for b in range(24)) for a in range(24))
        self.classes: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.leads: dict[int, _Leads] = {}
        self.replies: dict[int, tuple[int, ...]] = {}
        self.discards: dict[int, tuple[int, ...]] = {}
        self.sure: dict[int, tuple[int, int]] = {}

    # ------------------------------------------------------------------ classes
    def suit_classes(self, mine: int, theirs: int) -> tuple[tuple[int, ...], ...]:
        """The classes of equivalent cards (ranks, highest first) of suit code ``mine``
        against the opponent's code ``theirs`` of the same suit, highest class first."""
        key = mine << 12 | theirs
        hit = self.classes.get(key)
        if hit is not None:
            return hit
        out: list[tuple[int, ...]] = []
        run: list[int] = []
        for r in range(6):
            if theirs >> (2 * r) & 3:
                if run:
                    out.append(tuple(run))
                    run = []
                if mine >> (2 * r) & 3:  # a card the opponent also holds stands alone
                    out.append((r,))
            elif mine >> (2 * r) & 3:
                run.append(r)
        if run:
            out.append(tuple(run))
        res = tuple(out)
        _store(self.classes, key, res)
        return res

    def order(self, faces: Sequence[int], won: bool) -> list[int]:
        """``faces`` (one class) from the best to play when the trick is ``won`` (most
        points first) or lost (fewest points first)."""
        p = self.points
        return sorted(faces, key=(lambda f: (-p[f], f)) if won else (lambda f: (p[f], -f)))

    def lead_kind(self, lead: int, theirs: int, trumps: int) -> int:
        """`_SURE_WIN`, `_SURE_LOSS` or `_OPEN`: how ``lead`` fares against every legal
        reply of a follower holding ``theirs`` in the led suit and ``trumps``."""
        t = self.trump
        if theirs:
            sub = [lead // 6 * 6 + r for r in _COPIES[theirs]]
        elif trumps and lead // 6 != t:
            sub = [t * 6 + r for r in _COPIES[trumps]]
        else:  # void in the led suit and in trumps: any card, and none beats
            return _SURE_WIN
        won = [self.beats[lead][b] for b in legal_faces(sub, (lead,), t, self.head, False, False)]
        return _SURE_LOSS if all(won) else _SURE_WIN if not any(won) else _OPEN

    # ------------------------------------------------------------------ moves
    def lead_moves(self, s: int, mine: int, theirs: int, trumps: int) -> _Leads:
        """Leads from suit ``s`` (our code ``mine``) against the follower's code ``theirs``
        of it and ``trumps`` (its trump code, looked at only when it lacks suit ``s``):
        (sure winners, most points first; sure losers, fewest first; the rest, one per
        class and point value, most points first)."""
        key = s << 25 | mine << 12 | (theirs if theirs else _VOID | trumps)
        hit = self.leads.get(key)
        if hit is not None:
            return hit
        p = self.points
        base = s * 6
        wins: list[int] = []
        losses: list[int] = []
        open_: list[int] = []
        for cls in self.suit_classes(mine, theirs):
            faces = [base + r for r in cls]
            kind = self.lead_kind(faces[0], theirs, trumps)
            if kind == _SURE_WIN:
                wins.append(self.order(faces, True)[0])
            elif kind == _SURE_LOSS:
                losses.append(self.order(faces, False)[0])
            else:
                open_.extend(sorted({p[f]: f for f in reversed(faces)}.values(), key=lambda f: (-p[f], f)))
        wins.sort(key=lambda f: (-p[f], f))
        losses.sort(key=lambda f: (p[f], -f))
        res = (tuple(wins), tuple(losses), tuple(open_))
        _store(self.leads, key, res)
        return res

    def follow_moves(self, a: int, mine: int, theirs: int, suit: int) -> tuple[int, ...]:
        """Replies to lead ``a`` from the follower's code ``mine`` of ``suit`` (the led
        suit, or trumps when it has none of the led suit), ``theirs`` the leader's code of
        that suit after the lead: one card per class and outcome, winners first (fewest
        points first), then losers (fewest points first)."""
        key = (a if suit == a // 6 else a + 24) << 24 | mine << 12 | theirs
        hit = self.replies.get(key)
        if hit is not None:
            return hit
        p = self.points
        bt = self.beats[a]
        base = suit * 6
        legal = set(legal_faces([base + r for r in _COPIES[mine]], (a,), self.trump, self.head, False, False))
        wins: list[int] = []
        losses: list[int] = []
        for cls in self.suit_classes(mine, theirs):
            faces = [base + r for r in cls if base + r in legal]
            for won, out in ((True, wins), (False, losses)):
                group = [f for f in faces if bt[f] == won]
                if group:
                    out.append(self.order(group, won)[0])
        wins.sort(key=lambda f: (p[f], -f))
        losses.sort(key=lambda f: (p[f], -f))
        res = (*wins, *losses)
        _store(self.replies, key, res)
        return res

    def discard_moves(self, s: int, mine: int, theirs: int) -> tuple[int, ...]:
        """Discards from suit ``s`` (code ``mine``; ``theirs`` the leader's) by a follower
        void in the led suit and in trumps: each loses, so the fewest points per class."""
        key = s << 24 | mine << 12 | theirs
        hit = self.discards.get(key)
        if hit is not None:
            return hit
        base = s * 6
        res = tuple(self.order([base + r for r in cls], False)[0] for cls in self.suit_classes(mine, theirs))
        _store(self.discards, key, res)
        return res

    # ------------------------------------------------------------------ bounds
    def sure_points(self, key: int) -> tuple[int, int]:
        """Trump points the leader and the follower are each sure of, for ``key`` = the
        leader's trump code << 12 | the follower's.  A trump loses its trick only to a
        trump of the other side at least as high (led, only a higher trump beats it;
        as a reply it beats every plain card, and loses to a copy led first), and each
        card is in one trick, so a side keeps its trumps' points minus the most that
        the other side's trumps can catch, each one card it matches or outranks."""
        mine, theirs = key >> 12, key & 4095
        p = self.points
        base = self.trump * 6
        res = (
            sum(p[base + r] for r in _COPIES[mine]) - _max_catch(_COPIES[mine], _COPIES[theirs], p, base),
            sum(p[base + r] for r in _COPIES[theirs]) - _max_catch(_COPIES[theirs], _COPIES[mine], p, base),
        )
        _store(self.sure, key, res)
        return res


def _max_catch(held: Sequence[int], catchers: Sequence[int], p: Sequence[int], base: int) -> int:
    """Most points of the ranks ``held`` that distinct ``catchers`` can take, a catcher
    taking one card of its own rank or lower.  The catchable sets are nested, so taking
    cards by points, most first, while each still leaves every chosen rank enough
    catchers at or above it (Hall's condition) is optimal."""
    chosen: list[int] = []
    total = 0
    for r in sorted(held, key=lambda r: -p[base + r]):
        trial = sorted([*chosen, r])
        if all(sum(1 for c in catchers if c <= x) > i for i, x in enumerate(trial)):
            chosen = trial
            total += p[base + r]
    return total


def _rules(trump: int, head: int, points: tuple[int, ...]) -> _Rules:
    key = (trump, head, points)
    hit = _RULES_CACHE.get(key)
    if hit is None:
        if len(_RULES_CACHE) >= 8:
            _RULES_CACHE.clear()
        hit = _RULES_CACHE[key] = _Rules(trump, head, points)
    return hit


class _Search(NamedTuple):
    """The search of one solver (see `_make_search`)."""

    probe: Callable[[int, int, int, int, int, int], int]
    lead_value: Callable[[int, int, int, int, int, int, int], int]
    reply_value: Callable[[int, int, int, int, int, int, int, int], int]


def _make_search(rules: _Rules, tt: dict[int, list[Any]], small: dict[int, int], stats: list[int]) -> _Search:
    """The alpha-beta search of one solver, as closures over its tables.

    ``probe(hl, hf, n, rem, alpha, beta)``: the points the leader (hand code ``hl``,
    the follower's ``hf``) takes of the ``rem`` points still to be won (both hands'
    cards plus the last-trick bonus) when both hands hold ``n >= 2`` cards; fail-soft,
    so a result <= alpha is an upper bound on the value and one >= beta a lower bound.
    ``lead_value`` and ``reply_value``: the same one and two cards into a trick.

    ``tt`` maps ``hl | hf << 48`` (n >= 4) to ``[lower bound, upper bound, leads]``,
    the leads in the order to try them (the last one that cut off or was best first);
    ``small`` holds exact values of positions of two and three cards each (computed
    whole: cheaper than bounds at many thresholds); ``stats[0]`` counts expansions.
    """
    P = rules.points
    BT = rules.beats
    ONE = _ONE
    t = rules.trump
    t12 = 12 * t
    S12 = tuple(12 * (f // 6) for f in range(24))
    AKEY = tuple(f << 24 for f in range(24))  # the lead's part of a `follow_moves` key
    LEAD = tuple((ONE[a], P[a], BT[a], S12[a], AKEY[a]) for a in range(24))  # what a lead needs, at once
    lead_moves = rules.lead_moves
    follow_moves = rules.follow_moves
    discard_moves = rules.discard_moves
    leads_get = rules.leads.get
    reply_get = rules.replies.get
    sure_get = rules.sure.get
    sure_points = rules.sure_points
    tt_get = tt.get
    small_get = small.get
    # the suits' shifts, plain suits first and trumps last (the order leads are tried in)
    u0, u1, u2, u3 = (12 * s for s in (*(u for u in range(4) if u != t), t))
    k0, k1, k2, k3 = ((u // 12) << 25 for u in (u0, u1, u2, u3))  # the suit's part of a `lead_moves` key
    none = ((), (), ())
    VOID = _VOID

    def gen_leads(hl: int, hf: int) -> tuple[int, ...]:
        """The leads to search, in order: sure winners in the plain suits, then in
        trumps; sure losers; the leads whose outcome the reply decides.  Within each,
        the plain suits go by how few cards of them the follower holds (the suits it is
        about to be void in first: about a tenth fewer positions than suit order)."""
        ft = hf >> t12 & 4095
        m = hl >> u0 & 4095
        if m:
            o = hf >> u0 & 4095
            a = leads_get(k0 | m << 12 | (o if o else VOID | ft)) or lead_moves(u0 // 12, m, o, ft)
        else:
            a = none
        m = hl >> u1 & 4095
        if m:
            o = hf >> u1 & 4095
            b = leads_get(k1 | m << 12 | (o if o else VOID | ft)) or lead_moves(u1 // 12, m, o, ft)
        else:
            b = none
        m = hl >> u2 & 4095
        if m:
            o = hf >> u2 & 4095
            c = leads_get(k2 | m << 12 | (o if o else VOID | ft)) or lead_moves(u2 // 12, m, o, ft)
        else:
            c = none
        m = hl >> u3 & 4095
        if m:
            d = leads_get(k3 | m << 12 | (ft if ft else VOID)) or lead_moves(t, m, ft, ft)
        else:
            d = none
        # the plain suits in which the follower holds fewest cards first (a stable sort of three)
        na, nb, nc = _NCOPIES[hf >> u0 & 4095], _NCOPIES[hf >> u1 & 4095], _NCOPIES[hf >> u2 & 4095]
        if nb < na:
            a, b, na, nb = b, a, nb, na
        if nc < nb:
            b, c, nb = c, b, nc
            if nb < na:
                a, b = b, a
        return (*a[0], *b[0], *c[0], *d[0], *a[1], *b[1], *c[1], *d[1], *a[2], *b[2], *c[2], *d[2])

    def replies(a: int, hf: int, hl2: int) -> tuple[int, ...]:
        """The replies to search to lead ``a`` from ``hf`` (``hl2``: the leader after it)."""
        s12 = S12[a]
        fs = hf >> s12 & 4095
        if fs:
            ls = hl2 >> s12 & 4095
            return reply_get(AKEY[a] | fs << 12 | ls) or follow_moves(a, fs, ls, s12 // 12)
        ft = hf >> t12 & 4095
        if ft and s12 != t12:
            lt = hl2 >> t12 & 4095
            return reply_get((a + 24) << 24 | ft << 12 | lt) or follow_moves(a, ft, lt, t)
        out: tuple[int, ...] = ()
        for u12 in (0, 12, 24, 36):
            fu = hf >> u12 & 4095
            if fu:
                out += discard_moves(u12 // 12, fu, hl2 >> u12 & 4095)
        return out

    def two(hl: int, hf: int, rem: int) -> int:
        """The leader's points, exactly, when both hands hold two cards."""
        best = -1
        for a in {(hl.bit_length() - 1) >> 1, ((hl & -hl).bit_length() - 1) >> 1}:
            hl2 = hl - ONE[a]
            a2 = (hl2.bit_length() - 1) >> 1
            bta = BT[a]
            pa = P[a]
            m = rem
            for b in replies(a, hf, hl2):
                b2 = ((hf - ONE[b]).bit_length() - 1) >> 1
                tp = pa + P[b]
                if bta[b]:  # the follower leads the last trick
                    c = rem - tp if BT[b2][a2] else 0
                else:
                    c = tp if BT[a2][b2] else rem
                if c < m:
                    m = c
            if m > best:
                best = m
        return best

    def three(hl: int, hf: int, rem: int) -> int:
        """The leader's points, exactly, when both hands hold three cards."""
        best = -1
        for a in gen_leads(hl, hf):
            hl2 = hl - ONE[a]
            bta = BT[a]
            pa = P[a]
            m = rem + 1
            for b in replies(a, hf, hl2):
                hf2 = hf - ONE[b]
                tp = pa + P[b]
                rem2 = rem - tp
                if bta[b]:
                    k2 = hf2 | hl2 << 48
                    v = small_get(k2)
                    if v is None:
                        v = small[k2] = two(hf2, hl2, rem2)
                    c = rem2 - v
                else:
                    k2 = hl2 | hf2 << 48
                    v = small_get(k2)
                    if v is None:
                        v = small[k2] = two(hl2, hf2, rem2)
                    c = tp + v
                if c < m:
                    m = c
                    if m <= best:
                        break
            if m > best:
                best = m
        return best

    def search(hl: int, hf: int, n: int, rem: int, alpha: int, beta: int, e: list[Any] | None, key: int) -> int:
        """`probe` for ``n >= 4``, ``e`` the table entry at ``key`` (None for a new position)."""
        if e is None:
            tk = (hl >> t12 & 4095) << 12 | hf >> t12 & 4095
            sp = sure_get(tk)
            if sp is None:
                sp = sure_points(tk)
            lo = sp[0]
            hi = rem - sp[1]
            if hi <= alpha:
                return hi
            if lo >= beta:
                return lo
            e = tt[key] = [lo, hi, gen_leads(hl, hf)]
        else:
            lo = e[0]
            hi = e[1]
            if lo >= beta:
                return lo
            if hi <= alpha or lo == hi:
                return hi
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
        stats[0] += 1
        leads = e[2]
        n1 = n - 1
        best = -1
        best_mv = -1
        for a in leads:
            one, pa, bta, s12, akey = LEAD[a]
            hl2 = hl - one
            low = alpha if alpha > best else best
            m = rem + 1  # the follower's best so far: the leader's points after lead a
            fs = hf >> s12 & 4095
            if fs:
                ls = hl2 >> s12 & 4095
                reps = reply_get(akey | fs << 12 | ls) or follow_moves(a, fs, ls, s12 // 12)
            else:
                reps = replies(a, hf, hl2)
            if n1 == 3:
                for b in reps:
                    hf2 = hf - ONE[b]
                    tp = pa + P[b]
                    rem2 = rem - tp
                    if bta[b]:  # the follower wins the trick and leads the next
                        k2 = hf2 | hl2 << 48
                        v = small_get(k2)
                        if v is None:
                            v = small[k2] = three(hf2, hl2, rem2)
                        c = rem2 - v
                    else:
                        k2 = hl2 | hf2 << 48
                        v = small_get(k2)
                        if v is None:
                            v = small[k2] = three(hl2, hf2, rem2)
                        c = tp + v
                    if c < m:
                        m = c
                        if m <= low:
                            break
            else:
                for b in reps:
                    hf2 = hf - ONE[b]
                    tp = pa + P[b]
                    high = beta if beta < m else m
                    rem2 = rem - tp
                    # the next position's stored bounds settle most replies without a call
                    if bta[b]:
                        k2 = hf2 | hl2 << 48
                        ce = tt_get(k2)
                        if ce is None:
                            c = rem2 - search(hf2, hl2, n1, rem2, rem2 - high, rem2 - low, None, k2)
                        else:
                            c = rem2 - ce[0]
                            if c > low:
                                c = rem2 - ce[1]
                                if c < high and ce[0] != ce[1]:
                                    c = rem2 - search(hf2, hl2, n1, rem2, rem2 - high, rem2 - low, ce, k2)
                    else:
                        k2 = hl2 | hf2 << 48
                        ce = tt_get(k2)
                        if ce is None:
                            c = tp + search(hl2, hf2, n1, rem2, low - tp, high - tp, None, k2)
                        else:
                            c = tp + ce[1]
                            if c > low:
                                c = tp + ce[0]
                                if c < high and ce[0] != ce[1]:
                                    c = tp + search(hl2, hf2, n1, rem2, low - tp, high - tp, ce, k2)
                    if c < m:
                        m = c
                        if m <= low:
                            break
            if m > best:
                best = m
                best_mv = a
                if best >= beta:
                    break
        if best <= alpha:  # an upper bound
            if best < e[1]:
                e[1] = best
        else:  # a lower bound, or exact inside the window
            if best > e[0]:
                e[0] = best
            if best < beta:
                e[1] = best
            if best_mv != leads[0]:
                i = leads.index(best_mv)
                e[2] = (best_mv, *leads[:i], *leads[i + 1 :])
        return best

    def probe(hl: int, hf: int, n: int, rem: int, alpha: int, beta: int) -> int:
        if n == 2:
            return two(hl, hf, rem)
        if n == 3:
            return three(hl, hf, rem)
        key = hl | hf << 48
        return search(hl, hf, n, rem, alpha, beta, tt_get(key), key)

    def reply_value(hl2: int, hf: int, n: int, rem: int, a: int, b: int, low: int, high: int) -> int:
        """The leader's points after lead ``a`` (``hl2``: its hand without it) and reply
        ``b`` from ``hf``, ``n`` cards each before the trick; fail-soft in (low, high)."""
        if n == 1:
            return 0 if BT[a][b] else rem
        hf2 = hf - ONE[b]
        tp = P[a] + P[b]
        rem2 = rem - tp
        if n == 2:  # then the last trick, both cards forced
            a2 = (hl2.bit_length() - 1) >> 1
            b2 = (hf2.bit_length() - 1) >> 1
            if BT[a][b]:
                return rem2 if BT[b2][a2] else 0
            return tp if BT[a2][b2] else rem
        if BT[a][b]:
            return rem2 - probe(hf2, hl2, n - 1, rem2, rem2 - high, rem2 - low)
        return tp + probe(hl2, hf2, n - 1, rem2, low - tp, high - tp)

    def lead_value(hl2: int, hf: int, n: int, rem: int, a: int, low: int, high: int) -> int:
        """The leader's points after lead ``a``: the follower's best reply (as `reply_value`)."""
        m = rem + 1
        for b in replies(a, hf, hl2):
            c = reply_value(hl2, hf, n, rem, a, b, low, high if high < m else m)
            if c < m:
                m = c
                if m <= low:
                    break
        return m

    return _Search(probe, lead_value, reply_value)


class EndgameSolver:
    """`solve` with a memory: a bot holds one and asks it at each decision.

    The transposition table (bounds on the leader's points for each pair of hands met)
    is kept between calls, so once the first decision of an endgame has searched its
    game tree the later decisions are mostly look-ups.  It is dropped when the trump,
    head rule, points or bonus change, when a position holds a card the endgame it was
    built for did not (a new hand), and when it holds more than ``max_entries``
    positions (about 200 bytes each; a twelve-trick solve stores some 2,000 to 50,000),
    looked at between calls.  ``nodes``: the positions the last call expanded.

    Speed (bench/endgame_bench.py, this project's slow 2-core box, classic points): the
    first decision of a twelve-trick endgame takes some 40 ms for a typical deal and
    0.2 to 0.4 s for the hardest one in a hundred (up to some 50,000 positions, about
    7 µs each); post-1945 heading costs a little more than pre-1945.  Later decisions
    of the same endgame: 0.1 ms typically, about 10 ms at the 99th percentile (when the
    play leaves the lines the first search settled).
    """

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self.max_entries = max_entries
        self.nodes = 0
        self._tt: dict[int, list[Any]] = {}
        self._small: dict[int, int] = {}
        self._stats = [0]
        self._key: tuple[int, int, tuple[int, ...], int] | None = None
        self._cards: list[int] = []
        self._search: _Search | None = None

    @property
    def size(self) -> int:
        """Positions stored now (bounds and exact values), the measure ``max_entries`` caps."""
        return len(self._tt) + len(self._small)

    def solve(
        self,
        hands: Sequence[Sequence[int]],
        leader: int,
        trick: Sequence[int],
        trump: int,
        head: int,
        card_points: Sequence[int],
        last_bonus: int,
        *,
        one: bool = False,
    ) -> tuple[int, list[int]]:
        """The module-level `solve`, reusing what earlier calls worked out.  With ``one``
        the list holds a single optimal face (the first found), which spares the tests
        of the other moves (a bot needs one card to play)."""
        h0, h1, lead, to_play = _check(hands, leader, trick, trump, head, card_points, last_bonus)
        points = tuple(card_points)
        counts = [0] * 24
        for f in (*h0, *h1, *trick):
            counts[f] += 1
        key = (trump, head, points, last_bonus)
        rules = _rules(trump, head, points)
        if (
            self._search is None
            or key != self._key
            or self.size > self.max_entries
            or any(c > old for c, old in zip(counts, self._cards))
        ):
            self._tt.clear()
            self._small.clear()
            self._key = key
            self._cards = counts
            self._search = _make_search(rules, self._tt, self._small, self._stats)
        self._stats[0] = 0
        mine, theirs = (h0, h1) if to_play == 0 else (h1, h0)
        if not mine:
            self.nodes = 0
            return 0, []
        rem = sum(points[f] for f in (*h0, *h1, *trick)) + last_bonus
        if lead is None:
            value, best = self._lead(rules, self._search, _code(mine), _code(theirs), len(mine), rem, one)
        else:
            value, best = self._reply(rules, self._search, mine, _code(theirs), lead, rem, one)
        self.nodes = self._stats[0]
        return value, best

    def _lead(
        self, rules: _Rules, sr: _Search, hm: int, ht: int, n: int, rem: int, one: bool = False
    ) -> tuple[int, list[int]]:
        """Value and best leads of the leader holding ``hm`` against ``ht`` (``one``: stop
        at the first)."""
        if n == 1:
            a = (hm.bit_length() - 1) >> 1
            return sr.lead_value(0, ht, 1, rem, a, -1, rem + 1), [a]
        e = self._tt.get(hm | ht << 48)
        value = _bisect(lambda b: sr.probe(hm, ht, n, rem, b - 1, b), *((e[0], e[1]) if e else (0, rem)))
        # every distinct face that reaches the value, a class of equivalent cards at a time
        best: list[int] = []
        ft = ht >> 12 * rules.trump & 4095
        for s in range(4):
            mine, theirs = hm >> 12 * s & 4095, ht >> 12 * s & 4095
            for cls in rules.suit_classes(mine, theirs) if mine else ():
                faces = [s * 6 + r for r in cls]
                kind = rules.lead_kind(faces[0], theirs, ft)
                if s == rules.trump and not (theirs and _RANKS[theirs][0] < cls[0]):
                    kind = _ALWAYS_WIN  # no higher trump is out against them
                best += _passing(
                    rules,
                    faces,
                    kind,
                    lambda f: sr.lead_value(hm - _ONE[f], ht, n, rem, f, value - 1, value) >= value,
                )
                if one and best:
                    return value, best[:1]
        return value, sorted(best)

    def _reply(
        self, rules: _Rules, sr: _Search, mine: tuple[int, ...], hl2: int, lead: int, rem: int, one: bool = False
    ) -> tuple[int, list[int]]:
        """Value and best replies to ``lead`` of the follower holding ``mine`` (``hl2``:
        the leader's hand after its lead)."""
        hm = _code(mine)
        n = len(mine)
        low = _bisect(lambda b: sr.lead_value(hl2, hm, n, rem, lead, b - 1, b), 0, rem)  # the leader's share
        legal = legal_faces(mine, (lead,), rules.trump, rules.head, False, False)
        best: list[int] = []
        for s in sorted({f // 6 for f in legal}):
            theirs = hl2 >> 12 * s & 4095
            for cls in rules.suit_classes(hm >> 12 * s & 4095, theirs):
                for won in (True, False):
                    faces = [f for f in legal if f // 6 == s and f % 6 in cls and rules.beats[lead][f] == won]
                    kind = _SURE_WIN if won else _SURE_LOSS
                    if won and s == rules.trump and not (theirs and _RANKS[theirs][0] < cls[0]):
                        kind = _ALWAYS_WIN
                    best += _passing(
                        rules,
                        faces,
                        kind,
                        lambda f: sr.reply_value(hl2, hm, n, rem, lead, f, low, low + 1) <= low,
                    )
                    if one and best:
                        return rem - low, best[:1]
        return rem - low, sorted(best)


def _bisect(test: Callable[[int], int], lo: int, hi: int) -> int:
    """The value in [lo, hi] of a position whose ``test(b)`` is a fail-soft search with
    the null window (b - 1, b): bisection on the threshold (MTD)."""
    while lo < hi:
        b = (lo + hi + 1) // 2
        g = test(b)
        if g < b:
            hi = g
        else:
            lo = g
    return lo


def _passing(rules: _Rules, faces: list[int], kind: int, test: Callable[[int], bool]) -> list[int]:
    """The ``faces`` of one class of equivalent cards that pass ``test`` (reach the best
    value), testing one card per point value.  When the trick's outcome is fixed
    (``kind``), a card with more points (won) or fewer (lost) is at least as good as the
    rest of the class (see `_Rules`), so after the first failure the rest fail too.
    Trumps that win now with no higher trump against them (`_ALWAYS_WIN`) win whenever
    played, so the difference (p(x) - p(y)) * (1 - 1) is nil: one test serves them all."""
    if kind == _ALWAYS_WIN:
        return list(faces) if faces and test(faces[0]) else []
    p = rules.points
    done: dict[int, bool] = {}
    out: list[int] = []
    for f in faces if kind == _OPEN else rules.order(faces, kind == _SURE_WIN):
        v = p[f]
        if v not in done:
            done[v] = test(f)
            if not done[v] and kind != _OPEN:
                break
        if done[v]:
            out.append(f)
    return out


def _check(
    hands: Sequence[Sequence[int]],
    leader: int,
    trick: Sequence[int],
    trump: int,
    head: int,
    card_points: Sequence[int],
    last_bonus: int,
) -> tuple[tuple[int, ...], tuple[int, ...], int | None, int]:
    """The two hands sorted, the lead card (or None) and the seat to play; `ValueError`
    for input that is not a two-hand position (see `solve`)."""
    if len(hands) != 2:
        raise ValueError(f"two hands expected, got {len(hands)}")
    if leader not in (0, 1):
        raise ValueError(f"leader must be seat 0 or 1, got {leader!r}")
    if trump not in (0, 1, 2, 3):
        raise ValueError(f"trump must be a suit index 0..3, got {trump!r}")
    if head not in (0, 1, 2):
        raise ValueError(f"head must be 0 (pre1945), 1 (post1945) or 2 (none), got {head!r}")
    if len(card_points) != 24:
        raise ValueError(f"card_points needs 24 entries, got {len(card_points)}")
    if len(trick) > 1:
        raise ValueError(f"a two-hand trick has at most the lead before the reply, got {len(trick)} cards")
    h0, h1 = tuple(sorted(hands[0])), tuple(sorted(hands[1]))
    counts = [0] * 24
    for f in (*h0, *h1, *trick):
        if not isinstance(f, int) or not 0 <= f < 24:
            raise ValueError(f"cards are faces 0..23, got {f!r}")
        counts[f] += 1
    if max(counts) > 2:
        raise ValueError(f"face {counts.index(max(counts))} is there {max(counts)} times; the pack has two copies")
    n_lead, n_other = (len(h0), len(h1)) if leader == 0 else (len(h1), len(h0))
    if n_lead + len(trick) != n_other:
        raise ValueError(
            f"hand sizes {len(h0)} and {len(h1)} do not fit a trick of {len(trick)} card(s) led by seat {leader}"
        )
    lead = trick[0] if trick else None
    return h0, h1, lead, leader if lead is None else 1 - leader


def solve(
    hands: Sequence[Sequence[int]],
    leader: int,
    trick: Sequence[int],
    trump: int,
    head: int,
    card_points: Sequence[int],
    last_bonus: int,
) -> tuple[int, list[int]]:
    """Best play of a two-hand endgame of perfect information (RULES.md §6.4, §6.2, §7.1).

    ``hands``: (seat 0's hand, seat 1's hand), sorted tuples of faces (both copies of a
    face may be in one hand); ``leader``: the seat that leads the current trick;
    ``trick``: ``()`` before the lead, or ``(lead card,)`` once ``leader`` has led and
    the other seat is to play; ``trump``: suit index 0..3; ``head``: the head rule of
    §6.2 as in `Variant.play_flags` (0 pre1945, 1 post1945, 2 none; the head target is
    the current winner and there is no heading after a ruff, as in two-hand play);
    ``card_points``: the 24 faces' trick points (`Variant.card_points`, x10 scale);
    ``last_bonus``: the last-trick bonus (`Variant.last_trick_bonus`, x10).

    Returns ``(value, faces)``: the most trick points (in the units of ``card_points``)
    the seat to play can still take of the cards left (both hands and the card on the
    table) and the bonus, when both sides play their best; and the distinct faces it
    may play now to take them, sorted.  The other seat takes the rest: every card's
    points plus the bonus, minus ``value``.  Both hands empty: ``(0, [])``.

    Raises `ValueError` for input that is not such a position: not two hands, a seat,
    trump or head rule out of range, not 24 points, a face outside 0..23 or more than
    two copies of one, a trick of more than one card, or hand sizes that do not fit the
    trick (the leader holds as many cards as the other seat before its lead, one fewer
    after it).
    """
    return EndgameSolver().solve(hands, leader, trick, trump, head, card_points, last_bonus)
