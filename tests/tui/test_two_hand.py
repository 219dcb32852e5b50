"""The two-hand table: the stock game and the draft played by key presses
against bots at delay 0, the meld prompt after a won trick, a play from the table, the
draft's keep/reject, hot-seat hand-offs (worded for two players), help and the result
screen; the last stock pair's log line, and Home/End within the row of the hand or of
the melds on the table."""

from __future__ import annotations

import re
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from tui_helpers import (
    SIZE,
    VARIANTS,
    app_for,
    app_from_flags,
    make_app,
    policy_action,
    preplay,
    settle,
    step_policy,
    table,
    text_of,
)

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.render import (
    Style,
    card_text,
    deal_news,
    discard_points,
    fmt_signed,
    meld_points,
    sorted_hand,
    trick_points,
)
from pinochle_tui.screens.dialogs import HandOffScreen, HandResultScreen, HelpScreen
from rules import DeclareDix, DeclareMeld, NoMeld, Phase, Play, observe, parse_cards

CARD = re.compile(r"(10|[AKQJ9])[♠♥♦♣]")
SEATS = "human,random"


# ---------------------------------------------------------------------- a fixed human policy


def action_line(c: Controller, n: int) -> str:
    """The hand's log line of its action number ``n`` (0-based): after the deal's own
    lines (the turn-up, a turned-up dix: `deal_news`)."""
    return c.events[len(deal_news(c, c.states[0])) + n]


def human_choice(c: Controller) -> object:
    """The human's move in the tests: in phase 1 a card from the table once there is one
    (first in display order), else the first legal card in display order; after a won
    trick the first meld offered, else the dix, else no meld."""
    r = c.round
    view = c.view(0)
    legal = c.legal()
    if r.phase is Phase.DECLARE:
        for kind in (DeclareMeld, DeclareDix):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return NoMeld()
    trump = view.trump.index if view.trump else None
    if view.stock_open and view.table_melds[0]:
        return Play(sorted_hand(view.table_melds[0], trump)[0], from_table=True)
    hand = sorted_hand(view.hand, trump)
    return next(Play(x) for x in hand if Play(x) in legal)


def stock_seed(want_table_play: bool = True, tries: int = 60) -> int:
    """A seed whose first hand, with `human_choice` against the random bot, has the human
    meld after a won trick and then play a card from the table."""
    v = VARIANTS["two-hand"]
    for seed in range(tries):
        c = Controller(v, default_seats(2, SEATS.split(",")), seed=seed)
        melded = table_play = False
        while c.round.phase is not Phase.DONE:
            if c.is_human(c.round.to_act):
                a = human_choice(c)
                melded |= isinstance(a, DeclareMeld)
                table_play |= isinstance(a, Play) and a.from_table
            else:
                a = c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0]
            c.apply(a)
        if melded and (table_play or not want_table_play):
            return seed
    raise AssertionError("no seed with a meld and a play from the table")


def center_text(t) -> str:
    return t.panels["stock"].body(t.context()).plain


def option_index(t, action) -> int:
    return next(i for i, (_label, a, _ok) in enumerate(t.options()) if a == action)


# ---------------------------------------------------------------------- the stock game


async def test_two_hand_hand_by_keys_with_a_meld_and_a_play_from_the_table():
    seed = stock_seed()
    app = make_app("two-hand", SEATS, seed=seed)
    v = VARIANTS["two-hand"]
    melds_by_key = table_plays = 0
    saw_phase2 = False
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):
            await settle(pilot)
            if isinstance(app.screen, HandResultScreen):
                break
            t = table(app)
            c = t.ctrl
            if not t.my_turn():
                await pilot.pause(0.01)
                continue
            view = t.the_view()
            text = center_text(t)
            if view.stock_open:
                assert f"Stock: {view.stock_size} face down" in text
                assert "North's melds on the table:" in text and "Your melds on the table:" in text
                if view.turn_up is not None:
                    assert f"turn-up {Style.card(view.turn_up)} under it" in text
            else:
                saw_phase2 = True
                assert "Stock gone: follow suit, trump when void, head a trump lead." in text
                assert "melds on the table" not in text
                assert t.display_table(view) == []
            action = human_choice(c)
            n_actions = len(c.actions)
            if c.round.phase is Phase.DECLARE:
                label = t.options()[option_index(t, action)][0]
                assert label in text  # the prompt lists it
                assert t.options()[-1][0] == "no meld"
                before = view.meld_points[0]
                await pilot.press(str(option_index(t, action) + 1))
                await pilot.pause()
                assert c.actions[n_actions] == action
                if isinstance(action, DeclareMeld):
                    pts = meld_points(v, view.trump, action)
                    assert pts > 0
                    assert label == f"{action.name} {Style.cards(action.cards)} ({pts})"
                    assert c.view(0).meld_points[0] == before + pts
                    assert c.view(0).meld_log[-1] == (0, action.name, action.cards, pts)
                    assert action_line(c, n_actions).startswith(f"You melded {action.name} ")
                    melds_by_key += 1
                continue
            # a play: move the cursor onto it along the hand and the 'on table' row
            row = t.playable(view)
            target = row.index((action.card, action.from_table))
            for _ in range(len(row)):
                if t.cursor == target:
                    break
                await pilot.press("right")
            assert t.cursor == target
            hand = t.query_one("#hand")
            assert hand.table == t.display_table(view)
            on_table_before = list(view.table_melds[0])
            await pilot.press("enter")
            await pilot.pause()
            assert c.actions[n_actions] == action
            if action.from_table:
                table_plays += 1
                left = list(c.view(0).table_melds[0])
                assert len(left) == len(on_table_before) - 1
                assert action_line(c, n_actions).startswith(f"You played {Style.card(action.card)} from the table")
        screen = app.screen
        assert isinstance(screen, HandResultScreen)
        r = c.round.result
        assert r is not None and r.bidder is None
        for side, s in enumerate(r.sides):
            assert text_of(screen.query_one(f"#meld_saved-{side}")) == v.fmt(s.meld_saved)
            assert text_of(screen.query_one(f"#trick_points-{side}")) == v.fmt(s.trick_points)
            assert text_of(screen.query_one(f"#tricks-{side}")) == str(s.tricks)
            assert text_of(screen.query_one(f"#change-{side}")) == fmt_signed(v, s.change)
            assert text_of(screen.query_one(f"#total-{side}")) == v.fmt(c.game.scores[side])
        assert sum(s.trick_points for s in r.sides) == v.hand_trick_total
        assert len(c.round.tricks) == 24
    assert melds_by_key >= 1 and table_plays >= 1 and saw_phase2


