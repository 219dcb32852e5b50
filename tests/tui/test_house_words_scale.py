"""A house rule's words in the preset's own scale: the tables scored x1 (five-hand, six-hand,
double-deck, three-hand: every figure a tenth of the x10 file's) say the throw-in's bonus as
10, in the editor (`shown`), in F1's list (`house_rules_text`) and in the summary of a
preset of yours (`brief`), never as the x10 tables' 100 (RULES.md §8.3)."""

from __future__ import annotations

import pytest

from pinochle_tui.house_presets import KNOBS, HouseEdit, Yours, brief, house_rules_text, shown
from rules import load_variants

PRESETS = load_variants()
X1 = [name for name, v in PRESETS.items() if v.score_scale == "x1"]


def test_the_throw_in_bonus_is_in_the_tables_scale_in_every_wording() -> None:
    five = PRESETS["five-hand"].model_copy(update={"concession": "meld_plus_100"})
    # the summary of a preset of yours said "throw-in: meld + 100" at five-hand
    assert brief(five, "concession") == "throw-in: meld + 10"
    assert shown(five, "concession", "meld_plus_100") == "the others score their meld and 10 more"
    assert "Throw-in: the others score their meld and 10 more" in [line.strip() for line in house_rules_text(five)]
    partnership = PRESETS["partnership"].model_copy(update={"concession": "meld_plus_100"})
    assert brief(partnership, "concession") == "throw-in: meld + 100"


@pytest.mark.parametrize("name", X1)
def test_no_rule_of_an_x1_table_says_a_figure_of_the_x10_scale(name: str) -> None:
    """Every value of every choice rule, as the editor and a summary say them: no "100"
    (the x10 throw-in bonus) where the table counts a tenth of it (five-hand, six-hand,
    double-deck, ...).  A number rule is written in the scale by `points` throughout."""
    v = PRESETS[name]
    yours = Yours(shipped=load_variants())
    yours.variants = yours.shipped
    edit = HouseEdit(yours.shipped[name], yours)
    said: list[str] = []
    for knob in KNOBS:
        if not knob.applies(v):
            continue
        if knob.step is not None:  # (a number: written by `points`, in the scale)
            continue
        said.append(edit.allowed(knob))
        for value in edit.choices(knob.key):
            said.append(shown(v, knob.key, value))
            said.append(brief(v.model_copy(update={knob.key: value}), knob.key))
    assert said and [s for s in said if "100" in s] == []
