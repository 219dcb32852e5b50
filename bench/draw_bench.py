"""The table's draw after each move, at the local eight-hand table (80x24): the figure the
remote seats' client shares, as it draws with the same code (`TableScreen._draw`).

    nice -n 15 python bench/draw_bench.py [--moves 300] [--seed 1]

The human South and seven random bots; the bench makes every move itself (each bot's own
choice, the South's the first legal action), outside the turn loop (its bots are paced
an hour apart: they never move on their own), then has the table draw it again
(`TableScreen.refresh_view`) and waits for the frame handed to the display.  Prints the
median and p95 of the ms from the move's draw asked to its frame, and the whole run's
seconds; run it under an A/B timer against the code before (``PYTHONPATH=/tmp/base``,
a worktree of it) for a ratio of whole processes.  Asserts nothing.

Measured against the code before the table redrew a move without a layout pass (--moves
200, five runs of each in turn, whole processes, load average 2.9 to 3.1 from other
sessions): CPU 3.60 s against 4.09 s, 0.86 x (wall 0.83 x); a move's draw asked to its
frame median 14.1 ms against 15.7 ms."""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # (the code of this checkout: a worktree of another runs its own)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


async def draws(moves: int, seed: Any) -> list[float]:
    os.environ["PINOCHLE_HOME"] = tempfile.mkdtemp(prefix="pinochle-draw-bench-")
    from textual._compositor import CompositorUpdate

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.save import new_save_path
    from pinochle_tui.screens.table import TableScreen
    from rules import Phase, load_variants

    variants = load_variants()
    v = variants["eight-hand"]
    ctrl = Controller(v, default_seats(v.people, ["human"] + ["random"] * 7), seed=seed)
    app = PinochleApp(variants, ctrl=ctrl, save_path=new_save_path(), bot_delay=3600, trick_delay=0)
    frames: list[float] = []
    display = app._display

    def shown(screen: Any, update: Any) -> Any:  # the frame handed to the display, rendered
        if update is not None:
            if isinstance(update, CompositorUpdate):
                update.render_segments(app.console)
            frames.append(time.perf_counter())
        return display(screen, update)

    app._display = shown  # type: ignore[method-assign]
    out: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t = app.screen
        assert isinstance(t, TableScreen)
        ctrl.meld_acked = True
        while len(out) < moves and not ctrl.game.over:
            if ctrl.round.phase is Phase.DONE:
                ctrl.next_hand()
                ctrl.meld_acked = True
            else:
                seat = ctrl.round.to_act
                action = (
                    ctrl.legal()[0] if ctrl.is_human(seat) else ctrl.choose(ctrl.round, seat, ctrl.bot_for(seat))[0]
                )
                ctrl.apply(action)
            frames.clear()
            t0 = time.perf_counter()
            t.refresh_view()
            while not frames and time.perf_counter() - t0 < 2:
                await asyncio.sleep(0.001)
            if frames:
                out.append((frames[0] - t0) * 1000)
            await pilot.pause()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--seed", default="1")
    a = ap.parse_args()
    t0 = time.perf_counter()
    xs = asyncio.run(draws(a.moves, a.seed))
    print(
        f"eight-hand at 80x24, {len(xs)} moves: a move's draw asked to its frame: median "
        f"{statistics.median(xs):.2f} ms, p95 {pct(xs, 0.95):.2f} ms, max {max(xs):.2f} ms "
        f"(whole run {time.perf_counter() - t0:.1f} s)"
    )


if __name__ == "__main__":
    main()
