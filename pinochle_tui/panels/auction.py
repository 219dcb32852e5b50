"""The auction panel: a misdeal call on the deal, the bids, and the bidder naming trump."""

from __future__ import annotations

from rich.text import Text

from rules import Phase

from ..render import Style
from .base import ButtonSpec, Panel, TableContext, after_auction_text, choice_buttons


class AuctionPanel(Panel):
    """Phases DEAL, AUCTION and TRUMP."""

    def body(self, ctx: TableContext) -> Text:
        view, v, names = ctx.view, ctx.variant, ctx.names
        t = Text()
        if view.phase is Phase.DEAL:
            t.append(f"{names[view.to_act]} may call a misdeal on this deal.")
        elif view.phase is Phase.AUCTION:
            if view.high_bid:
                high = [s for s, a in view.bids if a == view.high_bid][-1]
                t.append(f"High bid {v.fmt(view.high_bid)} by {names[high]}.\n")
            else:
                t.append(f"No bid yet. Minimum bid {v.fmt(v.min_bid)}.\n")
            t.append(f"{names[view.to_act]} to bid.")
        elif view.phase is Phase.TRUMP and view.bidder is not None:
            t = after_auction_text(ctx)
        return t

    def prompt(self, ctx: TableContext) -> tuple[Text, list[ButtonSpec]]:
        c, v, view = ctx.ctrl, ctx.variant, ctx.view
        if view.phase is Phase.DEAL:
            return Text("Your hand allows a misdeal. Keep it, or call a misdeal?"), choice_buttons(ctx)
        if view.phase is Phase.TRUMP:
            head = f"You won at {v.fmt(view.contract or 0)}. Name trump (1-4, or ←→ and Enter):"
            return Text(head), choice_buttons(ctx)
        amounts = c.bid_amounts()
        amount = amounts[min(ctx.bid_index, len(amounts) - 1)] if amounts else 0
        t = Text("Your bid: ")
        t.append(f" {'<' if Style.ascii else '◀'} {v.fmt(amount)} {'>' if Style.ascii else '▶'} ", style="bold reverse")
        may_pass = c.may_pass_bid()
        if may_pass:
            t.append("  ↑↓ raise/lower · Enter bids · p passes · i suggests")
        else:
            t.append("  ↑↓ raise/lower · Enter bids · i suggests")
            t.append(" · you may not pass", style="bold")
        buttons: list[ButtonSpec] = [(f"Bid {v.fmt(amount)}", "bid", bool(amounts), True)]
        if may_pass:
            buttons.append(("Pass", "pass_bid", True, False))
        buttons.append(("Suggest", "hint", True, False))
        return t, buttons
