"""Bad variants files and bad meld input read as plain words, one line, exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle_tui.cli import main

PAIRS = "each entry must be [above, unit], two whole numbers, e.g. [[600, 50]]"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[mine]\ngame_traget = 1000\n", "preset 'mine', key 'game_traget': unknown key; did you mean 'game_target'?"),
        ("[mine]\nmin_bid = 5\n", "preset 'mine', key 'min_bid': must be at least 10"),
        ('[mine]\nmin_bid = "high"\n', "preset 'mine', key 'min_bid': must be a whole number (integer)"),
        ('[mine]\nhead_rule = "x"\n', "preset 'mine', key 'head_rule': must be one of 'pre1945', 'post1945' or 'none'"),
        (
            "[mine]\nhead_after_ruff = 3\n",
            "preset 'mine', key 'head_after_ruff': must be true or false (without quotes)",
        ),
        # TOML true is not the number 1
        ("[mine]\nmin_bid = true\n", "preset 'mine', key 'min_bid': must be a whole number (integer)"),
        ("[mine]\ndix_value = false\n", "preset 'mine', key 'dix_value': must be a whole number (integer)"),
        (
            "[mine]\nbid_unit_above = [[600]]\n",
            "preset 'mine', key 'bid_unit_above': " + PAIRS,
        ),
        (
            '[mine]\nbid_unit_above = [[600, "x"]]\n',
            "preset 'mine', key 'bid_unit_above': " + PAIRS,
        ),
    ],
)
def test_variants_check_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str) -> None:
    f = tmp_path / "house.toml"
    f.write_text(text)
    assert main(["variants", "--check", str(f)]) == 2
    err = capsys.readouterr().err
    assert err == f"{f}: {expected}\n"


def test_meld_too_many_copies(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "AS AS AS", "--trump", "S"]) == 2
    assert capsys.readouterr().err == "AS appears 3 times, but the single deck (48 cards) has only 2 of each card\n"
