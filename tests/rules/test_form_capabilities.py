"""What each shipped form does, asked through `Variant`'s capability properties
(RULES.md §2: the forms of the game).  Code outside `rules` asks these and never the
``round_flow``, ``sides`` or ``players`` value itself."""

from __future__ import annotations

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
