"""Every figure shown to the player is in the game's scale and rounding (not
as when the bidding help said "Bot estimate: 44.1" in an x1 game): x1 games
show whole numbers, x10 games multiples of 10, as their bids are."""

from __future__ import annotations

from tui_helpers import VARIANTS, preplay

from bots.estimate import Estimate
from pinochle_tui.panels.auction import bot_estimate
from pinochle_tui.render import worked_out
from rules import Phase


def _human_bids(c) -> bool:
    return c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act)


class FixedBot:
    """A bot whose estimate of every hand is ``meld`` and ``tricks`` in spades, bidding to
    ``ceiling``."""

    def __init__(self, meld: int, tricks: float, ceiling: float) -> None:
        self.estimate = Estimate(0, meld, 0.0, 0.0, tricks)
        self.top = ceiling

    def estimates(self, view):
        return [self.estimate]

    def ceiling(self, view) -> float:
        return self.top


def test_worked_out_figures_round_to_the_games_unit():
    x1, x10 = VARIANTS["three-hand"], VARIANTS["partnership"]
    assert [worked_out(x1, p) for p in (441.3, 445.0, 446.0, 4.9, 0.0)] == ["44", "44", "45", "0", "0"]
    assert [worked_out(x10, p) for p in (441.3, 446.0, 214.0, 387.17)] == ["440", "450", "210", "390"]
    assert worked_out(VARIANTS["double-deck"], 619.3) == "62"


def test_the_bidding_help_estimate_is_a_whole_number_in_an_x1_game():
    """The report's kind: three-hand (x1) said 44.1; it says 44."""
    c = preplay("three-hand", "human,standard,standard", 1, _human_bids)
    view = c.view(c.round.to_act)
    got = bot_estimate(view, FixedBot(200, 241.3, 0)).plain
    assert got.startswith("Standard bot, in ♠:\nyour meld 20\n+ tricks ~24 ≈ 44\n")


def test_the_bidding_help_estimate_is_a_multiple_of_ten_in_an_x10_game():
    c = preplay("partnership", "human,standard,standard,standard", 3, _human_bids)
    view = c.view(c.round.to_act)
    got = bot_estimate(view, FixedBot(150, 237.17, 320)).plain
    assert got == "Standard bot, in ♠:\nyour meld 150\n+ tricks ~240 ≈ 390\nit bids up to 320"
