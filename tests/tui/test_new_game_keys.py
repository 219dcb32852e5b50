"""The new-game screen by keyboard, as a new user meets it (else,
at 80x24 the focus began on "Start the game", scrolled out of sight, so ↓ and Space did
nothing visible and the variant could not be changed without knowing Tab).

Now the first field (the variant) has the focus, in sight; ↓ / ↑ and Tab / Shift+Tab go
from field to field, each scrolled into sight; Space opens a list and ←→ step through it;
Enter starts the game from a field (in an open list it picks the option); the keys are
said under the title.  Checked at 80x24 and 200x60 by the focused widget's region."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Select, Static
from tui_helpers import VARIANTS

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.table import TableScreen

FIELDS = [
    "ng-variant",
    "ng-kind-1-0", "ng-name-1-0", "ng-kind-1-1", "ng-name-1-1",
    "ng-kind-1-2", "ng-name-1-2", "ng-kind-1-3", "ng-name-1-3",
    "ng-target", "ng-seed", "ng-delay", "ng-trick-delay", "ng-think", "ng-start",
]  # fmt: skip


def in_sight(app: Any) -> str:
    """The focused widget's id, after checking its whole region is on the screen above the footer."""
    w = app.focused
    r = w.region
    width, height = app.size
    assert r.height == 1 and r.width > 0, (w, r)
    assert r.x >= 0 and r.right <= width and r.y >= 0 and r.bottom <= height - 1, (w, r, app.size)
    return str(w.id)


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_the_first_field_has_the_focus_and_the_arrows_walk_the_form_in_sight(size: tuple[int, int]) -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        assert in_sight(app) == "ng-variant"  # was ng-start, below the footer at 80x24 (y 23)
        title = str(ng.query_one("#ng-title", Static).render())
        assert title == ("New game of pinochle\n↑↓/Tab: next field · Space: open a list, ←→: change it · Enter: start")
        assert ng.query_one("#ng-title").region.bottom <= size[1] - 1  # the keys in sight too
        walked = [in_sight(app)]
        for _ in FIELDS[1:]:
            await pilot.press("down")
            walked.append(in_sight(app))
        assert walked == FIELDS
        await pilot.press("down")  # the last field stays
        assert in_sight(app) == "ng-start"
        if size != (80, 24):
            return
        back = []
        for _ in range(2):
            await pilot.press("up")
            back.append(in_sight(app))
        assert back == ["ng-think", "ng-trick-delay"]
        await pilot.press("tab", "tab")  # Tab goes the same way, field by field
        assert in_sight(app) == "ng-start"
        await pilot.press("shift+tab")
        assert in_sight(app) == "ng-think"


async def test_lists_open_with_space_step_with_arrows_and_enter_starts() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        variant = ng.query_one("#ng-variant", Select)
        await pilot.press("right")  # the next preset, without opening the list
        await pilot.pause()
        assert (variant.value, ng.variant_name) == ("partnership-post1945", "partnership-post1945")
        await pilot.press("left", "left")  # the first stays the first
        await pilot.pause()
        assert ng.variant_name == "partnership"
        await pilot.press("space")  # opens the list: there ↓ and Enter are the list's
        await pilot.pause()
        assert variant.expanded
        await pilot.press("down", "down", "down", "down", "down", "enter")  # partnership-five before three-hand
        await pilot.pause()
        assert not variant.expanded and ng.variant_name == "three-hand"
        assert app.focused is variant and app.screen is ng  # Enter in the list picked, nothing started
        await pilot.press("down", "right")  # the first seat: human -> bot: random
        await pilot.pause()
        first_seat = ng.query(".ng-kind").results(Select)
        assert app.focused is next(first_seat) and app.focused.value == "random"  # type: ignore[union-attr]
        await pilot.press("left", "up", "enter")  # back to human; Enter on the variant starts the game
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.ctrl is not None and app.ctrl.variant.name == "three-hand"
        assert [s.kind for s in app.ctrl.seats] == ["human", "bot", "bot"]


async def test_while_the_terminal_is_too_small_the_keys_do_nothing() -> None:
    """The form is hidden below 80x24: Enter and ↓ neither start a game nor move the focus."""
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen) and app.has_class("-too-small")
        await pilot.press("down", "enter", "ctrl+s")
        await pilot.pause()
        assert app.screen is ng and app.ctrl is None
        assert app.focused is ng.query_one("#ng-variant")


async def test_a_burst_of_keys_moves_field_by_field() -> None:
    """Keys that come together (a fast typist, a terminal's paste, tmux): each ↓ moves on
    from where the one before it left the focus.  With the widget's ``focus()``, which waits
    its turn on the app's queue, three ↓ at once all moved from the variant to seat 1; and
    the variant's ←→ do not rebuild seat rows of the same number (a key behind them found
    the rows gone)."""
    from textual import events

    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        first = ng.query_one("#ng-kind-1-0")
        for key in ("right", "down", "down", "down"):
            app.post_message(events.Key(key, None))
        await pilot.pause()
        await pilot.pause()
        assert ng.variant_name == "partnership-post1945"
        assert ng.query_one("#ng-kind-1-0") is first  # the same rows, their values changed in place
        assert in_sight(app) == "ng-kind-1-1"


