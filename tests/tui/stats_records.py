"""Games written straight into the statistics database for the statistics tests: the seats
and the two hands they share (a made 250 in hearts, then a 300 in spades thrown in)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from tui_helpers import VARIANTS

from pinochle_tui.stats import GameRecord, HandRecord, SeatRecord, SideRecord, StatsStore

SEATS = (
    SeatRecord(0, "human", "", "Ann", 0),
    SeatRecord(1, "bot", "easy", "West", 1),
    SeatRecord(2, "bot", "standard", "North", 0),
    SeatRecord(3, "bot", "standard", "East", 1),
)


def hand_1(ended_at: str = "2025-01-01T00:10:00Z") -> HandRecord:
    """Ann bids 250 in hearts and makes it: 290 to 120."""
    return HandRecord(
        1, ended_at, 2, "played", 0, 0, 250, "H", "made",
        (SideRecord(0, 120, 120, 170, 7, True, 290, 290), SideRecord(1, 40, 40, 80, 5, None, 120, 120)),
        (290, 120), None, False,
    )  # fmt: skip


def hand_2() -> HandRecord:
    """West throws in 300 in spades: the game ends 540 to -180, Ann's side winning."""
    return HandRecord(
        2, "2025-01-01T00:20:00Z", 3, "conceded", 1, 1, 300, "S", "thrown_in",
        (SideRecord(0, 250, 250, 0, 0, None, 250, 540), SideRecord(1, 60, 0, 0, 0, False, -300, -180)),
        (540, -180), 0, True,
    )  # fmt: skip


def record_game(
    store: StatsStore, started: str, seed: str, hands: Sequence[HandRecord], save: str = "g.json", target: int = 500
) -> int:
    """A partnership game of `SEATS` (first dealer North) with ``hands``; its id."""
    variant_json = json.dumps(VARIANTS["partnership"].model_dump(mode="json"), sort_keys=True)
    game = GameRecord(save, started, "partnership", variant_json, 1, SEATS, 0, seed, 2, target)
    gid = None
    for h in hands:
        gid = store.record_hand(game, gid, h)
    assert gid is not None
    return gid
