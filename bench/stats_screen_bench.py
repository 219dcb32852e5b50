"""Figure for the statistics screen's open time at many games: how long after ``s`` on the
new-game screen the statistics screen is up (mounted and laid out), how long until its
first page of past games is listed, how long until its figures (and the list, checked
with every row) are shown, and the longest the app's event loop stood still meanwhile
(the longest gap between the ticks of a 10 ms timer: a frozen screen); then how long
until the checks of the whole file it runs in a thread once the figures are shown are
done (SQLite's quick check and the games' tallies against their rows, in full: the note
of the last check is removed before each opening), the longest stall meanwhile, and how
long a key pressed meanwhile (↓ in the past games, every 0.1 s) takes to move the cursor
(the median).  Medians over ``--runs`` openings at each size.  Prints them; asserts
nothing.

    nice -n 15 .venv/bin/python bench/stats_screen_bench.py [--games 10000,100000] [--runs 5]

The statistics database of each size is built once (one recorded partnership game of two
hands copied by SQL, each copy a minute older, then each game's tally worked out as
recording its hands would: `StatsStore.keep_tallies`) in a temporary PINOCHLE_HOME, kept
beside this script's temporary directory for the run only.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def build(home: Path, games: int) -> None:
    """A statistics database of ``games`` games under ``home`` (PINOCHLE_HOME)."""
    os.environ["PINOCHLE_HOME"] = str(home)
    from pinochle_tui.stats import GameRecord, HandRecord, SeatRecord, SideRecord, StatsStore
    from rules import load_variants

    v = load_variants()["partnership"]
    seats = (
        SeatRecord(0, "human", "", "Ann", 0),
        SeatRecord(1, "bot", "easy", "West", 1),
        SeatRecord(2, "bot", "standard", "North", 0),
        SeatRecord(3, "bot", "standard", "East", 1),
    )
    game = GameRecord("g.json", "2025-01-01T00:00:00Z", "partnership", json.dumps(v.model_dump(mode="json")), 1,
                      seats, 0, "1", 2, 1500)  # fmt: skip
    hands = (
        HandRecord(1, "2025-01-01T00:10:00Z", 2, "played", 0, 0, 250, "H", "made",
                   (SideRecord(0, 120, 120, 170, 7, True, 290, 290), SideRecord(1, 40, 40, 80, 5, None, 120, 120)),
                   (290, 120), None, False),
        HandRecord(2, "2025-01-01T00:20:00Z", 3, "conceded", 1, 1, 300, "S", "thrown_in",
                   (SideRecord(0, 250, 250, 0, 0, None, 250, 540), SideRecord(1, 60, 0, 0, 0, False, -300, -180)),
                   (540, -180), 0, True),
    )  # fmt: skip
    store = StatsStore.open(create=True)
    gid = None
    for h in hands:
        gid = store.record_hand(game, gid, h)
    path = store.path
    store.close()
    conn = sqlite3.connect(path)
    cols = {
        t: [r[1] for r in conn.execute(f"PRAGMA table_info({t})")] for t in ("games", "seats", "hands", "hand_sides")
    }
    n = 1
    while n < games:
        m = n
        g = [c for c in cols["games"] if c != "id"]
        conn.execute(f"INSERT INTO games (id, {', '.join(g)}) SELECT id + {m}, {', '.join(g)} FROM games")
        for t in ("seats", "hands", "hand_sides"):
            rest = [c for c in cols[t] if c != "game_id"]
            conn.execute(
                f"INSERT INTO {t} (game_id, {', '.join(rest)}) SELECT game_id + {m}, {', '.join(rest)} FROM {t}"
            )
        n *= 2
    for t in ("seats", "hands", "hand_sides"):
        conn.execute(f"DELETE FROM {t} WHERE game_id > ?", (games,))
    conn.execute("DELETE FROM games WHERE id > ?", (games,))
    conn.execute("UPDATE games SET started_at = strftime('%Y-%m-%dT%H:%M:%SZ', '2020-01-01', '+' || id || ' minutes')")
    conn.commit()
    conn.close()
    store = StatsStore.open(create=False)
    store.keep_tallies()  # each game's tally, as recording its hands works it out
    store.close()


def laid_out(screen: Any) -> bool:
    """The screen's figures have their place on the terminal (it has been laid out)."""
    found = screen.query("#stats-figures")
    return bool(found) and found.first().region.height > 0


