"""Sitting out (RULES.md §0.4 item 16, §2.5, §2.12; knob ``table_seats``): more people at
the table than the form deals to.  Each deal the dealer sits out (and with two extra
people the seat second to the dealer's left); the active people, clockwise from the
dealer's left, take round seats 0, 1, … and play the form as written; scores are per
person, each member of a side scoring the side's change; checks are paid among the
active seats."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_examples import _hr

from rules import (
    GameState,
    HandResult,
    Phase,
    SideResult,
    Variant,
    VariantError,
    apply,
    legal_actions,
    load_variants,
    load_variants_text,
)
from rules.cards import make_deck
from rules.checks import CheckEvent

PRESETS = load_variants()
FOUR = PRESETS["three-hand-four"]
FIVE = PRESETS["three-hand-five"]
PAIRS_FIVE = PRESETS["partnership-five"]


def knobs(base: str, **kw) -> Variant:
    return Variant.model_validate(PRESETS[base].model_dump() | kw)


# ---------------------------------------------------------------------- the knob


def test_presets_seat_more_people_than_the_form_deals_to() -> None:
    assert [(v.people, v.players, v.sitting_out, v.n_scores) for v in (FOUR, FIVE, PAIRS_FIVE)] == [
        (4, 3, 1, 4),
        (5, 3, 2, 5),
        (5, 4, 1, 5),
    ]
    # the forms themselves are unchanged
    assert FOUR.model_dump(exclude={"name", "description", "table_seats"}) == PRESETS["three-hand"].model_dump(
        exclude={"name", "description", "table_seats"}
    )
    # the default: the people are the players, one score per side
    p = PRESETS["partnership"]
    assert (p.table_seats, p.people, p.sitting_out, p.n_scores) == (None, 4, 0, 2)


@pytest.mark.parametrize(
    ("base", "people"),
    [("three-hand", 4), ("three-hand", 5), ("cutthroat", 4), ("cutthroat", 5), ("three-hand-check", 4)]
    + [("three-hand-check", 5), ("partnership", 5), ("partnership-hoyle", 5), ("check", 5), ("partnership", 4)]
    + [("three-hand", 3), ("five-hand", 5)],
)
def test_table_seats_accepted(base: str, people: int) -> None:
    v = knobs(base, table_seats=people)
    assert v.people == people and v.sitting_out == people - v.players


@pytest.mark.parametrize(
    ("base", "people", "words"),
    [
        ("partnership", 3, "table_seats 3 is fewer than the 4 players"),
        ("three-hand", 6, "keys: a three-hand table takes table_seats = 4 or 5 (got 6): one or two sit out"),
        ("partnership", 6, "keys: a four-hand partnership table takes table_seats = 5 (got 6): one sits out"),
        ("partnership", 7, "keys: a four-hand partnership table takes table_seats = 5 (got 7)"),
        ("cutthroat", 8, "keys: a three-hand table takes table_seats = 4 or 5 (got 8)"),
        ("two-hand", 3, "keys: table_seats 3: no one sits out at this form"),
        ("two-hand", 3, "round_flow = 'stock'"),
        ("two-hand-draft", 3, "round_flow = 'draft'"),
        ("five-hand", 6, "sides = 'called_partner'"),
        ("six-hand", 8, "sides = 'teams_of_3_alternating'"),
    ],
)
def test_table_seats_refused_in_one_line(base: str, people: int, words: str) -> None:
    text = f'[mine]\nextends = "{base}"\ntable_seats = {people}\n'
    with pytest.raises(VariantError) as err:
        load_variants_text(text, "house.toml", base=PRESETS)
    msg = str(err.value)
    assert msg.startswith("house.toml: preset 'mine', keys: ") and words in msg and "\n" not in msg


def test_table_seats_out_of_range_names_the_bounds() -> None:
    with pytest.raises(VariantError, match="key 'table_seats': must be at most 8"):
        load_variants_text('[mine]\nextends = "three-hand"\ntable_seats = 9\n', "h.toml", base=PRESETS)
    with pytest.raises(VariantError, match="key 'table_seats': must be a whole number"):
        load_variants_text('[mine]\nextends = "three-hand"\ntable_seats = true\n', "h.toml", base=PRESETS)


@pytest.mark.parametrize(
    ("name", "form", "players", "n_sides"),
    [("three-hand-four", "three-hand", 3, 3), ("three-hand-five", "three-hand", 3, 3)]
    + [("partnership-five", "partnership", 4, 2)],
)
def test_deal_form_is_the_variant_with_no_one_sitting_out(name: str, form: str, players: int, n_sides: int) -> None:
    """A deal at a sit-out table is a deal of the form (§0.4.16): the same name and knobs,
    ``table_seats`` left out; the sit-out table's own derived figures (read first, so
    they are cached) do not carry over."""
    v = PRESETS[name]
    assert (v.people, v.sitting_out, v.n_scores) != (players, 0, n_sides)  # cached on v before the copy
    d = v.deal_form
    assert (d.name, d.table_seats, d.players, d.people, d.sitting_out, d.n_scores) == (
        name, None, players, players, 0, n_sides,
    )  # fmt: skip
    assert d.deal_seats(1) == (1, tuple(range(players)))
    assert d.model_dump(exclude={"table_seats"}) == v.model_dump(exclude={"table_seats"})
    assert d.model_dump(exclude={"name", "description"}) == PRESETS[form].model_dump(exclude={"name", "description"})
    assert d.deal_form is d and v.deal_form is d  # (cached)


@pytest.mark.parametrize("v", [PRESETS["partnership"], PRESETS["three-hand"], knobs("partnership", table_seats=4)])
def test_deal_form_where_no_one_sits_out_is_the_variant_itself(v: Variant) -> None:
    assert v.deal_form is v


@pytest.mark.parametrize(
    ("variant", "dealer", "expected"),
    [
        # four at three-hand: the dealer sits out, the other three from the dealer's left
        (FOUR, 0, (2, (1, 2, 3))),
        (FOUR, 2, (2, (3, 0, 1))),
        (FOUR, 3, (2, (0, 1, 2))),
        # five at three-hand: the dealer and the second to the dealer's left sit out (BC-AUC)
        (FIVE, 0, (2, (1, 3, 4))),
        (FIVE, 3, (2, (4, 1, 2))),
        # five at a partnership table: partners are the 1st and 3rd active seats
        (PAIRS_FIVE, 0, (3, (1, 2, 3, 4))),
        (PAIRS_FIVE, 4, (3, (0, 1, 2, 3))),
        (PAIRS_FIVE, 2, (3, (3, 4, 0, 1))),
        # nobody sits out: the people are the round seats, the dealer the round's
        (PRESETS["partnership"], 1, (1, (0, 1, 2, 3))),
    ],
)
def test_deal_seats(variant: Variant, dealer: int, expected: tuple[int, tuple[int, ...]]) -> None:
    assert variant.deal_seats(dealer) == expected


# ---------------------------------------------------------------------- the game


def test_the_deal_goes_to_the_active_seats_only() -> None:
    game = GameState.start(PAIRS_FIVE, seed="five", dealer=2)
    assert (game.seating, game.sitting_out) == ((3, 4, 0, 1), (2,))
    r = game.new_round()
    # a round of the form itself: four hands of 12, one 48-card pack, the last active seat deals
    assert (len(r.hands), r.dealer, r.to_act) == (4, 3, 0)
    assert Counter(c for h in r.hands for c in h) == Counter(make_deck("single48"))
    assert game.holders() == ((3, 0), (4, 1))  # round side 0 = round seats 0 and 2


def test_partnership_five_each_member_scores_the_side_change() -> None:
    game = GameState(variant=PAIRS_FIVE, seed="s", dealer=0, scores=(0,) * 5, target=1500)
    # round seats 0..3 are people 1..4; round side 0 (seats 0, 2) = people 1 and 3
    after = game.after_hand(_hr(0, 300, [330, 200], seats=[(0, 2), (1, 3)]))
    assert after.scores == (0, 330, 200, 330, 200)
    assert after.dealer == 1 and after.seating == (2, 3, 4, 0) and after.sitting_out == (1,)
    after = after.after_hand(_hr(1, 250, [120, -250], made=False, seats=[(0, 2), (1, 3)]))
    # people 2 and 4 against 3 and 0; person 1 sat out and keeps 330
    assert after.scores == (-250, 330, 320, 80, 320)
    assert after.winner is None


def test_three_hand_four_each_scores_its_own_result_and_the_dealer_nothing() -> None:
    game = GameState(variant=FOUR, seed="s", dealer=1, scores=(10, 20, 30, 40), target=1000)
    assert game.seating == (2, 3, 0)
    after = game.after_hand(_hr(0, 250, [270, 90, 40]))
    assert after.scores == (50, 20, 300, 130)
    assert after.dealer == 2 and after.seating == (3, 0, 1)


def test_a_misdeal_keeps_the_dealer_and_who_sits_out() -> None:
    game = GameState(variant=FOUR, seed="s", dealer=3, scores=(0,) * 4, target=1000)
    sides = tuple(SideResult(i, (i,), 0, 0, 0, 0, None, 0) for i in range(3))
    misdeal = HandResult(kind="misdeal", bidder=None, contract=None, trump=None, sides=sides, misdeal_by=1)
    after = game.after_hand(misdeal)
    assert (after.dealer, after.seating, after.scores) == (3, (0, 1, 2), (0,) * 4)
    redeal = HandResult(kind="all_passed", bidder=None, contract=None, trump=None, sides=sides)
    assert game.after_hand(redeal).dealer == 0


def test_the_target_is_per_person() -> None:
    game = GameState(variant=FOUR, seed="s", dealer=0, scores=(990, 900, 800, 0), target=1000)
    # person 0 sits out at 990; person 1 (round seat 0) bids and reaches 1000 alone
    after = game.after_hand(_hr(0, 250, [100, 50, 0]))
    assert after.scores == (990, 1000, 850, 0) and after.winner == 1


def test_partnership_five_bidder_first_per_person() -> None:
    """Two people of different sides reach the target together: the bidding side is
    scored first (§8.5 ``bidder_first``), the bidder before its partner."""
    game = GameState(variant=PAIRS_FIVE, seed="s", dealer=0, scores=(0, 1200, 1400, 1300, 0), target=1500)
    # bidder round seat 2 = person 3 with partner person 1; defenders people 2 and 4
    after = game.after_hand(_hr(2, 250, [300, 150], seats=[(0, 2), (1, 3)]))
    assert after.scores == (0, 1500, 1550, 1600, 150)
    assert after.winner == 3  # three people over: the bidder, scored first
    # the bidder's partner over the target, the bidder not: the partner is scored first
    game = GameState(variant=PAIRS_FIVE, seed="s", dealer=0, scores=(0, 1300, 1400, 1000, 0), target=1500)
    after = game.after_hand(_hr(2, 250, [300, 150], seats=[(0, 2), (1, 3)]))
    assert after.scores == (0, 1600, 1550, 1300, 150) and after.winner == 1


def test_cutthroat_four_only_the_bidder_wins() -> None:
    v = knobs("cutthroat", table_seats=4)
    game = GameState(variant=v, seed="s", dealer=0, scores=(0, 950, 950, 0), target=1000)
    # a defender (person 2, round seat 1) passes the target: no winner (§8.6)
    after = game.after_hand(_hr(2, 200, [50, 60, 250]))
    assert after.scores == (0, 1000, 1010, 250) and after.winner is None
    after = game.after_hand(_hr(0, 200, [250, 10, 10]))
    assert after.winner == 1


def test_three_hand_check_four_checks_paid_among_the_active_seats() -> None:
    v = knobs("three-hand-check", table_seats=4)
    game = GameState(variant=v, seed="s", dealer=0, scores=(0,) * 4, target=1000, checks=(0,) * 4)
    # round seat 0 (person 1) collects 2 from each of the other two active seats
    events = (CheckEvent(1, 0, 2, "double aces"), CheckEvent(2, 0, 2, "double aces"))
    result = _hr(0, 300, [350, 50, 40])._replace(checks=events)
    after = game.after_hand(result)
    assert after.checks == (0, 4, -2, -2)
    assert after.check_events == (CheckEvent(2, 1, 2, "double aces"), CheckEvent(3, 1, 2, "double aces"))
    assert sum(after.checks) == 0


def test_three_hand_check_four_game_checks_per_person() -> None:
    v = knobs("three-hand-check", table_seats=4)
    game = GameState(variant=v, seed="s", dealer=1, scores=(900, 0, 0, 0), target=1000, checks=(0,) * 4)
    # dealer 1 sits out; person 0 is round seat 2 and reaches 1000
    assert game.seating == (2, 3, 0)
    after = game.after_hand(_hr(2, 300, [0, 0, 100]))
    assert after.winner == 0
    assert after.game_checks == (CheckEvent(2, 0, 10, "won the game"), CheckEvent(3, 0, 10, "won the game"))
    assert after.checks == (20, 0, -10, -10)


def test_hand_seatings_follow_the_dealer() -> None:
    game = GameState.start(FIVE, seed="walk", dealer=4)
    sides = tuple(SideResult(i, (i,), 0, 0, 0, 0, None, 0) for i in range(3))
    misdeal = HandResult(kind="misdeal", bidder=None, contract=None, trump=None, sides=sides)
    for result in (_hr(0, 200, [0, 0, 0]), misdeal, _hr(0, 200, [0, 0, 0])):
        game = game.after_hand(result)
    assert game.hand_seatings() == (FIVE.deal_seats(4)[1], FIVE.deal_seats(0)[1], FIVE.deal_seats(0)[1])
    assert game.dealer == 1


@pytest.mark.parametrize("name", ["three-hand-four", "three-hand-five", "partnership-five"])
def test_random_games_rotate_the_seat_sitting_out(name: str) -> None:
    """Random legal play for a few hands: every card dealt once to the active seats, the
    person sitting out scores nothing, each person's score moves by its side's change."""
    v = PRESETS[name]
    game = GameState.start(v, seed=name)
    rng = random.Random(name)
    out_seen = set()
    for _ in range(2 * v.people):
        r = game.new_round()
        assert len(r.hands) == v.players
        assert Counter(c for h in r.hands for c in h) + Counter(r.table.kitty) == Counter(make_deck(v.deck))
        out_seen.update(game.sitting_out)
        while r.phase is not Phase.DONE:
            legal = legal_actions(r)
            r = apply(r, legal[rng.randrange(len(legal))] if r.phase is not Phase.AUCTION else legal[0])
        before = game
        game = game.after_hand(r.result)
        want = list(before.scores)
        if r.result.counts:
            for seat, person in enumerate(before.seating):
                want[person] += r.result.sides[v.side_of[seat]].change
        assert game.scores == tuple(want)
        for p in before.sitting_out:
            assert game.scores[p] == before.scores[p]
        if game.over:
            break
    assert out_seen == set(range(v.people)) or game.over


# ---------------------------------------------------------------------- bid-out per person (§0.4.21)

PAIRS_FIVE_BID_OUT = knobs("partnership-five", must_bid_to_win="bid_out_three_sets")
PAIRS = [(0, 2), (1, 3)]


def test_partnership_five_bid_out_counts_per_person_the_sets_it_played_against() -> None:
    """Each person counts the sets of the contracts it defended (§0.4.16, §0.4.21): a deal
    it sits out counts nothing and keeps its count; a set of its own side in a deal counts
    nothing; a drop below the target starts it again."""
    g = GameState(variant=PAIRS_FIVE_BID_OUT, seed="s", dealer=0, scores=(1010, 1010, 500, 400, 300), target=1000)
    # dealer 0 sits out; people 1 & 3 (round side 0) defend the set of 2 & 4
    g = g.after_hand(_hr(1, 250, [10, -250], made=False, seats=PAIRS))
    assert (g.scores, g.bid_out(), g.winner) == ((1010, 1020, 250, 410, 50), (0, 1, 0, 0, 0), None)
    # dealer 1 sits out (its count stays 1); 3 & 0 defend the set of 2 & 4
    g = g.after_hand(_hr(0, 250, [-250, 10], made=False, seats=PAIRS))
    assert (g.scores, g.bid_out(), g.winner) == ((1020, 1020, 0, 420, -200), (1, 1, 0, 0, 0), None)
    # dealer 2 sits out; 3 & 0 are set (0 drops below the target), 4 & 1 defend
    g = g.after_hand(_hr(0, 250, [-250, 10], made=False, seats=PAIRS))
    assert (g.scores, g.bid_out(), g.winner) == ((770, 1030, 0, 170, -190), (0, 2, 0, 0, 0), None)
    # dealer 3 sits out; 0 & 2 are set, 4 & 1 defend: person 1's third set wins it the game
    g = g.after_hand(_hr(1, 250, [10, -250], made=False, seats=PAIRS))
    assert (g.scores, g.bid_out(), g.winner) == ((520, 1040, -250, 170, -180), (0, 3, 0, 0, 0), 1)


def test_bid_out_two_people_at_their_third_set_at_once_the_higher_wins_and_a_tie_plays_on() -> None:
    def play(d3_contract: int) -> GameState:
        g = GameState(variant=PAIRS_FIVE_BID_OUT, seed="s", dealer=0, scores=(0, 2000, 0, 2000, 0), target=1000)
        g = g.after_hand(_hr(1, 250, [0, -250], made=False, seats=PAIRS))  # 1 & 3 defend: 1 and 1
        g = g.after_hand(_hr(0, 250, [-250, 0], made=False, seats=PAIRS))  # 1 sits out, 3 defends: 1 and 2
        g = g.after_hand(_hr(0, 250, [-250, 0], made=False, seats=PAIRS))  # 3 is set, 1 defends: 2 and 2
        g = g.after_hand(_hr(0, d3_contract, [-d3_contract, 0], made=False, seats=PAIRS))  # 1 set, 3 out
        assert (g.bid_out()[1], g.bid_out()[3], g.winner) == (2, 2, None)
        return g.after_hand(_hr(0, 250, [-250, 0], made=False, seats=PAIRS))  # 1 & 3 defend: 3 and 3

    higher = play(240)
    assert (higher.scores[1], higher.scores[3], higher.bid_out()[1], higher.bid_out()[3]) == (1760, 1750, 3, 3)
    assert higher.winner == 1
    tied = play(250)
    assert (tied.scores[1], tied.scores[3], tied.winner) == (1750, 1750, None)


def test_cutthroat_four_bid_out_counts_each_defender() -> None:
    v = knobs("cutthroat", table_seats=4, must_bid_to_win="bid_out_three_sets")
    g = GameState(variant=v, seed="s", dealer=0, scores=(1000, 1000, 0, 0), target=1000)
    # dealer 0 sits out; round seats are people 1, 2, 3; person 2 (seat 1) is set
    g = g.after_hand(_hr(1, 200, [0, -200, 0], made=False))
    assert g.bid_out() == (0, 1, 0, 0)
