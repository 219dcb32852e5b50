"""Seat boxes, the viewer's line over the hand, and the scores column."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from rules import Phase, SeatView
from rules.game import BID_OUT_SETS

from ..checks_view import has_checks, seat_checks_text
from ..cli_common import visible
from ..controller import Controller
from ..render import Style, plural
from ..widgets import COMPASS_SHORT, cut_name, short_name, short_names
from .base import MAX_TEAMS, TEAM_LETTERS, TableContext, team_of, variant_team


def bid_word(ctx: TableContext, seat: int) -> str:
    """A seat's auction in a word: ``won at 300``, ``bid 260``, ``passed`` or ``—``."""
    view, v = ctx.view, ctx.variant
    bids = [a for s, a in view.bids if s == seat]
    if view.bidder == seat and view.contract:
        return f"won at {v.fmt(view.contract)}"
    if not bids:
        return "—"
    if len(bids) == 1 and v.forced_opener == "eldest_fixed_bid" and view.bids[0] == (seat, bids[0]):
        return f"forced {v.fmt(bids[0])}"  # the eldest's opening, made for it (§3.5)
    return "passed" if bids[-1] == 0 else f"bid {v.fmt(bids[-1])}"


def seat_text(ctx: TableContext, seat: int) -> Text:
    """A seat box: name, dealer, to act, partner, bid, cards left, meld, tricks."""
    c, v, view = ctx.ctrl, ctx.variant, ctx.view
    t = Text()
    if c.to_act == seat:
        t.append("> " if Style.ascii else "▶ ", style="bold reverse")
    t.append(c.seats[seat].name, style="bold")
    if seat == view.dealer:
        t.append(" (D)")
    me = ctx.viewer
    if v.sides == "pairs_opposite" and me is not None and seat != me and v.side_of[seat] == v.side_of[me]:
        t.append(" partner", style="italic")
    if v.round_flow == "stock":
        t.append("\n" + hand_count(ctx, seat).replace(" · ", "\n"))
        t.append(f"\nmeld {v.fmt(view.meld_points[seat] if view.meld_points else 0)}")
        t.append(" · " + plural(view.won[seat], "trick"))
        return t
    if view.phase is Phase.DRAFT:
        t.append(f"\nholds {view.hand_sizes[seat]} · drafting")
        return t
    t.append("\n" + bid_word(ctx, seat))
    t.append("\n" + plural(view.hand_sizes[seat], "card"))
    if view.melds is not None:
        t.append(f"\nmeld {v.fmt(view.melds[seat].total)}")
    if view.tricks or view.trick:
        t.append("\n" + plural(view.won[seat], "trick"))
    return t


def _pack(items: list[str], width: int, room: int = 0) -> list[str]:
    """``items`` one a line, or where that takes more than ``room`` lines on as few lines
    of ``width`` cells as they go, `` · `` between two on a line."""
    if len(items) <= room:
        return list(items)
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += " · " + item
        else:
            lines.append(item)
    return lines


def called_role(view: SeatView, seat: int, width: int, short: bool = False) -> str:
    """Five-hand: ``bidder`` (with the card it called, where it fits ``width``) or
    ``partner`` for those two seats once known, else ``""``; ``short``: the bare word.
    The word is never shortened to a letter (``(B)`` read as team B, issue 13): where
    even the bare word does not fit, the caller shortens the name beside it."""
    card = Style.card(view.called_card) if view.called_card is not None and not short else ""
    if seat == view.bidder:
        forms = [f"bidder · called {card}", f"bidder · {card}"] if card else []
        forms.append("bidder")
    elif view.partner is not None and seat == view.partner:
        forms = [f"partner ({card})"] if card else []
        forms.append("partner")
    else:
        return ""
    return next((f for f in forms if cell_len(f) <= width), forms[-1])


def team_title(team: int, mate: bool, room: int) -> str:
    """A seat box's border title at 5 to 8 seats in ``room`` cells: ``team A``, ``A``;
    on the viewer's teammates ``team A · partner``, ``A · partner``, ``A partner``: the
    longest that fits, never the letter or the role cut off (``A · part…``, issue 13)."""
    letter = TEAM_LETTERS[team]
    if mate:
        forms = [f"team {letter} · partner", f"{letter} · partner", f"{letter} partner"]
    else:
        forms = [f"team {letter}", letter]
    return next((f for f in forms if cell_len(f) <= room), forms[-1])


