"""How fast the bots' moves come at the table: the wall time from each bot's turn to its
move on the board, in the real app (headless), with the table's bot delay.

    nice -n 5 python bench/bot_pace.py                         # six-hand, six experts, 40 moves
    nice -n 5 python bench/bot_pace.py --variant partnership --level standard --moves 30

A game of bots alone (``--level`` in every seat, the expert at its default think) runs on
the table screen at ``--bot-delay`` (the setting's default, 0.6 s) with no trick delay;
each move's time is from the move before it was applied (the bot's turn coming) to its
own.  Prints the median and 90th percentile of the auction's moves and of the play's
(the cards), and the moves counted; asserts nothing.

The table's pacing (`pinochle_tui.screens.turns`): a bot is asked for its move when its
turn comes, and the move is shown once the bot delay has passed since then, so a bot that
thinks longer than the delay (the expert's second a card) is not paused on top of it.

Measured (six-hand, six experts, 30 moves, nice -n 5 on the 2-core machine shared with
other work, load about 14; three runs each, paired with the pacing before it, where the
bot was asked only once the delay was over, by farm-bench A B A B): a card median 1.04,
1.00, 1.01 s against 1.60, 1.61, 1.61 s (p90 1.16, 1.01, 1.08 against 1.63, 1.66, 1.66);
a bid 0.63, 0.62, 0.65 s against 0.66, 0.63, 0.63 s (six-hand's bids are the standard
bot's, at once: the delay alone); the 30 moves' wall time 0.73 of the old (median of the
pairs' ratios).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.save import new_save_path
from rules import Play, load_variants


async def pace(variant: str, level: str, moves: int, bot_delay: float, seed: str) -> dict[str, list[float]]:
    """The seconds each of the first ``moves`` moves took, by kind ("auction", "play")."""
    v = load_variants()[variant]
    c = Controller(v, default_seats(v.people, [level] * v.people), seed=seed)
    app = PinochleApp(load_variants(), ctrl=c, save_path=new_save_path(), bot_delay=bot_delay, trick_delay=0)
    out: dict[str, list[float]] = {"auction": [], "play": []}
    last = [time.monotonic()]
    apply = c.apply

    def timed(action: Any) -> Any:
        now = time.monotonic()
        kind = "play" if isinstance(action, Play) else "auction"
        out[kind].append(now - last[0])
        last[0] = now
        return apply(action)

    c.apply = timed  # type: ignore[method-assign]
    async with app.run_test(size=(100, 32)) as pilot:
        last[0] = time.monotonic()
        while sum(map(len, out.values())) < moves:
            await pilot.pause(0.05)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="six-hand")
    ap.add_argument("--level", default="expert")
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--bot-delay", type=float, default=0.6)
    ap.add_argument("--seed", default="pace")
    a = ap.parse_args()
    out = asyncio.run(pace(a.variant, a.level, a.moves, a.bot_delay, a.seed))
    for kind, xs in out.items():
        if len(xs) > 1:
            xs = xs[1:] if kind == "auction" else xs  # (the first includes the table's start)
            p90 = statistics.quantiles(xs, n=10)[-1] if len(xs) >= 2 else xs[0]
            print(f"{kind}: {len(xs)} moves, median {statistics.median(xs):.2f} s, p90 {p90:.2f} s")
        else:
            print(f"{kind}: {len(xs)} moves")


if __name__ == "__main__":
    main()
