"""The phase panels of the table: each draws one phase's part of the table centre and its
prompt from one seat's `table.facts.SeatFacts` (its `SeatView`, its legal actions and the
screen's selection).  The table screen composes them and shows the one `panel_for` names.

    auction   deal (misdeal call), auction, naming trump       AuctionPanel
    passing   the pass between partners, the burial            PassingPanel
    meld      everyone's meld, the widow, play on or throw in  MeldPanel
    tricks    the trick on the table, the finished hand        TricksPanel
    stock     two-hand: the stock, turn-up, melds on the table  StockPanel
    draft     two-hand draft: the card looked at, keep/reject   DraftPanel
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from rules import Phase, SeatView

from ..table.facts import CHOICE_PHASES, LIST_PHASES, PAUSED_PHASES, PICK_PHASES, SeatFacts
from .auction import AuctionPanel
from .base import (
    MAX_TEAMS,
    TEAM_LETTERS,
    ButtonSpec,
    Panel,
    team_of,
)
from .meld import MeldPanel, meld_mode, meld_text
from .seats import bid_word, ring_seat, scores_text, seat_line, seat_text, sitting_out_text, status_text

PANEL_CLASSES = {
    "auction": ("auction", "AuctionPanel"),
    "passing": ("passing", "PassingPanel"),
    "meld": ("meld", "MeldPanel"),
    "tricks": ("tricks", "TricksPanel"),
    "stock": ("stock", "StockPanel"),
    "draft": ("draft", "DraftPanel"),
}
"""Each panel (a key of `panel_for`) by its module and class.  The modules of the phases
not shown first load with their panel (the table starts with the phase's
panel only; `panel_class`); ``PANELS`` (all six classes) loads them all."""


def panel_class(name: str) -> type[Panel]:
    """The class of the panel ``name`` (its module loaded now if it was not)."""
    module, cls = PANEL_CLASSES[name]
    found: type[Panel] = getattr(import_module(f"{__name__}.{module}"), cls)
    return found


def __getattr__(name: str) -> Any:
    """``PANELS`` and the panel classes of the later phases, loaded when first asked for."""
    if name == "PANELS":
        return {key: panel_class(key) for key in PANEL_CLASSES}
    for key, (_module, cls) in PANEL_CLASSES.items():
        if name == cls:
            return panel_class(key)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def panel_for(view: SeatView, show_melds: bool) -> str:
    """Which panel the table centre shows for ``view`` (a key of `PANELS`)."""
    ph = view.phase
    if view.variant.has_stock:
        return "stock"
    if ph is Phase.DRAFT:
        return "draft"
    if meld_mode(view, show_melds):
        return "meld"
    if ph in (Phase.DEAL, Phase.AUCTION, Phase.KITTY, Phase.TRUMP, Phase.CALL, Phase.ASK_PASS):
        return "auction"
    if ph in (Phase.PASS, Phase.BURY):
        return "passing"
    if ph is Phase.MELD:
        return "meld"
    started = view.bidder is not None and bool(view.trick or view.tricks)
    if ph is Phase.TRICKS and not started and view.variant.kitty_exposed and view.kitty and view.bidder is not None:
        return "meld"  # the exposed widow until the first lead
    return "tricks"


def prompt_panel(view: SeatView) -> str:
    """Which panel asks the viewer's decision in ``view``'s phase."""
    phase = view.phase
    if view.variant.has_stock:
        return "stock"
    if phase is Phase.DRAFT:
        return "draft"
    if phase in (Phase.DEAL, Phase.AUCTION, Phase.KITTY, Phase.TRUMP, Phase.CALL, Phase.ASK_PASS):
        return "auction"
    if phase in PICK_PHASES:
        return "passing"
    if phase is Phase.MELD:
        return "meld"
    return "tricks"


__all__ = [
    "CHOICE_PHASES",
    "LIST_PHASES",
    "MAX_TEAMS",
    "PANELS",
    "PANEL_CLASSES",
    "PAUSED_PHASES",
    "PICK_PHASES",
    "TEAM_LETTERS",
    "AuctionPanel",
    "ButtonSpec",
    "DraftPanel",
    "MeldPanel",
    "Panel",
    "PassingPanel",
    "SeatFacts",
    "StockPanel",
    "TricksPanel",
    "bid_word",
    "meld_mode",
    "meld_text",
    "panel_class",
    "panel_for",
    "prompt_panel",
    "ring_seat",
    "scores_text",
    "seat_line",
    "seat_text",
    "sitting_out_text",
    "status_text",
    "team_of",
]
