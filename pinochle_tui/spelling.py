"""Which known name a name typed by hand misspells, for the line that refuses it ("did you
mean two-hand?"): the command line's command, variant and seats, settings.json's keys and
the names its values hold.  Below the modules that say it (`cli_common`, `settings`:
siblings, which import each other nothing)."""

from __future__ import annotations

from collections.abc import Sequence


def nearest(name: str, names: Sequence[str], cutoff: float = 0.8) -> str | None:
    """The one of ``names`` that ``name`` misspells, compared on their letters and digits
    alone (case, hyphens, underscores and spaces aside): the same ("twohand", "Two Hand"),
    the same in another order ("hnit", "bot_dealy"), else `difflib`'s likeness of
    ``cutoff`` or more ("two-hands", "targett"); None for none (a name unlike every one of
    ``names``).
    (`difflib` loads here, where a name is refused, not with the game.)"""
    import difflib

    def bare(text: str) -> str:
        return "".join(c for c in text.casefold() if c.isalnum())

    key = bare(name)
    if not key:
        return None
    for same in (lambda n: bare(n) == key, lambda n: sorted(bare(n)) == sorted(key)):
        found = next((n for n in names if same(n)), None)
        if found is not None:
            return found
    close = difflib.get_close_matches(key, [bare(n) for n in names], n=1, cutoff=cutoff)
    return next((n for n in names if close and bare(n) == close[0]), None)


def did_you_mean(name: str, names: Sequence[str]) -> str:
    """The words a refusal of ``name`` puts after it where it misspells one of ``names``
    (`nearest`): ``" (did you mean two-hand?)"``, else ``""``.  One form for every name read
    from the player, on the command line or in settings.json: a variant, a seat's kind, a
    bot's level, a theme, a card order, a key, a key of the file."""
    return guessed(nearest(name, names))


def guessed(near: str | None) -> str:
    """The words a refusal puts after a name it guesses is ``near`` misspelt:
    ``" (did you mean two-hand?)"`` (``near`` may say whose it is: ``"--hands, an option of
    pinochle simulate"``), else ``""`` for no guess.  The one form of every guess: a
    command, an option, a name (`did_you_mean`)."""
    return f" (did you mean {near}?)" if near else ""


__all__ = ["did_you_mean", "guessed", "nearest"]
