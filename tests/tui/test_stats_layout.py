"""The statistics screens use the room they have and read like a stats page:
at 80x24 no line of the past games or of a game's hands runs past the edge
(their tables never scroll sideways) and no figure line wraps; at 200x60 the figures and
the plot stand side by side, the plot as tall as the figures, the past games below taking
the rest; "1 hand", not "1 hands"; averages as the game's scale shows points; the seat
kinds as "standard: 1 game, 1 won (100%)"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from stats_records import SEATS, hand_1, hand_2, record_game
from test_stats_screen import one_game
from textual.widgets import DataTable, Static
from tui_helpers import VARIANTS, app_from_flags

from pinochle_tui.chart import Chart
from pinochle_tui.screens.stats import GameHistoryScreen, StatsScreen
from pinochle_tui.stats import GameRecord, StatsStore, figures_lines, points


def unfinished_game() -> None:
    """A partnership game left after its first hand."""
    store = StatsStore.open()
    record_game(store, "2025-01-02T00:00:00Z", "9", [hand_1("2025-01-02T00:10:00Z")], save="u.json", target=1500)
    store.close()


def screen_lines(app: Any) -> list[str]:
    """The rows the terminal shows, as text."""
    from io import StringIO

    from rich.console import Console

    console = Console(width=app.size.width, height=app.size.height, file=StringIO(), force_terminal=True, record=True)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False).splitlines()


def fits(table: DataTable[Any]) -> bool:
    """Every line of the table within its width: nothing to scroll sideways to."""
    return table.max_scroll_x == 0 and table.virtual_size.width <= table.size.width


async def open_stats(pilot: Any) -> StatsScreen:
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    return screen


async def test_at_80x24_no_line_runs_past_the_edge(home: Path) -> None:
    one_game()
    unfinished_game()
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        games = screen.query_one("#stats-games", DataTable)
        # the scores' head says what they are: an unfinished game's are not final
        assert [str(c.label) for c in games.columns.values()] == [
            "Variant",
            "Date",
            "Result",
            "Scores (final or so far)",
        ]
        assert [str(c) for c in games.get_row_at(0)][2] == "unfinished (1 hand)"
        assert fits(games)
        figures = screen.query_one("#stats-figures", Static)
        lines = str(figures.content).splitlines()
        assert max(cell_len(line) for line in lines) <= figures.content_size.width  # none wraps
        assert figures.size.height == len(lines)
        await pilot.press("down", "enter")  # the finished game
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameHistoryScreen)
        hands = game.query_one("#game-hands", DataTable)
        assert [str(c.label) for c in hands.columns.values()] == [
            "#", "Bidder", "Bid", "Trump", "Outcome", "Ann & North", "West & East",
        ]  # fmt: skip
        assert [[str(c) for c in hands.get_row_at(i)] for i in range(2)] == [
            ["1", "Ann", "250", "♥", "made", "+290 = 290", "+120 = 120"],
            ["2", "West", "300", "♠", "thrown in", "+250 = 540", "-300 = -180"],
        ]
        assert fits(hands)
        assert str(game.query_one("#game-note", Static).content) == (
            "Each side: change = score after the hand (wider: meld and tricks too)."
        )
        await pilot.resize_terminal(140, 40)  # room for it all: the full table, no note
        await pilot.pause()
        assert len(hands.columns) == 14 and fits(hands)
        assert not game.query_one("#game-note").display


async def test_at_200x60_the_figures_and_the_plot_stand_side_by_side(home: Path) -> None:
    one_game()
    app = app_from_flags()
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await open_stats(pilot)
        figures = screen.query_one("#stats-figures", Static)
        chart = screen.query_one("#stats-chart", Chart)
        games = screen.query_one("#stats-games", DataTable)
        assert chart.region.y == figures.region.y and chart.region.x >= figures.region.right  # beside
        # the past games get the rows they need (one game and the header), the plot the rest
        assert games.region.height == 2 and chart.region.width >= 100
        assert chart.region.height == app.size.height - 1 - 1 - 1 - 2  # less the footer, the title, the head
        assert len(games.columns) == 5 and fits(games)  # the seats too
        footer_y = app.size.height - 1
        assert games.region.bottom == footer_y  # the past games take the rest of the screen
        await pilot.resize_terminal(100, 36)  # narrower: one above the other again
        await pilot.pause()
        assert chart.region.y > figures.region.y


def test_the_figures_read_like_a_stats_page() -> None:
    d = {
        "variant": "three-hand", "scale": "x1", "games": 1, "finished": 1, "your_games": 1, "your_wins": 1,
        "your_win_percent": 100.0, "hands": 3,
        "contracts": {"bid": 3, "made": 2, "set": 1, "thrown_in": 0, "average_bid": 22.67},
        "your_contracts": {"bid": 1, "made": 1, "set": 0, "thrown_in": 0, "average_bid": 25.0},
        "average_meld": 5.67, "your_average_meld": 7.0, "points_per_hand": 8.33, "your_points_per_hand": 12.0,
    }  # fmt: skip
    fig = {
        "games": {"recorded": 1, "finished": 1, "unfinished": 0},
        "your_side": {"games": 1, "wins": 1, "win_percent": 100.0, "current_streak": 1, "longest_streak": 1},
        "contracts": {"bid": 3, "made": 2, "set": 1, "thrown_in": 0},
        "your_contracts": {"bid": 1, "made": 1, "set": 0, "thrown_in": 0},
        "variants": [d],
        "seat_kinds": [
            {"kind": "human", "games": 1, "wins": 1, "win_percent": 100.0},
            {"kind": "standard", "games": 1, "wins": 0, "win_percent": 0.0},
        ],
    }
    assert figures_lines(fig) == [
        "1 game recorded: 1 finished, 0 unfinished.",
        "Your side: won 1 of 1 finished game (100%); win streak now 1, longest 1.",
        "Contracts, all sides: 3 bid, 2 made, 1 set, 0 thrown in.",
        "Contracts, your side: 1 bid, 1 made, 0 set, 0 thrown in.",
        "",
        "three-hand: 1 game, 1 finished, 3 hands scored.",
        "  your side: won 1 of 1 (100%)",
        "  contracts, all sides: 3 bid, 2 made, 1 set, 0 thrown in, average bid 23",
        "  contracts, your side: 1 bid, 1 made, 0 set, 0 thrown in, average bid 25",
        "  meld per hand: 6 a side, your side 7",
        "  points per hand: 8 a side, your side 12",
        "",
        "Finished games by seat kind:",
        "  human: 1 game, 1 won (100%)",
        "  standard: 1 game, 0 won (0%)",
    ]


def test_points_are_shown_as_the_scale_rounds() -> None:
    assert [points(x, "x10") for x in (56.67, 273.33, 15.0, 2.5, -2.5, -0.4)] == ["57", "273", "15", "3", "-2", "0"]
    assert [points(x, "x1") for x in (22.44, 22.5, 22.0, 5.67, -0.05)] == ["22", "23", "22", "6", "0"]
    assert points(None, "x1") == "—"


SIX = ["partnership", "partnership-hoyle", "partnership-post1945", "check", "double-deck", "racehorse"]


def six_variants(games_each: int = 2) -> None:
    """Games of six partnership variants (each two hands, as `one_game`): the figures run
    to about fifty lines."""
    store = StatsStore.open()
    for k, name in enumerate(SIX * games_each):
        variant_json = json.dumps(VARIANTS[name].model_dump(mode="json"), sort_keys=True)
        game = GameRecord(
            f"g{k}.json", f"2025-02-{k + 1:02d}T00:00:00Z", name, variant_json, 1, SEATS, 0, str(k), 2, 500
        )
        gid = None
        for h in (hand_1(f"2025-02-{k + 1:02d}T00:10:00Z"), hand_2()):
            gid = store.record_hand(game, gid, h)
    store.close()


async def test_at_200x60_the_whole_plot_is_in_sight_beside_long_figures(home: Path) -> None:
    """At 200x60 with several variants played: the plot as tall as the figures
    in a body of at most 60% of the screen was cut off above its x axis (no tick labels, no
    caption) while 16 rows under the past games were empty.  Now the plot is whole in the
    rows the past games leave (at least six for them), the figures scrolling beside it."""
    six_variants()
    app = app_from_flags()
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await open_stats(pilot)
        await pilot.pause()
        figures = screen.query_one("#stats-figures", Static)
        chart = screen.query_one("#stats-chart", Chart)
        body = screen.query_one("#stats-body")
        games = screen.query_one("#stats-games", DataTable)
        n = len(str(figures.content).splitlines())
        assert n > 45 and games.row_count == 12
        assert chart.region.y == body.region.y and chart.region.bottom <= body.region.bottom  # all of it
        assert n == 51 and chart.region.height == 60 - 3 - StatsScreen.KEEP_GAMES  # (less footer, title, head)
        lines = chart.render().plain.splitlines()
        assert lines[-1].strip() == "finished games" and lines[-2].split()[-1] == "10"  # its x axis
        assert games.region.bottom == app.size.height - 1  # the past games to the footer
        assert games.region.height >= StatsScreen.KEEP_GAMES
        assert body.max_scroll_y == figures.region.height - chart.region.height  # the figures scroll
        await pilot.resize_terminal(200, 40)  # less room: the plot shrinks to what is left
        await pilot.pause()
        assert chart.region.bottom <= body.region.bottom and chart.region.height == 40 - 3 - StatsScreen.KEEP_GAMES
        assert games.region.height == StatsScreen.KEEP_GAMES


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (200, 60)])
async def test_a_plot_with_no_finished_game_says_why_in_sight(home: Path, size: tuple[int, int]) -> None:
    """Every game unfinished: the win-rate plot is empty, and says why in its title, its
    first row; under its x axis ("no finished game yet") it was out of sight at 80x24, the
    figures above pushing the plot's last rows under the past games."""
    unfinished_game()
    app = app_from_flags()
    async with app.run_test(size=size) as pilot:
        screen = await open_stats(pilot)
        await pilot.pause()
        # (at 200x60 beside the figures, on the row of one of theirs)
        assert any("Your side's win rate: no finished game yet" in line for line in screen_lines(app))
        chart = screen.query_one("#stats-chart", Chart)
        assert chart.render().plain.splitlines()[0].strip() == "Your side's win rate: no finished game yet"


