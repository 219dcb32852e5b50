"""Replaying one deal of a past game from its hand-by-hand table ("replay any of
its deals by seed"): `h` on hand N starts a new game whose first hand is dealt exactly the
cards and dealer the recorded hand N had; the game is saved and recorded with that start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui_helpers import VARIANTS, app_from_flags, settle

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.save import load_game
from pinochle_tui.saved_games import latest_save
from pinochle_tui.screens.stats import GameHistoryScreen
from pinochle_tui.screens.table import TableScreen
from pinochle_tui.stats import GameLog, StatsStore

ROOMY = (140, 40)


def a_recorded_game(hands: int) -> list[tuple[int, Any]]:
    """A partnership game of bots (seed 5) recorded for ``hands`` hands: each hand's dealer and cards."""
    v = VARIANTS["partnership"]
    store = StatsStore.open()
    c = Controller(v, default_seats(4, ["human", "random", "random", "random"]), seed=5)
    log = GameLog(lambda: store, c, "g.json", "2025-01-01T00:00:00Z")
    dealt = []
    while len(dealt) < hands:
        dealt.append((c.round.dealer, c.round.hands))
        while c.round.result is None:
            seat = c.to_act
            bot = c.helper() if c.is_human(seat) else c.bot_for(seat)
            c.apply(c.choose(c.round, seat, bot)[0])
        assert log.hand_done() is None
        assert not c.game.over
        c.next_hand()
    store.close()
    return dealt


async def test_h_on_hand_3_deals_hand_3_again(home: Path) -> None:
    dealt = a_recorded_game(4)
    app = app_from_flags()
    async with app.run_test(size=ROOMY) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameHistoryScreen)
        await pilot.press("down", "down")  # the cursor on hand 3
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        c = app.ctrl
        assert c is not None and (c.seed, c.hand_no, c.game.first_hand) == ("5", 1, 2)
        assert (c.round.dealer, c.round.hands) == dealt[2]
        assert c.round.hands != dealt[0][1]
    path = latest_save()
    assert path is not None
    resumed = load_game(path)  # the save keeps where it began: its deal again
    assert (resumed.game.first_hand, resumed.round.hands) == (2, dealt[2][1])
