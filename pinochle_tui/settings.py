"""User settings: the last new-game choices, pacing, the expert's think budget, key remaps
(user config dir).

``settings.json`` is checked key by key when it is read: a key whose value is wrong goes
back to its default and only that key does; what was valid is kept.  A key this version
does not know (at the top, in ``last``, in ``keys``), and a ``last.seats`` with a seat
kind or a seat's key it does not know, is a newer version's: not used, no damage, and
written back as it was whenever the settings are written (`Settings.newer`), so a newer
version's settings survive this one; but a key that is one of its own misspelt ("bot_dealy":
`_misspelt`) is damage, named with the key it is near, as is a seat's kind misspelt ("humna"),
a bot's level misspelt ("expret") and a last variant that misspells one of the run's
(`_check_last`; another name none of the run's is a preset of a ``--variants`` file, kept
with the file's path, ``last.variants_file``, for the run given it again).  A file that is
not JSON, or has any wrong value of a key it knows, is set aside: copied to
``settings.json.bad`` (its bytes as they were; ``.bad.2``, ... when that is taken, never
over an older copy), then ``settings.json`` is rewritten with what was valid in it, so the
next start reads a good file and says nothing.  ``Settings.problem`` holds one line naming the file and every
wrong entry with what it may hold, which the app shows once (`Settings.problem_brief`
where the screen has no room for it); the settings screen lists the entries until the
settings are saved (the file then holds them, each checked).

The settings screen (`screens.settings`) writes the same file, atomically, and says
when it could not (`Settings.save` returns the reason).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rules.bounded_read import FileProblem, TooDeep, parse_json, plain_text, read_bounded
from rules.spelling import guesses

from .paths import LockBusy, atomic_write, config_dir, held_to_write, program
from .spelling import did_you_mean, nearest

MAX_SETTINGS_BYTES = 2**20
"""A settings file is read only up to this size (one the game writes is well under 4 KiB)."""

DEFAULT_BOT_DELAY = 0.6
DEFAULT_TRICK_DELAY = 1.0
DEFAULT_THINK = 1.0
THINK_LO, THINK_HI = 0.05, 10.0
"""The expert's seconds a decision (``--think``, the new-game screen's field): the same as
`cli_common.THINK` and `cli_common.DEFAULT_THINK` (a sibling layer, not imported; a test
checks they agree)."""

CardOrder = Literal["trump", "suit", "rank"]
CARD_ORDERS: dict[str, str] = {
    "trump": "trump first, then by suit",
    "suit": "by suit (spades, hearts, diamonds, clubs)",
    "rank": "by rank (aces, tens, kings, ... across the suits)",
}
"""How a hand is sorted on the table (`render.sort_key`), in the screen's words."""

THEME_PATTERN = r"^([a-z0-9][a-z0-9-]{0,59})?$"
"""A theme's name as the file may hold it (empty: Textual's default), once in lower case
(`_choice_word`: "Nord " is "nord"); one of the app's themes where `Settings.load` is given
their names (the app's start), else checked when the app applies it."""


LAST_TARGET_MAX = 10**8
"""No game of any variant has a target this high (`Variant.max_game_target`: what 100 hands
can reach, under three million in every preset); the new-game screen checks the variant's own."""

_BAD: Any = object()  # a value the fast check leaves to pydantic


class _Check:
    """What one key may hold: a fast check of the plain cases (the value, or `_BAD`) and the
    same rule as a pydantic type (``make``), asked only when the fast check leaves the value
    to it.  pydantic decides everything the fast check does not take, so the two can only
    differ in speed (a test compares them); it is imported only then (a start-up
    with a good settings file, or none, needs none of it)."""

    __slots__ = ("_adapter", "_fast", "_make")

    def __init__(self, fast: Any, make: Any) -> None:
        self._fast = fast
        self._make = make
        self._adapter: Any = None

    def validate_python(self, value: Any) -> Any:
        """The checked value; pydantic's `ValidationError` (a `ValueError`) when it is not allowed."""
        got = self._fast(value)
        if got is not _BAD:
            return got
        return self.pydantic(value)

    def pydantic(self, value: Any) -> Any:
        """The value as pydantic checks it (the rule the fast check follows)."""
        if self._adapter is None:
            from pydantic import TypeAdapter

            self._adapter = TypeAdapter(self._make())
        return self._adapter.validate_python(value)


def _text(shortest: int, longest: int) -> Any:
    def fast(value: Any) -> Any:
        return value if type(value) is str and shortest <= len(value) <= longest and plain_text(value) else _BAD

    return fast


def _text_type(shortest: int, longest: int) -> Any:
    def make() -> Any:
        from typing import Annotated

        from pydantic import Field, StrictStr

        return Annotated[StrictStr, Field(min_length=shortest, max_length=longest)]

    return make


def _fast_delay(value: Any) -> Any:
    return value if type(value) is float and 0 <= value <= 10 else _BAD


def _delay_type() -> Any:
    from typing import Annotated

    from pydantic import Field

    return Annotated[float, Field(ge=0, le=10, allow_inf_nan=False, strict=True)]


def _fast_think(value: Any) -> Any:
    return value if type(value) is float and THINK_LO <= value <= THINK_HI else _BAD


def _think_type() -> Any:
    from typing import Annotated

    from pydantic import Field

    return Annotated[float, Field(ge=THINK_LO, le=THINK_HI, allow_inf_nan=False, strict=True)]


def _fast_bool(value: Any) -> Any:
    return value if type(value) is bool else _BAD


