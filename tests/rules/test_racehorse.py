"""Racehorse (RULES.md §2.13, §5.6, §12.9, §0.4 item 14): 80 cards, 19 each and a 4-card
blind, the eldest's 500 made automatically, the §5.6 meld table, a quadruple in trump that
wins the game at once, and the hand's result (set = -bid, the other side keeps meld and
counters only with at least 10 trick points).  Exact values from handed hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import (
    Bid,
    Bury,
    GameState,
    IllegalAction,
    NameTrump,
    PassBid,
    Phase,
    Suit,
    VariantError,
    apply,
    legal_actions,
    load_variants,
    load_variants_text,
    make_deck,
    new_round,
    observe,
    parse_cards,
    score_meld,
)
from rules.scoring import score_hand

PRESETS = load_variants()
RH = PRESETS["racehorse"]


def meld(text: str, trump: str = "H") -> tuple[int, list[tuple[str, int]], str]:
    m = score_meld(parse_cards(text), trump, RH)
    return m.total, sorted((x.name, x.points) for x in m.melds), m.wins


# ---------------------------------------------------------------------- the preset


def test_the_preset_is_rules_0_4_item_14() -> None:
    v = RH
    assert (v.players, v.sides, v.deck, v.cards_per_hand, v.kitty_size, v.blind_size) == (
        4,
        "pairs_opposite",
        "double80",
        19,
        4,
        4,
    )
    assert (v.kitty_mode, v.kitty_exposed, v.kitty_discards_count_for_bidder) == (
        "bidder_takes_and_buries",
        False,
        True,
    )
    assert (v.forced_opener, v.min_bid, v.bid_unit, v.pass_count) == ("eldest_fixed_bid", 500, 10, 0)
    # A, 10, K count 10, Q and J nothing, last trick 10: 48 counters + 10 = 490
    assert v.card_points[:6] == (10, 10, 10, 0, 0, 0) and v.last_trick_bonus == 10 and v.hand_trick_total == 490
    assert (v.meld_table, v.quadruple_wins_game, v.nonbidder_min_points, v.game_target) == (
        "racehorse_ru",
        True,
        10,
        5000,
    )
    # §0.4 item 23a: the 10-trick-point rule is the other side's only
    assert (v.meld_requires, v.meld_requires_points) == ("none", 0)
    assert v.summary().startswith("4 players in partnerships, 80 cards, 19 each + a 4-card blind")


# ---------------------------------------------------------------------- §5.6 meld


def test_racehorse_double_run_is_300_and_its_marriages_are_trump() -> None:
    # (with one more K Q the triple royal marriage 900 is worth more: test_meld_monotone.py)
    assert meld("AH TH KH QH JH AH TH KH QH JH AS AD AC") == (400, [("aces around", 100), ("double run", 300)], "")
    assert meld("AH TH KH QH JH AH TH KH QH JH AH TH KH QH JH") == (900, [("triple run", 900)], "")


def test_racehorse_marriage_tiers_trump_only() -> None:
    # trump: double 300, triple 900; a non-trump double marriage is two marriages (40)
    assert meld("KH QH KH QH") == (300, [("double royal marriage", 300)], "")
    assert meld("KH QH KH QH KH QH") == (900, [("triple royal marriage", 900)], "")
    assert meld("KS QS KS QS") == (40, [("marriage", 20), ("marriage", 20)], "")


def test_racehorse_pinochles_and_arounds() -> None:
    assert meld("JD QS JD QS") == (300, [("double pinochle", 300)], "")
    assert meld("JD QS JD QS JD QS", "C") == (900, [("triple pinochle", 900)], "")
    # jacks around 40 / 400, missing from the seed's table (§0.4.14)
    assert meld("JS JH JD JC", "C") == (40, [("jacks around", 40)], "")
    assert meld("JS JH JD JC JS JH JD JC TS TS TS TS", "C") == (400, [("double jacks", 400)], "")
    # three of each ace: twice around and once more; tens around score nothing
    assert meld("AS AH AD AC " * 3 + "TS TH TD TC", "C") == (1100, [("aces around", 100), ("double aces", 1000)], "")
    # "4 of a kind": all four copies of one card, 1000 for aces, 800 kings, 600 queens
    assert meld("AS AS AS AS KC KC KC KC", "H") == (1800, [("four of a kind", 800), ("four of a kind", 1000)], "")


def test_four_of_a_kind_or_arounds_whichever_is_worth_more() -> None:
    # a card is in one meld of the arounds' class (§5.2): four queens of spades and one
    # of each other queen is 600, not queens around 60 + nothing
    assert meld("QS QS QS QS QH QD QC", "C") == (600, [("four of a kind", 600)], "")


@pytest.mark.parametrize(
    ("hand", "trump", "wins"),
    [
        ("AH TH KH QH JH " * 4, "H", "quadruple run"),
        ("KH QH " * 4, "H", "quadruple royal marriage"),
        ("JD QS " * 4, "C", "quadruple pinochle"),
        # spades trump: four heart marriages (4 x 20) and four of a kind in kings and queens, no win
        ("KH QH " * 4, "S", ""),
    ],
)
def test_a_quadruple_in_trump_wins_and_scores_nothing(hand: str, trump: str, wins: str) -> None:
    m = score_meld(parse_cards(hand), trump, RH)
    assert m.wins == wins
    if wins:
        assert any(x.name == f"{wins} (wins the game)" and x.points == 0 for x in m.melds)
    else:
        assert m.total == 4 * 20 + 800 + 600


def test_the_standard_tables_are_unchanged() -> None:
    dd = PRESETS["double-deck"]
    assert score_meld(parse_cards("KH QH KH QH"), "H", dd).total == 80
    assert score_meld(parse_cards("KH QH KH QH"), "H", PRESETS["partnership"]).total == 80
    assert score_meld(parse_cards("AS AS AS AS"), "H", dd).total == 0  # no fours of a kind there


# ---------------------------------------------------------------------- a handed deal

S0 = "AH TH KH QH JH KH QH AS AD AC JD QS TS TS TD TD TC TC JC"
S1 = "QS JS TH KH QH AD KD KD QD QD JD AC AC KC QC QC QC JC JC"
S2 = "AS TS KS KS KS QS JS AH AH KH QH JH AD AD TD QD QD JD KC"
S3 = "AS TS QS JS AH TH JH JH TD KD KD JD AC TC TC KC KC QC JC"
BLIND = "JS KS AS TH"


def _deal(hands: tuple[str, ...] = (S0, S1, S2, S3), blind: str = BLIND):
    # dealer 3: seat 0 is eldest and opens at 500 automatically
    return new_round(RH, dealer=3, hands=[parse_cards(h) for h in hands], kitty=parse_cards(blind))


def test_the_handed_deal_is_one_80_card_pack() -> None:
    cards = Counter(c for h in (S0, S1, S2, S3, BLIND) for c in parse_cards(h))
    assert cards == Counter(make_deck("double80"))


def test_the_eldest_opens_at_500_automatically() -> None:
    s = _deal()
    assert (s.phase, s.table.bids, s.table.high_bid, s.to_act) == (Phase.AUCTION, ((0, 500),), 500, 1)
    legal = legal_actions(s)
    assert legal[0] == PassBid() and legal[1] == Bid(510)
    with pytest.raises(IllegalAction, match="bid 500 is not allowed: bid from 510"):
        apply(s, Bid(500))
    # every seat sees the forced opening as the eldest's bid
    assert observe(s, 2).bids == ((0, 500),)
    # the eldest may raise again once outbid
    s = apply(s, Bid(510))
    s = apply(apply(s, PassBid()), PassBid())
    assert s.to_act == 0 and legal_actions(s)[:2] == [PassBid(), Bid(520)]


def _forced_500_hearts():
    s = _deal()
    for _ in range(3):
        s = apply(s, PassBid())
    assert (s.phase, s.bidder, s.contract) == (Phase.TRUMP, 0, 500)
    assert len(s.hands[0]) == 23  # the blind is in the bidder's hand, seen by no one else
    assert observe(s, 0).kitty == tuple(sorted(parse_cards(BLIND))) and observe(s, 1).kitty == ()
    s = apply(s, NameTrump(Suit("H")))
    assert s.phase is Phase.BURY
    return s


def test_everyone_melds_by_rules_5_6() -> None:
    s = _forced_500_hearts()
    # seat 0 with the blind: double royal marriage 300 (more than run 150 + royal marriage 40),
    # marriage 20, aces 100, jacks 40, pinochle 40
    assert [m.total for m in s.melds] == [500, 200, 100, 100]
    assert sorted(m.name for m in s.melds[1].melds) == [
        "marriage",
        "marriage",
        "marriage",
        "pinochle",
        "queens around",
        "royal marriage",
    ]


def test_the_bidder_buries_four_cards_not_in_its_melds() -> None:
    s = _forced_500_hearts()
    with pytest.raises(IllegalAction, match="you may not bury a card you melded"):
        apply(s, Bury(tuple(parse_cards("JD TS TS TD"))))
    s = apply(s, Bury(tuple(parse_cards("TS TS TD TD"))))
    assert s.phase is Phase.MELD and len(s.hands[0]) == 19


def _finish(s, points: dict[int, int], tricks: dict[int, int]):
    log = tuple((0, (), seat) for seat in range(4) for _ in range(tricks.get(seat, 0)))
    done = s.evolve(
        phase=Phase.DONE,
        to_act=-1,
        hands=((),) * 4,
        tricks=log,
        won=tuple(tricks.get(i, 0) for i in range(4)),
        points=tuple(points.get(i, 0) for i in range(4)),
    )
    return score_hand(done)


def _forced_500_hearts_no_burial_points():
    """The forced 500 in hearts, the burial counting for nobody (so the bidder's side has
    no trick point at all unless it takes one)."""
    s = _buried()
    return s.evolve(variant=s.variant.model_copy(update={"kitty_discards_count_for_bidder": False}))


def _buried():
    return apply(_forced_500_hearts(), Bury(tuple(parse_cards("TS TS TD TD"))))


def test_a_made_forced_500_scores_meld_tricks_and_the_buried_counters() -> None:
    # 450 trick points in play (490 less the 40 buried); the bidder's side takes 310 + 40 buried
    r = _finish(_buried(), {0: 210, 1: 140, 2: 100}, {0: 8, 1: 6, 2: 5})
    ns, ew = r.sides
    assert (ns.meld_shown, ns.meld_saved, ns.trick_points, ns.made, ns.change) == (600, 600, 350, True, 950)
    assert (ew.meld_shown, ew.meld_saved, ew.trick_points, ew.made, ew.change) == (300, 300, 140, None, 440)


def test_the_other_side_keeps_meld_and_counters_only_with_10_trick_points() -> None:
    r = _finish(_buried(), {0: 300, 2: 150}, {0: 10, 2: 8, 3: 1})
    ew = r.sides[1]
    assert (ew.meld_shown, ew.meld_saved, ew.trick_points, ew.tricks, ew.change) == (300, 0, 0, 1, 0)
    assert r.sides[0].change == 1090
    r = _finish(_buried(), {0: 290, 2: 150, 3: 10}, {0: 10, 2: 8, 3: 1})
    ew = r.sides[1]
    assert (ew.meld_saved, ew.trick_points, ew.change) == (300, 10, 310)


def test_a_bidder_with_600_meld_and_no_trick_point_makes_500() -> None:
    """§0.4 item 23a: the bidding side makes its contract by meld plus tricks; the
    10-trick-point rule is the other side's (which here takes every trick point)."""
    r = _finish(_forced_500_hearts_no_burial_points(), {1: 250, 3: 200}, {1: 10, 3: 9})
    ns, ew = r.sides
    assert (ns.meld_shown, ns.meld_saved, ns.trick_points, ns.tricks, ns.made, ns.change) == (600, 600, 0, 0, True, 600)
    assert (ew.meld_saved, ew.trick_points, ew.change) == (300, 450, 750)


