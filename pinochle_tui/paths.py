"""Where settings and saved games live, and atomic writes (DESIGN.md "pinochle_tui/").

The user config/data directories come from platformdirs; ``PINOCHLE_HOME`` (used by the
tests) puts both under one directory instead: ``$PINOCHLE_HOME/config`` and ``/data``.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import stat
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

APP_NAME = "pinochle-tui"

# An atomic write's temp file is ".<name>.<random>.tmp" beside <name> (`atomic_write`).
# The names this program writes: saved games (`save.new_save_path`) in the data directory,
# settings.json and its kept broken copy settings.json.bad, and your house rules'
# variants.toml (`house_presets`), in the config directory.
_SAVE_TEMP = re.compile(r"\.game-\d{8}-\d{6}(?:-\d+)?\.json\.[A-Za-z0-9_]+\.tmp")
_SETTINGS_TEMP = re.compile(r"\.(?:settings\.json(?:\.bad)?|variants\.toml)\.[A-Za-z0-9_]+\.tmp")
STALE_TEMP_SECONDS = 60.0


def program() -> str:
    """The command that runs this pinochle, as every line that tells the player a command
    gives it (the line left on quitting, the quit question, the help, the lines to join a
    hosted table with, ``pinochle saves``): ``pinochle`` when that is what was run or what
    the PATH finds as this one, else the program as it was run (``.venv/bin/pinochle`` in a
    clone whose venv is not on the PATH, as the README's set-up leaves it)."""
    import shutil
    import sys

    run = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if os.path.basename(run) != "pinochle" or os.sep not in run:
        return "pinochle"  # (run as `pinochle`, or not by its script: python -m, a test)
    found = shutil.which("pinochle")
    if found and os.path.realpath(found) == os.path.realpath(run):
        return "pinochle"
    return run


def config_dir() -> Path:
    home = os.environ.get("PINOCHLE_HOME")
    if home:
        return Path(home) / "config"
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    home = os.environ.get("PINOCHLE_HOME")
    if home:
        return Path(home) / "data"
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def atomic_write(path: Path, content: str | bytes) -> None:
    """Write ``content`` to ``path`` so that a crash leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(content.encode("utf-8") if isinstance(content, str) else content)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def clean_stale_temps(now: float | None = None, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove the temp files that interrupted atomic writes left behind; the ones removed.

    Only this program's own names (a saved game's temp file in the data directory, a
    settings temp file in the config directory), only regular files, and only files not
    touched for ``older_than`` seconds, so another running copy's write in flight stays.
    Anything that cannot be listed or removed is left as it is.
    """
    now = time.time() if now is None else now
    removed = []
    for folder, pattern in ((data_dir(), _SAVE_TEMP), (config_dir(), _SETTINGS_TEMP)):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not pattern.fullmatch(entry.name):
                continue
            try:
                st = entry.stat(follow_symlinks=False)
                if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < older_than:
                    continue
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(Path(entry.path))
    removed += _drop_dead_claims(now, older_than)
    return removed


def _drop_dead_claims(now: float, older_than: float) -> list[Path]:
    """Remove the saved games' names claimed (`claim_save_path`: an empty file, held) by a
    pinochle that ended before its first save, ``kill -9`` or a crash at its start: the empty
    file with the lock beside it; the ones removed.  No game was ever written there, so no
    list showed them, but they were left for good.  Only files empty and not touched for
    ``older_than`` seconds, that no live process holds (taken over as `SaveLock` takes a
    dead holder's lock, so one another pinochle takes meanwhile stays)."""
    removed = []
    try:
        entries = list(os.scandir(data_dir()))
    except OSError:
        return []
    for entry in entries:
        if not _SAVE_NAME.fullmatch(entry.name):
            continue
        path = Path(entry.path)
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or st.st_size or now - st.st_mtime < older_than or _held_by_anyone(path):
                continue
            lock = SaveLock(path).acquire()
        except (OSError, SaveBusy):
            continue
        if lock.held:
            lock.release()  # (a save still empty goes with its lock)
        if not path.exists():
            removed.append(path)
    return removed


SAVE_FORMAT = "pinochle-tui-save"  # a saved game's "format" (`save`)
MAX_SAVE_SIZE = 16 * 1024 * 1024  # far above any game's save; a bigger file is not one


# ---------------------------------------------------------------------- saved games: names and locks

_SAVE_NAME = re.compile(r"game-(\d{8}-\d{6}(?:-\d+)?)\.json")


def claim_save_path(folder: Path | None = None, now: float | None = None) -> Path:
    """A new saved game's file, created empty and exclusively (``O_EXCL``) under a name no
    other game has: ``game-<date>-<time>.json``, then ``-1``, ``-2``, ... when that is
    taken.  Two games begun in the same second get two files (they shared one: each wrote
    over the other, and the first to finish removed it).  The game writes over the empty
    file (`atomic_write`) with its first save; a listing skips an empty one.  When the data
    directory cannot be written, the first name is returned unclaimed: saving says why."""
    base = data_dir() if folder is None else folder
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    with contextlib.suppress(OSError):
        base.mkdir(parents=True, exist_ok=True)
    for k in range(10_000):
        p = base / f"game-{stamp}{'-' + str(k) if k else ''}.json"
        try:
            fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o644)
        except FileExistsError:
            continue
        except OSError:
            return p
        os.close(fd)
        with contextlib.suppress(SaveBusy):  # held at once: a list never takes it for a damaged save
            SaveLock(p).acquire()
        return p
    return base / f"game-{stamp}-{os.getpid()}.json"


