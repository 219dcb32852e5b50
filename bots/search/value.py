"""The score of a finished hand from one seat, as the search counts it (RULES.md §5.7, §8.1).

`HandValue` is the leaf value of the expert's trick search (`bots.expert`) and of its
simulated decisions (`bots.expert_bidding`): both import it from here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules import SeatView

from .engine import Engine

__all__ = ["HandValue"]


class HandValue:
    """The score of a finished hand as `rules.scoring.score_hand` counts it (§5.7, §8.1),
    from the seat of ``view``: its side's change less the mean change of the other
    sides (x10 points).  Checks (§9) are not counted; the draft's discard piles (§2.8)
    are, as the rules count them, from each deal's piles (`draft_piles`: they count toward
    the contract, and a hand that left them out called contracts set that the piles make,
    hundreds of points a card in the search's figures); with a
    called partner the pair and the defenders are two sides (each defender's own meld
    is not told apart).  The search blind to the called partner (every seat its own
    side, as before) against this, five-hand, 2,000 nodes, expert in one seat of five
    (bench/expert_bench.py --variant five-hand --versus "nodes=2000"
    "nodes=2000,solo_search=1" --seed fivehand-ab): +73.9 a board (95% CI +43.4 ..
    +104.4, 200 boards)."""

    def __init__(self, view: SeatView) -> None:
        v = view.variant
        # the sides of this hand's play (`SeatView.play_sides`): the preset's, or with a
        # called partner (five-hand, §2.12) the bidder's pair against the defenders, each
        # scored as one side (the defenders share their trick points)
        sides = view.play_sides
        self.seats = tuple(tuple(s for s in range(len(sides)) if sides[s] == i) for i in range(max(sides) + 1))
        self.mine = sides[view.seat]
        bidder = view.bidder
        self.bside = sides[bidder] if bidder is not None else -1
        self.contract = view.contract if view.contract is not None else view.high_bid
        shown: list[int] = []
        for seats in self.seats:
            if view.melds is None:
                shown.append(0)
                continue
            if v.who_melds == "all":
                total = sum(view.melds[s].total for s in seats)
            else:
                total = view.melds[bidder].total if bidder in seats else 0
            shown.append(total if total >= v.meld_minimum_to_record else 0)
        self.shown = shown
        self.requires = v.meld_requires
        self.requires_points = v.meld_requires_points
        self.all_points = v.contract_success_score == "all_points"
        self.penalty = {"minus_bid": 1, "minus_double_bid": 2, "zero": 0}[v.set_penalty]
        self.forfeit = v.set_forfeits_meld_and_tricks
        self.min_points = v.nonbidder_min_points
        self.buried_count = v.kitty_discards_count_for_bidder and not v.drafts
        self.cp = v.card_points
        self.hand_total = v.hand_trick_total
        # the draft's piles (§2.8): the counters of this seat's discards it saw, how many,
        # and whom the piles count for (`rules.scoring`: each its owner's, or all the
        # non-bidder's)
        self.drafts = v.drafts
        self.seat = view.seat
        self.bidder = bidder
        self.own_seen = len(view.discards)
        self.own_points = sum(self.cp[c] for c in view.discards)
        self.piles_for = v.draft_discards_count_for

    def leaf(self, e: Engine) -> float:
        """`value` of a finished `Engine` hand with no buried points."""
        return self.value(e.points, e.won, 0)

    def draft_piles(self, unseen: Sequence[int]) -> list[int] | None:
        """The draft's discard piles' points per seat, as they count in the hand (§2.8),
        on a deal whose unseen pile is ``unseen`` (`DealSampler`: the cards that went
        unseen to this seat's own pile and the other's whole pile, in one); None in any
        other form.  Every pile holds as many cards (one discarded a card kept), so this
        seat's unseen share is that many less the discards it saw; which of the unseen
        cards are its own is drawn by the deal's cards alone (the same deal, the same
        split; the search's own dice untouched)."""
        if not self.drafts:
            return None
        cards = sorted(unseen)
        mine = (len(cards) + self.own_seen) // 2 - self.own_seen
        ours = random.Random(bytes(cards)).sample(range(len(cards)), max(0, min(mine, len(cards))))
        own = self.own_points + sum(self.cp[cards[i]] for i in ours)
        other = sum(self.cp[c] for c in cards) - (own - self.own_points)
        piles = [other, other]
        piles[self.seat] = own
        if self.piles_for == "owner":
            return piles
        return [0 if s == self.bidder else own + other for s in range(len(piles))]

    def side_total(
        self, side: int, points: Sequence[int], won: Sequence[int], buried: int, piles: Sequence[int] | None = None
    ) -> tuple[int, int]:
        """``side``'s (total, trick points) at the end of the hand: its trick points (with
        the buried cards' where they count for the bidder, and the draft's ``piles``' where
        they count for its seats, `draft_piles`) and its shown meld where the preset's
        ``meld_requires`` saves it (§5.7)."""
        pts = 0
        tricks = 0
        for s in self.seats[side]:
            pts += points[s] + (piles[s] if piles is not None else 0)
            tricks += won[s]
        if side == self.bside and self.buried_count:
            pts += buried
        req = self.requires
        if req == "none":
            saved = True
        elif req == "one_trick":
            saved = tricks > 0
        elif req == "scoring_trick":
            saved = tricks > 0 and pts > 0
        else:
            saved = pts >= self.requires_points
        return (self.shown[side] if saved else 0) + pts, pts

    def value(
        self, points: Sequence[int], won: Sequence[int], buried: int, piles: Sequence[int] | None = None
    ) -> float:
        """``points``/``won`` per seat at the end of the hand; ``buried``: the trick
        points of the bidder's buried cards; ``piles``: per seat the draft's discard
        piles' points that count for it (`draft_piles`; None: none)."""
        changes = []
        for side in range(len(self.seats)):
            total, pts = self.side_total(side, points, won, buried, piles)
            if side == self.bside:
                if total >= self.contract:
                    change = total if self.all_points else self.contract
                else:
                    change = -self.contract * self.penalty + (0 if self.forfeit else total)
            else:
                change = total if pts >= self.min_points else 0
            changes.append(change)
        if len(changes) == 1:
            return float(changes[0])
        mine = changes[self.mine]
        return mine - (sum(changes) - mine) / (len(changes) - 1)
