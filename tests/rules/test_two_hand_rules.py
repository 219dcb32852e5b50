"""The two-hand forms (RULES.md §2.7, §2.8, §5.9, §6.4, §0.4 items 9-10):
the stock round's deal, phase-1 play from hand and table, progressive melding, the dix,
the last stock pair, the strict endgame and scoring; the draft's keep/reject and its
hand-over to the auction; and invariants over many random hands of both presets."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import (
    CARDS,
    DeclareDix,
    DeclareMeld,
    DraftCard,
    DraftRound,
    GameState,
    IllegalAction,
    NoMeld,
    PassBid,
    Phase,
    Play,
    RoundState,
    StockRound,
    TakeStock,
    apply,
    current_seat,
    explain_play,
    legal_actions,
    load_variants,
    new_round,
    observe,
    parse_cards,
)
from rules.cards import make_deck
from rules.stock_round import apply_listed, meld_faces, round_card_points

PRESETS = load_variants()
TWO = PRESETS["two-hand"]
DRAFT = PRESETS["two-hand-draft"]


def cards(text: str) -> list:
    return parse_cards(text)


def _rest(*used: list) -> list:
    """The cards of the pack not in ``used``, in face order."""
    left = Counter(make_deck("single48"))
    for group in used:
        left.subtract(group)
    return sorted(left.elements())


def _deal(h0: str, h1: str, turn_up: str, top: str = "", variant=TWO, dealer: int = 1) -> StockRound:
    """An explicit stock deal: seat 0's and seat 1's hands, the turn-up, the stock's top cards."""
    a, b, up, head = cards(h0), cards(h1), cards(turn_up), cards(top)
    stock = head + _rest(a, b, up, head)
    return new_round(variant, dealer, hands=[a, b], stock=stock, turn_up=up[0])


def _declare(state: StockRound, seat: int, hand: str, laid=()) -> StockRound:
    """``state`` with ``seat`` holding ``hand`` (and ``laid`` on the table) about to meld."""
    hands = list(state.hands)
    hands[seat] = tuple(sorted(cards(hand)))
    table = list(state.laid)
    table[seat] = tuple(laid)
    return state.evolve(phase=Phase.DECLARE, to_act=seat, leader=seat, hands=tuple(hands), laid=tuple(table),
                        turn=(False, False))  # fmt: skip


def _names(state) -> list[str]:
    return [a.name for a in legal_actions(state) if isinstance(a, DeclareMeld)]


# ---------------------------------------------------------------------- the deal


def test_deal_is_12_each_a_turn_up_and_23_in_the_stock() -> None:
    s = new_round(TWO, 0, random.Random(5))
    assert isinstance(s, StockRound)
    assert [len(h) for h in s.hands] == [12, 12] and len(s.stock) == 23 and s.turn_up is not None
    every = Counter([*s.hands[0], *s.hands[1], *s.stock, s.turn_up])
    assert every == Counter(make_deck("single48"))
    assert s.trump.index == s.turn_up // 6
    assert s.phase is Phase.TRICKS and s.to_act == 1 and s.leader == 1  # the non-dealer leads
    same = new_round(TWO, 0, random.Random(5))
    assert same.hands == s.hands and same.stock == s.stock


def test_a_turned_nine_scores_the_dealer_ten_at_once() -> None:
    s = _deal("AS AS TS TS KS KS QS QS JS JS 9S AH", "AD AD TD TD KD KD QD QD JD JD 9D AC", "9H", dealer=1)
    assert s.trump.value == "H"
    assert s.meld_points == (0, 10)
    assert s.meld_log == ((1, "dix turned up", (CARDS[11],), 10),)
    plain = _deal("AS AS TS TS KS KS QS QS JS JS 9S AH", "AD AD TD TD KD KD QD QD JD JD 9D AC", "KH", dealer=1)
    assert plain.meld_points == (0, 0)


# ---------------------------------------------------------------------- phase 1