# a deal whose defenders (West, East) hold every ace and ten and the king of trump: played
# out, the bidding side never takes a trick, and its meld alone makes the forced 500
NO_TRICK = (
    "QS QS JD JD QH QH QD QD QC QC JS JS JH JH JC JC KS KD KC",
    "AH AH TH TH KH KH AS AS TS TS AD AD TD TD AC AC TC TC KS",
    "QS QS JD JD QH QH QD QD QC QC JS JS JH JH JC JC KS KD KC",
    "AH AH TH TH KH KH AS AS TS TS AD AD TD TD AC AC TC TC KD",
)


def test_in_play_a_bidder_without_a_trick_point_makes_the_bid_by_meld() -> None:
    """§0.4 item 23a, played card by card: the forced 500 in hearts, the burial counting
    for nobody; the defenders lead their trumps first, then their aces and tens, and take
    every trick.  The bidding side has 0 trick points and makes its 500 by meld (the
    10-trick-point rule is the other side's); the defenders keep meld and counters."""
    v = RH.model_copy(update={"kitty_discards_count_for_bidder": False})
    s = new_round(v, dealer=3, hands=[parse_cards(h) for h in NO_TRICK], kitty=parse_cards("KS KD KC KC"))
    assert Counter(c for h in NO_TRICK for c in parse_cards(h)) + Counter(parse_cards("KS KD KC KC")) == Counter(
        make_deck("double80")
    )
    for action in (PassBid(), PassBid(), PassBid(), NameTrump(Suit.HEARTS)):
        s = apply(s, action)
    while s.phase is not Phase.DONE:
        legal = legal_actions(s)
        hearts = [
            a for a in legal if getattr(a, "card", None) is not None and a.card // 6 == 1
        ]  # (six faces a suit, hearts second)
        leads = s.phase is Phase.TRICKS and not s.trick and s.to_act in (1, 3)
        s = apply(s, hearts[0] if leads and hearts else legal[0])
    r = s.result
    assert (r.kind, r.bidder, r.contract) == ("played", 0, 500)
    ns, ew = r.sides
    assert (ns.tricks, ns.trick_points, ns.made) == (0, 0, True)
    assert ns.meld_saved == ns.meld_shown >= 500 and ns.change == ns.meld_saved
    buried = sum(v.card_points[c] for c in s.table.buried)  # counting for nobody
    assert (ew.tricks, ew.trick_points, ew.change) == (19, 490 - buried, ew.meld_saved + 490 - buried)


