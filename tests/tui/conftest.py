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


@pytest.fixture
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's pilot waits for the app to fall idle (`textual._wait.wait_for_idle`) by
    sleeping 20 ms at a time until the process used under a twentieth of that in CPU: every
    `pilot.pause()` sleeps at least 20 ms and every key 40 ms, even when nothing is left to
    do.  A test that walks hundreds of keys or bot moves spent most of its time asleep
    there (a prompt walk: 20 of its 22 s).  Here the same test, idle below a twentieth of
    the wall time, is sampled every 2 ms: the app is as settled at each step, sooner."""
    import textual._wait

    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.002)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", 0.002 / 20)
