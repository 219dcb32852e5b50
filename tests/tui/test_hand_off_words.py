"""The hot-seat hand-off's words: what the person is handed the keyboard for, said so a
child reads it (whom the 4 cards are passed to; that the bidder won the auction; the
auction's pass told from the cards' pass), and what was played since their last look
(the last trick won, the trick being played), within 80x24; another seat's prompt says
the same task from the same table (`panels.base.PHASE_TASKS`)."""

from __future__ import annotations

from typing import Any

import pytest
from tui_helpers import app_for, policy_action, preplay_any, settle, text_of

from pinochle_tui.controller import Controller
from pinochle_tui.panels.base import PHASE_TASKS, _doing, calls_since, doing_line, handed_for
from pinochle_tui.panels.tricks import news_since
from pinochle_tui.screens.dialogs import HandOffScreen
from pinochle_tui.table.build import seat_facts
from rules import Bid, PassBid, Phase

SEATS = "human:Mom,standard,human:Dad,standard"
NAMES = ["Mom", "Bot 2", "Dad", "Bot 4"]


def _human_at(phase: Phase) -> Any:
    def want(c: Controller) -> bool:
        return c.round.phase is phase and c.is_human(c.round.to_act)

    return want


def _bot4_led_after_winning_trick_3(c: Controller) -> bool:
    """Mom to play to trick 4, which Bot 4 led after winning trick 3."""
    v = c.view(0)
    return (
        c.round.phase is Phase.TRICKS
        and c.round.to_act == 0
        and len(v.tricks) == 3
        and v.tricks[-1][2] == 3
        and [seat for seat, _ in v.trick] == [3]
    )


@pytest.mark.parametrize(
    ("phase", "want"),
    [
        (Phase.AUCTION, "Dad's turn: bid or pass in the auction."),
        # (the cards are given: "Pass the keyboard to Mom, to pass 4 cards to your partner"
        # said pass twice, and "your" of the person it had just named)
        (Phase.PASS, "Mom's turn: give 4 cards to partner Dad."),
        (Phase.TRUMP, "Dad won the auction at 250. Dad's turn: name trump."),
    ],
)
def test_the_hand_off_says_the_task_in_full(phase: Phase, want: str) -> None:
    c = preplay_any("partnership", SEATS, _human_at(phase))
    assert handed_for(c.view(c.round.to_act), NAMES) == want


def _dad_stuck(c: Controller) -> bool:
    """Dad, the dealer, to call after every other seat passed."""
    bids = c.view(2).bids
    return c.round.phase is Phase.AUCTION and c.round.to_act == 2 and [a for _, a in bids] == [0, 0, 0]


def test_the_stuck_dealers_hand_off_says_there_is_no_pass() -> None:
    """The dealer stuck with the bid (RULES.md §3.5) is not told "bid or pass", which the
    table then refuses ("no pass"); the news names the passes."""
    c = preplay_any("partnership", SEATS, _dad_stuck)
    assert PassBid() not in c.legal()
    view = c.view(2)
    assert handed_for(view, NAMES, may_pass=False) == "Dad's turn: bid (stuck with it: no pass)."
    since = news_since(view, NAMES, None)
    assert since is not None and since.plain == "The auction so far: Bot 4 passed, Mom passed, Bot 2 passed."


def test_the_auction_hand_off_tells_the_calls_since_the_last_one() -> None:
    """Mom bid 270; the hand-off back to her names each call since, not only "bid or
    pass"; another seat before its first call is told the auction so far."""
    c = preplay_any("partnership", SEATS, lambda c: c.round.phase is Phase.AUCTION and c.round.to_act == 0)
    assert calls_since(c.view(0), NAMES) == "The auction so far: Bot 2 bid 250, Dad passed, Bot 4 bid 260."
    c.apply(Bid(270))
    while c.round.to_act != 0:
        c.apply(policy_action(c))
    view = c.view(0)
    assert view.bids[3:] == ((0, 270), (1, 280), (3, 0))
    assert calls_since(view, NAMES) == "Since Mom's last turn: Bot 2 bid 280, Bot 4 passed."
    since = news_since(view, NAMES, None)
    assert since is not None and since.plain == "Since Mom's last turn: Bot 2 bid 280, Bot 4 passed."


