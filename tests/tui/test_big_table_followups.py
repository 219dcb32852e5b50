"""Issue 13 follow-ups at the big tables (five-, six- and eight-hand): settings.json keeps
a six- or eight-seat list as the new-game screen wrote it, and gives it back."""

from __future__ import annotations

import json
import typing
from typing import Any

import pytest
from textual.widgets import Input, Label, Select
from tui_helpers import VARIANTS, app_from_flags, preplay

from pinochle_tui.controller import Seat
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.settings import _LAST, LAST_SEAT_COUNTS, Settings
from rules import Variant

SEAT = {"kind": "human", "name": "Ann", "level": ""}


def test_the_seat_counts_kept_are_the_tables_the_variants_allow() -> None:
    assert LAST_SEAT_COUNTS == typing.get_args(typing.get_type_hints(Variant)["players"]) == (2, 3, 4, 5, 6, 8)
    assert {v.players for v in VARIANTS.values()} == {2, 3, 4, 5, 6, 8}


@pytest.mark.parametrize("count", range(10))
def test_seat_lists_of_each_length_are_checked_alike(count: int) -> None:
    """The fast check and pydantic's take 2 to 6 or 8 seats and refuse the rest."""
    check = _LAST["seats"][0]
    seats = [SEAT] * count
    for fn in (check.validate_python, check.pydantic):
        if count in (2, 3, 4, 5, 6, 8):
            assert fn(seats) == seats
        else:
            with pytest.raises(ValueError):
                fn(seats)


@pytest.mark.parametrize("count", [5, 6, 8])
def test_a_big_tables_last_seats_are_not_flagged(home: Any, count: int) -> None:
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    seats = [{"kind": "bot", "name": f"B{i}", "level": "easy"} for i in range(count)]
    path.write_text(json.dumps({"last": {"variant": "x", "seats": seats}}))
    s = Settings.load()
    assert (s.problem, s.last) == (None, {"variant": "x", "seats": seats})
    assert not path.with_name("settings.json.bad").exists()


SIX = [
    ("human", "Ann"),
    ("standard", "Dot"),
    ("human", "Bob"),
    ("easy", "Eve"),
    ("human", "Cy"),
    ("random", "Flo"),
]


def rows(ng: NewGameScreen) -> list[tuple[str, str, str]]:
    """Each seat row as (label, kind, name)."""
    return [
        (str(row.query_one(Label).render()), str(row.query_one(Select).value), row.query_one(Input).value)
        for row in ng.query("#ng-seats .ng-row")
    ]


