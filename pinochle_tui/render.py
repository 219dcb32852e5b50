"""Text for cards, actions and rules (no widgets here).

Suits are told apart by glyph (``♠ ♥ ♦ ♣``) or, with ``--ascii`` or a terminal that
cannot show them, by letter (``S H D C``); colour is only ever extra.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

from rich.text import Text

from rules import (
    Bid,
    Bury,
    ClaimMisdeal,
    Concede,
    KeepHand,
    NameTrump,
    PassBid,
    PassCards,
    Play,
    PlayOn,
    RoundState,
    Suit,
    Variant,
    describe_action,
    observe,
)

CardT = TypeVar("CardT", bound=int)


class Named(Protocol):
    """A seat as the text here needs it: its name."""

    @property
    def name(self) -> str: ...


class GameInfo(Protocol):
    """What the log and result lines read of a game: the variant, the seats' names, the
    round and the sides' names.  `controller.Controller` is one; the controller imports
    this module, never the other way round."""

    variant: Variant
    round: Any

    @property
    def seats(self) -> Sequence[Named]: ...

    def side_name(self, side: int) -> str: ...


GLYPHS = ("♠", "♥", "♦", "♣")
LETTERS = ("S", "H", "D", "C")
RANKS = ("A", "10", "K", "Q", "J", "9")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
CARD_GLYPH_CHARS = set("♠♥♦♣♤♡♢♧")


class Style:
    """How cards are drawn: glyphs or letters."""

    ascii = False
    color = True  # False with NO_COLOR: red suits would turn a dim grey, so no suit colour at all

    @classmethod
    def suit(cls, s: int) -> str:
        return LETTERS[s] if cls.ascii else GLYPHS[s]

    @classmethod
    def card(cls, c: int) -> str:
        return RANKS[c % 6] + cls.suit(c // 6)

    @classmethod
    def cards(cls, cards: Iterable[int]) -> str:
        return " ".join(cls.card(c) for c in cards)


def terminal_wants_ascii() -> bool:
    enc = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return bool(enc) and "utf" not in enc


def suit_color(s: int) -> str:
    """Red hearts and diamonds where colour shows; with NO_COLOR every suit is full contrast
    (a red made grey would look like a dimmed, unplayable card)."""
    return "red" if Style.color and s in (1, 2) else ""


def card_text(c: int, style: str = "") -> Text:
    """A card as styled text, e.g. ``10♥`` (red hearts/diamonds where colour shows)."""
    col = suit_color(c // 6)
    return Text(Style.card(c), style=f"{col} {style}".strip())


def sort_key(trump: int | None) -> Any:
    """Display order: trump first once named, then S H D C; within a suit A down to 9."""
    t = -1 if trump is None else trump

    def key(c: int) -> tuple[int, int, int]:
        s = c // 6
        return (0 if s == t else 1, s, c % 6)

    return key


def sorted_hand(hand: Sequence[CardT], trump: int | None) -> list[CardT]:
    return sorted(hand, key=sort_key(trump))


def trump_index(view: Any) -> int | None:
    return None if view.trump is None else view.trump.index


_CARD_TOKEN = re.compile(r"\b(10|[ATKQJ9])([SHDC])\b")


def pretty(message: str) -> str:
    """Card notation in an engine message (``KC``) drawn the way the table draws cards."""

    def sub(m: re.Match[str]) -> str:
        rank = "10" if m.group(1) in ("T", "10") else m.group(1)
        return rank + Style.suit("SHDC".index(m.group(2)))

    return _CARD_TOKEN.sub(sub, message)


def says(name: str, third: str, base: str) -> str:
    """``West passes`` but ``You pass``: the human seat is "You"."""
    return base if name == "You" else third


def mid(name: str) -> str:
    """A seat's name inside a sentence: ``West``, but ``you`` for the human seat."""
    return "you" if name == "You" else name


def trick_points(v: Variant, cards: Sequence[int], n: int) -> int:
    """What trick number ``n`` (1-based) of ``cards`` took (x10): its counters, plus the
    last-trick bonus when it is the hand's last trick (RULES.md §6.3)."""
    pts = sum(v.card_points[c] for c in cards)
    return pts + v.last_trick_bonus if n == v.cards_per_hand else pts


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def fmt_signed(variant: Variant, n: int) -> str:
    return ("+" if n > 0 else "") + variant.fmt(n)


