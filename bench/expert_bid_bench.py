"""The expert's simulated decisions outside trick play (bots/expert_bidding.py) against its
standard ones: duplicate boards, the same expert otherwise.

    nice -n 10 python bench/expert_bid_bench.py --boards 200 --pieces trump
    nice -n 10 python bench/expert_bid_bench.py --boards 200 --pieces bid --make-target 0.7
    nice -n 10 python bench/expert_bid_bench.py --variant three-hand --pieces bury --boards 150
    nice -n 10 python bench/expert_bid_bench.py --play standard --pieces bid --boards 1000   # quick screen
    nice -n 10 python bench/expert_bid_bench.py --table 200 --nodes 35000          # every seat one level
    nice -n 10 python bench/expert_bid_bench.py --table 200 --nodes 35000 --set decisions.NAME=VALUE
    nice -n 5 python bench/expert_bid_bench.py --hint-hold 8 --seed hint-hold    # the bid hint's time (`hint_hold`)

"sim" is `ExpertBot` with ``--pieces`` simulated (trump, pass, bury, bid, concede: comma
separated; "all"), "base" the same bot with none (every decision outside trick play the
standard bot's, as before this module).  Partnership: sim in seats 0 and 2; each for
self: sim in seat 0.  Every deal is played once per seating.  Trick play is the expert's
search at ``--nodes`` cards a decision (replays exactly) or ``--think`` seconds, or
(``--play standard``) the standard bot's for both, a quick screen of the decisions alone.
The simulated decisions get ``--sim-nodes`` (default 10 x ``--nodes``) under a node budget.

Prints sim's points per board with the 95% CI (x10 points), and each level's contracts,
make rate and average bid as bidder.

--table HANDS: the auctions of a table where every seat is the same bot, experts
against experts and standard against standard, each over the same whole games (plain
`simulate`: scores carried from hand to hand, so the game-end situations come up; the
same seed, hence the same first deals, the later ones moving with the scores).  The
expert is shipped's at --nodes a decision, its simulated decisions at --nodes too (as
the app's budget gives both), with --set's ``decisions.NAME=VALUE`` on its
`SimDecisions`.  Per level (`table_figures`): the contracts per bid level (250, 260-290,
300-340, 350-390, 400 up), made, set and thrown in (§8.3), the mean winning bid with
its 95% CI, the contracts where both sides bid (contested) and those where the other
side stood within 250 of the target, each with its own figures.  With
``decisions.weigh_pass`` set, the bids that tried the pass beside the next bid: the bid's
mean less the pass's over their deals and the share whose raise the pass dropped.

Measured (--table 300 --nodes 20000 --seed table-a, the 2-core box shared with other
benchmarks, nice -n 10; x10 points, 95% CI), before ``weigh_pass`` was on: expert in every
seat 300 contracts, made 85.0%, set 15, thrown in 30, mean winning bid 322.2 (317.5 ..
327.0); by band 250: 7; 260-290: 73, made 90.4%; 300-340: 142, made 83.8%, thrown in 20;
350-390: 61, made 80.3%, set 6, thrown in 6; 400 up: 17, made 82.4%; both sides bid in
285 auctions; the other side within 250 of the target at 25 contracts, mean bid 330.0.
Standard in every seat: made 84.7%, set 26, thrown in 20, mean winning bid 289.0 (285.0
.. 292.9); 250: 46; 260-290: 146; 300-340: 88; 350-390: 16; 400 up: 4; both sides bid in
237; near the end 28 contracts, mean bid 300.7.  The reading, and the A/B of
``weigh_pass``: `bots.expert_bidding`.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots
from bots.expert import ExpertBot
from pinochle_tui.simulate import Moments, simulate
from rules import load_variants


class _StdPlay(ExpertBot):
    """The expert with the standard bot's trick play (the screen of ``--play standard``)."""

    def play(self, view, legal, rng):  # type: ignore[no-untyped-def]
        return self._standard.act(view, legal, rng)


def make(pieces: frozenset[str], a: argparse.Namespace, make_target: float | None):  # type: ignore[no-untyped-def]
    cls = _StdPlay if a.play == "standard" else ExpertBot
    think = None if a.nodes else a.think

    def factory():  # type: ignore[no-untyped-def]
        bot = cls(think=think, nodes=a.nodes or None)
        d = bot.decisions
        d.pieces = pieces
        if a.nodes:
            d.nodes = a.sim_nodes or 10 * a.nodes
        if make_target is not None:
            d.make_target = make_target
        if a.deals_weight is not None:
            d.deals_weight = a.deals_weight
        if a.sim_confidence is not None:
            d.confidence = a.sim_confidence
        return bot

    return factory


