"""House-rule variants: the `Variant` model, its knobs and their rules (RULES.md §11, §12).

Every number in a `Variant` is in the canonical x10 scale (RULES.md §0.4.1): a run is
150, a counter 10, the single-deck hand 250 trick points.  ``score_scale = "x1"`` only
divides by ten for display and bid entry, so presets in `variants.toml` are written in
x10 numbers too (double deck: ``min_bid = 500``, ``game_target = 5000``).

Knobs of §11 that this engine does not play yet are either absent or accept only the
value it plays, so a house file can never ask for a rule that silently does nothing.
Loading presets (`variants.toml`, a house file) and playing seeded deals to check that
their bids are made is `rules.presets`, which sits above this module and the meld scorer.
"""

from __future__ import annotations

import bisect
import functools
import operator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal, get_args, get_origin

from .bounded_read import plain_text

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = [
    "DEFAULT_VARIANT",
    "MAX_BID_STEPS",
    "MAX_GAME_HANDS",
    "Variant",
    "VariantError",
    "accepts",
    "shipped_variants_path",
]

DEFAULT_VARIANT = "partnership"
_DECK_SIZE = {"single48": 48, "double80": 80, "double96": 96, "triple120": 120}
# the meld tables each pack is played with (§1.1, §5, §0.4.11-13)
_DECK_TABLES = {
    "single48": ("single_standard",),
    "double80": ("double_deck_pagat", "double_deck_instructables", "racehorse_ru"),
    "double96": ("single_standard",),
    "triple120": ("double_deck_pagat", "double_deck_instructables"),
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
# the sides whose members' bids a summed contract adds (§3.8)
_TEAM_SIDES = ("pairs_opposite", "teams_of_3_alternating", "teams_of_2_x4", "teams_of_4_alternating")

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
    # double_deck_instructables: the pagat table with the arounds doubled per tier (§5.5),
    # quadruples 4000 + 3200 + 2400 + 1600 where pagat has 5600: 9900 - 5600 + 11200; six
    # copies split quadruple + double (5000 + 4000 + 3000 + 2000): 14700 - 8400 + 14000
    ("double_deck_instructables", "double80"): 15500,
    ("double_deck_instructables", "triple120"): 20300,
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
    "table_seats",
    "check_game_value",
    "check_nines_value",
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

    A plain dataclass (importing pydantic and building the model was four
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
    # §2.4, §0.4.18: the bidder takes the kitty and buries, or hands it out one card to each
    # player (unseen), or keeps one and gives one to each other player (its choice)
    kitty_mode: Literal[
        "none", "bidder_takes_and_buries", "bidder_distributes_one_each", "bidder_keeps_one_gives_one_each"
    ] = "none"
    kitty_exposed: bool = False
    kitty_discards_count_for_bidder: bool = True
    # §11 64: racehorse's blind (§2.13): a kitty dealt and taken face down; sets kitty_size
    blind_size: int = _knob(0, ge=0, le=6)
    # announce_trump_or_ace (§4.2 gruntose): as not_melded_cards, and every seat is told how many
    # trumps and aces were buried, not which
    bury_restriction: Literal["not_melded_cards", "no_trump_or_ace_unless_forced", "announce_trump_or_ace", "none"] = (
        "not_melded_cards"
    )
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
    pass_is_final: bool = True  # §0.4.20: false lets a seat that passed bid again
    all_pass: Literal["dealer_stuck", "redeal"] = "dealer_stuck"
    dealer_stuck_bid: int | None = _knob(None, ge=10)
    # eldest_fixed_bid: the eldest's opening bid of min_bid is made automatically (racehorse, §3.5)
    # must_bid_with_marriage (§3.5 Time): while no bid stands, a seat holding a marriage must open
    forced_opener: Literal[
        "none", "must_open_with_meld", "must_bid_with_marriage", "eldest_must_open", "eldest_fixed_bid"
    ] = "none"
    bid_requires_marriage: bool = False  # §3.5 BC-CHECK: no bid without a marriage (the stuck dealer bids the least)
    trump_requirement: Literal["any", "marriage", "run_or_marriage_or_dix"] = "any"
    trump_violation: Literal["prevented", "auto_set"] = "prevented"
    # §11 31-33: passing
    pass_count: Literal[0, 2, 3, 4] = 4
    pass_order: Literal["partner_first", "simultaneous"] = "partner_first"
    # §11 34-45: meld
    meld_table: Literal["single_standard", "double_deck_pagat", "double_deck_instructables", "racehorse_ru"] = (
        "single_standard"
    )
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
    must_bid_to_win: Literal["off", "always", "bid_out_three_sets"] = "off"
    # §11 56: the stuck dealer (a forced bid) may throw the hand in before taking the widow (§9.2)
    # at_min_bid_pay_kitty_only (§4.2 Hoyle): any bidder at min_bid may, scored the same way
    concede_without_looking: Literal["off", "stuck_dealer", "at_min_bid_pay_kitty_only"] = "off"
    # §11 62, §9: a check ledger beside the points (§9.1 Bicycle table, §9.2 RU three-hand table)
    check_scoring: Literal["off", "bicycle_partnership", "ru_three_hand"] = "off"
    # §11 63, §2.12, §0.4.11: after naming trump the bidder calls a trump card; the first other
    # player clockwise from the bidder holding a copy is the partner (sides = "called_partner");
    # trump_card_ask_from_right: the players are asked from the bidder's right, counter-clockwise
    called_partner_card: Literal["off", "trump_card_first_holder_clockwise", "trump_card_ask_from_right"] = "off"
    # §11 66, §0.4.16: people at the table (None: ``players``); the extra ones sit out in turn,
    # the dealer first (and with two extra, the seat second to the dealer's left)
    table_seats: int | None = _knob(None, ge=2, le=8)
    # The auction's house rules (§3.3, §3.8, §4.1, §8.2, §9.2; §0.4 items 17, 19, 20, 23c).
    # summed_partner_bids: one bid each, the highest names trump, each side's contract is the sum
    # of its members' bids and each side is made or set on its own
    contract_mode: Literal["single_contract", "summed_partner_bids"] = "single_contract"
    pass_optional: bool = False  # after naming trump the bidder asks for the pass or plays without it
    raise_limit: Literal["any", "one_or_two_units"] = "any"  # a raise of one or two bid units only
    check_game_value: Literal[5, 10] = 10  # ru_three_hand: checks for winning the game
    check_nines_value: Literal[5, 10] = 5  # ru_three_hand: checks for seven of the eight 9s
    # §0.4 item 24: not offered; each takes only what the engine does (`_NOT_OFFERED` says why)
    renege_mode: Literal["prevented"] = "prevented"
    allow_meld_announcement: Literal[False] = False
    allow_pass_with_help: Literal[False] = False

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
        self._sitting_out_checks()
        if self.sides == "individual" and self.players == 4 and self.pass_count:
            raise ValueError("pass_count > 0 needs partners (sides = 'pairs_opposite')")
        if self.pass_count and self.sides != "pairs_opposite":
            raise ValueError("pass_count > 0 needs partners (sides = 'pairs_opposite'); set pass_count = 0")
        if (self.kitty_size > 0) != (self.kitty_mode != "none"):
            raise ValueError(
                "kitty_size > 0 goes with a kitty_mode ('bidder_takes_and_buries', 'bidder_distributes_one_each' "
                f"or 'bidder_keeps_one_gives_one_each'), kitty_size = 0 with 'none'; got kitty_size = "
                f"{self.kitty_size}, kitty_mode = {self.kitty_mode!r}"
            )
        if self.kitty_size and self.pass_count and not self.kitty_handed_out:
            raise ValueError(
                "a kitty the bidder buries goes without passing: set pass_count = 0 (passing goes with a kitty "
                "handed out, kitty_mode = 'bidder_distributes_one_each' or 'bidder_keeps_one_gives_one_each')"
            )
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
        self._house_auction_checks()
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

    def _sitting_out_checks(self) -> None:
        """``table_seats`` (§11 knob 66, §0.4.16): at least ``players``; more people than
        the form deals to only at an each-for-self three-hand auction table (4 or 5 people)
        or a four-hand partnership auction table (5 people)."""
        people = self.table_seats
        if people is None or people == self.players:
            return
        if people < self.players:
            raise ValueError(f"table_seats {people} is fewer than the {self.players} players the form deals to")
        table = {("individual", 3): "three-hand", ("pairs_opposite", 4): "four-hand partnership"}
        form = table.get((self.sides, self.players)) if self.round_flow == "auction" else None
        fits = {"three-hand": (4, 5), "four-hand partnership": (5,)}.get(form or "", ())
        if form and people not in fits:
            # the form seats people out, but not this many: say what it takes first
            takes = " or ".join(map(str, fits))
            raise ValueError(
                f"a {form} table takes table_seats = {takes} (got {people}): "
                f"{'one sits' if len(fits) == 1 else 'one or two sit'} out each deal (§0.4.16), "
                f"or leave table_seats out for {self.players} at the table"
            )
        if not form:
            raise ValueError(
                f"table_seats {people}: no one sits out at this form (players = {self.players}, sides = "
                f"{self.sides!r}, round_flow = {self.round_flow!r}); people sit out in turn (§0.4.16) only at "
                "a three-hand auction each for self (table_seats 4 or 5) or a four-hand partnership auction "
                "(table_seats 5): leave table_seats out"
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
        if self.concede_without_looking == "stuck_dealer":
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

    def _house_auction_checks(self) -> None:
        """The auction's house rules (§0.4 items 17-21, 23c) and the kitty handed out, the
        widow thrown in unseen, the marriage that obliges a bid, the instructables table and
        the buried trump or ace announced: one line naming what is allowed where a value
        does not fit the rest of the variant."""
        auction = self.round_flow == "auction"
        if self.kitty_handed_out:
            if not auction or self.kitty_size != self.players:
                raise ValueError(
                    f"kitty_mode = {self.kitty_mode!r} hands the kitty out one card to each player (§2.4): an "
                    f"auction game with kitty_size = players ({self.players}); got kitty_size = {self.kitty_size}"
                )
            if self.kitty_exposed or self.blind_size:
                raise ValueError(
                    f"kitty_mode = {self.kitty_mode!r} hands the kitty out face down: kitty_exposed = false"
                )
        if self.bury_restriction != "not_melded_cards" and self.kitty_mode != "bidder_takes_and_buries":
            raise ValueError(
                f"bury_restriction = {self.bury_restriction!r} needs a kitty the bidder buries: "
                "kitty_mode = 'bidder_takes_and_buries'"
            )
        if self.meld_table == "double_deck_instructables" and self.double_meld_values != "special":
            raise ValueError(
                "meld_table = 'double_deck_instructables' is its own doubles (§5.5): double_meld_values = 'special'"
            )
        if self.forced_opener == "must_bid_with_marriage" and not auction:
            raise ValueError("forced_opener = 'must_bid_with_marriage' opens an auction: round_flow = 'auction'")
        if self.concede_without_looking == "at_min_bid_pay_kitty_only" and (
            not auction or self.kitty_mode != "bidder_takes_and_buries"
        ):
            raise ValueError(
                "concede_without_looking = 'at_min_bid_pay_kitty_only' throws the hand in before the widow is "
                "taken: an auction with kitty_mode = 'bidder_takes_and_buries'"
            )
        if self.pass_optional and not self.pass_count:
            raise ValueError("pass_optional lets the bidder skip the pass: it needs passing (pass_count > 0)")
        single = self.bidding_rounds == "single_round"
        if not auction and (self.raise_limit != "any" or not self.pass_is_final):
            raise ValueError("raise_limit and pass_is_final shape an auction: round_flow = 'auction'")
        if single and (self.raise_limit != "any" or not self.pass_is_final):
            raise ValueError(
                "bidding_rounds = 'single_round' gives each seat one bid: raise_limit = 'any', pass_is_final = true"
            )
        if self.check_scoring != "ru_three_hand" and (self.check_game_value, self.check_nines_value) != (10, 5):
            raise ValueError(
                "check_game_value and check_nines_value are the three-hand check table's (§9.2): "
                "check_scoring = 'ru_three_hand'"
            )
        if self.must_bid_to_win == "bid_out_three_sets" and self.n_sides < 2:
            raise ValueError("must_bid_to_win = 'bid_out_three_sets' counts the opponents' sets: two sides or more")
        if self.contract_mode == "summed_partner_bids":
            self._summed_checks()

    def _summed_checks(self) -> None:
        """Summed partner bids (§3.8, §8.2, §0.4 item 17): one bid each, so no raising rules,
        no stuck dealer (all pass: redeal), both sides may hold a contract (so none throws
        in, and no check table, which pays one contract), and sides of partners."""
        if self.round_flow != "auction" or self.sides not in _TEAM_SIDES:
            raise ValueError(
                "contract_mode = 'summed_partner_bids' adds partners' bids: an auction with partners (sides = "
                f"{', '.join(map(repr, _TEAM_SIDES))}); got sides = {self.sides!r}"
            )
        if self.all_pass != "redeal":
            raise ValueError("contract_mode = 'summed_partner_bids' has no stuck dealer: all_pass = 'redeal'")
        if self.forced_opener != "none":
            raise ValueError(
                "contract_mode = 'summed_partner_bids' takes one bid from each seat: forced_opener = 'none'"
            )
        if self.bidding_rounds != "open_auction" or self.raise_limit != "any" or not self.pass_is_final:
            raise ValueError(
                "contract_mode = 'summed_partner_bids' takes one bid from each seat, none a raise: "
                "bidding_rounds = 'open_auction', raise_limit = 'any', pass_is_final = true"
            )
        if self.concession != "off" or self.concede_without_looking != "off":
            raise ValueError(
                "contract_mode = 'summed_partner_bids': both sides may hold a contract, so neither throws the "
                "hand in: concession = 'off', concede_without_looking = 'off'"
            )
        if self.check_scoring != "off" or self.must_bid_to_win == "always":
            raise ValueError(
                "contract_mode = 'summed_partner_bids' scores two contracts: check_scoring = 'off', "
                "must_bid_to_win = 'off' or 'bid_out_three_sets'"
            )

    @property
    def kitty_handed_out(self) -> bool:
        """Whether the bidder hands the kitty out, one card to each player (§2.4 (b), (c);
        §0.4 item 18): every seat then holds one card more than it was dealt."""
        return self.kitty_mode in ("bidder_distributes_one_each", "bidder_keeps_one_gives_one_each")

    @property
    def summed_contracts(self) -> bool:
        """Whether each side's contract is the sum of its members' bids (§3.8, §0.4 item 17)."""
        return self.contract_mode == "summed_partner_bids"

    def _two_hand_checks(self) -> None:
        """The two-hand forms (§2.7, §2.8): two players, 48 cards, 12 each, the rest a
        stock (or the draft's discards), no kitty and no passing."""
        flow = self.round_flow
        # the stock game is also played by three, each for self (§0.4 item 22)
        seated = (2, 3) if flow == "stock" else (2,)
        if self.players not in seated or flow == "auction":
            raise ValueError(
                "players = 2 goes with round_flow = 'stock' (two-hand classic) or 'draft' (two-hand draft); "
                "'draft' needs players = 2, 'stock' players = 2 or 3 (three-hand with the turn-up); "
                f"got players = {self.players}, round_flow = {flow!r}"
            )
        if self.players == 3 and self.last_stock_pick != "winner_face_down":
            raise ValueError(
                "last_stock_pick = 'winner_chooses' is the two-hand rule; with three the turn-up goes to the last "
                "to draw (§0.4 item 22): last_stock_pick = 'winner_face_down'"
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
        - A preset loaded from a file is also played: ``min_bid`` and the stuck
          dealer's bid must be made by seeded deals often enough for the scores to rise
          (`rules.presets.makeable_checks`, above this module and the meld scorer).

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
        if self.has_auction:
            self._bid_under_target_checks()

    def _bid_under_target_checks(self) -> None:
        """The least contract is no more than the game (§3.1, §3.4, §8.5; a house choice,
        README "Rules notes"): ``min_bid`` and a stuck dealer's bid set apart from it are at
        most ``game_target``.  Above it every contract would be worth more than the whole
        game, the first one made ending it; equal to it is a one-contract game some tables
        play.  Raises `ValueError` naming both numbers and what is allowed."""
        bids = [("min_bid", self.min_bid)]
        if self.all_pass == "dealer_stuck" and self.dealer_stuck_bid is not None:
            bids.append(("dealer_stuck_bid", self.dealer_stuck_bid))
        for key, bid in bids:
            if bid > self.game_target:
                what = "every contract" if key == "min_bid" else "a stuck dealer's contract"
                raise ValueError(
                    f"{key} {bid} is above game_target {self.game_target}: {what} would be worth more than the "
                    f"whole game; {key} is at most game_target (lower {key} or raise game_target)"
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
        """Tricks in one hand: one per card held, one more with the kitty handed out (§2.4:
        11 dealt, 12 held); in the stock game one per card each plays, 24 for two (12 while
        the stock lasts and 12 after it, §2.7), 16 for three (§0.4 item 22)."""
        if self.round_flow == "stock":
            return _DECK_SIZE[self.deck] // self.players
        return self.cards_per_hand + 1 if self.kitty_handed_out else self.cards_per_hand

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

    # ------------------------------------------------------------------ capabilities
    # What a form does, asked by name of the capability rather than of the knob value:
    # code outside `rules` reads these and never compares ``round_flow``, ``sides`` or
    # ``players`` with a literal (a test scans bots/ and pinochle_tui/ for it), so a new
    # form that shares a capability is played and drawn without a new branch.

    @cached_property
    def has_auction(self) -> bool:
        """An auction sets the contract and its bidder names trump (§3): every form but
        the two-hand stock game, which turns trump up and has no contract (§2.7).  The
        two-hand draft bids once the hands are built (§2.8)."""
        return self.round_flow != "stock"

    @cached_property
    def deals_then_bids(self) -> bool:
        """The whole hand (and any kitty) is dealt at once and the auction follows (§2.1,
        §3): every form but the two-hand ones, which draw from a stock (§2.7) or build
        their hands card by card (§2.8)."""
        return self.round_flow == "auction"

    @cached_property
    def has_stock(self) -> bool:
        """The two-hand stock game (§2.7): trump is turned up, the rest of the pack is a
        stock each player draws from after every trick, and a strict endgame follows
        once it is gone (§6.4)."""
        return self.round_flow == "stock"

    @cached_property
    def melds_during_play(self) -> bool:
        """Meld is made one meld at a time after a won trick and lies on the table, its
        cards played from there like hand cards, while the stock lasts (§2.7, §5.9);
        every other form melds once, after the auction (§5.7)."""
        return self.round_flow == "stock"

    @cached_property
    def drafts(self) -> bool:
        """The two-hand draft (§2.8): each player builds a 12-card hand from the pack,
        keeping or rejecting the cards shown; the discard piles count at the end."""
        return self.round_flow == "draft"

    @cached_property
    def two_hand(self) -> bool:
        """Two players, each for self (§2.7, §2.8): the non-dealer opens and leads."""
        return self.players == 2

    @cached_property
    def ring_table(self) -> bool:
        """More seats than the four compass points (five, six or eight: §2.10-§2.12): the
        seats sit round a ring, named by number, and a hand's tricks are told by seat."""
        return self.players > 4

    @cached_property
    def each_for_self(self) -> bool:
        """Every seat plays and scores alone all game (§2.5-§2.8): no partner, fixed or
        called."""
        return self.sides == "individual"

    @cached_property
    def concession_bonus(self) -> int:
        """What every other side scores beyond its meld when the bidder throws in (RULES.md
        §8.3), x10 points: 100 with ``concession = meld_plus_100``, else 0."""
        return 100 if self.concession == "meld_plus_100" else 0

    @cached_property
    def partners_opposite(self) -> bool:
        """The four-hand partnership (§2.3, §2.4, §2.9): two pairs, partners opposite,
        the only sides that pass cards to a partner (§4.1)."""
        return self.sides == "pairs_opposite"

    @cached_property
    def seats_in_teams(self) -> bool:
        """The seats play in fixed sides of two or more for the whole game (pairs, the
        six- and eight-hand teams: §2.3, §2.10, §2.11), each side scored as one."""
        return self.n_sides < self.players

    @cached_property
    def calls_partner(self) -> bool:
        """After naming trump the bidder calls a card and its holder is the bidder's
        partner for this hand alone (§2.12, §0.4.11); scores are kept per player."""
        return self.sides == "called_partner"

    # ---- sitting out (§0.4.16): a round is played by the active seats; the game maps them to people
    @cached_property
    def people(self) -> int:
        """People at the table (``table_seats``; ``players`` when not given)."""
        return self.table_seats if self.table_seats is not None else self.players

    @cached_property
    def sitting_out(self) -> int:
        """People who sit out each deal (§0.4.16): 0, or 1 or 2 at a table of more people
        than the form deals to."""
        return self.people - self.players

    @cached_property
    def deal_form(self) -> Variant:
        """The form one deal of this variant is played in (§0.4.16, §11 knob 66): the
        variant itself when no one sits out; else the same variant (same name, same knobs)
        with ``table_seats`` left out, so ``players`` people and no one sitting out.  A
        deal at a sit-out table is a deal of that form: only the game's turn of who sits
        out differs, and a single deal (a duplicate board) has no game round it.  Raises
        nothing (the knobs were checked as they are, and ``table_seats`` out is always
        allowed)."""
        if not self.sitting_out:
            return self
        return self.model_copy(update={"table_seats": None})

    @cached_property
    def n_scores(self) -> int:
        """The running scores a game keeps: one per side, or one per person when people
        sit out in turn (§0.4.16: sides change from deal to deal, the scores are personal)."""
        return self.people if self.sitting_out else self.n_sides

    def deal_seats(self, dealer: int) -> tuple[int, tuple[int, ...]]:
        """Who plays the deal of ``dealer`` (a person, 0..`people` - 1), as
        ``(the round's dealer seat, the person in each round seat)`` (§0.4.16).

        Without sitting out the round's seats are the people themselves.  Otherwise the
        dealer sits out (with two extra, also the seat second to the dealer's left); the
        active people, clockwise from the dealer's left, take round seats 0, 1, …, so
        round seat 0 is eldest and the last active seat is the round's dealer (the one
        stuck when all pass, §3.4); partners are round seats 0 and 2, 1 and 3."""
        n = self.people
        if not self.sitting_out:
            return dealer, tuple(range(n))
        out = {dealer % n, (dealer + 2) % n} if self.sitting_out == 2 else {dealer % n}
        active = tuple(p for p in ((dealer + k) % n for k in range(1, n)) if p not in out)
        return len(active) - 1, active

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
            who = "two-hand" if self.players == 2 else f"{self.players} players each for self"
            return f"{who}: turned-up trump, meld after each won trick, stock, to {self.fmt(self.game_target)}"
        if self.round_flow == "draft":
            bid, to = self.fmt(self.min_bid), self.fmt(self.game_target)
            return f"two-hand draft: build 12 cards, then bid from {bid}, to {to}"
        parts = [f"{self.players} players", _SIDES_WORDS[self.sides]]
        if self.sitting_out:
            parts[0] = f"{self.people} at the table, {self.players} play each deal"
        parts.append(_DECK_WORDS[self.deck])
        if self.kitty_size:
            parts.append(f"{self.kitty_size}-card {'blind' if self.blind_size else 'kitty'}")
        if self.pass_count:
            parts.append(f"pass {self.pass_count}")
        parts.append(f"min bid {self.fmt(self.min_bid)}")
        parts.extend(self._house_words())
        parts.append(f"to {self.fmt(self.game_target)}")
        return ", ".join(parts)

    def _house_words(self) -> list[str]:
        """`summary`'s words for the house rules of `_house_auction_checks` in force."""
        words: dict[str, dict[Any, str]] = {
            "kitty_mode": {
                "bidder_distributes_one_each": "the kitty dealt out one each, unseen",
                "bidder_keeps_one_gives_one_each": "the bidder keeps one kitty card and gives one to each",
            },
            "contract_mode": {"summed_partner_bids": "one bid each, partners' bids added"},
            "pass_optional": {True: "the pass if the bidder asks"},
            "raise_limit": {"one_or_two_units": "raises of one or two steps"},
            "pass_is_final": {False: "a pass is not final"},
            "forced_opener": {"must_bid_with_marriage": "a marriage must open"},
            "must_bid_to_win": {"bid_out_three_sets": "bid-out on three sets"},
            "bury_restriction": {"announce_trump_or_ace": "buried trumps and aces told"},
            "meld_table": {"double_deck_instructables": "instructables meld"},
            "concede_without_looking": {"at_min_bid_pay_kitty_only": f"throw in unseen at {self.fmt(self.min_bid)}"},
            # the table rules the house-rules editor changes most (§0.4): a preset of yours has
            # no description, and "pass 3, min bid 200" hid a head rule changed beside them
            "head_rule": {"post1945": "head only when trump is led", "none": "no need to head"},
            "all_pass": {"redeal": "all pass: redeal"},
            "run_marriage_rule": {
                "independent": "a run's royal marriage counts too",
                "run_absorbs": "a run absorbs its royal marriage",
            },
        }
        out = [w[getattr(self, key)] for key, w in words.items() if getattr(self, key) in w]
        if self.all_pass == "dealer_stuck" and self.stuck_bid != self.min_bid:
            out.append(f"dealer stuck at {self.fmt(self.stuck_bid)}")
        if (self.check_game_value, self.check_nines_value) != (10, 5):
            out.append(f"game {self.check_game_value} checks, nines {self.check_nines_value}")
        return out


_SIDES_WORDS = {
    "individual": "each for self",
    "pairs_opposite": "partners",
    "teams_of_3_alternating": "two teams of three",
    "teams_of_2_x4": "four teams of two",
    "teams_of_4_alternating": "two teams of four",
    "called_partner": "the bidder calls a partner",
}
_DECK_WORDS = {"single48": "48 cards", "double80": "double deck", "double96": "96 cards", "triple120": "120 cards"}


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
    module; the same objects (`tests/rules/test_import_cost.py`)."""
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
# each choice (a ``Literal`` field) → its values as (type, value): 0 is not false, 4.0 not 4
_CHOICES = {
    name: tuple((type(a), a) for a in get_args(k.annotation))
    for name, k in Variant.model_fields.items()
    if get_origin(k.annotation) is Literal
}


def _holds_non_int(value: Any, depth: int = 0) -> bool:
    """Whether ``value`` (a list of numbers, or of lists of them) holds anything but whole
    numbers: true/false, text or a float, which pydantic would read as a number."""
    if isinstance(value, list | tuple) and depth < 4:
        return any(_holds_non_int(x, depth + 1) for x in value)
    return depth > 0 and type(value) is not int


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


def refusal(data: dict[str, Any]) -> str | None:
    """Why `accepts` refuses ``data``, in `Variant._consistent`'s one line (None: accepted);
    a value the fast checks leave to pydantic is "a value its field does not take".  For
    the house-rules editor, which says why a knob goes no further."""
    values = _fast_values(data)
    if values is None:
        return "a value its field does not take"
    v = object.__new__(Variant)
    v.__dict__.update(values)
    try:
        v._consistent()
    except (ValueError, AssertionError) as exc:
        return str(exc)
    return None


def accepts(data: dict[str, Any]) -> bool:
    """Whether ``data`` (a preset's keys, as `Variant.model_dump` gives them) makes a
    `Variant`: each value of its field's type and within its bounds, and the knobs together
    as `Variant._consistent` wants them (RULES.md §11, §12), by the fast checks alone, with
    no message worded.  For a caller that tries many values one after another (the app's
    house-rules editor offers a knob's values this accepts), where pydantic's wording of a
    refusal cost 0.4 s the first time.  A value the fast checks leave to pydantic (an
    unusual spelling, never one of `model_dump`'s) is not accepted.  `makeable_checks`
    (`rules.presets`) is not run."""
    values = _fast_values(data)
    if values is None:
        return False
    v = object.__new__(Variant)
    v.__dict__.update(values)
    try:
        v._consistent()
    except (ValueError, AssertionError):
        return False
    return True


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
        (pydantic would read them as 1/0, 4 and 250), neither alone nor in a list such as
        ``bid_unit_above``; nor is a number of more than `MAX_DIGITS` digits, anywhere in
        a value (its text alone could not be printed).  Only on the keys that hold numbers
        (`NUMERIC_KEYS`; a choice of numbers is `own_choice`'s)."""
        name = info.field_name
        if type(value) in (bool, str, float) and name in _NUMBER_FIELDS:
            raise PydanticCustomError("int_type", "must be a whole number (integer)")
        if name in _TUPLE_FIELDS and _holds_non_int(value):
            what = (
                "each entry must be [above, unit], two whole numbers, e.g. [[600, 50]]"
                if name == "bid_unit_above"
                else "must be a list of whole numbers, e.g. [40, 90]"
            )
            raise PydanticCustomError("int_list_type", what)
        if _has_huge_int(value):
            raise PydanticCustomError("int_huge", f"numbers have at most {MAX_DIGITS} digits")
        return value

    def own_choice(cls: Any, value: Any, info: ValidationInfo) -> Any:
        """A choice (a ``Literal`` field) takes one of its values as written: pydantic
        would take ``4.0`` for 4 and ``0`` for false.  The error is pydantic's own for a
        value not listed."""
        allowed = _CHOICES[str(info.field_name)]
        if (type(value), value) not in allowed:
            values = [repr(a) for _, a in allowed]
            expected = values[0] if len(values) == 1 else f"{', '.join(values[:-1])} or {values[-1]}"
            raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})
        return value

    def blind_is_the_kitty(cls: Any, data: Any) -> Any:
        return _blind_is_the_kitty(data)

    def consistent(self: Any) -> Any:
        v = object.__new__(Variant)
        v.__dict__.update({name: getattr(self, name) for name in _FIELD_NAMES})
        v._consistent()
        return self

    # a true/false knob takes TOML's true or false only (pydantic would read "yes", "no",
    # "false", 0 and 1); a name or description is text (strict: no bytes)
    strict: dict[Any, dict[str, Any]] = {bool: {"strict": True}, str: {"strict": True}}
    fields: dict[str, Any] = {
        name: (k.annotation, Field(default=k.default, **(strict.get(k.annotation, {}) | k.metadata)))
        for name, k in Variant.model_fields.items()
    }
    validators: dict[str, Any] = {
        "_no_true_for_numbers": field_validator(*NUMERIC_KEYS, mode="before")(classmethod(no_true_for_numbers)),
        "_own_choice": field_validator(*_CHOICES, mode="before")(classmethod(own_choice)),
        "_blind_is_the_kitty": model_validator(mode="before")(classmethod(blind_is_the_kitty)),  # type: ignore[arg-type]
        "_consistent": model_validator(mode="after")(consistent),
    }
    model: type[BaseModel] = create_model(  # type: ignore[call-overload]
        "Variant", __config__=ConfigDict(frozen=True, extra="forbid"), __validators__=validators, **fields
    )
    return model


# §0.4 item 24: knobs of §11 whose other values are not offered, and why
_NOT_OFFERED = {
    "renege_mode": "must be 'prevented': the game prevents reneges rather than penalising them "
    "(RULES.md §0.4 item 24), so 'penalty_ru' is not offered",
    "allow_meld_announcement": "must be false: announcing meld is a bidding convention the bots reason "
    "with, not an action (RULES.md §0.4 items 7, 24)",
    "allow_pass_with_help": "must be false: passing with help is a bidding convention the bots reason "
    "with, not an action (RULES.md §0.4 items 7, 24)",
}


def _plain(err: Any) -> str:
    """One pydantic error in plain words, with the values (or keys) allowed."""
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    if kind == "extra_forbidden":
        key = str(err.get("loc", ("",))[-1])
        known = [f for f in Variant.model_fields if f != "name"] + ["extends"]
        from .spelling import either, guesses  # only for this message

        # a key is words (game_target): a word of it alone ("target") is a guess too
        close = guesses(key, known, words=True, loose=0.6)
        if close:
            return f"unknown key (did you mean {either(close)}?)"  # the app's one form of a guess (spelling.guessed)
        return f"unknown key; the keys are: {', '.join(sorted(known))}"
    if kind == "literal_error":
        key = str(err.get("loc", ("",))[0])
        if key in _NOT_OFFERED:
            return _NOT_OFFERED[key]
        return f"must be one of {ctx.get('expected', '?')}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "must be a whole number (integer)"
    if kind in ("bool_type", "bool_parsing"):
        return "must be true or false (without quotes)"
    if kind == "string_type":
        return "must be text in quotes"
    if kind in ("tuple_type", "list_type"):
        return "must be a list, e.g. [[600, 50]]"
    msg = str(err.get("msg", "invalid"))
    return msg.removeprefix("Value error, ")
