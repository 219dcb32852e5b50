"""Figures for the app's speed: cold start of `pinochle` to the interactive table, and key press
to redrawn frame.  Prints them; asserts nothing.

    .venv/bin/python bench/tui_bench.py [--runs 5] [--keys 200] [--cold-start-only | --no-cold-start]

Cold start: `pinochle --variant partnership --seats human,random,random,random --seed 1
--bot-delay 0` runs in a pseudo-terminal (100x36); the clock runs from spawn until the
table (its score panel, "Scores ·") has been written to the terminal, and until the
human's prompt ("Your bid", after three bot bids) has.  The baseline is a bare Textual
app that draws one line (`BARE_APP`), in the same pty size and environment, its run
alternating with pinochle's; each figure is the median of N runs, and the ratio is
pinochle's median over the bare app's median of the same run.  With the bytecode cache
filled (as after installing the wheel) and without it (within 1.5 x).
Measured at 96d26fd (--runs 21 --cold-start-only, load average 0.8 to 0.9, two runs):
bytecode cached, the bare app 0.183 s and 0.190 s, pinochle waiting for the bid 0.259 s and
0.266 s: 1.41 x and 1.40 x (CPU 1.47 x and 1.44 x).
Measured at 63b0c8e (--runs 21 --cold-start-only, load average 1.5 to 2 from other
sessions, two runs): bytecode cached, the bare app 0.228 s and 0.225 s, pinochle waiting
for the bid 0.324 s and 0.326 s: 1.42 x and 1.45 x (CPU 1.43 x both); at 9195362
(the first frame still waiting for the screen's tick) 1.48 x and 1.51 x.  Without bytecode (every module of
this checkout compiled at each start, as the editable install under
PYTHONDONTWRITEBYTECODE runs) 1.72 x: an installed wheel has its bytecode.
`bench/startup_callgrind.py` counts instructions instead (noise-free): 1,304 M against the
bare app's 879 M, 1.48 x.

Key latency: the app runs under Textual's Pilot (headless, 100x36).  A key event is
posted straight to the driver (as a terminal would) and the clock stops when the
compositor hands the last frame of the resulting update to the display (`App._display`,
with the frame's escape sequences rendered).  Moving along the hand in the trick phase
and raising/lowering the bid in the auction; p50 / p95 / max over N presses.

While an expert thinks (``--expert-keys N``, goal: at most 50 ms): the human
South and three experts at 1 s a card, from the first trick; while a bot's worker runs,
``?`` opens the rules and Escape closes them, the clock stopping at the first frame; the
same keys at the human's turn, nobody thinking, are the baseline; the search in the
app's own process (a worker thread, sharing the GIL), on the worker pool with every core
at the app's priority, and as the app runs it (cores - 1, below the app's priority), in
the same run, alternating ``--expert-rounds`` times (`expert_key_latency`; figures
at bots.expert.WORKER_NICE).  Measured at a493cb2 (nice -n 10, --expert-keys 60, load
average 9.3 to 9.5 on the 2 cores from other sessions): while an expert thinks, thread
p50 128.5 / p95 466.1 / max 577.1 ms (44 presses), pool p50 145.9 / p95 599.3 / max
1634.9 ms (37); the baseline at the human's turn, nobody thinking, p50 128.0 / 98.7 ms,
p95 717.7 / 682.7 ms: on a box this loaded the keys wait for the CPU whoever thinks, so
the 50 ms goal could not be judged here (the thread and the pool alike are within
the noise of the baseline).

One Enter that plays a card, the bots paced (``--enter-calls N``, `enter_calls`): the calls
into our code from the key to its frame, counted by a profiler hook, and the ms to that
frame.  The baseline runs the same script from a worktree of the code before with
``PYTHONPATH`` (``git worktree add /tmp/base 39f5bb6``; ``cd /tmp/base && PYTHONPATH=/tmp/base
python /path/to/bench/tui_bench.py --enter-calls 20``), alternating with this code, two
rounds (load average 9.5 to 10.5 from other sessions).  Medians, baseline -> now: calls
2489 and 2518 -> 536 and 541 (0.22 x), ``observe`` 23 -> 1, ``check_action`` 92 -> 52,
``Seat.human`` reads 444 -> 0; Enter to its frame p50 79.2 and 84.7 -> 76.4 and 60.8 ms,
p95 195.2 and 122.5 -> 169.9 and 118.4 ms.  In the same run (``--no-cold-start --keys
100``): raise/lower the bid p50 3.5 and 3.7 -> 3.2 and 3.3 ms, p95 12.1 and 12.4 -> 11.4
and 8.9 ms; along the hand p50 4.4 and 5.3 -> 4.0 and 3.9 ms, p95 20.1 and 14.1 -> 21.7
and 12.2 ms.

Full garbage collection: in the same running app (table drawn, auction waiting), the time
of one full collection (`gc.collect()`, median of 5) before and after `settle_heap`, which
`pinochle` calls after the app's first frame; such a collection lands at a random moment of play.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import pty
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PINOCHLE = Path(sys.executable).parent / "pinochle"


GAME_ARGV = ["--variant", "partnership", "--seats", "human,random,random,random", "--seed", "1", "--bot-delay", "0"]
TABLE = b"Scores \xc2\xb7"  # the table's score panel: the table is drawn
PROMPT = b"Your bid"  # the human's prompt, after three bot bids: the table waits for a key

BARE_APP = """
from textual.app import App
from textual.widgets import Static


