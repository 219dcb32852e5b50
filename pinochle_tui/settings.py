"""User settings: the last new-game choices, pacing, key remaps (user config dir)."""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .paths import atomic_write, config_dir

DEFAULT_BOT_DELAY = 0.6
DEFAULT_TRICK_DELAY = 1.0


@dataclass
class Settings:
    """``last``: the last new-game choices (variant, seats, target, seed);
    ``keys``: binding id -> keys (e.g. ``{"auto": "f5"}``), see the help screen."""

    bot_delay: float = DEFAULT_BOT_DELAY
    trick_delay: float = DEFAULT_TRICK_DELAY
    last: dict[str, Any] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        """The saved settings; defaults when the file is missing or unreadable."""
        try:
            data = json.loads(cls.path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        s = cls()
        for key, kind in (("bot_delay", (int, float)), ("trick_delay", (int, float))):
            val = data.get(key)
            if isinstance(val, kind) and not isinstance(val, bool) and 0 <= val <= 10:
                setattr(s, key, float(val))
        if isinstance(data.get("last"), dict):
            s.last = data["last"]
        if isinstance(data.get("keys"), dict):
            s.keys = {str(k): str(v) for k, v in data["keys"].items()}
        return s

    def save(self) -> None:
        with contextlib.suppress(OSError):  # settings are a convenience; never fail the game over them
            atomic_write(self.path(), json.dumps(asdict(self), indent=2))
