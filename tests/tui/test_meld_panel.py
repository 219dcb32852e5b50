"""The meld shown on the table: every entry whole on its line, the rows fitted to the room."""

from __future__ import annotations

from tui_helpers import (
    app_for_seats,
    preplay_any,
    settle,
    table,
)

from pinochle_tui.controller import Controller
from rules import Phase


async def test_meld_entries_never_split_across_lines():
    """On a narrow table each meld entry ("marriage K♦ Q♦ 20") stays on one line; a seat
    with more melds than fit goes on, indented, on the next line (never
    "marriage K♦ Q♦" with its 20 on the line below)."""
    from tui_helpers import app_for

    from pinochle_tui.render import Style

    def long_meld(c: Controller) -> bool:
        r = c.round
        if r.table.melds is None or r.tricks or r.phase is not Phase.MELD:
            return False
        return any(sum(len(m.name) + 4 * len(m.cards) + 5 for m in ms.melds) > 60 for ms in r.table.melds)

    c = preplay_any("partnership", "human,random,random,random", long_meld, seeds=range(300))
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        view = t.the_view()
        assert t.meld_mode(view)
        text = t.meld_text(view).plain
        lines = text.splitlines()
        assert any(ln.startswith("  ") for ln in lines)  # some seat's melds went on a second line
        width = t.query_one("#board").content_size.width - 3
        assert all(len(ln) <= width for ln in lines)
        for ms in view.melds:
            for m in ms.melds:
                entry = f"{m.name} " + " ".join(Style.card(x) for x in m.cards) + f" {c.variant.fmt(m.points)}"
                assert any(entry in ln for ln in lines), (entry, lines)