def describe(ctrl: GameInfo, seat: int, action: Any, before: RoundState, after: RoundState) -> str:
    """One public log line: passes and burials are counted, never named."""
    v = ctrl.variant
    who = ctrl.seats[seat].name
    if isinstance(action, Bid):
        line = f"{who} bid {v.fmt(action.amount)}"
    elif isinstance(action, PassBid):
        line = f"{who} passed"
    elif isinstance(action, NameTrump):
        s = Suit.parse(action.suit).index
        line = f"{who} named trump {Style.suit(s)} ({SUIT_NAMES[s]})"
    elif isinstance(action, PassCards):
        line = f"{who} passed {plural(len(action.cards), 'card')}"
    elif isinstance(action, Bury):
        line = f"{who} buried {plural(len(action.cards), 'card')}"
    elif isinstance(action, Concede):
        line = f"{who} threw in the hand"
    elif isinstance(action, PlayOn):
        line = f"{who} chose to play the hand"
    elif isinstance(action, Play):
        line = f"{who} played {Style.card(action.card)}"
    elif isinstance(action, ClaimMisdeal):
        line = f"{who} called a misdeal"
    elif isinstance(action, KeepHand):
        line = f"{who} kept the hand"
    else:
        line = f"{who} {describe_action(action, v.fmt)}"
    if before.bidder is None and after.bidder is not None:
        b = after.bidder
        line += f"; {mid(ctrl.seats[b].name)} won the auction at {v.fmt(after.contract or 0)}"
        if v.kitty_size:
            kitty = observe(after, b).kitty
            shown = Style.cards(kitty) if v.kitty_exposed else plural(len(kitty), "card")
            line += f" and took the {'widow' if v.kitty_exposed else 'kitty'}: {shown}"
    if len(after.tricks) > len(before.tricks):
        _leader, cards, winner = after.tricks[-1]
        n = len(after.tricks)
        pts = v.fmt(trick_points(v, cards, n))
        if n == v.cards_per_hand:
            line += f"; {mid(ctrl.seats[winner].name)} won the last trick ({pts} with its {v.fmt(v.last_trick_bonus)})"
        else:
            line += f"; {mid(ctrl.seats[winner].name)} won the trick ({pts})"
    return line


def result_headline(ctrl: GameInfo) -> str:
    r = ctrl.round.result
    v = ctrl.variant
    if r is None:
        return ""
    if r.kind == "misdeal":
        return f"{ctrl.seats[r.misdeal_by or 0].name} called a misdeal: the same dealer deals again."
    if r.kind == "all_passed":
        return "Everyone passed: the hand is thrown in and dealt again."
    bidder = ctrl.seats[r.bidder or 0].name
    trump = "" if r.trump is None else f" in {Style.suit(Suit.parse(r.trump).index)}"
    bside = v.side_of[r.bidder or 0]
    made = r.sides[bside].made
    if r.kind == "conceded":
        return f"{bidder} bid {v.fmt(r.contract or 0)}{trump} and threw in the hand: set."
    if r.kind == "auto_set":
        return f"{bidder} bid {v.fmt(r.contract or 0)}{trump} without the meld trump needs: set."
    word = "made it" if made else says(bidder, "was set", "were set")
    extra = ""
    if r.pinochle_side is not None:
        extra = f"  {ctrl.side_name(r.pinochle_side)} took every trick!"
    return f"{bidder} bid {v.fmt(r.contract or 0)}{trump} and {word}.{extra}"


# ---------------------------------------------------------------------- rules in plain words


