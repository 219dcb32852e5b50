"""The expert's search of the two-hand draft: keep or reject the card looked at (RULES.md
§2.8, §0.4 item 10).

`DraftDeals` deals what this seat cannot see consistently with its `SeatView`: the
other hand (as many cards as it kept), the other discard pile (as many), this seat's own
discards it did not look at (the cards that went under a card it kept) and the order of
the pack below the card looked at.  `rebuild_draft` makes the rules' `DraftRound` of that
deal; both actions are applied to it and the hand played out by the `standard` bot in
every seat through the rules (the rest of the draft, the auction, trump, the meld, the
tricks), and scored as the rules score it (the discard piles' counters for their
owners): this seat's change less the other's.  The mean over the deals decides, with
standard's choice kept within the noise (`bots.expert.ExpertBot`), as in the stock
game's search (`bots.search.stock`, whose budget and parts it shares: each rules step
counts `DRAFT_STEP_NODES` nodes).

Measured: the expert with this search against the expert without it (the standard
bot's `bots.two_hand.draft_keep`), 20,000 nodes a decision, duplicate
(bench/expert_bench.py --skip-speed --variant two-hand-draft --boards 400 --versus
"nodes=20000" "nodes=20000,draft=0" --seed draft-ab, stopped at 25 minutes on a
machine at load 5 to 12): +76.1 a board (95% CI +47.7 .. +104.5, 257 boards); the
whole expert against standard (--versus "nodes=20000" standard --seed draft-ab-std):
+95.5 (+63.5 .. +127.5, 183 boards); 0
illegal actions and errors over 100 hands at 0.05 s (`pinochle simulate --variant
two-hand-draft --seats expert,standard --hands 100 --think 0.05 --seed
ill-two-hand-draft --json`).  Some 7 to 12 deals a decision at 20,000 nodes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from rules import Phase, SeatView, apply, legal_actions, observe
from rules.cards import CARDS, make_deck
from rules.draft_round import DraftRound, make_draft_round

from .flat import FlatPart, flat_search

__all__ = ["DraftDeals", "rebuild_draft", "search_draft"]

_PACK: Counter[int] = Counter(int(c) for c in make_deck("single48"))


class DraftDeals:
    """The cards ``view``'s seat cannot see in the draft and how many of them lie where:
    ``other`` (the other hand) and ``other_discards`` as many as the other seat kept,
    ``mine`` this seat's discards it did not see, ``pack`` the face-down cards under the
    one looked at.  Raises `ValueError` when they do not add up (a view out of the
    ordinary)."""

    def __init__(self, view: SeatView) -> None:
        if view.looking_at is None:
            raise ValueError("no card is looked at")
        unseen: Counter[int] = Counter(_PACK)
        unseen.subtract(int(c) for c in view.hand)
        unseen.subtract(int(c) for c in view.discards)
        unseen[int(view.looking_at)] -= 1
        if any(x < 0 for x in unseen.values()):
            raise ValueError("the view's cards are more than one pack")
        self.free: list[int] = sorted(unseen.elements())
        self.other = view.hand_sizes[1 - view.seat]
        self.mine = len(view.hand) - len(view.discards)
        self.pack = view.stock_size - 1
        if self.mine < 0 or self.pack < 1 or len(self.free) != 2 * self.other + self.mine + self.pack:
            raise ValueError("the unseen cards do not fill the hands, the piles and the pack")

    def sample(self, rng: random.Random) -> tuple[list[int], list[int], list[int], list[int]]:
        """One deal: the other hand, the other discard pile, this seat's unseen discards,
        and the pack under the card looked at (top first)."""
        free = self.free[:]
        rng.shuffle(free)
        a, b = self.other, 2 * self.other
        return free[:a], free[a:b], free[b : b + self.mine], free[b + self.mine :]


def rebuild_draft(
    view: SeatView, other: Sequence[int], other_discards: Sequence[int], mine: Sequence[int], pack: Sequence[int]
) -> DraftRound:
    """The rules' draft at ``view``'s decision with the unseen cards of a
    `DraftDeals.sample`.  The other seat's own looked-at discards are not known here: the
    rebuilt draft records none (they only feed the other seat's view)."""
    me = view.seat
    hands: list[tuple[Any, ...]] = [(), ()]
    hands[me] = tuple(sorted(view.hand))
    hands[1 - me] = tuple(sorted(CARDS[c] for c in other))
    discards: list[tuple[Any, ...]] = [(), ()]
    discards[me] = tuple(sorted([*view.discards, *(CARDS[c] for c in mine)]))
    discards[1 - me] = tuple(sorted(CARDS[c] for c in other_discards))
    seen: list[tuple[Any, ...]] = [(), ()]
    seen[me] = tuple(view.discards)
    assert view.looking_at is not None
    return make_draft_round(
        (
            view.variant,
            Phase.DRAFT,
            me,
            (hands[0], hands[1]),
            (),
            -1,
            (),
            (0, 0),
            (0, 0),
            None,
            view.dealer,
            (view.looking_at, *(CARDS[c] for c in pack)),
            (discards[0], discards[1]),
            (seen[0], seen[1]),
            view.scores,
            view.target,
        )
    )


def _value(state: Any, me: int) -> float:
    """A finished hand from ``me``'s seat: its change less the other's (x10)."""
    changes = [s.change for s in state.result.sides]
    mine = changes[state.variant.side_of[me]]
    return float(mine - (sum(changes) - mine))


def search_draft(
    view: SeatView,
    legal: Sequence[Any],
    pref: int,
    rng: random.Random,
    nodes: int | None,
    deadline: float,
    clock: Callable[[], float],
    policy: Any,
    step_nodes: int,
) -> FlatPart:
    """`bots.search.stock.search_stock` for the draft: per action of ``legal`` the sum of
    its values over the sampled deals and of the squares of its difference with action
    ``pref``, the deals, the nodes (``step_nodes`` a rules step), no trick lost (None).  ``policy``: the
    standard bot (``act(view, legal, rng)``), playing every seat; each deal's play-outs
    share one seed, so both actions meet the same later choices of chance."""
    deals_of = DraftDeals(view)
    me = view.seat
    steps = [0]

    def deal() -> tuple[DraftRound, int]:
        return rebuild_draft(view, *deals_of.sample(rng)), rng.getrandbits(32)

    def value(root: tuple[DraftRound, int], action: Any) -> float:
        r = random.Random(root[1])
        state = apply(root[0], action)
        steps[0] += 1
        while state.phase is not Phase.DONE:
            options = legal_actions(state)
            pick = options[0] if len(options) == 1 else policy.act(observe(state, state.to_act), options, r)
            state = apply(state, pick)
            steps[0] += 1
        return _value(state, me)

    return flat_search(legal, pref, deal, value, lambda: steps[0] * step_nodes, nodes, deadline, clock)
