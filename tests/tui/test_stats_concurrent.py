"""Several games writing to one statistics database at once (six
bot games begun together on one PINOCHLE_HOME, one finished game missing): a game that
opens the file while another migrates it neither fails nor sets it aside, and a hand
that cannot be written (the file locked) is kept and written with the next, never
dropped, each failure said."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any, ClassVar

import pytest
from stats_records import hand_1, hand_2, record_game

import pinochle_tui.stats as stats_mod
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.stats import SCHEMA_VERSION, GameLog, StatsStore
from rules import load_variants

VARIANTS = load_variants()


def rows(path: Path, sql: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(path)
    try:
        return [tuple(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def test_a_game_that_migrates_the_file_first_does_not_fail_the_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both found the file new; the other game migrated it and recorded its hand in between
    this one's look and its own migration: this one skips the steps already applied."""
    path = tmp_path / "stats.sqlite3"
    migrate = StatsStore._migrate
    others: list[int] = []

    def the_other_game_first(self: StatsStore, *args: Any) -> None:
        if not others:
            others.append(0)
            other = StatsStore.open(path)
            others[0] = record_game(other, "2025-01-01T00:00:00Z", "other", [hand_1()])
            other.close()
        migrate(self, *args)

    monkeypatch.setattr(StatsStore, "_migrate", the_other_game_first)
    store = StatsStore.open(path)
    mine = record_game(store, "2025-01-02T00:00:00Z", "mine", [hand_1(), hand_2()])
    assert (others, mine) == ([1], 2)
    assert rows(path, "SELECT id, seed, status FROM games ORDER BY id") == [
        (1, "other", "playing"),
        (2, "mine", "finished"),
    ]
    assert rows(path, "SELECT version FROM migrations ORDER BY version") == [(1,), (2,), (3,), (4,)]
    assert rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite3"]


class _Spy(sqlite3.Connection):
    """The first game's connection: as it reads the tables of a file it found new, another
    game opens the same file and migrates it (given up to 0.5 s to do so)."""

    fired = False
    other: ClassVar[list[str]] = []

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
        if sql.startswith("SELECT name FROM sqlite_master") and not _Spy.fired:
            _Spy.fired = True
            path = self.execute("PRAGMA database_list").fetchone()[2]

            def other_game() -> None:
                try:
                    other = StatsStore.open(Path(path))
                    record_game(other, "2025-01-01T00:00:00Z", "other", [hand_1()])
                    other.close()
                    _Spy.other.append("recorded")
                except Exception as exc:
                    _Spy.other.append(str(exc))

            thread = threading.Thread(target=other_game)
            thread.start()
            thread.join(0.5)  # done at once when nothing holds it off
            self.thread = thread
        return super().execute(sql, *args)


def test_a_file_read_while_another_game_migrates_it_is_not_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The version read before the other game's migration and the tables after it looked
    like a stranger's database: the file (with the other game in it) was set aside."""
    path = tmp_path / "stats.sqlite3"
    connect = sqlite3.connect
    made: list[_Spy] = []

    def spying(*args: Any, **kw: Any) -> sqlite3.Connection:
        if made:
            return connect(*args, **kw)
        conn = connect(*args, factory=_Spy, **kw)
        made.append(conn)  # type: ignore[arg-type]
        return conn

    monkeypatch.setattr(_Spy, "fired", False)
    monkeypatch.setattr(_Spy, "other", [])
    monkeypatch.setattr(stats_mod.sqlite3, "connect", spying)
    store = StatsStore.open(path)
    record_game(store, "2025-01-02T00:00:00Z", "mine", [hand_1()])
    made[0].thread.join(15)
    assert _Spy.other == ["recorded"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite3"]
    assert rows(path, "SELECT seed FROM games ORDER BY seed") == [("mine",), ("other",)]
    assert rows(path, "SELECT version FROM migrations ORDER BY version") == [(1,), (2,), (3,), (4,)]


def test_a_hand_the_locked_file_refused_is_written_with_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another game holds the file past the wait at hand 1 and again at hand 2: each time
    one notice naming the hands kept; hand 3 writes all three, in order."""
    monkeypatch.setattr(stats_mod, "BUSY_SECONDS", 0.05)
    path = tmp_path / "stats.sqlite3"
    store = StatsStore.open(path)
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["random"] * 4), seed=3)
    log = GameLog(lambda: store, c, "game-3.json", "2025-01-01T00:00:00Z")
    notices = []
    for k in range(1, 4):
        while c.round.result is None:
            c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
        blocker = sqlite3.connect(path, isolation_level=None)
        if k < 3:
            blocker.execute("BEGIN EXCLUSIVE")  # another game writing, for longer than the wait
        notices.append(log.hand_done())
        assert log.hand_done() == notices[-1]  # asked again: still kept, still said
        blocker.close()
        assert not c.game.over
        c.next_hand()
    tail = "tried again after the next hand and when the game is left."
    assert notices == [
        f"Statistics: hand 1 could not be recorded yet ({path}: database is locked); kept, it is {tail}",
        f"Statistics: hands 1, 2 could not be recorded yet ({path}: database is locked); kept, it is {tail}",
        None,
    ]
    assert rows(path, "SELECT game_id, hand_no FROM hands ORDER BY hand_no") == [(1, 1), (1, 2), (1, 3)]
    assert rows(path, "SELECT COUNT(*) FROM hand_sides") == [(6,)]
    assert rows(path, "SELECT COUNT(*) FROM games") == [(1,)]


def test_a_hand_kept_at_the_end_is_written_when_the_game_is_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stats_mod, "BUSY_SECONDS", 0.05)
    path = tmp_path / "stats.sqlite3"
    store = StatsStore.open(path)
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["random"] * 4), seed=3)
    log = GameLog(lambda: store, c, "game-3.json", "2025-01-01T00:00:00Z")
    while c.round.result is None:
        c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    assert log.hand_done() is not None
    blocker.close()
    log.left()
    assert rows(path, "SELECT hand_no FROM hands") == [(1,)]
    assert rows(path, "SELECT status FROM games") == [("abandoned",)]
