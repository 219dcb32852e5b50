"""The stock panel of the two-hand game (RULES.md §2.7): the opponent's melds on the
table, the stock with the turn-up trump under it, the trick, and after a won trick the
melds the rules allow now.  In phase 2 (the stock gone) the rule of play instead."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from rules import DeclareDix, DeclareMeld, NoMeld, Phase, SeatView, TakeStock

from ..keymap import key
from ..render import (
    SUIT_NAMES,
    Style,
    card_text,
    keys,
    mid,
    phase2_rule,
    says,
    sorted_hand,
    trick_points,
    trump_index,
)
from .base import (
    ButtonSpec,
    Panel,
    SeatFacts,
    addressed,
    cards_line,
    choice_buttons,
    choice_list,
    choice_rows,
    choose_keys,
    number_keys,
    play_prompt,
)


def opponents(ctx: SeatFacts) -> list[int]:
    """The other seats, clockwise from the one at the bottom (one in two-hand, two with
    three players, §0.4 item 22)."""
    n = ctx.variant.players
    return [(ctx.base + k) % n for k in range(1, n)]


def trick_line(ctx: SeatFacts) -> Text:
    """The trick being played, else the last one won, on one line, the lead first."""
    view, v, names = ctx.view, ctx.variant, ctx.names
    t = Text()
    n = v.tricks_per_hand
    if view.trick:
        t.append(f"Trick {len(view.tricks) + 1}/{n}: ", style="bold")
        for seat, x in view.trick:
            t.append(f"{names[seat]} ")
            t.append_text(card_text(x, "bold reverse"))
            t.append("  ")
        if len(view.trick) < v.players:  # the next to play
            t.append(f"{names[(view.trick[0][0] + len(view.trick)) % v.players]} ")
            t.append("·" if not Style.ascii else ".", style="dim")
    elif view.tricks:
        leader, cards, winner = view.tricks[-1]
        t.append(f"Trick {len(view.tricks)}/{n}: ", style="bold")
        for i, x in enumerate(cards):
            t.append(f"{names[(leader + i) % v.players]} ")
            t.append_text(card_text(x, "bold reverse"))
            t.append("  ")
        pts = v.fmt(trick_points(v, cards, len(view.tricks)))
        t.append(f"{'->' if Style.ascii else '→'} {names[winner]} won it ({pts})")
    else:
        who = names[view.to_act]
        t.append(f"{who} {says(who, 'leads', 'lead')} the first trick.", style="italic")
    return t


def stock_line(ctx: SeatFacts) -> Text:
    """The stock and the turn-up under it, or the rule of phase 2 once it is gone."""
    view, v = ctx.view, ctx.variant
    t = Text()
    trump = view.trump
    if view.stock_open:
        t.append("Stock: ", style="bold")
        t.append(f"{view.stock_size} face down")
        if view.turn_up is not None:
            t.append(", turn-up ")
            t.append_text(card_text(view.turn_up, "bold"))
            t.append(" under it")
        if trump is not None:
            t.append(f" (trump {Style.suit(trump.index)})")
    else:
        t.append(f"Stock gone: {phase2_rule(v)}.", style="bold")
        if trump is not None:
            t.append(f" Trump {Style.suit(trump.index)} {SUIT_NAMES[trump.index]}.")
    return t


def later_meld_note(view: SeatView, actions: Sequence[Any], clear: bool = False) -> str:
    """Why a meld made now may score little more than none, for the hint at the meld after a
    won trick (§2.7, §5.9) where a later trick is played while the stock lasts: a meld
    kept back may be made after that trick, if it is won, and the expert's deals play the
    hand on so (`bots.search.stock`: the standard bot's play melds after each trick it
    wins), so "no meld" is scored with the meld made later where the deal wins a trick
    ("kings around (80) · it scores 5 more than no meld"); the dix likewise ("show the
    dix 9♠ (+10) · it scores a shade more than no meld": shown after a later won trick, it
    scores its 10 then); where both are offered, that the turn allows the dix and one meld
    in either order (the options are which comes first); "" at the last stock trick (no
    trick after it melds), or where the options ``actions`` are not a meld or the dix
    against none; "" too with ``clear``, where the hint's meld scores clearly more than
    none (`bots.expert.Analysis.clearly_above`): said beside "clearly better than no
    meld", the note read as a case against melding."""
    if clear or view.phase is not Phase.DECLARE or view.stock_size < view.variant.players:
        return ""
    if not any(isinstance(a, NoMeld) for a in actions):
        return ""
    kept = ["the meld"] if any(isinstance(a, DeclareMeld) for a in actions) else []
    kept += ["the dix"] if any(isinstance(a, DeclareDix) for a in actions) else []
    if not kept:
        return ""
    note = f"no meld now keeps {' and '.join(kept)} for a later trick won while the stock lasts"
    note += "; the figures count it made then"
    if len(kept) == 2:  # (§2.7: one meld a won trick, the dix besides it)
        note += "; the dix and one meld may both be made this turn, in either order"
    return note


