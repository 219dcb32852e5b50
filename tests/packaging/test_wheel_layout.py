"""variants.toml must be found when the game is installed from a wheel, not only in a
source checkout: the wheel carries a copy inside the `rules` package."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_pyproject_ships_variants_inside_rules() -> None:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    force = conf["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert force == {"variants.toml": "rules/variants.toml"}
    assert conf["project"]["scripts"] == {"pinochle": "pinochle_tui.cli:main"}


def test_installed_layout_reads_the_copy_inside_the_package(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(ROOT / "rules", site / "rules", ignore=shutil.ignore_patterns("__pycache__"))
    # a wheel's copy, marked so we can tell which file was read
    text = (ROOT / "variants.toml").read_text() + '\n[from-the-wheel]\nextends = "partnership"\n'
    (site / "rules" / "variants.toml").write_text(text)
    code = (
        "import rules, sys; v = rules.load_variants(); "
        "print(rules.variant.shipped_variants_path()); print('from-the-wheel' in v, len(v))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    assert out[0] == str(site / "rules" / "variants.toml")
    shipped = len(tomllib.loads((ROOT / "variants.toml").read_text()))
    assert shipped == 20
    assert out[1] == f"True {shipped + 1}"


def test_source_checkout_reads_the_top_level_file() -> None:
    from rules.variant import shipped_variants_path

    assert shipped_variants_path() == ROOT / "variants.toml"
