"""The table's keys as the player bound them (with the hint
remapped to f6 the prompt, the help and the hint's close line still said ``i``, and ``i``
still closed the hint).  Every text that names a key names the player's binding
(`keymap.key`); an overlay closes with its own key as remapped, and Esc; the old key then
does nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.text import Text
from tui_helpers import EVERY_REMAPPED, VARIANTS, settle, table

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.keymap import Bound, full_keymap
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.dialogs import CloseLine, HelpScreen, HintScreen, MeldScreen, TricksScreen
from pinochle_tui.settings import Settings
from pinochle_tui.widgets import footer_items
from rules import Bid, Phase

SEATS = "human,standard,standard,standard"
THREE = {"hint": "f6", "melds": "f7", "tricks": "f8"}
EVERY = EVERY_REMAPPED


@pytest.fixture(autouse=True)
def _keys_back() -> Any:
    yield
    Bound.remaps = {}


def _eager(c: Controller) -> Any:
    """The human bids the lowest bid it may (so it wins the auction), else the first choice."""
    seat = c.round.to_act
    legal = c.legal()
    if c.is_human(seat):
        bids = [a for a in legal if isinstance(a, Bid)]
        return bids[0] if c.round.phase is Phase.AUCTION and bids else legal[0]
    return c.choose(c.round, seat, c.bot_for(seat))[0]


def at(phase: Phase, tricks: int = 0, seed: int = 1) -> Controller:
    """Partnership, seed 1: the human to act in ``phase`` (with ``tricks`` tricks done)."""
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, SEATS.split(",")), seed=seed)
    while True:
        r = c.round
        if r.phase is phase and c.is_human(r.to_act) and len(r.tricks) >= tricks and not c.needs_meld_ack:
            return c
        assert r.phase is not Phase.DONE, "never reached the state"
        c.apply(_eager(c))


def app_with(c: Controller, keys: dict[str, str]) -> PinochleApp:
    settings = Settings(keys=dict(keys))
    return PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), settings=settings, bot_delay=0, trick_delay=0)


def prompt(app: PinochleApp) -> str:
    return str(table(app).query_one("#prompt").content)


def close_line(screen: Any) -> Text:
    content = screen.query_one("#overlay-close", CloseLine).content
    assert isinstance(content, Text)
    return content


def at_done(seed: int = 1) -> Controller:
    """Partnership, seed 1, the first hand played out (its result to be shown)."""
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, SEATS.split(",")), seed=seed)
    while c.round.phase is not Phase.DONE:
        c.apply(_eager(c))
    return c


async def _open(pilot: Any, key: str, kind: type) -> Any:
    await pilot.press(key)
    await settle(pilot)
    assert isinstance(pilot.app.screen, kind), (key, pilot.app.screen)
    return pilot.app.screen


async def _swallowed_then_closed(pilot: Any, screen: Any, old: str, own: str) -> None:
    """``old`` (the default key) leaves the overlay up and says how to close it; ``own`` closes it."""
    t = table(pilot.app)
    await pilot.press(old)
    await pilot.pause()
    assert pilot.app.screen is screen and str(close_line(screen).style) == "bold reverse"
    await pilot.press(own)
    await pilot.pause()
    assert pilot.app.screen is t


async def test_the_hint_the_help_and_the_overlays_follow_three_remaps():
    """hint on f6, meld on f7, tricks on f8: the prompt, the footer, the palette, the help
    and each overlay's close line name them; each overlay closes with its own new key (and
    Esc), not the old one; the old keys open nothing at the table."""
    from pinochle_tui.commands import commands_for

    c = at(Phase.TRICKS, 1)
    app = app_with(c, THREE)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        n = len(c.actions)
        shown = {(i.key_display, i.description) for i in footer_items(t)}
        assert {("f6", "hint"), ("f7", "meld"), ("f8", "tricks")} <= shown
        assert not {k for k, _ in shown} & {"i", "m", "t"}
        helps = {cmd.name: cmd.help for cmd in commands_for(app, t)}
        assert (helps["Hint"], helps["Tricks"], helps["Meld"]) == (
            "what the standard bot would do, or the expert at an expert's table (the cursor moves onto it) (f6)",
            "the tricks of this hand, one line each (f8)",
            "everyone's meld (before trump: yours under each trump) (f7)",
        )
        for old in ("i", "m", "t"):  # nothing is bound to them now
            await pilot.press(old)
            await settle(pilot)
            assert app.screen is t and len(c.actions) == n

        hint = await _open(pilot, "f6", HintScreen)
        assert close_line(hint).plain == "f6, Esc or Enter closes the hint; then Enter does it; a plays it for you."
        await _swallowed_then_closed(pilot, hint, "i", "f6")
        assert str(t.message).startswith("Hint (standard bot): play ")

        tricks = await _open(pilot, "f8", TricksScreen)
        assert close_line(tricks).plain == "Esc, f8, Enter or q closes the tricks; ↑ ↓ scroll."
        await _swallowed_then_closed(pilot, tricks, "t", "f8")

        melds = await _open(pilot, "f7", MeldScreen)
        assert close_line(melds).plain == "f7, Esc or Enter closes the meld view."
        await _swallowed_then_closed(pilot, melds, "m", "f7")

        help_ = await _open(pilot, "question_mark", HelpScreen)
        keys = str(help_.query_one("#help-keys").content).splitlines()
        assert (
            "  f6                hint: what a bot would do in your place, and why (the expert if one plays at this"
            " table, else the standard bot)" in keys
        )
        assert "  f8                show the tricks of this hand, the last at the bottom" in keys
        assert "  f7                show everyone's meld again (before trump: your meld under each trump)" in keys
        assert not [line for line in keys if line[:4] in ("  i ", "  m ", "  t ")]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is t and len(c.actions) == n  # nothing was played meanwhile


async def test_remapping_one_enter_action_leaves_enter_to_the_others():
    """Textual's keymap drops a key from every binding on it when one of them is remapped:
    play on x took Enter from bid, confirm, choose and continue.  Enter still bids."""
    c = at(Phase.AUCTION)
    app = app_with(c, {"play": "x"})
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        before = len(c.actions)
        assert prompt(app).endswith("Enter bids · p passes · i hints")
        await pilot.press("enter")
        await settle(pilot)
        assert len(c.actions) > before and isinstance(c.actions[before], Bid)


# a default key named as a key in a text: the words, and the letters standing alone
DEFAULT_NAMES = re.compile(r"\bEnter\b|\bSpace\b|↑|↓|(?<![\w'’])[piutmq](?![\w'’])|(?<!\w)\?(?!\w)")


def _named_defaults(text: str) -> list[str]:
    # what every overlay keeps: Esc and Enter close it, the arrows scroll it; and the app's
    # own quit keys, which no remap moves (ctrl+q's q is not the table's q)
    for fixed in ("Esc or Enter closes", ", Enter or ", "↑ ↓ scroll", "ctrl+c / ctrl+q"):
        text = text.replace(fixed, "")
    return DEFAULT_NAMES.findall(text)


@pytest.mark.parametrize(
    ("phase", "tricks", "does", "key"),
    [
        (Phase.AUCTION, 0, "Your bid:  ◀ {low} ▶   w/s raise/lower · b bids · f9 passes · f6 hints", "b"),
        (Phase.TRUMP, 0, "You won at {contract}. Name trump (1-4, or ←→ and o):", "o"),
        (Phase.PASS, 0, "Pick 4 cards for North (0 picked): ←→ move, z picks, c passes.", "c"),
        (Phase.TRICKS, 1, "Your lead. ←→ choose a card, x plays.", "x"),
    ],
)
async def test_with_every_key_remapped_no_text_names_a_default_key(phase, tricks, does, key):
    """Every remappable key moved: the prompt, the hint, its close line and the help name
    only the new keys, and the new key acts (the old Enter or Space does nothing)."""
    c = at(phase, tricks)
    app = app_with(c, EVERY)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        prompt_text = prompt(app)
        v, view = c.variant, c.view(0)
        low = v.fmt(t.bid_amounts()[0]) if phase is Phase.AUCTION else ""
        assert prompt_text == does.format(low=low, contract=v.fmt(view.contract or 0))
        texts = [prompt_text]
        # (at the auction here the hint is a pass, its reason in the box as any other's)
        hint = await _open(pilot, "f6", HintScreen)
        texts += [close_line(hint).plain, str(hint.query_one("#hint-text").content)]
        await pilot.press("escape")
        await pilot.pause()
        texts.append(str(t.message))
        help_ = await _open(pilot, "f1", HelpScreen)
        texts += [str(help_.query_one("#help-keys").content), close_line(help_).plain]
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is t
        assert [(x, _named_defaults(x)) for x in texts if _named_defaults(x)] == []
        before, picked = len(c.actions), len(t.picked)
        for old in ("enter", "space"):
            await pilot.press(old)
            await settle(pilot)
        assert (len(c.actions), len(t.picked)) == (before, picked)
        await pilot.press(key)
        await settle(pilot)
        assert len(c.actions) > before  # (the hint picked the cards to pass: c passes them)


async def test_the_result_and_the_hand_off_name_the_continue_key_as_bound():
    from pinochle_tui.screens.dialogs import HandOffScreen, HandResultScreen

    app = app_with(at_done(), EVERY)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        assert str(app.screen.query_one("#result-more").content) == "Press g for the next hand."
        app.push_screen(HandOffScreen("Ann"))
        await pilot.pause()
        text = str(app.screen.query_one("#handoff-text").content)
        assert text.endswith("Ann: press g when the others cannot see the screen.")


def test_the_keymap_moves_what_goes_with_an_action():
    km = full_keymap({"hint": "f6", "pass_bid": "f9", "pick": "z"})
    assert (km["hint"], km["hint_close"]) == ("f6", "f6,q,enter")
    assert (km["pass_bid"], km["pass_refused"]) == ("f9", "f9")
    assert (km["play_space"], km["continue_space"], km["result_next"]) == ("z", "z", "enter,z")
    assert km["bid_refused"] == "enter"  # (it shares Enter with the bindings the close keys name)
    assert full_keymap({}) == {}  # no remap: Textual's bindings as declared
