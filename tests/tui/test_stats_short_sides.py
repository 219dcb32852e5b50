"""The past games' sides, shortened, stay told apart (at 80x24
hot-seat Ann & Bot 3 against Bob & Bot 4 was ``A&B 280, B&B 750``), and every name is cut by
one rule (each was cut to as few letters as told it apart, without a
mark, so one list read ``A&Bot 3``, ``Bob&Bot 4``, ``Anne&Bob``): to the same cells, ending
in ``…``, never so short that two names of a game read the same (`name_rooms`)."""

from __future__ import annotations

from pinochle_tui.screens.stats import name_rooms, side_labels
from pinochle_tui.stats import GameSummary


def game(names: list[str]) -> GameSummary:
    seats = [{"name": n, "side": i % 2, "kind": "human", "level": ""} for i, n in enumerate(names)]
    return GameSummary(1, "t", None, "partnership", "{}", 1, seats, 0, "3", 0, 1500, [280, 750], 1, "finished", 7)


def test_hot_seat_sides_stay_apart_when_shortened() -> None:
    g = game(["Ann", "Bob", "Bot 3", "Bot 4"])  # Ann & Bot 3 against Bob & Bot 4
    assert name_rooms([g]) == [None]  # "Bot…" would be both bots: never cut
    assert side_labels(g, None, "&") == ["Ann&Bot 3", "Bob&Bot 4"]
    assert side_labels(g) == ["Ann & Bot 3", "Bob & Bot 4"]


def test_a_name_that_begins_another_is_cut_no_shorter_than_tells_them_apart() -> None:
    g = game(["Bo", "Eve", "Bob", "Ed"])
    assert name_rooms([g]) == [None, 2]
    assert side_labels(g, 2, "&") == ["Bo&B…", "E…&Ed"]
    g = game(["Annabel", "Bob", "Annette", "Bo"])
    assert name_rooms([g]) == [None, 6, 5]  # "Ann…" would be both Annabel and Annette
    assert side_labels(g, 5, "&") == ["Anna…&Anne…", "Bob&Bo"]
