"""House-rule variants: the `Variant` model and `variants.toml` presets (RULES.md §11, §12).

Every number in a `Variant` is in the canonical x10 scale (RULES.md §0.4.1): a run is
150, a counter 10, the single-deck hand 250 trick points.  ``score_scale = "x1"`` only
divides by ten for display and bid entry, so presets in `variants.toml` are written in
x10 numbers too (double deck: ``min_bid = 500``, ``game_target = 5000``).

Knobs of §11 that this engine does not play yet are either absent or accept only the
value it plays, so a house file can never ask for a rule that silently does nothing.
"""

from __future__ import annotations

import bisect
import functools
import operator
from collections.abc import Callable, ItemsView, Iterator, ValuesView
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from .bounded_read import FileProblem, TooDeep, parse_toml, plain_text, read_bounded

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = [
    "DEFAULT_VARIANT",
    "MAKEABLE_DEALS",
    "MAX_BID_STEPS",
    "MAX_GAME_HANDS",
    "Variant",
    "VariantError",
    "contract_drift",
    "dealt_sides",
    "load_variants",
    "load_variants_text",
    "shipped_variants_path",
]

DEFAULT_VARIANT = "partnership"
_DECK_SIZE = {"single48": 48, "double80": 80, "double96": 96, "triple120": 120}
# the meld tables each pack is played with (§1.1, §5, §0.4.11-13)
_DECK_TABLES = {
    "single48": ("single_standard",),
    "double80": ("double_deck_pagat", "racehorse_ru"),
    "double96": ("single_standard",),
    "triple120": ("double_deck_pagat",),
}
# players each kind of side fits, and how it reads in one line
_SIDES_PLAYERS = {
    "individual": ((2, 3, 4), "2, 3 or 4 players each for themselves"),
    "pairs_opposite": ((4,), "players = 4 (two pairs, partners opposite)"),
    "teams_of_3_alternating": ((6,), "players = 6 (0, 2, 4 against 1, 3, 5)"),
    "teams_of_2_x4": ((8,), "players = 8 (four teams of two, seat i with seat i + 4)"),
    "teams_of_4_alternating": ((8,), "players = 8 (0, 2, 4, 6 against 1, 3, 5, 7)"),
    "called_partner": ((5,), "players = 5 (the bidder calls a partner, §2.12)"),
}
_HEAD_CODE = {"pre1945": 0, "post1945": 1, "none": 2}

# Bounds that make a preset playable (`Variant._playable_checks`).
MAX_GAME_HANDS = 100  # a game_target must be within reach of this many hands, each scored at the most
MAX_BID_STEPS = 3000  # bids on the grid from min_bid to the highest bid offered
MAX_DIGITS = 15  # no number of a preset has more digits (every bound above is far below 10**15)
MAX_NAME = 40  # characters in a preset's name
MAX_DESCRIPTION = 300  # characters in a preset's description
MAX_EXTENDS = 64  # presets in one ``extends`` chain
# The most meld one seat can show in one hand.  §5.2's count is a sum of parts (runs, royal
# marriages, plain marriages, dix, arounds, pinochles), and each part is at most what it is
# with the whole pack in one hand: runs, arounds and pinochles at the special double values
# (§5.1, §5.5; `twice_single` gives less), royal marriages counted as if the run did not
# exist (`independent`, the largest reading of §5.3), every plain marriage.  The dix and
# the roundhouse bonus are added from the variant's own values.
#   single_standard: 1500 + 2 x 40 + 6 x 20 + 1000 + 800 + 600 + 400 + 300 = 4800
#   double_deck_pagat: 3000 + 4 x 40 + 12 x 20 + 2000 + 1600 + 1200 + 800 + 900 = 9900
#   racehorse_ru (§5.6, §0.4.14; a quadruple scores nothing, it wins the game): a triple run
#   900 + a triple royal marriage 900 + 12 x 20 + the arounds, each the larger of two
#   doubles and four fours of a kind (4000 + 3200 + 2400 + 1600) + a triple pinochle 900 = 14140
# With more copies (§0.4.12-13) each kind's copies split into tiers by the maximum value:
#   single_standard, double96 (4 copies, two doubles each): 2 x 1500 + 4 x 40 + 12 x 20
#   + 2000 + 1600 + 1200 + 800 + two double pinochles 600 = 9600; a quadruple pinochle
#   (`quadruple_pinochle`) is counted in place of the 600 when it is worth more
#   double_deck_pagat, triple120 (6 copies: a quadruple and a double, or two triples):
#   4500 + 6 x 40 + 18 x 20 + 3000 + 2400 + 1800 + 1200 + 1200 = 14700
_PACK_MELD = {
    ("single_standard", "single48"): 4800,
    ("single_standard", "double96"): 9600,
    ("double_deck_pagat", "double80"): 9900,
    ("double_deck_pagat", "triple120"): 14700,
    ("racehorse_ru", "double80"): 14140,
}
_PACK_PINOCHLES = {"double96": 600}  # what the pack's pinochles make without a quadruple pinochle
# copies of the dix card (§5.1; the 80- and 120-card packs have no 9s)
_TRUMP_NINES = {"single48": 2, "double80": 0, "double96": 4, "triple120": 0}
_MAX_DIX = 150  # a dix (one nine) is worth no more than a run (five cards), §5.1
_MAX_QUADRUPLE_PINOCHLE = 1500  # eight cards worth no more than a double run (ten cards), §5.1


NUMERIC_KEYS = (
    # whole numbers
    "hand_size",
    "deal_packet",
    "blind_size",
    "last_trick_bonus",
    "min_bid",
    "bid_unit",
    "dealer_stuck_bid",
    "dix_value",
    "meld_requires_points",
    "meld_minimum_to_record",
    "nonbidder_min_points",
    "game_target",
    "tie_extend_step",
    # lists of numbers
    "bid_unit_above",
    "forbidden_bid_endings",
    # one of a few numbers
    "quadruple_pinochle",
    "players",
    "kitty_size",
    "pass_count",
    "roundhouse_bonus",
)
"""The keys of a `Variant` whose values are numbers (a test checks the list against the
fields): `Variant._no_true_for_numbers` checks these."""


class VariantError(ValueError):
    """A variants file or preset is wrong; the message names file, preset, key and what is allowed."""


def _knob(default: Any, **constraints: int) -> Any:
    """A `Variant` field's default and its bounds (``ge``, ``le``, ``min_length``,
    ``max_length``, as pydantic's ``Field`` names them), kept as the field's metadata."""
    return field(default=default, metadata=constraints)


