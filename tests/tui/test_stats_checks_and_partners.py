"""What the statistics keep of the big tables' own facts: a check game's checks per hand
(RULES.md §9) and five-hand's called partner and card (§2.12), on the game's page and in
the summary; a file of schema 3 (before them) opens and is migrated in place."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from textual.widgets import DataTable
from tui_helpers import VARIANTS, app_from_flags, open_stats, text_of

from bots import make_bot
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.render import Style
from pinochle_tui.screens.stats import GameHistoryScreen, checks_words
from pinochle_tui.stats import (
    APP_ID,
    MIGRATIONS,
    GameLog,
    GameRecord,
    HandRecord,
    SeatRecord,
    SideRecord,
    StatsStore,
    figures_lines,
)
from pinochle_tui.table.outcome import ledger_checks
from rules.checks import ledger


def play(store: StatsStore, variant: str, seats: list[str], seed: Any, target: int) -> Controller:
    """A whole game of bots (the human seat played by an easy bot: quick), recorded as the
    app records it: `GameLog.hand_done` after every decision."""
    v = VARIANTS[variant]
    c = Controller(v, default_seats(v.players, seats), seed=seed, target=target)
    log = GameLog(lambda: store, c, f"game-{seed}.json", "2025-03-04T05:06:07Z")
    assert store.conn is not None
    store.conn.execute("PRAGMA synchronous = OFF")  # (read back here, never from a power cut)
    helper = make_bot("easy")
    while True:
        while c.round.result is None:
            seat = c.to_act
            bot = helper if c.is_human(seat) else c.bot_for(seat)
            action, problem = c.choose(c.round, seat, bot)
            assert problem is None
            c.apply(action)
            assert log.hand_done() is None
        if c.game.over:
            return c
        c.next_hand()


def page(store: StatsStore, game_id: int, full: bool = True) -> tuple[GameHistoryScreen, list[str], list[list[str]]]:
    found = store.game(game_id)
    assert found is not None
    screen = GameHistoryScreen(*found)
    cols, rows = screen.hand_rows(full)
    return screen, cols, rows


# ---------------------------------------------------------------------- checks


def test_a_check_games_page_has_each_hands_checks_as_the_game_over_ledger(tmp_path: Path) -> None:
    store = StatsStore.open(tmp_path / "stats.sqlite3")
    c = play(store, "check", ["human", "easy", "easy", "easy"], seed=5, target=1000)
    assert c.game.over
    history = c.game.history
    # per hand and person (collected, paid): the hand's events, the last with winning the game's
    expected = []
    for k, r in enumerate(history, start=1):
        events = tuple(r.checks) + (tuple(c.game.game_checks) if k == len(history) else ())
        for p in range(4):
            got = sum(e.checks for e in events if e.payee == p), sum(e.checks for e in events if e.payer == p)
            expected.append((k, p, *got))
    conn = sqlite3.connect(store.path)
    assert conn.execute("SELECT hand_no, person, collected, paid FROM hand_checks ORDER BY 1, 2").fetchall() == (
        expected
    )
    conn.close()
    screen, cols, rows = page(store, 1)
    assert cols[-5:] == ["West & East meld", "tricks", "change", "score", "checks"]
    # each side's checks cell of each hand is the game-over ledger's (``+13 / +2``)
    at = [i for i, col in enumerate(cols) if col == "checks"]
    assert [[row[i] for i in at] for row in rows] == ledger_checks(c)
    seat_names = ["You", "West", "North", "East"]
    assert checks_words(screen.game, screen.hands) == "Checks: " + " · ".join(
        f"{name} {'+' if n > 0 else ''}{n}" for name, n in zip(seat_names, c.game.checks, strict=True)
    )
    # the narrow table: each side's change and score, then its checks
    _, _, narrow = page(store, 1, full=False)
    assert narrow[0][-1].endswith(f", checks {ledger_checks(c)[0][1]}")
    # the summary: the person's (seat 0's) checks, won and lost, per game and in all
    won = sum(e.checks for r in history for e in r.checks if e.payee == 0) + sum(
        e.checks for e in c.game.game_checks if e.payee == 0
    )
    lost = sum(e.checks for r in history for e in r.checks if e.payer == 0) + sum(
        e.checks for e in c.game.game_checks if e.payer == 0
    )
    assert won - lost == c.game.checks[0]
    fig = store.figures()
    mine = {"games": 1, "won": won, "lost": lost, "net": won - lost, "per_game": float(won - lost)}
    assert fig["your_checks"] == fig["variants"][0]["your_checks"] == mine
    net = f"+{won - lost}" if won > lost else str(won - lost)
    lines = figures_lines(fig)
    assert f"Your checks: won {won}, lost {lost} in 1 game: net {net}, {net} a game." in lines
    assert f"  your checks: won {won}, lost {lost} in 1 game: net {net}, {net} a game" in lines
    store.close()


async def test_a_check_games_page_says_the_games_checks_under_its_scores(home: Path) -> None:
    """The page's head, as the game-over screen's last check line: each player's total."""
    store = StatsStore.open()
    first = store.record_hand(
        three_hand_game("human", "2025-01-01T00:00:00Z"), None, checks_hand(1, ((8, 1), (1, 4), (0, 4)), True)
    )
    store.close()
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameHistoryScreen) and app.screen.game.id == first
        head = text_of(app.screen.query_one("#game-head")).splitlines()
        assert head[3] == "Checks: Ann +7 · B1 -3 · B2 -4"
        table = app.screen.query_one("#game-hands", DataTable)
        assert [str(c.label) for c in table.columns.values()][-3:] == ["Ann", "B1", "B2"]
        assert [str(cell) for cell in table.get_row_at(0)][-3:] == [
            "0 = 0, checks +7",
            "0 = 0, checks -3",
            "0 = 0, checks -4",
        ]


