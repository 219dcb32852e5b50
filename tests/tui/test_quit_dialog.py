"""The quit dialog tells how to resume only when there is a saved game to resume
(Esc on the new-game screen said "The game is saved after every move")."""

from __future__ import annotations

from textual.widgets import Button, Static
from tui_helpers import (
    SIZE,
    VARIANTS,
    app_for_seats,
    make_app,
    settle,
)

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.dialogs import QuitScreen


def _said(app: PinochleApp) -> tuple[str, str]:
    screen = app.screen
    assert isinstance(screen, QuitScreen)
    return str(screen.query_one(Static).render()), str(screen.query_one("#quit-no", Button).label)


async def test_quit_from_the_new_game_screen_says_nothing_of_a_save() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        text, button = _said(app)
        assert text == "Quit pinochle?\n\ny / Enter: quit    n / Esc: stay"
        assert button == "Stay"


async def test_quit_at_the_table_says_how_to_resume() -> None:
    app = make_app("partnership", "human,random,random,random", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        text, button = _said(app)
        assert text == (
            "Quit pinochle?\n\nThe game is saved after every move; pinochle --resume continues it.\n\n"
            "y / Enter: quit    n / Esc: keep playing"
        )
        assert button == "Keep playing"
        assert app.farewell_line == ""
        await pilot.press("y")
        await settle(pilot)
    # the line the terminal keeps once the app has closed (its screen gone with it)
    assert app.farewell_line == "The game is saved: pinochle --resume continues it."


async def test_quit_from_the_new_game_screen_leaves_no_line() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
    assert app.farewell_line == ""


async def test_quit_dialog_has_no_markdown():
    from pinochle_tui.screens.dialogs import QuitScreen

    app = app_for_seats("partnership", "human,random,random,random", 1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        from textual.widgets import Static

        text = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert "`" not in text and "pinochle --resume" in text


async def test_the_quit_question_takes_capital_letters_too() -> None:
    """``N`` (caps lock on) stays as ``n`` does, and ``Y`` quits as ``y`` does."""
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("N")
        await settle(pilot)
        assert not isinstance(app.screen, QuitScreen)
        assert app.is_running
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("Y")
        await settle(pilot)
        assert not app.is_running


async def test_ctrl_c_asks_to_quit_on_every_screen() -> None:
    """ctrl+c, where a terminal user reaches to leave, did nothing anywhere (Textual's own
    ctrl+c names only a key bound to its plain quit): it opens the quit dialog, as ctrl+q
    does, on the new-game screen, the join screen (its address field focused: with no
    text selected there is nothing to copy) and at the table, whose game it says is saved."""
    from textual.widgets import Input

    from pinochle_tui.screens.join import JoinScreen

    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert _said(app) == ("Quit pinochle?\n\ny / Enter: quit    n / Esc: stay", "Stay")
        await pilot.press("n")
        await settle(pilot)
        await app.push_screen(JoinScreen())
        await settle(pilot)
        assert isinstance(app.focused, Input)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("y")
        await settle(pilot)
        assert not app.is_running
    app = make_app("partnership", "human,random,random,random", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert _said(app)[0].startswith("Quit pinochle?\n\nThe game is saved after every move;")


async def test_ctrl_c_asks_to_quit_over_the_tables_overlays() -> None:
    """ctrl+c over the help and the hint (an `Overlay`, as the tricks, everyone's meld and
    the review are) opens the quit dialog as it does at the table: an overlay takes every
    key but its own and the app's, and ctrl+c is the app's."""
    app = make_app("partnership", "human,random,random,random", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in ("question_mark", "i"):
            await pilot.press(key)
            await settle(pilot)
            over = app.screen
            assert over is not app.screen_stack[1], key
            await pilot.press("ctrl+c")
            await settle(pilot)
            assert isinstance(app.screen, QuitScreen), (key, type(app.screen).__name__)
            await pilot.press("n")
            await settle(pilot)
            assert app.screen is over, key
            await pilot.press("escape")
            await settle(pilot)