def test_phase_one_any_card_from_hand_or_table() -> None:
    s = _deal("AS TS KS QS JS 9S AH TH KH QH JH 9H", "AD AD TD TD KD KD QD QD JD JD 9D AC", "KC", dealer=0)
    s = s.evolve(laid=(((CARDS[14], 0, 0, 0),), ()))  # a KD on seat 0's table, for the test
    s = apply(s, Play(cards("AC")[0]))  # seat 1 leads a trump
    legal = legal_actions(s)
    # no duty to follow or head: every face in the hand, and the table card
    assert {a.card for a in legal if not a.from_table} == set(s.hands[0])
    assert [a.card for a in legal if a.from_table] == cards("KD")
    s2 = apply(s, Play(cards("KD")[0], from_table=True))
    assert s2.laid[0] == () and len(s2.hands[0]) == 12
    assert s2.tricks[-1] == (1, (cards("AC")[0], cards("KD")[0]), 1)


def test_identical_cards_the_leader_wins() -> None:
    s = _deal("AS TS KS QS JS 9S AH TH KH QH JH 9H", "AS TD TD KD KD QD QD JD JD 9D AC AC", "KC", dealer=0)
    s = apply(s, Play(cards("AS")[0]))  # seat 1 leads AS
    s = apply(s, Play(cards("AS")[0]))
    assert s.tricks[-1][2] == 1


def test_winner_melds_then_draws_first() -> None:
    s = _deal(
        "KH QH AS TS 9S 9S JC JC 9C 9H 9D 9D",
        "AD AD TD TD KD KD QD QD JD JD AC TC",
        "KC",
        top="AH TH",
        dealer=0,
    )
    s = apply(s, Play(cards("JD")[0]))  # seat 1 leads
    s = apply(s, Play(cards("9C")[0]))  # seat 0 trumps in with its only 9 of trump
    assert s.tricks[-1][2] == 0
    assert s.phase is Phase.DECLARE and s.to_act == 0
    assert _names(s) == ["marriage"] and DeclareDix(True) not in legal_actions(s)
    s = apply(s, DeclareMeld("marriage", tuple(cards("KH QH"))))
    # one meld per trick and no dix: the draw follows at once, the winner first
    assert s.phase is Phase.TRICKS and s.to_act == 0
    assert cards("AH")[0] in s.hands[0] and cards("TH")[0] in s.hands[1]
    assert s.meld_points == (20, 0) and [c[0] for c in s.laid[0]] == cards("KH QH")
    assert cards("KH")[0] not in s.hands[0]
    assert observe(s, 1).table_melds == (tuple(cards("KH QH")), ())
    assert observe(s, 1).meld_log == ((0, "marriage", tuple(cards("KH QH")), 20),)


def test_no_meld_possible_means_no_declare_step() -> None:
    s = _deal("AS TS 9S 9S TS JC QH JH 9D 9D TH 9H", "AD AD TD TD KD KD QD QD JD JD AC TC", "KC", dealer=0)
    s = apply(s, Play(cards("JD")[0]))
    s = apply(s, Play(cards("JC")[0]))  # seat 0 wins, with nothing to meld
    assert s.tricks[-1][2] == 0
    assert s.phase is Phase.TRICKS and len(s.stock) == 21 and s.to_act == 0


# ---------------------------------------------------------------------- progressive melding (§5.9)

HEARTS = _deal("AS TS KS QS JS 9S AC TC KC QC JC 9C", "AD AD TD TD KD KD QD QD JD JD 9D AC", "KH", dealer=1)


def test_royal_marriage_then_the_run_is_190() -> None:
    s = _declare(HEARTS, 0, "KH QH AH TH JH AS AS TS 9S 9S 9C 9C")
    assert {"royal marriage", "run"} <= set(_names(s))
    s = apply(s, DeclareMeld("royal marriage", tuple(cards("KH QH"))))
    assert s.meld_points[0] == 40
    s = _declare(s, 0, "AH TH JH AS AS TS 9S 9S 9C 9C AD AD", laid=s.laid[0])
    assert "run" in _names(s)
    s = apply(s, DeclareMeld("run", tuple(cards("AH TH KH QH JH"))))
    assert s.meld_points[0] == 190
    assert sorted(c[0] for c in s.laid[0]) == cards("AH TH KH QH JH")
    assert all(c[1] == 150 for c in s.laid[0])  # every card has now served in the run


