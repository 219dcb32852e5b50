"""The expert's search of the stock game: two-hand classic and three-hand with the turn-up
(RULES.md §2.7, §5.9, §6.4, §0.4 items 9 and 22).

A determinized search, as the trick search of `bots.expert`, over the stock flow's own
state: `StockDeals` deals the cards this seat cannot see (the other hands and the stock's
order) consistently with the `SeatView`; `rebuild` makes the rules' `StockRound` of that
deal at this decision (the melds on the table, the meld log, the turn-up, the tricks so
far); every legal action is applied to it and the hand played out: while the stock
lasts (the plays, the meld after a won trick, the dix, the last pick) by the `standard`
bot's stock policy (`bots.two_hand.StockPolicy`) in every seat, each from its own
`SeatView` of the sampled deal (so the play-out does not see the stock's order either);
once the stock is out (phase 2, perfect information in two-hand) by the fast `Engine`
(its cheap play-out, the last ``horizon`` cards a hand solved exactly) under the §6.4
rule.  Each outcome is scored as the hand is (`score_stock_hand`: the meld counted, the
trick points, the last trick), from this seat: its points less the mean of the others',
and the action with the best mean over the deals is taken, unless standard's action is
within ``confidence`` standard errors of the difference (the same deals: common random
numbers).

Why a flat determinized search and not information-set MCTS (chosen, not measured one
against the other): the draws are chance nodes no player controls, and the decision
that matters (which card to give up, which meld to lay down first) plays out over a
dozen later tricks; a flat search over the root's actions with the standard policy as
the play-out measures exactly that, where a tree over the draws would spread the same
budget over nodes it seldom revisits (a play-out from the first trick costs some 30
rules steps, a deal ten or so play-outs: tens of deals a second, not the thousands a
tree needs).  It is the trick search's design
(`bots.expert`), so the two share the budget, the parts on the worker pool, the
``confidence`` rule and the hint.

Measured (duplicate A/B against the standard bot, 8,000 nodes a decision, the expert in
one seat: bench/expert_bench.py --skip-speed --variant V --boards 400 --versus
"nodes=8000" standard --seed stock-ab-2h / stock-ab-3t): two-hand +18.9 a board (95%
CI +2.0 .. +35.7, 245 boards in the 25 minutes the run had), three-hand-turn-up +33.3
(+25.7 .. +40.9, 400 boards); 0 illegal actions and errors.  The first 35 boards of
two-hand at 20,000 nodes: +23.3 (-28.1 .. +74.6), stopped to make room.  Those runs
charged a rules step 30 nodes (`STEP_NODES` is 22 since the steps got cheaper): 8,000
nodes was one or two deals a decision early in the hand (some 4,600 nodes a deal there),
where the default second searched 7 to 23 on a loaded machine (more later in the hand):
the figures are the search at a small budget, not at the table's.

The table's budget against a tenth of it (--skip-speed --variant V --versus
"nodes=350000" "nodes=35000" --seed budget-1s-V, expert against expert, duplicate; about
1 s and 0.1 s a decision on an idle core): two-hand +65.3 a board (95% CI +34.8 ..
+95.8, 127 boards, stopped): ten times the deals pay here, where the trick search of the
other forms saturates by 0.1 s (`bots.expert`); three-hand-turn-up +2.0 a board (-15.9
.. +19.9, 54 boards, stopped): its stock lasts four tricks, and the twelve after it are
the trick search's.

Speed: the play-out asks the policy once per position it sees (`_PlayOut.stock_phase`;
a play by the hand, the laid cards and the trick alone, of the state's own fields,
`StockPolicy.play_of`, without building a `SeatView`), steps by
`rules.stock_round.apply_listed`, and the policy's meld share of each card is scored from
the hand's counts taken once (`bots.two_hand._marginals`, `rules.meld.score_counts`; a
card off trump spare in all its melds takes none, unscored); the same decisions and
values at a node budget as asking the policy at every step through the rules (the tests
say so).  CPU seconds of 12 positions a variant at 150,000 nodes each (nice -n 5 python
bench/stock_bench.py --cpu [--root DIR], the code before and this code in turn, twice
each; the same digest of results): two-hand 3.97 and 3.96 s before, 3.02 and 2.92 now
(0.75 of the time); three-hand-turn-up 3.34 and 3.47 s, 2.73 and 2.70 (0.80: the phase-2
engine, unchanged, is a bigger share).  Deals a decision at the default second, in
process on one core, median over 16 positions of standard self-play a variant (nice -n 5
python bench/stock_bench.py --root DIR, in turn, twice each, load average 1.6 to 2.8 on
two cores): two-hand 97.5 and 119.0 before, 143.5 and 117.5 now (the hand's first half
69.5 and 66.0, now 101.5 and 96.5), play-outs a second 861 and 764, now 1,380 and 1,173;
three-hand-turn-up 291.5 and 389.5, now 420.5 and 419.0 (first half 182.0 and 173.0, now
205.0 and 198.0).  On a busier machine (load average 6 to 7) the same second does a
third of these (two-hand 40.5 and 36.5 deals with the code before).

Budget: nodes (each rules step of the play-out counts `STEP_NODES`, each card the
`Engine` plays one) and a wall-clock deadline, as in `bots.expert`: at least one whole
deal, none begun that would likely end past the deadline; with no clock a fixed seed and
node budget replays exactly.  The decision depends only on the view, the legal actions
and ``rng``.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from rules import Phase, Play, SeatView, apply
from rules.cards import CARDS, make_deck
from rules.stock_round import (
    NINE,
    StockRound,
    apply_listed,
    legal_actions,
    make_stock_round,
    melds_allowed,
    observe,
    round_card_points,
)

from .engine import Engine
from .flat import FlatPart, flat_search

__all__ = [
    "DEFAULT_STOCK_HORIZON",
    "DRAFT_STEP_NODES",
    "STEP_NODES",
    "StockDeals",
    "analyse_stock",
    "rebuild",
    "search_stock",
    "searched_here",
]

# nodes charged for one step of the rules' stock game in a play-out (a seat's view, the
# policy's choice, the rules applying it): about the time of this many `Engine` cards
# (measured over the stock searches of bench/stock_bench.py's positions, 150,000 nodes
# each, CPU time: a step some 22 cards; 33 before the play-out kept the policy's
# choices and stepped without the rules' checks, when it was 30).  The steps have got
# cheaper since (the module's speed figures); the charge stays, as a new one would change
# the decisions at a node budget
STEP_NODES = 22
# the draft's play-out (`bots.search.draft`: the standard bot at every step through the
# rules and their checks, the whole hand after it) keeps the charge the stock's steps had:
# its steps measure some 60 cards, but a new charge would change its decisions, which
# were measured at this one
DRAFT_STEP_NODES = 30
# phase 2 of a play-out: the last tricks solved exactly from at most this many cards in
# the leader's hand, by table size (two-hand at 6: some 30,000 solver nodes a deal, three
# times the rest of the play-out; at 3 some 470)
DEFAULT_STOCK_HORIZON = {2: 3, 3: 2}
_PACK: Counter[int] = Counter(int(c) for c in make_deck("single48"))


def searched_here(view: SeatView) -> bool:
    """Whether the stock search decides at ``view``: a stock game (two or three seats,
    §2.7, §0.4 item 22) while the stock lasts (a play, the meld after a won trick, the
    last pick), and in three-hand's phase 2 (the unseen cards split between two hands);
    two-hand's phase 2 is perfect information, where the standard bot plays exactly.
    And the draft's keep or reject (§2.8, `bots.search.draft`)."""
    v = view.variant
    if view.phase is Phase.DRAFT:
        return view.looking_at is not None
    if not v.has_stock or view.trump is None:
        return False
    if view.phase in (Phase.DECLARE, Phase.LAST_PICK):
        return True
    if view.phase is not Phase.TRICKS:
        return False
    return view.stock_open or not v.two_hand


