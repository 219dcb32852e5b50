"""A knob takes a value of its own kind only (RULES.md §11): true or false for a
true/false knob, a whole number for a number, one of the listed words or numbers for a
choice.  TOML writes each of them plainly, so a house file that writes ``"yes"``, ``0``,
``"5"`` or ``5.0`` instead is refused in one line naming the key and what is allowed,
never read as something it may not mean (pydantic's lax mode would read ``"no"`` and
``0`` as false, ``"5"`` and ``5.0`` as 5).  Both checks of a variant refuse them: the
fast checks of the normal path and the pydantic model that words the error
(`test_variant_fast_checks` compares the two on many more values)."""

from __future__ import annotations

import json
import typing
from typing import Any

import pytest
from pydantic import ValidationError

from rules import Variant, VariantError, load_variants, load_variants_text
from rules.variant import _fast_values, pydantic_model

PRESETS = load_variants()
BASE = PRESETS["partnership"].model_dump()
FIELDS = Variant.model_fields

BOOL_KNOBS = sorted(name for name, k in FIELDS.items() if k.annotation is bool)
NUMBER_KNOBS = sorted(name for name, k in FIELDS.items() if k.annotation in (int, int | None))
CHOICE_KNOBS = sorted(name for name, k in FIELDS.items() if typing.get_origin(k.annotation) is typing.Literal)
LIST_KNOBS = sorted(name for name, k in FIELDS.items() if typing.get_origin(k.annotation) is tuple)

# what a player might write for true or false that is not a TOML boolean
NOT_BOOLEANS: list[Any] = ["yes", "no", "true", "false", "on", "off", "1", "0", 0, 1, 2, 0.0, 1.0, "maybe", [True]]


def toml_value(value: Any) -> str:
    """``value`` as TOML writes it (a float keeps its point, text its quotes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(x) for x in value) + "]"
    return repr(value)


def house_error(key: str, value: Any) -> str:
    """The one-line error of a house file that sets ``key = value`` on `partnership`."""
    text = f'[house]\nextends = "partnership"\n{key} = {toml_value(value)}\n'
    with pytest.raises(VariantError) as exc:
        load_variants_text(text, "house.toml", base=PRESETS)
    return str(exc.value)


def refused_by_both(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The fast checks leave ``data`` to pydantic, and pydantic refuses it: its errors."""
    assert _fast_values(data) is None
    with pytest.raises(ValidationError) as exc:
        pydantic_model().model_validate(data)
    with pytest.raises(ValidationError):
        Variant.model_validate(data)
    return exc.value.errors()


def test_the_knob_kinds_cover_every_knob() -> None:
    kinds = set(BOOL_KNOBS) | set(NUMBER_KNOBS) | set(CHOICE_KNOBS) | set(LIST_KNOBS) | {"name", "description"}
    assert kinds == set(FIELDS)
    assert {"pass_optional", "pass_is_final", "kitty_exposed", "technical_misdeal"} <= set(BOOL_KNOBS)


@pytest.mark.parametrize("key", BOOL_KNOBS)
def test_a_true_false_knob_takes_only_true_or_false(key: str) -> None:
    for value in NOT_BOOLEANS:
        assert refused_by_both(BASE | {key: value})[0]["loc"] == (key,), value
        assert (
            house_error(key, value)
            == f"house.toml: preset 'house', key {key!r}: must be true or false (without quotes)"
        ), value


def test_the_players_words_for_true_and_false_are_refused_in_a_house_file() -> None:
    """What a new player wrote: each of these passed `pinochle variants --check`."""
    for key, value in (
        ("pass_optional", "yes"),
        ("pass_optional", "no"),
        ("pass_is_final", "false"),
        ("pass_is_final", 0),
        ("kitty_exposed", "no"),
        ("technical_misdeal", "no"),
    ):
        assert house_error(key, value).endswith(f"key {key!r}: must be true or false (without quotes)")


@pytest.mark.parametrize("key", NUMBER_KNOBS)
def test_a_number_knob_takes_only_a_whole_number(key: str) -> None:
    good = BASE[key] if BASE[key] is not None else FIELDS[key].metadata.get("ge", 10)
    for value in (str(good), float(good), True, False):
        assert refused_by_both(BASE | {key: value})[0]["loc"] == (key,), value
        assert house_error(key, value).endswith(f"key {key!r}: must be a whole number (integer)"), value


@pytest.mark.parametrize("key", CHOICE_KNOBS)
def test_a_choice_takes_only_one_of_its_values_as_written(key: str) -> None:
    """A listed number is not its text or a float; a listed false is not 0; a word is
    not a number or true/false."""
    for member in typing.get_args(FIELDS[key].annotation):
        if isinstance(member, bool):
            look_alikes: list[Any] = [int(member), float(member), str(member).lower()]
        elif isinstance(member, int):
            look_alikes = [str(member), float(member)] + ([bool(member)] if member in (0, 1) else [])
        else:
            look_alikes = [member.upper(), [member]]
        for value in look_alikes:
            assert refused_by_both(BASE | {key: value})[0]["loc"][0] == key, value
            error = house_error(key, value)
            assert error.startswith(f"house.toml: preset 'house', key {key!r}: must ") and "\n" not in error, value


@pytest.mark.parametrize("key", LIST_KNOBS)
def test_a_list_knob_holds_whole_numbers_only(key: str) -> None:
    shape = (lambda x: [[600, 50] if x is None else [x, 50]]) if key == "bid_unit_above" else (lambda x: [x])
    for value in ("600", 600.0, True):
        data = BASE | {key: shape(value)}
        assert refused_by_both(data)[0]["loc"][0] == key, value
        assert house_error(key, shape(value)).startswith(f"house.toml: preset 'house', key {key!r}: "), value


def test_true_and_false_and_plain_numbers_are_still_taken() -> None:
    text = (
        '[house]\nextends = "partnership"\npass_optional = true\npass_is_final = false\n'
        "technical_misdeal = false\nmin_bid = 300\nbid_unit_above = [[400, 20]]\n"
    )
    v = load_variants_text(text, "house.toml", base=PRESETS)["house"]
    assert (v.pass_optional, v.pass_is_final, v.min_bid, v.bid_unit_above) == (True, False, 300, ((400, 20),))
