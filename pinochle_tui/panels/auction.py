"""The auction panel: a misdeal call on the deal, the bids, and the bidder naming trump."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.widget import Widget

from rules import PassBid, Phase, SeatView, Variant, make_deck, score_meld
from rules.auction_round import holds_marriage, trump_allowed

from ..checks_view import blind_word, forced_opening
from ..keymap import key, up_down
from ..render import SUIT_NAMES, Style, and_list, card_text, keys, mid, says
from ..table.facts import kitty_taker
from .base import ButtonSpec, Panel, SeatFacts, addressed, after_auction_text, choice_buttons


def meld_by_trump(view: SeatView, width: int = 0) -> Text:
    """The viewer's meld under each trump (``♠ 40  ♥ 60  ♦ 20  ♣ 150``, one space apart
    where two do not fit ``width``, and no space after the suit where one does not); a
    suit its hand may not name (no marriage where the variant asks one, RULES.md §3.6) is
    dimmed."""
    v = view.variant
    points = [v.fmt(score_meld(view.hand, s, v).total) for s in range(4)]
    entries = [f"{Style.suit(s)} {p}" for s, p in enumerate(points)]
    sep = "  " if not width or sum(map(len, entries)) + 6 <= width else " "
    if width and sum(map(len, entries)) + 3 > width:  # four-figure melds: ♠1020 ♥990 ...
        entries = [f"{Style.suit(s)}{p}" for s, p in enumerate(points)]
    t = Text()
    for s, entry in enumerate(entries):
        if s:
            t.append(sep)
        t.append(entry, style="" if trump_allowed(view.hand, s, v) else "dim")
    return t


def meld_by_trump_text(view: SeatView) -> Text:
    """The viewer's meld under each trump, meld by meld (``m`` before trump is named, when
    everyone's meld is not laid down yet); a suit its hand may not name is dimmed."""
    v = view.variant
    t = Text("Your meld under each trump", style="bold underline")
    t.append("  (everyone's meld is laid down once trump is named)\n")
    for s in range(4):
        m = score_meld(view.hand, s, v)
        dim = "" if trump_allowed(view.hand, s, v) else " dim"
        t.append(f"{Style.suit(s)} {v.fmt(m.total)}:", style="bold" + dim)
        if not m.melds:
            t.append(" no meld", style="dim")
        for k, meld in enumerate(m.melds):
            t.append((" · " if k else " ") + f"{meld.name} ", style=dim.strip())
            t.append_text(Text(" ").join(card_text(x) for x in meld.cards))
            t.append(f" {v.fmt(meld.points)}", style="bold" + dim)
        t.append("\n")
    return t


def bid_grid_at_most(v: Variant, amount: float) -> int | None:
    """The highest bid of the variant's grid (§3.1, §3.3) not above ``amount``."""
    best = None
    for first, last, unit in v.bid_segments():
        if first <= amount:
            best = first + (int(min(amount, last)) - first) // unit * unit
    return best


def worked_out(v: Variant, points: float) -> str:
    """A figure worked out rather than counted (an estimate) as the game shows points: to
    the nearest 10 of the canonical scale, so a whole number in an x1 game and a multiple
    of 10 in an x10 game, as its bids are (not "44.1" in three-hand)."""
    return v.fmt(round(points / 10) * 10)


def why_it_passes(view: SeatView, bot: Any, why: str, names: Sequence[str]) -> str:
    """The standard bot's reason (`StandardBot.bid_decision`) for passing at a bid under
    its limit, in words: the bidding help says it where it would otherwise say "bids up
    to" while the hint passes (a double pinochle with partner
    holding 260 and the opponents out read "bot bids up to 590", the hint "pass")."""
    v = view.variant
    side = v.side_of
    scale = v.hand_trick_total / 250.0
    holder = next((s for s, a in reversed(view.bids) if a), view.seat)
    who, high = mid(names[holder]), v.fmt(view.high_bid or 0)
    if why == "partner_holds_opponents_out":
        seats = [(view.seat + k) % v.players for k in range(1, v.players)]  # clockwise
        opps = [mid(names[s]) for s in seats if side[s] != side[view.seat]]
        return f"{who} holds {high}, {and_list(opps)} passed"  # 3 lines: the centre's 10 rows at 80x24
    if why == "partner_holds":
        # (the hand's worth over the bid, never the raise: a raise limit, §0.4.20, may allow no such raise)
        worth = v.fmt(int(bot.overcall * scale))
        return f"{who} holds {high}; it outbids a partner only with {worth} to spare"  # 4 lines at 80x24
    if why == "partner_forced":
        return f"{who}'s {high} was forced; it takes over only with a strong hand"
    return why


