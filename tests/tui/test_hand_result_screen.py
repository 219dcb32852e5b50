"""The hand result screen: reached however fast `a` is pressed, put back if lost, left by
Enter for the next hand, and never by `a`, which stops there."""

from __future__ import annotations

import time

from tui_helpers import (
    SIZE,
    app_for,
    app_for_seats,
    played_by_a,
    settle,
    table,
    until,
)

from pinochle_tui.screens.dialogs import HandResultScreen
from pinochle_tui.screens.table import TableScreen
from rules import Phase


async def test_rapid_a_through_the_end_of_a_hand_reaches_the_result():
    """`a` pressed fast, with a trick pause, never leaves the table stuck at "The hand is over"."""
    app = app_for_seats("partnership", "human,random,random,random", 11, trick_delay=0.05)
    async with app.run_test(size=SIZE) as pilot:
        t0 = time.monotonic()
        while time.monotonic() - t0 < 60:
            if isinstance(app.screen, HandResultScreen):
                break
            await pilot.press("enter" if table(app).ctrl.needs_meld_ack else "a")
            await pilot.pause(0.01)
        assert isinstance(app.screen, HandResultScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.ctrl.hand_no == 2


async def test_a_lost_result_screen_comes_back():
    """If the result screen were lost, Enter / a / the table back on top put it back (once)."""
    app = app_for_seats("partnership", "human,random,random,random", 11)
    async with app.run_test(size=SIZE) as pilot:
        t = table(app)
        for _ in range(400):
            if isinstance(app.screen, HandResultScreen):
                break
            await pilot.press("enter" if t.ctrl.needs_meld_ack else "a")
            await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        # simulate the race: the result screen vanished while the table thinks it is open
        # (kept from coming back by itself until a is pressed: as if the last trick were held)
        t._hold_until = time.monotonic() + 60
        t._result_screen = None
        await app.pop_screen()
        assert isinstance(app.screen, TableScreen) and t.ctrl.round.phase is Phase.DONE
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, HandResultScreen)
        assert sum(isinstance(s, HandResultScreen) for s in app.screen_stack) == 1
        t._result_screen = None
        t._hold_until = 0.0
        await app.pop_screen()  # the table back on top
        await pilot.pause()
        assert isinstance(app.screen, HandResultScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.ctrl.hand_no == 2 and isinstance(app.screen, TableScreen)


async def test_a_on_the_result_of_a_hand_thrown_in_leaves_it_up():
    """`a` does not go on past the result of a hand thrown in, as it does not at a hand
    played out; Enter deals the next: seed 5's first hand is thrown in by the bidder
    (East) before a trick (other tests start at their hand's last trick)."""
    c = played_by_a("partnership", "human,random,random,random", 5, lambda c: c.round.phase is Phase.DONE)
    assert c.hand_no == 1 and c.round.tricks == () and c.round.bidder == 3
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        result = app.screen
        assert isinstance(result, HandResultScreen)
        await pilot.press("a")
        await settle(pilot)
        assert app.screen is result and app.ctrl.hand_no == 1
        await pilot.press("enter")
        await settle(pilot)
        assert app.ctrl.hand_no == 2 and isinstance(app.screen, TableScreen)


async def test_a_pressed_on_through_the_last_trick_stops_at_the_result():
    """`a` at the human's last card plays it, `a` at "The hand is over" opens the
    result, and the `a`s after it (the key pause over) leave the result up, its review
    in reach: they went on to the next deal.  Enter goes on."""
    from tui_helpers import at_last_trick

    c = played_by_a(
        "partnership", "human,random,random,random", 11, lambda c: at_last_trick(c) and c.is_human(c.round.to_act)
    )
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = c.hand_no
        for _ in range(4):
            await pilot.press("a")
            await settle(pilot)
        result = app.screen
        assert isinstance(result, HandResultScreen) and c.hand_no == hand and c.round.phase is Phase.DONE
        await pilot.press("enter")
        await settle(pilot)
        assert c.hand_no == hand + 1 and not isinstance(app.screen, HandResultScreen)


async def test_keys_close_behind_the_one_that_opened_the_result_do_not_close_it(monkeypatch) -> None:
    """After the last trick the table says "The hand is over. ⏎ continue" for the trick's
    pause; Enter there opens the result at once, and a second Enter close behind it closed
    the result before it was seen.  For `KeyPause.KEY_PAUSE` after it shows, Enter
    (Space) leaves it up; after that Enter goes on to the next hand."""
    from tui_helpers import VARIANTS, at_last_trick

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.save import new_save_path
    from pinochle_tui.widgets import KeyPause

    monkeypatch.setattr(KeyPause, "KEY_PAUSE", 30.0)  # (no key of the test outlasts it, however loaded the machine)
    seats = "human,random,random,random"
    c = played_by_a("partnership", seats, 11, lambda c: at_last_trick(c) and c.is_human(c.round.to_act))
    app = PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = table(app)  # the first decision drawn takes the pause too: over
        assert first.shown_at is not None
        first.shown_at -= 30.0
        await pilot.press("a")  # the human's last card: the trick's pause, "The hand is over."
        await settle(pilot)
        assert c.round.phase is Phase.DONE and not isinstance(app.screen, HandResultScreen)
        await pilot.press("enter", "enter", "space", "a")
        await settle(pilot)
        result = app.screen
        assert isinstance(result, HandResultScreen) and app.ctrl is c and c.round.phase is Phase.DONE
        hand = c.hand_no
        assert result.shown_at is not None
        result.shown_at -= 30.0  # the pause is over
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, HandResultScreen) and c.hand_no == hand + 1


