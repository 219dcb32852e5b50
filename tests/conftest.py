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
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator

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
    from pinochle_tui.widgets import KeyPause

    monkeypatch.setattr(KeyPause, "KEY_PAUSE", 0.0)


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
