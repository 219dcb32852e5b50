"""Where the seats sit around the table: one pure rule for 2 to 8 seats.

The viewer sits at the bottom (their hand spans the foot of the screen); the other seats
go round the board clockwise from the viewer's left: up the left edge, along the top,
down the right edge.  `seat_places` names each seat's place; `seat_layout` gives every
place a rectangle on a terminal of a given size, inside the board and never overlapping.

The table screen puts its seat boxes at the places `places_for` names; for 2 to 4 seats
its stylesheet draws exactly the rectangles `seat_layout` gives for those places (top box
centred, side columns, hand at the foot), which `tests/tui/test_seating.py` checks.
"""

from __future__ import annotations

from typing import NamedTuple

# per seat count: each seat's place, counted clockwise from the viewer (offset 0)
PLACES: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
    6: ("bottom", "left", "top-left", "top", "top-right", "right"),
    7: ("bottom", "lower-left", "upper-left", "top-left", "top-right", "upper-right", "lower-right"),
    8: ("bottom", "lower-left", "upper-left", "top-left", "top", "top-right", "upper-right", "lower-right"),
}

# the places of the boxes a table of 5 to 8 seats adds to the 2 to 4 seat table's (top,
# left, right): the top row's corners, the side columns' upper and lower boxes
RING_PLACES = (
    *("top-left", "top", "top-right"),
    *("upper-left", "left", "lower-left"),
    *("upper-right", "right", "lower-right"),
)

# the compass name of each place (the viewer's is South): `controller.SEAT_NAMES` read
# from the seat at the bottom
PLACE_NAMES = {
    "bottom": "South",
    "lower-left": "Southwest",
    "left": "West",
    "upper-left": "West",
    "top-left": "Northwest",
    "top": "North",
    "top-right": "Northeast",
    "right": "East",
    "upper-right": "East",
    "lower-right": "Southeast",
}


NAME_MAX = 20
"""A seat's name is at most this many characters (``--seats human:NAME``, the new-game
screen's name field, a save's and the settings' seats): longer ones are refused where they
are given, never cut without a word."""


def compass_names(n: int, bottom: int = 0) -> tuple[str, ...]:
    """Each seat's compass name as the table is drawn with seat ``bottom`` at the foot
    (South): at 8 seats with ``bottom`` 2, seat 2 is South, seat 3 Southwest, ..."""
    places = seat_places(n)
    return tuple(PLACE_NAMES[places[(seat - bottom) % n]] for seat in range(n))


def default_name(n: int, seat: int, humans: tuple[int, ...]) -> str:
    """The name a bot in ``seat`` gets when none is given, ``humans`` the human seats.

    A compass name says where a seat is drawn, and the table is drawn from the seat at the
    bottom: with one human (or none) always the same seat, so the bots are named from it
    (the human in seat 2 of four: seat 3 West, seat 0 North, seat 1 East).  In hot-seat the
    bottom seat changes with the turn, and a bot called North would sit on Bob's left when
    Bob has the keyboard, so there a bot is named by its seat, ``Bot 2``: the
    same name on the table, the log, the scores and the result, whoever is at the bottom."""
    if len(humans) > 1:
        return f"Bot {seat + 1}"
    return compass_names(n, humans[0] if humans else 0)[seat]


def human_name(seat: int, humans: tuple[int, ...]) -> str:
    """The name a human in ``seat`` gets when none is given, ``humans`` the human seats:
    ``You`` alone, else ``Player 1``, ``Player 2``, ... in seat order (the command line's
    rule: `controller.default_seats` calls it, and so does the new-game screen, which would
    otherwise give a seat turned human its bot's name, ``Northwest`` or ``Bot 5``)."""
    return "You" if len(humans) <= 1 or seat not in humans else f"Player {humans.index(seat) + 1}"


def seat_label(n: int, seat: int, humans: tuple[int, ...]) -> str:
    """The new-game screen's label of a seat, its compass name as `default_name` names a
    bot: ``Seat 2 (West)`` from the one human's seat (or seat 0 with none); in hot-seat,
    where the bottom changes with the turn, from seat 0 (``Seat 1 (South)``), so that the
    seats are still told round the table and across it (`sides_line` names the partners)."""
    return f"Seat {seat + 1} ({compass_names(n, humans[0] if len(humans) == 1 else 0)[seat]})"


def sides_line(sides: tuple[tuple[int, ...], ...]) -> str:
    """Who plays with whom, by seat number as the new-game screen labels the seats, for
    ``sides`` (`Variant.seats_of_side`) of two or more seats each: ``Partners: Seats 1 & 3
    against Seats 2 & 4``, ``Teams: Seats 1, 3 & 5 against Seats 2, 4 & 6``, ``Partners:
    Seats 1 & 5, 2 & 6, 3 & 7, 4 & 8``; "" where each plays for self."""
    if not sides or any(len(side) < 2 for side in sides):
        return ""

    def together(side: tuple[int, ...]) -> str:
        numbers = [str(seat + 1) for seat in side]
        return ", ".join(numbers[:-1]) + " & " + numbers[-1]

    word = "Partners" if all(len(side) == 2 for side in sides) else "Teams"
    if len(sides) == 2:
        return f"{word}: Seats {together(sides[0])} against Seats {together(sides[1])}"
    return f"{word}: Seats {', '.join(together(side) for side in sides)}"


