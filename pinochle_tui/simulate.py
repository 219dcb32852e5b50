"""`pinochle simulate`: bots play each other headless.

    pinochle simulate --variant NAME --seats standard,random,standard,random --hands N --seed S
                      [--games G] [--duplicate] [--json]

Plain mode plays whole games (to the variant's target) one after another until N hands
(or G finished games); `--duplicate` plays every deal once per seating, with the sides'
seats swapped (rotated through all seats for 3 players), so the difference between sides
measures skill, not the cards.  Every illegal action, exception and broken invariant is
reported with the seed that reproduces it, and makes the exit code 1.  A game that has
not ended after 400 hands (random bots can bid each other into the ground for ever) is
no engine error: it is counted as an unfinished game and the next game begins.  A move
with only one legal action (the last tricks, the one card a seat may follow with) is made
without asking the bot, so the decision latency figures count real choices only.

Memory stays flat however long the run: per-hand figures are kept as running moments
(`Moments`) and decision times in a log histogram (`LogHistogram`), not as lists.

The simulation itself (`simulate`) draws nothing; only `run_simulate` uses Rich.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shlex
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bots import LEVELS, make_bot
from rules import (
    GameState,
    Phase,
    RoundState,
    Variant,
    apply,
    hand_rng,
    legal_actions,
    new_round,
    observe,
    score_meld,
)
from rules.actions import PLAYS
from rules.checks import ledger
from rules.playout import Playout

from . import cli_common as cli
from .spelling import did_you_mean

__all__ = ["LogHistogram", "Moments", "SimResult", "add_arguments", "merge", "run_simulate", "simulate"]

GAME_HANDS_LIMIT = cli.GAME_HANDS_LIMIT
"""A plain-mode game still going after this many hands is given up as unfinished."""

UNFINISHED_KEPT = 20
"""How many unfinished games' seeds a result keeps (the count has them all)."""


class Moments:
    """Count, mean and sum of squared deviations of a stream of numbers (Welford), for a
    mean and its 95% interval without keeping the numbers."""

    __slots__ = ("m2", "mean", "n")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)

    def merge(self, other: Moments) -> None:
        """Fold ``other`` in (Chan et al.'s pairwise update)."""
        if not other.n:
            return
        n = self.n + other.n
        d = other.mean - self.mean
        self.m2 += other.m2 + d * d * self.n * other.n / n
        self.mean += d * other.n / n
        self.n = n

    def ci95(self) -> tuple[float, float, float]:
        """The mean and its 95% interval (normal approximation); zeros when empty."""
        if not self.n:
            return 0.0, 0.0, 0.0
        if self.n < 2:
            return self.mean, self.mean, self.mean
        h = 1.96 * math.sqrt(self.m2 / (self.n - 1) / self.n)
        return self.mean, self.mean - h, self.mean + h

    def interval(self) -> list[float] | None:
        """The 95% interval rounded for the JSON (``[lo, hi]``), or None from fewer than two
        samples: one has no spread to make an interval from (it said "[95% CI 6 … 6]")."""
        if self.n < 2:
            return None
        _, lo, hi = self.ci95()
        return [round(lo, 2), round(hi, 2)]


class LogHistogram:
    """Non-negative integers (decision times in ns) counted in fixed logarithmic buckets,
    `PER_OCTAVE` to each doubling: its size depends on the range of the values (at most
    `MAX_BUCKETS` for 64-bit ones), never on how many were added.  A percentile read from
    it is the middle (geometric) of the bucket holding that rank, clamped to the exact
    smallest and largest value seen, so it is within `RESOLUTION` (relative) of the
    percentile of the sorted values; ``max`` is exact."""

    PER_OCTAVE = 32
    RESOLUTION = 2 ** (1 / (2 * PER_OCTAVE)) - 1  # 1.09 %: half a bucket, in ratio
    MAX_BUCKETS = 64 * PER_OCTAVE + 1  # bucket -1 holds the zeros

    __slots__ = ("counts", "hi", "lo", "n")

    def __init__(self) -> None:
        self.counts: dict[int, int] = {}
        self.n = 0
        self.lo = 0
        self.hi = 0

    def __len__(self) -> int:
        return self.n

    def add(self, x: int) -> None:
        b = int(math.log2(x) * self.PER_OCTAVE) if x > 0 else -1
        self.counts[b] = self.counts.get(b, 0) + 1
        if not self.n or x < self.lo:
            self.lo = x
        if x > self.hi:
            self.hi = x
        self.n += 1

    def merge(self, other: LogHistogram) -> None:
        if not other.n:
            return
        for b, k in other.counts.items():
            self.counts[b] = self.counts.get(b, 0) + k
        self.lo = other.lo if not self.n else min(self.lo, other.lo)
        self.hi = max(self.hi, other.hi)
        self.n += other.n

    def at_rank(self, k: int) -> float:
        """The value at 0-based rank ``k`` of the sorted values, within `RESOLUTION`."""
        if not 0 <= k < self.n:
            raise IndexError(k)
        seen = 0
        for b in sorted(self.counts):
            seen += self.counts[b]
            if seen > k:
                mid = 0.0 if b < 0 else 2 ** ((b + 0.5) / self.PER_OCTAVE)
                return min(max(mid, float(self.lo)), float(self.hi))
        raise AssertionError("counts do not add up to n")  # pragma: no cover


@dataclass
class _Bidder:
    contracts: int = 0
    made: int = 0
    set: int = 0
    conceded: int = 0
    bid_sum: int = 0
    meld_sum: int = 0
    over_sum: int = 0  # achieved - bid, played hands
    played: int = 0
    pass_gain_sum: int = 0
    pass_hands: int = 0


