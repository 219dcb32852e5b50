"""Bots at the table: a failing bot is reported and replaced by a legal move;
a slow bot runs in a worker and never blocks the keys."""

from __future__ import annotations

import time
from typing import ClassVar

import pytest
from tui_helpers import SIZE, make_app, settle, table

import bots
from pinochle_tui.screens.dialogs import HelpScreen


class Broken:
    name = "broken"

    def act(self, view, legal, rng):
        raise RuntimeError("boom")


class Cheater:
    name = "cheater"

    def act(self, view, legal, rng):
        return "not an action"


class Slow:
    name = "slow"

    def act(self, view, legal, rng):
        time.sleep(1.5)
        return legal[0]


@pytest.fixture
def levels(monkeypatch):
    factories = {"broken": Broken, "cheater": Cheater, "slow": Slow}
    real = bots.make_bot

    def make(level):
        return factories[level]() if level in factories else real(level)

    monkeypatch.setattr(bots, "make_bot", make)
    monkeypatch.setattr(bots, "LEVELS", (*bots.LEVELS, *factories))


@pytest.mark.parametrize("level", ["broken", "cheater"])
async def test_bad_bot_is_reported_and_the_game_goes_on(levels, level):
    app = make_app("partnership", f"human,{level},random,random", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        c = t.ctrl
        west_moves = [e for e in c.events if e.startswith("West")]
        assert west_moves, c.events
        assert any("a legal move was made instead" in e for e in c.events)
        assert "a legal move was made instead" in str(t.note)
        log = t.query_one("#log")
        assert any("legal move" in str(line.text) for line in log.lines)


async def test_slow_bot_does_not_block_keys(levels):
    app = make_app("partnership", "slow,slow,slow,human", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [w for w in app.workers if not w.is_finished]  # the bot is thinking
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)  # keys work meanwhile
        assert [w for w in app.workers if not w.is_finished]  # still thinking
        await pilot.press("escape")
        await settle(pilot)
        assert table(app).ctrl.actions  # and its move did arrive


class Timed:
    """Records when it is asked to move; moves at once."""

    name = "timed"
    asked: ClassVar[list[float]] = []

    def act(self, view, legal, rng):
        Timed.asked.append(time.monotonic())
        return legal[0]


@pytest.fixture
def timed(monkeypatch):
    Timed.asked = []
    real = bots.make_bot
    monkeypatch.setattr(bots, "make_bot", lambda level: Timed() if level == "timed" else real(level))
    monkeypatch.setattr(bots, "LEVELS", (*bots.LEVELS, "timed"))


async def test_a_bot_thinks_during_the_bot_delay_not_after_it(timed):
    """Seed 1: West moves first.  With a long bot delay West has been asked for its move
    (an expert would be searching) while the table still shows no move."""
    app = make_app("partnership", "human,timed,random,random", seed=1)
    app.bot_delay = 30.0
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert len(Timed.asked) == 1
        assert table(app).ctrl.actions == []


async def test_a_bot_that_thinks_fast_is_still_shown_after_the_bot_delay(timed):
    app = make_app("partnership", "human,timed,random,random", seed=1)
    app.bot_delay = 0.4
    applied: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        c = table(app).ctrl
        apply = c.apply

        def timed_apply(action):
            applied.append(time.monotonic())
            return apply(action)

        c.apply = timed_apply
        for _ in range(40):
            await pilot.pause(0.05)
            if applied:
                break
        assert len(Timed.asked) == 1 and applied
        assert applied[0] - Timed.asked[0] >= 0.3
