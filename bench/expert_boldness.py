"""How boldly the expert bids against standard on the same hands ("make rate
of `expert` as bidder >= 80% while bidding at least as boldly as `standard`").

    nice -n 10 python bench/expert_boldness.py --hands 400                  # partnership, 20,000 nodes
    nice -n 10 python bench/expert_boldness.py --variant three-hand --hands 150
    nice -n 10 python bench/expert_boldness.py --hands 100 --later          # every choice, not the first
    nice -n 10 python bench/expert_boldness.py --hands 50 --nodes 0 --think 1.0   # the shipped budget, by the clock
    nice -n 10 python bench/expert_boldness.py --hands 0 --boards 100       # (b) duplicate auctions only
    nice -n 10 python bench/expert_boldness.py --hands 0 --boards 100 --alone

The average winning bid of a duplicate A/B (bench/expert_bench.py) does not compare like
with like: the expert wins auctions on hands standard would pass, and those go cheaper.
Here both levels are asked on the same views.

(a) Ceilings on the same view.  ``--hands`` deals (seeded; the dealer in turn), every
seat: at the seat's first choice of the auction (a pass or a bid; --later: every choice),
the seats before it bidding as standard, the highest bid each level would make now:
`StandardBot.ceiling` and the expert's `SimDecisions.ceiling` (what `SimDecisions.bid`
bids to, standard's bidding rules bidding to it; standard's own where no deal replays).
Per set of views: each level's mean ceiling, the paired mean difference expert - standard
and the share of views where the expert's ceiling is at least standard's, each with a
95% CI (clustered by deal: the seats of one deal are not independent), and how often
each level bids there.  The sets: every view; views where standard's ceiling reaches the
opening bid (``min_bid``: hands standard would bid at all); views where either ceiling
reaches the lowest bid open at the view (the decision is live for one of them).

(b) Duplicate auctions (--boards): the auctions of a duplicate A/B (expert in seats 0 and
2, three players: seat 0; every deal once per seating; the same deals, bot seeds and so
the same auctions as `pinochle simulate --duplicate` with these bots), without the
play (checked on 4 boards: the A/B's contracts and average bids exactly).  Each level's
contracts and average winning bid as in the A/B, then the boards where the same seat
(the same cards) won the contract under both levels: the expert's contract and
standard's there, paired, with a 95% CI.  There the seat's opponents differ (standard
for the expert's seat, the expert for standard's); --alone keeps them: the expert in
one seat and standard in the others, each seat in turn, against a table of standard
alone.

The expert's simulated bid gets ``--nodes`` (default 20,000: the ``--sim-nodes`` of
bots/expert_bidding.py's figures; replays exactly) or, with ``--nodes 0``, ``--think``
seconds by the clock.  Prints figures, asserts nothing.

Measured at dd7eb80 (make_target 0.6, deals_weight 12), the 2-core box shared with
another session (load average 1.4 to 2.5), all nice -n 10, seed "boldness"; points x10
as the engine keeps them (three-hand and double-deck show a tenth); "opening" is the set
of views where standard's ceiling reaches the opening bid, "live" where either ceiling
reaches the lowest bid open:

* partnership, 20,000 nodes (186 deals a ceiling), --hands 2000 (7,969 first choices,
  794 s): mean ceiling standard 287.7, expert 322.5; expert - standard +34.8 (95% CI
  +34.2 .. +35.3), p10 +3, p50 +33, p90 +69; expert's >= standard's in 92.5% (91.9 ..
  93.1).  Opening (6,100 views): 305.8 against 341.9, +36.1 (+35.4 .. +36.8), >= in 90.7%
  (90.0 .. 91.4); bids there: standard 81.9%, expert 93.3% (714 views the expert alone
  bids, 17 standard alone).  Live (6,862): +37.1 (+36.4 .. +37.7), >= in 92.1%; over
  every view standard bids in 62.7%, the expert in 81.4%;
* partnership, --nodes 200000 (1,852 deals a ceiling, about what the shipped 1 s gets
  here), --hands 400 (1,588 views, 1,627 s): 290.0 against 325.7, +35.7 (+34.5 ..
  +37.0), >= in 92.4% (91.1 .. 93.7); opening (1,222) +37.1 (+35.6 .. +38.7), >= in
  90.5% (88.8 .. 92.2), bids standard 82.0%, expert 93.5%;
* partnership, --nodes 0 --think 1.0 (the shipped budget by the clock, 1,494 deals a
  ceiling on average), --hands 50 (197 views): +38.7 (+35.5 .. +42.0), >= in 93.4%;
  opening (149) +40.6 (+36.5 .. +44.6), >= in 91.3%;
* partnership, every choice of the auction (--hands 500 --later, 3,860 views): +35.3
  (+33.9 .. +36.7), >= in 89.9% (88.4 .. 91.4); opening (3,382) +36.1 (+34.5 .. +37.7),
  >= in 88.8% (87.1 .. 90.5);
* three-hand (--variant three-hand --hands 500, 1,314 views; the forced opener's and
  stuck dealer's bids are no choice): 213.2 against 241.7, +28.5 (+27.6 .. +29.4), >= in
  94.6% (93.4 .. 95.8); opening 200 (588 views) 276.3 against 299.6, +23.3 (+21.9 ..
  +24.7), >= in 91.7% (89.4 .. 93.9), bids standard 85.7%, expert 97.8%;
* partnership-kitty (--hands 500, 1,793 views): 229.7 against 263.7, +34.0 (+33.3 ..
  +34.7), >= in 98.7% (98.2 .. 99.2); opening (459) 293.7 against 316.0, +22.3 (+21.1 ..
  +23.4), >= in 95.4% (93.6 .. 97.3), bids standard 82.6%, expert 90.2%; over every view
  standard bids in 21.1%, the expert in 44.2%;
* double-deck (--hands 500, 1,971 views; 92 without a marriage, no trump to bid on,
  both ceilings 0): 543.5 against 578.5, +35.0 (+34.2 .. +35.7), >= in 96.9% (96.1 ..
  97.7); opening 500 (1,296) 632.1 against 667.8, +35.7 (+34.8 .. +36.6), >= in 96.8%
  (95.8 .. 97.7), bids standard 89.5%, expert 94.1%.

On the same view the expert's ceiling is higher by some 35 (22 to 41 where standard
would open) in every preset and at every budget, and at least standard's in about nine
views of ten; where it is lower it is not by much (p10 between -1 and +16), and it
passes where standard bids in at most 1% of the views (none in three-hand,
partnership-kitty and double-deck).

(b), partnership, 20,000 nodes: --hands 0 --boards 400 (duplicate seatings, 800
auctions, 459 s): the expert won 568 contracts at an average winning bid of 296.9,
standard 232 at 308.8 (the A/B's pattern: 143 at 295.9 against 57 at 307.7 at 1 s).  On
the 170 boards where the same seat won under both levels, the expert's contract was
the lower, 287.3 against 311.6, -24.3 (-28.6 .. -20.0; higher 10, equal 49, lower 111):
not timidity but its opponents.  Both levels bid the lowest bid their ceiling allows,
so a contract costs one step over the last bid of the others; the expert's seat faces
standard's opponents, standard's seat the expert's bolder ones.  With the opponents and
partner the same (--hands 0 --boards 200 --alone: the expert alone in each seat in
turn, against a table of standard alone, 1,000 auctions) the expert's seat won 335
contracts at 297.2 on average, the seat's standard 200 at 288.1, and on the 196 (seat,
board) both won, the contract was the same every time (287.3); three-hand (--variant
three-hand --hands 0 --boards 150 --alone): 189 contracts at 221.4 against 150 at 218.9,
the 150 won by both all equal.  The average winning bid measures the competition, not
the winner's boldness; the ceilings of (a) measure the boldness.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.expert import ExpertBot
from bots.expert_bidding import _bid_to
from bots.standard import StandardBot
from rules import Bid, PassBid, Phase, apply, hand_rng, legal_actions, load_variants, new_round, observe


def _expert(nodes: int, think: float) -> ExpertBot:
    """The expert whose bid is measured: ``nodes`` for its simulated decisions (0: ``think``
    seconds), in this process."""
    bot = ExpertBot(think=None if nodes else think, nodes=nodes or None, pool=False)
    if nodes:
        bot.decisions.nodes = nodes
    return bot


def clustered(groups: Sequence[Sequence[float]]) -> tuple[float, float, float, int]:
    """The mean of all the values in ``groups`` (one group a deal) and its 95% interval,
    the spread taken between groups (cluster-robust, normal approximation); and the count."""
    groups = [g for g in groups if g]
    n = sum(len(g) for g in groups)
    if not n:
        return 0.0, 0.0, 0.0, 0
    m = sum(sum(g) for g in groups) / n
    k = len(groups)
    if k < 2:
        return m, m, m, n
    var = sum((sum(g) - m * len(g)) ** 2 for g in groups) * k / (k - 1) / n**2
    h = 1.96 * math.sqrt(var)
    return m, m - h, m + h, n


@dataclass
class View:
    deal: int
    seat: int
    choice: int  # the seat's choices before this one in the auction
    low: int  # the lowest bid open
    std: float  # standard's ceiling
    exp: float  # the expert's
    std_bids: bool
    exp_bids: bool
    deals: int  # the expert's sampled deals (0: no deal replayed, standard's ceiling)


def ceilings(v, hands: int, seed: str, nodes: int, think: float, later: bool, progress: bool) -> list[View]:
    """(a): both ceilings at every seat's first choice of the auction (``later``: every
    choice) of ``hands`` seeded deals, the auction carried on by standard."""
    std = StandardBot()
    expert = _expert(nodes, think)
    d = expert.decisions
    out: list[View] = []
    t0 = time.perf_counter()
    for i in range(hands):
        rng = random.Random(f"{seed}/{i}")
        s = new_round(v, i % v.players, rng)
        choices = [0] * v.players
        while s.phase in (Phase.DEAL, Phase.AUCTION):
            seat = s.to_act
            legal = legal_actions(s)
            view = observe(s, seat)
            if s.phase is Phase.AUCTION and d.simulated(view, legal) and (later or not choices[seat]):
                r = random.Random(f"{seed}/{i}/seat{seat}/{choices[seat]}")
                c_std = std.ceiling(view)
                d.last = None
                try:
                    c_exp = d.ceiling(view, legal, r)
                    deals = d.last.deals if d.last is not None else 0
                except ValueError:  # no deal replays: the expert bids as standard
                    c_exp, deals = c_std, 0
                low = min(a.amount for a in legal if isinstance(a, Bid))
                out.append(
                    View(
                        i,
                        seat,
                        choices[seat],
                        low,
                        c_std,
                        c_exp,
                        isinstance(std.act(view, legal, rng), Bid),
                        isinstance(_bid_to(std, view, legal, c_exp), Bid),
                        deals,
                    )
                )
            if s.phase is Phase.AUCTION and isinstance(legal[0], PassBid) and len(legal) > 1:
                choices[seat] += 1
            s = apply(s, std.act(view, legal, rng))
        if progress and (i + 1) % 50 == 0:
            print(f"  ... {i + 1} deals, {len(out)} views, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return out


def _by_deal(views: Sequence[View], f) -> list[list[float]]:  # type: ignore[no-untyped-def]
    groups: dict[int, list[float]] = {}
    for x in views:
        groups.setdefault(x.deal, []).append(float(f(x)))
    return list(groups.values())


def report_ceilings(v, views: Sequence[View]) -> None:
    sets = [
        ("every view", views),
        (f"standard's ceiling >= the opening bid {v.min_bid}", [x for x in views if x.std >= v.min_bid]),
        ("either ceiling >= the lowest bid open", [x for x in views if max(x.std, x.exp) >= x.low]),
    ]
    if v.score_scale == "x1":
        print(f"  (points as the engine keeps them: this preset shows a tenth, {v.min_bid // 10} for {v.min_bid})")
    for name, xs in sets:
        if not xs:
            print(f"  {name}: none")
            continue
        ms, _, _, n = clustered(_by_deal(xs, lambda x: x.std))
        me, _, _, _ = clustered(_by_deal(xs, lambda x: x.exp))
        dm, dlo, dhi, _ = clustered(_by_deal(xs, lambda x: x.exp - x.std))
        sm, slo, shi, _ = clustered(_by_deal(xs, lambda x: x.exp >= x.std))
        bs, _, _, _ = clustered(_by_deal(xs, lambda x: x.std_bids))
        be, _, _, _ = clustered(_by_deal(xs, lambda x: x.exp_bids))
        only_e = sum(x.exp_bids and not x.std_bids for x in xs)
        only_s = sum(x.std_bids and not x.exp_bids for x in xs)
        diffs = sorted(x.exp - x.std for x in xs)
        q = [diffs[min(len(diffs) - 1, int(p * len(diffs)))] for p in (0.1, 0.5, 0.9)]
        print(f"  {name}: {n} views from {len({x.deal for x in xs})} deals")
        print(f"    mean ceiling: standard {ms:.1f}, expert {me:.1f}")
        print(f"    expert - standard {dm:+.1f} (95% CI {dlo:+.1f} .. {dhi:+.1f})", end="")
        print(f"; p10 {q[0]:+.0f}, p50 {q[1]:+.0f}, p90 {q[2]:+.0f}")
        print(f"    expert's ceiling >= standard's: {100 * sm:.1f}% ({100 * slo:.1f} .. {100 * shi:.1f})")
        print(f"    bids here: standard {100 * bs:.1f}%, expert {100 * be:.1f}%", end="")
        print(f"; expert only {only_e}, standard only {only_s}")
    dealt = [x.deals for x in views]
    print(
        f"  expert's deals a ceiling: mean {sum(dealt) / max(1, len(dealt)):.0f}, min {min(dealt, default=0)}; "
        f"none (no trump to bid on, or no deal replayed: standard's ceiling) {sum(1 for x in dealt if not x)}"
    )


def _auction(v, levels: Sequence[str], deal_seed: str, dealer: int, bots: dict) -> tuple[int | None, int]:
    """The auction of one table of a duplicate board, as `pinochle_tui.simulate` plays it:
    (the winning seat or None, its contract)."""
    s = new_round(v, dealer, hand_rng(deal_seed, 0))
    rngs = [random.Random(f"{deal_seed}/seat{k}") for k in range(v.players)]
    while s.phase in (Phase.DEAL, Phase.AUCTION):
        seat = s.to_act
        legal = legal_actions(s)
        a = legal[0] if len(legal) == 1 else bots[levels[seat]].act(observe(s, seat), legal, rngs[seat])
        s = apply(s, a)
    return s.bidder, s.contract or 0


def seatings(v, alone: bool) -> tuple[list[list[str]], list[tuple[int, list[int], list[int]]]]:
    """(b)'s tables of a board (a level a seat) and, per seat, the tables where its bid is
    the expert's and those where it is standard's to compare.  Duplicate: the A/B's
    seatings (expert in seats 0 and 2, three players: seat 0; rotated round the table);
    ``alone``: the expert in one seat and standard in the others, each seat in turn, and
    a table of standard alone (each seat's comparison: the same opponents and partner)."""
    n = v.players
    if alone:
        tables = [["expert" if s == k else "standard" for s in range(n)] for k in range(n)]
        tables.append(["standard"] * n)
        return tables, [(s, [s], [n]) for s in range(n)]
    teams = v.n_sides < n
    seats = ["expert", "standard"] * 2 if teams and n == 4 else ["expert"] + ["standard"] * (n - 1)
    tables = [[seats[(s - k) % n] for s in range(n)] for k in range(v.n_sides if teams else n)]
    refs = []
    for s in range(n):
        mine = [k for k, t in enumerate(tables) if t[s] == "expert"]
        refs.append((s, mine, [k for k in range(len(tables)) if k not in mine]))
    return tables, refs


def duplicate_auctions(v, boards: int, seed: str, nodes: int, think: float, alone: bool, progress: bool) -> None:
    """(b): the auctions of ``boards`` boards at `seatings`' tables, and the boards where
    the same seat won under both levels."""
    n = v.players
    tables, refs = seatings(v, alone)
    bots = {"expert": _expert(nodes, think), "standard": StandardBot()}
    won: dict[str, list[int]] = {"expert": [], "standard": []}
    pairs: list[list[float]] = []  # per board: the expert's contract less standard's, same seat
    paired: dict[str, list[float]] = {"expert": [], "standard": []}
    only = {"expert": 0, "standard": 0}  # the seat won under one level alone
    passed_out = 0
    t0 = time.perf_counter()
    for b in range(boards):
        deal_seed = f"{seed}/board{b}"
        results = []
        for levels in tables:
            bidder, contract = _auction(v, levels, deal_seed, b % n, bots)
            results.append((bidder, contract))
            if bidder is None:
                passed_out += 1
            elif not alone or levels[bidder] == "expert" or levels == tables[-1]:
                won[levels[bidder]].append(contract)
        diffs = []
        for seat, exp_tables, std_tables in refs:
            e = [results[k][1] for k in exp_tables if results[k][0] == seat]
            s_ = [results[k][1] for k in std_tables if results[k][0] == seat]
            if e and s_:
                diffs.append(sum(e) / len(e) - sum(s_) / len(s_))
                paired["expert"].append(sum(e) / len(e))
                paired["standard"].append(sum(s_) / len(s_))
            elif e or s_:
                only["expert" if e else "standard"] += 1
        pairs.append(diffs)
        if progress and (b + 1) % 25 == 0:
            print(f"  ... {b + 1} boards, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    how = "the expert alone in each seat in turn, and standard alone" if alone else "duplicate seatings"
    print(f"(b) {v.name}, expert's bid at {_budget(nodes, think)}, {boards} boards ({how}), seed {seed!r}")
    print(f"  {boards * len(tables)} auctions, passed out {passed_out}")
    for level, xs in won.items():
        avg = sum(xs) / len(xs) if xs else 0.0
        where = " (its seat)" if alone and level == "expert" else " (the all-standard table)" if alone else ""
        print(f"  {level:8s} won {len(xs)} contracts{where}, average winning bid {avg:.1f}")
    dm, dlo, dhi, k = clustered(pairs)
    print(f"  a seat won under one level only: expert {only['expert']}, standard {only['standard']}")
    if k:
        e = sum(paired["expert"]) / k
        s_ = sum(paired["standard"]) / k
        print(f"  the same seat won under both: {k} (seat, board); average contract expert {e:.1f}, standard {s_:.1f}")
        print(f"    expert - standard {dm:+.1f} (95% CI {dlo:+.1f} .. {dhi:+.1f})")
        hi = sum(1 for g in pairs for x in g if x > 0)
        eq = sum(1 for g in pairs for x in g if x == 0)
        print(f"    expert higher {hi}, equal {eq}, lower {k - hi - eq}")


def _budget(nodes: int, think: float) -> str:
    return f"{nodes} nodes" if nodes else f"{think} s"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="partnership")
    p.add_argument("--hands", type=int, default=100, help="deals of (a), every seat (0: none)")
    p.add_argument("--later", action="store_true", help="(a) at every choice of the auction, not the first")
    p.add_argument("--boards", type=int, default=0, help="duplicate boards of (b) (0: none)")
    p.add_argument("--nodes", type=int, default=20000, help="nodes of the expert's simulated bid (0: --think)")
    p.add_argument("--think", type=float, default=1.0, help="seconds of the expert's bid with --nodes 0")
    p.add_argument("--alone", action="store_true", help="(b) the expert alone at a table, against standard alone")
    p.add_argument("--seed", default="boldness")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    a = p.parse_args(argv)
    v = load_variants()[a.variant]
    budget = _budget(a.nodes, a.think)
    if a.hands:
        t0 = time.perf_counter()
        views = ceilings(v, a.hands, a.seed, a.nodes, a.think, a.later, not a.quiet)
        which = "every choice" if a.later else "first choice"
        print(f"(a) {v.name}, expert's bid at {budget}, {a.hands} deals, each seat's {which}, seed {a.seed!r}")
        report_ceilings(v, views)
        print(f"  ({time.perf_counter() - t0:.0f} s)")
    if a.boards:
        t0 = time.perf_counter()
        duplicate_auctions(v, a.boards, a.seed, a.nodes, a.think, a.alone, not a.quiet)
        print(f"  ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
