"""The auction panel: a misdeal call on the deal, the bids, and the bidder naming trump."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from rules import PassBid, Phase, SeatView, Variant, make_deck, score_meld
from rules.auction_round import high_bidder, holds_marriage, meld_held, trump_allowed, trump_out_of_reach

from ..checks_view import blind_word, forced_opening
from ..keymap import key, up_down
from ..render import SUIT_NAMES, Style, and_list, bid_grid_at_most, card_text, keys, mean_points, mid, pretty, says
from ..table.facts import kitty_taker
from .base import (
    ButtonSpec,
    Panel,
    SeatFacts,
    addressed,
    after_auction_text,
    choice_buttons,
    choose_keys,
    owner,
    pack_entries,
)

MELD_LABEL = "Meld:"
"""The meld by trump's own heading where the help's heading (`help_head`) gave way for
the rows (80x24): ``Meld: ♠20 ♥50 ♦30 ♣20`` (a row of bare figures read as nothing)."""


def trump_need(v: Variant) -> str:
    """What the variant asks trump to hold (§3.6): ``marriage``, or ``marriage or dix``."""
    return "marriage" if v.trump_requirement == "marriage" else "marriage or dix"


def no_trump_words(v: Variant) -> str:
    """Why a bid with no suit fit for trump and nothing to bring one (`trump_out_of_reach`)
    is sure to be set, asked before such a bid and said in the bidding help: the rules let
    it be made, and only the trump prompt, after the bid was won, said it set the bidder."""
    return f"You hold no {trump_need(v)}: you could not name a trump and would be set."


def meld_by_trump(view: SeatView, width: int = 0, label: str = "") -> Text:
    """The viewer's meld under each trump (``♠ 40  ♥ 60  ♦ 20  ♣ 150``, one space apart
    where two do not fit ``width``, and two a line where one line does not fit: ``♠ 340
    ♥ 340`` over ``♦ 340  ♣ 340`` at 22 cells); a suit keeps its space before its figure
    whatever the width, except after a ``label`` (`MELD_LABEL`: the line's own heading,
    in bold), where a figure goes next to its suit if that keeps the line whole (``Meld:
    ♠20 ♥50 ♦30 ♣20`` in 22 cells); a suit its hand may not name (no marriage where the
    variant asks one, RULES.md §3.6) is dimmed."""
    v = view.variant
    points = [v.fmt(score_meld(view.hand, s, v).total) for s in range(4)]
    head = [label] if label else []

    def fits(row: list[str], sep: str) -> bool:
        return not width or len(sep.join(row)) <= width

    entries = [f"{Style.suit(s)} {p}" for s, p in enumerate(points)]
    if label and not fits([*head, *entries], " "):
        close = [f"{Style.suit(s)}{p}" for s, p in enumerate(points)]
        entries = close if fits([*head, *close], " ") else entries
    rows = [[*head, *entries]] if fits([*head, *entries], " ") else [[*head, *entries[:2]], entries[2:]]
    sep = "  " if all(fits(row, "  ") for row in rows) and not label else " "
    t = Text()
    if label:
        t.append(f"{label} ", style="bold")
    for s, entry in enumerate(entries):
        if s:
            t.append("\n" if len(rows) > 1 and s == 2 else sep)
        t.append(entry, style="" if trump_allowed(view.hand, s, v) else "dim")
    return t


def meld_by_trump_text(view: SeatView, width: int = 0, whose: str = "Your") -> Text:
    """The viewer's meld under each trump, meld by meld (``m`` before trump is named, when
    everyone's meld is not laid down yet); a suit its hand may not name is dimmed.  A
    suit's melds go on over lines of ``width`` cells (0: one line a suit), each meld whole
    on its line (`pack_entries`).  ``whose``: the hand's owner ("Your", or "South's" in
    a game of bots alone, `owner`)."""
    v = view.variant
    t = Text(f"{whose} meld under each trump", style="bold underline")
    t.append("  (everyone's meld is laid down once trump is named)\n")
    for s in range(4):
        m = score_meld(view.hand, s, v)
        dim = "" if trump_allowed(view.hand, s, v) else " dim"
        head = f"{Style.suit(s)} {v.fmt(m.total)}:"
        t.append(head, style="bold" + dim)
        if not m.melds:
            t.append(" no meld", style="dim")
        entries = []
        for meld in m.melds:
            entry = Text(f"{meld.name} ", style=dim.strip())
            entry.append_text(Text(" ").join(card_text(x) for x in meld.cards))
            entry.append(f" {v.fmt(meld.points)}", style="bold" + dim)
            entries.append(entry)
        pack_entries(t, entries, width, cell_len(head), style=dim.strip())
        t.append("\n")
    return t


def why_it_passes(view: SeatView, bot: Any, why: str, names: Sequence[str], holder_said: bool = False) -> str:
    """The standard bot's reason (`StandardBot.bid_decision`) for passing at a bid under
    its limit, in words: the bidding help says it where it would otherwise say "bids up
    to" while the hint passes (a double pinochle with partner
    holding 260 and the opponents out read "bot bids up to 590", the hint "pass").
    ``holder_said``: the words just before have named the partner and its bid (the hint's
    "your partner North holds the bid at 260"), so the rule does not name them again
    ("West and East passed", not "North holds 260, West and East passed")."""
    v = view.variant
    side = v.side_of
    scale = v.hand_trick_total / 250.0
    holder = high_bidder(view.bids)
    who, high = mid(names[holder if holder >= 0 else view.seat]), v.fmt(view.high_bid or 0)
    holds = "" if holder_said else f"{who} holds {high}"
    if why == "partner_holds_opponents_out":
        seats = [(view.seat + k) % v.players for k in range(1, v.players)]  # clockwise
        opps = [mid(names[s]) for s in seats if side[s] != side[view.seat]]
        # (a big table: naming three or four of them ran past the centre's rows)
        passed = "the opponents passed" if len(opps) > 2 else f"{and_list(opps)} passed"
        if not holds:
            return passed
        return f"{holds}{'; ' if len(opps) > 2 else ', '}{passed}"  # 3 lines: the centre's 10 rows at 80x24
    if why == "partner_holds":
        # (the hand's worth over the bid, never the raise: a raise limit, §0.4.20, may allow no such raise)
        worth = v.fmt(int(bot.overcall * scale))
        spare = f"it outbids a partner only with {worth} to spare"
        return f"{holds}; {spare}" if holds else spare  # 4 lines at 80x24
    if why == "partner_forced":
        forced = "its bid was forced" if holder_said else f"{who}'s {high} was forced"
        return f"{forced}; it takes over only with a strong hand"
    return why


def partner_holding(view: SeatView, names: Sequence[str]) -> tuple[str, int] | None:
    """The seat's partner holding the high bid, as (its name, the bid), for the bid hint
    to say before the figures of a bid over it (`render.bid_odds_words`); None where no
    partner holds it, or where the partners' bids are summed (§0.4 item 17: the side's
    contract is both bids, not one outbidding the other)."""
    v = view.variant
    holder = high_bidder(view.bids)
    if v.summed_contracts or holder < 0 or holder == view.seat or not view.high_bid:
        return None
    if v.side_of[holder] != v.side_of[view.seat]:
        return None
    return mid(names[holder]), view.high_bid


def partner_rule_words(
    view: SeatView, action: Any, legal: Sequence[Any], bot: Any, names: Sequence[str], holder_said: bool = False
) -> str | None:
    """The standard bot's rule about the partner (`why_it_passes`' words) that the expert's
    bid hint names beside ``action``: for a pass, the rule that makes it whatever the limit
    (`StandardBot.partner_rule`: the expert bids by those rules up to its own limit); for a
    bid, the rule that makes the standard ``bot`` pass here though its limit reaches the
    bid (`StandardBot.bid_decision`), which the bidding help then quotes while the expert
    outbids its partner by its own limit (the hint says its limit clears the rule); None
    where no such rule applies, or where the standard bot's limit is under the bid (the
    help says that limit, not the rule).  ``holder_said``: as `why_it_passes`."""
    if isinstance(action, PassBid):
        why = bot.partner_rule(view)
    else:
        std, why = bot.bid_decision(view, legal)
        why = why if isinstance(std, PassBid) and bot.ceiling(view) >= action.amount else None
    return why_it_passes(view, bot, why, names, holder_said) if why else None


def estimate_parts(v: Variant, est: Any) -> list[tuple[str, int]]:
    """What the bidding help shows of an `Estimate` (`bots.estimate.Estimate`), part by
    part, each as (its words, x10 points): the viewer's meld in ``est.trump`` (exact),
    the meld the pass or the kitty is likely to complete (``gain``: "4 cards passed",
    the partner's pass to the bidder, or the variant's word for the kitty, `blind_word`),
    the partner's (or partners') meld (``partner``) and the side's trick points
    (``tricks``: the partner's tricks and the kitty's buried counters among them).

    The estimated parts are rounded to 10 (a whole point in an x1 game, `render.worked_out`) so
    that they add up to the total rounded to 10: each rounded down, then 10 more to the
    largest remainders (said as 400 = 90 + 40 + 140 + 130, never 90 + 40 + 140 + 130 "≈ 390").
    A pass, kitty or partner part that rounds to 0 is left out (an each-for-self hand
    with no kitty has two parts: meld and tricks)."""
    # (the cards the partner passes, named so: "+ the pass ~140" under "your meld 0" did
    # not say it counted cards to come, nor that a pass of cards, not a passed bid, was
    # meant, beside the note of the partner's calls, "(-10 for North's pass)")
    word = f"{v.pass_count} cards passed" if v.pass_count else "the " + blind_word(v)
    partners = "partner's meld" if v.seats_per_side <= 2 else "partners' meld"
    guessed = [(word, float(est.gain)), (partners, float(est.partner)), ("tricks", float(est.tricks))]
    target = round(float(est.total) / 10) * 10 - int(est.meld)
    floors = [int(x // 10) * 10 for _, x in guessed]
    more = max(0, min(len(guessed), (target - sum(floors)) // 10))
    by_remainder = sorted(range(len(guessed)), key=lambda i: guessed[i][1] - floors[i], reverse=True)
    for i in by_remainder[:more]:
        floors[i] += 10
    parts = [("your meld", int(est.meld))]
    parts += [(w, x) for (w, _), x in zip(guessed, floors) if x or w == "tricks"]
    return parts


def estimate_lines(v: Variant, est: Any, room: int, whose: str = "your") -> Text:
    """The estimate's sum in words, its terms packed into lines of ``room`` cells:
    ``Standard bot, in ♠: your meld 90 + 4 cards passed ~40 + partner's meld ~140 + tricks ~130 ≈
    400`` (five lines at 22 cells).  A bare "Worth about 370 in ♦" beside a strongest
    meld of ♣ 70, and then "meld+tricks ~320 in ♣" beside a clubs meld of 0, did not say
    where the figure came from (`estimate_parts`); "In ♦: ..." did not say whose suit it
    was, and beside the expert's hint naming ♠ the two read as one adviser contradicting
    itself: the help is the standard bot's rule of thumb, the hint the expert's search.
    ``whose``: the hand's owner ("your", or "South's" in a game of bots alone, `owner`)."""
    parts = estimate_parts(v, est)
    total = sum(x for _, x in parts)
    terms = [Text(f"Standard bot, in {Style.suit(est.trump)}:"), Text(f"{whose} meld {v.fmt(parts[0][1])}")]
    terms += [Text(f"+ {w} ~{v.fmt(x)}") for w, x in parts[1:]]
    terms[-1].append(" = ~" if Style.ascii else " ≈ ")
    terms[-1].append(v.fmt(total), style="bold")
    lines = [terms[0]]
    for term in terms[1:]:
        if lines[-1].cell_len + 1 + term.cell_len <= room:
            lines[-1] = Text(" ").join((lines[-1], term))
        else:
            lines.append(term)
    return Text("\n").join(lines)


