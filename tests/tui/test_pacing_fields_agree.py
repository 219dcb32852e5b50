"""The seconds fields the new-game and settings screens both show (bot delay, trick pause,
expert think) are read and refused by one description of each (`screens.pacing`): the
same typed value is refused in the same one line on both screens (the settings screen's
lines had no word of what the field is, and cut a long value without a mark)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static
from tui_helpers import SIZE, app_from_flags, text_of

from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.settings import SettingsScreen

# (the new-game screen's field, the settings screen's, what the line names it)
FIELDS = [("ng-delay", "set-bot-delay", "Bot delay"), ("ng-trick-delay", "set-trick-delay", "Trick pause"),
          ("ng-think", "set-think", "Expert think")]  # fmt: skip
TYPED = ["11", "abc", "1e-1", "\u0661", "-0.5", "x" * 30, "\x1b[31m1"]


async def refused_at(pilot: Any, screen: Any, field: str, typed: str, error: str) -> str:
    screen.query_one(f"#{field}", Input).value = typed
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert pilot.app.screen is screen  # refused: the screen stays
    assert pilot.app.focused is screen.query_one(f"#{field}", Input)
    return text_of(screen.query_one(f"#{error}", Static))


@pytest.mark.parametrize(("new_game", "settings", "label"), FIELDS)
async def test_a_seconds_field_is_refused_alike_on_both_screens(
    home: Path, new_game: str, settings: str, label: str
) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        on_new_game = [await refused_at(pilot, ng, new_game, typed, "ng-error") for typed in TYPED]
        ng.action_settings()  # (o, out of a text field)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        on_settings = [await refused_at(pilot, screen, settings, typed, "set-error") for typed in TYPED]
    assert on_new_game == on_settings
    assert [line.split(" is not allowed: ")[0] for line in on_settings] == [
        f"{label} '11'",
        f"{label} 'abc'",
        f"{label} '1e-1'",
        f"{label} '\u0661'",
        f"{label} '-0.5'",
        f"{label} '{'x' * 23}…'",
        f"{label} '\\x1b[31m1'",
    ]
