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

* a bid of ``a``: ``floor + (1 - floor) * sigmoid((c + bid_offset - a) / temperature)``;
* a pass when the next bid was ``b``:
  ``floor + (1 - floor) * sigmoid((b - c - pass_offset) / temperature)``,
  except where the policy passes whatever the hand (its partner holds the contract);

and a deal's weight is the product (x10 points; ``floor`` keeps a deal that a human's
bidding, not the bot's, explains; the offsets read a table that bids above the standard
policy).  The weights are importance weights: the search averages a card's value over the
deals with them (`bots.expert`).

`for_play` gives the trick search's weights (`bots.expert`, ``infer``) at the settings
``PLAY_*``, tuned on how much likelier the weighted deals make the real deal than uniform
deals do (bench/inference_bench.py; the figures at `PLAY_TEMPERATURE`).  The offsets fit
the expert's bidding as it was measured: a change to how the expert bids moves them.

Honest by construction: it reads only the `SeatView` (the bids are public) and the
sampled hands.  Its cost is counted in the search's node budget (`COST` a seat's hand
valued; a hand sampled again is valued once: ``spent``).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from rules import CARDS, Card, Phase, SeatView

from ..standard import StandardBot

__all__ = [
    "COST",
    "PLAY_BID_OFFSET",
    "PLAY_FLOOR",
    "PLAY_PASS_OFFSET",
    "PLAY_TEMPERATURE",
    "AuctionWeights",
    "for_play",
]

# nodes charged for each seat valued in a sampled deal: a standard ceiling (four trump
# estimates) takes about as long as this many cards of play-out
COST = 60

# the trick search's weights (`for_play`), read when a search starts.  Tuned on the gain:
# the mean over trick-play positions of log(weight of the real deal / mean weight of 150
# uniform deals), how much likelier the weights make the real deal (bench/inference_bench.py
# --hands 150 --bidder expert --seed infer-gain-2: 512 positions of hands bid by the
# expert at 5,000 nodes, as the A/B's tables bid; --bidder standard --hands 120: 444
# positions of the standard policy's auctions), the gain (its standard error) and the
# deals' effective share (median):
# - temperature 20, floor 0.05, no offsets (`AuctionWeights`' defaults, which the
#   simulated decisions' inference reads with): expert -0.031
#   (0.048), 0.56: worse than uniform deals, the expert bids above the standard ceiling;
#   standard +0.740 (0.032), 0.67;
# - bids read 60 above the ceiling, passes 15 below it (as shipped): expert +0.737
#   (0.025), 0.65; standard +0.671 (0.030), 0.63;
# - the same, temperature 10 and floor 0.02: expert +0.998 (0.039), 0.43; standard
#   +0.858 (0.048), 0.38 (sharper: fewer deals count);
# - passes read 30 below: expert +0.854 (0.031) at temperature 20 and floor 0.02, but
#   standard +0.703 (0.037), and +0.487 (0.056) at temperature 10.
# Weights rather than a filter: keeping each deal with probability its weight (then every
# kept deal counted alike) would keep 1 in 5.6 (the median position's mean weight, 0.179
# at the expert's tables, 0.169 at standard's), some 1,000 nodes of ceilings a kept deal
# early in the hand against its 145 of play-outs; weighted, every deal is searched and
# some 65% of their number stays effective.
PLAY_TEMPERATURE = 20.0
PLAY_FLOOR = 0.05
PLAY_BID_OFFSET = 60.0
PLAY_PASS_OFFSET = 15.0


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


class AuctionWeights:
    """The weight of a sampled deal by the auction (see the module).

    ``others``: the seats of the sampled hands in `DealSampler.others` order;
    ``temperature``, ``floor``, ``bid_offset`` and ``pass_offset`` (x10 points) as in
    the module; ``std``: the policy the calls are read with (a `StandardBot`; its
    estimates cache is shared); ``read``: the seats whose calls are read (None: every
    other seat's); ``passes_only``: seats of those whose passes alone are read (a seat
    that bids past the standard policy's ceiling, as the expert does, says less with its
    bids than the policy would); ``bids_only``: seats of those whose bids alone are read
    (their passes left unread)."""

    def __init__(
        self,
        view: SeatView,
        others: Sequence[int],
        std: StandardBot | None = None,
        temperature: float = 20.0,
        floor: float = 0.05,
        bid_offset: float = 0.0,
        pass_offset: float = 0.0,
        read: Collection[int] | None = None,
        passes_only: Collection[int] = (),
        bids_only: Collection[int] = (),
    ) -> None:
        v = view.variant
        self.view = view
        self.std = std if std is not None else StandardBot()
        self.temperature = temperature
        self.floor = floor
        self.bid_offset = bid_offset
        self.pass_offset = pass_offset
        # each seat's factor by its sampled hand (a hand sampled again is not valued
        # again: late in a hand the unseen cards have few layouts), and the nodes spent
        # valuing hands so far (`COST` a seat's hand valued)
        self._known: dict[tuple[int, tuple[int, ...]], float] = {}
        self.spent = 0
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
            elif seat not in bids_only and not (holder >= 0 and holder != seat and side[holder] == side[seat]):
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
        """Nodes a weight costs with no seat's hand valued before (`COST` a seat)."""
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
        bo = self.bid_offset
        po = self.pass_offset
        w = 1.0
        known = self._known
        for k, seat, calls in self.seats:
            key = (seat, tuple(sorted(deal[k])))
            f = known.get(key)
            if f is None:
                self.spent += COST
                hand = self.dealt(seat, deal[k])
                f = 1.0
                for i, call in calls:
                    seen = view._replace(seat=seat, to_act=seat, hand=hand, phase=Phase.AUCTION, bids=view.bids[:i])
                    c = std.ceiling(seen)
                    x = (c + bo - call) / t if call > 0 else (-call - c - po) / t
                    f *= fl + (1.0 - fl) * _sigmoid(x)
                known[key] = f
            w *= f
        return w


def for_play(view: SeatView, others: Sequence[int]) -> AuctionWeights | None:
    """The trick search's weights of ``view``'s sampled deals (``others`` as in
    `AuctionWeights`) at the ``PLAY_*`` settings; None when no call is read (every
    weight would be 1)."""
    w = AuctionWeights(
        view,
        others,
        temperature=PLAY_TEMPERATURE,
        floor=PLAY_FLOOR,
        bid_offset=PLAY_BID_OFFSET,
        pass_offset=PLAY_PASS_OFFSET,
    )
    return w if w.active else None
