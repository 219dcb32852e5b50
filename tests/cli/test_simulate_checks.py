"""`pinochle simulate` and check pinochle: ``checks_per_seat`` is each seat's
checks over the run (every hand's events and every game's, `rules.checks.ledger`), every
hand's checks add up to zero over the table, and the text output has a line for them."""

from __future__ import annotations

import json
from typing import Any

import pytest

import pinochle_tui.simulate as sim
from pinochle_tui.cli import main
from pinochle_tui.simulate import merge, simulate
from rules import GameState, load_variants, load_variants_text
from rules.checks import CheckEvent, ledger

V = load_variants()
# random bots (their choices are the seeded rng's, whatever the other levels learn) and
# check pinochle to 300, so that a game is won in 60 hands and its checks are counted too
SEATS = ["random"] * 4
QUICK = load_variants_text('[quick]\nextends = "check"\ngame_target = 300\n', "q.toml", base=V)["quick"]


def _recorded(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every finished hand `simulate` plays, in order (its `_Table.play` wrapped)."""
    seen: list[Any] = []
    play = sim._Table.play

    def spy(self: Any, *a: Any, **kw: Any) -> Any:
        state = play(self, *a, **kw)
        seen.append(state)
        return state

    monkeypatch.setattr(sim._Table, "play", spy)
    return seen


def test_checks_per_seat_is_the_ledger_of_every_hand_and_game(monkeypatch: pytest.MonkeyPatch) -> None:
    states = _recorded(monkeypatch)
    d = simulate(QUICK, SEATS, hands=60, seed="3").to_json()
    assert (d["hands"], d["games"], d["errors"], d["illegal_actions"]) == (60, 1, 0, 0)
    assert d["checks_per_seat"] == [544, -543, 541, -542]
    # the same figure, summed here from the hands played: each game's hands, then its win
    want = [0, 0, 0, 0]
    game = GameState.start(QUICK, seed="3/game0")
    won = 0
    g = 0
    for state in states:
        r = state.result
        # every hand's checks add up to zero over the table, each a payment between two players
        assert sum(ledger(r.checks, 4)) == 0
        assert all(isinstance(e, CheckEvent) and e.checks > 0 and e.payer != e.payee for e in r.checks)
        game = game.after_hand(r)
        want = [a + b for a, b in zip(want, ledger(r.checks + game.game_checks, 4))]
        if game.over:
            won += len(game.game_checks)
            g += 1
            game = GameState.start(QUICK, seed=f"3/game{g}")
    assert want == d["checks_per_seat"] and sum(want) == 0 and won == 2  # each winner collects once


def test_three_hand_check_adds_up_to_zero() -> None:
    d = simulate(V["three-hand-check"], ["random"] * 3, hands=40, seed="1").to_json()
    assert (d["checks_per_seat"], d["errors"]) == ([29, -16, -13], 0)


def test_duplicate_keeps_the_checks_per_bot_as_seated_in_seats() -> None:
    """At the duplicate table where the bots sit one seat on (shift 1), seat 2's checks
    are the bot given second in --seats (seat 1's)."""
    res = sim.SimResult(variant="check", seats=SEATS, duplicate=True, seed="x", checks=[0, 0, 0, 0])
    table = sim._Table(V["check"], SEATS, res, shift=1)
    table.add_checks((CheckEvent(3, 2, 4, "contract 250 made"),), "x/board0/t1")
    assert res.checks == [0, 4, -4, 0] and res.errors == []
    d = simulate(V["check"], SEATS, hands=40, seed="1", duplicate=True).to_json()
    assert sum(d["checks_per_seat"]) == 0 and d["errors"] == 0


def test_no_checks_field_without_check_scoring_and_merge_adds_them() -> None:
    assert simulate(V["partnership"], SEATS, hands=4, seed="1").to_json()["checks_per_seat"] is None
    a = simulate(V["three-hand-check"], ["random"] * 3, hands=20, seed="a")
    b = simulate(V["three-hand-check"], ["random"] * 3, hands=20, seed="b")
    assert merge([a, b]).to_json()["checks_per_seat"] == [x + y for x, y in zip(a.checks or [], b.checks or [])]


def test_a_payment_that_is_no_payment_is_an_error() -> None:
    res = sim.SimResult(variant="check", seats=SEATS, duplicate=False, seed="x", checks=[0, 0, 0, 0])
    table = sim._Table(V["check"], SEATS, res)
    table.add_checks((CheckEvent(1, 1, 3, "to itself"),), "x/hand0")
    assert res.checks == [0, 0, 0, 0] and len(res.errors) == 1
    assert res.errors[0]["error"].startswith("invariant: checks [0, 0, 0, 0] do not add up to 0 or [")


def test_the_json_and_the_text_name_the_checks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")  # Rich's width off a terminal: no cell wraps
    argv = ["simulate", "--variant", "three-hand-check", "--seats", "random,random,random", "--hands", "40"]
    assert main([*argv, "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["checks_per_seat"] == [29, -16, -13]
    assert main([*argv, "--seed", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "checks per seat │ South (random) +29 · West (random) -16 · East (random) -13 │" in out
