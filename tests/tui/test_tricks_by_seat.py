"""The tricks of the hand (`t`) at five to eight seats: one line a
trick within the 80-column box, the cards under a header row of the seats' short names
(it wrapped each trick onto two lines, splitting a seat from its card)."""

from __future__ import annotations

from test_big_table import _first_trick_won_by_you, seats_for
from tui_helpers import preplay

from pinochle_tui.render import Style
from pinochle_tui.screens.dialogs import tricks_text

BOX = 74 - 2 - 4  # #dialog.wide: 74 columns less its border and padding


def test_eight_seats_one_line_a_trick_under_the_seat_names() -> None:
    c = preplay("eight-hand", seats_for(8), 4, _first_trick_won_by_you)
    (leader, cards, winner) = c.round.tricks[0]
    lines = tricks_text(c).plain.splitlines()
    assert lines[2] == "    You   SW    West  NW    North NE    East  SE    won by"
    by_seat = {(leader + i) % 8: Style.card(x) for i, x in enumerate(cards)}
    short = ["You", "SW", "West", "NW", "North", "NE", "East", "SE"]
    row = "".join(f"{by_seat[s]:<6}" for s in range(8))
    assert lines[3].startswith(f" 1  {row}→ {short[winner]:<5} ")
    assert lines[4] == ""  # the next trick, not the rest of this one
    assert max(len(line) for line in lines[2:4]) <= BOX


def test_five_seats_mark_the_lead_and_the_winner() -> None:
    c = preplay("five-hand", seats_for(5), 4, _first_trick_won_by_you)
    leader, _, winner = c.round.tricks[0]
    text = tricks_text(c)
    line = text.plain.splitlines()[3]
    assert len(line) <= BOX
    start = text.plain.index(line)
    styles = {
        str(span.style) for span in text.spans if start + 4 + 6 * leader <= span.start < start + 4 + 6 * leader + 3
    }
    assert any("underline" in s for s in styles)  # the lead
    assert ("bold reverse underline" in styles) == (leader == winner)


async def test_the_box_widens_on_a_big_terminal() -> None:
    """At 200 columns the tricks box grows to its longest line (up to 120); at 80 columns to 76,
    2 left either side (it stayed 74 at both)."""
    from textual.containers import Vertical
    from tui_helpers import app_for_seats, settle

    from pinochle_tui.screens.dialogs import TricksScreen

    widths = []
    for size in ((80, 24), (200, 60)):
        app = app_for_seats("eight-hand", seats_for(8), 4)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            app.push_screen(TricksScreen(app.screen.ctrl))
            await pilot.pause()
            widths.append(app.screen.query_one("#dialog", Vertical).outer_size.width)
    assert widths == [76, 120]
