"""A drop-down's list of options that a key reaches while it has no room on the screen
(its screen is being replaced: ctrl+s started the game as the list opened) does nothing
(the 100,000-key storm's KeyError in Textual's `OptionList._move_page`, which
looks up the lines it lays out only once it has a size)."""

from __future__ import annotations

from textual.widgets import Select
from textual.widgets._select import SelectOverlay
from tui_helpers import SIZE, VARIANTS, settle

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.newgame import NewGameScreen


async def test_page_keys_in_a_drop_down_with_no_room_do_nothing() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        select = ng.query(Select).first()
        select.focus()
        await pilot.press("space")  # opens its list of options (Enter starts the game)
        await settle(pilot)
        overlay = select.query_one(SelectOverlay)
        assert select.expanded and app.focused is overlay and overlay.highlighted is not None
        before = overlay.highlighted
        overlay.styles.height = 0  # no room, as when its screen goes: no line laid out
        overlay._line_cache.clear()
        await settle(pilot)
        for key in ("pagedown", "pageup"):
            await pilot.press(key)
        await settle(pilot)
        assert app.screen is ng and app.return_code is None and overlay.highlighted == before
        overlay.styles.height = None  # room again: the page keys move as they should
        await settle(pilot)
        await pilot.press("pagedown")
        await settle(pilot)
        first_page = overlay.highlighted
        assert first_page is not None and first_page > before
        for _ in range(len(overlay.options)):  # the list is longer than a page: on to its end
            await pilot.press("pagedown")
        await settle(pilot)
        assert overlay.highlighted == len(overlay.options) - 1
