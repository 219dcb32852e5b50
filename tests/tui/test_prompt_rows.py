"""The prompt and the message line under the table at 80x24, the smallest table: every
prompt of every phase of every preset (one player and hot-seat, bidding and passing) is
walked by keys; at each, a message is put under it and the terminal must show the whole
prompt and the whole message above the footer.  A prompt that wrapped used to push the
message (why a card may not be played, "Move taken back.") off the bottom of its two
rows, so Enter on a card that may not be played seemed to do nothing."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from tui_helpers import VARIANTS, app_for, pick_first_legal

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.screens.dialogs import HandOffScreen
from pinochle_tui.screens.table import TableScreen
from pinochle_tui.widgets import fit_prompt
from rules import Phase

pytestmark = pytest.mark.usefixtures("quick_idle")  # (whole hands of keys and bot moves: see conftest)
SMALL = (80, 24)
MESSAGE = "Not that card: you must follow suit (diamonds): play 10♦ J♦ Q♦ K♦"
OPTION_PHASES = (
    Phase.DEAL,
    Phase.DRAFT,
    Phase.KITTY,
    Phase.TRUMP,
    Phase.CALL,
    Phase.ASK_PASS,
    Phase.MELD,
    Phase.DECLARE,
    Phase.LAST_PICK,
)


def screen_lines(app: Any) -> list[str]:
    console = Console(
        width=app.size.width, height=app.size.height, file=io.StringIO(), force_terminal=True, record=True
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False).splitlines()


async def move_to(pilot: Any, t: TableScreen, i: int) -> None:
    """The hand's cursor onto card ``i`` by the arrow keys."""
    for _ in range(40):
        if t.cursor == i:
            return
        await pilot.press("right" if t.cursor < i else "left")
    raise AssertionError(f"the cursor stays at {t.cursor}, not {i}")


def flat(text: str) -> str:
    return " ".join(text.split())


def seats_for(variant: str, hot: bool, named: bool = True) -> str:
    """One player and easy bots; hot-seat: people at half the seats, named (the names
    lengthen every prompt), or ``named`` False by the game's own "Player 1", "Player 3"."""
    n = VARIANTS[variant].people
    if not hot:
        return ",".join(["human"] + ["easy"] * (n - 1))
    names = ["Ann", "Bob", "Cy", "Di"]
    person = (lambda i: f"human:{names[i // 2]}") if named else (lambda i: "human")
    return ",".join(person(i) if i % 2 == 0 else "easy" for i in range(n))


class Walk:
    """The prompts seen, and the ones not shown whole with the message under them."""

    def __init__(self, whole_prompt: bool = True) -> None:
        self.whole_prompt = whole_prompt  # False: the message alone must show whole (a long name cuts the prompt)
        self.seen: set[tuple[str, str]] = set()  # (variant, phase)
        self.texts: set[tuple[str, str]] = set()  # (prompt, message) checked already
        self.plays = 0  # the tricks a person played in this hand
        self.walked = 0
        self.problems: list[str] = []

    async def check(self, pilot: Any, t: TableScreen, variant: str, message: str = MESSAGE) -> None:
        """The prompt as the table shows it now, with ``message`` under it: both whole
        on the screen, in the prompt's rows, above the footer."""
        app = pilot.app
        prompt_widget = t.query_one("#prompt")
        prompt = t.prompt_and_buttons(t.context())[0].plain
        self.seen.add((variant, t.ctrl.round.phase.value))
        if (prompt, message) in self.texts:  # (the same words again: the same rows)
            return
        self.texts.add((prompt, message))
        t.message = Text(message, style="bold")
        t.refresh_view()
        await pilot.pause()
        r = prompt_widget.region
        rows = screen_lines(app)[r.y : r.bottom]
        shown = flat(" ".join(rows))
        self.walked += 1
        if not (r.height == 2 and r.y >= 0 and r.bottom <= app.size.height - 1):
            self.problems.append(f"{variant}: the prompt's rows {r} are off the screen")
        if flat(message) not in shown or (self.whole_prompt and flat(prompt) not in shown):
            self.problems.append(f"{variant} {t.ctrl.round.phase}: {prompt!r} / {message!r} shown as {rows}")
        t.message = ""
        t.refresh_view()


