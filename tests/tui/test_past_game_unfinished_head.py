"""An unfinished past game's screen: its head said "Final scores:" of
a game that had not ended.  Now a game still being played says "Scores so far:" and one
left unfinished "Scores when left:"; a finished one keeps "Final scores:"."""

from __future__ import annotations

from pathlib import Path

import pytest
from stats_records import hand_1, record_game
from tui_helpers import app_from_flags, open_stats, text_of

from pinochle_tui.screens.stats import GameHistoryScreen
from pinochle_tui.stats import StatsStore


@pytest.mark.parametrize(("status", "words"), [("playing", "Scores so far"), ("abandoned", "Scores when left")])
async def test_an_unfinished_game_says_its_scores_are_not_final(home: Path, status: str, words: str) -> None:
    store = StatsStore.open()
    gid = record_game(store, "2025-01-01T00:00:00Z", "7", [hand_1()])  # one hand of a game to 500
    store.set_status(gid, status)
    store.close()
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameHistoryScreen)
        head = text_of(app.screen.query_one("#game-head")).splitlines()
        assert head[0].endswith(": unfinished (1 hand)")
        assert head[2] == f"{words}: Ann & North 290, West & East 120 (target 500); seed 7"
        assert "Final" not in text_of(app.screen.query_one("#game-head"))
