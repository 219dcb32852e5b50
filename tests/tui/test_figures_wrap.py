"""A figure's margin ("± 27") stays on one row wherever a hint or the review is wrapped:
at 80 columns a row ended in "±" and the next began "27;"."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region
from tui_helpers import VARIANTS, make_app, settle

from pinochle_tui.screens.dialogs import HintScreen, ReviewScreen
from pinochle_tui.widgets import figures_wrapped, rows_of

FIGURES = "bidding 280 scores +382 ± 27 on average, passing -40"


def _broken_at_the_margin(width: int) -> str:
    """Words before `FIGURES` that put its "±" at the end of a row of ``width`` cells when
    wrapped at every space."""
    for n in range(width):
        text = "w " * n + FIGURES
        if any(row.plain.endswith("±") for row in rows_of(Text(text), width)):
            return text
    raise AssertionError("no filler breaks at the margin")


def test_the_wrap_keeps_a_margin_with_its_number() -> None:
    text = _broken_at_the_margin(40)
    rows = figures_wrapped(Text(text, style="bold"), 40).split("\n")
    assert not any(row.plain.endswith("±") for row in rows)
    assert any("+382 ± 27" in row.plain or row.plain.startswith("± 27") for row in rows)
    assert " ".join(row.plain for row in rows).split() == text.split()  # nothing lost, nothing added
    assert all(len(row.plain) <= 40 for row in rows)


def _rows_shown(widget: object) -> list[str]:
    w = widget  # (a Static as the terminal shows it: its rows of cells)
    strips = w.render_lines(Region(0, 0, w.size.width, w.size.height))  # type: ignore[attr-defined]
    return ["".join(seg.text for seg in strip).rstrip() for strip in strips]


async def test_the_hints_box_at_80_columns_keeps_a_margin_with_its_number() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(HintScreen("x"))
        await pilot.pause()
        box = app.screen.query_one("#hint-text")
        width = box.content_region.width
        text = _broken_at_the_margin(width)
        await app.pop_screen()
        app.push_screen(HintScreen(text))
        await pilot.pause()
        await pilot.pause()
        box = app.screen.query_one("#hint-text")
        assert box.content_region.width == width
        rows = _rows_shown(box)
        assert not any(row.endswith("±") for row in rows), rows
        assert any("± 27" in row for row in rows), rows


async def test_the_review_keeps_a_margin_with_its_number() -> None:
    class Figures:
        """A review whose one line is `FIGURES` after words that break it at the margin."""

        variant = VARIANTS["partnership"]
        hand_no = 1
        humans = (0,)
        decisions = ()
        done = ()
        finished = True
        cancelled = False
        line = ""

        def lines(self) -> list[str]:
            return [self.line]

    review = Figures()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ReviewScreen(review))
        await pilot.pause()
        box = app.screen.query_one("#review-text")
        review.line = _broken_at_the_margin(box.content_region.width)
        box.update(app.screen.review_text())  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.pause()
        rows = _rows_shown(box)
        assert not any(row.endswith("±") for row in rows), rows
        assert any("± 27" in row for row in rows), rows