def checks_hand(hand_no: int, checks: tuple[tuple[int, int], ...], over: bool = False) -> HandRecord:
    """A three-hand check game's hand (made, nothing else of it counted here) with ``checks``."""
    sides = tuple(SideRecord(s, 0, 0, 0, 0, None, 0, 0) for s in range(3))
    return HandRecord(
        hand_no, "2025-01-01T00:10:00Z", 0, "played", 1, 1, 300, "H", "made", sides, (0, 0, 0),
        0 if over else None, over, checks=checks,
    )  # fmt: skip


def three_hand_game(kind: str, started: str, name: str = "Ann") -> GameRecord:
    v = VARIANTS["three-hand-check"]
    seats = (SeatRecord(0, kind, "" if kind == "human" else "easy", name, 0),) + tuple(
        SeatRecord(i, "bot", "easy", f"B{i}", i) for i in (1, 2)
    )
    human = 0 if kind == "human" else None
    variant_json = json.dumps(v.model_dump(mode="json"), sort_keys=True)
    return GameRecord("g.json", started, v.name, variant_json, v.scale, seats, human, "7", 0, 1000)


def test_the_summary_counts_your_checks_per_game_and_in_all(tmp_path: Path) -> None:
    """Two check games of yours (+7 and -2: +2.5 a game) and one of bots only (not yours)."""
    store = StatsStore.open(tmp_path / "stats.sqlite3")
    first = store.record_hand(
        three_hand_game("human", "2025-01-01T00:00:00Z"), None, checks_hand(1, ((8, 1), (1, 4), (0, 4)))
    )
    store.record_hand(three_hand_game("human", "2025-01-01T00:00:00Z"), first, checks_hand(2, ((2, 2), (1, 0), (0, 1))))
    store.record_hand(
        three_hand_game("human", "2025-01-02T00:00:00Z"), None, checks_hand(1, ((0, 2), (1, 0), (1, 0)), True)
    )
    store.record_hand(three_hand_game("bot", "2025-01-03T00:00:00Z"), None, checks_hand(1, ((9, 0), (0, 9), (0, 0))))
    lines = figures_lines(store.figures())
    assert "Your checks: won 10, lost 5 in 2 games: net +5, +2.5 a game." in lines
    assert "  your checks: won 10, lost 5 in 2 games: net +5, +2.5 a game" in lines
    # the game's page: per hand each player's checks (each for self: one a side), the totals
    screen, _, rows = page(store, first)
    assert [row[-1] for row in rows] == ["-4", "-1"]  # the third player's column, hand by hand
    assert checks_words(screen.game, screen.hands) == "Checks: Ann +7 · B1 -2 · B2 -5"
    store.close()


# ---------------------------------------------------------------------- five-hand


