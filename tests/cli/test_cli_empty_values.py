"""An empty value given to an option (``--variant ''``, ``--seats ''``, a seat ``human:``
with no name after the colon) is refused in one line naming what is allowed, exit code 2,
by the game and every subcommand that takes the option; it was taken as the option not
given at all (``--variant ''`` dealt partnership) or read as something else
(``--variants ''`` read the directory ".")."""

from __future__ import annotations

import pytest

import bots
from pinochle_tui.cli import main
from rules import load_variants

PRESETS = ", ".join(load_variants())
GAME_KINDS = f"human, human:NAME, {', '.join(bots.LEVELS)} (bot levels; LEVEL:NAME names a bot)"
HOST_KINDS = f"human[:NAME], remote[:NAME], {', '.join(bots.LEVELS)} (bot levels; LEVEL:NAME names a bot)"
FILE = "an empty file name; give the path of a variants TOML file, e.g. {flag} my.toml"
HOSTED = ["--seats", "human,remote:Bob,standard,standard"]


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--variant", ""], f"pinochle: --variant: an empty variant name (''); choose one of: {PRESETS}"),
        (["--variant", "  "], f"pinochle: --variant: an empty variant name ('  '); choose one of: {PRESETS}"),
        (
            ["meld", "AS", "--trump", "S", "--variant", ""],
            f"pinochle meld: --variant: an empty variant name (''); choose one of: {PRESETS}",
        ),
        (
            ["host", "--variant", "", *HOSTED],
            f"pinochle host: --variant: an empty variant name (''); choose one of: {PRESETS}",
        ),
        (
            ["simulate", "--variant", ""],
            f"pinochle simulate: --variant: an empty variant name (''); choose one of: {PRESETS}",
        ),
        (
            ["--seats", ""],
            f"pinochle: --seats: no seat given; partnership has 4 seats: give 4, comma separated, each one of: "
            f"{GAME_KINDS}",
        ),
        (
            ["--variant", "cutthroat", "--seats", " , ,"],
            f"pinochle: --seats: no seat given; cutthroat has 3 seats: give 3, comma separated, each one of: "
            f"{GAME_KINDS}",
        ),
        (
            ["host", "--seats", ""],
            f"pinochle host: --seats: no seat given; partnership has 4 seats: give 4, comma separated, each one of: "
            f"{HOST_KINDS}",
        ),
        (
            ["--seats", "human:,standard,standard,standard"],
            "pinochle: --seats: seat 1 ('human:') has an empty name; give a name after the colon, "
            "or human alone for the default one",
        ),
        (
            ["--seats", "human:Ann,expert: ,standard,standard"],
            "pinochle: --seats: seat 2 ('expert:') has an empty name; give a name after the colon, "
            "or expert alone for the default one",
        ),
        (
            ["host", "--seats", "human,remote:,standard,standard"],
            "pinochle host: --seats: seat 2 ('remote:') has an empty name; give a name after the colon, "
            "or remote alone for the default one",
        ),
        (
            ["host", "--seats", "human:,remote,standard,standard"],
            "pinochle host: --seats: seat 1 ('human:') has an empty name; give a name after the colon, "
            "or human alone for the default one",
        ),
        (["--variants", ""], "pinochle: --variants: " + FILE.format(flag="--variants")),
        (
            ["meld", "AS", "--trump", "S", "--variants", ""],
            "pinochle meld: --variants: " + FILE.format(flag="--variants"),
        ),
        (["stats", "--variants", ""], "pinochle stats: --variants: " + FILE.format(flag="--variants")),
        (["simulate", "--variants", ""], "pinochle simulate: --variants: " + FILE.format(flag="--variants")),
        (["variants", "--check", ""], "pinochle variants: " + FILE.format(flag="--check")),
        (
            ["host", *HOSTED, "--listen", ""],
            "pinochle host: --listen: an empty address is not allowed; give one such as 127.0.0.1 "
            "(this machine, the default) or 0.0.0.0 (your network)",
        ),
        (
            ["--target", ""],
            "pinochle: --target: '' is not a whole number in plain digits; give 1 to 989000",
        ),
        (["--seed", ""], "pinochle: --seed: a blank seed is not allowed; give any text, e.g. --seed 44"),
    ],
)
def test_an_empty_value_is_refused_in_one_line(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str], tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    assert main(argv) == 2
    assert capsys.readouterr() == ("", line + "\n")


def test_an_empty_check_file_with_json_says_so_in_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["variants", "--check", "", "--json"]) == 2
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out) == {"file": "", "ok": False, "presets": [], "problems": [FILE.format(flag="--check")]}
