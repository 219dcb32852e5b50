"""The table for 5, 6 and 8 seats: every seat's box where `seat_layout`
puts it, none overlapping, each with its name, team and cards; the 20-card hand in one
row at 80 columns; the trick of eight cards with the seat that played each; the scores
panel a team a line.  States are prepared without the UI (`preplay`)."""

from __future__ import annotations

import io
import itertools
import re
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from tui_helpers import VARIANTS, app_for, preplay, settle, table

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import SEAT_NAMES, Controller, Seat, default_seats, seat_name_problem
from pinochle_tui.panels.seats import fit_names
from pinochle_tui.render import Style, sorted_hand, trump_index
from pinochle_tui.save import new_save_path
from pinochle_tui.seating import seat_layout
from pinochle_tui.widgets import HandView, RingTrick, SeatBox, short_name, short_names
from rules import Phase

SIZES = [(80, 24), (200, 60)]


def seats_for(n: int) -> str:
    return ",".join(["human"] + ["random"] * (n - 1))


def screen_lines(app: Any) -> list[str]:
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(), record=True)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False).splitlines()


def crop(lines: list[str], r: Any) -> list[str]:
    """The text inside a widget's region (its border included)."""
    return [line[r.x : r.x + r.width] for line in lines[r.y : r.y + r.height]]


def boxes(t: Any) -> dict[str, SeatBox]:
    return {str(b.id)[5:]: b for b in t.query(SeatBox) if b.display}


def team_names(line: str, team: str, score: str) -> str:
    """The names of a scores line ``A: You+North   70``, checked for its letter and score."""
    m = re.fullmatch(rf"{team}: (\S+) +{re.escape(score)}", line)
    assert m, (line, team, score)
    return m.group(1)


def boxed_card_by(rows: list[str], name: str, card: str) -> bool:
    """``name`` stands next to the box of ``card`` (``│10♦│``): over or under it (within
    three rows, the same columns) or beside it on the box's middle row."""
    face = f"│{card:>3}│"
    for y, row in enumerate(rows):
        for m in re.finditer(rf"(?<!\S){re.escape(name)}(?!\S)", row):
            for dy in (-3, -2, -1, 0, 1, 2, 3):
                if 0 <= y + dy < len(rows):
                    near = rows[y + dy]
                    lo, hi = (m.start() - 8, m.end() + 8) if dy else (m.start() - 7, m.end() + 7)
                    if face in near[max(0, lo) : hi]:
                        return True
    return False


def view_scores(t: Any) -> tuple[int, ...]:
    return tuple(t.the_view().scores)


def _first_trick_won_by_you(c: Any) -> bool:
    """The first trick is complete (every seat's card on the table) and you lead next."""
    r = c.round
    return r.phase is Phase.TRICKS and len(r.tricks) == 1 and not r.trick and r.to_act == 0


def _your_first_play(c: Any) -> bool:
    r = c.round
    return r.phase is Phase.TRICKS and not r.tricks and r.to_act == 0 and bool(r.trick)


async def check_ring(app: Any, size: tuple[int, int]) -> tuple[Any, list[str]]:
    """Every seat but yours in a box inside its `seat_layout` spot, none overlapping, each
    with its name and its cards left; returns the table and the screen's lines."""
    t = table(app)
    c = t.ctrl
    n = c.variant.players
    lines = screen_lines(app)
    shown = boxes(t)
    assert sorted(shown) == sorted(t.context().places), shown
    hand = t.query_one("#hand")
    spots = {s.place: s for s in seat_layout(n, *size, foot_h=5 + hand.region.height)}
    view = t.the_view()
    for place, box in shown.items():
        r, spot = box.region, spots[place]
        assert (r.x, r.y, r.width, r.height) == (spot.x, spot.y, spot.w, spot.h), (place, r, spot)
        seat = t.context().places[place]
        inside = "\n".join(crop(lines, r))
        assert c.seats[seat].name in inside, (place, inside)
        cards = view.hand_sizes[seat]
        assert f"{cards} card" in inside, (place, inside)
        if len(c.seats[seat].name) + 4 <= r.width - 4:  # a name on one line: the cards inside the box
            assert f"{cards} card" in "\n".join(crop(lines, r)[1:-1]), (place, inside)
    for (pa, a), (pb, b) in itertools.combinations(shown.items(), 2):
        assert not a.region.overlaps(b.region), (pa, pb)
    return t, lines


