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


def test_the_names_stay_whole_where_the_day_without_its_year_makes_room() -> None:
    """At 80 columns a hot-seat list of a house preset read ``Gra…&Leo 420`` (every name
    cut) where the whole names fitted beside the day without its year."""
    import types

    from pinochle_tui.screens.stats import StatsScreen, rows_width

    def hot(variant: str, scores: list[int]) -> GameSummary:
        seats = [
            {"name": n, "side": i % 2, "kind": "bot" if n == "Bot 4" else "human", "level": "standard"}
            for i, n in enumerate(["Grandpa", "Mia", "Leo", "Bot 4"])
        ]
        return GameSummary(
            1, "2026-12-07T20:00:00Z", None, variant, "{}", 1, seats, None, "3", 0, 1500, scores, 1, "finished", 7
        )

    screen = types.SimpleNamespace(
        games=[hot("Grandma's table", [420, 1510]), hot("partnership", [1530, 990])], variant=None
    )
    cols, rows = next((c, r) for c, r in StatsScreen._tries(screen) if rows_width(c, r) <= 78)  # type: ignore[arg-type]
    assert cols == ("Variant", "Date", "Result", "Final scores")
    assert [r[1:] for r in rows] == [
        ("12-07", "won by Mia&Bot 4", "Grandpa&Leo  420, Mia&Bot 4 1510"),
        ("12-07", "won by Mia&Bot 4", "Grandpa&Leo 1530, Mia&Bot 4  990"),
    ]
