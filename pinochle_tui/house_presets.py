"""Your house rules: the presets the house-rules editor writes (``h`` on the new-game
screen), kept in ``variants.toml`` in the config directory (`paths.config_dir`), and the
knobs the editor offers (RULES.md §11, §0.4).

The file is loaded at every start beside the shipped `variants.toml` (`Yours.layer`): its
presets come after the shipped ones, and a ``--variants FILE`` preset of the same name
wins over one of yours.  Each preset the editor writes ``extends`` the preset it was made
from and lists only the keys that differ from it; the whole file is checked by the code
``pinochle variants --check`` runs (`rules.presets.load_variants_text`) before it is
written (atomically), so a refused combination writes nothing.  A damaged file is moved
aside (``variants.toml.bad``, ``.bad.2``, ...; never over an older copy) and said once,
as a damaged settings file is: its presets are not lost, nor is the game stopped.

The values a knob may take come from the `Variant` model itself: a choice's values are its
``Literal``'s (true/false for a flag), a number's bounds are its field's; of these, the
editor offers only those `rules.variant.accepts` takes with the other knobs as they stand
(no passing in a three-hand game, no tie step without ``extend_target``), so the list
cannot drift from what a variants file may say.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, NamedTuple, get_args, get_origin

from .paths import atomic_write, config_dir

FILE_NAME = "variants.toml"
"""Your presets' file, in the config directory (beside settings.json)."""

HEADER = (
    "# Your house rules: the presets pinochle's house-rules editor saves (h on the new-game\n"
    "# screen). Each extends the preset it was made from and lists only what differs.\n"
    "# The editor changes only the preset it saves and keeps the rest as written, comments\n"
    "# too; pinochle variants --check FILE checks a file by hand.\n"
)


def user_path() -> Path:
    """Your presets' file: ``variants.toml`` in the config directory
    (``$PINOCHLE_HOME/config/variants.toml`` under ``PINOCHLE_HOME``)."""
    return config_dir() / FILE_NAME


# ---------------------------------------------------------------------- the knobs


class HouseKnob(NamedTuple):
    """One knob the editor offers: its `Variant` field (``key``), its label, one line of
    what it does (RULES.md's words), for which forms (``applies``, given the preset as it
    stands) and, for a number, the step ←→ take (x10 points, given the preset)."""

    key: str
    label: str
    words: str
    applies: Callable[[Any], bool]
    step: Callable[[Any], int] | None = None


def _auction(v: Any) -> bool:
    return bool(v.has_auction)


def _always(v: Any) -> bool:
    return True


KNOBS: tuple[HouseKnob, ...] = (
    HouseKnob(
        "pass_count",
        "Cards passed",
        "after trump is named the bidder's partner passes this many cards to the bidder, who passes as many back",
        _auction,
    ),
    HouseKnob("min_bid", "Minimum bid", "the lowest opening bid", _auction, lambda v: v.bid_unit),
    HouseKnob(
        "bid_unit",
        "Bid steps",
        "each bid goes up by this much or a multiple of it",
        _auction,
        lambda v: 5 if v.scale == 1 else 10,
    ),
    HouseKnob("all_pass", "When all pass", "what happens when every player passes without a bid", _auction),
    HouseKnob(
        "dealer_stuck_bid",
        "Stuck dealer bids",
        "the bid the stuck dealer must make, the minimum bid unless set",
        lambda v: v.has_auction and v.all_pass == "dealer_stuck",
        lambda v: v.bid_unit,
    ),
    HouseKnob(
        "pass_is_final",
        "A pass is final",
        "whether a player who passed may bid again when the turn comes round",
        _auction,
    ),
    HouseKnob("raise_limit", "Raises", "how far a bid may go over the bid standing", _auction),
    HouseKnob("trump_requirement", "Trump needs", "what the bidder must hold in the suit it names trump", _auction),
    HouseKnob("first_leader", "First lead", "who leads the first trick", _auction),
    HouseKnob(
        "head_rule",
        "Head the trick",
        "when you must beat the best card played to the trick so far (head it), if you can",
        lambda v: not v.has_stock,
    ),
    HouseKnob(
        "two_hand_phase2_rule",
        "Head, last 12 tricks",
        "once the stock is gone: when you must beat the best card played to the trick (head it), if you can",
        lambda v: v.has_stock,
    ),
    HouseKnob(
        "run_marriage_rule",
        "Run and marriage",
        "whether the K and Q of a run in trump also count as a royal marriage",
        _always,
    ),
    HouseKnob("meld_requires", "Meld needs", "what a side must take in tricks for its meld to count", _auction),
    HouseKnob(
        "set_penalty",
        "A set loses",
        "what a bidder who misses the contract (is set) loses",
        _auction,
    ),
    HouseKnob(
        "set_forfeits_meld_and_tricks",
        "A set loses meld",
        "whether a side that is set also loses its meld and trick points that hand",
        _auction,
    ),
    HouseKnob(
        "concession",
        "Throw-in",
        "before the first lead the bidder may give the hand up (it is set): what the others score then",
        _auction,
    ),
    HouseKnob(
        "last_trick_bonus",
        "Last trick",
        "points for taking the last trick",
        _always,
        lambda v: 10,
    ),
    HouseKnob(
        "game_target",
        "Game to",
        "the score that wins the game",
        _always,
        lambda v: 250 if v.scale == 1 else 100,
    ),
    HouseKnob(
        "tie_break",
        "Both over",
        "what happens when more than one side reaches the target in the same hand",
        _always,
    ),
    HouseKnob(
        "tie_extend_step",
        "Target raised by",
        "when the target rises: by this much, until one side alone is over it",
        lambda v: v.tie_break == "extend_target",
        lambda v: 50,
    ),
    HouseKnob(
        "must_bid_to_win",
        "Must bid to win",
        "whether reaching the target is enough, or only a bidder who makes its contract wins",
        _auction,
    ),
)
"""The knobs a table varies, in the editor's order (RULES.md §11 items 16-24, 31, 37, 41,
46, 48, 50, 52-61; their words are §3-§8's, without the section numbers a player has no use
for); the structural ones (players, sides, deck, round flow, kitty, meld table, scale) are
not offered: they make another form.  A choice knob's values are said in `VALUE_WORDS`."""