BANDS = ((250, 250), (260, 290), (300, 340), (350, 390), (400, 10**6))


def _band(bid: int) -> str:
    lo, hi = next((lo, hi) for lo, hi in BANDS if lo <= bid <= hi) if bid >= BANDS[0][0] else (bid, bid)
    return f"{lo}" if lo == hi else f"{lo}+" if hi > 10**5 else f"{lo}-{hi}"


def _contract_rows(state) -> dict | None:  # type: ignore[no-untyped-def]
    """A finished round's contract as `table_figures` counts it; None without one."""
    r = state.result
    if r is None or r.bidder is None or r.contract is None or r.kind not in ("played", "conceded"):
        return None
    v = state.variant
    t = state.table
    mine = v.side_of[r.bidder]
    bs = r.sides[mine]
    others = [s for s in range(v.n_sides) if s != mine]
    bid_by = {v.side_of[s] for s, a in t.bids if a}
    need = min(t.target - t.scores[s] for s in others) if others else t.target
    return {
        "bid": r.contract,
        "thrown": r.kind == "conceded",
        "made": bool(bs.made) and r.kind == "played",
        "contested": len(bid_by) > 1,
        "near_end": need <= 250,
        "meld": bs.meld_shown,
        "change": bs.change - sum(r.sides[s].change for s in others) / max(1, len(others)),
    }


def table_rows(v, factory, hands: int, seed: str) -> list[dict]:  # type: ignore[no-untyped-def]
    """Every contract of ``hands`` hands of whole games with ``factory``'s bot in every
    seat (plain `simulate`, the scores carried), as `_contract_rows`."""
    from pinochle_tui import simulate as sim

    rows: list[dict] = []
    original = sim._Table._record

    def record(self, state, seed_, pre_pass):  # type: ignore[no-untyped-def]
        original(self, state, seed_, pre_pass)
        row = _contract_rows(state)
        if row is not None:
            rows.append(row)

    bots._FACTORIES["table"] = factory
    sim._Table._record = record  # type: ignore[method-assign]
    try:
        d = sim.simulate(v, ["table"] * v.players, hands=hands, seed=seed).to_json()
    finally:
        sim._Table._record = original  # type: ignore[method-assign]
    if d["illegal_actions"] or d["errors"]:
        print("  problems:", d["problems"][:2])
    return rows


def table_figures(rows: list[dict]) -> list[str]:
    """Lines of figures of `table_rows`: all contracts, per bid band, contested and near
    the game's end (the other side within 250 of the target)."""
    from pinochle_tui.simulate import Moments

    def line(name: str, sel: list[dict]) -> str:
        if not sel:
            return f"  {name:14s}    0"
        n = len(sel)
        made = sum(r["made"] for r in sel)
        thrown = sum(r["thrown"] for r in sel)
        bid, gain = Moments(), Moments()
        for r in sel:
            bid.add(r["bid"])
            gain.add(r["change"])
        m, lo, hi = bid.ci95() if n > 1 else (bid.ci95()[0], float("nan"), float("nan"))
        g = gain.ci95()[0]
        return (
            f"  {name:14s} {n:4d}  made {made / n:6.1%}  set {n - made - thrown:3d}  thrown in {thrown:3d}"
            f"  bid {m:5.1f} ({lo:.1f} .. {hi:.1f})  meld {sum(r['meld'] for r in sel) / n:5.1f}"
            f"  bidder's side less the other {g:+6.1f}"
        )

    out = [line("all", rows)]
    for lo, hi in BANDS:
        name = _band(lo)
        out.append(line(f"bid {name}", [r for r in rows if lo <= r["bid"] <= hi]))
    out.append(line("contested", [r for r in rows if r["contested"]]))
    out.append(line("uncontested", [r for r in rows if not r["contested"]]))
    out.append(line("near the end", [r for r in rows if r["near_end"]]))
    return out


def _settings(text: str) -> dict[str, object]:
    """``NAME=VALUE,...`` (numbers where they parse, ``none`` None)."""
    out: dict[str, object] = {}
    for item in filter(None, (x.strip() for x in text.split(","))):
        name, _, value = item.partition("=")
        x: object = value
        if value.lower() == "none":
            x = None
        else:
            with contextlib.suppress(ValueError):  # a word stays as it is
                x = float(value) if "." in value or "e" in value else int(value)
        out[name] = x
    return out


