"""A preset that validates can be played: every number has an upper
bound that follows from the rules, the bid grid has a legal bid and a sane size, the
stuck dealer's bid is on it, and a variants file nested too deeply for the TOML reader
is one line, exit 2 (RULES.md §3.1–§3.4, §5.2, §7.1, §8.1, §8.5)."""

from __future__ import annotations

import itertools

import pytest
from pydantic import ValidationError

from pinochle_tui.cli import main
from rules import Variant, VariantError, load_variants, load_variants_text, make_deck, score_meld
from rules.variant import MAX_BID_STEPS, MAX_GAME_HANDS

PRESETS = load_variants()
P = PRESETS["partnership"]
WHY_P = "9890 (250 trick points + 2 x 4820 meld)"


def _refusal(body: str) -> str:
    """The one-line message for preset ``m`` of a house file with ``body``."""
    with pytest.raises(VariantError) as e:
        load_variants_text("[m]\n" + body, "house.toml", base=PRESETS)
    msg = str(e.value)
    assert "\n" not in msg
    return msg


# the exact bounds, and the neighbours of each bound
REFUSED = [
    (
        "forbidden_bid_endings = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]",
        "forbidden_bid_endings [0, 10, 20, 30, 40, 50, 60, 70, 80, 90] rule out every bid from min_bid 250 "
        "to 3000 in steps of 10: no bid is possible",
    ),
    (
        "game_target = 1000000000000",
        f"game_target 1000000000000 cannot be reached in 100 hands: a side scores at most {WHY_P} in a hand, "
        "so game_target is at most 989000",
    ),
    (
        "game_target = 989010",
        f"game_target 989010 cannot be reached in 100 hands: a side scores at most {WHY_P} in a hand, "
        "so game_target is at most 989000",
    ),
    ("bid_unit = 1000000000000", f"bid_unit 1000000000000 is more than a side can score in a hand, {WHY_P}"),
    (
        "bid_unit = 1\ngame_target = 5000000",
        f"game_target 5000000 cannot be reached in 100 hands: a side scores at most {WHY_P} in a hand, "
        "so game_target is at most 989000",
    ),
    (
        "bid_unit = 1\ngame_target = 2500",
        "the bid grid from min_bid 250 to 5000 in steps of 1 has 4751 bids; at most 3000: "
        "raise bid_unit or lower game_target",
    ),
    ("min_bid = 9900", f"min_bid 9900 is more than a side can score in a hand, {WHY_P}: no hand can make it"),
    (
        "dealer_stuck_bid = 1000000000000",
        f"dealer_stuck_bid 1000000000000 is more than a side can score in a hand, {WHY_P}: no hand can make it",
    ),
    ("dealer_stuck_bid = 255", "dealer_stuck_bid 255 is off the bid grid (min_bid 250 in steps of 10)"),
    ("min_bid = 200\ndealer_stuck_bid = 195", "dealer_stuck_bid 195 is off the bid grid (min_bid 200 in steps of 10)"),
    (
        "bid_unit_above = [[600, 50]]\ndealer_stuck_bid = 610",
        "dealer_stuck_bid 610 is off the bid grid (min_bid 250 in steps of 10, then bid_unit_above)",
    ),
    ("dealer_stuck_bid = 3010", "dealer_stuck_bid 3010 is above the highest bid, 3000"),
    ("forbidden_bid_endings = [50]", "the stuck dealer's bid, 250, ends in 50, which forbidden_bid_endings rule out"),
    (  # an ending no bid has was "ok" and did nothing
        "forbidden_bid_endings = [5, 40]",
        "forbidden_bid_endings [5] match no bid from min_bid 250 to 3000 in steps of 10, so they rule out nothing; "
        "the bids end in 0, 10, 20, 30, 40, 50, 60, 70, 80, 90",
    ),
    (
        "forbidden_bid_endings = [40, 140]",
        "forbidden_bid_endings are the last two digits of a bid, 0 to 99 (e.g. [40, 90]); got 140",
    ),
    (
        "bid_unit_above = [[1000, 100], [600, 50]]",
        "bid_unit_above entries [from_bid, unit] go from the lowest from_bid up, each once",
    ),
    (
        "bid_unit_above = [[600, 50], [600, 100]]",
        "bid_unit_above entries [from_bid, unit] go from the lowest from_bid up, each once",
    ),
    (
        "bid_unit_above = [[600, 1000000000000]]",
        f"bid_unit_above 1000000000000 is more than a side can score in a hand, {WHY_P}",
    ),
    (
        "bid_unit_above = [[100000, 50]]",
        f"bid_unit_above from_bid 100000 is more than a side can score in a hand, {WHY_P}",
    ),
    (
        "last_trick_bonus = 1000000000000",
        "last_trick_bonus 1000000000000 is worth more than all the cards (240 trick points); at most 240",
    ),
    ("dix_value = 160", "dix_value 160 is worth more than a run; at most 150"),
    ("tie_extend_step = 989010", "tie_extend_step 989010 is more than the largest game_target, 989000"),
    ("nonbidder_min_points = 260", "nonbidder_min_points 260 can never be met: a hand has 250 trick points"),
    (
        'meld_requires = "min_points"\nmeld_requires_points = 251',
        "meld_requires_points 251 can never be met: a hand has 250 trick points",
    ),
    (
        "meld_minimum_to_record = 9650",
        "meld_minimum_to_record 9650 can never be met: a side shows at most 9640 meld in a hand",
    ),
]