async def test_log_never_names_a_draw_and_names_the_last_pair():
    seed = stock_seed(want_table_play=False)
    c = Controller(VARIANTS["two-hand"], default_seats(2, SEATS.split(",")), seed=seed)
    while c.round.phase is not Phase.DONE:
        a = human_choice(c) if c.is_human(c.round.to_act) else c.choose(c.round, 1, c.bot_for(1))[0]
        c.apply(a)
    draws = [e for e in c.events if "both drew from the stock" in e]
    assert len(draws) == 11  # 23 stock cards: 11 pairs, then the last card and the turn-up
    for e in draws:
        assert not CARD.search(e.split("; both drew")[1]), e
    last = [e for e in c.events if "the stock is gone" in e]
    assert len(last) == 1
    # both cards of the last pair are named: they are shown to both players (§2.7)
    assert len(CARD.findall(last[0].split(" took ")[1])) == 2, last[0]


@pytest.mark.parametrize("variant", ["two-hand", "two-hand-draft"])
async def test_hotseat_two_humans_hand_off_shows_no_card(variant):
    app = app_from_flags(variant=variant, seats="human:Ann,human:Bob", seed="3")
    handoffs = 0
    async with app.run_test(size=SIZE) as pilot:
        assert [s.name for s in app.ctrl.seats] == ["Ann", "Bob"]
        for _ in range(400):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, HandResultScreen):
                break
            t = table(app)
            if isinstance(screen, HandOffScreen):
                handoffs += 1
                svg = app.export_screenshot()
                # no card of a hand: only the played ones its news names (the last trick
                # won, the trick so far), which both players saw go down
                news = text_of(screen.query_one("#handoff-text")).split("Pass the keyboard to ")[0]
                view = t.ctrl.view(t.ctrl.to_act)
                played = [*(view.tricks[-1][1] if view.tricks else ()), *(x for _, x in view.trick)]
                assert Counter(m.group(0) for m in CARD.finditer(news)) <= Counter(
                    card_text(x).plain for x in played
                ), news
                assert Counter(x for x in svg if x in "♠♥♦♣") == Counter(x for x in news if x in "♠♥♦♣")
                assert t.viewer() is None
                assert t.the_view().hand == () and t.the_view().looking_at is None
                await pilot.press("enter")
                await settle(pilot)
                assert t.viewer() == t.ctrl.to_act
                continue
            if t.ctrl.needs_meld_ack:
                await pilot.press("enter")
            elif t.my_turn():
                assert sorted(t.query_one("#hand").cards) == sorted(t.ctrl.round.hands[t.viewer()])
                await pilot.press("a")
                if handoffs >= 12:
                    break
            else:
                await pilot.pause(0.01)
    assert handoffs >= 12


async def test_two_hand_from_the_flags_and_a_seat_count_error():
    from pinochle_tui.cli_common import UsageError

    app = app_from_flags(variant="two-hand", seats="human,standard", seed="1")
    assert [(s.kind, s.name) for s in app.ctrl.seats] == [("human", "You"), ("bot", "North")]
    with pytest.raises(UsageError, match="two-hand has 2 seats, got 3"):
        app_from_flags(variant="two-hand", seats="human,standard,easy")


async def test_new_game_screen_seats_two():
    from textual.widgets import Label, Select

    from pinochle_tui.app import PinochleApp
    from pinochle_tui.screens.newgame import NewGameScreen

    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        ng.query_one("#ng-variant", Select).value = "two-hand"
        await settle(pilot)
        labels = [str(lb.render()) for lb in ng.query("#ng-seats Label").results(Label)]
        assert labels == ["Seat 1 (South)", "Seat 2 (North)"]
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.ctrl is not None and app.ctrl.variant.name == "two-hand"
        assert [s.name for s in app.ctrl.seats] == ["You", "North"]
        t = table(app)
        assert t.query_one("#seat-top").display and not t.query_one("#col-left").display


