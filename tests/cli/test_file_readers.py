"""One bounded reader for every file the game reads: a variants file, a saved
game and settings.json are read only as a regular file, only up to a size cap, and any
other file gets one line naming the file and what was wrong.  A FIFO named as the save
or as settings.json blocked the game forever; a 2 MiB settings file was read whole and
its copy written as settings.json.bad.

Each test has a short timeout: a reader that waits on a FIFO fails the test instead of
blocking the run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pinochle_tui.save import MAX_SAVE_BYTES, SaveError, load_game
from pinochle_tui.settings import MAX_SETTINGS_BYTES, Settings
from rules import VariantError, load_variants
from rules.bounded_read import (
    MAX_NESTING,
    FileProblem,
    TooDeep,
    TooLong,
    parse_json,
    parse_toml,
    read_bounded,
    size_text,
)
from rules.presets import MAX_VARIANTS_BYTES

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
pytestmark = pytest.mark.timeout(5)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def _big(path: Path, size: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        fh.truncate(size)  # sparse: no real bytes written
    return path


# ---------------------------------------------------------------------- the helper


@needs_fifo
def test_the_reader_refuses_a_fifo_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path / "x.json")
    with pytest.raises(FileProblem) as exc:
        read_bounded(fifo, 100, "a thing", "a text file")
    assert str(exc.value) == f"{fifo}: not a regular file; a thing is a text file"
    assert (exc.value.problem, exc.value.detail) == ("not_regular", "a named pipe")


def test_the_reader_reads_up_to_the_cap_and_refuses_one_byte_more(tmp_path: Path) -> None:
    f = tmp_path / "x.txt"
    f.write_bytes(b"a" * 100)
    assert read_bounded(f, 100, "a thing", "a text file") == b"a" * 100
    f.write_bytes(b"a" * 101)
    with pytest.raises(FileProblem) as exc:
        read_bounded(f, 100, "a thing", "a text file")
    assert str(exc.value) == f"{f}: larger than 100 bytes; a thing is at most that"
    assert (exc.value.problem, exc.value.detail) == ("too_large", "100 bytes")


def test_the_reader_names_a_directory_and_a_device_and_leaves_a_missing_file_to_the_caller(tmp_path: Path) -> None:
    with pytest.raises(FileProblem) as exc:
        read_bounded(tmp_path, 100, "a thing", "a text file")
    assert (exc.value.problem, exc.value.detail) == ("not_regular", "a directory")
    if Path("/dev/zero").exists():
        link = tmp_path / "zero"
        link.symlink_to("/dev/zero")
        with pytest.raises(FileProblem) as exc:
            read_bounded(link, 100, "a thing", "a text file")
        assert (exc.value.problem, exc.value.detail) == ("not_regular", "a device")
    with pytest.raises(FileNotFoundError):
        read_bounded(tmp_path / "none", 100, "a thing", "a text file")


def test_size_text() -> None:
    assert [size_text(n) for n in (2**20, 16 * 2**20, 2**16, 1000)] == ["1 MiB", "16 MiB", "64 KiB", "1000 bytes"]


# ---------------------------------------------------------------------- the saved game


@needs_fifo
def test_a_fifo_named_as_the_save_is_not_a_saved_game(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path / "game-20260101-120000.json")
    with pytest.raises(SaveError) as exc:
        load_game(fifo)
    assert str(exc.value) == f"{fifo}: not a saved game (a named pipe, not a regular file)"


def test_a_save_over_the_cap_is_damaged_and_not_read(tmp_path: Path) -> None:
    big = _big(tmp_path / "game-20260101-120000.json", MAX_SAVE_BYTES + 1)
    with pytest.raises(SaveError) as exc:
        load_game(big)
    assert str(exc.value) == f"{big}: the saved game is damaged (larger than 16 MiB)"
    assert big.stat().st_size == MAX_SAVE_BYTES + 1  # left in place


# ---------------------------------------------------------------------- settings.json


@needs_fifo
def test_a_fifo_named_as_settings_gives_the_defaults_and_a_notice() -> None:
    fifo = _fifo(Settings.path())
    s = Settings.load()
    assert s.problem == (
        f"{fifo}: cannot be read (a named pipe, not a regular file); playing with the default settings"
    )
    assert (s.bot_delay, s.keys, s.last) == (Settings().bot_delay, {}, {})
    assert s.save() == f"{fifo} was not written: the file as it was is kept (see the notice at start-up)"
    assert sorted(p.name for p in fifo.parent.iterdir()) == ["settings.json"]  # no .bad copy, nothing over it


def test_settings_over_the_cap_are_not_read_and_the_file_is_kept() -> None:
    big = _big(Settings.path(), MAX_SETTINGS_BYTES + 1)
    s = Settings.load()
    assert s.problem == (
        f"{big}: larger than 1 MiB, so it is not read (settings are a few hundred bytes); "
        "playing with the default settings"
    )
    assert s.keep_file and s.save() is not None
    assert sorted(p.name for p in big.parent.iterdir()) == ["settings.json"]
    assert big.stat().st_size == MAX_SETTINGS_BYTES + 1


def test_settings_at_the_cap_are_read() -> None:
    path = Settings.path()
    path.parent.mkdir(parents=True)
    body = b'{"bot_delay": 0.2}'
    path.write_bytes(body + b" " * (MAX_SETTINGS_BYTES - len(body)))
    s = Settings.load()
    assert (s.problem, s.bot_delay) == (None, 0.2)


# ---------------------------------------------------------------------- a variants file


@needs_fifo
def test_a_fifo_as_the_variants_file_is_refused(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path / "house.toml")
    with pytest.raises(VariantError) as exc:
        load_variants(fifo)
    assert str(exc.value) == f"{fifo}: not a regular file; a variants file is a TOML text file"


def test_a_variants_file_over_the_cap_is_refused(tmp_path: Path) -> None:
    big = _big(tmp_path / "house.toml", MAX_VARIANTS_BYTES + 1)
    with pytest.raises(VariantError) as exc:
        load_variants(big)
    assert str(exc.value) == f"{big}: larger than 1 MiB; a variants file is at most that"


# ---------------------------------------------------------------------- nesting, bounded before the parse

ROOT = Path(__file__).resolve().parents[2]
DEEP_JSON = "[" * 200_000 + "]" * 200_000


def test_no_reader_parses_json_or_toml_but_through_the_bounded_parser() -> None:
    """Every JSON and TOML text the game reads goes through `parse_json` / `parse_toml`,
    which bound its nesting before the parse: a reader calling json or tomllib itself
    would crash on ``[[[[...`` as the new-game screen's save line did."""
    import re

    calls = re.compile(r"\b(json\.loads?|tomllib\.loads?|json\.JSONDecoder)\(")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("rules", "bots", "pinochle_tui")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.name != "bounded_read.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if calls.search(line)
    ]
    assert found == []


def test_the_parsers_bound_nesting_and_size_before_parsing() -> None:
    assert parse_json('{"a": [[1, 2], {"b": "[[[[[[[["}]}') == {"a": [[1, 2], {"b": "[[[[[[[["}]}
    assert MAX_NESTING == 32
    assert len(parse_json("[" * 32 + "]" * 32)) == 1
    for text in (DEEP_JSON, '{"a":' * 33 + "1" + "}" * 33, "[" * 33):
        with pytest.raises(TooDeep) as exc:
            parse_json(text)
        assert str(exc.value) == "nested more than 32 deep"
    with pytest.raises(TooLong) as long_:
        parse_json("[1]" * 100, max_bytes=64)
    assert str(long_.value) == "longer than 64 bytes"
    assert parse_toml('a.b = 1\nx = [[600, 50]]\ns = "a.a.a.a"  # a.a.a\nf = 1.5') == {
        "a": {"b": 1},
        "x": [[600, 50]],
        "s": "a.a.a.a",
        "f": 1.5,
    }
    for text in ("a" + ".a" * 40 + " = 1", "[" + "a." * 40 + "a]", "x = " + "[" * 40 + "]" * 40):
        with pytest.raises(TooDeep):
            parse_toml(text)


def test_a_dotted_key_of_many_parts_is_refused_at_once(tmp_path: Path) -> None:
    """tomllib takes time quadratic in a dotted key's parts (16,000 parts: 8 s; a 1 MiB
    file holds 500,000); the parts are counted before the parse."""
    f = tmp_path / "dots.toml"
    f.write_text("[m]\nextends = 'partnership'\nmin_bid" + ".a" * 400_000 + " = 1\n", encoding="utf-8")
    with pytest.raises(VariantError) as exc:
        load_variants(f)
    assert str(exc.value) == (
        f"{f}: arrays, tables or dotted keys nested more than 32 deep; a preset's values are numbers, "
        "words, true/false and lists like [[600, 50]]"
    )


def test_a_deeply_nested_save_is_listed_as_damaged_and_kept(home: Path) -> None:
    from pinochle_tui.saved_games import read_saved_game, saved_games

    save = home / "data" / "game-20260101-000000.json"
    save.parent.mkdir(parents=True)
    save.write_text(DEEP_JSON)
    assert read_saved_game(save) is None
    with pytest.raises(SaveError) as exc:
        load_game(save)
    [listed] = saved_games()  # as pinochle saves and the new-game screen list it: what --resume says
    assert listed.path == save
    assert listed.problem == "the saved game is damaged (nested more than 32 deep; a saved game nests 5 deep)"
    assert str(exc.value) == f"{save}: the saved game is damaged (nested more than 32 deep; a saved game nests 5 deep)"
    assert save.read_text() == DEEP_JSON


def test_deeply_nested_settings_are_one_problem_and_kept(home: Path) -> None:
    path = Settings.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(DEEP_JSON)
    s = Settings.load()
    assert s.problems == ("not JSON settings (nested more than 32 deep; settings nest 3 deep)",)
    assert path.with_name("settings.json.bad").read_text() == DEEP_JSON


def test_the_files_the_game_writes_nest_within_what_the_messages_say(home: Path) -> None:
    """A save nests 5 deep and settings 3 (the messages say so); far below `MAX_NESTING`."""
    import json

    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.save import to_json
    from rules import load_variants

    def depth(x: object) -> int:
        if isinstance(x, dict):
            return 1 + max((depth(v) for v in x.values()), default=0)
        if isinstance(x, list):
            return 1 + max((depth(v) for v in x), default=0)
        return 0

    worst = 0
    for v in load_variants().values():
        ctrl = Controller(v, default_seats(v.people, ["random"] * v.people), seed="nest")
        while ctrl.legal():  # a whole hand, the first legal action each time
            ctrl.apply(ctrl.legal()[0])
        worst = max(worst, depth(json.loads(json.dumps(to_json(ctrl)))))
    assert worst == 5
    assert depth(Settings().to_json()) <= 3
