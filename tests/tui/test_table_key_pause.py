"""The bidder's choices that can come up at once on the bidder's own key take no answering
key for `KeyPause.KEY_PAUSE` after they show: the play-on / throw-in choice (§8.3), which
comes up as the bidder's Enter passes the cards back, and the trump naming (§3.1.6), which
comes up as the dealer's bid after three passes ends the auction.  A second key close behind
the first (a double press, Enter or ``a`` held) answered them before they were seen."""

from __future__ import annotations

from typing import Any

import pytest
from tui_helpers import (
    SIZE,
    VARIANTS,
    app_for,
    at_my_bid,
    jump_bid,
    make_app,
    played_by_a,
    preplay,
    settle,
    table,
    text_of,
)

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.screens.dialogs import ConfirmScreen, HandOffScreen
from pinochle_tui.screens.table import TableScreen
from pinochle_tui.widgets import KeyPause
from rules import Bid, NameTrump, PassBid, PassCards, Phase, Play, PlayOn

SEATS = ["human", "standard", "standard", "standard"]


def dealer_after_three_passes() -> Controller:
    """Partnership, the human (seat 0) dealing: the three others have passed, the human bids."""
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(v.players, SEATS), seed=5, dealer=0)
    for _ in range(3):
        c.apply(PassBid())
    assert c.round.phase is Phase.AUCTION and c.round.to_act == 0
    return c


def bidder_passing_back() -> Controller:
    """The human won the auction, named hearts and has the partner's four cards: it passes
    four back, and its play-on / throw-in choice comes next."""
    c = dealer_after_three_passes()
    c.apply(Bid(c.variant.min_bid))
    c.apply(NameTrump("H"))
    while not (c.round.phase is Phase.PASS and c.round.to_act == 0):
        seat = c.round.to_act
        c.apply(c.choose(c.round, seat, c.bot_for(seat))[0])
    return c


LONG_PAUSE = 30.0  # s: a pause no key of a test outlasts, however loaded the machine


