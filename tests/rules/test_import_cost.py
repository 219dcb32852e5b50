"""Importing the rules builds nothing a game does not need at once (cold start
within 1.5 x a bare Textual app).  pydantic is imported only to read a save, or to word
what is wrong with a variants or settings file: `Variant` is a dataclass with its own
checks (`test_variant_fast_checks.py`), the reader of actions (`ACTION_ADAPTER`) and the
save file's model are built on first use, and a save is written with `action_json`,
which gives the adapter's JSON without building it.  The first table of a game imports
none of `DEFERRED`."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules import (
    ACTION_ADAPTER,
    Bid,
    Bury,
    ClaimMisdeal,
    Concede,
    DeclareDix,
    DeclareMeld,
    DraftCard,
    KeepHand,
    NameTrump,
    NoMeld,
    PassBid,
    PassCards,
    Play,
    PlayOn,
    Suit,
    TakeStock,
    parse_cards,
)
from rules.actions import action_json

ONE_OF_EACH = [
    Bid(300),
    PassBid(),
    NameTrump(Suit.HEARTS),
    PassCards(tuple(parse_cards("AS TS KH QH"))),
    Bury(tuple(parse_cards("9S 9H"))),
    Concede(),
    PlayOn(),
    Play(parse_cards("AS")[0]),
    Play(parse_cards("JD")[0], True),
    ClaimMisdeal(),
    KeepHand(),
    DeclareMeld("run", tuple(parse_cards("AS TS KS QS JS"))),
    DeclareDix(True),
    NoMeld(),
    TakeStock(False),
    DraftCard(True),
]


def test_importing_the_rules_loading_the_presets_and_writing_a_save_imports_no_pydantic(tmp_path: Path) -> None:
    """pydantic is only for reading a save, a bad variants file or a bad settings file:
    a game started and saved, with no settings file, never imports it."""
    code = (
        "import sys, rules, rules.actions, pinochle_tui.save as s, pinochle_tui.settings as st\n"
        "from pinochle_tui.controller import Controller, default_seats\n"
        "v = rules.load_variants()['partnership']\n"
        "st.Settings.load()\n"
        "ctrl = Controller(v, default_seats(4, None), seed='1')\n"
        "s.save_game(ctrl, s.new_save_path())\n"
        "print('ACTION_ADAPTER' in vars(rules.actions), sorted(m for m in sys.modules if 'pydantic' in m))"
    )
    env = dict(os.environ, PINOCHLE_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert done.stdout.split() == ["False", "[]"], done.stderr


DEFERRED = (
    "pydantic",  # reading a save, a bad variants or settings file
    "pydantic_core",
    "annotated_types",
    "bots.endgame",  # the two-hand stock game's endgame solver
    "rules.stock_round",  # the two-hand flows: with their first round (rules.rounds._Flows)
    "rules.draft_round",
    "bots.two_hand",
    "sqlite3",  # the statistics, when a hand is over
    "tomllib",  # a variants file of your own, or an edited variants.toml (rules.shipped_presets)
    "pinochle_tui.stats",
    "pinochle_tui.simulate",
    "pinochle_tui.screens.newgame",  # not shown when the flags start a game
    "pinochle_tui.screens.stats",
    "pinochle_tui.screens.dialogs",  # help, tricks, meld, hint, confirmations
    "pinochle_tui.screens.settings",  # the settings screen; the start's settings are widgets.start_settings
    "pinochle_tui.panels.passing",  # the panels of later phases, with their panel
    "pinochle_tui.panels.tricks",
    "pinochle_tui.panels.stock",
    "pinochle_tui.panels.draft",
    "plotext",
    "rich.pretty",  # RichLog's; the table's log is its own (pinochle_tui.screens.table.TableLog)
    "textual.widgets._rich_log",
    "textual_plotext",
)
"""Modules the first table of a game started from the flags does not import."""

FIRST_TABLE = """
import asyncio, sys
from pinochle_tui.cli import build_parser
from pinochle_tui.app_main import build_app
from pinochle_tui.screens.table import TableScreen

args = build_parser().parse_args(sys.argv[1:])
app = build_app(args)


async def main():
    async with app.run_test(size=(100, 36)) as pilot:
        for _ in range(200):
            if isinstance(app.screen, TableScreen) and app.screen.query("#scores"):
                break
            await pilot.pause(0.01)
        loaded = {m.split(".")[0] if m.startswith("pydantic") else m for m in sys.modules}
        print(type(app.screen).__name__, sorted(loaded))


