"""`pinochle stats --json` and the statistics screen agree on your side's contracts:
where no scored hand had a "your side" (a hot-seat game
of opponents) the screen says "—" and the JSON said ``{"bid": 0, ...}``, which reads as a
your side that never bid; it is null there now.  Where the human bid and made, and bid and
was set, both give the same counts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from stats_records import SEATS, hand_1
from test_stats_hot_seat import hot_seat_game
from tui_helpers import VARIANTS, app_from_flags, text_of

from pinochle_tui.cli import main
from pinochle_tui.screens.stats import StatsScreen
from pinochle_tui.stats import GameRecord, HandRecord, SideRecord, StatsStore, figures_lines


def ann_set() -> HandRecord:
    """Ann (South) bids 300 in spades and is set: -300 for her side, 90 for West's."""
    return HandRecord(
        2, "2025-01-03T00:20:00Z", 3, "played", 0, 0, 300, "S", "set",
        (SideRecord(0, 60, 0, 200, 6, False, -300, -10), SideRecord(1, 40, 40, 50, 6, None, 90, 210)),
        (-10, 210), None, False,
    )  # fmt: skip


def stats_json(capsys: Any) -> dict[str, Any]:
    assert main(["stats", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)  # type: ignore[no-any-return]


def test_no_your_side_is_null_in_the_json_as_the_screen_says_a_dash(home: Path, capsys: Any) -> None:
    store = StatsStore.open()
    hot_seat_game(store, "2", "2025-01-02T00:00:00Z")  # Ann against Bob: no your side
    store.close()
    fig = stats_json(capsys)
    assert fig["your_contracts"] is None  # was {"bid": 0, "made": 0, "set": 0, "thrown_in": 0}
    assert fig["contracts"] == {"bid": 2, "made": 1, "set": 0, "thrown_in": 1}
    [d] = fig["variants"]
    assert d["your_contracts"] is None
    assert (d["your_average_meld"], d["your_points_per_hand"]) == (None, None)
    assert [ln for ln in figures_lines(fig) if "ontracts, your side" in ln] == [
        "Contracts, your side: —",
        "  contracts, your side: —",
    ]


async def test_made_and_set_agree_in_the_json_and_on_the_screen(home: Path, capsys: Any) -> None:
    store = StatsStore.open()
    hot_seat_game(store, "2", "2025-01-02T00:00:00Z")
    variant_json = json.dumps(VARIANTS["partnership"].model_dump(mode="json"), sort_keys=True)
    game = GameRecord("g.json", "2025-01-03T00:00:00Z", "partnership", variant_json, 1, SEATS, 0, "3", 2, 500)
    gid = store.record_hand(game, None, hand_1("2025-01-03T00:10:00Z"))  # Ann bids 250 and makes it
    store.record_hand(game, gid, ann_set())  # then bids 300 and is set
    store.close()
    fig = stats_json(capsys)
    assert fig["your_contracts"] == {"bid": 2, "made": 1, "set": 1, "thrown_in": 0}
    [d] = fig["variants"]
    assert d["your_contracts"] == {"bid": 2, "made": 1, "set": 1, "thrown_in": 0, "average_bid": 275.0}
    assert d["contracts"] == {"bid": 4, "made": 2, "set": 1, "thrown_in": 1, "average_bid": 275.0}
    words = [ln for ln in figures_lines(fig) if "ontracts" in ln]
    assert words == [
        "Contracts, all sides: 4 bid, 2 made, 1 set, 1 thrown in.",
        "Contracts, your side: 2 bid, 1 made, 1 set, 0 thrown in.",
        "  contracts, all sides: 4 bid, 2 made, 1 set, 1 thrown in, average bid 275",
        "  contracts, your side: 2 bid, 1 made, 1 set, 0 thrown in, average bid 275",
    ]
    app = app_from_flags()
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        shown = text_of(app.screen.query_one("#stats-figures")).splitlines()
    assert [ln for ln in shown if "ontracts" in ln] == words
