"""Figure for issue 11 §4 and §6: keys per exception over a long storm of keys and resizes
across every screen (goal: no exception).  Prints it; asserts nothing.

    .venv/bin/python bench/key_storm.py [--keys 100000] [--seed 1]

The storm is `tests/tui/storm_driver.py` (the one the suite's `test_key_storm` runs for
2,500 keys): keys in seeded bursts straight to the driver with no frame between them,
some bursts followed by a frame, the bots' replies, a player's move or a resize (below
80×24 too), over every game of its `SESSIONS` (the new-game screen, the two-hand forms,
the kitty, hot-seat with two and three humans, a resumed game), a new app whenever a key
ends one (a quit) and after ``--session-keys`` keys.  An exception is whatever Textual's
pilot re-raises from the app, or a bot or helper worker that ended in error; each is
printed with the keys that led to it.  Saves and settings go to a temporary
PINOCHLE_HOME, removed at the end.  Timing decides how bot moves and keys interleave, so
two runs of one seed meet the same screens in about the same order, not the same frames.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keys", type=int, default=100_000, help="keys to send (default 100000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the keys and resizes (default 1)")
    ap.add_argument("--session-keys", type=int, default=400, help="keys to one app at most (default 400)")
    ap.add_argument("--progress", type=float, default=0.4, help="chance of a player's move after a burst (default 0.4)")
    ap.add_argument("--every", type=int, default=10_000, help="print a progress line every N keys (default 10000)")
    a = ap.parse_args(argv)
    if not 1 <= a.keys <= 10_000_000:
        ap.error(f"--keys: {a.keys} is not allowed; give 1 to 10000000")
    if not 1 <= a.session_keys <= 1_000_000:
        ap.error(f"--session-keys: {a.session_keys} is not allowed; give 1 to 1000000")
    if not 0 <= a.progress <= 1:
        ap.error(f"--progress: {a.progress} is not allowed; give a chance from 0 to 1")

    home = tempfile.mkdtemp(prefix="pinochle-storm-")
    os.environ["PINOCHLE_HOME"] = home
    os.environ.pop("NO_COLOR", None)
    sys.path.insert(0, str(ROOT / "tests" / "tui"))
    from storm_driver import run_storm

    start = time.perf_counter()
    mark = [a.every]

    def log(line: str) -> None:
        if line.startswith("exception"):
            print(line, flush=True)

    def progress(keys: int) -> None:
        if keys >= mark[0]:
            print(f"  {keys:,} keys, {time.perf_counter() - start:,.0f} s", flush=True)
            while mark[0] <= keys:
                mark[0] += a.every

    try:
        res = asyncio.run(
            run_storm(
                a.keys,
                a.seed,
                session_keys=a.session_keys,
                progress=a.progress,
                log=log,
                on_keys=progress,
            )
        )
    finally:
        shutil.rmtree(home, ignore_errors=True)

    n = len(res.failures)
    per = "no exception" if not n else f"{res.keys / n:,.0f} keys per exception"
    print(
        f"key storm, seed {a.seed}: {res.keys:,} keys, {res.resizes:,} resizes, {res.sessions} apps, "
        f"{n} exception{'s' if n != 1 else ''}: {per}; {res.seconds:,.0f} s "
        f"({res.keys / max(res.seconds, 1e-9):,.0f} keys/s)"
    )
    print("bursts per screen: " + ", ".join(f"{k} {v:,}" for k, v in res.screens.most_common()))
    print("table bursts per phase: " + ", ".join(f"{k} {v:,}" for k, v in res.phases.most_common()))
    for f in res.failures:
        print(f"  {f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
