"""`StatsStore.check_rows` lets SQL vouch for the games whose every row keeps its rules and
checks only the others in Python (every row in Python took some 11 s at 100,000 games).
SQL may leave a good game to Python, never vouch for a damaged one: whatever the damage,
the games left out and the line naming them are those the check of each game in Python
(`_game_problem`) gives, and a file with no damage leaves no game to Python."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from stats_records import hand_1, hand_2, record_game

from pinochle_tui.stats import _UNVOUCHED, GAME_ROWS, MAX_JSON_CELL, StatsStore, _game_problem, db_path


def three_games() -> None:
    store = StatsStore.open()
    record_game(store, "2025-01-01T00:00:00Z", "7", [hand_1(), hand_2()])
    record_game(store, "2025-01-02T00:00:00Z", "8", [hand_1()])
    record_game(store, "2025-01-03T00:00:00Z", "9", [hand_1(), hand_2()])
    store.close()


def each_game_in_python() -> dict[int, str]:
    """Every game checked on its own in Python, with its rows: the damaged ones and why."""
    conn = sqlite3.connect(db_path())
    conn.row_factory = sqlite3.Row
    bad = {}
    for g in conn.execute("SELECT * FROM games ORDER BY id").fetchall():
        rows = (
            conn.execute(f"SELECT * FROM {t} WHERE game_id = ? ORDER BY {key}", (g["id"],)).fetchall()
            for t, key in GAME_ROWS
        )
        why = _game_problem(g, *rows)
        if why is not None:
            bad[g["id"]] = why
    conn.close()
    return bad


DEEP = "[" * 40 + "]" * 40
DAMAGE = [
    "UPDATE hand_sides SET change = 2.5 WHERE game_id = 1 AND hand_no = 1 AND side = 0",
    "UPDATE hand_sides SET made = 2 WHERE game_id = 3 AND hand_no = 2 AND side = 1",
    "UPDATE hand_sides SET tricks = x'01' WHERE game_id = 2",
    "UPDATE hand_sides SET side = 2 WHERE game_id = 1 AND hand_no = 2 AND side = 1",
    "UPDATE hands SET trump = 'X' WHERE game_id = 2",
    "UPDATE hands SET partner = 4 WHERE game_id = 3 AND hand_no = 1",
    "UPDATE hands SET called = 'XX' WHERE game_id = 1 AND hand_no = 2",
    "INSERT INTO hand_checks VALUES (2, 1, 0, 3, -1)",
    "INSERT INTO hand_checks VALUES (1, 1, 4, 3, 0)",
    "INSERT INTO hand_checks VALUES (3, 2, 0, 'x', 0)",
    "UPDATE hands SET contract = -10 WHERE game_id = 1 AND hand_no = 1",
    "UPDATE hands SET bidder_side = 2 WHERE game_id = 3 AND hand_no = 1",
    "UPDATE hands SET ended_at = x'05' WHERE game_id = 1 AND hand_no = 2",
    "UPDATE seats SET name = '" + "n" * 101 + "' WHERE game_id = 3 AND seat = 1",
    "UPDATE seats SET seat = 7 WHERE game_id = 2 AND seat = 3",
    "DELETE FROM seats WHERE game_id = 1 AND seat > 0",
    "UPDATE seats SET level = x'01' WHERE game_id = 3 AND seat = 0",
    "UPDATE games SET scores_json = '[1]' WHERE id = 2",
    "UPDATE games SET scores_json = '[1, 2.0]' WHERE id = 1",
    "UPDATE games SET scores_json = '[true, 1]' WHERE id = 3",
    "UPDATE games SET scores_json = '[1, 2' WHERE id = 3",
    "UPDATE games SET scores_json = '{\"a\": 1}' WHERE id = 2",
    f"UPDATE games SET scores_json = '[1, {DEEP}]' WHERE id = 1",
    "UPDATE games SET variant_json = '[]' WHERE id = 3",
    f'UPDATE games SET variant_json = \'{{"a": "{"x" * MAX_JSON_CELL}"}}\' WHERE id = 2',
    f"UPDATE games SET variant_json = '{{\"a\": {DEEP}}}' WHERE id = 1",
    "UPDATE games SET human_side = 2 WHERE id = 1",
    "UPDATE games SET winner_side = -1 WHERE id = 3",
    "UPDATE games SET first_hand = 'zero' WHERE id = 2",
    "UPDATE games SET save_name = x'00' WHERE id = 1",
    "UPDATE games SET final_target = 0 WHERE id = 3",
    "INSERT INTO hands (game_id, hand_no, ended_at, dealer, kind, outcome)"
    " VALUES (99, 1, 'x', 0, 'misdeal', 'misdeal')",
    "INSERT INTO seats (game_id, seat, kind, level, name, side) VALUES (42, 0, 'bot', 'easy', 'N', 0)",
]


@pytest.mark.parametrize("damage", DAMAGE)
def test_the_games_left_out_are_those_python_finds_damaged(home: Path, damage: str) -> None:
    three_games()
    conn = sqlite3.connect(db_path())
    conn.execute(damage)
    conn.commit()
    conn.close()
    expected = each_game_in_python()
    store = StatsStore.open(create=False)
    store.check_rows()
    orphans = {99: "hands: rows of a game that is not in games", 42: "seats: rows of a game that is not in games"}
    expected.update({k: v for k, v in orphans.items() if f"({k}," in damage})
    assert expected  # (every damage here damages one game)
    assert store.skipped == sorted(expected)
    (gid, why), *_ = expected.items()
    assert store.problem == (
        f"{db_path()}: game {gid} is left out of the statistics: a row of it is damaged ({why}); "
        "the file is kept as it is"
    )
    store.close()


def test_every_damage_at_once_is_found_game_by_game(home: Path) -> None:
    three_games()
    conn = sqlite3.connect(db_path())
    for damage in DAMAGE[:3]:
        conn.execute(damage)
    conn.commit()
    conn.close()
    expected = each_game_in_python()
    store = StatsStore.open(create=False)
    store.check_rows()
    assert store.skipped == sorted(expected) == [1, 2, 3]
    store.close()


def test_sql_vouches_for_every_game_of_a_sound_file(home: Path) -> None:
    """No game is left to Python where nothing is damaged (else the check is as slow as before)."""
    three_games()
    store = StatsStore.open(create=False)
    store.check_rows()
    assert (store.skipped, store.problem) == ([], None)
    store._check_games(scoped=False)  # every game checked, as a file without its tallies is
    assert store.conn is not None and store.conn.execute(_UNVOUCHED).fetchall() == []
    store.close()
