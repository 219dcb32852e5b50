"""The passing panel: the partners' pass and the bidder's burial (pick cards, confirm)."""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from rich.text import Text

from rules import PassCards, Phase, SeatView, score_meld
from rules.auction_round import bury_kept

from ..keymap import key
from ..render import Style, and_list, keys
from .base import ButtonSpec, Panel, SeatFacts, addressed, after_auction_text


class PassingPanel(Panel):
    """Phases PASS and BURY."""

    def body(self, ctx: SeatFacts) -> Text:
        return after_auction_text(ctx) if ctx.view.bidder is not None else Text()

    @addressed
    def prompt(self, ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
        v, names = ctx.variant, ctx.names
        seat = ctx.view.to_act
        k = v.pass_count if ctx.view.phase is Phase.PASS else v.kitty_size
        if ctx.view.phase is Phase.PASS:
            to = names[(seat + 2) % v.players]
            what = f"Pick {k} cards for {to}"
            verb = "Pass"
        else:
            what = f"Pick {k} cards to bury"
            verb = "Bury"
        enter = "passes" if verb == "Pass" else "buries"
        picked = len(ctx.picked)
        kept = bury_kept(v)
        if ctx.pickable() is not None and kept is not None and picked < k:
            # the cards the rule keeps are dimmed in the hand, as a card that may not be played
            # is (with NO_COLOR marked × too: `widgets.HandView`, and said by that mark); in one
            # row at 80 columns, so the message row under it stays (the count is on the
            # button, the arrows move as everywhere; Space on one says the rule).  Once the
            # set is full every other card is dim for want of room, not by the rule: the
            # count then, as for a pass
            dim = "dim" if Style.color else ("x" if Style.ascii else "×")
            t = Text(keys(f"{what}, no {dim} ({kept.short}) card: {key('pick')} picks, {key('confirm')} {enter}."))
        else:
            t = Text(keys(f"{what} ({picked} picked): ←→ move, {key('pick')} picks, {key('confirm')} {enter}."))
        return t, [(f"{verb} {picked}/{k}", "confirm", picked == k, True)]


def pass_reason(view: SeatView, action: Any, standard: Any = None) -> str:
    """The hint's reason for the partners' pass ``action`` (`PassCards`, RULES.md §4.1)
    from ``view`` (the passer's), in words: what the set is, then the order the standard
    bot picks by (`bots.standard.StandardBot.pass_cards`; the expert tries sets one card
    away from that one, `bots.expert_bidding.SimDecisions.choose_set`) where the set
    follows it, else what the set does against it (a set the expert's deals favour, or
    one the hand leaves no other way): never the order beside a set that breaks it.

    To the bidder: "2 trump and 2 aces: the standard bot passes the bidder trump first
    (not the 9), then aces, then tens, kings and queens its own meld can spare"
    (`PASS_TO_BIDDER_RULE`), and where the set goes against that order, the order all the
    same, then what the set does: "1 trump and K♣ Q♣: <the order>; this pass keeps 1
    trump and an ace back from the bidder" where it keeps a card that order passes before
    one it gives (with ``standard``, "..., though the standard bot's own pass gives
    them": the trump, aces and tens that set gives and this one keeps; nothing beside that
    set itself), "...; this pass breaks your meld" where it gives a card of the rest its
    own meld cannot spare (`_spends_meld`); back to the partner: "no trump, no ace, none of
    your meld, ♣ emptied: passing back, the standard bot keeps trump, aces and its meld
    and empties short suits", or "no trump, an ace, none of your meld: this pass gives
    the partner an ace and keeps trump and your meld".  ``standard``: the standard bot's
    own set where the hint names it too (the expert's sets tried); where that set breaks
    the rule, the rule is not quoted beside it: "this pass keeps trump, aces and your
    meld (the standard bot's own pass here does not)" (`_rule_words`)."""
    t = view.trump.index if view.trump is not None else 0
    cards = [int(c) for c in action.cards]
    trump = [c for c in cards if c // 6 == t]
    aces = [c for c in cards if c // 6 != t and c % 6 == 0]
    if view.seat != view.bidder:
        rest = [c for c in cards if c not in trump and c not in aces]
        parts = [f"{len(trump)} trump"] if trump else []
        parts += [_aces(len(aces))] if aces else []
        parts += [Style.cards(rest)] if rest else []
        # against the standard bot's order, or its own set here (which its order gives only
        # as far as its four cards go)
        own = None if standard is None else [int(c) for c in standard.cards]
        held, count = _held_back(view, cards, own)
        does = ["breaks your meld"] if _spends_meld(view, cards) else []
        if held:  # (last: what the standard bot would pass first is said of these cards)
            them = "it" if count == 1 else "them"
            # (the order is the rule's, said before; beside its own set, that it gives them)
            though = "" if own is None else f", though the standard bot's own pass gives {them}"
            does.append(f"keeps {held} back from the bidder{though}")
        if does:  # (the rule in its one wording all the same, then what this set does against it)
            return f"{and_list(parts)}: {PASS_TO_BIDDER_RULE}; this pass {' and '.join(does)}"
        return f"{and_list(parts)}: {PASS_TO_BIDDER_RULE}"
    taken = _taken(view, cards)
    facts = and_list(_kept_facts(view, cards, taken))
    broken = _broken_rule(view, cards, "gives the partner", taken)
    if broken:  # (the rule in its one wording all the same, then what this set does against it)
        return f"{facts}: {PASS_BACK_RULE}; this pass {broken}"
    return f"{facts}: {_rule_words(view, action, standard, 'gives the partner', PASS_BACK_RULE)}"


def bury_reason(view: SeatView, action: Any, standard: Any = None) -> str:
    """The hint's reason for the bidder's burial ``action`` (`Bury`, RULES.md §4.2) from
    ``view`` (the bidder's, the kitty in hand), in the pass hint's voice (`pass_reason`):
    what the set is, then the order the standard bot picks by (`bots.standard.StandardBot.bury`;
    the expert tries sets one card away from that one) where the set follows it, else
    what the set does against it.  Its counters are buried where buried counters count
    for the bidder, kept where they count for nobody (``kitty_discards_count_for_bidder``):
    "no trump, no ace, none of your meld, ♣ emptied, counters worth 20: the standard bot
    keeps trump, aces and its meld, empties short suits and buries counters, as buried
    ones count for the bidder"; "no trump, an ace, none of your meld and counters worth
    11: this set buries an ace and keeps trump and your meld; buried counters count for
    the bidder".  ``standard``: as in `pass_reason`, the rule not quoted beside a standard
    bot's set named in the hint that breaks it."""
    v = view.variant
    cards = [int(c) for c in action.cards]
    taken = _taken(view, cards)
    facts = _kept_facts(view, cards, taken)
    worth = sum(v.card_points[c] for c in cards)
    facts.append(f"counters worth {v.fmt(worth)}" if worth else "no counter")
    broken = _broken_rule(view, cards, "buries", taken)
    if v.kitty_discards_count_for_bidder:
        counters = "buries counters, as buried ones count for the bidder"
    else:
        counters = "keeps its counters, as buried ones count for nobody"
    rule = f"the standard bot keeps trump, aces and its meld, empties short suits and {counters}"
    if broken:  # (the rule in its one wording all the same, then what this set does against it)
        return f"{and_list(facts)}: {rule}; this set {broken}"
    return f"{and_list(facts)}: {_rule_words(view, action, standard, 'buries', rule)}"


PASS_TO_BIDDER_RULE = (
    "the standard bot passes the bidder trump first (not the 9), then aces, then tens, kings and queens its own meld"
    " can spare"
)
"""The standard bot's order for the partner's pass to the bidder (`bots.standard.StandardBot.pass_cards`),
in the one wording both hints give it, the standard bot's and the expert's, whatever set
each names (`pass_reason`): the expert's, beside a set that kept cards back, said only
"this pass keeps an ace back ..." where the standard bot's hint said the order."""

PASS_BACK_RULE = "passing back, the standard bot keeps trump, aces and its meld and empties short suits"
"""The standard bot's rule for the bidder's pass back (`bots.standard.StandardBot.pass_cards`),
in the one wording both hints give it, the standard bot's and the expert's, whatever set
each names (`pass_reason`)."""


def _rule_words(view: SeatView, action: Any, standard: Any, verb: str, rule: str) -> str:
    """The standard bot's ``rule`` for the bidder's set ``action``, which keeps it; where
    the hint names the standard bot's own set ``standard`` too (another set) and that set
    breaks it (the cards left it no other way), the rule in the same words, then what the
    standard bot's own set does ("...; the standard bot's own pass here gives the partner
    an ace and keeps trump and your meld"): the expert's hint reworded the rule there ("this
    pass keeps trump, aces and your meld") beside the standard bot's hint, which said it
    as ``rule``."""
    if standard is None or standard == action:
        return rule
    cards = [int(c) for c in standard.cards]
    broken = _broken_rule(view, cards, verb, _taken(view, cards))
    if not broken:
        return rule
    what = "set" if verb == "buries" else "pass"
    return f"{rule}; the standard bot's own {what} here {broken}"


def _aces(n: int) -> str:
    """ "an ace", "2 aces"."""
    return "an ace" if n == 1 else f"{n} aces"


def _held_back(view: SeatView, cards: list[int], standard: list[int] | None = None) -> tuple[str, int]:
    """What the partner's set ``cards`` to the bidder keeps against the standard bot's
    order (trump but the 9s first, then aces, then tens, then the rest): the cards left in
    the hand of a class passed before a card the set gives ("1 trump, an ace and 2
    tens"), and how many they are; "" where the set follows that order.  With
    ``standard``, the standard bot's own set here: the trump, aces and tens that set gives
    and this one keeps (a set of four that gives three trump and a queen keeps an ace the
    standard bot's set gives, not the tens it keeps as well)."""
    t = view.trump.index if view.trump is not None else 0
    if standard is None:  # the cards left in the hand, of a class passed before the latest given
        left = [int(c) for c in view.hand]
        for c in cards:
            left.remove(c)
        latest = max(_pass_order(c, t) for c in cards)
        kept = [_pass_order(c, t) for c in left if _pass_order(c, t) < latest]
    else:  # the trump, aces and tens the standard bot's set gives and this one does not
        given = list(standard)
        for c in cards:
            if c in given:
                given.remove(c)
        kept = [_pass_order(c, t) for c in given if _pass_order(c, t) < 3]
    trump, aces, tens = (kept.count(k) for k in range(3))
    said = [f"{trump} trump"] if trump else []
    said += [_aces(aces)] if aces else []
    said += ["a ten" if tens == 1 else f"{tens} tens"] if tens else []
    return and_list(said), len(kept)


def _pass_order(c: int, t: int) -> int:
    """Where the standard bot's order to the bidder (`bots.standard.StandardBot.pass_cards`:
    its card values) puts card ``c`` (trump ``t``): 0 passed first, a trump but the 9; 1
    an ace of another suit; 2 a ten of another suit (in no meld); 3 the rest, kings and
    queens before jacks and nines, passed only where the passer's own meld can spare
    them."""
    if c // 6 == t:
        return 0 if c % 6 != 5 else 3
    return 1 + min(c % 6, 2)


def _spends_meld(view: SeatView, cards: list[int]) -> bool:
    """Whether the partner's set ``cards`` to the bidder gives a card its own meld cannot
    spare, against the standard bot's order: a card of the rest (not a trump but the 9,
    not an ace) whose going takes meld from the hand beyond what the trump and aces
    passed take (the Q♠ of its only marriage)."""
    v = view.variant
    t = view.trump.index if view.trump is not None else 0
    left = [int(c) for c in view.hand]
    for c in cards:
        if _pass_order(c, t) < 2:
            left.remove(c)
    rest = list(left)
    for c in cards:
        if _pass_order(c, t) >= 2:
            rest.remove(c)
    return score_meld(rest, t, v).total < score_meld(left, t, v).total


class _Taken(NamedTuple):
    """What the bidder's set takes from its hand (`_taken`)."""

    trump: int  # its trump cards
    aces: int  # its aces of the other suits
    left: list[int]  # the hand without the set
    breaks_meld: bool  # the hand's meld is less without the set


def _taken(view: SeatView, cards: list[int]) -> _Taken:
    """What the bidder's set ``cards`` (passed back or buried) takes from its hand in
    ``view`` (`_kept_facts` and `_broken_rule` say it)."""
    v = view.variant
    t = view.trump.index if view.trump is not None else 0
    hand = [int(c) for c in view.hand]
    left = list(hand)
    for c in cards:
        left.remove(c)
    return _Taken(
        sum(c // 6 == t for c in cards),
        sum(c // 6 != t and c % 6 == 0 for c in cards),
        left,
        score_meld(left, t, v).total < score_meld(hand, t, v).total,
    )


def _broken_rule(view: SeatView, cards: list[int], verb: str, taken: _Taken) -> str:
    """What the bidder's set ``cards`` (passed back, ``verb`` "gives the partner", or
    buried, "buries"; ``taken``, its `_taken`) does against the standard bot's rule of
    keeping trump, aces and its meld (and, burying where buried counters count for
    nobody, its counters): "gives the partner an ace and keeps trump and your meld",
    "buries 1 trump, breaks your meld and keeps aces"; "" where the set keeps them all."""
    v = view.variant
    trump, aces, meld = taken.trump, taken.aces, taken.breaks_meld
    given = [f"{trump} trump"] if trump else []
    given += [_aces(aces)] if aces else []
    if verb == "buries" and not v.kitty_discards_count_for_bidder and any(v.card_points[c] for c in cards):
        given.append("counters")
    if not given and not meld:
        return ""
    does = [f"{verb} {and_list(given)}"] if given else []
    does += ["breaks your meld"] if meld else []
    kept = [] if trump else ["trump"]
    kept += [] if aces else ["aces"]
    kept += [] if meld else ["your meld"]
    does += [f"keeps {and_list(kept)}"] if kept else []
    return and_list(does)


def _kept_facts(view: SeatView, cards: list[int], taken: _Taken) -> list[str]:
    """What the bidder's set ``cards`` (passed back or buried; ``taken``, its `_taken`)
    takes from its hand in ``view``: its trump, its aces (not trump), whether it breaks
    the bidder's meld, and the suits it empties ("no trump", "an ace", "none of your
    meld", "♣ emptied")."""
    t = view.trump.index if view.trump is not None else 0
    left = taken.left
    facts = [f"{taken.trump} trump" if taken.trump else "no trump"]
    facts.append(_aces(taken.aces) if taken.aces else "no ace")
    facts.append("some of your meld" if taken.breaks_meld else "none of your meld")
    emptied = [s for s in range(4) if s != t and any(c // 6 == s for c in cards) and not any(c // 6 == s for c in left)]
    if emptied:
        facts.append("".join(Style.suit(s) for s in emptied) + " emptied")
    return facts


def sets_analysis(trial: Any) -> Any:
    """The expert's sets tried over deals (``trial``, `bots.expert_bidding.Trial`: the
    standard bot's set first) as a search of them (`bots.expert.Analysis`): each set's mean,
    its standard error against the standard bot's set over the same deals.  The hint says
    its set by it (`sets_tried_words`), and keeps it for the review (`Controller.hints`),
    which costs a set given against the hint by the same numbers."""
    from bots.expert import Analysis

    n = len(trial.actions)
    return Analysis(
        tuple(trial.actions),
        tuple(trial.mean(i) for i in range(n)),
        trial.deals,
        trial.nodes,
        0.0,
        tuple(trial.error(i, 0) for i in range(n)),
        prefer=0,
    )


def sets_tried_words(trial: Any, action: Any, v: Any, to_bidder: bool = False) -> tuple[str, str]:
    """The expert's pass or burial tried over deals (``trial``: its
    `bots.expert_bidding.Trial` of the standard bot's set, first, and sets one card away
    from it over the same deals), as a card hint says its card: the words first, how sure
    the search is of the set given against the others (`bots.expert.Analysis.advice`:
    "the expert tried the standard bot's set Q♠ A♥ A♣ A♣ and 5 others, each with one of
    its cards changed: this set is about as good as K♣ for A♣ (the deals can't tell them
    apart) and clearly better than the rest", each other set named by the card it changes in the
    standard bot's), and why every set scores alike where every deal of every set says it
    ("; the contract is out of reach in every deal tried, whatever is passed";
    `Trial.unreachable`, `Trial.thrown`); then the one line of figures behind it
    (`Analysis.figures`: the set's own mean, then how much less each next best scores,
    with the gap's margin, and the standard bot's set where another is given).  Where the
    contract fails in some of the deals the set was tried over, how many, so that its mean
    is read as what it is (`lost_words`; ``to_bidder``: the partner's pass to the bidder)."""
    from ..render import alike_reason, mean_points, plural, whose_points

    n = len(trial.actions)
    an = sets_analysis(trial)

    standard = Counter(int(c) for c in trial.actions[0].cards)

    def name(a: Any) -> str:
        # another set by the card it changes in the standard bot's ("K♦ for A♣": K♦ given in
        # its place), not its four cards: a list of sets of cards read as one list of cards
        if a == action:
            return "this set"
        if a == trial.actions[0]:
            return "the standard bot's set"
        cards = Counter(int(c) for c in a.cards)
        put, out = list((cards - standard).elements()), list((standard - cards).elements())
        if len(put) == len(out) == 1:
            return f"{Style.card(put[0])} for {Style.card(out[0])}"
        return Style.cards(int(c) for c in a.cards)

    points = lambda p: mean_points(v, p)  # noqa: E731
    said = "this set is " + an.advice(action, name, points, kind="set")
    if said.startswith("this set is every legal"):  # (no deal searched)
        said = said[len("this set is ") :]
    why = alike_reason(trial, "is passed" if isinstance(action, PassCards) else "is buried")
    said += f"; {why}" if why else lost_words(trial, action, to_bidder)
    # the sets are one card apart from the standard bot's (the first), named: "one card
    # apart" alone did not say from what
    first = Style.cards(int(c) for c in trial.actions[0].cards)
    others = f"{plural(n - 1, 'other')},{' each' if n > 2 else ''} with one of its cards changed"
    head = f"the expert tried the standard bot's set {first} and {others}"
    return f"{head}: {said}", an.figures(action, name, points, whose_points(v), own=True)


def lost_words(trial: Any, action: Any, to_bidder: bool) -> str:
    """How many of the deals the set ``action`` was tried over (``trial``,
    `bots.expert_bidding.Trial` ``lost``) its side's contract fails in, set or thrown in,
    after the pass or burial hint's words: "; the contract fails in 12 of these 14 deals,
    which give the bidder any hand, not one worth its bid: the figures compare the sets,
    not how this hand will go" (``to_bidder``: the sampled deals deal the bidder's hand
    without reading its bid; where the trial weighted them by the calls, `Trial.weights`,
    "..., though the figures count most the deals that fit the bids").  A pass hint's
    figure of "this set -491", a mean over deals most of which were set, read as the
    hand's outcome, and the partner then made the contract with 11 tricks.  Said where it
    fails in half the deals or more (the mean is then mostly of failed contracts); ""
    otherwise, and without a count."""
    if not trial.lost or action not in trial.actions or not trial.deals:
        return ""
    k = trial.lost[trial.actions.index(action)]
    if 2 * k < trial.deals:
        return ""
    n = trial.deals
    which = ""
    if to_bidder:  # (the bidder's hand read from its bid or not: `SimDecisions.read_pass`)
        read = bool(getattr(trial, "weights", None))
        which = (
            ", though the figures count most the deals that fit the bids"
            if read
            else (", which give the bidder any hand, not one worth its bid")
        )
    where = f"all {n} of these deals" if k == n else f"{k} of these {n} deals"
    return f"; the contract fails in {where}{which}: the figures compare the sets, not how this hand will go"
