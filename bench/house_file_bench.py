"""What writing your house rules' file with tomlkit costs (`house_presets.edited_text`,
which keeps the comments a person wrote in it): tomlkit's import in an interpreter that
has the game's modules loaded already (as when the editor saves; the start never imports
it), and one save's edit of a file of ``--presets`` presets, against the whole file
written anew (`house_presets.toml_text`, which loses the comments).

    nice -n 5 .venv/bin/python bench/house_file_bench.py
    nice -n 5 .venv/bin/python bench/house_file_bench.py --runs 21 --presets 50

Prints medians (ms) over ``--runs`` runs; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

IMPORT = """
import time
import pinochle_tui.app, pinochle_tui.house_presets, rules
t = time.perf_counter()
import tomlkit
print(time.perf_counter() - t)
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--presets", type=int, default=20)
    a = ap.parse_args()
    probe = [sys.executable, "-c", IMPORT]
    imports = [
        float(subprocess.run(probe, cwd=ROOT, capture_output=True, text=True, check=True).stdout) for _ in range(a.runs)
    ]
    print(f"import tomlkit after the game's modules: median {statistics.median(imports) * 1000:.1f} ms ({a.runs} runs)")

    from pinochle_tui.house_presets import HEADER, edited_text, toml_text

    tables = {
        f"p{i}": {"extends": "partnership", "min_bid": 200 + 10 * (i % 5), "pass_count": 3} for i in range(a.presets)
    }
    text = HEADER + "# a comment of yours\n\n" + toml_text(tables).removeprefix(HEADER)
    new = {"extends": "partnership", "min_bid": 300, "pass_count": 2}
    for what, write in (
        ("edited_text (comments kept)", lambda: edited_text(text, "p3", new)),
        ("toml_text (written anew)", lambda: toml_text({**tables, "p3": new})),
    ):
        times = []
        for _ in range(a.runs):
            t = time.perf_counter()
            write()
            times.append(time.perf_counter() - t)
        print(f"{what}, {a.presets} presets: median {statistics.median(times) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
