"""The standard bot's hint says why, in the player's terms, from what the bot decided by
(`panels.reasons`): "Hint (standard bot): play K♣", "name ♦ diamonds trump" and "throw in
the hand" came with no reason, while the pass's and the burial's said theirs."""

from __future__ import annotations

import random
from typing import Any

from tui_helpers import hint_box, preplay

from bots.standard import StandardBot
from pinochle_tui.panels.reasons import standard_reason
from rules import PassBid, Phase, PlayOn

FOUR = "human,standard,standard,standard"
THREE = "human,standard,standard"


def _at(variant: str, seats: str, seed: int, phase: Phase, trick: int = 0) -> Any:
    def mine(c: Any) -> bool:
        if not c.is_human(c.round.to_act) or c.round.phase is not phase:
            return False
        if phase is Phase.MELD:
            return any(isinstance(a, PlayOn) for a in c.legal())
        return phase is not Phase.TRICKS or len(c.view(0).trick) == trick

    return preplay(variant, seats, seed, mine)


def _said(c: Any) -> tuple[Any, str]:
    bot = StandardBot()
    action = bot.act(c.view(0), c.legal(), random.Random(0))
    names = ["You", "West", "North", "East"][: c.variant.players]
    return action, standard_reason(c.view(0), action, bot, c.legal(), names)


def test_a_card_is_said_by_what_it_does_to_the_trick() -> None:
    assert [_said(_at("partnership", FOUR, seed, Phase.TRICKS))[1] for seed in (0, 2)] == [
        "it leads a card it can spare, keeping its stronger cards for later",
        "no higher ♥ is still out: it should take the trick unless trumped",
    ]
    assert _said(_at("partnership", FOUR, 1, Phase.TRICKS, 2))[1] == "your partner's trick: it sheds its lowest card"
    assert _said(_at("three-hand", THREE, 0, Phase.TRICKS))[1] == "leads trump to draw the others' trumps"
    assert _said(_at("three-hand", THREE, 0, Phase.TRICKS, 1))[1] == "it heads the trick so far"
    assert _said(_at("three-hand", THREE, 1, Phase.TRICKS, 1))[1] == "cannot take the trick: sheds its lowest card"


def test_the_suit_named_is_said_by_its_estimate_against_the_next() -> None:
    """The standard bot names the suit whose estimate (meld, the pass's or kitty's likely
    meld, the partner's, the tricks) is highest: the sums of the suit named and the next
    say why one rates above the other."""
    _action, said = _said(_at("three-hand", THREE, 1, Phase.TRUMP))
    assert said == (
        "the suit its estimate rates highest: ♦ ~25 (meld 15 + tricks ~10); next ♣ ~22 (meld 14 + tricks ~8)"
    )


def test_playing_on_and_throwing_in_are_said_by_the_trick_points_expected() -> None:
    assert _said(_at("three-hand", THREE, 0, Phase.MELD))[1] == (
        "it expects ~6 trick points, and the contract needs 2 over the meld"
    )
    assert _said(_at("three-hand", THREE, 1, Phase.MELD))[1] == (
        "it expects ~3 trick points, and the contract needs 7 over the meld: thrown in, it loses less"
    )


def test_a_bid_is_said_by_the_bots_limit_or_as_forced() -> None:
    assert _said(_at("partnership", FOUR, 2, Phase.AUCTION))[1] == (
        "it bids up to 280: its estimate of the hand less a margin for the risk"
    )
    assert _said(_at("three-hand", THREE, 0, Phase.AUCTION))[1] == "you may not pass here, and it bids the least it may"


def test_a_pass_is_said_by_the_hands_worth_to_the_bidding_help_against_the_next_bid() -> None:
    """The standard bot's pass had no reason in its hint, where its bids said its limit:
    now the hand's worth to the bidding help (its sum) against the next bid, its limit
    where the margin for the risk is what falls under it, or the rule about the partner's
    bid that makes it pass."""
    said = {seed: _said(_at("partnership", FOUR, seed, Phase.AUCTION)) for seed in (21, 0, 1, 14)}
    assert all(isinstance(action, PassBid) for action, _ in said.values())
    assert {seed: words for seed, (_, words) in said.items()} == {
        21: "your hand is worth about 260 to the bidding help; the next bid would be 270",
        0: "your hand is worth about 330 to the bidding help; less a margin for the risk it bids up to 260, and the"
        " next bid would be 270",
        1: "your hand is worth about 280 to the bidding help, but less a margin for the risk it is under 280, the"
        " next bid",
        14: "North holds 250, West and East passed",
    }


async def test_the_pass_hint_opens_its_box_with_the_reason() -> None:
    assert await hint_box(_at("partnership", FOUR, 21, Phase.AUCTION), (80, 24)) == (
        "Hint (standard bot)\n\npass (p passes; Enter would bid) · your hand is worth about 260 to the bidding"
        " help; the next bid would be 270"
    )


async def test_the_hint_box_gives_the_reason_after_the_card() -> None:
    assert await hint_box(_at("partnership", FOUR, 2, Phase.TRICKS), (80, 24)) == (
        "Hint (standard bot)\n\nplay 10♥ · no higher ♥ is still out: it should take the trick unless trumped"
    )


def test_a_card_that_is_the_lowest_that_heads_the_trick_is_said_so() -> None:
    """Why this card of those that would do it: the standard bot keeps its better cards, so
    it heads the trick with its lowest card that can."""
    assert _said(_at("partnership", FOUR, 9, Phase.TRICKS, 1))[1] == "heads the trick with its lowest card that can"
    assert _said(_at("partnership", FOUR, 0, Phase.TRICKS, 1))[1] == "cannot take the trick: sheds its lowest card"


async def test_the_message_line_keeps_the_cards_reason_once_the_box_is_closed() -> None:
    """At 80x24, the line under the table after the hint's box closes: the card and why,
    where "Hint (standard bot): play 9♦" alone was all a player saw once the box was gone."""
    from tui_helpers import app_for, settle, table

    from pinochle_tui.screens.dialogs import HintScreen

    app = app_for(_at("partnership", FOUR, 9, Phase.TRICKS, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        await pilot.press("escape")
        await settle(pilot)
        said = str(table(app).message)
        assert said.startswith("Hint (standard bot): play ")
        assert said.endswith(" · heads the trick with its lowest card that can")
