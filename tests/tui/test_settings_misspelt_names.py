"""A name misspelt in settings.json (a card order, a theme, a key of a remap) is named with
the one it is near, "(did you mean rank?)", as a misspelt key of the file is and as the
command line names a misspelt variant (`spelling.did_you_mean`); a name near none is named
alone."""

from __future__ import annotations

import json
from pathlib import Path

from test_damaged_files import write_settings

from pinochle_tui.settings import Settings

NOT_A_KEY = (
    "give one character or a key's name (f1-f12, space, enter, tab, up, pageup, ...), with ctrl+, alt+ or shift+ "
    "before it if you like; several keys with commas"
)


def test_a_misspelt_name_in_the_file_is_named_with_the_one_it_is_near() -> None:
    raw = {
        "card_order": "Rnak",
        "bot_dealy": 1,
        "keys": {"hint": "entr", "undo": "ctrl+pgup", "auto": "zzz"},
        "last": {"sede": "x"},
    }
    _s, wrong = Settings.from_bytes(json.dumps(raw).encode())
    assert wrong == [
        "card_order is 'Rnak' (did you mean rank?), not one of trump, suit, rank",
        "bot_dealy is not a setting (did you mean bot_delay?)",
        f"keys.hint: key 'entr' for hint is not a key (did you mean enter?): {NOT_A_KEY}",
        f"keys.undo: key 'ctrl+pgup' for undo is not a key (did you mean ctrl+pageup?): {NOT_A_KEY}",
        f"keys.auto: key 'zzz' for play for me is not a key: {NOT_A_KEY}",
        "last.sede is not a setting (did you mean seed?)",
    ]


def test_a_misspelt_theme_is_named_with_the_apps_theme_it_is_near(home: Path) -> None:
    themes = ["nord", "textual-dark", "textual-light"]
    listed = "(to list them: ctrl+p, then type theme)"
    for theme, line in [
        ("nrod", f"theme is 'nrod' (did you mean nord?), not one of the app's themes {listed}"),
        ("Textual Dark", "theme is 'Textual Dark' (did you mean textual-dark?), not a theme's name (letters, digits "
         "and -, e.g. \"textual-light\"; \"\" for the default)"),
        ("purple", f"theme is 'purple', not one of the app's themes {listed}"),
    ]:  # fmt: skip
        write_settings(home, json.dumps({"theme": theme}).encode())
        assert Settings.load(themes).problems == (line,)


LAST = {
    "variant": "two-hnad",
    "target": 500,
    "seed": "7",
    "seats": [{"kind": "humna", "name": "Ann"}, {"kind": "bot", "name": "Bo", "level": "easy"}],
}


def test_an_unknown_variant_and_a_misspelt_seat_of_the_last_game_are_named_and_the_rest_kept(home: Path) -> None:
    """``last.variant`` none of the run's variants was passed over in silence (the new-game
    screen offered another), and a seat's kind misspelt ("humna") was kept as a newer
    version's: each is a wrong entry of the notice now, with the name it is near; the
    variant is left out (the screen's default is offered), the seat is read as the kind it misspells,
    and every other choice and setting stays, in the file written back too."""
    from rules import load_variants

    variants = list(load_variants())
    path = write_settings(home, json.dumps({"bot_delay": 0.2, "last": LAST}).encode())
    s = Settings.load(variants=variants)
    assert s.problems == (
        "last.variant is 'two-hnad' (did you mean two-hand?), not one of this run's variants (pinochle variants "
        "lists them)",
        "last.seats: seat 1 (Ann)'s kind is 'humna' (did you mean human?), not one of human, bot, remote, so it is "
        "read as human",
    )
    assert s.problem is not None and s.problem.startswith(f"{path}: last.variant is 'two-hnad' ")
    kept = {
        "target": 500,
        "seed": "7",
        "seats": [{"kind": "human", "name": "Ann", "level": ""}, {"kind": "bot", "name": "Bo", "level": "easy"}],
    }
    assert (s.bot_delay, s.last) == (0.2, kept)
    written = json.loads(path.read_text())
    assert (written["bot_delay"], written["last"]) == (0.2, kept)
    assert json.loads((path.parent / "settings.json.bad").read_text())["last"] == LAST
    # a variant near none of the run's is a variants file's, no damage (test_settings_variants_file)
    assert Settings.from_bytes(json.dumps({"last": {"variant": "mine"}}).encode(), variants)[1] == []
    assert Settings.from_bytes(json.dumps({"last": {"variant": "mine"}}).encode(), [*variants, "mine"])[1] == []


async def test_the_app_says_the_last_games_unknown_variant_in_its_settings_notice(home: Path) -> None:
    from test_damaged_files import said_at_start
    from tui_helpers import app_from_flags

    write_settings(home, json.dumps({"last": {"variant": "two-hnad"}}).encode())
    app = app_from_flags()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        said = said_at_start(app)
        assert any("last.variant is 'two-hnad' (did you mean two-hand?)" in t for t in said), said


