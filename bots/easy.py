"""The `easy` bot: legal and simple, so a beginner can beat it.

It bids from its own meld alone, names its best meld suit, passes its highest trumps
and aces, buries or returns its lowest cards, plays its highest card when that card
would win the trick as it stands and its lowest card otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules import (
    Bid,
    Bury,
    ClaimMisdeal,
    Concede,
    NameTrump,
    PassBid,
    PassCards,
    Phase,
    PlayOn,
    SeatView,
    score_meld,
)
from rules.play import beats

from .cardsets import pick_from_legal
from .knowledge import hand_sides
from .legal import plays_on
from .two_hand import easy_two_hand

__all__ = ["EasyBot"]


class EasyBot:
    """A beginner's opponent: own meld for bidding, high-if-winning card play."""

    name = "easy"

    def act(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        legal = plays_on(view, legal)
        if len(legal) == 1:
            return legal[0]
        v = view.variant
        ph = view.phase
        t = view.trump.index if view.trump is not None else -1
        if ph in (Phase.DECLARE, Phase.DRAFT, Phase.LAST_PICK):
            return easy_two_hand(view, legal)
        if ph is Phase.TRICKS:
            faces = [a.card for a in legal]
            if not view.trick:
                return legal[faces.index(min(faces))] if rng.random() < 0.5 else legal[rng.randrange(len(legal))]
            cards = [c for _, c in view.trick]
            w = cards[0]
            for c in cards[1:]:
                if beats(c, w, t):
                    w = c
            winners = [c for c in faces if beats(c, w, t)]
            if winners:
                return legal[faces.index(min(winners, key=lambda c: (c % 6, c)))]
            return legal[faces.index(max(faces, key=lambda c: (c % 6, c)))]
        if ph is Phase.AUCTION:
            bids = [a for a in legal if isinstance(a, Bid)]
            if not isinstance(legal[0], PassBid):
                return bids[0]
            best = max(score_meld(view.hand, s, v).total for s in range(4))
            ceiling = best + 0.45 * v.hand_trick_total
            return bids[0] if bids and bids[0].amount <= ceiling else legal[0]
        if ph is Phase.TRUMP:
            names = [a for a in legal if isinstance(a, NameTrump)]

            def key(a: NameTrump) -> tuple[int, int]:
                s = a.suit.index
                return (score_meld(view.hand, s, v).total, sum(1 for c in view.hand if c // 6 == s))

            return max(names, key=key)
        if ph is Phase.PASS:
            if view.seat != view.bidder:
                order = sorted(view.hand, key=lambda c: (c // 6 != t, c % 6 != 0, c % 6, c))
            else:
                order = sorted(view.hand, key=lambda c: (c // 6 == t, -(c % 6), c))
            return pick_from_legal([(0.0, tuple(sorted(order[: v.pass_count])))], legal, PassCards)
        if ph is Phase.BURY:
            order = sorted(view.hand, key=lambda c: (c // 6 == t, -(c % 6), c))
            return pick_from_legal([(0.0, tuple(sorted(order[: v.kitty_size])))], legal, Bury)
        if ph is Phase.MELD:
            concede = next((a for a in legal if isinstance(a, Concede)), None)
            play_on = next((a for a in legal if isinstance(a, PlayOn)), legal[0])
            if concede is not None and view.melds is not None and view.contract is not None:
                side = hand_sides(view)
                ours = sum(view.melds[s].total for s in range(v.players) if side[s] == side[view.seat])
                if ours + v.hand_trick_total < view.contract:
                    return concede
            return play_on
        if ph is Phase.DEAL:
            return next((a for a in legal if isinstance(a, ClaimMisdeal)), legal[0])
        return legal[0]
