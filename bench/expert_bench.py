"""The expert bot's search core (issue 15 §3, §4): speed of its parts and its margin over standard.

    nice -n 10 python bench/expert_bench.py                       # speed, then 0.1 s A/B on 60 boards
    nice -n 10 python bench/expert_bench.py --boards 300 --think 0.1
    nice -n 10 python bench/expert_bench.py --boards 200 --nodes 20000 --variant three-hand
    python bench/expert_bench.py --boards 0                       # speed only
    nice -n 10 python bench/expert_bench.py --skip-speed --boards 0 --pool 60 --think 0.1   # 1 vs 2 workers

Speed, all in one run (so the ratios compare like with like on a loaded machine):

* play-outs/s of the rollout engine (`Engine.rollout` from the first lead of a sampled
  deal to the last trick, set-up included) and its cards played (nodes) per second;
* solver nodes/s (`Engine.solve` from positions of three cards a hand, 4 players);
* deals/s of the sampler (`DealSampler.sample`, mid-hand views);
* standard self-play hands/s (`simulate`, four standard bots), and the ratio.

Then a duplicate A/B: expert in seats 0 and 2 (three players: seat 0), standard in the
others, every deal played once per seating, at ``--think`` seconds (or ``--nodes``, which
replays exactly) per decision.  Prints the expert's points per board with the 95% CI
(x10 points, as `pinochle simulate --json`), each level's make rate and average bid, and
the expert's decision latency.  Prints figures, asserts nothing.

Measured at 5868ce7 on this project's 2-core box, shared with other jobs (load average 6
to 9, so every figure is low and noisy), all nice -n 10:

* speed (--boards 0 --seconds 3): 1,740 play-outs/s (83,500 nodes/s), solver 80,200
  nodes/s (177 nodes a three-card solve), 2,010 deals/s (sampler built from the view
  each time), standard self-play 83.2 hands/s: 20.9 play-outs per standard hand;
* A/B partnership, 0.1 s (--boards 200 --think 0.1 --seed ab-think01): +28.9 a board,
  95% CI +9.7 .. +48.2; made 89.5% as bidder (standard 86.5%) at the same bids (the
  auction is standard's); latency p50 96 ms, p99 142 ms; --confidence 2.0 on the same
  boards +32.9 (+14.7 .. +51.1), --confidence 0 (at bbbfdde) +10.2 (-9.5 .. +29.8); on
  fresh boards (--seed ab-fresh, at 7723831) +31.4 (+15.2 .. +47.5), made 87.5% (85.0%);
* partnership, 0.25 s (--boards 60 --think 0.25 --seed ab-think025): +27.3 (-15.4 .. +70.0);
* partnership-kitty, 0.1 s (--boards 120 --seed ab-kitty): +55.8 (+18.6 .. +93.0);
* double-deck, 0.1 s (--boards 50 --seed ab-dd): +38.8 (-40.4 .. +118.0); (--boards 100
  --seed ab-dd2): +124.8 (+39.4 .. +210.2);
* three-hand, 5,000 nodes (--boards 100 --nodes 5000 --seed ab-3h, at a25f69a): +45.9
  (+25.4 .. +66.4); 0.1 s (--boards 100 --seed ab-3h01): +39.9 (+22.0 .. +57.7);
* cutthroat, 0.1 s (--boards 100 --seed ab-ct): +76.0 (+50.2 .. +101.8), made 83% (76%);
* the worker pool (--pool N: N decisions at --think, each asked in this process alone and
  split in --workers parts on the pool, in turn; deals searched a decision, seconds, CPU
  seconds of this process and the workers, deals per CPU second), at f6ceb2d+, load
  average 7 to 9 on the 2 cores (other sessions), where the two workers together got no
  more CPU than one process (the scheduler shares a session's time; a decision at 0.1 s
  got 0.03 CPU seconds either way): at 0.1 s (--pool 60) 21 vs 17 deals a decision
  (median), ratio 0.75, deals per CPU second 1,113 vs 749 (a part's round trip and
  second sampler); at 1.0 s (--pool 16) 151 vs 152, ratio 0.99, 297 vs 303 deals per CPU
  second (measured with the same CPU count by hand): the pool costs nothing at 1 s and
  the speed-up it should give on an idle machine could not be measured here; at 0.25 s
  (--pool 30, load 12) 76 vs 63 deals, ratio 0.91, 1,158 vs 885 deals per CPU second; at
  0.5 s 211 vs 202, ratio 0.96, 1,170 vs 1,105; hence bots.expert.POOL_MIN_THINK 0.25
  (the pool's share of a decision's CPU lost to its round trip: a third at 0.1 s, a
  quarter at 0.25 s, 6% at 0.5 s, none at 1 s);
* default think 1.0 (pinochle simulate --seats expert,standard,expert,standard
  --duplicate --hands 2 --seed 5): latency p50 974 ms, max 976 ms over 47 decisions.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots
from bots.expert import ExpertBot, HandValue
from bots.search import DealSampler, Engine
from pinochle_tui.simulate import simulate
from rules import Phase, apply, legal_actions, load_variants, new_round, observe


def _states(v, hands: int, seed: str):
    """(first-lead state, every tricks state) of ``hands`` standard self-play hands."""
    std = [bots.make_bot("standard") for _ in range(v.players)]
    firsts, mids = [], []
    for i in range(hands):
        rng = random.Random(f"{seed}/{i}")
        s = new_round(v, i % v.players, rng)
        while s.phase is not Phase.DONE:
            if s.phase is Phase.TRICKS:
                if not s.tricks and not s.trick:
                    firsts.append(s)
                mids.append(s)
            s = apply(s, std[s.to_act].act(observe(s, s.to_act), legal_actions(s), rng))
    return firsts, mids


def _engine(s) -> Engine:
    v = s.variant
    e = Engine(v.players, s.table.trump, v.play_flags, v.card_points, v.last_trick_bonus, v.side_of)
    e.setup(s.hands, s.leader, s.trick, len(s.tricks), s.points, s.won)
    return e


def speed(v, seconds: float) -> dict[str, float]:
    firsts, mids = _states(v, 40, "bench")
    # play-outs
    n = nodes = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for s in firsts:
            e = _engine(s)
            e.rollout()
            n += 1
            nodes += e.nodes
    el = time.perf_counter() - t0
    out = {"playouts_per_s": n / el, "playout_nodes_per_s": nodes / el}
    # solver, three cards a hand
    ends = [s for s in mids if not s.trick and len(s.hands[s.to_act]) == 3]
    nodes = 0
    t0 = time.perf_counter()
    solves = 0
    while time.perf_counter() - t0 < seconds:
        for s in ends:
            e = _engine(s)
            e.solve(v.side_of[s.to_act], HandValue(observe(s, s.to_act)).leaf, -math.inf, math.inf)
            nodes += e.nodes
            solves += 1
    el = time.perf_counter() - t0
    out["solver_nodes_per_s"] = nodes / el
    out["solver_nodes_per_solve"] = nodes / max(1, solves)
    # sampler
    views = [observe(s, s.to_act) for s in mids[::4]]
    k = 0
    rng = random.Random(1)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for view in views:
            DealSampler(view).sample(rng)
            k += 1
    out["deals_per_s"] = k / (time.perf_counter() - t0)
    # standard self-play
    t0 = time.perf_counter()
    r = simulate(v, ["standard"] * v.players, hands=200, seed="bench-self")
    out["standard_hands_per_s"] = r.hands / (time.perf_counter() - t0)
    out["playouts_per_standard_hand"] = out["playouts_per_s"] / out["standard_hands_per_s"]
    return out


def pool_figures(v, think: float, decisions: int, workers: int) -> dict[str, list[float]]:
    """Deals searched (each: every legal card played out) a decision at ``think`` seconds,
    in this process alone (workers 1) and on the pool (``workers`` parts), the two asked in
    turn on the same mid-hand positions (so a load that comes and goes hits both alike)."""
    import os

    from bots.search import pool as search_pool

    def cpu(pid: int) -> float:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    _, mids = _states(v, 40, "bench-pool")
    spots = [s for s in mids if len(legal_actions(s)) >= 3]
    spots = (spots * (1 + decisions // max(1, len(spots))))[:decisions]
    while search_pool.ready_pool(workers) is None:
        time.sleep(0.05)
    pids = [os.getpid(), *search_pool._POOL._processes]  # type: ignore[union-attr]
    out: dict[str, list[float]] = {}
    for k in (1, workers):
        out[f"deals_{k}"], out[f"s_{k}"], out[f"cpu_s_{k}"] = [], [], []
    for i, s in enumerate(spots):
        view, legal = observe(s, s.to_act), legal_actions(s)
        for k in (1, workers) if i % 2 == 0 else (workers, 1):
            bot = ExpertBot(think=think, workers=k)
            c0 = sum(cpu(p) for p in pids)
            an = bot.analyse(view, legal, random.Random(i))
            out[f"cpu_s_{k}"].append(sum(cpu(p) for p in pids) - c0)
            out[f"deals_{k}"].append(an.deals)
            out[f"s_{k}"].append(an.seconds)
    for k in (1, workers):
        out[f"deals_per_cpu_s_{k}"] = [sum(out[f"deals_{k}"]) / max(0.01, sum(out[f"cpu_s_{k}"]))]
    return out


def ab(v, boards: int, think: float | None, nodes: int | None, seed: str, **options) -> dict:
    bots._FACTORIES["expert"] = lambda: ExpertBot(think=think, nodes=nodes, **options)  # the bench's budget
    n = v.players
    seats = ["expert", "standard"] * 2 if n == 4 else ["expert"] + ["standard"] * (n - 1)
    tables = v.n_sides if v.sides == "pairs_opposite" else n
    return simulate(v, seats, hands=boards * tables, seed=seed, duplicate=True).to_json()


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="partnership")
    p.add_argument("--seconds", type=float, default=3.0, help="seconds per speed figure")
    p.add_argument("--boards", type=int, default=60, help="duplicate boards of the A/B (0: none)")
    p.add_argument("--think", type=float, default=0.1, help="expert seconds per decision")
    p.add_argument("--nodes", type=int, default=None, help="expert nodes per decision (then no clock)")
    p.add_argument("--seed", default="expert-ab")
    p.add_argument("--confidence", type=float, default=None, help="ExpertBot.confidence (default: the shipped one)")
    p.add_argument("--skip-speed", action="store_true")
    p.add_argument("--pool", type=int, default=0, metavar="N", help="compare N decisions in process vs on the pool")
    p.add_argument("--workers", type=int, default=2, help="parts of a decision on the pool (with --pool)")
    a = p.parse_args(argv)
    v = load_variants()[a.variant]
    if not a.skip_speed:
        for k, x in speed(v, a.seconds).items():
            print(f"{k:28s} {x:12,.1f}")
    if a.pool:
        f = pool_figures(v, a.think, a.pool, a.workers)
        for key, xs in f.items():
            xs = sorted(xs)
            print(f"pool {key:10s} median {xs[len(xs) // 2]:9.3f}  p90 {xs[int(len(xs) * 0.9)]:9.3f}  n {len(xs)}")
        d1, dk = f["deals_1"], f[f"deals_{a.workers}"]
        ratios = sorted(b / max(1, x) for x, b in zip(d1, dk))
        print(f"pool deals ratio {a.workers} workers / 1, per decision: median {ratios[len(ratios) // 2]:.2f}")
    if a.boards:
        think = None if a.nodes else a.think
        t0 = time.perf_counter()
        options = {} if a.confidence is None else {"confidence": a.confidence}
        d = ab(v, a.boards, think, a.nodes, a.seed, **options)
        lo, hi = d["ci95"]
        budget = f"{a.nodes} nodes" if a.nodes else f"{a.think} s"
        print(f"A/B {a.variant}, expert at {budget}: {d['boards']} boards, {d['points_per_board']:+.1f} per board")
        print(f"  95% CI {lo:+.1f} .. {hi:+.1f}   ({time.perf_counter() - t0:.0f} s)")
        for level, b in d["bidders"].items():
            print(f"  {level:9s} as bidder: {b}")
        for level, lat in d["latency_ms"].items():
            print(f"  latency {level:9s} ms: {lat}")
        print(f"  illegal {d['illegal_actions']}, errors {d['errors']} {d['problems'][:2]}")


if __name__ == "__main__":
    main()
