"""Importing the rules builds nothing a game does not need at once (issue 12 §4: cold start
within 1.5 x a bare Textual app).  The pydantic reader of actions (`ACTION_ADAPTER`), the
save file's model and the settings file's checks are built on first use; a save is written
with `action_json`, which gives the adapter's JSON without building it."""

from __future__ import annotations

import subprocess
import sys

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


def test_importing_the_rules_the_save_and_the_settings_builds_no_adapter_or_model() -> None:
    code = (
        "import sys, rules, rules.actions, pinochle_tui.save as s, pinochle_tui.settings as st\n"
        "rules.load_variants()\n"
        "print('ACTION_ADAPTER' in vars(rules.actions), 'pydantic.type_adapter' in sys.modules,"
        " s.SaveFile.__pydantic_complete__, s.SavedSeat.__pydantic_complete__, st.LastSeat.__pydantic_complete__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["False"] * 5


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
    assert len(NUMERIC_KEYS) == 20
