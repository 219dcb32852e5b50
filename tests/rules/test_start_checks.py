"""The start of a game checks only the preset it plays (issue 12 §4: `load_variants` ran
the playable checks on all fifteen shipped presets at every start).  The shipped presets
are built and checked when first looked up, listed or extended (`rules.variant.Presets`);
a user's variants file is checked whole at once, so a bad preset in it is still refused
in one line before anything starts (tests/cli, test_variants_file_kinds.py)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from rules import Variant, VariantError, load_variants
from rules.variant import Presets, load_variants_text, shipped_variants_path

FIRST_TABLE = """
import asyncio, sys
from rules.variant import Variant
checked = []
consistent = Variant._consistent
def counted(self):
    checked.append(self.name)
    return consistent(self)
Variant._consistent = counted
from pinochle_tui.cli import build_parser
from pinochle_tui.app_main import build_app
from pinochle_tui.screens.table import TableScreen

app = build_app(build_parser().parse_args(sys.argv[1:]))


async def main():
    async with app.run_test(size=(100, 36)) as pilot:
        for _ in range(200):
            if isinstance(app.screen, TableScreen) and app.screen.query("#scores"):
                break
            await pilot.pause(0.01)
        print(type(app.screen).__name__, repr((checked, app.variants.built())))


asyncio.run(main())
"""


def test_a_partnership_table_from_the_flags_checks_only_the_partnership_preset(tmp_path: Path) -> None:
    argv = ["--variant", "partnership", "--seats", "human,random,random,random", "--seed", "1", "--bot-delay", "0"]
    env = dict(os.environ, PINOCHLE_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", FIRST_TABLE, *argv], capture_output=True, text=True, timeout=120, env=env
    )
    screen, _, rest = done.stdout.strip().partition(" ")
    assert screen == "TableScreen", done.stderr[-2000:]
    checked, built = ast.literal_eval(rest)
    assert (checked, built) == (["partnership"], ["partnership"])


def test_loading_the_presets_checks_none_until_one_is_looked_up(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    consistent = Variant._consistent

    def counted(self: Variant) -> Variant:
        checked.append(self.name)
        return consistent(self)

    monkeypatch.setattr(Variant, "_consistent", counted)
    presets = load_variants()
    assert isinstance(presets, Presets)
    assert len(presets) == 16 and "three-hand" in presets and "no-such" not in presets
    assert list(presets)[:3] == ["partnership", "partnership-post1945", "partnership-hoyle"]
    assert checked == [] and presets.built() == []
    assert presets["three-hand"].players == 3
    assert checked == ["three-hand"] and presets.built() == ["three-hand"]
    assert presets["three-hand"] is presets.get("three-hand")  # built once
    assert checked == ["three-hand"]
    names = [v.name for v in presets.values()]  # listing checks every one, in file order
    assert names == list(presets) and sorted(checked) == sorted(names) and len(checked) == 16


def test_the_lazy_presets_are_the_eager_ones() -> None:
    text = shipped_variants_path().read_text(encoding="utf-8")
    eager = load_variants_text(text)
    assert type(eager) is dict
    for read in (dict, lambda p: {**p}, lambda p: dict(p.items()), lambda p: p.copy()):
        lazy = load_variants_text(text, lazy=True)
        assert list(read(lazy).items()) == list(eager.items())
        assert isinstance(lazy, Presets) and lazy == eager and lazy.built() == list(eager)
    lazy = load_variants_text(text, lazy=True)
    assert [lazy[name] for name in reversed(list(eager))] == list(reversed(eager.values()))


def test_a_bad_preset_in_a_users_file_is_refused_when_the_file_is_loaded(tmp_path: Path) -> None:
    """Not when the bad preset is first used: the one line comes where it came before."""
    f = tmp_path / "house.toml"
    f.write_text('[ours]\nextends = "partnership"\n\n[bad]\nextends = "three-hand"\nmin_bid = 900\n', encoding="utf-8")
    with pytest.raises(VariantError) as err:
        load_variants(f)
    assert str(err.value).startswith(f"{f}: preset 'bad', keys: min_bid 900 is too high for a game to end")
    f.write_text('[ours]\nextends = "partnership"\nmin_bid = 300\n', encoding="utf-8")
    merged = load_variants(f)
    assert isinstance(merged, Presets) and merged.built() == ["partnership", "ours"]
    assert merged["ours"].min_bid == 300 and list(merged)[-1] == "ours" and len(merged) == 17
    fresh = rules.load_variants()
    assert isinstance(fresh, Presets) and fresh.built() == []  # each load starts unbuilt
