"""Three-hand's target raise is said: when two players reach
the target in one hand the target rises (§8.5 ``extend_target``) and the game goes on, or
the one alone over the raised target wins.  The hand-result screen and the hand's log say
so, game over says the target was raised, and the statistics keep the target the game
ended at (schema 3, ``games.final_target``, a schema-2 database migrated in place), which
the past-game view shows and draws its target line at, not the first one."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from textual.widgets import Static
from tui_helpers import SIZE, VARIANTS, app_for, settle, text_of

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.screens.dialogs import GameOverScreen, HandResultScreen
from pinochle_tui.screens.stats import Chart, GameHistoryScreen
from pinochle_tui.stats import APP_ID, MIGRATIONS, SCHEMA_VERSION, GameLog, StatsStore
from rules import Phase

V3 = VARIANTS["three-hand"]  # the x1 scale: 1000 shows as 100, the step 250 as 25


def raised(seed: int) -> Controller:
    """A three-hand game to 100 (easy bots), South and West at 95 before its first hand,
    played out: seed 0, both reach 100 and the game goes on to 125 (108 to 105); seed 3,
    West alone reaches 125 (100 to 134) and wins."""
    c = Controller(V3, default_seats(3, ["easy"] * 3), seed=seed, target=1000)
    c.game = c.game._replace(scores=(950, 950, 0))
    c.round = c.game.new_round()
    c.states = [c.round]
    while c.round.phase is not Phase.DONE:
        c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
    return c


def test_the_log_says_the_target_rose() -> None:
    c = raised(0)
    assert (c.game.scores, c.game.target, c.game.winner) == ((1080, 1050, 460), 1250, None)
    assert c.events[-1] == "South and West both reached 100: the game now goes to 125."
    won = raised(3)
    assert (won.game.scores, won.game.target, won.game.winner) == ((1000, 1340, 150), 1250, 1)
    assert won.events[-1] == "South and West both reached 100: the target rose to 125, which only West reached."


def test_one_more_hand_is_said_too() -> None:
    """The same kind: a house variant whose tie-break is another hand (§8.5): both reach
    100 in the hand, nobody wins yet, one more hand decides; the log and the result say so."""
    v = V3.model_copy(update={"tie_break": "another_hand"})
    c = Controller(v, default_seats(3, ["easy"] * 3), seed=0, target=1000)
    c.game = c.game._replace(scores=(950, 950, 0))
    c.round = c.game.new_round()
    c.states = [c.round]
    while c.round.phase is not Phase.DONE:
        c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
    assert (c.game.scores, c.game.target, c.game.winner) == ((1080, 1050, 460), 1000, None)
    assert c.events[-1] == "South and West both reached 100: one more hand decides."


def test_no_line_when_the_target_stands() -> None:
    c = Controller(V3, default_seats(3, ["easy"] * 3), seed=0, target=1000)
    while c.round.phase is not Phase.DONE:
        c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
    assert c.game.target == 1000 and c.target_note() == ""
    assert not any("reached" in e for e in c.events)


async def test_the_hand_result_says_it() -> None:
    app = app_for(raised(0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        line = app.screen.query_one("#result-target", Static)
        assert text_of(line) == "South and West both reached 100: the game now goes to 125."
        assert line.region.height == 1 and line.region.y < app.size.height - 2  # in sight


async def test_game_over_says_the_target_was_raised() -> None:
    c = raised(3)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        assert text_of(app.screen.query_one("#result-target")) == (
            "South and West both reached 100: the target rose to 125, which only West reached."
        )
        await app.push_screen(GameOverScreen(c))
        await pilot.pause()
        assert text_of(app.screen.query_one("#over-scores")) == (
            "Final scores: South 100,  West 134,  East 15   (target 125, raised from 100, 1 hand)"
        )


def test_the_statistics_keep_the_final_target(home: Path) -> None:
    store = StatsStore.open()
    c = raised(3)
    log = GameLog(lambda: store, c, None, "2025-03-04T05:06:07Z")
    assert log.hand_done() is None
    (g,) = store.games()
    assert (g.target, g.final_target, g.last_target, g.status) == (1000, 1250, 1250, "finished")
    assert g.to_json()["final_target"] == 1250 and g.to_json()["target"] == 1000
    store.close()


async def test_the_past_game_shows_the_target_it_ended_at(home: Path) -> None:
    from tui_helpers import app_from_flags

    store = StatsStore.open()
    GameLog(lambda: store, raised(3), None, "2025-03-04T05:06:07Z").hand_done()
    found = store.game(1)
    store.close()
    assert found is not None
    app = app_from_flags()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await app.push_screen(GameHistoryScreen(*found))
        await pilot.pause()
        head = text_of(app.screen.query_one("#game-head")).splitlines()
        assert head[2] == "Final scores: South 100, West 134, East 15 (target 125, raised from 100); seed 3"
        chart = app.screen.query_one("#game-chart", Chart)
        assert chart.plt.monitor.hcoord[0] == [125.0]  # type: ignore[attr-defined]


def test_a_schema_2_database_is_migrated_in_place(tmp_path: Path) -> None:
    """A database of schema 2 (before final_target) gets the column; its games keep their
    rows, the final target unknown (NULL), the history showing the target they had."""
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for step, note, statements in MIGRATIONS[:2]:
        for sql in statements:
            conn.execute(sql)
        conn.execute("INSERT INTO migrations VALUES (?, '2025-01-01T00:00:00Z', ?)", (step, note))
    conn.execute(f"PRAGMA application_id = {APP_ID}")
    conn.execute("PRAGMA user_version = 2")
    conn.execute(
        "INSERT INTO games (id, started_at, variant, variant_json, scale, human_side, seed, first_dealer, target,"
        " scores_json, winner_side, status, first_hand) VALUES (1, '2025-01-01T00:00:00Z', 'three-hand', ?, 10,"
        " NULL, '3', 0, 1000, '[1000, 1340, 150]', 1, 'finished', 0)",
        (json.dumps(V3.model_dump(mode="json"), sort_keys=True),),
    )
    conn.executemany(
        "INSERT INTO seats VALUES (1, ?, 'bot', 'easy', ?, ?)", [(0, "South", 0), (1, "West", 1), (2, "East", 2)]
    )
    conn.close()
    store = StatsStore.open(path)
    assert SCHEMA_VERSION == 4
    assert store.conn is not None
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == 4
    assert [r[0] for r in store.conn.execute("SELECT version FROM migrations")] == [1, 2, 3, 4]
    (g,) = store.games()
    assert (g.id, g.target, g.final_target, g.last_target, g.scores) == (1, 1000, None, 1000, [1000, 1340, 150])
    store.close()