_HEAD_WORDS = {
    "pre1945": "on every trick",
    "post1945": "only when trump is led",
    "none": "never, only follow suit (or trump)",
}

VALUE_WORDS: dict[str, dict[Any, str]] = {
    "pass_count": {0: "none (no passing)", 2: "2 cards", 3: "3 cards", 4: "4 cards"},
    "all_pass": {"dealer_stuck": "the dealer is stuck with the bid", "redeal": "the next dealer deals again"},
    "pass_is_final": {True: "yes, a player who passed bids no more", False: "no, a player who passed may bid again"},
    "raise_limit": {"any": "any higher bid", "one_or_two_units": "one or two bid steps over the bid standing"},
    "trump_requirement": {
        "any": "nothing, any suit will do",
        "marriage": "a marriage in that suit",
        "run_or_marriage_or_dix": "a run, a marriage or a dix in it",
    },
    "first_leader": {"bidder": "the bidder", "eldest": "eldest (the player left of the dealer)"},
    "head_rule": _HEAD_WORDS,
    "two_hand_phase2_rule": _HEAD_WORDS,
    "run_marriage_rule": {
        "run_absorbs": "no, a run's K and Q are no marriage too",
        "extra_card_marries": "an extra K or Q marries one of the run's",
        "independent": "yes, the run and the marriage both count",
    },
    "meld_requires": {
        "none": "nothing, meld always counts",
        "one_trick": "a trick",
        "scoring_trick": "a trick with a counter in it",
        "min_points": "a set number of points in tricks",
    },
    "set_penalty": {
        "minus_bid": "the bid, taken off the score",
        "minus_double_bid": "twice the bid, taken off the score",
        "zero": "nothing",
    },
    "set_forfeits_meld_and_tricks": {
        True: "yes, no meld and no trick points that hand",
        False: "no, they still count",
    },
    "concession": {
        "off": "not allowed",
        "meld_only": "the others score their meld",
        "meld_plus_100": "the others score their meld and {bonus} more",
    },
    "tie_break": {
        "bidder_first": "the bidder's side wins",
        "extend_target": "the target rises",
        "another_hand": "another hand is played",
        "highest_score": "the highest score wins",
    },
    "must_bid_to_win": {
        "off": "no, reaching the target wins",
        "always": "yes, only a bidder making its contract wins",
        "bid_out_three_sets": "yes, or a side over the target once the others are set three times",
    },
}
"""Every value of every choice knob of `KNOBS` in plain words, as the editor shows it beside
the knob's label ("When all pass: the dealer is stuck with the bid"); the file's names
(``dealer_stuck``) are for the file.  A test checks each value the model allows has its
words here, so a new knob or value cannot go without them.  ``{bonus}``: the throw-in's
bonus in the preset's scale (`Variant.concession_bonus`: 100, 10 in a game scored x1)."""

STEPS_TRIED = 200
"""How many steps ←→ look on along a number for the next value the knobs accept."""


def allowed_choices(key: str) -> tuple[Any, ...] | None:
    """A choice knob's values as the model has them (its ``Literal``; ``(False, True)`` for
    a flag); None for a number."""
    from rules import Variant

    annotation = Variant.model_fields[key].annotation
    if get_origin(annotation) is Literal:
        return get_args(annotation)
    if annotation is bool:
        return (False, True)
    return None


