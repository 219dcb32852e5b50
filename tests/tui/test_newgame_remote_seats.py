"""A seat at another terminal on the new-game screen: the game starts hosted (the start
button says so), and the next new game offers that seat at another terminal again, the
names as they were: never a local human seat (a hot-seat game nobody chose)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Button, Input, Label, Select
from tui_helpers import SIZE, VARIANTS, until

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.newgame import REMOTE, NewGameScreen
from pinochle_tui.settings import Settings


def _form(ng: NewGameScreen) -> list[tuple[str, str, str]]:
    labels = [str(label.render()) for label in ng.query("#ng-seats .ng-label").results(Label)]
    kinds = [str(select.value) for select in ng.query(".ng-kind").results(Select)]
    names = [field.value for field in ng.query(".ng-name").results(Input)]
    return list(zip(labels, kinds, names, strict=True))


def _seats_ready(ng: NewGameScreen, n: int) -> bool:
    """The seats' form rebuilt for ``n`` seats, each kind's list mounted down to its label
    (set before, its value has nothing to show itself in)."""
    kinds = list(ng.query(".ng-kind").results(Select))
    return len(kinds) == n and all(len(k.query("#label")) for k in kinds)


def _start_label(ng: NewGameScreen) -> str:
    return str(ng.query_one("#ng-start", Button).label)


@pytest.fixture
def hosted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, list[Any], set[int]]]:
    """Each table the new-game screen hosts (variant, seats, remote seats): recorded, no
    server started."""
    calls: list[tuple[str, list[Any], set[int]]] = []

    def host_table(app: Any, v: Any, seats: list[Any], remote: set[int], seed: Any, target: Any) -> None:
        calls.append((v.name, list(seats), set(remote)))

    import pinochle_tui.remote.hosting as hosting

    monkeypatch.setattr(hosting, "host_table", host_table)
    return calls


async def test_a_seat_at_another_terminal_is_remembered_as_one(hosted: list[Any]) -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-variant", Select).value = "three-hand-turn-up"
        await until(pilot, lambda: _seats_ready(ng, 3))
        assert _start_label(ng) == "Start the game"
        list(ng.query(".ng-kind").results(Select))[1].value = REMOTE
        await until(pilot, lambda: _start_label(ng) == "Start and host")
        assert _form(ng) == [
            ("Seat 1 (South)", "human", "You"),
            ("Seat 2 (West)", "remote", "Player 2"),
            ("Seat 3 (East)", "standard", "Bot 3"),
        ]
        assert _start_label(ng) == "Start and host"  # the game starts as a hosted table
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(hosted))
    assert [(name, [(s.kind, s.name) for s in seats], remote) for name, seats, remote in hosted] == [
        ("three-hand-turn-up", [("human", "You"), ("human", "Player 2"), ("bot", "Bot 3")], {1})
    ]
    assert app.settings.last["seats"] == [
        {"kind": "human", "name": "You", "level": ""},
        {"kind": "remote", "name": "Player 2", "level": ""},
        {"kind": "bot", "name": "Bot 3", "level": "standard"},
    ]

    # the next run reads them from settings.json as they were written, with no complaint
    loaded = Settings.load()
    assert loaded.problem is None
    assert loaded.last == app.settings.last
    again = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=loaded)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = again.screen
        assert isinstance(ng, NewGameScreen)
        assert _form(ng) == [
            ("Seat 1 (South)", "human", "You"),
            ("Seat 2 (West)", "remote", "Player 2"),
            ("Seat 3 (East)", "standard", "Bot 3"),
        ]
        assert _start_label(ng) == "Start and host"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(hosted) == 2)
        assert again.ctrl is None  # no game of this terminal's own (hot-seat): the table is hosted again
    assert [remote for _name, _seats, remote in hosted] == [{1}, {1}]


async def test_the_seat_back_to_a_bot_gives_back_the_names_of_one_person_here(hosted: list[Any]) -> None:
    seats = [
        {"kind": "human", "name": "You", "level": ""},
        {"kind": "remote", "name": "Player 2", "level": ""},
        {"kind": "bot", "name": "Bot 3", "level": "standard"},
    ]
    settings = Settings(last={"variant": "three-hand-turn-up", "seats": seats})
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        list(ng.query(".ng-kind").results(Select))[1].value = "standard"
        await until(pilot, lambda: _start_label(ng) == "Start the game")
        assert _form(ng) == [
            ("Seat 1 (South)", "human", "You"),
            ("Seat 2 (West)", "standard", "West"),
            ("Seat 3 (East)", "standard", "East"),
        ]
        assert _start_label(ng) == "Start the game"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.ctrl is not None)
        assert [(s.kind, s.name) for s in app.ctrl.seats] == [("human", "You"), ("bot", "West"), ("bot", "East")]
    assert hosted == []
    assert [s["kind"] for s in app.settings.last["seats"]] == ["human", "bot", "bot"]
