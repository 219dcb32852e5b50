"""Rules engine speed on one core: prints score_meld calls/s, legal_plays calls/s and
random-play full hands/s (goals: >= 200,000 meld scorings/s, >= 2,000 hands/s).

    python bench/rules_bench.py [--variant partnership] [--seconds 3]

Inputs are made up front from a seeded RNG (distinct random hands, real mid-trick
positions), so the timed loops measure the engine, not the set-up.  "Full hands" are
played to the last trick: random legal actions, except that the bidder never throws
in at the meld decision (a throw-in would end the hand early).  The headline figure
plays the tricks with `Playout` (the in-place trick player that look-ahead uses; it
gives the same legal sets and the same result as `apply`); the second line plays
every card through `legal_actions`/`apply`, which builds a new `RoundState` per card.
The spread lines give the rate of each half-second window of those runs: this machine's
speed moves by a fifth or more from one moment to the next, so quote the spread with the
figure (instruction counts under callgrind repeat exactly, when a stable measure is needed).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from rules import Phase, PlayOn, apply, legal_actions, legal_plays, load_variants, new_round, score_meld
from rules.actions import PLAY_ON
from rules.cards import make_deck
from rules.playout import Playout


def _rate(fn, items, seconds: float) -> float:  # type: ignore[no-untyped-def]
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for it in items:
            fn(it)
        n += len(items)
        now = time.perf_counter()
        if now >= end:
            return n / (now - start)


def _hands_rate(v, seconds: float, playout: bool) -> tuple[float, list[float]]:  # type: ignore[no-untyped-def]
    """Random full hands/s: the state machine deals, bids, names trump, passes and melds
    by random legal actions; the tricks are played by random legal cards, through
    `apply` (``playout=False``) or the `Playout` that look-ahead uses (same legal
    sets, same `HandResult`: tests/rules/test_playout.py).

    Returns the rate over the whole run and the rate of each window of about half a
    second (how much the machine's speed moved while it ran)."""
    rng = random.Random(7)
    rand = rng.random
    played = 0
    dealer = 0
    windows: list[float] = []
    start = window_start = time.perf_counter()
    window_played = 0
    end = start + seconds
    while (now := time.perf_counter()) < end:
        if now - window_start >= _WINDOW:
            windows.append((played - window_played) / (now - window_start))
            window_start, window_played = now, played
        for _ in range(50):
            s = new_round(v, dealer, rng)
            dealer = (dealer + 1) % v.players
            while s.phase is not Phase.DONE:
                if s.phase is Phase.MELD:
                    s = apply(s, PLAY_ON)
                    continue
                if playout and s.phase is Phase.TRICKS:
                    po = Playout(s)
                    while not po.done:
                        faces = po.legal()
                        po.play(faces[int(rand() * len(faces))])
                    s = po.state()
                    break
                la = legal_actions(s)
                s = apply(s, la[int(rand() * len(la))])
            played += s.result is not None and s.result.kind == "played"
    return played / (time.perf_counter() - start), windows


_WINDOW = 0.5  # seconds


def _spread(windows: list[float]) -> str:
    if not windows:
        return ""
    return (
        f"   half-second windows {min(windows):,.0f} to {max(windows):,.0f}, median {statistics.median(windows):,.0f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="partnership")
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    v = load_variants()[args.variant]
    rng = random.Random(2026)

    deck = make_deck(v.deck)
    hands = []
    for _ in range(2000):
        rng.shuffle(deck)
        hands.append((tuple(deck[: v.cards_per_hand]), rng.randrange(4)))
    meld_rate = _rate(lambda ht: score_meld(ht[0], ht[1], v), hands, args.seconds)

    # mid-trick positions from real random play
    positions = []
    while len(positions) < 2000:
        s = new_round(v, rng.randrange(v.players), rng)
        while s.phase is not Phase.DONE:
            if s.phase is Phase.TRICKS:
                positions.append((s.hands[s.to_act], s.trick, s.table.trump))
            la = legal_actions(s)
            s = apply(s, PlayOn() if s.phase is Phase.MELD else la[rng.randrange(len(la))])
    legal_rate = _rate(lambda p: legal_plays(p[0], p[1], p[2], v), positions[:2000], args.seconds)

    # the set-up data stays alive: keep it out of the cyclic GC's way in the timed loops
    gc.collect()
    gc.freeze()
    machine_rate, machine_windows = _hands_rate(v, args.seconds, playout=False)
    playout_rate, playout_windows = _hands_rate(v, args.seconds, playout=True)

    print(f"variant            {v.name}")
    print(f"score_meld         {meld_rate:12,.0f} calls/s   (target >= 200,000)")
    print(f"legal_plays        {legal_rate:12,.0f} calls/s")
    print(f"random full hands  {playout_rate:12,.0f} hands/s   (target >= 2,000; tricks played by Playout)")
    print(f"  all by apply     {machine_rate:12,.0f} hands/s   (every card through legal_actions/apply)")
    print(f"  spread: Playout{_spread(playout_windows)}")
    print(f"          apply  {_spread(machine_windows)}")


if __name__ == "__main__":
    main()
