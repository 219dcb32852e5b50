"""Session plumbing for every test: keep the heap the cyclic garbage collector walks small.

Textual's ``StylesCache.get_inner_outer`` is an ``lru_cache`` on a method (textual 8.2:
declared with ``cls`` but not a classmethod), so it keys on each widget's StylesCache and
keeps up to 1,024 of them alive, every one with the lines it last drew (Strips, each with
its own FIFOCaches).  In one long pytest worker that is some 250,000 objects from apps long
closed, and every full collection walks them all: in tests/tui/test_overlays.py a quarter
of the CPU was the collector.  The cache holds only two Styles per colour pair, so
clearing it after each test changes nothing a test sees.

Once Textual has been imported and used, what it built for good (its modules, classes,
parsed stylesheets) is frozen out of the collector's reach, as ``pinochle`` itself does at
start-up (``cli_common.settle_heap``).  Tests that look at the freeze count unfreeze first.

The app's tests wait for the app to settle after each key and pause by `settled_idle`: a
2 ms sample that also waits for the screen's pending draw and short timers, not Textual's
20 ms sleeps (half of those tests' time was spent asleep there).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
import weakref
from collections.abc import Iterator
from time import monotonic, process_time
from typing import Any

import pytest

_FROZEN = False


@pytest.fixture(autouse=True)
def _textual_heap() -> Iterator[None]:
    global _FROZEN
    yield
    styles_cache = sys.modules.get("textual._styles_cache")
    if styles_cache is None:
        return
    styles_cache.StylesCache.get_inner_outer.cache_clear()
    if not _FROZEN:
        _FROZEN = True
        gc.collect()
        gc.freeze()


def _an_app_test(request: pytest.FixtureRequest) -> bool:
    """The app's tests: tests/tui and tests/remote."""
    return request.path.parent.name in ("tui", "remote")


@pytest.fixture(autouse=True)
def _result_keys_at_once(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's tests: a prompt takes its answer as soon as it
    shows (the hand result, the bidder's trump naming and play-on / throw-in choice).  A
    person's keys close behind the one that brought it up are left alone for
    `KeyPause.KEY_PAUSE`, but a test's keys come as fast as the app settles (the tests of
    the pause set it back)."""
    if not _an_app_test(request):
        return
    from pinochle_tui.screens.dialogs import HandOffScreen, HandResultScreen
    from pinochle_tui.widgets import KeyPause

    monkeypatch.setattr(KeyPause, "KEY_PAUSE", 0.0)
    monkeypatch.setattr(HandResultScreen, "UNASKED_PAUSE", 0.0)  # (a result that went up by itself)
    monkeypatch.setattr(HandOffScreen, "PAUSE", 0.0)  # (the hot-seat hand-off)


@pytest.fixture(autouse=True)
def _no_fsync(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's tests: the game saves after every move with an fsync
    (`paths.atomic_write`; ~7 ms each on this busy disk, 4% of a test playing whole hands),
    and no test looks at the disk's flush, only at the files: the write and the rename
    stay, the flush goes."""
    if not _an_app_test(request):
        return
    import os

    monkeypatch.setattr(os, "fsync", lambda fd: None)


# The settled check's sample: the app is idle when, over one sample, the process used under a
# twentieth of it in CPU (Textual's own measure), its screen has nothing left to draw and no
# timer is about to fire that Textual's own 20 ms window would have waited for.
IDLE_SAMPLE = 0.002
SHORT_TIMER = 0.025
_short_timers: weakref.WeakSet[Any] = weakref.WeakSet()


def _drawing_pending(app: Any) -> bool:
    """The app's current screen has a change not yet drawn, or work waiting for the
    drawing (``call_after_refresh``): Textual draws on a 60 Hz timer
    (`Screen._on_timer_update`), so such work can wait up to 17 ms."""
    if app is None or not app.is_running:
        return False
    try:
        screen = app.screen
    except Exception:  # (no screen yet, or the app is closing)
        return False
    return bool(
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
        or screen._callbacks
    )


def _timer_pending() -> bool:
    """A running timer of 25 ms or less has yet to fire (the app's resize after 8 ms, a
    forced card's 10 ms, the screen's 60 Hz draw while it has one to do)."""
    return any(
        timer._task is not None and not timer._task.done() and timer._active.is_set() for timer in list(_short_timers)
    )


async def settled_idle(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """`textual._wait.wait_for_idle` sampled every 2 ms, and idle only once the screen has
    drawn what it was asked to and no short timer is left to fire.  Textual's own sleeps
    20 ms at a time, so every `pilot.pause()` took at least 20 ms and every key 40 ms even
    with nothing left to do; a 2 ms sample alone could end between two of the screen's
    60 Hz draws with work still queued behind the draw (a chart growing to its screen, the
    heap frozen after the first frame) or before the app's resize timer."""
    from textual._context import active_app

    app = active_app.get(None)
    start = monotonic()
    while True:
        cpu = process_time()
        await asyncio.sleep(IDLE_SAMPLE)
        cpu_elapsed = process_time() - cpu
        elapsed = monotonic() - start
        if elapsed >= max_sleep:
            break
        if elapsed <= min_sleep or cpu_elapsed >= IDLE_SAMPLE / 20:
            continue
        if not _settle_drawing:
            break
        if _drawing_pending(app):
            # drawn now, as `Pilot.pause` does at its end, not at the screen's next tick
            # (up to 17 ms away); the work waiting for the frame runs at the next samples
            with contextlib.suppress(Exception):  # (the app closing)
                app.screen._on_timer_update()
            continue
        if not _timer_pending():
            break


_settle_drawing = True  # False: `quick_idle`


@pytest.fixture(autouse=True)
def _settled_idle(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The app's tests: the pilot's keys and pauses wait for `settled_idle`."""
    if not _an_app_test(request):
        yield
        return
    import textual.app
    import textual.pilot
    from textual.timer import Timer

    start = Timer._start

    def noted_start(timer: Timer) -> None:
        if timer._interval <= SHORT_TIMER:
            _short_timers.add(timer)
        start(timer)

    monkeypatch.setattr(Timer, "_start", noted_start)
    monkeypatch.setattr(textual.pilot, "wait_for_idle", settled_idle)
    monkeypatch.setattr(textual.app, "wait_for_idle", settled_idle)
    yield
    _short_timers.clear()  # (a timer of this test's event loop, closed now, never fires)


@pytest.fixture
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that walks hundreds of keys or bot moves and reads the table itself (the prompt
    walk, the key storms): idle as soon as a 2 ms sample is, without waiting for the screen's
    draw.  The frames of several moves then come as one, as they do at a player's pace,
    where waiting for each drew a frame per move (the prompt walk: 84 s of CPU against 80)."""
    monkeypatch.setitem(globals(), "_settle_drawing", False)
