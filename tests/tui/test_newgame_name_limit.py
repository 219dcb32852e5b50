"""A seat's name on the new-game screen holds 20 characters, and says so: a letter typed
past that is refused with the limit under the form (the field stopped taking letters
without a word, and a long name came out cut)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input, Static
from tui_helpers import SIZE, VARIANTS

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.settings import Settings


def _error(ng: NewGameScreen) -> str | None:
    error = ng.query_one("#ng-error", Static)
    return str(error.render()) if error.display else None


async def _seat_2_name(app: PinochleApp, pilot: Any, value: str) -> tuple[NewGameScreen, Input]:
    """The new-game form, seat 2's name field focused and holding ``value``."""
    await pilot.pause()
    ng = app.screen
    assert isinstance(ng, NewGameScreen)
    field = list(ng.query(".ng-name").results(Input))[1]
    field.focus()
    field.value = value
    await pilot.pause()
    return ng, field


async def test_a_name_past_the_limit_is_refused_with_the_limit_said() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        field = list(ng.query(".ng-name").results(Input))[1]
        assert field.placeholder == "up to 20 characters"
        field.focus()
        field.value = ""
        await pilot.pause()
        await pilot.press(*"A very long name that goes on")
        await pilot.pause()
        assert field.value == "A very long name tha"
        assert _error(ng) == "Seat 2's name is full: a seat's name is at most 20 characters."
        await pilot.press("backspace")  # shorter than the limit: the word goes
        await pilot.pause()
        assert field.value == "A very long name th"
        assert _error(ng) is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.ctrl is not None
        assert [s.name for s in app.ctrl.seats] == ["You", "A very long name th", "North", "East"]


async def test_the_limit_said_goes_when_the_player_leaves_the_full_name() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        ng, field = await _seat_2_name(app, pilot, "")
        await pilot.press(*"A very long name that goes on")
        await pilot.pause()
        assert _error(ng) == "Seat 2's name is full: a seat's name is at most 20 characters."
        await pilot.press("tab")  # on to the next field: the name stays full, the word goes
        await pilot.pause()
        assert app.focused is not field and field.value == "A very long name tha"
        assert _error(ng) is None


async def test_a_refusal_said_later_is_not_taken_back_by_the_name() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        ng, field = await _seat_2_name(app, pilot, "x" * 20)
        await pilot.press("end", "y")
        await pilot.pause()
        assert _error(ng) == "Seat 2's name is full: a seat's name is at most 20 characters."
        ng.query_one("#ng-target", Input).value = "abc"
        await pilot.press("ctrl+s")
        await pilot.pause()
        target_refusal = _error(ng)
        assert target_refusal is not None and target_refusal.startswith("Target ")
        field.value = "x" * 19
        await pilot.pause()
        assert _error(ng) == target_refusal


async def test_a_name_typed_fast_past_the_limit_still_says_it() -> None:
    """Letters that come in one burst (typed fast, or a terminal sending them together):
    the field's change messages for the letters before the limit were handled after the
    refusal of the one past it, and each, its name then still short, took the refusal
    back; the name came out cut without a word.  The field as it is now decides."""
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        ng, field = await _seat_2_name(app, pilot, "")
        for letter in "A very long name that goes on":  # no pause between: one burst
            field.insert_text_at_cursor(letter)
        await pilot.pause()
        assert field.value == "A very long name tha"
        assert _error(ng) == "Seat 2's name is full: a seat's name is at most 20 characters."
