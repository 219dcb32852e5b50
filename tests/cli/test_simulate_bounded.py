"""`pinochle simulate` over long runs: a game random bots cannot finish is
its own figure (unfinished games), not an engine error; memory stays flat (decision times in
a log histogram, per-hand figures as running moments), with percentiles within the
histogram's stated resolution; the repro line of a problem names the --variants file."""

from __future__ import annotations

import json
import math
import pickle
import random
import shlex
from pathlib import Path

import pytest

import pinochle_tui.simulate as sim
from pinochle_tui.cli import main
from pinochle_tui.simulate import LogHistogram, Moments, simulate
from rules import load_variants

V = load_variants()


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(["simulate", *argv])
    out, err = capsys.readouterr()
    return rc, out, err


# ---------------------------------------------------------------------- unfinished games

RANDOM4 = "random,random,random,random"


def test_unfinished_games_are_a_figure_not_errors(capsys) -> None:
    """Seeded: in 1,200 all-random hands of partnership-hoyle, games 0 and 1 are still going
    after 400 hands each and are given up; game 2 ends after 7 hands (side 1 wins); game 3
    is cut short by the hands running out (neither finished nor unfinished)."""
    rc, out, err = run(capsys, "--variant", "partnership-hoyle", "--seats", RANDOM4, "--hands", "1200", "--seed", "u",
                       "--json")  # fmt: skip
    assert rc == 0 and err == ""
    d = json.loads(out)
    assert (d["hands"], d["games"], d["games_won"]) == (1200, 1, [0, 1])
    assert (d["unfinished_games"], d["unfinished_seeds"]) == (2, ["u/game0", "u/game1"])
    assert (d["errors"], d["illegal_actions"], d["problems"]) == (0, 0, [])


def test_games_counts_the_unfinished_ones_so_the_run_ends(capsys) -> None:
    """--games 3: two games given up at 400 hands and one finished in 7, 807 hands in all
    (before, --games with bots that never finish a game ran for ever)."""
    rc, out, _ = run(capsys, "--variant", "partnership-hoyle", "--seats", RANDOM4, "--games", "3", "--seed", "u",
                     "--json")  # fmt: skip
    d = json.loads(out)
    assert rc == 0
    assert (d["hands"], d["games"], d["unfinished_games"], d["errors"]) == (807, 1, 2, 0)
    rc, out, _ = run(capsys, "--seats", RANDOM4, "--games", "2", "--seed", "u", "--json")
    d = json.loads(out)
    assert rc == 0 and (d["hands"], d["games"], d["unfinished_games"], d["errors"]) == (800, 0, 2, 0)


def test_the_table_shows_unfinished_games_apart_from_errors(capsys) -> None:
    rc, out, _ = run(capsys, "--variant", "partnership-hoyle", "--seats", RANDOM4, "--hands", "1200", "--seed", "u")
    assert rc == 0
    rows = {" ".join(line.strip("│┃ ").split("│")[0].split()): line.split("│")[-2].strip()
            for line in out.splitlines() if line.count("│") >= 3}  # fmt: skip
    assert rows["games not over by hand 400"] == "2"  # "unfinished games (400 hands)" read as 400 played
    assert rows["illegal actions / errors"] == "0 / 0"


def test_merge_adds_the_unfinished_games() -> None:
    v = V["partnership"]
    a = simulate(v, ["random"] * 4, hands=400, seed="a")
    b = simulate(v, ["random"] * 4, hands=800, seed="b")
    m = sim.merge([a, b])
    assert (a.unfinished, b.unfinished, m.unfinished) == (0, 1, 1)
    assert m.unfinished_seeds == ["b/game0"] and m.errors == []


# ---------------------------------------------------------------------- bounded memory


