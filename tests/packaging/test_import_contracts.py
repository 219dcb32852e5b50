"""Every import-linter contract of `pyproject.toml` is kept, checked with the suite (not
only by a developer's `lint-imports`): among them the boundary of the table, whose panels,
widgets and per-seat facts never import the controller (DESIGN.md "one seat's facts"),
and the one-way layers of the rules, the bots and the app."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[2]


def test_every_import_contract_is_kept(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT)
    code = lint_imports(config_filename=os.fspath(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert code == 0, out
    assert " 0 broken" in out
