"""Every overlay of the table takes every key:
everyone's meld (m), the tricks (t), the help (?), the hint (i) and the confirmations of
a jump bid or a throw-in.  A key that would act on the table (Enter, Space, digits, a, p,
arrows...) never reaches it while an overlay is up; the overlay's last line says how to
close it, highlighted once such a key was pressed."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual.widgets import Static
from tui_helpers import SIZE, app_for, at_my_bid, jump_bid, make_app, played_by_a, settle, table

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.dialogs import (
    CloseLine,
    ConfirmScreen,
    HandResultScreen,
    HelpScreen,
    HintScreen,
    MeldScreen,
    TricksScreen,
)
from pinochle_tui.screens.table import TableScreen
from rules import Bid, Concede, PassBid, Phase, load_variants

VARIANTS = load_variants()

# keys that act on the table at a trick (none of them closes an overlay)
TABLE_KEYS = ("space", "1", "4", "a", "p", "left", "right", "home", "end", "u", "h", "l", "plus", "minus")


async def _at_trick(pilot: Any, tricks: int = 2) -> TableScreen:
    """Play on (`a`; Enter past everyone's meld and a hand's result) until the human is to
    play with ``tricks`` tricks done."""
    await settle(pilot)
    t = table(pilot.app)
    for _ in range(300):
        r = t.ctrl.round
        if r.phase is Phase.TRICKS and len(r.tricks) >= tricks and t.my_turn():
            return t
        on = t.ctrl.needs_meld_ack or isinstance(pilot.app.screen, HandResultScreen)
        await pilot.press("enter" if on else "a")
        await settle(pilot)
    raise AssertionError("never reached the trick")


def _close_line(screen: Any) -> Text:
    content = screen.query_one("#overlay-close", CloseLine).content
    assert isinstance(content, Text)
    return content


async def test_m_then_enter_closes_the_meld_view_and_plays_no_card():
    """The report: seed 11, hand 4, trick 2 — `m` then Enter played 10♦.  Here: `m` opens
    everyone's meld over the table; Enter closes it and no card is played; so do Esc and m."""
    app = make_app("partnership", "human,random,random,random", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        t = await _at_trick(pilot, 1)
        c = t.ctrl
        n = len(c.actions)
        for close in ("enter", "escape", "m"):
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, MeldScreen)
            shown = str(app.screen.query_one("#meld-view", Static).content)
            for seat, m in enumerate(t.the_view().melds or ()):
                assert f"{c.seats[seat].name} {c.variant.fmt(m.total)}:" in shown
            await pilot.press(close)
            await pilot.pause()
            assert app.screen is t
            assert len(c.actions) == n and t.my_turn()
        assert t.message == ""


