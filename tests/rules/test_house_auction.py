"""The auction's house rules on explicit deals, exact values (RULES.md §0.4 items 17-21,
23c; §3.3, §3.5, §3.8, §4.1, §4.2, §8.2, §8.6, §9.2): summed partner bids, the raise
limit, passing that is not final, the marriage that obliges an opening bid, the kitty
handed out (unseen, or one kept and one given to each), the optional pass, the buried
trumps and aces told to all, the throw-in unseen at the least bid, bid-out, and each
value refused in one line where the rest of the variant does not fit it."""

from __future__ import annotations

import random

import pytest
from test_round import EX16, cards, knobs, start

from rules import (
    AskPass,
    Bid,
    Bury,
    Concede,
    GameState,
    HandOutKitty,
    HandResult,
    IllegalAction,
    NameTrump,
    PassBid,
    PassCards,
    Phase,
    PlayOn,
    SideResult,
    Suit,
    VariantError,
    apply,
    legal_actions,
    load_variants,
    load_variants_text,
    new_round,
    observe,
)
from rules.game import bid_out_counts
from rules.scoring import score_hand

PRESETS = load_variants()
P = PRESETS["partnership"]
SUMMED = knobs(contract_mode="summed_partner_bids", all_pass="redeal", concession="off", pass_count=0)
HEARTS = NameTrump(Suit.HEARTS)


def run(s, *actions):
    for a in actions:
        s = apply(s, a)
    return s


def bids_of(legal) -> list[int]:
    return [a.amount for a in legal if isinstance(a, Bid)]


def refused(text: str) -> str:
    """The one-line error of a house preset ``h`` of ``text``."""
    with pytest.raises(VariantError) as e:
        load_variants_text(f"[h]\n{text}\n", "house.toml", base=PRESETS)
    assert "\n" not in str(e.value)
    return str(e.value).removeprefix("house.toml: preset 'h', keys: ")


# ---------------------------------------------------------------------- summed partner bids (§3.8, §0.4.17)


def test_summed_each_seat_bids_once_from_the_least_bid_and_the_highest_names_trump() -> None:
    s = start(SUMMED)  # dealer West (3): North (0) is eldest
    s = apply(s, Bid(250))
    assert bids_of(legal_actions(s))[:2] == [250, 260]  # no bid need beat another
    s = run(s, Bid(300), Bid(260))
    assert (s.phase, s.to_act) == (Phase.AUCTION, 3)
    s = apply(s, PassBid())
    # East's 300 is the highest: East names trump; its side's contract is 300 + 0, the other's 250 + 260
    assert (s.phase, s.bidder, s.contract, s.to_act) == (Phase.TRUMP, 1, 300, 1)


def test_summed_equal_highest_bids_go_to_the_earliest() -> None:
    s = run(start(SUMMED), Bid(300), Bid(300), PassBid(), PassBid())
    assert (s.bidder, s.contract) == (0, 300)


def test_summed_all_pass_is_a_redeal() -> None:
    s = run(start(SUMMED), PassBid(), PassBid(), PassBid(), PassBid())
    assert (s.phase, s.result.kind, s.result.changes) == (Phase.DONE, "all_passed", (0, 0))


def _summed_played(bids, points, won):
    """The EX16 deal (hearts: North 180 meld, East 0, South 40, West 60) bid as ``bids``,
    hearts named, scored with ``points`` and ``won`` per seat."""
    s = run(start(SUMMED), *[Bid(b) if b else PassBid() for b in bids], HEARTS)
    assert s.phase is Phase.TRICKS and [m.total for m in s.melds] == [180, 0, 40, 60]
    return score_hand(s.evolve(points=points, won=won))


def test_summed_each_side_is_made_or_set_against_its_own_contract() -> None:
    # North-South bid 250 + 260 = 510, East-West 0 + 250 = 250
    r = _summed_played([250, 0, 260, 250], (20, 150, 20, 60), (1, 6, 1, 4))
    assert (r.bidder, r.contract, r.contracts) == (2, 510, (510, 250))
    ns, ew = r.sides
    # North-South: 220 meld + 40 trick points = 260 < 510: set, -510, the meld forfeited
    assert (ns.made, ns.change, ns.meld_saved, ns.meld_forfeited) == (False, -510, 0, 220)
    # East-West: 60 meld + 210 trick points = 270 >= 250: made, scores its 270
    assert (ew.made, ew.change) == (True, 270)


def test_summed_both_sides_may_be_set() -> None:
    r = _summed_played([250, 0, 260, 250], (100, 60, 80, 10), (4, 3, 3, 2))
    assert [(x.made, x.change) for x in r.sides] == [(False, -510), (False, -250)]