def number_bounds(key: str) -> tuple[int, int | None]:
    """A number knob's bounds as its field has them (``ge``, ``le``; None: no upper bound)."""
    from rules import Variant

    meta = Variant.model_fields[key].metadata
    return int(meta.get("ge", 0)), meta.get("le")


def points(v: Any, value: int) -> str:
    """``value`` (x10 points) as the editor writes a number: in the preset's scale
    (`Variant.fmt`), thousands grouped from five digits on (989,000; 1500 and 5000 as the
    game writes a score, README's "989,000 in partnership")."""
    text = str(v.fmt(value))
    if text.isdigit() and len(text) > 4:
        return f"{int(text):,}"
    return text


def shown(v: Any, key: str, value: Any) -> str:
    """A knob's value as the editor shows it: a choice in its words (`VALUE_WORDS`), a
    number in the preset's scale (`points`), "the minimum bid" for a stuck dealer's bid
    left unset, yes/no for any other flag."""
    if value is None:
        return "the minimum bid"
    words = VALUE_WORDS.get(key, {})
    if value in words:
        return words[value].format(bonus=points(v, 100))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return points(v, value)
    return str(value)


def house_rules_text(v: Any) -> list[str]:
    """The help's (F1's) list of the house rules ``v`` plays by: every knob of `KNOBS` its
    form has, by the label the house-rules editor gives it and its value in the editor's
    words, so a player who holds another rule ("at our table you must beat every trick")
    finds the setting that says it.  A first line says where they are changed."""
    out = ["These vary from table to table; h on the new-game screen changes them before a game."]
    for knob in KNOBS:
        if knob.applies(v) and (knob.step is not None or _has_choice(v, knob.key)):
            out.append(f"  {knob.label}: {shown(v, knob.key, getattr(v, knob.key))}")
    return out


def _has_choice(v: Any, key: str) -> bool:
    """Whether the choice knob ``key`` may take another value than ``v``'s with the other
    knobs as they are (`rules.variant.accepts`): as the editor offers it (`HouseEdit.rows`;
    no passing without partners, §4.1)."""
    from rules.variant import accepts

    values = v.model_dump(exclude={"name", "description"})
    return any(c != values[key] and accepts({**values, key: c}) for c in allowed_choices(key) or ())


