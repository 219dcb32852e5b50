"""Charts drawn with textual-plotext (over plotext), for the game-over screen and the
statistics screens (issue 12 §1, §3): the axes, scaling and labels are plotext's; this
module only chooses even ticks and fits the y range to the rows of the plot.

Importing this module loads textual-plotext and plotext (about 25 ms), so the screens
import it only when a chart is about to be shown (start-up never does: issue 12 §4).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual_plotext import PlotextPlot

from .render import Style

_BOX = str.maketrans("─│┌┐└┘├┤┬┴┼━┃┄", "-|+++++++++-|-")

LINE = "."  # the thin line between a series' points (its points carry the series' marker)


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round axis ticks from ``lo`` to ``hi``: a step of 1, 2, 2.5 or 5 times a power of ten,
    every tick a multiple of it (so the labels are even, never 1233.3)."""
    if hi < lo:
        lo, hi = hi, lo
    if hi == lo:
        hi = lo + 1
    raw = (hi - lo) / max(count - 1, 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.floor(lo / step) * step
    ticks = []
    k = 0
    while first + k * step <= hi + step * 1e-9:
        ticks.append(round(first + k * step, 10))
        k += 1
    if ticks[-1] < hi:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def tick_label(x: float) -> str:
    return f"{x:g}"


TICK_STEPS = (1, 2, 2.5, 3, 5)
"""A score axis's tick steps, these times a power of ten: the labels are even round
numbers (0, 300, 600, ... or 0, 250, 500, ...)."""


def _multiple(a: float, b: float) -> bool:
    q = a / b
    return abs(q - round(q)) < 1e-9


@dataclass(frozen=True)
class Scale:
    """A y axis for scores on a plot of ``rows`` rows: the rows are ``unit`` apart from
    ``lo`` (the bottom row) to ``top``; ``ticks`` (every ``per`` rows, a round step) fall
    on rows, and so does the target.  plotext puts a value on the row nearest it
    (`row`), so each is drawn within half a row of where it is."""

    unit: float
    per: int
    lo: float
    top: float
    rows: int
    ticks: tuple[float, ...]

    def row(self, value: float) -> int:
        """The row plotext draws ``value`` on (its `get_matrix_data`: the nearest, a half up)."""
        return math.floor(round(0.5 + (self.rows - 1) * (value - self.lo) / (self.top - self.lo), 8))


def score_scale(lo_v: float, hi_v: float, target: float, rows: int, free: int = 0) -> Scale | None:
    """`fit_scale` with the target on a row, or without when none fits (a target of 10
    under scores of -3000 would need rows 10 apart: the line is then drawn on the row
    nearest it, like any value).  ``free``: the top rows kept clear of every value and the
    target (the legend's, a row a side)."""
    return fit_scale(lo_v, hi_v, target, rows, True, free) or fit_scale(lo_v, hi_v, target, rows, False, free)


def fit_scale(lo_v: float, hi_v: float, target: float, rows: int, target_on_row: bool, free: int = 0) -> Scale | None:
    """The finest y axis that fits ``rows`` rows and holds every value from ``lo_v`` to
    ``hi_v``: 3 to 8 round ticks (`TICK_STEPS`) each on a row, ``per`` rows apart, with
    ``target_on_row`` the target on a row too (on a tick where one fits as fine), the
    bottom tick at or below ``lo_v``; the rows above the top value left to fill the
    plot, at least ``free`` of them (the legend's rows: plotext writes it over the top
    rows, so a score or the target line there would be hidden by it).  None when no
    such axis fits."""
    lo_v, hi_v = min(lo_v, hi_v, target), max(lo_v, hi_v, target)
    if hi_v == lo_v:
        hi_v = lo_v + 1
    mag = math.floor(math.log10(hi_v - lo_v))
    best: tuple[tuple[float, int, int], Scale] | None = None
    for k in range(mag - 3, mag + 2):
        for m in TICK_STEPS:
            step = m * 10.0**k
            lo = math.floor(round(lo_v / step, 9)) * step
            for per in range(1, 21):
                unit = step / per
                if target_on_row and not _multiple(target - lo, unit):
                    continue
                need = math.ceil(round((hi_v - lo) / unit, 9)) + 1  # rows from lo to the top value
                if need + free > rows:
                    continue
                top = lo + unit * (rows - 1)
                count = math.floor(round((top - lo) / step, 9)) + 1
                if not 3 <= count <= 8:
                    continue
                ticks = tuple(round(lo + i * step, 9) for i in range(count))
                scale = Scale(unit, per, lo, top, rows, ticks)
                if scale.row(hi_v) > rows - 1 - free:  # (a value drawn on a row it rounds to)
                    continue
                key = (unit, 0 if _multiple(target - lo, step) else 1, abs(count - 5))
                if best is None or key < best[0]:
                    best = (key, scale)
    return best[1] if best is not None else None


def rows_needed(
    lo_v: float,
    hi_v: float,
    target: float,
    values: Sequence[float],
    finals: Sequence[float],
    most: int,
    free: int = 0,
) -> int:
    """The fewest plot rows (at most ``most``) on which `score_scale` draws every value
    under the target on a row under the target line (a 1400 is not read as having
    reached 1500) and different final scores on different rows (each side's last point
    is seen, not drawn over by another's); failing that within ``most``, the fewest on
    which the final scores are apart; failing that 0 (no rows asked for).  ``free``: the
    legend's rows at the top, kept clear (`fit_scale`)."""
    apart_at = 0
    for rows in range(5, most + 1):
        sc = score_scale(lo_v, hi_v, target, rows, free)
        if sc is None:
            continue
        line = sc.row(target)
        under = all(sc.row(v) < line for v in values if v < target)
        apart = len({sc.row(f) for f in finals}) == len(set(finals))
        if under and apart:
            return rows
        if apart and not apart_at:
            apart_at = rows
    return apart_at


def markers() -> tuple[str, ...]:
    """One marker per series, told apart without colour (five: eight-hand's four teams,
    five-hand's five players)."""
    return ASCII_MARKERS if Style.ascii else ("●", "○", "◆", "◇", "■")


ASCII_MARKERS = ("*", "o", "x", "@", "#")
"""The ASCII markers: none of them a character of the ASCII frame and axes (``+``, ``-``,
``|``, `_BOX`) nor the thin line between points (`LINE`), so a point is never read as a
tick or a corner."""


def hand_ticks(last: int, most: int = 8) -> list[int]:
    """The x axis's labelled hands from 0 to ``last``, at most ``most`` of them, evenly
    spaced and ``last`` always among them (a 7-hand game marked 0, 2, 4, 6 left its last
    hand unlabelled): every hand when they fit, else a step that divides ``last`` into 4
    or more, else even steps with ``last`` in place of the one before it when that one is
    closer than half a step."""
    last = max(last, 1)
    for step in range(1, last + 1):
        if last % step == 0 and min(4, last + 1) <= last // step + 1 <= most:
            return list(range(0, last + 1, step))
    step = math.ceil(last / (most - 1))
    ticks = [t for t in range(0, last + 1, step) if last - t >= step / 2]
    return [*ticks, last]


class Chart(PlotextPlot):
    """A plotext plot whose y ticks fall exactly on rows of the plot, evenly spaced, and
    that follows the game's ASCII mode (box lines drawn in ASCII).

    plotext puts the y range on the plot's rows evenly, from the bottom row to the top,
    and draws a tick's label on the row nearest its value: with 7 rows and ticks 0, 500,
    1000, 1500 they land on rows 0, 2, 4, 6, but with 8 rows on rows 0, 2, 5, 7 (uneven,
    and a 1360 point lands on the 1500 row).  `set_y` keeps the ticks; at each drawing the
    range is stretched above the top tick until the row spacing divides evenly."""

    DEFAULT_CSS = """
    Chart { height: 12; width: 1fr; }
    """

    CHROME = 5  # rows that are not the plot: the title, the frame's two lines, the x ticks, the x label

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.y_ticks: list[float] = []
        self.y_scores: tuple[float, float, float] | None = None  # lowest, highest, target
        self.free = 0  # the top rows kept clear for the legend (`fit_scale`)
        self.scale: Scale | None = None  # the scores' axis as last drawn

    def set_y(self, ticks: list[float]) -> None:
        """Evenly spaced y ticks (`nice_ticks`); the range is fitted to the rows when drawn."""
        self.y_ticks = list(ticks)
        self.y_scores = None
        self.refresh()

    def set_scores(self, lo: float, hi: float, target: float, free: int = 0) -> None:
        """A scores axis from ``lo`` to ``hi`` with the ``target`` line: `score_scale` for
        the plot's rows, each time it is drawn, with ``free`` rows clear at the top."""
        self.y_scores = (lo, hi, target)
        self.free = free
        self.refresh()

    def fit_y(self, rows: int) -> tuple[list[float], float]:
        """The ticks to label and the top of the y range for a plot of ``rows`` rows: every
        tick on a row, the same number of rows apart; the most ticks (as given, every other
        one, ...) that leave at most a quarter of the rows unused above the top tick."""
        ticks = list(self.y_ticks)
        step = ticks[1] - ticks[0]
        options = []
        while True:
            k = len(ticks) - 1
            if rows - 1 >= k:
                per = (rows - 1) // k  # rows from one tick to the next
                options.append(((rows - 1) - per * k, -k, ticks, ticks[0] + step * (rows - 1) / per))
            if k < 2:
                break
            if k % 2:
                ticks = [*ticks, ticks[-1] + step]
            ticks, step = ticks[::2], step * 2
        if not options:
            return [ticks[0]], ticks[0] + step
        room = max(1, (rows - 1) // 4)  # the most ticks that leave at most a quarter unused
        fits = [o for o in options if o[0] <= room] or [min(options)]
        _waste, _k, best, top = min(fits, key=lambda o: o[1])
        return best, top

    def fit(self) -> None:
        """Set plotext's y range and ticks for the plot's present size (`score_scale`, or
        `fit_y` for ticks given)."""
        if self.y_scores is not None and self.size.height > self.CHROME + 1:
            self.scale = score_scale(*self.y_scores, self.size.height - self.CHROME, self.free)
            if self.scale is not None:
                self.plt.ylim(self.scale.lo, self.scale.top)
                self.plt.yticks(list(self.scale.ticks), [tick_label(t) for t in self.scale.ticks])
            return
        if len(self.y_ticks) >= 2 and self.size.height > self.CHROME + 1:
            ticks, top = self.fit_y(self.size.height - self.CHROME)
            self.plt.ylim(ticks[0], top)
            self.plt.yticks(ticks, [tick_label(t) for t in ticks])

    def render(self) -> Any:
        self.fit()
        out = super().render()
        if Style.ascii and isinstance(out, Text):
            out.plain = out.plain.translate(_BOX)
        return out


def legend_title(keys: Sequence[str], width: int) -> str | None:
    """The chart's title with the legend in it (``Score after each hand: ● You & North
    ○ West & East``) when that fits ``width`` columns, else None."""
    title = "Score after each hand: " + "   ".join(keys)
    return title if len(title) <= width else None


def plot_scores(
    chart: Chart,
    names: Sequence[str],
    scores: Sequence[Sequence[float]],
    target: float,
    target_text: str,
    most_height: int | None = None,
) -> None:
    """Every side's score after each hand: ``scores[k]`` is the scores after hand ``k``
    (``scores[0]`` the start, all 0), in the variant's display scale; ``names`` the sides.
    A line and a marker per side (no colour needed), the target as a horizontal line.

    The chart is made at least as tall as `rows_needed` says (its ``min-height``), up to
    ``most_height`` rows (default: the terminal's height less 8, what the game-over screen
    has around it), so that each side's last point is seen and no score under the target
    is drawn on the target line.

    The legend is never on a row with a score or the target line: it goes in the title
    row when it fits the chart's width (`legend_title`), else in plotext's legend over
    the top rows of the plot, which are then kept clear (a row a side, `fit_scale`)."""
    plt = chart.plt
    plt.clear_data()
    plt.clear_figure()
    plt.theme("clear")
    marks = markers()
    keys = [f"{marks[side % len(marks)]} {name[:20]}" for side, name in enumerate(names)]
    title = legend_title(keys, (chart.size.width or chart.app.size.width - 4) - 6)
    plt.title(title or "Score after each hand")
    free = 0 if title else len(names)  # plotext writes its legend over the top rows, a row a side
    xs = list(range(len(scores)))
    lo, hi = 0.0, float(target)
    for side, name in enumerate(names):
        ys = [float(row[side]) if side < len(row) else 0.0 for row in scores]
        lo, hi = min(lo, *ys), max(hi, *ys)
        plt.plot(xs, ys, marker=LINE)
        plt.scatter(xs, ys, marker=marks[side % len(marks)], label=None if title else name[:20])
    plt.hline(target)
    chart.set_scores(lo, hi, target, free)
    values = [float(x) for row in scores for x in row]
    finals = [float(scores[-1][side]) if side < len(scores[-1]) else 0.0 for side in range(len(names))]
    most = most_height if most_height is not None else chart.app.size.height - 8
    rows = rows_needed(lo, hi, target, values, finals, max(most - Chart.CHROME, 5), free)
    chart.styles.min_height = min(rows + Chart.CHROME, most) if rows else None
    xt = hand_ticks(max(xs, default=0))
    plt.xticks([float(t) for t in xt], [str(t) for t in xt])
    plt.xlabel(f"hand (the line: target {target_text})")
    chart.refresh()


__all__ = [
    "ASCII_MARKERS",
    "LINE",
    "TICK_STEPS",
    "Chart",
    "Scale",
    "fit_scale",
    "hand_ticks",
    "legend_title",
    "markers",
    "nice_ticks",
    "plot_scores",
    "rows_needed",
    "score_scale",
    "tick_label",
]
