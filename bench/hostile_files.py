"""Figures for hostile files: damaged variants files, saves and settings files tried, and how
many got the one-line or boxed answer (goal: all).  Prints them; asserts nothing.

    nice .venv/bin/python bench/hostile_files.py [--seed 11] [--n 300] [--kinds variants,saves,settings]
    .venv/bin/python bench/hostile_files.py --kinds saves --file /tmp/hostile/saves-11-17.json   (one file again)

Every file is made from a good one (the shipped ``variants.toml`` or a small house file; a
real game's save after a few decisions; a good ``settings.json``), damaged in one seeded
way (truncated, bytes flipped/inserted/deleted, unicode and control characters, nesting
thousands deep, a value swapped for one of another type, huge or out-of-range numbers,
random knob values, unknown keys, ``extends`` cycles and chains, actions swapped for other
legal-looking ones, ...), and given to the program as a user would give it:

- variants: ``pinochle variants --check FILE`` (`pinochle_tui.cli.main`, in-process, its
  output captured).  Good: exit 2 with one line on stderr (no traceback, no control
  character), or exit 0 and "ok", and then every preset of the file plays two hands with
  the random bot through `rules.rounds` (a preset that validates must be playable).
- saves: the file as the newest save under a fresh ``PINOCHLE_HOME``, then
  `pinochle_tui.app_main.build_app` with ``--resume``.  Good: no game, and a one-line
  notice that the save is damaged (or not a save, or another version's) and left in
  place, with the file's bytes unchanged and nothing else written; or the save is still
  a game, and then every seat's view (and the public one of a hot-seat hand-off) draws
  through the table's panels, and the game plays on for a few decisions.
- settings: the file as ``settings.json``, then `Settings.load` and `build_app` (a new
  game with ``--seed``).  Good: no exception; when the file was broken, ``problem`` is one
  line naming the file, ``settings.json.bad`` holds its bytes and ``settings.json`` is
  untouched or holds what was valid in it (then read without a problem by the next
  start); when it was not, no problem, no ``.bad`` copy and the file as it was; what was
  kept saves and reads back without a problem.

Each kind runs in a worker subprocess (niced, address space capped at 4 GiB); a case gets
``--timeout`` seconds (an alarm, then a kill), so a hang is a failure like any other.
Every failing file is kept in /tmp/hostile/ with a ``.txt`` beside it saying how it was
made, what happened and how to try it again.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import typing
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KINDS = ("variants", "saves", "settings")
EXT = {"variants": "toml", "saves": "json", "settings": "json"}
OUT = Path("/tmp/hostile")
LEFT = ". The file was left in place; you can start a new game."
SAVE_NAME = "game-20200101-000000.json"
MAX_STEPS = 20_000  # decisions in one hand before it counts as stuck
MEMORY_CAP = 4 * 2**30
# the exception names that say an internal error, not a refusal, produced a message
INTERNAL = (
    "IndexError",
    "KeyError",
    "TypeError",
    "AttributeError",
    "RecursionError",
    "MemoryError",
    "ZeroDivisionError",
    "AssertionError",
    "OverflowError",
    "UnboundLocalError",
    "NameError",
    "Exceeds the limit",
)

HOUSE_TOML = """\
# our table's presets
[house]
extends = "partnership"
description = "our Friday game: min bid 300, 20s above 500, no bid ending in 40"
min_bid = 300
bid_unit_above = [[500, 20]]
forbidden_bid_endings = [40]
game_target = 2000

[house-three]
extends = "three-hand"
description = "three-hand to 150, stuck at 180"
dealer_stuck_bid = 180
game_target = 1500
tie_break = "highest_score"

[house-kitty]
extends = "partnership-kitty"
concession = "meld_plus_100"
bury_restriction = "no_trump_or_ace_unless_forced"
"""

GOOD_SETTINGS = {
    "bot_delay": 0.3,
    "trick_delay": 0.8,
    "last": {
        "variant": "three-hand",
        "seats": [
            {"kind": "human", "name": "Ann", "level": ""},
            {"kind": "bot", "name": "West", "level": "standard"},
            {"kind": "bot", "name": "East", "level": "easy"},
        ],
        "target": 1000,
        "seed": "friday",
    },
    "keys": {"hint": "f5", "auto": "f6", "undo": "ctrl+z"},
}


class CaseTimeout(BaseException):
    """The per-case alarm: a BaseException, so no ``except Exception`` in the code under test
    can turn a hang into an answer."""


@dataclass
class Case:
    kind: str
    index: int
    how: str
    data: bytes


@dataclass
class Verdict:
    good: bool
    answer: str  # "refused" / "valid" / "notice" / "failure"
    why: str = ""
    line: str = ""  # the one line given (or the notice)
    suspect: bool = False  # a good answer whose words name an internal error
    played: int = 0  # presets played (variants)


# ---------------------------------------------------------------------- random values


def _toml_str(s: str) -> str:
    out = []
    for ch in s:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml(value: Any) -> str:
    """A TOML literal for ``value`` (bools, ints of any size, floats incl. inf/nan, text,
    lists, tables); `Raw` is written as it is."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _toml_str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_str(str(k))} = {_toml(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


@dataclass(frozen=True)
class Raw:
    """Text put into a file as it is (a nesting too deep to build, an int too long to print)."""

    text: str