def said_in(head: str, rest: str, room: int, paragraph: bool = False) -> str:
    """``head`` and ``rest`` on one line where it fits ``room`` cells, else ``head`` on a
    line of its own and ``rest`` wrapped under it, or, where ``head`` itself is wider
    than ``room`` (``the standard bot would pass:`` at 80 columns) or with ``paragraph``
    (a sentence of a reason, which broke after "would pass:" on a wide centre), the
    whole wrapped as one paragraph."""
    if len(head) + 1 + len(rest) <= room:
        return f"{head} {rest}"
    if len(head) <= room and not paragraph:
        return "\n".join([head, *textwrap.wrap(rest, room)])
    return "\n".join(textwrap.wrap(f"{head} {rest}", room))


def said_in_two(head: str, rests: Sequence[str], room: int) -> str:
    """The first of ``rests`` (the plainest first) that `said_in` puts in two lines of
    ``room`` cells at most (the rows the centre has left at 80x24: six-hand's 8), else
    the last, however many lines it takes."""
    for rest in rests:
        said = said_in(head, rest, room)
        if said.count("\n") < 2:
            return said
    return said_in(head, rests[-1], room)


def bot_estimate(
    view: SeatView,
    bot: Any,
    names: Sequence[str] | None = None,
    legal: Sequence[Any] | None = None,
    width: int = 0,
    whose: str = "your",
) -> Text:
    """`bot_advice`'s text with its partner's note (if any) on the lines under it."""
    t, note = bot_advice(view, bot, names, legal, width, whose)
    return t + Text("\n" + note) if note else t


