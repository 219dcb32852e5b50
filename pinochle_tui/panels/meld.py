"""The meld panel: everyone's meld before the first lead (and on m), the exposed widow,
and the bidder's choice to play the hand or throw it in."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from rules import Phase, SeatView

from ..checks_view import throw_in_could
from ..keymap import key
from ..render import Style, card_text, mid, says
from .base import (
    PROMPT_ROOM,
    TEAM_LETTERS,
    ButtonSpec,
    Panel,
    SeatFacts,
    address,
    addressed,
    cards_line,
    choice_buttons,
    pack_entries,
    team_of,
)


def meld_mode(view: SeatView, show_melds: bool) -> bool:
    """The centre shows everyone's meld: before the first lead, or when asked (m)."""
    started = bool(view.tricks or view.trick)
    return view.melds is not None and (show_melds or (not started and view.phase is not Phase.DONE))


def widow_text(ctx: SeatFacts) -> Text:
    """The exposed widow, shown to everyone until the first lead."""
    t = Text()
    b = ctx.names[ctx.view.bidder or 0]
    t.append(f"\nWidow (taken by {mid(b)}): ", style="bold")
    t.append_text(cards_line(ctx.view.kitty))
    return t


def meld_text(ctx: SeatFacts, rows: int = 0) -> Text:
    """Every seat's meld, one seat a line: ``North 60: royal marriage K♠ Q♠ 40 · dix 9♠ 10``.

    Within ``rows`` lines (0: as many as it takes; the inline panel passes the board's):
    when the seats' lines with their cards wrap past it, one line a seat without the
    cards (`compact_meld_text`), the totals kept and ``m: all melds`` said (else six-hand at
    80x24 hid a seat's row and the totals with no sign)."""
    t = _meld_heading(ctx)
    board = ctx.board_width
    width = board - 3 if board > 3 else 10_000
    for seat in range(len(ctx.view.melds or ())):
        t.append_text(_seat_meld_line(ctx, seat, width, cards=True))
    t.append_text(_meld_foot(ctx))
    if rows and t.plain.rstrip("\n").count("\n") + 1 > rows:
        return compact_meld_text(ctx, rows, width)
    return t


def _meld_heading(ctx: SeatFacts) -> Text:
    t = Text()
    t.append("Meld", style="bold underline")
    t.append(f"  (trump {Style.suit(ctx.view.trump.index) if ctx.view.trump else '—'})\n")
    return t


def _seat_meld_line(ctx: SeatFacts, seat: int, width: int, cards: bool) -> Text:
    """A seat's meld: its name, team letter and total, then its melds.  With ``cards`` an
    entry ("marriage K♦ Q♦ 20") never splits across lines: a new line starts before an
    entry that does not fit ``width``; without, the melds by name and points on one line
    (``marriage ×3 6``), cut with ``…`` where they do not fit."""
    v = ctx.variant
    m = (ctx.view.melds or ())[seat]
    team = team_of(ctx, seat)  # 5 to 8 seats: the team letter of the boxes
    tag = f" ({TEAM_LETTERS[team]})" if team is not None else ""
    head = f"{ctx.names[seat]}{tag} {v.fmt(m.total)}:"
    t = Text()
    t.append(head, style="bold")
    used = len(head)
    if not m.melds:
        t.append(" no meld", style="dim")
    if not cards:  # the same meld several times as one entry: "marriage ×3 6"
        grouped: dict[str, list[int]] = {}
        for meld in m.melds:
            grouped.setdefault(meld.name, []).append(meld.points)
        times = "x" if Style.ascii else "×"
        entries = [Text(f"{name} " + (f"{times}{len(ps)} " if len(ps) > 1 else "")) for name, ps in grouped.items()]
        for entry, ps in zip(entries, grouped.values()):
            entry.append(v.fmt(sum(ps)), style="bold")
        for k, entry in enumerate(entries):
            sep = " · " if k else " "
            if used + len(sep) + entry.cell_len > width - (0 if k == len(entries) - 1 else 2):
                t.append(" …")
                break
            t.append(sep)
            t.append_text(entry)
            used += len(sep) + entry.cell_len
    else:
        entries = []
        for meld in m.melds:
            entry = Text(f"{meld.name} ")
            for x in meld.cards:
                entry.append_text(card_text(x))
                entry.append(" ")
            entry.append(v.fmt(meld.points), style="bold")
            entries.append(entry)
        pack_entries(t, entries, width, used)
    t.append("\n")
    return t


def _meld_foot(ctx: SeatFacts, more: str = "") -> Text:
    """The sides' meld totals (5 to 8 seats by team letter, the partnerships by name), then
    ``more``; the exposed widow before the first lead."""
    v, view = ctx.variant, ctx.view
    melds = view.melds or ()
    t = Text()
    if v.ring_table and team_of(ctx, 0) is not None:  # the teams' meld, by letter
        for side in range(v.n_sides):
            total = sum(m.total for s, m in enumerate(melds) if v.side_of[s] == side)
            t.append(f"{TEAM_LETTERS[side]}: {v.fmt(total)}   ", style="bold")
    elif v.partners_opposite:
        for side in range(v.n_sides):
            total = sum(m.total for s, m in enumerate(melds) if v.side_of[s] == side)
            t.append(f"{ctx.side_name(side)}: {v.fmt(total)}   ", style="bold")
    if more:
        t.append(more)
    if v.kitty_exposed and view.kitty and view.bidder is not None and not (view.tricks or view.trick):
        t.append_text(widow_text(ctx))
    return t


