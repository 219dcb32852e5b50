"""The footer's paired words: at 80x24, three-hand's opener with no
pass read ``⏎ bid  ↑ raise  ↓ -  a auto``, one word long and its pair short; raise and
lower are made shorter together (`widgets.SHORT_PAIRS`)."""

from __future__ import annotations

from tui_helpers import make_app, settle, table

from pinochle_tui.widgets import FooterItem, KeysFooter, fit_keys
from rules import PassBid, Phase


async def test_raise_and_lower_shorten_together_at_80x24() -> None:
    # seed 0: the human opens three-hand's first hand and may not pass
    app = make_app("three-hand", "human,standard,standard", seed=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.my_turn() and t.ctrl.round.phase is Phase.AUCTION and PassBid() not in t.ctrl.legal()
        footer = app.screen.query_one(KeysFooter).render().plain
        assert " ".join(footer.split()) == "⏎ bid ↑ + ↓ - a auto i hint t trick m meld ? help q quit ▏^p cmds"


def test_fit_keys_shortens_a_pair_at_once() -> None:
    keys = [
        FooterItem("⏎", "⏎", "bid", "bid"),
        FooterItem("↑", "↑", "raise", "raise"),
        FooterItem("↓", "↓", "lower", "lower"),
        FooterItem("q", "q", "quit", "quit_game"),
    ]
    full = [k.description for k in fit_keys(keys, 80)]
    assert full == ["bid", "raise", "lower", "quit"]
    # widths 7, 9, 9, 8: in 32 one short word would do (lower to -), but its pair goes with it
    assert [k.description for k in fit_keys(keys, 33)] == full
    assert [k.description for k in fit_keys(keys, 32)] == ["bid", "+", "-", "quit"]
