"""Settings.json's fast checks agree with pydantic's (reading a good
settings file, or none, imports no pydantic).  Each key's `_Check` takes the plain cases
itself and leaves the rest to the same rule as a pydantic type: what it takes, pydantic
must take too, with the same value."""

from __future__ import annotations

import json
import subprocess
import sys
import typing
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tui_helpers import VARIANTS

from pinochle_tui.settings import _BAD, _KEY, _LAST, _TOP, LAST_SEAT_COUNTS, Settings, _Check
from rules import Variant

CHECKS: dict[str, _Check] = {key: check for key, (check, _) in _TOP.items()}
CHECKS |= {f"last.{key}": check for key, (check, _) in _LAST.items()}
CHECKS["keys.*"] = _KEY

SEAT = {"kind": "human", "name": "Ann", "level": ""}
VALUES: list[Any] = [
    0,
    0.0,
    0.6,
    10.0,
    10.000001,
    -0.0,
    10,
    1,
    True,
    False,
    None,
    float("inf"),
    float("nan"),
    "",
    "trump",
    "rank",
    "Trump",
    "textual-light",
    "textual-light\n",
    "-dark",
    "a" * 60,
    "a" * 61,
    "\ud800",
    "f5",
    "x" * 20,
    "x" * 21,
    "x" * 100,
    "x" * 101,
    "x" * 200,
    "x" * 201,
    "x" * 1000,
    "x" * 1001,
    1500,
    10**8,
    10**8 + 1,
    -1,
    [],
    [SEAT],
    [SEAT, {"kind": "bot", "level": "standard"}],
    [SEAT, {"kind": "remote", "name": "Bob"}],
    [SEAT, SEAT, SEAT, SEAT],
    [SEAT] * 5,
    [SEAT, {"kind": "robot"}],
    [SEAT, {"kind": "bot", "name": 5}],
    [SEAT, {"kind": "bot", "extra": 1}],
    [SEAT, {"name": "no kind"}],
    [SEAT, {"kind": "bot", "name": "x" * 21}],
    [SEAT, ["human"]],
    {"kind": "human"},
]


def outcome(fn: Any, value: Any) -> tuple[str, Any]:
    try:
        got = fn(value)
    except ValueError:
        return ("refused", None)
    return ("ok", json.dumps(got, sort_keys=True) + type(got).__name__)


def agree(check: _Check, value: Any) -> None:
    assert outcome(check.validate_python, value) == outcome(check.pydantic, value), value


@pytest.mark.parametrize("key", list(CHECKS))
def test_each_key_with_good_and_bad_values_is_checked_as_pydantic_checks_it(key: str) -> None:
    taken = 0
    for value in VALUES:
        agree(CHECKS[key], value)
        taken += CHECKS[key]._fast(value) is not _BAD
    assert taken  # the fast path is taken for some value of every key


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(["kind", "name", "level"]), inner),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list(CHECKS)), _JSON | st.sampled_from(VALUES))
def test_drawn_values_are_checked_as_pydantic_checks_them(key: str, value: Any) -> None:
    agree(CHECKS[key], value)


def test_reading_a_good_settings_file_imports_no_pydantic(tmp_path: Any) -> None:
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    good = {
        "bot_delay": 0.3,
        "trick_delay": 1.0,
        "card_order": "suit",
        "auto_play_forced": True,
        "ascii": False,
        "theme": "textual-light",
        "last": {"variant": "partnership", "seats": [SEAT, SEAT, SEAT, SEAT], "target": 1500, "seed": "7"},
        "keys": {"auto": "f5"},
    }
    (home / "config" / "settings.json").write_text(json.dumps(good))
    code = (
        "import sys\nfrom pinochle_tui.settings import Settings\ns = Settings.load()\n"
        "print(s.problem, s.bot_delay, s.card_order, s.last['seats'][0], s.keys,"
        " sorted(m for m in sys.modules if m.startswith('pydantic')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env={"PINOCHLE_HOME": str(home)}
    )
    seat = "{'kind': 'human', 'name': 'Ann', 'level': ''}"
    assert done.stdout.strip() == f"None 0.3 suit {seat} {{'auto': 'f5'}} []", done.stderr


SEAT = {"kind": "human", "name": "Ann", "level": ""}


def test_the_seat_counts_kept_are_the_tables_the_variants_allow() -> None:
    assert LAST_SEAT_COUNTS == typing.get_args(typing.get_type_hints(Variant)["players"]) == (2, 3, 4, 5, 6, 8)
    assert {v.players for v in VARIANTS.values()} == {2, 3, 4, 5, 6, 8}


@pytest.mark.parametrize("count", range(10))
def test_seat_lists_of_each_length_are_checked_alike(count: int) -> None:
    """The fast check and pydantic's take 2 to 6 or 8 seats and refuse the rest."""
    check = _LAST["seats"][0]
    seats = [SEAT] * count
    for fn in (check.validate_python, check.pydantic):
        if count in (2, 3, 4, 5, 6, 8):
            assert fn(seats) == seats
        else:
            with pytest.raises(ValueError):
                fn(seats)


@pytest.mark.parametrize("count", [5, 6, 8])
def test_a_big_tables_last_seats_are_not_flagged(home: Any, count: int) -> None:
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    seats = [{"kind": "bot", "name": f"B{i}", "level": "easy"} for i in range(count)]
    path.write_text(json.dumps({"last": {"variant": "x", "seats": seats}}))
    s = Settings.load()
    assert (s.problem, s.last) == (None, {"variant": "x", "seats": seats})
    assert not path.with_name("settings.json.bad").exists()