def _bool_type() -> Any:
    from pydantic import StrictBool

    return StrictBool


def _choice_word(value: Any) -> Any:
    """A text trimmed of spaces at either end and in lower case (the card order and the
    theme are names chosen from a list, read in any case and without the spaces a hand
    edit leaves: "Rank", "nord "), anything else as it is, for its check to refuse."""
    return value.strip().lower() if type(value) is str else value


def _fast_card_order(value: Any) -> Any:
    value = _choice_word(value)
    return value if type(value) is str and value in CARD_ORDERS else _BAD


def _card_order_type() -> Any:
    from typing import Annotated

    from pydantic import BeforeValidator

    return Annotated[CardOrder, BeforeValidator(_choice_word)]


_THEME_FIRST = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_THEME_CHARS = _THEME_FIRST | {"-"}


def _fast_theme(value: Any) -> Any:
    """`THEME_PATTERN` without a regex (and without Python's ``$`` before a final newline),
    in any case, trimmed (`_choice_word`)."""
    if type(value) is not str:
        return _BAD
    value = _choice_word(value)
    if value == "" or (len(value) <= 60 and value[0] in _THEME_FIRST and _THEME_CHARS.issuperset(value)):
        return value
    return _BAD


def _theme_type() -> Any:
    from typing import Annotated

    from pydantic import BeforeValidator, Field, StrictStr

    return Annotated[StrictStr, Field(pattern=THEME_PATTERN), BeforeValidator(_choice_word)]


THEMES_LISTED = "to list them: ctrl+p, then type theme"
"""Where a notice of a theme the app does not have sends the reader for the names: the
command palette's ``Theme: NAME`` entries (the settings screen lists them too; the
names themselves made a notice of 21 names)."""

_SEAT_KEYS = frozenset({"kind", "name", "level"})
SEAT_KINDS = ("human", "bot", "remote")
"""A remembered seat's kinds: a person at this keyboard, a bot, or a person at another
terminal (the new-game screen's "another terminal": its game is hosted).  A remote seat is
remembered as remote, so the next new game offers the hosted table again and never turns
that seat into a local human (a hot-seat game nobody chose)."""
_SEAT_TEXT = _text(0, 20)

BOT_LEVELS = ("random", "easy", "standard", "expert")
"""A remembered bot seat's levels (``level``; "" for the default level): the bots' own
(`bots.LEVELS`, not imported: reading the settings loads no bot; a test checks the two
agree)."""

LAST_SEAT_COUNTS = (2, 3, 4, 5, 6, 8)
"""How many seats the last new-game choices may hold: the tables the variants allow
(`Variant.players`; a test checks the two agree). Not imported from the rules: reading the
settings stays a sibling of them."""


def _fast_seats(value: Any) -> Any:
    """2 to 6 or 8 seats (`LAST_SEAT_COUNTS`), each ``{kind, name, level}`` as `LastSeat` dumps it."""
    if type(value) is not list or len(value) not in LAST_SEAT_COUNTS:
        return _BAD
    out = []
    for seat in value:
        if type(seat) is not dict or not _SEAT_KEYS.issuperset(seat) or seat.get("kind") not in SEAT_KINDS:
            return _BAD
        if type(seat["kind"]) is not str:
            return _BAD
        name, level = _SEAT_TEXT(seat.get("name", "")), _SEAT_TEXT(seat.get("level", ""))
        if name is _BAD or level is _BAD:
            return _BAD
        out.append({"kind": seat["kind"], "name": name, "level": level})
    return out


def _seats_type() -> Any:
    """`LastSeat` (one seat of the last new-game choices, ``Seat.to_json``), as many as a
    table has (`LAST_SEAT_COUNTS`); as checked, each seat is dumped back to a dict."""
    from typing import Annotated

    from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictStr

    class LastSeat(BaseModel):
        model_config = ConfigDict(frozen=True, extra="forbid")

        kind: Literal["human", "bot", "remote"]
        name: StrictStr = Field(default="", max_length=20)
        level: StrictStr = Field(default="", max_length=20)

    def dumped(seats: list[LastSeat]) -> list[dict[str, Any]]:
        if len(seats) not in LAST_SEAT_COUNTS:  # 7: within the bounds, but no table has it
            raise ValueError(f"no table has {len(seats)} seats")
        return [seat.model_dump() for seat in seats]

    bounds = Field(min_length=min(LAST_SEAT_COUNTS), max_length=max(LAST_SEAT_COUNTS))
    return Annotated[list[LastSeat], bounds, AfterValidator(dumped)]


def _fast_target(value: Any) -> Any:
    return value if type(value) is int and 0 < value <= LAST_TARGET_MAX else _BAD


def _target_type() -> Any:
    from typing import Annotated

    from pydantic import Field, StrictInt

    return Annotated[StrictInt, Field(gt=0, le=LAST_TARGET_MAX)]