async def refuse_a_card(pilot: Any, t: TableScreen, walk: Walk, variant: str) -> None:
    """At a trick with a card that may not be played: Enter on it, and the refusal is on
    the screen under the prompt (the player's own message, not a planted one)."""
    view = t.the_view()
    cards = t.playable(view)
    plays = t.legal_plays()
    bad = [i for i, c in enumerate(cards) if c not in plays]
    if not bad:
        return
    await move_to(pilot, t, bad[0])
    await pilot.press("enter")
    said = t.message.plain if isinstance(t.message, Text) else str(t.message)
    assert said.startswith("Not that card"), said
    await walk.check(pilot, t, variant, said)
    good = next(i for i, c in enumerate(cards) if c in plays)
    await move_to(pilot, t, good)


async def step(pilot: Any, walk: Walk, variant: str, bid: bool) -> bool:
    """One decision of a person at the table, by keys, after checking its prompt.  False
    when no person decides now."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, HandOffScreen):
        await pilot.press("enter")
        return True
    if not isinstance(screen, TableScreen):
        return False
    t = screen
    if t.ctrl.needs_meld_ack:
        await walk.check(pilot, t, variant)
        await pilot.press("enter")
        return True
    if not t.my_turn():
        return False
    await walk.check(pilot, t, variant)
    ph = t.ctrl.round.phase
    if ph is Phase.AUCTION:
        bidder = bid and t.ctrl.round.to_act == t.ctrl.human_seats[0]  # one person bids, the others pass
        await pilot.press("enter" if bidder or not t.may_pass_bid() else "p")
    elif ph in (Phase.PASS, Phase.BURY):
        await pick_first_legal(pilot, t)
    elif ph in OPTION_PHASES:
        await pilot.press("enter")
    else:
        await refuse_a_card(pilot, t, walk, variant)
        await pilot.press("enter")
        walk.plays += 1
    return True


async def walk_hand(walk: Walk, variant: str, hot: bool, bid: bool, seed: int, named: bool = True) -> None:
    """One hand of ``variant`` at 80x24, every person's decision checked."""
    v = VARIANTS[variant]
    ctrl = Controller(v, default_seats(v.people, seats_for(variant, hot, named).split(",")), seed=seed)
    app = app_for(ctrl)
    whole = variant.startswith("two-hand")  # its stock, melds and last pick come late in the hand
    walk.plays = 0
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(2000):
            await pilot.pause()
            if [w for w in app.workers if not w.is_finished]:
                await app.workers.wait_for_complete()
                continue
            if ctrl.round.phase is Phase.DONE or (walk.plays >= 6 and not whole):
                return  # (six tricks show every kind of play prompt: a lead, a follow, a refusal)
            if not await step(pilot, walk, variant, bid):
                await pilot.pause()
        raise AssertionError(f"{variant}: the hand never ended")


# the prompts each preset must have shown (beside the auction and the tricks)
EXPECTED = {
    "partnership": {"pass"},
    "partnership-kitty": {"bury", "trump"},
    "three-hand": {"bury", "trump", "meld"},
    "five-hand": {"call", "trump"},
    "six-hand": {"meld", "trump"},
    "two-hand": {"declare"},
    "two-hand-draft": {"draft"},
}


