"""Statistics across games: an embedded SQLite database in the user data directory,
``<data dir>/stats.sqlite3`` (``PINOCHLE_HOME/data`` in the tests).

What is kept: per game its variant (name, scale and every field as JSON), seats (kind,
bot level, name, side), seed, first dealer, target (and the target it ended at, raised
when several sides reached it together: schema 3), the scores after its last recorded
hand, the winning side and whether it finished; per hand its dealer, how it ended
(played, thrown in, set at once, misdealt, passed out), the bidder and contract, trump,
made / set / thrown in, and per side the meld shown and saved, trick points, tricks, the
score change and the score after it.  Every number is the engine's (the classic x10
scale); ``games.scale`` is the preset's display divisor (10 for an x1 preset).  A hand's
numbers are its `HandResult`, the same object the hand-result screen draws, never worked
out again here.

Durability: one transaction per finished hand (the hand's rows, its sides and the game's
scores together), the default rollback journal with ``synchronous = FULL``: a committed
hand survives a kill or a power cut, an interrupted one leaves the database as it was.
Several games may write to one file at once: a write waits up to `BUSY_SECONDS` for
another's, the file's version and tables are looked at in one read transaction and each
migration step re-reads the version under the write lock (so a game opening the file while
another migrates it neither fails nor takes it for a stranger's), and a hand that still
cannot be written is kept and written with the next (`GameLog`), never dropped silently.

Versions: ``PRAGMA user_version`` is the schema version and ``migrations`` lists the
steps applied.  A database that is not SQLite, has a version from a newer program, is not
this program's, or fails SQLite's own check is damaged: it is renamed ``stats.sqlite3.bad``
(``.bad.2``, ... when that is taken; never overwritten) and a new one is begun.

The figures (`figures`) are summed by SQL from a tally per game (`TALLY_SCHEMA`: what the
figures count of it and whether a row of it is damaged), worked out when its hands are
recorded and dropped by SQLite's triggers whenever its rows change by other means; a game
without one is worked out from its rows when read.  What neither SQLite's quick check nor
the triggers see, a value changed on the disk (a valid record, a wrong value) or the tallies
edited directly, the full check finds (`StatsStore.check_tallies`, run by the statistics
screen in a thread once the figures are shown): every tally worked out again from its rows
and compared; where they differ the rows are the record (the tallies are written again from
them, a copy of the file as it was kept beside it, and one line says so).

"Your side" is the side every human seat sits on; a game with no human, or humans on
several sides, has none.  A
game of the second kind is a hot-seat game of opponents: it is counted as one, and per human
seat by name, its games and its hands (`StatsStore._hot_seat`).  A seat kind on both sides
of a game won it whoever won: its win rate is of the games it sat on one side of.
This module imports `sqlite3`; the app imports it only once a hand is over or the
statistics screen opens, so start-up never pays for it.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import json
import math
import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from rules.bounded_read import TooDeep, TooLong, parse_json
from rules.cards import CARDS

from .cli_common import visible
from .paths import STAMP, atomic_write, data_dir

if TYPE_CHECKING:
    from .controller import Controller

DB_NAME = "stats.sqlite3"
# how long a write waits for another game's write to the same file (several games at once)
BUSY_SECONDS = 10.0
# a JSON cell (a game's variant, its scores) is parsed only up to this size (`parse_json`
# bounds its nesting too): a damaged or hostile file's cell may hold anything
MAX_JSON_CELL = 2**16
SCHEMA_VERSION = 4
APP_ID = 0x50494E4F  # "PINO": PRAGMA application_id, so a stranger's SQLite file is told apart

# Each migration takes the schema from the version before it to its own; applied in order in
# one transaction each, and noted in `migrations`.
MIGRATIONS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (
        1,
        "games, their seats, hands and each side's part of a hand",
        (
            """CREATE TABLE migrations (
                version INTEGER PRIMARY KEY,
                applied_at TEXT NOT NULL,
                note TEXT NOT NULL)""",
            """CREATE TABLE games (
                id INTEGER PRIMARY KEY,
                save_name TEXT,
                started_at TEXT NOT NULL,
                ended_at TEXT,
                variant TEXT NOT NULL,
                variant_json TEXT NOT NULL,
                scale INTEGER NOT NULL,
                human_side INTEGER,
                seed TEXT NOT NULL,
                first_dealer INTEGER NOT NULL,
                target INTEGER NOT NULL,
                scores_json TEXT NOT NULL,
                winner_side INTEGER,
                status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')))""",
            "CREATE INDEX games_by_save ON games (save_name)",
            """CREATE TABLE seats (
                game_id INTEGER NOT NULL REFERENCES games (id),
                seat INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
                level TEXT NOT NULL,
                name TEXT NOT NULL,
                side INTEGER NOT NULL,
                PRIMARY KEY (game_id, seat))""",
            """CREATE TABLE hands (
                game_id INTEGER NOT NULL REFERENCES games (id),
                hand_no INTEGER NOT NULL,
                ended_at TEXT NOT NULL,
                dealer INTEGER NOT NULL,
                kind TEXT NOT NULL,
                bidder INTEGER,
                bidder_side INTEGER,
                contract INTEGER,
                trump TEXT,
                outcome TEXT NOT NULL,
                PRIMARY KEY (game_id, hand_no))""",
            """CREATE TABLE hand_sides (
                game_id INTEGER NOT NULL,
                hand_no INTEGER NOT NULL,
                side INTEGER NOT NULL,
                meld_shown INTEGER NOT NULL,
                meld_saved INTEGER NOT NULL,
                trick_points INTEGER NOT NULL,
                tricks INTEGER NOT NULL,
                made INTEGER,
                change INTEGER NOT NULL,
                score_after INTEGER NOT NULL,
                PRIMARY KEY (game_id, hand_no, side),
                FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no))""",
        ),
    ),
    (
        2,
        "games.first_hand: the seed's deal a game began with (a replay of a past game's later hand)",
        ("ALTER TABLE games ADD COLUMN first_hand INTEGER NOT NULL DEFAULT 0",),
    ),
    (
        3,
        "games.final_target: the target the game ended at (raised when several sides reached it together)",
        # NULL: a game recorded before this version, or none raised yet (the target stands)
        ("ALTER TABLE games ADD COLUMN final_target INTEGER",),
    ),
    (
        4,
        "hands.partner, hands.called: five-hand's called partner and the card called; hand_checks: each"
        " person's checks per hand (check pinochle)",
        (
            # NULL: no partner was called (every other form, a hand recorded before this version)
            "ALTER TABLE hands ADD COLUMN partner INTEGER",
            "ALTER TABLE hands ADD COLUMN called TEXT",
            # per hand of a game with checks (§9), per person: the checks collected and paid
            # (the last hand's with the checks for winning the game, as the game-over ledger
            # has them); no row: a game without checks, or a hand recorded before this version
            """CREATE TABLE hand_checks (
                game_id INTEGER NOT NULL,
                hand_no INTEGER NOT NULL,
                person INTEGER NOT NULL,
                collected INTEGER NOT NULL,
                paid INTEGER NOT NULL,
                PRIMARY KEY (game_id, hand_no, person),
                FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no))""",
        ),
    ),
)

# the columns each table must have (a database of this version that lacks one is damaged)
COLUMNS = {
    "migrations": {"version", "applied_at", "note"},
    "games": {
        "id",
        "save_name",
        "started_at",
        "ended_at",
        "variant",
        "variant_json",
        "scale",
        "human_side",
        "seed",
        "first_dealer",
        "first_hand",
        "target",
        "final_target",
        "scores_json",
        "winner_side",
        "status",
    },
    "seats": {"game_id", "seat", "kind", "level", "name", "side"},
    "hands": {
        "game_id",
        "hand_no",
        "ended_at",
        "dealer",
        "kind",
        "bidder",
        "bidder_side",
        "contract",
        "trump",
        "outcome",
        "partner",
        "called",
    },
    "hand_checks": {"game_id", "hand_no", "person", "collected", "paid"},
    "hand_sides": {
        "game_id",
        "hand_no",
        "side",
        "meld_shown",
        "meld_saved",
        "trick_points",
        "tricks",
        "made",
        "change",
        "score_after",
    },
}

COUNTED = ("played", "conceded", "auto_set")  # the hand kinds that score (HandResult.counts)


def db_path() -> Path:
    return data_dir() / DB_NAME


def now_text() -> str:
    return datetime.now(UTC).strftime(STAMP)


def local_time(stamp: str | None) -> str:
    """A stored UTC time as local ``YYYY-MM-DD HH:MM`` (as it was, if it cannot be read)."""
    if not stamp:
        return "—"
    try:
        when = datetime.strptime(stamp, STAMP).replace(tzinfo=UTC)
    except ValueError:
        return visible(stamp)[:16]
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


# ---------------------------------------------------------------------- errors


class StatsError(Exception):
    """The statistics cannot be read or written right now (locked, unreadable, a full
    disk); the file is left as it is.  The message is one line naming the file."""


class StatsDamaged(StatsError):
    """The database was damaged (``why``) and was set aside as ``kept`` (None when even
    the rename failed: then it is left where it is and nothing is written to it)."""

    def __init__(self, path: Path, why: str, kept: Path | None, rename_problem: str = "") -> None:
        self.path, self.why, self.kept = path, why, kept
        if kept is not None:
            where = f"it was set aside as {kept.name}"
        else:
            where = f"it could not be set aside ({rename_problem}), so it is left as it is"
        super().__init__(f"{path}: the statistics database is damaged ({why}); {where}")


def _is_damage(exc: sqlite3.Error) -> bool:
    """SQLite says the file is not a database or is corrupt (not: locked, read-only, full)."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT")):
        return True
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text


def _why(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _free_bad_name(path: Path) -> Path:
    """The first of ``<name>.bad``, ``.bad.2``, ... beside ``path`` that is not taken (with
    its journal): where a damaged file is kept, never over an older one."""
    k = 1
    while True:
        bad = path.with_name(path.name + (".bad" if k == 1 else f".bad.{k}"))
        if not bad.exists() and not bad.with_name(bad.name + "-journal").exists():
            return bad
        k += 1


def set_aside(path: Path) -> Path:
    """Rename the damaged ``path`` to the first free ``<name>.bad``, ``.bad.2``, ... (never
    over an older one), its journal beside it; the new path.  `OSError` if it cannot.

    Linked under the new name, then unlinked from the old: a link is never made over a
    name taken meanwhile (another pinochle setting its own damaged file aside at that
    moment), where a rename wrote over it.  A file system without hard links is renamed."""
    for _ in range(100):
        bad = _free_bad_name(path)
        try:
            os.link(path, bad)
        except FileExistsError:  # taken since it was found free: the next
            continue
        except FileNotFoundError:
            raise
        except OSError:  # no hard links here
            os.replace(path, bad)
        else:
            os.unlink(path)
        break
    else:
        raise FileExistsError(errno.EEXIST, "no free name to keep it under", str(path))
    for extra in ("-journal", "-wal", "-shm"):
        side = path.with_name(path.name + extra)
        if side.exists():
            with contextlib.suppress(OSError):
                os.replace(side, bad.with_name(bad.name + extra))
    return bad


# ---------------------------------------------------------------------- records


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str
    level: str
    name: str
    side: int


@dataclass(frozen=True)
class GameRecord:
    """What a game is: written with its first recorded hand."""

    save_name: str | None
    started_at: str
    variant: str
    variant_json: str
    scale: int
    seats: tuple[SeatRecord, ...]
    human_side: int | None
    seed: str
    first_dealer: int
    target: int
    first_hand: int = 0


@dataclass(frozen=True)
class SideRecord:
    side: int
    meld_shown: int
    meld_saved: int
    trick_points: int
    tricks: int
    made: bool | None
    change: int
    score_after: int


@dataclass(frozen=True)
class HandRecord:
    """One finished hand: its `HandResult` and the scores after it."""

    hand_no: int
    ended_at: str
    dealer: int
    kind: str
    bidder: int | None
    bidder_side: int | None
    contract: int | None
    trump: str | None
    outcome: str  # made | set | thrown_in | played (no contract) | misdeal | all_passed
    sides: tuple[SideRecord, ...]
    scores: tuple[int, ...]  # every side's game score after the hand
    winner_side: int | None  # set once the game is over
    over: bool
    target: int | None = None  # the game's target after the hand (raised when several reached it together)
    partner: int | None = None  # five-hand: the seat (person) the called card made the bidder's partner (§2.12)
    called: str | None = None  # five-hand: the card called, as ``AH`` (`rules.cards.Card`)
    # a game with checks (§9): per person (collected, paid) this hand, the last hand's with
    # the checks for winning the game; empty without checks
    checks: tuple[tuple[int, int], ...] = ()


def human_side_of(kinds: list[tuple[str, int]]) -> int | None:
    """The side every human seat sits on (seat kind, side); None for no human or several sides."""
    sides = {side for kind, side in kinds if kind == "human"}
    return sides.pop() if len(sides) == 1 else None


def game_record(ctrl: Controller, save_name: str | None, started_at: str) -> GameRecord:
    v = ctrl.variant
    # people sitting out in turn (§0.4.16) keep a score each: each is its own side here
    side_of = range(v.people) if v.sitting_out else v.side_of
    seats = tuple(SeatRecord(i, s.kind, s.level, s.name, side_of[i]) for i, s in enumerate(ctrl.people))
    return GameRecord(
        save_name=save_name,
        started_at=started_at,
        variant=v.name,
        variant_json=json.dumps(v.model_dump(mode="json"), sort_keys=True),
        scale=v.scale,
        seats=seats,
        human_side=human_side_of([(s.kind, s.side) for s in seats]),
        seed=ctrl.seed,
        first_dealer=ctrl.first_dealer,
        target=ctrl.first_target,
        first_hand=ctrl.game.first_hand,
    )


def outcome_of(kind: str, bidder_made: bool | None, has_contract: bool) -> str:
    if kind == "conceded":
        return "thrown_in"
    if kind == "auto_set":
        return "set"
    if kind in ("misdeal", "all_passed", "meld_win"):  # (meld_win: a meld won the game at once, §5.6)
        return kind
    if not has_contract:
        return "played"  # the two-hand stock game: each side scores its meld and tricks
    return "made" if bidder_made else "set"


def hand_record(ctrl: Controller, ended_at: str) -> HandRecord:
    """The hand just finished, from ``ctrl.round.result`` (what the hand-result screen shows)."""
    r = ctrl.round.result
    if r is None:
        raise ValueError("the hand is not over")
    v = ctrl.variant
    g = ctrl.game
    bside = v.side_of[r.bidder] if r.bidder is not None else None
    made = r.sides[bside].made if bside is not None and bside < len(r.sides) else None
    sides = tuple(
        SideRecord(s.side, s.meld_shown, s.meld_saved, s.trick_points, s.tricks, s.made, s.change, g.scores[s.side])
        for s in r.sides
    )
    dealer, bidder = ctrl.round.dealer, r.bidder
    if v.sitting_out:  # per person (§0.4.16): its side's part of the hand, nothing while it sat out
        seat_of = {p: seat for seat, p in enumerate(ctrl.seating)}
        rows = []
        for p in range(v.people):
            seat = seat_of.get(p)
            if seat is None:
                rows.append(SideRecord(p, 0, 0, 0, 0, None, 0, g.scores[p]))
            else:
                s = r.sides[v.side_of[seat]]
                rows.append(
                    SideRecord(p, s.meld_shown, s.meld_saved, s.trick_points, s.tricks, s.made, s.change, g.scores[p])
                )
        sides = tuple(rows)
        dealer = ctrl.dealer_person
        bidder = ctrl.seating[r.bidder] if r.bidder is not None else None
        bside = bidder
    partner = r.partner
    if partner is not None and v.sitting_out:
        partner = ctrl.seating[partner]
    return HandRecord(
        hand_no=ctrl.hand_no,
        ended_at=ended_at,
        dealer=dealer,
        kind=r.kind,
        bidder=bidder,
        bidder_side=bside,
        contract=r.contract,
        trump=r.trump,
        outcome=outcome_of(r.kind, made, r.contract is not None and r.bidder is not None),
        sides=sides,
        scores=tuple(g.scores),
        winner_side=g.winner,
        over=g.over,
        target=g.target,
        partner=partner,
        called=None if r.called is None else str(r.called),
        checks=hand_checks_of(ctrl),
    )


def hand_checks_of(ctrl: Controller) -> tuple[tuple[int, int], ...]:
    """Per person (collected, paid), the checks of the hand just finished (§9: its events,
    with those of winning the game when it did, as the game-over ledger counts them); the
    round's seats are people where some sit out (§0.4.16).  Empty without checks."""
    v = ctrl.variant
    r = ctrl.round.result
    if v.check_scoring == "off" or r is None:
        return ()
    person = list(ctrl.seating) if v.sitting_out else list(range(v.players))
    got = [[0, 0] for _ in range(v.people)]
    for e in tuple(r.checks) + (tuple(ctrl.game.game_checks) if ctrl.game.over else ()):
        got[person[e.payee]][0] += e.checks
        got[person[e.payer]][1] += e.checks
    return tuple((a, b) for a, b in got)


