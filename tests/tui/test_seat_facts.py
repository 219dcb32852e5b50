"""One seat's facts (`pinochle_tui.table`): the value the table draws is made from that
seat's `SeatView` and legal actions alone, so it holds no card hidden from that seat, by
construction (DESIGN.md "What a seat may see": hot-seat privacy)."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from typing import Any

import pytest
from rich.text import Text
from textual._context import NoActiveAppError
from tui_helpers import VARIANTS

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.panels import PANELS, panel_for, prompt_panel, scores_text, seat_line, seat_text, status_text
from pinochle_tui.render import Style
from pinochle_tui.table.build import seat_facts
from pinochle_tui.table.facts import SeatFacts, key_states
from rules import Card, Phase, SeatView, observe


def _cards(value: Any, out: Counter[int]) -> Counter[int]:
    """Every `Card` in ``value`` (tuples, sets, mappings, named tuples, meld results), by face."""
    if isinstance(value, Card):
        out[int(value)] += 1
    elif isinstance(value, (str, Text, int, float, type(None))):
        pass
    elif isinstance(value, dict):
        for k, v in value.items():
            _cards(k, out)
            _cards(v, out)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for v in value:
            _cards(v, out)
    elif hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        for name in getattr(type(value), "model_fields", None) or getattr(value, "__slots__", ()) or vars(value):
            _cards(getattr(value, name, None), out)
    return out


def _seen(view: SeatView) -> set[int]:
    """The faces ``view`` shows its seat anywhere: its hand and every card it may see (the
    shown meld's cards are plain faces)."""
    seen = set(_cards(view, Counter()))
    for result in view.melds or ():
        for meld in result.melds:
            seen.update(int(x) for x in meld.cards)
    return seen


def _hidden(state: Any, view: SeatView) -> set[int]:
    """Faces held by the other seats (and the stock, kitty, blind) that ``view`` does not
    show its seat anywhere: a face it may see one copy of is not counted."""
    held: Counter[int] = Counter()
    for seat, hand in enumerate(state.hands):
        if seat != view.seat:
            held.update(int(c) for c in hand)
    for name in ("kitty", "stock", "pack", "blind", "buried"):
        part = getattr(state, name, None)
        if isinstance(part, tuple):
            held.update(int(c) for c in part if isinstance(c, int))
    return set(held) - _seen(view)


def _texts(f: SeatFacts) -> str:
    """What the table writes from ``f``: status, seats, scores, the phase's panel and prompt."""
    n = f.variant.players
    parts: list[Any] = [status_text(f), scores_text(f, 30)]
    parts += [seat_text(f, s) for s in range(n)]
    if f.viewer is not None:
        parts.append(seat_line(f, f.viewer))
    # (the auction's and the tricks' panels measure the app's console: drawn in the app tests)
    with contextlib.suppress(NoActiveAppError):
        parts.append(PANELS[panel_for(f.view, f.show_melds)]().body(f))
    if f.my_turn:
        parts.append(PANELS[prompt_panel(f.view)]().prompt(f)[0])
    parts += [label for label, _a, _ok in f.options]
    return "\n".join(p.plain if isinstance(p, Text) else str(p) for p in parts)


PRESETS = ["partnership-kitty", "three-hand", "two-hand", "two-hand-draft", "racehorse", "five-hand"]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_seats_facts_hold_no_card_hidden_from_it(preset: str) -> None:
    """A seeded hand of ``preset`` played by bots: at every decision, the facts made for
    each seat hold no card (as a value, or written in the table's words) that is in another
    seat's hand, the stock, the kitty or the blind and shown to that seat nowhere."""
    v = VARIANTS[preset]
    c = Controller(v, default_seats(v.players, ["random"] * v.players), seed=7)
    rng = random.Random(7)
    checked = 0
    while c.round.phase is not Phase.DONE:
        for seat in range(v.players):
            f = seat_facts(c, seat)
            hidden = _hidden(c.round, observe(c.round, seat))
            found = _cards(f, Counter())
            assert not (set(found) & hidden), (preset, seat, c.round.phase, set(found) & hidden)
            shown = _texts(f)
            written = {x for x in hidden if Style.card(Card(x)) in shown}
            assert not written, (preset, seat, c.round.phase, written)
            checked += 1
        legal = c.legal()
        c.apply(legal[rng.randrange(len(legal))])
    assert checked > 20


def test_between_hot_seat_players_the_facts_hold_no_hand() -> None:
    """The hand-off's facts (no viewer) hold no seat's private cards: no hand, no pass."""
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["human", "human", "random", "random"]), seed=3)
    f = seat_facts(c, None)
    assert f.view.hand == () and f.hand == () and f.legal == () and f.viewer is None
    assert not _cards(f, Counter())


def test_the_keys_are_answered_from_the_facts() -> None:
    """`key_states` is what the table's check_action reads: in the auction, at the one
    human's turn, bid and pass act and play does not; elsewhere nothing of the turn acts."""
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["human", "random", "random", "random"]), seed=1)
    while c.round.to_act != 0:
        c.apply(c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0])
    f = seat_facts(c, 0)
    assert f.decides is Phase.AUCTION and f.keys == key_states(f)
    assert (f.keys["bid"], f.keys["play"], f.keys["pick"]) == (True, False, False)
    assert f.keys["pass_bid"] is f.may_pass is True
    other = seat_facts(c, 1)  # (a look at a seat not to act)
    assert other.decides is None and other.legal == () and other.keys["bid"] is False
