"""Start-up imports only what the first screen needs.  A fresh interpreter
builds the app as `pinochle` does, runs it headless until the first screen is up, and
lists what it imported; the statistics (sqlite3, the plots), the simulation and the
screens not shown yet must not be among them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import asyncio, json, sys
from pinochle_tui.cli import build_parser
from pinochle_tui.app_main import build_app

app = build_app(build_parser().parse_args(sys.argv[1:]))


async def first_screen():
    async with app.run_test(size=(100, 36)) as pilot:
        for _ in range(5):
            await pilot.pause()
        return type(app.screen).__name__


shown = asyncio.run(first_screen())
print(json.dumps({"screen": shown, "modules": sorted(sys.modules)}))
"""

# never needed before a hand is over or their screen opens
LATER = [
    "sqlite3",
    "plotext",
    "textual_plotext",
    "pinochle_tui.stats",
    "pinochle_tui.screens.stats",
    "pinochle_tui.simulate",
    "rules.playout",
    "tomlkit",  # your house rules' file is written with it only when a preset is saved
]


def first_screen_modules(tmp_path: Path, *argv: str) -> tuple[str, set[str]]:
    env = dict(os.environ, PINOCHLE_HOME=str(tmp_path))
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout.strip().splitlines()[-1])
    return d["screen"], set(d["modules"])


def test_a_game_from_the_flags_loads_no_new_game_screen_statistics_or_simulation(tmp_path: Path) -> None:
    screen, mods = first_screen_modules(
        tmp_path, "--variant", "partnership", "--seats", "human,random,random,random", "--seed", "1", "--bot-delay", "0"
    )
    assert screen == "TableScreen"
    assert sorted(m for m in [*LATER, "pinochle_tui.screens.newgame"] if m in mods) == []


def test_the_new_game_screen_loads_no_table_saving_bots_statistics_or_simulation(tmp_path: Path) -> None:
    screen, mods = first_screen_modules(tmp_path)
    assert screen == "NewGameScreen"
    not_yet = [*LATER, "pinochle_tui.screens.table", "pinochle_tui.save", "bots.standard", "bots.easy"]
    assert sorted(m for m in not_yet if m in mods) == []


@pytest.mark.parametrize("argv", [["--help"], ["variants"]])
def test_the_command_line_alone_loads_no_simulation_and_no_textual(argv: list[str]) -> None:
    code = (
        "import sys\nfrom pinochle_tui.cli import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m in ('textual', 'pinochle_tui.simulate', 'rules.playout')))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_start_up_runs_without_the_cyclic_collector_and_turns_it_back_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """What start-up builds lives for ever, so a collection then frees nothing: the
    collector is off from `main` until `settle_heap` (the app calls it after its first
    frame) or `main` returns, and on again after."""
    import gc

    from pinochle_tui import app_main, cli

    seen: list[tuple[str, bool]] = []

    def listing(args: object) -> int:
        seen.append(("variants", gc.isenabled()))
        return 0

    class App:
        def run(self, **kw: object) -> int:  # (on the loop run_app gives it)
            seen.append(("app runs", gc.isenabled()))
            return 0

    def build(args: object, **kw: object) -> App:
        seen.append(("app built", gc.isenabled()))
        return App()

    monkeypatch.setattr(cli, "cmd_variants", listing)
    monkeypatch.setattr(app_main, "build_app", build)
    assert gc.isenabled()
    assert cli.main(["variants"]) == 0
    assert gc.isenabled()
    assert cli.main(["--seed", "1"]) == 0
    assert gc.isenabled()
    assert cli.main(["meld", "XX", "--trump", "S"]) == 2  # refused: on again all the same
    assert gc.isenabled()
    assert seen == [("variants", False), ("app built", False), ("app runs", False)]