@dataclass
class SimResult:
    """Everything `simulate` measured; `to_json` gives its keys."""

    variant: str
    seats: list[str]
    duplicate: bool
    seed: str
    hands: int = 0
    hands_asked: int | None = None  # --hands (None: --games alone)
    boards: int = 0
    deals_per_board: int = 0  # duplicate: the deals of a board, one per seating of the sides
    games: int = 0
    side_points: list[int] = field(default_factory=list)  # per side (plain) or per team (duplicate)
    # per score entry of the game (`Variant.n_scores`): per side, or per person when people
    # sit out in turn (§0.4.16: the game is won by a person, whatever seats it played from)
    games_won: list[int] = field(default_factory=list)
    people: list[str] | None = None  # the people's names when people sit out (None: games_won is per side)
    board_stats: Moments = field(default_factory=Moments)  # the duplicate boards' scores
    diff_stats: Moments = field(default_factory=Moments)  # plain: side 0 minus the other(s), per hand
    side_stats: list[Moments] = field(default_factory=list)  # per side, its points in each hand
    repro: str = ""  # the simulate options that replay this run
    contracts: int = 0
    made: int = 0
    set: int = 0
    concessions: int = 0
    bid_sum: int = 0
    meld_sum: int = 0
    over_sum: int = 0
    played: int = 0
    by_level: dict[str, _Bidder] = field(default_factory=dict)
    illegal: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    unfinished: int = 0  # plain games given up after GAME_HANDS_LIMIT hands (no error)
    unfinished_seeds: list[str] = field(default_factory=list)  # the first UNFINISHED_KEPT of them
    latency_ns: dict[str, LogHistogram] = field(default_factory=dict)
    seconds: float = 0.0
    sides: list[dict[str, Any]] = field(default_factory=list)  # who each side is (`side_labels`)
    game_scale: str = "x10"  # the scale the game shows this variant in (Variant.score_scale)
    interrupted: bool = False  # stopped by Ctrl-C: the figures are of the hands played until then
    # check pinochle (§9): per seat as given in --seats, the checks collected minus paid
    # over the run (`rules.checks.ledger` of every hand's events and every game's); None
    # when the variant keeps no checks
    checks: list[int] | None = None

    # ---------------------------------------------------------------- figures
    def latency(self) -> dict[str, dict[str, float]]:
        """Per bot level: p50, p99 (within `LogHistogram.RESOLUTION`) and max decision time in ms."""
        out = {}
        for level, h in sorted(self.latency_ns.items()):
            n = len(h)
            if not n:
                continue
            out[level] = {
                "p50": round(h.at_rank(n // 2) / 1e6, 4),
                "p99": round(h.at_rank(min(n - 1, int(n * 0.99))) / 1e6, 4),
                "max": round(h.hi / 1e6, 4),
                "decisions": n,
            }
        return out

    def add_unfinished(self, seed: str) -> None:
        self.unfinished += 1
        if len(self.unfinished_seeds) < UNFINISHED_KEPT:
            self.unfinished_seeds.append(seed)

    def to_json(self) -> dict[str, Any]:
        stat = self.board_stats if self.duplicate else self.diff_stats
        m = stat.ci95()[0]
        n_hands = max(1, self.hands)
        by_level = {}
        for level, b in sorted(self.by_level.items()):
            by_level[level] = {
                **_contract_figures(b, b.conceded),
                "avg_pass_gain": round(b.pass_gain_sum / b.pass_hands, 2) if b.pass_hands else None,
            }
        return {
            "variant": self.variant,
            "seats": self.seats,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "hands": self.hands,
            "interrupted": self.interrupted,
            "boards": self.boards,
            "hands_asked": self.hands_asked,
            "deals_per_board": self.deals_per_board if self.duplicate else None,
            "games": self.games,
            "points_per_hand": [round(p / n_hands, 2) for p in self.side_points],
            "points_per_hand_ci95": [st.interval() for st in self.side_stats],
            "points_per_board": round(m, 2) if self.duplicate else None,
            "ci95": stat.interval() if self.duplicate else None,
            "diff_per_hand": None if self.duplicate else round(m, 2),
            "diff_per_hand_ci95": None if self.duplicate else stat.interval(),
            "games_won": self.games_won,
            "people": self.people,
            "unfinished_games": self.unfinished,
            "unfinished_seeds": self.unfinished_seeds,
            **_contract_figures(self, self.concessions),
            "bidders": by_level,
            "illegal_actions": len(self.illegal),
            "errors": len(self.errors),
            "problems": (self.illegal + self.errors)[:20],
            "hands_per_s": round(self.hands / self.seconds, 1) if self.seconds else None,
            "latency_ms": self.latency(),
            # every points figure above is in the canonical x10 scale (RULES.md §0.4.1),
            # whatever the variant: divide by game_divisor for the number the game shows
            "points_scale": "x10",
            "game_scale": self.game_scale,
            "game_divisor": 10 if self.game_scale == "x1" else 1,
            "sides": self.sides,
            "checks_per_seat": None if self.checks is None else list(self.checks),
        }


def _contract_figures(acc: Any, conceded: int) -> dict[str, Any]:
    """Contracts, make/set rates and averages of a tally (`SimResult` or a level's
    `_Bidder`): ``contracts``, ``made``, ``played``, ``set`` and the three sums."""
    c, p = acc.contracts, acc.played
    return {
        "contracts": c,
        "make_rate": round(acc.made / c, 4) if c else None,
        "make_rate_played": round(acc.made / p, 4) if p else None,
        "set_rate": round((acc.set + conceded) / c, 4) if c else None,
        "concessions": conceded,
        "avg_bid": round(acc.bid_sum / c, 2) if c else None,
        "avg_meld": round(acc.meld_sum / c, 2) if c else None,
        "avg_achieved_minus_bid": round(acc.over_sum / p, 2) if p else None,
    }


def merge(parts: Sequence[SimResult]) -> SimResult:
    """One `SimResult` from several runs of the same setup (e.g. run in parallel on
    disjoint seeds); ``seconds`` is the longest part (they ran side by side)."""
    first = parts[0]
    out = SimResult(variant=first.variant, seats=first.seats, duplicate=first.duplicate, seed=first.seed)
    out.deals_per_board = first.deals_per_board
    if all(r.hands_asked is not None for r in parts):
        out.hands_asked = sum(r.hands_asked or 0 for r in parts)
    out.sides, out.game_scale, out.people = first.sides, first.game_scale, first.people
    if first.checks is not None:
        out.checks = [0] * len(first.checks)
    out.side_points = [0] * len(first.side_points)
    out.games_won = [0] * len(first.games_won)
    for r in parts:
        for name in (
            "hands",
            "boards",
            "games",
            "contracts",
            "made",
            "set",
            "concessions",
            "bid_sum",
            "meld_sum",
            "over_sum",
            "played",
        ):
            setattr(out, name, getattr(out, name) + getattr(r, name))
        out.side_points = [a + b for a, b in zip(out.side_points, r.side_points)]
        out.games_won = [a + b for a, b in zip(out.games_won, r.games_won)]
        out.board_stats.merge(r.board_stats)
        out.diff_stats.merge(r.diff_stats)
        if not out.side_stats:
            out.side_stats = [Moments() for _ in r.side_stats]
        for side, st in zip(out.side_stats, r.side_stats):
            side.merge(st)
        out.illegal += r.illegal
        out.errors += r.errors
        for seed in r.unfinished_seeds:
            if len(out.unfinished_seeds) < UNFINISHED_KEPT:
                out.unfinished_seeds.append(seed)
        out.unfinished += r.unfinished
        for level, h in r.latency_ns.items():
            out.latency_ns.setdefault(level, LogHistogram()).merge(h)
        for level, b in r.by_level.items():
            acc = out.by_level.setdefault(level, _Bidder())
            for name in vars(b):
                setattr(acc, name, getattr(acc, name) + getattr(b, name))
        if out.checks is not None and r.checks is not None:
            out.checks = [a + b for a, b in zip(out.checks, r.checks)]
        out.seconds = max(out.seconds, r.seconds)
        out.interrupted = out.interrupted or r.interrupted
    return out


def expert_budget(think: float | None, nodes: int | None) -> dict[str, Any]:
    """The expert's budget as `bots.make_bot` takes it: ``nodes`` cards played a decision
    with no clock (its search then depends on the seed alone, so a run replays exactly),
    else ``think`` seconds of wall clock (how far a search gets in them, and so its
    figures, varies with the machine's load), else the expert's default seconds."""
    if nodes is not None:
        return {"nodes": nodes, "think": None}
    return {} if think is None else {"think": think}


class _Table:
    """Plays hands with one bot per seat, timing and checking every decision."""

    def __init__(
        self,
        variant: Variant,
        levels: Sequence[str],
        res: SimResult,
        shift: int = 0,
        think: float | None = None,
        nodes: int | None = None,
    ) -> None:
        """``shift``: the seat of --seats' first bot at this table (duplicate rotates the
        bots round the table; the check ledger is kept per bot as given); ``think``,
        ``nodes``: the expert's budget (`expert_budget`)."""
        self.v = variant
        self.shift = shift
        self.levels = list(levels)
        # the person (index of ``levels``) in each round seat of the deal being played: people
        # sitting out in turn (§0.4.16) bring their bots to whichever seat they play from
        self.seating: tuple[int, ...] = tuple(range(len(levels)))
        budget = expert_budget(think, nodes)
        self.bots = [make_bot(lv, **budget) if lv == "expert" else make_bot(lv) for lv in levels]
        self.res = res
        for level in set(levels):
            res.latency_ns.setdefault(level, LogHistogram())
            res.by_level.setdefault(level, _Bidder())

    def play(
        self,
        seed: str,
        dealer: int,
        scores: Sequence[int] | None,
        target: int | None,
        rng: random.Random,
        bot_seed: str | None = None,
    ) -> Any:
        """One hand from the deal of ``rng``; returns the finished `RoundState` or None on error.

        ``seed`` names the hand in reports; the bot in seat s draws from ``f"{bot_seed}/seat{s}"``
        (the same for both tables of a duplicate board, so identical bots cancel out)."""
        v = self.v
        res = self.res
        state = new_round(v, dealer, rng, scores=scores, target=target)
        bot_rngs = [random.Random(f"{bot_seed or seed}/seat{s}") for s in range(v.players)]
        pre_pass = None
        try:
            while state.phase is not Phase.DONE:
                if state.phase is Phase.TRICKS and type(state) is RoundState:
                    state = self._tricks(state, seed, bot_rngs)  # the auction round's tricks, on a Playout
                    continue
                seat = state.to_act
                legal = legal_actions(state)
                if len(legal) == 1:
                    # a forced move (the last tricks, the one card a seat may follow
                    # with): no bot is asked, and the latency figures count only choices
                    action = legal[0]
                else:
                    action = self._ask(seat, observe(state, seat), legal, bot_rngs[seat], seed)
                nxt = apply(state, action)
                if state.phase is Phase.TRUMP and nxt.phase is Phase.PASS:
                    b = nxt.table.bidder
                    pre_pass = score_meld(nxt.hands[b], nxt.table.trump, v).total
                state = nxt
        except Exception as exc:  # report, with the seed that reproduces it
            res.errors.append(
                {
                    "seed": seed,
                    "phase": state.phase.value,
                    "error": f"{type(exc).__name__}: {exc}",
                    "repro": self.repro(),
                }
            )
            return None
        self._record(state, seed, pre_pass)
        return state

    def _tricks(self, state: Any, seed: str, bot_rngs: Sequence[random.Random]) -> Any:
        """The tricks of a hand on a `Playout` (the same legal sets, views and result as
        `apply` card by card, without a new `RoundState` per card); returns the scored state."""
        po = Playout(state)
        while not po.done:
            seat = po.seat
            faces = po.legal()
            if len(faces) == 1:
                card = faces[0]  # forced: no bot is asked
            else:
                card = self._ask(seat, po.view(seat), [PLAYS[f] for f in faces], bot_rngs[seat], seed).card
            po.play(card)
        return po.state()

    def _ask(self, seat: int, view: Any, legal: Sequence[Any], rng: random.Random, seed: str) -> Any:
        """The action the bot in ``seat`` takes, timed for the latency figures.  An action
        outside ``legal`` is reported with the seed that reproduces it and replaced by the
        first legal action."""
        t0 = time.perf_counter_ns()
        person = self.seating[seat]
        action = self.bots[person].act(view, legal, rng)
        self.res.latency_ns[self.levels[person]].add(time.perf_counter_ns() - t0)
        if action not in legal:
            self.res.illegal.append(
                {
                    "seed": seed,
                    "seat": seat,
                    "level": self.levels[person],
                    "phase": view.phase.value,
                    "action": repr(action),
                    "repro": self.repro(),
                }
            )
            return legal[0]
        return action

    def repro(self) -> str:
        """The command that replays the run up to the hand being played."""
        from .paths import program

        return f"{program()} simulate {self.res.repro} --hands {self.res.hands + 1}"

    def add_checks(self, events: Any, seed: str) -> None:
        """Fold check events (a hand's, a game's) into the run's ledger per bot, after
        checking each is a payment between two players that adds up to 0 over the table."""
        res, n = self.res, self.v.players
        if res.checks is None or not events:
            return
        bad = [e for e in events if e.checks <= 0 or e.payer == e.payee or not (0 <= e.payer < n and 0 <= e.payee < n)]
        # (a seat off the table is reported as no payment, never raised from the ledger)
        bal = ledger([e for e in events if 0 <= e.payer < n and 0 <= e.payee < n], n)
        if bad or sum(bal) != 0:
            res.errors.append(
                {
                    "seed": seed,
                    "error": f"invariant: checks {list(bal)} do not add up to 0 or {bad[:1]} is no payment",
                    "repro": self.repro(),
                }
            )
            return
        for seat, b in enumerate(bal):
            person = self.seating[seat]
            res.checks[(person - self.shift) % len(self.levels)] += b

    def _record(self, state: Any, seed: str, pre_pass: int | None) -> None:
        v = self.v
        res = self.res
        r = state.result
        self.add_checks(r.checks, seed)
        if r.kind == "played":
            # every trick point of the deck is somebody's: 250 in single deck, the draft's
            # discard piles included (they are in trick_points), the buried cards too
            total = sum(s.trick_points for s in r.sides)
            if type(state) is RoundState and not v.kitty_discards_count_for_bidder:
                total += sum(v.card_points[c] for c in state.table.buried)
            if v.round_card_points:  # the two-hand rounding option changes the sum: check the tricks
                total = sum(state.points)
            if total != v.hand_trick_total or any(state.hands):
                res.errors.append(
                    {
                        "seed": seed,
                        "error": f"invariant: trick points {total} != {v.hand_trick_total}",
                        "repro": self.repro(),
                    }
                )
        if r.bidder is None:
            return
        level = self.levels[self.seating[r.bidder]]
        b = res.by_level[level]
        bs = r.sides[v.side_of[r.bidder]]
        for acc in (b, None):
            tgt = acc if acc is not None else res
            tgt.contracts += 1
            tgt.bid_sum += r.contract
            tgt.meld_sum += bs.meld_shown
            if r.kind == "played":
                tgt.played += 1
                # achieved: meld + tricks made, a set side's forfeited meld included (SideResult.meld_forfeited)
                tgt.over_sum += bs.meld_saved + bs.meld_forfeited + bs.trick_points - r.contract
                if bs.made:
                    tgt.made += 1
                else:
                    tgt.set += 1
            elif acc is not None:
                acc.conceded += 1
            else:
                res.concessions += 1
        if pre_pass is not None and state.table.melds is not None:
            b.pass_gain_sum += state.table.melds[r.bidder].total - pre_pass
            b.pass_hands += 1


def _teams(v: Variant) -> bool:
    """Whether ``v``'s seats score in fixed teams (partners, teams of 2, 3 or 4): duplicate
    rotates the teams through their places; else each seat is its own side (individuals,
    and five-hand's called partner, whose sides change every hand)."""
    return v.n_sides < v.players


def person_names(v: Variant) -> tuple[str, ...]:
    """The names of the people at the table (`Variant.people`), as the table names them."""
    from .controller import SEAT_NAMES

    return SEAT_NAMES.get(v.people) or tuple(f"Seat {i + 1}" for i in range(v.people))


# the compass points clockwise from North, and their letters: a duplicate side's seats
# ("N/S", "NE/SW") in the order a player reads them
_COMPASS = ("North", "Northeast", "East", "Southeast", "South", "Southwest", "West", "Northwest")
_POINTS = dict(zip(_COMPASS, ("N", "NE", "E", "SE", "S", "SW", "W", "NW")))


def _points(names: Sequence[str]) -> str:
    """``South``, ``North`` as ``N/S``; a seat with no compass name (``Seat 9``) as it is."""
    ordered = sorted(names, key=lambda n: _COMPASS.index(n) if n in _POINTS else len(_COMPASS))
    return "/".join(_POINTS.get(n, n) for n in ordered)


def side_labels(v: Variant, seats: Sequence[str], duplicate: bool) -> list[dict[str, Any]]:
    """Who each side of the figures is, by its seats as given in ``--seats``: ``seats``
    (their places at the table), ``levels`` and a ``label``.  Plain, the sides keep their
    seats: ``South & North (standard, easy)``.  In duplicate a side is the bots seated as
    these seats are in ``--seats``, and they move round the table from table to table, so
    the label names the bots first, then where --seats puts them: ``expert (N/S)``,
    ``standard & easy (E/W)``.  In an individual game (three-hand, two-hand) each seat is
    a side; where people sit out in turn, a side is places from the dealer
    (`_deal_side_labels`)."""
    from .controller import SEAT_NAMES

    if v.sitting_out:
        return _deal_side_labels(v, seats)
    names = SEAT_NAMES.get(v.players) or tuple(f"Seat {i + 1}" for i in range(v.players))
    n_sides = v.n_sides if _teams(v) or not duplicate else v.players
    out = []
    for side in range(n_sides):
        members = [i for i in range(v.players) if v.side_of[i] == side]
        levels = [seats[i] for i in members]
        where = [names[i] for i in members]
        if duplicate:
            bots = levels[0] if len(set(levels)) == 1 else " & ".join(levels)
            label = f"{bots} ({_points(where)})"
        else:
            label = " & ".join(where) + f" ({', '.join(levels)})"
        out.append({"seats": where, "levels": levels, "label": label})
    return out


ORDINALS = ("1st", "2nd", "3rd", "4th")


def _deal_side_labels(v: Variant, seats: Sequence[str]) -> list[dict[str, Any]]:
    """`side_labels` where people sit out in turn (§0.4.16): a deal's sides are places
    from the dealer, not people (who move from deal to deal), so each row is named by
    them: ``1st & 3rd left of the dealer`` (partners), ``1st left of the dealer`` (each
    for self); ``seats`` the places.  Their ``levels`` as every other form's, where they are
    fixed: one level per seat of a deal (the bot stays in its seat; round seat 0 is 1st
    left of the dealer, `Variant.deal_seats`), or one level for everyone; else the people's
    levels take each place by turns (``levels`` empty, the label naming them)."""
    per_seat = len(seats) == v.players
    out = []
    for side in range(v.n_sides):
        members = v.seats_of_side[side]
        places = [ORDINALS[i] for i in members]
        levels = [seats[i] if per_seat else seats[0] for i in members]
        if not per_seat and len(set(seats)) > 1:
            levels, shown = [], "/".join(dict.fromkeys(seats)) + " by turns"
        else:
            shown = ", ".join(levels)
        label = " & ".join(places) + f" left of the dealer ({shown})"
        out.append({"seats": places, "levels": levels, "label": label})
    return out


def simulate(
    variant: Variant,
    seats: Sequence[str],
    *,
    hands: int | None = None,
    games: int | None = None,
    seed: str = "0",
    duplicate: bool = False,
    progress: Callable[[int], None] | None = None,
    variants_file: str | None = None,
    think: float | None = None,
    nodes: int | None = None,
) -> SimResult:
    """Bots play each other; returns a `SimResult`.  ``seats``: a bot level per person at
    the table (`Variant.people`; where people sit out in turn, §0.4.16, each person's bot
    plays from the round seat it takes in each deal), or one per seat of a deal
    (`Variant.players`: the bot stays in its seat whoever sits there); `ValueError` for
    another count.  ``duplicate`` where people sit out plays the deals of
    `Variant.deal_form` (a single deal has no one to sit out, §0.4.16), so it takes one
    level per seat of a deal only (`ValueError` for one per person).

    Plain: whole games one after another (scores and dealer carried over) until ``hands``
    hands are played or ``games`` games are over (finished, or given up as unfinished after
    `GAME_HANDS_LIMIT` hands, or cut short by an error).  Duplicate: ``hands`` is the number
    of hands in all, every deal played once per seating (``n_sides`` seatings: swapped
    partnerships, or each seat in turn for individual games); a board's score is the
    points of the side seated like seat 0 in ``seats`` minus the other side's (for
    individual games, minus the others' average), summed over its seatings.
    ``progress(k)`` is called after each hand.  A `KeyboardInterrupt` (Ctrl-C) ends the
    run early: the result is that of the hands played so far, with ``interrupted`` set.
    ``variants_file`` (the ``--variants`` file ``variant`` came from) goes into the repro
    line of every problem; ``think``, ``nodes``: the expert's budget (`expert_budget`), in
    the repro line too.
    """
    v = variant
    n = v.players
    if duplicate and v.sitting_out:
        if len(seats) != n:
            raise ValueError(
                f"simulate: duplicate at {v.name} plays single deals, where no one sits out: "
                f"it takes {n} levels (one per seat of a deal), not {len(seats)}"
            )
        v = v.deal_form  # the same knobs and name; the deal's seats are the people (§0.4.16)
    if len(seats) not in (v.people, v.players):
        raise ValueError(
            f"simulate: {v.name} takes {v.people} levels (one per person) or {v.players} (one per seat of a deal)"
        )
    per_person = len(seats) == v.people
    res = SimResult(variant=v.name, seats=list(seats), duplicate=duplicate, seed=str(seed))
    res.hands_asked = hands
    res.sides, res.game_scale = side_labels(v, seats, duplicate), v.score_scale
    if v.check_scoring != "off":
        res.checks = [0] * len(seats)
    words = ["--variant", v.name, "--seats", ",".join(seats), "--seed", str(seed)]
    if variants_file is not None:
        words += ["--variants", variants_file]
    if duplicate:
        words.append("--duplicate")
    if think is not None:
        words += ["--think", f"{think:g}"]
    if nodes is not None:
        words += ["--nodes", str(nodes)]
    res.repro = shlex.join(words)
    start = time.perf_counter()
    try:  # Ctrl-C ends the run with the figures of the hands played so far
        if duplicate:
            tables = v.n_sides if _teams(v) else n
            res.deals_per_board = tables
            res.side_points = [0] * tables
            res.side_stats = [Moments() for _ in res.side_points]
            rotated = [
                _Table(v, [seats[(s - k) % n] for s in range(n)], res, shift=k, think=think, nodes=nodes)
                for k in range(tables)
            ]
            total = hands if hands is not None else 0
            b = 0
            while res.hands + tables <= max(total, tables):
                deal_seed = f"{seed}/board{b}"
                dealer = b % n
                score = 0.0
                ok = True
                for k, table in enumerate(rotated):
                    state = table.play(f"{deal_seed}/t{k}", dealer, None, None, hand_rng(deal_seed, 0), deal_seed)
                    res.hands += 1
                    if progress:
                        progress(1)
                    if state is None:
                        ok = False
                        continue
                    ch = state.result.changes
                    # the team of config seat j sits at seat (j + k) % n
                    if _teams(v):
                        # the team of config seat j (seats 0 .. n_sides - 1 are one of each team)
                        team_pts = [ch[v.side_of[(j + k) % n]] for j in range(tables)]
                        score += team_pts[0] - sum(team_pts[1:]) / (tables - 1)
                        for j in range(tables):
                            res.side_points[j] += team_pts[j]
                            res.side_stats[j].add(team_pts[j])
                    else:
                        pts = [ch[v.side_of[(j + k) % n]] for j in range(n)]
                        score += pts[0] - sum(pts[1:]) / (n - 1)
                        for j in range(n):
                            res.side_points[j] += pts[j]
                            res.side_stats[j].add(pts[j])
                if ok:
                    res.board_stats.add(score)
                res.boards += 1
                b += 1
        else:
            table = _Table(v, list(seats), res, think=think, nodes=nodes)
            res.side_points = [0] * v.n_sides
            res.side_stats = [Moments() for _ in range(v.n_sides)]
            res.games_won = [0] * v.n_scores
            if v.sitting_out:
                res.people = list(person_names(v))
            g = 0
            while True:
                if games is not None and g >= games:  # finished, unfinished or cut short by an error
                    break
                if hands is not None and res.hands >= hands:
                    break
                game = GameState.start(v, seed=f"{seed}/game{g}")
                state = None
                given_up = False
                while not game.over:
                    if hands is not None and res.hands >= hands:
                        break
                    if len(game.history) >= GAME_HANDS_LIMIT:
                        # random bots can set each other for ever: a figure of its own, not an error
                        res.add_unfinished(game.seed)
                        given_up = True
                        break
                    hand_seed = f"{game.seed}/hand{game.hand_no}"
                    # the deal's round dealer and the scores per round side (§0.4.16: the game's dealer
                    # and scores are per person when people sit out; the simulated seats are the deal's)
                    dealer, seating = v.deal_seats(game.dealer)  # seating: the deal's people in round seats
                    if per_person:  # each person's bot goes where its person sits this deal
                        table.seating = seating
                    state = table.play(
                        hand_seed, dealer, game.round_scores(), game.target, hand_rng(game.seed, game.hand_no)
                    )
                    res.hands += 1
                    if progress:
                        progress(1)
                    if state is None:
                        break
                    ch = state.result.changes
                    for s in range(v.n_sides):
                        res.side_points[s] += ch[s]
                        res.side_stats[s].add(ch[s])
                    if v.n_sides == 2:
                        res.diff_stats.add(ch[0] - ch[1])
                    else:
                        res.diff_stats.add(ch[0] - sum(ch[1:]) / (len(ch) - 1))
                    game = game.after_hand(state.result)
                    won = game.game_checks
                    if v.sitting_out:  # the game keeps its checks per person; the bots sit by round seat
                        won = tuple(e._replace(payer=seating.index(e.payer), payee=seating.index(e.payee)) for e in won)
                    table.add_checks(won, hand_seed)
                if game.over:
                    res.games += 1
                    res.games_won[game.winner] += 1  # type: ignore[index]
                elif not given_up and (hands is not None and res.hands >= hands):
                    break  # the hands ran out in the middle of a game
                g += 1
    except KeyboardInterrupt:
        # the hand in play is dropped (its figures are recorded only once it ends);
        # every hand counted in ``hands`` is in every figure
        res.interrupted = True
    res.seconds = time.perf_counter() - start
    return res


# ---------------------------------------------------------------------- CLI


add_arguments = cli.add_simulate_arguments  # the options of `pinochle simulate`, kept in cli_common


PROG = "pinochle simulate"


def refused(option: str, words: str) -> cli.UsageError:
    """A refusal of ``option``'s value, in the one form argparse words its own
    ("pinochle simulate: --think: '0' is out of range; ..."), so every bad input to
    simulate reads alike, whichever check caught it."""
    return cli.UsageError(f"{PROG}: {option}: {words}", named=True)


def _check_args(args: argparse.Namespace) -> tuple[Variant, list[str]]:
    levels = f"bot levels: {', '.join(LEVELS)}"
    try:  # (each refusal names its option already)
        from .house_presets import run_presets

        variants = run_presets(args.variants)
        v = cli.pick_variant(variants, args.variant)
    except cli.UsageError as exc:
        raise cli.UsageError(f"{PROG}: {exc}", named=True) from None
    n = v.people  # one bot per person at the table (§0.4.16: the game's --seats too) ...
    per_seat = v.players  # ... or one per seat of a deal, each bot staying in its seat
    give = f"{n}" if n == per_seat else f"{n} (one per person) or {per_seat} (one per seat of a deal)"
    duplicate_words = ""
    if args.duplicate and v.sitting_out:
        # duplicate plays single deals of the form (`Variant.deal_form`): no one sits out of one
        duplicate_words = f"--duplicate plays single deals of {v.name}, where no one sits out: "
        give = f"{per_seat} (one per seat of a deal)"
    if args.seats is None:
        seats = ["standard"] * (per_seat if duplicate_words else n)
    else:
        seats = [s.strip() for s in args.seats.split(",")]
    if not any(seats):  # (``--seats ""``: no seat at all, not an empty first one)
        raise refused(
            "--seats",
            f"no seat given; {duplicate_words or f'{v.name} has {n} seats: '}give {give}, comma separated, "
            f"each one of the {levels}",
        )
    for i, s in enumerate(seats):  # each seat's kind first, then how many (name the unknown one)
        if not s:
            raise refused("--seats", f"seat {i + 1} is empty; each seat is one of the {levels}")
        kind, colon, _name = s.partition(":")
        if kind.strip().lower() == "human":
            raise refused("--seats", f"simulate seats bots only, {s!r} cannot sit; each seat is one of the {levels}")
        if colon and kind.strip().lower() in LEVELS:
            # the game's LEVEL:NAME (a bot with a name): simulate names its sides by seat
            raise refused(
                "--seats",
                f"{s!r} names its bot, and simulate takes no names (LEVEL:NAME is the game's); "
                f"give the level alone, one of the {levels}",
            )
        if s.lower() not in LEVELS:
            raise refused("--seats", f"unknown bot level {s!r}{did_you_mean(s, list(LEVELS))}; {levels}")
        seats[i] = s.lower()  # a level in any case, as the game reads one (``Standard``)
    if duplicate_words and len(seats) != per_seat:  # one per person (or another count), where people sit out
        raise refused(
            "--seats",
            f"{duplicate_words}give {per_seat} levels, one per seat of a deal, not {len(seats)}; "
            f"comma separated, each one of the {levels}",
        )
    if len(seats) not in (n, per_seat):
        raise refused(
            "--seats",
            f"{v.name} has {n} seats, got {len(seats)}; give {give}, comma separated, each one of the {levels}",
        )
    if args.nodes is not None and args.think is not None:
        raise refused(
            "--nodes",
            "not allowed with --think; give one budget for the expert: "
            "--nodes (cards played, replays exactly) or --think (seconds of wall clock)",
        )
    for option, given in (("--think", args.think), ("--nodes", args.nodes)):
        problem = None if given is None else cli.no_expert(option, seats)
        if problem:
            raise refused(option, problem)
    if args.games is not None and args.duplicate:
        raise refused(
            "--duplicate", "not allowed with --games: --games plays whole games, --duplicate single deals; use --hands"
        )
    return v, seats


def run_simulate(args: argparse.Namespace) -> int:
    """Run `pinochle simulate`; 0 when every action was legal and nothing broke, else 1."""
    v, seats = _check_args(args)
    hands = args.hands if args.hands is not None or args.games is not None else 100
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    err = Console(stderr=True)
    cli.settle_heap()
    total = hands if hands is not None else None
    with Progress(
        TextColumn("[bold]simulate[/] {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as prog:
        task = prog.add_task(escape(cli.visible(v.name)), total=total)
        res = simulate(
            v,
            seats,
            hands=hands,
            games=args.games,
            seed=str(args.seed),
            duplicate=args.duplicate,
            progress=lambda k: prog.advance(task, k),
            variants_file=args.variants,
            think=args.think,
            nodes=args.nodes,
        )
    data = res.to_json()
    if args.json:
        print(json.dumps(data))
    else:
        per_board = data["deals_per_board"]
        notes = [
            boards_words(cli.visible(v.name), hands, per_board) or board_words(per_board) if args.duplicate else None
        ]
        notes.append(interrupted_words(data, hands, args.games) if res.interrupted else None)
        _print_table(v, data, "\n".join(n for n in notes if n) or None)
    bad = data["illegal_actions"] or data["errors"]
    if bad:
        problems = res.illegal + res.errors
        for p in problems[:10]:
            err.print(cli.visible(f"problem: {p}"), markup=False, highlight=False)
        if len(problems) > 10:
            err.print(f"… and {len(problems) - 10} more", markup=False, highlight=False)
    if res.interrupted:
        return EXIT_INTERRUPTED
    return 1 if bad else 0


EXIT_INTERRUPTED = 130
"""Stopped by Ctrl-C (128 + SIGINT, as a shell reports it), after the figures so far."""


def boards_words(variant: str, hands: int | None, per_board: int) -> str | None:
    """The line above the figures of a duplicate run whose --hands is not a whole number of
    boards, saying what was played instead ("--hands 5 at partnership duplicate: 2 boards of
    2 deals each (4 hands); ..."): `simulate` plays whole boards, at least one; None when
    --hands is a whole number of them."""
    if hands is None or per_board < 1 or hands % per_board == 0:
        return None
    boards = max(1, hands // per_board)
    each = " each" if boards > 1 else ""
    return (
        f"--hands {hands:,} at {variant} duplicate: {boards:,} board{'s' if boards > 1 else ''} of {per_board} "
        f"deals{each} ({boards * per_board:,} hands); a board is one deal played once per seating of the sides"
    )


def board_words(per_board: int) -> str:
    """The line above the figures of a duplicate run saying what its boards are (its
    "boards" row and "points per board" were unexplained); `boards_words` says it where
    the run rounded --hands to whole boards."""
    how = "the sides' seats swapped" if per_board == 2 else "the seats rotated"
    return f"a board is the same deal played {per_board} times, {how}, so each side holds the same cards"


def interrupted_words(d: dict[str, Any], hands: int | None, games: int | None) -> str:
    """The line above the figures of a run Ctrl-C stopped: how far it got of what was
    asked ("interrupted after 15 of 10,000,000 hands")."""
    done = f"{d['hands']:,} of {hands:,} hands" if hands is not None else f"{d['hands']:,} hands"
    if games is not None:
        done += f", {d['games']:,} of {games:,} games"
    return f"interrupted after {done}: the figures are of those"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _figure(v: Any, x: float) -> str:
    """A figure (x10 points) in the preset's scale: whole points, or tenths in an x1 preset
    ("22.0" beside "22.4", where `Variant.fmt` gave "22")."""
    return f"{round(x)}" if v.scale == 1 else f"{x / 10:.1f}"


def pass_meld_words(v: Any, gain: float) -> str:
    """The bidder's meld after the pass less its meld before it (x10 points, on average), in
    words that read right either way: a gain with its sign, a loss said to be meld the
    bidder passed away ("meld gained in the pass -40 (meld passed away)")."""
    shown = _figure(v, gain)
    if shown.strip("-0.") == "":
        return f"meld gained in the pass {shown.lstrip('-')}"
    if gain > 0:
        return f"meld gained in the pass +{shown}"
    return f"meld gained in the pass {shown} (meld passed away)"


def _with_ci(v: Any, x: float, ci: list[float] | None) -> str:
    """A figure and its 95% CI (x10 points, ``[lo, hi]``) in the preset's scale, all three
    to the same precision: whole points, or tenths in an x1 preset ("-9.3 … 20.0", where
    `Variant.fmt` gave "-9.3 … 20"); "n/a" for the CI from fewer than two samples (None:
    `Moments.interval`)."""
    if ci is None:
        return f"{_figure(v, x)}  [95% CI n/a]"
    lo, hi = ci
    return f"{_figure(v, x)}  [95% CI {_figure(v, lo)} … {_figure(v, hi)}]"


def _print_table(v: Variant, d: dict[str, Any], note: str | None = None) -> None:
    """The figures as a table under a title line, and ``note`` (an interrupted run's
    words, duplicate's rounding of --hands to whole boards) between them."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    sides = d["points_per_hand"]
    labels = [side["label"] for side in d["sides"]]
    # the preset's name (from a file) and the seed as plain text: no markup, no control characters
    # printed as one line above the table, never wrapped: a table title wraps at the table's
    # width, which put a long seed (or its last word) alone on the next line
    title = f"pinochle simulate: {d['variant']}  seats {','.join(d['seats'])}  seed {d['seed']}"
    t = Table()
    t.add_column("figure")
    t.add_column("value", justify="right")
    t.add_row("hands", str(d["hands"]))
    if d["duplicate"]:
        t.add_row("boards", str(d["boards"]))
        others = labels[1] if len(labels) == 2 else "the others' average"
        t.add_row(
            f"points per board, {labels[0]} − {others}",
            _with_ci(v, d["points_per_board"], d["ci95"]),
        )
    else:
        # a person wins when people sit out (§0.4.16), with its bot as given in --seats
        by_person = d["people"] and len(d["seats"]) == len(d["people"])  # else the bots sat by seat
        winners = [f"{p} ({lvl})" for p, lvl in zip(d["people"], d["seats"])] if by_person else d["people"] or labels
        won = ", ".join(f"{label} {k}" for label, k in zip(winners, d["games_won"]))
        t.add_row("games", f"{d['games']}  won: {won}")
        t.add_row(f"games not over by hand {GAME_HANDS_LIMIT}", str(d["unfinished_games"]))
        others = labels[1] if len(labels) == 2 else "the others' average"
        t.add_row(
            f"{labels[0]} − {others}, per hand",
            _with_ci(v, d["diff_per_hand"], d["diff_per_hand_ci95"]),
        )
    for label, p, ci in zip(labels, sides, d["points_per_hand_ci95"]):
        t.add_row(f"points per hand, {label}", _with_ci(v, p, ci))
    t.add_row("contracts", str(d["contracts"]))
    if d["make_rate"] is not None:
        t.add_row("made / set", f"{d['make_rate']:.1%} / {d['set_rate']:.1%}")
    t.add_row("concessions", str(d["concessions"]))
    if d["avg_bid"] is not None:
        t.add_row("average bid / bidder's side meld", f"{_figure(v, d['avg_bid'])} / {_figure(v, d['avg_meld'])}")
    for level, b in d["bidders"].items():
        if b["contracts"]:
            mr = f"{b['make_rate']:.1%}" if b["make_rate"] is not None else "-"
            gain = b["avg_pass_gain"]  # the bidder's meld after the pass less before it, on average
            extra = f", {pass_meld_words(v, gain)}" if gain is not None else ""
            n = b["contracts"]
            t.add_row(
                f"{level} as bidder",
                f"{n} contract{'' if n == 1 else 's'}, made {mr}, bid {_figure(v, b['avg_bid'])}{extra}",
            )
    if d["checks_per_seat"] is not None:
        from .controller import SEAT_NAMES

        names = SEAT_NAMES[len(d["seats"])]
        t.add_row(
            "checks per seat",
            " · ".join(
                f"{names[i]} ({lvl}) {_signed(k)}" for i, (lvl, k) in enumerate(zip(d["seats"], d["checks_per_seat"]))
            ),
        )
    t.add_row("illegal actions / errors", f"{d['illegal_actions']} / {d['errors']}")
    t.add_row("hands/s", f"{d['hands_per_s']}")
    for level, lat in d["latency_ms"].items():
        t.add_row(f"latency {level} (ms)", f"p50 {lat['p50']:.3f}  p99 {lat['p99']:.3f}")

    class Figures(Console):
        def on_broken_pipe(self) -> None:
            """The reader gone (``| head``): `cli.main`'s no error, exit 0 (rich's own
            exits 1, which says a simulation went wrong)."""
            self.quiet = True
            raise BrokenPipeError

    out = Figures()
    out.print(Text(cli.visible(title), style="italic"), soft_wrap=True)
    if note is not None:
        out.print(Text(note, style="bold"), soft_wrap=True)
    out.print(t)
