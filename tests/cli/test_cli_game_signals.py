"""``pinochle`` on a terminal told to end by a signal, SIGHUP (its terminal closed),
SIGTERM or SIGINT (``kill -INT``), leaves as the quit question's yes leaves
(`app_main.leave_on_signals`): a game no person has moved in is not kept, as a quit before
the first move keeps nothing, and a game with a person's move in it stays saved as it was
after that move.  Killed at once, it kept the first as a save (and the lock beside it),
which ``--resume`` then took for the newest game; SIGINT's KeyboardInterrupt left the app's
loop without closing the app, and the process hung at its exit waiting for Textual's input
thread, the terminal still raw."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

LEAVING = [signal.SIGHUP, signal.SIGTERM, signal.SIGINT]

ARGS = ["--variant", "partnership", "--seats", "human,random,random,random", "--seed", "11", "--bot-delay", "0"]


class Terminal:
    """``pinochle ARGS`` on a pty of 80x24, its home ``home``."""

    def __init__(self, home: Path) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, PINOCHLE_HOME=str(home), TERM="xterm-256color")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pinochle_tui.cli", *ARGS],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
            start_new_session=True,  # (its own terminal: the signal is the test's to send)
        )
        os.close(slave)
        self.out = b""

    def read_until(self, done: object, seconds: float = 60) -> None:
        end = time.monotonic() + seconds
        while not done():  # type: ignore[operator]
            assert time.monotonic() < end, self.out[-400:]
            r, _, _ = select.select([self.master], [], [], 0.05)
            if r:
                try:
                    self.out += os.read(self.master, 65536)
                except OSError:
                    return

    def ended(self) -> int:
        """The exit code, once the process has ended (its output read meanwhile)."""
        self.read_until(lambda: self.proc.poll() is not None, 30)
        return self.proc.wait()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)


def save_of(home: Path) -> Path | None:
    saves = sorted((home / "data").glob("game-*.json"))
    return saves[0] if saves and saves[0].stat().st_size else None


@pytest.mark.parametrize("signum", LEAVING, ids=[s.name for s in LEAVING])
def test_a_game_nobody_moved_in_is_not_kept_when_the_terminal_closes(tmp_path: Path, signum: int) -> None:
    home = tmp_path / "home"
    term = Terminal(home)
    try:
        term.read_until(lambda: b"Your bid" in term.out and save_of(home) is not None)
        term.proc.send_signal(signum)
        code = term.ended()
    finally:
        term.close()
    assert sorted(p.name for p in (home / "data").iterdir() if p.name.startswith("game-")) == []
    assert code == 128 + signum  # (the shell's code of a process ended by the signal)


@pytest.mark.parametrize("signum", LEAVING, ids=[s.name for s in LEAVING])
def test_a_game_with_a_persons_move_stays_saved_when_the_terminal_closes(tmp_path: Path, signum: int) -> None:
    home = tmp_path / "home"
    term = Terminal(home)
    try:
        term.read_until(lambda: b"Your bid" in term.out and save_of(home) is not None)
        save = save_of(home)
        assert save is not None
        before = json.loads(save.read_text())["hands"]

        def passed() -> bool:  # p, again while the table's pause after its first frame takes keys as stray
            if json.loads(save.read_text())["hands"] != before:
                return True
            os.write(term.master, b"p")
            time.sleep(0.2)
            return False

        term.read_until(passed)
        seen = [save.read_bytes(), time.monotonic()]

        def settled() -> bool:  # the bots' moves after it made, the save unchanged for a second
            now = save.read_bytes()
            if now != seen[0]:
                seen[:] = [now, time.monotonic()]
            return time.monotonic() - seen[1] > 1.0

        term.read_until(settled)
        moved = save.read_bytes()
        term.proc.send_signal(signum)
        code = term.ended()
    finally:
        term.close()
    assert sorted(p.name for p in (home / "data").iterdir() if p.name.startswith("game-")) == [save.name]
    assert code == 128 + signum
    assert save.read_bytes() == moved
    assert json.loads(moved)["hands"][0][: len(before[0]) + 1] == [*before[0], {"kind": "pass_bid"}]
    if signum != signal.SIGHUP:  # the terminal is still there to say how to come back
        assert b"The game is saved: pinochle --resume continues it." in term.out
