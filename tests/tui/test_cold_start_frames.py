"""A game from the flags reaches its first interactive table with one frame rendered:
no frame rendered inside Textual's start-up batch (which drops it), and at a bot
delay of 0 the bots before the first human decision move before the table is drawn, not
between its frames."""

from __future__ import annotations

from typing import Any

import pytest
from textual._compositor import Compositor
from tui_helpers import SIZE, app_from_flags, settle, table, text_of

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller
from pinochle_tui.save import load_game

FLAGS = dict(variant="partnership", seats="human,random,random,random", seed="1")


def game_of(app: PinochleApp) -> Controller:
    assert app.ctrl is not None and app.save_path is not None
    return app.ctrl


def test_the_bots_before_the_human_move_before_the_table_at_no_delay() -> None:
    """Seed 1: South deals, West, North and East bid before South; their bids are made
    and logged before the app runs."""
    c = game_of(app_from_flags(**FLAGS))
    assert [type(a).__name__ for a in c.actions] == ["Bid", "Bid", "Bid"]
    assert [a.amount for a in c.actions] == [790, 2470, 2590]
    assert c.to_act == 0 and c.is_human(0)
    assert c.events == ["West bid 790", "North bid 2470", "East bid 2590"]


async def test_the_first_save_is_written_after_the_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """The save of a game from the flags waits for its table's first frame (its fsync is
    not part of the cold start); it holds the bots' moves made before it."""
    app = app_from_flags(**FLAGS)
    c = game_of(app)
    # the save's name is claimed (an empty file) before the first frame; the game is written after it
    assert app.save_path is not None and app.save_path.stat().st_size == 0
    frames: list[bool] = []
    render = Compositor.render_update

    def counted(self: Compositor, *a: Any, **kw: Any) -> Any:
        frames.append(app.save_path is not None and app.save_path.stat().st_size > 0)
        return render(self, *a, **kw)

    monkeypatch.setattr(Compositor, "render_update", counted)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert frames[0] is False  # (the first frame was rendered before the save)
        assert load_game(app.save_path).actions == c.actions


def test_with_a_bot_delay_the_table_paces_every_bot_move() -> None:
    c = game_of(app_from_flags(**FLAGS, bot_delay=0.5))
    assert c.actions == [] and c.to_act == 1


def test_the_expert_thinks_at_the_table() -> None:
    """West (random) bids at once; North, an expert, thinks with the table up."""
    c = game_of(app_from_flags(**dict(FLAGS, seats="human,random,expert,random")))
    assert len(c.actions) == 1 and c.to_act == 2


async def test_no_frame_is_rendered_inside_the_start_up_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual renders a whole frame when the table is first laid out, inside the app's
    start-up batch, and drops it; the table's one frame is rendered after the batch."""
    batches: list[int] = []
    app = app_from_flags(**FLAGS)
    render = Compositor.render_update

    def counted(self: Compositor, *a: Any, **kw: Any) -> Any:
        batches.append(app._batch_count)
        return render(self, *a, **kw)

    monkeypatch.setattr(Compositor, "render_update", counted)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert text_of(table(app).query_one("#scores")).startswith("Scores · game to 1500\n")
        assert "Your bid" in text_of(table(app).query_one("#prompt"))
    assert batches and [b for b in batches if b] == []
