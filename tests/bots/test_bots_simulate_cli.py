"""`pinochle simulate`: JSON keys, exit codes, problems reported with their seed."""

from __future__ import annotations

import json

import pytest

import pinochle_tui.simulate as sim
from pinochle_tui.cli import main

KEYS = {
    "hands",
    "boards",
    "games",
    "points_per_hand",
    "points_per_board",
    "ci95",
    "games_won",
    "make_rate",
    "set_rate",
    "concessions",
    "illegal_actions",
    "errors",
    "hands_per_s",
    "latency_ms",
}


def run(capsys, *argv):
    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_plain(capsys):
    code, out, _ = run(capsys, "--seats", "standard,random,standard,random", "--hands", "12", "--seed", "s", "--json")
    assert code == 0
    d = json.loads(out)
    assert set(d) >= KEYS
    assert d["hands"] == 12 and d["illegal_actions"] == 0 and d["errors"] == 0
    assert len(d["points_per_hand"]) == 2 and len(d["games_won"]) == 2
    for mean, (lo, hi) in zip(d["points_per_hand"], d["points_per_hand_ci95"]):
        assert lo <= mean <= hi
    assert set(d["latency_ms"]) == {"standard", "random"}
    assert set(d["latency_ms"]["standard"]) >= {"p50", "p99"}


def test_json_duplicate(capsys):
    code, out, _ = run(
        capsys,
        "--variant",
        "partnership",
        "--seats",
        "standard,easy,standard,easy",
        "--hands",
        "8",
        "--seed",
        "d",
        "--duplicate",
        "--json",
    )
    assert code == 0
    d = json.loads(out)
    assert d["boards"] == 4 and d["hands"] == 8
    lo, hi = d["ci95"]
    assert lo <= d["points_per_board"] <= hi


def test_duplicate_of_identical_sides_is_exactly_zero(capsys):
    """The same bots on both sides of every deal: each board cancels out."""
    code, out, _ = run(capsys, "--seats", "easy,easy,easy,easy", "--hands", "6", "--seed", "z", "--duplicate", "--json")
    assert code == 0 and json.loads(out)["points_per_board"] == 0


def test_table_output(capsys):
    code, out, _ = run(capsys, "--variant", "three-hand", "--seats", "standard,easy,random", "--hands", "5")
    assert code == 0
    assert "hands/s" in out and "latency standard" in out


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--variant", "nope"], "unknown variant"),
        (["--seats", "standard,random"], "partnership has 4 seats, got 2"),
        (["--seats", "standard,genius,standard,random"], "unknown bot level"),
        (["--hands", "0"], "out of range; give 1 to"),
        (["--games", "2", "--duplicate"], "--duplicate"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    code, _out, err = run(capsys, *argv)
    assert code == 2
    assert words in err and err.count("\n") == 1


class _Cheater:
    name = "cheater"

    def act(self, view, legal, rng):
        from rules import PassBid

        return PassBid() if view.phase.value != "auction" else legal[-1]


def test_illegal_actions_are_reported_with_their_seed_and_fail(capsys, monkeypatch):
    real = sim.make_bot
    monkeypatch.setattr(sim, "LEVELS", (*sim.LEVELS, "cheater"))
    monkeypatch.setattr(sim, "make_bot", lambda level: _Cheater() if level == "cheater" else real(level))
    code, out, err = run(capsys, "--seats", "cheater,random,random,random", "--hands", "3", "--seed", "x", "--json")
    assert code == 1
    d = json.loads(out)
    assert d["illegal_actions"] > 0
    assert d["problems"][0]["seed"].startswith("x/")
    assert d["problems"][0]["repro"].startswith("pinochle simulate --variant partnership --seats cheater,random")
    assert "problem:" in err and "x/" in err


def test_simulate_freezes_the_start_up_heap_before_it_plays(capsys, monkeypatch):
    """The modules, validators and tables built at start-up leave the cyclic GC's reach
    before the first hand, so no full collection walks them in the middle of a bot's turn."""
    import gc

    seen: list[int] = []
    real = sim.simulate

    def spy(*args, **kwargs):
        seen.append(gc.get_freeze_count())
        return real(*args, **kwargs)

    monkeypatch.setattr(sim, "simulate", spy)
    gc.unfreeze()
    try:
        code, _, _ = run(capsys, "--seats", "random,random,random,random", "--hands", "2", "--seed", "g", "--json")
    finally:
        gc.unfreeze()
    assert code == 0
    assert len(seen) == 1 and seen[0] > 10_000  # the interpreter, pydantic and the rules tables


def test_knowledge_caches_stay_small_over_many_hands(capsys):
    """The per-table caches of shown meld and claims hold a few hands, not hundreds (they
    keep their keys' objects alive, and every full collection walks them)."""
    from bots import knowledge

    code, _, _ = run(capsys, "--seats", "standard,standard,standard,standard", "--hands", "150", "--seed", "c")
    assert code == 0
    assert 0 < len(knowledge._SHOWN) <= 65
    assert 0 < len(knowledge._CLAIMS) <= 65
