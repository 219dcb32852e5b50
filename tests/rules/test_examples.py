"""Every worked example of RULES.md §13 (Examples 1-20) and the supplementary checks
S1-S4, for every knob value each example gives, with exact numbers (x10 unless the
display scale is checked with `Variant.fmt`).

Hand results (Examples 16-19, S4) are built through the engine: an explicit deal with
`new_round(hands=...)`, the auction, trump, passing (the bidder hands back the same four
cards, so the hands and the meld stay those of the example) and burial by `apply`; then
either a real random legal play-out (Examples 16 and 18) or the trick outcome the example
states written into the finished `RoundState` and scored with `rules.scoring.score_hand`.
"""

from __future__ import annotations

import random

import pytest

from rules import (
    Bid,
    Bury,
    Concede,
    GameState,
    HandResult,
    IllegalAction,
    KeepHand,
    NameTrump,
    PassBid,
    PassCards,
    Phase,
    PlayOn,
    SideResult,
    Suit,
    apply,
    legal_actions,
    legal_plays,
    load_variants,
    new_round,
    parse_cards,
    score_meld,
)
from rules.scoring import score_hand

PRESETS = load_variants()
P = PRESETS["partnership"]
RULES3 = ("run_absorbs", "extra_card_marries", "independent")


def knobs(base=P, **kw):
    return type(base).model_validate(base.model_dump() | kw)


def meld(hand: str, trump: str, variant=P) -> int:
    return score_meld(parse_cards(hand), trump, variant).total


def melds(hand: str, trump: str, variant=P) -> list[tuple[str, str, int]]:
    return sorted(
        (m.name, " ".join(sorted(map(str, m.cards))), m.points)
        for m in score_meld(parse_cards(hand), trump, variant).melds
    )


def legal(hand: str, trick: str, variant=P, trump: str = "H") -> list[str]:
    return sorted(str(c) for c in legal_plays(parse_cards(hand), parse_cards(trick), trump, variant))


# ====================================================================== meld (Examples 1-9)

EX1 = "AH TH KH QH JH 9H AS AD AC QS JD KC"
EX2 = "AS TS KS KS QS JS JD KH QH 9C 9D JC"
EX3 = "AC TC KC QC JC KC QC KS QS KH QH KD"
EX4 = "AD AD TD TD KD KD QD QD JD JD QS QS"
EX5 = "KS QS KH QH KD QD KC QC AC TC 9C 9H"
EX6 = "AS AS AH AD AC AC KS KH KD KC QC JH"
EX7 = "AS AS AH AH AD AD AC AC 9S 9S JD QS"
EX8 = "AH TH KH QH JH KS QS 9S JD TC TD JC"
EX9_N = "AS AH AD KS KH KD KC QS QH JD 9C TS"
EX9_S = "AC TC KC QC QD JD JS JH 9H 9H TD TH"


def test_example_hands_have_twelve_cards() -> None:
    for h in (EX1, EX2, EX3, EX4, EX5, EX6, EX7, EX8, EX9_N, EX9_S):
        assert len(parse_cards(h)) == 12


@pytest.mark.parametrize(("rule", "total"), [("run_absorbs", 300), ("extra_card_marries", 300), ("independent", 340)])
def test_example_1_run_dix_aces_pinochle(rule: str, total: int) -> None:
    assert meld(EX1, "H", knobs(run_marriage_rule=rule)) == total


def test_example_1_meld_list_and_x1() -> None:
    assert melds(EX1, "H") == sorted(
        [
            ("run", "AH JH KH QH TH", 150),
            ("dix", "9H", 10),
            ("aces around", "AC AD AH AS", 100),
            ("pinochle", "JD QS", 40),
        ]
    )
    x1 = PRESETS["three-hand"]  # an x1 preset with the default run/marriage reading
    assert x1.score_scale == "x1"
    assert x1.fmt(meld(EX1, "H", x1)) == "30"


@pytest.mark.parametrize(("rule", "total"), [("run_absorbs", 210), ("extra_card_marries", 250), ("independent", 250)])
def test_example_2_run_plus_extra_king(rule: str, total: int) -> None:
    assert meld(EX2, "S", knobs(run_marriage_rule=rule)) == total


