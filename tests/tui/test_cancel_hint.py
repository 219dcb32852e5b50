"""Esc calls off a hint (or "play for me") while it thinks (an expert's
hint could not be cancelled; Esc did nothing and its box came seconds later)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from tui_helpers import SIZE, HeldBot, app_for, preplay, settle

from pinochle_tui.screens.dialogs import HintScreen
from pinochle_tui.screens.table import TableScreen
from rules import Phase


def slow_hint_at_a_card() -> tuple[Any, HeldBot]:
    """An app at the human's card (partnership) whose hint thinks until let go; its bot."""
    ctrl = preplay(
        "partnership", "human,standard,standard,standard", 1, lambda c: c.round.phase is Phase.TRICKS and c.to_act == 0
    )
    bot = HeldBot()
    ctrl.hint_bot = lambda: bot  # type: ignore[method-assign]
    return app_for(ctrl), bot


async def test_esc_while_the_hint_thinks_drops_its_answer() -> None:
    app, bot = slow_hint_at_a_card()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, rounds=20)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn()
        await pilot.press("i")
        await pilot.pause()
        assert t.busy and str(t.query_one("#prompt").render()) == "Thinking… (Esc cancels)"
        await pilot.press("escape")
        await pilot.pause()
        assert not t.busy and str(t.message) == "Cancelled." and t.my_turn()
        bot.go.set()  # its answer comes now, and is dropped
        await app.workers.wait_for_complete()
        await asyncio.sleep(0.1)
        await pilot.pause()
        assert app.screen is t and not isinstance(app.screen, HintScreen)
        assert str(t.message) == "Cancelled." and t.my_turn() and not t.busy


async def test_the_hint_asked_again_after_a_cancel_thinks_with_esc_offered() -> None:
    """While the hint thinks, the footer offers Esc (cancel), and the line under the prompt
    is clear: asked again after Esc it kept the earlier "Cancelled." under "Thinking…"."""
    from pinochle_tui.widgets import KeysFooter

    app, bot = slow_hint_at_a_card()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, rounds=20)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn()

        def footer() -> str:
            return " ".join(t.query_one(KeysFooter).render().plain.split())

        assert "esc" not in footer().lower()  # (nothing to cancel)
        await pilot.press("i")
        await pilot.pause()
        assert t.busy and "esc cancel" in footer()
        await pilot.press("escape")
        await pilot.pause()
        assert str(t.message) == "Cancelled." and "esc" not in footer().lower()
        await pilot.press("i")
        await pilot.pause()
        assert t.busy and str(t.query_one("#prompt").render()) == "Thinking… (Esc cancels)"
        assert str(t.message) == "" and "esc cancel" in footer()
        bot.go.set()
        await app.workers.wait_for_complete()


@pytest.mark.parametrize(
    ("asks", "said"),
    [
        ("i", "Wait: the expert bot is working out a hint; Esc cancels it."),
        ("a", "Wait: the expert bot is working out your move; Esc cancels it."),
    ],
)
async def test_a_key_while_the_helper_thinks_says_what_it_works_out(asks: str, said: str) -> None:
    """A key pressed while the hint (i) or "play for me" (a) thinks says which is being
    worked out, and how to call it off (the hint said "the bot is working out your move",
    as for "play for me")."""
    app, bot = slow_hint_at_a_card()  # (``a`` plays the hint's move: the hint's bot works it out)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, rounds=20)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn()
        await pilot.press(asks)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert str(t.message) == said
        bot.go.set()
        await app.workers.wait_for_complete()


async def test_the_tricks_key_while_the_hint_thinks_says_why_it_is_greyed() -> None:
    """``t`` before the first trick is greyed for want of tricks, not for the hint: pressed
    while the hint thinks it says so (it said "Wait: ... working out a hint", as if the key
    would work once the hint came)."""
    app, bot = slow_hint_at_a_card()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, rounds=20)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn() and not t.now().view.tricks
        await pilot.press("i")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert t.busy and str(t.message) == "No trick has been completed yet."
        bot.go.set()
        await app.workers.wait_for_complete()


@pytest.mark.parametrize("keys", [("i", "t"), ("t", "i")])
async def test_the_tricks_keys_message_outlives_the_hints_start_in_one_burst(keys: tuple[str, str]) -> None:
    """``i`` and ``t`` in one burst of keys (no pause between): "No trick has been completed
    yet." stays whichever comes first (the hint's start cleared the line after it; only
    the note of a hint called off is stale there)."""
    app, bot = slow_hint_at_a_card()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, rounds=20)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn() and not t.now().view.tricks
        await pilot.press(*keys)
        await pilot.pause()
        assert t.busy and str(t.message) == "No trick has been completed yet."
        assert "No trick has been completed yet." in t.query_one("#prompt").render().plain
        bot.go.set()
        await app.workers.wait_for_complete()
