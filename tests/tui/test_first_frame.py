"""The table's first frame is built and drawn with no work it does not show:
no second styling of the whole table when it is first pushed, no seat boxes for seats the
table does not have, no second draw at the same sizes, no panels of other phases."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.geometry import Region, Size
from textual.widget import Widget
from tui_helpers import (
    SIZE,
    app_for,
    make_app,
    preplay,
    settle,
    table,
    text_of,
)

from pinochle_tui.app import PinochleApp
from pinochle_tui.panels import Panel
from pinochle_tui.screens.table import TableScreen
from pinochle_tui.widgets import RowsAlike, SeatBox


async def test_the_pushed_table_is_styled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table restyles itself on resume only after another screen covered it (and the
    terminal was resized meanwhile); its first resume, the push, restyles nothing: its
    widgets were styled as they were mounted (it was styled twice, then three times: ours
    and Textual's restyle of a resumed screen, each a whole pass over the table's widgets
    before the first frame)."""
    restyled: list[str] = []
    update = PinochleApp.update_styles

    def counted(self: PinochleApp, node: Any, animate: bool = True) -> None:
        restyled.append(type(node).__name__)
        update(self, node, animate)

    monkeypatch.setattr(PinochleApp, "update_styles", counted)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert text_of(table(app).query_one("#scores")).startswith("Scores · game to 1500\n")
    assert restyled.count("TableScreen") == 0  # nor Textual's own on a resume (`Screen._on_screen_resume`)


@pytest.mark.parametrize(
    ("variant", "seats", "ids"),
    [
        ("partnership", "human,random,random,random", ["seat-top", "seat-left", "seat-right"]),
        ("two-hand", "human,random", ["seat-top", "seat-left", "seat-right"]),
        (
            "six-hand",
            "human,random,random,random,random,random",
            [
                "seat-top-left",
                "seat-top",
                "seat-top-right",
                "seat-upper-left",
                "seat-left",
                "seat-lower-left",
                "seat-upper-right",
                "seat-right",
                "seat-lower-right",
            ],
        ),
    ],
)
async def test_seat_boxes_only_for_a_table_of_five_to_eight(variant: str, seats: str, ids: list[str]) -> None:
    app = make_app(variant, seats)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [str(b.id) for b in table(app).query(SeatBox)] == ids


async def test_a_resize_to_the_sizes_drawn_at_draws_nothing_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual sends the table a second Resize of the same size before its first frame: it
    drew the table again for nothing. A new size still draws it."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        draws: list[Any] = []
        redraw = TableScreen.refresh_view

        def counted(self: TableScreen) -> None:
            draws.append(self.size)
            redraw(self)

        monkeypatch.setattr(TableScreen, "refresh_view", counted)
        t.post_message(events.Resize(t.size, t.size))
        await pilot.pause()
        assert draws == []
        await pilot.resize_terminal(90, 30)
        await pilot.pause()
        assert draws[0] == Size(90, 30)


async def test_the_centre_mounts_a_phase_panel_when_first_shown() -> None:
    """At the first frame only the bidding's panel is in the centre (the five others were
    composed, styled and hidden); a table started mid-trick has the tricks' panel only, and
    everyone's meld (shown again, the `m` key) is mounted beside it when first shown."""
    c = preplay(
        "partnership",
        "human,random,random,random",
        1,
        lambda c: c.to_act == 0 and len(c.round.tricks) >= 2 and c.round.trick,
    )
    c.meld_acked = True  # past everyone's meld: the centre shows the trick
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        t = table(app)
        await pilot.pause()
        assert [str(p.id) for p in t.query(Panel)] == ["panel-auction"]
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        t = table(app)
        await pilot.pause()
        assert [str(p.id) for p in t.query(Panel)] == ["panel-tricks"]
        t.show_melds = True
        t.refresh_view()
        await pilot.pause()
        assert [str(p.id) for p in t.query(Panel) if p.display] == ["panel-meld"]
        assert [str(p.id) for p in t.query(Panel)] == ["panel-tricks", "panel-meld"]


async def test_the_tables_containers_render_one_row_for_all() -> None:
    """The table's containers, whose rows draw alike, render one row and repeat it, the
    very row Textual draws (eleven containers rendered row by row were a third of the first
    frame); #side's left border is in every row."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        inside = ".body, #main, #board, #top-row, #middle, #col-left, #center, #col-right, #side, #buttons"
        boxes = [t, *t.query(inside)]
        assert len(boxes) == 11 and all(isinstance(box, RowsAlike) for box in boxes)
        for box in boxes:
            width, height = box.size
            crop = Region(0, 0, width, height)
            rows = box.render_lines(crop)
            assert len(rows) == height and len({id(row) for row in rows}) == 1, box
            assert [list(row) for row in rows] == [list(row) for row in Widget.render_lines(box, crop)], box
        assert t.query_one("#side").styles.border_left[0] == "solid"  # a border in every row


async def test_the_other_screens_rules_are_added_when_the_first_of_them_opens() -> None:
    """The table's first frame parses the table's rules only (pinochle.tcss); the rules of
    the dialogs and the new-game screen (screens.tcss, a third of the stylesheet's parse)
    are added when the first screen other than the table opens, and style it."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)

        def sheets() -> list[str]:
            return [str(path).rsplit("/", 1)[-1] for path, _ in app.stylesheet.source if str(path).endswith(".tcss")]

        assert sheets() == ["pinochle.tcss"]
        await pilot.press("q")  # the quit dialog
        await settle(pilot)
        assert type(app.screen).__name__ == "QuitScreen"
        assert sheets() == ["pinochle.tcss", "screens.tcss"]
        width = app.screen.query_one("#dialog").styles.width
        assert width is not None and width.value == 60  # '#dialog { width: 60; ... }' in screens.tcss


def test_the_app_freezes_its_start_up_heap_after_its_first_frame(monkeypatch):
    """`pinochle` freezes what start-up built (Textual, pydantic, the rules tables, the first
    screen's widgets) once the app has drawn its first frame, so a full collection during
    play does not walk it (bench/tui_bench.py: a full collection in the running app took
    about 60-85 ms before, 0 ms after), and none runs before that frame."""
    import asyncio
    import gc

    from tui_helpers import args

    from pinochle_tui import app_main

    at_first_frame: list[int] = []
    after: list[int] = []

    def fake_run(self, **kw):  # the app is built and run for real, headless (on its own loop: not this one)
        display = self._display

        def first_frame(screen, renderable):
            if renderable is not None and not at_first_frame:
                at_first_frame.append(gc.get_freeze_count())
            return display(screen, renderable)

        self._display = first_frame

        async def go():
            async with self.run_test(size=(100, 36)) as pilot:
                await pilot.pause()
                after.append(gc.get_freeze_count())

        asyncio.run(go())
        return 0

    monkeypatch.setattr(PinochleApp, "run", fake_run)
    gc.unfreeze()
    try:
        code = app_main.run_app(args(variant="partnership", seats="human,random,random,random", seed=1))
    finally:
        gc.unfreeze()
    assert code == 0
    assert at_first_frame == [0]  # nothing frozen yet when the first frame is drawn
    assert len(after) == 1 and after[0] > 10_000
