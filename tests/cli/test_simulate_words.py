"""`pinochle simulate`'s per-level bidder row in words: "1 contract" (it said "1 contracts")
and the meld the pass brought the bidder (it said an unexplained "pass gain")."""

from __future__ import annotations

import pytest

from pinochle_tui.cli import main


def _row(text: str, name: str) -> str:
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("│").split("│")]
        if line.startswith("│") and cells[0] == name:
            return cells[1]
    raise AssertionError(f"no row {name!r} in\n{text}")


def test_one_contract_is_one_and_the_pass_is_said_in_words(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["simulate", "--variant", "partnership", "--seats", "standard,random,random,random", "--hands", "1"]
    assert main([*argv, "--seed", "1"]) == 0
    row = _row(capsys.readouterr().out, "random as bidder")
    assert row == "1 contract, made 0.0%, bid 3000, meld gained in the pass 0"
    assert "pass gain" not in row


def test_the_meld_gained_in_the_pass_reads_right_when_it_is_a_loss() -> None:
    """A negative mean gain (the bidder passed meld away) says so; a positive one has its
    sign."""
    from pinochle_tui.simulate import pass_meld_words
    from rules import load_variants

    v = load_variants()["partnership"]
    assert pass_meld_words(v, -40) == "meld gained in the pass -40 (meld passed away)"
    assert pass_meld_words(v, 120) == "meld gained in the pass +120"
    assert pass_meld_words(v, 0) == "meld gained in the pass 0"