def test_example_2_meld_list() -> None:
    assert melds(EX2, "S") == sorted(
        [
            ("run", "AS JS KS QS TS", 150),
            ("royal marriage", "KS QS", 40),
            ("marriage", "KH QH", 20),
            ("pinochle", "JD QS", 40),
        ]
    )
    assert melds(EX2, "S", knobs(run_marriage_rule="run_absorbs")) == sorted(
        [("run", "AS JS KS QS TS", 150), ("marriage", "KH QH", 20), ("pinochle", "JD QS", 40)]
    )


@pytest.mark.parametrize(("rule", "total"), [("run_absorbs", 310), ("extra_card_marries", 310), ("independent", 350)])
def test_example_3_extra_king_and_queen_three_suits_married(rule: str, total: int) -> None:
    assert meld(EX3, "C", knobs(run_marriage_rule=rule)) == total


def test_example_3_is_not_a_roundhouse() -> None:
    assert meld(EX3, "C", knobs(roundhouse_bonus=10)) == 310
    names = [m[0] for m in melds(EX3, "C")]
    assert names.count("marriage") == 2 and "queens around" not in names and "kings around" in names


@pytest.mark.parametrize(
    ("rule", "total"), [("run_absorbs", 1800), ("extra_card_marries", 1800), ("independent", 1880)]
)
def test_example_4_double_run_double_pinochle(rule: str, total: int) -> None:
    assert meld(EX4, "D", knobs(run_marriage_rule=rule)) == total


def test_example_4_meld_list_and_x1() -> None:
    assert melds(EX4, "D") == sorted(
        [
            ("double run", "AD AD JD JD KD KD QD QD TD TD", 1500),
            ("double pinochle", "JD JD QS QS", 300),
        ]
    )
    assert PRESETS["three-hand"].fmt(meld(EX4, "D", PRESETS["three-hand"])) == "180"


@pytest.mark.parametrize("rule", RULES3)
def test_example_5_roundhouse(rule: str) -> None:
    assert meld(EX5, "C", knobs(run_marriage_rule=rule)) == 250
    assert meld(EX5, "C", knobs(run_marriage_rule=rule, roundhouse_bonus=10)) == 260
    assert PRESETS["three-hand"].fmt(meld(EX5, "C", PRESETS["three-hand"])) == "25"


def test_example_5_meld_list() -> None:
    got = melds(EX5, "C")
    assert ("royal marriage", "KC QC", 40) in got
    assert [m for m in got if m[0] == "marriage"] == sorted(
        [("marriage", "KS QS", 20), ("marriage", "KH QH", 20), ("marriage", "KD QD", 20)]
    )
    assert ("kings around", "KC KD KH KS", 80) in got and ("queens around", "QC QD QH QS", 60) in got
    assert ("dix", "9C", 10) in got and len(got) == 7


@pytest.mark.parametrize("rule", RULES3)
def test_example_6_extra_aces_do_not_make_a_second_around(rule: str) -> None:
    v = knobs(run_marriage_rule=rule)
    assert meld(EX6, "H", v) == 200
    assert melds(EX6, "H", v) == sorted(
        [("aces around", "AC AD AH AS", 100), ("kings around", "KC KD KH KS", 80), ("marriage", "KC QC", 20)]
    )


@pytest.mark.parametrize("rule", RULES3)
def test_example_7_thousand_aces(rule: str) -> None:
    v = knobs(run_marriage_rule=rule)
    assert meld(EX7, "S", v) == 1060
    assert PRESETS["three-hand"].fmt(meld(EX7, "S", PRESETS["three-hand"])) == "106"
    assert ("double aces", "AC AC AD AD AH AH AS AS", 1000) in melds(EX7, "S", v)


@pytest.mark.parametrize("rule", RULES3)
def test_example_8_non_trump_run_is_only_a_marriage(rule: str) -> None:
    assert meld(EX8, "S", knobs(run_marriage_rule=rule)) == 110
    assert melds(EX8, "S", knobs(run_marriage_rule=rule)) == sorted(
        [
            ("marriage", "KH QH", 20),
            ("royal marriage", "KS QS", 40),
            ("pinochle", "JD QS", 40),
            ("dix", "9S", 10),
        ]
    )


