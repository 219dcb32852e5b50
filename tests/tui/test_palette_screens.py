"""Every screen's footer is in the command palette (at the hand result
the footer showed ``⏎ next hand  t tricks  ? help  q quit`` and ctrl+p "trick" or "next" found
nothing): the hand result, game over, the overlays over them and the new-game screen, each
walked in turn, the footer's enabled actions compared with the palette's first commands."""

from __future__ import annotations

from typing import Any

from textual.command import CommandPalette
from tui_helpers import SIZE, app_for, app_from_flags, preplay, settle

from pinochle_tui.commands import commands_for
from pinochle_tui.screens.dialogs import GameOverScreen, HandResultScreen, HelpScreen, TricksScreen
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.widgets import footer_items
from rules import Phase


def footer_vs_palette(app: Any) -> list[str]:
    """The palette's names (themes aside) for the screen on top, after checking that its
    first commands do the footer's enabled actions in the footer's order."""
    screen = app.screen
    footer = [i.action for i in footer_items(screen) if not i.palette and not i.disabled]
    commands = [c for c in commands_for(app, screen) if not c.name.startswith("Theme: ")]
    assert footer, type(screen).__name__
    assert [c.action for c in commands[: len(footer)]] == footer, type(screen).__name__
    return [c.name for c in commands]


async def palette(pilot: Any, typed: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*typed)
    await pilot.pause(0.3)  # the palette searches in the background
    await pilot.press("enter")
    await settle(pilot)


async def run(pilot: Any, name: str) -> None:
    """The palette's command ``name`` for the screen on top, run as the palette runs it."""
    app = pilot.app
    command = next(c for c in commands_for(app, app.screen) if c.name == name)
    done = command.run()
    if done is not None:
        await done
    await settle(pilot)


async def test_the_hand_result_game_over_and_their_overlays_offer_their_footers(home: Any) -> None:
    c = preplay("partnership", "human,easy,easy,easy", 11, lambda c: c.round.phase is Phase.DONE, target=100)
    assert c.game.over  # the first hand ends the game: its result, then game over
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        assert footer_vs_palette(app) == [
            "Final result",
            "Tricks",
            "Review",
            "Help",
            "Quit",
            "New game",
            "Statistics",
            "Settings",
        ]
        await palette(pilot, "trick")  # a player's word: the tricks of the hand open
        assert isinstance(app.screen, TricksScreen)
        assert footer_vs_palette(app)[:1] == ["Close"]
        await run(pilot, "Close")
        assert isinstance(app.screen, HandResultScreen)
        await run(pilot, "Help")
        assert isinstance(app.screen, HelpScreen)
        assert footer_vs_palette(app) == ["Close", "Rules", "New game", "Statistics", "Settings", "Quit"]
        await run(pilot, "Close")
        await run(pilot, "Final result")
        assert isinstance(app.screen, GameOverScreen)
        assert footer_vs_palette(app) == ["New game", "Statistics", "Help", "Quit", "Settings"]


async def test_the_new_game_screen_offers_its_footer(home: Any) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert footer_vs_palette(app) == [
            "Start game", "Rules", "Statistics", "Settings", "House rules", "Join", "Quit", "Help"
        ]  # fmt: skip
