"""The expert's worker pool (`bots.search.pool`): one pool, one worker per
core, started once and reused; a search split in parts gives on the pool exactly what it
gives in process (a node budget replays exactly); a broken pool costs no decision."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import bots
from bots.expert import POOL_MIN_THINK, WORKER_NICE, ExpertBot, start_pool
from bots.search import pool as search_pool
from rules import Phase, RoundState, apply, legal_actions, load_variants, new_round, observe


def _choice(seed: int) -> RoundState:
    """The first trick-play position of a standard hand with three or more legal cards."""
    v = load_variants()["partnership"]
    std = bots.make_bot("standard")
    rng = random.Random(seed)
    s = new_round(v, 0, rng)
    while not (s.phase is Phase.TRICKS and len(legal_actions(s)) >= 3):
        s = apply(s, std.act(observe(s, s.to_act), legal_actions(s), rng))
    return s


def _wait_for_the_pool() -> None:
    t0 = time.monotonic()
    while search_pool.ready_pool() is None:  # started in a thread of its own
        assert time.monotonic() - t0 < 60
        time.sleep(0.05)


def test_one_worker_per_core() -> None:
    assert search_pool.cores() == len(os.sched_getaffinity(0))


def test_the_pools_result_equals_the_in_process_one_and_the_pool_is_reused() -> None:
    s = _choice(1)
    view, legal = observe(s, s.to_act), legal_actions(s)
    here = ExpertBot(think=None, nodes=4000, workers=2, pool=False).analyse(view, legal, random.Random(5))
    pooled = ExpertBot(think=None, nodes=4000, workers=2)
    a = pooled.analyse(view, legal, random.Random(5))
    assert (a.means, a.errors, a.deals, a.nodes) == (here.means, here.errors, here.deals, here.nodes)
    assert (a.workers, here.workers) == (2, 0)
    # each part has half the node budget: the two parts together pass it by less than a deal each
    assert 4000 <= a.nodes < 4000 + 2 * 60 * len(legal)
    first = search_pool.ready_pool()
    b = ExpertBot(think=None, nodes=4000, workers=2).analyse(view, legal, random.Random(5))
    assert search_pool.ready_pool() is first and b.means == a.means
    # split in parts the search differs from one part, but replays exactly all the same
    one = ExpertBot(think=None, nodes=4000).analyse(view, legal, random.Random(5))
    assert one.workers == 0 and one.means != a.means


def test_a_clock_budget_uses_the_pool_and_a_callers_clock_stays_in_process() -> None:
    s = _choice(2)
    view, legal = observe(s, s.to_act), legal_actions(s)
    _wait_for_the_pool()
    bot = ExpertBot(think=0.3)
    an = bot.analyse(view, legal, random.Random(1))
    assert an.workers == search_pool.cores() if search_pool.cores() > 1 else an.workers == 0
    assert an.deals >= 1
    # under POOL_MIN_THINK the round trip costs more than the second core brings: in process
    assert POOL_MIN_THINK == 0.25
    assert ExpertBot(think=0.2).analyse(view, legal, random.Random(1)).workers == 0
    ticks = iter(range(10**6))
    own = ExpertBot(think=5.0, clock=lambda: float(next(ticks)))
    assert own.analyse(view, legal, random.Random(1)).workers == 0


def test_a_broken_pool_costs_no_decision_and_is_started_again() -> None:
    s = _choice(3)
    view, legal = observe(s, s.to_act), legal_actions(s)
    bot = ExpertBot(think=None, nodes=3000, workers=2)
    want = ExpertBot(think=None, nodes=3000, workers=2, pool=False).analyse(view, legal, random.Random(2))
    pool = bot._parts()[1]
    assert pool is not None
    for pid in list(pool._processes):  # type: ignore[attr-defined]  # the pool's own workers
        os.kill(pid, 9)
    for p in list(pool._processes.values()):  # type: ignore[attr-defined]
        p.join(5)
    got = bot.analyse(view, legal, random.Random(2))  # searched in process: the same parts, the same sums
    assert (got.means, got.deals, got.nodes) == (want.means, want.deals, want.nodes)
    again = bot.analyse(view, legal, random.Random(2))  # a new pool
    assert again.workers == 2 and again.means == want.means
    assert search_pool.ready_pool() is not pool


@pytest.mark.parametrize("bad", [0, 65, 1.5])
def test_a_bad_worker_count_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="workers must be a whole number from 1 to 64"):
        ExpertBot(workers=bad)  # type: ignore[arg-type]


def test_no_cheating_on_the_pool_either() -> None:
    """The permutation property (test_bots_play) for a search split on the pool: the
    hidden cards shuffled among the other hands, the same means card by card."""
    from test_bots_play import _permute_hidden

    rng = random.Random(7)
    checked = 0
    for seed in (1, 2, 3):
        s = _choice(seed)
        view, legal = observe(s, s.to_act), legal_actions(s)
        a = ExpertBot(think=None, nodes=1500, workers=2).analyse(view, legal, random.Random(4))
        other = _permute_hidden(s, s.to_act, rng)
        assert other.hands != s.hands
        b = ExpertBot(think=None, nodes=1500, workers=2).analyse(
            observe(other, s.to_act), legal_actions(other), random.Random(4)
        )
        assert (a.means, a.lose, a.workers) == (b.means, b.lose, 2)
        checked += 1
    assert checked == 3


def test_leaving_a_core_searches_in_one_part_on_the_pool_exactly_as_in_process() -> None:
    """``leave_cores`` (the app's bots): a node budget alone is searched in one part on the
    pool, with the rng's own state sent and taken back, so the analysis, the rng after it
    and the card are those of the one-part search in process: the replay is exact and
    does not depend on the machine's cores."""
    s = _choice(4)
    view, legal = observe(s, s.to_act), legal_actions(s)
    _wait_for_the_pool()
    r_pool, r_here = random.Random(5), random.Random(5)
    a = ExpertBot(think=None, nodes=3000, leave_cores=1).analyse(view, legal, r_pool)
    b = ExpertBot(think=None, nodes=3000).analyse(view, legal, r_here)
    assert (a.workers, b.workers) == (1, 0)
    assert (a.means, a.errors, a.lose, a.deals, a.nodes) == (b.means, b.errors, b.lose, b.deals, b.nodes)
    assert a.deals > 1 and r_pool.getstate() == r_here.getstate()
    bot = ExpertBot(think=None, nodes=3000, leave_cores=1)
    assert bot.act(view, legal, random.Random(8)) == ExpertBot(think=None, nodes=3000).act(
        view, legal, random.Random(8)
    )
    assert bot.last is not None and bot.last.workers == 1


def test_leaving_a_core_puts_every_clock_budget_on_the_pool_in_cores_less_one_parts() -> None:
    s = _choice(2)
    view, legal = observe(s, s.to_act), legal_actions(s)
    _wait_for_the_pool()
    assert POOL_MIN_THINK > 0.05
    an = ExpertBot(think=0.05, leave_cores=1).analyse(view, legal, random.Random(1))
    assert an.workers == max(1, search_pool.cores() - 1) and an.deals >= 1
    assert ExpertBot(think=0.05).analyse(view, legal, random.Random(1)).workers == 0  # the CLI's way: in process
    ticks = iter(range(10**6))
    own = ExpertBot(think=5.0, clock=lambda: float(next(ticks)), leave_cores=1)
    assert own.analyse(view, legal, random.Random(1)).workers == 0  # a caller's clock stays in process


def test_leaving_a_core_with_a_broken_pool_searches_here_with_the_rng_untouched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from concurrent.futures.process import BrokenProcessPool

    import bots.expert as expert

    class Broken:
        def submit(self, *args: object) -> None:
            raise BrokenProcessPool("a worker died")

    monkeypatch.setattr(expert, "_ready", lambda size, nice=0: Broken())
    s = _choice(3)
    view, legal = observe(s, s.to_act), legal_actions(s)
    r_broken, r_here = random.Random(2), random.Random(2)
    got = ExpertBot(think=None, nodes=2000, leave_cores=1).analyse(view, legal, r_broken)
    want = ExpertBot(think=None, nodes=2000).analyse(view, legal, r_here)
    assert (got.means, got.deals, got.nodes, got.workers) == (want.means, want.deals, want.nodes, 0)
    assert r_broken.getstate() == r_here.getstate()


@pytest.mark.parametrize("bad", [-1, 65, 0.5])
def test_a_bad_leave_cores_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="leave_cores must be a whole number from 0 to 64"):
        ExpertBot(leave_cores=bad)  # type: ignore[arg-type]