async def test_the_new_game_screen_remembers_a_six_hand_seat_list(home: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_from_flags()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-variant", Select).value = "six-hand"
        await pilot.pause()
        await pilot.pause()
        for row, (kind, name) in zip(ng.query("#ng-seats .ng-row"), SIX, strict=True):
            row.query_one(Select).value = kind
            row.query_one(Input).value = name
        await pilot.pause()
        started: list[Any] = []  # the deal itself is not this test's (the choices are kept before it)
        monkeypatch.setattr(app, "start_new_game", lambda v, seats, seed, target: started.append((v.name, seats)))
        ng.action_start()
        assert started == [("six-hand", [Seat("human", n) if k == "human" else Seat("bot", n, k) for k, n in SIX])]
    saved = Settings.load()
    assert saved.problem is None
    assert saved.last["variant"] == "six-hand"
    assert [(s["kind"], s["level"] or "human", s["name"]) for s in saved.last["seats"]] == [
        ("human" if k == "human" else "bot", k, n) for k, n in SIX
    ]
    again = app_from_flags()
    async with again.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.pause()
        ng = again.screen
        assert isinstance(ng, NewGameScreen) and ng.notice is None
        # hot-seat (three humans): the labels name the seat only (e7dd0a1)
        assert rows(ng) == [
            ("Seat 1", "human", "Ann"),
            ("Seat 2", "standard", "Dot"),
            ("Seat 3", "human", "Bob"),
            ("Seat 4", "easy", "Eve"),
            ("Seat 5", "human", "Cy"),
            ("Seat 6", "random", "Flo"),
        ]


async def test_the_expert_think_field_is_as_wide_as_its_neighbours_at_80_columns(home: Any) -> None:
    """#ng-think had no width rule: at 80 columns it ran from x=20 to past the right edge (74 wide)."""
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        fields = ("ng-target", "ng-delay", "ng-trick-delay", "ng-think")
        boxes = {f: ng.query_one(f"#{f}", Input).region for f in fields}
        assert {f: (r.x, r.width) for f, r in boxes.items()} == {f: (22, 30) for f in boxes}  # after the labels


def test_the_bidding_help_with_no_trump_to_name_reads_as_two_lines_in_23_cells() -> None:
    """Six-hand, seed 24: your 20 cards give the standard bot no trump it would name. It said
    'Bot estimate: no trump' and 'it would name: it passes', 24 cells, wrapped in the centre's
    23 at 80 columns after 'it'."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate
    from rules import Phase

    c = preplay(
        "six-hand",
        "human" + ",standard" * 5,
        24,
        lambda c: c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act),
    )
    got = bot_estimate(c.view(0), StandardBot()).plain
    assert got == "No suit fit for trump:\na bot would pass"
    assert max(len(line) for line in got.splitlines()) <= 22


def test_the_readme_names_the_seats_of_every_table_in_order() -> None:
    """The README named seats for 2 to 4 seats only; the big tables' compass names are the
    new-game screen's and the table's (`controller.SEAT_NAMES`), clockwise from South."""
    from pathlib import Path

    from pinochle_tui.controller import SEAT_NAMES

    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    for players, form in ((3, "three-hand: "), (5, "five-hand "), (6, "six-hand "), (8, "eight-hand ")):
        assert form + ", ".join(SEAT_NAMES[players]) in readme
    assert "(`team A`, or `A` where the box is narrow;" in readme


def _finished(name: str, target: int) -> Any:
    v = VARIANTS[name]
    return preplay(name, ",".join(["human"] + ["standard"] * (v.players - 1)), 2, lambda c: c.game.over, target=target)


async def test_every_teams_ledger_column_is_in_sight_at_80x24_at_eight_hand(home: Any) -> None:
    """Game over at eight-hand: the ledger's C and D columns ran off the right edge (93
    cells in 74) and the table does not scroll sideways by keys. The teams are headed by
    their letters, a key above names them, and each hand gives the change over the total."""
    from textual.widgets import DataTable, Static

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.screens.dialogs import GameOverScreen

    c = _finished("eight-hand", 1000)
    v = c.variant
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)  # the new-game screen under it: no table to draw
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        over = GameOverScreen(c)
        await app.push_screen(over)
        await pilot.pause()
        table = over.query_one("#ledger", DataTable)
        heads = [col.label.plain for col in table.columns.values()]
        assert heads == ["Hand", "Bidder", "Bid", "Outcome", "A", "B", "C", "D"]
        assert table.virtual_size.width <= table.content_region.width <= 80
        assert str(over.query_one("#ledger-key", Static).render()) == (
            "A: You & North · B: Southwest & Northeast · C: West & East\nD: Northwest & Southeast"
        )
        first = c.game.history[0]
        after = c.score_history[1]
        cells = [str(x) for x in table.get_row_at(0)]
        bidder = ["You", "SW", "West", "NW", "North", "NE", "East", "SE"][first.bidder]
        changes = [
            f"{'+' if s.change > 0 else ''}{v.fmt(s.change)}\n= {v.fmt(after[k])}" for k, s in enumerate(first.sides)
        ]
        assert cells == [
            "1",
            bidder,
            f"{v.fmt(first.contract)} {'♠♥♦♣'['SHDC'.index(first.trump)]}",
            "made" if first.sides[v.side_of[first.bidder]].made else "set",
            *changes,
        ]


def test_five_hands_ledger_is_headed_by_short_names_and_keyed() -> None:
    from pinochle_tui.screens.dialogs import ledger_headings, ledger_key

    c = _finished("five-hand", 150)
    assert ledger_headings(c) == ["You", "West", "NW", "NE", "East"]
    assert ledger_key(c) == ["NW: Northwest · NE: Northeast"]


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
    assert lines[lines.index("three-hand (x1 scale): 1 game, 1 finished, 3 hands scored.") + 2 :] == [
        "  contracts, all sides: 3 bid, 2 made, 1 set, 0 thrown in, average bid 23",
        "  contracts, your side: 3 bid, 2 made, 1 set, 0 thrown in, average bid 23",
        "  meld per hand: 6 a side, your side 6",
        "  points per hand: 8 a side, your side 0",
    ]
