"""At bot delay 0 the bots' moves in a row are drawn once, when they stop - but not where
the next to move is the expert, whose every move takes its think time (else,
after a pass at three experts' table at `--think 1`, the table and the
pass itself stood still for 18 s until the auction was over)."""

from __future__ import annotations

from typing import Any

from tui_helpers import app_from_flags, settle

from pinochle_tui.screens.table import TableScreen
from rules import PassBid, Phase


async def test_the_move_before_an_experts_is_drawn_at_once(tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    app = app_from_flags(seats="human,expert,expert,expert", seed="21", think=0.05)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        t = app.screen
        assert isinstance(t, TableScreen) and t.my_turn() and t.ctrl.round.phase is Phase.AUCTION
        c = t.ctrl
        drawn: list[tuple[int, Any]] = []
        real = t.refresh_view

        def refresh_view(*a: Any, **kw: Any) -> Any:
            drawn.append((len(c.actions), c.to_act))
            return real(*a, **kw)

        monkeypatch.setattr(t, "refresh_view", refresh_view)
        n = len(c.actions)
        await pilot.press("p")
        assert c.actions[n] == PassBid()
        # drawn with the pass made and the expert after it to move, before its move
        assert (n + 1, (c.states[n].to_act + 1) % 4) in drawn
