"""What the expert's two-hand stock search sees at its plays while the stock lasts
(`bots.search.stock`, RULES.md §2.7, §6.4): every action's value on every sampled deal,
and the pick a small budget makes against the pick of a large one; and two duplicate A/Bs
of changes to the play: the play-out policy keeping the trump run, and no side ace led.

    nice -n 5 python bench/stock_playout_probe.py --hands 16 --deals 400     # the picks by budget
    nice -n 5 python bench/stock_playout_probe.py --run-keep 30              # the play-out keeping the run
    nice -n 5 python bench/stock_playout_probe.py --policy-ab 800 --run-keep 30   # as standard's, vs standard
    nice -n 5 python bench/stock_playout_probe.py --versus 200 --nodes 35000 --no-side-ace
    nice -n 5 python bench/stock_playout_probe.py --versus 200 --nodes 35000 --run-keep 30

Positions: every third play of the stock phase with two legal cards or more in ``--hands``
hands of standard self-play dealt from ``--seed``/i.  At each, ``--deals`` deals of the
cards the seat cannot see (`StockDeals`, its own rng) and every legal action played out
on each by the search's own play-out (`_PlayOut.value`: the stock policy in both seats,
then phase 2).  For a budget of K deals, K of them drawn at random (``--trials`` draws a
position) decide as the expert does (the best mean, standard's action kept within
``confidence`` standard errors of the difference: 0, 1 the default, 2) and the pick is
judged by the means over the other deals, held out.  Per K and confidence: the regret
(the best held-out mean less the pick's, x10 points a decision), how often the pick is
not standard's, the share of leads that lead a side ace (an ace not of trump: phase 1
allows any card), the shares of follows that shed an ace or a 10, or a king (a card
that loses the trick while a card that wins it or a 9 is legal).  Then the positions
where the best mean over all the deals is a side-ace lead, with its margin over the best
other card and the cards the opponent's policy answered it with.

``--run-keep R``: the play-out's policy keeps a trump of the run (A 10 K Q J of trump,
§5.1) R times the share of the run's faces the seat holds, while it does not hold all
five (`RunKeepPolicy`; the standard bot's policy has no such term, so its keep values see
only the meld of the cards held, not the run the stock may complete).
``--policy-ab BOARDS``: the standard bot with that policy against the standard bot,
duplicate boards (each deal once per seating).  ``--versus BOARDS``: the expert at
``--nodes`` (no clock: it replays) with the change (``--run-keep`` its play-out's policy,
``--no-side-ace`` never a side ace led while the stock lasts unless every legal card is
one) against the expert as shipped, duplicate, a line a board.  Prints figures, asserts
nothing.

Measured (two-hand, a 2-core box shared with other sessions, load 6 to 9):

* the picks by budget (--hands 3 --deals 400, 24 positions, 12 of them leads; the default
  16 hands were left for the machine), confidence 0 / 1 / 2: side aces led 12 / 8 / 1% of
  the leads at 6 deals, 20 / 15 / 5% at 40, 20 / 20 / 13% at 100, 25% (3 of 12) at all
  400: the more deals, the more often the search's best lead is a side ace; the three best
  over 400 deals by +0.3, +10.3 and +14.4 over the best other card, the opponent's policy
  trumping them with the J, the K or the ace of trump (JD 235, KD 100, AD 62 of 400), the
  J or the 10 (JS 254, TS 93) and the J or the 10 (JD 146, TD 125), seldom the 9.  An ace
  or a 10 shed: 1.3% of the follows at 6 deals and confidence 0, 0.8% at 15, none from 40
  deals or at confidence 1 or more (a king shed: 17% at 400).  Regret a decision: 9.5 /
  11.1 / 13.3 at 6 deals, 4.0 / 4.6 / 6.7 at 40, 2.2 / 2.4 / 4.9 at 100; standard's
  action 15.6;
* --policy-ab 800 --run-keep 15 --seed p1: +7.1 a board (95% CI +2.8 .. +11.4);
  --run-keep 30: +9.7 (+4.5 .. +14.9): as the standard bot's own policy the term wins;
* --versus 600 --nodes 35000 --run-keep 30 --seed exe35-rk30: -26.0 a board (95% CI
  -66.0 .. +14.0), stopped at 42 boards: as the search's play-out it shows no gain;
* --versus 600 --nodes 35000 --no-side-ace --seed exe35-ace: -3.0 a board (95% CI -22.7 ..
  +16.7), stopped at 214 boards: leading no side ace shows no gain either.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots
from bots.expert import ExpertBot
from bots.search import stock as stock_search
from bots.standard import StandardBot
from bots.two_hand import StockPolicy
from pinochle_tui.simulate import Moments, simulate
from rules import Phase, apply, legal_actions, load_variants, new_round, observe
from rules.cards import CARDS
from rules.play import beats

BUDGETS = (6, 15, 40, 100)
CONFIDENCES = (0.0, 1.0, 2.0)


class RunKeepPolicy(StockPolicy):
    """The standard stock policy, and in phase 1 a trump of the run (A 10 K Q J of trump)
    kept ``run_keep`` times the share of the run's five faces held (hand and table)
    while the seat does not hold all five."""

    def __init__(self, run_keep: float) -> None:
        super().__init__()
        self.run_keep = run_keep

    def _keep_values(self, v: Any, t: int, hand: Any, laid: Any) -> dict[tuple[int, bool], float]:  # type: ignore[override]
        out = StockPolicy._keep_values(v, t, hand, laid)
        held = {*hand, *(c[0] for c in laid)}
        k = sum(1 for f in range(t * 6, t * 6 + 5) if f in held)
        if k < 5:
            for key in out:
                if key[0] // 6 == t and key[0] % 6 < 5:
                    out[key] += self.run_keep * k / 5
        return out


def _side_ace(card: int, trump: int) -> bool:
    return card % 6 == 0 and card // 6 != trump


def _shed(card: int, lead: int, trump: int, legal_cards: list[int]) -> int:
    """A follow that loses the trick with a counter while a card that wins it or a 9 is
    legal: 2 an ace or a 10 (11 and 10 points), 1 a king (4), else 0."""
    if beats(card, lead, trump) or card % 6 > 2:
        return 0
    if not any(beats(c, lead, trump) or c % 6 == 5 for c in legal_cards):
        return 0
    return 1 if card % 6 == 2 else 2


def positions(v: Any, hands: int, seed: str) -> list[tuple[Any, list[Any]]]:
    """Every third play of the stock phase with a choice, in standard self-play."""
    out = []
    for i in range(hands):
        seats = [StandardBot() for _ in range(v.players)]
        rng = random.Random(f"{seed}/{i}")
        s = new_round(v, i % v.players, rng)
        found = []
        while s.phase is not Phase.DONE:
            view = observe(s, s.to_act)
            legal = legal_actions(s)
            if len(legal) > 1 and s.phase is Phase.TRICKS and s.stock_open:
                found.append((view, legal))
            s = apply(s, seats[s.to_act].act(view, legal, rng))
        out += found[::3]
    return out


def matrix(view: Any, legal: list[Any], deals: int, policy: Any, seed: str) -> dict[str, Any]:
    """Every action's value on each of ``deals`` sampled deals, and the opponent's answer
    to each lead (the second card of the trick) in each play-out."""
    sampler = stock_search.StockDeals(view)
    play = stock_search._PlayOut(view, policy, stock_search.DEFAULT_STOCK_HORIZON[2])
    rng = random.Random(seed)
    rows, answers = [], [Counter[int]() for _ in legal]
    for _ in range(deals):
        root = stock_search.rebuild(view, legal, *sampler.sample(rng))
        row = []
        for i, a in enumerate(legal):
            row.append(play.value(root, a))
            if not view.trick:
                after = play.stock_phase(apply(root, a))
                k = len(root.tricks)
                if len(after.tricks) > k:
                    answers[i][int(after.tricks[k][1][1])] += 1
        rows.append(row)
    std = StandardBot().act(view, legal, random.Random(0))
    return {"rows": rows, "std": legal.index(std), "answers": answers}


def decide(rows: list[list[float]], std: int, confidence: float) -> int:
    """The expert's pick from these deals (`ExpertBot._chosen`)."""
    n, k = len(rows), len(rows[0])
    means = [sum(r[i] for r in rows) / n for i in range(k)]
    top = max(means)
    best = [i for i in range(k) if means[i] >= top - 1e-9]
    if std in best:
        return std
    i = best[0]
    d = means[i] - means[std]
    if n < 2:
        return i if confidence <= 0 else std
    var = max(0.0, sum((r[i] - r[std]) ** 2 for r in rows) / n - d * d) * n / (n - 1)
    return i if d > confidence * math.sqrt(var / n) else std


