"""The full check of the statistics file (`StatsStore.check_tallies`): every game's tally
worked out again from its rows and compared with the file's.  It finds what neither
SQLite's quick check nor the tallies' triggers see: a row's value changed on the disk (a
valid record, a wrong value: its game's tally stays) and the tallies edited directly.  Where
they differ the rows are the record: a copy of the file as it was is kept (``.bad``), the
tallies are worked out again from the rows (the figures then agree with the plain
recomputation, `stats_plain.Plain`), and one line says so, on the statistics screen too.
Skipped while the file's bytes are those it last found right; never half a hand another
connection records meanwhile."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stats_plain import Plain
from stats_records import SEATS, hand_1, hand_2, record_game
from test_stats_tallies import CHANGES, a_game, record, same_figures
from tui_helpers import SIZE, VARIANTS, app_from_flags, settle, text_of

from pinochle_tui import stats
from pinochle_tui.screens.stats import StatsScreen
from pinochle_tui.stats import GameRecord, HandRecord, SideRecord, StatsStore, TallyCheck, db_path

# a meld saved that no other number of the file spells (no tally holds it alone): its four
# bytes are found in the page
ODD_MELD = 0x01020304


def odd_hand() -> HandRecord:
    """Hand 1 of a game: Ann's side makes its 250, the other side saves `ODD_MELD` of meld."""
    return HandRecord(
        1, "2025-01-02T00:10:00Z", 2, "played", 0, 0, 250, "H", "made",
        (SideRecord(0, 120, 120, 170, 7, True, 290, 290), SideRecord(1, 40, ODD_MELD, 80, 5, None, 120, 120)),
        (290, 120), None, False,
    )  # fmt: skip


def a_file(path: Path) -> StatsStore:
    """Three partnership games (the second holding `odd_hand`), open."""
    store = StatsStore.open(path)
    record_game(store, "2025-01-01T00:00:00Z", "1", [hand_1(), hand_2()])
    record_game(store, "2025-01-02T00:00:00Z", "2", [odd_hand()])
    record_game(store, "2025-01-03T00:00:00Z", "3", [hand_1()])
    return store


def spoil_a_value(path: Path) -> bytes:
    """`ODD_MELD` one more on the disk, byte for byte, as a bad sector or a stray write may
    leave it: still a valid record, so SQLite's quick check finds nothing; the file's bytes."""
    raw = path.read_bytes()
    old = ODD_MELD.to_bytes(4, "big")
    assert raw.count(old) == 1
    spoilt = raw.replace(old, (ODD_MELD + 1).to_bytes(4, "big"))
    path.write_bytes(spoilt)
    return spoilt


def edit(path: Path, *sql: str) -> bytes:
    """``sql`` run on the file by another program (the sqlite3 shell); the file's bytes."""
    conn = sqlite3.connect(path)
    for q in sql:
        conn.execute(q)
    conn.commit()
    conn.close()
    return path.read_bytes()


def said(path: Path, what: str, kept: str = "stats.sqlite3.bad") -> str:
    return (
        f"{path}: the totals kept for the figures did not match the games' rows ({what}); they were worked out"
        f" again from the rows, and the file as it was is kept as {kept}"
    )


def agrees(store: StatsStore) -> bool:
    plain = Plain(store)
    try:
        return store.figures()["variants"] == plain.figures(None)["variants"]
    finally:
        plain.close()


