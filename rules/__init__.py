"""Pure pinochle rules: cards, variants, meld, trick play, the round state machine and
game scoring.  No I/O except parsing TOML text; never imports Textual or Rich.

Public API (stable names; see each docstring for the RULES.md section it implements):
`parse_cards`, `score_meld`, `legal_plays`, `trick_winner`, `load_variants`,
`new_round`, `legal_actions`, `apply`, `current_seat`, `observe`, `GameState`.
"""

from .actions import (
    ACTION_ADAPTER,
    Action,
    Bid,
    Bury,
    ClaimMisdeal,
    Concede,
    IllegalAction,
    KeepHand,
    NameTrump,
    PassBid,
    PassCards,
    Play,
    PlayOn,
    describe_action,
)
from .cards import CARDS, Card, Rank, Suit, format_cards, make_deck, parse_cards
from .game import GameState, hand_rng
from .meld import Meld, MeldResult, score_meld
from .play import legal_plays, trick_winner
from .scoring import HandResult, SideResult
from .state import (
    Phase,
    RoundState,
    SeatView,
    apply,
    current_seat,
    deal,
    explain_play,
    legal_actions,
    new_round,
    observe,
)
from .variant import DEFAULT_VARIANT, Variant, VariantError, load_variants, load_variants_text

__all__ = [
    "ACTION_ADAPTER",
    "CARDS",
    "DEFAULT_VARIANT",
    "Action",
    "Bid",
    "Bury",
    "Card",
    "ClaimMisdeal",
    "Concede",
    "GameState",
    "HandResult",
    "IllegalAction",
    "KeepHand",
    "Meld",
    "MeldResult",
    "NameTrump",
    "PassBid",
    "PassCards",
    "Phase",
    "Play",
    "PlayOn",
    "Rank",
    "RoundState",
    "SeatView",
    "SideResult",
    "Suit",
    "Variant",
    "VariantError",
    "apply",
    "current_seat",
    "deal",
    "describe_action",
    "explain_play",
    "format_cards",
    "hand_rng",
    "legal_actions",
    "legal_plays",
    "load_variants",
    "load_variants_text",
    "make_deck",
    "new_round",
    "observe",
    "parse_cards",
    "score_meld",
    "trick_winner",
]
