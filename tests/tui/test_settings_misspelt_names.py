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