def test_example_9_partners_cannot_pool() -> None:
    assert meld(EX9_N, "H") == 180
    assert meld(EX9_S, "H") == 40
    assert meld(EX9_N, "H") + meld(EX9_S, "H") == 220
    assert meld(EX9_N + " " + EX9_S, "H") == 510  # what pooling would (illegally) give
    assert melds(EX9_S, "H") == sorted([("marriage", "KC QC", 20), ("dix", "9H", 10), ("dix", "9H", 10)])


def test_example_9_team_meld_through_the_engine() -> None:
    state = _to_meld(P, EX16_HANDS, bidder=0, contract=300, trump="H")
    assert [m.total for m in state.melds] == [180, 0, 40, 60]


# ====================================================================== legal plays (10-15)

PRE = P
POST = PRESETS["partnership-post1945"]
LED = knobs(head_target="led_card")


def test_presets_heading_rule() -> None:
    assert (PRE.head_rule, PRE.head_target) == ("pre1945", "current_winner")
    assert (POST.head_rule, POST.head_target) == ("post1945", "current_winner")


def test_example_10_heading_a_non_trump_lead() -> None:
    assert legal("AS QS 9H JC", "KS", PRE) == ["AS"]
    assert legal("AS QS 9H JC", "KS", POST) == ["AS", "QS"]


def test_example_11_heading_over_partner() -> None:
    assert legal("AC QC 9D", "TC 9C", PRE) == ["AC"]
    assert legal("AC QC 9D", "TC 9C", POST) == ["AC", "QC"]


def test_example_12_identical_cards_and_led_card_reading() -> None:
    assert legal("AC KC 9C JS", "TC AC", PRE) == ["9C", "AC", "KC"]
    assert legal("AC KC 9C JS", "TC AC", POST) == ["9C", "AC", "KC"]
    assert legal("AC KC 9C JS", "TC AC", LED) == ["AC"]
    from rules import trick_winner

    assert trick_winner(parse_cards("TC AC AC"), "H") == 1  # the earlier ace keeps the trick


def test_example_13_void_trick_trumped_over_trump_duty() -> None:
    assert legal("KH 9H AS", "QD JH", PRE) == ["KH"]
    assert legal("KH 9H AS", "QD JH", POST) == ["9H", "KH"]
    assert legal("AD 9D AH", "QD JH", PRE) == ["9D", "AD"]
    assert legal("AD 9D AH", "QD JH", POST) == ["9D", "AD"]


def test_example_14_forced_under_trump() -> None:
    assert legal("TH 9H AS", "QD AH", PRE) == ["9H", "TH"]
    assert legal("TH 9H AS", "QD AH", POST) == ["9H", "TH"]


def test_example_15_trump_led() -> None:
    for v in (PRE, POST):
        assert legal("TH JH 9H AC", "QH KH", v) == ["TH"]
        assert legal("9H JH AC", "AH", v) == ["9H", "JH"]
        assert legal("AS KD QC", "9H", v) == ["AS", "KD", "QC"]


# ====================================================================== hand results (16-20)

# Example 9's North and South, East and West chosen so that E-W meld 60 (trump ♥)
EX16_HANDS = [
    EX9_N,
    "AS TS KS JS 9S TH JH AD TD 9D AC QC",
    EX9_S,
    "QS 9S AH KH QH KD QD 9D TC JC JC 9C",
]
# hands with N-S meld 120 (100 + 20) and E-W 80 (20 + 60), trump ♥
EX17_HANDS = [
    "AS KS JS 9S KH JH KD QD AC AC KC JC",
    "QS 9S AH AH KH 9H 9H AD TD TC JC 9C",
    "AS TS QH JH AD KD JD 9D KC QC QC 9C",
    "TS KS QS JS TH TH QH TD QD JD 9D TC",
]
# hands with N-S meld 230 (160 + 70) and E-W 90 (90 + 0), trump ♥
EX18_HANDS = [
    "AS TS QS AH KH QH JH AD KD QD AC KC",
    "JS 9S KH QH 9H TD KD QD JD KC QC JC",
    "KS KS QS 9S TH JH 9H AD TD JD TC QC",
    "AS TS JS AH TH 9D 9D AC TC JC 9C 9C",
]