class Bare(App):
    def compose(self):
        yield Static("bare textual app ready")


Bare().run()
"""
"""The baseline: a bare Textual app that draws one line, started the same way."""
BARE_LINE = b"bare textual app ready"


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _spawn(argv: list[str], env: dict[str, str], marks: tuple[bytes, ...]) -> tuple[list[float], float]:
    """Seconds from spawn until each of ``marks`` has been written to a 100x36 pty (all of
    the earlier ones too), and the CPU seconds the process had used by the last of them
    (less disturbed than the wall clock by other work on the machine); the process is
    killed then."""
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 100, 0, 0))
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    buf = b""
    seen: list[float] = []
    cpu = 0.0
    deadline = t0 + 30
    while len(seen) < len(marks) and time.perf_counter() < deadline:
        r, _, _ = select.select([master], [], [], 0.05)
        if r:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            buf += chunk
            while len(seen) < len(marks) and all(m in buf for m in marks[: len(seen) + 1]):
                seen.append(time.perf_counter() - t0)
                if len(seen) == len(marks):
                    cpu = _cpu_seconds(proc.pid)
    proc.kill()
    proc.wait()
    os.close(master)
    if len(seen) < len(marks):
        raise SystemExit(f"cold start: {argv[0]} never drew {marks[len(seen)]!r}")
    return seen, cpu


def _env(home: str, pycache: str | None) -> dict[str, str]:
    env = dict(os.environ, PINOCHLE_HOME=home, TERM="xterm-256color", COLUMNS="100", LINES="36")
    if pycache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def cold_start(runs: int, pycache: str | None) -> tuple[list[tuple[float, float]], list[tuple[float, float, float]]]:
    """Alternating runs of the bare app and of `pinochle`: the bare app's seconds to its
    line (and CPU seconds), and `pinochle`'s to the drawn table and to the table waiting
    for the human's bid (and CPU seconds by then).
    ``pycache``: a bytecode cache dir (as an installed wheel has); None runs with bytecode
    writing off, as this checkout's environment does (every module compiled at each start)."""
    bare: list[tuple[float, float]] = []
    game: list[tuple[float, float, float]] = []
    for _ in range(runs):
        home = tempfile.mkdtemp(prefix="pinochle-bench-")
        env = _env(home, pycache)
        (line,), cpu = _spawn([sys.executable, "-c", BARE_APP], env, (BARE_LINE,))
        bare.append((line, cpu))
        (drawn, waiting), cpu = _spawn([str(PINOCHLE), *GAME_ARGV], env, (TABLE, PROMPT))
        game.append((drawn, waiting, cpu))
        shutil.rmtree(home, ignore_errors=True)
    return bare, game


def _frame_clock(app: Any) -> list[float]:
    """The times (perf_counter) at which ``app`` hands a frame to the display, its escape
    sequences rendered (`App._display` wrapped): the list fills as the app draws."""
    from textual._compositor import CompositorUpdate

    frames: list[float] = []
    original = app._display

    def display(screen, renderable):  # type: ignore[no-untyped-def]
        if renderable is not None:
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(app.console)
            frames.append(time.perf_counter())
        return original(screen, renderable)

    app._display = display
    return frames


