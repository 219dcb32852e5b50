"""Races at the edge of a screen: a key or a callback that reaches a screen
after it began to close (or before it was composed) does nothing; and a seeded storm of
keys and resizes over every screen raises nothing."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from storm_driver import KEYS, run_storm
from textual import events
from tui_helpers import SIZE, VARIANTS, make_app, settle, table

from pinochle_tui.screens.dialogs import HandOffScreen, HelpScreen
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.turns import Decided
from pinochle_tui.widgets import is_live

CHARS = {"question_mark": "?", "space": " "}


def send(app: Any, *keys: str) -> None:
    """The keys as a terminal sends them: straight to the driver, no frame between them."""
    for k in keys:
        app._driver.send_message(events.Key(k, CHARS.get(k, k if len(k) == 1 else None)))


async def until_stopped(app: Any) -> None:
    """Until the app's message loop has worked through every key sent and ended (as in a
    real run, where the screens are torn down only after that)."""
    for _ in range(500):
        if not app.is_running:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the app is still running")


async def test_help_opened_and_scrolled_after_quit_does_nothing():
    """ctrl+q, y, ?, j with no frame between: the help opened after the quit was never
    composed, and its scroll key raised NoMatches('#help-scroll')."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send(app, "ctrl+q", "y", "question_mark", "j")
        await until_stopped(app)
    assert app.return_code == 0