def _to_meld(variant, hands, *, bidder: int, contract: int, trump: str, kitty: str = "", bury: str | None = None):
    """Deal ``hands`` (the bidder is eldest), let the bidder win at ``contract``, name
    trump, pass back the same cards (hands unchanged), bury; stop at the meld/concession
    phase or at the first lead."""
    n = variant.players
    state = new_round(variant, dealer=(bidder - 1) % n, hands=[parse_cards(h) for h in hands], kitty=parse_cards(kitty))
    while state.phase is Phase.DEAL:
        state = apply(state, KeepHand())
    assert state.phase is Phase.AUCTION and state.to_act == bidder
    state = apply(state, Bid(contract))
    while state.phase is Phase.AUCTION:
        state = apply(state, PassBid())
    assert state.phase is Phase.TRUMP and state.bidder == bidder and state.contract == contract
    state = apply(state, NameTrump(Suit(trump)))
    if state.phase is Phase.PASS:
        partner = state.to_act
        given = state.hands[partner][: variant.pass_count]
        state = apply(state, PassCards(tuple(given)))
        assert state.to_act == bidder
        state = apply(state, PassCards(tuple(given)))
        want = [tuple(sorted(parse_cards(h))) for h in hands]
        assert [tuple(h) for h in state.hands] == want  # the same cards went back
    if state.phase is Phase.BURY:
        assert bury is not None
        state = apply(state, Bury(tuple(parse_cards(bury))))
    return state


def _finish(state, points: dict[int, int], tricks: dict[int, int]):
    """The finished round with the trick outcome the example states: per seat its trick
    points (counters + last trick) and its number of tricks; scored by `score_hand`."""
    n = state.variant.players
    assert sum(tricks.values()) == state.variant.cards_per_hand
    log = tuple((0, (), seat) for seat in range(n) for _ in range(tricks.get(seat, 0)))
    done = state.evolve(
        phase=Phase.DONE,
        to_act=-1,
        hands=((),) * n,
        tricks=log,
        won=tuple(tricks.get(s, 0) for s in range(n)),
        points=tuple(points.get(s, 0) for s in range(n)),
    )
    return score_hand(done)


def _side(result: HandResult, side: int) -> tuple:
    s = result.sides[side]
    return (s.meld_shown, s.meld_saved, s.trick_points, s.made, s.change)


def _random_playout(state, seed: int):
    rng = random.Random(seed)
    if state.phase is Phase.MELD:
        state = apply(state, PlayOn())
    while state.phase is not Phase.DONE:
        acts = legal_actions(state)
        state = apply(state, acts[rng.randrange(len(acts))])
    return state


def _playout_with_ns_points(state, want_ns: int):
    """A seeded random legal play-out in which N-S take exactly ``want_ns`` trick points
    and E-W take at least one trick."""
    for seed in range(3000):
        done = _random_playout(state, seed)
        ns = done.points[0] + done.points[2]
        if ns == want_ns and done.won[1] + done.won[3] > 0:
            return done
    raise AssertionError("no play-out found")


@pytest.mark.parametrize(("contract", "ns"), [(300, (220, 220, 110, True, 330)), (350, (220, 0, 110, False, -350))])
def test_example_16_contract_made_and_set_by_real_play(contract: int, ns: tuple) -> None:
    state = _to_meld(P, EX16_HANDS, bidder=0, contract=contract, trump="H")
    assert state.phase is Phase.MELD
    done = _playout_with_ns_points(state, 110)
    r = done.result
    assert r.kind == "played" and r.bidder == 0 and r.contract == contract and r.trump == "H"
    assert _side(r, 0) == ns
    assert _side(r, 1) == (60, 60, 140, None, 200)
    assert r.sides[0].trick_points + r.sides[1].trick_points == 250
    assert r.sides[0].seats == (0, 2) and r.sides[1].seats == (1, 3)


