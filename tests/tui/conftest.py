"""App tests: every test gets its own user dir (PINOCHLE_HOME)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Settings and saves go to a tmp dir."""
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path / "home"
