"""How ``pinochle`` (the game, no subcommand) ends when it cannot run as a game: with no
terminal it is refused in one line (exit 2) instead of waiting for keys that never come
while spinning a core, and a crash inside the app exits non-zero (Textual prints the
traceback and sets the app's return code; the code was dropped and the exit was 0)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from pinochle_tui import app_main
from pinochle_tui.app import PinochleApp
from pinochle_tui.cli import main


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))


def _game_args() -> argparse.Namespace:
    """The flags of a partnership game with three random bots, seed 1, no pacing."""
    return argparse.Namespace(
        variants=None,
        variant="partnership",
        seats="human,random,random,random",
        seed="1",
        target=None,
        bot_delay=0.0,
        trick_delay=0.0,
        ascii=False,
        resume=False,
    )


def test_the_game_without_a_terminal_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def never(self: PinochleApp) -> None:
        raise AssertionError("the app ran with no terminal")

    monkeypatch.setattr(PinochleApp, "run", never)
    assert main(["--seed", "4"]) == 2  # under pytest, stdin is not a terminal
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "pinochle: the game needs a terminal, and its input is not one; run it in a terminal, "
        "or use a subcommand (simulate, meld, variants, stats, saves) for text"
    ]


def test_the_subcommands_run_without_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "1", "--seed", "3"]) == 0
    assert main(["variants"]) == 0
    assert main(["meld", "AS", "TS", "KS", "QS", "JS", "--trump", "S"]) == 0
    assert "partnership" in capsys.readouterr().out


def test_a_crash_in_the_app_exits_non_zero(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    run = PinochleApp.run

    def headless(self: PinochleApp, **kw: object) -> object:
        return run(self, headless=True, size=(100, 36), **kw)  # type: ignore[arg-type]

    def crash(self: PinochleApp) -> None:
        raise RuntimeError("a fault in the app")

    monkeypatch.setattr(PinochleApp, "run", headless)
    monkeypatch.setattr(PinochleApp, "on_mount", crash)
    ns = _game_args()
    code = app_main.run_app(ns)
    assert code == 1


def test_the_end_does_not_wait_for_a_search_still_running(tmp_path: Path) -> None:
    """Quitting while an expert thinks (a search of up to 10 s in a worker thread) left the
    terminal blank until the search ended: Python waits for running thread work at exit.
    `leave_now` ends the process at once, its save's lock let go."""
    import subprocess
    import sys
    import time

    code = (
        "import threading, time\n"
        "from pinochle_tui.app_main import leave_now\n"
        "from pinochle_tui.paths import SaveLock, claim_save_path\n"
        "lock = SaveLock(claim_save_path()).acquire()\n"
        "threading.Thread(target=time.sleep, args=(20,)).start()  # a search still running\n"
        "print(lock.path, flush=True)\n"
        "leave_now(3)\n"
    )
    env = dict(os.environ, PINOCHLE_HOME=str(tmp_path))
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    took = time.perf_counter() - t0
    assert done.returncode == 3, done.stderr
    assert took < 10
    assert not Path(done.stdout.strip()).exists()


def test_the_app_ends_without_waiting_for_a_thread_still_running(monkeypatch: pytest.MonkeyPatch) -> None:
    """Quitting while an expert thinks took 8 s from ``y`` to the shell (bench/quit_while_thinking.py):
    `leave_now` never ran in time, as the app's own run (asyncio.run) waited at its end for
    every thread worker, the search among them.  `run_app` returns as the app closes."""
    import threading
    import time

    run = PinochleApp.run
    searching = threading.Event()

    def headless(self: PinochleApp, **kw: object) -> object:
        return run(self, headless=True, size=(100, 36), **kw)  # type: ignore[arg-type]

    quit_at: list[float] = []

    def think_then_quit(self: PinochleApp) -> None:
        self.run_worker(lambda: (searching.set(), time.sleep(4)), thread=True)  # a search of 4 s
        searching.wait(2)
        quit_at.append(time.perf_counter())
        self.exit(0)

    monkeypatch.setattr(PinochleApp, "run", headless)
    monkeypatch.setattr(PinochleApp, "on_mount", think_then_quit)
    ns = _game_args()
    assert app_main.run_app(ns) == 0
    assert searching.is_set()
    # from the quit to the shell: not the search's 4 s (whatever the app took to start)
    assert time.perf_counter() - quit_at[0] < 2.0
