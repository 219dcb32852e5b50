"""The table pauses while a question is open over it (the quit dialog): no bot's move is
applied and no bot starts thinking until it is answered; a search already running may
finish, but its move waits.  Answered "stay", the game goes on from where it was."""

from __future__ import annotations

import threading
import time
from typing import Any

from tui_helpers import app_for_seats, settle

from pinochle_tui.screens.dialogs import QuitScreen
from pinochle_tui.screens.table import TableScreen


async def test_no_bot_starts_behind_the_quit_dialog() -> None:
    # seed 1: East (a bot) bids first, at once, and its bid waits out the bot delay; the
    # delay ends while the quit dialog is open
    app = app_for_seats("partnership", "human,random,random,random", 1)
    app.bot_delay = 600  # (East's own timer never fires: the test ends the delay itself)
    async with app.run_test(size=(100, 36)) as pilot:
        c = app.ctrl
        assert c is not None
        await pilot.pause()
        t = app.screen
        assert isinstance(t, TableScreen)
        assert c.round.to_act == 1 and c.actions == []
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        app.bot_delay = 0
        t.turns.run_bot(c.round)  # East's bot delay is over
        await pilot.pause(0.5)
        await settle(pilot)
        assert isinstance(app.screen, QuitScreen)
        assert c.actions == []  # nobody bid behind the question
        assert c.round.to_act == 1  # East's bid waits, so North's turn has not come
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert len(c.actions) == 3 and c.round.to_act == 0  # the three bots bid, and it is yours


async def test_a_move_thought_out_behind_the_quit_dialog_waits_for_the_answer() -> None:
    # East's search is running as q is pressed: it finishes, its bid is held, and North
    # does not start; "stay" applies that very bid and the game goes on
    app = app_for_seats("partnership", "human,random,random,random", 1)
    app.bot_delay = 0
    c = app.ctrl
    assert c is not None
    asked: list[int] = []
    started = threading.Event()
    plain = c.choose

    def slow_choose(state: Any, seat: int, bot: Any, **kw: Any) -> Any:
        asked.append(seat)
        started.set()
        time.sleep(0.4)
        return plain(state, seat, bot, **kw)

    c.choose = slow_choose  # type: ignore[method-assign]
    async with app.run_test(size=(100, 36)) as pilot:
        t = app.screen
        assert isinstance(t, TableScreen) and c.actions == []
        for _ in range(100):  # East's turn: its search starts
            await pilot.pause(0.01)
            if started.is_set():
                break
        assert asked == [1]
        await pilot.press("q")
        await pilot.pause(1.0)
        await app.workers.wait_for_complete()
        await pilot.pause(0.2)
        assert isinstance(app.screen, QuitScreen)
        assert c.actions == [] and asked == [1]  # East's bid waits; North was not asked
        east_bid = plain(c.round, 1, c.bot_for(1))[0]
        await pilot.press("n")
        await settle(pilot)
        assert c.actions[0] == east_bid
        assert asked == [1, 2, 3] and c.round.to_act == 0