@pytest.mark.parametrize(
    ("key", "kind", "close_how"),
    [
        ("m", MeldScreen, "m, Esc or Enter closes the meld view."),
        ("t", TricksScreen, "Esc, t, Enter or q closes the tricks; ↑ ↓ scroll."),
        ("question_mark", HelpScreen, "Esc, ?, Enter or q closes the help; ↑ ↓ scroll; F1 the rules."),
        ("i", HintScreen, "i, Esc or Enter closes the hint; then Enter does it; a plays it for you."),
    ],
)
async def test_every_overlay_swallows_the_table_keys_and_says_how_to_close(key, kind, close_how):
    app = make_app("partnership", "human,random,random,random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        t = await _at_trick(pilot, 2)
        c = t.ctrl
        n, state, cursor = len(c.actions), c.round, t.cursor
        await pilot.press(key)
        await settle(pilot)  # the hint asks the standard bot in a worker
        overlay = app.screen
        assert isinstance(overlay, kind)
        line = _close_line(overlay)
        assert line.plain == close_how and "reverse" not in str(line.style)
        for k in TABLE_KEYS:
            if kind is HintScreen and k == "a":
                continue  # (the hint's own: it closes the box and plays the move, as the line says)
            await pilot.press(k)
            await pilot.pause()
            assert app.screen is overlay, k  # still up: the key did not close it
            assert len(c.actions) == n and c.round is state, k  # nor act on the table
        line = _close_line(overlay)
        assert line.plain == close_how and str(line.style) == "bold reverse"  # said again, highlighted
        assert overlay.told
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is t and len(c.actions) == n and c.round is state
        if kind is not HintScreen:
            assert t.cursor == cursor  # the arrows moved nothing on the table


async def test_the_hint_waits_over_the_table_then_enter_does_it():
    """`i` shows the hint over the table (the cursor is moved onto the card); Enter closes it
    and plays nothing; the next Enter plays the hinted card."""
    app = make_app("partnership", "human,random,random,random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        t = await _at_trick(pilot, 2)
        c = t.ctrl
        n = len(c.actions)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        hint = str(app.screen.query_one("#hint-text", Static).content)
        assert hint.startswith("Hint (standard bot)\n\nplay ")
        # (the line under the table: the move and the standard bot's reason, where the line has
        # the room for it, as the box says them after " · ")
        assert str(t.message) == f"Hint (standard bot): {hint.split(chr(10))[-1]}"
        assert " · " in hint
        card = t.playable(t.the_view())[t.cursor][0]
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is t and len(c.actions) == n
        await pilot.press("enter")
        await settle(pilot)
        assert c.actions[n].card == card


async def test_the_hint_footer_names_its_close_once():
    """The hint's box says "i, Esc or Enter closes the hint"; its footer names the close
    once, by Esc (a fixed key, as every other view over the table names it), not
    ``i close  esc close`` side by side; Esc closes it."""
    from pinochle_tui.widgets import KeysFooter

    app = make_app("two-hand", "human,standard", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        hint = app.screen
        assert isinstance(hint, HintScreen)
        assert "i, Esc or Enter closes the hint" in _close_line(hint).plain
        footer = " ".join(hint.query_one(KeysFooter).render().plain.split())
        assert footer == "esc close a play it"  # (and "play for me"'s key, which plays the hint)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


# ---------------------------------------------------------------------- confirmations
async def test_a_hint_that_comes_while_the_tricks_are_up_waits_for_them_to_close():
    """``i`` and ``t`` at once: the tricks list, asked for last, stays on top when the
    hint comes (its box drew over the list); the message line says the hint, and its box
    shows once the list is closed."""
    from tui_helpers import HeldBot, preplay

    c = preplay(
        "partnership",
        "human,standard,standard,standard",
        1,
        lambda c: c.round.phase is Phase.TRICKS and c.to_act == 0 and len(c.round.tricks) >= 1,
    )
    bot = HeldBot("standard")
    c.hint_bot = lambda: bot  # type: ignore[method-assign]
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, rounds=20)
        t = table(app)
        assert app.screen is t and t.my_turn()
        n = len(c.actions)
        await pilot.press("i", "t")
        await pilot.pause()
        assert isinstance(app.screen, TricksScreen) and t.busy
        bot.go.set()
        await settle(pilot)
        assert isinstance(app.screen, TricksScreen)  # still on top: no hint over it
        assert str(t.message).startswith("Hint (standard bot): play ")
        await pilot.press("escape")  # the tricks close: the hint's box shows
        await settle(pilot)
        assert isinstance(app.screen, HintScreen) and len(c.actions) == n
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is t


def _bidding(variant: str, seats: str, seed: int) -> Controller:
    v = VARIANTS[variant]
    return Controller(v, default_seats(v.players, seats.split(",")), seed=seed)


async def test_a_jump_bid_of_100_or_more_is_confirmed():
    """A bid 100 points (as shown) or more over the current bid asks first: n / Esc go
    back to the auction with nothing bid, y / Enter bid it.  90 over is bid at once."""
    app = make_app("partnership", "human,random,random,random", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        t = await at_my_bid(pilot, app)
        c = t.ctrl
        amounts, base, jump, made = jump_bid(t)
        assert amounts[jump] - base == 100  # steps of 10
        n = len(c.actions)
        for no in ("n", "escape"):
            for _ in range(jump):
                await pilot.press("up")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            text = str(app.screen.query_one("#confirm-text", Static).content)
            what = f"the current bid of {base}" if made else f"the lowest bid of {base}"
            assert text == f"Bid {amounts[jump]}?\n\nThat is 100 over {what}."
            assert _close_line(app.screen).plain == "y / Enter: yes    n / Esc: back to the choice"
            for k in ("space", "a", "p", "1"):  # the table's keys do nothing meanwhile
                await pilot.press(k)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen) and len(c.actions) == n
            await pilot.press(no)
            await pilot.pause()
            assert app.screen is t and len(c.actions) == n
            assert str(t.message) == "Not done: choose again."
            t.bid_index = 0
        for _ in range(jump - 1):  # 90 over: no question
            await pilot.press("up")
        assert t.jump_over(amounts[jump - 1]) is None
        state = c.round
        await pilot.press("up")  # 100 over
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert c.states[n] is state and c.actions[n] == Bid(amounts[jump])


@pytest.mark.parametrize(
    ("variant", "seats", "jump", "shown"),
    [
        ("partnership", "human,random,random,random", 100, "100"),
        ("three-hand", "human,random,random", 100, "10"),
        ("cutthroat", "human,random,random", 100, "10"),
        ("six-hand", "human,random,random,random,random,random", 500, "50"),
    ],
)
def test_the_jump_is_ten_raises(variant: str, seats: str, jump: int, shown: str):
    """A jump is ten raises of the preset's bid step (counted as 100
    points as shown, an x1 preset never asked - cutthroat 20 -> 30 went straight through):
    100 in partnership, 10 shown in three-hand and cutthroat (steps of 1), 50 shown in
    six-hand (steps of 5)."""
    from pinochle_tui.screens.table import JUMP_RAISES

    assert JUMP_RAISES == 10
    c = _bidding(variant, seats, 3)
    screen = TableScreen(c)
    screen.revealed = 0
    v = c.variant
    amounts = c.bid_amounts()
    made = [a for _, a in c.view(0).bids if a > 0]
    base = max(made) if made else amounts[0]
    assert v.bid_step(base) * 10 == jump
    assert screen.jump_over(base + jump - v.bid_step(base)) is None
    what, over = screen.jump_over(base + jump) or ("", 0)
    assert over == jump and v.fmt(over) == shown
    assert what == (f"the current bid of {v.fmt(base)}" if made else f"the lowest bid of {v.fmt(base)}")


def _human_bidder_at_meld(variant: str) -> Controller:
    """A controller where the human (seat 0) won the bid and decides: play or throw in."""
    v = VARIANTS[variant]
    for seed in range(80):
        c = Controller(v, default_seats(v.players, ["human"] + ["random"] * (v.players - 1)), seed=seed)
        while c.round.phase is not Phase.DONE:
            r = c.round
            if r.phase is Phase.MELD and c.is_human(r.to_act):
                return c
            legal = c.legal()
            if c.is_human(r.to_act):
                bids = [a for a in legal if isinstance(a, Bid)]
                a = bids[0] if r.phase is Phase.AUCTION and bids else legal[0]
                if r.phase is Phase.AUCTION and not bids:
                    a = PassBid()
            else:
                a = c.choose(r, r.to_act, c.bot_for(r.to_act))[0]
            c.apply(a)
    raise AssertionError("the human never won the bid")


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        ("partnership", "Your side is set: it loses the contract of {bid} and the others score their meld."),
        ("cutthroat", "You are set: you lose the contract of {bid} and the others score their meld."),
        ("three-hand", "You are set: you lose the contract of {bid} and the others score their meld."),
        (
            "five-hand",
            "You and {partner} are set: each of you loses the contract of {bid}, and the other 3 score their meld.",
        ),
    ],
)
def test_the_throw_in_question_says_you_to_a_player_alone(variant: str, words: str):
    """Cutthroat's throw-in question said "Your side is set" to a
    player who plays for itself."""
    from pinochle_tui.checks_view import throw_in_detail

    c = _human_bidder_at_meld(variant)
    bid = c.variant.fmt(c.round.table.high_bid)
    names = [s.name for s in c.seats]
    partner = names[c.view(0).partner] if c.view(0).partner is not None else ""
    assert throw_in_detail(c.view(0), names) == words.format(bid=bid, partner=partner)


