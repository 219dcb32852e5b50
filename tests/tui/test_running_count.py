"""The running count under the scores: each side's tricks and trick points so far this
hand, and what the bidding side still needs to make its contract (RULES.md §8.1, with
its meld saved by §5.7), at every table size within the score panel at 80x24.  The
counts are checked against the rules' own hand result at the hand's end."""

from __future__ import annotations

import pytest
from tui_helpers import VARIANTS, app_for, policy_action, preplay, settle, table

from pinochle_tui.panels.seats import contract_needs, running_count, side_counts
from pinochle_tui.table.build import seat_facts
from pinochle_tui.table.facts import SeatFacts
from rules import Phase

ALL = sorted(VARIANTS)


def _seats(variant: str) -> str:
    return ",".join(["human"] + ["easy"] * (VARIANTS[variant].people - 1))


def _done(variant: str, seed: int = 2):
    """A controller whose first played-out hand is over (a hand thrown in is skipped)."""

    def want(c) -> bool:
        r = c.round
        return r.phase is Phase.DONE and r.result is not None and r.result.kind == "played"

    return preplay(variant, _seats(variant), seed, want)


def _ctx(c, seat: int = 0) -> SeatFacts:
    return seat_facts(c, seat)._replace(my_turn=False)


@pytest.mark.parametrize("variant", ALL)
def test_the_count_at_the_hands_end_is_the_rules_own(variant: str) -> None:
    c = _done(variant)
    v, view, result = c.variant, c.view(0), c.round.result
    counts = side_counts(view)
    sides = view.play_sides
    for res in result.sides:
        side = sides[res.seats[0]]
        taken = res.trick_points - res.discard_points
        if res.seats[0] == result.bidder and v.kitty_discards_count_for_bidder:
            taken -= sum(v.card_points[x] for x in c.round.table.buried)
        if v.sides == "called_partner":  # one entry per player: the pair's or the defenders' sum
            taken = sum(r.trick_points for r in result.sides if sides[r.seats[0]] == side)
            if v.kitty_discards_count_for_bidder:
                taken -= sum(v.card_points[x] for x in c.round.table.buried)
        assert counts[side].points == taken, (variant, res)
        assert counts[side].tricks == sum(view.won[s] for s in counts[side].seats)
    if result.contract is not None and v.round_flow != "stock":
        mine = counts[sides[result.bidder]]
        need, saves = contract_needs(view, mine)
        buried = sum(v.card_points[x] for x in c.round.table.buried) if v.kitty_discards_count_for_bidder else 0
        made = next(r.made for r in result.sides if r.made is not None)
        piles = sum(r.discard_points for r in result.sides if r.made is not None)
        if not buried and not piles:  # (counted only at the end, and only the bidder sees a burial)
            assert made == (need == 0 and not saves), (variant, need, saves, made)


def test_the_bidders_need_in_words() -> None:
    """Partnership, two tricks in: the bidding side's need is the bid less its meld and its tricks."""
    c = preplay("partnership", _seats("partnership"), 44, lambda c: len(c.round.tricks) == 2)
    view = c.view(0)
    counts = side_counts(view)
    bside = view.play_sides[view.bidder]
    meld = sum(view.melds[s].total for s in counts[bside].seats)
    need, saves = contract_needs(view, counts[bside])
    assert (need, saves) == (max(0, view.contract - meld - counts[bside].points), "")
    fmt = c.variant.fmt
    assert need > 0
    assert [(x.tricks, x.points) for x in counts] == [(1, 20), (1, 20)]
    assert (fmt(view.contract), fmt(need)) == ("250", "20")
    # each side's count named, as "us" and "them": the score panel at 80 columns, then wider
    assert running_count(_ctx(c), 20).plain == "tricks us 1/them 1\npoints us 20/them 20\nbid 250: needs 20"
    assert running_count(_ctx(c), 60).plain == (
        "us: 1 trick, 20 points\nthem: 1 trick, 20 points\ncontract 250: needs 20"
    )


@pytest.mark.parametrize(
    ("variant", "seats", "shown"),
    [
        # the viewer's side second in the score lines: the count in their order too
        ("partnership", "easy,human,easy,easy", "them: 1 trick, 40 points\nus: 1 trick, 10 points"),
        # people on both sides (hot-seat): "us" would be whoever has the keyboard; their names
        (
            "partnership",
            "human:Ann,human:Bob,easy,easy",
            "Ann+Bot 3: 1 trick, 30 points\nBob+Bot 4: 1 trick, 20 points",
        ),
        # each for self: the players' names
        ("three-hand", None, "You: 0 tricks, 0 points\nWest: 1 trick, 2 points\nEast: 1 trick, 2 points"),
        # teams of a big table: their letters, as the score lines have them
        ("six-hand", None, "A: 0 tricks, 0 points\nB: 2 tricks, 6 points"),
    ],
)
def test_the_count_says_whose_is_whose(variant: str, seats: str | None, shown: str) -> None:
    """The count said "tricks 0/2 · points 0/20" under the score lines, and not whose was
    whose: each side is named now, by the words that fit the table."""
    c = preplay(variant, seats or _seats(variant), 44, lambda c: len(c.round.tricks) == 2)
    seat = c.human_seats[0]
    assert running_count(_ctx(c, seat), 30).plain.rsplit("\n", 1)[0] == shown