async def test_the_final_results_enter_goes_to_the_games_end_with_no_frame_of_the_table():
    """Enter on the game's last hand's result puts the game's end in its place at once:
    the result was dismissed first, and the table said "The hand is over. ⏎ continue"
    for the quarter second the game-over screen took to be made."""
    from tui_helpers import preplay

    from pinochle_tui.screens.dialogs import GameOverScreen

    c = preplay("partnership", "human,random,random,random", 5, lambda c: c.game.over, target=50)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen) and app.screen.outcome.game_over
        shown: list[str] = []
        app.screen_change_signal.subscribe(table(app), lambda screen: shown.append(type(screen).__name__))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert shown == ["GameOverScreen"]  # (never the table between)
        assert not any(isinstance(s, HandResultScreen) for s in app.screen_stack)


async def test_enter_on_the_result_deals_the_next_hand_before_the_table_is_drawn_again():
    """Enter on a hand's result goes straight to the next hand: dealt by the time Enter's
    handler returns, the table never draws the last hand's "The hand is over. ⏎ continue"
    between (it did for 40-80 ms, the deal waiting on the app's queue)."""
    from tui_helpers import preplay

    c = preplay("partnership", "human,random,random,random", 5, lambda c: c.round.phase is Phase.DONE)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        result = app.screen
        assert isinstance(result, HandResultScreen) and not result.outcome.game_over
        assert result.shown_at is not None
        result.shown_at -= 30.0  # (the pause against keys meant for the table is over)
        hand = c.hand_no
        result.action_next()  # (Enter's action, with no wait after it)
        assert app.screen is table(app) and c.hand_no == hand + 1 and c.round.phase is not Phase.DONE
        t = table(app)
        assert t.now().hand_no == hand + 1 and t.now().to_act is not None
        await settle(pilot)
        assert "The hand is over." not in t.query_one("#prompt").render().plain


async def test_a_result_that_went_up_by_itself_takes_no_enter_for_its_longer_pause(monkeypatch) -> None:
    """The last trick's pause ran out and the result went up by itself: an Enter typed on
    at the table (meant for a card) dealt the next hand unseen.  Such a result takes no
    Enter or Space for `HandResultScreen.UNASKED_PAUSE`, while one the player's Enter
    opened takes them after the shorter `KeyPause.KEY_PAUSE` (0 here)."""
    from tui_helpers import VARIANTS, at_last_trick

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.save import new_save_path

    monkeypatch.setattr(HandResultScreen, "UNASKED_PAUSE", 30.0)
    seats = "human,random,random,random"
    for trick_delay, by_itself in ((0.01, True), (30.0, False)):
        c = played_by_a("partnership", seats, 11, lambda c: at_last_trick(c) and c.is_human(c.round.to_act))
        app = PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=trick_delay)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            hand = c.hand_no
            await pilot.press("a")  # the human's last card: the last trick's pause
            await settle(pilot)
            if by_itself:
                await until(pilot, lambda app=app: isinstance(app.screen, HandResultScreen))
            else:
                assert not isinstance(app.screen, HandResultScreen)
                await pilot.press("enter")  # opens the result at once
                await settle(pilot)
            result = app.screen
            assert isinstance(result, HandResultScreen) and result.asked is not by_itself
            await pilot.press(*(("enter", "space") if by_itself else ("enter",)))
            await settle(pilot)
            assert (app.screen is result and c.hand_no == hand) is by_itself
            if by_itself:
                assert result.shown_at is not None
                result.shown_at -= 30.0  # the longer pause is over
                await pilot.press("enter")
                await settle(pilot)
                assert not isinstance(app.screen, HandResultScreen) and c.hand_no == hand + 1
