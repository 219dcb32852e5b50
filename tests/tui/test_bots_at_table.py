"""Bots at the table: a failing bot is reported and replaced by a legal move;
a slow bot runs in a worker and never blocks the keys."""

from __future__ import annotations

import time

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
