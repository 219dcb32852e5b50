"""The review of a hand after it is over: each decision a human made in it
(`Controller.decisions`) set beside the expert's choice, in numbers where the expert's
search gives them.  What is weighed, and how, is what the expert itself searches at that
decision (`bots.expert.ExpertBot.search_kind`), in every form.

- A card played: the expert's search (`bots.expert.ExpertBot.analyse`) of the cards the
  human could play, on deals of the cards that seat could not see dealt to fit what it
  saw (its `SeatView` then, never the real hands); the expert's choice is the card with
  the best mean over those deals, and the difference is that mean less the mean of the
  card played, in points of this hand's score for the player's side on average ("trick 4:
  you played 10♥, expert: 9♥ (would have scored 12 more for your side this hand, on
  average over 300 deals)"; "same as the expert" when the card played has the best mean;
  "about as good as the expert's 9♥: the deals can't tell them apart (... give or take
  40)" when the difference is no more than `NOISE` standard errors of it, the margin of
  the hint's figures; "too small a difference to matter" under `EVEN` outside it).  The
  best mean, not `ExpertBot.play`'s card, which keeps the standard bot's card unless
  another is better by more than its confidence margin: the review measures the card
  played against the best the search found.
- The stock game's decisions (two-hand, three-hand with the turn-up: a card while the
  stock lasts, the meld or the dix after a won trick, the last pick, three-hand's cards
  after the stock) and the draft's keep or reject: the same, by the expert's search of
  them (`ExpertBot.analyse_choice`, `bots.search.stock`, `bots.search.draft`: deals of the
  unseen cards and the stock's order fitting the seat's view), in the same words
  ("meld: you melded marriage K♥ Q♥, expert: no meld (would have scored 12 more ...)").
- Two-hand's cards once the stock is out: nothing is hidden then (every card not in the
  hand is the opponent's), and the expert plays the standard bot's exact search; the
  review weighs every legal card by that search (`ExpertBot.phase_two_scores`), and the
  difference is exact, not a mean ("... by an exact search: every card is known once the
  stock is out").
- A move "play for me" made on the expert's own search (`Decision.auto_search`) of at
  least the review's node budget: reported by that search ("same as the expert (612
  deals)"; a bid, trump, a pass or a burial by its simulation: "same as the expert"),
  not searched again, which could say the expert would have done otherwise
  and took the time over (a game resumed from its save searches it again: the search is
  not saved, as a hint's is).
- A bid or a pass: the expert's own choice (`ExpertBot.act`), and for each bid among the
  two its chance of taking and making the contract (`ExpertBot.bid_odds`: the auction
  replayed on sampled deals, then the hand played on by the standard bot in every seat;
  both bids on the same deals).
- Naming trump, passing, burying, throwing in: the expert's choice beside the human's,
  with why in words (`trump_why`, `pass_why`, `burial_why`) and no number of the review's
  own (the expert simulates these, it does not search them); one made against a hint asked
  there is costed by the hint's own figures (its suits or sets tried over deals, the
  throw-in as the standard bot's rule weighed it: "pass: you passed A♠ J♠ J♠ 10♥, expert:
  A♠ J♠ J♠ A♣, as its hint here said (would have scored 12 more for your side this hand,
  on average over 6 deals: clearly better): it gives the bidder 3 trump and an ace, yours
  3 trump").  A decision the expert leaves
  to the standard bot (the draft's auction, three-hand's forced opening bid, the
  throw-in, ...) says so ("(the expert bids or passes as the standard bot does)").
- A move made as the expert's hint (``i``) said at that very position
  (`Decision.hinted`): reported by the hint's search ("as the expert's hint said (612
  deals)"), not searched again on the review's smaller budget, which could prefer
  another move within its noise (a player who followed every hint
  was told the expert would have played otherwise).  A card whose hint searched no deal
  is reviewed as any other: every card line has its count of deals, or says why it has
  none (the only legal card; every legal card alike), as it would without the hint.
- A move made against a hint asked at that position: the expert's choice is the hint's
  ("expert: bid 320, as its hint here said"), never another search's that could contradict
  it; a card by the hint's numbers (`Decision.hint_analysis`): the hint's card, never
  "same as the expert" (the hint keeps standard's card within the noise, so the card
  played may have the better mean there, and the line says so: "expert: J♣ (Q♣ scores 6
  more on average over 57 deals, but the deals can't tell them apart, so the expert kept
  the standard bot's card)"; "as good as the expert's J♣" where the gap shows as none), a bid or a pass by the
  hint's trial of its bid and the pass on the same deals (`Decision.hint_odds`) where
  those are the two choices (a pass its limit's hold decided: that limit's own two means,
  the one sample the hint quoted, `bots.expert.BidOdds` ``own``, with no chance of taking
  the contract), else both bids tried on the review's deals as below.

Every search has a node budget (`REVIEW_NODES` cards played, `REVIEW_BID_DEALS` deals a
bid) and a seed made from the game's seed, the hand and the decision's place
(`Decision.seed`), not seconds: the same game reviews the same way every time, on any
machine.  Every form is reviewed where the expert is installed (`NO_REVIEW` otherwise).

`Review` is worked through one decision at a time (`Review.step`, from the app's worker
thread, once the expert's worker pool is up: `wait_for_pool`, `leave_cores`), and
its text (`Review.lines`) says how far it has got ("reviewing… 3 of 12").  Time
(bench/review_bench.py, its docstring's figures): a hand of partnership, twelve cards,
1.3 to 1.5 s median for the cards and 1.0 to 1.3 s for the other decisions (0.4 s the
expert's own bid, 0.2 s each bid tried) on this 2-core machine, loaded; a hand "play for
me" played for the person at an expert's table, its moves' searches reused, next to no
time (3.3 to 3.6 s median searching them again, `--auto`); a hand of two-hand (some 28
decisions, 20 cards) 1.7 to 1.8 s, in one process.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules import (
    Bid,
    Bury,
    CallPartner,
    ClaimMisdeal,
    Concede,
    DeclareDix,
    DeclareMeld,
    DraftCard,
    KeepHand,
    NameTrump,
    NoMeld,
    PassBid,
    PassCards,
    Phase,
    Play,
    PlayOn,
    Suit,
    TakeStock,
)

from .controller import Controller, Decision
from .render import SUIT_NAMES, Style, and_list, blind_word, choice_name, mean_points, shown_points

THROWN_IN = (
    "The expert would have thrown this hand in: the contract was lost either way, so the cards' figures"
    " are points kept from the others, not the contract."
)
"""The review's line, after the cards, where the bidder's side played on a hand the expert
would have thrown in (`Review.thrown_in_sides`, RULES.md §8.3)."""

REVIEW_NODES = 40_000
"""Cards the expert plays (play-outs and the solver) to review one decision."""
REVIEW_BID_DEALS = 40
"""Deals a bid is tried over (`ExpertBot.bid_odds`)."""
NOISE = 2.0
"""A card whose mean is below the best by no more than this many standard errors of the
difference (over the same deals) is "about as good" as the expert's: the margin the
hint's figures are given with ("± 18": half the 95% interval of the difference,
`bots.expert.Analysis._margin`), by which it calls two cards "too close to tell apart";
the review said it by one standard error, the hint by two."""
EVEN = 5
"""A card below the expert's by less than this (x10 points: half a counter) is "within the
noise" too, however small the standard error: the difference shows as +0
("trick 6: you played 9♣, expert: 9♦ (+0 on average over 295 deals)" was
counted as a card that cost points); the hint's floor too (`bots.expert.NOISE_FLOOR`, a
test checks the two agree)."""

NO_REVIEW = "No review: the expert, which weighs the decisions, is not installed here."
NO_DECISION = "No decision of yours to review this hand."
NO_PERSON = "No review: no person plays at this table (it weighs a person's decisions)."


def about(variant: Any) -> str:
    """The review's footer, short and plain: how the expert judges a choice and what its
    figures and its two verdicts mean (`bots.expert.verdict`), in ``variant``'s terms (the
    side's points where there are partners, the player's where each scores alone:
    five-hand's called partner plays beside the bidder, but every player scores for
    itself).  The margins behind "about as good" (`NOISE` standard errors of the gap, or
    under `EVEN`) are the hint's, whose figures line prints them ("± 18")."""
    alone = variant.n_sides == variant.players
    whose = "you" if alone else "your side"
    text = (
        "How the expert judges: it plays each choice out over many deals of the cards you could not see, dealt to"
        f" fit what you saw. A figure is the points {whose} would make this hand less the others', on average over"
        ' those deals. "Clearly better": the deals tell the two choices apart; "about as good": they cannot, or the'
        " two differ too little to matter."
    )
    if variant.has_auction:
        return text + " A bid is tried over deals played on by the standard bot."
    return text + " Once the two-hand stock is out every card is known and weighed exactly."


