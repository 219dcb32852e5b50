"""Fixes for a fresh-eyes tester's findings on issue 13 (big tables), second round: the
bidding help says the bot's margin, and fits the six-hand centre at 80x24."""

from __future__ import annotations

from test_big_table import screen_lines
from test_fixes import _app
from tui_helpers import settle


async def test_the_bots_margin_is_said_and_in_sight_at_six_hand_80x24() -> None:
    """Finding 5: 'Worth about 87 in ♣' then 'bot stops under 75' read as a contradiction;
    the help now says the margin in three lines, and the centre drops its blank line so
    the last one stays in sight (no scrollbar)."""
    app = _app("six-hand", ",".join(["human"] + ["standard"] * 5), 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        centre = [line[16:40].rstrip() for line in screen_lines(app)[9:16]]
    assert centre == [
        "75.",
        "You to bid.",
        "Your meld by trump:",
        "♠ 6  ♥ 8  ♦ 6  ♣ 6",
        "Worth about 76 in ♥",
        "a bot keeps a margin:",
        "it bids to 42: pass",
    ]
