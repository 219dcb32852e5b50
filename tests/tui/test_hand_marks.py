"""The marks over a card in the hand: a card picked for the burial
(▼) and one just received from the blind (+) are marked over the card's middle, not a
column to its left; a card both picked and received shows both from the middle on."""

from __future__ import annotations

from textual.app import App, ComposeResult

from pinochle_tui.render import Style
from pinochle_tui.widgets import HandView
from rules import parse_cards


class One(App[None]):
    def compose(self) -> ComposeResult:
        yield HandView(id="hand")


async def test_marks_sit_over_the_middle_of_their_card() -> None:
    app = One()
    Style.ascii = False
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(HandView)
        cards = list(parse_cards("AS TS KS QS"))
        hand.show(cards, selected={0, 1}, marked={1, 2})
        await pilot.pause()
        marks, faces = hand.render().plain.split("\n")[:2]
        # each card is a cell of 4: its face in the first three, centred column 1
        for k, expected in enumerate(("▼", "▼+", "+", "")):
            cell_marks = marks[4 * k : 4 * k + 3]
            assert cell_marks.strip() == expected
            if expected:
                assert cell_marks.index(expected) == 1, (k, cell_marks, faces)