def test_the_trick_so_far_names_who_played_each_card() -> None:
    """Each card after the lead with who played it: it said "then 10♦ J♦"."""

    def third_card_to_mom(c: Controller) -> bool:
        return c.round.phase is Phase.TRICKS and c.round.to_act == 0 and len(c.round.trick) == 3

    c = preplay_any("partnership", SEATS, third_card_to_mom)
    since = news_since(c.view(0), NAMES, len(c.round.tricks))
    assert since is not None and since.plain == "Trick 3 so far: Bot 2 led A♦, then Dad 10♦, Bot 4 J♦"


def test_another_seats_prompt_says_the_same_task() -> None:
    c = preplay_any("partnership", SEATS, _human_at(Phase.PASS))
    ctx = seat_facts(c, 2)
    assert (c.round.to_act, doing_line(ctx, 0)) == (0, "Mom is passing 4 cards to Dad.")
    c = preplay_any("partnership", SEATS, _human_at(Phase.TRUMP))
    assert doing_line(seat_facts(c, 0), 2) == "Dad is naming trump."
    c = preplay_any(  # (one person, the pass coming to them)
        "partnership",
        "human,standard,standard,standard",
        lambda c: c.round.phase is Phase.PASS and c.round.to_act == 2,
    )
    assert doing_line(seat_facts(c, 0), 2) == "North is passing 4 cards to you."


def test_every_task_is_said_both_ways() -> None:
    """One table says each phase's task both as the hand-off's "to ..." and another seat's
    "is ...ing": the -ing words are made right for every verb in it."""
    assert {phase: _doing(verbs) for phase, (verbs, _rest) in PHASE_TASKS.items()} == {
        Phase.DEAL: "deciding",
        Phase.KITTY: "handing out",
        Phase.DRAFT: "keeping or rejecting",
        Phase.AUCTION: "bidding or passing",
        Phase.TRUMP: "naming",
        Phase.CALL: "calling",
        Phase.ASK_PASS: "deciding",
        Phase.PASS: "passing",
        Phase.BURY: "burying",
        Phase.MELD: "deciding",
        Phase.DECLARE: "choosing",
        Phase.LAST_PICK: "picking",
    }


def test_the_news_is_the_last_trick_and_the_lead_since_the_last_look() -> None:
    c = preplay_any("partnership", SEATS, _bot4_led_after_winning_trick_3)
    view = c.view(0)
    since = news_since(view, NAMES, 2)  # Mom last looked with 2 tricks won
    assert since is not None and since.plain == ("Bot 4 won trick 3 (40): A♠ K♠ K♠ A♠\nTrick 4 so far: Bot 4 led J♥")
    again = news_since(view, NAMES, 3)  # (trick 3 seen already)
    assert again is not None and again.plain == "Trick 4 so far: Bot 4 led J♥"


async def hand_off_at_80x24(walk: Any) -> list[str]:
    """The hand-off's lines where ``walk`` stops, at 80x24, after checking that they and
    its button are in sight over the footer."""
    app = app_for(preplay_any("partnership", SEATS, walk))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HandOffScreen)
        box = screen.query_one("#handoff-text")
        button = screen.query_one("#handoff-go").region
        assert box.region.y >= 0 and box.region.bottom <= button.y and button.bottom <= 23  # over the footer
        return text_of(box).splitlines()


async def test_moms_hand_off_after_bot_4_won_and_led_fits_80x24() -> None:
    """Mom's hand-off after Bot 4 won trick 3 and led to trick 4 (it said only "to play a
    card"): the trick won and the lead, whole, with its button, at 80x24."""
    assert await hand_off_at_80x24(_bot4_led_after_winning_trick_3) == [
        "Bot 4 won trick 3 (40): A♠ K♠ K♠ A♠",
        "Trick 4 so far: Bot 4 led J♥",
        "",
        "Pass the keyboard to Mom.",
        "Mom's turn: play a card.",
        "",
        "Mom: press Enter when the others cannot see the screen.",
    ]


async def test_the_stuck_dealers_hand_off_fits_80x24() -> None:
    """Dad's hand-off when stuck: the passes, whose turn and that there is no pass (it
    said "to bid or pass in the auction", which the table then refused), at 80x24."""
    assert await hand_off_at_80x24(_dad_stuck) == [
        "The auction so far: Bot 4 passed, Mom passed, Bot 2 passed.",
        "",
        "Pass the keyboard to Dad.",
        "Dad's turn: bid (stuck with it: no pass).",
        "",
        "Dad: press Enter when the others cannot see the screen.",
    ]
