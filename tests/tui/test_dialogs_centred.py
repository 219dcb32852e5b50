"""Every dialog sits in the middle of a big terminal (at
200x60 the hand result sat in the top-left corner; so did everyone's meld ``m``, the hint
``i``, the review ``r`` and the confirmations, at every size, the meld view the whole height of the screen;
the help's text ran from the left edge).
Checked at 200x60 by each box's region: as many columns left of it as right, and rows
above as below (one apart at most, for an odd remainder); at 80x24 the result keeps its
layout (the whole width, the line under it above the footer)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.geometry import Region
from tui_helpers import VARIANTS

import bots
from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.dialogs import (
    ConfirmScreen,
    HandOffScreen,
    HandResultScreen,
    HelpScreen,
    HintScreen,
    MeldScreen,
    QuitScreen,
    ReviewScreen,
    TricksScreen,
)
from rules import Phase


def finished_hand() -> Controller:
    """A partnership hand of four random seats (seed 3) played to its end."""
    ctrl = Controller(VARIANTS["partnership"], default_seats(4, ["human", "random", "random", "random"]), seed=3)
    bot = bots.make_bot("random")
    while ctrl.round.phase is not Phase.DONE:
        action, _ = ctrl.choose(ctrl.round, ctrl.round.to_act, bot)  # type: ignore[arg-type]
        ctrl.apply(action)
    return ctrl


def short_review() -> Any:
    """A review done, of two decisions (what `ReviewScreen` reads of `review.Review`)."""
    from types import SimpleNamespace

    lines = ["auction: you bid 250, same as the expert", "trick 1: you played A♠, same as the expert (40 deals)"]
    return SimpleNamespace(
        variant=VARIANTS["partnership"], humans=[0], hand_no=1, names=["You"], decisions=[], done=[1, 2],
        finished=True, cancelled=False, lines=lambda: lines,
    )  # fmt: skip


def margins(r: Region, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """Columns left and right of ``r``, rows above and below it (the footer's row not counted)."""
    width, height = size
    return r.x, width - r.right, r.y, height - 1 - r.bottom


def centred(r: Region, size: tuple[int, int]) -> None:
    left, right, top, bottom = margins(r, size)
    assert abs(left - right) <= 1 and abs(top - bottom) <= 1, (r, (left, right, top, bottom))
    assert left > 0 and top > 0, r  # not the corner, nor the whole screen


async def app_at_the_result(size: tuple[int, int]) -> Any:
    ctrl = finished_hand()
    return PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=0), ctrl


async def test_every_dialog_is_in_the_middle_at_200x60() -> None:
    size = (200, 60)
    app, ctrl = await app_at_the_result(size)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        result = app.screen
        assert isinstance(result, HandResultScreen)
        body = result.query_one("#result-body").region
        line = result.query_one("#result-next").region
        # was 0: the whole width, its text from column 2; now 58 wide (its grid's 52, padding, a scroll bar)
        assert (margins(body, size)[0], body.width) == (71, 58)
        centred(body.union(line), size)  # the result with the line under it, as one block
        assert line.y == body.bottom and line.x == body.x  # the line right under the result
        for screen in (
            MeldScreen(Text("\n".join(f"meld line {i}" for i in range(5)))),
            HintScreen("A♠ wins the trick"),
            ConfirmScreen("Bid 400, a jump of 120?", "y or n"),
            QuitScreen(),
            TricksScreen(ctrl),
            ReviewScreen(short_review()),
        ):
            await app.push_screen(screen)
            await pilot.pause()
            box = screen.query_one("#dialog").region
            centred(box, size)
            if isinstance(screen, MeldScreen):
                assert box.height == 10  # the meld's 5 lines, the close line, border and padding 4 (was 60)
            screen.dismiss(None)
            await pilot.pause()
        help_ = HelpScreen(ctrl.variant)  # a page, the whole height: a column of 104 in the middle
        await app.push_screen(help_)
        await pilot.pause()
        page = help_.query_one("#help-scroll").region
        assert (page.width, *margins(page, size)) == (104, 48, 48, 0, 1)  # was 200 wide, from column 0
        help_.dismiss(None)
        await pilot.pause()
        handoff = HandOffScreen("Ann")
        await app.push_screen(handoff)
        await pilot.pause()
        text, button = handoff.query_one("#handoff-text").region, handoff.query_one("#handoff-go").region
        centred(text.union(button), size)  # the box and its button under it, as one block


async def test_the_result_keeps_its_layout_at_80x24() -> None:
    size = (80, 24)
    app, _ = await app_at_the_result(size)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        result = app.screen
        assert isinstance(result, HandResultScreen)
        body = result.query_one("#result-body").region
        line = result.query_one("#result-next").region
        assert (body.x, body.y, body.width, body.bottom) == (0, 0, 80, 22)
        assert (line.x, line.y, line.width) == (0, 22, 80)  # above the footer


async def test_a_long_review_is_centred_as_the_hint_is_at_100x32() -> None:
    """The review filled the height from column 0, 4 columns to spare on its right; the
    hint's box beside it was centred.  One placement for both: as many columns either side."""
    review = short_review()
    review.lines = lambda: [f"trick {k}: you played A♠, same as the expert (40 deals)" for k in range(1, 41)]
    size = (100, 32)
    app, _ = await app_at_the_result(size)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for screen in (ReviewScreen(review), HintScreen("A♠ wins the trick")):
            await app.push_screen(screen)
            await pilot.pause()
            left, right, _top, _bottom = margins(screen.query_one("#dialog").region, size)
            assert left == right > 0, (screen, left, right)
            screen.dismiss(None)
            await pilot.pause()
