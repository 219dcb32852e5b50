"""Saved games: the seed, the seats and every action, written atomically after every
decision (issue §4).  A save replays exactly through the rules engine.

Files: ``<user data dir>/game-<date>-<time>.json``, one per game; ``--resume`` takes the
newest.  A finished game's file is removed.  Format::

    {"format": "pinochle-tui-save", "version": 1, "app": "0.1.0",
     "variant": {...Variant fields...}, "seats": [...], "seed": "...",
     "dealer": 2, "target": 1500, "hands": [[action, ...], ...], "finished": false}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules import ACTION_ADAPTER, Phase, Variant

from . import __version__
from .controller import Controller, Seat
from .paths import atomic_write, data_dir

FORMAT = "pinochle-tui-save"
VERSION = 1


class SaveError(Exception):
    """A save file that cannot be used; the message says which file and why."""


def new_save_path() -> Path:
    """A fresh file for a new game (a damaged older save is never overwritten)."""
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = data_dir()
    k = 0
    while True:
        p = base / f"game-{stamp}{'-' + str(k) if k else ''}.json"
        if not p.exists():
            return p
        k += 1


def latest_save() -> Path | None:
    """The most recently written saved game, or None."""
    try:
        files = [p for p in data_dir().glob("game-*.json") if p.is_file()]
    except OSError:
        return None
    return max(files, key=lambda p: (p.stat().st_mtime, p.name)) if files else None


def to_json(ctrl: Controller) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "app": __version__,
        "variant": ctrl.variant.model_dump(mode="json"),
        "seats": [s.to_json() for s in ctrl.seats],
        "seed": ctrl.seed,
        "dealer": ctrl.first_dealer,
        "target": ctrl.first_target,
        "hands": [[ACTION_ADAPTER.dump_python(a, mode="json") for a in acts] for acts in ctrl.all_action_lists()],
        "finished": ctrl.game.over,
    }


def save_game(ctrl: Controller, path: Path) -> None:
    """Write the game atomically (temp file + rename)."""
    atomic_write(path, json.dumps(to_json(ctrl), separators=(",", ":")))


def load_game(p: Path) -> Controller:
    """Rebuild a game from its save by replaying every action; `SaveError` says why not."""
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{p}: cannot read the saved game ({exc})") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError(f"{p}: the saved game is damaged (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{p}: not a pinochle saved game")
    if data.get("version") != VERSION:
        raise SaveError(
            f"{p}: saved by another version of the game (format {data.get('version')!r}, this one reads {VERSION})"
        )
    try:
        variant = Variant.model_validate(data["variant"])
        seats = [Seat.from_json(s) for s in data["seats"]]
        ctrl = Controller(
            variant, seats, seed=str(data["seed"]), target=int(data["target"]), dealer=int(data["dealer"])
        )
        hands = data["hands"]
        if not isinstance(hands, list) or not hands:
            raise ValueError("no hands")
        for k, acts in enumerate(hands):
            if k:
                if ctrl.round.phase is not Phase.DONE:
                    raise ValueError(f"hand {k} did not finish")
                ctrl.next_hand()
            for a in acts:
                ctrl.apply(ACTION_ADAPTER.validate_python(a))
    except SaveError:
        raise
    except Exception as exc:
        raise SaveError(
            f"{p}: the saved game is damaged and cannot be replayed ({type(exc).__name__}: {exc})"
        ) from None
    return ctrl
