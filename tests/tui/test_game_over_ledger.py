"""The game-over ledger: one column a side, in sight at 80 columns at every table."""

from __future__ import annotations

from typing import Any

import pytest
from tui_helpers import VARIANTS, preplay


def _finished(name: str, target: int) -> Any:
    v = VARIANTS[name]
    return preplay(name, ",".join(["human"] + ["standard"] * (v.players - 1)), 2, lambda c: c.game.over, target=target)


async def test_every_teams_ledger_column_is_in_sight_at_80x24_at_eight_hand(home: Any) -> None:
    """Game over at eight-hand: the ledger's C and D columns ran off the right edge (93
    cells in 74) and the table does not scroll sideways by keys. The teams are headed by
    their letters, a key above names them, and each hand gives the change over the total."""
    from textual.widgets import DataTable, Static

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.screens.dialogs import GameOverScreen

    c = _finished("eight-hand", 1000)
    v = c.variant
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)  # the new-game screen under it: no table to draw
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        over = GameOverScreen(c)
        await app.push_screen(over)
        await pilot.pause()
        table = over.query_one("#ledger", DataTable)
        heads = [col.label.plain for col in table.columns.values()]
        assert heads == ["Hand", "Bidder", "Bid", "Outcome", "A", "B", "C", "D"]
        assert table.virtual_size.width <= table.content_region.width <= 80
        assert str(over.query_one("#ledger-key", Static).render()) == (
            "A: You & North · B: Southwest & Northeast · C: West & East\nD: Northwest & Southeast"
        )
        first = c.game.history[0]
        after = c.score_history[1]
        cells = [str(x) for x in table.get_row_at(0)]
        bidder = ["You", "SW", "West", "NW", "North", "NE", "East", "SE"][first.bidder]
        changes = [
            f"{'+' if s.change > 0 else ''}{v.fmt(s.change)}\n= {v.fmt(after[k])}" for k, s in enumerate(first.sides)
        ]
        assert cells == [
            "1",
            bidder,
            f"{v.fmt(first.contract)} {'♠♥♦♣'['SHDC'.index(first.trump)]}",
            "made" if first.sides[v.side_of[first.bidder]].made else "set",
            *changes,
        ]


def test_five_hands_ledger_is_headed_by_short_names_and_keyed() -> None:
    from pinochle_tui.screens.dialogs import ledger_headings, ledger_key

    c = _finished("five-hand", 150)
    assert ledger_headings(c) == ["You", "West", "NW", "NE", "East"]
    assert ledger_key(c) == ["NW: Northwest · NE: Northeast"]


async def test_the_winner_and_the_scores_stay_in_sight_while_the_ledger_scrolls_at_80x24(home: Any) -> None:
    """At 80x24 the ledger is under the chart: scrolled into sight, it took the winner and
    the final scores off the top. They stand over the body that scrolls, as the buttons
    stand under it: the ledger's last hand and all three are in sight at once."""
    from test_form_lines_in_sight import screen_lines
    from textual.containers import VerticalScroll
    from textual.widgets import DataTable

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.screens.dialogs import GameOverScreen

    c = _finished("partnership", 1500)
    hands = len(c.game.history)
    assert hands == 4
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        over = GameOverScreen(c)
        await app.push_screen(over)
        await pilot.pause()
        await pilot.pause()
        body = over.query_one(".over", VerticalScroll)
        assert body.max_scroll_y > 0  # the ledger is under the fold at first
        body.scroll_end(animate=False)
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        winner, scores = str(over.summary.winner), str(over.summary.scores)
        assert lines[1].strip() == winner == "Game over: West & East win!"
        assert lines[2].strip() == scores
        ledger = over.query_one("#ledger", DataTable)
        last = [str(x) for x in ledger.get_row_at(hands - 1)]
        assert " ".join(last).split() in [line.split() for line in lines[3:21]], lines
        assert "New game (n)" in lines[21] and "Quit (q)" in lines[21]


