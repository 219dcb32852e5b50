"""Two pinochles writing settings.json at once each keep the other's change: every write
reads the file, changes what this one changed and writes it while holding the file
(`paths.held_to_write`, the lock file the saved games use), and `Settings.save` writes only
the settings changed here, not the whole copy read at the start.  A settings screen's save
put back the join screen's last table saved by another pinochle since, and two writes at
once lost whichever was written first."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_damaged_files import write_settings

from pinochle_tui import paths, settings
from pinochle_tui.paths import _start_time
from pinochle_tui.settings import Settings

ROUNDS = 40


def _writer(home: str, role: str, barrier: Any, lost: Any) -> None:
    """One pinochle's writes, a round at a time with the other's (``barrier``): the settings
    screen saves a bot delay, the join screen its table's address; after both, each round's
    two values must both be in the file (``lost`` counts the rounds where one was not)."""
    os.environ["PINOCHLE_HOME"] = home
    s = Settings.load()
    for k in range(1, ROUNDS + 1):
        barrier.wait()
        if role == "screen":
            s.bot_delay = k / 100
            assert s.save() is None
        else:
            s.join_address = f"host{k}:5000"
            assert s.save_fields("join_address") is None
        barrier.wait()
        data = json.loads(Settings.path().read_text())
        if (data.get("bot_delay"), data.get("join_address")) != (k / 100, f"host{k}:5000"):
            with lost.get_lock():
                lost.value += 1


def test_two_pinochles_saving_at_once_keep_each_others_change(home: Path) -> None:
    write_settings(home, json.dumps({"bot_delay": 0.6}).encode())
    ctx = multiprocessing.get_context("spawn")
    barrier, lost = ctx.Barrier(2), ctx.Value("i", 0)
    procs = [ctx.Process(target=_writer, args=(str(home), role, barrier, lost)) for role in ("screen", "join")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0]
    assert lost.value == 0
    assert sorted(p.name for p in (home / "config").iterdir()) == ["settings.json"]  # no lock left


def test_a_save_keeps_what_another_pinochle_saved_since_this_one_read_the_file(home: Path) -> None:
    path = write_settings(home, json.dumps({"think": 2.0, "theme": "nord"}).encode())
    screen, join = Settings.load(), Settings.load()
    join.join_address, join.join_name = "host:5000", "Ann"
    assert join.save_fields("join_address", "join_name") is None
    screen.card_order = "rank"
    assert screen.save() is None
    written = json.loads(path.read_text())
    assert (written["join_address"], written["join_name"], written["card_order"]) == ("host:5000", "Ann", "rank")
    assert (written["think"], written["theme"]) == (2.0, "nord")
    join.theme = "gruvbox"  # changed here since: written; the card order, changed there, stays
    assert join.save() is None
    written = json.loads(path.read_text())
    assert (written["theme"], written["card_order"], written["join_address"]) == ("gruvbox", "rank", "host:5000")
    join.join_address = ""  # a setting emptied here goes from the file
    assert join.save() is None
    assert "join_address" not in json.loads(path.read_text())


def test_a_write_waits_for_a_live_holder_and_takes_a_dead_ones_lock_over(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_settings(home, b"{}")
    lock = path.with_name("settings.json.lock")
    monkeypatch.setattr(paths, "WRITE_WAIT", 0.2)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        lock.write_text(f"{other.pid} {_start_time(other.pid)}\n")
        s = Settings.load()
        s.ascii = True
        assert s.save() == f"{path} was not written: another pinochle (process {other.pid}) was writing it"
        assert path.read_bytes() == b"{}"
    finally:
        other.kill()
        other.wait()
    assert s.save() is None  # its holder gone: the lock is stale
    assert json.loads(path.read_text())["ascii"] is True
    assert not lock.exists()


def test_a_damaged_file_written_again_while_it_is_read_is_left_for_the_next_start(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`Settings.load` sets a damaged file aside and writes what was valid in it while it
    holds the file; one another pinochle saved between the read and the hold is its, and left."""
    path = write_settings(home, b'{"bot_delay": "fast"}')
    holding = settings.held_to_write

    @contextlib.contextmanager
    def saved_meanwhile(p: Path, wait: float | None = None) -> Iterator[None]:
        path.write_text('{"theme": "nord"}')
        with holding(p, wait):
            yield

    monkeypatch.setattr(settings, "held_to_write", saved_meanwhile)
    s = Settings.load()
    assert s.problem is not None and s.problem.endswith("it has been written again since, so it is left as it is")
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]
    assert path.read_text() == '{"theme": "nord"}'
