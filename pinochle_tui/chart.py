"""Charts drawn with textual-plotext (over plotext), for the game-over screen and the
statistics screens: the axes, scaling and labels are plotext's; this
module chooses even ticks, fits the y range to the rows of the plot, puts each score on
its side of the target line (`Scale`), gives each side its colour where colour shows
(`colours`) and never hides a side's point: no line is drawn over another side's point, and
a digit counts the sides whose points share a cell (`Chart.plot_series`).

Importing this module loads textual-plotext and plotext (about 25 ms), so the screens
import it only when a chart is about to be shown (start-up never does).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rich.color import Color as RichColor
from rich.style import Style as RichStyle
from rich.text import Text
from textual_plotext import PlotextPlot

from .render import Style

_BOX = str.maketrans("─│┌┐└┘├┤┬┴┼━┃┄", "-|+++++++++-|-")

PLAIN = "default"  # plotext's colour for the terminal's own (NO_COLOR, ASCII, the target line)

SERIES_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0x25, 0x7A, 0xE8),  # blue
    (0xD9, 0x5F, 0x0E),  # orange
    (0x2E, 0x9A, 0x3E),  # green
    (0xC0, 0x3C, 0xD8),  # magenta
    (0x0E, 0x9A, 0xA7),  # teal
)
"""Each series' colour where colour shows (its marker, its line and its key in the legend):
blue and orange first (told apart with red-green colour blindness), every one at least 3:1
in contrast (WCAG's figure for lines and marks) against both a dark and a light background:
3.4 to 4.4 on #121212 (textual-dark), 3.2 to 3.7 on #efefef (textual-light), worked out
with WCAG's relative luminance formula."""


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


def _nearest(lo: float, top: float, rows: int, value: float) -> int:
    """The row of ``rows`` from ``lo`` to ``top`` that plotext draws ``value`` on."""
    return math.floor(round(0.5 + (rows - 1) * (value - lo) / (top - lo), 8))


@dataclass(frozen=True)
class Scale:
    """A y axis for scores on a plot of ``rows`` rows: the rows are ``unit`` apart from
    ``lo`` (the bottom row) to ``top``; ``ticks`` (every ``per`` rows, a round step) fall
    on rows.  The target line is drawn on row ``line``: the target's own row when it falls
    on one, else the nearest row, or the next, that has no label (`score_scale`).

    plotext puts a value on the row nearest it (`row`).  Where the rows are coarser than
    the scores (at 80x24 three-hand's 9 rows are 16.7 points apart), the nearest row can
    tell a lie a player reads at once: a 98 drawn on the row of the 100 target line looks
    as if it reached the target.  So a value is drawn on its nearest row except that one
    under the target is drawn under the line and one at or over the target on or over it
    (`place`): always on the right side of the line, and less than a row and a half from
    where it is (`test_chart_target_side`)."""

    unit: float
    per: int
    lo: float
    top: float
    rows: int
    ticks: tuple[float, ...]
    target: float | None = None
    line: int | None = None

    def row(self, value: float) -> int:
        """The row plotext draws ``value`` on (its `get_matrix_data`: the nearest, a half up)."""
        return _nearest(self.lo, self.top, self.rows, value)

    def value(self, row: int) -> float:
        """The value exactly on ``row``."""
        return self.lo + row * self.unit

    def place(self, value: float) -> int:
        """The row ``value`` is drawn on: its nearest (`row`), moved to the row under the
        target line when it is under the target, to the line when it is at or over it."""
        r = self.row(value)
        if self.target is None or self.line is None:
            return r
        return min(r, self.line - 1) if value < self.target else max(r, self.line)

    def plotted(self, value: float) -> float:
        """What plotext is given for ``value`` so that it draws it on `place`'s row: the
        value itself where its nearest row is that row, else the value of the row."""
        r = self.place(value)
        return value if r == self.row(value) else self.value(r)

    def tick_on(self, row: int) -> float | None:
        """The tick labelled on ``row``, or None (the ticks are on rows 0, ``per``, ...)."""
        k, off = divmod(row, self.per)
        return self.ticks[k] if off == 0 and 0 <= k < len(self.ticks) else None

    def honest(self, values: Sequence[float]) -> bool:
        """Every value on its nearest row (none moved to keep to its side of the target line)."""
        return all(self.place(v) == self.row(v) for v in values)


def score_scale(
    lo_v: float, hi_v: float, target: float, rows: int, free: int = 0, values: Sequence[float] = ()
) -> Scale | None:
    """The y axis for scores from ``lo_v`` to ``hi_v`` and the ``target`` line on a plot of
    ``rows`` rows: 3 to 8 round ticks (`TICK_STEPS`) each on a row, ``per`` rows apart, the
    bottom tick at or below ``lo_v``, the rows above the top value left to fill the plot,
    at least ``free`` of them (the legend's rows: plotext writes it over the top rows, so a
    score or the target line there would be hidden by it).  The target line is on the
    target's row, or one within a row of it (`Scale.line`).

    Of the axes that fit, in this order of what matters: the target line never on a row
    labelled with another value (a target of 55 on the row of the 60 label reads as 60);
    rows no coarser than half as many points again as the finest that fit (`COARSEST`: the
    ticks end not far over the top score and the target, and scores far apart are on rows
    of their own); no score of ``values`` moved by the target rule (`Scale.place`) onto a
    labelled row more than half a row from its label; the target on a row of its own value
    where one fits, else on the row nearest it, else on the next (a target of 10 under
    scores of -3000, on rows 167 apart: the row of the 0 label is nearest, so the line goes
    on the row over it); the finest rows; no tick a whole step over the top score and the
    target (0, 1000, 2000 rather than 0, 500, ... 2500 on the same rows); the scores moved
    least; the target a tick; about five ticks.  None when no axis fits.

    (The rows' fineness came after the scores kept off labelled rows and the target on its
    row, whatever the coarseness: on 6 rows 0 to 1570 went 1000 points a row, ticks 0,
    2000 and 4000, the 1500 line over the 2000 label and 980 and 500 in one cell, so that
    1350 under the target was on no labelled row; on 5 rows -10000, 0, 10000 for scores
    under 1600.)"""
    lo_v, hi_v = min(lo_v, hi_v, target), max(lo_v, hi_v, target)
    if hi_v == lo_v:
        hi_v = lo_v + 1
    below = max((v for v in values if v < target), default=None)  # of those the rule moves, the
    above = min((v for v in values if v >= target), default=None)  # furthest down and up
    axes = list(_axes(lo_v, hi_v, rows, free))
    if not axes:
        return None
    coarsest = min(unit for _step, _lo, _per, unit, _count in axes) * COARSEST * (1 + 1e-9)
    best: tuple[tuple[int, int, int, int, int, float, int, float, int, int], Scale] | None = None
    for step, lo, per, unit, count in axes:
        coarse = int(unit > coarsest)
        exact = _multiple(target - lo, unit)
        if best is not None and best[0][:5] == (0, 0, 0, 0, 0) and (coarse or unit > best[0][5]):
            continue  # (no better than the best so far)
        top = lo + unit * (rows - 1)
        ticks = tuple(round(lo + i * step, 9) for i in range(count))
        at = (target - lo) / unit  # the target's place in rows
        near = _nearest(lo, top, rows, target)
        for line in (near,) if exact else (near - 1, near, near + 1):
            if not 0 <= line <= rows - 1 - free:
                continue
            scale = Scale(unit, per, lo, top, rows, ticks, target, line)
            judged = _judge(scale, hi_v, below, above, free)
            if judged is None:
                continue
            wrong, far, moved = judged
            off = 0 if exact else 1 if abs(line - at) <= 0.5 + 1e-9 else 2
            on_tick = _multiple(target - lo, step)
            over = int(ticks[-2] >= hi_v - 1e-9)  # a tick a whole step over the top value
            # the line a row or more from the target, or a score a row and a half from its own
            astray = int(abs(line - at) >= 1 - 1e-9 or moved >= 1.5 - 1e-9)
            key = (wrong, astray, coarse, far, off, unit, over, round(moved, 6), int(not on_tick), abs(count - 5))
            if best is None or key < best[0]:
                best = (key, scale)
    return best[1] if best is not None else None


COARSEST = 1.5
"""`score_scale`'s rows are at most this many times as coarse as the finest that fit."""


def _axes(lo_v: float, hi_v: float, rows: int, free: int) -> Iterator[tuple[float, float, int, float, int]]:
    """For `score_scale`: every axis that holds ``lo_v`` to ``hi_v`` on ``rows`` rows, less
    the ``free`` ones at the top, with 3 to 8 round ticks (`TICK_STEPS`): its tick step,
    its bottom, its rows from tick to tick, its points a row and its ticks' count."""
    mag = math.floor(math.log10(hi_v - lo_v))
    for k in range(mag - 3, mag + 2):
        for m in TICK_STEPS:
            step = m * 10.0**k
            lo = math.floor(round(lo_v / step, 9)) * step
            for per in range(1, 21):
                unit = step / per
                need = math.ceil(round((hi_v - lo) / unit, 9)) + 1  # rows from lo to the top value
                if need + free > rows:
                    continue
                count = math.floor(round(unit * (rows - 1) / step, 9)) + 1
                if 3 <= count <= 8:
                    yield step, lo, per, unit, count


def _judge(
    scale: Scale, hi_v: float, below: float | None, above: float | None, free: int
) -> tuple[int, int, float] | None:
    """For `score_scale`: None when ``scale`` puts the top value in the ``free`` rows, or
    the highest value under the target (``below``) under the bottom row; else whether the
    target line is on a row labelled with another value, whether a value moved by the
    target rule is on a labelled row more than half a row from its label, and the most
    rows a value is moved (``below`` and ``above``, the lowest at or over the target, are
    moved furthest)."""
    assert scale.line is not None and scale.target is not None
    if scale.place(hi_v) > scale.rows - 1 - free:
        return None
    label = scale.tick_on(scale.line)
    wrong = int(label is not None and abs(label - scale.target) > 1e-9)
    far, moved = 0, 0.0
    for v in (x for x in (below, above) if x is not None):
        r = scale.place(v)
        if r < 0:
            return None
        on = scale.tick_on(r)
        far |= int(on is not None and abs(v - on) > scale.unit / 2 + 1e-9)
        moved = max(moved, abs(r - (v - scale.lo) / scale.unit))
    return wrong, far, moved


def rows_needed(
    lo_v: float,
    hi_v: float,
    target: float,
    values: Sequence[float],
    finals: Sequence[float],
    most: int,
    free: int = 0,
    least: int = 5,
    hands: Sequence[Sequence[float]] = (),
) -> int:
    """The fewest plot rows (``least`` to ``most``) on which `score_scale` draws every value
    on its nearest row, none moved to keep it on its side of the target line (`Scale.place`:
    a 1400 under a 1500 target is then a row under the line because it is nearer that row,
    not because the rule put it there), and different final scores on different rows
    (each side's last point is seen, not drawn over by another's); failing that, the
    fewest on which the final scores are apart and no score the rule moves lands in the
    cell of another side's score of the same hand (``hands``: each hand's scores, a side
    each), so that a digit is drawn only where the sides' scores are on one row of their
    own accord (1350 under a 1500 target was moved onto the row of the other side's 900,
    a ``2`` for the two, on 5 rows 500 points apart); failing that,
    the fewest on which the final scores are apart; failing that 0 (no rows asked for).
    ``free``: the legend's rows at the top, kept clear (`score_scale`).  ``least``: the
    rows the chart has anyway, where to start (a round axis can fit fewer rows where it
    does not fit more: on 7 rows 0 to 1560 go 333 a row and 1400 is under the 1500 line's
    row, on 9 rows they go 250 a row and 1400 is nearest the line's)."""
    apart_at = kept_at = 0
    for rows in range(max(least, 5), most + 1):
        sc = score_scale(lo_v, hi_v, target, rows, free, values)
        if sc is None:
            continue
        apart = len({sc.place(f) for f in finals}) == len(set(finals))
        if apart and sc.honest(values):
            return rows
        if apart and not kept_at and not _moved_onto(sc, hands):
            kept_at = rows
        if apart and not apart_at:
            apart_at = rows
    return kept_at or apart_at


def _moved_onto(scale: Scale, hands: Sequence[Sequence[float]]) -> bool:
    """Whether ``scale`` moves a score (`Scale.place`) onto the row of another score of the
    same hand that is not on that row of its own accord."""
    for scores in hands:
        rows = [scale.place(v) for v in scores]
        for k, v in enumerate(scores):
            if rows[k] != scale.row(v) and rows.count(rows[k]) > 1:
                return True
    return False


def colours() -> tuple[str | tuple[int, int, int], ...]:
    """One plotext colour per series: `SERIES_COLOURS` where colour shows, else the
    terminal's own for all (NO_COLOR and ASCII mode: no colour code at all, the series
    told apart by their markers alone)."""
    if monochrome():
        return (PLAIN,) * len(SERIES_COLOURS)
    return SERIES_COLOURS


def monochrome() -> bool:
    """No colour on the chart: NO_COLOR, or ASCII mode (`colours`); the sides are told
    apart by their markers and their lines' characters (`lines`)."""
    return Style.ascii or not Style.color


MONO_LINES = ("·", "~", ":", "=", "'")
"""Each series' line, one character per series as its marker is (`markers`), so that the
sides' lines are told apart by their shapes, in colour too: with NO_COLOR, or for a player
who does not tell the colours apart, every line drawn in the same dots said nothing of
which line was whose.  None of them a character of the frame, the axes or the target line
(``─``, ``│``, `_BOX`), a marker or a digit (the count of sides in a cell)."""

ASCII_LINES = (".", "~", ":", "=", "'")
"""`MONO_LINES` in ASCII mode (no colour either): ASCII only, none of them a character of
the ASCII frame and axes (``+``, ``-``, ``|``) nor an `ASCII_MARKERS` marker."""


def lines() -> tuple[str, ...]:
    """One line character per series, `MONO_LINES` (`ASCII_LINES` in ASCII mode), where
    colour shows too (each line in its series' colour as well): a line told from another by
    its character, named in the legend beside its marker (`legend_key`)."""
    return ASCII_LINES if Style.ascii else MONO_LINES


def legend_key(marker: str, line: str, name: str) -> str:
    """A side's key in the legend: its marker, its line's character and its name
    (``●·· You & North``, ``○~~ West & East``, ``o~~ West`` in ASCII: `lines`), as the
    plot draws them, in colour too: a legend of markers alone (``● You & North``) beside
    lines drawn ``···`` and ``~~~`` did not say which line was whose.  Where the keys do
    not fit the title row (five sides at 80 columns) they go over the plot's top rows
    (`plot_scores`)."""
    return f"{marker}{line * 2} {name}"


def several_key(count: int) -> str | None:
    """The legend's key for a digit drawn where that many sides' points fall in one cell
    (`Chart.plot_series`); None for one side."""
    if count < 2:
        return None
    return "2 = both" if count == 2 else f"2-{count} = sides here"


def markers() -> tuple[str, ...]:
    """One marker per series, told apart without colour (five: eight-hand's four teams,
    five-hand's five players)."""
    return ASCII_MARKERS if Style.ascii else ("●", "○", "◆", "◇", "■")


ASCII_MARKERS = ("*", "o", "x", "@", "#")
"""The ASCII markers: none of them a character of the ASCII frame and axes (``+``, ``-``,
``|``, `_BOX`) nor of the lines between points (`ASCII_LINES`), so a point is never read
as a tick, a corner or a line."""


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
    range is stretched above the top tick until the row spacing divides evenly.

    Scores (`set_scores`) are plotted again at each drawing, on the axis `score_scale`
    fits to the plot's rows then: each point where `Scale.place` says (on its side of the
    target line) and the target line on `Scale.line`."""

    DEFAULT_CSS = """
    Chart { height: 12; width: 1fr; }
    """

    CHROME = 5  # rows that are not the plot: the title, the frame's two lines, the x ticks, the x label

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.y_ticks: list[float] = []
        self.y_scores: tuple[float, float, float] | None = None  # lowest, highest, target
        self.series: list[Series] = []  # the scores plotted (`set_scores`)
        self.free = 0  # the top rows kept clear for the legend (`score_scale`)
        self.scale: Scale | None = None  # the scores' axis as last drawn
        self.title_keys: list[tuple[str, str | tuple[int, int, int]]] = []  # the legend in the title

    def set_y(self, ticks: list[float]) -> None:
        """Evenly spaced y ticks (`nice_ticks`); the range is fitted to the rows when drawn."""
        self.y_ticks = list(ticks)
        self.y_scores = None
        self.refresh()

    def set_scores(self, series: Sequence[Series], target: float, free: int = 0) -> None:
        """Plot ``series`` (from 0) with the ``target`` line, on a scores axis that
        `score_scale` fits to the plot's rows each time it is drawn, with ``free`` rows
        clear at the top.  Until then they are plotted as they are."""
        self.series = list(series)
        values = [y for s in self.series for y in s.ys]
        self.y_scores = (min([0.0, *values]), max([target, *values]), target)
        self.free = free
        self.plot_series(None)
        self.refresh()

    def plot_series(self, scale: Scale | None) -> None:
        """Give plotext the series and the target line, each value where ``scale`` draws
        it (`Scale.plotted`), or as it is without one.

        Every series' line first, then every series' points, so that no line is drawn over
        another series' point; last, where two or more series fall in one cell (the same
        hand, the same row: `shared`), a digit saying how many (at hand 0 every side's 0),
        so no series is hidden under another's marker."""
        if self.y_scores is None:
            return
        at = scale.plotted if scale is not None else (lambda v: v)
        target = self.y_scores[2]
        self.plt.clear_data()
        for s in self.series:
            self.plt.plot(list(range(len(s.ys))), [at(y) for y in s.ys], marker=s.line, color=s.colour)
        for s in self.series:
            xs = list(range(len(s.ys)))
            self.plt.scatter(xs, [at(y) for y in s.ys], marker=s.marker, label=s.label, color=s.colour)
        if scale is not None:
            key = several_key(len(self.series)) if any(s.label for s in self.series) else None
            for count, points in sorted(self.shared(scale).items()):
                hands, values = [h for h, _ in points], [v for _, v in points]
                self.plt.scatter(hands, values, marker=str(count), label=key, color=PLAIN)
                key = None  # (one key in plotext's legend for every count)
        line = scale.value(scale.line) if scale is not None and scale.line is not None else target
        self.plt.hline(target if scale is None or scale.row(target) == scale.line else line, color=PLAIN)

    def shared(self, scale: Scale) -> dict[int, list[tuple[int, float]]]:
        """The cells where two or more series have a point, by how many: (hand, the value
        plotext is given, which is on the cell's row).  Each hand is its own column (the
        plot is wider than the hands: `hand_ticks`)."""
        cells: dict[tuple[int, int], list[float]] = {}
        for s in self.series:
            for hand, y in enumerate(s.ys):
                cells.setdefault((hand, scale.place(y)), []).append(scale.plotted(y))
        out: dict[int, list[tuple[int, float]]] = {}
        for (hand, _row), ys in sorted(cells.items()):
            if len(ys) > 1:
                out.setdefault(len(ys), []).append((hand, ys[0]))
        return out

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
            values = [y for s in self.series for y in s.ys]
            self.scale = score_scale(*self.y_scores, self.size.height - self.CHROME, self.free, values)
            self.plot_series(self.scale)
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
        if isinstance(out, Text) and self.title_keys:
            colour_title(out, self.title_keys)
        return out


def colour_title(out: Text, keys: Sequence[tuple[str, str | tuple[int, int, int]]]) -> None:
    """Colour each key's marker in the title row (its first line) as its series is drawn:
    ``keys`` are the legend's texts (``● You & North``) and their plotext colours (the
    terminal's own: left as it is)."""
    first = out.plain.split("\n", 1)[0]
    start = 0
    for key, colour in keys:
        at = first.find(key, start)
        if at < 0:
            continue
        start = at + len(key)
        if isinstance(colour, tuple):
            out.stylize(RichStyle(color=RichColor.from_rgb(*colour)), at, at + 1)


@dataclass(frozen=True)
class Series:
    """One side's scores after each hand (``ys[k]`` after hand ``k``, from 0), its marker,
    its name in plotext's legend (None: the legend is in the title), its colour and the
    character of its line (`lines`)."""

    ys: tuple[float, ...]
    marker: str
    label: str | None = None
    colour: str | tuple[int, int, int] = PLAIN  # plotext's colour for its points and line (`colours`)
    line: str = MONO_LINES[0]


TITLES = ("Score after each hand: ", "Scores: ")
"""The chart's title before the legend, the shorter where the longer leaves it no room
(five-hand's past game at 80x24: ``Scores: ● You   ○ West   ◆ Northwest ...``)."""


def legend_title(keys: Sequence[str], width: int, prefix: str = TITLES[0]) -> str | None:
    """The chart's title with the legend in it (``Score after each hand: ● You & North
    ○ West & East``) when that fits ``width`` columns, else None."""
    title = prefix + "   ".join(keys)
    return title if len(title) <= width else None


def plot_scores(
    chart: Chart,
    names: Sequence[str],
    scores: Sequence[Sequence[float]],
    target: float,
    target_text: str,
    most_height: int | None = None,
    least_height: int = Chart.CHROME + 5,
) -> None:
    """Every side's score after each hand: ``scores[k]`` is the scores after hand ``k``
    (``scores[0]`` the start, all 0), in the variant's display scale; ``names`` the sides.
    A line and a marker per side, each of its own character (`markers`, `lines`: told
    apart with no colour, or colours a player does not tell apart), in the side's colour
    where colour shows (`colours`), both in the legend where no colour shows
    (`legend_key`), a digit where two or more sides' points fall in one cell (`several_key`
    in the legend), the target as a horizontal line.

    The chart is made at least as tall as `rows_needed` says (its ``min-height``), from
    ``least_height`` (what the screen gives it anyway) up to ``most_height`` rows (default:
    the terminal's height less 8, what the game-over screen has around it), so that each
    side's last point is seen and each score is drawn on its nearest row; where they do
    not fit, a score is still drawn on its side of the target line (`Scale.place`).

    The legend is never on a row with a score or the target line: it goes in the title
    row when it fits the chart's width (`legend_title`, after the shorter `TITLES` where
    the longer leaves no room; the digit's key in the x label when the title has room for
    the sides alone), else in plotext's legend over the top rows of the plot, which are
    then kept clear (a row a side and the digit's, `score_scale`)."""
    plt = chart.plt
    plt.clear_data()
    plt.clear_figure()
    plt.theme("clear")
    marks, tints, joins = markers(), colours(), lines()
    keys = [
        legend_key(marks[side % len(marks)], joins[side % len(joins)], name[:20]) for side, name in enumerate(names)
    ]
    several = several_key(len(names))
    width = (chart.size.width or chart.app.size.width - 4) - 6
    title, caption = None, ""  # (the digit's key under the plot when the title has room for the sides alone)
    for prefix in TITLES:
        if (title := legend_title([*keys, *([several] if several else [])], width, prefix)) is not None:
            break
        if several and (title := legend_title(keys, width, prefix)) is not None:
            caption = "; a digit: that many sides at one point"
            break
    plt.title(title or "Score after each hand")
    chart.title_keys = [(k, tints[side % len(tints)]) for side, k in enumerate(keys)] if title else []
    # plotext writes its legend over the top rows, a row a side and one for the digit's key
    free = 0 if title else len(names) + (1 if several else 0)
    series = [
        Series(
            tuple(float(row[side]) if side < len(row) else 0.0 for row in scores),
            marks[side % len(marks)],
            None if title else legend_key("", joins[side % len(joins)], name[:20]).lstrip(),
            tints[side % len(tints)],
            joins[side % len(joins)],
        )
        for side, name in enumerate(names)
    ]
    chart.set_scores(series, target, free)
    values = [y for s in series for y in s.ys]
    finals = [s.ys[-1] for s in series]
    lo, hi = min([0.0, *values]), max([target, *values])
    most = most_height if most_height is not None else chart.app.size.height - 8
    least = least_height - Chart.CHROME
    rows = rows_needed(lo, hi, target, values, finals, max(most - Chart.CHROME, 5), free, least, scores)
    chart.styles.min_height = min(rows + Chart.CHROME, most) if rows else None
    xt = hand_ticks(len(scores) - 1)
    plt.xticks([float(t) for t in xt], [str(t) for t in xt])
    plt.xlabel(f"hand (the line: target {target_text}{caption})")
    chart.refresh()


__all__ = [
    "ASCII_LINES",
    "ASCII_MARKERS",
    "MONO_LINES",
    "SERIES_COLOURS",
    "TICK_STEPS",
    "TITLES",
    "Chart",
    "Scale",
    "Series",
    "colours",
    "hand_ticks",
    "legend_key",
    "legend_title",
    "lines",
    "markers",
    "monochrome",
    "nice_ticks",
    "plot_scores",
    "rows_needed",
    "score_scale",
    "several_key",
    "tick_label",
]
