"""Cold start in instructions, where wall times say nothing on a loaded machine.

    nice -n 10 .venv/bin/python bench/startup_callgrind.py [--runs 3]

Runs `bench/tui_bench.py`'s bare Textual app and `pinochle` (its GAME_ARGV) alternately under
``valgrind --tool=callgrind`` in a 100x36 pty, the bytecode cache filled, a fresh
PINOCHLE_HOME each; each process ends itself (``os._exit``) once what the bench waits for
has been handed to the terminal: the bare app's line; the interactive table, its score
panel ("Scores ·") and the human's prompt ("Your bid", after three bot bids), as
`tui_bench.py`'s second mark (``--mark drawn``: the score panel only, the first table drawn,
which on a slow machine came before the bots had moved).  Prints each run's instructions,
the medians and the ratio.  Needs valgrind; a run takes about a minute.

The writer thread is patched as the program itself imports it (a finder on
``sys.meta_path``), so each program runs as it does for a player: to 88be34f the harness
imported Textual before `pinochle`'s `cli.main` paused the cyclic collector
(`cli_common.pause_collector`), and the collections during that import (19 M
instructions) were counted to `pinochle` that a player's start never runs.  What the
program wrote just before it ended is read too (a run that ended as its last frame was
written was taken for one that never drew it, one start in five).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tui_bench as tb

STOP_AT = """
import os, sys
from importlib.machinery import PathFinder
marks, which = sys.argv[1].split("\\n"), sys.argv[2]
seen = []
def stop_at_marks(wt):
    write = wt.WriterThread.write
    def stop_at_mark(self, text):
        write(self, text)
        seen.append(text)
        tail = "".join(seen[-3:])
        while marks and marks[0] in tail:
            marks.pop(0)
        if not marks:
            self.stop()  # flushed to the terminal
            os._exit(0)
    wt.WriterThread.write = stop_at_mark
class WhenLoaded:  # patches the writer thread as the program itself imports it
    @staticmethod
    def find_spec(name, path, target=None):
        if name != "textual.drivers._writer_thread":
            return None
        sys.meta_path.remove(WhenLoaded)
        spec = PathFinder.find_spec(name, path)
        exec_module = spec.loader.exec_module
        def exec_and_patch(module):
            exec_module(module)
            stop_at_marks(module)
        spec.loader.exec_module = exec_and_patch
        return spec
sys.meta_path.insert(0, WhenLoaded)
if which == "bare":
    exec(compile(sys.argv[3], "<bare>", "exec"))
else:
    from pinochle_tui.cli import main
    sys.argv = ["pinochle", *sys.argv[3:]]
    main()
"""


MARKS = {"interactive": ("Scores \u00b7", "Your bid"), "drawn": ("Scores \u00b7",)}
"""What ends a run of `pinochle`, in order (``--mark``); `tui_bench.py`'s TABLE and PROMPT."""


def run(kind: str, cache: str, out: str | None, mark_name: str = "interactive") -> int | None:
    """One start to the marks (under callgrind when ``out``); its instructions."""
    env = tb._env(tempfile.mkdtemp(prefix="pinochle-cg-"), cache)
    marks = ("bare textual app ready",) if kind == "bare" else MARKS[mark_name]
    rest = [tb.BARE_APP] if kind == "bare" else tb.GAME_ARGV
    mark = marks[-1]
    argv = [sys.executable, "-c", STOP_AT, "\n".join(marks), kind, *rest]
    if out:
        argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv]
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 100, 0, 0))
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    buf = b""
    while proc.poll() is None:
        if select.select([master], [], [], 0.2)[0]:
            try:
                buf += os.read(master, 65536)
            except OSError:
                break
    proc.wait()
    while select.select([master], [], [], 0)[0]:  # what it wrote just before it ended
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        buf += chunk
    os.close(master)
    if mark.encode() not in buf:
        tail = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b" ", buf[-3000:]).decode(errors="replace")
        last = " ".join(tail.split())[-600:]
        raise SystemExit(f"{kind}: never drew {mark!r} (exit code {proc.returncode}); its last output: {last}")
    if not out:
        return None
    found = re.search(r"^(?:summary|totals):\s+(\d+)", Path(out).read_text(), re.M)
    return int(found.group(1)) if found else None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--mark", choices=sorted(MARKS), default="interactive", help="where a run of pinochle ends")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="pinochle-callgrind-")
    cache = os.path.join(work, "pycache")
    run("bare", cache, None)  # fill the bytecode cache, as installing the wheel does
    run("pinochle", cache, None, a.mark)
    got: dict[str, list[int]] = {"bare": [], "pinochle": []}
    for i in range(a.runs):
        for kind in got:
            ir = run(kind, cache, os.path.join(work, f"cg.{kind}.{i}"), a.mark)
            if ir is None:
                raise SystemExit(f"{kind}: no instruction count from callgrind")
            got[kind].append(ir)
            print(f"{kind} run {i + 1}: {ir / 1e6:,.0f} M instructions", flush=True)
    bare, game = statistics.median(got["bare"]), statistics.median(got["pinochle"])
    print(f"bare Textual app to its line: median {bare / 1e6:,.0f} M instructions ({a.runs} runs)")
    where = "the interactive table" if a.mark == "interactive" else "the drawn table"
    print(f"pinochle to {where}: median {game / 1e6:,.0f} M instructions = {game / bare:.2f} x the bare app")


if __name__ == "__main__":
    main()
