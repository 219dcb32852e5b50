"""A game may start from a later deal of its seed (`GameState.first_hand`): the replay of a
past game's hand N deals exactly that hand's cards ("replay any of its deals")."""

from __future__ import annotations

import random

import pytest

from rules import GameState, Phase, load_variants
from rules.rounds import apply, legal_actions

VARIANTS = load_variants()


def played_hands(name: str, n: int) -> list[tuple[int, object]]:
    """The first ``n`` hands of a game seeded "s7" played by random choices: each hand's
    dealer and the cards dealt."""
    game = GameState.start(VARIANTS[name], "s7")
    rng = random.Random(3)
    seen = []
    while len(seen) < n and not game.over:
        state = game.new_round()
        seen.append((game.dealer, state.hands))
        while state.phase is not Phase.DONE:
            state = apply(state, rng.choice(list(legal_actions(state))))
        game = game.after_hand(state.result)
    return seen


@pytest.mark.parametrize("name", ["partnership", "three-hand", "two-hand", "racehorse"])
def test_a_game_from_deal_k_deals_what_the_original_dealt_as_its_hand_k(name: str) -> None:
    for k, (dealer, hands) in enumerate(played_hands(name, 3)):
        later = GameState.start(VARIANTS[name], "s7", dealer=dealer, first_hand=k)
        assert later.first_hand == k and later.hand_no == 0
        assert later.new_round().hands == hands
        if k:  # and not the seed's first deal
            assert GameState.start(VARIANTS[name], "s7", dealer=dealer).new_round().hands != hands


def test_first_hand_is_zero_or_more() -> None:
    with pytest.raises(ValueError, match="first_hand is a deal of the seed, 0 or more, not -1"):
        GameState.start(VARIANTS["partnership"], "s", first_hand=-1)
