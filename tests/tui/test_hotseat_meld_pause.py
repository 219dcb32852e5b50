"""The hot-seat meld pause comes before any card of the hand is played, for every human
(with Ann and Bob on opposite sides, seed 3, Ann's pause came after Bot 4 had led, the
meld box over the led card); at one keyboard they look together, with no hand shown."""

from __future__ import annotations

from typing import Any

from tui_helpers import SIZE, app_for, preplay, settle, table, text_of

from pinochle_tui.panels.base import handed_for
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


def test_one_look_together_counts_for_every_person() -> None:
    c = preplay("partnership", SEATS, 3, before_a_bot_leads)
    # (a hosted table hands each person the look: the hand-off says so)
    names = [s.name for s in c.seats]
    assert (handed_for(c.view(0), names, meld_look=True), handed_for(c.view(3), names)) == (
        "Ann's turn: see everyone's meld.",
        "Bot 4's turn: lead a card.",
    )
    c.ack_meld_together()
    assert (c.meld_seen, c.meld_pause_seat, c.needs_meld_ack) == ({0, 1}, None, False)


async def test_ann_and_bob_look_together_with_no_hand_shown(home: Any) -> None:
    c = preplay("partnership", SEATS, 3, before_a_bot_leads)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert app.screen is t and t.viewer() is None and not c.round.trick  # no hand-off: nothing hidden is drawn
        assert len(t.query_one("#hand").cards) == 0 and t.panels["meld"].display
        assert text_of(t.query_one("#prompt")) == "Everyone's meld is shown, for all to see. Press Enter to go on."
        await pilot.press("enter")
        await settle(pilot)
        assert len(c.round.trick) >= 1 and c.meld_seen == {0, 1}  # one Enter for both, then Bot 4 led
