"""Whole hands played through key presses only, scores checked against the engine."""

from __future__ import annotations

import pytest
from tui_helpers import (
    SIZE,
    VARIANTS,
    app_for_seats,
    at_my_bid,
    make_app,
    settle,
    table,
    text_of,
)

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.render import fmt_signed
from pinochle_tui.screens.dialogs import GameOverScreen, HandOffScreen, HandResultScreen
from pinochle_tui.screens.table import TableScreen
from rules import Phase

CARD_GLYPHS = set("♠♥♦♣")


async def play_hand_by_keys(pilot, app, *, max_keys: int = 400) -> None:
    """Press keys until the hand result shows: `a` for the human, Enter for meld/hand-off."""
    for _ in range(max_keys):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, HandResultScreen):
            return
        if isinstance(screen, HandOffScreen):
            # the hand-off card must not show any card
            assert table(app).viewer() is None
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen)
        if screen.ctrl.needs_meld_ack:
            await pilot.press("enter")
        elif screen.my_turn():
            await pilot.press("a")
        else:
            await pilot.pause(0.01)
    raise AssertionError("the hand did not finish")


def check_result_screen(app) -> None:
    screen = app.screen
    assert isinstance(screen, HandResultScreen)
    c = screen.ctrl
    v = c.variant
    r = c.round.result
    assert r is not None and c.round.phase is Phase.DONE
    for side, s in enumerate(r.sides):
        q = screen.query_one
        assert text_of(q(f"#meld_shown-{side}")) == v.fmt(s.meld_shown)
        assert text_of(q(f"#meld_saved-{side}")) == v.fmt(s.meld_saved)
        assert text_of(q(f"#trick_points-{side}")) == v.fmt(s.trick_points)
        assert text_of(q(f"#change-{side}")) == fmt_signed(v, s.change)
        assert text_of(q(f"#total-{side}")) == v.fmt(c.game.scores[side])
        made = "—" if s.made is None else ("made" if s.made else "set")
        assert text_of(q(f"#made-{side}")) == made


@pytest.mark.parametrize(
    ("variant", "seats"),
    [
        ("partnership", "human,random,random,random"),
        ("three-hand", "human,random,random"),
        ("partnership-kitty", "human,random,random,random"),
    ],
)
async def test_one_human_plays_two_hands_with_a(variant, seats):
    app = make_app(variant, seats, seed=7)
    async with app.run_test(size=SIZE) as pilot:
        for _hand in range(2):
            await play_hand_by_keys(pilot, app)
            check_result_screen(app)
            before = app.ctrl.hand_no
            await pilot.press("enter")
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
            assert app.ctrl.hand_no == before + 1


async def test_hotseat_two_humans_never_show_the_other_hand():
    app = make_app("partnership", "human,random,human,random", seed=3)
    shown_handoffs = 0
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(600):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, HandResultScreen):
                break
            t = table(app)
            if isinstance(screen, HandOffScreen):
                shown_handoffs += 1
                svg = app.export_screenshot()
                assert not (CARD_GLYPHS & set(svg)), "a card glyph on the hand-off screen"
                assert t.viewer() is None
                await pilot.press("enter")
                await settle(pilot)
                # now the table shows exactly the seat it was handed to: the one to act, or
                # the one everyone's meld is shown to before the lead
                c = t.ctrl
                assert t.viewer() == (c.meld_pause_seat if c.needs_meld_ack else c.to_act)
                continue
            if t.ctrl.needs_meld_ack:
                await pilot.press("enter")
            elif t.my_turn():
                # the drawn hand is the acting seat's own hand, nobody else's
                hand = t.query_one("#hand")
                assert sorted(hand.cards) == sorted(t.ctrl.round.hands[t.viewer()])
                await pilot.press("a")
        check_result_screen(app)
    assert shown_handoffs >= 2