# ---------------------------------------------------------------------- checking rows

POINTS = 10**9  # no score, meld, bid or target of a recorded game is this far from 0
SIDES = 8  # seats and sides are numbered 0..7
HAND_KINDS = ("played", "conceded", "auto_set", "misdeal", "all_passed", "meld_win")
OUTCOMES = ("made", "set", "thrown_in", "played", "misdeal", "all_passed", "meld_win")
# a contract counted (bid, then made, set or thrown in): a hand won by a meld at once (racehorse's
# quadruple, §5.6) played none, whoever bid
CONTRACT_PLAYED = "h.contract IS NOT NULL AND h.outcome != 'meld_win'"
NOT_SKIPPED = "g.id NOT IN (SELECT id FROM temp.skipped_games)"  # a game `StatsStore.check_rows` left out
# what each game's variant says that the figures count by (and the game's own columns they
# group and count its hands by, so a pass over the hands never reads a game's row), read from
# its JSON once per game (a damaged game's JSON is never read: ``temp.check_bad``) into
# ``temp.scope_rules`` for its tallies (`TALLY_SCHEMA`), and read back from them as
# ``temp.game_rules``, joined as ``r`` on the game's id; with it whether humans sit on opposing
# sides.  ``{scope}``, ``{seats}``: the games worked out (`_scope`).  Read from the JSON in every
# figure's pass, row by row of each game's hands, it took some 2.5 s at 100,000 games
GAME_RULES = (
    "INSERT INTO temp.scope_rules SELECT g.id, g.variant, g.scale, g.human_side,"
    " COALESCE(json_extract(g.variant_json, '$.set_forfeits_meld_and_tricks'), 1),"
    " COALESCE(json_extract(g.variant_json, '$.table_seats'), json_extract(g.variant_json, '$.players')),"
    " json_extract(g.variant_json, '$.players'),"
    " COALESCE(json_extract(g.variant_json, '$.round_flow'), 'auction') != 'stock',"
    " COALESCE(p.sides > 1, 0)"
    " FROM games g LEFT JOIN (SELECT game_id, COUNT(DISTINCT side) AS sides FROM seats WHERE kind = 'human'"
    " AND {seats} GROUP BY game_id) p ON p.game_id = g.id"
    " WHERE {scope} AND g.id NOT IN (SELECT id FROM temp.check_bad)"
)
# a side's meld as it counted (the history's meld column): what it saved, 0 for a side that was
# set where a set forfeits the meld (RULES.md §8.1 step 5; a hand recorded before the hand
# result said so may hold the meld it showed), never the meld laid down
MELD_COUNTED = "(CASE WHEN s.made = 0 AND r.forfeits THEN 0 ELSE s.meld_saved END)"
# people sitting out in turn (§0.4.16, knob table_seats): a recorded hand's sides are its
# people (`hand_record`), and who sat it out follows from its dealer
_PEOPLE = "r.people"
_PLAYERS = "r.players"


def sat_out(person: str) -> str:
    """SQL, true when ``person`` (a person's number) sat out hand ``h`` of a game whose
    `GAME_RULES` are ``r`` (§0.4.16): the dealer, and with two extra people also the second
    to the dealer's left; false for a game whose variant does not say (a record from before
    sitting out)."""
    return (
        f"COALESCE({_PEOPLE} > {_PLAYERS} AND ({person} = h.dealer"
        f" OR ({_PEOPLE} - {_PLAYERS} = 2 AND {person} = (h.dealer + 2) % {_PEOPLE})), 0)"
    )


def bid_with(person: str) -> str:
    """SQL, true when ``person`` played on the bidder's side of hand ``h`` of a game whose
    `GAME_RULES` are ``r``: its recorded side is the bidder's, or, in a four-hand
    partnership with a person sitting out (§0.4.16: the active people from the dealer's
    left are round seats 0-3, partners the 1st and 3rd), it played the deal in a round seat
    of the bidder's parity."""
    seat = f"(({{x}} - h.dealer + {_PEOPLE} - 1) % {_PEOPLE}) % 2"
    return (
        f"(h.bidder_side = {person} OR COALESCE({_PLAYERS} = 4 AND {_PEOPLE} = 5 AND NOT {sat_out(person)}"
        f" AND {seat.format(x=person)} = {seat.format(x='h.bidder')}, 0))"
    )


# SQL, true when your side (``r.human_side``) played hand ``h`` as the called partner of
# another's contract (five-hand, §2.12): the called card's holder is of your side and the
# bidder is not (a bidder who called a card of its own played alone)
AS_PARTNER = (
    "h.partner IS NOT NULL AND h.partner != h.bidder AND (SELECT side FROM seats"
    " WHERE game_id = h.game_id AND seat = h.partner) = r.human_side AND NOT " + bid_with("r.human_side")
)


# a game of people as opponents: humans on more than one side (so no "your side"), at one
# keyboard (hot-seat) or at a hosted table (each person at another terminal is a human seat)
PEOPLE_APART = "games of people on opposing sides (hot-seat or hosted)"


class _Check:
    """A column's rule.  Called with a value, it says what is wrong with it in words (None:
    nothing); `sql` is the same rule as an SQL expression over a column, 1 only where the
    value keeps it (0, never NULL, where it does not), or None where SQL cannot say as
    Python does (a JSON cell: `StatsStore.check_rows` calls the rule on each distinct value).
    The SQL vouches for a row only where the call would: a value it does not vouch for is
    left to the call, which has the last word."""

    def __call__(self, x: Any) -> str | None:
        raise NotImplementedError

    def sql(self, col: str) -> str | None:
        return None


class _Whole(_Check):
    """A whole number (an SQLite integer) from ``lo`` to ``hi``; ``null``: or NULL."""

    def __init__(self, lo: int, hi: int, *, null: bool = False) -> None:
        self.lo, self.hi, self.null = lo, hi, null

    def __call__(self, x: Any) -> str | None:
        if x is None and self.null:
            return None
        if type(x) is not int:
            return "not a whole number"
        return None if self.lo <= x <= self.hi else f"not from {self.lo} to {self.hi}"

    def sql(self, col: str) -> str:
        ok = f"(typeof({col}) = 'integer' AND {col} BETWEEN {self.lo} AND {self.hi})"
        return f"({col} IS NULL OR {ok})" if self.null else ok


class _Text(_Check):
    """Text of at most ``limit`` characters, one of ``among`` where given; ``null``: or NULL."""

    def __init__(self, limit: int, *, null: bool = False, among: tuple[str, ...] = ()) -> None:
        self.limit, self.null, self.among = limit, null, among

    def __call__(self, x: Any) -> str | None:
        if x is None and self.null:
            return None
        if type(x) is not str:
            return "not text"
        if self.among and x not in self.among:
            return "not one of " + ", ".join(self.among)
        return None if len(x) <= self.limit else f"longer than {self.limit} characters"

    def sql(self, col: str) -> str:
        words = ", ".join("'" + a.replace("'", "''") + "'" for a in self.among)
        among = f" AND {col} IN ({words})" if self.among else ""
        ok = f"(typeof({col}) = 'text' AND length({col}) <= {self.limit}{among})"
        return f"({col} IS NULL OR {ok})" if self.null else ok


class _JsonOf(_Check):
    """JSON text (`parse_json`: bounded in size and nesting) holding a ``kind`` (a list or an
    object), each item of a list keeping ``item`` where given."""

    def __init__(self, kind: type[list[Any]] | type[dict[str, Any]], item: _Check | None = None) -> None:
        self.kind, self.item = kind, item

    def __call__(self, x: Any) -> str | None:
        if type(x) is not str:
            return "not text"
        try:
            data = parse_json(x, max_bytes=MAX_JSON_CELL)
        except (TooLong, TooDeep) as exc:
            return str(exc)
        except ValueError:
            return "not JSON"
        if not isinstance(data, self.kind):
            return f"not a JSON {'list' if self.kind is list else 'object'}"
        if self.item is not None:
            for v in data:  # a list
                why = self.item(v)
                if why is not None:
                    return f"holds {_shown(v)}, {why}"
        return None


ROW_RULES: dict[str, dict[str, _Check]] = {
    "games": {
        "id": _Whole(1, 2**62),
        "save_name": _Text(1000, null=True),
        "started_at": _Text(100),
        "ended_at": _Text(100, null=True),
        "variant": _Text(100),
        "variant_json": _JsonOf(dict),
        "scale": _Whole(1, 10),
        "human_side": _Whole(0, SIDES - 1, null=True),
        "seed": _Text(1000),
        "first_dealer": _Whole(0, SIDES - 1),
        "first_hand": _Whole(0, 1_000_000),
        "target": _Whole(1, POINTS),
        "final_target": _Whole(1, POINTS, null=True),
        "scores_json": _JsonOf(list, _Whole(-POINTS, POINTS)),
        "winner_side": _Whole(0, SIDES - 1, null=True),
        "status": _Text(20, among=("playing", "finished", "abandoned")),
    },
    "seats": {
        "game_id": _Whole(1, 2**62),
        "seat": _Whole(0, SIDES - 1),
        "kind": _Text(10, among=("human", "bot")),
        "level": _Text(100),
        "name": _Text(100),
        "side": _Whole(0, SIDES - 1),
    },
    "hands": {
        "game_id": _Whole(1, 2**62),
        "hand_no": _Whole(1, 10**6),
        "ended_at": _Text(100),
        "dealer": _Whole(0, SIDES - 1),
        "kind": _Text(20, among=HAND_KINDS),
        "bidder": _Whole(0, SIDES - 1, null=True),
        "bidder_side": _Whole(0, SIDES - 1, null=True),
        "contract": _Whole(0, POINTS, null=True),
        "trump": _Text(1, null=True, among=("S", "H", "D", "C")),
        "outcome": _Text(20, among=OUTCOMES),
        "partner": _Whole(0, SIDES - 1, null=True),
        "called": _Text(2, null=True, among=tuple(str(c) for c in CARDS)),
    },
    "hand_checks": {
        "game_id": _Whole(1, 2**62),
        "hand_no": _Whole(1, 10**6),
        "person": _Whole(0, SIDES - 1),
        "collected": _Whole(0, POINTS),
        "paid": _Whole(0, POINTS),
    },
    "hand_sides": {
        "game_id": _Whole(1, 2**62),
        "hand_no": _Whole(1, 10**6),
        "side": _Whole(0, SIDES - 1),
        "meld_shown": _Whole(0, POINTS),
        "meld_saved": _Whole(0, POINTS),
        "trick_points": _Whole(0, POINTS),
        "tricks": _Whole(0, 1000),
        "made": _Whole(0, 1, null=True),
        "change": _Whole(-POINTS, POINTS),
        "score_after": _Whole(-POINTS, POINTS),
    },
}
"""What every column of every row may hold (its type and range); a row that breaks one
leaves its game out of the statistics (`StatsStore.check_rows`)."""


def _shown(value: Any) -> str:
    text = visible(repr(value))
    return text if len(text) <= 30 else text[:27] + "..."


def row_problem(table: str, row: sqlite3.Row) -> str | None:
    """What is wrong with ``row`` of ``table`` (its first column that breaks `ROW_RULES`), or None."""
    for column, check in ROW_RULES[table].items():
        why = check(row[column])
        if why is not None:
            return f"{column} is {_shown(row[column])}, {why}"
    return None


def _game_problem(
    g: sqlite3.Row,
    seats: list[sqlite3.Row],
    hands: list[sqlite3.Row],
    sides: list[sqlite3.Row],
    checks: list[sqlite3.Row] | tuple[()] = (),
) -> str | None:
    """The first damaged row of one game (the table, the hand, what is wrong), or None:
    every column in its range, and every seat, dealer, bidder, partner, side and person of
    its checks one of the game's."""
    why = row_problem("games", g)
    if why is not None:
        return f"games: {why}"
    for r in seats:
        why = row_problem("seats", r)
        if why is not None:
            return f"seats, seat {_shown(r['seat'])}: {why}"
    numbers = sorted(r["seat"] for r in seats)
    if len(numbers) < 2 or numbers != list(range(len(numbers))):
        return f"seats: the seats are {numbers}, not 0 to n-1 for at least two"
    n_sides = max(r["side"] for r in seats) + 1
    if g["first_dealer"] >= len(numbers):
        return f"games: first_dealer is {g['first_dealer']}, not one of the {len(numbers)} seats"
    for col in ("human_side", "winner_side"):
        if g[col] is not None and g[col] >= n_sides:
            return f"games: {col} is {g[col]}, not one of the {n_sides} sides"
    scores = parse_json(g["scores_json"], max_bytes=MAX_JSON_CELL)  # checked by ROW_RULES
    if len(scores) != n_sides:
        return f"games: scores_json holds {len(scores)} scores for {n_sides} sides"
    for r in hands:
        why = row_problem("hands", r)
        if why is None:
            for col in ("dealer", "bidder", "partner"):
                if r[col] is not None and r[col] >= len(numbers):
                    why = f"{col} is {r[col]}, not one of the {len(numbers)} seats"
            if r["bidder_side"] is not None and r["bidder_side"] >= n_sides:
                why = f"bidder_side is {r['bidder_side']}, not one of the {n_sides} sides"
        if why is not None:
            return f"hands, hand {_shown(r['hand_no'])}: {why}"
    for r in sides:
        why = row_problem("hand_sides", r)
        if why is None and r["side"] >= n_sides:
            why = f"side is {r['side']}, not one of the {n_sides} sides"
        if why is not None:
            return f"hand_sides, hand {_shown(r['hand_no'])}: {why}"
    for r in checks:
        why = row_problem("hand_checks", r)
        if why is None and r["person"] >= len(numbers):
            why = f"person is {r['person']}, not one of the {len(numbers)} seats"
        if why is not None:
            return f"hand_checks, hand {_shown(r['hand_no'])}: {why}"
    return None


# a game's rows the check reads, table by table in order (`_game_problem`'s arguments after the game's)
GAME_ROWS = (
    ("seats", "seat"),
    ("hands", "hand_no"),
    ("hand_sides", "hand_no, side"),
    ("hand_checks", "hand_no, person"),
)


def _row_ok(table: str, alias: str) -> str:
    """SQL, 1 where a row of ``table`` (as ``alias``) keeps every rule of `ROW_RULES` (0 where
    SQL cannot vouch for it); a JSON cell keeps its rule where `StatsStore.check_rows` found
    its value good (``temp.good_cells``)."""
    parts = []
    for column, rule in ROW_RULES[table].items():
        col = f"{alias}.{column}"
        sql = rule.sql(col)
        parts.append(sql or f"{col} IN (SELECT value FROM temp.good_cells WHERE col = '{column}')")
    return "COALESCE(" + " AND ".join(parts) + ", 0)"


def _scope(col: str, scoped: bool) -> str:
    """SQL, true for the games being checked: every game, or (``scoped``) those listed in
    ``temp.check_ids``, ``col`` naming the game's id."""
    return f"{col} IN (SELECT id FROM temp.check_ids)" if scoped else "1"


