"""Two settings of the expert's simulated bid, each against standard on the same duplicate
boards, played out only where their bids differ.

    nice -n 5 python bench/expert_bid_pairs.py "weigh_pass=2.0" "weigh_pass=1.0" --boards 300
    nice -n 5 python bench/expert_bid_pairs.py "make_target=0.55" "" --nodes 35000 --seed pairs-mt

A and B are ``NAME=VALUE,...`` attributes of the expert's `SimDecisions` ("" as shipped;
``none`` a knob switched off).  The expert sits in seats 0 and 2, standard in 1 and 3,
every deal once per seating (as bench/expert_bench.py --versus "A" standard).  Each board's
auctions are first played with A's experts alone, up to the first decision after the
auction; at each of their simulated bids B's bid is worked out too, from the same view and
the same rng state.  Where no bid differs, B's auctions are A's and the rest of the hand
is decided by the same policy, so the board's paired difference is 0 in expectation and is
counted as 0 (the two boards differ then only by the rng left after trials of other
lengths); where one differs, the board is played out twice, A's experts then B's against
standard, and A's points less B's is the board's figure.  A board's auctions cost a
fraction of its play, and most boards differ in no bid: several times the boards of
``--compare`` in the same time, and none of their noise where nothing differs.

Prints a line a board (the bids that differ, by seat, A's then B's) with the running mean
of A less B and its 95% CI (x10 points a board); asserts nothing.

Measured (partnership, 5,000 nodes, nice -n 5 on the 2-core box shared with other
sessions at load average 11 to 13; --seed wp-std-5k), the pass tried beside the next bid
over the other side's (`SimDecisions.weigh_pass`):

* without it (A "weigh_pass=none", B "weigh_pass=1.0"): +33.5 a board (95% CI +5.4 ..
  +61.5), 259 boards, a bid differing at 111 of them (some 11 s a board);
* judged at two standard errors (A "weigh_pass=2.0"): +9.5 (-0.9 .. +19.8), 390 boards,
  31 differing (some 7.5 s a board).

At the table's 35,000 nodes (--nodes 35000 --boards 300 --seed wp-std-35k, nice -n 15,
load 7 to 14), without it: +16.7 a board (-0.8 .. +34.1), 300 boards, a bid differing at
99 (some 25 s a board): the cost seen at 5,000 nodes is not confirmed at the table's
budget, and the hold stays.

The least bid where a pass would stick the other side's dealer (a knob since removed,
`bots.expert_bidding`): no bid differed in 638 boards.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots
from bots.expert import ExpertBot
from pinochle_tui.simulate import Moments, simulate
from rules import Bid, Phase, load_variants


def settings(text: str) -> dict[str, Any]:
    """``NAME=VALUE,...`` as attributes of `SimDecisions` (``none``: None)."""
    out: dict[str, Any] = {}
    for item in filter(None, (x.strip() for x in text.split(","))):
        name, _, value = item.partition("=")
        out[name] = None if value.lower() == "none" else float(value)
    return out


class _AuctionOver(Exception):
    """Raised at the first decision after the auction: the probe has what it needs."""


def _copy(rng: random.Random) -> random.Random:
    r = random.Random()
    r.setstate(rng.getstate())
    return r


def _set(bot: ExpertBot, kw: dict[str, Any]) -> None:
    for name, value in kw.items():
        setattr(bot.decisions, name, value)


class _Probe(ExpertBot):
    """A's expert, which at each simulated bid also works out B's from the same rng state
    and records where they differ; it stops the hand when the auction is over."""

    a: ClassVar[dict[str, Any]] = {}
    b: ClassVar[dict[str, Any]] = {}
    differ: ClassVar[list[tuple[int, str, str]]] = []

    def act(self, view: Any, legal: Any, rng: random.Random) -> Any:
        if view.phase is not Phase.AUCTION and view.phase is not Phase.DEAL:
            raise _AuctionOver
        d = self.decisions
        if view.phase is Phase.AUCTION and any(isinstance(x, Bid) for x in legal) and d.simulated(view, legal):
            _set(self, self.b)
            theirs = d.act(view, legal, _copy(rng))
            _set(self, self.a)
            mine = d.act(view, legal, _copy(rng))
            if mine != theirs:
                self.differ.append((view.seat, str(mine), str(theirs)))
        return super().act(view, legal, rng)


def pairs(v: Any, a: str, b: str, boards: int, nodes: int, seed: str, first: int = 0) -> tuple[float, float, float]:
    """A less B over ``boards`` boards (see the module), a line a board; returns the mean and
    its 95% CI."""
    kw_a, kw_b = settings(a), settings(b)
    _Probe.a, _Probe.b = kw_a, kw_b

    def make(kind: type[ExpertBot], kw: dict[str, Any]) -> ExpertBot:
        bot = kind(think=None, nodes=nodes, pool=False)
        _set(bot, kw)
        return bot

    seats = ["expert", "standard"] * (v.players // 2)
    tables = v.n_sides
    stat = Moments()
    live = 0
    t0 = time.perf_counter()
    for i in range(first, first + boards):
        _Probe.differ = []
        bots._FACTORIES["expert"] = lambda: make(_Probe, kw_a)
        simulate(v, seats, hands=tables, seed=f"{seed}/{i}", duplicate=True)  # (stopped after each auction)
        x = 0.0
        shown = ""
        if _Probe.differ:
            live += 1
            got = []
            for kw in (kw_a, kw_b):
                bots._FACTORIES["expert"] = lambda kw=kw: make(ExpertBot, kw)
                r = simulate(v, seats, hands=tables, seed=f"{seed}/{i}", duplicate=True).to_json()
                got.append(r["points_per_board"])
            x = got[0] - got[1]
            shown = f"  A {got[0]:+.0f} B {got[1]:+.0f}  " + "; ".join(
                f"seat {s}: {m} / {t}" for s, m, t in _Probe.differ
            )
        stat.add(x)
        m, lo, hi = stat.ci95()
        print(
            f"board {i + 1:4d} {x:+7.1f}  mean {m:+7.1f} ({lo:+.1f} .. {hi:+.1f})  differ {live}"
            f"  {time.perf_counter() - t0:6.0f} s{shown}",
            flush=True,
        )
    return stat.ci95()


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a", help="A: NAME=VALUE,... of SimDecisions ('' as shipped)")
    p.add_argument("b", help="B: the same, the setting A is measured against")
    p.add_argument("--variant", default="partnership", help="a game of two sides of partners opposite")
    p.add_argument("--boards", type=int, default=200)
    p.add_argument("--nodes", type=int, default=5000, help="the expert's nodes a decision (replays exactly)")
    p.add_argument("--seed", default="bid-pairs")
    p.add_argument("--first", type=int, default=0, help="the first board's number (a run continued)")
    a = p.parse_args(argv)
    v = load_variants()[a.variant]
    if not (v.partners_opposite and v.players == 4):
        p.error(f"--variant {a.variant}: a game of four seats in partnerships opposite, such as partnership")
    print(f"{v.name}: A {a.a!r} less B {a.b!r}, each against standard, {a.nodes} nodes, seed {a.seed!r}", flush=True)
    m, lo, hi = pairs(v, a.a, a.b, a.boards, a.nodes, a.seed, a.first)
    print(f"  A less B {m:+.1f} a board, 95% CI {lo:+.1f} .. {hi:+.1f} ({a.boards} boards)")


if __name__ == "__main__":
    main()
