"""The new-game screen's fields: every number parses to a bounded value or is
refused in place (the screen stays, the field is focused, the allowed range is named); the
seed is text of bounded length; names from files (the presets', the remembered seats') are
drawn as plain text with their control characters made visible (§2)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Label, Select, Static
from tui_helpers import (
    SIZE,
    VARIANTS,
    app_from_flags,
    settle,
    until,
)

from pinochle_tui.app import PinochleApp
from pinochle_tui.cli import main
from pinochle_tui.controller import Controller, Seat, default_seats
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.dialogs import HelpScreen
from pinochle_tui.screens.newgame import SEED_MAX_LENGTH, NewGameScreen
from pinochle_tui.settings import Settings
from rules import load_variants_text

HOSTILE = ["inf", "1e309", "-5", "99999999999999999999", "abc", "nan", "-inf", "0x10"]


def error_text(ng: NewGameScreen) -> str:
    return str(ng.query_one("#ng-error", Static).render())


async def start_with(pilot: Any, field: str, text: str) -> NewGameScreen:
    app = pilot.app
    ng = app.screen
    assert isinstance(ng, NewGameScreen)
    ng.query_one(f"#{field}", Input).value = text
    await pilot.press("ctrl+s")
    await pilot.pause()
    return ng


NOT_WHOLE_FROM = "is not a whole number in plain digits; give {}"
NOT_WHOLE = NOT_WHOLE_FROM.format("1 to 989000") + "."
OUT_OF_PARTNERSHIP = "is out of range in partnership; give 1 to 989000 (what 100 hands can reach), e.g. 1500."

# the target is read as --target reads it (`cli_common.TargetNumber`), in the same words:
# a whole number in plain digits (float() had taken 1e3, 1500.0, other scripts' digits and
# fractions), then the variant's range
BAD_TARGETS = [
    ("inf", f"'inf' {NOT_WHOLE}"),
    ("1e309", f"'1e309' {NOT_WHOLE}"),
    ("1e3", f"'1e3' {NOT_WHOLE}"),
    ("1500.0", f"'1500.0' {NOT_WHOLE}"),
    ("0.4", f"'0.4' {NOT_WHOLE}"),
    ("١٥٠٠", f"'١٥٠٠' {NOT_WHOLE}"),
    ("1_500", f"'1_500' {NOT_WHOLE}"),
    ("+1500", f"'+1500' {NOT_WHOLE}"),
    ("15 00", f"'15 00' {NOT_WHOLE}"),
    ("abc", f"'abc' {NOT_WHOLE}"),
    ("nan", f"'nan' {NOT_WHOLE}"),
    ("-inf", f"'-inf' {NOT_WHOLE}"),
    ("0x10", f"'0x10' {NOT_WHOLE}"),
    ("-5", f"'-5' {OUT_OF_PARTNERSHIP}"),
    ("0", f"'0' {OUT_OF_PARTNERSHIP}"),
    ("989001", f"'989001' {OUT_OF_PARTNERSHIP}"),
    (
        "99999999999999999999",
        "'99999999999999999999' is out of range in partnership; "
        "give 1 to 989000 (what 100 hands can reach), e.g. 1500.",
    ),
]


@pytest.mark.parametrize(("text", "line"), BAD_TARGETS)
async def test_a_bad_target_is_refused_in_place(text: str, line: str) -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = await start_with(pilot, "ng-target", text)
        assert app.screen is ng and app.ctrl is None
        assert error_text(ng) == f"Target {line}"
        assert app.focused is ng.query_one("#ng-target", Input)


@pytest.mark.parametrize("text", ["0", "-5", "989001", "1e3", "١٥٠٠"])
async def test_a_bad_target_is_refused_in_the_words_of_the_command_line(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The screen's line is the command line's after its name, word for word: one
    reading, one wording, the range the variant's (the command line reads the number once
    it knows the variant)."""
    assert main(["--target", text]) == 2
    said = capsys.readouterr().err.rstrip("\n")
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = error_text(await start_with(pilot, "ng-target", text))
    assert shown == "Target " + said.removeprefix("pinochle: --target: ") + "."


async def test_a_target_with_spaces_around_it_is_read_as_every_field_is() -> None:
    """The screen's fields are read without the spaces around what is typed (a space typed
    by the way cannot be seen in the field): " 1500 " plays to 1500."""
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#ng-target", Input).value = " 1500 "
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.ctrl is not None and app.ctrl.game.target == 1500


