"""Figures for building a screen: the settings screen (``o`` on the new-game screen) and the
help (``?``) opened and closed again and again in one headless app (80x24), each open's
CPU and Textual's stylesheet passes over a widget (`Stylesheet.apply` calls), with the
app's styling and with Textual's own, alternating open by open.  The app's: no styling of
a widget no screen holds yet (`PinochleApp.update_styles`: it is styled when mounted) and
no restyle of a screen at its first resume (`widgets.LiveScreen`: styled a moment before,
as it was mounted).  Textual's: every class set while a widget is built restyles it
(``compact=True`` too), and a pushed screen is restyled whole.  Prints the medians;
asserts nothing.

    nice -n 5 .venv/bin/python bench/screen_styling.py [--opens 15]

Measured on the working tree over cf512dd (nice -n 5, load average 13 to 15 on the two
cores from other sessions), --opens 15, two runs: the settings screen 665 -> 246
stylesheet passes an open (Textual's -> the app's), CPU 364 -> 300 ms and 366 -> 253 ms;
the help 25 -> 14 passes, 64 -> 71 ms and 70 -> 65 ms (it builds few widgets: noise).
The rest of an open is Textual's layout and first render.

The settings screen's key storm test (tests/tui/test_settings_screen.py, 120 seeded keys;
the screen opened six times, half the test's CPU) took 53 s under load: it is CPU-bound,
and the two cores shared with other work stretched its ~6 s of CPU.  Three runs each,
alternating, of ``nice -n 5 .venv/bin/pytest -p no:cacheprovider -n0 -o addopts=""
tests/tui/test_settings_screen.py -k key_storm`` under /usr/bin/time (load average 12 to
15): user CPU 6.40 / 6.33 / 7.02 s with Textual's styling, 5.76 / 5.68 / 5.72 s with the
app's (medians 6.40 -> 5.72 s, pytest's own start included); wall medians 24.6 -> 19.1 s.
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


async def opens(n: int) -> dict[tuple[str, str], list[tuple[float, int]]]:
    """(screen, styling) -> [(CPU seconds, stylesheet passes)] for ``n`` opens of each."""
    import argparse as ap

    from textual.app import App
    from textual.css.stylesheet import Stylesheet

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.app_main import build_app
    from pinochle_tui.widgets import LiveScreen

    passes = [0]
    apply = Stylesheet.apply

    def counted(self: Stylesheet, *args: Any, **kwargs: Any) -> Any:
        passes[0] += 1
        return apply(self, *args, **kwargs)

    Stylesheet.apply = counted  # type: ignore[method-assign]
    ours, first_resume = PinochleApp.update_styles, LiveScreen._on_screen_resume

    def textual_resume(self: Any, event: Any) -> None:
        pass  # (Textual's own: the screen restyled at its first resume too)

    flags = dict(variants=None, variant=None, seats=None, seed=None, target=None, bot_delay=0.0, trick_delay=0.0)
    app = build_app(ap.Namespace(**flags, ascii=False, resume=False))
    out: dict[tuple[str, str], list[tuple[float, int]]] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for i in range(2 * n):
            styling = "textual" if i % 2 else "app"
            textual = styling == "textual"
            PinochleApp.update_styles = App.update_styles if textual else ours  # type: ignore[method-assign]
            LiveScreen._on_screen_resume = textual_resume if textual else first_resume  # type: ignore[method-assign]
            for key, name in (("o", "settings"), ("question_mark", "help")):
                passes[0] = 0
                cpu = time.process_time()
                await pilot.press(key)
                await pilot.pause()
                out.setdefault((name, styling), []).append((time.process_time() - cpu, passes[0]))
                await pilot.press("escape")
                await pilot.pause()
    PinochleApp.update_styles = ours  # type: ignore[method-assign]
    LiveScreen._on_screen_resume = first_resume  # type: ignore[method-assign]
    Stylesheet.apply = apply  # type: ignore[method-assign]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opens", type=int, default=15, help="opens of each screen with each styling")
    args = parser.parse_args()
    os.environ["PINOCHLE_HOME"] = tempfile.mkdtemp(prefix="pinochle-bench-")
    figures = asyncio.run(opens(args.opens))
    for name in ("settings", "help"):
        for styling in ("textual", "app"):
            runs = figures[(name, styling)]
            cpu = statistics.median(c for c, _ in runs)
            passes = statistics.median(p for _, p in runs)
            figures_line = f"CPU {cpu * 1000:7.1f} ms  stylesheet passes {passes:5.0f}  ({len(runs)} opens)"
            print(f"{name:9} {styling:8} {figures_line}")


if __name__ == "__main__":
    main()