@pytest.mark.parametrize(("contract", "ns"), [(300, (220, 220, 110, True, 330)), (350, (220, 0, 110, False, -350))])
def test_example_16_scored_from_the_stated_trick_points(contract: int, ns: tuple) -> None:
    state = _to_meld(P, EX16_HANDS, bidder=0, contract=contract, trump="H")
    # N-S: 10 counters + last trick; E-W 14 counters
    r = _finish(state, points={0: 60, 2: 50, 1: 80, 3: 60}, tricks={0: 4, 2: 2, 1: 3, 3: 3})
    assert _side(r, 0) == ns
    assert _side(r, 1) == (60, 60, 140, None, 200)


EX17_POINTS = {0: 150, 2: 100}
EX17_TRICKS = {0: 7, 2: 5}


@pytest.mark.parametrize(("meld_requires", "ew"), [("one_trick", (80, 0, 0, None, 0)), ("none", (80, 80, 0, None, 80))])
def test_example_17_opponents_take_no_trick(meld_requires: str, ew: tuple) -> None:
    v = knobs(meld_requires=meld_requires)
    state = _to_meld(v, EX17_HANDS, bidder=0, contract=250, trump="H")
    assert [m.total for m in state.melds] == [100, 20, 20, 60]
    r = _finish(state, EX17_POINTS, EX17_TRICKS)
    assert _side(r, 0) == (120, 120, 250, True, 370)
    assert _side(r, 1) == ew
    assert r.pinochle_side == 0


@pytest.mark.parametrize("pinochling", [True, False])
def test_example_17_pinochling_wins_the_game(pinochling: bool) -> None:
    v = knobs(pinochling_wins_game=pinochling)
    state = _to_meld(v, EX17_HANDS, bidder=0, contract=250, trump="H")
    r = _finish(state, EX17_POINTS, EX17_TRICKS)
    game = GameState.start(v, seed="ex17", dealer=3)
    after = game.after_hand(r)
    assert after.scores == (370, 0)
    assert after.winner == (0 if pinochling else None)
    assert after.dealer == 0


def test_example_17_defenders_pinochling_wins_even_when_set() -> None:
    """§8.4: a side (bidding or not) that takes every trick wins at once."""
    v = knobs(pinochling_wins_game=True)
    state = _to_meld(v, EX17_HANDS, bidder=0, contract=250, trump="H")
    r = _finish(state, {1: 150, 3: 100}, {1: 6, 3: 6})
    assert _side(r, 0) == (120, 0, 0, False, -250)
    assert _side(r, 1) == (80, 80, 250, None, 330)
    assert r.pinochle_side == 1
    assert GameState.start(v, seed="x", dealer=3).after_hand(r).winner == 1


@pytest.mark.parametrize(("concession", "ew"), [("meld_only", 90), ("meld_plus_100", 190)])
def test_example_18_throw_in(concession: str, ew: int) -> None:
    v = knobs(concession=concession)
    state = _to_meld(v, EX18_HANDS, bidder=0, contract=500, trump="H")
    assert [m.total for m in state.melds] == [160, 90, 70, 0]
    assert state.phase is Phase.MELD and state.to_act == 0
    assert set(map(type, legal_actions(state))) == {Concede, PlayOn}
    done = apply(state, Concede())
    r = done.result
    assert done.phase is Phase.DONE and r.kind == "conceded"
    assert r.sides[0].change == -500 and r.sides[0].made is False and r.sides[0].trick_points == 0
    assert r.sides[1].change == ew and r.sides[1].trick_points == 0 and r.sides[1].meld_shown == 90


def test_example_18_concession_off_the_hand_is_played() -> None:
    v = knobs(concession="off")
    state = _to_meld(v, EX18_HANDS, bidder=0, contract=500, trump="H")
    assert state.phase is Phase.TRICKS and state.to_act == 0  # bidder leads (§6.1)
    with pytest.raises(IllegalAction):
        apply(state, Concede())
    for seed in range(5):
        done = _random_playout(state, seed)
        r = done.result
        assert r.sides[0].made is False and r.sides[0].change == -500  # 230 + 250 < 500
        ew_pts = done.points[1] + done.points[3]
        ew_tricks = done.won[1] + done.won[3]
        assert r.sides[1].change == (90 + ew_pts if ew_tricks else 0)