async def _press_until_quiet(driver: Any, frames: list[float], key: str, into: list[float]) -> None:
    """Send ``key`` to the app's driver, as a terminal would, and wait for the burst of frames
    it causes to end (50 ms of quiet, 2 s at most); the ms from the key to the burst's last
    frame go to ``into`` (nothing if no frame came)."""
    from textual import events

    frames.clear()
    t0 = time.perf_counter()
    driver.send_message(events.Key(key, None))
    while True:
        await asyncio.sleep(0.005)
        last = frames[-1] if frames else None
        if last is not None and time.perf_counter() - last > 0.05:
            break
        if time.perf_counter() - t0 > 2:
            break
    if frames:
        into.append((frames[-1] - t0) * 1000)


async def key_latency(n: int) -> dict[str, list[float]]:
    sys.path.insert(0, str(ROOT / "tests" / "tui"))
    os.environ["PINOCHLE_HOME"] = tempfile.mkdtemp(prefix="pinochle-bench-")
    from tui_helpers import TableScreen, drive_until, make_app, settle

    from rules import Phase

    results: dict[str, list[float]] = {}
    app = make_app("partnership", "human,random,random,random", seed=1)
    frames = _frame_clock(app)

    async def measure(keys: list[str], label: str) -> None:
        driver = app._driver
        assert driver is not None  # the app is running
        lat = []
        for i in range(n):
            key = keys[i % len(keys)]
            await _press_until_quiet(driver, frames, key, lat)
        results[label] = lat

    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        from pinochle_tui.cli import settle_heap

        results["full garbage collection, before settle_heap"] = [_full_collection_ms() for _ in range(5)]
        settle_heap()  # as `pinochle` does before the app runs
        results["full garbage collection, after settle_heap"] = [_full_collection_ms() for _ in range(5)]
        t = app.screen
        assert isinstance(t, TableScreen) and t.ctrl.round.phase is Phase.AUCTION and t.my_turn()
        await measure(["up", "down"], "auction: raise/lower bid")
        await drive_until(
            pilot,
            lambda a: (
                isinstance(a.screen, TableScreen) and a.screen.my_turn() and a.screen.ctrl.round.phase is Phase.TRICKS
            ),
        )
        await measure(["right", "left"], "tricks: move along the hand")
    return results


async def _press(app: Any, frames: list[float], key: str, into: list[float]) -> None:
    """Press ``key`` (as a terminal would) and add the time to the first frame to ``into``,
    unless a card was played meanwhile (that frame is the card's)."""
    from textual import events

    before = len(app.ctrl.actions)
    frames.clear()
    t0 = time.perf_counter()
    app._driver.send_message(events.Key(key, "?" if key == "question_mark" else None))
    while not frames and time.perf_counter() - t0 < 2:
        await asyncio.sleep(0.002)
    if frames and len(app.ctrl.actions) == before:
        into.append((frames[0] - t0) * 1000)
    await asyncio.sleep(0.03)  # the frame's burst ends


