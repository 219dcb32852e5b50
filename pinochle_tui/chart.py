"""Charts drawn with textual-plotext (over plotext), for the game-over screen and the
statistics screens (issue 12 §1, §3): the axes, scaling and labels are plotext's; this
module only chooses even ticks and fits the y range to the rows of the plot.

Importing this module loads textual-plotext and plotext (about 25 ms), so the screens
import it only when a chart is about to be shown (start-up never does: issue 12 §4).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
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


def markers() -> tuple[str, ...]:
    """One marker per series, told apart without colour."""
    return ("*", "o", "+") if Style.ascii else ("●", "○", "◆")


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

    def set_y(self, ticks: list[float]) -> None:
        """Evenly spaced y ticks (`nice_ticks`); the range is fitted to the rows when drawn."""
        self.y_ticks = list(ticks)
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
        """Set plotext's y range and ticks for the plot's present size (`fit_y`)."""
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


def plot_scores(
    chart: Chart,
    names: Sequence[str],
    scores: Sequence[Sequence[float]],
    target: float,
    target_text: str,
) -> None:
    """Every side's score after each hand: ``scores[k]`` is the scores after hand ``k``
    (``scores[0]`` the start, all 0), in the variant's display scale; ``names`` the sides.
    A line and a marker per side (no colour needed), the target as a horizontal line."""
    plt = chart.plt
    plt.clear_data()
    plt.clear_figure()
    plt.theme("clear")
    plt.title("Score after each hand")
    xs = list(range(len(scores)))
    lo, hi = 0.0, float(target)
    marks = markers()
    for side, name in enumerate(names):
        ys = [float(row[side]) if side < len(row) else 0.0 for row in scores]
        lo, hi = min(lo, *ys), max(hi, *ys)
        plt.plot(xs, ys, marker=LINE)
        plt.scatter(xs, ys, marker=marks[side % len(marks)], label=name[:20])
    plt.hline(target)
    chart.set_y(nice_ticks(lo, hi, 5))
    last = max(xs, default=0)
    xt = [int(t) for t in nice_ticks(0, max(last, 1), min(max(last, 1) + 1, 7)) if t == int(t)]
    plt.xticks([float(t) for t in xt], [str(t) for t in xt])
    plt.xlabel(f"hand (the line: target {target_text})")
    chart.refresh()


__all__ = ["LINE", "Chart", "markers", "nice_ticks", "plot_scores", "tick_label"]
