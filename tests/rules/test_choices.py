"""CardSetChoices (passing and burying as a lazy sequence) lists exactly the distinct
card sets that itertools would, within the burial budget, in sorted order."""

from __future__ import annotations

import itertools
import random

import pytest

from rules.cards import make_deck
from rules.choices import CardSetChoices


@pytest.mark.parametrize("deck", ["single48", "double80"])
def test_matches_itertools_with_and_without_a_budget(deck: str) -> None:
    rng = random.Random(deck)
    for _ in range(150):
        cards = make_deck(deck)
        rng.shuffle(cards)
        hand = tuple(sorted(cards[: rng.randint(4, 18)]))
        k = rng.randint(1, 4)
        restricted = {f for f in set(hand) if rng.random() < 0.4}
        spare = sum(hand.count(f) for f in set(hand) if f not in restricted)
        budget = max(0, k - spare)
        faces = [
            (f, hand.count(f), tuple(j if f in restricted else 0 for j in range(hand.count(f) + 1)))
            for f in sorted(set(hand))
        ]
        choices = CardSetChoices(faces, k, budget, lambda c: c)
        expected = sorted(c for c in set(itertools.combinations(hand, k)) if sum(x in restricted for x in c) <= budget)
        assert len(choices) == len(expected)
        assert list(choices) == expected
        assert choices[-1] == expected[-1]
        assert choices[1:3] == expected[1:3]
        # passing: no restriction (the of_hand fast path)
        free = CardSetChoices.of_hand(hand, k, lambda c: c)
        every = sorted(set(itertools.combinations(hand, k)))
        assert len(free) == len(every) and list(free) == every and free[-1] == every[-1]


def test_index_out_of_range_and_contains() -> None:
    hand = (0, 0, 1, 2)
    faces = [(0, 2, (0, 0, 0)), (1, 1, (0, 0)), (2, 1, (0, 0))]

    class Pick:
        def __init__(self, cards: tuple[int, ...]) -> None:
            self.cards = cards

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Pick) and other.cards == self.cards

    choices = CardSetChoices(faces, 2, 0, Pick)
    assert len(choices) == len(set(itertools.combinations(hand, 2))) == 4
    assert Pick((0, 0)) in choices
    assert Pick((1, 1)) not in choices
    with pytest.raises(IndexError):
        choices.cards_at(4)


def test_the_counting_tables_kept_are_bounded_and_the_recent_ones_stay() -> None:
    """The counting tables are a cache of the most recently used `MAX_WAYS` shapes: one
    cleared only at 20,000 tables grew a long racehorse ``simulate`` to about 108 MB."""
    from rules import choices

    choices._WAYS.clear()
    first = CardSetChoices([(0, 2, (0, 1, 2)), (1, 2, (0, 1, 2))], 2, 1, tuple)
    for budget in range(2, 2 + 2 * choices.MAX_WAYS):
        CardSetChoices([(0, 2, (0, 1, 2)), (1, 2, (0, 1, 2))], 2, budget, tuple)
        if budget % 50 == 0:  # the first shape asked again now and then: kept
            assert len(CardSetChoices([(0, 2, (0, 1, 2)), (1, 2, (0, 1, 2))], 2, 1, tuple)) == len(first)
    assert len(choices._WAYS) == choices.MAX_WAYS
    assert ((((2, (0, 1, 2)), (2, (0, 1, 2))), 2, 1)) in choices._WAYS
    assert ((((2, (0, 1, 2)), (2, (0, 1, 2))), 2, 2)) not in choices._WAYS  # the oldest, unused: gone
