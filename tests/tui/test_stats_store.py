"""The statistics database: the rows a played game leaves, the figures SQL
works out from rows made by hand, a hand committed before the next is dealt (and after a
kill -9), and each kind of damaged database set aside as stats.sqlite3.bad, kept."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from pinochle_tui import stats
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.stats import (
    SCHEMA_VERSION,
    GameLog,
    GameRecord,
    HandRecord,
    SeatRecord,
    SideRecord,
    StatsDamaged,
    StatsStore,
    db_path,
)
from rules import load_variants

VARIANTS = load_variants()
REPO = Path(__file__).resolve().parents[2]


def play(store: StatsStore, variant: str, seats: list[str], seed: Any, target: int | None = None) -> Controller:
    """A whole game of bots (a human seat played by the helper bot), recorded as the app
    records it: `GameLog.hand_done` after every decision."""
    v = VARIANTS[variant]
    c = Controller(v, default_seats(v.players, seats), seed=seed, target=target)
    log = GameLog(lambda: store, c, f"game-{seed}.json", "2025-03-04T05:06:07Z")
    while True:
        while c.round.result is None:
            seat = c.to_act
            bot = c.helper() if c.is_human(seat) else c.bot_for(seat)
            action, problem = c.choose(c.round, seat, bot)
            assert problem is None
            c.apply(action)
            assert log.hand_done() is None
        assert log.hand_done() is None  # asked again at the same hand: nothing more is written
        if c.game.over:
            return c
        c.next_hand()


def rows(path: Path, sql: str) -> list[tuple[Any, ...]]:
    """Read through a connection of its own: only what was committed is seen."""
    conn = sqlite3.connect(path)
    try:
        return [tuple(r) for r in conn.execute(sql)]
    finally:
        conn.close()


# ---------------------------------------------------------------------- a played game


def test_a_played_game_leaves_exactly_its_hands(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    store = StatsStore.open(path)
    c = play(store, "partnership", ["human", "standard", "standard", "easy"], seed=11, target=700)
    v = c.variant
    assert c.game.over

    (game,) = rows(path, "SELECT * FROM games")
    assert game == (
        1,
        "game-11.json",
        "2025-03-04T05:06:07Z",
        game[3],  # ended_at: the time of the last hand
        "partnership",
        json.dumps(v.model_dump(mode="json"), sort_keys=True),
        1,
        0,  # the human sits on side 0
        "11",
        c.first_dealer,
        700,
        json.dumps(list(c.game.scores)),
        c.game.winner,
        "finished",
        0,  # first_hand: the seed's first deal
        700,  # final_target: the target stood (no two sides reached it together)
    )
    assert rows(path, "SELECT seat, kind, level, name, side FROM seats ORDER BY seat") == [
        (0, "human", "", "You", 0),
        (1, "bot", "standard", "West", 1),
        (2, "bot", "standard", "North", 0),
        (3, "bot", "easy", "East", 1),
    ]

    history = c.game.history  # the HandResults the hand-result screen showed, in order
    assert len(history) == len(c.done_hands) + 1
    expected_hands = []
    expected_sides = []
    scores = [0] * v.n_sides
    for k, r in enumerate(history, start=1):
        bside = v.side_of[r.bidder] if r.bidder is not None else None
        if r.kind == "conceded":
            outcome = "thrown_in"
        elif r.kind == "played":
            outcome = "made" if r.sides[bside or 0].made else "set"
        else:
            outcome = {"auto_set": "set"}.get(r.kind, r.kind)
        expected_hands.append((k, r.kind, r.bidder, bside, r.contract, r.trump, outcome))
        for s in r.sides:
            scores[s.side] += s.change if r.counts else 0
            made = None if s.made is None else int(s.made)
            expected_sides.append(
                (k, s.side, s.meld_shown, s.meld_saved, s.trick_points, s.tricks, made, s.change, scores[s.side])
            )
    assert (
        rows(path, "SELECT hand_no, kind, bidder, bidder_side, contract, trump, outcome FROM hands ORDER BY hand_no")
        == expected_hands
    )
    assert (
        rows(
            path,
            "SELECT hand_no, side, meld_shown, meld_saved, trick_points, tricks, made, change, score_after"
            " FROM hand_sides ORDER BY hand_no, side",
        )
        == expected_sides
    )
    assert tuple(scores) == c.game.scores
    # the dealer of each hand: the first, then one seat on a hand (the same after a misdeal)
    dealer, dealers = c.first_dealer, []
    for r in history:
        dealers.append(dealer)
        dealer = dealer if r.same_dealer else (dealer + 1) % 4
    assert [r[0] for r in rows(path, "SELECT dealer FROM hands ORDER BY hand_no")] == dealers
    assert rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert rows(path, "SELECT version FROM migrations") == [(1,), (2,), (3,), (4,)]


def test_a_hand_is_committed_before_the_next_is_dealt(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    store = StatsStore.open(path)
    v = VARIANTS["three-hand"]
    c = Controller(v, default_seats(3, ["random", "random", "random"]), seed=4)
    log = GameLog(lambda: store, c, None, "2025-03-04T05:06:07Z")
    while c.round.result is None:
        c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
        log.hand_done()
        if c.round.result is None:  # nothing is written while the hand is in play
            assert rows(path, "SELECT COUNT(*) FROM hands") == [(0,)]
    # the hand is over: its row is there for any other reader before next_hand deals
    assert rows(path, "SELECT hand_no FROM hands") == [(1,)]
    assert rows(path, "SELECT COUNT(*) FROM hand_sides") == [(3,)]
    assert rows(path, "SELECT status, scores_json FROM games") == [("playing", json.dumps(list(c.game.scores)))]


def test_a_resumed_game_goes_on_in_its_own_record(tmp_path: Path) -> None:
    """The save's name and seed find the unfinished game: its hands go on from there,
    none twice, and leaving marks it abandoned until it is played again."""
    path = tmp_path / "stats.sqlite3"
    store = StatsStore.open(path)
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["random"] * 4), seed=9)
    log = GameLog(lambda: store, c, "game-x.json", "2025-03-04T05:06:07Z")
    for _ in range(2):
        while c.round.result is None:
            c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
        log.hand_done()
        c.next_hand()
    log.left()
    assert rows(path, "SELECT status FROM games") == [("abandoned",)]
    again = GameLog(lambda: store, c, "game-x.json", "2030-01-01T00:00:00Z")  # a resume: same save
    while c.round.result is None:
        c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
    assert again.hand_done() is None
    assert rows(path, "SELECT id, started_at, status FROM games") == [(1, "2025-03-04T05:06:07Z", "playing")]
    assert rows(path, "SELECT hand_no FROM hands ORDER BY hand_no") == [(1,), (2,), (3,)]


# ---------------------------------------------------------------------- figures from rows made by hand


def seats4(*kinds: str, names: tuple[str, ...] = ("You", "West", "North", "East")) -> tuple[SeatRecord, ...]:
    out = []
    for i, k in enumerate(kinds):
        kind, level = ("human", "") if k == "human" else ("bot", k)
        out.append(SeatRecord(i, kind, level, names[i], i % 2))
    return tuple(out)


def game(variant: str, seats: tuple[SeatRecord, ...], human_side: int | None, scale: int = 1) -> GameRecord:
    return GameRecord(None, "2025-01-01T00:00:00Z", variant, "{}", scale, seats, human_side, "s", 0, 1500)


def hand(
    no: int,
    ended: str,
    kind: str,
    bidder: int | None,
    contract: int | None,
    outcome: str,
    sides: list[tuple[int, int, int, int]],
    over: bool = False,
    winner: int | None = None,
    players_sides: int = 2,
) -> HandRecord:
    """``sides``: per side (meld shown, meld saved, trick points, change)."""
    bside = None if bidder is None else (bidder % 2 if players_sides == 2 else bidder)
    recs = tuple(
        SideRecord(k, shown, saved, tricks, 0, None if k != bside else outcome == "made", change, change)
        for k, (shown, saved, tricks, change) in enumerate(sides)
    )
    return HandRecord(
        no, ended, 0, kind, bidder, bside, contract, "S" if contract else None, outcome, recs,
        tuple(c for *_, c in sides), winner, over,
    )  # fmt: skip


@pytest.fixture
def built(tmp_path: Path) -> StatsStore:
    """Six games: four with your side on side 0 (won, lost, won, won by end time), a
    hot-seat game of opponents (no "your side"), one unfinished; a three-hand game in the
    x1 scale; a throw-in, a set, a misdeal (not scored)."""
    store = StatsStore.open(tmp_path / "stats.sqlite3")
    assert store.conn is not None
    store.conn.execute("PRAGMA synchronous = OFF")  # no fsync per hand: quicker to build
    std4 = seats4("human", "standard", "standard", "easy")
    a = store.record_hand(game("partnership", std4, 0), None,
                          hand(1, "2025-01-01T09:00:00Z", "played", 0, 250, "made",
                               [(100, 100, 160, 260), (50, 50, 90, 140)]))  # fmt: skip
    store.record_hand(game("partnership", std4, 0), a,
                      hand(2, "2025-01-01T09:30:00Z", "conceded", 1, 300, "thrown_in",
                           [(60, 60, 0, 60), (80, 0, 0, -300)]))  # fmt: skip
    store.record_hand(game("partnership", std4, 0), a,
                      hand(3, "2025-01-01T10:00:00Z", "misdeal", None, None, "misdeal",
                           [(0, 0, 0, 0), (0, 0, 0, 0)], over=True, winner=0))  # fmt: skip
    store.record_hand(game("partnership", std4, 0), None,
                      hand(1, "2025-01-02T10:00:00Z", "played", 1, 260, "set",
                           [(20, 20, 100, 120), (140, 0, 150, -260)], over=True, winner=1))  # fmt: skip
    three = (SeatRecord(0, "human", "", "You", 0), SeatRecord(1, "bot", "easy", "West", 1),
             SeatRecord(2, "bot", "standard", "East", 2))  # fmt: skip
    store.record_hand(game("three-hand", three, 0, scale=10), None,
                      hand(1, "2025-01-03T10:00:00Z", "played", 0, 250, "made",
                           [(100, 100, 170, 270), (40, 40, 50, 90), (0, 0, 30, 30)],
                           over=True, winner=0, players_sides=3))  # fmt: skip
    hot = seats4("human", "human", "standard", "standard", names=("Ann", "Bob", "North", "East"))
    store.record_hand(game("partnership", hot, None), None,
                      hand(1, "2025-01-04T10:00:00Z", "played", 2, 250, "made",
                           [(90, 90, 180, 270), (30, 30, 70, 100)], over=True, winner=1))  # fmt: skip
    store.record_hand(game("partnership", std4, 0), None,
                      hand(1, "2025-01-06T10:00:00Z", "played", 3, 250, "made",
                           [(40, 40, 60, 100), (120, 120, 190, 310)]))  # fmt: skip
    store.record_hand(game("partnership", std4, 0), None,
                      hand(1, "2025-01-05T10:00:00Z", "played", 0, 250, "made",
                           [(50, 50, 200, 250), (0, 0, 50, 50)], over=True, winner=0))  # fmt: skip
    return store


FIGURES = {
    "variant": None,
    "games": {"recorded": 6, "finished": 5, "unfinished": 1},
    "your_side": {
        "games": 4,
        "wins": 3,
        "win_percent": 75.0,
        "unfinished": 1,
        "current_streak": 2,
        "longest_streak": 2,
    },
    "contracts": {"bid": 7, "made": 5, "set": 1, "thrown_in": 1},
    "your_contracts": {"bid": 3, "made": 3, "set": 0, "thrown_in": 0},
    "partner_contracts": None,  # no called partner in these forms
    "your_checks": None,  # no checks in these forms
    "variants": [
        {
            "variant": "partnership",
            "scale": "x10",
            "games": 5,
            "finished": 4,
            "your_games": 3,
            "your_wins": 2,
            "your_win_percent": 66.7,
            "your_unfinished": 1,
            "auction": True,
            "hands": 6,
            "contracts": {"bid": 6, "made": 4, "set": 1, "thrown_in": 1, "average_bid": 260.0},
            "your_contracts": {"bid": 2, "made": 2, "set": 0, "thrown_in": 0, "average_bid": 250.0},
            # the meld as it counted: the 80 of the side that threw in and the 140 of the side
            # set count 0, as the history shows (560 / 12; your side was never set: 270 / 5)
            "average_meld": 46.67,
            "your_average_meld": 54.0,
            "points_per_hand": 91.67,
            "your_points_per_hand": 158.0,
            "hot_seat_finished_games": 1,
            "your_checks": None,
            "partner_contracts": None,
        },
        {
            "variant": "three-hand",
            "scale": "x1",
            "games": 1,
            "finished": 1,
            "your_games": 1,
            "your_wins": 1,
            "your_win_percent": 100.0,
            "your_unfinished": 0,
            "auction": True,
            "hands": 1,
            "contracts": {"bid": 1, "made": 1, "set": 0, "thrown_in": 0, "average_bid": 25.0},
            "your_contracts": {"bid": 1, "made": 1, "set": 0, "thrown_in": 0, "average_bid": 25.0},
            "average_meld": 4.67,
            "your_average_meld": 10.0,
            "points_per_hand": 13.0,
            "your_points_per_hand": 27.0,
            "hot_seat_finished_games": 0,
            "your_checks": None,
            "partner_contracts": None,
        },
    ],
    "seat_kinds": [  # standard sits on both sides of every partnership game: it won those whoever won
        {
            "kind": "human",
            "seats": 6,
            "games": 5,
            "wins": 4,
            "win_percent": 75.0,
            "both_sides": 1,
            "one_side_games": 4,
            "one_side_wins": 3,
            "one_side_win_percent": 75.0,
        },
        {
            "kind": "easy",
            "seats": 4,
            "games": 4,
            "wins": 1,
            "win_percent": 25.0,
            "both_sides": 0,
            "one_side_games": 4,
            "one_side_wins": 1,
            "one_side_win_percent": 25.0,
        },
        {
            "kind": "standard",
            "seats": 9,
            "games": 5,
            "wins": 4,
            "win_percent": 0.0,
            "both_sides": 4,
            "one_side_games": 1,
            "one_side_wins": 0,
            "one_side_win_percent": 0.0,
        },
    ],
    "hot_seat": {
        "finished_games": 1,
        "unfinished_games": 0,
        "players": [
            # (and their hands: the one hand of that game, no contract of theirs)
            {
                "name": "Bob",
                "finished_games": 1,
                "wins": 1,
                "win_percent": 100.0,
                "unfinished_games": 0,
                "hands": 1,
                "bid": 0,
                "made": 0,
                "set": 0,
                "thrown_in": 0,
                "average_meld": 30.0,
                "average_tricks": 70.0,
            },
            {
                "name": "Ann",
                "finished_games": 1,
                "wins": 0,
                "win_percent": 0.0,
                "unfinished_games": 0,
                "hands": 1,
                "bid": 0,
                "made": 0,
                "set": 0,
                "thrown_in": 0,
                "average_meld": 90.0,
                "average_tricks": 180.0,
            },
        ],
    },
}


def test_figures_of_rows_made_by_hand(built: StatsStore) -> None:
    fig = built.figures()
    assert fig.pop("database") == str(built.path)
    assert fig == FIGURES


def test_figures_of_one_variant_and_the_running_win_rate(built: StatsStore) -> None:
    fig = built.figures("three-hand")
    assert fig["games"] == {"recorded": 1, "finished": 1, "unfinished": 0}
    assert fig["your_side"] == {
        "games": 1,
        "wins": 1,
        "win_percent": 100.0,
        "unfinished": 0,
        "current_streak": 1,
        "longest_streak": 1,
    }
    assert fig["variants"] == [FIGURES["variants"][1]]  # type: ignore[index]
    assert [k["kind"] for k in fig["seat_kinds"]] == ["human", "easy", "standard"]
    # by end time: won, lost, won, won
    assert built.running_win_rate() == [(1, 100.0), (2, 50.0), (3, 66.67), (4, 75.0)]
    assert built.variants() == ["partnership", "three-hand"]


def test_a_loss_ends_the_current_streak(built: StatsStore) -> None:
    std4 = seats4("human", "standard", "standard", "easy")
    built.record_hand(game("partnership", std4, 0), None,
                      hand(1, "2025-02-01T10:00:00Z", "played", 1, 250, "made",
                           [(0, 0, 50, 50), (50, 50, 200, 250)], over=True, winner=1))  # fmt: skip
    assert built.figures()["your_side"] == {
        "games": 5,
        "wins": 3,
        "win_percent": 60.0,
        "unfinished": 1,
        "current_streak": 0,
        "longest_streak": 2,
    }


def test_a_game_recorded_after_the_figures_were_read_counts_in_the_next_read(built: StatsStore) -> None:
    """What each game's variant says is read once per connection (`GAME_RULES`): a game
    recorded since, on the same connection, is read with the next figures, in every pass."""
    before = built.figures("three-hand")
    assert (before["variants"][0]["hands"], before["hot_seat"]["finished_games"]) == (1, 0)
    hot3 = (SeatRecord(0, "human", "", "You", 0), SeatRecord(1, "human", "", "Bob", 1),
            SeatRecord(2, "bot", "standard", "East", 2))  # fmt: skip
    built.record_hand(game("three-hand", hot3, None, scale=10), None,
                      hand(1, "2025-01-07T10:00:00Z", "played", 1, 300, "made",
                           [(30, 30, 100, 130), (100, 100, 200, 300), (0, 0, 0, 0)],
                           over=True, winner=1, players_sides=3))  # fmt: skip
    after = built.figures("three-hand")["variants"][0]
    assert {k: after[k] for k in ("games", "hands", "contracts", "average_meld", "points_per_hand")} == {
        "games": 2,
        "hands": 2,
        "contracts": {"bid": 2, "made": 2, "set": 0, "thrown_in": 0, "average_bid": 27.5},
        "average_meld": 4.5,  # (100 + 40 + 0 + 30 + 100 + 0) / 6 sides, x1
        "points_per_hand": 13.67,  # (270 + 90 + 30 + 130 + 300 + 0) / 6
    }
    assert after["hot_seat_finished_games"] == 1
    # Bob's hands: the other game's (meld 30, tricks 70) and this x1 game's bid made (100 and 200 are 10 and 20)
    assert built.figures()["hot_seat"]["players"] == [
        {"name": "Bob", "finished_games": 2, "wins": 2, "win_percent": 100.0, "unfinished_games": 0,
         "hands": 2, "bid": 1, "made": 1, "set": 0, "thrown_in": 0, "average_meld": 20.0, "average_tricks": 45.0},
        {"name": "Ann", "finished_games": 1, "wins": 0, "win_percent": 0.0, "unfinished_games": 0,
         "hands": 1, "bid": 0, "made": 0, "set": 0, "thrown_in": 0, "average_meld": 90.0, "average_tricks": 180.0},
        {"name": "You", "finished_games": 1, "wins": 0, "win_percent": 0.0, "unfinished_games": 0,
         "hands": 1, "bid": 0, "made": 0, "set": 0, "thrown_in": 0, "average_meld": 3.0, "average_tricks": 10.0},
    ]  # fmt: skip
    assert built.game(7) is not None


def test_history_newest_first_and_one_game(built: StatsStore) -> None:
    games = built.games()
    assert [g.id for g in games] == [6, 5, 4, 3, 2, 1]  # all started at the same time: the newest id first
    one = built.game(1)
    assert one is not None
    summary, hands = one
    assert (summary.status, summary.hands, summary.scores, summary.winner_side) == ("finished", 3, [0, 0], 0)
    assert [(h.hand_no, h.outcome, h.contract) for h in hands] == [(1, "made", 250), (2, "thrown_in", 300),
                                                                    (3, "misdeal", None)]  # fmt: skip
    assert hands[1].sides == [
        {"side": 0, "meld_shown": 60, "meld_saved": 60, "trick_points": 0, "tricks": 0, "made": None,
         "change": 60, "score_after": 60},
        {"side": 1, "meld_shown": 80, "meld_saved": 0, "trick_points": 0, "tricks": 0, "made": False,
         "change": -300, "score_after": -300},
    ]  # fmt: skip
    assert summary.side_names() == ["You & North", "West & East"]


def test_no_database_is_no_games(tmp_path: Path) -> None:
    store = StatsStore.open(tmp_path / "none.sqlite3", create=False)
    assert store.conn is None
    assert not (tmp_path / "none.sqlite3").exists()  # reading never begins one
    assert store.figures()["games"] == {"recorded": 0, "finished": 0, "unfinished": 0}
    assert store.games() == []


# ---------------------------------------------------------------------- a kill -9


CHILD = textwrap.dedent(
    """
    import sys, time
    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.stats import GameLog, StatsStore
    from rules import load_variants

    mode = sys.argv[1]
    store = StatsStore.open()
    v = load_variants()["partnership"]
    seed = 0
    while True:
        seed += 1
        c = Controller(v, default_seats(4, ["random"] * 4), seed=seed)
        log = GameLog(lambda: store, c, f"game-{seed}.json", "2025-01-01T00:00:00Z")
        while True:
            while c.round.result is None:
                c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
                if mode == "mid-hand" and c.hand_no == 3 and len(c.actions) == 6:
                    print("in hand 3", flush=True)
                    time.sleep(60)
            log.hand_done()
            if mode == "loop" and seed == 1 and c.hand_no == 1:
                print("writing", flush=True)
            if c.game.over:
                break
            c.next_hand()
    """
)


def run_child(home: Path, mode: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PINOCHLE_HOME": str(home), "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, mode], env=env, stdout=subprocess.PIPE, text=True, cwd=str(REPO)
    )


def test_kill_9_in_the_middle_of_a_hand_keeps_the_hands_before_it(tmp_path: Path, monkeypatch: Any) -> None:
    child = run_child(tmp_path, "mid-hand")
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "in hand 3"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    path = db_path()
    assert rows(path, "PRAGMA integrity_check") == [("ok",)]
    assert rows(path, "SELECT game_id, hand_no FROM hands") == [(1, 1), (1, 2)]
    assert rows(path, "SELECT COUNT(*) FROM hand_sides") == [(4,)]
    assert rows(path, "SELECT status FROM games") == [("playing",)]
    store = StatsStore.open()  # opens clean: nothing set aside
    assert store.figures()["games"]["recorded"] == 1
    assert not list(tmp_path.glob("data/*.bad*"))


def test_kill_9_while_writing_leaves_whole_hands_only(tmp_path: Path, monkeypatch: Any) -> None:
    """Killed at a moment of its own choosing while it writes hand after hand: every hand
    in the database has all its sides and the game's scores are its last hand's."""
    child = run_child(tmp_path, "loop")
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "writing"  # its first hand is in (however slow the start)
    time.sleep(0.5)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    path = db_path()
    assert rows(path, "PRAGMA integrity_check") == [("ok",)]  # a hot journal is rolled back on open
    hands = rows(path, "SELECT COUNT(*) FROM hands")[0][0]
    assert hands > 0
    assert rows(path, "SELECT COUNT(*) FROM hand_sides") == [(2 * hands,)]
    # every game's hands run 1..n with no gap, and its scores are the last hand's scores
    for gid, n, top in rows(path, "SELECT game_id, COUNT(*), MAX(hand_no) FROM hands GROUP BY game_id"):
        assert n == top
        last = rows(path, f"SELECT score_after FROM hand_sides WHERE game_id = {gid} AND hand_no = {top} ORDER BY side")
        assert rows(path, f"SELECT scores_json FROM games WHERE id = {gid}") == [(json.dumps([s for (s,) in last]),)]


# ---------------------------------------------------------------------- damaged databases


def a_good_database(path: Path) -> None:
    store = StatsStore.open(path)
    assert store.conn is not None
    store.conn.execute("PRAGMA synchronous = OFF")  # no fsync per hand: quicker to build
    store.record_hand(game("partnership", seats4("human", "standard", "standard", "easy"), 0), None,
                      hand(1, "2025-01-01T09:00:00Z", "played", 0, 250, "made",
                           [(100, 100, 160, 260), (50, 50, 90, 140)]))  # fmt: skip
    for k in range(2, 40):  # pages enough that one of them can be spoilt
        store.record_hand(game("partnership", seats4("human", "standard", "standard", "easy"), 0), 1,
                          hand(k, "2025-01-01T09:00:00Z", "played", 0, 250, "made",
                               [(100, 100, 160, 260), (50, 50, 90, 140)]))  # fmt: skip
    store.close()


def spoil(path: Path, kind: str) -> None:
    if kind == "not-sqlite":
        path.write_bytes(b"this is not a database\n" * 100)
        return
    a_good_database(path)
    if kind == "corrupt-page":
        raw = bytearray(path.read_bytes())
        raw[4096 : 2 * 4096] = b"\xa5" * 4096  # page 2
        path.write_bytes(bytes(raw))
        return
    conn = sqlite3.connect(path)
    if kind == "future-version":
        conn.execute("PRAGMA user_version = 7")
    elif kind == "missing-table":
        conn.execute("DROP TABLE hand_sides")
    elif kind == "a-stranger":  # another program's SQLite file
        conn.execute("PRAGMA application_id = 1234")
    conn.commit()
    conn.close()


WHY = {
    "not-sqlite": "file is not a database",
    "future-version": f"schema version 7 is from a newer version of the game; this one reads {SCHEMA_VERSION}",
    "corrupt-page": "database disk image is malformed",
    "missing-table": "the table hand_sides is missing",
    "a-stranger": "not a pinochle statistics database",
}


@pytest.mark.parametrize("kind", list(WHY))
def test_a_damaged_database_is_set_aside_and_kept(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "stats.sqlite3"
    spoil(path, kind)
    before = path.read_bytes()
    with pytest.raises(StatsDamaged) as info:
        StatsStore.open(path)
    bad = tmp_path / "stats.sqlite3.bad"
    assert str(info.value) == (
        f"{path}: the statistics database is damaged ({WHY[kind]}); it was set aside as stats.sqlite3.bad"
    )
    assert bad.read_bytes() == before  # kept as it was
    assert not path.exists()
    fresh = StatsStore.open(path)  # a new one is begun
    assert fresh.figures()["games"]["recorded"] == 0


def test_a_second_damaged_database_never_overwrites_the_first(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    (tmp_path / "stats.sqlite3.bad").write_bytes(b"the first")
    path.write_bytes(b"the second" * 50)
    with pytest.raises(StatsDamaged, match=r"set aside as stats\.sqlite3\.bad\.2$"):
        StatsStore.open(path)
    assert (tmp_path / "stats.sqlite3.bad").read_bytes() == b"the first"
    assert (tmp_path / "stats.sqlite3.bad.2").read_bytes() == b"the second" * 50


def test_a_name_another_pinochle_takes_for_its_own_damaged_file_meanwhile_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found free, then taken by another pinochle's copy before this one's is made: the next
    name (a rename wrote over the other's copy)."""
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"this one" * 50)
    free = stats._free_bad_name

    def taken_meanwhile(p: Path) -> Path:
        found = free(p)
        if found.name == "stats.sqlite3.bad":
            found.write_bytes(b"the other's")
        return found

    monkeypatch.setattr(stats, "_free_bad_name", taken_meanwhile)
    with pytest.raises(StatsDamaged, match=r"set aside as stats\.sqlite3\.bad\.2$"):
        StatsStore.open(path)
    assert (tmp_path / "stats.sqlite3.bad").read_bytes() == b"the other's"
    assert (tmp_path / "stats.sqlite3.bad.2").read_bytes() == b"this one" * 50


