"""The public API of rules/: cards and notation, decks and seeded dealing,
variants and `variants.toml` loading with its errors, the action JSON round trip, and
the import boundary (rules and bots never load textual or rich)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import rules
from rules import (
    ACTION_ADAPTER,
    CARDS,
    Bid,
    Bury,
    Card,
    ClaimMisdeal,
    Concede,
    KeepHand,
    NameTrump,
    PassBid,
    PassCards,
    Play,
    PlayOn,
    Rank,
    Suit,
    Variant,
    VariantError,
    deal,
    format_cards,
    load_variants,
    load_variants_text,
    make_deck,
    parse_cards,
)

PRESETS = load_variants()
AUCTION_PRESETS = sorted(n for n, v in PRESETS.items() if v.round_flow == "auction")


# ---------------------------------------------------------------------- cards


def test_suit_values() -> None:
    assert [s.value for s in Suit] == ["S", "H", "D", "C"]
    assert Suit("S") is Suit.SPADES and Suit("C") is Suit.CLUBS
    assert str(Suit.HEARTS) == "H"


def test_rank_order_high_to_low() -> None:
    assert [r.value for r in Rank] == ["A", "T", "K", "Q", "J", "9"]


def test_card_prints_in_text_notation() -> None:
    assert [str(c) for c in parse_cards("AS TS KD 9C")] == ["AS", "TS", "KD", "9C"]
    assert " ".join(map(str, parse_cards("as 10s kd 9c"))) == "AS TS KD 9C"
    assert f"{parse_cards('QH')[0]}" == "QH"
    assert format_cards(parse_cards("JD QS")) == "JD QS"
    assert len(CARDS) == 24 and len({str(c) for c in CARDS}) == 24


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        ("AS TS KS QS JS 9S", ["AS", "TS", "KS", "QS", "JS", "9S"]),
        ("10H 10d 10C", ["TH", "TD", "TC"]),
        ("ah th kh qh jh 9h", ["AH", "TH", "KH", "QH", "JH", "9H"]),
        ("aS Td kD", ["AS", "TD", "KD"]),
        ("AS,KD, 9C", ["AS", "KD", "9C"]),
        ("", []),
        ("QS QS", ["QS", "QS"]),
    ],
)
def test_parse_cards_any_case(text: str, expect: list[str]) -> None:
    got = parse_cards(text)
    assert [str(c) for c in got] == expect
    assert all(isinstance(c, Card) for c in got)


def test_parse_cards_keeps_order_and_accepts_tokens() -> None:
    assert [str(c) for c in parse_cards(["9c", "AS"])] == ["9C", "AS"]


@pytest.mark.parametrize("bad", ["XS", "AX", "1S", "11H", "A", "S", "8H", "AS9", "KK"])
def test_parse_cards_bad_token_names_it(bad: str) -> None:
    with pytest.raises(ValueError) as e:
        parse_cards(f"AS {bad} KD")
    assert bad in str(e.value)


def test_card_rank_and_suit() -> None:
    c = parse_cards("TD")[0]
    assert c.rank is Rank.TEN and c.suit is Suit.DIAMONDS
    assert Card.of("10", "d") == c and Card.of(Rank.ACE, Suit.SPADES) == parse_cards("AS")[0]


# ---------------------------------------------------------------------- decks and dealing


def test_single_deck() -> None:
    d = make_deck("single48")
    assert len(d) == 48
    assert Counter(d) == Counter({c: 2 for c in CARDS})


def test_double_deck_has_no_nines() -> None:
    d = make_deck("double80")
    assert len(d) == 80
    assert all(c.rank is not Rank.NINE for c in d)
    assert Counter(d) == Counter({c: 4 for c in CARDS if c.rank is not Rank.NINE})


def test_unknown_deck() -> None:
    with pytest.raises(ValueError) as e:
        make_deck("quadruple160")
    assert str(e.value) == "unknown deck 'quadruple160': use single48, double80, double96, triple120"


@pytest.mark.parametrize("name", AUCTION_PRESETS)
def test_seeded_deal_is_repeatable(name: str) -> None:
    v = PRESETS[name]
    a = deal(v, random.Random("seed-1"), dealer=1)
    b = deal(v, random.Random("seed-1"), dealer=1)
    c = deal(v, random.Random("seed-2"), dealer=1)
    assert a == b
    assert a != c
    hands, kitty = a
    assert len(hands) == v.players and all(len(h) == v.cards_per_hand for h in hands)
    assert len(kitty) == v.kitty_size
    assert Counter(x for h in hands for x in h) + Counter(kitty) == Counter(make_deck(v.deck))
    assert all(list(h) == sorted(h) for h in hands)


@pytest.mark.parametrize(
    ("name", "size", "kitty"),
    [
        ("partnership", 12, 0),
        ("partnership-post1945", 12, 0),
        ("partnership-hoyle", 12, 0),
        ("partnership-kitty", 11, 4),
        ("three-hand", 15, 3),
        ("cutthroat", 16, 0),
        ("double-deck", 20, 0),
    ],
)
def test_hand_and_kitty_sizes(name: str, size: int, kitty: int) -> None:
    v = PRESETS[name]
    assert (v.cards_per_hand, v.kitty_size) == (size, kitty)


class _NoShuffle(random.Random):
    """A random source whose shuffle keeps the order (to see the packets)."""

    def shuffle(self, x, *a, **k):  # type: ignore[override]
        return None

    def random(self) -> float:  # a deck ordered by keys keeps its order too
        self._n = getattr(self, "_n", 0) + 1
        return self._n / 1000.0


def _packets(v, dealer: int):
    """Which seat (or 'K' for the kitty) gets each card position, per §2.1/§2.5."""
    order = make_deck(v.deck)
    hands, kitty = deal(v, _NoShuffle(), dealer=dealer)
    return order, hands, kitty


def test_deal_in_packets_from_eldest_dealer_last() -> None:
    v = PRESETS["partnership"]  # packets of 3, four rounds, no kitty (§2.3)
    order, hands, kitty = _packets(v, dealer=0)
    assert kitty == ()
    # each round: eldest (seat 1), seat 2, seat 3, then the dealer (seat 0), 3 cards each
    for k, seat in enumerate((1, 2, 3, 0)):
        want = sorted(c for r in range(4) for c in order[r * 12 + k * 3 : r * 12 + k * 3 + 3])
        assert list(hands[seat]) == want, seat
    assert order[-1] in hands[0]


def test_deal_packets_of_four_double_deck() -> None:
    v = PRESETS["double-deck"]  # packets of 4, five rounds
    order, hands, _ = _packets(v, dealer=2)
    for k, seat in enumerate((3, 0, 1, 2)):
        want = sorted(c for r in range(5) for c in order[r * 16 + k * 4 : r * 16 + k * 4 + 4])
        assert list(hands[seat]) == want, seat


def test_deal_kitty_packet_is_never_the_last_card() -> None:
    v = PRESETS["three-hand"]  # 3 players, packets of 3, 3-card widow after the first round
    order, hands, kitty = _packets(v, dealer=2)
    assert list(kitty) == sorted(order[9:12])
    rest = order[:9] + order[12:]
    for k, seat in enumerate((0, 1, 2)):  # eldest = dealer's left = seat 0
        want = sorted(c for r in range(5) for c in rest[r * 9 + k * 3 : r * 9 + k * 3 + 3])
        assert list(hands[seat]) == want, seat
    assert order[-1] in hands[2]  # the dealer gets the last card


def test_deal_partnership_kitty_short_last_round() -> None:
    v = PRESETS["partnership-kitty"]  # 11 each in 3-3-3-2, kitty of 4 after the first round
    order, hands, kitty = _packets(v, dealer=3)
    assert list(kitty) == sorted(order[12:16])
    rest = order[:12] + order[16:]
    for k, seat in enumerate((0, 1, 2, 3)):
        want = sorted(
            [c for r in range(3) for c in rest[r * 12 + k * 3 : r * 12 + k * 3 + 3]] + rest[36 + k * 2 : 36 + k * 2 + 2]
        )
        assert list(hands[seat]) == want, seat


# ---------------------------------------------------------------------- variants


REQUIRED = [
    "partnership",
    "partnership-post1945",
    "partnership-hoyle",
    "partnership-kitty",
    "three-hand",
    "cutthroat",
    "double-deck",
    "two-hand",
    "two-hand-draft",
    "racehorse",
    "check",
    "three-hand-check",
    "five-hand",
    "six-hand",
    "eight-hand",
    # §0.4 item 16: more people than the form deals to, sitting out in turn
    "three-hand-four",
    "three-hand-five",
    "partnership-five",
    # §0.4 item 22: the two-hand stock game for three
    "three-hand-turn-up",
    # §0.4 item 18: the kitty handed out
    "partnership-widow",
]


def test_shipped_presets() -> None:
    assert sorted(PRESETS) == sorted(REQUIRED)
    for name, v in PRESETS.items():
        assert isinstance(v, Variant) and v.name == name and v.description


def test_partnership_is_rules_12_1_with_the_0_4_decisions() -> None:
    v = PRESETS["partnership"]
    assert (v.players, v.sides, v.deck, v.cards_per_hand, v.deal_packet) == (4, "pairs_opposite", "single48", 12, 3)
    assert (v.min_bid, v.bid_unit, v.all_pass, v.stuck_bid) == (250, 10, "dealer_stuck", 250)
    assert (v.pass_count, v.pass_order, v.first_leader) == (4, "partner_first", "bidder")
    assert (v.head_rule, v.head_target, v.head_after_ruff) == ("pre1945", "current_winner", False)
    assert (v.run_marriage_rule, v.meld_requires, v.concession) == ("extra_card_marries", "one_trick", "meld_only")
    assert (v.count_method, v.last_trick_bonus, v.hand_trick_total) == ("counters_10", 10, 250)
    assert (v.game_target, v.tie_break, v.score_scale) == (1500, "bidder_first", "x10")
    assert (v.set_penalty, v.set_forfeits_meld_and_tricks, v.contract_success_score) == (
        "minus_bid",
        True,
        "all_points",
    )


def test_post1945_differs_only_in_head_rule() -> None:
    a = PRESETS["partnership"].model_dump(exclude={"name", "description"})
    b = PRESETS["partnership-post1945"].model_dump(exclude={"name", "description"})
    assert {k for k in a if a[k] != b[k]} == {"head_rule"}
    assert b["head_rule"] == "post1945"


def test_hoyle_preset() -> None:
    v = PRESETS["partnership-hoyle"]
    assert (v.min_bid, v.all_pass, v.pass_count, v.first_leader) == (100, "redeal", 0, "eldest")
    assert (v.count_method, v.run_marriage_rule, v.game_target, v.tie_break) == (
        "classic_11_10_4_3_2",
        "run_absorbs",
        1000,
        "bidder_first",
    )
    assert v.hand_trick_total == 250


def test_kitty_preset() -> None:
    v = PRESETS["partnership-kitty"]
    assert (v.cards_per_hand, v.kitty_size, v.kitty_mode, v.pass_count) == (11, 4, "bidder_takes_and_buries", 0)
    assert v.kitty_discards_count_for_bidder is True


def test_three_hand_preset_is_rules_12_4_in_x10() -> None:
    v = PRESETS["three-hand"]
    assert (v.players, v.sides, v.cards_per_hand, v.kitty_size, v.kitty_exposed) == (3, "individual", 15, 3, True)
    assert (v.score_scale, v.min_bid, v.stuck_bid, v.forced_opener) == ("x1", 200, 190, "must_open_with_meld")
    assert (v.game_target, v.tie_break, v.tie_extend_step, v.last_trick_bonus) == (1000, "extend_target", 250, 10)
    assert (v.meld_requires, v.concession, v.pass_count) == ("one_trick", "meld_only", 0)
    assert v.hand_trick_total == 250 and v.fmt(v.hand_trick_total) == "25"


def test_cutthroat_preset() -> None:
    v = PRESETS["cutthroat"]
    assert (v.players, v.cards_per_hand, v.kitty_size, v.deal_packet) == (3, 16, 0, 4)
    assert (v.must_bid_to_win, v.score_scale, v.min_bid, v.game_target) == ("always", "x1", 200, 1000)


def test_double_deck_preset() -> None:
    v = PRESETS["double-deck"]
    assert (v.deck, v.cards_per_hand, v.deal_packet, v.meld_table) == ("double80", 20, 4, "double_deck_pagat")
    assert (v.last_trick_bonus, v.hand_trick_total, v.run_marriage_rule) == (20, 500, "run_absorbs")
    assert (v.min_bid, tuple(map(tuple, v.bid_unit_above)), v.trump_requirement) == (500, ((600, 50),), "marriage")
    assert (v.technical_misdeal, v.game_target, v.tie_break, v.pass_count) == (True, 5000, "bidder_first", 0)
    assert v.fmt(v.min_bid) == "50" and v.fmt(v.game_target) == "500"


def test_variant_is_frozen_and_forbids_extra() -> None:
    from pydantic import ValidationError

    v = PRESETS["partnership"]
    with pytest.raises(ValidationError):
        v.min_bid = 300  # type: ignore[misc]
    with pytest.raises(ValidationError, match="no_such_knob"):
        Variant(no_such_knob=1)  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="head_rule"):
        Variant(head_rule="sometimes")  # type: ignore[arg-type]


def test_model_copy_recomputes_derived_tables() -> None:
    base = PRESETS["partnership"]
    _ = base.card_points, base.hand_trick_total
    v = base.model_copy(update={"count_method": "classic_11_10_4_3_2"})
    assert v.card_points[:6] == (11, 10, 4, 3, 2, 0)
    w = base.model_copy(update={"last_trick_bonus": 20})
    assert w.hand_trick_total == 260


def test_extends_in_a_user_file(tmp_path: Path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text(
        '[mine]\nextends = "partnership"\nhead_rule = "none"\n\n'
        '[mine2]\nextends = "mine"\nmin_bid = 300\n\n'
        '[partnership-hoyle]\nextends = "partnership"\ngame_target = 2000\n',
        encoding="utf-8",
    )
    got = load_variants(f)
    assert set(got) == set(REQUIRED) | {"mine", "mine2"}
    assert got["mine"].head_rule == "none" and got["mine"].min_bid == 250 and got["mine"].pass_count == 4
    assert got["mine2"].head_rule == "none" and got["mine2"].min_bid == 300
    # a user preset replaces a shipped one by name
    assert got["partnership-hoyle"].game_target == 2000 and got["partnership-hoyle"].min_bid == 250
    # shipped presets untouched otherwise
    assert got["partnership"] == PRESETS["partnership"]


def test_extends_of_a_shipped_preset_that_extends() -> None:
    got = load_variants_text('[x]\nextends = "partnership-post1945"\nmin_bid = 200\n', "x.toml", base=PRESETS)
    assert got["x"].head_rule == "post1945" and got["x"].min_bid == 200


def test_preset_without_extends_starts_from_defaults() -> None:
    got = load_variants_text("[x]\nmin_bid = 200\n", "x.toml")
    assert got["x"].min_bid == 200 and got["x"].pass_count == 4 and got["x"].players == 4


def _error(tmp_path: Path, text: str) -> str:
    f = tmp_path / "house.toml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(VariantError) as e:
        load_variants(f)
    assert isinstance(e.value, ValueError)
    msg = str(e.value)
    assert "\n" not in msg
    assert str(f) in msg
    return msg


def test_bad_value_names_file_preset_key_and_allowed_values(tmp_path: Path) -> None:
    msg = _error(tmp_path, '[mine]\nextends = "partnership"\nhead_rule = "sometimes"\n')
    assert "mine" in msg and "head_rule" in msg
    for allowed in ("pre1945", "post1945", "none"):
        assert allowed in msg


def test_bad_number_names_key_and_allowed(tmp_path: Path) -> None:
    msg = _error(tmp_path, "[mine]\nplayers = 5\n")
    assert "mine" in msg and "players" in msg and "3" in msg and "4" in msg


def test_bad_type_names_key(tmp_path: Path) -> None:
    msg = _error(tmp_path, '[mine]\nmin_bid = "high"\n')
    assert "mine" in msg and "min_bid" in msg and "integer" in msg


def test_unknown_key_names_file_preset_key(tmp_path: Path) -> None:
    msg = _error(tmp_path, '[mine]\nextends = "partnership"\nhead_rul = "pre1945"\n')
    assert "mine" in msg and "head_rul" in msg


def test_unknown_key_error_says_which_keys_are_allowed(tmp_path: Path) -> None:
    """The error names the allowed values; for a misspelt key that is the
    valid key it was meant to be (or the list of keys)."""
    msg = _error(tmp_path, '[mine]\nextends = "partnership"\nhead_rul = "pre1945"\n')
    assert "head_rule" in msg.replace("'head_rul'", "")


def test_unknown_extends(tmp_path: Path) -> None:
    msg = _error(tmp_path, '[mine]\nextends = "nope"\n')
    assert "mine" in msg and "extends" in msg and "nope" in msg


def test_unknown_extends_lists_the_presets(tmp_path: Path) -> None:
    msg = _error(tmp_path, '[mine]\nextends = "nope"\n')
    assert "partnership" in msg


def test_extends_cycle(tmp_path: Path) -> None:
    msg = _error(tmp_path, '[a]\nextends = "b"\n[b]\nextends = "a"\n')
    assert "extends" in msg


def test_bad_toml(tmp_path: Path) -> None:
    msg = _error(tmp_path, "[mine\nx = 1\n")
    assert "TOML" in msg


def test_inconsistent_preset_names_the_knobs(tmp_path: Path) -> None:
    msg = _error(tmp_path, '[mine]\ndeck = "double80"\n')
    assert "mine" in msg and "deck" in msg and "meld_table" in msg


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(VariantError) as e:
        load_variants(tmp_path / "missing.toml")
    assert "missing.toml" in str(e.value)


def test_unbuilt_knob_values_are_refused(tmp_path: Path) -> None:
    """A house file can never ask for a rule that silently does nothing."""
    for text in (
        "[m]\nplayers = 2\n",
        '[m]\ntrump_source = "turn_up"\n',
        '[m]\nkitty_mode = "bidder_distributes_one_each"\n',
    ):
        _error(tmp_path, text)


# ---------------------------------------------------------------------- actions


ACTIONS = [
    Bid(250),
    PassBid(),
    NameTrump(Suit.HEARTS),
    PassCards(tuple(parse_cards("AS KD QS 9C"))),
    Bury(tuple(parse_cards("AC TD JS"))),
    Concede(),
    PlayOn(),
    Play(parse_cards("TH")[0]),
    ClaimMisdeal(),
    KeepHand(),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: type(a).__name__)
def test_action_json_round_trip(action) -> None:
    text = ACTION_ADAPTER.dump_json(action)
    back = ACTION_ADAPTER.validate_json(text)
    assert back == action and type(back) is type(action)
    py = ACTION_ADAPTER.dump_python(action, mode="json")
    assert ACTION_ADAPTER.validate_python(py) == action


def test_action_json_shapes() -> None:
    assert json.loads(ACTION_ADAPTER.dump_json(Play(parse_cards("AS")[0]))) == {
        "card": "AS",
        "from_table": False,
        "kind": "play",
    }
    # a save written before the two-hand game (no from_table) still loads
    assert ACTION_ADAPTER.validate_json('{"kind": "play", "card": "AS"}') == Play(parse_cards("AS")[0])
    assert json.loads(ACTION_ADAPTER.dump_json(NameTrump(Suit.SPADES))) == {"suit": "S", "kind": "name_trump"}
    assert json.loads(ACTION_ADAPTER.dump_json(Bid(300))) == {"amount": 300, "kind": "bid"}
    assert json.loads(ACTION_ADAPTER.dump_json(PassBid())) == {"kind": "pass_bid"}
    pc = ACTION_ADAPTER.validate_json('{"kind": "pass_cards", "cards": "KD AS 9c QS"}')
    assert [str(c) for c in pc.cards] == ["AS", "QS", "KD", "9C"]  # sorted
    assert ACTION_ADAPTER.validate_json('{"kind": "play", "card": "10h"}') == Play(parse_cards("TH")[0])


def test_action_json_rejects_bad_input() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        ACTION_ADAPTER.validate_json('{"kind": "play", "card": "XX"}')
    with pytest.raises(ValidationError):
        ACTION_ADAPTER.validate_json('{"kind": "dance"}')


def test_public_api_names() -> None:
    for name in (
        "parse_cards",
        "score_meld",
        "legal_plays",
        "trick_winner",
        "load_variants",
        "new_round",
        "legal_actions",
        "apply",
        "current_seat",
        "observe",
        "GameState",
        "IllegalAction",
    ):
        assert name in rules.__all__ and hasattr(rules, name)
    assert issubclass(rules.IllegalAction, ValueError)
    assert issubclass(rules.VariantError, ValueError)


# ---------------------------------------------------------------------- import boundary


def test_rules_and_bots_never_load_textual_or_rich() -> None:
    code = (
        "import sys, json, rules, bots\n"
        "import rules.auction_round, rules.game, rules.scoring, rules.meld, rules.play\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(json.dumps(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(out.stdout) == []


def test_bots_submodules_never_load_textual_or_rich() -> None:
    import pkgutil

    import bots

    mods = [f"bots.{m.name}" for m in pkgutil.iter_modules(bots.__path__)]
    code = (
        "import sys, json, importlib\n"
        f"for m in {mods!r}: importlib.import_module(m)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(out.stdout) == []


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('[m]\nextends = "three-hand"\ncount_method = "classic_11_10_4_3_2"\n', "count_method"),
        ("[m]\nplayers = 3\n", "pairs_opposite"),
        ("[m]\nhand_size = 11\n", "hand_size"),
        ('[m]\nextends = "three-hand"\nmin_bid = 205\n', "x1"),
        ('[m]\nkitty_size = 4\nkitty_mode = "bidder_takes_and_buries"\n', "pass_count"),
    ],
    ids=["x1-classic-count", "three-players-in-pairs", "hand-size", "x1-not-tens", "kitty-with-passing"],
)
def test_inconsistent_knobs_are_refused(tmp_path: Path, text: str, needle: str) -> None:
    msg = _error(tmp_path, text)
    assert "'m'" in msg and needle in msg