async def expert_key_latency(n: int, think: float = 1.0, rounds: int = 1) -> dict[str, list[float]]:
    """Key press to redrawn frame while an expert seat thinks (at most 50 ms):
    partnership, the human South and three experts at ``think`` s a card, from the first
    trick (the auction played by standard bots, then the seats made experts).  While a
    bot's worker runs, ``?`` opens the rules and Escape closes them, the clock stopping at
    the first frame after the key (a press during which a card was played is left out);
    the human plays its first legal card when its turn comes.  The same hands in each
    arrangement, ``rounds`` times in turn: the search in the bot's worker thread of the
    app's process (one part, the GIL shared with the app), on the worker-process pool in
    one part per core at the app's priority (the way before), and as the app runs it
    (`bots.expert.ExpertBot` ``leave_cores``: cores - 1 parts, the workers below the app)."""
    sys.path.insert(0, str(ROOT / "tests" / "tui"))
    os.environ["PINOCHLE_HOME"] = tempfile.mkdtemp(prefix="pinochle-bench-")
    from textual import events
    from tui_helpers import TableScreen, app_for, preplay

    from bots.expert import WORKER_NICE, ExpertBot
    from bots.search.pool import cores, ready_pool, shutdown_pool
    from pinochle_tui.controller import Seat
    from rules import Phase

    results: dict[str, list[float]] = {}
    # the old way (every core, the workers at the app's priority) and the app's (cores - 1, below it)
    arrangements = (
        ("thread", 1, 0),
        ("pool, every core", cores(), 0),
        ("pool, cores - 1 (the app's)", None, WORKER_NICE),
    )
    for label, workers, nice in arrangements * rounds:  # alternating, ``rounds`` times
        shutdown_pool()
        while ready_pool(None, nice) is None:  # the pool up before the clock starts
            await asyncio.sleep(0.05)
        ctrl = preplay(
            "partnership",
            "human,standard,standard,standard",
            1,
            lambda c: c.round.phase is Phase.TRICKS and c.round.to_act == 0 and not c.needs_meld_ack,
        )
        ctrl.seats = [ctrl.seats[0], *(Seat("bot", s.name, "expert") for s in ctrl.seats[1:])]
        ctrl._bots = {s: ExpertBot(think=think, workers=workers) for s in (1, 2, 3)}
        app = app_for(ctrl)
        frames = _frame_clock(app)  # (each frame's escape sequences rendered, as in the other cases)
        lat: list[float] = []
        idle: list[float] = []  # the same keys at the human's turn, nobody thinking: the baseline
        async with app.run_test(size=(100, 36)) as pilot:
            await pilot.pause()
            deadline = time.perf_counter() + 30 + n * 0.5
            driver = app._driver
            assert driver is not None

            while len(lat) < n and time.perf_counter() < deadline:
                t = app.screen
                thinking = any(w.group == "bot" and not w.is_finished for w in app.workers)
                if ctrl.round.phase is Phase.DONE:
                    break
                if thinking:
                    await _press(app, frames, "question_mark" if isinstance(t, TableScreen) else "escape", lat)
                elif not isinstance(t, TableScreen):  # the rules left open as the bot's card came
                    driver.send_message(events.Key("escape", None))
                    await asyncio.sleep(0.05)
                elif t.my_turn():
                    if len(idle) < len(lat):
                        await _press(app, frames, "question_mark", idle)
                        await _press(app, frames, "escape", idle)
                        continue
                    driver.send_message(events.Key("enter", None))  # the cursor's card
                    await asyncio.sleep(0.05)
                else:
                    await asyncio.sleep(0.005)
        results.setdefault(label, []).extend(lat)
        results.setdefault(f"{label}, the human's turn (nobody thinking)", []).extend(idle)
    return results