def test_a_misspelt_bot_level_is_named_and_that_seat_plays_the_default_level(home: Path) -> None:
    """A bot's level misspelt ("expret") fell back to the default level in silence: it is a
    wrong entry now, named with the level it is near, as a seat's misspelt kind is; that
    seat's level alone goes back to the default ("": the new-game screen's), its kind and
    name and every other choice stay, and the file is set aside and written back, not
    dropped.  A level near none of the levels is a newer version's, kept as it was."""
    seats = [
        {"kind": "human", "name": "Ann", "level": ""},
        {"kind": "bot", "name": "Bo", "level": "expret"},
        {"kind": "bot", "name": "Cy", "level": "Easy"},
        {"kind": "bot", "name": "Di", "level": "grandmaster"},
    ]
    last = {"variant": "partnership", "target": 1500, "seed": "7", "seats": seats}
    path = write_settings(home, json.dumps({"think": 2.0, "last": last}).encode())
    s = Settings.load(variants=["partnership"])
    assert s.problems == (
        "last.seats: seat 2 (Bo)'s level is 'expret' (did you mean expert?), not one of random, easy, standard, expert",
        "last.seats: seat 3 (Cy)'s level is 'Easy' (did you mean easy?), not one of random, easy, standard, expert",
    )
    assert s.problem is not None and s.problem.startswith(f"{path}: last.seats: seat 2 (Bo)'s level is 'expret' ")
    kept_seats = [seats[0], {**seats[1], "level": ""}, {**seats[2], "level": ""}, seats[3]]
    kept = {**last, "seats": kept_seats}
    assert (s.think, s.last) == (2.0, kept)
    written = json.loads(path.read_text())
    assert (written["think"], written["last"]) == (2.0, kept)
    assert json.loads((path.parent / "settings.json.bad").read_text())["last"] == last
    # a human seat's level is not read (nobody plays it): no damage
    human = {"seats": [{"kind": "human", "name": "Ann", "level": "expret"}, seats[1] | {"level": "expert"}]}
    assert Settings.from_bytes(json.dumps({"last": human}).encode())[1] == []


def test_the_bot_levels_settings_know_are_the_bots_own() -> None:
    import bots
    from pinochle_tui.settings import BOT_LEVELS

    assert BOT_LEVELS == bots.LEVELS == ("random", "easy", "standard", "expert")


FAMILY = [
    {"kind": "human", "name": "Mum"},
    {"kind": "humna", "name": "Ella"},
    {"kind": "human", "name": "Dad"},
    {"kind": "bot", "name": "Bo", "level": "easy"},
]
ELLA = (
    "last.seats: seat 2 (Ella)'s kind is 'humna' (did you mean human?), not one of human, bot, remote, so it is read "
    "as human"
)


def test_a_misspelt_seat_kind_is_read_as_the_kind_it_misspells_whichever_seat(home: Path) -> None:
    """A hot-seat file whose second seat's kind is misspelt ("humna"): that seat was made a
    bot (the default of any seat but the first), so a child's seat went to a bot.  It is
    read as the one kind it misspells, a person here, named with its seat and name; no
    default took its place, so the notice says no "defaults"; the file as it was is kept
    as settings.json.bad and written back with the kind read."""
    last = {"variant": "partnership", "seats": FAMILY}
    path = write_settings(home, json.dumps({"last": last}).encode())
    s = Settings.load(variants=["partnership"])
    assert s.problems == (ELLA,)
    assert s.problem == f"{path}: {ELLA}; the file was kept as settings.json.bad"
    written = json.loads(path.read_text())["last"]["seats"]
    assert [seat["kind"] for seat in s.last["seats"]] == [seat["kind"] for seat in written] == ["human"] * 3 + ["bot"]
    assert json.loads((path.parent / "settings.json.bad").read_text())["last"] == last
    # a bot's kind misspelt at the first seat is a bot (its default was a person), and a
    # friend's at another terminal is still there
    other = [{"kind": "Bto", "name": "", "level": "easy"}, {"kind": "remtoe", "name": "Al"}, *FAMILY[2:]]
    s, wrong = Settings.from_bytes(json.dumps({"last": {"seats": other, "seed": 5}}).encode())
    assert [seat["kind"] for seat in s.last["seats"]] == ["bot", "remote", "human", "bot"]
    assert wrong == [
        "last.seats: seat 1's kind is 'Bto' (did you mean bot?), not one of human, bot, remote, so it is read as bot",
        "last.seats: seat 2 (Al)'s kind is 'remtoe' (did you mean remote?), not one of human, bot, remote, so it is "
        "read as remote",
        "last.seed is 5, not text",
    ]


async def test_the_new_game_screen_says_which_seat_was_misspelt_above_its_seat_rows(home: Path) -> None:
    """At 80x24 the notice of the damaged file stood at the top right over the seat rows,
    the very seat it was about: on the new-game screen it is the screen's own line above
    the form, every seat row in sight under it, and seat 2 is a person, named Ella."""
    from textual.widgets import Input, Select
    from tui_helpers import app_from_flags

    from pinochle_tui.screens.newgame import NewGameScreen

    path = write_settings(home, json.dumps({"last": {"variant": "partnership", "seats": FAMILY}}).encode())
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert list(app._notifications) == []
        line = screen.query_one("#ng-settings-notice")
        assert str(line.content) == f"Settings: {path}: {ELLA}; the file was kept as settings.json.bad"
        kinds = list(screen.query(".ng-kind").results(Select))
        names = list(screen.query(".ng-name").results(Input))
        assert [k.value for k in kinds] == ["human", "human", "human", "easy"]
        assert [n.value for n in names] == ["Mum", "Ella", "Dad", "Bo"]
        for row in (*kinds, *names):
            assert row.region.y >= line.region.bottom
            assert row.region.bottom <= 24 - 1  # (over the footer's row)
            assert row.region.height == 1


async def test_the_settings_screen_lists_a_misspelt_seat_kind_as_read_not_as_a_default(home: Path) -> None:
    """The settings screen's list said "the game uses the defaults for this entry" of a seat
    read as the kind it misspells: it says the entry was read as it says."""
    from test_settings_screen import open_settings
    from tui_helpers import app_from_flags, text_of

    write_settings(home, json.dumps({"last": {"variant": "partnership", "seats": FAMILY}}).encode())
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        assert text_of(screen.query_one("#set-file-problems")).splitlines() == [
            "settings.json when the game started: this entry was wrong, and is read as it says:",
            f"  - {ELLA}",
        ]
