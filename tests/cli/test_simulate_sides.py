"""`pinochle simulate` names each side, with its seats and levels, and says the scale of its
figures: the JSON in x10 points with the game's divisor, the table in the game's scale."""

from __future__ import annotations

import json

import pytest

from pinochle_tui.cli import main


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def test_simulate_json_says_the_scale_of_its_figures(capsys) -> None:
    rc, out, _ = run(capsys, ["simulate", "--variant", "three-hand", "--hands", "3", "--seed", "1", "--json"])
    d = json.loads(out)
    assert rc == 0
    assert (d["points_scale"], d["game_scale"], d["game_divisor"]) == ("x10", "x1", 10)
    rc, out, _ = run(capsys, ["simulate", "--hands", "2", "--seed", "1", "--json"])
    d = json.loads(out)
    assert (d["points_scale"], d["game_scale"], d["game_divisor"]) == ("x10", "x10", 1)


PAIRS = [
    {"seats": ["South", "North"], "levels": ["standard", "standard"], "label": "South & North (standard, standard)"},
    {"seats": ["West", "East"], "levels": ["easy", "easy"], "label": "West & East (easy, easy)"},
]


@pytest.mark.parametrize(
    ("argv", "sides"),
    [
        (
            ["--seats", "standard,easy,standard,easy"],
            PAIRS,
        ),
        (
            # duplicate: the bots move round the table, so a side is named by its level, and
            # where --seats puts it at the first table
            ["--seats", "standard,easy,standard,easy", "--duplicate"],
            [{**PAIRS[0], "label": "standard (N/S)"}, {**PAIRS[1], "label": "easy (E/W)"}],
        ),
        (
            ["--seats", "standard,easy,expert,easy", "--duplicate", "--nodes", "50"],
            [
                {"seats": ["South", "North"], "levels": ["standard", "expert"], "label": "standard & expert (N/S)"},
                {**PAIRS[1], "label": "easy (E/W)"},
            ],
        ),
        (
            ["--variant", "three-hand", "--seats", "standard,easy,random"],
            [
                {"seats": ["South"], "levels": ["standard"], "label": "South (standard)"},
                {"seats": ["West"], "levels": ["easy"], "label": "West (easy)"},
                {"seats": ["East"], "levels": ["random"], "label": "East (random)"},
            ],
        ),
        (
            ["--variant", "three-hand", "--seats", "standard,easy,random", "--duplicate"],
            [
                {"seats": ["South"], "levels": ["standard"], "label": "standard (S)"},
                {"seats": ["West"], "levels": ["easy"], "label": "easy (W)"},
                {"seats": ["East"], "levels": ["random"], "label": "random (E)"},
            ],
        ),
    ],
)
def test_simulate_json_names_each_side(capsys, argv: list[str], sides: list[dict[str, object]]) -> None:
    rc, out, _ = run(capsys, ["simulate", "--hands", "3", "--seed", "1", "--json", *argv])
    d = json.loads(out)
    assert rc == 0 and d["sides"] == sides
    assert len(d["points_per_hand"]) == len(sides) == len(d["points_per_hand_ci95"])


