"""Seeded simulate digests: one sha256 per preset and seating, to show that a change of
structure left the play unchanged (run by hand before and after, compare the lines).

    python bench/simulate_digest.py                  # every shipped preset, ~a few minutes
    python bench/simulate_digest.py --presets two-hand,five-hand --hands 40

For every preset of ``pinochle variants`` it plays `pinochle_tui.simulate.simulate`
headless with a fixed seed three times: random bots in every seat, standard bots in
every seat, and expert bots in every seat at a node budget (``--nodes``, no clock, searched
in this process, so the same cards are played on any machine at any load).  Each run's
JSON (``simulate --json``) has its timing fields removed (``hands_per_s``, ``latency_ms``)
and is hashed with sha256 over its canonical text (sorted keys).  The last line is one
digest of all the others.

Run it on two trees with the same interpreter to compare them, e.g. for a baseline
checkout in /tmp/base: ``cp bench/simulate_digest.py /tmp/base/bench/ && python
/tmp/base/bench/simulate_digest.py`` (the script imports the tree it lies in and says
which on stderr).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots
import rules
from pinochle_tui import simulate as sim
from rules import load_variants

TIMING = ("hands_per_s", "latency_ms")  # the fields that depend on the clock, not on the play


def digest(data: dict[str, Any]) -> str:
    """sha256 of ``data`` without its timing fields, over canonical JSON (sorted keys)."""
    kept = {k: v for k, v in data.items() if k not in TIMING}
    return hashlib.sha256(json.dumps(kept, sort_keys=True).encode()).hexdigest()


def run(name: str, level: str, hands: int, nodes: int, seed: str) -> tuple[str, int, float]:
    """(digest, errors + illegal actions, seconds) of ``hands`` seeded hands of preset
    ``name`` with ``level`` in every seat; the expert at ``nodes`` cards a decision."""
    v = load_variants()[name]
    made = sim.make_bot

    def node_budget(lv: str, **options: Any) -> Any:
        if lv == "expert":
            from bots.expert import ExpertBot

            return ExpertBot(think=None, nodes=nodes, pool=False)
        return made(lv, **options)

    sim.make_bot = node_budget  # the simulate module builds its bots through this name
    try:
        start = time.perf_counter()
        data = sim.simulate(v, [level] * v.players, hands=hands, seed=seed).to_json()
        took = time.perf_counter() - start
    finally:
        sim.make_bot = made
    return digest(data), data["errors"] + data["illegal_actions"], took


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--presets", help="comma-separated preset names (default: every shipped preset)")
    ap.add_argument("--hands", type=int, default=200, help="hands of random and of standard seats (default 200)")
    ap.add_argument("--expert-hands", type=int, default=6, help="hands of expert seats (default 6)")
    ap.add_argument("--nodes", type=int, default=2000, help="the expert's cards played a decision (default 2000)")
    ap.add_argument("--seed", default="digest", help="the simulate seed (default 'digest')")
    a = ap.parse_args(argv)
    names = a.presets.split(",") if a.presets else list(load_variants())
    print(f"tree: {Path(rules.__file__).resolve().parent.parent}", file=sys.stderr)
    assert "expert" in bots.LEVELS
    lines = []
    for name in names:
        for level, hands in (("random", a.hands), ("standard", a.hands), ("expert", a.expert_hands)):
            h, bad, took = run(name, level, hands, a.nodes, a.seed)
            line = f"{name:<22} {level:<9} {hands:>3} hands  {h}"
            lines.append(line)
            print(line + (f"  ({bad} errors or illegal actions)" if bad else ""), flush=True)
            print(f"  {took:.1f} s", file=sys.stderr, flush=True)
    print(f"{'all':<22} {'':<9} {'':>3}        {hashlib.sha256(chr(10).join(lines).encode()).hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