def useful_bounds(v: Any, key: str) -> tuple[int, int | None]:
    """The range of a number knob of ``v`` that the presets' check takes with the other
    knobs as they stand (x10 points): its field's bounds (`number_bounds`), its least a
    whole number in the preset's scale, and the most the rules allow (`Variant`'s
    `_playable_checks`): a bid no more than a side scores in a hand nor the game target,
    a last trick worth no more than the cards, a target from the minimum bid (an auction's)
    to what 100 hands reach.  ("10 to 989000" read as a bound of the field, not the game's.)"""
    lo, hi = number_bounds(key)
    lo = -(-lo // v.scale) * v.scale
    most = v.hand_score_bound
    if key == "min_bid":
        return lo, min(v.game_target, most) if v.has_auction else most
    if key == "bid_unit":
        return lo, most
    if key == "dealer_stuck_bid":
        return lo, min(v.game_target, v.max_bid)
    if key == "last_trick_bonus":
        return lo, v.hand_trick_total - v.last_trick_bonus
    if key == "game_target":
        return (max(lo, v.min_bid) if v.has_auction else lo), v.max_game_target
    if key == "tie_extend_step":
        return lo, v.max_game_target
    return lo, hi


class HouseEdit:
    """The house rules being edited: the preset they were opened on (``chosen``), the
    preset saved ones ``extends`` (``base_name``; a preset of yours keeps its own), and the
    values as they stand (always a `Variant` the knobs accept: `accepts`)."""

    def __init__(self, chosen: Any, yours: Yours) -> None:
        from rules import Variant

        self.chosen = chosen
        self.yours = yours
        self.editing: str | None = chosen.name if yours.owns(chosen.name) else None
        if self.editing is not None:
            self.base_name = yours.parents.get(chosen.name)
        elif chosen.name in yours.shipped and chosen.name not in yours.flag_names:
            self.base_name = chosen.name
        else:  # a --variants FILE preset: the shipped preset nearest to it (its file may be gone next time)
            self.base_name = nearest(chosen, yours.shipped)
        self.base = yours.shipped[self.base_name] if self.base_name in yours.shipped else Variant()
        if self.editing is not None and self.base_name in yours.variants:
            self.base = yours.variants[self.base_name]  # extends one of yours
        self.values: dict[str, Any] = chosen.model_dump(exclude={"name", "description"})
        self.current = chosen
        self._choices: dict[str, list[Any]] = {}  # `choices`, as the values stand

    def rows(self) -> list[HouseKnob]:
        """The knobs offered for the preset as it stands: those that apply to its form and
        take more than one value with the other knobs as they are."""
        out = []
        for knob in KNOBS:
            if not knob.applies(self.current):
                continue
            if knob.step is None and len(self.choices(knob.key)) < 2:
                continue
            out.append(knob)
        return out

    def _accepts(self, key: str, value: Any) -> bool:
        from rules.variant import accepts

        return accepts({**self.values, key: value})

    def choices(self, key: str) -> list[Any]:
        """A choice knob's values the knobs accept with the others as they stand (kept
        until a value changes: the rows and their values allowed both ask)."""
        if key not in self._choices:
            self._choices[key] = [c for c in allowed_choices(key) or () if self._accepts(key, c)]
        return self._choices[key]

    def allowed(self, knob: HouseKnob) -> str:
        """The values ``knob`` may take, in words: a choice's, or a number's bounds and step."""
        v = self.current
        if knob.step is None:
            return " · ".join(shown(v, knob.key, c) for c in self.choices(knob.key))
        lo, hi = useful_bounds(v, knob.key)
        span = f"{points(v, lo)} to {points(v, hi)}" if hi is not None else f"{points(v, lo)} or more"
        unset = ", or the minimum bid" if knob.key == "dealer_stuck_bid" else ""
        return f"{span}{unset}; ←→ by {points(v, knob.step(v))}, or type a number"

    def range_words(self, knob: HouseKnob) -> str:
        """The numbers a typed value of ``knob`` may be, in words: "a whole number from 10
        to 1500" (`useful_bounds`, in the preset's scale)."""
        v = self.current
        lo, hi = useful_bounds(v, knob.key)
        return (
            f"a whole number from {points(v, lo)} to {points(v, hi)}"
            if hi is not None
            else (f"a whole number from {points(v, lo)} up")
        )

    def set_typed(self, knob: HouseKnob, text: str) -> str | None:
        """Set the number knob ``knob`` to ``text``, a number typed in the preset's scale
        (``1,500`` as the editor writes it too); None when set (or already so), else the
        one line that says why not and changes nothing: not a whole number, outside its
        range (`range_words`), or refused with the other rules as they stand (the check's
        words, `rules.variant.refusal`, as ←→ say them)."""
        from rules.variant import refusal

        v, key = self.current, knob.key
        digits = text.strip().replace(",", "")
        if not (digits.isascii() and digits.isdigit()):
            return f"{text.strip()!r} is not a number: type {self.range_words(knob)}."
        value = int(digits) * v.scale
        lo, hi = useful_bounds(v, key)
        if value < lo or (hi is not None and value > hi):
            return f"{int(digits)} is out of range: type {self.range_words(knob)}."
        if key == "dealer_stuck_bid" and value == v.min_bid and self.base.dealer_stuck_bid is None:
            value = None  # (the minimum bid: unset, as the base has it)
        if value == self.values[key]:
            return None
        if not self._accepts(key, value):
            why = refusal({**self.values, key: value}) or "the presets' check refuses it"
            if v.scale != 1:
                why += " (numbers in x10 points, as the file has them)"
            return f"{int(digits)} does not go with the other rules as they stand: {why}."
        self._set(key, value)
        return None

    def step(self, knob: HouseKnob, by: int) -> bool:
        """Change ``knob`` one step (``by`` 1 or -1): a choice to the next value offered
        (round the end), a number to the next multiple of its step the knobs accept; False
        when nothing changed."""
        key, value = knob.key, self.values[knob.key]
        if knob.step is None:
            options = self.choices(key)
            if len(options) < 2:
                return False
            at = options.index(value) if value in options else -1
            return self._set(key, options[(at + by) % len(options)])
        step = knob.step(self.current)
        start = self.current.min_bid if value is None else value  # (the stuck dealer's bid unset)
        lo, hi = number_bounds(key)
        for k in range(1, STEPS_TRIED + 1):
            new = start + by * k * step
            if new < lo or (hi is not None and new > hi):
                return False
            if key == "dealer_stuck_bid" and new == self.current.min_bid and self.base.dealer_stuck_bid is None:
                return self._set(key, None)
            if self._accepts(key, new):
                return self._set(key, new)
        return False

    def why_not(self, knob: HouseKnob, by: int) -> str:
        """Why ``knob`` goes no further ``by`` (1 or -1) from its value: the check's line for
        the next value (`rules.variant.refusal`, the check ``pinochle variants --check``
        runs, in the file's words and x10 numbers), or "" where that is past its bounds or
        a choice."""
        from rules.variant import refusal

        if knob.step is None:
            return ""
        value = self.values[knob.key]
        start = self.current.min_bid if value is None else value
        new = start + by * knob.step(self.current)
        lo, hi = number_bounds(knob.key)
        if new < lo or (hi is not None and new > hi):
            return ""
        return refusal({**self.values, knob.key: new}) or ""

    def reset(self, knob: HouseKnob) -> bool:
        """``knob`` back to the base preset's value, where the knobs accept it."""
        value = getattr(self.base, knob.key)
        return value != self.values[knob.key] and self._accepts(knob.key, value) and self._set(knob.key, value)

    def _set(self, key: str, value: Any) -> bool:
        from rules import Variant

        self.values[key] = value
        self.current = Variant.model_validate({**self.values, "name": self.chosen.name})
        self._choices.clear()
        return True

    def changed(self) -> dict[str, Any]:
        """Every key whose value differs from the base preset's (the keys a saved preset lists)."""
        base = self.base.model_dump(exclude={"name", "description"})
        return {k: v for k, v in self.values.items() if v != base[k]}

    def is_changed(self, key: str) -> bool:
        return bool(self.values[key] != getattr(self.base, key))

    def unsaved(self) -> bool:
        """Whether a rule differs from the preset as it was opened (Esc would lose it)."""
        return self.values != self.chosen.model_dump(exclude={"name", "description"})

    def table(self) -> dict[str, Any]:
        """The preset as the file holds it: ``extends`` (where it has a base), a preset of
        yours' own description, then the keys that differ, in the model's order."""
        out: dict[str, Any] = {}
        if self.base_name is not None:
            out["extends"] = self.base_name
        description = self.yours.descriptions.get(self.editing or "")
        if description:
            out["description"] = description
        out.update(self.changed())
        return out


# ---------------------------------------------------------------------- a preset of yours in words

_BRIEF_CHOICES: dict[str, dict[Any, str]] = {
    "all_pass": {"dealer_stuck": "all pass: dealer stuck", "redeal": "all pass: redeal"},
    "pass_is_final": {True: "a pass is final", False: "a pass is not final"},
    "raise_limit": {"any": "raises of any size", "one_or_two_units": "raises of one or two steps"},
    "trump_requirement": {
        "any": "trump needs nothing",
        "marriage": "trump needs a marriage",
        "run_or_marriage_or_dix": "trump needs a run, marriage or dix",
    },
    "first_leader": {"bidder": "the bidder leads", "eldest": "eldest leads"},
    "head_rule": {"pre1945": "head every trick", "post1945": "head only when trump is led", "none": "no need to head"},
    "two_hand_phase2_rule": {
        "pre1945": "last 12: head every trick",
        "post1945": "last 12: head on a trump lead",
        "none": "last 12: no need to head",
    },
    "run_marriage_rule": {
        "run_absorbs": "a run absorbs its marriage",
        "extra_card_marries": "an extra K or Q marries",
        "independent": "run and marriage both count",
    },
    "meld_requires": {
        "none": "meld always counts",
        "one_trick": "meld needs a trick",
        "scoring_trick": "meld needs a counter",
        "min_points": "meld needs points",
    },
    "set_penalty": {
        "minus_bid": "a set loses the bid",
        "minus_double_bid": "a set loses twice the bid",
        "zero": "a set loses nothing",
    },
    "set_forfeits_meld_and_tricks": {True: "a set loses its meld", False: "a set keeps its meld"},
    "concession": {
        "off": "no throw-in",
        "meld_only": "throw-in: meld only",
        "meld_plus_100": "throw-in: meld + {bonus}",
    },
    "tie_break": {
        "bidder_first": "both over: bidder first",
        "extend_target": "both over: target rises",
        "another_hand": "both over: one more hand",
        "highest_score": "both over: highest wins",
    },
    "must_bid_to_win": {
        "off": "reaching the target wins",
        "always": "must bid to win",
        "bid_out_three_sets": "bid-out on three sets",
    },
}
"""A changed choice in a few words (`brief`): the house-rules editor's knobs.  ``{bonus}``:
as in `VALUE_WORDS`, the throw-in's bonus in the preset's scale ("throw-in: meld + 10" at
five-hand, not "+ 100")."""

_BRIEF_NUMBERS = {
    "min_bid": "min bid {}",
    "bid_unit": "bids in steps of {}",
    "dealer_stuck_bid": "dealer stuck at {}",
    "last_trick_bonus": "last trick {}",
    "game_target": "to {}",
    "tie_extend_step": "target raised by {}",
}
"""A changed number in a few words (`brief`), in the preset's scale (`points`)."""


def brief(v: Any, key: str) -> str:
    """``v``'s value of ``key`` in a few words, for the summary of a preset of yours
    (`Yours.summary`): the editor's knobs in words ("pass 3", "head only when trump is
    led"), any other key as the file writes it (``deal_packet 4``)."""
    value = getattr(v, key)
    if key == "pass_count":
        return f"pass {value}" if value else "no passing"
    if key == "dealer_stuck_bid" and value is None:
        return "dealer stuck at the min bid"
    words = _BRIEF_CHOICES.get(key, {})
    if value in words:
        return words[value].format(bonus=points(v, 100))  # (the throw-in's, in the scale: 10 in x1)
    if key in _BRIEF_NUMBERS and isinstance(value, int):
        return _BRIEF_NUMBERS[key].format(points(v, value))
    if isinstance(value, bool):
        return f"{key} {'yes' if value else 'no'}"
    if isinstance(value, tuple):
        return f"{key} {list(value)}"
    return f"{key} {value}"


def nearest(v: Any, presets: dict[str, Any]) -> str:
    """The preset of ``presets`` whose keys differ from ``v``'s fewest."""
    mine = v.model_dump(exclude={"name", "description"})

    def differ(name: str) -> int:
        theirs = presets[name].model_dump(exclude={"name", "description"})
        return sum(mine[k] != theirs[k] for k in mine)

    return min(presets, key=differ)


# ---------------------------------------------------------------------- the file


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string (its quotes, backslashes and control characters escaped)."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(x) for x in value) + "]"
    raise TypeError(f"a preset holds no {type(value).__name__}")


