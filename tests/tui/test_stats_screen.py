"""The statistics screen: ``s`` at the new-game screen opens it, it shows
the figures, a plot and the past games, Enter opens a game's hand-by-hand table and chart,
``r`` plays its deals again, Esc closes; a game played in the app is recorded hand by hand;
a damaged database is one line and kept; start-up loads neither sqlite3 nor the plots."""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from stats_records import SEATS, hand_1, hand_2, record_game
from tui_helpers import SIZE, VARIANTS, app_from_flags, open_stats, settle, text_of

from pinochle_tui.render import Style
from pinochle_tui.screens.dialogs import GameOverScreen
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.stats import Chart, GameHistoryScreen, StatsScreen, nice_ticks
from pinochle_tui.screens.table import TableScreen
from pinochle_tui.stats import GameRecord, HandRecord, SideRecord, StatsStore, db_path

REPO = Path(__file__).resolve().parents[2]
ROOMY = (140, 40)  # every table shown whole (narrower, they leave columns out: test_stats_layout)


def one_game() -> None:
    """A finished partnership game of two hands, seed 7, target 500, your side won."""
    store = StatsStore.open()
    record_game(store, "2025-01-01T00:00:00Z", "7", [hand_1(), hand_2()])
    store.close()


def cells(table: Any) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def notes(app: Any) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.fixture
def utc() -> Iterator[None]:
    """Local time is UTC (the list shows local time)."""
    old = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if old is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = old
    time.tzset()


async def test_s_opens_the_statistics_and_esc_closes(home: Path, utc: None) -> None:
    one_game()
    app = app_from_flags()
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        figures = text_of(screen.query_one("#stats-figures")).splitlines()
        assert figures[:4] == [
            "1 game recorded: 1 finished, 0 unfinished.",
            "Your side: won 1 of 1 finished game (100%); win streak now 1, longest 1.",
            "Contracts, all sides: 2 bid, 1 made, 0 set, 1 thrown in.",
            "Contracts, your side: 1 bid, 1 made, 0 set, 0 thrown in.",
        ]
        assert figures[-4:] == [
            "Finished games by seat kind:",
            "  human: 1 game, 1 won (100%)",
            "  easy: 1 game, 0 won (0%)",
            "  standard: 1 game, on both sides of it: no win rate of its own",
        ]
        assert cells(screen.query_one("#stats-games")) == [
            [
                "partnership",
                "2025-01-01 00:00",
                "won",
                "Ann & North 540, West & East -180",
                "Ann (human), West (easy), North (standard), East (standard)",
            ]
        ]
        assert screen.query_one(Chart).plt is not None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_s_in_a_text_field_is_typed(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seed = app.screen.query_one("#ng-seed")
        seed.value = ""
        seed.focus()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert seed.value == "s"


async def test_no_games_yet(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert text_of(screen.query_one("#stats-figures")) == (
            "No games yet: statistics are kept from the first hand you finish."
        )
        assert cells(screen.query_one("#stats-games")) == [["—", "no games yet", "", "", ""]]
        await pilot.press("enter")  # nothing to open
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
    assert not db_path().exists()  # looking never begins a database


async def test_a_game_opens_hand_by_hand_and_its_deals_replay(home: Path) -> None:
    one_game()
    app = app_from_flags()
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameHistoryScreen)
        table = screen.query_one("#game-hands")
        assert [str(c.label) for c in table.columns.values()] == [
            "Hand", "Dealer", "Bidder", "Bid", "Trump", "Outcome",
            "Ann & North meld", "tricks", "change", "score", "West & East meld", "tricks", "change", "score",
        ]  # fmt: skip
        assert cells(table) == [
            ["1", "North", "Ann", "250", "♥", "made", "120", "170", "+290", "290", "40", "80", "+120", "120"],
            ["2", "East", "West", "300", "♠", "thrown in", "250", "0", "+250", "540", "0", "0", "-300", "-180"],
        ]
        head = text_of(screen.query_one("#game-head")).splitlines()
        assert head[2] == "Final scores: Ann & North 540, West & East -180 (target 500); seed 7"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        c = app.ctrl
        assert c is not None
        assert (c.variant.name, c.seed, c.first_target, c.first_dealer) == ("partnership", "7", 500, 2)
        assert [(s.kind, s.name, s.level) for s in c.seats] == [
            ("human", "Ann", ""), ("bot", "West", "easy"), ("bot", "North", "standard"), ("bot", "East", "standard"),
        ]  # fmt: skip
        assert [type(s).__name__ for s in app.screen_stack] == ["BaseScreen", "TableScreen"]


async def test_a_game_played_in_the_app_is_recorded(home: Path) -> None:
    app = app_from_flags(seats="random,random,random,random", seed=2, target=200)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        c = app.ctrl
        assert c is not None
        # the hand is over and its result is on the screen: its row is already committed
        assert _count("SELECT COUNT(*) FROM hands") == 1
        for _ in range(10):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("enter")
            await settle(pilot)
        assert c.game.over
        store = StatsStore.open()
        ((summary, hands),) = [store.game(g.id) for g in store.games()]  # type: ignore[misc]
        assert (summary.status, summary.seed, summary.scores, summary.winner_side) == (
            "finished", "2", list(c.game.scores), c.game.winner,
        )  # fmt: skip
        assert [h.outcome for h in hands] == [_outcome(c, r) for r in c.game.history]
        assert [[s["change"] for s in h.sides] for h in hands] == [list(r.changes) for r in c.game.history]
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert [cells(app.screen.query_one("#stats-games"))[0][k] for k in (0, 2, 3)] == [
            "partnership",
            "won by " + c.side_name(c.game.winner or 0),
            ", ".join(f"{c.side_name(k)} {s}" for k, s in enumerate(c.game.scores)),
        ]


def _count(sql: str) -> int:
    import sqlite3

    conn = sqlite3.connect(db_path())
    try:
        return int(conn.execute(sql).fetchone()[0])
    finally:
        conn.close()


def _outcome(c: Any, r: Any) -> str:
    if r.kind == "conceded":
        return "thrown_in"
    if r.kind == "auto_set":
        return "set"
    if r.kind != "played":
        return str(r.kind)
    return "made" if r.sides[c.variant.side_of[r.bidder]].made else "set"


async def test_a_damaged_database_is_one_line_on_the_screen_and_kept(home: Path) -> None:
    path = db_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"scribbles " * 100)
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert text_of(screen.query_one("#stats-notice")) == (
            f"{path}: the statistics database is damaged (file is not a database); it was set aside as "
            "stats.sqlite3.bad"
        )
        assert text_of(screen.query_one("#stats-figures")) == "No statistics to show."
    assert path.with_name("stats.sqlite3.bad").read_bytes() == b"scribbles " * 100