_BOOL = _Check(_fast_bool, _bool_type)
# what each key may hold, and in words for the notice
_TOP: dict[str, tuple[_Check, str]] = {
    "bot_delay": (_Check(_fast_delay, _delay_type), "seconds from 0 to 10"),
    "trick_delay": (_Check(_fast_delay, _delay_type), "seconds from 0 to 10"),
    "think": (_Check(_fast_think, _think_type), f"seconds from {THINK_LO:g} to {THINK_HI:g}"),
    "card_order": (_Check(_fast_card_order, _card_order_type), "one of " + ", ".join(CARD_ORDERS)),
    "auto_play_forced": (_BOOL, "true or false"),
    "ascii": (_BOOL, "true or false"),
    "theme": (
        _Check(_fast_theme, _theme_type),
        'a theme\'s name (letters, digits and -, e.g. "textual-light"; "" for the default)',
    ),
}
# the join screen's last table (`screens.join`): its address as typed there, and the name
# of the seat taken at it; written only once a table was joined (none: left out of the file)
_JOINED: dict[str, tuple[_Check, str]] = {
    "join_address": (_Check(_text(0, 300), _text_type(0, 300)), "a table's address, HOST:PORT"),
    "join_name": (_Check(_text(0, 40), _text_type(0, 40)), "a seat's name, up to 40 characters"),
}
_TOP |= _JOINED
_SECONDS = ("bot_delay", "trick_delay", "think")
_LAST: dict[str, tuple[_Check, str]] = {
    "variant": (_Check(_text(0, 100), _text_type(0, 100)), "a variant's name"),
    "seats": (_Check(_fast_seats, _seats_type), "2 to 6 or 8 seats, each {kind: human|bot|remote, name, level}"),
    "target": (_Check(_fast_target, _target_type), f"a whole number of points from 1 to {LAST_TARGET_MAX}"),
    "seed": (_Check(_text(0, 1000), _text_type(0, 1000)), "text"),
    "variants_file": (_Check(_text(1, 4096), _text_type(1, 4096)), "the path of a variants file"),
}
_KEY = _Check(_text(1, 200), _text_type(1, 200))


# ---------------------------------------------------------------------- the table's keys

MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")


@functools.cache
def key_names() -> frozenset[str]:
    """Textual's names of the keys that are not one character (``f5``, ``space``,
    ``question_mark``); textual is imported only when a remap is checked."""
    from textual.keys import KEY_NAME_REPLACEMENTS, KEY_TO_UNICODE_NAME, Keys

    return frozenset(
        {k.value for k in Keys if "+" not in k.value and not k.value.startswith("<")}
        | set(KEY_TO_UNICODE_NAME)
        | set(KEY_NAME_REPLACEMENTS.values())
    )


RESERVED = {
    "ctrl+q": "quitting",
    "ctrl+p": "the command palette",
    "ctrl+c": "copying",
    "f1": "the rules",  # on every screen (`PinochleApp`), as the help says
    # the hand result's review: not a table key, so not remappable, but a
    # table action remapped onto it would take it on the result screen (the result's next,
    # tricks, help and quit follow the table's keys: keymap.COMPANIONS)
    "r": "the review on a hand's result",
}

FIXED_TABLE_KEYS = {
    "left": "moving along your hand",
    "h": "moving along your hand",
    "right": "moving along your hand",
    "l": "moving along your hand",
    "home": "the first card",
    "end": "the last card",
    **{str(n): "choosing an option by its number" for n in range(1, 10)},
    "escape": "cancelling a hint or play for me",
    "x": "calling a misdeal",
    "r": "the last hand's review",
    "b": "a bot for a player away (hosting)",
    "w": "the lines to join a hosted table",
}
"""The table's own keys that are not a player's to remap (Textual's names -> what they do):
a remapped action on one of them would take it from that action or lose it (a test checks
this against `TableScreen.BINDINGS`)."""


TABLE_KEYS: tuple[tuple[str, str, str], ...] = (
    ("continue", "continue", "enter"),
    ("play", "play card", "enter"),
    ("bid", "bid", "enter"),
    ("confirm", "confirm", "enter"),
    ("choose", "choose", "enter"),
    ("pick", "pick card", "space"),
    ("raise", "raise", "up,k,plus"),
    ("lower", "lower", "down,j,minus"),
    ("pass_bid", "pass", "p"),
    ("auto", "play for me", "a"),
    ("hint", "hint", "i"),
    ("undo", "undo", "u"),
    ("tricks", "tricks", "t"),
    ("melds", "melds", "m"),
    ("help", "help", "question_mark"),
    ("quit", "quit", "q"),
)
"""The table's keys a player may remap, as its footer shows them: (binding id, what it
does, its default keys).  The same as `TableScreen.BINDINGS` (a test checks it); written
out here because the screens over the dialogs do not import each other, and here (not in
`screens.settings`) because the file is checked by the same rules when it is read."""


def remappable() -> list[tuple[str, str, str]]:
    """`TABLE_KEYS` as a list."""
    return list(TABLE_KEYS)


def key_name(token: str) -> str | None:
    """``token`` as Textual names the key (``?`` is ``question_mark``), or None when it is
    not a key: one character, or a key's name, after modifiers such as ``ctrl+``.  A
    name is read in any case (``F1``, ``Ctrl+PageUp``: Textual's names are lower case);
    one character keeps its case (``A`` is not ``a``)."""
    from textual.keys import _character_to_key

    *mods, base = token.split("+") if len(token) > 1 else [token]
    mods = [m.lower() for m in mods]
    if any(m not in MODIFIERS for m in mods) or len(set(mods)) != len(mods) or not base:
        return None
    if len(base) == 1:
        if not base.isprintable() or base.isspace():
            return None
        base = _character_to_key(base)
    elif base.lower() in key_names():
        base = base.lower()
    else:
        return None
    return "+".join([*mods, base])


