"""Speed of the two-hand endgame solver (bots/endgame.py; RULES.md §6.4): prints p50 /
p99 / max milliseconds of (a) the first, full twelve-trick solve of an endgame and
(b) each later decision of the same endgame asked of the same `EndgameSolver`.

    python bench/endgame_bench.py [--deals 200] [--head 1] [--points classic] [--blunders 0.0]

Each deal is a random 12 + 12 split of 24 random cards from the 48-card pack (two
copies of each face) with a random trump, seat 0 leading.  After the first solve the
endgame is played out to the last card, both seats asking the solver at every
decision and playing a random best card (``--blunders P``: a random legal card with
chance P, to leave the line the solver expected).  Deals come from a seeded RNG (the
same deals whatever ``--blunders``), so a run repeats; the machine's speed does not:
CPU time is printed too, being less moved by other load (never assert on either).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from bots.endgame import EndgameSolver
from rules.play import beats, legal_faces

PACK = [f for f in range(24) for _ in range(2)]  # the 48-card pack: two copies of each face
POINTS = {
    "classic": tuple((11, 10, 4, 3, 2, 0)[f % 6] for f in range(24)),
    "counters": tuple((10, 10, 10, 0, 0, 0)[f % 6] for f in range(24)),
}


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def _line(name: str, xs: list[float], unit: str = "ms") -> str:
    return (
        f"{name:<34} p50 {_pct(xs, 0.5):8.1f}  p99 {_pct(xs, 0.99):8.1f}  max {max(xs):8.1f} {unit}"
        f"  (mean {statistics.fmean(xs):.1f}, n={len(xs)})"
    )


def _ask(
    solver: EndgameSolver,
    hands: list[list[int]],
    leader: int,
    trick: tuple[int, ...],
    trump: int,
    args: argparse.Namespace,
) -> tuple[float, float, int, list[int]]:
    """One decision: (wall-clock milliseconds, CPU milliseconds, positions expanded, best faces)."""
    t0, c0 = time.perf_counter(), time.process_time()
    _, best = solver.solve((tuple(hands[0]), tuple(hands[1])), leader, trick, trump, args.head, args.points, args.bonus)
    return 1000 * (time.perf_counter() - t0), 1000 * (time.process_time() - c0), solver.nodes, best


def _endgame(
    rng: random.Random, play: random.Random, args: argparse.Namespace
) -> tuple[tuple[float, float, int, int], list[tuple[float, float, int]]]:
    """Deal one endgame from ``rng`` and play it out with ``play``: ((wall ms, CPU ms,
    nodes, stored positions) of the first decision, [(wall ms, CPU ms, nodes) of each
    later one])."""
    cards = rng.sample(PACK, 24)
    hands = [sorted(cards[:12]), sorted(cards[12:])]
    trump = rng.randrange(4)
    solver = EndgameSolver()
    leader = 0
    trick: tuple[int, ...] = ()
    gc.collect()
    ms, cpu, nodes, best = _ask(solver, hands, leader, trick, trump, args)
    first = (ms, cpu, nodes, solver.size)
    later: list[tuple[float, float, int]] = []
    while True:
        seat = leader if not trick else 1 - leader
        if play.random() < args.blunders:
            card = play.choice(legal_faces(hands[seat], trick, trump, args.head, False, False))
        else:
            card = play.choice(best)
        hands[seat].remove(card)
        if not trick:
            trick = (card,)
        else:
            if beats(card, trick[0], trump):
                leader = seat
            trick = ()
            if not hands[0]:
                return first, later
        ms, cpu, nodes, best = _ask(solver, hands, leader, trick, trump, args)
        later.append((ms, cpu, nodes))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--head", type=int, choices=(0, 1, 2), default=1, help="0 pre1945, 1 post1945, 2 none")
    ap.add_argument("--points", choices=sorted(POINTS), default="classic")
    ap.add_argument("--bonus", type=int, default=10)
    ap.add_argument("--blunders", type=float, default=0.0, help="chance a seat plays a random legal card")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    name = args.points
    args.points = POINTS[args.points]
    rng, play = random.Random(args.seed), random.Random(f"play-{args.seed}")
    runs = [_endgame(rng, play, args) for _ in range(args.deals)]
    first = [f for f, _ in runs]
    later = [x for _, xs in runs for x in xs]
    print(
        f"endgame solver: {args.deals} deals, head {args.head}, {name} points, bonus {args.bonus}, "
        f"blunders {args.blunders}, seed {args.seed}"
    )
    print(_line("(a) first 12-trick solve", [f[0] for f in first]))
    print(_line("(b) later decisions, same solver", [x[0] for x in later]))
    print(_line("    (a) in CPU time", [f[1] for f in first]))
    print(_line("    (b) in CPU time", [x[1] for x in later]))
    print(_line("    positions expanded, (a)", [f[2] for f in first], "nodes"))
    print(_line("    positions expanded, (b)", [x[2] for x in later], "nodes"))
    print(_line("    positions stored after (a)", [f[3] for f in first], "entries"))


if __name__ == "__main__":
    main()
