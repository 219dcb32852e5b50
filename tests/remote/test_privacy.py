"""Privacy by construction: whole hands of several forms with every seat at another
terminal, and no message the host sends to a seat names a card that seat may not know
(another hand, the widow or blind not turned up, the stock, cards passed between
others): every card in it, in the view, the legal actions, the log lines and the result,
is one the seat's own `observe` has shown it during the hand."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pinochle_tui.remote import protocol as P
from pinochle_tui.table.news import public_view
from rules import CARDS, CallPartner, Card, Phase, SeatView, observe

from .table_harness import Table

GLYPH = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
CARD_TEXT = re.compile(r"(?<![\w])(10|[ATKQJ9])([♠♥♦♣]|[SHDC](?![a-z]))")
FACE = {str(c): c for c in CARDS}


def view_cards(view: Any) -> set[Card]:
    """Every card face a view (a `SeatView` or a `WireView`) shows."""
    out: set[Card] = set()
    for field in ("hand", "kitty", "buried", "given", "received", "discards", "handed"):
        out.update(getattr(view, field))
    for field in ("looking_at", "called_card", "from_kitty", "turn_up"):
        if getattr(view, field) is not None:
            out.add(getattr(view, field))
    out.update(card for _seat, card in view.trick)
    out.update(card for _seat, cards, _winner in view.tricks for card in cards)
    out.update(card for cards in view.table_melds for card in cards)
    out.update(card for _s, _name, cards, _points in view.meld_log for card in cards)
    out.update(card for cards in view.known for card in cards)
    out.update(card for _seat, card in view.last_pair)
    return out


def text_cards(text: str) -> set[Card]:
    """The cards a text names (``A♠``, ``10♥``, ``QC``)."""
    out = set()
    for rank, suit in CARD_TEXT.findall(text):
        out.add(FACE[("T" if rank == "10" else rank) + GLYPH.get(suit, suit)])
    return out


def message_cards(msg: P.News, variant: Any) -> set[Card]:
    """Every card face a `News` names: its view, melds, legal actions, new cards, log and outcome."""
    news = msg.news
    out = view_cards(news.view)
    for m in news.view.melds or ():
        out.update(card for meld in m.meld(variant).melds for card in meld.cards)
    for action in news.legal:
        if isinstance(action, CallPartner):
            continue  # (a card to call names a face of the deck, not a card seen: §2.12)
        out.update(getattr(action, "cards", ()))
        if getattr(action, "card", None) is not None:
            out.add(action.card)
    if news.picks is not None:
        out.update(face for face, _held, _cost in news.picks.faces)
    out.update(news.new_cards)
    for line in news.events:
        out |= text_cards(line)
    if msg.outcome is not None:
        out |= text_cards(json.dumps(msg.outcome, ensure_ascii=False))
    return out


def decided_cards(msg: P.Decided) -> set[Card]:
    """Every card face a `Decided` names: the view it was made from, its legal actions, the action."""
    out = view_cards(msg.view)
    for action in (*msg.legal, msg.action):
        if isinstance(action, CallPartner):
            continue  # (a face of the deck, as in `message_cards`)
        out.update(getattr(action, "cards", ()))
        if getattr(action, "card", None) is not None:
            out.add(action.card)
    if msg.picks is not None:
        out.update(face for face, _held, _cost in msg.picks.faces)
    return out


class Watch:
    """Checks each text the host sends against what its seat may know at that moment."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.checked = 0
        self.decided = 0  # `Decided` messages checked
        self.known: dict[tuple[int, int | None], tuple[int, int, set[Card]]] = {}

    def may_know(self, seat: int | None) -> set[Card]:
        """The card faces ``seat``'s own view has shown it in this hand so far (None: a
        person sitting the deal out sees the table's public view), and once the hand is
        over its burial and widow."""
        assert self.table is not None
        c = self.table.ctrl
        key = (c.hand_no, seat)
        hand_no, upto, seen = self.known.get(key, (c.hand_no, 0, set()))
        for state in c.states[upto:]:
            view: SeatView = observe(state, 0 if seat is None else seat)
            seen |= view_cards(public_view(view) if seat is None else view)
            for m in view.melds or ():
                seen.update(card for meld in m.melds for card in meld.cards)
            if view.result is not None and view.result.called is not None:
                seen.add(view.result.called)
            if view.result is not None and view.bidder is not None:
                # the hand is over: its result turns the burial and the widow up for everyone
                # (the counters in them are the bidder's), as the result screen shows them
                bidder = observe(state, view.bidder)
                seen.update(bidder.buried, bidder.kitty)
        self.known[key] = (hand_no, len(c.states), seen)
        return seen

    def __call__(self, person: int, text: str) -> None:
        msg = P.decode_down(text)
        if not isinstance(msg, (P.News, P.Decided)):
            return
        assert self.table is not None
        seat = self.table.core.seat_of(person)
        named = message_cards(msg, self.table.variant) if isinstance(msg, P.News) else decided_cards(msg)
        hidden = named - self.may_know(seat)
        assert not hidden, f"seat {seat} was sent {sorted(map(str, hidden))}, which it may not know"
        self.checked += 1
        self.decided += isinstance(msg, P.Decided)


@pytest.mark.parametrize(
    ("preset", "hands"),
    [
        ("partnership", 2),  # the pass between partners
        ("three-hand", 2),  # the widow, the burial
        ("cutthroat", 2),
        ("two-hand", 1),  # the stock and the turn-up, melds on the table
        ("partnership-kitty", 2),
        ("five-hand", 2),  # the called partner
        ("partnership-widow", 2),
    ],
)
def test_no_seat_is_sent_a_card_it_may_not_know(preset: str, hands: int) -> None:
    watch = Watch()
    table = Table(preset, seed=f"privacy/{preset}", on_send=watch, connect=False)
    watch.table = table
    table.connect_all()
    table.play_hands(hands)
    assert table.ctrl.hand_no > hands or table.ctrl.game.over
    assert watch.checked > 10 * table.variant.players


def test_the_check_finds_a_card_sent_to_the_wrong_seat() -> None:
    """The check can fail: seat 1's news sent to seat 0 names cards of seat 1's hand."""
    from pinochle_tui.table.news import seat_news

    watch = Watch()
    table = Table("partnership", seed="leak")
    watch.table = table
    leak = P.encode(P.news_message(0, seat_news(table.ctrl, 1)))
    with pytest.raises(AssertionError, match="seat 0 was sent"):
        watch(0, leak)


def test_a_seat_joined_again_is_sent_no_card_it_may_not_know() -> None:
    """Every seat's terminal joins again mid-hand and is sent its decisions so far (for its
    review): none names a card that seat may not know."""
    watch = Watch()
    table = Table("partnership", seed="privacy/again", on_send=watch, connect=False)
    watch.table = table
    table.connect_all()
    c = table.ctrl
    table.pump(until=lambda: c.round.phase is Phase.TRICKS and len(c.round.tricks) >= 3)
    before = watch.decided
    for p in list(table.players):
        table.drop(p)
        table.connect(p)
    assert watch.decided - before >= 3 * len(table.players)  # (each seat's bids, pass and cards)
