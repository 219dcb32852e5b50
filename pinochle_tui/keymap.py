"""The table's keys as the player bound them (``keys`` in settings.json, the settings
screen): the one place every text that names a key asks (`key`), and the whole keymap the
app gives Textual (`full_keymap`).

A remap moves an action's key everywhere at once (with the
hint on ``f6`` the prompt, the help, the footer and the hint's own close line still said
``i``, and ``i`` still closed the hint):

- the prompts, the help, every overlay's close line and the messages name the key through
  `key` (``key("hint")`` is ``i``, or ``f6`` once remapped);
- the bindings that go with an action follow it (`COMPANIONS`: ``p`` when no pass is
  allowed says why, so it moves with the pass; Space plays where nothing is picked, so it
  moves with pick), and so do the overlays' close keys (the hint closes with the hint's
  key, and Esc); the old key then does what the player bound to it, or nothing.

Textual's own keymap replaces a binding's keys by its id, but dropping a key it drops
every binding on that key (remapping ``play`` took Enter from bid, confirm and choose
too), so the keymap given to Textual names every binding of the table and its overlays,
each with all its keys.
"""

from __future__ import annotations

from typing import ClassVar

from .settings import TABLE_KEYS, key_name

DEFAULTS: dict[str, str] = {bid: keys for bid, _desc, keys in TABLE_KEYS}
"""Each remappable binding id's default keys (Textual's names, comma-separated)."""

COMPANIONS: dict[str, tuple[str, ...]] = {
    # the table's hidden bindings, on the keys of the actions they stand in for
    "continue_space": ("pick",),
    "play_space": ("pick",),
    "choose_space": ("pick",),
    "bid_refused": ("bid",),
    "bid_refused_up": ("raise",),
    "bid_refused_down": ("lower",),
    "pass_refused": ("pass_bid",),
    "undo_off": ("undo",),
    # the screens over the table
    "result_next": ("continue", "pick"),
    "result_final": ("continue", "pick"),
    "result_tricks": ("tricks",),
    "result_help": ("help",),
    "result_quit": ("quit",),
    "over_help": ("help",),
    "over_quit": ("quit",),
    "handoff_ready": ("continue",),
    "handoff_quit": ("quit",),
    "hint_auto": ("auto",),
    "hint_pass": ("pass_bid",),
}
"""Binding id -> the remappable actions whose keys it takes, in order."""

CLOSES: dict[str, tuple[str, ...]] = {
    "help_close": ("help", "quit"),
    "trick_close": ("tricks", "quit"),
    "meld_close": ("melds", "quit"),
    "hint_close": ("hint", "quit"),
    "quit_no": ("quit",),
}
"""An overlay's close binding -> the actions whose keys close it, besides Esc and Enter
(``n``, ``N`` and Esc for the quit question)."""

FIXED_CLOSE = {"quit_no": ("n", "N", "escape"), "hint_close": ("enter",)}  # (the hint's Esc: a binding of its own)

NAMES = {
    "enter": "Enter",
    "space": "Space",
    "escape": "Esc",
    "tab": "Tab",
    "home": "Home",
    "end": "End",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "question_mark": "?",
    "plus": "+",
    "minus": "-",
}


class Bound:
    """The player's remaps now (binding id -> keys as written), set by `use`."""

    remaps: ClassVar[dict[str, str]] = {}


def _split(keys: str) -> list[str]:
    out = []
    for token in (t.strip() for t in keys.split(",")):
        if token:
            name = key_name(token) or token
            if name not in out:
                out.append(name)
    return out


def keys_of(action: str, remaps: dict[str, str] | None = None) -> list[str]:
    """The keys of a remappable ``action`` (a binding id of `TABLE_KEYS`), Textual's names,
    the player's first (``remaps``: the player's, else those in use)."""
    remaps = Bound.remaps if remaps is None else remaps
    return _split(remaps.get(action) or DEFAULTS[action])


def display(name: str) -> str:
    """A key as the texts name it: ``Enter``, ``Space``, ``?``, ``↑``, ``p``, ``f6``."""
    if name in NAMES:
        return NAMES[name]
    from textual.keys import key_to_character

    char = key_to_character(name) if "+" not in name else None
    return char if char and char.isprintable() and not char.isspace() else name


def key(action: str) -> str:
    """The key the texts name for ``action``: its first key as the player bound it."""
    return display(keys_of(action)[0])


def up_down() -> str:
    """The keys that raise and lower a bid, as a prompt names them: ``↑↓`` or ``w/s``."""
    up, down = key("raise"), key("lower")
    return up + down if (up, down) == ("↑", "↓") else f"{up}/{down}"


def _every(remaps: dict[str, str]) -> dict[str, str]:
    """Every remappable, companion and close binding id -> all its keys under ``remaps``."""
    out: dict[str, str] = {bid: ",".join(keys_of(bid, remaps)) for bid in DEFAULTS}
    for bid, actions in COMPANIONS.items():
        out[bid] = ",".join(dict.fromkeys(k for a in actions for k in keys_of(a, remaps)))
    for bid, actions in CLOSES.items():
        fixed = FIXED_CLOSE.get(bid, ("escape", "enter"))
        out[bid] = ",".join(dict.fromkeys([*(k for a in actions for k in keys_of(a, remaps)), *fixed]))
    return out


def full_keymap(remaps: dict[str, str]) -> dict[str, str]:
    """The keymap for `App.set_keymap` (``remaps`` as checked by `settings.keys_problem`):
    each binding whose keys the remaps move (the remapped ones, their companions and the
    close keys that follow them), and every binding that shares a default key with one of
    those, with all its keys (Textual drops a key from every binding on it).  No remap: {}."""
    every, defaults = _every(remaps), _every({})
    keys = {bid: set(k.split(",")) for bid, k in defaults.items()}
    todo = [bid for bid in every if every[bid] != defaults[bid]]
    named = set(todo)
    while todo:
        shared = keys[todo.pop()]
        for bid in defaults:
            if bid not in named and keys[bid] & shared:
                named.add(bid)
                todo.append(bid)
    return {bid: every[bid] for bid in every if bid in named}


def use(app: object, remaps: dict[str, str]) -> None:
    """Make ``remaps`` the keys in use: the texts' (`Bound`) and the app's bindings."""
    Bound.remaps = dict(remaps)
    app.set_keymap(full_keymap(remaps))  # type: ignore[attr-defined]


__all__ = ["COMPANIONS", "DEFAULTS", "Bound", "display", "full_keymap", "key", "keys_of", "up_down", "use"]
