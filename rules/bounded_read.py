"""Reading a small text file the user may have put anything in, and parsing it.

One reader for every file the game reads: a variants file (`rules.variant`), a saved
game (`pinochle_tui.save`, and the new-game screen's list of them) and ``settings.json``
(`pinochle_tui.settings`).  It reads only a regular file, and only up to a size cap: a
FIFO named as the file would block the game forever, ``/dev/zero`` would never end, a
huge file would fill the memory.  The file is opened without blocking and checked on the
open descriptor (``fstat``), so it cannot be swapped for a FIFO between the check and the
read.

One parser for every JSON or TOML text the game reads, from a file or from a statistics
database's cell (`parse_json`, `parse_toml`): the size and the nesting are bounded BEFORE
the text is parsed.  Python's json and tomllib read nested arrays and tables recursively
(``[[[[...`` 200 KB deep ends in a `RecursionError` wherever it is parsed, and one reader
that forgot to catch it crashed the game), and tomllib takes time quadratic in a dotted
key's parts (``a.a.a...`` of 16,000 parts: 8 s).  Nothing the game writes nests more than
a few levels, so `MAX_NESTING` is far above any real file.

It lives in ``rules`` because every layer may import it (the import-linter contracts in
pyproject.toml: the app over the bots over the rules).  It imports nothing heavy.
"""

from __future__ import annotations

import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any, Literal

__all__ = [
    "MAX_NESTING",
    "FileProblem",
    "TooDeep",
    "TooLong",
    "parse_json",
    "parse_toml",
    "plain_text",
    "read_bounded",
    "size_text",
]

MAX_NESTING = 32  # arrays/tables inside each other; a save nests 5 deep, a variants file 3

Problem = Literal["not_regular", "too_large", "unreadable"]

_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once instead of waiting for a writer
    | getattr(os, "O_NOCTTY", 0)  # a terminal named as the file never becomes ours
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def size_text(n: int) -> str:
    """``n`` bytes in the words of the messages: ``1 MiB``, ``16 MiB``, ``64 KiB``, ``100 bytes``."""
    for unit, name in ((2**20, "MiB"), (2**10, "KiB")):
        if n >= unit and n % unit == 0:
            return f"{n // unit} {name}"
    return f"{n} bytes"


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in a few words."""
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


class FileProblem(ValueError):
    """A file that cannot be read as the small text file it should be.

    ``str()`` is one line naming the file and what was wrong; ``problem`` says which
    kind (``not_regular``, ``too_large``, ``unreadable``) and ``detail`` the particulars
    (what the file is, the size cap, the system's reason), so each reader can put it in
    its own words."""

    def __init__(self, path: Path, problem: Problem, detail: str, line: str) -> None:
        super().__init__(line)
        self.path = path
        self.problem: Problem = problem
        self.detail = detail


def read_bounded(path: str | Path, limit: int, noun: str, form: str) -> bytes:
    """The bytes of ``path``: a regular file (a symlink to one is fine) of at most
    ``limit`` bytes.

    ``noun`` and ``form`` word the messages: ``"a variants file"``, ``"a TOML text file"``.
    Raises `FileNotFoundError` (as it is: each reader treats a missing file its own way)
    and otherwise `FileProblem`:

    - ``{path}: not a regular file; {noun} is {form}`` (a FIFO, a directory, a device);
    - ``{path}: larger than {limit}; {noun} is at most that``;
    - ``{path}: cannot read: {reason}`` (permissions and every other system error).
    """
    p = Path(path)
    try:
        fd = os.open(p, _OPEN_FLAGS)
    except FileNotFoundError:
        raise
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise FileProblem(p, "unreadable", why, f"{p}: cannot read: {why}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileProblem(p, "not_regular", _kind(mode), f"{p}: not a regular file; {noun} is {form}")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:  # a file growing while it is read stops at the cap too
            chunk = os.read(fd, min(limit + 1 - got, 2**20))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise FileProblem(p, "unreadable", why, f"{p}: cannot read: {why}") from None
    finally:
        os.close(fd)
    if got > limit:
        cap = size_text(limit)
        raise FileProblem(p, "too_large", cap, f"{p}: larger than {cap}; {noun} is at most that")
    return b"".join(chunks)


def plain_text(value: str) -> bool:
    """Whether ``value`` is text pydantic takes as it is: not holding a lone surrogate, which
    JSON can carry (``"\\ud800"``) and pydantic refuses.  The fast checks of a variants file
    (`rules.variant`) and of settings.json (`pinochle_tui.settings`) follow it, so they never
    accept a string pydantic would refuse."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class TooDeep(ValueError):
    """JSON or TOML text nested more than ``limit`` deep (arrays and tables inside each
    other, or a dotted key of more than ``limit`` parts).  ``str()`` is the words a
    message puts in brackets: ``nested more than 32 deep``."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"nested more than {limit} deep")
        self.limit = limit


class TooLong(ValueError):
    """Text longer than its reader takes; ``str()``: ``longer than 64 KiB``."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"longer than {size_text(limit)}")
        self.limit = limit


# what is not structure: a JSON string (unrolled, so an unclosed one fails in linear time)
_JSON_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
# TOML's strings (multi-line, basic, literal) and its comments
_TOML_STRINGS = re.compile(r'"""[\s\S]*?"""|' r"'''[\s\S]*?'''|" r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"|' r"'[^'\n]*'|#[^\n]*")
_BRACKETS = re.compile(r"[\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
# a TOML key's parts lie between two of these: a dotted key is one run between them
_TOML_KEY_ENDS = re.compile(r"[=,\[\]{}\n]")


def _deeper_than(structure: str, limit: int) -> bool:
    """Whether the brackets of ``structure`` (its strings taken out) open more than
    ``limit`` deep.  A closing bracket with none open makes the text invalid there and a
    parser stops at it, so the count after it (too low) never matters."""
    brackets = "".join(_BRACKETS.findall(structure))
    if brackets.count("[") + brackets.count("{") <= limit:
        return False
    return max(accumulate(map(_STEP.__getitem__, brackets))) > limit


def parse_json(text: str | bytes, *, max_bytes: int | None = None, max_depth: int = MAX_NESTING) -> Any:
    """``text`` (UTF-8 bytes or text) read as JSON, its size and nesting bounded first.

    Raises `TooLong` (more than ``max_bytes`` bytes or characters), `TooDeep` (arrays or
    objects more than ``max_depth`` inside each other), `UnicodeDecodeError`, and the
    `ValueError` of `json.loads` (not JSON; an integer longer than Python reads)."""
    import json

    if max_bytes is not None and len(text) > max_bytes:
        raise TooLong(max_bytes)
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if _deeper_than(_JSON_STRINGS.sub("", text), max_depth):
        raise TooDeep(max_depth)
    return json.loads(text)


def parse_toml(text: str, *, max_depth: int = MAX_NESTING) -> dict[str, Any]:
    """``text`` read as TOML (`tomllib`), its nesting bounded first: arrays and inline
    tables inside each other, and the parts of a dotted key (``a.b.c = 1``, ``[a.b.c]``),
    at most ``max_depth``.  Raises `TooDeep` and what `tomllib.loads` raises."""
    import tomllib

    structure = _TOML_STRINGS.sub("", text)
    if _deeper_than(structure, max_depth) or any(
        part.count(".") >= max_depth for part in _TOML_KEY_ENDS.split(structure) if "." in part
    ):
        raise TooDeep(max_depth)
    return tomllib.loads(text)