def last_pair_note(view: SeatView, names: Sequence[str], action: Any) -> str:
    """Who takes the turn-up, for the hint at the stock's last round (§2.7.5; with three,
    §0.4 item 22: the face-down cards clockwise from the trick's winner, the turn-up to the
    last to draw): at the trick that decides it, "the last stock trick: its winner takes the
    face-down card, the loser the turn-up 9♦"; at the winner's meld before that draw, "then
    you take the face-down card, West the turn-up 9♦"; at the winner's choice of the two
    (``last_stock_pick = "winner_chooses"``, ``action`` its `TakeStock`), "West takes the
    turn-up 9♦".  "" anywhere else (``names``: every seat's, the viewer's "You")."""
    v = view.variant
    n = v.players
    if not view.stock_open or view.turn_up is None or view.stock_size != n - 1:
        return ""
    up = f"the turn-up {Style.card(view.turn_up)}"
    chooses = n == 2 and v.last_stock_pick == "winner_chooses"
    me = view.seat
    others = [mid(names[(me + k) % n]) for k in range(1, n)]
    if view.phase is Phase.LAST_PICK:  # the viewer's choice of the two
        if not isinstance(action, TakeStock):
            return ""
        return f"{others[0]} takes " + ("the face-down card" if action.turn_up else up)
    # the trick's winner, the next to draw and the one left the turn-up, and the winner's verb ending
    if view.phase is Phase.TRICKS:
        winner, after, last, s = "the last stock trick: its winner", "the next player", "the loser", "s"
        last = "the third" if n > 2 else last
    elif view.phase is Phase.DECLARE:  # the viewer won it
        winner, after, last, s = "then you", others[0], others[-1], ""
    else:
        return ""
    if n > 2:
        return f"{winner} and {after} take the face-down cards, {last} {up}"
    if chooses:
        return f"{winner} choose{s} the face-down card or {up}, {last} takes the other"
    return f"{winner} take{s} the face-down card, {last} {up}"


def melds_line(ctx: SeatFacts, seat: int, note: bool = True, width: int = 0) -> Text:
    """A seat's melds lying on the table (phase 1), clearly labelled with whose they are;
    the viewer's own with a ``note`` of where they are drawn, the 'on table' row.  Wider
    than ``width`` cells (0: any width) the label is shorter, ``Your melds:`` (at 80x24
    five cards of one's own wrapped the line to a second row, the centre's last)."""
    view, names = ctx.view, ctx.names
    cards = view.table_melds[seat] if view.table_melds else ()
    own = seat == ctx.viewer
    who = "Your" if own else f"{names[seat]}'s"
    t = Text()
    t.append(f"{who} melds on the table: ", style="bold")
    if cards:
        # in the order of the 'on table' row under the hand (trump first, as the hand is sorted)
        shown = cards_line(sorted_hand(cards, trump_index(view)))
        t.append_text(shown)
        if own and note:
            t.append("(the 'on table' row)", style="italic")
        if width and cell_len(t.plain.rstrip()) > width:
            t = Text(f"{who} melds: ", style="bold") + shown
            if own and note:
                t.append("(the 'on table' row)", style="italic")
    else:
        t.append("none", style="dim")
    return t


