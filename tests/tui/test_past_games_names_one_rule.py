"""The past games' names by one rule: in hot-seat the list of past
games cut each name to as few letters as told it from its game's others, without a mark,
while the result named the winners whole: ``won by Annabel & Christopher`` beside
``A&C 540, B&D -180``, ``A&Bot 3 540, Bob&Bot 4 -180`` and ``Ann&Bo 540, Anne&Bob -180`` in
one list, the scores nowhere in line.  Now every name of the list is whole or cut to the
same cells ending in ``…`` (no shorter than keeps each game's names apart), in the result
as in the scores, each side's name and score in line from row to row; a past game's own
screen names its sides by the same rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from stats_records import hand_1, hand_2
from textual.widgets import DataTable
from tui_helpers import VARIANTS, app_from_flags, open_stats

from pinochle_tui.screens.stats import Chart, GameHistoryScreen, StatsScreen
from pinochle_tui.stats import GameRecord, SeatRecord, StatsStore, local_time

GAMES = [  # oldest first: sides 0 and 2 against 1 and 3, humans but for the bots
    ["Ann", "Bob", "Bot 3", "Bot 4"],
    ["Annabel", "Bartholomew", "Christopher", "Dorothea"],
    ["Ann", "Annette", "Bo", "Bob"],
]


def hot_seat(store: StatsStore, names: list[str], started: str, seed: str) -> None:
    """A finished partnership game of these seats (hand 1 then hand 2: side 0 wins 540 to -180)."""
    seats = tuple(
        SeatRecord(i, "bot", "standard", n, i % 2) if n.startswith("Bot") else SeatRecord(i, "human", "", n, i % 2)
        for i, n in enumerate(names)
    )
    variant_json = json.dumps(VARIANTS["partnership"].model_dump(mode="json"), sort_keys=True)
    game = GameRecord(None, started, "partnership", variant_json, 1, seats, None, seed, 2, 500)
    gid = store.record_hand(game, None, hand_1())
    store.record_hand(game, gid, hand_2())


def rows_of(table: DataTable[Any]) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def day(k: int) -> str:
    return local_time(f"2025-01-0{k}T00:00:00Z")[:10]


async def test_every_name_in_the_past_games_by_one_rule_at_80x24(home: Path) -> None:
    store = StatsStore.open()
    for k, names in enumerate(GAMES):
        hot_seat(store, names, f"2025-01-0{k + 1}T00:00:00Z", str(k))
    store.close()
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        table = screen.query_one("#stats-games", DataTable)
        rows = rows_of(table)
        # (the variant in short words: with "partnership" the rows took all 80 columns, none
        # left for a scrollbar)
        assert rows == [
            ["partn", day(3), "won by Ann&Bo", "Ann&Bo      540, Anne…&Bob   -180"],
            ["partn", day(2), "won by Anna…&Chri…", "Anna…&Chri… 540, Bart…&Doro… -180"],
            ["partn", day(1), "won by Ann&Bot 3", "Ann&Bot 3   540, Bob&Bot 4   -180"],
        ]
        # one rule: every name whole or cut to the same 5 cells, ending in "…"
        shown = {n for r in rows for n in [*r[2].removeprefix("won by ").split("&"), *names_in(r[3])]}
        assert {n for n in shown if n.endswith("…")} == {"Anne…", "Anna…", "Chri…", "Bart…", "Doro…"}
        assert all(cell_len(n) <= 5 for n in shown)
        # in line: each side's name and score in the same columns in every row
        assert len({r[3].index(", ") for r in rows}) == 1
        assert len({cell_len(r[3]) for r in rows}) == 1
        assert sum(c.get_render_width(table) for c in table.columns.values()) <= 80 and table.max_scroll_x == 0

        # a past game's screen: its hands' columns and its chart name the sides by the same rule
        await pilot.press("down", "enter")  # Annabel's game
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameHistoryScreen)
        hands = game.query_one("#game-hands", DataTable)
        assert [str(c.label) for c in hands.columns.values()][-2:] == ["Anna…&Chri…", "Bart…&Doro…"]  # 12 cells
        legend = game.query_one("#game-chart", Chart).render().plain.splitlines()[0]
        assert "●·· Annabel&Christopher" in legend and "○~~ Bartholomew&Dorothea" in legend  # 20 cells


def names_in(scores: str) -> list[str]:
    """The names in a scores' cell: each side's names joined by ``&``, then its score."""
    return [name for entry in scores.split(", ") for name in entry.rsplit(" ", 1)[0].rstrip().split("&")]
