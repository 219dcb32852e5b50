"""The auction's house rules, value by value (RULES.md §0.4 items 17-21, 23c): each played
at random and by the standard bot, and the standard bot against the easy one.

    nice -n 15 .venv/bin/python bench/house_rules.py                       # 30 random + 2,000 standard hands each
    nice -n 15 .venv/bin/python bench/house_rules.py --random 30 --standard 0
    nice -n 15 .venv/bin/python bench/house_rules.py --random 0 --standard 0 --duplicate 2000 --only summed,distribute

Each value is a preset of `HOUSE` (a house file's text: one value on a fitting shipped
preset) or a shipped preset (`partnership-widow`).  Per value it prints:

- random: ``--random`` hands played with the random bot through `rules.rounds`, every
  state checked: every card of the pack in exactly one place (a hand, the kitty still
  apart, the tricks, the buried cards), the trick points of a played hand adding up to
  the pack's, each action legal;
- standard: ``--standard`` hands of standard self-play (`pinochle_tui.simulate`): its
  illegal actions, errors (the simulator checks the trick points of every hand) and
  make rate;
- duplicate: ``--duplicate`` hands of standard against easy, every deal with the sides
  swapped: standard's points per board over easy's, with its 95% CI.

Prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.simulate import simulate
from rules import Phase, RoundState, Variant, apply, current_seat, legal_actions, load_variants, load_variants_text
from rules.cards import make_deck
from rules.game import GameState

HOUSE = """
[summed]
extends = "partnership"
contract_mode = "summed_partner_bids"
all_pass = "redeal"
concession = "off"

[distribute]
extends = "partnership-kitty"
kitty_mode = "bidder_distributes_one_each"
pass_count = 4

[optional-pass]
extends = "partnership"
pass_optional = true

[raise-limit]
extends = "partnership"
raise_limit = "one_or_two_units"

[pass-not-final]
extends = "partnership"
pass_is_final = false

[bid-out]
extends = "partnership"
must_bid_to_win = "bid_out_three_sets"

[announce-bury]
extends = "three-hand"
bury_restriction = "announce_trump_or_ace"

[instructables]
extends = "double-deck"
meld_table = "double_deck_instructables"

[unseen-at-min]
extends = "three-hand"
concede_without_looking = "at_min_bid_pay_kitty_only"

[marriage-opens]
extends = "partnership"
forced_opener = "must_bid_with_marriage"

[check-values]
extends = "three-hand-check"
check_game_value = 5
check_nines_value = 10
"""
SHIPPED = ("partnership-widow",)


def variants() -> dict[str, Variant]:
    base = load_variants()
    house = load_variants_text(HOUSE, "house_rules.py", base=base)
    return {**house, **{name: base[name] for name in SHIPPED}}


def _where(state: RoundState) -> Counter:
    """Every card of the round, wherever it is now."""
    t = state.table
    c: Counter = Counter()
    for h in state.hands:
        c.update(h)
    c.update(state.trick)
    for _, cards, _ in state.tricks:
        c.update(cards)
    c.update(t.buried)
    if t.bidder < 0 or state.phase is Phase.KITTY or (state.phase is Phase.MELD and t.trump < 0):
        c.update(t.kitty)  # still apart: before the auction ends, while handed out, or unseen
    elif t.kitty and state.phase is Phase.DONE and state.result is not None and not state.result.counts:
        c.update(t.kitty)
    return c


def random_hands(v: Variant, hands: int, seed: str) -> tuple[int, int, int]:
    """(hands played, illegal actions, broken invariants) of ``hands`` random hands."""
    rng = random.Random(seed)
    pack = Counter(make_deck(v.deck))
    game = GameState.start(v, seed=seed)
    illegal = broken = 0
    for _ in range(hands):
        if game.over:
            game = GameState.start(v, seed=f"{seed}/{game.hand_no}")
        state = game.new_round()
        while current_seat(state) is not None:
            if state.phase is not Phase.DONE and _where(state) != pack:
                broken += 1
            legal = legal_actions(state)
            action = rng.choice(list(legal))
            try:
                state = apply(state, action)
            except ValueError:
                illegal += 1
                break
        r = state.result
        if r is not None and r.kind == "played":
            total = sum(s.trick_points for s in r.sides)
            if not v.kitty_discards_count_for_bidder:
                total += sum(v.card_points[c] for c in state.table.buried)
            if total != v.hand_trick_total or any(state.hands) or _where(state) != pack:
                broken += 1
        if r is not None:
            game = game.after_hand(r)
    return hands, illegal, broken


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--random", type=int, default=30, help="random hands per value (0: none)")
    ap.add_argument("--standard", type=int, default=2000, help="hands of standard self-play per value (0: none)")
    ap.add_argument(
        "--duplicate",
        type=int,
        default=0,
        help="hands of standard against easy per value, in boards of every seating (0: none)",
    )
    ap.add_argument("--only", default="", help="comma-separated value names (default: all)")
    ap.add_argument("--seed", default="house")
    args = ap.parse_args()
    vs = variants()
    names = [n for n in vs if not args.only or n in args.only.split(",")]
    for name in names:
        v = vs[name]
        row = [f"{name:16}"]
        if args.random:
            n, illegal, broken = random_hands(v, args.random, f"{args.seed}/{name}")
            row.append(f"random {n} hands: {illegal} illegal, {broken} broken")
        if args.standard:
            res = simulate(v, ["standard"] * v.players, hands=args.standard, seed=f"{args.seed}/{name}").to_json()
            made = res.get("make_rate")
            row.append(
                f"standard {res['hands']} hands: {res['illegal_actions']} illegal, {res['errors']} errors"
                + (f", made {made:.1%}" if isinstance(made, float) else "")
            )
        if args.duplicate:
            seats = ["standard", "easy"] * (v.players // 2) + ["easy"] * (v.players % 2)
            res = simulate(v, seats, hands=args.duplicate, seed=f"{args.seed}/{name}", duplicate=True).to_json()
            lo, hi = res["ci95"]
            row.append(
                f"standard - easy {res['boards']} boards: {res['points_per_board']:+.1f} a board (x10) "
                f"[95% CI {lo:+.1f} .. {hi:+.1f}], {res['illegal_actions']} illegal, {res['errors']} errors"
            )
        print(" | ".join(row), flush=True)


if __name__ == "__main__":
    main()
