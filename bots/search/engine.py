"""The expert's play engine: fast trick play of one sampled deal (RULES.md §6, §7.1).

`Engine` holds every hand of a deal the expert sampled (perfect information: it is the
search's own guess, never the real deal) and plays the tricks in place: the legal set of
§6.2 on face masks (the same rule code as `rules.playout.Playout`; the differential test
in tests/bots/test_expert.py holds it to `Playout.legal` on random positions), the trick
winner of §1.3 kept card by card, the last-trick bonus of §7.1.  On it:

* `rollout`: the hand played out to the end by a cheap perfect-information policy (cash
  the sure winners, pull trump when the opponents still hold some, else lead to a
  partner's sure winner; win a trick as cheaply as is safe, smear counters on a trick a
  partner holds or surely wins later in it, else throw the least);
* `solve`: exact alpha-beta over the last tricks, every seat of ``side`` maximising and
  every other seat minimising a leaf value (exact for two sides; the paranoid
  assumption for a game of individuals).

Both count the cards they play in ``nodes``: the search budget is counted in nodes, so a
fixed seed and node budget replays exactly.  Faces are ints ``suit*6 + rank`` (a lower
face of a suit is a higher card).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.playout import legal_mask

__all__ = ["Engine"]

SUIT = tuple(63 << (6 * s) for s in range(4))
_TAKEN = (-1, 0, 0, 0)  # in the history: the card before completed a trick (see `Engine.taken`)
_BELOW = tuple((1 << f) - (1 << (f // 6 * 6)) for f in range(24))  # the faces of f's suit above it (lower index)


def _faces(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


class Engine:
    """One deal's trick play, mutable: `play`, `undo`, `snapshot`/`restore`, `rollout`, `solve`.

    ``n`` seats; ``trump`` a suit index; ``flags`` = `Variant.play_flags`;
    ``card_points`` the 24 faces' points (x10); ``bonus`` the last-trick bonus;
    ``side_of`` seat → side.  `setup` loads a position.
    """

    __slots__ = (
        "_later",
        "_later_mates",
        "_mates",
        "_opps",
        "bonus",
        "counts",
        "cp",
        "done",
        "first_win",
        "flags",
        "history",
        "leader",
        "masks",
        "n",
        "nodes",
        "played_tricks",
        "points",
        "seat",
        "side_of",
        "taken",
        "total",
        "trick",
        "trump",
        "w",
        "wi",
        "won",
    )

    def __init__(
        self, n: int, trump: int, flags: tuple[int, bool, bool, bool], card_points: Sequence[int], bonus: int,
        side_of: Sequence[int],
    ) -> None:  # fmt: skip
        self.n = n
        self.trump = trump
        self.flags = flags
        self.cp = tuple(card_points)
        self.bonus = bonus
        self.side_of = tuple(side_of)
        self.nodes = 0
        side = self.side_of
        self._opps = [[o for o in range(n) if side[o] != side[s]] for s in range(n)]
        # per leader and cards in the trick: the opponents of the seat to play still to come
        self._later = [
            [[(ld + j) % n for j in range(k + 1, n) if side[(ld + j) % n] != side[(ld + k) % n]] for k in range(n)]
            for ld in range(n)
        ]
        # per seat its partners; per leader and cards in the trick: the partners of the seat to play still to come
        self._mates = [[o for o in range(n) if o != s and side[o] == side[s]] for s in range(n)]
        self._later_mates = [
            [[(ld + j) % n for j in range(k + 1, n) if side[(ld + j) % n] == side[(ld + k) % n]] for k in range(n)]
            for ld in range(n)
        ]
        self.total = 0
        self.counts: list[list[int]] = [[0] * 24 for _ in range(n)]
        self.masks = [0] * n
        self.trick: list[int] = []
        self.wi = -1
        self.w = -1
        self.leader = 0
        self.seat = 0
        self.points = [0] * n
        self.won = [0] * n
        self.played_tricks = 0
        self.done = False
        self.first_win = -1  # the winner of the first trick `rollout` completed since `setup`/`restore`
        self.history: list[tuple[int, int, int, int]] = []
        self.taken: list[tuple[int, list[int], int, int]] = []  # the tricks completed since `setup`/`restore`

    def setup(
        self,
        hands: Sequence[Sequence[int]],
        leader: int,
        trick: Sequence[int],
        played_tricks: int,
        points: Sequence[int],
        won: Sequence[int],
    ) -> None:
        """Load a position: every seat's cards, the trick on the table (lead first, led
        by ``leader``), the tricks already played and the points and tricks per seat."""
        counts = self.counts
        masks = self.masks
        for s in range(self.n):
            row = counts[s]
            for f in range(24):
                row[f] = 0
            m = 0
            for f in hands[s]:
                row[f] += 1
                m |= 1 << f
            masks[s] = m
        self.trick = list(trick)
        self.leader = leader
        self.seat = (leader + len(trick)) % self.n
        self.wi, self.w = -1, -1
        t = self.trump
        for i, c in enumerate(self.trick):
            if i == 0 or _beats(c, self.w, t):
                self.wi, self.w = i, c
        self.played_tricks = played_tricks
        self.total = played_tricks + max(len(h) for h in hands)  # tricks in the hand
        self.points = list(points)
        self.won = list(won)
        self.done = not any(masks) and not trick
        self.first_win = -1
        self.history = []
        self.taken = []

    def snapshot(self) -> tuple[object, ...]:
        return (
            [row[:] for row in self.counts],
            self.masks[:],
            self.trick[:],
            self.wi,
            self.w,
            self.leader,
            self.seat,
            self.points[:],
            self.won[:],
            self.played_tricks,
            self.done,
        )

    def restore(self, snap: tuple[object, ...]) -> None:
        counts, masks, trick, wi, w, leader, seat, points, won, pt, done = snap
        self.counts = [row[:] for row in counts]  # type: ignore[attr-defined]
        self.masks = masks[:]  # type: ignore[index]
        self.trick = trick[:]  # type: ignore[index]
        self.wi, self.w, self.leader, self.seat = wi, w, leader, seat  # type: ignore[assignment]
        self.points = points[:]  # type: ignore[index]
        self.won = won[:]  # type: ignore[index]
        self.played_tricks, self.done = pt, done  # type: ignore[assignment]
        self.first_win = -1
        self.history = []
        self.taken = []

    # ------------------------------------------------------------------ rules
    def legal_mask(self) -> int:
        """The faces the seat to play may play now (RULES.md §6.2), as a mask (`rules.playout.legal_mask`)."""
        return legal_mask(self.masks[self.seat], self.trick, self.trump, self.w, self.flags, not self.played_tricks)

    def legal(self) -> list[int]:
        return _faces(self.legal_mask())

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (assumed legal); a full trick is taken at once."""
        self.nodes += 1
        seat = self.seat
        counts = self.counts[seat]
        left = counts[card] - 1
        counts[card] = left
        if not left:
            self.masks[seat] ^= 1 << card
        self.history.append((seat, card, self.wi, self.w))
        trick = self.trick
        trick.append(card)
        k = len(trick)
        if k == 1:
            self.wi, self.w = 0, card
        elif _beats(card, self.w, self.trump):
            self.wi, self.w = k - 1, card
        n = self.n
        if k < n:
            self.seat = seat + 1 if seat + 1 < n else 0
            return
        winner = (self.leader + self.wi) % n
        cp = self.cp
        pts = 0
        for c in trick:
            pts += cp[c]
        if not self.masks[seat]:
            pts += self.bonus
            self.done = True
        self.points[winner] += pts
        self.won[winner] += 1
        self.played_tricks += 1
        self.taken.append((self.leader, trick, winner, pts))
        self.trick = []
        self.history.append(_TAKEN)
        self.wi = self.w = -1
        self.leader = self.seat = winner

    def undo(self) -> None:
        """Take back the last card played (and the trick it completed)."""
        hist = self.history
        seat, card, wi, w = hist.pop()
        if seat < 0:  # a completed trick
            leader, cards, winner, pts = self.taken.pop()
            self.points[winner] -= pts
            self.won[winner] -= 1
            self.played_tricks -= 1
            self.done = False
            self.leader = leader
            self.trick = cards
            seat, card, wi, w = hist.pop()
        self.trick.pop()
        self.wi, self.w = wi, w
        self.counts[seat][card] += 1
        self.masks[seat] |= 1 << card
        self.seat = seat

    # ------------------------------------------------------------------ play-out
    def rollout(self, stop_cards: int = 0) -> int:
        """Play on by the cheap policy until the hand is done, or (``stop_cards`` > 0)
        until a trick is to be led with at most ``stop_cards`` cards in the leader's hand.
        The cards it plays are not kept for `undo` (`restore` a snapshot instead).
        Returns the first card it played (-1: none)."""
        n = self.n
        t = self.trump
        tmask = SUIT[t] if t >= 0 else 0
        cp = self.cp
        side = self.side_of
        masks = self.masks
        counts = self.counts
        opps_of = self._opps
        later_of = self._later
        bonus = self.bonus
        head, led_target, after_ruff, first_trump = self.flags
        mates_of = self._mates
        later_mates_of = self._later_mates
        nodes = 0
        first = -1
        while not self.done:
            trick = self.trick
            seat = self.seat
            # the legal set (`rules.playout.legal_mask`, inline)
            if not trick:
                if stop_cards and self.total - self.played_tricks <= stop_cards:
                    break
                m = masks[seat]
                if first_trump and not self.played_tricks:
                    m = m & tmask or m
            else:
                lead = trick[0]
                ls = lead // 6
                mo = masks[seat]
                m = mo & SUIT[ls]
                if m:
                    if head != 2:
                        w = self.w
                        if ls != t and w // 6 == t:  # trumped
                            if head == 0 and after_ruff:
                                top = min(c for c in trick if c // 6 == ls)
                                m = m & ((1 << top) - 1) or m
                        elif head == 0 or ls == t:
                            target = lead if (led_target and head == 0) else w
                            m = m & ((1 << target) - 1) or m
                else:
                    m = mo & tmask
                    if m:
                        w = self.w
                        if head == 0 and ls != t and w // 6 == t:
                            m = m & ((1 << w) - 1) or m
                    else:
                        m = mo
            if not m & (m - 1):
                best = m.bit_length() - 1
            else:
                best = -1
                best_key = -1e9
                if not trick:
                    opps = opps_of[seat]
                    opp_trump = False
                    for o in opps:
                        if masks[o] & tmask:
                            opp_trump = True
                            break
                    tops: list[list[int] | None] = [None, None, None, None]  # per suit: `_mate_tops`
                    x = m
                    while x:
                        low = x & -x
                        f = low.bit_length() - 1
                        x ^= low
                        s = f // 6
                        higher = _BELOW[f]
                        beaten = False
                        for o in opps:
                            mo = masks[o]
                            if mo & higher or (s != t and not mo & SUIT[s] and mo & tmask):
                                beaten = True
                                break
                        if not beaten:
                            # a sure trump once no opponent holds trump keys 10, above a losing
                            # card: the bidder draws its every trump before it leads into the
                            # others' aces, which inflates the review's figures in three-hand;
                            # keyed -5 or 0 instead, one card at a time at 35,000 nodes over
                            # 1,600 positions (bench/expert_bench.py --regret ""
                            # "engine.NAME=-5.0" ..., --seed drawn-rg2, the key made a module
                            # attribute for it) it chose no better: three-hand -0.21 and +0.25
                            # a decision (CIs about +-1.4), partnership -0.26 and -0.31
                            key = ((40.0 if opp_trump else 10.0) if s == t else 30.0) + cp[f]
                        else:
                            key = -2.0 * cp[f] + (f % 6) - (15.0 if s == t else 0.0)
                            mt = tops[s]
                            if mt is None:
                                mt = tops[s] = _mate_tops(masks, mates_of[seat], opps, s, t)
                            for y in mt:
                                if y < f if y // 6 == s else y // 6 == t:
                                    # a lead a partner surely wins: its points come too
                                    key = 20.0 + cp[f] + (f % 6)
                                    break
                        if key > best_key:
                            best_key, best = key, f
                else:
                    w = self.w
                    ls = trick[0] // 6
                    later_opps = later_of[self.leader][len(trick)]
                    if side[(self.leader + self.wi) % n] == side[seat] and not _any_beats(masks, later_opps, w, ls, t):
                        # partner holds the trick: the most points, a plain card before a trump
                        x = m
                        while x:
                            low = x & -x
                            f = low.bit_length() - 1
                            x ^= low
                            key = cp[f] * 4.0 + (f % 6) - (50.0 if f // 6 == t and ls != t else 0.0)
                            if key > best_key:
                                best_key, best = key, f
                    else:
                        x = m & (_BELOW[w] | (tmask if w // 6 != t else 0))
                        while x:
                            low = x & -x
                            f = low.bit_length() - 1
                            x ^= low
                            if not _any_beats(masks, later_opps, f, ls, t):
                                # a safe winner: the most points, then the lowest card
                                key = cp[f] * 4.0 + (f % 6) - (8.0 if f // 6 == t and ls != t else 0.0)
                                if key > best_key:
                                    best_key, best = key, f
                        if (
                            best < 0
                            and (ls == t or not m & tmask)
                            and _mate_wins(masks, later_mates_of[self.leader][len(trick)], later_opps, w, ls, t)
                        ):
                            # a partner to come surely wins the trick (and no trump of this seat's
                            # gets in its way): the most points
                            x = m
                            while x:
                                low = x & -x
                                f = low.bit_length() - 1
                                x ^= low
                                key = cp[f] * 4.0 + (f % 6) - (50.0 if f // 6 == t and ls != t else 0.0)
                                if key > best_key:
                                    best_key, best = key, f
                        if best < 0:
                            # no sure winner: throw the least (a plain card, few points, a low one)
                            x = m
                            while x:
                                low = x & -x
                                f = low.bit_length() - 1
                                x ^= low
                                key = -cp[f] * 4.0 + (f % 6) - (30.0 if f // 6 == t and ls != t else 0.0)
                                if key > best_key:
                                    best_key, best = key, f
            # play ``best`` (as `play`, without the history)
            if first < 0:
                first = best
            nodes += 1
            row = counts[seat]
            left = row[best] - 1
            row[best] = left
            if not left:
                masks[seat] ^= 1 << best
            trick.append(best)
            k = len(trick)
            if k == 1:
                self.wi, self.w = 0, best
            elif _beats(best, self.w, t):
                self.wi, self.w = k - 1, best
            if k < n:
                self.seat = seat + 1 if seat + 1 < n else 0
                continue
            winner = (self.leader + self.wi) % n
            pts = 0
            for c in trick:
                pts += cp[c]
            if not masks[seat]:
                pts += bonus
                self.done = True
            if self.first_win < 0:
                self.first_win = winner
            self.points[winner] += pts
            self.won[winner] += 1
            self.played_tricks += 1
            self.trick = []
            self.wi = self.w = -1
            self.leader = self.seat = winner
        self.nodes += nodes
        return first

    # ------------------------------------------------------------------ exact
    def solve(self, side: int, leaf: Callable[[Engine], float], alpha: float, beta: float) -> float:
        """The value of the position (``leaf`` of the finished hand) under best play: the
        seats of ``side`` maximise it, the others minimise it (fail-soft alpha-beta).
        Each card is played and taken back in place (as `play` and `undo`, without the
        history), and the last trick, every card forced, at once (`_last_trick`)."""
        if self.done:
            return leaf(self)
        trick = self.trick
        if not trick:
            last = self._last_trick(leaf)
            if last is not None:
                return last
        seat = self.seat
        masks = self.masks
        row = self.counts[seat]
        t = self.trump
        w0, wi0 = self.w, self.wi
        m = legal_mask(masks[seat], trick, t, w0, self.flags, not self.played_tricks)
        maxing = self.side_of[seat] == side
        best = -1e18 if maxing else 1e18
        n = self.n
        k = len(trick)
        nxt = seat + 1 if seat + 1 < n else 0
        for f in _ordered(m, self) if m & (m - 1) else (m.bit_length() - 1,):
            self.nodes += 1
            left = row[f] - 1
            row[f] = left
            if not left:
                masks[seat] ^= 1 << f
            trick.append(f)
            if not k:
                self.wi, self.w = 0, f
            elif _beats(f, w0, t):
                self.wi, self.w = k, f
            if k + 1 < n:
                self.seat = nxt
                v = self.solve(side, leaf, alpha, beta)
                self.seat = seat
            else:  # the trick is complete: taken, then given back
                leader = self.leader
                winner = (leader + self.wi) % n
                cp = self.cp
                pts = 0
                for c in trick:
                    pts += cp[c]
                if not masks[seat]:
                    pts += self.bonus
                    self.done = True
                self.points[winner] += pts
                self.won[winner] += 1
                self.played_tricks += 1
                self.trick = []
                self.wi = self.w = -1
                self.leader = self.seat = winner
                v = self.solve(side, leaf, alpha, beta)
                self.points[winner] -= pts
                self.won[winner] -= 1
                self.played_tricks -= 1
                self.done = False
                self.trick = trick
                self.leader, self.seat = leader, seat
            trick.pop()
            self.wi, self.w = wi0, w0
            row[f] += 1
            masks[seat] |= 1 << f
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _last_trick(self, leaf: Callable[[Engine], float]) -> float | None:
        """``leaf`` after the last trick when every hand holds one card (each forced),
        played at once without `play`/`undo` (counted as its cards); None otherwise."""
        masks = self.masks
        counts = self.counts
        n = self.n
        seat = self.leader
        cp = self.cp
        t = self.trump
        w = -1
        wi = 0
        pts = self.bonus
        for k in range(n):
            m = masks[seat]
            if not m or m & (m - 1):
                return None
            c = m.bit_length() - 1
            if counts[seat][c] != 1:
                return None
            pts += cp[c]
            if k == 0 or _beats(c, w, t):
                w, wi = c, seat
            seat = seat + 1 if seat + 1 < n else 0
        self.nodes += n
        self.points[wi] += pts
        self.won[wi] += 1
        v = leaf(self)
        self.points[wi] -= pts
        self.won[wi] -= 1
        return v


def _ordered(m: int, e: Engine) -> list[int]:
    """Moves of ``m`` for the search: one card per run of equivalent cards of a suit
    (touching faces of the same points with no card between them, nor a copy of either,
    in another hand or on the table)."""
    faces = _faces(m)
    if len(faces) > 1:
        seat = e.seat
        others = 0
        for s in range(e.n):
            if s != seat:
                others |= e.masks[s]
        for c in e.trick:
            others |= 1 << c
        cp = e.cp
        out = [faces[0]]
        for f in faces[1:]:
            p = out[-1]
            # p and f adjacent in the suit with nothing between (nor a copy of either) held
            # elsewhere or on the table, and the same points
            if p // 6 == f // 6 and not others & (((1 << (f + 1)) - 1) ^ ((1 << p) - 1)) and cp[p] == cp[f]:
                continue
            out.append(f)
        faces = out
    return faces


def _beats(a: int, b: int, t: int) -> bool:
    sa, sb = a // 6, b // 6
    if sa == sb:
        return a < b
    return sa == t


def _mate_wins(masks: list[int], mates: list[int], opps: list[int], w: int, ls: int, t: int) -> bool:
    """Whether one of ``mates`` (seats still to play to a trick led in suit ``ls`` that
    ``w`` wins so far) holds a card it may play that heads ``w`` and that no seat of
    ``opps`` can head: its best card of the led suit, or its best trump when void."""
    for p in mates:
        mp = masks[p]
        x = mp & SUIT[ls]
        if not x and t >= 0:
            x = mp & SUIT[t]
        if x:
            x = (x & -x).bit_length() - 1
            if _beats(x, w, t) and not _any_beats(masks, opps, x, ls, t):
                return True
    return False


def _mate_tops(masks: list[int], mates: list[int], opps: list[int], ls: int, t: int) -> list[int]:
    """The cards ``mates`` would head a trick led in suit ``ls`` with that no seat of
    ``opps`` can head: each mate's best card of the suit, or its best trump when void."""
    out = []
    for p in mates:
        mp = masks[p]
        x = mp & SUIT[ls]
        if not x and t >= 0:
            x = mp & SUIT[t]
        if x:
            x = (x & -x).bit_length() - 1
            if not _any_beats(masks, opps, x, ls, t):
                out.append(x)
    return out


def _any_beats(masks: list[int], seats: list[int], x: int, ls: int, t: int) -> bool:
    """Whether some seat of ``seats`` holds a card that would head ``x`` in a trick led
    in suit ``ls`` (following suit when it can, else trumping)."""
    xs = x // 6
    for o in seats:
        mo = masks[o]
        if mo & SUIT[ls]:
            if xs == ls and mo & _BELOW[x]:
                return True
        elif t >= 0:
            tr = mo & SUIT[t]
            if tr and (xs != t or tr & _BELOW[x]):
                return True
    return False
