"""Hot-seat prompts name whose turn it is: the centre said "Bob
names trump." while the prompt under it said "You won at 380."; now every phase's prompt
(`Panel.prompt` of panels/*.py, all `addressed`) reads "Bob, you won at 380." in
hot-seat, and is as it was with one player.  Render-level: prepared states, the prompt
of the panel the table asks."""

from __future__ import annotations

from typing import Any

import pytest
from tui_helpers import VARIANTS, policy_action

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.panels import PANELS, prompt_panel
from pinochle_tui.panels.base import PROMPT_ROOM, Panel
from pinochle_tui.table.build import seat_facts
from rules import Bid, Phase

HOT4 = "human:Ann,random,human:Bob,random"
HOT6 = "human:Ann,random,human:Bob,random,human:Cy,random"


def drive(variant: str, seats: str, seed: int, want: Any, bid: bool = False) -> Controller:
    """Played until ``want``: humans pass (``bid``: make the lowest bid), bots choose."""
    v = VARIANTS[variant]
    c = Controller(v, default_seats(v.players, seats.split(",")), seed=seed)
    for _ in range(3000):
        if want(c):
            return c
        r = c.round
        if r.phase is Phase.DONE:
            c.next_hand()
            continue
        bids = [a for a in c.legal() if isinstance(a, Bid)]
        if bid and c.is_human(r.to_act) and r.phase is Phase.AUCTION and bids:
            c.apply(bids[0])
        else:
            c.apply(policy_action(c))
    raise AssertionError("never reached the wanted state")


def prompt_of(c: Controller) -> str:
    seat = c.round.to_act
    ctx = seat_facts(c, seat)._replace(my_turn=True)
    panel = PANELS[prompt_panel(ctx.view)]
    return panel.prompt(panel(), ctx)[0].plain


def _human(phase: Phase, lead: bool | None = None) -> Any:
    def want(c: Controller) -> bool:
        r = c.round
        return r.phase is phase and c.is_human(r.to_act) and (lead is None or lead == (not r.trick))

    return want


def test_every_phase_prompt_is_addressed() -> None:
    panels: list[type[Panel]] = [Panel, *PANELS.values()]
    assert all(getattr(cls.prompt, "addressed", False) for cls in panels)


def test_hot_seat_trump_prompt_names_the_bidder() -> None:
    c = drive("six-hand", HOT6, 1, _human(Phase.TRUMP), bid=True)
    assert c.seats[c.round.to_act].name == "Ann"
    assert prompt_of(c) == ("Ann, you won at 1000. Trump needs a marriage: ♠ (1, or ←→ and Enter):")


@pytest.mark.parametrize(
    ("phase", "bid", "want"),
    [
        (Phase.PASS, True, "Ann, pick 4 cards for Bob (0 picked): ←→ move, Space picks, Enter passes."),
        # the contract far out of reach: the prompt says so, cut to the row (`out_of_reach_prompt`)
        (Phase.MELD, True, "Ann, contract 1000 out of reach: your side could reach 97 at most."),
    ],
)
def test_hot_seat_pass_and_meld_prompts_name_the_player(phase: Phase, bid: bool, want: str) -> None:
    variant, seats = ("partnership", HOT4) if phase is Phase.PASS else ("six-hand", HOT6)
    c = drive(variant, seats, 1, _human(phase), bid=bid)
    assert prompt_of(c) == want


def test_hot_seat_play_prompts_fit_the_line_at_80_columns() -> None:
    """The play prompt filled the 78 cells: with the name its parenthesis goes, so a
    refusal still has the second line to itself."""
    c = drive("partnership", HOT4, 1, _human(Phase.TRICKS, lead=False))
    assert prompt_of(c) == "Ann, your play, ♠ spades led: ←→ choose, Enter plays."
    c = drive("partnership", HOT4, 1, _human(Phase.TRICKS, lead=True))
    assert prompt_of(c) == "Bob, your lead. ←→ choose a card, Enter plays."
    c = drive("partnership", HOT4, 1, _human(Phase.AUCTION))
    text = prompt_of(c)
    assert text.startswith("Bob, your bid: ") and len(text) <= PROMPT_ROOM


def test_one_player_prompts_are_as_they_were() -> None:
    c = drive("partnership", "human,random,random,random", 1, _human(Phase.TRICKS, lead=False))
    assert prompt_of(c).startswith("Your play, ") and prompt_of(c).endswith("(dim cards are not allowed).")


def test_a_long_hot_seat_prompt_breaks_between_key_groups() -> None:
    """At eight-hand hot-seat a long name must not push the bid prompt over as
    '... · i' / 'hints': it breaks at a ' · ', never inside a key's group."""
    from rich.text import Text

    from pinochle_tui.panels.auction import AuctionPanel
    from pinochle_tui.panels.base import wrap_groups
    from pinochle_tui.table.build import seat_facts

    v = VARIANTS["eight-hand"]
    names = ["human:Alexandra Longname", "standard", "human:Bartholomew Q"] + ["standard"] * 5
    c = Controller(v, default_seats(8, names), seed=3)
    while not c.is_human(c.round.to_act):
        c.apply(c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0])
    seat = c.round.to_act
    ctx = seat_facts(c, seat)._replace(places={}, my_turn=True)
    text, _ = AuctionPanel().prompt(ctx)
    assert text.plain.splitlines() == [
        "Alexandra Longname, your bid:  ◀ 260 ▶   ↑↓ raise/lower · Enter bids",
        "p passes · i hints",
    ]
    assert wrap_groups(Text("a · b · c"), 5).plain == "a · b\nc"
    assert wrap_groups(Text("no groups to break at all"), 5).plain == "no groups to break at all"
