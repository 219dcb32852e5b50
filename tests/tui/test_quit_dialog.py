"""The quit dialog tells how to resume only when there is a saved game to resume
(Esc on the new-game screen said "The game is saved after every move")."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from textual.widgets import Button, Static
from tui_helpers import (
    SIZE,
    VARIANTS,
    app_from_flags,
    app_moved,
    make_app,
    settle,
)

from pinochle_tui.app import PinochleApp
from pinochle_tui.save import save_game
from pinochle_tui.screens.dialogs import HandOffScreen, QuitScreen
from pinochle_tui.screens.newgame import NewGameScreen


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


@pytest.mark.parametrize("from_a_venv", [False, True])
async def test_quit_at_the_table_says_how_to_resume(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, from_a_venv: bool
) -> None:
    """Every place that tells how to resume gives the command as it was run (`paths.program`):
    run as ``.venv/bin/pinochle`` from a clone whose venv is not on the PATH (as the README's
    set-up leaves it), "pinochle --resume" was no command there.  The help's quit row, the
    command palette's Quit, the quit question and the line the terminal keeps all say it."""
    from pinochle_tui.commands import commands_for
    from pinochle_tui.screens.dialogs import HelpScreen
    from pinochle_tui.widgets import HangingRows

    run = "pinochle"
    if from_a_venv:
        run = str(tmp_path / ".venv" / "bin" / "pinochle")
        monkeypatch.setattr(sys, "argv", [run])
        monkeypatch.setenv("PATH", str(tmp_path / "elsewhere"))
    app = app_moved()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        (quit_command,) = [c for c in commands_for(app, app.screen) if c.name == "Quit"]
        assert quit_command.help == f"quit pinochle (a game is saved; {run} --resume continues it)"
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        keys = app.screen.query_one("#help-keys", HangingRows).content.plain
        (row,) = [line[20:] for line in keys.splitlines() if line[:20].strip() == "q"]
        assert row == (
            f"quit: asks first (y quits, n or Esc keeps playing); the game is saved, {run} --resume continues it"
        )
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        text, button = _said(app)
        assert text == (
            f"Quit pinochle?\n\nThe game is saved after every move; {run} --resume continues it.\n\n"
            "y / Enter: quit    n / Esc: keep playing"
        )
        assert button == "Keep playing"
        assert app.farewell_line == ""
        await pilot.press("y")
        await settle(pilot)
    # the line the terminal keeps once the app has closed (its screen gone with it)
    assert app.farewell_line == f"The game is saved: {run} --resume continues it."


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

    app = app_moved(seed=1)
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
    app = app_moved()
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


def _older_save() -> Path:
    """A partnership game a person has moved in, saved as the app saves it, an hour old."""
    app = app_moved(seed=5)
    assert app.ctrl is not None and app.save_path is not None
    save_game(app.ctrl, app.save_path)
    hour_ago = time.time() - 3600
    os.utime(app.save_path, (hour_ago, hour_ago))
    return app.save_path


async def test_a_game_quit_before_anyone_moved_is_not_kept() -> None:
    """A hot-seat game begun by mistake and quit at its first hand-off was kept as the
    newest save, and ``--resume`` opened it instead of the game being played: quitting a
    game no person has moved in removes its save, the question and the line the terminal
    keeps say so, and ``--resume`` takes the older game."""
    from pinochle_tui.app import UNPLAYED_FAREWELL
    from pinochle_tui.saved_games import latest_save

    older = _older_save()
    app = app_from_flags(seats="human:Mom,human:Ann,human:Ben,standard")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        mistaken = app.save_path
        assert mistaken is not None and mistaken.stat().st_size > 0  # saved once its table was drawn
        await pilot.press("q")
        await settle(pilot)
        text, button = _said(app)
        assert text == (
            "Quit pinochle?\n\nNo one has made a move yet: quitting does not keep this game.\n\n"
            "y / Enter: quit    n / Esc: keep playing"
        )
        assert button == "Keep playing"
        await pilot.press("y")
        await settle(pilot)
    assert app.farewell_line == UNPLAYED_FAREWELL == "No one had made a move, so the game was not kept."
    assert not mistaken.exists() and not mistaken.with_name(mistaken.name + ".lock").exists()
    assert latest_save() == older


async def test_a_game_left_for_a_new_one_before_anyone_moved_is_not_kept() -> None:
    """The same for a game left for the new-game screen: only the older game is offered."""
    older = _older_save()
    app = make_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        mistaken = app.save_path
        assert mistaken is not None and mistaken.exists()
        assert app.ctrl is not None and app.ctrl.actions and app.unplayed()  # (the bots have bid: no person)
        app.action_new_game()
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert [g.path for g in app.screen.saved] == [older]
    assert not mistaken.exists()


async def test_a_game_a_person_moved_in_is_kept_when_quit() -> None:
    """A person's first move keeps the game (the bots' moves alone do not: above)."""
    app = app_moved()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not app.unplayed()
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
    assert app.save_path is not None and app.save_path.stat().st_size > 0
