"""`Variant`'s own checks on the normal path agree with pydantic's.

`Variant` is a plain dataclass; its fields are checked by `rules.variant._fast_values`
and `Variant._consistent`, and only when either finds anything wrong does the same data
go through `rules.variant.pydantic_model` (the model `Variant` was), whose error is
raised.  So the fast checks must never take a value pydantic refuses, nor give back a
value other than pydantic's: every field is tried with good and bad values here, and
with values hypothesis draws, through both."""

from __future__ import annotations

import typing
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rules import Variant, load_variants
from rules.variant import _FIELD_NAMES, NUMERIC_KEYS, _fast_values, pydantic_model

PRESETS = load_variants()
BASE = PRESETS["partnership"].model_dump()
HOSTILE: list[Any] = [
    True,
    False,
    0,
    1,
    -1,
    3,
    9,
    10,
    40,
    41,
    250,
    10**14,
    10**15 - 1,
    10**15,
    -(10**15),
    2.0,
    250.0,
    float("nan"),
    "4",
    "10",
    10.0,
    "yes",
    "no",
    "false",
    "",
    "x" * 41,
    "x" * 300,
    "x" * 301,
    "\ud800",
    "é",
    None,
    [],
    (),
    [1],
    [True],
    [10**15],
    [[600, 50]],
    [(600, 50)],
    [[600, 50, 1]],
    [[True, 50]],
    [[600.0, 50]],
    [["600", 50]],
    {"a": 1},
    {1, 2},
]


def outcome(check: Any, data: dict[str, Any]) -> tuple[Any, ...]:
    """What a check makes of ``data``: ("ok", each field as (type, value)) or ("refused", errors)."""
    try:
        v = check(data)
    except ValidationError as exc:
        return ("refused", [(e["type"], e["loc"], e["msg"]) for e in exc.errors(include_url=False)])
    return ("ok", [(name, type(getattr(v, name)), _typed(getattr(v, name))) for name in _FIELD_NAMES])


def _typed(value: Any) -> Any:
    """A value with the types of its parts (a tuple is not a list, True is not 1)."""
    if isinstance(value, tuple | list):
        return (type(value).__name__, [_typed(x) for x in value])
    return (type(value).__name__, value)


def same_as_pydantic(data: dict[str, Any]) -> None:
    ours = outcome(Variant.model_validate, data)
    theirs = outcome(pydantic_model().model_validate, data)
    assert ours == theirs, data


def values_of(name: str) -> list[Any]:
    ann = Variant.model_fields[name].annotation
    own = list(typing.get_args(ann)) if typing.get_origin(ann) is typing.Literal else []
    return own + HOSTILE


@pytest.mark.parametrize("name", _FIELD_NAMES)
def test_every_field_with_good_and_bad_values_is_checked_as_pydantic_checks_it(name: str) -> None:
    for value in values_of(name):
        same_as_pydantic(BASE | {name: value})


def test_the_presets_take_the_fast_path_and_equal_pydantics() -> None:
    for name, v in PRESETS.items():
        data = v.model_dump()
        assert _fast_values(data) == data, name  # nothing left to pydantic
        assert outcome(Variant.model_validate, data) == outcome(pydantic_model().model_validate, data)


def test_an_unknown_key_a_non_dict_and_a_bad_clash_are_worded_by_pydantic() -> None:
    for data in (BASE | {"no_such_knob": 1}, BASE | {"players": 3}, BASE | {"blind_size": 4}):
        same_as_pydantic(data)
    with pytest.raises(ValidationError, match="Input should be a valid dictionary or instance of Variant"):
        Variant.model_validate([("players", 4)])
    with pytest.raises(ValidationError, match="Input should be a valid dictionary"):
        pydantic_model().model_validate([("players", 4)])


def test_a_blind_fills_in_the_kitty_on_both_paths() -> None:
    racehorse = next(v for v in PRESETS.values() if v.blind_size)
    data = racehorse.model_dump(exclude={"kitty_size", "kitty_mode"})
    same_as_pydantic(data)
    assert Variant.model_validate(data).kitty_size == racehorse.blind_size


def test_assigning_or_deleting_a_field_is_refused_as_pydantic_refused_it() -> None:
    v = PRESETS["partnership"]
    with pytest.raises(ValidationError, match="Instance is frozen"):
        v.min_bid = 300  # type: ignore[misc]
    with pytest.raises(ValidationError, match="Instance is frozen"):
        del v.min_bid
    assert v.min_bid == 250


def test_equal_fields_are_equal_variants_with_one_hash() -> None:
    a = PRESETS["partnership"]
    b = Variant.model_validate(a.model_dump())
    _ = a.hand_trick_total  # a cached table is not a field
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != a.model_copy(update={"min_bid": 260})
    assert a.model_dump(mode="json")["bid_unit_above"] == []
    assert PRESETS["double-deck"].model_dump(mode="json")["bid_unit_above"] == [[600, 50]]
    assert PRESETS["double-deck"].model_dump()["bid_unit_above"] == ((600, 50),)
    assert list(a.model_dump(exclude={"name", "description"}))[:2] == ["players", "sides"]


def test_the_json_text_is_pydantics() -> None:
    for v in (PRESETS["double-deck"], PRESETS["partnership"].model_copy(update={"description": 'é ♠ "q"'})):
        theirs = pydantic_model().model_validate(v.model_dump())
        assert v.model_dump_json() == theirs.model_dump_json()
        assert v.model_dump_json(exclude={"name"}) == theirs.model_dump_json(exclude={"name"})


_FIELD = st.sampled_from(_FIELD_NAMES)
_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=50),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner),
    max_leaves=6,
)


@st.composite
def tweaks(draw: Any) -> dict[str, Any]:
    """A preset with one to three fields set to a value of its kind, near a bound, or anything."""
    base = PRESETS[draw(st.sampled_from(sorted(PRESETS)))].model_dump()
    for _ in range(draw(st.integers(1, 3))):
        name = draw(_FIELD)
        value = draw(st.sampled_from(values_of(name)) | _JSONISH | st.integers(-5, 6000))
        base[name] = value
    return base


@settings(max_examples=30, deadline=None)
@given(tweaks())
def test_drawn_variants_are_checked_as_pydantic_checks_them(data: dict[str, Any]) -> None:
    same_as_pydantic(data)


def test_numeric_keys_are_the_fields_that_hold_numbers() -> None:
    numeric = {
        name
        for name, k in Variant.model_fields.items()
        if k.annotation in (int, int | None)
        or typing.get_origin(k.annotation) is tuple
        or any(type(a) is int for a in typing.get_args(k.annotation))
    }
    assert numeric == set(NUMERIC_KEYS)
