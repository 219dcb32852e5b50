"""A seeded storm of keys and resizes over every screen of the app, shared by
`test_key_storm` (1,000 keys, in the suite) and `bench/key_storm.py` (100,000).

Keys go straight to the driver in bursts of 1 to 16, as a terminal sends them, with no
frame between the keys of a burst: every key any screen binds (the quit keys included)
and some no screen binds, the keys that move a game on most often.  After a burst, by
chance: a player's move (`_progress`: "play this for me" at the table, on or close on the
other screens, sometimes a look at the tricks, the meld, the help or a hint), a resize
(below 80×24 too; the keys after it arrive before it is drawn), a wait for the bots, or
a frame.  Each app gets at most ``session_keys`` keys; when it ends (a quit, the keys
used up, an exception) the next game of `SESSIONS` starts, in the same data directory (so
"resume" finds the last game saved).  Counted as an exception: whatever the app's run
re-raises (Textual's pilot re-raises the first unhandled exception), a bot or helper
worker that ended in error, and a hang (`StormHang`).
"""

from __future__ import annotations

import asyncio
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from textual import events
from textual.geometry import Size
from textual.worker import Worker, WorkerState
from tui_helpers import VARIANTS, app_for, make_app, preplay

from pinochle_tui.app import PinochleApp
from pinochle_tui.app_main import build_app
from pinochle_tui.cli_common import UsageError
from pinochle_tui.screens.dialogs import (
    ConfirmScreen,
    GameOverScreen,
    HandOffScreen,
    HandResultScreen,
    HelpScreen,
    HintScreen,
    MeldScreen,
    QuitScreen,
    TricksScreen,
)
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.table import TableScreen
from rules import Phase

# keys with their weights: the keys that move a game on come most often, so games reach
# their hand results and their end; every screen's bindings are here, and some keys that
# no screen binds
KEY_WEIGHTS: dict[str, float] = {
    "enter": 14,
    "space": 6,
    "a": 10,
    "left": 3,
    "right": 3,
    "h": 1,
    "l": 1,
    "up": 2,
    "down": 2,
    "k": 1,
    "j": 2,
    "plus": 1,
    "minus": 1,
    "home": 1,
    "end": 1,
    "p": 4,
    "1": 2,
    "2": 2,
    "3": 1,
    "4": 1,
    "5": 1,
    "9": 1,
    "0": 1,
    "i": 2,
    "u": 2,
    "t": 2,
    "m": 2,
    "question_mark": 2,
    "escape": 0.6,
    "tab": 2,
    "shift+tab": 1,
    "q": 0.6,
    "n": 1,
    "y": 1,
    "ctrl+q": 0.4,
    "ctrl+s": 1,
    "f1": 1,
    "backspace": 1,
    "delete": 1,
    "pageup": 1,
    "pagedown": 1,
    "x": 1,
    "e": 1,
    "ctrl+c": 1,
    "ctrl+p": 1.5,  # the command palette, over whatever screen is up (and again while it is open)
}
KEYS = list(KEY_WEIGHTS)
WEIGHTS = list(KEY_WEIGHTS.values())
CHARS = {"space": " ", "question_mark": "?", "plus": "+", "minus": "-", "tab": "\t", "enter": "\r"}

# terminal sizes the storm resizes to: the usual, the narrow and the wide layouts, and
# sizes below 80×24 (where only quitting works)
SIZES = [(80, 24), (100, 36), (120, 40), (140, 50), (79, 24), (80, 23), (60, 20), (100, 30)]


@dataclass(frozen=True)
class Session:
    """A game the storm plays: a factory of the app and the keys a player presses first
    (each followed by the bots' replies), so that every screen is met by construction."""

    label: str
    make: Callable[[], PinochleApp]
    opening: tuple[str, ...] = ()
    # the screens the opening waits for: before its first key, and after its last (on a
    # loaded machine the bots' replies can leave a screen still to go up when they end)
    before: str | None = None
    after: str | None = None


