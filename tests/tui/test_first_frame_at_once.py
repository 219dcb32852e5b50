"""The table's first frame is drawn as soon as the table is ready, not at the screen's next
update tick (`TableScreen._on_idle`)."""

from __future__ import annotations

import asyncio
import time

import textual.screen
from tui_helpers import make_app

from pinochle_tui.screens.table import TableScreen


async def test_the_first_table_frame_does_not_wait_for_the_update_tick(monkeypatch):
    # a screen's update timer ticking every 30 s: a frame that waited for it would never come
    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", 30.0)
    app = make_app()
    frames: list[str] = []
    display = app._display

    def clock(screen, renderable):
        if renderable is not None:
            frames.append(type(screen).__name__)
        return display(screen, renderable)

    app._display = clock
    t0 = time.monotonic()
    async with app.run_test(size=(100, 36)):
        while "TableScreen" not in frames and time.monotonic() - t0 < 10:
            await asyncio.sleep(0.05)  # (not `pilot.pause`: it draws the screen's changes itself)
        assert "TableScreen" in frames
        assert isinstance(app.screen, TableScreen)