def is_save_name(name: str) -> bool:
    """Whether ``name`` is a saved game's file name as `claim_save_path` makes them."""
    return _SAVE_NAME.fullmatch(name) is not None


def save_id(path: Path) -> str:
    """What ``pinochle saves`` and ``--resume ID`` call a saved game: its file's date and
    time, ``20261205-134511`` (``-1`` ... after it for a second game of that second)."""
    m = _SAVE_NAME.fullmatch(path.name)
    return m.group(1) if m else path.stem


STAMP = "%Y-%m-%dT%H:%M:%SZ"
"""How the statistics write a time: UTC, ``2026-12-05T13:45:11Z`` (`stats.now_text`)."""


def save_started_at(path: Path) -> str | None:
    """When the game saved at ``path`` began, as the statistics write times (`STAMP`): its
    file's name is the local date and time `claim_save_path` claimed it at; None for
    another name."""
    m = _SAVE_NAME.fullmatch(path.name)
    if m is None:
        return None
    try:
        began = time.mktime(time.strptime(m.group(1)[:15], "%Y%m%d-%H%M%S"))
    except (ValueError, OverflowError):
        return None
    return time.strftime(STAMP, time.gmtime(began))


def _start_time(pid: int) -> str:
    """When process ``pid`` began, as the system counts it (Linux: /proc); "" where that
    cannot be known.  With the pid it tells a live holder of a lock from a new process
    that was given the pid of a killed one."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        return fields[19].decode()
    except (OSError, IndexError, UnicodeDecodeError):
        return ""


def _alive(pid: int, started: str) -> bool:
    if pid <= 0:
        return False
    if pid == os.getpid():
        return started in ("", _start_time(pid))
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's live process
        return True
    except OSError:
        return False
    return not started or started == _start_time(pid)


class LockBusy(Exception):
    """The file is held (`FileLock`) by another running pinochle; ``pid`` is that one's."""

    def __init__(self, path: Path, pid: int) -> None:
        super().__init__(f"{path.name} is held by another pinochle (process {pid})")
        self.path = path
        self.pid = pid


class SaveBusy(LockBusy):
    """The saved game is open in another running pinochle; ``pid`` is that one's."""

    def __init__(self, path: Path, pid: int) -> None:
        super().__init__(path, pid)
        self.args = (f"{path.name} is open in another pinochle (process {pid}); finish or quit it there first",)


MAKING_SECONDS = 2.0
"""A lock file younger than this that names no holder is being made (`FileLock.acquire`
creates it, then writes its process in it): held, not stale.  One older was left by a
process killed between the two, and is taken over."""

MAKING_TRIES = 200
"""How many times `FileLock.acquire` looks again at a lock being made (1 ms apart) or
taken over, before it says the file is busy."""


def _same_file(path: Path, found: os.stat_result) -> bool:
    try:
        now = os.stat(path)
    except OSError:
        return False
    return (now.st_dev, now.st_ino, now.st_mtime_ns) == (found.st_dev, found.st_ino, found.st_mtime_ns)


def _being_made(lock: Path) -> bool:
    try:
        return time.time() - lock.stat().st_mtime < MAKING_SECONDS
    except OSError:
        return False