def _rows(text: str) -> dict[str, str]:
    """The simulate table's rows, figure -> value."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("│"):
            name, value = (cell.strip() for cell in line.strip("│").split("│"))
            rows[name] = value
    return rows


def test_simulate_table_labels_each_sides_points_in_the_games_scale(capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    common = ["simulate", "--variant", "three-hand", "--seats", "standard,easy,random", "--hands", "4", "--seed", "2"]
    rc, out, _ = run(capsys, [*common, "--json"])
    d = json.loads(out)
    rc2, text, _ = run(capsys, common)
    rows = _rows(text)
    assert (rc, rc2) == (0, 0)
    shown = {}
    for label in ("South (standard)", "West (easy)", "East (random)"):
        shown[label] = rows[f"points per hand, {label}"]
    # the x10 figures of the JSON over its game_divisor, as the game shows three-hand (x1),
    # each figure and its CI to tenths ("-9.3 … 20" mixed them)
    expected = {}
    for side, p, (lo, hi) in zip(d["sides"], d["points_per_hand"], d["points_per_hand_ci95"]):
        expected[side["label"]] = f"{p / 10:.1f}  [95% CI {lo / 10:.1f} … {hi / 10:.1f}]"
    assert shown == expected
    assert all(len(x.split(".")) == 4 for x in shown.values())  # three figures, each with tenths
    # the bids to tenths too: "bid 22.0" beside "bid 22.4", never "bid 22"
    bid = {level: b for level, b in d["bidders"].items() if b["contracts"]}
    assert [f"{level} as bidder" for level in bid] == [name for name in rows if name.endswith(" as bidder")]
    for level, b in bid.items():
        assert rows[f"{level} as bidder"].endswith(f", bid {b['avg_bid'] / 10:.1f}")
    assert rows["average bid / bidder's side meld"] == f"{d['avg_bid'] / 10:.1f} / {d['avg_meld'] / 10:.1f}"
    assert rows["games"].endswith("won: South (standard) 0, West (easy) 0, East (random) 0")
    assert "South (standard) − the others' average, per hand" in rows
    assert "points per hand per side [95% CI]" not in rows


def test_simulate_bids_in_an_x1_preset_keep_their_tenths(capsys, monkeypatch) -> None:
    """Three-hand's table said "bid 22.4" for easy and "bid 22" for
    standard (Variant.fmt drops a whole number's tenths); every bid is to tenths now."""
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["simulate", "--variant", "three-hand", "--seats", "standard,easy,easy", "--hands", "30"]
    rc, text, _ = run(capsys, [*argv, "--duplicate", "--seed", "3"])
    rows = _rows(text)
    assert rc == 0
    assert rows["standard as bidder"] == "11 contracts, made 100.0%, bid 22.0"
    assert rows["easy as bidder"] == "19 contracts, made 89.5%, bid 22.4"
    assert rows["average bid / bidder's side meld"] == "22.3 / 18.5"


@pytest.mark.parametrize(("variant", "people"), [("partnership-five", 5), ("three-hand-four", 4)])
def test_simulate_counts_each_persons_games_won_when_people_sit_out(
    capsys, monkeypatch, variant: str, people: int
) -> None:
    """People sitting out in turn (RULES.md §0.4.16) win as persons, not as the deal's
    sides: games won are counted per person at the table, named as the table names them,
    and they add up to the games finished."""
    from pinochle_tui.controller import SEAT_NAMES

    monkeypatch.setenv("COLUMNS", "250")  # (a row over two lines is not read)
    common = ["simulate", "--variant", variant, "--games", "4", "--seed", "1"]
    rc, out, _ = run(capsys, [*common, "--json"])
    d = json.loads(out)
    assert rc == 0 and d["games"] == 4 and d["unfinished_games"] == 0
    assert d["people"] == list(SEAT_NAMES[people])
    assert len(d["games_won"]) == people and sum(d["games_won"]) == 4
    rc, text, _ = run(capsys, common)
    won = ", ".join(f"{name} (standard) {k}" for name, k in zip(SEAT_NAMES[people], d["games_won"]))
    assert rc == 0 and _rows(text)["games"] == f"4  won: {won}"


def test_simulate_seats_one_bot_per_person_and_names_the_deals_sides_by_place(capsys, monkeypatch) -> None:
    """partnership-five (§0.4.16): --seats takes one level per person at the table, as the
    game's --seats does; each person's bot plays from whichever seat it sits in a deal,
    and the deal's sides are rows named by their places from the dealer (no one is always
    South & North)."""
    monkeypatch.setenv("COLUMNS", "200")
    common = ["simulate", "--variant", "partnership-five", "--games", "2", "--seed", "1"]
    rc, out, err = run(capsys, [*common, "--seats", "easy,easy,easy"])
    assert rc == 2 and out == ""
    assert err == (
        "pinochle simulate: --seats: partnership-five has 5 seats, got 3; give 5 (one per person) or 4 "
        "(one per seat of a deal), comma separated, each one of the bot levels: random, easy, standard, expert\n"
    )
    rc, out, _ = run(capsys, [*common, "--seats", "easy,easy,standard,easy,easy", "--json"])
    d = json.loads(out)
    assert rc == 0 and d["seats"] == ["easy", "easy", "standard", "easy", "easy"]
    # the people move from place to place: each place is played by their levels in turn
    assert [(side["label"], side["levels"]) for side in d["sides"]] == [
        ("1st & 3rd left of the dealer (easy/standard by turns)", []),
        ("2nd & 4th left of the dealer (easy/standard by turns)", []),
    ]
    assert set(d["bidders"]) == {"easy", "standard"}  # the one standard bot bids from the seats it sits in
    rc, text, _ = run(capsys, [*common, "--seats", "easy,easy,standard,easy,easy"])
    rows = _rows(text)
    assert rows["games"].startswith("2  won: South (easy) ") and "Northwest (standard)" in rows["games"]
    assert "points per hand, 1st & 3rd left of the dealer (easy/standard by turns)" in rows
    # duplicate plays single deals of the form, where no one sits out: one bot per seat of a deal
    rc, out, err = run(capsys, ["simulate", "--variant", "partnership-five", "--hands", "4", "--duplicate", "--json"])
    d = json.loads(out)
    assert (rc, err, d["seats"], d["boards"], d["people"]) == (0, "", ["standard"] * 4, 2, None)
    assert [side["label"] for side in d["sides"]] == ["standard (N/S)", "standard (E/W)"]


@pytest.mark.parametrize(
    ("seats", "sides"),
    [
        # one level for everyone: each place's levels are that one
        (None, [("(standard, standard)", ["standard", "standard"])] * 2),
        ("easy,easy,easy,easy,easy", [("(easy, easy)", ["easy", "easy"])] * 2),
        # one bot per seat of a deal, staying in its seat: round seat 0 is 1st left of the dealer
        (
            "standard,easy,random,easy",
            [("(standard, random)", ["standard", "random"]), ("(easy, easy)", ["easy", "easy"])],
        ),
    ],
)
def test_simulate_names_the_levels_of_each_place_when_people_sit_out(
    capsys, monkeypatch, seats: str | None, sides: list[tuple[str, list[str]]]
) -> None:
    """partnership-five's sides are places from the dealer; their levels are named as every
    other form's sides are, where they are fixed."""
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["simulate", "--variant", "partnership-five", "--hands", "2", "--seed", "1"]
    argv += [] if seats is None else ["--seats", seats]
    rc, out, _ = run(capsys, [*argv, "--json"])
    places = ["1st & 3rd left of the dealer", "2nd & 4th left of the dealer"]
    assert rc == 0
    assert [(side["label"], side["levels"]) for side in json.loads(out)["sides"]] == [
        (f"{place} {levels}", each) for place, (levels, each) in zip(places, sides)
    ]
    rc, text, _ = run(capsys, argv)
    assert f"points per hand, {places[0]} {sides[0][0]}" in _rows(text)


@pytest.mark.parametrize(
    ("variant", "form", "seats"),
    [("partnership-five", "partnership", "standard,easy,standard,easy")]
    + [
        ("three-hand-four", "three-hand", "standard,easy,random"),
        ("three-hand-five", "three-hand", "easy,standard,easy"),
    ],
)
def test_simulate_duplicate_at_a_sit_out_table_plays_the_deals_of_its_form(
    capsys, variant: str, form: str, seats: str
) -> None:
    """A duplicate board is one deal, and a deal where people sit out (§0.4.16) is a deal of
    the form with no one sitting out (`Variant.deal_form`): the same seed and seats give the
    form's figures, every one (the timings and the preset's name aside)."""
    common = ["simulate", "--seats", seats, "--hands", "12", "--seed", "7", "--duplicate", "--json"]
    rc, out, err = run(capsys, [*common, "--variant", variant])
    d = json.loads(out)
    rc2, out2, _ = run(capsys, [*common, "--variant", form])
    plain = json.loads(out2)
    assert (rc, err, rc2, d["variant"], d["illegal_actions"], d["errors"]) == (0, "", 0, variant, 0, 0)
    assert d["boards"] == 12 // len(d["sides"]) and d["people"] is None
    timings = {"variant", "hands_per_s", "latency_ms"}
    assert {k: x for k, x in d.items() if k not in timings} == {k: x for k, x in plain.items() if k not in timings}


def test_simulate_duplicate_at_partnership_five_prints_the_partnerships_figures(capsys, monkeypatch) -> None:
    """The table of a duplicate run at partnership-five: the preset's name in the title, the
    sides named by the seats of a deal as at partnership."""
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["simulate", "--variant", "partnership-five", "--seats", "standard,easy,standard,easy", "--hands", "4"]
    rc, text, err = run(capsys, [*argv, "--seed", "1", "--duplicate"])
    rows = _rows(text)
    assert (rc, err) == (0, "")
    assert text.splitlines()[:2] == [
        "pinochle simulate: partnership-five  seats standard,easy,standard,easy  seed 1",
        "a board is the same deal played 2 times, the sides' seats swapped, so each side holds the same cards",
    ]
    assert list(rows.items())[:3] == [
        ("hands", "4"),
        ("boards", "2"),
        ("points per board, standard (N/S) − easy (E/W)", "530  [95% CI 177 … 883]"),
    ]


def test_simulate_duplicate_at_a_sit_out_table_takes_one_level_per_seat_of_a_deal() -> None:
    from pinochle_tui.simulate import simulate
    from rules import load_variants

    with pytest.raises(ValueError) as err:
        simulate(load_variants()["partnership-five"], ["easy"] * 5, hands=2, duplicate=True)
    assert str(err.value) == (
        "simulate: duplicate at partnership-five plays single deals, where no one sits out: "
        "it takes 4 levels (one per seat of a deal), not 5"
    )


def test_simulate_keeps_checks_per_bot_when_people_sit_out(capsys, tmp_path) -> None:
    """three-hand-check with four people (table_seats, §0.4.16): the game's checks are kept
    per person and were folded in as bot seats (an IndexError); the bots sit by the deal's
    round seats, so each game's checks go to the round seats their people played."""
    house = tmp_path / "house.toml"
    house.write_text('[check-four]\nextends = "three-hand-check"\ntable_seats = 4\n', encoding="utf-8")
    rc, out, err = run(capsys, ["simulate", "--variants", str(house), "--variant", "check-four", "--games", "2",
                                "--seed", "1", "--json"])  # fmt: skip
    d = json.loads(out)
    assert (rc, err, d["errors"], d["illegal_actions"]) == (0, "", 0, 0)
    assert d["games"] == 2 and sum(d["games_won"]) == 2
    assert len(d["checks_per_seat"]) == 4 and sum(d["checks_per_seat"]) == 0 and any(d["checks_per_seat"])


def test_simulate_takes_one_bot_per_seat_of_a_deal_too_where_people_sit_out(capsys, monkeypatch) -> None:
    """partnership-five (§0.4.16) with four levels: one per seat of a deal, each bot staying
    in its seat whoever sits there (simulate's --seats as it was before one per person);
    the games are still won by persons, named without a bot of their own."""
    from pinochle_tui.controller import SEAT_NAMES

    monkeypatch.setenv("COLUMNS", "200")
    common = ["simulate", "--variant", "partnership-five", "--games", "2", "--seed", "1"]
    rc, out, _ = run(capsys, [*common, "--seats", "standard,easy,standard,easy", "--json"])
    d = json.loads(out)
    assert rc == 0 and d["seats"] == ["standard", "easy", "standard", "easy"]
    assert d["illegal_actions"] == 0 and d["errors"] == 0
    assert d["people"] == list(SEAT_NAMES[5]) and len(d["games_won"]) == 5 and sum(d["games_won"]) == 2
    rc, text, _ = run(capsys, [*common, "--seats", "standard,easy,standard,easy"])
    won = ", ".join(f"{name} {k}" for name, k in zip(SEAT_NAMES[5], d["games_won"]))
    assert rc == 0 and _rows(text)["games"] == f"2  won: {won}"