def _target(variant: str) -> int:
    """A fiftieth of the preset's target: the first hand or two reach it, so the storm meets
    the hand result, the game over and a new game."""
    return max(1, VARIANTS[variant].game_target // 50)


def _game(variant: str, seats: str, seed: int) -> Callable[[], PinochleApp]:
    """A new game of ``variant``, with the target of `_target`."""
    return lambda: make_app(variant, seats, seed=seed, target=_target(variant))


def _at(variant: str, seats: str, seed: int, want: Callable[[Any], bool]) -> Callable[[], PinochleApp]:
    """A game of ``variant`` played (by `tui_helpers.preplay`: pass when allowed, the first
    choice, the first card; the bots' own moves) until ``want(controller)``."""
    return lambda: app_for(preplay(variant, seats, seed, want, target=_target(variant)))


def _my_turn(phase: Phase) -> Callable[[Any], bool]:
    return lambda c: c.round.phase is phase and c.is_human(c.round.to_act)


def _tricks_left(n: int) -> Callable[[Any], bool]:
    return lambda c: (
        c.round.phase is Phase.TRICKS and len(c.round.tricks) >= c.variant.tricks_per_hand - n and c.is_human(c.to_act)
    )


ONE = "human,random,random,random"

# the games the storm plays, one after another: the new-game screen; a game at each screen
# and view (the hand result, the game over, the tricks, everyone's meld, a hint, the help,
# the quit dialog) and at each phase the pass-first policy reaches (the two-hand meld after
# a won trick, the draft); hot-seat with two and three humans (the hand-off); resuming the
# game the last app left saved; then new games of each round flow
SESSIONS: list[Session] = [
    Session("new-game screen", lambda: PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)),
    Session(
        "partnership, the hand and the game just over",
        _at("partnership", ONE, 3, lambda c: c.round.phase is Phase.DONE),
        ("enter",),
        before="HandResultScreen",
        after="GameOverScreen",
    ),
    Session("partnership, the tricks of the hand", _at("partnership", ONE, 3, _tricks_left(4)), ("t",)),
    Session("partnership, 3 humans hot-seat", _game("partnership", "human,human,human,random", 3)),
    Session("two-hand, the meld after a won trick", _at("two-hand", "human,random", 4, _my_turn(Phase.DECLARE))),
    Session("partnership, everyone's meld", _at("partnership", ONE, 1, _tricks_left(10)), ("m",)),
    Session("two-hand-draft, the draft", _at("two-hand-draft", "human,random", 8, _my_turn(Phase.DRAFT))),
    Session("partnership, a hint", _at("partnership", ONE, 8, _tricks_left(8)), ("i",)),
    Session("two-hand, 2 humans hot-seat", _game("two-hand", "human,human", 6)),
    Session("partnership, the help", _game("partnership", ONE, 10), ("question_mark",)),
    Session("resume the last game", lambda: build_app(_resume_args())),
    Session("three-hand, the quit dialog", _game("three-hand", "human,random,random", 7), ("ctrl+q",)),
    Session("partnership-kitty", _game("partnership-kitty", ONE, 5)),
    Session("double-deck, 2 humans hot-seat", _game("double-deck", "human,random,human,random", 9)),
    Session("two-hand", _game("two-hand", "human,random", 4)),
    Session("cutthroat", _game("cutthroat", "human,random,random", 10)),
    Session("two-hand-draft", _game("two-hand-draft", "human,random", 8)),
    # the bigger tables, each alone and hot-seat (the hand-off screen under the palette)
    Session("five-hand", _game("five-hand", "human,random,random,random,random", 11)),
    Session("five-hand, 2 humans hot-seat", _game("five-hand", "human,random,human,random,random", 12)),
    Session("six-hand", _game("six-hand", "human,random,random,random,random,random", 13)),
    Session("six-hand, 2 humans hot-seat", _game("six-hand", "human,random,random,human,random,random", 14)),
    Session("eight-hand", _game("eight-hand", ",".join(["human"] + ["random"] * 7), 15)),
    Session("eight-hand, 2 humans hot-seat", _game("eight-hand", ",".join(["human", "random"] * 4), 16)),
    Session("three-hand, 2 humans hot-seat", _game("three-hand", "human,human,random", 17)),
]


def _resume_args() -> Any:
    from tui_helpers import args

    return args(resume=True)


WORKER_TIMEOUT = 30.0  # seconds a bot's or a helper's move may take before it counts as a hang


