"""The CLI with the two-hand forms: their knobs in a house file, checked with
one clear line; `pinochle simulate` plays them; `pinochle meld` scores a two-hand hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pinochle_tui.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def test_two_hand_knobs_in_a_house_file(capsys, tmp_path: Path) -> None:
    f = tmp_path / "ours.toml"
    f.write_text(
        '[ours]\nextends = "two-hand"\nlast_stock_pick = "winner_chooses"\ntwo_hand_phase2_rule = "pre1945"\n'
        'deal_packet = 3\ndouble_meld_values = "twice_single"\nround_card_points = true\ngame_target = 1500\n'
        '[our-draft]\nextends = "two-hand-draft"\ndraft_discards_count_for = "non_bidder"\n',
        encoding="utf-8",
    )
    rc, out, err = run(capsys, "variants", "--check", str(f))
    assert rc == 0 and err == "" and out.startswith(f"{f}: ok")
    rc, out, err = run(capsys, "simulate", "--variants", str(f), "--variant", "ours", "--seats", "easy,random",
                       "--hands", "6", "--seed", "1", "--json")  # fmt: skip
    assert rc == 0, err
    d = json.loads(out)
    assert d["variant"] == "ours" and d["hands"] == 6 and d["illegal_actions"] == 0 and d["errors"] == 0


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        ('[m]\nextends = "two-hand"\nlast_stock_pick = "loser"\n', ["m", "last_stock_pick", "winner_face_down"]),
        ('[m]\nextends = "two-hand"\ntwo_hand_phase2_rule = "strict"\n', ["two_hand_phase2_rule", "post1945"]),
        ('[m]\nextends = "two-hand"\nplayers = 4\n', ["m", "players = 2"]),
        ('[m]\nextends = "two-hand"\nconcession = "meld_only"\n', ["concession = 'off'"]),
        ('[m]\nextends = "two-hand-draft"\nround_card_points = true\n', ["round_card_points", "stock"]),
        ('[m]\nextends = "partnership"\ndraft_discards_count_for = "me"\n', ["draft_discards_count_for", "owner"]),
        ('[m]\nextends = "two-hand"\ndeal_packet = "4"\n', ["deal_packet", "whole number"]),
    ],
    ids=["pick", "phase2", "players", "concession", "rounding", "discards", "quoted-number"],
)
def test_bad_two_hand_knobs_get_one_line(capsys, tmp_path: Path, text: str, needles: list[str]) -> None:
    f = tmp_path / "house.toml"
    f.write_text(text, encoding="utf-8")
    rc, out, err = run(capsys, "variants", "--check", str(f))
    assert rc == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    for n in needles:
        assert n in err


def test_simulate_two_hand_checks_the_trick_points(capsys) -> None:
    rc, out, err = run(capsys, "simulate", "--variant", "two-hand", "--seats", "standard,easy", "--hands", "8",
                       "--seed", "4", "--duplicate", "--json")  # fmt: skip
    assert rc == 0, err
    d = json.loads(out)
    assert d["boards"] == 4 and d["errors"] == 0 and d["illegal_actions"] == 0
    assert d["contracts"] == 0


def test_simulate_wrong_seat_count_for_two_hand(capsys) -> None:
    rc, out, err = run(capsys, "simulate", "--variant", "two-hand", "--seats", "standard,easy,random", "--hands", "2")
    assert (
        rc == 2
        and out == ""
        and err
        == (
            "pinochle simulate: --seats: two-hand has 2 seats, got 3; give 2, comma separated, each one of "
            "the bot levels: random, easy, standard, expert\n"
        )
    )


def test_meld_scores_a_two_hand_hand(capsys) -> None:
    rc, out, _ = run(capsys, "meld", "AH TH KH QH JH QS JD KS QS 9H AC AD", "--trump", "H", "--variant", "two-hand")
    assert rc == 0
    assert out.splitlines()[-1].split() == ["total", "220"]