def picks(v: Any, args: argparse.Namespace) -> None:
    policy = RunKeepPolicy(args.run_keep) if args.run_keep else StockPolicy()
    got = []
    t0 = time.perf_counter()
    for j, (view, legal) in enumerate(positions(v, args.hands, args.seed)):
        m = matrix(view, legal, args.deals, policy, f"{args.seed}/deals/{j}")
        got.append((view, legal, m))
        print(
            f"  position {j + 1}: {len(legal)} actions, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True
        )
    rng = random.Random(args.seed)
    print(f"{len(got)} positions, {args.deals} deals each, run_keep {args.run_keep:g}")
    for budget in [*(k for k in BUDGETS if k < args.deals), args.deals]:
        for conf in CONFIDENCES:
            regret, off, aces, leads, sheds, kings, follows = [], 0, 0, 0, 0, 0, 0
            for view, legal, m in got:
                rows, t = m["rows"], view.trump.index
                cards = [int(a.card) for a in legal]
                for _ in range(args.trials if budget < args.deals else 1):
                    order = list(range(len(rows)))
                    rng.shuffle(order)
                    mine = [rows[x] for x in order[:budget]]
                    held = [rows[x] for x in order[budget:]] or rows
                    a = decide(mine, m["std"], conf)
                    ref = [sum(r[i] for r in held) / len(held) for i in range(len(legal))]
                    regret.append(max(ref) - ref[a])
                    off += a != m["std"]
                    if view.trick:
                        follows += 1
                        shed = _shed(cards[a], int(view.trick[0][1]), t, cards)
                        sheds += shed == 2
                        kings += shed == 1
                    else:
                        leads += 1
                        aces += _side_ace(cards[a], t)
            print(
                f"  {budget:4d} deals, confidence {conf:g}: regret {statistics.mean(regret):5.1f}"
                f"  not standard's {off / len(regret):.2f}  side aces led {aces / max(1, leads):.3f}"
                f"  A or 10 shed {sheds / max(1, follows):.3f}  K shed {kings / max(1, follows):.3f}"
            )
    std_regret = []
    for view, legal, m in got:
        rows = m["rows"]
        means = [sum(r[i] for r in rows) / len(rows) for i in range(len(legal))]
        std_regret.append(max(means) - means[m["std"]])
        best = max(range(len(legal)), key=lambda i: means[i])
        t = view.trump.index
        if not view.trick and _side_ace(int(legal[best].card), t):
            other = max((i for i in range(len(legal)) if not _side_ace(int(legal[i].card), t)), default=None)
            margin = f"{means[best] - means[other]:+.1f} over {CARDS[legal[other].card]}" if other is not None else ""
            answers = ", ".join(f"{CARDS[c]} {n}" for c, n in m["answers"][best].most_common(4))
            print(
                f"  best lead {CARDS[legal[best].card]} at trick {len(view.tricks) + 1}: {margin}; answered {answers}"
            )
    print(f"  standard's action: regret {statistics.mean(std_regret):.1f} a decision (all the deals)")
    if args.dump:
        with open(args.dump, "w") as f:
            for _, legal, m in got:
                f.write(json.dumps({"cards": [int(a.card) for a in legal], "std": m["std"], "rows": m["rows"]}) + "\n")