def test_summed_a_side_that_bid_nothing_scores_as_non_bidders() -> None:
    r = _summed_played([250, 0, 0, 0], (100, 60, 80, 10), (4, 3, 3, 2))
    assert r.contracts == (250, 0)
    # North-South 220 + 180 = 400 >= 250, made; East-West 60 + 70 with no contract
    assert [(x.made, x.change) for x in r.sides] == [(True, 400), (None, 130)]


# ---------------------------------------------------------------------- raise limit and reopening (§0.4.20)


def test_raise_limit_one_or_two_units() -> None:
    s = start(knobs(raise_limit="one_or_two_units"))
    assert bids_of(legal_actions(s))[-1] == P.max_bid  # the opening bid is free
    s = apply(s, Bid(300))
    assert bids_of(legal_actions(s)) == [310, 320]
    with pytest.raises(IllegalAction, match=r"^bid 330 is not allowed: bid from 310 to 320 in steps of 10$"):
        apply(s, Bid(330))


def test_raise_limit_keeps_the_next_bid_on_a_grid_with_forbidden_endings() -> None:
    s = start(knobs(raise_limit="one_or_two_units", forbidden_bid_endings=(30, 40)))
    assert bids_of(legal_actions(apply(s, Bid(320)))) == [350]  # 330 and 340 are ruled out


def test_passing_not_final_a_seat_that_passed_bids_again() -> None:
    s = run(start(knobs(pass_is_final=False)), Bid(250), PassBid(), PassBid(), Bid(260), PassBid())
    assert s.to_act == 1 and bids_of(legal_actions(s))[0] == 270  # East passed before, and bids again
    s = run(s, Bid(270), PassBid(), PassBid())
    assert s.phase is Phase.AUCTION and s.to_act == 0  # North passed last round: it speaks again
    s = apply(s, PassBid())
    assert (s.phase, s.bidder, s.contract) == (Phase.TRUMP, 1, 270)


def test_passing_not_final_still_sticks_the_dealer() -> None:
    s = run(start(knobs(pass_is_final=False)), PassBid(), PassBid(), PassBid())
    assert legal_actions(s) == [Bid(250)]


# ---------------------------------------------------------------------- must bid with a marriage (§3.5)


def test_a_marriage_obliges_the_opening_bid() -> None:
    v = knobs(forced_opener="must_bid_with_marriage")
    s = start(v, dealer=0)  # East (1) holds no marriage and may pass
    assert PassBid() in legal_actions(s)
    s = apply(s, PassBid())  # South (2) holds K♣ Q♣: it must open
    assert PassBid() not in legal_actions(s)
    with pytest.raises(IllegalAction, match=r"^you hold a marriage, so you must open the bidding$"):
        apply(s, PassBid())
    s = apply(s, Bid(250))
    assert PassBid() in legal_actions(s)  # West holds K♥ Q♥, but a bid stands


# ---------------------------------------------------------------------- the kitty handed out (§2.4, §0.4.18)

KITTY_DEAL = [h.rsplit(" ", 1)[0] for h in EX16]  # each EX16 hand less its last card
KITTY = "TS QC TH 9C"  # those cards, in the deal's order


def _kitty_round(mode: str, **kw):
    v = knobs(PRESETS["partnership-kitty"], kitty_mode=mode, **kw)
    return new_round(v, dealer=3, hands=[cards(h) for h in KITTY_DEAL], kitty=cards(KITTY))


def test_distribute_deals_one_kitty_card_to_each_seat_from_the_bidders_left_unseen() -> None:
    s = run(_kitty_round("bidder_distributes_one_each"), Bid(250), PassBid(), PassBid(), PassBid())
    assert (s.phase, s.bidder, s.to_act) == (Phase.TRUMP, 0, 0)
    # the deal's order: T♠ to East, Q♣ to South, T♥ to West, the last, 9♣, to North, the bidder
    assert [observe(s, seat).from_kitty for seat in range(4)] == cards("9C TS QC TH")
    assert [len(h) for h in s.hands] == [12, 12, 12, 12]
    assert all(observe(s, seat).kitty == () for seat in range(4))  # not even the bidder saw it
    assert s.variant.tricks_per_hand == 12


