"""`pinochle stats --json` says what the words say: a seat
kind that sat on both sides of every game it played has no win rate in either; the meld
averaged is the meld as it counted, the history's meld column (a set side's is 0, even in a
row recorded before the hand result said so); the hot-seat figures say they count finished
games, and an unfinished hot-seat game is said too."""

from __future__ import annotations

import json
import re
from pathlib import Path

from stats_records import hand_1, hand_2
from tui_helpers import VARIANTS

from pinochle_tui.stats import GameRecord, HandRecord, SeatRecord, SideRecord, StatsStore, figures_lines

THREE = json.dumps(VARIANTS["three-hand"].model_dump(mode="json"), sort_keys=True)


def bots_game(store: StatsStore, seed: str, kinds: tuple[str, str, str], winner: int) -> int:
    """A finished three-hand game of bots (no your side) in one hand: East bids 250 in spades."""
    seats = tuple(SeatRecord(i, "bot", k, ("You", "West", "East")[i], i) for i, k in enumerate(kinds))
    game = GameRecord(None, "2025-01-01T00:00:00Z", "three-hand", THREE, 10, seats, None, seed, 0, 300)
    sides = (SideRecord(0, 40, 40, 60, 3, None, 100, 100), SideRecord(1, 20, 20, 40, 2, None, 60, 60),
             SideRecord(2, 90, 90, 150, 10, True, 240, 240))  # fmt: skip
    scores = tuple(s.score_after for s in sides)
    hand = HandRecord(1, "2025-01-01T00:10:00Z", 0, "played", 2, 2, 250, "S", "made", sides, scores, winner, True)
    return store.record_hand(game, None, hand)


def test_a_seat_kind_on_both_sides_of_every_game_has_no_win_rate_in_the_json(tmp_path: Path) -> None:
    store = StatsStore.open(tmp_path / "stats.sqlite3")
    bots_game(store, "1", ("standard", "standard", "standard"), 2)  # standard on all three sides
    bots_game(store, "2", ("standard", "easy", "easy"), 0)  # easy on two sides, standard won
    fig = store.figures()
    assert [(k["kind"], k["games"], k["wins"], k["both_sides"], k["win_percent"]) for k in fig["seat_kinds"]] == [
        ("easy", 1, 0, 1, None),
        ("standard", 2, 2, 1, 100.0),  # of the one game it sat on one side of, won
    ]
    assert figures_lines(fig)[-2:] == [
        "  easy: 1 game, on both sides of it: no win rate of its own",
        "  standard: 2 games, 1 on both sides; of the other 1, 1 won (100%)",
    ]
    # every seat kind's line shows the JSON's win rate, or none where it is null
    for k, line in zip(fig["seat_kinds"], figures_lines(fig)[-2:], strict=True):
        shown = re.findall(r"\(([\d.]+)%\)", line)
        assert shown == ([] if k["win_percent"] is None else [f"{k['win_percent']:g}"])


def test_the_meld_averaged_is_the_history_meld_column(tmp_path: Path) -> None:
    """Hand 1: Ann's side made 250 with 120 meld; hand 2: West's side threw in (its 60
    shown saved none); hand 3 of a second game: Ann's side set at 300 with 90 meld, recorded
    as saved (as a hand was before the hand result said 0): it counts 0."""
    from stats_records import record_game

    store = StatsStore.open(tmp_path / "stats.sqlite3")
    record_game(store, "2025-01-01T00:00:00Z", "1", [hand_1(), hand_2()])
    set_hand = HandRecord(
        1, "2025-01-02T00:10:00Z", 2, "played", 0, 0, 300, "H", "set",
        (SideRecord(0, 90, 90, 150, 6, False, -300, -300), SideRecord(1, 50, 50, 100, 6, None, 150, 150)),
        (-300, 150), None, False,
    )  # fmt: skip
    gid = record_game(store, "2025-01-02T00:00:00Z", "2", [set_hand], save="h.json")
    _, hands = store.game(gid) or (None, [])
    assert [s["meld_saved"] for s in hands[0].sides] == [0, 50]  # the history: the set side's meld 0
    fig = store.figures()
    (d,) = fig["variants"]
    # all sides: (120 + 40) + (250 + 0) + (0 + 50) over 6; your side (side 0): (120 + 250 + 0) / 3
    assert (d["average_meld"], d["your_average_meld"]) == (76.67, 123.33)
    assert "  meld per hand: 77 a side, your side 123" in figures_lines(fig)


def test_the_hot_seat_figures_say_they_count_finished_games(tmp_path: Path) -> None:
    """An unfinished hot-seat game of two hands: the JSON said ``"hot_seat": {"games": 0}``
    and the words nothing; now each key names what it counts and the words say it."""
    import dataclasses

    seats = (SeatRecord(0, "human", "", "Ann", 0), SeatRecord(1, "human", "", "Bob", 1),
             SeatRecord(2, "bot", "standard", "North", 0), SeatRecord(3, "bot", "standard", "East", 1))  # fmt: skip
    variant_json = json.dumps(VARIANTS["partnership"].model_dump(mode="json"), sort_keys=True)
    game = GameRecord(None, "2025-01-01T00:00:00Z", "partnership", variant_json, 1, seats, None, "5", 2, 1500)
    store = StatsStore.open(tmp_path / "stats.sqlite3")
    gid = store.record_hand(game, None, hand_1())
    store.record_hand(game, gid, dataclasses.replace(hand_1("2025-01-01T00:20:00Z"), hand_no=2))
    fig = store.figures()
    # each person is named, also before a game of theirs is finished (a hosted game of
    # people at other terminals is one of these: the host records it)
    # (and their hands, from the game unfinished too: Ann bid and made 250 in both)
    hands = {"hands": 2, "set": 0, "thrown_in": 0}
    players = [
        {"name": "Ann", "finished_games": 0, "wins": 0, "win_percent": None, "unfinished_games": 1, **hands,
         "bid": 2, "made": 2, "average_meld": 120.0, "average_tricks": 170.0},
        {"name": "Bob", "finished_games": 0, "wins": 0, "win_percent": None, "unfinished_games": 1, **hands,
         "bid": 0, "made": 0, "average_meld": 40.0, "average_tricks": 80.0},
    ]  # fmt: skip
    assert fig["hot_seat"] == {"finished_games": 0, "unfinished_games": 1, "players": players}
    assert fig["variants"][0]["hot_seat_finished_games"] == 0
    assert figures_lines(fig)[:9] == [
        "1 game recorded: 0 finished, 1 unfinished.",
        "Your side: no finished game with the humans all on one side yet.",
        "Games of people on opposing sides (hot-seat or hosted): 0 finished, 1 unfinished.",
        "  Ann: 1 unfinished",
        "    bid 2: 2 made, 0 set, 0 thrown in",
        "    2 hands played: their side's meld 120 and tricks 170 a hand",
        "  Bob: 1 unfinished",
        "    bid 0: 0 made, 0 set, 0 thrown in",
        "    2 hands played: their side's meld 40 and tricks 80 a hand",
    ]
