"""Help (`?`) says which reading of RULES.md §5.3 a preset plays: whether a run's K and Q of
trump also make a royal marriage (a run + royal marriage
is otherwise unexplained)."""

from __future__ import annotations

import pytest
from tui_helpers import VARIANTS

from pinochle_tui.render import rules_text


def meld_line(name: str) -> str:
    (line,) = [line for line in rules_text(VARIANTS[name]) if line.startswith("Meld:")]
    return line


@pytest.mark.parametrize(
    ("name", "reading"),
    [
        (
            "partnership",
            "A run's K and Q do not marry each other, but the run lends its K or Q once to an extra trump Q or K"
            " (run and an extra K: 150 + 40).",
        ),
        (
            "double-deck",
            "A run's K and Q are not also a royal marriage; a trump K and Q beside the run marry each other"
            " (run and an extra K and Q: 15 + 4).",
        ),
    ],
)
def test_the_help_names_the_run_and_royal_marriage_reading(name: str, reading: str) -> None:
    assert meld_line(name).endswith(". " + reading)


def test_every_reading_has_its_words() -> None:
    v = VARIANTS["partnership"]
    lines = {
        rule: meld_line_of(v.model_copy(update={"run_marriage_rule": rule}))
        for rule in ("run_absorbs", "extra_card_marries", "independent")
    }
    assert lines["independent"].endswith("Royal marriages count as if the run were not there (a run alone: 150 + 40).")
    assert len(set(lines.values())) == 3


def meld_line_of(v) -> str:
    (line,) = [line for line in rules_text(v) if line.startswith("Meld:")]
    return line
