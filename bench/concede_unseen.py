"""Three-hand check's forced 300 thrown in unseen (RULES.md §9.2), against looking.

    python bench/concede_unseen.py --deals 1500

Deals three-hand-check hands (seeded 0, 1, ...) until ``--deals`` of them leave the
dealer stuck with the forced 300 (both others pass), then plays each one on after a look
at the widow (standard bots in every seat) and compares with throwing it in unseen
(-300, no checks, the others score nothing).  The margin is the dealer's change less the
others' mean, a check counted as ``StandardBot.check_points`` points.  One row per band
of the bot's own figure (`StandardBot.unseen_concession_gain`: > 0 means it concedes):
how many deals, and the measured and predicted gain of looking over conceding.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.standard import StandardBot
from rules import PassBid, Phase, PlayOn, apply, legal_actions, load_variants, new_round, observe
from rules.checks import ledger

BANDS = ((-1e9, -300), (-300, -150), (-150, -50), (-50, 0), (0, 50), (50, 1e9))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1500, help="forced deals to play (at least 1)")
    a = ap.parse_args()
    if a.deals < 1:
        ap.error("--deals is at least 1")
    v = load_variants()["three-hand-check"]
    bot = StandardBot()
    rows: list[tuple[float, float]] = []
    seed = 0
    while len(rows) < a.deals:
        s = new_round(v, 0, random.Random(seed))
        s = apply(apply(s, PassBid()), PassBid())
        s = apply(s, legal_actions(s)[0])  # the dealer's forced 300
        rng = random.Random(seed)
        seed += 1
        if not (s.phase is Phase.MELD and s.table.trump < 0):
            continue
        me = s.to_act
        predicted = bot.unseen_concession_gain(observe(s, me))
        x = apply(s, next(a for a in legal_actions(s) if isinstance(a, PlayOn)))
        while x.phase is not Phase.DONE:
            x = apply(x, bot.act(observe(x, x.to_act), legal_actions(x), rng))
        ch = [sd.change for sd in x.result.sides]
        led = ledger(x.result.checks, v.players)
        others = [s for s in range(v.players) if s != me]
        margin = ch[me] - sum(ch[s] for s in others) / len(others)
        margin += bot.check_points * (led[me] - sum(led[s] for s in others) / len(others))
        rows.append((predicted, margin + s.table.high_bid))  # looking less conceding unseen
    print(f"{'bot figure (concede if > 0)':>28} {'deals':>6} {'looking - unseen':>17} {'predicted':>10}")
    for lo, hi in BANDS:
        band = [r for r in rows if lo <= r[0] < hi]
        if band:
            measured = statistics.mean(r[1] for r in band)
            predicted = -statistics.mean(r[0] for r in band)
            label = f"{max(lo, -9999):.0f} .. {min(hi, 9999):.0f}"
            print(f"{label:>28} {len(band):>6} {measured:>+17.1f} {predicted:>+10.1f}")
    conceded = [r for r in rows if r[0] > 0]
    print(
        f"{len(rows)} deals: the bot concedes {len(conceded)}; per deal its choices gain "
        f"{sum(r[1] for r in rows if r[0] <= 0) / len(rows):+.1f} over always conceding, always looking "
        f"{sum(r[1] for r in rows) / len(rows):+.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
