"""Regression tests for play-testers' reports."""

from __future__ import annotations

import time

from tui_helpers import SIZE, VARIANTS, app_for, settle, table

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.dialogs import HandResultScreen
from pinochle_tui.screens.table import TableScreen
from rules import Phase


def _app(variant: str, seats: str, seed: int, trick_delay: float = 0.0, **kw) -> PinochleApp:
    v = VARIANTS[variant]
    ctrl = Controller(v, default_seats(v.players, seats.split(",")), seed=seed)
    return PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=trick_delay, **kw)


def _played_by_a(variant: str, seats: str, seed: int, want) -> Controller:
    """The game of `_app` played, without the UI, as the table plays it when `a` is pressed
    at every human turn: the human's move is the helper's (`a`), each bot's its own, the
    meld pause answered and a finished hand dealt on (`a` past a hand's result), until
    ``want(ctrl)``.  The same moves as the keys make (`Controller.choose` seeds by seed,
    tag and position), in a fraction of the time."""
    c = _app(variant, seats, seed).ctrl
    assert c is not None
    for _ in range(2000):
        if want(c):
            return c
        if c.round.phase is Phase.DONE:
            c.next_hand()
        elif c.needs_meld_ack:
            c.ack_meld(c.human_seats[0])
        else:
            seat = c.round.to_act
            human = c.is_human(seat)
            c.apply(
                c.choose(c.round, seat, c.helper() if human else c.bot_for(seat), tag="helper" if human else "bot")[0]
            )
    raise AssertionError("never reached the wanted state")


def _last_trick(c: Controller) -> bool:
    return c.round.phase is Phase.TRICKS and len(c.round.tricks) == 11


async def test_rapid_a_through_the_end_of_a_hand_reaches_the_result():
    """`a` pressed fast, with a trick pause, never leaves the table stuck at "The hand is over"."""
    app = _app("partnership", "human,random,random,random", 11, trick_delay=0.05)
    async with app.run_test(size=SIZE) as pilot:
        t0 = time.monotonic()
        while time.monotonic() - t0 < 60:
            if isinstance(app.screen, HandResultScreen):
                break
            await pilot.press("enter" if table(app).ctrl.needs_meld_ack else "a")
            await pilot.pause(0.01)
        assert isinstance(app.screen, HandResultScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.ctrl.hand_no == 2


async def test_a_lost_result_screen_comes_back():
    """If the result screen were lost, Enter / a / the watchdog put it back (once)."""
    app = _app("partnership", "human,random,random,random", 11)
    async with app.run_test(size=SIZE) as pilot:
        t = table(app)
        for _ in range(400):
            if isinstance(app.screen, HandResultScreen):
                break
            await pilot.press("enter" if t.ctrl.needs_meld_ack else "a")
            await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        # simulate the race: the result screen vanished while the table thinks it is open
        t._watchdog_timer.pause()
        t._result_screen = None
        await app.pop_screen()
        assert isinstance(app.screen, TableScreen) and t.ctrl.round.phase is Phase.DONE
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, HandResultScreen)
        assert sum(isinstance(s, HandResultScreen) for s in app.screen_stack) == 1
        t._result_screen = None
        await app.pop_screen()
        assert isinstance(app.screen, TableScreen)
        t._watchdog_timer.resume()
        await pilot.pause(1.3)  # the watchdog
        assert isinstance(app.screen, HandResultScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.ctrl.hand_no == 2 and isinstance(app.screen, TableScreen)


def _preplay_any(variant: str, seats: str, want, seeds=range(60)) -> Controller:
    from tui_helpers import preplay

    for seed in seeds:
        try:
            return preplay(variant, seats, seed, want)
        except AssertionError:
            continue
    raise AssertionError("no seed reaches the wanted state")


def _human_bids(c: Controller) -> bool:
    return c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act)


async def test_too_small_terminal_only_q_works():
    from tui_helpers import app_for

    from pinochle_tui.screens.dialogs import QuitScreen

    c = _preplay_any("partnership", "human,random,random,random", _human_bids)
    app = app_for(c)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        t = table(app)
        n = len(c.actions)
        assert t.check_action("pass_bid", ()) is False and t.check_action("bid", ()) is False
        assert t.check_action("quit_game", ()) is True
        await pilot.press("p", "enter", "a", "right")
        await settle(pilot)
        assert len(c.actions) == n
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)


