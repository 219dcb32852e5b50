"""The command palette: Textual's own (ctrl+p), with the game's actions
where the screen under it has them (new game, statistics, settings, help, quit; hint,
tricks and meld at the table when their keys would act) and the themes, a theme chosen
there kept in the settings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual.command import CommandPalette
from textual.widgets import Input, Select
from tui_helpers import SIZE, app_for, app_from_flags, make_app, preplay, settle, table

from pinochle_tui.commands import commands_for
from pinochle_tui.render import Style
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.settings import SettingsScreen
from pinochle_tui.screens.stats import StatsScreen
from rules import Phase


def names(app: Any, screen: Any) -> list[str]:
    return [c.name for c in commands_for(app, screen) if not c.name.startswith("Theme: ")]


async def run_command(pilot: Any, typed: str) -> None:
    """ctrl+p, type, Enter: the palette's first match runs."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*typed)
    await pilot.pause(0.3)  # the palette searches in the background
    await pilot.press("enter")
    await pilot.pause()


async def test_the_new_game_screen_offers_the_games_commands_and_every_theme(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        # its footer's (start, F1 rules, s, o, Esc), then the app's help (the chosen variant's)
        assert names(app, screen) == ["Start game", "Rules", "Statistics", "Settings", "Quit", "Help"]
        themes = [c.name for c in commands_for(app, screen) if c.name.startswith("Theme: ")]
        assert themes == [f"Theme: {t}" for t in sorted(app.available_themes)]
        assert "Theme: textual-light" in themes


async def test_settings_from_the_palette(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await run_command(pilot, "settings")
        assert isinstance(app.screen, SettingsScreen)
        assert names(app, app.screen) == ["Save", "Back, not saved", "New game", "Statistics", "Help", "Quit"]
        await pilot.press("escape")
        await pilot.pause()
        await run_command(pilot, "statistics")
        assert isinstance(app.screen, StatsScreen)


async def test_a_theme_from_the_palette_is_kept(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme != "textual-light"
        await run_command(pilot, "theme: textual-light")
        assert app.theme == "textual-light"
        assert isinstance(app.screen, NewGameScreen)
    data = json.loads((home / "config" / "settings.json").read_text(encoding="utf-8"))
    assert data["theme"] == "textual-light"


async def test_the_table_offers_what_its_keys_would_do(home: Path) -> None:
    app = make_app(seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.ctrl.round.phase is Phase.AUCTION and t.my_turn()
        # the auction: what its footer offers (test_palette_phases), and Meld: the meld under each trump
        assert names(app, t)[:8] == ["Bid", "Raise bid", "Lower bid", "Pass", "Play for me", "Hint", "Tricks", "Meld"]
        assert names(app, t)[8:] == ["New game", "Statistics", "Settings", "Help", "Quit"]
        await run_command(pilot, "hint")
        await settle(pilot)
        assert str(t.message).startswith("Hint (standard bot): ")


async def test_in_the_tricks_the_table_offers_hint_tricks_and_meld(home: Path) -> None:
    def later(c: Any) -> bool:
        return c.round.phase is Phase.TRICKS and c.round.to_act == 0 and bool(c.round.tricks) and not c.needs_meld_ack

    c = preplay("partnership", "human,random,random,random", 11, later)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert names(app, t)[:6] == ["Play card", "Play for me", "Hint", "Undo", "Tricks", "Meld"]
        assert names(app, t)[6:] == ["New game", "Statistics", "Settings", "Help", "Quit"]
        await run_command(pilot, "tricks")
        assert type(app.screen).__name__ == "TricksScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is t
        await run_command(pilot, "meld")
        assert type(app.screen).__name__ in ("MeldScreen", "TableScreen")  # an overlay, or the table's meld view
        if app.screen is t:
            assert t.show_melds


async def test_settings_changed_at_the_table_redraw_it_and_remap_its_keys(home: Path) -> None:
    try:
        await _change_settings_at_the_table()
    finally:
        Style.card_order = "trump"


async def _change_settings_at_the_table() -> None:
    app = make_app(seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        await run_command(pilot, "settings")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#set-card-order", Select).value = "rank"
        screen.query_one("#set-key-hint", Input).value = "f6"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is t
        hand = t.display_hand(t.the_view())
        assert [c % 6 for c in hand] == sorted(c % 6 for c in hand)  # aces first, then tens, ...
        await pilot.press("i")  # no longer the hint
        await settle(pilot)
        assert not str(t.message).startswith("Hint")
        await pilot.press("f6")
        await settle(pilot)
        assert str(t.message).startswith("Hint (standard bot): ")
