"""The `pinochle` CLI: `meld` on the RULES.md §13 examples (text and
--json), `variants` (text, --json, --check), and bad input: one line on stderr naming
the problem, exit code 2, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle_tui.cli import main
from rules import load_variants

PRESETS = load_variants()
MELD_NO_TRUMP = "no trump suit: give --trump with one of S H D C, e.g. pinochle meld AS KS --trump S"
MELD_NO_CARDS = 'no cards: give the cards of one hand, e.g. pinochle meld "AS TS KS QS JS 9S" --trump S'
MELD_NOTHING = (
    "no cards and no trump suit: give the cards of one hand and --trump with one of S H D C, e.g. pinochle meld"
    ' "AS TS KS QS JS 9S" --trump S'
)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def total_line(out: str) -> list[str]:
    last = out.rstrip("\n").splitlines()[-1]
    return last.split()


# (example, hand, trump, variant, total x10, display)
MELD_EXAMPLES = [
    ("ex1", "AH TH KH QH JH 9H AS AD AC QS JD KC", "H", "partnership", 300, "300"),
    ("ex1-x1", "AH TH KH QH JH 9H AS AD AC QS JD KC", "H", "three-hand", 300, "30"),
    ("ex2", "AS TS KS KS QS JS JD KH QH 9C 9D JC", "S", "partnership", 250, "250"),
    ("ex2-absorbs", "AS TS KS KS QS JS JD KH QH 9C 9D JC", "S", "partnership-hoyle", 210, "210"),
    ("ex3", "AC TC KC QC JC KC QC KS QS KH QH KD", "C", "partnership", 310, "310"),
    ("ex4", "AD AD TD TD KD KD QD QD JD JD QS QS", "D", "partnership", 1800, "1800"),
    ("ex4-x1", "AD AD TD TD KD KD QD QD JD JD QS QS", "D", "three-hand", 1800, "180"),
    ("ex5", "KS QS KH QH KD QD KC QC AC TC 9C 9H", "C", "partnership", 250, "250"),
    ("ex5-x1", "KS QS KH QH KD QD KC QC AC TC 9C 9H", "C", "cutthroat", 250, "25"),
    ("ex6", "AS AS AH AD AC AC KS KH KD KC QC JH", "H", "partnership", 200, "200"),
    ("ex7", "AS AS AH AH AD AD AC AC 9S 9S JD QS", "S", "partnership", 1060, "1060"),
    ("ex7-x1", "AS AS AH AH AD AD AC AC 9S 9S JD QS", "S", "three-hand", 1060, "106"),
    ("ex8", "AH TH KH QH JH KS QS 9S JD TC TD JC", "S", "partnership", 110, "110"),
    ("ex9-north", "AS AH AD KS KH KD KC QS QH JD 9C TS", "H", "partnership", 180, "180"),
    ("ex9-south", "AC TC KC QC QD JD JS JH 9H 9H TD TH", "H", "partnership", 40, "40"),
    ("s4", "AS AS AH AH AD AD AC AC KS QS KH QH KD QD KC QC TS JS JD JC", "S", "double-deck", 1390, "139"),
]


@pytest.mark.parametrize(
    ("ex", "hand", "trump", "variant", "total", "shown"), MELD_EXAMPLES, ids=[m[0] for m in MELD_EXAMPLES]
)
def test_meld_text_total(capsys, ex, hand, trump, variant, total, shown) -> None:
    rc, out, err = run(capsys, "meld", hand, "--trump", trump, "--variant", variant)
    assert rc == 0 and err == ""
    assert total_line(out) == ["total", shown]


@pytest.mark.parametrize(
    ("ex", "hand", "trump", "variant", "total", "shown"), MELD_EXAMPLES, ids=[m[0] for m in MELD_EXAMPLES]
)
def test_meld_json_total(capsys, ex, hand, trump, variant, total, shown) -> None:
    rc, out, err = run(capsys, "meld", hand, "--trump", trump, "--variant", variant, "--json")
    assert rc == 0 and err == ""
    data = json.loads(out)
    assert data["total"] == total
    assert data["total_display"] == shown
    assert data["variant"] == variant and data["trump"] == trump
    assert data["points_scale"] == "x10" and data["game_scale"] == PRESETS[variant].score_scale
    assert sum(m["points"] for m in data["melds"]) == total


def test_meld_default_variant_is_partnership(capsys) -> None:
    rc, out, _ = run(capsys, "meld", "AS TS KS KS QS JS JD KH QH 9C 9D JC", "--trump", "S", "--json")
    assert rc == 0 and json.loads(out)["variant"] == "partnership" and json.loads(out)["total"] == 250


def test_meld_json_example_1_exactly(capsys) -> None:
    rc, out, _ = run(capsys, "meld", "AH TH KH QH JH 9H AS AD AC QS JD KC", "--trump", "H", "--json")
    assert rc == 0
    assert json.loads(out) == {
        "variant": "partnership",
        "trump": "H",
        "points_scale": "x10",
        "game_scale": "x10",
        "game_divisor": 1,
        "melds": [
            {"name": "run", "cards": ["AH", "TH", "KH", "QH", "JH"], "points": 150},
            {"name": "dix", "cards": ["9H"], "points": 10},
            {"name": "aces around", "cards": ["AS", "AH", "AD", "AC"], "points": 100},
            {"name": "pinochle", "cards": ["JD", "QS"], "points": 40},
        ],
        "total": 300,
        "total_display": "300",
    }


def test_meld_json_example_4_exactly(capsys) -> None:
    rc, out, _ = run(capsys, "meld", "AD AD TD TD KD KD QD QD JD JD QS QS", "--trump", "d", "--json")
    assert rc == 0
    assert json.loads(out) == {
        "variant": "partnership",
        "trump": "D",
        "points_scale": "x10",
        "game_scale": "x10",
        "game_divisor": 1,
        "melds": [
            {
                "name": "double run",
                "cards": ["AD", "AD", "TD", "TD", "KD", "KD", "QD", "QD", "JD", "JD"],
                "points": 1500,
            },
            {"name": "double pinochle", "cards": ["JD", "JD", "QS", "QS"], "points": 300},
        ],
        "total": 1800,
        "total_display": "1800",
    }


def test_meld_text_example_1_lines(capsys) -> None:
    rc, out, _ = run(capsys, "meld", "AH TH KH QH JH 9H AS AD AC QS JD KC", "--trump", "H")
    assert rc == 0
    rows = [line.split() for line in out.splitlines()]
    assert rows[0] == ["Trump", "hearts", "(H),", "variant", "partnership:"]
    assert rows[1:] == [
        ["run", "AH", "TH", "KH", "QH", "JH", "150"],
        ["dix", "9H", "10"],
        ["aces", "around", "AS", "AH", "AD", "AC", "100"],
        ["pinochle", "JD", "QS", "40"],
        ["total", "300"],
    ]


def test_meld_points_column_lines_up_with_short_meld_names(capsys) -> None:
    # "run" and "dix" are shorter than "total": the total's points still end in the same column
    rc, out, _ = run(capsys, "meld", "AS TS KS QS JS 9S", "--trump", "S")
    lines = out.splitlines()[1:]
    assert rc == 0 and [line.split()[0] for line in lines] == ["run", "dix", "total"]
    assert {len(line) for line in lines} == {2 + len("roundhouse bonus") + 2 + 30 + 1 + 5}
    assert [line[-5:].strip() for line in lines] == ["150", "10", "160"]


@pytest.mark.parametrize("variant", ["partnership", "three-hand"])
def test_meld_total_stays_in_its_column_whatever_the_melds(capsys, variant: str) -> None:
    """The points column is as far right with no meld (a total of 0) as with a marriage, a
    run or a roundhouse: the names' column is as wide as the longest usual name."""
    ends = set()
    for hand in ("KS", "KS QS", "AS TS KS QS JS", "KS QS KH QH KD QD KC QC"):
        rc, out, _ = run(capsys, "meld", hand, "--trump", "H", "--variant", variant)
        assert rc == 0
        ends |= {len(line) for line in out.splitlines()[1:] if line != "  no meld"}
    assert ends == {2 + 16 + 2 + 30 + 1 + 5}


