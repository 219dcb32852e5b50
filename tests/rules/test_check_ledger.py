"""Check pinochle (RULES.md §9, §12.10, §0.4 item 15): the check ledger beside the points,
from each hand's result — the §9.1 Bicycle table (`check`) and the §9.2 RU table
(`three-hand-check`) — the game's checks and settlement, the bidding rules of the two
forms, and a property test that every hand's and game's checks add up to zero."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots import make_bot
from rules import (
    Bid,
    Bury,
    Concede,
    GameState,
    IllegalAction,
    NameTrump,
    PassBid,
    Phase,
    PlayOn,
    Suit,
    VariantError,
    apply,
    current_seat,
    legal_actions,
    load_variants,
    load_variants_text,
    new_round,
    observe,
    parse_cards,
)
from rules.checks import CheckEvent, game_checks, hand_checks, ledger, made_checks, settle
from rules.scoring import score_hand

PRESETS = load_variants()
CK = PRESETS["check"]
T3 = PRESETS["three-hand-check"]


def events(evs) -> list[tuple[int, int, int, str]]:
    return sorted((e.payer, e.payee, e.checks, e.reason) for e in evs)


def _finish(s, points: dict[int, int], tricks: dict[int, int]):
    """The round ``s`` (at the first lead) played out with these trick points and tricks per seat."""
    n = s.variant.players
    log = tuple((0, (), seat) for seat in range(n) for _ in range(tricks.get(seat, 0)))
    done = s.evolve(
        phase=Phase.DONE,
        to_act=-1,
        hands=((),) * n,
        tricks=log,
        won=tuple(tricks.get(i, 0) for i in range(n)),
        points=tuple(points.get(i, 0) for i in range(n)),
    )
    return done, score_hand(done)


# ---------------------------------------------------------------------- presets and knobs


def test_the_presets() -> None:
    assert (CK.players, CK.min_bid, CK.stuck_bid, CK.bid_requires_marriage, CK.pass_count) == (4, 200, 200, True, 0)
    assert (CK.concession, CK.game_target, CK.check_scoring, CK.count_method) == (
        "off",
        1000,
        "bicycle_partnership",
        "classic_11_10_4_3_2",
    )
    assert (T3.players, T3.score_scale, T3.min_bid, T3.stuck_bid, T3.game_target) == (3, "x10", 300, 300, 1000)
    assert (T3.check_scoring, T3.concede_without_looking, T3.forced_opener, T3.kitty_exposed) == (
        "ru_three_hand",
        "stuck_dealer",
        "none",
        True,
    )


def _refused(text: str) -> str:
    with pytest.raises(VariantError) as exc:
        load_variants_text(text, "mine.toml", base=PRESETS)
    assert "\n" not in str(exc.value)
    return str(exc.value)


def test_check_scoring_where_its_table_makes_no_sense_is_one_clear_error() -> None:
    assert "check_scoring = 'ru_three_hand' is the three-hand table (§9.2)" in _refused(
        '[x]\nextends = "partnership"\ncheck_scoring = "ru_three_hand"\n'
    )
    assert "check_scoring = 'bicycle_partnership' is the four-hand partnership table (§9.1)" in _refused(
        '[x]\nextends = "three-hand"\ncheck_scoring = "bicycle_partnership"\n'
    )
    assert "deck = 'single48'" in _refused('[x]\nextends = "double-deck"\ncheck_scoring = "bicycle_partnership"\n')
    assert "concede_without_looking = 'stuck_dealer' needs a widow and a stuck dealer" in _refused(
        '[x]\nextends = "partnership"\nconcede_without_looking = "stuck_dealer"\n'
    )
    assert "bid_requires_marriage and forced_opener = 'must_open_with_meld' clash" in _refused(
        '[x]\nextends = "three-hand"\nbid_requires_marriage = true\n'
    )
    # where the table makes sense a house file may add checks to another preset
    got = load_variants_text(
        '[x]\nextends = "partnership"\ncheck_scoring = "bicycle_partnership"\n', "m.toml", base=PRESETS
    )
    assert got["x"].check_scoring == "bicycle_partnership" and got["x"].pass_count == 4


@pytest.mark.parametrize(
    ("contract", "checks"),
    [(200, 2), (240, 2), (250, 4), (290, 4), (300, 7), (340, 7), (350, 10), (390, 10), (400, 15), (440, 15), (450, 20)],
)
def test_made_contract_bands_of_rules_9_1(contract: int, checks: int) -> None:
    assert made_checks(contract) == checks


# ---------------------------------------------------------------------- §9.1 Bicycle, a handed deal

S0 = "AH TH KH QH JH AS AD AC KS QS JD 9H"  # flush, 100 aces, spade marriage, pinochle, dix: 320
S1 = "KS QS KH QH KD QD KC QC JS JH JC 9S"  # round trip, 80 kings, 60 queens: 240
S2 = "AS TS TS JS 9S AH TH 9H AD TD TD 9D"  # no marriage: 10 (the dix)
S3 = "KD QD JD 9D AC TC TC KC QC JC 9C 9C"  # two marriages: 40


def _check_deal():
    return new_round(CK, dealer=3, hands=[parse_cards(h) for h in (S0, S1, S2, S3)])


def test_no_bid_without_a_marriage() -> None:
    s = _check_deal()
    assert legal_actions(s)[:2] == [PassBid(), Bid(200)]  # seat 0 holds marriages
    s = apply(apply(s, Bid(250)), PassBid())
    assert s.to_act == 2 and legal_actions(s) == [PassBid()]
    with pytest.raises(IllegalAction, match="you hold no marriage, so you may not bid: pass"):
        apply(s, Bid(260))


def test_the_stuck_dealer_bids_200_and_higher_only_with_a_marriage() -> None:
    # dealer 2 holds no marriage: stuck at 200 exactly
    s = new_round(CK, dealer=2, hands=[parse_cards(h) for h in (S0, S1, S2, S3)])
    for _ in range(3):
        s = apply(s, PassBid())
    assert s.to_act == 2 and legal_actions(s) == [Bid(200)]
    # dealer 1 holds marriages: 200 or more, no pass
    s = new_round(CK, dealer=1, hands=[parse_cards(h) for h in (S0, S1, S2, S3)])
    for _ in range(3):
        s = apply(s, PassBid())
    assert s.to_act == 1 and legal_actions(s)[:2] == [Bid(200), Bid(210)] and PassBid() not in legal_actions(s)


def _check_hand(contract: int):
    s = apply(_check_deal(), Bid(contract))
    for _ in range(3):
        s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit("H")))
    assert s.phase is Phase.TRICKS  # no passing, no throw-in: every hand is played out
    assert [m.total for m in s.melds] == [320, 240, 10, 40]
    return s


MELD_EVENTS = [
    (1, 0, 2, "100 aces"),
    (1, 0, 2, "flush"),
    (2, 1, 1, "60 queens"),
    (2, 1, 1, "80 kings"),
    (2, 1, 5, "round trip (a marriage in every suit)"),
]


def test_a_made_250_each_partner_collects_4_from_one_opponent() -> None:
    _done, r = _finish(_check_hand(250), {0: 150, 1: 40, 2: 60}, {0: 6, 1: 3, 2: 3})
    assert r.sides[0].made is True
    want = MELD_EVENTS + [(1, 0, 4, "contract 250 made"), (3, 2, 4, "contract 250 made")]
    assert events(r.checks) == sorted(want)
    assert ledger(r.checks, 4) == (8, -1, -3, -4)


def test_a_defeated_600_pays_each_defender_twice_the_made_value() -> None:
    _done, r = _finish(_check_hand(600), {0: 150, 1: 40, 2: 60}, {0: 6, 1: 3, 2: 3})
    assert r.sides[0].made is False and made_checks(600) == 35
    want = MELD_EVENTS + [(2, 1, 70, "defeated the contract of 600"), (0, 3, 70, "defeated the contract of 600")]
    assert events(r.checks) == sorted(want)
    assert ledger(r.checks, 4) == (-66, 73, -77, 70)


def test_a_slam_pays_5_to_each_partner() -> None:
    _done, r = _finish(_check_hand(250), {0: 190, 2: 60}, {0: 8, 2: 4})
    assert r.pinochle_side == 0
    assert (1, 0, 5, "slam (every trick)") in events(r.checks) and (3, 2, 5, "slam (every trick)") in events(r.checks)
    assert ledger(r.checks, 4) == (13, -6, 2, -9)


def test_winning_the_game_10_plus_1_per_100_of_the_lead_plus_5_when_the_losers_are_below_zero() -> None:
    assert events(game_checks(CK, (1050, 320), 0)) == [
        (1, 0, 18, "won the game by 730"),
        (3, 2, 18, "won the game by 730"),
    ]
    assert events(game_checks(CK, (-40, 1000), 1)) == [
        (0, 3, 26, "won the game by 1040, the losers below zero"),
        (2, 1, 26, "won the game by 1040, the losers below zero"),
    ]
    # the game's ledger: the hand's checks, then the game's when the hand wins it
    _done, r = _finish(_check_hand(250), {0: 150, 1: 40, 2: 60}, {0: 6, 1: 3, 2: 3})
    g = GameState(variant=CK, seed="s", dealer=3, scores=(600, 200), target=1000, checks=(0, 0, 0, 0))
    g = g.after_hand(r)
    # N-S 330 meld + 210 tricks; E-W 280 meld + 40 tricks
    assert (g.winner, g.scores) == (0, (600 + 540, 200 + 320))
    # won by 620 -> 10 + 7 checks to each partner, from each one opponent
    assert events(g.game_checks) == [(1, 0, 17, "won the game by 620"), (3, 2, 17, "won the game by 620")]
    assert g.checks == (25, -18, 14, -21) and sum(g.checks) == 0
    assert g.check_events == r.checks + g.game_checks
    assert events(g.settlement()) == [(1, 0, 4, "settlement"), (1, 2, 14, "settlement"), (3, 0, 21, "settlement")]


# ---------------------------------------------------------------------- §9.2 RU three-hand

R0 = "9S 9S 9H 9H 9D 9D 9C AS AS AH AH AD AD AC AC"  # seven nines, double aces
R1 = "KS KS QS QS KH QH KD QD KC QC JD JD TS TS TH"  # roundhouse, double marriage, double pinochle
R2 = "JS JS TH KH QH JH JH TD TD KD QD TC TC KC QC"
WIDOW = "JC JC 9C"


def _forced_300():
    s = new_round(T3, dealer=0, hands=[parse_cards(h) for h in (R0, R1, R2)], kitty=parse_cards(WIDOW))
    s = apply(apply(s, PassBid()), PassBid())
    assert s.to_act == 0 and legal_actions(s) == [Bid(300)]
    s = apply(s, Bid(300))
    return s


def test_the_forced_300_may_be_thrown_in_before_the_widow_is_seen() -> None:
    s = _forced_300()
    assert (s.phase, s.bidder, s.contract, len(s.hands[0])) == (Phase.MELD, 0, 300, 15)
    assert set(legal_actions(s)) == {PlayOn(), Concede()}
    assert all(observe(s, seat).kitty == () for seat in range(3))  # no one sees the widow yet
    r = apply(s, Concede()).result
    assert (r.kind, r.changes) == ("conceded", (-300, 0, 0))
    # no checks for the throw-in; the seven nines were dealt, and pay
    assert events(r.checks) == [(1, 0, 5, "7 of the eight nines"), (2, 0, 5, "7 of the eight nines")]


def _looked():
    s = apply(_forced_300(), PlayOn())
    assert (s.phase, len(s.hands[0])) == (Phase.TRUMP, 18)
    assert all(observe(s, seat).kitty == tuple(parse_cards(WIDOW)) for seat in range(3))  # the widow shown
    s = apply(s, NameTrump(Suit("S")))
    s = apply(s, Bury(tuple(parse_cards("9H 9H 9D"))))
    assert s.phase is Phase.MELD and [m.total for m in s.melds] == [1020, 580, 60]
    return s


RU_MELD = [
    (1, 0, 2, "double aces"),
    (2, 0, 2, "double aces"),
    (1, 0, 5, "8 of the eight nines"),
    (2, 0, 5, "8 of the eight nines"),
    (0, 1, 2, "roundhouse"),
    (2, 1, 2, "roundhouse"),
    (0, 1, 1, "double marriage in spades"),
    (2, 1, 1, "double marriage in spades"),
    (0, 1, 1, "double pinochle"),
    (2, 1, 1, "double pinochle"),
]


def test_looked_at_the_widow_and_threw_in_pays_one_to_each() -> None:
    r = apply(_looked(), Concede()).result
    lost = [(0, 1, 1, "looked at the widow and lost"), (0, 2, 1, "looked at the widow and lost")]
    assert events(r.checks) == sorted(RU_MELD + lost)
    assert ledger(r.checks, 3) == (8, 2, -10)  # seat 0: 4 + 10 - 4 (seat 1's meld) - 2


def test_played_and_lost_pays_one_more_to_each() -> None:
    s = apply(_looked(), PlayOn())
    _done, r = _finish(s, {1: 150, 2: 100}, {1: 9, 2: 6})
    assert r.sides[0].made is False
    lost = [
        (0, 1, 1, "looked at the widow and lost"),
        (0, 2, 1, "looked at the widow and lost"),
        (0, 1, 1, "played the hand and lost"),
        (0, 2, 1, "played the hand and lost"),
    ]
    assert events(r.checks) == sorted(RU_MELD + lost)
    assert ledger(r.checks, 3) == (6, 3, -9)


def test_a_made_contract_pays_only_the_meld_and_the_game_pays_10_from_each() -> None:
    s = apply(_looked(), PlayOn())
    _done, r = _finish(s, {0: 250}, {0: 15})
    assert r.sides[0].made is True and events(r.checks) == sorted(RU_MELD)
    assert events(game_checks(T3, (1270, 580, 120), 0)) == [(1, 0, 10, "won the game"), (2, 0, 10, "won the game")]


def test_hand_checks_are_empty_without_check_scoring() -> None:
    s = new_round(PRESETS["three-hand"], dealer=0, rng=random.Random(3))
    done, r = _finish(s, {0: 250}, {0: 15})
    assert r.checks == () and hand_checks(done, r) == ()


# ---------------------------------------------------------------------- settlement


def _fewest(balances: list[int]) -> int:
    """Fewest transfers, by brute force: the seats owed or owing, less the most groups
    of them whose balances add up to 0."""
    seats = [b for b in balances if b]
    best = 0
    for labels in itertools.product(range(len(seats)), repeat=len(seats)):
        groups: dict[int, int] = {}
        for b, g in zip(seats, labels):
            groups[g] = groups.get(g, 0) + b
        if all(v == 0 for v in groups.values()):
            best = max(best, len(groups))
    return len(seats) - best


@pytest.mark.parametrize(
    ("balances", "want"),
    [
        ((5, -3, -2, 0), [(1, 0, 3), (2, 0, 2)]),
        ((4, -4, 6, -6), [(1, 0, 4), (3, 2, 6)]),
        ((0, 0, 0), []),
        ((7, 2, -9), [(2, 0, 7), (2, 1, 2)]),
    ],
)
def test_settle_exact(balances: tuple[int, ...], want: list[tuple[int, int, int]]) -> None:
    got = settle(balances)
    assert sorted((e.payer, e.payee, e.checks) for e in got) == sorted(want)
    assert all(e.reason == "settlement" for e in got)


def test_settle_refuses_balances_that_do_not_add_up() -> None:
    with pytest.raises(ValueError, match="do not add up to 0"):
        settle((3, -2, 0))


@settings(deadline=None)
@given(st.lists(st.integers(-40, 40), min_size=1, max_size=4))
def test_settle_squares_every_ledger_in_the_fewest_transfers(raw: list[int]) -> None:
    balances = [*raw, -sum(raw)]
    got = settle(balances)
    assert ledger(got, len(balances)) == tuple(balances)
    assert all(e.checks > 0 and e.payer != e.payee for e in got)
    assert len(got) == _fewest(balances)


# ---------------------------------------------------------------------- zero-sum, over whole games


def _game(v, seed: int, level: str) -> GameState:
    g = GameState.start(v, seed=seed)
    bot = make_bot(level)
    rng = random.Random(seed)
    for _ in range(60):
        if g.over:
            break
        s = g.new_round()
        while (seat := current_seat(s)) is not None:
            s = apply(s, bot.act(observe(s, seat), legal_actions(s), rng))
        r = s.result
        # every hand's checks add up to zero over the table, each a payment between two players
        assert sum(ledger(r.checks, v.players)) == 0
        assert all(isinstance(e, CheckEvent) and e.checks > 0 and e.payer != e.payee for e in r.checks)
        before = g.checks
        g = g.after_hand(r)
        assert tuple(a - b for a, b in zip(g.checks, before)) == ledger(r.checks + g.game_checks, v.players)
    return g


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["check", "three-hand-check"]), st.integers(0, 10**6), st.sampled_from(["easy", "standard"]))
def test_every_hand_and_game_of_checks_adds_up_to_zero(preset: str, seed: int, level: str) -> None:
    v = PRESETS[preset]
    g = _game(v, seed, level)
    assert g.over
    assert sum(g.checks) == 0 and g.checks == ledger(g.check_events, v.players)
    assert g.game_checks and all(e.payee in v.seats_of_side[g.winner] for e in g.game_checks)
    assert ledger(g.settlement(), v.players) == g.checks and len(g.settlement()) <= v.players - 1


# ---------------------------------------------------------------------- §9.2's alternatives (§0.4 item 23c)


def test_the_nines_and_the_game_at_their_other_values() -> None:
    v = T3.model_copy(update={"check_nines_value": 10, "check_game_value": 5})
    s = new_round(v, dealer=0, hands=[parse_cards(h) for h in (R0, R1, R2)], kitty=parse_cards(WIDOW))
    s = apply(run_passes(s), Bid(300))
    r = apply(s, Concede()).result
    assert events(r.checks) == [(1, 0, 10, "7 of the eight nines"), (2, 0, 10, "7 of the eight nines")]
    assert events(game_checks(v, (1270, 580, 120), 0)) == [(1, 0, 5, "won the game"), (2, 0, 5, "won the game")]


def run_passes(s):
    return apply(apply(s, PassBid()), PassBid())
