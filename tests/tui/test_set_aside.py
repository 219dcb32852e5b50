"""A damaged settings file is set aside, as its notice says.

Before: the broken ``settings.json`` was copied to ``settings.json.bad`` but stayed where it
was, so every start repeated the notice until a new game wrote the file over.  Now the
copy holds its bytes and ``settings.json`` holds what was valid in it: the next start says
nothing; an older ``.bad`` is never written over.
"""

from __future__ import annotations

import json
from pathlib import Path

from pinochle_tui.settings import Settings

BROKEN = b'{"bot_delay": 0.5, "keys": {'


def write(home: Path, raw: bytes) -> Path:
    p = home / "config" / "settings.json"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(raw)
    return p


def test_a_file_that_is_not_json_is_set_aside_and_the_notice_comes_once(home: Path) -> None:
    path = write(home, BROKEN)
    first = Settings.load()
    assert first.problem == (
        f"{path}: not JSON (Expecting property name enclosed in double quotes: line 1 column 29 (char 28)); "
        "the game plays with the default settings, and the file was kept as settings.json.bad"
    )
    assert (path.parent / "settings.json.bad").read_bytes() == BROKEN
    assert json.loads(path.read_bytes()) == Settings().to_json()
    again = Settings.load()
    assert again.problem is None and again == Settings()
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json", "settings.json.bad"]


def test_what_was_valid_stays_in_settings_json(home: Path) -> None:
    raw = b'{"bot_delay": 0.2, "ascii": "yes", "keys": {"auto": "f5"}, "last": {"seed": "s1", "colour": 1}}'
    path = write(home, raw)
    assert Settings.load().problem is not None
    assert (path.parent / "settings.json.bad").read_bytes() == raw
    kept = json.loads(path.read_bytes())
    # last.colour, a key this version does not know, is no damage: kept, not used
    valid = (0.2, False, {"auto": "f5"}, {"seed": "s1", "colour": 1})
    assert (kept["bot_delay"], kept["ascii"], kept["keys"], kept["last"]) == valid
    again = Settings.load()
    assert again.problem is None
    assert (again.bot_delay, again.ascii, again.keys, again.last) == (0.2, False, {"auto": "f5"}, {"seed": "s1"})


def test_an_older_bad_copy_is_never_written_over(home: Path) -> None:
    path = write(home, b'{"ascii": "yes"}')
    Settings.load()
    write(home, BROKEN)
    assert Settings.load().problem is not None and Settings.load().problem is None
    config = path.parent
    assert (config / "settings.json.bad").read_bytes() == b'{"ascii": "yes"}'
    assert (config / "settings.json.bad.2").read_bytes() == BROKEN
    assert sorted(p.name for p in config.iterdir()) == ["settings.json", "settings.json.bad", "settings.json.bad.2"]
