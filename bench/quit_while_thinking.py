"""Figure for quitting while an expert thinks: a game with three experts at ``--think 10``
in a tmux pane (a real terminal), ``q`` pressed while an expert searches, then ``y``; the
seconds from ``q`` to the quit question on the screen and from ``y`` to the process gone
(the shell after it writes the time).  Medians over ``--runs`` games.  Prints them;
asserts nothing.  Needs tmux.

    nice -n 15 .venv/bin/python bench/quit_while_thinking.py [--runs 5] [--think 10] [--into 1.5]

``--into``: seconds the expert has been thinking when ``q`` is pressed.  Each run has its
own temporary PINOCHLE_HOME and tmux session (``quit-bench-<pid>-<run>``), killed after.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=False).stdout


def screen(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session)


def wait_for(session: str, words: tuple[str, ...], limit: float = 60.0) -> str:
    """Until the pane shows one of ``words``; which one."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        shown = screen(session)
        for w in words:
            if w in shown:
                return w
        time.sleep(0.02)
    raise SystemExit(f"never saw {words!r}; the screen:\n{screen(session)}")


def one(run: int, think: float, into: float, seed: int) -> tuple[float, float]:
    """(q to the quit question, y to the process gone), in seconds."""
    pinochle = ROOT / ".venv" / "bin" / "pinochle"
    session = f"quit-bench-{os.getpid()}-{run}"
    with tempfile.TemporaryDirectory(prefix="quit-bench-") as tmp:
        done = Path(tmp) / "done"
        game = (
            f"PINOCHLE_HOME={shlex.quote(tmp)} {shlex.quote(str(pinochle))} --seats human,expert,expert,expert"
            f" --think {think} --seed {seed} --bot-delay 0"
        )
        tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", f"sh -c '{game}; date +%s.%N > {done}'")
        try:
            for _ in range(40):  # pass until an expert is searching
                seen = wait_for(session, ("is thinking", "Your bid", "Your play", "Your pass", "Continue"))
                if seen == "is thinking":
                    break
                tmux("send-keys", "-t", session, "p" if seen == "Your bid" else "a")
                time.sleep(0.3)
            time.sleep(into)
            t0 = time.time()
            tmux("send-keys", "-t", session, "q")
            wait_for(session, ("Quit pinochle?",))
            asked = time.time() - t0
            t1 = time.time()
            tmux("send-keys", "-t", session, "y")
            end = time.monotonic() + 60
            while not (done.exists() and done.read_text().strip()) and time.monotonic() < end:
                time.sleep(0.005)
            gone = float(done.read_text()) - t1
        finally:
            tmux("kill-session", "-t", session)
    return asked, gone


def parser(doc: str) -> argparse.ArgumentParser:
    """The quit benchmarks' flags: runs, the expert's think, q's moment, the first seed."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--think", type=float, default=10.0)
    ap.add_argument("--into", type=float, default=1.5, help="seconds into the search before q (default 1.5)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (then +1 each run)")
    return ap


def main(argv: list[str] | None = None) -> int:
    a = parser(__doc__).parse_args(argv)
    got = [one(k, a.think, a.into, a.seed + k) for k in range(a.runs)]
    asked = statistics.median(x[0] for x in got)
    gone = statistics.median(x[1] for x in got)
    print(
        f"--think {a.think:g}, q pressed {a.into:g} s into an expert's search: q to the quit question "
        f"{asked * 1000:.0f} ms, y to the process gone {gone * 1000:.0f} ms "
        f"(medians of {a.runs}; each: {', '.join(f'{x[1] * 1000:.0f}' for x in got)} ms)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