def ring_seat(ctx: TableContext, seat: int, width: int, lines: int) -> tuple[str, str, Text]:
    """A seat box at a table of 5 to 8 seats, ``width`` cells by ``lines`` rows inside its
    border: (its border title, its border subtitle, its text).  The title is the seat's
    team (``team A``, or ``A`` where that does not fit; `` · partner`` on the viewer's
    teammates; five-hand: bidder and partner); the text its name (on one line: cut with ``…``
    where it does not fit) and
    the dealer's ``(D)``, then the auction, cards left, tricks, meld, one a line, packed
    two to a line where the rows run out; what still does not fit goes to the subtitle
    (the bottom border) as far as it fits, the cards left or the tricks first (the meld
    and the dealer are also on the meld list and the status line)."""
    c, v, view = ctx.ctrl, ctx.variant, ctx.view
    head = Text()
    if c.to_act == seat:
        head.append("> " if Style.ascii else "▶ ", style="bold reverse")
    # the name on one line, with room for the turn's mark whoever acts (issue 13 re-check
    # 2: a long name wrapped mid-word, or took a second line and pushed the cards left
    # onto the border): cut, ending in '…', where it does not fit
    name = c.seats[seat].name
    head.append(name if cell_len(name) + 2 <= width else cut_name(name, width - 2), style="bold")
    dealer = seat == view.dealer
    if dealer and _rows(head.plain + " (D)", width) == _rows(head.plain, width):
        head.append(" (D)")  # on the name's last line
        dealer = False
    title = ""
    team = team_of(ctx, seat)
    me = ctx.viewer
    room = width - 2  # a border title takes the box's width less its corners and a space each side
    if v.sides == "called_partner":  # five-hand: the bidder and, once called, its partner
        title = called_role(view, seat, room)
    elif team is not None:
        title = team_title(team, me is not None and seat != me and team_of(ctx, me) == team, room)
    bid, cards = bid_word(ctx, seat), plural(view.hand_sizes[seat], "card")
    tricks = plural(view.won[seat], "trick") if (view.tricks or view.trick) else ""
    meld = f"meld {v.fmt(view.melds[seat].total)}" if view.melds is not None else ""
    items = [x for x in (bid, cards, tricks, meld, "dealer" if dealer else "") if x]
    rows = max(lines - _rows(head.plain, width), 1)
    body, rest = [bid], items[1:]
    for k in range(len(items), 0, -1):  # as many in the box as fit, the rest under it
        if len(_pack(items[:k], width, rows)) <= rows:
            body, rest = items[:k], items[k:]
            break
    while rest and len(" · ".join(rest)) > room:  # the subtitle's room: the cards left (or tricks) first
        rest = rest[:-1]
    t = head
    for line in _pack(body, width, rows):
        t.append("\n" + line)
    return title, " · ".join(rest), t


def _rows(text: str, width: int) -> int:
    """The rows ``text`` takes wrapped at ``width`` cells by words (as a seat box wraps it)."""
    return max(1, len(textwrap.wrap(text, max(width, 1))))


def hand_count(ctx: TableContext, seat: int) -> str:
    """Two-hand: cards in the hand, and the melded ones lying on the table."""
    view = ctx.view
    laid = len(view.table_melds[seat]) if view.table_melds else 0
    text = f"{view.hand_sizes[seat]} in hand"
    return text + (f" · {laid} on the table" if laid else "")