def compact_meld_text(ctx: SeatFacts, rows: int, width: int) -> Text:
    """Everyone's meld in ``rows`` lines: one line a seat, its melds by name and points
    (no cards), the totals on the last line with ``m: all melds``; where even that is too
    tall, the seats that do not fit are left out and the line says how many."""
    t = _meld_heading(ctx)
    n = len(ctx.view.melds or ())
    foot_rows = 1 + 2 * (ctx.variant.kitty_exposed and bool(ctx.view.kitty))  # a blank line, the widow
    shown = max(0, min(n, rows - 1 - foot_rows))
    for seat in range(shown):
        t.append_text(_seat_meld_line(ctx, seat, width, cards=False))
    more = f"{key('melds')}: all melds" + ("" if shown == n else f" ({n - shown} more seats)")
    t.append_text(_meld_foot(ctx, more))
    return t


def unseen(view: SeatView) -> bool:
    """The bidder holds a forced bid and has not taken the widow yet
    (``concede_without_looking``, §9.2): it may throw the hand in unseen."""
    return view.phase is Phase.MELD and view.trump is None and view.melds is None


def unseen_text(ctx: SeatFacts) -> Text:
    """The forced bidder's choice before the widow is seen, for everyone at the table
    (short lines: the centre is 23 cells wide at 80 columns)."""
    v, view = ctx.variant, ctx.view
    b = ctx.names[view.bidder or 0]
    bid = v.fmt(view.contract or 0)
    cost = ", no checks" if v.check_scoring != "off" else ""
    t = Text()
    if v.concede_without_looking == "at_min_bid_pay_kitty_only":
        t.append(f"{b} took the contract at {bid}, the least bid.\n", style="bold")
    else:
        t.append(f"{b} {says(b, 'is', 'are')} stuck with {bid} (forced).\n", style="bold")
    t.append(f"Throw in unseen: set by {bid}{cost}; the others score nothing.\n")
    t.append(f"Or look at the widow ({v.kitty_size} cards) and play on.")
    return t


def meld_pause_prompt(ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
    """The "everyone's meld is shown" pause, addressed in hot-seat to the person it is for
    (``Ann, everyone's meld is shown.``), as every decision's prompt is."""
    if ctx.hotseat and ctx.viewer is None:  # the people at the keyboard look together, no hand shown
        text = Text(f"Everyone's meld is shown, for all to see. Press {key('continue')} to go on.", style="bold")
        return text, [("Continue", "continue", True, True)]
    text = Text(f"Everyone's meld is shown. Press {key('continue')} to go on.", style="bold")
    return address(ctx, text), [("Continue", "continue", True, True)]


def out_of_reach_prompt(ctx: SeatFacts) -> str:
    """The throw-in's prompt (RULES.md §8.3) when the contract cannot be made even by
    taking every trick (`checks_view.throw_in_could`), in the hint's and the review's words
    (`checks_view.out_of_reach_words`) as far as they fit the prompt's row at 80 columns
    (`PROMPT_ROOM`, with the hot-seat name before it): "Contract 30 is out of reach: you
    could reach 28 at most. Play or throw in?" (the hint's "taking every trick" has
    no room), shorter where a side or a name needs the room; "" when it can be made."""
    view = ctx.view
    could = throw_in_could(view, ctx.names)
    if not could:
        return ""
    bid = ctx.variant.fmt(view.contract or 0)
    tries = (
        f"Contract {bid} is out of reach: {could}. Play or throw in?",
        f"Contract {bid} out of reach: {could}. Play or throw in?",
        f"Contract {bid} out of reach: {could}.",
    )
    return next((t for t in tries if cell_len(address(ctx, Text(t)).plain) <= PROMPT_ROOM), tries[-1])


class MeldPanel(Panel):
    """Phase MELD, and the meld shown again during the tricks."""

    def rows_now(self) -> int:
        """The board's rows (in meld mode the centre spans the board); 0 before a layout."""
        center = self.parent
        board = center.parent if isinstance(center, Widget) else None
        return int(board.content_size.height) if isinstance(board, Widget) else 0

    def body(self, ctx: SeatFacts) -> Text:
        if meld_mode(ctx.view, ctx.show_melds):
            return meld_text(ctx, self.rows_now())
        view = ctx.view
        if unseen(view):
            return unseen_text(ctx)
        if ctx.variant.kitty_exposed and view.kitty and view.bidder is not None:
            return widow_text(ctx)
        return Text()

    @addressed
    def prompt(self, ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
        v, view = ctx.variant, ctx.view
        if unseen(view):
            # the stuck dealer's forced bid, or any contract at the least bid (§9.2, §4.2)
            how = "forced" if v.concede_without_looking == "stuck_dealer" else "least bid,"
            head = f"Your {how} {v.fmt(view.contract or 0)}: 1 Look at the widow, or 2 Throw in unseen?"
            return Text(head), choice_buttons(ctx)
        seat = view.to_act
        sides = view.play_sides  # five-hand: the bidder with its called partner (§2.12)
        alone = v.each_for_self or (v.calls_partner and view.partner is None)
        mine = "your meld" if alone else "your side's meld"
        total = sum(m.total for s, m in enumerate(view.melds or ()) if sides[s] == sides[seat])
        head = f"Your contract {v.fmt(view.contract or 0)}, {mine} {v.fmt(total)}: play the hand, or throw it in?"
        out = out_of_reach_prompt(ctx)
        return Text(out or head), choice_buttons(ctx)