@pytest.mark.parametrize(("body", "why"), REFUSED)
def test_an_unplayable_preset_is_refused_in_one_line(body: str, why: str) -> None:
    assert _refusal(body) == f"house.toml: preset 'm', keys: {why}"


@pytest.mark.parametrize(("body", "why"), REFUSED[:6])
def test_variants_check_answers_one_line_and_exit_2(tmp_path, capsys, body: str, why: str) -> None:
    f = tmp_path / "house.toml"
    f.write_text("[m]\n" + body + "\n", encoding="utf-8")
    assert main(["variants", "--check", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"pinochle variants: {f}: preset 'm', keys: {why}\n"


@pytest.mark.parametrize(("body", "why"), REFUSED)
def test_a_variant_embedded_in_a_save_is_checked_the_same_way(body: str, why: str) -> None:
    """`Variant.model_validate` (the save's path) runs the same checks, not only the file loader."""
    import tomllib

    data = P.model_dump() | tomllib.loads(body)
    with pytest.raises(ValidationError) as e:
        Variant.model_validate(data)
    assert e.value.errors()[0]["msg"] == f"Value error, {why}"


def test_three_hand_derived_bounds_and_message() -> None:
    """Each for self: one seat's meld bound, 250 trick points."""
    t3 = PRESETS["three-hand"]
    assert (t3.seats_per_side, t3.seat_meld_bound, t3.hand_score_bound) == (1, 4820, 5070)
    msg = _refusal('extends = "three-hand"\nmin_bid = 5080')
    assert msg.endswith("min_bid 5080 is more than a side can score in a hand, 5070 (250 trick points + 4820 meld): "
                        "no hand can make it")  # fmt: skip


def test_bounds_of_every_shipped_preset() -> None:
    got = {n: (v.hand_trick_total, v.seat_meld_bound, v.hand_score_bound) for n, v in PRESETS.items()}
    assert got == {
        "partnership": (250, 4820, 9890),
        "partnership-post1945": (250, 4820, 9890),
        "partnership-hoyle": (250, 4820, 9890),
        "partnership-kitty": (250, 4820, 9890),
        "three-hand": (250, 4820, 5070),
        "cutthroat": (250, 4820, 5070),
        "double-deck": (500, 9900, 20300),
        "two-hand": (250, 9640, 9890),  # progressive meld: the bound doubled
        "three-hand-turn-up": (250, 9640, 9890),
        "two-hand-draft": (250, 4820, 5070),
        "racehorse": (490, 14140, 28770),  # §5.6: triples, fours of a kind; a quadruple wins, scores 0
        "check": (250, 4820, 9890),
        "three-hand-check": (250, 4820, 5070),
        "three-hand-four": (250, 4820, 5070),  # sitting out changes no bound of the form
        "three-hand-five": (250, 4820, 5070),
        "partnership-five": (250, 4820, 9890),
        "five-hand": (500, 9900, 20300),  # the pair's meld: two seats
        "six-hand": (750, 14700, 44850),  # six copies of each card: 4500 in runs, 3000 in aces, ...
        "eight-hand": (490, 10040, 20570),  # four copies and four nines; the quadruple pinochle 1000
        "partnership-widow": (250, 4820, 9890),
    }
    for v in PRESETS.values():
        assert v.game_target <= v.max_game_target == MAX_GAME_HANDS * v.hand_score_bound
    assert (P.max_game_target, PRESETS["double-deck"].max_game_target) == (989000, 2030000)


def test_shipped_bid_grids_are_unchanged() -> None:
    """The cap at `hand_score_bound` is above every preset's old ceiling (twice the target)."""
    got = {n: (len(v.bid_grid), v.bid_grid[0], v.max_bid) for n, v in PRESETS.items()}
    assert got == {
        "partnership": (276, 250, 3000),
        "partnership-post1945": (276, 250, 3000),
        "partnership-hoyle": (191, 100, 2000),
        "partnership-kitty": (276, 250, 3000),
        "three-hand": (181, 200, 2000),
        "cutthroat": (181, 200, 2000),
        "double-deck": (199, 500, 10000),
        "two-hand": (176, 250, 2000),
        "three-hand-turn-up": (176, 250, 2000),
        "two-hand-draft": (181, 200, 2000),
        "racehorse": (951, 500, 10000),
        "check": (181, 200, 2000),
        "three-hand-check": (171, 300, 2000),
        "three-hand-four": (181, 200, 2000),
        "three-hand-five": (181, 200, 2000),
        "partnership-five": (276, 250, 3000),
        "five-hand": (966, 350, 10000),
        "six-hand": (186, 750, 10000),
        "eight-hand": (976, 250, 10000),
        "partnership-widow": (191, 100, 2000),
    }
    dd = PRESETS["double-deck"].bid_grid
    assert dd[:12] == (500, 510, 520, 530, 540, 550, 560, 570, 580, 590, 600, 650) and dd[-1] == 10000


BID_OVER_TARGET = [
    (
        "game_target = 200",
        "min_bid 250 is above game_target 200: every contract would be worth more than the whole game; "
        "min_bid is at most game_target (lower min_bid or raise game_target)",
    ),
    (
        'extends = "check"\ndealer_stuck_bid = 1100',
        "dealer_stuck_bid 1100 is above game_target 1000: a stuck dealer's contract would be worth more than the "
        "whole game; dealer_stuck_bid is at most game_target (lower dealer_stuck_bid or raise game_target)",
    ),
]
"""A least contract above the game: refused by the same check `pinochle variants --check` runs."""


@pytest.mark.parametrize(("body", "why"), BID_OVER_TARGET)
def test_a_least_bid_above_the_game_target_is_refused_naming_both(tmp_path, capsys, body: str, why: str) -> None:
    from rules.variant import accepts, refusal

    assert _refusal(body) == f"house.toml: preset 'm', keys: {why}"
    f = tmp_path / "house.toml"
    f.write_text("[m]\n" + body + "\n", encoding="utf-8")
    assert main(["variants", "--check", str(f)]) == 2
    assert capsys.readouterr() == ("", f"pinochle variants: {f}: preset 'm', keys: {why}\n")
    base = PRESETS["check" if "check" in body else "partnership"].model_dump()
    key, value = body.splitlines()[-1].split(" = ")
    data = {**base, key: int(value)}
    assert not accepts(data) and refusal(data) == why  # the editor's fast check, the same line


def test_a_least_bid_equal_to_the_target_and_a_stock_game_target_under_its_unused_min_bid_are_taken() -> None:
    assert load_variants_text("[m]\ngame_target = 250\n", "house.toml", base=PRESETS)["m"].min_bid == 250
    # the two-hand stock game has no auction: its min_bid (250) is never bid
    two = load_variants_text('[m]\nextends = "two-hand"\ngame_target = 200\n', "house.toml", base=PRESETS)["m"]
    assert (two.min_bid, two.game_target, two.has_auction) == (250, 200, False)


REASONABLE = [
    'extends = "three-hand"',  # stuck at 190 below the 200 opening (§3.2 house)
    "min_bid = 200\ndealer_stuck_bid = 190",
    "bid_unit = 25",  # §3.3 house increment
    "forbidden_bid_endings = [40, 90]",  # §3.3 Brooklyn
    "forbidden_bid_endings = [0, 10, 20, 30, 40, 60, 70, 80, 90]",  # only bids ending in 50 remain
    "bid_unit = 1",  # 2751 bids to 3000
    "bid_unit = 5\ngame_target = 5000",
    'extends = "double-deck"\nbid_unit_above = [[600, 50], [1000, 100]]\ngame_target = 10000',
    "game_target = 989000",  # the bound itself
    'extends = "partnership-hoyle"\ngame_target = 5000',
    'extends = "partnership"\nplayers = 4\ngame_target = 100\nmin_bid = 100',
    "last_trick_bonus = 0\ndix_value = 0",
    'meld_requires = "min_points"\nmeld_requires_points = 20\nnonbidder_min_points = 20',
    "meld_minimum_to_record = 200",
    'extends = "three-hand"\ntie_extend_step = 500',
    'all_pass = "redeal"\nmin_bid = 300\nforbidden_bid_endings = [0]',  # no dealer is ever stuck at 300
]


@pytest.mark.parametrize("body", REASONABLE)
def test_reasonable_house_files_still_validate(body: str) -> None:
    v = load_variants_text("[m]\n" + body, "house.toml", base=PRESETS)["m"]
    assert v.bid_grid and v.stuck_bid <= v.max_bid
    assert len(v.bid_grid) <= MAX_BID_STEPS


def test_one_legal_bid_left_is_played_without_an_index_error() -> None:
    v = load_variants_text(
        "[m]\nforbidden_bid_endings = [0, 10, 20, 30, 40, 60, 70, 80, 90]\n", "house.toml", base=PRESETS
    )["m"]
    assert v.bid_grid[:3] == (250, 350, 450) and v.max_bid == 2950
    assert v.next_bid_after(250) == 350


def test_bid_unit_one_at_the_default_target_is_2751_bids() -> None:
    v = P.model_copy(update={"bid_unit": 1})
    assert (len(v.bid_grid), v.bid_grid[:2], v.max_bid) == (2751, (250, 251), 3000)


def test_the_bid_ceiling_is_the_most_a_side_can_score() -> None:
    """A high target no longer asks for bids no hand can make (twice the target would be 20000)."""
    v = P.model_copy(update={"game_target": 10000, "bid_unit": 50})
    assert (v.bid_top, v.max_bid) == (9890, 9850)


RUN_RULES = ("run_absorbs", "extra_card_marries", "independent")


@pytest.mark.parametrize("base", ["partnership", "double-deck"])
def test_the_meld_bound_is_above_any_meld_of_the_whole_pack(base: str) -> None:
    """`seat_meld_bound` (RULES.md §5.2) against the engine's own count of the whole pack
    held in one hand, for every meld knob: the bound is the largest exactly."""
    seen = []
    for rule, doubles, dix, rh in itertools.product(RUN_RULES, ("special", "twice_single"), (0, 10, 150), (0, 10)):
        v = PRESETS[base].model_copy(
            update={"run_marriage_rule": rule, "double_meld_values": doubles, "dix_value": dix, "roundhouse_bonus": rh}
        )
        best = max(score_meld(make_deck(v.deck), t, v).total for t in range(4))
        assert best <= v.seat_meld_bound
        seen.append(best == v.seat_meld_bound)
    assert any(seen)  # independent marriages, special doubles: the bound is reached


# ---------------------------------------------------------------------- nested too deeply (§2)

DEEP = [
    "x = " + "[" * 5000 + "]" * 5000,
    "x = " + "{a = " * 5000 + "1" + "}" * 5000,
    "forbidden_bid_endings = " + "[" * 600 + "]" * 600,
    "x = " + "{a = " * 400 + "1" + "}" * 400,
]
DEEP_WHY = (
    "arrays, tables or dotted keys nested more than 32 deep; a preset's values are numbers, words, true/false "
    "and lists like [[600, 50]]"
)


@pytest.mark.parametrize("body", DEEP, ids=["array", "inline-table", "array-600", "inline-table-400"])
def test_a_deeply_nested_variants_file_is_one_line_and_exit_2(tmp_path, capsys, body: str) -> None:
    f = tmp_path / "deep.toml"
    f.write_text("[m]\n" + body + "\n", encoding="utf-8")
    assert main(["variants", "--check", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"pinochle variants: {f}: {DEEP_WHY}\n"


def test_a_deeply_nested_text_is_a_variant_error() -> None:
    with pytest.raises(VariantError) as e:
        load_variants_text("[m]\n" + DEEP[0], "deep.toml")
    assert str(e.value) == f"deep.toml: {DEEP_WHY}"


# Found by bench/hostile_files.py: files whose numbers, names or chains broke the reader
# itself (a traceback and exit 1) or gave an unprintable message.
HOSTILE_TEXT = [
    (
        "[m]\nmin_bid = " + "9" * 5000,
        "house.toml: a number too long to read; a preset's numbers have at most 15 digits",
    ),
    (
        "[m]\nmin_bid = 0x" + "f" * 5000,
        "house.toml: preset 'm', key 'min_bid': numbers have at most 15 digits",
    ),
    (
        "[m]\nbid_unit_above = [[600, 1" + "0" * 20 + "]]",
        "house.toml: preset 'm', key 'bid_unit_above': numbers have at most 15 digits",
    ),
    ("[m]\nmin_bid = 250.0", "house.toml: preset 'm', key 'min_bid': must be a whole number (integer)"),
    (
        "[" + "n" * 10_000 + "]\nmin_bid = 250",
        "house.toml: preset name '" + "n" * 40 + "…' has 10000 characters; give 1 to 40",
    ),
    (
        "[m]\ndescription = '" + "d" * 301 + "'",
        "house.toml: preset 'm', key 'description': String should have at most 300 characters",
    ),
    (
        "".join(f'[ch{i}]\nextends = "ch{i + 1}"\n' for i in range(1000)) + '[ch1000]\nextends = "partnership"\n',
        "house.toml: preset 'ch0': its extends chain is longer than 64 presets",
    ),
]


@pytest.mark.parametrize(("text", "line"), HOSTILE_TEXT)
def test_hostile_numbers_names_and_chains_are_one_line(tmp_path, capsys, text: str, line: str) -> None:
    with pytest.raises(VariantError) as e:
        load_variants_text(text, "house.toml", base=PRESETS)
    assert str(e.value) == line
    f = tmp_path / "house.toml"
    f.write_text(text, encoding="utf-8")
    assert main(["variants", "--check", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.endswith(line.removeprefix("house.toml") + "\n")


def test_a_chain_of_64_presets_still_loads() -> None:
    text = "".join(f'[ch{i}]\nextends = "ch{i + 1}"\n' for i in range(63)) + '[ch63]\nextends = "partnership"\n'
    got = load_variants_text(text, "house.toml", base=PRESETS)
    assert got["ch0"].min_bid == P.min_bid and len(got) == 64