def same_key(name: str) -> str:
    """A key's Textual name (`key_name`) in the one form two spellings of the same key share,
    for telling a clash: an upper-case letter is that letter with shift (Textual delivers
    Shift+I as ``I``), so ``I``, ``shift+i`` and ``shift+I`` are one key, and modifiers are
    in one order (``shift+ctrl+a`` is ``ctrl+shift+a``)."""
    *mods, base = name.split("+") if len(name) > 1 else [name]
    if len(base) == 1 and base.isalpha() and base != base.lower():
        mods.append("shift")
        base = base.lower()
    return "+".join([*sorted(set(mods), key=MODIFIERS.index), base])


def key_id(word: str) -> str:
    """One key however it is spelt (`key_name`, then `same_key`), for telling repeats and
    clashes; ``word`` itself when it is not a key."""
    name = key_name(word)
    return word if name is None else same_key(name)


def keys_once(text: str) -> str:
    """An action's keys ``text`` (with commas) with each key once: a word naming the key an
    earlier one names (``i,i``, ``f6, F6``, ``?,question_mark``: `key_name`) is dropped, the
    first spelling and the order kept.  A key typed twice for one action is no conflict
    (`keys_problem` refuses a key of two actions), only a repeat, so it is kept once
    rather than refused; ``text`` is returned as written when no key repeats."""
    words = [w.strip() for w in text.split(",")]
    kept: dict[str, str] = {}  # the key's name -> its first spelling
    for word in words:
        kept.setdefault(key_id(word), word)
    return text if len(kept) == len(words) else ",".join(kept.values())


def keys_problem(remaps: dict[str, str], table: list[tuple[str, str, str]]) -> tuple[str, str] | None:
    """The first remap that is refused, as (binding id, one line), or None; the line begins
    in lower case ("key 'f1' for hint is kept for the rules; give another"), as every entry
    of the list of what was wrong in the file does (the settings screen makes a sentence of
    it where it refuses a field).  A key must be
    a key (`key_name`), not the app's own (ctrl+q, ctrl+p) nor the table's fixed keys
    (`FIXED_TABLE_KEYS`), and not another action's: its
    remapped key, or its default key unless that action is remapped too."""
    what = {bid: desc for bid, desc, _ in table}
    taken: dict[str, str] = {}  # key -> binding id
    for bid, _desc, default in table:
        if bid not in remaps:
            for k in default.split(","):
                taken.setdefault(key_id(k.strip()), bid)
    own: dict[str, str] = {}
    for bid, text in remaps.items():
        tokens = [t.strip() for t in text.split(",")]
        if len(tokens) > 1 and not all(tokens):
            return bid, (
                f"keys '{_visible(text)[:20]}' for {what[bid]} have an empty key between commas: "
                "give a key on each side of every comma"
            )
        for token in tokens:
            name = key_name(token)
            if name is None:
                return bid, (
                    f"key '{_visible(token)[:20]}' for {what[bid]} is not a key{_key_guess(token)}: "
                    "give one character or a key's name "
                    "(f1-f12, space, enter, tab, up, pageup, ...), with ctrl+, alt+ or shift+ before it if you like; "
                    "several keys with commas"
                )
            kept = RESERVED.get(name) or FIXED_TABLE_KEYS.get(name)
            if kept is not None:
                return bid, f"key '{_visible(token)}' for {what[bid]} is kept for {kept}; give another"
            name = same_key(name)
            other = own.get(name) or taken.get(name)
            if other is not None and other != bid:
                also = "" if other in remaps else f", or remap {what[other]} too"
                return (
                    bid,
                    f"key '{_visible(token)}' for {what[bid]} is already the key of {what[other]}; give another{also}",
                )
            own[name] = bid
    return None


def _key_guess(token: str) -> str:
    """The words a refusal of ``token`` (no key: `key_name`) puts after it where it is a
    key's name misspelt after modifiers that are right: " (did you mean ctrl+pageup?)" for
    ``ctrl+pgup``, as `spelling.did_you_mean` words a misspelt name; else ""."""
    *mods, base = token.split("+")
    if len(base) < 2 or any(m.lower() not in MODIFIERS for m in mods):
        return ""
    near = nearest(base, sorted(key_names()))
    return f" (did you mean {'+'.join([*mods, near])}?)" if near else ""


def _visible(text: str) -> str:
    """``text`` with control characters written out (``ESC`` is ``\\x1b``), as the
    notices quote a key (`cli_common.visible` is not imported here: a sibling layer)."""
    return text if text.isprintable() else "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _shown(value: Any) -> str:
    """A wrong value as the notice quotes it: JSON's own words for null, true and false
    (the file says ``null``: "ascii is None" was Python's word), else its repr, cut short."""
    text = {None: "null", True: "true", False: "false"}.get(value, repr(value)) if _is_word(value) else repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _is_word(value: Any) -> bool:
    """Whether ``value`` is JSON's null, true or false (not 1 or 0, which equal True and False)."""
    return value is None or type(value) is bool


def _key(name: str) -> str:
    """A key of the file as the notice names it (control characters made visible)."""
    return name if name.isprintable() and len(name) <= 30 else _shown(name)


