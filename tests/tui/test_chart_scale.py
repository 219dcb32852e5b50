"""The game-over chart at 80x24 (a 1400 score sat on the 1500 line
and the winner's last dot was hidden): the y axis is the finest that fits the plot, its
ticks even round numbers on rows the same distance apart, the target on a row; the chart
takes the rows it needs (up to what the screen has) so that no final score other than the
target is drawn on the target line and each side's last point is seen."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from tui_helpers import make_app, settle

from pinochle_tui.chart import TICK_STEPS, Chart, rows_needed, score_scale
from pinochle_tui.screens.dialogs import GameOverScreen

# South & North end on 1560 (they win), West & East on 1400: 100 under the target line
HISTORY = [(0, 0), (300, 250), (700, 520), (1050, 800), (1400, 1000), (1560, 1400)]


def round_step(step: float) -> bool:
    mag = 10 ** int(f"{step:e}".split("e")[1])
    return any(abs(step - m * mag) < 1e-9 * mag for m in TICK_STEPS)


@pytest.mark.parametrize(
    ("lo", "hi", "target", "rows"),
    [(0, 1560, 1500, 9), (0, 1560, 1500, 11), (0, 1560, 1500, 31), (-300, 1020, 1000, 12), (0, 105, 100, 9),
     (0, 64, 100, 7), (-250, 540, 500, 40), (0, 5200, 5000, 60)],
)  # fmt: skip
def test_the_scale_has_round_ticks_on_rows_and_the_target_on_a_row(lo: int, hi: int, target: int, rows: int) -> None:
    sc = score_scale(lo, hi, target, rows)
    assert sc is not None and sc.rows == rows
    assert 3 <= len(sc.ticks) <= 8
    steps = {round(b - a, 6) for a, b in itertools.pairwise(sc.ticks)}
    assert len(steps) == 1 and round_step(steps.pop())  # evenly spaced, 1, 2, 2.5, 3 or 5 times 10^k
    assert all(t == int(t) for t in sc.ticks)  # even round numbers: no 1233.3
    positions = [(t - sc.lo) / sc.unit for t in sc.ticks]
    assert all(abs(p - round(p)) < 1e-6 for p in positions)  # each tick on a row
    assert abs((target - sc.lo) / sc.unit - round((target - sc.lo) / sc.unit)) < 1e-6  # so is the target
    assert sc.lo <= min(lo, 0) and sc.top >= max(hi, target)


def test_the_play_test_scores_get_rows_of_their_own() -> None:
    sc = score_scale(0, 1560, 1500, 9)  # the 9 rows the game-over chart had at 80x24
    assert sc is not None and sc.row(1400) == sc.row(1500)  # on the line: too few rows for 100 points
    values = [float(x) for row in HISTORY for x in row]
    sc = score_scale(0, 1560, 1500, 9, values=values)
    assert sc is not None and (sc.line, sc.place(1400)) == (6, 5)  # drawn under the line, a row from its own
    rows = rows_needed(0, 1560, 1500, values, [1560, 1400], most=20, least=9)  # from the 9 rows it has
    assert rows == 11  # each score on its nearest row, 1400's under the line's
    sc = score_scale(0, 1560, 1500, rows)
    assert sc is not None
    assert (sc.ticks, sc.row(1400), sc.row(1500), sc.row(1560)) == ((0, 500, 1000, 1500), 8, 9, 9)


def final_column(chart: Chart) -> tuple[list[str], int]:
    """The chart's lines as drawn and the row (counted from the first plot line) of the
    target's tick label; the last hand's column is the one inside the right frame."""
    lines = chart.render().plain.splitlines()
    return lines, next(i for i, line in enumerate(lines) if line.lstrip().startswith("1500"))


async def test_at_80x24_no_final_score_sits_on_the_target_line_and_both_are_seen(home: Any) -> None:
    app = make_app(target=1500)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ctrl = app.ctrl
        assert ctrl is not None
        ctrl.score_history = list(HISTORY)
        screen = GameOverScreen(ctrl)
        await app.push_screen(screen)
        await pilot.pause()
        chart = screen.query_one("#over-chart", Chart)
        assert chart.size.height - Chart.CHROME == 11  # the rows the scores need (it had 9)
        m = chart.plt.monitor  # type: ignore[attr-defined]
        assert m.y[2:4] == [[s for s, _ in HISTORY], [s for _, s in HISTORY]]
        lines, line_1500 = final_column(chart)
        assert m.ylim[0][1] >= 1560
        assert sorted(m.yticks[0]) == [0, 500, 1000, 1500]
        frame = [(i, line.rstrip()) for i, line in enumerate(lines) if line.rstrip()[-1:] in ("│", "┤")]
        last = [(i, line[-2]) for i, line in frame if line[-2] in "●○"]
        assert [ch for _, ch in last] == ["●", "○"]  # both last points drawn, South & North's above
        (row_1560, _), (row_1400, _) = last
        assert row_1560 == line_1500  # 1560 is nearest the 1500 row
        assert row_1400 == line_1500 + 1  # 1400 a row under the target line, not on it
        assert screen.query_one("#over-winner").region.y >= 0 and chart.region.bottom <= 24 - 1
