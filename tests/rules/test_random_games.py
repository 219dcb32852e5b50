"""Random legal games of every preset in `variants.toml` and of the knob values listed in
`KNOB_VALUES`, through the one round API (`rules.rounds`), as OpenSpiel's
``random_sim_test`` plays every game: whatever the form, the legal set is never empty
until the hand is over and every legal action applies; every card is dealt once, to the
seats that play the deal (none to a person sitting out, RULES.md §0.4 item 16) and, in a
hand played out, every card ends in a trick, the burial or the draft's discards; the trick
points add up to `Variant.hand_trick_total`; each score entry moves by its side's change
(`GameState.holders`), a person sitting out by nothing; the game ends.

The presets come from the file, so a preset added there is played here with no edit;
a knob value a preset does not use goes in `KNOB_VALUES` (base preset and the values).
Fast: a few Hypothesis examples a preset, each a short game (a low target)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import Bid, Concede, GameState, PassBid, Phase, PlayOn, Variant, apply, legal_actions, load_variants
from rules.cards import make_deck
from rules.shipped_presets import DATA

PRESETS = load_variants()
PRESET_NAMES = list(DATA)  # every preset of the shipped file, in file order

# knob values no shipped preset plays: (base preset, values) — extend freely
KNOB_VALUES: list[tuple[str, dict[str, object]]] = [
    ("cutthroat", {"table_seats": 4}),
    ("cutthroat", {"table_seats": 5}),
    ("three-hand-check", {"table_seats": 4}),
    ("three-hand-check", {"table_seats": 5}),
    ("check", {"table_seats": 5}),
    ("double-deck", {"table_seats": 5}),
    ("racehorse", {"table_seats": 5}),
    ("partnership-kitty", {"table_seats": 5}),
    ("three-hand", {"table_seats": 4, "tie_break": "another_hand"}),
    ("two-hand", {"players": 3, "two_hand_phase2_rule": "pre1945"}),
]
BIG = {"five-hand", "six-hand", "eight-hand"}  # 80 to 120 cards a hand: fewer examples
HANDS = 30  # a game's hands at most (its target is low: it ends in a few)


def _variant(key: str) -> Variant:
    if key in PRESETS:
        return PRESETS[key]
    base, values = KNOB_VALUES[int(key.split("#")[1])]
    return Variant.model_validate(PRESETS[base].model_dump() | values)


KEYS = PRESET_NAMES + [f"{base}#{k}" for k, (base, _) in enumerate(KNOB_VALUES)]


def _choose(state, legal, rng: random.Random):
    """A random legal action, biased so that contracts are low and often played out."""
    if state.phase is Phase.AUCTION:
        bids = [a for a in legal if isinstance(a, Bid)]
        if PassBid() in legal and rng.random() < 0.6:
            return PassBid()
        if bids:
            return bids[0]
    if state.phase is Phase.MELD and PlayOn() in legal and rng.random() < 0.9:
        return PlayOn()
    if Concede() in legal and len(legal) > 1:
        legal = [a for a in legal if a != Concede()]
    return legal[rng.randrange(len(legal))]


def _play_hand(game: GameState, rng: random.Random):
    v = game.variant
    state = game.new_round()
    assert len(state.hands) == v.players  # a person sitting out is dealt nothing
    deck = Counter(make_deck(v.deck))
    if state.phase is not Phase.DRAFT:  # the draft deals as it goes
        dealt = Counter(c for h in state.hands for c in h)
        dealt += Counter(getattr(getattr(state, "table", None), "kitty", ()))
        dealt += Counter(getattr(state, "stock", ()))
        if getattr(state, "turn_up", None) is not None:
            dealt[state.turn_up] += 1
        assert dealt == deck
    steps = 0
    while state.phase is not Phase.DONE:
        steps += 1
        assert steps < 1500
        legal = legal_actions(state)
        assert legal, f"no legal action in {state.phase}"
        state = apply(state, _choose(state, legal, rng))
    r = state.result
    assert legal_actions(state) == []
    if r.kind == "played":
        assert not any(state.hands)
        table = getattr(state, "table", None)
        ended = Counter(c for _, cards, _ in state.tricks for c in cards)
        ended += Counter(table.buried if table is not None else ())
        ended += Counter(c for pile in (table.discards if table is not None else ()) for c in pile)
        assert ended == deck
        assert len(state.tricks) == v.tricks_per_hand
        total = sum(s.trick_points for s in r.sides)
        if table is not None and not v.kitty_discards_count_for_bidder:
            total += sum(v.card_points[c] for c in table.buried)
        if v.round_card_points:
            total = sum(state.points)
        assert total == v.hand_trick_total
    return r


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(key: str, seed: int) -> None:
    v = _variant(key)
    rng = random.Random(seed)
    # a low target (one hand's trick points) so that the game ends in a few hands
    game = GameState.start(v, seed=seed, target=v.hand_trick_total)
    hands = 4 if key in BIG else HANDS
    for _ in range(hands):
        before = game
        r = _play_hand(game, rng)
        game = game.after_hand(r)
        want = list(before.scores)
        if r.counts:
            for entries, side in zip(before.holders(), r.sides, strict=True):
                for e in entries:
                    want[e] += side.change
        assert game.scores == tuple(want)
        for person in before.sitting_out:
            assert game.scores[person] == before.scores[person]
        if v.check_scoring != "off":
            assert sum(game.checks) == 0
        if game.over:
            break
    if key not in BIG:
        assert game.over or v.must_bid_to_win != "off", f"{key}: no winner in {hands} hands to {game.target}"
