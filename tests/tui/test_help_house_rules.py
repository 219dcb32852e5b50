"""The help's rules (`?`, `render.rules_text`) and the variant's summary say each of the
auction's house rules in plain words (RULES.md §0.4 items 17-21, 23c)."""

from __future__ import annotations

import pytest

from pinochle_tui.checks_view import check_help_lines
from pinochle_tui.render import rules_text, tie_text
from rules import Variant, load_variants

PRESETS = load_variants()


def knobs(base: str, **kw: object) -> Variant:
    return Variant.model_validate(PRESETS[base].model_dump(exclude={"description"}) | kw)


SUMMED = knobs("partnership", contract_mode="summed_partner_bids", all_pass="redeal", concession="off")


@pytest.mark.parametrize(
    ("v", "line"),
    [
        (
            SUMMED,
            "Auction: each player bids once, starting left of the dealer, or passes; a bid is at least 250, steps "
            "of 10, and need not beat the others. The highest bid names trump (the first of equal bids); each "
            "side's contract is its members' bids added.",
        ),
        (
            SUMMED,
            "Scoring: each side that bid is made or set against its own contract: made, it scores meld plus "
            "tricks; set, it loses its contract. A side that bid nothing scores as non-bidders do.",
        ),
        (
            PRESETS["partnership-widow"],
            "Kitty: 4 cards; after the auction the bidder looks at them, keeps one and gives one face down to "
            "each other player, choosing which goes to whom. No burial.",
        ),
        (
            knobs("partnership-kitty", kitty_mode="bidder_distributes_one_each"),
            "Kitty: 4 cards; after the auction the bidder deals them face down, one to each player (the bidder "
            "too), without looking. No burial.",
        ),
        (
            knobs("partnership", pass_optional=True),
            "Passing: if the bidder asks for it (the bidder may play without it), the bidder's partner passes 4 "
            "cards to the bidder, then the bidder passes 4 back.",
        ),
        (
            knobs("partnership", raise_limit="one_or_two_units"),
            "  A raise is one or two steps above the bid standing; the opening bid may be any.",
        ),
        (
            knobs("partnership", pass_is_final=False),
            "Auction: starts left of the dealer; minimum bid 250, steps of 10. A player who passed may bid again "
            "when the turn comes round; the auction ends when all the others pass in a row after the last bid.",
        ),
        (
            knobs("partnership", forced_opener="must_bid_with_marriage"),
            "  A player holding a marriage may not pass before the first bid.",
        ),
        (
            knobs("three-hand", bury_restriction="announce_trump_or_ace"),
            "  You may not bury a card you melded while you hold unmelded cards; every player is told how many "
            "trumps and aces you buried, not which.",
        ),
        (
            knobs("three-hand", concede_without_looking="at_min_bid_pay_kitty_only"),
            "  A bidder who takes the contract at 20 may throw the hand in before taking the widow: it loses 20, "
            "and the others score nothing.",
        ),
    ],
)
def test_each_house_rule_is_said_in_the_help(v: Variant, line: str) -> None:
    assert line in rules_text(v)


def test_a_dealer_stuck_under_the_minimum_is_said_as_the_rule_it_is() -> None:
    """Three-hand (RULES.md §3.2, RU: "20, or 19 if the dealer"): "the dealer is stuck with
    19" under a minimum bid of 20 read as a slip for 20 (cutthroat's says 20); the line
    says the 19 is the form's rule.  A dealer stuck at the minimum keeps the plain line."""
    three = [line for line in rules_text(PRESETS["three-hand"]) if "everyone passes" in line]
    assert three == [
        "  If everyone passes, the dealer is stuck at 19, 1 under the 20 anyone else must bid"
        " (the old rule: 20, or 19 if the dealer)."
    ]
    assert "  If everyone passes, the dealer is stuck with 20." in rules_text(PRESETS["cutthroat"])


def test_summed_bids_say_which_side_wins_when_both_reach_the_target() -> None:
    """Both sides may hold a contract (§0.4.17): "the bidding side" names neither; the
    side of the highest single bid, the one that named trump, is the one the game puts
    first (`GameState.after_hand`, tie_break = "bidder_first")."""
    assert tie_text(SUMMED) == " If both reach it, the side of the highest single bid (the one that named trump) wins."


def test_bid_out_in_the_game_line() -> None:
    v = knobs("partnership", must_bid_to_win="bid_out_three_sets")
    assert tie_text(v) == (
        " Only the bidder who makes the contract can win, or a side at or over the target when the others are "
        "set for the third time while it stays there (bid-out; falling below starts the count again)."
    )


def test_the_instructables_table_in_the_meld_line() -> None:
    v = knobs("double-deck", meld_table="double_deck_instructables")
    tiers = next(line for line in rules_text(v) if line.startswith("  Several copies"))
    assert "aces around double 100, triple 200, quadruple 400" in tiers