@dataclass
class Settings:
    """``last``: the last new-game choices (variant, seats, target, seed; the seed is only
    named on the new-game screen, never dealt again unless typed: a seed is one game's);
    ``keys``: binding id -> keys (e.g. ``{"auto": "f5"}``), see the help screen;
    ``think``: the expert bot's seconds a decision;
    ``card_order``: how the hand is sorted (`CARD_ORDERS`); ``auto_play_forced``: the
    only legal card is played without a key; ``ascii``: letters for suits and ASCII
    lines; ``theme``: the Textual theme's name ("" the default); ``join_address`` and
    ``join_name``: the last table joined at another terminal's host (its address as the
    join screen had it) and the seat's name there, which the join screen offers again.
    ``problem``: what was wrong with the file when it was read (never saved), every wrong
    entry named; ``problems``: those entries one by one (the settings screen lists them);
    ``problem_brief``: ``problem`` in a few lines, for a notice with no room for them all
    (their number and the first, and where the settings screen lists every one);
    ``whole``: none of the file could be read (``problems`` then holds why, and every
    setting is its default); ``kept_as``: the name of the copy the damaged file was kept
    as ("" where none was made: the file is left as it is); ``written``: the settings as
    this process last read or wrote the file (`to_json`'s form; None: never read, so every
    setting is this copy's own), against which `save` finds what was changed here.

    Every write reads the file, changes it and writes it (atomically) while holding it
    (`paths.held_to_write`), so that two pinochles writing at once (a settings screen's
    save, another's join screen) each keep the other's change."""

    bot_delay: float = DEFAULT_BOT_DELAY
    trick_delay: float = DEFAULT_TRICK_DELAY
    think: float = DEFAULT_THINK
    card_order: CardOrder = "trump"
    auto_play_forced: bool = False
    ascii: bool = False
    theme: str = ""
    join_address: str = ""
    join_name: str = ""
    last: dict[str, Any] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)
    problem: str | None = field(default=None, compare=False)
    problems: tuple[str, ...] = field(default=(), compare=False, repr=False)
    problem_brief: str | None = field(default=None, compare=False, repr=False)
    keep_file: bool = field(default=False, compare=False, repr=False)
    # none of the file could be read (every setting its default), and the name of the copy
    # the file as it was is kept under ("" where it was not copied: it is left as it is)
    whole: bool = field(default=False, compare=False, repr=False)
    kept_as: str = field(default="", compare=False, repr=False)
    # what the file holds that this version does not know, from a newer version: never
    # used, written back as it was (`to_json`); shaped as the file is, the unknown keys of
    # ``last`` and ``keys`` under those two keys
    newer: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    written: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        # each action's keys once (`keys_once`), whoever made the settings: the settings
        # screen (`dataclasses.replace`) or the file (`_check_keys`)
        if self.keys:
            self.keys = {bid: keys_once(text) if isinstance(text, str) else text for bid, text in self.keys.items()}

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @property
    def game_think(self) -> float | None:
        """The think budget a new game takes from the settings when no ``--think`` is given:
        None at the default (the expert's own: a game's save then holds none, as before)."""
        return None if self.think == DEFAULT_THINK else self.think

    @classmethod
    def load(cls, themes: Collection[str] | None = None, variants: Collection[str] | None = None) -> Settings:
        """The saved settings, checked key by key; defaults for what is missing or wrong.
        ``themes``: the names a theme may have (the app's themes), so a theme the app
        lacks is one more wrong entry of this one reading (one notice, one copy of the
        file as it was kept); None: any name of a theme's form.  ``variants``: the names
        ``last.variant`` may have (the presets of this run), the same way; None: any."""
        path = cls.path()
        try:  # a regular file only (a FIFO would block the start), within the cap
            raw = read_bounded(path, MAX_SETTINGS_BYTES, "settings.json", "a JSON text file")
        except FileNotFoundError:
            return cls(written={})
        except FileProblem as exc:
            # nothing (or not all) could be read, so nothing may be written over it either
            if exc.problem == "unreadable":
                why = f"cannot be read ({exc.detail})"
            elif exc.problem == "too_large":
                why = f"larger than {exc.detail}, so it is not read (settings are a few hundred bytes)"
            else:
                why = f"cannot be read ({exc.detail}, not a regular file)"
            return cls(
                problem=f"{path}: {why}; playing with the default settings", problems=(why,), keep_file=True, whole=True
            )
        s, wrong, whole = cls._read(raw, themes, variants)
        s.written = s.to_json()
        if not wrong:
            return s
        try:
            with held_to_write(path):
                kept = s._set_aside(path, raw)
        except LockBusy as exc:
            s.keep_file = True  # (its next start sets it aside)
            kept = f"it is left as it is, as another pinochle (process {exc.pid}) was writing it"
        # every wrong entry named, with what it may hold (it ended "and 1 more" after three)
        s.problems = tuple(wrong)
        s.whole = whole
        if whole:
            uses = "the game plays with the default settings, and "
        elif all(READ_AS in entry for entry in wrong):  # each read as what it misspells: no default
            uses = ""
        else:
            uses = "the game uses the defaults for that, and "
        s.problem = f"{path}: {'; '.join(wrong)}; {uses}{kept}"
        if len(wrong) > 1:
            s.problem_brief = (
                f"{path}: {len(wrong)} entries are wrong (the first: {wrong[0]}); the game uses the defaults "
                f"for them, and {kept}. Every one, with what is allowed, is listed in the settings "
                "(o on the new-game screen, or ctrl+p then Settings)"
            )
        return s

    def _set_aside(self, path: Path, raw: bytes) -> str:
        """`load`'s damaged ``path``, which held ``raw``, kept in a copy (`set_aside`) and
        written again with what was valid in it, while held (`held_to_write`); the words
        saying so.  One written again since it was read (another pinochle's save) is left
        as it is, for the next start to read."""
        if _read_now(path) != raw:
            return "it has been written again since, so it is left as it is"
        kept_as, kept = set_aside(path, raw)
        if kept_as is None:
            self.keep_file = True  # no copy: never overwrite the only one
            return kept
        self.kept_as = kept_as
        # set aside: its bytes are safe in the copy, so settings.json now holds what was
        # valid in it (atomically); the next start reads that, with no notice again
        try:
            atomic_write(path, json.dumps(self.to_json(), indent=2))
        except OSError as exc:
            kept += f", but {path.name} could not be rewritten ({exc.strerror or exc}), so this notice comes back"
        return kept

    @staticmethod
    def _parse(raw: bytes) -> tuple[dict[str, Any], str | None]:
        """The object of settings in ``raw``, or why the whole file cannot be read as one."""
        try:  # the nesting bounded before the parse (`parse_json`): json recurses into arrays
            data = parse_json(raw)
        except UnicodeDecodeError:
            return {}, "not UTF-8 text"
        except json.JSONDecodeError as exc:
            return {}, f"not JSON ({exc})"
        except TooDeep as exc:
            return {}, f"not JSON settings ({exc}; settings nest 3 deep)"
        except ValueError:  # json: an integer longer than Python reads (sys.get_int_max_str_digits)
            return {}, "not JSON settings (a number too long to read)"
        if not isinstance(data, dict):
            return {}, "not a JSON object of settings"
        return data, None

    @classmethod
    def from_bytes(cls, raw: bytes, variants: Collection[str] | None = None) -> tuple[Settings, list[str]]:
        """The settings in ``raw`` and what was wrong (each naming its key); ``variants`` as
        `load` takes them."""
        s, wrong, _ = cls._read(raw, variants=variants)
        return s, wrong

    @classmethod
    def _read(
        cls, raw: bytes, themes: Collection[str] | None = None, variants: Collection[str] | None = None
    ) -> tuple[Settings, list[str], bool]:
        """`from_bytes`, and whether the whole file was unread (not JSON, not an object of
        settings: every setting's default); ``themes`` and ``variants`` as `load` takes them."""
        s = cls()
        data, problem = cls._parse(raw)
        if problem is not None:
            return s, [problem], True
        wrong: list[str] = []
        names = {"card_order": list(CARD_ORDERS), "theme": sorted(themes or ())}  # the keys that hold a name
        for key, value in data.items():
            if key in _TOP:
                adapter, allowed = _TOP[key]
                # a name misspelt ("rnak", "nrod"): said with the one it is near
                guess = did_you_mean(value, names[key]) if key in names and type(value) is str else ""
                try:
                    checked = adapter.validate_python(value)
                except ValueError:  # pydantic's ValidationError
                    wrong.append(f"{key} is {_shown(value)}{guess}, not {allowed}")
                    continue
                if key == "theme" and checked and themes is not None and checked not in themes:
                    wrong.append(f"theme is {_shown(value)}{guess}, not one of the app's themes ({THEMES_LISTED})")
                    continue
                setattr(s, key, float(checked) if key in _SECONDS else checked)
            elif key == "last":
                s.last = _check_last(value, wrong, s.newer, variants)
            elif key == "keys":
                s.keys = _check_keys(value, wrong, s.newer)
            elif near := _misspelt(key, (*_TOP, "last", "keys")):
                wrong.append(f"{_key(key)} is not a setting{near}")
            else:
                s.newer[key] = value
        return s, wrong, False

    def to_json(self) -> dict[str, Any]:
        """The settings as the file holds them, with what a newer version wrote that this
        one does not know (`newer`) as it was: this version's own value of a key first."""
        out = self._own_json()
        for key, value in self.newer.items():
            out[key] = {**value, **out[key]} if key in ("last", "keys") else value
        return out

    def _own_json(self) -> dict[str, Any]:
        return {
            "bot_delay": self.bot_delay,
            "trick_delay": self.trick_delay,
            "think": self.think,
            "card_order": self.card_order,
            "auto_play_forced": self.auto_play_forced,
            "ascii": self.ascii,
            "theme": self.theme,
            # (the last table joined, once there is one: `_JOINED`)
            **{key: getattr(self, key) for key in _JOINED if getattr(self, key)},
            "last": self.last,
            "keys": self.keys,
        }

    def save(self) -> str | None:
        """Write the settings changed here (since this process read the file, or last wrote
        it: `written`) into settings.json as it is now, atomically; None, or why they were not
        written (one line).  Every other entry stays as the file now holds it, so a change
        another pinochle saved meanwhile is kept (the whole copy read at the start was
        written, and put back what the other had saved).  Settings are a convenience: the
        game never stops over them."""
        if self.keep_file:
            return f"{self.path()} was not written: the file as it was is kept (see the notice at start-up)"
        return self._write(None)

    def save_fields(self, *keys: str) -> str | None:
        """Write only ``keys`` (top-level settings of this version, e.g. ``join_address``)
        into settings.json as it is now, as `save` writes; None, or why nothing was written
        (one line).  A key of the last table joined that is empty is left out, as `to_json`
        leaves it."""
        if self.keep_file:
            return f"{self.path()} was not written: the file as it was is kept (see the notice at start-up)"
        return self._write(keys)

    def _write(self, keys: tuple[str, ...] | None) -> str | None:
        """`save` (``keys`` None: those changed here) and `save_fields`: read, changed and
        written while held against every other pinochle (`held_to_write`).  A file that
        cannot be read now, or is no JSON object of settings now, is not written over: the
        next start sets it aside and says so (`load`)."""
        path = self.path()
        own = self.to_json() if keys is None else self._own_json()
        try:
            with held_to_write(path):
                try:
                    raw = read_bounded(path, MAX_SETTINGS_BYTES, "settings.json", "a JSON text file")
                except FileNotFoundError:
                    raw = b"{}"
                except FileProblem as exc:
                    return f"{path} was not written: it cannot be read now ({exc.detail})"
                data, problem = self._parse(raw)
                if problem is not None:
                    return f"{path} was not written: it is {problem} now"
                changed = self._changed(own, data) if keys is None else list(keys)
                for key in changed:
                    if key in own:
                        data[key] = own[key]
                    else:  # (an empty key of the last table joined: not in the file)
                        data.pop(key, None)
                atomic_write(path, json.dumps(data, indent=2))
        except LockBusy as exc:
            return f"{path} was not written: another pinochle (process {exc.pid}) was writing it"
        except OSError as exc:
            return f"{path} could not be written ({exc.strerror or exc})"
        if keys is None:
            self.written = own
        elif self.written is not None:
            written = {**self.written, **{key: own[key] for key in changed if key in own}}
            self.written = {key: value for key, value in written.items() if key in own or key not in changed}
        return None

    def _changed(self, own: dict[str, Any], data: dict[str, Any]) -> list[str]:
        """The keys `save` writes of ``own`` (`to_json`) into the file's ``data``: each one
        changed here since `written` (all, where nothing was read), and each the file lacks."""
        base = self.written
        if base is None:
            return list(own)
        gone = object()
        return [
            key
            for key in [*own, *(k for k in base if k not in own)]
            if key not in data or own.get(key, gone) != base.get(key, gone)
        ]