class StormHang(Exception):
    """The app stopped answering: a worker that does not finish, an app that does not stop."""


@dataclass
class Failure:
    """One exception the storm met: in which session, after how many keys, the last keys."""

    session: str
    key_no: int
    error: str
    recent: list[str]
    where: list[str] = field(default_factory=list)  # the traceback's frames in the app and Textual

    def __str__(self) -> str:
        return (
            f"after {self.key_no} keys in {self.session!r}: {self.error}; the last keys: {' '.join(self.recent)}"
            + "".join(f"\n    {w}" for w in self.where)
        )


def _where(exc: BaseException) -> list[str]:
    """The frames of ``exc``'s traceback in this program and in Textual, innermost last."""
    frames = traceback.extract_tb(exc.__traceback__)
    keep = [f for f in frames if "pinochle_tui" in f.filename or "textual" in f.filename]
    return [f"{f.filename.split('site-packages/')[-1].split('/work/main/')[-1]}:{f.lineno} in {f.name}" for f in keep][
        -12:
    ]


@dataclass
class StormResult:
    keys: int = 0
    resizes: int = 0
    sessions: int = 0
    failures: list[Failure] = field(default_factory=list)
    screens: Counter[str] = field(default_factory=Counter)  # screen name -> times seen (`_observe`)
    # screen name -> times pushed: a dialog a burst opened and closed between looks counts
    opened: Counter[str] = field(default_factory=Counter)
    phases: Counter[str] = field(default_factory=Counter)  # table phase -> times seen
    sent: Counter[str] = field(default_factory=Counter)  # key -> times sent (bursts, openings, moves)
    stuck: int = 0  # tables left waiting for a screen that is gone (`stuck_table`)
    seconds: float = 0.0
    session: str = ""  # the game being played now, and its last keys (for a watchdog)
    recent: list[str] = field(default_factory=list)
    app: Any = None  # the app being played now (for a watchdog's report)

    @property
    def keys_per_exception(self) -> float:
        return self.keys / len(self.failures) if self.failures else float("inf")


def _key_event(key: str) -> events.Key:
    char = CHARS.get(key, key if len(key) == 1 else None)
    return events.Key(key, char)


async def run_storm(
    keys: int,
    seed: int,
    *,
    session_keys: int = 400,
    progress: float = 0.4,
    log: Callable[[str], None] | None = None,
    on_keys: Callable[[int], None] | None = None,
    result: StormResult | None = None,
    sessions: list[Session] | None = None,
) -> StormResult:
    """Send ``keys`` keys (seeded by ``seed``) over `SESSIONS`, at most ``session_keys`` to
    one app before the next starts; after a burst, a player's move (`_progress`) with the
    chance ``progress``.  ``log`` gets a line per exception and per app; ``on_keys`` the
    count of keys sent after each app; ``result`` (if given) is filled as the storm goes, so
    another thread can watch it; ``sessions`` (default `SESSIONS`) the games played.  See the
    module docstring."""
    rng = random.Random(seed)
    # What follows a burst (a resize, a pause for the bots, a frame) and the player's moves
    # are drawn from streams of their own: the keys `_progress` sends depend on the game,
    # which depends on timing, so with one stream the count of resizes over a storm, and
    # the bursts themselves, would vary from run to run.  So the bursts are the seed's
    # alone: each run sends the same bursts in the same order, as many as its keys allow
    # (the keys sent: `StormResult.sent`).
    after = random.Random(f"{seed}-after")
    moves = random.Random(f"{seed}-moves")
    res = StormResult() if result is None else result
    start = time.perf_counter()
    k = 0
    while res.keys < keys:
        plays = SESSIONS if sessions is None else sessions
        session = plays[k % len(plays)]
        k += 1
        try:
            app = session.make()
        except UsageError:  # "resume" with nothing saved: the flags are refused, go on
            continue
        res.sessions += 1
        await _session(app, session, min(keys, res.keys + session_keys), progress, (rng, after, moves), res, log)
        if on_keys is not None:
            on_keys(res.keys)
    res.seconds = time.perf_counter() - start
    return res


