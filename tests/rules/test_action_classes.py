"""The actions are plain classes that behave as the frozen slots dataclasses they were
(building the sixteen dataclasses was a third of importing the rules):
equality, hash, repr, frozen, pattern matching, pickling and pydantic's reading and
writing, checked against stdlib dataclasses of the same fields."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import subprocess
import sys
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from rules import (
    ACTION_ADAPTER,
    Bid,
    Bury,
    CallPartner,
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

AS = parse_cards("AS")[0]
ONE_OF_EACH = [
    Bid(300),
    PassBid(),
    NameTrump(Suit.HEARTS),
    CallPartner(AS),
    PassCards(tuple(parse_cards("AS TS KH QH"))),
    Bury(tuple(parse_cards("9S 9H"))),
    Concede(),
    PlayOn(),
    Play(AS),
    Play(AS, True),
    ClaimMisdeal(),
    KeepHand(),
    DeclareMeld("run", tuple(parse_cards("AS TS KS QS JS"))),
    DeclareDix(True),
    NoMeld(),
    TakeStock(False),
    DraftCard(True),
]


def test_importing_the_rules_builds_no_action_dataclass() -> None:
    code = (
        "import dataclasses, sys\n"
        "built = []\n"
        "process = dataclasses._process_class\n"
        "def counted(cls, *a, **k):\n"
        "    built.append(cls.__module__ + '.' + cls.__name__)\n"
        "    return process(cls, *a, **k)\n"
        "dataclasses._process_class = counted\n"
        "import rules\n"
        "print([name for name in built if name.startswith('rules.actions')])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr[-2000:]


def test_repr_equality_hash_and_match_args() -> None:
    assert [repr(a) for a in ONE_OF_EACH[:4]] == [
        "Bid(amount=300)",
        "PassBid()",
        "NameTrump(suit=<Suit.HEARTS: 'H'>)",
        "CallPartner(card=Card('AS'))",
    ]
    assert repr(Play(AS, True)) == "Play(card=Card('AS'), from_table=True)"
    assert repr(DeclareMeld("run", ())) == "DeclareMeld(name='run', cards=())"
    assert Bid(300) == Bid(amount=300) == Bid(300, "bid") and Bid(300) != Bid(310)
    assert PassBid() != Concede() and Bid(300) != 300 and (Bid(300) == (300, "bid")) is False
    assert Play(AS) != Play(AS, True) and hash(Play(AS)) == hash(Play(AS, False))
    assert len({Bid(300), Bid(300), PassBid(), PassBid(), Play(AS), Play(AS, True)}) == 4
    assert Bid.__match_args__ == ("amount", "kind") and Play.__match_args__ == ("card", "from_table", "kind")
    assert PassBid.__match_args__ == ("kind",) and DeclareMeld.__match_args__ == ("name", "cards", "kind")
    match Play(AS, True):
        case Bid(amount):
            got: Any = amount
        case Play(card, from_table=True):
            got = ("table", card)
    assert got == ("table", AS)


@pytest.mark.parametrize("action", ONE_OF_EACH, ids=lambda a: repr(a))
def test_frozen_pickled_copied(action: Any) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'kind'"):
        action.kind = "x"
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'other'"):
        action.other = 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        del action.kind
    for back in (pickle.loads(pickle.dumps(action)), copy.copy(action), copy.deepcopy(action)):
        assert back == action and type(back) is type(action) and hash(back) == hash(action)
        assert repr(back) == repr(action)


def _twin(cls: type) -> type:
    """A stdlib frozen slots dataclass with ``cls``'s fields and defaults, as the action was."""
    import typing

    import rules.actions

    rules.actions.action_type()  # CardsField as pydantic reads it
    hints = typing.get_type_hints(cls, globalns=vars(rules.actions), include_extras=True)
    names = cls.__match_args__  # type: ignore[attr-defined]
    defaults = cls.__init__.__defaults__ or ()  # type: ignore[misc]
    first = len(names) - len(defaults)
    spec = []
    for i, name in enumerate(names):
        f = dataclasses.field(default=defaults[i - first], repr=name != "kind") if i >= first else dataclasses.field()
        spec.append((name, hints[name], f))
    twin = dataclasses.make_dataclass(cls.__name__, spec, frozen=True, slots=True)
    twin.__doc__ = cls.__doc__
    return twin


@pytest.mark.parametrize("action", ONE_OF_EACH, ids=lambda a: repr(a))
def test_pydantic_reads_and_writes_it_as_the_dataclass(action: Any) -> None:
    twin = _twin(type(action))
    old: TypeAdapter[Any] = TypeAdapter(twin)
    mirror = twin(*(getattr(action, n) for n in type(action).__match_args__))
    assert repr(mirror) == repr(action)
    assert ACTION_ADAPTER.dump_json(action) == old.dump_json(mirror)
    assert ACTION_ADAPTER.dump_python(action) == old.dump_python(mirror)
    data = action_json(action)
    assert data == old.dump_python(mirror, mode="json") and list(data) == list(old.dump_python(mirror, mode="json"))
    assert ACTION_ADAPTER.validate_json(json.dumps(data)) == action
    assert ACTION_ADAPTER.validate_python(action) is action
    assert _json_schema(TypeAdapter(type(action))) == _json_schema(old)


def _json_schema(adapter: TypeAdapter[Any]) -> str:
    try:
        return json.dumps(adapter.json_schema(), sort_keys=True)
    except Exception as exc:  # a card has no JSON schema (`Card.__get_pydantic_core_schema__`)
        return type(exc).__name__


BAD = [
    ('{"kind": "bid"}', "missing", ("bid", "amount")),
    ('{"kind": "bid", "amount": "3x"}', "int_parsing", ("bid", "amount")),
    ('{"kind": "play", "card": "XX"}', "value_error", ("play", "card")),
    ('{"kind": "meld", "name": 5, "cards": []}', "string_type", ("meld", "name")),
    ('{"kind": "dix"}', "missing", ("dix", "exchange")),
    ('{"kind": "dance"}', "union_tag_invalid", ()),
    ("[]", "dict_type", ()),
]


@pytest.mark.parametrize(("text", "kind", "loc"), BAD)
def test_bad_actions_are_refused_as_before(text: str, kind: str, loc: tuple[Any, ...]) -> None:
    with pytest.raises(ValidationError) as err:
        ACTION_ADAPTER.validate_json(text)
    first = err.value.errors(include_url=False)[0]
    assert (first["type"], first["loc"], err.value.error_count()) == (kind, loc, 1)


def test_lax_values_are_read_as_before() -> None:
    assert ACTION_ADAPTER.validate_json('{"kind": "bid", "amount": "300"}') == Bid(300)
    assert ACTION_ADAPTER.validate_json('{"kind": "play", "card": "AS", "from_table": 1, "x": 2}') == Play(AS, True)
    pc = ACTION_ADAPTER.validate_json('{"kind": "pass_cards", "cards": "KD AS 9c QS"}')
    assert pc == PassCards(tuple(sorted(parse_cards("KD AS 9C QS"))))
