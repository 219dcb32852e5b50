"""Seat policies: a bot sees only a `SeatView` and the legal actions (DESIGN.md "bots/").

    bot = make_bot("standard")
    action = bot.act(view, legal, rng)

Levels are named (`LEVELS`: random, easy, standard, expert; `expert` searches the
deals its seat cannot see, `bots.expert`); a bot is deterministic for a given `random.Random`.  With
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

from .legal import plays_on

__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot", "plays_on"]


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


def _expert(**options: Any) -> Bot:
    from .expert import ExpertBot

    return ExpertBot(**options)


_FACTORIES: dict[str, Any] = {"random": RandomBot, "easy": _easy, "standard": _standard, "expert": _expert}
LEVELS: tuple[str, ...] = ("random", "easy", "standard", "expert")
_OPTIONS: dict[str, frozenset[str]] = {"expert": frozenset({"think", "nodes", "horizon", "confidence"})}


def make_bot(level: str, **options: Any) -> Bot:
    """A bot of the named level; `ValueError` names the levels there are.

    ``options`` go to the levels that take them: `expert` takes ``think`` (seconds per
    decision, default 1.0; None: count nodes only), ``nodes`` (a budget in cards played,
    which replays exactly) and ``horizon``.  `ValueError` for an option the level does not take."""
    factory = _FACTORIES.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
    bad = sorted(set(options) - _OPTIONS.get(level, frozenset()))
    if bad:
        raise ValueError(f"bot level {level!r} takes no option {bad[0]!r}")
    return factory(**options)  # type: ignore[no-any-return]
