"""The quit dialog stays on top: a screen the game puts up by itself (a hand-off, a hand
result, game over) while the dialog is open waits for the dialog to close, and goes up
then if the player stays.  Pushed over the dialog it buried it: ``q`` seemed to do
nothing, and the dialog was found under the result."""

from __future__ import annotations

import time

from tui_helpers import VARIANTS, app_for_seats, at_last_trick, played_by_a, settle

from pinochle_tui.app import PinochleApp
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.dialogs import HandOffScreen, HandResultScreen, QuitScreen
from pinochle_tui.screens.table import TableScreen
from rules import Phase


def _names(app: PinochleApp) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack[1:]]


async def test_a_hand_off_waits_under_an_open_quit_dialog() -> None:
    # hot-seat: a person plays, a bot thinks for the bot delay, and the next person's
    # hand-off would go up; the quit dialog opened meanwhile stays on top
    app = app_for_seats("partnership", "human,random,human,random", 5)
    app.bot_delay = 0.3
    async with app.run_test(size=(80, 24)) as pilot:
        c = app.ctrl
        assert c is not None
        for _ in range(40):  # to a point where seat 0 acts and seat 2 comes after a bot
            await settle(pilot)
            if isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")
                continue
            if isinstance(app.screen, TableScreen) and c.round.to_act == 0 and not c.needs_meld_ack:
                break
            await pilot.press("a")
        await pilot.press("a")  # seat 0 moves; the bot after it waits 0.3 s
        await pilot.press("q")
        await pilot.pause(1.0)
        await settle(pilot)
        assert isinstance(app.screen, QuitScreen), _names(app)
        await pilot.press("n")  # stay: the hand-off waited, and goes up now
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen), _names(app)
        assert _names(app) == ["TableScreen", "HandOffScreen"]


async def test_the_hand_result_waits_under_an_open_quit_dialog() -> None:
    # the last card played; the trick delay ends while the quit dialog is open
    c = played_by_a("partnership", "human,human,random,random", 3, at_last_trick)
    # (a delay long enough for ``q`` to land inside it on a loaded machine; the test then
    # waits for the table's own end of the delay, not a guessed time)
    app = PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=2.0)
    async with app.run_test(size=(80, 24)) as pilot:
        deadline = time.monotonic() + 60
        while c.round.phase is not Phase.DONE and time.monotonic() < deadline:
            await settle(pilot)
            if isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")
            elif c.round.phase is not Phase.DONE and c.is_human(c.round.to_act):
                await pilot.press("a")
            else:
                await pilot.pause(0.05)  # a bot's card waits for the last trick's delay
        assert c.round.phase is Phase.DONE
        table = app.screen_stack[1]
        assert isinstance(table, TableScreen)
        await pilot.press("q")
        assert _names(app) == ["TableScreen", "QuitScreen"]
        assert time.monotonic() < table._hold_until  # the dialog opened inside the trick delay
        while time.monotonic() < table._hold_until + 0.2:
            await pilot.pause(0.1)
        await settle(pilot)
        assert _names(app) == ["TableScreen", "QuitScreen"]
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen), _names(app)
