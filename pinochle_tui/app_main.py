"""`pinochle` with no subcommand: check the flags, then open the app.

Every bad flag is one line and exit code 2 (`UsageError`) before any screen opens.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
from collections.abc import Mapping
from typing import Any

from .cli_common import (
    DELAY,
    LEAVING_SIGNALS,
    OUT_OF_RANGE,
    SECONDS_EXAMPLE,
    TARGET,
    UsageError,
    load_variant_set,
    no_expert,
    number_refusal,
    pick_variant,
    visible,
)
from .seating import NAME_MAX
from .spelling import did_you_mean, nearest


def _levels() -> tuple[str, ...]:
    import bots

    return tuple(bots.LEVELS)


def parse_seats(
    text: str, players: int, variant_name: str, *, hosted: bool = False, variants: Mapping[str, Any] | None = None
) -> list[str]:
    """``human,standard,...`` (``human:Ann`` names a seat) checked against the variant:
    each seat's kind first (an unknown one is named, with the kinds allowed), then how many.
    ``hosted``: the seats of `pinochle host`, whose remote seats its caller has made
    ``human:NAME`` already; they are among the kinds a refusal names.  ``variants``: the
    presets, the first for as many people as were given named in the refusal of their
    number (three names for partnership's four seats: the family may have meant three-hand)."""
    items = [s.strip() for s in text.split(",")]
    allowed = seat_kinds_allowed(hosted)
    if not any(items):  # ``--seats ""``: no seat at all (it played the default seats)
        raise UsageError(
            f"--seats: no seat given; {variant_name} has {players} seats: give {players}, comma separated, "
            f"each one of: {allowed}"
        )
    if not hosted:
        refuse_remote_seats(items, variant_name)
    out = [seat_kind(item, i, hosted=hosted) for i, item in enumerate(items)]
    if len(items) != players:
        fits = next((name for name, v in (variants or {}).items() if v.people == len(items)), None)
        other = f"; or, for {len(items)} players, --variant {fits}" if fits else ""
        raise UsageError(
            f"--seats: {variant_name} has {players} seats, got {len(items)}; "
            f"give {players}, comma separated, each one of: {allowed}{other}"
        )
    return out


def is_remote_seat(item: str) -> bool:
    """``item`` of ``--seats`` is a remote seat (``remote``, ``remote:Bob``) or one
    misspelt (``Remot``): `spelling.nearest` of every seat's kind is remote."""
    given = item.partition(":")[0].strip()
    if not given or given.lower() in ("human", "bot", *_levels()):
        return False
    return nearest(given, ["human", "bot", *_levels(), "remote"]) == "remote"


def refuse_remote_seats(items: list[str], variant_name: str) -> None:
    """Refuse the game's ``--seats`` (``items``, for ``variant_name``) where one is a remote seat
    (`is_remote_seat`): a seat for a friend at another terminal is `pinochle host`'s, and
    the refusal says so with the command to run instead: the variant (where not the
    default), the seats as given, a misspelt kind spelt right (it said "unknown seat
    'remote'", as if there were no such seat)."""
    import shlex

    from .paths import program

    first = next((item for item in items if is_remote_seat(item)), None)
    if first is None:
        return
    given = first.partition(":")[0].strip()
    guess = "" if given.lower() == "remote" else " (did you mean remote?)"
    fixed = ",".join(
        "remote" + item.partition(":")[1] + item.partition(":")[2] if is_remote_seat(item) else item for item in items
    )
    variant = "" if variant_name == "partnership" else f" --variant {shlex.quote(variant_name)}"
    raise UsageError(
        f"--seats: {given!r}{guess}: remote seats are for {program()} host{variant} --seats {shlex.quote(fixed)} "
        "(friends join "
        f"from their own terminals); here each seat is one of: {seat_kinds_allowed(False)}"
    )


def seat_kinds_allowed(hosted: bool) -> str:
    """The seats' kinds as a refusal of ``--seats`` lists them (``hosted``: `pinochle host`'s)."""
    people = "human[:NAME], remote[:NAME], " if hosted else "human, human:NAME, "
    return people + ", ".join(_levels()) + " (bot levels; LEVEL:NAME names a bot)"


def seat_kind(item: str, i: int, *, hosted: bool = False) -> str:
    """Seat ``i``'s ``item`` of ``--seats`` (``human:Ann``, ``Expert``) as the game
    takes it: its kind in lower case (``Human``, ``EXPERT``: in any case, as every name the
    options take), then ``:NAME`` where one is given.  A
    `UsageError` names an empty seat, an empty name after a colon, a kind that is none (with
    the one it misspells: `spelling.did_you_mean`; ``hosted``: remote is one of them) and a
    name too long."""
    levels = _levels()
    given, colon, name = item.partition(":")
    kind = given.strip().lower()
    if not kind:
        raise UsageError(f"--seats: seat {i + 1} is empty; each seat is one of: {seat_kinds_allowed(hosted)}")
    if colon and not name.strip():  # ``human:``: a name promised and not given
        raise UsageError(
            f"--seats: seat {i + 1} ({item!r}) has an empty name; give a name after the colon, "
            f"or {kind} alone for the default one"
        )
    if kind != "human" and kind not in levels:
        # a bot seat is its level, as the README's seat list and simulate's --seats have it
        # (a bare ``bot`` took the default level without a word)
        kinds = ["human", *(["remote"] if hosted else []), *levels]
        guess = " (a bot seat is given by its level)" if kind == "bot" else did_you_mean(kind, kinds)
        raise UsageError(
            f"--seats: unknown seat {given.strip()!r}{guess}; each seat is one of: {seat_kinds_allowed(hosted)}"
        )
    if len(name.strip()) > NAME_MAX:
        raise UsageError(name_too_long(name.strip()))
    return f"{kind}:{name.strip()}" if name.strip() else kind


def name_too_long(name: str) -> str:
    """The refusal of a seat's ``name`` longer than `seating.NAME_MAX`, in one line."""
    return f"--seats: the name {name!r} is {len(name)} characters; a seat's name is at most {NAME_MAX}"


def check_delay(value: float | None, flag: str) -> float | None:
    if value is None:
        return None
    if not math.isfinite(value) or value < 0 or value > 10:
        raise UsageError(f"{flag}: {number_refusal(f'{value:g}', OUT_OF_RANGE, DELAY.allowed, SECONDS_EXAMPLE)}")
    return value


def run_app(args: argparse.Namespace, *, need_terminal: bool = False) -> int:
    """Validate the flags, build the game (or resume it), run the app; the exit code.
    ``need_terminal`` (``pinochle`` itself): refuse without a terminal once the flags are
    checked (`require_terminal`)."""
    app = build_app(args, need_terminal=True) if need_terminal else build_app(args)
    app.settle_heap_when_shown = True  # the collector stays off to the first frame (`PinochleApp.on_mount`)
    return run_on_its_loop(app, leave=need_terminal and _on_a_terminal())


def run_on_its_loop(app: Any, *, leave: bool) -> int:
    """Run ``app`` on an event loop of its own; its exit code (a crash: 1).  ``leave``: once
    it has closed, end the process at once when a search still runs (`leave_now`).

    Textual's run without a loop is asyncio.run, which at its end waits for every thread
    worker; an expert's search (up to 10 s) held the exit that long, the terminal blank,
    before `leave_now` could end it (8 s from y to the shell at --think 10).  ``pinochle``,
    ``pinochle host`` and ``pinochle join`` all run their app here.  The loop takes the
    leaving signals while it runs (`leave_on_signals`); the handlers there were before (the
    start-up's `cli_common.Leaving`) are put back once it is closed."""
    import asyncio
    import signal

    before = {n: signal.getsignal(n) for n in _leaving_signums()}
    loop = asyncio.new_event_loop()
    try:
        leave_on_signals(app, loop)
        result = app.run(loop=loop)
        code = int(app.return_code) if getattr(app, "return_code", None) else int(result or 0)
        if leave:
            with contextlib.suppress(Exception):  # the hands still waiting written first (`GameLog.left`)
                app.leave_stats_game()
            if getattr(app, "farewell_line", "") and not served_to_a_browser():
                # how to come back, kept in the terminal (`PinochleApp.farewell`); a browser
                # tab has none: its output is the web driver's packets, and the page a new join
                with contextlib.suppress(OSError):  # (a terminal closed: nobody to read it)
                    print(app.farewell_line)
            leave_now(code)
    finally:
        loop.close()  # (its threads not waited for: the process's own exit does, or leave_now ended it)
        with contextlib.suppress(ValueError):  # (not the main thread: none was taken)
            for signum, handler in before.items():
                if handler is not None:
                    signal.signal(signum, handler)
    return code


def _leaving_signums() -> list[int]:
    import signal

    return [n for n in (getattr(signal, name, None) for name in LEAVING_SIGNALS) if n is not None]


def leave_on_signals(app: Any, loop: Any) -> None:
    """Have ``app`` running on ``loop`` leave on each of `LEAVING_SIGNALS` by its own quit
    (`PinochleApp.leave_on_signal`).  One that comes while the loop runs and the app does
    not (before its start, at its end) ends the app with the signal's exit code (128 + its
    number) without a start: it ended the process at once, the claimed save and its lock
    left behind.  The app is given this to do again once its driver has started
    (``own_signals``): Textual's web driver (a browser tab) takes SIGINT and SIGTERM there,
    for an exit of its own, with code 0.  Nothing where the loop cannot take signals (not
    the main thread, no such signal on this system)."""

    def arrived(signum: int) -> None:
        if getattr(app, "is_running", False) and hasattr(app, "leave_on_signal"):
            app.leave_on_signal(signum)
        else:
            app.exit(return_code=128 + signum)

    for signum in _leaving_signums():
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signum, arrived, signum)
    app.own_signals = lambda: leave_on_signals(app, loop)


