"""Helpers for the app tests: apps built without a terminal, and a `settle` that runs
bot workers until a person must act."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import bots
from pinochle_tui.app import PinochleApp
from pinochle_tui.app_main import build_app
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.table import TableScreen
from rules import Phase, Variant, load_variants, new_round, parse_cards

SIZE = (100, 36)
VARIANTS = load_variants()


def make_app(
    variant: str = "partnership",
    seats: str = "human,random,random,random",
    seed: Any = 1,
    target: int | None = None,
    **kw: Any,
) -> PinochleApp:
    v = VARIANTS[variant]
    ctrl = Controller(v, default_seats(v.people, seats.split(",")), seed=seed, target=target)
    return PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=0, **kw)


def args(**kw: Any) -> argparse.Namespace:
    """The namespace the command line's parser gives for these flags (``--target`` as its
    text: the game reads it once the variant is known)."""
    if kw.get("target") is not None:
        kw["target"] = str(kw["target"])
    base = dict(
        variants=None,
        variant=None,
        seats=None,
        seed=None,
        target=None,
        bot_delay=0.0,
        trick_delay=0.0,
        ascii=False,
        resume=False,
    )
    base.update(kw)
    return argparse.Namespace(**base)


def app_from_flags(**kw: Any) -> PinochleApp:
    return build_app(args(**kw))  # type: ignore[no-any-return]


async def settle(pilot: Any, rounds: int = 400) -> None:
    """Let bots move until a person must act (or nothing is left to run)."""
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        busy = [w for w in app.workers if not w.is_finished]
        if busy:
            await app.workers.wait_for_complete()
            continue
        await pilot.pause()
        if not [w for w in app.workers if not w.is_finished]:
            return


async def until(pilot: Any, ok: Any, seconds: float = 20.0) -> None:
    """Let the app run until ``ok()`` holds: a form's rebuild or a started game comes some
    messages after the key or the value that asked for it, more of them on a loaded machine
    than one `pilot.pause` lets through (a joined seat's table: the host's news, and the
    server in the same event loop).  The test's own tests/remote import it too."""
    end = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < end, f"never came: stack {pilot.app.screen_stack!r}"
        await pilot.pause(0.01)


async def hint_box(ctrl: Controller, size: tuple[int, int] = SIZE) -> str:
    """The hint box's text after ``i`` at the table of ``ctrl`` (the human to act)."""
    from textual.widgets import Static

    from pinochle_tui.screens.dialogs import HintScreen

    app = app_for(ctrl)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        return str(app.screen.query_one("#hint-text", Static).content)


def shown(app: Any, kind: type) -> bool:
    """Whether the screen on top is a ``kind`` and mounted, its widgets composed (`until`'s
    test for a screen pushed: a screen is on top before its widgets are, and a query for
    one of them at once found none)."""
    return isinstance(app.screen, kind) and app.screen.is_mounted


async def open_stats(pilot: Any) -> None:
    """``s`` at the new-game screen: the statistics screen, settled."""
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()


def table(app: PinochleApp) -> TableScreen:
    for s in app.screen_stack:
        if isinstance(s, TableScreen):
            return s
    raise AssertionError("no table screen")


async def at_my_bid(pilot: Any, app: PinochleApp) -> TableScreen:
    """The table once the bots have settled, asserted to be the person's turn in the auction."""
    await settle(pilot)
    t = table(app)
    assert t.my_turn() and t.ctrl.round.phase is Phase.AUCTION
    return t


def text_of(widget: Any) -> str:
    return str(widget.content)


def has_level(level: str) -> bool:
    return level in bots.LEVELS


async def step_policy(pilot: Any) -> bool:
    """One key press of a fixed, bot-free human policy (so snapshots never depend on a
    bot level): pass when allowed, first legal choice, first legal card.  False when no
    table decision was pending."""
    from pinochle_tui.screens.dialogs import HandOffScreen
    from rules import Phase

    app = pilot.app
    screen = app.screen
    if isinstance(screen, HandOffScreen):
        await pilot.press("enter")
        return True
    if not isinstance(screen, TableScreen):
        return False
    t = screen
    if t.ctrl.needs_meld_ack:
        await pilot.press("enter")
        return True
    if not t.my_turn():
        return False
    ph = t.ctrl.round.phase
    if ph is Phase.AUCTION:
        await pilot.press("p" if t.may_pass_bid() else "enter")
    elif ph in (Phase.PASS, Phase.BURY):
        await pick_first_legal(pilot, t)
    else:
        await pilot.press("enter")
    return True


