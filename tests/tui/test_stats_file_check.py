"""SQLite's check of the whole statistics file may be left for later (`StatsStore.open`
with ``check_file=False``: the statistics screen shows a big file's figures first): it then
still finds a damaged page, the first hand recorded runs it before writing, and the screen
runs it once the figures are shown; either way the file is set aside, kept byte for byte,
and said in one line, as an opening that checked it says it."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from stats_records import hand_1, hand_2, record_game
from tui_helpers import SIZE, app_from_flags, settle, text_of

from pinochle_tui.screens.stats import StatsScreen
from pinochle_tui.stats import StatsDamaged, StatsStore, db_path

WHY = "database disk image is malformed"


def a_file_spoilt_at_its_end(path: Path) -> bytes:
    """Sixty games, then the first page of the hand sides' rows spoilt (no figure reads them:
    each game's tally holds what they count): it opens and its figures are read, and only a
    check of the whole file finds it; its bytes."""
    store = StatsStore.open(path)
    for k in range(60):
        record_game(store, "2025-01-01T00:00:00Z", str(k), [hand_1(), hand_2()])
    store.close()
    conn = sqlite3.connect(path)
    ((page,),) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'hand_sides'").fetchall()
    conn.close()
    raw = bytearray(path.read_bytes())
    raw[(page - 1) * 4096 : page * 4096] = b"\xa5" * 4096
    path.write_bytes(bytes(raw))
    return bytes(raw)


def test_the_check_left_for_later_finds_the_damage_and_the_next_hand_sets_it_aside(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    before = a_file_spoilt_at_its_end(path)
    store = StatsStore.open(path, check_file=False)
    assert not store.file_checked
    assert store.file_problem() == WHY
    with pytest.raises(StatsDamaged) as info:
        record_game(store, "2025-01-02T00:00:00Z", "x", [hand_1()])
    assert str(info.value) == (
        f"{path}: the statistics database is damaged ({WHY}); it was set aside as stats.sqlite3.bad"
    )
    assert (tmp_path / "stats.sqlite3.bad").read_bytes() == before
    assert not path.exists()


def test_a_sound_file_checked_later_is_written_as_before(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    store = StatsStore.open(path)
    record_game(store, "2025-01-01T00:00:00Z", "1", [hand_1()])
    store.close()
    store = StatsStore.open(path, check_file=False)
    record_game(store, "2025-01-02T00:00:00Z", "2", [hand_1(), hand_2()])
    assert store.file_checked
    assert store.figures()["games"] == {"recorded": 2, "finished": 1, "unfinished": 1}
    store.close()


async def test_the_screen_checks_a_big_file_once_its_figures_are_shown(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = db_path()
    path.parent.mkdir(parents=True)
    before = a_file_spoilt_at_its_end(path)
    monkeypatch.setattr(StatsScreen, "READ_AT_ONCE_BYTES", 0)  # read as a big file is
    opened: list[Any] = []
    real = StatsStore.open.__func__  # type: ignore[attr-defined]

    def open_(cls: type[StatsStore], *a: Any, **kw: Any) -> StatsStore:
        opened.append(kw.get("check_file", True))
        return real(cls, *a, **kw)  # type: ignore[no-any-return]

    monkeypatch.setattr(StatsStore, "open", classmethod(open_))
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert opened == [False]  # (the figures were read without the check)
        assert text_of(screen.query_one("#stats-notice")) == (
            f"{path}: the statistics database is damaged ({WHY}); it was set aside as stats.sqlite3.bad"
        )
        assert text_of(screen.query_one("#stats-figures")) == "No statistics to show."
        assert screen.games == []
    assert path.with_name("stats.sqlite3.bad").read_bytes() == before