def _exact(xs: list[int], k: int) -> int:
    return sorted(xs)[k]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_histogram_percentiles_are_within_the_resolution(seed: int) -> None:
    """Every rank the figures use (p50, p99), and others, against the sorted samples."""
    rng = random.Random(seed)
    xs = [int(rng.lognormvariate(8, 1.5)) for _ in range(4000)] + [0, 0, 1, 2, 3]
    h = LogHistogram()
    for x in xs:
        h.add(x)
    n = len(xs)
    assert len(h) == n and h.hi == max(xs) and h.lo == 0
    assert round(LogHistogram.RESOLUTION, 6) == 0.010889  # 2 ** (1/64) - 1: half a 1/32-octave bucket
    for k in [n // 2, min(n - 1, int(n * 0.99)), 0, 1, 7, n // 10, n - 2, n - 1, *rng.sample(range(n), 50)]:
        exact = _exact(xs, k)
        got = h.at_rank(k)
        assert abs(got - exact) <= exact * LogHistogram.RESOLUTION * (1 + 1e-9), (k, exact, got)


def test_histogram_size_does_not_grow_with_the_samples() -> None:
    rng = random.Random(9)
    h = LogHistogram()
    sizes = []
    for _ in range(3):
        for _ in range(30_000):
            h.add(int(500 * 4000 ** rng.random()))  # 0.5 us to 2 ms, spread evenly over its 12 octaves
        sizes.append(len(h.counts))
    # one bucket per 1/32 octave of the range, however many samples
    assert sizes[0] == sizes[1] == sizes[2] <= math.ceil(math.log2(2_000_000 / 500) * LogHistogram.PER_OCTAVE) + 1
    h.add(2**63)
    assert len(h.counts) <= LogHistogram.MAX_BUCKETS


def test_histogram_merge_is_the_histogram_of_both() -> None:
    rng = random.Random(4)
    xs = [rng.randrange(1, 10**7) for _ in range(2000)]
    a, b, both = LogHistogram(), LogHistogram(), LogHistogram()
    for i, x in enumerate(xs):
        (a if i % 2 else b).add(x)
        both.add(x)
    a.merge(b)
    assert (a.counts, a.n, a.lo, a.hi) == (both.counts, both.n, both.lo, both.hi)


def test_moments_give_the_mean_and_interval_of_the_list() -> None:
    rng = random.Random(5)
    xs = [rng.randrange(-400, 900) for _ in range(3000)]
    m = Moments()
    for x in xs[:1000]:
        m.add(x)
    rest = Moments()
    for x in xs[1000:]:
        rest.add(x)
    m.merge(rest)
    mean = sum(xs) / len(xs)
    h = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1) / len(xs))
    got = m.ci95()
    assert got == pytest.approx((mean, mean - h, mean + h), rel=1e-12)
    assert Moments().ci95() == (0.0, 0.0, 0.0)


def test_a_result_does_not_grow_with_the_hands(monkeypatch) -> None:
    """What a run keeps is the same size after 2,000 hands as after 200, but for the few
    unfinished games' seeds it names (it held one list entry per decision and three per
    hand before: some 60,000 more entries).  The bots' clock ticks 1 us a call, so the
    histogram's buckets do not depend on the machine's load."""

    class Clock:
        now = 0

        @classmethod
        def perf_counter_ns(cls) -> int:
            cls.now += 1000
            return cls.now

        perf_counter = staticmethod(lambda: 0.0)

    monkeypatch.setattr(sim, "time", Clock)
    v = V["partnership"]
    small = simulate(v, ["random"] * 4, hands=200, seed="m")
    big = simulate(v, ["random"] * 4, hands=2000, seed="m")
    assert (small.unfinished, big.unfinished) == (0, 4)
    assert len(big.latency_ns["random"].counts) == 1 and big.latency_ns["random"].n > 50_000
    assert len(pickle.dumps(big)) - len(pickle.dumps(small)) < 4 * 20 + 100


# ---------------------------------------------------------------------- the repro line


class _Cheater:
    name = "cheater"

    def act(self, view, legal, rng):
        from rules import PassBid

        return PassBid() if view.phase.value != "auction" else legal[-1]


def test_the_repro_line_names_the_variants_file(capsys, monkeypatch, tmp_path: Path) -> None:
    f = tmp_path / "my house.toml"
    f.write_text('[ours]\nextends = "partnership"\n', encoding="utf-8")
    real = sim.make_bot
    monkeypatch.setattr(sim, "LEVELS", (*sim.LEVELS, "cheater"))
    monkeypatch.setattr(sim, "make_bot", lambda level: _Cheater() if level == "cheater" else real(level))
    rc, out, _ = run(capsys, "--variants", str(f), "--variant", "ours", "--seats", "cheater,random,random,random",
                     "--hands", "2", "--seed", "two words", "--json")  # fmt: skip
    assert rc == 1
    repro = json.loads(out)["problems"][0]["repro"]
    assert shlex.split(repro) == [
        "pinochle", "simulate", "--variant", "ours", "--seats", "cheater,random,random,random",
        "--seed", "two words", "--variants", str(f), "--hands", "1",
    ]  # fmt: skip


def test_the_repro_line_has_no_variants_without_a_file(capsys, monkeypatch) -> None:
    real = sim.make_bot
    monkeypatch.setattr(sim, "LEVELS", (*sim.LEVELS, "cheater"))
    monkeypatch.setattr(sim, "make_bot", lambda level: _Cheater() if level == "cheater" else real(level))
    rc, out, _ = run(capsys, "--seats", "cheater,random,random,random", "--hands", "1", "--seed", "x", "--json")
    assert rc == 1
    repro = json.loads(out)["problems"][0]["repro"]
    assert repro == "pinochle simulate --variant partnership --seats cheater,random,random,random --seed x --hands 1"