async def test_help_explains_the_two_hand_rules():
    app = make_app("two-hand", SEATS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-rules").render()) + str(app.screen.query_one("#help-keys").render())
    flat = " ".join(text.split())
    for words in (
        "Phase 1, while the stock lasts",
        "from your melds on the table",
        "The winner of a trick may make one meld",
        "exchange the trump 9 for the turn-up",
        "Phase 2, the stock gone",
        "follow suit, trump when void, head a trump lead",
        "royal marriage (40) then the run with A 10 J from the hand (150) scores 190",
        "the run first, and its K and Q make no royal marriage",
        "A 11, 10 10, K 4, Q 3, J 2; the last trick 10",
        "first to 1000, checked at the end of a hand",
        "on table row",
    ):
        assert words in flat, words


async def test_help_explains_the_draft():
    app = make_app("two-hand-draft", SEATS, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        text = str(app.screen.query_one("#help-rules").render())
    flat = " ".join(text.split())
    for words in (
        "Keep it: the next card goes, unseen, to your discard pile",
        "Reject it: it goes to your discard pile and you must keep the next card",
        "the counters in each discard pile score for the player it belongs to",
        "Auction: the non-dealer opens; minimum bid 200",
        "250 in all (with the counters in both discard piles)",
    ):
        assert words in flat, words


# ---------------------------------------------------------------------- the draft


async def test_draft_keep_and_reject_by_keys_then_the_result():
    app = make_app("two-hand-draft", SEATS, seed=1)  # a seed whose hand is played out, not thrown in
    v = VARIANTS["two-hand-draft"]
    kept = rejected = 0
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await settle(pilot)
            t = table(app)
            c = t.ctrl
            if c.round.phase is not Phase.DRAFT:
                break
            if not t.my_turn():
                await pilot.pause(0.01)
                continue
            view = t.the_view()
            seen = view.looking_at
            assert seen is not None
            body = t.panels["draft"].body(t.context()).plain
            assert f"You look at the top card: {Style.card(seen)}" in body
            assert "Keep it: the next card goes unseen to your discards" in body
            assert "Reject it: you must keep the next card" in body
            assert f"{view.stock_size} cards left in the pack" in body
            hand, discards = list(view.hand), list(view.discards)
            keep = (kept + rejected) % 2 == 0
            await pilot.press("1" if keep else "2")
            await pilot.pause()
            after = c.view(0)
            assert len(after.hand) == len(hand) + 1
            if keep:
                kept += 1
                assert sorted(after.hand) == sorted([*hand, seen])
                assert list(after.discards) == discards  # the next went unseen
            else:
                rejected += 1
                assert sorted(after.discards) == sorted([*discards, seen])
            # the log names no card of the draft
            assert not CARD.search(" ".join(c.events))
        assert kept == 6 and rejected == 6
        assert c.round.phase is Phase.AUCTION
        assert len(c.view(0).hand) == 12
        # the rest of the hand by the fixed key policy (pass, first choice, first card)
        for _ in range(300):
            await settle(pilot)
            if isinstance(app.screen, HandResultScreen):
                break
            if not await step_policy(pilot):
                await pilot.pause(0.01)
        screen = app.screen
        assert isinstance(screen, HandResultScreen)
        r = c.round.result
        assert r is not None
        piles = discard_points(c)
        assert r.kind == "played"
        won = [0, 0]
        for n, (_l, cards, w) in enumerate(c.round.tricks, 1):
            won[w] += trick_points(v, cards, n)
        assert sum(piles) + sum(won) == v.hand_trick_total
        assert sum(piles) > 0
        for side in range(2):
            assert text_of(screen.query_one(f"#discards-{side}")) == v.fmt(piles[side])
            assert r.sides[side].trick_points == won[side] + piles[side]


def test_two_hand_save_round_trips_every_new_action(tmp_path):
    from pinochle_tui.save import load_game, save_game

    for variant in ("two-hand", "two-hand-draft"):
        c = Controller(VARIANTS[variant], default_seats(2, SEATS.split(",")), seed=4)
        for _ in range(2):  # two whole hands
            while c.round.phase is not Phase.DONE:
                seat = c.round.to_act
                if variant == "two-hand" and c.is_human(seat):
                    c.apply(human_choice(c))
                else:
                    c.apply(c.choose(c.round, seat, c.bot_for(seat))[0])
            if c.game.over:
                break
            c.next_hand()
        for _ in range(9):  # and part of a third
            if c.round.phase is Phase.DONE:
                break
            c.apply(c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0])
        kinds = {type(a).__name__ for acts in c.all_action_lists() for a in acts}
        want = {"Play", "DeclareMeld", "NoMeld"} if variant == "two-hand" else {"DraftCard", "Bid", "NameTrump"}
        assert want <= kinds, kinds
        p = tmp_path / f"{variant}.json"
        save_game(c, p)
        d = load_game(p)
        assert d.round == c.round
        assert d.events == c.events
        assert d.all_action_lists() == c.all_action_lists()


def test_two_hand_table_snapshot(snap_compare):
    from tui_helpers import preplay

    def ready(c: Controller) -> bool:
        view = c.view(0)
        return (
            c.round.phase is Phase.TRICKS
            and c.to_act == 0
            and view.stock_open
            and bool(view.table_melds[0])
            and bool(view.trick)
        )

    c = preplay("two-hand", SEATS, 2, ready)
    assert snap_compare(app_for(c), terminal_size=SIZE, run_before=settle)


async def test_last_pick_by_keys_when_the_winner_chooses():
    """A house rule (``last_stock_pick = "winner_chooses"``): the winner of the 12th trick
    picks the face-down card or the turn-up from a numbered list; the loser gets the other."""
    from pinochle_tui.app import PinochleApp
    from pinochle_tui.save import new_save_path
    from rules import TakeStock, load_variants_text

    house = load_variants_text('[chooser]\nextends = "two-hand"\nlast_stock_pick = "winner_chooses"\n', base=VARIANTS)
    v = house["chooser"]
    for seed in range(40):
        c = Controller(v, default_seats(2, SEATS.split(",")), seed=seed)
        while c.round.phase is not Phase.LAST_PICK and c.round.phase is not Phase.DONE:
            seat = c.round.to_act
            c.apply(human_choice(c) if c.is_human(seat) else c.choose(c.round, seat, c.bot_for(seat))[0])
        if c.round.phase is Phase.LAST_PICK and c.round.to_act == 0:
            break
    else:
        raise AssertionError("no seed where the human picks the last pair")
    turn_up = c.view(0).turn_up
    assert turn_up is not None
    app = PinochleApp({**VARIANTS, **house}, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.my_turn()
        assert [label for label, _a, _ok in t.options()] == [
            "Take the face-down card",
            f"Take the turn-up {Style.card(turn_up)}",
        ]
        assert "which card do you take?" in center_text(t)
        n = len(c.actions)
        before = c.view(0)
        held = [*before.hand, *before.table_melds[0]]  # the melds go back to the hand
        await pilot.press("2")
        await pilot.pause()
        assert c.actions[n] == TakeStock(True)
        back = c.view(0)
        assert not back.stock_open
        assert sorted(back.hand) == sorted([*held, turn_up])
        assert "the stock is gone" in action_line(c, n)


async def test_the_card_just_drawn_is_marked():
    from tui_helpers import preplay

    def just_drew(c: Controller) -> bool:
        # the human to lead right after a plain draw (no dix exchange in the last turn)
        return (
            c.round.phase is Phase.TRICKS
            and c.to_act == 0
            and not c.round.trick
            and c.view(0).stock_open
            and 1 <= len(c.round.tricks) <= 11
            and not any(isinstance(a, DeclareDix) for a in c.actions[-3:])
        )

    c = preplay("two-hand", SEATS, 3, just_drew)
    # the last draw: the action after which the stock had two cards fewer
    i = max(k for k in range(1, len(c.states)) if _stock(c, k) < _stock(c, k - 1))
    before = list(c.states[i - 1].hands[0])
    act = c.actions[i - 1]
    if isinstance(act, Play) and not act.from_table and c.states[i - 1].to_act == 0:
        before.remove(act.card)  # the human's own card to the trick, in the same step
    after = list(c.states[i].hands[0])
    for x in before:
        after.remove(x)
    assert len(after) == 1  # the one card drawn
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = table(app).query_one("#hand")
        assert [hand.cards[k] for k in hand.marked] == after
        assert "+" in str(hand.render()).split("\n")[0]


def _stock(c: Controller, k: int) -> int:
    return observe(c.states[k], 0).stock_size


def _to_phase_two(seed: int) -> tuple[Controller, bool]:
    """A two-hand hand played to the first phase-2 position; whether the last phase-1
    winner melded just before the last pair was taken."""
    c = Controller(VARIANTS["two-hand"], default_seats(2, SEATS.split(",")), seed=seed)
    melded_last = False
    while c.view(0).stock_open or c.round.phase is not Phase.TRICKS:
        seat = c.round.to_act
        a = human_choice(c) if c.is_human(seat) else c.choose(c.round, seat, c.bot_for(seat))[0]
        melded_last = isinstance(a, DeclareMeld) and len(c.round.tricks) == 12
        c.apply(a)
    return c, melded_last


def test_the_last_pair_line_names_just_the_two_stock_cards() -> None:
    found = 0
    for seed in range(40):
        c, melded_last = _to_phase_two(seed)
        view = c.view(0)
        (_, won), (_, lost) = view.last_pair
        line = next(e for e in c.events if "the stock is gone" in e)
        head = line.split(":")[0]
        assert f"took {Style.card(won)}," in head and head.endswith(Style.card(lost)), line
        found += melded_last
        if found >= 2:
            break
    assert found >= 2  # the case that matters: a meld made at trick 12, then the last pair


def test_hand_off_speaks_of_the_other_player_at_a_two_seat_table() -> None:
    assert HandOffScreen("Ann", 2).others == "the other player"
    assert HandOffScreen("Ann", 4).others == "the others"


async def test_home_and_end_stay_in_the_row_of_the_cursor() -> None:
    """End once jumped to the last card on the table, and Enter played it (the way to lead
    the last card of the hand)."""
    from tui_helpers import SIZE, make_app, settle, table

    app = make_app("two-hand", SEATS, seed=stock_seed())
    checked = False
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await settle(pilot)
            t = table(app)
            c = t.ctrl
            if c.round.phase is Phase.DONE:
                break
            if not t.my_turn():
                await pilot.pause(0.01)
                continue
            view = t.the_view()
            if c.round.phase is Phase.TRICKS and view.stock_open and t.display_table(view):
                n_hand = len(t.display_hand(view))
                n_all = len(t.playable(view))
                t.cursor = 0
                await pilot.press("end")
                assert t.cursor == n_hand - 1
                await pilot.press("home")
                assert t.cursor == 0
                t.cursor = n_hand  # the first card on the table
                await pilot.press("end")
                assert t.cursor == n_all - 1
                await pilot.press("home")
                assert t.cursor == n_hand
                checked = True
                break
            c.apply(human_choice(c))
            t.after_change()
    assert checked


def _declare_with(k: int):
    """The human to meld after a won trick, with at least ``k`` choices."""

    def want(c: Controller) -> bool:
        return c.round.phase is Phase.DECLARE and c.is_human(c.round.to_act) and len(c.legal()) >= k

    return want


async def test_six_meld_choices_get_six_buttons() -> None:
    """A won trick with six choices (melds, the dix, no meld): the table had buttons for
    five and raised IndexError drawing the sixth, which ended the game."""
    from tui_helpers import preplay

    c = preplay("two-hand", SEATS, 202, _declare_with(6))
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        from pinochle_tui.widgets import Choice

        shown = [b for b in t.query_one("#buttons").query_children(Choice) if b.display]
        assert len(shown) == len(c.legal()) >= 6
        sixth, n = t.options()[5][1], len(c.actions)
        await pilot.click("#btn-5")
        await settle(pilot)
        assert c.actions[n] == sixth


def _declare_beside_melds(c: Controller) -> bool:
    """The human to meld after a won trick, four choices or more, both sides with melds on
    the table (the 'on table' row under the hand leaves the centre six rows at 80x24)."""
    melds = c.view(0).table_melds
    return _declare_with(4)(c) and bool(melds and melds[0] and melds[1])


@pytest.mark.parametrize(
    ("seed", "want"),
    [(19, _declare_with(5)), (202, _declare_with(6)), (1, _declare_beside_melds)],
    ids=["five-choices", "six-choices", "beside-melds-on-the-table"],
)
async def test_the_meld_choices_fit_the_centre_at_80x24(seed: int, want: Any) -> None:
    """After a won trick with many meld choices the centre at 80x24 overflowed: "Your
    melds on the table:" went below a scrollbar.  It fits now, the melds on the table and
    the stock with its turn-up in sight (the line gave way to four choices and more, the
    turn-up then named only in the dix's choice): the lines the table says elsewhere (the
    heading, the trick's) go first, then the choices are packed several to a row."""
    from tui_helpers import preplay

    c = preplay("two-hand", SEATS, seed, want)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        centre = t.query_one("#center")
        text = center_text(t)
        assert centre.max_scroll_y == 0 and centre.virtual_size.height <= centre.size.height, text
        assert "North's melds on the table:" in text and "Your melds on the table:" in text
        turn_up = c.view(0).turn_up
        stock = [line for line in text.split("\n") if line.startswith("Stock: ")]
        assert turn_up is not None and len(stock) == 1 and f"turn-up {Style.card(turn_up)}" in stock[0], text
        for i, (label, _a, _ok) in enumerate(t.options()):
            assert re.search(rf"{i + 1} +{re.escape(label)}", text), (label, text)


def test_the_choices_give_way_in_order_where_rows_are_short() -> None:
    """`fit_choice`: the heading first, then the trick's line, then the choices one a line
    (packed several to a row instead, the trick again where it fits), then the note on
    the 'on table' row; the stock's line stays.  Under the choices the table keeps the
    order of the rest of the hand: North's melds, the stock, the trick, your melds
    (``after`` 1).  Where even the packed choices, the stock and the melds do not fit,
    the table goes above the choices."""
    from rich.text import Text

    from pinochle_tui.panels.stock import fit_choice

    head, trick, stock = Text("You won the trick."), Text("Trick 9/24"), Text("Stock: 7 face down")
    choices, packed = Text("1 a\n2 b\n3 c"), Text("1 a  2 b\n3 c")
    melds = [Text("North's melds on the table: none"), Text("Your melds on the table: none")]

    def fit(rows: int) -> list[str]:
        return [x.plain for x in fit_choice(head, choices, packed, trick, stock, melds, rows, 53, after=1)]

    north, mine = (m.plain for m in melds)
    full = ["You won the trick.", "1 a\n2 b\n3 c", north, "Stock: 7 face down", "Trick 9/24", mine]
    assert fit(0) == fit(8) == full
    assert fit(7) == full[1:]
    assert fit(6) == [full[1], north, full[3], mine]
    assert fit(5) == ["1 a  2 b\n3 c", north, full[3], mine]
    assert fit(4) == [north, full[3], mine, "1 a  2 b\n3 c"]
    assert fit_choice(head, choices, packed, trick, stock, melds, 2, 20, after=1)[0].plain.startswith("North's")
    # with three (``after`` 0) every meld above the stock, as the rest of the hand has them
    assert [x.plain for x in fit_choice(head, choices, packed, trick, stock, melds, 0, 53)] == [
        *full[:2],
        north,
        mine,
        *full[3:5],
    ]
    noted = [melds[0], Text("Your melds on the table: K♠ Q♠ (the 'on table' row)")]
    bare = [melds[0], Text("Your melds on the table: K♠ Q♠")]
    assert [x.plain for x in fit_choice(head, choices, packed, trick, stock, noted, 5, 40, bare, 1)] == [
        "1 a  2 b\n3 c",
        north,
        "Stock: 7 face down",
        "Your melds on the table: K♠ Q♠",
    ]
    assert fit_choice(head, choices, packed, trick, stock, noted, 6, 40, bare, 1)[-1] is noted[1]


def test_packed_choices_never_split_one_across_rows() -> None:
    """`choice_rows`: the choices several to a row within the width, each whole on its
    row, the current one marked as in the list."""
    from pinochle_tui.panels.base import choice_rows

    opts = (
        ("marriage K♥ Q♥ (20)", DeclareMeld("marriage", parse_cards("KH QH")), True),
        ("marriage K♦ Q♦ (20)", DeclareMeld("marriage", parse_cards("KD QD")), True),
        ("kings around K♠ K♥ K♦ K♣ (80)", DeclareMeld("kings around", parse_cards("KS KH KD KC")), True),
        ("no meld", NoMeld(), True),
    )
    ctx = SimpleNamespace(options=opts, opt_index=1)
    rows = choice_rows(ctx, 53).plain.split("\n")  # type: ignore[arg-type]
    assert rows == [
        "  1 marriage K♥ Q♥ (20) ▶ 2 marriage K♦ Q♦ (20)",
        "  3 kings around K♠ K♥ K♦ K♣ (80)   4 no meld",
    ]
    assert all(len(row) <= 53 for row in rows)
    assert choice_rows(ctx, 30).plain.split("\n")[0] == "  1 marriage K♥ Q♥ (20)"  # type: ignore[arg-type]


def test_no_meld_is_one_name_after_a_meld_too() -> None:
    """After a meld since the trick the list ended "no more meld", where the log ("chose no
    meld"), the hint's figures and its note ("no meld now keeps the meld ...") named the
    same option "no meld": one name everywhere, the list's and its button's too."""
    from pinochle_tui.panels.base import short_label
    from pinochle_tui.render import choice_name
    from pinochle_tui.table.build import seat_facts

    seen = 0
    for seed in range(8):
        c = Controller(VARIANTS["two-hand"], default_seats(2, ["standard", "standard"]), seed=seed)
        while c.round.phase is not Phase.DONE and seen < 3:
            seat = c.round.to_act
            again = c.round.phase is Phase.DECLARE and isinstance(c.actions[-1], (DeclareMeld, DeclareDix))
            if again and NoMeld() in c.legal():  # a second choice after a meld since the trick
                f = seat_facts(c, seat)
                label, action, _ok = f.options[-1]
                assert (label, action) == ("no meld", NoMeld())
                assert short_label(label, action, len(f.options) - 1) == f"{len(f.options)} No meld"
                assert choice_name(f.view, action) == "no meld"
                c.apply(NoMeld())
                assert action_line(c, len(c.actions) - 1).startswith(f"{c.seats[seat].name} chose no meld")
                seen += 1
                continue
            c.apply(c.choose(c.round, seat, c.bot_for(seat))[0])
    assert seen == 3


def _declare_with_melds_down(c: Controller) -> bool:
    """The human to meld after a won trick with five cards of its own melds on the table."""
    melds = c.view(0).table_melds
    return c.round.phase is Phase.DECLARE and c.to_act == 0 and bool(melds) and len(melds[0]) >= 5


async def test_the_heading_and_the_won_trick_stay_beside_melds_on_the_table_at_80x24() -> None:
    """At 80x24, melds on the table: the 'on table' row under the hand kept a blank marks
    line (no mark is ever drawn over a card on the table), and "Your melds on the table:
    ... (the 'on table' row)" wrapped to two rows, so the centre gave up the heading and
    the won trick's line.  The row is the centre's now and the line fits one row (shorter
    words), so both stay; the 'on table' row is still played from by a click."""
    from tui_helpers import played_by_a

    from pinochle_tui.widgets import CELL, HandView

    c = played_by_a("two-hand", "human,standard", 3, _declare_with_melds_down)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        rows, width = t.panels["stock"].room()
        lines = center_text(t).split("\n")
        assert lines[0].startswith("You won the trick. Meld now")
        assert any(line.startswith("Trick ") and "won it" in line for line in lines), lines
        assert all(len(line) <= width for line in lines) and len(lines) <= rows, (rows, width, lines)
        assert [line for line in lines if line.startswith("Your melds")] == [
            "Your melds: A♥ A♠ J♦ A♣ J♣ (the 'on table' row)"
        ]
        hand = t.query_one("#hand", HandView)
        assert hand.size.height == 3 + 2  # a row of cards (marks, cards, cursor), the 'on table' row (cards, cursor)
    c = played_by_a("two-hand", "human,standard", 3, _declare_with_melds_down)
    c.apply(NoMeld())  # the human leads, from the hand or the table
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.phase_now() is Phase.TRICKS
        hand = t.query_one("#hand", HandView)
        n = len(c.actions)
        await pilot.click("#hand", offset=(1 + 2 * CELL, 3))  # the 'on table' row's first card (after its label)
        await settle(pilot)
        assert isinstance(c.actions[n], Play) and c.actions[n].from_table


async def test_the_centre_keeps_one_order_at_the_meld_choice() -> None:
    """The centre's lines changed order at the meld choice after a won trick: the trick
    above the stock, every meld under both, where the rest of the hand has North's melds,
    the stock, the trick, then your melds.  The choice keeps that order under its list."""
    from tui_helpers import played_by_a

    def order(lines: list[str]) -> list[str]:
        heads = ("North's melds", "Stock: ", "Trick ", "Your melds")
        return [next(h for h in heads if line.startswith(h)) for line in lines if line.startswith(heads)]

    c = played_by_a("two-hand", "human,standard", 3, _declare_with_melds_down)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        at_choice = order(center_text(table(app)).split("\n"))
    c.apply(NoMeld())  # the human leads next, the table as the rest of the hand has it
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert table(app).phase_now() is Phase.TRICKS
        at_play = order(center_text(table(app)).split("\n"))
    assert at_play == ["North's melds", "Stock: ", "Trick ", "Your melds"]
    assert at_choice == at_play


def _winning_lead_draws_under_the_cursor(c: Controller) -> Any:
    """Phase 1, the human (seat 0) to play the trick's second card with no meld on the
    table: a card of its that wins the trick (no meld open to it then, so its lead comes
    at once after both draw, §2.7) and has another card beside it, where a card drawn
    sorts into the hand at or before the won card's place: by position, the cursor would
    land on another card than the one beside it.  None where there is none."""
    from rules import apply as apply_action

    r = c.round
    view = c.view(0)
    if not (r.phase is Phase.TRICKS and r.to_act == 0 and len(r.trick) == 1 and view.stock_size):
        return None
    if view.table_melds and view.table_melds[0]:
        return None
    row = sorted_hand(view.hand, view.trump.index if view.trump else None)
    for a in c.legal():
        after = apply_action(r, a)
        i = row.index(a.card)
        if not (after.phase is Phase.TRICKS and after.to_act == 0 and i + 1 < len(row) and row[i + 1] != a.card):
            continue
        drawn = observe(after, 0)
        if sorted_hand(drawn.hand, drawn.trump.index if drawn.trump else None)[i] != row[i + 1]:
            return a
    return None


async def test_the_cursor_stays_by_its_card_as_drawn_cards_come_in() -> None:
    """The human's card wins a trick and both draw: the card drawn sorts into the hand
    before the cursor's place, so the cursor, kept by position, landed on another card
    (Enter then led a card the person had not chosen, the drawn one perhaps).  The cursor
    stays by card: on the card beside the one played, where it was after the play."""
    c = preplay("two-hand", "human,standard", 11, lambda c: _winning_lead_draws_under_the_cursor(c) is not None)
    winning = _winning_lead_draws_under_the_cursor(c)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        row = [card for card, _ in t.playable(t.the_view())]
        t.cursor = row.index(winning.card)
        beside = row[t.cursor + 1]
        await pilot.press("enter")
        await settle(pilot)
        assert c.actions[-1] == winning and t.phase_now() is Phase.TRICKS and c.round.to_act == 0
        assert t.playable(t.the_view())[t.cursor] == (beside, False)


def test_a_card_drawn_alike_the_card_just_played_is_marked_drawn() -> None:
    """The trick's winner plays a nine of hearts and draws the other nine of hearts in the
    same step: its hand holds the same faces as before the trick, and the card drawn is
    still the one new to it (`Controller.last_drawn`, the table's mark)."""
    c = preplay("two-hand", "human,standard", 11, lambda c: _winning_lead_draws_under_the_cursor(c) is not None)
    winning = _winning_lead_draws_under_the_cursor(c)
    held = sorted(c.view(0).hand)
    c.apply(winning)
    assert sorted(c.view(0).hand) == held  # (this seed: the card drawn is the card played's twin)
    assert c.last_drawn(0) == Counter([winning.card])


def test_the_drawn_mark_lasts_until_the_next_trick() -> None:
    """The last draw of the stock (§2.7): the cards it brought are marked "just drawn" until
    the next trick is complete, not through the whole second half (no draw follows to
    clear them; this seed: the card drawn stays in the hand through the next tricks)."""

    def after_the_last_draw(c: Controller) -> bool:
        r = c.round
        return r.phase is Phase.TRICKS and not r.trick and observe(r, 0).stock_size == 0

    c = preplay("two-hand", "human,standard", 7, after_the_last_draw)
    drawn = c.last_drawn(0)
    assert sum(drawn.values()) == 1 and drawn <= Counter(c.view(0).hand)
    tricks = len(c.round.tricks)
    c.apply(policy_action(c))
    assert c.round.trick and c.last_drawn(0) == drawn  # the next trick under way: still marked
    while len(c.round.tricks) == tricks:
        c.apply(policy_action(c))
    assert c.last_drawn(0) == Counter()


@pytest.mark.parametrize("pick", ["winner_face_down", "winner_chooses"])
def test_every_phase_one_trick_won_without_a_meld_to_make_says_so(pick: str) -> None:
    """Each trick of phase 1 whose winner had nothing to meld said ", nothing to meld" in
    the log, but the 12th's did not, though its winner may meld too (RULES.md §2.7.5: the
    rules give it a declare step when it has a meld).  Every trick of phase 1 says it,
    exactly when no declare step follows, the 12th included, whether the last pair is
    then taken at once or picked by the winner."""
    from rules import load_variants_text

    house = load_variants_text(f'[pick]\nextends = "two-hand"\nlast_stock_pick = "{pick}"\n', base=VARIANTS)
    twelfth_without = 0
    for seed in range(12):
        c = Controller(house["pick"], default_seats(2, ["standard", "standard"]), seed=seed)
        while c.view(0).stock_open:
            seat = c.round.to_act
            c.apply(c.choose(c.round, seat, c.bot_for(seat))[0])
        dealt = len(deal_news(c, c.states[0]))  # (a turned-up dix's line comes first)
        for k, line in enumerate(c.events[dealt : dealt + len(c.actions)]):
            before, after = c.states[k], c.states[k + 1]
            if len(after.tricks) == len(before.tricks):
                continue
            assert ("nothing to meld" in line) == (after.phase is not Phase.DECLARE), (seed, k, line)
            twelfth_without += len(after.tricks) == 12 and after.phase is not Phase.DECLARE
    assert twelfth_without >= 3


async def test_every_hands_turned_up_dix_is_in_its_log() -> None:
    """A turned-up 9 of trump scores the dealer the dix at once (RULES.md §2.7): the hand's
    log says so first, at whichever hand it is dealt (seed 5's second hand, dealt by the
    person; seed 3's first, by the person too); it was in no hand's log."""
    from pinochle_tui.screens.table import TableLog

    for seed, hand, card in ((5, 2, "9♦"), (3, 1, "9♥")):
        c = preplay("two-hand", "human,standard", seed, lambda c, hand=hand: c.hand_no == hand)
        assert c.round.turn_up == parse_cards(card.replace("♦", "D").replace("♥", "H"))[0]
        suit = {"♦": "♦ (diamonds)", "♥": "♥ (hearts)"}[card[-1]]
        lines = [f"You turned up {card}: trump {suit}", f"You score the dix turned up {card} (+10)"]
        assert c.events[:2] == lines
        app = app_for(c)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            shown = [entry.plain for entry in table(app).query_one("#log", TableLog).entries]
            assert shown[:3] == [f"Hand {hand} · You deal", *lines]


@pytest.mark.parametrize("form", ["two-hand", "three-hand-turn-up"])
def test_every_deals_turn_up_is_in_its_log(form: str) -> None:
    """Only a turned-up 9 of trump was logged at the deal (by the dix it scores): the card
    turned up under the stock, and the trump it names, are the log's first line at every
    deal of the forms that have one, whatever the card; none in a form without."""
    from pinochle_tui.render import SUIT_NAMES

    v = VARIANTS[form]
    for seed in range(4):
        c = Controller(v, default_seats(v.players, ["standard"] * v.players), seed=seed)
        up, dealer = c.round.turn_up, c.seats[c.round.dealer].name
        assert up is not None and c.round.trump is not None and up // 6 == c.round.trump.index
        suit = Style.suit(c.round.trump.index)
        assert c.events[0] == f"{dealer} turned up {Style.card(up)}: trump {suit} ({SUIT_NAMES[c.round.trump.index]})"
        assert sum("turned up" in line for line in c.events) == 1 + (up % 6 == 5)  # (a 9: its dix too)
    plain = Controller(VARIANTS["partnership"], default_seats(4, ["standard"] * 4), seed=1)
    assert not any("turned up" in line for line in plain.events)


def _cards_tie(c: Controller) -> bool:
    """The human to play once the stock is out, with two or more legal cards that the exact
    search scores alike (the hand's trick points, both at their best after it)."""
    from bots.standard import StandardBot

    view = c.view(0)
    if c.round.phase is not Phase.TRICKS or view.stock_open or c.round.to_act != 0:
        return False
    plays = [a for a in c.legal() if isinstance(a, Play)]
    scores = StandardBot().phase_two_scores(view, plays) if len(plays) > 1 else [0]
    return len(plays) > 1 and min(scores) == max(scores)


async def test_a_hint_where_every_card_scores_the_same_says_so() -> None:
    """Once two-hand's stock is out every card is known, and where every legal card ends
    the hand alike the hint says so before the card it names, as the review says of it
    ("every legal card was as good as another"): "play 9♣" alone read as the one best
    card.  A position where the cards differ names the card alone, as before."""
    from pinochle_tui.screens.dialogs import HintScreen

    c = preplay("two-hand", SEATS, 6, _cards_tie)
    assert len([a for a in c.legal() if isinstance(a, Play)]) > 2
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        said = str(app.screen.query_one("#hint-text").content)
        assert re.fullmatch(r"Hint \(standard bot\)\n\nevery legal card scores the same here: play \S+", said), said

    def differ(c: Controller) -> bool:
        return c.round.phase is Phase.TRICKS and not c.view(0).stock_open and c.round.to_act == 0 and not _cards_tie(c)

    c = preplay("two-hand", SEATS, 6, lambda c: len([a for a in c.legal() if isinstance(a, Play)]) > 1 and differ(c))
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        said = str(app.screen.query_one("#hint-text").content)
        assert said.startswith("Hint (standard bot)\n\nplay ") and "same" not in said


async def test_the_meld_prompt_names_the_number_keys_there_are() -> None:
    """After a won trick the centre said "Meld now (1-9, ...)" beside two to four choices,
    and a 7 then did nothing: the heading and the prompt name the keys the choices have."""
    from tui_helpers import played_by_a

    c = played_by_a("two-hand", "human,standard", 3, _declare_with_melds_down)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        n = len(t.options())
        assert 1 < n < 9
        assert center_text(t).split("\n")[0] == f"You won the trick. Meld now (1-{n}, or ←→ and Enter):"
        head, _buttons = t.panels["stock"].prompt(t.context())
        assert head.plain == f"Meld: 1-{n} or ←→ choose, Enter (or Space) takes it."


def test_a_card_drawn_alike_a_card_on_the_table_or_just_melded_is_marked_drawn() -> None:
    """Kings around melded after a won trick, then the draw: the king drawn (seed 3, West)
    lost its ``+`` because a king of diamonds already lay melded on the table, and every
    card on the table was taken as not drawn; a card drawn alike one the meld took from the
    hand in the same step cancelled against it.  Over whole games of bots, every draw from
    the stock marks one card in each hand (two with the dix's exchange of the turn-up)."""
    from rules import load_variants

    v = load_variants()["two-hand"]
    kings = DeclareMeld(name="kings around", cards=tuple(parse_cards("KS KH KD KC")))
    melded = False
    for seed in range(4):
        c = Controller(v, default_seats(2, ["standard", "standard"]), seed=seed)
        while c.round.phase is not Phase.DONE:
            before = c.round
            seat = before.to_act
            action = c.choose(before, seat, c.bot_for(seat))[0]
            c.apply(action)
            if seed == 3 and action == kings and seat == 1:
                assert observe(before, 1).table_melds[1].count(parse_cards("KD")[0]) == 1  # (its marriage's)
                assert c.last_drawn(1) == Counter(parse_cards("KD"))
                melded = True
            for s in (0, 1):
                b, a = observe(before, s), observe(c.round, s)
                if a.stock_size < b.stock_size and a.stock_size > 0:
                    marked = sum(c.last_drawn(s).values())
                    exchanged = isinstance(action, DeclareDix) and action.exchange and s == seat
                    assert marked == (2 if exchanged else 1), (seed, s, action)
    assert melded