class FileLock:
    """A file held by this process, so that no other pinochle has it at the same time.

    The lock is a file beside it, ``<file>.lock``, created exclusively (``O_EXCL``),
    holding this process's id and its start time.  It is portable (no ``fcntl`` or
    ``msvcrt``): a process killed with the lock held cannot leave it stuck, because the
    next one to want the file finds that process gone (or its id given to another
    process, which began at another time) and takes the lock over.  `release` removes it;
    so does the end of the process (`atexit`).  A saved game is held for as long as it is
    played (`SaveLock`); settings.json for the moment of a write (`held_to_write`)."""

    busy: type[LockBusy] = LockBusy  # what `acquire` raises

    def __init__(self, path: Path) -> None:
        self.save = path
        self.path = path.with_name(path.name + ".lock")
        self.held = False

    @staticmethod
    def holder(lock: Path) -> tuple[int, str] | None:
        """The pid and start time written in ``lock``; None for none or an unreadable one."""
        try:
            with open(lock, "rb") as fh:
                words = fh.read(200).decode("ascii", "replace").split()
            return int(words[0]), (words[1] if len(words) > 1 else "")
        except (OSError, ValueError, IndexError):
            return None

    def acquire(self) -> FileLock:
        """Hold the file; `busy` when a live process holds it.  A lock whose holder is
        gone is taken over: moved aside under a name of this process's own (one process
        only can move it), checked to be the stale one, then made anew."""
        me = f"{os.getpid()} {_start_time(os.getpid())}\n".encode()
        for _ in range(MAKING_TRIES):
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o644)
            except FileExistsError:
                try:
                    found = os.stat(self.path)  # (the lock looked at: the one taken over, or none)
                except OSError:
                    continue
                held = self.holder(self.path)
                if held is None and _being_made(self.path):
                    time.sleep(0.001)  # created a moment ago, its holder not yet written in it
                    continue
                if held is not None and _alive(*held):
                    if held[0] == os.getpid():
                        self.held = True  # this process holds it already
                        return self
                    raise self.busy(self.save, held[0]) from None
                aside = self.path.with_name(f"{self.path.name}.{os.getpid()}.stale")
                try:
                    os.replace(self.path, aside)
                except OSError:
                    continue
                if not _same_file(aside, found):  # another process's new lock, moved by mistake: back
                    with contextlib.suppress(OSError):
                        os.link(aside, self.path)
                with contextlib.suppress(OSError):
                    os.unlink(aside)
                continue
            except OSError:
                return self  # the directory cannot be written: nothing to hold (writing says why)
            with os.fdopen(fd, "wb") as fh:
                fh.write(me)
            self.held = True
            _HELD.add(self)
            return self
        held = self.holder(self.path)
        raise self.busy(self.save, held[0] if held else 0)

    def release(self) -> None:
        """Let the file go."""
        if self.held:
            self.held = False
            _HELD.discard(self)
            held = self.holder(self.path)
            if held is not None and held[0] == os.getpid():
                self._letting_go()
                with contextlib.suppress(OSError):
                    os.unlink(self.path)

    def _letting_go(self) -> None:
        """What goes with the lock, while it is still held."""


class SaveLock(FileLock):
    """A saved game held by this process for as long as it plays it, so a second terminal
    cannot play it too (`FileLock`)."""

    busy = SaveBusy

    def acquire(self) -> SaveLock:
        """Hold the save; `SaveBusy` when a live process holds it (`FileLock.acquire`)."""
        super().acquire()
        return self

    def _letting_go(self) -> None:
        """A save still empty (its game left before its first save) is removed with the lock,
        so no empty claimed name is left behind."""
        with contextlib.suppress(OSError):
            if self.save.stat().st_size == 0:
                self.save.unlink()


WRITE_WAIT = 2.0
"""Seconds `held_to_write` waits for another pinochle's write of the same file to end (a
write holds it for milliseconds)."""

_WRITING: dict[Path, threading.Lock] = {}
_WRITING_LOCK = threading.Lock()


@contextlib.contextmanager
def held_to_write(path: Path, wait: float | None = None) -> Iterator[None]:
    """Hold ``path`` for a read, change and write of it, against every other pinochle
    (`FileLock`) and every other thread of this one; `LockBusy` when it is not had within
    ``wait`` seconds (None: `WRITE_WAIT`).  Read and written by two at once, the one written
    last put back what the other had read, and the other's change was lost."""
    wait = WRITE_WAIT if wait is None else wait
    with _WRITING_LOCK:
        mine = _WRITING.setdefault(path, threading.Lock())
    end = time.monotonic() + wait
    if not mine.acquire(timeout=wait):
        raise LockBusy(path, os.getpid())
    try:
        lock = FileLock(path)
        while True:
            try:
                lock.acquire()
                break
            except LockBusy:
                if time.monotonic() >= end:
                    raise
                time.sleep(0.005)
        try:
            yield
        finally:
            lock.release()
    finally:
        mine.release()


_HELD: set[FileLock] = set()


def release_all_saves() -> None:
    """Let go every file this process holds (`FileLock`: its saves; at its end)."""
    for lock in list(_HELD):
        lock.release()


atexit.register(release_all_saves)


def _held_by_anyone(path: Path) -> bool:
    held = SaveLock.holder(path.with_name(path.name + ".lock"))
    return held is not None and _alive(*held)


def open_elsewhere(path: Path) -> int | None:
    """The pid of another live pinochle that has the saved game at ``path`` open, or None."""
    held = SaveLock.holder(path.with_name(path.name + ".lock"))
    if held is None or held[0] == os.getpid() or not _alive(*held):
        return None
    return held[0]


def save_files() -> list[Path]:
    """Every saved game's file in the data directory, newest first (by the time each was
    last written); `OSError` when the directory exists but cannot be read."""
    folder = data_dir()
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return []
    found = []
    for entry in entries:
        if not _SAVE_NAME.fullmatch(entry.name):
            continue
        try:
            if entry.is_file():
                st = entry.stat()
                # an empty file held by a running pinochle: a name claimed by a game not saved
                # yet; one held by none is a damaged save (``--resume`` says so)
                if st.st_size or not _held_by_anyone(folder / entry.name):
                    found.append((st.st_mtime, entry.name))
        except OSError:
            continue
    return [folder / name for _, name in sorted(found, reverse=True)]