async def test_the_inline_meld_fits_its_rows_or_says_m() -> None:
    """Six-hand's inline meld at 80x24 never hides a seat's row and the totals with no
    sign: where the lines with their cards do not fit the board's rows, one line a seat
    by meld names and points, the totals kept and 'm: all melds' said; where even that
    does not fit, it says how many seats are left out."""
    from pinochle_tui.panels.meld import MeldPanel, meld_text

    app = app_for_seats("six-hand", ",".join(["human"] + ["standard"] * 5), 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        t = table(app)
        ctx = t.context()
        rows = t.query_one(MeldPanel).rows_now()
        full = meld_text(ctx, rows).plain.splitlines()
        compact = meld_text(ctx, 13).plain.splitlines()
        fewer = meld_text(ctx, 6).plain.splitlines()
    assert (rows, len(full), full[-1]) == (15, 14, "A: 24   B: 45   ")  # all of it fits: the cards too
    assert compact == [
        "Meld  (trump ♣)",
        "You (A) 6: marriage 2 · jacks around 4",
        "West (B) 10: marriage ×3 6 · pinochle 4",
        "Northwest (A) 18: royal marriage 4 · marriage 2 …",
        "North (B) 18: marriage ×2 4 · aces around 10 …",
        "Northeast (A) 0: no meld",
        "East (B) 17: run 15 · marriage 2",
        "A: 24   B: 45   m: all melds",
    ]
    assert fewer == [*compact[:5], "A: 24   B: 45   m: all melds (2 more seats)"]


def _packs_wider_than(least: int, width: int):
    """A deal's meld phase where some seat's line, its entries packed to ``width`` as the
    meld view packs them, is wider than ``least`` (the seat's name and total taken as 10)."""

    def want(c: Controller) -> bool:
        r = c.round
        if r.table.melds is None or r.tricks or r.phase is not Phase.MELD:
            return False
        for ms in r.table.melds:
            used = 10
            for k, m in enumerate(ms.melds):
                entry = len(m.name) + 3 * len(m.cards) + 1 + len(c.variant.fmt(m.points))
                if k and used + 3 + entry > width:
                    used = 2
                used += (3 if k else 1) + entry
                if used > least:
                    return True
        return False

    return want


async def test_the_meld_lines_fit_the_centre_of_a_wide_table() -> None:
    """At 120x40 the four-seat board is 80 wide but its centre was kept to 72 while the
    meld lines were packed to the board's width, so a seat's line wrapped in the middle of
    an entry ("dix 9♥" / "10"): in meld mode the centre takes the board, as at 5 to 8 seats,
    and every line of the meld fits it whole."""
    from tui_helpers import app_for

    from pinochle_tui.panels.meld import MeldPanel

    c = preplay_any("partnership", "human,random,random,random", _packs_wider_than(70, 77), seeds=range(400))
    app = app_for(c)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        t = table(app)
        view = t.the_view()
        assert t.meld_mode(view)
        room = t.query_one(MeldPanel).content_size.width
        lines = t.meld_text(view).plain.splitlines()
        assert max(len(ln) for ln in lines) > 70, lines  # wider than the centre was
        assert all(len(ln) <= room for ln in lines), (room, lines)


def test_the_meld_under_each_trump_never_splits_an_entry() -> None:
    """The meld-by-trump view (``m`` in the auction) breaks a suit's line between its
    melds, never inside one ("aces around A♠ A♥ A♦" / "A♣ 100"): each entry whole on a
    line within the width, the next lines indented."""
    from pinochle_tui.panels.auction import meld_by_trump_text
    from pinochle_tui.render import Style
    from rules import score_meld

    def long_under_a_trump(c: Controller) -> bool:
        if c.round.phase is not Phase.AUCTION or not c.is_human(c.round.to_act):
            return False
        hand = c.view(0).hand
        return any(
            sum(len(m.name) + 4 * len(m.cards) + 5 for m in score_meld(hand, s, c.variant).melds) > 60 for s in range(4)
        )

    c = preplay_any("double-deck", "human,random,random,random", long_under_a_trump, seeds=range(300))
    view = c.view(0)
    width = 40
    lines = meld_by_trump_text(view, width).plain.splitlines()[1:]  # (the heading wraps as words)
    assert all(len(ln) <= width for ln in lines), lines
    assert any(ln.startswith("  ") for ln in lines)  # some suit's melds went on a second line
    for s in range(4):
        for m in score_meld(view.hand, s, c.variant).melds:
            entry = f"{m.name} " + " ".join(Style.card(x) for x in m.cards) + f" {c.variant.fmt(m.points)}"
            assert any(entry in ln for ln in lines), (entry, lines)


async def test_a_double_runs_line_stays_within_the_board_at_80x24() -> None:
    """North's double run (1500: ten cards) after "North 1500:" passed the board's 52
    cells at 80x24, and the terminal wrapped its last card and points to the panel's first
    column ("J♠ 1500" under "North"). The entry goes whole on the next line, indented as a
    seat's further melds are; every line is within the board, on the screen too."""
    from test_big_table import screen_lines
    from tui_helpers import app_for

    from pinochle_tui.panels.meld import MeldPanel, meld_text
    from rules import parse_cards, score_meld

    def at_meld(c: Controller) -> bool:
        r = c.round
        return r.phase is Phase.MELD and r.table.melds is not None and not r.tricks

    c = preplay_any("partnership", "human,random,random,random", at_meld, seeds=range(50))
    run = score_meld(tuple(sorted(parse_cards("A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ 9♥ 9♦"))), 0, c.variant)
    assert (run.total, [m.name for m in run.melds]) == (1500, ["double run"])
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        ctx = t.context()
        melds = list(ctx.view.melds)
        melds[2] = run  # North's
        ctx = ctx._replace(view=ctx.view._replace(melds=tuple(melds)))
        width = ctx.board_width - 3
        lines = meld_text(ctx).plain.splitlines()
        at = lines.index("North 1500:")
        assert lines[at + 1] == "  double run A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ 1500"
        assert all(len(line) <= width for line in lines), (width, lines)
        panel = t.query_one(MeldPanel)
        panel.update(meld_text(ctx, panel.rows_now()))
        await pilot.pause()
        await pilot.pause()
        r = panel.region
        shown = [line[r.x : r.right].rstrip() for line in screen_lines(app)[r.y : r.bottom]]
        assert shown[at : at + 3] == [lines[at], lines[at + 1], lines[at + 2]]


def test_an_entry_wider_than_a_line_goes_on_over_indented_lines() -> None:
    """An entry wider than the whole line (the double run in a narrow view) goes on over
    lines of its own words, each within the width, indented under it."""
    from rich.text import Text

    from pinochle_tui.panels.base import pack_entries

    run = Text("double run A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ 1500")
    t = pack_entries(Text("North 1500:"), [run, Text("dix 9♠ 10")], 30, len("North 1500:"))
    assert t.plain.splitlines() == [
        "North 1500: double run A♠ A♠",
        "    10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠",
        "    1500 · dix 9♠ 10",
    ]
