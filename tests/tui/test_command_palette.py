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
        # its footer's (start, F1 rules, s, o, h, j, Esc), then its help (? : its keys first)
        assert names(app, screen) == [
            "Start game", "Rules", "Statistics", "Settings", "House rules", "Join", "Quit", "Help"
        ]  # fmt: skip
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
        # the auction: what its footer offers (test_palette_phases: no Tricks before one is
        # played), and Meld: the meld under each trump
        assert names(app, t)[:7] == ["Bid", "Raise bid", "Lower bid", "Pass", "Play for me", "Hint", "Meld"]
        assert names(app, t)[7:] == ["New game", "Statistics", "Settings", "Help", "Quit"]
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


# ---------------------------------------------------------------------- keys that race the palette


def _send(app: Any, *keys: str) -> None:
    """The keys as a terminal sends them in one burst: straight to the driver, no frame between."""
    from textual import events

    for k in keys:
        app._driver.send_message(events.Key(k, "\r" if k == "enter" else None))


async def _drain(pilot: Any) -> None:
    for _ in range(5):
        await pilot.pause()
    await pilot.pause(0.3)


async def test_page_keys_before_the_palette_lists_anything_do_nothing(home: Path) -> None:
    """PageUp/PageDown in the burst that opened the palette: Textual's option list read the
    highlighted option's line before it had laid out its lines (`KeyError`)."""
    for keys in (("ctrl+p", "pageup"), ("ctrl+p", "pagedown"), ("ctrl+p", "down", "pagedown", "pageup")):
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            _send(app, *keys)
            await _drain(pilot)
            assert isinstance(app.screen, CommandPalette)
            _send(app, "escape")
            await _drain(pilot)
            assert not isinstance(app.screen, CommandPalette)


async def test_enters_in_the_burst_that_closes_the_palette_leave_the_hand_off_screen(home: Path) -> None:
    """At the hot-seat hand-off: ctrl+p, then Enters in one burst.  The palette's second
    Enter popped the screen under it, the hand-off, without its callback: the table then
    waited for a hand-off nobody could finish.  Now the palette closes once; the hand-off
    stays until it is answered, and then the table goes on."""
    from storm_driver import stuck_table

    from pinochle_tui.screens.dialogs import HandOffScreen

    for burst in (("ctrl+p", "a", "enter", "enter"), ("ctrl+p", "down", "enter", "enter", "enter")):
        app = make_app("partnership", "human,random,human,random", seed=3)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, HandOffScreen)
            _send(app, *burst)
            await _drain(pilot)
            assert stuck_table(app) == ""
            # the hand-off is still there (the palette's command ran once, over it), or an
            # Enter that came before the palette was up answered it, its callback run
            names = [type(s).__name__ for s in app.screen_stack]
            assert names[:3] == ["BaseScreen", "TableScreen", "HandOffScreen"] or (
                names[:2] == ["BaseScreen", "TableScreen"] and table(app).revealed is not None
            ), names


async def test_ctrl_p_again_while_a_palette_is_on_the_stack_opens_no_second(home: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for burst in (("ctrl+p", "ctrl+p"), ("escape", "ctrl+p", "ctrl+p"), ("ctrl+p", "ctrl+p", "ctrl+p")):
            _send(app, *burst)
            await _drain(pilot)
            assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) <= 1
        assert isinstance(app.screen, CommandPalette)  # and ctrl+p after a burst opens one
