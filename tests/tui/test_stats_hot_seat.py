"""Hot-seat games of opponents in the statistics: a finished
game where the humans sat on opposing sides has no single "your side", and the figures said
"no finished game with a human seat" for it.  It is counted plainly: as hot-seat games, and
per human seat by name the games it played and won, in ``pinochle stats [--json]`` and on
the statistics screen.  The seat kinds: a kind on both sides of a game won it whoever won,
so its win rate is of the games it sat on one side of."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from stats_plain import Plain
from stats_records import hand_1, hand_2
from tui_helpers import VARIANTS, app_from_flags, text_of

from pinochle_tui.cli import main
from pinochle_tui.screens.stats import Chart, StatsScreen
from pinochle_tui.stats import GameRecord, HandRecord, SeatRecord, SideRecord, StatsStore, figures_lines

# Ann (side 0, with North) against Bob (side 1, with East): two humans, two standard bots
HOT = (
    SeatRecord(0, "human", "", "Ann", 0),
    SeatRecord(1, "human", "", "Bob", 1),
    SeatRecord(2, "bot", "standard", "North", 0),
    SeatRecord(3, "bot", "standard", "East", 1),
)


def hot_seat_game(store: StatsStore, seed: str, started: str) -> int:
    """A finished partnership game of `HOT`: hand 1 then hand 2 (stats_records), side 0 (Ann) winning."""
    variant_json = json.dumps(VARIANTS["partnership"].model_dump(mode="json"), sort_keys=True)
    game = GameRecord(None, started, "partnership", variant_json, 1, HOT, None, seed, 2, 500)
    gid = store.record_hand(game, None, hand_1())
    return store.record_hand(game, gid, hand_2())


@pytest.fixture
def hot_only(home: Path) -> None:
    store = StatsStore.open()
    hot_seat_game(store, "7", "2025-01-01T00:00:00Z")
    store.close()


LINES = [
    "1 game recorded: 1 finished, 0 unfinished.",
    "Your side: no finished game with the humans all on one side yet.",
    "Games of people on opposing sides (hot-seat or hosted): 1 finished.",
    "  Ann: won 1 of 1 (100%)",
    "    bid 1: 1 made, 0 set, 0 thrown in",
    "    2 hands played: their side's meld 185 and tricks 85 a hand",  # (120 + 250) / 2, (170 + 0) / 2
    "  Bob: won 0 of 1 (0%)",
    "    bid 1: 0 made, 0 set, 1 thrown in",
    "    2 hands played: their side's meld 20 and tricks 40 a hand",  # (40 + 0 forfeit) / 2, (80 + 0) / 2
    "Contracts, all sides: 2 bid, 1 made, 0 set, 1 thrown in.",
    "Contracts, your side: —",  # no your side: no figure, as meld per hand says (was "0 bid, 0 made, ...")
    "",
    "partnership: 1 game, 1 finished, 2 hands scored.",
    "  your side: no finished game with the humans all on one side",
    "  games of people on opposing sides (hot-seat or hosted): 1 finished",
    "  contracts, all sides: 2 bid, 1 made, 0 set, 1 thrown in, average bid 275",
    "  contracts, your side: —",
    "  meld per hand: 103 a side, your side —",  # (120 + 40 + 250 + 0) / 4: the side that threw in saved none
    "  points per hand: 90 a side, your side —",
    "",
    "Finished games by seat kind:",
    "  human: 1 game, on both sides of it: no win rate of its own",
    "  standard: 1 game, on both sides of it: no win rate of its own",
]


def test_a_hot_seat_game_is_counted_per_human_by_name(hot_only: None) -> None:
    store = StatsStore.open(create=False)
    fig = store.figures()
    assert fig["hot_seat"] == {
        "finished_games": 1,
        "unfinished_games": 0,
        "players": [
            {
                "name": "Ann",
                "finished_games": 1,
                "wins": 1,
                "win_percent": 100.0,
                "unfinished_games": 0,
                "hands": 2,
                "bid": 1,
                "made": 1,
                "set": 0,
                "thrown_in": 0,
                "average_meld": 185.0,
                "average_tricks": 85.0,
            },
            {
                "name": "Bob",
                "finished_games": 1,
                "wins": 0,
                "win_percent": 0.0,
                "unfinished_games": 0,
                "hands": 2,
                "bid": 1,
                "made": 0,
                "set": 0,
                "thrown_in": 1,
                "average_meld": 20.0,
                "average_tricks": 40.0,
            },
        ],
    }
    assert fig["your_side"]["games"] == 0  # no single "your side" in it
    assert figures_lines(fig) == LINES
    assert store.running_win_rate() == []


def test_the_command_line_says_it_and_the_json_adds_keys(hot_only: None, capsys: Any) -> None:
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[1:] == LINES
    assert main(["stats", "--json"]) == 0
    fig = json.loads(capsys.readouterr().out)
    # the keys there were stay as they were; hot_seat, hot_seat_finished_games and the seat kinds'
    # both-sides counts are added (and, since, your checks and your contracts as called partner)
    assert set(fig) == {
        "database", "variant", "games", "your_side", "contracts", "your_contracts", "variants", "seat_kinds",
        "hot_seat", "partner_contracts", "your_checks",
    }  # fmt: skip
    assert fig["your_side"] == {
        "games": 0,
        "wins": 0,
        "win_percent": None,
        "unfinished": 0,
        "current_streak": 0,
        "longest_streak": 0,
    }
    assert fig["variants"][0]["hot_seat_finished_games"] == 1
    assert fig["seat_kinds"][0] == {
        "kind": "human", "seats": 2, "games": 1, "wins": 1, "win_percent": None,
        "both_sides": 1, "one_side_games": 0, "one_side_wins": 0, "one_side_win_percent": None,
    }  # fmt: skip


def test_mixed_games_hot_seat_beside_your_side(home: Path) -> None:
    """A game where the human Ann sat with North against two bots, then a hot-seat game:
    your side counts the first, the hot-seat line the second, and the human seat kind's
    win rate only the first."""
    from stats_records import record_game

    store = StatsStore.open()
    record_game(store, "2025-01-01T00:00:00Z", "1", [hand_1(), hand_2()])  # Ann (human) and North win
    hot_seat_game(store, "2", "2025-01-02T00:00:00Z")
    lines = figures_lines(store.figures())
    assert lines[1:9] == [
        "Your side: won 1 of 1 finished game (100%); win streak now 1, longest 1.",
        "Games of people on opposing sides (hot-seat or hosted): 1 finished.",
        "  Ann: won 1 of 1 (100%)",  # (her hands of the hot-seat game alone)
        "    bid 1: 1 made, 0 set, 0 thrown in",
        "    2 hands played: their side's meld 185 and tricks 85 a hand",
        "  Bob: won 0 of 1 (0%)",
        "    bid 1: 0 made, 0 set, 1 thrown in",
        "    2 hands played: their side's meld 20 and tricks 40 a hand",
    ]
    assert lines[-3:] == [
        "  human: 2 games, 1 on both sides; of the other 1, 1 won (100%)",
        "  easy: 1 game, 0 won (0%)",
        "  standard: 2 games, on both sides of each: no win rate of its own",
    ]


async def test_the_statistics_screen_says_it(hot_only: None) -> None:
    app = app_from_flags()
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert text_of(screen.query_one("#stats-figures")).splitlines() == LINES
        chart = screen.query_one("#stats-chart", Chart)
        assert chart.render().plain.splitlines()[0].strip() == (
            "Your side's win rate: no finished game with the humans all on one side yet"
        )


def test_your_side_contracts_are_a_dash_only_when_there_is_no_your_side(home: Path) -> None:
    """A hot-seat game alone: no "your side", so its contracts are `—` like its meld per
    hand (not "0 bid, 0 made"); a game with Ann's side whose one hand West bid: a real 0."""
    from stats_records import record_game

    store = StatsStore.open()
    hot_seat_game(store, "2", "2025-01-02T00:00:00Z")
    lines = figures_lines(store.figures())
    assert [ln for ln in lines if "ontracts, your side" in ln] == [
        "Contracts, your side: —",
        "  contracts, your side: —",
    ]
    record_game(store, "2025-01-03T00:00:00Z", "3", [hand_2()])  # West throws in: Ann's side bid nothing
    lines = figures_lines(store.figures())
    assert [ln for ln in lines if "ontracts, your side" in ln] == [
        "Contracts, your side: 0 bid, 0 made, 0 set, 0 thrown in.",
        "  contracts, your side: 0 bid, 0 made, 0 set, 0 thrown in",
    ]
    store.close()