async def test_typing_inf_as_the_target_and_enter_is_refused() -> None:
    """Typed key by key and submitted with Enter in the field (an OverflowError before)."""
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        field = ng.query_one("#ng-target", Input)
        field.focus()
        field.value = ""
        await pilot.press("1", "e", "3", "0", "9", "enter")
        await pilot.pause()
        assert app.screen is ng and app.ctrl is None
        assert error_text(ng) == f"Target '1e309' {NOT_WHOLE}"


# what float() reads and the command line's seconds options refuse (`cli_common.decimal_seconds`)
NOT_PLAIN = ["1e-1", "1_0", "+1", "\u0661"]


@pytest.mark.parametrize(("field", "label"), [("ng-delay", "Bot delay"), ("ng-trick-delay", "Trick pause")])
@pytest.mark.parametrize("text", [*HOSTILE, "10.5", *NOT_PLAIN])
async def test_a_bad_delay_is_refused_in_place(field: str, label: str, text: str) -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = await start_with(pilot, field, text)
        assert app.screen is ng and app.ctrl is None
        example = (
            "e.g. 0.6 (the pause before each bot move)."
            if field == "ng-delay"
            else "e.g. 1 (how long a won trick stays shown)."
        )
        plain = " in plain decimal digits" if text in NOT_PLAIN else ""  # (a number, written otherwise)
        assert error_text(ng) == f"{label} '{text}' is not allowed: give 0 to 10 seconds{plain}, {example}"
        assert app.focused is ng.query_one(f"#{field}", Input)


async def test_a_long_or_escaped_entry_is_quoted_short_and_visible() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = await start_with(pilot, "ng-target", "9" * 400)
        assert error_text(ng) == (
            f"Target '{'9' * 23}…' is out of range in partnership; "
            "give 1 to 989000 (what 100 hands can reach), e.g. 1500."
        )
        ng = await start_with(pilot, "ng-target", "\x1b[31m5")
        assert error_text(ng) == f"Target '\\x1b[31m5' {NOT_WHOLE}"


async def test_the_bounds_are_accepted_and_start_the_game() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        ng.query_one("#ng-target", Input).value = "989000"
        ng.query_one("#ng-delay", Input).value = "0"
        ng.query_one("#ng-trick-delay", Input).value = "0"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.ctrl is not None and app.ctrl.game.target == 989_000
        assert (app.bot_delay, app.trick_delay) == (0.0, 0.0)


