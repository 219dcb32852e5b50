"""How much the auction's weights (`bots.search.inference.AuctionWeights`) tell about the
real deal, over trick-play positions, for a grid of their settings.

    nice -n 19 python bench/inference_bench.py --hands 60 --bidder expert --samples 150
    nice -n 19 python bench/inference_bench.py --hands 60 --bidder standard

Positions: ``--hands`` hands whose auction, trump, pass and bury are decided by
``--bidder`` in every seat (``expert``: `ExpertBot` at ``--nodes`` a decision, uniform
deals, as the A/B's tables bid; ``standard``: the standard bot, the policy the weights
read the calls with), the tricks played by the standard bot; a position at each of
``--tricks`` tricks (the first decision of that trick), seen by the seat to act.

At each position ``--samples`` deals are drawn by `DealSampler` (uniform within the hard
bounds) and, per other seat and call, the standard ceiling of the hand that seat would
have held is kept, so every setting is scored on the same deals:

* the gain: the mean over positions of ``log(w(real) / mean w(sampled))``, the log of how
  much likelier the weighted deals make the real one than uniform deals do (a proper
  score of the weighting: > 0 when it helps, and the best setting maximizes it);
* the effective share of the deals, ``(sum w)^2 / (n sum w^2) / n`` (its median): what
  the weights leave of the sample (1: every deal counts alike);
* the real deal's rank among the sampled ones (the share it weighs more than; 0.5 when
  the weights know nothing).

Settings: ``temperature`` (x10 points), ``floor``, ``offset`` (x10 points added to the
ceiling: a table whose bidders bid that much above the standard policy) and ``beta``
(each weight raised to this power: a tempered weight).

Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.expert import ExpertBot
from bots.search import DealSampler
from bots.search.inference import AuctionWeights
from bots.standard import StandardBot
from rules import Phase, apply, legal_actions, load_variants, new_round, observe


def positions(v, hands: int, bidder: str, nodes: int, tricks: list[int], seed: str) -> list:
    """``(state, seat)`` at the first decision of each of ``tricks`` in ``hands`` hands
    (see the module)."""
    std = StandardBot()
    out = []
    for i in range(hands):
        rng = random.Random(f"{seed}/{i}")
        s = new_round(v, i % v.players, rng)
        bid_bots = [
            ExpertBot(think=None, nodes=nodes, pool=False) if bidder == "expert" else std for _ in range(v.players)
        ]
        while s.phase is not Phase.DONE:
            legal = legal_actions(s)
            view = observe(s, s.to_act)
            if s.phase is Phase.TRICKS:
                if not s.trick and len(s.tricks) in tricks and len(legal) > 1:
                    out.append(s)
                a = std.act(view, legal, rng)
            else:
                a = bid_bots[s.to_act].act(view, legal, rng) if len(legal) > 1 else legal[0]
            s = apply(s, a)
    return out


def margins(s, samples: int, seed: str) -> tuple[list[tuple[float, int]], list[list[tuple[float, int]]]] | None:
    """Per call read at ``s`` (seen by the seat to act): ``(ceiling, call)`` for the real
    deal, and the same for each sampled deal; None when no call is read."""
    view = observe(s, s.to_act)
    sampler = DealSampler(view)
    w = AuctionWeights(view, sampler.others)
    if not w.active:
        return None
    std = w.std

    def of(deal) -> list[tuple[float, int]]:
        out = []
        for k, seat, calls in w.seats:
            hand = w.dealt(seat, deal[k])
            for i, call in calls:
                seen = view._replace(seat=seat, to_act=seat, hand=hand, phase=Phase.AUCTION, bids=view.bids[:i])
                out.append((std.ceiling(seen), call))
        return out

    real = [[int(c) for c in s.hands[o]] for o in sampler.others] + [[]]
    rng = random.Random(seed)
    return of(real), [of(sampler.sample(rng)) for _ in range(samples)]


def weight(
    m: list[tuple[float, int]], t: float, fl: float, off: float, beta: float, poff: float | None = None
) -> float:
    w = 1.0
    for c, call in m:
        c += off if call > 0 or poff is None else poff
        x = (c - call) / t if call > 0 else (-call - c) / t
        w *= fl + (1.0 - fl) * (1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x)))
    return w**beta


def score(
    data: list, t: float, fl: float, off: float, beta: float, poff: float | None = None
) -> tuple[float, float, float, float]:
    """(gain, its standard error, median effective share, mean rank) over ``data``."""
    gains, shares, ranks = [], [], []
    for real, sampled in data:
        wr = weight(real, t, fl, off, beta, poff)
        ws = [weight(m, t, fl, off, beta, poff) for m in sampled]
        mean = sum(ws) / len(ws)
        gains.append(math.log(wr / mean))
        shares.append(sum(ws) ** 2 / sum(x * x for x in ws) / len(ws))
        ranks.append((sum(x < wr for x in ws) + 0.5 * sum(x == wr for x in ws)) / len(ws))
    se = statistics.stdev(gains) / math.sqrt(len(gains))
    return statistics.fmean(gains), se, statistics.median(shares), statistics.fmean(ranks)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--variant", default="partnership")
    p.add_argument("--hands", type=int, default=60)
    p.add_argument("--bidder", choices=["expert", "standard"], default="expert")
    p.add_argument("--nodes", type=int, default=5000, help="the expert bidder's nodes a decision")
    p.add_argument("--tricks", default="0,3,6,9", help="tricks at which a position is taken")
    p.add_argument("--samples", type=int, default=150)
    p.add_argument("--seed", default="infer-gain")
    p.add_argument("--cache", default="", help="a file to keep the margins in (read when it exists)")
    p.add_argument("--temperatures", default="10,20,40,80")
    p.add_argument("--floors", default="0.05,0.2,0.5")
    p.add_argument("--offsets", default="0")
    p.add_argument("--betas", default="1")
    p.add_argument("--pass-offsets", default="", help="offsets for the passes alone (default: --offsets)")
    a = p.parse_args(argv)
    v = load_variants()[a.variant]
    cache = Path(a.cache) if a.cache else None
    if cache is not None and cache.exists():
        data = pickle.loads(cache.read_bytes())
    else:
        t0 = time.perf_counter()
        spots = positions(v, a.hands, a.bidder, a.nodes, [int(x) for x in a.tricks.split(",")], a.seed)
        t1 = time.perf_counter()
        data = [m for i, s in enumerate(spots) if (m := margins(s, a.samples, f"{a.seed}/m{i}")) is not None]
        print(
            f"{len(spots)} positions ({t1 - t0:.0f} s), {len(data)} with calls read ({time.perf_counter() - t1:.0f} s)"
        )
        if cache is not None:
            cache.write_bytes(pickle.dumps(data))
    print(f"{len(data)} positions, {a.samples} deals each; bidder {a.bidder}")
    print(" temp  floor  offset  pass  beta    gain (se)       share  rank")
    poffs = [float(x) for x in a.pass_offsets.split(",")] if a.pass_offsets else [None]
    for off in (float(x) for x in a.offsets.split(",")):
        for poff in poffs:
            for beta in (float(x) for x in a.betas.split(",")):
                for t in (float(x) for x in a.temperatures.split(",")):
                    for fl in (float(x) for x in a.floors.split(",")):
                        g, se, sh, rk = score(data, t, fl, off, beta, poff)
                        po = off if poff is None else poff
                        print(
                            f"{t:5.0f}  {fl:5.2f}  {off:+6.0f}  {po:+4.0f}  {beta:4.2f}"
                            f"  {g:+6.3f} ({se:.3f})  {sh:5.2f}  {rk:.3f}"
                        )


if __name__ == "__main__":
    main()
