"""The README's set-up: the play command installs, so it says what to run the second
time (the play command reinstalled the game on every run)."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_setup_says_how_to_start_again_without_installing() -> None:
    setup = README.read_text(encoding="utf-8").split("## Set-up", 1)[1].split("\n## ", 1)[0]
    play = setup.split("Test (", 1)[0]
    assert "pip install" in play  # the first time: install and start
    assert "start the game with `.venv/bin/pinochle` alone" in play
