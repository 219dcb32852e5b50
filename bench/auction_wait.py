"""How long a person waits through an auction: the wall time between the person's bids
with the expert in the other seats at its default budget, by the clock.

    nice -n 5 python bench/auction_wait.py                                  # double-deck, 8 auctions
    nice -n 5 python bench/auction_wait.py --variant partnership --auctions 20
    nice -n 5 python bench/auction_wait.py --bid-think 1.0                  # a bid the whole second
    nice -n 5 python bench/auction_wait.py --agree 150 --seed agree2        # the bid at 0.3 s and at 1 s

Seat 0 stands for the person (the standard bot, which answers at once; a move with one
legal action is made without asking, as the table makes it), the expert sits in the
others at ``--think`` seconds a decision (`ExpertBot`'s default) and a bid takes
``--bid-think`` of it (`SimDecisions.bid_think`, the shipped share by default), in
this process (no worker pool).  Per auction: its wall time, the person's turns, its
bids and the contract; then the wait before each of the person's turns (median, 90th
percentile, max) and a bot's decision (median).  The table's bot delay (a setting, 0.6 s
by default) comes on top of each bot move there.  Prints figures, asserts nothing.

--agree N: N auction positions of standard self-play (each choice of a bid or pass kept
with chance 0.35), the expert's call at each at ``--think`` with the bid's whole budget,
again with another rng, and at ``--bid-think`` of it (the second's rng): how often each
agrees with the first (two runs at the whole budget differ where the call is close).
Double-deck (seeds agree and agree2, 80 and 150 positions): 80 and 149 agreed at 0.3 s,
80 and 148 between two runs at 1 s; partnership (80, seed agree) 72 at 0.3 s, 74.

Measured on a 2-core machine shared with other work (load average about 12), double-deck,
8 auctions: at 1 s a bid the wait before a person's turn was median 0.98 s, p90 2.97 s,
max 2.99 s, an auction median 3.9 s, max 14.9 s (16 bids, rising by the least step to
700 after the person passed); with a bid at 0.3 of it (the shipped ``bid_think``) median
0.29 s, p90 0.92 s, max 0.92 s, an auction median 1.2 s, max 4.5 s, the same 8
contracts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.expert import DEFAULT_THINK, ExpertBot
from bots.expert_bidding import BID_THINK
from bots.standard import StandardBot
from rules import Phase, apply, legal_actions, load_variants, new_round, observe


def waits(variant: str, auctions: int, think: float, bid_think: float, seed: str) -> dict[str, list[float]]:
    """Play ``auctions`` auctions (dealer seat 3 each time), printing a line each; the
    waits before the person's turns, the auctions' times and the bots' decision times."""
    v = load_variants()[variant]
    person = StandardBot()
    bots = {s: ExpertBot(think=think, pool=False) for s in range(1, v.players)}
    for b in bots.values():
        b.decisions.bid_think = bid_think
    out: dict[str, list[float]] = {"waits": [], "auctions": [], "decisions": []}
    for i in range(auctions):
        s = new_round(v, dealer=v.players - 1, rng=random.Random(f"{seed}/{i}"))
        rng = random.Random(i)
        start = last = time.perf_counter()
        turns = 0
        while s.phase is Phase.AUCTION:
            legal = legal_actions(s)
            seat = s.to_act
            if len(legal) == 1:
                action = legal[0]
            elif seat == 0:
                out["waits"].append(time.perf_counter() - last)
                turns += 1
                action = person.act(observe(s, 0), legal, rng)
                last = time.perf_counter()
            else:
                t = time.perf_counter()
                action = bots[seat].act(observe(s, seat), legal, rng)
                out["decisions"].append(time.perf_counter() - t)
            s = apply(s, action)
        out["auctions"].append(time.perf_counter() - start)
        print(
            f"auction {i + 1}: {out['auctions'][-1]:.1f} s, the person's turns {turns}, "
            f"bids {len(s.table.bids)}, contract {s.contract}",
            flush=True,
        )
    return out


def agreement(variant: str, positions: int, think: float, bid_think: float, seed: str) -> tuple[int, int, int]:
    """The positions, and in how many of them the expert's call at the whole budget agreed
    with another run at it and with the call at ``bid_think`` of it (`--agree`)."""
    v = load_variants()[variant]
    std = StandardBot()
    full, part = ExpertBot(think=think, pool=False), ExpertBot(think=think, pool=False)
    full.decisions.bid_think, part.decisions.bid_think = 1.0, bid_think
    views = []
    i = 0
    while len(views) < positions:
        i += 1
        s = new_round(v, dealer=v.players - 1, rng=random.Random(f"{seed}/{i}"))
        rng = random.Random(i)
        while s.phase is Phase.AUCTION:
            legal = legal_actions(s)
            if len(legal) > 1 and rng.random() < 0.35:
                views.append((observe(s, s.to_act), legal))
            s = apply(s, std.act(observe(s, s.to_act), legal, rng))
    same_full = same_part = 0
    for k, (view, legal) in enumerate(views[:positions]):
        first = full.act(view, legal, random.Random(f"a{k}"))
        same_full += full.act(view, legal, random.Random(f"b{k}")) == first
        same_part += part.act(view, legal, random.Random(f"b{k}")) == first
    return positions, same_full, same_part


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="double-deck")
    p.add_argument("--auctions", type=int, default=8)
    p.add_argument("--think", type=float, default=DEFAULT_THINK, help="the expert's seconds a decision")
    p.add_argument("--bid-think", type=float, default=BID_THINK, help="the part of it a bid takes")
    p.add_argument("--seed", default="lat")
    p.add_argument("--agree", type=int, default=0, metavar="N", help="N positions: the call at --bid-think and at 1")
    a = p.parse_args(argv)
    if a.agree:
        n, full, part = agreement(a.variant, a.agree, a.think, a.bid_think, a.seed)
        print(f"{a.variant}, {n} positions: two runs at the whole budget agree in {full}, at {a.bid_think:g} {part}")
        return
    got = waits(a.variant, a.auctions, a.think, a.bid_think, a.seed)
    w = sorted(got["waits"])
    if not w:
        print("the person had no turn")
        return
    p90 = w[min(len(w) - 1, int(0.9 * len(w)))]
    print(
        f"{a.variant}, {a.auctions} auctions at {a.think:g} s a decision, a bid {a.bid_think:g} of it: "
        f"an auction median {statistics.median(got['auctions']):.1f} s, max {max(got['auctions']):.1f} s; "
        f"the wait before a person's turn median {statistics.median(w):.2f} s, p90 {p90:.2f} s, max {w[-1]:.2f} s "
        f"({len(w)} turns); a bot's decision median {statistics.median(got['decisions']):.2f} s"
    )


if __name__ == "__main__":
    main()