def test_the_game_goes_on_into_a_new_database(tmp_path: Path) -> None:
    """Damaged between two hands: one notice, the file set aside, the hand recorded in a
    new database; a failure that is not damage (a read-only file) is one notice too."""
    path = tmp_path / "stats.sqlite3"
    holder: dict[str, StatsStore] = {"store": StatsStore.open(path)}

    def store() -> StatsStore:
        if holder["store"].conn is None:
            holder["store"] = StatsStore.open(path)
        return holder["store"]

    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["random"] * 4), seed=3)
    log = GameLog(store, c, "game-3.json", "2025-01-01T00:00:00Z")
    while c.round.result is None:
        c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
    assert log.hand_done() is None
    c.next_hand()
    holder["store"].close()
    path.write_bytes(b"garbage" * 100)
    while c.round.result is None:
        c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
    assert log.hand_done() == (
        f"{path}: the statistics database is damaged (file is not a database); it was set aside as "
        "stats.sqlite3.bad; a new one is begun from this hand."
    )
    assert rows(path, "SELECT hand_no FROM hands") == [(2,)]
    assert (tmp_path / "stats.sqlite3.bad").read_bytes() == b"garbage" * 100


def test_the_statistics_averages_are_whole_points_in_an_x1_game() -> None:
    """The statistics said 'average bid 22.7' and 'meld per hand: 5.7' in three-hand (x1),
    figures the game never shows: its scores, bids and the bidding help's estimate are whole."""
    from pinochle_tui.stats import figures_lines, points

    assert [points(x, "x1") for x in (22.67, 22.5, 22.49, 5.67, 0.4, -0.4, -2.5, -2.51)] == [
        "23", "23", "22", "6", "0", "0", "-2", "-3",
    ]  # fmt: skip
    assert [points(x, "x10") for x in (273.33, 266.67)] == ["273", "267"]  # x10 as before
    contracts = {"bid": 3, "made": 2, "set": 1, "thrown_in": 0, "average_bid": 22.67}
    d = {
        "variant": "three-hand", "scale": "x1", "games": 1, "finished": 1, "your_games": 0, "your_wins": 0,
        "hands": 3, "contracts": contracts, "your_contracts": contracts,
        "average_meld": 5.67, "your_average_meld": 5.5, "points_per_hand": 8.33, "your_points_per_hand": -0.4,
    }  # fmt: skip
    fig = {
        "games": {"recorded": 1, "finished": 1, "unfinished": 0},
        "your_side": {"games": 0, "wins": 0, "win_percent": None, "current_streak": 0, "longest_streak": 0},
        "contracts": contracts, "your_contracts": contracts, "variants": [d], "seat_kinds": [],
    }  # fmt: skip
    lines = figures_lines(fig)
    assert lines[lines.index("three-hand: 1 game, 1 finished, 3 hands scored.") + 2 :] == [
        "  contracts, all sides: 3 bid, 2 made, 1 set, 0 thrown in, average bid 23",
        "  contracts, your side: 3 bid, 2 made, 1 set, 0 thrown in, average bid 23",
        "  meld per hand: 6 a side, your side 6",
        "  points per hand: 8 a side, your side 0",
    ]


