"""The positional constructors of the round states (`make_round_state`, `make_table`,
`make_seat_view`, `make_stock_round`, `make_draft_round`): the hot paths build these
NamedTuples from a tuple of all their fields with `tuple.__new__`, which checks nothing,
so each type has one constructor, typed with a tuple of its fields' types in field order
(``RoundStateFields``, ...: the type checker checks each call) and asserting the count,
and no other code builds one from a bare tuple.  And the legal-action ``memo`` of a
state is its own."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path
from typing import Any

import pytest

from rules import apply, legal_actions, load_variants, new_round
from rules.auction_round import RoundState, Table, make_round_state, make_table
from rules.draft_round import DraftRound, make_draft_round
from rules.stock_round import StockRound, make_stock_round
from rules.view import SeatView, make_seat_view

ROOT = Path(__file__).resolve().parents[2]
CONSTRUCTORS: list[tuple[type, Any]] = [
    (RoundState, make_round_state),
    (Table, make_table),
    (SeatView, make_seat_view),
    (StockRound, make_stock_round),
    (DraftRound, make_draft_round),
]
IDS = [kind.__name__ for kind, _ in CONSTRUCTORS]


def _sources_of(kind: Any) -> tuple[list[str], list[str]]:
    """(each field's annotation, each element of its ``<Kind>Fields`` tuple type), as
    written in the module's source, in order."""
    module = inspect.getmodule(kind)
    assert module is not None and module.__file__ is not None
    source = Path(module.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == kind.__name__)
    fields = [ast.get_source_segment(source, st.annotation) or "" for st in cls.body if isinstance(st, ast.AnnAssign)]
    alias = next(
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign)
        and isinstance(n.targets[0], ast.Name)
        and n.targets[0].id == f"{kind.__name__}Fields"
    )
    assert isinstance(alias.value, ast.Subscript) and isinstance(alias.value.slice, ast.Tuple)
    elements = [ast.get_source_segment(source, e) or "" for e in alias.value.slice.elts]
    return fields, elements


@pytest.mark.parametrize(("kind", "make"), CONSTRUCTORS, ids=IDS)
def test_the_fields_type_is_the_fields_in_order(kind: Any, make: Any) -> None:
    fields, elements = _sources_of(kind)
    assert len(fields) == len(kind._fields)
    assert elements == fields
    (param,) = inspect.signature(make).parameters.values()
    assert param.annotation == f"{kind.__name__}Fields"
    assert inspect.signature(make).return_annotation == kind.__name__


@pytest.mark.parametrize(("kind", "make"), CONSTRUCTORS, ids=IDS)
def test_it_builds_the_same_value_and_refuses_a_short_one(kind: Any, make: Any) -> None:
    values = tuple(f"value {i}" for i in range(len(kind._fields)))
    built = make(values)
    assert type(built) is kind and built == kind(*values) and tuple(built) == values
    with pytest.raises(AssertionError, match=f"{kind.__name__} has {len(values)} fields, got {len(values) - 1}"):
        make(values[:-1])
    with pytest.raises(AssertionError):
        make((*values, "one too many"))


def _bare_builds(source: str, names: set[str]) -> list[tuple[int, str]]:
    """Calls ``new_tuple(X, ...)`` or ``tuple.__new__(X, ...)`` with X one of ``names``,
    outside a function named ``make_*``: (line, X)."""
    tree = ast.parse(source)
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("make_"):
            inside.update(id(n) for n in ast.walk(node))
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or id(node) in inside or not node.args:
            continue
        f = node.func
        bare = (isinstance(f, ast.Name) and f.id in ("new_tuple", "_new_state")) or (
            isinstance(f, ast.Attribute) and f.attr == "__new__"
        )
        first = node.args[0]
        if bare and isinstance(first, ast.Name) and first.id in names:
            out.append((node.lineno, first.id))
    return out


def test_the_scan_finds_a_bare_build() -> None:
    source = (
        "a = new_tuple(RoundState, (1, 2))\nb = tuple.__new__(SeatView, ())\ndef make_x():\n    new_tuple(Table, ())\n"
    )
    assert _bare_builds(source, {"RoundState", "SeatView", "Table"}) == [(1, "RoundState"), (2, "SeatView")]


def test_no_state_is_built_from_a_bare_tuple_outside_its_constructor() -> None:
    names = {kind.__name__ for kind, _ in CONSTRUCTORS}
    found = {}
    for pkg in ("rules", "bots", "pinochle_tui"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            hits = _bare_builds(path.read_text(encoding="utf-8"), names)
            if hits:
                found[str(path.relative_to(ROOT))] = hits
    assert found == {}


@pytest.mark.parametrize("name", ["partnership", "two-hand", "two-hand-draft", "five-hand"])
def test_every_state_of_a_hand_has_its_own_memo(name: str) -> None:
    """A state's memo caches its own legal actions: no two states of a hand share the list."""
    state: Any = new_round(load_variants()[name], 0, random.Random(7))
    rng = random.Random(7)
    memos: list[Any] = []
    while state.phase.value != "done":
        legal = legal_actions(state)
        if hasattr(state, "memo"):
            memos.append(state.memo)
            assert state.memo[0] is legal  # cached on the state
        state = apply(state, rng.choice(list(legal)))
    assert len({id(m) for m in memos}) == len(memos) >= 2
