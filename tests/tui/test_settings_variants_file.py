"""The last game's variant from a ``--variants`` file: a run without the file lacks the
preset, which is no damage to settings.json (the player gave the file last time, not a
typo): the choice is kept as it was, with the file's path (``last.variants_file``), the
new-game screen offers its default variant, and the next run given the file offers the
game last played.  Only a name that misspells one of the run's presets, with no file named,
is damage (a hand edit: the game writes only names it played)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tui_helpers import app_from_flags

from pinochle_tui.controller import Seat
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.settings import Settings
from rules import load_variants

SHIPPED = list(load_variants())
SEATS = [Seat("human", "Ann"), Seat("bot", "Bo", "easy"), Seat("bot", "Cy", "expert"), Seat("bot", "Di", "easy")]


def test_a_preset_of_a_variants_file_is_remembered_with_the_file_and_kept_by_a_run_without_it(
    home: Path, tmp_path: Path, monkeypatch
) -> None:
    (tmp_path / "mine.toml").write_text('[partnership-mine]\nextends = "partnership"\ngame_target = 1000\n')
    monkeypatch.chdir(tmp_path)  # given as a relative path, remembered as an absolute one
    app = app_from_flags(variants="mine.toml")
    app.remember("partnership-mine", SEATS, 1000, "7", 0.6)
    path = home / "config" / "settings.json"
    last = json.loads(path.read_text())["last"]
    assert (last["variant"], last["variants_file"]) == ("partnership-mine", os.path.join(tmp_path, "mine.toml"))
    # the next run without the file: no notice, the choices kept as they were, no copy set aside
    s = Settings.load(variants=SHIPPED)
    assert (s.problem, s.problems, s.last) == (None, (), last)
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]
    assert NewGameScreen(load_variants(), s.last).variant_name == "partnership"  # its default variant
    # the run given the file again offers the game last played, with its seats
    again = app_from_flags(variants=str(tmp_path / "mine.toml"))
    assert again.settings.problem is None and again.settings.last == last
    screen = NewGameScreen(again.variants, again.settings.last)
    assert screen.variant_name == "partnership-mine"
    assert screen._seat_values(again.variants["partnership-mine"]) == [
        ("human", "Ann"),
        ("easy", "Bo"),
        ("expert", "Cy"),
        ("easy", "Di"),
    ]
    # a game of a run without a file names none
    app_from_flags().remember("partnership", SEATS, 1500, "", 0.6)
    assert "variants_file" not in json.loads(path.read_text())["last"]


def test_only_a_misspelt_preset_with_no_file_named_is_damage(home: Path) -> None:
    def wrong(last: dict) -> list[str]:
        return Settings.from_bytes(json.dumps({"last": last}).encode(), SHIPPED)[1]

    near = "last.variant is 'partnership-mine' (did you mean partnership-five?), not one of this run's variants"
    assert wrong({"variant": "partnership-mine"}) == [f"{near} (pinochle variants lists them)"]
    assert wrong({"variant": "partnership-mine", "variants_file": "/home/ann/mine.toml"}) == []
    # a name near none of them: a preset of a file the settings remembered no path of (an
    # older version's), kept as it is
    s, problems = Settings.from_bytes(json.dumps({"last": {"variant": "ours", "target": 500}}).encode(), SHIPPED)
    assert (problems, s.last) == ([], {"variant": "ours", "target": 500})
    assert wrong({"variant": "ours", "variants_file": ""}) == [
        "last.variants_file is '', not the path of a variants file"
    ]