async def test_no_color_draws_every_suit_full_contrast(monkeypatch):
    from pinochle_tui.render import Style, card_text

    monkeypatch.setenv("NO_COLOR", "1")
    app = _app("partnership", "human,random,random,random", 1, ascii=True)
    try:
        assert Style.color is False
        for c in (0, 6, 12, 18):  # one card of each suit
            assert "red" not in str(card_text(c).style) and "dim" not in str(card_text(c).style)
    finally:
        Style.color = True
        Style.ascii = False
    del app


def test_grammar_for_you():
    from pinochle_tui.render import plural, says

    assert plural(1, "trick") == "1 trick" and plural(2, "card") == "2 cards"
    assert says("You", "deals", "deal") == "deal" and says("West", "deals", "deal") == "deals"


async def test_grammar_on_the_table_and_result():
    from pinochle_tui.render import result_headline

    # the hand of seed 11 that `a` plays, to its last trick; `a` plays that in the app
    app = app_for(_played_by_a("partnership", "human,random,random,random", 11, _last_trick))
    async with app.run_test(size=SIZE) as pilot:
        t = table(app)
        for _ in range(600):
            if isinstance(app.screen, HandResultScreen) and app.ctrl.round.tricks:
                break
            await pilot.press("a")
            await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        line = result_headline(app.ctrl)
        assert "You was" not in line
        events = app.ctrl.events
        assert not any("; You " in e for e in events), [e for e in events if "; You " in e]
        v = app.ctrl.variant
        _, cards, winner = app.ctrl.round.tricks[-1]
        pts = sum(v.card_points[c] for c in cards) + v.last_trick_bonus
        name = app.ctrl.seats[winner].name
        name = "you" if name == "You" else name
        assert events[-1].endswith(f"; {name} won the last trick ({pts} with its {v.last_trick_bonus})"), events[-1]
        view = t.the_view()
        for seat in range(4):
            text = t.seat_text(view, seat).plain
            assert " 1 tricks" not in text and "\n1 tricks" not in text and "1 cards" not in text


async def test_pass_hidden_and_explained_when_not_allowed():
    from tui_helpers import app_for

    from rules import PassBid

    def must_bid(c: Controller) -> bool:
        return _human_bids(c) and PassBid() not in c.legal()

    c = _preplay_any("three-hand", "human,random,random", must_bid)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.check_action("pass_bid", ()) is False
        from pinochle_tui.widgets import Choice

        labels = [str(b.content) for b in t.query(Choice) if b.display]
        assert not any(label.startswith("Pass") for label in labels)
        n = len(c.actions)
        await pilot.press("p")
        await pilot.pause()
        assert len(c.actions) == n
        assert "cannot pass" in t.query_one("#prompt").content.plain


async def test_exposed_widow_shown_when_a_bot_wins():
    from tui_helpers import app_for

    def bot_took_widow(c: Controller) -> bool:
        r = c.round
        return (
            r.phase in (Phase.MELD, Phase.TRICKS)
            and r.bidder is not None
            and not c.is_human(r.bidder)
            and not r.tricks
            and not r.trick
        )

    c = _preplay_any("three-hand", "human,random,random", bot_took_widow)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        center = t.center_text(t.the_view(), 0, {})
        assert "Widow (taken by" in getattr(center, "plain", "")


def test_seat_names_rejected():
    import pytest
    from tui_helpers import app_from_flags

    from pinochle_tui.cli import UsageError
    from pinochle_tui.controller import Seat, seat_name_problem

    assert seat_name_problem([Seat("human", "Ann"), Seat("bot", "Ann", "easy")] + [Seat("bot", "X", "easy")] * 0)
    assert seat_name_problem([Seat("human", "north"), Seat("bot", "West", "easy"), Seat("bot", "East", "easy")])
    assert seat_name_problem([Seat("human", "You"), Seat("bot", "West", "easy"), Seat("bot", "East", "easy")]) is None
    with pytest.raises(UsageError):
        app_from_flags(seats="human:East,random,random,random")
    with pytest.raises(UsageError):
        app_from_flags(seats="human:Bo,random:Bo,random,random")