@dataclass(frozen=True)
class Reviewed:
    """One decision reviewed: ``expert`` the expert's choice (None: not reviewed, ``note``
    says why); for a card, ``better`` how many points (x10) the expert's card is better
    on average than the card played, over ``deals`` deals (0: every legal card as good as
    another); for a bid or a pass, ``odds`` the `BidOdds` of the human's bid and of the
    expert's (None where there is no bid or no deal replayed; where both passed, the
    first is the lowest bid passed up, which says why)."""

    decision: Decision
    expert: Any
    better: float | None = None
    deals: int = 0
    # the standard error of ``better`` over those deals (the same deals for both cards)
    error: float = 0.0
    odds: tuple[Any, Any] = (None, None)
    note: str = ""
    # a decision the expert leaves to the standard bot: the words that say so (`standard_words`)
    standard: str = ""
    # why the expert's trump or burial, where it is not the player's (`trump_why`, `burial_why`)
    why: str = ""
    # a move made against the hint that scores more than the hint's by its own numbers
    # (x10, over ``deals``): the hint kept the standard bot's move there, the better mean
    # within the noise (`bots.expert.ExpertBot._chosen`); 0 otherwise
    lead: float = 0.0


def reviewable(ctrl: Controller) -> bool:
    """Whether the expert reviews this game's hands: any form, with the expert installed
    (`variant_reviewable`) and a person at the table (a game of bots alone, watched, has
    no one's decisions to review: `NO_PERSON`)."""
    return variant_reviewable(ctrl.variant) and bool(ctrl.human_seats)


def variant_reviewable(variant: Any) -> bool:
    """`reviewable` of the form ``variant`` (`Variant`): every form, the stock game and
    the draft too (the expert searches their decisions), where the expert is installed."""
    import bots

    return "expert" in bots.LEVELS


def review_bot(nodes: int = REVIEW_NODES) -> Any:
    """The review's expert: a node budget and no clock (the same review every time); it
    searches on the worker pool once that is up, leaving the app a core."""
    from bots.expert import ExpertBot

    return ExpertBot(think=None, nodes=nodes, leave_cores=1)


POOL_WAIT = 8.0
"""Seconds a review waits for the expert's worker pool to come up before it searches in
the app's own process instead (`wait_for_pool`)."""


def wait_for_pool(seconds: float = POOL_WAIT, stop: Callable[[], bool] = lambda: False) -> bool:
    """Start the expert's worker pool as the app's bots use it (`bots.expert.start_pool`,
    `leave_cores` 1) and wait, at most ``seconds`` and while ``stop()`` is false, until it
    is up; whether it is.  Searched in the app's process, a review held the interpreter
    from the keys: while the pool started, one key press waited 384, 612 and 796 ms in
    three runs, against 73 to 108 ms p50 (170 ms the most) with the pool up and 62 to 66
    ms once the review was done (bench/review_bench.py, load about 4 on 2 cores)."""
    try:
        from bots.expert import WORKER_NICE, start_pool
        from bots.search.pool import ready_pool

        start_pool(leave_cores=1)
        give_up = time.monotonic() + seconds
        while ready_pool(None, WORKER_NICE) is None:
            if stop() or time.monotonic() >= give_up:
                return False
            time.sleep(0.05)
    except Exception:  # no pool here: the review searches in the app's process
        return False
    return True


def review_decision(bot: Any, d: Decision, bid_deals: int = REVIEW_BID_DEALS, who: str = "you") -> Reviewed:
    """``d`` reviewed by ``bot`` (`review_bot`): see the module; a sure trick thrown under
    another side's trick called a mistake whatever the means say (`thrown_away`).  ``who``
    made it ("you", or the person's name in hot-seat), as the why of a trump, a pass or a
    burial names them (`trump_why`, `pass_why`, `burial_why`)."""
    return thrown_away(_review_decision(bot, d, bid_deals, who))


def thrown_away(r: Reviewed) -> Reviewed:
    """``r`` with a card played that threw away a sure later trick called a mistake: a trump
    that nothing still out can head once this trick is done, played under another side's
    trick that it does not take, where a lower trump with no more points in the hand loses
    the trick as well (`bots.expert._thrown_under`, the lower one its index; RULES.md §1.3,
    §6.2).  The expert's search values such a card at most as the lower one on every deal
    (its play-outs see every hand and misjudge it, `bots.expert._held_under`), so the two
    means are equal and the review said "as good as the expert's 9♦" of an A♦ given under
    the leader's A♦: a counter and a sure trick given away.  Such a card reviewed as the
    expert's, as good, about as good or a little better (not one the review already calls
    clearly worse, nor a move the hint said or "play for me" made) gets the lower card as
    the expert's, no figure (the means cannot measure it: ``better`` 0) and the note
    "thrown away" (`Review.line` says why, `Review.summary` counts it apart)."""
    d = r.decision
    if not isinstance(d.action, Play) or r.expert is None or r.note in ("forced", "exact", "hint"):
        return r
    if r.better and r.better > 0 and not within_noise(r):
        return r  # (already a mistake, by its figure)
    from bots.expert import _thrown_under

    plays = [a for a in d.legal if isinstance(a, Play)]
    if d.action not in plays:
        return r
    below = _thrown_under([int(a.card) for a in plays], d.view)
    lower = below[plays.index(d.action)]
    if lower < 0:
        return r
    return Reviewed(d, plays[lower], 0.0, r.deals, note="thrown away")


