"""The expert's worker processes (issue 15 §1; DESIGN.md "bots/"): one pool for the whole
process, started on first use, reused by every expert seat, closed at exit.

One worker per core the process may run on (`cores`).  The workers are started by
``forkserver`` where there is one (never ``fork``: the app runs threads, and a forked
child of a threaded process may hang), so a worker imports only the search and the rules,
not Textual.  Starting them takes a moment (a fresh interpreter, the imports), so
`ready_pool` never waits: the first call starts them and returns None (the caller searches
in its own process this once), and later calls return the pool once every worker has
answered.  A pool that broke (a worker killed) is dropped and started again on the next
call; the decision in flight is searched in process (`bots.expert`).
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor

__all__ = ["cores", "ready_pool", "shutdown_pool"]

_LOCK = threading.Lock()
_POOL: ProcessPoolExecutor | None = None
_WARM: list[Future[int]] = []
_SIZE = 0


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _hello() -> int:
    """A worker's first task: import the search (so the first decision does not pay it)."""
    from .. import expert  # noqa: F401

    return os.getpid()


def _context() -> multiprocessing.context.BaseContext:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def ready_pool(size: int | None = None) -> ProcessPoolExecutor | None:
    """The pool (`cores` workers, or ``size`` if more) when every worker is up, else None
    (and the workers are being started, in the background, if they were not)."""
    global _POOL, _SIZE
    want = max(size or 0, cores())
    with _LOCK:
        if _POOL is not None and want > _SIZE:
            _close_locked()
        if _POOL is None:
            ctx = _context()
            if hasattr(ctx, "set_forkserver_preload"):
                ctx.set_forkserver_preload(["bots.expert"])
            _POOL = ProcessPoolExecutor(want, mp_context=ctx)
            _SIZE = want
            try:
                _WARM[:] = [_POOL.submit(_hello) for _ in range(want)]
            except Exception:  # the system refused the processes: no pool
                _close_locked()
            return None
        if not all(f.done() for f in _WARM):
            return None
        if any(f.cancelled() or f.exception() is not None for f in _WARM):
            _close_locked()
            return None
        return _POOL


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
    """Close the workers (at exit; a later `ready_pool` starts new ones)."""
    with _LOCK:
        _close_locked()


atexit.register(shutdown_pool)
