"""A joined client's cost of one news: the same stream of host messages replayed into
`pinochle join`'s app (headless, 80x24), one news at a time, each drawn before the next.

    nice -n 15 python bench/redraw_bench.py --record /tmp/news.jsonl [--hands 2] [--seat 1]
    nice -n 15 python bench/redraw_bench.py --replay /tmp/news.jsonl [--source DIR] [--profile F]

``--record``: an eight-hand game on loopback (the host and eight scripted seats in this
process), every message ``--seat`` was sent over ``--hands`` hands written to a file of
JSON lines.  ``--replay``: that file fed to the real client through a stand-in for its
websocket (no host, no network: the client's own work alone), a message at a time, the
next once the table's frame for the last is drawn; Enter at a hand's result.  Prints the
client's CPU per news (this process's user + system time over the replay, its start-up
left out) and the wall time from a news handed to the client to its frame drawn (median,
p95).  ``--source DIR``: run the pinochle of another source tree (e.g. the commit before a
change) for a baseline in the same run.  ``--profile F``: cProfile's stats of the replay.

Measured (248 news of two hands to seat 1, seed redraw-bench; five replays of each in turn,
A B A B, nice -n 15, load average 7.0 to 7.6 from other sessions): CPU 11.5 ms a news
against 12.6 ms for the code before the client drew less per news (whole processes' CPU
0.93 x), news to frame median 8.0 ms against 22.8 ms, p95 29.6 against 43.1 (a news alone
is drawn at once, not at the next 60 Hz tick; news read together, which the replay never
sends, are drawn once for the last).  Where the CPU goes (cProfile): Textual's frame, its
compositing of the changed widgets and the layout passes, about two thirds; the table's
draw (`TableScreen._draw`: the seat boxes' texts and the to-act box's restyle, the trick,
the log line) about a quarter; reading the news and making its facts a few percent.

Prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def record(path: Path, seat: int, hands: int, seed: str) -> None:
    """Every message person ``seat`` is sent in ``hands`` hands of a scripted eight-hand game
    (each seat deciding as the easy bot would: whole hands played, few thrown in)."""
    import bots
    from pinochle_tui.controller import Controller, Seat
    from pinochle_tui.remote.scripted import ScriptedPlayer, play, stop_all
    from pinochle_tui.remote.server import start_host
    from rules import load_variants

    v = load_variants()["eight-hand"]
    ctrl = Controller(v, [Seat("human", f"P{p}") for p in range(v.people)], seed=seed)
    server, port, codes = await start_host(ctrl, range(v.people), port=0)
    got: list[str] = []

    class Recorded(ScriptedPlayer):
        def take(self, text: str) -> list[str]:
            got.append(text)
            return super().take(text)

    easy: dict[int, Any] = {}

    def easy_pick(news: Any, rng: Any) -> Any:  # as the easy bot would, from the seat's news alone
        bot = easy.setdefault(news.view.seat, bots.make_bot("easy"))
        return bot.act(news.view, list(news.legal), rng)

    players = {p: (Recorded if p == seat else ScriptedPlayer)(codes[p], f"{seed}/{p}", easy_pick) for p in codes}
    tasks = [asyncio.ensure_future(play(port, pl)) for pl in players.values()]
    t0 = time.perf_counter()
    while len(ctrl.game.history) < hands and not ctrl.game.over and time.perf_counter() - t0 < 300:
        await asyncio.sleep(0.05)
    await stop_all(tasks)
    await server.close()
    path.write_text("".join(json.dumps(text) + "\n" for text in got))
    print(f"recorded {len(got)} messages to seat {seat} over {len(ctrl.game.history)} hands: {path}")


def this_checkouts(name: str) -> Any:
    """The class ``name`` of this checkout's `pinochle_tui.remote.scripted` (for a source
    tree from before it), read from its file."""
    import __future__

    import ast

    text = (ROOT / "pinochle_tui" / "remote" / "scripted.py").read_text()
    node = next(n for n in ast.parse(text).body if isinstance(n, ast.ClassDef) and n.name == name)
    space: dict[str, Any] = {"Any": Any}
    code = compile(ast.Module([node], []), "scripted.py", "exec", flags=__future__.annotations.compiler_flag)
    exec(code, space)
    return space[name]


async def replay(path: Path, profile: str | None) -> None:
    os.environ["PINOCHLE_HOME"] = tempfile.mkdtemp(prefix="redraw-bench-")
    from pinochle_tui.app import PinochleApp
    from pinochle_tui.remote.client import SeatConnection

    try:
        from pinochle_tui.remote.scripted import QueuedSocket
    except ImportError:  # (a source tree from before it: this checkout's)
        QueuedSocket = this_checkouts("QueuedSocket")
    from pinochle_tui.screens.dialogs import HandResultScreen
    from pinochle_tui.screens.table import TableScreen
    from pinochle_tui.settings import Settings
    from rules import load_variants

    texts = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    stream = QueuedSocket()
    SeatConnection._open = lambda self: stream  # type: ignore[method-assign]
    drawn: list[float] = []
    watch_facts = TableScreen.watch_facts

    def watched(self: Any, facts: Any) -> None:  # the table's facts set: its frame follows
        watch_facts(self, facts)
        self.call_after_refresh(lambda: drawn.append(time.perf_counter()))

    TableScreen.watch_facts = watched  # type: ignore[method-assign]
    settings = Settings()
    settings.auto_play_forced = False  # (nothing is sent: the replay alone decides what comes)
    app = PinochleApp(load_variants(), settings=settings, bot_delay=0, trick_delay=0)
    app.join_at = ("127.0.0.1", 8470, "7KQM-2XHA-9PWE-3RTD")
    walls: list[float] = []
    news = 0
    async with app.run_test(size=(80, 24)) as pilot:
        first = 0
        while not isinstance(app.screen, TableScreen):  # the welcome and first news open the table
            stream.queue.put_nowait(texts[first])
            first += 1
            await pilot.pause(0.05)
        await pilot.pause(0.3)
        import cProfile

        prof = cProfile.Profile() if profile else None
        cpu0, wall0 = time.process_time(), time.perf_counter()
        if prof is not None:
            prof.enable()
        for text in texts[first:]:
            if isinstance(app.screen, HandResultScreen):
                await pilot.press("enter")
            before = len(drawn)
            t = time.perf_counter()
            stream.queue.put_nowait(text)
            if '"type":"news"' not in text:
                await pilot.pause(0)
                continue
            news += 1
            for _ in range(200):  # its frame (a news of no change draws nothing: 0.2 s at most)
                await asyncio.sleep(0.001)
                if len(drawn) > before and not app.screen._dirty_widgets:
                    break
            if len(drawn) > before:
                walls.append((drawn[-1] - t) * 1000)
        if prof is not None:
            prof.disable()
            prof.dump_stats(profile)
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(
        f"replay   {news} news to one joined client (eight-hand, headless 80x24): CPU {cpu * 1000 / news:.2f} ms "
        f"a news; news to frame median {statistics.median(walls):.1f} ms, p95 {pct(walls, 0.95):.1f} ms "
        f"({len(walls)} frames, {wall:.1f} s)" + (f"; profile: {profile}" if profile else "")
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--record", metavar="FILE")
    what.add_argument("--replay", metavar="FILE")
    ap.add_argument("--seat", type=int, default=1, help="record: the person whose messages are kept")
    ap.add_argument("--hands", type=int, default=2, help="record: hands played")
    ap.add_argument("--seed", default="redraw-bench")
    ap.add_argument("--source", metavar="DIR", help="the pinochle source tree to run (default: this one)")
    ap.add_argument("--profile", metavar="FILE", help="replay: cProfile stats written to FILE")
    args = ap.parse_args()
    sys.path.insert(0, str(Path(args.source).resolve() if args.source else ROOT))
    if args.record:
        asyncio.run(record(Path(args.record), args.seat, args.hands, args.seed))
    else:
        asyncio.run(replay(Path(args.replay), args.profile))


if __name__ == "__main__":
    main()
