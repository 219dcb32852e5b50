"""Figures for the review of a hand (`pinochle_tui.review`): how long it takes,
and what the keys wait while it works.  Prints them; asserts nothing.

    .venv/bin/python bench/review_bench.py [--variant partnership] [--hands 8] [--app-runs 3]
    .venv/bin/python bench/review_bench.py --auto 100000 [--variant partnership] [--hands 8]

Time: ``--hands`` hands (seeds b0, b1, ...), the human's decisions made by the standard
bot, each reviewed in this process at the review's budget (`REVIEW_NODES`,
`REVIEW_BID_DEALS`); per hand the seconds for its cards (every card the human played, a
forced one costing nothing) and for its other decisions (bids, passes, trump, the pass,
the burial, the throw-in: the expert's own choice, and each bid tried over the deals);
medians and maxima over the hands.

Keys: in the app (Textual's Pilot, 100x36), partnership seed 2 (the human passing and
playing the first legal card) at the hand's result, ``r`` opens the review, and ``down``
is pressed every 50 ms until the review is done, the clock around each press (`Pilot.press`
returns once the key's events are handled); the same presses once it is done are the
baseline.  With the expert's worker pool up before (as with an expert at the table), and
starting when the review starts (no expert at the table: the review waits for it,
`review.wait_for_pool`), alternating ``--app-runs`` times, each in a fresh process.

Measured at the commit that added this file (nice -n 10, load average 3.7 to 4.9 on the 2
cores from other sessions; ``--hands 6 --app-runs 2``, and an earlier run of the same
measures over 8 hands, three app runs):
- partnership, 12 cards a hand: cards 1.26 s median (1.50 max) over 6 hands, 1.53 s (1.83)
  over 8; other decisions 1.00 s (3.65), 1.29 s (3.73); the whole review 2.23 s (4.98),
  2.61 s (4.73).  Three-hand, 5 hands, 15 cards: cards 1.65 s (2.05), other decisions
  1.03 s (4.68), whole 2.76 s (6.04).  A bid costs about 0.4 s for the expert's own bid
  (its simulated bidding at 40,000 nodes) and 0.2 s for each bid tried over 40 deals.
- the app, 13 decisions (one pass, twelve cards): pool up 2.14 to 2.41 s, key press p50
  73 to 108 ms (max 125 to 170 ms), after the review 62 to 66 ms p50; pool starting 2.48
  to 3.16 s, p50 74 to 89 ms (max 317 to 432 ms: the pool's start).  Before the review
  waited for the pool (its first searches in the app's process), one press waited 384,
  612 and 796 ms in three runs.

``--auto NODES``: every decision of the human's made by "play for me" at an expert's table
(the expert at NODES a decision), each hand reviewed with the moves' searches dropped (as
the review did before it reused them: every move searched again) and kept
(`Decision.auto_search`), in turn first.  Partnership, ``--auto 100000``, nice -n 5, load
average 3.1 to 5.0 on the 2 cores: 6 hands, 12.5 moves a hand reused (all but the forced
ones and those left to the standard bot), the review 3.61 s median (4.78 max) searching
them again against 0.00 s reusing them; 8 hands, 11 moves, 3.33 s (6.80) against 0.00 s.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "tui"))


def review_times(variant: str, hands: int) -> str:
    from bots.expert import ExpertBot
    from bots.standard import StandardBot
    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.review import REVIEW_BID_DEALS, REVIEW_NODES, Review
    from rules import Phase, Play, load_variants

    v = load_variants()[variant]
    cards_t, other_t, totals, ncards = [], [], [], []
    for k in range(hands):
        c = Controller(v, default_seats(v.players, ["human"] + ["standard"] * (v.players - 1)), seed=f"b{k}")
        std = StandardBot()
        while c.round.phase is not Phase.DONE:
            seat = c.round.to_act
            c.apply(c.choose(c.round, seat, std if c.is_human(seat) else c.bot_for(seat))[0])
        r = Review(c, bot=ExpertBot(think=None, nodes=REVIEW_NODES, pool=False))
        cards = other = 0.0
        n = 0
        t0 = time.perf_counter()
        while True:
            t = time.perf_counter()
            if not r.step():
                break
            dt = time.perf_counter() - t
            if isinstance(r.done[-1].decision.action, Play):
                cards += dt
                n += 1
            else:
                other += dt
        totals.append(time.perf_counter() - t0)
        cards_t.append(cards)
        other_t.append(other)
        ncards.append(n)
    return (
        f"{variant}, {REVIEW_NODES} nodes a decision, {REVIEW_BID_DEALS} deals a bid, {hands} hands, "
        f"{statistics.median(ncards)} cards a hand: cards {statistics.median(cards_t):.2f} s median "
        f"({max(cards_t):.2f} max), other decisions {statistics.median(other_t):.2f} s ({max(other_t):.2f}), "
        f"the whole review {statistics.median(totals):.2f} s ({max(totals):.2f})"
    )


def auto_review_times(variant: str, hands: int, nodes: int) -> str:
    """``--auto``: every decision of the human's made by "play for me" at an expert's
    table (the expert at ``nodes`` a decision, no clock: the same moves every run), its
    search kept as the table keeps it (`Controller.note_auto`); each hand reviewed twice
    in this process, the moves' searches dropped (the review searching every move again,
    as it did before it reused them) and kept (`Decision.auto_search`)."""
    from bots.expert import ExpertBot
    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.review import REVIEW_NODES, Review, search_made_by
    from rules import Phase, legal_actions, load_variants, observe

    v = load_variants()[variant]
    before, after, reused = [], [], []
    for k in range(hands):
        c = Controller(v, default_seats(v.players, ["human"] + ["standard"] * (v.players - 1)), seed=f"b{k}")
        expert = ExpertBot(think=None, nodes=nodes, pool=False)
        expert.explain_bids = True  # (as the table's hint bot)
        while c.round.phase is not Phase.DONE:
            seat = c.round.to_act
            if not c.is_human(seat):
                c.apply(c.choose(c.round, seat, c.bot_for(seat))[0])
                continue
            state = c.round
            action = expert.act(observe(state, seat), legal_actions(state), c.bot_rng("helper"))
            c.apply(action)
            c.note_auto(search_made_by(expert, action))
        kept = dict(c.auto_searches)
        reused.append(sum(1 for d in c.decisions() if d.auto_search is not None))
        runs = [({}, before), (kept, after)]
        for searches, out in runs if k % 2 == 0 else runs[::-1]:  # (each first in turn)
            c.auto_searches = searches
            r = Review(c, bot=ExpertBot(think=None, nodes=REVIEW_NODES, pool=False))
            t = time.perf_counter()
            r.run()
            out.append(time.perf_counter() - t)
    return (
        f"{variant}, every move by play for me (the expert at {nodes} nodes), {hands} hands, "
        f"{statistics.median(reused)} moves a hand with the expert's search kept: the review searching them again "
        f"{statistics.median(before):.2f} s median ({max(before):.2f} max), reusing them "
        f"{statistics.median(after):.2f} s ({max(after):.2f})"
    )


async def app_run(pool_up: bool) -> str:
    from tui_helpers import SIZE, app_for, preplay, settle

    from bots.expert import WORKER_NICE, start_pool
    from bots.search import pool as search_pool
    from pinochle_tui.screens.dialogs import HandResultScreen, ReviewScreen
    from rules import Phase

    c = preplay("partnership", "human,standard,standard,standard", 2, lambda c: c.round.phase is Phase.DONE)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if pool_up:
            start_pool(leave_cores=1)
            while search_pool.ready_pool(None, WORKER_NICE) is None:
                await asyncio.sleep(0.05)
        assert isinstance(app.screen, HandResultScreen)
        t0 = time.perf_counter()
        await pilot.press("r")
        s = app.screen
        assert isinstance(s, ReviewScreen)
        busy = []
        while not s.review.finished:
            t = time.perf_counter()
            await pilot.press("down")
            busy.append((time.perf_counter() - t) * 1000)
            await asyncio.sleep(0.05)
        took = time.perf_counter() - t0
        idle = []
        for _ in range(12):
            t = time.perf_counter()
            await pilot.press("down")
            idle.append((time.perf_counter() - t) * 1000)
            await asyncio.sleep(0.05)
    return (
        f"pool {'up' if pool_up else 'starting'}: review {took:.2f} s, {len(s.review.done)} decisions; "
        f"key press p50 {statistics.median(busy or [0]):.1f} ms, max {max(busy or [0]):.1f} ms over {len(busy)}; "
        f"after it p50 {statistics.median(idle):.1f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="partnership")
    ap.add_argument("--hands", type=int, default=8)
    ap.add_argument("--app-runs", type=int, default=3)
    ap.add_argument("--app-one", choices=("up", "starting"), help=argparse.SUPPRESS)
    ap.add_argument("--auto", type=int, metavar="NODES", help="the moves made by play for me (`auto_review_times`)")
    a = ap.parse_args()
    if a.app_one:
        print(asyncio.run(app_run(a.app_one == "up")))
        return
    if a.auto:
        print(auto_review_times(a.variant, a.hands, a.auto), flush=True)
        return
    if a.hands:
        print(review_times(a.variant, a.hands), flush=True)
    for _ in range(a.app_runs):
        for mode in ("up", "starting"):  # each in a fresh process: the pool as a new app finds it
            subprocess.run([sys.executable, __file__, "--app-one", mode], check=True)


if __name__ == "__main__":
    main()