def _phase1_tricks(players: int) -> int:
    """Tricks played while the stock lasts: the stock and the turn-up, one card a seat a
    trick (§2.7: 24 cards, 12 tricks; three-hand 12 cards, 4 tricks)."""
    return (48 - 12 * players) // players


class StockDeals:
    """The cards ``view``'s seat cannot see and where they may lie (see the module).

    ``others``: the other seats; ``fixed[i]``: the cards ``others[i]`` is known to hold
    (`SeatView.known`: the turn-up taken, a shown dix, the last pair, melds picked back
    up); ``sizes[i]``: how many more it holds; ``stock``: the stock's size; ``free``: the
    unseen cards (with repeats) in face order; ``voids[i]``: a suit mask ``others[i]``
    is proved to lack (phase 2 only: it did not follow suit, or trump, §6.4).  Raises
    `ValueError` when the unseen cards do not fill the hands and the stock."""

    def __init__(self, view: SeatView) -> None:
        v = view.variant
        n = v.players
        me = view.seat
        unseen: Counter[int] = Counter(_PACK)
        unseen.subtract(int(c) for c in view.hand)
        for s in range(n):
            unseen.subtract(c[0] for c in (view.laid[s] if view.laid else ()))
        for _, cards, _ in view.tricks:
            unseen.subtract(int(c) for c in cards)
        unseen.subtract(int(c) for _, c in view.trick)
        if view.turn_up is not None:
            unseen[int(view.turn_up)] -= 1
        self.others = [s for s in range(n) if s != me]
        self.fixed: list[list[int]] = []
        self.sizes: list[int] = []
        for s in self.others:
            known = sorted(int(c) for c in (view.known[s] if view.known else ()))
            self.fixed.append(known)
            unseen.subtract(known)
            self.sizes.append(view.hand_sizes[s] - len(known))
        self.stock = view.stock_size
        if any(x < 0 for x in unseen.values()) or any(x < 0 for x in self.sizes):
            raise ValueError("the view's cards are more than one pack")
        self.free: list[int] = sorted(unseen.elements())
        if len(self.free) != sum(self.sizes) + self.stock:
            raise ValueError("the unseen cards do not fill the hands and the stock")
        # phase 2 (§6.4): a seat that did not follow the led suit lacks it; one that
        # neither followed nor trumped lacks trump too
        t = view.trump.index if view.trump is not None else -1
        self.voids = [0] * len(self.others)
        index = {s: i for i, s in enumerate(self.others)}
        for leader, cards, _ in view.tricks[_phase1_tricks(n) :]:
            self._note(leader, [int(c) for c in cards], t, index, n)
        if view.trick and not view.stock_open:
            self._note(view.trick[0][0], [int(c) for _, c in view.trick], t, index, n)

    def _note(self, leader: int, cards: list[int], t: int, index: dict[int, int], n: int) -> None:
        led = cards[0] // 6
        for k, c in enumerate(cards[1:], 1):
            i = index.get((leader + k) % n)
            if i is None or c // 6 == led:
                continue
            self.voids[i] |= 1 << led
            if c // 6 != t:
                self.voids[i] |= 1 << t

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """One deal: per other seat its whole hand (the known cards included), and the
        stock top first.  Cards a void keeps from a seat go first to the seats that may
        hold them; the proofs are dropped if they cannot all hold."""
        free = self.free[:]
        rng.shuffle(free)
        if any(self.voids):
            dealt = self._constrained(free, rng)
            if dealt is not None:
                return dealt, []
        hands: list[list[int]] = []
        pos = 0
        for i, k in enumerate(self.sizes):
            hands.append(self.fixed[i] + free[pos : pos + k])
            pos += k
        return hands, free[pos:]

    def _constrained(self, free: list[int], rng: random.Random) -> list[list[int]] | None:
        """The phase-2 deal within the voids (no stock left), or None after a few tries."""
        for _ in range(20):
            room = self.sizes[:]
            hands = [f[:] for f in self.fixed]
            # the cards with the fewest seats to go to first
            order = sorted(free, key=lambda c: sum(1 for v in self.voids if v >> (c // 6) & 1), reverse=True)
            ok = True
            for c in order:
                seats = [i for i, v in enumerate(self.voids) if room[i] and not v >> (c // 6) & 1]
                if not seats:
                    ok = False
                    break
                weights = [room[i] for i in seats]
                i = rng.choices(seats, weights)[0]
                hands[i].append(c)
                room[i] -= 1
            if ok:
                return hands
            rng.shuffle(free)
        return None


def _dix_shown(view: SeatView, seat: int, hand: Sequence[int]) -> int:
    """The trump 9s in ``seat``'s hand already counted by showing (§2.7): the dix entries
    of the meld log that were shows (after the exchange, or all when the 9 was turned),
    at most the 9s it holds."""
    if view.trump is None:
        return 0
    nine = view.trump.index * 6 + NINE
    entries = [s for s, name, _, _ in view.meld_log if name == "dix"]
    turned = any(name == "dix turned up" for _, name, _, _ in view.meld_log)
    if not turned and entries:
        entries = entries[1:]  # the first was the exchange
    return min(entries.count(seat), sum(1 for c in hand if c == nine))


def rebuild(view: SeatView, legal: Sequence[Any], hands: list[list[int]], stock: list[int]) -> StockRound:
    """The rules' state at ``view``'s decision with the other hands and the stock of a
    `StockDeals.sample` (``hands`` per other seat in seat order): everything else from
    the view; ``legal`` is the root's action list (the declare step's meld and dix
    already taken this turn are read off it)."""
    v = view.variant
    n = v.players
    me = view.seat
    full: list[list[int]] = [[] for _ in range(n)]
    full[me] = [int(c) for c in view.hand]
    k = 0
    for s in range(n):
        if s != me:
            full[s] = hands[k]
            k += 1
    t = view.trump.index if view.trump is not None else 0
    cp = v.card_points
    points = [0] * n
    for _, cards, winner in view.tricks:
        points[winner] += sum(cp[c] for c in cards)
    dix_shown = tuple(_dix_shown(view, s, full[s]) for s in range(n))
    turn = (False, False)
    if view.phase is Phase.DECLARE:
        # what this declare step has taken already: a meld or the dix open to the seat but
        # no longer offered (§5.9: one meld a won trick; the dix once)
        names = {type(a).__name__ for a in legal}
        could_meld = bool(melds_allowed(v, t, view.hand, view.laid[me]))
        nine = t * 6 + NINE
        held = full[me].count(nine)
        up = view.turn_up
        could_dix = bool(held) and up is not None and (up != nine or held > dix_shown[me])
        turn = (could_meld and "DeclareMeld" not in names, could_dix and "DeclareDix" not in names)
    state = make_stock_round(
        (
            v,
            view.phase,
            view.to_act,
            tuple(tuple(sorted(CARDS[c] for c in h)) for h in full),
            tuple(c for _, c in view.trick),
            view.leader,
            view.tricks,
            view.won,
            tuple(points),
            None,
            [None],
            view.dealer,
            t,
            tuple(CARDS[c] for c in stock),
            view.turn_up,
            view.laid,
            view.meld_log,
            view.meld_points,
            dix_shown,
            turn,
            view.known,
            view.scores,
            view.target,
            view.last_pair,
        )
    )
    state.memo[0] = list(legal)  # the root's actions as the rules gave them
    return state


def _value(v: Any, meld: Sequence[int], points: Sequence[int], me: int) -> float:
    """A finished hand from ``me``'s seat: its meld and trick points less the mean of the
    other seats' (x10; §2.7, rounded where ``round_card_points``)."""
    totals = [meld[s] + (round_card_points(points[s]) if v.round_card_points else points[s]) for s in range(len(meld))]
    mine = totals[me]
    return mine - (sum(totals) - mine) / (len(totals) - 1)


class _PlayOut:
    """One search's play-out machinery: the policy for the stock phase and the engine
    for phase 2, with the node count of both."""

    def __init__(self, view: SeatView, policy: Any, horizon: int) -> None:
        v = view.variant
        self.v = v
        self.me = view.seat
        self.policy = policy
        self.horizon = horizon
        n = v.players
        t = view.trump.index if view.trump is not None else 0
        self.trump = t
        # the policy's phase-1 play from the state's own fields (`StockPolicy.play_of`), if it has one
        self._play: Callable[..., Any] | None = getattr(policy, "play_of", None)
        self.engine = Engine(n, t, (v.phase2_head, False, False, False), v.card_points, v.last_trick_bonus, range(n))
        self.steps = 0
        self._meld: Sequence[int] = ()
        self.lost: bool | None = None  # the last play's trick went to another seat (`value`)
        # the policy's action by what the seat to act sees that the policy reads (`value`)
        self._chosen: dict[tuple[Any, ...], Any] = {}

    @property
    def nodes(self) -> int:
        return self.steps * STEP_NODES + self.engine.nodes

    def _leaf(self, e: Engine) -> float:
        return _value(self.v, self._meld, e.points, self.me)

    def stock_phase(self, state: StockRound) -> StockRound:
        """The hand played on from ``state`` while the stock lasts: each step the policy's
        action for the seat to act from that seat's `SeatView` (`observe`), or the only
        legal one; returns the state once the stock is out (or the hand over), the steps
        counted.  The policy's action is kept by what it reads of the view: for a play,
        the hand, the cards on the table and the trick's cards (`StockPolicy.play_phase1`,
        whatever the seat, the stock's size or the last declare turn; asked of those
        fields without a view, `StockPolicy.play_of`, when the policy has it); for a meld
        or the last pick, the seat, the phase, its hand and its cards on the table, the
        stock's size, the turn-up, its declare turn and dix counted.  The seat meets the same
        position again and again over the actions tried on one deal, and the policy is a
        function of those (`tests/bots/test_expert_stock.py` plays it out against the
        policy asked at every step)."""
        policy = self.policy
        play = self._play
        v = self.v
        t = self.trump
        chosen = self._chosen
        tricks = Phase.TRICKS
        steps = 0
        while state.phase is not Phase.DONE and (state.phase is not Phase.TRICKS or state.stock_open):
            legal = legal_actions(state)
            if len(legal) == 1:
                a = legal[0]
            else:
                s = state.to_act
                if state.phase is tricks:
                    # a play of phase 1 reads the hand, the laid cards and the trick alone
                    key: tuple[Any, ...] = (state.hands[s], state.laid[s], state.trick)
                    if play is not None:  # asked so without a view
                        a = chosen.get(key)
                        if a is None:
                            a = chosen[key] = play(v, t, state.hands[s], state.laid[s], state.trick, legal)
                        state = apply_listed(state, a)
                        steps += 1
                        continue
                else:
                    key = (
                        s,
                        state.phase,
                        state.hands[s],
                        state.laid[s],
                        len(state.stock),
                        state.turn_up,
                        state.turn,
                        state.dix_shown[s],
                    )
                a = chosen.get(key)
                if a is None:
                    a = chosen[key] = policy.act(observe(state, s), legal)
            state = apply_listed(state, a)
            steps += 1
        self.steps += steps
        return state

    def value(self, state: StockRound, action: Any) -> float:
        """``action`` applied to ``state`` and the hand played out (see the module).  A
        play's trick is over by the time the play-out leaves the stock phase (the last
        draw follows the last trick of phase 1): ``lost`` says whether another seat won it
        (None: not a play, or a play of phase 2, whose trick the engine finishes)."""
        trick = len(state.tricks) if isinstance(action, Play) else None
        state = self.stock_phase(apply(state, action))
        self.steps += 1
        self.lost = state.tricks[trick][2] != self.me if trick is not None and len(state.tricks) > trick else None
        if state.phase is Phase.DONE:
            return _value(self.v, state.meld_points, state.points, self.me)
        e = self.engine
        self._meld = state.meld_points
        e.setup(
            [[int(c) for c in h] for h in state.hands],
            state.leader,
            [int(c) for c in state.trick],
            len(state.tricks),
            state.points,
            state.won,
        )
        e.rollout(self.horizon)
        if e.done:
            return self._leaf(e)
        return e.solve(self.me, self._leaf, -math.inf, math.inf)


# one search: per action the sum of its values and of the squares of its difference with
# the preferred action, the deals, the nodes
StockPart = FlatPart


def search_stock(
    view: SeatView,
    legal: Sequence[Any],
    pref: int,
    rng: random.Random,
    nodes: int | None,
    deadline: float,
    clock: Callable[[], float],
    policy: Any,
    horizon: int = 6,
) -> StockPart:
    """Sampled deals of ``view`` (`StockDeals`), each action of ``legal`` applied and the
    hand played out on every one (`_PlayOut`); the budget: ``nodes`` and ``deadline`` by
    ``clock`` (at least one whole deal).  ``pref``: the index of the action the others
    are measured against (-1: none).  ``policy``: the stock game's play-out policy (an
    object with ``act(view, legal)``, `bots.two_hand.StockPolicy`; the draft's: the
    standard bot, `_policy`).  Raises `ValueError` when no deal fits the view.  The
    draft's keep or reject: `bots.search.draft.search_draft`."""
    if view.phase is Phase.DRAFT:
        from .draft import search_draft

        return search_draft(view, legal, pref, rng, nodes, deadline, clock, policy, DRAFT_STEP_NODES)
    deals_of = StockDeals(view)
    play = _PlayOut(view, policy, horizon)

    def deal() -> StockRound:
        return rebuild(view, legal, *deals_of.sample(rng))

    return flat_search(legal, pref, deal, play.value, lambda: play.nodes, nodes, deadline, clock, lambda: play.lost)


_POLICY: dict[bool, Any] = {}


def _policy(view: SeatView) -> Any:
    """The play-out's policy, one a process: the stock game's `bots.two_hand.StockPolicy`,
    the draft's the standard bot (every decision of the hand after it); their caches
    change no decision."""
    draft = view.phase is Phase.DRAFT
    if draft not in _POLICY:
        if draft:
            from ..standard import StandardBot

            _POLICY[draft] = StandardBot()
        else:
            from ..two_hand import StockPolicy

            _POLICY[draft] = StockPolicy()
    return _POLICY[draft]


def stock_part(
    view: SeatView, legal: Sequence[Any], pref: int, seed: int, cap: int | None, until: float, horizon: int
) -> StockPart:
    """One part of a stock search in a worker process: `search_stock` with its own rng;
    ``until``: the deadline by `time.perf_counter`, or (negative) minus the seconds from now."""
    deadline = until if until >= 0 else time.perf_counter() - until
    return search_stock(
        view, legal, pref, random.Random(seed), cap, deadline, time.perf_counter, _policy(view), horizon
    )


def stock_state(
    view: SeatView, legal: Sequence[Any], pref: int, state: Any, cap: int | None, until: float, horizon: int
) -> tuple[StockPart, Any]:
    """The whole stock search in a worker process with an rng in ``state``, and that rng's
    state after it (the same search as in process)."""
    rng = random.Random()
    rng.setstate(state)
    part = search_stock(view, legal, pref, rng, cap, until, time.perf_counter, _policy(view), horizon)
    return part, rng.getstate()


def analyse_stock(
    view: SeatView,
    legal: Sequence[Any],
    pref: int,
    rng: random.Random,
    nodes: int | None,
    think: float | None,
    clock: Callable[[], float],
    parts: int,
    pool: Any,
    horizon: int,
) -> tuple[list[float], list[float], int, int, int, list[float]]:
    """The stock search of ``view`` in ``parts`` parts (`ExpertBot._parts`: one with
    ``rng`` itself, in process or, with ``pool``, on a worker with the rng's state; more:
    each with a seed drawn from ``rng``, the node budget shared out, on ``pool`` or one
    after another here), their sums added up.  Returns per action the mean over the deals
    and the standard error of its difference with action ``pref`` (deal by deal), the
    deals, the nodes, the workers that searched (0: this process), and per action the
    share of the deals in which its trick went to another seat (a card played; empty for
    the draft's choices).  Raises `ValueError` when no deal was searched."""
    from .pool import POOL_GRACE, drop_pool, result_by

    start = clock()
    deadline = start + 0.97 * think if think is not None else math.inf
    own = clock is time.perf_counter
    until = deadline - 0.01 * (think or 0) if own else -(deadline - clock())
    got: list[StockPart] = []
    workers = 0
    if parts == 1:
        if pool is not None:
            try:
                future = pool.submit(stock_state, view, legal, pref, rng.getstate(), nodes, until, horizon)
                part, state = result_by(future, deadline, clock)
            except Exception:  # a broken pool, a worker stopped: searched here, the rng untouched
                drop_pool(pool)
            else:
                rng.setstate(state)
                got, workers = [part], 1
        if not got:
            got = [search_stock(view, legal, pref, rng, nodes, deadline, clock, _policy(view), horizon)]
    else:
        from concurrent.futures import FIRST_COMPLETED, wait

        seeds = [rng.getrandbits(64) for _ in range(parts)]
        cap = -(-nodes // parts) if nodes is not None else None
        if pool is not None:
            try:
                futures = [pool.submit(stock_part, view, legal, pref, x, cap, until, horizon) for x in seeds]
                grace = None if deadline == math.inf else max(0.0, deadline - clock()) + 0.03 * (think or 0)
                done, late = wait(futures, timeout=grace)
                if not done:
                    more = 30 * POOL_GRACE if grace is None else POOL_GRACE
                    done, late = wait(futures, timeout=more, return_when=FIRST_COMPLETED)
                for f in late:
                    f.cancel()
                if not done:
                    raise TimeoutError
                got = [f.result() for f in futures if f in done]  # in seed order: the same sums
                workers = parts
            except Exception:  # every worker stopped, or one died: the parts searched here
                drop_pool(pool)
                got = []
        if not got:
            for i, x in enumerate(seeds):
                part_deadline = clock() + (deadline - clock()) / (parts - i) if deadline != math.inf else math.inf
                got.append(
                    search_stock(view, legal, pref, random.Random(x), cap, part_deadline, clock, _policy(view), horizon)
                )
    k = len(legal)
    sums, squares = [0.0] * k, [0.0] * k
    deals = spent = 0
    lost: list[int] | None = [0] * k
    for p_sums, p_squares, p_deals, p_nodes, p_lost in got:
        for i in range(k):
            sums[i] += p_sums[i]
            squares[i] += p_squares[i]
        deals += p_deals
        spent += p_nodes
        if lost is not None and p_lost is not None:
            lost = [a + b for a, b in zip(lost, p_lost, strict=True)]
        else:
            lost = None
    if not deals:
        raise ValueError("no deal was searched")
    means = [x / deals for x in sums]
    lose = [x / deals for x in lost] if lost is not None else []  # (none for a meld, the dix, a pick)
    errors = [0.0] * k
    if pref >= 0 and deals > 1:
        for i in range(k):
            d = means[i] - means[pref]
            var = max(0.0, squares[i] / deals - d * d) * deals / (deals - 1)
            errors[i] = math.sqrt(var / deals)
    elif pref >= 0:  # one deal says nothing of the spread
        errors = [math.inf if i != pref else 0.0 for i in range(k)]
    return means, errors, deals, spent, workers, lose
