"""No key of the table is silent (``m`` during the auction
did nothing): in every phase each table key either does something visible (moves the
cursor or the bid, opens a view, makes the move) or says in the message line why it cannot
act now and what the table asks instead; ``m`` in the auction shows the meld under each
trump."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from test_keys_as_bound import app_with, at
from tui_helpers import (
    SIZE,
    VARIANTS,
    human_bids,
    preplay_any,
    settle,
    table,
)

import bots
from bots.standard import StandardBot
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.screens.dialogs import (
    ConfirmScreen,
    HelpScreen,
    HintScreen,
    MeldScreen,
    QuitScreen,
    TricksScreen,
)
from pinochle_tui.screens.table import TableScreen
from pinochle_tui.widgets import footer_items
from rules import Phase, score_meld

# every key of the table's footer and help; those that move the game on last
KEYS = ("left", "right", "home", "end", "up", "down", "space", "1", "u", "t", "m", "i", "question_mark", "q")
MOVES = ("p", "a", "enter")
CLOSE = {HintScreen: "escape", HelpScreen: "escape", MeldScreen: "escape", TricksScreen: "escape"}
CLOSE |= {QuitScreen: "n", ConfirmScreen: "n"}


def _state(t: TableScreen) -> Any:
    c = t.ctrl
    return (len(c.actions), t.cursor, t.bid_index, t.opt_index, frozenset(t.picked), c.round.phase)


async def _silent_keys(pilot: Any, keys: tuple[str, ...]) -> list[tuple[str, str]]:
    """The keys (with the phase they were pressed in) that changed nothing and said nothing."""
    app = pilot.app
    t = table(app)
    silent = []
    for k in keys:
        if app.screen is not t:
            break  # the hand is over: its result is up
        t.message = ""
        before, phase = _state(t), t.ctrl.round.phase
        await pilot.press(k)
        await settle(pilot)
        if app.screen is not t and type(app.screen) in CLOSE:  # a view or a question opened
            await pilot.press(CLOSE[type(app.screen)])
            await settle(pilot)
            continue
        if _state(t) == before and not str(t.message):
            silent.append((phase.name, k))
    return silent


@pytest.mark.parametrize(
    ("phase", "tricks"), [(Phase.AUCTION, 0), (Phase.TRUMP, 0), (Phase.PASS, 0), (Phase.MELD, 0), (Phase.TRICKS, 1)]
)
async def test_every_table_key_acts_or_says_why(phase, tricks):
    app = app_with(at(phase, tricks), {})
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        assert await _silent_keys(pilot, KEYS + MOVES) == []


async def test_keys_on_a_bots_turn_say_whose_turn_it_is():
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["human", "standard", "standard", "standard"]), seed=1)
    assert not c.is_human(c.round.to_act)  # West bids first
    app = app_with(c, {})
    app.bot_delay = 30  # West thinks through the test
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        t = table(app)
        assert await _silent_keys(pilot, ("left", "space", "p", "enter", "1", "a", "i")) == []
        await pilot.press("p")
        await pilot.pause()
        assert str(t.message) == "Not your turn: West is to move; p does nothing until your turn."


class Held(StandardBot):
    """The standard bot, which thinks until the test lets it go."""

    go = threading.Event()

    def act(self, view: Any, legal: Any, rng: Any) -> Any:
        Held.go.wait(60)
        return super().act(view, legal, rng)


async def test_undo_is_in_the_footer_only_with_a_move_to_take_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the person's first decision of the hand, while the bots bid, the footer has
    no ``u undo`` (greyed, it read as a key that works), and u says there is nothing to
    undo, not that it waits for the person's turn; once the person has bid, u is there
    and takes the bid back, on the bots' turn too."""
    real = bots.make_bot
    monkeypatch.setattr(bots, "make_bot", lambda level, *a: Held() if level == "held" else real(level, *a))
    monkeypatch.setattr(bots, "LEVELS", (*bots.LEVELS, "held"))
    Held.go.clear()
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["human", "held", "standard", "standard"]), seed=1)
    assert not c.is_human(c.round.to_act)
    app = app_with(c, {})
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        t = table(app)

        def footer_keys() -> list[str]:
            return [item.description for item in footer_items(t)]

        assert "undo" not in footer_keys()
        assert "tricks" in footer_keys()  # (the keys that work on a bot's turn stay)
        await pilot.press("u")
        await pilot.pause()
        assert str(t.message) == "Nothing to undo yet in this hand."
        await pilot.press("t")
        await pilot.pause()
        assert str(t.message) == "No trick has been completed yet."
        Held.go.set()  # West bids
        await settle(pilot)
        assert t.my_turn() and "undo" not in footer_keys()
        await pilot.press("p")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await settle(pilot)
        assert c.actions[3:] and "undo" in footer_keys()