def toml_key(name: str) -> str:
    """A preset's name as a TOML table key: bare where TOML allows it, else quoted."""
    return name if _BARE_KEY.fullmatch(name) else _toml_string(name)


def toml_text(tables: dict[str, dict[str, Any]]) -> str:
    """The presets ``tables`` (name → keys) as the file's text: `HEADER`, then one
    ``[name]`` table each, in order; a key set to None (a stuck dealer's bid left to
    the minimum) is left out, TOML having no null."""
    parts = [HEADER]
    for name, table in tables.items():
        lines = [f"[{toml_key(name)}]"]
        lines += [f"{key} = {_toml_value(value)}" for key, value in table.items() if value is not None]
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


KEPT_NAMED = 3
"""How many of the rules that changed since a resumed game began its notice names (`rules_kept`)."""


def _keys_in_order() -> list[str]:
    """A preset's keys as its words name them: the editor's knobs in its order, then the rest."""
    from rules import Variant

    knobs = [k.key for k in KNOBS]
    return knobs + [k for k in Variant.model_fields if k not in knobs and k not in ("name", "description")]


def rules_kept(game: Any, today: Any) -> str | None:
    """The notice of a resumed game whose rules (``game``: the variant it was saved with)
    differ from the preset of that name today (``today``; None: no such preset now): the
    game plays on by its own rules (a save holds the whole variant), so the player who has
    since edited the preset with ``h`` learns why the table does not follow it.  Names up
    to `KEPT_NAMED` rules that differ, the game's and today's; None where none differ."""
    if today is None:
        return None
    changed = [k for k in _keys_in_order() if getattr(game, k) != getattr(today, k)]
    if not changed:
        return None
    named = changed[:KEPT_NAMED]
    more = f" and {len(changed) - len(named)} more" if len(changed) > len(named) else ""
    kept = ", ".join(brief(game, k) for k in named)
    now = ", ".join(brief(today, k) for k in named)
    return f"This game keeps the rules it began with: {kept}{more} ({game.name} now: {now}{', ...' if more else ''})."