def _read_now(path: Path) -> bytes | None:
    """What ``path`` holds now (bounded as `Settings.load` reads it); None where it cannot be read."""
    try:
        return read_bounded(path, MAX_SETTINGS_BYTES, "settings.json", "a JSON text file")
    except (OSError, FileProblem):
        return None


def set_aside(path: Path, raw: bytes) -> tuple[str | None, str]:
    """Keep ``raw``, the bytes ``path`` held, in its first free ``.bad`` copy (`kept_copy`),
    before the file is written over: the copy's name and "the file was kept as
    settings.json.bad", or None and why it could not be copied ("it could not be copied to
    settings.json.bad (...), so it is left as it is": then nothing may be written over it)."""
    bad = path.with_name(path.name + ".bad")
    try:
        bad, same = kept_copy(path, raw)
        if not same:
            atomic_write(bad, raw)
    except OSError as exc:
        return None, f"it could not be copied to {bad.name} ({exc.strerror or exc}), so it is left as it is"
    return bad.name, f"the file was kept as {bad.name}"


def kept_copy(path: Path, raw: bytes) -> tuple[Path, bool]:
    """Where a broken ``path`` holding ``raw`` is kept: the first free ``<name>.bad``,
    ``.bad.2``, ... (never over an older copy, as the statistics do), or the copy that
    already holds these bytes (True: nothing to write; the same broken file read at
    each start-up is kept once)."""
    k = 1
    while True:
        bad = path.with_name(path.name + (".bad" if k == 1 else f".bad.{k}"))
        try:
            if bad.read_bytes() == raw:
                return bad, True
        except FileNotFoundError:
            return bad, False
        except IsADirectoryError:
            pass
        k += 1