async def test_tab_leaves_a_list_as_down_does() -> None:
    """The form says "↑↓/Tab: next field", but Tab on a list stayed on it (↓ went on)."""
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        walked = [in_sight(app)]
        for _ in range(4):
            await pilot.press("tab")
            walked.append(in_sight(app))
        assert walked == FIELDS[:5]  # a list, a name, a list, a name: Tab from each to the next
        await pilot.press("shift+tab", "shift+tab")
        assert in_sight(app) == FIELDS[2]


async def test_tab_in_an_open_list_closes_it_and_goes_to_the_next_field() -> None:
    """Space opens a list; Tab there did nothing (the list's options took it): it closes
    the list, keeps the value, and moves on as the form says (Shift+Tab back)."""
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        variant = app.screen.query_one("#ng-variant", Select)
        before = variant.value
        await pilot.press("space")
        await pilot.pause()
        assert variant.expanded
        await pilot.press("tab")
        await pilot.pause()
        assert not variant.expanded
        assert variant.value == before
        assert in_sight(app) == FIELDS[1]
        await pilot.press("space")
        await pilot.pause()
        kind = app.screen.query_one("#ng-kind-1-0", Select)
        assert kind.expanded
        await pilot.press("shift+tab")
        await pilot.pause()
        assert not kind.expanded
        assert in_sight(app) == FIELDS[0]


def _contrast(a: Any, b: Any) -> float:
    """The WCAG contrast ratio of two colours."""

    def lum(c: Any) -> float:
        def ch(x: int) -> float:
            s = x / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

        return 0.2126 * ch(c.red) + 0.7152 * ch(c.green) + 0.0722 * ch(c.blue)

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("system", ["256", "16"])
async def test_the_focused_field_stands_out_in_256_and_16_colours(system: str) -> None:
    """The compact fields' own focus was a 5% tint: 235 on 234 in 256 colours.  The
    focused field's bar, as the terminal shows it in 256 and in 16 colours, stands out
    from an unfocused one's."""
    from rich.color import ColorSystem

    to = {"256": ColorSystem.EIGHT_BIT, "16": ColorSystem.STANDARD}[system]
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        focused = ng.query_one("#ng-variant SelectCurrent")
        other = ng.query_one("#ng-kind-1-0 SelectCurrent")
        on = focused.rich_style.bgcolor.downgrade(to).get_truecolor()
        off = other.rich_style.bgcolor.downgrade(to).get_truecolor()
        assert _contrast(on, off) >= 2.0, (on, off)
        assert focused.rich_style.bold
        await pilot.press("tab", "tab")  # a text field alike
        name = ng.query_one("#ng-kind-1-1", Select)
        field = ng.query_one("#ng-name-1-0")
        assert app.focused is field
        on = field.rich_style.bgcolor.downgrade(to).get_truecolor()
        off = ng.query_one("#ng-name-1-1").rich_style.bgcolor.downgrade(to).get_truecolor()
        assert _contrast(on, off) >= 2.0 and name is not app.focused


async def test_with_no_colour_the_focused_field_is_reversed(monkeypatch: Any) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert ng.query_one("#ng-variant SelectCurrent").rich_style.reverse
        assert not ng.query_one("#ng-kind-1-0 SelectCurrent").rich_style.reverse


async def test_f1_opens_the_rules_at_their_start() -> None:
    """F1 ("rules") on the new-game screen: the rules began some 45 lines down, under the
    table's keys; now they come first, the keys under them."""
    from pinochle_tui.screens.dialogs import HelpScreen

    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        help_ = app.screen
        assert isinstance(help_, HelpScreen)
        rules, keys = help_.query_one("#help-rules"), help_.query_one("#help-keys")
        assert rules.region.y == help_.query_one("#help-scroll").region.y + 1  # (the page's padding)
        assert str(rules.render()).startswith("Rules of partnership\n") and keys.region.y > rules.region.bottom - 1


async def test_question_mark_opens_the_help_with_this_screens_keys_first() -> None:
    """``?`` opens the help here as at the table (it did nothing): the new-game screen's
    own keys first, then the table's and the rules of the variant chosen; in a name field
    ``?`` is typed, not the help."""
    from textual.widgets import Input

    from pinochle_tui.screens.dialogs import HelpScreen
    from pinochle_tui.screens.newgame import NEW_GAME_KEYS

    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.screen_keys == NEW_GAME_KEYS
        text = str(help_screen.query_one("#help-keys", Static).content)
        assert text.startswith("Keys on this screen\n  ↑ ↓ / Tab")
        assert "\nKeys at the table\n" in text
        assert "Rules of partnership" in str(help_screen.query_one("#help-rules", Static).content)
        await pilot.press("question_mark")  # closes it, as elsewhere
        await pilot.pause()
        assert app.screen is ng
        name = ng.query_one("#ng-name-1-0", Input)
        name.focus()
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is ng and name.value.endswith("?")
