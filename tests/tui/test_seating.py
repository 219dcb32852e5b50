"""The seat layout rule (pinochle_tui/seating.py): every seat count from 2 to 8 at the
smallest and a large terminal, and the table screen drawing its seats where it says."""

from __future__ import annotations

import itertools

import pytest
from tui_helpers import app_for, make_app, preplay, settle, table

from pinochle_tui.seating import (
    FOOT_H,
    PLACES,
    RING_CENTRE_MAX,
    SEAT_H,
    places_for,
    seat_layout,
    seat_places,
    side_width,
)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 8])
@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
def test_every_seat_has_a_spot_inside_the_screen_and_none_overlap(n, size):
    w, h = size
    spots = seat_layout(n, w, h)
    assert [s.offset for s in spots] == list(range(n))
    assert [s.place for s in spots] == list(seat_places(n))
    assert spots[0].place == "bottom"
    for s in spots:
        assert s.w > 0 and s.h > 0
        assert s.x >= 0 and s.x + s.w <= w, s
        assert s.y >= 0 and s.y + s.h <= h, s
    for a, b in itertools.combinations(spots, 2):
        assert not a.overlaps(b), (a, b)
    # the seats around the board are boxes big enough for a name, cards and tricks
    for s in spots[1:]:
        assert s.w >= 15 and s.h >= 5, s
        assert s.x + s.w <= w - 25  # left of the scores column
        assert s.y >= 1 and s.y + s.h <= h - 8  # below the status line, above the hand


@pytest.mark.parametrize("n", [5, 6, 7, 8])
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
def test_the_side_seats_sit_beside_the_centre_as_boxes_of_their_lines(n, size):
    """5 to 8 seats: the left and right boxes flank the centre (72 columns at most, as the
    four-seat table's), the whole row in the middle of the board (at 200x60 they sat at
    the board's far edges, some 20 empty columns from the trick each side, 45 rows tall
    for 5 lines), each box a seat box's height centred in its share of the column, and
    the top row's boxes over the same span."""
    w, h = size
    spots = seat_layout(n, w, h)
    board_w = w - side_width(w)
    left = [s for s in spots if s.place in ("left", "upper-left", "lower-left")]
    right = [s for s in spots if s.place in ("right", "upper-right", "lower-right")]
    top = [s for s in spots if s.place.startswith("top")]
    x0, x1 = left[0].x, right[0].x + right[0].w  # the span of the middle row
    assert right[0].x - (x0 + left[0].w) == min(RING_CENTRE_MAX, board_w - 2 * left[0].w)
    assert abs(x0 - (board_w - x1)) <= 1  # in the middle of the board
    assert all(x0 <= s.x and s.x + s.w <= x1 for s in top)
    mid_y = max(s.y + s.h for s in top)
    mid_h = h - FOOT_H - mid_y
    for column in (left, right):
        cell = mid_h // len(column)
        for k, s in enumerate(sorted(column, key=lambda s: s.y)):
            assert s.h == min(SEAT_H, cell)
            assert s.y == mid_y + k * cell + (cell - s.h) // 2


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 8])
def test_places_go_clockwise_from_the_viewer(n):
    for viewer in range(n):
        places = places_for(n, viewer)
        assert sorted(places.values()) == sorted(set(range(n)) - {viewer})
        assert places[PLACES[n][1]] == (viewer + 1) % n  # the next seat clockwise is at the left
    assert places_for(4, 0) == {"left": 1, "top": 2, "right": 3}
    assert places_for(3, 1) == {"left": 2, "right": 0}
    assert places_for(2, 1) == {"top": 0}


def test_bad_seat_count():
    with pytest.raises(ValueError, match="2 to 8"):
        seat_places(9)


@pytest.mark.parametrize(
    ("variant", "seats", "when"),
    [
        ("partnership", "human,random,random,random", "auction"),
        ("partnership", "human,random,random,random", "tricks"),
        ("three-hand", "human,random,random", "auction"),
        ("three-hand", "human,random,random", "tricks"),
        # the deal (later the 'on table' row makes the foot taller than one row of cards)
        ("two-hand", "human,random", "auction"),
        ("five-hand", "human,random,random,random,random", "tricks"),
        ("six-hand", "human,random,random,random,random,random", "auction"),
        ("eight-hand", "human,random,random,random,random,random,random,random", "tricks"),
    ],
)
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_table_draws_each_seat_inside_its_spot(variant, seats, size, when):
    if when == "auction":
        app = make_app(variant, seats, seed=3)
    else:  # seat boxes at their tallest: bid, cards, meld and tricks
        c = preplay(variant, seats, 3, lambda c: len(c.round.tricks) >= 2 and c.to_act == 0)
        c.meld_acked = True
        app = app_for(c)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        t = table(app)
        n = t.ctrl.variant.players
        hand_rows = t.query_one("#hand").region.height  # one row of cards, or boxed ones on a big terminal
        spots = {s.place: s for s in seat_layout(n, *size, foot_h=FOOT_H - 3 + hand_rows)}
        shown = 0
        for place, spot in spots.items():
            if place == "bottom":
                r = t.query_one("#hand").region
            else:
                r = t.query_one(f"#seat-{place}").region
            assert r.width > 0, place
            assert spot.x <= r.x and r.x + r.width <= spot.x + spot.w, (place, r, spot)
            assert spot.y <= r.y and r.y + r.height <= spot.y + spot.h, (place, r, spot)
            if n >= 5 and place != "bottom":  # the boxes are drawn at their spots exactly
                assert (r.x, r.y, r.width, r.height) == (spot.x, spot.y, spot.w, spot.h), (place, r, spot)
            shown += 1
        assert shown == n
