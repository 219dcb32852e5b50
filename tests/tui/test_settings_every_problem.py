"""A damaged settings file's notice names every wrong entry: it named
three and ended "and 1 more", so a player could not learn the fourth entry nor what it may
hold.  Now `Settings.problem` names every one with what is allowed; where the notice would
not fit the screen it says how many and the first, and the settings screen lists every one
(`Settings.problems`), there until the settings are saved."""

from __future__ import annotations

import json
from pathlib import Path

from test_damaged_files import said_at_start, toasts, write_settings
from test_settings_screen import open_settings
from tui_helpers import app_from_flags, text_of

from pinochle_tui.app import settings_notice, toast_rows
from pinochle_tui.settings import Settings

FOUR = {"card_order": "diagonal", "auto_play_forced": "yes", "ascii": 1, "theme": "Bad Theme!", "bot_delay": 2}
FOUR_WRONG = (
    "card_order is 'diagonal', not one of trump, suit, rank",
    "auto_play_forced is 'yes', not true or false",
    "ascii is 1, not true or false",
    'theme is \'Bad Theme!\', not a theme\'s name (letters, digits and -, e.g. "textual-light"; "" for the default)',
)
KEPT = "the game uses the defaults for that, and the file was kept as settings.json.bad"
IDS = ("continue", "play", "bid", "confirm", "choose", "pick", "raise", "lower", "pass_bid", "auto", "hint", "undo")
MANY = {"keys": {bid: k for k, bid in enumerate(IDS)}}  # twelve remaps that are no keys


def test_the_notice_names_all_four_entries(home: Path) -> None:
    path = write_settings(home, json.dumps(FOUR).encode())
    s = Settings.load()
    assert s.problems == FOUR_WRONG
    assert s.problem == f"{path}: {'; '.join(FOUR_WRONG)}; {KEPT}"  # it ended "ascii is 1, ...; and 1 more"
    assert "more" not in s.problem


async def test_the_app_shows_every_entry_where_the_notice_fits(home: Path) -> None:
    path = write_settings(home, json.dumps(FOUR).encode())
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert said_at_start(app) == [f"{path}: {'; '.join(FOUR_WRONG)}; {KEPT}"]


async def test_many_entries_are_counted_in_the_notice_and_all_listed_in_the_settings(home: Path) -> None:
    path = write_settings(home, json.dumps(MANY).encode())
    wrong = tuple(f'keys.{bid} is {k}, not keys as text (e.g. "f5")' for k, bid in enumerate(IDS))
    app = app_from_flags()
    assert app.settings.problems == wrong
    assert app.settings.problem == f"{path}: {'; '.join(wrong)}; {KEPT}"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert said_at_start(app) == [
            f"{path}: 12 entries are wrong (the first: {wrong[0]}); the game uses the defaults for them, and "
            "the file was kept as settings.json.bad. Every one, with what is allowed, is listed in the settings "
            "(o on the new-game screen, or ctrl+p then Settings)"
        ]
        screen = await open_settings(pilot)
        listed = text_of(screen.query_one("#set-file-problems")).splitlines()
        assert listed == [
            "settings.json when the game started: the game uses the defaults for these 12 entries, which were wrong:",
            *(f"  - {w}" for w in wrong),
        ]


async def test_the_settings_screen_takes_down_the_notice_that_covered_its_list(home: Path) -> None:
    """The start-up notice of a damaged file stood over the top right of the screen for
    30 s, and the settings screen lists the same entries there: opened, it takes that
    notice down (its list says them all); another notice stays.  A game resumed at the
    start opens on the table, where the notice is one at the top right."""
    path = write_settings(home, json.dumps(FOUR).encode())
    app = app_from_flags(variant="partnership", seats="human,random,random,random")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert toasts(app) == [f"{path}: {'; '.join(FOUR_WRONG)}; {KEPT}"]
        app.notify("another notice", markup=False)
        from pinochle_tui.screens.settings import SettingsScreen

        app.push_screen(SettingsScreen())  # (the palette's Settings, as at the table)
        await pilot.pause()
        # (a toast is drawn from the notices not expired: `ToastRack.show`)
        assert toasts(app) == ["another notice"]
        await pilot.press("escape")  # back at the table: not drawn there again
        await pilot.pause()
        assert toasts(app) == ["another notice"]