def test_unfinished_games_with_a_human_seat_and_a_form_without_an_auction_in_words(tmp_path: Path) -> None:
    """Two-hand (no auction, §2.7) with a human seat, its game not yet finished: "no
    finished game yet", not "no finished game with a human seat" (there is one); no
    contract lines for a form whose hands have no contract; no "(x10 scale)" after a
    form's name (a form shown at one scale only)."""
    from pinochle_tui.stats import figures_lines

    store = StatsStore.open(tmp_path / "stats.sqlite3")
    two = (SeatRecord(0, "human", "", "You", 0), SeatRecord(1, "bot", "expert", "Bot", 1))
    rec = GameRecord(None, "2025-01-01T00:00:00Z", "two-hand", '{"round_flow": "stock"}', 1, two, 0, "s", 0, 1000)
    store.record_hand(rec, None, hand(1, "2025-01-01T09:00:00Z", "played", None, None, "played",
                                      [(40, 40, 120, 160), (20, 20, 130, 150)]))  # fmt: skip
    lines = figures_lines(store.figures())
    assert lines == [
        "1 game recorded: 0 finished, 1 unfinished.",
        "Your side: no finished game yet.",
        "",
        "two-hand: 1 game, 0 finished, 1 hand scored.",
        "  your side: no finished game yet",
        "  meld per hand: 30 a side, your side 40",
        "  points per hand: 155 a side, your side 160",
    ]
    # one name at two scales (a variants file's form of a shipped name): the scale tells them apart
    fig = store.figures()
    fig["variants"].append(dict(fig["variants"][0], scale="x1"))
    heads = [line for line in figures_lines(fig) if line.startswith("two-hand")]
    assert heads == [
        "two-hand (x10 points): 1 game, 0 finished, 1 hand scored.",
        "two-hand (x1 points): 1 game, 0 finished, 1 hand scored.",
    ]