@pytest.mark.parametrize("size", SIZES)
async def test_eight_seats_each_box_the_trick_of_eight_and_four_teams(size):
    c = preplay("eight-hand", seats_for(8), 4, _first_trick_won_by_you)
    c.meld_acked = True
    leader, cards, winner = c.round.tricks[0]
    assert winner == 0
    app = app_for(c)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        t, lines = await check_ring(app, size)
        # the team on every box's border, in letters (and colour): partners opposite
        for place, box in boxes(t).items():
            seat = t.context().places[place]
            letter = "ABCD"[seat % 4]
            mate = " · partner" if seat == 4 else ""
            assert re.fullmatch(rf"(team )?{letter}{mate}", str(box.border_title)), (place, box.border_title)
            assert box.has_class(f"-team-{seat % 4}")
        # North, your partner (the short form where the box is narrow)
        assert str(boxes(t)["top"].border_title) == ("A · partner" if size[0] == 80 else "team A · partner")
        # the last trick: all eight cards, each beside its seat
        center = t.query_one("#center").region
        trick = "\n".join(crop(lines, center))
        played = {(leader + i) % 8: x for i, x in enumerate(cards)}
        names = [s.name for s in c.seats]
        grid = t.panels["tricks"].body(t.context())
        assert isinstance(grid, RingTrick) and grid.big == (size[0] == 200)
        width = t.panels["tricks"].content_size.width
        room = min((min(width, RingTrick.SPAN) - 2) // 3, (min(width, RingTrick.SPAN) - 1) // 2) - 4
        short = short_names([names[s] for s in [0, 1, 2, 3, 4, 5, 6, 7]], room)
        for seat, x in played.items():
            card = Style.card(x)
            if size[0] == 80:  # one line: the seat's name, its card
                assert re.search(rf"(^|\s){re.escape(short[seat])}\s+{re.escape(card)}(\s|$)", trick), (seat, trick)
            else:  # boxed cards: the name over, beside or under its card's box
                assert boxed_card_by(crop(lines, center), names[seat], card), (seat, trick)
        assert sum(trick.count(Style.card(x)) for x in set(cards)) >= 8
        assert f"{short[0]} won trick 1" in trick or f"{names[0]} won trick 1" in trick
        # the scores: the four teams, a line each, by letter
        scores = [line.strip() for line in crop(lines, t.query_one("#scores").region)]
        assert scores[0] == "Scores · game to 5000"
        assert [s.split(":")[0] for s in scores[1:5]] == ["A", "B", "C", "D"]
        sc = [c.variant.fmt(x) for x in view_scores(t)]
        # one rule for every row: where one needs short forms, all take them
        a, cc = (r"You\+N", r"W\+E") if size[0] == 80 else (r"You\+North", r"West\+East")
        assert re.fullmatch(rf"A: {a} +{sc[0]}", scores[1])
        assert re.fullmatch(rf"C: {cc} +{sc[2]}", scores[3])
        if size[0] == 80:  # the compass names shortened where they do not fit beside the score
            for k, (team, full) in enumerate((("B", "Southwest+Northeast"), ("D", "Northwest+Southeast")), 1):
                line = scores[2 * k]
                assert team_names(line, team, sc[2 * k - 1]) in (full, "SW+Northeast", "SW+NE", "NW+Southeast", "NW+SE")
                assert len(line) <= 22
        else:
            assert re.fullmatch(rf"B: Southwest\+Northeast +{sc[1]}", scores[2])
            assert re.fullmatch(rf"D: Northwest\+Southeast +{sc[3]}", scores[4])
        # the hand so far, team by team as above, their letters first: tricks, and their points
        # (three lines at 80 columns)
        if size[0] == 80:
            assert scores[5:7] == ["A/B/C/D:", "tricks 1/0/0/0"] and re.fullmatch(r"points \d+/0/0/0", scores[7])
        else:
            assert re.fullmatch(r"A/B/C/D: tricks 1/0/0/0 · points \d+/0/0/0", scores[5])
        # your own line: your team
        assert lines[t.query_one("#hand-title").region.y].startswith(" You · team A · ")


@pytest.mark.parametrize("seed", [9, 4])
async def test_a_long_name_and_the_dealer_keep_every_line_of_a_small_box(seed):
    """At 80x24 a side box has 3 rows inside: "Southeast (D)" does not fit its 11 cells, so
    the dealer's mark goes below the name's line, and the cards left still show (they were
    pushed out of the box)."""
    c = preplay("eight-hand", seats_for(8), seed, lambda c: c.round.phase is Phase.AUCTION and c.round.to_act == 0)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t, lines = await check_ring(app, (80, 24))
        dealer = c.round.dealer
        place = next(p for p, s in t.context().places.items() if s == dealer)
        inside = crop(lines, boxes(t)[place].region)
        name = c.seats[dealer].name
        if len(name) + 4 > 11 and place not in ("top-left", "top", "top-right"):
            assert inside[1] == f"│ {name:<11} │"
            assert "dealer" in "\n".join(inside)
        else:
            assert f"{name} (D)" in "\n".join(inside)


async def test_eight_seats_at_80x24_exact_frames():
    """The board at 80x24, its frames line for line: three boxes of 18 along the top, two
    of 15 down each side, their teams on the top borders, the trick between them."""
    c = preplay("eight-hand", seats_for(8), 4, _first_trick_won_by_you)
    c.meld_acked = True
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = [line[:55] for line in screen_lines(app)[1:16]]
    assert board[0] == "╭─ team D ───────╮╭─ A · partner ──╮╭─ team B ───────╮ "
    assert board[1].startswith("│ Northwest      ││ North") and board[1].endswith("││ Northeast      │ ")
    assert re.fullmatch(r"╰─+ \d+ tricks? ─╯╰─+ \d+ tricks? ─╯╰─+ \d+ tricks? ─╯ ", board[4])
    assert board[5] == "╭─ team C ────╮" + " " * 25 + "╭─ team C ────╮"
    assert board[10] == "╭─ team B ────╮" + " " * 25 + "╭─ team D ────╮"
    assert board[6].startswith("│ West") and board[6].endswith("│ East        │")
    assert board[11].startswith("│ Southwest   │") and board[11].endswith("│ Southeast   │")
    for row in (5, 10):  # the side boxes' bottoms, five rows apart
        assert board[row + 4][:2] == "╰─" and board[row + 4][-2:] == "─╯"
    # the trick between the columns: 25 cells, the 8 cards of the first trick by seat
    leader, cards, _ = c.round.tricks[0]
    card = {(leader + i) % 8: Style.card(x) for i, x in enumerate(cards)}
    middle = [line[15:40] for line in board[5:15]]
    assert middle[1] == f" NW {card[3]:>3}   N {card[4]:>3}  NE {card[5]:>3}  "
    assert middle[3] == f" W {card[2]:>3}             E {card[6]:>3} "
    assert middle[4] == f" SW {card[1]:>3}           SE {card[7]:>3} "
    assert middle[6] == f"         You {card[0]:>3}         "
    assert middle[7].startswith(" You won trick 1 (")


@pytest.mark.parametrize("size", SIZES)
async def test_six_seats_twenty_cards_in_one_row_and_two_teams(size):
    c = preplay("six-hand", seats_for(6), 1, _your_first_play)
    c.meld_acked = True
    app = app_for(c)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        t, lines = await check_ring(app, size)
        view = t.the_view()
        assert len(view.hand) == 20
        # the hand: all 20 cards, in one row, none cut off
        hand = t.query_one("#hand")
        want = [Style.card(x) for x in sorted_hand(view.hand, trump_index(view))]
        rows = crop(lines, hand.region)
        got = [tok for row in rows for tok in re.findall(r"(?:10|[AKQJ9])[♠♥♦♣]", row)]
        assert got == want
        if size == (80, 24):
            assert hand.region.height == 3  # one row of cards: marks, the cards, the cursor
            assert rows[1].split() == want
        # teams of three: A is you, Northwest and Northeast; B the others
        for place, box in boxes(t).items():
            seat = t.context().places[place]
            assert str(box.border_title).split(" ·")[0] in (f"team {'AB'[seat % 2]}", "AB"[seat % 2])
        scores = [line.strip() for line in crop(lines, t.query_one("#scores").region)]
        sc = [c.variant.fmt(x) for x in view_scores(t)]
        if size == (80, 24):
            assert team_names(scores[1], "A", sc[0]) in ("You+NW+NE", "You+NW+Northeast")
            assert team_names(scores[2], "B", sc[1]) in ("West+North+East", "W+N+E")
        else:
            assert re.fullmatch(rf"A: You\+Northwest\+Northeast +{sc[0]}", scores[1])
            assert re.fullmatch(rf"B: West\+North\+East +{sc[1]}", scores[2])


async def test_twenty_cards_at_80_columns_in_ascii_with_cursor_and_legal_marks():
    """The 20-card hand at 80 columns in ASCII mode, following to the first trick: 20 cells
    of 4 in one row, none cut; the cursor's ``^`` under its card (reversed), the cards that
    may not be played dim, the others bold; a picked card's ``v`` over its middle."""
    c = preplay("six-hand", seats_for(6), 1, _your_first_play)
    c.meld_acked = True
    app = PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=0, ascii=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            t = table(app)
            view = t.the_view()
            want = [Style.card(x) for x in sorted_hand(view.hand, trump_index(view))]
            hand = t.query_one("#hand", HandView)
            rows = crop(screen_lines(app), hand.region)
            assert hand.region.height == 3 and hand.region.width == 80
            assert rows[1].split() == want and len(want) == 20
            assert all(x.isascii() for x in want)
            legal = {a.card for a in c.legal()}
            assert hand.legal == [x in legal for x in sorted_hand(view.hand, trump_index(view))]
            assert False in hand.legal and True in hand.legal  # some dim, some bold
            cur = hand.cursor
            assert rows[2].index("^") == 4 * cur + 1  # under the card's middle
            line = hand.render().split("\n")[1]
            styles = {str(span.style) for span in line.spans if line.plain[span.start : span.end].strip()}
            assert any("reverse" in st for st in styles) and any("dim" in st for st in styles)
            hand.show(hand.cards, cursor=19, selected={0, 19}, legal=hand.legal)  # picks, as in a pass
            await pilot.pause()
            rows = crop(screen_lines(app), hand.region)
            assert rows[0][1] == "v" and rows[0][77] == "v"
            assert rows[2].rstrip() == " " * 77 + "^"
            assert rows[1].split() == want
    finally:
        Style.ascii = False


def test_short_names_keep_seats_apart():
    assert short_name("Ann", 3) == "Ann"
    assert short_name("Northwest", 3) == "NW"
    assert short_name("Player 3", 3) == "P3"
    assert short_name("Christopher", 5) == "Chri…"
    assert short_names(["Annabel", "Annette", "Bo"], 3) == ["An1", "An2", "Bo"]
    assert short_names(["South", "Southwest", "West"], 3) == ["S", "SW", "W"]
    # a team's names beside its score: whole, or all in their short forms (never
    # 'SW+Northeast'), then the longest plain name cut, as little as fits
    assert fit_names(["Southwest", "Northeast"], 19) == ["Southwest", "Northeast"]
    assert fit_names(["Southwest", "Northeast"], 15) == ["SW", "NE"]
    assert fit_names(["Southwest", "Northeast"], 10) == ["SW", "NE"]
    assert fit_names(["West", "North", "East"], 14) == ["W", "N", "E"]
    assert fit_names(["Christopher", "Alexandra"], 12) == ["Chri…", "Alexa…"]


def test_ring_trick_lines_at_the_centres_width():
    cells = (
        ("bottom", ("You", Text("K♠"))),
        ("lower-left", ("Southwest", Text("10♦"))),
        ("upper-left", ("West", Text("A♦"))),
        ("top-left", ("Northwest", None)),
        ("top", ("North", Text("9♦"))),
        ("top-right", ("Northeast", Text("K♦"))),
        ("upper-right", ("East", Text("9♦"))),
        ("lower-right", ("Southeast", Text("Q♦"))),
    )
    lines = [x.plain for x in RingTrick(cells, "Southwest led · trick 4/12", foot_name="Southwest").lines(23)]
    assert lines == [
        "NW   ·   N  9♦  NE  K♦",
        "",
        "W  A♦             E  9♦",
        "SW 10♦           SE  Q♦",
        "",
        "        You  K♠",
        "SW led · trick 4/12",
    ]


def test_ring_trick_boxed_on_a_big_terminal():
    cells = (
        ("bottom", ("You", Text("K♠"))),
        ("left", ("West", Text("10♦"))),
        ("top-left", ("Northwest", None)),
        ("top-right", ("Northeast", Text("Q♦"))),
        ("right", ("East", Text("9♦"))),
    )
    grid = RingTrick(cells, "West led · trick 2/16", big=True)
    lines = [x.plain.rstrip() for x in grid.lines(60)]
    assert len(lines) == grid.height == 15
    assert lines == [
        "          Northwest                     Northeast",
        "            ╭───╮                         ╭───╮",
        "            │ · │                         │ Q♦│",
        "            ╰───╯                         ╰───╯",
        "",
        "                 ╭───╮                ╭───╮",
        "            West │10♦│                │ 9♦│ East",
        "                 ╰───╯                ╰───╯",
        "",
        "                           ╭───╮",
        "                           │ K♠│",
        "                           ╰───╯",
        "                            You",
        "",
        "                   West led · trick 2/16",
    ]


def test_compass_names_for_every_table():
    assert SEAT_NAMES[8] == ("South", "Southwest", "West", "Northwest", "North", "Northeast", "East", "Southeast")
    assert SEAT_NAMES[6] == ("South", "West", "Northwest", "North", "Northeast", "East")
    assert SEAT_NAMES[5] == ("South", "West", "Northwest", "Northeast", "East")
    # a seat may not take another seat's place name at its table
    six = [Seat("human", "Ann")] + [Seat("bot", n, "easy") for n in SEAT_NAMES[6][1:]]
    assert seat_name_problem(six) is None
    six[1] = Seat("human", "northwest")
    assert seat_name_problem(six) == ("the West seat may not be named 'northwest': that is a seat's place at the table")
    # at four seats the in-between names are no seat's place
    four = [Seat("human", "Northwest"), *(Seat("bot", n, "easy") for n in SEAT_NAMES[4][1:])]
    assert seat_name_problem(four) is None


async def test_eight_seat_hand_result_fits_80_columns():
    """The hand result at 80x24 with four teams: a column each, headed by letter and names
    (shortened where they do not fit 14 cells), every column on screen."""
    c = preplay("eight-hand", seats_for(8), 2, lambda c: c.round.phase is Phase.DONE)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        heads = [app.screen.query_one(f"#side-{s}") for s in range(4)]
        assert [str(h.render()) for h in heads] == ["A: You+N", "B: SW+NE", "C: W+E", "D: NW+SE"]  # one rule
        totals = [app.screen.query_one(f"#total-{s}") for s in range(4)]
        for h, t in zip(heads, totals, strict=True):
            assert h.region.right <= 78 and t.region.right <= 78 and h.region.width == 14
        assert [str(t.render()) for t in totals] == [c.variant.fmt(x) for x in c.game.scores]
        lines = screen_lines(app)
        assert lines[heads[0].region.y].split() == ["A:", "You+N", "B:", "SW+NE", "C:", "W+E", "D:", "NW+SE"]


def _you_bid_five_hand(seed: int, want: Any) -> Any:
    """Five-hand with you bidding the lowest bid allowed (the others random) until ``want``."""
    from pinochle_tui.controller import Controller, default_seats
    from rules import Bid

    v = VARIANTS["five-hand"]
    c = Controller(v, default_seats(5, seats_for(5).split(",")), seed=seed)
    for _ in range(2000):
        if want(c):
            return c
        r = c.round
        if r.phase is Phase.DONE:
            c.next_hand()
            continue
        if c.is_human(r.to_act):
            bids = [a for a in c.legal() if isinstance(a, Bid)]
            c.apply(bids[0] if r.phase is Phase.AUCTION and bids else c.legal()[0])
        else:
            c.apply(c.choose(r, r.to_act, c.bot_for(r.to_act))[0])
    raise AssertionError("never reached the wanted state")


async def test_five_seats_the_call_and_its_partner_shown_all_hand():
    """You won the auction: the call lists the trump cards you may call with how many you
    hold; 1 calls the first; the partner it made is then on the status line, on its box
    and in the scores (every player a line), and the log says it."""
    from rules import CallPartner

    c = _you_bid_five_hand(3, lambda c: c.round.phase is Phase.CALL and c.round.to_act == 0)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        calls = [a.card for a in c.legal() if isinstance(a, CallPartner)]
        center = crop(screen_lines(app), t.query_one("#center").region)
        listed = [line.strip() for line in center if re.match(r"\s*\d ", line)]
        hand = t.the_view().hand
        assert listed == [f"{i + 1} {Style.card(x):>3}  you hold {hand.count(x)} of 4" for i, x in enumerate(calls)]
        buttons = [str(t.query_one(f"#btn-{i}").content) for i in range(len(calls))]
        assert buttons == [f"{i + 1} {Style.card(x)}" for i, x in enumerate(calls)]
        assert all(t.query_one(f"#btn-{i}").region.right <= 80 for i in range(len(calls)))
        await pilot.press("1")
        await settle(pilot)
        view = t.the_view()
        assert view.called_card == calls[0]
        partner = view.partner
        assert partner is not None and partner != 0
        name = c.seats[partner].name
        assert any(f"You called {Style.card(calls[0])} for a partner: {name} is the partner" in e for e in c.events)
        assert c.round.phase is Phase.MELD and c.round.to_act == 0  # play the hand or throw it in
        await pilot.press("1")  # play it
        await settle(pilot)
        await pilot.press("enter")  # your lead: everyone's meld leaves the board
        await settle(pilot)
        t, lines = await check_ring(app, (80, 24))
        status = lines[0]  # at 80 columns the called part short, the hand and the dealer kept
        assert f" · {Style.card(calls[0])}: {name}" in status and " · hand 1 · dealer " in status
        place = next(p for p, s in t.context().places.items() if s == partner)
        assert str(boxes(t)[place].border_title).startswith("partner")
        others = [b for p, b in boxes(t).items() if p != place]
        assert all(str(b.border_title) == "" for b in others)
        scores = [line.strip() for line in crop(lines, t.query_one("#scores").region)][1:6]
        names = [s.name for s in c.seats]
        assert [re.sub(r" \(.*", "", re.sub(r" +-?\d+$", "", line)) for line in scores] == names
        assert re.fullmatch(r"You \(bidder\) +-?\d+", scores[0])
        assert re.fullmatch(rf"{name} \(partner\) +-?\d+", scores[partner])


@pytest.mark.parametrize("size", SIZES)
async def test_five_seats_each_box_and_the_bidder_marked(size):
    """Another seat's bid won: its box says bidder and the card it called, the partner's
    box says partner (at 200x60 with the card), the status line both."""
    c = _you_bid_five_hand(
        4, lambda c: c.round.phase is Phase.TRICKS and c.round.to_act == 0 and c.round.bidder not in (0, None)
    )
    c.meld_acked = True
    app = app_for(c)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        t, lines = await check_ring(app, size)
        view = t.the_view()
        card = Style.card(view.called_card)
        places = {s: p for p, s in t.context().places.items()}
        bidder_title = str(boxes(t)[places[view.bidder]].border_title)
        assert bidder_title in (f"bidder · called {card}", f"bidder · {card}")
        if view.partner not in (None, 0):
            box = boxes(t)[places[view.partner]]
            full = f"partner ({card})"  # with the card where the border has room
            assert str(box.border_title) == (full if len(full) <= box.region.width - 6 else "partner")
        who = c.seats[view.partner].name if view.partner is not None else "nobody (alone)"
        if size == (80, 24):  # the called part short, the hand and the dealer kept
            who = short_name(who, 8) if view.partner is not None else "alone"
            assert f" · {card}: {who}" in lines[0] and " · hand " in lines[0] and " · dealer " in lines[0]
        else:
            assert f"called {card}: {who}" in lines[0]


async def test_six_seats_hot_seat_hands_off_between_three_people():
    """Three people at a six-hand table: each turn of theirs starts with the hand-off
    screen (no card drawn), then the table is drawn from their seat: their hand at the
    foot, the other five in the boxes, their team on their own line."""
    from tui_helpers import make_app

    from pinochle_tui.screens.dialogs import HandOffScreen

    app = make_app("six-hand", "human:Ann,random,human:Bob,random,human:Cy,random", seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = []
        for _ in range(3):
            await settle(pilot)
            assert isinstance(app.screen, HandOffScreen)
            t = table(app)
            who = t.ctrl.round.to_act
            name = t.ctrl.seats[who].name
            text = screen_lines(app)
            assert any(f"Pass the keyboard to {name}" in line for line in text)
            assert not any(re.search(r"(10|[AKQJ])[♠♥♦♣]", line) for line in text)  # no card of any hand
            await pilot.press("enter")
            await settle(pilot)
            assert t.viewer() == who and t.my_turn()
            if not seen:  # (every box checked once: the others are the same boxes seen from elsewhere)
                t, lines = await check_ring(app, (80, 24))
            else:
                lines = screen_lines(app)
            assert sorted(t.context().places.values()) == sorted(set(range(6)) - {who})
            own = lines[t.query_one("#hand-title").region.y]
            assert own.startswith(f" {name}") and f" · team {'AB'[who % 2]} · " in own
            assert len(t.the_view().hand) == 20
            seen.append(name)
            await pilot.press("p" if t.may_pass_bid() else "enter")
        assert sorted(seen) == ["Ann", "Bob", "Cy"]


async def test_eight_seat_game_over_chart_tells_four_teams_apart():
    """The game-over chart at eight-hand: four series, four markers (they repeated after
    three), each named by team letter and names as the scores panel has them."""
    from test_game_over_chart import monitor, over_screen
    from tui_helpers import make_app

    from pinochle_tui.chart import Chart

    app = make_app("eight-hand", seats_for(8), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = await over_screen(pilot, [(0, 0, 0, 0), (170, 240, -270, 270), (500, 250, 300, 5100)])
        m = monitor(screen.query_one(Chart))
        assert [ms[0] for ms in m.marker[4:8]] == ["●", "○", "◆", "◇"]  # (after the four lines)
        # every team by one rule, within the legend's 20 cells as the
        # scores panel has them, each beside its line's character: short enough for the
        # legend to go in the (shorter) title row
        assert [lab for lab in m.label if lab] == []
        assert m.title == "Scores: ●·· A: You+N   ○~~ B: SW+NE   ◆:: C: W+E   ◇== D: NW+SE"
        # the 4 at the start (every team's 0) explained under the plot, the title having no room
        assert m.xlabel[0] == "hand (the line: target 5000; a digit: that many sides at one point)"


def test_eight_seat_tricks_list_tells_the_seats_apart():
    """The tricks of the hand (t) at eight seats: each seat by a name of 6 cells at most
    that no other seat shares (Southwest and Southeast were both 'Southw'/'Southe' cut)."""
    from pinochle_tui.screens.dialogs import tricks_text

    c = preplay("eight-hand", seats_for(8), 4, _first_trick_won_by_you)
    leader, cards, winner = c.round.tricks[0]
    short = {"South": "S", "You": "You", "Southwest": "SW", "West": "West", "Northwest": "NW"}
    short |= {"North": "North", "Northeast": "NE", "East": "East", "Southeast": "SE"}
    head, line = tricks_text(c).plain.splitlines()[2:4]  # seats named once, cards under them
    assert head == "    " + "".join(f"{short[s.name]:<6}" for s in c.seats) + "won by"
    by_seat = {(leader + i) % 8: Style.card(x) for i, x in enumerate(cards)}
    want = "".join(f"{by_seat[s]:<6}" for s in range(8))
    assert line.startswith(f" 1  {want}→ {short[c.seats[winner].name]:<5} ")


def test_five_hand_result_says_who_was_the_partner():
    from pinochle_tui.render import result_headline

    c = preplay("five-hand", seats_for(5), 2, lambda c: c.round.phase is Phase.DONE and c.round.bidder is not None)
    view = c.view(0)
    card = Style.card(view.called_card)
    head = result_headline(c)
    bidder = c.seats[view.bidder].name
    if view.partner is None:
        assert head.endswith(f" Called {card}: nobody else holds it; {bidder} plays alone.")
    else:
        partner = c.seats[view.partner].name
        verb = "are" if partner == "You" else "is"
        assert head.endswith(f" Called {card}: {partner} {verb} the partner.")
    assert head.startswith(f"{bidder} bid ")


def _five_hand_at_meld_as_partner() -> Controller:
    """Five-hand, seed 2: the bots' auction makes seat 0 (the human, who passes) the
    called partner, at the meld."""
    from rules import PassBid, Phase

    v = VARIANTS["five-hand"]
    c = Controller(v, default_seats(5, ["human"] + ["standard"] * 4), seed=2)
    while c.round.phase is not Phase.MELD:
        seat = c.round.to_act
        a = PassBid() if c.is_human(seat) else c.choose(c.round, seat, c.bot_for(seat))[0]
        c.apply(a)
    return c


def test_the_called_partners_own_line_says_partner() -> None:
    """The called partner's own line says so (not only the scores and the log):
    never 'You · passed · 16 cards · meld 14'."""
    from pinochle_tui.panels.seats import seat_line
    from pinochle_tui.table.build import seat_facts

    c = _five_hand_at_meld_as_partner()
    view = c.view(0)
    assert view.partner == 0
    ctx = seat_facts(c, 0)._replace(places={}, my_turn=False)
    assert seat_line(ctx, 0).plain == "You · partner · passed · 16 cards · meld 12"
    assert view.bidder == 4
    assert (
        seat_line(ctx._replace(view=c.view(4)), 4).plain
        == "East (D) · bidder · stuck at 35 · 16 cards · meld 8  ▶ to act"  # (a bot's seat: no "your"; all passed)
    )


def test_the_five_hand_result_columns_mark_the_bidder_and_partner() -> None:
    """The five-hand result's column headings mark the bidder and the partner:
    in the result's 11 cells the word is kept and the name shortened for it (the
    game-over columns and the chart keep the names: a role is one hand's)."""
    from pinochle_tui.panels.seats import side_heading

    c = _five_hand_at_meld_as_partner()
    v, names, seen = c.variant, [seat.name for seat in c.seats], c.view(0)  # (what the table's person sees)
    got = [side_heading(v, names, s, 11, roles=seen) for s in range(5)]
    assert got == ["You partner", "West", "Northwest", "Northeast", "East bidder"]
    assert [side_heading(v, names, s, 11) for s in range(5)] == ["You", "West", "Northwest", "Northeast", "East"]
    names[4] = "Bartholomew"
    assert side_heading(v, names, 4, 11, roles=seen) == "Bar… bidder"


def test_the_readme_names_the_seats_of_every_table_in_order() -> None:
    """The README named seats for 2 to 4 seats only; the big tables' compass names are the
    new-game screen's and the table's (`controller.SEAT_NAMES`), clockwise from South."""
    from pathlib import Path

    from pinochle_tui.controller import SEAT_NAMES

    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    for players, form in ((3, "three-hand: "), (5, "five-hand "), (6, "six-hand "), (8, "eight-hand ")):
        assert form + ", ".join(SEAT_NAMES[players]) in readme
    assert "(`team A`, or `A` where the box is narrow;" in readme


async def test_the_stuck_dealers_footer_leaves_out_the_arrows() -> None:
    """Six-hand, seed 11: the five others pass and you, the dealer, are stuck with 75, the
    one bid there is (§3.4): the footer showed "↑ raise ↓ lower" (greyed), keys that can
    never act in this decision."""
    from rules import Bid, PassBid

    c = Controller(VARIANTS["six-hand"], default_seats(6, seats_for(6).split(",")), seed=11)
    for _ in range(5):
        c.apply(PassBid())
    assert c.is_human(c.round.to_act) and c.legal() == [Bid(750)]
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        foot = screen_lines(app)[-1]
        assert " ".join(foot.split("▏")[0].split()) == "⏎ bid a auto i hint t tricks m meld ? help q quit"
