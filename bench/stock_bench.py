"""Speed of the expert's stock search (`bots.search.stock`): deals a decision and play-outs
a second at a wall-clock budget, in process on one core, two-hand and three-hand with the
turn-up.

    nice -n 5 python bench/stock_bench.py                         # 1 s a decision, 16 positions a variant
    nice -n 5 python bench/stock_bench.py --root /tmp/stockbase   # the same positions, another checkout's code
    nice -n 5 python bench/stock_bench.py --profile two-hand      # cProfile of one search (node budget)
    nice -n 5 python bench/stock_bench.py --cpu                   # CPU seconds at a node budget, 12 positions

Positions: the decisions the stock search takes (`searched_here`, two actions or more)
while the stock lasts (plays, the meld after a won trick, the last pick) in hands of
standard self-play dealt from ``--seed``/i (``--hands`` of them), ``--positions`` a
variant evenly spaced among them (the same positions whatever the code measured, as long
as the rules and the standard bot deal and play alike).  At each the expert (``think``
seconds, ``workers=1, pool=False``: this process alone) decides once; per variant it
prints the median deals a decision (all positions, and those of the hand's first half:
the stock at least half full) and the median play-outs a second (deals times actions
over the search's seconds), and the median nodes a deal (the node budget's deals).

``--root DIR`` measures the code of another checkout (a worktree of the commit before),
so two processes, one after the other in turn, give an A/B on the same positions.
``--profile V``: cProfile of the stock search at the first play of seed 11's hand of
variant V at ``--nodes`` (no clock), the functions by their own time.  Prints figures,
asserts nothing.

``--cpu``: the CPU seconds (`time.process_time`, so the other loads of the machine count
little) of the stock search at ``--nodes`` nodes (no clock) at ``--positions`` positions
a variant (the default 12 here), and a digest of the searches' results (sums, deals,
nodes): two checkouts that decide alike print the same digest.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path


def _root() -> Path:
    """The checkout whose code is measured: ``--root`` if given (read before the imports)."""
    if "--root" in sys.argv:
        return Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
    return Path(__file__).resolve().parent.parent


sys.path.insert(0, str(_root()))

from bots.expert import ExpertBot  # noqa: E402
from bots.search.stock import searched_here  # noqa: E402
from bots.standard import StandardBot  # noqa: E402
from rules import Phase, apply, legal_actions, load_variants, new_round, observe  # noqa: E402


def positions(v, count: int, seed: str, hands: int = 4) -> list:
    """The stock search's decisions while the stock lasts in ``hands`` hands of standard
    self-play (two actions or more), ``count`` of them evenly spaced."""
    every: list = []
    for i in range(hands):
        bots = [StandardBot() for _ in range(v.players)]
        rng = random.Random(f"{seed}/{i}")
        s = new_round(v, i % v.players, rng)
        while s.phase is not Phase.DONE:
            view = observe(s, s.to_act)
            legal = legal_actions(s)
            if len(legal) > 1 and searched_here(view) and (s.phase is not Phase.TRICKS or s.stock_open):
                every.append(s)
            s = apply(s, bots[s.to_act].act(view, legal, rng))
    step = len(every) / count
    return [every[int(k * step)] for k in range(min(count, len(every)))]


def measure(v, states: list, think: float) -> None:
    deals, early, rates, per_deal = [], [], [], []
    for i, s in enumerate(states):
        bot = ExpertBot(think=think, workers=1, pool=False)
        bot.act(observe(s, s.to_act), legal_actions(s), random.Random(i))
        an = bot.last
        if an is None:
            continue
        deals.append(an.deals)
        if len(s.stock) * 2 >= 47 - 12 * v.players:
            early.append(an.deals)
        rates.append(an.deals * len(an.actions) / an.seconds)
        per_deal.append(an.nodes / an.deals)
    print(
        f"{v.name:20s} positions {len(deals):3d}  deals a decision median {statistics.median(deals):6.1f}"
        f" (first half {statistics.median(early) if early else float('nan'):6.1f}, {len(early)})"
        f"  play-outs/s median {statistics.median(rates):7.1f}  nodes a deal median {statistics.median(per_deal):6.0f}",
        flush=True,
    )


def cpu(v, states: list, nodes: int) -> None:
    import hashlib

    from bots.search.stock import DEFAULT_STOCK_HORIZON, _policy, search_stock

    h = DEFAULT_STOCK_HORIZON[v.players]
    got = []
    t0 = time.process_time()
    for i, s in enumerate(states):
        view = observe(s, s.to_act)
        pol = _policy(view)
        got.append(search_stock(view, legal_actions(s), 0, random.Random(i), nodes, 1e18, time.perf_counter, pol, h))
    dt = time.process_time() - t0
    digest = hashlib.sha256(repr(got).encode()).hexdigest()[:12]
    deals = sum(p[2] for p in got)
    print(f"{v.name:20s} positions {len(got):3d} at {nodes} nodes: {dt:6.2f} CPU s, {deals} deals, results {digest}")


def profile(v, nodes: int, sort: str = "tottime") -> None:
    import cProfile
    import pstats

    from bots.search.stock import DEFAULT_STOCK_HORIZON, _policy, search_stock

    rng = random.Random(11)
    s = new_round(v, 11 % v.players, rng)
    view = observe(s, s.to_act)
    legal = legal_actions(s)
    pref = 0
    pol = _policy(view)
    h = DEFAULT_STOCK_HORIZON[v.players]
    search_stock(view, legal, pref, random.Random(1), nodes // 10, 1e18, time.perf_counter, pol, h)  # warm the caches
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.enable()
    part = search_stock(view, legal, pref, random.Random(2), nodes, 1e18, time.perf_counter, pol, h)
    prof.disable()
    dt = time.perf_counter() - t0
    print(f"{v.name}: {part[2]} deals, {part[2] * len(legal)} play-outs, {part[3]} nodes in {dt:.2f} s (profiled)")
    pstats.Stats(prof).sort_stats(sort).print_stats(36)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variants", nargs="+", default=["two-hand", "three-hand-turn-up"])
    p.add_argument("--positions", type=int, help="positions a variant (default 16; 12 with --cpu)")
    p.add_argument("--hands", type=int, default=4)
    p.add_argument("--think", type=float, default=1.0)
    p.add_argument("--seed", default="stock-speed")
    p.add_argument("--root", help="the checkout whose code is measured (default: this one)")
    p.add_argument("--profile", metavar="VARIANT")
    p.add_argument("--nodes", type=int, help="the node budget of --profile (200,000) and --cpu (150,000)")
    p.add_argument("--cpu", action="store_true", help="CPU seconds at a node budget, and a digest of the results")
    a = p.parse_args()
    variants = load_variants()
    if a.profile:
        profile(variants[a.profile], a.nodes or 200_000)
        return
    if a.cpu:
        print(f"code: {_root()}", flush=True)
        for name in a.variants:
            v = variants[name]
            cpu(v, positions(v, a.positions or 12, a.seed, a.hands), a.nodes or 150_000)
        return
    print(f"code: {_root()}  think {a.think} s", flush=True)
    for name in a.variants:
        v = variants[name]
        measure(v, positions(v, a.positions or 16, a.seed, a.hands), a.think)


if __name__ == "__main__":
    main()
