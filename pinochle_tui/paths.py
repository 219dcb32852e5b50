"""Where settings and saved games live, and atomic writes (DESIGN.md "pinochle_tui/").

The user config/data directories come from platformdirs; ``PINOCHLE_HOME`` (used by the
tests) puts both under one directory instead: ``$PINOCHLE_HOME/config`` and ``/data``.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from pathlib import Path

APP_NAME = "pinochle-tui"

# An atomic write's temp file is ".<name>.<random>.tmp" beside <name> (`atomic_write`).
# The names this program writes: saved games (`save.new_save_path`) in the data directory,
# settings.json and its kept broken copy settings.json.bad in the config directory.
_SAVE_TEMP = re.compile(r"\.game-\d{8}-\d{6}(?:-\d+)?\.json\.[A-Za-z0-9_]+\.tmp")
_SETTINGS_TEMP = re.compile(r"\.settings\.json(?:\.bad)?\.[A-Za-z0-9_]+\.tmp")
STALE_TEMP_SECONDS = 60.0


def config_dir() -> Path:
    home = os.environ.get("PINOCHLE_HOME")
    if home:
        return Path(home) / "config"
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    home = os.environ.get("PINOCHLE_HOME")
    if home:
        return Path(home) / "data"
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def atomic_write(path: Path, content: str | bytes) -> None:
    """Write ``content`` to ``path`` so that a crash leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(content.encode("utf-8") if isinstance(content, str) else content)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def clean_stale_temps(now: float | None = None, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove the temp files that interrupted atomic writes left behind; the ones removed.

    Only this program's own names (a saved game's temp file in the data directory, a
    settings temp file in the config directory), only regular files, and only files not
    touched for ``older_than`` seconds, so another running copy's write in flight stays.
    Anything that cannot be listed or removed is left as it is.
    """
    now = time.time() if now is None else now
    removed = []
    for folder, pattern in ((data_dir(), _SAVE_TEMP), (config_dir(), _SETTINGS_TEMP)):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not pattern.fullmatch(entry.name):
                continue
            try:
                st = entry.stat(follow_symlinks=False)
                if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < older_than:
                    continue
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(Path(entry.path))
    return removed


SAVE_FORMAT = "pinochle-tui-save"  # a saved game's "format" (`save`)
MAX_SAVE_SIZE = 16 * 1024 * 1024  # far above any game's save; a bigger file is not one


def latest_save_file() -> Path | None:
    """The most recently written saved game, or None when there is none; `OSError` when
    the data directory exists but cannot be read (`save.latest_save` words it).  Here, not
    in `save`, so that the new-game screen can look for one without loading the game's
    modules (the first screen's imports are kept few: issue 12 §4)."""
    folder = data_dir()
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return None
    found = []
    for entry in entries:
        if not (entry.name.startswith("game-") and entry.name.endswith(".json")):
            continue
        try:
            if entry.is_file():
                found.append((entry.stat().st_mtime, entry.name))
        except OSError:
            continue
    return folder / max(found)[1] if found else None


def save_summary(p: Path) -> str | None:
    """What the new-game screen says of the saved game at ``p``: its variant and the hand
    in play (``partnership, hand 2``); None for a finished game or a file that is not a
    readable save (``--resume`` says why of that one).  Read, not replayed: no game is
    rebuilt for the line."""
    from rules.bounded_read import parse_json, read_bounded

    try:  # bounded: a FIFO, a huge file or ``[[[[...`` nested 200 KB deep is not a save
        data = parse_json(read_bounded(p, MAX_SAVE_SIZE, "a saved game", "a JSON text file"))
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or data.get("finished"):
            return None
        name, hands = data["variant"]["name"], data["hands"]
        if not isinstance(name, str) or not isinstance(hands, list):
            return None
    except (OSError, ValueError, KeyError, TypeError):  # FileProblem, TooDeep are ValueErrors
        return None
    shown = "".join(ch for ch in name if ch.isprintable())[:24]
    return f"{shown}, hand {max(1, len(hands))}"
