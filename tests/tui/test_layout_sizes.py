"""The table at 80x24, 120x40 and 200x60: the footer fits 80 columns with
``? help`` and ``q quit``; a big terminal gets a wider log, the trick's cards close
together and boxed cards."""

from __future__ import annotations

import io
from itertools import pairwise
from typing import Any

import pytest
from rich.console import Console
from tui_helpers import (
    app_for,
    human_bids,
    make_app,
    preplay,
    preplay_any,
    settle,
    table,
)

from rules import Phase

SEATS = "human,random,random,random"


def screen_lines(app: Any) -> list[str]:
    console = Console(
        width=app.size.width, height=app.size.height, file=io.StringIO(), force_terminal=True, record=True
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False).splitlines()


def _mid_trick(c) -> bool:
    """Seed 11, trick 7: North led 10♦, East played A♦, the human (South) to play."""
    return c.round.phase is Phase.TRICKS and c.is_human(c.round.to_act) and len(c.round.trick) == 2


def _table_at_trick_7():
    c = preplay("partnership", SEATS, 11, lambda c: _mid_trick(c) and len(c.round.tricks) == 6)
    c.meld_acked = True
    return c


def footer_keys(app: Any) -> list[tuple[str, str, int, int]]:
    from pinochle_tui.widgets import KeysFooter

    return [(k.key_display, k.description, x, right) for k, x, right in app.screen.query_one(KeysFooter).shown()]


def _assert_footer_fits(app: Any, width: int) -> None:
    keys = footer_keys(app)
    shown = {(k, d) for k, d, _x, _r in keys}
    assert {("?", "help"), ("q", "quit")} <= shown
    assert all(right <= width for _k, _d, _x, right in keys)
    spans = sorted((x, r) for _k, _d, x, r in keys)
    assert all(a[1] <= b[0] for a, b in pairwise(spans))  # none overlaps another