def bot_advice(
    view: SeatView,
    bot: Any,
    names: Sequence[str] | None = None,
    legal: Sequence[Any] | None = None,
    width: int = 0,
    whose: str = "your",
) -> tuple[Text, str]:
    """What the standard bot makes of the viewer's hand now: its best trump's estimate
    as a sum, part by part (`estimate_lines`: the meld, the pass's or kitty's meld, the
    partner's meld and the side's tricks, `bots.estimate.Estimate`), then what a bot
    would do from this seat now (`StandardBot.ceiling`: it follows the bids and the
    score, and keeps a margin under the estimate for the risk, larger at 5-8 seats),
    "it" after the sum, which names the standard bot first (``Standard bot, in ♠: ...``):
    ``it bids up to 360``, or ``it would pass:`` and why:
    ``its estimate ~210 is under 250`` (the estimate is under the next bid), ``it bids up
    to 230`` (its limit is under the next bid: said as where it bids, with the same note of
    the partner's calls, one wording of the limit throughout), ``its estimate ~76, less its safety
    margin, is under 75`` (the margin takes it under the lowest bid there is: no bid to
    name, so it is said against the next bid, the one the bot would have to make; in two
    lines of 22 cells ``too risky to bid 75``, never a bare "stops under 75" under an
    estimate of 76, which read as the bot contradicting itself), ``no suit fit for trump`` (no
    suit it may name, §3.6, or none long enough:
    "Bot estimate: no trump" read as a no-trump call; with no sum above it, ``the
    standard bot would pass:``).  "The standard bot", not "a bot": the expert's hint may
    bid where it passes.  In two lines of 22 cells the words are shorter (`said_in_two`:
    ``it would pass:`` / ``bids up to 230``).

    With the viewer to bid (``legal``, the seats' ``names``), it asks the bot's own
    decision (`StandardBot.bid_decision`, the hint's): where a rule about the partner makes
    it pass under its limit, the reason is said ("it would pass: North holds 260, West
    and East passed").  Lines are at most 22 cells (the centre has 23 at 80 columns), or
    ``width`` (the centre's, 60 at most) where that is wider: at 200x60 the lines ran down
    the middle in short lines.

    Returned apart, the note on how far the partner's call moved the bot's limit
    (`partner_note`, wrapped to the lines' room; "" where none is said): the auction
    panel leaves it out first where the centre is short of rows."""
    v = view.variant
    room = max(22, min(width, 60))
    note = ""
    ests = bot.estimates(view)
    t = Text()
    top = None
    limit = 0.0
    shown = 0
    if ests:
        best = max(ests, key=lambda e: (e.total, -e.trump))
        t.append_text(estimate_lines(v, best, room, whose))
        t.append("\n")
        shown = sum(x for _, x in estimate_parts(v, best))
        limit = bot.ceiling(view)
        top = bid_grid_at_most(v, limit)
    need = v.next_bid_after(view.high_bid or None)
    # what the standard bot does (the hint's expert may bid higher: it is another bot):
    # "it" under its sum, which names it first (a row less at 80 columns than "the
    # standard bot" again), else named
    bot_word = "it" if ests else "the standard bot"
    passes = f"{bot_word} would pass:"
    # (where the rules decide, "a bot": every bot, the expert too, does the same)
    if v.bid_requires_marriage and not holds_marriage(view.hand) and view.seat != view.dealer:
        t.append(said_in("a bot may not bid:", "no marriage", room))  # §9.1: only the stuck dealer bids without one
    elif view.to_act == view.seat and stuck(view) and (top is None or top <= v.stuck_bid):
        t.append(f"stuck: a bot bids {v.fmt(v.stuck_bid)}")  # the stuck dealer may not pass (§3.4)
    elif legal and PassBid() not in legal and (top is None or top < need):
        # obliged to open (§3.5): "it would pass" beside a pass the rules refuse read as
        # advice to break them; the duty is said, with the meld that makes it
        t.append(said_in_two(*must_open_why(view, need, bot_word, whose), room))
    elif trump_out_of_reach(view.hand, v):
        # no suit fit for trump, and no widow or pass to bring one (§3.6): a bid is set
        # (the stuck dealer, obliged to bid, is told so above)
        you = "you" if whose == "your" else whose.removesuffix("'s")
        head = f"{you} hold no {trump_need(v)}:"
        t.append(said_in_two(head, ("you could not name a trump and would be set", "a bid would be set"), room))
    elif not ests:
        t.append(said_in_two(passes, ("no suit fit for trump", "no fit for trump"), room))
    elif (top is None or top < need) and shown < need:
        est, nxt = v.fmt(shown), v.fmt(need)
        said = said_in_two(passes, (f"its estimate ~{est} is under {nxt}",), room)
        if said.count("\n") > 1:  # (the centre's 22 cells at 80 columns)
            # one sentence in two lines that says what is under what ("it would pass: ~320,
            # under 330" was cryptic), the sum's total named as above it; the terse form
            # only where even that does not fit
            said = said_in(f"{bot_word} would pass, as", f"~{est} is under the bid, {nxt}", room, paragraph=True)
            if said.count("\n") > 1:
                said = said_in_two(passes, (f"~{est}, under {nxt}",), room)
        t.append(said)
    elif top is not None and top < need:  # its limit is under the next bid
        # the limit in the words the help bids by ("bids up to 330"), with the same note of
        # the partner's calls: "with its safety margin it bids to 330 at most" a bid after
        # "bids up to 330 (-10 for North's pass)" told the one limit on another basis
        most = v.fmt(top)
        t.append(said_in_two(passes, (f"it bids up to {most}", f"bids up to {most}"), room))
        note = partner_lines(view, bot, best, names, room)
    elif top is None:  # under the lowest bid there is: said in bids one can make (never "to 42")
        # the estimate reaches the next bid, but its limit (`StandardBot.ceiling`: the
        # estimate less its margin for the risk) is under the lowest bid of the grid
        # (`bid_grid_at_most`), so no bid can name it: said as the comparison the bot
        # makes, its limit against the next bid (under the lowest bid, it is under that
        # too), true however wide the gap (each form says why, the margin for the risk:
        # "stops under 250" under "≈ 320" read as the bot contradicting its own
        # estimate; "under 250" beside a next bid of 280 named a bid no one can make)
        est, nxt = v.fmt(shown), v.fmt(need)
        under = (
            f"its estimate ~{est}, less its safety margin, is under {nxt}",
            f"~{est} less its safety margin is under {nxt}",
            f"~{est} less its margin is under {nxt}",
            # (what the margin means to a learner, in the 22 cells of an 80-column centre:
            # "safe bid < 280" read as a cipher)
            f"too risky to bid {nxt}",
        )
        t.append(said_in_two(passes, under, room))
    else:
        why = None
        if legal and names and view.to_act == view.seat:
            action, why = bot.bid_decision(view, legal)
            if not isinstance(action, PassBid):
                why = None
        if why is None:
            bids = said_in(bot_word, f"bids up to {v.fmt(top)}", room)
            t.append(bids[: -len(v.fmt(top))])
            t.append(v.fmt(top), style="bold")
            note = partner_lines(view, bot, best, names, room)
        else:  # its limit is above the bid, but a rule about the partner makes it pass
            # in three lines at most (the rows the centre has left under the sum at 80x24):
            # where naming the holder takes a fourth, the holder goes, as the centre's
            # high-bid line names it ("it would pass: Grandpa holds 250; it outbids a
            # partner only with 40 to spare" ran past the centre's 10 rows, cut mid-sentence)
            wordings = [
                said_in(passes, why_it_passes(view, bot, why, names or (), holder_said=named), room, paragraph=True)
                for named in (False, True)
            ]
            t.append(next((w for w in wordings if w.count("\n") < 3), wordings[-1]))
    return t, note