async def eight_seat_key_latency(n: int, size: tuple[int, int] = (80, 24)) -> dict[str, list[float]]:
    """Key press to redrawn frame at the 8-seat table (at most 50 ms):
    eight-hand, the human South and seven random bots, at ``size`` (80x24: every seat box
    at its smallest); raising/lowering the bid in the auction, then moving along the hand
    when the human plays to a trick.  The 4-seat table (partnership, three random bots) at
    the same size in the same run, each case alternating with the other, as the baseline.
    The clock as in `key_latency`; `settle_heap` first, as `pinochle` does."""
    sys.path.insert(0, str(ROOT / "tests" / "tui"))
    os.environ["PINOCHLE_HOME"] = tempfile.mkdtemp(prefix="pinochle-bench-")
    from tui_helpers import TableScreen, app_for, preplay

    from pinochle_tui.cli import settle_heap
    from rules import Phase

    results: dict[str, list[float]] = {}
    phases = (
        ("auction: raise/lower bid", Phase.AUCTION, ["up", "down"]),
        ("tricks: move along the hand", Phase.TRICKS, ["right", "left"]),
    )
    for label, phase, keys in phases:
        for variant, players in (("eight-hand", 8), ("partnership", 4), ("eight-hand", 8), ("partnership", 4)):
            seats = "human," + ",".join(["random"] * (players - 1))
            ctrl = preplay(
                variant,
                seats,
                1,
                lambda c, phase=phase: c.round.phase is phase and c.round.to_act == 0 and len(c.legal()) > 1,
            )
            ctrl.meld_acked = True
            app = app_for(ctrl)
            frames = _frame_clock(app)
            lat = results.setdefault(f"{players} seats, {label}", [])
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                settle_heap()
                assert isinstance(app.screen, TableScreen) and app.screen.my_turn()
                driver = app._driver
                assert driver is not None
                for i in range(n // 2):
                    await _press_until_quiet(driver, frames, keys[i % 2], lat)
    return results


# the calls `enter_calls` counts by name: the public `rules.observe` (its dispatch, not the
# round flow's own function it calls), the table's `check_action`, the seats' `human`
WATCHED = {"observe": "rounds.py", "check_action": ".py", "human": "controller.py"}


async def enter_calls(n: int, delay: float = 0.3) -> dict[str, list[float]]:
    """What one Enter that plays a card costs in our code, the bots paced (``delay`` s a
    move, so no bot moves before the frame): partnership, the human South and three random
    bots, from the first trick; at each of the human's turns Enter plays the cursor's card
    and a profiler hook (`sys.setprofile`) counts, from the key until the first frame after
    it, the calls into the code of ``rules``, ``bots`` and ``pinochle_tui``: all of them,
    and those of `WATCHED`; and, on other presses without the hook, the ms from the key to that
    frame.  ``n`` presses each (over as many hands as it takes)."""
    sys.path.insert(0, str(ROOT / "tests" / "tui"))
    os.environ["PINOCHLE_HOME"] = tempfile.mkdtemp(prefix="pinochle-bench-")
    from textual import events
    from tui_helpers import VARIANTS, TableScreen, preplay

    import bots
    import pinochle_tui
    import rules
    from pinochle_tui.app import PinochleApp
    from pinochle_tui.save import new_save_path
    from rules import Phase

    ours = tuple(str(Path(m.__file__).parent) + os.sep for m in (rules, bots, pinochle_tui))
    counts: dict[str, list[float]] = {"calls": [], "observe": [], "check_action": [], "human": [], "ms": []}
    tally = {"calls": 0, "observe": 0, "check_action": 0, "human": 0}
    cache: dict[Any, bool] = {}

    def hook(frame: Any, event: str, arg: Any) -> None:
        if event != "call":
            return
        code = frame.f_code
        mine = cache.get(code)
        if mine is None:
            mine = cache[code] = code.co_filename.startswith(ours)
        if mine:
            tally["calls"] += 1
            name = code.co_name
            if name in WATCHED and code.co_filename.endswith(WATCHED[name]):
                tally[name] += 1

    ctrl = preplay(
        "partnership",
        "human,random,random,random",
        1,
        lambda c: c.round.phase is Phase.TRICKS and c.round.to_act == 0 and not c.needs_meld_ack,
    )
    ctrl.meld_acked = True
    app = PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=delay, trick_delay=delay)
    frames = _frame_clock(app)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        driver = app._driver
        assert driver is not None
        deadline = time.perf_counter() + 60 + n * 4 * delay * 8
        profiled = True
        while len(counts["ms"]) < n and time.perf_counter() < deadline:
            t = app.screen
            if not isinstance(t, TableScreen):  # the hand result: on to the next hand
                driver.send_message(events.Key("enter", None))
                await asyncio.sleep(0.1)
                continue
            if t.ctrl.needs_meld_ack:
                driver.send_message(events.Key("enter", None))
                await asyncio.sleep(0.1)
                continue
            if t.my_turn() and t.ctrl.round.phase is not Phase.TRICKS:  # the next hand's auction, ...
                driver.send_message(events.Key("a", None))  # play for me
                await asyncio.sleep(0.1)
                continue
            if not (t.my_turn() and t.ctrl.round.phase is Phase.TRICKS):
                await asyncio.sleep(0.01)
                continue
            await asyncio.sleep(0.05)  # the last frame's burst over
            before = len(t.ctrl.actions)
            frames.clear()
            for k in tally:
                tally[k] = 0
            t0 = time.perf_counter()
            if profiled:
                sys.setprofile(hook)
            driver.send_message(events.Key("enter", None))
            while not (frames and len(t.ctrl.actions) > before) and time.perf_counter() - t0 < 2:
                await asyncio.sleep(0)
            sys.setprofile(None)
            if len(t.ctrl.actions) == before + 1 and frames:
                if profiled:
                    for k, v in tally.items():
                        counts[k].append(v)
                else:
                    counts["ms"].append((frames[-1] - t0) * 1000)
                profiled = not profiled
            await asyncio.sleep(0.05)
    return counts


