"""Where settings and saved games live, and atomic writes (DESIGN.md "pinochle_tui/").

The user config/data directories come from platformdirs; ``PINOCHLE_HOME`` (used by the
tests) puts both under one directory instead: ``$PINOCHLE_HOME/config`` and ``/data``.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

APP_NAME = "pinochle-tui"


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


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