def test_run_first_then_no_royal_marriage_from_its_king_and_queen() -> None:
    s = _declare(HEARTS, 0, "KH QH AH TH JH AS AS TS 9S 9S 9C 9C")
    s = apply(s, DeclareMeld("run", tuple(cards("AH TH KH QH JH"))))
    assert s.meld_points[0] == 150
    s = _declare(s, 0, "AS AS TS 9S 9S 9C 9C AD AD TD TD 9D", laid=s.laid[0])
    assert "royal marriage" not in _names(s)
    bad = DeclareMeld("royal marriage", tuple(cards("KH QH")))
    with pytest.raises(IllegalAction, match="each meld takes a card from your hand"):
        apply(s, bad)
    # a fresh king from the hand does not marry the run's queen either (40 is not above 150)
    s = _declare(s, 0, "KH AS TS 9S 9S 9C 9C AD AD TD TD 9D", laid=s.laid[0])
    assert "royal marriage" not in _names(s)


def test_a_tabled_card_serves_again_in_another_class() -> None:
    # K♠ of a marriage, with three kings from the hand: kings around (80) reuses it
    s = _declare(HEARTS, 0, "KS QS KH KD KC AS 9S 9S 9C 9C 9D 9D")
    s = apply(s, DeclareMeld("marriage", tuple(cards("KS QS"))))
    s = _declare(s, 0, "KH KD KC AS 9S 9S 9C 9C 9D 9D AD AD", laid=s.laid[0])
    assert "kings around" in _names(s)
    s = apply(s, DeclareMeld("kings around", tuple(cards("KS KH KD KC"))))
    assert s.meld_points[0] == 20 + 80
    ks = [c for c in s.laid[0] if c[0] == cards("KS")[0]]
    assert ks == [(cards("KS")[0], 20, 80, 0)]
    # and the Q♠ of the marriage makes a pinochle with a J♦ from the hand
    s = _declare(s, 0, "JD AS 9S 9S 9C 9C 9D 9D AD AD TD TD", laid=s.laid[0])
    s = apply(s, DeclareMeld("pinochle", tuple(cards("QS JD"))))
    assert s.meld_points[0] == 140


def test_a_meld_needs_a_card_from_the_hand() -> None:
    s = _declare(HEARTS, 0, "KS QS AS TS 9S 9S 9C 9C 9D 9D AD AD")
    s = apply(s, DeclareMeld("marriage", tuple(cards("KS QS"))))
    s = _declare(s, 0, "AS TS 9S 9S 9C 9C 9D 9D AD AD TD TD", laid=s.laid[0])
    assert _names(s) == []
    assert legal_actions(s) == [NoMeld()]


def test_special_doubles_are_one_meld_and_a_single_grows_into_its_double() -> None:
    s = _declare(HEARTS, 0, "QS QS JD JD AS TS 9S 9S 9C 9C 9D 9D")
    assert {"pinochle", "double pinochle"} <= set(_names(s))
    once = apply(s, DeclareMeld("double pinochle", tuple(cards("QS QS JD JD"))))
    assert once.meld_points[0] == 300
    # pinochle first (40), later the double from two new cards and the two on the table (300)
    s = apply(s, DeclareMeld("pinochle", tuple(cards("QS JD"))))
    s = _declare(s, 0, "QS JD AS TS 9S 9S 9C 9C 9D 9D AD AD", laid=s.laid[0])
    assert "double pinochle" in _names(s) and "pinochle" in _names(s)
    s = apply(s, DeclareMeld("double pinochle", tuple(cards("QS QS JD JD"))))
    assert s.meld_points[0] == 340


