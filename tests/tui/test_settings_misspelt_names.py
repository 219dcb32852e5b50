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
    variant is left out (the screen's default is offered), the seat takes its default kind,
    and every other choice and setting stays, in the file written back too."""
    from rules import load_variants

    variants = list(load_variants())
    path = write_settings(home, json.dumps({"bot_delay": 0.2, "last": LAST}).encode())
    s = Settings.load(variants=variants)
    assert s.problems == (
        "last.variant is 'two-hnad' (did you mean two-hand?), not one of this run's variants (pinochle variants "
        "lists them)",
        "last.seats: seat 1's kind is 'humna' (did you mean human?), not one of human, bot, remote",
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
    from test_damaged_files import toasts
    from tui_helpers import app_from_flags

    write_settings(home, json.dumps({"last": {"variant": "two-hnad"}}).encode())
    app = app_from_flags()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert any("last.variant is 'two-hnad' (did you mean two-hand?)" in t for t in toasts(app)), toasts(app)


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
        "last.seats: seat 2's level is 'expret' (did you mean expert?), not one of random, easy, standard, expert",
        "last.seats: seat 3's level is 'Easy' (did you mean easy?), not one of random, easy, standard, expert",
    )
    assert s.problem is not None and s.problem.startswith(f"{path}: last.seats: seat 2's level is 'expret' ")
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