def bot_estimate(
    view: SeatView,
    bot: Any,
    names: Sequence[str] | None = None,
    legal: Sequence[Any] | None = None,
    width: int = 0,
) -> Text:
    """What the standard bot makes of the viewer's hand now: its best trump's worth (meld,
    the pass's or kitty's meld, the partner's allowance and the side's tricks:
    `bots.estimate.Estimate.total`) and the bid it would go to from this seat now
    (`StandardBot.ceiling`: it follows the bids and the score).

    The bot keeps a margin below the worth for the risk (larger at 5-8 seats), and the
    lines say so: "Worth about 87 in ♣" then "bot stops under 75" read as a
    contradiction. The worth says what it is made of,
    ``meld+tricks ~87 in ♣`` (a bare "Worth about 370 in ♦" beside a strongest meld of ♣ 70
    said nothing of where the 370 came from), and a hand with no suit to bid on says
    ``No suit fit for trump:`` (``Bot estimate: no trump`` read as a no-trump call).  Where
    the bot passes, three lines of at most 22 cells (the centre has 23 at 80 columns):
    ``meld+tricks ~87 in ♣`` ``a bot keeps a margin:`` ``it bids to 74: pass``; else two.

    With the viewer to bid (``legal``, the seats' ``names``), it asks the bot's own
    decision (`StandardBot.bid_decision`, the hint's): where a rule about the partner makes
    it pass under its limit, the lines say so ("bot bids up to 590, but passes here: North
    holds 260, West and East passed"), wrapped to 22 cells, or to ``width`` (the centre's,
    60 at most) where that is wider: at 200x60 it ran down the middle in five short lines."""
    v = view.variant
    ests = bot.estimates(view)
    t = Text()
    top = None
    limit = 0.0
    if not ests:  # no suit it may name (§3.6), or none long enough: not a no-trump call
        t.append("No suit fit for trump:")
    else:
        best = max(ests, key=lambda e: (e.total, -e.trump))
        t.append("meld+tricks ~")  # the side's meld, the pass's, the partner's and the tricks: not the meld alone
        t.append(f"{worked_out(v, best.total)} in {Style.suit(best.trump)}", style="bold")
        limit = bot.ceiling(view)
        top = bid_grid_at_most(v, limit)
    if v.bid_requires_marriage and not holds_marriage(view.hand) and view.seat != view.dealer:
        t.append("\nno marriage: it may not bid")  # §9.1: only the stuck dealer bids without one
    elif view.to_act == view.seat and stuck(view) and (top is None or top <= v.stuck_bid):
        t.append(f"\nstuck: it plays {v.fmt(v.stuck_bid)}")  # the stuck dealer may not pass (§3.4)
    elif not ests:
        t.append("\na bot would pass")
    elif top is None or top < v.next_bid_after(view.high_bid or None):
        # its limit is under the lowest bid (said rounded down) or under the next bid
        t.append("\na bot keeps a margin:\nit bids to ")
        t.append(v.fmt(max(0, int(limit) // 10 * 10) if top is None else top), style="bold")
        t.append(": pass")
    else:
        t.append("\nbot bids up to ")
        t.append(v.fmt(top), style="bold")
        if legal and names and view.to_act == view.seat:
            action, why = bot.bid_decision(view, legal)
            if why is not None and isinstance(action, PassBid):
                t.append(
                    ","
                )  # the reason within 22 cells a line at 80 columns, the centre's width (60 at most) on a wider one
                room = max(22, min(width, 60))
                for line in textwrap.wrap("but passes here: " + why_it_passes(view, bot, why, names), room):
                    t.append("\n" + line)
    return t


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


def choose_keys(n: int) -> str:
    """The keys that pick one of ``n`` choices: ``1-3, or ←→ and Enter``; ``1 or Enter``
    for a single one (it said "1-1, or ←→ and Enter")."""
    return f"1-{n}, or ←→ and {key('choose')}" if n > 1 else f"1 or {key('choose')}"


class BiddingHelp:
    """The bidding help under the auction: the viewer's meld by trump and the
    standard bot's estimate, worked out once per hand, bids and scores."""

    def __init__(self) -> None:
        self._bot: Any = None
        self._key: Any = None
        self._text = Text()

    def text(
        self, view: SeatView, width: int = 0, names: Sequence[str] | None = None, legal: Sequence[Any] | None = None
    ) -> Text:
        """``names`` and ``legal`` (the viewer to bid): the bot's own decision is asked
        too, and its reason said where it passes under its limit (`bot_estimate`)."""
        names = tuple(names or ())
        key = (id(view.variant), view.hand, view.bids, view.scores, view.seat, view.target, width, names, bool(legal))
        if key != self._key:
            if self._bot is None:
                from bots.standard import StandardBot  # only once an auction is shown

                self._bot = StandardBot()
            t = Text("Your meld by trump:\n", style="bold")
            t.append_text(meld_by_trump(view, width))
            t.append("\n")
            t.append_text(bot_estimate(view, self._bot, names, legal, width))
            self._key, self._text = key, t
        return self._text.copy()


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
    need = "marriage" if v.trump_requirement == "marriage" else "marriage or dix"
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


class AuctionPanel(Panel):
    """Phases DEAL, AUCTION and TRUMP."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.help = BiddingHelp()

    def width_now(self) -> int:
        """The room for a line: the panel's, or the centre's while the panel is still hidden
        (shown again after another panel, e.g. three-hand-check's forced 300 looking at
        the widow: its own width is 0 until the next layout)."""
        width = self.content_size.width
        parent = self.parent
        if not width and isinstance(parent, Widget):
            width = parent.content_size.width
        return int(width)

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
            forced = forced_opening(v, view.bids, names)
            if forced:  # no full stop: 23 cells, the centre's width at 80 columns
                t.append(forced + "\n", style="bold")
            if view.high_bid and not (forced and len([a for _, a in view.bids if a]) == 1):
                high = [s for s, a in view.bids if a == view.high_bid][-1]
                t.append(f"High bid {v.fmt(view.high_bid)} by {names[high]}.\n")
            elif stuck(view):
                who = names[view.to_act]
                t.append(f"The others passed: {mid(who)} {says(who, 'is', 'are')} stuck with {v.fmt(v.stuck_bid)}.\n")
            elif not view.high_bid:
                t.append(f"No bid yet. Minimum bid {v.fmt(v.min_bid)}.\n")
            if ctx.to_act is not None:  # (a hosted table waiting at the deal: nobody is to bid yet)
                t.append(f"{names[view.to_act]} to bid.")
            # the help is for a bid the viewer can still make: once it has passed, it goes
            # ('it bids to 26: pass' stayed all auction)
            passed = v.pass_is_final and any(s == ctx.viewer and a == 0 for s, a in view.bids)
            if ctx.viewer is not None and view.hand and not passed:
                legal = ctx.legal or None  # (the seat's own, when it is to bid)
                help_ = self.help.text(view, self.width_now(), names, legal)
                lines = len(t.wrap(self.app.console, max(1, self.width_now()))) + len(help_.plain.splitlines())
                # a blank line between the bids and the help where the centre has the row and
                # one to spare: a centre filled to its last row may show its scroll bar,
                # which takes a column and wraps the widest line
                t.append("\n\n" if lines + 1 < self.height_now() else "\n")
                t.append_text(help_)
        elif view.phase is Phase.TRUMP and view.bidder is not None:
            t = after_auction_text(ctx)
            if ctx.viewer is not None and view.bidder == ctx.viewer:
                t.append("\nYour meld by trump:\n", style="bold")
                t.append_text(meld_by_trump(view, self.width_now()))
        elif view.phase is Phase.KITTY and view.bidder is not None:
            t = after_auction_text(ctx)
            if ctx.viewer is not None and view.bidder == ctx.viewer:
                t.append_text(widow_handed_text(ctx))
        elif view.phase is Phase.ASK_PASS and view.bidder is not None:
            t = after_auction_text(ctx)
            if ctx.viewer is not None and view.bidder == ctx.viewer and view.trump is not None:
                meld = score_meld(view.hand, view.trump, v).total
                t.append(f"\nYour meld in {SUIT_NAMES[view.trump.index]}: {v.fmt(meld)}.")
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
            t = Text(keys(f"Your bid:{why} {key('pass_bid')} passes · {key('hint')} suggests"))
            return t, [("Pass", "pass_bid", True, True), ("Suggest", "hint", True, False)]
        amount = amounts[min(ctx.bid_index, len(amounts) - 1)] if amounts else 0
        t = Text("Your bid: ")
        t.append(f" {'<' if Style.ascii else '◀'} {v.fmt(amount)} {'>' if Style.ascii else '▶'} ", style="bold reverse")
        may_pass = ctx.may_pass
        if may_pass:
            bid, pass_, hint = key("bid"), key("pass_bid"), key("hint")
            t.append(keys(f"  {up_down()} raise/lower · {bid} bids · {pass_} passes · {hint} suggests"))
        else:  # (stuck, or obliged to open): within 78 cells, the prompt's width at 80 columns
            bids = f"{key('bid')} bids"
            t.append(keys(f"  {up_down()} raise/lower · {bids}" if len(amounts) > 1 else f"  {bids}"))
            t.append(" · no pass", style="bold")
            t.append(f" · {key('hint')} suggests")
        buttons: list[ButtonSpec] = [(f"Bid {v.fmt(amount)}", "bid", bool(amounts), True)]
        if may_pass:
            buttons.append(("Pass", "pass_bid", True, False))
        buttons.append(("Suggest", "hint", True, False))
        return t, buttons
