"""The past games' scores, shortened, keep the sides told apart (issue 12 fresh-eyes 9a: at
80x24 hot-seat Ann & Bot 3 against Bob & Bot 4 was ``A&B 280, B&B 750``): each name is cut to
the cells asked for or as many more as tell it from the game's other names."""

from __future__ import annotations

from pinochle_tui.screens.stats import short_scores
from pinochle_tui.stats import GameSummary


def game(names: list[str]) -> GameSummary:
    seats = [{"name": n, "side": i % 2, "kind": "human", "level": ""} for i, n in enumerate(names)]
    return GameSummary(1, "t", None, "partnership", "{}", 1, seats, 0, "3", 0, 1500, [280, 750], 1, "finished", 7)


def test_hot_seat_sides_stay_apart_when_shortened() -> None:
    g = game(["Ann", "Bob", "Bot 3", "Bot 4"])  # Ann & Bot 3 against Bob & Bot 4
    assert short_scores(g, 1) == "A&Bot 3 280, Bob&Bot 4 750"
    assert short_scores(g, 3) == "Ann&Bot 3 280, Bob&Bot 4 750"
    assert short_scores(g, None) == "Ann&Bot 3 280, Bob&Bot 4 750"


def test_a_name_that_begins_another_is_whole() -> None:
    g = game(["Bo", "Eve", "Bob", "Ed"])
    assert short_scores(g, 1) == "Bo&Bob 280, Ev&Ed 750"