def _on_a_terminal() -> bool:
    import sys

    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def leave_now(code: int) -> None:
    """After the app has closed: end the process at once when a search still runs.  An
    expert thinking (up to 10 s, in a worker thread or on the pool) held the exit, the
    terminal blank, until its search ended, since Python waits for running thread work at
    exit.  The pool's workers are stopped, the save's lock let go, the output flushed, and
    the process ends with ``code``; with no such thread, nothing is done here."""
    import sys
    import threading

    busy = [t for t in threading.enumerate() if t is not threading.main_thread() and t.is_alive() and not t.daemon]
    if "bots.search.pool" in sys.modules:
        from bots.search.pool import stop_pool

        stop_pool()
    if not busy:
        return
    from .paths import release_all_saves

    release_all_saves()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


def served_to_a_browser() -> bool:
    """True when textual-serve runs this process for a browser tab: it names Textual's web
    driver in ``TEXTUAL_DRIVER``, and that driver speaks its packets over stdin and stdout."""
    return os.environ.get("TEXTUAL_DRIVER", "").startswith("textual.drivers.web_driver")


def require_terminal() -> None:
    """`UsageError` unless stdin and stdout are both a terminal: the game reads keys and
    draws a screen, and with ``< /dev/null > out`` it would wait for keys that never come
    while spinning a core.  The subcommands (``simulate``, ``meld``, ``variants``,
    ``stats``) print text and never ask this.  A browser tab's terminal passes: textual-serve
    (``pinochle host --web``) runs the app with Textual's web driver, whose keys and screen are
    packets on the pipes it gives the app (`served_to_a_browser`)."""
    import sys

    if served_to_a_browser():
        return
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        try:
            tty = stream is not None and stream.isatty()
        except (AttributeError, ValueError, OSError):  # closed or replaced
            tty = False
        if not tty:
            raise UsageError(
                f"the game needs a terminal, and its {name} is not one; "
                "run it in a terminal, or use a subcommand (simulate, meld, variants, stats, saves) for text"
            )