def _unvouched(scoped: bool) -> str:
    """The games (of `_scope`) SQL cannot vouch for, oldest id first: each is checked in Python."""
    return (
        # per game: its seats (how many, their numbers, its sides), the highest seat and side its
        # hands and hand sides name, and whether every row of each table keeps its rules
        f"WITH st AS (SELECT game_id, COUNT(*) AS n, MIN(seat) AS lo, MAX(seat) AS hi, COUNT(DISTINCT seat) AS d,"
        f" MAX(side) + 1 AS sides, MIN({_row_ok('seats', 's')}) AS ok FROM seats s"
        f" WHERE {_scope('s.game_id', scoped)} GROUP BY game_id),"
        f" ht AS (SELECT game_id, MAX(dealer) AS dealer, MAX(bidder) AS bidder, MAX(bidder_side) AS bidder_side,"
        f" MAX(partner) AS partner,"
        f" MIN({_row_ok('hands', 'h')}) AS ok FROM hands h WHERE {_scope('h.game_id', scoped)} GROUP BY game_id),"
        f" sd AS (SELECT game_id, MAX(side) AS side, MIN({_row_ok('hand_sides', 'x')}) AS ok"
        f" FROM hand_sides x WHERE {_scope('x.game_id', scoped)} GROUP BY game_id),"
        f" ck AS (SELECT game_id, MAX(person) AS person, MIN({_row_ok('hand_checks', 'c')}) AS ok"
        f" FROM hand_checks c WHERE {_scope('c.game_id', scoped)} GROUP BY game_id)"
        " SELECT g.id FROM games g LEFT JOIN st ON st.game_id = g.id LEFT JOIN ht ON ht.game_id = g.id"
        " LEFT JOIN sd ON sd.game_id = g.id LEFT JOIN ck ON ck.game_id = g.id"
        # what `_game_problem` checks, as SQL: the game vouched for where all of it holds
        f" WHERE {_scope('g.id', scoped)} AND ({_row_ok('games', 'g')} AND st.ok AND st.n >= 2 AND st.lo = 0"
        " AND st.hi = st.n - 1 AND st.d = st.n"
        " AND g.first_dealer < st.n AND (g.human_side IS NULL OR g.human_side < st.sides)"
        " AND (g.winner_side IS NULL OR g.winner_side < st.sides)"
        " AND (CASE WHEN json_valid(g.scores_json) THEN json_array_length(g.scores_json) END) = st.sides"
        " AND (ht.game_id IS NULL OR (ht.ok AND ht.dealer < st.n AND (ht.bidder IS NULL OR ht.bidder < st.n)"
        " AND (ht.bidder_side IS NULL OR ht.bidder_side < st.sides) AND (ht.partner IS NULL OR ht.partner < st.n)))"
        " AND (ck.game_id IS NULL OR (ck.ok AND ck.person < st.n))"
        " AND (sd.game_id IS NULL OR (sd.ok AND sd.side < st.sides))) IS NOT 1"
        " ORDER BY g.id"
    )


_UNVOUCHED = _unvouched(False)
"""Every game SQL cannot vouch for, oldest id first: each is checked in Python."""


# ---------------------------------------------------------------------- tallies

# What the figures count of each game, worked out once per game: when a hand of it is recorded
# (`StatsStore.record_hand`, in the hand's transaction) instead of at each reading.  Working
# every figure out from the rows at each reading (and checking every row first) took some 5 s
# at 100,000 games; summed from a row per game it is a small part of that.
#
# ``tally``: a game's verdict (``problem``: NULL where every row of it keeps `ROW_RULES`, else
# its first damaged row in words, as `StatsStore.check_rows` says it), how many rows of each
# table are the game's (the rows of a game not in ``games`` are found by these counts), its
# `GAME_RULES`, its status and winner, and its sums over its hands (NULL where it has none):
# those the meld and points per hand count (``hands``, ``n`` ... as `StatsStore.figures`
# averages them) and its contracts, of all sides and of your side.  ``kind_tally``: per good
# game and seat kind (a bot level, or human) its seats, its sides and whether one of them won
# (with the game's status and variant, so that they are summed without a join).
#
# Kept exact by SQLite itself: every change to a game's rows, by this program or any other
# (an older version of it, the sqlite3 shell), deletes the game's tallies (the triggers of
# `TALLY_TRIGGERS`), and a game without its tally is worked out from its rows when read.  A
# tally is trusted only where these tables and triggers are exactly this program's
# (`StatsStore._tallies_kept`); else every game is worked out from its rows, as before.  They
# are no part of the schema's version: an older program reads and writes the file as before.
TALLY_SCHEMA = (
    """CREATE TABLE tally (  -- one row per game: what the figures count of it (version 1)
        game_id INTEGER PRIMARY KEY,
        problem TEXT,
        seats_n INTEGER NOT NULL, hands_n INTEGER NOT NULL, sides_n INTEGER NOT NULL,
        variant, scale, human_side, forfeits, people, players, auction, hot_seat, status, winner_side, ended_at,
        hands, n, meld, change, your_n, your_meld, your_change,
        bid, made, set_, thrown_in, contract_sum,
        your_bid, your_made, your_set, your_thrown_in, your_contract_sum,
        your_checks_won, your_checks_lost,
        partner_bid, partner_made, partner_set, partner_thrown_in)""",
    """CREATE TABLE kind_tally (  -- per game and seat kind: its seats, sides and win (version 1)
        game_id INTEGER NOT NULL, kind, human, seats, sides, won, status, variant)""",
    "CREATE INDEX kind_tally_by_game ON kind_tally (game_id)",
    # the finished games in the order of the win streaks and the running win rate, with what
    # they count: read in order from the index, never sorted (0.2 s each at 100,000 games)
    "CREATE INDEX tally_by_end ON tally (status, ended_at, game_id, human_side, winner_side, variant, problem)",
    # the games of people on opposing sides (few): their players' figures without a pass over every game
    "CREATE INDEX tally_hot_seat ON tally (game_id) WHERE hot_seat = 1",
    # the damaged games (few, if any): the line that names them without a pass over every game
    "CREATE INDEX tally_damaged ON tally (game_id) WHERE problem IS NOT NULL",
)
TALLY_COLUMNS = (
    "game_id, problem, seats_n, hands_n, sides_n, variant, scale, human_side, forfeits, people, players, auction,"
    " hot_seat, status, winner_side, ended_at, hands, n, meld, change, your_n, your_meld, your_change,"
    " bid, made, set_, thrown_in, contract_sum, your_bid, your_made, your_set, your_thrown_in, your_contract_sum,"
    " your_checks_won, your_checks_lost, partner_bid, partner_made, partner_set, partner_thrown_in"
)
# per variant and scale, what its good games' tallies add up to: each game's part as SQL over
# its tally ``{t}`` (NULL counted 0; ``your_decided``: the games whose part of ``your_wins``
# is not NULL, a finished game of yours without a winner, so that the figure is NULL as a SUM
# over no such game is).  Kept by triggers on ``tally`` as its rows come and go, so the
# figures read a row per variant, not one per game (0.3 s at 100,000 games)
VARIANT_SUMS: tuple[tuple[str, str], ...] = (
    ("games", "1"),
    ("finished", "{t}.status = 'finished'"),
    ("your_games", "{t}.status = 'finished' AND {t}.human_side IS NOT NULL"),
    ("your_wins", "{t}.status = 'finished' AND {t}.human_side IS NOT NULL AND {t}.winner_side = {t}.human_side"),
    (
        "your_decided",
        "({t}.status = 'finished' AND {t}.human_side IS NOT NULL AND {t}.winner_side = {t}.human_side) IS NOT NULL",
    ),
    ("your_unfinished", "{t}.status != 'finished' AND {t}.human_side IS NOT NULL"),
    ("auctions", "{t}.auction"),
    ("hot_finished", "{t}.hot_seat AND {t}.status = 'finished'"),
    ("hot_unfinished", "{t}.hot_seat AND {t}.status != 'finished'"),
    *(
        (f"{mine}{col}", f"{{t}}.{mine}{col}" if col != "bid_games" else f"{{t}}.{mine}bid IS NOT NULL")
        for mine in ("", "your_")
        for col in ("bid_games", "bid", "made", "set" if mine else "set_", "thrown_in", "contract_sum")
    ),
    ("scored_games", "{t}.n IS NOT NULL"),
    *((col, f"{{t}}.{col}") for col in ("hands", "n", "meld", "change", "your_n", "your_meld", "your_change")),
    # the checks of your side's people (§9), in the games that recorded some for them
    ("your_check_games", "{t}.your_checks_won IS NOT NULL"),
    ("your_checks_won", "{t}.your_checks_won"),
    ("your_checks_lost", "{t}.your_checks_lost"),
    # the contracts your side played as a bidder's called partner (five-hand, §2.12)
    ("partner_games", "{t}.partner_bid IS NOT NULL"),
    *((col, f"{{t}}.{col}") for col in ("partner_bid", "partner_made", "partner_set", "partner_thrown_in")),
)
# per variant and seat kind, what the kind tallies of its finished games add up to
KIND_SUMS: tuple[tuple[str, str], ...] = (
    ("seats", "{t}.seats"),
    ("games", "1"),
    ("wins", "{t}.won"),
    ("both_sides", "{t}.sides > 1"),
    ("one_side_games", "{t}.sides = 1"),
    ("one_side_wins", "{t}.sides = 1 AND {t}.won"),
    ("human", "{t}.human"),
)


def _sums_triggers(
    table: str, into: str, keys: tuple[str, str], sums: tuple[tuple[str, str], ...], when: str
) -> tuple[str, ...]:
    """The triggers keeping ``into`` (keyed by ``keys``) the sum of ``sums`` over the rows of
    ``table`` where ``when`` holds (SQL over ``{t}``): a row's part added when it comes,
    taken away when it goes."""

    def add(t: str, sign: str) -> str:
        sets = ", ".join(f"{name} = {name} {sign} COALESCE({expr.format(t=t)}, 0)" for name, expr in sums)
        where = " AND ".join(f"{k} = {t}.{k}" for k in keys)
        return f"UPDATE {into} SET {sets} WHERE {where} AND {when.format(t=t)};"

    zeros = ", ".join("0" for _ in sums)
    new_row = f"INSERT OR IGNORE INTO {into} SELECT NEW.{keys[0]}, NEW.{keys[1]}, {zeros} WHERE {when.format(t='NEW')};"
    return (
        f"CREATE TRIGGER {into}_insert AFTER INSERT ON {table} BEGIN {new_row} {add('NEW', '+')} END",
        f"CREATE TRIGGER {into}_update AFTER UPDATE ON {table} BEGIN {add('OLD', '-')} {new_row} {add('NEW', '+')} END",
        f"CREATE TRIGGER {into}_delete AFTER DELETE ON {table} BEGIN {add('OLD', '-')} END",
    )


SUMS_SCHEMA = (
    "CREATE TABLE variant_sums (  -- per variant and scale: its good games' tallies added up (version 1)\n"
    f"    variant NOT NULL, scale NOT NULL, {', '.join(n for n, _ in VARIANT_SUMS)}, PRIMARY KEY (variant, scale))",
    "CREATE TABLE kind_sums (  -- per variant and seat kind: its finished games' kind tallies added up (version 1)\n"
    f"    variant NOT NULL, kind NOT NULL, {', '.join(n for n, _ in KIND_SUMS)}, PRIMARY KEY (variant, kind))",
    *_sums_triggers("tally", "variant_sums", ("variant", "scale"), VARIANT_SUMS, "{t}.problem IS NULL"),
    *_sums_triggers("kind_tally", "kind_sums", ("variant", "kind"), KIND_SUMS, "{t}.status = 'finished'"),
)
TALLY_TRIGGERS = tuple(
    f"CREATE TRIGGER tally_{table}_{op.lower()} AFTER {op} ON {table} BEGIN"
    f" DELETE FROM tally WHERE game_id IN ({ids});"
    f" DELETE FROM kind_tally WHERE game_id IN ({ids}); END"
    for table, key in (
        ("games", "id"),
        ("seats", "game_id"),
        ("hands", "game_id"),
        ("hand_sides", "game_id"),
        ("hand_checks", "game_id"),
    )
    for op, ids in (
        ("INSERT", f"NEW.{key}"),
        ("UPDATE", f"OLD.{key}, NEW.{key}"),
        ("DELETE", f"OLD.{key}"),
    )
)
TALLY_NAMES = ("tally", "kind_tally", "kind_tally_by_game", "tally_by_end", "tally_hot_seat", "tally_damaged") + tuple(
    sql.split()[2] for sql in (*SUMS_SCHEMA, *TALLY_TRIGGERS)
)


def _counted_kinds() -> str:
    return ",".join(f"'{k}'" for k in COUNTED)


def _tally_good(into: str) -> str:
    """SQL: the tallies of the good games of ``temp.scope_rules`` (`GAME_RULES`) into the
    table ``into``: what `StatsStore.figures` sums, game by game (the hands' passes read the
    games in order, each game's hand sides by its index: no sort)."""
    sides = (
        "SELECT r.id, COUNT(DISTINCT h.hand_no) AS hands, COUNT(*) AS n,"
        f" SUM({MELD_COUNTED}) AS meld, SUM(s.change) AS change,"
        " COUNT(CASE WHEN s.side = r.human_side THEN 1 END) AS your_n,"
        f" SUM(CASE WHEN s.side = r.human_side THEN {MELD_COUNTED} END) AS your_meld,"
        " SUM(CASE WHEN s.side = r.human_side THEN s.change END) AS your_change"
        " FROM temp.scope_rules r CROSS JOIN hand_sides s CROSS JOIN hands h"  # (CROSS: in this order)
        " WHERE s.game_id = r.id AND h.game_id = s.game_id AND h.hand_no = s.hand_no"
        f" AND h.kind IN ({_counted_kinds()}) AND NOT {sat_out('s.side')} GROUP BY r.id"
    )
    contracts = (
        "SELECT r.id, COUNT(*) AS bid, SUM(h.outcome = 'made') AS made, SUM(h.outcome = 'set') AS set_,"
        " SUM(h.outcome = 'thrown_in') AS thrown_in, SUM(h.contract) AS contract_sum"
        " FROM temp.scope_rules r CROSS JOIN hands h"
        f" WHERE h.game_id = r.id AND {CONTRACT_PLAYED} AND h.bidder IS NOT NULL{{mine}} GROUP BY r.id"
    )
    # the checks of your side's people: its human seats' (a person's own; hot-seat partners' together)
    checks = (
        "SELECT r.id, SUM(c.collected) AS won, SUM(c.paid) AS lost"
        " FROM temp.scope_rules r CROSS JOIN hand_checks c CROSS JOIN seats p"
        " WHERE c.game_id = r.id AND p.game_id = c.game_id AND p.seat = c.person AND p.kind = 'human'"
        " AND p.side = r.human_side GROUP BY r.id"
    )
    count = "(SELECT COUNT(*) FROM {t} WHERE game_id = r.id)"
    return (
        f"INSERT INTO {into} ({TALLY_COLUMNS}) SELECT r.id, NULL, {count.format(t='seats')},"
        f" {count.format(t='hands')}, {count.format(t='hand_sides')}, r.variant, r.scale, r.human_side, r.forfeits,"
        " r.people, r.players, r.auction, r.hot_seat, g.status, g.winner_side, g.ended_at,"
        " a.hands, a.n, a.meld, a.change, a.your_n, a.your_meld, a.your_change,"
        " c.bid, c.made, c.set_, c.thrown_in, c.contract_sum,"
        " y.bid, y.made, y.set_, y.thrown_in, y.contract_sum, k.won, k.lost,"
        " q.bid, q.made, q.set_, q.thrown_in"
        " FROM temp.scope_rules r CROSS JOIN games g ON g.id = r.id"  # (CROSS: the games worked out, not all)
        f" LEFT JOIN ({sides}) a ON a.id = r.id"
        f" LEFT JOIN ({contracts.format(mine='')}) c ON c.id = r.id"
        f" LEFT JOIN ({contracts.format(mine=' AND ' + bid_with('r.human_side'))}) y ON y.id = r.id"
        f" LEFT JOIN ({checks}) k ON k.id = r.id"
        f" LEFT JOIN ({contracts.format(mine=' AND ' + AS_PARTNER)}) q ON q.id = r.id"
    )


