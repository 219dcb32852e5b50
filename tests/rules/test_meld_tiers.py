"""Meld tiers for three to six copies of a card (RULES.md §5.1, §5.5, §0.4 items 12-13).

Six-hand (three 40-card packs, six copies of a card) splits 5 or 6 copies into the
double-deck tiers 1-4 by the maximum-value decomposition; eight-hand (two 48-card packs,
four copies) splits 3 or 4 copies into the single-deck doubles and singles and adds the
quadruple pinochle, 1000 for four J♦ and four Q♠ in place of the pinochles they would
otherwise make.  The tiers are one table and one mechanism for every n (`rules.meld._split`).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import load_variants, make_deck, parse_cards, score_meld
from rules.meld import WIN, meld_tables

PRESETS = load_variants()
SIX = PRESETS["six-hand"]
EIGHT = PRESETS["eight-hand"]


def meld(text: str, trump: str = "H", v: object = SIX) -> tuple[int, list[tuple[str, int]]]:
    m = score_meld(parse_cards(text), trump, v)  # type: ignore[arg-type]
    return m.total, [(x.name, x.points) for x in m.melds]


# ---------------------------------------------------------------------- six-hand, 5 and 6 copies


def test_five_aces_in_every_suit_are_a_triple_and_a_double() -> None:
    # §0.4.12 / RU: 20 aces = double aces + triple aces = 100 + 150 (x1); a quadruple and a
    # single would be 200 + 10
    assert meld("AS AH AD AC " * 5) == (2500, [("triple aces", 1500), ("double aces", 1000)])
    assert SIX.fmt(2500) == "250"


def test_six_aces_in_every_suit_are_a_quadruple_and_a_double() -> None:
    # 3000 either way (quadruple + double, two triples, three doubles): the fewest melds,
    # the larger tier first
    assert meld("AS AH AD AC " * 6) == (3000, [("quadruple aces", 2000), ("double aces", 1000)])


@pytest.mark.parametrize(
    ("copies", "total", "melds"),
    [
        (3, 2250, [("triple run", 2250)]),
        (4, 3000, [("quadruple run", 3000)]),
        (5, 3750, [("triple run", 2250), ("double run", 1500)]),
        (6, 4500, [("quadruple run", 3000), ("double run", 1500)]),
    ],
)
def test_runs_of_three_to_six_copies(copies: int, total: int, melds: list[tuple[str, int]]) -> None:
    assert meld("AH TH KH QH JH " * copies) == (total, melds)


def test_six_hand_keeps_the_run_absorbs_reading() -> None:
    # §5.3 run_absorbs (the double-deck reading): a triple run's K Q are not also royal
    # marriages; an extra K and Q of trump beside it marry each other
    assert SIX.run_marriage_rule == "run_absorbs"
    assert meld("AH TH KH QH JH " * 3 + "KH") == (2250, [("triple run", 2250)])
    assert meld("AH TH KH QH JH " * 3 + "KH QH") == (2290, [("triple run", 2250), ("royal marriage", 40)])
    # under extra_card_marries a run lends its K or Q once to an extra trump Q or K
    ecm = SIX.model_copy(update={"run_marriage_rule": "extra_card_marries"})
    assert meld("AH TH KH QH JH " * 3 + "KH", v=ecm) == (2290, [("triple run", 2250), ("royal marriage", 40)])
    assert meld("AH TH KH QH JH " * 3 + "KH KH", v=ecm) == (
        2330,
        [("triple run", 2250), ("royal marriage", 40), ("royal marriage", 40)],
    )


def test_five_and_six_pinochles() -> None:
    # 5: a quadruple and a single (900 + 40 = 940) beat a triple and a double (600 + 300)
    assert meld("JD QS " * 5, "C") == (940, [("quadruple pinochle", 900), ("pinochle", 40)])
    assert meld("JD QS " * 6, "C") == (1200, [("quadruple pinochle", 900), ("double pinochle", 300)])


def test_a_twenty_card_six_hand_holding() -> None:
    # three runs in hearts, one ace of each other suit beside the three AH, a pinochle
    hand = "AH TH KH QH JH " * 3 + "AS AD AC JD QS"
    assert meld(hand) == (2390, [("triple run", 2250), ("aces around", 100), ("pinochle", 40)])


# ---------------------------------------------------------------------- eight-hand, 3 and 4 copies


def test_eight_hand_three_and_four_copies_are_doubles_and_singles() -> None:
    # §0.4.13: the single-deck table's special doubles; 3 copies = double + single
    assert meld("AS AH AD AC " * 3, v=EIGHT) == (1100, [("double aces", 1000), ("aces around", 100)])
    assert meld("AS AH AD AC " * 4, v=EIGHT) == (2000, [("double aces", 1000), ("double aces", 1000)])
    assert meld("AH TH KH QH JH " * 3, v=EIGHT) == (1650, [("double run", 1500), ("run", 150)])
    # eight-hand keeps partnership's extra_card_marries: an extra K beside the runs marries
    assert meld("AH TH KH QH JH " * 3 + "KH", v=EIGHT)[0] == 1650 + 40
    assert meld("AH TH KH QH JH " * 4, v=EIGHT) == (3000, [("double run", 1500), ("double run", 1500)])
    assert meld("JD QS " * 3, "C", EIGHT) == (340, [("double pinochle", 300), ("pinochle", 40)])


def test_quadruple_pinochle_is_in_place_of_the_pinochles() -> None:
    # "in place of": four J♦ and four Q♠ are one meld of 1000, and those eight cards make no
    # other pinochle (not 1000 + two double pinochles 600, not 600)
    assert EIGHT.quadruple_pinochle == 1000
    assert meld("JD QS " * 4, "C", EIGHT) == (1000, [("quadruple pinochle", 1000)])
    # three Q♠: no quadruple; the three pinochles are a double and a single
    assert meld("JD " * 4 + "QS " * 3, "C", EIGHT) == (340, [("double pinochle", 300), ("pinochle", 40)])
    # it replaces only pinochles (class C, §5.2): the same J♦ and Q♠ still make jacks and
    # queens around (class B) and a spade marriage (class A)
    total, melds = meld("JD QS " * 4 + "JS JH JC QH QD QC KS", "C", EIGHT)
    assert total == 1000 + 40 + 60 + 20
    assert sorted(melds) == [
        ("jacks around", 40),
        ("marriage", 20),
        ("quadruple pinochle", 1000),
        ("queens around", 60),
    ]
    # without the knob the eight cards are two double pinochles
    plain = EIGHT.model_copy(update={"quadruple_pinochle": 0})
    assert meld("JD QS " * 4, "C", plain) == (600, [("double pinochle", 300), ("double pinochle", 300)])
    # a house value below the two doubles (500 < 600) is not taken: the split is the best one
    low = EIGHT.model_copy(update={"quadruple_pinochle": 500})
    assert meld("JD QS " * 4, "C", low) == (600, [("double pinochle", 300), ("double pinochle", 300)])


def test_four_copies_in_a_double_deck_show_the_quadruple() -> None:
    # the same 2000 as two double aces, shown as one meld (the fewest melds on a tie)
    dd = PRESETS["double-deck"]
    assert meld("AS AH AD AC " * 4, v=dd) == (2000, [("quadruple aces", 2000)])
    assert meld("AH TH KH QH JH " * 4, v=dd) == (3000, [("quadruple run", 3000)])


INSTRUCTABLES = PRESETS["double-deck"].model_copy(update={"meld_table": "double_deck_instructables"})


def test_the_instructables_table_doubles_each_around_from_tier_to_tier() -> None:
    # §5.5 (instructables, x1): aces 10/100/200/400, kings 8/80/160/320, queens 6/60/120/240,
    # jacks 4/40/80/160; x10 here
    v = INSTRUCTABLES
    assert meld("AS AH AD AC " * 4, v=v) == (4000, [("quadruple aces", 4000)])
    assert meld("KS KH KD KC " * 3, "C", v) == (1600, [("triple kings", 1600)])
    assert meld("QS QH QD QC " * 2, "C", v) == (600, [("double queens", 600)])
    assert meld("JS JH JD JC", "C", v) == (40, [("jacks around", 40)])
    assert v.fmt(4000) == "400"
    # the rows it does not name are the pagat table's: run, marriages, pinochle
    assert meld("AH TH KH QH JH " * 3, v=v) == (2250, [("triple run", 2250)])
    assert meld("JD QS " * 4, "C", v) == (900, [("quadruple pinochle", 900)])


# ---------------------------------------------------------------------- the split is maximal


def _partitions(n: int, most: int) -> list[tuple[int, ...]]:
    """Every split of n into parts of at most ``most``, largest first."""
    if n == 0:
        return [()]
    return [(k, *rest) for k in range(min(n, most), 0, -1) for rest in _partitions(n - k, k)]


@cache
def _best_split(tiers: tuple[int | None, ...], n: int) -> tuple[int, tuple[int, ...]]:
    """Over every split of n copies into the tiers that are melds: the best total, and the
    split shown for it (the fewest melds, then the larger tiers first)."""
    best: tuple[int, int, tuple[int, ...]] = (0, 0, ())
    for split in _partitions(n, len(tiers)):
        values = [tiers[k - 1] for k in split]
        if all(t is not None and t != WIN for t in values):
            best = max(best, (sum(v for v in values if v is not None), -len(split), split))
    return best[0], best[2]


def _brute(tiers: tuple[int | None, ...], n: int) -> int:
    return _best_split(tiers, n)[0]


_KINDS = ("run", "royal", "aces", "kings", "queens", "jacks", "pinochle")
_BIG = {name: PRESETS[name] for name in ("six-hand", "eight-hand", "double-deck", "partnership")}
_BIG["instructables"] = INSTRUCTABLES


@pytest.mark.parametrize("name", sorted(_BIG))
def test_every_tier_table_is_the_best_split(name: str) -> None:
    t = meld_tables(_BIG[name])
    for kind in _KINDS:
        for n in range(len(t.value[kind])):
            if WIN in t.tier[kind]:
                continue  # racehorse's winning quadruples: tests/rules/test_racehorse.py
            assert (t.value[kind][n], t.split[kind][n]) == _best_split(t.tier[kind], n), (kind, n)
            split = t.split[kind][n]
            assert sum(split) == n
            assert sum(t.tier[kind][k - 1] or 0 for k in split) == t.value[kind][n]


# the count of each meld kind in `MeldResult.parts`, and the faces of one copy of it
_PARTS = {"run": 0, "aces": 3, "kings": 4, "queens": 5, "jacks": 6, "pinochle": 7}
_FACES = {"aces": (0, 6, 12, 18), "kings": (2, 8, 14, 20), "queens": (3, 9, 15, 21), "jacks": (4, 10, 16, 22)}


def _kind(name: str) -> str:
    """The meld kind a shown meld's name is a tier of."""
    if name.endswith("pinochle"):
        return "pinochle"
    if name.endswith("run"):
        return "run"
    if name.endswith("marriage") or name in ("dix", "roundhouse bonus"):
        return name.split(" ")[-2] if name.endswith("royal marriage") else name
    words = name.split(" ")
    return words[0] if words[-1] == "around" else words[-1]


