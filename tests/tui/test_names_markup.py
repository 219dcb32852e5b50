"""Seat names that look like Rich markup are drawn as typed, on every screen:
``[/x]`` used to raise a MarkupError on the hand-off button, the hand result and the
game-over ledger, and ``[b]`` to turn text bold."""

from __future__ import annotations

from textual.widgets import Button
from tui_helpers import app_for, preplay, settle, table

from pinochle_tui.screens.dialogs import GameOverScreen, HandOffScreen, HandResultScreen, TricksScreen
from rules import Phase

NAMES = ["[/x]Ann", "[b]Bo[/b]"]
SEATS = ",".join(f"human:{n}" for n in NAMES)


def _texts(screen) -> str:  # type: ignore[no-untyped-def]
    return " ".join(str(s.render()) for s in screen.query("Static"))


async def test_the_hand_off_shows_a_name_like_markup_as_typed():
    app = app_for(preplay("two-hand", SEATS, 5, lambda c: True, target=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        label = str(app.screen.query_one("#handoff-go", Button).label)
        assert label in (f"I am {NAMES[0]} — show my hand", f"I am {NAMES[1]} — show my hand")


async def test_the_tricks_result_and_game_over_show_names_like_markup_as_typed():
    app = app_for(preplay("two-hand", SEATS, 5, lambda c: c.round.phase is Phase.DONE, target=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(4):  # the hand-off, then the hand result
            if isinstance(app.screen, HandResultScreen):
                break
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        texts = _texts(app.screen)
        assert NAMES[0] in texts and NAMES[1] in texts
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TricksScreen)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        for _ in range(3):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        texts = _texts(app.screen)
        assert NAMES[0] in texts and NAMES[1] in texts
        assert table(app).ctrl.game.over
