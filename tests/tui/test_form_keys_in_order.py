"""Keys that reach a form's text field in one terminal read act in the order they were
typed.  A slow link or tmux hands the game "Ann", Backspace, "e" in one write; Textual's
Input put each letter in at once but ran Backspace, one of its bindings, only once the key
had gone up the screen to the app, after the "e": the name came out "Ann", not "Ane".  The
keys here go through the terminal driver's own parser and are posted together, as the
driver posts one read."""

from __future__ import annotations

from typing import Any

import pytest
from textual._xterm_parser import XTermParser
from textual.widgets import Input
from tui_helpers import VARIANTS

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.join import JoinScreen
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.settings import SettingsScreen


def typed(app: Any, text: str) -> None:
    """``text`` as the terminal sends it in one read, every key posted before any is handled."""
    parser = XTermParser()
    for event in [*parser.feed(text), *parser.tick()]:
        app.post_message(event)


async def field_after(pilot: Any, field: Input, start: str, text: str) -> str:
    """The value of ``field`` holding ``start``, the cursor at its end (nothing selected),
    after ``text`` comes in one read."""
    field.focus()
    await pilot.pause()
    field.value = start
    field.cursor_position = len(start)
    typed(pilot.app, text)
    await pilot.pause()
    await pilot.pause()
    return field.value


@pytest.mark.parametrize(
    ("start", "text", "value"),
    [
        ("", "Ann\x7fe", "Ane"),  # Backspace between letters
        ("You", "\x7f\x7f\x7fAnn", "Ann"),  # the old name cleared, the new one typed
        ("Bo", "\x1b[Db\x1b[C\x7fx", "Bbx"),  # ←, a letter, →, Backspace, a letter
        ("Anna", "\x1b[H\x1b[3~E", "Enna"),  # Home, Delete, a letter
    ],
    ids=["backspace", "cleared", "arrows", "home and delete"],
)
async def test_a_seat_name_takes_one_reads_keys_in_order(start: str, text: str, value: str) -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        assert await field_after(pilot, ng.query_one("#ng-name-1-0", Input), start, text) == value


async def test_the_new_game_forms_other_fields_take_them_in_order_too() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        assert await field_after(pilot, ng.query_one("#ng-seed", Input), "", "12\x7f3") == "13"
        assert await field_after(pilot, ng.query_one("#ng-target", Input), "1500", "\x7f\x7f\x7f\x7f90\x7f5") == "95"


async def test_the_settings_and_join_forms_take_them_in_order() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(SettingsScreen())
        await pilot.pause()
        delay = app.screen.query_one("#set-bot-delay", Input)
        assert await field_after(pilot, delay, "", "0.5\x7f7") == "0.7"
        app.pop_screen()
        await pilot.pause()
        await app.push_screen(JoinScreen())
        await pilot.pause()
        host = app.screen.query_one("#join-address", Input)
        assert await field_after(pilot, host, "", "hots\x7f\x7fst") == "host"
