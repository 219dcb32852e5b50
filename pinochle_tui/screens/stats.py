"""The statistics screen and a past game's hand-by-hand screen.

`StatsScreen`: the figures (`stats.figures_lines`, the same words as ``pinochle stats``),
your side's running win rate plotted with textual-plotext, and the past games, newest
first; Enter opens one (`GameHistoryScreen`: its hands one row each, every side's score
plotted hand by hand, and ``r`` to play its deals again: the same variant, seats, seed and
target through the app's `start_new_game`).  Esc closes either.  Keyboard only.

This module imports textual-plotext (about 25 ms); the app imports it only when the
screen opens (`PinochleApp.action_show_stats`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from rules.bounded_read import parse_json
from rules.cards import parse_cards

from ..chart import Chart, colours, lines, markers, nice_ticks, plot_scores
from ..cli_common import visible
from ..controller import Seat, seat_name_problem
from ..render import Style
from ..stats import (
    MAX_JSON_CELL,
    GameSummary,
    HandRow,
    StatsError,
    StatsStore,
    TallyCheck,
    figures_lines,
    local_time,
)
from ..widgets import COMPASS_SHORT, KeysFooter, SizeWatch, TooSmall, cut_name, is_live, plain


class StatsScreen(SizeWatch, Screen[None]):
    """The figures, the running win rate and the past games, newest first."""

    DEFAULT_CSS = """
    StatsScreen #stats-body { height: 1fr; }
    StatsScreen #stats-top { height: auto; }
    StatsScreen #stats-figures { height: auto; padding: 0 1; }
    StatsScreen #stats-notice { height: auto; padding: 0 1; text-style: bold; }
    StatsScreen #stats-games { height: auto; max-height: 45%; }
    StatsScreen .stats-head { height: 1; padding: 0 1; text-style: bold; }
    StatsScreen.-wide #stats-top { layout: horizontal; }
    StatsScreen.-wide #stats-figures { width: 82; }
    StatsScreen.-wide #stats-chart { width: 1fr; }
    StatsScreen.-wide #stats-games { height: 1fr; max-height: 100%; }
    """

    WIDE = 150  # columns from which the figures and the plot stand side by side
    KEEP_GAMES = 6  # side by side: the rows of past games (and their header) kept in sight at least

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close", id="stats_close"),
        Binding("enter", "open_game", "open the game", id="stats_open", show=True),
        Binding("v", "next_variant", "variant", id="stats_variant"),
        Binding("pageup", "scroll_body(-1)", "figures up", id="stats_up", priority=True),
        Binding("pagedown", "scroll_body(1)", "figures down", id="stats_down", priority=True),
        # the past games a page at a time (`PAGE`): each offered where there is such a page
        Binding("n", "page(1)", "older games", id="stats_older"),
        Binding("p", "page(-1)", "newer games", id="stats_newer"),
    ]

    READ_AT_ONCE = 2000
    """Games read on the UI thread when the screen opens (about 0.3 s); more: in a thread."""

    READ_AT_ONCE_BYTES = 8_000_000
    """A statistics file this big (about 1,700 games) is opened in a thread as well."""

    PAGE = 100
    """Past games listed at a time, newest first (``n`` the older ones, ``p`` back)."""

    def __init__(self) -> None:
        super().__init__()
        self.variant: str | None = None  # None: every variant
        self.store: StatsStore | None = None
        self.notice = ""
        self.games: list[GameSummary] = []  # the page of past games shown
        self.page = 0  # which page of `PAGE` games, 0 the newest
        self.total = 0  # the past games there are (of `variant`), on every page
        self.lines: list[str] = []  # the figures, as last read
        self.rates: list[tuple[int, float]] = []
        self.hot_seat = 0  # finished games with humans on opposing sides (no "your side")
        self.your_open = 0  # unfinished games with a human seat
        self.checks_started = False  # the checks of the whole file are begun (`_check_file`)
        self.checked_notice = ""  # what the check of the tallies found and did (`_check_file`)

    def compose(self) -> ComposeResult:
        with Vertical(classes="body"):
            yield Static(Text("Statistics", style="bold underline"), id="stats-title", classes="stats-head")
            yield Static("", id="stats-notice")
            with VerticalScroll(id="stats-body"), Container(id="stats-top"):
                yield Static("", id="stats-figures")
                yield Chart(id="stats-chart")
            yield Static(
                "Past games, newest first (Enter opens one):",
                id="stats-games-head",
                classes="stats-head",
            )
            table: DataTable[str] = DataTable(id="stats-games", cursor_type="row", zebra_stripes=True)
            yield table
        yield TooSmall()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#stats-games", DataTable).focus()
        if not self._big_file():
            self.store = self._open()
            self.reload()
            return
        # a big file is opened in the thread too, without SQLite's check of the whole file
        # (0.45 s at 100,000 games): that runs once the figures are shown (`_check_file`)
        self.query_one("#stats-figures", Static).update(Text(READING))
        variant = self.variant

        def read() -> tuple[Any, ...]:
            store = self._open(check_file=False)
            # a file with games not tallied yet (from before the tallies) checks their rows
            # first (some 4 s at 100,000 games): the newest page meanwhile, checked game by game
            with contextlib.suppress(StatsError):  # (said by the full read, next)
                if store is not None and not store.tallied():
                    self._reply(self._show_page, store.newest_games(variant, self.PAGE))
            return store, self._read(store, variant, self.PAGE)

        def show(got: tuple[Any, ...]) -> None:
            self.store = got[0]
            self._show(got[1])

        self._in_thread(read, show)

    def _check_file(self) -> None:
        """The checks of the whole file, in a thread once the figures are first shown (never
        on the screen's thread: some seconds at 100,000 games).  SQLite's quick check, where
        the file was opened without it: a damaged file is then set aside and said in one
        line, as an opening that checked it says it, and nothing is shown from it.  Then the
        games' tallies against their rows (`StatsStore.check_tallies`): where they differed
        the tallies were worked out again and a copy of the file kept, said in one line
        below any other (`checked_notice`), and the figures are read again."""
        store = self.store
        if store is None or self.checks_started:
            return
        self.checks_started = True

        def check() -> TallyCheck:
            why = None if store.file_checked else store.file_problem()
            return TallyCheck(damaged=why) if why is not None else store.check_tallies()

        def checked(got: TallyCheck) -> None:
            if self.store is not store:
                return
            if got.damaged is not None:
                try:
                    store.set_aside_as_damaged(got.damaged)
                except StatsError as exc:
                    self.notice = self.checked_notice = ""
                    self._show((None, [], [], 0, str(exc), None))
            elif got.said is not None:
                self.checked_notice = got.said
                self.reload()

        self.run_worker(lambda: self._reply(checked, check()), thread=True, group="stats-check", exit_on_error=False)

    def notices(self) -> list[str]:
        """The lines the notice shows: what was found wrong reading the file, then what the
        check of its tallies found and did."""
        return [n for n in (self.notice, self.checked_notice) if n]

    def _reply(self, show: Any, got: Any) -> None:
        """``show(got)`` on the app's thread, if the screen is still up."""
        with contextlib.suppress(Exception):  # the screen may have closed meanwhile
            self.app.call_from_thread(lambda: show(got) if self.is_attached else None)

    def _show_page(self, games: list[GameSummary]) -> None:
        """The newest page of past games while the figures are still read (`on_mount`); the
        store stays unset meanwhile, so Enter, ``v``, ``n`` and ``p`` wait for the full read."""
        if self.store is not None:
            return  # the full read came first
        self.games, self.total = games, len(games)
        self._games_head()
        self._fill_list(self.app.size.width)

    def _big_file(self) -> bool:
        """The statistics file is past `READ_AT_ONCE_BYTES`."""
        from ..stats import db_path

        try:
            return db_path().stat().st_size > self.READ_AT_ONCE_BYTES
        except OSError:
            return False

    def on_resize(self, event: Any) -> None:
        super().on_resize(event)
        if self.is_mounted:
            self.lay_out()

    def fit_rows(self, width: int) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
        """The past games' columns and rows for ``width`` columns, the fullest that fits
        (a cell is its widest text and a space each side): with the seats; without them
        (they are on each game's own screen); the day without the time; the names joined
        by ``&``; then the variants and results in short words (`short_variant`:
        ``3-hand``, ``partn-hoyle``; ``unfinished`` without its hands), the names whole
        where they fit, else every name cut by one rule, to the same cells with ``…``
        (`name_rooms`: ``Annabel&Christopher``, ``Anna…&Chri…``, ``An…&Ch…``), in the
        result and the scores alike, never bare numbers (short words come first:
        else every name was cut to a letter beside ``partnership``); then compass names by
        their letters (``NW``), cut by the same rule, then the sides not in line; then all
        of these in short words again without the day (one variant's view: without the
        variant column), then without both (each game's own screen has both).  Each side's name and score
        line up from row to row (`game_rows`) but in the last.  Where nothing fits, the
        narrowest.
        (At 80 columns the list ran past the edge with every name cut to a letter: the
        other side's score and the seats were off-screen.)"""
        if not self.games:
            rows: list[tuple[str, ...]] = [("—", "no games yet", "", "", "")]
            return GAME_COLUMNS, rows
        cols: tuple[str, ...] = game_columns(self.games)
        for cols, rows in self._tries():
            if rows_width(cols, rows) <= width - 2:
                break
        return cols, rows

    def _tries(self) -> Iterator[tuple[tuple[str, ...], list[tuple[str, ...]]]]:
        """`fit_rows`'s columns and rows, the fullest first (each made only when the one
        before it does not fit)."""
        full = game_rows(self.games, None, " & ")
        columns = game_columns(self.games)
        yield columns, full
        yield columns[:-1], [r[:-1] for r in full]
        yield columns[:-1], [(r[0], r[1][:10], *r[2:-1]) for r in full]
        yield columns[:-1], [(r[0], r[1][:10], *r[2:-1]) for r in game_rows(self.games, None, "&")]
        # every name whole before any is cut: the variant in short words, then the day
        # without its year (at 80 columns a hot-seat list read "Gran…&Leo 420" where
        # "Grandpa&Leo 420" fitted beside "12-07")
        whole = game_rows(self.games, None, "&", True)
        yield columns[:-1], [(r[0], r[1][:10], *r[2:-1]) for r in whole]
        yield columns[:-1], [(r[0], r[1][5:10], *r[2:-1]) for r in whole]
        rooms = name_rooms(self.games)
        narrow = [(room, False, True) for room in rooms]  # (names' room, compass letters, in line)
        narrow += [(room, True, align) for align in (True, False) for room in name_rooms(self.games, letters=True)]
        # all four; without the day (the variant says more: every variant's rows read alike
        # without it), or, in one variant's view (its title names it), without the variant;
        # then without both
        for keep in ((0, 1, 2, 3), (1, 2, 3) if self.variant else (0, 2, 3), (2, 3)):
            for room, letters, align in narrow:
                rows = game_rows(self.games, room, "&", True, letters, align)
                yield (
                    tuple(columns[i] for i in keep),
                    [tuple(r[i][:10] if i == 1 else r[i] for i in keep) for r in rows],
                )

    def _open(self, check_file: bool = True) -> StatsStore | None:
        """The app's statistics database, without beginning one (a damaged one is set aside
        and said in one line; not ``check_file``: SQLite's check of the file left for
        `_check_file`)."""
        try:
            return self.app.stats_store(create=False, check_file=check_file)  # type: ignore[attr-defined, no-any-return]
        except StatsError as exc:
            self.notice = str(exc)
            return None

    def reload(self) -> None:
        """Read the figures, the plot's rates and the newest page of games (of
        `self.variant`) and show them.  Past `READ_AT_ONCE` games they are read in a thread
        (at 10,000 games the screen froze 1.6 s, at 100,000 12.4 s), the screen saying so
        meanwhile; a newer read (v: another variant) replaces one still running."""
        self.page = 0
        store, variant = self.store, self.variant
        try:
            many = self._many(store)
        except StatsError as exc:  # damaged since it was opened: set aside, and said
            self._show((None, [], [], 0, str(exc), None))
            return
        if not many:
            self._show(self._read(store, variant, self.PAGE))
            return
        self.query_one("#stats-figures", Static).update(Text(READING))
        self._in_thread(lambda: self._read(store, variant, self.PAGE), self._show)

    def _many(self, store: StatsStore | None) -> bool:
        """Past `READ_AT_ONCE` games in the file: read in a thread (asked without reading
        them: the first read checks every row, and took seconds on the UI thread).  Raises
        `StatsError` as the store does: a file damaged since it was opened is set aside by
        this first look at it, and its one line is the caller's to say."""
        return store is not None and store.size() > self.READ_AT_ONCE

    def _in_thread(self, read: Any, show: Any) -> None:
        """``show(read())``, ``read`` in a thread (one at a time: a newer one replaces it)."""

        def run() -> None:
            self._reply(show, read())

        self.run_worker(run, thread=True, group="stats-read", exclusive=True, exit_on_error=False)

    @staticmethod
    def _read(store: StatsStore | None, variant: str | None, page: int) -> tuple[Any, ...]:
        """What `_show` shows: (figures or None, rates, the newest ``page`` games, how many
        there are, problem or None, store or None)."""
        if store is None:
            return None, [], [], 0, None, None
        try:
            return (
                store.figures(variant),
                thin(store.running_win_rate(variant), PLOT_POINTS),
                store.games(variant, limit=page),
                store.game_count(variant),
                store.problem,
                store,
            )
        except StatsError as exc:
            return None, [], [], 0, str(exc), None

    def _show(self, got: tuple[Any, ...]) -> None:
        fig, rates, self.games, self.total, problem, store = got
        if store is None and problem is not None:
            self.store = None
        self.notice = problem or self.notice
        if store is not None:
            self._check_file()  # (once, after the figures are first shown)
        if fig is None:
            lines = ["No statistics to show."] if self.notice else ["No games yet."]
        else:
            lines = figures_lines(fig, damaged=False)
        self.hot_seat = int((fig or {}).get("hot_seat", {}).get("finished_games", 0))
        self.your_open = int((fig or {}).get("your_side", {}).get("unfinished", 0))  # a human seat, unfinished
        head = "Statistics" + (f": {visible(self.variant)} only (v: the next variant)" if self.variant else "")
        self.query_one("#stats-title", Static).update(Text(head, style="bold underline"))
        said = self.notices()
        self.query_one("#stats-notice", Static).update(Text("\n".join(visible(n) for n in said)))
        self.query_one("#stats-notice", Static).display = bool(said)
        self.query_one("#stats-figures", Static).update(Text("\n".join(lines)))
        self.lines, self.rates = lines, rates
        self.lay_out()

    def lay_out(self) -> None:
        """The plot and the past games for the terminal's width (the figures as read)."""
        lines, rates = self.lines, self.rates
        width = self.app.size.width
        self.set_class(width >= self.WIDE, "-wide")  # the figures and the plot side by side
        chart = self.query_one("#stats-chart", Chart)
        tall = self.wide_rows(len(lines), max(len(self.games), 1)) if width >= self.WIDE else None
        chart.styles.height = tall
        self.query_one("#stats-body").styles.height = tall
        self._plot_rates(rates)
        self._games_head()
        self._fill_list(width)
        if tall is None:
            self.call_after_refresh(self._fill_body)

    def _fill_body(self) -> None:
        """One above the other (narrower than `WIDE`), the plot takes the rows the figures
        leave in the body, at least its own 12: the body is the screen less the past games,
        and under a plot of 12 rows it stood empty (4 rows at 100x32 with one game)."""
        if not is_live(self) or self.has_class("-wide"):
            return
        body = self.query_one("#stats-body", VerticalScroll)
        figures = self.query_one("#stats-figures", Static).outer_size.height
        chart = self.query_one("#stats-chart", Chart)
        room = body.size.height - figures
        if room > CHART_ROWS and chart.outer_size.height != room:
            chart.styles.height = room

    def _fill_list(self, width: int) -> None:
        """The past games' table, its columns fitted to ``width`` (`fit_rows`)."""
        table = self.query_one("#stats-games", DataTable)
        cols, rows = self.fit_rows(width)
        row = table.cursor_row
        table.clear(columns=True)  # (a kept column kept the last view's width: the row ran past the edge)
        table.add_columns(*plain(*cols))
        for g, cells in zip(self.games, rows, strict=False):
            table.add_row(*plain(*cells), key=str(g.id))
        if not self.games:
            table.add_row(*plain(*rows[0]), key="none")
        table.move_cursor(row=min(row, table.row_count - 1))

    def wide_rows(self, figures: int, games: int) -> int:
        """Side by side (`WIDE`), the rows of the figures and the plot: the whole plot is in
        sight (the figures scroll beside it, PageUp and PageDown), and the past games below
        get the rows they need, at least `KEEP_GAMES`; the plot takes the rest, never fewer
        than 16 rows, the figures' lines or half the terminal where there is room.  (The plot
        was as tall as the figures in a body of at most 60% of the screen: at 200x60 with
        six variants played, 37 lines of figures, it was cut off above its x axis while 9
        rows under the past games were empty.)"""
        height = self.app.size.height
        notice = sum(  # (their wrapped lines)
            -(-cell_len(visible(n)) // max(self.app.size.width - 2, 1)) for n in self.notices()
        )
        room = height - 1 - 1 - notice - 1  # less the footer, the title, the notice, the past games' head
        need = games + 1  # the past games and their header
        want = max(16, figures + 1, (height - 4) // 2)
        return max(min(max(want, room - need), room - min(need, self.KEEP_GAMES)), 5)

    def _plot_rates(self, rates: list[tuple[int, float]]) -> None:
        chart = self.query_one("#stats-chart", Chart)
        plt = chart.plt
        plt.clear_data()
        plt.clear_figure()
        plt.theme("clear")
        if rates:
            plt.title("Your side's win rate after each finished game (%)")
            xs = [n for n, _ in rates]
            ys = [r for _, r in rates]
            plt.plot(xs, ys, marker=lines()[0], color=colours()[0])
            plt.scatter(xs, ys, marker=markers()[0], color=colours()[0])  # no legend: the title names the one series
            chart.set_y([0, 25, 50, 75, 100])
            ticks = [int(t) for t in nice_ticks(1, max(xs), min(len(xs), 6)) if t >= 1 and t == int(t)]
            plt.xticks([float(t) for t in ticks], [str(t) for t in ticks])
            plt.xlabel("finished games")
        else:
            # why the plot is empty, in its title: the first row of the plot, in sight wherever
            # any of it is (at 80x24 the figures above push its last row, a caption under the
            # x axis, out of the view)
            if self.hot_seat:
                why = "no finished game with the humans all on one side yet"
            elif self.your_open:
                why = "no finished game yet"
            else:
                why = "no finished game with a human seat yet"
            plt.title(f"Your side's win rate: {why}")
            # a point of no mark: plotext draws no axis of a plot with nothing in it, and the
            # empty plot had no y labels, no x tick, no caption
            plt.scatter([1], [0], marker=" ")
            chart.set_y([0, 50, 100])
            plt.xticks([1], ["1"])
            plt.xlabel("finished games")
        chart.refresh()

    def _games_head(self) -> None:
        """The past games' head: which of how many this page lists, and the page keys."""
        head = "Past games, newest first (Enter opens one):"
        if self.total > len(self.games) and self.games:
            first = self.page * self.PAGE + 1
            which = f"{first:,}-{first + len(self.games) - 1:,} of {self.total:,}"
            keys = ", ".join(f"{k} {what}" for k, what, by in (("n", "older", 1), ("p", "newer", -1)) if self._has(by))
            forms = (  # one row: the shorter where the terminal is narrow (at 80 columns "p newer" was cut off)
                f"Past games {which}, newest first (Enter opens one; {keys}):",
                f"Games {which}, newest first (Enter opens; {keys}):",
                f"Games {which} (Enter opens; {keys}):",
            )
            head = next((f for f in forms if len(f) <= self.app.size.width - 2), forms[-1])
        self.query_one("#stats-games-head", Static).update(head)
        self.refresh_bindings()

    def _has(self, by: int) -> bool:
        """There is a page ``by`` pages from this one."""
        page = self.page + by
        return page >= 0 and page * self.PAGE < self.total

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "page":
            return self._has(int(parameters[0]))  # type: ignore[call-overload]
        return super().check_action(action, parameters)

    def action_page(self, by: int) -> None:
        """``n`` (1): the page of older games; ``p`` (-1): the newer."""
        if self.store is None or not self._has(by):
            return
        page, store, variant = self.page + by, self.store, self.variant

        def read() -> tuple[list[GameSummary], int] | str:
            try:
                return store.games(variant, limit=self.PAGE, offset=page * self.PAGE), store.game_count(variant)
            except StatsError as exc:
                return str(exc)

        def show(got: tuple[list[GameSummary], int] | str) -> None:
            if isinstance(got, str):
                self.notify(got, severity="warning", markup=False)
                return
            self.page, (self.games, self.total) = page, got
            self.query_one("#stats-games", DataTable).move_cursor(row=0)
            self.lay_out()

        try:
            many = self._many(store)
        except StatsError as exc:
            show(str(exc))
            return
        if many:
            self._in_thread(read, show)
        else:
            show(read())

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll_body(self, direction: int) -> None:
        body = self.query_one("#stats-body", VerticalScroll)
        if direction < 0:
            body.scroll_page_up()
        else:
            body.scroll_page_down()

    def action_next_variant(self) -> None:
        if self.store is None:
            return
        try:
            names: list[str | None] = [None, *self.store.variants()]
        except StatsError as exc:
            self.notice = str(exc)
            names = [None]
        i = names.index(self.variant) if self.variant in names else 0
        self.variant = names[(i + 1) % len(names)]
        self.reload()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open_game()

    def action_open_game(self) -> None:
        table = self.query_one("#stats-games", DataTable)
        if self.store is None or not self.games or not 0 <= table.cursor_row < len(self.games):
            return
        g = self.games[table.cursor_row]
        try:
            found = self.store.game(g.id)
        except StatsError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        if found is None:
            self.notify("That game is no longer in the statistics.", markup=False)
            return
        self.app.push_screen(GameHistoryScreen(*found))


CHART_ROWS = 12
"""The win-rate plot's rows at the least, where it stands under the figures (`Chart`'s own)."""

READING = "Reading the statistics of many games..."
"""The figures' place while they are read in a thread."""

PLOT_POINTS = 400
"""The win-rate plot's points at most: more than a terminal's columns show (at 100,000
games plotting every one held the screen for seconds at every draw)."""


def thin(points: list[tuple[int, float]], most: int) -> list[tuple[int, float]]:
    """``points`` cut to ``most`` evenly spread along them, the first and the last kept
    (a running rate changes little from one game to the next: the line reads the same)."""
    if len(points) <= most:
        return points
    step = (len(points) - 1) / (most - 1)
    return [points[round(k * step)] for k in range(most)]


GAME_COLUMNS = ("Variant", "Date", "Result", "Final scores", "Seats")
"""The past games' columns: the variant first, so a narrow list drops the day before it
(`PastGames.fit_rows`), and a row reads as what was played, then when.  The scores' head
says what they are (`game_columns`)."""

UNFINISHED_SCORES = "Scores (final or so far)"
"""The scores' head over a list with an unfinished game in it (`game_columns`)."""


def game_columns(games: Sequence[GameSummary]) -> tuple[str, ...]:
    """`GAME_COLUMNS` for ``games``, the scores' head true of every row: ``Final scores``
    where every game is finished, else `UNFINISHED_SCORES` (an unfinished game's are its
    scores as it stands, and were headed "Final scores")."""
    if all(g.status == "finished" for g in games):
        return GAME_COLUMNS
    return tuple(UNFINISHED_SCORES if c == "Final scores" else c for c in GAME_COLUMNS)


SHORT_WORDS = {"partnership": "partn", "double": "dbl", "two": "2", "three": "3", "five": "5", "six": "6", "eight": "8"}
"""`short_variant`'s words: each of these words of a variant's name in fewer letters."""


def short_variant(name: str) -> str:
    """A variant's name in short words where the past games are narrow (`SHORT_WORDS`:
    ``three-hand-check``: ``3-hand-check``, ``partnership-post1945``: ``partn-post1945``);
    a house preset's other words as they are."""
    parts = name.replace(" ", "-").split("-")
    seps = [c for c in name if c in "- "]
    words = [SHORT_WORDS.get(w.lower(), w) for w in parts]
    return words[0] + "".join(sep + w for sep, w in zip(seps, words[1:], strict=False))


def rows_width(cols: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """The cells a table of these columns and rows takes: each column its widest text and
    a space each side."""
    return sum(max(cell_len(r[i]) for r in [cols, *rows]) + 2 for i in range(len(cols)))


def side_seat_names(g: GameSummary, letters: bool = False) -> list[list[str]]:
    """Each side's seat names, as shown (`visible`); ``letters``: a compass name by its
    letters (``Northwest``: ``NW``, `COMPASS_SHORT`), as the big tables' boxes show it."""
    sides = max((s["side"] for s in g.seats), default=-1) + 1
    names = [[visible(str(s["name"])) for s in g.seats if s["side"] == k] for k in range(sides)]
    return [[COMPASS_SHORT.get(n, n) for n in side] if letters else side for side in names]


def side_labels(g: GameSummary, room: int | None = None, join: str = " & ", letters: bool = False) -> list[str]:
    """Each side named by its seats' names joined by ``join``, every name whole (``room``
    None) or cut to ``room`` cells ending in ``…`` (`cut_name`): one rule for every name
    (``letters``: a compass name by its letters first, `side_seat_names`)."""
    return [
        join.join(name if room is None else cut_name(name, room) for name in names)
        for names in side_seat_names(g, letters)
    ]


def name_rooms(games: Sequence[GameSummary], letters: bool = False) -> list[int | None]:
    """The ways every name of the past games may be shown, the widest first: whole (None),
    then cut to the same cells for every name (`cut_name`, ``…`` at the end), from one
    cell less than the longest name down to the fewest that still tell each game's names
    apart, and at least 2 (a letter and ``…``).  (Each name was cut to as few letters as
    told it from the game's others, without a mark: ``A&Bot 3``, ``Bob&Bot 4``, ``Anne&Bob``
    in one list.)"""
    names = [{n for side in side_seat_names(g, letters) for n in side} for g in games]
    longest = max((cell_len(n) for group in names for n in group), default=0)
    rooms: list[int | None] = [None]
    for room in range(longest - 1, 1, -1):
        if any(len({cut_name(n, room) for n in group}) < len(group) for group in names):
            break
        rooms.append(room)
    return rooms


def labels_within(g: GameSummary, cells: int) -> list[str]:
    """`side_labels` of one game in at most ``cells`` cells each, by the same rule as the
    past games (`name_rooms`): whole where they fit, joined by `` & ``, else by ``&``,
    else every name cut to the same cells with ``…``."""
    tries = [(None, " & "), *((room, "&") for room in name_rooms([g]))]
    labels: list[str] = []
    for room, join in tries:
        labels = side_labels(g, room, join)
        if all(cell_len(label) <= cells for label in labels):
            break
    return labels


def game_cells(
    g: GameSummary,
    room: int | None = None,
    join: str = " & ",
    widths: Sequence[tuple[int, int]] = (),
    short: bool = False,
    letters: bool = False,
) -> tuple[str, ...]:
    """A past game's variant, date, result, final scores and seats.  The sides are named
    by `side_labels` (``room``, ``join``), in the result as in the scores; ``widths``: each
    side's name and score padded to these cells (`game_rows`: in line with the other rows);
    ``short``: the variant in short words (`short_variant`) and an unfinished game's
    result without its hands; ``letters``: compass names by their letters (`side_seat_names`)."""
    names = side_labels(g, room, join, letters)
    entries = []
    for k, score in enumerate(g.scores):
        name, points = names[k] if k < len(names) and names[k] else str(k), g.fmt(score)
        if k < len(widths):
            name += " " * (widths[k][0] - cell_len(name))
            points = points.rjust(widths[k][1])
        entries.append(f"{name} {points}")
    seats = ", ".join(seat_word(s) for s in g.seats)
    if g.status != "finished":
        result = "unfinished" if short else f"unfinished ({g.hands} hand{'' if g.hands == 1 else 's'})"
    elif g.human_side is None:
        won = g.winner_side
        result = "won by " + ((names[won] or str(won)) if won is not None and won < len(names) else "nobody")
    else:
        result = "won" if g.winner_side == g.human_side else "lost"
    variant = visible(short_variant(g.variant) if short else g.variant)
    return (variant, local_time(g.started_at), result, ", ".join(entries), seats)


def game_rows(
    games: Sequence[GameSummary],
    room: int | None,
    join: str,
    short: bool = False,
    letters: bool = False,
    align: bool = True,
) -> list[tuple[str, ...]]:
    """`game_cells` of each game, each side's name padded to the widest of that side in
    the list and its score right-aligned, so the sides' names and scores line up in
    columns from row to row (``Ann&North 540, Bob&East  -180`` over ``You&North 1360,
    West&East 1530``); not ``align``: each as it is (the narrowest lists)."""
    widths: list[tuple[int, int]] = []
    for g in games if align else ():
        names = side_labels(g, room, join, letters)
        for k, score in enumerate(g.scores):
            name = names[k] if k < len(names) and names[k] else str(k)
            cells = (cell_len(name), len(g.fmt(score)))
            if k < len(widths):
                widths[k] = (max(widths[k][0], cells[0]), max(widths[k][1], cells[1]))
            else:
                widths.append(cells)
    return [game_cells(g, room, join, widths, short, letters) for g in games]


def scores_words(g: GameSummary) -> str:
    """What a past game's scores are: ``Final scores`` of a finished game, ``Scores so far``
    of one still being played (it goes on with ``--resume``), ``Scores when left`` of one
    left unfinished.  (An unfinished game's were called final.)"""
    if g.status == "finished":
        return "Final scores"
    return "Scores so far" if g.status == "playing" else "Scores when left"


def target_words(g: GameSummary) -> str:
    """``target 40, raised from 15`` (several reached 15 together), or ``target 15``."""
    if g.last_target != g.target:
        return f"target {g.fmt(g.last_target)}, raised from {g.fmt(g.target)}"
    return f"target {g.fmt(g.target)}"


def seat_word(s: dict[str, Any]) -> str:
    """``Ann (human)``, ``West (standard)``."""
    return f"{visible(str(s['name']))} ({'human' if s['kind'] == 'human' else visible(str(s['level']))})"


class GameHistoryScreen(SizeWatch, Screen[None]):
    """One past game: every side's score hand by hand, a row per hand, and a replay."""

    DEFAULT_CSS = """
    GameHistoryScreen #game-head { height: auto; padding: 0 1; }
    GameHistoryScreen #game-chart { height: 1fr; min-height: 10; }
    GameHistoryScreen #game-hands { height: auto; max-height: 35%; }
    GameHistoryScreen #game-note { height: auto; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "back", id="game_close"),
        Binding("r", "replay", "play these deals again", id="game_replay"),
        Binding("h", "replay_hand", "play this hand's deal", id="game_replay_hand"),
        Binding("c", "continue", "continue it", id="game_continue"),  # an unfinished game with its save
    ]

    def __init__(self, game: GameSummary, hands: list[HandRow]) -> None:
        super().__init__()
        self.game = game
        self.hands = hands

    def compose(self) -> ComposeResult:
        g = self.game
        cells = game_cells(g)
        head = [
            Text(f"{cells[0]}, {cells[1]}: {cells[2]}", style="bold"),
            Text(f"Seats: {cells[4]}"),
            Text(f"{scores_words(g)}: {cells[3]} ({target_words(g)}); seed {visible(g.seed)}"),
        ]
        checks = checks_words(g, self.hands)
        if checks:
            head.append(Text(checks))
        with Vertical(classes="body"):
            yield Static(Text("\n").join(head), id="game-head")
            yield Chart(id="game-chart")
            yield Static("", id="game-note")
            yield DataTable(id="game-hands", cursor_type="row", zebra_stripes=True)
        yield TooSmall()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.fit_width(self.app.size.width)
        self._plot()
        self.query_one("#game-hands", DataTable).focus()

    def on_resize(self, event: Any) -> None:
        super().on_resize(event)
        if self.is_mounted:
            self.fit_width(event.size.width)

    def hand_rows(self, full: bool) -> tuple[list[str], list[list[str]]]:
        """The hands table's columns and rows: ``full``, each side's meld, trick points,
        change and score; else (a narrow terminal) each side's change and score in one
        column and no dealer, so that every line fits.  No Bidder and Bid columns where no
        hand had a bidder (two-hand's stock game has no auction, §2.7: they held "—" on
        every row).  Five-hand (§2.12): each hand's called partner and the card called
        (narrow: in one column).  Check pinochle (§9): each side's checks that hand, per
        player in seat order (``+13 / +2``), as the game-over ledger shows them."""
        g = self.game
        seat_names = [visible(str(s["name"])) for s in g.seats]
        bidding = any(h.bidder is not None or h.contract for h in self.hands)
        calls = any(h.partner is not None for h in self.hands)
        checked = any(h.checks is not None for h in self.hands)
        members = [[i for i, s in enumerate(g.seats) if s["side"] == side] for side in range(len(g.side_names()))]
        cols = ["Hand", "Dealer", "Bidder", "Bid", *(["Partner", "Called"] if calls else []), "Trump", "Outcome"]
        if not full:
            cols = ["#", "Bidder", "Bid", *(["Partner"] if calls else []), "Trump", "Outcome"]
        if not bidding:
            cols = [c for c in cols if c not in ("Bidder", "Bid")]
        for short in labels_within(g, 12):  # (cut by the past games' rule: they were cut at 12 letters, no mark)
            per_side = [f"{short} meld", "tricks", "change", "score", *(["checks"] if checked else [])]
            cols += per_side if full else [short]
        rows = []
        for h in self.hands:
            dealer = seat_names[h.dealer] if 0 <= h.dealer < len(seat_names) else str(h.dealer)
            row = [
                str(h.hand_no),
                *([dealer] if full else []),
                *(
                    [
                        seat_names[h.bidder] if h.bidder is not None and 0 <= h.bidder < len(seat_names) else "—",
                        g.fmt(h.contract) if h.contract else "—",
                    ]
                    if bidding
                    else []
                ),
                *(partner_cells(h, seat_names, full) if calls else []),
                Style.suit("SHDC".index(h.trump)) if h.trump and h.trump in "SHDC" else "—",
                OUTCOME_WORDS.get(h.outcome, visible(h.outcome)),
            ]
            for s in h.sides:
                change, after = signed(g, s["change"]), g.fmt(s["score_after"])
                side = s["side"]
                moved = (
                    " / ".join(checks_signed(h.checks[p]) for p in members[side])
                    if h.checks is not None and 0 <= side < len(members)
                    else "—"
                )
                if s.get("sat_out"):  # a person sitting the hand out (§0.4.16) played no part of it
                    row += ["out", "—", "—", after, *([moved] if checked else [])] if full else [f"out = {after}"]
                elif full:
                    row += [g.fmt(s["meld_saved"]), g.fmt(s["trick_points"]), change, after]
                    row += [moved] if checked else []
                else:
                    row.append(f"{change} = {after}" + (f", checks {moved}" if checked else ""))
            rows.append(row)
        if not rows:
            rows.append(["—", "no hand was recorded", *[""] * (len(cols) - 2)])
        return cols, rows

    def fit_width(self, width: int) -> None:
        """The hands table for ``width`` columns: the full one when each of its lines fits
        (a cell is its widest text and a space each side), else the narrow one."""
        cols, rows = self.hand_rows(True)
        full = rows_width(cols, rows) <= width - 2  # the screen's padding
        if not full:
            cols, rows = self.hand_rows(False)
        table = self.query_one("#game-hands", DataTable)
        if len(table.columns) == len(cols):
            return
        table.clear(columns=True)
        table.add_columns(*plain(*cols))
        for row in rows:
            table.add_row(*plain(*row))
        note = self.query_one("#game-note", Static)
        note.update("" if full else "Each side: change = score after the hand (wider: meld and tricks too).")
        note.display = not full

    def _plot(self) -> None:
        g = self.game
        start = [0.0] * len(g.side_names())
        scores = [start] + [[s["score_after"] / g.scale for s in h.sides] for h in self.hands]
        names = labels_within(g, 20)  # (the chart's legend has 20 cells a side)
        chart = self.query_one("#game-chart", Chart)
        most = self.app.size.height - 12  # the head, the note and a few hands stay in sight
        target = g.last_target  # the line the game ended at, as its game-over chart drew it
        plot_scores(chart, names, scores, target / g.scale, g.fmt(target), most_height=most, least_height=10)

    def action_close(self) -> None:
        self.dismiss(None)

    def saved_game(self) -> Path | None:
        """The saved game an unfinished game goes on from, when its file is there and is an
        unfinished save (`saved_games.read_saved_game`); only a save's own name in the data
        directory is looked at (the name comes from the database)."""
        from ..paths import data_dir, is_save_name
        from ..saved_games import read_saved_game

        name = self.game.save_name
        if self.game.status == "finished" or not name or not is_save_name(name):
            return None
        path = data_dir() / name
        return path if read_saved_game(path) is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue" and self.saved_game() is None:
            return False
        return super().check_action(action, parameters)

    def action_continue(self) -> None:
        """Go on with this unfinished game from its save, as ``pinochle --resume ID`` does."""
        path = self.saved_game()
        if path is None:
            return
        problem = self.app.resume_saved(path)  # type: ignore[attr-defined]
        if problem:
            self.notify(problem, severity="warning", markup=False)

    def action_replay(self) -> None:
        """A new game with this one's variant, seats, seed, target and first dealer: the same deals."""
        self._replay(self.game.first_dealer, self.game.first_hand)

    def action_replay_hand(self) -> None:
        """A new game from the deal of the hand under the cursor: its dealer and its cards
        (the seed's deal that hand was), then the deals that followed it."""
        table = self.query_one("#game-hands", DataTable)
        if not self.hands or not 0 <= table.cursor_row < len(self.hands):
            self.notify("No hand was recorded: nothing to replay.", severity="warning", markup=False)
            return
        h = self.hands[table.cursor_row]
        self._replay(h.dealer, self.game.first_hand + h.hand_no - 1)

    def _replay(self, dealer: int, first_hand: int) -> None:
        g = self.game
        variant = replay_variant(self.app.variants, g)  # type: ignore[attr-defined]
        if variant is None:
            self.notify(
                f"Cannot replay: the variant {visible(g.variant)} of that game is not one this version plays.",
                severity="warning",
                markup=False,
            )
            return
        problem = replay_problem(variant, g)
        if problem:
            self.notify(f"Cannot replay: {problem}.", severity="warning", markup=False)
            return
        seats = [Seat(str(s["kind"]), str(s["name"]), str(s["level"])) for s in g.seats]
        if not 0 <= dealer < variant.players:
            self.notify(f"Cannot replay: that hand's dealer {dealer} is not a seat.", severity="warning", markup=False)
            return
        self.app.start_new_game(  # type: ignore[attr-defined]
            variant, seats, g.seed, g.target, dealer=dealer, first_hand=first_hand
        )


def partner_cells(h: HandRow, seat_names: Sequence[str], full: bool) -> list[str]:
    """A five-hand hand's called partner and card (§2.12): two cells (one, narrow:
    ``Bo A♥``); "—" for a hand with none (thrown in before the call, a redeal), "alone"
    where the bidder held the card called itself."""
    if h.partner is None or not 0 <= h.partner < len(seat_names):
        who = "—"
    else:
        who = "alone" if h.partner == h.bidder else seat_names[h.partner]
    card = Style.card(parse_cards(h.called)[0]) if h.called else "—"
    return [who, card] if full else [who if who == "—" else f"{who} {card}"]


def checks_signed(n: int) -> str:
    """A check balance: ``+8``, ``-3``, ``0`` (as the game-over ledger has them)."""
    return f"+{n}" if n > 0 else str(n)


def checks_words(g: GameSummary, hands: Sequence[HandRow]) -> str:
    """The game's checks per player over its recorded hands (§9), as the game-over screen's
    final line: ``Checks: Ann +8 · Bo -1 · ...``; empty where none were recorded (a game
    without checks, or one recorded before they were)."""
    moved = [h.checks for h in hands if h.checks is not None]
    if not moved:
        return ""
    totals = [sum(m[p] for m in moved) for p in range(len(g.seats))]
    return "Checks: " + " · ".join(
        f"{visible(str(s['name']))} {checks_signed(t)}" for s, t in zip(g.seats, totals, strict=True)
    )


OUTCOME_WORDS = {
    "made": "made",
    "set": "set",
    "thrown_in": "thrown in",
    "played": "played",
    "misdeal": "misdeal",
    "all_passed": "all passed",
    "meld_win": "won by meld",  # a meld that wins the game at once (racehorse's quadruple, §5.6)
}


def signed(g: GameSummary, points: int) -> str:
    return ("+" if points > 0 else "") + g.fmt(points)


def replay_problem(variant: Any, g: GameSummary) -> str | None:
    """Why the recorded game cannot start again as a new game would (the same checks as
    the new-game screen and ``--target``/``--seats``: a seat per player, human or bot,
    names that differ, a target from 1 to `Variant.max_game_target`, the first dealer a
    seat), or None."""
    from bots import LEVELS

    if len(g.seats) != variant.players:
        return f"the game has {len(g.seats)} seats and {visible(variant.name)} has {variant.players}"
    for s in g.seats:
        if s["kind"] == "bot" and s["level"] not in LEVELS:
            return (
                f"the seat {visible(str(s['name']))} is a bot of level {visible(repr(s['level']))}; "
                f"this version's levels are {', '.join(LEVELS)}"
            )
    problem = seat_name_problem([Seat(str(s["kind"]), str(s["name"]), str(s["level"])) for s in g.seats])
    if problem:
        return problem
    if not 0 < g.target <= variant.max_game_target:
        return (
            f"its target {g.fmt(g.target)} is not allowed in {visible(variant.name)}; a game is played to 1 to "
            f"{variant.fmt(variant.max_game_target)} (what 100 hands can reach)"
        )
    if not 0 <= g.first_dealer < variant.players:
        return f"its first dealer {g.first_dealer} is not one of the {variant.players} seats"
    return None


def replay_variant(variants: dict[str, Any], g: GameSummary) -> Any:
    """The variant the game was played with: the preset of that name when its fields are
    the same, else the game's own fields (a house preset), or None when this version
    cannot play them."""
    from rules import Variant
    from rules.presets import makeable_checks

    try:
        fields = parse_json(g.variant_json, max_bytes=MAX_JSON_CELL)
    except ValueError:
        fields = None
    known = variants.get(g.variant)
    if known is not None and (fields is None or known.model_dump(mode="json") == fields):
        return known
    if fields is None:
        return known
    try:
        v = Variant.model_validate(fields)
        makeable_checks(v)  # checked as a preset is (`rules.presets`)
    except Exception:  # never another variant of the same name in its place
        return None
    return v


__all__ = ["Chart", "GameHistoryScreen", "StatsScreen", "nice_ticks", "replay_problem", "replay_variant"]