def test_concession_only_for_the_bidder_before_the_first_lead() -> None:
    state = _to_meld(P, EX18_HANDS, bidder=0, contract=500, trump="H")
    state = apply(state, PlayOn())
    assert state.phase is Phase.TRICKS
    with pytest.raises(IllegalAction):
        apply(state, Concede())


# Example 19: three-hand, A (seat 0) takes the kitty, trump ♥, A melds 17, B 6, C 5 (x1)
EX19_HANDS = [
    "KS JS JS 9S AH 9H TD KD QD JD AC TC TC KC JC",
    "AS TS TH KH QH QH AD TD KD QD JD 9D 9D AC 9C",
    "AS TS KS QS QS 9S AH TH JH 9H AD KC QC JC 9C",
]
EX19_KITTY = "KH JH QC"
EX19_BURY = "AC TD JS"
T3 = PRESETS["three-hand"]


def _ex19(contract: int, variant=T3):
    state = _to_meld(variant, EX19_HANDS, bidder=0, contract=contract, trump="H", kitty=EX19_KITTY, bury=EX19_BURY)
    assert [m.total for m in state.melds] == [170, 60, 50]
    assert sorted(map(str, state.table.buried)) == ["AC", "JS", "TD"]
    assert len(state.hands[0]) == 15
    return state


def test_example_19_three_hand_buried_cards_count() -> None:
    state = _ex19(300)
    # A's tricks: 11 counters + last trick; B 7 counters; C 4 counters (x1)
    r = _finish(state, {0: 120, 1: 70, 2: 40}, {0: 7, 1: 5, 2: 3})
    assert _side(r, 0) == (170, 170, 140, True, 310)
    assert _side(r, 1) == (60, 60, 70, None, 130)
    assert _side(r, 2) == (50, 50, 40, None, 90)
    assert sum(s.trick_points for s in r.sides) == T3.hand_trick_total == 250
    assert [T3.fmt(s.change) for s in r.sides] == ["31", "13", "9"]


def test_example_19_contract_32_is_set() -> None:
    state = _ex19(320)
    r = _finish(state, {0: 120, 1: 70, 2: 40}, {0: 7, 1: 5, 2: 3})
    assert _side(r, 0) == (170, 0, 140, False, -320)  # set: the meld is forfeited (§8.1 step 5)
    assert T3.fmt(r.sides[0].change) == "-32"


def test_example_19_c_takes_no_trick_meld_cancelled() -> None:
    state = _ex19(300)
    r = _finish(state, {0: 120, 1: 110}, {0: 8, 1: 7})
    assert _side(r, 2) == (50, 0, 0, None, 0)
    assert _side(r, 1) == (60, 60, 110, None, 170)
    assert T3.fmt(r.sides[1].change) == "17"


def test_example_19_buried_cards_do_not_count_when_knob_off() -> None:
    v = knobs(T3, kitty_discards_count_for_bidder=False)
    state = _ex19(280, v)
    r = _finish(state, {0: 120, 1: 70, 2: 40}, {0: 7, 1: 5, 2: 3})
    assert _side(r, 0) == (170, 170, 120, True, 290)


def _hr(bidder: int, contract: int, changes: list[int], made: bool = True, seats=None) -> HandResult:
    n = len(changes)
    seats = seats or [(s,) for s in range(n)]
    sides = tuple(
        SideResult(i, seats[i], 0, 0, 0, 1, (made if i == bidder else None), c) for i, c in enumerate(changes)
    )
    return HandResult(kind="played", bidder=bidder, contract=contract, trump="H", sides=sides)


def _ex20_result() -> HandResult:
    return HandResult(
        kind="played",
        bidder=0,
        contract=260,
        trump="H",
        sides=(
            SideResult(0, (0, 2), 150, 150, 120, 6, True, 270),
            SideResult(1, (1, 3), 100, 100, 130, 6, None, 230),
        ),
    )