def build_app(args: argparse.Namespace, *, need_terminal: bool = False) -> Any:
    """The `PinochleApp` the flags ask for; `UsageError` for a bad flag (before any screen),
    and, with ``need_terminal``, for no terminal (after the flags, before a save is begun)."""
    from .house_presets import Yours
    from .settings import Settings

    yours = Yours()  # your house rules (h on the new-game screen), between the shipped presets and --variants's
    variants = load_variant_set(getattr(args, "variants", None), yours=yours.layer)
    bot_delay = check_delay(getattr(args, "bot_delay", None), "--bot-delay")
    trick_delay = check_delay(getattr(args, "trick_delay", None), "--trick-delay")
    ascii_ = bool(getattr(args, "ascii", False))
    from .paths import clean_stale_temps

    clean_stale_temps()
    from .app import theme_names

    settings = Settings.load(theme_names(), list(variants))
    ctrl: Any = None
    save_path = None
    notice = None
    game_flags = [f for f in ("variant", "seats", "seed", "target") if getattr(args, f, None) is not None]
    chosen_seed = ""  # the seed the flags gave
    think = getattr(args, "think", None)  # checked by the parser (cli_common.THINK)

    if getattr(args, "resume", False):
        if game_flags or think is not None:
            drop = game_flags[0] if game_flags else "think (the save keeps its own)"
            raise UsageError(f"--resume continues the saved game as it was; drop --{drop}")
        from .paths import SaveBusy, SaveLock, data_dir, program, save_id
        from .save import SaveError, load_game
        from .saved_games import find_save, latest_save

        try:
            path = latest_save() if args.resume is True else find_save(str(args.resume))
        except SaveError as exc:
            raise UsageError(f"--resume: {exc}") from None
        if path is None:
            raise UsageError(f"--resume: there is no saved game (looked in {data_dir()}); start one with: {program()}")
        try:  # held from here, so another pinochle cannot play the same game at the same time
            lock = SaveLock(path).acquire()
        except SaveBusy as exc:
            raise UsageError(f"--resume: {exc}; {program()} saves lists the other saved games") from None
        try:
            ctrl = load_game(path)
            save_path = path
        except SaveError as exc:
            lock.release()  # not played: nothing held, nothing written beside it
            # named by its ID, as the saved-games offer and ``pinochle saves`` name it: the
            # whole path took the notice to three rows and more at 80 columns, and with the
            # offer under it eight-hand's form lost its last fields from sight at 80x24
            reason = str(exc).removeprefix(f"{path}: ")
            notice = visible(f"--resume {save_id(path)}: {reason}. The file was left in place.")
        if ctrl is not None and ctrl.remote_codes:  # a hosted game listens again where it was hosted
            from .remote.hosting import resume_problem

            problem = resume_problem(ctrl)
            if problem:
                lock.release()
                raise UsageError(f"--resume: {problem}")
    elif game_flags:
        # flags without --variant play the default preset, as the README says: the
        # new-game screen's remembered variant is the screen's (after
        # a cutthroat game `pinochle --seats human,standard,standard,standard` was refused,
        # "cutthroat has 3 seats, got 4")
        vname = "partnership" if "partnership" in variants else next(iter(variants))
        v = pick_variant(variants, args.variant) if args.variant is not None else variants[vname]
        from .controller import Controller, default_seats, seat_name_problem

        spec = parse_seats(args.seats, v.people, v.name, variants=variants) if args.seats is not None else None
        seats = default_seats(v.people, spec)
        problem = seat_name_problem(seats)
        if problem:
            raise UsageError(f"--seats: {problem}")
        problem = None if think is None else no_expert("--think", spec or [s.level or s.kind for s in seats])
        if problem:
            raise UsageError(f"--think: {problem}")
        target = None if args.target is None else TARGET.flag(args.target, v)
        seed = args.seed if args.seed not in (None, "") else None
        chosen_seed = seed or ""
        run_think = think if think is not None else settings.game_think  # the saved budget unless --think
        ctrl = Controller(v, seats, seed=seed, target=target, think=run_think)
    if need_terminal:
        require_terminal()
    if ctrl is not None and save_path is None:  # a new game from the flags: its save begun
        from .save import new_save_path

        save_path = new_save_path()

    if ascii_ is False:
        from .render import terminal_wants_ascii

        ascii_ = terminal_wants_ascii() or os.environ.get("PINOCHLE_ASCII") == "1"

    from .app import PinochleApp

    app = PinochleApp(
        variants,
        ctrl=ctrl,
        save_path=save_path,
        settings=settings,
        bot_delay=bot_delay,
        trick_delay=trick_delay,
        think=think,
        ascii=ascii_,
        notice=notice,
    )
    app.chosen_seed = chosen_seed  # the next new-game screen names it
    app.resumed = getattr(args, "resume", False) is not False and ctrl is not None  # (its rules' notice)
    if getattr(args, "variants", None) is not None:  # remembered with the game's choices (`last_choices`)
        app.variants_file = os.path.abspath(args.variants)
    app.yours = yours  # the house-rules editor saves there
    if yours.problem:  # a damaged file of your house rules: said once, on the new-game screen
        said = visible(yours.problem)  # (a path or preset name may hold control characters)
        app.notice = f"{app.notice} {said}" if app.notice else said
    if ctrl is not None and save_path is not None:
        app.bots_before_the_table(ctrl)
        app.save_when_shown = True  # saved once its table is drawn (`PinochleApp.on_mount`)
    return app
