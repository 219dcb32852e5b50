"""``pinochle variants`` lists your house rules (the editor's file in the config directory)
after the shipped presets, marked as yours (``"yours": true`` in its JSON); a damaged file
is said on the standard error and moved aside, the shipped presets still listed;
``--check FILE`` checks the file over the shipped presets alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pinochle_tui.cli import main

OURS = '[our-table]\nextends = "partnership"\nmin_bid = 200\npass_count = 3\n'


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    (tmp_path / "home" / "config").mkdir(parents=True)
    return tmp_path / "home"


def test_your_presets_are_listed_last_and_marked(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = home / "config" / "variants.toml"
    path.write_text(OURS, encoding="utf-8")
    assert main(["variants"]) == 0
    out, err = capsys.readouterr()
    last = out.splitlines()[-1]
    assert last.split("  ")[0] == "our-table"
    assert last.endswith(f"as partnership, but pass 3, min bid 200  (yours: {path})")
    assert "(yours" not in "".join(out.splitlines()[:-1]) and err == ""
    assert main(["variants", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["our-table"]["yours"] is True and listed["our-table"]["pass_count"] == 3
    assert listed["our-table"]["summary"] == "as partnership, but pass 3, min bid 200"
    assert "yours" not in listed["partnership"]


def test_a_variants_file_preset_of_the_same_name_is_not_yours(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (home / "config" / "variants.toml").write_text(OURS, encoding="utf-8")
    theirs = tmp_path / "theirs.toml"
    theirs.write_text('[our-table]\nextends = "partnership"\npass_count = 2\n', encoding="utf-8")
    assert main(["variants", "--variants", str(theirs)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.split("  ")[0] == "our-table" and "pass 2" in last and "(yours" not in last


def test_a_damaged_file_of_yours_is_said_and_moved_aside(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = home / "config" / "variants.toml"
    path.write_text("[our-table\n", encoding="utf-8")
    assert main(["variants"]) == 0
    out, err = capsys.readouterr()
    assert err.startswith(f"pinochle: {path}: not valid TOML: ")
    assert err.rstrip("\n").endswith(
        "Your house rules were not loaded, and the file was moved to variants.toml.bad "
        "(fix it and move it back, or make them again with h)"
    )
    assert out.splitlines()[0].startswith("partnership ")
    assert not path.exists() and (path.parent / "variants.toml.bad").read_text() == "[our-table\n"


def test_the_subcommands_play_your_presets(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``meld``, ``simulate`` and ``stats`` know your presets by name, as the game does: a
    preset made with h was "not a variant" to them."""
    (home / "config" / "variants.toml").write_text(
        OURS + '\n[our-auction]\nextends = "partnership"\nrun_marriage_rule = "independent"\n', encoding="utf-8"
    )
    hand = ["AS", "TS", "KS", "QS", "JS", "KH", "QH", "JD"]  # a run, a marriage, a pinochle
    assert main(["meld", *hand, "--trump", "S", "--variant", "our-auction"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].split() == ["total", "250"]  # the run's royal marriage too
    assert main(["meld", *hand, "--trump", "S"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].split() == ["total", "210"]
    assert main(["simulate", "--variant", "our-table", "--hands", "1", "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "our-table"
    assert main(["stats", "--variant", "our-table"]) == 0
    assert capsys.readouterr().err == ""


MANY = (
    '[big-change]\nextends = "partnership"\ndeal_packet = 4\ngame_target = 1000\nhead_rule = "post1945"\n'
    'min_bid = 300\nbid_unit = 5\nall_pass = "redeal"\nrun_marriage_rule = "independent"\n'
    'meld_requires = "scoring_trick"\nset_penalty = "minus_double_bid"\nconcession = "meld_plus_100"\n'
    'last_trick_bonus = 20\ntie_break = "highest_score"\nmust_bid_to_win = "always"\npass_count = 3\n'
    '\n[three-low]\nextends = "three-hand"\ndescription = "our three-hand, opening low"\nmin_bid = 150\n'
)
MANY_SAID = (
    "as partnership, but pass 3, min bid 300, bids in steps of 5, all pass: redeal, head only when trump is led, "
    "run and marriage both count, meld needs a counter, a set loses twice the bid, throw-in: meld + 100, last "
    "trick 20, to 1000, both over: highest wins, must bid to win, deal_packet 4"
)
"""Every key of ``big-change`` that differs from partnership, the editor's knobs in its order, then the rest."""


def test_the_summary_of_a_preset_of_yours_names_every_rule_it_changes(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = home / "config" / "variants.toml"
    path.write_text(MANY, encoding="utf-8")
    assert main(["variants"]) == 0
    *_, big, three = capsys.readouterr().out.splitlines()
    assert big.endswith(f"  {MANY_SAID}  (yours: {path})")
    # its description first; the x1 scale's numbers as the game shows them
    assert three.endswith(f"  our three-hand, opening low (as three-hand, but min bid 15)  (yours: {path})")