def test_a_five_hand_games_page_names_the_called_partner_and_card(tmp_path: Path) -> None:
    store = StatsStore.open(tmp_path / "stats.sqlite3")
    c = play(store, "five-hand", ["human", "easy", "easy", "easy", "easy"], seed=3, target=2000)
    history = c.game.history
    conn = sqlite3.connect(store.path)
    assert conn.execute("SELECT partner, called FROM hands ORDER BY hand_no").fetchall() == [
        (r.partner, None if r.called is None else str(r.called)) for r in history
    ]
    conn.close()
    assert any(r.partner is not None for r in history)
    _, cols, rows = page(store, 1)
    assert cols[:8] == ["Hand", "Dealer", "Bidder", "Bid", "Partner", "Called", "Trump", "Outcome"]
    names = [s.name for s in c.people]
    for r, row in zip(history, rows, strict=True):
        if r.partner is None:
            assert row[4:6] == ["—", "—"]
        else:
            who = "alone" if r.partner == r.bidder else names[r.partner]
            assert row[4] == who
            assert row[5] == Style.card(r.called)
    store.close()


def five_hand(hand_no: int, bidder: int, partner: int, outcome: str) -> HandRecord:
    sides = tuple(SideRecord(s, 0, 0, 0, 0, None, 0, 0) for s in range(5))
    return HandRecord(
        hand_no, "2025-01-01T00:10:00Z", 4, "conceded" if outcome == "thrown_in" else "played", bidder, bidder,
        400, "H", outcome, sides, (0,) * 5, None, False, partner=partner, called="AH",
    )  # fmt: skip


def test_a_contract_you_played_as_called_partner_is_counted_on_its_own_line(tmp_path: Path) -> None:
    """You bid twice and were set twice; once a bot called your card and made it: your
    side's contracts stay 2 bid, 2 set, and the one as called partner has its own line
    (a contract you played alone, calling your own card, is your own bid)."""
    v = VARIANTS["five-hand"]
    seats = (SeatRecord(0, "human", "", "Ann", 0),) + tuple(
        SeatRecord(i, "bot", "easy", f"B{i}", i) for i in range(1, 5)
    )
    game = GameRecord(
        "g.json", "2025-01-01T00:00:00Z", v.name, json.dumps(v.model_dump(mode="json"), sort_keys=True),
        v.scale, seats, 0, "7", 0, 5000,
    )  # fmt: skip
    store = StatsStore.open(tmp_path / "stats.sqlite3")
    gid = store.record_hand(game, None, five_hand(1, 0, 2, "set"))
    for hand in (five_hand(2, 0, 0, "set"), five_hand(3, 3, 0, "made"), five_hand(4, 2, 1, "made")):
        store.record_hand(game, gid, hand)
    fig = store.figures()
    assert fig["your_contracts"] == {"bid": 2, "made": 0, "set": 2, "thrown_in": 0}
    assert fig["partner_contracts"] == {"played": 1, "made": 1, "set": 0, "thrown_in": 0}
    lines = figures_lines(fig)
    at = lines.index("Contracts, your side: 2 bid, 0 made, 2 set, 0 thrown in.")
    assert lines[at + 1] == "Contracts, as called partner: 1 played, 1 made, 0 set, 0 thrown in."
    assert "  contracts, as called partner: 1 played, 1 made, 0 set, 0 thrown in" in lines
    _, _, rows = page(store, gid)
    assert [row[4:6] for row in rows] == [["B2", "A♥"], ["alone", "A♥"], ["Ann", "A♥"], ["B1", "A♥"]]
    _, cols, narrow = page(store, gid, full=False)
    assert cols[:4] == ["#", "Bidder", "Bid", "Partner"] and narrow[2][3] == "Ann A♥"
    store.close()


# ---------------------------------------------------------------------- a file from before