async def test_what_a_key_says_when_the_phase_does_not_take_it():
    app = app_with(at(Phase.TRICKS, 1), {})
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        for k, said in (
            ("p", "p passes in the auction only; now Enter plays the card."),
            ("1", "1 takes a numbered choice (trump, a meld) only; now Enter plays the card."),
            ("up", "↑ raises the bid in the auction only; now Enter plays the card."),
            # a key no phase here takes: "does nothing now; now ..." said "now" twice
            ("x", "x does nothing here; now Enter plays the card."),
        ):
            await pilot.press(k)
            await settle(pilot)
            assert str(t.message) == said
    app = app_with(at(Phase.AUCTION), {})
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        await pilot.press("home")
        await settle(pilot)
        assert str(t.message) == "Home moves to the first or last card only; now Enter bids, p passes."


async def test_m_in_the_auction_shows_the_meld_under_each_trump():
    """The bidding help's meld by trump, meld by meld, in the meld view's overlay."""
    c = at(Phase.AUCTION)
    app = app_with(c, {})
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        footer = {item.action: item.disabled for item in footer_items(t)}
        assert footer.get("melds") is False  # shown and enabled
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, MeldScreen)
        lines = str(app.screen.query_one("#meld-view").content).splitlines()
        v, hand = c.variant, c.view(0).hand
        assert lines[0] == "Your meld under each trump  (everyone's meld is laid down once trump is named)"
        for s, suit in enumerate("♠♥♦♣"):
            m = score_meld(hand, s, v)
            melds = " · ".join(f"{x.name} " + " ".join(map(str, x.cards)) for x in m.melds)
            assert lines[1 + s].startswith(f"{suit} {v.fmt(m.total)}:" + (" no meld" if not m.melds else ""))
            assert melds or lines[1 + s].endswith("no meld")
        await pilot.press("m")
        await pilot.pause()
        assert app.screen is t


async def test_pass_hidden_and_explained_when_not_allowed():
    from tui_helpers import app_for

    from rules import PassBid

    def must_bid(c: Controller) -> bool:
        return human_bids(c) and PassBid() not in c.legal()

    c = preplay_any("three-hand", "human,random,random", must_bid)
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


async def test_space_in_the_auction_says_what_to_press_in_one_row():
    """Space plays a card, picks cards, takes a choice and goes on past the meld: in the
    auction it does none of them, and its line says so and what to press, in one row (a
    second row pushed the bid's own line out of the panel; the help lists its uses)."""
    app = app_with(at(Phase.AUCTION), {})
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        await pilot.press("space")
        await settle(pilot)
        assert str(t.message) == "Space does nothing here; now Enter bids, p passes."


async def test_a_key_the_table_does_not_take_says_so():
    """Every key read changes the message line: a key no binding of the table has (``c``)
    replaced nothing, and the last line (here the undo's) stood as if the key went unread."""
    app = app_with(at(Phase.AUCTION), {})
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        await pilot.press("u")
        await settle(pilot)
        assert str(t.message) == "Nothing to undo yet in this hand."
        await pilot.press("c")
        await settle(pilot)
        assert str(t.message) == "c does nothing here; now Enter bids, p passes."
        await pilot.press("z")
        await settle(pilot)
        assert str(t.message) == "z does nothing here; now Enter bids, p passes."
        await pilot.press("f1")  # the app's own keys still do what they do
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


async def test_a_key_the_table_does_not_take_on_a_bots_turn():
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["human", "standard", "standard", "standard"]), seed=1)
    app = app_with(c, {})
    app.bot_delay = 30  # West thinks through the test
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        t = table(app)
        await pilot.press("c")
        await pilot.pause()
        assert str(t.message) == "c does nothing here; West is to move."


async def test_a_number_past_the_choices_says_so_as_0_does():
    """At trump's 1-4, 5 and 9 say they do nothing, in 0's words (they were silent:
    their binding is live in every choice phase, whatever the number)."""
    c = at(Phase.TRUMP)
    app = app_with(c, {})
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        n = len(c.actions)
        for k in ("0", "5", "9"):
            t.message = ""
            await pilot.press(k)
            await settle(pilot)
            assert str(t.message) == f"{k} does nothing here; now name trump: 1-4."
        assert len(c.actions) == n and c.round.phase is Phase.TRUMP


async def test_a_number_past_play_on_or_throw_in_says_so():
    from test_throw_in_reach import _at_throw_in
    from tui_helpers import app_for

    c, _most = _at_throw_in(False)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        n = len(c.actions)
        await pilot.press("3")
        await settle(pilot)
        assert str(t.message) == "3 does nothing here; now choose: Enter takes the choice."
        assert len(c.actions) == n and c.round.phase is Phase.MELD