def help_differs(view: SeatView, action: Any, legal: Sequence[Any], bot: Any = None) -> str:
    """The expert's bid hint's note where the bidding help, beside it in the centre, does
    the other thing (one passes, the other bids): which adviser is which, in a few words
    (" · the bidding help is the standard bot's cautious estimate, which passes here; this
    hint is the expert's").  "it would pass" in the help beside the hint's "bid 250" read as
    two advisers contradicting each other.  ``bot``: the help's standard bot
    (`StandardBot.bid_decision`, as `bot_advice` asks it); "" where both agree, and where the
    rules leave no choice."""
    if view.phase is not Phase.AUCTION or PassBid() not in legal or len(legal) < 2:
        return ""
    if bot is None:
        from bots.standard import StandardBot

        bot = StandardBot()
    helps, _ = bot.bid_decision(view, legal)
    if isinstance(helps, PassBid) == isinstance(action, PassBid):
        return ""
    does = "passes" if isinstance(helps, PassBid) else "bids"
    return f" · the bidding help is the standard bot's cautious estimate, which {does} here; this hint is the expert's"


def must_open_why(view: SeatView, need: int, bot_word: str = "it", whose: str = "your") -> tuple[str, tuple[str, ...]]:
    """Why the viewer, to bid with no pass among its choices and no bid yet to beat, must
    open (§3.5), and the bid the standard bot (``bot_word``) then makes, ``need``, the
    lowest (`StandardBot.bid_decision`): the head ``you must open:`` and its reasons, the
    plainest first (`said_in_two`): "you hold meld (two dix 9♥ 9♥), so it bids 20", "two
    dix 9♥ 9♥, so it bids 20", "two dix, so it bids 20" (RU's must-open-with-meld names the
    meld, `meld_held`: a hand whose best trump melds nothing may hold a dix in another
    suit); "you hold a marriage", "you bid first" (the draft's non-dealer) in the other
    forms."""
    v = view.variant
    you = "you" if whose == "your" else whose.removesuffix("'s")
    bids = f"{bot_word} bids {v.fmt(need)}"
    if v.forced_opener == "must_open_with_meld":
        meld = pretty(meld_held(view.hand, v))
        named = meld_held(view.hand, v, cards=False)
        said: tuple[str, ...] = (f"{you} hold meld ({meld}), so {bids}", f"{meld}, so {bids}", f"{named}, so {bids}")
    else:
        why = f"{you} hold a marriage" if v.forced_opener == "must_bid_with_marriage" else f"{you} bid first"
        said = (f"{why}, so {bids}",)
    return f"{you} must open:", said