def policy_ab(v: Any, boards: int, run_keep: float, seed: str) -> None:
    def changed() -> StandardBot:
        bot = StandardBot()
        bot._stock = RunKeepPolicy(run_keep)
        return bot

    bots._FACTORIES["standard-b"] = changed
    stat = Moments()
    for i in range(boards):
        d = simulate(v, ["standard-b", "standard"], hands=2, seed=f"{seed}/{i}", duplicate=True).to_json()
        stat.add(d["points_per_board"])
    m, lo, hi = stat.ci95()
    words = f"standard with run_keep {run_keep:g} against standard: {m:+.1f} a board"
    print(f"{words} (95% CI {lo:+.1f} .. {hi:+.1f}), {stat.n} boards")


class _Changed(ExpertBot):
    """The expert with one change of the bench (see the module)."""

    no_side_ace = False
    policy: Any = None

    def stock_move(self, view: Any, legal: Any, rng: random.Random) -> Any:
        if self.no_side_ace and view.phase is Phase.TRICKS and view.stock_open and not view.trick:
            t = view.trump.index
            kept = [a for a in legal if not _side_ace(int(a.card), t)]
            legal = kept or legal
        if self.policy is None:
            return super().stock_move(view, legal, rng)
        saved = dict(stock_search._POLICY)
        stock_search._POLICY[False] = self.policy  # the stock game's play-out policy, this search only
        try:
            return super().stock_move(view, legal, rng)
        finally:
            stock_search._POLICY.clear()
            stock_search._POLICY.update(saved)