def _tally_kinds(into: str) -> str:
    """SQL: per good game of ``temp.scope_rules`` and seat kind, its seats, the sides they sat
    on and whether one of them won, into the table ``into``."""
    return (
        f"INSERT INTO {into} SELECT s.game_id, CASE WHEN s.kind = 'human' THEN 'human' ELSE s.level END,"
        " MAX(s.kind = 'human'), COUNT(*), COUNT(DISTINCT s.side), COALESCE(MAX(g.winner_side = s.side), 0),"
        " g.status, g.variant"
        " FROM temp.scope_rules r CROSS JOIN seats s CROSS JOIN games g ON g.id = s.game_id"
        " WHERE s.game_id = r.id GROUP BY s.game_id, 2"
    )


def _tally_bad(into: str) -> str:
    """SQL: the damaged games of ``temp.check_bad`` (still in ``games``), their verdict and
    rows counted, into the table ``into``."""
    count = "(SELECT COUNT(*) FROM {t} WHERE game_id = b.id)"
    return (
        f"INSERT INTO {into} (game_id, problem, seats_n, hands_n, sides_n) SELECT b.id, b.why,"
        f" {count.format(t='seats')}, {count.format(t='hands')}, {count.format(t='hand_sides')}"
        " FROM temp.check_bad b WHERE EXISTS (SELECT 1 FROM games WHERE id = b.id)"
    )


def _parts(sums: tuple[tuple[str, str], ...]) -> str:
    """SQL: each game's part of ``sums`` from its tally ``t`` (NULL counted 0)."""
    return ", ".join(f"COALESCE({expr.format(t='t')}, 0) AS {name}" for name, expr in sums)


@functools.cache
def _tally_schema() -> dict[tuple[str, str], str]:
    """The tallies' tables, index and triggers as SQLite keeps them (type and name: the SQL):
    a file's are trusted only where they are these."""
    conn = sqlite3.connect(":memory:")
    try:
        for _step, _note, statements in MIGRATIONS:
            for sql in statements:
                conn.execute(sql)
        for sql in (*TALLY_SCHEMA, *SUMS_SCHEMA, *TALLY_TRIGGERS):
            conn.execute(sql)
        marks = ",".join("?" * len(TALLY_NAMES))
        rows = conn.execute(f"SELECT type, name, sql FROM sqlite_master WHERE name IN ({marks})", TALLY_NAMES)
        return {(t, n): q for t, n, q in rows}
    finally:
        conn.close()


# ---------------------------------------------------------------------- the full check

KIND_COLUMNS = "game_id, kind, human, seats, sides, won, status, variant"
# games worked out and compared per read transaction of the full check: a hand another
# connection records waits for one such read at most (some 0.3 s)
CHECK_GAMES = 5000
# the sums and what they add up: (table, its tallies, its keys, its sums, which tallies it counts)
_SUMS_OF = (
    ("variant_sums", "tally", ("variant", "scale"), VARIANT_SUMS, "t.problem IS NULL"),
    ("kind_sums", "kind_tally", ("variant", "kind"), KIND_SUMS, "t.status = 'finished'"),
)
# beside the file, what its last full check that found it right saw (`StatsStore.check_tallies`)
CHECKED_SUFFIX = ".checked"
MAX_MARK = 1000  # bytes of that note read at most (it is a line of JSON)
TALLIES_DIFFER = "the totals kept for the figures did not match the games' rows"


class TallyCheck(NamedTuple):
    """What `StatsStore.check_tallies` found: ``said``, the one line saying that the tallies
    differed from the rows and what was done (None: they agreed, or it was not checked);
    ``damaged``, SQLite's words where it found the file damaged while reading it."""

    said: str | None = None
    damaged: str | None = None


