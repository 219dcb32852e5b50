"""The unfinished saved games as the lists show them: the new-game screen's offer and
picker (`screens.saves`), ``pinochle saves`` and ``--resume ID`` (`find_save`).  Each
save is read (bounded, `rules.bounded_read`), not replayed.  Apart from `paths` so that the
first table's start never builds what only these lists use."""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from pathlib import Path

from .paths import MAX_SAVE_SIZE, SAVE_FORMAT, open_elsewhere, program, save_files, save_id

BUSY = "open in another pinochle"
"""What the lists say of a saved game another running pinochle has open."""


@dataclass(frozen=True)
class SavedGame:
    """An unfinished saved game as the lists show it (`saved_games`), read, not replayed."""

    path: Path
    variant: str  # the preset's name
    hand: int  # the hand in play, from 1
    scores: str  # the score line the game wrote ("" in a save from before it was written)
    played: float  # when it was last saved (the file's time)
    busy: int | None  # the pid of another running pinochle that has it open
    problem: str | None = None  # why it cannot be resumed, as ``--resume`` says it (a damaged file)
    hand_over: bool | None = None  # the hand is at its result (None: a save that does not say)
    people: str = ""  # who sits, as `who_sits` says it ("Ann, Bob + 2 bots"; "" where not known)

    @property
    def id(self) -> str:
        return save_id(self.path)

    def hand_words(self) -> str:
        """Where the game is: "hand 1 done" (at its result), "in hand 3" (being played), or
        "hand 3" from a save that does not say."""
        if self.hand_over is None:
            return f"hand {self.hand}"
        return f"hand {self.hand} done" if self.hand_over else f"in hand {self.hand}"

    def line(self, scores: bool = True, brief: bool = False) -> str:
        """``partnership, in hand 3, You & North 260, West & East 130, Sat 5 Dec 13:40``
        (without ``scores``: ``partnership, in hand 3, Sat 5 Dec 13:40``; a save that wrote
        no score line says who sits instead, `who_sits`: ``partnership, in hand 3, Ann, Bob
        + 2 bots, ...``, as the score line names every seat: either way a family's game is
        told from one played alone with bots, ``You + 3 bots``); a damaged save
        ``cannot be resumed: the saved game is damaged (not JSON); the file is kept, Sat 5
        Dec 13:40``; one open in another pinochle ends ``open in another pinochle (process
        4242)`` (`BUSY`).  ``brief``: which game it is, no more (``partnership, in hand 3``;
        a damaged one without its time)."""
        when = time.strftime("%a %d %b %H:%M", time.localtime(self.played))
        if self.problem is not None:
            return f"cannot be resumed: {self.problem}; the file is kept" + ("" if brief else f", {when}")
        if brief:
            return f"{self.variant}, {self.hand_words()}"
        parts = [self.variant, self.hand_words(), (self.scores or self.people) if scores else "", when]
        if self.busy is not None:
            parts.append(f"{BUSY} (process {self.busy})")
        return ", ".join(p for p in parts if p)


def who_sits(seats: object) -> str:
    """The seats of a save (``[{"kind": "human" | "bot", "name": ...}, ...]``) as a list of
    saved games says who sits: the people by name, then how many bots ("Ann, Bob + 2
    bots", "You + 3 bots", "Ann, Bob, Mia, Dad"); "" where the save does not say."""
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        return ""
    people = [_printable(str(s.get("name") or "?"), 20) for s in seats if s.get("kind") == "human"]
    bots = sum(1 for s in seats if s.get("kind") == "bot")
    said = ", ".join(people)
    if bots:
        said += f"{' + ' if people else ''}{bots} bot{'' if bots == 1 else 's'}"
    return said


def _printable(text: str, limit: int) -> str:
    """``text`` without control characters, at most ``limit`` of them, ending in "…" where
    it was cut (a cut score line must not read as complete)."""
    shown = "".join(ch for ch in text if ch.isprintable())
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def read_saved_game(p: Path, check: bool = False) -> SavedGame | None:
    """``p`` as a list shows it; None for a finished game, an empty file (a name claimed
    by a game not yet saved) or a file that is not a readable save (``--resume ID`` says
    why of that one).  Bounded like every read (`parse_json`).  ``check``: its fields
    checked too (`save.checked`, the format's model: no replay), one that is wrong listed
    with why it cannot be resumed, as ``--resume`` says it."""
    from rules.bounded_read import parse_json, read_bounded

    try:  # bounded: a FIFO, a huge file or ``[[[[...`` nested 200 KB deep is not a save
        raw = read_bounded(p, MAX_SAVE_SIZE, "a saved game", "a JSON text file")
        if not raw:
            return None
        played = p.stat().st_mtime
        data = parse_json(raw)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or data.get("finished") is not False:
            return None
        name, hands, scores = data["variant"]["name"], data["hands"], data.get("score_line", "")
        over = data.get("hand_over")
        if not isinstance(name, str) or not isinstance(hands, list) or not isinstance(scores, str):
            return None
        if not isinstance(over, bool):
            over = None
    except (OSError, ValueError, KeyError, TypeError):  # FileProblem, TooDeep are ValueErrors
        return None
    if check:
        from .save import SaveError, checked

        try:
            checked(p, data)
        except SaveError as exc:
            return _damaged(p, str(exc), played)
    shown = _printable(scores, 200)
    who = who_sits(data.get("seats"))
    return SavedGame(
        p, _printable(name, 24), max(1, len(hands)), shown, played, open_elsewhere(p), hand_over=over, people=who
    )


