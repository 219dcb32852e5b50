"""The app's bottom screen is never left on top: whatever pops the table (or the new-game
screen) from over it, a dismiss that raced a closing dialog, a palette's second Enter, the
player sees the game again and its keys work."""

from __future__ import annotations

from typing import Any

import pytest
from tui_helpers import VARIANTS, app_for, preplay, settle, until

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.dialogs import HelpScreen
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.table import TableScreen
from rules import Phase

FIVE = "human,random,random,random,random"


def in_my_auction(c: Any) -> bool:
    return c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act)


async def pop_table_alone(app: PinochleApp) -> None:
    app.pop_screen()


async def pop_dialog_and_table(app: PinochleApp) -> None:
    """A dialog over the table closed, and the key queued behind its close popped again (what
    Textual's ``dismiss`` does: it pops whatever screen is on top)."""
    await app.push_screen(HelpScreen(app.ctrl.variant))  # type: ignore[union-attr]
    app.pop_screen()
    app.pop_screen()


@pytest.mark.parametrize("pop", [pop_table_alone, pop_dialog_and_table], ids=["table", "dialog-and-table"])
async def test_the_table_comes_back_over_the_live_game_when_popped(pop: Any):
    """A five-hand game in the auction at 60x20 then 80x24: the table popped, the player
    sees the table of the same game again, and a key there moves it on."""
    ctrl = preplay("five-hand", FIVE, 11, in_my_auction)
    app = app_for(ctrl)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        bids = len(ctrl.round.table.bids)
        await pop(app)
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted)
        assert app.screen.ctrl is ctrl
        assert len(app.screen_stack) == 2
        await pilot.press("a")  # play this for me: a bid or a pass
        await until(pilot, lambda: len(ctrl.round.table.bids) > bids)


async def test_the_new_game_screen_comes_back_when_popped_with_no_game():
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = app.screen
        assert isinstance(first, NewGameScreen)
        app.pop_screen()
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen is not first)
        assert len(app.screen_stack) == 2