@pytest.mark.parametrize(
    ("tie_break", "winner", "target"),
    [
        ("bidder_first", 0, 1500),
        ("highest_score", 1, 1500),
        ("extend_target", None, 1750),
        ("another_hand", None, 1500),
    ],
)
def test_example_20_both_sides_cross(tie_break: str, winner, target: int) -> None:
    v = knobs(tie_break=tie_break)
    game = GameState(variant=v, seed="ex20", dealer=3, scores=(1380, 1450), target=1500)
    after = game.after_hand(_ex20_result())
    assert after.scores == (1650, 1680)
    assert after.winner == winner
    assert after.target == target
    assert after.over is (winner is not None)
    assert after.dealer == 0
    assert after.history == (_ex20_result(),)


def test_partnership_preset_tie_break_is_bidder_first() -> None:
    game = GameState(variant=P, seed="ex20", dealer=0, scores=(1380, 1450), target=1500)
    assert game.after_hand(_ex20_result()).winner == 0


def test_example_20_extend_target_then_the_next_crossing_decides() -> None:
    v = knobs(tie_break="extend_target")
    game = GameState(variant=v, seed="ex20", dealer=0, scores=(1380, 1450), target=1500).after_hand(_ex20_result())
    assert (game.target, game.winner) == (1750, None)
    # next hand: only E-W reach 1750
    r = _hr(1, 250, [30, 100], seats=[(0, 2), (1, 3)])
    after = game.after_hand(r)
    assert after.scores == (1680, 1780) and after.winner == 1


@pytest.mark.parametrize(
    ("tie_break", "winner", "target"),
    [("bidder_first", 1, 1000), ("extend_target", None, 1250), ("another_hand", None, 1000)],
)
def test_example_20_three_hand_x1_analogue(tie_break: str, winner, target: int) -> None:
    v = knobs(T3, tie_break=tie_break)
    game = GameState(variant=v, seed="ex20", dealer=0, scores=(960, 880, 700), target=1000)
    after = game.after_hand(_hr(1, 270, [90, 280, 40]))
    assert after.scores == (1050, 1160, 740)
    assert (after.winner, after.target) == (winner, target)


def test_three_hand_preset_extends_to_125() -> None:
    game = GameState(variant=T3, seed="x", dealer=0, scores=(960, 880, 700), target=1000)
    after = game.after_hand(_hr(1, 270, [90, 280, 40]))
    assert (after.winner, T3.fmt(after.target)) == (None, "125")


def test_cutthroat_only_the_bidder_who_makes_it_wins() -> None:
    """§8.6 (cutthroat preset): several may pass the target without winning."""
    v = PRESETS["cutthroat"]
    game = GameState(variant=v, seed="x", dealer=0, scores=(960, 990, 500), target=1000)
    # seat 2 bids and makes; seats 0 and 1 pass the target but do not win
    after = game.after_hand(_hr(2, 200, [100, 50, 250]))
    assert after.scores == (1060, 1040, 750) and after.winner is None
    # seat 0 bids, makes and reaches the target: wins
    assert after.after_hand(_hr(0, 200, [210, 0, 0])).winner == 0
    # seat 1 over the target but set as bidder: no winner
    assert after.after_hand(_hr(1, 300, [0, -300, 0], made=False)).winner is None


# ====================================================================== S1-S4

S1_PILE = "AS AD TH KC QC JS 9D 9S"


@pytest.mark.parametrize(
    ("method", "total"),
    [("classic_11_10_4_3_2", 51), ("ten_ten_five_five", 50), ("counters_10", 50)],
)
def test_s1_counting_methods_x10(method: str, total: int) -> None:
    v = knobs(count_method=method)
    pts = sum(v.card_points[c] for c in parse_cards(S1_PILE)) + v.last_trick_bonus
    assert pts == total
    assert v.hand_trick_total == 250


def test_s1_counting_method_4_x1() -> None:
    v = knobs(T3, count_method="counters_1")
    pts = sum(v.card_points[c] for c in parse_cards(S1_PILE)) + v.last_trick_bonus
    assert v.fmt(pts) == "5"
    assert v.fmt(v.hand_trick_total) == "25"


