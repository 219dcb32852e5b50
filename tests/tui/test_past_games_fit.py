"""The past games at 80 columns: in the all-variants view the rows ran
past the list's edge, the other side's score and the seats off-screen behind a tiny
scrollbar (`` 2026-12-03  partnership        lost                  You&North 1070, West&East``)
while every name was already cut to a letter.  Now the variants and results go in short
words, compass names by their letters, then the variant column and the day go, so that
every row fits and every side's score shows."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.widgets import DataTable
from tui_helpers import VARIANTS, app_from_flags, open_stats

from pinochle_tui.screens.stats import StatsScreen, short_variant
from pinochle_tui.stats import GameRecord, HandRecord, SeatRecord, SideRecord, StatsStore, local_time

COMPASS = {2: ("You", "North"), 3: ("You", "West", "East"), 4: ("You", "West", "North", "East"),
           5: ("You", "West", "Northwest", "Northeast", "East"),
           8: ("You", "Southwest", "West", "Northwest", "North", "Northeast", "East", "Southeast")}  # fmt: skip


def game(store: StatsStore, variant: str, day: int, scores: tuple[int, ...], over: bool) -> None:
    """A game of ``variant`` with one hand that ends on ``scores`` (side k: seats k, k+sides, ...)."""
    v = VARIANTS[variant]
    sides = len(scores)
    seats = tuple(
        SeatRecord(i, "human" if i == 0 else "bot", "" if i == 0 else "standard", name, i % sides)
        for i, name in enumerate(COMPASS[v.players])
    )
    started = f"2026-12-0{day}T10:00:00Z"
    record = GameRecord(None, started, variant, json.dumps(v.model_dump(mode="json"), sort_keys=True), v.scale,
                        seats, 0, "7", 0, 1500)  # fmt: skip
    side_rows = tuple(SideRecord(k, 0, 0, 0, 0, None, s, s) for k, s in enumerate(scores))
    winner = scores.index(max(scores)) if over else None
    store.record_hand(record, None, HandRecord(1, started, 0, "played", 0, 0, 250, "H", "made", side_rows, scores,
                                               winner, over))  # fmt: skip


def rows_of(table: DataTable[Any]) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def past_games(size: tuple[int, int], views: int = 1) -> list[tuple[list[str], list[list[str]]]]:
    """The past games' columns and rows in each of ``views`` views (``v`` between them),
    each checked to fit the list."""
    app = app_from_flags()
    out = []
    async with app.run_test(size=size) as pilot:
        await open_stats(pilot)
        for _ in range(views):
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            table = screen.query_one("#stats-games", DataTable)
            widths = sum(c.get_render_width(table) for c in table.columns.values())
            assert widths <= table.size.width and table.max_scroll_x == 0
            cols = [str(c.label) for c in table.columns.values()]
            out.append((cols, rows_of(table)))
            await pilot.press("v")
            await pilot.pause()
    return out


def scores_in(cell: str) -> list[int]:
    return [int(x) for x in re.findall(r"(-?\d+)(?:,|$)", cell)]


async def test_two_partnership_variants_and_three_hand_fit_80_columns(home: Path) -> None:
    store = StatsStore.open()
    game(store, "partnership", 1, (1070, 1510), True)
    game(store, "partnership-post1945", 2, (640, 480), False)
    game(store, "three-hand", 3, (1020, 770, 450), True)
    store.close()
    (cols, rows), *_ = await past_games((80, 24))
    day = [local_time(f"2026-12-0{k}T10:00:00Z")[5:10] for k in (3, 2, 1)]
    # the variant first: where the list is narrow the day goes before it does, and the
    # day loses its year before any name is cut
    assert cols == ["Variant", "Date", "Result", "Scores (final or so far)"]  # one is unfinished
    assert rows == [
        ["3-hand", day[0], "won", "You        102, West        77, East 45"],
        ["partn-post1945", day[1], "unfinished", "You&North  640, West&East  480"],
        ["partn", day[2], "lost", "You&North 1070, West&East 1510"],
    ]


async def test_every_view_fits_80_columns_with_every_side_score(home: Path) -> None:
    store = StatsStore.open()
    game(store, "partnership", 1, (1070, 1510), True)
    game(store, "partnership-post1945", 2, (640, 480), False)
    game(store, "three-hand", 3, (1020, 770, 450), True)
    game(store, "eight-hand", 4, (120, 90, 80, 70), False)
    game(store, "five-hand", 5, (520, 490, 480, 470, 460), True)
    store.close()
    views = await past_games((80, 24), views=6)  # every variant, then each of the five
    every = views[0][1]
    assert [scores_in(r[-1]) for r in every] == [[52, 49, 48, 47, 46], [120, 90, 80, 70], [102, 77, 45], [640, 480],
                                                 [1070, 1510]]  # fmt: skip
    assert views[0][0] == ["Variant", "Date", "Result", "Scores (final or so far)"]
    assert every[1] == ["8-hand", local_time("2026-12-04T10:00:00Z")[:10], "unfinished",
                        "Y…&N 120, SW&NE 90, W&E 80, NW&SE 70"]  # fmt: skip
    for _cols, rows in views[1:]:
        assert len(rows) == 1 and len(scores_in(rows[0][-1])) >= 2 and all(cell_len(c) < 80 for c in rows[0])


@pytest.mark.parametrize(
    ("name", "short"),
    [("partnership-post1945", "partn-post1945"), ("three-hand-check", "3-hand-check"), ("double-deck", "dbl-deck"),
     ("cutthroat", "cutthroat"), ("our house game", "our house game")],
)  # fmt: skip
def test_short_variant_words(name: str, short: str) -> None:
    assert short_variant(name) == short


async def test_where_a_column_must_go_the_day_goes_before_the_variant(home: Path) -> None:
    """Four unfinished games of four variants at 80 columns: without the variant every row
    read "unfinished Y…&N 1200, ..." alike, while the day stayed; the day goes first."""
    store = StatsStore.open()
    game(store, "eight-hand", 4, (1200, -900, 800, 7000), False)
    game(store, "three-hand-check", 3, (1020, 770, 450), False)
    game(store, "five-hand", 5, (520, 490, 480, 470, 460), False)
    game(store, "partnership-post1945", 2, (640, 480), False)
    store.close()
    (cols, rows), *_ = await past_games((80, 24))
    assert cols == ["Variant", "Result", "Scores (final or so far)"]
    assert [r[0] for r in rows] == ["5-hand", "8-hand", "3-hand-check", "partn-post1945"]