def test_meld_no_meld(capsys) -> None:
    rc, out, _ = run(capsys, "meld", "KS", "--trump", "H")
    assert rc == 0 and "no meld" in out and total_line(out) == ["total", "0"]


def test_meld_cards_as_separate_arguments(capsys) -> None:
    rc, out, _ = run(capsys, "meld", "KH", "qh", "10H", "--trump", "H", "--json")
    assert rc == 0 and json.loads(out)["total"] == 40


@pytest.mark.parametrize(
    "argv",
    [
        ["KS", "--trump", "S", "QS", "AS"],
        ["KS", "--trump=S", "QS", "--json", "AS"],
        ["--json", "KS", "--variant", "partnership", "QS", "--trump", "S", "AS"],
        ["--variant", "partnership", "KS QS", "--trump", "S", "AS"],
    ],
)
def test_meld_takes_options_between_its_cards(capsys, argv: list[str]) -> None:
    """``pinochle meld AS --trump S KS``: an option between the cards (argparse took the
    cards before it alone and refused the rest as unrecognized arguments)."""
    rc, out, err = run(capsys, "meld", *argv, *([] if "--json" in argv else ["--json"]))
    assert (rc, err) == (0, "")
    got = json.loads(out)
    assert (got["total"], [m["cards"] for m in got["melds"]]) == (40, [["KS", "QS"]])  # the royal marriage


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["AS", "--trump", "S", "KS", "--bogus"],
            "pinochle meld: unrecognized arguments: --bogus (see: pinochle meld --help)",
        ),
        # what is missing, in one line naming what is allowed ("the following arguments are
        # required: --trump" named neither the suits nor how cards are written)
        (["AS", "--json", "KS"], f"pinochle meld: {MELD_NO_TRUMP}"),
        (["--trump", "S", "--json"], f"pinochle meld: {MELD_NO_CARDS}"),
        (["--json"], f"pinochle meld: {MELD_NOTHING}"),
        (
            ["AS", "--trump", "S", "KS", "--trump", "H"],
            "pinochle meld: --trump is given twice ('S' and 'H'); give it once",
        ),
    ],
)
def test_meld_with_options_between_its_cards_still_refuses_bad_words(capsys, argv: list[str], line: str) -> None:
    """Every refusal one line beginning with the command's name."""
    assert run(capsys, "meld", *argv) == (2, "", line + "\n")


