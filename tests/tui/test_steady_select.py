"""`SteadySelect`: a key storm that started the game as the new-game screen
mounted met a Select whose label was already removed with its screen, and Textual raised
NoMatches from the Select's mount.  The steady one lets a select that is going go quietly,
and still raises when its parts are there."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.css.query import NoMatches
from textual.widgets import Select

from pinochle_tui.steady_select import SteadySelect

OPTIONS = [("one", 1), ("two", 2)]


class _Pair(App[None]):
    def compose(self) -> ComposeResult:
        yield Select(OPTIONS, value=1, allow_blank=False, id="plain")
        yield SteadySelect(OPTIONS, value=1, allow_blank=False, id="steady")


async def test_a_select_whose_label_is_gone_sets_its_value_quietly() -> None:
    app = _Pair()
    async with app.run_test() as pilot:
        for sel_id in ("plain", "steady"):
            await app.query_one(f"#{sel_id} SelectCurrent #label").remove()
        await pilot.pause()
        with pytest.raises(NoMatches):  # Textual's own: the storm's exception
            app.query_one("#plain", Select)._init_selected_option(2)
        steady = app.query_one("#steady", SteadySelect)
        steady._init_selected_option(2)
        assert steady.value == 2


async def test_a_select_whose_list_of_options_is_gone_mounts_and_sets_its_value_quietly() -> None:
    app = _Pair()
    async with app.run_test() as pilot:
        for sel_id in ("plain", "steady"):
            await app.query_one(f"#{sel_id} SelectOverlay").remove()
        await pilot.pause()
        plain = app.query_one("#plain", Select)
        with pytest.raises(NoMatches):  # Textual's own: the mount's list of options
            plain._setup_options_renderables()
        with pytest.raises(NoMatches):  # and the new value's highlight
            plain._watch_value(2)
        steady = app.query_one("#steady", SteadySelect)
        steady._setup_options_renderables()
        steady.value = 2
        await pilot.pause()
        assert steady.value == 2


async def test_a_steady_select_with_its_parts_shows_the_value() -> None:
    app = _Pair()
    async with app.run_test() as pilot:
        steady = app.query_one("#steady", SteadySelect)
        steady.value = 2
        await pilot.pause()
        assert str(steady.query_one("SelectCurrent #label").render()) == "two"
