"""Where the figures cannot be written (the disk full: stdout to /dev/full; the reader
gone: ``pinochle simulate | head -1``) a command that prints them says so in one line
and stops, never a traceback: "pinochle simulate: cannot write the output: No space left
on device", exit code 1; a reader that stopped reading is no error (exit 0, nothing said),
whatever prints the figures (print, or rich's table)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

RANDOM = "random,random,random,random"
COMMANDS = [
    ["variants"],
    ["meld", "AS", "TS", "KS", "QS", "JS", "--trump", "S"],
    ["simulate", "--hands", "1", "--seats", RANDOM],
    ["simulate", "--hands", "1", "--seats", RANDOM, "--json"],
]


def pinochle(argv: list[str], home: Path, stdout: object) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PINOCHLE_HOME": str(home)}
    return subprocess.Popen(
        [sys.executable, "-m", "pinochle_tui.cli", *argv], stdout=stdout, stderr=subprocess.PIPE, env=env
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (a disk always full)")
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:1] + a[-1:]))
def test_a_full_disk_is_one_line_not_a_traceback(argv: list[str], tmp_path: Path) -> None:
    with open("/dev/full", "wb") as full:
        p = pinochle(argv, tmp_path, full)
        _, err = p.communicate(timeout=120)
    assert p.returncode == 1
    assert err.decode() == f"pinochle {argv[0]}: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("argv", [COMMANDS[0], COMMANDS[2]], ids=["variants", "simulate"])
def test_a_reader_that_stops_reading_is_no_error(argv: list[str], tmp_path: Path) -> None:
    p = pinochle(argv, tmp_path, subprocess.PIPE)
    assert p.stdout is not None
    p.stdout.close()  # (the reader gone before the first line: every write finds the pipe broken)
    _, err = p.communicate(timeout=120)
    assert (p.returncode, err.decode()) == (0, "")