async def test_the_settings_screen_takes_down_the_new_game_screens_line_of_the_file(home: Path) -> None:
    """On the new-game screen the wrong entries are its own line over the form, not a
    notice over it: the settings screen lists them all, so back at the form the line is gone."""
    path = write_settings(home, json.dumps(FOUR).encode())
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert said_at_start(app) == [f"{path}: {'; '.join(FOUR_WRONG)}; {KEPT}"]
        assert toasts(app) == []
        await open_settings(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert said_at_start(app) == []
        assert not app.screen.has_class("-notice")


async def test_one_entry_is_listed_in_the_settings_too(home: Path) -> None:
    write_settings(home, b'{"bot_delay": "fast"}')
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        assert text_of(screen.query_one("#set-file-problems")).splitlines() == [
            "settings.json when the game started: the game uses the defaults for this entry, which was wrong:",
            "  - bot_delay is 'fast', not seconds from 0 to 10",
        ]


async def test_a_good_file_lists_nothing(home: Path) -> None:
    write_settings(home, b'{"bot_delay": 2}')
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        assert not screen.query("#set-file-problems")
        assert toasts(app) == []


def test_the_whole_notice_where_it_fits_the_screen() -> None:
    """58 cells wide at 80 columns (three quarters of the rack, the screen less 2), 55
    inside; 60 at 120 columns, 57 inside.  The rows from the top through the notice: two of
    margin, two of padding, the title and the text's wrapped lines.  The whole notice where
    it ends over the 7 rows at the bottom (a resumed table's hand, prompt and keys), else
    the brief one."""
    assert toast_rows("x" * 55, 80) == 6
    assert toast_rows("x" * 56, 80) == 7
    assert toast_rows("x" * 57, 120) == 6
    assert toast_rows("x" * 58, 120) == 7
    whole, brief = "y " * 400, "brief"  # 15 lines at 80 columns (27 y a line), 14 at 120 (28 a line)
    assert (toast_rows(whole, 80), toast_rows(whole, 120)) == (20, 19)
    assert settings_notice(whole, brief, 80, 24) == brief  # down to row 20: over the hand
    assert settings_notice(whole, brief, 80, 27) == whole
    assert settings_notice(whole, brief, 120, 26) == whole
    assert settings_notice(whole, brief, 120, 25) == brief
    assert settings_notice(whole, None, 80, 10) == whole  # one entry: no brief, the line as it is


async def test_a_file_unread_as_a_whole_is_listed_as_such_with_its_kept_copy(home: Path) -> None:
    """A settings file that is not JSON was listed as "the game uses the defaults for this
    entry, which was wrong", as if one entry had been: none of it could be read, every
    setting is its default, and the file as it was is kept under the name it was copied
    to (a second such file beside the first copy: ``settings.json.bad.2``)."""
    why = "not JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))"
    for kept in ("settings.json.bad", "settings.json.bad.2"):
        write_settings(home, b"{bot_delay: 0.2" if kept.endswith("bad") else b"{think: 3")
        app = app_from_flags()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_settings(pilot)
            listed = text_of(screen.query_one("#set-file-problems")).splitlines()
        assert (home / "config" / kept).exists()
        assert listed == [
            "settings.json could not be read at all when the game started: the game uses the default of every"
            f" setting, and the file as it was is kept as {kept}. What was wrong:",
            f"  - {why}",
        ]


async def test_a_file_too_large_to_read_is_listed_as_left_as_it_is(home: Path) -> None:
    """A file not read at all and not copied (too large, unreadable, not a regular file) is
    left where it is, untouched: the settings list says so and why."""
    from pinochle_tui.settings import MAX_SETTINGS_BYTES

    write_settings(home, b" " * (MAX_SETTINGS_BYTES + 1))
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        listed = text_of(screen.query_one("#set-file-problems")).splitlines()
    assert listed == [
        "settings.json could not be read at all when the game started: the game uses the default of every"
        " setting, and the file is left as it is. What was wrong:",
        "  - larger than 1 MiB, so it is not read (settings are a few hundred bytes)",
    ]


async def test_every_entry_listed_begins_in_lower_case(home: Path) -> None:
    """A remap's entry read "keys.hint: Key 'enter' for hint ..." beside "theme is ...":
    every entry is one phrase in lower case, the remap's as the others (the settings
    screen's own refusal of a key field is a sentence: test_settings_screen)."""
    write_settings(home, json.dumps({"theme": "Bad Theme!", "keys": {"hint": "enter"}}).encode())
    app = app_from_flags()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_settings(pilot)
        listed = text_of(screen.query_one("#set-file-problems")).splitlines()
    assert listed[1:] == [
        f"  - {FOUR_WRONG[3]}",
        "  - keys.hint: key 'enter' for hint is already the key of continue; give another, or remap continue too",
    ]
    assert all(line.removeprefix("  - ")[:1].islower() for line in listed[1:])


async def test_the_list_goes_once_the_settings_are_saved(home: Path) -> None:
    """Saved (ctrl+s), settings.json holds the screen's settings, each checked: the screen
    opened again listed what was wrong in the file "when the game started" as if it still
    were.  The copy of the file as it was stays where the list said."""
    path = write_settings(home, json.dumps(FOUR).encode())
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        assert text_of(screen.query_one("#set-file-problems")).splitlines()[0] == (
            "settings.json when the game started: the game uses the defaults for these 4 entries, which were wrong:"
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert toasts(app)[-1] == "Settings saved."
        screen = await open_settings(pilot)
        assert not screen.query("#set-file-problems")
        assert app.settings.problems == () and app.settings.problem is None
    assert Settings.load().problems == ()  # the file itself is clean
    assert json.loads(path.read_text())["card_order"] == "trump"
    assert (home / "config" / "settings.json.bad").read_bytes() == json.dumps(FOUR).encode()


async def test_the_list_stays_where_the_settings_could_not_be_saved(home: Path) -> None:
    """A file that could not be read is left as it is, and never written over: saving
    writes nothing, so the list of what was wrong stays, true still."""
    from pinochle_tui.settings import MAX_SETTINGS_BYTES

    write_settings(home, b" " * (MAX_SETTINGS_BYTES + 1))
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert toasts(app)[-1].startswith("Settings not saved: ")
        screen = await open_settings(pilot)
        assert text_of(screen.query_one("#set-file-problems")).splitlines()[1] == (
            "  - larger than 1 MiB, so it is not read (settings are a few hundred bytes)"
        )
