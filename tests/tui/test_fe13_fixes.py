"""Fixes for a fresh-eyes tester's findings on issue 13 (big tables), second round: the
bidding help says the bot's margin, and fits the six-hand centre at 80x24."""

from __future__ import annotations

from test_big_table import screen_lines
from test_fixes import _app
from tui_helpers import VARIANTS, settle, table

from pinochle_tui.controller import Controller, default_seats


async def test_the_bots_margin_is_said_and_in_sight_at_six_hand_80x24() -> None:
    """Finding 5: 'Worth about 87 in ♣' then 'bot stops under 75' read as a contradiction;
    the help now says the margin in three lines, and the centre drops its blank line so
    the last one stays in sight (no scrollbar)."""
    app = _app("six-hand", ",".join(["human"] + ["standard"] * 5), 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        centre = [line[16:40].rstrip() for line in screen_lines(app)[9:16]]
    assert centre == [
        "75.",
        "You to bid.",
        "Your meld by trump:",
        "♠ 6  ♥ 8  ♦ 6  ♣ 6",
        "meld+tricks ~76 in ♥",
        "a bot keeps a margin:",
        "it bids to 42: pass",
    ]


def test_a_sides_names_are_all_whole_or_all_short() -> None:
    """Finding 6: six-hand's 'B: B2+Bot 4+Bot 6' and eight-hand's 'B: SW+Northeast' (the
    result screen's 'SW+NE'): a side that does not fit whole has every name in its short
    form, in the scores panel and the hand result alike."""
    from tui_helpers import VARIANTS

    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.panels.seats import fit_names, side_heading

    assert fit_names(["Bot 2", "Bot 4", "Bot 6"], 16) == ["B2", "B4", "B6"]
    assert fit_names(["Bot 2", "Bot 4", "Bot 6"], 17) == ["Bot 2", "Bot 4", "Bot 6"]
    assert fit_names(["Southwest", "Northeast"], 18) == ["SW", "NE"]
    assert fit_names(["Northwest", "Southeast"], 12) == ["NW", "SE"]
    assert fit_names(["Ann", "Bot 4"], 7) == ["Ann", "B4"]
    assert fit_names(["Christopher", "Bot 4"], 10) == ["Christ…", "B4"]
    v = VARIANTS["eight-hand"]
    ctrl = Controller(v, default_seats(8, ["human"] + ["standard"] * 7), seed=3)
    # every side by one rule (issue 13 re-check 1)
    assert [side_heading(ctrl, s, 20) for s in range(4)] == ["A: You+N", "B: SW+NE", "C: W+E", "D: NW+SE"]


async def test_the_inline_meld_fits_its_rows_or_says_m() -> None:
    """Finding 2: six-hand's inline meld at 80x24 hid a seat's row and the totals with no
    sign. Where the lines with their cards do not fit the board's rows, one line a seat
    by meld names and points, the totals kept and 'm: all melds' said; where even that
    does not fit, it says how many seats are left out."""
    from pinochle_tui.panels.meld import MeldPanel, meld_text

    app = _app("six-hand", ",".join(["human"] + ["standard"] * 5), 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        t = table(app)
        ctx = t.context()
        rows = t.query_one(MeldPanel).rows_now()
        full = meld_text(ctx, rows).plain.splitlines()
        compact = meld_text(ctx, 13).plain.splitlines()
        fewer = meld_text(ctx, 6).plain.splitlines()
    assert (rows, len(full), full[-1]) == (15, 14, "A: 24   B: 45   ")  # all of it fits: the cards too
    assert compact == [
        "Meld  (trump ♣)",
        "You (A) 6: marriage 2 · jacks around 4",
        "West (B) 10: marriage ×3 6 · pinochle 4",
        "Northwest (A) 18: royal marriage 4 · marriage 2 …",
        "North (B) 18: marriage ×2 4 · aces around 10 …",
        "Northeast (A) 0: no meld",
        "East (B) 17: run 15 · marriage 2",
        "A: 24   B: 45   m: all melds",
    ]
    assert fewer == [*compact[:5], "A: 24   B: 45   m: all melds (2 more seats)"]


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
    """Finding 7b: the partner's own line 'You · passed · 16 cards · meld 14' did not say
    so (only the scores and the log did)."""
    from pinochle_tui.panels.base import TableContext
    from pinochle_tui.panels.seats import seat_line

    c = _five_hand_at_meld_as_partner()
    view = c.view(0)
    assert view.partner == 0
    ctx = TableContext(ctrl=c, view=view, viewer=0, base=0, places={}, my_turn=False)
    assert seat_line(ctx, 0).plain == "You · partner · passed · 16 cards · meld 12"
    assert view.bidder == 4
    assert (
        seat_line(ctx._replace(view=c.view(4)), 4).plain
        == "East (D) · bidder · won at 35 · 16 cards · meld 8  ▶ your turn"
    )


def test_a_long_hot_seat_prompt_breaks_between_key_groups() -> None:
    """Finding 7e: at eight-hand hot-seat a long name pushed the bid prompt over as
    '... · i' / 'suggests'; it breaks at a ' · ', never inside a key's group."""
    from rich.text import Text

    from pinochle_tui.panels.auction import AuctionPanel
    from pinochle_tui.panels.base import TableContext, wrap_groups

    v = VARIANTS["eight-hand"]
    names = ["human:Alexandra Longname", "standard", "human:Bartholomew Q"] + ["standard"] * 5
    c = Controller(v, default_seats(8, names), seed=3)
    while not c.is_human(c.round.to_act):
        c.apply(c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0])
    seat = c.round.to_act
    ctx = TableContext(ctrl=c, view=c.view(seat), viewer=seat, base=seat, places={}, my_turn=True)
    text, _ = AuctionPanel().prompt(ctx)
    assert text.plain.splitlines() == [
        "Alexandra Longname, your bid:  ◀ 260 ▶   ↑↓ raise/lower · Enter bids",
        "p passes · i suggests",
    ]
    assert wrap_groups(Text("a · b · c"), 5).plain == "a · b\nc"
    assert wrap_groups(Text("no groups to break at all"), 5).plain == "no groups to break at all"


def test_the_auction_sits_in_the_middle_of_a_wide_centre() -> None:
    """Finding 7d: at 200x60 eight-hand the auction's lines sat at the left of a large empty
    centre; from 60 cells wide they are a block in its middle (80x24 keeps its layout:
    the six-hand test above)."""
    from rich.text import Text

    from pinochle_tui.panels.auction import centred

    got = centred(Text("High bid 250 by East.\nYou to bid.\n\nmeld+tricks ~330 in ♣"), 120)
    assert got.plain.splitlines() == [
        " " * 49 + "High bid 250 by East.",
        " " * 49 + "You to bid.",
        "",
        " " * 49 + "meld+tricks ~330 in ♣",
    ]
    assert centred(Text("x" * 23), 23).plain == "x" * 23


def test_the_five_hand_result_columns_mark_the_bidder_and_partner() -> None:
    """Finding 7c: the five-hand result's column headings did not mark the bidder or the
    partner; in the result's 11 cells the word is kept and the name shortened for it (the
    game-over columns and the chart keep the names: a role is one hand's)."""
    from pinochle_tui.panels.seats import side_heading

    c = _five_hand_at_meld_as_partner()
    got = [side_heading(c, s, 11, roles=True) for s in range(5)]
    assert got == ["You partner", "West", "Northwest", "Northeast", "East bidder"]
    assert [side_heading(c, s, 11) for s in range(5)] == ["You", "West", "Northwest", "Northeast", "East"]
    c.seats[4] = c.seats[4]._replace(name="Bartholomew")
    assert side_heading(c, 4, 11, roles=True) == "Bar… bidder"
