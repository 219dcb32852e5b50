"""Hostile settings files: a second broken settings.json is
kept as settings.json.bad.2 (never over the first copy), and the key remaps of the file are
checked by the settings screen's own rules (`keys_problem`): a remap that clashes, is not a
key or names no action of the table is refused in the one-line notice naming the file and
the key, the file kept as a .bad copy, and that action keeps its default key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tui_helpers import SIZE, app_from_flags, settle

from pinochle_tui.screens.dialogs import QuitScreen
from pinochle_tui.settings import Settings

NOT_A_KEY = (
    "is not a key: give one character or a key's name (f1-f12, space, enter, tab, up, pageup, ...), with ctrl+, "
    "alt+ or shift+ before it if you like; several keys with commas"
)


def write(home: Path, raw: bytes) -> Path:
    p = home / "config" / "settings.json"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(raw)
    return p


def test_a_second_broken_file_never_overwrites_the_first_copy(home: Path) -> None:
    first, second = b'{"bot_delay": "fast"}', b'{"ascii": "yes"}'
    path = write(home, first)
    assert Settings.load().problem == (
        f"{path}: bot_delay is 'fast', not seconds from 0 to 10; the game uses the defaults for that, "
        "and the file was kept as settings.json.bad"
    )
    write(home, second)
    assert Settings.load().problem == (
        f"{path}: ascii is 'yes', not true or false; the game uses the defaults for that, "
        "and the file was kept as settings.json.bad.2"
    )
    write(home, first)  # the first again: its copy is there already, no third
    assert Settings.load().problem is not None
    config = home / "config"
    assert (config / "settings.json.bad").read_bytes() == first
    assert (config / "settings.json.bad.2").read_bytes() == second
    assert sorted(p.name for p in config.iterdir()) == ["settings.json", "settings.json.bad", "settings.json.bad.2"]


KEYS = {
    "q for play for me": (
        b'{"keys": {"auto": "q"}}',
        "keys.auto: key 'q' for play for me is already the key of quit; give another, or remap quit too",
        {},
    ),
    "enter for hint": (
        b'{"keys": {"hint": "enter"}}',
        "keys.hint: key 'enter' for hint is already the key of continue; give another, or remap continue too",
        {},
    ),
    "f5 twice": (
        b'{"keys": {"auto": "f5", "hint": "f5"}}',
        "keys.hint: key 'f5' for hint is already the key of play for me; give another",
        {"auto": "f5"},
    ),
    "f99 under four modifiers": (
        b'{"keys": {"auto": "ctrl+alt+shift+super+f99"}}',
        f"keys.auto: key 'ctrl+alt+shift+super' for play for me {NOT_A_KEY}".replace(
            "a key:", "a key (did you mean ctrl+alt+shift+super+f9?):"
        ),
        {},
    ),
    "an escape sequence": (
        b'{"keys": {"auto": "\\u001b[31m"}}',
        f"keys.auto: key '\\x1b[31m' for play for me {NOT_A_KEY}",
        {},
    ),
    "ctrl+q": (
        b'{"keys": {"help": "ctrl+q"}}',
        "keys.help: key 'ctrl+q' for help is kept for quitting; give another",
        {},
    ),
    "a target of 10^12": (
        b'{"keys": {"auto": "f5"}, "last": {"target": 1000000000000, "seed": "s"}}',
        "last.target is 1000000000000, not a whole number of points from 1 to 100000000",
        {"auto": "f5"},
    ),
}


@pytest.mark.parametrize("kind", list(KEYS))
def test_a_refused_remap_is_one_line_and_the_file_is_kept(home: Path, kind: str) -> None:
    raw, why, keys = KEYS[kind]
    path = write(home, raw)
    s = Settings.load()
    assert (
        s.problem == f"{path}: {why}; the game uses the defaults for that, and the file was kept as settings.json.bad"
    )
    assert s.keys == keys
    assert (home / "config" / "settings.json.bad").read_bytes() == raw


async def test_q_still_quits_when_the_file_gave_it_to_play_for_me(home: Path) -> None:
    path = write(home, b'{"keys": {"auto": "q"}}')
    app = app_from_flags(seed="s1")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        notes: list[Any] = [str(n.message) for n in app._notifications]
        assert notes == [
            f"{path}: keys.auto: key 'q' for play for me is already the key of quit; give another, or remap quit "
            "too; the game uses the defaults for that, and the file was kept as settings.json.bad"
        ]
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