def versus(v: Any, args: argparse.Namespace) -> None:
    def changed() -> ExpertBot:
        bot = _Changed(think=None, nodes=args.nodes, pool=False)
        bot.no_side_ace = args.no_side_ace
        bot.policy = RunKeepPolicy(args.run_keep) if args.run_keep else None
        return bot

    bots._FACTORIES["expert-a"] = changed
    bots._FACTORIES["expert-b"] = lambda: ExpertBot(think=None, nodes=args.nodes, pool=False)
    stat = Moments()
    t0 = time.perf_counter()
    for i in range(args.versus):
        d = simulate(v, ["expert-a", "expert-b"], hands=2, seed=f"{args.seed}/{i}", duplicate=True).to_json()
        if d["illegal_actions"] or d["errors"]:
            print("  problem:", d["problems"][:2])
        stat.add(d["points_per_board"])
        m, lo, hi = stat.ci95()
        print(
            f"board {i + 1:4d} {d['points_per_board']:+7.1f}  mean {m:+7.1f} ({lo:+.1f} .. {hi:+.1f})"
            f"  {time.perf_counter() - t0:6.0f} s",
            flush=True,
        )


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="two-hand")
    p.add_argument("--hands", type=int, default=16, help="hands of standard self-play for the positions")
    p.add_argument("--deals", type=int, default=400, help="deals a position")
    p.add_argument("--trials", type=int, default=20, help="draws of a budget's deals a position")
    p.add_argument("--seed", default="mx")
    p.add_argument("--run-keep", type=float, default=0.0, help="the play-out policy's keep of the trump run")
    p.add_argument("--dump", help="write each position's values to this file (JSON lines)")
    p.add_argument("--policy-ab", type=int, metavar="BOARDS", help="standard with --run-keep against standard")
    p.add_argument("--versus", type=int, metavar="BOARDS", help="the changed expert against the expert")
    p.add_argument("--nodes", type=int, default=35000, help="the experts' nodes a decision (--versus)")
    p.add_argument("--no-side-ace", action="store_true", help="--versus: never lead a side ace while the stock lasts")
    a = p.parse_args(argv)
    v = load_variants()[a.variant]
    if not (v.has_stock and v.two_hand):
        p.error(f"--variant must be a two-hand stock game, not {a.variant}")
    if a.policy_ab:
        policy_ab(v, a.policy_ab, a.run_keep, a.seed)
    elif a.versus:
        if not (a.no_side_ace or a.run_keep):
            p.error("--versus needs a change: --no-side-ace or --run-keep R")
        versus(v, a)
    else:
        picks(v, a)


if __name__ == "__main__":
    main()
