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