def seat_line(ctx: TableContext, seat: int) -> Text:
    """The viewer's own line over the hand."""
    c, v, view = ctx.ctrl, ctx.variant, ctx.view
    t = Text()
    t.append(f"{c.seats[seat].name}", style="bold")
    if seat == view.dealer:
        t.append(" (D)")
    team = team_of(ctx, seat)
    if team is not None:  # 5 to 8 seats: the team letter the boxes and the scores show
        t.append(f" · team {TEAM_LETTERS[team]}")
    if v.sides == "called_partner":  # five-hand: the viewer's own role (issue 13 fresh-eyes 7b)
        role = called_role(view, seat, 0, short=True)
        if role:
            t.append(f" · {role}", style="bold")
    if v.round_flow == "stock":
        t.append(f" · {hand_count(ctx, seat)}")
        t.append(f" · meld {v.fmt(view.meld_points[seat] if view.meld_points else 0)}")
        t.append(f" · {plural(view.won[seat], 'trick')}")
    elif view.phase is Phase.DRAFT:
        t.append(f" · holds {len(view.hand)} · {plural(len(view.discards), 'discard')} seen")
    else:
        t.append(f" · {bid_word(ctx, seat)} · {plural(len(view.hand), 'card')}")
    if view.melds is not None:
        t.append(f" · meld {v.fmt(view.melds[seat].total)}")
    if v.round_flow != "stock" and (view.tricks or view.trick):  # like every seat box
        t.append(f" · {plural(view.won[seat], 'trick')}")
    if c.to_act == seat:
        t.append("  ")
        t.append("> your turn" if Style.ascii else "▶ your turn", style="bold reverse")
    return t


def scores_text(ctx: TableContext, width: int) -> Text:
    """The game's scores per side (the running ones while a hand is played)."""
    c, v, view = ctx.ctrl, ctx.variant, ctx.view
    t = Text()
    t.append(f"Scores · game to {v.fmt(view.target)}\n", style="bold underline")
    scores = c.game.scores if view.phase is Phase.DONE else view.scores
    width = max(width - 2, 20)
    if v.players > 4:
        t.append_text(ring_scores(ctx, scores, width))
        sides = range(0)
    else:
        sides = range(v.n_sides)
    rooms = [max(width - len(v.fmt(scores[side])) - 1, 6) for side in sides]
    # the sides' names shortened by one rule where one does not fit (`fit_rows`)
    fitted = fit_rows(
        [[c.seats[s].name for s in range(v.players) if v.side_of[s] == side] for side in sides], rooms, " & "
    )
    for side in sides:
        sc = v.fmt(scores[side])
        room = rooms[side]
        name = " & ".join(fitted[side])
        t.append(f"{name:<{room}} ")
        t.append(sc + "\n", style="bold")
        if has_checks(v):  # the ledger per player, under its side (§9)
            t.append(f"  {seat_checks_text(c, side)}\n"[: width + 1], style="italic")
        if v.must_bid_to_win == "bid_out_three_sets" and c.game.scores[side] >= c.game.target:
            # §0.4.21: the others' sets counted toward this side's bid-out
            t.append(f"  bid-out: {c.game.bid_out()[side]} of {BID_OUT_SETS}\n", style="italic")
    if view.tricks:
        per = [sum(view.won[s] for s in range(v.players) if v.side_of[s] == side) for side in range(v.n_sides)]
        # one line within the panel (it wrapped 'tricks this hand: 8 / 3' at 80x24)
        forms = [
            f"{head}{sep.join(map(str, per))}" for head in ("tricks this hand: ", "tricks: ") for sep in (" / ", "/")
        ]
        t.append(next((f for f in forms if len(f) <= width), forms[-1]), style="dim")
    return t


def fit_names(names: list[str], room: int, sep: str = "+") -> list[str]:
    """``names`` joined by ``sep`` within ``room`` cells: one row of `fit_rows`."""
    return fit_rows([names], [room], sep)[0]


