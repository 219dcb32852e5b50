"""What every phase panel shares: the `Panel` widget base, which draws from one seat's
`table.facts.SeatFacts` (never the controller: an import-linter contract says so), and
the buttons and lists of the choice phases (misdeal, trump, play on)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from rules import DeclareDix, DeclareMeld, DraftCard, NoMeld, Phase, TakeStock

from ..checks_view import blind_word
from ..cli_common import visible
from ..keymap import key
from ..render import SUIT_NAMES, Style, card_text, keys, says, summed_words
from ..table.facts import SeatFacts
from ..widgets import same_rows

# a button under the prompt: (label, what it does, enabled, the current choice); "what it
# does" is a key action's name ("bid", "confirm", ...) or ("option", index)
ButtonSpec = tuple[str, Any, bool, bool]


MAX_TEAMS = 4  # eight-hand's four teams of two: team letters A to D, a colour each
TEAM_LETTERS = "ABCD"


def team_of(ctx: SeatFacts, seat: int) -> int | None:
    """The team ``seat`` plays for at a table of 5 to 8 seats (its letter is
    ``TEAM_LETTERS[team]``); None where each plays for itself."""
    return variant_team(ctx.variant, seat)


def variant_team(v: Any, seat: int) -> int | None:
    """`team_of` from the variant alone."""
    if not v.ring_table or not v.seats_in_teams or v.n_sides > MAX_TEAMS:
        return None
    return int(v.side_of[seat])


def short_label(label: str, action: Any, i: int) -> str:
    """A choice as a 16-cell button: the list phases number their choices."""
    if isinstance(action, DraftCard):
        return f"{i + 1} {'Keep' if action.keep else 'Reject'}"
    if label == "Look at the widow":  # 17 cells: the prompt line says it in full
        return "Look at widow"
    if isinstance(action, TakeStock):
        return f"{i + 1} {'Turn-up' if action.turn_up else 'Face-down'}"
    if isinstance(action, NoMeld):  # "No meld", as the list says
        return f"{i + 1} {label[:1].upper()}{label[1:]}"
    if isinstance(action, DeclareDix):
        return f"{i + 1} Dix"
    if isinstance(action, DeclareMeld):  # a marriage or a pinochle by its cards, the rest by name
        what = "".join(Style.card(x) for x in action.cards) if len(action.cards) == 2 else action.name
        pts = label.rsplit("(", 1)[-1].rstrip(")")
        return f"{i + 1} {what.replace(' around', '').replace('double ', 'dbl ')} {pts}"[:16]
    return label


def choice_buttons(ctx: SeatFacts) -> list[ButtonSpec]:
    opts = ctx.options
    return [(short_label(label, a, i), ("option", i), ok, i == ctx.opt_index) for i, (label, a, ok) in enumerate(opts)]


def choose_keys(n: int) -> str:
    """The keys that pick one of ``n`` choices: ``1-3, or ←→ and Enter``; ``1 or Enter``
    for a single one (it said "1-1, or ←→ and Enter")."""
    return f"{number_keys(n)}, or ←→ and {key('choose')}" if n > 1 else f"1 or {key('choose')}"


def number_keys(n: int) -> str:
    """The number keys that pick one of ``n`` choices, 9 at most: "1-3", "1" for one."""
    n = min(n, 9)
    return f"1-{n}" if n > 1 else "1"


def choice_list(ctx: SeatFacts) -> Text:
    """The choices of a list phase, numbered, the current one marked (▶ and reversed)."""
    t = Text()
    mark = ">" if Style.ascii else "▶"
    for i, (label, _a, ok) in enumerate(ctx.options):
        cur = i == ctx.opt_index
        t.append(f" {mark if cur else ' '} {i + 1}  ", style="bold" if cur else "")
        t.append(label, style=("bold reverse" if cur else "") + ("" if ok else " dim"))
        t.append("\n")
    return t


def choice_rows(ctx: SeatFacts, width: int) -> Text:
    """The choices of `choice_list` packed several to a row within ``width`` cells, each
    whole on its row (a new row starts before one that would pass ``width``), the current
    one marked as in the list: two-hand's meld choices after a won trick at 80x24, where
    one a line left no row for the stock and its turn-up."""
    t = Text()
    mark = ">" if Style.ascii else "▶"
    used = 0
    for i, (label, _a, ok) in enumerate(ctx.options):
        cur = i == ctx.opt_index
        entry = Text(f"{mark if cur else ' '} {i + 1} ", style="bold" if cur else "")
        entry.append(label, style=("bold reverse" if cur else "") + ("" if ok else " dim"))
        if used and used + 1 + entry.cell_len > width:
            t.append("\n")
            used = 0
        elif used:
            t.append(" ")
            used += 1
        t.append_text(entry)
        used += entry.cell_len
    return t


def pack_entries(t: Text, entries: Sequence[Text], width: int, used: int, style: str = "") -> Text:
    """``entries`` appended to ``t`` (whose last line is ``used`` cells so far) after a
    space, then `` · `` between them (in ``style``); a new line, indented two cells,
    starts before an entry that would pass ``width`` (0: no limit), so an entry (a meld's
    name, its cards and points) is never split across lines unless it alone is wider.
    The first entry goes there too where it fits the new line but not the line it would
    follow (a double run's ten cards after ``North 1500:`` at 80 columns); an entry wider
    than a line by itself goes on over lines of its own words, indented four cells
    (`hang_words`), never left to the terminal, which wrapped it to the panel's first
    column.  The terminal's own wrap breaks at any space, inside an entry too; no joining
    character stops it there (Rich and Textual both take a no-break space for a space)."""
    for k, entry in enumerate(entries):
        sep = " · " if k else " "
        if width and used + len(sep) + entry.cell_len > width and (k or 2 + entry.cell_len <= width):
            t.append("\n  ")
            used = 2
        else:
            t.append(sep, style=style)
            used += len(sep)
        if width and used + entry.cell_len > width:
            used = hang_words(t, entry, width, used)
        else:
            t.append_text(entry)
            used += entry.cell_len
    return t


def hang_words(t: Text, words: Text, width: int, used: int, indent: int = 4) -> int:
    """``words`` appended to ``t`` (whose last line is ``used`` cells so far), a new line
    indented ``indent`` cells before a word that would pass ``width``; the cells of the
    last line after it."""
    for i, word in enumerate(words.split(" ")):
        if i and used + 1 + word.cell_len > width:
            t.append("\n" + " " * indent)
            used = indent
        elif i:
            t.append(" ")
            used += 1
        t.append_text(word)
        used += word.cell_len
    return used


def cards_line(cards: Any, style: str = "bold") -> Text:
    """Cards one after another, each followed by a space."""
    t = Text()
    for x in cards:
        t.append_text(card_text(x, style))
        t.append(" ")
    return t


def after_auction_text(ctx: SeatFacts) -> Text:
    """Trump, pass or bury: who won the auction, what they do now, and the kitty."""
    view, v, names = ctx.view, ctx.variant, ctx.names
    ph = view.phase
    t = Text()
    b = names[view.bidder or 0]
    if v.summed_contracts:  # §0.4.17: the highest single bid names trump
        t.append(f"{b} bid highest. Contracts: {summed_words(ctx, view.bids)}.\n")
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


# what a person does at their turn, by the phase: ``(verbs, the rest)`` in the plain form
# of the verb, one source for both ways it is said (`handed_for`, `doing_line`): the
# hot-seat hand-off "Mia's turn: name trump." and another seat's prompt "Mia is passing
# 4 cards to Dad." (each of ``verbs``, split at
# " or ", made an -ing word: `_doing`).  The rest may hold ``{blind}`` (`blind_word`),
# ``{count}`` (the pass), ``{bury}`` (the burial) and ``{to}`` (whom the pass is for)
PHASE_TASKS: dict[Phase, tuple[str, str]] = {
    Phase.DEAL: ("decide", "whether to call a misdeal"),
    Phase.KITTY: ("hand out", "the {blind}"),
    Phase.DRAFT: ("keep or reject", "a card"),
    # "pass" is also the cards passed to a partner: the auction's is named as the help's
    # keys name it ("p: pass in the auction")
    Phase.AUCTION: ("bid or pass", "in the auction"),
    Phase.TRUMP: ("name", "trump"),
    Phase.CALL: ("call", "a trump card"),
    Phase.ASK_PASS: ("decide", "whether to ask for the pass"),
    Phase.PASS: ("pass", "{count} cards to {to}"),
    Phase.BURY: ("bury", "{bury} cards"),
    Phase.MELD: ("decide", "whether to play the hand or throw it in"),
    Phase.DECLARE: ("choose", "a meld"),
    Phase.LAST_PICK: ("pick", "a last card"),
}

# the phases in which only the bidder acts, just after winning the auction: the hand-off
# says so ("Mia won the auction at 310. Mia's turn: name trump."), as the
# keyboard comes to the bidder from whoever made the auction's last call
BIDDER_AFTER_AUCTION = frozenset({Phase.TRUMP, Phase.CALL, Phase.KITTY, Phase.ASK_PASS, Phase.BURY})


def _doing(verbs: str) -> str:
    """``verbs`` ("keep or reject", "hand out") as -ing words ("keeping or rejecting",
    "handing out"): the first word of each, a silent e dropped ("naming"), the last
    letter doubled after one short vowel ("bidding")."""

    def ing(word: str) -> str:
        if word.endswith("e") and not word.endswith("ee"):
            return word[:-1] + "ing"
        vowels = "aeiou"
        if len(word) == 3 and word[1] in vowels and word[0] not in vowels and word[2] not in vowels + "wxy":
            return word + word[2] + "ing"
        return word + "ing"

    out = []
    for verb in verbs.split(" or "):
        first, _, rest = verb.partition(" ")
        out.append(" ".join([ing(first), *([rest] if rest else [])]))
    return " or ".join(out)


def _task(view: Any, to: str, doing: bool) -> str:
    """What the person to act in ``view`` does (`PHASE_TASKS`), ``to`` the name of whom a
    pass is for: "pass 4 cards to Dad" (``doing``: "passing 4 cards to Dad"); empty where
    the phase has no words."""
    verbs, rest = PHASE_TASKS.get(view.phase, ("", ""))
    if not verbs:
        return ""
    v = view.variant
    rest = rest.format(blind=blind_word(v), count=v.pass_count, bury=v.kitty_size, to=to)
    return f"{_doing(verbs) if doing else verbs} {rest}"


def pass_partner(view: Any) -> int:
    """The seat the partners' pass of ``view``'s seat to act goes to: the partner across
    (RULES.md §4.1), as the passing prompt names it."""
    return int((view.to_act + 2) % view.variant.players)


def handed_for(view: Any, names: Sequence[str], meld_look: bool = False, may_pass: bool = True) -> str:
    """Whose turn it is and what for, as the hot-seat hand-off says it under "Pass the
    keyboard to Sam.", to the person whose hand ``view`` is (a `SeatView`, their turn),
    ``names`` the table's: "Sam's turn: give 4 cards to partner Dad." — the cards' pass
    is "give" there, not a second "pass" beside the keyboard's, and the person is named
    throughout, never "your"; the bidder just after the auction is told it won ("Mia won
    the auction at 310. Mia's turn: name trump.": the keyboard comes from whoever made
    the last call); ``may_pass`` False in the auction (the dealer stuck with the bid,
    §3.5, or a seat that must open): the pass is not among the choices, as the table's
    prompt says ("no pass"); ``meld_look``: to see everyone's meld, the hot-seat pause
    before the first lead.  Empty where the phase has no words."""
    who = visible(names[view.seat])
    turn = f"{who}'s turn:"
    if meld_look:
        return f"{turn} see everyone's meld."
    if view.phase is Phase.TRICKS:
        return f"{turn} {'play' if view.trick else 'lead'} a card."
    if view.phase is Phase.PASS:  # (`PHASE_TASKS`' "pass", said so beside "Pass the keyboard")
        partner = visible(names[pass_partner(view)])
        return f"{turn} give {view.variant.pass_count} cards to partner {partner}."
    if view.phase is Phase.AUCTION and not may_pass:
        others = {s for s, amount in view.bids if amount == 0} - {view.seat}
        stuck = view.high_bid == 0 and len(others) == view.variant.players - 1
        # (the news above names the passes: "The auction so far: Bot 4 passed, ...")
        return f"{turn} bid ({'stuck with it' if stuck else 'must open the bidding'}: no pass)."
    task = _task(view, "", doing=False)
    if not task:
        return ""
    if view.phase in BIDDER_AFTER_AUCTION and view.bidder == view.seat:
        if view.variant.summed_contracts:  # §0.4.17: the highest single bid names trump
            return f"{who} bid highest. {turn} {task}."
        if view.contract is not None:
            return f"{who} won the auction at {view.variant.fmt(view.contract)}. {turn} {task}."
    return f"{turn} {task}."


def calls_since(view: Any, names: Sequence[str]) -> str:
    """The auction's calls since the last call of the person whose hand ``view`` is (a
    `SeatView` in the auction), for their hot-seat hand-off: "Since Lily's last turn: Dad
    bid 250, Bot 4 passed." (RULES.md §3: each seat calls in turn, so at most one call of
    each other seat); before their first call "The auction so far: ..."; "" where nobody
    has called since."""
    if view.phase is not Phase.AUCTION:
        return ""
    calls: list[str] = []
    called = False  # (whether the person has called before in this auction)
    for seat, amount in reversed(view.bids):
        if seat == view.seat:
            called = True
            break
        name = visible(names[seat])
        calls.append(f"{name} bid {view.variant.fmt(amount)}" if amount else f"{name} passed")
    if not calls:
        return ""
    said = ", ".join(reversed(calls))
    if not called:
        return f"The auction so far: {said}."
    return f"Since {visible(names[view.seat])}'s last turn: {said}."


def doing_line(ctx: SeatFacts, seat: int) -> str:
    """What the person at ``seat``, whose turn it is, is doing, as the viewer's prompt says
    it ("Ann is naming trump.", "Ann is choosing a card to lead."): the centre names the
    decision too ("Ann names trump."), and "Waiting for Ann." alone read as if the table
    had stalled."""
    view = ctx.view
    name = ctx.names[seat]
    if view.phase is Phase.TRICKS:
        return f"{name} {says(name, 'is', 'are')} choosing a card to {'play' if view.trick else 'lead'}."
    to = ctx.names[pass_partner(view)] if view.phase is Phase.PASS else ""
    doing = _task(view, "you" if to == "You" else to, doing=True)  # ("Ann is passing 4 cards to you.")
    if not doing:
        return f"Waiting for {name}."
    return f"{name} {says(name, 'is', 'are')} {doing}."


PROMPT_ROOM = 78  # the prompt line's cells at 80 columns, the smallest table
F = TypeVar("F", bound=Callable[..., tuple[Text, list[ButtonSpec]]])


def hot_seat(ctx: SeatFacts) -> bool:
    """Two or more people share the keyboard: "You" alone does not say whose turn it is."""
    return ctx.hotseat


def address(ctx: SeatFacts, text: Text) -> Text:
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
    ``i hints`` over as ``... · i`` / ``hints``).  A line with no `` · `` to break
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
    def wrapper(self: Any, ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
        text, buttons = prompt(self, ctx)
        return wrap_groups(address(ctx, text), prompt_width(self)), buttons

    wrapper.addressed = True  # type: ignore[attr-defined]
    return cast(F, wrapper)


class Panel(Static):
    """One phase's part of the table centre.  The screen shows one panel at a time; the
    panel draws ``body(ctx)`` and, when the viewer decides, ``prompt(ctx)``."""

    def body(self, ctx: SeatFacts) -> Any:
        """What the centre of the table shows in this phase."""
        return Text()

    @addressed
    def prompt(self, ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
        """The prompt line and the buttons when the viewer decides in this phase (every
        override is `addressed` too: in hot-seat it names whose turn it is)."""
        return Text(""), []

    def draw(self, content: Any) -> None:
        """Update only when the content changed; with a layout pass of the screen only
        when its height changed (`same_height`): a trick's next card repaints the panel."""
        if getattr(self, "_shown", None) != content:
            self._shown = content
            self.update(content, layout=not self.same_height(content))

    def same_height(self, content: Any) -> bool:
        """Whether ``content`` takes the rows the panel's content has now, at its width
        (the panel is as tall as its content: a taller or shorter one moves the centre's
        scroll, so the screen is laid out again)."""
        return same_rows(self, content)


def owner(ctx: SeatFacts, capital: bool = False) -> str:
    """Whose the cards drawn at the bottom are, as a possessive: "your" ("Your" with
    ``capital``) where a person sits at that seat, else the seat's name ("South's": a game
    of bots alone, watched, has no "you")."""
    if ctx.viewer is None or ctx.viewer in ctx.humans:
        return "Your" if capital else "your"
    return f"{ctx.names[ctx.viewer]}'s"


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
