"""Bot benchmarks: strength, make rate and speed (run by hand, quoted in notes; never asserted).

    python bench/bots_bench.py            # the full figures (several minutes on 2 cores)
    python bench/bots_bench.py --quick    # a tenth of every sample, for a smoke run
    python bench/bots_bench.py --only speed,easy --jobs 2

Figures (x10 points, as the engine counts):
  random   standard vs random, partnership: games won of 1,000 games to 1500, and points per
           duplicate board over 2,000 boards
  easy     standard vs easy, partnership: points per board over 2,000 duplicate boards, 95% CI
  self     standard self-play, partnership: make rate (of all contracts, and of those played),
           average bid, average achieved - bid, meld the pass gains the bidder
  legal    illegal actions and errors over N hands of every preset (mixed levels)
  speed    standard decision latency p50/p99 (real choices: a forced move is not asked of the
           bot) and self-play full hands/s on one core
  big      the big tables, for five-hand, six-hand and eight-hand (or --presets):
           standard vs random, games won of 500 games (standard in every seat of one team,
           in five-hand in the first seat); standard vs easy, points per duplicate board over
           --big-boards boards (each deal once per seating of the teams, five-hand once per
           seat), 95% CI, in the preset's scale; standard decision latency p50/p99 with the
           hand's size, both wall time and CPU time of the deciding thread (the shared
           cores make the wall time wait for other processes)
  two      the two-hand forms, for two-hand and two-hand-draft: standard vs random,
           games won of 1,000 games to 1000; standard vs easy, points per board over 2,000
           duplicate boards (each deal from both seats), 95% CI; standard decision latency in
           phase 1 and the draft, and of the exact phase-2 search, p50/p99/max
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.cli import settle_heap
from pinochle_tui.simulate import GAME_HANDS_LIMIT, SimResult, merge, simulate
from rules import load_variants

PRESETS = list(load_variants())  # every shipped preset, in file order


def _job(args: tuple) -> SimResult:
    variant, seats, hands, games, seed, duplicate = args
    v = load_variants()[variant]
    return simulate(v, seats, hands=hands, games=games, seed=seed, duplicate=duplicate)


def run_parallel(pool, variant, seats, *, hands=None, games=None, seed="bench", duplicate=False, jobs=1) -> SimResult:
    """Split a run into ``jobs`` parts on disjoint seeds and merge them."""
    parts = []
    for i in range(jobs):
        h = None if hands is None else hands // jobs + (1 if i < hands % jobs else 0)
        g = None if games is None else games // jobs + (1 if i < games % jobs else 0)
        if duplicate and h is not None:
            h -= h % 2
        parts.append((variant, seats, h, g, f"{seed}/{i}", duplicate))
    return merge(pool.map(_job, parts) if jobs > 1 else [_job(p) for p in parts])


def pts(x: float) -> str:
    return f"{x:+.1f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a tenth of every sample")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only", default="random,easy,self,legal,speed,two,big")
    ap.add_argument("--big-boards", type=int, default=1000, help="duplicate boards per preset for the big tables")
    ap.add_argument("--big-games", type=int, default=500, help="games per preset against random for the big tables")
    ap.add_argument("--big-hands", type=int, default=20000, help="at most this many hands for those games")
    ap.add_argument("--legal-hands", type=int, default=20000, help="hands per preset for the legality figure")
    ap.add_argument("--seed", default="bench")
    ap.add_argument("--presets", default="", help="comma-separated presets for the legality figure (default: all)")
    a = ap.parse_args()
    k = 10 if a.quick else 1
    only = set(a.only.split(","))
    jobs = max(1, a.jobs)
    print(f"bots_bench: jobs={jobs} quick={a.quick} python={sys.version.split()[0]}")
    with mp.Pool(jobs) if jobs > 1 else _NoPool() as pool:
        if "random" in only:
            t = time.perf_counter()
            r = run_parallel(pool, "partnership", ["standard", "random"] * 2, games=1000 // k, seed=a.seed, jobs=jobs)
            won = r.games_won[0]
            print(
                f"[random] standard vs random, partnership: won {won} of {r.games} games to 1500 "
                f"({won / max(1, r.games):.1%}), {r.hands} hands  ({time.perf_counter() - t:.0f}s)"
            )
            t = time.perf_counter()
            r = run_parallel(
                pool, "partnership", ["standard", "random"] * 2, hands=4000 // k, seed=a.seed, duplicate=True, jobs=jobs
            )
            d = r.to_json()
            lo, hi = d["ci95"] or (float("nan"), float("nan"))  # (null from one board: no interval)
            print(
                f"[random] standard vs random, partnership: {pts(d['points_per_board'])} points per board over "
                f"{d['boards']} duplicate boards (95% CI {pts(lo)} .. {pts(hi)})  ({time.perf_counter() - t:.0f}s)"
            )
        if "easy" in only:
            t = time.perf_counter()
            r = run_parallel(
                pool, "partnership", ["standard", "easy"] * 2, hands=4000 // k, seed=a.seed, duplicate=True, jobs=jobs
            )
            d = r.to_json()
            lo, hi = d["ci95"] or (float("nan"), float("nan"))  # (null from one board: no interval)
            print(
                f"[easy]   standard vs easy, partnership: {pts(d['points_per_board'])} points per board over "
                f"{d['boards']} duplicate boards (95% CI {pts(lo)} .. {pts(hi)})  ({time.perf_counter() - t:.0f}s)"
            )
        if "self" in only:
            t = time.perf_counter()
            r = run_parallel(pool, "partnership", ["standard"] * 4, hands=2000 // k, seed=a.seed, jobs=jobs)
            b = r.to_json()["bidders"]["standard"]
            print(
                f"[self]   standard self-play, partnership, {r.hands} hands: makes {b['make_rate']:.1%} of "
                f"{b['contracts']} contracts ({b['make_rate_played']:.1%} of those played; "
                f"{b['concessions']} thrown in); average bid {b['avg_bid']:.1f}, achieved - bid "
                f"{pts(b['avg_achieved_minus_bid'])}, meld gained by the pass {pts(b['avg_pass_gain'])}, "
                f"bidder's side meld {b['avg_meld']:.1f}  ({time.perf_counter() - t:.0f}s)"
            )
        if "legal" in only:
            n = max(40, a.legal_hands // k)
            total_bad = 0
            for name in a.presets.split(",") if a.presets else PRESETS:
                t = time.perf_counter()
                players = load_variants()[name].people  # one bot per person at the table (§0.4.16)
                seats = (["standard", "easy", "standard", "random"] * 2)[:players]
                r = run_parallel(pool, name, seats, hands=n // 2, seed=f"{a.seed}/legal", jobs=jobs)
                r2 = run_parallel(
                    pool, name, ["standard"] * players, hands=n - n // 2, seed=f"{a.seed}/legal-self", jobs=jobs
                )
                bad = len(r.illegal) + len(r.errors) + len(r2.illegal) + len(r2.errors)
                total_bad += bad
                print(
                    f"[legal]  {name}: {r.hands + r2.hands} hands, {len(r.illegal) + len(r2.illegal)} illegal "
                    f"actions, {len(r.errors) + len(r2.errors)} errors  ({time.perf_counter() - t:.0f}s)"
                )
                for p in (r.illegal + r.errors + r2.illegal + r2.errors)[:5]:
                    print(f"         problem: {p}")
        if "speed" in only:
            v = load_variants()["partnership"]
            n = max(50, 1000 // k)
            settle_heap()  # as `pinochle simulate` does before it plays
            c0, t0 = time.process_time(), time.perf_counter()
            r = simulate(v, ["standard"] * 4, hands=n, seed=f"{a.seed}/speed")
            cpu, wall = time.process_time() - c0, time.perf_counter() - t0
            lat = r.latency()["standard"]
            print(
                f"[speed]  standard self-play on one core: {n / wall:.0f} full hands/s wall, {n / cpu:.0f} per "
                f"CPU-second (load average {os.getloadavg()[0]:.1f}); decision latency p50 {lat['p50']:.3f} ms, "
                f"p99 {lat['p99']:.3f} ms, max {lat['max']:.2f} ms over {lat['decisions']} decisions (forced moves "
                "not asked)"
            )
            r = simulate(v, ["random"] * 4, hands=n, seed=f"{a.seed}/speed")
            print(
                "[speed]  for scale, random self-play (the engine and a SeatView per choice, random bots): "
                f"{r.hands / r.seconds:.0f} hands/s"
            )
        if "big" in only:
            for name in a.presets.split(",") if a.presets else BIG:
                _big_table(pool, name, a, k, jobs)
        if "two" in only:
            for name in ("two-hand", "two-hand-draft"):
                t = time.perf_counter()
                r = run_parallel(pool, name, ["standard", "random"], games=1000 // k, seed=a.seed, jobs=jobs)
                won = r.games_won[0]
                print(
                    f"[two]    standard vs random, {name}: won {won} of {r.games} games to 1000 "
                    f"({won / max(1, r.games):.1%}), {r.hands} hands  ({time.perf_counter() - t:.0f}s)"
                )
                t = time.perf_counter()
                r = run_parallel(
                    pool, name, ["standard", "easy"], hands=4000 // k, seed=a.seed, duplicate=True, jobs=jobs
                )
                d = r.to_json()
                lo, hi = d["ci95"] or (float("nan"), float("nan"))  # (null from one board: no interval)
                print(
                    f"[two]    standard vs easy, {name}: {pts(d['points_per_board'])} points per board over "
                    f"{d['boards']} duplicate boards (95% CI {pts(lo)} .. {pts(hi)})  ({time.perf_counter() - t:.0f}s)"
                )
                _two_hand_latency(name, max(20, 200 // k), a.seed)
    return 0


BIG = ("five-hand", "six-hand", "eight-hand")


def _one_team(v, mine: str, other: str) -> list[str]:
    """``mine`` in every seat of the first team (five-hand, whose partner changes every
    hand: the first seat), ``other`` elsewhere."""
    if v.n_sides < v.players:
        return [mine if v.side_of[s] == 0 else other for s in range(v.players)]
    return [mine] + [other] * (v.players - 1)


def _big_table(pool, name: str, a, k: int, jobs: int) -> None:
    v = load_variants()[name]
    f = v.fmt
    t = time.perf_counter()
    seats = _one_team(v, "standard", "random")
    cap = max(100, a.big_hands // k)
    r = run_parallel(pool, name, seats, games=max(2, a.big_games // k), hands=cap, seed=a.seed, jobs=jobs)
    won = r.games_won[0]
    print(
        f"[big]    standard vs random, {name} (seats {','.join(seats)}): won {won} of {r.games} games "
        f"({won / max(1, r.games):.1%}), {r.unfinished} not over by hand {GAME_HANDS_LIMIT}, {r.hands} hands "
        f"(at most {cap}), {len(r.illegal)} illegal actions, {len(r.errors)} errors  ({time.perf_counter() - t:.0f}s)"
    )
    t = time.perf_counter()
    seats = _one_team(v, "standard", "easy")
    tables = v.n_sides if v.n_sides < v.players else v.players
    boards = max(2, a.big_boards // k)
    parts = []
    for i in range(jobs):
        b = boards // jobs + (1 if i < boards % jobs else 0)
        parts.append((name, seats, b * tables, None, f"{a.seed}/big/{i}", True))
    r = merge(pool.map(_job, parts) if jobs > 1 else [_job(p) for p in parts])
    d = r.to_json()
    lo, hi = d["ci95"] or (float("nan"), float("nan"))  # (null from one board: no interval)
    print(
        f"[big]    standard vs easy, {name} (seats {','.join(seats)}): {f(round(d['points_per_board']))} points "
        f"per board (the preset's scale; the first team minus the others' mean) over {d['boards']} duplicate "
        f"boards (95% CI {f(round(lo))} .. {f(round(hi))}), {len(r.illegal)} illegal actions, {len(r.errors)} "
        f"errors  ({time.perf_counter() - t:.0f}s)"
    )
    _big_latency(v, max(20, 300 // k), a.seed)


def _big_latency(v, hands: int, seed: str) -> None:
    """Standard's decision latency at a big table (real choices only, every seat standard):
    wall time and the deciding thread's CPU time, p50 and p99."""
    import random

    from bots import make_bot
    from rules import Phase, apply, legal_actions, new_round, observe

    settle_heap()
    wall: list[float] = []
    cpu: list[float] = []
    for h in range(hands):
        bots = [make_bot("standard") for _ in range(v.players)]
        s = new_round(v, h % v.players, random.Random(f"{seed}/biglat/{h}"))
        rng = random.Random(h)
        while s.phase is not Phase.DONE:
            legal = legal_actions(s)
            if len(legal) == 1:
                s = apply(s, legal[0])
                continue
            view = observe(s, s.to_act)
            c0, t0 = time.thread_time_ns(), time.perf_counter_ns()
            action = bots[s.to_act].act(view, legal, rng)
            wall.append((time.perf_counter_ns() - t0) / 1e6)
            cpu.append((time.thread_time_ns() - c0) / 1e6)
            s = apply(s, action)

    def q(xs: list[float], p: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(p * len(xs)))]

    print(
        f"[big]    standard decision latency, {v.name} ({v.cards_per_hand}-card hands, {hands} hands, "
        f"{len(wall)} decisions): wall p50 {q(wall, 0.5):.3f} ms p99 {q(wall, 0.99):.3f} ms max {max(wall):.2f} ms; "
        f"CPU p50 {q(cpu, 0.5):.3f} ms p99 {q(cpu, 0.99):.3f} ms max {max(cpu):.2f} ms "
        f"(load average {os.getloadavg()[0]:.1f})"
    )