async def test_new_game_names_and_empty_target():
    from textual.widgets import Input

    from pinochle_tui.screens.newgame import NewGameScreen

    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        names = list(ng.query(".ng-name").results(Input))
        names[0].value = "West"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "West" in str(ng.query_one("#ng-error").render())
        names[0].value = "Ann"
        ng.query_one("#ng-target", Input).value = ""
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.ctrl is not None
        assert app.ctrl.game.target == app.ctrl.variant.game_target


async def test_quit_dialog_has_no_markdown():
    from pinochle_tui.screens.dialogs import QuitScreen

    app = _app("partnership", "human,random,random,random", 1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        from textual.widgets import Static

        text = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert "`" not in text and "pinochle --resume" in text


async def test_a_alone_speeds_through_a_hand_and_t_home_end():
    app = _app("partnership", "human,random,random,random", 5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        await pilot.press("t")
        await pilot.pause()
        assert "No trick has been played yet." in t.query_one("#prompt").content.plain
        for _ in range(400):
            if app.ctrl.hand_no == 2:
                break
            if t.my_turn() and t.ctrl.round.phase is Phase.TRICKS:
                await pilot.press("end")
                assert t.cursor == len(t.the_view().hand) - 1
                await pilot.press("home")
                assert t.cursor == 0
            await pilot.press("a")  # only `a`: meld, plays and the result
            await settle(pilot)
        assert app.ctrl.hand_no == 2


def test_the_app_freezes_its_start_up_heap_after_its_first_frame(monkeypatch):
    """`pinochle` freezes what start-up built (Textual, pydantic, the rules tables, the first
    screen's widgets) once the app has drawn its first frame, so a full collection during
    play does not walk it (bench/tui_bench.py: a full collection in the running app took
    about 60-85 ms before, 0 ms after), and none runs before that frame."""
    import asyncio
    import gc

    from tui_helpers import args

    from pinochle_tui import app_main

    at_first_frame: list[int] = []
    after: list[int] = []

    def fake_run(self):  # the app is built and run for real, headless
        display = self._display

        def first_frame(screen, renderable):
            if renderable is not None and not at_first_frame:
                at_first_frame.append(gc.get_freeze_count())
            return display(screen, renderable)

        self._display = first_frame

        async def go():
            async with self.run_test(size=(100, 36)) as pilot:
                await pilot.pause()
                after.append(gc.get_freeze_count())

        asyncio.run(go())
        return 0

    monkeypatch.setattr(PinochleApp, "run", fake_run)
    gc.unfreeze()
    try:
        code = app_main.run_app(args(variant="partnership", seats="human,random,random,random", seed=1))
    finally:
        gc.unfreeze()
    assert code == 0
    assert at_first_frame == [0]  # nothing frozen yet when the first frame is drawn
    assert len(after) == 1 and after[0] > 10_000


async def test_t_lists_every_trick_of_the_hand_with_its_winner_and_counters():
    """`t` shows one line per trick so far: the cards in the order played, the winner's
    card highlighted, the counters taken (a play-tester missed the earlier tricks)."""
    from textual.widgets import Static

    from pinochle_tui.render import Style
    from pinochle_tui.screens.dialogs import TricksScreen, tricks_text

    def fourth_trick_mine(c: Controller) -> bool:
        r = c.round
        return r.phase is Phase.TRICKS and len(r.tricks) >= 4 and c.is_human(r.to_act) and not c.needs_meld_ack

    # the hand of seed 5 that `a` plays, at the human's first turn after four tricks
    app = app_for(_played_by_a("partnership", "human,random,random,random", 5, fourth_trick_mine))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        for _ in range(200):
            r = t.ctrl.round
            if r.phase is Phase.TRICKS and len(r.tricks) >= 4 and t.my_turn():
                break
            await pilot.press("a")
            await settle(pilot)
        tricks = t.ctrl.round.tricks
        assert len(tricks) >= 4
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TricksScreen)
        shown = str(app.screen.query_one(Static).render())
        text = tricks_text(t.ctrl)
        lines = [ln for ln in text.plain.splitlines() if ln[:2].strip().isdigit()]
        assert len(lines) == len(tricks)
        assert all(ln.rstrip() in shown for ln in lines)  # what the screen shows
        v = t.ctrl.variant
        for line, (leader, cards, winner) in zip(lines, tricks):
            words = line.split()
            assert words[1] == t.ctrl.seats[leader].name[:6]  # the leader first
            assert words[-2:] == [t.ctrl.seats[winner].name[:6], str(sum(v.card_points[c] for c in cards))]
        # the winner's card is the one highlighted, once per line
        won = [text.plain[sp.start : sp.end].strip() for sp in text.spans if "reverse" in str(sp.style)]
        assert won == [str(Style.card(cards[(winner - leader) % v.players])) for leader, cards, winner in tricks]
        await pilot.press("t")
        await pilot.pause()
        assert not isinstance(app.screen, TricksScreen)


async def test_t_on_the_result_screen_lists_the_whole_hand():
    """After the last trick (no trick delay) `t` on the result screen shows all 12 tricks,
    the last with its bonus; Esc goes back to the result."""
    from textual.widgets import Static

    from pinochle_tui.screens.dialogs import TricksScreen

    # the hand of seed 5 that `a` plays (past the result of a hand thrown in), to its last
    # trick; `a` plays that in the app
    app = app_for(_played_by_a("partnership", "human,random,random,random", 5, _last_trick))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(600):
            if isinstance(app.screen, HandResultScreen) and app.ctrl.round.tricks:
                break
            await pilot.press("a")
            await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        v = app.ctrl.variant
        _, cards, _ = app.ctrl.round.tricks[-1]
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TricksScreen)
        shown = str(app.screen.query_one(Static).render())
        assert "(12 of 12)" in shown
        last = [ln for ln in shown.splitlines() if ln.startswith("12  ")]
        assert last and last[0].split()[-1] == str(sum(v.card_points[c] for c in cards) + v.last_trick_bonus)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandResultScreen)