def test_a_set_loses_the_bid_and_its_meld() -> None:
    s = _deal()
    s = apply(s, Bid(2000))  # seat 1 outbids the forced opening
    for _ in range(3):
        s = apply(s, PassBid())
    assert (s.bidder, s.contract, s.phase) == (1, 2000, Phase.TRUMP)
    s = apply(s, NameTrump(Suit("H")))
    # seat 1's 200 with the blind's KS: a spade marriage (KS QS) 20 and kings around 80
    assert [m.total for m in s.melds] == [440, 300, 100, 100]
    s = apply(s, Bury(tuple(parse_cards("AC AC AD TH"))))
    r = _finish(s, {0: 200, 1: 100, 2: 60, 3: 50}, {0: 8, 1: 5, 2: 3, 3: 3})
    ns, ew = r.sides
    assert (ew.meld_shown, ew.trick_points, ew.made, ew.change) == (400, 190, False, -2000)
    assert (ns.meld_saved, ns.trick_points, ns.change) == (540, 260, 800)


# ---------------------------------------------------------------------- the instant win


def _deal_with(seat_cards: dict[int, str], blind: str, seed: int = 7) -> tuple[str, ...]:
    """Hands with the given cards, the rest of the pack shuffled into the other places."""
    pack = Counter(make_deck("double80"))
    fixed = {s: parse_cards(t) for s, t in seat_cards.items()}
    for cards in [*fixed.values(), parse_cards(blind)]:
        pack.subtract(cards)
    rest = sorted(pack.elements())
    random.Random(seed).shuffle(rest)
    hands = []
    for seat in range(4):
        h = list(fixed.get(seat, []))
        while len(h) < 19:
            h.append(rest.pop())
        hands.append(" ".join(map(str, h)))
    return tuple(hands)


