"""`pinochle simulate`'s budget for the expert: ``--nodes`` (cards played a decision, no
clock) replays a run exactly from its seed; ``--think`` (wall clock) cannot, and its help
says so."""

from __future__ import annotations

import json

import pytest

from pinochle_tui.cli import build_parser, main
from pinochle_tui.simulate import expert_budget

TIMED = {"hands_per_s", "latency_ms"}  # the figures of the clock, never the same twice


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _figures(out: str) -> dict[str, object]:
    return {k: v for k, v in json.loads(out).items() if k not in TIMED}


@pytest.mark.parametrize("extra", [[], ["--duplicate"]])
def test_two_runs_with_nodes_give_the_same_figures(capsys: pytest.CaptureFixture[str], extra: list[str]) -> None:
    argv = ["--variant", "two-hand", "--seats", "expert,standard", "--hands", "2", "--seed", "3", "--nodes", "300"]
    runs = []
    for _ in range(2):
        code, out, err = _run(capsys, *argv, *extra, "--json")
        assert code == 0, err
        runs.append(_figures(out))
    assert runs[0] == runs[1]
    assert runs[0]["hands"] == 2


def test_nodes_gives_the_expert_a_node_budget_and_no_clock() -> None:
    assert expert_budget(None, 500) == {"nodes": 500, "think": None}
    assert expert_budget(0.5, None) == {"think": 0.5}
    assert expert_budget(None, None) == {}


def test_the_repro_line_names_the_nodes() -> None:
    """A problem's repro line replays the run: it carries the budget."""
    from pinochle_tui import simulate as sim
    from rules import load_variants

    v = load_variants(None)["two-hand"]
    res = sim.simulate(v, ["standard", "random"], hands=1, seed="r", nodes=400)
    assert res.repro == "--variant two-hand --seats standard,random --seed r --nodes 400"


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--nodes", "0"], "pinochle simulate: --nodes: '0' is out of range; give 1 to 10,000,000"),
        (["--nodes", "x"], "pinochle simulate: --nodes: 'x' is not a whole number in plain digits; give 1 to"),
        (["--nodes", "500", "--think", "1"], "pinochle simulate: --nodes: not allowed with --think;"),
    ],
)
def test_a_bad_budget_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    code, out, err = _run(capsys, "--seats", "expert,standard", "--variant", "two-hand", *argv)
    assert code == 2 and out == ""
    assert err.startswith(words) and err.count("\n") == 1


def test_the_help_says_which_budget_replays() -> None:
    sub = build_parser()._subparsers._group_actions[0].choices["simulate"]  # type: ignore[union-attr]
    helps = {a.dest: " ".join((a.help or "").split()) for a in sub._actions}
    assert "vary from run to run with the machine's load" in helps["think"]
    assert "the same seed then gives the same figures" in helps["nodes"]
    assert "an expert replays under --nodes, not --think" in helps["seed"]


@pytest.mark.parametrize(
    "argv, words",
    [
        (
            ["--think", "0.5"],
            "pinochle simulate: --think: no seat is expert (the seats: standard, random); "
            "--think is the expert bot's time per decision: seat one with --seats, or drop --think",
        ),
        (
            ["--nodes", "500"],
            "pinochle simulate: --nodes: no seat is expert (the seats: standard, random); "
            "--nodes is the expert bot's budget per decision: seat one with --seats, or drop --nodes",
        ),
    ],
)
def test_a_budget_with_no_expert_seated_is_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    """No bot would use it: refused in one line, not taken without a word."""
    assert _run(capsys, "--seats", "standard,random", "--variant", "two-hand", *argv) == (2, "", words + "\n")
