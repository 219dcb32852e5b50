"""The passing panel: the partners' pass and the bidder's burial (pick cards, confirm)."""

from __future__ import annotations

from rich.text import Text

from rules import Phase

from ..keymap import key
from ..render import keys
from .base import ButtonSpec, Panel, SeatFacts, addressed, after_auction_text


class PassingPanel(Panel):
    """Phases PASS and BURY."""

    def body(self, ctx: SeatFacts) -> Text:
        return after_auction_text(ctx) if ctx.view.bidder is not None else Text()

    @addressed
    def prompt(self, ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
        v, names = ctx.variant, ctx.names
        seat = ctx.view.to_act
        k = v.pass_count if ctx.view.phase is Phase.PASS else v.kitty_size
        if ctx.view.phase is Phase.PASS:
            to = names[(seat + 2) % v.players]
            what = f"Pick {k} cards for {to}"
            verb = "Pass"
        else:
            what = f"Pick {k} cards to bury"
            verb = "Bury"
        enter = "passes" if verb == "Pass" else "buries"
        picked = len(ctx.picked)
        t = Text(keys(f"{what} ({picked} picked): ←→ move, {key('pick')} picks, {key('confirm')} {enter}."))
        return t, [(f"{verb} {picked}/{k}", "confirm", picked == k, True)]
