"""The statistics screen's past games name the sides in every view within 80 columns:
the unfiltered list showed bare ``1360, 1530``, and after
``v`` ``You & North 1360, Wes`` was cut off."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from stats_records import hand_1, hand_2, record_game
from test_stats_hot_seat import hot_seat_game
from textual.widgets import DataTable
from tui_helpers import app_from_flags, open_stats

from pinochle_tui.screens.stats import StatsScreen, name_rooms, side_labels
from pinochle_tui.stats import GameSummary, StatsStore, local_time

ROWS = [  # the names by one rule in the result and the scores, each side's score in line
    ["partnership", local_time("2025-01-02T00:00:00Z")[:10], "won by Ann&North", "Ann&North 540, Bob&East  -180"],
    ["partnership", local_time("2025-01-01T00:00:00Z")[:10], "won", "Ann&North 540, West&East -180"],
]


def two_games() -> None:
    store = StatsStore.open()
    record_game(store, "2025-01-01T00:00:00Z", "1", [hand_1(), hand_2()])  # Ann & North against West & East
    hot_seat_game(store, "2", "2025-01-02T00:00:00Z")  # Ann & North against Bob & East
    store.close()


def rows_of(table: DataTable[Any]) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_the_past_games_name_the_sides_unfiltered_and_by_variant(home: Path) -> None:
    two_games()
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        table = screen.query_one("#stats-games", DataTable)
        for view in ("all", "partnership"):
            assert rows_of(table) == ROWS, view
            widths = [c.get_render_width(table) for c in table.columns.values()]
            assert sum(widths) <= table.size.width == 80, view  # no cell cut, nothing to scroll to
            assert table.max_scroll_x == 0, view
            await pilot.press("v")
            await pilot.pause()
        # narrower: every name cut to the same cells, ending in "…", still there
        _cols, rows = screen.fit_rows(60)
        assert [(r[2], r[3]) for r in rows] == [
            ("won by A…&N…", "A…&N… 540, B…&E… -180"),
            ("won", "A…&N… 540, W…&E… -180"),
        ]
        # short words before cut names: "partn" and the names whole (not every
        # name cut to a letter beside "partnership" at 80 columns)
        _cols, rows = screen.fit_rows(74)
        assert [(r[0], r[2], r[3]) for r in rows] == [
            ("partn", "won by Ann&North", "Ann&North 540, Bob&East  -180"),
            ("partn", "won", "Ann&North 540, West&East -180"),
        ]
        # a view of fewer games: the columns fit its cells, not the last view's (a kept
        # column kept its width, and the row ran past the edge: "You & North 1360, Wes")
        screen.games = screen.games[1:]
        screen.lay_out()
        await pilot.pause()
        assert rows_of(table) == [
            ["partnership", local_time("2025-01-01T00:00:00Z"), "won", "Ann & North 540, West & East -180"]
        ]
        assert [c.get_render_width(table) for c in table.columns.values()] == [13, 18, 8, 35]  # "won", not 20


def test_side_labels_cut_each_seat_name() -> None:
    seats = [
        {"name": "You", "side": 0, "kind": "human", "level": ""},
        {"name": "West", "side": 1, "kind": "bot", "level": "standard"},
        {"name": "North", "side": 0, "kind": "bot", "level": "standard"},
        {"name": "East", "side": 1, "kind": "bot", "level": "standard"},
    ]
    g = GameSummary(1, "t", None, "partnership", "{}", 1, seats, 0, "11", 0, 1500, [1360, 1530], 1, "finished", 7)
    assert side_labels(g) == ["You & North", "West & East"]
    assert side_labels(g, None, "&") == ["You&North", "West&East"]
    assert side_labels(g, 3, "&") == ["You&No…", "We…&Ea…"]
    assert name_rooms([g]) == [None, 4, 3, 2]
    assert side_labels(g, 2, "&") == ["Y…&N…", "W…&E…"]