async def test_80x24_footer_shows_help_and_quit_in_the_auction():
    app = make_app("partnership", SEATS, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _assert_footer_fits(app, 80)
        # the phase's own keys come first and stay: bid, raise, lower, pass; at 80 columns every
        # key that acts now, in its whole words, drawn tight (tricks greyed: none played yet)
        assert [d for _k, d, _x, _r in footer_keys(app)] == [
            "bid", "raise", "lower", "pass", "auto", "hint", "meld", "help", "quit", "menu",
        ]  # fmt: skip


async def test_80x24_footer_in_a_trick_and_after_a_resize():
    app = app_for(_table_at_trick_7())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        wide = [d for _k, d, _x, _r in footer_keys(app)]
        assert {"tricks", "meld", "help", "quit"} <= set(wide)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.pause()
        _assert_footer_fits(app, 80)
        narrow = [d for _k, d, _x, _r in footer_keys(app)]
        # every key still there in the same words: a key reads the same at any width
        assert wide == ["play card", "auto", "hint", "undo", "tricks", "meld", "help", "quit", "menu"]
        assert narrow == wide
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        await pilot.pause()
        assert [d for _k, d, _x, _r in footer_keys(app)] == wide


async def test_a_click_on_a_footer_key_presses_it_and_a_greyed_one_does_nothing():
    from pinochle_tui.screens.dialogs import HelpScreen
    from pinochle_tui.widgets import KeysFooter

    app = make_app("partnership", SEATS, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        spans = {k.description: (k, x) for k, x, _r in app.screen.query_one(KeysFooter).shown()}
        assert "undo" not in spans  # nothing of the human's to undo before its first bid
        tricks, x = spans["tricks"]
        assert tricks.disabled  # no trick played yet
        before = list(table(app).ctrl.actions)
        await pilot.click(KeysFooter, offset=(x + 1, 0))
        await settle(pilot)
        assert table(app).ctrl.actions == before and app.screen is table(app)
        _help, x = spans["help"]
        await pilot.click(KeysFooter, offset=(x + 1, 0))
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


def test_fit_keys_drops_greyed_then_shortens_then_last_never_help_or_quit():
    from pinochle_tui.widgets import FooterItem, fit_keys

    def key(k: str, d: str, action: str, disabled: bool = False) -> FooterItem:
        return FooterItem(k, k, d, action, disabled=disabled)

    keys = [
        key("⏎", "play card", "play"),
        key("a", "auto", "auto"),
        key("u", "undo", "undo", disabled=True),
        key("t", "tricks", "tricks"),
        key("?", "help", "help"),
        key("q", "quit", "quit_game"),
    ]
    # widths: 13, 8, 8, 10, 8, 8 = 55
    assert [k.description for k in fit_keys(keys, 55)] == ["play card", "auto", "undo", "tricks", "help", "quit"]
    assert [k.description for k in fit_keys(keys, 54)] == ["play card", "auto", "tricks", "help", "quit"]
    # then the keys are drawn tight (42), and words made shorter (37), before a key is left out
    assert [(k.description, k.tight) for k in fit_keys(keys, 47)][:2] == [("play card", False), ("auto", False)]
    assert [(k.description, k.tight) for k in fit_keys(keys, 42)][:2] == [("play card", True), ("auto", True)]
    assert [k.description for k in fit_keys(keys, 41)] == ["play", "auto", "tricks", "help", "quit"]
    assert [k.description for k in fit_keys(keys, 37)] == ["play", "auto", "tricks", "help", "quit"]
    assert [k.description for k in fit_keys(keys, 36)] == ["play", "auto", "help", "quit"]


@pytest.mark.parametrize(
    ("size", "side", "log", "hand_rows"),
    [((80, 24), 25, 22, 3), ((120, 40), 40, 37, 3), ((200, 60), 60, 57, 5)],
)
async def test_the_side_column_and_the_hand_grow_with_the_terminal(size, side, log, hand_rows):
    app = app_for(_table_at_trick_7())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.query_one("#side").region.width == side
        assert t.query_one("#log").content_size.width == log
        assert t.query_one("#hand").region.height == hand_rows


async def test_80x24_and_120x40_trick_in_one_line_across_the_centre():
    for size, row, west, east_end in (((80, 24), 10, 16, 39), ((120, 40), 18, 18, 62)):
        app = app_for(_table_at_trick_7())
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            line = screen_lines(app)[row]
            assert line.index("West ·") == west
            assert line.index("East A♦") + len("East A♦") == east_end


async def test_200x60_trick_cards_close_together_in_boxes():
    c = _table_at_trick_7()
    app = app_for(c)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        t = table(app)
        lines = screen_lines(app)
        rows = [i for i, line in enumerate(lines) if line.count("╭───╮") == 2]
        assert len(rows) == 1  # the left and the right card, boxed, on one row
        r = rows[0]
        left, right = lines[r].index("╭───╮"), lines[r].rindex("╭───╮")
        assert (left, right) == (53, 82)  # 29 columns apart (they were ~110)
        assert right + 5 - (left - len("West ")) <= 44  # widgets.TRICK_SPAN
        assert lines[r + 1][left : left + 5] == "│ · │" and lines[r + 1][right : right + 5] == "│ A♦│"
        top = next(i for i, line in enumerate(lines) if "│10♦│" in line)  # North's lead above them
        assert lines[top].index("│10♦│") == (left + right) // 2 and top == r - 2
        # the hand in boxes too, the cursor under its card
        hand = t.query_one("#hand")
        y = hand.region.y
        assert lines[y + 1].startswith(" ╭───╮ ╭───╮") and lines[y + 2].startswith(" │ 9♠│ │ 9♠│")
        # the log: one line per event, none wrapped
        log = t.query_one("#log")
        assert len(log.lines) == 1 + len(c.events)


async def test_200x60_click_on_a_boxed_card_plays_it():
    c = _table_at_trick_7()
    app = app_for(c)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        t = table(app)
        cards = t.display_hand(t.the_view())
        legal = {a.card for a in c.legal()}
        i = next(k for k, x in enumerate(cards) if x in legal)
        n = len(c.actions)
        await pilot.click("#hand", offset=(1 + i * 6 + 2, 2))  # the padding, then 6 cells a card
        assert c.actions[n].card == cards[i]


async def test_a_resize_under_another_screen_lays_the_table_out_when_it_comes_back():
    """The terminal resized while help (or a hand result) covers the table: back on top,
    the table is drawn for the new size, its log written again at its new width (else
    hand 2 kept the 80-column log, wrapped at 23, at 200x60)."""
    from pinochle_tui.screens.table import TableLog

    app = app_for(_table_at_trick_7())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        log = t.query_one("#log", TableLog)
        assert log.content_size.width == 22
        narrow = max(strip.cell_length for strip in log.lines)
        assert narrow <= 22
        await pilot.press("question_mark")
        await settle(pilot)
        assert app.screen is not t
        await pilot.resize_terminal(200, 60)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.pause()
        assert app.screen is t and log.content_size.width == 57
        assert max(strip.cell_length for strip in log.lines) > 22  # lines wrapped at the new width


async def test_the_log_is_never_drawn_cut_when_the_terminal_narrows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The log written at 120x40, the terminal narrowed to 80x24: every frame draws its
    lines wrapped at the width it has then.  The first frame after the resize drew the
    lines of 120 columns cut at the new width, with a horizontal scrollbar (``▋``) at the
    log's foot, until the table wrote the log again; widened again, they join again."""
    from pinochle_tui.screens.table import TableLog

    drawn: list[tuple[int, int, bool]] = []  # (the line's cells, the log's width, a horizontal bar)
    render_line = TableLog.render_line

    def watched(log: TableLog, y: int) -> Any:
        scroll_y = int(log.scroll_offset.y)
        if y + scroll_y < len(log.lines):
            width = log.scrollable_content_region.width
            drawn.append((log.lines[y + scroll_y].cell_length, width, log.show_horizontal_scrollbar))
        return render_line(log, y)

    monkeypatch.setattr(TableLog, "render_line", watched)
    app = app_for(_table_at_trick_7())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        t = table(app)
        log = t.query_one("#log", TableLog)
        wide = max(strip.cell_length for strip in log.lines)
        assert wide > 30  # some lines take more than the 80-column log's 21 cells
        drawn.clear()
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert drawn and log.scrollable_content_region.width == 21
        assert [d for d in drawn if d[0] > d[1] or d[2]] == []
        assert max(strip.cell_length for strip in log.lines) <= 21
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert max(strip.cell_length for strip in log.lines) == wide  # joined again


async def test_a_layout_that_leaves_the_logs_size_asks_no_second_frame_for_its_scrollbar():
    """A layout of the screen (a panel grown, buttons shown) that leaves the log's size
    leaves its scrollbar as drawn: Textual's scroll view updated it after every layout,
    the same, which asked for a second frame each time."""
    from tui_helpers import app_for

    from pinochle_tui.screens.table import TableLog

    app = app_for(_table_at_trick_7())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        log = t.query_one("#log", TableLog)
        bar = log.vertical_scrollbar
        assert len(log.lines) > log.scrollable_content_region.height and not bar._repaint_required
        drawn = (bar.window_virtual_size, bar.window_size, log.scroll_y)
        t._layout_required = True
        t._on_timer_update()  # (the layout's frame)
        assert not bar._repaint_required
        assert (bar.window_virtual_size, bar.window_size, log.scroll_y) == drawn


async def test_too_small_terminal_only_q_works():
    from tui_helpers import app_for

    from pinochle_tui.screens.dialogs import QuitScreen

    c = preplay_any("partnership", "human,random,random,random", human_bids)
    app = app_for(c)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        t = table(app)
        n = len(c.actions)
        assert t.check_action("pass_bid", ()) is False and t.check_action("bid", ()) is False
        assert t.check_action("quit_game", ()) is True
        await pilot.press("p", "enter", "a", "right")
        await settle(pilot)
        assert len(c.actions) == n
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
