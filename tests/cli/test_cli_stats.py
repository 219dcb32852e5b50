"""`pinochle stats [--json] [--variant NAME]`: the figures of the games
recorded, exact; "no games yet" when there are none; bad input and a damaged database
in one line with exit code 2 (the database set aside as stats.sqlite3.bad, kept)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pinochle_tui.cli import main
from pinochle_tui.stats import SCHEMA_VERSION, GameRecord, HandRecord, SeatRecord, SideRecord, StatsStore, db_path


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    return tmp_path


SEATS = (
    SeatRecord(0, "human", "", "You", 0),
    SeatRecord(1, "bot", "standard", "West", 1),
    SeatRecord(2, "bot", "standard", "North", 0),
    SeatRecord(3, "bot", "standard", "East", 1),
)


def record(store: StatsStore, gid: int | None, no: int, ended: str, bidder: int, bid: int, outcome: str,
           sides: list[tuple[int, int]], winner: int | None = None) -> int:  # fmt: skip
    """A partnership hand: ``sides`` per side (meld shown, change)."""
    bside = bidder % 2
    recs = tuple(
        SideRecord(k, meld, meld, 0, 0, (outcome == "made") if k == bside else None, change, change)
        for k, (meld, change) in enumerate(sides)
    )
    game = GameRecord("g.json", "2025-01-01T00:00:00Z", "partnership", "{}", 1, SEATS, 0, "7", 0, 1500)
    kind = "conceded" if outcome == "thrown_in" else "played"
    hand = HandRecord(no, ended, 0, kind, bidder, bside, bid, "H", outcome, recs, tuple(c for _, c in sides),
                      winner, winner is not None)  # fmt: skip
    return store.record_hand(game, gid, hand)


@pytest.fixture
def played(home: Path) -> Path:
    """Two partnership games: one won (a made contract, then a throw-in by the other side),
    one lost (your side set)."""
    store = StatsStore.open()
    g = record(store, None, 1, "2025-01-01T01:00:00Z", 0, 250, "made", [(120, 300), (40, 100)])
    record(store, g, 2, "2025-01-01T02:00:00Z", 1, 300, "thrown_in", [(60, 60), (0, -300)], winner=0)
    record(store, None, 1, "2025-01-02T01:00:00Z", 2, 270, "set", [(30, -270), (90, 200)], winner=1)
    store.close()
    return db_path()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["stats", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_exact(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--json")
    assert (code, err) == (0, "")
    contracts = {"bid": 3, "made": 1, "set": 1, "thrown_in": 1, "average_bid": 273.33}
    yours = {"bid": 2, "made": 1, "set": 1, "thrown_in": 0, "average_bid": 260.0}
    assert json.loads(out) == {
        "database": str(played),
        "variant": None,
        "games": {"recorded": 2, "finished": 2, "unfinished": 0},
        "your_side": {
            "games": 2,
            "wins": 1,
            "win_percent": 50.0,
            "unfinished": 0,
            "current_streak": 0,
            "longest_streak": 1,
        },
        "contracts": {k: v for k, v in contracts.items() if k != "average_bid"},
        "your_contracts": {k: v for k, v in yours.items() if k != "average_bid"},
        "partner_contracts": None,  # no called partner in the partnership game
        "your_checks": None,  # nor checks
        "variants": [
            {
                "variant": "partnership",
                "scale": "x10",
                "games": 2,
                "finished": 2,
                "your_games": 2,
                "your_wins": 1,
                "your_win_percent": 50.0,
                "your_unfinished": 0,
                "auction": True,
                "hands": 3,
                "contracts": contracts,
                "your_contracts": yours,
                # a side's meld as it counted: your side's 30 in the game it was set counts 0
                # (recorded as saved, as a hand before 2cf9349 was; a set side's meld is forfeited)
                "average_meld": 51.67,  # (120 + 40 + 60 + 0 + 0 + 90) / 6
                "your_average_meld": 60.0,  # (120 + 60 + 0) / 3
                "points_per_hand": 15.0,  # (300 + 100 + 60 - 300 - 270 + 200) / 6
                "your_points_per_hand": 30.0,  # (300 + 60 - 270) / 3
                "hot_seat_finished_games": 0,
                "your_checks": None,
                "partner_contracts": None,
            }
        ],
        "seat_kinds": [  # standard sits on both sides: it won both games whoever won
            {
                "kind": "human",
                "seats": 2,
                "games": 2,
                "wins": 1,
                "win_percent": 50.0,
                "both_sides": 0,
                "one_side_games": 2,
                "one_side_wins": 1,
                "one_side_win_percent": 50.0,
            },
            {
                "kind": "standard",
                "seats": 6,
                "games": 2,
                "wins": 2,
                "win_percent": None,
                "both_sides": 2,
                "one_side_games": 0,
                "one_side_wins": 0,
                "one_side_win_percent": None,
            },
        ],
        "hot_seat": {"finished_games": 0, "unfinished_games": 0, "players": []},
    }


def test_text_is_exact(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--variant", "partnership")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"Statistics from {played}",
        "2 games recorded: 2 finished, 0 unfinished.",
        "Your side: won 1 of 2 finished games (50%); win streak now 0, longest 1.",
        "Contracts, all sides: 3 bid, 1 made, 1 set, 1 thrown in.",
        "Contracts, your side: 2 bid, 1 made, 1 set, 0 thrown in.",
        "",
        "partnership: 2 games, 2 finished, 3 hands scored.",
        "  your side: won 1 of 2 (50%)",
        "  contracts, all sides: 3 bid, 1 made, 1 set, 1 thrown in, average bid 273",
        "  contracts, your side: 2 bid, 1 made, 1 set, 0 thrown in, average bid 260",
        "  meld per hand: 52 a side, your side 60",
        "  points per hand: 15 a side, your side 30",
        "",
        "Finished games by seat kind:",
        "  human: 2 games, 1 won (50%)",
        "  standard: 2 games, on both sides of each: no win rate of its own",
    ]


def test_no_games_yet(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == ["No games yet: statistics are kept from the first hand you finish."]
    assert not db_path().exists()  # asking never begins a database
    code, out, _ = run(capsys, "--variant", "three-hand")  # a preset with no game yet
    assert code == 0
    assert out.splitlines()[1:] == ["No games yet of three-hand: statistics are kept from the first hand you finish."]
    code, out, _ = run(capsys, "--json")
    assert json.loads(out)["games"] == {"recorded": 0, "finished": 0, "unfinished": 0}


def test_an_unknown_variant_is_one_line(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--variant", "pinocle")
    assert (code, out) == (2, "")
    assert err == (
        "pinochle stats: --variant: 'pinocle' is neither a preset (see: pinochle variants) nor the variant of a "
        "recorded game; the variants with games: partnership\n"
    )


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"not a database at all\n" * 64, "file is not a database"),
        (None, f"schema version 9 is from a newer version of the game; this one reads {SCHEMA_VERSION}"),
    ],
)
def test_a_damaged_database_is_one_line_and_kept(
    home: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, why: str, tmp_path: Any
) -> None:
    path = db_path()
    path.parent.mkdir(parents=True)
    if content is None:
        import sqlite3

        conn = sqlite3.connect(path)
        conn.execute("PRAGMA user_version = 9")
        conn.commit()
        conn.close()
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    code, out, err = run(capsys, "--json")
    assert (code, out) == (2, "")
    set_aside = "it was set aside as stats.sqlite3.bad"
    assert err == f"pinochle stats: {path}: the statistics database is damaged ({why}); {set_aside}\n"
    assert path.with_name("stats.sqlite3.bad").read_bytes() == before
    code, out, _ = run(capsys)  # and the next look finds no games, not the damage again
    assert code == 0
    assert out.splitlines()[1:] == ["No games yet: statistics are kept from the first hand you finish."]


@pytest.mark.parametrize("as_json", [False, True])
def test_the_figures_come_before_the_check_of_the_whole_file(
    home: Path, capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    """SQLite's quick check of the whole file (0.4 s at 100,000 games) runs after the
    figures are printed, as the statistics screen runs it after showing them: a damaged
    page no figure reads is then found, the file set aside and said in one line (exit 2,
    what was printed came from a damaged file)."""
    import sqlite3

    store = StatsStore.open()
    for k in range(60):
        record(store, None, 1, f"2025-01-01T00:{k:02}:00Z", 0, 250, "made", [(120, 300), (40, 100)])
    store.close()
    path = db_path()
    conn = sqlite3.connect(path)
    ((page,),) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'hand_sides'").fetchall()
    conn.close()
    raw = bytearray(path.read_bytes())
    raw[(page - 1) * 4096 : page * 4096] = b"\xa5" * 4096  # the hand sides' rows: each game's tally holds them
    path.write_bytes(bytes(raw))
    code, out, err = run(capsys, *(["--json"] if as_json else []))
    assert code == 2
    if as_json:
        assert json.loads(out)["games"] == {"recorded": 60, "finished": 0, "unfinished": 60}
    else:
        assert out.splitlines()[:2] == [f"Statistics from {path}", "60 games recorded: 0 finished, 60 unfinished."]
    assert err == (
        f"pinochle stats: {path}: the statistics database is damaged (database disk image is malformed);"
        " it was set aside as stats.sqlite3.bad\n"
    )
    assert path.with_name("stats.sqlite3.bad").read_bytes() == bytes(raw)


def test_the_text_is_wrapped_at_word_boundaries_to_the_terminal(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hot-seat game's line was 81 characters: an 80-column terminal put its last "."
    on a row of its own.  To a terminal every line is wrapped at word boundaries to its
    width, the rows after the first indented; to a pipe or a file, one line a figure."""
    import pinochle_tui.cli as cli

    hot_seat = (
        SeatRecord(0, "human", "", "Mom", 0),
        SeatRecord(1, "human", "", "Ann", 1),
        SeatRecord(2, "human", "", "Ben", 0),
        SeatRecord(3, "bot", "standard", "Bot 4", 1),
    )
    store = StatsStore.open()
    game = GameRecord("g.json", "2025-01-01T00:00:00Z", "partnership", "{}", 1, hot_seat, 0, "7", 0, 1500)
    sides = (SideRecord(0, 120, 120, 0, 0, True, 300, 680), SideRecord(1, 40, 40, 0, 0, None, 100, 370))
    store.record_hand(game, None, HandRecord(1, "2025-01-01T01:00:00Z", 0, "played", 0, 0, 250, "H", "made",
                                             sides, (680, 370), None, False))  # fmt: skip
    store.close()
    code, piped, _ = run(capsys)
    long = "Games of people on opposing sides (hot-seat or hosted): 0 finished, 1 unfinished."
    assert code == 0 and long in piped.splitlines() and len(long) == 81
    monkeypatch.setattr(cli, "terminal_width", lambda: 80)
    code, shown, _ = run(capsys)
    rows = shown.splitlines()
    assert rows[:2] == ["Statistics from", f"  {db_path()}"]  # (a path longer than a row: whole on its own)
    assert code == 0 and max(len(r) for r in rows[2:]) <= 80 and "." not in rows
    at = rows.index("Games of people on opposing sides (hot-seat or hosted): 0 finished, 1")
    assert rows[at + 1] == "  unfinished."
    assert shown.split() == piped.split()  # the same words, none cut