async def open_once() -> tuple[float, ...]:
    """(seconds to the screen's first frame, to its first page of games listed, to its
    figures shown, the longest loop stall until then; then to the end of the checks of
    the whole file it runs in a thread once the figures are shown, the longest stall and
    a key's answer, ↓ moving the past games' cursor, meanwhile)."""
    from textual import events

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.screens.stats import StatsScreen
    from rules import load_variants

    app = PinochleApp(load_variants(), bot_delay=0, trick_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        ticks: list[float] = []
        app.set_interval(0.01, lambda: ticks.append(time.perf_counter()))
        await pilot.pause(0.05)
        t0 = time.perf_counter()
        app.post_message(events.Key("s", "s"))  # as a terminal sends it, then watched, not waited on
        while not (isinstance(app.screen, StatsScreen) and laid_out(app.screen)):
            await asyncio.sleep(0.002)
        screen = app.screen
        t_frame = time.perf_counter() - t0

        def shown() -> bool:
            text = str(screen.query_one("#stats-figures").render())
            return bool(text) and not text.startswith("Reading")

        def listed() -> bool:
            return bool(getattr(screen, "games", None)) and screen.query_one("#stats-games").row_count > 0

        t_list = None
        while not shown():
            if t_list is None and listed():
                t_list = time.perf_counter() - t0
            await asyncio.sleep(0.01)
            if time.perf_counter() - t0 > 120:
                raise SystemExit("the statistics were not shown within 120 s")
        t_shown = time.perf_counter() - t0
        t_list = t_shown if t_list is None else t_list
        await pilot.pause(0.05)
        during = [t for t in ticks if t >= t0 and t <= t0 + t_shown + 0.05]
        stall = max((b - a for a, b in itertools.pairwise(during)), default=0.0)
        # the checks of the whole file (SQLite's quick check, the tallies against the rows)
        # run in a thread meanwhile: a key answered then, and the loop's longest stall
        table = screen.query_one("#stats-games")
        keys: list[float] = []

        def checking() -> bool:
            return any(w.group == "stats-check" and not w.is_finished for w in app.workers)

        t_check = time.perf_counter()
        while checking() or not keys:
            row = table.cursor_row
            t_key = time.perf_counter()
            app.post_message(events.Key("down", None))
            while table.cursor_row == row and time.perf_counter() - t_key < 5:
                await asyncio.sleep(0.001)
            keys.append(time.perf_counter() - t_key)
            await asyncio.sleep(0.1)
            if time.perf_counter() - t0 > 300:
                raise SystemExit("the checks did not end within 300 s")
        t_checked = time.perf_counter() - t0
        during = [t for t in ticks if t >= t_check]
        check_stall = max((b - a for a, b in itertools.pairwise(during)), default=0.0)
    return t_frame, t_list, t_shown, stall, t_checked, check_stall, statistics.median(keys)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="10000,100000", help="database sizes, comma-separated")
    ap.add_argument("--runs", type=int, default=5, help="openings at each size (default 5)")
    a = ap.parse_args(argv)
    sizes = [int(x) for x in a.games.split(",")]
    with tempfile.TemporaryDirectory(prefix="stats-bench-") as tmp:
        for games in sizes:
            home = Path(tmp) / str(games)
            build(home, games)
            os.environ["PINOCHLE_HOME"] = str(home)
            got: list[Any] = []
            for _ in range(a.runs):
                # the full check runs each time (as after games were played): its note is removed
                noted = home / "data" / "stats.sqlite3.checked"
                noted.unlink(missing_ok=True)
                got.append(asyncio.run(open_once()))
            frame, listed, shown, stall, checked, check_stall, key = (
                statistics.median(x[i] for x in got) for i in range(7)
            )
            print(
                f"{games:>7} games: screen up {frame * 1000:6.0f} ms, first page listed {listed * 1000:6.0f} ms,"
                f" figures shown {shown * 1000:6.0f} ms, longest stall {stall * 1000:6.0f} ms; file checked"
                f" {checked * 1000:6.0f} ms, meanwhile longest stall {check_stall * 1000:4.0f} ms and a key answered"
                f" in {key * 1000:4.0f} ms (medians of {a.runs})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
