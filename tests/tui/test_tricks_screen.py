"""The tricks of the hand (`t`): one line per trick, at the table and on the hand result."""

from __future__ import annotations

from tui_helpers import (
    SIZE,
    app_for,
    at_last_trick,
    played_by_a,
    settle,
    table,
)

from pinochle_tui.controller import Controller
from pinochle_tui.screens.dialogs import HandResultScreen
from rules import Phase


async def test_t_lists_every_trick_of_the_hand_with_its_winner_and_counters():
    """`t` shows one line per trick so far: the cards in the order played, the winner's
    card highlighted, the counters taken (the earlier tricks are not lost from sight)."""
    from textual.widgets import Static

    from pinochle_tui.render import Style
    from pinochle_tui.screens.dialogs import TricksScreen, tricks_text

    def fourth_trick_mine(c: Controller) -> bool:
        r = c.round
        return r.phase is Phase.TRICKS and len(r.tricks) >= 4 and c.is_human(r.to_act) and not c.needs_meld_ack

    # the hand of seed 5 that `a` plays, at the human's first turn after four tricks
    app = app_for(played_by_a("partnership", "human,random,random,random", 5, fourth_trick_mine))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        for _ in range(200):
            r = t.ctrl.round
            if r.phase is Phase.TRICKS and len(r.tricks) >= 4 and t.my_turn():
                break
            await pilot.press("a")
            await settle(pilot)
        tricks = t.ctrl.round.tricks
        assert len(tricks) >= 4
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TricksScreen)
        shown = str(app.screen.query_one(Static).render())
        text = tricks_text(t.ctrl)
        lines = [ln for ln in text.plain.splitlines() if ln[:2].strip().isdigit()]
        assert len(lines) == len(tricks)
        assert all(ln.rstrip() in shown for ln in lines)  # what the screen shows
        v = t.ctrl.variant
        for line, (leader, cards, winner) in zip(lines, tricks):
            words = line.split()
            assert words[1] == t.ctrl.seats[leader].name[:6]  # the leader first
            assert words[-2:] == [t.ctrl.seats[winner].name[:6], str(sum(v.card_points[c] for c in cards))]
        # the winner's card is the one highlighted, once per line
        won = [text.plain[sp.start : sp.end].strip() for sp in text.spans if "reverse" in str(sp.style)]
        assert won == [str(Style.card(cards[(winner - leader) % v.players])) for leader, cards, winner in tricks]
        await pilot.press("t")
        await pilot.pause()
        assert not isinstance(app.screen, TricksScreen)


async def test_t_on_the_result_screen_lists_the_whole_hand():
    """After the last trick (no trick delay) `t` on the result screen shows all 12 tricks,
    the last with its bonus; Esc goes back to the result."""
    from textual.widgets import Static

    from pinochle_tui.screens.dialogs import TricksScreen

    # the hand of seed 5 that `a` plays (past the result of a hand thrown in), to its last
    # trick; `a` plays that in the app
    app = app_for(played_by_a("partnership", "human,random,random,random", 5, at_last_trick))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(600):
            if isinstance(app.screen, HandResultScreen) and app.ctrl.round.tricks:
                break
            await pilot.press("a")
            await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        v = app.ctrl.variant
        _, cards, _ = app.ctrl.round.tricks[-1]
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TricksScreen)
        shown = str(app.screen.query_one(Static).render())
        assert "(12 of 12)" in shown
        last = [ln for ln in shown.splitlines() if ln.startswith("12  ")]
        assert last and last[0].split()[-1] == str(sum(v.card_points[c] for c in cards) + v.last_trick_bonus)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandResultScreen)


async def test_the_tricks_fit_the_terminal_again_as_it_shrinks() -> None:
    """Opened at 200x60 the tricks' box is as wide as its longest line; shrunk to 80x24 it
    kept that width, its lines cut at column 80 and its right border gone.  It fits again
    on each resize: 76 wide at 80x24 (2 cells short of either edge)."""
    from rich.text import Text
    from textual.app import App

    from pinochle_tui.screens.dialogs import TricksScreen

    app = App()
    async with app.run_test(size=(200, 60)) as pilot:
        await app.push_screen(TricksScreen(Text("Trick 1: " + "K♠ " * 30)))
        await pilot.pause()
        box = app.screen.query_one("#dialog")
        assert box.outer_size.width == len("Trick 1: " + "K♠ " * 30) + 6
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert box.outer_size.width == 76 and box.region.right <= 78


async def test_the_tricks_box_fitted_when_it_is_gone_from_its_screen_does_nothing() -> None:
    """A key storm closed the tricks as they mounted: fitting the box (on mount, at each
    resize) queried a box no longer in the screen and raised NoMatches.  With the box gone
    both fits do nothing, and a resize raises nothing."""
    from rich.text import Text
    from textual.app import App

    from pinochle_tui.screens.dialogs import TricksScreen

    app = App()
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(TricksScreen(Text("Trick 1: K♠ A♠ 9♠ 10♠")))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TricksScreen)
        await screen.query_one("#dialog").remove()
        screen.fit_width()
        screen.fit_height()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not screen.query("#dialog")
