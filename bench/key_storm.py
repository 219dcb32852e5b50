"""Figure for key storms: keys per exception over a long storm of keys and resizes
across every screen (goal: no exception).  Prints it; asserts nothing.

    .venv/bin/python bench/key_storm.py [--keys 100000] [--seed 1] [--chunk 10000]

The storm is `tests/tui/storm_driver.py` (the one the suite's `test_key_storm` runs for
1,000 keys): keys in seeded bursts straight to the driver with no frame between them,
some bursts followed by a player's move, a resize (below 80×24 too), a wait for the bots
or a frame, over every game of its `SESSIONS` (the new-game screen, each round flow, the
kitty, hot-seat with two and three humans, a resumed game), a new app whenever a key
ends one (a quit) and after ``--session-keys`` keys.

The keys run in chunks of ``--chunk``, each in a process of its own (chunk i seeded
``seed * 1000 + i``, with its own temporary PINOCHLE_HOME), so that a hang ends one chunk,
not the run.  Counted as an exception: whatever Textual's pilot re-raises from the app, a
bot or helper worker that ended in error, and a hang (no key sent for ``--stall``
seconds: the chunk's process reports where it was and stops).  Each is printed with the
keys that led to it.  Timing decides how bot moves and keys interleave, so two runs of
one seed meet the same screens in about the same order, not the same frames.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def where(app: Any) -> str:
    """What a hung app was doing: its screens, its open update batches, its workers and
    every asyncio task's stack (read from the watchdog's thread: good enough to diagnose)."""
    import asyncio
    import io

    if app is None:
        return "no app"
    out = io.StringIO()
    try:
        out.write(f"screens {app.screen_stack!r}, batch {getattr(app, '_batch_count', '?')}, ")
        out.write(f"workers {[w for w in app.workers if not w.is_finished]!r}\n")
        loop = app._loop  # type: ignore[attr-defined]
        for task in list(asyncio.all_tasks(loop)):
            out.write(f"-- {task.get_name()}: {task.get_coro()!r}\n")
            task.print_stack(limit=8, file=out)
    except Exception as exc:  # a diagnosis must not hide the hang
        out.write(f"(could not read the app: {exc!r})")
    import threading
    import traceback

    main = threading.main_thread().ident
    frame = sys._current_frames().get(main or 0)
    if frame is not None:  # a loop blocked by code that never awaits shows here
        out.write("-- the main thread now:\n" + "".join(traceback.format_stack(frame, limit=12)))
    return out.getvalue()


def child(a: argparse.Namespace) -> int:
    """One chunk: the storm, then one JSON line on stdout (or a hang line, and exit 3)."""
    import asyncio

    home = tempfile.mkdtemp(prefix="pinochle-storm-")
    os.environ["PINOCHLE_HOME"] = home
    os.environ.pop("NO_COLOR", None)
    sys.path.insert(0, str(ROOT / "tests" / "tui"))
    from storm_driver import StormResult, run_storm

    res = StormResult()

    def watch() -> None:
        last, since = -1, time.monotonic()
        while True:
            time.sleep(1.0)
            if res.keys != last:
                last, since = res.keys, time.monotonic()
            elif time.monotonic() - since > a.stall:
                line = {
                    "hang": f"no key sent for {a.stall:g} s in {res.session!r}",
                    "keys": res.keys,
                    "recent": list(res.recent),
                    "where": where(res.app),
                }
                print(json.dumps(line), flush=True)
                shutil.rmtree(home, ignore_errors=True)
                os._exit(3)

    threading.Thread(target=watch, daemon=True).start()
    try:
        asyncio.run(run_storm(a.keys, a.seed, session_keys=a.session_keys, progress=a.progress, result=res))
    finally:
        shutil.rmtree(home, ignore_errors=True)
    print(
        json.dumps(
            {
                "keys": res.keys,
                "resizes": res.resizes,
                "sessions": res.sessions,
                "failures": [str(f) for f in res.failures],
                "stuck": res.stuck,
                "screens": dict(res.screens),
                "phases": dict(res.phases),
                "seconds": res.seconds,
            }
        ),
        flush=True,
    )
    return 0


def run_chunk(a: argparse.Namespace, keys: int, seed: int) -> dict[str, Any]:
    cmd = [
        sys.executable,
        __file__,
        "--child",
        "--keys",
        str(keys),
        "--seed",
        str(seed),
        "--session-keys",
        str(a.session_keys),
        "--progress",
        str(a.progress),
        "--stall",
        str(a.stall),
    ]
    p = subprocess.run(cmd, capture_output=True, text=True)
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        tail = (p.stderr or p.stdout).strip().splitlines()[-3:]
        return {"keys": 0, "failures": [f"the chunk's process ended with code {p.returncode}: {' | '.join(tail)}"]}
    out: dict[str, Any] = json.loads(lines[-1])
    if "hang" in out:
        out["failures"] = [f"after {out['keys']} keys: {out['hang']}; the last keys: {' '.join(out['recent'])}"]
        print(out.get("where", ""), file=sys.stderr, flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--keys", type=int, default=100_000, help="keys to send, 1 to 10000000 (default 100000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the keys and resizes (default 1)")
    ap.add_argument("--chunk", type=int, default=10_000, help="keys per process, 100 to 1000000 (default 10000)")
    ap.add_argument("--session-keys", type=int, default=400, help="keys to one app at most, 1 to 100000 (default 400)")
    ap.add_argument(
        "--progress", type=float, default=0.4, help="chance of a player's move after a burst, 0 to 1 (default 0.4)"
    )
    ap.add_argument(
        "--stall", type=float, default=120.0, help="seconds with no key sent that make a hang (default 120)"
    )
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    for name, value, lo, hi in (
        ("--keys", a.keys, 1, 10_000_000),
        ("--chunk", a.chunk, 1 if a.child else 100, 1_000_000),
        ("--session-keys", a.session_keys, 1, 100_000),
        ("--progress", a.progress, 0, 1),
        ("--stall", a.stall, 10, 3600),
    ):
        if not lo <= value <= hi:
            ap.error(f"{name}: {value:g} is not allowed; give {lo:g} to {hi:,}")
    if a.child:
        return child(a)

    start = time.perf_counter()
    total = resizes = sessions = stuck = 0
    failures: list[str] = []
    screens: Counter[str] = Counter()
    phases: Counter[str] = Counter()
    i = 0
    while total < a.keys:
        n = min(a.chunk, a.keys - total)
        out = run_chunk(a, n, a.seed * 1000 + i)
        i += 1
        total += max(out.get("keys", 0), 1)
        resizes += out.get("resizes", 0)
        sessions += out.get("sessions", 0)
        stuck += out.get("stuck", 0)
        screens.update(out.get("screens", {}))
        phases.update(out.get("phases", {}))
        for f in out.get("failures", []):
            failures.append(f)
            print(f"  exception: {f}", flush=True)
        print(f"  {total:,} keys, {len(failures)} exceptions, {time.perf_counter() - start:,.0f} s", flush=True)

    seconds = time.perf_counter() - start
    n = len(failures) - stuck
    per = "no exception" if not n else f"{total / n:,.0f} keys per exception"
    print(
        f"key storm, seed {a.seed}: {total:,} keys, {resizes:,} resizes, {sessions:,} apps, "
        f"{n} exception{'s' if n != 1 else ''}: {per}; {stuck} stuck table{'s' if stuck != 1 else ''}; "
        f"{seconds:,.0f} s ({total / max(seconds, 1e-9):,.0f} keys/s)"
    )
    print("seen, per screen: " + ", ".join(f"{k} {v:,}" for k, v in screens.most_common()))
    print("seen, per table phase: " + ", ".join(f"{k} {v:,}" for k, v in phases.most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
