"""A key typed into a field and ctrl+s sent straight after it (one burst from the terminal)
save what the field shows: the save waits for the keys before it (else
ctrl+s, a priority binding, ran before the typed 7 reached the field,
and the settings screen refused "(empty)" while the field showed 7)."""

from __future__ import annotations

import json
from pathlib import Path

from textual import events
from textual.widgets import Input
from tui_helpers import SIZE, app_from_flags, settle

from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.settings import SettingsScreen


def burst(app, *keys: str) -> None:
    """Keys as a terminal sends them: all queued before the app handles the first."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def test_settings_typed_then_ctrl_s_saves_what_was_typed(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        field = screen.query_one("#set-bot-delay", Input)
        field.value = ""
        field.focus()
        await settle(pilot)
        burst(app, "7", "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert app.bot_delay == 7.0
    assert json.loads((home / "config" / "settings.json").read_text(encoding="utf-8"))["bot_delay"] == 7.0


async def test_new_game_typed_then_ctrl_s_starts_with_what_was_typed(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        seed = ng.query_one("#ng-seed", Input)
        seed.value = ""
        seed.focus()
        await settle(pilot)
        burst(app, "4", "2", "ctrl+s")
        await settle(pilot)
        assert app.ctrl is not None and app.ctrl.seed == "42"
