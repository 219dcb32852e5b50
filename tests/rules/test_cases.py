"""The handed cases (tests/data/rules-cases.json, a copy of ../shared/cases) and the
*kind* of fault each one stands for (RULES.md §1.3, §5.1-§5.3, §6.2).

Every case runs with its knobs set on top of the `partnership` preset.  The kind tests
check the whole family: every head_rule x head_target x head_after_ruff combination on
trumped and untrumped tricks against an independent reading of §6.2, every run /
royal-marriage reading with 0-2 extra trump kings and queens, plain marriages, arounds,
pinochles and dix, and the §1.3 winner procedure.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rules import Card, legal_plays, load_variants, parse_cards, score_meld, trick_winner
from rules.cards import make_deck

DATA = Path(__file__).resolve().parent.parent / "data" / "rules-cases.json"
CASES = json.loads(DATA.read_text(encoding="utf-8"))
PRESETS = load_variants()
BASE = PRESETS["partnership"]

HEAD_RULES = ("pre1945", "post1945", "none")
HEAD_TARGETS = ("current_winner", "led_card")
RUN_RULES = ("run_absorbs", "extra_card_marries", "independent")
SUITS = "SHDC"


def knobs(**kw: object):
    """The partnership preset with some knobs changed (the model is frozen)."""
    return type(BASE).model_validate(BASE.model_dump() | kw)


def names(cards) -> list[str]:
    return sorted(str(c) for c in cards)


# ---------------------------------------------------------------------- the handed cases


def test_case_file_is_complete() -> None:
    assert len(CASES) == 93
    assert {c["kind"] for c in CASES} == {"meld", "legal", "winner"}
    assert len({c["id"] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_handed_case(case: dict) -> None:
    v = knobs(**case.get("knobs", {}))
    if case["kind"] == "meld":
        got = score_meld(parse_cards(case["hand"]), case["trump"], v).total
        assert got == case["expect"]
        # and the meld list adds up to the total
        assert sum(m.points for m in score_meld(parse_cards(case["hand"]), case["trump"], v).melds) == case["expect"]
    elif case["kind"] == "legal":
        got = legal_plays(parse_cards(case["hand"]), parse_cards(case["trick"]), case["trump"], v)
        assert sorted(str(c) for c in got) == case["expect"]
        assert len(set(got)) == len(got)  # distinct faces
    else:
        assert case["kind"] == "winner"
        assert trick_winner(parse_cards(case["trick"]), case["trump"]) == case["expect"]


# ---------------------------------------------------------------------- §1.3 reference

_RANK = {"A": 0, "T": 1, "K": 2, "Q": 3, "J": 4, "9": 5}  # lower = higher card (§1.2)


def _suit(c: Card) -> str:
    return str(c)[1]


def _rank(c: Card) -> int:
    return _RANK[str(c)[0]]


def ref_winner(trick: list[Card], trump: str) -> int:
    """§1.3 read literally: highest trump (earliest of equals), else highest of the led suit."""
    trumps = [i for i, c in enumerate(trick) if _suit(c) == trump]
    pool = trumps or [i for i, c in enumerate(trick) if _suit(c) == _suit(trick[0])]
    best = min(_rank(trick[i]) for i in pool)
    return min(i for i in pool if _rank(trick[i]) == best)


def ref_beats(x: Card, y: Card) -> bool:
    """'x beats y' for two cards of one suit (§6.2): strictly higher rank."""
    return _suit(x) == _suit(y) and _rank(x) < _rank(y)


def ref_legal(
    hand: list[Card], trick: list[Card], trump: str, head_rule: str, head_target: str, after_ruff: bool
) -> list[str]:
    """RULES.md §6.2 procedures PRE / POST / NONE, the head_target variant and the
    head_after_ruff house rule (§11 48b), written from the text, not from the engine."""
    if not trick:
        return names(set(hand))
    led = _suit(trick[0])
    w = trick[ref_winner(trick, trump)]
    trumped = led != trump and any(_suit(c) == trump for c in trick)
    h_l = [c for c in hand if _suit(c) == led]
    h_t = [c for c in hand if _suit(c) == trump]
    if head_rule == "none":
        return names(set(h_l or h_t or hand))
    if h_l:
        if head_rule == "pre1945":
            if trumped:
                if after_ruff:
                    led_cards = [c for c in trick if _suit(c) == led]
                    best_led = led_cards[ref_winner(led_cards, trump)]
                    b = [c for c in h_l if ref_beats(c, best_led)]
                    return names(set(b or h_l))
                return names(set(h_l))
            target = trick[0] if head_target == "led_card" else w
            b = [c for c in h_l if ref_beats(c, target)]
            return names(set(b or h_l))
        # post1945
        if led == trump:
            b = [c for c in h_l if ref_beats(c, w)]
            return names(set(b or h_l))
        return names(set(h_l))
    if h_t:
        if head_rule == "pre1945" and trumped:
            b = [c for c in h_t if ref_beats(c, w)]  # w is the highest trump so far
            return names(set(b or h_t))
        return names(set(h_t))
    return names(set(hand))


# ---------------------------------------------------------------------- legal-play kinds

ALL_COMBOS = [(hr, ht, ar) for hr in HEAD_RULES for ht in HEAD_TARGETS for ar in (False, True)]


def _combo_id(c: tuple) -> str:
    return f"{c[0]}/{c[1]}/{'ruff' if c[2] else 'noruff'}"


def _random_positions(seed: int, n: int):
    """Positions from real single-deck deals: a partial trick (0-3 cards) and a hand."""
    rng = random.Random(seed)
    deck = make_deck("single48")
    for _ in range(n):
        rng.shuffle(deck)
        k = rng.randrange(0, 4)
        size = rng.randrange(1, 9)
        yield deck[:k], deck[k : k + size], SUITS[rng.randrange(4)]


@pytest.mark.parametrize("combo", ALL_COMBOS, ids=_combo_id)
def test_legal_plays_match_rules_6_2_on_random_positions(combo: tuple) -> None:
    hr, ht, ar = combo
    v = knobs(head_rule=hr, head_target=ht, head_after_ruff=ar)
    seen_trumped = seen_untrumped = 0
    for trick, hand, trump in _random_positions(2026, 2500):
        got = legal_plays(hand, trick, trump, v)
        want = ref_legal(hand, trick, trump, hr, ht, ar)
        assert names(got) == want, (hr, ht, ar, [str(c) for c in trick], [str(c) for c in hand], trump)
        assert len(got) == len(set(got))
        assert all(c in hand for c in got)
        if trick and _suit(trick[0]) != trump and any(_suit(c) == trump for c in trick):
            seen_trumped += 1
        elif trick:
            seen_untrumped += 1
    assert seen_trumped > 200 and seen_untrumped > 500


# A fixed grid of hand-made positions, trump H, with the legal set under each rule.
# (trick, hand, {combo: expected}) where a combo key is (head_rule, head_target, after_ruff);
# unspecified combos fall back to the head_rule entry.
GRID = [
    # untrumped non-trump lead, can follow and beat: PRE must beat the current winner
    ("QS", "AS KS 9S AH", {"pre1945": ["AS", "KS"], "post1945": ["9S", "AS", "KS"], "none": ["9S", "AS", "KS"]}),
    # a later card beats the lead: current_winner vs led_card differ (Example 12 family)
    ("QS KS", "TS JS 9H", {"pre1945": ["TS"], "post1945": ["JS", "TS"], "none": ["JS", "TS"]}),
    (
        "JS AS",
        "TS KS 9S",
        {
            "pre1945": ["9S", "KS", "TS"],
            ("pre1945", "led_card"): ["KS", "TS"],
            "post1945": ["9S", "KS", "TS"],
            "none": ["9S", "KS", "TS"],
        },
    ),
    # identical card does not beat: the second AS cannot head the first
    (
        "QS AS",
        "AS 9S",
        {"pre1945": ["9S", "AS"], ("pre1945", "led_card"): ["AS"], "post1945": ["9S", "AS"], "none": ["9S", "AS"]},
    ),
    # trumped trick, can follow: any card of the led suit; head_after_ruff: beat the best spade
    (
        "QS 9H",
        "AS KS JS",
        {
            "pre1945": ["AS", "JS", "KS"],
            ("pre1945", "current_winner", True): ["AS", "KS"],
            ("pre1945", "led_card", True): ["AS", "KS"],
            "post1945": ["AS", "JS", "KS"],
            "none": ["AS", "JS", "KS"],
        },
    ),
    (
        "QS TS 9H",
        "AS KS JS",
        {
            "pre1945": ["AS", "JS", "KS"],
            ("pre1945", "current_winner", True): ["AS"],
            ("pre1945", "led_card", True): ["AS"],
            "post1945": ["AS", "JS", "KS"],
            "none": ["AS", "JS", "KS"],
        },
    ),
    # after_ruff but nothing beats the best led card: any of the led suit
    ("AS 9H", "TS JS", {"pre1945": ["JS", "TS"], "post1945": ["JS", "TS"], "none": ["JS", "TS"]}),
    # void, untrumped: any trump under PRE and POST; NONE any trump too
    ("QS", "KH 9H AC", {"pre1945": ["9H", "KH"], "post1945": ["9H", "KH"], "none": ["9H", "KH"]}),
    # void, trumped: PRE must over-trump; POST any trump; NONE any trump
    ("QS JH", "KH 9H AC", {"pre1945": ["KH"], "post1945": ["9H", "KH"], "none": ["9H", "KH"]}),
    # void, trumped, cannot over-trump: must still trump (forced under-trump)
    ("QS AH", "TH 9H AC", {"pre1945": ["9H", "TH"], "post1945": ["9H", "TH"], "none": ["9H", "TH"]}),
    # identical trump does not over-trump
    ("QS TH", "TH 9H", {"pre1945": ["9H", "TH"], "post1945": ["9H", "TH"], "none": ["9H", "TH"]}),
    # over-trump the highest trump, not the last one
    ("QS AH JH", "KH TH QS", {"pre1945": ["QS"], "post1945": ["QS"], "none": ["QS"]}),
    ("QC AH JH", "KH TH 9D", {"pre1945": ["KH", "TH"], "post1945": ["KH", "TH"], "none": ["KH", "TH"]}),
    ("QC JH TH", "KH AH 9D", {"pre1945": ["AH"], "post1945": ["AH", "KH"], "none": ["AH", "KH"]}),
    # void in led suit and in trump: anything
    ("QS JH", "AC KD", {"pre1945": ["AC", "KD"], "post1945": ["AC", "KD"], "none": ["AC", "KD"]}),
    # trump led: PRE and POST must beat the highest trump; NONE any trump
    ("QH", "KH JH AS", {"pre1945": ["KH"], "post1945": ["KH"], "none": ["JH", "KH"]}),
    (
        "QH AH",
        "KH JH AS",
        {"pre1945": ["JH", "KH"], ("pre1945", "led_card"): ["KH"], "post1945": ["JH", "KH"], "none": ["JH", "KH"]},
    ),
    (
        "9H KH",
        "QH TH",
        {"pre1945": ["TH"], ("pre1945", "led_card"): ["QH", "TH"], "post1945": ["TH"], "none": ["QH", "TH"]},
    ),
    # trump led, void in trump: anything
    ("9H", "AS KD QC", {"pre1945": ["AS", "KD", "QC"], "post1945": ["AS", "KD", "QC"], "none": ["AS", "KD", "QC"]}),
    # leading: anything (no first-lead knob)
    ("", "AS KD 9H 9H", {"pre1945": ["9H", "AS", "KD"], "post1945": ["9H", "AS", "KD"], "none": ["9H", "AS", "KD"]}),
]


def _grid_expect(table: dict, combo: tuple) -> list[str]:
    hr, ht, ar = combo
    for key in ((hr, ht, ar), (hr, ht), hr):
        if key in table:
            return sorted(table[key])
    raise KeyError(combo)


@pytest.mark.parametrize("combo", ALL_COMBOS, ids=_combo_id)
@pytest.mark.parametrize("row", GRID, ids=[f"{r[0] or 'lead'}|{r[1]}" for r in GRID])
def test_legal_grid_every_knob_combination(row: tuple, combo: tuple) -> None:
    trick, hand, table = row
    hr, ht, ar = combo
    v = knobs(head_rule=hr, head_target=ht, head_after_ruff=ar)
    want = _grid_expect(table, combo)
    assert names(legal_plays(parse_cards(hand), parse_cards(trick), "H", v)) == want
    # the written-from-the-text reference agrees with the grid
    assert ref_legal(parse_cards(hand), parse_cards(trick), "H", hr, ht, ar) == want


def test_heading_applies_over_partner_in_every_seat_position() -> None:
    """§6.2: the duty to beat holds even when the current winner is partner's card.
    The engine does not know seats; so the same hand must give the same answer
    whichever position (2nd, 3rd, 4th) it plays from."""
    v = knobs(head_rule="pre1945")
    hand = parse_cards("AC QC 9D")
    for trick in ("TC", "TC 9C", "TC 9C JC"):
        assert names(legal_plays(hand, parse_cards(trick), "H", v)) == ["AC"]


def test_first_lead_must_be_trump_knob() -> None:
    v = knobs(first_lead_must_be_trump=True)
    assert names(legal_plays(parse_cards("AS KH 9H QC"), [], "H", v, first_lead=True)) == ["9H", "KH"]
    # not the first lead of the hand: anything
    assert names(legal_plays(parse_cards("AS KH 9H QC"), [], "H", v)) == ["9H", "AS", "KH", "QC"]
    # no trump: any card (§6.1)
    assert names(legal_plays(parse_cards("AS QC"), [], "H", v, first_lead=True)) == ["AS", "QC"]
    # knob off: the first lead is free
    assert names(legal_plays(parse_cards("AS KH"), [], "H", BASE, first_lead=True)) == ["AS", "KH"]


def test_legal_plays_never_empty_and_is_distinct_faces() -> None:
    for hr, ht, ar in ALL_COMBOS:
        v = knobs(head_rule=hr, head_target=ht, head_after_ruff=ar)
        got = legal_plays(parse_cards("AS AS KS KS"), parse_cards("QS"), "H", v)
        assert names(got) == (["AS", "KS"])


# ---------------------------------------------------------------------- winner kinds


def test_trick_winner_matches_1_3_on_random_tricks() -> None:
    rng = random.Random(13)
    deck = make_deck("single48")
    n_identical = 0
    for _ in range(4000):
        rng.shuffle(deck)
        trick = deck[: rng.randrange(1, 5)]
        trump = SUITS[rng.randrange(4)]
        assert trick_winner(trick, trump) == ref_winner(trick, trump), ([str(c) for c in trick], trump)
        if len(set(trick)) < len(trick):
            n_identical += 1
    assert n_identical > 100


@pytest.mark.parametrize(
    ("trick", "trump", "expect"),
    [
        ("AS AS", "H", 0),  # identical: first played wins
        ("9S AS AS", "H", 1),
        ("9H 9H", "H", 0),  # identical trumps
        ("AS 9H 9H", "H", 1),
        ("KS TS", "H", 1),  # 10 outranks K
        ("TS AS", "H", 1),
        ("QS AC AD AH", "C", 1),  # off-suit non-trump never wins; first trump
        ("QS AD KD JD", "C", 0),  # off-suit cards never win
        ("JH KH TH AH", "H", 3),  # trump led
        ("AS 9C TC 9C", "C", 2),  # highest trump, not the first trump
        ("AS", "S", 0),
    ],
)
def test_trick_winner_rules(trick: str, trump: str, expect: int) -> None:
    assert trick_winner(parse_cards(trick), trump) == expect


def test_trick_winner_empty_raises() -> None:
    with pytest.raises(ValueError):
        trick_winner([], "S")


# ---------------------------------------------------------------------- meld kinds


def ref_royal(k: int, q: int, r: int, rule: str) -> int:
    """§5.3 formulas."""
    if rule == "independent":
        return min(k, q)
    k2, q2 = k - r, q - r
    if rule == "run_absorbs":
        return min(k2, q2)
    return min(k2, q2) + min(r, abs(k2 - q2))


# §5.3 table: run only / +K / +K+Q / double run, in that order
TABLE_5_3 = {
    "run_absorbs": (150, 150, 190, 1500),
    "extra_card_marries": (150, 190, 190, 1500),
    "independent": (190, 190, 230, 1580),
}


@pytest.mark.parametrize("rule", RUN_RULES)
def test_run_marriage_table_5_3(rule: str) -> None:
    v = knobs(run_marriage_rule=rule)
    only, extra_k, extra_kq, double = TABLE_5_3[rule]
    assert score_meld(parse_cards("AH TH KH QH JH"), "H", v).total == only
    assert score_meld(parse_cards("AH TH KH KH QH JH"), "H", v).total == extra_k
    assert score_meld(parse_cards("AH TH KH QH QH JH"), "H", v).total == extra_k  # the Q is symmetric
    assert score_meld(parse_cards("AH TH KH KH QH QH JH"), "H", v).total == extra_kq
    assert score_meld(parse_cards("AH AH TH TH KH KH QH QH JH JH"), "H", v).total == double


def _trump_cards(t: str, a: int, ten: int, k: int, q: int, j: int) -> list[Card]:
    return parse_cards(" ".join(["A" + t] * a + ["T" + t] * ten + ["K" + t] * k + ["Q" + t] * q + ["J" + t] * j))


@pytest.mark.parametrize("rule", RUN_RULES)
@pytest.mark.parametrize("trump", list(SUITS))
def test_run_and_royal_marriages_with_0_1_2_extra_kings_and_queens(rule: str, trump: str) -> None:
    v = knobs(run_marriage_rule=rule)
    for r in (0, 1, 2):
        for k in range(3):
            for q in range(3):
                if r > min(k, q):
                    continue
                # r runs: A, 10, J r times each; K and Q as given
                hand = _trump_cards(trump, r, r, k, q, r)
                m = ref_royal(k, q, r, rule)
                want = {0: 0, 1: 150, 2: 1500}[r] + 40 * m
                # a lone Q of spades with a J of diamonds would be a pinochle; keep them out:
                # in spades/diamonds trump the run's Q/J may form a pinochle with the other suit,
                # but the other card is never in this hand
                res = score_meld(hand, trump, v)
                assert res.total == want, (rule, trump, r, k, q)
                assert sum(1 for x in res.melds if x.name == "royal marriage") == m
                assert sum(x.points for x in res.melds) == want


def test_royal_formula_spot_values() -> None:
    # (K, Q, r) -> (absorbs, extra_card, independent)
    spots = {
        (1, 1, 1): (0, 0, 1),
        (2, 1, 1): (0, 1, 1),
        (1, 2, 1): (0, 1, 1),
        (2, 2, 1): (1, 1, 2),
        (2, 2, 2): (0, 0, 2),
        (2, 0, 0): (0, 0, 0),
        (2, 2, 0): (2, 2, 2),
        (1, 1, 0): (1, 1, 1),
    }
    for (k, q, r), counts in spots.items():
        for rule, m in zip(RUN_RULES, counts):
            assert ref_royal(k, q, r, rule) == m
            hand = _trump_cards("C", r, r, k, q, r)
            got = score_meld(hand, "C", knobs(run_marriage_rule=rule)).total
            assert got == {0: 0, 1: 150, 2: 1500}[r] + 40 * m, (k, q, r, rule)


@pytest.mark.parametrize("rule", RUN_RULES)
def test_plain_marriages_in_every_non_trump_suit(rule: str) -> None:
    v = knobs(run_marriage_rule=rule)
    for trump in SUITS:
        for s in SUITS:
            if s == trump:
                continue
            for k in range(3):
                for q in range(3):
                    hand = parse_cards(" ".join(["K" + s] * k + ["Q" + s] * q))
                    # no J♦ in the hand, so a Q♠ makes no pinochle
                    assert score_meld(hand, trump, v).total == 20 * min(k, q), (trump, s, k, q)


@pytest.mark.parametrize("rule", RUN_RULES)
@pytest.mark.parametrize("trump", list(SUITS))
def test_non_trump_run_is_only_a_marriage(rule: str, trump: str) -> None:
    v = knobs(run_marriage_rule=rule)
    for s in SUITS:
        if s == trump:
            continue
        assert score_meld(_trump_cards(s, 1, 1, 1, 1, 1), trump, v).total == 20
        assert score_meld(_trump_cards(s, 2, 2, 2, 2, 2), trump, v).total == 40
        assert score_meld(_trump_cards(s, 1, 1, 2, 1, 1), trump, v).total == 20


@pytest.mark.parametrize(
    ("rank", "single", "double"), [("A", 100, 1000), ("K", 80, 800), ("Q", 60, 600), ("J", 40, 400)]
)
def test_arounds_need_every_suit(rank: str, single: int, double: int) -> None:
    # trump is chosen so that no marriage, run, dix or pinochle can form from these cards alone
    for trump in SUITS:
        one_each = [rank + s for s in SUITS]

        def total(cards: list[str], trump: str = trump) -> int:
            return score_meld(parse_cards(" ".join(cards)), trump, BASE).total

        # pinochle: QS with JD only when both ranks present - never here (one rank only)
        assert total(one_each) == single
        for missing in SUITS:
            assert total([rank + s for s in SUITS if s != missing]) == 0
            # two of every other suit still no around
            assert total([rank + s for s in SUITS if s != missing] * 2) == 0
            # two of every suit but one: single around only
            assert total(one_each + [rank + s for s in SUITS if s != missing]) == single
        assert total(one_each * 2) == double


def test_six_aces_are_one_around() -> None:
    for trump in SUITS:
        assert score_meld(parse_cards("AS AS AH AD AC AC"), trump, BASE).total == 100


@pytest.mark.parametrize("trump", list(SUITS))
def test_pinochle_counts(trump: str) -> None:
    # J♦ and Q♠ counts 0..2 each; p = min -> 0 / 40 / 300 (§5.1, §5.2 step 6).
    # In trump S the Q♠ is trump, in trump D the J♦ is: no run/marriage can form without a K.
    for jd in range(3):
        for qs in range(3):
            hand = parse_cards(" ".join(["JD"] * jd + ["QS"] * qs))
            assert score_meld(hand, trump, BASE).total == {0: 0, 1: 40, 2: 300}[min(jd, qs)], (trump, jd, qs)


def test_pinochle_and_marriage_and_queens_share_the_queen_of_spades() -> None:
    # §5.2: Q♠ in a spade marriage (A), queens around (B) and a pinochle (C) at once
    hand = parse_cards("KS QS QH QD QC JD")
    assert score_meld(hand, "H", BASE).total == 20 + 60 + 40
    assert score_meld(hand, "S", BASE).total == 40 + 60 + 40


@pytest.mark.parametrize("trump", list(SUITS))
def test_dix_counts_only_trump_nines(trump: str) -> None:
    for s in SUITS:
        for n in range(3):
            hand = parse_cards(" ".join(["9" + s] * n))
            assert score_meld(hand, trump, BASE).total == (10 * n if s == trump else 0)
    assert score_meld(parse_cards("9" + trump + " 9" + trump), trump, knobs(dix_value=20)).total == 40


def test_twice_single_double_values_knob() -> None:
    v = knobs(double_meld_values="twice_single")
    assert score_meld(parse_cards("AS AS AH AH AD AD AC AC"), "S", v).total == 200
    assert score_meld(parse_cards("JD JD QS QS"), "H", v).total == 80
    assert (
        score_meld(
            parse_cards("AH AH TH TH KH KH QH QH JH JH"),
            "H",
            knobs(double_meld_values="twice_single", run_marriage_rule="run_absorbs"),
        ).total
        == 300
    )


@pytest.mark.parametrize("rule", RUN_RULES)
def test_roundhouse_is_the_plain_sum_and_bonus_knob(rule: str) -> None:
    hand = parse_cards("KS QS KH QH KD QD KC QC")
    for trump in SUITS:
        assert score_meld(hand, trump, knobs(run_marriage_rule=rule)).total == 240
        assert score_meld(hand, trump, knobs(run_marriage_rule=rule, roundhouse_bonus=10)).total == 250
    # one suit not married: no bonus
    assert score_meld(parse_cards("KS QS KH QH KD QD KC"), "S", knobs(roundhouse_bonus=10)).total == 40 + 20 + 20 + 80


# an independent scorer for the whole single-deck table (§5.1, §5.2), used on random hands


def ref_meld(hand: list[Card], trump: str, rule: str) -> int:
    cnt = {f"{r}{s}": 0 for r in "ATKQJ9" for s in SUITS}
    for c in hand:
        cnt[str(c)] += 1
    t = trump
    r = min(cnt["A" + t], cnt["T" + t], cnt["K" + t], cnt["Q" + t], cnt["J" + t])
    total = {0: 0, 1: 150, 2: 1500}[r]
    total += 40 * ref_royal(cnt["K" + t], cnt["Q" + t], r, rule)
    total += sum(20 * min(cnt["K" + s], cnt["Q" + s]) for s in SUITS if s != t)
    total += 10 * cnt["9" + t]
    for rank, single, double in (("A", 100, 1000), ("K", 80, 800), ("Q", 60, 600), ("J", 40, 400)):
        n = min(cnt[rank + s] for s in SUITS)
        total += {0: 0, 1: single, 2: double}[n]
    total += {0: 0, 1: 40, 2: 300}[min(cnt["JD"], cnt["QS"])]
    return total


@pytest.mark.parametrize("rule", RUN_RULES)
def test_meld_matches_5_2_algorithm_on_random_hands(rule: str) -> None:
    v = knobs(run_marriage_rule=rule)
    rng = random.Random(52)
    deck = make_deck("single48")
    # bias towards meld-rich hands: half the time deal from a deck of only A/K/Q/J of one suit mix
    for i in range(3000):
        rng.shuffle(deck)
        size = 12 if i % 3 else rng.randrange(5, 25)
        hand = deck[:size]
        trump = SUITS[rng.randrange(4)]
        res = score_meld(hand, trump, v)
        assert res.total == ref_meld(hand, trump, rule), ([str(c) for c in hand], trump, rule)
        assert sum(m.points for m in res.melds) == res.total


def test_meld_of_pooled_hands_is_not_the_sum() -> None:
    """§5.7: partners never pool; score_meld scores one seat's cards."""
    north = parse_cards("AS AH AD KS KH KD KC QS QH JD 9C TS")
    south = parse_cards("AC TC KC QC QD JD JS JH 9H 9H TD TH")
    assert score_meld(north, "H", BASE).total + score_meld(south, "H", BASE).total == 220
    assert score_meld(north + south, "H", BASE).total == 510