@dataclass(init=False, eq=False)
class Variant:
    """One house variant: the knobs of RULES.md §11 (x10 points throughout).

    Frozen and ``extra="forbid"``: an unknown key is an error naming the key.
    Derived tables (card points, meld values, seat → side) are computed once and cached.

    A plain dataclass (issue 12 §4: importing pydantic and building the model was four
    fifths of importing the rules).  Each field is declared once below, with its bounds
    as data (`_knob`); `Variant(**data)` and `model_validate` check them with `_fast_values`
    and then `_consistent`.  pydantic words what is wrong: when anything fails, the same
    data goes through `pydantic_model` (built on first use from these fields, with the
    same checks), and its `ValidationError` is raised, so every message is pydantic's as
    before.  The fast checks accept nothing pydantic refuses (a test compares the two).
    """

    model_fields: ClassVar[dict[str, Knob]]
    """Field name → `Knob` (its type, default and bounds), in declaration order."""

    name: str = _knob("custom", min_length=1, max_length=MAX_NAME)
    description: str = _knob("", max_length=MAX_DESCRIPTION)
    # §11 1-5: table and deal
    players: Literal[2, 3, 4, 5, 6, 8] = 4
    sides: Literal[
        "individual",
        "pairs_opposite",
        "teams_of_3_alternating",
        "teams_of_2_x4",
        "teams_of_4_alternating",
        "called_partner",
    ] = "pairs_opposite"
    deck: Literal["single48", "double80", "double96", "triple120"] = "single48"
    hand_size: int | None = _knob(None, ge=1, le=40)
    deal_packet: int = _knob(3, ge=1, le=5)
    # the round flow this form plays (DESIGN.md "Forms and round flows"): the auction game,
    # the two-hand stock game (§2.7) or the two-hand draft (§2.8, then an auction)
    round_flow: Literal["auction", "stock", "draft"] = "auction"
    # §11 6-10: kitty / widow
    kitty_size: Literal[0, 2, 3, 4, 5, 6] = 0
    kitty_mode: Literal["none", "bidder_takes_and_buries"] = "none"
    kitty_exposed: bool = False
    kitty_discards_count_for_bidder: bool = True
    # §11 64: racehorse's blind (§2.13): a kitty dealt and taken face down; sets kitty_size
    blind_size: int = _knob(0, ge=0, le=6)
    bury_restriction: Literal["not_melded_cards", "no_trump_or_ace_unless_forced", "none"] = "not_melded_cards"
    # §11 11-15: scale and counting
    trump_source: Literal["auction", "turn_up"] = "auction"
    score_scale: Literal["x10", "x1"] = "x10"
    count_method: Literal["classic_11_10_4_3_2", "ten_ten_five_five", "counters_10", "counters_1"] = "counters_10"
    last_trick_bonus: int = _knob(10, ge=0)
    round_card_points: bool = False  # §7.1 two-hand option: a card-point total ending in 7-9 rounds up
    # §11 16-27: auction
    min_bid: int = _knob(250, ge=10)
    bid_unit: int = _knob(10, ge=1)
    bid_unit_above: tuple[tuple[int, int], ...] = ()
    forbidden_bid_endings: tuple[int, ...] = ()
    bidding_rounds: Literal["open_auction", "single_round"] = "open_auction"
    pass_is_final: Literal[True] = True
    all_pass: Literal["dealer_stuck", "redeal"] = "dealer_stuck"
    dealer_stuck_bid: int | None = _knob(None, ge=10)
    # eldest_fixed_bid: the eldest's opening bid of min_bid is made automatically (racehorse, §3.5)
    forced_opener: Literal["none", "must_open_with_meld", "eldest_must_open", "eldest_fixed_bid"] = "none"
    bid_requires_marriage: bool = False  # §3.5 BC-CHECK: no bid without a marriage (the stuck dealer bids the least)
    trump_requirement: Literal["any", "marriage", "run_or_marriage_or_dix"] = "any"
    trump_violation: Literal["prevented", "auto_set"] = "prevented"
    # §11 31-33: passing
    pass_count: Literal[0, 2, 3, 4] = 4
    pass_order: Literal["partner_first", "simultaneous"] = "partner_first"
    # §11 34-45: meld
    meld_table: Literal["single_standard", "double_deck_pagat", "racehorse_ru"] = "single_standard"
    # §5.6, §0.4.14: a quadruple run, royal marriage or pinochle wins the game at once for its side
    quadruple_wins_game: bool = False
    double_meld_values: Literal["special", "twice_single"] = "special"
    run_marriage_rule: Literal["run_absorbs", "extra_card_marries", "independent"] = "extra_card_marries"
    roundhouse_bonus: Literal[0, 10] = 0
    # §0.4.13 eight-hand: four J♦ and four Q♠ score this in place of the pinochles they would
    # make (0: no such meld); needs four copies of each, the 96-card pack
    quadruple_pinochle: int = _knob(0, ge=0)
    dix_value: int = _knob(10, ge=0)
    who_melds: Literal["all", "bidder_only"] = "all"
    meld_requires: Literal["none", "one_trick", "scoring_trick", "min_points"] = "one_trick"
    meld_requires_points: int = _knob(0, ge=0)
    meld_minimum_to_record: int = _knob(0, ge=0)
    misdeal_nines: Literal["off", "five_nines", "five_nines_no_ace_or_six_nines_one_ace", "six_nines"] = "off"
    technical_misdeal: bool = False
    # §11 46-49: play
    first_leader: Literal["bidder", "eldest"] = "bidder"
    first_lead_must_be_trump: bool = False
    head_rule: Literal["pre1945", "post1945", "none"] = "pre1945"
    head_after_ruff: bool = False
    head_target: Literal["current_winner", "led_card"] = "current_winner"
    # §0.4.9-10 two-hand knobs
    two_hand_phase2_rule: Literal["pre1945", "post1945", "none"] = "post1945"
    last_stock_pick: Literal["winner_face_down", "winner_chooses"] = "winner_face_down"
    draft_discards_count_for: Literal["owner", "non_bidder"] = "owner"
    # §11 51-61: hand result and game
    contract_success_score: Literal["all_points", "bid_only"] = "all_points"
    set_penalty: Literal["minus_bid", "minus_double_bid", "zero"] = "minus_bid"
    set_forfeits_meld_and_tricks: bool = True
    nonbidder_min_points: int = _knob(0, ge=0)
    concession: Literal["off", "meld_only", "meld_plus_100"] = "meld_only"
    pinochling_wins_game: bool = False
    game_target: int = _knob(1500, ge=10)
    tie_break: Literal["bidder_first", "extend_target", "another_hand", "highest_score"] = "bidder_first"
    tie_extend_step: int = _knob(250, ge=10)
    must_bid_to_win: Literal["off", "always"] = "off"
    # §11 56: the stuck dealer (a forced bid) may throw the hand in before taking the widow (§9.2)
    concede_without_looking: Literal["off", "stuck_dealer"] = "off"
    # §11 62, §9: a check ledger beside the points (§9.1 Bicycle table, §9.2 RU three-hand table)
    check_scoring: Literal["off", "bicycle_partnership", "ru_three_hand"] = "off"
    # §11 63, §2.12, §0.4.11: after naming trump the bidder calls a trump card; the first other
    # player clockwise from the bidder holding a copy is the partner (sides = "called_partner");
    # trump_card_ask_from_right: the players are asked from the bidder's right, counter-clockwise
    called_partner_card: Literal["off", "trump_card_first_holder_clockwise", "trump_card_ask_from_right"] = "off"

    # ------------------------------------------------------------------ checks
    def __init__(self, **data: Any) -> None:
        """Checked like `model_validate` (pydantic's `ValidationError` when anything is wrong)."""
        _checked_into(self, data)

    @classmethod
    def model_validate(cls, data: Any) -> Variant:
        """A `Variant` from its fields (a dict, as `model_dump` gives it); pydantic's
        `ValidationError` (a `ValueError`) naming the key when anything is wrong."""
        if isinstance(data, Variant):
            return data
        v = object.__new__(cls)
        _checked_into(v, data)
        return v

    def model_dump(self, *, mode: str = "python", exclude: set[str] | frozenset[str] | None = None) -> dict[str, Any]:
        """The fields as a dict in declaration order (``mode="json"``: lists for tuples),
        as pydantic's ``model_dump`` gave them."""
        d = self.__dict__
        out = {name: d[name] for name in _FIELD_NAMES if not exclude or name not in exclude}
        if mode == "json":
            for name in _TUPLE_FIELDS:
                if name in out:
                    out[name] = _as_lists(out[name])
        return out

    def model_dump_json(self, *, exclude: set[str] | frozenset[str] | None = None) -> str:
        """`model_dump` (``mode="json"``) as compact JSON text, as pydantic's ``model_dump_json`` wrote it."""
        import json

        return json.dumps(self.model_dump(mode="json", exclude=exclude), ensure_ascii=False, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        """Equal when of the same type with the same fields (the derived tables aside)."""
        if type(other) is not type(self):
            return NotImplemented
        return self is other or _FIELD_VALUES(self.__dict__) == _FIELD_VALUES(other.__dict__)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(_FIELD_VALUES(self.__dict__))

    def __setattr__(self, name: str, value: Any) -> None:
        raise _frozen_error(name, value)

    def __delattr__(self, name: str) -> None:
        raise _frozen_error(name, None)

    def _consistent(self) -> Variant:
        """The knobs together (RULES.md §11, §12): one `ValueError` line for the first clash."""
        deck_size = _DECK_SIZE[self.deck]
        hs = self.cards_per_hand
        if (self.round_flow == "stock") != (self.trump_source == "turn_up"):
            raise ValueError(
                "round_flow = 'stock' turns up trump (trump_source = 'turn_up'); the other flows bid for it"
            )
        if self.players == 2 or self.round_flow != "auction":
            self._two_hand_checks()
        elif self.hand_size is None and (deck_size - self.kitty_size) % self.players:
            rest = deck_size - self.kitty_size
            kitty = f" less the {self.kitty_size}-card kitty ({rest})" if self.kitty_size else ""
            raise ValueError(
                f"the {deck_size}-card deck{kitty} does not divide among {self.players} players "
                f"({rest} = {self.players} x {rest // self.players} + {rest % self.players}); "
                "pick another deck, players or kitty_size"
            )
        elif hs * self.players + self.kitty_size != deck_size:
            raise ValueError(
                f"hand_size {hs} x {self.players} players + kitty_size {self.kitty_size} "
                f"must equal the {deck_size}-card deck"
            )
        self._table_checks()
        if self.sides == "individual" and self.players == 4 and self.pass_count:
            raise ValueError("pass_count > 0 needs partners (sides = 'pairs_opposite')")
        if self.pass_count and self.sides != "pairs_opposite":
            raise ValueError("pass_count > 0 needs partners (sides = 'pairs_opposite'); set pass_count = 0")
        if (self.kitty_size > 0) != (self.kitty_mode != "none"):
            raise ValueError(
                "kitty_size > 0 goes with kitty_mode = 'bidder_takes_and_buries', kitty_size = 0 with 'none'"
            )
        if self.kitty_size and self.pass_count:
            raise ValueError("a kitty game has no passing here: set pass_count = 0")
        if self.kitty_exposed and not self.kitty_size:
            raise ValueError("kitty_exposed needs a kitty (kitty_size > 0)")
        tables = _DECK_TABLES[self.deck]
        if self.meld_table not in tables:
            raise ValueError(f"deck = {self.deck!r} needs meld_table = {' or '.join(map(repr, tables))}")
        if self.deck == "double96" and self.double_meld_values != "special":
            raise ValueError(
                "deck = 'double96' splits 3 or 4 copies into doubles and singles at the special values "
                "(§0.4.13): double_meld_values = 'special'"
            )
        self._new_form_checks()
        if self.misdeal_nines != "off" and self.deck != "single48":
            raise ValueError("misdeal_nines is the single-deck rule (§5.8, 12 cards of 48): deck = 'single48'")
        if self.technical_misdeal and hs < 13:
            raise ValueError(f"technical_misdeal needs 13 cards without counters (§5.8): hands of 13 or more, not {hs}")
        if self.meld_requires == "min_points" and not self.meld_requires_points:
            raise ValueError("meld_requires = 'min_points' needs meld_requires_points > 0")
        steps = [
            self.min_bid,
            self.bid_unit,
            *(a for a, _ in self.bid_unit_above),
            *(u for _, u in self.bid_unit_above),
        ]
        if self.dealer_stuck_bid is not None:
            steps.append(self.dealer_stuck_bid)
        if self.score_scale == "x1":
            bad = [n for n in [*steps, self.last_trick_bonus, self.game_target, self.tie_extend_step] if n % 10]
            if bad:
                raise ValueError(f"score_scale = 'x1' needs every number in x10 points divisible by 10; got {bad[0]}")
            if self.count_method in ("classic_11_10_4_3_2", "ten_ten_five_five"):
                raise ValueError("score_scale = 'x1' needs count_method = 'counters_10' (A, 10, K count one each)")
        for above, unit in self.bid_unit_above:
            if above < self.min_bid or unit <= 0:
                raise ValueError("bid_unit_above entries are [from_bid, unit] with from_bid >= min_bid and unit > 0")
        if self.round_card_points and self.round_flow != "stock":
            raise ValueError("round_card_points is the two-hand rounding option: it needs round_flow = 'stock'")
        self._playable_checks()
        return self

    def _table_checks(self) -> None:
        """Seats and sides (§11 knobs 1-2, 63; §2.10-§2.12): each kind of side fits its
        number of players, and a called partner goes with its sides and an auction."""
        fits, words = _SIDES_PLAYERS[self.sides]
        if self.players not in fits:
            raise ValueError(f"sides = {self.sides!r} needs {words}; got players = {self.players}")
        calls = self.called_partner_card != "off"
        if calls != (self.sides == "called_partner"):
            raise ValueError(
                "sides = 'called_partner' goes with a called_partner_card other than 'off', and the other way "
                f"round; got sides = {self.sides!r}, called_partner_card = {self.called_partner_card!r}"
            )
        if calls and self.round_flow != "auction":
            raise ValueError("called_partner_card needs an auction (round_flow = 'auction'): the bidder calls it")
        if self.quadruple_pinochle:
            if self.deck != "double96":
                raise ValueError(
                    "quadruple_pinochle needs four J♦ and four Q♠ in the single-deck table: deck = 'double96'"
                )
            if self.quadruple_pinochle > _MAX_QUADRUPLE_PINOCHLE:
                raise ValueError(
                    f"quadruple_pinochle {self.quadruple_pinochle} is worth more than a double run; "
                    f"at most {_MAX_QUADRUPLE_PINOCHLE}"
                )

    def _new_form_checks(self) -> None:
        """Racehorse (§2.13, §5.6, §0.4.14) and check pinochle (§9, §0.4.15): each knob in
        one line where the combination makes no sense."""
        if self.blind_size:
            if self.kitty_size != self.blind_size:
                raise ValueError(
                    f"blind_size {self.blind_size} is the kitty dealt face down: kitty_size must be "
                    f"{self.blind_size} too (or left out), not {self.kitty_size}"
                )
            if self.kitty_exposed:
                raise ValueError("a blind is dealt and taken face down: kitty_exposed = false")
        if self.meld_table == "racehorse_ru":
            if self.deck != "double80":
                raise ValueError("meld_table = 'racehorse_ru' is the 80-card table (§5.6): deck = 'double80'")
            if not self.quadruple_wins_game:
                raise ValueError(
                    "meld_table = 'racehorse_ru' has no value for a quadruple: it wins the game "
                    "(quadruple_wins_game = true)"
                )
            if self.double_meld_values != "special":
                raise ValueError(
                    "meld_table = 'racehorse_ru' has its own doubles (§5.6): double_meld_values = 'special'"
                )
        if self.quadruple_wins_game and self.deck != "double80":
            raise ValueError("quadruple_wins_game needs four copies of a card: deck = 'double80'")
        auction = self.round_flow != "stock"
        if self.forced_opener == "eldest_fixed_bid" and not auction:
            raise ValueError("forced_opener = 'eldest_fixed_bid' opens an auction; the two-hand stock game has none")
        if self.bid_requires_marriage:
            if not auction:
                raise ValueError("bid_requires_marriage needs an auction; the two-hand stock game has none")
            if self.forced_opener in ("must_open_with_meld", "eldest_must_open"):
                raise ValueError(
                    f"bid_requires_marriage and forced_opener = {self.forced_opener!r} clash: a seat that must "
                    "open may hold no marriage; use forced_opener = 'none' or 'eldest_fixed_bid'"
                )
        if self.concede_without_looking != "off":
            if self.round_flow != "auction" or not self.kitty_size or self.all_pass != "dealer_stuck":
                raise ValueError(
                    "concede_without_looking = 'stuck_dealer' needs a widow and a stuck dealer: "
                    "kitty_size > 0, all_pass = 'dealer_stuck'"
                )
            if self.forced_opener == "eldest_fixed_bid":
                raise ValueError(
                    "concede_without_looking = 'stuck_dealer': with forced_opener = 'eldest_fixed_bid' "
                    "no dealer is ever stuck"
                )
        if self.check_scoring == "bicycle_partnership":
            if self.players != 4 or self.sides != "pairs_opposite" or self.deck != "single48" or not auction:
                raise ValueError(
                    "check_scoring = 'bicycle_partnership' is the four-hand partnership table (§9.1): "
                    "players = 4, sides = 'pairs_opposite', deck = 'single48', an auction"
                )
        elif self.check_scoring == "ru_three_hand" and (
            self.players != 3 or self.deck != "single48" or self.round_flow != "auction"
        ):
            raise ValueError(
                "check_scoring = 'ru_three_hand' is the three-hand table (§9.2), each check paid by each "
                f"of the other two: players = 3, deck = 'single48'; got players = {self.players}"
            )

    def _two_hand_checks(self) -> None:
        """The two-hand forms (§2.7, §2.8): two players, 48 cards, 12 each, the rest a
        stock (or the draft's discards), no kitty and no passing."""
        flow = self.round_flow
        if self.players != 2 or flow == "auction":
            raise ValueError(
                "players = 2 goes with round_flow = 'stock' (two-hand classic) or 'draft' (two-hand draft), "
                f"and those need players = 2; got players = {self.players}, round_flow = {flow!r}"
            )
        if self.deck != "single48":
            raise ValueError("the two-hand forms are played with deck = 'single48'")
        if self.cards_per_hand != 12:
            raise ValueError("the two-hand forms deal or draft 12 cards each: hand_size = 12")
        if self.sides != "individual":
            raise ValueError("two players are each for themselves: sides = 'individual'")
        if self.kitty_size or self.pass_count:
            raise ValueError("the two-hand forms have no kitty and no passing: kitty_size = 0, pass_count = 0")
        if flow == "stock":
            if self.concession != "off":
                raise ValueError("the two-hand stock game has no contract to throw in: concession = 'off'")
            if self.meld_requires != "none":
                raise ValueError("two-hand meld is scored when melded and always kept: meld_requires = 'none'")
            if self.roundhouse_bonus:
                raise ValueError("the two-hand stock game melds one meld at a time: roundhouse_bonus = 0")
            if self.who_melds != "all":
                raise ValueError("the two-hand stock game has no bidder: both players meld (who_melds = 'all')")

    def _playable_checks(self) -> None:
        """Every number has an upper bound that follows from the rules, so that a preset
        that validates can be played to the end (RULES.md §3.1–§3.4, §5, §7, §8.1, §8.5).

        - The last trick is worth no more than all the cards (§7.1) and a dix no more
          than a run (§5.1).
        - `hand_score_bound` is the most one side can score in one hand (§8.1: saved meld
          plus trick points).  ``min_bid``, the stuck dealer's bid and every bid unit
          are at most that: a contract no hand can make cannot be the least one offered.
          The grid of bids is capped there too (`bid_grid`).
        - ``game_target`` is within reach of `MAX_GAME_HANDS` hands each scored at that
          most (§8.5), and so is ``tie_extend_step``.
        - ``meld_requires_points`` and ``nonbidder_min_points`` are at most a hand's
          trick points (§5.7, §8.1.6), ``meld_minimum_to_record`` at most the most meld a
          side can show: a condition no hand can meet is refused.
        - The bid grid (§3.1, §3.3) has at most `MAX_BID_STEPS` bids, at least one bid
          not ruled out by ``forbidden_bid_endings`` (each the last two digits of a bid,
          0-99), and where a dealer can be stuck (§3.4) the stuck bid lies on its lines
          (in steps of ``bid_unit`` from ``min_bid``, also below it), not above the
          highest bid, and not on a forbidden ending.
        - ``min_bid`` and the stuck dealer's bid are made by some seeded deal
          often enough for the scores to rise (`_makeable_checks`): a game whose
          contracts are nearly all set cannot end.

        Raises `ValueError` with one line naming the numbers that clash.
        """
        cards = self.hand_trick_total - self.last_trick_bonus
        if self.last_trick_bonus > cards:
            raise ValueError(
                f"last_trick_bonus {self.last_trick_bonus} is worth more than all the cards ({cards} trick points); "
                f"at most {cards}"
            )
        if self.dix_value > _MAX_DIX:
            raise ValueError(f"dix_value {self.dix_value} is worth more than a run; at most {_MAX_DIX}")
        most = self.hand_score_bound
        why = self._bound_words()
        for key, value in (("min_bid", self.min_bid), ("dealer_stuck_bid", self.dealer_stuck_bid)):
            if value is not None and value > most:
                raise ValueError(f"{key} {value} is more than a side can score in a hand, {why}: no hand can make it")
        units = [("bid_unit", self.bid_unit)] + [("bid_unit_above", u) for _, u in self.bid_unit_above]
        for key, unit in units:
            if unit > most:
                raise ValueError(f"{key} {unit} is more than a side can score in a hand, {why}")
        froms = [a for a, _ in self.bid_unit_above]
        if froms != sorted(set(froms)):
            raise ValueError("bid_unit_above entries [from_bid, unit] go from the lowest from_bid up, each once")
        if froms and froms[-1] > most:
            raise ValueError(f"bid_unit_above from_bid {froms[-1]} is more than a side can score in a hand, {why}")
        reach = self.max_game_target
        if self.game_target > reach:
            raise ValueError(
                f"game_target {self.game_target} cannot be reached in {MAX_GAME_HANDS} hands: a side scores at most "
                f"{why} in a hand, so game_target is at most {reach}"
            )
        if self.tie_extend_step > reach:
            raise ValueError(f"tie_extend_step {self.tie_extend_step} is more than the largest game_target, {reach}")
        tricks = self.hand_trick_total
        needs = (
            ("meld_requires_points", self.meld_requires_points),
            ("nonbidder_min_points", self.nonbidder_min_points),
        )
        for key, value in needs:
            if value > tricks:
                raise ValueError(f"{key} {value} can never be met: a hand has {tricks} trick points")
        side_meld = self.seats_per_side * self.seat_meld_bound
        if self.meld_minimum_to_record > side_meld:
            raise ValueError(
                f"meld_minimum_to_record {self.meld_minimum_to_record} can never be met: "
                f"a side shows at most {side_meld} meld in a hand"
            )
        bad_ending = next((e for e in self.forbidden_bid_endings if not 0 <= e <= 99), None)
        if bad_ending is not None:
            raise ValueError(
                f"forbidden_bid_endings are the last two digits of a bid, 0 to 99 (e.g. [40, 90]); got {bad_ending}"
            )
        top = self.bid_top
        steps = sum((end - start) // unit + 1 for start, end, unit in self.bid_segments())
        grid = f"from min_bid {self.min_bid} to {top} in steps of {self.bid_unit}"
        if self.bid_unit_above:
            grid += " (then bid_unit_above)"
        if steps > MAX_BID_STEPS:
            raise ValueError(
                f"the bid grid {grid} has {steps} bids; at most {MAX_BID_STEPS}: raise bid_unit or lower game_target"
            )
        if self.forbidden_bid_endings:
            endings = {b % 100 for first, last, unit in self.bid_segments() for b in range(first, last + 1, unit)}
            idle = [e for e in self.forbidden_bid_endings if e not in endings]
            if idle:  # a knob value that does nothing is refused, like a knob not played
                shown = ", ".join(str(e) for e in sorted(endings)[:12]) + (", …" if len(endings) > 12 else "")
                raise ValueError(
                    f"forbidden_bid_endings {idle} match no bid {grid}, so they rule out nothing; "
                    f"the bids end in {shown}"
                )
        if not self.bid_grid:
            raise ValueError(
                f"forbidden_bid_endings {list(self.forbidden_bid_endings)} rule out every bid {grid}: "
                "no bid is possible"
            )
        if self.all_pass == "dealer_stuck":
            self._stuck_bid_checks()
        self._makeable_checks()

    def _makeable_checks(self) -> None:
        """The least contract must be made often enough for a game to end (issue 11 §1:
        partnership with min_bid 700 validated, yet every hand was set, both sides fell
        about 310 points a hand and no game ended; at 450 nine in ten were set).

        The bids checked: ``min_bid`` (every auction opens there; racehorse's eldest bids
        it unseen) and the stuck dealer's bid.  A bid up to `hand_trick_total` is made by
        the tricks alone.  Above that, `contract_drift` plays `MAKEABLE_DEALS` seeded
        deals at the bid, generously (the best side bids, takes every trick point when
        that makes it), and the sides' points of a hand, added up, must rise on average;
        when they fall no side nears the target and the bid is refused.  The two-hand
        stock game has no bid."""
        if self.round_flow == "stock":
            return
        bids = [("min_bid", self.min_bid)]
        if self.all_pass == "dealer_stuck" and self.dealer_stuck_bid is not None:
            bids.append(("dealer_stuck_bid", self.dealer_stuck_bid))
        tricks = self.hand_trick_total
        for key, bid in bids:
            if bid <= tricks:
                continue
            drift, made, deals = contract_drift(self, bid)
            if drift <= 0:
                how = f"in only {made}" if made else "in none"
                raise ValueError(
                    f"{key} {bid} is too high for a game to end: in {deals} seeded deals the best side makes it "
                    f"(meld + all {tricks} trick points) {how}, so the sides' points fall by {-drift} a hand "
                    f"on average (a set costs {self._set_cost(bid)}) and no side nears the target"
                )

    def _set_cost(self, bid: int) -> int:
        """What a set bidder loses (§8.1: ``set_penalty``)."""
        return {"minus_bid": bid, "minus_double_bid": 2 * bid, "zero": 0}[self.set_penalty]

    def _stuck_bid_checks(self) -> None:
        """The stuck dealer's bid (§3.4) is on the lines of the bid grid, also below
        ``min_bid`` (house: open 200, stuck at 190), not above the highest bid, and not
        a forbidden ending."""
        stuck = self.stuck_bid
        key = f"dealer_stuck_bid {stuck}" if self.dealer_stuck_bid is not None else f"the stuck dealer's bid, {stuck},"
        if stuck > self.max_bid:
            raise ValueError(f"{key} is above the highest bid, {self.max_bid}")
        if stuck % 100 in self.forbidden_bid_endings:
            raise ValueError(f"{key} ends in {stuck % 100}, which forbidden_bid_endings rule out")
        below = stuck < self.min_bid
        if (below and (self.min_bid - stuck) % self.bid_unit) or (not below and not self._on_grid_lines(stuck)):
            raise ValueError(
                f"{key} is off the bid grid (min_bid {self.min_bid} in steps of {self.bid_unit}"
                f"{', then bid_unit_above' if self.bid_unit_above else ''})"
            )

    def _bound_words(self) -> str:
        """`hand_score_bound` and how it is made, for an error message."""
        seats = self.seats_per_side
        meld = f"{seats} x {self.seat_meld_bound}" if seats > 1 else str(self.seat_meld_bound)
        return f"{self.hand_score_bound} ({self.hand_trick_total} trick points + {meld} meld)"

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Variant:
        """A validated copy with ``update`` applied (derived tables are recomputed, and a
        bad value raises pydantic's `ValidationError`)."""
        data = self.model_dump()
        data.update(update or {})
        return Variant.model_validate(data)

    # ------------------------------------------------------------------ derived
    @cached_property
    def cards_per_hand(self) -> int:
        """Cards dealt to each seat (§11 knob 4, derived when not given)."""
        if self.hand_size is not None:
            return self.hand_size
        if self.round_flow != "auction":
            return 12  # §2.7, §2.8: 12 each; the other 24 are the stock or the draft's discards
        return (_DECK_SIZE[self.deck] - self.kitty_size) // self.players

    @cached_property
    def tricks_per_hand(self) -> int:
        """Tricks in one hand: one per card held, and 24 in the two-hand stock game (12
        while the stock lasts and 12 after it, §2.7)."""
        return 2 * self.cards_per_hand if self.round_flow == "stock" else self.cards_per_hand

    @cached_property
    def play_flags(self) -> tuple[int, bool, bool, bool]:
        """(head rule 0 pre1945 / 1 post1945 / 2 none, head the led card, head after a
        ruff, first lead must be trump) for the trick-play hot path (§6.2)."""
        head = _HEAD_CODE[self.head_rule]
        return head, self.head_target == "led_card", self.head_after_ruff, self.first_lead_must_be_trump

    @cached_property
    def phase2_head(self) -> int:
        """The two-hand stock game's phase-2 rule as `play_flags` codes it (§6.4)."""
        return _HEAD_CODE[self.two_hand_phase2_rule]

    @cached_property
    def may_misdeal(self) -> bool:
        """Whether any misdeal claim exists in this variant (§5.8)."""
        return self.misdeal_nines != "off" or self.technical_misdeal

    @cached_property
    def stuck_bid(self) -> int:
        """The contract a stuck dealer takes (§3.4, knob 23)."""
        return self.dealer_stuck_bid if self.dealer_stuck_bid is not None else self.min_bid

    @cached_property
    def side_of(self) -> tuple[int, ...]:
        """Seat index → side index (the score entries of a game).  Pairs: seats 0 & 2 are
        side 0, 1 & 3 side 1; teams of three or four alternate the same way (0, 2, 4 against
        1, 3, 5); four teams of two: seat i with seat i + 4 (side i % 4).  Each for self and
        a called partner (§2.12: scores are kept per player): one side per seat."""
        n = self.players
        if self.sides in ("pairs_opposite", "teams_of_3_alternating", "teams_of_4_alternating"):
            return tuple(s % 2 for s in range(n))
        if self.sides == "teams_of_2_x4":
            return tuple(s % 4 for s in range(n))
        return tuple(range(n))

    @cached_property
    def n_sides(self) -> int:
        return max(self.side_of) + 1

    @cached_property
    def seats_of_side(self) -> tuple[tuple[int, ...], ...]:
        """Side index → its seats, in seat order (the inverse of `side_of`)."""
        return tuple(tuple(s for s in range(self.players) if self.side_of[s] == side) for side in range(self.n_sides))

    @cached_property
    def card_points(self) -> tuple[int, ...]:
        """Trick points of each of the 24 faces, x10 (§7.1)."""
        per_rank = {
            "classic_11_10_4_3_2": (11, 10, 4, 3, 2, 0),
            "ten_ten_five_five": (10, 10, 5, 5, 0, 0),
            "counters_10": (10, 10, 10, 0, 0, 0),
            "counters_1": (10, 10, 10, 0, 0, 0),
        }[self.count_method]
        return tuple(per_rank[i % 6] for i in range(24))

    @cached_property
    def hand_trick_total(self) -> int:
        """All trick points of one hand: every card's points plus the last trick (§7)."""
        from .cards import make_deck

        return sum(self.card_points[c] for c in make_deck(self.deck)) + self.last_trick_bonus

    @cached_property
    def seats_per_side(self) -> int:
        """Seats whose meld one side can score in a hand: the largest side (2 for partners,
        3 or 4 in the six- and eight-hand teams, 1 each for self), and 2 with a called
        partner (§0.4.11: bidder and partner each score the pair's whole meld)."""
        if self.sides == "called_partner":
            return 2
        return max(map(len, self.seats_of_side))

    @cached_property
    def seat_meld_bound(self) -> int:
        """An upper bound on the meld one seat scores in one hand (RULES.md §5.2): each
        part of the count at its whole-pack value (`_PACK_MELD`), both trump nines as dix,
        the roundhouse bonus.  The two-hand stock game melds one meld at a time (§5.9) and
        a single grown into its double counts both, so there the bound is doubled."""
        pack = _PACK_MELD[self.meld_table, self.deck]
        if self.quadruple_pinochle:
            pack += max(0, self.quadruple_pinochle - _PACK_PINOCHLES[self.deck])
        one = pack + _TRUMP_NINES[self.deck] * self.dix_value + self.roundhouse_bonus
        return 2 * one if self.round_flow == "stock" else one

    @cached_property
    def hand_score_bound(self) -> int:
        """The most one side can score in one hand (RULES.md §8.1): all the trick points
        (`hand_trick_total`, buried cards and draft discards included) plus the meld
        bound of each of its seats.  (A concession's ``meld_plus_100`` stays below it: a
        hand has at least 240 trick points.)"""
        return self.hand_trick_total + self.seats_per_side * self.seat_meld_bound

    @cached_property
    def max_game_target(self) -> int:
        """The largest game target a game of this variant can reach in `MAX_GAME_HANDS`
        hands, each scored at `hand_score_bound` (§8.5): the upper bound of
        ``game_target`` (and a sane bound for a target given for one game)."""
        return MAX_GAME_HANDS * self.hand_score_bound

    @cached_property
    def scale(self) -> int:
        """Divisor for display: 1 for x10 presets, 10 for x1 presets (§0.4.1)."""
        return 10 if self.score_scale == "x1" else 1

    @cached_property
    def bid_top(self) -> int:
        """The ceiling of the bid grid: twice the game target (at least 50 units above the
        minimum), but never more than a side can score in a hand (`hand_score_bound`)."""
        return min(max(2 * self.game_target, self.min_bid + 50 * self.bid_unit), self.hand_score_bound)

    def bid_segments(self) -> list[tuple[int, int, int]]:
        """The bid grid as ``(first, last, unit)`` runs up to `bid_top` (§3.1, §3.3): from
        ``min_bid`` in ``bid_unit`` steps, then from each ``bid_unit_above`` threshold in
        its unit (forbidden endings not yet left out)."""
        top = self.bid_top
        starts = [(self.min_bid, self.bid_unit), *self.bid_unit_above]
        out = []
        for i, (start, unit) in enumerate(starts):
            end = min(top, starts[i + 1][0] - 1) if i + 1 < len(starts) else top
            if end >= start:
                out.append((start, end, unit))
        return out

    @cached_property
    def bid_grid(self) -> tuple[int, ...]:
        """Every bid `legal_actions` offers, lowest first (§3.1, §3.3): from ``min_bid``
        on the grid up to `bid_top`, without the ``forbidden_bid_endings``."""
        banned = set(self.forbidden_bid_endings)
        return tuple(
            b
            for first, last, unit in self.bid_segments()
            for b in range(first, last + 1, unit)
            if b % 100 not in banned
        )

    @cached_property
    def bid_set(self) -> frozenset[int]:
        """`bid_grid` as a set, for checking a bid."""
        return frozenset(self.bid_grid)

    @cached_property
    def max_bid(self) -> int:
        """Highest bid offered and accepted."""
        return self.bid_grid[-1]

    def bid_step(self, amount: int) -> int:
        """The raise unit in force at ``amount`` (§3.3: larger unit above a threshold)."""
        unit = self.bid_unit
        for above, u in self.bid_unit_above:
            if amount >= above:
                unit = u
        return unit

    def is_on_grid(self, amount: int) -> bool:
        """Whether ``amount`` is a bid the grid allows (§3.1 (c), §3.3), ignoring the current high bid."""
        if amount < self.min_bid:
            return False
        if not self._on_grid_lines(amount):
            return False
        return not any(amount % 100 == e for e in self.forbidden_bid_endings)

    def _on_grid_lines(self, amount: int) -> bool:
        """Whether ``amount`` (at least ``min_bid``) is a whole number of steps from the
        start of its part of the grid (§3.3), forbidden endings aside."""
        unit = self.bid_step(amount)
        base = self.min_bid
        for above, _unit in self.bid_unit_above:
            if amount >= above:
                base = above
        return (amount - base) % unit == 0

    def next_bid_after(self, amount: int | None) -> int:
        """The smallest bid on the grid above ``amount`` (the minimum bid when None);
        ``max_bid`` + 1 when there is none."""
        if amount is None:
            return self.bid_grid[0]
        i = bisect.bisect_right(self.bid_grid, amount)
        return self.bid_grid[i] if i < len(self.bid_grid) else self.max_bid + 1

    def fmt(self, points: int) -> str:
        """Points in the preset's display scale (x1 presets show tenths)."""
        if self.scale == 1:
            return str(points)
        q, r = divmod(points, 10)
        return str(q) if r == 0 else f"{points / 10:g}"

    def summary(self) -> str:
        """A one-line plain-words summary made from the fields."""
        if self.description:
            return self.description
        if self.round_flow == "stock":
            return f"two-hand: turned-up trump, meld after each won trick, stock, to {self.fmt(self.game_target)}"
        if self.round_flow == "draft":
            bid, to = self.fmt(self.min_bid), self.fmt(self.game_target)
            return f"two-hand draft: build 12 cards, then bid from {bid}, to {to}"
        parts = [f"{self.players} players", _SIDES_WORDS[self.sides]]
        parts.append(_DECK_WORDS[self.deck])
        if self.kitty_size:
            parts.append(f"{self.kitty_size}-card {'blind' if self.blind_size else 'kitty'}")
        if self.pass_count:
            parts.append(f"pass {self.pass_count}")
        parts.append(f"min bid {self.fmt(self.min_bid)}")
        parts.append(f"to {self.fmt(self.game_target)}")
        return ", ".join(parts)


_SIDES_WORDS = {
    "individual": "each for self",
    "pairs_opposite": "partners",
    "teams_of_3_alternating": "two teams of three",
    "teams_of_2_x4": "four teams of two",
    "teams_of_4_alternating": "two teams of four",
    "called_partner": "the bidder calls a partner",
}
_DECK_WORDS = {"single48": "48 cards", "double80": "double deck", "double96": "96 cards", "triple120": "120 cards"}


# ---------------------------------------------------------------------- makeable bids

MAKEABLE_DEALS = 64
"""Seeded deals `contract_drift` plays a bid in."""


def _meld_key(v: Variant) -> tuple[Any, ...]:
    """What `dealt_sides` depends on (two variants that agree on it deal and meld alike)."""
    return (
        v.deck,
        v.players,
        v.cards_per_hand,
        v.kitty_size,
        v.seats_of_side,
        v.who_melds,
        v.meld_table,
        v.double_meld_values,
        v.run_marriage_rule,
        v.dix_value,
        v.roundhouse_bonus,
        v.quadruple_wins_game,
    )


_DEALT: dict[tuple[Any, ...], list[tuple[int, int]]] = {}  # _meld_key -> dealt_sides so far


def _deal(v: Variant, k: int) -> tuple[int, int]:
    """Deal ``k`` of `dealt_sides`."""
    import random

    from .cards import make_deck
    from .meld import score_meld

    n, kitty_n, seats = v.cards_per_hand, v.kitty_size, v.players
    cards = make_deck(v.deck)
    random.Random(f"pinochle-makeable-{k}").shuffle(cards)
    hands = [cards[i * n : (i + 1) * n] for i in range(seats)]
    kitty = cards[seats * n : seats * n + kitty_n]
    alone = v.who_melds == "bidder_only"
    best, rest = -1, 0
    for trump in range(4):
        plain = [score_meld(h, trump, v).total for h in hands]
        everyone = sum(plain)
        for side in v.seats_of_side:
            partners = sum(plain[s] for s in side)
            for bidder in side:
                own = score_meld(hands[bidder] + kitty, trump, v).total if kitty else plain[bidder]
                meld = own if alone else own + partners - plain[bidder]
                if meld > best:
                    best, rest = meld, 0 if alone else everyone - partners
    return best, rest


def dealt_sides(v: Variant, k: int) -> tuple[int, int]:
    """Seeded deal ``k`` of ``v`` (the pack shuffled by ``random.Random(f"pinochle-makeable-{k}")``
    and dealt ``cards_per_hand`` to each seat, the kitty after them) as (the best side's
    meld, the other sides' meld in its trump).  A side's meld is, in its best trump, its
    seats' meld as dealt (§5.7: partners never pool; ``who_melds = "bidder_only"``: the
    bidder's alone, and no other side melds), the kitty in the bidder's hand (each seat
    of the side tried as the bidder).  Passing is not counted.  Cached per variant kind."""
    done = _DEALT.setdefault(_meld_key(v), [])
    while len(done) <= k:
        done.append(_deal(v, len(done)))
    return done[k]


def contract_drift(v: Variant, bid: int) -> tuple[int, int, int]:
    """How the sides' points move, a hand at ``bid`` (x10, rounded), with the deals made
    and the deals played: at most `MAKEABLE_DEALS` of `dealt_sides`.

    Generous to the game's end: the best side bids, and it makes the bid when its meld
    plus all the trick points reach it (§8.1); then the hand adds its meld, the others'
    meld and all the trick points; a set adds ``-`` its `set_penalty` instead of its own
    meld.  (The trick points of a hand are counted once, whoever takes them.)  The deals
    stop once the ones left cannot bring the mean down to 0: a preset whose bids are
    made costs a deal or two."""
    tricks = v.hand_trick_total
    cost = v._set_cost(bid)
    low = min(0, tricks - cost)  # the least one deal adds
    total = made = 0
    for k in range(MAKEABLE_DEALS):
        meld, rest = dealt_sides(v, k)
        if meld + tricks >= bid:
            total += meld + rest + tricks
            made += 1
        else:
            total += rest + tricks - cost
        left = MAKEABLE_DEALS - k - 1
        if total + left * low > 0:
            return round(total / (k + 1)), made, k + 1
    return round(total / MAKEABLE_DEALS), made, MAKEABLE_DEALS


# ---------------------------------------------------------------------- loading


def shipped_variants_path() -> Path:
    """The `variants.toml` shipped with the game.

    In a wheel it lies inside the ``rules`` package; in a source checkout it is the
    top-level file beside ``rules/``.  (``importlib.resources`` only for a package that
    is not a directory, such as a zip: importing it cost each start-up a few ms.)
    """
    here = Path(__file__).parent
    inside = here / "variants.toml"
    if inside.is_file():
        return inside
    if here.is_dir():
        return here.resolve().parent / "variants.toml"
    from importlib import resources

    packaged = resources.files("rules").joinpath("variants.toml")
    return Path(str(packaged))


def _has_huge_int(value: Any, depth: int = 0) -> bool:
    """Whether ``value`` (a number, or lists of them) holds an int of more than `MAX_DIGITS` digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) >= 10**MAX_DIGITS
    if isinstance(value, list | tuple) and depth < 4:
        return any(_has_huge_int(x, depth + 1) for x in value)
    return False


def _short(text: str, limit: int = MAX_NAME) -> str:
    """``text`` quoted, cut to ``limit`` characters (a name from a file may be very long)."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _where(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc) if loc else "(preset)"


# ---------------------------------------------------------------------- the fields as data


class Knob:
    """One `Variant` field: its type (``annotation``), ``default`` and bounds
    (``metadata``: ``ge``, ``le``, ``min_length``, ``max_length``), as pydantic's
    ``FieldInfo`` names them."""

    __slots__ = ("annotation", "default", "metadata")

    def __init__(self, annotation: Any, default: Any, metadata: dict[str, int]) -> None:
        self.annotation = annotation
        self.default = default
        self.metadata = metadata

    def __repr__(self) -> str:
        return f"Knob({self.annotation!r}, default={self.default!r}, {self.metadata!r})"


def _knobs() -> dict[str, Knob]:
    """Each field's `Knob`.  Its annotation (text, under ``from __future__ import
    annotations``) is evaluated in this module's names once per distinct text, where
    `typing.get_type_hints` evaluated all 68 through its checks: half of importing this
    module (issue 12 §4); the same objects (`tests/rules/test_import_cost.py`)."""
    import dataclasses

    evaluated: dict[str, Any] = {}
    knobs = {}
    for f in dataclasses.fields(Variant):
        annotation = f.type
        if isinstance(annotation, str):
            if annotation not in evaluated:
                evaluated[annotation] = eval(annotation, globals())  # our own annotations
            annotation = evaluated[annotation]
        knobs[f.name] = Knob(annotation, f.default, dict(f.metadata))
    return knobs


Variant.model_fields = _knobs()
_FIELD_NAMES = tuple(Variant.model_fields)
_FIELD_VALUES = operator.itemgetter(*_FIELD_NAMES)
_DEFAULTS = {name: k.default for name, k in Variant.model_fields.items()}
_TUPLE_FIELDS = tuple(name for name, k in Variant.model_fields.items() if type(k.default) is tuple)
_NUMBER_FIELDS = frozenset(name for name, f in Variant.model_fields.items() if f.annotation in (int, int | None))
_HUGE = 10**MAX_DIGITS
_BAD: Any = object()  # a value `_fast_values` leaves to pydantic


def _fast_check(name: str, knob: Knob) -> Any:
    """The check of one field on the normal path: the value when it is plainly of the
    field's type and within its bounds (what pydantic would give back unchanged, lists
    as tuples), else `_BAD`.  Conservative: anything unusual is left to pydantic."""
    import typing

    ann, meta = knob.annotation, knob.metadata
    if typing.get_origin(ann) is Literal:
        allowed = {(type(a), a) for a in typing.get_args(ann)}

        def literal(value: Any) -> Any:
            return value if type(value) in (str, int, bool) and (type(value), value) in allowed else _BAD

        return literal
    if ann is bool:
        return lambda value: value if type(value) is bool else _BAD
    if ann is int or ann == int | None:
        lo = max(meta.get("ge", -_HUGE + 1), -_HUGE + 1)
        hi = min(meta.get("le", _HUGE - 1), _HUGE - 1)
        optional = ann is not int

        def number(value: Any) -> Any:
            if type(value) is int and lo <= value <= hi:
                return value
            return None if value is None and optional else _BAD

        return number
    if ann is str:
        shortest, longest = meta.get("min_length", 0), meta.get("max_length", _HUGE)

        def text(value: Any) -> Any:
            return value if type(value) is str and shortest <= len(value) <= longest and plain_text(value) else _BAD

        return text
    if ann == tuple[int, ...]:

        def numbers(value: Any) -> Any:
            if type(value) in (list, tuple) and all(type(x) is int and -_HUGE < x < _HUGE for x in value):
                return tuple(value)
            return _BAD

        return numbers
    if ann == tuple[tuple[int, int], ...]:

        def pairs(value: Any) -> Any:
            if type(value) not in (list, tuple):
                return _BAD
            out = []
            for pair in value:
                if type(pair) not in (list, tuple) or len(pair) != 2:
                    return _BAD
                if not all(type(x) is int and -_HUGE < x < _HUGE for x in pair):
                    return _BAD
                out.append(tuple(pair))
            return tuple(out)

        return pairs
    raise TypeError(f"Variant.{name}: no fast check for {ann!r}; add one to _fast_check")


_CHECKS = {name: _fast_check(name, k) for name, k in Variant.model_fields.items()}


def _blind_is_the_kitty(data: Any) -> Any:
    """A ``blind_size`` is the kitty dealt face down (§2.13): it fills in ``kitty_size``
    and ``kitty_mode`` when a preset leaves them out."""
    if isinstance(data, dict):
        blind = data.get("blind_size")
        if type(blind) is int and blind > 0:
            data = dict(data)
            data.setdefault("kitty_size", blind)
            data.setdefault("kitty_mode", "bidder_takes_and_buries")
    return data


def _fast_values(data: Any) -> dict[str, Any] | None:
    """Every field's value (defaults filled in) when each key is a field and each value
    passes its `_fast_check`; None when anything is left to pydantic."""
    if type(data) is not dict:
        return None
    data = _blind_is_the_kitty(data)
    out = dict(_DEFAULTS)
    for key, value in data.items():
        check = _CHECKS.get(key)
        if check is None:
            return None
        value = check(value)
        if value is _BAD:
            return None
        out[key] = value
    return out


def _checked_into(v: Variant, data: Any) -> None:
    """Fill the new ``v`` from ``data``, checked: the fast checks, then the knobs together
    (`Variant._consistent`); on anything wrong, pydantic's check of the same data raises
    its `ValidationError` (and should pydantic take what the fast checks left, its values)."""
    d = v.__dict__
    values = _fast_values(data)
    if values is not None:
        d.update(values)
        try:
            v._consistent()
            return
        except (ValueError, AssertionError):
            d.clear()  # pydantic words it
    model = pydantic_model().model_validate(data)
    d.clear()
    d.update({name: getattr(model, name) for name in _FIELD_NAMES})


def _as_lists(value: Any) -> Any:
    return [_as_lists(x) for x in value] if isinstance(value, tuple) else value


def _frozen_error(name: str, value: Any) -> Exception:
    """pydantic's error for assigning to a frozen model, as before."""
    from pydantic import ValidationError

    return ValidationError.from_exception_data("Variant", [{"type": "frozen_instance", "loc": (name,), "input": value}])


@functools.cache
def pydantic_model() -> type[BaseModel]:
    """`Variant` as the pydantic model it was: the same fields, bounds and checks, built on
    first use.  It words what is wrong with a variant (`Variant.model_validate` passes bad
    data here) and reads the variant of a saved game (`pinochle_tui.save`)."""
    from pydantic import ConfigDict, Field, ValidationInfo, create_model, field_validator, model_validator
    from pydantic_core import PydanticCustomError

    def no_true_for_numbers(cls: Any, value: Any, info: ValidationInfo) -> Any:
        """TOML ``true``/``false``, a quoted ``"4"`` or a float ``250.0`` is not a number
        (pydantic would read them as 1/0, 4 and 250); nor is a number of more than
        `MAX_DIGITS` digits, anywhere in a value (its text alone could not be printed).
        Only on the keys that hold numbers (`NUMERIC_KEYS`)."""
        if type(value) in (bool, str, float) and info.field_name in _NUMBER_FIELDS:
            raise PydanticCustomError("int_type", "must be a whole number (integer)")
        if _has_huge_int(value):
            raise PydanticCustomError("int_huge", f"numbers have at most {MAX_DIGITS} digits")
        return value

    def blind_is_the_kitty(cls: Any, data: Any) -> Any:
        return _blind_is_the_kitty(data)

    def consistent(self: Any) -> Any:
        v = object.__new__(Variant)
        v.__dict__.update({name: getattr(self, name) for name in _FIELD_NAMES})
        v._consistent()
        return self

    bounds: dict[str, Any] = {}
    fields: dict[str, Any] = {
        name: (k.annotation, Field(default=k.default, **(bounds | k.metadata)))
        for name, k in Variant.model_fields.items()
    }
    validators: dict[str, Any] = {
        "_no_true_for_numbers": field_validator(*NUMERIC_KEYS, mode="before")(classmethod(no_true_for_numbers)),
        "_blind_is_the_kitty": model_validator(mode="before")(classmethod(blind_is_the_kitty)),  # type: ignore[arg-type]
        "_consistent": model_validator(mode="after")(consistent),
    }
    model: type[BaseModel] = create_model(  # type: ignore[call-overload]
        "Variant", __config__=ConfigDict(frozen=True, extra="forbid"), __validators__=validators, **fields
    )
    return model


def _plain(err: Any) -> str:
    """One pydantic error in plain words, with the values (or keys) allowed."""
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    if kind == "extra_forbidden":
        key = str(err.get("loc", ("",))[-1])
        known = [f for f in Variant.model_fields if f != "name"] + ["extends"]
        import difflib  # only for this message

        close = difflib.get_close_matches(key, known, n=1)
        if close:
            return f"unknown key; did you mean {close[0]!r}?"
        return f"unknown key; the keys are: {', '.join(sorted(known))}"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '?')}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "must be a whole number (integer)"
    if kind in ("bool_type", "bool_parsing"):
        return "must be true or false"
    if kind == "string_type":
        return "must be text in quotes"
    if kind in ("tuple_type", "list_type"):
        return "must be a list, e.g. [[600, 50]]"
    msg = str(err.get("msg", "invalid"))
    return msg.removeprefix("Value error, ")


