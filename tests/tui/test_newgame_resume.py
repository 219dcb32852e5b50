"""The new-game screen offers the saved game: after a crash or a
kill, plain ``pinochle`` opened the new-game screen with no word of the saved game, which
only ``--resume`` continued. Now a line says it and ``r`` resumes it; with no save,
neither is there."""

from __future__ import annotations

import time
from typing import Any

from tui_helpers import app_from_flags, make_app, settle, table, text_of

from pinochle_tui.save import save_game
from pinochle_tui.saved_games import latest_save
from pinochle_tui.screens.newgame import NewGameScreen, ResumeLine, saved_list
from pinochle_tui.widgets import KeysFooter
from rules import Phase


def _footer(app) -> str:
    return " ".join(app.screen.query_one(KeysFooter).render().plain.split())


async def test_no_save_no_offer() -> None:
    assert latest_save() is None
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert not app.screen.query("#ng-resume")
        assert "resume" not in _footer(app)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)


async def test_a_saved_game_is_offered_and_r_resumes_it() -> None:
    # a partnership game left in its second hand (a crash, a kill, or q), as the app saves it
    played = make_app("partnership", "human,standard,standard,standard", seed=11)
    c = played.ctrl
    while c.hand_no < 2 or c.round.phase is not Phase.AUCTION:
        if c.round.phase is Phase.DONE:
            c.next_hand()
            continue
        seat = c.round.to_act
        c.apply(c.choose(c.round, seat, c.helper())[0])
    save_game(c, played.save_path)
    actions = c.all_action_lists()

    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        line = screen.query_one("#ng-resume", ResumeLine)
        when = time.strftime("%a %d %b %H:%M", time.localtime(played.save_path.stat().st_mtime))
        # the first field, with the focus: Enter resumes too, and the line says so
        assert screen.focused is line
        assert line.words == (
            f"Enter resumes your saved game (partnership, in hand 2, You & North 410, West & East 210, {when})"
        )
        # one row at 80 columns: the scores give way (the whole line is 105 cells)
        assert str(line.render()) == f"Enter resumes your saved game (partnership, in hand 2, {when})"
        assert line.region.height == 1 and line.region.bottom <= 24  # in sight at 80x24
        assert _footer(app) == "^s start game f1 rules s statistics o settings r resume esc quit ▏^p menu"
        await pilot.press("r")
        await settle(pilot)
        t = table(app)
        assert app.screen is t
        assert t.ctrl.hand_no == 2 and t.ctrl.all_action_lists()[0] == actions[0]
        assert app.save_path == played.save_path


def _saved_mid_game() -> tuple[Any, list[Any]]:
    """A partnership game left in its first hand, as the app saves it: its save's path and actions."""
    played = make_app("partnership", "human,standard,standard,standard", seed=11)
    c = played.ctrl
    for _ in range(6):
        c.apply(c.choose(c.round, c.round.to_act, c.helper())[0])
    save_game(c, played.save_path)
    return played.save_path, c.all_action_lists()


async def test_enter_resumes_the_saved_game_as_the_screen_opens() -> None:
    """A family pressed Enter to go on with last week's game and got a new one: with a
    saved game the offer has the focus, says Enter resumes, and Enter does."""
    path, actions = _saved_mid_game()
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        line = screen.query_one("#ng-resume", ResumeLine)
        assert screen.focused is line and str(line.render()).startswith("Enter resumes your saved game (partnership,")
        help_line = text_of(screen.query_one("#ng-help")).replace("\n", " ")
        assert help_line.startswith(
            "On the saved game's line above, Enter (or r anywhere) resumes it; in the form, Enter (or ctrl+s)"
            " starts a new game, and the saved one is kept."
        )
        await pilot.press("enter")
        await settle(pilot)
        t = table(app)
        assert app.screen is t and app.save_path == path
        assert t.ctrl.all_action_lists()[0][: len(actions[0])] == actions[0]  # (the bots play on)


async def test_a_new_game_is_the_forms_and_keeps_the_saved_one() -> None:
    """↓ from the offer goes to the form (the offer says "r resumes" again), where Enter
    starts a new game; the saved game stays on the disk, offered next time."""
    path, _ = _saved_mid_game()
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("down")
        await pilot.pause()
        line = screen.query_one("#ng-resume", ResumeLine)
        assert screen.focused is screen.query_one("#ng-variant") and str(line.render()).startswith("r resumes ")
        await pilot.press("enter")
        await settle(pilot)
        t = table(app)
        assert app.screen is t and app.save_path != path
        assert path.exists() and path in [g.path for g in saved_list()]


async def test_with_no_save_the_form_opens_on_its_first_field_and_enter_starts() -> None:
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.focused is screen.query_one("#ng-variant")
        assert text_of(screen.query_one("#ng-help")).startswith("Enter (or ctrl+s) starts the game. ")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is table(app)