def _full_collection_ms() -> float:
    t0 = time.perf_counter()
    gc.collect()
    return (time.perf_counter() - t0) * 1000


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def latency_line(what: str, xs: list[float]) -> str:
    """One latency figure as the bench prints it: p50, p95 and max of ``xs`` (ms); says so
    when no press was measured (a round in which that case never came up)."""
    if not xs:
        return f"{what}: no presses measured"
    return f"{what}: p50 {pct(xs, 50):.1f} ms, p95 {pct(xs, 95):.1f} ms, max {max(xs):.1f} ms ({len(xs)} presses)"


def cold_start_figures(runs_n: int) -> None:
    cache = tempfile.mkdtemp(prefix="pinochle-pycache-")
    cold_start(1, cache)  # fill the bytecode cache, as installing the wheel does
    for label, pyc in (("bytecode cached (installed)", cache), ("no bytecode (PYTHONDONTWRITEBYTECODE=1)", None)):
        bare, runs = cold_start(runs_n, pyc)
        base = statistics.median(b[0] for b in bare)
        base_cpu = statistics.median(b[1] for b in bare)
        print(
            f"cold start of a bare Textual app to its one line, {label}: median {base:.3f} s, "
            f"CPU {base_cpu:.2f} s (min {min(b[0] for b in bare):.3f}, max {max(b[0] for b in bare):.3f}; "
            f"{runs_n} runs, 100x36 pty, alternating with pinochle)"
        )
        for k, what in ((0, "table drawn"), (1, "table waiting for the human's first bid (3 bot bids made)")):
            cs = [r[k] for r in runs]
            med = statistics.median(cs)
            print(
                f"cold start to {what}, {label}: median {med:.3f} s = {med / base:.2f} x the bare app "
                f"(min {min(cs):.3f}, max {max(cs):.3f}; {runs_n} runs)"
            )
        cpu = statistics.median(r[2] for r in runs)
        print(f"  CPU by the waiting table, {label}: median {cpu:.2f} s = {cpu / base_cpu:.2f} x the bare app's")
    shutil.rmtree(cache, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--keys", type=int, default=200)
    ap.add_argument("--no-cold-start", action="store_true", help="only the in-app figures")
    ap.add_argument("--cold-start-only", action="store_true", help="only the cold start figures")
    ap.add_argument("--expert-keys", type=int, default=0, metavar="N", help="only: N presses while an expert thinks")
    ap.add_argument("--expert-rounds", type=int, default=1, metavar="R", help="with --expert-keys: R rounds")
    ap.add_argument("--enter-calls", type=int, default=0, metavar="N", help="only: N Enters that play a card")
    ap.add_argument("--eight-seats", type=int, default=0, metavar="N", help="only: N presses at the 8-seat table")
    a = ap.parse_args()
    if a.expert_rounds < 1:
        ap.error(f"--expert-rounds must be 1 or more, got {a.expert_rounds}")
    if a.enter_calls:
        got = asyncio.run(enter_calls(a.enter_calls))
        for what in ("calls", "observe", "check_action", "human"):
            xs = got[what]
            print(
                f"one Enter that plays a card, bots paced: {what} median {statistics.median(xs):.0f}"
                f" (min {min(xs):.0f}, max {max(xs):.0f}; {len(xs)} presses)"
            )
        print(latency_line("one Enter that plays a card, key to its frame", got["ms"]))
        return
    if a.eight_seats:
        for label, xs in asyncio.run(eight_seat_key_latency(a.eight_seats)).items():
            print(latency_line(f"key press to redrawn frame at 80x24, {label}", xs))
        return
    if a.expert_keys:
        for label, xs in asyncio.run(expert_key_latency(a.expert_keys, rounds=a.expert_rounds)).items():
            print(latency_line(f"key press to frame while an expert thinks (1 s), {label}", xs))
        return
    if not a.no_cold_start:
        cold_start_figures(a.runs)
    if a.cold_start_only:
        return
    lat = asyncio.run(key_latency(a.keys))
    for label, xs in lat.items():
        if label.startswith("full garbage"):
            print(f"{label}: median {statistics.median(xs):.1f} ms (5 collections, the app running at 100x36)")
            continue
        print(latency_line(f"key press to redrawn frame, {label}", xs))


if __name__ == "__main__":
    main()
