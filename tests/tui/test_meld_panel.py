"""The meld shown on the table: every entry whole on its line, the rows fitted to the room."""

from __future__ import annotations

from tui_helpers import (
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
