"""The `expert` bot: determinized search over the deals its seat cannot see.

Trick play: `DealSampler` deals the unseen cards consistently with the `SeatView`
(voids, head-rule proofs, shown meld, cards passed, an exposed kitty); on each sampled
deal every legal card is played and the hand played out by the cheap policy of
`Engine.rollout`, the last tricks (at most ``horizon`` cards a hand) solved exactly by
`Engine.solve`; each outcome is scored as the hand would be (`HandValue`: meld saved,
contract made or set, the buried cards) and the card with the best mean over the deals
is played: the points of the seat's side less the mean of the other sides'.  Every card
is tried on the same deals.  The card the `standard` bot would play is kept unless the
best card beats it by more than ``confidence`` standard errors of the difference over
those deals (a few deals say little; standard's card is a good prior).

The bid, naming trump, the partnership pass, the bury and the misdeal call (partners
and the big tables' teams) are chosen by simulation too
(`bots.expert_bidding.SimDecisions`, ``decisions``: each candidate tried over sampled
deals, the round replayed to the decision and played out); five-hand's partner call, the
throw-in, and the big tables' bidding and trump are the `standard` bot's (`STANDARD_HERE`:
the hint says so, the throw-in with its rule's figures, `throw_in_figure`; the throw-in
and the call by simulation are there, off by their measurements).

The stock game (two-hand classic and three-hand with the turn-up, ``stock``): every play
while the stock lasts, the meld (and dix) after a won trick and the last pick are
searched by `bots.search.stock` (`stock_move`): the unseen cards and the stock's order
sampled from the view, each legal action applied to the rules' own state of that deal
and the hand played out by the standard stock policy in every seat, then the fast engine
once the stock is out; standard's action kept within the noise (``confidence``, as in
trick play).  Three-hand's phase 2 (two hands unseen) is searched the same way;
two-hand's phase 2 is perfect information, the standard bot's exact solver.  On by
default: duplicate A/B against standard (which is also the expert without it: its stock
game was standard's), 8,000 nodes a decision at a rules step's former charge of 30
nodes (bench/expert_bench.py --skip-speed
--variant V --boards 400 --versus "nodes=8000" standard --seed stock-ab-2h / -3t):
two-hand +18.9 a board (95% CI +2.0 .. +35.7, 245 boards, stopped at 25 minutes),
three-hand-turn-up +33.3 (+25.7 .. +40.9, 400 boards).

The draft's keep or reject (``draft``) by `bots.search.draft`: the hidden cards (the
other hand, both piles' unseen cards, the pack's order) sampled, both actions played out
by the standard bot in every seat through the rest of the hand.  On by default: the
expert with it against the expert without it, 20,000 nodes a decision, duplicate
(bench/expert_bench.py --skip-speed --variant two-hand-draft --boards 400 --versus
"nodes=20000" "nodes=20000,draft=0" --seed draft-ab, stopped at 25 minutes) +76.1 a
board (95% CI +47.7 .. +104.5, 257 boards).

Budget: ``nodes`` (cards played in play-outs and the solver) and ``think`` (seconds of
wall clock, default 1.0); the search stops at whichever comes first: the node budget
after the deal that reaches it, the clock before a deal that would likely end past the
deadline (the mean deal so far; a deal the clock cuts short is not counted, and there is
always one whole deal).  With ``think=None`` the search is counted in nodes only, so a
fixed seed and node budget replays exactly.  A forced move, or a choice between
equivalent cards only, is returned at once.  The decision depends only on the view, the
legal actions and ``rng``.

Worker processes (`bots.search.pool`, one per core, started on first use and reused):
under a wall-clock budget of at least `POOL_MIN_THINK` the search is split in one part
per worker, each part with a seed drawn from ``rng`` and the whole time left (stopping at
0.96 x think, so its result is back by 0.97 x); the parts' sums are added up; a part
still out at the deadline (and 3% of think after) is left out (none back: the first to
come).  The app asks bots in a worker thread, so the search never holds the GIL of the
app's process while it runs on the pool.  ``workers=k`` splits a search in k parts
whatever the budget (a node budget is then shared out evenly, and the pool's result is
the one the same parts give in process: tests/bots/test_expert_pool.py).
``leave_cores=1`` (set by the app on its bots: `pinochle_tui.screens.turns`) puts every
search on the pool once it is up, whatever the budget, in cores - 1 parts (at least one)
under a clock and in one part under a node budget alone, whose rng state goes to the
worker and comes back (the same search as in process), on workers `WORKER_NICE` below
the app's priority (`start_pool`, which the app calls once an expert is seated); the
app's process keeps a core and its thread only waits (key press to frame during a
search: bench/tui_bench.py --expert-keys, the figures at `WORKER_NICE`).  `simulate` and
the CLI use every core as above.

The last search is kept in ``last`` (`Analysis`; None after a decision that searched
nothing): per legal card its mean over the deals and the share of the deals in which its
trick was lost, which `Analysis.advice` puts in a learner's words for the hint and
`Analysis.figures` in numbers under them; the stock game's meld (and dix) after a won
trick, its last pick and the draft's keep or reject, the option against each other in
the same terms (``kind`` "choice"), as the hints of trump and of the pass and the burial
say their simulations (``kind`` "suit", "set").

Tuned by measurement where the measurement could tell (bench/expert_bench.py, its
docstring): the play-out policy (`Engine.rollout`) one decision at a time on the real
deal; ``horizon`` and ``confidence`` not told apart from their neighbours by the boards
and decisions this machine could play.

``infer`` weights every sampled deal by the auction (`bots.search.inference`: how
likely the standard bidding policy was to make the calls seen with those hands), its cost
counted in nodes: ``"play"`` in the trick search alone (`for_play`: bids read 60 above
the standard ceiling, passes 15 below it, temperature 20, floor 0.05), ``True`` in the
simulated decisions too.  Off by default, every A/B expert with it against expert
without, partnership, 5,000 nodes a decision, duplicate (bench/expert_bench.py
--skip-speed --versus A "nodes=5000" --seed S):

* ``True``, the trick search's weights then temperature 20, floor 0.05, no offsets
  (A "nodes=5000,infer=1", seed infer-ab): -74.6 a board (95% CI -122.9 .. -26.4, 211
  boards), and free of cost -93.7 (-127.2 .. -60.2, 400 boards; its contracts made 73.1%
  against 82.5%): the weights as read mislead, the simulated bid most;
* ``"play"`` (A "nodes=5000,infer=play", seed infer-play-ab, 200 boards, each seat's
  hand valued at every deal): -1.4 a board (-18.7 .. +15.9); sharper, temperature 10
  and floor 0.02 (A "nodes=5000,infer=play,inference.PLAY_TEMPERATURE=10.0,
  inference.PLAY_FLOOR=0.02", the same seed and boards): -7.1 (-29.0 .. +14.8);
  as shipped, a hand sampled again not valued again (the same A, seed infer-play-ab2):
  -13.9 (-30.4 .. +2.6, 300 boards; its contracts made 228 of 300 against 232, the same
  bids); at 20,000 nodes a decision (A "nodes=20000,infer=play", B "nodes=20000", seed
  infer-play-ab20k): -2.8 (-16.0 .. +10.5, 200 boards).

One decision at a time on the real deal (bench/expert_bench.py --skip-speed --boards 0
--nodes 5000 --positions 3000 --seed infer-rg2 --regret "" "infer=play" ...; standard's
auctions), each setting less uniform deals, a decision: ``"play"`` +0.07 (-1.24 ..
+1.38), free of cost (inference.COST=0) +0.00 (-1.26 .. +1.26), temperature 40 +0.67
(-0.48 .. +1.82), no offsets +0.68 (-0.47 .. +1.83); the search played another card than
standard's in 464 to 501 of 3,000 decisions with weights, 561 without, and the expert's
whole margin over standard's card was +1.44 a decision (-0.45 .. +3.33).  At 20,000
nodes (--nodes 20000 --positions 2000 --seed infer-rg3 --regret "" "infer=play"):
``"play"`` -0.49 (-1.49 .. +0.51), another card in 348 of 2,000 against 431.  Most cards
are settled by a few deals whatever their weights, and the weights (which leave some 60%
of the deals' effective number) change too few of them, and not for the better.

``read_plays`` weights the trick search's deals by the cards played so far (`PlayReading`:
the standard bot asked, on the round rebuilt with the deal's hands, at every card another
seat played with a choice; each card it would not have played multiplies the weight by
``read_plays``).  On standard self-play positions (bench script, 180 positions, 0.5) the
real deal weighs 2.6 times the mean sampled deal (log gain 0.96), the effective deals 68%
of those drawn, some 1.2 ms a deal read.  Off by default: head to head at 35,000 nodes
(--versus "nodes=35000,read_plays=0.5" "nodes=35000" --seed readplays-h2h, stopped) -4.2
a board (-21.8 .. +13.4, 189 boards); against standard (--versus
"nodes=35000,read_plays=0.5" standard --seed every-partnership, stopped) +181.4 (+138.0
.. +224.9, 281 boards), paired with the shipped expert's run on the same boards -5.0
(-23.7 .. +13.7); one decision at a time on standard self-play, where every seat does
play as the reading assumes (--boards 0 --nodes 350000 --regret "" "read_plays=0.5"
"nodes=35000" "nodes=35000,read_plays=0.5" --positions 400 --seed readplays-rg1), at
350,000 nodes -1.62 a decision (-4.33 .. +1.08) against the search without it, and at
35,000 +0.25 (-6.11 .. +6.61) against 350,000 without it (35,000 without it -0.38): no
more thought turned into strength with it than without.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from rules import (
    CARDS,
    Bid,
    Concede,
    PassBid,
    Phase,
    Play,
    PlayOn,
    SeatView,
    apply,
    legal_actions,
    observe,
)
from rules.play import beats, trick_winner

from .expert_bidding import (
    SimDecisions,
    played_out,
    rebuild,
    result_value,
    supported,
)
from .knowledge import hand_sides, scan, trick_memo
from .legal import plays_on
from .search import DealSampler, Engine, HandValue
from .search.deals import played_tricks
from .search.inference import for_play
from .search.stock import DEFAULT_STOCK_HORIZON, analyse_stock, searched_here
from .search.tree import Branch, walk
from .standard import StandardBot

__all__ = ["Analysis", "BidOdds", "ExpertBot", "HandValue", "start_pool"]

# one part of a search: per card the sum of its values and of the squares of its difference
# with the preferred card, the deals, the nodes, per card the deals its trick was lost (None
# when the hand was solved exactly from the root)
# and the sums of the deals' weights and of their squares (`AuctionWeights`; every weight 1
# without inference)
_Part = tuple[list[float], list[float], int, int, list[int] | None, float, float]

DEFAULT_THINK = 1.0
# how the trick search plays each sampled deal out (`ExpertBot`'s ``playout``): "open" the
# cheap policy seeing every hand of the deal (`Engine.rollout`), "standard" the standard
# bot from each seat's own view through the rules (`_search_standard`; the forms
# `bots.expert_bidding.supported` rebuilds, else "open").  "open" by default: play-outs
# that see no hidden card were to turn the table's budget into strength, and do not,
# partnership (bench/expert_bench.py --skip-speed): at 35,000 nodes (some 110 deals a
# decision against 290) head to head, duplicate (--versus "nodes=35000,playout=standard"
# "nodes=35000" --seed std-vs) -3.9 a board (95% CI -19.0 .. +11.2, 168 boards); one
# decision at a time (--boards 0 --nodes 35000 --regret "" "playout=standard" --positions
# 1500 --seed std-rg1) +2.71 a decision (-0.50 .. +5.92), on the standard continuation
# that favours it; at 350,000 (--nodes 350000 --regret "" "playout=standard"
# "nodes=35000,playout=standard" "nodes=35000" --positions 600 --seed std-rg350) +0.32
# (-3.04 .. +3.67) over the open play-out at 350,000, and the open play-out at 35,000
# +0.33 (-1.72 .. +2.38) over itself at 350,000: with either play-out ten times the deals
# buy nothing measurable.
# The cheap policy by what each seat could know instead (the cards out and not proven
# lacking as "may hold", a partner's shown meld as held; measured and taken out again):
# one decision at a time at 35,000 nodes (bench/expert_bench.py --boards 0 --nodes 35000
# --regret "" "public=1", at d608174) +0.77 a decision (-1.60 .. +3.14, 600 positions, --seed pub-rg1),
# -0.25 (-2.12 .. +1.62, 2,000, --seed pub-rg2): no better than the open play-out.
# "tree": the open play-out under a tree of the plays after each root card, learnt across
# the deals (`bots.search.tree`: information-set MCTS below the flat search's paired root,
# widened progressively so that few walks play as "open" does).  Partnership: one decision
# at a time at 350,000 nodes (--regret "" "playout=tree" ... --positions 400 --seed
# tree-rg1, its first form that drew untried replies at random) +0.22 a decision (-1.28 ..
# +1.73) over "open" at 350,000; head to head at 35,000 (--versus "nodes=35000,playout=tree"
# "nodes=35000" --seed tree-h2h, widened) -7.2 a board (-25.0 .. +10.6, 200 boards); the
# table's budget with it (--versus "nodes=350000,playout=tree" "nodes=35000,playout=tree"
# --seed budget-tree, stopped) +19.2 (-60.3 .. +98.8, 53 boards), and paired with the flat
# search's on the same seed's first 37 boards 3.5 less (-48.6 .. +41.6).  Off: no strength
# seen; the tree is where a search that improves the later decisions would grow from
PLAYOUTS = ("open", "standard", "tree")
# the "standard" play-out's charges in nodes (rollout cards' time): a deal's round rebuilt
# to the card (`rebuild`, the tricks so far played again) and a card the standard bot plays
# from its own view (partnership, 40 positions of 10 deals each, one process: 79 and 12.3)
REBUILT_DEAL_COST = 80
STANDARD_PLAY_COST = 12
# exact play of the last tricks: at most this many cards in the leader's hand, per table size.
# Partnership, horizon 0 (play-outs to the end) against 2, at 20,000 nodes a decision: one
# decision at a time (bench/expert_bench.py --regret) +1.78 a decision (95% CI -1.04 ..
# +4.60, 600 positions, --seed rg1), -0.34 (-2.25 .. +1.57, 2,000, --seed rg3); 150
# duplicate boards (--compare) -6.8 a board (-35.3 .. +21.7): no difference seen, 2 kept.
# At the table's 1 s (350,000 nodes, where horizon 3 still searches some 160 to 700 deals
# a decision and 4 only 17 to 95): 3 less 2 -0.55 a decision (-2.47 .. +1.37; --nodes
# 350000 --regret "horizon=2" "horizon=3" --positions 600 --seed hz-rg1; each +4.35 and
# +3.80 over standard's card): a deeper exact solve does not turn budget into strength
DEFAULT_HORIZON = {2: 6, 3: 3, 4: 2}
# the search plays another card than standard's only when that card's mean is higher by
# more than this many standard errors of the difference (over the same deals).  Duplicate
# A/B against standard, partnership, 0.1 s a decision, the same 200 boards
# (bench/expert_bench.py --boards 200 --think 0.1 --seed ab-think01): 0 (the best mean
# always) +10.2 a board (95% CI -9.5 .. +29.8), 1.0 +28.9 (+9.7 .. +48.2).  One decision at
# a time, 20,000 nodes (bench/expert_bench.py --regret), 2.0 less 1.0: +1.78 a decision
# (-0.98 .. +4.54, --seed rg1), -0.63 (-2.57 .. +1.32, --seed rg2); 3.0: +0.48 (-2.29 ..
# +3.25, rg2); 0.5: +0.03 (rg1).  Pruning the cards clearly behind standard's after 8 deals
# (their budget to the others) did no better (-0.05, rg2) and was taken out again.  At the
# table's 1 s (--nodes 350000 --regret "" "confidence=2.0" "confidence=0.5" --positions 600
# --seed conf-rg350; 1.0 +13.12 a decision over standard's card): 2.0 -0.85 (-2.89 ..
# +1.19), 0.5 +0.00 (another card than standard's 140, 152 and 164 of 600): the ten times
# narrower errors of a larger budget do not call for another margin
DEFAULT_CONFIDENCE = 1.0
# the worker pool only for decisions of at least this many seconds: a part's round trip
# costs some 20-35 ms on a loaded machine, and searched deals per CPU second fell 28% at
# 0.1 s on the pool (229 vs 318), none at 1 s (303 vs 297)
# (bench/expert_bench.py --pool; the figures in its docstring)
POOL_MIN_THINK = 0.25
# with ``leave_cores`` (the app): the workers run this far below the app's priority, so the
# app's drawing has the CPU first on a busy machine (and the search every cycle it leaves).
# nice -n 10 bench/tui_bench.py --expert-keys 15 --expert-rounds 5 (the arrangements
# alternating), key press to frame during a 1 s search, p50 / p95 / max ms:
# - load 5.3 to 6.2: one worker at the app's priority 132.2 / 322.8 / 405.4, 9 below it
#   88.2 / 226.2 / 281.2, in the app's thread 106.0 / 514.8 / 1178.7 (the human's turn,
#   nobody thinking, 93.3 to 104.0 p50)
# - load 4.2 to 6.4, as committed: cores - 1 below the app 85.3 / 245.5 / 444.8, every core
#   at its priority (the way before) 143.7 / 498.0 / 591.3, in the thread 81.9 / 337.5 /
#   1244.0 (nobody thinking 75.3 to 108.1 p50).  The deals a search: the same (median 454
#   below the app, 436 in the thread, 438 on every core; load 6.8 to 7.8)
# - again, load 4.5 to 8.3: 104.5 / 270.6 / 1188.0, every core 170.8 / 586.7 / 1217.1, the
#   thread 106.0 / 425.1 / 613.3; on one core (taskset -c 0, --expert-keys 10 --expert-rounds
#   3; one worker both ways): 87.2 / 238.1 / 1271.0, at the app's priority 111.4 / 500.8 /
#   668.0, the thread 89.6 / 400.8 / 437.2.  Nowhere near 50 ms at such loads: the human's
#   turn with nobody thinking was itself 62 to 152 ms p50 in these runs
WORKER_NICE = 10


NOISE_FLOOR = 5
"""A gap under this (x10 points: half a point) is within the noise however small its
standard error, as the review says it (`pinochle_tui.review.EVEN`; not imported from there:
the bots load without the app, and a test checks the two agree)."""

CLEARLY, NEAR = "clearly better", "about as good"
"""How sure the search is of one choice against another, in the words the hint
(`Analysis.advice`: "clearly better than Q♣", "about as good as Q♣ (the deals can't tell
them apart)") and the review (`verdict`) both say it by: about as good where the gap is no
more than two standard errors of it over the same deals (`APART`), or under `NOISE_FLOOR`
(`SMALL`) (`Analysis.within_noise`, `pinochle_tui.review.within_noise`)."""

APART = "the deals can't tell them apart"
"""Why two choices are about as good where the gap is inside its margin, two standard
errors of it (`Analysis.within_margin`): in a family's words, not "within the noise" (the
margin itself is the figures line's "±", and the review's "give or take")."""

SMALL = "too small a difference to matter"
"""Why two choices are about as good where the gap is under `NOISE_FLOOR` but outside its
margin: a gap of 3 beside "(± 1)" is no noise, the deals do tell the two apart, by too
little to count."""


def verdict(within: bool, small: bool = False) -> str:
    """A choice against another in the review's words (`CLEARLY`, `NEAR`): "about as good,
    as the deals can't tell them apart" where the gap is ``within`` the noise (`APART`),
    "about as good, a difference too small to matter" where it is only by being under
    `NOISE_FLOOR` (``small``: outside its margin, `SMALL`), else "clearly better"."""
    if not within:
        return CLEARLY
    return f"{NEAR}, a difference too small to matter" if small else f"{NEAR}, as {APART}"


@dataclass(frozen=True)
class Analysis:
    """One search: per legal action the mean value over ``deals`` sampled deals (x10
    points, `HandValue`), ``nodes`` cards played, ``seconds`` of wall clock.  No deal is
    searched (``deals`` 0, every mean 0) when all the legal cards are equivalent."""

    actions: tuple[Any, ...]
    means: tuple[float, ...]
    deals: int
    nodes: int
    seconds: float
    # per action: the standard error of its mean less the mean of ``prefer``'s card, deal
    # by deal (the same deals: common random numbers); all 0 without a preferred card
    errors: tuple[float, ...] = ()
    # worker processes that searched (0: this process alone)
    workers: int = 0
    # per action: the share of the deals in which its trick went to another side, as the
    # play-out played it (empty when the rest of the hand was solved exactly instead, and
    # for the stock game's meld, last pick and phase 2, `bots.search.stock`)
    lose: tuple[float, ...] = ()
    # the trick search solved the rest of the hand exactly on every deal (few cards left,
    # ``horizon``): no play-out, so no trick lost to count (``lose`` is empty)
    exact: bool = False
    # the index among ``actions`` of the action ``errors`` are measured against (the
    # standard bot's, where the bot decides: `ExpertBot.analyse`'s ``prefer``; -1: none)
    # and the standard errors of the difference another action had to beat it by to be
    # played (`ExpertBot.confidence`), for the hint's word on a card played over it
    prefer: int = -1
    confidence: float = 0.0

    def best(self) -> int:
        """Index of the best action (the first of equal means)."""
        top = max(self.means)
        return self.means.index(top)

    def _distinct(self, chosen: Any, name: Callable[[Any], str]) -> tuple[int, list[int]]:
        """The index of ``chosen`` and every other action written otherwise, best mean
        first (a card written alike twice, the two-hand stock game's card from the hand or
        from the table, §2.7, once, by its better mean), as `advice` and `figures` name them."""
        me, k = name(chosen), self.actions.index(chosen)
        best: dict[str, int] = {}
        for i, a in enumerate(self.actions):
            t = name(a)
            if t != me and (t not in best or self.means[i] > self.means[best[t]]):
                best[t] = i
        return k, sorted(best.values(), key=lambda i: -self.means[i])

    def advice(
        self,
        chosen: Any,
        name: Callable[[Any], str],
        points: Callable[[int], str],
        kind: str = "card",
        side: bool = False,
    ) -> str:
        """Why ``chosen`` (one of the actions), in a learner's words, with no figure (they
        follow in `figures`): how sure the search is of it against the others, in the
        review's words (`CLEARLY`, `NEAR`: "clearly better than", "about as good as ...
        (the deals can't tell them apart)", or "(too small a difference to matter)" where
        the gap is outside its margin but under `NOISE_FLOOR`, `_why_close`; "as good as"
        where the gap shows as none), then, for a card,
        what it does to the trick in the search's play-outs ("it wins the trick in most
        deals tried", "the trick is lost whatever you play, and the others are worth more
        kept", "it lets this trick go: A♠ would take it more often, but scores less over
        the hand on average").  It follows the move named (the hint's "play K♣ · "), so
        it names no subject: "about as good as Q♣ (the deals can't tell them apart) and
        clearly better than the rest; the trick is lost whatever you play, and the others
        are worth more kept".  A choice kept below a better mean within the noise
        (`ExpertBot._chosen`: the standard bot's) says why it is kept.  ``side``: the seat has a partner, who
        may win the trick the card does not."""
        if not self.deals:
            return f"every legal {kind} here is as good as another"
        k, others = self._distinct(chosen, name)
        if not others:
            return f"the only {kind} of its kind"
        above, even, near, far = self._groups(k, others, points)

        def named(ids: list[int]) -> str:
            # up to `NAMED` named, else two and how many more ("J♥, 10♠ and 3 others"): the
            # figures line names those others with their numbers (`_said`)
            shown = ids if len(ids) <= self.NAMED else ids[:2]
            words = [name(self.actions[i]) for i in shown]
            if len(ids) > len(shown):
                words.append(f"{len(ids) - len(shown)} others")
            return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

        said = []
        if even and not (above or near or far) and len(even) > self.NAMED:  # (none stands apart: none named)
            said.append(f"as good as every other {kind}")
        elif even:
            said.append(f"as good as {named(even)}")
        close = above + near  # (a better mean kept within the noise is as close: said why below)
        why = self._why_close(k, close)
        if close and not (even or far) and len(close) > self.NAMED:  # (none named where none stands apart)
            said.append(f"{NEAR} as every other {kind} ({why})")
        elif close:
            said.append(f"{NEAR} as {named(close)} ({why})")
        if far and said:
            said.append(f"{CLEARLY} than {'the rest' if len(far) > 1 else named(far)}")
        elif far:
            said.append(f"{CLEARLY} than {named(far) if len(far) == 1 else f'every other {kind}'}")
        text = " and ".join(said)
        if above:
            text += f"; the expert then keeps the standard bot's {kind}"
        if not self.lose:
            return text
        lost = self.lose[k]
        winner = "your side" if side else "it"
        if lost <= 0.0:
            return f"{text}; {winner} wins the trick in every deal tried"
        if lost <= 0.5:
            return f"{text}; {winner} wins the trick in most deals tried"
        taker = self._taker(k, others)
        if taker < 0:  # no card loses it less often: lost in every deal, or in a share whatever is played
            if lost >= 1.0:
                return f"{text}; the trick is lost whatever you play, and the others are worth more kept"
            return (
                f"{text}; no card takes this trick more often (it is lost in {round(100 * lost)}% of the deals"
                " tried), and the others are worth more kept"
            )
        return (
            f"{text}; it lets this trick go: {name(self.actions[taker])} would take it more often, but scores less"
            " over the hand on average"
        )

    def _why_close(self, k: int, close: list[int]) -> str:
        """Why the ``close`` others are about as good as action ``k``, in `advice`'s
        brackets: `APART` where each gap is inside its margin (`within_margin`; a better
        mean the expert kept the standard bot's action under is too), `SMALL` where each is
        only under `NOISE_FLOOR`, both said where the group holds both."""
        apart = [i for i in close if self.means[i] > self.means[k] or self.within_margin(k, i)]
        if len(apart) == len(close):
            return APART
        if not apart:
            return SMALL
        return "the deals can't tell some apart, and the others differ too little to matter"

    NAMED = 4
    """The most choices `advice` names in one group ("as good as J♥, 10♠, K♣ and Q♣"); a
    larger group is two named and the count of the others, which `figures` names (`_said`)."""

    def _groups(self, k: int, others: list[int], points: Callable[[int], str]) -> tuple[list[int], ...]:
        """``others`` by how `advice` says them against action ``k``: above it (the standard
        bot's kept within the noise), as good (the gap shows as none), about as good
        (within the noise), clearly worse."""
        above = [i for i in others if self.means[i] > self.means[k]]
        even = [i for i in others if i not in above and not points(round(self.means[k] - self.means[i])).strip("0.")]
        near = [i for i in others if i not in above and i not in even and self.within_noise(k, i)]
        far = [i for i in others if i not in above and i not in even and i not in near]
        return above, even, near, far

    def _said(self, k: int, others: list[int], points: Callable[[int], str]) -> list[int]:
        """The others `advice` names or counts, for `figures` to give each its figure: every
        one as good and about as good, named ("as good as J♥ and 10♠"), counted ("K♦, A♣ and
        5 others": the 5) or all of them ("about as good as every other card"), and a clearly
        worse one named alone; not "the rest", which the words leave to the figures' next
        best.  "about as good as ... and 5 others" beside a figures line of two, or "as good
        as every other card" beside it, counted other cards than the figures gave."""
        above, even, near, far = self._groups(k, others, points)
        return even + above + near + (far if len(far) == 1 else [])

    def _taker(self, k: int, others: list[int]) -> int:
        """Where action ``k`` loses the trick in most deals: the other that loses it least
        often, where that one takes it in most (`advice`: "it lets this trick go: A♠ would
        take it more often"); -1 where every other loses it in most deals too, or ``k`` does not."""
        if not self.lose or self.lose[k] <= 0.5 or not others:
            return -1
        taker = min(others, key=lambda i: self.lose[i])
        return taker if self.lose[taker] <= 0.5 else -1

    def figures(
        self,
        chosen: Any,
        name: Callable[[Any], str],
        points: Callable[[int], str],
        whose: str,
        most: int = 3,
        side: bool = False,
        own: bool = False,
    ) -> str:
        """The figures behind `advice`, in one line: the deals, whose points the means are
        of (``whose``), how much less than ``chosen`` each of the next ``most`` - 1 best
        others scores with the margin of the gap (two standard errors over the same deals,
        `_margin`; "in every deal" where the gap is the same in each), the standard bot's
        choice among them where the expert left it, and for a card the share of the
        search's play-outs in which each loses the trick: "Figures, 44 deals, your points
        less your opponent's on average: Q♣ 6 less (± 111), A♣ 17 less (± 108), the
        standard bot's J♥ 41 less (± 56); the trick lost in the search's play-outs: K♣,
        Q♣ and A♣ all"; every other the words name or count ("and 2 others", "every other
        card", `_said`) named here too, and choices next to each other with the same figure
        said once (`_alike_joined`).  ``own``: ``chosen``'s own mean first, signed (a suit
        or a set tried over deals: "♦ -290, ♠ and ♥ the same in every deal" says how the
        hand goes whatever is chosen)."""
        deals = f"{self.deals} deal{'s' if self.deals != 1 else ''}"
        if not self.deals:
            return ""
        k, others = self._distinct(chosen, name)
        shown = others[: most - 1]
        # the others the advice names or counts ("and 2 others", "every other card"), the
        # standard bot's card the expert left, and the card that would take the trick the
        # advice names, among them
        for i in (*self._said(k, others, points), self.prefer, self._taker(k, others)):
            if i >= 0 and i != k and i in others and i not in shown:
                shown.append(i)
        shown.sort(key=lambda i: -self.means[i])
        parts: list[tuple[str, str]] = []  # (the choice, its figure)
        for i in shown:
            gap = self.means[k] - self.means[i]
            figure = points(round(abs(gap)))
            if not figure.strip("0."):
                said = "the same" if gap == 0 else "under 1 less" if gap > 0 else "under 1 more"
            else:
                said = f"{figure} {'less' if gap > 0 else 'more'}"
            if len(self.errors) == len(self.means):
                m = self._margin(k, i) if gap >= 0 else self._margin(i, k)
                if m == 0:
                    said += " in every deal"
                elif math.isfinite(m):
                    said += f" (± {margin_points(points, round(m))})"
            called = name(self.actions[i])  # (a set named "the standard bot's set" already says whose)
            whose_card = "the standard bot's " if i == self.prefer and "standard bot" not in called else ""
            parts.append((f"{whose_card}{called}", said))
        if own:
            parts.insert(0, (name(chosen), self._signed(points, self.means[k])))
        text = f"Figures, {deals}, {whose} on average: " + _alike_joined(parts)
        if self.lose:
            rates = [(name(self.actions[i]), self._lost_in(self.lose[i])) for i in [k, *shown]]
            lost = "your side's trick lost" if side else "the trick lost"
            text += f"; {lost} in the search's play-outs: " + _alike_joined(rates)
        elif self.exact:
            text += "; the last tricks solved exactly"
        return text

    @staticmethod
    def _signed(points: Callable[[int], str], p: float) -> str:
        """A mean with its sign, as the game shows points ("+40", "-12"; never "-0"),
        rounded to the whole point first as every figure of this hint is (`signed_points`)."""
        return signed_points(lambda x: points(round(x)), p)

    def _lost_in(self, share: float) -> str:
        """A share of the sampled deals' play-outs in which a trick is lost, as a share of
        them, never as a certainty the real deal could belie ("all", "83%", "none", after
        "in the search's play-outs of the 49 sampled deals"); a share that rounds to 100%
        or 0% without being all or none is "over 99%" or "under 1%"."""
        if share >= 1.0:
            return "all"
        if share <= 0.0:
            return "none"
        shown = f"{share:.0%}"
        return "over 99%" if shown == "100%" else "under 1%" if shown == "0%" else shown

    def _margin(self, k: int, i: int) -> float:
        """Two standard errors of action ``k``'s mean less action ``i``'s (x10 points):
        half the 95% interval of their difference, the "±" of `figures` (`errors`: measured
        against the standard bot's card, 0 there; the sum of both errors, the most it can
        be, between two others)."""
        se = self.errors[i] if self.errors[k] == 0 else self.errors[k] + self.errors[i]
        return 2 * se

    def gap_error(self, k: int, i: int) -> float:
        """The standard error of action ``k``'s mean less action ``i``'s (x10 points): half
        `_margin`; 0 where the search kept no errors.  The review judges a move by it, so
        that it and the hint call the same gap "about as good"."""
        return self._margin(k, i) / 2 if len(self.errors) == len(self.means) else 0.0

    def clearly_above(self, action: Any, other: Any) -> bool:
        """Whether ``action`` scores more than ``other`` (both among ``actions``) by more
        than the noise (`within_noise`): the review's "clearly better"."""
        k, i = self.actions.index(action), self.actions.index(other)
        return self.means[k] > self.means[i] and not self.within_noise(k, i)

    def within_noise(self, k: int, i: int) -> bool:
        """Whether action ``i`` is below action ``k`` by no more than the noise: two
        standard errors of the gap (`within_margin`) or less than `NOISE_FLOOR`, the
        review's "about as good" (`pinochle_tui.review.within_noise`)."""
        gap = self.means[k] - self.means[i]
        return gap > 0 and (gap < NOISE_FLOOR or self.within_margin(k, i))

    def within_margin(self, k: int, i: int) -> bool:
        """Whether action ``i`` is below action ``k`` by no more than two standard errors of
        the gap (`_margin`, the figures' "±"): the deals cannot tell the two apart
        (`APART`).  A gap under `NOISE_FLOOR` but outside it is `SMALL` instead."""
        gap = self.means[k] - self.means[i]
        return gap > 0 and gap <= 2 * self.gap_error(k, i)


@dataclass(frozen=True)
class BidOdds:
    """A bid tried over sampled deals (`ExpertBot.bid_odds`): the auction so far replayed,
    then ``bid``, then the rest of the hand played by the standard bot in every seat;
    ``deals`` played, ``taken`` those in which the seat's side took the contract,
    ``made`` those of them in which it made it.  ``value``: the mean over the deals of
    what the hand scores the seat's side less the mean of the other sides' (x10; the
    value the expert decides by, `HandValue`); ``pass_value`` the same with a pass in
    place of the bid on the same deals (None where the seat may not pass); ``error`` the
    standard error of ``value`` over those deals (None with one deal or none): two
    searches of one bid on other deals differ by about that much, so the hint says two of
    it with the mean, the margin it tells the bid from the pass by (the hint's figure and
    the review's, of other deals, differed by more than the player could tell was noise).

    ``own``: not a trial of its own but the expert's own limit's (`BidLimit`, where the
    pass held the limit's raise, `ExpertBot._limit_means`): its two means over its deals
    (this seat's side taking the contract, the others passing after the bid or the
    pass, played out by the expert's search), ``error`` the standard error of their gap,
    the one the decision went by; no chance of taking or making is counted (``taken`` and
    ``made`` 0).  The hint quotes one sample for that decision: a trial of its own beside
    it ("passing +19" over 70 deals, "passing +136" over the limit's 822) read as a
    contradiction."""

    bid: Any
    deals: int
    taken: int
    made: int
    value: float | None = None
    pass_value: float | None = None
    error: float | None = None
    own: bool = False


EXPLAIN_SHARE = 0.25
"""The bid hint's chance of making the bid (``explain_bids``) is tried over deals for this
share of ``think`` after the bid is chosen: at the default 1 s the hint took 2 s, the
bid's search and then as long again for its odds (never more than about a
second); a quarter second still tries some hundred deals."""


STANDARD_HERE = {
    Phase.TRICKS: "plays the stock game's cards",
    Phase.DECLARE: "melds after a trick",
    Phase.LAST_PICK: "makes the last pick of the stock",
    Phase.DRAFT: "keeps or rejects the draft's card",
    Phase.AUCTION: "bids or passes",
    Phase.TRUMP: "names trump",
    Phase.PASS: "picks the cards to pass",
    Phase.BURY: "picks the cards to bury",
    Phase.MELD: "chooses to play the hand or throw it in",
    Phase.DEAL: "keeps the hand or calls a misdeal",
    Phase.CALL: "calls its partner",
}
"""The decisions the expert leaves to the standard bot (`ExpertBot.standard_move`), by
phase, as the hint says them: the verb of the choice, whichever way it goes ("the expert
keeps or rejects the draft's card as the standard bot does"; a pass is not "this bid",
playing on not "this throw-in"); a phase not here "makes this decision".  The stock
game's entries name its decisions when the stock search is off (``stock=False``); with
it on, the one left to standard there is two-hand's play once the stock is out
(`PHASE_TWO_NOTE`)."""

PHASE_TWO_NOTE = (
    "plays once the stock is out",
    ": every card is known then, and both play the best card by an exact search of the rest of the hand",
)
"""The hint's words for two-hand's phase 2 (§2.7), what and why (`standard_note`): nothing
is hidden, so the standard bot's exact solver (`bots.endgame`) plays it and the expert
searches nothing; the points that solve found follow (`phase_two_figure`)."""


def phase_two_figure(v: Any, taken: int, left: int) -> str:
    """What the exact search of two-hand's phase 2 found (`PHASE_TWO_NOTE`), in the game's
    points: "; by it you take 90 of the 130 trick points left (the last trick's 10 among
    them)": the card it plays takes that many with both playing their best to the end."""
    bonus = f" (the last trick's {v.fmt(v.last_trick_bonus)} among them)" if v.last_trick_bonus else ""
    return f"; by it you take {v.fmt(taken)} of the {v.fmt(left)} trick points left{bonus}"


def _alike_joined(parts: Sequence[tuple[str, str]]) -> str:
    """The figures line's (choice, figure) pairs, those next to each other with the same
    figure said once ("TS, KS and QS the same, 9S 20 less (± 30)"; "AS, TS and KS none"):
    a figure said after each of six cards alike read as a list to compare, not one fact."""
    runs: list[tuple[list[str], str]] = []
    for who, said in parts:
        if runs and runs[-1][1] == said and "standard bot's" not in who + runs[-1][0][-1]:
            runs[-1][0].append(who)
        else:
            runs.append(([who], said))
    named = [(ws[0] if len(ws) == 1 else ", ".join(ws[:-1]) + " and " + ws[-1], said) for ws, said in runs]
    return ", ".join(f"{ws} {said}" for ws, said in named)


def signed_points(shown: Callable[[float], str], p: float) -> str:
    """A figure with its sign, ``shown(abs(p))`` as the game shows points ("+40", "-12";
    never "-0" where the figure shows as nothing: an x1 game's small mean)."""
    figure = shown(abs(p))
    return f"{'-' if p < 0 and figure.strip('0.') else '+'}{figure}"


def margin_points(shown: Callable[[Any], str], margin: float) -> str:
    """A margin (the figure after "±") as the game shows points, ``shown(margin)`` ("18");
    "under 1" where that shows as nothing: in an x1 game a margin under half a point
    printed "(± 0)", read as no error at all (none at all is said "in every deal")."""
    figure = shown(margin)
    return figure if figure.strip("0.") else "under 1"


def throw_in_weighed(view: SeatView, std: StandardBot, legal: Sequence[Any]) -> Analysis | None:
    """The throw-in (§8.3) as the standard bot's rule weighs it (`StandardBot.throw_in_figures`,
    the figures its hint says, `throw_in_figure`), in the shape of a search, for the review
    of a throw-in made against the hint (`Controller.hints`): playing on and throwing in,
    playing on's mean what it is worth over throwing in (x10, the side's points less the
    others'), throwing in's 0; no deal (``deals`` 0: a reckoning, not a mean over deals).
    None where the rule weighs nothing (no contract or no trump: a forced bid thrown in
    unseen, §9.2; not both moves legal)."""
    on, off = PlayOn(), Concede()
    if view.contract is None or view.trump is None or view.melds is None or on not in legal or off not in legal:
        return None
    gain = std.throw_in_figures(view)[3]
    return Analysis((on, off), (float(gain), 0.0), 0, 0, 0.0)


def throw_in_figure(view: SeatView, std: StandardBot, action: Any) -> str:
    """The figures the standard bot's throw-in rule (`StandardBot.concede_or_play`, §8.3)
    decided ``action`` by at ``view``, for the hint that leaves the throw-in to it, in the
    game's points: what the side needs in tricks over its meld, the tricks it expects the
    side to take and the chance of making the contract that gives, and what playing on is
    worth against throwing in beside the margin it throws in at ("; by the standard bot's
    reckoning your side needs 130 trick points over its meld and takes about 117, a 34%
    chance of making the contract: playing on is worth 67 more than throwing in (your
    side's points less the others'), and it throws in only where playing on is worth over
    25 less, so here it plays on"); a contract past every trick point the hand holds,
    that; a forced bid thrown in unseen (three-hand check, §9.2), the two figures it
    weighs.  "" where the rule had nothing to weigh (no throw-in, no contract, no meld
    shown)."""
    v = view.variant
    if view.contract is None or not isinstance(action, (Concede, PlayOn)):
        return ""
    thrown = isinstance(action, Concede)

    def pts(p: float) -> str:
        return v.fmt(round(p) if v.scale == 1 else math.floor(p / v.scale + 0.5) * v.scale)

    if view.trump is None:  # a forced bid, the widow unseen: throwing in costs the bid and nothing more
        look = -view.contract - std.unseen_concession_gain(view)
        signed = signed_points(pts, look)
        return (
            f"; throwing in unseen scores -{v.fmt(view.contract)} and pays no checks; the standard bot reckons"
            f" looking at the widow worth {signed} on average (a lost hand then pays checks too), so it"
            f" {'throws in' if thrown else 'looks'}"
        )
    if view.melds is None:
        return ""
    side = hand_sides(view)
    partners = sum(1 for s in side if s == side[view.seat]) > 1
    who, its = ("your side", "its") if partners else ("you", "your")
    need, tricks, _, gain = std.throw_in_figures(view)
    total = v.hand_trick_total
    if need > total:
        return (
            f"; {who} {'needs' if partners else 'need'} {pts(need)} trick points over {its} meld, more than the"
            f" {v.fmt(total)} the hand holds: so it throws in"
        )
    chance = f"{std.throw_in_chance(view):.0%}"
    chance = {"0%": "under 1%", "100%": "over 99%"}.get(chance, chance)
    # ("a 34% chance", "a chance of over 99%": "a over 99% chance" read as a slip)
    odds = f"a {chance} chance" if chance[0].isdigit() else f"a chance of {chance}"
    takes = "takes" if partners else "take"
    if need <= 0:
        mine = "your side's meld" if partners else "your meld"
        needs = f"{mine} already covers the contract and {who} {takes}"
    else:
        needs = f"{who} {'needs' if partners else 'need'} {pts(need)} trick points over {its} meld and {takes}"
    whose = "your side's points" if partners else "your points"
    others = "your opponent's" if v.two_hand else "the others'"
    edge = std.throw_in_edge * total / 250.0
    worth = pts(abs(gain))
    than = f"{worth} {'more' if gain >= 0 else 'less'} than" if worth.strip("0.") else "about as much as"
    return (
        f"; by the standard bot's reckoning {needs} about {pts(tricks)}, {odds} of making the contract:"
        f" playing on is worth {than} throwing in ({whose} less {others}), and it throws in only where playing on"
        f" is worth over {pts(edge)} less, so here it {'throws in' if thrown else 'plays on'}"
    )


NO_SEARCH = " (no search of its own here)"
TRIED_FOR_HINT = "; the deals quoted only try the bid out, for this hint"
"""Why a decision is standard's (`standard_note`): no search at all; or, a bid left to
standard that the hint's bot still tried over deals (``explain_bids``, `BidOdds`), whose
deals the hint quotes: they are the hint's, not the expert's reason."""


def standard_what(view: SeatView, legal: Sequence[Any]) -> str:
    """What the decision at ``view`` is, for the hint that leaves it to the standard bot
    (`STANDARD_HERE`): an auction turn with no pass among ``legal`` (three-hand's forced
    opening bid, §3.4) "bids", never "bids or passes", which offered a choice the rules
    do not give there."""
    if view.phase is Phase.AUCTION and PassBid() not in legal:
        return "bids"
    return STANDARD_HERE.get(view.phase, "makes this decision")


def standard_note(what: str, why: str = NO_SEARCH) -> str:
    """The hint's words for a decision the expert leaves to the standard bot: ``what`` it
    does (`STANDARD_HERE`), then ``why`` it searches nothing of its own."""
    return f"the expert {what} as the standard bot does{why}"


class ExpertBot:
    """Determinized search for trick play; the `standard` bot elsewhere (see the module).

    ``think``: seconds per decision (None: no clock); ``nodes``: cards played per
    decision (None: no node cap; at least one of the two must be set); ``horizon``: the
    most cards a hand at which the last tricks are solved exactly (default by table
    size, `DEFAULT_HORIZON`); ``clock``: the wall clock (tests pass their own);
    ``confidence``: how many standard errors better than standard's card another card
    must be to be played (`DEFAULT_CONFIDENCE`; 0: the best mean always);
    ``workers``: the parts a search is split in (None: one per core on the worker pool
    under a wall-clock budget, else one in process; see `_parts`); ``pool``: False keeps
    every part in this process (a test of the pool's result, a benchmark of one core);
    ``leave_cores``: cores left to the caller's own process (the app's drawing, which
    sets 1 on its bots: `pinochle_tui.screens.turns`): with ``workers`` None every
    search, whatever its budget, runs on the worker pool once it is up, in cores less
    ``leave_cores`` parts (at least one) under a wall-clock budget and in one part under
    a node budget alone (the same search as in process, the rng's state included), and
    this process only waits for it.  ``stock``, ``draft``: the stock game's search and
    the draft's (`stock_move`; False: the standard bot's decisions there, as before).
    ``read_plays``: the trick search's deals weighted by the cards played so far
    (`PlayReading`, this the weight of each card the standard bot would not have played;
    None: not read, the default: see the module)."""

    name = "expert"

    def __init__(
        self,
        think: float | None = DEFAULT_THINK,
        nodes: int | None = None,
        horizon: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        confidence: float = DEFAULT_CONFIDENCE,
        workers: int | None = None,
        pool: bool = True,
        leave_cores: int = 0,
        infer: bool | str = False,
        stock: bool = True,
        draft: bool = True,
        playout: str = "open",
        read_plays: float | None = None,
    ) -> None:
        if think is None and nodes is None:
            raise ValueError("the expert needs a budget: think seconds or nodes")
        if think is not None and not (isinstance(think, int | float) and math.isfinite(think) and think > 0):
            raise ValueError(f"think must be a positive number of seconds, got {think!r}")
        if nodes is not None and (not isinstance(nodes, int) or nodes < 1):
            raise ValueError(f"nodes must be a positive whole number, got {nodes!r}")
        if workers is not None and (not isinstance(workers, int) or not 1 <= workers <= 64):
            raise ValueError(f"workers must be a whole number from 1 to 64, got {workers!r}")
        self.think = think
        self.nodes = nodes
        self.horizon = horizon
        self.clock = clock
        self.confidence = confidence
        if not isinstance(leave_cores, int) or not 0 <= leave_cores <= 64:
            raise ValueError(f"leave_cores must be a whole number from 0 to 64, got {leave_cores!r}")
        self.workers = workers
        self.pool = pool
        self.leave_cores = leave_cores
        if infer not in (False, True, "play"):
            raise ValueError(f"infer must be False, True or 'play', got {infer!r}")
        self.infer = infer
        # the trick search's deals weighted by the auction (``infer`` True or "play"), and
        # the simulated decisions' (True only)
        if read_plays is not None and not (isinstance(read_plays, int | float) and 0 <= read_plays < 1):
            raise ValueError(f"read_plays must be a number from 0 up to 1, got {read_plays!r}")
        self._infer_play = Reading(bool(infer), read_plays)
        # the stock game's plays, melds and last pick by `bots.search.stock` (False: standard's)
        self.stock = stock
        # the draft's keep or reject by `bots.search.draft` (False: standard's)
        self.draft = draft
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}, got {playout!r}")
        # the trick search's play-outs (`PLAYOUTS`)
        self.playout = playout
        self._standard = StandardBot()
        self.last: Analysis | None = None  # the last search (for hints and benchmarks; never read by act)
        # a hint's bot: each bid it picks, or for a pass the lowest bid it passes up, is also
        # tried over sampled deals (`bid_odds`), in ``last_bid`` (None for any other
        # decision); never read by act
        self.explain_bids = False
        self.last_bid: BidOdds | None = None
        # the last decision, when it was the standard bot's (neither searched nor
        # simulated here): the hint's words that say so (`standard_note`); None
        # otherwise (a forced move included); never read by act
        self.standard_move: str | None = None
        # the last decision, when it was trump named by simulation: each suit tried with its
        # mean (`_trump_words`), for the hint (`Analysis.advice`, ``kind`` "suit"); None otherwise; never read by act
        self.last_trump: Analysis | None = None
        # the trial `last_trump` was read from (its deals thrown in or out of reach per suit,
        # `Trial.thrown`, `Trial.unreachable`: the hint says why every suit does badly)
        self.last_trump_trial: Any = None
        # the throw-in left to the standard bot, weighed as its rule weighs it (`throw_in_weighed`)
        self.last_throw_in: Analysis | None = None
        # trump, passing, burying, the bid and the misdeal call by simulation
        # (bots.expert_bidding)
        self.decisions = SimDecisions(
            self._standard, nodes, think, clock, pool=self._app_pool, infer=bool(infer) and infer != "play"
        )

    def act(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        self.last = None
        self.last_bid = None
        self.standard_move = None
        self.last_trump = None
        self.last_trump_trial = None
        self.last_throw_in = None
        self.decisions.last_limit = None  # (set again where this decision's bid is simulated)
        self.decisions.last = None  # (set again where this decision is simulated: never a decision's before)
        legal = plays_on(view, legal)
        # the hint's trial of the bid plays the deals ``rng`` gives at this decision (the app
        # seeds it from the game: its seed, the hand, the moves so far and the seat), not
        # those left after the decision's own search, whose count the clock decides: asked
        # again after a resume, the same question gave other chances
        odds_rng = random.Random()
        odds_rng.setstate(rng.getstate())
        action = self._act(view, legal, rng)
        if self.explain_bids and view.phase is Phase.AUCTION and len(legal) > 1:  # (forced: nothing to explain)
            # a bid: its chance; a pass: the chance of the lowest bid it passes up (why not bid)
            tried = action if isinstance(action, Bid) else next((a for a in legal if isinstance(a, Bid)), None)
            own = self._limit_means(tried, legal)
            if own is not None:  # the limit weighed this bid and the pass: the hint quotes its means alone
                self.last_bid = own
            elif tried is not None:
                share = EXPLAIN_SHARE * self.think if self.think is not None else None
                self.last_bid = self.bid_odds(view, tried, odds_rng, seconds=share)
                if self.last_bid is not None and self.standard_move is not None:  # the deals are the hint's own
                    self.standard_move = standard_note(standard_what(view, legal), TRIED_FOR_HINT)
        return action

    def _limit_means(self, tried: Any, legal: Sequence[Any]) -> BidOdds | None:
        """Where the expert's limit tried the pass beside ``tried`` (the lowest bid) and
        held its raise because letting the other side's bid stand scored more
        (`SimDecisions.ceiling`, ``weigh_pass``): those two means over the limit's own
        deals, as the hint's figures (`BidOdds` ``own``), in place of a trial over other
        deals of the same bid and pass, whose means beside them read as a contradiction
        ("passing +19" over 70 deals, "passing +136" over the limit's 822) and cost a
        quarter of the think (`EXPLAIN_SHARE`) besides.  None for any other decision."""
        limit = self.decisions.last_limit
        lowest = next((a for a in legal if isinstance(a, Bid)), None)
        if limit is None or tried is None or tried != lowest or not limit.deals:
            return None
        if limit.bid_mean is None or limit.pass_mean is None:
            return None
        error = limit.gap_error if limit.gap_error is not None and math.isfinite(limit.gap_error) else None
        return BidOdds(tried, limit.deals, 0, 0, limit.bid_mean, limit.pass_mean, error, own=True)

    def search_kind(self, view: SeatView, legal: Sequence[Any]) -> str | None:
        """Which search of its own the expert makes at ``view`` (``legal``: the moves there,
        a late misdeal claim left out, `plays_on`): "choice" the stock game's or the
        draft's (`stock_move`: `analyse_choice`), "cards" the trick search (`play`:
        `analyse`), None where it searches nothing (a forced move, a decision simulated by
        `SimDecisions` or left to the standard bot).  The review asks it too, so it weighs
        what the expert would have weighed, by the same search."""
        if len(legal) == 1:
            return None
        if (self.draft if view.phase is Phase.DRAFT else self.stock) and searched_here(view):
            return "choice"
        if (
            view.phase is Phase.TRICKS
            and not view.variant.has_stock
            and view.trump is not None
            and all(isinstance(a, Play) for a in legal)
        ):
            return "cards"
        return None

    def phase_two_scores(self, view: SeatView, legal: Sequence[Any]) -> list[int] | None:
        """Two-hand's phase 2, which the expert leaves to the standard bot's exact search
        (`PHASE_TWO_NOTE`): per legal card, the seat's trick points at the end of the hand
        less the other's, both playing their best after it
        (`bots.two_hand.StockPolicy.phase_two_scores`); None at any other decision."""
        v = view.variant
        if not (v.has_stock and v.two_hand and view.phase is Phase.TRICKS and not view.stock_open):
            return None
        if len(legal) < 2 or not all(isinstance(a, Play) for a in legal):
            return None
        return self._standard.phase_two_scores(view, legal)

    def _act(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        kind = self.search_kind(view, legal)
        if kind == "choice":
            return self.stock_move(view, legal, rng)
        if kind == "cards":
            return self.play(view, legal, rng)
        action = self.decisions.act(view, legal, rng)  # None: standard's decision
        if action is not None:
            if view.phase is Phase.TRUMP:
                self._trump_words(view, legal)
            return action
        what, why = standard_what(view, legal), NO_SEARCH
        phase_two = self.stock and view.variant.has_stock and view.phase is Phase.TRICKS and not view.stock_open
        if phase_two:
            what, why = PHASE_TWO_NOTE
        action = self._standard.act(view, legal, rng)
        solved = self._standard.phase_two_solved() if phase_two else None
        if solved is not None:  # the figure the exact search found
            why += phase_two_figure(view.variant, *solved)
        if view.phase is Phase.MELD:  # the throw-in: the figures the standard bot's rule went by
            why += throw_in_figure(view, self._standard, action)
            self.last_throw_in = throw_in_weighed(view, self._standard, legal)
        self.standard_move = standard_note(what, why)
        return action

    def _trump_words(self, view: SeatView, legal: Sequence[Any]) -> None:
        """For the hint: the suits the simulation tried (`SimDecisions.name_trump`), each
        with its mean over the deals, in ``last_trump`` (the errors against the standard
        bot's suit, as `Analysis` keeps them); where it tried none (one suit of three
        cards or more: standard's, nothing to weigh), ``standard_move`` says so."""
        trial = self.decisions.last
        if trial is None or len(trial.actions) < 2:
            self.standard_move = standard_note(
                STANDARD_HERE[Phase.TRUMP], ": its one suit of three cards or more, none to weigh it against"
            )
            return
        # standard's suit (its trump choice reads no dice: a fresh rng leaves the game's as it is)
        prefer = self._standard.act(view, legal, random.Random(0))
        p = trial.actions.index(prefer) if prefer in trial.actions else -1
        n = len(trial.actions)
        means = tuple(trial.mean(i) for i in range(n))
        errors = tuple(trial.error(i, p) for i in range(n)) if p >= 0 else ()
        self.last_trump = Analysis(trial.actions, means, trial.deals, trial.nodes, 0.0, errors)
        self.last_trump_trial = trial

    def bid_odds(
        self, view: SeatView, bid: Any, rng: random.Random, deals: int | None = None, seconds: float | None = None
    ) -> BidOdds | None:
        """``bid`` tried over deals sampled from ``view`` (`BidOdds`), within the budget
        (``seconds``, default ``think``; under a node budget alone, ``deals`` deals, default
        nodes // 1,000); None where no deal could be replayed (a round of another flow, a
        view out of the ordinary)."""
        v = view.variant
        if not v.deals_then_bids or v.n_sides != len(set(v.side_of)):
            return None
        clock = self.clock
        budget = seconds if seconds is not None else self.think
        deadline = clock() + 0.97 * budget if budget is not None else math.inf
        cap = deals if deals is not None else (max(1, self.nodes // 1000) if self.nodes else 10**9)
        try:
            DealSampler(view)  # no deal fits the view: None, before any work is sent
        except ValueError:
            return None
        counts = None
        pool = self._app_pool()
        if pool is not None:  # the app's: played out on the pool, this process waiting
            from .search.pool import drop_pool, result_by

            try:
                future = pool.submit(_bid_odds_state, view, bid, rng.getstate(), cap, deadline)
                counts, state = result_by(future, deadline, clock)
            except Exception:  # a broken pool, a stopped worker: played out here, the rng untouched
                drop_pool(pool)
            else:
                rng.setstate(state)
        if counts is None:
            counts = _bid_odds(view, bid, rng, cap, deadline, clock, self._standard)
        played, taken, made, *values = counts
        if not played:
            return None
        value, passing, error = (values + [None, None, None])[:3]
        return BidOdds(bid, played, taken, made, value, passing, error)

    def play(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        """The card with the best mean over the sampled deals (ties: standard's card)."""
        fallback = self._standard.act(view, legal, rng)
        try:
            an = self.analyse(view, legal, rng, prefer=fallback)
        except ValueError:  # the view's unseen cards fit no deal (a view out of the ordinary)
            return fallback
        self.last = an
        if an.deals == 0:  # every legal card is as good as another: nothing to search
            return fallback
        return self._chosen(an, legal, fallback, _thrown_under([int(a.card) for a in legal], view))

    def _chosen(self, an: Analysis, legal: Sequence[Any], fallback: Any, below: Sequence[int] = ()) -> Any:
        """The action of the best mean in ``an``, or ``fallback`` (standard's) when it ties
        the best or is behind it by no more than ``confidence`` standard errors of the
        difference over the same deals.  ``below``: per action, another it is held no
        better than (`_thrown_under`; -1 none): of equal means that one is played."""
        top = max(an.means)
        best = [i for i, m in enumerate(an.means) if m >= top - 1e-9]
        if below:
            best = [i for i in best if below[i] < 0] or best
        k = legal.index(fallback)
        if k in best:
            return fallback
        i = best[0]
        if an.means[i] - an.means[k] > self.confidence * an.errors[i]:
            return legal[i]
        return fallback

    def stock_move(self, view: SeatView, legal: Sequence[Any], rng: random.Random) -> Any:
        """The stock game's decision (a play while the stock lasts, the meld after a won
        trick, the last pick; three-hand's phase 2 too; the draft's keep or reject) by
        `bots.search.stock`: every legal action tried over sampled deals of the unseen
        cards and the stock's order, standard's action kept within the noise (`_chosen`).
        The search is kept in ``last`` for the hint, whatever the decision (a meld, the
        dix or a pick is put in words as a choice, `Analysis.advice`)."""
        fallback = self._standard.act(view, legal, rng)
        try:
            an = self.analyse_choice(view, legal, rng, prefer=fallback)
        except ValueError:  # no deal fits the view (a view out of the ordinary), or none came back in time
            return fallback
        self.last = an
        return self._chosen(an, legal, fallback)

    def analyse_choice(self, view: SeatView, legal: Sequence[Any], rng: random.Random, prefer: Any = None) -> Analysis:
        """The stock game's or the draft's search of every legal action of ``view``
        (`bots.search.stock.analyse_stock`, within the budget), as `analyse` is the trick
        search's: ``prefer`` the action the errors are measured against (default the
        first).  Raises `ValueError` where no deal fits the view or none was searched."""
        start = self.clock()
        horizon = self.horizon if self.horizon is not None else DEFAULT_STOCK_HORIZON.get(view.variant.players, 2)
        k, pool = self._parts()
        at = legal.index(prefer) if prefer is not None else 0
        means, errors, deals, nodes, workers, lose = analyse_stock(
            view, legal, at, rng, self.nodes, self.think, self.clock, k, pool, horizon
        )
        return Analysis(
            tuple(legal),
            tuple(means),
            deals,
            nodes,
            self.clock() - start,
            tuple(errors),
            workers,
            tuple(lose),
            prefer=at,
            confidence=self.confidence,
        )

    def analyse(self, view: SeatView, legal: Sequence[Any], rng: random.Random, prefer: Any = None) -> Analysis:
        """Search the legal cards of ``view`` within the budget (see `ExpertBot`);
        ``prefer``: a legal action to measure the others against (`Analysis.errors`).

        Split in ``parts`` (`_parts`): one searches with ``rng`` itself; several each
        with a seed drawn from ``rng``, the node budget shared out evenly, on the worker
        pool (each worker the whole time left) or one after another in this process
        (each the time left shared among the parts left); their sums are added up, so
        the pool's result equals the in-process one."""
        clock = self.clock
        start = clock()
        # a little short of ``think``: the set-up before the first deal and after the last
        deadline = start + 0.97 * self.think if self.think is not None else math.inf
        v = view.variant
        horizon = self.horizon if self.horizon is not None else DEFAULT_HORIZON.get(v.players, 2)
        sampler = DealSampler(view)
        cards, rep = _classes([int(a.card) for a in legal], view, sampler, v.card_points)
        at = legal.index(prefer) if prefer is not None else -1  # (`Analysis.prefer`)
        if len(cards) == 1:
            return Analysis(
                tuple(legal),
                (0.0,) * len(legal),
                0,
                0,
                clock() - start,
                (0.0,) * len(legal),
                prefer=at,
                confidence=self.confidence,
            )
        pref = rep[at] if at >= 0 else -1
        k, pool = self._parts()
        one = None
        if k == 1 and pool is not None:
            one = self._run_one(view, cards, pref, horizon, rng, deadline, pool)
            if one is None:
                pool = None  # the pool broke: searched here, the rng untouched
        if k == 1:
            sums, squares, deals, nodes, lost, wsum, w2sum = (
                one
                if one is not None
                else _search(
                    view,
                    cards,
                    pref,
                    horizon,
                    rng,
                    self.nodes,
                    deadline,
                    clock,
                    sampler,
                    self._infer_play,
                    self.playout,
                )
            )
        else:
            seeds = [rng.getrandbits(64) for _ in range(k)]
            cap = -(-self.nodes // k) if self.nodes is not None else None
            parts = self._run_parts(view, cards, pref, horizon, seeds, cap, deadline, pool)
            sums, squares = [0.0] * len(cards), [0.0] * len(cards)
            lost = [0] * len(cards)
            deals = nodes = 0
            wsum = w2sum = 0.0
            for p_sums, p_squares, p_deals, p_nodes, p_lost, p_w, p_w2 in parts:
                for i in range(len(cards)):
                    sums[i] += p_sums[i]
                    squares[i] += p_squares[i]
                    lost[i] += p_lost[i] if p_lost is not None else 0
                deals += p_deals
                nodes += p_nodes
                wsum += p_w
                w2sum += p_w2
            if parts and parts[0][4] is None:
                lost = None
        # weighted means (every weight 1 without inference: the plain means over the deals),
        # and the errors over the deals' effective number (sum of weights squared over the
        # sum of squared weights)
        means = tuple(sums[r] / wsum for r in rep) if deals and wsum > 0 else (0.0,) * len(legal)
        errors = [0.0] * len(cards)
        size = wsum * wsum / w2sum if w2sum > 0 else 0.0
        if pref >= 0 and deals > 1 and size > 1:
            for i in range(len(cards)):
                d = (sums[i] - sums[pref]) / wsum
                var = max(0.0, squares[i] / wsum - d * d) * size / (size - 1)
                errors[i] = math.sqrt(var / size)
        elif pref >= 0:  # one deal (or one that carries all the weight) says nothing of its spread
            errors = [math.inf if i != pref else 0.0 for i in range(len(cards))]
        if not deals:
            raise ValueError("no deal was searched")  # the pool gave nothing in time: standard's card
        lose = tuple(lost[r] / deals for r in rep) if lost is not None else ()
        return Analysis(
            tuple(legal),
            means,
            deals,
            nodes,
            clock() - start,
            tuple(errors[r] for r in rep),
            k if pool else 0,
            lose,
            exact=lost is None,  # (the rest of the hand solved from the root, `_search`)
            prefer=at,
            confidence=self.confidence,
        )

    def _parts(self) -> tuple[int, Any]:
        """How many parts a search is split in, and the worker pool to run them on (None:
        in this process).  ``workers`` None: one part in process under a node budget,
        a clock of the caller's (so a replay does not hang on the machine's cores) or a
        budget under `POOL_MIN_THINK`, else one part per worker of the pool once it is
        up; a number: that many parts always, on the pool when ``pool`` (waiting for it
        to start).  With ``leave_cores`` (``workers`` None): on the pool whenever it is
        up, cores less ``leave_cores`` parts under a clock, one under a node budget."""
        from .search.pool import cores

        if self.workers is None and self.leave_cores:
            pool = self._app_pool()
            if pool is None:
                return 1, None
            return (max(1, cores() - self.leave_cores) if self.think is not None else 1), pool
        if self.workers is None:
            if (
                self.think is None
                or self.think < POOL_MIN_THINK
                or self.clock is not time.perf_counter
                or not self.pool
                or cores() < 2
            ):
                return 1, None
            pool = _ready(None)
            return (cores(), pool) if pool is not None else (1, None)
        if self.workers == 1 or not self.pool:
            return self.workers, None
        pool = _ready(self.workers)
        give_up = time.monotonic() + 60
        while pool is None and time.monotonic() < give_up:  # asked for by number: wait for the workers
            time.sleep(0.02)
            pool = _ready(self.workers)
        return self.workers, pool

    def _app_pool(self) -> Any:
        """The worker pool for a bot that leaves the caller cores (``leave_cores``, the
        app's), once it is up (`WORKER_NICE` below this process); None for any other bot,
        or a clock of the caller's (so a replay does not hang on the machine's cores)."""
        if not self.leave_cores or self.workers is not None or not self.pool or self.clock is not time.perf_counter:
            return None
        return _ready(None, WORKER_NICE)

    def _run_one(
        self,
        view: SeatView,
        cards: list[int],
        pref: int,
        horizon: int,
        rng: random.Random,
        deadline: float,
        pool: Any,
    ) -> _Part | None:
        """The search in one part on ``pool`` with the state of ``rng`` itself, which is
        then left where the in-process search leaves it (the same search, only elsewhere:
        this process does not hold its GIL meanwhile); None when the pool broke (``rng``
        untouched)."""
        from .search.pool import drop_pool, result_by

        until = deadline - 0.01 * (self.think or 0)
        try:
            future = pool.submit(
                _search_state,
                view,
                cards,
                pref,
                horizon,
                rng.getstate(),
                self.nodes,
                until,
                self._infer_play,
                self.playout,
            )
            part, state = result_by(future, deadline, self.clock)
        except Exception:  # a broken pool, a worker that died or was stopped: searched here
            drop_pool(pool)
            return None
        rng.setstate(state)
        return part

    def _run_parts(
        self,
        view: SeatView,
        cards: list[int],
        pref: int,
        horizon: int,
        seeds: list[int],
        cap: int | None,
        deadline: float,
        pool: Any,
    ) -> list[_Part]:
        clock = self.clock
        out: list[_Part] = []
        if pool is not None:
            from concurrent.futures import FIRST_COMPLETED, wait

            from .search.pool import POOL_GRACE, drop_pool

            # the workers' clock is perf_counter (one clock for every process here); a
            # caller's clock: the time left, from when each part starts
            own = clock is time.perf_counter
            until = deadline - 0.01 * (self.think or 0) if own else -(deadline - clock())
            try:
                futures = [
                    pool.submit(_search_part, view, cards, pref, horizon, s, cap, until, self._infer_play, self.playout)
                    for s in seeds
                ]
            except Exception:  # a broken pool: search here
                drop_pool(pool)
            else:
                # the parts in by the deadline (and a grace of 3% of think); none by then:
                # the first to come (there is always one whole deal); the late ones left out
                grace = None if deadline == math.inf else max(0.0, deadline - clock()) + 0.03 * (self.think or 0)
                done, late = wait(futures, timeout=grace)
                if not done:  # (a nodes budget: given `POOL_GRACE` times 30, as `result_by` does)
                    more = 30 * POOL_GRACE if grace is None else POOL_GRACE
                    done, late = wait(futures, timeout=more, return_when=FIRST_COMPLETED)
                for f in late:
                    f.cancel()
                try:
                    if not done:  # every worker stopped or stalled: the pool is dropped, searched here
                        raise TimeoutError
                    return [f.result() for f in futures if f in done]  # in seed order: the same sums
                except Exception:  # a worker died: the pool is dropped, the parts searched here
                    drop_pool(pool)
        for i, seed in enumerate(seeds):
            part_deadline = clock() + (deadline - clock()) / (len(seeds) - i) if deadline != math.inf else math.inf
            out.append(
                _search(
                    view,
                    cards,
                    pref,
                    horizon,
                    random.Random(seed),
                    cap,
                    part_deadline,
                    clock,
                    DealSampler(view),
                    self._infer_play,
                    self.playout,
                )
            )
        return out


def start_pool(leave_cores: int = 0) -> None:
    """Start the worker pool in the background (it never waits) as searches with this
    ``leave_cores`` use it (`ExpertBot`), so it is up by the first card searched: the app
    calls it once an expert is seated."""
    _ready(None, WORKER_NICE if leave_cores else 0)


def _ready(size: int | None, nice: int = 0) -> Any:
    """`bots.search.pool.ready_pool`, None whatever goes wrong (the search then runs here)."""
    from .search.pool import ready_pool

    try:
        return ready_pool(size, nice, warm=_warm_worker)
    except Exception:  # pragma: no cover - ready_pool catches what starting processes raises
        return None


def _warm_worker() -> int:
    """A worker's first task (`bots.search.pool.ready_pool`'s ``warm``): unpickled in the
    worker, it has imported this module, and so the search and the rules, before the
    first decision arrives."""
    return os.getpid()


class Reading(NamedTuple):
    """What the trick search reads into its sampled deals beyond the hard bounds
    (`ExpertBot`'s ``infer`` and ``read_plays``): ``auction`` each deal weighted by the
    calls seen (`bots.search.inference.for_play`); ``plays`` each deal weighted by the
    cards played so far (`PlayReading`, this its weight for a card the standard bot
    would not have played there; None: the plays not read)."""

    auction: bool = False
    plays: float | None = None


NO_READING = Reading()


class PlayReading:
    """A sampled deal's weight by the cards the other seats have played this hand
    (policy-based inference from the play, as `bots.search.inference` reads the
    auction): the round rebuilt on the deal (`rebuild`) and, before each card another
    seat played with a choice, the standard bot asked what it would have played from
    that seat's view of the rebuilt round; the weight is ``miss`` to the power of the
    cards it would not have played (a deal whose hands explain the play as the standard
    policy plays weighs 1).  A deal that does not replay weighs 1 (its play says
    nothing this reading can tell).  Honest by construction: it reads the `SeatView`
    (every played card is public) and the sampled hands.  Its cost in nodes
    (``spent``): `REBUILT_DEAL_COST` a deal and `STANDARD_PLAY_COST` a card asked."""

    def __init__(self, view: SeatView, sampler: DealSampler, miss: float, policy: Any = None) -> None:
        self.view = view
        self.sampler = sampler
        self.miss = miss
        self.spent = 0
        # the play policy the seats are read by (``act(view, legal, rng)``): the standard bot's
        self._std = policy if policy is not None else StandardBot()
        # the plays worth reading: another seat's, in a form whose round rebuilds
        self.active = supported(view.variant) and any(s != view.seat for s, _ in _played_cards(view))

    def weight(self, deal: list[list[int]]) -> float:
        """The weight of ``deal`` (a `DealSampler.sample` of the sampler)."""
        me = self.view.seat
        std = self._std
        missed = 0

        def see(state: Any, card: int) -> None:
            nonlocal missed
            if state.to_act == me:
                return
            legal = legal_actions(state)
            if len(legal) < 2:
                return
            self.spent += STANDARD_PLAY_COST
            if int(std.act(observe(state, state.to_act), legal, random.Random(0)).card) != card:
                missed += 1

        self.spent += REBUILT_DEAL_COST
        try:
            rebuild(self.view, self.sampler, deal, on_play=see)
        except ValueError:
            return 1.0
        return self.miss**missed


def _played_cards(view: SeatView) -> list[tuple[int, int]]:
    """Every card played this hand as ``(seat, card)``, in play order (the trick on the
    table last)."""
    n = view.variant.players
    return [((leader + k) % n, int(c)) for leader, cards in played_tricks(view) for k, c in enumerate(cards)]


def _search_part(
    view: SeatView,
    cards: list[int],
    pref: int,
    horizon: int,
    seed: int,
    cap: int | None,
    until: float,
    infer: Reading = NO_READING,
    playout: str = "open",
) -> _Part:
    """One part of a search, in a worker process: `_search` with its own rng; ``until``:
    the deadline by `time.perf_counter`, or (negative) minus the seconds from now."""
    deadline = until if until >= 0 else time.perf_counter() - until
    return _search(
        view,
        cards,
        pref,
        horizon,
        random.Random(seed),
        cap,
        deadline,
        time.perf_counter,
        DealSampler(view),
        infer,
        playout,
    )


def _side_value(result: Any, side: int) -> float:
    """What a hand's ``result`` scores ``side`` less the mean of the other sides' (x10)."""
    changes = [s.change for s in result.sides]
    if len(changes) == 1:
        return float(changes[0])
    return changes[side] - (sum(changes) - changes[side]) / (len(changes) - 1)


def _play_out(state: Any, action: Any, std: Any, r: random.Random) -> Any:
    """``action``, then the hand played to its end by the standard bot in every seat."""
    state = apply(state, action)
    while state.phase is not Phase.DONE:
        state = apply(state, std.act(observe(state, state.to_act), legal_actions(state), r))
    return state


def _bid_odds(
    view: SeatView, bid: Any, rng: random.Random, cap: int, deadline: float, clock: Callable[[], float], std: Any
) -> tuple[int, int, int, float | None, float | None, float | None]:
    """`ExpertBot.bid_odds`'s play-outs: the deals played, those in which the seat's side
    took the contract, those of them it made, the mean value of bidding and of passing
    on the same deals, and the standard error of the bid's mean (`BidOdds`; at most
    ``cap`` deals, one at least, none begun after ``deadline`` by ``clock``; ``std``: the
    standard bot)."""
    v = view.variant
    sampler = DealSampler(view)
    me = view.seat
    side = v.side_of[me]
    played = taken = made = failed = passes = 0
    value = pass_value = squares = 0.0
    scored = 0  # deals with a result (the mean's count)
    while played < cap and failed < 20 and (played == 0 or clock() < deadline):
        seed = rng.getrandbits(64)
        r = random.Random(seed)
        try:
            start = rebuild(view, sampler, sampler.sample(r))  # the auction so far, on this deal
            state = _play_out(start, bid, std, r)
            passed = None
            if PassBid() in legal_actions(start):  # the same deal with a pass: what the bid is weighed against
                passed = _play_out(start, PassBid(), std, random.Random(seed))
        except Exception:  # a deal the auction does not replay on: another one
            failed += 1
            continue
        played += 1
        result = state.result
        if result is not None:
            got = _side_value(result, side)
            value += got
            squares += got * got
            scored += 1
            if result.bidder is not None and v.side_of[result.bidder] == side:
                taken += 1
                made += bool(result.sides[side].made)
        if passed is not None and passed.result is not None:
            passes += 1
            pass_value += _side_value(passed.result, side)
    mean = value / played if played else None
    error = None
    if scored > 1:  # the sample's standard deviation over the root of the count
        spread = max(0.0, (squares - value * value / scored) / (scored - 1))
        error = math.sqrt(spread / scored)
    return played, taken, made, mean, (pass_value / passes if passes == played and played else None), error


def _bid_odds_state(
    view: SeatView, bid: Any, state: Any, cap: int, deadline: float
) -> tuple[tuple[int, int, int, float | None, float | None, float | None], Any]:
    """`_bid_odds` in a worker process, with an rng in ``state`` and its state after;
    ``deadline`` by `time.perf_counter` (the app's clock)."""
    rng = random.Random()
    rng.setstate(state)
    counts = _bid_odds(view, bid, rng, cap, deadline, time.perf_counter, StandardBot())
    return counts, rng.getstate()


def _search_state(
    view: SeatView,
    cards: list[int],
    pref: int,
    horizon: int,
    state: Any,
    cap: int | None,
    until: float,
    infer: Reading = NO_READING,
    playout: str = "open",
) -> tuple[_Part, Any]:
    """The whole search in a worker process (`ExpertBot._run_one`): `_search` with an rng
    in ``state`` (`random.Random.getstate`), and that rng's state after it; ``until``:
    the deadline by `time.perf_counter`."""
    rng = random.Random()
    rng.setstate(state)
    part = _search(view, cards, pref, horizon, rng, cap, until, time.perf_counter, DealSampler(view), infer, playout)
    return part, rng.getstate()


def _search(
    view: SeatView,
    cards: list[int],
    pref: int,
    horizon: int,
    rng: random.Random,
    nodes: int | None,
    deadline: float,
    clock: Callable[[], float],
    sampler: DealSampler,
    infer: Reading = NO_READING,
    playout: str = "open",
) -> _Part:
    """Sampled deals of ``view``, each card of ``cards`` played and the hand played out on
    every one (`ExpertBot`'s budget: ``nodes``, ``deadline`` by ``clock``); per card the
    sum of its values and of the squares of its difference with card ``pref``, the deals
    counted and the nodes played.  ``infer`` (`Reading`): each deal weighted by the
    auction (`AuctionWeights`) and by the plays (`PlayReading`) as it asks, their cost
    counted in nodes, the sums weighted.  ``playout``: how
    each deal is played out (`PLAYOUTS`; "standard": `_search_standard`)."""
    v = view.variant
    n = v.players
    me = view.seat
    cap = nodes if nodes is not None else math.inf
    root_solve = len(view.hand) <= horizon
    if playout == "standard" and not root_solve and supported(v):
        try:
            return _search_standard(view, cards, pref, rng, cap, deadline, clock, sampler)
        except ValueError:  # no deal replays (a pass this seat cannot rebuild): the open play-out
            pass
    score = HandValue(view)
    assert view.trump is not None
    side_of = view.play_sides  # a called partner (five-hand) plays with the bidder
    engine = Engine(n, view.trump.index, v.play_flags, v.card_points, v.last_trick_bonus, side_of)
    cp = v.card_points
    points = [0] * n
    won = [0] * n
    for _, tcards, winner in view.tricks:
        points[winner] += sum(cp[c] for c in tcards)
        won[winner] += 1
    trick = [int(c) for _, c in view.trick]
    side = side_of[me]
    buried_known = sum(cp[c] for c in view.buried) if view.bidder == me else None
    buried = [0]
    piles: list[Any] = [None]  # the draft's discard piles' points per seat on this deal (`HandValue.draft_piles`)

    def leaf(e: Engine) -> float:
        return score.value(e.points, e.won, buried[0], piles[0])

    hands: list[list[int]] = [[] for _ in range(n)]
    hands[me] = [int(c) for c in view.hand]
    lost = [0] * len(cards)  # deals in which the card's trick went to another side (by the play-out)
    sums = [0.0] * len(cards)
    squares = [0.0] * len(cards)  # of the difference with the preferred card, deal by deal
    deals = 0
    wsum = w2sum = 0.0
    weigh = for_play(view, sampler.others) if infer.auction else None
    plays = PlayReading(view, sampler, infer.plays) if infer.plays is not None else None
    if plays is not None and not plays.active:
        plays = None
    # "tree": each card's plays after it learnt across the deals (`bots.search.tree`)
    roots = [Branch() for _ in cards] if playout == "tree" else None
    below = _thrown_under(cards, view)  # cards valued no higher than a lower one (`_held_under`)
    begun = clock()
    while True:
        deal = sampler.sample(rng)
        w = 1.0
        if weigh is not None:
            spent = weigh.spent
            w = weigh.weight(deal)
            engine.nodes += weigh.spent - spent
        if plays is not None:
            spent = plays.spent
            w *= plays.weight(deal)
            engine.nodes += plays.spent - spent
        for i, s in enumerate(sampler.others):
            hands[s] = deal[i]
        buried[0] = buried_known if buried_known is not None else sum(cp[c] for c in deal[sampler.pile])
        piles[0] = score.draft_piles(deal[sampler.pile])
        engine.setup(hands, view.leader, trick, len(view.tricks), points, won)
        snap = engine.snapshot()
        vals = []
        lose = []
        for i, c in enumerate(cards):
            engine.restore(snap)
            engine.play(c)
            if root_solve:
                val = engine.solve(side, leaf, -math.inf, math.inf)
                lose.append(0)
            elif roots is not None:
                val = walk(engine, roots[i], side, leaf, horizon, rng)
                lose.append(side_of[engine.taken[0][2] if engine.taken else engine.first_win] != side)
            else:
                win = engine.taken[0][2] if engine.taken else -1
                engine.rollout(horizon)
                if win < 0:
                    win = engine.first_win
                lose.append(side_of[win] != side)
                val = leaf(engine) if engine.done else engine.solve(side, leaf, -math.inf, math.inf)
            vals.append(val)
            if deals and clock() >= deadline:
                break
        if len(vals) == len(cards):
            _held_under(vals, below)
            _add_deal(sums, squares, lost, vals, lose, pref, w)
            deals += 1
            wsum += w
            w2sum += w * w
        if engine.nodes >= cap:
            break
        now = clock()
        # stop before a deal that would end past the deadline (the mean deal so far)
        if now + (now - begun) / max(1, deals) >= deadline:
            break
    return sums, squares, deals, engine.nodes, (lost if not root_solve else None), wsum, w2sum


def _search_standard(
    view: SeatView,
    cards: list[int],
    pref: int,
    rng: random.Random,
    cap: float,
    deadline: float,
    clock: Callable[[], float],
    sampler: DealSampler,
) -> _Part:
    """`_search` with each deal played out by the standard bot in every seat from its own
    view, through the rules: the round rebuilt on the deal to this card (`rebuild`,
    `REBUILT_DEAL_COST` nodes; a deal the play so far does not replay on is drawn again,
    its cost counted), each card played and the hand played out (`played_out`,
    `STANDARD_PLAY_COST` nodes a card, the same rng for every card) and scored as the
    hand scores (`result_value`).  The same part as `_search`'s, every weight 1."""
    me = view.seat
    play_sides = view.play_sides
    side = play_sides[me]
    std = StandardBot()
    below = _thrown_under(cards, view)
    at = len(view.tricks)
    lost = [0] * len(cards)
    sums = [0.0] * len(cards)
    squares = [0.0] * len(cards)
    deals = nodes = failed = 0
    begun = clock()
    while True:
        deal = sampler.sample(rng)
        seed = rng.getrandbits(64)
        nodes += REBUILT_DEAL_COST
        try:
            base = rebuild(view, sampler, deal)
        except ValueError:
            failed += 1
            if failed >= 30 and not deals:
                raise
            if nodes >= cap or (deals and clock() >= deadline):
                break
            continue
        vals = []
        lose = []
        for c in cards:
            state, played = played_out(apply(base, Play(CARDS[c])), std, random.Random(seed))
            nodes += played * STANDARD_PLAY_COST
            vals.append(result_value(state, me))
            trick = state.tricks[at] if len(state.tricks) > at else None
            lose.append(trick is not None and play_sides[trick[2]] != side)
            if deals and clock() >= deadline:
                break
        if len(vals) == len(cards):
            _held_under(vals, below)
            _add_deal(sums, squares, lost, vals, lose, pref)
            deals += 1
        if nodes >= cap:
            break
        now = clock()
        if now + (now - begun) / max(1, deals) >= deadline:
            break
    return sums, squares, deals, nodes, lost, float(deals), float(deals)


def _held_under(vals: list[float], below: Sequence[int]) -> None:
    """One deal's values per card, each card that `_thrown_under` holds no better than
    another (``below``: that card's index, -1 none) valued at most as that card."""
    for i, j in enumerate(below):
        if j >= 0 and vals[i] > vals[j]:
            vals[i] = vals[j]


def _add_deal(
    sums: list[float],
    squares: list[float],
    lost: list[int],
    vals: Sequence[float],
    lose: Sequence[int],
    pref: int,
    w: float = 1.0,
) -> None:
    """One whole deal (every card's value ``vals`` and whether its trick was lost,
    ``lose``) added to a part's sums (`_Part`), weighted by ``w``: each value, and the
    square of its difference with card ``pref``'s on the same deal."""
    base = vals[pref] if pref >= 0 else 0.0
    for i, val in enumerate(vals):
        sums[i] += w * val
        squares[i] += w * (val - base) ** 2
        lost[i] += lose[i]


def _thrown_under(faces: Sequence[int], view: SeatView) -> list[int]:
    """Per face of ``faces`` (legal cards to the trick on the table, `SeatView.trick`),
    the index in ``faces`` of a card it is held no better than, or -1.  Where the trick
    goes to another side whatever is played to it (held by another side, no partner of
    this seat still to play), a trump that no card out can head once this trick is done
    (every higher trump and the other copies of its own face played, on the table or in
    this hand: its later trick is sure), which does not head the trick (§1.3: a copy of
    the card that holds it does not), is held no better than a lower trump in ``faces``
    with no more points that loses the trick as well (the lowest such is named): played
    now it gives the other side its points and throws a sure trick away.  The second A♣
    of a club trump under the first is one.  The trick search does not weigh such a card
    above the lower one (`_search`): its play-out policy sees every hand, and there a top
    trump given up lets the bidder's trumps count as sure, so the policy draws them, which
    is no measure of the card; at 35,000 and at 350,000 nodes alike it valued the second
    A♣ some 4 points above 9♣ (tests/bots/test_expert.py, the cutthroat position).
    Measured one changed decision at a time on the real deal, the hand finished by
    standard bots (bench/expert_thrown_under.py --base 8e0a815 --seconds 1260 --seed
    sure-trump-V --variant V, 35,000 nodes): the expert before it threw such a trump at
    8.2 of 1,000 follows in cutthroat and 9.2 in three-hand (the second trump ace under
    the first at 7.5 in both; the standard bot at none), and holding it back gains +15.1
    a changed decision (95% CI +8.4 .. +21.8, 278 decisions) and +18.5 (+13.0 .. +24.0,
    289).  Any higher card of the suit with at least the lower one's points held back
    (the rule first tried: the expert threw one at some 110 of 1,000 follows in
    cutthroat, 70 in three-hand, 12 in partnership) gained nothing seen: -1.9 a changed
    decision (-11.3 .. +7.6, 102 decisions, cutthroat); a card kept may have to head a
    later trick and be overtaken there.

    At a table of three each for self with no widow (cutthroat) a card of a suit not trump
    is held back alike, under a trick of its suit (not trumped): the second A♠ under the
    first, where no spade out is above it.  Unlike a trump its later trick is not sure (a
    seat void in spades may trump it), but kept it can be thrown later for the same
    points, and a lower card of the suit loses this trick as well.  Measured as above, the
    rule then on every table (at a6e40b1: --suit side --base d46e35d --seconds 2100 --seed
    side-ace-V --variant V): the expert threw such a card at 7.9 of 1,000 follows in
    cutthroat (the copy of the card holding the trick at 3.9), 5.4 in three-hand, 1.1 in
    partnership; held back it gains in cutthroat +8.7 a changed decision (95% CI +1.9 ..
    +15.5, 79 decisions) and again (--seed side-ace-cutthroat-2) +0.7 (-6.8 .. +8.2, 64),
    together some +5.1 (+0.1 .. +10.2, 143); in three-hand -0.2 (-10.9 .. +10.6, 64) and
    partnership -3.7 (-9.2 .. +1.7, 35): held back in cutthroat only.  Nearly every such
    decision had no seat of another side proven void in the suit, so "sure while nobody is
    proven void" is the same rule.  The like rule at a lead (standard's side ace led first
    wherever no other side is proven void in its suit; at a6e40b1, --leads): the expert
    led another card at 255 of 1,000 leads in cutthroat, 230 in three-hand, 133 in
    partnership, and the ace in its place lost -10.2 a changed decision (-13.9 .. -6.4,
    1,283), -6.5 (-10.2 .. -2.8, 1,201) and -8.3 (-16.8 .. +0.1, 679), though its side
    aces end trumped more often than standard's (bench/expert_side_aces.py): not kept."""
    out = [-1] * len(faces)
    trick = view.trick
    if not trick or view.trump is None:
        return out
    t = view.trump.index
    n = view.variant.players
    sides = view.play_sides
    me = sides[view.seat]
    cards = [int(c) for _, c in trick]
    won = trick_winner(cards, t)
    later = ((view.seat + j) % n for j in range(1, n - len(trick)))
    if sides[trick[won][0]] == me or any(sides[s] == me for s in later):
        return out
    w = cards[won]
    cp = view.variant.card_points
    left = scan(view, trick_memo(view))[0]  # per face the copies this seat has not seen
    v = view.variant
    side = v.each_for_self and v.n_sides == 3 and not v.kitty_size  # (cutthroat: see above)
    for i, f in enumerate(faces):
        u = f // 6
        if beats(f, w, t) or any(left[g] for g in range(u * 6, f + 1)):
            continue
        if u != t and (not side or w // 6 != u):
            continue
        low = -1
        for j, g in enumerate(faces):
            lower = g // 6 == u and g % 6 > f % 6 and cp[g] <= cp[f] and not beats(g, w, t)
            if lower and (low < 0 or g % 6 > faces[low] % 6):
                low = j
        out[i] = low
    return out


def _classes(
    faces: list[int], view: SeatView, sampler: DealSampler, points: Sequence[int]
) -> tuple[list[int], list[int]]:
    """The legal ``faces`` cut to one per class of equivalent cards, and for each face the
    index of its class: cards of one suit with the same points such that no card between
    them, nor a copy of either, may be in another hand or lies in the trick win and lose
    the same tricks whatever the deal, so one play-out serves them all."""
    others = 0  # faces someone else may hold, or on the table
    for f in sampler.free:
        others |= 1 << f
    for _, f, _ in sampler.fixed:
        others |= 1 << f
    for _, c in view.trick:
        others |= 1 << c
    mine = 0
    for c in view.hand:
        mine |= 1 << c
    reps: list[int] = []
    order = sorted(range(len(faces)), key=faces.__getitem__)
    rep = [0] * len(faces)
    last = -1
    for i in order:
        f = faces[i]
        if last >= 0:
            p = reps[-1]
            if (
                p // 6 == f // 6
                and points[p] == points[f]
                and not others & (((1 << (f + 1)) - 1) ^ ((1 << last) - 1))  # ends included: a copy
                and not mine & (((1 << f) - 1) ^ ((1 << (last + 1)) - 1))
            ):
                rep[i] = len(reps) - 1
                last = f
                continue
        reps.append(f)
        rep[i] = len(reps) - 1
        last = f
    return reps, rep
