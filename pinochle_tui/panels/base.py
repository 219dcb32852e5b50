"""What every phase panel shares: the `TableContext` it renders from, the `Panel` widget
base, and the choices of the choice phases (misdeal, trump, play on)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar, cast

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from rules import (
    AskPass,
    CallPartner,
    ClaimMisdeal,
    Concede,
    DeclareDix,
    DeclareMeld,
    DraftCard,
    HandOutKitty,
    KeepHand,
    NameTrump,
    NoMeld,
    Phase,
    PlayOn,
    SeatView,
    Suit,
    TakeStock,
)
from rules.auction_round import forced_bid_unseen

from ..checks_view import blind_word
from ..cli_common import visible
from ..controller import Controller
from ..keymap import key
from ..render import SUIT_NAMES, Style, card_text, dix_label, keys, meld_points, says, summed_words

SUITS = tuple(Suit)
CHOICE_PHASES = (
    Phase.DEAL,
    Phase.KITTY,
    Phase.TRUMP,
    Phase.CALL,
    Phase.ASK_PASS,
    Phase.MELD,
    Phase.DECLARE,
    Phase.DRAFT,
    Phase.LAST_PICK,
)
LIST_PHASES = (Phase.DECLARE, Phase.DRAFT, Phase.LAST_PICK)  # choices listed in full in the centre
PICK_PHASES = (Phase.PASS, Phase.BURY)

# a button under the prompt: (label, what it does, enabled, the current choice); "what it
# does" is a key action's name ("bid", "confirm", ...) or ("option", index)
ButtonSpec = tuple[str, Any, bool, bool]


class TableContext(NamedTuple):
    """Everything a panel draws from, made by the table screen on every refresh: the
    controller (names, seats, who acts), the viewer's `SeatView` and the screen's own
    selection (cursor, picks, bid and choice index).  Panels read it and decide nothing.
    A NamedTuple, not a frozen dataclass: the start builds it for a tenth of the cost."""

    ctrl: Controller
    view: SeatView
    viewer: int | None  # whose cards may be drawn (None: between hot-seat players)
    base: int  # the seat drawn at the bottom
    places: dict[str, int]  # place name -> seat (seating.places_for)
    my_turn: bool  # the viewer decides now
    show_melds: bool = False  # m pressed: everyone's meld again
    board_width: int = 0  # the board's content width (for wrapping the meld lines)
    picked: int = 0  # cards picked to pass or bury
    bid_index: int = 0
    opt_index: int = 0

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.ctrl.seats]

    @property
    def variant(self) -> Any:
        return self.ctrl.variant


MAX_TEAMS = 4  # eight-hand's four teams of two: team letters A to D, a colour each
TEAM_LETTERS = "ABCD"


def team_of(ctx: TableContext, seat: int) -> int | None:
    """The team ``seat`` plays for at a table of 5 to 8 seats (its letter is
    ``TEAM_LETTERS[team]``); None where each plays for itself."""
    return variant_team(ctx.variant, seat)


def variant_team(v: Any, seat: int) -> int | None:
    """`team_of` from the variant alone."""
    if v.players <= 4 or v.sides in ("individual", "called_partner") or v.n_sides > MAX_TEAMS:
        return None
    return int(v.side_of[seat])


def choice_options(ctrl: Controller) -> list[tuple[str, Any, bool]]:
    """The numbered choices of a choice phase: (label, action, allowed now)."""
    ph = ctrl.round.phase
    legal = ctrl.legal()
    if ph is Phase.DEAL:
        return [("Keep the hand", KeepHand(), True), ("Call a misdeal", ClaimMisdeal(), True)]
    if ph is Phase.TRUMP:
        return [
            (f"{i + 1} {Style.suit(i)} {SUIT_NAMES[i]}", NameTrump(s), NameTrump(s) in legal)
            for i, s in enumerate(SUITS)
        ]
    if ph is Phase.CALL:  # five-hand: the trump cards the bidder may call (§2.12)
        calls = [a for a in legal if isinstance(a, CallPartner)]
        return [(f"{i + 1} {Style.card(a.card)}", a, True) for i, a in enumerate(calls)]
    if ph is Phase.KITTY:  # §2.4 (c): keep one widow card, then give one to each other seat in turn
        gives = [a for a in legal if isinstance(a, HandOutKitty)]
        who = kitty_taker(ctrl)
        verb = "Keep" if who is None else f"To {visible(ctrl.seats[who].name)}:"
        return [(f"{i + 1} {verb} {Style.card(a.card)}", a, True) for i, a in enumerate(gives)]
    if ph is Phase.ASK_PASS:  # §0.4.19: the bidder asks for the pass or plays without it
        return [
            ("1 Ask for pass", AskPass(True), AskPass(True) in legal),
            ("2 No pass", AskPass(False), AskPass(False) in legal),
        ]
    if ph is Phase.MELD:
        if forced_bid_unseen(ctrl.round):  # §9.2: the forced bid, the widow not yet seen
            look, throw = PlayOn() in legal, Concede() in legal
            return [("Look at the widow", PlayOn(), look), ("Throw in unseen", Concede(), throw)]
        return [("Play the hand", PlayOn(), PlayOn() in legal), ("Throw it in", Concede(), Concede() in legal)]
    if ph is Phase.DRAFT:
        return [
            ("Keep it: the next card goes unseen to your discards", DraftCard(True), DraftCard(True) in legal),
            ("Reject it: you must keep the next card", DraftCard(False), DraftCard(False) in legal),
        ]
    if ph is Phase.LAST_PICK:
        view = ctrl.view(ctrl.round.to_act)
        up = Style.card(view.turn_up) if view.turn_up is not None else ""
        return [
            ("Take the face-down card", TakeStock(False), TakeStock(False) in legal),
            (f"Take the turn-up {up}".strip(), TakeStock(True), TakeStock(True) in legal),
        ]
    if ph is Phase.DECLARE:
        view = ctrl.view(ctrl.round.to_act)
        v = ctrl.variant
        out: list[tuple[str, Any, bool]] = []
        for a in legal:
            if isinstance(a, DeclareMeld):
                out.append((f"{a.name} {Style.cards(a.cards)} ({v.fmt(meld_points(v, view.trump, a))})", a, True))
            elif isinstance(a, DeclareDix):
                out.append((dix_label(v, view, a), a, True))
        melded = bool(ctrl.actions) and isinstance(ctrl.actions[-1], (DeclareMeld, DeclareDix))
        out.append(("no more meld" if melded else "no meld", NoMeld(), NoMeld() in legal))
        return out
    return []


def kitty_taker(ctrl: Controller) -> int | None:
    """The seat the bidder's next widow card goes to (§2.4 (c)): None while it chooses the
    card it keeps, then each other seat clockwise from its left."""
    t = ctrl.round.table
    step = len(t.handed)
    return None if step == 0 else (t.bidder + step) % ctrl.variant.players


def short_label(label: str, action: Any, i: int) -> str:
    """A choice as a 16-cell button: the list phases number their choices."""
    if isinstance(action, DraftCard):
        return f"{i + 1} {'Keep' if action.keep else 'Reject'}"
    if label == "Look at the widow":  # 17 cells: the prompt line says it in full
        return "Look at widow"
    if isinstance(action, TakeStock):
        return f"{i + 1} {'Turn-up' if action.turn_up else 'Face-down'}"
    if isinstance(action, NoMeld):
        return f"{i + 1} No meld"
    if isinstance(action, DeclareDix):
        return f"{i + 1} Dix"
    if isinstance(action, DeclareMeld):  # a marriage or a pinochle by its cards, the rest by name
        what = "".join(Style.card(x) for x in action.cards) if len(action.cards) == 2 else action.name
        pts = label.rsplit("(", 1)[-1].rstrip(")")
        return f"{i + 1} {what.replace(' around', '').replace('double ', 'dbl ')} {pts}"[:16]
    return label


def choice_buttons(ctx: TableContext) -> list[ButtonSpec]:
    opts = choice_options(ctx.ctrl)
    return [(short_label(label, a, i), ("option", i), ok, i == ctx.opt_index) for i, (label, a, ok) in enumerate(opts)]


def choice_list(ctx: TableContext) -> Text:
    """The choices of a list phase, numbered, the current one marked (▶ and reversed)."""
    t = Text()
    mark = ">" if Style.ascii else "▶"
    for i, (label, _a, ok) in enumerate(choice_options(ctx.ctrl)):
        cur = i == ctx.opt_index
        t.append(f" {mark if cur else ' '} {i + 1}  ", style="bold" if cur else "")
        t.append(label, style=("bold reverse" if cur else "") + ("" if ok else " dim"))
        t.append("\n")
    return t


def cards_line(cards: Any, style: str = "bold") -> Text:
    """Cards one after another, each followed by a space."""
    t = Text()
    for x in cards:
        t.append_text(card_text(x, style))
        t.append(" ")
    return t


def after_auction_text(ctx: TableContext) -> Text:
    """Trump, pass or bury: who won the auction, what they do now, and the kitty."""
    view, v, names = ctx.view, ctx.variant, ctx.names
    ph = view.phase
    t = Text()
    b = names[view.bidder or 0]
    if v.summed_contracts:  # §0.4.17: the highest single bid names trump
        t.append(f"{b} bid highest. Contracts: {summed_words(ctx.ctrl, view.bids)}.\n")
    else:
        t.append(f"{b} won the auction at {v.fmt(view.contract or 0)}.\n")
    if ph is Phase.TRUMP:
        t.append(f"{b} {says(b, 'names', 'name')} trump.\n")
    elif ph is Phase.CALL:
        t.append(f"{b} {says(b, 'calls', 'call')} a trump card; its first holder clockwise is the partner.\n")
    elif ph is Phase.PASS:
        who = names[view.to_act]
        t.append(f"{who} {says(who, 'passes', 'pass')} {v.pass_count} cards.\n")
    elif ph is Phase.KITTY:
        t.append(
            f"{b} {says(b, 'keeps', 'keep')} one {blind_word(v)} card and {says(b, 'gives', 'give')} one to each.\n"
        )
    elif ph is Phase.ASK_PASS:
        t.append(f"{b} {says(b, 'asks', 'ask')} for the pass, or {says(b, 'plays', 'play')} without it.\n")
    else:
        t.append(f"{b} {says(b, 'buries', 'bury')} {v.kitty_size} cards.\n")
    word = blind_word(v)
    if view.kitty:
        t.append(f"\n{word.capitalize()}: ")
        t.append_text(cards_line(view.kitty))
        if view.bidder == ctx.viewer and v.kitty_mode == "bidder_takes_and_buries":
            t.append("\n(now in your hand: +)")
    elif v.blind_size:  # the others never see the blind: only that the bidder took it
        t.append(f"\n{b} took the {word} ({v.blind_size} cards, face down).")
    return t


PROMPT_ROOM = 78  # the prompt line's cells at 80 columns, the smallest table
F = TypeVar("F", bound=Callable[..., tuple[Text, list[ButtonSpec]]])


def hot_seat(ctx: TableContext) -> bool:
    """Two or more people share the keyboard: "You" alone does not say whose turn it is."""
    return ctx.ctrl.hotseat


def address(ctx: TableContext, text: Text) -> Text:
    """The prompt ``text`` as the viewer reads it: in hot-seat it names the person whose
    turn it is (``Bob, you won at 38.``), as the centre does (``Bob names trump.``);
    where the name pushes a first line that fitted past `PROMPT_ROOM`, its closing
    parenthesis is left out (``(dim cards may not be played)``), so the refusals' line
    stays free.  One player (named You): as it is."""
    if ctx.viewer is None or not hot_seat(ctx) or not text.plain:
        return text
    name = visible(ctx.names[ctx.viewer])
    if name == "You":
        return text
    plain = text.plain
    rest = text.copy()
    if not plain[1:2].isupper():  # ``You won``: ``you won``; an acronym as it is
        rest.plain = plain[:1].lower() + plain[1:]
    out = Text(f"{name}, ") + rest
    head = out.plain.split("\n", 1)[0]
    if cell_len(head) > PROMPT_ROOM >= cell_len(plain.split("\n", 1)[0]):  # the name made it too long
        cut = re.search(r" \([^()]*\)(?=[.:]$)", head)
        if cut and cell_len(head) - (cut.end() - cut.start()) <= PROMPT_ROOM:
            out = out[: cut.start()] + out[cut.end() :]
    return out


def prompt_width(panel: Any) -> int:
    """The prompt line's cells on the panel's table (`PROMPT_ROOM` before a layout)."""
    try:
        width = panel.screen.query_one("#prompt").content_size.width
    except Exception:  # not mounted (a test's panel), or a screen without a prompt
        width = 0
    return int(width) or PROMPT_ROOM


def wrap_groups(text: Text, width: int) -> Text:
    """``text`` with each line that is wider than ``width`` broken between its key groups
    (at a `` · ``), never inside one (a long hot-seat name pushed
    ``i suggests`` over as ``... · i`` / ``suggests``).  A line with no `` · `` to break
    at is left to wrap as it does."""
    lines = text.split("\n", allow_blank=True)
    out: list[Text] = []
    for line in lines:
        while cell_len(line.plain) > width:
            at = [m.start() for m in re.finditer(" · ", line.plain) if cell_len(line.plain[: m.start()]) <= width]
            if not at or at[-1] == 0:
                break
            out.append(line[: at[-1]])
            line = line[at[-1] + 3 :]
        out.append(line)
    if len(out) == len(lines):
        return text
    return Text("\n").join(out)


def addressed(prompt: F) -> F:
    """A panel's ``prompt`` whose text is `address`ed: every phase's prompt wears it."""

    @functools.wraps(prompt)
    def wrapper(self: Any, ctx: TableContext) -> tuple[Text, list[ButtonSpec]]:
        text, buttons = prompt(self, ctx)
        return wrap_groups(address(ctx, text), prompt_width(self)), buttons

    wrapper.addressed = True  # type: ignore[attr-defined]
    return cast(F, wrapper)


class Panel(Static):
    """One phase's part of the table centre.  The screen shows one panel at a time; the
    panel draws ``body(ctx)`` and, when the viewer decides, ``prompt(ctx)``."""

    def body(self, ctx: TableContext) -> Any:
        """What the centre of the table shows in this phase."""
        return Text()

    @addressed
    def prompt(self, ctx: TableContext) -> tuple[Text, list[ButtonSpec]]:
        """The prompt line and the buttons when the viewer decides in this phase (every
        override is `addressed` too: in hot-seat it names whose turn it is)."""
        return Text(""), []

    def draw(self, content: Any) -> None:
        """Update only when the content changed (an update costs a layout pass)."""
        if getattr(self, "_shown", None) != content:
            self._shown = content
            self.update(content)


def play_prompt(view: Any, lead: str = "Your lead.") -> tuple[Text, list[ButtonSpec]]:
    """The prompt of a trick under the follow rules: the suit led and the dim-card hint
    when following, ``lead`` when leading; one Play button."""
    if view.trick:
        led = view.trick[0][1] // 6
        t = Text(
            keys(
                f"Your play, {Style.suit(led)} {SUIT_NAMES[led]} led:"
                f" ←→ choose, {key('play')} plays (dim cards are not allowed)."
            )
        )
    else:
        t = Text(keys(f"{lead} ←→ choose a card, {key('play')} plays."))
    return t, [("Play", "play", True, True)]
