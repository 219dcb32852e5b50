"""Fixtures for the bot tests."""

from __future__ import annotations

import pytest

from rules import load_variants


@pytest.fixture(scope="session")
def variants() -> dict:
    return load_variants()