def _shipped_data(text: str) -> dict[str, Any] | None:
    """``text``'s tables when it is the shipped `variants.toml` as `rules.shipped_presets`
    holds it, parsed already (issue 12 §4: parsing it with tomllib, and importing tomllib,
    cost each start about 17 M instructions); None for any other text, which is parsed."""
    from . import shipped_presets

    if text != shipped_presets.TEXT:
        return None
    return {name: dict(table) for name, table in shipped_presets.DATA.items()}


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    """``text`` read by tomllib, its nesting bounded first (`parse_toml`: tomllib recurses
    into arrays and inline tables, and is slow on long dotted keys); `VariantError`
    naming ``source`` for what it cannot read."""
    import tomllib

    try:
        return parse_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"{source}: not valid TOML: {exc}") from None
    except TooDeep as exc:
        raise VariantError(
            f"{source}: arrays, tables or dotted keys {exc}; a preset's values are numbers, "
            "words, true/false and lists like [[600, 50]]"
        ) from None
    except ValueError:  # tomllib: an integer longer than Python reads (sys.get_int_max_str_digits)
        raise VariantError(
            f"{source}: a number too long to read; a preset's numbers have at most {MAX_DIGITS} digits"
        ) from None


def write_shipped_presets(path: Path | None = None) -> Path:
    """Write `rules.shipped_presets` from the shipped `variants.toml` (after editing it;
    `tests/rules/test_shipped_presets.py` fails until this is run):

        .venv/bin/python -c "import rules.variant as v; v.write_shipped_presets()"
        .venv/bin/ruff format rules/shipped_presets.py
    """

    text = shipped_variants_path().read_text(encoding="utf-8")
    out = path or Path(__file__).with_name("shipped_presets.py")
    out.write_text(
        "# ruff: noqa: E501\n"
        '"""The shipped `variants.toml`, its text and its tables as tomllib reads them, written by\n'
        "`rules.variant.write_shipped_presets` (issue 12 §4: the start does not parse it).  Do not edit:\n"
        'edit variants.toml and run that function; `tests/rules/test_shipped_presets.py` checks it."""\n\n'
        f"TEXT = {text!r}\n\nDATA: dict[str, dict[str, object]] = {parse_toml(text)!r}\n",
        encoding="utf-8",
    )
    return out