def paused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pause on (the app's tests run with none), so long that every key a test presses
    comes inside it; `pause_over` ends it."""
    monkeypatch.setattr(KeyPause, "KEY_PAUSE", LONG_PAUSE)


def pause_over(t: TableScreen) -> None:
    assert t.shown_at is not None
    t.shown_at -= LONG_PAUSE


@pytest.mark.parametrize("second", ["enter", "space", "a", "1", "click"])
async def test_a_key_close_behind_the_pass_does_not_answer_play_on_or_throw_in(
    monkeypatch: pytest.MonkeyPatch, second: str
) -> None:
    """Enter passes the four cards and the choice "play the hand, or throw it in?" shows at
    once; a second key inside the pause (Enter, Space, ``a``, the choice's number) leaves
    it up, as does a double click (the first button, "Pass 4/4", becomes "Play the hand"
    in its place); after the pause Enter plays the hand on."""
    paused(monkeypatch)
    c = bidder_passing_back()
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.phase_now() is Phase.PASS
        pause_over(t)  # (the first decision drawn takes the pause too)
        await pilot.press("space", "right", "space", "right", "space", "right", "space")
        if second == "click":
            await pilot.click("#btn-0")
            await pilot.click("#btn-0")
        else:
            await pilot.press("enter", second)
        await settle(pilot)
        assert isinstance(c.actions[-1], PassCards) and c.round.phase is Phase.MELD and c.round.to_act == 0
        assert t.phase_now() is Phase.MELD and "play the hand, or throw it in?" in str(t.query_one("#prompt").render())
        pause_over(t)
        await pilot.press("enter")
        await settle(pilot)
        assert PlayOn() in c.actions and c.round.phase is Phase.TRICKS


async def test_a_key_close_behind_the_last_bid_does_not_name_trump(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dealer's bid after three passes ends the auction: the trump naming shows at once,
    and Enter close behind the bid does not name a suit.  Inside the pause the arrows
    still move the choice (no answer), and moving does not start the pause again; after
    it Enter names the suit chosen."""
    paused(monkeypatch)
    c = dealer_after_three_passes()
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        pause_over(t)  # (the hand's first decision, the bid, takes the pause too)
        await pilot.press("enter", "enter", "home", "right")
        await settle(pilot)
        assert isinstance(c.actions[-1], Bid) and c.round.phase is Phase.TRUMP
        assert t.phase_now() is Phase.TRUMP and t.opt_index == 1
        pause_over(t)
        await pilot.press("enter")
        await settle(pilot)
        assert c.actions[4] == NameTrump("H")  # (three passes, the bid, trump named)


async def test_other_decisions_take_keys_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card (and a pass, a bid after the first) is not held back at a table of one
    person: only the hand's first decision and the choices that come up on the bidder's
    own key.  Here the bidder's lead, after its play-on, takes Enter at once."""
    paused(monkeypatch)
    c = bidder_passing_back()
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        pause_over(t)
        await pilot.press("space", "right", "space", "right", "space", "right", "space", "enter")
        await settle(pilot)
        assert t.phase_now() is Phase.MELD
        pause_over(t)
        await pilot.press("enter")
        await settle(pilot)
        assert t.phase_now() is Phase.TRICKS and c.round.to_act == 0
        n = len(c.actions)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(c.actions[n], Play)


def handed_to_ann(want: Any) -> tuple[Controller, Any]:
    """Hot-seat, Ann (seat 0) and Bob beside two bots, played until ``want``: the game and
    its app, which opens at the hand-off to Ann."""
    c = preplay("partnership", "human:Ann,human:Bob,standard,standard", 3, want)
    return c, app_for(c)


def ann_to_play(c: Controller) -> bool:
    """Hot-seat, a trick after the first: Ann (seat 0) to play, handed the keyboard first."""
    r = c.round
    return r.phase is Phase.TRICKS and r.to_act == 0 and len(r.tricks) >= 1 and not c.needs_meld_ack


async def test_a_key_close_behind_the_hand_off_does_not_play_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hot-seat: Enter at the hand-off shows Ann her hand, and a second Enter close behind
    played the card under the cursor before she had seen her hand (undo is off in
    hot-seat).  The decision the hand-off shows takes no answer inside the pause; after
    it, it does."""
    paused(monkeypatch)
    c, app = handed_to_ann(ann_to_play)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == "Ann"
        n = len(c.actions)
        await pilot.press("enter", "enter", "space", "a")
        await settle(pilot)
        t = table(app)
        assert app.screen is t and t.viewer() == 0 and t.phase_now() is Phase.TRICKS and len(c.actions) == n
        pause_over(t)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(c.actions[n], Play) and c.round.to_act != 0


def test_the_pause_is_one_setting_for_every_screen() -> None:
    """The table and the hand result share the pause (the tests set it once, to 0)."""
    from pinochle_tui.screens.dialogs import HandResultScreen

    assert issubclass(TableScreen, KeyPause) and issubclass(HandResultScreen, KeyPause)
    assert "KEY_PAUSE" not in vars(TableScreen) and "KEY_PAUSE" not in vars(HandResultScreen)


async def test_a_key_close_behind_a_jump_bid_does_not_confirm_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A jump bid asks "Bid N?" on the Enter that made it: Enter close behind leaves the
    question up (no bid made, y neither), and after the pause Enter bids."""
    paused(monkeypatch)
    app = make_app("partnership", "human,random,random,random", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        t = await at_my_bid(pilot, app)
        c = t.ctrl
        pause_over(t)  # (the hand's first decision)
        amounts, _, jump, _ = jump_bid(t)
        n = len(c.actions)
        await pilot.press(*["up"] * jump, "enter", "enter", "y")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen) and len(c.actions) == n
        assert dialog.shown_at is not None
        dialog.shown_at -= LONG_PAUSE
        await pilot.press("enter")
        await settle(pilot)
        assert c.actions[n] == Bid(amounts[jump])  # (the random bots bid on after it)


async def test_a_key_close_behind_the_last_move_does_not_go_on_from_everyones_meld(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hot-seat: the last person's move before the lead shows everyone's meld to all (no
    hand drawn, "Press Enter to go on"), and a second Enter close behind went on before
    the others had seen it.  Inside the pause it stays; after it, Enter goes on."""
    paused(monkeypatch)
    c = preplay("partnership", "human:Ann,standard,human:Bob,standard", 3, lambda c: c.needs_meld_ack)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert app.screen is t and t.viewer() is None
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert c.needs_meld_ack and "everyone's meld is shown" in str(t.query_one("#prompt").render()).lower()
        pause_over(t)
        await pilot.press("enter")
        await settle(pilot)
        assert not c.needs_meld_ack and c.meld_seen == {0, 2}


def human_eldest_next(c: Controller) -> bool:
    """A hand over whose next hand the human (seat 0) is first to bid in (South eldest:
    East deals next)."""
    return c.round.phase is Phase.DONE and (c.round.dealer + 2) % 4 == 0


async def test_a_key_close_behind_the_hand_result_does_not_make_the_next_hands_first_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Enter closes the hand result (its pause over) and the next hand's first decision,
    the human's bid, shows at once: a second Enter close behind the first bid unseen.  The
    first decision of a hand takes the pause as it is first drawn; after it Enter bids."""
    from pinochle_tui.screens.dialogs import HandResultScreen

    paused(monkeypatch)
    c = played_by_a("partnership", ",".join(SEATS), 11, human_eldest_next)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        result = app.screen
        assert isinstance(result, HandResultScreen) and result.shown_at is not None
        result.shown_at -= LONG_PAUSE
        hand = c.hand_no
        await pilot.press("enter", "enter", "p", "space")
        await settle(pilot)
        t = table(app)
        assert app.screen is t and c.hand_no == hand + 1 and c.round.to_act == 0
        assert t.phase_now() is Phase.AUCTION and c.actions == []
        pause_over(t)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(c.actions[0], Bid)


async def test_a_held_key_does_not_outlast_the_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """A held key repeats every few hundredths of a second: each repeat inside the pause
    holds it on for a while more, so a key held down never answers the prompt it came
    into; the next press after a gap does."""
    monkeypatch.setattr(KeyPause, "KEY_PAUSE", 0.75)
    clock = [100.0]
    monkeypatch.setattr("pinochle_tui.widgets.time.monotonic", lambda: clock[0])
    prompt = KeyPause()
    prompt.prompt_shows("bid")
    held = []
    for _ in range(60):  # 0.03 s apart for 1.8 s: a held Enter's repeats
        clock[0] += 0.03
        held.append(prompt.too_soon("bid"))
    assert all(held)
    clock[0] += KeyPause.KEY_PAUSE  # let go: the next press, a pause after the last repeat
    assert not prompt.too_soon("bid")
    assert prompt.too_soon("trump")  # (a prompt not shown yet takes no key at all)


def ann_to_pass(c: Controller) -> bool:
    """Hot-seat: Ann (seat 0) to pass cards to her partner the bidder, handed the keyboard
    first."""
    return c.round.phase is Phase.PASS and c.round.to_act == 0


@pytest.mark.parametrize("second", ["space", "click"])
async def test_a_key_close_behind_the_hand_off_does_not_pick_a_card(
    monkeypatch: pytest.MonkeyPatch, second: str
) -> None:
    """Hot-seat: Enter at the hand-off shows Ann the hand she passes from, and Space (or a
    click on a card) close behind picked the card under the cursor before she had seen her
    hand.  Picking is held by the pause as an answer is; after it Space picks."""
    paused(monkeypatch)
    _c, app = handed_to_ann(ann_to_pass)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == "Ann"
        await pilot.press("enter")
        if second == "click":
            await pilot.click("#hand", offset=(1, 0))
        else:
            await pilot.press("space")
        await settle(pilot)
        t = table(app)
        assert app.screen is t and t.viewer() == 0 and t.phase_now() is Phase.PASS
        assert t.picked == frozenset()
        pause_over(t)
        await pilot.press("space")
        await settle(pilot)
        assert t.picked == {t.cursor}


def human_declares_then_draws(c: Controller) -> bool:
    """The stock game: the human (seat 0) has won a trick and may meld, with cards left in
    the stock to draw after it (§2.7, §5.9): its lead comes next, from a changed hand."""
    r = c.round
    return r.phase is Phase.DECLARE and r.to_act == 0 and c.view(0).stock_size > 0


async def lead_after_the_pause(pilot: Any, t: TableScreen) -> None:
    """The human's lead, held by the pause: the cursor moves in it, and after it Enter
    leads the card."""
    c = t.ctrl
    cursor = t.cursor
    await pilot.press("right")
    await settle(pilot)
    assert t.cursor == cursor + 1
    pause_over(t)
    n = len(c.actions)
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(c.actions[n], Play)


@pytest.mark.parametrize(
    "variant, seats", [("two-hand", "human,standard"), ("three-hand-turn-up", "human,standard,standard")]
)
async def test_a_key_close_behind_the_meld_does_not_lead_from_the_hand_drawn_to(
    monkeypatch: pytest.MonkeyPatch, variant: str, seats: str
) -> None:
    """The stock game: the trick's winner melds (or not) with Enter, every seat draws and
    its lead shows at once, from a hand with a card it has not seen.  A second Enter close
    behind the meld led the card under the cursor.  The lead that follows the same
    person's decision across a draw takes the pause; the cursor still moves in it, and
    after it Enter leads."""
    paused(monkeypatch)
    c = preplay(variant, seats, 11, human_declares_then_draws)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.phase_now() is Phase.DECLARE
        pause_over(t)
        n = len(c.actions)
        await pilot.press("enter", "enter", "space", "a")
        await settle(pilot)
        assert t.phase_now() is Phase.TRICKS and c.round.to_act == 0
        assert not any(isinstance(a, Play) for a in c.actions[n:])
        await lead_after_the_pause(pilot, t)


def winning_to(c: Controller, then: Phase) -> Any:
    """The human (seat 0) to play the last card of a trick, not among the hand's last two:
    the first of its legal cards that wins the trick with its decision ``then`` next, the
    stock game's meld (DECLARE, a meld open to it, §2.7, §5.9) or its lead (TRICKS, no
    choice between; in the stock game after every seat draws); None where there is none."""
    from rules import apply as apply_action

    r = c.round
    last = r.phase is Phase.TRICKS and r.to_act == 0 and len(r.trick) == c.variant.players - 1
    if not (last and len(c.view(0).hand) > 2):
        return None
    return next(
        (
            a
            for a in c.legal()
            if (s := apply_action(r, a)).phase is then and s.to_act == 0 and len(s.tricks) > len(r.tricks)
        ),
        None,
    )


async def won_with_keys_behind(pilot: Any, c: Controller, then: Phase, *keys: str) -> tuple[TableScreen, int]:
    """At `winning_to`'s trick: the human plays its winning card with Enter, ``keys`` close
    behind it; the table, and the number of actions before the card (the card is the only
    one made)."""
    winning = winning_to(c, then)
    await settle(pilot)
    t = table(pilot.app)
    assert t.phase_now() is Phase.TRICKS
    pause_over(t)
    row = t.playable(t.the_view())
    t.cursor = row.index((winning.card, winning.from_table))
    n = len(c.actions)
    await pilot.press("enter", *keys)
    await settle(pilot)
    assert c.actions[n:] == [winning]
    assert t.phase_now() is then and c.round.to_act == 0
    return t, n


@pytest.mark.parametrize(
    "variant, seats", [("two-hand", "human,standard"), ("three-hand-turn-up", "human,standard,standard")]
)
async def test_a_key_close_behind_a_winning_card_does_not_answer_the_meld(
    monkeypatch: pytest.MonkeyPatch, variant: str, seats: str
) -> None:
    """The stock game: the human's card wins the trick and its meld choice shows at once
    (no other seat plays between).  A second Enter close behind the card took the first
    choice unseen.  The meld that follows the same person's card takes the pause; after
    it Enter takes the choice."""
    paused(monkeypatch)
    c = preplay(variant, seats, 11, lambda c: winning_to(c, Phase.DECLARE) is not None)
    async with app_for(c).run_test(size=SIZE) as pilot:
        t, n = await won_with_keys_behind(pilot, c, Phase.DECLARE, "enter", "space", "1", "a")
        pause_over(t)
        chosen = t.options()[t.opt_index][1]
        await pilot.press("enter")
        await settle(pilot)
        assert c.actions[n + 1] == chosen


@pytest.mark.parametrize(
    "variant, seats, seed",
    [
        ("partnership", "human,standard,standard,standard", 14),
        ("three-hand", "human,standard,standard", 11),
        ("two-hand", "human,standard", 11),
        ("three-hand-turn-up", "human,standard,standard", 11),
    ],
)
async def test_a_key_close_behind_a_winning_card_does_not_lead(
    monkeypatch: pytest.MonkeyPatch, variant: str, seats: str, seed: int
) -> None:
    """The human's card wins the trick and its lead shows at once (no other seat plays
    between; in the stock game from a hand every seat has drawn to).  A second Enter close
    behind the card led the card under the cursor unseen, while the won trick was still on
    the table.  The lead that follows the same person's winning card takes the pause; the
    cursor still moves in it, and after it Enter leads."""
    paused(monkeypatch)
    c = preplay(variant, seats, seed, lambda c: winning_to(c, Phase.TRICKS) is not None)
    async with app_for(c).run_test(size=SIZE) as pilot:
        t, n = await won_with_keys_behind(pilot, c, Phase.TRICKS, "enter", "space", "a")
        assert not c.round.trick and len(c.actions) == n + 1
        await lead_after_the_pause(pilot, t)


async def test_the_first_follow_after_the_auction_takes_keys_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The person's pass is its last bid; another seat leads the first trick and the
    person follows: one card came between its two decisions, but another seat's, so the
    follow takes Enter at once (the winner's-lead pause is for a lead only)."""
    paused(monkeypatch)
    c = preplay("partnership", ",".join(SEATS), 0, lambda c: c.round.phase is Phase.AUCTION and c.round.to_act == 0)
    async with app_for(c).run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot.app)
        pause_over(t)  # (the hand's first decision)
        await pilot.press("p")
        await settle(pilot)
        while c.needs_meld_ack:
            await pilot.press("enter")
            await settle(pilot)
        assert pilot.app.screen is t and t.phase_now() is Phase.TRICKS and len(c.round.trick) == 1
        n = len(c.actions)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(c.actions[n], Play)


def ann_to_bid(c: Controller) -> bool:
    """Hot-seat: Ann (seat 0) to bid, with Bob (seat 1) to bid after her."""
    r = c.round
    return r.phase is Phase.AUCTION and r.to_act == 0 and not r.table.passed[1]


async def test_the_hand_off_takes_no_key_close_behind_the_last_persons_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hot-seat: the hand-off comes up on the move of the person before, and their second
    key close behind it (Ann's ``p`` then Enter a moment later) showed the next person's
    hand to them.  Inside the hand-off's pause Enter leaves it up; after it, Enter shows
    the hand."""
    monkeypatch.setattr(HandOffScreen, "PAUSE", LONG_PAUSE)
    c, app = handed_to_ann(ann_to_bid)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        off = app.screen
        assert isinstance(off, HandOffScreen) and off.player == "Ann"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is off  # (its first showing, too: the new game's Enter may be behind it)
        assert text_of(off.query_one("#handoff-wait")) == "Too soon: wait a moment, then Ann presses Enter."
        assert off.shown_at is not None
        # a key inside the pause starts it again: hammering Enter never gets through
        before = off.shown_at
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is off and off.shown_at > before
        off.shown_at -= LONG_PAUSE
        await pilot.press("enter")
        await settle(pilot)
        t = table(app)
        assert app.screen is t and t.viewer() == 0
        n = len(c.actions)
        await pilot.press("p", "enter", "enter")
        await settle(pilot)
        bob = app.screen
        assert c.actions[n] == PassBid() and c.round.to_act == 1
        assert isinstance(bob, HandOffScreen) and bob.player == "Bob"
        assert text_of(bob.query_one("#handoff-text")) == (
            "The auction so far: Bot 3 passed, Bot 4 bid 250, Ann passed.\n\n"
            "Pass the keyboard to Bob.\nBob's turn: bid or pass in the auction.\n\n"
            "Bob: press Enter when the others cannot see the screen."
        )
        assert bob.shown_at is not None
        bob.shown_at -= LONG_PAUSE
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is t and t.viewer() == 1