async def _session(
    app: PinochleApp,
    session: Session,
    until: int,
    progress: float,
    rngs: tuple[random.Random, random.Random, random.Random],
    res: StormResult,
    log: Callable[[str], None] | None,
) -> None:
    """One app run: the session's opening keys, then bursts until the app ends or ``until``
    keys have been sent.  ``rngs``: the bursts' stream, the stream of what follows a burst
    and the player's moves' stream."""
    rng, after, moves = rngs
    label = session.label
    recent: list[str] = []
    worker_errors: list[str] = []
    res.session, res.recent, res.app = label, recent, app
    looked: set[str] = set()  # the looks `_progress` took in this app

    def note(what: str) -> None:
        recent.append(what)
        del recent[:-24]
        if not what.startswith("resize:"):
            res.sent[what.strip("[]")] += 1

    def hook(message: Any) -> None:
        if isinstance(message, Worker.StateChanged) and message.state is WorkerState.ERROR:
            worker_errors.append(f"worker {message.worker.name!r}: {message.worker.error!r}")

    push_screen = app.push_screen

    def pushed(screen: Any, *args: Any, **kwargs: Any) -> Any:
        res.opened[type(screen).__name__ if not isinstance(screen, str) else screen] += 1
        return push_screen(screen, *args, **kwargs)

    app.push_screen = pushed  # type: ignore[method-assign]
    first = res.keys
    try:
        async with app.run_test(size=SIZES[0], message_hook=hook) as pilot:
            await _let_bots_move(pilot)
            await _screen_up(app, session.before)
            _observe(app, res)
            for key in session.opening:
                app._driver.send_message(_key_event(key))  # type: ignore[union-attr]
                note(f"[{key}]")
                res.keys += 1
                await _let_bots_move(pilot)
            await _screen_up(app, session.after)
            _observe(app, res)
            while res.keys < until and app.return_code is None and not worker_errors:
                _observe(app, res)
                burst = rng.choices(KEYS, WEIGHTS, k=rng.randint(1, 16))
                if rng.random() < 0.1:  # an Enter burst (a held key), often just after the palette opens
                    burst += (["ctrl+p"] if rng.random() < 0.5 else []) + ["enter"] * rng.randint(2, 6)
                for key in burst:
                    app._driver.send_message(_key_event(key))  # type: ignore[union-attr]
                    note(key)
                    res.keys += 1
                if rng.random() < progress:  # a player's move between the mashing: games reach their end
                    res.keys += await _progress(pilot, moves, note, looked)
                    _observe(app, res)
                roll = after.random()
                if roll < 0.08:
                    w, h = after.choice(SIZES)
                    _resize(app, w, h)
                    note(f"resize:{w}x{h}")
                    res.resizes += 1
                elif roll < 0.13:
                    await _let_bots_move(pilot)
                elif roll < 0.30:
                    await asyncio.sleep(0.02)  # about a frame: the screen draws
            if app.return_code is None:
                await _let_bots_move(pilot)
                stuck = stuck_table(app)
                if stuck:
                    res.stuck += 1
                    res.failures.append(Failure(label, res.keys, stuck, list(recent)))
                    if log:
                        log(f"stuck {res.failures[-1]}")
                app.exit()
            await _until_stopped(app)
    except Exception as exc:
        res.failures.append(Failure(label, res.keys, f"{type(exc).__name__}: {exc}", list(recent), _where(exc)))
        if log:
            log(f"exception {res.failures[-1]}")
    for err in worker_errors:
        res.failures.append(Failure(label, res.keys, err, list(recent)))
        if log:
            log(f"exception {res.failures[-1]}")
    if log:
        log(f"session {label!r}: {res.keys - first} keys")


def stuck_table(app: PinochleApp) -> str:
    """Why the table is stuck, or "": at the table's top, it waits for a hot-seat hand-off
    (or a hand result) whose screen is gone from the stack, so no key can go on."""
    screen = app.screen
    if not isinstance(screen, TableScreen) or not screen.live:
        return ""
    if getattr(screen, "_handoff_open", False) and not any(isinstance(s, HandOffScreen) for s in app.screen_stack):
        return "stuck: the table waits for a hand-off no screen offers"
    return ""


