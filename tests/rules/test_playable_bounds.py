"""A minimum bid that hands make too seldom for a game to end is refused:
partnership with min_bid 700 validated, yet every hand was a set,
both sides fell about 310 points a hand and no game ended; at 450 (easy bots, simulate
--games 2 --seed 1) 90.5% were set and neither game ended in 400 hands, at 350 both did.
`rules.presets.makeable_checks` plays `MAKEABLE_DEALS` seeded deals at the bid, generously
(`contract_drift`), and refuses it when the sides' points fall on average (RULES.md §3.1,
§3.4, §5, §7, §8.1)."""

from __future__ import annotations

import random

import pytest

from pinochle_tui.cli import main
from rules import VariantError, load_variants, load_variants_text, make_deck, score_meld
from rules.presets import _DEALT, MAKEABLE_DEALS, contract_drift, dealt_sides

PRESETS = load_variants()
P = PRESETS["partnership"]


def _check(base: str, body: str) -> str:
    """'ok', or the one-line refusal of preset ``m`` extending ``base`` with ``body``."""
    try:
        load_variants_text(f'[m]\nextends = "{base}"\n{body}\n', "house.toml", base=PRESETS)
    except VariantError as exc:
        assert "\n" not in str(exc)
        return str(exc)
    return "ok"


def _why(key: str, bid: int, made: int, fall: int, tricks: int = 250, cost: int | None = None) -> str:
    how = f"in only {made}" if made else "in none"
    return (
        f"house.toml: preset 'm', keys: {key} {bid} is too high for a game to end: in {MAKEABLE_DEALS} seeded "
        f"deals the best side makes it (meld + all {tricks} trick points) {how}, so the sides' points fall by "
        f"{fall} a hand on average (a set costs {bid if cost is None else cost}) and no side nears the target"
    )


# (base preset, house lines, the answer): each refused bid beside the highest that passes
CASES = [
    ("partnership", "min_bid = 700", _why("min_bid", 700, 0, 404)),  # the module docstring's preset
    ("partnership", "min_bid = 450", _why("min_bid", 450, 12, 24)),  # its games did not end either
    ("partnership", "min_bid = 440", _why("min_bid", 440, 13, 6)),
    ("partnership", "min_bid = 430", "ok"),
    ("partnership", "min_bid = 350", "ok"),  # its games end
    ("partnership", "dealer_stuck_bid = 700", _why("dealer_stuck_bid", 700, 0, 404)),
    ("partnership", 'min_bid = 410\nwho_melds = "bidder_only"', _why("min_bid", 410, 13, 37)),  # the bidder melds
    ("partnership", 'min_bid = 400\nwho_melds = "bidder_only"', "ok"),
    ("partnership", 'min_bid = 450\nset_penalty = "minus_double_bid"', _why("min_bid", 450, 12, 389, cost=900)),
    ("partnership", 'min_bid = 450\nset_penalty = "zero"', "ok"),  # a set costs nothing: the scores still rise
    ("three-hand", "min_bid = 600\ndealer_stuck_bid = 590", _why("min_bid", 600, 4, 193)),  # widow in hand
    ("three-hand", "min_bid = 500\ndealer_stuck_bid = 490", "ok"),
    ("double-deck", "min_bid = 1200\nbid_unit_above = []", _why("min_bid", 1200, 5, 304, 500)),
    ("double-deck", "min_bid = 1100\nbid_unit_above = []", "ok"),
    ("racehorse", "min_bid = 1500", _why("min_bid", 1500, 17, 5, 490)),
    ("racehorse", "min_bid = 1200", "ok"),
]


@pytest.mark.parametrize(("base", "body", "answer"), CASES)
def test_a_bid_made_too_seldom_is_refused_and_the_highest_made_often_enough_passes(
    base: str, body: str, answer: str
) -> None:
    assert _check(base, body) == answer


def test_variants_check_refuses_it_in_one_line_with_exit_2(tmp_path, capsys) -> None:
    f = tmp_path / "house.toml"
    f.write_text('[m]\nextends = "partnership"\nmin_bid = 700\n', encoding="utf-8")
    assert main(["variants", "--check", str(f)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", "pinochle variants: " + _why("min_bid", 700, 0, 404).replace("house.toml", str(f)) + "\n")


def test_every_shipped_preset_passes_and_its_scores_rise() -> None:
    """Each shipped preset validates again, and where its least bid is above the trick
    points (racehorse 500 over 490, three-hand-check's 300) the deals show it is made."""
    above = {}
    for name, v in PRESETS.items():
        assert load_variants_text(f'["{name}-again"]\nextends = "{name}"\n', "house.toml", base=PRESETS)
        if v.round_flow != "stock" and v.min_bid > v.hand_trick_total:
            above[name] = contract_drift(v, v.min_bid)
    assert above == {"racehorse": (1360, 1, 1), "three-hand-check": (542, 6, 6)}


def test_the_deals_are_the_seeded_packs_counted_as_the_docstring_says() -> None:
    """`dealt_sides` recounted from its definition for partnership: each seat's meld as
    dealt, partners added, the best side in its best trump, the other side in that trump."""
    _DEALT.clear()
    for k in range(8):
        cards = make_deck("single48")
        random.Random(f"pinochle-makeable-{k}").shuffle(cards)
        best = max(
            (sum(score_meld(cards[s * 12 : s * 12 + 12], t, P).total for s in side), t, side)
            for t in range(4)
            for side in ((0, 2), (1, 3))
        )
        meld, trump, side = best
        other = sum(score_meld(cards[s * 12 : s * 12 + 12], trump, P).total for s in range(4) if s not in side)
        assert dealt_sides(P, k)[0] == meld, k
        assert dealt_sides(P, k)[1] in (other, _other_at_any_best(cards, meld)), k
    assert [dealt_sides(P, k) for k in range(5)] == [(150, 70), (140, 80), (160, 10), (180, 10), (70, 10)]


def _other_at_any_best(cards: list, meld: int) -> int:
    """The other side's meld when two trumps (or sides) tie for the best: the first found."""
    for t in range(4):
        for side in ((0, 2), (1, 3)):
            if sum(score_meld(cards[s * 12 : s * 12 + 12], t, P).total for s in side) == meld:
                return sum(score_meld(cards[s * 12 : s * 12 + 12], t, P).total for s in range(4) if s not in side)
    raise AssertionError("no best side")


def test_the_drift_at_450_and_an_early_stop() -> None:
    """At 450: 12 of 64 made, -24 a hand (all 64 deals played).  Racehorse's 500: the
    first deal is made, and the 63 left could take off at most 10 each, so it stops."""
    assert contract_drift(P, 450) == (-24, 12, 64)
    assert contract_drift(P, 700) == (-404, 0, 64)
    assert contract_drift(PRESETS["racehorse"], 500) == (1360, 1, 1)
