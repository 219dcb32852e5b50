"""Three-hand with the turn-up (RULES.md §0.4 item 22) on the stock table with three seats:
a hand played to its result by keys, the stock panel naming both opponents' melds, the
log saying each drew, and the last round's cards (the turn-up to the last to draw)."""

from __future__ import annotations

from tui_helpers import SIZE, drive_until, make_app, table

from pinochle_tui.panels.stock import StockPanel
from rules import Phase


async def test_a_three_hand_stock_hand_is_played_to_its_result() -> None:
    app = make_app("three-hand-turn-up", "human,easy,easy", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        t = table(app)
        await pilot.pause()
        centre = StockPanel.body(StockPanel(), t.context()).plain
        assert centre.startswith("No melds on the table yet\nStock: 11 face down")
        await drive_until(pilot, lambda app: table(app).ctrl.round.phase is Phase.DONE)
        c = t.ctrl
        assert len(c.round.tricks) == 16
        log = "\n".join(map(str, c.events))
        assert "each drew from the stock" in log
        assert "the stock is gone and the melds go back to the hands" in log
        assert sum(s.trick_points for s in c.round.result.sides) == 250


async def test_the_first_lead_fits_the_narrow_centre_at_80x24() -> None:
    """The centre between two seat boxes is 24 cells wide at 80x24: it showed "Your melds
    on the table" behind a scrollbar before the first card."""
    app = make_app("three-hand-turn-up", "human,easy,easy", seed=44)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        centre = table(app).query_one("#center")
        assert centre.size.width <= 26
        assert centre.max_scroll_y == 0 and centre.virtual_size.height <= centre.size.height


def test_the_help_gives_the_three_hand_stock_rules() -> None:
    from tui_helpers import VARIANTS

    from pinochle_tui.render import rules_text

    text = "\n".join(rules_text(VARIANTS["three-hand-turn-up"]))
    assert "Players: 3, each for themself." in text
    assert "The other 11 cards are the stock." in text
    assert "Phase 1, while the stock lasts (4 tricks): the player left of the dealer leads first." in text
    assert "Then each draws a card in turn, clockwise from the winner, and the winner leads." in text
    assert "The last round: the winner and the next player take the two face-down cards, the third the turn-up" in text


def test_the_three_hand_centre_names_each_seats_melds_shortly() -> None:
    """Three players (§0.4 item 22): the seats with melds each on a line of their own,
    those without sharing one; two-hand keeps its line per seat."""
    from tui_helpers import VARIANTS

    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.panels.stock import melds_lines
    from pinochle_tui.table.build import seat_facts
    from rules import parse_cards

    c = Controller(VARIANTS["three-hand-turn-up"], default_seats(3, ["human", "easy", "easy"]), seed=4)
    ctx = seat_facts(c, 0)
    names = [s.name for s in c.seats]
    assert [x.plain for x in melds_lines(ctx, [1, 2, 0])] == ["No melds on the table yet"]
    view = ctx.view._replace(table_melds=((), tuple(parse_cards("KS QS")), ()))
    lines = [x.plain for x in melds_lines(ctx._replace(view=view), [1, 2, 0])]
    assert lines[0].startswith(f"{names[1]}'s melds: K♠") and lines[1] == f"No melds on the table: {names[2]}, you"
