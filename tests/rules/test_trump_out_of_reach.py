"""`trump_out_of_reach`: a hand that could name no trump at all where trump must hold a
marriage (or a marriage or dix) and no widow or pass can bring one (RULES.md §3.6; five-hand
and double-deck, §0.4 items 11-12): any bid it wins is set."""

from __future__ import annotations

from rules import load_variants
from rules.auction_round import trump_out_of_reach

V = load_variants()

# card ids: suit * 6 + (A, 10, K, Q, J, 9); K♠ Q♥ A♦ 10♣ J♣: no marriage, no nine
NO_MARRIAGE = (2, 9, 12, 19, 22)
SPADE_MARRIAGE = (*NO_MARRIAGE, 3)  # Q♠ joins K♠
DIX_OF_SPADES = (*NO_MARRIAGE, 5)  # 9♠


def test_a_hand_with_no_marriage_is_sure_to_be_set_at_five_hand_and_double_deck() -> None:
    for name in ("five-hand", "double-deck", "six-hand"):
        assert trump_out_of_reach(NO_MARRIAGE, V[name]) is True, name
        assert trump_out_of_reach(SPADE_MARRIAGE, V[name]) is False, name


def test_trump_of_any_suit_or_a_widow_or_pass_leaves_it_in_reach() -> None:
    # any suit may be trump (check refuses the bid itself: bid_requires_marriage, §3.5)
    for name in ("partnership", "check", "three-hand"):
        assert trump_out_of_reach(NO_MARRIAGE, V[name]) is False, name
    dd = V["double-deck"]
    assert trump_out_of_reach(NO_MARRIAGE, dd.model_copy(update={"pass_count": 3})) is False
    widow = dd.model_copy(update={"kitty_size": 4, "kitty_mode": "bidder_takes_and_buries"})
    assert trump_out_of_reach(NO_MARRIAGE, widow) is False


def test_a_dix_is_enough_where_the_house_rule_takes_one() -> None:
    ru = V["double-deck"].model_copy(update={"trump_requirement": "run_or_marriage_or_dix"})
    assert trump_out_of_reach(DIX_OF_SPADES, ru) is False
    assert trump_out_of_reach(NO_MARRIAGE, ru) is True
