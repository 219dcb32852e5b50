"""Each game's tally (`stats.TALLY_SCHEMA`) gives the figures worked out straight from the
rows (`stats_plain.Plain`, every hand read per figure, every game checked in Python): over
random histories of every kind of table (partnerships, three-hand, sitting out in turn, the
stock game), with rows damaged or changed by another program afterwards (the triggers
drop those games' tallies, worked out again from their rows), with a file from before the
tallies, and after this program writes again."""

from __future__ import annotations

import json
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stats_plain import Plain
from stats_records import SEATS, hand_1
from tui_helpers import VARIANTS

from pinochle_tui.stats import (
    HAND_KINDS,
    OUTCOMES,
    TALLY_NAMES,
    GameRecord,
    HandRecord,
    SeatRecord,
    SideRecord,
    StatsStore,
    figures_lines,
    human_side_of,
)

FORMS = (
    "partnership",
    "partnership-five",
    "three-hand",
    "three-hand-five",
    "two-hand",
    "six-hand",
    "five-hand",
    "check",
    "three-hand-check",
)
CALLED = ("AH", "TS", "KD", "9C")
KINDS = ("human", "human", "random", "easy", "standard", "expert")
TIMES = tuple(f"2025-01-0{d}T00:00:00Z" for d in range(1, 4))  # few: games end at the same time too


@st.composite
def a_game(draw: Any) -> tuple[GameRecord, list[HandRecord], str | None]:
    """A game of one of `FORMS`, its hands (none to three) and what became of it unfinished."""
    v = VARIANTS[draw(st.sampled_from(FORMS))]
    people = v.people
    side_of = list(range(people)) if v.sitting_out else list(v.side_of)
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=people, max_size=people))
    seats = tuple(
        SeatRecord(i, "human" if k == "human" else "bot", "" if k == "human" else k, f"P{i}", side_of[i])
        for i, k in enumerate(kinds)
    )
    sides = max(side_of) + 1
    game = GameRecord(
        "g.json",
        draw(st.sampled_from(TIMES)),
        v.name,
        json.dumps(v.model_dump(mode="json"), sort_keys=True),
        v.scale,
        seats,
        human_side_of([(s.kind, s.side) for s in seats]),
        "7",
        draw(st.integers(0, people - 1)),
        1500,
    )
    count = draw(st.integers(0, 3))
    over = count > 0 and draw(st.booleans())
    hands = []
    for k in range(1, count + 1):
        bidder = draw(st.none() | st.integers(0, people - 1))
        parts = tuple(
            SideRecord(
                s,
                draw(st.integers(0, 300)),
                draw(st.integers(0, 300)),
                draw(st.integers(0, 250)),
                draw(st.integers(0, 12)),
                draw(st.none() | st.booleans()),
                draw(st.integers(-300, 500)),
                draw(st.integers(-1000, 2000)),
            )
            for s in range(sides)
        )
        last = over and k == count
        # five-hand: the called card and its holder, the bidder's partner (the bidder itself
        # where it called a card of its own); a game with checks: each person's checks
        partner = draw(st.integers(0, people - 1)) if v.calls_partner and bidder is not None else None
        checks = (
            tuple((draw(st.integers(0, 20)), draw(st.integers(0, 20))) for _ in range(people))
            if v.check_scoring != "off"
            else ()
        )
        hands.append(
            HandRecord(
                k,
                draw(st.sampled_from(TIMES)),
                draw(st.integers(0, people - 1)),
                draw(st.sampled_from(HAND_KINDS)),
                bidder,
                None if bidder is None else side_of[bidder],
                None if bidder is None else draw(st.none() | st.integers(0, 500)),
                draw(st.none() | st.sampled_from("SHDC")),
                draw(st.sampled_from(OUTCOMES)),
                parts,
                tuple(p.score_after for p in parts),
                draw(st.integers(0, sides - 1)) if last else None,
                last,
                partner=partner,
                called=None if partner is None else draw(st.sampled_from(CALLED)),
                checks=checks,
            )
        )
    left = None if over or not hands else draw(st.sampled_from((None, "abandoned")))
    return game, hands, left


# what another program may do to a game's rows afterwards: damage them, or change them well
CHANGES = (
    "UPDATE hand_sides SET change = 'abc' WHERE game_id = {g}",
    "UPDATE hand_checks SET paid = -1 WHERE game_id = {g}",
    "UPDATE hand_checks SET collected = collected + 3 WHERE game_id = {g}",
    "UPDATE hands SET partner = 9 WHERE game_id = {g} AND partner IS NOT NULL",
    "UPDATE hands SET partner = (bidder + 1) % 5, outcome = 'made' WHERE game_id = {g} AND partner IS NOT NULL",
    "UPDATE games SET scores_json = '[1]' WHERE id = {g}",
    "UPDATE hands SET dealer = 99 WHERE game_id = {g}",
    "UPDATE seats SET side = 0 WHERE game_id = {g}",
    "UPDATE hands SET contract = 490, outcome = 'set' WHERE game_id = {g}",
    "UPDATE hand_sides SET meld_saved = meld_saved + 20 WHERE game_id = {g}",
    "UPDATE games SET status = 'finished', winner_side = 0 WHERE id = {g}",
    "UPDATE games SET status = 'finished', winner_side = NULL WHERE id = {g}",  # finished, nobody won
    "DELETE FROM hands WHERE game_id = {g} AND hand_no = 1",
    "INSERT OR IGNORE INTO hands (game_id, hand_no, ended_at, dealer, kind, outcome)"
    " VALUES ({g} + 100, 1, 'x', 0, 'misdeal', 'misdeal')",
)