async def test_illegal_card_is_refused_with_a_reason():
    app = make_app("partnership", "human,random,random,random", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(600):
            await settle(pilot)
            t = table(app)
            if isinstance(app.screen, HandResultScreen):
                await pilot.press("enter")  # no illegal card came up: next hand
                continue
            if t.ctrl.needs_meld_ack:
                await pilot.press("enter")
                continue
            if not t.my_turn():
                continue
            if t.ctrl.round.phase is Phase.TRICKS:
                legal = {a.card for a in t.ctrl.legal()}
                cards = t.display_hand(t.the_view())
                bad = [i for i, c in enumerate(cards) if c not in legal]
                if bad:
                    n_before = len(t.ctrl.actions)
                    t.cursor = 0
                    for _ in range(bad[0]):
                        await pilot.press("right")
                    await pilot.press("enter")
                    assert len(t.ctrl.actions) == n_before
                    assert "must" in str(t.message)
                    return
            await pilot.press("a")
    pytest.fail("never reached a trick with an illegal card")


async def test_bid_pass_and_trump_keys():
    """Bid with Enter (the preselected next legal bid), raise with up, name trump with a digit."""
    app = make_app("partnership", "human,random,random,random", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        t = await at_my_bid(pilot, app)
        c = t.ctrl
        lowest = t.bid_amounts()[0]
        n = len(c.actions)
        await pilot.press("up")
        await pilot.press("enter")
        grid = c.variant.bid_grid
        assert c.actions[n].amount == grid[grid.index(lowest) + 1]
        await settle(pilot)
        for _ in range(30):
            if c.round.phase is not Phase.AUCTION or not t.my_turn():
                break
            await pilot.press("p")
            await settle(pilot)
        assert c.round.phase is not Phase.AUCTION or not t.my_turn()


async def test_mouse_click_plays_a_card_and_presses_a_choice():
    from pinochle_tui.widgets import CELL

    app = make_app("partnership", "human,random,random,random", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        c = t.ctrl
        assert t.my_turn() and c.round.phase is Phase.AUCTION
        n = len(c.actions)
        await pilot.click("#btn-1")  # "Pass"
        assert type(c.actions[n]).__name__ == "PassBid"
        for _ in range(300):
            await settle(pilot)
            if t.ctrl.needs_meld_ack:
                await pilot.press("enter")
            elif t.my_turn() and c.round.phase is Phase.TRICKS:
                break
            elif t.my_turn():
                await pilot.press("a")
        cards = t.display_hand(t.the_view())
        legal = {a.card for a in c.legal()}
        i = next(k for k, x in enumerate(cards) if x in legal)
        n = len(c.actions)
        await pilot.click("#hand", offset=(i * CELL + 1, 1))
        assert c.actions[n].card == cards[i]


async def test_bidder_takes_the_kitty_and_buries_by_keys():
    """partnership-kitty: the human wins the auction, sees the kitty marked in the hand,
    picks cards with Space and buries them with Enter (a refused burial says why)."""
    from tui_helpers import VARIANTS, app_for

    from pinochle_tui.controller import Controller, default_seats
    from rules import Bid

    v = VARIANTS["partnership-kitty"]
    c = Controller(v, default_seats(4, ["human", "random", "random", "random"]), seed=2)
    while not (c.round.phase is Phase.TRUMP and c.to_act == 0):
        seat = c.to_act
        if c.is_human(seat):
            c.apply(max((a for a in c.legal() if isinstance(a, Bid)), key=lambda a: a.amount))
        else:
            c.apply(c.choose(c.round, seat, c.bot_for(seat))[0])
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        hand = t.query_one("#hand")
        assert len(hand.marked) == v.kitty_size  # the kitty's cards, marked +
        await pilot.press("1")  # name a suit by digit (or the engine says why not)
        await settle(pilot)
        if c.round.phase is Phase.TRUMP:
            for d in "234":
                await pilot.press(d)
                await settle(pilot)
        assert c.round.phase is Phase.BURY and t.my_turn()
        await pilot.press("enter")  # nothing picked yet: refused with a reason
        assert "Pick exactly 4" in str(t.message)
        legal = c.legal()
        want = list(legal[len(legal) // 2].cards)
        cards = t.display_hand(t.the_view())
        for i, x in enumerate(cards):
            if x in want:
                want.remove(x)
                while t.cursor != i:
                    await pilot.press("right")
                await pilot.press("space")
        await pilot.press("enter")
        await settle(pilot)
        assert c.round.phase is not Phase.BURY
        assert len(c.round.table.buried) == 4


async def test_a_alone_speeds_through_a_hand_to_its_result_and_t_home_end():
    from pinochle_tui.screens.dialogs import HandResultScreen

    app = app_for_seats("partnership", "human,random,random,random", 5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        await pilot.press("t")
        await pilot.pause()
        assert "No trick has been completed yet." in t.query_one("#prompt").content.plain
        for _ in range(400):
            if isinstance(app.screen, HandResultScreen):
                break
            if t.my_turn() and t.ctrl.round.phase is Phase.TRICKS:
                await pilot.press("end")
                assert t.cursor == len(t.the_view().hand) - 1
                await pilot.press("home")
                assert t.cursor == 0
            await pilot.press("a")  # only `a`: meld, plays and to the result, where it stops
            await settle(pilot)
        assert isinstance(app.screen, HandResultScreen) and app.ctrl.hand_no == 1
        await pilot.press("enter")
        await settle(pilot)
        assert app.ctrl.hand_no == 2


async def test_t_with_the_first_trick_on_the_table_says_none_is_completed():
    """t while trick 1's cards are on the table, none complete: no trick to show yet, and
    the message says none is completed (not "played", which the cards in view belie)."""
    from tui_helpers import app_for, preplay_any

    c = preplay_any(
        "partnership",
        "human,random,random,random",
        lambda c: (
            c.round.phase is Phase.TRICKS
            and bool(c.round.trick)
            and not c.round.tricks
            and c.is_human(c.round.to_act)
            and not c.needs_meld_ack
        ),
    )
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.ctrl.round.trick and not t.ctrl.round.tricks
        await pilot.press("t")
        await pilot.pause()
        assert str(t.message) == "No trick has been completed yet."


async def test_choices_do_not_wrap():
    """On a choice row (naming trump) → past the last choice stays there and ← past the
    first stays there: a second press never lands back on the other end (a wrap
    would play a hand meant to be thrown in)."""
    from tui_helpers import app_for

    from rules import Bid, PassBid

    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["human", "random", "random", "random"]), seed=1)
    while c.round.phase is Phase.AUCTION:  # the human bids the minimum, every bot passes
        c.apply(Bid(v.min_bid) if c.is_human(c.round.to_act) and c.round.table.high_bid == 0 else PassBid())
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        n = len(t.options())
        assert t.ctrl.round.phase is Phase.TRUMP and n == 4
        for _ in range(n + 1):
            await pilot.press("right")
        assert t.opt_index == n - 1
        for _ in range(n + 1):
            await pilot.press("left")
        assert t.opt_index == 0


async def test_in_two_hand_the_bots_move_after_it_wins_the_players_lead_waits_the_trick_delay() -> None:
    """Two-hand: the bot's reply wins the player's lead, and its next move (a meld, or the
    next lead) comes only after the trick delay, so the trick stands on the table to be
    seen, with no bot delay too (the bot's moves in a row are otherwise not paced)."""
    import time

    delay = 0.4
    app = app_for_seats("two-hand", "human,standard", seed=3, trick_delay=delay)
    ctrl = app.ctrl
    assert ctrl is not None
    applied: list[tuple[float, int, bool]] = []  # (when, the seat, whether it won a trick)
    apply = ctrl.apply

    def timed(action: object) -> object:
        seat = ctrl.round.to_act
        state = apply(action)
        applied.append((time.monotonic(), seat, ctrl.trick_just_won))
        return state

    ctrl.apply = timed  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        won = []
        for _ in range(400):
            await pilot.pause(0.02)
            if table(app).my_turn():
                n = len(applied)
                lead = ctrl.round.phase is Phase.TRICKS and not ctrl.round.trick
                await pilot.press("a")
                if lead:
                    await pilot.pause(delay + 0.3)
                    after = applied[n + 1 :]
                    if len(after) >= 2 and after[0][1] == 1 and after[0][2]:  # the bot's reply took the trick
                        won.append(after[1][0] - after[0][0])
            if len(won) >= 3:
                break
    assert len(won) >= 3 and min(won) >= delay, won