async def test_a_database_damaged_since_the_screen_last_read_it_is_said_when_it_opens_again(home: Path) -> None:
    """The statistics opened, closed, the file then damaged by other means (cut short),
    and opened again: the app's open store finds it damaged at its first look and sets it
    aside; the screen says so in one line, as on a first opening ("No games yet" with no
    word of it, the file renamed unsaid)."""
    store = StatsStore.open()
    for k in range(40):
        record_game(store, f"2025-01-{k % 28 + 1:02d}T00:00:00Z", str(k), [hand_1(), hand_2()])
    store.close()
    path = db_path()
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        assert text_of(app.screen.query_one("#stats-figures")).startswith("40 games recorded")
        await pilot.press("escape")
        await settle(pilot)
        os.truncate(path, path.stat().st_size // 2)
        await open_stats(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert text_of(screen.query_one("#stats-notice")) == (
            f"{path}: the statistics database is damaged (database disk image is malformed); it was set aside as "
            "stats.sqlite3.bad"
        )
        assert text_of(screen.query_one("#stats-figures")) == "No statistics to show."
    assert path.with_name("stats.sqlite3.bad").exists() and not path.exists()


async def test_a_database_damaged_during_play_never_stops_the_game(home: Path) -> None:
    path = db_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"scribbles " * 100)
    app = app_from_flags(seats="random,random,random,random", seed=2, target=200)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.ctrl is not None and app.ctrl.round.result is not None  # the first hand is over
        # said in the hand result's own line, not in a notice over it
        assert notes(app) == []
        assert text_of(app.screen.query_one("#result-notice")) == (
            f"{path}: the statistics database is damaged (file is not a database); it was set aside as "
            "stats.sqlite3.bad; a new one is begun from this hand."
        )
        await pilot.press("enter")
        await settle(pilot)
        assert app.ctrl.hand_no == 2 or app.ctrl.game.over  # the game went on
    assert path.with_name("stats.sqlite3.bad").read_bytes() == b"scribbles " * 100
    assert _count("SELECT COUNT(*) FROM hands") >= 1  # recorded in the new database


async def test_the_chart_follows_ascii_mode(home: Path) -> None:
    one_game()
    app = app_from_flags(ascii=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("s", "enter")
            await pilot.pause()
            chart = app.screen.query_one(Chart)
            text = chart.render().plain
            assert "*" in text and "o" in text  # a marker per side, no colour needed
            assert not set(text) & set("─│┌┐└┘├┤┬┴┼●○◆")
    finally:
        Style.ascii = False


def test_even_axis_ticks() -> None:
    assert nice_ticks(-100, 1360) == [-500, 0, 500, 1000, 1500]
    assert nice_ticks(0, 100) == [0, 25, 50, 75, 100]
    assert nice_ticks(0, 1233) == [0, 500, 1000, 1500]
    assert nice_ticks(0, 4, 5) == [0, 1, 2, 3, 4]


def test_start_up_loads_neither_sqlite_nor_the_plots(home: Path) -> None:
    """Start-up speed: the new-game screen's app builds without them."""
    code = (
        "import sys, argparse\n"
        "from pinochle_tui.cli import build_parser\n"
        "from pinochle_tui.app_main import build_app\n"
        "build_app(build_parser().parse_args([]))\n"
        "import pinochle_tui.screens.newgame, pinochle_tui.screens.table\n"
        "print(sorted(m for m in ('sqlite3', 'textual_plotext', 'plotext') if m in sys.modules))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def close_game() -> None:
    """Three hands, target 1500: your side ends on 1360, below the target line."""
    v = VARIANTS["partnership"]
    store = StatsStore.open()
    fields = json.dumps(v.model_dump(mode="json"), sort_keys=True)
    game = GameRecord(None, "2025-01-01T00:00:00Z", "partnership", fields, 1, SEATS, 0, "8", 0, 1500)
    gid = None
    for no, (a, b) in enumerate([(500, 600), (1000, 1100), (1360, 1520)], start=1):
        sides = (SideRecord(0, 0, 0, 0, 0, None, 0, a), SideRecord(1, 0, 0, 0, 0, None, 0, b))
        winner = 1 if no == 3 else None
        hand = HandRecord(
            no, "2025-01-01T00:10:00Z", 0, "played", 1, 1, 250, "H", "made", sides, (a, b), winner, no == 3
        )
        gid = store.record_hand(game, gid, hand)
    store.close()


@pytest.mark.parametrize("size", [(80, 24), (120, 41)])
async def test_the_score_chart_has_even_ticks_and_true_rows(home: Path, size: tuple[int, int]) -> None:
    """Every y label on a row of its own the same number of rows apart, and 1360 drawn
    below the 1500 line ("a 1360 dot drawn on the 1500 line")."""
    close_game()
    app = app_from_flags()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("s", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameHistoryScreen)
        lines = app.screen.query_one(Chart).render().plain.splitlines()
        labelled = [(i, int(m.group(1))) for i, line in enumerate(lines) if (m := re.match(r"^\s*(-?\d+)[┤├]", line))]
        rows = [i for i, _ in labelled]
        values = [v for _, v in labelled]
        assert len(rows) >= 3
        assert len({a - b for a, b in itertools.pairwise(rows)}) == 1  # evenly spaced rows
        assert len({a - b for a, b in itertools.pairwise(values)}) == 1  # even values
        top_of_ours = min(i for i, line in enumerate(lines) if i and "●" in line)  # the title's legend aside
        if 1500 in values:
            assert top_of_ours > rows[values.index(1500)]


async def test_many_games_are_read_in_a_thread_and_the_screen_answers_meanwhile(
    home: Path, utc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 10,000 games the statistics screen froze 1.6 s as it opened (12.4 s at 100,000):
    past `StatsScreen.READ_AT_ONCE` games the figures are read in a thread, the screen saying
    so meanwhile, and shown when read."""
    import threading

    from pinochle_tui.stats import StatsStore

    one_game()
    slow = StatsStore.figures
    read = threading.Event()  # the figures wait for it: a database of many games

    def figures(self: StatsStore, variant: str | None = None) -> dict[str, Any]:
        read.wait(30)  # (on the screen's own thread the press would wait the 30 s, then show the figures)
        return slow(self, variant)

    monkeypatch.setattr(StatsStore, "figures", figures)
    monkeypatch.setattr(StatsScreen, "READ_AT_ONCE", 0)
    app = app_from_flags()
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        # the screen is up and says so while the figures are still being read
        assert text_of(screen.query_one("#stats-figures")) == "Reading the statistics of many games..."
        read.set()
        for _ in range(100):
            await pilot.pause(0.05)
            if text_of(screen.query_one("#stats-figures")).startswith("1 game recorded"):
                break
        assert text_of(screen.query_one("#stats-figures")).startswith("1 game recorded: 1 finished, 0 unfinished.")


async def test_the_past_games_come_a_page_at_a_time_and_the_keys_say_so(
    home: Path, utc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list showed the newest 500 games and no more: it shows a page (`StatsScreen.PAGE`)
    at a time, its head saying which games of how many, ``n`` the older page and ``p``
    the newer one, each offered in the footer only where there is one."""
    monkeypatch.setattr(StatsScreen, "PAGE", 2)
    _games(5)
    app = app_from_flags()
    async with app.run_test(size=ROOMY) as pilot:
        await open_stats(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)

        def shown() -> tuple[str, list[str], list[str]]:
            head = text_of(screen.query_one("#stats-games-head"))
            dates = [row[1] for row in cells(screen.query_one("#stats-games"))]
            keys = [b.binding.key for b in screen.active_bindings.values() if b.binding.key in ("n", "p")]
            keys = [k for k in keys if screen.check_action(*_action_of(screen, k))]
            return head, dates, sorted(keys)

        assert shown() == (
            "Past games 1-2 of 5, newest first (Enter opens one; n older):",
            ["2025-01-05 00:00", "2025-01-04 00:00"],
            ["n"],
        )
        await pilot.press("n")
        await pilot.pause()
        assert shown() == (
            "Past games 3-4 of 5, newest first (Enter opens one; n older, p newer):",
            ["2025-01-03 00:00", "2025-01-02 00:00"],
            ["n", "p"],
        )
        await pilot.press("n", "n")  # past the last page: stays on it
        await pilot.pause()
        assert shown() == (
            "Past games 5-5 of 5, newest first (Enter opens one; p newer):",
            ["2025-01-01 00:00"],
            ["p"],
        )
        await pilot.press("enter")  # the page's game opens
        await pilot.pause()
        assert isinstance(app.screen, GameHistoryScreen) and app.screen.game.seed == "0"
        await pilot.press("escape", "p", "p", "p")
        await pilot.pause()
        assert shown()[1] == ["2025-01-05 00:00", "2025-01-04 00:00"]
        await pilot.press("n")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        head = text_of(screen.query_one("#stats-games-head"))
        assert head == "Past games 3-4 of 5, newest first (Enter opens one; n older, p newer):"  # whole at 80 columns
        screen.page, screen.total = 499, 100_000  # (as at 100,000 games: the numbers take more room)
        screen._games_head()
        assert text_of(screen.query_one("#stats-games-head")) == (
            "Games 999-1,000 of 100,000, newest first (Enter opens; n older, p newer):"
        )


def _action_of(screen: Any, key: str) -> tuple[str, tuple[object, ...]]:
    from textual.actions import parse

    _, name, params = parse(screen.active_bindings[key].binding.action)
    return name, params


async def big_file_opened(pilot: Any, monkeypatch: pytest.MonkeyPatch) -> StatsScreen:
    """``s`` pressed with the statistics file taken for a big one (`StatsScreen.READ_AT_ONCE_BYTES`):
    the screen, its reads still running."""
    monkeypatch.setattr(StatsScreen, "READ_AT_ONCE_BYTES", 0)
    await pilot.pause()
    await pilot.press("s")
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    return screen


async def test_a_big_statistics_file_is_opened_in_a_thread_too(
    home: Path, utc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening the file runs SQLite's quick check (0.8 s at 100,000 games, on the UI
    thread): past `StatsScreen.READ_AT_ONCE_BYTES` the screen opens it in the thread that
    reads the figures, saying so meanwhile."""
    from pinochle_tui.stats import StatsStore

    one_game()
    opened: list[str] = []
    real = StatsStore.open.__func__  # type: ignore[attr-defined]

    def open_(cls: type[StatsStore], *a: Any, **kw: Any) -> StatsStore:
        import threading

        opened.append(threading.current_thread().name)
        return real(cls, *a, **kw)  # type: ignore[no-any-return]

    monkeypatch.setattr(StatsStore, "open", classmethod(open_))
    app = app_from_flags()
    async with app.run_test(size=ROOMY) as pilot:
        screen = await big_file_opened(pilot, monkeypatch)
        for _ in range(100):
            await pilot.pause(0.05)
            if text_of(screen.query_one("#stats-figures")).startswith("1 game recorded"):
                break
        assert text_of(screen.query_one("#stats-figures")).startswith("1 game recorded: 1 finished, 0 unfinished.")
        assert [row[1] for row in cells(screen.query_one("#stats-games"))] == ["2025-01-01 00:00"]
    assert opened and "MainThread" not in opened


async def test_a_big_file_lists_its_newest_games_before_its_figures(
    home: Path, utc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 100,000 games the screen stood ~20 s on "Reading..." with an empty list: every
    row is checked before a figure is read (`StatsStore.check_rows`), as it still is in a
    file from before each game's tally was kept.  The newest page is listed first, each of
    its games checked on its own (`StatsStore.newest_games`); Enter and the page keys wait
    for the full read, which lists the same games with its count."""
    import sqlite3
    import time as clock

    from pinochle_tui.stats import TALLY_NAMES, StatsStore

    monkeypatch.setattr(StatsScreen, "PAGE", 2)
    _games(5)
    conn = sqlite3.connect(db_path())  # a file from before the tallies
    marks = ",".join("?" * len(TALLY_NAMES))
    for kind, name in conn.execute(
        f"SELECT type, name FROM sqlite_master WHERE name IN ({marks}) AND type IN ('table', 'trigger')", TALLY_NAMES
    ).fetchall():
        conn.execute(f"DROP {kind} IF EXISTS {name}")  # (a table's triggers go with it)
    conn.commit()
    conn.close()
    slow = StatsStore.check_rows

    def check_rows(self: StatsStore) -> None:
        if not self.checked:
            clock.sleep(1.5)  # a file of many games
        slow(self)

    monkeypatch.setattr(StatsStore, "check_rows", check_rows)
    app = app_from_flags()
    async with app.run_test(size=ROOMY) as pilot:
        screen = await big_file_opened(pilot, monkeypatch)
        table = screen.query_one("#stats-games")
        for _ in range(40):
            await pilot.pause(0.02)
            if table.row_count and screen.games:
                break
        assert text_of(screen.query_one("#stats-figures")) == "Reading the statistics of many games..."
        assert [row[1] for row in cells(table)] == ["2025-01-05 00:00", "2025-01-04 00:00"]
        assert text_of(screen.query_one("#stats-games-head")) == "Past games, newest first (Enter opens one):"
        assert screen.store is None and not screen.check_action("page", (1,))  # the keys wait for the full read
        for _ in range(100):
            await pilot.pause(0.05)
            if text_of(screen.query_one("#stats-figures")).startswith("5 games recorded"):
                break
        assert text_of(screen.query_one("#stats-figures")).startswith("5 games recorded")
        assert [row[1] for row in cells(table)] == ["2025-01-05 00:00", "2025-01-04 00:00"]
        assert text_of(screen.query_one("#stats-games-head")) == (
            "Past games 1-2 of 5, newest first (Enter opens one; n older):"
        )


async def test_at_80_columns_the_footer_offers_both_page_keys(
    home: Path, utc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a middle page at 80 columns the footer left out ``p newer games``: its words get
    shorter first (``n older  p newer``), as the table's do."""
    from pinochle_tui.widgets import KeysFooter

    monkeypatch.setattr(StatsScreen, "PAGE", 1)
    _games(3)
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot)
        await pilot.press("n")
        await pilot.pause()
        shown = [(k.key_display or k.key, k.description) for k, _x, _r in app.screen.query_one(KeysFooter).shown()]
        assert ("n", "older") in shown and ("p", "newer") in shown, shown


def _games(n: int) -> None:
    """``n`` games of one hand each, a day apart from 2025-01-01, seeded 0 (the oldest) on."""
    store = StatsStore.open()
    for k in range(n):
        record_game(store, f"2025-01-0{k + 1}T00:00:00Z", str(k), [hand_1(f"2025-01-0{k + 1}T00:10:00Z")])
    store.close()