def test_the_check_alternatives_in_the_check_table() -> None:
    v = knobs("three-hand-check", check_game_value=5, check_nines_value=10)
    lines = check_help_lines(v)
    assert "  Seven or more of the eight nines: 10 (the bid need not be won)." in lines
    assert "  Winning the game: 5 from each of the others." in lines


def test_the_summary_names_each_house_rule() -> None:
    assert SUMMED.summary() == (
        "4 players, partners, 48 cards, pass 4, min bid 250, one bid each, partners' bids added, all pass: redeal,"
        " to 1500"
    )
    # the table rules the house-rules editor changes most, beside pass and minimum bid
    v = knobs("partnership", head_rule="post1945", run_marriage_rule="independent", dealer_stuck_bid=240)
    assert v.summary() == (
        "4 players, partners, 48 cards, pass 4, min bid 250, head only when trump is led, a run's royal marriage"
        " counts too, dealer stuck at 240, to 1500"
    )
    v = knobs("cutthroat", must_bid_to_win="bid_out_three_sets", raise_limit="one_or_two_units")
    assert v.summary() == (
        "3 players, each for self, 48 cards, min bid 20, raises of one or two steps, bid-out on three sets, to 100"
    )


def test_partnership_five_says_who_wins_when_several_people_reach_the_target() -> None:
    """Scores are per person (§0.4.16): "the bidding side wins" named no one; the game
    puts the bidder first, then its partner, else the highest score (`GameState.after_hand`)."""
    assert tie_text(knobs("partnership-five")) == (
        " If several reach it, the bidder wins if it is one of them, else its partner if it is; otherwise the "
        "highest score wins (a tie for the highest plays another hand)."
    )
    v = knobs("partnership-five", must_bid_to_win="bid_out_three_sets")
    assert "or a person at or over the target when contracts it plays against are set for the third time" in (
        tie_text(v)
    )


def test_summed_bids_say_a_set_side_loses_its_contract() -> None:
    scoring = next(line for line in rules_text(SUMMED) if line.startswith("Scoring:"))
    assert scoring.endswith("set, it loses its contract. A side that bid nothing scores as non-bidders do.")


@pytest.mark.parametrize(("base", "bonus"), [("partnership", "100"), ("six-hand", "10")])
def test_the_throw_ins_bonus_is_said_in_the_games_scale(base: str, bonus: str) -> None:
    """With ``concession = meld_plus_100`` the others score their meld and 100 points x10
    (RULES.md §8.3, `Variant.concession_bonus`): "plus 100" in a game scored x10, "plus 10"
    in one scored x1 (six-hand), as every other figure of the rules is; it said "plus 100"
    in both."""
    v = knobs(base, concession="meld_plus_100")
    line = next(line for line in rules_text(v) if line.startswith("After meld the bidder may throw in"))
    assert line.endswith(f"the others score their meld plus {bonus}.")
    assert v.fmt(v.concession_bonus) == bonus


def test_the_help_names_the_setting_of_each_house_rule_in_force() -> None:
    """F1's "House rules" part names each rule a table varies by the house-rules editor's
    label and its value in the editor's words (`house_presets.house_rules_text`): a
    two-hand player who holds "at our table you must beat every trick" finds "Head, last 12
    tricks", set to only when trump is led.  A rule the form does not offer another value
    of (no passing in three-hand, §4.1) is not listed."""
    from pinochle_tui.house_presets import house_rules_text

    assert house_rules_text(PRESETS["two-hand"]) == [
        "These vary from table to table; h on the new-game screen changes them before a game.",
        "  Head, last 12 tricks: only when trump is led",
        "  Run and marriage: no, a run's K and Q are no marriage too",
        "  Last trick: 10",
        "  Game to: 1000",
        "  Both over: the highest score wins",
    ]
    partnership = house_rules_text(PRESETS["partnership"])
    assert "  Head the trick: on every trick" in partnership
    assert "  When all pass: the dealer is stuck with the bid" in partnership
    assert "  A set loses: the bid, taken off the score" in partnership
    assert "  Head the trick: only when trump is led" in house_rules_text(PRESETS["partnership-post1945"])
    three = house_rules_text(PRESETS["three-hand"])
    assert "  Game to: 100" in three and not any(line.startswith("  Cards passed") for line in three)


async def test_f1_in_a_two_hand_game_points_to_the_head_every_trick_setting() -> None:
    from tui_helpers import SIZE, make_app, settle

    from pinochle_tui.screens.dialogs import HelpScreen
    from pinochle_tui.widgets import HangingRows

    app = make_app("two-hand", "human,random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rules = app.screen.query_one("#help-rules", HangingRows).content.plain.splitlines()
        at = rules.index("House rules")
        assert rules[at + 1 : at + 3] == [
            "These vary from table to table; h on the new-game screen changes them before a game.",
            "  Head, last 12 tricks: only when trump is led",
        ]