def _side(p: int, meld: int = 0, tricks: int = 0, made: bool | None = None) -> SideRecord:
    """Person or side ``p``'s part of a hand: its meld (shown and saved), trick points and
    whether it made its contract; no tricks counted, no score."""
    return SideRecord(p, meld, meld, tricks, 0, made, 0, 0)


def _hand(no: int, dealer: int, bidder: int, contract: int, outcome: str, sides: tuple[SideRecord, ...]) -> HandRecord:
    """Hand ``no`` played (none of the game's last), ``bidder`` on its own side."""
    ended = f"2025-01-01T00:{no}0:00Z"
    return HandRecord(
        no, ended, dealer, "played", bidder, bidder, contract, "H", outcome, sides, (0,) * len(sides), None, False
    )


def test_each_persons_hands_count_where_they_sat_in_and_at_each_games_scale(home: Path) -> None:
    """Per person of the games of people on opposing sides, the hands they played and the
    contracts they bid: a hand sat out is none of theirs (§0.4.16), a set side's meld counts
    0 (the variant forfeits it), and a game of an x1 preset counts in its own points (its
    engine's numbers over its scale), as its table showed them; the plain recomputation
    from the rows agrees."""
    store = StatsStore.open()
    five = VARIANTS["partnership-five"]  # five people, the dealer sits out; each its own side here
    seats = (SeatRecord(0, "human", "", "Ann", 0), SeatRecord(1, "human", "", "Bob", 1),
             *(SeatRecord(i, "bot", "easy", f"Bot{i}", i) for i in range(2, 5)))  # fmt: skip
    game = GameRecord(None, "2025-01-01T00:00:00Z", five.name, json.dumps(five.model_dump(mode="json")), 1, seats,
                      None, "5", 0, 1500)  # fmt: skip
    # hand 1: Ann deals and sits out, Bob bids 250 and is set; hand 2: Bob sits out, Ann makes 300
    set_ = (_side(0), _side(1, 60, 50, False), _side(2, 10, 40), _side(3), _side(4, 20, 160))
    gid = store.record_hand(game, None, _hand(1, 0, 1, 250, "set", set_))
    made = (_side(0, 100, 200, True), _side(1), _side(2), _side(3, 30, 50), _side(4))
    store.record_hand(game, gid, _hand(2, 1, 0, 300, "made", made))
    three = VARIANTS["three-hand"]  # an x1 preset: 200 of the engine's points are 20 at its table
    seats3 = (SeatRecord(0, "human", "", "Ann", 0), SeatRecord(1, "human", "", "Bob", 1),
              SeatRecord(2, "bot", "easy", "Cy", 2))  # fmt: skip
    game3 = GameRecord(None, "2025-01-02T00:00:00Z", three.name, json.dumps(three.model_dump(mode="json")), 10,
                       seats3, None, "6", 2, 1500)  # fmt: skip
    sides3 = (_side(0, 200, 150, True), _side(1, 50, 100), _side(2, 0, 0, False))
    store.record_hand(game3, None, _hand(1, 2, 0, 300, "made", sides3))
    fig = store.figures()
    assert store.problem is None
    keys = ("name", "hands", "bid", "made", "set", "thrown_in", "average_meld", "average_tricks")
    assert [{k: d[k] for k in keys} for d in fig["hot_seat"]["players"]] == [
        # Ann: 100 and 20 of meld, 200 and 15 of tricks over her two hands
        {"name": "Ann", "hands": 2, "bid": 2, "made": 2, "set": 0, "thrown_in": 0, "average_meld": 60.0,
         "average_tricks": 107.5},
        # Bob: 0 (set: his 60 forfeit) and 5 of meld, 50 and 10 of tricks
        {"name": "Bob", "hands": 2, "bid": 1, "made": 0, "set": 1, "thrown_in": 0, "average_meld": 2.5,
         "average_tricks": 30.0},
    ]  # fmt: skip
    assert figures_lines(fig)[3:9] == [
        "  Ann: 2 unfinished",
        "    bid 2: 2 made, 0 set, 0 thrown in",
        "    2 hands played: their side's meld 60 and tricks 108 a hand",  # (a half up, as on paper)
        "  Bob: 2 unfinished",
        "    bid 1: 0 made, 1 set, 0 thrown in",
        "    2 hands played: their side's meld 3 and tricks 30 a hand",
    ]
    plain = Plain(store)
    try:
        assert plain.figures()["hot_seat"] == fig["hot_seat"]
        assert plain.figures("three-hand")["hot_seat"] == store.figures("three-hand")["hot_seat"]
    finally:
        plain.close()
        store.close()