def test_a_quadruple_pinochle_of_a_defender_wins_the_game_at_meld() -> None:
    hands = _deal_with({1: "JD JD JD JD QS QS QS QS"}, BLIND)
    s = _deal(hands)
    for _ in range(3):
        s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit("C")))
    assert s.phase is Phase.DONE
    r = s.result
    assert (r.kind, r.meld_win_seat, r.meld_win, r.changes) == ("meld_win", 1, "quadruple pinochle", (0, 0))
    g = GameState.start(RH, seed="x", dealer=3)
    g = g.after_hand(r)
    assert (g.over, g.winner, g.scores) == (True, 1, (0, 0))


def test_the_blind_can_complete_the_bidders_quadruple_royal_marriage_in_trump_only() -> None:
    hands = _deal_with({0: "KH KH KH QH QH QH QH"}, "KH AS AS AS")
    s = _deal(hands, "KH AS AS AS")
    for _ in range(3):
        s = apply(s, PassBid())
    won = apply(s, NameTrump(Suit("H")))
    assert (won.result.kind, won.result.meld_win_seat, won.result.meld_win) == (
        "meld_win",
        0,
        "quadruple royal marriage",
    )
    other = apply(s, NameTrump(Suit("S")))
    assert other.phase is Phase.BURY and other.melds[0].wins == ""


