"""The new-game screen saves only what the player chose on it, as the settings
screen does (a command-line flag is for this run only); the think budget is kept like the
bot delay.

Before: started with ``--bot-delay 0.2 --trick-delay 0``, pressing Enter on the new-game
screen wrote ``"bot_delay": 0.2, "trick_delay": 0`` into settings.json, and the expert's
think budget was never kept at all (each run began at 1 s).  Now the game plays at the
fields' values, and settings.json takes a pacing field only when the player changed it;
``think`` is kept in settings.json (checked when read, a wrong value set aside like every
key) and used by the next run, by the command line's games too, unless ``--think`` is given."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static
from tui_helpers import SIZE, app_from_flags, text_of

from pinochle_tui.cli_common import DEFAULT_THINK, THINK
from pinochle_tui.render import Style
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.settings import SettingsScreen
from pinochle_tui.settings import DEFAULT_THINK as SAVED_DEFAULT
from pinochle_tui.settings import THINK_HI, THINK_LO, Settings

SEATS = "human,expert,standard,expert"


@pytest.fixture(autouse=True)
def style() -> Iterator[None]:
    yield
    Style.ascii = False
    Style.card_order = "trump"


def saved(home: Path) -> dict[str, Any]:
    return json.loads((home / "config" / "settings.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def write(home: Path, data: dict[str, Any]) -> Path:
    p = home / "config" / "settings.json"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(data), encoding="utf-8")
    return p


async def start_from_new_game(app: Any, fields: dict[str, str]) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        for field, text in fields.items():
            ng.query_one(f"#{field}", Input).value = text
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.ctrl is not None


def test_the_think_bounds_are_the_command_lines() -> None:
    assert (THINK.lo, THINK.hi, DEFAULT_THINK) == (THINK_LO, THINK_HI, SAVED_DEFAULT)


async def test_the_runs_flags_are_not_saved_when_the_fields_are_left_as_shown(home: Path) -> None:
    app = app_from_flags(bot_delay=0.2, think=0.3)  # and --trick-delay 0 (the helper's)
    await start_from_new_game(app, {})
    assert app.ctrl is not None
    assert (app.bot_delay, app.trick_delay, app.think, app.ctrl.think) == (0.2, 0.0, 0.3, 0.3)  # the run's
    data = saved(home)
    assert (data["bot_delay"], data["trick_delay"], data["think"]) == (0.6, 1.0, 1.0)  # was 0.2, 0, (none)
    assert data["last"]["variant"] == "partnership"  # the choices of the screen are remembered


async def test_a_changed_field_is_saved_and_used(home: Path) -> None:
    app = app_from_flags(bot_delay=0.2, think=0.3)
    await start_from_new_game(app, {"ng-delay": "0.4", "ng-think": "2.5"})
    assert app.ctrl is not None
    assert (app.bot_delay, app.trick_delay, app.ctrl.think) == (0.4, 0.0, 2.5)
    data = saved(home)
    assert (data["bot_delay"], data["trick_delay"], data["think"]) == (0.4, 1.0, 2.5)
    assert Settings.load().think == 2.5


async def test_a_saved_think_is_the_next_runs(home: Path) -> None:
    write(home, {"think": 2.5, "bot_delay": 0.2})
    cli = app_from_flags(seats=SEATS, seed="t")  # a game from the command line, no --think
    assert cli.ctrl is not None and cli.ctrl.think == 2.5 and cli.ctrl.bot_for(1).think == 2.5
    one_run = app_from_flags(seats=SEATS, seed="t", think=0.5)
    assert one_run.ctrl is not None and one_run.ctrl.think == 0.5  # --think wins, for its run
    app = app_from_flags(bot_delay=None, trick_delay=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#ng-think", Input).value == "2.5"
        assert app.screen.query_one("#ng-delay", Input).value == "0.2"
    assert saved(home) == {"think": 2.5, "bot_delay": 0.2}  # nothing written by looking


def test_a_wrong_think_is_set_aside_alone(home: Path) -> None:
    path = write(home, {"think": 0.01, "bot_delay": 0.2})
    s = Settings.load()
    assert (s.think, s.bot_delay) == (1.0, 0.2)
    assert s.problem == (
        f"{path}: think is 0.01, not seconds from 0.05 to 10; the game uses the defaults for that, "
        "and the file was kept as settings.json.bad"
    )
    assert json.loads(path.with_name("settings.json.bad").read_text()) == {"think": 0.01, "bot_delay": 0.2}
    assert saved(home)["think"] == 1.0 and saved(home)["bot_delay"] == 0.2  # what was valid, rewritten


async def test_the_settings_screen_keeps_think_like_the_delays(home: Path) -> None:
    app = app_from_flags(think=0.3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        assert screen.query_one("#set-think", Input).value == "1"  # the saved (default) value
        assert text_of(screen.query_one("#set-run", Static)).startswith(
            "This run: bot delay 0 s, trick pause 0 s, expert think 0.3 s (from the command line, for this run only)."
        )
        await pilot.press("ctrl+s")  # left as shown: the run keeps its 0.3, 1 is saved
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.think == 0.3
        assert app.screen.query_one("#ng-think", Input).value == "0.3"
        assert saved(home)["think"] == 1.0
        await pilot.press("o")
        await pilot.pause()
        field = app.screen.query_one("#set-think", Input)
        field.value = "0.01"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert text_of(app.screen.query_one("#set-error", Static)) == (
            "Expert think '0.01' is not allowed: give 0.05 to 10 seconds, e.g. 1 (the expert bot's time per decision)."
        )
        field.value = "4"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.think == 4.0
        assert app.screen.query_one("#ng-think", Input).value == "4"
    assert saved(home)["think"] == 4.0


async def test_the_help_line_names_every_level(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        help_text = text_of(app.screen.query_one("#ng-help", Static))
    assert "Seats: human, or a bot level (random < easy < standard < expert)." in help_text


async def test_a_new_game_after_a_game_from_the_flags_offers_that_game(home: Path) -> None:
    """After a game from the command line, n opened the new-game screen at the remembered
    choices of an older game (partnership, a human and three standard bots), not the game
    just played. It offers the game just played, as after a game started from the screen:
    its variant, seats with their names and levels, target and the seed given (named
    beside the empty field); settings.json remembers those choices for the next run."""
    write(home, {"last": {"variant": "partnership", "target": 1500, "seed": ""}})
    app = app_from_flags(variant="two-hand", seats="human:Ann,expert:Bo", target=500, seed="7")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_new_game()
        await pilot.pause()
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        assert ng.query_one("#ng-variant").value == "two-hand"  # type: ignore[attr-defined]
        kinds = [(w.value, n.value) for w, n in zip(ng.query(".ng-kind"), ng.query(".ng-name"))]  # type: ignore[attr-defined]
        assert kinds == [("human", "Ann"), ("expert", "Bo")]
        assert ng.query_one("#ng-target", Input).value == "500"
        assert ng.query_one("#ng-seed", Input).value == ""
        assert str(ng.query_one("#ng-last-seed", Static).render()) == "last game: 7"
    assert saved(home)["last"] == {
        "variant": "two-hand",
        "seats": [{"kind": "human", "level": "", "name": "Ann"}, {"kind": "bot", "level": "expert", "name": "Bo"}],
        "target": 500,
        "seed": "7",
    }


async def test_the_next_run_after_quitting_a_game_from_the_flags_offers_that_game(home: Path) -> None:
    """Quit mid-way, a game from the flags was not remembered: the next run's new-game
    screen offered an older game's choices (three standard bots), as a finished one's
    did. It offers the game quit, seats and names; the flags' pacing stays the run's."""
    write(home, {"last": {"variant": "partnership", "target": 1500, "seed": ""}, "bot_delay": 0.6})
    app = app_from_flags(seats="human,expert:Bo,expert,expert", think=0.3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    app = app_from_flags(bot_delay=None, trick_delay=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        assert ng.query_one("#ng-variant").value == "partnership"  # type: ignore[attr-defined]
        kinds = [(w.value, n.value) for w, n in zip(ng.query(".ng-kind"), ng.query(".ng-name"))]  # type: ignore[attr-defined]
        assert kinds == [("human", "You"), ("expert", "Bo"), ("expert", "North"), ("expert", "East")]
        assert (ng.query_one("#ng-delay", Input).value, ng.query_one("#ng-think", Input).value) == ("0.6", "1")
