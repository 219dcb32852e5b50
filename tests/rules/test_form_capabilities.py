"""What each shipped form does, asked through `Variant`'s capability properties
(RULES.md §2: the forms of the game).  Code outside `rules` asks these and never the
``round_flow``, ``sides`` or ``players`` value itself: a scan of the source of `bots`
and `pinochle_tui` finds no comparison of those with a literal."""

from __future__ import annotations

import ast
from itertools import pairwise
from pathlib import Path

import pytest

from rules import Variant, load_variants

PRESETS = load_variants()

CAPABILITIES = (
    "has_auction",
    "deals_then_bids",
    "has_stock",
    "melds_during_play",
    "drafts",
    "two_hand",
    "ring_table",
    "each_for_self",
    "partners_opposite",
    "seats_in_teams",
    "calls_partner",
)

# preset -> the capabilities it has (every other one is False)
EXPECTED = {
    "partnership": {"has_auction", "deals_then_bids", "partners_opposite", "seats_in_teams"},
    "partnership-post1945": {"has_auction", "deals_then_bids", "partners_opposite", "seats_in_teams"},
    "partnership-hoyle": {"has_auction", "deals_then_bids", "partners_opposite", "seats_in_teams"},
    "partnership-kitty": {"has_auction", "deals_then_bids", "partners_opposite", "seats_in_teams"},
    "three-hand": {"has_auction", "deals_then_bids", "each_for_self"},
    "cutthroat": {"has_auction", "deals_then_bids", "each_for_self"},
    "double-deck": {"has_auction", "deals_then_bids", "partners_opposite", "seats_in_teams"},
    "two-hand": {"has_stock", "melds_during_play", "two_hand", "each_for_self"},
    "two-hand-draft": {"has_auction", "drafts", "two_hand", "each_for_self"},
    "racehorse": {"has_auction", "deals_then_bids", "partners_opposite", "seats_in_teams"},
    "check": {"has_auction", "deals_then_bids", "partners_opposite", "seats_in_teams"},
    "three-hand-check": {"has_auction", "deals_then_bids", "each_for_self"},
    "five-hand": {"has_auction", "deals_then_bids", "ring_table", "calls_partner"},
    "six-hand": {"has_auction", "deals_then_bids", "ring_table", "seats_in_teams"},
    "eight-hand": {"has_auction", "deals_then_bids", "ring_table", "seats_in_teams"},
    "three-hand-four": {"has_auction", "deals_then_bids", "each_for_self"},
    "three-hand-five": {"has_auction", "deals_then_bids", "each_for_self"},
    "partnership-five": {"has_auction", "deals_then_bids", "partners_opposite", "seats_in_teams"},
    "three-hand-turn-up": {"has_stock", "melds_during_play", "each_for_self"},
    "partnership-widow": {"has_auction", "deals_then_bids", "partners_opposite", "seats_in_teams"},
}


def test_every_shipped_preset_is_in_the_table() -> None:
    assert sorted(PRESETS) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_shipped_form_has_exactly_its_capabilities(name: str) -> None:
    v = PRESETS[name]
    assert {c for c in CAPABILITIES if getattr(v, c)} == EXPECTED[name]


def test_two_teams_of_four_seat_in_teams_on_a_ring() -> None:
    """The knob value no preset ships (§2.11's alternative): 0, 2, 4, 6 against 1, 3, 5, 7."""
    v = PRESETS["eight-hand"].model_copy(update={"sides": "teams_of_4_alternating"})
    assert (v.seats_in_teams, v.ring_table, v.partners_opposite, v.n_sides) == (True, True, False, 2)


def test_four_each_for_self_neither_teams_nor_ring() -> None:
    v = Variant(sides="individual", pass_count=0)
    assert (v.each_for_self, v.seats_in_teams, v.ring_table, v.partners_opposite) == (True, False, False, False)


# ---------------------------------------------------------------------- no form names outside rules

ROOT = Path(__file__).resolve().parents[2]
FORM_FIELDS = frozenset({"round_flow", "sides", "players"})
# Files allowed, for a while, to compare a form field with a literal: none (a file that
# still did would be listed here and leave it once it asks the capabilities).
PENDING: frozenset[str] = frozenset()


def _names_a_form_field(node: ast.expr) -> bool:
    """``x.round_flow``, ``v.sides``, ``players`` and the like."""
    if isinstance(node, ast.Attribute):
        return node.attr in FORM_FIELDS
    return isinstance(node, ast.Name) and node.id in FORM_FIELDS


def _is_literal(node: ast.expr) -> bool:
    """A constant other than None, or a tuple, list or set of them (``in ("a", "b")``)."""
    if isinstance(node, ast.Constant):
        return node.value is not None
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return all(_is_literal(e) for e in node.elts)
    if isinstance(node, ast.UnaryOp):
        return _is_literal(node.operand)
    return False


def form_literals(source: str) -> list[int]:
    """Lines of ``source`` that compare a form field with a literal (``==``, ``<``,
    ``in``, a chained comparison) or ``match`` on one."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for a, b in pairwise([node.left, *node.comparators]):
                if (_names_a_form_field(a) and _is_literal(b)) or (_names_a_form_field(b) and _is_literal(a)):
                    lines.append(node.lineno)
        elif isinstance(node, ast.Match) and _names_a_form_field(node.subject):
            lines.append(node.lineno)
    return sorted(set(lines))


def _sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for pkg in ("bots", "pinochle_tui") for p in (ROOT / pkg).rglob("*.py"))


def test_the_scan_finds_every_shape_of_a_form_comparison() -> None:
    source = """
a = v.round_flow == "stock"
b = "auction" != view.variant.round_flow
c = v.sides in ("individual", "called_partner")
d = 4 < v.players <= 8
e = players == 2
match v.round_flow:
    case "draft":
        pass
f = v.sides is not None
g = v.players == other.players
h = v.n_sides == 2
"""
    assert form_literals(source) == [2, 3, 4, 5, 6, 7]


def test_no_code_outside_rules_compares_a_form_field_with_a_literal() -> None:
    found = {}
    for path in _sources():
        lines = form_literals((ROOT / path).read_text(encoding="utf-8"))
        if lines and path not in PENDING:
            found[path] = lines
    assert found == {}, "ask the Variant's capability properties (rules/variant.py) instead"


def test_every_pending_file_still_has_one() -> None:
    """A file that no longer compares form fields leaves `PENDING`."""
    assert all(form_literals((ROOT / path).read_text(encoding="utf-8")) for path in PENDING)