def test_keep_one_the_bidder_keeps_one_then_gives_clockwise() -> None:
    s = run(_kitty_round("bidder_keeps_one_gives_one_each"), PassBid(), Bid(250), PassBid(), PassBid())
    assert (s.phase, s.bidder, s.to_act) == (Phase.KITTY, 1, 1)
    assert observe(s, 1).kitty == tuple(sorted(cards(KITTY)))
    assert [observe(s, seat).kitty for seat in (0, 2, 3)] == [(), (), ()]
    assert legal_actions(s) == [HandOutKitty(c) for c in cards("TS TH QC 9C")]
    with pytest.raises(IllegalAction, match=r"^AS is not in the kitty: hand out TS TH QC 9C$"):
        apply(s, HandOutKitty(cards("AS")[0]))
    s = run(s, HandOutKitty(cards("TS")[0]), HandOutKitty(cards("9C")[0]))  # keeps T♠, 9♣ to South
    assert s.phase is Phase.KITTY and legal_actions(s) == [HandOutKitty(c) for c in cards("TH QC")]
    s = apply(s, HandOutKitty(cards("TH")[0]))  # T♥ to West; the last, Q♣, goes to North by itself
    assert (s.phase, s.to_act) == (Phase.TRUMP, 1)
    assert [observe(s, seat).from_kitty for seat in range(4)] == cards("QC TS 9C TH")
    assert s.hands[1] == tuple(sorted((*cards(KITTY_DEAL[1]), *cards("TS"))))
    assert [len(h) for h in s.hands] == [12, 12, 12, 12]


def test_a_kitty_handed_out_goes_on_to_the_pass_without_burial() -> None:
    s = _kitty_round("bidder_distributes_one_each", pass_count=4)
    s = run(s, Bid(250), PassBid(), PassBid(), PassBid(), HEARTS)
    assert (s.phase, s.to_act) == (Phase.PASS, 2)


# ---------------------------------------------------------------------- optional pass (§0.4.19)

OPTIONAL = knobs(pass_optional=True)


def test_optional_pass_the_bidder_asks_for_it() -> None:
    s = run(start(OPTIONAL), Bid(250), PassBid(), PassBid(), PassBid(), HEARTS)
    assert (s.phase, s.to_act, legal_actions(s)) == (Phase.ASK_PASS, 0, [AskPass(True), AskPass(False)])
    s = apply(s, AskPass(True))
    assert (s.phase, s.to_act) == (Phase.PASS, 2)


def test_optional_pass_declined_goes_to_the_meld() -> None:
    s = run(start(OPTIONAL), Bid(250), PassBid(), PassBid(), PassBid(), HEARTS, AskPass(False))
    assert (s.phase, s.to_act, s.table.given) == (Phase.MELD, 0, ((), (), (), ()))
    assert [m.total for m in s.melds] == [180, 0, 40, 60]
    assert not any(isinstance(a, PassCards) for a in legal_actions(s))


# ---------------------------------------------------------------------- buried trumps and aces told (§4.2)


