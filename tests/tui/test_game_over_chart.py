"""The game-over chart: plotted with textual-plotext, not drawn by hand, so
the y labels are even and every score sits on its own row ("uneven y-axis labels; a 1360
dot drawn on the 1500 line"); ``s`` at game over opens the statistics and Esc comes back.

The facts checked are plotext's own: the series plotted, the target line, the y range and
ticks it was given; and from them the row each value lands on."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest
from textual.widgets import DataTable
from tui_helpers import SIZE, app_from_flags, make_app, settle

from pinochle_tui.chart import Chart
from pinochle_tui.render import Style
from pinochle_tui.screens.dialogs import GameOverScreen, HandResultScreen
from pinochle_tui.screens.stats import StatsScreen

HISTORY = [(0, 0), (500, 600), (1000, 1100), (1360, 1520)]


def monitor(chart: Chart) -> Any:
    """plotext's record of what was plotted (its monitor: series, limits, ticks)."""
    return chart.plt.monitor  # type: ignore[attr-defined]


def rows_of(chart: Chart, values: list[float]) -> list[float]:
    """The plot row (0 at the bottom) plotext puts each value on, from the range it was
    given: the rows are spread evenly from the lower to the upper limit."""
    m = monitor(chart)
    lo, hi = m.ylim[0]
    rows = chart.size.height - Chart.CHROME
    return [(v - lo) * (rows - 1) / (hi - lo) for v in values]


async def over_screen(pilot: Any, history: Sequence[tuple[int, ...]]) -> GameOverScreen:
    app = pilot.app
    c = app.ctrl
    c.score_history = list(history)
    screen = GameOverScreen(c)
    await app.push_screen(screen)
    await pilot.pause()
    screen.query_one(Chart).render()  # drawn at its present size: the y range fitted
    return screen


@pytest.mark.parametrize("size", [(80, 24), (100, 36), (120, 41), (200, 60)])
async def test_the_game_over_chart_plots_each_score_on_its_own_row(size: tuple[int, int]) -> None:
    app = make_app(target=1500)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = await over_screen(pilot, HISTORY)
        chart = screen.query_one("#over-chart", Chart)
        m = monitor(chart)
        # a line per side, then a marked series per side (no line over a point): the scores
        # after each hand, from 0; then a 2 where both share a cell: the start, and at 80x24
        # (rows 250 apart) 500 and 600, 1000 and 1100, which had one side's marker hidden
        shared = [0, 1, 2] if size == (80, 24) else [0]
        assert m.y[:4] == [[0, 500, 1000, 1360], [0, 600, 1100, 1520]] * 2
        assert m.x == [[0, 1, 2, 3]] * 4 + [shared]
        assert chart.scale is not None
        assert [chart.scale.row(v) for v in m.y[4]] == [chart.scale.row(v) for v in (0, 500, 1000)[: len(shared)]]
        assert m.title == "Score after each hand: ●·· You & North   ○~~ West & East   2 = both"  # off the plot
        assert [ms[0] for ms in m.marker[2:]] == ["●", "○", "2"]
        assert m.hcoord[0] == [1500]  # the target line
        assert m.xlabel[0] == "hand (the line: target 1500)"
        pairs = sorted(zip(m.yticks[0], m.ylabels[0], strict=True))  # plotext keeps them as a set
        ticks = [t for t, _ in pairs]
        # even labels from 0, the target among them, and the range over the top score (chart.score_scale)
        assert ticks in ([0, 500, 1000, 1500], [0, 500, 1000, 1500, 2000], [0, 300, 600, 900, 1200, 1500])
        assert m.ylim[0][1] >= 1520
        assert [lab for _, lab in pairs] == [f"{t:g}" for t in ticks]
        tick_rows = rows_of(chart, ticks)
        assert all(abs(r - round(r)) < 1e-6 for r in tick_rows)  # every label on a row (plotext rounds to 1e-8)
        assert len({round(b - a, 6) for a, b in itertools.pairwise(tick_rows)}) == 1  # the same rows apart
        r1360, r1500, r1520 = (round(r) for r in rows_of(chart, [1360, 1500, 1520]))
        assert r1360 < r1500 <= r1520  # 1360 below the target line, never on it


async def test_three_sides_and_the_x1_scale() -> None:
    """Three-hand shows points in the x1 scale: the chart plots them as shown (target 100)."""
    app = make_app("three-hand", "human,random,random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = await over_screen(pilot, [(0, 0, 0), (310, 0, 200), (640, 1050, 420)])
        m = monitor(screen.query_one(Chart))
        assert m.y[3:6] == [[0, 31, 64], [0, 0, 105], [0, 20, 42]]
        assert m.hcoord[0] == [100]
        assert m.xlabel[0] == "hand (the line: target 100)"
        assert [ms[0] for ms in m.marker[3:6]] == ["●", "○", "◆"]


async def test_two_hand_names_the_target_line() -> None:
    """Two-hand's chart names its target: plotext's horizontal line,
    named under the x axis and on a y tick."""
    app = make_app("two-hand", "human,random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = await over_screen(pilot, [(0, 0), (400, 350), (795, 1015)])
        chart = screen.query_one(Chart)
        m = monitor(chart)
        assert m.hcoord[0] == [1000]
        assert m.xlabel[0] == "hand (the line: target 1000)"
        assert 1000 in m.yticks[0]
        assert rows_of(chart, [1000])[0] == int(rows_of(chart, [1000])[0])


async def test_the_game_over_chart_is_ascii_in_ascii_mode() -> None:
    app = make_app(target=1500, ascii=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = await over_screen(pilot, HISTORY)
            text = screen.query_one(Chart).render().plain
            assert "*" in text and "o" in text
            assert not set(text) & set("─│┌┐└┘├┤┬┴┼┄●○◆")
    finally:
        Style.ascii = False


def test_the_hand_drawn_chart_is_gone() -> None:
    import pinochle_tui.render as render
    import pinochle_tui.screens.dialogs as dialogs

    assert not hasattr(dialogs, "score_chart") and not hasattr(render, "score_chart")


async def test_s_at_game_over_opens_the_statistics_and_esc_comes_back() -> None:
    app = app_from_flags(seats="human,random,random,random", seed=2, target=200)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        c = app.ctrl
        assert c is not None
        for _ in range(400):
            if isinstance(app.screen, GameOverScreen):
                break
            # play for me; Enter on past the results (`a` stops at each)
            await pilot.press("enter" if isinstance(app.screen, HandResultScreen) else "a")
            await settle(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen) and c.game.over
        m = monitor(over.query_one(Chart))
        assert m.y[2:4] == [[row[s] for row in c.score_history] for s in range(2)]
        assert over.active_bindings["s"].binding.description == "statistics"  # in the footer
        await pilot.press("s")
        await pilot.pause()
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        row = [str(x) for x in stats.query_one("#stats-games", DataTable).get_row_at(0)]
        assert row[3] == ", ".join(f"{c.side_name(k)} {s}" for k, s in enumerate(c.game.scores))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is over