def _review_decision(bot: Any, d: Decision, bid_deals: int, who: str) -> Reviewed:
    """`review_decision` before `thrown_away`."""
    legal = list(d.legal)
    if isinstance(d.action, Play):  # a late misdeal claim offered beside the cards (§5.8) is no card to weigh
        legal = [a for a in legal if isinstance(a, Play)]
    if len(legal) == 1:
        return Reviewed(d, legal[0], note="forced")
    view = d.view
    # the search the expert makes here ("cards", "choice": the stock game's or the draft's;
    # None: none of its own), so the review weighs what it would have weighed
    kind = bot.search_kind(view, legal) if d.action in legal else None
    # made as the expert's hint said, by its search then; a move its hint searched no deal
    # for (every legal card alike, or no search came back) is reviewed as any other, so its
    # line says why it has no count or gives the review's
    if d.hinted is not None and d.hinted == d.action and (d.hint_deals > 0 or kind is None):
        return Reviewed(d, d.action, 0.0, d.hint_deals, note="hint")
    made = d.auto_search
    if made is not None and made.deals > 0 and made.nodes >= (bot.nodes or 0):
        # made by "play for me" on the expert's own search or simulation, at least the review's
        # budget: that search's count, not another search that could say the move was not
        # the expert's (a card's line counts its deals; another move's says only "same as
        # the expert", as a hint's does)
        if kind is not None and d.action in made.actions:
            return Reviewed(d, d.action, 0.0, made.deals)
        if kind is None and not isinstance(d.action, Play):
            return Reviewed(d, d.action, note="auto")
    rng = random.Random(d.seed)
    exact = bot.phase_two_scores(view, legal) if d.action in legal else None
    if exact is not None:  # two-hand once the stock is out: nothing hidden, every card solved
        top = max(exact)
        if min(exact) == top:
            return Reviewed(d, d.action, 0.0, 0)
        mine = exact[legal.index(d.action)]
        best = d.action if mine == top else legal[exact.index(top)]
        return Reviewed(d, best, float(top - mine), note="exact")
    if kind is not None:
        hinted = d.hint_analysis
        shown = hinted is not None and hinted.deals > 0 and d.action in hinted.actions
        if shown and d.hinted != d.action and d.hinted in hinted.actions:
            # a move made against the hint shown here: the hint's own search and numbers
            # (searched again on fewer deals, the review could call the move the expert's
            # own), and the hint's move as the expert's, not the search's best mean: the
            # hint keeps standard's move within the noise (`ExpertBot._chosen`), so the
            # move made may have the better mean there ("same as the expert" beside the
            # hint that said otherwise); a move at least as good is "as good as" it
            moves = list(hinted.actions)
            played, best = moves.index(d.action), moves.index(d.hinted)
            gap = hinted.means[best] - hinted.means[played]
            # the standard error of the difference, as the hint judged "within the noise" by
            error = hinted.gap_error(best, played) if gap >= 0 else hinted.gap_error(played, best)
            # a move with the better mean: the hint's is not the best mean, so it is the
            # standard bot's kept within the noise (`ExpertBot._chosen`), and the line says
            # so ("as good as the expert's J♥" beside a footer calling the expert's choice
            # the one its search rates best was not true of it)
            return Reviewed(d, d.hinted, max(0.0, gap), hinted.deals, error, lead=max(0.0, -gap))
        if shown:  # the hint's move not among those it searched: its numbers, its best mean
            an, moves = hinted, list(hinted.actions)
        else:
            search = bot.analyse if kind == "cards" else bot.analyse_choice
            try:
                an, moves = search(view, legal, rng, prefer=d.action), legal
            except ValueError:  # no deal fits what the seat saw (a view out of the ordinary)
                return Reviewed(d, None, note="no deal fits what you saw")
        return _by_means(d, an, moves)
    # a hint asked here and not followed: the hint's choice (another search of the review's
    # own, on other deals, could say "same as the expert" beside the hint that said otherwise)
    against = d.hinted is not None and d.hinted in legal
    expert = d.hinted if against else bot.act(view, legal, rng)
    note = "against the hint" if against else ""
    # a decision the expert leaves to the standard bot (no search of its own: the draft's
    # auction, the throw-in, ...) says so, not as if the expert had weighed it
    standard = "" if against or not getattr(bot, "standard_move", None) else standard_words(view, legal)
    hinted = d.hint_analysis
    if (
        against
        and isinstance(d.action, (PassCards, Bury, PlayOn, Concede))
        and hinted is not None
        and d.action in hinted.actions
        and d.hinted in hinted.actions
    ):
        # a pass, a burial or a throw-in made against the hint: what it cost by the hint's own
        # numbers, as a card's (its sets tried over deals, `panels.passing.sets_analysis`; the
        # throw-in as the standard bot's rule weighed it, no deal, `bots.expert.throw_in_weighed`)
        moves = list(hinted.actions)
        played, best = moves.index(d.action), moves.index(d.hinted)
        gap = hinted.means[best] - hinted.means[played]
        error = hinted.gap_error(best, played) if gap >= 0 else hinted.gap_error(played, best)
        why = ""
        if isinstance(d.action, Bury):
            why = burial_why(view, d.action, d.hinted, who)
        elif isinstance(d.action, PassCards):
            why = pass_why(view, d.action, d.hinted, who)
        return Reviewed(
            d, d.hinted, max(0.0, gap), hinted.deals, error, note="against the hint", why=why, lead=max(0.0, -gap)
        )
    if view.phase is Phase.AUCTION and isinstance(d.action, (Bid, PassBid)):
        shown = d.hint_odds if against else None
        if shown is not None and shown.pass_value is not None and {d.action, expert} == {shown.bid, PassBid()}:
            # the hint's own numbers: its bid and the pass on the same deals, as it said them
            return Reviewed(d, expert, odds=(None, shown) if d.action == PassBid() else (shown, None), note=note)
        odds = []
        for bid in (d.action, expert):
            if isinstance(bid, Bid):  # both bids on the same deals
                odds.append(bot.bid_odds(view, bid, random.Random(d.seed + "/odds"), deals=bid_deals))
            else:
                odds.append(None)
        lowest = next((a for a in legal if isinstance(a, Bid)), None)
        if d.action == expert == PassBid() and lowest is not None:  # why the expert passes too
            odds[0] = bot.bid_odds(view, lowest, random.Random(d.seed + "/odds"), deals=bid_deals)
        return Reviewed(d, expert, odds=(odds[0], odds[1]), note=note, standard=standard)
    why = ""
    if expert != d.action and isinstance(d.action, NameTrump) and isinstance(expert, NameTrump):
        # (its suits tried over deals: the hint's, where its choice is the expert's, else
        # this search's where it named trump; "♠ gives you 3 trump and meld 140, ♥ 4 trump
        # and meld 160" alone read as a case for the player's suit)
        tried = d.hint_analysis if against else getattr(bot, "last_trump", None)
        why = trump_why(view, d.action, expert, tried, who)
    elif expert != d.action and isinstance(d.action, Bury) and isinstance(expert, Bury):
        why = burial_why(view, d.action, expert, who)
    elif expert != d.action and isinstance(d.action, PassCards) and isinstance(expert, PassCards):
        why = pass_why(view, d.action, expert, who)
    return Reviewed(d, expert, note=note, standard=standard, why=why)


def search_made_by(bot: Any, action: Any) -> Any:
    """The expert's search ``bot`` (the one "play for me" asked) just made ``action`` by,
    for `Decision.auto_search`: its search of the move (`bots.expert.Analysis`: a card,
    the stock game's or the draft's choice) or its simulation's trial of it
    (`bots.expert_bidding.Trial`: a bid, trump, the pass, the burial); None where it
    searched nothing of its own (a forced move, a decision left to the standard bot, no
    deal searched; another bot)."""
    why = getattr(bot, "last", None)
    if why is not None:
        return why if why.deals > 0 and action in why.actions else None
    if getattr(bot, "standard_move", None):
        return None
    trial = getattr(getattr(bot, "decisions", None), "last", None)
    return trial if trial is not None and trial.deals > 0 else None


def _by_means(d: Decision, an: Any, moves: list[Any]) -> Reviewed:
    """``d`` reviewed by the search ``an`` of ``moves`` (`bots.expert.Analysis`): the
    expert's the move of the best mean, and the move made's shortfall from it."""
    if not an.deals:
        return Reviewed(d, d.action, 0.0, 0)
    played = moves.index(d.action)
    mine = an.means[played]
    top = max(an.means)
    if mine >= top - 1e-9:
        return Reviewed(d, d.action, 0.0, an.deals)
    best = an.means.index(top)
    # the standard error of the difference, as the hint judges "within the noise" by
    # (`Analysis.within_noise`: the hint's errors are against the standard bot's move)
    return Reviewed(d, moves[best], top - mine, an.deals, an.gap_error(best, played))


def standard_words(view: Any, legal: list[Any]) -> str:
    """A decision the expert leaves to the standard bot, in the hint's words ("the expert
    bids or passes as the standard bot does": `bots.expert.standard_note`)."""
    from bots.expert import standard_note, standard_what

    return standard_note(standard_what(view, legal), "")


