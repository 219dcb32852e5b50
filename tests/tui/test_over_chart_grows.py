"""The game-over chart grows with the terminal (at 200x60 it
used about 12 of the 60 rows): it takes the rows the rest of the screen leaves, the full
width, and stays as it was at 80x24 (16 rows there: the rows the scores need, see
test_chart_scale).  The winner, the scores, the ledger and the buttons stay in sight."""

from __future__ import annotations

from typing import Any

import pytest
from tui_helpers import make_app, open_stats, settle

from pinochle_tui.chart import Chart
from pinochle_tui.screens.dialogs import GameOverScreen

HISTORY = [(0, 0), (300, 250), (700, 520), (1050, 800), (1400, 1000), (1560, 1400)]


async def over(pilot: Any) -> GameOverScreen:
    app = pilot.app
    c = app.ctrl
    c.score_history = list(HISTORY)
    screen = GameOverScreen(c)
    await app.push_screen(screen)
    await pilot.pause()
    await pilot.pause()
    return screen


# (terminal, the chart's rows, its plot's columns): 80x24 as before; bigger, every row the
# rest leaves: the terminal less the footer (1), the padding (2), the winner and the scores
# (2), the chart's margins (2), the ledger (its head: no hand in the controller's history)
# and the buttons (2)
@pytest.mark.parametrize(
    ("size", "rows", "width"),
    [((80, 24), 16, 74), ((100, 36), 26, 96), ((200, 60), 50, 196)],  # 80x24: the screen scrolls (its bar: 2)
)
async def test_the_chart_takes_the_rows_the_rest_leaves(size: tuple[int, int], rows: int, width: int) -> None:
    app = make_app(target=1500)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = await over(pilot)
        chart = screen.query_one("#over-chart", Chart)
        assert chart.size.height == rows
        assert chart.size.width == width  # the full width inside the padding
        assert screen.query_one("#over-winner").region.y == 1
        if size != (80, 24):  # (where the screen scrolls, as it did)
            buttons = screen.query_one("#over-buttons")
            assert buttons.region.bottom == size[1] - 2  # all in sight: the chart took the rest, to the padding
        lines = chart.render().plain.splitlines()
        assert len(lines) == rows


async def test_the_chart_follows_a_resize() -> None:
    app = make_app(target=1500)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        screen = await over(pilot)
        chart = screen.query_one("#over-chart", Chart)
        assert chart.size.height == 26
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.pause()
        assert chart.size.height == 50
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert chart.size.height == 16


async def test_the_statistics_plot_grows_with_a_wide_terminal(home: Any) -> None:
    """Beside the figures (150 columns or more) the win-rate plot takes the rows the past
    games leave (it was as tall as the figures, 16 rows at 200x60 for one game; then half
    the terminal less 4, with empty rows under the past games: `StatsScreen.wide_rows`);
    the past games, one and its header, below it."""
    from test_stats_screen import one_game
    from textual.widgets import DataTable, Static
    from tui_helpers import app_from_flags

    from pinochle_tui.screens.stats import StatsScreen

    one_game()
    app = app_from_flags()
    async with app.run_test(size=(200, 60)) as pilot:
        await open_stats(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        chart = screen.query_one("#stats-chart", Chart)
        n = len(str(screen.query_one("#stats-figures", Static).content).splitlines())
        assert n + 1 < 28 and chart.region.height == 60 - 3 - 2  # less the footer, title, head, 2 rows of games
        assert chart.region.width == 200 - 82  # the width the figures leave
        games = screen.query_one("#stats-games", DataTable)
        assert games.region.bottom == 59 and games.region.y == chart.region.bottom + 1  # the rest, below
        await pilot.resize_terminal(200, 80)
        await pilot.pause()
        assert chart.region.height == 80 - 3 - 2 and games.region.bottom == 79


async def test_the_buttons_are_in_sight_at_80x24() -> None:
    """At 80x24 the chart and the ledger take more rows than the screen has: the body
    scrolls, and the buttons under it stay in sight (they were under the fold, below the
    ledger), as they are at 100x36 where all fits."""
    for size in ((80, 24), (100, 36)):
        app = make_app(target=1500)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = await over(pilot)
            buttons = screen.query_one("#over-buttons")
            assert buttons.region.bottom == size[1] - 2  # a blank row over the footer
            for button in ("#over-new", "#over-quit"):
                r = screen.query_one(button).region
                assert r.height == 1 and app.screen.get_widget_at(r.x + 1, r.y)[0].id == button[1:]
            body = screen.query_one(".over")
            # (at 80x24 opened at the chart's top, the whole chart in sight; the ledger under it)
            assert body.scroll_y == 0
