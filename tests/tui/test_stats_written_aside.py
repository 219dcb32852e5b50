"""The statistics of a finished hand are written in a thread of their own: a database that
another game holds (a write waits up to `stats.BUSY_SECONDS` for it) held the table for that
long at every hand's end.  The hand is still written, in its own transaction, once the file
is free; nothing is lost."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from tui_helpers import SIZE, app_for, preplay, settle

import pinochle_tui.stats as stats_mod
from pinochle_tui.stats import StatsStore, db_path
from rules import Phase


def _last_card(c: object) -> bool:
    r = c.round  # type: ignore[attr-defined]
    return (
        r.phase is Phase.TRICKS
        and len(r.tricks) == c.variant.tricks_per_hand - 1  # type: ignore[attr-defined]
        and c.is_human(r.to_act)  # type: ignore[attr-defined]
    )


async def test_a_locked_database_does_not_hold_the_table_and_the_hand_is_written_after(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stats_mod, "BUSY_SECONDS", 20.0)  # far past any pause of a loaded machine
    StatsStore.open().close()
    other = sqlite3.connect(db_path(), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another game's write, holding the file
    app = app_for(preplay("partnership", "human,random,random,random", 3, _last_card))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            t0 = time.perf_counter()
            await pilot.press("a")  # the last card: the hand is over, its statistics written
            for _ in range(5):
                await pilot.pause()
            took = time.perf_counter() - t0
            assert app.ctrl is not None and app.ctrl.round.phase is Phase.DONE
            assert took < 10.0  # the table went on (on the UI thread: the 20 s the write waits)
            other.execute("COMMIT")
            await settle(pilot)
            for _ in range(100):
                if not [w for w in app.workers if w.group == "stats" and not w.is_finished]:
                    break
                await pilot.pause(0.05)
    finally:
        other.close()
    conn = sqlite3.connect(db_path())
    try:
        assert conn.execute("SELECT count(*) FROM hands").fetchone() == (1,)
    finally:
        conn.close()