_PACKS: dict[str, Counter[int]] = {deck: Counter(make_deck(deck)) for deck in ("triple120", "double96")}


@st.composite
def big_hands(draw: st.DrawFn) -> tuple[str, list[int], int]:
    """(preset, a hand, trump): the copies of every face drawn by count, so many faces come
    in three to six copies."""
    name = draw(st.sampled_from(("six-hand", "eight-hand")))
    pack = _PACKS[_BIG[name].deck]
    trump = draw(st.integers(0, 3))
    hand = [f for f in sorted(pack) for _ in range(draw(st.integers(0, pack[f])))]
    return name, hand, trump


@settings(max_examples=100, deadline=None)
@given(big_hands())
def test_no_other_split_of_a_kinds_copies_scores_more(case: tuple[str, list[int], int]) -> None:
    name, hand, trump = case
    v = _BIG[name]
    t = meld_tables(v)
    m = score_meld(hand, trump, v)
    held: Counter[int] = Counter(hand)
    assert sum(x.points for x in m.melds) == m.total
    assert [x.points for x in m.melds if _kind(x.name) == "royal"] == [40] * m.parts[1]
    for kind, index in _PARTS.items():
        n = m.parts[index]
        # every copy the hand holds is in the split (a run is worth more than the royal
        # marriage its K Q would make instead, in both tables)
        if kind in _FACES:
            assert n == min(held[f] for f in _FACES[kind])
        elif kind == "pinochle":
            assert n == min(held[16], held[3])
        else:
            assert n == min(held[trump * 6 + rank] for rank in range(5))
        shown = [x.points for x in m.melds if _kind(x.name) == kind]
        # the shown melds of the kind are worth the best split of its n copies
        assert sum(shown) == _brute(t.tier[kind], n), (kind, n, shown)


@settings(max_examples=100, deadline=None)
@given(big_hands(), st.integers(0, 23))
def test_adding_a_card_never_lowers_meld(case: tuple[str, list[int], int], face: int) -> None:
    name, hand, trump = case
    v = _BIG[name]
    if Counter(hand)[face] >= _PACKS[v.deck][face]:
        return  # the pack has no more copies of it
    assert score_meld([*hand, face], trump, v).total >= score_meld(hand, trump, v).total