def test_the_apps_pool_runs_below_the_apps_priority() -> None:
    """`start_pool` for searches that leave a core (the app's): every worker ``WORKER_NICE``
    below this process, so the app's drawing has the CPU first; a search then uses the
    pool as it is."""
    search_pool.shutdown_pool()
    start_pool(leave_cores=1)
    _wait_for_the_pool()
    pool = search_pool.ready_pool()
    assert pool is not None
    assert {pool.submit(os.nice, 0).result() for _ in range(4)} == {min(19, os.nice(0) + WORKER_NICE)}
    s = _choice(1)
    an = ExpertBot(think=None, nodes=1000, leave_cores=1).analyse(
        observe(s, s.to_act), legal_actions(s), random.Random(1)
    )
    assert an.workers == 1 and search_pool.ready_pool() is pool


def test_leaving_a_core_plays_a_bids_odds_out_on_the_pool_as_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's chance of making a bid (`ExpertBot.bid_odds`) for the app: played out on
    the pool with the rng's state sent and taken back, the same odds as in process."""
    import bots.expert as expert
    from rules import Bid

    s = new_round(load_variants()["partnership"], 0, random.Random(3))
    bid = next(a for a in legal_actions(s) if isinstance(a, Bid))
    view = observe(s, s.to_act)
    r_pool, r_here = random.Random(6), random.Random(6)
    want = ExpertBot(think=None, nodes=6000).bid_odds(view, bid, r_here)
    assert want is not None and want.deals == 6
    _wait_for_the_pool()

    def here(*args: object) -> None:
        raise AssertionError("played out in this process")

    monkeypatch.setattr(expert, "_bid_odds", here)  # the workers keep their own
    got = ExpertBot(think=None, nodes=6000, leave_cores=1).bid_odds(view, bid, r_pool)
    assert got == want and r_pool.getstate() == r_here.getstate()


