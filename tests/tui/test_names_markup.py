"""Seat names that look like Rich markup are drawn as typed, on every screen (issue 11 §2):
``[/x]`` used to raise a MarkupError on the hand result and ``[b]`` to turn text bold."""

from __future__ import annotations

from tui_helpers import VARIANTS, settle, table

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.dialogs import GameOverScreen, HandResultScreen, TricksScreen

NAMES = ["[/x]Ann", "[b]Bo[/b]"]


async def test_names_like_markup_are_shown_as_typed_through_a_whole_game():
    v = VARIANTS["two-hand"]
    seats = default_seats(v.players, [f"human:{n}" for n in NAMES])
    ctrl = Controller(v, seats, seed=5, target=1)
    app = PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    looked = False
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(600):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, HandResultScreen):
                texts = " ".join(str(s.render()) for s in screen.query("Static"))
                assert "[/x]Ann" in texts and "[b]Bo[/b]" in texts
                await pilot.press("enter")
                continue
            if type(screen).__name__ == "HandOffScreen":
                await pilot.press("enter")
                continue
            t = table(app)
            if t.ctrl.round.tricks and not looked:
                looked = True
                await pilot.press("t")
                await settle(pilot)
                assert isinstance(app.screen, TricksScreen)
                await pilot.press("escape")
                continue
            await pilot.press("enter" if t.ctrl.needs_meld_ack else "a")
        assert isinstance(app.screen, GameOverScreen)
        texts = " ".join(str(s.render()) for s in app.screen.query("Static"))
        assert "[/x]Ann" in texts and "[b]Bo[/b]" in texts