def summary_of(app: Any, v: Any) -> str:
    """``v``'s summary on ``app``'s screens: a preset of yours names every rule it changes
    (`Yours.summary`, the app's: `build_app` read them); without them, `Variant.summary`."""
    yours = getattr(app, "yours", None)
    return yours.summary(v.name, v) if isinstance(yours, Yours) else str(v.summary())


def _plain(value: Any) -> Any:
    """A preset's value as TOML holds it: lists for tuples (``bid_unit_above``)."""
    return [_plain(x) for x in value] if isinstance(value, tuple | list) else value


def edited_text(text: str, name: str, table: dict[str, Any]) -> str:
    """Your presets' file ``text`` with the preset ``name`` set to ``table`` (its keys; one
    set to None, a stuck dealer's bid left to the minimum, is left out): read and written
    by tomlkit, which keeps what a person wrote in the file by hand (comments, blank lines,
    the order of the presets and of their keys).  A preset of yours is changed in place,
    key by key (a key whose value stays is untouched, its comment with it; a key it no
    longer has is removed); a new one goes after the others.  Imported here, when a preset
    is saved: the start reads the file with tomllib.  Raises tomlkit's own error for text
    it cannot read (`Yours.save` then writes the file anew, `toml_text`)."""
    import tomlkit
    from tomlkit.items import Table

    doc = tomlkit.parse(text)
    values = {key: _plain(value) for key, value in table.items() if value is not None}
    old = doc.get(name)
    if isinstance(old, Table):
        now = old.unwrap()
        for key in [key for key in now if key not in values]:
            del old[key]
        for key, value in values.items():
            if key not in now or now[key] != value:
                old[key] = value
    else:  # none yet (or written inline): a table of its own after the others
        if name in doc:
            del doc[name]
        new = tomlkit.table()
        for key, value in values.items():
            new.add(key, value)
        doc[name] = new
    return tomlkit.dumps(doc)