def partner_lines(view: SeatView, bot: Any, best: Any, names: Sequence[str] | None, room: int) -> str:
    """`partner_note` for the estimate ``best``, wrapped to ``room``: the lines under the
    standard bot's limit ("" where the calls moved nothing)."""
    moved = partner_note(view, bot, estimate_parts(view.variant, best), names or (), room)
    return "\n".join(textwrap.wrap(moved, room))


def partner_note(
    view: SeatView, bot: Any, parts: Sequence[tuple[str, int]], names: Sequence[str], room: int = 60
) -> str:
    """Why the standard bot's limit ("bids up to 360", said just before) moves with the
    partner's calls while the sum's partner's meld does not (the help read "partner's
    meld ~30" after the partner bid 270 and after it passed, beside a limit that moved
    280 to 310): "(+25 for North's bid, not its meld; partner's meld fixed)", "(-10 for
    North's pass; ...)" (`StandardBot.partner_move`), the partner's
    meld clause only where the sum shows that part.  A bid's +25 is what a partner's bid
    is worth to the limit in play (`StandardBot.partner_bid_bonus`, measured), not meld the
    partner holds ("(+25 for North's bid: its worth in play, not meld)" without the sum's
    meld clause): an expert partner bids on no meld where its deals make the contract,
    and the help's "+25" beside it read as meld.  In ``room`` cells too few for it in one line (the 22 of an
    80-column centre, whose rows the help fills), the move alone: "(+25 for North's
    bid)", "(+25: partner's bid)".

    Where the call moved the limit less than its allowance (`StandardBot.partner_allowance`)
    because the limit is held to what the hand can make, both are said: "(+6 for North's
    bid, not +25: held to what the hand makes)", "(+0 for North's bid: +25 capped)";
    and where a partner's bid has no allowance at all, as in a game without a pass
    (double-deck: the partner's cards never reach the bidder), that is said: "(+0 for
    North's bid: no pass brings its cards)", "(+0 for North's bid: no pass)", in two
    lines where even that is too wide (never the move without its reason).  A silent
    help there read as the bot ignoring the partner.  "" where no partner has called
    (or a bot that does not say)."""
    move = getattr(bot, "partner_move", None)  # (a bot standing in for the standard one may not say)
    shift = move(view) if move is not None else 0.0
    allowance = getattr(bot, "partner_allowance", None)
    nominal = allowance(view) if allowance is not None else shift
    v = view.variant
    amount = mean_points(v, abs(shift))
    moved_any = bool(amount.strip("0."))
    side = v.side_of
    partners = [s for s in range(v.players) if s != view.seat and side[s] == side[view.seat]]
    calls = [(s, a) for s, a in view.bids if s in partners]
    if not calls:
        return ""
    nominal_said = mean_points(v, abs(nominal))
    if not moved_any and not nominal_said.strip("0."):
        # no allowance at all: said for a partner's bid in a game without a pass, where the
        # rules give the partner's cards no way to the bidder
        if not (any(a > 0 for _, a in calls) and not v.pass_count):
            return ""
        bid = True
    else:
        bid = (nominal if not moved_any else shift) > 0  # (a partner's bid raises the limit, a pass lowers it)
    callers = list(dict.fromkeys(s for s, a in calls if (a > 0) == bid))
    call = "bid" if bid else "pass"
    if len(callers) == 1 and len(names) > callers[0]:
        who = f"{names[callers[0]]}'s {call}"
    else:
        who = f"partners' {call}{'s' if bid else 'es'}" if len(callers) > 1 else f"partner's {call}"
    sign = "+" if bid else "-"
    moved = f"{sign}{amount}" if moved_any else "+0" if bid else "0"
    meld = "".join(f"; {w} fixed" for w, _ in parts if w.startswith("partner"))
    if not nominal_said.strip("0."):
        forms = [f"({moved} for {who}: no pass brings its cards)", f"({moved} for {who}: no pass)"]
    elif nominal_said != amount:
        # the cap (what the hand can make) held the limit: the allowance said beside the move
        nom = f"{sign}{nominal_said}"
        forms = [
            f"({moved} for {who}, not {nom}: held to what the hand makes)",
            f"({moved} for {who}: {nom} capped)",
        ]
    elif bid:
        # what the allowance is (`StandardBot.partner_bid_bonus`): a partner's bid is worth
        # that much to the side's limit in play, measured, not meld the partner shows (an
        # expert partner bids on no meld at all where its deals make the contract)
        forms = [f"({moved} for {who}, not its meld{meld})"] if meld else []
        forms += [f"({moved} for {who}: its worth in play, not meld)", f"({moved} for {who})", f"({moved}: {who})"]
    else:
        forms = [f"({moved} for {who}{meld})", f"({moved} for {who})", f"({moved}: {who})"]
    return next((f for f in forms if len(f) <= room), forms[-1])


