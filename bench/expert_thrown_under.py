"""A sure trump (or, in cutthroat, a side-suit master) thrown under a trick another side
takes, where a lower card of its suit loses it too.

    nice -n 5 python bench/expert_thrown_under.py --variant cutthroat --seconds 1200
    nice -n 5 python bench/expert_thrown_under.py --variant three-hand --base 8e0a815 --seconds 1000
    nice -n 5 python bench/expert_thrown_under.py --variant cutthroat --suit side --base d46e35d --seconds 2100

Standard self-play deals (deal i by ``random.Random(f"{seed}/{i}")``, dealer i mod the
players) until ``--seconds`` have passed; at every follow with a choice where
`bots.expert._thrown_under` holds a legal card back (see there: a trump whose later
trick is sure, under a trick that goes to another side, beside a lower trump that loses
it too), the expert at ``--nodes`` picks a card, and so does the standard bot.  Prints
per 1,000 follows how often each played a card held back, and how often it was a copy
of the card that holds the trick (the second ace under the first), on a trump lead or
not.  --suit trump or side: only the follows where a card of that kind (a trump, a
card of a suit not trump) is held back.

--base REV: the expert of git revision REV's bots package (unpacked as ``bots_base``, as
bench/expert_bench.py --base does) picks beside this tree's; where the two cards differ
both are played on the real deal and the hand finished by standard bots (``--finishes``
rngs, the same for both cards), and the seat's value (its change less the mean of the
others', x10, as the expert values a hand) this tree's less the base's is one sample:
printed with its 95% CI per changed decision and per follow, and again split by whether
a seat of another side was proven void in the base's card's suit (`bots.knowledge.scan`).
The figures are in `bots.expert._thrown_under`'s docstring (at a6e40b1 a --leads
flag measured the like rule at a lead the same way, also there).  One decision then
standard: far less noise than whole boards, but judged by a standard continuation, not
the expert's own.

Prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from expert_bench import _unpack_base

import bots
from bots.expert import ExpertBot, _thrown_under
from bots.knowledge import scan, trick_memo
from rules import Phase, apply, legal_actions, load_variants, new_round, observe
from rules.play import trick_winner


def _finish(state, action, std, seed: str, seat: int) -> float:
    """The seat's value when ``action`` is played and standard bots finish the hand."""
    r = random.Random(seed)
    x = apply(state, action)
    while x.phase is not Phase.DONE:
        x = apply(x, std.act(observe(x, x.to_act), legal_actions(x), r))
    ch = x.result.changes
    side = state.variant.side_of[seat]
    return ch[side] - (sum(ch) - ch[side]) / max(1, len(ch) - 1)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="cutthroat")
    p.add_argument("--nodes", type=int, default=35000, help="expert nodes per decision")
    p.add_argument("--seconds", type=float, default=600.0, help="deals until this much time has passed")
    p.add_argument("--seed", default="thrown-under")
    p.add_argument("--base", metavar="REV", help="the expert of this git revision beside this tree's")
    p.add_argument("--finishes", type=int, default=4, help="standard finishes per changed decision (--base)")
    p.add_argument(
        "--suit",
        choices=("any", "trump", "side"),
        default="any",
        help="only follows where a card of this kind is held back (side: a suit not trump)",
    )
    a = p.parse_args(argv)
    v = load_variants()[a.variant]
    kinds: dict[str, type] = {"this": ExpertBot}
    if a.base:
        sys.path.insert(0, _unpack_base(a.base))
        kinds["base"] = importlib.import_module("bots_base.expert").ExpertBot
    std = bots.make_bot("standard")
    follows = spots = 0
    thrown = {k: [0, 0, 0] for k in (*kinds, "standard")}  # such a card, a copy of the winner, that on a trump lead
    diffs: list[float] = []
    proven: list[bool] = []  # per changed decision: a seat of another side is proven void in the card's suit
    t0 = time.perf_counter()
    i = 0
    while time.perf_counter() - t0 < a.seconds:
        rng = random.Random(f"{a.seed}/{i}")
        s = new_round(v, i % v.players, rng)
        while s.phase is not Phase.DONE:
            legal = legal_actions(s)
            if s.phase is Phase.TRICKS and s.trick and len(legal) >= 2:
                follows += 1
                seat = s.to_act
                view = observe(s, seat)
                faces = [int(x.card) for x in legal]
                t = s.table.trump
                held = [
                    h if a.suit == "any" or (faces[j] // 6 == t) == (a.suit == "trump") else -1
                    for j, h in enumerate(_thrown_under(faces, view))
                ]
                if any(h >= 0 for h in held):
                    spots += 1
                    cards = [int(c) for c in s.trick]
                    w = cards[trick_winner(cards, t)]
                    picks = {
                        k: kind(think=None, nodes=a.nodes, pool=False).act(
                            view, legal, random.Random(f"{a.seed}/pick{i}/{len(s.tricks)}")
                        )
                        for k, kind in kinds.items()
                    }
                    picks["standard"] = std.act(view, legal, random.Random(0))
                    for k, x in picks.items():
                        f = int(x.card)
                        if held[faces.index(f)] >= 0:
                            thrown[k][0] += 1
                            if f == w:
                                thrown[k][1] += 1
                                thrown[k][2] += cards[0] // 6 == t
                    if "base" in picks and picks["base"] != picks["this"]:
                        d = 0.0
                        for j in range(a.finishes):
                            seed = f"{a.seed}/finish{i}/{len(s.tricks)}/{j}"
                            d += _finish(s, picks["this"], std, seed, seat) - _finish(s, picks["base"], std, seed, seat)
                        diffs.append(d / a.finishes)
                        void = scan(view, trick_memo(view))[1]
                        sides = v.side_of
                        u = int(picks["base"].card) // 6
                        proven.append(any(sides[o] != sides[seat] and void[o] >> u & 1 for o in range(v.players)))
            s = apply(s, std.act(observe(s, s.to_act), legal, rng))
        i += 1
    k = 1000 / max(1, follows)
    print(
        f"{a.variant}, expert at {a.nodes} nodes, {i} deals, {follows} follows with a choice,"
        f" {spots} with a card held back"
    )
    for name, (n, copy, trump) in thrown.items():
        print(
            f"  {name:8s} played one {n} ({n * k:.1f} per 1,000 follows); a copy of the card holding the trick"
            f" {copy} ({copy * k:.1f}), {trump} of them on a trump lead ({trump * k:.1f})"
        )
    if a.base:
        for label, sel in (
            ("", diffs),
            (" where no other side is proven void in the suit", [d for d, p in zip(diffs, proven) if not p]),
            (" where one is", [d for d, p in zip(diffs, proven) if p]),
        ):
            n = len(sel)
            m = sum(sel) / max(1, n)
            sd = math.sqrt(sum((x - m) ** 2 for x in sel) / (n - 1)) if n > 1 else math.nan
            h = 1.96 * sd / math.sqrt(n) if n > 1 else math.nan
            print(
                f"  this tree less {a.base}{label}: another card at {n} ({n * k:.1f} per 1,000 follows),"
                f" {m:+.1f} a changed decision (95% CI {m - h:+.1f} .. {m + h:+.1f}), {m * n * k / 1000:+.2f} a follow"
            )
    print(f"  ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
