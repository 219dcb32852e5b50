"""A score chart shows every side's every point and tells the sides apart (not
"Every series is joined by the same grey dots, with no colour even when
colour is on ... Points in the same cell hide each other": partnership to 700 at 80x24, at
hand 3 your 420 hidden under West & East's 400; cutthroat to 30, at hand 2 only East's
marker, You's 12 and West's 10 invisible).

Now each side has its colour where colour shows (its marker, its line and its key in the
title), the markers alone with NO_COLOR and in ASCII mode (no colour at all); where two or
more sides' points fall in one cell a digit says how many (its key in the legend); and no
side's line is drawn over another's point.  Read from the chart as drawn: its text and the
colour of each cell."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest
from rich.text import Text
from test_chart_target_side import Picture, game_over_chart
from tui_helpers import VARIANTS, settle

from pinochle_tui.app import PinochleApp
from pinochle_tui.chart import ASCII_MARKERS, MONO_LINES, SERIES_COLOURS, Chart, Scale, plot_scores
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.render import Style
from pinochle_tui.save import new_save_path

# partnership to 700 (x1): at hand 3 You & North 420, West & East 400 (seed 11)
PARTNERSHIP = [(0, 0), (150, 210), (280, 250), (420, 400), (720, 480)]
# cutthroat to 30 (x10): at hand 2 You 12, West 10, East 11; at hand 3 You 27, West 24
CUTTHROAT = [(0, 0, 0), (60, 20, 70), (120, 100, 110), (270, 240, 150), (330, 260, 190)]
SIZES = [(80, 24), (100, 30), (200, 60)]


def game(variant: str, history: Sequence[tuple[int, ...]], target: int) -> Controller:
    """A game of ``variant`` with this history of scores and target (in the variant's
    internal scale), over a table where the human is to act."""
    v = VARIANTS[variant]
    seats = ["human"] + ["random"] * (v.players - 1)
    c = Controller(v, default_seats(v.players, seats), seed=1, target=target)
    c.score_history = [tuple(row) for row in history]
    c.game = c.game._replace(scores=tuple(history[-1]), target=target)
    return c


def app_with(c: Controller, mode: str, monkeypatch: pytest.MonkeyPatch) -> PinochleApp:
    if mode == "no_color":
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    return PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=0, ascii=mode == "ascii")


def expected_marks(
    sc: Scale, history: Sequence[tuple[int, ...]], scale: int, marks: Sequence[str]
) -> dict[int, dict[int, str]]:
    """What each hand's column must show, row by row: a side's marker where it is alone in
    its cell, else the number of sides there."""
    out: dict[int, dict[int, str]] = {}
    for hand, scores in enumerate(history):
        cells: dict[int, list[int]] = {}
        for side, s in enumerate(scores):
            cells.setdefault(sc.place(s / scale), []).append(side)
        out[hand] = {row: marks[sides[0]] if len(sides) == 1 else str(len(sides)) for row, sides in cells.items()}
    return out


def colour_at(text: Text, line: int, col: int) -> tuple[int, int, int] | None:
    """The colour of one cell of the chart as drawn (None: none given)."""
    offset = sum(len(ln) + 1 for ln in text.plain.split("\n")[:line]) + col
    colour = None
    for span in text.spans:
        if span.start <= offset < span.end and not isinstance(span.style, str) and span.style.color is not None:
            c = span.style.color
            colour = None if c.is_default else tuple(c.get_truecolor())
    return colour  # type: ignore[return-value]


def cells(chart: Chart) -> tuple[Text, list[str], dict[int, int], int]:
    """The chart as drawn, its lines, each hand's column and the line of the plot's bottom row."""
    out = chart.render()
    assert isinstance(out, Text)
    lines = out.plain.splitlines()  # (the same offsets: the lines end in "\n" alone)
    hands = {int(ch): col for col, ch in enumerate(lines[-2]) if ch.isdigit()}
    return out, lines, hands, len(lines) - 4


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mode", ["symbols", "ascii", "no_color"])
@pytest.mark.parametrize(
    ("variant", "history", "target"), [("partnership", PARTNERSHIP, 700), ("cutthroat", CUTTHROAT, 300)]
)
async def test_every_point_is_seen_or_counted(
    size: tuple[int, int],
    mode: str,
    variant: str,
    history: Sequence[tuple[int, ...]],
    target: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = app_with(game(variant, history, target), mode, monkeypatch)
    try:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
            assert chart.scale is not None
            marks = ASCII_MARKERS if mode == "ascii" else ("●", "○", "◆")
            scale = VARIANTS[variant].scale
            assert Picture.read(chart).marks == expected_marks(chart.scale, history, scale, marks)
            title = chart.render().plain.split("\n")[0]
            if variant == "cutthroat" and size == (80, 24):
                # each side's line in the legend too (``●·· You``): the digit's key goes under the plot
                xlabel = chart.plt.monitor.xlabel[0]  # type: ignore[attr-defined]
                assert xlabel == "hand (the line: target 30; a digit: that many sides at one point)"
            else:
                assert title.rstrip().endswith("2 = both" if variant == "partnership" else "2-3 = sides here")
    finally:
        Style.ascii = False


async def test_the_shared_cells_at_80x24(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two charts at 80x24: the 420 and the 400 in one cell at hand 3 are a 2 (the
    420's ● was hidden under the ○); the cutthroat 12, 10 and 11 at hand 2 are a 3 (only
    East's ◆ was seen) and the 27 and 24 at hand 3 a 2."""
    app = app_with(game("partnership", PARTNERSHIP, 700), "symbols", monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
        assert chart.scale is not None and chart.scale.place(420) == chart.scale.place(400)
        assert list(Picture.read(chart).marks[3].values()) == ["2"]
    app = app_with(game("cutthroat", CUTTHROAT, 300), "symbols", monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
        pic = Picture.read(chart)
        assert list(pic.marks[2].values()) == ["3"]
        assert sorted(pic.marks[3].values()) == ["2", "◆"]


@pytest.mark.parametrize("size", SIZES)
async def test_each_side_in_its_colour(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Where colour shows: each side's marker, its line (its own character) and its key in
    the title in its colour (`SERIES_COLOURS`); a digit plain (no colour given, or the frame's:
    the theme's foreground, which textual-plotext gives the axes)."""
    app = app_with(game("cutthroat", CUTTHROAT, 300), "symbols", monkeypatch)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
        out, lines, hands, bottom = cells(chart)
        plain = colour_at(out, 1, lines[1].index("┌"))
        assert plain not in SERIES_COLOURS
        colour_of = dict(zip("●○◆", SERIES_COLOURS, strict=False))
        seen = set()
        for line in range(2, bottom + 1):
            for col in hands.values():
                ch = lines[line][col]
                if ch in colour_of:
                    assert colour_at(out, line, col) == colour_of[ch], (line, col, ch)
                    seen.add(ch)
                elif ch.isdigit():
                    assert colour_at(out, line, col) in (None, plain)  # none given, or the frame's
                    seen.add(ch)
        assert seen >= {"●", "○", "◆", "3"}  # (3: the start)
        joins: dict[str, set[object]] = {}
        for line in range(2, bottom + 1):
            for col, ch in enumerate(lines[line]):
                if ch in "·~:":
                    joins.setdefault(ch, set()).add(colour_at(out, line, col))
        # each side's line in its own character and its colour, none plain
        assert joins == {ch: {colour} for ch, colour in zip("·~:", SERIES_COLOURS, strict=False)}
        for mark in "●○◆":  # the legend in the title
            assert colour_at(out, 0, lines[0].index(mark)) == colour_of[mark]


@pytest.mark.parametrize("mode", ["ascii", "no_color"])
async def test_no_colour_without_colour(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR and ASCII mode: the markers alone, every cell of the chart as plain as its
    frame (the theme's foreground, which the app's NO_COLOR filter takes out with the rest:
    test_terminal_modes reads the bytes)."""
    app = app_with(game("cutthroat", CUTTHROAT, 300), mode, monkeypatch)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
            out, lines, _hands, _bottom = cells(chart)
            plain = colour_at(out, 1, lines[1].index("┌" if mode == "no_color" else "+"))
            assert {colour_at(out, i, c) for i, ln in enumerate(lines) for c in range(len(ln))} <= {None, plain}
            assert plain not in SERIES_COLOURS
            m = chart.plt.monitor  # type: ignore[attr-defined]
            assert {c for colours in m.color for c in colours} == {"default"}
    finally:
        Style.ascii = False


async def test_no_line_is_drawn_over_another_sides_point(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forty hands at 80x24 (under two columns a hand): West's score jumps from 0 to 100
    and back each hand, and its steep line fills every row of the columns between, where
    You's steady 50 was drawn over (West's line was plotted after You's points); and
    scores drawn at random.  Every point is its marker or a digit, never a dot of a line."""
    zigzag: list[tuple[int, ...]] = [(0, 0, 0)]
    zigzag += [(500, 0 if h % 2 else 1000, 200) for h in range(1, 41)]
    rng = random.Random(7)
    histories = [zigzag]
    for _ in range(4):
        rows: list[tuple[int, ...]] = [(0, 0, 0)]
        for _hand in range(40):
            rows.append(tuple(s + rng.choice([-200, 0, 10, 60, 250, 400]) for s in rows[-1]))
        histories.append(rows)
    app = app_with(game("cutthroat", zigzag, 1200), "symbols", monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
        for history in histories:
            scores = [[s / 10 for s in row] for row in history]
            plot_scores(chart, ["You", "West", "East"], scores, 120, "120")
            await pilot.pause()
            assert chart.scale is not None
            _out, lines, _hands, bottom = cells(chart)
            cols = columns(chart, len(history))
            assert len(set(cols)) == len(cols)  # each hand its own column
            for hand, row in enumerate(scores):
                for v in row:
                    ch = lines[bottom - chart.scale.place(v)][cols[hand]]
                    assert ch in "●○◆23", (hand, v, ch)


def columns(chart: Chart, hands: int) -> list[int]:
    """Each hand's column, as plotext puts a value on the plot's columns (the nearest, as
    rows: `Scale.row`), checked against the labelled hands' tick columns."""
    lines = chart.render().plain.split("\n")
    frame = lines[1].index("┌")
    inner = lines[1].index("┐") - frame - 1  # the plot's columns inside the frame
    cols = [frame + 1 + math.floor(round(0.5 + (inner - 1) * h / (hands - 1), 8)) for h in range(hands)]
    ticks = lines[-2]
    for hand, col in enumerate(cols):  # a labelled hand's label ends or is centred on its column
        label = str(hand)
        at = ticks.find(f" {label} ", col - len(label) - 1)
        if 0 <= at <= col <= at + len(label) + 1:
            assert col in range(at + 1, at + 1 + len(label)), (hand, col, ticks)
    return cols


FIVE = [(0, 0, 0, 0, 0), (40, 80, 270, 300, -8160), (180, 140, 370, 600, -16070), (-4990, 470, 640, 900, -16000)]


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_five_sides_keep_their_legend_and_axis_at_80_columns(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five-hand (x10: shown /10) at 80x24, as a past game looks: the legend
    did not fit the title, so plotext's went over the plot, six rows of a plot of fewer, no
    round axis fitted and the scores were drawn on plotext's own axis (labels -1057.7,
    501.0) under the legend.  Now the legend is in the shorter title, the digit's key under
    the plot, the axis round, every point seen or counted."""
    app = app_with(game("five-hand", FIVE, 5000), "symbols", monkeypatch)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
        lines = chart.render().plain.splitlines()
        names = ["You", "West", "Northwest", "Northeast", "East"]
        keys = "   ".join(f"{m}{j}{j} {n}" for m, j, n in zip("●○◆◇■", MONO_LINES, names, strict=True))
        assert lines[0].strip() == ("Scores: " if size == (80, 24) else "Score after each hand: ") + keys
        assert lines[-1].strip() == "hand (the line: target 500; a digit: that many sides at one point)"
        assert chart.scale is not None
        assert Picture.read(chart).marks == expected_marks(chart.scale, FIVE, 10, "●○◆◇■")
