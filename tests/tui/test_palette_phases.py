"""The command palette at the table has every action its footer shows in the phase
(at the auction the footer offered ``t tricks`` and the palette had no "Tricks"; now
before the first trick ``t`` is greyed in both): the palette's table commands are the
footer's enabled keys, in its order, for the auction, naming trump, the pass, everyone's
meld, the tricks and the hand's end."""

from __future__ import annotations

from typing import Any

import pytest
from textual.command import CommandPalette
from tui_helpers import SIZE, VARIANTS, app_for, settle, table

from pinochle_tui.commands import TABLE_COMMANDS, commands_for
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.widgets import footer_items
from rules import Bid, Phase

SEATS = "human,easy,easy,easy"
OWN = ["New game", "Statistics", "Settings", "Help", "Quit"]  # below the table's, on every screen but their own


def at(phase: Phase) -> Any:
    def want(c: Any) -> bool:
        if phase is Phase.MELD:
            return bool(c.needs_meld_ack)
        if phase is Phase.DONE:
            return c.round.phase is Phase.DONE
        return c.round.phase is phase and c.round.to_act == 0 and not c.needs_meld_ack

    return want


def prepared(want: Any, seed: int = 11) -> Controller:
    """A game played without the UI until ``want``: South bids the least it may while that
    is at most 260 (so it wins some auctions, names trump and passes back), else takes the
    first legal action (a pass in the auction); the bots play their own."""
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(v.players, SEATS.split(",")), seed=seed)
    for _ in range(3000):
        if want(c):
            return c
        r = c.round
        if r.phase is Phase.DONE:
            c.next_hand()
        elif c.is_human(r.to_act):
            legal = c.legal()
            low = min((a for a in legal if isinstance(a, Bid)), key=lambda b: b.amount, default=None)
            c.apply(low if low is not None and low.amount <= 260 else legal[0])
        else:
            c.apply(c.choose(r, r.to_act, c.bot_for(r.to_act))[0])
    raise AssertionError("never reached the wanted state")


def names(app: Any, screen: Any) -> list[str]:
    return [c.name for c in commands_for(app, screen) if not c.name.startswith("Theme: ")]


CASES = [
    (Phase.AUCTION, ["Bid", "Raise bid", "Lower bid", "Pass", "Play for me", "Hint", "Meld"]),
    (Phase.TRUMP, ["Choose", "Play for me", "Hint", "Undo", "Meld"]),
    (Phase.PASS, ["Confirm", "Pick card", "Play for me", "Hint", "Undo"]),
    (Phase.MELD, ["Continue", "Play for me", "Undo", "Meld"]),
    (Phase.TRICKS, ["Play card", "Play for me", "Hint", "Undo", "Meld"]),  # (the first trick: none to show)
    (Phase.DONE, ["Continue", "Play for me", "Tricks", "Meld"]),
]


@pytest.mark.parametrize(("phase", "expected"), CASES, ids=[p.name for p, _ in CASES])
async def test_the_palette_has_every_action_of_the_footer(home: Any, phase: Phase, expected: list[str]) -> None:
    c = prepared(at(phase))
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        footer = [i.action for i in footer_items(t) if not i.disabled and not i.palette]
        assert footer[-2:] == ["help", "quit_game"]  # the palette's own Help and Quit
        assert [TABLE_COMMANDS[a][0] for a in footer[:-2]] == expected
        assert names(app, t) == [*expected, *OWN]


async def test_tricks_before_the_first_trick_is_greyed_and_t_says_why(home: Any) -> None:
    """Before a trick is played ``t`` has nothing to show: greyed in the footer, not in the
    palette, and pressed it says so; once one is played both offer it."""
    c = prepared(at(Phase.AUCTION))
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert [i.disabled for i in footer_items(t) if i.action == "tricks"] == [True]
        assert "Tricks" not in names(app, t)
        await pilot.press("t")
        await pilot.pause()
        assert app.screen is t and str(t.message) == "No trick has been completed yet."
    c = prepared(lambda c: c.round.phase is Phase.TRICKS and c.round.tricks and c.round.to_act == 0)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert [i.disabled for i in footer_items(t) if i.action == "tricks"] == [False]
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"tricks")
        await pilot.pause(0.3)  # the palette searches in the background
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "TricksScreen"
        help_line = next(x.help for x in commands_for(app, t) if x.name == "Tricks")
        assert help_line == "the tricks of this hand, one line each (t)"