def load_variants_text(
    text: str, source: str = "variants.toml", base: dict[str, Variant] | None = None, *, lazy: bool = False
) -> dict[str, Variant]:
    """Parse TOML text of presets (RULES.md §12) into ``{name: Variant}``.

    Each top-level table is a preset; ``extends = "other"`` starts from another preset
    of the same text or of ``base``.  Raises `VariantError` naming ``source``, the
    preset and the key, with the allowed values (also for arrays or inline tables nested
    too deeply for the TOML reader).

    ``lazy``: each preset is built and checked when it is first looked up, listed or
    extended (`Presets`), not here: for the shipped presets, of which a game plays one
    (issue 12 §4: checking all fifteen at every start cost a game's start-up more than
    the one it plays).  The TOML text is read, and its preset names checked, at once.
    """
    data = _shipped_data(text)
    if data is None:
        data = _parse_toml(text, source)
    base = {} if base is None else base  # not copied: a lazy `Presets` builds only what is extended
    raw: dict[str, dict[str, Any]] = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            raise VariantError(f"{source}: top-level key {_short(name)} must be a [preset] table")
        if not 1 <= len(name) <= MAX_NAME:
            raise VariantError(f"{source}: preset name {_short(name)} has {len(name)} characters; give 1 to {MAX_NAME}")
        raw[name] = table
    out: dict[str, Variant] = {}

    def build(name: str, chain: tuple[str, ...]) -> Variant:
        if name in out:
            return out[name]
        if name not in raw:
            if name in base:
                return base[name]
            known = sorted((set(raw) | set(base)) - set(chain))  # not the preset being defined
            raise VariantError(
                f"{source}: preset {chain[-1]!r}, key 'extends': unknown preset {name!r}; presets: {', '.join(known)}"
            )
        if name in chain:
            raise VariantError(f"{source}: preset {name!r}: extends itself through {' -> '.join(chain)}")
        if len(chain) >= MAX_EXTENDS:
            raise VariantError(f"{source}: preset {chain[0]!r}: its extends chain is longer than {MAX_EXTENDS} presets")
        table = dict(raw[name])
        parent = table.pop("extends", None)
        fields: dict[str, Any] = {}
        if parent is not None:
            if not isinstance(parent, str):
                raise VariantError(f"{source}: preset {name!r}, key 'extends': must be a preset name")
            fields = build(parent, (*chain, name)).model_dump(exclude={"name", "description"})
        fields.update(table)
        fields["name"] = name
        fields.setdefault("description", table.get("description", ""))
        try:
            v = Variant.model_validate(fields)
        except ValueError as exc:  # pydantic's ValidationError (imported only when one is raised)
            from pydantic import ValidationError

            if not isinstance(exc, ValidationError):
                raise
            err = exc.errors()[0]
            loc = err.get("loc", ())
            where = f"key {_where(loc)!r}" if loc else "keys"
            why = _plain(err)
            if loc and loc[0] == "bid_unit_above" and len(loc) > 1:
                where = "key 'bid_unit_above'"
                why = "each entry must be [above, unit], two whole numbers, e.g. [[600, 50]]"
            raise VariantError(f"{source}: preset {name!r}, {where}: {why}") from None
        out[name] = v
        return v

    if lazy:
        return Presets(raw, lambda name: build(name, ()))
    for name in raw:
        build(name, ())
    return out


