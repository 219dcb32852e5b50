"""Helpers for the bot tests: build the exact positions of the handed cases."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules import (
    Bid,
    NameTrump,
    PassBid,
    Phase,
    RoundState,
    Suit,
    apply,
    make_deck,
    new_round,
    parse_cards,
)


def deal_with(variant, fixed: dict[int, str], kitty: str = "", seed: int = 0) -> tuple[list[list[int]], list[int]]:
    """Hands for every seat: the ``fixed`` seats get exactly their cards, the rest of the
    deck is dealt to the other seats (and the kitty) in a seeded order."""
    deck = sorted(make_deck(variant.deck))
    hands: list[list[int]] = [[] for _ in range(variant.players)]
    for seat, text in fixed.items():
        for c in parse_cards(text):
            deck.remove(c)
            hands[seat].append(c)
    kit = [c for c in parse_cards(kitty)]
    for c in kit:
        deck.remove(c)
    random.Random(seed).shuffle(deck)
    size = variant.cards_per_hand
    for seat in range(variant.players):
        while len(hands[seat]) < size:
            hands[seat].append(deck.pop())
    while len(kit) < variant.kitty_size:
        kit.append(deck.pop())
    assert not deck
    return hands, kit


def contract_to(
    variant, hands: Sequence[Sequence[int]], bidder: int, trump: str, kitty: Sequence[int] = (), bid: int | None = None
) -> RoundState:
    """A round where ``bidder`` wins the auction at the minimum (everyone else passes)
    and names ``trump``."""
    n = variant.players
    dealer = (bidder - 1) % n
    s = new_round(variant, dealer, hands=hands, kitty=kitty)
    assert s.phase is Phase.AUCTION and s.to_act == bidder
    s = apply(s, Bid(bid or variant.min_bid))
    while s.phase is Phase.AUCTION:
        s = apply(s, PassBid())
    assert s.phase is Phase.TRUMP and s.table.bidder == bidder
    return apply(s, NameTrump(Suit.parse(trump)))
