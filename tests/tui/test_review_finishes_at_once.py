"""A review that finishes while its screen is being made is shown finished (one of
decisions all made as the hints said finishes at once, and its screen would otherwise have
stayed at "reviewing… 0 of 18" for good)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static
from tui_helpers import VARIANTS

from pinochle_tui.screens.dialogs import ReviewScreen


class DoneWhileDrawn:
    """A review that is at 0 of 2 when asked how far it is, and done by the time its lines
    are made (the worker finished in between)."""

    hand_no = 1
    cancelled = False
    variant = VARIANTS["partnership"]  # (the footer's words are the form's)

    def __init__(self) -> None:
        self.humans = [0]
        self.decisions = ["a", "b"]
        self.done: list[str] = []
        self.finished = False

    def lines(self) -> list[str]:
        if not self.finished:
            self.done, self.finished = ["a", "b"], True
            return ["reviewing… 0 of 2"]
        return ["trick 1: you played A♠, as the expert's hint said (500 deals)", "trick 2: ..."]


async def test_a_review_done_while_its_screen_is_made_is_shown_done() -> None:
    app = App()
    async with app.run_test(size=(100, 36)) as pilot:
        review = DoneWhileDrawn()
        await app.push_screen(ReviewScreen(review))
        await pilot.pause(0.5)  # a couple of the screen's looks at the review
        text = str(app.screen.query_one("#review-text", Static).content)
        assert "reviewing" not in text
        assert "trick 1: you played A♠, as the expert's hint said (500 deals)" in text