def test_two_hands_ledger_has_no_bidder_or_bid_columns() -> None:
    """Two-hand's stock game has no auction (§2.7): its ledger's Bidder and Bid columns
    held "—" on every row, and are left out; the trump turned up stays."""
    from pinochle_tui.screens.dialogs import game_summary

    c = _finished("two-hand", 500)
    v = c.variant
    g = game_summary(c)
    assert g.columns == ("Hand", "Trump", "Outcome", "You", "North")
    first, after = c.game.history[0], c.score_history[1]
    assert g.rows[0] == (
        "1",
        "♠♥♦♣"["SHDC".index(first.trump)],
        "played",
        *(f"{'+' if s.change > 0 else ''}{v.fmt(s.change)} = {v.fmt(after[k])}" for k, s in enumerate(first.sides)),
    )
    assert all(len(row) == len(g.columns) for row in g.rows)


async def test_a_joined_seats_game_over_at_80x24_shows_the_whole_chart_then_the_hands_scores(home: Any) -> None:
    """A seat at a hosted table draws game over from the host's summary (sent as JSON): at
    80x24 it opens with the whole chart in sight (its legend and the target line's label)
    and the ledger's head under it, the line beside the buttons saying that the hands'
    scores follow; ↓ scrolls to them, the winner, the final scores and the buttons staying."""
    import json

    from test_form_lines_in_sight import screen_lines
    from textual.containers import VerticalScroll
    from textual.widgets import DataTable

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.screens.dialogs import GameOverScreen
    from pinochle_tui.table.outcome import Outcome, outcome_of

    c = _finished("three-hand", 40)
    made = outcome_of(c)
    assert made is not None
    summary = Outcome.from_json(json.loads(json.dumps(made.to_json()))).game  # (as the host sends it)
    assert summary is not None
    hands = len(c.game.history)
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        over = GameOverScreen(summary)
        await app.push_screen(over)
        for _ in range(4):
            await pilot.pause()
        body = over.query_one(".over", VerticalScroll)
        assert body.max_scroll_y > 0 and body.scroll_y == 0  # (the ledger's hands under the chart)
        lines = screen_lines(app)
        assert lines[1].strip() == str(summary.winner) and lines[2].strip() == str(summary.scores)
        assert lines[4].strip().startswith("Score after each hand:")  # the legend
        assert any(line.strip().startswith("hand (the line: target ") for line in lines[5:20])
        assert lines[21].split() == [
            "New",
            "game",
            "(n)",
            "Quit",
            "(q)",
            "↓",
            "scrolls",
            "to",
            "each",
            "hand's",
            "scores",
        ]
        for _ in range(4):
            await pilot.press("down")
        await pilot.pause()
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        lines = screen_lines(app)
        assert lines[1].strip() == str(summary.winner) and lines[2].strip() == str(summary.scores)
        ledger = over.query_one("#ledger", DataTable)
        for k in range(hands):
            row = [str(x) for x in ledger.get_row_at(k)]
            assert " ".join(row).split() in [line.split() for line in lines[3:21]], lines
        assert "New game (n)" in lines[21]


@pytest.mark.parametrize("variant", ["partnership", "three-hand"])
async def test_game_over_at_80x24_opens_with_the_charts_legend_and_target_in_sight(home: Any, variant: str) -> None:
    """At 80x24 the chart and the ledger take more rows than the screen has: the screen opens
    with the whole chart in sight, its legend (the title row) and the target line's label
    under it (scrolled to the ledger's end, both went off the top)."""
    from test_form_lines_in_sight import screen_lines

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.screens.dialogs import GameOverScreen

    c = _finished(variant, 1500 if variant == "partnership" else 40)
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        over = GameOverScreen(c)
        await app.push_screen(over)
        for _ in range(4):
            await pilot.pause()
        lines = [line.strip() for line in screen_lines(app)]
        assert lines[4].startswith("Score after each hand:")
        label = f"hand (the line: target {over.summary.target_label}"
        assert any(line.startswith(label) for line in lines[5:20]), lines