async def test_with_finished_games_alone_the_scores_are_headed_final(home: Path) -> None:
    one_game()
    app = app_from_flags()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_stats(pilot)
        games = screen.query_one("#stats-games", DataTable)
        assert [str(c.label) for c in games.columns.values()] == ["Variant", "Date", "Result", "Final scores"]


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
async def test_the_empty_win_rate_plot_has_its_axes_and_no_blank_rows_under_it(
    home: Path, size: tuple[int, int]
) -> None:
    """No finished game yet: the plot drew its frame alone (plotext draws no axis of a plot
    with nothing in it), with no y labels; and under it, one above the other, the body
    stood empty for 4 rows at 100x32.  Now its y labels (0, 50, 100), its x tick and
    caption are drawn, and the plot takes the body's rows the figures leave."""
    unfinished_game()
    app = app_from_flags()
    async with app.run_test(size=size) as pilot:
        screen = await open_stats(pilot)
        await pilot.pause()
        lines = screen_lines(app)
        plot = [line for line in lines if "┤" in line]
        assert [line.split("┤")[0].strip() for line in plot] == ["100", "50", "0"][: len(plot)]
        if size == (80, 24):  # the figures fill the body: the plot's top rows in sight, the rest scrolled to
            assert len(plot) == 2
            return
        assert len(plot) == 3
        head = next(i for i, line in enumerate(lines) if line.startswith(" Past games"))
        assert lines[head - 1].strip() == "finished games"  # the caption right above the past games
        assert lines[head - 2].strip() == "1"
        chart = screen.query_one("#stats-chart", Chart)
        figures = screen.query_one("#stats-figures", Static)
        body = screen.query_one("#stats-body")
        assert chart.region.bottom == body.region.bottom == head  # (was 4 rows above it)
        assert chart.region.height == body.region.height - figures.region.height > 12