def test_meld_accepts_trump_as_suit_letter_or_index() -> None:
    from rules import Suit

    hand = parse_cards("KH QH 9H")
    assert score_meld(hand, Suit.HEARTS, BASE).total == 50
    assert score_meld(hand, "h", BASE).total == 50
    assert score_meld(hand, 1, BASE).total == 50
    with pytest.raises(ValueError):
        score_meld(hand, "X", BASE)


# ---------------------------------------------------------------------- double-deck tiers (§5.5)

DDV = PRESETS["double-deck"]


@pytest.mark.parametrize(
    ("rank", "values"),
    [
        ("A", (100, 1000, 1500, 2000)),
        ("K", (80, 800, 1200, 1600)),
        ("Q", (60, 600, 900, 1200)),
        ("J", (40, 400, 600, 800)),
    ],
)
def test_double_deck_around_tiers(rank: str, values: tuple) -> None:
    for n, want in zip(range(1, 5), values):
        hand = parse_cards(" ".join(rank + s for s in SUITS for _ in range(n)))
        # trump chosen so no marriage/pinochle can form from one rank alone
        assert score_meld(hand, "S", DDV).total == want, (rank, n)
        # one suit short of n copies: the lower tier
        short = hand[1:]
        assert score_meld(short, "S", DDV).total == (values[n - 2] if n > 1 else 0), (rank, n)


def test_double_deck_run_and_pinochle_tiers() -> None:
    for n, want in zip(range(1, 5), (150, 1500, 2250, 3000)):
        # trump clubs: the run's J♣/Q♣ make no pinochle; K-Q inside the runs are absorbed
        hand = _trump_cards("C", n, n, n, n, n)
        assert score_meld(hand, "C", DDV).total == want, n
    for n, want in zip(range(1, 5), (40, 300, 600, 900)):
        assert score_meld(parse_cards(" ".join(["JD", "QS"] * n)), "H", DDV).total == want, n


def test_double_deck_marriages_and_run_absorbs() -> None:
    # 2 runs + a third K and Q of trump: one royal marriage beside the double run
    assert score_meld(_trump_cards("C", 2, 2, 3, 3, 2), "C", DDV).total == 1500 + 40
    assert score_meld(_trump_cards("C", 2, 2, 3, 2, 2), "C", DDV).total == 1500
    # four plain marriages in one suit: 4 x 20
    assert score_meld(parse_cards("KH KH KH KH QH QH QH QH"), "C", DDV).total == 80
    # four royal marriages, no run
    assert score_meld(parse_cards("KC KC KC KC QC QC QC QC"), "C", DDV).total == 160