def _two_hand_latency(name: str, hands: int, seed: str) -> None:
    """Standard's decision latency in a two-hand form, split in two: phase 1 of
    the stock game and the draft (with its auction and tricks) against the exact phase-2
    search (real choices only; one bot per seat, as at the table)."""
    import random

    from bots import make_bot
    from rules import Phase, apply, legal_actions, new_round, observe

    v = load_variants()[name]
    settle_heap()
    times: dict[str, list[float]] = {"phase 1 / draft": [], "phase 2 (exact search)": []}
    for h in range(hands):
        bots = [make_bot("standard"), make_bot("standard")]
        s = new_round(v, h % 2, random.Random(f"{seed}/lat/{h}"))
        rng = random.Random(h)
        while s.phase is not Phase.DONE:
            legal = legal_actions(s)
            if len(legal) == 1:
                s = apply(s, legal[0])
                continue
            view = observe(s, s.to_act)
            t0 = time.perf_counter()
            action = bots[s.to_act].act(view, legal, rng)
            ms = (time.perf_counter() - t0) * 1000
            endgame = v.round_flow == "stock" and s.phase is Phase.TRICKS and not view.stock_open
            times["phase 2 (exact search)" if endgame else "phase 1 / draft"].append(ms)
            s = apply(s, action)
    for label, xs in times.items():
        if not xs:
            continue
        xs.sort()
        p50, p99 = xs[len(xs) // 2], xs[min(len(xs) - 1, int(len(xs) * 0.99))]
        print(
            f"[two]    standard latency, {name}, {label}: p50 {p50:.3f} ms, p99 {p99:.3f} ms, "
            f"max {xs[-1]:.1f} ms over {len(xs)} decisions in {hands} hands"
        )


class _NoPool:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def map(self, f, xs):
        return [f(x) for x in xs]


if __name__ == "__main__":
    raise SystemExit(main())