asyncio.run(main())
"""


def test_the_first_table_of_a_game_imports_none_of_the_deferred_modules(tmp_path: Path) -> None:
    argv = ["--variant", "partnership", "--seats", "human,random,random,random", "--seed", "1", "--bot-delay", "0"]
    env = dict(os.environ, PINOCHLE_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", FIRST_TABLE, *argv], capture_output=True, text=True, timeout=120, env=env
    )
    screen, _, modules = done.stdout.partition(" ")
    assert screen == "TableScreen", done.stderr[-2000:]
    loaded = set(ast.literal_eval(modules))
    assert [m for m in DEFERRED if m in loaded] == []
    assert "rules" in loaded and "bots.standard" in loaded  # the bidding help's estimate


START_DATACLASSES = {
    "pinochle_tui.controller.Decision",
    "pinochle_tui.settings.Settings",
    "rules.variant.Variant",
}
"""The dataclasses of our modules the first table loads.  Building one is the dearest class
there is (each method compiled from source: a frozen one about 4 M instructions, a
NamedTuple a tenth of it), so a record the start needs is a NamedTuple or a plain class
(the argparse types, the footer's keys, the trick grids, the meld tables, a
hand's result and its check events, the seats' spots, the bidding help's estimate, the palette's commands,
the seats, the game's state, the table's context for the panels)."""


def test_the_first_table_builds_no_dataclass_beyond_those_it_had(tmp_path: Path) -> None:
    argv = ["--variant", "partnership", "--seats", "human,random,random,random", "--seed", "1", "--bot-delay", "0"]
    listing = (
        "import dataclasses\n"
        "print(type(app.screen).__name__, sorted(f'{m.__name__}.{k}' for m in list(sys.modules.values())"
        " if m.__name__.split('.')[0] in ('pinochle_tui', 'rules', 'bots')"
        " for k, c in vars(m).items() if isinstance(c, type) and dataclasses.is_dataclass(c)"
        " and c.__module__ == m.__name__))"
    )
    code = FIRST_TABLE.replace(
        "        print(type(app.screen).__name__, sorted(loaded))", "        " + listing.replace("\n", "\n        ")
    )
    env = dict(os.environ, PINOCHLE_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120, env=env)
    screen, _, names = done.stdout.partition(" ")
    assert screen == "TableScreen", done.stderr[-2000:]
    assert set(ast.literal_eval(names)) <= START_DATACLASSES


@pytest.mark.parametrize("action", ONE_OF_EACH, ids=lambda a: type(a).__name__)
def test_action_json_is_the_adapters_json(action: object) -> None:
    data = action_json(action)
    assert data == ACTION_ADAPTER.dump_python(action, mode="json")
    assert list(data) == list(ACTION_ADAPTER.dump_python(action, mode="json"))  # same key order
    assert ACTION_ADAPTER.validate_python(data) == action


def test_action_json_of_a_bid_and_a_pass() -> None:
    assert action_json(Bid(300)) == {"amount": 300, "kind": "bid"}
    assert action_json(NameTrump(Suit.CLUBS)) == {"suit": "C", "kind": "name_trump"}
    assert action_json(Bury(tuple(parse_cards("9S 9H")))) == {"cards": ["9S", "9H"], "kind": "bury"}


def test_the_adapter_is_one_object_and_other_names_are_not_there() -> None:
    import rules.actions

    assert rules.ACTION_ADAPTER is rules.actions.ACTION_ADAPTER is ACTION_ADAPTER
    with pytest.raises(AttributeError, match="has no attribute 'NO_SUCH_THING'"):
        _ = rules.NO_SUCH_THING  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="has no attribute 'NO_SUCH_THING'"):
        _ = rules.actions.NO_SUCH_THING  # type: ignore[attr-defined]


def test_the_number_check_is_on_every_key_that_holds_a_number_and_no_other() -> None:
    """`Variant._no_true_for_numbers` runs on `NUMERIC_KEYS` only (on all 65 keys it made
    building the model four times as slow): every field whose type holds a whole number."""
    import typing

    from rules import Variant
    from rules.variant import NUMERIC_KEYS

    def holds_int(annotation: object) -> bool:
        if annotation in (int, int | None):
            return True
        args = typing.get_args(annotation)
        if typing.get_origin(annotation) is typing.Literal:
            return any(type(a) is int for a in args)
        return typing.get_origin(annotation) is tuple

    numeric = [name for name, f in Variant.model_fields.items() if holds_int(f.annotation)]
    assert sorted(NUMERIC_KEYS) == sorted(numeric)
    assert len(NUMERIC_KEYS) == 23


def test_each_variant_field_has_the_type_get_type_hints_gives() -> None:
    """`rules.variant._knobs` evaluates each annotation's text once, not through
    `typing.get_type_hints` (half of importing the module): the same types."""
    import typing

    from rules import Variant

    hints = typing.get_type_hints(Variant)
    assert len(Variant.model_fields) == 76
    assert {name: knob.annotation for name, knob in Variant.model_fields.items()} == {
        name: hints[name] for name in Variant.model_fields
    }