def _count_passes() -> dict[str, Moments]:
    """`SimDecisions.ceiling` wrapped: for every simulated bid that tried the pass beside
    the next bid (``weigh_pass``), the bid's mean less the pass's over its deals, and
    whether the raise was dropped for it."""
    from bots.expert_bidding import SimDecisions

    seen = {"bid less pass": Moments(), "raise dropped": Moments()}
    ceiling = SimDecisions.ceiling

    def counted(self, view, legal, rng):  # type: ignore[no-untyped-def]
        got = ceiling(self, view, legal, rng)
        t = self.last
        if t is not None and len(t.actions) > 1:
            seen["bid less pass"].add(t.mean(0) - t.mean(1))
            seen["raise dropped"].add(float(t.mean(1) - t.mean(0) > self.weigh_pass * t.error(1, 0)))
        return got

    SimDecisions.ceiling = counted  # type: ignore[method-assign]
    return seen


def table(a: argparse.Namespace) -> None:
    v = load_variants()[a.variant]
    options = _settings(a.set)
    passes = _count_passes()

    def expert():  # type: ignore[no-untyped-def]
        bot = ExpertBot(think=None, nodes=a.nodes, pool=False)
        for k, x in options.items():
            setattr(bot.decisions, k.removeprefix("decisions."), x)
        return bot

    levels = {"expert": expert, "standard": bots._FACTORIES["standard"]}
    for name in a.levels.split(","):
        t0 = time.perf_counter()
        rows = table_rows(v, levels[name], a.table, a.seed)
        print(
            f"{name} in every seat, {a.variant}, {a.table} hands, seed {a.seed!r}, {a.nodes} nodes {options or ''}"
            f"  ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
        for text in table_figures(rows):
            print(text, flush=True)
        for key, m in list(passes.items()):
            if m.n > 1:
                x, lo, hi = m.ci95()
                print(f"  {key}: {x:+.3f} ({lo:+.3f} .. {hi:+.3f}) over {m.n} bids that tried the pass")
            passes[key] = Moments()  # the next level's own


def hint_hold(rounds: int, think: float, seed: str) -> str:
    """``--hint-hold``: the bid hint's time at the table's think where the expert's limit
    tried the pass beside the next bid and held its raise, so the hint quotes the limit's
    own means (`ExpertBot._limit_means`) and plays no trial of its own: partnership deals
    (seeds ``seed``/0, /1, ...; the standard bot's auction) up to the first such decision
    of the expert's at ``think`` (a hint bot, ``explain_bids``), then that decision asked
    ``rounds`` times of a fresh hint bot, of one that plays a trial of its own there as the
    hint did before (its `_limit_means` off), and of a bot deciding alone, in turn first,
    in this process.  Medians and maxima; the hint's extra over the decision is what its
    figures cost.

    Measured (--hint-hold 9 --seed hint-hold, nice -n 5, load average 3.0 to 3.9 on the 2
    cores): deal hint-hold/11, the hint 0.971 s median (1.221 max: the rounds whose deals
    did not hold the raise, 3 of 9, play the trial), with a trial of its own as before
    1.217 s (1.221), the decision alone 0.971 s (0.978)."""
    import random
    import statistics

    from bots.expert_bidding import SimDecisions
    from rules import Phase, apply, legal_actions, new_round, observe

    v = load_variants()["partnership"]
    std = bots.make_bot("standard")
    spot = None
    for k in range(200):
        s = new_round(v, k % v.players, random.Random(f"{seed}/{k}"))
        rng = random.Random(f"{seed}/{k}")
        while spot is None and s.phase is Phase.AUCTION:
            legal, view = legal_actions(s), observe(s, s.to_act)
            if len(legal) > 1 and SimDecisions.opponent_holds(view):  # (only there is the pass tried)
                bot = ExpertBot(think=think, pool=False)
                bot.explain_bids = True
                bot.act(view, legal, random.Random(0))
                if bot.last_bid is not None and bot.last_bid.own:
                    spot = (k, view, legal)
            s = apply(s, std.act(view, legal, rng))
        if spot is not None:
            break
    if spot is None:
        return "no decision of a limit held by the pass in 200 deals"
    k, view, legal = spot
    times: dict[str, list[float]] = {"hint": [], "trial": [], "alone": []}
    own = 0
    for r in range(rounds):
        for how in list(times)[r % 3 :] + list(times)[: r % 3]:
            bot = ExpertBot(think=think, pool=False)
            bot.explain_bids = how != "alone"
            if how == "trial":  # (as the hint was: a trial of the bid and the pass over other deals)
                bot._limit_means = lambda tried, legal: None  # type: ignore[method-assign]
            t = time.perf_counter()
            bot.act(view, legal, random.Random(r))
            times[how].append(time.perf_counter() - t)
            own += how == "hint" and bot.last_bid is not None and bot.last_bid.own
    hint, trial, alone = times["hint"], times["trial"], times["alone"]
    return (
        f"partnership deal {seed}/{k}, the hint at a limit held by the pass, think {think} s, {rounds} rounds: "
        f"the hint {statistics.median(hint):.3f} s median ({max(hint):.3f} max; its limit's own means {own} of "
        f"{rounds}), with a trial of its own {statistics.median(trial):.3f} s ({max(trial):.3f}), "
        f"the decision alone {statistics.median(alone):.3f} s ({max(alone):.3f})"
    )


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="partnership")
    p.add_argument("--boards", type=int, default=100)
    p.add_argument("--pieces", default="all", help="comma separated: trump,pass,bury,bid,concede, or all")
    p.add_argument("--base-pieces", default="", help="the pieces base simulates (default none)")
    p.add_argument("--nodes", type=int, default=3000, help="expert nodes a decision (0: --think instead)")
    p.add_argument("--think", type=float, default=0.1)
    p.add_argument("--sim-nodes", type=int, default=0, help="nodes of a simulated decision (0: 10 x --nodes)")
    p.add_argument("--play", choices=("expert", "standard"), default="expert")
    p.add_argument("--make-target", type=float, default=None)
    p.add_argument("--base-make-target", type=float, default=None, help="base's make_target (with --base-pieces bid)")
    p.add_argument("--deals-weight", type=float, default=None)
    p.add_argument("--sim-confidence", type=float, default=None)
    p.add_argument("--seed", default="bid-ab")
    p.add_argument("--table", type=int, default=0, metavar="HANDS", help="every seat one level, whole games")
    p.add_argument("--levels", default="expert,standard", help="the levels of --table, comma separated")
    p.add_argument("--set", default="", help="with --table: decisions.NAME=VALUE,... for the expert")
    p.add_argument("--hint-hold", type=int, default=0, metavar="ROUNDS", help="time the bid hint at a held limit")
    p.add_argument("--hint-think", type=float, default=1.0, help="the hint's think with --hint-hold (the table's)")
    a = p.parse_args(argv)
    if a.hint_hold:
        print(hint_hold(a.hint_hold, a.hint_think, a.seed))
        return
    if a.table:
        table(a)
        return
    every = "trump,pass,bury,bid,concede"
    pieces = frozenset(x for x in (every if a.pieces == "all" else a.pieces).split(",") if x)
    base = frozenset(x for x in (every if a.base_pieces == "all" else a.base_pieces).split(",") if x)
    bots._FACTORIES["sim"] = make(pieces, a, a.make_target)
    bots._FACTORIES["base"] = make(base, a, a.base_make_target)
    v = load_variants()[a.variant]
    n = v.players
    seats = ["sim", "base"] * 2 if v.sides == "pairs_opposite" and n == 4 else ["sim"] + ["base"] * (n - 1)
    tables = v.n_sides if v.sides == "pairs_opposite" else n
    t0 = time.perf_counter()
    d = simulate(v, seats, hands=a.boards * tables, seed=a.seed, duplicate=True).to_json()
    lo, hi = d["ci95"] or (float("nan"), float("nan"))  # (null from one board: no interval)
    budget = f"{a.nodes} nodes" if a.nodes else f"{a.think} s"
    print(
        f"{a.variant}, pieces {sorted(pieces)} vs {sorted(base)}, play {a.play} at {budget}: "
        f"{d['boards']} boards, {d['points_per_board']:+.1f} a board (95% CI {lo:+.1f} .. {hi:+.1f})"
        f"  ({time.perf_counter() - t0:.0f} s)"
    )
    for level, b in d["bidders"].items():
        print(
            f"  {level:5s} as bidder: {b['contracts']} contracts, made {b['make_rate']}, "
            f"avg bid {b['avg_bid']}, thrown in {b.get('concessions')}"
        )
    print(f"  illegal {d['illegal_actions']}, errors {d['errors']} {d['problems'][:2]}")


if __name__ == "__main__":
    main()
