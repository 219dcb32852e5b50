"""The new-game screen's seats as ←→ walk the variant list: a seat a bigger table adds
takes the level of the bots already seated, and quick presses build the seat rows once,
for the variant the list stops at, the rows already there kept in place."""

from __future__ import annotations

from textual import events
from textual.widgets import Select, Static
from tui_helpers import VARIANTS, until

from pinochle_tui.app import PinochleApp
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.settings import Settings


def _app() -> PinochleApp:
    seats = [{"kind": "human", "name": "You"}] + [{"kind": "bot", "level": "expert", "name": ""}] * 3
    last = {"variant": "racehorse", "seats": seats}
    return PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=Settings(last=last))


def _kinds(ng: NewGameScreen) -> list[str]:
    return [str(s.value) for s in ng.query("#ng-seats .ng-kind").results(Select)]


def test_the_level_carried_is_the_most_common_the_last_seats_of_a_tie() -> None:
    from pinochle_tui.screens.newgame import carried_level

    assert carried_level([("human", "You"), ("expert", ""), ("expert", ""), ("standard", "")]) == "expert"
    assert carried_level([("human", "You"), ("expert", ""), ("standard", "")]) == "standard"
    assert carried_level([("human", "You"), ("human", "Ann")]) is None


async def test_a_bigger_table_seats_its_new_bots_at_the_level_of_the_others() -> None:
    """Racehorse with every bot an expert, then six-hand and eight-hand: the new seats were
    "bot: standard" (the default level), beside three experts."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen) and _kinds(ng) == ["human", "expert", "expert", "expert"]
        ng.query_one("#ng-variant", Select).value = "six-hand"
        await until(pilot, lambda: len(_kinds(ng)) == 6 and "Select.NULL" not in _kinds(ng))
        assert _kinds(ng) == ["human"] + ["expert"] * 5
        ng.query_one("#ng-variant", Select).value = "eight-hand"
        await until(pilot, lambda: len(_kinds(ng)) == 8 and "Select.NULL" not in _kinds(ng))
        assert _kinds(ng) == ["human"] + ["expert"] * 7


async def test_quick_presses_on_the_variant_list_build_the_seats_once_for_the_last() -> None:
    """Four → at once from racehorse (check, three-hand-check, five-hand, six-hand): the
    rows were removed and mounted anew for each variant passed, a second behind the keys,
    the list showing six-hand beside racehorse's summary and four seats.  The first seat's
    list is the same widget throughout, and whenever the screen is drawn meanwhile the
    list's name, the summary and the seats are one variant's."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        listed = ng.query_one("#ng-variant", Select)
        listed.focus()
        await pilot.pause()
        first = ng.query_one("#ng-seats .ng-kind", Select)
        built: list[str] = []
        build = ng._build_seats

        async def counted(carry: object = None, name: str | None = None) -> None:
            built.append(str(name))
            await build(carry, name)  # type: ignore[arg-type]

        ng._build_seats = counted  # type: ignore[method-assign]
        drawn: list[tuple[str, bool, int]] = []
        draw = type(ng)._refresh_layout

        def sampled(screen: object, *a: object, **kw: object) -> object:
            if screen is ng:
                shown = str(listed.value)
                summary = str(ng.query_one("#ng-summary", Static).render())
                rows = len([r for r in ng.query("#ng-seats .ng-row") if r.display])
                drawn.append((shown, summary == str(ng._summary(VARIANTS[shown])), rows))
            return draw(screen, *a, **kw)  # type: ignore[arg-type]

        type(ng)._refresh_layout = sampled  # type: ignore[method-assign]
        for _ in range(4):
            app.post_message(events.Key("right", None))
        await until(pilot, lambda: ng.variant_name == "six-hand" and len(_kinds(ng)) == 6)
        await pilot.pause()
        type(ng)._refresh_layout = draw  # type: ignore[method-assign]
        assert drawn and all(same and rows == VARIANTS[shown].people for shown, same, rows in drawn), drawn
        # (the first may be built before the list has taken the next key; none passed by after)
        assert str(listed.value) == "six-hand" and built[-1] == "six-hand" and set(built) <= {"check", "six-hand"}
        assert ng.query_one("#ng-seats .ng-kind", Select) is first
        assert str(ng.query_one("#ng-summary", Static).render()) == str(ng._summary(VARIANTS["six-hand"]))
        assert _kinds(ng) == ["human"] + ["expert"] * 5
