"""Which known names a name typed by hand misspells: the one rule of every guess the game
makes ("did you mean game_target?"), for a key of a variants file here, and for the app's
command line and settings.json (`pinochle_tui.spelling`, which puts the guess in words).
A leaf: it imports no other module of the rules."""

from __future__ import annotations

from collections.abc import Sequence

MOST_GUESSES = 3
"""The most names one guess offers: more names alike are no guess at all."""


def bare(text: str) -> str:
    """``text``'s letters and digits alone, in lower case: case, hyphens, underscores and
    spaces aside ("Game-Target" and "game_target" are both "gametarget")."""
    return "".join(c for c in text.casefold() if c.isalnum())


def _words(text: str) -> list[str]:
    """``text``'s words (split at what is not a letter or a digit), each `bare`."""
    out, word = [], ""
    for c in text:
        if c.isalnum():
            word += c
        elif word:
            out.append(word)
            word = ""
    return [bare(w) for w in [*out, word] if w]


def guesses(
    name: str, names: Sequence[str], cutoff: float = 0.8, *, words: bool = False, loose: float | None = None
) -> tuple[str, ...]:
    """The ones of ``names`` that ``name`` misspells, in ``names``' order, compared on their
    letters and digits alone (`bare`); the first rule that finds any decides:

    1. the same ("twohand", "Two Hand" for two-hand);
    2. the same letters in another order ("hnit" for hint, "bid_min" for min_bid);
    3. `difflib`'s likeness of ``cutoff`` or more: the likest, and every name as like
       ("targett" is as near head_target as game_target, so both: the likest alone named
       the one that sorted last);
    4. with ``words`` (names made of words, as a variant's keys are: game_target,
       kitty_size) and ``name`` one word, the names with a word as like it as ``cutoff``,
       from the same first letter ("target", the word of the command line's --target, for
       head_target and game_target: too short beside either whole key for rule 3; "hand"
       is not "and");
    5. with ``loose``, rule 3 with ``loose`` for ``cutoff`` ("trmp_source" for trump_source).

    Empty for none, and where the rule that finds some finds more than `MOST_GUESSES`
    ("kitty": four keys have the word), where the caller lists every name instead.
    (`difflib` loads here, where a name is refused, not with the game.)"""
    import difflib

    key = bare(name)
    if not key:
        return ()
    known = [(n, bare(n)) for n in names]
    one_word = words and len(_words(name)) == 1

    def likeness(a: str) -> float:
        # as difflib.get_close_matches compares a candidate with the word it looks for
        return difflib.SequenceMatcher(None, a, key).ratio()

    def likest(at_least: float) -> list[str]:
        scored = [(likeness(b), n) for n, b in known]
        best = max((r for r, _ in scored), default=0.0)
        return [n for r, n in scored if r == best] if best >= at_least else []

    rules = [
        lambda: [n for n, b in known if b == key],
        lambda: [n for n, b in known if sorted(b) == sorted(key)],
        lambda: likest(cutoff),
        lambda: [n for n in names if one_word and any(w[0] == key[0] and likeness(w) >= cutoff for w in _words(n))],
        lambda: likest(loose) if loose is not None else [],
    ]
    for rule in rules:
        found = list(dict.fromkeys(rule()))
        if found:
            return tuple(found) if len(found) <= MOST_GUESSES else ()
    return ()


def either(names: Sequence[str]) -> str:
    """``names`` as one guess says them: "two-hand", "game_target or head_target",
    "a, b or c"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


__all__ = ["MOST_GUESSES", "bare", "either", "guesses"]
