"""One API over every round flow (DESIGN.md "Forms and round flows"; OpenSpiel keeps its
games behind one state API the same way).

The variant chooses the flow (``Variant.round_flow``): the auction game
(`rules.auction_round`), the two-hand stock game (`rules.stock_round`) or the two-hand
draft (`rules.draft_round`, which hands over to an auction round after the draft).
Each flow module implements ``new_round``, ``legal_actions``, ``apply``, ``observe`` and
``explain_play`` on its own state type; the functions here dispatch on the state's type,
so bots, the simulator, saves and the app drive any form without knowing which it is.

Adding a form.  A new *round flow* (another order of phases) touches, today:

1. ``rules/<flow>_round.py``: its state type (the attributes below) and its ``new_round``,
   ``legal_actions``, ``apply``, ``observe`` and ``explain_play``; new actions in
   `rules.actions` (a class each, added to ``Action`` so saves read them), new phases in
   `rules.view.Phase`; its names exported lazily in ``rules/__init__.py`` (``_TWO_HAND``).
2. Here, one entry in `_BY_NAME` (flow name -> module and state type).
3. ``rules/variant.py``: the name in ``round_flow``'s ``Literal``, the knobs it allows in
   ``Variant._consistent``, the derived values that differ by flow (``cards_per_hand``,
   ``tricks_per_hand``, ``seat_meld_bound``, ``summary``) and, for what the bots and the
   app must know of it, a capability property in the "capabilities" block (``has_stock``,
   ``melds_during_play``, ``drafts``, ...: code outside `rules` asks these, never the
   flow's name, and `tests/rules/test_form_capabilities.py` pins each preset's set);
   ``rules/presets.py`` ``makeable_checks`` where its bids are checked by seeded deals;
   ``rules/scoring.py`` where its hand scores differently.
4. Presets in ``variants.toml``, then ``rules/shipped_presets.py`` rewritten by
   `rules.presets.write_shipped_presets`; its rules in RULES.md.
5. ``bots/easy.py`` and ``bots/standard.py``: a branch per new phase (the stock flow's
   go to ``bots/two_hand.py``); ``bots/expert.py`` searches the auction flow's trick play
   and bids only, and leaves every other decision to the standard bot (the hint says so).
6. The app: the panel that shows and asks each new phase (``pinochle_tui/panels``:
   ``panel_for``, ``prompt_panel``), what it needs of the seat put in
   ``pinochle_tui/table/facts.py`` ``SeatFacts`` (built in ``table/build.py``, the one table
   module that reads the controller), and the words that differ by flow (the log, the
   rules text, the hand result, the help): they ask the capabilities of step 3.

A new *seat count* touches ``players``'s ``Literal``, a ``sides`` value with its
``side_of`` map, the seat counts it allows (``_SIDES_PLAYERS``) and its words
(``_SIDES_WORDS``) in ``rules/variant.py`` (and ``table_seats``'s bound of 8); presets; the
bots' table-size estimates (``bots/estimate.py``, ``bots/standard.py``: ``n > 4`` and
``ring_table``); and in the app where each seat sits (``pinochle_tui/seating.py``:
``PLACES``, which already holds 2 to 8 seats; the compass names ``SEAT_NAMES`` are derived
from it), ``settings.LAST_SEAT_COUNTS`` and the README's seat names (tests check that the
last two agree with the variants).

Every state, whatever its flow, has the attributes ``variant``, ``phase``, ``to_act``,
``hands``, ``trick``, ``leader``, ``tricks``, ``won``, ``points``, ``result`` and the
properties ``dealer``, ``trump`` (a `Suit` or None), ``bidder`` and ``contract``.
"""

from __future__ import annotations

import random
from importlib import import_module
from types import ModuleType
from typing import Any

from . import auction_round
from .variant import Variant
from .view import Phase, SeatView

__all__ = ["apply", "current_seat", "explain_play", "flow_of", "legal_actions", "new_round", "observe"]

_BY_NAME: dict[str, tuple[str, str]] = {
    "auction": ("auction_round", "RoundState"),
    "stock": ("stock_round", "StockRound"),
    "draft": ("draft_round", "DraftRound"),
}


class _Flows(dict[type, ModuleType]):
    """State type -> its flow module.  The two-hand flows join when first met (a new round
    of theirs, or a state of theirs from a save), so a game of the auction family never
    imports them (a faster cold start); a hit costs what a dict's does."""

    def __missing__(self, kind: type) -> ModuleType:
        for module_name, state_name in _BY_NAME.values():
            if kind.__module__ == f"{__package__}.{module_name}" and kind.__name__ == state_name:
                return _flow_module(module_name, state_name)
        raise KeyError(kind)


def _flow_module(module_name: str, state_name: str) -> ModuleType:
    """The flow module ``module_name``, its state type ``state_name`` entered in `_FLOWS`."""
    module = import_module(f"{__package__}.{module_name}")
    _FLOWS[getattr(module, state_name)] = module
    return module


_FLOWS = _Flows({auction_round.RoundState: auction_round})


def flow_of(state: Any) -> ModuleType:
    """The flow module that plays ``state``; `TypeError` for anything that is not a round."""
    try:
        return _FLOWS[type(state)]
    except KeyError:
        raise TypeError(f"{type(state).__name__} is not a round state") from None


def new_round(variant: Variant, dealer: int = 0, rng: random.Random | None = None, **deal: Any) -> Any:
    """Start a round of ``variant``'s flow (RULES.md §2): dealt (or drafted) with ``rng``.

    ``dealer``: seat index; ``deal``: the flow's keyword arguments (``scores``,
    ``target`` for every flow; an explicit deal: ``hands``/``kitty`` for the auction
    round, ``hands``/``stock``/``turn_up`` for the stock round, ``pack`` for the
    draft).  Raises `ValueError` for an explicit deal that does not fit the variant.
    """
    return _flow_module(*_BY_NAME[variant.round_flow]).new_round(variant, dealer, rng, **deal)


def legal_actions(state: Any) -> list[Any]:
    """Every action the seat to act may take now; empty when the round is over.  The
    list is shared (memoised on the state): do not modify it."""
    return _FLOWS[type(state)].legal_actions(state)  # type: ignore[no-any-return]


def apply(state: Any, action: Any) -> Any:
    """The state after the seat to act takes ``action`` (a new value; ``state`` is
    unchanged).  Raises `IllegalAction` (a `ValueError`) saying why, in the game's words."""
    return _FLOWS[type(state)].apply(state, action)


def current_seat(state: Any) -> int | None:
    """The seat to act, or None when the round is over."""
    return None if state.phase is Phase.DONE else state.to_act  # type: ignore[no-any-return]


def observe(state: Any, seat: int) -> SeatView:
    """What ``seat`` may know of ``state`` (DESIGN.md "What a seat may see").  Raises
    `ValueError` for a seat not at the table."""
    return _FLOWS[type(state)].observe(state, seat)  # type: ignore[no-any-return]


def explain_play(state: Any, action: Any) -> str | None:
    """Why ``action`` may not be taken now, in one line; None if it may."""
    return _FLOWS[type(state)].explain_play(state, action)  # type: ignore[no-any-return]
