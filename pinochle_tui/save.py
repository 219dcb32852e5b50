"""Saved games: the seed, the seats and every action, written atomically after every
decision.  A save replays exactly through the rules engine.

Files: ``<user data dir>/game-<date>-<time>.json``, one per game, its name claimed when the
game begins (`paths.claim_save_path`) and the file held by the one pinochle playing it
(`paths.SaveLock`).  Every unfinished game is kept: ``pinochle saves`` lists them,
``--resume`` takes the newest and ``--resume ID`` the one named; the new-game screen offers
them.  A finished game's file is removed.  Format::

    {"format": "pinochle-tui-save", "version": 1, "app": "0.1.0",
     "variant": {...Variant fields...}, "seats": [...], "seed": "...",
     "dealer": 2, "target": 1500, "hands": [[action, ...], ...], "finished": false}

and, when not 0 or the default, ``"first_hand"`` (the seed's deal the game began with)
and ``"think"`` (the expert's seconds a decision, ``--think``); ``"score_line"`` (the sides'
scores as the lists of saved games show them, never read back into the game) and
``"hand_over"`` (the last hand is at its result, not in play: the lists say "hand 1 done"
or "in hand 2"; shown only, like the score line); and, when any, ``"auto"``: the places in
the last hand of the moves "play for me" made for a person (`Controller.autos`), so that
the review after a resume still says they were made for them, not chosen (a save without
it: none); and, when any, ``"stood_in"``: the places in the last hand of the moves a bot
made for a person away at a hosted table (`Controller.stood_in_at`), so that the log after
a resume still names them "Bob (bot)" and the person's review leaves them out; and, when
any, ``"table_lines"``: the last hand's log lines about the people at a hosted table
("Bob is offline", "A bot plays for Bob", "Bob is back": `Controller.table_lines`), each
with the number of the hand's moves made before it (``"at"``), which no move replays; and, when
any, ``"hints"``: the expert's hints asked in the last hand
(`Controller.hints`), so that the review after a resume says what the hint said, not what
another search of its own finds (a save without it: none).  Each is its place in the hand
(``"at"``), its move and the deals its search tried, its search of the cards, the stock
game's choice, the suits or sets tried, or the throw-in as the standard bot weighed it
(``"search"``: the moves tried, their means over the deals, their standard errors and
the share of the deals each lost the trick; no deal for the throw-in) and its bid tried over deals
(``"odds"``, with ``"own": true`` where its figures are the expert's own limit's,
`BidOdds.own`); a move is named by its place among the legal moves at that point (the
rules' order), which keeps a save 5 deep.  And, when any, ``"last_hand"``: the same marks
(``"auto"``, ``"hints"``, ``"stood_in"``) of the hand before the last one
(`Controller.last_hand`), so that its review during the last hand (``r`` at the table)
says after a resume what it said before (a save without it: that hand's review as its
moves alone give it).

`save_model` is that format as a pydantic model.  A save is checked against it as a whole,
then replayed, before the first frame; anything wrong is one `SaveError`
line, which the app shows as the "damaged save, left in place" notice.  Writing a save
needs no pydantic (`action_json`, `Variant.model_dump`): it is imported, and the model
built, when the first save is read.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import bots
from rules import Phase, Variant, legal_actions
from rules.actions import action_json
from rules.bounded_read import FileProblem, TooDeep, parse_json, read_bounded

from . import __version__
from .cli_common import THINK, visible
from .controller import Controller, Seat, seat_name_problem
from .paths import MAX_SAVE_SIZE, SAVE_FORMAT, atomic_write, claim_save_path

if TYPE_CHECKING:
    from pydantic import ValidationError

    from rules import Action

    SavedVariant = Variant  # as `save_model` reads them (pydantic's types, given there)
    SavedAction = Action

FORMAT = SAVE_FORMAT
VERSION = 1
MAX_SAVE_BYTES = MAX_SAVE_SIZE  # far above any game's save; a bigger file is not one


class SaveError(Exception):
    """A save file that cannot be used; the message says which file and why."""


@functools.cache
def save_model() -> Any:
    """The save file format (module docstring) as a pydantic model, checked as a whole
    before a replay: the variant is a playable `Variant` (read by `Variant`'s pydantic
    model, so its errors are worded as a variants file's), one seat per player, the first
    dealer is a seat, the target is one a new game could be started with.  Built when the
    first save is read, not when the app starts."""
    from typing import Annotated

    from pydantic import (
        AfterValidator,
        BaseModel,
        ConfigDict,
        Field,
        StrictBool,
        StrictInt,
        StrictStr,
        field_validator,
        model_validator,
    )

    from rules.actions import action_type
    from rules.presets import makeable_checks
    from rules.variant import pydantic_model

    def _known_level(level: str) -> str:
        """A bot level the game has, or "" (a save never plays another bot in its place)."""
        if level and level not in bots.LEVELS:
            raise ValueError(f"'{visible(level)}' is not a bot level; the levels are {', '.join(bots.LEVELS)}")
        return level

    def as_variant(model: Any) -> Variant:
        """The saved variant, its bids made often enough for the game to end (as a preset's)."""
        v = Variant.model_validate(model.model_dump())
        makeable_checks(v)
        return v

    class SavedSeat(BaseModel):
        """One seat of a save: ``Seat.to_json``."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        kind: Literal["human", "bot"]
        name: StrictStr = Field(min_length=1, max_length=20)
        level: StrictStr = Field(default="", max_length=20)

        @field_validator("level")
        @classmethod
        def _a_known_level(cls, level: str) -> str:
            """A bot seat's level is one the game has (a save never plays another bot in its place)."""
            return _known_level(level)

        def seat(self) -> Seat:
            return Seat(self.kind, self.name, self.level)

    class SavedRemote(BaseModel):
        """A person at another terminal of a hosted table, their join code and the level
        of the bot playing for them while they are away (`Controller.sat_in`; "": none)."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        person: StrictInt = Field(ge=0, le=7)
        code: StrictStr = Field(min_length=1, max_length=40)
        bot: StrictStr = Field(default="", max_length=20)

        @field_validator("bot")
        @classmethod
        def _a_bot_level(cls, level: str) -> str:
            return _known_level(level)

        @field_validator("code")
        @classmethod
        def _a_join_code(cls, code: str) -> str:
            from .remote.codes import well_formed

            if not well_formed(code):
                raise ValueError("not a join code (16 letters and digits, e.g. 7KQM-2XHA-9PWE-3RTD)")
            return code

    class SavedHosting(BaseModel):
        """Where a hosted table listened (``pinochle host``'s --listen, --port, --web
        --web-port): `pinochle host --resume` listens there again."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        listen: StrictStr = Field(min_length=1, max_length=255)
        port: StrictInt = Field(ge=1, le=65535)
        web_port: StrictInt | None = Field(default=None, ge=1, le=65535)

    # a mean, a standard error or a share as the expert's search gave it: a finite number
    Figure = Annotated[float, Field(allow_inf_nan=False, strict=True, ge=-1e9, le=1e9)]
    Place = Annotated[StrictInt, Field(ge=0, le=1000)]  # a move's place among the legal moves
    Count = Annotated[StrictInt, Field(ge=0, le=10**9)]

    class SavedSearch(BaseModel):
        """A hint's search (`bots.expert.Analysis`): the moves it tried, as places among
        the legal moves, each with its mean, standard error and share of tricks lost."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        actions: list[Place] = Field(min_length=1, max_length=200)
        means: list[Figure] = Field(max_length=200)
        deals: Count
        errors: list[Figure] = Field(default=[], max_length=200)
        lose: list[Figure] = Field(default=[], max_length=200)

        @model_validator(mode="after")
        def _one_figure_a_move(self) -> SavedSearch:
            n = len(self.actions)
            if len(set(self.actions)) != n:
                raise ValueError("a move is tried twice")
            for name in ("means", "errors", "lose"):
                got = len(getattr(self, name))
                if got != n and (name == "means" or got):
                    raise ValueError(f"{name}: {got} for {n} moves tried (one a move)")
            return self

    class SavedOdds(BaseModel):
        """A hint's bid tried over deals (`bots.expert.BidOdds`), the bid as its place
        among the legal moves."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        bid: Place
        deals: Count
        taken: Count
        made: Count
        value: Figure | None = None
        pass_value: Figure | None = None
        error: Figure | None = None
        # the expert's own limit's means (`BidOdds.own`), written only where true
        own: StrictBool = False

        @model_validator(mode="after")
        def _made_of_taken_of_deals(self) -> SavedOdds:
            if not self.made <= self.taken <= self.deals:
                raise ValueError(f"made {self.made} of taken {self.taken} of {self.deals} deals")
            return self

    class SavedHint(BaseModel):
        """The expert's hint asked at place ``at`` of the last hand (`Controller.hints`)."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        at: Place
        move: Place
        deals: Count
        search: SavedSearch | None = None
        odds: SavedOdds | None = None

    class SavedLastHand(BaseModel):
        """The hand before the last one's marks (`Controller.last_hand`), as the last
        hand's own are kept, so that its review during the last hand (``r`` at the table)
        says the same after a resume: the places of the moves "play for me" made, the
        expert's hints asked, and the moves a bot made for a person away."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        auto: list[Annotated[StrictInt, Field(ge=0)]] = Field(default=[], max_length=1000)
        hints: list[SavedHint] = Field(default=[], max_length=1000)
        stood_in: list[Annotated[StrictInt, Field(ge=0)]] = Field(default=[], max_length=1000)

        @model_validator(mode="after")
        def _one_hint_a_place(self) -> SavedLastHand:
            places = [h.at for h in self.hints]
            if len(set(places)) != len(places):
                raise ValueError("two hints at one move of the hand (a place keeps its last)")
            return self

    class SavedTableLine(BaseModel):
        """A line of the last hand's log about the people at a hosted table ("Bob is
        offline"), said after ``at`` of its moves (`Controller.table_lines`)."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        at: StrictInt = Field(ge=0)
        line: StrictStr = Field(min_length=1, max_length=200)

    class SaveFile(BaseModel):
        """The save file (module docstring)."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        format: Literal["pinochle-tui-save"]
        version: Literal[1]
        app: StrictStr
        variant: SavedVariant
        seats: list[SavedSeat]
        seed: StrictStr
        dealer: StrictInt = Field(ge=0)
        target: StrictInt = Field(gt=0)
        hands: list[list[SavedAction]] = Field(min_length=1)
        finished: StrictBool
        # the seed's deal the game began with (a replay of a past game's later deal; 0 is left out)
        first_hand: StrictInt = Field(default=0, ge=0, le=1_000_000)
        # the expert's seconds a decision (--think, THINK's range); left out: the expert's default
        think: float | None = Field(default=None, ge=THINK.lo, le=THINK.hi, allow_inf_nan=False, strict=True)
        # the scores as the lists of saved games show them (`paths.read_saved_game`); shown only
        score_line: StrictStr = Field(default="", max_length=200)
        # the last hand is at its result (`saved_games.SavedGame.line`); shown only; None: not said
        hand_over: StrictBool | None = None
        # a hosted table: the people at other terminals and their join codes (`pinochle host
        # --resume` lets them back in with the same codes), and the bot playing for one away
        remote: list[SavedRemote] = Field(default=[], max_length=8)
        hosting: SavedHosting | None = None
        # the places in the last hand of the moves "play for me" made (`Controller.autos`)
        auto: list[Annotated[StrictInt, Field(ge=0)]] = Field(default=[], max_length=1000)
        # the expert's hints asked in the last hand (`Controller.hints`), for its review
        hints: list[SavedHint] = Field(default=[], max_length=1000)
        # the places in the last hand of the moves a bot made for a person away (`Controller.stood_in_at`)
        stood_in: list[Annotated[StrictInt, Field(ge=0)]] = Field(default=[], max_length=1000)
        # the last hand's log lines about the people at a hosted table (`Controller.table_lines`)
        table_lines: list[SavedTableLine] = Field(default=[], max_length=1000)
        # the hand before the last one's marks, for its review during the last hand (a save
        # without it: that hand's review as its moves alone give it)
        last_hand: SavedLastHand | None = None

        @model_validator(mode="after")
        def _fits_the_variant(self) -> SaveFile:
            players = self.variant.people  # everyone at the table (§0.4.16)
            if len(self.seats) != players:
                raise ValueError(f"seats: {self.variant.name} has {players} seats, the save has {len(self.seats)}")
            if self.dealer >= players:
                raise ValueError(f"dealer: {self.dealer} is not a seat; the dealer is a seat from 0 to {players - 1}")
            if self.target > self.variant.max_game_target:
                raise ValueError(
                    f"target: {shown(self.target)} cannot be reached in 100 hands of {self.variant.name}; "
                    f"a game's target is at most {self.variant.max_game_target}"
                )
            problem = seat_name_problem([s.seat() for s in self.seats])
            if problem:
                raise ValueError(f"seats: {problem}")
            for r in self.remote:
                if r.person >= players or self.seats[r.person].kind != "human":
                    raise ValueError(f"remote: person {r.person} is not a human seat of the game")
            places = [h.at for h in self.hints]
            if len(set(places)) != len(places):
                raise ValueError("hints: two hints at one move of the hand (a place keeps its last)")
            return self

    # the variant read by Variant's pydantic model (its errors worded as before), then made a
    # Variant; the actions as `ACTION_ADAPTER` reads them
    types = {"SavedVariant": Annotated[pydantic_model(), AfterValidator(as_variant)], "SavedAction": action_type()}
    SaveFile.model_rebuild(_types_namespace=types)
    return SaveFile


def _validation_error() -> type[ValidationError]:
    """pydantic's `ValidationError` (only asked for once an error is being handled)."""
    from pydantic import ValidationError

    return ValidationError


# the save's fields as a damaged file's message names them (`_place`)
_FIELD_WORDS = {
    "format": "its format",
    "version": "its version",
    "app": "the app's version",
    "variant": "the variant",
    "seats": "the seats",
    "seed": "the seed",
    "dealer": "the first dealer",
    "target": "the target",
    "hands": "the list of hands",
    "finished": "finished",
    "first_hand": "the first deal",
    "think": "the expert's think time",
    "score_line": "the score line",
    "hand_over": "hand_over",
}
_SEAT_FIELDS = {"kind": "kind", "name": "name", "level": "bot level"}


def _place(loc: tuple[Any, ...]) -> str:
    """Where in a save a problem is, in words: ``seat 2's kind``, ``the target``, ``hand
    1's move 3``, ``the variant's players``; a field the list does not know by its path
    (``hints.0.deals``); "" for the file as a whole."""
    if not loc:
        return ""
    head, rest = loc[0], loc[1:]
    if head == "seats" and rest and isinstance(rest[0], int):
        seat = f"seat {rest[0] + 1}"
        return f"{seat}'s {_SEAT_FIELDS.get(str(rest[1]), str(rest[1]))}" if len(rest) > 1 else seat
    if head == "hands" and rest and isinstance(rest[0], int):
        hand = f"hand {rest[0] + 1}"
        if len(rest) > 1 and isinstance(rest[1], int):
            hand += f"'s move {rest[1] + 1}"
            if len(rest) > 2:  # the move's kind, then its field: "(bid amount)"
                hand += f" ({' '.join(str(part) for part in rest[2:])})"
        return hand
    if head == "variant" and rest:
        return f"the variant's {'.'.join(str(part) for part in rest)}"
    if not rest and str(head) in _FIELD_WORDS:
        return _FIELD_WORDS[str(head)]
    return ".".join(str(part) for part in loc)


def _allowed(expected: str) -> str:
    """pydantic's list of the values a field takes (``'human' or 'bot'``) as a message
    says it: ``human or bot``."""
    return expected.replace("'", "")


# what a value of the wrong type is not, by pydantic's error type
_NOT_A = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "dict_type": "a set of fields",
    "model_type": "a set of fields",
    "model_attributes_type": "a set of fields",
}
_BOUNDS = {  # the bound's name in pydantic's context, what a value past it is
    "greater_than": ("gt", "not more than"),
    "greater_than_equal": ("ge", "less than"),
    "less_than": ("lt", "not less than"),
    "less_than_equal": ("le", "more than"),
}


def _plain(err: Any) -> str:
    """One of pydantic's errors in a save (``seats.1.kind: Input should be 'human' or
    'bot'``) as a player reads it: ``seat 2's kind is 'humna', not human or bot``."""
    loc = tuple(err["loc"])
    place, kind, ctx = _place(loc), err["type"], err.get("ctx") or {}
    got = shown(err.get("input"))
    msg = str(err["msg"]).removeprefix("Value error, ")
    if kind == "literal_error" and "expected" in ctx:
        return f"{place} is {got}, not {_allowed(str(ctx['expected']))}"
    if kind in _NOT_A:
        return f"{place} is {got}, not {_NOT_A[kind]}"
    if kind in _BOUNDS:
        key, words = _BOUNDS[kind]
        bound = ctx.get(key)
        if isinstance(bound, float) and bound.is_integer():
            bound = int(bound)  # (a bound of seconds: "at most 10", not "10.0")
        return f"{place} is {got}, {words} {shown(bound)}"
    if kind == "missing":
        return f"{place} is missing"
    if kind == "extra_forbidden":
        return f"{shown(loc[-1])} is not a field of a saved game" if len(loc) == 1 else f"{place} is not a field there"
    if kind == "string_too_short" or (kind == "too_short" and ctx.get("actual_length") == 0):
        return f"{place} is empty"
    if kind in ("too_short", "too_long", "string_too_long"):
        most = "at least" if kind == "too_short" else "at most"
        bound = ctx.get("min_length" if kind == "too_short" else "max_length")
        unit = "characters" if kind.startswith("string") else "items"
        return f"{place} has {most} {bound} {unit} (it has {ctx.get('actual_length', len(str(err.get('input'))))})"
    if kind == "union_tag_invalid":
        return f"{place} is of kind {shown(ctx.get('tag'))}, which no move has"
    if kind in ("value_error", "assertion_error") or not place:
        return f"{place}: {msg}" if place else msg
    return f"{place}: {msg} (got {got})"


def _first_error(exc: ValidationError) -> str:
    """What is wrong, in words, on one line (`_plain`): the first three things, then how
    many more there are."""
    errors = exc.errors(include_url=False)
    text = "; ".join(_plain(err) for err in errors[:3])
    more = len(errors) - 3
    if more > 0:
        text += f"; and {more} more"
    return " ".join(text.split())


def new_save_path() -> Path:
    """A fresh file for a new game, claimed at once (`paths.claim_save_path`: created
    exclusively, so neither another game begun in the same second nor a damaged older
    save is ever written over)."""
    return claim_save_path()


def to_json(ctrl: Controller) -> dict[str, Any]:
    extra: dict[str, Any] = {"first_hand": ctrl.game.first_hand} if ctrl.game.first_hand else {}
    if ctrl.think is not None:
        extra["think"] = ctrl.think
    return (
        {
            "format": FORMAT,
            "version": VERSION,
            "app": __version__,
            "variant": ctrl.variant.model_dump(mode="json"),
            "seats": [s.to_json() for s in ctrl.people],
            "seed": ctrl.seed,
            "dealer": ctrl.first_dealer,
            "target": ctrl.first_target,
            "hands": [_actions_data(acts) for acts in ctrl.all_action_lists()],
            "finished": ctrl.game.over,
        }
        | extra
        | {"score_line": score_line(ctrl), "hand_over": ctrl.round.phase is Phase.DONE}
        | (
            {
                "remote": [
                    {"person": p, "code": code} | ({"bot": ctrl.sat_in[p]} if p in ctrl.sat_in else {})
                    for p, code in sorted(ctrl.remote_codes.items())
                ]
            }
            if ctrl.remote_codes
            else {}
        )
        | (
            {"hosting": dict(zip(("listen", "port", "web_port"), ctrl.hosted_at, strict=True))}
            if ctrl.remote_codes and ctrl.hosted_at is not None
            else {}
        )
        | ({"auto": sorted(ctrl.autos)} if ctrl.autos else {})
        | ({"stood_in": sorted(ctrl.stood_in_at)} if ctrl.stood_in_at else {})
        | (
            {"table_lines": [{"at": at, "line": line} for at, line in ctrl.table_lines]}
            if ctrl.remote_codes and ctrl.table_lines
            else {}
        )
        | _hints_data(ctrl)
        | _last_hand_data(ctrl)
    )


def _last_hand_data(ctrl: Controller) -> dict[str, Any]:
    """``{"last_hand": {...}}``: the marks of the hand before the one in play
    (`Controller.last_hand`: "auto", "hints", "stood_in", as the hand in play keeps its
    own), so its review after a resume says what it said before; ``{}`` where it has none
    (or there is no such hand: the replay alone makes its review)."""
    last = ctrl.last_hand
    if last is None:
        return {}
    marks = (
        ({"auto": sorted(last.autos)} if last.autos else {})
        | ({"stood_in": sorted(last.stood_in_at)} if last.stood_in_at else {})
        | _hints_data(last)
    )
    return {"last_hand": marks} if marks else {}


def _hints_data(ctrl: Controller) -> dict[str, Any]:
    """``{"hints": [...]}``: the expert's hints of the hand (`Controller.kept_hints`), each
    move named by its place among the legal moves there (module docstring); ``{}`` for
    none.  A search or a bid's trial naming a move not legal there is left out (the review
    then searches that decision itself)."""
    out = []
    for k, (state, action, deals, analysis, odds) in ctrl.kept_hints().items():
        legal = list(legal_actions(state))
        if action not in legal:
            continue
        hint: dict[str, Any] = {"at": k, "move": legal.index(action), "deals": deals}
        if analysis is not None and all(a in legal for a in analysis.actions):
            hint["search"] = {
                "actions": [legal.index(a) for a in analysis.actions],
                "means": [float(m) for m in analysis.means],
                "deals": analysis.deals,
                "errors": [float(e) for e in analysis.errors],
                "lose": [float(x) for x in analysis.lose],
            }
        if odds is not None and odds.bid in legal:
            figures = {"value": odds.value, "pass_value": odds.pass_value, "error": odds.error}
            hint["odds"] = {"bid": legal.index(odds.bid), "deals": odds.deals, "taken": odds.taken, "made": odds.made}
            hint["odds"] |= {name: float(x) for name, x in figures.items() if x is not None}
            if odds.own:  # (the limit's own means: no trial of their own, no chance counted)
                hint["odds"]["own"] = True
        out.append(hint)
    return {"hints": out} if out else {}


def score_line(ctrl: Controller) -> str:
    """The game's scores in a list of saved games: ``You & North 260, West & East 130``, or
    each person's where people sit out in turn (§0.4.16: the scores are personal)."""
    v = ctrl.variant
    line = ", ".join(f"{ctrl.entry_name(e)} {v.fmt(x)}" for e, x in enumerate(ctrl.game.scores))
    return line if len(line) <= 200 else line[:199] + "…"  # the save's bound; a cut line says so


_ACTION_DATA: dict[int, tuple[Any, dict[str, Any]]] = {}  # id -> (the action, its `action_json`)


def _actions_data(actions: list[Any]) -> list[dict[str, Any]]:
    """`action_json` of each of ``actions``, each action object's worked out once: the game
    is saved after every decision, its whole action list each time (the dicts are only
    read, by `json.dumps`)."""
    kept = _ACTION_DATA
    if len(kept) > 4096:
        kept.clear()
    out = []
    for action in actions:
        got = kept.get(id(action))
        if got is None or got[0] is not action:
            got = kept[id(action)] = (action, action_json(action))
        out.append(got[1])
    return out


def shown(value: object) -> str:
    """A value from a damaged file as a message shows it: a number of more than 20 digits by
    its length (a 400-digit target filled the notice box), anything else as its short repr."""
    if isinstance(value, int) and not isinstance(value, bool) and len(str(abs(value))) > 20:
        return f"a {len(str(abs(value)))}-digit number"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def save_game(ctrl: Controller, path: Path) -> None:
    """Write the game atomically (temp file + rename)."""
    atomic_write(path, json.dumps(to_json(ctrl), separators=(",", ":")))


def _mark_hint(ctrl: Controller, h: Any) -> None:
    """A saved hint (``SavedHint``) kept again in the resumed hand (`Controller.mark_hint`),
    its moves from their places among the legal moves there; `ValueError` when a place
    is past them."""
    from bots.expert import Analysis, BidOdds

    k = h.at
    legal = ctrl.hint_moves(k)

    def move(i: int) -> Any:
        if i >= len(legal):
            raise ValueError(f"hints: the hint at move {k + 1} of the hand names legal move {i + 1} of {len(legal)}")
        return legal[i]

    analysis = odds = None
    if h.search is not None:
        sr = h.search
        moves = tuple(move(i) for i in sr.actions)
        analysis = Analysis(moves, tuple(sr.means), sr.deals, 0, 0.0, tuple(sr.errors), 0, tuple(sr.lose))
    if h.odds is not None:
        o = h.odds
        odds = BidOdds(move(o.bid), o.deals, o.taken, o.made, o.value, o.pass_value, o.error, o.own)
    ctrl.mark_hint(k, move(h.move), h.deals, analysis, odds)


def checked(p: Path, data: Any) -> Any:
    """The save read from ``p`` (its parsed JSON, ``data``) checked as a whole against the
    format (`save_model`), not replayed: the model, or `SaveError` (one line, naming the
    file) where a field is wrong.  The lists of saved games ask this of each save
    (`saved_games.saved_games`), so a save that could never be resumed is listed as such;
    a move the rules refuse is found only by the replay (`load_game`)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{p}: not a pinochle saved game")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{p}: the saved game is damaged (its version, {shown(version)}, is not a format number)")
    if version != VERSION:
        raise SaveError(
            f"{p}: saved by another version of the game (format {shown(version)}, this one reads {VERSION})"
        )
    try:
        return save_model().model_validate(data)
    except _validation_error() as exc:
        raise SaveError(f"{p}: the saved game is damaged ({_first_error(exc)})") from None


def load_game(p: Path) -> Controller:
    """Rebuild a game from its save; `SaveError` says why not (one line, naming the file).

    The whole file is checked first (`save_model`: seats, dealer, target, a playable
    variant, every action's shape), then every action is replayed through the rules
    engine, so a save that loads is a game the table can show."""
    try:  # a regular file only (a FIFO named as the save would block the app), within the cap
        raw = read_bounded(p, MAX_SAVE_BYTES, "a saved game", "a JSON text file")
    except FileNotFoundError as exc:
        raise SaveError(f"{p}: cannot read the saved game ({exc.strerror or exc})") from None
    except FileProblem as exc:
        if exc.problem == "unreadable":
            raise SaveError(f"{p}: cannot read the saved game ({exc.detail})") from None
        if exc.problem == "too_large":
            raise SaveError(f"{p}: the saved game is damaged (larger than {exc.detail})") from None
        raise SaveError(f"{p}: not a saved game ({exc.detail}, not a regular file)") from None
    try:  # the nesting bounded before the parse (`parse_json`): json recurses into arrays
        data = parse_json(raw)
    except UnicodeDecodeError:
        raise SaveError(f"{p}: the saved game is damaged (not UTF-8 text)") from None
    except TooDeep as exc:
        raise SaveError(f"{p}: the saved game is damaged ({exc}; a saved game nests 5 deep)") from None
    except ValueError:
        raise SaveError(f"{p}: the saved game is damaged (not JSON)") from None
    save = checked(p, data)
    try:
        ctrl = Controller(
            save.variant,
            [s.seat() for s in save.seats],
            seed=save.seed,
            target=save.target,
            dealer=save.dealer,
            first_hand=save.first_hand,
            think=save.think,
        )
        if save.remote:  # (before the replay: a look at everyone's meld is kept per terminal, `Controller.apply`)
            ctrl.remote_codes = {r.person: r.code for r in save.remote}
            ctrl.remote = frozenset(ctrl.remote_codes)
        stood_in = set(save.stood_in)
        if stood_in and max(stood_in) >= len(save.hands[-1] if save.hands else ()):
            raise ValueError(f"stood_in: the last hand has no move {max(stood_in) + 1}")
        before = save.last_hand  # the marks of the hand before the last (`Controller.last_hand`)
        if before is not None and len(save.hands) < 2:
            raise ValueError("last_hand: the game has no hand before the last")
        stood_before = set(before.stood_in) if before is not None else set()
        if stood_before and max(stood_before) >= len(save.hands[-2]):
            raise ValueError(f"last_hand.stood_in: the hand before the last has no move {max(stood_before) + 1}")
        said: dict[int, list[str]] = {}  # the log's lines about the people, by the moves before them
        for t in save.table_lines:
            if t.at > len(save.hands[-1]):
                raise ValueError(f"table_lines: the last hand has no move {t.at}")
            said.setdefault(t.at, []).append(visible(t.line))
        for k, acts in enumerate(save.hands):
            if k:
                if ctrl.round.phase is not Phase.DONE or ctrl.game.over:
                    raise ValueError(f"hand {k} did not finish, yet hand {k + 1} follows")
                if k == len(save.hands) - 1 and before is not None:  # (kept with the hand by `next_hand`)
                    for i in before.auto:
                        ctrl.mark_auto(i)
                    for h in before.hints:
                        _mark_hint(ctrl, h)
                ctrl.next_hand()
            last = k == len(save.hands) - 1
            stood = stood_in if last else stood_before if k == len(save.hands) - 2 else set()
            for i, a in enumerate(acts):
                for line in said.get(i, ()) if last else ():  # (where it was said: "Bob is offline")
                    ctrl.add_table_line(line)
                ctrl.apply(a, stood_in=i in stood)  # (the log's "Bob (bot)" again)
        for line in said.get(len(save.hands[-1]), ()):
            ctrl.add_table_line(line)
        for k in save.auto:
            ctrl.mark_auto(k)
        for h in save.hints:
            _mark_hint(ctrl, h)
        if save.remote:
            # (a bot that played for a person away plays on for them, as before the host closed)
            ctrl.sat_in = {r.person: r.bot for r in save.remote if r.bot}
            if save.hosting is not None:
                ctrl.hosted_at = (save.hosting.listen, save.hosting.port, save.hosting.web_port)
        if save.finished != ctrl.game.over:
            raise ValueError(f"it says finished: {str(save.finished).lower()}, but its hands say otherwise")
    except Exception as exc:
        why = " ".join(f"{type(exc).__name__}: {exc}".split())
        raise SaveError(f"{p}: the saved game is damaged and cannot be replayed ({why})") from None
    return ctrl