def melds_lines(ctx: SeatFacts, seats: list[int], note: bool = True, width: int = 0) -> list[Text]:
    """``seats``' melds on the table (`melds_line` each).  With three players the centre is
    narrow, between two seat boxes (§0.4 item 22): the seats with none share one line
    (``No melds on the table yet`` while no one has any) and each seat's line is
    shorter (``West's melds:``), so the viewer's own, played from, stays in sight at 80x24.
    ``note``: the viewer's own says it is the 'on table' row; ``width``: two-hand's lines
    fitted to it (`melds_line`)."""
    if ctx.variant.two_hand:
        return [melds_line(ctx, seat, note, width) for seat in seats]
    view, names = ctx.view, ctx.names
    out: list[Text] = []
    bare = []
    for seat in seats:
        cards = view.table_melds[seat] if view.table_melds else ()
        if not cards:
            bare.append("you" if seat == ctx.viewer else names[seat])
            continue
        t = Text()
        t.append("Your melds: " if seat == ctx.viewer else f"{names[seat]}'s melds: ", style="bold")
        t.append_text(cards_line(sorted_hand(cards, trump_index(view))))
        if seat == ctx.viewer and note:
            t.append("(the 'on table' row)", style="italic")
        out.append(t)
    if bare:
        words = "No melds on the table yet" if not out else "No melds on the table: " + ", ".join(bare)
        out.append(Text(words, style="dim"))
    return out


def known_line(ctx: SeatFacts, seat: int) -> Text | None:
    """The cards of ``seat``'s hand the viewer has seen (taken turn-up, picked-up melds)."""
    view = ctx.view
    known = view.known[seat] if view.known else ()
    if not known or ctx.viewer is None:
        return None
    t = Text()
    t.append(f"Seen in {ctx.names[seat]}'s hand: ", style="bold")
    t.append_text(cards_line(sorted_hand(known, trump_index(view)), ""))
    return t


