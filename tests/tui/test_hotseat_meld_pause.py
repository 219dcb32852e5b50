"""The hot-seat meld pause comes to every human before any card of the hand is played, and
says whom it is for (with Ann and Bob on opposite sides, seed 3, Ann's
pause came after Bot 4 had led, the meld box over the led card, and it named nobody)."""

from __future__ import annotations

from typing import Any

from tui_helpers import SIZE, app_for, preplay, settle, table, text_of

from pinochle_tui.screens.dialogs import HandOffScreen
from rules import Phase

SEATS = "human:Ann,human:Bob,standard,standard"


def before_a_bot_leads(c: Any) -> bool:
    r = c.round
    return r.phase is Phase.TRICKS and not r.tricks and not r.trick and not c.is_human(r.to_act)


def test_each_human_is_paused_for_before_the_lead() -> None:
    c = preplay("partnership", SEATS, 3, before_a_bot_leads)
    assert (c.round.to_act, c.meld_seen) == (3, set())  # Bot 4 would lead; no human has looked
    assert c.meld_pause_seat == 0  # Ann first (from the seat to act, round the table)
    c.ack_meld(0)
    assert c.meld_pause_seat == 1  # then Bob, still before the lead
    c.ack_meld(1)
    assert (c.meld_pause_seat, c.needs_meld_ack) == (None, False)  # then Bot 4 leads


async def test_the_pause_is_handed_to_ann_and_names_her(home: Any) -> None:
    c = preplay("partnership", SEATS, 3, before_a_bot_leads)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == "Ann"
        said = text_of(app.screen.query_one("#handoff-text"))
        assert said.startswith("Pass the keyboard to Ann, to see everyone's meld.\n")  # (not to lead: Bot 4 does)
        await pilot.press("enter")
        await settle(pilot)
        t = table(app)
        assert app.screen is t and t.viewer() == 0 and not c.round.trick
        assert text_of(t.query_one("#prompt")) == "Ann, everyone's meld is shown. Press Enter to go on."
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == "Bob"
        assert not c.round.trick  # Bot 4 has not led
        await pilot.press("enter")
        await settle(pilot)
        assert t.viewer() == 1
        assert text_of(t.query_one("#prompt")) == "Bob, everyone's meld is shown. Press Enter to go on."
        await pilot.press("enter")
        await settle(pilot)
        assert len(c.round.trick) >= 1 and c.meld_seen == {0, 1}  # now Bot 4 led
