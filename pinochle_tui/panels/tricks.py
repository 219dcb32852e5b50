"""The tricks panel: the trick on the table laid out like the seats, the last trick's
winner, and the viewer's play."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from rules import Phase, SeatView

from ..render import card_text, trick_points
from ..widgets import RingTrick, TrickCell, TrickGrid, is_big
from .base import ButtonSpec, Panel, SeatFacts, addressed, calls_since, play_prompt


def trick_grid(
    ctx: SeatFacts, played: Mapping[int, int], foot: str, big: bool = False, foot_seat: int | None = None
) -> TrickGrid | RingTrick:
    """``played`` (seat -> card) at the seats' places: top, left, right, the viewer below
    (``big``: the cards in boxes, `widgets.is_big`); at 5 to 8 seats a `RingTrick`."""
    names = ctx.names
    if ctx.variant.ring_table:
        cells = [("bottom", ctx.base), *ctx.places.items()]
        return RingTrick(
            tuple(
                (place, (names[seat], None if seat not in played else card_text(played[seat], "bold reverse")))
                for place, seat in cells
            ),
            foot,
            foot_name=names[foot_seat] if foot_seat is not None else "",
            big=big,
        )

    def cell(seat: int | None) -> TrickCell | None:
        if seat is None:
            return None
        x = played.get(seat)
        return (names[seat], None if x is None else card_text(x, "bold reverse"))  # (fitted as it is drawn)

    places = ctx.places
    return TrickGrid(
        cell(places.get("top")), cell(places.get("left")), cell(places.get("right")), cell(ctx.base), foot, big=big
    )


def won_line(view: SeatView, names: Sequence[str]) -> str:
    """The last trick won, as the table's foot under it says it: "Ann won trick 3 (20)";
    "" before the first trick is won."""
    if not view.tricks:
        return ""
    _leader, cards, winner = view.tricks[-1]
    pts = trick_points(view.variant, cards, len(view.tricks))
    return f"{names[winner]} won trick {len(view.tricks)} ({view.variant.fmt(pts)})"


def won_trick_text(view: SeatView, names: Sequence[str]) -> Text:
    """The last trick won, its cards in the order played after who won it: "Ann won trick 3
    (20): A♠ K♠ 9♠ Q♠" — for the hot-seat hand-off, where the person who played the
    trick's last card is not shown it (the keyboard goes to the next person at once)."""
    line = Text(won_line(view, names))
    if line:
        line.append(":")
        for card in view.tricks[-1][1]:
            line.append(" ")
            line.append_text(card_text(card))
    return line


def news_since(view: SeatView, names: Sequence[str], seen: int | None) -> Text | None:
    """What the hot-seat hand-off to the person whose hand ``view`` is tells of the play
    since their last look: the last trick won, where it was won since (``seen``: the
    tricks of this hand won when they last saw their hand; None where not known, as after
    a resume), as `won_trick_text` says it; the trick being played, led since, each card
    after the lead with who played it: "Trick 4 so far: Bot 4 led 10♥, then Dad K♥, Sam
    9♥" (the table shows it only once the hand is drawn, and not the trick before it); in
    the auction, the calls since their last one (`calls_since`).  Everyone at the table
    may see all of it; None where there is nothing new."""
    lines = []
    calls = calls_since(view, names)
    if calls:
        lines.append(Text(calls))
    if view.tricks and (seen is None or len(view.tricks) > seen):
        lines.append(won_trick_text(view, names))
    if view.trick:
        (leader, first), *rest = view.trick
        line = Text(f"Trick {len(view.tricks) + 1} so far: {names[leader]} led ")
        line.append_text(card_text(first))
        if rest:
            line.append(", then")
            for i, (seat, card) in enumerate(rest):
                line.append(f"{',' if i else ''} {names[seat]} ")
                line.append_text(card_text(card))
        lines.append(line)
    return Text("\n").join(lines) if lines else None


def table_trick(ctx: SeatFacts, big: bool = False) -> TrickGrid | RingTrick | None:
    """The trick being played, else the last one won (None before the first lead)."""
    view, v, names = ctx.view, ctx.variant, ctx.names
    if view.trick:
        played = dict(view.trick)
        lead = view.trick[0][0]
        foot = f"{names[lead]} led · trick {len(view.tricks) + 1}/{v.tricks_per_hand}"
        who = lead
    elif view.tricks:
        leader, cards, winner = view.tricks[-1]
        played = {(leader + i) % v.players: x for i, x in enumerate(cards)}
        foot = won_line(view, names)
        who = winner
    else:
        return None
    return trick_grid(ctx, played, foot, big, who)


class TricksPanel(Panel):
    """Phase TRICKS (and the finished hand)."""

    def body(self, ctx: SeatFacts) -> Text | TrickGrid | RingTrick:
        view = ctx.view
        if view.bidder is not None:
            grid = table_trick(ctx, is_big(self.app))
            if grid is not None:
                return grid
        if view.phase is Phase.DONE:
            return Text("The hand is over.")
        return Text()

    @addressed
    def prompt(self, ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
        return play_prompt(ctx.view)
