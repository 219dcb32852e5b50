"""A command-line flag is for this run only.

Before: started with ``--bot-delay 0.2``, the settings screen showed 0.2 in its field and
saving it after changing only the card order wrote ``"bot_delay": 0.2`` into settings.json.
Now the fields show the saved settings, a line says what this run uses instead, and saving
writes only what the player changed; the run keeps its flags' delays.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Input, Select, Static
from tui_helpers import SIZE, app_from_flags, text_of

from pinochle_tui.render import Style
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.settings import SettingsScreen

RUN_LINE = (
    "This run: bot delay 0.2 s, trick pause 0 s (from the command line, for this run only). "
    "The fields show the saved settings; a field you change is saved and used at once."
)


@pytest.fixture(autouse=True)
def style() -> Iterator[None]:
    yield
    Style.ascii = False
    Style.card_order = "trump"


async def test_a_flag_is_not_saved_when_only_the_card_order_changes(home: Path) -> None:
    app = app_from_flags(bot_delay=0.2)  # and --trick-delay 0 (the helper's)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        assert screen.query_one("#set-bot-delay", Input).value == "0.6"  # the saved (default) values
        assert screen.query_one("#set-trick-delay", Input).value == "1"
        assert text_of(screen.query_one("#set-run", Static)) == RUN_LINE
        screen.query_one("#set-card-order", Select).value = "suit"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert (app.bot_delay, app.trick_delay) == (0.2, 0.0)  # this run keeps its flags
        assert app.screen.query_one("#ng-delay", Input).value == "0.2"
    saved = json.loads((home / "config" / "settings.json").read_text(encoding="utf-8"))
    assert (saved["bot_delay"], saved["trick_delay"], saved["card_order"]) == (0.6, 1.0, "suit")


async def test_a_changed_delay_field_is_saved_and_used(home: Path) -> None:
    app = app_from_flags(bot_delay=0.2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#set-bot-delay", Input).value = "0.4"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert (app.bot_delay, app.trick_delay) == (0.4, 0.0)  # the trick pause flag still holds
    saved = json.loads((home / "config" / "settings.json").read_text(encoding="utf-8"))
    assert (saved["bot_delay"], saved["trick_delay"]) == (0.4, 1.0)


async def test_no_run_line_without_flags(home: Path) -> None:
    app = app_from_flags(bot_delay=None, trick_delay=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert not app.screen.query("#set-run")
        assert app.screen.query_one("#set-bot-delay", Input).value == "0.6"