# ---------------------------------------------------------------------- variants


def test_variants_lists_presets(capsys) -> None:
    rc, out, err = run(capsys, "variants")
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == list(PRESETS)
    for line, (name, v) in zip(lines, PRESETS.items()):
        assert line.split(None, 1) == [name, v.summary()]
        assert v.summary() == v.description


def test_variants_json(capsys) -> None:
    rc, out, err = run(capsys, "variants", "--json")
    assert rc == 0 and err == ""
    data = json.loads(out)
    assert list(data) == list(PRESETS)
    for name, v in PRESETS.items():
        assert data[name]["summary"] == v.summary()
        assert data[name]["min_bid"] == v.min_bid and data[name]["head_rule"] == v.head_rule
    assert data["double-deck"]["deck"] == "double80" and data["double-deck"]["min_bid"] == 500
    assert data["three-hand"]["score_scale"] == "x1" and data["partnership-post1945"]["head_rule"] == "post1945"


def test_variants_check_good_file(capsys, tmp_path: Path) -> None:
    f = tmp_path / "good.toml"
    f.write_text('[mine]\nextends = "partnership"\nhead_rule = "post1945"\n', encoding="utf-8")
    rc, out, err = run(capsys, "variants", "--check", str(f))
    assert rc == 0 and err == ""
    assert out.startswith(f"{f}: ok")


def test_variants_check_json_good_file(capsys, tmp_path: Path) -> None:
    f = tmp_path / "good.toml"
    f.write_text('[mine]\nextends = "partnership"\nhead_rule = "post1945"\n', encoding="utf-8")
    rc, out, err = run(capsys, "variants", "--check", str(f), "--json")
    assert (rc, err) == (0, "")
    assert json.loads(out) == {"file": str(f), "ok": True, "presets": [*PRESETS, "mine"], "problems": []}


def test_variants_check_json_bad_file(capsys, tmp_path: Path) -> None:
    """The problem in the JSON object on the standard output (exit 2 still), not a line on
    the standard error a program reading the JSON would miss."""
    f = tmp_path / "house.toml"
    f.write_text('[mine]\nextends = "nope"\n', encoding="utf-8")
    rc, _, line = run(capsys, "variants", "--check", str(f))
    rc_json, out, err = run(capsys, "variants", "--check", str(f), "--json")
    assert (rc, rc_json, err) == (2, 2, "")
    problem = line.removeprefix("pinochle variants: ").rstrip("\n")
    assert json.loads(out) == {"file": str(f), "ok": False, "presets": [], "problems": [problem]}