async def test_throwing_in_is_confirmed():
    c = _human_bidder_at_meld("partnership")
    c.meld_acked = True
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.my_turn() and c.round.phase is Phase.MELD
        n = len(c.actions)
        await pilot.press("2")  # "Throw it in"
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        text = str(app.screen.query_one("#confirm-text", Static).content)
        bid = c.variant.fmt(c.round.table.high_bid)
        assert text == (
            f"Throw in the hand?\n\nYour side is set: it loses the contract of {bid} and the others score their meld."
        )
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is t and len(c.actions) == n and c.round.phase is Phase.MELD
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert c.actions[n] == Concede()
        assert c.round.phase is Phase.DONE and c.round.result.kind == "conceded"


async def test_play_for_me_and_bots_never_ask():
    """`a` lets the standard bot decide for the person: no question, whatever it picks."""
    c = _human_bidder_at_meld("partnership")
    c.meld_acked = True
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert table(app).my_turn()
        n = len(c.actions)
        await pilot.press("a")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmScreen)
        assert len(c.actions) > n


async def test_the_close_line_is_ascii_in_ascii_mode():
    from pinochle_tui.render import Style

    app = make_app("partnership", "human,random,random,random", seed=5, ascii=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await _at_trick(pilot, 1)
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, TricksScreen)
            assert _close_line(app.screen).plain == "Esc, t, Enter or q closes the tricks; up/down scroll."
    finally:
        Style.ascii = False


