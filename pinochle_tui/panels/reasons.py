"""Why the standard bot's hint says what it says, in the player's terms, from what the
bot decides by (`bots.standard.StandardBot`): the suit it names (its estimate of each
suit, part by part, as the bidding help sums it), the bid (its limit), playing on or
throwing in (the trick points it expects against those the contract needs) and the card
(whether it takes the trick, is the highest of its suit still out, draws trump, or
leaves the trick to a partner).  The pass and the burial say theirs in `passing`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules import Bid, Concede, NameTrump, PassBid, Phase, Play, PlayOn, SeatView, make_deck
from rules.play import beats

from ..render import Style, bid_grid_at_most, mean_points
from .auction import estimate_parts, why_it_passes


def standard_reason(view: SeatView, action: Any, bot: Any, legal: Sequence[Any], names: Sequence[str] = ()) -> str:
    """The standard bot's reason for ``action`` at ``view`` (``legal``: the seat's
    choices; ``names``: every seat's, for a rule about the partner's bid), "" where none
    is said here (the pass of cards and the burial say theirs)."""
    stock = view.variant.has_stock  # (its cards go by the stock game's own play: `bots.two_hand`)
    if isinstance(action, Play) and view.phase is Phase.TRICKS and view.trump is not None and not stock:
        return play_reason(view, action.card, [a.card for a in legal if isinstance(a, Play)])
    if isinstance(action, NameTrump):
        return trump_reason(view, action, bot, legal)
    if isinstance(action, Bid) and view.phase is Phase.AUCTION:
        return bid_reason(view, action, bot, legal)
    if isinstance(action, PassBid) and view.phase is Phase.AUCTION:
        return pass_bid_reason(view, bot, legal, names)
    if isinstance(action, (PlayOn, Concede)) and view.trump is not None and view.melds is not None:
        return throw_in_reason(view, action, bot)
    return ""


def trump_reason(view: SeatView, action: NameTrump, bot: Any, legal: Sequence[Any]) -> str:
    """The suit the standard bot names: the one its estimate rates highest, said as the
    bidding help sums it, then the next suit's sum: "its estimate of ♦ is ~190: meld 10
    + tricks ~150 + partner's meld ~30; of ♥ ~180: meld 10 + tricks ~140 + ..." (a suit
    of weak trumps may rate above one of aces: the aces then take tricks beside trump)."""
    v = view.variant
    _, ests = bot.trump_choice(view, legal)
    if not ests:
        return "every suit you may name is short: it names the longest"

    def said(e: Any) -> str:
        parts = estimate_parts(v, e)
        words = [f"meld {v.fmt(parts[0][1])}"] + [f"{w} ~{v.fmt(x)}" for w, x in parts[1:]]
        return f"~{v.fmt(sum(x for _, x in parts))} ({' + '.join(words)})"

    ranked = sorted(ests, key=lambda e: (-e.total, e.trump))
    best = next(e for e in ranked if e.trump == action.suit.index)
    head = f"the suit its estimate rates highest: {Style.suit(best.trump)} {said(best)}"
    rest = [e for e in ranked if e is not best]
    return f"{head}; next {Style.suit(rest[0].trump)} {said(rest[0])}" if rest else head


def bid_reason(view: SeatView, action: Bid, bot: Any, legal: Sequence[Any]) -> str:
    """A bid of the standard bot's: within its limit (its estimate less a margin for the
    risk, `StandardBot.ceiling`), or forced where the rules refuse the pass."""
    v = view.variant
    if not any(isinstance(a, PassBid) for a in legal):
        return "you may not pass here, and it bids the least it may"
    top = bid_grid_at_most(v, bot.ceiling(view))
    if top is None or top < action.amount:
        return ""
    return f"it bids up to {v.fmt(top)}: its estimate of the hand less a margin for the risk"


def pass_bid_reason(view: SeatView, bot: Any, legal: Sequence[Any], names: Sequence[str] = ()) -> str:
    """A pass of the standard bot's in the auction, in the bid reason's voice (`bid_reason`)
    and by the bidding help's figures (`auction.bot_advice`): the hand's worth to the help
    (its estimate in its best trump) against the next bid ("your hand is worth about 240
    to the bidding help; the next bid would be 250"); its limit, the estimate less a margin
    for the risk (and the partner's calls, as the help's note says), where that is what
    falls under it ("...; less a margin for the risk it bids up to 310, and the next bid
    would be 340"); no
    suit fit for trump; or the rule about the partner's bid that makes it pass under its
    limit (`why_it_passes`: "North holds 260, West and East passed")."""
    v = view.variant
    ests = bot.estimates(view)
    if not ests:
        return "no suit is fit for trump"
    best = max(ests, key=lambda e: (e.total, -e.trump))
    shown = sum(x for _, x in estimate_parts(v, best))  # (the sum the help prints)
    need = v.next_bid_after(view.high_bid or None)
    worth = f"your hand is worth about {v.fmt(shown)} to the bidding help"
    top = bid_grid_at_most(v, bot.ceiling(view))
    if top is not None and top < need:
        limit = f"less a margin for the risk it bids up to {v.fmt(top)}"
        return f"{worth}; {limit}, and the next bid would be {v.fmt(need)}"
    _, why = bot.bid_decision(view, legal)
    if top is not None and why:  # under its limit: a rule about the partner's bid
        return why_it_passes(view, bot, why, names or [f"seat {s + 1}" for s in range(v.players)])
    if top is None and shown >= need:  # the margin takes it under the lowest bid there is
        return f"{worth}, but less a margin for the risk it is under {v.fmt(need)}, the next bid"
    return f"{worth}; the next bid would be {v.fmt(need)}"


def throw_in_reason(view: SeatView, action: Any, bot: Any) -> str:
    """Playing on or throwing in, by the trick points the standard bot expects the side to
    take against those the contract still needs over the side's meld."""
    v = view.variant
    need, tricks, _, _ = bot.throw_in_figures(view)
    if need <= 0:
        return "your side's meld already makes the contract"
    if need > v.hand_trick_total:
        return "the contract needs more trick points than the hand holds"
    expects = f"it expects ~{mean_points(v, tricks)} trick points"
    expects += f", and the contract needs {mean_points(v, need)} over the meld"
    if isinstance(action, Concede):
        return f"{expects}: thrown in, it loses less"
    return expects


def play_reason(view: SeatView, card: int, playable: Sequence[int] = ()) -> str:
    """The card the standard bot plays, by what it does to the trick: takes it (or heads
    it so far), trumps in, leaves it to a partner who holds it, or cannot take it; a lead
    by whether it is the highest card of its suit still out, or draws trump for the side
    that bid.  With ``playable`` (the cards the seat may play), why this card of them
    where it is the lowest that does it ("heads the trick with its lowest card that can",
    "sheds its lowest card": the bot keeps its better cards for later tricks), in words
    short enough for the message line at 80 columns after "Hint (standard bot): play 10♥ · "."""
    v = view.variant
    assert view.trump is not None
    t = view.trump.index
    suit = card // 6
    side = v.side_of
    me = view.seat
    if not view.trick:
        if suit == t:
            bid = view.bidder is not None and side[view.bidder] == side[me]
            return "leads trump to draw the others' trumps" if bid else "leads trump"
        if highest_out(view, card):
            return f"no higher {Style.suit(suit)} is still out: it should take the trick unless trumped"
        return "it leads a card it can spare, keeping its stronger cards for later"
    ws, w = view.trick[0]
    for s, c in view.trick[1:]:
        if beats(c, w, t):
            ws, w = s, c
    last = len(view.trick) == v.players - 1

    def lowest(cards: Sequence[int]) -> bool:
        """``card`` is of the lowest face among ``cards`` (RULES.md §1.2: A 10 K Q J 9)."""
        return len(cards) > 1 and card % 6 == max(c % 6 for c in cards)

    if beats(card, w, t):
        cheapest = lowest([c for c in playable if beats(c, w, t)])
        if suit == t and view.trick[0][1] // 6 != t:
            said = "trumps in: it takes the trick" if last else "trumps in to take the trick"
            return said + (", with its lowest trump that can" if cheapest else "")
        if cheapest:
            return f"{'takes' if last else 'heads'} the trick with its lowest card that can"
        return "it takes the trick" if last else "it heads the trick so far"
    if side[ws] == side[me]:
        if v.card_points[card] > 0:
            return "your partner holds the trick: a counter onto it"
        return "your partner's trick: it sheds its lowest card" if lowest(playable) else "your partner holds the trick"
    if lowest(playable):
        return "cannot take the trick: sheds its lowest card"
    return "it cannot take the trick: it keeps its better cards"


def highest_out(view: SeatView, card: int) -> bool:
    """Whether no higher card of ``card``'s suit is left for another seat to play: every
    copy of each higher face is in the viewer's hand, played, or buried."""
    copies = Counter(int(c) for c in make_deck(view.variant.deck))
    known = Counter(int(c) for c in (*view.hand, *view.buried, *(c for _, c in view.trick)))
    known.update(int(c) for _, cards, _ in view.tricks for c in cards)
    return all(known[f] >= copies[f] for f in range(card - card % 6, card))
