"""settings.json across versions: what a newer version writes that this one does not know
(a setting, a key of ``last`` or of ``keys``, seats of a kind it has no word for, as
"remote" was new once) is no damage: this version plays with what it knows and writes the
rest back as it was, so the newer version finds its settings again.  A wrong value of a
key this version knows is still damage: named, and the file kept as settings.json.bad."""

from __future__ import annotations

import json
from pathlib import Path

from tui_helpers import app_from_flags

from pinochle_tui.app import last_choices
from pinochle_tui.controller import Seat
from pinochle_tui.settings import Settings

NEWER_SEATS = [
    {"kind": "human", "name": "Ann", "level": ""},
    {"kind": "relay", "name": "Bo", "level": ""},  # a seat kind this version has no word for
    {"kind": "bot", "name": "Cy", "level": "easy"},
]
NEWER = {
    "bot_delay": 0.2,
    "table_felt": "green",
    "last": {"variant": "three-hand", "target": 500, "seats": NEWER_SEATS, "host_port": 7777},
    "keys": {"auto": "f5", "sort": "f6"},
}
# this version's own settings at their defaults, as its file holds them
OWN_DEFAULTS = {
    "bot_delay": 0.6,
    "trick_delay": 1.0,
    "think": 1.0,
    "card_order": "trump",
    "auto_play_forced": False,
    "ascii": False,
    "theme": "",
}


def write(home: Path, data: object) -> Path:
    p = home / "config" / "settings.json"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(data))
    return p


def test_a_newer_versions_file_is_read_without_a_notice_and_what_it_knows_is_used(home: Path) -> None:
    path = write(home, NEWER)
    s = Settings.load()
    assert (s.problem, s.problems) == (None, ())
    assert (s.bot_delay, s.keys, s.last) == (0.2, {"auto": "f5"}, {"variant": "three-hand", "target": 500})
    assert s.newer == {
        "table_felt": "green",
        "last": {"seats": NEWER_SEATS, "host_port": 7777},
        "keys": {"sort": "f6"},
    }
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]  # no .bad copy: nothing damaged


def test_what_this_version_writes_gives_a_newer_version_its_settings_back(home: Path) -> None:
    path = write(home, NEWER)
    s = Settings.load()
    s.ascii = True  # a change made on the settings screen, then saved
    assert s.save() is None
    assert json.loads(path.read_text()) == {**OWN_DEFAULTS, **NEWER, "ascii": True}


def test_a_new_game_keeps_a_newer_versions_settings_beside_its_own_choices(home: Path) -> None:
    path = write(home, NEWER)
    app = app_from_flags()
    seats = [Seat("human", "Ann"), Seat("bot", "B", "random"), Seat("bot", "C", "random")]
    app.remember("three-hand", seats, 500, "x", 0.2, remote={1})
    written = json.loads(path.read_text())
    assert written["last"] == {**last_choices("three-hand", seats, 500, "x", {1}), "host_port": 7777}
    assert (written["table_felt"], written["keys"]) == ("green", {"auto": "f5", "sort": "f6"})
    again = Settings.load()
    assert again.problem is None
    assert [seat["kind"] for seat in again.last["seats"]] == ["human", "remote", "bot"]


def test_a_wrong_value_beside_a_newer_versions_keys_is_still_damage_named_and_kept(home: Path) -> None:
    data = {"ascii": "yes", "table_felt": "green", "last": {"seats": [{"kind": 5}, {"kind": "bot"}]}}
    path = write(home, data)
    raw = path.read_bytes()
    s = Settings.load()
    assert s.problems == (
        "ascii is 'yes', not true or false",
        "last.seats is [{'kind': 5}, {'kind': 'bot'}], not 2 to 6 or 8 seats, each {kind: human|bot|remote, name, "
        "level}",
    )
    assert (path.parent / "settings.json.bad").read_bytes() == raw
    assert json.loads(path.read_text()) == {**OWN_DEFAULTS, "table_felt": "green", "last": {}, "keys": {}}


def test_a_misspelt_key_of_this_versions_own_is_damage_named_with_the_key_it_is_near(home: Path) -> None:
    # typed by hand: near one of this version's keys (a newer version's new key never is)
    path = write(
        home,
        {"thnik": 2.0, "last": {"targett": 500, "table_side": "n"}, "keys": {"undoo": "f8", "hnit": "f6"}, "felt": 1},
    )
    s = Settings.load()
    assert s.problems == (
        "thnik is not a setting (did you mean think?)",
        "last.targett is not a setting (did you mean target?)",
        "keys.undoo is not a binding id (did you mean undo?)",
        "keys.hnit is not a binding id (did you mean hint?)",  # (its letters in another order)
    )
    assert s.newer == {"last": {"table_side": "n"}, "felt": 1}
    assert (path.parent / "settings.json.bad").exists()