def test_twice_single_melds_each_copy_apart() -> None:
    v = TWO.model_copy(update={"double_meld_values": "twice_single"})
    base = _deal("AS TS KS QS JS 9S AC TC KC QC JC 9C", "AD AD TD TD KD KD QD QD JD JD 9D AC", "KH", variant=v)
    s = _declare(base, 0, "QS QS JD JD AS TS 9S 9S 9C 9C 9D 9D")
    assert "double pinochle" not in _names(s)
    s = apply(s, DeclareMeld("pinochle", tuple(cards("QS JD"))))
    s = _declare(s, 0, "QS JD AS TS 9S 9S 9C 9C 9D 9D AD AD", laid=s.laid[0])
    s = apply(s, DeclareMeld("pinochle", tuple(cards("QS JD"))))
    assert s.meld_points[0] == 80  # 40 + 40


# ---------------------------------------------------------------------- the dix


def test_exchange_the_dix_for_the_turn_up_then_the_other_nine_is_shown() -> None:
    s = _declare(HEARTS, 0, "9H AS TS 9S 9S 9C 9C 9D 9D AD AD TD")
    assert DeclareDix(True) in legal_actions(s) and DeclareDix(False) not in legal_actions(s)
    s = apply(s, DeclareDix(True))
    assert s.turn_up == cards("9H")[0]
    assert cards("KH")[0] in s.hands[0] and cards("9H")[0] not in s.hands[0]
    assert s.meld_points[0] == 10 and s.known[0] == tuple(cards("KH"))
    # the other 9 of trump, later: shown, not exchanged
    s = _declare(s, 1, "9H AS TS 9S 9S 9C 9C 9D 9D AD AD TD")
    s = s.evolve(hands=(s.hands[0], tuple(sorted(cards("9H AS TS 9S 9S 9C 9C 9D 9D AD AD TD")))))
    assert DeclareDix(False) in legal_actions(s) and DeclareDix(True) not in legal_actions(s)
    s = apply(s, DeclareDix(False))
    assert s.meld_points[1] == 10 and cards("9H")[0] in s.known[1]
    assert s.meld_log[-1][1::2] == ("dix", 10)


def test_dix_and_a_meld_in_one_turn_either_order() -> None:
    s = _declare(HEARTS, 0, "9H QH AS TS 9S 9S 9C 9C 9D 9D AD AD")
    s = apply(s, DeclareDix(True))  # takes K♥: now a royal marriage is possible
    assert s.phase is Phase.DECLARE and "royal marriage" in _names(s)
    assert DeclareDix(True) not in legal_actions(s)
    s = apply(s, DeclareMeld("royal marriage", tuple(cards("KH QH"))))
    assert s.meld_points[0] == 50 and s.phase is Phase.TRICKS  # drawn at once: nothing left to declare


# ---------------------------------------------------------------------- the last pair and phase 2


def _to_last_trick_of_phase_one(variant=TWO) -> StockRound:
    s = new_round(variant, 0, random.Random(11))
    while len(s.tricks) < 11 or s.phase is not Phase.TRICKS:
        la = legal_actions(s)
        s = apply(s, la[0] if s.phase is not Phase.DECLARE else NoMeld())
    return s


def test_last_stock_pair_winner_face_down_loser_turn_up_then_melds_go_home() -> None:
    s = _to_last_trick_of_phase_one()
    assert len(s.stock) == 1 and s.turn_up is not None
    down, up = s.stock[0], s.turn_up
    laid_before = [[c[0] for c in s.laid[seat]] for seat in (0, 1)]
    s = apply(s, legal_actions(s)[0])
    s = apply(s, legal_actions(s)[0])
    while s.phase is Phase.DECLARE:
        s = apply(s, NoMeld())
        laid_before = [[c[0] for c in s.laid[seat]] for seat in (0, 1)]
    w = s.tricks[-1][2]
    assert s.phase is Phase.TRICKS and not s.stock_open and s.to_act == w
    assert s.laid == ((), ()) and [len(h) for h in s.hands] == [12, 12]
    assert down in s.known[w] and up in s.known[1 - w]
    assert s.last_pair == ((w, down), (1 - w, up)) and observe(s, 0).last_pair == s.last_pair
    for seat in (0, 1):
        assert Counter(laid_before[seat]) <= Counter(s.known[seat])
    v = observe(s, 1 - w)
    assert v.turn_up is None and v.stock_size == 0 and not v.stock_open