def test_a_meld_not_saved_yet_is_named() -> None:
    """Meld counts once a trick is taken (``meld_requires = "one_trick"``): before the
    bidding side's first trick the need says so."""
    v = VARIANTS["partnership"]
    assert v.meld_requires == "one_trick"

    c = preplay("partnership", _seats("partnership"), 0, lambda c: len(c.round.tricks) == 1)  # the others took it
    view = c.view(0)
    mine = side_counts(view)[view.play_sides[view.bidder]]
    need, saves = contract_needs(view, mine)
    assert saves == "a trick"
    meld = sum(view.melds[s].total for s in mine.seats)
    assert need == view.contract - meld
    assert running_count(_ctx(c), 40).plain.endswith(f"needs {v.fmt(need)} and a trick")


@pytest.mark.parametrize("variant", ["two-hand", "three-hand", "partnership", "five-hand", "six-hand", "eight-hand"])
async def test_the_count_fits_the_score_panel_at_80x24(variant: str) -> None:
    def want(c) -> bool:
        r = c.round
        return r.phase is Phase.TRICKS and len(r.tricks) >= 3 and c.is_human(r.to_act)

    c = preplay(variant, _seats(variant), 3, want)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        scores = t.query_one("#scores")
        width = scores.content_size.width
        text = scores.render()
        lines = str(text).splitlines()
        assert any(line.startswith(("tricks ", "bidder's pair", "pair / defenders:")) for line in lines), lines
        assert all(len(line) <= width for line in lines), (width, lines)
        assert scores.region.height == len(lines), (scores.region, lines)  # no line wrapped


def test_one_trick_point_is_a_point() -> None:
    """Five-hand (counters 1): 'bidder's pair: 1 trick, 1 points' read wrong."""

    def one_point(c) -> bool:
        r = c.round
        if r.phase is not Phase.TRICKS or c.view(0).partner is None:
            return False
        return any(x.points == 10 for x in side_counts(c.view(0)))  # 1 in five-hand's x1 scale

    c = preplay("five-hand", _seats("five-hand"), 2, one_point)
    shown = running_count(_ctx(c), 60).plain
    assert ", 1 point\n" in shown + "\n" and "1 points" not in shown, shown


@pytest.mark.parametrize("variant", ["three-hand-four", "three-hand-five", "partnership-five"])
def test_with_people_sitting_out_the_count_names_its_sides_in_the_score_lines_order(variant: str) -> None:
    """§0.4.16: the score lines above are the people's, in seat order; the count was in
    the deal's round seats, unnamed ("tricks 2 / 4 / 0" under You, West, East for You 4,
    West 0, East 2).  Now the sides come in the people's order, each named."""

    def want(c) -> bool:
        return c.round.phase is Phase.TRICKS and len(c.round.tricks) >= 3 and c.hand_no >= 2

    c = preplay(variant, _seats(variant), 3, want)
    view = c.view(c.human_seats[0]) if c.human_seats else c.view(0)
    ctx = seat_facts(c, view.seat)._replace(my_turn=False)
    counts = sorted(side_counts(view), key=lambda k: min(c.seating[s] for s in k.seats))
    names = " / ".join("+".join(ctx.names[s] for s in k.seats) for k in counts)
    tricks = " / ".join(str(k.tricks) for k in counts)
    points = " / ".join(c.variant.fmt(k.points) for k in counts)
    assert running_count(ctx, 60).plain.startswith(f"{names}:\ntricks {tricks}\npoints {points}")
    for width in (20, 26):  # every line within the score panel
        assert all(len(line) <= width for line in running_count(ctx, width).plain.splitlines())


def test_a_hot_seat_count_in_a_narrow_panel_keeps_the_first_letters_of_each_name() -> None:
    """In the score panel's 20 cells at 80 columns, Grandpa and Leo against Mia and Bot 4:
    the names cut to their first letters only as far as they must be ("G…+L… / M…+B4:"
    read as a cipher where "Gran…+Leo/Mia+Bot 4:" fitted)."""
    c = preplay("partnership", "human:Grandpa,human:Mia,human:Leo,standard", 44, lambda c: len(c.round.tricks) == 2)
    lines = running_count(_ctx(c, 0), 20).plain.splitlines()
    assert lines[0] == "Gran…+Leo/Mia+Bot 4:"
    assert [line.split()[0] for line in lines[1:3]] == ["tricks", "points"]


def _reached_with_tricks_to_come(c) -> bool:
    """The bidding side's meld and tricks reach the bid (its meld saved) before the last trick."""
    r = c.round
    if r.phase is not Phase.TRICKS or not r.tricks:
        return False
    view = c.view(0)
    return contract_needs(view, side_counts(view)[view.play_sides[view.bidder]]) == (0, "")


def test_a_contract_reached_mid_hand_says_it_cannot_be_set_and_made_at_the_end() -> None:
    """ "contract 250: made" showed after the first trick as soon as meld and counters
    reached the bid, with tricks to come: it says the contract is reached and can no longer
    be set (nothing takes back saved meld or points won, RULES.md §8.1), and "made" once
    the hand is over."""
    c = preplay("partnership", _seats("partnership"), 2, _reached_with_tricks_to_come)
    assert len(c.round.tricks) < c.variant.tricks_per_hand
    last = running_count(_ctx(c), 60).plain.splitlines()[-1]
    assert last == "contract 250: reached, can't be set now"
    assert running_count(_ctx(c), 30).plain.splitlines()[-1] == "contract 250: reached, safe"
    assert running_count(_ctx(c), 20).plain.splitlines()[-1] == "bid 250: safe now"
    while c.round.phase is not Phase.DONE:
        c.apply(policy_action(c))
    assert c.round.result.sides[c.variant.side_of[c.round.result.bidder]].made
    assert running_count(_ctx(c), 60).plain.splitlines()[-1] == "contract 250: made"
