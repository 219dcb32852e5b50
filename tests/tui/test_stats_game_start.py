"""The statistics date a game by its start: a game resumed from its save (``--resume``, a
hosted game's ``pinochle host --resume``) whose first hand was not over before it stopped is
recorded with the time its save was begun (its file's name), not the time it was resumed."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, Seat
from pinochle_tui.paths import save_started_at
from rules import load_variants

VARIANTS = load_variants()


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_saves_name_gives_the_time_its_game_began(utc: None) -> None:
    assert save_started_at(Path("game-20250304-050607.json")) == "2025-03-04T05:06:07Z"
    assert save_started_at(Path("game-20250304-050607-2.json")) == "2025-03-04T05:06:07Z"
    assert save_started_at(Path("notes.json")) is None


def test_a_resumed_game_is_recorded_with_its_start(utc: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    seats = [Seat("human", "Ann")] + [Seat("bot", f"B{p}", "random") for p in range(1, 4)]
    ctrl = Controller(VARIANTS["partnership"], seats, seed="started-earlier")
    ctrl.apply(ctrl.legal()[0])  # (a decision made before the game stopped)
    app = PinochleApp(VARIANTS, ctrl=ctrl, save_path=tmp_path / "game-20250304-050607.json")
    app.record_stats(ctrl)
    assert app._stats_started == "2025-03-04T05:06:07Z"
