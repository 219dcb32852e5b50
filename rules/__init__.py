"""Pure pinochle rules: cards, variants, meld, trick play, the round state machine and
game scoring.  No I/O except parsing TOML text; never imports Textual or Rich.

Public API (stable names; see each docstring for the RULES.md section it implements):
`parse_cards`, `score_meld`, `legal_plays`, `trick_winner`, `load_variants`,
`new_round`, `legal_actions`, `apply`, `current_seat`, `observe`, `explain_play`,
`GameState`.  The round functions serve every form: `rules.rounds` dispatches them to
the round flow the variant chooses (`auction_round`, `stock_round`, `draft_round`).
"""

from typing import TYPE_CHECKING, Any

from .actions import (
    Action,
    AskPass,
    Bid,
    Bury,
    CallPartner,
    ClaimMisdeal,
    Concede,
    DeclareDix,
    DeclareMeld,
    DraftCard,
    HandOutKitty,
    IllegalAction,
    KeepHand,
    NameTrump,
    NoMeld,
    PassBid,
    PassCards,
    Play,
    PlayOn,
    TakeStock,
    describe_action,
)
from .auction_round import RoundState, deal
from .cards import CARDS, Card, Rank, Suit, format_cards, make_deck, parse_cards
from .game import GameState, hand_rng
from .meld import MeldResult, score_meld
from .play import legal_plays, trick_winner
from .presets import load_variants, load_variants_text
from .results import HandResult, SideResult
from .rounds import apply, current_seat, explain_play, legal_actions, new_round, observe
from .variant import DEFAULT_VARIANT, Variant, VariantError
from .view import Phase, SeatView

if TYPE_CHECKING:
    from .actions import ACTION_ADAPTER
    from .draft_round import DraftRound
    from .stock_round import StockRound, kind_of, meld_kinds

# the two-hand flows load with the first two-hand round, or when one of these is asked for
_TWO_HAND = {
    "DraftRound": "draft_round",
    "StockRound": "stock_round",
    "kind_of": "stock_round",
    "meld_kinds": "stock_round",
}


def __getattr__(name: str) -> Any:
    """`ACTION_ADAPTER` is built on first use (`rules.actions`), not at import; the two-hand
    flows' names (`_TWO_HAND`) are their modules' (a faster cold start)."""
    if name == "ACTION_ADAPTER":
        from . import actions

        return actions.ACTION_ADAPTER
    if name in _TWO_HAND:
        from importlib import import_module

        return getattr(import_module(f"{__name__}.{_TWO_HAND[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ACTION_ADAPTER",
    "CARDS",
    "DEFAULT_VARIANT",
    "Action",
    "AskPass",
    "Bid",
    "Bury",
    "CallPartner",
    "Card",
    "ClaimMisdeal",
    "Concede",
    "DeclareDix",
    "DeclareMeld",
    "DraftCard",
    "DraftRound",
    "GameState",
    "HandOutKitty",
    "HandResult",
    "IllegalAction",
    "KeepHand",
    "MeldResult",
    "NameTrump",
    "NoMeld",
    "PassBid",
    "PassCards",
    "Phase",
    "Play",
    "PlayOn",
    "Rank",
    "RoundState",
    "SeatView",
    "SideResult",
    "StockRound",
    "Suit",
    "TakeStock",
    "Variant",
    "VariantError",
    "apply",
    "current_seat",
    "deal",
    "describe_action",
    "explain_play",
    "format_cards",
    "hand_rng",
    "kind_of",
    "legal_actions",
    "legal_plays",
    "load_variants",
    "load_variants_text",
    "make_deck",
    "meld_kinds",
    "new_round",
    "observe",
    "parse_cards",
    "score_meld",
    "trick_winner",
]