def _damaged(p: Path, why: str, played: float) -> SavedGame:
    """``p`` listed as a save that cannot be resumed, with ``why`` (`save.SaveError`'s line,
    less the file's name, which the list shows as its ID)."""
    reason = why.removeprefix(f"{p}: ")
    return SavedGame(p, "", 0, "", played, open_elsewhere(p), problem=_printable(reason, 200))


def _unread(p: Path, prune: bool) -> SavedGame | None:
    """A save file the lists cannot read (`read_saved_game`) as they list it: replayed
    (`save.load_game`), one that cannot be is listed with what ``--resume`` says of it
    (less the file's name, which the list shows as its ID); one that loads is listed by its
    variant and hand, or, its game over (a save left by a crash at the game's end), None,
    and removed where ``prune`` and no other pinochle has it open.  None for an empty file
    (a name a game has claimed and not yet saved) or one gone meanwhile."""
    from .save import SaveError, load_game

    try:
        stat = p.stat()
        if not stat.st_size:
            return None
        ctrl = load_game(p)
    except SaveError as exc:
        return _damaged(p, str(exc), stat.st_mtime)
    except OSError:
        return None
    if ctrl.game.over:
        if prune and open_elsewhere(p) is None:
            with contextlib.suppress(OSError):
                p.unlink()
        return None
    from rules import Phase

    done = ctrl.round.phase is Phase.DONE
    name = _printable(ctrl.variant.name, 24)
    who = who_sits([s.to_json() for s in ctrl.people])
    return SavedGame(p, name, ctrl.hand_no, "", stat.st_mtime, open_elsewhere(p), hand_over=done, people=who)


def saved_games(prune: bool = True, check: bool = True) -> list[SavedGame]:
    """The unfinished saved games, newest first, as ``pinochle saves``, ``--resume`` (the
    first of them, or the one named) and the new-game screen list them.  A damaged file is
    listed in its place too, with why it cannot be resumed (`SavedGame.problem`), and left
    as it is (the list left it out while ``--resume`` took it, the newest, and said it was
    damaged).  ``prune``: a save of a finished game (the game removes its file at the end,
    so one is left only by a crash at that moment), not open anywhere, is removed once its
    replay shows the game over (`_unread`).  ``check``: each save's fields checked
    (`read_saved_game`), a wrong one listed as damaged (without: as its head reads, for a
    first frame that does not wait for the format's model to be built).  `OSError` when
    the data directory cannot be read."""
    out = []
    for p in save_files():
        game = read_saved_game(p, check) or _unread(p, prune)
        if game is not None:
            out.append(game)
    return out


def latest_save() -> Path | None:
    """The saved game ``--resume`` continues: the first that ``pinochle saves`` lists (the
    newest unfinished one, or a damaged one newer than any, which ``--resume`` then
    reports), or None when there is none.

    `SaveError` when the data directory exists but cannot be read (it names the
    directory and the system's reason), so that is never mistaken for "no saved game"."""
    from .paths import data_dir
    from .save import SaveError

    try:
        games = saved_games(prune=False)
        return games[0].path if games else None
    except OSError as exc:
        raise SaveError(f"cannot read the saved games in {data_dir()} ({exc.strerror or exc})") from None


def find_save(key: str) -> Path:
    """The saved game ``--resume ID`` names: its ID (``20261205-134511``, as ``pinochle saves``
    lists it), its file's name, or its number in that list (1 is the newest); `SaveError`
    naming what there is when none matches."""
    from .cli_common import visible
    from .paths import data_dir
    from .save import SaveError

    try:
        games = saved_games(prune=False)
        files = save_files()
    except OSError as exc:
        raise SaveError(f"cannot read the saved games in {data_dir()} ({exc.strerror or exc})") from None
    # a number in the digits 0 to 9, as every whole number the command line reads
    # (`cli_common.whole_number`): str.isdigit also took other scripts' digits (and ``²``,
    # which int() then refused with a traceback)
    if key.isascii() and key.isdigit() and len(key) < 6:
        n = int(key)
        if 1 <= n <= len(games):
            return games[n - 1].path
    for p in files:  # a damaged save is found by its ID too, and --resume says what is wrong
        if key in (save_id(p), p.name, f"game-{key}"):
            return p
    have = ", ".join(g.id for g in games[:5]) + (f" and {len(games) - 5} more" if len(games) > 5 else "")
    shown = visible(key)[:40]
    if not games:
        raise SaveError(f"no saved game {shown!r}: there is no unfinished game (looked in {data_dir()})")
    numbers = "the number 1" if len(games) == 1 else f"a number from 1 to {len(games)}"
    raise SaveError(f"no saved game {shown!r}; give an ID or {numbers} as {program()} saves lists them: {have}")


def delete_save(p: Path) -> None:
    """Remove the saved game at ``p`` (``pinochle saves --delete``, ``d`` in the new-game
    screen's list of them), held meanwhile (`paths.SaveLock`), so that a game another
    running pinochle has open is never removed under it: `SaveError` says so, in one line,
    naming its ID and that pinochle's process, as ``--resume`` refuses it.  A file gone
    meanwhile is no error."""
    from .paths import SaveBusy, SaveLock
    from .save import SaveError

    try:
        lock = SaveLock(p).acquire()
    except SaveBusy as exc:
        raise SaveError(f"{save_id(p)} is open in another pinochle (process {exc.pid}); quit it there first") from None
    try:
        p.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(f"cannot delete {p} ({exc.strerror or exc})") from None
    finally:
        lock.release()