def is_default_name(n: int, seat: int, name: str) -> bool:
    """``name`` is one `default_name` or `human_name` gives (or none): a compass name of an
    ``n``-seat table from any seat at the bottom, ``Bot k`` for this seat, ``You`` or
    ``Player k``; such a seat's name follows the seats' kinds on the new-game screen (a
    name the player typed stays)."""
    if not name or name in ("You", f"Bot {seat + 1}") or name in compass_names(n, 0):  # the same from any bottom
        return True
    word, _, number = name.partition(" ")
    return word == "Player" and number.isdigit() and 1 <= int(number) <= n


STATUS_H = 1  # the status line above the board
FOOT_H = 8  # below the board: hand title 1, one row of cards 3, prompt 2, buttons 1, footer 1
SEAT_H = 7  # a seat box: 5 lines (name, bid, cards, meld, tricks) and its border
SEAT_MIN_H = 5  # the smallest seat box: name, cards, tricks and its border
RING_CENTRE_MAX = 72  # the centre between the side boxes, at most (the four-seat table's `#center`)


def side_width(width: int) -> int:
    """The scores-and-log column at the right (the stylesheet's ``#side``: from 120
    columns 30% of the width, 40 to 72)."""
    return 25 if width < 100 else (min(max(width * 3 // 10, 40), 72) if width >= 120 else 30)


def column_width(width: int) -> int:
    """A seat column at the board's left or right edge (``.seatcol``)."""
    return 15 if width < 100 else 17


def top_width(width: int) -> int:
    """The seat box centred along the top edge (``#seat-top``)."""
    return 24 if width < 100 else 30


class Spot(NamedTuple):
    """Where one seat sits: its place name and its rectangle (columns, rows, 0-based).
    A NamedTuple, not a frozen dataclass: the start builds it."""

    offset: int  # seats clockwise from the viewer (0: the viewer)
    place: str
    x: int
    y: int
    w: int
    h: int

    def overlaps(self, other: Spot) -> bool:
        return not (
            self.x + self.w <= other.x
            or other.x + other.w <= self.x
            or self.y + self.h <= other.y
            or other.y + other.h <= self.y
        )


def seat_places(n: int) -> tuple[str, ...]:
    """Each seat's place, by offset clockwise from the viewer; `ValueError` beyond 2..8."""
    try:
        return PLACES[n]
    except KeyError:
        raise ValueError(f"a table seats 2 to 8 players, not {n}") from None


def places_for(n: int, viewer: int) -> dict[str, int]:
    """Place name -> seat number for everyone but the viewer (who is at the bottom)."""
    return {place: (viewer + k) % n for k, place in enumerate(seat_places(n)) if k}


def seat_layout(n: int, width: int, height: int, foot_h: int = FOOT_H) -> list[Spot]:
    """The rectangle of every seat (offset 0, the viewer, first) at ``width`` x ``height``.

    The board is the screen less the status line (top), the scores column (right) and the
    foot (hand, prompt, buttons, footer: ``foot_h`` rows, more than `FOOT_H` when the hand
    takes two rows or boxed cards).  The viewer's spot is the foot's hand rows.  The
    top edge holds the top places side by side; the side columns hold the left and right
    places stacked, below the top row when there is one.  The side columns flank the
    centre, at most `RING_CENTRE_MAX` wide, the three in the middle of the board (on a
    wide terminal the boxes sat at its far edges, the trick between them some 20 columns
    off each); at 5 to 8 seats the top row spreads its boxes over the same span, and each
    side box is a seat box's height (`SEAT_H`) in the middle of its share of the column
    (its lines, not 45 empty rows at 200x60).  Rectangles lie inside the screen and never
    overlap (for 80x24 and up).
    """
    places = seat_places(n)
    board_w = width - side_width(width)
    board_y = STATUS_H
    board_h = height - STATUS_H - foot_h
    spots = [Spot(0, "bottom", 0, height - foot_h + 1, width, foot_h - 5)]

    top = [p for p in places if p.startswith("top")]
    left = [p for p in places if p in ("left", "upper-left", "lower-left")]
    right = [p for p in places if p in ("right", "upper-right", "lower-right")]
    col_w = column_width(width)
    ring = n >= 5
    span = min(board_w, 2 * col_w + RING_CENTRE_MAX)  # the side columns and the centre between
    x0 = (board_w - span) // 2

    top_h = 0
    if top:
        # stacked side places want room for two boxes below the top row
        stacked = max(len(left), len(right))
        top_h = min(SEAT_H, max(SEAT_MIN_H, board_h - stacked * SEAT_MIN_H))
        if len(top) == 1:
            w = min(top_width(width), board_w)
            xs = [(board_w - w) // 2]
        else:
            w = min(top_width(width), span // len(top))
            gap = (span - w * len(top)) // (len(top) + 1)
            xs = [x0 + gap + k * (w + gap) for k in range(len(top))]
        for place, x in zip(top, xs):
            spots.append(Spot(places.index(place), place, x, board_y, w, top_h))

    mid_y = board_y + top_h
    mid_h = board_h - top_h
    for column, x in ((left, x0), (right, x0 + span - col_w)):
        if not column:
            continue
        # upper first, lower below it (clockwise order runs up the left edge)
        order = sorted(column, key=lambda p: 0 if p.startswith("upper") or p in ("left", "right") else 1)
        h = mid_h // len(order)
        box_h = min(SEAT_H, h) if ring else h  # (2 to 4 seats: the column, its box in the middle)
        for k, place in enumerate(order):
            spots.append(Spot(places.index(place), place, x, mid_y + k * h + (h - box_h) // 2, col_w, box_h))
    spots.sort(key=lambda s: s.offset)
    return spots


__all__ = [
    "NAME_MAX",
    "PLACES",
    "PLACE_NAMES",
    "RING_PLACES",
    "Spot",
    "compass_names",
    "default_name",
    "places_for",
    "seat_layout",
    "seat_places",
]