async def test_a_hint_to_pass_says_which_key_passes():
    """The hint "Hint (standard bot): pass" left "Bid 280" chosen, so Enter bid 280.
    Enter always bids the amount shown, so the hint names the key that passes; p passes,
    from the hint's box too (its reason opens one: the p pressed next is not swallowed)."""
    v = VARIANTS["partnership"]
    for seed in range(1, 40):
        c = Controller(v, default_seats(4, ["human", "standard", "standard", "standard"]), seed=seed)
        if c.round.to_act == 0 and c.choose(c.round, 0, c.helper(), tag="helper")[0] == PassBid():
            break
    else:
        raise AssertionError("no seed where the standard bot passes the human's first bid")
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        await pilot.press("i")
        await settle(pilot)
        assert str(t.message) == "Hint (standard bot): pass (p passes; Enter would bid)"
        assert isinstance(app.screen, HintScreen)  # (the reason in the box: "your hand is worth ...")
        await pilot.press("p")
        await settle(pilot)
        assert c.actions[0] == PassBid()


async def test_an_overlay_shows_its_own_keys_not_the_tables():
    """Under the hint, the meld and the tricks views the footer still
    read the table's keys ("⏎ play card", "space pick card") while Enter closed the view;
    each view over the table has its own footer, its close key in it."""
    from pinochle_tui.screens.dialogs import HintScreen
    from pinochle_tui.widgets import KeysFooter

    app = make_app("partnership", "human,random,random,random", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert table(app).my_turn()
        await app.push_screen(HintScreen(Text("play A♠"), "Enter does it", "standard bot"))
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        footer = app.screen.query_one(KeysFooter)
        await pilot.pause()
        keys = [item.description for item, _a, _b in footer.shown()]
        assert "close" in keys and not {"bid", "play card", "pick card", "pass"} & set(keys)
        assert footer.region.y == SIZE[1] - 1


def test_a_hand_thrown_in_credits_no_burial() -> None:
    """RULES.md §8.3: a hand thrown in scores no trick points, so the buried cards count
    for nobody; the tricks view said "You buried: K♠ 9♠ 9♠ (10 for you)"."""
    from pinochle_tui.screens.dialogs import hidden_cards_text
    from rules import Concede

    c = _human_bidder_at_meld("three-hand")
    buried = c.round.table.buried
    assert buried and c.variant.kitty_discards_count_for_bidder
    c.apply(Concede())
    said = hidden_cards_text(c).plain
    assert "You buried: " in said and " for you" not in said
    pts = sum(c.variant.card_points[x] for x in buried)
    end = "they count for nobody: the hand was thrown in" if pts else "the hand was thrown in"
    assert said.endswith(f"  ({end})\n")


def _at_last_card(c: Controller) -> bool:
    """The human (seat 0) is to play the last card of its hand, and a bot plays after it."""
    r = c.round
    last = r.phase is Phase.TRICKS and r.to_act == 0 and len(r.hands[0]) == 1 and not c.needs_meld_ack
    return last and any(len(h) == 1 for h in r.hands[1:])


@pytest.mark.parametrize(
    ("variant", "seats"), [("partnership", "human,random,random,random"), ("three-hand", "human,random,random")]
)
async def test_a_meld_view_opened_as_the_hand_ends_is_gone_by_the_next_hand(variant: str, seats: str):
    """`m` pressed as the bots play the last trick: the meld view stays up until closed and
    the hand's result comes after it, never under it, so the old hand's meld cannot
    show again over the next hand (it came back when the result closed)."""
    c = played_by_a(variant, seats, 11, _at_last_card)
    hand = c.hand_no
    app = PinochleApp(load_variants(), ctrl=c, save_path=new_save_path(), bot_delay=0.2, trick_delay=0.2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("a", "m")  # the last card, then the meld view while the bots play
        await pilot.pause()
        assert isinstance(app.screen, MeldScreen)
        await pilot.pause(1.0)  # the bots finish the hand: the result waits for the meld view to close
        assert c.round.phase is Phase.DONE
        await settle(pilot)
        assert isinstance(app.screen, MeldScreen)
        assert not any(isinstance(s, HandResultScreen) for s in app.screen_stack)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert c.hand_no == hand + 1 and isinstance(app.screen, TableScreen)
        assert not any(isinstance(s, MeldScreen) for s in app.screen_stack)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_a_long_list_of_tricks_keeps_its_close_and_scroll_line_in_the_box(size: tuple[int, int]):
    """A racehorse hand's tricks fill more rows than 80x24 has: the list scrolls, and the
    line under it ("... ↑ ↓ scroll") stays inside the box, not cut off under the list; a
    short list keeps a short box."""
    c = played_by_a("racehorse", "human,standard,standard,standard", 3, lambda c: c.round.phase is Phase.DONE)
    app = PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(TricksScreen(c, 0))
        await pilot.pause()
        await pilot.pause()
        box = app.screen.query_one("#dialog")
        listed = app.screen.query_one("#tricks-scroll")
        under = app.screen.query_one("#overlay-close", CloseLine)
        inside = box.content_region
        assert listed.max_scroll_y > 0  # more tricks than rows: the list scrolls
        assert under.region.y == listed.region.bottom and under.region.bottom <= inside.bottom
        assert "↑ ↓ scroll" in under.render().plain
    short = played_by_a("partnership", "human,standard,standard,standard", 3, lambda c: len(c.round.tricks) == 2)
    app = PinochleApp(VARIANTS, ctrl=short, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(TricksScreen(short, 0))
        await pilot.pause()
        await pilot.pause()
        listed = app.screen.query_one("#tricks-scroll")
        assert listed.max_scroll_y == 0 and listed.region.height < size[1] // 2


async def test_a_long_hint_fits_the_screen_at_80x24_and_scrolls_to_its_end():
    """A hint taller than the screen (the expert's bidding advice runs to ~27 lines) keeps
    its box inside 80x24, its close line in sight and saying "↑ ↓ scroll"; ↓ and PgDn
    scroll the advice, End shows its last line, Home its first; the close line stays put.
    A short hint's close line says nothing of scrolling."""
    from textual.containers import VerticalScroll

    from pinochle_tui.widgets import KeysFooter, figures_wrapped

    advice = " ".join(f"clause {n}: the side's meld and the count it hopes for;" for n in range(1, 61)) + " THE END."
    app = make_app("partnership", "human,random,random,random", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(HintScreen(Text(advice), "Enter bids 250", "expert bot"))
        await settle(pilot)
        hint = app.screen
        assert isinstance(hint, HintScreen)
        close = hint.query_one("#overlay-close", CloseLine)
        footer = hint.query_one(KeysFooter)
        assert close.region.y >= 0 and close.region.bottom <= footer.region.y  # inside, over the footer
        assert hint.query_one("#dialog").region.width == 74  # the wide box, as the other overlays'
        said = "i, Esc or Enter closes the hint; ↑ ↓ scroll; then Enter bids 250."
        assert _close_line(hint).plain == said
        scroll = hint.query_one("#hint-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == 0
        await pilot.press("down")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        paged = scroll.scroll_y
        assert paged > 3
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y > paged
        text = hint.query_one("#hint-text", Static)
        rows = figures_wrapped(Text(str(text.content)), text.content_region.width).plain.splitlines()
        assert rows[-1].endswith("THE END.") and text.outer_size.height == len(rows)  # no blank rows after it
        assert scroll.scroll_y + scroll.scrollable_content_region.height == len(rows)  # its last row in sight
        assert close.region.bottom <= footer.region.y and _close_line(hint).plain == said
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        app.push_screen(HintScreen(Text("bid 250"), "Enter bids 250", "expert bot"))
        await settle(pilot)
        assert _close_line(app.screen).plain == "i, Esc or Enter closes the hint; then Enter bids 250."