def test_a_schema_3_file_is_migrated_and_its_hands_show_as_before(tmp_path: Path) -> None:
    """A file of schema 3 (no partner, card or checks kept) opens, gets the columns and the
    table in place, and its hands show with no partner or checks columns; a hand recorded
    after keeps them."""
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for step, note, statements in MIGRATIONS[:3]:
        for sql in statements:
            conn.execute(sql)
        conn.execute("INSERT INTO migrations VALUES (?, '2025-01-01T00:00:00Z', ?)", (step, note))
    conn.execute(f"PRAGMA application_id = {APP_ID}")
    conn.execute("PRAGMA user_version = 3")
    v = VARIANTS["three-hand-check"]
    conn.execute(
        "INSERT INTO games (id, started_at, variant, variant_json, scale, human_side, seed, first_dealer, target,"
        " scores_json, winner_side, status, first_hand) VALUES (1, '2025-01-01T00:00:00Z', 'three-hand-check', ?,"
        " 1, 0, '7', 0, 1000, '[0, 0, 0]', NULL, 'playing', 0)",
        (json.dumps(v.model_dump(mode="json"), sort_keys=True),),
    )
    conn.executemany(
        "INSERT INTO seats VALUES (1, ?, ?, ?, ?, ?)",
        [(0, "human", "", "Ann", 0), (1, "bot", "easy", "B1", 1), (2, "bot", "easy", "B2", 2)],
    )
    conn.execute("INSERT INTO hands VALUES (1, 1, '2025-01-01T00:10:00Z', 0, 'played', 1, 1, 300, 'H', 'made')")
    conn.executemany("INSERT INTO hand_sides VALUES (1, 1, ?, 0, 0, 0, 0, NULL, 0, 0)", [(0,), (1,), (2,)])
    conn.close()
    store = StatsStore.open(path)
    assert store.conn is not None
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == 4
    screen, cols, rows = page(store, 1)
    assert "checks" not in cols and "Partner" not in cols and len(rows) == 1
    assert checks_words(screen.game, screen.hands) == ""
    assert store.figures()["your_checks"] is None
    store.record_hand(three_hand_game("human", "2025-01-01T00:00:00Z"), 1, checks_hand(2, ((3, 0), (0, 2), (0, 1))))
    screen, cols, rows = page(store, 1)
    assert [row[-1] for row in rows] == ["—", "-1"]
    assert checks_words(screen.game, screen.hands) == "Checks: Ann +3 · B1 -2 · B2 -1"
    store.close()


def test_ledger_of_the_recorded_checks_adds_up_to_zero(tmp_path: Path) -> None:
    """Every recorded hand's checks move between the players (§9): collected and paid add
    up alike over the table."""
    store = StatsStore.open(tmp_path / "stats.sqlite3")
    c = play(store, "three-hand-check", ["human", "easy", "easy"], seed=2, target=1000)
    conn = sqlite3.connect(store.path)
    sums = conn.execute("SELECT hand_no, SUM(collected), SUM(paid) FROM hand_checks GROUP BY hand_no").fetchall()
    conn.close()
    assert len(sums) == len(c.game.history) and all(won == paid for _, won, paid in sums)
    assert (
        sum(ledger(tuple(r.checks), 3)[0] for r in c.game.history) + ledger(c.game.game_checks, 3)[0]
        == (c.game.checks[0])
    )
    store.close()


# ---------------------------------------------------------------------- a game won by a meld


def test_a_game_won_by_a_meld_at_once_is_recorded_not_damaged(tmp_path: Path) -> None:
    """Racehorse's quadruple wins the game at once (§5.6): its hand is no damaged row (the
    game was left out of the statistics), and its contract, never played, is no bid made or set."""
    v = VARIANTS["racehorse"]
    seats = tuple(
        SeatRecord(i, "human" if i == 0 else "bot", "" if i == 0 else "easy", f"P{i}", i % 2) for i in range(4)
    )
    game = GameRecord(
        "g.json", "2025-01-01T00:00:00Z", v.name, json.dumps(v.model_dump(mode="json"), sort_keys=True),
        v.scale, seats, 0, "7", 0, 5000,
    )  # fmt: skip
    hand = HandRecord(
        1, "2025-01-01T00:10:00Z", 3, "meld_win", 0, 0, 500, "H", "meld_win",
        (SideRecord(0, 0, 0, 0, 0, None, 0, 0), SideRecord(1, 0, 0, 0, 0, None, 0, 0)), (0, 0), 0, True,
    )  # fmt: skip
    store = StatsStore.open(tmp_path / "stats.sqlite3")
    gid = store.record_hand(game, None, hand)
    fig = store.figures()
    assert "damaged" not in fig and store.skipped == []
    assert fig["games"] == {"recorded": 1, "finished": 1, "unfinished": 0}
    assert fig["contracts"] == {"bid": 0, "made": 0, "set": 0, "thrown_in": 0}
    _, cols, rows = page(store, gid)
    assert rows[0][cols.index("Outcome")] == "won by meld"
    store.close()
