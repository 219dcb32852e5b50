"""What a bot chooses from: the legal actions less those the bots leave to a person.

A leaf of `bots`: every level imports it, and it imports no level.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import ClaimMisdeal, Phase, SeatView

__all__ = ["plays_on"]


def plays_on(view: SeatView, legal: Sequence[Any]) -> Sequence[Any]:
    """``legal`` without a late misdeal claim (RULES.md §5.8, §0.4 item 23b): the bots
    claim a misdeal they hold at the deal (`Phase.DEAL`), so a claim still offered later
    is one a person kept (a bot asked for a hint then plays on)."""
    if view.phase is Phase.DEAL or type(legal) is not list or not legal or type(legal[-1]) is not ClaimMisdeal:
        return legal
    return legal[:-1]
