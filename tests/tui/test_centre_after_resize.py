"""The centre's phase panel after the terminal grows (partnership
seed 11 at 80x24 resized to 200x60, the trick's rows 35 to 55 were blank, the auction's
lines squeezed beside West): the panel drawn for the new size is laid out at the height
of what it now draws, the trick in the middle of the centre, the auction's lines too."""

from __future__ import annotations

from typing import Any

from tui_helpers import app_for, preplay, settle

from pinochle_tui.panels import AuctionPanel, Panel, TricksPanel
from rules import Phase


def north_led(c: Any) -> bool:  # seed 11, hand 1: North leads A♥, East plays Q♥, the viewer to play
    return bool(c.round.phase is Phase.TRICKS and c.is_human(c.round.to_act))


def my_bid(c: Any) -> bool:  # seed 11, hand 1: West 250, North 260, East 270, the viewer to bid
    return bool(c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act) and c.round.table.bids)


async def grown(pilot: Any) -> None:
    await settle(pilot)
    await pilot.resize_terminal(200, 60)
    await pilot.pause()
    await pilot.pause()
    await settle(pilot)


async def test_the_trick_after_80x24_to_200x60_is_drawn_whole_in_the_middle() -> None:
    app = app_for(preplay("partnership", "human,standard,standard,standard", 11, north_led))
    async with app.run_test(size=(80, 24)) as pilot:
        await grown(pilot)
        panel = app.screen.query_one(TricksPanel)
        centre = app.screen.query_one("#center")
        # the boxed trick (13 rows) under 14 rows of padding: the centre's 42 rows less 7, halved
        assert (centre.size.height, panel.size.height) == (42, 27)
        lines = [strip.text for strip in panel.render_lines(panel.region.reset_offset)]
        cards = [i for i, line in enumerate(lines) if line.strip()]
        assert (cards[0], cards[-1]) == (14, 26)  # North's name to the foot, all of it shown
        assert lines[14].strip() == "North" and lines[26].strip() == "North led · trick 1/12"
        assert "A♥" in lines[16] and "Q♥" in lines[19]


async def test_the_auction_after_80x24_to_200x60_is_in_the_middle_of_the_centre() -> None:
    app = app_for(preplay("partnership", "human,standard,standard,standard", 11, my_bid))
    async with app.run_test(size=(80, 24)) as pilot:
        await grown(pilot)
        panel = app.screen.query_one(AuctionPanel)
        lines = [strip.text.rstrip() for strip in panel.render_lines(panel.region.reset_offset)]
        text = [line for line in lines if line.strip()]
        assert [line.strip() for line in text][:2] == ["High bid 270 by East.", "You to bid."]
        indent = {len(line) - len(line.lstrip()) for line in text}
        # a block in the middle of the centre's 70 columns, not at its left: its widest line
        # is the note of the partner's call, "(+25 for North's bid, not its meld; partner's
        # meld fixed)" (57), wider than the estimate's first (54)
        assert max(len(line.strip()) for line in text) == 57
        assert "(+25 for North's bid, not its meld; partner's meld fixed)" in [line.strip() for line in text]
        assert indent == {(70 - 57) // 2}
        # the centre at most 72 wide, West, it and East together in the middle of the board (140)
        assert panel.region.x == 35 and panel.size.width == 70


def my_pass(c: Any) -> bool:  # seed 11, hand 1: North won the auction at 380, the viewer passes it 4 cards
    return bool(c.round.phase is Phase.PASS and c.is_human(c.round.to_act))


async def test_every_phase_s_lines_are_in_the_middle_of_a_wide_centre() -> None:
    """Not only the auction's (29b485d): passing's lines sat at the centre's left at 200x60."""
    app = app_for(preplay("partnership", "human,standard,standard,standard", 11, my_pass))
    async with app.run_test(size=(80, 24)) as pilot:
        await grown(pilot)
        panel = next(p for p in app.screen.query(Panel) if p.display)
        lines = [strip.text.rstrip() for strip in panel.render_lines(panel.region.reset_offset)]
        text = [line for line in lines if line.strip()]
        assert [line.strip() for line in text] == ["North won the auction at 380.", "You pass 4 cards."]
        assert {len(line) - len(line.lstrip()) for line in text} == {20}  # (70 - 29) // 2
        assert lines.index(text[0]) == 20  # and in the middle of the centre's 42 rows
