"""The expert's worker processes (DESIGN.md "bots/"): one pool for the whole
process, started on first use, reused by every expert seat, closed at exit.

One worker per core the process may run on (`cores`).  The workers are started by
``forkserver`` where there is one (never ``fork``: the app runs threads, and a forked
child of a threaded process may hang), so a worker imports only the search and the rules,
not Textual.  Starting them takes a moment (a fresh interpreter, the imports), so
`ready_pool` never waits: the first call starts them in a thread of their own and
returns None (the caller searches in its own process meanwhile), and later calls return
the pool once every worker has answered.  Started for the app (``nice``), the workers,
the fork server and the pool's threads here run below the app's priority.  The caller that starts the pool
gives each worker its first task (``warm``: a function of the module the workers will
need, which the fork server loads once for all), so this module imports no bot.  A pool that
broke (a worker killed) is dropped and started again on the next call; the decision in
flight is searched in process (`bots.expert`).
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

__all__ = ["cores", "ready_pool", "shutdown_pool", "stop_pool"]

_LOCK = threading.Lock()
_POOL: ProcessPoolExecutor | None = None
_WARM: list[Future[object]] = []
_SIZE = 0
_RETRY_AT = 0.0  # after a pool that could not start: not again before this (time.monotonic)
_STARTING = False  # a thread is starting the workers
_CLOSED = False  # at exit: no new pool
RETRY_AFTER = 30.0


@contextlib.contextmanager
def _real_stderr() -> Iterator[None]:
    """``sys.stderr`` a file with a descriptor while processes are started: multiprocessing
    hands the child its ``fileno()``, and a running Textual app replaces ``sys.stderr`` by
    a capture without one ('bad value(s) in fds_to_keep': no pool in the app at all)."""
    err = sys.stderr
    try:
        ok = err is not None and err.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        ok = False
    if not ok and sys.__stderr__ is not None:
        sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = err


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _context() -> multiprocessing.context.BaseContext:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def ready_pool(
    size: int | None = None, nice: int = 0, warm: Callable[[], object] | None = None
) -> ProcessPoolExecutor | None:
    """The pool (`cores` workers, or ``size`` if more) when every worker is up, else None
    (and the workers are being started, in the background, if they were not).  A pool
    that cannot start (the system refuses processes) is None, and not tried again for
    `RETRY_AFTER` seconds.  ``nice``: how far below this process's priority the workers
    run (``os.nice`` in each as it starts; the app's, so its drawing has the CPU first);
    it is the starting call's, a pool already up or starting is used as it is.  ``warm``
    (the starting call's too): each worker's first task, a module-level function (its
    module preloaded by the fork server; `bots.expert` passes one that imports the
    search, so the first decision does not pay for it); None: the workers only start."""
    global _RETRY_AT, _STARTING
    want = max(size or 0, cores())
    with _LOCK:
        if _POOL is not None and want > _SIZE:
            _close_locked()
        if _POOL is None:
            if not _STARTING and time.monotonic() >= _RETRY_AT:
                # started by a thread of its own: starting a process waits for the fork
                # server's imports (a second or more), which no decision may wait for
                _STARTING = True
                threading.Thread(target=_start, args=(want, nice, warm), name="expert-pool-start", daemon=True).start()
            return None
        if not all(f.done() for f in _WARM):
            return None
        if any(f.cancelled() or f.exception() is not None for f in _WARM):
            _close_locked()
            _RETRY_AT = time.monotonic() + RETRY_AFTER
            return None
        return _POOL


def _lower(target: int, owner: int = 0) -> None:
    """A worker's start: its niceness ``target`` (`_start`; only ever lowered), a watch on
    ``owner``, the process whose pool it is (`_watch_owner`), and Ctrl-C ignored: the
    terminal sends it to the whole process group, and the owner alone decides what it
    means (`pinochle simulate` prints the hands played so far; the workers went down
    with a KeyboardInterrupt traceback each, under the owner's figures)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        if os.getpriority(os.PRIO_PROCESS, 0) < target:
            os.setpriority(os.PRIO_PROCESS, 0, target)
    if owner:
        threading.Thread(target=_watch_owner, args=(owner,), name="expert-owner-watch", daemon=True).start()


OWNER_POLL = 0.5
"""Seconds between a worker's looks at the process whose pool it is."""


def _watch_owner(owner: int) -> None:
    """End this worker once ``owner`` is gone.  A worker's parent is the fork server, not
    the app, and neither noticed an app killed outright: after ``kill -9`` of a game
    reviewing a hand, three workers and the fork server searched on for two to three
    minutes; a worker now ends within `OWNER_POLL` seconds, its
    search cut short (nobody waits for it)."""
    while True:
        time.sleep(OWNER_POLL)
        try:
            os.kill(owner, 0)
        except ProcessLookupError:
            os._exit(0)
        except OSError:  # there, but not ours to signal
            pass


def _start(want: int, nice: int = 0, warm: Callable[[], object] | None = None) -> None:
    """Start ``want`` workers ``nice`` below this process and publish the pool (`ready_pool`'s
    thread).  With ``nice`` this thread lowers its own priority first (Linux: a thread's
    niceness is its own, and what it starts inherits it), so the fork server's imports
    and the workers' start also leave the app's drawing the CPU first."""
    global _POOL, _SIZE, _RETRY_AT, _STARTING
    pool = None
    target = 0
    if nice > 0:
        with contextlib.suppress(OSError, AttributeError):
            target = min(19, os.getpriority(os.PRIO_PROCESS, 0) + nice)
            if sys.platform.startswith("linux"):  # elsewhere the workers alone (`_lower`)
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), target)
    try:
        ctx = _context()
        with _real_stderr():
            if warm is not None and hasattr(ctx, "set_forkserver_preload"):
                ctx.set_forkserver_preload([warm.__module__])
            pool = ProcessPoolExecutor(want, mp_context=ctx, initializer=_lower, initargs=(target, os.getpid()))
            first = [pool.submit(warm if warm is not None else os.getpid) for _ in range(want)]
    except Exception:  # the system refused the processes: no pool for a while
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        with _LOCK:
            _STARTING = False
            _RETRY_AT = time.monotonic() + RETRY_AFTER
        return
    with _LOCK:
        _STARTING = False
        if _CLOSED:  # the process is exiting
            pool.shutdown(wait=False, cancel_futures=True)
            return
        _POOL, _SIZE = pool, want
        _WARM[:] = first


def drop_pool(pool: ProcessPoolExecutor) -> None:
    """Forget ``pool`` (it broke); the next `ready_pool` starts another."""
    with _LOCK:
        if _POOL is pool:
            _close_locked()


def _close_locked() -> None:
    global _POOL, _SIZE
    pool, _POOL, _SIZE = _POOL, None, 0
    _WARM.clear()
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def shutdown_pool() -> None:
    """Close the workers (a later `ready_pool` starts new ones)."""
    with _LOCK:
        _close_locked()


def stop_pool() -> None:
    """Close the workers and end the searches they are running (the app is quitting: no one
    waits for them, and the process's exit waited for each running search to finish).

    The pool's manager thread is then given up to `STOP_WAIT` seconds to see its workers
    gone and let go of the pool's queues, whose semaphores are then collected: each tells
    multiprocessing's resource tracker it is gone.  The app leaves with ``os._exit``, which
    runs no finalizer, and the tracker printed "There appear to be 5 leaked semaphore
    objects to clean up at shutdown" under the shell prompt."""
    with _LOCK:  # its processes and thread taken before the shutdown, which forgets them (None)
        processes = list((getattr(_POOL, "_processes", None) or {}).values())
        manager = getattr(_POOL, "_executor_manager_thread", None)
        _close_locked()
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    if isinstance(manager, threading.Thread):
        manager.join(STOP_WAIT)
    del processes, manager
    gc.collect()  # (the queues are in reference cycles: their semaphores' finalizers run now)


STOP_WAIT = 0.5
"""Seconds `stop_pool` waits for the pool's manager thread to end once its workers are
stopped (it takes a few milliseconds)."""


def _at_exit() -> None:
    global _CLOSED
    with _LOCK:
        _CLOSED = True
        _close_locked()


atexit.register(_at_exit)


POOL_GRACE = 2.0
"""Seconds past a search's own budget that a worker may take before it is given up: a
worker stopped (``kill -STOP``, a suspended laptop's straggler) or stalled held the expert
for as long as it stayed so.  Then the pool is dropped and the search runs in this process."""


def result_by(future: Any, deadline: float, clock: Callable[[], float] = time.perf_counter) -> Any:
    """``future``'s result, waited for until ``deadline`` (by ``clock``; ``math.inf``: the
    search's budget is nodes, not seconds, so ``POOL_GRACE`` times 30) plus `POOL_GRACE`;
    `TimeoutError` past that, which the callers take as a broken pool."""
    left = 30 * POOL_GRACE if deadline == math.inf else max(0.0, deadline - clock()) + POOL_GRACE
    return future.result(timeout=left)
