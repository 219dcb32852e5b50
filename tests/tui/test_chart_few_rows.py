"""A past game's chart on a plot of few rows: at 80x24 an 8-hand
partnership game to 1500 (1570 to 1070) was charted on 6 rows with ticks 0, 2000 and 4000,
1000 points a row: the 1500 target line and the 1570 point above the 2000 label, and every
hand from 2 to 7 marked ``2`` (both sides here) though the sides were 980 and 500, 1350 and
900.  The axis chosen was the one that moved no score onto a labelled row, however coarse
its rows; and since on it no score was moved, the chart asked for no more rows.  Now the
finest rows that hold the scores come first: the ticks are round numbers just over the top
score and the target, and each side's point is on its own row."""

from __future__ import annotations

from pathlib import Path

import pytest
from stats_records import record_game
from test_chart_target_side import Picture
from tui_helpers import app_from_flags, open_stats

from pinochle_tui.chart import Chart, rows_needed, score_scale
from pinochle_tui.screens.stats import GameHistoryScreen
from pinochle_tui.stats import HandRecord, SideRecord, StatsStore

# Ann & North against West & East, after each hand: 1570 to 1070, to 1500
SCORES = [(150, 60), (330, 140), (560, 300), (980, 500), (1080, 660), (1220, 770), (1350, 900), (1570, 1070)]


def hands() -> list[HandRecord]:
    out, before = [], (0, 0)
    for k, (a, b) in enumerate(SCORES, 1):
        over = k == len(SCORES)
        sides = (
            SideRecord(0, 100, 100, a - before[0] - 100, 6, True, a - before[0], a),
            SideRecord(1, 40, 40, b - before[1] - 40, 6, None, b - before[1], b),
        )
        out.append(
            HandRecord(k, f"2025-01-01T00:{k:02d}:00Z", k % 4, "played", 0, 0, 250, "H", "made", sides, (a, b),
                       0 if over else None, over)
        )  # fmt: skip
        before = (a, b)
    return out


async def test_the_past_game_chart_at_80x24_has_round_ticks_over_the_scores(home: Path) -> None:
    store = StatsStore.open()
    record_game(store, "2025-01-01T00:00:00Z", "5", hands(), target=1500)
    store.close()
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot)
        await pilot.press("enter")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, GameHistoryScreen)
        chart = app.screen.query_one("#game-chart", Chart)
        pic = Picture.read(chart)
        assert chart.size.height - Chart.CHROME == 7
        assert pic.labels == {0: "0", 1: "300", 2: "600", 3: "900", 4: "1200", 5: "1500", 6: "1800"}
        assert pic.line == [5]  # the target on its own label, under the top tick
        assert pic.marks == {
            0: {0: "2"},  # both sides' 0: the one cell they share
            2: {1: "●", 0: "○"},  # 330 and 140
            4: {3: "●", 2: "○"},  # 980 and 500 (it was a "2" on the row of 1000)
            6: {4: "●", 3: "○"},  # 1220 and 770
            8: {5: "●", 4: "○"},  # 1570 on the line's row, 1070 under it
        }
        # hand 7 (not a labelled hand): 1350 under the line (the 1500 row is nearest), 900 under it
        drawn = chart.render().plain.splitlines()
        col = (drawn[-2].index("6") + drawn[-2].index("8")) // 2  # (the x ticks' line)
        assert [line[col] for line in drawn[2:9]] == [" ", "─", "●", "○", " ", " ", " "]
        assert "2" not in "".join(m for h, rows in pic.marks.items() if h for m in rows.values())


@pytest.mark.parametrize("rows", range(5, 16))
def test_the_scale_on_few_rows_is_the_finest_that_holds_the_scores(rows: int) -> None:
    values = [0.0, 0.0, *(float(x) for row in SCORES for x in row)]
    sc = score_scale(0, 1570, 1500, rows, 0, values)
    assert sc is not None
    step = sc.ticks[1] - sc.ticks[0]
    assert sc.ticks[0] == 0 and sc.top >= 1570
    assert sc.ticks[-1] - step < 1570  # no tick a whole step over the top score and the target
    assert sc.unit < 2 * 1570 / (rows - 1)  # the finest round rows that hold 0 to 1570
    assert sc.line is not None and sc.value(sc.line) == 1500  # the target on its own row
    # the sides 480 points apart are on rows of their own; 1350 and 900 too where a row is
    # under 450 points (on 5 and 6 rows of 500 1350 is on the 1000 row with 900, kept under
    # the target line: nearest it is the line's)
    assert sc.place(980) != sc.place(500)
    assert (sc.place(1350) != sc.place(900)) == (rows >= 7)


def test_rows_needed_asks_for_rows_where_no_moved_score_shares_a_cell() -> None:
    values = [0.0, 0.0, *(float(x) for row in SCORES for x in row)]
    hands = [(0.0, 0.0), *((float(a), float(b)) for a, b in SCORES)]
    # on 5 and 6 rows (500 a row) 1350, kept under the 1500 line, is moved onto the row of
    # the other side's 900: a "2" as if the sides were level; on 7 rows it is on a row of its own
    assert rows_needed(0, 1570, 1500, values, [1570, 1070], most=7, least=5, hands=hands) == 7
    assert rows_needed(0, 1570, 1500, values, [1570, 1070], most=7, least=5) == 5  # (without the hands)
