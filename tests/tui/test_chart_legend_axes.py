"""The game-over chart's legend, x axis and ASCII markers:
"the legend sits on the target line" (`1500├ ○○ West & East ───`), "the x-axis is marked
0, 2, 4, 6 for a 7-hand game, so the last hand has no label", and "East's marker is `+`,
the same character as the axis ticks and corners" in ASCII mode."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from tui_helpers import make_app, settle

from pinochle_tui.chart import ASCII_MARKERS, MONO_LINES, Chart, hand_ticks, markers, plot_scores, score_scale
from pinochle_tui.render import Style
from pinochle_tui.screens.dialogs import GameOverScreen

# seed 11's game: seven hands, 1360 to 1530 against a target of 1500
SEVEN = [(0, 0), (250, 300), (500, 560), (700, 800), (900, 1000), (1100, 1200), (1250, 1400), (1360, 1530)]


async def over_chart(pilot: Any, history: Sequence[tuple[int, ...]]) -> Chart:
    c = pilot.app.ctrl
    c.score_history = list(history)
    screen = GameOverScreen(c)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    await pilot.pause()
    chart = screen.query_one("#over-chart", Chart)
    chart.render()
    return chart


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_the_legend_is_in_the_title_row_when_it_fits(size: tuple[int, int]) -> None:
    app = make_app(target=1500)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        chart = await over_chart(pilot, SEVEN)
        lines = chart.render().plain.splitlines()
        assert lines[0].strip() == "Score after each hand: ●·· You & North   ○~~ West & East   2 = both"
        assert not [ln for ln in lines[1:] if "North" in ln or "East" in ln]  # not over the plot
        m = chart.plt.monitor  # type: ignore[attr-defined]
        assert not any(m.label)  # plotext's own legend not drawn


LONG = ["Annabel & Christopher", "Bartholomew & Dorothea", "Evangeline & Frederick", "Gwendolyn & Humphrey"]


async def test_a_legend_too_wide_for_the_title_keeps_its_rows_clear() -> None:
    """Four sides with long names at 80x24: plotext's legend over the top four rows, and
    no score and not the target line on any of them."""
    app = make_app(target=1500)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = await over_chart(pilot, SEVEN)
        scores = [[float(a), float(b), float(a) / 2, float(b) / 3] for a, b in SEVEN]
        plot_scores(chart, LONG, scores, 1500, "1500", most_height=22)
        await pilot.pause()
        lines = chart.render().plain.splitlines()
        assert lines[0].strip() == "Score after each hand"
        rows = chart.size.height - Chart.CHROME
        sc = chart.scale
        assert sc is not None
        used = {sc.row(v) for row in scores for v in row} | {sc.row(1500)}
        assert max(used) <= rows - 1 - 4  # the four legend rows at the top are clear
        legend = [ln for ln in lines if any(n[:20] in ln for n in LONG)]
        assert len(legend) == 4
        for ln, name, mark, join in zip(legend, LONG, ("●", "○", "◆", "◇"), MONO_LINES[:4], strict=True):
            rest = ln.replace(f"{mark}{mark} {join}{join} {name[:20]}", "")
            assert set(rest.split("│", 1)[1]) <= {" ", "│"}, ln  # no point, line or target beside it


def test_score_scale_keeps_the_free_rows_clear() -> None:
    sc = score_scale(0, 1530, 1500, 9, free=2)  # the 9 rows of the chart at 80x24, two legend rows
    assert sc is not None
    assert max(sc.row(v) for v in (0, 1360, 1500, 1530)) <= 6
    assert score_scale(0, 1530, 1500, 3, free=2) is None  # no room for a score under two legend rows


def test_the_last_hand_is_always_labelled() -> None:
    assert hand_ticks(7) == [0, 1, 2, 3, 4, 5, 6, 7]
    assert hand_ticks(9) == [0, 3, 6, 9]
    assert hand_ticks(12) == [0, 2, 4, 6, 8, 10, 12]
    assert hand_ticks(13) == [0, 2, 4, 6, 8, 10, 12, 13]
    assert hand_ticks(23) == [0, 4, 8, 12, 16, 20, 23]
    assert hand_ticks(1) == [0, 1]
    for last in range(1, 60):
        ticks = hand_ticks(last)
        assert ticks[0] == 0 and ticks[-1] == last and len(ticks) <= 8 and ticks == sorted(set(ticks))


async def test_the_game_over_chart_labels_the_seventh_hand() -> None:
    app = make_app(target=1500)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        chart = await over_chart(pilot, SEVEN)
        m = chart.plt.monitor  # type: ignore[attr-defined]
        assert sorted(m.xticks[0]) == [0, 1, 2, 3, 4, 5, 6, 7]
        assert sorted(m.xlabels[0], key=int) == ["0", "1", "2", "3", "4", "5", "6", "7"]


async def test_ascii_markers_are_not_axis_characters() -> None:
    assert ASCII_MARKERS == ("*", "o", "x", "@", "#")
    assert not set(ASCII_MARKERS) & set("+-|._")
    app = make_app(target=1500, ascii=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert markers() == ASCII_MARKERS
            chart = await over_chart(pilot, SEVEN)
            m = chart.plt.monitor  # type: ignore[attr-defined]
            assert [ms[0] for ms in m.marker[2:4]] == ["*", "o"]
    finally:
        Style.ascii = False
