"""A statistics database whose rows were changed by hand: it
passes SQLite's own check, so it is not set aside; every row read is checked for its type
and range, and a game with a damaged row is left out in one line naming the file, the
table and the game; the file is kept byte for byte.  A replay (``r``) checks the recorded
variant, target and seats as a new game would, and refuses in one line otherwise."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from stats_records import hand_1, hand_2, record_game
from tui_helpers import SIZE, app_from_flags, text_of

import bots
from pinochle_tui.screens.stats import GameHistoryScreen, StatsScreen
from pinochle_tui.stats import StatsError, StatsStore, db_path


def two_games() -> None:
    """Game 1 (seed 7, your side won 540 to -180) and game 2 (seed 8, one hand, unfinished)."""
    store = StatsStore.open()
    record_game(store, "2025-01-01T00:00:00Z", "7", [hand_1(), hand_2()])
    record_game(store, "2025-01-02T00:00:00Z", "8", [hand_1()])
    store.close()


def damage(sql: str) -> bytes:
    """Change the database by hand as a user could; its bytes after."""
    conn = sqlite3.connect(db_path())
    conn.execute(sql)
    conn.commit()
    conn.close()
    return db_path().read_bytes()


# every damage tried, and the line that names it
DAMAGE = [
    (
        "UPDATE hand_sides SET change = 'abc' WHERE hand_no = 1 AND game_id = 1",
        "hand_sides, hand 1: change is 'abc', not a whole number",
    ),
    (
        "UPDATE hand_sides SET trick_points = 'x' WHERE hand_no = 1 AND game_id = 1",
        "hand_sides, hand 1: trick_points is 'x', not a whole number",
    ),
    ("UPDATE games SET target = 'abc' WHERE id = 1", "games: target is 'abc', not a whole number"),
    ("UPDATE games SET target = 1e308 WHERE id = 1", "games: target is 1e+308, not a whole number"),
    ("UPDATE games SET target = 0 WHERE id = 1", "games: target is 0, not from 1 to 1000000000"),
    (
        "UPDATE games SET target = 1000000000000 WHERE id = 1",
        "games: target is 1000000000000, not from 1 to 1000000000",
    ),
    (
        "UPDATE games SET scores_json = '[1, \"x\"]' WHERE id = 1",
        "games: scores_json is '[1, \"x\"]', holds 'x', not a whole number",
    ),
    ("UPDATE games SET variant_json = '{' WHERE id = 1", "games: variant_json is '{', not JSON"),
    ("UPDATE hands SET dealer = 99 WHERE game_id = 1 AND hand_no = 2", "hands, hand 2: dealer is 99, not from 0 to 7"),
    (
        "UPDATE hands SET bidder = 5 WHERE game_id = 1 AND hand_no = 2",
        "hands, hand 2: bidder is 5, not one of the 4 seats",
    ),
    (
        "UPDATE hand_sides SET side = 3 WHERE game_id = 1 AND hand_no = 2 AND side = 1",
        "hand_sides, hand 2: side is 3, not one of the 2 sides",
    ),
    ("UPDATE seats SET side = 9 WHERE game_id = 1 AND seat = 2", "seats, seat 2: side is 9, not from 0 to 7"),
    ("UPDATE games SET first_dealer = 6 WHERE id = 1", "games: first_dealer is 6, not one of the 4 seats"),
]


@pytest.mark.parametrize(("sql", "why"), DAMAGE)
def test_a_damaged_row_leaves_its_game_out_in_one_line_and_the_file_is_kept(home: Path, sql: str, why: str) -> None:
    two_games()
    before = damage(sql)
    store = StatsStore.open(create=False)
    fig = store.figures()
    games = store.games()
    assert store.game(1) is None
    found = store.game(2)
    store.close()
    line = (
        f"{db_path()}: game 1 is left out of the statistics: a row of it is damaged ({why}); the file is kept as it is"
    )
    assert fig["damaged"] == line
    assert fig["games"] == {"recorded": 1, "finished": 0, "unfinished": 1}
    assert fig["contracts"] == {"bid": 1, "made": 1, "set": 0, "thrown_in": 0}
    assert [g.seed for g in games] == ["8"]
    assert found is not None and [h.hand_no for h in found[1]] == [1]
    assert db_path().read_bytes() == before
    assert sorted(p.name for p in db_path().parent.iterdir()) == ["stats.sqlite3"]


@pytest.mark.parametrize(("sql", "why"), DAMAGE)
def test_the_first_page_checked_game_by_game_leaves_the_damaged_game_out(home: Path, sql: str, why: str) -> None:
    """`StatsStore.newest_games`, the statistics screen's first page before every row is
    checked: each game it lists is checked on its own, and a damaged one is left out as
    the whole check leaves it out; the file is kept byte for byte."""
    two_games()
    before = damage(sql)
    store = StatsStore.open(create=False)
    page = store.newest_games(limit=5)
    assert not store.checked  # (the whole file was not checked for it)
    assert [g.seed for g in page] == ["8"]
    assert page == store.games()  # the same games as the list read after the whole check
    store.close()
    assert db_path().read_bytes() == before


def test_two_damaged_games_are_one_line(home: Path) -> None:
    two_games()
    damage("UPDATE hand_sides SET change = 'abc' WHERE hand_no = 1")
    store = StatsStore.open(create=False)
    fig = store.figures()
    store.close()
    assert fig["damaged"] == (
        f"{db_path()}: games 1, 2 are left out of the statistics: a row of each is damaged (the first, game 1: "
        "hand_sides, hand 1: change is 'abc', not a whole number); the file is kept as it is"
    )
    assert fig["games"] == {"recorded": 0, "finished": 0, "unfinished": 0}


def test_an_unreadable_data_directory_is_one_line(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(self: Path, *a: Any, **k: Any) -> bool:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "exists", denied)
    with pytest.raises(StatsError) as err:
        StatsStore.open(create=False)
    assert str(err.value) == f"{db_path()}: cannot read the statistics database (Permission denied)"


async def _open_history(pilot: Any) -> None:
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


async def test_the_screen_shows_the_line_and_opens_the_game_left_in(home: Path) -> None:
    two_games()
    before = damage("UPDATE hand_sides SET change = 'abc' WHERE hand_no = 1 AND game_id = 1")
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert text_of(screen.query_one("#stats-notice")) == (
            f"{db_path()}: game 1 is left out of the statistics: a row of it is damaged (hand_sides, hand 1: change "
            "is 'abc', not a whole number); the file is kept as it is"
        )
        assert (
            text_of(screen.query_one("#stats-figures")).splitlines()[0] == "1 game recorded: 0 finished, 1 unfinished."
        )
        assert [g.seed for g in screen.games] == ["8"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameHistoryScreen)
        assert app.screen.game.seed == "8"
    assert db_path().read_bytes() == before


@pytest.mark.parametrize(
    ("sql", "why"),
    [
        (
            "UPDATE games SET target = 989010",
            "its target 989010 is not allowed in partnership; a game is played to 1 to 989000"
            " (what 100 hands can reach)",
        ),
        (
            "UPDATE seats SET name = 'North' WHERE seat = 0",
            "the South seat may not be named 'North': that is a seat's place at the table",
        ),
        (
            "UPDATE seats SET level = 'grandmaster' WHERE seat = 1",
            f"the seat West is a bot of level 'grandmaster'; this version's levels are {', '.join(bots.LEVELS)}",
        ),
    ],
)
async def test_a_replay_checks_the_game_as_a_new_game_would(home: Path, sql: str, why: str) -> None:
    two_games()
    damage(sql)
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await _open_history(pilot)
        assert isinstance(app.screen, GameHistoryScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, GameHistoryScreen)
        assert [str(n.message) for n in app._notifications] == [f"Cannot replay: {why}."]
        assert app.ctrl is None
    # no game was saved (beside the file, maybe: the note of its last full check, `StatsStore.check_tallies`)
    assert sorted(p.name for p in db_path().parent.iterdir() if p.name != "stats.sqlite3.checked") == ["stats.sqlite3"]