class Review:
    """The review of the hand ``ctrl`` has just played (see the module), worked through
    by `step` (safe to call from one worker thread while the app reads `lines`)."""

    def __init__(
        self, ctrl: Controller, nodes: int | None = None, bid_deals: int | None = None, bot: Any = None
    ) -> None:
        """``nodes``, ``bid_deals``: the budget (default `REVIEW_NODES`, `REVIEW_BID_DEALS`);
        ``bot``: the expert that reviews (default `review_bot`, made at the first step)."""
        self._setup(ctrl.variant, [s.name for s in ctrl.seats], ctrl.human_seats, ctrl.hand_no, nodes, bid_deals, bot)
        self.decisions = ctrl.decisions() if self.supported else []
        if self.supported and ctrl.round.phase is Phase.DONE:
            self.contract_line = contract_line(ctrl.round, self.names, self.humans)
            self.thrown_in_line = thrown_in_line(self.variant, ctrl.round.result, self.names, self.humans)

    @classmethod
    def of_seat(
        cls,
        variant: Any,
        names: list[str],
        seat: int,
        hand_no: int,
        decisions: list[Decision],
        nodes: int | None = None,
        bid_deals: int | None = None,
        bot: Any = None,
        away: list[Decision] | None = None,
    ) -> Review:
        """The review of one seat's ``decisions`` in hand ``hand_no`` (a seat at a table
        another pinochle hosts: the views it was sent and the actions the host took from
        it; it has no controller).  ``names``: every seat's; ``away``: the moves a bot made
        for the seat while its person was away, not reviewed but said where they were
        ("tricks 6–7: a bot played for you while you were away", `away_line`)."""
        review = cls.__new__(cls)
        review._setup(variant, names, [seat], hand_no, nodes, bid_deals, bot)
        review.decisions = list(decisions) if review.supported else []
        review.away = list(away or []) if review.supported else []
        return review

    def _setup(
        self, variant: Any, names: list[str], humans: list[int], hand_no: int, nodes: Any, bid_deals: Any, bot: Any
    ) -> None:
        self.variant = variant
        self.names = names
        self.humans = humans
        self.hand_no = hand_no
        self.supported = variant_reviewable(variant)
        self.decisions = []
        self.away: list[Decision] = []  # a bot's moves for a person away (`of_seat`)
        self.nodes = REVIEW_NODES if nodes is None else nodes
        self.bid_deals = REVIEW_BID_DEALS if bid_deals is None else bid_deals
        self.done: list[Reviewed] = []
        self._bot: Any = bot
        self._stop = threading.Event()
        # one step at a time: a worker stopped mid-search (`cancel`) goes on with the next
        # one's after `resume`, never reviewing the same decision twice
        self._stepping = threading.Lock()
        # a contract set: from which trick it could no longer be made (`contract_line`); ""
        # when it was made, thrown in, or the hand is not known here (a seat at a hosted table)
        self.contract_line = ""
        # a hand thrown in: who threw it in, at what contract, and what it cost (`thrown_in_line`)
        self.thrown_in_line = ""

    @property
    def total(self) -> int:
        return len(self.decisions)

    @property
    def finished(self) -> bool:
        return len(self.done) >= len(self.decisions)

    def cancel(self) -> None:
        """Stop before the next decision (the hand result was closed)."""
        self._stop.set()

    def resume(self) -> None:
        """Go on after `cancel` (the review opened again from the next hand)."""
        self._stop.clear()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def step(self) -> bool:
        """Review the next decision; False when none is left (or the review was cancelled)."""
        with self._stepping:
            if self.finished or self.cancelled:
                return False
            if self._bot is None:
                self._bot = review_bot(self.nodes)
            d = self.decisions[len(self.done)]
            who = self.names[d.seat] if len(self.humans) > 1 else "you"  # (as `lines` names them)
            try:
                r = review_decision(self._bot, d, self.bid_deals, who)
            except Exception as exc:  # a bot bug must not end the review, nor the game
                r = Reviewed(d, None, note=f"not reviewed ({type(exc).__name__})")
            self.done.append(r)
            return True

    def run(self) -> None:
        """Every decision left (until cancelled)."""
        while self.step():
            pass

    # ------------------------------------------------------------------ text
    def lines(self) -> list[str]:
        """The review as lines: per human (by name in hot-seat) each decision reviewed so
        far, then how far the review has got while it works."""
        if not self.supported:
            return [NO_REVIEW]
        # a hand thrown in says so first: its bids and passes alone read as a hand played
        top = [self.thrown_in_line] if self.thrown_in_line else []
        if not self.decisions:
            return [*top, NO_DECISION if len(self.humans) < 2 else "No decision of a player to review this hand."]
        done = list(self.done)  # the worker appends meanwhile
        out: list[str] = list(top)
        several = len(self.humans) > 1
        for seat in self.humans:
            mine = [r for r in done if r.decision.seat == seat]
            if several and any(d.seat == seat for d in self.decisions):
                out += ["", f"{self.names[seat]}:"] if out else [f"{self.names[seat]}:"]
            who = self.names[seat] if several else "you"
            placed = [(r.decision.index, self.line(r, who)) for r in mine]
            out += [text for _k, text in sorted(placed + self.away_lines(seat, who), key=lambda p: p[0])]
            if self.finished and self.summary(seat, several):
                out.append(self.summary(seat, several))
        if self.contract_line:
            out.append(self.contract_line)
        if self.thrown_in_sides():  # once, with the hand's outcome: it is about every card's figure
            out.append(THROWN_IN)
        if not self.finished:
            out.append(f"reviewing… {len(done)} of {self.total}")
        return out

    def away_lines(self, seat: int, who: str = "you") -> list[tuple[int, str]]:
        """Where a bot played for ``seat`` while its person was away (`of_seat`'s ``away``),
        one line a stretch of such moves with no decision of the person's between, by the
        place of its first move; a stretch before a decision not reviewed yet waits for it."""
        own = sorted(d.index for d in self.decisions if d.seat == seat)
        reviewed = {r.decision.index for r in self.done}
        runs: list[list[Decision]] = []
        for d in sorted((d for d in self.away if d.seat == seat), key=lambda d: d.index):
            if runs and not any(runs[-1][-1].index < k < d.index for k in own):
                runs[-1].append(d)
            else:
                runs.append([d])
        out = []
        for run in runs:
            before = [k for k in own if k < run[0].index]
            if all(k in reviewed for k in before):
                out.append((run[0].index, away_line(run, who)))
        return out

    def summary(self, seat: int, named: bool = False) -> str:
        """The cards of ``seat`` in one line ("" when it had no choice of a card): how many
        were the expert's choice, and how far below it the others were, on average each."""
        cards = [
            r
            for r in self.done
            if r.decision.seat == seat
            and isinstance(r.decision.action, Play)
            and r.note != "forced"
            and r.expert is not None
        ]
        if not cards:
            return ""
        v = self.variant
        # a sure trick thrown away (`thrown_away`): counted apart, with no figure (the
        # search's means do not measure it), never as the expert's or as good
        weighed = [r for r in cards if r.note != "thrown away"]
        thrown = len(cards) - len(weighed)
        off = [r for r in weighed if r.better and not within_noise(r)]
        # a card that scored more than the one the expert kept (its hint kept the standard
        # bot's card within the noise, `Reviewed.lead`): counted apart, not "as good"
        ahead = sum(1 for r in weighed if _ahead(v, r))
        even = sum(1 for r in weighed if shows_even(v, r) and not _ahead(v, r))
        near = sum(1 for r in weighed if r.better and within_noise(r) and not shows_even(v, r))
        whose = f"{self.names[seat]}'s" if named else "Your"
        same = len(weighed) - len(off) - near - even - ahead
        # each kind counted apart, the first "of" all of them: "5 of 12 as the expert's, 1 as
        # good, 1 about as good"; "1 of 1 as good as the expert's"
        kinds = [
            (same, "as the expert's"),
            (even, "as good"),
            (ahead, "a little better than the expert's"),
            (near, "about as good"),
            (thrown, "threw away a sure trick" if thrown == 1 else "threw away sure tricks"),
        ]
        kinds = [(n, w) for n, w in kinds if n] or [(0, "as the expert's")]
        if kinds[0][1] == "as good":
            kinds[0] = (even, "as good as the expert's")
        head = f"{whose} cards: " + ", ".join(
            f"{n} of {len(cards)} {w}" if i == 0 else f"{n} {w}" for i, (n, w) in enumerate(kinds)
        )
        head += " (forced ones aside)"
        if not off:
            return head + "."
        # each card's figure, then their mean a card, not a sum: each figure is the expected
        # difference from its own position, and added up they could exceed the hand
        # (cutthroat's "the other 8 cost 42 points on average in all", a hand of 25 trick
        # points); "each worth 4" read as every card alike where they were 6, 4, 2 and 6
        each = [_gap(self.variant, r.better or 0.0) for r in off]
        cost = each[0] + (" point" if each[0] == "1" else " points")
        whom = for_whom(self.variant, self.names[seat] if named else "you")
        if len(off) == 1:
            return (
                f"{head}; the other one would have scored {cost} more for {whom} this hand on average with the"
                " expert's card."
            )
        if len(set(each)) == 1:  # (every one alike: "each" is true)
            return (
                f"{head}; the other {len(off)} would each have scored {cost} more for {whom} this hand on average"
                " with the expert's cards."
            )
        # the mean of the figures shown, not of the unrounded gaps ("2, 2 and 4 ... (2 a card
        # on average)" read as a sum gone wrong); "about" where it falls between the game's points
        shown = [_shown_gap(self.variant, r.better or 0.0) for r in off]
        mean = sum(shown) / len(shown)
        about = "" if mean == shown_points(self.variant, mean) else "about "
        return (
            f"{head}; the other {len(off)} would have scored {and_list(each)} points more for {whom} this hand"
            f" with the expert's cards ({about}{mean_points(self.variant, mean)} a card on average)."
        )

    def thrown_in_sides(self) -> set[int]:
        """The sides that played on a hand the expert would have thrown in (§8.3): a
        throw-in decision reviewed so far where the human played on and the expert
        threw in."""
        side_of = self.variant.side_of
        return {
            side_of[r.decision.seat]
            for r in self.done
            if isinstance(r.decision.action, PlayOn) and isinstance(r.expert, Concede)
        }

    def _cost(self, r: Reviewed, who: str) -> str:
        """What a pass, a burial or a throw-in made against the hint cost (`Reviewed.better`,
        by the hint's own numbers), in a card line's words: "would have scored 12 more for your
        side this hand, on average over 9 deals: clearly better"; "as good (9 deals)" where the
        gap shows as none; the move made ahead, the hint's kept within the noise ("your set
        scores 4 more on average over 9 deals, but the deals can't tell them apart, so the
        expert kept the standard bot's set"); about as good, its margin said as "give or
        take" ("would have scored 12 more ..., on average over 9 deals, give or take 30:
        about as good, as the deals can't tell them apart"); the throw-in by the standard
        bot's reckoning (no deal)."""
        from bots.expert import APART, verdict

        v = self.variant
        whom = for_whom(v, who)
        if not r.deals:  # the throw-in: the standard bot's reckoning, as its hint said it
            if not r.better:
                return "by the standard bot's reckoning, as good"
            return f"would have scored {_gap(v, r.better)} more for {whom} this hand by the standard bot's reckoning"
        deals = f"{r.deals} deal{'s' if r.deals != 1 else ''}"
        if _ahead(v, r):
            kept = "set" if isinstance(r.decision.action, (PassCards, Bury)) else "choice"
            return (
                f"{possessive(who)} {kept} scores {_gap(v, r.lead)} more on average over {deals}, but {APART}, so"
                f" the expert kept the standard bot's {kept}"
            )
        if not r.better or shows_even(v, r):
            return f"as good, {deals}"
        margin = _give_or_take(v, r.error) if within_noise(r) and not by_floor(r) else ""
        said = verdict(within_noise(r), by_floor(r))
        more = f"would have scored {_gap(v, r.better)} more for {whom} this hand"
        return f"{more}, on average over {deals}{margin}: {said}"

    def line(self, r: Reviewed, who: str = "you") -> str:
        """One decision in words (``who`` made it: "you", or a name in hot-seat).  A move
        "play for me" made (`Decision.auto`) is said to be made for ``who`` ("trick 3:
        played 10♥ for you", "auction: bid 270 for you"): the person did not choose it."""
        from bots.expert import APART, CLEARLY, NEAR, SMALL

        d = r.decision
        v = self.variant
        action = d.action
        if isinstance(action, Play):
            did, where = f"played {Style.card(action.card)}", f"trick {len(d.view.tricks) + 1}"
        else:
            did, where = _did(action, v, d.view), _phase_word(action)
        head = f"{where}: " + (f"{did} for {who}" if d.auto else f"{who} {did}")
        # (the stock game's meld, dix, pick; the draft's: weighed as a card is)
        weighed = r.better is not None and r.note not in ("hint", "against the hint")
        if isinstance(action, Play) or weighed:
            if r.note == "forced":
                return f"{head}, the only legal card"
            if r.note == "exact":  # two-hand once the stock is out
                return _exact_line(v, r, head, who)
            if r.note == "hint":
                return f"{head}, as the expert's hint said" + (f" ({r.deals} deals)" if r.deals else "")
            if r.expert is None:
                return f"{head} ({r.note})"
            if not r.deals:
                return f"{head}; every legal card was as good as another"
            deals = f"{r.deals} deal{'s' if r.deals != 1 else ''}"
            if r.note == "thrown away":
                return f"{head}, expert: {_named(r.expert, d.view)} ({thrown_why(v, action, r.expert, who)})"
            if r.expert == action:
                return f"{head}, same as the expert ({deals})"
            if _ahead(v, r):  # better than the card the expert kept
                mine = _named(action, d.view)
                return (
                    f"{head}, expert: {_named(r.expert, d.view)} ({mine} scores {_gap(v, r.lead)} more on average over"
                    f" {deals}, but {APART}, so the expert kept the standard bot's"
                    f" {'card' if isinstance(action, Play) else 'choice'})"
                )
            if shows_even(v, r):  # ("+0 …": no difference to tell)
                return f"{head}, as good as the expert's {_named(r.expert, d.view)} ({deals})"
            better = _gap(v, r.better or 0.0)
            expert = _named(r.expert, d.view)
            # this hand's score for the player's side, not its trick points (a card that
            # makes or sets the contract swings the contract's value too, more than the
            # tricks hold), and not the game's score ("+22 to the hand's score" was read as
            # 22 onto the player's own running score)
            score = f"would have scored {better} more for {for_whom(v, who)} this hand, on average over {deals}"
            if within_noise(r):
                # in plain words first, the figures after for who wants them (the hint's
                # words for the same gap, `Analysis.advice`): "within the noise, as 83 is
                # inside the ± 108 these deals leave" was a statistician's sentence
                why, margin = (SMALL, "") if by_floor(r) else (APART, _give_or_take(v, r.error))
                if isinstance(action, Play):
                    return f"{head}, {NEAR} as the expert's {expert}: {why} ({expert} {score}{margin})"
                # (the stock game's and the draft's choices: "the expert's keep it" read as no English)
                return f"{head}, {NEAR} as the expert's choice, {expert}: {why} (its choice {score}{margin})"
            return f"{head}, expert: {expert} ({score}: {CLEARLY})"
        if r.expert is None:
            return f"{head} ({r.note})"
        if r.note == "forced":
            return f"{head}, the only choice"
        if r.note == "hint":
            return f"{head}, as the expert's hint said" + (f" ({r.deals} deals)" if r.deals else "")
        text = f"{head}, same as the expert" if r.expert == action else f"{head}, expert: {_choice(r.expert, v)}"
        if r.note == "against the hint":
            text += ", as its hint here said"
            if r.better is not None:  # a pass, a burial or a throw-in: what it cost by the hint's numbers
                text += f" ({self._cost(r, who)})"
        # a bid or a pass: what it cost against the expert's on the same deals, in a card
        # line's words, with the note of a decision left to the standard bot
        cost = [r.standard] if r.standard else []
        cost += [c for c in (_bid_cost(action, r, v, who),) if c]
        if cost:
            text += f" ({'; '.join(cost)})"
        if r.why:
            text += f": {r.why}"
        # who takes the contract: the human's side, or the human where each plays for themself
        alone = v.n_sides == v.players
        taker = who if alone else ("your side" if who == "you" else f"{who}'s side")

        def chances(bid: Any, odds: Any) -> str:
            # the bid tried over deals of the cards the seat did not see ("takes the
            # contract in 15% of 40 deals", after another seat won the auction at that
            # very bid, read as a count of this deal's outcomes)
            deals = f"{odds.deals} trial deal{'s' if odds.deals != 1 else ''}"
            if not odds.taken:
                return f"bidding {v.fmt(bid.amount)}, another side would win the auction in all {deals}"
            return (
                f"bidding {v.fmt(bid.amount)}, {taker} would win the auction in {odds.taken / odds.deals:.0%}"
                f" of {deals} and make the contract in {odds.made / odds.taken:.0%} of those"
            )

        said = []
        for i, (bid, odds) in enumerate(zip((action, r.expert), r.odds, strict=True)):
            if not isinstance(bid, Bid) or odds is None or (i and bid == action) or odds.own:
                continue  # (the same bid twice is said once; the limit's own means count no chance)
            said.append(chances(bid, odds))
        if isinstance(action, PassBid) and r.expert == action and r.odds[0] is not None and not r.odds[0].own:
            # a pass the expert makes too: why, by the lowest bid passed up
            said.append(f"the expert passes: {chances(r.odds[0].bid, r.odds[0])}")
        return f"{text}; " + "; ".join(said) if said else text