def _check_last(
    value: Any, wrong: list[str], newer: dict[str, Any], variants: Collection[str] | None = None
) -> dict[str, Any]:
    """The last new-game choices of the file; a key it does not know, and seats of a kind
    it does not know (`_newer_seats`), go to ``newer["last"]``.  A variant that is one of
    ``variants`` (None: any name) misspelt, with no variants file named
    (`_misspelt_variant`), and a seat's kind or a bot's level misspelt ("humna", "expret")
    are wrong entries, each named (with the name it is near): the variant is left out (the
    new-game screen offers its default), the seat takes its default kind or level
    (`_seats_respelt`), and every other choice is kept.  (They went unsaid: the screen
    offered another variant, and the misspelt seat was kept as a newer version's.)  Any
    other variant none of ``variants`` is kept: a preset of a variants file this run was
    not given."""
    if not isinstance(value, dict):
        wrong.append(f"last is {_shown(value)}, not an object of the last new-game choices")
        return {}
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key not in _LAST:
            if near := _misspelt(key, _LAST):
                wrong.append(f"last.{_key(key)} is not a setting{near}")
            else:
                newer.setdefault("last", {})[key] = item
            continue
        if key == "seats":
            item = _seats_respelt(item, wrong)
        adapter, allowed = _LAST[key]
        try:
            checked = adapter.validate_python(item)
        except ValueError:  # pydantic's ValidationError
            if key == "seats" and _newer_seats(item):
                newer.setdefault("last", {})[key] = item
            else:
                wrong.append(f"last.{_key(key)} is {_shown(item)}, not {allowed}")
            continue
        if key == "variant" and variants is not None and _misspelt_variant(checked, value, variants):
            guess = did_you_mean(checked, list(variants))
            wrong.append(
                f"last.variant is {_shown(checked)}{guess}, not one of this run's variants ({program()} variants "
                "lists them)"
            )
            continue
        out[key] = checked
    return out


