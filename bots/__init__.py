"""Seat policies: a bot sees only a `SeatView` and the legal actions (DESIGN.md "bots/").

    bot = make_bot("standard")
    action = bot.act(view, legal, rng)

Levels are named (`LEVELS`); a bot is deterministic for a given `random.Random`.  With
one legal action every level returns it without drawing from ``rng``, so a caller (e.g.
`pinochle simulate`) may make a forced move without asking the bot.  A bot may keep
caches between calls (the standard bot keeps what the tricks so far showed each seat),
but never state that changes a decision: a fresh bot decides like a used one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from rules import SeatView

__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]


class Bot(Protocol):
    """Anything that picks one legal action from what its seat may see."""

    name: str

    def act(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any: ...


class RandomBot:
    """A uniformly random legal action: the floor every other level must crush."""

    name = "random"

    def act(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:  # a forced move draws nothing (as with every level)
            return legal[0]
        return legal[rng.randrange(len(legal))]


def _easy() -> Bot:
    from .easy import EasyBot

    return EasyBot()


def _standard() -> Bot:
    from .standard import StandardBot

    return StandardBot()


_FACTORIES: dict[str, Any] = {"random": RandomBot, "easy": _easy, "standard": _standard}
LEVELS: tuple[str, ...] = ("random", "easy", "standard")


def make_bot(level: str) -> Bot:
    """A bot of the named level; `ValueError` names the levels there are."""
    try:
        return _FACTORIES[level]()  # type: ignore[no-any-return]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}") from None
