"""A leaving signal (SIGHUP, SIGTERM, SIGINT) that comes while ``pinochle`` starts, before its
app's loop takes the signals (`cli_common.Leaving`), or while that loop runs and the app does
not (`app_main.leave_on_signals`): the start-up is left as the quit question's yes leaves, with
the signal's exit code and no traceback.  A new game's save, claimed and held (empty) by then,
goes with its lock; a resumed game's save stays as it was and its lock goes.  Killed at once,
the process left the claimed file and the lock beside it.

Each start is paused at its place by a stand-in (`PAUSED`) that says so and sleeps, and the
test sends the signal then: while the app's loop is not yet made (``run_on_its_loop``), and
while a resumed save is read (``load_game``, its lock held).
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import textwrap
import time
from pathlib import Path

import pytest

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.save import save_game
from rules import load_variants

LEAVING = [signal.SIGHUP, signal.SIGTERM, signal.SIGINT]

PAUSED = textwrap.dedent(
    """
    import sys, time
    from pinochle_tui import app_main, cli, save

    def paused(*args, **kwargs):
        print("PAUSED", flush=True)
        time.sleep(60)
        raise AssertionError("no signal came")

    if sys.argv[1] == "loop":  # the app built, its save claimed and held; no loop yet
        app_main.run_on_its_loop = paused
    else:  # --resume: the save's lock taken, the save being read
        save.load_game = paused
    sys.exit(cli.main(sys.argv[2:]))
    """
)


def run_paused(home: Path, where: str, args: list[str], signum: int) -> tuple[int, bytes]:
    """``pinochle ARGS`` on a pty of 80x24, paused at ``where``, sent ``signum`` there: its exit
    code and everything it wrote."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, PINOCHLE_HOME=str(home), TERM="xterm-256color")
    proc = subprocess.Popen(
        [sys.executable, "-c", PAUSED, where, *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
        start_new_session=True,
    )
    os.close(slave)
    out = b""
    try:
        sent = False
        end = time.monotonic() + 60
        while proc.poll() is None:
            assert time.monotonic() < end, out[-600:]
            if not sent and b"PAUSED" in out:
                proc.send_signal(signum)
                sent = True
            r, _, _ = select.select([master], [], [], 0.05)
            if r:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
        code = proc.wait(30)
        assert sent, out[-600:]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return code, out


def game_files(home: Path) -> list[str]:
    data = home / "data"
    return sorted(p.name for p in data.iterdir() if p.name.startswith("game-")) if data.exists() else []


@pytest.mark.parametrize("signum", LEAVING, ids=[s.name for s in LEAVING])
def test_a_signal_before_the_apps_loop_lets_the_claimed_save_go(tmp_path: Path, signum: int) -> None:
    home = tmp_path / "home"
    args = ["--variant", "partnership", "--seats", "human,random,random,random", "--seed", "3", "--bot-delay", "0"]
    code, out = run_paused(home, "loop", args, signum)
    assert code == 128 + signum, out[-600:]
    assert b"Traceback" not in out
    assert game_files(home) == []  # neither the empty claimed save nor its lock


@pytest.mark.parametrize("signum", LEAVING, ids=[s.name for s in LEAVING])
def test_a_signal_while_a_resumed_save_is_read_keeps_it_and_lets_it_go(tmp_path: Path, signum: int) -> None:
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    v = load_variants()["partnership"]
    path = home / "data" / "game-20261205-134511.json"
    save_game(Controller(v, default_seats(v.people, ["human", "random", "random", "random"]), seed=4), path)
    kept = path.read_bytes()
    code, out = run_paused(home, "resume", ["--resume"], signum)
    assert code == 128 + signum, out[-600:]
    assert b"Traceback" not in out
    assert game_files(home) == [path.name]  # the lock gone
    assert path.read_bytes() == kept


LOOP_NOT_RUNNING = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from pinochle_tui.app_main import leave_on_signals

    class NotYetRunning:
        is_running = False
        def exit(self, return_code=0):
            print("exit", return_code, flush=True)

    loop = asyncio.new_event_loop()
    leave_on_signals(NotYetRunning(), loop)
    os.kill(os.getpid(), int(sys.argv[1]))
    loop.run_until_complete(asyncio.sleep(0.2))
    print("alive", flush=True)
    """
)


@pytest.mark.parametrize("signum", LEAVING, ids=[s.name for s in LEAVING])
def test_a_signal_while_the_loop_runs_and_the_app_does_not_ends_the_app_not_the_process(signum: int) -> None:
    """The app asked to end with the signal's code (it then does not start), the process
    left to end by its own way, which lets the saves go; it was killed on the spot."""
    done = subprocess.run(
        [sys.executable, "-c", LOOP_NOT_RUNNING, str(int(signum))], capture_output=True, timeout=60, check=False
    )
    assert (done.returncode, done.stdout.decode().split("\n")) == (0, [f"exit {128 + signum}", "alive", ""])