_PENDING: Any = object()  # a preset of `Presets` not built yet


class Presets(dict[str, Variant]):
    """Presets by name, in file order, each built and checked (`Variant.model_validate`)
    the first time it is looked up, listed (``values``, ``items``, a copy) or extended
    by a user's preset; ``in``, ``len`` and the names need none built.

    A `dict` (its callers' type), holding a placeholder for a preset not yet built;
    every way of reading a value goes through `__getitem__`."""

    def __init__(self, names: Any, build: Callable[[str], Variant]) -> None:
        super().__init__(dict.fromkeys(names, _PENDING))
        self._build = build

    def __getitem__(self, name: str) -> Variant:
        v = dict.__getitem__(self, name)
        if v is _PENDING:
            v = self._build(name)
            dict.__setitem__(self, name, v)
        return v

    def built(self) -> list[str]:
        """The presets built so far, in file order."""
        return [name for name, v in dict.items(self) if v is not _PENDING]

    def get(self, name: str, default: Any = None) -> Any:  # type: ignore[override]
        return self[name] if name in self else default  # noqa: SIM401 (dict.get would skip the build)

    def __iter__(self) -> Iterator[str]:  # also makes dict(self), {**self} and update() read through __getitem__
        return iter(dict.keys(self))

    def values(self) -> ValuesView[Variant]:  # type: ignore[override]
        return ValuesView(self)

    def items(self) -> ItemsView[str, Variant]:  # type: ignore[override]
        return ItemsView(self)

    def copy(self) -> Presets:
        twin = Presets((), self._build)
        dict.update(twin, dict.items(self))
        return twin

    def pop(self, name: str, *default: Any) -> Any:
        if name not in self:
            return dict.pop(self, name, *default)
        v = self[name]
        dict.pop(self, name)
        return v

    def popitem(self) -> tuple[str, Variant]:
        name = next(reversed(dict.keys(self)))
        return name, self.pop(name)

    def setdefault(self, name: str, default: Any = None) -> Any:
        if name in self:
            return self[name]
        dict.__setitem__(self, name, default)
        return default

    def _all(self) -> dict[str, Variant]:
        return {name: self[name] for name in self}

    def __eq__(self, other: object) -> bool:
        return self._all() == (other._all() if isinstance(other, Presets) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._all())

    def __or__(self, other: Any) -> dict[str, Variant]:  # type: ignore[override]
        return self._all() | other

    def __ror__(self, other: Any) -> dict[str, Variant]:  # type: ignore[override]
        return dict(other) | self._all()

    def __reduce__(self) -> Any:
        return dict, (self._all(),)


