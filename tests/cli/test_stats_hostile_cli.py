"""`pinochle stats` with hostile files: a row changed by hand
leaves its game out, said in one line (and under "damaged" in ``--json``), the figures of
the other games exact and the file kept; an unreadable data directory is one line and
exit 2, never a traceback."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle_tui.cli import main
from pinochle_tui.stats import GameRecord, HandRecord, SeatRecord, SideRecord, StatsStore, db_path

SEATS = (
    SeatRecord(0, "human", "", "You", 0),
    SeatRecord(1, "bot", "standard", "West", 1),
    SeatRecord(2, "bot", "standard", "North", 0),
    SeatRecord(3, "bot", "standard", "East", 1),
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    return tmp_path


def two_games() -> None:
    """Game 1: your side won (bid 250 made); game 2: your side set (bid 270)."""
    store = StatsStore.open()
    for seed, bid, outcome, changes, winner in (("1", 250, "made", (600, 100), 0), ("2", 270, "set", (-270, 600), 1)):
        game = GameRecord("g.json", f"2025-01-0{seed}T00:00:00Z", "partnership", "{}", 1, SEATS, 0, seed, 0, 500)
        made = outcome == "made"
        sides = tuple(SideRecord(k, 50, 50, 0, 0, made if k == 0 else None, c, c) for k, c in enumerate(changes))
        hand = HandRecord(1, f"2025-01-0{seed}T01:00:00Z", 0, "played", 0, 0, bid, "H", outcome, sides, changes,
                          winner, True)  # fmt: skip
        store.record_hand(game, None, hand)
    store.close()


def test_a_damaged_row_is_one_line_and_the_other_games_are_exact(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two_games()
    conn = sqlite3.connect(db_path())
    conn.execute("UPDATE hand_sides SET change = 'abc' WHERE game_id = 2 AND side = 0")
    conn.commit()
    conn.close()
    before = db_path().read_bytes()
    line = (
        f"{db_path()}: game 2 is left out of the statistics: a row of it is damaged (hand_sides, hand 1: change is "
        "'abc', not a whole number); the file is kept as it is"
    )
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines()[:4] == [
        f"Statistics from {db_path()}",
        line,
        "1 game recorded: 1 finished, 0 unfinished.",
        "Your side: won 1 of 1 finished game (100%); win streak now 1, longest 1.",
    ]
    assert main(["stats", "--json"]) == 0
    fig = json.loads(capsys.readouterr().out)
    assert fig["damaged"] == line
    assert fig["games"] == {"recorded": 1, "finished": 1, "unfinished": 0}
    assert fig["contracts"] == {"bid": 1, "made": 1, "set": 0, "thrown_in": 0}
    assert fig["variants"][0]["points_per_hand"] == 350.0
    assert db_path().read_bytes() == before
    assert sorted(p.name for p in db_path().parent.iterdir()) == ["stats.sqlite3"]


@pytest.mark.skipif(shutil.which("setpriv") is None or os.geteuid() != 0, reason="needs root and setpriv")
def test_an_unreadable_data_directory_is_one_line_and_exit_2(home: Path) -> None:
    """As root, dropping the two capabilities that pass over file permissions makes them apply."""
    two_games()
    data = db_path().parent
    data.chmod(0)
    try:
        done = subprocess.run(
            ["setpriv", "--bounding-set", "-dac_override,-dac_read_search",
             sys.executable, "-c", "import sys; from pinochle_tui.cli import main; sys.exit(main(['stats']))"],
            capture_output=True, text=True, env={**os.environ, "PINOCHLE_HOME": str(home)}, timeout=60,
        )  # fmt: skip
    finally:
        data.chmod(0o755)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"pinochle stats: {db_path()}: cannot read the statistics database (Permission denied)\n"
