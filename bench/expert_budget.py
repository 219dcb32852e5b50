"""Where the expert's search budget goes, and why more of it stops paying (one core, nodes).

    nice -n 19 python bench/expert_budget.py --positions 60 --budgets 2000 20000 200000
    nice -n 19 python bench/expert_budget.py --positions 40 --fusion 5

At trick-play positions of standard self-play (partnership unless --variant; two legal
cards or more), the expert (in process, node budget, no clock) searches each position at
every budget of --budgets; per budget it prints:

* deals searched a decision, nodes a deal and seconds a decision (median and mean), the
  share of the nodes in play-outs and in the exact solver of the last tricks;
* distinct deals: the share of a decision's sampled deals that differ from every other
  one it sampled (late in a hand the unseen cards have few layouts: more budget only
  re-samples them);
* how often the card differs from standard's, and from the card of the largest budget
  (the search converging: the same card whatever more deals are added).

--fusion K: at positions with at most K cards a hand (the exact solver's reach), on each
sampled deal every card is valued twice, by `Engine.rollout` (the play-out policy) and
by `Engine.solve` (exact play, every hand seen): how often the policy's best card on the
deal is not the solver's, the mean loss (solver value of the solver's card less the
policy's card's), and the bias of the per-card mean over the deals; and, over the deals
together, how often the card with the best solver mean is not the card that is best on
the real deal (strategy fusion and sampling together: deciding as if the hidden cards
were known).  Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots
from bots.expert import ExpertBot, _classes
from bots.search import DealSampler, Engine, HandValue
from rules import Phase, apply, legal_actions, load_variants, new_round, observe


def positions(v, count: int, seed: str, most_cards: int | None = None) -> list:
    """Trick-play states of standard self-play with two legal cards or more (and at most
    ``most_cards`` cards in the hand of the seat to play), shuffled."""
    std = [bots.make_bot("standard") for _ in range(v.players)]
    out = []
    i = 0
    while len(out) < count * 4 and i < count * 20:
        rng = random.Random(f"{seed}/{i}")
        s = new_round(v, i % v.players, rng)
        while s.phase is not Phase.DONE:
            if (
                s.phase is Phase.TRICKS
                and len(legal_actions(s)) >= 2
                and (most_cards is None or len(s.hands[s.to_act]) <= most_cards)
            ):
                out.append(s)
            s = apply(s, std[s.to_act].act(observe(s, s.to_act), legal_actions(s), rng))
        i += 1
    random.Random(seed).shuffle(out)
    return out[:count]


def budget_series(v, spots: list, budgets: list[int]) -> None:
    std = bots.make_bot("standard")
    chosen: dict[int, list] = {b: [] for b in budgets}
    for b in budgets:
        deals, secs, per_deal, distinct = [], [], [], []
        moved = 0
        for i, s in enumerate(spots):
            view, legal = observe(s, s.to_act), legal_actions(s)
            bot = ExpertBot(think=None, nodes=b, pool=False)
            rng = random.Random(f"pick{i}")
            pref = std.act(view, legal, random.Random(f"pick{i}"))
            t0 = time.perf_counter()
            a = bot.act(view, legal, rng)
            secs.append(time.perf_counter() - t0)
            chosen[b].append(a)
            moved += a != pref
            an = bot.last
            if an is None or not an.deals:
                continue
            deals.append(an.deals)
            per_deal.append(an.nodes / an.deals)
            # distinct deals: re-sample as the search did (same rng stream is not needed:
            # the share of distinct layouts among as many draws)
            sampler = DealSampler(view)
            r = random.Random(f"distinct{i}")
            seen = set()
            for _ in range(an.deals):
                seen.add(tuple(tuple(sorted(h)) for h in sampler.sample(r)[: sampler.pile]))
            distinct.append(len(seen) / an.deals)
        print(f"budget {b:>8,} nodes: {len(spots)} positions, {len(deals)} searched")
        if deals:
            print(
                f"  deals a decision median {statistics.median(deals):7.1f} mean {statistics.mean(deals):7.1f};"
                f" nodes a deal median {statistics.median(per_deal):6.1f}"
            )
            print(
                f"  seconds a decision median {statistics.median(secs):.3f} mean {statistics.mean(secs):.3f};"
                f" distinct deals {statistics.mean(distinct):.1%} of those sampled (mean a decision)"
            )
        print(f"  another card than standard's: {moved}/{len(spots)}")
    top = budgets[-1]
    for b in budgets[:-1]:
        same = sum(x == y for x, y in zip(chosen[b], chosen[top]))
        print(f"  {b:,} nodes: the card of {top:,} nodes in {same}/{len(spots)}")


def _values(hands, e, leader, trick, tricks, points, won, cards, side, leaf) -> tuple[list[float], list[float]]:
    """Per card of ``cards`` its value on the deal ``hands`` by the play-out policy and by
    exact play (`Engine.rollout`, `Engine.solve`)."""
    e.setup(hands, leader, trick, tricks, points, won)
    snap = e.snapshot()
    pol, ex = [], []
    for c in cards:
        e.restore(snap)
        e.play(c)
        ex.append(e.solve(side, leaf, -math.inf, math.inf))
        e.restore(snap)
        e.play(c)
        e.rollout()
        pol.append(leaf(e))
    return pol, ex


def fusion(v, spots: list, deals: int) -> None:
    """Play-out policy against exact play on the same sampled deals (see the module)."""
    n = v.players
    differ = 0
    losses = []
    bias = []
    fused_wrong = 0
    fused_loss = []
    count = 0
    for i, s in enumerate(spots):
        me = s.to_act
        view = observe(s, me)
        legal = legal_actions(s)
        sampler = DealSampler(view)
        cards, _ = _classes([int(a.card) for a in legal], view, sampler, v.card_points)
        if len(cards) < 2:
            continue
        score = HandValue(view)
        side = v.side_of[me]
        e = Engine(n, s.table.trump, v.play_flags, v.card_points, v.last_trick_bonus, v.side_of)
        cp = v.card_points
        points, won = [0] * n, [0] * n
        for _, tcards, winner in view.tricks:
            points[winner] += sum(cp[c] for c in tcards)
            won[winner] += 1
        trick = [int(c) for _, c in view.trick]
        buried = sum(cp[c] for c in view.buried) if view.bidder == me else 0

        def leaf(x: Engine, score=score, buried=buried) -> float:
            return score.value(x.points, x.won, buried)

        at = (e, view.leader, trick, len(view.tricks), points, won, cards, side, leaf)

        def values(hands, at=at):
            return _values(hands, *at)

        # the real deal: the card exact play says is best
        _, real = values([list(h) for h in s.hands])
        rng = random.Random(f"fusion{i}")
        sums_ex = [0.0] * len(cards)
        sums_pol = [0.0] * len(cards)
        hands: list[list[int]] = [[] for _ in range(n)]
        hands[me] = [int(c) for c in view.hand]
        for _ in range(deals):
            d = sampler.sample(rng)
            for k, seat in enumerate(sampler.others):
                hands[seat] = d[k]
            pol, ex = values(hands)
            bp = max(range(len(cards)), key=pol.__getitem__)
            be = max(range(len(cards)), key=ex.__getitem__)
            differ += ex[bp] < ex[be] - 1e-9
            losses.append(ex[be] - ex[bp])
            for k in range(len(cards)):
                sums_ex[k] += ex[k]
                sums_pol[k] += pol[k]
                bias.append(pol[k] - ex[k])
        fused = max(range(len(cards)), key=sums_ex.__getitem__)
        fused_wrong += real[fused] < max(real) - 1e-9
        fused_loss.append(max(real) - real[fused])
        count += 1
    k = len(losses)
    print(f"fusion: {count} positions, {k} sampled deals, {len(cards) if count else 0}+ cards each")
    if k:
        print(f"  policy's best card is not exact play's on the deal: {differ}/{k} ({differ / k:.1%});")
        print(
            f"  loss a deal {statistics.mean(losses):+.1f} (x10), policy less exact a card {statistics.mean(bias):+.1f}"
        )
        print(
            f"  exact means over the sampled deals pick a card worse on the real deal: {fused_wrong}/{count}"
            f" ({fused_wrong / max(1, count):.1%}), mean loss {statistics.mean(fused_loss):.1f}"
        )


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="partnership")
    p.add_argument("--positions", type=int, default=60)
    p.add_argument("--budgets", type=int, nargs="+", default=[2000, 20000, 200000])
    p.add_argument("--fusion", type=int, default=0, metavar="K", help="cards a hand at most (0: no fusion figures)")
    p.add_argument("--deals", type=int, default=30, help="sampled deals a position for --fusion")
    p.add_argument("--seed", default="budget")
    a = p.parse_args(argv)
    v = load_variants()[a.variant]
    if a.fusion:
        fusion(v, positions(v, a.positions, a.seed, a.fusion), a.deals)
    else:
        budget_series(v, positions(v, a.positions, a.seed), a.budgets)


if __name__ == "__main__":
    main()
