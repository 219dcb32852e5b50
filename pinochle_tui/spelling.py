"""Which known name a name typed by hand misspells, for the line that refuses it ("did you
mean two-hand?"): the command line's command, variant and seats, settings.json's keys and
the names its values hold.  Below the modules that say it (`cli_common`, `settings`:
siblings, which import each other nothing); the rule itself is the rules' own
(`rules.spelling.guesses`: a variants file's keys are guessed by it too)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.spelling import either, guesses


def nearest(name: str, names: Sequence[str], cutoff: float = 0.8) -> str | None:
    """The one of ``names`` that ``name`` misspells (`rules.spelling.guesses`: the same on
    their letters and digits alone, "twohand", "Two Hand"; the same in another order,
    "hnit", "bot_dealy"; else `difflib`'s likeness of ``cutoff`` or more, "two-hands"),
    the first in ``names``' order where several are as near; None for none (a name
    unlike every one of ``names``)."""
    found = guesses(name, names, cutoff)
    return found[0] if found else None


def did_you_mean(name: str, names: Sequence[str]) -> str:
    """The words a refusal of ``name`` puts after it where it misspells one of ``names``
    (`rules.spelling.guesses`): ``" (did you mean two-hand?)"``, every one as near where
    several are (``" (did you mean game_target or head_target?)"``), else ``""``.  One form
    for every name read from the player, on the command line or in settings.json: a
    variant, a seat's kind, a bot's level, a theme, a card order, a key, a key of the file."""
    found = guesses(name, names)
    return guessed(either(found) if found else None)


def guessed(near: str | None) -> str:
    """The words a refusal puts after a name it guesses is ``near`` misspelt:
    ``" (did you mean two-hand?)"`` (``near`` may say whose it is: ``"--hands, an option of
    pinochle simulate"``), else ``""`` for no guess.  The one form of every guess: a
    command, an option, a name (`did_you_mean`)."""
    return f" (did you mean {near}?)" if near else ""


__all__ = ["did_you_mean", "guessed", "nearest"]
