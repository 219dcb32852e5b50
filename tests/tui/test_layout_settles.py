"""A draw that shows or hides boxes is drawn again at the sizes the layout then gives (else,
six-hand hot-seat at 80x24: leaving everyone's meld, the seat columns came
back, and the first trick stayed drawn for the meld view's taller, wider centre — four rows
low, its last row behind a scroll bar, "Ann" cut to "An" — until the terminal was resized)."""

from __future__ import annotations

from tui_helpers import app_for, preplay, settle, table

from pinochle_tui.widgets import RingTrick
from rules import Phase


def _meld_shown_you_to_play(c):  # type: ignore[no-untyped-def]
    return c.needs_meld_ack and c.round.phase is Phase.TRICKS


async def test_leaving_everyones_meld_draws_the_trick_for_the_centre_it_is_shown_in() -> None:
    c = preplay("six-hand", "human,standard,standard,standard,standard,standard", 5, _meld_shown_you_to_play)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.meld_mode(t.the_view())
        await pilot.press("enter")  # go on from everyone's meld
        await settle(pilot)
        assert not c.needs_meld_ack and not t.meld_mode(t.the_view())
        assert t._drawn_at == t._layout_sizes()  # drawn for the centre it is shown in
        room = t.query_one("#center").size.height
        drawn = t.panels["tricks"].body(t.context())
        assert isinstance(drawn, RingTrick)
        assert t.query_one("#center").max_scroll_y == 0  # nothing pushed below the centre
        assert room == 8
