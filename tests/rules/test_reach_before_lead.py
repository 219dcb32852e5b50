"""`reach_before_lead`: at the throw-in (RULES.md §8.3), the most the bidding side could
reach even by taking every trick when that is short of the contract (§5.7, §7.2, §4.2)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_contract_out_of_reach import step

from rules import Phase, load_variants, make_deck, parse_cards
from rules.actions import Concede, PlayOn
from rules.rounds import apply, legal_actions, new_round
from rules.scoring import bidding_side, contract_out_of_reach, reach_at_first_lead, reach_before_lead

V = load_variants()
THREE = V["three-hand"]  # 240 in counters, 10 for the last trick, 3 buried counting for the bidder
BURIED = parse_cards("AS TS 9S")  # 20 in counters
IN_PLAY = 240 - 20


def test_out_of_reach_the_buried_counters_counting() -> None:
    # meld 20 + counters still to play 220 + last trick 10 + buried 20 = 270, short of 300
    assert reach_before_lead(THREE, 300, 20, IN_PLAY, BURIED) == 270


def test_within_reach_at_exactly_the_contract() -> None:
    assert reach_before_lead(THREE, 270, 20, IN_PLAY, BURIED) is None
    assert reach_before_lead(THREE, 280, 20, IN_PLAY, BURIED) == 270


def test_buried_counters_not_counting() -> None:
    v = THREE.model_copy(update={"kitty_discards_count_for_bidder": False})
    assert reach_before_lead(v, 300, 20, IN_PLAY, BURIED) == 250
    assert reach_before_lead(v, 270, 20, IN_PLAY, BURIED) == 250
    assert reach_before_lead(v, 250, 20, IN_PLAY, BURIED) is None


def test_no_buried_cards_and_a_partnership_side() -> None:
    # partnership: every counter of the deck in play, meld 30: 30 + 240 + 10
    assert reach_before_lead(V["partnership"], 290, 30, 240) == 280
    assert reach_before_lead(V["partnership"], 280, 30, 240) is None


@pytest.mark.parametrize(("contract", "meld", "counters"), [(0, 20, 220), (300, -10, 220), (300, 20, -1)])
def test_bad_amounts_are_refused(contract: int, meld: int, counters: int) -> None:
    with pytest.raises(ValueError, match="reach_before_lead needs a contract of 1 or more"):
        reach_before_lead(THREE, contract, meld, counters, BURIED)


def _at_throw_in(seed: int) -> Any:
    """A three-hand round at the bidder's throw-in decision: the first seat bids the
    minimum, the others pass, then random legal choices up to the meld shown."""
    rng = random.Random(seed)
    s = new_round(THREE, dealer=0, rng=random.Random(seed))
    while not (s.phase is Phase.MELD and PlayOn() in legal_actions(s) and s.table.melds is not None):
        s = apply(s, step(s, rng))
    return s


def test_a_dealt_hand_before_the_first_lead_agrees_with_the_played_hand() -> None:
    """Before the first lead every counter is in a hand; the bidder's meld by `bidding_side`.
    The reach said then is `contract_out_of_reach`'s at trick 0, the hand played out, and
    `reach_at_first_lead`'s from the table (its melds, the deck less the buried cards)."""
    s = _at_throw_in(1)
    v, t = s.variant, s.table
    seats, meld = bidding_side(v, t.melds, t.bidder, t.partner)
    assert seats == (t.bidder,) and meld == t.melds[t.bidder].total
    counters = sum(v.card_points[c] for hand in s.hands for c in hand)
    buried = sum(v.card_points[c] for c in t.buried)
    assert counters + buried == sum(v.card_points[c] for c in make_deck(v.deck))
    most = meld + counters + 10 + buried
    for contract in (most, most + 10):
        got = reach_before_lead(v, contract, meld, counters, t.buried)
        assert got == (None if contract == most else most)
        # the same from what is on the table at the first lead (the melds, the deck less the buried)
        assert reach_at_first_lead(v, contract, t.melds, t.bidder, t.partner, t.buried) == got
    # played out at a contract one above the most: out of reach from the first lead
    played = s._replace(table=t._replace(high_bid=most + 10))
    rng = random.Random(0)
    while played.phase is not Phase.DONE:
        played = apply(played, rng.choice([a for a in legal_actions(played) if not isinstance(a, Concede)]))
    assert contract_out_of_reach(played) == (0, most)
