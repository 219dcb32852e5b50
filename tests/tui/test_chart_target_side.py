"""A score chart never shows a score on the wrong side of the target line, nor on a
labelled row far from its label (at 80x24, three-hand seed 5, South's
98 drawn on the row of the 100 target line, as if it had reached it; a target raised to 55
drawn on the row labelled 60).  At 80x24 the plot has 9 rows, 16.7 points apart in
three-hand: plotext's nearest row cannot keep both, so a score under the target is drawn
under the line and one at or over it on or over it (`Scale.place`), and the target line is
on a row with no label but its own (`Scale.line`).

The pictures are read from the chart as drawn (its text), at 80x24, 100x30 and 200x60, with
symbols, in ASCII mode and with NO_COLOR; and from the model (`score_scale`) for many
targets and scores."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tui_helpers import VARIANTS, app_for, app_from_flags, policy_action, settle

from pinochle_tui.app import PinochleApp
from pinochle_tui.chart import ASCII_MARKERS, SERIES_COLOURS, Chart, Scale, score_scale, tick_label
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.render import Style
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.dialogs import GameOverScreen
from pinochle_tui.screens.stats import GameHistoryScreen
from pinochle_tui.stats import GameLog, StatsStore
from rules import Phase

V3 = VARIANTS["three-hand"]  # the x1 scale: the history in x10, shown /10

# three-hand seed 5 (standard bots), as played: South 98 after hand 3, under 100
SEED_5 = [(0, 0, 0), (420, 100, 0), (870, 140, 110), (980, 350, 180), (1240, 440, 300)]
# three-hand to 30, seed 1: South and East both reached 30 in hand 2, the target rose to 55
RAISED = [(0, 0, 0), (290, 110, 90), (390, 220, 310), (760, 320, 380)]

SIZES = [(80, 24), (100, 30), (200, 60)]
MARKS = set("●○◆◇■") | set(ASCII_MARKERS) | set("2345")  # (a digit: that many sides in one cell)


@dataclass
class Picture:
    """A chart as drawn, rows counted from the bottom of the plot (0) up."""

    labels: dict[int, str]  # a row's y label
    line: list[int]  # the rows the target line is drawn on
    marks: dict[int, dict[int, str]]  # hand -> row -> the marker drawn there

    @classmethod
    def read(cls, chart: Chart) -> Picture:
        lines = chart.render().plain.splitlines()
        plot, xticks = lines[2:-3], lines[-2]  # (the title and the frame over it; the frame, ticks, label under)
        frame = lines[1].index("┌" if "┌" in lines[1] else "+")
        hands = {int(ch): col for col, ch in enumerate(xticks) if ch.isdigit()}  # (hands 0 to 9)
        labels, line, marks = {}, [], {h: {} for h in hands}  # type: ignore[var-annotated]
        for i, text in enumerate(plot):
            row = len(plot) - 1 - i
            if text[:frame].strip():
                labels[row] = text[:frame].strip()
            inside = text[frame + 1 : -1]
            if inside.count("─") > len(inside) // 3 or inside.count("-") > len(inside) // 3:
                line.append(row)
            for h, col in hands.items():
                if text[col] in MARKS:
                    marks[h][row] = text[col]
        return cls(labels, line, marks)


def three_hand(history: Sequence[tuple[int, ...]], target: int, first_target: int | None = None) -> Controller:
    """A three-hand game with this history of scores (x10) and target (x10), shown over
    a table where the human (South) is to act (so no bot plays on under it)."""
    c = Controller(V3, default_seats(3, ["human", "random", "random"]), seed=1, target=first_target or target)
    c.score_history = [tuple(row) for row in history]
    c.game = c.game._replace(scores=tuple(history[-1]), target=target)
    return c


async def game_over_chart(pilot: Any, c: Controller) -> Chart:
    screen = GameOverScreen(c)
    await pilot.app.push_screen(screen)
    for _ in range(3):
        await pilot.pause()
    return screen.query_one("#over-chart", Chart)


async def test_seed_5_the_98_is_drawn_under_the_100_line_at_80x24() -> None:
    """Three-hand seed 5: 100 labelled on row 6 with the target line, South's 98 (hand 3)
    drawn on row 6 too.  Now a row under it, beside its 87 of hand 2, each labelled row
    carrying only scores within half a row (8.3) of its label."""
    app = app_for(three_hand(SEED_5, 1000))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
        pic = Picture.read(chart)
        assert chart.size.height - Chart.CHROME == 9
        assert pic.labels == {0: "0", 3: "50", 6: "100"} and pic.line == [6]
        assert {h: pic.marks[h] for h in (2, 3, 4)} == {
            2: {5: "●", 1: "2"},  # 87 on row 5 (83.3); 14 and 11 both on row 1, a 2 for the two
            3: {5: "●", 2: "○", 1: "◆"},  # 98 on row 5, under the line (it was on row 6, the line's)
            4: {7: "●", 3: "○", 2: "◆"},  # 124 over the line
        }


async def test_a_target_raised_to_55_is_not_drawn_on_the_60_row_at_80x24() -> None:
    """Ticks 0 to 80, 10 points a row: 55 is half-way between the rows of 50 and 60, and
    was drawn on the row labelled 60.  Now on the row of 50, which has no label; South's
    76 over it, every other score under it."""
    app = app_for(three_hand(RAISED, 550, first_target=300))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
        pic = Picture.read(chart)
        assert pic.labels == {0: "0", 2: "20", 4: "40", 6: "60", 8: "80"}
        assert pic.line == [5]  # it was on row 6, '60'
        assert pic.marks[3] == {8: "●", 3: "○", 4: "◆"}  # 76 (nearest 80), 32 and 38
        xlabel = chart.plt.monitor.xlabel[0]  # type: ignore[attr-defined]
        assert xlabel == "hand (the line: target 55; a digit: that many sides at one point)"


def check(pic: Picture, sc: Scale, history: Sequence[tuple[int, ...]], target: float) -> None:
    """What a player reads from the picture is true: each label on the row of its value,
    evenly spaced; the target line on one row with no label but the target's; each score
    drawn where the scale places it, on its side of the line, and on a labelled row only
    within half a row of the label."""
    assert sc.line is not None
    for row, label in pic.labels.items():
        assert label == tick_label(sc.value(row)), (row, label)
    rows = sorted(pic.labels)
    assert len({b - a for a, b in itertools.pairwise(rows)}) == 1
    assert pic.line == [sc.line]
    assert pic.labels.get(sc.line, tick_label(target)) == tick_label(target)
    for hand, scores in enumerate(history):
        values = [s / V3.scale for s in scores]
        assert set(pic.marks[hand]) == {sc.place(v) for v in values}, (hand, values)
        for v in values:
            row = sc.place(v)
            assert (row < sc.line) == (v < target), (v, row)
            if row in pic.labels:
                assert abs(v - sc.value(row)) <= sc.unit / 2 + 1e-9, (v, pic.labels[row])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mode", ["symbols", "ascii", "no_color"])
@pytest.mark.parametrize(("history", "target", "first"), [(SEED_5, 1000, None), (RAISED, 550, 300)])
async def test_the_game_over_chart_reads_true_at_every_size_and_mode(
    size: tuple[int, int],
    mode: str,
    history: Sequence[tuple[int, ...]],
    target: int,
    first: int | None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if mode == "no_color":
        monkeypatch.setenv("NO_COLOR", "1")
    c = three_hand(history, target, first_target=first)
    app = PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=0, ascii=mode == "ascii")
    try:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            chart = await game_over_chart(pilot, app.ctrl)  # type: ignore[arg-type]
            pic = Picture.read(chart)
            assert chart.scale is not None
            check(pic, chart.scale, history, target / V3.scale)
            drawn = {m for col in pic.marks.values() for m in col.values()}
            assert drawn <= (set(ASCII_MARKERS[:3]) if mode == "ascii" else {"●", "○", "◆"}) | {"2", "3"}
            assert pic.marks[0] == {0: "3"}  # every side's 0 at the start: a 3, none hidden
            m = chart.plt.monitor  # type: ignore[attr-defined]
            used = {c if isinstance(c, str) else tuple(c) for colours in m.color for c in colours}
            if mode == "symbols":  # each side in its colour, the digits and the target line plain
                assert used == {*SERIES_COLOURS[:3], "default"}
            else:  # told apart by the markers alone
                assert used == {"default"}
            assert m.hcolors[0] == ["default"]  # (plotted again at each drawing, after textual-plotext's theme)
    finally:
        Style.ascii = False


async def test_the_past_game_view_reads_true(home: Path) -> None:
    """The past game's chart (score history, Enter on a past game) is the same chart: a
    three-hand game of standard bots recorded and opened at 80x24."""
    store = StatsStore.open()
    c = Controller(V3, default_seats(3, ["standard"] * 3), seed=5)
    log = GameLog(lambda: store, c, None, "2025-03-04T05:06:07Z")
    while True:  # played out, each hand recorded as the app records it
        if c.round.phase is Phase.DONE:
            assert log.hand_done() is None
            if c.game.over:
                break
            c.next_hand()
            continue
        c.apply(policy_action(c))
    found = store.game(1)
    store.close()
    assert found is not None
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(GameHistoryScreen(*found))
        for _ in range(3):
            await pilot.pause()
        chart = app.screen.query_one("#game-chart", Chart)
        assert chart.scale is not None
        check(Picture.read(chart), chart.scale, _history(found), c.game.target / V3.scale)


def _history(found: Any) -> list[tuple[int, ...]]:
    game, hands = found
    return [(0,) * len(game.side_names())] + [tuple(s["score_after"] for s in h.sides) for h in hands]


@pytest.mark.parametrize("rows", [9, 10, 11, 12, 16, 21, 31, 41])
def test_the_scale_keeps_every_score_on_its_side_and_the_labels_true(rows: int) -> None:
    """The model behind the pictures, for targets a tick or not (55, 1010, a raised 125),
    scores near and far from the target and negative ones, on the rows the charts have."""
    rng = random.Random(rows)
    for _ in range(300):
        target = rng.choice([100, 125, 55, 30, 45, 80, 105, 1000, 1010, 1250, 1500, 5000, 10])
        values = [0.0] + [float(round(rng.uniform(-3, 1.3) * target)) for _ in range(rng.randint(2, 12))]
        sc = score_scale(min(values), max(values), target, rows, 0, values)
        assert sc is not None and sc.line is not None
        label = sc.tick_on(sc.line)
        assert label is None or label == target, (target, values, sc)
        assert abs(sc.line - (target - sc.lo) / sc.unit) < 1.0  # the line within a row of the target
        for v in values:
            row = sc.place(v)
            assert (row < sc.line) == (v < target)
            assert abs(row - (v - sc.lo) / sc.unit) < 1.5  # moved at most a row and a half
            on = sc.tick_on(row)
            # within half a row of a label on its row; a score the target rule moved, within a
            # row (122 under a 125 line on rows of 25, on the row of the 100 label, where no
            # rows under 37.5 keep it off a label: not on rows of 62.5, ticks -250, 0, 250)
            near = sc.unit / 2 if row == sc.row(v) else sc.unit
            assert on is None or abs(v - on) <= near + 1e-9, (v, on, target, sc)
