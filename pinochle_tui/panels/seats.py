"""Seat boxes, the viewer's line over the hand, and the scores column."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.text import Text

from rules import Phase, SeatView, Variant
from rules.game import BID_OUT_SETS

from ..checks_view import has_checks, seat_checks_text
from ..cli_common import visible
from ..render import Style, plural, trick_points
from ..widgets import COMPASS_SHORT, cut_name, short_name, short_names
from .base import MAX_TEAMS, TEAM_LETTERS, SeatFacts, team_of, variant_team


def bid_word(ctx: SeatFacts, seat: int) -> str:
    """A seat's auction in a word: ``won at 300``, ``stuck at 20`` (the dealer every other
    seat passed to, at the stuck bid, §3.4), ``bid 260``, ``passed`` or ``—``."""
    view, v = ctx.view, ctx.variant
    bids = [a for s, a in view.bids if s == seat]
    if view.bidder == seat and view.contract:
        others = [a for s, a in view.bids if s != seat]
        stuck = v.all_pass == "dealer_stuck" and seat == view.dealer and bids == [v.stuck_bid]
        if stuck and len(others) == v.players - 1 and not any(others):
            return f"stuck at {v.fmt(view.contract)}"
        return f"won at {v.fmt(view.contract)}"
    if not bids:
        return "—"
    if len(bids) == 1 and v.forced_opener == "eldest_fixed_bid" and view.bids[0] == (seat, bids[0]):
        return f"forced {v.fmt(bids[0])}"  # the eldest's opening, made for it (§3.5)
    return "passed" if bids[-1] == 0 else f"bid {v.fmt(bids[-1])}"


BOT_MARK = "(bot)"
"""A seat a bot plays in for a person away, beside the name in its box, whatever the box's
width, at every terminal, as the log marks its moves (`Controller.describe`)."""


def away_word(ctx: SeatFacts, seat: int, width: int = 0) -> str:
    """A hosted table: ``waiting…`` (not joined since the table opened, or since a saved
    game was resumed) or ``offline`` (gone since) for a seat whose person is not at their
    terminal, else ``""``.  Under the name, one row of the narrowest box (the name is the
    box's first line: ``waiting for Cy`` took two rows at 80x24), and the same word in
    every box: a wide box said ``disconnected``, so one gone seat read so at one terminal
    and ``offline`` at another.  (``width`` is kept for the callers' symmetry.)"""
    verb = dict(ctx.away).get(seat)
    if verb is None:
        return ""
    if verb == "join":
        return "waiting..." if Style.ascii else "waiting…"
    return "offline"


def seat_text(ctx: SeatFacts, seat: int, width: int = 0) -> Text:
    """A seat box: name, dealer, to act, partner, bid, cards left, meld, tricks; ``width``
    the box's cells when known (its words fit in them, `away_word`)."""
    v, view = ctx.variant, ctx.view
    t = Text()
    if ctx.to_act == seat:
        t.append("> " if Style.ascii else "▶ ", style="bold reverse")
    t.append(ctx.names[seat], style="bold")
    if seat == view.dealer and not v.sitting_out:  # sitting out, the dealer has no box (§0.4.16)
        t.append(" (D)")
    me = ctx.viewer
    # (a partner of the person at the bottom: a game of bots alone, watched, has none)
    if v.partners_opposite and me in ctx.humans and seat != me and v.side_of[seat] == v.side_of[me]:
        t.append(" partner", style="italic")
    bot_row = ""  # a person away, played for until back (a hosted table): said on the name's row
    if seat in ctx.stand_in:  # where it fits the box's ``width``, else in the row under it
        if not width or cell_len(t.plain + " " + BOT_MARK) <= width:
            t.append(" " + BOT_MARK, style="italic")
        else:
            bot_row = BOT_MARK
    if v.has_stock:
        if seat_away := bot_row or away_word(ctx, seat, width):
            t.append("\n" + seat_away, style="italic")
        t.append("\n" + hand_count(ctx, seat).replace(" · ", "\n"))
        t.append(f"\nmeld {v.fmt(view.meld_points[seat] if view.meld_points else 0)}")
        # a side column's box is narrow (three-hand with the turn-up): the tricks on a line of
        # their own, as the auction forms show them ("meld 10 · 1 / trick" wrapped there)
        narrow = seat in (ctx.places.get("left"), ctx.places.get("right"))
        t.append(("\n" if narrow else " · ") + plural(view.won[seat], "trick"))
        return t
    if view.phase is Phase.DRAFT:
        t.append(f"\nholds {view.hand_sizes[seat]} · drafting")
        return t
    away = bot_row or away_word(ctx, seat, width)  # in place of the bid: the person is not here (a hosted table)
    t.append("\n" + (away or bid_word(ctx, seat)), style="italic" if away else "")
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
    The word is never shortened to a letter (``(B)`` read as team B): where
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
    longest that fits, never the letter or the role cut off (``A · part…``)."""
    letter = TEAM_LETTERS[team]
    if mate:
        forms = [f"team {letter} · partner", f"{letter} · partner", f"{letter} partner"]
    else:
        forms = [f"team {letter}", letter]
    return next((f for f in forms if cell_len(f) <= room), forms[-1])


def ring_seat(ctx: SeatFacts, seat: int, width: int, lines: int) -> tuple[str, str, Text]:
    """A seat box at a table of 5 to 8 seats, ``width`` cells by ``lines`` rows inside its
    border: (its border title, its border subtitle, its text).  The title is the seat's
    team (``team A``, or ``A`` where that does not fit; `` · partner`` on the viewer's
    teammates; five-hand: bidder and partner); the text its name (on one line: cut with ``…``
    where it does not fit) and
    the dealer's ``(D)``, then the auction, cards left, tricks, meld, one a line, packed
    two to a line where the rows run out; what still does not fit goes to the subtitle
    (the bottom border) as far as it fits, the cards left or the tricks first (the meld
    and the dealer are also on the meld list and the status line)."""
    v, view = ctx.variant, ctx.view
    head = Text()
    if ctx.to_act == seat:
        head.append("> " if Style.ascii else "▶ ", style="bold reverse")
    # the name on one line, with room for the turn's mark whoever acts (else a
    # long name wrapped mid-word, or took a second line and pushed the cards left
    # onto the border): cut, ending in '…', where it does not fit
    name = ctx.names[seat]
    head.append(name if cell_len(name) + 2 <= width else cut_name(name, width - 2), style="bold")
    dealer = seat == view.dealer and not v.sitting_out
    if dealer and _rows(head.plain + " (D)", width) == _rows(head.plain, width):
        head.append(" (D)")  # on the name's last line
        dealer = False
    title = ""
    team = team_of(ctx, seat)
    me = ctx.viewer
    room = width - 2  # a border title takes the box's width less its corners and a space each side
    if v.calls_partner:  # five-hand: the bidder and, once called, its partner
        title = called_role(view, seat, room)
    elif team is not None:
        title = team_title(team, me is not None and seat != me and team_of(ctx, me) == team, room)
    bid, cards = bid_word(ctx, seat), plural(view.hand_sizes[seat], "card")
    tricks = plural(view.won[seat], "trick") if (view.tricks or view.trick) else ""
    meld = f"meld {v.fmt(view.melds[seat].total)}" if view.melds is not None else ""
    bot = BOT_MARK if seat in ctx.stand_in else ""
    bid = away_word(ctx, seat, width) or bid
    items = [x for x in (bid, bot, cards, tricks, meld, "dealer" if dealer else "") if x]
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


def hand_count(ctx: SeatFacts, seat: int) -> str:
    """Two-hand: cards in the hand, and the melded ones lying on the table."""
    view = ctx.view
    laid = len(view.table_melds[seat]) if view.table_melds else 0
    text = f"{view.hand_sizes[seat]} in hand"
    return text + (f" · {laid} on the table" if laid else "")


def held_turn(ctx: SeatFacts, seat: int) -> bool:
    """``seat``, the viewer's, is to act but offered nothing while the table waits for
    someone else (a hosted table: the lead held by a look at everyone's meld,
    `table.news.waits_line`): its turn comes once they have gone on."""
    return ctx.to_act == seat == ctx.viewer and not ctx.my_turn and not ctx.busy and bool(ctx.waits)


def seat_line(ctx: SeatFacts, seat: int, mine: bool = True) -> Text:
    """The line over the hand of the seat at the bottom: the viewer's own, or (``mine``
    False) the seat played there while the human sits the deal out (§0.4.16)."""
    v, view = ctx.variant, ctx.view
    t = Text()
    t.append(f"{ctx.names[seat]}", style="bold")
    if seat == view.dealer and not v.sitting_out:
        t.append(" (D)")
    team = team_of(ctx, seat)
    if team is not None:  # 5 to 8 seats: the team letter the boxes and the scores show
        t.append(f" · team {TEAM_LETTERS[team]}")
    if v.calls_partner:  # five-hand: the viewer's own role
        role = called_role(view, seat, 0, short=True)
        if role:
            t.append(f" · {role}", style="bold")
    if v.has_stock:
        t.append(f" · {hand_count(ctx, seat)}")
        t.append(f" · meld {v.fmt(view.meld_points[seat] if view.meld_points else 0)}")
        t.append(f" · {plural(view.won[seat], 'trick')}")
    elif view.phase is Phase.DRAFT:
        t.append(f" · holds {len(view.hand)} · {plural(len(view.discards), 'discard')} seen")
    else:
        t.append(f" · {bid_word(ctx, seat)} · {plural(view.hand_sizes[seat], 'card')}")
    if view.melds is not None:
        t.append(f" · meld {v.fmt(view.melds[seat].total)}")
    if not v.has_stock and (view.tricks or view.trick):  # like every seat box
        t.append(f" · {plural(view.won[seat], 'trick')}")
    if ctx.to_act == seat and not (mine and ctx.offline):  # (offline: the seat's turn waits, it is not invited)
        t.append("  ")
        # (no "you" where no person sits: a game of bots alone, watched)
        turn = "your turn" if mine and seat in ctx.humans else "to act"
        if mine and held_turn(ctx, seat):  # the prompt says whom it waits for: not "your turn" yet
            t.append(f"> {turn} next" if Style.ascii else f"▷ {turn} next", style="bold")
        else:
            t.append(f"> {turn}" if Style.ascii else f"▶ {turn}", style="bold reverse")
    return t


def scores_text(ctx: SeatFacts, width: int) -> Text:
    """The game's scores per side (the running ones while a hand is played)."""
    v, view = ctx.variant, ctx.view
    t = Text()
    t.append(f"Scores · game to {v.fmt(view.target)}\n", style="bold underline")
    scores = ctx.scores
    width = max(width - 2, 20)
    if v.sitting_out:  # a score per person, and who sits this deal out (§0.4.16)
        t.append_text(people_scores(ctx, width))
        sides: range = range(0)
    elif v.ring_table:
        t.append_text(ring_scores(ctx, scores, width))
        sides = range(0)
    else:
        sides = range(v.n_sides)
    rooms = [max(width - len(v.fmt(scores[side])) - 1, 6) for side in sides]
    # the sides' names shortened by one rule where one does not fit (`fit_rows`)
    fitted = fit_rows([[ctx.names[s] for s in v.seats_of_side[side]] for side in sides], rooms, " & ")
    # the ledger per player (§9): under each side ("checks You +8, North -3") where every
    # side's line fits whole, else in a block of its own under a heading, the word said once
    # (at 80 columns "checks Y… +2, N +2" was all that fitted under the side)
    checks_block = has_checks(v) and any(
        len(v.seats_of_side[side]) > 1 and len(seat_checks_text(v, ctx.names, ctx.checks, side)) > width - 2
        for side in sides
    )
    for side in sides:
        sc = v.fmt(scores[side])
        room = rooms[side]
        name = " & ".join(fitted[side])
        t.append(f"{name:<{room}} ")
        t.append(sc + "\n", style="bold")
        if has_checks(v) and not checks_block:
            t.append(
                f"  {seat_checks_text(v, ctx.names, ctx.checks, side, width - 2, short_names)}\n"[: width + 1],
                style="italic",
            )
        if ctx.bid_out and ctx.bid_out[side] is not None:
            # §0.4.21: the others' sets counted toward this side's bid-out
            t.append(f"  bid-out: {ctx.bid_out[side]} of {BID_OUT_SETS}\n", style="italic")
    if checks_block:
        t.append("Checks\n", style="italic")
        for side in sides:
            line = seat_checks_text(v, ctx.names, ctx.checks, side, width - 2, short_names, word="")
            t.append(f"  {line}\n"[: width + 1], style="italic")
    if view.tricks:
        t.append_text(running_count(ctx, width))
    return t


class SideCount(NamedTuple):
    """One side's hand so far, for the running count: its seats, tricks taken and the
    trick points in them (x10, the last trick's bonus once it is taken: §6.3, §7)."""

    seats: tuple[int, ...]
    tricks: int
    points: int


def side_counts(view: SeatView) -> list[SideCount]:
    """Each side of this hand's play (`SeatView.play_sides`: five-hand's bidder and
    partner are one side once called), in side order: the tricks it took and their
    points.  A two-hand draft's discard piles and buried cards are not in it (they are
    counted at the hand's end, RULES.md §8.1, and only the bidder sees the burial)."""
    v = view.variant
    sides = view.play_sides
    count = max(sides) + 1
    seats: list[list[int]] = [[] for _ in range(count)]
    tricks, points = [0] * count, [0] * count
    for s, side in enumerate(sides):  # (loops, not generators: it is drawn at every change of a hand)
        seats[side].append(s)
        tricks[side] += view.won[s]
    for n, (_leader, cards, winner) in enumerate(view.tricks, 1):
        points[sides[winner]] += trick_points(v, cards, n)
    return [SideCount(tuple(seats[k]), tricks[k], points[k]) for k in range(count)]


def contract_needs(view: SeatView, mine: SideCount) -> tuple[int, str]:
    """What the bidding side ``mine`` still needs to make the contract: the trick points
    (x10; 0: none) and what must still save its meld (``""``: nothing).  RULES.md §8.1:
    made when saved meld + trick points reach the bid; §5.7: the meld is saved only by
    ``meld_requires`` (a trick, a trick with a counter, or ``meld_requires_points`` in
    tricks, which the points needed then include).  The meld counted is the one that
    will count (``who_melds``, ``meld_minimum_to_record``)."""
    v = view.variant
    melds = view.melds or ()
    if not melds or view.contract is None or view.bidder is None:
        return max(0, (view.contract or 0) - mine.points), ""
    least = v.meld_minimum_to_record
    if v.calls_partner:  # each player's own meld recorded, then the pair's sum (rules.scoring)
        meld = sum(
            melds[s].total for s in mine.seats if (v.who_melds == "all" or s == view.bidder) and melds[s].total >= least
        )
    else:  # the side's meld, recorded when it reaches the least (rules.scoring._meld_shown)
        meld = sum(melds[s].total for s in mine.seats) if v.who_melds == "all" else melds[view.bidder].total
        meld = meld if meld >= least else 0
    rule = v.meld_requires
    need = max(0, view.contract - meld - mine.points)
    if not meld:
        return need, ""
    if rule == "one_trick" and mine.tricks == 0:
        return need, "a trick"
    if rule == "scoring_trick" and not any(
        w in mine.seats and any(v.card_points[c] for c in cards) for _, cards, w in view.tricks
    ):
        return need, "a counting trick"
    if rule == "min_points" and mine.points < v.meld_requires_points:
        return max(need, v.meld_requires_points - mine.points), ""
    return need, ""


def running_count(ctx: SeatFacts, width: int) -> Text:
    """The hand so far under the scores (for a bidder who needs 210 and cannot add up
    the tricks view): each side's tricks and trick points, in the order of the score
    lines above (five-hand: the bidder's side, then the defenders), and what the bidding
    side still needs to make its contract (`contract_needs`), each line within
    ``width`` cells."""
    v, view = ctx.variant, ctx.view
    by_side = side_counts(view)
    counts = by_side
    t = Text()
    called = v.calls_partner and view.partner is not None
    if v.calls_partner and not called:  # before the call each for self: no side yet
        return t
    if v.sitting_out:  # §0.4.16: the score lines are people's; the sides in their order, named
        counts = sorted(by_side, key=lambda c: min(ctx.seating[s] for s in c.seats))
    tricks = [str(c.tricks) for c in counts]
    points = [v.fmt(c.points) for c in counts]
    if v.sitting_out:
        forms = []
        for room in (12, 6, 2):
            who = " / ".join("+".join(short_names([ctx.names[s] for s in c.seats], room)) for c in counts)
            forms += [f"{who}:\ntricks {sep.join(tricks)}\npoints {sep.join(points)}" for sep in (" / ", "/")]
    elif called:  # the scores above are per player: the pair and the defenders named, a line each
        forms = [
            "\n".join(
                f"{who}: {plural(c.tricks, 'trick')}, {p} point{'' if p == '1' else 's'}"
                for who, c, p in zip(labels, counts, points)
            )
            for labels in (("bidder's pair", "defenders"), ("pair", "defenders"))
        ]  # narrow: their order named, then the two lines of every table
        forms += [f"pair / defenders:\ntricks {sep.join(tricks)}\npoints {sep.join(points)}" for sep in (" / ", "/")]
    else:  # each side's count named, as the score lines above name it
        forms = []
        for labels in count_labels(ctx, counts):
            if len(counts) <= 3:  # a line a side: "us: 2 tricks, 30 points"
                forms.append(
                    "\n".join(
                        f"{who}: {plural(c.tricks, 'trick')}, {p} point{'' if p == '1' else 's'}"
                        for who, c, p in zip(labels, counts, points)
                    )
                )
            for sep in (" / ", "/"):  # their order named, then the counts in it, on one line
                forms.append(f"{sep.join(labels)}: tricks {sep.join(tricks)} · points {sep.join(points)}")
            for sep in (" / ", "/"):  # each count beside its side's name, a line for each kind
                named = [[f"{who} {n}" for who, n in zip(labels, ns)] for ns in (tricks, points)]
                forms.append(f"tricks {sep.join(named[0])}\npoints {sep.join(named[1])}")
            for sep in (" / ", "/"):  # their order named on a line of its own
                forms.append(f"{sep.join(labels)}:\ntricks {sep.join(tricks)}\npoints {sep.join(points)}")
    t.append(next((f for f in forms if max(map(cell_len, f.split("\n"))) <= width), forms[-1]), style="dim")
    if view.contract is None or view.bidder is None or v.has_stock:
        return t
    mine = by_side[view.play_sides[view.bidder]]
    need, saves = contract_needs(view, mine)
    bid = v.fmt(view.contract)
    over = view.phase is Phase.DONE or len(view.tricks) >= v.tricks_per_hand
    if need <= 0 and not saves and not over:
        # reached with tricks to come: nothing can take it back (meld saved, points only
        # grow: §8.1), but "made" read to children as if the hand were over
        what = ["reached, can't be set now", "reached, safe", "safe now"]
    elif need <= 0:
        what = [f"needs {saves}"] if saves else ["made"]
    elif saves:  # (its meld counts once it is saved: §5.7)
        what = [f"needs {v.fmt(need)} and {saves}", f"needs {v.fmt(need)} + {saves}"]
    else:
        what = [f"needs {v.fmt(need)}"]
    forms = [f"{head} {bid}: {w}" for head in ("contract", "bid") for w in what] + what
    t.append("\n" + next((f for f in forms if cell_len(f) <= width), forms[-1]), style="dim")
    return t


def count_labels(ctx: SeatFacts, counts: Sequence[SideCount]) -> list[list[str]]:
    """The names the running count gives its sides (``counts``, in the score lines'
    order), the longest first: at a table of 5 to 8 seats in teams their letters, as the
    score lines have them (``A``); two sides of partners, with every person at the table on
    the viewer's, ``us`` and ``them``; else each side's names joined by ``+``, whole, then
    shorter (`widgets.short_names`).  (The count said "tricks 0/2 · points 0/20" and
    not whose was whose.)"""
    view = ctx.view
    teams = [team_of(ctx, c.seats[0]) for c in counts]
    if all(team is not None for team in teams):
        return [[TEAM_LETTERS[team] for team in teams if team is not None]]
    mine = next((k for k, c in enumerate(counts) if view.seat in c.seats), None)
    if (
        len(counts) == 2
        and mine is not None
        and len(counts[mine].seats) > 1  # partners (one player alone is "You")
        and ctx.humans
        and all(h in counts[mine].seats for h in ctx.humans)
    ):
        return [["us" if k == mine else "them" for k in range(2)]]
    names = [[ctx.names[s] for s in c.seats] for c in counts]
    out = [["+".join(side) for side in names]]
    # the first four or five letters of each name before initials (at 80 columns the
    # count read "G…+L… / M…+B4:" where "Gran…+Leo/Mia+Bot 4:" fitted)
    for room in (12, 6, 5, 4, 3, 2):
        labels = ["+".join(short_names(side, room)) for side in names]
        if labels not in out:
            out.append(labels)
    return out


def sitting_out_text(ctx: SeatFacts) -> Text:
    """The box of the people who sit this deal out (§0.4.16), where the table has a free
    place for it: each name, and ``Dealer, sitting out`` (or ``sitting out``)."""
    t = Text()
    for p in ctx.sitting_out:
        if t.plain:
            t.append("\n")
        t.append(ctx.people[p], style="bold")
        t.append("\nDealer, sitting out" if p == ctx.dealer_person else "\nsitting out", style="italic")
    return t


def people_scores(ctx: SeatFacts, width: int) -> Text:
    """The scores when people sit out in turn (§0.4.16), ``width`` cells wide: a person a
    line, as seated clockwise, each with its own score; the dealer sitting out this deal
    (and the second to the dealer's left at five) marked ``out (D)`` / ``out``."""
    v = ctx.variant
    out_now = set(ctx.sitting_out)
    t = Text()
    for p, name in enumerate(ctx.people):
        sc = v.fmt(ctx.entries[p])
        tag = ("out (D)" if p == ctx.dealer_person else "out") if p in out_now else ""
        room = max(width - len(sc) - 1, 6)
        if tag:
            name = f"{cut_name(name, max(room - len(tag) - 3, 3))} · {tag}"
        t.append(f"{cut_name(name, room):<{room}} ", style="dim" if tag else "")
        t.append(sc + "\n", style="bold")
        if has_checks(v):
            t.append(f"  checks {ctx.checks[p]:+d}\n"[: width + 1], style="italic")
        if ctx.bid_out and ctx.bid_out[p] is not None:  # §0.4.21, per person (§0.4.16)
            t.append(f"  bid-out: {ctx.bid_out[p]} of {BID_OUT_SETS}\n", style="italic")
    return t


def fit_names(names: list[str], room: int, sep: str = "+") -> list[str]:
    """``names`` joined by ``sep`` within ``room`` cells: one row of `fit_rows`."""
    return fit_rows([names], [room], sep)[0]


CUT_LEAST = 6
"""A name the player gave, cut for room, keeps this many cells (``Chris…``) before the
default names of the panel take their short forms (`fit_rows`)."""


def fit_rows(rows: list[list[str]], rooms: list[int], sep: str = "+") -> list[list[str]]:
    """The rows of one panel (a side's names each, ``rows[k]`` joined by ``sep`` within
    ``rooms[k]`` cells), shortened only where they must be: a row that fits stays whole,
    and in a row too long the longest name the player gave is cut first, a letter at a
    time, ending in ``…`` (one long name is cut, ``A very long n… & East``, and no other
    side's label changes for it).  Only where a row is still too long with those names cut
    to `CUT_LEAST` cells do the default names take their short forms (a compass name its
    letters, ``Bot 4`` ``B4``: `_short_form`), and then in every row, by one rule (never
    ``B5`` in one row and ``Bot 2`` in the next); a row still too long then has its given
    names cut further.  Names of a row told apart as `short_names` tells them."""

    def fits(names: Sequence[str], room: int) -> bool:
        return cell_len(sep.join(names)) <= room

    if all(fits(names, room) for names, room in zip(rows, rooms, strict=True)):
        return [list(names) for names in rows]
    forms_all = [_short_form(name) for names in rows for name in names]
    # a row too long even with its given names cut short, and a default name to shorten:
    # short forms in every row (a row with none to take has its given names cut further)
    short = any(
        not fits([name if _short_form(name) else cut_name(name, CUT_LEAST) for name in names], room)
        and any(_short_form(name) for name in names)
        for names, room in zip(rows, rooms, strict=True)
    )
    out = []
    for names, room in zip(rows, rooms, strict=True):
        forms = [_short_form(name) for name in names]
        shown = [f if short and f and forms_all.count(f) == 1 else name for name, f in zip(names, forms, strict=True)]
        # the names that may be cut: those the player gave (and a default name whose short
        # form another shares, kept whole by the rule above)
        cuttable = {k for k, f in enumerate(forms) if f is None or (short and shown[k] != f)}
        while cuttable and not fits(shown, room):
            k = max(cuttable, key=lambda i: (cell_len(shown[i]), -i))  # the longest, the first of equals
            shorter = _cut_apart(names, shown, k, cell_len(shown[k]) - 1)
            if cell_len(shorter) >= cell_len(shown[k]):
                cuttable.discard(k)
                continue
            shown[k] = shorter
        out.append(shown)
    return out


def _cut_apart(names: Sequence[str], shown: Sequence[str], k: int, room: int) -> str:
    """``names[k]`` cut to ``room`` cells ending in ``…`` (`widgets.cut_name`); where that
    reads as another name of the row, ending in its place's number instead (``Ann1``), as
    `short_names` tells names apart."""
    cut = cut_name(names[k], room)
    if any(cut == other for j, other in enumerate(shown) if j != k):
        tag = str(k + 1)
        cut = cut_name(names[k], room - len(tag), mark="").rstrip() + tag
    return cut


def _short_form(name: str) -> str | None:
    """A default name's abbreviation: a compass name's letters (``NW``), a name of words
    ending in a number by their initials and the number (``Bot 4``: ``B4``, ``Player 2``:
    ``P2``).  A name the player gave has none: it is cut (``Bartholomew…``), its
    initials (``Avlnt``) would not say whose it is."""
    if name in COMPASS_SHORT:
        return COMPASS_SHORT[name]
    words = name.split()
    if len(words) > 1 and words[-1].isdigit():
        return "".join(w if w.isdigit() else w[0] for w in words)
    return None


def side_heading(v: Variant, names: Sequence[str], side: int, width: int, roles: SeatView | None = None) -> str:
    """A side's name in ``width`` cells at a table of 5 to 8 seats (the hand result's
    columns): ``A: You+North``, the names shortened as in the scores (`fit_names`); each
    for self, the player's name.  At 2 to 4 seats the side's name as ever.  With
    ``roles`` (the hand result: a view of the finished hand, whose called card and partner
    every seat sees), five-hand's bidder and called partner say so, the name shortened for
    the word: ``NW bidder``, ``You partner``."""
    seats = v.seats_of_side[side]
    if roles is not None and v.calls_partner and len(seats) == 1:
        role = called_role(roles, seats[0], 0, short=True)
        if role:
            return f"{short_name(names[seats[0]], width - len(role) - 1)} {role}"
    if not v.ring_table:
        return " & ".join(names[s] for s in seats)
    labels, rows = [], []  # every side's, shortened by one rule (`fit_rows`: the result's columns)
    for other in range(v.n_sides):
        team = variant_team(v, v.seats_of_side[other][0])
        labels.append(f"{TEAM_LETTERS[team]}: " if team is not None else "")
        rows.append([names[s] for s in v.seats_of_side[other]])
    fitted = fit_rows(rows, [width - len(label) for label in labels])
    return labels[side] + "+".join(fitted[side])


def ring_scores(ctx: SeatFacts, scores: Any, width: int) -> Text:
    """The scores at a table of 5 to 8 seats, ``width`` cells wide, a team a line:
    ``A: Ann+Eve  1230``, its letter as on the seat boxes; a team whose names do not fit
    beside its score has them shortened alike (`widgets.short_name`: ``B: SW+NE 10``, the
    seat boxes give them whole).  Each for self: a player a line."""
    v = ctx.variant
    t = Text()
    lines = []
    for side in range(v.n_sides):
        seats = v.seats_of_side[side]
        team = team_of(ctx, seats[0])
        label = f"{TEAM_LETTERS[team]}: " if team is not None else ""
        sc = v.fmt(scores[side])
        room = width - len(label) - 1 - len(sc)
        tag = ""
        if v.calls_partner:  # five-hand: the bidder and the partner marked in words
            tag = called_role(ctx.view, seats[0], room, short=True)
            tag = f" ({tag})" if tag else ""  # the name is shortened for it, never the word
        lines.append((label, [ctx.names[s] for s in seats], sc, room, tag))
    # every row by one rule (`fit_rows`)
    fitted = fit_rows([names for _, names, _, _, _ in lines], [room - len(tag) for _, _, _, room, tag in lines])
    for (label, _, sc, room, tag), shown in zip(lines, fitted, strict=True):
        who = "+".join(shown) + tag
        t.append(f"{label}{who:<{room}} ")
        t.append(sc + "\n", style="bold")
    return t


STATUS_NAME_ROOM = 8  # a name on a crowded status line: `widgets.short_name` (Northwest: NW)


def status_text(ctx: SeatFacts, width: int = 0) -> Text:
    """The status line: variant, hand, dealer, trump, contract (and five-hand's called
    card, racehorse's blind).  Within ``width`` cells (0: no limit) it is first made
    shorter, a step at a time: the called card's part to ``A♣: East`` (at 80
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


def _status_parts(ctx: SeatFacts, short: tuple[str, ...]) -> list[list[Any]]:
    """The status line's parts, each ``[key, pieces...]``; the steps in ``short`` taken."""
    v, view, names = ctx.variant, ctx.view, ctx.names

    def who(seat: int, step: str) -> str:
        return short_name(names[seat], STATUS_NAME_ROOM) if step in short else names[seat]

    trump = Style.suit(view.trump.index) if view.trump else "—"
    parts: list[list[Any]] = [
        ["name", (visible(v.name), "bold")],
        ["hand", f"hand {ctx.hand_no}"],
        ["dealer", f"dealer {who(view.dealer, 'dealer')}"],
    ]
    if v.sitting_out:  # the dealer sits out (§0.4.16): named from the people, not the deal's seats
        dealer = visible(ctx.people[ctx.dealer_person])
        dealer = short_name(dealer, STATUS_NAME_ROOM) if "dealer" in short else dealer
        parts[2] = ["dealer", f"dealer {dealer} (sitting out)"]
    if v.has_stock:
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
