"""What the auction says about the hands a seat cannot see: a weight for each sampled deal.

`DealSampler` deals the unseen cards uniformly within the hard bounds (voids, head-rule
proofs, shown meld, cards passed).  A bid says more: a seat that bid 300 holds a hand
worth about 300 to the bidding policy, a seat that passed at 260 one worth less.
`AuctionWeights(view)` scores a sampled deal by how likely the `standard` bot's own
bidding policy was to make the calls seen with those hands (policy-based inference, as
in Skat programs; RULES.md §3): per other seat and per call it made in the auction, with
``c`` the ceiling `StandardBot.ceiling` gives that seat's hand at that point (the hand as
dealt, worked back from the sampled one: the cards it played since added back, and the
cards this seat passed it or took from it in the pass),

* a bid of ``a``: ``floor + (1 - floor) * sigmoid((c - a) / temperature)``;
* a pass when the next bid was ``b``: ``floor + (1 - floor) * sigmoid((b - c) / temperature)``,
  except where the policy passes whatever the hand (its partner holds the contract);

and a deal's weight is the product (x10 points; ``floor`` keeps a deal that a human's
bidding, not the bot's, explains).  The weights are importance weights: the search
averages a card's value over the deals with them (`bots.expert`).

Honest by construction: it reads only the `SeatView` (the bids are public) and the
sampled hands.  Its cost is counted in the search's node budget (`COST` a seat valued).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from rules import CARDS, Card, Phase, SeatView

from ..standard import StandardBot

__all__ = ["COST", "AuctionWeights"]

# nodes charged for each seat valued in a sampled deal: a standard ceiling (four trump
# estimates) takes about as long as this many cards of play-out
COST = 60


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


class AuctionWeights:
    """The weight of a sampled deal by the auction (see the module).

    ``others``: the seats of the sampled hands in `DealSampler.others` order;
    ``temperature`` and ``floor`` as in the module; ``std``: the policy the calls are
    read with (a `StandardBot`; its estimates cache is shared); ``read``: the seats whose
    calls are read (None: every other seat's); ``passes_only``: seats of those whose
    passes alone are read (a seat that bids past the standard policy's ceiling, as the
    expert does, says less with its bids than the policy would)."""

    def __init__(
        self,
        view: SeatView,
        others: Sequence[int],
        std: StandardBot | None = None,
        temperature: float = 20.0,
        floor: float = 0.05,
        read: Collection[int] | None = None,
        passes_only: Collection[int] = (),
    ) -> None:
        v = view.variant
        self.view = view
        self.std = std if std is not None else StandardBot()
        self.temperature = temperature
        self.floor = floor
        self.others = list(others)
        n = v.players
        side = v.side_of
        forced = bool(view.bids) and StandardBot.forced_only(view, view.bids[0][0])  # the rules' opening bid
        # per seat: (prefix of the bids before the call, the call: amount, or -next bid for a pass)
        calls: dict[int, list[tuple[int, int]]] = {s: [] for s in range(n)}
        high = 0
        holder = -1
        for i, (seat, amount) in enumerate(view.bids):
            if amount:
                if not (forced and i == 0) and seat not in passes_only:
                    calls[seat].append((i, amount))
                high, holder = amount, seat
            elif not (holder >= 0 and holder != seat and side[holder] == side[seat]):
                nxt = v.next_bid_after(high if high else None)
                if nxt <= v.max_bid:
                    calls[seat].append((i, -nxt))
        # the seats whose calls say something, in ``others`` order (index into the deal)
        self.seats = [
            (k, s, calls[s]) for k, s in enumerate(self.others) if calls.get(s) and (read is None or s in read)
        ]
        played: dict[int, list[int]] = {s: [] for s in range(n)}
        for leader, cards, _ in view.tricks:
            for j, c in enumerate(cards):
                played[(leader + j) % n].append(int(c))
        for s, c in view.trick:
            played[s].append(int(c))
        self.played = played
        # the pass this seat saw: cards it gave went to that seat after the auction, cards
        # it received left that seat
        self.gave: dict[int, list[int]] = {}
        self.took: dict[int, list[int]] = {}
        if view.given or view.received:
            me = view.seat
            bidder = view.bidder
            other = bidder if bidder is not None and me != bidder else (me + 2) % n if n == 4 else None
            if other is not None:
                self.gave[other] = [int(c) for c in view.given]
                self.took[other] = [int(c) for c in view.received]

    @property
    def active(self) -> bool:
        """Whether any call of another seat is read (else every weight is 1)."""
        return bool(self.seats)

    def cost(self) -> int:
        """Nodes a weight costs (`COST` a seat valued)."""
        return COST * len(self.seats)

    def dealt(self, seat: int, hand: Sequence[int]) -> tuple[Card, ...]:
        """``seat``'s hand at the auction from its sampled hand now (see the module)."""
        cards = [int(c) for c in hand] + self.played[seat] + self.took.get(seat, [])
        for c in self.gave.get(seat, ()):
            if c in cards:
                cards.remove(c)
        return tuple(CARDS[c] for c in sorted(cards))

    def weight(self, deal: Sequence[Sequence[int]]) -> float:
        """The weight of ``deal`` (a `DealSampler.sample`: the other seats' hands in
        ``others`` order, then the pile)."""
        view = self.view
        std = self.std
        t = self.temperature
        fl = self.floor
        w = 1.0
        for k, seat, calls in self.seats:
            hand = self.dealt(seat, deal[k])
            for i, call in calls:
                seen = view._replace(seat=seat, to_act=seat, hand=hand, phase=Phase.AUCTION, bids=view.bids[:i])
                c = std.ceiling(seen)
                x = (c - call) / t if call > 0 else (-call - c) / t
                w *= fl + (1.0 - fl) * _sigmoid(x)
        return w
