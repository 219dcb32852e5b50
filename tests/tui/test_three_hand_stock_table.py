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
        names = [s.name for s in t.ctrl.seats]
        assert f"{names[1]}'s melds on the table" in centre and f"{names[2]}'s melds on the table" in centre
        assert "Stock: 11 face down" in centre
        await drive_until(pilot, lambda app: table(app).ctrl.round.phase is Phase.DONE)
        c = t.ctrl
        assert len(c.round.tricks) == 16
        log = "\n".join(map(str, c.events))
        assert "each drew from the stock" in log
        assert "the stock is gone and the melds go back to the hands" in log
        assert sum(s.trick_points for s in c.round.result.sides) == 250


def test_the_help_gives_the_three_hand_stock_rules() -> None:
    from tui_helpers import VARIANTS

    from pinochle_tui.render import rules_text

    text = "\n".join(rules_text(VARIANTS["three-hand-turn-up"]))
    assert "Players: 3, each for themself." in text
    assert "The other 11 cards are the stock." in text
    assert "Phase 1, while the stock lasts (4 tricks): the player left of the dealer leads first." in text
    assert "Then each draws a card in turn, clockwise from the winner, and the winner leads." in text
    assert "The last round: the winner and the next player take the two face-down cards, the third the turn-up" in text
