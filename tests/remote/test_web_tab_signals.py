"""A browser tab's client (``pinochle join`` under Textual's web driver, as textual-serve runs it
for ``pinochle host --web``) leaves on SIGTERM, SIGINT and SIGHUP as a terminal's game does
(`PinochleApp.leave_on_signal`: its seat let go as the quit question's yes does, the exit code
128 + the signal's number).  The web driver takes SIGINT and SIGTERM as it starts, for a bare
exit with code 0; the app puts its own leaving back once mounted (`PinochleApp.own_signals`).
What it writes is the driver's packets to the end: no line to come back by after them."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

LEAVING = [signal.SIGTERM, signal.SIGINT, signal.SIGHUP]
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
EXIT_PACKET = b'M\x00\x00\x00\x10{"type": "exit"}'
"""The web driver's last packet (a meta packet, its length, its JSON): the app has closed."""


@pytest.mark.parametrize("signum", LEAVING, ids=[s.name for s in LEAVING])
def test_a_browser_tabs_client_leaves_on_a_signal_as_a_terminals_game_does(tmp_path: Path, signum: int) -> None:
    env = dict(os.environ, PINOCHLE_HOME=str(tmp_path / "tab"), TEXTUAL_DRIVER=WEB_DRIVER)
    proc = subprocess.Popen(
        [sys.executable, "-m", "pinochle_tui.cli", "join", "127.0.0.1:1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    out = b""
    try:
        assert proc.stdout is not None and proc.stderr is not None
        end = time.monotonic() + 60
        while b"Join" not in out:  # the join screen drawn: the app mounted
            assert time.monotonic() < end and proc.poll() is None, out[-400:]
            ready, _, _ = select.select([proc.stdout], [], [], 0.05)
            if ready:
                out += os.read(proc.stdout.fileno(), 65536)
        proc.send_signal(signum)
        code = proc.wait(30)
        out += proc.stdout.read()
        errors = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert code == 128 + signum
    assert out.endswith(EXIT_PACKET)
    assert errors == b""


FAREWELL_IN_A_TAB = textwrap.dedent(
    """
    from pinochle_tui.app_main import run_on_its_loop

    class Left:
        return_code = 143
        farewell_line = "Your seat waits: pinochle join 127.0.0.1:8470 --code ABCD-EFGH takes it back."
        def run(self, loop):
            return 143
        def leave_stats_game(self):
            pass
        def exit(self, return_code=0):
            pass

    print("code", run_on_its_loop(Left(), leave=True), flush=True)
    """
)


def test_a_browser_tab_prints_no_line_to_come_back_by() -> None:
    """Its output is the web driver's packets, which textual-serve reads to the end (and the page
    opens a new join screen): the terminal's farewell line after them is no packet."""
    env = dict(os.environ, TEXTUAL_DRIVER=WEB_DRIVER)
    script = [sys.executable, "-c", FAREWELL_IN_A_TAB]
    done = subprocess.run(script, capture_output=True, env=env, timeout=60, check=False)
    assert (done.returncode, done.stdout) == (0, b"code 143\n")
    env.pop("TEXTUAL_DRIVER")  # at a terminal: said
    done = subprocess.run(script, capture_output=True, env=env, timeout=60, check=False)
    assert done.stdout.decode().split("\n")[0].startswith("Your seat waits: ")