def thrown_why(v: Any, mine: Play, lower: Play, who: str = "you") -> str:
    """Why a card `thrown_away` gave up a sure trick, in the card line's voice (``who``
    played ``mine``; ``lower`` the lower trump that loses the trick as well): "your A♦
    would have won a later trick for sure and gives its points away here; the 9♦ loses
    the same trick and keeps it" (its points said where it holds more than the lower
    card, `Variant.card_points`)."""
    card = Style.card(mine.card)
    points = v.card_points[int(mine.card)] > v.card_points[int(lower.card)]
    gives = " and gives its points away here" if points else ""
    return (
        f"{possessive(who)} {card} would have won a later trick for sure{gives}; the {Style.card(lower.card)}"
        " loses the same trick and keeps it"
    )


def thrown_note(view: Any, legal: list[Any], action: Any) -> str:
    """The card hint's note where another legal card would throw away a sure later trick
    (`thrown_away`'s cards: a trump nothing out can head, under another side's trick it
    does not take, beside a lower one that loses it as well): the search holds such a
    card no higher than the lower one, so the hint's words call it "as good as" the card
    advised, which read as leave to play it ("play 9♦ · as good as A♦ ..." beside A♦ under
    the leader's A♦).  "A♦ would throw away a trick it wins later for sure"; "" where no
    legal card is one, or ``action`` is no card."""
    from bots.expert import _thrown_under

    if not isinstance(action, Play):
        return ""
    plays = [a for a in legal if isinstance(a, Play)]
    below = _thrown_under([int(a.card) for a in plays], view)
    cards = [Style.card(a.card) for a, j in zip(plays, below, strict=True) if j >= 0 and a != action]
    if not cards:
        return ""
    names = and_list(list(dict.fromkeys(cards)))
    return f"{names} would throw away a trick {'it wins' if len(set(cards)) == 1 else 'each wins'} later for sure"