def hands_to_walk(variant: str) -> list[tuple[bool, bool]]:
    """The hands (hot-seat, the person bids) that can differ: one player and hot-seat, passing
    and bidding.  Hot-seat puts people at half the seats, so a two-seat table has one person
    there, as with one player (the same hand, the same prompts); a table that turns trump up
    (``round_flow = "stock"``) has no auction, so bidding or passing plays the same hand."""
    v = VARIANTS[variant]
    hots = (False, True) if v.people >= 3 else (False,)
    bids = (False, True) if v.round_flow != "stock" else (False,)
    return [(hot, bid) for hot in hots for bid in bids]


def test_the_hands_left_out_cannot_differ() -> None:
    """Only the hands that cannot differ are left out: two-hand (two seats, no auction) walks
    one hand, two-hand-draft (two seats) two, three-hand-turn-up (no auction) two, the rest four."""
    walked = {variant: len(hands_to_walk(variant)) for variant in VARIANTS}
    assert walked["two-hand"] == 1 and walked["two-hand-draft"] == 2 and walked["three-hand-turn-up"] == 2
    assert {n for v, n in walked.items() if v not in ("two-hand", "two-hand-draft", "three-hand-turn-up")} == {4}
    assert seats_for("two-hand-draft", hot=True).count("human") == 1  # (hot-seat there: one person)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
async def test_every_prompt_leaves_the_message_line_in_sight(variant: str) -> None:
    walk = Walk()
    for hot, bid in hands_to_walk(variant):
        await walk_hand(walk, variant, hot, bid, seed=3)
    phases = {phase for v, phase in walk.seen if v == variant}
    assert EXPECTED.get(variant, set()) <= phases, phases
    assert not walk.problems, "\n".join(walk.problems)
    print(f"{variant}: {walk.walked} prompts walked, all visible")


@pytest.mark.parametrize("variant", ["partnership", "five-hand"])
async def test_with_the_games_own_hot_seat_names_the_message_stays_in_sight(variant: str) -> None:
    """ "Player 1, " makes some prompts two rows (the bid's keys): the message keeps its row,
    the prompt ending in … while it shows."""
    walk = Walk(whole_prompt=False)
    await walk_hand(walk, variant, hot=True, bid=True, seed=3, named=False)
    assert walk.walked and not walk.problems, "\n".join(walk.problems)


def test_a_long_prompt_gives_way_to_the_message() -> None:
    """The mechanism, at the widget: the message keeps its row whatever the prompt."""
    prompt = Text("Ann, your play: ♦ diamonds led. ←→ choose, Enter plays (dim cards may not be played).")
    message = Text("Move taken back.")
    assert fit_prompt(prompt, message, 78, 2).plain == (
        "Ann, your play: ♦ diamonds led. ←→ choose, Enter plays (dim cards may not be…\nMove taken back."
    )
    assert fit_prompt(prompt, None, 78, 2).plain == (
        "Ann, your play: ♦ diamonds led. ←→ choose, Enter plays (dim cards may not be\nplayed)."
    )
    assert fit_prompt(Text("a\nb\nc"), None, 78, 2).plain == "a\nb…"
    assert fit_prompt(Text("ask"), Text("x " * 100), 10, 2).plain == "x x x x x\nx x x x x…"


async def test_a_card_refused_with_a_long_list_stays_in_one_row_at_80_columns():
    """Void in the suit led with six trumps, the refusal listed them all and the last
    card wrapped alone onto a second row at 80x24: where the list does not fit, the
    reason alone (the cards that may be played stay lit in the hand); a short one whole."""
    from test_keys_as_bound import app_with, at

    app = app_with(at(Phase.TRICKS, 1), {})
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        t = app.screen
        assert isinstance(t, TableScreen)
        room = t.query_one("#prompt").content_size.width
        long = "you have no spades, so you must trump in: play AC TC KC QC JC 9C"
        assert len(f"Not that card: {long}") > room  # (the line the table wrapped)
        assert t.card_refusal(long) == "Not that card: you have no spades, so you must trump in."
        short = "you must follow suit (diamonds): play TD JD"
        assert t.card_refusal(short) == "Not that card: you must follow suit (diamonds): play 10♦ J♦"
