"""The draft panel of the two-hand draft (RULES.md §2.8): the card you look at, the pack,
the discards you saw, and keep or reject."""

from __future__ import annotations

from rich.text import Text

from ..keymap import key
from ..render import card_text, keys, plural, says
from .base import ButtonSpec, Panel, SeatFacts, addressed, cards_line, choice_buttons, choice_list


class DraftPanel(Panel):
    """Phase DRAFT."""

    def body(self, ctx: SeatFacts) -> Text:
        view, names = ctx.view, ctx.names
        t = Text()
        t.append("Draft: ", style="bold")
        t.append(f"{plural(view.stock_size, 'card')} left in the pack · ")
        t.append(" · ".join(f"{names[s]} {says(names[s], 'holds', 'hold')} {view.hand_sizes[s]}" for s in range(2)))
        t.append("\n")
        if ctx.my_turn and view.looking_at is not None:
            t.append("You look at the top card: ", style="bold")
            t.append_text(card_text(view.looking_at, "bold reverse"))
            t.append("\n")
            t.append_text(choice_list(ctx))
        else:
            t.append(f"{names[view.to_act]} looks at the top card.\n", style="italic")
        if ctx.viewer is not None:
            t.append("Your discards you saw: ", style="bold")
            if view.discards:
                t.append_text(cards_line(sorted(view.discards, key=lambda c: (c // 6, c % 6)), ""))
            else:
                t.append("none", style="dim")
        return t

    @addressed
    def prompt(self, ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
        return Text(keys(f"Keep the card or reject it: 1 / 2, or ←→ and {key('choose')}.")), choice_buttons(ctx)
