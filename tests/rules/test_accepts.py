"""`rules.variant.accepts` says yes exactly where `Variant.model_validate` builds the preset:
every value of every choice (a ``Literal`` or true/false) tried on every shipped preset, and
numbers around their bounds (RULES.md §11)."""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin

from rules import Variant, load_variants
from rules.variant import accepts


def builds(data: dict[str, Any]) -> bool:
    try:
        Variant.model_validate(data)
    except ValueError:
        return False
    return True


def test_accepts_agrees_with_the_model_on_every_choice_of_every_shipped_preset() -> None:
    tried = refused = 0
    for v in load_variants().values():
        base = v.model_dump()
        for key, knob in Variant.model_fields.items():
            if get_origin(knob.annotation) is Literal:
                values: tuple[Any, ...] = get_args(knob.annotation)
            elif knob.annotation is bool:
                values = (False, True)
            elif knob.annotation in (int, int | None) and key in ("min_bid", "game_target", "last_trick_bonus"):
                values = (0, 5, 10, 200, base[key] + 10)
            else:
                continue
            for value in values:
                data = {**base, key: value}
                ok = accepts(data)
                assert ok == builds(data), (v.name, key, value)
                tried += 1
                refused += not ok
    assert tried > 1000 and refused > 100  # both answers met