def test_announced_burial_tells_every_seat_how_many_trumps_and_aces_not_which() -> None:
    v = knobs(PRESETS["three-hand"], bury_restriction="announce_trump_or_ace")
    s = new_round(v, dealer=2, rng=random.Random(7))
    while s.phase is Phase.AUCTION:
        s = apply(s, Bid(200) if s.table.high_bid == 0 else PassBid())
    s = apply(s, NameTrump(Suit.SPADES))
    hand, used = s.hands[s.bidder], s.melds[s.bidder].melded_counts
    free = [c for c in hand if c // 6 == 0 or c % 6 == 0]  # spades and aces
    spare = [c for c in free if used[c] == 0][:3]
    assert len(spare) == 3, "seed 7 leaves three unmelded spades or aces"
    s = apply(s, Bury(tuple(spare)))
    told = (sum(c // 6 == 0 for c in spare), sum(c % 6 == 0 for c in spare), sum(c == 0 for c in spare))
    for seat in range(3):
        view = observe(s, seat)
        assert view.buried_told == told
        assert view.buried == (tuple(sorted(spare)) if seat == s.bidder else ())


def test_announced_burial_buries_as_not_melded_cards_does() -> None:
    """The same burials are allowed as under the default rule: no melded card while
    unmelded ones remain (§4.2); only the telling differs."""
    plain = knobs(PRESETS["three-hand"])
    told = knobs(plain, bury_restriction="announce_trump_or_ace")
    for seed in range(6):
        states = [new_round(v, dealer=2, rng=random.Random(seed)) for v in (plain, told)]
        for k, s in enumerate(states):
            s = run(s, Bid(200), PassBid(), PassBid(), NameTrump(Suit.SPADES))
            states[k] = s
        assert states[0].phase is Phase.BURY
        assert list(legal_actions(states[0])) == list(legal_actions(states[1]))


# ---------------------------------------------------------------------- throw in unseen at the least bid (§4.2)

UNSEEN = knobs(PRESETS["three-hand"], concede_without_looking="at_min_bid_pay_kitty_only")


def test_any_bidder_at_the_least_bid_may_throw_in_before_the_widow() -> None:
    s = new_round(UNSEEN, dealer=2, rng=random.Random(3))
    s = run(s, Bid(200), PassBid(), PassBid())  # the eldest (0) takes it at the least bid
    assert (s.phase, s.bidder, s.table.trump, len(s.hands[0])) == (Phase.MELD, 0, -1, 15)
    assert set(legal_actions(s)) == {PlayOn(), Concede()}
    assert all(observe(s, seat).kitty == () for seat in range(3))
    r = apply(s, Concede()).result
    assert (r.kind, r.changes) == ("conceded", (-200, 0, 0))


def test_above_the_least_bid_the_widow_is_taken_at_once() -> None:
    s = run(new_round(UNSEEN, dealer=2, rng=random.Random(3)), Bid(210), PassBid(), PassBid())
    assert (s.phase, len(s.hands[0])) == (Phase.TRUMP, 18)


# ---------------------------------------------------------------------- bid-out (§8.6, §0.4.21)

BID_OUT = knobs(PRESETS["cutthroat"], must_bid_to_win="bid_out_three_sets")


def _hand(bidder: int, made: bool, changes: tuple[int, int, int]) -> HandResult:
    sides = tuple(SideResult(i, (i,), 0, 0, 0, 1, (made if i == bidder else None), c) for i, c in enumerate(changes))
    return HandResult(kind="played", bidder=bidder, contract=200, trump="H", sides=sides)


def test_bid_out_the_third_set_of_the_others_wins_a_side_over_the_target() -> None:
    g = GameState(variant=BID_OUT, seed="bo", scores=(950, 500, 400), target=1000)
    g = g.after_hand(_hand(1, False, (60, -200, 30)))  # side 0 reaches 1010: this set does not count
    assert (g.winner, g.bid_out()) == (None, (0, 0, 0))
    g = g.after_hand(_hand(2, False, (20, 40, -200)))
    assert (g.winner, g.bid_out()) == (None, (1, 0, 0))
    g = g.after_hand(_hand(1, False, (0, -200, 50)))
    assert (g.winner, g.bid_out()) == (None, (2, 0, 0))
    g = g.after_hand(_hand(2, False, (10, 30, -200)))
    assert (g.winner, g.scores) == (0, (1040, 170, 80))


def test_bid_out_a_drop_below_the_target_resets_the_count() -> None:
    g = GameState(variant=BID_OUT, seed="bo", scores=(1010, 500, 400), target=1000)
    g = g.after_hand(_hand(1, False, (10, -200, 30)))
    g = g.after_hand(_hand(2, False, (10, 40, -200)))
    assert g.bid_out() == (2, 0, 0)
    g = g.after_hand(_hand(0, False, (-200, 30, 40)))  # side 0 set below the target
    assert g.bid_out() == (0, 0, 0)
    g = g.after_hand(_hand(1, True, (30, 210, 0)))
    assert (g.winner, g.bid_out()) == (None, (0, 0, 0))


def test_bid_out_still_lets_the_bidder_win_by_making_its_contract() -> None:
    g = GameState(variant=BID_OUT, seed="bo", scores=(900, 500, 400), target=1000)
    g = g.after_hand(_hand(0, True, (210, 0, 40)))
    assert g.winner == 0


def test_bid_out_counts_read_from_the_history_alone() -> None:
    history = (_hand(1, False, (10, -200, 30)), _hand(2, False, (10, 40, -200)))
    assert bid_out_counts(BID_OUT, history, (1030, 340, 230), 1000) == (2, 0, 0)
    assert bid_out_counts(BID_OUT, history, (1015, 340, 230), 1000) == (1, 0, 0)  # began the first below
    assert bid_out_counts(BID_OUT, history, (1005, 340, 230), 1000) == (0, 0, 0)  # began the second below


# ---------------------------------------------------------------------- every value refused where it does not fit


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            'extends = "partnership"\ncontract_mode = "summed_partner_bids"',
            "contract_mode = 'summed_partner_bids' has no stuck dealer: all_pass = 'redeal'",
        ),
        (
            'extends = "partnership-hoyle"\ncontract_mode = "summed_partner_bids"',
            "contract_mode = 'summed_partner_bids': both sides may hold a contract, so neither throws the hand "
            "in: concession = 'off', concede_without_looking = 'off'",
        ),
        (
            'extends = "cutthroat"\ncontract_mode = "summed_partner_bids"',
            "contract_mode = 'summed_partner_bids' adds partners' bids: an auction with partners (sides = "
            "'pairs_opposite', 'teams_of_3_alternating', 'teams_of_2_x4', 'teams_of_4_alternating'); "
            "got sides = 'individual'",
        ),
        (
            'extends = "partnership"\nkitty_mode = "bidder_keeps_one_gives_one_each"',
            "kitty_size > 0 goes with a kitty_mode ('bidder_takes_and_buries', 'bidder_distributes_one_each' "
            "or 'bidder_keeps_one_gives_one_each'), kitty_size = 0 with 'none'; got kitty_size = 0, "
            "kitty_mode = 'bidder_keeps_one_gives_one_each'",
        ),
        (
            'extends = "three-hand"\nkitty_mode = "bidder_distributes_one_each"\nkitty_exposed = false\nkitty_size = 6',
            "kitty_mode = 'bidder_distributes_one_each' hands the kitty out one card to each player (§2.4): an "
            "auction game with kitty_size = players (3); got kitty_size = 6",
        ),
        (
            'extends = "partnership-kitty"\nkitty_mode = "bidder_distributes_one_each"\nkitty_exposed = true',
            "kitty_mode = 'bidder_distributes_one_each' hands the kitty out face down: kitty_exposed = false",
        ),
        (
            'extends = "partnership-hoyle"\npass_optional = true',
            "pass_optional lets the bidder skip the pass: it needs passing (pass_count > 0)",
        ),
        (
            'extends = "check"\nbidding_rounds = "single_round"\nraise_limit = "one_or_two_units"',
            "bidding_rounds = 'single_round' gives each seat one bid: raise_limit = 'any', pass_is_final = true",
        ),
        (
            'extends = "two-hand"\npass_is_final = false',
            "raise_limit and pass_is_final shape an auction: round_flow = 'auction'",
        ),
        (
            'extends = "partnership"\nbury_restriction = "announce_trump_or_ace"',
            "bury_restriction = 'announce_trump_or_ace' needs a kitty the bidder buries: "
            "kitty_mode = 'bidder_takes_and_buries'",
        ),
        (
            'extends = "partnership"\nmeld_table = "double_deck_instructables"',
            "deck = 'single48' needs meld_table = 'single_standard'",
        ),
        (
            'extends = "partnership"\nconcede_without_looking = "at_min_bid_pay_kitty_only"',
            "concede_without_looking = 'at_min_bid_pay_kitty_only' throws the hand in before the widow is "
            "taken: an auction with kitty_mode = 'bidder_takes_and_buries'",
        ),
        (
            'extends = "two-hand"\nforced_opener = "must_bid_with_marriage"',
            "forced_opener = 'must_bid_with_marriage' opens an auction: round_flow = 'auction'",
        ),
        (
            'extends = "three-hand"\ncheck_game_value = 5',
            "check_game_value and check_nines_value are the three-hand check table's (§9.2): "
            "check_scoring = 'ru_three_hand'",
        ),
    ],
)
def test_each_value_is_refused_in_one_line_where_it_does_not_fit(text: str, error: str) -> None:
    assert refused(text) == error


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            'renege_mode = "penalty_ru"',
            "key 'renege_mode': must be 'prevented': the game prevents reneges rather than penalising them "
            "(RULES.md §0.4 item 24), so 'penalty_ru' is not offered",
        ),
        (
            "allow_meld_announcement = true",
            "key 'allow_meld_announcement': must be false: announcing meld is a bidding convention the bots "
            "reason with, not an action (RULES.md §0.4 items 7, 24)",
        ),
        (
            "allow_pass_with_help = true",
            "key 'allow_pass_with_help': must be false: passing with help is a bidding convention the bots "
            "reason with, not an action (RULES.md §0.4 items 7, 24)",
        ),
    ],
)
def test_the_values_not_offered_say_what_is_allowed_and_why(text: str, error: str) -> None:
    with pytest.raises(VariantError) as e:
        load_variants_text(f'[h]\nextends = "partnership"\n{text}\n', "house.toml", base=PRESETS)
    assert str(e.value) == f"house.toml: preset 'h', {error}"
    # what the game does is accepted
    plain = 'renege_mode = "prevented"\nallow_meld_announcement = false\nallow_pass_with_help = false'
    h = load_variants_text(f'[h]\nextends = "partnership"\n{plain}\n', "house.toml", base=PRESETS)["h"]
    assert h.model_dump(exclude={"name", "description"}) == P.model_dump(exclude={"name", "description"})
