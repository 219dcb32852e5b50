"""`--think SECONDS`: the expert's time per decision, on the game and on
`pinochle simulate`, refused in one line outside 0.05 to 10 seconds (exit 2), given to
every expert seat, kept in the save (a resumed game plays at the same budget) and in the
simulate repro line; the new-game screen's field has the same range."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Static
from tui_helpers import SIZE, VARIANTS, app_from_flags

from bots.expert import ExpertBot
from pinochle_tui.app import PinochleApp
from pinochle_tui.cli import main
from pinochle_tui.cli_common import THINK
from pinochle_tui.save import SaveError, load_game, save_game, to_json
from pinochle_tui.saved_games import latest_save
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.simulate import simulate

SEATS = "human,expert,standard,expert"


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--think", "0"], "pinochle: --think: '0' is out of range; give 0.05 to 10 seconds, e.g. 0.5"),
        (["--think", "0.04"], "pinochle: --think: '0.04' is out of range; give 0.05 to 10 seconds, e.g. 0.5"),
        (["--think", "10.5"], "pinochle: --think: '10.5' is out of range; give 0.05 to 10 seconds, e.g. 0.5"),
        (
            ["--think", "nan"],
            "pinochle: --think: 'nan' is not a number in plain decimal digits; give 0.05 to 10 seconds, e.g. 0.5",
        ),
        (
            ["--think", "abc"],
            "pinochle: --think: 'abc' is not a number in plain decimal digits; give 0.05 to 10 seconds, e.g. 0.5",
        ),
        (
            ["simulate", "--think", "inf"],
            "pinochle simulate: --think: 'inf' is not a number in plain decimal digits; give 0.05 to 10 seconds,"
            " e.g. 0.5",
        ),
        (
            ["meld", "AS", "--trump", "S", "--think", "1"],
            "pinochle meld: does not take --think; it is an option of the game, pinochle simulate and pinochle host",
        ),
        (
            ["--think", "1", "meld", "AS", "--trump", "S"],
            "pinochle meld: does not take --think; it is an option of the game, pinochle simulate and pinochle host",
        ),
        (
            ["--think", "1", "simulate", "--think", "2"],
            "pinochle simulate: --think is given twice, 1.0 before simulate and 2.0 after it; give it once",
        ),
    ],
)
def test_a_think_out_of_range_is_one_line_and_exit_2(capsys: Any, argv: list[str], line: str) -> None:
    rc, out, err = run(capsys, *argv)
    assert (rc, out, err) == (2, "", line + "\n")


def test_the_range_is_the_stated_one() -> None:
    assert (THINK.lo, THINK.hi) == (0.05, 10)


def test_resume_with_think_is_refused(capsys: Any) -> None:
    rc, out, err = run(capsys, "--resume", "--think", "2")
    assert (rc, out) == (2, "")
    assert err == "pinochle: --resume continues the saved game as it was; drop --think (the save keeps its own)\n"


def test_the_game_gives_think_to_its_expert_seats_and_the_save_keeps_it(home: Any) -> None:
    app = app_from_flags(seats=SEATS, seed="t", think=0.3)
    ctrl = app.ctrl
    assert ctrl is not None and ctrl.think == 0.3
    experts = [ctrl.bot_for(s) for s in (1, 3)]
    assert all(isinstance(b, ExpertBot) and b.think == 0.3 for b in experts)
    assert ctrl.bot_for(2).name == "standard"
    assert to_json(ctrl)["think"] == 0.3
    # the first save comes after the table's first frame (9da6fd8): make it as the app does
    assert app.save_when_shown and latest_save() is None
    app.save_now(ctrl)
    path = latest_save()
    assert path is not None
    again = load_game(path)
    assert again.think == 0.3 and again.bot_for(1).think == 0.3


def test_a_save_without_think_plays_at_the_default_and_a_bad_one_is_damaged(home: Any, tmp_path: Any) -> None:
    app = app_from_flags(seats=SEATS, seed="t")
    ctrl = app.ctrl
    assert ctrl is not None and ctrl.think is None and "think" not in to_json(ctrl)
    p = tmp_path / "game-x.json"
    save_game(ctrl, p)
    assert load_game(p).bot_for(1).think == 1.0
    text = p.read_text().replace('"finished"', '"think":99,"finished"')
    p.write_text(text)
    with pytest.raises(SaveError) as exc:
        load_game(p)
    why = "the expert's think time is 99, more than 10"
    assert str(exc.value) == f"{p}: the saved game is damaged ({why})"
    assert p.read_text() == text  # kept


def test_simulate_gives_think_to_the_expert_and_puts_it_in_the_repro_line() -> None:
    v = VARIANTS["partnership"]
    from pinochle_tui.simulate import SimResult, _Table

    table = _Table(v, ["expert", "standard", "expert", "standard"], SimResult("p", [], False, "0"), think=0.2)
    assert [getattr(b, "think", None) for b in table.bots] == [0.2, None, 0.2, None]
    res = simulate(v, ["random"] * 4, hands=1, seed="s", think=0.2)
    assert res.repro == "--variant partnership --seats random,random,random,random --seed s --think 0.2"


@pytest.mark.parametrize("text", ["0.01", "11", "nan", "1e-1", "1_0"])  # the rest: the command line's tests
async def test_the_new_game_screen_refuses_a_think_out_of_range(text: str) -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-think", Input).value = text
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is ng and app.ctrl is None
        plain = " in plain decimal digits" if text in ("1e-1", "1_0") else ""  # (numbers, written otherwise)
        assert str(ng.query_one("#ng-error", Static).render()) == (
            f"Expert think '{text}' is not allowed: give 0.05 to 10 seconds{plain}, e.g. 1 (the expert bot's time per"
            " decision)."
        )
        assert app.focused is ng.query_one("#ng-think", Input)


async def test_the_new_game_screen_starts_the_game_at_its_think() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, think=2.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        field = ng.query_one("#ng-think", Input)
        assert field.value == "2"
        field.value = "0.25"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.ctrl is not None and app.ctrl.think == 0.25 and app.think == 0.25


@pytest.mark.parametrize(
    ("argv", "seats"),
    [
        (["--seats", "human,standard,random,Easy:Al"], "human, standard, random, easy:Al"),
        (["--seed", "4"], "human, standard, standard, standard"),  # the seats a game from flags takes
    ],
)
def test_think_with_no_expert_seated_is_refused(capsys: Any, argv: list[str], seats: str) -> None:
    rc, out, err = run(capsys, *argv, "--think", "2")
    assert (rc, out) == (2, "")
    assert err == (
        f"pinochle: --think: no seat is expert (the seats: {seats}); --think is the expert bot's time per decision: "
        "seat one with --seats, or drop --think\n"
    )
