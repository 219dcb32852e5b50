"""The score chart's lines without colour: with NO_COLOR=1 every
side's line was drawn in the same dots (`.`), so where the lines ran apart nothing said
which was whose; the markers told the points apart, the lines not at all.  Now each side's
line has its own character (`MONO_LINES`; in ASCII mode `ASCII_LINES`), and the legend
shows it beside the side's marker; with colour too, each line in its side's colour (the
legend its markers in those colours).  Read from the chart as drawn."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from test_chart_series_apart import CUTTHROAT, PARTNERSHIP, app_with, cells, game
from test_chart_target_side import game_over_chart
from tui_helpers import settle

from pinochle_tui.chart import ASCII_LINES, MONO_LINES, SERIES_COLOURS
from pinochle_tui.render import Style

FRAME = set("┌┐└┘├┤┬┴┼─│+-|")


def inside(text: str) -> str:
    """A row of the plot inside its frame (its y label and the frame's two sides cut)."""
    return text[text.index(next(c for c in text if c in "┤├│+|")) + 1 : -1]


def line_cells(lines: Sequence[str], bottom: int, points: str) -> set[str]:
    """Every character inside the plot's frame that is not blank, the frame, the target
    line, a marker or a digit: the lines' characters."""
    out: set[str] = set()
    for text in lines[2 : bottom + 1]:
        out |= {ch for ch in inside(text) if ch != " " and ch not in FRAME and ch not in points and not ch.isdigit()}
    return out


@pytest.mark.parametrize(
    ("mode", "variant", "history", "target", "title", "joins"),
    [
        (
            "no_color",
            "partnership",
            PARTNERSHIP,
            700,
            "Score after each hand: ●·· You & North   ○~~ West & East   2 = both",
            {"·", "~"},
        ),
        (
            "no_color",
            "cutthroat",
            CUTTHROAT,
            300,
            "Score after each hand: ●·· You   ○~~ West   ◆:: East",
            {"·", "~", ":"},
        ),
        (
            "ascii",
            "cutthroat",
            CUTTHROAT,
            300,
            "Score after each hand: *.. You   o~~ West   x:: East",
            {".", "~", ":"},
        ),
    ],
)
async def test_each_sides_line_has_its_own_character_named_in_the_legend(
    mode: str,
    variant: str,
    history: Sequence[tuple[int, ...]],
    target: int,
    title: str,
    joins: set[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = app_with(game(variant, history, target), mode, monkeypatch)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
            expected = (ASCII_LINES if mode == "ascii" else MONO_LINES)[: len(history[0])]
            assert [s.line for s in chart.series] == list(expected)
            out, lines, _hands, bottom = cells(chart)
            assert lines[0].strip() == title
            points = "*ox@#" if mode == "ascii" else "●○◆◇■"
            assert line_cells(lines, bottom, points) == joins  # the lines drawn, each in its character
            m = chart.plt.monitor  # type: ignore[attr-defined]
            assert m.marker[: len(expected)] == [[ch] * len(history) for ch in expected]  # plotext's lines
            if mode == "ascii":
                assert out.plain.isascii()
    finally:
        Style.ascii = False


async def test_the_legend_over_the_plot_names_each_line_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four long names at 80x24 with NO_COLOR: the legend does not fit the title and goes
    over the plot (plotext's), each side's key there with its marker and its line."""
    from test_chart_legend_axes import LONG, SEVEN

    from pinochle_tui.chart import plot_scores

    app = app_with(game("partnership", [(0, 0)], 1500), "no_color", monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
        scores = [[float(a), float(b), float(a) / 2, float(b) / 3] for a, b in SEVEN]
        plot_scores(chart, LONG, scores, 1500, "1500", most_height=22)
        await pilot.pause()
        lines = chart.render().plain.splitlines()
        keys = [inside(ln).strip() for ln in lines if any(n[:20] in ln for n in LONG)]
        assert keys == [
            f"{mark}{mark} {join}{join} {name[:20]}" for mark, join, name in zip("●○◆◇", MONO_LINES, LONG, strict=False)
        ]


async def test_with_colour_each_line_has_its_own_character_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where colour shows, every line was `.` dots told apart by colour alone, so a player
    who does not tell the colours apart had only the markers to go by: each side's line
    has its own character there too, in its colour, and the legend shows it beside the
    marker (a legend of markers alone beside lines ``···`` and ``~~~`` did not say which
    was whose); the digit's key goes under the plot for the room."""
    app = app_with(game("cutthroat", CUTTHROAT, 300), "symbols", monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
        assert [s.line for s in chart.series] == list(MONO_LINES[:3])
        assert [s.colour for s in chart.series] == list(SERIES_COLOURS[:3])
        _out, lines, _hands, bottom = cells(chart)
        assert lines[0].strip() == "Score after each hand: ●·· You   ○~~ West   ◆:: East"
        assert chart.plt.monitor.xlabel[0] == "hand (the line: target 30; a digit: that many sides at one point)"  # type: ignore[attr-defined]
        assert line_cells(lines, bottom, "●○◆") == {"·", "~", ":"}
