"""Ctrl-C during `pinochle simulate`: the figures of the hands played so far, said to be
of an interrupted run, and exit code 130 (not a silent 130 with nothing printed)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import pinochle_tui.simulate as sim
from pinochle_tui.cli import main

SEATS = "standard,easy,standard,easy"


def _ctrl_c_at_hand(monkeypatch: pytest.MonkeyPatch, k: int) -> None:
    """Ctrl-C in the middle of the ``k``-th hand (1-based)."""
    real = sim._Table.play
    calls = 0

    def play(self: Any, *a: Any, **kw: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == k:
            raise KeyboardInterrupt
        return real(self, *a, **kw)

    monkeypatch.setattr(sim._Table, "play", play)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["simulate", "--variant", "partnership", "--seats", SEATS, "--seed", "c", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("extra", [[], ["--duplicate"]])
def test_ctrl_c_gives_the_json_of_the_hands_so_far_and_exit_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, extra: list[str]
) -> None:
    _ctrl_c_at_hand(monkeypatch, 4)
    code, out, err = _run(capsys, "--hands", "10000000", "--json", *extra)
    assert code == 130, err
    d = json.loads(out)
    assert d["interrupted"] is True
    assert d["hands"] == 3  # the hand Ctrl-C broke into is not counted
    assert len(d["points_per_hand"]) == 2 and d["errors"] == 0


def test_a_run_to_its_end_is_not_interrupted(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--hands", "2", "--json")
    assert code == 0 and json.loads(out)["interrupted"] is False


@pytest.mark.parametrize(
    ("at", "argv", "line"),
    [
        (16, ["--hands", "10000000"], "interrupted after 15 of 10,000,000 hands: the figures are of those"),
        (3, ["--games", "5"], "interrupted after 2 hands, 0 of 5 games: the figures are of those"),
    ],
)
def test_ctrl_c_prints_the_table_under_a_line_that_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, at: int, argv: list[str], line: str
) -> None:
    _ctrl_c_at_hand(monkeypatch, at)
    code, out, _ = _run(capsys, *argv)
    assert code == 130
    lines = out.splitlines()
    assert lines[0].startswith("pinochle simulate: partnership") and lines[1] == line
    rows = [[cell.strip() for cell in row.split("│")[1:-1]] for row in lines]
    assert ["hands", str(at - 1)] in rows and "hands/s" in out


def test_merge_keeps_an_interruption() -> None:
    a = sim.SimResult(variant="v", seats=["standard"], duplicate=False, seed="s")
    b = sim.SimResult(variant="v", seats=["standard"], duplicate=False, seed="s", interrupted=True)
    assert sim.merge([a, a]).interrupted is False
    assert sim.merge([a, b]).interrupted is True
