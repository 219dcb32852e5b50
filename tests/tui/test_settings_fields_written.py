"""`Settings.save_fields` writes the settings it is given alone into settings.json as the
file is when it writes, atomically: what another pinochle saved since the file was read
stays (the join screen's last table, `screens.join`, wrote the whole copy read at the
start over it)."""

from __future__ import annotations

import json
from pathlib import Path

from test_damaged_files import write_settings

from pinochle_tui.settings import Settings


def test_only_the_fields_given_are_written_into_the_file_as_it_is_now(home: Path) -> None:
    path = write_settings(home, json.dumps({"think": 2.0}).encode())
    s = Settings.load()
    now = {"think": 5.0, "card_order": "rank", "keys": {"undo": "f9"}, "newer_key": {"x": 1}, "join_name": "Old"}
    path.write_text(json.dumps(now))
    s.join_address, s.join_name = "host:5000", ""
    assert s.save_fields("join_address", "join_name") is None
    # the empty name is left out, as the whole file leaves it
    assert json.loads(path.read_text()) == {
        "think": 5.0,
        "card_order": "rank",
        "keys": {"undo": "f9"},
        "newer_key": {"x": 1},
        "join_address": "host:5000",
    }
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]


def test_a_file_gone_holds_the_fields_alone(home: Path) -> None:
    s = Settings(bot_delay=0.2, join_address="host:5000", join_name="Ann")
    assert s.save_fields("join_address", "join_name") is None
    assert json.loads(Settings.path().read_text()) == {"join_address": "host:5000", "join_name": "Ann"}


def test_a_file_damaged_since_or_kept_is_not_written_over(home: Path) -> None:
    path = write_settings(home, b"{}")
    s = Settings.load()
    s.join_address = "host:5000"
    path.write_bytes(b"[1, 2")
    assert s.save_fields("join_address") == (
        f"{path} was not written: it is not JSON (Expecting ',' delimiter: line 1 column 6 (char 5)) now"
    )
    assert path.read_bytes() == b"[1, 2"
    path.write_bytes(b"[]")
    assert s.save_fields("join_address") == f"{path} was not written: it is not a JSON object of settings now"
    kept = Settings(keep_file=True, join_address="host:5000")
    assert kept.save_fields("join_address") == (
        f"{path} was not written: the file as it was is kept (see the notice at start-up)"
    )
    assert path.read_bytes() == b"[]"