OWNER_SCRIPT = """
import time

def main():
    from bots.search.pool import ready_pool
    pool = None
    for _ in range(1200):
        pool = ready_pool()
        if pool is not None:
            break
        time.sleep(0.05)
    for _ in range(4):
        pool.submit(time.sleep, 60)  # searches in flight
    time.sleep(0.3)
    print(" ".join(str(pid) for pid in pool._processes), flush=True)
    time.sleep(120)

if __name__ == "__main__":
    main()
"""


def _interrupt_handler() -> object:
    return signal.getsignal(signal.SIGINT)


def test_the_workers_leave_ctrl_c_to_the_process_that_owns_them() -> None:
    """Ctrl-C reaches the whole process group: the workers ignore it (the owner's
    `pinochle simulate` prints the hands played so far; each worker printed a
    KeyboardInterrupt traceback under them), while this process keeps its own handler."""
    search_pool.shutdown_pool()
    start_pool(leave_cores=1)
    _wait_for_the_pool()
    pool = search_pool.ready_pool()
    assert pool is not None
    assert pool.submit(_interrupt_handler).result() == signal.SIG_IGN
    assert signal.getsignal(signal.SIGINT) != signal.SIG_IGN


def test_the_workers_end_when_the_process_that_owns_them_is_killed(tmp_path: Path) -> None:
    """After ``kill -9`` of a game reviewing a hand, its workers (and
    the fork server) went on for two to three minutes; each worker watches its owner
    (`pool._watch_owner`) and ends within `OWNER_POLL` seconds of it."""
    assert search_pool.OWNER_POLL == 0.5
    script = tmp_path / "owner.py"
    script.write_text(OWNER_SCRIPT)
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        workers = [int(pid) for pid in proc.stdout.readline().split()]
        assert len(workers) == search_pool.cores()
        for pid in workers:
            os.kill(pid, 0)  # alive, searching
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 10
    alive = workers
    while alive and time.monotonic() < deadline:
        time.sleep(0.1)
        alive = [pid for pid in alive if _alive(pid)]
    assert alive == []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie until the fork server reaps it is gone too
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_a_stopped_worker_costs_the_budget_and_a_grace_then_the_search_runs_here() -> None:
    """A worker stopped (``kill -STOP``) held the expert with no timeout: the decision waited
    for as long as the worker stayed stopped.  Past the budget and `POOL_GRACE` the pool is
    given up (and a new one started next time) and the search runs in this process."""
    s = _choice(5)
    view, legal = observe(s, s.to_act), legal_actions(s)
    _wait_for_the_pool()
    pool = search_pool.ready_pool()
    assert pool is not None
    bot = ExpertBot(think=0.5, leave_cores=1)
    bot.analyse(view, legal, random.Random(1))  # the pool's workers are up
    stopped = list(pool._processes)  # type: ignore[attr-defined]
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    try:
        t0 = time.perf_counter()
        an = bot.analyse(view, legal, random.Random(1))
        took = time.perf_counter() - t0
    finally:
        for pid in stopped:
            os.kill(pid, signal.SIGCONT)
    assert an.deals >= 1 and an.workers == 0  # searched here
    assert took < 0.5 + search_pool.POOL_GRACE + 1.5  # the budget, the grace, the search here
    assert search_pool.ready_pool() is not pool


