"""Saves written by older versions of the game resume.  An x1 game's target may be a
fraction of its points: the new-game screen once read its target field as a decimal, so
"102.5" in three-hand became a target of 1025 x10 points.  A save always held its target,
as every number of the engine, in whole x10 points, so such a save holds the whole story
and resumes at its own target, shown as 102.5.

tests/data/save-first-format-three-hand.json is a three-hand game to 102.5 as the game's
first save format wrote it (no field but the ten it began with, its variant as that
version dumped it), saved three moves into hand 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tui_helpers import SIZE, app_from_flags, settle, table, text_of

from pinochle_tui.save import SaveError, load_game, to_json

OLD = Path(__file__).resolve().parent.parent / "data" / "save-first-format-three-hand.json"


def test_a_first_format_save_with_a_target_of_tenths_resumes_where_it_was(tmp_path: Path) -> None:
    saved = json.loads(OLD.read_text())
    assert sorted(saved) == ["app", "dealer", "finished", "format", "hands", "seats", "seed", "target", "variant",
                             "version"]  # fmt: skip
    c = load_game(OLD)
    assert (c.variant.name, c.variant.scale, c.first_target) == ("three-hand", 10, 1025)
    assert c.variant.fmt(c.game.target) == "102.5"
    assert (c.hand_no, len(c.score_history)) == (2, 2)
    # written again by this version (its actions in today's words) and read back: the same game
    again = to_json(c)
    keys = ("seed", "dealer", "target", "finished")
    assert {k: again[k] for k in keys} == {k: saved[k] for k in keys}
    assert [len(h) for h in again["hands"]] == [len(h) for h in saved["hands"]]
    rewritten = tmp_path / "game.json"
    rewritten.write_text(json.dumps(again))
    back = load_game(rewritten)
    assert (back.all_action_lists(), back.score_history) == (c.all_action_lists(), c.score_history)


def test_the_resumed_game_ends_at_the_first_hand_that_reaches_its_target_of_tenths() -> None:
    c = load_game(OLD)
    while not c.game.over:
        if c.round.result is not None:
            c.next_hand()
            continue
        seat = c.to_act
        action, problem = c.choose(c.round, seat, c.helper() if c.is_human(seat) else c.bot_for(seat))
        assert problem is None
        c.apply(action)
    last, before = c.score_history[-1], c.score_history[-2]
    assert c.game.target == 1025  # never raised: no two reached it together
    assert max(before) < 1025 <= max(last)
    assert c.game.winner == last.index(max(last))


async def test_the_table_says_the_target_as_the_game_shows_its_points(home: Path) -> None:
    data = home / "data"
    data.mkdir(parents=True)
    shutil.copy(OLD, data / "game-20261201-101010.json")
    app = app_from_flags(resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert text_of(table(app).query_one("#scores")).startswith("Scores · game to 102.5\n")


@pytest.mark.parametrize("target", [102.5, 1025.0, "102.5"], ids=["a fraction", "a float", "text"])
def test_a_target_no_version_wrote_is_refused_in_one_line(tmp_path: Path, target: object) -> None:
    """A target that is not a whole number of x10 points (102.5 written by hand, a float,
    text) is no save's: one line naming the file, the field and what it held."""
    data = json.loads(OLD.read_text())
    data["target"] = target
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert str(err.value) == (f"{path}: the saved game is damaged (the target is {target!r}, not a whole number)")