def test_version_is_the_installed_packages(capsys) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr() == (f"pinochle {version('pinochle-tui')}\n", "")


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        (
            '[mine]\nextends = "partnership"\nhead_rule = "sometimes"\n',
            ["mine", "head_rule", "pre1945", "post1945", "none"],
        ),
        ('[mine]\nextends = "partnership"\nhead_rul = "pre1945"\n', ["mine", "head_rul"]),
        ('[mine]\nextends = "nope"\n', ["mine", "extends", "nope"]),
        ("[mine\nx = 1\n", ["TOML"]),
        ("[mine]\nplayers = 7\n", ["mine", "players", "2, 3, 4, 5, 6 or 8"]),
    ],
    ids=["bad-value", "unknown-key", "unknown-extends", "bad-toml", "bad-number"],
)
def test_variants_check_bad_file(capsys, tmp_path: Path, text: str, needles: list[str]) -> None:
    f = tmp_path / "house.toml"
    f.write_text(text, encoding="utf-8")
    rc, out, err = run(capsys, "variants", "--check", str(f))
    assert rc == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1
    assert str(f) in err and "Traceback" not in err
    for n in needles:
        assert n in err


def test_meld_with_a_user_variants_file(capsys, tmp_path: Path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text('[ind]\nextends = "partnership"\nrun_marriage_rule = "independent"\n', encoding="utf-8")
    rc, out, _ = run(
        capsys,
        "meld",
        "AH TH KH QH JH 9H AS AD AC QS JD KC",
        "--trump",
        "H",
        "--variants",
        str(f),
        "--variant",
        "ind",
        "--json",
    )
    assert rc == 0 and json.loads(out)["total"] == 340


# ---------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["meld", "AS XX KD", "--trump", "S"], ["'XX'"]),
        (["meld", "AS 1S", "--trump", "S"], ["'1S'"]),
        (["meld", "AS KD", "--trump", "X"], ["trump", "'X'", "S H D C"]),
        (["meld", "AS KD", "--trump", "S", "--variant", "nope"], ["'nope'", "partnership"]),
        (["meld", "AS AS AS", "--trump", "S"], ["AS", "3"]),
        (["meld", "9S AS", "--trump", "S", "--variant", "double-deck"], ["9S"]),
        (["meld", "--trump", "S"], ["cards"]),
        (["meld", "AS"], ["--trump"]),
        (["variants", "--check", "/no/such/file.toml"], ["/no/such/file.toml"]),
    ],
    ids=[
        "bad-card",
        "bad-rank",
        "bad-trump",
        "unknown-variant",
        "three-copies",
        "nine-in-double-deck",
        "no-cards",
        "no-trump",
        "missing-file",
    ],
)
def test_bad_input_one_line_exit_2(capsys, argv: list[str], needles: list[str]) -> None:
    rc, out, err = run(capsys, *argv)
    assert rc == 2
    assert out == ""
    assert err.count("\n") == 1 and err.strip()
    assert "Traceback" not in err
    for n in needles:
        assert n in err


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pinochle_tui.cli", *args], capture_output=True, text=True, timeout=60)


def test_subprocess_meld_example_1() -> None:
    p = _cli("meld", "AH TH KH QH JH 9H AS AD AC QS JD KC", "--trump", "S")
    assert p.returncode == 0 and p.stderr == ""
    # trump spades: no run, no dix; heart marriage 20, aces around 100, pinochle 40
    assert total_line(p.stdout) == ["total", "160"]
    p = _cli("meld", "AH TH KH QH JH 9H AS AD AC QS JD KC", "--trump", "H", "--json")
    assert p.returncode == 0 and json.loads(p.stdout)["total"] == 300


def test_subprocess_bad_card_exit_2_no_traceback() -> None:
    p = _cli("meld", "AS ZZ", "--trump", "S")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "'ZZ'" in p.stderr and "Traceback" not in p.stderr


def test_subprocess_bad_variants_file(tmp_path: Path) -> None:
    f = tmp_path / "house.toml"
    f.write_text('[mine]\nconcession = "sometimes"\n', encoding="utf-8")
    p = _cli("variants", "--check", str(f))
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr
    for n in (str(f), "mine", "concession", "off", "meld_only", "meld_plus_100"):
        assert n in p.stderr