def test_a_value_changed_on_the_disk_is_found_and_the_figures_follow_the_rows(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    store = a_file(path)
    assert store.check_tallies() == TallyCheck()
    before = spoil_a_value(path)
    try:
        assert store.file_problem() is None  # (SQLite's quick check does not see it)
        assert not agrees(store)  # the game's tally still holds the old value
        assert store.check_tallies() == TallyCheck(said(path, "game 2"))
        assert path.with_name("stats.sqlite3.bad").read_bytes() == before
        assert agrees(store)
        same_figures(store)
        meld = store.game(2)
        assert meld is not None and meld[1][0].sides[1]["meld_saved"] == ODD_MELD + 1
        assert store.check_tallies() == TallyCheck()  # right now: nothing more to say
    finally:
        store.close()


@pytest.mark.parametrize(
    ("sql", "what"),
    [
        ("UPDATE tally SET meld = meld + 100 WHERE game_id = 1", "game 1"),
        ("UPDATE tally SET status = 'playing' WHERE game_id = 1", "game 1"),
        ("DELETE FROM kind_tally WHERE game_id = 3 AND kind = 'easy'", "game 3"),
        ("INSERT INTO kind_tally SELECT * FROM kind_tally WHERE game_id = 1 AND kind = 'easy'", "game 1"),
        ("INSERT INTO tally (game_id, seats_n, hands_n, sides_n) VALUES (9, 0, 0, 0)", "game 9; the sums by variant"),
        ("UPDATE variant_sums SET your_wins = your_wins + 1", "the sums by variant"),
        ("UPDATE kind_sums SET wins = 0", "the sums by seat kind"),
        (
            "INSERT INTO kind_tally VALUES ('x', 'easy', 0, 1, 1, 1, 'finished', 'partnership')",
            "a seat kind's tally of no game",
        ),
    ],
)  # fmt: skip
def test_the_tallies_edited_directly_are_found_and_worked_out_again(tmp_path: Path, sql: str, what: str) -> None:
    path = tmp_path / "stats.sqlite3"
    store = a_file(path)
    store.close()
    before = edit(path, sql)
    store = StatsStore.open(path)
    try:
        assert store.check_tallies() == TallyCheck(said(path, what))
        assert path.with_name("stats.sqlite3.bad").read_bytes() == before
        same_figures(store)
        assert store.check_tallies() == TallyCheck()
    finally:
        store.close()


def test_a_kinds_tally_twice_over_is_found_beside_another_games_wrong_tally(tmp_path: Path) -> None:
    """A seat kind's tally copied (each copy one of the rows', the sums counting it twice)
    is found in a read that finds another game's tally wrong as well."""
    path = tmp_path / "stats.sqlite3"
    store = a_file(path)
    store.close()
    edit(
        path,
        "UPDATE tally SET meld = meld + 1 WHERE game_id = 1",
        "INSERT INTO kind_tally SELECT * FROM kind_tally WHERE game_id = 2 LIMIT 1",
    )
    store = StatsStore.open(path)
    try:
        assert store.check_tallies() == TallyCheck(said(path, "games 1 and 2"))
        same_figures(store)
    finally:
        store.close()


def test_an_older_copy_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    path.with_name("stats.sqlite3.bad").write_bytes(b"an older damaged file")
    store = a_file(path)
    store.close()
    edit(path, "UPDATE tally SET n = n + 1 WHERE game_id = 2")
    store = StatsStore.open(path)
    try:
        assert store.check_tallies() == TallyCheck(said(path, "game 2", "stats.sqlite3.bad.2"))
        assert path.with_name("stats.sqlite3.bad").read_bytes() == b"an older damaged file"
    finally:
        store.close()


def test_the_check_is_skipped_while_the_file_is_as_it_last_found_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "stats.sqlite3"
    store = a_file(path)
    worked: list[bool] = []
    real = StatsStore._fill_tallies

    def fill(self: StatsStore, into: str, scoped: bool) -> None:
        worked.append(scoped)
        real(self, into, scoped)

    monkeypatch.setattr(StatsStore, "_fill_tallies", fill)
    try:
        assert store.check_tallies() == TallyCheck()
        assert len(worked) == 1
        assert store.check_tallies() == TallyCheck()
        assert len(worked) == 1  # the same bytes: not worked out again
        record_game(store, "2025-01-04T00:00:00Z", "4", [hand_1()])
        worked.clear()
        assert store.check_tallies() == TallyCheck()
        assert worked  # a hand recorded since: checked again
        spoil_a_value(path)  # no commit: SQLite's own counters do not change
        assert store.check_tallies().said == said(path, "game 2")
    finally:
        store.close()


def hand_meanwhile(
    monkeypatch: pytest.MonkeyPatch, other: StatsStore, at: str, nth: int = 1, game_id: int | None = None
) -> None:
    """Another game records a hand on ``other`` just before the ``nth`` statement ``at`` of
    every connection opened from now (the check's): hand 2 of game ``game_id``, or the
    first of a new game."""
    v = VARIANTS["partnership"]
    game = GameRecord("g.json", "2025-01-05T00:00:00Z", v.name, "{}", 1, SEATS, 0, "5", 2, 500)
    seen: list[str] = []

    class Meanwhile(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            if sql == at:
                seen.append(sql)
                if len(seen) == nth:
                    other.record_hand(game, game_id, hand_1() if game_id is None else hand_2())
            return super().execute(sql, *args)

    real = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **kw: real(*a, **kw, factory=Meanwhile))


def test_a_hand_recorded_before_the_check_writes_is_kept_and_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the check's reads and its write another game records a hand of the very
    game found wrong: the write transaction sees it (``data_version``), works that game's
    tally out again with it, and the hand is neither lost nor counted from a stale tally."""
    path = tmp_path / "stats.sqlite3"
    store = a_file(path)
    store.close()
    edit(path, "UPDATE tally SET meld = meld + 100 WHERE game_id = 3")
    other = StatsStore.open(path)
    store = StatsStore.open(path)
    hand_meanwhile(monkeypatch, other, "BEGIN IMMEDIATE", game_id=3)
    try:
        assert store.check_tallies() == TallyCheck(said(path, "game 3"))
        assert store.figures()["games"] == {"recorded": 3, "finished": 2, "unfinished": 1}
        same_figures(store)
        assert store.check_tallies() == TallyCheck()
    finally:
        other.close()
        store.close()


def test_a_hand_recorded_between_the_checks_reads_is_counted_and_checked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The games are read a few at a time (`stats.CHECK_GAMES`), a transaction each: a hand
    recorded between two of them is written at once, and the file is not noted as checked
    (its bytes were not one state of it throughout)."""
    path = tmp_path / "stats.sqlite3"
    store = a_file(path)
    other = StatsStore.open(path)
    monkeypatch.setattr(stats, "CHECK_GAMES", 1)
    hand_meanwhile(monkeypatch, other, "BEGIN", nth=3)
    try:
        assert store.check_tallies() == TallyCheck()
        assert store.figures()["games"]["recorded"] == 4
        assert not path.with_name("stats.sqlite3.checked").exists()
        assert store.check_tallies() == TallyCheck()
        assert path.with_name("stats.sqlite3.checked").exists()
        same_figures(store)
    finally:
        other.close()
        store.close()


def test_a_copy_that_cannot_be_kept_leaves_the_file_as_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "stats.sqlite3"
    store = a_file(path)
    store.close()
    before = edit(path, "UPDATE tally SET meld = meld + 100 WHERE game_id = 1")

    def full(*_: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(shutil, "copyfileobj", full)
    store = StatsStore.open(path)
    try:
        assert store.check_tallies() == TallyCheck(
            f"{path}: the totals kept for the figures did not match the games' rows (game 1);"
            " a copy of the file could not be kept (No space left on device), so it is left as it is and the"
            " figures may be wrong"
        )
        assert path.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite3"]  # (no half a copy)
    finally:
        store.close()


@pytest.mark.parametrize("big", [False, True])
async def test_the_screen_says_what_the_check_found_and_shows_the_figures_of_the_rows(
    home: Path, monkeypatch: pytest.MonkeyPatch, big: bool
) -> None:
    path = db_path()
    path.parent.mkdir(parents=True)
    store = a_file(path)
    store.close()
    before = edit(path, "UPDATE tally SET status = 'playing', winner_side = NULL WHERE game_id = 1")
    if big:
        monkeypatch.setattr(StatsScreen, "READ_AT_ONCE_BYTES", 0)  # read as a big file is
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert text_of(screen.query_one("#stats-notice")) == said(path, "game 1")
        assert text_of(screen.query_one("#stats-figures")).splitlines()[:2] == [
            "3 games recorded: 1 finished, 2 unfinished.",
            "Your side: won 1 of 1 finished game (100%); win streak now 1, longest 1.",
        ]
    assert path.with_name("stats.sqlite3.bad").read_bytes() == before


# the tallies edited directly (another program, a hand at the sqlite3 shell): each changes
# what some figure counts, where the game ``{g}`` has a tally (a bad game's has few numbers)
TALLY_EDITS = (
    "UPDATE tally SET meld = COALESCE(meld, 0) + 7, n = COALESCE(n, 0) + 1 WHERE game_id = {g}",
    "UPDATE tally SET status = CASE status WHEN 'finished' THEN 'playing' ELSE 'finished' END WHERE game_id = {g}",
    "UPDATE tally SET problem = CASE WHEN problem IS NULL THEN 'x' END WHERE game_id = {g}",
    "UPDATE tally SET your_bid = COALESCE(your_bid, 0) + 1, your_contract_sum = 250 WHERE game_id = {g}",
    "DELETE FROM kind_tally WHERE rowid = (SELECT MIN(rowid) FROM kind_tally WHERE game_id = {g})",
    "INSERT INTO kind_tally SELECT * FROM kind_tally WHERE game_id = {g} LIMIT 1",
    "UPDATE variant_sums SET hands = hands + {g}",
    "UPDATE kind_sums SET seats = seats + {g}",
    "INSERT INTO kind_tally VALUES ('x{g}', 'easy', 0, 1, 1, 1, 'finished', 'partnership')",
    "INSERT OR IGNORE INTO tally (game_id, seats_n, hands_n, sides_n, variant, scale)"
    " VALUES ({g} + 100, 0, 0, 0, 'partnership', 1)",
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    games=st.lists(a_game(), min_size=1, max_size=5),
    changes=st.lists(st.tuples(st.sampled_from(CHANGES), st.integers(1, 5)), max_size=2),
    edits=st.lists(st.tuples(st.sampled_from(TALLY_EDITS), st.integers(1, 5)), max_size=3),
    per_read=st.sampled_from((1, 2, stats.CHECK_GAMES)),
)
def test_after_the_check_the_figures_are_those_worked_out_from_the_rows(
    games: list[tuple[GameRecord, list[HandRecord], str | None]],
    changes: list[tuple[str, int]],
    edits: list[tuple[str, int]],
    per_read: int,
) -> None:
    """Whatever was changed in the rows (their games' tallies dropped) and in the tallies
    (kept, wrong), after the check the figures are the plain recomputation's; the check
    says something exactly where the tallies were wrong, and a second says nothing."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "stats.sqlite3"
        store = StatsStore.open(path)
        record_game(store, "2025-01-01T00:00:00Z", "1", [hand_1(), hand_2()])
        for game, hands, left in games:
            record(store, game, hands, left)
        store.close()
        edit(path, *(sql.format(g=g) for sql, g in changes))
        edited = edit(path, *(sql.format(g=g) for sql, g in edits))
        store = StatsStore.open(path)
        try:
            try:
                same_figures(store)
                right = True
            except AssertionError:
                right = False
            with pytest.MonkeyPatch.context() as m:
                m.setattr(stats, "CHECK_GAMES", per_read)  # (the games read a few at a time, or all at once)
                wrong = store.check_tallies().said
            assert (wrong is None) == (not path.with_name("stats.sqlite3.bad").exists())
            if wrong is None:  # nothing was wrong: the file is as it was
                assert right and path.read_bytes() == edited
            if not edits:
                assert wrong is None
            same_figures(store)
            assert store.check_tallies() == TallyCheck()
        finally:
            store.close()