# ---------------------------------------------------------------------- the knobs, one error each


def _refused(text: str) -> str:
    with pytest.raises(VariantError) as exc:
        load_variants_text(text, "mine.toml", base=PRESETS)
    assert "\n" not in str(exc.value)
    return str(exc.value)


def test_each_racehorse_knob_refuses_what_makes_no_sense() -> None:
    assert "deck = 'single48' needs meld_table = 'single_standard'" in _refused(
        '[x]\nmeld_table = "racehorse_ru"\nquadruple_wins_game = true\n'
    )
    assert "quadruple_wins_game = true" in _refused('[x]\nextends = "racehorse"\nquadruple_wins_game = false\n')
    assert "quadruple_wins_game needs four copies of a card" in _refused("[x]\nquadruple_wins_game = true\n")
    assert "blind_size 4 is the kitty dealt face down: kitty_size must be 4" in _refused(
        '[x]\nextends = "partnership-kitty"\nblind_size = 4\nkitty_size = 3\nhand_size = 15\nplayers = 3\n'
        'sides = "individual"\n'
    )
    assert "a blind is dealt and taken face down: kitty_exposed = false" in _refused(
        '[x]\nextends = "racehorse"\nkitty_exposed = true\n'
    )
    assert "forced_opener = 'eldest_fixed_bid' opens an auction" in _refused(
        '[x]\nextends = "two-hand"\nforced_opener = "eldest_fixed_bid"\n'
    )
    assert "has its own doubles" in _refused('[x]\nextends = "racehorse"\ndouble_meld_values = "twice_single"\n')


def test_any_preset_can_use_the_forced_opening_and_the_blind() -> None:
    got = load_variants_text(
        '[a]\nextends = "partnership"\nforced_opener = "eldest_fixed_bid"\n'
        '[b]\nextends = "partnership-kitty"\nblind_size = 4\n',
        "mine.toml",
        base=PRESETS,
    )
    s = new_round(got["a"], dealer=0, rng=random.Random(1))
    assert (s.table.bids, s.to_act) == (((1, 250),), 2)
    summary = "4 players, partners, 48 cards, 4-card blind, min bid 250, to 1500"
    assert (got["b"].kitty_size, got["b"].summary()) == (4, summary)
