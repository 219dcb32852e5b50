"""Figure for quitting ``pinochle host`` and ``pinochle join`` while an expert searches: a
hosted partnership game (Ann here, Bob at another terminal, two experts at ``--think``
seconds a decision, kept in the hosted save) resumed with ``pinochle host --resume`` in one
tmux pane and Bob's ``pinochle join`` in another; once an expert searches, ``q`` then ``y``
at Bob's seat, then at the host; the seconds from ``y`` to each process gone (the shell
after it writes the time).  Medians over ``--runs`` games.  Prints them; asserts nothing.
Needs tmux.

    nice -n 15 .venv/bin/python bench/quit_hosted.py [--runs 5] [--think 10] [--into 1.5] [--source DIR]

``--source``: run the pinochle of another checkout's source tree (``PYTHONPATH``) with this
venv, e.g. the commit before a change, for a baseline in the same run.
"""

from __future__ import annotations

import os
import shlex
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from quit_while_thinking import parser, screen, tmux, wait_for  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def hosted_save(home: str, think: float, seed: int, port: int | None) -> str:
    """A hosted game at its first deal with the experts' ``think``; Bob's join code."""
    os.environ["PINOCHLE_HOME"] = home
    from pinochle_tui.controller import Controller, Seat
    from pinochle_tui.remote.codes import new_code
    from pinochle_tui.save import new_save_path, save_game
    from rules import load_variants

    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("bot", "Wes", "expert"), Seat("bot", "Eve", "expert")]
    ctrl = Controller(load_variants()["partnership"], seats, seed=str(seed), think=think)
    code = new_code()
    ctrl.remote_codes = {1: code}
    if port is not None:  # (a baseline's save format may not know it: the port is given as a flag)
        ctrl.hosted_at = ("127.0.0.1", port, None)
    save_game(ctrl, new_save_path())
    from pinochle_tui.paths import release_all_saves

    release_all_saves()  # (claimed by this process: the host resumes it)
    return code


def gone_after_y(session: str, done: Path) -> float:
    """``q``, the quit question, ``y``: the seconds from ``y`` to the process gone."""
    tmux("send-keys", "-t", session, "q")
    wait_for(session, ("Quit pinochle?",))
    t1 = time.time()
    tmux("send-keys", "-t", session, "y")
    end = time.monotonic() + 60
    while not (done.exists() and done.read_text().strip()) and time.monotonic() < end:
        time.sleep(0.005)
    return float(done.read_text()) - t1


def one(run: int, think: float, into: float, seed: int, source: str | None) -> tuple[float, float]:
    """(Bob's y to his process gone, the host's y to its process gone), in seconds."""
    python = ROOT / ".venv" / "bin" / "python"
    # (run from the source tree: python -c puts the working directory first on the path)
    cd = f"cd {shlex.quote(source)} && " if source else ""
    env = f"PYTHONPATH={shlex.quote(source)} " if source else ""
    run_it = f"{env}{shlex.quote(str(python))} -c 'from pinochle_tui.cli import main; raise SystemExit(main())'"
    host, bob = f"quit-host-{os.getpid()}-{run}", f"quit-bob-{os.getpid()}-{run}"
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="quit-host-") as tmp, tempfile.TemporaryDirectory(prefix="quit-bob-") as bt:
        code = hosted_save(tmp, think, seed, None if source else port)
        host_done, bob_done = Path(tmp) / "done", Path(bt) / "done"
        hosting = f"{cd}PINOCHLE_HOME={shlex.quote(tmp)} {run_it} host --resume --port {port}"
        joining = f"{cd}PINOCHLE_HOME={shlex.quote(bt)} {run_it} join 127.0.0.1:{port} --code {code}"
        tmux("new-session", "-d", "-s", host, "-x", "100", "-y", "30", f'sh -c "{hosting}; date +%s.%N > {host_done}"')
        try:
            wait_for(host, ("aiting for Bob",))
            tmux(
                "new-session", "-d", "-s", bob, "-x", "100", "-y", "30", f'sh -c "{joining}; date +%s.%N > {bob_done}"'
            )
            for _ in range(60):  # Ann and Bob pass (or play for themselves) until an expert searches
                seen = wait_for(
                    host,
                    ("Wes is thinking", "Eve is thinking", "Your bid", "Your play", "Continue", "to bid", "to play"),
                )
                if seen.endswith("is thinking"):
                    break
                for session in (host, bob):
                    shown = screen(session)
                    if "Your bid" in shown:
                        tmux("send-keys", "-t", session, "p")
                    elif "Your play" in shown or "Continue" in shown or "Enter to go on" in shown:
                        tmux("send-keys", "-t", session, "a" if "Your play" in shown else "Enter")
                time.sleep(0.2)
            time.sleep(into)
            bob_gone = gone_after_y(bob, bob_done)
            host_gone = gone_after_y(host, host_done)
        finally:
            tmux("kill-session", "-t", host)
            tmux("kill-session", "-t", bob)
    return bob_gone, host_gone


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--source", default=None, help="a source tree to run instead of this one (a baseline)")
    a = ap.parse_args(argv)
    got = [one(k, a.think, a.into, a.seed + k, a.source) for k in range(a.runs)]
    bob = statistics.median(x[0] for x in got)
    host = statistics.median(x[1] for x in got)
    print(
        f"{a.source or 'this tree'}: --think {a.think:g}, q pressed {a.into:g} s into an expert's search: y to "
        f"the joined seat's process gone {bob * 1000:.0f} ms, y to the host's process gone {host * 1000:.0f} ms "
        f"(medians of {a.runs}; host each: {', '.join(f'{x[1] * 1000:.0f}' for x in got)} ms)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