@functools.cache
def _check_rules() -> str:
    """A digest of what the full check works out and compares (the tallies' SQL, the rows'
    rules as SQL): a later program that counts otherwise checks the file again."""
    text = "\n".join(
        (
            GAME_RULES,
            _tally_good("x"),
            _tally_kinds("x"),
            _tally_bad("x"),
            _UNVOUCHED,
            *TALLY_SCHEMA,
            *SUMS_SCHEMA,
            *TALLY_TRIGGERS,
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _check_mark(path: Path) -> str:
    """The file's bytes and the check's rules, as one line (SHA-256 of the file, read whole)."""
    with open(path, "rb") as f:
        digest = hashlib.file_digest(f, "sha256").hexdigest()
    return json.dumps({"rules": _check_rules(), "file": digest})


def _noted_mark(noted: Path) -> str | None:
    """The mark the last full check noted (None: none, or not readable)."""
    try:
        with open(noted, "rb") as f:
            return f.read(MAX_MARK).decode("utf-8", "replace")
    except OSError:
        return None


def _note_mark(noted: Path, mark: str) -> None:
    """Note ``mark`` beside the file (`atomic_write`: never half a line); a note that cannot
    be written is left unwritten (the next check runs in full)."""
    with contextlib.suppress(OSError):
        atomic_write(noted, mark)


def _differ_words(games: list[int], rest: list[str]) -> str:
    """What differed, in words: ``game 12``, ``games 3, 7 and 9``, ``games 1, 2, 3, 4, 5 and
    8 more``, then ``rest`` (the sums); empty where nothing did."""
    words = []
    if len(games) == 1:
        words.append(f"game {games[0]}")
    elif len(games) <= 5 and games:
        words.append(f"games {', '.join(map(str, games[:-1]))} and {games[-1]}")
    elif games:
        words.append(f"games {', '.join(map(str, games[:5]))} and {len(games) - 5} more")
    return "; ".join(words + rest)


# ---------------------------------------------------------------------- the store


@dataclass
class GameSummary:
    """A past game, as the history lists it."""

    id: int
    started_at: str
    ended_at: str | None
    variant: str
    variant_json: str
    scale: int
    seats: list[dict[str, Any]]
    human_side: int | None
    seed: str
    first_dealer: int
    target: int
    scores: list[int]
    winner_side: int | None
    status: str
    hands: int
    first_hand: int = 0  # the seed's deal its hand 1 was
    final_target: int | None = None  # the target it ended at (None: not recorded, before schema 3)
    save_name: str | None = None  # its saved game's file name (an unfinished one may be resumed)

    @property
    def last_target(self) -> int:
        """The target the game ended at (or stands at): raised when several reached it together."""
        return self.target if self.final_target is None else self.final_target

    def fmt(self, points: float) -> str:
        """Points in the game's display scale."""
        if self.scale == 1:
            return f"{points:g}"
        return f"{points / self.scale:g}"

    def side_names(self) -> list[str]:
        sides = max((s["side"] for s in self.seats), default=-1) + 1
        return [" & ".join(s["name"] for s in self.seats if s["side"] == k) for k in range(sides)]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "variant": self.variant,
            "seats": self.seats,
            "seed": self.seed,
            "target": self.target,
            "final_target": self.last_target,
            "scores": self.scores,
            "winner_side": self.winner_side,
            "your_side": self.human_side,
            "status": self.status,
            "hands": self.hands,
        }


@dataclass
class HandRow:
    """One recorded hand as the hand-by-hand table shows it (x10 points)."""

    hand_no: int
    dealer: int
    kind: str
    bidder: int | None
    contract: int | None
    trump: str | None
    outcome: str
    sides: list[dict[str, Any]] = field(default_factory=list)
    partner: int | None = None  # five-hand: the called partner's seat (§2.12)
    called: str | None = None  # five-hand: the card called, as ``AH``
    # a game with checks (§9): per person the checks the hand moved (collected less paid),
    # the last hand's with those of winning the game; None: not recorded (no checks, or a
    # hand recorded before schema 4)
    checks: list[int] | None = None


class StatsStore:
    """The statistics database; ``conn`` None: there is none yet (nothing was recorded).

    Every method raises `StatsDamaged` (after setting the file aside) or `StatsError`,
    never a bare `sqlite3` error.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection | None) -> None:
        self.path = path
        self.conn = conn
        self.checked = False  # `check_rows` has run on this connection
        self.checked_version = 0  # ``PRAGMA data_version`` when it ran (another's write changes it)
        self.temp_ready = False  # this connection's temporary tables are made (`_temp_tables`)
        self.file_checked = False  # SQLite's quick check passed (`open`, `file_problem`)
        self.won: dict[str | None, list[bool]] = {}  # `_won_in_order` per variant, as last checked
        self.skipped: list[int] = []  # games left out of what is read: a row of theirs is damaged
        self.problem: str | None = None  # that, in one line naming the file, the table and the game

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: Path | None = None, *, create: bool = True, check_file: bool = True) -> StatsStore:
        """Open (``create``: or begin) the database at ``path`` and check it: SQLite's
        quick check, the version, the tables.  A damaged one is set aside (`StatsDamaged`).
        Not ``check_file``: SQLite's quick check (0.45 s at 100,000 games) is left for later,
        `file_problem` (the statistics screen runs it once the figures are shown); the first
        hand recorded runs it first if it has not run."""
        path = db_path() if path is None else path
        try:
            exists = path.exists()
        except OSError as exc:  # the data directory cannot be searched
            why = exc.strerror or _why(exc)
            raise StatsError(f"{path}: cannot read the statistics database ({why})") from None
        if not exists and not create:
            return cls(path, None)
        try:
            if not exists:
                path.parent.mkdir(parents=True, exist_ok=True)
            # the app writes a hand from a worker thread (`PinochleApp.record_stats`), one at a
            # time under its lock, and reads on its own thread
            conn = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise StatsError(f"{path}: cannot open the statistics database ({_why(exc)})") from None
        store = cls(path, conn)
        try:
            store._prepare(check_file)
        except _Damage as exc:
            store._damaged(exc.why)
        except sqlite3.Error as exc:
            if _is_damage(exc):
                store._damaged(_why(exc))
            store.close()
            raise StatsError(f"{path}: cannot use the statistics database ({_why(exc)})") from None
        return store

    def file_problem(self) -> str | None:
        """SQLite's quick check of the whole file, on a connection of its own (it may run in
        a thread while this store reads): what it found wrong in words, or None (also when it
        could not run: the file locked or gone; the next hand recorded runs it again).  Does
        not set the file aside: `set_aside_as_damaged` does, with what this says."""
        try:
            conn = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True, timeout=BUSY_SECONDS)
        except (OSError, sqlite3.Error):
            return None
        try:
            check = conn.execute("PRAGMA quick_check").fetchall()
        except sqlite3.Error as exc:
            return _why(exc) if _is_damage(exc) else None
        finally:
            conn.close()
        if [tuple(r) for r in check] != [("ok",)]:
            return "SQLite's check found: " + _why(Exception(str(check[0][0])))
        self.file_checked = True
        return None

    def set_aside_as_damaged(self, why: str) -> None:
        """Close the store and set the file aside as damaged (``why``: `file_problem`'s
        words); raises `StatsDamaged` saying so."""
        self._damaged(why)

    def tallied(self) -> bool:
        """Every game has its tally in the file (`TALLY_SCHEMA`): the first read checks no
        game's rows (quick at any size)."""
        if self.conn is None:
            return True
        with self._errors():
            if not self._tallies_kept():
                return False
            return not self.conn.execute(
                "SELECT EXISTS (SELECT 1 FROM games WHERE id NOT IN (SELECT game_id FROM main.tally))"
            ).fetchone()[0]

    def close(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self.conn.close()
            self.conn = None

    def _damaged(self, why: str) -> None:
        """Close, set the file aside, raise `StatsDamaged`."""
        self.close()
        try:
            kept: Path | None = set_aside(self.path)
            problem = ""
        except OSError as exc:
            kept, problem = None, exc.strerror or str(exc)
        raise StatsDamaged(self.path, why, kept, problem)

    def _prepare(self, check_file: bool) -> None:
        conn = self._conn()
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        # the version, the id and the tables are read in one read transaction: several games
        # opening the file at once (six bot games begun together) see one state of it, never
        # a version from before another's migration beside the tables from after it
        conn.execute("BEGIN")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            self._look(version, app_id, tables)
            check = conn.execute("PRAGMA quick_check").fetchall() if check_file else [("ok",)]
        finally:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("COMMIT")
        if [tuple(r) for r in check] != [("ok",)]:
            raise _Damage("SQLite's check found: " + _why(Exception(str(check[0][0]))))
        self.file_checked = check_file
        if version < SCHEMA_VERSION:
            self._migrate()
        self._check_tables()

    @staticmethod
    def _look(version: int, app_id: int, tables: set[str]) -> None:
        """`_Damage` unless the version, id and tables are those of this program's database
        (or of an empty file)."""
        if version > SCHEMA_VERSION:
            raise _Damage(
                f"schema version {version} is from a newer version of the game; this one reads {SCHEMA_VERSION}"
            )
        if version == 0:
            if tables or app_id not in (0, APP_ID):
                raise _Damage("not a pinochle statistics database")
        elif app_id != APP_ID:
            raise _Damage("not a pinochle statistics database")

    def _migrate(self) -> None:
        """Each step not yet applied, in a write transaction of its own.  The version is read
        again inside it: another game may have migrated the file since it was looked at (it
        holds the write lock while it does), and a step is never applied twice."""
        conn = self._conn()
        for step, note, statements in MIGRATIONS:
            conn.execute("BEGIN IMMEDIATE")
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version >= step:
                    conn.execute("COMMIT")
                    continue
                if version == 0:
                    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
                    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                    self._look(version, app_id, tables)
                for sql in statements:
                    conn.execute(sql)
                conn.execute("INSERT INTO migrations VALUES (?, ?, ?)", (step, now_text(), note))
                conn.execute(f"PRAGMA application_id = {APP_ID}")
                conn.execute(f"PRAGMA user_version = {step}")
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise

    def _check_tables(self) -> None:
        conn = self._conn()
        for table, columns in COLUMNS.items():
            have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            missing = sorted(columns - have)
            if missing:
                what = "table" if not have else "column" + ("s" if len(missing) > 1 else "")
                name = table if not have else f"{table}.{', '.join(missing)}"
                raise _Damage(f"the {what} {name} is missing")

    def _conn(self) -> sqlite3.Connection:
        if self.conn is None:
            raise StatsError(f"{self.path}: the statistics database is closed")
        return self.conn

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """`sqlite3` errors as `StatsDamaged` (set aside) or `StatsError`."""
        try:
            yield
        except sqlite3.Error as exc:
            if _is_damage(exc):
                self._damaged(_why(exc))
            raise StatsError(f"{self.path}: {_why(exc)}") from None

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (`_errors` around it): BEGIN IMMEDIATE, COMMIT, or ROLLBACK
        on any error; the rows are checked again before the next read (``checked``)."""
        conn = self._conn()
        with self._errors():
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
            finally:
                self.checked = False  # read again with what was written

    # ------------------------------------------------------------------ checking
    def check_rows(self) -> None:
        """Know every game's verdict before anything is read: a game with a row that breaks
        `ROW_RULES` (or a seat, dealer, bidder or side that is not one of the game's) is left
        out of every figure and list (`skipped`, a temporary table of this connection) and
        said in one line (`problem`); the file is kept as it is, never changed or set aside.

        Each game's verdict is its tally's (`TALLY_SCHEMA`, written with its hands); the
        games without one (a file from before the tallies, rows changed by another program)
        are checked here (`_check_games`) and worked out into this connection's own tallies,
        never into the file.  Checked again when the file changed since (another game wrote
        to it: ``PRAGMA data_version``; or this store did), else once per connection.  The
        rows of a game not in ``games`` are looked for when the tables hold more rows than
        the games' tallies count."""
        if self.conn is None:
            return
        with self._errors():
            version = self.conn.execute("PRAGMA data_version").fetchone()[0]
            if self.checked and version == self.checked_version:
                return
            self._temp_tables()
            conn = self.conn
            kept = self._tallies_kept()
            conn.execute("DELETE FROM temp.tally_new")
            conn.execute("DELETE FROM temp.kind_tally_new")
            if kept:
                if self._untallied():
                    self._fill_tallies("temp", scoped=True)
            else:
                self._fill_tallies("temp", scoped=False)
            self._views(kept)
            bad: dict[int, str] = {
                int(gid): str(why)
                for gid, why in conn.execute(
                    "SELECT game_id, problem FROM temp.tallies WHERE problem IS NOT NULL ORDER BY game_id"
                )
            }
            counted = conn.execute(
                "SELECT COALESCE(SUM(seats_n), 0), COALESCE(SUM(hands_n), 0), COALESCE(SUM(sides_n), 0)"
                " FROM temp.tallies"
            ).fetchone()
            for table, n in zip(("seats", "hands", "hand_sides"), counted, strict=True):
                if conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == n:
                    continue  # every row is a game's
                for (gid,) in conn.execute(
                    f"SELECT DISTINCT game_id FROM {table} WHERE typeof(game_id) = 'integer'"
                    " AND game_id NOT IN (SELECT id FROM games) ORDER BY game_id"
                ).fetchall():
                    bad.setdefault(gid, f"{table}: rows of a game that is not in games")
            conn.execute("DELETE FROM temp.skipped_games")
            conn.executemany("INSERT INTO temp.skipped_games VALUES (?)", [(k,) for k in bad])
        self.checked, self.checked_version = True, version
        self.won = {}
        self.skipped = sorted(bad)
        self.problem = None
        if bad:
            first = next(iter(bad))
            which = ", ".join(str(k) for k in list(bad)[:5])
            which += f" and {len(bad) - 5} more" if len(bad) > 5 else ""
            if len(bad) == 1:
                what = f"game {which} is left out of the statistics: a row of it is damaged ({bad[first]})"
            else:
                what = (
                    f"games {which} are left out of the statistics: a row of each is damaged "
                    f"(the first, game {first}: {bad[first]})"
                )
            self.problem = f"{self.path}: {what}; the file is kept as it is"

    def _temp_tables(self) -> None:
        """This connection's own tables for checking and tallying (once per connection)."""
        if self.temp_ready:
            return
        conn = self._conn()
        rest = TALLY_COLUMNS.split(", ", 1)[1]
        for sql in (
            "CREATE TEMP TABLE good_cells (col TEXT, value, PRIMARY KEY (col, value))",
            "CREATE TEMP TABLE skipped_games (id PRIMARY KEY)",
            "CREATE TEMP TABLE check_ids (id INTEGER PRIMARY KEY)",
            "CREATE TEMP TABLE check_bad (id INTEGER PRIMARY KEY, why TEXT)",
            "CREATE TEMP TABLE scope_rules"
            " (id INTEGER PRIMARY KEY, variant, scale, human_side, forfeits, people, players, auction, hot_seat)",
            f"CREATE TEMP TABLE tally_new (game_id INTEGER PRIMARY KEY, {rest})",
            # (one row per game and kind, as `_tally_kinds` groups them: looked up so by `_tallies_differ`)
            "CREATE TEMP TABLE kind_tally_new"
            " (game_id INTEGER NOT NULL, kind, human, seats, sides, won, status, variant, PRIMARY KEY (game_id, kind))",
        ):
            conn.execute(sql)
        self.temp_ready = True

    def _views(self, kept: bool) -> None:
        """``temp.tallies`` and ``temp.kind_tallies``: every game's tallies, the file's where
        they are kept (`_tallies_kept`) and this connection's for the rest; ``temp.game_rules``:
        the good games' `GAME_RULES` from them."""
        conn = self._conn()
        for view in ("game_rules", "tallies", "kind_tallies", "variant_sums_all", "kind_sums_all"):
            conn.execute(f"DROP VIEW IF EXISTS temp.{view}")
        new = conn.execute("SELECT EXISTS (SELECT 1 FROM temp.tally_new)").fetchone()[0]
        # the sums of every good game (`VARIANT_SUMS`, `KIND_SUMS`): the file's, and those of
        # this connection's own tallies (the games without one in the file)
        guard = " AND t.game_id NOT IN (SELECT game_id FROM main.tally)" if kept else ""
        parts = {
            "variant_sums_all": (
                "main.variant_sums",
                f"SELECT t.variant, t.scale, {_parts(VARIANT_SUMS)} FROM temp.tally_new t WHERE t.problem IS NULL",
            ),
            "kind_sums_all": (
                "main.kind_sums",
                f"SELECT t.variant, t.kind, {_parts(KIND_SUMS)} FROM temp.kind_tally_new t WHERE t.status = 'finished'",
            ),
        }
        for view, (file, own) in parts.items():
            if kept and not new:
                conn.execute(f"CREATE TEMP VIEW {view} AS SELECT * FROM {file}")
            elif kept:
                conn.execute(f"CREATE TEMP VIEW {view} AS SELECT * FROM {file} UNION ALL {own}{guard}")
            else:
                conn.execute(f"CREATE TEMP VIEW {view} AS {own}")
        if kept and not new:
            conn.execute("CREATE TEMP VIEW tallies AS SELECT * FROM main.tally")
            conn.execute("CREATE TEMP VIEW kind_tallies AS SELECT * FROM main.kind_tally")
        elif kept:
            conn.execute(
                "CREATE TEMP VIEW tallies AS SELECT * FROM main.tally UNION ALL SELECT * FROM temp.tally_new"
                " WHERE game_id NOT IN (SELECT game_id FROM main.tally)"
            )
            conn.execute(
                "CREATE TEMP VIEW kind_tallies AS SELECT * FROM main.kind_tally UNION ALL"
                " SELECT * FROM temp.kind_tally_new WHERE game_id NOT IN (SELECT game_id FROM main.tally)"
            )
        else:
            conn.execute("CREATE TEMP VIEW tallies AS SELECT * FROM temp.tally_new")
            conn.execute("CREATE TEMP VIEW kind_tallies AS SELECT * FROM temp.kind_tally_new")
        conn.execute(
            "CREATE TEMP VIEW game_rules AS SELECT game_id AS id, variant, scale, human_side, forfeits, people,"
            " players, auction, hot_seat FROM temp.tallies WHERE problem IS NULL"
        )

    def _tallies_kept(self) -> bool:
        """The file's tallies are this program's (their tables, index and triggers exactly
        `_tally_schema`): each game's tally there is trusted."""
        marks = ",".join("?" * len(TALLY_NAMES))
        rows = self._conn().execute(
            f"SELECT type, name, sql FROM main.sqlite_master WHERE name IN ({marks})", TALLY_NAMES
        )
        return {(t, n): q for t, n, q in rows} == _tally_schema()

    def _check_games(self, scoped: bool) -> dict[int, str]:
        """Check the games of `_scope` (every game, or those of ``temp.check_ids``) against
        `ROW_RULES` and their seats; the damaged ones, in id order, each with its first
        damaged row in words.

        SQL vouches for the games whose every row keeps the rules (`_Check.sql`; a JSON
        cell is checked in Python once per distinct value) in one pass over the tables;
        each game it does not vouch for is checked in Python (`_game_problem`, as
        `newest_games` checks a game), which names what is wrong or finds nothing.  Every
        row checked in Python took some 11 s at 100,000 games."""
        conn = self._conn()
        bad: dict[int, str] = {}
        conn.execute("DELETE FROM temp.good_cells")
        for column, rule in ROW_RULES["games"].items():
            if rule.sql("x") is None:  # a JSON cell: each distinct value checked once
                good = [
                    (column, v)
                    for (v,) in conn.execute(f"SELECT DISTINCT {column} FROM games g WHERE {_scope('g.id', scoped)}")
                    if rule(v) is None
                ]
                conn.executemany("INSERT OR IGNORE INTO temp.good_cells VALUES (?, ?)", good)
        cur = conn.cursor()
        cur.row_factory = sqlite3.Row
        each = conn.cursor()
        each.row_factory = sqlite3.Row
        for (gid,) in conn.execute(_unvouched(scoped)).fetchall():
            g = cur.execute("SELECT * FROM games WHERE id = ?", (gid,)).fetchone()
            rows = (
                each.execute(f"SELECT * FROM {t} WHERE game_id = ? ORDER BY {key}", (gid,)).fetchall()
                for t, key in GAME_ROWS
            )
            why = _game_problem(g, *rows)
            if why is not None:
                bad[gid] = why
        return bad

    def _fill_tallies(self, into: str, scoped: bool) -> None:
        """Check the games of `_scope` (`_check_games`) and write their tallies: ``into``
        ``main`` the file's (in the caller's write transaction), ``temp`` this connection's."""
        conn = self._conn()
        bad = self._check_games(scoped)
        tally, kinds = (
            ("main.tally", "main.kind_tally") if into == "main" else ("temp.tally_new", "temp.kind_tally_new")
        )
        conn.execute("DELETE FROM temp.check_bad")
        conn.executemany("INSERT INTO temp.check_bad VALUES (?, ?)", list(bad.items()))
        conn.execute("DELETE FROM temp.scope_rules")
        conn.execute(GAME_RULES.format(scope=_scope("g.id", scoped), seats=_scope("game_id", scoped)))
        conn.execute(f"DELETE FROM {tally} WHERE {_scope('game_id', scoped)}")
        conn.execute(f"DELETE FROM {kinds} WHERE {_scope('game_id', scoped)}")
        conn.execute(_tally_good(tally))
        conn.execute(_tally_kinds(kinds))
        conn.execute(_tally_bad(tally))

    def _untallied(self, game_id: int | None = None) -> bool:
        """The games without a tally in the file (their tallies kept: `_tallies_kept`) into
        ``temp.check_ids``; whether there are any.  ``game_id``: a game just written (its
        rows' triggers deleted its tally).  The games are looked for one by one (some 13 ms
        at 100,000 games) only where the file holds more games than tallies besides it: the
        triggers delete a game's tally with the game, so a tally is never of a game not in
        ``games``."""
        conn = self._conn()
        conn.execute("DELETE FROM temp.check_ids")
        if game_id is not None:
            conn.execute(
                "INSERT INTO temp.check_ids SELECT ?1 WHERE NOT EXISTS (SELECT 1 FROM main.tally WHERE game_id = ?1)",
                (game_id,),
            )
        (more,) = conn.execute(
            "SELECT (SELECT COUNT(*) FROM games) - (SELECT COUNT(*) FROM main.tally) - (SELECT COUNT(*) FROM"
            " temp.check_ids)"
        ).fetchone()
        if more:
            conn.execute(
                "INSERT OR IGNORE INTO temp.check_ids SELECT id FROM games"
                " WHERE id NOT IN (SELECT game_id FROM main.tally)"
            )
        return bool(conn.execute("SELECT EXISTS (SELECT 1 FROM temp.check_ids)").fetchone()[0])

    def _keep_tallies(self, game_id: int | None = None) -> None:
        """In the caller's write transaction: the tallies of the games without one (the game
        just written, whose rows' triggers deleted its own; any game another program wrote),
        worked out into the file; every game's, and the tables and triggers, where the file
        has none of this program's (a file from before them: once, some seconds at 100,000
        games)."""
        conn = self._conn()
        self._temp_tables()
        if self._tallies_kept():
            if self._untallied(game_id):
                self._fill_tallies("main", scoped=True)
            return
        marks = ",".join("?" * len(TALLY_NAMES))
        found = conn.execute(
            f"SELECT type, name FROM main.sqlite_master WHERE name IN ({marks}) AND type IN ('table', 'trigger')",
            TALLY_NAMES,
        ).fetchall()
        for kind, name in found:  # another version's (a table's index goes with it)
            conn.execute(f'DROP {kind} IF EXISTS main."{name}"')
        for sql in (*TALLY_SCHEMA, *SUMS_SCHEMA, *TALLY_TRIGGERS):
            conn.execute(sql)
        self._fill_tallies("main", scoped=False)

    # ------------------------------------------------------------------ writing
    def record_hand(self, game: GameRecord, game_id: int | None, hand: HandRecord) -> int:
        """Write ``hand`` of ``game`` (and the game itself, the first time) in one
        transaction; the game's id.  A hand already recorded is left as it was.  A file
        opened without SQLite's check (`open`) is checked first: a damaged one is set aside."""
        conn = self._conn()
        if not self.file_checked:
            why = self.file_problem()
            if why is not None:
                self._damaged(why)
        with self._write():
            if game_id is None:
                game_id = self._insert_game(game)
            conn.execute(
                "INSERT OR IGNORE INTO hands (game_id, hand_no, ended_at, dealer, kind, bidder, bidder_side,"
                " contract, trump, outcome, partner, called) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    hand.hand_no,
                    hand.ended_at,
                    hand.dealer,
                    hand.kind,
                    hand.bidder,
                    hand.bidder_side,
                    hand.contract,
                    hand.trump,
                    hand.outcome,
                    hand.partner,
                    hand.called,
                ),
            )
            conn.executemany(
                "INSERT OR IGNORE INTO hand_checks VALUES (?, ?, ?, ?, ?)",
                [(game_id, hand.hand_no, person, won, paid) for person, (won, paid) in enumerate(hand.checks)],
            )
            conn.executemany(
                "INSERT OR IGNORE INTO hand_sides VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        hand.hand_no,
                        s.side,
                        s.meld_shown,
                        s.meld_saved,
                        s.trick_points,
                        s.tricks,
                        None if s.made is None else int(s.made),
                        s.change,
                        s.score_after,
                    )
                    for s in hand.sides
                ],
            )
            conn.execute(
                "UPDATE games SET scores_json = ?, winner_side = ?, status = ?, ended_at = ?,"
                " final_target = COALESCE(?, final_target) WHERE id = ?",
                (
                    json.dumps(list(hand.scores)),
                    hand.winner_side,
                    "finished" if hand.over else "playing",
                    hand.ended_at,
                    hand.target,
                    game_id,
                ),
            )
            self._keep_tallies(game_id)
        return game_id

    def keep_tallies(self) -> None:
        """The tallies of every game without one worked out into the file (`_keep_tallies`),
        in a write transaction of its own: what recording a hand does, for rows written by
        other means (the benchmarks copy a game by SQL to build their files)."""
        with self._write():
            self._keep_tallies()

    # ------------------------------------------------------------------ the full check
    def check_tallies(self) -> TallyCheck:
        """Every game's tally worked out again from its rows and compared with the file's
        (its tallies, the sums by variant and by seat kind): what SQLite's quick check and
        the triggers cannot see, a row's value changed on the disk (a valid record with a
        wrong value: its game's tally is not dropped) or the tallies edited directly.  Some
        7 s of CPU at 100,000 games (bench/stats_read_bench.py), on a connection of its own
        (it runs in a thread while this store reads), `CHECK_GAMES` games per read
        transaction: each game's rows and tally are read in one state of the file, never
        half a hand another connection records, and a hand recorded meanwhile waits for one
        such read at most, not for the whole check (its write waits `BUSY_SECONDS` at most).

        Where they differ, the rows are the record: a copy of the file as it is is kept
        beside it (``.bad``, ``.bad.2``, ... as `set_aside` names it), then in one write
        transaction the tallies found wrong are written again from the rows (`_rewrite`:
        some 80 ms at 100,000 games), and ``said`` is one line naming the file, what
        differed and what was done.  Where the copy cannot be made, nothing is changed and
        the line says so.

        Skipped where nothing can have changed since the last check that found the file
        right: the file's bytes (SHA-256, read in the first read transaction, no other
        connection writing until the last) and the check's own SQL are those it noted
        beside the file (``<name>.checked``): exact for a file in SQLite's rollback journal,
        this program's (a file another program put in WAL mode is checked each time).
        ``damaged``: SQLite found the file damaged while reading it (the caller sets it
        aside with these words, as after `file_problem`).  Never raises: a file it cannot
        read now (locked, gone) is checked next time."""
        try:
            conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error):
            return TallyCheck()
        checker = StatsStore(self.path, conn)
        try:
            conn.execute("PRAGMA synchronous = FULL")
            return checker._check_tallies()
        except sqlite3.Error as exc:
            return TallyCheck(damaged=_why(exc)) if _is_damage(exc) else TallyCheck()
        except OSError:
            return TallyCheck()
        finally:
            checker.close()

    @contextlib.contextmanager
    def _reading(self) -> Iterator[int]:
        """One read transaction; its ``PRAGMA data_version`` (another connection's commit
        since the last changes it)."""
        conn = self._conn()
        conn.execute("BEGIN")
        try:
            conn.execute("SELECT 1 FROM main.sqlite_master LIMIT 1").fetchall()  # (SQLite's shared lock, now)
            yield conn.execute("PRAGMA data_version").fetchone()[0]
        finally:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("COMMIT")

    def _check_tallies(self) -> TallyCheck:
        conn = self._conn()
        self._temp_tables()
        noted = self.path.with_name(self.path.name + CHECKED_SUFFIX)
        with self._reading() as version:
            if not self._tallies_kept():
                return TallyCheck()  # none trusted: every figure is worked out from the rows when read
            # (no commit changes the file's bytes during a read transaction in the rollback journal)
            exact = conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal"
            mark = _check_mark(self.path) if exact else None
            if mark is not None and _noted_mark(noted) == mark:
                return TallyCheck()
            conn.execute("DELETE FROM temp.tally_new")
            conn.execute("DELETE FROM temp.kind_tally_new")
        games: list[int] = []  # the games whose tallies differ from their rows'
        last: int | None = 0  # the games' ids are whole numbers from 1 (`ROW_RULES`)
        while last is not None:
            with self._reading():
                (bound,) = conn.execute(
                    "SELECT (SELECT id FROM games WHERE id > ?1 ORDER BY id LIMIT 1 OFFSET ?2)", (last, CHECK_GAMES - 1)
                ).fetchone()
                if bound is None:
                    bound = 2**63 - 1  # the last games, and any tally of a game above them
                conn.execute("DELETE FROM temp.check_ids")
                conn.execute("INSERT INTO temp.check_ids SELECT id FROM games WHERE id > ? AND id <= ?", (last, bound))
                self._fill_tallies("temp", scoped=True)
                games += self._tallies_differ(last, bound)
            last = None if bound == 2**63 - 1 else bound
        kept, problem = None, ""
        with self._reading() as now:
            if now != version:
                mark = None  # another connection wrote since the first read: not one state of the file
            sums = self._sums_differ()
            differ = _differ_words(games, sums)
            if differ and exact:  # byte for byte, as it is now
                kept, problem = self._keep_copy(exact)
        if not differ:
            if mark is not None:
                _note_mark(noted, mark)
            return TallyCheck()
        if not exact:  # (SQLite's backup waits for a transaction of its source to end)
            kept, problem = self._keep_copy(exact)
        if kept is None:
            return TallyCheck(
                said=f"{self.path}: {TALLIES_DIFFER} ({differ}); a copy of the file could not be"
                f" kept ({problem}), so it is left as it is and the figures may be wrong"
            )
        conn.execute("BEGIN IMMEDIATE")
        try:
            if not self._tallies_kept():  # (another program dropped them since: none is trusted now)
                conn.execute("COMMIT")
                return TallyCheck()
            self._rewrite(games, bool(sums), conn.execute("PRAGMA data_version").fetchone()[0] != version)
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
        return TallyCheck(
            said=f"{self.path}: {TALLIES_DIFFER} ({differ}); they were worked out again from the"
            f" rows, and the file as it was is kept as {kept.name}"
        )

    def _rewrite(self, games: list[int], sums: bool, since: bool) -> None:
        """In the caller's write transaction: the tallies of ``games`` (found unlike their
        rows) written again from ``temp.tally_new`` and ``temp.kind_tally_new``, worked out
        again here first where another connection wrote ``since`` they were (a game it
        wrote has its tally from that write: the same); their triggers take the old tallies
        out of the sums and put the new in.  ``sums``: the sums themselves were unlike the
        tallies added up: written again from them, as their triggers would have kept them."""
        conn = self._conn()
        conn.execute("DELETE FROM temp.check_ids")
        conn.executemany("INSERT INTO temp.check_ids VALUES (?)", [(g,) for g in games])
        if since:
            self._fill_tallies("temp", scoped=True)
        scope = _scope("game_id", True)
        conn.execute(f"DELETE FROM main.tally WHERE {scope}")
        conn.execute(f"DELETE FROM main.kind_tally WHERE {scope} OR typeof(game_id) != 'integer'")
        conn.execute(
            f"INSERT INTO main.tally ({TALLY_COLUMNS}) SELECT {TALLY_COLUMNS} FROM temp.tally_new WHERE {scope}"
        )
        conn.execute(f"INSERT INTO main.kind_tally SELECT {KIND_COLUMNS} FROM temp.kind_tally_new WHERE {scope}")
        if sums:
            for table, tallies, keys, parts, when in _SUMS_OF:
                by = ", ".join(keys)
                conn.execute(f"DELETE FROM main.{table}")
                conn.execute(
                    f"INSERT INTO main.{table} SELECT {by}, {', '.join(f'SUM({n})' for n, _ in parts)} FROM (SELECT"
                    f" {', '.join('t.' + k for k in keys)}, {_parts(parts)} FROM main.{tallies} t WHERE {when})"
                    f" GROUP BY {by}"
                )

    def _keep_copy(self, exact: bool) -> tuple[Path | None, str]:
        """A copy of the file as it is, beside it (``.bad``, ``.bad.2``, ... as `set_aside`
        names it, never over an older one), and its name; or None and why it could not be
        made.  ``exact`` (the rollback journal): byte for byte, in the caller's read
        transaction, during which no commit changes the file; else (a file another program
        put in WAL mode) by SQLite's backup, page for page."""
        kept = None
        try:
            kept = _free_bad_name(self.path)
            if exact:
                with open(kept, "xb") as out, open(self.path, "rb") as src:
                    shutil.copyfileobj(src, out)
                    out.flush()
                    os.fsync(out.fileno())
            else:
                open(kept, "xb").close()  # (the name taken at once)
                copy = sqlite3.connect(kept)
                try:
                    self._conn().backup(copy)
                finally:
                    copy.close()
        except (OSError, sqlite3.Error) as exc:
            if kept is not None:
                with contextlib.suppress(OSError):
                    kept.unlink()
            return None, (exc.strerror if isinstance(exc, OSError) else None) or _why(exc)
        return kept, ""

    def _tallies_differ(self, after: int, upto: int) -> list[int]:
        """The games of ids ``after`` < id <= ``upto`` whose tallies in the file differ from
        those just worked out from their rows into ``temp.tally_new`` and
        ``temp.kind_tally_new`` (`_fill_tallies`), in id order: its tally or a
        seat kind's tally unlike the rows' or missing, or a tally of a game not in
        ``games``.  A game without a tally in the file is none of them: it is worked out
        when read.  Each tally is looked up by its game (and kind) in the other's table, not
        the two compared as sets (a set's sort of the kinds' tallies took 1.6 s at 100,000
        games)."""
        conn = self._conn()
        within = "BETWEEN ?1 + 1 AND ?2"
        # (EXISTS, not IN: SQLite drove IN from every tally of the file, each read's games looked up in it)
        tallied = "EXISTS (SELECT 1 FROM main.tally t WHERE t.game_id = {n}.game_id)"
        same = " AND ".join(f"f.{c} IS n.{c}" for c in TALLY_COLUMNS.split(", ")[1:])
        kind_same = " AND ".join(f"f.{c} IS n.{c}" for c in KIND_COLUMNS.split(", ")[2:])
        found = (
            f"SELECT f.game_id FROM main.tally f LEFT JOIN temp.tally_new n ON n.game_id = f.game_id"
            f" WHERE f.game_id {within} AND (n.game_id IS NULL OR NOT ({same}))"
            " UNION SELECT f.game_id FROM main.kind_tally f LEFT JOIN temp.kind_tally_new n"
            f" ON n.game_id = f.game_id AND n.kind = f.kind WHERE f.game_id {within}"
            f" AND (n.game_id IS NULL OR NOT ({kind_same}))"
            f" UNION SELECT n.game_id FROM temp.kind_tally_new n WHERE n.game_id {within} AND {tallied.format(n='n')}"
            " AND NOT EXISTS (SELECT 1 FROM main.kind_tally f WHERE f.game_id = n.game_id AND f.kind = n.kind"
            f" AND {kind_same})"
        )
        # (a kind's tally twice over: each copy one of the rows', counted twice in the sums)
        found += (
            f" UNION SELECT game_id FROM main.kind_tally WHERE game_id {within} GROUP BY game_id, kind"
            " HAVING COUNT(*) > 1"
        )
        ids = conn.execute(found + " ORDER BY 1", (after, upto)).fetchall()
        return [int(gid) for (gid,) in ids]

    def _sums_differ(self) -> list[str]:
        """``the sums by variant``, ``the sums by seat kind`` where the file's sums differ
        from its tallies added up (each tally of a game being its rows': `_tallies_differ`),
        or a seat kind's tally names no game by number; else nothing."""
        conn = self._conn()
        out = []
        ((stray,),) = conn.execute("SELECT EXISTS (SELECT 1 FROM main.kind_tally WHERE typeof(game_id) != 'integer')")
        if stray:
            out.append("a seat kind's tally of no game")
        for (table, tallies, keys, sums, when), what in zip(
            _SUMS_OF, ("the sums by variant", "the sums by seat kind"), strict=True
        ):
            names = ", ".join(n for n, _ in sums)
            by = ", ".join(keys)
            # (a variant's row of zeros stays in the file once its games are gone)
            zeros = " AND ".join(f"{n} IS 0" for n, _ in sums)
            file_s = f"SELECT {by}, {names} FROM main.{table} WHERE NOT ({zeros})"
            added = (
                f"SELECT {by}, {', '.join(f'SUM({n})' for n, _ in sums)} FROM (SELECT"
                f" {', '.join('t.' + k for k in keys)}, {_parts(sums)} FROM main.{tallies} t WHERE {when})"
                f" GROUP BY {by}"
            )
            ((unlike,),) = conn.execute(f"SELECT EXISTS ({file_s} EXCEPT {added}) OR EXISTS ({added} EXCEPT {file_s})")
            if unlike:
                out.append(what)
        return out

    def _insert_game(self, game: GameRecord) -> int:
        conn = self._conn()
        # the games in the past games' order (newest first): the statistics screen's first
        # page without reading every game (`newest_games`: 0.9 s at 100,000 games, whose rows
        # hold their variant's JSON).  Made with a game's first write, in its transaction (a
        # file is changed only by what is recorded; about a second once at 100,000 games); an
        # index is no part of the schema's version, so the file is the same to an older program
        conn.execute("CREATE INDEX IF NOT EXISTS games_by_start ON games (started_at, id)")
        # the columns the figures count games by (`figures`, `running_win_rate`): read from
        # this index, not from the games' rows, each of which holds its variant's JSON before
        # them (a figure's pass over the games went from 0.15 s to 0.03 s at 100,000 games)
        conn.execute(
            "CREATE INDEX IF NOT EXISTS games_by_result ON games (status, human_side, variant, scale, winner_side,"
            " ended_at)"
        )
        cur = conn.execute(
            "INSERT INTO games (save_name, started_at, ended_at, variant, variant_json, scale, human_side, seed,"
            " first_dealer, target, scores_json, winner_side, status, first_hand) VALUES (?, ?, NULL, ?, ?, ?, ?,"
            " ?, ?, ?, ?, NULL, 'playing', ?)",
            (
                game.save_name,
                game.started_at,
                game.variant,
                game.variant_json,
                game.scale,
                game.human_side,
                game.seed,
                game.first_dealer,
                game.target,
                json.dumps([0] * (max((s.side for s in game.seats), default=0) + 1)),
                game.first_hand,
            ),
        )
        game_id = int(cur.lastrowid or 0)
        conn.executemany(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, s.seat, s.kind, s.level, s.name, s.side) for s in game.seats],
        )
        return game_id

    def find_game(self, save_name: str | None, seed: str) -> tuple[int, int] | None:
        """An unfinished game saved as ``save_name`` with ``seed`` (a resumed game): its id
        and the last hand recorded."""
        if save_name is None or self.conn is None:
            return None
        with self._errors():
            row = self.conn.execute(
                "SELECT g.id, COALESCE(MAX(h.hand_no), 0) FROM games g LEFT JOIN hands h ON h.game_id = g.id"
                " WHERE g.save_name = ? AND g.seed = ? AND g.status != 'finished' GROUP BY g.id"
                " ORDER BY g.id DESC LIMIT 1",
                (save_name, seed),
            ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def set_status(self, game_id: int, status: str) -> None:
        """Mark an unfinished game ``playing`` again or ``abandoned`` (left unfinished)."""
        with self._write() as conn:
            conn.execute("UPDATE games SET status = ? WHERE id = ? AND status != 'finished'", (status, game_id))
            self._keep_tallies(game_id)

    # ------------------------------------------------------------------ reading
    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        if self.conn is None:
            return []
        self.check_rows()
        with self._errors():
            cur = self.conn.cursor()
            cur.row_factory = sqlite3.Row
            return list(cur.execute(sql, params).fetchall())

    def variants(self) -> list[str]:
        """The variants with a recorded game."""
        return [
            r["variant"]
            for r in self._rows(f"SELECT DISTINCT variant FROM games g WHERE {NOT_SKIPPED} ORDER BY variant")
        ]

    def size(self) -> int:
        """How many games the file holds, of every variant, before any is checked: what a
        first read may go through (`check_rows` checks every game without a tally: each of
        a file from before them, some 4 s at 100,000 games; the statistics screen reads in
        a thread past a size, asking it first)."""
        if self.conn is None:
            return 0
        with self._errors():
            row = self.conn.execute("SELECT COUNT(*) FROM games").fetchone()
        return int(row[0]) if row else 0

    def game_count(self, variant: str | None = None) -> int:
        """How many games `games` could list (of ``variant``, or all): the good games, from
        the variants' sums of their tallies (`VARIANT_SUMS`)."""
        rows = self._rows(
            "SELECT COALESCE(SUM(games), 0) AS n FROM temp.variant_sums_all WHERE (?1 IS NULL OR variant = ?1)",
            (variant,),
        )
        return int(rows[0]["n"]) if rows else 0

    def games(self, variant: str | None = None, limit: int = 500, offset: int = 0) -> list[GameSummary]:
        """Past games (of ``variant``, or all), newest first: ``limit`` of them after the
        newest ``offset`` (a page of the statistics screen's list)."""
        rows = self._rows(
            "SELECT g.*, (SELECT COUNT(*) FROM hands h WHERE h.game_id = g.id) AS hands FROM games g"
            f" WHERE (?1 IS NULL OR g.variant = ?1) AND {NOT_SKIPPED}"
            " ORDER BY g.started_at DESC, g.id DESC LIMIT ?2 OFFSET ?3",
            (variant, limit, offset),
        )
        seats = self._seats([int(r["id"]) for r in rows])
        return [self._summary(r, seats.get(int(r["id"]), [])) for r in rows]

    def newest_games(self, variant: str | None = None, limit: int = 100) -> list[GameSummary]:
        """The newest ``limit`` games (of ``variant``, or all), as `games` lists them, each
        checked on its own (`_game_problem`) instead of the whole file first (`check_rows`:
        some 3.5 s at 100,000 games): the statistics screen's first page while the rest is
        read.  A damaged game is left out, as `check_rows` leaves it out; once `check_rows`
        has run this is `games`."""
        if self.conn is None:
            return []
        if self.checked:
            return self.games(variant, limit)
        out: list[GameSummary] = []
        with self._errors():
            cur, each = self.conn.cursor(), self.conn.cursor()
            cur.row_factory = each.row_factory = sqlite3.Row
            order = "SELECT * FROM games g WHERE (?1 IS NULL OR g.variant = ?1) ORDER BY g.started_at DESC, g.id DESC"
            for g in cur.execute(order, (variant,)):
                if type(g["id"]) is not int:
                    continue  # (`check_rows` leaves it out too: no row of it is read)
                seats, hands, sides, checks = (
                    each.execute(f"SELECT * FROM {t} WHERE game_id = ? ORDER BY {key}", (g["id"],)).fetchall()
                    for t, key in GAME_ROWS
                )
                if _game_problem(g, seats, hands, sides, checks) is not None:
                    continue
                kinds = [{"kind": r["kind"], "level": r["level"], "name": r["name"], "side": r["side"]} for r in seats]
                out.append(self._summary({**dict(g), "hands": len(hands)}, kinds))
                if len(out) >= limit:
                    break
        return out

    def game(self, game_id: int) -> tuple[GameSummary, list[HandRow]] | None:
        self.check_rows()
        rows = self._rows(
            "SELECT g.*, (SELECT COUNT(*) FROM hands h WHERE h.game_id = g.id) AS hands FROM games g"
            f" WHERE g.id = ? AND {NOT_SKIPPED}",
            (game_id,),
        )
        if not rows:
            return None
        summary = self._summary(rows[0], self._seats([game_id]).get(game_id, []))
        hands: dict[int, HandRow] = {}
        for r in self._rows("SELECT * FROM hands WHERE game_id = ? ORDER BY hand_no", (game_id,)):
            hands[r["hand_no"]] = HandRow(
                r["hand_no"],
                r["dealer"],
                r["kind"],
                r["bidder"],
                r["contract"],
                r["trump"],
                r["outcome"],
                partner=r["partner"],
                called=r["called"],
            )
        people = len(summary.seats)
        for r in self._rows(
            "SELECT hand_no, person, collected - paid AS moved FROM hand_checks WHERE game_id = ?"
            " ORDER BY hand_no, person",
            (game_id,),
        ):
            h = hands.get(r["hand_no"])
            if h is not None:
                if h.checks is None:
                    h.checks = [0] * people
                h.checks[r["person"]] = r["moved"]
        for r in self._rows(
            f"SELECT s.*, {MELD_COUNTED} AS counted, {sat_out('s.side')} AS sat_out FROM hand_sides s"
            " JOIN games g ON g.id = s.game_id JOIN temp.game_rules r ON r.id = g.id"
            " JOIN hands h ON h.game_id = s.game_id AND h.hand_no = s.hand_no"
            " WHERE s.game_id = ? ORDER BY s.hand_no, s.side",
            (game_id,),
        ):
            if r["hand_no"] in hands:
                d = dict(r)
                d["meld_saved"] = d.pop("counted")  # as the figures count it: a set side's is 0
                d["made"] = None if d["made"] is None else bool(d["made"])
                if d.pop("sat_out"):  # the key only where this person sat the hand out (§0.4.16)
                    d["sat_out"] = True
                hands[r["hand_no"]].sides.append({k: d[k] for k in d if k not in ("game_id", "hand_no")})
        return summary, list(hands.values())

    def _seats(self, ids: list[int]) -> dict[int, list[dict[str, Any]]]:
        out: dict[int, list[dict[str, Any]]] = {}
        if not ids:
            return out
        marks = ",".join("?" * len(ids))
        for r in self._rows(f"SELECT * FROM seats WHERE game_id IN ({marks}) ORDER BY game_id, seat", tuple(ids)):
            out.setdefault(int(r["game_id"]), []).append(
                {"kind": r["kind"], "level": r["level"], "name": r["name"], "side": r["side"]}
            )
        return out

    @staticmethod
    def _summary(r: sqlite3.Row | dict[str, Any], seats: list[dict[str, Any]]) -> GameSummary:
        try:
            scores = [int(x) for x in parse_json(r["scores_json"], max_bytes=MAX_JSON_CELL)]
        except (ValueError, TypeError):
            scores = []
        return GameSummary(
            id=int(r["id"]),
            started_at=r["started_at"],
            ended_at=r["ended_at"],
            variant=r["variant"],
            variant_json=r["variant_json"],
            scale=int(r["scale"]) or 1,
            seats=seats,
            human_side=r["human_side"],
            seed=r["seed"],
            first_dealer=int(r["first_dealer"]),
            target=int(r["target"]),
            scores=scores,
            winner_side=r["winner_side"],
            status=r["status"],
            hands=int(r["hands"]),
            first_hand=int(r["first_hand"]),
            final_target=None if r["final_target"] is None else int(r["final_target"]),
            save_name=r["save_name"] if isinstance(r["save_name"], str) else None,
        )

    # ------------------------------------------------------------------ figures
    def figures(self, variant: str | None = None) -> dict[str, Any]:
        """Every figure, worked out by SQL (``variant``: only its games).  Points are in
        each variant's display scale (its ``scale``); averages to two decimals; the meld
        averaged is each side's as it counted (`MELD_COUNTED`: a set side's 0).  Where no
        scored hand had a "your side" (bots only, hot-seat opponents) your side's figures
        are None, its contracts too (the words say "—"), never zeros."""
        p = (variant,)
        self.check_rows()
        # summed from each variant's sums of its good games' tallies (`VARIANT_SUMS`): an
        # average is the sum over the count, as AVG works it out (the sums are whole numbers,
        # exact: the same double as AVG over every hand); a figure no game has a part of (a
        # game with no hand of a kind) is left as a plain SUM over no row leaves it
        contracts = [
            f"SUM({mine}bid_games) AS {mine}bid_games, SUM({mine}bid) AS {mine}bid, SUM({mine}made) AS {mine}made,"
            f" SUM({set_}) AS {mine}set_, SUM({mine}thrown_in) AS {mine}thrown_in,"
            f" SUM({mine}contract_sum) * 1.0 / SUM({mine}bid) / scale AS {mine}average_bid"
            for mine, set_ in (("", "set_"), ("your_", "your_set"))
        ]
        per_variant: dict[tuple[str, int], dict[str, Any]] = {}
        rows = self._rows(
            "SELECT variant, scale, SUM(games) AS games, SUM(finished) AS finished, SUM(your_games) AS your_games,"
            " SUM(your_wins) AS your_wins, SUM(your_decided) AS your_decided,"
            " SUM(your_unfinished) AS your_unfinished, SUM(auctions) AS auctions,"
            " SUM(hot_finished) AS hot_finished, SUM(hot_unfinished) AS hot_unfinished,"
            f" {contracts[0]}, {contracts[1]}, SUM(scored_games) AS scored_games, SUM(hands) AS hands,"
            " SUM(meld) * 1.0 / SUM(n) * 1.0 / scale AS average_meld,"
            " SUM(change) * 1.0 / SUM(n) * 1.0 / scale AS points_per_hand,"
            " SUM(your_meld) * 1.0 / SUM(your_n) * 1.0 / scale AS your_average_meld,"
            " SUM(your_change) * 1.0 / SUM(your_n) * 1.0 / scale AS your_points_per_hand,"
            " SUM(your_check_games) AS your_check_games, SUM(your_checks_won) AS your_checks_won,"
            " SUM(your_checks_lost) AS your_checks_lost, SUM(partner_games) AS partner_games,"
            " SUM(partner_bid) AS partner_bid, SUM(partner_made) AS partner_made, SUM(partner_set) AS partner_set,"
            " SUM(partner_thrown_in) AS partner_thrown_in"
            " FROM temp.variant_sums_all WHERE (?1 IS NULL OR variant = ?1)"
            " GROUP BY variant, scale HAVING SUM(games) > 0 ORDER BY SUM(games) DESC, variant",
            p,
        )
        recorded, finished = sum(r["games"] for r in rows), sum(r["finished"] for r in rows)
        games = {"recorded": recorded, "finished": finished, "unfinished": recorded - finished}
        your: dict[str, Any] = {
            "games": sum(r["your_games"] for r in rows),
            "wins": sum(r["your_wins"] for r in rows),  # (NULL parts counted 0, as COALESCE over every game)
        }
        your["win_percent"] = _percent(your["wins"], your["games"])
        # games with a human seat not finished yet: "no finished game yet", not "no human seat"
        your["unfinished"] = sum(r["your_unfinished"] for r in rows)
        your.update(self._streaks(variant))
        for r in rows:
            # (a finished game with no winner, as only a hand-edited file holds, is no win)
            your_wins = r["your_wins"] if r["your_decided"] else 0
            d: dict[str, Any] = {
                "variant": r["variant"],
                "scale": "x1" if r["scale"] == 10 else "x10",
                "games": r["games"],
                "finished": r["finished"],
                "your_games": r["your_games"],
                "your_wins": your_wins,
                "your_win_percent": _percent(your_wins, r["your_games"]),
                "your_unfinished": r["your_unfinished"],
                # a form without an auction (the stock game, §2.7) has no contract to count
                "auction": r["auctions"] > 0,
                "hands": r["hands"] if r["scored_games"] else 0,
            }
            for mine in ("", "your_"):
                bid = {k: r[mine + k] for k in ("bid", "made", "set_", "thrown_in", "average_bid")}
                d[f"{mine}contracts"] = _contracts(bid if r[f"{mine}bid_games"] else None)
            for k in ("average_meld", "your_average_meld", "points_per_hand", "your_points_per_hand"):
                d[k] = _avg(r[k]) if r["scored_games"] else None
            d["hot_seat_finished_games"] = r["hot_finished"]
            d["your_checks"] = checks_figures(r["your_check_games"], r["your_checks_won"], r["your_checks_lost"])
            d["partner_contracts"] = partner_contracts(
                {k: r["partner_" + k] for k in ("bid", "made", "set", "thrown_in")} if r["partner_games"] else None
            )
            per_variant[(r["variant"], r["scale"])] = d
        all_contracts = _sum_contracts([d["contracts"] for d in per_variant.values()])
        # a variant with no scored hand of a "your side" (bots only, hot-seat opponents) has no
        # such contracts: null, as the screen's "—" (0 is a your side that bid nothing)
        for d in per_variant.values():
            if not _your_side_known(d):
                d["your_contracts"] = None
        known = [d["your_contracts"] for d in per_variant.values() if d["your_contracts"] is not None]
        your_contracts = _sum_contracts(known) if known else None
        # per seat kind and game: its seats, the sides they sat on, whether one of them won; a
        # kind on both sides of a game (two humans opposing, standard against standard) always
        # wins it, so its win rate counts only the games it sat on one side of
        seat_kinds = [
            dict(r)
            for r in self._rows(
                "SELECT kind, SUM(seats) AS seats, SUM(games) AS games, SUM(wins) AS wins,"
                " SUM(both_sides) AS both_sides, SUM(one_side_games) AS one_side_games,"
                " SUM(one_side_wins) AS one_side_wins FROM temp.kind_sums_all WHERE (?1 IS NULL OR variant = ?1)"
                " GROUP BY kind HAVING SUM(games) > 0 ORDER BY SUM(human) > 0 DESC, kind",
                p,
            )
        ]
        for d in seat_kinds:
            # its win rate is of the games it sat on one side of, as the words say (None when
            # it sat on both sides of every one); ``wins`` counts every game a seat of it won
            d["win_percent"] = _percent(d["one_side_wins"], d["one_side_games"])
            d["one_side_win_percent"] = d["win_percent"]
        hot_seat = self._hot_seat(p, sum(r["hot_finished"] for r in rows), sum(r["hot_unfinished"] for r in rows))
        out = {
            "database": str(self.path),
            "variant": variant,
            "games": games,
            "your_side": your,
            "contracts": all_contracts,
            "your_contracts": your_contracts,
            "partner_contracts": sum_partner_contracts([d["partner_contracts"] for d in per_variant.values()]),
            "your_checks": sum_checks([d["your_checks"] for d in per_variant.values()]),
            "variants": list(per_variant.values()),
            "seat_kinds": seat_kinds,
            "hot_seat": hot_seat,
        }
        if self.problem:  # games left out: a row of theirs is damaged
            out["damaged"] = self.problem
        return out

    def _hot_seat(self, p: tuple[Any, ...], finished: int, unfinished: int) -> dict[str, Any]:
        """The games with humans on opposing sides (no "your side": hot-seat, or a hosted
        table whose people at other terminals are seats of their own): how many finished
        and unfinished (``finished``, ``unfinished``: summed with the variants), and per human
        seat by name the finished games it played and won and its unfinished games, the most
        wins first, with its hands in them all (`people_hands`: its contracts, its side's meld
        and tricks a hand), worked out from these few games' rows when read.  Each key says
        what it counts (an unfinished game is no game of the players' win rates, but names
        its people)."""
        hot = "FROM temp.tallies t WHERE t.hot_seat = 1 AND t.problem IS NULL AND (?1 IS NULL OR t.variant = ?1)"
        players = [
            dict(r)
            for r in self._rows(
                "SELECT s.name, COUNT(DISTINCT CASE WHEN g.status = 'finished' THEN s.game_id END)"
                " AS finished_games,"
                " COUNT(DISTINCT CASE WHEN g.status = 'finished' AND g.winner_side = s.side THEN s.game_id END)"
                " AS wins,"
                " COUNT(DISTINCT CASE WHEN g.status != 'finished' THEN s.game_id END) AS unfinished"
                # (CROSS: the few such games first, from their index, then their seats)
                f" FROM (SELECT t.game_id, t.status, t.winner_side {hot}) g CROSS JOIN seats s ON s.game_id = g.game_id"
                " WHERE s.kind = 'human'"
                " GROUP BY s.name ORDER BY wins DESC, finished_games DESC, s.name",
                p,
            )
        ]
        for d in players:
            d["win_percent"] = _percent(d["wins"], d["finished_games"])
            d["unfinished_games"] = d.pop("unfinished")
        # their hands, from the rows of these few games (no tally: it counts sides, not people)
        games = (
            "(SELECT t.game_id, t.scale, t.forfeits, t.people, t.players"
            f" {hot}) r CROSS JOIN seats p ON p.game_id = r.game_id AND p.kind = 'human'"
        )
        played = self._rows(
            f"SELECT p.name, r.scale, COUNT(*) AS hands, SUM({MELD_COUNTED}) AS meld, SUM(s.trick_points) AS tricks"
            f" FROM {games} CROSS JOIN hand_sides s CROSS JOIN hands h"
            " WHERE s.game_id = r.game_id AND s.side = p.side AND h.game_id = s.game_id AND h.hand_no = s.hand_no"
            f" AND h.kind IN ({_counted_kinds()}) AND NOT {sat_out('p.seat')} GROUP BY p.name, r.scale",
            p,
        )
        bids = self._rows(
            "SELECT p.name, COUNT(*) AS bid, SUM(h.outcome = 'made') AS made, SUM(h.outcome = 'set') AS set_,"
            f" SUM(h.outcome = 'thrown_in') AS thrown_in FROM {games} CROSS JOIN hands h"
            f" WHERE h.game_id = r.game_id AND h.bidder = p.seat AND {CONTRACT_PLAYED} GROUP BY p.name",
            p,
        )
        people_hands(players, [dict(r) for r in played], [dict(r) for r in bids])
        return {"finished_games": finished, "unfinished_games": unfinished, "players": players}

    def _won_in_order(self, variant: str | None) -> list[bool]:
        """Whether your side won each finished game with a "your side", by end time (then
        id), oldest first: read in that order from the tallies' index (`TALLY_SCHEMA`), once
        per variant until the file changes (the figures' streaks, then the running win rate)."""
        if self.conn is None:
            return []
        self.check_rows()
        if variant in self.won:
            return self.won[variant]
        with self._errors():
            rows = self.conn.execute(
                "SELECT t.winner_side = t.human_side FROM temp.tallies t WHERE t.status = 'finished'"
                " AND t.human_side IS NOT NULL AND t.problem IS NULL AND (?1 IS NULL OR t.variant = ?1)"
                " ORDER BY t.ended_at, t.game_id",
                (variant,),
            ).fetchall()
        self.won[variant] = [won == 1 for (won,) in rows]
        return self.won[variant]

    def _streaks(self, variant: str | None) -> dict[str, int]:
        """Your side's current and longest run of won games (finished games by end time)."""
        current = longest = 0
        for won in self._won_in_order(variant):
            current = current + 1 if won else 0
            longest = max(longest, current)
        return {"current_streak": current, "longest_streak": longest}

    def running_win_rate(self, variant: str | None = None) -> list[tuple[int, float]]:
        """Your side's win rate (percent) after each finished game, oldest first."""
        out, wins = [], 0
        for n, won in enumerate(self._won_in_order(variant), 1):
            wins += won
            out.append((n, round(100.0 * wins / n, 2)))
        return out


class _Damage(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


PERSON_HANDS = ("hands", "bid", "made", "set", "thrown_in", "average_meld", "average_tricks")
"""What the figures say of each person's hands in the games of people on opposing sides
(`people_hands`)."""


def people_hands(players: list[dict[str, Any]], played: list[dict[str, Any]], bids: list[dict[str, Any]]) -> None:
    """Add to each of ``players`` (one a name, ``name``) the figures of its hands
    (`PERSON_HANDS`): the scored hands it played (not sat out, §0.4.16), the contracts it
    bid and how they ended (made, set, thrown in), and a hand's meld and trick points of
    its side (its meld as it counted, `MELD_COUNTED`: a set side's 0), in points as each
    game's scale shows them (None for no hand).  ``played``: per name and game scale the
    hands, their meld and their trick points summed (whole numbers); ``bids``: per name
    its contracts.  The averages are worked out here from those sums alike wherever they
    come from (the store, a plain recomputation), scale by scale in order of scale."""
    by_name: dict[str, list[dict[str, Any]]] = {}
    for r in sorted(played, key=lambda r: (r["name"], r["scale"])):
        by_name.setdefault(r["name"], []).append(r)
    contracts = {r["name"]: r for r in bids}
    for d in players:
        rows = by_name.get(d["name"], [])
        n = sum(r["hands"] for r in rows)
        c = contracts.get(d["name"]) or {}
        d["hands"] = n
        d["bid"] = c.get("bid") or 0
        d["made"] = c.get("made") or 0
        d["set"] = c.get("set_") or 0
        d["thrown_in"] = c.get("thrown_in") or 0
        for key, col in (("average_meld", "meld"), ("average_tricks", "tricks")):
            d[key] = _avg(sum((r[col] or 0) / (r["scale"] or 1) for r in rows) / n) if n else None


def _percent(part: int | None, whole: int | None) -> float | None:
    return round(100.0 * (part or 0) / whole, 1) if whole else None


def _avg(x: float | None) -> float | None:
    return None if x is None else round(float(x), 2)


def _contracts(r: sqlite3.Row | dict[str, Any] | None) -> dict[str, Any]:
    if r is None:
        return {"bid": 0, "made": 0, "set": 0, "thrown_in": 0, "average_bid": None}
    return {
        "bid": r["bid"],
        "made": r["made"] or 0,
        "set": r["set_"] or 0,
        "thrown_in": r["thrown_in"] or 0,
        "average_bid": _avg(r["average_bid"]),
    }


def _sum_contracts(parts: list[dict[str, Any]]) -> dict[str, int]:
    return {k: sum(int(d[k]) for d in parts) for k in ("bid", "made", "set", "thrown_in")}


PARTNER_KEYS = ("played", "made", "set", "thrown_in")


def partner_contracts(r: dict[str, Any] | None) -> dict[str, int] | None:
    """The contracts your side played as a bidder's called partner (five-hand, §2.12), from
    their sums (``bid``: how many, ``made``, ``set``, ``thrown_in``); None where it played
    none (the line is left out: a form without a called partner, or none called you)."""
    if r is None or not r["bid"]:
        return None
    return {"played": int(r["bid"]), **{k: int(r[k] or 0) for k in ("made", "set", "thrown_in")}}


def sum_partner_contracts(parts: list[dict[str, int] | None]) -> dict[str, int] | None:
    known = [d for d in parts if d is not None]
    return {k: sum(d[k] for d in known) for k in PARTNER_KEYS} if known else None


def checks_figures(games: int | None, won: int | None, lost: int | None) -> dict[str, Any] | None:
    """Your side's people's checks (§9) over ``games`` games that recorded some: collected
    (``won``), paid (``lost``), the difference (``net``) and that a game (``per_game``, two
    decimals); None for no such game."""
    if not games:
        return None
    net = (won or 0) - (lost or 0)
    return {"games": games, "won": won or 0, "lost": lost or 0, "net": net, "per_game": _avg(net / games)}


def sum_checks(parts: list[dict[str, Any] | None]) -> dict[str, Any] | None:
    known = [d for d in parts if d is not None]
    if not known:
        return None
    return checks_figures(*(sum(d[k] for d in known) for k in ("games", "won", "lost")))


# ---------------------------------------------------------------------- the app's recorder


class GameLog:
    """Records one game's finished hands for the app; never raises.

    ``store`` gives the open database (the app's, opened on first use; it may raise).
    `hand_done` is called after every decision and writes only when a hand is over and
    not yet recorded; it returns a one-line notice when something went wrong (the game
    goes on; a damaged database was set aside and a new one begun).

    A hand that cannot be written (the file held by another game's write past
    `BUSY_SECONDS`, a full disk, a read-only file) is kept, in order, and written before
    the next hand and when the game is left; every failed write says which hands wait.
    A hand is never dropped silently."""

    def __init__(self, store: Callable[[], StatsStore], ctrl: Controller, save_name: str | None, started_at: str):
        self.store = store
        self.ctrl = ctrl
        self.save_name = save_name
        self.started_at = started_at
        self.game_id: int | None = None
        self.recorded = 0  # hands 1..recorded are in the database
        self.looked_up = False
        self.pending: list[HandRecord] = []  # finished hands not yet written, oldest first
        self.game: GameRecord | None = None  # the game as of the last hand noted (`note_hand`)

    def hand_done(self) -> str | None:
        """`note_hand`, then `flush`, here and now."""
        self.note_hand()
        return self.flush()

    def note_hand(self) -> bool:
        """Take the hand just over into the waiting hands, read from the game now (the game
        goes on meanwhile: `flush` may run in another thread and never reads the game);
        whether any hand waits."""
        c = self.ctrl
        new = c.round.result is not None and c.hand_no > self.recorded
        if new and all(h.hand_no != c.hand_no for h in self.pending):
            self.game = game_record(c, self.save_name, self.started_at)
            self.pending.append(hand_record(c, now_text()))
        return bool(self.pending)

    def flush(self) -> str | None:
        """Write the waiting hands, oldest first, one transaction each; the notice when
        something went wrong (the hands are kept for the next try)."""
        if not self.pending:
            return None
        notice = None
        for _attempt in range(2):
            try:
                self._write()
                return notice
            except StatsDamaged as exc:  # set aside: the game goes into a new database from this hand
                self.game_id, self.looked_up = None, True
                if notice is not None:
                    return notice
                notice = f"{exc}; a new one is begun from this hand."
            except Exception as exc:  # a full disk, a locked file, anything: kept, the game goes on
                why = " ".join(str(exc).split()) or type(exc).__name__
                waiting = [h.hand_no for h in self.pending]
                which = f"hand {waiting[0]}" if len(waiting) == 1 else "hands " + ", ".join(map(str, waiting))
                failed = (
                    f"Statistics: {which} could not be recorded yet ({why}); kept, it is tried again "
                    "after the next hand and when the game is left."
                )
                return failed if notice is None else f"{notice} {failed}"
        return notice

    def _write(self) -> None:
        """The waiting hands, oldest first, each in its own transaction."""
        c = self.ctrl
        store = self.store()
        if not self.looked_up:
            found = store.find_game(self.save_name, c.seed)
            if found is not None:
                self.game_id, self.recorded = found
                store.set_status(found[0], "playing")
            self.looked_up = True
        game = self.game if self.game is not None else game_record(c, self.save_name, self.started_at)
        while self.pending:
            hand = self.pending[0]
            if hand.hand_no > self.recorded:
                self.game_id = store.record_hand(game, self.game_id, hand)
                self.recorded = hand.hand_no
            self.pending.pop(0)

    def left(self) -> None:
        """The game was left (quit, or a new game): hands still waiting are tried once more,
        and an unfinished game is marked abandoned."""
        if self.pending:
            with contextlib.suppress(Exception):
                self._write()
        if self.game_id is None or self.ctrl.game.over:
            return
        with contextlib.suppress(Exception):
            self.store().set_status(self.game_id, "abandoned")


# ---------------------------------------------------------------------- words


def figures_lines(fig: dict[str, Any], *, damaged: bool = True) -> list[str]:
    """The figures in plain words, a line each, each short enough for an 80-column
    terminal (the command line and the screen); points as the variant's scale shows
    them (`points`).  ``damaged``: first the line saying which games were left out (the
    screen shows it in its notice instead)."""
    first = [visible(fig["damaged"])] if damaged and fig.get("damaged") else []
    g = fig["games"]
    if not g["recorded"]:
        what = f" of {visible(fig['variant'])}" if fig.get("variant") else ""
        return [*first, f"No games yet{what}: statistics are kept from the first hand you finish."]
    out = [*first, f"{_n(g['recorded'], 'game')} recorded: {g['finished']} finished, {g['unfinished']} unfinished."]
    y = fig["your_side"]
    hot = fig.get("hot_seat") or {}
    hot_done, hot_open = hot.get("finished_games", 0), hot.get("unfinished_games", 0)
    if y["games"]:
        out.append(
            f"Your side: won {y['wins']} of {_n(y['games'], 'finished game')} ({y['win_percent']:g}%); "
            f"win streak now {y['current_streak']}, longest {y['longest_streak']}."
        )
    elif hot_done or hot_open:
        out.append("Your side: no finished game with the humans all on one side yet.")
    elif y.get("unfinished"):  # a human seat in a game not finished yet
        out.append("Your side: no finished game yet.")
    else:
        out.append("Your side: no finished game with a human seat yet.")
    if hot_done or hot_open:
        more = f", {hot_open} unfinished" if hot_open else ""
        out.append(f"{PEOPLE_APART.capitalize()}: {hot_done} finished{more}.")
        for h in hot["players"]:
            said = []
            if h["finished_games"]:
                said.append(f"won {h['wins']} of {h['finished_games']} ({h['win_percent']:g}%)")
            if h.get("unfinished_games"):
                said.append(f"{h['unfinished_games']} unfinished")
            out.append(f"  {visible(h['name'])[:30]}: {', '.join(said)}")
            out.extend(_person_hands_words(h, fig))
    c, yc = fig["contracts"], fig["your_contracts"]
    # contracts only where some form has an auction (the stock game's hands have none, §2.7)
    if any(d.get("auction", True) for d in fig["variants"]):
        out.append(f"Contracts, all sides: {_contract_words(c)}.")
        if yc is not None:
            out.append(f"Contracts, your side: {_contract_words(yc)}.")
        else:  # no scored hand had a "your side" (hot-seat opponents, bots only): no figure, not 0
            out.append("Contracts, your side: —")
        if fig.get("partner_contracts"):  # five-hand: another's contract played as its called partner
            out.append(f"Contracts, as called partner: {_partner_words(fig['partner_contracts'])}.")
    if fig.get("your_checks"):
        out.append(f"Your checks: {_checks_words(fig['your_checks'])}.")
    names = [d["variant"] for d in fig["variants"]]
    for d in fig["variants"]:
        scale = d["scale"]
        out.append("")
        # the scale said only to tell apart one name at two scales (a file's variant of
        # another's name): "x10 points" (250 a hand's trick points) or "x1 points" (25)
        twice = f" ({scale} points)" if names.count(d["variant"]) > 1 else ""
        out.append(
            f"{visible(d['variant'])}{twice}: {_n(d['games'], 'game')}, {d['finished']} finished, "
            f"{_n(d['hands'], 'hand')} scored."
        )
        if d["your_games"]:
            out.append(f"  your side: won {d['your_wins']} of {d['your_games']} ({d['your_win_percent']:g}%)")
        elif d.get("hot_seat_finished_games"):
            out.append("  your side: no finished game with the humans all on one side")
        elif d.get("your_unfinished"):
            out.append("  your side: no finished game yet")
        else:
            out.append("  your side: no finished game with a human seat")
        if d.get("hot_seat_finished_games"):
            out.append(f"  {PEOPLE_APART}: {d['hot_seat_finished_games']} finished")
        for label, k in (("all sides", "contracts"), ("your side", "your_contracts")):
            if not d.get("auction", True):  # no auction: no contract, no line of zeros
                break
            cc = d[k]
            if cc is None:
                out.append(f"  contracts, {label}: —")
                continue
            avg = f", average bid {points(cc['average_bid'], scale)}" if cc["average_bid"] is not None else ""
            out.append(f"  contracts, {label}: {_contract_words(cc)}{avg}")
        if d.get("partner_contracts"):
            out.append(f"  contracts, as called partner: {_partner_words(d['partner_contracts'])}")
        if d.get("your_checks"):
            out.append(f"  your checks: {_checks_words(d['your_checks'])}")
        if d["average_meld"] is not None:
            out.append(
                f"  meld per hand: {points(d['average_meld'], scale)} a side, "
                f"your side {points(d['your_average_meld'], scale)}"
            )
            out.append(
                f"  points per hand: {points(d['points_per_hand'], scale)} a side, "
                f"your side {points(d['your_points_per_hand'], scale)}"
            )
    if fig["seat_kinds"]:
        out.append("")
        out.append("Finished games by seat kind:")
        for k in fig["seat_kinds"]:
            out.append(_seat_kind_words(k))
    return out


def _seat_kind_words(k: dict[str, Any]) -> str:
    """A seat kind's games and wins; a game it sat on both sides of (it won it whoever won)
    is no win of its own: its win rate is of the games it sat on one side of."""
    head = f"  {visible(k['kind'])}: {_n(k['games'], 'game')}"
    both = k.get("both_sides") or 0
    if not both:
        return f"{head}, {k['wins']} won ({k['win_percent']:g}%)"
    one = k.get("one_side_games") or 0
    if not one:
        return f"{head}, on both sides of {'it' if both == 1 else 'each'}: no win rate of its own"
    return (
        f"{head}, {both} on both sides; of the other {one}, {k['one_side_wins']} won ({k['one_side_win_percent']:g}%)"
    )


def _your_side_known(d: dict[str, Any]) -> bool:
    """Whether a variant's "your side" figures mean anything: some scored hand had a
    your side (its meld average is None when none did: only hot-seat opponents or bots;
    `StatsStore.figures` then makes its ``your_contracts`` None)."""
    yc = d["your_contracts"]
    return d["your_average_meld"] is not None or (yc is not None and bool(yc["bid"]))


def _contract_words(c: dict[str, Any]) -> str:
    return f"{c['bid']} bid, {c['made']} made, {c['set']} set, {c['thrown_in']} thrown in"


def _partner_words(c: dict[str, Any]) -> str:
    return f"{c['played']} played, {c['made']} made, {c['set']} set, {c['thrown_in']} thrown in"


def _checks_words(c: dict[str, Any]) -> str:
    """``won 23, lost 9 in 2 games: net +14, +7 a game`` (`checks_figures`)."""
    net = f"+{c['net']}" if c["net"] > 0 else str(c["net"])
    per = f"+{c['per_game']:g}" if c["per_game"] > 0 else f"{c['per_game']:g}"
    return f"won {c['won']}, lost {c['lost']} in {_n(c['games'], 'game')}: net {net}, {per} a game"


def _person_hands_words(h: dict[str, Any], fig: dict[str, Any]) -> list[str]:
    """A person's hands under their line (`people_hands`): the contracts they bid, where
    some form counted has an auction, and a hand's meld and tricks of their side, with how
    many hands that is; nothing for a person with no hand scored."""
    if not h.get("hands") and not h.get("bid"):
        return []
    out = []
    if h.get("bid") or any(d.get("auction", True) for d in fig["variants"]):
        out.append(f"    bid {h['bid']}: {h['made']} made, {h['set']} set, {h['thrown_in']} thrown in")
    if h.get("hands"):
        meld, tricks = points(h["average_meld"], ""), points(h["average_tricks"], "")
        out.append(f"    {_n(h['hands'], 'hand')} played: their side's meld {meld} and tricks {tricks} a hand")
    return out


def points(x: float | None, scale: str) -> str:
    """An average of points as the game shows points: whole points in either scale, as its
    scores and bids are (an x1 game's average bid 22.7 read as a figure the game never
    shows; the bidding help's estimate is whole too, `render.worked_out`).
    ``scale`` (``x1`` or ``x10``) is the figures' own: both round alike."""
    if x is None:
        return "—"
    return f"{math.floor(x + 0.5):d}"  # a half goes up, as on paper


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


__all__ = [
    "DB_NAME",
    "SCHEMA_VERSION",
    "GameLog",
    "GameRecord",
    "GameSummary",
    "HandRecord",
    "HandRow",
    "StatsDamaged",
    "StatsError",
    "StatsStore",
    "db_path",
    "figures_lines",
    "game_record",
    "hand_record",
    "local_time",
    "points",
    "set_aside",
]