def test_stopping_the_pool_ends_its_workers_mid_search() -> None:
    """The app's quit stops the pool while a search runs on it (`stop_pool`): it raised
    AttributeError once the pool was shut down (the executor forgets its processes), so the
    process then waited for the search (8 s from y to the shell at --think 10)."""
    search_pool.shutdown_pool()
    start_pool(leave_cores=1)
    _wait_for_the_pool()
    pool = search_pool.ready_pool()
    assert pool is not None
    workers = list(pool._processes.values())  # type: ignore[attr-defined]
    running = pool.submit(time.sleep, 30)  # a search still running
    time.sleep(0.2)
    search_pool.stop_pool()
    for process in workers:
        process.join(5)
        assert not process.is_alive()
    assert running.done()


_QUIT_MID_SEARCH = """
import os, sys, time
from bots.search import pool
if __name__ == "__main__":
    pool.ready_pool()
    end = time.monotonic() + 30
    while pool.ready_pool() is None and time.monotonic() < end:
        time.sleep(0.05)
    running = pool.ready_pool().submit(time.sleep, 30)  # a search still running
    time.sleep(0.2)
    began = time.perf_counter()
    pool.stop_pool()
    print(f"{time.perf_counter() - began:.3f}")
    sys.stdout.flush()
    os._exit(0)  # as the app leaves (`app_main.leave_now`): no finalizer runs
"""


def test_stopping_the_pool_leaves_no_semaphore_for_the_resource_tracker(tmp_path: Path) -> None:
    """The app stops the pool and leaves with ``os._exit``: the pool's queues' semaphores
    are let go first, or multiprocessing's resource tracker printed "There appear to be 5
    leaked semaphore objects to clean up at shutdown" under the shell prompt; and the stop
    stays quick (the quit is at once)."""
    script = tmp_path / "quit_mid_search.py"
    script.write_text(_QUIT_MID_SEARCH)
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert "leaked" not in done.stderr, done.stderr
    assert float(done.stdout) < search_pool.STOP_WAIT + 0.5


def test_the_stock_search_on_the_pool_equals_the_in_process_one() -> None:
    """The stock game's search (`bots.search.stock`) split in two parts on the pool gives
    what the same parts give in process, and the app's one part (``leave_cores``, its rng
    state sent to the worker and back) what one part gives here."""
    v = load_variants()["two-hand"]
    std = bots.make_bot("standard")
    rng = random.Random(2)
    s = new_round(v, 0, rng)
    while not (s.phase is Phase.TRICKS and s.stock_open and len(legal_actions(s)) >= 3 and s.tricks):
        s = apply(s, std.act(observe(s, s.to_act), legal_actions(s), rng))
    view, legal = observe(s, s.to_act), legal_actions(s)
    here = ExpertBot(think=None, nodes=9000, workers=2, pool=False)
    pooled = ExpertBot(think=None, nodes=9000, workers=2)
    a, b = here.act(view, legal, random.Random(5)), pooled.act(view, legal, random.Random(5))
    assert a == b and here.last is not None and pooled.last is not None
    assert (pooled.last.means, pooled.last.deals, pooled.last.nodes) == (
        here.last.means,
        here.last.deals,
        here.last.nodes,
    )
    assert (pooled.last.workers, here.last.workers) == (2, 0)
    _wait_for_the_pool()
    one_here = ExpertBot(think=None, nodes=9000, pool=False)
    app = ExpertBot(think=None, nodes=9000, leave_cores=1)
    r1, r2 = random.Random(8), random.Random(8)
    assert one_here.act(view, legal, r1) == app.act(view, legal, r2)
    assert app.last is not None and one_here.last is not None and app.last.means == one_here.last.means
    assert (app.last.workers, one_here.last.workers) == (1, 0)
    assert r1.getstate() == r2.getstate()  # the rng left where the search in process leaves it