def trump_why(view: Any, mine: NameTrump, expert: NameTrump, tried: Any = None, who: str = "you") -> str:
    """Why the expert names ``expert`` where the player named ``mine`` (RULES.md §4.1:
    trump counts for the meld and takes the tricks), in the card line's voice: each suit's
    length and the meld it gives the hand in ``view`` (the bidder's, the widow or the
    pass taken in where it was), then, where the expert tried both over deals (``tried``:
    its `bots.expert.Analysis` of the suits), how much more its suit scores and how sure
    that is (`bots.expert.verdict`): "♦ gives you 5 trump and meld 60, ♥ 4 trump and meld
    50; ♦ scores 30 more for your side this hand on average over 40 deals: clearly better".
    ``who`` named the suit ("you", or a name in hot-seat: "♦ gives Ann ...", "for Ann's side")."""
    from rules import score_meld

    v = view.variant
    hand = [int(c) for c in view.hand]

    def facts(a: NameTrump) -> str:
        t = _suit_index(a)
        return f"{sum(c // 6 == t for c in hand)} trump and meld {v.fmt(score_meld(hand, t, v).total)}"

    text = f"{_suit(expert)} gives {who} {facts(expert)}, {_suit(mine)} {facts(mine)}"
    if tried is None or expert not in tried.actions or mine not in tried.actions:
        return text
    k, i = tried.actions.index(expert), tried.actions.index(mine)
    gap = tried.means[k] - tried.means[i]
    if gap <= 0 or _gap(v, gap) == _gap(v, 0.0):
        return text
    from bots.expert import verdict

    sure = verdict(tried.within_noise(k, i), not tried.within_margin(k, i))
    more = f"{_gap(v, gap)} more for {for_whom(v, who)} this hand on average over {tried.deals} deals"
    return f"{text}; {_suit(expert)} scores {more}: {sure}"


