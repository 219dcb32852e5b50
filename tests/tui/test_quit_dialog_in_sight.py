"""The quit dialog is always drawn when it is the screen on top, and Esc, q and ctrl+q
always open it when none is up: on a terminal too small for the game (where quitting is
the one thing the keys do) it was open but hidden, so Esc seemed to do nothing and every
other key did nothing; and a dialog taken off without an answer kept every later quit key
from opening one."""

from __future__ import annotations

from textual.widget import Widget
from tui_helpers import SIZE, VARIANTS, app_moved, make_app, settle

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.dialogs import QuitScreen
from pinochle_tui.widgets import TooSmall


def _drawn(app: PinochleApp) -> str:
    """The rows the top screen draws (with the screens seen through it)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _quit_dialogs(app: PinochleApp) -> int:
    return sum(isinstance(s, QuitScreen) for s in app.screen_stack)


def _assert_quit_in_sight(app: PinochleApp) -> None:
    assert isinstance(app.screen, QuitScreen), [type(s).__name__ for s in app.screen_stack]
    box = app.screen.query_one("#dialog", Widget)
    width, height = app.size
    assert box.region.width == min(60, width) and box.region.height > 0
    assert box.region.right <= width and box.region.bottom <= height
    assert "Quit pinochle?" in _drawn(app)


async def test_esc_on_the_new_game_screen_too_small_shows_the_quit_dialog() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 22)) as pilot:
        await settle(pilot)
        assert app.has_class("-too-small")
        # the line in place of the screen names its quit key (q does nothing here), and no save
        assert str(app.screen.query_one(TooSmall).render()).endswith("go on (Esc quits).")
        await pilot.press("escape")
        await settle(pilot)
        _assert_quit_in_sight(app)
        await pilot.press("n")
        await settle(pilot)
        assert _quit_dialogs(app) == 0


async def test_q_at_a_table_too_small_shows_the_quit_dialog_within_the_terminal() -> None:
    app = app_moved()
    async with app.run_test(size=(50, 12)) as pilot:
        await settle(pilot)
        said = str(app.screen.query_one(TooSmall).render())
        assert said.endswith("go on (the game is saved; q quits).")
        await pilot.press("q")
        await settle(pilot)
        _assert_quit_in_sight(app)


async def test_the_quit_question_stays_over_screens_that_replace_those_under_it() -> None:
    # the screens replaced under the open dialog (as a joined table opening does): the
    # question is asked again over the new screen, not taken off unanswered; once answered,
    # the quit keys open it again
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, QuitScreen)
        app.action_new_game()
        await settle(pilot)
        assert _quit_dialogs(app) == 1
        _assert_quit_in_sight(app)
        await pilot.press("n")
        await settle(pilot)
        assert _quit_dialogs(app) == 0
        await pilot.press("ctrl+q")
        await settle(pilot)
        _assert_quit_in_sight(app)


async def test_escapes_as_fast_as_keys_come_leave_one_quit_dialog_drawn() -> None:
    # from the first moment: no pause before the first key, none between them; the fifth
    # Esc opens the dialog the fourth closed
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await pilot.press("escape")
            assert _quit_dialogs(app) <= 1
        await settle(pilot)
        assert _quit_dialogs(app) == 1
        _assert_quit_in_sight(app)


async def test_esc_after_a_refused_bot_delay_shows_the_quit_dialog() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.query_one("#ng-delay").value = "soon"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        assert str(screen.query_one("#ng-error").render()).startswith("Bot delay")
        await pilot.press("escape", "escape", "escape")
        await settle(pilot)
        assert _quit_dialogs(app) == 1
        _assert_quit_in_sight(app)


async def test_the_quit_dialog_shows_its_own_keys_in_the_footer() -> None:
    """At 80x24 the table's footer (⏎ play card, a auto, i hint...) showed under the quit
    question, naming keys that do nothing while it is open: the bottom row is the
    dialog's own keys."""
    app = make_app("partnership", "human,random,random,random", seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        _assert_quit_in_sight(app)
        bottom = _drawn(app).splitlines()[-1]
        assert " ".join(bottom.split()) == "y quit n stay"
