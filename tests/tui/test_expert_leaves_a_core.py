"""The table's experts leave the app a core (the app stays responsive while
the expert thinks): the table starts the worker pool once an expert is seated, before
any expert searches, and its bots and hint search with ``leave_cores`` 1 (every budget
on the pool, this process only waiting; `bots.expert.ExpertBot`)."""

from __future__ import annotations

from typing import Any

import pytest
from tui_helpers import SIZE, app_for, preplay, settle

from bots.expert import WORKER_NICE, ExpertBot
from bots.search import pool as search_pool
from pinochle_tui.controller import Seat
from rules import Phase


def _asked(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The calls of `ready_pool` (none starts a pool: the searches run in process)."""
    calls: list[Any] = []

    def ready_pool(size: int | None = None, nice: int = 0, warm: Any = None) -> None:
        calls.append((size, nice))

    monkeypatch.setattr(search_pool, "ready_pool", ready_pool)
    return calls


async def test_an_expert_seated_starts_the_pool_before_it_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _asked(monkeypatch)
    ctrl = preplay(
        "partnership",
        "human,standard,standard,standard",
        1,
        lambda c: c.round.phase is Phase.TRICKS and c.round.to_act == 0 and not c.needs_meld_ack,
    )
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.my_turn()  # type: ignore[attr-defined]  # the human's card: no expert has searched
        assert calls == [(None, WORKER_NICE)]  # asked once, to start in the background, below the app


async def test_the_tables_expert_and_hint_leave_a_core_and_play_the_same_card(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _asked(monkeypatch)
    ctrl = preplay(
        "partnership",
        "human,standard,standard,standard",
        2,
        lambda c: c.round.phase is Phase.TRICKS and c.round.to_act == 1 and c.round.trick and len(c.legal()) >= 3,
    )
    ctrl.seats[1] = Seat("bot", ctrl.seats[1].name, "expert")
    want, _ = ctrl.choose(ctrl.round, 1, ExpertBot(think=None, nodes=2000))  # the same search, as the CLI runs it
    bot = ctrl._bots[1] = ExpertBot(think=None, nodes=2000)
    ctrl._hint = hint = ExpertBot(think=None, nodes=500)
    at = len(ctrl.actions)
    app = app_for(ctrl)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert bot.leave_cores == 1 and bot.last is not None and bot.last.deals > 1
        assert ctrl.actions[at] == want
        assert app.screen.my_turn()  # type: ignore[attr-defined]
        await pilot.press("i")
        await settle(pilot)
        assert hint.leave_cores == 1
    assert calls[0] == (None, WORKER_NICE) and len(calls) >= 2  # the table's start, then the searches' own asks
    assert set(calls) == {(None, WORKER_NICE)}
