"""The new-game screen keeping up with ←→ on the variant list.

    nice -n 5 .venv/bin/python bench/variant_steps.py [--runs 5] [--presses 4]

At 80x24 in Textual's headless pilot, the variant list on racehorse (four seats, all
expert), ``--presses`` → keys are posted at once, as a player's quick presses come (check,
three-hand-check, five-hand, six-hand for 4), and the screen runs until its seat rows are
the last variant's.  Prints, per run, the wall and CPU seconds from the first key to
rows settled, and how many of the screen's refreshes meanwhile showed a variant list
whose name, summary and seat count disagree (the summary of one variant beside another's
name, or its seats), and the seats' kinds once settled; then the medians.  A loaded
machine slows every figure: compare the CPU medians of two versions run one after the
other.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "tui"))


async def one_run(presses: int) -> tuple[float, float, int, int, str]:
    from textual import events
    from textual.widgets import Select, Static
    from tui_helpers import app_from_flags, settle

    from pinochle_tui.screens.newgame import NewGameScreen

    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        listed = ng.query_one("#ng-variant", Select)
        listed.value = "racehorse"
        await settle(pilot)
        for select in ng.query(".ng-kind").results(Select):
            if select.value != "human":
                select.value = "expert"
        await settle(pilot)
        listed.focus()
        await pilot.pause()
        names = list(ng.variants)
        want = names[names.index("racehorse") + presses]
        frames: list[bool] = []  # each screen refresh meanwhile: whether it disagreed
        draw = type(ng)._refresh_layout

        def agrees() -> bool:
            shown = str(listed.value)
            summary = str(ng.query_one("#ng-summary", Static).render())
            rows = [r for r in ng.query("#ng-seats .ng-row") if r.display]
            return summary == str(ng._summary(ng.variants[shown])) and len(rows) == ng.variants[shown].people

        def sampled(screen: object, *a: object, **kw: object) -> object:
            if screen is ng:
                frames.append(not agrees())
                if os.environ.get("VARIANT_STEPS_SAY") and not agrees():
                    rows = len([r for r in ng.query("#ng-seats .ng-row") if r.display])
                    summary = str(ng.query_one("#ng-summary", Static).render())[:30]
                    print(f"  list {listed.value}, summary {summary!r}, {rows} rows")
            return draw(screen, *a, **kw)  # type: ignore[arg-type]

        type(ng)._refresh_layout = sampled  # type: ignore[method-assign]
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(presses):
            app.post_message(events.Key("right", None))
        while not (str(listed.value) == want and ng.variant_name == want and agrees()):
            await asyncio.sleep(0.005)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        type(ng)._refresh_layout = draw  # type: ignore[method-assign]
        mismatched = sum(frames)
        await settle(pilot)
        levels = ",".join(str(s.value) for s in ng.query(".ng-kind").results(Select))
    return wall, cpu, len(frames), mismatched, levels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--presses", type=int, default=4)
    args = parser.parse_args()
    os.environ["PINOCHLE_HOME"] = tempfile.mkdtemp(prefix="variant-steps-")
    walls, cpus = [], []
    for run in range(args.runs):
        wall, cpu, frames, mismatched, levels = asyncio.run(one_run(args.presses))
        walls.append(wall)
        cpus.append(cpu)
        said = f"frames {frames}  mismatched {mismatched}  seats {levels}"
        print(f"run {run + 1}: wall {wall:.3f} s  cpu {cpu:.3f} s  {said}")
    print(f"median wall {statistics.median(walls):.3f} s  median cpu {statistics.median(cpus):.3f} s")


if __name__ == "__main__":
    main()