async def pick_first_legal(pilot: Any, t: Any) -> None:
    """Pass or bury the cards of the first legal choice by keys: each picked with the
    cursor and Space, then Enter."""
    cards = t.display_hand(t.the_view())
    want = list(t.ctrl.legal()[0].cards)
    for i, c in enumerate(cards):
        if c in want and i not in t.picked:
            want.remove(c)
            while t.cursor != i:
                await pilot.press("right")
            await pilot.press("space")
    await pilot.press("enter")


async def drive_until(pilot: Any, done: Any, limit: int = 800) -> None:
    """Run the policy until ``done(app)``."""
    for _ in range(limit):
        await settle(pilot)
        if done(pilot.app):
            return
        if not await step_policy(pilot):
            await pilot.pause(0.01)
    raise AssertionError("never reached the wanted state")


def policy_action(c: Controller) -> Any:
    """The fixed policy of `step_policy` (humans) and the seat's bot (bots), for one move."""
    from rules import PassBid, Phase

    seat = c.round.to_act
    legal = c.legal()
    if c.is_human(seat):
        return PassBid() if (c.round.phase is Phase.AUCTION and PassBid() in legal) else legal[0]
    return c.choose(c.round, seat, c.bot_for(seat))[0]


def at_my_pass(seed: int, bidder: bool) -> Controller:
    """Partnership, standard bots, at the human's pass (RULES.md §4.1): to the bidder
    (North's contract), or with ``bidder`` back to the partner after South bid the highest
    it could."""
    from rules import Bid

    c = Controller(VARIANTS["partnership"], default_seats(4, ["human", "standard", "standard", "standard"]), seed=seed)
    while not (c.round.phase is Phase.PASS and c.is_human(c.to_act)):
        if c.round.phase is Phase.DONE:  # the human passed and its side did not take the contract
            c.next_hand()
            continue
        bids = [a for a in c.legal() if isinstance(a, Bid)]
        if bidder and c.is_human(c.to_act) and bids:
            c.apply(max(bids, key=lambda a: a.amount))
        else:
            c.apply(policy_action(c))
    assert (c.round.table.bidder == 0) == bidder
    return c


def preplay(variant: str, seats: str, seed: Any, want: Any, target: int | None = None) -> Controller:
    """A controller played (without the UI, by `policy_action`) until ``want(ctrl)``."""
    from rules import Phase

    v = VARIANTS[variant]
    c = Controller(v, default_seats(v.people, seats.split(",")), seed=seed, target=target)
    for _ in range(5000):
        if want(c):
            return c
        if c.round.phase is Phase.DONE:
            if c.game.over:
                break
            c.next_hand()
            continue
        c.apply(policy_action(c))
    raise AssertionError("never reached the wanted state")


def app_for(ctrl: Controller) -> PinochleApp:
    return PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=0)


def app_moved(variant: str = "partnership", seats: str = "human,random,random,random", seed: Any = 2) -> PinochleApp:
    """An app at a game in which a person has made a move: one quit before that is not kept
    (`PinochleApp.unplayed`), and the quit question says so instead of how to resume it."""
    return app_for(preplay(variant, seats, seed, lambda c: bool(c.decisions())))


def find_seed(variant: str, seats: str, want: Any, tries: int = 300) -> int:
    """A seed whose first hand, with the policy above (pass, first choice, first card),
    reaches a state where ``want(ctrl)`` holds."""
    from rules import Phase

    v = VARIANTS[variant]
    for seed in range(tries):
        c = Controller(v, default_seats(v.players, seats.split(",")), seed=seed)
        while c.round.phase is not Phase.DONE:
            if want(c):
                return seed
            seat = c.round.to_act
            legal = c.legal()
            if c.is_human(seat):
                from rules import PassBid

                a = PassBid() if (c.round.phase is Phase.AUCTION and PassBid() in legal) else legal[0]
            else:
                a, _ = c.choose(c.round, seat, c.bot_for(seat))
            c.apply(a)
    raise AssertionError("no seed found")


