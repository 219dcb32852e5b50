"""Every error or notice of the new-game and settings screens stays wholly in sight at
80x24 whatever the form's scroll (the new-game error line is
two rows and, the form scrolled, its bottom row fell off the screen).  Each is checked by
what the terminal shows: every word of the line on the screen, its rows above the footer."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console
from textual.containers import VerticalScroll
from textual.widgets import Input, Static
from tui_helpers import VARIANTS, app_from_flags, make_app

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.newgame import NewGameScreen, ResumeLine
from pinochle_tui.screens.settings import SettingsScreen

SMALL = (80, 24)
BOX = str.maketrans("", "", "│╭╮╰╯─")  # a notice's border
TARGET_ERROR = "Target 'abc' is not a whole number in plain digits; give 1 to 989000."
THINK_ERROR = "Expert think"  # the longest new-game error: two rows at 80 columns


def screen_lines(app: Any) -> list[str]:
    console = Console(
        width=app.size.width, height=app.size.height, file=io.StringIO(), force_terminal=True, record=True
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False).splitlines()


def shown_whole(app: Any, widget: Static, text: str) -> None:
    """``widget`` shows all of ``text`` on the screen, every row above the footer."""
    r = widget.region
    footer = app.size.height - 1
    assert r.height >= 1 and r.y >= 0 and r.bottom <= footer, (r, footer)
    rows = [row.translate(BOX) for row in screen_lines(app)[r.y : r.bottom]]
    assert " ".join(text.split()) in " ".join(" ".join(rows).split()), rows


async def scrolled(pilot: Any, scroll: VerticalScroll, where: str) -> None:
    if where == "bottom":
        scroll.scroll_end(animate=False)
    else:
        scroll.scroll_home(animate=False)
    await pilot.pause()
    assert scroll.max_scroll_y > 0  # the form is taller than the screen: it does scroll


ERRORS = [
    ("ng-target", "abc", TARGET_ERROR),
    ("ng-think", "abc", "Expert think 'abc' is not allowed: give"),  # two rows at 80 columns
    # the longest: a number not in plain decimal digits says how to write it
    ("ng-think", "1e-1", "Expert think '1e-1' is not allowed: give 0.05 to 10 seconds in plain decimal digits, e.g. 1"),
    ("ng-delay", "x" * 30, "Bot delay 'xxxxxxxxxxxxxxxxxxxxxxx…' is not allowed"),
]


async def test_a_new_game_error_is_wholly_in_sight() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        for field, text, starts in ERRORS:
            for where in ("bottom", "top"):
                ng.query_one(f"#{field}", Input).value = text
                await scrolled(pilot, ng.query_one(VerticalScroll), where)
                ng.action_start()
                await pilot.pause()
                await pilot.pause()
                error = ng.query_one("#ng-error", Static)
                said = str(error.render())
                assert said.startswith(starts)
                shown_whole(app, error, said)
                focused = app.focused
                assert focused is ng.query_one(f"#{field}", Input)  # the field is focused, as before
                assert focused.region.height == 1 and focused.region.bottom <= error.region.y  # and in sight
            ng.query_one(f"#{field}", Input).value = "1"


async def test_the_new_game_notice_is_wholly_in_sight() -> None:
    notice = "A notice of two rows or more at 80 columns: " + "the saved game is damaged; " * 3 + "it is kept."
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await app.push_screen(NewGameScreen(VARIANTS, notice=notice))
        await pilot.pause()
        ng = app.screen
        for where in ("bottom", "top"):
            await scrolled(pilot, ng.query_one(VerticalScroll), where)
            shown_whole(app, ng.query_one("#ng-notice", Static), notice)
        assert not ng.query_one("#ng-error").display  # no refusal: no row for it


async def test_a_settings_error_is_wholly_in_sight() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await app.push_screen(SettingsScreen())
        await pilot.pause()
        s = app.screen
        for where in ("bottom", "top"):
            s.query_one("#set-trick-delay", Input).value = "x" * 40
            await scrolled(pilot, s.query_one(VerticalScroll), where)
            await pilot.press("ctrl+s")
            await pilot.pause()
            error = s.query_one("#set-error", Static)
            said = str(error.render())
            assert said.startswith("Trick pause")
            shown_whole(app, error, said)


async def test_every_field_and_the_buttons_of_the_new_game_are_in_sight_at_80x24() -> None:
    """At 80x24 the new-game form's last fields (the trick pause, the expert's think) and
    its buttons were under the fold: the keys reached them, the eye did not. On a short
    terminal the form closes up its blank rows: for every preset, eight-hand's eight seats
    too, the last field and the start button are on the screen, unscrolled."""
    from textual.widgets import Select

    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        form = ng.query_one(".newgame", VerticalScroll)
        for name in VARIANTS:
            ng.query_one("#ng-variant", Select).value = name
            await pilot.pause()
            await pilot.pause()
            assert form.scroll_y == 0
            lines = screen_lines(app)
            for widget_id, label in (("#ng-think", "Expert think (s)"), ("#ng-start", "Start the game")):
                r = ng.query_one(widget_id).region
                assert form.content_region.contains_region(r), (name, widget_id, r, form.content_region)
                assert label in lines[r.y], (name, lines[r.y])


@pytest.mark.parametrize("variant", ["six-hand", "eight-hand"])
async def test_the_buttons_are_in_sight_under_a_saved_games_offer_at_80x24(variant: str) -> None:
    """With a saved game, the offer to resume it took two rows over the form (and a blank
    one meant to close up at 80x24 did not): six- and eight-hand's last fields and buttons
    were under the fold. The offer is one row now; every field and button is on the screen
    unscrolled, and Tab walks the fields to the start button, in sight."""
    from textual.widgets import Button, Select

    from pinochle_tui.save import save_game

    played = make_app("partnership", "human,random,random,random", seed=5)
    for _ in range(3):
        played.ctrl.apply(played.ctrl.legal()[0])
    assert played.save_path is not None
    save_game(played.ctrl, played.save_path)
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-variant", Select).value = variant
        await pilot.pause()
        await pilot.pause()
        form = ng.query_one(".newgame", VerticalScroll)
        assert form.scroll_y == 0
        lines = screen_lines(app)
        resume = ng.query_one("#ng-resume", ResumeLine)
        assert resume.region.y == 0 and resume.region.height == 1
        assert lines[0].strip() == str(resume.render()) and lines[0].strip().startswith("Enter resumes your saved game")
        for widget_id, label in (
            ("#ng-think", "Expert think (s)"),
            ("#ng-start", "Start the game"),
            ("#ng-host", "Host a table"),
            ("#ng-join", "Join a table (j)"),
        ):
            r = ng.query_one(widget_id).region
            assert form.content_region.contains_region(r), (widget_id, r, form.content_region)
            assert label in lines[r.y], lines[r.y]
        fields = ng.form_fields()
        assert isinstance(fields[-1], Button) and fields[-1].id == "ng-start"
        for _ in fields[1:]:
            await pilot.press("tab")
        assert app.focused is fields[-1]
        assert form.scroll_y == 0 and form.content_region.contains_region(fields[-1].region)


@pytest.mark.parametrize("size", [SMALL, (100, 32)])
async def test_eight_hand_under_a_resume_notice_and_the_offer_keeps_every_field_in_sight(size: Any) -> None:
    """``pinochle --resume`` of a damaged save opens the new-game screen with a notice over
    the saved-games offer: under both, eight-hand's last fields and its buttons were under
    the fold at 80x24 (the notice's box took four rows and a blank one), and at 100x32,
    where the form closed up only under 32 rows. Where the roomy form does not fit, the
    notice closes up as the form does: every field and button is in sight, unscrolled."""
    from textual.widgets import Select

    from pinochle_tui.paths import data_dir

    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / "game-20991231-235959.json").write_text("[[[")
    app = app_from_flags(resume=True)
    notice = app.notice
    assert notice is not None and "the saved game is damaged (not JSON)" in notice
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-variant", Select).value = "eight-hand"
        await pilot.pause()
        await pilot.pause()
        form = ng.query_one(".newgame", VerticalScroll)
        assert form.scroll_y == 0
        shown_whole(app, ng.query_one("#ng-notice", Static), notice)
        lines = screen_lines(app)
        resume = ng.query_one("#ng-resume", ResumeLine)
        offer = "r lists your saved games: 1 cannot be resumed (damaged; the files are kept)"
        assert lines[resume.region.y].strip() == offer
        last_seat = list(ng.query(".ng-kind"))[-1]
        r = last_seat.region
        assert form.content_region.contains_region(r) and "Seat 8 (Southeast)" in lines[r.y]
        for widget_id, label in (
            ("#ng-think", "Expert think (s)"),
            ("#ng-start", "Start the game"),
            ("#ng-join", "Join a table (j)"),
        ):
            r = ng.query_one(widget_id).region
            assert form.content_region.contains_region(r), (widget_id, r, form.content_region)
            assert label in lines[r.y], lines[r.y]


async def test_a_form_that_fits_keeps_its_room() -> None:
    """A terminal tall enough for the roomy form keeps it (its blank rows between the
    fields), eight-hand under a notice at 100x40 too; made shorter, the form closes up,
    and taller again, it opens out."""
    from textual.widgets import Select

    from pinochle_tui.paths import data_dir

    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / "game-20991231-235959.json").write_text("[[[")
    app = app_from_flags(resume=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-variant", Select).value = "eight-hand"
        await pilot.pause()
        await pilot.pause()
        form = ng.query_one(".newgame", VerticalScroll)
        assert not ng.has_class("-tight") and form.content_region.contains_region(ng.query_one("#ng-start").region)
        assert ng.query_one("#ng-target").region.y - ng.query_one("#ng-seats").region.bottom == 1  # a blank row
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await pilot.pause()
        assert ng.has_class("-tight") and form.content_region.contains_region(ng.query_one("#ng-start").region)
        await pilot.resize_terminal(100, 40)
        await pilot.pause()
        await pilot.pause()
        assert not ng.has_class("-tight")
