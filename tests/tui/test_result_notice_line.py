"""The damaged-statistics notice and the hand result: the notice
("... the statistics database is damaged ...; a new one is begun from this hand.") came
at the top right for 20 seconds, over the result table's columns, at 80x24 and 100x36.
Now it is said in the result screen's own line, between the table and the line under it,
kept while the result is up, over nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._toast import Toast
from tui_helpers import app_from_flags, settle, text_of

from pinochle_tui.screens.dialogs import HandResultScreen
from pinochle_tui.stats import db_path


@pytest.mark.parametrize("size", [(80, 24), (100, 36)])
async def test_the_damaged_statistics_notice_covers_no_row_of_the_result(home: Path, size: tuple[int, int]) -> None:
    path = db_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"scribbles " * 100)
    app = app_from_flags(seats="random,random,random,random", seed=2, target=200)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, HandResultScreen)
        cells = [w.region for w in screen.query("#result-grid > *")] + [screen.query_one("#result-title").region]
        cells += [screen.query_one("#result-headline").region, screen.query_one("#result-more").region]
        assert len(cells) == 3 + 3 * 8  # the heading, 7 rows and the totals, a label and two sides each
        toasts = [t.region for t in screen.query(Toast)]
        assert not any(a.overlaps(b) for a in toasts for b in cells)  # (one covered rows 2 to 8, columns 20 on)
        assert toasts == []  # no notice over the screen: the result's own line says it
        notice = screen.query_one("#result-notice")
        assert text_of(notice) == (
            f"{path}: the statistics database is damaged (file is not a database); it was set aside as "
            "stats.sqlite3.bad; a new one is begun from this hand."
        )
        assert not any(notice.region.overlaps(b) for b in cells)
        grid = screen.query_one("#result-grid").region
        assert grid.bottom <= notice.region.y < screen.query_one("#result-more").region.y  # under the table
        assert notice.region.bottom <= size[1] - 1  # above the footer, in sight
