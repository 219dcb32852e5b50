"""Check pinochle's ledger under play: bots play whole games and every hand's
checks, every game's and the game's running ledger must add up to zero over the table.

    python bench/checks_zero_sum.py --variant check --seats standard,easy,standard,easy --hands 10000
    python bench/checks_zero_sum.py --variant three-hand-check --seats standard,easy,random --hands 10000
    python bench/checks_zero_sum.py --variant check --ab check_jump_margin=1000 --hands 8000

Plain mode plays games to their end one after another (the deal of hand k of game g
seeded ``SEED/gG/k``) until ``--hands`` hands are played, and checks, after every hand:
each event is a payment of at least one check between two different seats, the hand's
events add up to 0 (`rules.checks.ledger`); after every game: the game's events too, the
game's ledger (`GameState.checks`) equals the sum of all its events and adds up to 0, and
the settlement's transfers square it.  An action a bot takes that is not legal is
counted (and the first legal action played instead), as is an exception (that game is
given up).  It prints hands, games, the violations, illegal actions and errors, and the
checks per seat (collected minus paid, per hand); exit code 1 when any of those counts is
not 0, so a run is a test.  A variant without checks (racehorse) has empty ledgers: the
run then counts illegal actions and errors only.

``--ab NAME=VALUE ...`` plays duplicate boards instead: the standard bot with those weights
changed ("B") against the shipped one ("A"), B in seats 0 and 2 (three players: seat 0),
every deal once per seating, and prints B's points and checks per board over A's with
95% CIs: what a weight buys in checks, and what it costs in points.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots
from bots.standard import StandardBot
from rules import GameState, Phase, RoundState, apply, hand_rng, legal_actions, load_variants, new_round, observe
from rules.actions import PLAYS
from rules.checks import ledger
from rules.playout import Playout


class _Changed(StandardBot):
    """The shipped standard bot with the weights given by --ab."""


class Run:
    """Counts of one run: hands, games, problems, checks per seat."""

    def __init__(self, players: int) -> None:
        self.hands = 0
        self.games = 0
        self.violations: list[str] = []
        self.illegal: list[str] = []
        self.errors: list[str] = []
        self.checks = [0] * players


def play_hand(state: Any, table: list[Any], rngs: list[random.Random], run: Run, where: str) -> Any:
    """Play ``state`` to its end with one bot per seat; returns the finished state."""
    while state.phase is not Phase.DONE:
        if state.phase is Phase.TRICKS and type(state) is RoundState:
            po = Playout(state)
            while not po.done:
                seat = po.seat
                faces = po.legal()
                if len(faces) == 1:
                    po.play(faces[0])
                    continue
                legal = [PLAYS[f] for f in faces]
                action = table[seat].act(po.view(seat), legal, rngs[seat])
                if action not in legal:
                    run.illegal.append(f"{where} seat {seat}: {action!r} in tricks")
                    action = legal[0]
                po.play(action.card)
            state = po.state()
            continue
        seat = state.to_act
        legal = legal_actions(state)
        action = legal[0] if len(legal) == 1 else table[seat].act(observe(state, seat), legal, rngs[seat])
        if action not in legal:
            run.illegal.append(f"{where} seat {seat}: {action!r} in {state.phase.value}")
            action = legal[0]
        state = apply(state, action)
    return state


def _payments(events: Any, players: int, where: str, run: Run) -> None:
    """Each event a payment between two seats, the events adding up to 0."""
    for e in events:
        if e.checks <= 0 or e.payer == e.payee or not (0 <= e.payer < players and 0 <= e.payee < players):
            run.violations.append(f"{where}: {e} is no payment")
    bal = ledger(events, players)
    if sum(bal) != 0:
        run.violations.append(f"{where}: checks {list(bal)} add up to {sum(bal)}, not 0")


def plain(variant: str, seats: list[str], hands: int, seed: str) -> Run:
    v = load_variants()[variant]
    n = v.players
    run = Run(n)
    table = [bots.make_bot(level) for level in seats]
    g = 0
    while run.hands < hands:
        game = GameState.start(v, seed=f"{seed}/g{g}", dealer=g % n)
        rngs = [random.Random(f"{seed}/g{g}/seat{s}") for s in range(n)]
        while not game.over and run.hands < hands and len(game.history) < 400:
            where = f"game {g} hand {game.hand_no}"
            try:
                state = play_hand(game.new_round(), table, rngs, run, where)
            except Exception as exc:  # counted, with where it happened; the game is given up
                run.errors.append(f"{where}: {type(exc).__name__}: {exc}")
                break
            run.hands += 1
            result = state.result
            _payments(result.checks, n, where, run)
            for s, b in enumerate(ledger(result.checks, n)):
                run.checks[s] += b
            game = game.after_hand(result)
        if game.over:
            run.games += 1
            where = f"game {g}"
            _payments(game.game_checks, n, where, run)
            for s, b in enumerate(ledger(game.game_checks, n)):
                run.checks[s] += b
            if v.check_scoring != "off":
                if game.checks != ledger(game.check_events, n) or sum(game.checks) != 0:
                    run.violations.append(f"{where}: ledger {list(game.checks)} is not its events' sum or not 0")
                square = list(game.checks)
                for e in game.settlement():
                    square[e.payer] += e.checks
                    square[e.payee] -= e.checks
                if any(square):
                    run.violations.append(f"{where}: the settlement leaves {square}")
        g += 1
    return run


def _ci(xs: list[float]) -> tuple[float, float, float]:
    m = sum(xs) / len(xs)
    var = sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1)
    h = 1.96 * math.sqrt(var / len(xs))
    return m, m - h, m + h


def duplicate(variant: str, changes: dict[str, float], hands: int, seed: str) -> tuple[Run, list[float], list[float]]:
    """B (changed) against A (shipped) over duplicate boards: per board, B's points and
    checks over A's (in individual games, over the others' mean)."""
    v = load_variants()[variant]
    n = v.players
    for name, value in changes.items():
        setattr(_Changed, name, value)
    run = Run(n)
    pairs = v.sides == "pairs_opposite"
    b_seats = [s for s in range(n) if v.side_of[s] == v.side_of[0]] if pairs else [0]
    tables = 2 if pairs else n
    points: list[float] = []
    checks: list[float] = []
    b = 0
    while run.hands + tables <= hands:
        deal_seed = f"{seed}/board{b}"
        pts = chk = 0.0
        for k in range(tables):
            mine = {(s + k) % n for s in b_seats}
            table: list[Any] = [_Changed() if s in mine else StandardBot() for s in range(n)]
            rngs = [random.Random(f"{deal_seed}/seat{s}") for s in range(n)]
            state = new_round(v, b % n, hand_rng(deal_seed, 0))
            state = play_hand(state, table, rngs, run, f"board {b} table {k}")
            run.hands += 1
            r = state.result
            _payments(r.checks, n, f"board {b} table {k}", run)
            bal = ledger(r.checks, n)
            ch = r.changes
            if pairs:
                side = v.side_of[min(mine)]
                pts += ch[side] - ch[1 - side]
                chk += sum(bal[s] for s in mine) - sum(bal[s] for s in range(n) if s not in mine)
            else:
                (me,) = mine
                pts += ch[v.side_of[me]] - sum(ch[v.side_of[s]] for s in range(n) if s != me) / (n - 1)
                chk += bal[me] - sum(bal[s] for s in range(n) if s != me) / (n - 1)
        points.append(pts)
        checks.append(chk)
        b += 1
    return run, points, checks


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="check")
    ap.add_argument("--seats", default="", help="bot level per seat (plain mode), comma separated")
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--seed", default="zero-sum")
    ap.add_argument("--ab", nargs="+", metavar="NAME=VALUE", help="duplicate boards: B (these weights) against A")
    a = ap.parse_args()
    variants = load_variants()
    if a.variant not in variants:
        ap.error(f"unknown variant {a.variant!r}; choose from: {', '.join(variants)}")
    v = variants[a.variant]
    if a.hands < 1:
        ap.error("--hands is at least 1")
    t0 = time.perf_counter()
    if a.ab:
        changes: dict[str, float] = {}
        for item in a.ab:
            name, sep, value = item.partition("=")
            if not sep or not hasattr(StandardBot, name) or name.startswith("_"):
                ap.error(f"{item!r}: give NAME=VALUE with NAME a weight of StandardBot (e.g. check_jump_margin=1000)")
            try:
                changes[name] = float(value)
            except ValueError:
                ap.error(f"{item!r}: the value must be a number")
        run, points, checks = duplicate(a.variant, changes, a.hands, a.seed)
        if not points:
            ap.error("--hands is too few for one board")
        shown = " ".join(f"{k}={x:g}" for k, x in changes.items())
        m, lo, hi = _ci(points)
        cm, clo, chi = _ci(checks)
        print(
            f"B = {shown}, {a.variant}, {len(points)} boards ({run.hands} hands): B - standard "
            f"{m:+.1f} points per board (95% CI {lo:+.1f} .. {hi:+.1f}), {cm:+.2f} checks per board "
            f"(95% CI {clo:+.2f} .. {chi:+.2f})"
        )
    else:
        seats = [x.strip() for x in a.seats.split(",") if x.strip()] or ["standard"] * v.players
        if len(seats) != v.players:
            ap.error(f"--seats: {a.variant} has {v.players} seats, not {len(seats)}")
        for level in seats:
            if level not in bots.LEVELS:
                ap.error(f"--seats: unknown bot level {level!r}; choose from: {', '.join(bots.LEVELS)}")
        run = plain(a.variant, seats, a.hands, a.seed)
        per_seat = ", ".join(f"seat {s} ({seats[s]}) {c / run.hands:+.3f}" for s, c in enumerate(run.checks))
        print(
            f"{a.variant} {','.join(seats)} seed {a.seed}: {run.hands} hands, {run.games} games finished; "
            f"zero-sum violations {len(run.violations)}, illegal actions {len(run.illegal)}, errors "
            f"{len(run.errors)}; checks per hand: {per_seat}; {time.perf_counter() - t0:.0f} s"
        )
    for line in (run.violations + run.illegal + run.errors)[:5]:
        print("  " + line)
    return 1 if run.violations or run.illegal or run.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