async def test_an_x1_preset_takes_targets_in_its_own_scale() -> None:
    """double-deck shows points /10: its targets run from 1 to 203000 (2,030,000 in x10 points:
    100 hands at the most a side scores in one, `Variant.max_game_target`)."""
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=Settings(last={"variant": "double-deck"}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = await start_with(pilot, "ng-target", "203001")
        assert ng.variant_name == "double-deck"
        assert error_text(ng) == (
            "Target '203001' is out of range in double-deck; give 1 to 203000 (what 100 hands can reach), e.g. 500."
        )
        ng = await start_with(pilot, "ng-target", "150.5")  # a fraction of its points took 1505 x10 points
        assert error_text(ng) == "Target '150.5' is not a whole number in plain digits; give 1 to 203000."
        ng.query_one("#ng-target", Input).value = "203000"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.ctrl is not None and app.ctrl.game.target == 2_030_000


@pytest.mark.parametrize(("last", "shown"), [(2000, "200"), (1505, "500"), (2_030_010, "500")])
async def test_the_last_target_comes_back_where_it_is_one_of_the_variants(last: int, shown: str) -> None:
    """The field starts at the last game's target where the field would take it (a whole
    number in the variant's scale, in its range), else at the variant's own: double-deck's
    x10 1505 (150.5, typed when the field took fractions) is no target the field takes."""
    settings = Settings(last={"variant": "double-deck", "target": last})
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#ng-target", Input).value == shown


@pytest.mark.parametrize("seed", ["99999999999999999999", "inf", "1e309", "-5", "abc"])
async def test_the_seed_is_any_text(seed: str) -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        ng.query_one("#ng-seed", Input).value = seed
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.ctrl is not None and app.ctrl.seed == seed


async def test_the_last_games_seed_is_named_not_dealt_again() -> None:
    """A seed is one game's (seed 11 typed once dealt every later game
    the same cards): the field starts empty, the last seed is only named beside it; a game
    started from the empty field gets new deals, and the seed typed is kept for the line."""
    last = {"variant": "partnership", "target": 1500, "seed": "11"}
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=Settings(last=dict(last)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        assert ng.query_one("#ng-seed", Input).value == ""
        assert str(ng.query_one("#ng-last-seed", Static).render()) == "last game: 11"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.ctrl is not None and app.ctrl.seed != "11"
        assert app.settings.last["seed"] == ""
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, settings=Settings(last=dict(last)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-seed", Input).value = "11"  # typed again: the same cards
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.ctrl is not None and app.ctrl.seed == "11"
        assert app.settings.last["seed"] == "11"


async def test_the_seed_field_takes_at_most_its_length() -> None:
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.screen.query_one("#ng-seed", Input)
        field.focus()
        await pilot.press(*("7" * (SEED_MAX_LENGTH + 15)))
        assert field.value == "7" * SEED_MAX_LENGTH


# ---------------------------------------------------------------------- names from files

HOUSE = load_variants_text(
    '["\\u001b[31mRED"]\nextends = "partnership"\ndescription = "\\u001b[2Jwiped [/x] \\u009b1m"\n\n'
    '["[/x]bad"]\nextends = "partnership"\n',
    "house.toml",
    VARIANTS,
)


def screen_text(app: PinochleApp) -> str:
    """Every character the screen sends to the terminal (its styles aside)."""
    return "".join(seg.text for strip in app.screen._compositor.render_strips() for seg in strip)


async def test_preset_names_and_descriptions_are_drawn_visible() -> None:
    """A preset named with an escape sequence and one named like markup: listed, chosen and
    summarised without a raw ESC reaching the terminal, and without a markup error."""
    variants = {**VARIANTS, **HOUSE}
    last = {"variant": "\x1b[31mRED", "seats": [{"kind": "human", "name": "\x1b[1mYo"}] + [
        {"kind": "bot", "level": "random", "name": n} for n in ("West", "North", "East")
    ], "seed": "s\x1b[2J"}  # fmt: skip
    app = PinochleApp(variants, bot_delay=0, trick_delay=0, settings=Settings(last=last))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen) and ng.variant_name == "\x1b[31mRED"
        assert str(ng.query_one("#ng-summary", Static).render()) == "\\x1b[2Jwiped [/x] \\x9b1m"
        assert str(ng.query_one("#ng-last-seed", Static).render()) == "last game: s\\x1b[2J"
        assert next(iter(ng.query(".ng-name").results(Input))).value == "\\x1b[1mYo"
        sel = ng.query_one("#ng-variant", Select)
        sel.focus()
        await pilot.press("space")  # the list of presets opens (Enter starts the game)
        await pilot.press("end")  # the house presets come last, past the shipped ones
        await pilot.pause()
        text = screen_text(app)
        assert "\\x1b[31mRED" in text and "[/x]bad" in text
        assert "\x1b" not in text and "\x9b" not in text
        await pilot.press("escape")
        sel.value = "[/x]bad"
        await pilot.pause()
        assert str(ng.query_one("#ng-summary", Static).render()).startswith("4 players")
        assert "\x1b" not in screen_text(app)


async def test_a_preset_named_with_an_escape_is_drawn_visible_at_the_table_and_in_help() -> None:
    """The table's status line and the help's "Rules of …" draw a preset named
    ``ESC[31mRED`` with its escape visible (the raw ESC must not reach the terminal)."""
    variants = {**VARIANTS, **HOUSE}
    v = variants["\x1b[31mRED"]
    ctrl = Controller(v, default_seats(v.players, ["human", "random", "random", "random"]), seed=1)
    app = PinochleApp(variants, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "\\x1b[31mRED · hand 1" in text
        assert "\x1b" not in text and "\x9b" not in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rules = str(app.screen.query_one("#help-rules", Static).render())
        assert "Rules of \\x1b[31mRED" in rules and "\\x1b[2Jwiped [/x] \\x9b1m" in rules
        assert "\x1b" not in rules and "\x9b" not in rules


async def test_new_game_names_and_empty_target():
    from textual.widgets import Input

    from pinochle_tui.screens.newgame import NewGameScreen

    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        names = list(ng.query(".ng-name").results(Input))
        names[0].value = "West"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "West" in str(ng.query_one("#ng-error").render())
        names[0].value = "Ann"
        ng.query_one("#ng-target", Input).value = ""
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.ctrl is not None
        assert app.ctrl.game.target == app.ctrl.variant.game_target


SIX = [
    ("human", "Ann"),
    ("standard", "Dot"),
    ("human", "Bob"),
    ("easy", "Eve"),
    ("human", "Cy"),
    ("random", "Flo"),
]


def rows(ng: NewGameScreen) -> list[tuple[str, str, str]]:
    """Each seat row as (label, kind, name)."""
    return [
        (str(row.query_one(Label).render()), str(row.query_one(Select).value), row.query_one(Input).value)
        for row in ng.query("#ng-seats .ng-row")
    ]


async def test_the_new_game_screen_remembers_a_six_hand_seat_list(home: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_from_flags()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-variant", Select).value = "six-hand"
        await pilot.pause()
        await pilot.pause()
        for row, (kind, name) in zip(ng.query("#ng-seats .ng-row"), SIX, strict=True):
            row.query_one(Select).value = kind
            row.query_one(Input).value = name
        await pilot.pause()
        started: list[Any] = []  # the deal itself is not this test's (the choices are kept before it)
        monkeypatch.setattr(app, "start_new_game", lambda v, seats, seed, target: started.append((v.name, seats)))
        ng.action_start()
        assert started == [("six-hand", [Seat("human", n) if k == "human" else Seat("bot", n, k) for k, n in SIX])]
    saved = Settings.load()
    assert saved.problem is None
    assert saved.last["variant"] == "six-hand"
    assert [(s["kind"], s["level"] or "human", s["name"]) for s in saved.last["seats"]] == [
        ("human" if k == "human" else "bot", k, n) for k, n in SIX
    ]
    again = app_from_flags()
    async with again.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.pause()
        ng = again.screen
        assert isinstance(ng, NewGameScreen) and ng.notice is None
        # hot-seat (three humans): the compass names count from seat 1 (the bottom changes with the turn)
        assert rows(ng) == [
            ("Seat 1 (South)", "human", "Ann"),
            ("Seat 2 (West)", "standard", "Dot"),
            ("Seat 3 (Northwest)", "human", "Bob"),
            ("Seat 4 (North)", "easy", "Eve"),
            ("Seat 5 (Northeast)", "human", "Cy"),
            ("Seat 6 (East)", "random", "Flo"),
        ]


async def test_the_expert_think_field_is_as_wide_as_its_neighbours_at_80_columns(home: Any) -> None:
    """#ng-think had no width rule: at 80 columns it ran from x=20 to past the right edge (74 wide)."""
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        fields = ("ng-target", "ng-delay", "ng-trick-delay", "ng-think")
        boxes = {f: ng.query_one(f"#{f}", Input).region for f in fields}
        assert {f: (r.x, r.width) for f, r in boxes.items()} == {f: (22, 30) for f in boxes}  # after the labels


@pytest.mark.parametrize("variant", ["five-hand", "six-hand", "eight-hand"])
async def test_every_seat_label_is_one_row_at_80_columns(variant: str) -> None:
    """ "Seat 5 (Northeast)" wrapped onto a second row beside its fields."""
    from textual.widgets import Label

    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-variant", Select).value = variant
        await pilot.pause()
        await pilot.pause()
        labels = [lab for lab in ng.query("#ng-seats .ng-label").results(Label)]
        assert len(labels) == VARIANTS[variant].players
        texts = [str(lab.render()) for lab in labels]
        assert any("(North" in t or "(South" in t for t in texts), texts
        assert all(lab.region.height == 1 for lab in labels), [(t, lab.region) for t, lab in zip(texts, labels)]


async def test_an_empty_seconds_field_is_its_default_and_says_so() -> None:
    """Every field of seconds reads empty as its default and its placeholder says which, as
    the target's does (an empty bot delay or trick pause was 0 s, with no word of it, while
    an empty think said "empty: 1")."""
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, think=3.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        fields = ("ng-delay", "ng-trick-delay", "ng-think")
        assert [ng.query_one(f"#{f}", Input).placeholder for f in fields] == [
            "empty: the default, 0.6",
            "empty: the default, 1",
            "empty: the default, 1",
        ]
        assert ng.query_one("#ng-target", Input).placeholder == "empty: the default, 1500"
        for f in fields:
            ng.query_one(f"#{f}", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.ctrl is not None
        assert (app.bot_delay, app.trick_delay, app.think) == (0.6, 1.0, 1.0)


async def test_names_typed_and_levels_chosen_stay_where_their_seats_are_when_the_variant_changes(home: Any) -> None:
    app = app_from_flags()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-variant", Select).value = "three-hand"
        await pilot.pause()
        await pilot.pause()
        seats = list(ng.query("#ng-seats .ng-row"))
        seats[0].query_one(Input).value = "Ann"
        seats[1].query_one(Select).value = "expert"
        seats[1].query_one(Input).value = "Wes Bot"
        await pilot.pause()
        # the same number of seats: each row as it was
        ng.query_one("#ng-variant", Select).value = "cutthroat"
        await pilot.pause()
        await pilot.pause()
        assert [r[1:] for r in rows(ng)] == [("human", "Ann"), ("expert", "Wes Bot"), ("standard", "East")]
        # more seats: the first three as they were, the new one a default bot named for its
        # place at four seats (the third seat's default name follows the table too)
        ng.query_one("#ng-variant", Select).value = "partnership"
        await pilot.pause()
        await pilot.pause()
        assert [r[1:] for r in rows(ng)] == [
            ("human", "Ann"),
            ("expert", "Wes Bot"),
            ("standard", "North"),
            ("standard", "East"),
        ]
        # fewer seats: the last goes
        ng.query_one("#ng-variant", Select).value = "two-hand"
        await pilot.pause()
        await pilot.pause()
        assert [r[1:] for r in rows(ng)] == [("human", "Ann"), ("expert", "Wes Bot")]


async def test_hot_seat_keeps_the_compass_names_and_says_who_partners_whom() -> None:
    """Three people and a bot at the partnership table, at 80x24: the seats were labelled
    "Seat 1" ... "Seat 4", no compass name and no word of the partnerships.  The compass
    names count from seat 1, and a line under the seats says who plays with whom, and, for
    three people and a bot, that three-hand plays three with none; a form where each plays
    for self has no such line."""
    seats = [{"kind": "human", "name": n} for n in ("Mom", "Ann", "Ben")]
    seats.append({"kind": "bot", "level": "standard", "name": ""})
    app = PinochleApp(
        VARIANTS, bot_delay=0, trick_delay=0, settings=Settings(last={"variant": "partnership", "seats": seats})
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        assert rows(ng) == [
            ("Seat 1 (South)", "human", "Mom"),
            ("Seat 2 (West)", "human", "Ann"),
            ("Seat 3 (North)", "human", "Ben"),
            ("Seat 4 (East)", "standard", "Bot 4"),
        ]
        sides = ng.query_one("#ng-sides", Static)
        # three people and a bot: they may have meant three-hand, which the line says
        assert sides.display and str(sides.render()).splitlines() == [
            "Partners: Seats 1 & 3 against Seats 2 & 4",
            "3 people and a bot is fine; no bot: pick three-hand.",
        ]
        assert sides.region.y == ng.query_one("#ng-seats").region.bottom  # right under the seats
        assert sides.content_region.x == ng.query_one(".ng-kind").region.x and sides.region.height == 2
        start = ng.query_one("#ng-start").region
        assert start.bottom <= 23 and ng.query_one(".newgame").content_region.contains_region(start)  # in sight
        ng.query_one(f"#ng-kind-{ng._seat_gen}-2", Select).value = "standard"  # Ben's seat a bot: two people
        await pilot.pause()
        assert str(sides.render()) == "Partners: Seats 1 & 3 against Seats 2 & 4" and sides.region.height == 1
        ng.query_one("#ng-variant", Select).value = "three-hand"
        await until(pilot, lambda: len(ng.query("#ng-seats .ng-row .ng-name")) == 3)
        assert not sides.display


def test_the_sides_line_names_every_form_of_fixed_sides() -> None:
    from pinochle_tui.seating import sides_line

    assert sides_line(((0, 2), (1, 3))) == "Partners: Seats 1 & 3 against Seats 2 & 4"
    assert sides_line(((0, 2, 4), (1, 3, 5))) == "Teams: Seats 1, 3 & 5 against Seats 2, 4 & 6"
    assert sides_line(((0, 4), (1, 5), (2, 6), (3, 7))) == "Partners: Seats 1 & 5, 2 & 6, 3 & 7, 4 & 8"
    assert sides_line(((0,), (1,), (2,))) == ""