def call_list(ctx: SeatFacts) -> Text:
    """The trump cards the bidder may call, with how many of each it holds (the partner is
    the first other holder clockwise: a card held twice already is a weaker call)."""
    view = ctx.view
    copies = make_deck(ctx.variant.deck).count
    t = Text()
    for i, (_label, action, _ok) in enumerate(ctx.options):
        held = view.hand.count(action.card)
        card = card_text(action.card, "bold")
        t.append(("\n" if i else "") + f"{i + 1} {' ' * (3 - card.cell_len)}")
        t.append_text(card)
        t.append(f"  you hold {held} of {copies(action.card)}")
    return t


def help_head(whose: str = "your") -> str:
    """The bidding help's first line: ``Your meld by trump:``, or the seat's name where
    no person sits there (``South's meld by trump:``, `owner`)."""
    return f"{'Your' if whose == 'your' else whose} meld by trump:"


class HelpParts(NamedTuple):
    """The bidding help's parts, in the order drawn; the auction panel leaves out the
    lesser ones where the centre is short of rows (`AuctionPanel.body`)."""

    head: Text  # ``Your meld by trump:``
    meld: Text  # the meld under each trump (`meld_by_trump`)
    advice: Text  # the bot's estimate and what it would do (`bot_advice`)
    note: Text  # how far the partner's call moved the bot's limit (empty where none is said)
    # the meld with its own short heading, in its place once the heading has given way
    # (``Meld: ♠20 ♥50 ♦30 ♣20``)
    labelled: Text


class BiddingHelp:
    """The bidding help under the auction: the viewer's meld by trump and the
    standard bot's estimate, worked out once per hand, bids and scores."""

    def __init__(self) -> None:
        self._bot: Any = None
        self._key: Any = None
        self._parts = HelpParts(Text(), Text(), Text(), Text(), Text())

    def parts(
        self,
        view: SeatView,
        width: int = 0,
        names: Sequence[str] | None = None,
        legal: Sequence[Any] | None = None,
        whose: str = "your",
    ) -> HelpParts:
        """The help in its `HelpParts`.  ``names`` and ``legal`` (the viewer to bid): the
        bot's own decision is asked too, and its reason said where it passes under its
        limit (`bot_advice`); ``whose``: the hand's owner, "your" or the seat's name
        ("South's", `owner`)."""
        names = tuple(names or ())
        key = (
            id(view.variant),
            view.hand,
            view.bids,
            view.scores,
            view.seat,
            view.target,
            width,
            names,
            bool(legal),
            whose,
        )
        if key != self._key:
            if self._bot is None:
                from bots.standard import StandardBot  # only once an auction is shown

                self._bot = StandardBot()
            advice, note = bot_advice(view, self._bot, names, legal, width, whose)
            # (the meld a cell short of the centre: a full centre's scroll bar takes one)
            meld = meld_by_trump(view, max(0, width - 1))
            labelled = meld_by_trump(view, max(0, width - 1), MELD_LABEL)
            self._key = key
            self._parts = HelpParts(Text(help_head(whose), style="bold"), meld, advice, Text(note), labelled)
        return HelpParts(*(part.copy() for part in self._parts))

    def text(
        self,
        view: SeatView,
        width: int = 0,
        names: Sequence[str] | None = None,
        legal: Sequence[Any] | None = None,
        whose: str = "your",
    ) -> Text:
        """The whole help: its `parts` a line apart (its heading and the meld under it)."""
        parts = self.parts(view, width, names, legal, whose)
        return Text("\n").join(p for p in parts[:4] if p.plain)


def stuck(view: SeatView) -> bool:
    """Everyone else has passed without a bid: the dealer to act is stuck (§3.4)."""
    v = view.variant
    others = [a for s, a in view.bids if s != view.to_act]
    return (
        v.all_pass == "dealer_stuck"
        and not view.high_bid
        and view.to_act == view.dealer
        and len(others) == v.players - 1
        and not any(others)
    )


def widow_handed_text(ctx: SeatFacts) -> Text:
    """The bidder's own record while it hands the widow out (§2.4 (c)): the card it kept
    and the card each seat got so far (only the bidder sees this: ``view.handed``)."""
    view = ctx.view
    n = ctx.variant.players
    out = Text()
    for step, card in enumerate(view.handed):
        who = "You keep" if step == 0 else f"{ctx.names[((view.bidder or 0) + step) % n]} gets"
        out.append(f"\n{who} ")
        out.append_text(card_text(card, "bold"))
    return out