def burial_why(view: Any, mine: Bury, expert: Bury, who: str = "you") -> str:
    """Why the expert buries ``expert`` where the player buried ``mine`` (RULES.md §4.2),
    by what the two sets do differently, in the card line's voice: the counters each
    buries where that favours the expert's (buried counters count for the bidder where
    ``kitty_discards_count_for_bidder``, and cannot then be lost in a trick; else for
    nobody), the trump, aces and meld the player's gives up that the expert's keeps, and
    the suits the expert's empties (a void to trump in): "it buries counters worth 20,
    yours none: buried counters count for you, the bidder, where a counter kept can be lost in
    a trick; yours gives up 1 trump" (a suit both empty tells them not apart); where none of
    these does, the cards they differ in (`differ_only`).  ``who`` buried ``mine``: "you"
    ("yours", "your meld"), or in hot-seat the person by name ("Ann's none: buried counters
    count for Ann, the bidder"), as the review line names them (`possessive`)."""
    from rules import score_meld

    v = view.variant
    t = Suit.parse(view.trump).index if view.trump is not None else 0
    hand = [int(c) for c in view.hand]
    yours_, your = owned(who), possessive(who)

    def worth(cards: list[int]) -> int:
        return sum(v.card_points[c] for c in cards)

    def breaks(cards: list[int]) -> bool:
        return score_meld(_without(hand, cards), t, v).total < score_meld(hand, t, v).total

    ours, yours = [int(c) for c in expert.cards], [int(c) for c in mine.cards]
    said = []
    a, b = worth(ours), worth(yours)
    amounts = f"it buries {f'counters worth {v.fmt(a)}' if a else 'no counter'}, {yours_} {v.fmt(b) if b else 'none'}"
    if v.kitty_discards_count_for_bidder and a > b:
        said.append(
            f"{amounts}: buried counters count for {who}, the bidder, where a counter kept can be lost in a trick"
        )
    elif not v.kitty_discards_count_for_bidder and a < b:
        said.append(f"{amounts}: buried counters count for nobody, where a counter kept can still score in a trick")
    # what yours gives up that the expert's keeps
    trump = sum(c // 6 == t for c in yours) - sum(c // 6 == t for c in ours)
    aces = sum(c // 6 != t and c % 6 == 0 for c in yours) - sum(c // 6 != t and c % 6 == 0 for c in ours)
    loses = [f"{trump} trump"] if trump > 0 else []
    loses += ["an ace" if aces == 1 else f"{aces} aces"] if aces > 0 else []
    loses += [f"some of {your} meld"] if breaks(yours) and not breaks(ours) else []
    if loses:
        said.append(f"{yours_} gives up {and_list(loses)}")
    left, kept = _without(hand, ours), _without(hand, yours)
    # the suits the expert's empties and yours does not (a suit both empty tells them not apart)
    empties = [s for s in range(4) if s != t and any(c // 6 == s for c in kept) and not any(c // 6 == s for c in left)]
    if empties:
        said.append(f"it empties {''.join(Style.suit(s) for s in empties)}, where {who} can then trump in")
    return "; ".join(said) or differ_only(yours, ours, who)


def owned(who: str) -> str:
    """``who``'s possessive standing alone, for a set named by whose it is beside the
    expert's ("it gives the bidder an ace, yours none"; in hot-seat "Ann's none"): "yours"
    for "you", else the name's possessive (`possessive` is the one before a noun)."""
    return "yours" if who == "you" else f"{who}'s"


def differ_only(yours: list[int], ours: list[int], who: str = "you") -> str:
    """Where no reason tells two sets apart (passed or buried), the cards they differ in, so
    the line points at them: "the sets differ only in 10♠ (yours) and Q♥ (its)" ("(Ann's)"
    where Ann made the set, `owned`)."""
    only_yours, only_ours = list(yours), list(ours)
    for c in list(only_yours):
        if c in only_ours:
            only_yours.remove(c)
            only_ours.remove(c)
    if not only_yours:
        return ""
    return f"the sets differ only in {Style.cards(only_yours)} ({owned(who)}) and {Style.cards(only_ours)} (its)"


def pass_why(view: Any, mine: PassCards, expert: PassCards, who: str = "you") -> str:
    """Why the expert passes ``expert`` where the player passed ``mine`` (RULES.md §4.1),
    in the burial line's voice (`burial_why`), from ``view`` (the passer's).  To the
    bidder: the trump and aces each gives the bidder, who plays the hand with them ("it
    gives the bidder 2 trump and an ace, yours 1 trump"), and whether yours breaks your
    own meld where the expert's does not (the meld is shown after the pass, §5);
    back to the partner: the trump and aces each gives the partner, whether yours gives up
    some of the bidder's meld, and the suits the expert's empties (a void to trump in):
    "it gives the partner an ace, yours neither trump nor an ace; it empties ♣, where you
    can then trump in"; where none of these tells them apart, back to the partner or to the
    bidder, the cards they differ in (`differ_only`).  ``who`` passed ``mine``, named as
    `burial_why` names them ("Ann's 1 trump", "Ann's breaks Ann's own meld", "where Ann can
    then trump in")."""
    from rules import score_meld

    yours_, your = owned(who), possessive(who)
    v = view.variant
    t = Suit.parse(view.trump).index if view.trump is not None else 0
    hand = [int(c) for c in view.hand]
    ours, yours = [int(c) for c in expert.cards], [int(c) for c in mine.cards]

    def counted(cards: list[int]) -> tuple[int, int]:
        return sum(c // 6 == t for c in cards), sum(c // 6 != t and c % 6 == 0 for c in cards)

    def breaks(cards: list[int]) -> bool:
        return score_meld(_without(hand, cards), t, v).total < score_meld(hand, t, v).total

    def gives(n_trump: int, n_aces: int) -> str:
        parts = [f"{n_trump} trump"] if n_trump else []
        parts += ["an ace" if n_aces == 1 else f"{n_aces} aces"] if n_aces else []
        return and_list(parts) if parts else "neither trump nor an ace"

    said = []
    # the trump and aces each gives: to the bidder, who plays the hand with them; back, to
    # the partner, who may take a trick with them
    a, b = counted(ours), counted(yours)
    to = "the bidder" if view.seat != view.bidder else "the partner"
    if a != b:
        said.append(f"it gives {to} {gives(*a)}, {yours_} {gives(*b)}")
    if breaks(yours) and not breaks(ours):
        said.append(
            f"{yours_} breaks {your} own meld" if view.seat != view.bidder else f"{yours_} gives up some of {your} meld"
        )
    if view.seat != view.bidder:
        return "; ".join(said) or differ_only(yours, ours, who)
    left, kept = _without(hand, ours), _without(hand, yours)
    # the suits the expert's empties and yours does not (a suit both empty tells them not apart)
    empties = [s for s in range(4) if s != t and any(c // 6 == s for c in kept) and not any(c // 6 == s for c in left)]
    if empties:
        said.append(f"it empties {''.join(Style.suit(s) for s in empties)}, where {who} can then trump in")
    return "; ".join(said) or differ_only(yours, ours, who)


def _without(hand: list[int], cards: list[int]) -> list[int]:
    """``hand`` less one copy of each of ``cards``."""
    left = list(hand)
    for c in cards:
        left.remove(c)
    return left


EXACT = "by an exact search: every card is known once the stock is out"
"""How two-hand's cards once the stock is out are weighed (`bots.expert.PHASE_TWO_NOTE`):
the expert plays them by the standard bot's exact search, and the review by the same."""


def away_line(run: list[Decision], who: str = "you") -> str:
    """The moves of ``run`` a bot made for ``who`` while away, in one line: "tricks 6–7: a
    bot played for you while you were away", "auction, trump: a bot decided for you while
    you were away" (a card its trick, any other move its phase's word)."""
    tricks = [len(d.view.tricks) + 1 for d in run if isinstance(d.action, Play)]
    words: list[str] = []
    for d in run:
        word = _phase_word(d.action) if not isinstance(d.action, Play) else ""
        if word and word not in words:
            words.append(word)
    if tricks:
        lo, hi = min(tricks), max(tricks)
        words.append(f"trick {lo}" if lo == hi else f"tricks {lo}–{hi}")
    did = "played" if tricks else "decided"
    were = "you were" if who == "you" else f"{who} was"
    return f"{', '.join(words)}: a bot {did} for {who} while {were} away"


def _exact_line(v: Any, r: Reviewed, head: str, who: str) -> str:
    """A card of two-hand's phase 2 (`Reviewed` note "exact"): the expert's card and the
    difference, exact, not a mean over deals."""
    if r.expert == r.decision.action:
        return f"{head}, same as the expert ({EXACT})"
    better = _gap(v, r.better or 0.0)
    expert = _named(r.expert, r.decision.view)
    return f"{head}, expert: {expert} (would have scored {better} more for {for_whom(v, who)} this hand, {EXACT})"


def _named(action: Any, view: Any) -> str:
    """The expert's move in a line of the review: a card by its face, the stock game's
    and the draft's choices as the hint names them (`render.choice_name`)."""
    if isinstance(action, Play):
        return Style.card(action.card)
    return choice_name(view, action)


def possessive(who: str) -> str:
    """``who``'s possessive before a noun ("your pass", "Ann's set"): a review line names the
    move it weighs, never "yours" or "Ann's" alone ("Ann's scores 110 more" read as Ann's
    scores, plural)."""
    return "your" if who == "you" else f"{who}'s"


def for_whom(v: Any, who: str) -> str:
    """Whose score of the hand a card's figure is, for ``who`` ("you" or a name in
    hot-seat): the side's ("your side", "Ann's side") where there are partners, the
    player's own ("you", "Ann") where each scores alone, as `about` says it."""
    if v.n_sides == v.players:
        return who
    return "your side" if who == "you" else f"{who}'s side"


def thrown_in_line(v: Any, result: Any, names: list[str], humans: list[int]) -> str:
    """A hand its bidder threw in (RULES.md §8.3), in one line from its ``result``
    (`rules.HandResult`): who threw it in, at what contract, and what it cost ("East threw
    in the hand at the contract of 260 (♦ trump) before the first lead: East's side is set
    and loses 260; the others score only their meld: your side 70"); "" for any other hand.
    The one person reviewed (``humans``) is "you"; ``names``: every seat's."""
    if result is None or result.kind != "conceded" or result.bidder is None:
        return ""
    one = humans[0] if len(humans) == 1 else None

    def seat(s: int) -> str:
        return "you" if s == one else names[s]

    def side(seats: tuple[int, ...]) -> str:
        if len(seats) == 1:
            return seat(seats[0])
        if one in seats:
            return "your side"
        return f"{names[result.bidder if result.bidder in seats else seats[0]]}'s side"

    contract = v.fmt(result.contract or 0)
    if result.trump is None:  # a forced bid thrown in before its bidder saw the widow (§9.2)
        when = f" without looking at the {blind_word(v)}"
    else:
        when = f" ({Style.suit(Suit.parse(result.trump).index)} trump) before the first lead"
    head = f"{seat(result.bidder)} threw in the hand at the contract of {contract}{when}"
    head = head[0].upper() + head[1:]
    # the bidder's side, and five-hand's called partner beside the bidder (§2.12): each loses the contract
    set_ = [x for x in result.sides if x.made is False]
    if len(set_) > 1:
        cost = f"{and_list([side(x.seats) for x in set_])} are set and each loses {contract}"
    else:
        who = side(set_[0].seats)
        cost = f"{who} are set and lose {contract}" if who == "you" else f"{who} is set and loses {contract}"
    others = [x for x in result.sides if x.made is None]
    if not any(x.change for x in others):  # (a forced bid thrown in unseen: no one melded, §9.2)
        return f"{head}: {cost}; the others score nothing."
    bonus = f" and {v.fmt(v.concession_bonus)}" if v.concession_bonus else ""
    scores = ", ".join(f"{side(x.seats)} {v.fmt(x.change)}" for x in others)
    return f"{head}: {cost}; the others score only their meld{bonus}: {scores}."


def contract_line(state: Any, names: list[str], humans: list[int]) -> str:
    """A set contract in one line: from which trick the bidding side could no longer make
    it even by taking every trick left (`rules.scoring.contract_out_of_reach`, RULES.md
    §8.1, §5.7): "from trick 9 the contract of 380 was out of reach: your side could reach
    360 at most, taking every trick left"; "" when it was made or the hand was thrown in
    (``state``: the round after its last trick; ``names``: every seat's; ``humans``: the
    seats reviewed)."""
    from rules.scoring import contract_out_of_reach

    from .checks_view import could_reach, out_of_reach_words, reach_taker

    if state.variant.has_stock or len(state.tricks) != state.variant.tricks_per_hand:
        return ""  # no contract (the stock game has no auction, §2.7), thrown in (§8.3) or not played
    reach = contract_out_of_reach(state)
    if reach is None:
        return ""
    k, most = reach
    t = state.table
    v = state.variant
    taker = reach_taker(v, t.bidder, t.partner, names, humans)
    return out_of_reach_words(v, t.high_bid, could_reach(v, most, taker), k)


def _bid_cost(action: Any, r: Reviewed, v: Any, who: str) -> str:
    """What the human's bid or pass cost against the expert's, each weighed on the same
    deals (`bots.expert.BidOdds`: ``value`` of a bid, ``pass_value`` of a pass), in a card
    line's words: "would have scored 90 more for your side this hand, on average over 612
    deals: clearly better" (`bots.expert.verdict`, about as good as a card is,
    `_bids_within_noise`, its margin said as "give or take"); "as good, on average over 40
    deals" where the gap shows as none; where the human's choice has the better mean,
    that, and why the expert does not go by it ("your pass scores 110 more on average over
    10 deals, give or take 150: about as good, as the deals can't tell them apart; the
    expert bids by a cautious limit, not by this average"); "" without both means.  The
    statistical style ("passing +105, bidding 250 -5 ± 192") said the figures and left the
    reader to weigh them."""
    from bots.expert import verdict

    if r.expert == action:
        return ""
    passing = next((o.pass_value for o in r.odds if o is not None and o.pass_value is not None), None)
    mine, theirs = _mean_of(action, r, passing), _mean_of(r.expert, r, passing)
    if mine is None or theirs is None:
        return ""
    n = next(odds.deals for odds in r.odds if odds is not None)
    deals = f"on average over {n} deal{'s' if n != 1 else ''}"
    gap = theirs - mine
    # the gap of the two means as the hint prints them (+41 and -35: 76, not the 75 of the
    # means unrounded), so the reader who saw the hint's figures gets the same sum
    shown = v.fmt(abs(shown_points(v, theirs) - shown_points(v, mine)))
    if not shown.strip("0."):
        return f"as good, {deals}"
    within = _bids_within_noise(v, gap, r)
    errors = [o.error for o in r.odds if o is not None and o.error is not None]
    # about as good by the margin (`NOISE` errors of the larger bid's), or only by `EVEN`
    small = within and not (errors and abs(gap) <= NOISE * max(errors))
    if gap > 0:
        margin = _give_or_take(v, max(errors)) if within and not small else ""
        more = f"would have scored {shown} more for {for_whom(v, who)} this hand"
        return f"{more}, {deals}{margin}: {verdict(within, small)}"
    why = "the expert bids by a cautious limit, not by this average"
    head = f"{possessive(who)} {'bid' if isinstance(action, Bid) else 'pass'} scores {shown} more {deals}"
    if not within:
        return f"{head}, but {why}"
    margin = _give_or_take(v, max(errors)) if not small else ""
    return f"{head}{margin}: {verdict(True, small)}; {why}"


def _give_or_take(v: Any, error: float) -> str:
    """The margin of a gap said "about as good" (``error``: the standard error of the gap,
    x10; `NOISE` of them, the hint's "±"), in plain words after the average: ", give or
    take 120" ("would have scored 71 more ... about as good" read as a contradiction
    without it; "within the noise, as 71 is inside the ± 120 these deals leave" was a
    statistician's sentence); "" where the deals give no margin (too few to have a
    spread, or none at all)."""
    from bots.expert import margin_points

    if not math.isfinite(error) or error <= 0:
        return ""
    return f", give or take {margin_points(lambda p: v.fmt(shown_points(v, p)), NOISE * error)}"


def _bids_within_noise(v: Any, gap: float, r: Reviewed) -> bool:
    """Whether the human's choice and the expert's, bids or a pass, ``gap`` apart (x10) are
    within the noise, as a card is (`within_noise`): no more than `NOISE` standard errors
    of the larger bid's error apart (a pass has none of its own: its value is of the bid's
    deals), or less than `EVEN`."""
    errors = [o.error for o in r.odds if o is not None and o.error is not None]
    return abs(gap) < EVEN or (bool(errors) and abs(gap) <= NOISE * max(errors))


def _mean_of(choice: Any, r: Reviewed, passing: float | None) -> float | None:
    """The mean score of one choice of a reviewed bid (`_bid_cost`)."""
    if isinstance(choice, PassBid):
        return passing
    return next((o.value for o in r.odds if o is not None and o.bid == choice), None)


def _gap(v: Any, better: float) -> str:
    """How much better the expert's card is (x10), as the card hint prints the same gap
    (`bots.expert.Analysis.figures`: rounded to a whole x10 point, then as the game shows
    points): in a game of single points a gap of 14.6 printed 1 here and "2 less" in the
    hint asked at that trick, of the same two means."""
    return mean_points(v, round(better))


def _shown_gap(v: Any, better: float) -> int:
    """`_gap` as a number (x10 points): the gap as the line shows it."""
    return shown_points(v, round(better))


def shows_even(v: Any, r: Reviewed) -> bool:
    """The expert's card is better than the card played by a mean that shows as 0 in the
    game's points (`mean_points`): no difference the review can tell, so no disagreement
    ("expert: J♦ (+0 …)" read as one)."""
    if r.better is None or r.expert is None or r.expert == r.decision.action:
        return False
    # (0: the card played at least as good as the hint's card by the hint's numbers)
    return r.better >= 0 and _gap(v, r.better) == _gap(v, 0.0)


def _ahead(v: Any, r: Reviewed) -> bool:
    """The card played scored more than the expert's by the hint's own numbers, by a gap
    that shows (`Reviewed.lead`: the hint kept the standard bot's card within the noise)."""
    return bool(r.lead) and _gap(v, r.lead) != _gap(v, 0.0)


def within_noise(r: Reviewed) -> bool:
    """The card played is below the expert's by no more than `NOISE` standard errors of
    the difference, or by less than `EVEN` points: "about as good"."""
    return r.better is not None and r.better > 0 and (r.better <= NOISE * r.error or r.better < EVEN)


def by_floor(r: Reviewed) -> bool:
    """`within_noise` only by being under `EVEN`, the gap outside its margin (`NOISE`
    standard errors): "a difference too small to matter" (`bots.expert.SMALL`), not "the
    deals can't tell them apart" beside a margin smaller than the gap."""
    return within_noise(r) and not (r.better or 0.0) <= NOISE * r.error


def _phase_word(action: Any) -> str:
    if isinstance(action, (Bid, PassBid)):
        return "auction"
    if isinstance(action, NameTrump):
        return "trump"
    if isinstance(action, PassCards):
        return "pass"
    if isinstance(action, Bury):
        return "burial"
    if isinstance(action, CallPartner):
        return "partner"
    if isinstance(action, (Concede, PlayOn)):
        return "throw-in"
    if isinstance(action, (ClaimMisdeal, KeepHand)):
        return "misdeal"
    if isinstance(action, (DeclareMeld, DeclareDix, NoMeld)):
        return "meld"
    if isinstance(action, TakeStock):
        return "last pick"
    if isinstance(action, DraftCard):
        return "draft"
    return "choice"


def _did(action: Any, v: Any, view: Any = None) -> str:
    """What a human did, in the past tense ("bid 25", "passed", "named ♥ trump"; the
    stock game's and the draft's choices by what was done with which cards, from
    ``view``: "melded marriage K♥ Q♥", "kept 10♥")."""
    if isinstance(action, DeclareMeld):
        return f"melded {choice_name(view, action)}"
    if isinstance(action, DeclareDix):
        return "exchanged the dix" if action.exchange else "showed the dix"
    if isinstance(action, NoMeld):
        return "melded nothing"
    if isinstance(action, TakeStock):
        return f"took {choice_name(view, action)}"
    if isinstance(action, DraftCard) and view is not None and view.looking_at is not None:
        return f"{'kept' if action.keep else 'rejected'} {Style.card(view.looking_at)}"
    if isinstance(action, Bid):
        return f"bid {v.fmt(action.amount)}"
    if isinstance(action, PassBid):
        return "passed"
    if isinstance(action, NameTrump):
        return f"named {_suit(action)} trump"
    if isinstance(action, PassCards):
        return f"passed {Style.cards(action.cards)}"
    if isinstance(action, Bury):
        return f"buried {Style.cards(action.cards)}"
    if isinstance(action, CallPartner):
        return f"called {Style.card(action.card)}"
    done = {Concede: "threw in the hand", PlayOn: "played the hand on", KeepHand: "kept the hand"}
    done[ClaimMisdeal] = "called a misdeal"
    return done.get(type(action), f"chose {_kind(action)}")


def _choice(action: Any, v: Any) -> str:
    """The expert's choice, in the imperative's words ("bid 26", "pass", "♥")."""
    if isinstance(action, Bid):
        return f"bid {v.fmt(action.amount)}"
    if isinstance(action, PassBid):
        return "pass"
    if isinstance(action, NameTrump):
        return f"{_suit(action)} ({SUIT_NAMES[_suit_index(action)]})"
    if isinstance(action, (PassCards, Bury)):
        return Style.cards(action.cards)
    if isinstance(action, CallPartner):
        return Style.card(action.card)
    do = {Concede: "throw in", PlayOn: "play the hand", KeepHand: "keep the hand", ClaimMisdeal: "call a misdeal"}
    return do.get(type(action), _kind(action))


def _kind(action: Any) -> str:
    """An action of another shape by its kind ("no meld")."""
    return str(getattr(action, "kind", type(action).__name__)).replace("_", " ")


def _suit_index(action: NameTrump) -> int:
    return Suit.parse(action.suit).index


def _suit(action: NameTrump) -> str:
    return Style.suit(_suit_index(action))


__all__ = [
    "NO_DECISION",
    "NO_REVIEW",
    "REVIEW_BID_DEALS",
    "REVIEW_NODES",
    "THROWN_IN",
    "Review",
    "Reviewed",
    "review_decision",
]
