"""`pinochle simulate`'s table title is one line for any seed the game takes.

A seed is any text, as the game's own ``--seed`` takes it; the title above the piped table
named it inside the table's title, which wrapped at the table's width and left the seed
(or its last word) alone on the next line.
"""

from __future__ import annotations

import pytest

from pinochle_tui.cli import main

SEATS = "standard,random,standard,random"


@pytest.mark.parametrize("seed", ["x", "a seed with words", "s" * 120])
def test_the_title_is_one_whole_line_for_any_seed(capsys, seed: str) -> None:
    rc = main(["simulate", "--variant", "partnership", "--seats", SEATS, "--hands", "1", "--seed", seed])
    out, err = capsys.readouterr()
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0] == f"pinochle simulate: partnership  seats {SEATS}  seed {seed}"
    assert lines[1].startswith("┏")  # the table starts on the next line