def fit_rows(rows: list[list[str]], rooms: list[int], sep: str = "+") -> list[list[str]]:
    """The rows of one panel (a side's names each, ``rows[k]`` joined by ``sep`` within
    ``rooms[k]`` cells), all shown by one rule (issue 13 re-check 1: ``B5`` in one row
    and ``Bot 2`` in the next): whole when every row fits; else, where a row too long has
    a name with a short form, in every row each name that has a short form takes it (a
    compass name its letters, several words their initials and number:
    `widgets.short_name`, issue 13 fresh-eyes 6), and then, in a row still too long, the
    longest plain name is cut a letter at a time, ending in ``…``.
    Names told apart as `short_names`."""
    if all(cell_len(sep.join(names)) <= room for names, room in zip(rows, rooms, strict=True)):
        return [list(names) for names in rows]
    every = [name for names in rows for name in names]
    forms_all = [_short_form(name) for name in every]
    # a row too long with a name that has a short form: short forms in every row (a row
    # with none to take, only a long plain name, has that name cut and leaves the rest)
    short = any(
        cell_len(sep.join(names)) > room and any(_short_form(name) for name in names)
        for names, room in zip(rows, rooms, strict=True)
    )
    out = []
    for names, room in zip(rows, rooms, strict=True):
        forms = [_short_form(name) for name in names]
        shown = [f if short and f and forms_all.count(f) == 1 else name for name, f in zip(names, forms, strict=True)]
        while cell_len(sep.join(shown)) > room:
            k = max(range(len(shown)), key=lambda i: cell_len(shown[i]))
            if shown[k] == forms[k]:
                break  # the longest is in its short form already
            shorter = short_names(names, cell_len(shown[k]) - 1)[k]
            if cell_len(shorter) >= cell_len(shown[k]):
                break
            shown[k] = shorter
        out.append(shown)
    return out


def _short_form(name: str) -> str | None:
    """A name's abbreviation, if it has one: a compass name's letters (``NW``), several
    words' initials and number (``Bot 4``: ``B4``); a one-word name has none."""
    if name in COMPASS_SHORT:
        return COMPASS_SHORT[name]
    words = name.split()
    if len(words) > 1:
        return "".join(w if w.isdigit() else w[0] for w in words)
    return None


def side_heading(ctrl: Controller, side: int, width: int, roles: bool = False) -> str:
    """A side's name in ``width`` cells at a table of 5 to 8 seats (the hand result's
    columns): ``A: You+North``, the names shortened as in the scores (`fit_names`); each
    for self, the player's name.  At 2 to 4 seats the side's name as ever.  With
    ``roles`` (the hand result), five-hand's bidder and called partner say so, the name
    shortened for the word: ``NW bidder``, ``You partner`` (issue 13 fresh-eyes 7c)."""
    v = ctrl.variant
    seats = [s for s in range(v.players) if v.side_of[s] == side]
    if roles and v.sides == "called_partner" and len(seats) == 1:
        role = called_role(ctrl.view(seats[0]), seats[0], 0, short=True)
        if role:
            return f"{short_name(ctrl.seats[seats[0]].name, width - len(role) - 1)} {role}"
    if v.players <= 4:
        return ctrl.side_name(side)
    labels, rows = [], []  # every side's, shortened by one rule (`fit_rows`: the result's columns)
    for other in range(v.n_sides):
        team = variant_team(v, next(s for s in range(v.players) if v.side_of[s] == other))
        labels.append(f"{TEAM_LETTERS[team]}: " if team is not None else "")
        rows.append([ctrl.seats[s].name for s in range(v.players) if v.side_of[s] == other])
    fitted = fit_rows(rows, [width - len(label) for label in labels])
    return labels[side] + "+".join(fitted[side])


def ring_scores(ctx: TableContext, scores: Any, width: int) -> Text:
    """The scores at a table of 5 to 8 seats, ``width`` cells wide, a team a line:
    ``A: Ann+Eve  1230``, its letter as on the seat boxes; a team whose names do not fit
    beside its score has them shortened alike (`widgets.short_name`: ``B: SW+NE 10``, the
    seat boxes give them whole).  Each for self: a player a line."""
    c, v = ctx.ctrl, ctx.variant
    t = Text()
    lines = []
    for side in range(v.n_sides):
        seats = [s for s in range(v.players) if v.side_of[s] == side]
        team = team_of(ctx, seats[0])
        label = f"{TEAM_LETTERS[team]}: " if team is not None else ""
        sc = v.fmt(scores[side])
        room = width - len(label) - 1 - len(sc)
        tag = ""
        if v.sides == "called_partner":  # five-hand: the bidder and the partner marked in words
            tag = called_role(ctx.view, seats[0], room, short=True)
            tag = f" ({tag})" if tag else ""  # the name is shortened for it, never the word
        lines.append((label, [c.seats[s].name for s in seats], sc, room, tag))
    # every row by one rule (`fit_rows`, issue 13 re-check 1)
    fitted = fit_rows([names for _, names, _, _, _ in lines], [room - len(tag) for _, _, _, room, tag in lines])
    for (label, _, sc, room, tag), shown in zip(lines, fitted, strict=True):
        who = "+".join(shown) + tag
        t.append(f"{label}{who:<{room}} ")
        t.append(sc + "\n", style="bold")
    return t