def test_winner_chooses_the_last_card() -> None:
    v = TWO.model_copy(update={"last_stock_pick": "winner_chooses"})
    s = _to_last_trick_of_phase_one(v)
    up = s.turn_up
    s = apply(s, legal_actions(s)[0])
    s = apply(s, legal_actions(s)[0])
    while s.phase is Phase.DECLARE:
        s = apply(s, NoMeld())
    assert s.phase is Phase.LAST_PICK and legal_actions(s) == [TakeStock(False), TakeStock(True)]
    w = s.to_act
    s = apply(s, TakeStock(True))
    assert up in s.hands[w] and up in s.known[w] and s.phase is Phase.TRICKS


def test_phase_two_is_post1945_by_default_and_the_knob_changes_it() -> None:
    s = _deal("AS TS KS QS JS 9S AH TH KH QH JH 9H", "AD AD TD TD KD KD QD QD JD JD 9D AC", "KC")
    hands = (tuple(sorted(cards("KS 9S AH 9D"))), tuple(sorted(cards("QS AS TH 9C"))))
    end = s.evolve(hands=hands, stock=(), turn_up=None, leader=0, to_act=0, trick=())
    led = apply(end, Play(cards("KS")[0]))
    assert [a.card for a in legal_actions(led)] == cards("AS QS")  # follow suit, no duty to head
    trump_lead = apply(end.evolve(hands=(tuple(sorted(cards("KS 9S AH 9C"))), hands[1])), Play(cards("9C")[0]))
    assert [a.card for a in legal_actions(trump_lead)] == cards("9C")  # must head a trump lead: only trump
    with pytest.raises(IllegalAction, match="follow suit"):
        apply(led, Play(cards("TH")[0]))
    assert explain_play(led, Play(cards("TH")[0])) is not None
    pre = TWO.model_copy(update={"two_hand_phase2_rule": "pre1945"})
    led_pre = apply(end.evolve(variant=pre), Play(cards("KS")[0]))
    assert [a.card for a in legal_actions(led_pre)] == cards("AS")  # must head in any suit
    with pytest.raises(IllegalAction, match="melds went back"):
        apply(led, Play(cards("AS")[0], from_table=True))


# ---------------------------------------------------------------------- scoring and the game


def test_rounding_option_of_hoyle() -> None:
    assert [round_card_points(p) for p in (51, 57, 50, 59, 146, 148, 0)] == [50, 60, 50, 60, 140, 150, 0]


def _play_out(variant, seed: int, pick=None):
    rng = random.Random(seed)
    s = new_round(variant, seed % 2, random.Random(seed * 7 + 1))
    while current_seat(s) is not None:
        la = legal_actions(s)
        s = apply(s, pick(s, la, rng) if pick else la[rng.randrange(len(la))])
    return s


def test_hand_result_is_meld_plus_tricks_and_the_tricks_hold_250() -> None:
    s = _play_out(TWO, 3)
    r = s.result
    assert r.kind == "played" and r.bidder is None
    assert sum(x.trick_points for x in r.sides) == 250
    for seat, side in enumerate(r.sides):
        assert side.meld_shown == side.meld_saved == s.meld_points[seat]
        assert side.change == side.meld_saved + side.trick_points
        assert side.meld_shown == sum(p for who, _, _, p in s.meld_log if who == seat)