def rows_of(lines: list[Text], width: int) -> int:
    """The rows ``lines`` take in a centre ``width`` cells wide (a line wider wraps)."""
    return sum(max(1, -(-cell_len(row) // width)) for line in lines for row in line.plain.split("\n"))


def fit_choice(
    head: Text,
    choices: Text,
    packed: Text,
    trick: Text,
    stock: Text,
    melds: list[Text],
    rows: int,
    width: int,
    bare_melds: list[Text] | None = None,
    after: int = 0,
) -> list[Text]:
    """The centre after a won trick (the meld choices, two-hand's last pick) in ``rows``
    rows of ``width`` cells (0: as many as it takes): ``head``, the numbered ``choices``
    one a line, then the table in the order it has the rest of the hand (`StockPanel.body`):
    the ``melds`` on the table, which a choice of meld is made from, the ``stock`` with its
    turn-up, the ``trick``, and the last ``after`` of the melds (two-hand: the viewer's
    own, under the trick as ever).  Where that does not fit (80x24 with four choices and
    more), the lines the table says elsewhere go first: ``head`` (the prompt under the hand
    says how to choose), then the trick's (the log has it); then the choices are
    ``packed`` several to a row (with the trick again where it fits), then the melds are
    said ``bare`` (without the note on the 'on table' row).  The stock's line stays: the
    turn-up is named nowhere else (the status line has the stock's count and trump, not
    the card).  Where even that does not fit, the table goes above the choices, in sight,
    and the choices (the buttons under the prompt too) scroll."""
    bare = melds if bare_melds is None else bare_melds

    def table(lines: list[Text], with_trick: bool) -> list[Text]:
        cut = len(lines) - after
        return [*lines[:cut], stock, *([trick] if with_trick else []), *lines[cut:]]

    ways = (
        [head, choices, *table(melds, True)],
        [choices, *table(melds, True)],
        [choices, *table(melds, False)],
        [packed, *table(melds, True)],
        [packed, *table(melds, False)],
        [packed, *table(bare, False)],
    )
    if not rows or not width:
        return ways[0]
    return next((lines for lines in ways if rows_of(lines, width) <= rows), [*table(bare, False), packed])


def join_lines(lines: list[Text]) -> Text:
    out = Text()
    for k, line in enumerate(lines):
        if k:
            out.append("\n")
        out.append_text(line)
    return out


class StockPanel(Panel):
    """The two-hand stock game: phases TRICKS, DECLARE, LAST_PICK and the finished hand."""

    def room(self) -> tuple[int, int]:
        """The centre's rows and cells across, (0, 0) before a layout (or unmounted)."""
        center = self.parent
        if not isinstance(center, Widget):
            return 0, 0
        size = center.content_size
        return int(size.height), int(size.width)

    def body(self, ctx: SeatFacts) -> Text:
        view, names = ctx.view, ctx.names
        others = opponents(ctx)
        lines: list[Text] = []
        if ctx.my_turn and view.phase in (Phase.DECLARE, Phase.LAST_PICK):
            # the choice comes first: on a small terminal the centre has room for little else
            if view.phase is Phase.DECLARE:
                # the number keys there are ("1-9" beside 3 choices read as 9 to pick from)
                picks = choose_keys(len(ctx.options))
                lines.append(Text(keys(f"You won the trick. Meld now ({picks}):"), style="bold"))
            else:
                lines.append(Text("You won the last stock trick: which card do you take?", style="bold"))
            choices = choice_list(ctx)
            choices.rstrip()
            seats = [*others, *([ctx.viewer] if ctx.viewer is not None else [])]
            rows, width = self.room()
            melds, bare = melds_lines(ctx, seats, width=width), melds_lines(ctx, seats, note=False, width=width)
            packed = choice_rows(ctx, width - 1)  # (a cell left for the centre's scrollbar, should it scroll)
            # the viewer's own melds under the trick in two-hand, as the rest of the hand has them
            mine = int(ctx.variant.two_hand and ctx.viewer is not None)
            fitted = fit_choice(
                lines[0], choices, packed, trick_line(ctx), stock_line(ctx), melds, rows, width, bare, mine
            )
            return join_lines(fitted)
        if view.stock_open and not ctx.variant.two_hand:  # three: every seat's melds in one place
            lines += melds_lines(ctx, [*others, *([ctx.viewer] if ctx.viewer is not None else [])])
        elif view.stock_open:
            lines += [melds_line(ctx, opp, width=self.room()[1]) for opp in others]
        lines.append(stock_line(ctx))
        lines.append(trick_line(ctx))
        if view.stock_open and ctx.viewer is not None and ctx.variant.two_hand:
            lines.append(melds_line(ctx, ctx.viewer, width=self.room()[1]))
        if view.phase is Phase.DECLARE:
            lines.append(Text(f"{names[view.to_act]} won the trick and may meld.", style="italic"))
        elif view.phase is Phase.LAST_PICK:
            lines.append(Text(f"{names[view.to_act]} chooses a card of the last pair.", style="italic"))
        elif view.phase is Phase.DONE:
            lines.append(Text("The hand is over."))
        if not view.stock_open:
            for opp in others:
                seen = known_line(ctx, opp)
                if seen is not None:
                    lines.append(seen)
        return join_lines(lines)

    @addressed
    def prompt(self, ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
        view = ctx.view
        if view.phase in (Phase.DECLARE, Phase.LAST_PICK):
            head = (
                keys(
                    f"Meld: {number_keys(len(ctx.options))} or ←→ choose, {key('choose')} (or {key('pick')}) takes it."
                )
                if view.phase is Phase.DECLARE
                else "Choose a card."
            )
            return Text(head), choice_buttons(ctx)
        if view.stock_open:
            lead = "Your play" if view.trick else "Your lead"
            t = Text(keys(f"{lead}: any card, from hand or 'on table'. ←→ choose, {key('play')} plays."))
            return t, [("Play", "play", True, True)]
        return play_prompt(view, "Your lead (the stock is gone).")
