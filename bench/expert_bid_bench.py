"""The expert's simulated decisions outside trick play (bots/expert_bidding.py) against its
standard ones: duplicate boards, the same expert otherwise.

    nice -n 10 python bench/expert_bid_bench.py --boards 200 --pieces trump
    nice -n 10 python bench/expert_bid_bench.py --boards 200 --pieces bid --make-target 0.7
    nice -n 10 python bench/expert_bid_bench.py --variant three-hand --pieces bury --boards 150
    nice -n 10 python bench/expert_bid_bench.py --play standard --pieces bid --boards 1000   # quick screen

"sim" is `ExpertBot` with ``--pieces`` simulated (trump, pass, bury, bid, concede: comma
separated; "all"), "base" the same bot with none (every decision outside trick play the
standard bot's, as before this module).  Partnership: sim in seats 0 and 2; each for
self: sim in seat 0.  Every deal is played once per seating.  Trick play is the expert's
search at ``--nodes`` cards a decision (replays exactly) or ``--think`` seconds, or
(``--play standard``) the standard bot's for both, a quick screen of the decisions alone.
The simulated decisions get ``--sim-nodes`` (default 10 x ``--nodes``) under a node budget.

Prints sim's points per board with the 95% CI (x10 points), and each level's contracts,
make rate and average bid as bidder.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots
from bots.expert import ExpertBot
from pinochle_tui.simulate import simulate
from rules import load_variants


class _StdPlay(ExpertBot):
    """The expert with the standard bot's trick play (the screen of ``--play standard``)."""

    def play(self, view, legal, rng):  # type: ignore[no-untyped-def]
        return self._standard.act(view, legal, rng)


def make(pieces: frozenset[str], a: argparse.Namespace, make_target: float | None):  # type: ignore[no-untyped-def]
    cls = _StdPlay if a.play == "standard" else ExpertBot
    think = None if a.nodes else a.think

    def factory():  # type: ignore[no-untyped-def]
        bot = cls(think=think, nodes=a.nodes or None)
        d = bot.decisions
        d.pieces = pieces
        if a.nodes:
            d.nodes = a.sim_nodes or 10 * a.nodes
        if make_target is not None:
            d.make_target = make_target
        if a.deals_weight is not None:
            d.deals_weight = a.deals_weight
        if a.sim_confidence is not None:
            d.confidence = a.sim_confidence
        return bot

    return factory


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="partnership")
    p.add_argument("--boards", type=int, default=100)
    p.add_argument("--pieces", default="all", help="comma separated: trump,pass,bury,bid,concede, or all")
    p.add_argument("--base-pieces", default="", help="the pieces base simulates (default none)")
    p.add_argument("--nodes", type=int, default=3000, help="expert nodes a decision (0: --think instead)")
    p.add_argument("--think", type=float, default=0.1)
    p.add_argument("--sim-nodes", type=int, default=0, help="nodes of a simulated decision (0: 10 x --nodes)")
    p.add_argument("--play", choices=("expert", "standard"), default="expert")
    p.add_argument("--make-target", type=float, default=None)
    p.add_argument("--base-make-target", type=float, default=None, help="base's make_target (with --base-pieces bid)")
    p.add_argument("--deals-weight", type=float, default=None)
    p.add_argument("--sim-confidence", type=float, default=None)
    p.add_argument("--seed", default="bid-ab")
    a = p.parse_args(argv)
    every = "trump,pass,bury,bid,concede"
    pieces = frozenset(x for x in (every if a.pieces == "all" else a.pieces).split(",") if x)
    base = frozenset(x for x in (every if a.base_pieces == "all" else a.base_pieces).split(",") if x)
    bots._FACTORIES["sim"] = make(pieces, a, a.make_target)
    bots._FACTORIES["base"] = make(base, a, a.base_make_target)
    v = load_variants()[a.variant]
    n = v.players
    seats = ["sim", "base"] * 2 if v.sides == "pairs_opposite" and n == 4 else ["sim"] + ["base"] * (n - 1)
    tables = v.n_sides if v.sides == "pairs_opposite" else n
    t0 = time.perf_counter()
    d = simulate(v, seats, hands=a.boards * tables, seed=a.seed, duplicate=True).to_json()
    lo, hi = d["ci95"] or (float("nan"), float("nan"))  # (null from one board: no interval)
    budget = f"{a.nodes} nodes" if a.nodes else f"{a.think} s"
    print(
        f"{a.variant}, pieces {sorted(pieces)} vs {sorted(base)}, play {a.play} at {budget}: "
        f"{d['boards']} boards, {d['points_per_board']:+.1f} a board (95% CI {lo:+.1f} .. {hi:+.1f})"
        f"  ({time.perf_counter() - t0:.0f} s)"
    )
    for level, b in d["bidders"].items():
        print(
            f"  {level:5s} as bidder: {b['contracts']} contracts, made {b['make_rate']}, "
            f"avg bid {b['avg_bid']}, thrown in {b.get('concessions')}"
        )
    print(f"  illegal {d['illegal_actions']}, errors {d['errors']} {d['problems'][:2]}")


if __name__ == "__main__":
    main()
