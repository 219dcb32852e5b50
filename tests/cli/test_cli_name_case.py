"""Names on the command line are read in any case, by every command alike: a preset
(``--variant TWO-HAND``, as ``--seats Human`` and ``--trump s`` always were), a
subcommand (``pinochle MELD``), and the variant ``pinochle stats`` is asked about.  A name
that is none of those allowed is still refused in one line that lists them, exit code 2;
a variants file whose presets differ by case alone is read by the exact name, and a name
that could be either of them is refused naming both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pinochle_tui.cli import main
from pinochle_tui.cli_common import UsageError, pick_variant
from rules import load_variants

TERMINAL = "the game needs a terminal, and its input is not one"
PRESETS = ", ".join(load_variants())


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_preset_is_named_in_any_case() -> None:
    variants = load_variants()
    for name in ("TWO-HAND", "Two-Hand", "two-hand"):
        assert pick_variant(variants, name) is variants["two-hand"]


@pytest.mark.parametrize(
    "argv",
    [
        ["--variant", "TWO-HAND", "--seats", "Human,STANDARD"],
        ["host", "--variant", "Two-Hand", "--seats", "HUMAN,Remote"],
    ],
    ids=["game", "host"],
)
def test_the_game_and_host_take_a_preset_in_any_case(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """Both go as far as the terminal they need: the preset and the seats were taken."""
    code, out, err = run(capsys, *argv)
    prog = "pinochle host" if argv[0] == "host" else "pinochle"
    assert (code, out) == (2, "") and err.startswith(f"{prog}: {TERMINAL}")


def test_meld_and_simulate_take_a_preset_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "meld", "KS", "QS", "--trump", "s", "--variant", "Three-Hand", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["variant"] == "three-hand"
    argv = ["simulate", "--variant", "THREE-HAND", "--seats", "Standard,EASY,random", "--hands", "1", "--json"]
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    said = json.loads(out)
    assert (said["variant"], said["seats"]) == ("three-hand", ["standard", "easy", "random"])


def test_stats_takes_a_variant_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stats", "--variant", "Three-Hand")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == ["No games yet of three-hand: statistics are kept from the first hand you finish."]
    code, out, err = run(capsys, "stats", "--variant", "Three-Hand", "--json")
    assert (code, err, json.loads(out)["variant"]) == (0, "", "three-hand")


def test_a_subcommand_is_named_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "MELD", "KS", "QS", "--trump", "H", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["total"] == 20
    code, out, err = run(capsys, "Variants")
    assert (code, err) == (0, "") and out.startswith("partnership")


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["--variant", "TWO-HANDS"],
            f"pinochle: --variant: unknown variant 'TWO-HANDS' (did you mean two-hand?); choose one of: {PRESETS}",
        ),
        (
            ["meld", "KS", "--trump", "S", "--variant", "Pinocle"],
            f"pinochle meld: --variant: unknown variant 'Pinocle'; choose one of: {PRESETS}",
        ),
        (
            ["simulate", "--variant", "Nope"],
            f"pinochle simulate: --variant: unknown variant 'Nope'; choose one of: {PRESETS}",
        ),
        (
            ["host", "--seats", "human,remote", "--variant", "Nope"],
            f"pinochle host: --variant: unknown variant 'Nope'; choose one of: {PRESETS}",
        ),
        (
            ["stats", "--variant", "Nope"],
            "pinochle stats: --variant: 'Nope' is neither a preset (see: pinochle variants) nor the variant of a "
            "recorded game; the variants with games: none yet",
        ),
        (
            ["--seats", "Human,Wizard,standard,standard"],
            "pinochle: --seats: unknown seat 'Wizard'; each seat is one of: human, human:NAME, random, easy, "
            "standard, expert (bot levels; LEVEL:NAME names a bot)",
        ),
        (
            ["MELDS"],
            "pinochle: unknown command 'MELDS' (did you mean meld?) (commands: meld, variants, simulate, saves, "
            "stats, join, host, help)",
        ),
    ],
    ids=["game", "meld", "simulate", "host", "stats", "seats", "command"],
)
def test_a_name_none_allow_is_refused_in_one_line_listing_those_allowed(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", line + "\n")


def test_presets_differing_by_case_alone_are_read_by_the_exact_name(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[Mine]\nextends = "partnership"\n\n[mine]\nextends = "three-hand"\n', encoding="utf-8")
    variants = load_variants(house)
    assert pick_variant(variants, "Mine") is variants["Mine"] and pick_variant(variants, "mine") is variants["mine"]
    with pytest.raises(UsageError) as err:
        pick_variant(variants, "MINE")
    assert str(err.value) == "--variant: variant 'MINE' could be Mine or mine: give the name as the file spells it"