def _nest(rng: random.Random, depth: int, json_form: bool) -> Raw:
    shape = rng.choice(["array", "table", "mixed"])
    if shape == "array" or (shape == "table" and json_form and rng.random() < 0.3):
        return Raw("[" * depth + "1" + "]" * depth)
    if shape == "table":
        if json_form:
            return Raw('{"a":' * depth + "1" + "}" * depth)
        return Raw("{a = " * depth + "1" + "}" * depth)
    opener, closer = ('[{"a":', "}]") if json_form else ("[{a = ", "}]")
    return Raw(opener * (depth // 2) + "1" + closer * (depth // 2))


DEPTHS = (31, 32, 33, 50, 500, 999, 1000, 1001, 3000, 10_000, 100_000)
DOTTED = (30, 31, 32, 100, 1000, 16_000, 100_000, 400_000)  # parts of a dotted TOML key
BIG_INTS = (2**31 - 1, 2**31, 2**63 - 1, 2**63, 2**64, 10**18, 10**30, -(10**30), 10**300)
UNICODE = (
    "\x00",
    "\x07",
    "\x08",
    "\t",
    "\n",
    "\r",
    "\x1b",
    "\x1b[31m",
    "\x7f",
    "\x85",
    "\x9b",
    "\u00a0",
    "\u0301",
    "\u200b",
    "\u2028",
    "\u2029",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\ufffd",
    "\U0001f0a1",
    "\U0001f600",
    "漢字",
    "ß",
    "\ud800",  # a lone surrogate: not UTF-8 once written
)


def hostile_value(rng: random.Random, json_form: bool) -> Any:
    """A value of any type, often one no field takes."""
    pick = rng.randrange(14)
    if pick == 0:
        return rng.choice(["", "x", "250", "partnership", "true", "null", "\x1b[31mred", "A" * 100_000])
    if pick == 1:
        return rng.choice(BIG_INTS)
    if pick == 2:
        return rng.choice([0, -1, -10, -250, 1, 7, 99])
    if pick == 3:
        return rng.choice([0.5, 250.0, -0.0, 1e308, float("inf"), float("-inf"), float("nan")])
    if pick == 4:
        return rng.choice([[], [1, 2], [[1, 2, 3]], [["a", "b"]], [[600, 50], [500, 10]], [True]])
    if pick == 5:
        return rng.choice([{}, {"a": 1}, {"kind": "bid", "amount": 250}, {"min_bid": 300}])
    if pick == 6:
        return rng.choice([True, False])
    if pick == 7:
        return _nest(rng, rng.choice(DEPTHS), json_form)
    if pick == 8:  # more digits than int() reads (4,300)
        return Raw(rng.choice(["9" * 5000, "-" + "1" * 4301, "1" + "0" * 4300]))
    if pick == 9:
        return "".join(rng.choice(UNICODE) for _ in range(rng.randint(1, 6)))
    if pick == 10 and json_form:
        return None
    if pick == 10:
        return Raw(rng.choice(["1979-05-27", "07:32:00", "1979-05-27T07:32:00Z", "0x7fffffffffffffffff", "0b101"]))
    if pick == 11:
        return rng.choice([10**400, -(10**400)]) if json_form else Raw("0x" + "f" * rng.choice([20, 3000, 5000]))
    if pick == 12:
        return [hostile_value(rng, json_form) for _ in range(rng.randint(1, 3))]
    return {"x" * rng.randint(1, 3): hostile_value(rng, json_form)}


def _variant_fields() -> dict[str, Any]:
    from rules import Variant

    return dict(Variant.model_fields)


def knob_value(rng: random.Random, name: str, info: Any, base: Any, json_form: bool = False) -> Any:
    """A value for the `Variant` field ``name``: usually one of its kind (a listed word, a
    whole number, often extreme or near a bound of ``base``), sometimes anything."""
    if rng.random() < 0.12:
        return hostile_value(rng, json_form)
    ann = info.annotation
    args = typing.get_args(ann)
    if typing.get_origin(ann) is typing.Literal:
        return rng.choice(args) if rng.random() < 0.9 else rng.choice(["", "none", "x", 5, True])
    if ann is bool:
        return rng.choice([True, False])
    if ann is str:
        return rng.choice(["", "ours", "\x1b[31mred", "[/x]", "a" * 2000, "line\nbreak"])
    if name == "bid_unit_above":
        lo = getattr(base, "min_bid", 250)
        n = rng.choice([1, 1, 1, 2, 3])
        if rng.random() < 0.2:
            return [[rng.choice(BIG_INTS + (lo, 0, -1)), rng.choice((1, 0, -5, 10**30))] for _ in range(n)]
        return [[lo + rng.randint(0, 40) * 10, rng.choice([10, 20, 25, 50, 100])] for _ in range(n)]
    if name == "forbidden_bid_endings":
        if rng.random() < 0.2:
            return [rng.choice((-1, 100, 10**30, 5, 99)) for _ in range(rng.randint(1, 3))]
        return sorted(rng.sample(range(0, 100, 10), rng.randint(0, 10)))
    # whole numbers (int, or int | None)
    if type(None) in args and rng.random() < 0.15:
        return "none" if rng.random() < 0.5 else rng.choice([0, -1])
    r = rng.random()
    if r < 0.45:
        return rng.choice([1, 2, 3, 4, 5, 10, 12, 15, 20, 25, 50, 100, 150, 190, 200, 250, 300, 500, 1000, 1500, 5000])
    if r < 0.6:
        return rng.randint(0, 60) * 10
    if r < 0.75:
        return rng.choice(BIG_INTS + (0, -1, -10))
    # near a bound that follows from the rules
    bounds = []
    for attr in ("max_game_target", "hand_score_bound", "hand_trick_total", "seat_meld_bound", "max_bid"):
        with contextlib.suppress(Exception):
            bounds.append(int(getattr(base, attr)))
    with contextlib.suppress(Exception):
        bounds.append(base.min_bid + 3000 * base.bid_unit)
    b = rng.choice(bounds or [1000])
    return b + rng.choice([-10, -1, 0, 1, 10])


# ---------------------------------------------------------------------- byte and text damage


def truncate(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    at = rng.randrange(len(data) + 1)
    return data[:at], f"truncated at byte {at} of {len(data)}"


def bytes_damage(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    buf = bytearray(data)
    done = []
    for _ in range(rng.randint(1, 8)):
        op = rng.choice(["flip", "insert", "delete"])
        at = rng.randrange(len(buf) + 1)
        if op == "flip" and at < len(buf):
            buf[at] ^= rng.randint(1, 255)
        elif op == "insert":
            buf.insert(at, rng.randrange(256))
        elif at < len(buf):
            del buf[at]
        done.append(f"{op}@{at}")
    return bytes(buf), "bytes " + " ".join(done)


def unicode_damage(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    text = data.decode("utf-8")
    chars = []
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(text) + 1)
        piece = rng.choice(UNICODE)
        text = text[:at] + piece + text[at:]
        chars.append(f"{piece!r}@{at}")
    return text.encode("utf-8", errors="surrogatepass"), "unicode " + " ".join(chars)


# ---------------------------------------------------------------------- variants files


def _shipped_text() -> str:
    from rules.variant import shipped_variants_path

    return shipped_variants_path().read_text(encoding="utf-8")


def _value_lines(text: str) -> list[int]:
    """Line numbers of ``key = value`` lines inside presets."""
    out = []
    for i, line in enumerate(text.splitlines()):
        s = line.strip()
        if s and not s.startswith(("#", "[")) and "=" in s:
            out.append(i)
    return out


def _preset_names(text: str) -> list[str]:
    return [ln.strip()[1:-1] for ln in text.splitlines() if ln.strip().startswith("[") and ln.strip().endswith("]")]


def variants_case(rng: random.Random, index: int) -> Case:
    from rules import load_variants

    shipped_text = _shipped_text()
    base_name, text = rng.choice([("shipped", shipped_text), ("house", HOUSE_TOML)])
    data = text.encode("utf-8")
    mode = rng.choice(
        [
            "truncate",
            "bytes",
            "unicode",
            "nesting",
            "retype",
            "knobs",
            "knobs",
            "knobs",
            "unknown",
            "extends",
            "names",
            "dotted",
        ]
    )
    how = ""
    shipped = load_variants()
    fields = _variant_fields()
    if mode == "truncate":
        data, how = truncate(rng, data)
    elif mode == "bytes":
        data, how = bytes_damage(rng, data)
    elif mode == "unicode":
        data, how = unicode_damage(rng, data)
    elif mode in ("nesting", "retype"):
        lines = text.splitlines()
        at = rng.choice(_value_lines(text))
        key = lines[at].split("=", 1)[0].strip()
        if mode == "nesting" or rng.random() < 0.1:
            value: Any = _nest(rng, rng.choice(DEPTHS), json_form=False)
        else:
            value = hostile_value(rng, json_form=False)
        shown = _toml(value)
        lines[at] = f"{key} = {shown}"
        data = ("\n".join(lines) + "\n").encode("utf-8", errors="surrogatepass")
        how = f"line {at + 1}: {key} = {shown[:60]!s}{'...' if len(shown) > 60 else ''}"
    elif mode == "dotted":  # a dotted key of many parts: tomllib's time grows as their square
        parts = rng.choice(DOTTED)
        preset = rng.choice(_preset_names(text))
        if rng.random() < 0.5:
            extra = f"[{preset}.{'.'.join(['a'] * parts)}]\nx = 1\n"
            how = f"a table header [{preset}.a.a...] of {parts + 1} parts"
        else:
            extra = f"[dots]\nmin_bid.{'.'.join(['a'] * parts)} = 1\n"
            how = f"a dotted key min_bid.a.a... of {parts + 1} parts"
        data = (text + "\n" + extra).encode("utf-8")
    elif mode == "knobs":
        parent = rng.choice(list(shipped))
        base = shipped[parent]
        names = [f for f in fields if f not in ("name",)]
        chosen = rng.sample(names, rng.randint(1, 4))
        body = [f"[knobs-{index}]", f'extends = "{parent}"']
        for name in chosen:
            body.append(f"{name} = {_toml(knob_value(rng, name, fields[name], base))}")
        extra = "\n".join(body) + "\n"
        data = (text + "\n" + extra).encode("utf-8", errors="surrogatepass")
        how = "knobs: " + "; ".join(body[1:])[:300]
    elif mode == "unknown":
        pick = rng.randrange(5)
        preset = rng.choice(_preset_names(text))
        if pick == 0:
            name = rng.choice(list(fields))
            key = name[:-1] if len(name) > 3 else name + "s"
        elif pick == 1:
            key = rng.choice(["colour", "min-bid", "MIN_BID", "extends ", "name", "\x1b", "é", "a" * 500])
        elif pick == 2:
            key = "".join(rng.choice(UNICODE[:-1]) for _ in range(3))
        else:
            key = ""
        extra_line = f"{_toml_str(key)} = {_toml(rng.choice([1, 'x', True]))}"
        if pick == 4:  # a top-level key that is not a table
            data = (extra_line + "\n" + text).encode("utf-8")
            how = f"top-level {extra_line[:80]}"
        else:
            lines = text.splitlines()
            at = lines.index(f"[{preset}]")
            lines.insert(at + 1, extra_line)
            data = ("\n".join(lines) + "\n").encode("utf-8")
            how = f"[{preset}] {extra_line[:80]}"
    elif mode == "extends":
        pick = rng.randrange(5)
        if pick == 0:  # a cycle
            n = rng.randint(1, 6)
            extra = "".join(f'[cyc{i}]\nextends = "cyc{(i + 1) % n}"\n' for i in range(n))
            how = f"an extends cycle of {n}"
        elif pick == 1:  # a long chain
            n = rng.choice([10, 100, 500, 900, 990, 1200, 3000])
            extra = (
                "".join(f'[ch{i}]\nextends = "ch{i + 1}"\n' for i in range(n)) + f'[ch{n}]\nextends = "partnership"\n'
            )
            how = f"an extends chain {n + 1} presets long"
        elif pick == 2:
            target = rng.choice(["nobody", "", "house", "Partnership", "partnership ", "\x1b[31m"])
            extra = f"[ext]\nextends = {_toml_str(target)}\n"
            how = f"extends {target!r}"
        elif pick == 3:
            extra = f"[ext]\nextends = {_toml(hostile_value(rng, json_form=False))}\n"
            how = "extends a value of another type"
        else:  # many presets
            n = rng.choice([200, 1000, 2000])
            parents = list(shipped)
            extra = "".join(f'[many{i}]\nextends = "{parents[i % len(parents)]}"\n' for i in range(n))
            how = f"{n} presets"
        data = (text + "\n" + extra).encode("utf-8", errors="surrogatepass")
    else:  # names
        name = rng.choice(
            ["", " ", "a.b", "\x1b[31mRED", "[/x]", "x" * 10_000, "\u202eevil", "名前", "partnership", "\n"]
        )
        quoted = _toml_str(name)
        extra = f"[{quoted}]\nmin_bid = {rng.choice([250, 300, 10**30])}\n"
        data = (text + "\n" + extra).encode("utf-8")
        how = f"a preset named {name[:40]!r}"
    return Case("variants", index, f"{base_name} {mode}: {how}", data)


def _one_line(text: str) -> str | None:
    """Why ``text`` is not one printable line ending in a newline, or None."""
    if not text.endswith("\n") or len(text.splitlines()) != 1:
        return f"{len(text.splitlines())} lines"
    if "Traceback" in text:
        return "a traceback"
    bad = next((ch for ch in text[:-1] if _control(ch)), None)
    if bad is not None:
        return f"a control character {bad!r} in it (not made visible)"
    return None


def _control(ch: str) -> bool:
    """A character that acts on a terminal instead of being drawn: C0, DEL and
    C1 controls, the line and paragraph separators, the bidi controls."""
    import unicodedata

    return unicodedata.category(ch) in ("Cc", "Zl", "Zp") or 0x202A <= ord(ch) <= 0x202E or 0x2066 <= ord(ch) <= 0x2069


def play_hands(variant: Any, seed: str, hands: int = 2) -> None:
    """``hands`` hands of ``variant`` (fewer if the game ends) with the random bot at every
    seat, through `rules.rounds` (as tests/rules/test_knob_values.py plays them)."""
    from bots import make_bot
    from rules import GameState, apply, current_seat, legal_actions, observe

    game = GameState.start(variant, seed=seed)
    bot = make_bot("random")
    rng = random.Random(seed)
    for k in range(hands):
        if game.over:
            return
        state = game.new_round()
        steps = 0
        while (seat := current_seat(state)) is not None:
            steps += 1
            if steps > MAX_STEPS:
                raise RuntimeError(f"hand {k + 1} did not end in {MAX_STEPS} decisions")
            legal = legal_actions(state)
            if not legal:
                raise RuntimeError(f"hand {k + 1}: no legal action for seat {seat} in {state.phase}")
            state = apply(state, bot.act(observe(state, seat), legal, rng))
        if state.result is None:
            raise RuntimeError(f"hand {k + 1} ended without a result")
        game = game.after_hand(state.result)


def judge_variants(case: Case, work: Path) -> Verdict:
    from pinochle_tui.cli import main
    from rules import load_variants, load_variants_text

    path = work / f"house-{case.index}.toml"
    path.write_bytes(case.data)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = main(["variants", "--check", str(path)])
    except CaseTimeout:
        raise
    except BaseException:
        return Verdict(False, "failure", "an exception escaped main():\n" + traceback.format_exc())
    o, e = out.getvalue(), err.getvalue()
    if rc == 2:
        problem = _one_line(e)
        if o or problem:
            return Verdict(False, "failure", f"exit 2 with {problem or 'output on stdout'}: {e[:2000]!r} {o[:300]!r}")
        return Verdict(True, "refused", line=e.rstrip("\n"), suspect=any(w in e for w in INTERNAL))
    if rc != 0:
        return Verdict(False, "failure", f"exit {rc}: stderr {e[:2000]!r}")
    if e or _one_line(o) or ": ok (" not in o:
        return Verdict(False, "failure", f"exit 0 but not one 'ok' line: stdout {o[:500]!r} stderr {e[:500]!r}")
    # it says ok: every preset of the file must play
    try:
        text = case.data.decode("utf-8")
        from rules.variant import shipped_variants_path

        shipped = load_variants_text(shipped_variants_path().read_text(encoding="utf-8"))
        mine = list(load_variants_text(text, str(path), base=shipped))
        merged = load_variants(path)
    except CaseTimeout:
        raise
    except BaseException:
        return Verdict(False, "failure", "said ok, but loading it again raised:\n" + traceback.format_exc())
    seen: set[str] = set()  # presets with the same rules (a file of 2,000 copies) are played once
    for name in mine:
        rules_of = merged[name].model_dump_json(exclude={"name", "description"})
        if rules_of in seen:
            continue
        seen.add(rules_of)
        try:
            play_hands(merged[name], seed=f"hostile-{case.index}")
        except CaseTimeout:
            raise
        except BaseException:
            return Verdict(
                False,
                "failure",
                f"said ok, but preset {name!r} crashed in play (2 hands, random bot, seed 'hostile-{case.index}'):\n"
                + traceback.format_exc(),
            )
    return Verdict(True, "valid", line=o.rstrip("\n"), played=len(seen))


# ---------------------------------------------------------------------- JSON damage (saves, settings)


def _paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*at, i))
    return out


def _get(node: Any, at: tuple[Any, ...]) -> Any:
    for part in at:
        node = node[part]
    return node


def _dumps(data: Any, indent: int | None = None) -> str:
    """JSON text of ``data``, with every `Raw` put in as it is (through placeholders)."""
    raws: list[str] = []

    def swap(node: Any) -> Any:
        if isinstance(node, Raw):
            raws.append(node.text)
            return f"@@RAW{len(raws) - 1}@@"
        if isinstance(node, dict):
            return {k: swap(v) for k, v in node.items()}
        if isinstance(node, (list, tuple)):
            return [swap(v) for v in node]
        return node

    text = json.dumps(swap(data), indent=indent, separators=None if indent else (",", ":"))
    for i, raw in enumerate(raws):
        text = text.replace(f'"@@RAW{i}@@"', raw)
    return text


def json_path_damage(rng: random.Random, data: Any) -> str:
    """Change ``data`` in place at a random path: a value of another type, a key deleted or
    added, an item appended, a value wrapped in a list.  Returns what was done."""
    paths = [p for p in _paths(data) if p]
    at = rng.choice(paths)
    parent = _get(data, at[:-1])
    key = at[-1]
    where = "/".join(map(str, at))
    op = rng.choice(["swap", "swap", "swap", "delete", "add", "wrap"])
    if op == "delete":
        del parent[key]
        return f"deleted {where}"
    if op == "add":
        target = parent if isinstance(parent, dict) else None
        if isinstance(parent[key], dict):
            target = parent[key]
        if target is not None:
            extra = rng.choice(["x", "colour", "\x1b", "", "kind", "a" * 300])
            target[extra] = hostile_value(rng, json_form=True)
            return f"added key {extra[:20]!r} beside {where}"
        if isinstance(parent, list):
            parent.append(hostile_value(rng, json_form=True))
            return f"appended to {'/'.join(map(str, at[:-1]))}"
    if op == "wrap":
        parent[key] = [parent[key]]
        return f"wrapped {where} in a list"
    value = hostile_value(rng, json_form=True)
    parent[key] = value
    return f"{where} = {_dumps(value)[:60]}"


def json_text_damage(rng: random.Random, text: str) -> tuple[bytes, str]:
    pick = rng.randrange(8)
    if pick == 0:
        return ("\ufeff" + text).encode("utf-8"), "a byte-order mark first"
    if pick == 1:
        return text.encode("utf-16"), "written as UTF-16"
    if pick == 2:
        return rng.choice([b"", b" ", b"null", b"[]", b"{}", b"0", b'"x"', b"{"]), "a file of almost nothing"
    if pick == 3:
        return (text + text).encode("utf-8"), "two copies one after the other"
    if pick == 4:
        return (text + "\n// edited\n").encode("utf-8"), "a comment after it"
    if pick == 5:
        return text.replace(":", ":" + "9" * 5000 + ",", 1).encode("utf-8"), "a number of 5,000 digits"
    if pick == 6:
        return (text.rstrip()[:-1] + ',"x":NaN,"y":Infinity}').encode("utf-8"), "NaN and Infinity added"
    dup = text.rstrip()[:-1] + "," + text.strip()[1:]
    return dup.encode("utf-8"), "every key twice"


# ---------------------------------------------------------------------- saves


SAVE_PRESETS = (
    "partnership",
    "partnership-kitty",
    "three-hand",
    "cutthroat",
    "double-deck",
    "two-hand",
    "two-hand-draft",
)


def _base_save(rng: random.Random) -> tuple[dict[str, Any], list[list[list[Any]]], str]:
    """A real game's save after a few random decisions, the legal actions (as saved) at
    each of its decisions, and what it is."""
    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.save import to_json
    from rules import ACTION_ADAPTER, Phase, load_variants

    name = rng.choice(SAVE_PRESETS)
    v = load_variants()[name]
    humans = 2 if v.players > 2 and rng.random() < 0.25 else 1
    spec = ["human"] * humans + ["random"] * (v.players - humans)
    ctrl = Controller(v, default_seats(v.players, spec), seed=f"h{rng.randrange(10**6)}")
    steps = rng.choice([0, 1, 3, 8, 20, 40, 80, 150])
    legal_at: list[list[list[Any]]] = [[]]
    for _ in range(steps):
        if ctrl.round.phase is Phase.DONE:
            if ctrl.game.over:
                break
            ctrl.next_hand()
            legal_at.append([])
        legal = list(ctrl.legal())
        legal_at[-1].append([ACTION_ADAPTER.dump_python(a, mode="json") for a in legal])
        ctrl.apply(rng.choice(legal))
    return to_json(ctrl), legal_at, f"{name} after {sum(map(len, legal_at))} decisions"


def _looking_action(rng: random.Random) -> Any:
    from rules import CARDS

    card = rng.choice([str(c) for c in CARDS] + ["10S", "1S", "as", "ZZ", "", "AS AS", "AS,TS"])
    cards = [str(c) for c in rng.sample(CARDS, rng.randint(0, 6))]
    kind = rng.choice(
        ["bid", "pass_bid", "name_trump", "pass_cards", "bury", "concede", "play_on", "play", "meld", "dix"]
        + ["no_meld", "take_stock", "draft", "claim_misdeal", "keep_hand", "cheat", "BID"]
    )
    a: dict[str, Any] = {"kind": kind}
    if kind == "bid":
        a["amount"] = rng.choice([250, 260, 255, 10, 0, -10, 10**30, 5000, 251, 300])
    elif kind == "name_trump":
        a["suit"] = rng.choice(["S", "H", "D", "C", "X", "s", 0])
    elif kind in ("pass_cards", "bury"):
        a["cards"] = cards if rng.random() < 0.7 else " ".join(cards)
    elif kind == "play":
        a["card"] = card
        a["from_table"] = rng.choice([False, True])
    elif kind == "meld":
        a["name"] = rng.choice(["marriage", "royal marriage", "run", "pinochle", "aces around", "nothing"])
        a["cards"] = cards
    elif kind == "dix":
        a["exchange"] = rng.choice([True, False])
    elif kind == "take_stock":
        a["turn_up"] = rng.choice([True, False])
    elif kind == "draft":
        a["keep"] = rng.choice([True, False])
    return a


def saves_case(rng: random.Random, index: int) -> Case:
    base, legal_at, what = _base_save(rng)
    data: Any = json.loads(json.dumps(base))
    players = len(data["seats"])
    mode = rng.choice(
        ["truncate", "bytes", "unicode", "path", "path", "nesting", "range", "actions", "actions"]
        + [
            "legal",
            "variant",
            "seats",
            "text",
        ]
    )
    text = _dumps(data)
    raw = b""
    how = ""
    if mode == "truncate":
        raw, how = truncate(rng, text.encode())
    elif mode == "bytes":
        raw, how = bytes_damage(rng, text.encode())
    elif mode == "unicode":
        raw, how = unicode_damage(rng, text.encode())
    elif mode == "text":
        raw, how = json_text_damage(rng, text)
    else:
        if mode == "path":
            how = json_path_damage(rng, data)
        elif mode == "nesting":
            depth = rng.choice(DEPTHS)
            at = rng.choice(_paths(data))
            if not at:
                data = _nest(rng, depth, json_form=True)
            else:
                _get(data, at[:-1])[at[-1]] = _nest(rng, depth, json_form=True)
            how = f"{'/'.join(map(str, at)) or 'the whole file'} nested {depth} deep"
        elif mode == "range":
            key = rng.choice(["dealer", "target"])
            if key == "dealer":
                value: Any = rng.choice([-1, players, players + 1, 4, 99, 2**63, 10**30, True, 1.0])
            else:
                from rules import load_variants

                top = load_variants()[data["variant"]["name"]].max_game_target
                value = rng.choice([0, -1, 1, 9, top, top + 1, 10**30, True, 1500.0, data["variant"]["game_target"]])
            data[key] = value
            how = f"{key} = {value!r}"
        elif mode == "actions":
            hands = data["hands"]
            h = rng.randrange(len(hands))
            acts = hands[h]
            op = rng.choice(["replace", "replace", "swap", "duplicate", "delete", "insert", "new hand", "drop hand"])
            if op in ("swap", "duplicate", "delete", "replace") and not acts:
                op = "insert"
            if op == "replace":
                j = rng.randrange(len(acts))
                acts[j] = _looking_action(rng)
                how = f"hand {h + 1} action {j + 1} -> {acts[j]}"
            elif op == "swap":
                i, j = rng.randrange(len(acts)), rng.randrange(len(acts))
                acts[i], acts[j] = acts[j], acts[i]
                how = f"hand {h + 1}: actions {i + 1} and {j + 1} swapped"
            elif op == "duplicate":
                j = rng.randrange(len(acts))
                acts.insert(j, acts[j])
                how = f"hand {h + 1}: action {j + 1} twice"
            elif op == "delete":
                j = rng.randrange(len(acts))
                del acts[j]
                how = f"hand {h + 1}: action {j + 1} deleted"
            elif op == "insert":
                j = rng.randrange(len(acts) + 1)
                acts.insert(j, _looking_action(rng))
                how = f"hand {h + 1}: {acts[j]} inserted at {j + 1}"
            elif op == "new hand":
                hands.append(rng.choice([[], [_looking_action(rng)]]))
                how = f"a hand {len(hands)} added: {hands[-1]}"
            else:
                del hands[h]
                how = f"hand {h + 1} dropped"
        elif mode == "legal":  # another legal action at one decision: a different, real game
            spots = [(h, j) for h, hand in enumerate(legal_at) for j, legal in enumerate(hand) if len(legal) > 1]
            if spots:
                h, j = rng.choice(spots)
                old = data["hands"][h][j]
                other = rng.choice([a for a in legal_at[h][j] if a != old])
                data["hands"][h][j] = other
                how = f"hand {h + 1} action {j + 1}: {old} -> {other} (legal there)"
            else:
                how = "no decision with a choice: unchanged"
        elif mode == "variant":
            from rules import Variant

            fields = _variant_fields()
            base_v = Variant.model_validate(data["variant"])
            chosen = rng.sample([f for f in fields if f != "name"], rng.randint(1, 3))
            for name in chosen:
                data["variant"][name] = knob_value(rng, name, fields[name], base_v, json_form=True)
            how = "variant " + ", ".join(f"{n} = {_dumps(data['variant'][n])[:40]}" for n in chosen)
        elif mode == "seats":
            s = rng.randrange(players)
            seat = data["seats"][s]
            key = rng.choice(["name", "name", "level", "kind"])
            seat[key] = rng.choice(
                [
                    "",
                    "A" * 21,
                    "A" * 20,
                    "\x1b[31mRED",
                    "\u202eevil",
                    "North",
                    "west",
                    data["seats"][(s + 1) % players]["name"],
                    "alien",
                    "standard",
                    "easy",
                    "human",
                    "bot",
                    5,
                    None,
                ]
            )
            how = f"seats/{s}/{key} = {seat[key]!r}"
        if isinstance(data, Raw):
            raw = data.text.encode()
        else:
            raw = _dumps(data).encode("utf-8", errors="surrogatepass")
    if rng.random() < 0.01:
        raw = raw + b" " * (16 * 2**20)
        how += "; then 16 MiB of spaces"
    return Case("saves", index, f"{what}, {mode}: {how}", raw)


def _namespace(**kw: Any) -> argparse.Namespace:
    base: dict[str, Any] = dict(
        variants=None,
        variant=None,
        seats=None,
        seed=None,
        target=None,
        bot_delay=0.0,
        trick_delay=0.0,
        ascii=False,
        resume=False,
    )
    base.update(kw)
    return argparse.Namespace(**base)


def draw_views(ctrl: Any) -> None:
    """What `TableScreen.refresh_view` draws, for every seat as the viewer and for the
    public view of a hot-seat hand-off, rendered to text by Rich (the panels' bodies and
    prompts, the seat boxes, the status and score lines, the choices)."""
    from rich.console import Console

    from pinochle_tui.panels import (
        PANELS,
        panel_for,
        prompt_panel,
        scores_text,
        seat_text,
        status_text,
    )
    from pinochle_tui.table.build import seat_facts

    console = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
    players = ctrl.variant.players
    for viewer in [*range(players), None]:
        ctx = seat_facts(ctrl, viewer, board_width=60)
        ctx = ctx._replace(my_turn=viewer is not None and ctrl.to_act == viewer)  # (a bot's seat too)
        view = ctx.view
        pieces: list[Any] = [status_text(ctx), scores_text(ctx, 30)]
        pieces += [seat_text(ctx, seat) for seat in range(players)]
        for show in (False, True):
            pieces.append(PANELS[panel_for(view, show)]().body(ctx._replace(show_melds=show)))
        if ctx.my_turn:
            prompt, _buttons = PANELS[prompt_panel(view)]().prompt(ctx)
            pieces.append(prompt)
        if viewer is not None:
            ctrl.last_drawn(viewer)
        for piece in pieces:
            console.print(piece)
    _ = ctrl.needs_meld_ack, ctrl.undo_seat()


def play_on(ctrl: Any, decisions: int = 12) -> None:
    """A few more decisions of the loaded game, each seat played by its bot (the helper for
    humans), drawing every view after each."""
    from rules import Phase

    for _ in range(decisions):
        if ctrl.round.phase is Phase.DONE:
            if ctrl.game.over:
                return
            ctrl.next_hand()
        seat = ctrl.to_act
        bot = ctrl.helper() if ctrl.is_human(seat) else ctrl.bot_for(seat)
        action, problem = ctrl.choose(ctrl.round, seat, bot)
        if problem:
            raise RuntimeError(f"seat {seat}: {problem}")
        ctrl.apply(action)
        draw_views(ctrl)


def _home(work: Path, index: int) -> Path:
    home = work / f"home-{index}"
    os.environ["PINOCHLE_HOME"] = str(home)
    return home


def _lists_answer(path: Path, data: bytes) -> str:
    """ "" when the lists of saved games answer for the file at ``path``: the new-game
    screen's list and ``pinochle saves`` (no exception, one line a game, the file
    unchanged), and ``pinochle --resume ID`` of it (a game, or a one-line refusal); else
    what went wrong."""
    from pinochle_tui.cli import main
    from pinochle_tui.paths import save_id
    from pinochle_tui.saved_games import saved_games

    try:
        games = saved_games()
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["saves"])
    except CaseTimeout:
        raise
    except BaseException:
        return "an exception escaped the lists of saved games:\n" + traceback.format_exc()
    if code != 0 or err.getvalue():
        return f"pinochle saves: exit {code}, {err.getvalue()[:300]!r}"
    lines = out.getvalue().splitlines()
    if len(lines) != 1 + len(games) or any(_one_line(line + "\n") for line in lines):
        return f"pinochle saves: not one line a game: {out.getvalue()[:600]!r}"
    if not path.exists() or path.read_bytes() != data:
        return "the lists of saved games changed or removed the file"
    from pinochle_tui.save import SaveError
    from pinochle_tui.saved_games import find_save

    try:
        found = find_save(save_id(path))
    except SaveError as exc:
        return f"--resume {save_id(path)} was refused: {exc}"
    return "" if found == path else f"--resume {save_id(path)} found {found}"


def judge_saves(case: Case, work: Path) -> Verdict:
    from pinochle_tui.app_main import build_app

    home = _home(work, case.index)
    data_dir = home / "data"
    data_dir.mkdir(parents=True)
    path = data_dir / SAVE_NAME
    path.write_bytes(case.data)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            app = build_app(_namespace(resume=True))
    except CaseTimeout:
        raise
    except BaseException:
        return Verdict(False, "failure", "an exception escaped build_app(--resume):\n" + traceback.format_exc())
    listed = _lists_answer(path, case.data)
    if listed:
        return Verdict(False, "failure", listed)
    if app.ctrl is None:
        notice = app.notice
        if not isinstance(notice, str):
            return Verdict(False, "failure", f"no game and no notice: {notice!r}")
        problem = _one_line(notice + "\n")
        if problem:
            return Verdict(False, "failure", f"the notice has {problem}: {notice[:2000]!r}")
        said = ("the saved game is damaged", "not a pinochle saved game", "saved by another version of the game")
        if not notice.startswith(f"{path}: ") or not notice.endswith(LEFT) or not any(s in notice for s in said):
            return Verdict(False, "failure", f"the notice does not say the save is damaged and left: {notice!r}")
        if path.read_bytes() != case.data:
            return Verdict(False, "failure", "the damaged save was changed")
        others = sorted(p.name for p in data_dir.iterdir() if p.name != SAVE_NAME)
        if others:
            return Verdict(False, "failure", f"files written beside the damaged save: {others}")
        return Verdict(True, "notice", line=notice, suspect=any(w in notice for w in INTERNAL))
    from textual._context import active_app

    token = active_app.set(app)  # the panels ask the app its size (boxed cards at 200x60)
    try:
        draw_views(app.ctrl)
        play_on(app.ctrl)
    except CaseTimeout:
        raise
    except BaseException:
        return Verdict(
            False, "failure", "the save loaded, then the table could not draw or play it:\n" + traceback.format_exc()
        )
    finally:
        active_app.reset(token)
    return Verdict(True, "valid", line=f"loaded: hand {app.ctrl.hand_no}, {len(app.ctrl.actions)} decisions")


# ---------------------------------------------------------------------- settings


def settings_case(rng: random.Random, index: int) -> Case:
    data: Any = json.loads(json.dumps(GOOD_SETTINGS))
    text = json.dumps(data, indent=2)
    mode = rng.choice(["truncate", "bytes", "unicode", "path", "path", "path", "nesting", "text", "keys"])
    if mode == "truncate":
        raw, how = truncate(rng, text.encode())
    elif mode == "bytes":
        raw, how = bytes_damage(rng, text.encode())
    elif mode == "unicode":
        raw, how = unicode_damage(rng, text.encode())
    elif mode == "text":
        raw, how = json_text_damage(rng, text)
    else:
        if mode == "path":
            how = json_path_damage(rng, data)
        elif mode == "nesting":
            depth = rng.choice(DEPTHS)
            at = rng.choice(_paths(data))
            if not at:
                data = _nest(rng, depth, json_form=True)
            else:
                _get(data, at[:-1])[at[-1]] = _nest(rng, depth, json_form=True)
            how = f"{'/'.join(map(str, at)) or 'the whole file'} nested {depth} deep"
        else:  # keys: odd key names at any level
            holder = rng.choice([data, data["last"], data["keys"], data["last"]["seats"][0]])
            key = rng.choice(["", "\x1b[31m", "\u202e", "a" * 5000, "bot_delay ", "Bot_Delay", "\ud800", "last"])
            holder[key] = hostile_value(rng, json_form=True)
            how = f"key {key[:20]!r} added"
        raw = data.text.encode() if isinstance(data, Raw) else _dumps(data, indent=2).encode("utf-8", "surrogatepass")
    return Case("settings", index, f"{mode}: {how}", raw)


def judge_settings(case: Case, work: Path) -> Verdict:
    from pinochle_tui.app_main import build_app
    from pinochle_tui.settings import Settings

    home = _home(work, case.index)
    config = home / "config"
    config.mkdir(parents=True)
    path = config / "settings.json"
    bad = config / "settings.json.bad"
    path.write_bytes(case.data)
    try:
        s = Settings.load()
    except CaseTimeout:
        raise
    except BaseException:
        return Verdict(False, "failure", "an exception escaped Settings.load():\n" + traceback.format_exc())
    # a broken file is set aside (settings.json.bad holds its bytes) and settings.json then
    # holds what was valid in it; a file with no problem is left as it is
    rewritten = path.read_bytes() != case.data
    if rewritten and s.problem is None:
        return Verdict(False, "failure", "Settings.load() changed settings.json without a word")
    try:
        parsed = json.loads(case.data.decode("utf-8"))
    except (ValueError, RecursionError):
        parsed = None
    if s.problem is None:
        if bad.exists():
            return Verdict(False, "failure", "no problem said, yet settings.json.bad was written")
        if not isinstance(parsed, dict):
            return Verdict(False, "failure", "a file that is not a JSON object of settings was taken without a word")
        answer, line = "valid", "no problem"
    else:
        if not isinstance(s.problem, str):
            return Verdict(False, "failure", f"problem is {s.problem!r}")
        problem = _one_line(s.problem + "\n")
        if problem:
            return Verdict(False, "failure", f"the notice has {problem}: {s.problem[:2000]!r}")
        if not s.problem.startswith(f"{path}: "):
            return Verdict(False, "failure", f"the notice does not name the file: {s.problem!r}")
        if not bad.exists() or bad.read_bytes() != case.data:
            return Verdict(False, "failure", "settings.json.bad does not hold the file's bytes")
        answer, line = "notice", s.problem
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            app = build_app(_namespace(seed="s1"))
            if app.settings.problem != (None if rewritten else s.problem):
                return Verdict(False, "failure", f"the app's notice differs: {app.settings.problem!r}")
            if app.ctrl is None:
                return Verdict(False, "failure", "build_app(--seed s1) started no game")
            app.settings.save()
            again = Settings.load()
    except CaseTimeout:
        raise
    except BaseException:
        return Verdict(False, "failure", "start-up with these settings raised:\n" + traceback.format_exc())
    if again.problem is not None:
        return Verdict(False, "failure", f"what was kept does not read back: {again.problem!r}")
    return Verdict(True, answer, line=line, suspect=any(w in line for w in INTERNAL))


MAKERS = {"variants": variants_case, "saves": saves_case, "settings": settings_case}
JUDGES = {"variants": judge_variants, "saves": judge_saves, "settings": judge_settings}


def make_case(kind: str, seed: int, index: int) -> Case:
    return MAKERS[kind](random.Random(f"{seed}/{kind}/{index}"), index)


# ---------------------------------------------------------------------- failures kept


def reproduce_hint(kind: str, path: Path) -> str:
    me = f"{sys.executable} {Path(__file__).resolve()}"
    if kind == "variants":
        return f"pinochle variants --check {path}\n(or: {me} --kinds variants --file {path})"
    if kind == "saves":
        return (
            f"H=$(mktemp -d); mkdir -p $H/data; cp {path} $H/data/{SAVE_NAME}; PINOCHLE_HOME=$H pinochle --resume\n"
            f"(or: {me} --kinds saves --file {path})"
        )
    return (
        f"H=$(mktemp -d); mkdir -p $H/config; cp {path} $H/config/settings.json; PINOCHLE_HOME=$H pinochle\n"
        f"(or: {me} --kinds settings --file {path})"
    )


def keep_failure(case: Case, seed: int, why: str) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{case.kind}-{seed}-{case.index}.{EXT[case.kind]}"
    path.write_bytes(case.data)
    note = f"kind: {case.kind}\nseed: {seed}, case {case.index}\nmade: {case.how}\n\nwhat happened:\n{why}\n\n"
    note += "try it again:\n" + reproduce_hint(case.kind, path) + "\n"
    path.with_suffix(path.suffix + ".txt").write_text(note, encoding="utf-8", errors="backslashreplace")
    return path


# ---------------------------------------------------------------------- the worker


def _alarm(_sig: int, _frame: Any) -> None:
    raise CaseTimeout


def run_case(case: Case, work: Path, timeout: float) -> Verdict:
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return JUDGES[case.kind](case, work)
    except CaseTimeout:
        return Verdict(False, "failure", f"no answer in {timeout:g} s (a hang):\n" + traceback.format_exc())
    except BaseException:
        return Verdict(False, "failure", "the bench itself failed on it:\n" + traceback.format_exc())
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def worker(kind: str, seed: int, first: int, stop: int, timeout: float) -> int:
    """Try cases ``first`` to ``stop - 1``; one JSON line per case on the real stdout."""
    import resource

    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # whatever else reaches the real stdout cannot garble the rows
    for i in range(first, stop):
        proto.write(json.dumps({"start": i}) + "\n")
        with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
            t0 = time.perf_counter()
            try:
                case = make_case(kind, seed, i)
            except Exception:
                proto.write(json.dumps({"i": i, "bench_error": traceback.format_exc()}) + "\n")
                continue
            verdict = run_case(case, Path(tmp), timeout)
            kept = "" if verdict.good else str(keep_failure(case, seed, verdict.why))
            row = {
                "i": i,
                "good": verdict.good,
                "answer": verdict.answer,
                "line": verdict.line[:300],
                "line_len": len(verdict.line),
                "why": verdict.why[-3000:],
                "how": case.how[:300],
                "suspect": verdict.suspect,
                "played": verdict.played,
                "kept": kept,
                "size": len(case.data),
                "seconds": time.perf_counter() - t0,
            }
            proto.write(json.dumps(row) + "\n")
    return 0


# ---------------------------------------------------------------------- the parent


@dataclass
class Tally:
    kind: str
    tried: int = 0
    good: int = 0
    answers: Counter[str] = field(default_factory=Counter)
    failures: list[dict[str, Any]] = field(default_factory=list)
    suspects: list[dict[str, Any]] = field(default_factory=list)
    played: int = 0
    longest: int = 0
    longest_row: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0


def _read_lines(proc: subprocess.Popen[bytes], deadline: float, buf: bytearray) -> list[str] | None:
    """Lines the worker wrote before ``deadline``; None at the deadline or when it ended."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    while b"\n" not in buf:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            return None
        chunk = os.read(fd, 65536)
        if not chunk:
            return None
        buf += chunk
    *lines, rest = bytes(buf).split(b"\n")
    buf[:] = rest
    return [ln.decode("utf-8", "replace") for ln in lines if ln.strip()]


def shown(text: str) -> str:
    """``text`` safe to print: control characters as escapes, a lone surrogate as ``\\ud800``."""
    from pinochle_tui.cli_common import visible

    return "\n".join(visible(line) for line in text.split("\n")).encode("utf-8", "backslashreplace").decode("utf-8")


def _count(tally: Tally, row: dict[str, Any], verbose: bool = False) -> None:
    if verbose:
        print(f"{tally.kind} #{row['i']} {row['answer']}: {shown(row['how'][:150])}")
        print(f"    -> {shown(row.get('line', '')[:200])}")
    tally.tried += 1
    tally.answers[row["answer"]] += 1
    tally.played += row.get("played", 0)
    if row["answer"] != "valid" and row.get("line_len", 0) > tally.longest:
        tally.longest, tally.longest_row = row["line_len"], row
    if row["good"]:
        tally.good += 1
        if row.get("suspect"):
            tally.suspects.append(row)
        return
    tally.failures.append(row)
    print(f"FAIL {tally.kind} #{row['i']} ({shown(row['how'][:120])}): {shown(row['why'][-600:])}")
    print(f"  kept: {row['kept']}\n")


def run_kind(kind: str, seed: int, n: int, timeout: float, batch: int, verbose: bool = False) -> Tally:
    """Cases 0 to ``n - 1`` of ``kind``, ``batch`` to a worker; a worker that hangs past a
    case's alarm (or dies in it) is killed, the case counted as a failure and kept, and a
    new worker goes on from the next case."""
    tally = Tally(kind)
    t0 = time.perf_counter()
    OUT.mkdir(parents=True, exist_ok=True)
    log = OUT / f"worker-{kind}-{seed}.log"
    i = 0
    with log.open("wb") as err:
        while i < n:
            stop = min(n, i + batch)
            cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", kind, "--seed", str(seed)]
            cmd += ["--first", str(i), "--stop", str(stop), "--timeout", str(timeout)]
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL, cwd=ROOT)
            buf = bytearray()
            current: int | None = None
            began = i
            deadline = time.monotonic() + 60 + timeout  # start-up, then each case
            while i < stop:
                lines = _read_lines(proc, deadline, buf)
                if lines is None:
                    break
                for line in lines:
                    row = json.loads(line)
                    if "start" in row:
                        current = row["start"]
                        deadline = time.monotonic() + timeout + 30
                        continue
                    current, i = None, row["i"] + 1
                    if "bench_error" in row:
                        raise SystemExit(f"{kind} case {row['i']}: the bench could not make it:\n{row['bench_error']}")
                    _count(tally, row, verbose)
            if proc.poll() is None:
                proc.kill()  # our own worker, by its pid: it hung past its alarm
            proc.wait()
            if current is not None:  # the worker hung or died in this case
                case = make_case(kind, seed, current)
                why = f"the worker hung or died in this case (exit {proc.returncode}), past the {timeout:g} s alarm"
                kept = str(keep_failure(case, seed, why))
                _count(
                    tally, {"i": current, "good": False, "answer": "failure", "how": case.how, "why": why, "kept": kept}
                )
                i = current + 1
            elif i < stop and i == began:
                raise SystemExit(
                    f"{kind}: the worker ended at case {i} before trying it (exit {proc.returncode}); see {log}"
                )
    tally.seconds = time.perf_counter() - t0
    return tally


def _signature(row: dict[str, Any]) -> str:
    """What a failure was, without what differs from file to file (paths, quoted values)."""
    import re

    why = re.sub(r"/tmp/hostile-[^/]+/[^ :'\"]*", "FILE", str(row.get("why", "")))
    lines = [ln for ln in why.strip().splitlines() if ln.strip()]
    if not lines:
        return why
    head = lines[0].split(": ", 1)[0] if len(lines) == 1 else lines[0]
    last = lines[-1] if len(lines) > 1 else ""
    return f"{head[:90]}{' | ' + last[:110] if last else ''}"


def report(tallies: list[Tally], seed: int, n: int) -> None:
    print(f"\nhostile files, seed {seed}, {n} per kind")
    header = f"{'kind':<9} {'tried':>6} {'good':>6} {'refused':>8} {'valid':>6} {'failures':>9} {'seconds':>8}"
    print(header)
    print("-" * len(header))
    for t in tallies:
        refused = t.answers["refused"] + t.answers["notice"]
        print(
            f"{t.kind:<9} {t.tried:>6} {t.good:>6} {refused:>8} {t.answers['valid']:>6} "
            f"{len(t.failures):>9} {t.seconds:>8.1f}"
        )
    total = sum(t.tried for t in tallies)
    good = sum(t.good for t in tallies)
    print(f"{'all':<9} {total:>6} {good:>6} {'':>8} {'':>6} {total - good:>9} {sum(t.seconds for t in tallies):>8.1f}")
    print(
        "\nrefused: exit 2 and one line (variants), the boxed damaged-save notice (saves), a settings notice;"
        "\nvalid: still a good file (variants: 'ok' and every preset played 2 hands; saves: loaded, drawn, played on)"
    )
    for t in tallies:
        if t.kind == "variants":
            print(f"variants: {t.played} presets of 'ok' files played 2 hands each")
        if t.longest_row:
            row = t.longest_row
            print(f"{t.kind}: the longest answer is {t.longest} characters (#{row['i']}, {shown(row['how'][:80])})")
        if t.suspects:
            print(f"{t.kind}: {len(t.suspects)} good answers whose words name an internal error, e.g.:")
            for row in t.suspects[:5]:
                print(f"    #{row['i']} ({shown(row['how'][:80])}): {shown(row['line'][:200])}")
        if t.failures:
            groups: dict[str, list[dict[str, Any]]] = {}
            for row in t.failures:
                groups.setdefault(_signature(row), []).append(row)
            print(f"{t.kind}: {len(t.failures)} failures in {len(groups)} kinds:")
            for sig, rows in sorted(groups.items(), key=lambda kv: -len(kv[1])):
                print(f"  {len(rows):>4} x {shown(sig)}")
                print(f"         e.g. {rows[0].get('kept', '')}  ({shown(str(rows[0].get('how', ''))[:100])})")


def try_file(kind: str, path: Path, timeout: float) -> int:
    """One file again through its kind's judge (a kept failure, or any file)."""
    case = Case(kind, 0, f"the file {path}", path.read_bytes())
    with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
        v = run_case(case, Path(tmp), timeout)
    print(f"{'good' if v.good else 'FAILURE'}: {v.answer}")
    if v.line:
        print(shown(v.line))
    if v.why:
        print(shown(v.why))
    return 0 if v.good else 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--n", type=int, default=300, help="files per kind (default 300)")
    p.add_argument("--kinds", default=",".join(KINDS), help=f"comma list of: {', '.join(KINDS)}")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds a case may take (default 60)")
    p.add_argument("--batch", type=int, default=100, help="cases per worker process (default 100)")
    p.add_argument("--verbose", action="store_true", help="print every case: how it was made and the answer")
    p.add_argument("--file", type=Path, default=None, help="try this one file as --kinds (one kind)")
    p.add_argument("--worker", choices=KINDS, help=argparse.SUPPRESS)
    p.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--stop", type=int, default=0, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        return worker(args.worker, args.seed, args.first, args.stop, args.timeout)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        p.error(f"unknown kind {unknown[0]!r}; the kinds are {', '.join(KINDS)}")
    if args.file is not None:
        if len(kinds) != 1:
            p.error("--file needs one kind: --kinds variants, saves or settings")
        return try_file(kinds[0], args.file, args.timeout)
    with contextlib.suppress(OSError):
        os.nice(5)
    tallies = [run_kind(kind, args.seed, args.n, args.timeout, args.batch, args.verbose) for kind in kinds]
    report(tallies, args.seed, args.n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
