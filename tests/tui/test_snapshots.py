"""Snapshots (pytest-textual-snapshot) of every screen at 100x36.  Bots are `random`
and the human follows a fixed policy, so these do not change when bot levels land."""

from __future__ import annotations

import pytest
from tui_helpers import SIZE, VARIANTS, app_for, drive_until, find_seed, make_app, preplay, settle, table

import bots
from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.dialogs import GameOverScreen, HandOffScreen, HandResultScreen
from pinochle_tui.screens.table import TableScreen
from rules import Phase

SEATS = "human,random,random,random"


def on_table(pred):
    def done(app):
        return isinstance(app.screen, TableScreen) and pred(app.screen)

    return done


def test_new_game_screen(snap_compare, monkeypatch):
    monkeypatch.setattr(bots, "LEVELS", ("random", "easy", "standard"))
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_auction(snap_compare):
    app = make_app("partnership", SEATS, seed=11)

    async def before(pilot):
        await settle(pilot)
        await pilot.press("up", "up")

    assert snap_compare(app, terminal_size=SIZE, run_before=before)


def test_passing(snap_compare):
    seed = find_seed("partnership", SEATS, lambda c: c.round.phase is Phase.PASS and c.round.to_act == 0)
    app = make_app("partnership", SEATS, seed=seed)

    async def before(pilot):
        await drive_until(pilot, on_table(lambda t: t.my_turn() and t.ctrl.round.phase is Phase.PASS))
        await pilot.press("space", "right", "right", "space")

    assert snap_compare(app, terminal_size=SIZE, run_before=before)


# The states below are reached by playing the hand without the UI (same policy), then
# the app opens on them: the key-driven play is covered by test_play.py.


def test_meld(snap_compare):
    app = make_app("partnership", SEATS, seed=1)

    async def before(pilot):
        await drive_until(
            pilot, on_table(lambda t: t.ctrl.needs_meld_ack or (t.my_turn() and t.ctrl.round.phase is Phase.MELD))
        )

    assert snap_compare(app, terminal_size=SIZE, run_before=before)


def test_mid_trick(snap_compare):
    c = preplay("partnership", SEATS, 1, lambda c: c.to_act == 0 and len(c.round.tricks) >= 2 and c.round.trick)
    c.meld_acked = True
    assert snap_compare(app_for(c), terminal_size=SIZE, run_before=settle)


def test_hand_result(snap_compare):
    c = preplay("partnership", SEATS, 1, lambda c: c.round.phase is Phase.DONE)

    async def before(pilot):
        await settle(pilot)
        assert isinstance(pilot.app.screen, HandResultScreen)

    assert snap_compare(app_for(c), terminal_size=SIZE, run_before=before)


def test_game_over(snap_compare):
    c = preplay("partnership", SEATS, 1, lambda c: c.game.over, target=10)

    async def before(pilot):
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, GameOverScreen)

    assert snap_compare(app_for(c), terminal_size=SIZE, run_before=before)


def test_help(snap_compare):
    app = make_app("three-hand", "human,random,random", seed=2)

    async def before(pilot):
        await settle(pilot)
        await pilot.press("question_mark")

    assert snap_compare(app, terminal_size=SIZE, run_before=before)


def test_hand_off(snap_compare):
    app = make_app("partnership", "human,random,human,random", seed=4)

    async def before(pilot):
        await settle(pilot)
        assert isinstance(pilot.app.screen, HandOffScreen)

    assert snap_compare(app, terminal_size=SIZE, run_before=before)


async def test_hand_off_screen_shows_no_card():
    app = make_app("partnership", "human,random,human,random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        svg = app.export_screenshot()
        assert not set("♠♥♦♣") & set(svg)
        # nor a card in letters: the text on the screen names only the player
        text = " ".join(str(w.content) for w in app.screen.query("Static"))
        assert "Pass the keyboard to" in text
        import re

        assert not re.search(r"\b(10|[AKQJ9])[SHDC]\b", text)
        assert table(app).viewer() is None


@pytest.mark.parametrize("size", [(80, 24), (140, 45)])
async def test_layout_uses_the_terminal(size):
    app = make_app("double-deck", "human,random,random,random", seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        t = table(app)
        hand = t.query_one("#hand")
        assert hand.region.width >= size[0] - 4
        assert len(hand.cards) == 20
        # every card is drawn (rows wrap when the terminal is narrow)
        assert hand.region.height >= 3
