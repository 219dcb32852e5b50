"""A variants file that is not a small regular file gets one line and exit 2, at once:
``variants --check`` of a symlink to /dev/zero grew to 3 GB and a FIFO
hung the command."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from pinochle_tui.cli import main
from rules import VariantError, load_variants
from rules.presets import MAX_VARIANTS_BYTES


def _check(capsys, path: Path) -> tuple[int, str]:
    t0 = time.monotonic()
    rc = main(["variants", "--check", str(path)])
    assert time.monotonic() - t0 < 5
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    return rc, err.strip()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_reading_it(tmp_path: Path, capsys) -> None:
    fifo = tmp_path / "house.toml"
    os.mkfifo(fifo)
    result: list[tuple[int, str]] = []
    t = threading.Thread(target=lambda: result.append(_check(capsys, fifo)), daemon=True)
    t.start()
    t.join(10)
    if t.is_alive():  # unblock the reader so the test run does not hang, then fail
        with open(fifo, "w"):
            pass
        pytest.fail("variants --check waited on a FIFO")
    assert result == [(2, f"pinochle variants: {fifo}: not a regular file; a variants file is a TOML text file")]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_symlink_to_a_device_is_refused(tmp_path: Path, capsys) -> None:
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    assert _check(capsys, link) == (
        2,
        f"pinochle variants: {link}: not a regular file; a variants file is a TOML text file",
    )


def test_a_file_over_the_limit_is_refused_and_one_at_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    line = '["house"]\nextends = "partnership"\n'
    big.write_text(line + "#" * (MAX_VARIANTS_BYTES - len(line) - 1) + "\n")
    assert big.stat().st_size == MAX_VARIANTS_BYTES
    assert "house" in load_variants(big)
    with big.open("a") as fh:
        fh.write("#")
    with pytest.raises(VariantError) as exc:
        load_variants(big)
    assert str(exc.value) == f"{big}: larger than 1 MiB; a variants file is at most that"
