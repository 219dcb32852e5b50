"""The footer's paired words: at 80x24, three-hand's opener with no
pass read ``⏎ bid  ↑ raise  ↓ -  a auto``, one word long and its pair short; raise and
lower are made shorter together (`widgets.SHORT_PAIRS`), and only where drawing the keys
tight is not room enough: with the default keys the 80-column auction keeps every word."""

from __future__ import annotations

from tui_helpers import make_app, settle, table

from pinochle_tui.widgets import FooterItem, KeysFooter, fit_keys
from rules import PassBid, Phase


async def test_the_80x24_auction_keeps_raise_and_lower_whole() -> None:
    # seed 0: the human opens three-hand's first hand and may not pass
    app = make_app("three-hand", "human,standard,standard", seed=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.my_turn() and t.ctrl.round.phase is Phase.AUCTION and PassBid() not in t.ctrl.legal()
        footer = app.screen.query_one(KeysFooter).render().plain
        assert " ".join(footer.split()) == "⏎ bid ↑ raise ↓ lower a auto i hint m meld ? help q quit ▏^p menu"


def test_fit_keys_shortens_a_pair_at_once() -> None:
    keys = [
        FooterItem("⏎", "⏎", "bid", "bid"),
        FooterItem("↑", "↑", "raise", "raise"),
        FooterItem("↓", "↓", "lower", "lower"),
        FooterItem("q", "q", "quit", "quit_game"),
    ]
    full = [k.description for k in fit_keys(keys, 80)]
    assert full == ["bid", "raise", "lower", "quit"]
    # widths 7, 9, 9, 8; tight 6, 8, 8, 7: in 29 the words are whole, drawn tight; in 28
    # one short word would do (lower to -), but its pair goes with it
    assert [(k.description, k.tight) for k in fit_keys(keys, 33)] == [(d, False) for d in full]
    assert [(k.description, k.tight) for k in fit_keys(keys, 29)] == [(d, True) for d in full]
    assert [k.description for k in fit_keys(keys, 28)] == ["bid", "+", "-", "quit"]