@pytest.mark.parametrize(
    ("method", "values"),
    [
        ("classic_11_10_4_3_2", (11, 10, 4, 3, 2, 0)),
        ("ten_ten_five_five", (10, 10, 5, 5, 0, 0)),
        ("counters_10", (10, 10, 10, 0, 0, 0)),
        ("counters_1", (10, 10, 10, 0, 0, 0)),
    ],
)
def test_s1_table_7_1_per_card(method: str, values: tuple) -> None:
    v = knobs(count_method=method)
    for suit in "SHDC":
        cards = parse_cards(" ".join(r + suit for r in "ATKQJ9"))
        assert tuple(v.card_points[c] for c in cards) == values


def test_s2_two_hand_progressive_meld_numbers() -> None:
    """S2 as the §5.3 readings give it: royal marriage then run = `independent` (190);
    run first = `run_absorbs` (150); the dix is 10 (two-hand itself is not built yet)."""
    run = "AH TH KH QH JH"
    assert meld(run, "H", knobs(run_marriage_rule="independent")) == 190
    assert meld(run, "H", knobs(run_marriage_rule="run_absorbs")) == 150
    assert meld("KH QH", "H") == 40
    assert meld("9H", "H") == 10


def test_s3_check_scoring_where_its_table_makes_no_sense_is_refused() -> None:
    """S3 (check pinochle, §9): the RU three-hand table on a four-player preset is an error."""
    from rules import VariantError, load_variants_text

    with pytest.raises(VariantError, match="check_scoring = 'ru_three_hand' is the three-hand table"):
        load_variants_text('[c]\ncheck_scoring = "ru_three_hand"\n', "mine.toml")


DD = PRESETS["double-deck"]
S4_HAND = "AS AS AH AH AD AD AC AC KS QS KH QH KD QD KC QC TS JS JD JC"


def test_s4_double_deck_twenty_card_hand() -> None:
    assert len(parse_cards(S4_HAND)) == 20
    assert meld(S4_HAND, "S", DD) == 1390
    assert DD.fmt(meld(S4_HAND, "S", DD)) == "139"
    assert melds(S4_HAND, "S", DD) == sorted(
        [
            ("double aces", "AC AC AD AD AH AH AS AS", 1000),
            ("run", "AS JS KS QS TS", 150),
            ("marriage", "KH QH", 20),
            ("marriage", "KD QD", 20),
            ("marriage", "KC QC", 20),
            ("kings around", "KC KD KH KS", 80),
            ("queens around", "QC QD QH QS", 60),
            ("pinochle", "JD QS", 40),
        ]
    )


S4_HANDS = [
    "AS TS KS KS QS QS JS JS AH TH JH TD QD JD AC AC TC QC QC JC",
    "AS AS TS AH AH AH TH AD AD AD TD TD KD KD KD JD TC KC QC JC",
    "AS KS KS QS QS JS TH KH JH JH AD KD QD QD AC TC TC KC KC KC",
    "TS TS JS TH KH KH KH QH QH QH QH JH TD QD JD JD AC QC JC JC",
]


def test_s4_double_deck_team_result() -> None:
    # bid 62 (x1) is off the preset's grid (steps of 5 from 60, §12.7): drop the larger unit
    v = knobs(DD, bid_unit_above=())
    state = _to_meld(v, S4_HANDS, bidder=0, contract=620, trump="S")
    assert [m.total for m in state.melds] == [270, 20, 180, 100]
    r = _finish(state, {0: 170, 2: 100, 1: 130, 3: 100}, {0: 6, 2: 4, 1: 5, 3: 5})
    assert _side(r, 0) == (450, 450, 270, True, 720)
    assert _side(r, 1) == (120, 120, 230, None, 350)
    assert [v.fmt(s.change) for s in r.sides] == ["72", "35"]
    assert v.hand_trick_total == 500


def test_double_deck_preset_grid_steps_of_five_above_sixty() -> None:
    assert DD.is_on_grid(500) and DD.is_on_grid(590) and DD.is_on_grid(600) and DD.is_on_grid(650)
    assert not DD.is_on_grid(620) and not DD.is_on_grid(495) and not DD.is_on_grid(505)
    assert DD.next_bid_after(590) == 600 and DD.next_bid_after(600) == 650
