"""The remote tests' ports (`ports.free_port`) are let go when each test ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from .ports import free_port as _free_port
from .ports import release_ports


@pytest.fixture(autouse=True)
def _held_ports() -> Iterator[None]:
    yield
    release_ports()


@pytest.fixture
def free_port() -> Callable[[], int]:
    """`ports.free_port`, for a test that asks for several."""
    return _free_port