def rules_text(v: Variant) -> list[str]:
    """The rules of ``v`` in plain words, made from its fields (so always true to the game)."""
    f = v.fmt
    out: list[str] = []
    sides = "two partnerships, partners sitting opposite" if v.sides == "pairs_opposite" else "each player for themself"
    deck = (
        "80 cards (four of each A 10 K Q J, no nines)"
        if v.deck == "double80"
        else "48 cards (two of each A 10 K Q J 9)"
    )
    out.append(f"Players: {v.players}, {sides}. Deck: {deck}; {v.cards_per_hand} cards each.")
    if v.kitty_size:
        seen = "shown to everyone, then" if v.kitty_exposed else "unseen by the others;"
        count = "count for the bidder" if v.kitty_discards_count_for_bidder else "do not count"
        out.append(
            f"Kitty: {v.kitty_size} cards, {seen} taken by the bidder, who buries {v.kitty_size} "
            f"(buried counters {count})."
        )
        if v.bury_restriction == "not_melded_cards":
            out.append("  You may not bury a card you melded while you hold unmelded cards.")
        elif v.bury_restriction == "no_trump_or_ace_unless_forced":
            out.append("  You may not bury a trump or an ace unless you have to.")
    step = f"steps of {f(v.bid_unit)}"
    for above, unit in v.bid_unit_above:
        step += f", {f(unit)} from {f(above)}"
    out.append(f"Auction: starts left of the dealer; minimum bid {f(v.min_bid)}, {step}. A pass is final.")
    if v.all_pass == "dealer_stuck":
        out.append(f"  If everyone passes, the dealer is stuck with {f(v.stuck_bid)}.")
    else:
        out.append("  If everyone passes, the hand is thrown in and redealt.")
    if v.forced_opener == "must_open_with_meld":
        out.append("  A player holding meld may not pass before the first bid.")
    if v.trump_requirement == "marriage":
        out.append("Trump: the bidder names it and must hold a marriage in that suit.")
    elif v.trump_requirement == "run_or_marriage_or_dix":
        out.append("Trump: the bidder names it and must hold a marriage or the dix in that suit.")
    else:
        out.append("Trump: the bidder names any suit.")
    if v.pass_count:
        out.append(
            f"Passing: the bidder's partner passes {v.pass_count} cards to the bidder, "
            f"then the bidder passes {v.pass_count} back."
        )
    who = "every player melds" if v.who_melds == "all" else "only the bidder melds"
    req = {
        "none": "always counts",
        "one_trick": "counts only if the side takes a trick",
        "scoring_trick": "counts only if the side takes a trick with a counter",
        "min_points": f"counts only if the side takes {f(v.meld_requires_points)} in tricks",
    }[v.meld_requires]
    out.append(
        f"Meld: {who}; meld {req}. Run {f(150)}, aces around {f(100)}, kings {f(80)}, queens {f(60)}, "
        f"jacks {f(40)}, pinochle {f(40)}, royal marriage {f(40)}, marriage {f(20)}, dix {f(v.dix_value)}."
    )
    if v.concession != "off":
        extra = " plus 100" if v.concession == "meld_plus_100" else ""
        out.append(f"After meld the bidder may throw in the hand: set by the bid; the others score their meld{extra}.")
    lead = "the bidder" if v.first_leader == "bidder" else "the player left of the dealer"
    head = {
        "pre1945": "you must follow suit and, if you can, head the trick; with no card of the suit led you must trump",
        "post1945": "you must follow suit and trump when void; you must head the trick only when trump is led",
        "none": "you must follow suit and trump when void; you need not head the trick",
    }[v.head_rule]
    out.append(
        f"Play: {lead} leads first; {head}. The highest trump wins, else the highest card of the suit led; "
        "of two equal cards the first played wins."
    )
    pts = {
        "classic_11_10_4_3_2": "A 11, 10 10, K 4, Q 3, J 2",
        "ten_ten_five_five": "A and 10 count 10, K and Q 5",
        "counters_10": "A, 10 and K count 10 each",
        "counters_1": "A, 10 and K count 10 each",
    }[v.count_method]
    if v.scale != 1:
        pts = "A, 10 and K count 1 each"
    out.append(f"Counting: {pts}; the last trick {f(v.last_trick_bonus)}; {f(v.hand_trick_total)} in all.")
    success = "scores meld plus tricks" if v.contract_success_score == "all_points" else "scores the bid"
    pen = {"minus_bid": "loses the bid", "minus_double_bid": "loses twice the bid", "zero": "scores nothing"}[
        v.set_penalty
    ]
    out.append(f"Scoring: a bidder that makes the bid {success}; a bidder that is set {pen}.")
    out.append(
        f"Game: first to {f(v.game_target)}."
        + (
            " Only the bidder who makes the contract can win."
            if v.must_bid_to_win == "always"
            else {
                "bidder_first": " If both reach it, the bidding side wins.",
                "extend_target": f" If several reach it together the target rises by {f(v.tie_extend_step)}.",
                "another_hand": " If several reach it together, another hand is played.",
                "highest_score": " If several reach it together, the highest score wins.",
            }[v.tie_break]
        )
    )
    if v.scale != 1:
        out.append("Scores are shown in ones (x1 scale): a run is 15, the minimum bid " + f(v.min_bid) + ".")
    return out
