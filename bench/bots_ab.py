"""A/B of the standard bot's weights: duplicate boards of a changed bot against the shipped one.

    python bench/bots_ab.py pull_bonus=8 partner_bid_bonus=15            # 20,000 hands
    python bench/bots_ab.py --variant partnership-hoyle --hands 10000 partner_bid_bonus_no_pass=25
    python bench/bots_ab.py --self-play 10000 partner_bid_bonus=30      # its make rate alone
    python bench/bots_ab.py --base b3d8457 --variant auction --seed final   # new against old, every auction preset
    python bench/bots_ab.py --throw-ins 20000 --variant partnership      # concede against play on

Each NAME=VALUE sets a class attribute of `bots.standard.StandardBot` (pull_bonus, z,
partner_bid_bonus, ...) on a copy, the "B" bot.  B takes seats 0 and 2, the shipped
standard bot ("A") seats 1 and 3 (in teams: B every seat of the first team; each for self,
three or five players: B in seat 0, A in the others), and every
deal is played once per seating with the sides swapped (rotated), so the difference is
skill, not cards.  Prints B's points per board minus A's with a 95% CI, and each level's
make rate and throw-in rate as bidder.  --self-play plays B in every seat instead and prints
its make rate (the goal is >= 80% in partnership).

--base REV makes A the bots package of git revision REV (read with `git archive` into a
temporary directory), so B - A measures the working tree's bot against that commit's.
--variant takes one preset, several separated by commas, or "auction" (every shipped
preset with an auction: all but the two-hand stock game); one row per preset.

--games GAMES plays whole games instead (two sides only): B's team against A's, then the
same seeds with the teams swapped, and prints B's share of the games won (for a rule of the
game's end, such as bid-out, which duplicate boards of single hands never reach).

--throw-ins HANDS is a duplicate A/B of the throw-in itself: B plays every
seat, and at each bidder's choice between conceding and playing on both are played out
from the same position; the row per band of the bot's own chance to make the contract
gives the mean gain of playing on over conceding (the bidding side's points minus the
others', per decision) with its 95% CI, and how often the bot conceded there.

Prints figures and asserts nothing; how the shipped weights were chosen is noted beside them.
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import io
import itertools
import json
import multiprocessing as mp
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots
from bots.estimate import trick_share
from bots.standard import StandardBot, _counts
from pinochle_tui.simulate import Moments, SimResult, merge, simulate
from rules import (
    Concede,
    Phase,
    PlayOn,
    RoundState,
    apply,
    hand_rng,
    legal_actions,
    load_variants,
    new_round,
    observe,
)
from rules.actions import PLAYS
from rules.playout import Playout

ROOT = Path(__file__).resolve().parent.parent


class _Changed(StandardBot):
    """The shipped standard bot with the weights given on the command line."""


def _install(changes: dict[str, float], base: str | None) -> None:
    for name, value in changes.items():
        setattr(_Changed, name, value)
    bots._FACTORIES["b"] = _Changed  # a level name only this script knows
    if base is not None:
        # the bots package of another revision, unpacked as the package `bots_base`
        if base not in sys.path:
            sys.path.insert(0, base)
        old = importlib.import_module("bots_base.standard")
        bots._FACTORIES["base"] = old.StandardBot


def _unpack_base(rev: str) -> str:
    """The directory holding ``bots_base``: the bots package of git revision ``rev``."""
    try:
        tar = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "bots"], capture_output=True, check=True
        ).stdout
    except subprocess.CalledProcessError as exc:
        raise SystemExit(f"bots_ab: --base {rev!r}: {exc.stderr.decode().strip() or 'git archive failed'}") from None
    where = tempfile.mkdtemp(prefix="bots_ab_base_")
    with tarfile.open(fileobj=io.BytesIO(tar)) as tf:
        tf.extractall(where, filter="data")
    os.rename(os.path.join(where, "bots"), os.path.join(where, "bots_base"))
    return where


def _job(args: tuple[str, dict[str, float], str | None, list[str], int, str, bool, str | None]) -> SimResult:
    variant, changes, base, seats, hands, seed, duplicate, house = args
    _install(changes, base)  # again in the worker: a spawned process starts without it
    return simulate(load_variants(house)[variant], seats, hands=hands, seed=seed, duplicate=duplicate)


def _games_job(args: tuple[str, dict[str, float], str | None, list[str], int, str, str | None]) -> SimResult:
    variant, changes, base, seats, games, seed, house = args
    _install(changes, base)
    return simulate(load_variants(house)[variant], seats, games=games, seed=seed)


def games_ab(a: Any, changes: dict[str, float], base: Any, variant: str, a_level: str, shown: str) -> None:
    """--games: whole games (a rule of the game's end, such as bid-out, shows only there),
    B's team against A's, then the same seeds with the teams swapped: B's share of the
    games won, with a 95% CI (normal approximation over the games)."""
    v = load_variants(a.variants)[variant]
    if v.n_sides != 2:
        raise SystemExit(f"bots_ab: --games needs two sides; {variant} has {v.n_sides}")
    won = played = 0
    for b_side in (0, 1):
        seats = ["b" if v.side_of[s] == b_side else a_level for s in range(v.players)]
        r = _games_job((variant, changes, base, seats, a.games, f"{a.seed}/games", a.variants))
        won += r.games_won[b_side]
        played += sum(r.games_won)
    p = won / max(1, played)
    half = 1.96 * (p * (1 - p) / max(1, played)) ** 0.5
    print(
        f"B = {shown}, {variant}, whole games: B wins {won} of {played} "
        f"({p:.1%}, 95% CI {p - half:.1%} .. {p + half:.1%})"
    )


# ---------------------------------------------------------------------- throw-ins
BANDS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.01)


def _margin(v: Any, changes: Any, bidder: int) -> float:
    """The bidding side's points minus the other sides' (their mean, in a game of individuals)."""
    side = v.side_of[bidder]
    others = [c for s, c in enumerate(changes) if s != side]
    return changes[side] - sum(others) / len(others)


def _play_out(state: Any, bots_: list[Any]) -> Any:
    """``state`` played to the end by ``bots_`` (each asked only for a real choice)."""
    while state.phase is not Phase.DONE:
        if state.phase is Phase.TRICKS and type(state) is RoundState:
            po = Playout(state)
            while not po.done:
                faces = po.legal()
                card = (
                    faces[0]
                    if len(faces) == 1
                    else bots_[po.seat].act(po.view(po.seat), [PLAYS[f] for f in faces], None).card
                )
                po.play(card)
            return po.state()
        legal = legal_actions(state)
        seat = state.to_act
        action = legal[0] if len(legal) == 1 else bots_[seat].act(observe(state, seat), legal, None)
        state = apply(state, action)
    return state


def _throw_in_job(args: tuple[str, dict[str, float], int, int, str]) -> dict[str, Any]:
    """Hands ``lo`` .. ``hi`` - 1: at every throw-in choice, both ways played out."""
    variant, changes, lo, hi, seed = args
    _install(changes, None)
    v = load_variants()[variant]
    n = v.players
    players = [_Changed() for _ in range(n)]
    rows = []
    for i in range(lo, hi):
        state = new_round(v, i % n, hand_rng(seed, i))
        while state.phase is not Phase.DONE:
            legal = legal_actions(state)
            seat = state.to_act
            if state.phase is Phase.MELD and Concede() in legal and PlayOn() in legal:
                view = observe(state, seat)
                p_make = players[seat].throw_in_chance(view)
                chose = players[seat].act(view, legal, None)
                conceded = _margin(v, apply(state, Concede()).result.changes, seat)
                played = _play_out(apply(state, PlayOn()), players).result
                side = v.side_of[seat]
                need, tricks, sd, gain = players[seat].throw_in_figures(view)
                figures = {
                    "hand": i,
                    "buried": sum(v.card_points[c] for c in view.buried) if v.kitty_discards_count_for_bidder else 0,
                    "contract": view.contract,
                    "need": need,
                    "tricks": tricks,
                    "sd": sd,
                    "gain": gain,
                    "share": trick_share(_counts(view.hand), view.trump.index, v, 0.0, v.sides == "pairs_opposite"),
                    "took": played.sides[side].trick_points,
                    "made": bool(played.sides[side].made),
                }
                rows.append((p_make, type(chose) is Concede, _margin(v, played.changes, seat) - conceded, figures))
                break
            if state.phase is Phase.TRICKS:
                break
            action = legal[0] if len(legal) == 1 else players[seat].act(observe(state, seat), legal, None)
            state = apply(state, action)
    return {"rows": rows, "hands": hi - lo}


def throw_ins(a: argparse.Namespace, changes: dict[str, float], variant: str, jobs: int) -> None:
    step = max(1, a.throw_ins // (jobs * 4))
    parts = [
        (variant, changes, lo, min(a.throw_ins, lo + step), f"{a.seed}-throw") for lo in range(0, a.throw_ins, step)
    ]
    with mp.Pool(jobs) as pool:
        results = pool.map(_throw_in_job, parts)
    rows = [r for res in results for r in res["rows"]]
    if a.dump:
        Path(a.dump).write_text(json.dumps(rows))
    shown = " ".join(f"{k}={v:g}" for k, v in changes.items()) or "(no change)"
    print(
        f"throw-ins: B = {shown}, {variant}, seed {a.seed!r}: {a.throw_ins} hands, {len(rows)} choices between "
        "conceding and playing on, each played both ways"
    )
    print(f"{'P(make) by the bot':>20} {'choices':>8} {'conceded':>9} {'play on - concede':>18} {'95% CI':>18}")
    for lo, hi in itertools.pairwise(BANDS):
        band = [r for r in rows if lo <= r[0] < hi]
        m = Moments()
        for r in band:
            m.add(r[2])
        mean, cl, ch = m.ci95()
        conceded = sum(r[1] for r in band)
        label, ci = f"{lo:.2f} .. {min(hi, 1.0):.2f}", f"{cl:+.1f} .. {ch:+.1f}"
        print(f"{label:>20} {len(band):>8} {conceded:>9} {mean:>+18.1f} {ci:>18}")
    policy = sum(0.0 if r[1] else r[2] for r in rows)  # the bot's choices, against conceding every time
    best = sum(max(0.0, r[2]) for r in rows)
    always = sum(r[2] for r in rows)
    k = max(1, len(rows))
    print(
        f"per choice, over conceding every time: the bot's choices {policy / k:+.2f}, always play on "
        f"{always / k:+.2f}, the better of the two each time {best / k:+.2f}; the bot conceded "
        f"{sum(r[1] for r in rows)} of {len(rows)} ({sum(r[1] for r in rows) / k:.1%})"
    )


def _presets(names: str, house: str | None = None) -> list[str]:
    variants = load_variants(house)
    if names == "auction":
        return [name for name, v in variants.items() if v.round_flow != "stock"]
    out = [x.strip() for x in names.split(",") if x.strip()]
    for name in out:
        if name not in variants:
            raise SystemExit(f"bots_ab: unknown variant {name!r}; choose from: {', '.join(variants)}, or auction")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("changes", nargs="*", metavar="NAME=VALUE", help="weights of StandardBot to change")
    ap.add_argument("--variant", default="partnership", help="a preset, several with commas, or 'auction'")
    ap.add_argument("--hands", type=int, default=20000, help="hands in all per preset (two or three per board)")
    ap.add_argument("--self-play", type=int, metavar="HANDS", help="B in every seat: its make rate alone")
    ap.add_argument("--games", type=int, metavar="GAMES", help="whole games per seating, B's team against A's")
    ap.add_argument("--throw-ins", type=int, metavar="HANDS", help="concede against play on at every throw-in choice")
    ap.add_argument("--dump", metavar="FILE", help="--throw-ins: also write every choice's figures to FILE (JSON)")
    ap.add_argument("--base", metavar="REV", help="A is the bots package of this git revision")
    ap.add_argument("--variants", metavar="FILE", help="a variants file of your own (house presets to --variant)")
    ap.add_argument("--seed", default="ab")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    changes: dict[str, float] = {}
    for item in a.changes:
        name, sep, value = item.partition("=")
        if not sep or not hasattr(StandardBot, name) or name.startswith("_"):
            ap.error(f"{item!r}: give NAME=VALUE with NAME a weight of StandardBot (e.g. pull_bonus=8)")
        try:
            changes[name] = float(value)
        except ValueError:
            ap.error(f"{item!r}: the value must be a number")
    if a.hands < 2 or (a.self_play is not None and a.self_play < 1) or (a.throw_ins is not None and a.throw_ins < 1):
        ap.error("--hands is at least 2, --self-play and --throw-ins at least 1")
    try:
        presets = _presets(a.variant, a.variants)
    except SystemExit as exc:
        ap.error(str(exc).removeprefix("bots_ab: "))
    base = _unpack_base(a.base) if a.base else None
    if base is not None:
        atexit.register(shutil.rmtree, base, True)
    _install(changes, base)
    jobs = max(1, a.jobs)
    variants = load_variants(a.variants)
    shown = " ".join(f"{k}={v:g}" for k, v in changes.items()) or "(no change)"
    a_name = f"standard@{a.base}" if a.base else "standard"
    a_level = "base" if a.base else "standard"
    for variant in presets:
        players = variants[variant].players
        if a.throw_ins:
            throw_ins(a, changes, variant, jobs)
            continue
        if a.games:
            games_ab(a, changes, base, variant, a_level, shown)
            continue
        if a.self_play:
            per = max(1, a.self_play // jobs)
            parts = [
                (variant, changes, base, ["b"] * players, per, f"{a.seed}/{i}", False, a.variants) for i in range(jobs)
            ]
        else:
            v0 = variants[variant]
            if v0.n_sides < players:  # teams (partners, teams of 2, 3 or 4): B in every seat of side 0
                seats = ["b" if v0.side_of[s] == 0 else a_level for s in range(players)]
                tables = v0.n_sides
            else:  # each for self (five-hand's called partner too): B in seat 0
                seats = ["b"] + [a_level] * (players - 1)
                tables = players
            boards = max(1, a.hands // tables // jobs)
            per_job = boards * tables
            parts = [(variant, changes, base, seats, per_job, f"{a.seed}/{i}", True, a.variants) for i in range(jobs)]
        with mp.Pool(jobs) as pool:
            r = merge(pool.map(_job, parts))
        d = r.to_json()
        makes = "; ".join(
            f"{'B' if level == 'b' else a_name} makes {x['make_rate']:.1%} of {x['contracts']} (threw in "
            f"{x['concessions'] / max(1, x['contracts']):.1%}, average bid {x['avg_bid']:.1f})"
            for level, x in d["bidders"].items()
            if x["contracts"]
        )
        if a.self_play:
            print(f"B = {shown}, {variant}, self-play, {r.hands} hands: {makes}")
        else:
            lo, hi = d["ci95"] or (float("nan"), float("nan"))  # (null from one board: no interval)
            verdict = "B wins" if lo > 0 else "B loses" if hi < 0 else "no difference shown"
            print(
                f"B = {shown}, {variant}: B - {a_name} {d['points_per_board']:+.1f} points per board "
                f"(95% CI {lo:+.1f} .. {hi:+.1f}; {verdict}) over {d['boards']} boards; {makes}"
            )
        if r.errors or r.illegal:
            print(f"  problems: {len(r.errors)} errors, {len(r.illegal)} illegal actions: {(r.errors + r.illegal)[:2]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
