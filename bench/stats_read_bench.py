"""Figure for reading the statistics at many games, part by part, as ``pinochle stats`` and
the statistics screen read them: opening the file (the version, the tables), knowing each
game's verdict (`StatsStore.check_rows`: from the games' tallies, checking the rows of any
game without one), the figures (`StatsStore.figures`), the rest the screen reads (the
running win rate, the newest page of games, their count) and SQLite's quick check of the
whole file (`StatsStore.file_problem`: ``pinochle stats`` and the screen run it once the
figures are shown), then the check of the games' tallies against their rows the screen
runs in a thread after it (`StatsStore.check_tallies`: in full, its note of the last check
removed first; then again, skipped since the file is as it found it).  Medians over ``--runs`` fresh openings at each
size, each part and the whole, in wall time and in this process's CPU time (SQLite reads
in the process: on a machine shared with other work the CPU time is the steadier figure).
Prints them; asserts nothing.

    nice -n 15 .venv/bin/python bench/stats_read_bench.py [--games 10000,100000] [--runs 5]

The database of each size is built as `stats_screen_bench.build` builds it (one recorded
partnership game copied by SQL, then each game's tally worked out), in a temporary
PINOCHLE_HOME.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

PARTS = ("open", "check", "figures", "rest", "file check", "tallies checked", "again")


def read_once(clock: Any) -> tuple[float, ...]:
    """Seconds by ``clock`` for each of `PARTS` on a fresh connection, then the whole."""
    from pinochle_tui.stats import StatsStore

    t = [clock()]
    store = StatsStore.open(create=False, check_file=False)
    t.append(clock())
    store.check_rows()
    t.append(clock())
    store.figures(None)
    t.append(clock())
    store.running_win_rate(None)
    store.games(None, 100)
    store.game_count(None)
    t.append(clock())
    assert store.file_problem() is None
    t.append(clock())
    store.path.with_name(store.path.name + ".checked").unlink(missing_ok=True)  # (in full, as after a game)
    assert store.check_tallies().said is None
    t.append(clock())
    assert store.check_tallies().said is None  # the file as it found it: only its bytes read
    t.append(clock())
    store.close()
    return (*(b - a for a, b in itertools.pairwise(t)), t[-1] - t[0])


def main(argv: list[str] | None = None) -> int:
    from stats_screen_bench import build

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="10000,100000", help="database sizes, comma-separated")
    ap.add_argument("--runs", type=int, default=5, help="readings at each size (default 5)")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="stats-read-") as tmp:
        for games in (int(x) for x in a.games.split(",")):
            home = Path(tmp) / str(games)
            build(home, games)
            os.environ["PINOCHLE_HOME"] = str(home)
            for what, clock in (("wall", time.perf_counter), ("CPU", time.process_time)):
                got = [read_once(clock) for _ in range(a.runs)]
                med = [statistics.median(x[i] for x in got) for i in range(len(PARTS) + 1)]
                parts = ", ".join(f"{name} {s * 1000:.0f} ms" for name, s in zip(PARTS, med, strict=False))
                whole = f"{med[-1] * 1000:.0f} ms in all"
                print(f"{games:>7} games, {what:>4} time: {whole} ({parts}; medians of {a.runs})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
