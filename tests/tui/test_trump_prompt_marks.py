"""The trump prompt where the variant asks for a marriage in trump:
six-hand seed 5, the human holds a marriage only in ♥. The suits it may not name are
marked "no marriage" on their (greyed) buttons, the prompt says why and which it may
name, and the cursor starts on ♥."""

from __future__ import annotations

from typing import Any

from tui_helpers import VARIANTS, settle, table

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.save import new_save_path
from pinochle_tui.settings import Settings
from pinochle_tui.table.build import seat_facts
from pinochle_tui.widgets import Choice
from rules import Bid, NameTrump, Phase, Suit


def _eager(c: Controller) -> Any:
    seat = c.round.to_act
    legal = c.legal()
    if c.is_human(seat):
        bids = [a for a in legal if isinstance(a, Bid)]
        return bids[0] if c.round.phase is Phase.AUCTION and bids else legal[0]
    return c.choose(c.round, seat, c.bot_for(seat))[0]


def _naming_trump(variant: str, players: int, seed: int) -> Controller:
    c = Controller(VARIANTS[variant], default_seats(players, ["human"] + ["standard"] * (players - 1)), seed=seed)
    while not (c.round.phase is Phase.TRUMP and c.is_human(c.round.to_act)):
        assert c.round.phase is not Phase.DONE, "the human never named trump"
        c.apply(_eager(c))
    return c


def _app(c: Controller) -> PinochleApp:
    return PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), settings=Settings(), bot_delay=0, trick_delay=0)


async def test_six_hand_trump_prompt_marks_the_suits_without_a_marriage() -> None:
    c = _naming_trump("six-hand", 6, 5)
    assert c.legal() == [NameTrump(Suit.HEARTS)]
    assert [ok for _l, _a, ok in seat_facts(c, c.round.to_act).options] == [False, True, False, False]
    app = _app(c)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        prompt = str(t.query_one("#prompt").content)
        assert prompt == (
            f"You won at {c.variant.fmt(c.view(0).contract or 0)}. Trump needs a marriage: ♥ (2, or ←→ and Enter):"
        )
        choices = [ch for ch in t.query(Choice) if str(ch.content)]  # the unused ones are blank
        assert [str(ch.content) for ch in choices] == [
            "1 ♠ no marriage",
            "2 ♥ hearts",
            "3 ♦ no marriage",
            "4 ♣ no marriage",
        ]
        assert [ch.has_class("-disabled") for ch in choices] == [True, False, True, True]
        assert t.opt_index == 1


async def test_a_variant_without_a_trump_requirement_offers_all_four_plainly() -> None:
    c = _naming_trump("partnership", 4, 1)
    app = _app(c)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        assert str(t.query_one("#prompt").content).endswith(". Name trump (1-4, or ←→ and Enter):")
        assert [str(ch.content) for ch in t.query(Choice) if str(ch.content)] == [
            "1 ♠ spades",
            "2 ♥ hearts",
            "3 ♦ diamonds",
            "4 ♣ clubs",
        ]


async def test_where_a_wrong_trump_sets_the_bidder_the_prompt_says_so() -> None:
    v = VARIANTS["six-hand"].model_copy(update={"trump_violation": "auto_set"})
    c = Controller(v, default_seats(6, ["human"] + ["standard"] * 5), seed=5)
    while not (c.round.phase is Phase.TRUMP and c.is_human(c.round.to_act)):
        c.apply(_eager(c))
    assert len(c.legal()) == 4  # any suit may be named; all but ♥ set the bidder
    app = _app(c)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        assert str(t.query_one("#prompt").content).endswith(". Trump needs a marriage: ♥; another sets you (1-4):")
        choices = [ch for ch in t.query(Choice) if str(ch.content)]
        assert [str(ch.content) for ch in choices] == [
            "1 ♠ no marriage",
            "2 ♥ hearts",
            "3 ♦ no marriage",
            "4 ♣ no marriage",
        ]
        assert [ch.has_class("-disabled") for ch in choices] == [False, False, False, False]