def record(store: StatsStore, game: GameRecord, hands: list[HandRecord], left: str | None) -> None:
    gid = None
    for h in hands:
        gid = store.record_hand(game, gid, h)
    if gid is not None and left is not None:
        store.set_status(gid, left)


def same_figures(store: StatsStore) -> None:
    plain = Plain(store)
    try:
        assert store.figures()["games"]["recorded"] >= 0  # (checks the file first)
        assert store.skipped == sorted(plain.bad)
        assert (store.problem is not None) == bool(plain.bad)
        for variant in [None, *FORMS]:
            got = store.figures(variant)
            got.pop("damaged", None)
            assert got == plain.figures(variant), variant
            assert store.running_win_rate(variant) == plain.running_win_rate(variant), variant
            counted = plain.conn.execute(
                "SELECT COUNT(*) FROM games g WHERE (?1 IS NULL OR g.variant = ?1)"
                " AND g.id NOT IN (SELECT id FROM temp.plain_skipped)",
                (variant,),
            ).fetchone()[0]
            assert store.game_count(variant) == counted, variant
    finally:
        plain.close()


def unsynced(store: StatsStore) -> StatsStore:
    """``store`` writing without waiting for the disk (no fsync per commit): the property
    reads the figures back, never the disk's flush, and the flushes of its 60 examples of
    up to six games each were half of its time."""
    assert store.conn is not None
    store.conn.execute("PRAGMA synchronous = OFF")
    return store


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    games=st.lists(a_game(), min_size=1, max_size=6),
    changes=st.lists(st.tuples(st.sampled_from(CHANGES), st.integers(1, 6)), max_size=3),
    before_tallies=st.booleans(),
)
def test_the_tallies_give_the_figures_worked_out_from_the_rows(
    games: list[tuple[GameRecord, list[HandRecord], str | None]],
    changes: list[tuple[str, int]],
    before_tallies: bool,
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "stats.sqlite3"
        store = unsynced(StatsStore.open(path))
        for game, hands, left in games[:-1]:
            record(store, game, hands, left)
        store.close()
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA synchronous = OFF")
        if before_tallies:  # a file from before the tallies: every game worked out from its rows
            for kind, name in conn.execute(
                f"SELECT type, name FROM sqlite_master WHERE name IN ({','.join('?' * len(TALLY_NAMES))})"
                " AND type IN ('table', 'trigger')",
                TALLY_NAMES,
            ).fetchall():
                conn.execute(f"DROP {kind} IF EXISTS {name}")  # (a table's triggers go with it)
        for sql, g in changes:  # another program's changes: the triggers drop those games' tallies
            conn.execute(sql.format(g=g))
        conn.commit()
        conn.close()
        store = unsynced(StatsStore.open(path))
        try:
            same_figures(store)
            record(store, *games[-1])  # this program writes again: the tallies are worked out into the file
            same_figures(store)
            reopened = StatsStore.open(path)
            try:
                same_figures(reopened)
            finally:
                reopened.close()
        finally:
            store.close()


def test_a_game_another_program_writes_counts_in_the_next_read(tmp_path: Path) -> None:
    """A hand another connection records (another game, an older version of the program)
    is in the next figures of a store already open: the file's ``data_version`` changed."""
    path = tmp_path / "stats.sqlite3"
    store = StatsStore.open(path)
    other = StatsStore.open(path)
    try:
        v = VARIANTS["partnership"]
        game = GameRecord("g.json", TIMES[0], v.name, json.dumps(v.model_dump(mode="json")), 1, SEATS, 0, "7", 2, 500)
        assert store.figures()["games"]["recorded"] == 0
        other.record_hand(game, None, hand_1())
        assert store.figures()["games"]["recorded"] == 1
        assert store.figures()["contracts"]["bid"] == 1
        same_figures(store)
    finally:
        other.close()
        store.close()


def test_a_finished_game_nobody_won_is_no_win_of_yours(tmp_path: Path) -> None:
    """A file changed by hand may hold a finished game with no winner: the running win rate
    counts it as no win (the rate worked out over the rows was NULL there, and the screen
    failed on it), the figures alike."""
    path = tmp_path / "stats.sqlite3"
    store = StatsStore.open(path)
    v = VARIANTS["partnership"]
    game = GameRecord("g.json", TIMES[0], v.name, json.dumps(v.model_dump(mode="json")), 1, SEATS, 0, "7", 2, 500)
    store.record_hand(game, None, hand_1())
    conn = sqlite3.connect(path)
    conn.execute("UPDATE games SET status = 'finished', winner_side = NULL")
    conn.commit()
    conn.close()
    try:
        assert store.running_win_rate() == [(1, 0.0)]
        your = store.figures()["your_side"]
        assert (your["games"], your["wins"], your["win_percent"], your["current_streak"]) == (1, 0, 0.0, 0)
        (row,) = store.figures()["variants"]
        assert (row["your_games"], row["your_wins"], row["your_win_percent"]) == (1, 0, 0.0)
        assert "  your side: won 0 of 1 (0%)" in figures_lines(store.figures())
    finally:
        store.close()