def _observe(app: PinochleApp, res: StormResult) -> None:
    """Count the screen showing now (at the table: its phase, and the meld view or a hint)."""
    screen = app.screen
    res.screens[type(screen).__name__] += 1
    if isinstance(screen, TableScreen) and screen.live:
        res.phases[screen.ctrl.round.phase.name] += 1
    if isinstance(screen, MeldScreen):  # the table's overlays
        res.screens["TableScreen: everyone's meld (m)"] += 1
    if isinstance(screen, HintScreen):
        res.screens["TableScreen: a hint (i)"] += 1


def _resize(app: PinochleApp, width: int, height: int) -> None:
    """The terminal resized, as the driver reports it (what `Pilot.resize_terminal` does,
    without its wait for the CPU to idle: the keys after it arrive before it is drawn)."""
    size = Size(width, height)
    app._driver._size = size  # type: ignore[union-attr]
    app.post_message(events.Resize(size, size))


# the key a player who knows the keys presses on each screen other than the table
MOVE_KEYS: dict[type, str] = {
    HandOffScreen: "enter",
    HandResultScreen: "enter",
    GameOverScreen: "n",
    NewGameScreen: "ctrl+s",
    HelpScreen: "escape",
    TricksScreen: "escape",
    MeldScreen: "escape",
    HintScreen: "escape",
    ConfirmScreen: "y",
    QuitScreen: "n",
}


async def _progress(pilot: Any, rng: random.Random, note: Callable[[str], None], looked: set[str]) -> int:
    """One move of a player who knows the keys, then the bots' replies.  At the table:
    "play this for me" (which also goes on past the meld and the finished hand), or a look
    (the tricks, everyone's meld, the help or a hint, whichever the table has): half the
    time one not taken yet in this app (``looked``), else one time in five any.  On the
    other screens: on, new game, close or stay.  The number of keys it pressed."""
    app = pilot.app
    screen = app.screen
    key = MOVE_KEYS.get(type(screen))
    if isinstance(screen, TableScreen) and screen.live:
        looks = ["question_mark", "i"]
        if screen.ctrl.round.tricks:
            looks.append("t")
        if screen.the_view().melds is not None:
            looks.append("m")
        new = [k for k in looks if k not in looked]
        if new and rng.random() < 0.5:
            key = new[0]
        elif rng.random() < 1 / 5:
            key = rng.choice(looks)
        else:
            key = "a"
        looked.add(key)
    if key is None:
        return 0
    app._driver.send_message(_key_event(key))
    note(f"[{key}]")
    await _let_bots_move(pilot)
    return 1


async def _screen_up(app: PinochleApp, name: str | None, within: float = 10.0) -> None:
    """Wait (at most ``within`` seconds) until the screen named ``name`` is on top."""
    end = time.monotonic() + within
    while name is not None and type(app.screen).__name__ != name and time.monotonic() < end:
        await asyncio.sleep(0.02)


async def _let_bots_move(pilot: Any) -> None:
    """Wait until the bots' (and helpers') workers are done and the app has drawn, as a
    slower typist would.  A worker's error is counted by the session's hook; a cancelled
    worker (its screen closed) is no error; one running past `WORKER_TIMEOUT` is a hang."""
    app = pilot.app
    idle = 0
    for _ in range(200):
        await asyncio.sleep(0.01)
        if app.return_code is not None:
            return
        busy = [w for w in app.workers if not w.is_finished]
        if busy:
            idle = 0
            try:
                await asyncio.wait_for(
                    asyncio.gather(*(w.wait() for w in busy), return_exceptions=True), WORKER_TIMEOUT
                )
            except TimeoutError:
                raise StormHang(f"workers still running after {WORKER_TIMEOUT:g} s: {busy}") from None
            continue
        idle += 1
        if idle >= 3:
            return


async def _until_stopped(app: PinochleApp) -> None:
    """Let the app's message loop finish (every key already sent included) before the
    pilot shuts the app down, in the order a real run has: Textual's `run_test` prunes
    the screens as soon as its block ends, while the app may still be working through
    queued keys, so a key could meet an empty screen stack inside Textual itself (in
    `App._check_bindings`), which a real run never does: there the shutdown follows the
    end of the loop."""
    for _ in range(1000):
        if not app.is_running:
            return
        await asyncio.sleep(0.005)
    raise StormHang("the app did not stop within 5 s of exiting")