MAX_VARIANTS_BYTES = 2**20
"""A house variants file is read only up to this size (the shipped one is about 6 KB)."""


def load_variants(path: str | Path | None = None) -> dict[str, Variant]:
    """Presets by name: the shipped `variants.toml`, plus ``path``'s presets on top.

    The shipped presets are built and checked when first used (`Presets`); every preset
    of ``path`` at once, so a bad one is refused here.

    A user file may add presets, replace shipped ones by name, and ``extends`` any
    shipped preset.  Raises `VariantError` (file, preset, key, allowed values) for a
    bad file, including one that cannot be read, is not a regular file (a FIFO, a device)
    or is larger than `MAX_VARIANTS_BYTES`.
    """
    shipped_path = shipped_variants_path()
    shipped = load_variants_text(shipped_path.read_text(encoding="utf-8"), str(shipped_path), lazy=True)
    if path is None:
        return shipped
    p = Path(path)
    try:  # a FIFO would block the read, /dev/zero never end (`read_bounded`)
        raw = read_bounded(p, MAX_VARIANTS_BYTES, "a variants file", "a TOML text file")
    except FileNotFoundError as exc:
        raise VariantError(f"{p}: cannot read: {exc.strerror or exc}") from None
    except FileProblem as exc:
        raise VariantError(str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise VariantError(f"{p}: not a UTF-8 text file") from None
    mine = load_variants_text(text, str(p), base=shipped)
    merged = shipped.copy()  # after: with the shipped presets ``mine`` extends built
    merged.update(mine)
    return merged