async def test_choices_do_not_wrap():
    """On a choice row (naming trump) → past the last choice stays there and ← past the
    first stays there: a second press never lands back on the other end (a play-tester
    played a hand he meant to throw in)."""
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


async def test_meld_entries_never_split_across_lines():
    """On a narrow table each meld entry ("marriage K♦ Q♦ 20") stays on one line; a seat
    with more melds than fit goes on, indented, on the next line (a play-tester saw
    "marriage K♦ Q♦" with its 20 on the line below)."""
    from tui_helpers import app_for

    from pinochle_tui.render import Style

    def long_meld(c: Controller) -> bool:
        r = c.round
        if r.table.melds is None or r.tricks or r.phase is not Phase.MELD:
            return False
        return any(sum(len(m.name) + 4 * len(m.cards) + 5 for m in ms.melds) > 60 for ms in r.table.melds)

    c = _preplay_any("partnership", "human,random,random,random", long_meld, seeds=range(300))
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        view = t.the_view()
        assert t.meld_mode(view)
        text = t.meld_text(view).plain
        lines = text.splitlines()
        assert any(ln.startswith("  ") for ln in lines)  # some seat's melds went on a second line
        width = t.query_one("#board").content_size.width - 3
        assert all(len(ln) <= width for ln in lines)
        for ms in view.melds:
            for m in ms.melds:
                entry = f"{m.name} " + " ".join(Style.card(x) for x in m.cards) + f" {c.variant.fmt(m.points)}"
                assert any(entry in ln for ln in lines), (entry, lines)


async def test_a_on_the_result_of_a_hand_thrown_in_deals_the_next():
    """`a` goes on past the result of a hand thrown in, as it does at a hand played out:
    seed 5's first hand is thrown in by the bidder (East) before a trick, and `a` deals
    the second (the tests above start at their hand's last trick)."""
    c = _played_by_a("partnership", "human,random,random,random", 5, lambda c: c.round.phase is Phase.DONE)
    assert c.hand_no == 1 and c.round.tricks == () and c.round.bidder == 3
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        await pilot.press("a")
        await settle(pilot)
        assert app.ctrl.hand_no == 2 and isinstance(app.screen, TableScreen)