def test_game_to_1000_checked_at_the_end_of_a_hand_higher_wins_a_tie_plays_on() -> None:
    g = GameState.start(TWO, seed="g", dealer=0)
    assert g.scores == (0, 0) and g.target == 1000
    r = _play_out(TWO, 4).result

    near = g._replace(scores=(990 - r.sides[0].change + 20, 990 - r.sides[1].change + 10))
    after = near.after_hand(r)
    assert after.scores == (1010, 1000) and after.winner == 0
    tie = g._replace(scores=(1000 - r.sides[0].change, 1000 - r.sides[1].change))
    assert tie.after_hand(r).winner is None and tie.after_hand(r).scores == (1000, 1000)
    assert isinstance(g.new_round(), StockRound)


# ---------------------------------------------------------------------- invariants over many hands


def _deck_now(s: StockRound) -> Counter:
    c: Counter = Counter()
    for h in s.hands:
        c.update(h)
    for laid in s.laid:
        c.update(x[0] for x in laid)
    c.update(s.stock)
    if s.turn_up is not None:
        c[s.turn_up] += 1
    c.update(s.trick)
    for _, t, _ in s.tricks:
        c.update(t)
    return c


@pytest.mark.parametrize("seed", range(60))
def test_random_two_hand_hands_keep_every_invariant(seed: int) -> None:
    deck = Counter(make_deck("single48"))
    rng = random.Random(seed)
    s = new_round(TWO, seed % 2, random.Random(seed))
    while current_seat(s) is not None:
        assert _deck_now(s) == deck
        la = legal_actions(s)
        assert la, s.phase
        for seat in (0, 1):
            v = observe(s, seat)
            assert v.hand == s.hands[seat]
            assert v.hand_sizes == (len(s.hands[0]), len(s.hands[1]))
            assert v.table_melds == tuple(tuple(x[0] for x in s.laid[k]) for k in (0, 1))
            assert v.stock_size == len(s.stock) and v.turn_up == s.turn_up
            for k in (0, 1):  # what is "known" is really in that hand
                assert not Counter(v.known[k]) - Counter(s.hands[k])
            # nothing of the other hand beyond what was seen: swap one of its unseen cards
            # with a stock card (hidden from both) and this seat's view does not change
            other = 1 - seat
            unseen = list((Counter(s.hands[other]) - Counter(s.known[other])).elements())
            swap = next((y for y in s.stock if unseen and y != unseen[0]), None)
            if swap is not None:
                h = list(s.hands[other])
                h[h.index(unseen[0])] = swap
                st = list(s.stock)
                st[st.index(swap)] = unseen[0]
                hands = (s.hands[0], tuple(sorted(h))) if other else (tuple(sorted(h)), s.hands[1])
                assert observe(s.evolve(hands=hands, stock=tuple(st)), seat) == v
        if s.phase is Phase.TRICKS and not s.stock_open:
            # phase 2: 12 tricks with no table melds
            assert s.laid == ((), ())
        for a in la:  # an action as the legal list has it: the search's step without the checks is apply's
            assert apply_listed(s, a)[:10] == apply(s, a)[:10] and apply_listed(s, a)[11:] == apply(s, a)[11:]
        s = apply(s, la[rng.randrange(len(la))])
    r = s.result
    assert sum(x.trick_points for x in r.sides) == 250
    assert len(s.tricks) == 24 and sum(s.won) == 24


# ---------------------------------------------------------------------- the draft (§2.8)


def test_draft_keep_sends_the_next_card_unseen_to_the_discards() -> None:
    pack = make_deck("single48")
    s = new_round(DRAFT, 0, pack=pack)
    assert isinstance(s, DraftRound) and s.phase is Phase.DRAFT and s.to_act == 1
    v = observe(s, 1)
    assert v.looking_at == pack[0] and v.stock_size == 48 and observe(s, 0).looking_at is None
    s = apply(s, DraftCard(True))
    assert s.hands[1] == (pack[0],) and s.discards[1] == (pack[1],) and s.seen[1] == ()
    assert s.to_act == 0 and observe(s, 0).looking_at == pack[2]
    s = apply(s, DraftCard(False))  # reject: it goes to the discards, seen; the next is kept
    assert s.discards[0] == (pack[2],) and s.seen[0] == (pack[2],) and s.hands[0] == (pack[3],)
    assert observe(s, 0).discards == (pack[2],) and observe(s, 1).discards == ()
    with pytest.raises(IllegalAction):
        apply(s, PassBid())