def _misspelt_variant(name: str, last: dict[str, Any], variants: Collection[str]) -> bool:
    """Whether ``name``, the last game's variant, is damage: none of this run's
    ``variants``, but one of them misspelt ("two-hnad": a hand edit, as the game writes only a name it
    played), where the last choices name no variants file (``last.variants_file``: the
    ``--variants`` file of the run that played it, whose presets a run without it lacks).
    Any other name is kept as it was, and the new-game screen offers its default variant
    until a run has it again: a preset of that file (or of a file from before the file was
    remembered, or of a newer version), so the next ``pinochle --variants FILE`` offers
    the game last played, as a run of the shipped presets does."""
    if name in variants:
        return False
    file = last.get("variants_file")
    return not (type(file) is str and file) and nearest(name, list(variants)) is not None


READ_AS = ", so it is read as "
"""How a wrong entry of the file that is read as the one name it misspells ends ("..., so
it is read as human"): no default was put in its place (`Settings.load` says so)."""


def _seat_named(i: int, seat: Any) -> str:
    """Seat ``i`` of the last choices as a wrong entry names it: its number, as the new-game
    screen's rows have it, and its name where it has one ("seat 2 (Ella)"), so the player
    knows whose seat it is; a name that is no seat's name (not text, too long) is left out."""
    name = seat.get("name") if type(seat) is dict else None
    if type(name) is str and name.strip() and _SEAT_TEXT(name) is not _BAD:
        return f"seat {i + 1} ({_visible(name.strip())})"
    return f"seat {i + 1}"


def _seats_respelt(value: Any, wrong: list[str]) -> Any:
    """``last.seats`` with each seat whose kind is one of `SEAT_KINDS` misspelt ("humna",
    "Bot ") named in ``wrong`` (with its name, the kind it is near and the kind it is read
    as) and read as that kind (`rules.spelling.guesses`: "humna" a person here, as the file
    meant: a hot-seat seat misspelt stays a person's), its name and level kept; a
    kind as near two kinds as each other takes the seat's default kind: the first seat a
    person here (``human``), any other a bot; and
    each bot's level that is one of `BOT_LEVELS` misspelt ("expret") named the same way
    and given the default level ("": the new-game screen's, `controller.default_level`),
    the seat's kind and name kept.  A kind or a level near none of them is left as it is:
    a newer version's (`_newer_seats`; a level the new-game screen does not offer is
    played at the default level)."""
    if type(value) is not list:
        return value
    out = []
    for i, seat in enumerate(value):
        kind = seat.get("kind") if type(seat) is dict else None
        if type(kind) is str and kind not in SEAT_KINDS and (near := guesses(kind, SEAT_KINDS)):
            taken = near[0] if len(near) == 1 else ("human" if i == 0 else "bot")
            wrong.append(
                f"last.seats: {_seat_named(i, seat)}'s kind is {_shown(kind)}{did_you_mean(kind, SEAT_KINDS)}, not "
                f"one of {', '.join(SEAT_KINDS)}{READ_AS}{taken}"
            )
            seat = {**seat, "kind": taken}
        level = seat.get("level") if type(seat) is dict and seat.get("kind") == "bot" else None
        if type(level) is str and level not in BOT_LEVELS and nearest(level, BOT_LEVELS):
            wrong.append(
                f"last.seats: {_seat_named(i, seat)}'s level is {_shown(level)}{did_you_mean(level, BOT_LEVELS)}, not "
                f"one of {', '.join(BOT_LEVELS)}"
            )
            seat = {**seat, "level": ""}
        out.append(seat)
    return out


def _misspelt(key: str, known: Any) -> str:
    """The words " (did you mean NAME?)" where ``key``, a key this version does not know, is
    one of the ``known`` keys misspelt (`spelling.did_you_mean`: "hnit", "bot_dealy",
    "thnik"): damage, named, as a key typed by hand should be.  "" for any other key: a
    newer version's, kept (`Settings.newer`); so a new setting is never named that near an
    old one."""
    return did_you_mean(key, list(known)) if type(key) is str else ""


def _newer_seats(value: Any) -> bool:
    """Whether ``value``, seats this version refuses, are a newer version's: a list of
    seat objects, each with its kind as text, one of a kind or with a key this version
    does not know (as "remote" was new once).  Anything else is damage."""
    if type(value) is not list or not all(type(seat) is dict and type(seat.get("kind")) is str for seat in value):
        return False
    return any(seat["kind"] not in SEAT_KINDS or not _SEAT_KEYS.issuperset(seat) for seat in value)


def _check_keys(value: Any, wrong: list[str], newer: dict[str, Any]) -> dict[str, str]:
    """The remaps of the file that the settings screen would save (`keys_problem`: the
    same rules): each key a key, not the app's own, not another action's, and each once
    (`keys_once`).  A refused remap is dropped (that action keeps its default key); an id
    that is not one of `TABLE_KEYS` is a newer version's action (``newer["keys"]``)."""
    if not isinstance(value, dict):
        wrong.append(f"keys is {_shown(value)}, not an object of binding id -> keys")
        return {}
    ids = [bid for bid, _desc, _default in TABLE_KEYS]
    out: dict[str, str] = {}
    for key, item in value.items():
        if key not in ids:
            if near := _misspelt(key, ids):
                wrong.append(f"keys.{_key(key)} is not a binding id{near}")
            else:
                newer.setdefault("keys", {})[key] = item
            continue
        try:
            out[key] = _KEY.validate_python(item)
        except ValueError:  # pydantic's ValidationError
            wrong.append(f'keys.{_key(key)} is {_shown(item)}, not keys as text (e.g. "f5")')
    while (problem := keys_problem(out, remappable())) is not None:
        bid, line = problem
        wrong.append(f"keys.{bid}: {line}")
        del out[bid]
    return {bid: keys_once(text) for bid, text in out.items()}