def trump_prompt(ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
    """Name trump: where the variant asks for a marriage in trump (§3.6), the suits the
    bidder may not name are marked on their buttons and the prompt says why."""
    v, view = ctx.variant, ctx.view
    won = f"You won at {v.fmt(view.contract or 0)}."
    if v.summed_contracts:  # §0.4.17: the highest single bid; the side's bids added
        won = f"Your bid is highest (your side's contract {v.fmt(view.contract or 0)})."
    buttons = choice_buttons(ctx)
    ok = [s for s in range(4) if trump_allowed(view.hand, s, v)]
    if v.trump_requirement == "any" or len(ok) == 4:
        return Text(keys(f"{won} Name trump (1-4, or ←→ and {key('choose')}):")), buttons
    need = trump_need(v)
    if not ok:  # the house rule: any trump, and the bidder is set at once (§3.6)
        return Text(keys(f"{won} You hold no {need}: any trump sets you (1-4):")), buttons
    mark = "no marriage" if v.trump_requirement == "marriage" else "no K-Q/dix"
    for i, (_label, act, allowed, chosen) in enumerate(buttons):
        if i not in ok:  # greyed too where the rules refuse it (trump_violation "prevented")
            buttons[i] = (f"{i + 1} {Style.suit(i)} {mark}", act, allowed, chosen)
    where = " ".join(Style.suit(s) for s in ok)
    nums = " ".join(str(s + 1) for s in ok)
    if v.trump_violation != "prevented":  # the house rule: another suit sets the bidder (§3.6)
        head = f"{won} Trump needs a {need}: {where}; another sets you (1-4):"
    else:
        head = f"{won} Trump needs a {need}: {where} ({nums}, or ←→ and {key('choose')}):"
    return Text(keys(head)), buttons


WIDE_CENTRE = 60  # a centre this wide (a big terminal) has a phase's lines in its middle (the table's)


def centred(t: Text, width: int) -> Text:
    """``t``'s lines as a block in the middle of ``width`` cells, the lines left-aligned
    within it (at 200x60 the auction sat at the left of a large
    empty centre, and so did passing); as it is where the block is as
    wide.  The table screen applies it to every phase's text."""
    lines = t.split("\n", allow_blank=True)
    pad = (width - max(line.cell_len for line in lines)) // 2
    if pad <= 0:
        return t
    return Text("\n").join(Text(" " * pad) + line if line.plain else line for line in lines)


def high_bid_line(v: Any, amount: int, bidder: str, names: Sequence[str], width: int) -> str:
    """ "High bid 40 by West." in ``width`` cells, or "High 40 by West." when the long form
    does not fit the longest of ``names``: one row, not two, in the 23 cells of the centre
    at 80 columns (five-hand's "High bid 40 by Northwest."; the bidding help needs the row),
    and one form for the whole table, not a form a bidder ("High 35 by Northeast." then
    "High bid 37 by West." in one auction)."""
    longest = max((len(n) for n in names), default=len(bidder))
    bidder = "you" if bidder == "You" else bidder  # the viewer, mid-sentence
    long_form = len(f"High bid {v.fmt(amount)} by .") + max(longest, len(bidder)) <= width
    return f"High {'bid ' if long_form else ''}{v.fmt(amount)} by {bidder}."


class AuctionPanel(Panel):
    """Phases DEAL, AUCTION and TRUMP."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.help = BiddingHelp()

    def width_now(self) -> int:
        """The room for a line: the centre's, the width the panel has once its lines fit
        (the panel's own is a column less while the centre shows the scroll bar of a taller
        text drawn before, and lines laid out for it stayed so once the bar went: six-hand
        at 80x24 lost its sum's heading); the panel's before the centre has a width."""
        parent = self.parent
        width = parent.content_size.width if isinstance(parent, Widget) else 0
        return int(width or self.content_size.width)

    def height_now(self) -> int:
        """The centre's rows (the panel's own height lags behind the table's first layout);
        a large number before any layout."""
        parent = self.parent
        height = parent.content_size.height if isinstance(parent, Widget) else 0
        return int(height or self.content_size.height or 1000)

    def body(self, ctx: SeatFacts) -> Text:
        view, v, names = ctx.view, ctx.variant, ctx.names
        t = Text()
        if view.phase is Phase.DEAL:
            t.append(f"{names[view.to_act]} may call a misdeal on this deal.")
        elif view.phase is Phase.AUCTION:
            width = self.width_now()
            forced = forced_opening(v, view.bids, names)
            if forced:  # no full stop: a row of its own, as short as the centre needs
                t.append(forced + "\n", style="bold")
            if view.high_bid and not (forced and len([a for _, a in view.bids if a]) == 1):
                high = [s for s, a in view.bids if a == view.high_bid][-1]
                t.append(high_bid_line(v, view.high_bid, names[high], names, width) + "\n")
            elif stuck(view):
                who = names[view.to_act]
                t.append(f"The others passed: {mid(who)} {says(who, 'is', 'are')} stuck with {v.fmt(v.stuck_bid)}.\n")
            elif not view.high_bid:
                line = f"No bid yet. Minimum bid {v.fmt(v.min_bid)}."
                t.append((line if len(line) <= width else f"No bid yet (min. {v.fmt(v.min_bid)}).") + "\n")
            to_bid = Text(f"{names[view.to_act]} to bid.") if ctx.to_act is not None else Text()
            # (a hosted table waiting at the deal: nobody is to bid yet)
            # the help is for a bid the viewer can still make: once it has passed, it goes
            # ('it bids to 26: pass' stayed all auction)
            passed = v.pass_is_final and any(s == ctx.viewer and a == 0 for s, a in view.bids)
            if ctx.viewer is not None and view.hand and not passed:
                legal = ctx.legal or None  # (the seat's own, when it is to bid)
                whose = owner(ctx)
                help_parts = self.help.parts(view, width, names, legal, whose)
                rows = self.height_now()
                above = len((t + to_bid).wrap(self.app.console, max(1, width)))
                # where the centre is short of rows (five- and six-hand at 80x24 have 8, the
                # four-hand game 10), the help's lesser lines give way, never "You to bid.":
                # first its heading, the meld by trump then headed in its own line ("Meld:
                # ♠20 ♥50 ♦30 ♣20": bare figures read as nothing), then the note on the partner's call (the limit
                # it explains stays), then the meld by trump (the sum names the meld in the
                # bot's trump; m shows every suit's)
                parts = [part for part in help_parts[:4] if part.plain]
                for lesser in (help_parts.head, help_parts.note, help_parts.meld):
                    lines = above + sum(len(part.plain.splitlines()) for part in parts)
                    widest = max(len(ln) for x in (t, to_bid, *parts) for ln in x.plain.splitlines() or [""])
                    # a centre filled to its last row with a line of its whole width flips to
                    # its scroll bar for good (a line of 23 cells in the centre at 80
                    # columns): the bar takes a column, the line wraps, the rows overflow
                    full = lines > rows or (lines == rows and widest >= width)
                    if not full:
                        break
                    gone = (lesser, help_parts.labelled) if lesser is help_parts.meld else (lesser,)
                    parts = [part for part in parts if all(part is not g for g in gone)]
                    if lesser is help_parts.head:  # the meld says what it is in its own line
                        parts = [help_parts.labelled if part is help_parts.meld else part for part in parts]
                lines = above + sum(len(part.plain.splitlines()) for part in parts)
                help_ = Text("\n").join(parts)
                t.append_text(to_bid)
                # a blank line between the bids and the help where the centre has the row and
                # one to spare: a centre filled to its last row may show its scroll bar,
                # which takes a column and wraps the widest line
                if to_bid.plain:
                    t.append("\n\n" if lines + 1 < rows else "\n")
                t.append_text(help_)
            else:
                t.append_text(to_bid)
        elif view.phase is Phase.TRUMP and view.bidder is not None:
            t = after_auction_text(ctx)
            if ctx.viewer is not None and view.bidder == ctx.viewer:
                t.append(f"\n{help_head(owner(ctx))}\n", style="bold")
                t.append_text(meld_by_trump(view, self.width_now()))
        elif view.phase is Phase.KITTY and view.bidder is not None:
            t = after_auction_text(ctx)
            if ctx.viewer is not None and view.bidder == ctx.viewer:
                t.append_text(widow_handed_text(ctx))
        elif view.phase is Phase.ASK_PASS and view.bidder is not None:
            t = after_auction_text(ctx)
            if ctx.viewer is not None and view.bidder == ctx.viewer and view.trump is not None:
                meld = score_meld(view.hand, view.trump, v).total
                whose = owner(ctx, capital=True)
                t.append(f"\n{whose} meld in {SUIT_NAMES[view.trump.index]}: {v.fmt(meld)}.")
        elif view.phase is Phase.CALL and view.bidder is not None:  # five-hand (§2.12)
            if ctx.viewer is not None and view.bidder == ctx.viewer:  # 8 lines: the centre at 80x24
                t.append("Call a partner's card:\n", style="bold")
                t.append_text(call_list(ctx))
            else:
                t = after_auction_text(ctx)
        return t  # (in a wide centre the table puts it in the middle, as every phase's: `centred`)

    @addressed
    def prompt(self, ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
        v, view = ctx.variant, ctx.view
        if view.phase is Phase.DEAL:
            return Text("Your hand allows a misdeal. Keep it, or call a misdeal?"), choice_buttons(ctx)
        if view.phase is Phase.CALL:
            n = len(ctx.options)
            head = keys(f"Call a trump card: its first holder is your partner ({choose_keys(n)}):")
            return Text(head), choice_buttons(ctx)
        if view.phase is Phase.TRUMP:
            return trump_prompt(ctx)
        if view.phase is Phase.KITTY:  # §2.4 (c): one card kept, then one to each other seat
            n = len(ctx.options)
            who = kitty_taker(view)
            word = blind_word(v)
            ask = f"Keep one {word} card" if who is None else f"Give {ctx.names[who]} a {word} card"
            return Text(keys(f"{ask} ({choose_keys(n)}):")), choice_buttons(ctx)
        if view.phase is Phase.ASK_PASS:  # §0.4.19
            head = (
                f"Ask your partner for the pass of {v.pass_count}, or play without it (1-2, or ←→ and {key('choose')}):"
            )
            return Text(keys(head)), choice_buttons(ctx)
        amounts = ctx.bid_amounts
        if not amounts and ctx.may_pass:  # e.g. no marriage where a bid needs one (§9.1)
            why = " you hold no marriage, so you may not bid:" if v.bid_requires_marriage else ""
            t = Text(keys(f"Your bid:{why} {key('pass_bid')} passes · {key('hint')} hints"))
            return t, [("Pass", "pass_bid", True, True), ("Hint", "hint", True, False)]
        amount = amounts[min(ctx.bid_index, len(amounts) - 1)] if amounts else 0
        t = Text("Your bid: ")
        t.append(f" {'<' if Style.ascii else '◀'} {v.fmt(amount)} {'>' if Style.ascii else '▶'} ", style="bold reverse")
        may_pass = ctx.may_pass
        if may_pass:
            bid, pass_, hint = key("bid"), key("pass_bid"), key("hint")
            t.append(keys(f"  {up_down()} raise/lower · {bid} bids · {pass_} passes · {hint} hints"))
        else:  # (stuck, or obliged to open): within 78 cells, the prompt's width at 80 columns
            bids = f"{key('bid')} bids"
            t.append(keys(f"  {up_down()} raise/lower · {bids}" if len(amounts) > 1 else f"  {bids}"))
            t.append(" · no pass", style="bold")
            t.append(f" · {key('hint')} hints")
        buttons: list[ButtonSpec] = [(f"Bid {v.fmt(amount)}", "bid", bool(amounts), True)]
        if may_pass:
            buttons.append(("Pass", "pass_bid", True, False))
        buttons.append(("Hint", "hint", True, False))
        return t, buttons