def test_draft_ends_in_an_auction_the_non_dealer_must_open() -> None:
    s = new_round(DRAFT, 1, random.Random(2))
    for _ in range(24):
        s = apply(s, DraftCard(len(s.pack) % 3 == 0))
    assert isinstance(s, RoundState) and s.phase is Phase.AUCTION and s.to_act == 0
    assert [len(h) for h in s.hands] == [12, 12] and [len(d) for d in s.table.discards] == [12, 12]
    assert PassBid() not in legal_actions(s)
    with pytest.raises(IllegalAction, match="must open"):
        apply(s, PassBid())
    assert legal_actions(s)[0].amount == 200


def _draft_pick(s, la, rng):
    if s.phase is Phase.AUCTION:
        bids = [a for a in la if not isinstance(a, PassBid)]
        if PassBid() in la and rng.random() < 0.6:
            return PassBid()
        return bids[0]
    return la[rng.randrange(len(la))]


@pytest.mark.parametrize("seed", range(40))
def test_draft_hands_count_250_with_the_discards(seed: int) -> None:
    s = _play_out(DRAFT, seed, _draft_pick)
    r = s.result
    if r.kind != "played":
        return
    piles = [sum(DRAFT.card_points[c] for c in d) for d in s.table.discards]
    assert sum(x.trick_points for x in r.sides) == 250
    for seat, side in enumerate(r.sides):
        assert side.trick_points == s.points[seat] + piles[seat]
        assert side.discard_points == piles[seat]


def test_draft_discards_can_all_count_for_the_non_bidder() -> None:
    v = DRAFT.model_copy(update={"draft_discards_count_for": "non_bidder"})
    s = _play_out(v, 5, _draft_pick)
    r = s.result
    piles = sum(v.card_points[c] for d in s.table.discards for c in d)
    b = r.bidder
    assert r.sides[b].trick_points == s.points[b]
    assert r.sides[1 - b].trick_points == s.points[1 - b] + piles


def test_two_hand_knobs_are_validated() -> None:
    from rules import Variant

    with pytest.raises(ValueError, match="players = 2"):
        Variant(players=2)
    with pytest.raises(ValueError, match="turn_up"):
        TWO.model_copy(update={"trump_source": "auction"})
    with pytest.raises(ValueError, match="concession"):
        TWO.model_copy(update={"concession": "meld_only"})
    with pytest.raises(ValueError, match="round_card_points"):
        DRAFT.model_copy(update={"round_card_points": True})
    assert TWO.model_copy(update={"deal_packet": 3}).deal_packet == 3


def test_kind_of_names_a_meld_actions_class_and_points() -> None:
    from rules import kind_of

    run = kind_of(TWO, 1, DeclareMeld("run", tuple(sorted(cards("AH TH KH QH JH")))))
    assert (run.cls, run.points) == (0, 150)
    assert kind_of(TWO, 1, DeclareMeld("double pinochle", tuple(sorted(cards("QS QS JD JD"))))).points == 300
    with pytest.raises(ValueError, match="not a meld"):
        kind_of(TWO, 1, DeclareMeld("royal marriage", tuple(sorted(cards("KS QS")))))


@pytest.mark.parametrize("trump", range(4))
def test_the_faces_melds_use_are_aces_kings_queens_jacks_and_the_trump_ten(trump: int) -> None:
    """§5.1: every meld of the single deck is of aces, kings, queens and jacks (around, the
    marriages, the pinochle) or the run, whose ten is trump's alone; the 9s (the dix is a
    count of its own, §2.7) and the other suits' tens are in none."""
    faces = meld_faces(PRESETS["two-hand"], trump)
    assert faces == {s * 6 + r for s in range(4) for r in (0, 2, 3, 4)} | {trump * 6 + 1}