def run_presets(path: str | None, yours: Yours | None = None) -> dict[str, Any]:
    """The presets a subcommand plays (``meld``, ``simulate``, ``stats``, ``host``,
    ``variants``), as the game's start has them: the shipped ones, yours (``yours``, read
    here: `Yours.layer`), then ``--variants`` ``path``'s, which win on a name; a damaged
    file of yours is moved aside and said on stderr in one line, the run going on without
    it.  Raises `cli_common.UsageError` for a bad ``--variants`` file."""
    import sys

    from .cli_common import load_variant_set, visible

    yours = Yours() if yours is None else yours
    variants = load_variant_set(path, yours=yours.layer)
    if yours.problem:
        print(f"pinochle: {visible(yours.problem)}", file=sys.stderr)
    return variants


class Yours:
    """Your presets as read at the start (`layer`): their names in file order, each one's
    ``extends`` and description, the problem of a damaged file (said once at the start)
    and whether the file must be left as it is (a damaged one that could not be moved
    aside: nothing is written over it).  ``shipped``: the shipped presets; ``flag_names``:
    the presets of ``--variants FILE``, which win over yours; ``variants``: all of them."""

    def __init__(self, path: Path | None = None, shipped: dict[str, Any] | None = None) -> None:
        # (a plain class: a dataclass built at the start costs more than the file's reading)
        self.path = user_path() if path is None else path
        self.names: tuple[str, ...] = ()
        self.parents: dict[str, str | None] = {}
        self.descriptions: dict[str, str] = {}
        self.problem: str | None = None
        self.keep_file = False
        self.shipped: dict[str, Any] = {} if shipped is None else shipped
        self.flag_names: frozenset[str] = frozenset()
        self.variants: dict[str, Any] = {}
        self.mine: dict[str, Any] = {}  # your presets as the file holds them (before --variants's win)

    @classmethod
    def of(cls, app: Any) -> Yours:
        """The app's (`build_app` read them at the start); for an app made without it, none
        of yours, its presets taken as they are (those not shipped as ``--variants`` ones)."""
        yours = getattr(app, "yours", None)
        if isinstance(yours, Yours):
            return yours
        from rules import load_variants

        yours = cls()
        yours.shipped = load_variants()
        yours.variants = app.variants
        yours.flag_names = frozenset(n for n in app.variants if n not in yours.shipped)
        app.yours = yours
        return yours

    def owns(self, name: str) -> bool:
        """Whether the preset ``name`` in play is one of yours (not a ``--variants`` one of that name)."""
        return name in self.names and name not in self.flag_names

    def layer(self, shipped: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
        """The presets of a run: ``shipped``, then yours (read here; a damaged file moved
        aside, `problem` set), then ``own`` (``--variants FILE``'s), which win on a name.
        For `cli_common.load_variant_set`'s ``yours``."""
        self.shipped = shipped
        self.flag_names = frozenset(own)
        mine = self._read(shipped)
        merged = shipped.copy()
        for name, v in mine.items():
            if name not in own:
                merged[name] = v
        merged.update(own)
        self.variants = merged
        return merged

    def _read(self, shipped: dict[str, Any]) -> dict[str, Any]:
        from rules import VariantError
        from rules.bounded_read import FileProblem, read_bounded
        from rules.presets import MAX_VARIANTS_BYTES, load_variants_text

        path = self.path
        try:
            raw = read_bounded(path, MAX_VARIANTS_BYTES, "a variants file", "a TOML text file")
        except FileNotFoundError:
            return {}
        except (FileProblem, OSError) as exc:  # not read, so not moved: nothing is written over it
            self.keep_file = True
            self.problem = f"{exc}; your house rules were not loaded and the file is left as it is"
            return {}
        try:
            text = raw.decode("utf-8")
            mine = load_variants_text(text, str(path), base=shipped)
            tables = _tables(text)
        except (UnicodeDecodeError, VariantError) as exc:
            why = f"{path}: not a UTF-8 text file" if isinstance(exc, UnicodeDecodeError) else str(exc)
            self.problem = f"{why}. Your house rules were not loaded, and {self._set_aside(raw)}"
            return {}
        self.names = tuple(mine)
        self.mine = mine
        for name, table in tables.items():
            parent = table.get("extends")
            self.parents[name] = parent if isinstance(parent, str) else None
            if isinstance(table.get("description"), str):
                self.descriptions[name] = table["description"]
        return mine

    def _set_aside(self, raw: bytes) -> str:
        """Move the damaged file out of the way, kept as its first free ``.bad`` copy (as
        settings.json is: `settings.kept_copy`); what became of it, in words."""
        from .settings import kept_copy

        path = self.path
        try:
            bad, same = kept_copy(path, raw)
            if same:
                path.unlink()
            else:
                os.replace(path, bad)
        except OSError as exc:
            self.keep_file = True
            return f"the file could not be moved aside ({exc.strerror or exc}), so it is left as it is"
        return f"the file was moved to {bad.name} (fix it and move it back, or make them again with h)"

    def summary(self, name: str, v: Any) -> str:
        """The preset ``v`` (named ``name``) in one line: a preset of yours as the shipped
        ones that extend another read (``as partnership, but ...``), naming every key that
        differs from the preset it ``extends`` (`brief`: the editor's knobs first, in its
        order), after its description where the file has one; any other its own
        (`Variant.summary`).  ``pinochle variants`` and the new-game screen both say it."""
        if not self.owns(name):
            return str(v.summary())
        from rules import Variant

        parent = self.parents.get(name)
        base = (self.mine.get(parent) or self.shipped.get(parent)) if parent else None
        if base is None:
            base, parent = Variant(), "the default rules"
        changed = [brief(v, k) for k in _keys_in_order() if getattr(v, k) != getattr(base, k)]
        said = f"as {parent}, but {', '.join(changed)}" if changed else f"as {parent}"
        description = self.descriptions.get(name)
        return f"{description} ({said})" if description else said

    def name_problem(self, name: str, editing: str | None) -> str | None:
        """Why ``name`` cannot be a new preset of yours (None: it can): empty, too long, a
        shipped preset's, a ``--variants`` one's (which would win over it), or one of yours
        other than the one being edited (``editing``)."""
        from rules.bounded_read import plain_text
        from rules.variant import MAX_NAME

        if not name:
            return "Give the preset a name."
        if len(name) > MAX_NAME:
            return f"A preset's name is at most {MAX_NAME} characters (this one has {len(name)})."
        if not name.isprintable() or not plain_text(name):
            return "A preset's name is letters, digits, spaces and signs, nothing unprintable."
        if name == editing:
            return None
        folded = name.casefold()
        for kind, names in (
            ("a shipped preset", self.shipped),
            ("a preset of --variants FILE (it would win over yours)", self.flag_names),
            ("one of your presets (choose it and press h to edit it)", self.names),
        ):
            same = next((n for n in names if n.casefold() == folded), None)
            if same is not None:
                return f"'{same}' is {kind}: give another name."
        return None

    def save(self, name: str, table: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
        """Write the preset ``name`` (``table``: its keys) into the file, in its place where
        it is one of yours already, else after the others: the whole file is
        read again (another pinochle may have saved since), checked with the presets it
        would hold (`load_variants_text`, as ``pinochle variants --check`` checks a file)
        and written atomically.  Returns your presets as the file now holds them and "", or
        None and why nothing was written (the check's own line)."""
        from rules import VariantError
        from rules.bounded_read import FileProblem, read_bounded
        from rules.presets import MAX_VARIANTS_BYTES, load_variants_text

        path = self.path
        if self.keep_file:
            return None, f"{path} is damaged and kept as it is (see the notice at the start); nothing was written"
        text: str | None = None
        try:
            text = read_bounded(path, MAX_VARIANTS_BYTES, "a variants file", "a TOML text file").decode("utf-8")
            tables = _tables(text)
        except FileNotFoundError:
            tables = {}
        except (FileProblem, OSError, UnicodeDecodeError, VariantError) as exc:
            return None, f"{exc}; nothing was written"
        tables[name] = table  # (edited under its own name: in its place; another name: a new preset)
        new = toml_text(tables)
        if text is not None:  # what a person wrote in it by hand kept
            # (text tomllib read and tomlkit cannot: written anew, as a new file is)
            with contextlib.suppress(Exception):
                new = edited_text(text, name, table)
        try:
            mine = load_variants_text(new, str(path), base=self.shipped)
        except VariantError as exc:
            return None, str(exc).removeprefix(f"{path}: ")
        try:
            atomic_write(path, new)
        except OSError as exc:
            return None, f"{path} could not be written ({exc.strerror or exc})"
        tables = _tables(new)
        self.names = tuple(mine)
        self.mine = mine
        self.parents = {n: (t.get("extends") if isinstance(t.get("extends"), str) else None) for n, t in tables.items()}
        self.descriptions = {n: t["description"] for n, t in tables.items() if isinstance(t.get("description"), str)}
        with contextlib.suppress(KeyError):
            self.variants[name] = mine[name]
        return mine, ""


def _tables(text: str) -> dict[str, dict[str, Any]]:
    """The preset tables of a variants file's text (`VariantError` for text that is not TOML)."""
    from rules import VariantError
    from rules.bounded_read import parse_toml

    try:
        data = parse_toml(text)
    except Exception as exc:  # tomllib's error, TooDeep, a number too long
        raise VariantError(f"not valid TOML: {exc}") from None
    return {name: dict(t) for name, t in data.items() if isinstance(t, dict)}
