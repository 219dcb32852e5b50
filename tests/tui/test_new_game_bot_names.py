"""The new-game screen names its bots as the command line does (from
another helper): `seating.default_name` from the one human's seat, ``Bot 2`` in hot-seat,
and the seats' labels worked out the same way (they were counted from seat 0)."""

from __future__ import annotations

from textual.widgets import Input, Label, Select
from tui_helpers import SIZE, VARIANTS

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.settings import Settings


def _form(ng: NewGameScreen) -> list[tuple[str, str]]:
    labels = [str(label.render()) for label in ng.query("#ng-seats .ng-label").results(Label)]
    names = [field.value for field in ng.query(".ng-name").results(Input)]
    return list(zip(labels, names, strict=True))


async def test_the_bots_are_named_from_the_humans_seats() -> None:
    seats = [{"kind": "bot", "level": "standard", "name": n} for n in ("South", "West", "", "East")]
    seats[2] = {"kind": "human", "name": "Ann"}
    app = PinochleApp(
        VARIANTS, bot_delay=0, trick_delay=0, settings=Settings(last={"variant": "partnership", "seats": seats})
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        # Ann in seat 3 sits at the bottom: across from her is North, on her left West
        assert _form(ng) == [
            ("Seat 1 (North)", "North"),
            ("Seat 2 (East)", "East"),
            ("Seat 3 (South)", "Ann"),
            ("Seat 4 (West)", "West"),
        ]
        ng.query_one(".ng-name", Input).value = "Zed"  # a name the player gave stays
        ng.query(".ng-kind").results(Select).__next__().value = "human"  # seat 1: hot-seat
        await pilot.pause()
        # hot-seat: the compass names count from seat 1, the bots named by their seats
        assert _form(ng) == [
            ("Seat 1 (South)", "Zed"),
            ("Seat 2 (West)", "Bot 2"),
            ("Seat 3 (North)", "Ann"),
            ("Seat 4 (East)", "Bot 4"),
        ]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.ctrl is not None
        assert [s.name for s in app.ctrl.seats] == ["Zed", "Bot 2", "Ann", "Bot 4"]