def handed(
    variant: Variant,
    seats: Sequence[str],
    dealer: int,
    hands: Sequence[str],
    kitty: str | None = None,
    target: int | None = None,
) -> Controller:
    """A game (seed 1) whose first hand is the deal ``hands`` (card texts, seat 0 first) and
    ``kitty`` (the widow or blind), ``dealer`` dealing: the tests' handed deals."""
    c = Controller(variant, default_seats(variant.players, list(seats)), seed=1, dealer=dealer, target=target)
    deal: dict[str, Any] = {"kitty": parse_cards(kitty)} if kitty is not None else {}
    c.round = new_round(variant, dealer=dealer, hands=[parse_cards(h) for h in hands], **deal)
    c.states = [c.round]
    return c


# every table action on a key of its own (the settings' remaps): keys none of the defaults use
EVERY_REMAPPED = {
    "continue": "g",
    "play": "x",
    "bid": "b",
    "confirm": "c",
    "choose": "o",
    "pick": "z",
    "raise": "w",
    "lower": "s",
    "pass_bid": "f9",
    "auto": "f10",
    "hint": "f6",
    "undo": "f11",
    "tricks": "f8",
    "melds": "f7",
    "help": "f1",
    "quit": "f12",
}


def app_for_seats(variant: str, seats: str, seed: int, trick_delay: float = 0.0, **kw: Any) -> PinochleApp:
    """An app at a new game of ``variant``: ``seats`` as on the command line, no bot delay."""
    v = VARIANTS[variant]
    ctrl = Controller(v, default_seats(v.players, seats.split(",")), seed=seed)
    return PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=trick_delay, **kw)


def played_by_a(variant: str, seats: str, seed: int, want: Any) -> Controller:
    """The game of `app_for_seats` played, without the UI, as the table plays it when `a` is pressed
    at every human turn: the human's move is the helper's (`a`), each bot's its own, the
    meld pause answered and a finished hand dealt on (`a` past a hand's result), until
    ``want(ctrl)``.  The same moves as the keys make (`Controller.choose` seeds by seed,
    tag and position), in a fraction of the time."""
    c = app_for_seats(variant, seats, seed).ctrl
    assert c is not None
    for _ in range(2000):
        if want(c):
            return c
        if c.round.phase is Phase.DONE:
            c.next_hand()
        elif c.needs_meld_ack:  # (in hot-seat each person goes on in turn)
            for seat in c.human_seats:
                if c.needs_meld_ack:
                    c.ack_meld(seat)
        else:
            seat = c.round.to_act
            human = c.is_human(seat)
            c.apply(
                c.choose(c.round, seat, c.helper() if human else c.bot_for(seat), tag="helper" if human else "bot")[0]
            )
    raise AssertionError("never reached the wanted state")


def at_last_trick(c: Controller) -> bool:
    """The last trick of a 12-trick hand is to be played."""
    return c.round.phase is Phase.TRICKS and len(c.round.tricks) == 11


def preplay_any(variant: str, seats: str, want: Any, seeds: Sequence[int] = range(60)) -> Controller:
    """`preplay` at the first of ``seeds`` that reaches ``want``."""
    for seed in seeds:
        try:
            return preplay(variant, seats, seed, want)
        except AssertionError:
            continue
    raise AssertionError("no seed reaches the wanted state")


def human_bids(c: Controller) -> bool:
    """A human is to bid."""
    return c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act)


def jump_bid(t: TableScreen) -> tuple[list[int], int, int, bool]:
    """At the human's bid: the amounts the table offers, the bid they are over (the current
    bid, or the lowest when none is made yet), the index of the first amount 100 or more
    over it (a jump bid: the table asks first) and whether a bid was made."""
    amounts = t.bid_amounts()
    made = [a for _, a in t.the_view().bids if a > 0]
    base = max(made) if made else amounts[0]
    return amounts, base, next(i for i, a in enumerate(amounts) if a - base >= 100), bool(made)


class HeldBot:
    """A bot for the hint (or "play for me") that thinks until it is let go (``go``), then
    takes the first legal action; ``name`` as the hint's heading says it."""

    def __init__(self, name: str = "expert") -> None:
        import threading

        self.name = name
        self.go = threading.Event()

    def act(self, view: Any, legal: Any, rng: Any) -> Any:
        self.go.wait(5)
        return legal[0]