async def test_help_scroll_before_it_is_composed_does_nothing():
    """A HelpScreen that is not mounted yet (or no longer) takes no key: its bindings are
    refused before any widget is queried."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and is_live(help_screen)
        assert help_screen.check_action("scroll", (1,)) is True
        await pilot.press("escape")
        await pilot.pause()
        assert not is_live(help_screen)
        assert help_screen.check_action("scroll", (1,)) is False
        assert help_screen.check_action("close", ()) is False
        never_mounted = HelpScreen(table(app).ctrl.variant)
        assert not is_live(never_mounted)
        assert never_mounted.check_action("scroll", (1,)) is False


async def test_table_keys_after_quit_change_nothing():
    """Three humans, hot-seat: keys typed right after ctrl+q and y (the hand-off's Enter,
    a pass, ...) played and saved moves while the app was closing (and, when the pilot
    tore the screens down under them, raised NoMatches from the table's refresh).  Now the
    game stays as it was when the quit was confirmed."""
    app = make_app(seats="human,human,human,random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        t = table(app)
        moves = list(t.ctrl.actions)
        assert app.save_path.stat().st_size == 0  # nothing played yet, nothing saved (the name claimed)
        send(app, "ctrl+q", "y", "enter", "p", "enter", "p", "enter", "enter")
        await until_stopped(app)
        assert t.ctrl.actions == moves
        assert t.revealed is None
        assert not app.save_path.exists()
    assert app.return_code == 0


async def test_late_callbacks_on_a_replaced_table_do_nothing():
    """A callback that lands on a table whose widgets are gone (a new game replaced it):
    the hand-off's (`TurnLoop.reveal`, once a NoMatches('#top-row')), a bot's move and a
    helper's (`Decided`, even for the round the loop waited on), the hand result's, a
    bot's pacing timer; none queries a widget or moves the game, and no key binding of the
    old table is allowed."""
    app = make_app(seats="human,human,human,random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        c = t.ctrl
        moves = list(c.actions)
        seat = c.to_act
        app.action_new_game()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert not t.children and not is_live(t)
        state = c.round
        t.turns.reveal(seat)
        t.turns.waiting = ("bot", state)  # (as if it still waited on this very round)
        t.on_decided(Decided(state, state.to_act, c.legal()[0], None))
        t.turns.waiting = ("helper", state)
        t.on_decided(Decided(state, state.to_act, c.legal()[0], None, t.human_act))
        t.turns.decided(Decided(state, state.to_act, c.legal()[0], None, t.human_act))
        t.turns.after_result(None)
        t.turns.run_bot(state)
        t.advance()
        t.refresh_view()
        assert t.ensure_result() is False
        assert t.revealed is None and c.actions == moves
        assert isinstance(app.screen, NewGameScreen)
        assert not [w for w in app.workers if not w.is_finished]
        actions = {b.action.split("(")[0] for b in t._bindings_list()}
        assert {a for a in actions if t.check_action(a, ()) is not False} == set()


async def test_game_over_button_press_after_n_starts_no_second_new_game():
    """At the game over, a press of the "New game" button queued before n replaced the
    screen (Enter on the focused button and n with no frame between) reached the old
    game-over screen, which started a second new-game screen; replacing the first before
    it was composed raised NoMatches('#ng-seats') in its on_mount.  A screen that left the
    stack takes no press."""
    from textual.widgets import Button
    from tui_helpers import app_for, preplay

    from pinochle_tui.screens.dialogs import GameOverScreen
    from rules import Phase

    c = preplay("two-hand", "human,random", 4, lambda c: c.round.phase is Phase.DONE and c.game.over, target=10)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the hand result: on to the game over
        await settle(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        button = over.query_one("#over-new", Button)
        send(app, "n")
        while not isinstance(app.screen, NewGameScreen):
            await asyncio.sleep(0)
        first = app.screen
        over.on_button_pressed(Button.Pressed(button))  # the press that was queued
        await settle(pilot)
        assert app.screen is first and is_live(first)
        assert [type(s).__name__ for s in app.screen_stack] == ["BaseScreen", "NewGameScreen"]
        assert len(first.query_one("#ng-seats").children) == VARIANTS[first.variant_name].players


async def test_quit_dialog_button_press_after_n_does_not_quit():
    """The quit dialog closed by n (keep playing), then a press of its Quit button that was
    queued before: it dismissed the dialog a second time, quitting the app and popping
    the table under it.  Now the game goes on."""
    from textual.widgets import Button

    from pinochle_tui.screens.dialogs import QuitScreen
    from pinochle_tui.screens.table import TableScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        quit_screen = app.screen
        assert isinstance(quit_screen, QuitScreen)
        button = quit_screen.query_one("#quit-yes", Button)
        await pilot.press("n")
        assert isinstance(app.screen, TableScreen)
        quit_screen.on_button_pressed(Button.Pressed(button))
        await settle(pilot)
        assert app.return_code is None
        assert isinstance(app.screen, TableScreen)
        assert [type(s).__name__ for s in app.screen_stack] == ["BaseScreen", "TableScreen"]


async def test_quit_dialog_stays_over_a_hand_off_that_comes_after_it():
    """ctrl+q right after a move: the bot replies and the next human's hand-off would go up
    over the quit dialog.  It went up over it, and a press of the dialog's Quit button
    queued before then popped the hand-off (Textual's dismiss pops the top screen,
    whichever it is) and quit; the dialog's y later set its result again
    (InvalidStateError), as the storm found.  Now the table waits for the dialog (West
    does not answer behind it: `TurnLoop.paused`), and "stay" lets West answer and puts
    North's hand-off up; the dialog's own keys answer it."""
    from pinochle_tui.screens.dialogs import HandOffScreen

    app = make_app(seats="human,random,human,random", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # South's hand-off
        await settle(pilot)
        c = table(app).ctrl
        moves = len(c.actions)
        app.bot_delay = 1.0  # West answers a second after South's bid, whatever the machine's load
        send(app, "enter")  # South bids
        while len(c.actions) == moves:
            await asyncio.sleep(0)
        send(app, "ctrl+q")  # before West (a bot) has answered
        await settle(pilot)
        assert [type(s).__name__ for s in app.screen_stack] == ["BaseScreen", "TableScreen", "QuitScreen"]
        await asyncio.sleep(1.5)  # West's bot delay ends while the dialog is up: West waits
        await settle(pilot)
        assert len(c.actions) == moves + 1
        assert [type(s).__name__ for s in app.screen_stack] == ["BaseScreen", "TableScreen", "QuitScreen"]
        app.bot_delay = 0
        await pilot.press("n")  # stay: West answers, and North's hand-off goes up
        await settle(pilot)
        assert len(c.actions) == moves + 2
        assert [type(s).__name__ for s in app.screen_stack] == ["BaseScreen", "TableScreen", "HandOffScreen"]
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")  # North's hand-off
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("y")
        await until_stopped(app)
    assert app.return_code == 0


@pytest.mark.parametrize("kind", ["GameOverScreen", "NewGameScreen", "TableScreen"])
async def test_screen_popped_before_it_is_composed_mounts_quietly(kind: str):
    """A screen popped in the tick it was pushed gets its Mount with no widgets in it
    (Textual mounts no child into a node being pruned): its on_mount queried one and raised
    NoMatches (DataTable, '#ng-seats', '#center'), as the storm found when a key or the
    quit closed a just-opened game over or new-game screen.  Now it does nothing."""
    from tui_helpers import preplay

    from pinochle_tui.screens.dialogs import GameOverScreen
    from pinochle_tui.screens.table import TableScreen
    from rules import Phase

    c = preplay("two-hand", "human,random", 4, lambda c: c.round.phase is Phase.DONE and c.game.over, target=10)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = {
            "GameOverScreen": lambda: GameOverScreen(c),
            "NewGameScreen": lambda: NewGameScreen(VARIANTS),
            "TableScreen": lambda: TableScreen(c),
        }[kind]()
        app.push_screen(screen)
        app.pop_screen()
        await settle(pilot)
        assert not screen.children and not is_live(screen)
        assert [type(s).__name__ for s in app.screen_stack] == ["BaseScreen", "TableScreen"]
        assert not [w for w in app.workers if not w.is_finished]


async def test_storm_of_keys_and_resizes():
    """A seeded storm (`storm_driver`): 1,000 keys in bursts with no frame between their
    keys, 8% of the bursts followed by a resize (below 80×24 too), over the games of
    `storm_driver.SESSIONS` that open each screen by construction (the new-game screen,
    the hand result and the game over, the tricks, everyone's meld, the draft, a hint,
    the help, hot-seat with two and three humans, a resumed game, the quit dialog), 85 keys
    to each app, a new one when a key quits.  Zero exceptions, every key of the storm's
    sent (its bursts are the seed's alone: the same keys each run), and the storm went
    through every screen (the longer storm: bench/key_storm.py)."""
    res = await run_storm(1000, seed=11, session_keys=85, progress=0.7)
    assert [str(f) for f in res.failures] == []
    assert res.keys >= 1000 and res.resizes >= 8
    assert set(KEYS) <= set(res.sent), set(KEYS) - set(res.sent)
    every = {
        "NewGameScreen",
        "TableScreen",
        "TableScreen: everyone's meld (m)",
        "TableScreen: a hint (i)",
        "HandOffScreen",
        "HelpScreen",
        "TricksScreen",
        "QuitScreen",
        "HandResultScreen",
        "GameOverScreen",
    }
    assert every <= set(res.screens), every - set(res.screens)
    assert {"AUCTION", "TRICKS", "DECLARE", "DRAFT"} <= set(res.phases), res.phases


async def test_a_short_storm_at_every_table_size_with_the_palette_raises_nothing_and_sticks_nowhere():
    """The palette (ctrl+p, Enter bursts, page keys) over the tables of every size, hot-seat
    included: no exception and no table left waiting for a screen that is gone (the longer
    storm: bench/key_storm.py)."""
    from storm_driver import SESSIONS

    big = [s for s in SESSIONS if s.label.split(",")[0] in ("five-hand", "six-hand", "eight-hand", "three-hand")]
    big += [s for s in SESSIONS if "hot-seat" in s.label and s.label.startswith(("two-hand", "partnership"))]
    assert len(big) >= 9
    res = await run_storm(450, seed=28, session_keys=50, progress=0.5, sessions=big)
    assert [str(f) for f in res.failures] == []
    assert res.stuck == 0
    assert res.opened["GamePalette"] > 0 and res.opened["HandOffScreen"] > 0