STATUS_NAME_ROOM = 8  # a name on a crowded status line: `widgets.short_name` (Northwest: NW)


def status_text(ctx: TableContext, width: int = 0) -> Text:
    """The status line: variant, hand, dealer, trump, contract (and five-hand's called
    card, racehorse's blind).  Within ``width`` cells (0: no limit) it is first made
    shorter, a step at a time: the called card's part to ``A♣: East`` (issue 13: at 80
    columns it pushed out the hand and the dealer), ``contract 430 by X`` to ``430 by X``,
    then the partner's, the bidder's and the dealer's names to their short forms
    (`widgets.short_name`); only then whole parts are left out, the least needed first
    (the hand's number, the log's first line says it; then the dealer; then the variant's
    name), so no word is ever cut."""
    parts: list[list[Any]] = []
    for steps in range(len(STATUS_STEPS) + 1):
        parts = _status_parts(ctx, STATUS_STEPS[:steps])
        line = _joined(parts)
        if not width or line.cell_len <= width:
            return line
    for drop in ("hand", "dealer", "name"):
        parts = [p for p in parts if p[0] != drop]
        line = _joined(parts)
        if line.cell_len <= width:
            break
    return line


STATUS_STEPS = ("called", "contract", "partner", "bidder", "dealer")  # the status line's shortenings, in order


def _status_parts(ctx: TableContext, short: tuple[str, ...]) -> list[list[Any]]:
    """The status line's parts, each ``[key, pieces...]``; the steps in ``short`` taken."""
    c, v, view, names = ctx.ctrl, ctx.variant, ctx.view, ctx.names

    def who(seat: int, step: str) -> str:
        return short_name(names[seat], STATUS_NAME_ROOM) if step in short else names[seat]

    trump = Style.suit(view.trump.index) if view.trump else "—"
    parts: list[list[Any]] = [
        ["name", (visible(v.name), "bold")],
        ["hand", f"hand {c.hand_no}"],
        ["dealer", f"dealer {who(view.dealer, 'dealer')}"],
    ]
    if v.round_flow == "stock":
        stock = f"stock {view.stock_size}" if view.stock_open else "stock gone"
        parts += [
            ["trump", "trump ", (trump, "bold")],
            ["stock", (stock, "bold")],
            ["phase", ("phase 1" if view.stock_open else "phase 2", "bold")],
        ]
        return parts
    if view.bidder is not None and view.contract:
        contract = f"{v.fmt(view.contract)} by {who(view.bidder, 'bidder')}"
    else:
        contract = "—"
    parts += [
        ["trump", "trump ", (trump, "bold")],
        ["contract", "" if "contract" in short else "contract ", (contract, "bold")],
    ]
    if view.called_card is not None:  # five-hand: the called card and its partner, all hand (§2.12)
        card = Style.card(view.called_card)
        if "called" in short:
            partner = who(view.partner, "partner") if view.partner is not None else "alone"
            parts.append(["called", (f"{card}: {partner}", "bold")])
        else:
            partner = names[view.partner] if view.partner is not None else "nobody (alone)"
            parts.append(["called", "called ", (f"{card}: {partner}", "bold")])
    if v.blind_size:  # racehorse's blind (§2.13): how many cards lie face down, then who took them
        parts.append(["blind", ("blind taken" if view.bidder is not None else f"blind {v.blind_size}", "bold")])
    return parts


def _joined(parts: list[list[Any]]) -> Text:
    """The parts (``[key, pieces...]``) on one line, `` · `` between two."""
    pieces: list[Any] = []
    for i, part in enumerate(parts):
        pieces += ([" · "] if i else []) + part[1:]
    return Text.assemble(*pieces)


__all__ = [
    "MAX_TEAMS",
    "TEAM_LETTERS",
    "SeatView",
    "bid_word",
    "ring_seat",
    "scores_text",
    "seat_line",
    "seat_text",
    "side_heading",
    "status_text",
    "team_of",
]
