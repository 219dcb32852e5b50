"""Text for cards, actions and rules (no widgets here).

Suits are told apart by glyph (``♠ ♥ ♦ ♣``) or, with ``--ascii`` or a terminal that
cannot show them, by letter (``S H D C``); colour is only ever extra.
"""

from __future__ import annotations

import math
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple, Protocol, TypeVar

from rich.cells import cell_len
from rich.text import Text

from rules import (
    AskPass,
    Bid,
    Bury,
    CallPartner,
    ClaimMisdeal,
    Concede,
    DeclareDix,
    DeclareMeld,
    DraftCard,
    HandOutKitty,
    KeepHand,
    NameTrump,
    NoMeld,
    PassBid,
    PassCards,
    Phase,
    Play,
    PlayOn,
    RoundState,
    SeatView,
    Suit,
    TakeStock,
    Variant,
    describe_action,
    make_deck,
    observe,
)
from rules.auction_round import forced_bid_unseen
from rules.meld import MARRIAGE, WIN, meld_tables
from rules.scoring import summed_contracts

from .cli_common import visible

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
    card_order = "trump"  # how hands are sorted (`sort_key`): the settings' card_order

    @classmethod
    def suit(cls, s: int) -> str:
        return LETTERS[s] if cls.ascii else GLYPHS[s]

    @classmethod
    def card(cls, c: int) -> str:
        return RANKS[c % 6] + cls.suit(c // 6)

    @classmethod
    def cards(cls, cards: Iterable[int]) -> str:
        return " ".join(cls.card(c) for c in cards)


# ---------------------------------------------------------------------- ASCII mode
# Key names: the arrows and the Enter glyph as the prompts and the footer show them; in
# ASCII mode words (longest first: "←→" is one name, "left/right")
KEY_WORDS = (
    ("← →", "left right"),
    ("↑ ↓", "up down"),
    ("←→", "left/right"),
    ("↑↓", "up/down"),
    ("←", "left"),
    ("→", "right"),
    ("↑", "up"),
    ("↓", "down"),
    ("⏎", "enter"),
    ("⌫", "backspace"),
)

# What the terminal is sent in ASCII mode for the one-cell drawing and typographic glyphs
# (Textual's borders and scroll bars, the separators of the texts here): one ASCII cell
# for one cell, so no layout moves (`widgets.AsciiCells` applies it to every line drawn).
# The arrows and the suits are here only as the last resort (``< > ^ v``, ``S H D C``: a
# line drawn before ASCII mode was turned on in the settings, the log's): the texts write
# them as words and letters themselves (`keys`, `Style.suit`; the tests check the texts
# too).  ⏎ is not here at all (no one cell says it).  Textual's own glyphs are here
# whole: every border kind's, the scroll bars' eighth blocks (a horizontal bar's thumb
# ends in ▉ ▊ ▋ ▍ ▎) and the command palette's 🔎 (two cells, so two ASCII ones).  A glyph
# missing from the table is still never sent: `ascii_cells` sends ``?`` per cell and
# notes it in `UNMAPPED`, which the tests check stays empty (tests/tui/test_ascii_screens.py).
ASCII_CELLS = str.maketrans(
    {
        **dict.fromkeys("─━═┄┅┈┉╌╍▔▁⎺⎻⎼⎽", "-"),
        **dict.fromkeys("│┃║┆┇┊┋╎╏▏▕▌▐▍▎", "|"),
        **dict.fromkeys("▉▊▋", "#"),
        "🔎": "> ",
        **dict.fromkeys("╭╮╰╯┌┐└┘┏┓┗┛╔╗╚╝├┤┬┴┼┣┫┳┻╋╠╣╦╩╬╒╓╕╖╘╙╛╜╞╟╡╢╤╥╧╨╪╫", "+"),
        **dict.fromkeys("▂▃▄▅▆▇█▀▝▘▖▗▚▞▙▛▜▟░▒▓■", "#"),
        "·": ".",
        "•": "*",
        "—": "-",
        "–": "-",
        "…": ".",
        "×": "x",
        "▶": ">",
        "◀": "<",
        "▲": "^",
        "▼": "v",
        "←": "<",
        "→": ">",
        "↑": "^",
        "↓": "v",
        **dict.fromkeys("♠♤", "S"),
        **dict.fromkeys("♥♡", "H"),
        **dict.fromkeys("♦♢", "D"),
        **dict.fromkeys("♣♧", "C"),
        "’": "'",
        "‘": "'",
        "“": '"',
        "”": '"',
        "−": "-",
        "\u00a0": " ",
    }
)


def keys(text: str) -> str:
    """``text`` with its key glyphs (``←→``, ``↑↓``, ``⏎``) as the terminal shows them:
    unchanged, or words in ASCII mode (``left/right``, ``up/down``, ``enter``).  Every
    prompt that names a key and the footer's key names (`PinochleApp.get_key_display`)
    go through here."""
    if not Style.ascii:
        return text
    for glyph, word in KEY_WORDS:
        text = text.replace(glyph, word)
    return text


UNMAPPED: set[str] = set()
"""The characters `ascii_cells` met that `ASCII_CELLS` does not map (each sent as ``?``
per cell): a glyph the table lacks, for the tests to catch."""


def _unmapped(ch: str) -> str:
    base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
    if base and len(base) == cell_len(ch):  # a letter with its accent: the letter (José: Jose)
        return base
    UNMAPPED.add(ch)
    return "?" * cell_len(ch)  # a zero-width one (a joiner, a variation selector): nothing


def ascii_cells(text: str) -> str:
    """``text`` as sent to the terminal in ASCII mode: `ASCII_CELLS` applied (a no-op on
    ASCII text), and any character still not ASCII (a name's emoji, a glyph the table
    lacks) as its letter without the accent, else ``?``, one per cell it takes, so the
    layout stays and only ASCII is sent."""
    if text.isascii():
        return text
    out = text.translate(ASCII_CELLS)
    return out if out.isascii() else "".join(ch if ch.isascii() else _unmapped(ch) for ch in out)


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
    """Display order (`Style.card_order`, the settings' card order): ``trump``: trump first
    once named, then S H D C, within a suit A down to 9; ``suit``: S H D C; ``rank``: the
    aces first, then the tens, ..., S H D C within a rank."""
    t = -1 if trump is None or Style.card_order == "suit" else trump
    by_rank = Style.card_order == "rank"

    def key(c: int) -> tuple[int, int, int]:
        s = c // 6
        return (c % 6, s, 0) if by_rank else (0 if s == t else 1, s, c % 6)

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


def seat_name(ctrl: GameInfo, seat: int) -> str:
    """Seat ``seat``'s name as the log and result lines draw it: control characters made
    visible (a name may come from a save or the settings file)."""
    return visible(ctrl.seats[seat].name)


def and_list(names: Sequence[str]) -> str:
    """``West``, ``West and East``, ``A, B and C`` ("" for none)."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def mean_points(v: Any, points: float) -> str:
    """A mean of points worked out over sampled deals (the expert's review and hint, x10)
    as the game shows points: in an x1 game whole points, a half going up (else
    three-hand's review read "+8.2 on average" and "2.6 points below" where
    the game shows only whole points, its bids "21"), in an x10 game to the point, as
    before ("+22 on average")."""
    return v.fmt(shown_points(v, points))


def shown_points(v: Any, points: float) -> int:
    """``points`` (x10) rounded as the game shows points (`mean_points`)."""
    if v.scale == 1:
        return round(points)
    return math.floor(points / v.scale + 0.5) * v.scale


def worked_out(v: Any, points: float) -> str:
    """A figure worked out rather than counted (an estimate) as the game shows points: to
    the nearest 10 of the canonical scale, so a whole number in an x1 game and a multiple
    of 10 in an x10 game, as its bids are (not "44.1" in three-hand): the bidding
    help's estimate, and the hint's where it names that estimate (`limit_words`)."""
    return v.fmt(round(points / 10) * 10)


def whose_points(v: Any) -> str:
    """Whose points the expert's means in a hint are ("your points less the others'"):
    the seat's own each for self, else its side's, less the other seats' ("your
    opponent's" at a table of two)."""
    whose = "your points" if v.each_for_self else "your side's points"
    others = "your opponent's" if v.two_hand else "the others'"
    return f"{whose} less {others}"


def alike_reason(trial: Any, whatever: str) -> str:
    """Why every candidate of the expert's ``trial`` (`bots.expert_bidding.Trial`: the
    sets passed or buried, the suits named) does badly, where every deal of every one
    says it: "the contract is out of reach in every deal tried, whatever is passed"
    (``whatever``: "is passed", "is buried", "suit is named"; `Trial.unreachable`), or
    else "every deal tried is thrown in, whatever ..." (`Trial.thrown`); "" otherwise
    (and without a trial)."""
    if trial is None or not trial.deals:
        return ""
    if trial.unreachable and min(trial.unreachable) == trial.deals:
        return f"the contract is out of reach in every deal tried, whatever {whatever}"
    if trial.thrown and min(trial.thrown) == trial.deals:
        return f"every deal tried is thrown in, whatever {whatever}"
    return ""


def choice_name(view: SeatView, action: Any) -> str:
    """One option of the stock game's choices (§2.7, §2.8) in a few words, where the
    menu's label is not at hand (the hint names the options by the menu's, `option_words`):
    the meld ("marriage K♥ Q♥"), the dix ("exchange the dix", "show the dix"), "no meld",
    the last pick ("the face-down card", "the turn-up Q♠"), the draft ("keep it",
    "reject it"); any other action as the rules write it."""
    if isinstance(action, DeclareMeld):
        return f"{action.name} {Style.cards(action.cards)}"
    if isinstance(action, DeclareDix):
        return "exchange the dix" if action.exchange else "show the dix"
    if isinstance(action, NoMeld):
        return "no meld"
    if isinstance(action, TakeStock):
        if not action.turn_up:
            return "the face-down card"
        return f"the turn-up {Style.card(view.turn_up)}" if view.turn_up is not None else "the turn-up"
    if isinstance(action, DraftCard):
        return "keep it" if action.keep else "reject it"
    return str(action)


def option_words(label: str) -> str:
    """A menu's option as a sentence names it (the hint's words about the option): its
    label without the explanation after a colon, begun in lower case ("Keep it: the next
    card goes unseen to your discards" is "keep it", "Take the turn-up 9♦" "take the
    turn-up 9♦"; "marriage K♥ Q♥ (40)" as it is)."""
    words = label.split(": ", 1)[0]
    return words[:1].lower() + words[1:]


def says(name: str, third: str, base: str) -> str:
    """``West passes`` but ``You pass``: the human seat is "You"."""
    return base if name == "You" else third


def mid(name: str) -> str:
    """A seat's name inside a sentence: ``West``, but ``you`` for the human seat."""
    return "you" if name == "You" else name


def bid_grid_at_most(v: Variant, amount: float) -> int | None:
    """The highest bid of the variant's grid (§3.1, §3.3) not above ``amount``."""
    best = None
    for first, last, unit in v.bid_segments():
        if first <= amount:
            best = first + (int(min(amount, last)) - first) // unit * unit
    return best


def limit_bid(v: Any, points: float) -> str:
    """A bid limit (x10) as the bidding help says it (`panels.auction.bot_estimate`, "bids
    up to 270", "270 at most"): the highest bid of the grid within it (`bid_grid_at_most`),
    one figure wherever a limit is named (a limit of 279.6 is "270", never "280"), or
    "under 250" where it is under the lowest bid (no bid to name)."""
    top = bid_grid_at_most(v, points)
    return v.fmt(top) if top is not None else f"under {v.fmt(v.min_bid)}"


def points_down(v: Any, points: float) -> str:
    """A limit (x10) as the game shows points, rounded down (259.6 is "259", 27.9 in an
    x1 game "27"): a limit is never named above a bid it refuses (`limit_words`)."""
    return v.fmt(_down(v, points))


class LimitSums(NamedTuple):
    """The figures `limit_words` prints of a `bots.expert_bidding.BidLimit`, worked out
    from one another so that each sum adds up as printed, as whole numbers of the unit
    printed: the game's points (``decimals`` 0), or their tenths or hundredths where whole
    points cannot both add up and name the limit's own highest bid (``decimals`` 1 or 2:
    a limit of 303.95 from parts that round to 304 bids up to 300, not 300 and then some;
    `text` prints them "303.95", never "304 ... rounded down: the limit is 303.95").
    ``estimate`` (the cautious estimate) and ``reached`` rounded, ``gap`` their
    difference; ``standard`` the standard bot's limit, ``estimate`` plus ``moves`` (what
    moved it, each named with its figure, `StandardBot.ceiling_parts`; one "for the bids
    and the score" where they are not known); ``share`` the share of the gap added as
    printed ("80%", "53.8%"); ``raised`` ``standard`` plus that share of ``gap``, rounded
    to the unit; ``scale``: the variant's (`Variant.scale`), for `points`."""

    estimate: int
    reached: int
    gap: int
    standard: int
    raised: int
    moves: tuple[tuple[str, int], ...] = ()
    decimals: int = 0
    share: str = ""
    scale: int = 1

    def text(self, n: int) -> str:
        """``n`` units as printed: "303", "303.9", "30.35" (a tenth's trailing zero left off:
        "31", not "31.0", beside "25.3")."""
        return _no_zeros(f"{n / 10**self.decimals:.{self.decimals}f}")

    def points(self, n: int) -> float:
        """``n`` units in the engine's points (x10)."""
        return n / 10**self.decimals * self.scale


UNKNOWN_MOVES = "for the bids and the score"
"""What moved the standard bot's limit from its cautious estimate where the parts are not
known (`LimitSums`: one move)."""


def limit_sums(limit: Any, v: Any) -> LimitSums:
    """``limit``'s figures as `limit_words` prints them (`LimitSums`): each part rounded to
    the unit printed and each total the sum of the rounded parts, never rounded apart
    ("less its margin is 279; +25 for North's bid", as the bidding help rounds that move, a
    limit of 303.95 printed "303"), the raise the printed share of the printed gap.  In
    the game's points where those sums name the same highest bids as the standard bot's
    limit and the expert's (`bid_grid_at_most`), else in tenths of a point, else
    hundredths; should even those cross a bid (a limit within a hundredth of one), the
    standard bot's limit and the raised one are cut down to the hundredth, the last move
    and the raise taking the difference."""
    for decimals in (0, 1, 2):
        sums = _sums_at(limit, v, decimals)
        if sums is not None:
            return sums
    return _sums_at(limit, v, 2, force=True)  # type: ignore[return-value]


def _sums_at(limit: Any, v: Any, decimals: int, force: bool = False) -> LimitSums | None:
    """`limit_sums` in units of ``decimals`` places of the game's points; None where they
    name another highest bid than ``limit`` does (unless ``force``: then cut down)."""
    q = 10**decimals

    def unit(x: float) -> int:  # (whole points as the game shows them, `shown_points`)
        return shown_points(v, x) // v.scale if decimals == 0 else math.floor(x / v.scale * q + 0.5)

    def grid(n: int) -> int | None:
        return bid_grid_at_most(v, n / q * v.scale)

    estimate, reached = unit(limit.estimate), unit(limit.reached)
    gap = reached - estimate
    named = getattr(limit, "moves", ())
    moves = [(why, unit(m)) for why, m in named] if named else [(UNKNOWN_MOVES, unit(limit.standard - limit.estimate))]
    standard = estimate + sum(m for _, m in moves)
    percent = f"{limit.weight * 100:.{decimals}f}"
    raised = standard + math.floor(float(percent) / 100 * gap + 0.5)
    std_ok = grid(standard) == bid_grid_at_most(v, limit.standard)
    raised_ok = grid(raised) == bid_grid_at_most(v, limit.raised)
    if not (std_ok and raised_ok) and not force:
        return None
    if not std_ok:  # (the last move takes the difference, and the raise stays the share)
        cut = math.floor(limit.standard / v.scale * q + 1e-9)
        why, m = moves[-1]
        moves[-1] = (why, m + cut - standard)
        raised += cut - standard
        standard = cut
    if grid(raised) != bid_grid_at_most(v, limit.raised):
        raised = math.floor(limit.raised / v.scale * q + 1e-9)
    kept = tuple((w, m) for w, m in moves if m)
    return LimitSums(estimate, reached, gap, standard, raised, kept, decimals, f"{_no_zeros(percent)}%", v.scale)


def _no_zeros(figure: str) -> str:
    """A decimal figure without its trailing zeros ("80.0" is "80", "25.30" "25.3")."""
    return figure.rstrip("0").rstrip(".") if "." in figure else figure


def _down(v: Any, points: float) -> int:
    """``points`` (x10) rounded down as the game shows points (`points_down`)."""
    return math.floor(points / v.scale + 1e-9) * v.scale


def limit_moved(before: Any, limit: Any, v: Any, lead: str = "") -> str:
    """Why the expert's limit names another highest bid than at the seat's last hint in
    this auction (``before``, that hint's `bots.expert_bidding.BidLimit`; None: none):
    the parts `limit_words` printed then (`limit_sums`) that differ now, and what moves
    them (" (290 at your last hint, when the standard bot's limit was 263, its side
    reached 300 and 80% of the gap was added: your partner has called since and each
    hint plays new deals)").  Within an auction the standard bot's limit moves by the
    partner's calls alone (its estimate of the hand and the score stay: said so where
    that estimate is the same); the total reached moves with the deals, sampled anew at
    every hint and played on from the calls made since, and the share added with how
    many there were; a hold by the pass (`limit_words`) comes and goes with the deals
    and the other side's bid.  "" where the highest bid is the same, or there is no
    earlier hint.  ``lead`` goes before the earlier highest bid where the words before
    the note end with a limit, not a bid (" (the expert bid up to 250 at your last hint,
    ...)" after "its own limit, 244, is under the next bid, 280")."""
    if before is None:
        return ""
    then, most = limit_bid(v, before.limit), limit_bid(v, limit.limit)
    if then == most:
        return ""
    was, now = limit_sums(before, v), limit_sums(limit, v)
    places = min(was.decimals, now.decimals)

    def moved(a: int, b: int) -> bool:  # (a part as printed then and now, to the coarser unit of the two)
        return f"{was.points(a) / v.scale:.{places}f}" != f"{now.points(b) / v.scale:.{places}f}"

    when, why = [], []
    if moved(was.standard, now.standard):
        when.append(f"the standard bot's limit was {was.text(was.standard)}")
        if not moved(was.estimate, now.estimate):
            why.append("your partner has called since")
    dealt = False  # a part the deals make moved
    if moved(was.reached, now.reached):
        when.append(f"{'you' if v.each_for_self else 'your side'} reached {was.text(was.reached)}")
        dealt = True
    if was.share != now.share:
        when.append(f"{was.share} of the gap was added")
        dealt = True
    if dealt:
        why.append("each hint plays new deals")

    def held(x: Any) -> bool:  # (as `limit_words` says a hold)
        return hold_said(v, x)

    if held(before) != held(limit):
        when.append("it was held to the standard bot's limit" if held(before) else "it was not held")
    if not when:  # (the same parts as printed: the raise across a bid by less than a point)
        when.append(f"it gave {was.text(was.raised)}")
    said = f" ({lead}{then} at your last hint, when {and_list(when)}"
    return said + (f": {and_list(why)})" if why else ")")


FEW_DEALS = 20
"""Fewer deals than this are a small sample: a mean over them is said as a rough guide
("only 12 deals, too few to be sure of"), not as a fact (`limit_words`)."""


def limit_words(
    limit: Any,
    action: Any,
    v: Any,
    bid: Any,
    deals: int = 0,
    before: Any = None,
    where: str = "below",
    same: bool = False,
) -> tuple[str, str]:
    """What decided the expert's simulated bid or pass (`bots.expert_bidding.BidLimit`):
    the words, the advice and the one figure that decides it first, then what moved the
    standard bot's limit to it ("the expert bids up to 300: its own limit, 305, is the
    standard bot's 275 plus 30 from its own deals; the +22 for your partner's bid takes
    it past 290"; a pass: "the expert passes: its own limit, 249, is under the next bid,
    260; it is the standard bot's 241 plus 8 from its own deals"), and the figures, what
    each part is made of ("275 is 253 (the help's ≈ 310 in ♥ less its margin) +22 for
    your partner's bid; 30 is 80% of 290 less 253 (your side reaches 290 in 60% of its own
    deals)").  The bid it makes is the next bid, ``bid``, while that is within the limit.

    Every sum adds up as printed: the parts are rounded and the totals worked out from
    the rounded parts (`limit_sums`, in whole points, or tenths where whole points would
    name another bid than the limit: "its own limit, 399.8, is the standard bot's 366.7
    plus 33.1"): the cautious estimate plus each move named (the
    partner's move as the bidding help says it) is the standard bot's limit, that limit
    and the share of the gap the expert's own.  Where that limit is over the total its
    side reaches in its deals, what takes it there is said (the standard bot's moves, which
    its deals do not count: "reaches 290 ... bids up to 300" read as advice past its own
    figures).  The estimate is named as the bidding help shows it (`BidLimit.shown`): "the
    help's ≈ 310 in ♥" where the cautious level is of the help's suit, else "≈ 240 in ♦
    less its margin, where the help shows ♠ ≈ 250" (the help shows the best mean, the bot
    bids by the best cautious level).

    A limit held down (by the pass, ``weigh_pass``, or by what the side can reach) is said
    so only where the hold changed the highest bid; a hold by the pass says its two means
    over the limit's own deals, the sample the decision goes by, and that the hint's means
    (``deals``, ``where`` in the hint) are a separate sample; a sample of fewer than
    `FEW_DEALS` is said to be too few to be sure of, its means "about".  ``same``: the
    hint's means are the limit's own (`BidOdds` ``own``), so the hold says only that
    passing scored more over those same deals, by the margin it was judged by; where the
    expert bids all the same, that the hold goes no lower than the standard bot's limit.
    ``before``: the seat's last hint's limit in this auction, where it named another
    highest bid: why it moved, after the advice (`limit_moved`).  Returns (the words, the
    figures)."""

    def pts(p: float) -> str:
        return mean_points(v, p)

    reach = "you reach" if v.each_for_self else "your side reaches"
    sums = limit_sums(limit, v)
    held = hold_said(v, limit)  # (a hold is said only where it changed the highest bid)
    # the limit it decides by, as a figure its parts add up to where nothing held it
    fig = sums.text  # (each figure in the unit its sums add up in: the game's points, or tenths)
    if not held:
        total = fig(sums.raised)
    elif abs(limit.limit - limit.standard) < 1e-9:
        total = fig(sums.standard)
    else:
        total = points_down(v, limit.limit)
    passes = bid_grid_at_most(v, limit.limit) is None or not isinstance(action, Bid)
    if passes:
        # the bid it would have had to make: "the lowest bid" only where the next bid is it
        under = "the lowest bid" if bid is None or bid.amount <= v.min_bid else "the next bid"
        amount = v.min_bid if bid is None else bid.amount
        said = f"the expert passes: its own limit, {total}, is under {under}, {v.fmt(amount)}"
        said += limit_moved(before, limit, v, "the expert bid up to ") + "; it is"
    else:
        said = f"the expert bids up to {limit_bid(v, limit.limit)}"
        said += limit_moved(before, limit, v) + f": its own limit, {total}, is"
    # the standard bot's limit: its cautious level, named as the bidding help shows the
    # estimate, and each move from it
    about = "~" if Style.ascii else "≈"
    mean = f"{about} {worked_out(v, limit.mean)}"
    shown = getattr(limit, "shown", None)
    suit = f" in {Style.suit(limit.trump)}" if limit.trump is not None else ""
    level = f"{mean}{suit} less its margin"
    if limit.trump is not None and shown is not None and shown[0] == limit.trump:
        level = f"the help's {level}"
    elif limit.trump is not None and shown is not None:  # (the help shows the best mean)
        help_ = f"{Style.suit(shown[0])} {about} {worked_out(v, shown[1])}"
        level = f"{mean}{suit} less its margin, where the help shows {help_}"
    moves = list(sums.moves)  # (moves not known: the whole difference, `UNKNOWN_MOVES`)
    # "263 is ≈ 320 in ♣ less its margin"; with moves, the cautious level first and each move
    # after it: "275 is 253 (≈ 310 in ♥ less its margin) +22 for your partner's bid"
    cautious = level
    if moves:
        cautious = f"{fig(sums.estimate)} ({level})" + "".join(
            f" {'+' if m > 0 else '-'}{fig(abs(m))} {why}" for why, m in moves
        )
    # the words: the standard bot's limit and what the expert's own deals move it by; the
    # figures: what each of those is made of, as sums of the figures printed
    std = fig(sums.standard)
    figures = f"{std} is {cautious}"
    gap = sums.gap
    reached = f"{reach} {fig(sums.reached)} in {limit.share:.0%} of its own deals"
    raise_ = fig(abs(sums.raised - sums.standard))
    top, low = (sums.reached, sums.estimate) if gap > 0 else (sums.estimate, sums.reached)
    if gap:
        said += f" the standard bot's {std} {'plus' if gap > 0 else 'less'} {raise_} from its own deals"
        figures += f"; {raise_} is {sums.share} of {fig(top)} less {fig(low)} ({reached})"
    else:
        said += f" the standard bot's {std}, its own deals adding nothing"
        figures += f" ({reached})"
    pushed = sum(m for _, m in moves)
    if held:
        said += f", which would make {fig(sums.raised)}"
    elif gap >= 0 and pushed > 0 and sums.raised > sums.reached:
        # the standard bot's moves (the partner's bid), which its deals do not count, take
        # the limit past the total they reach: said, or "reaches 290 ... bids up to 300"
        # read as advice past its own figures
        why = moves[0][0] if len(moves) == 1 else "the standard bot adds"
        said += f"; the +{fig(pushed)} {why} takes it past {fig(sums.reached)}"
    if held and limit.pass_mean is not None and same:  # (its means are the hint's, said with them)
        few = 0 < limit.deals < FEW_DEALS
        # (where it bids, the means favour the pass beside it: the hold goes no lower, which says why)
        lower = ", and no lower," if isinstance(action, Bid) else ""
        # by how much, as the figures line's two means print it, and the lead the expert holds
        # back at (``weigh_pass`` standard errors of the gap), in plain words ("by more than one
        # standard error of the gap (30)" read as statistics where the other hints say a margin)
        lead = shown_points(v, limit.pass_mean) - shown_points(v, limit.bid_mean)
        by = f"{v.fmt(lead)} " if lead > 0 else ""  # (none where the two print alike)
        said += f", but it is held to the standard bot's limit{lower} because passing scores {by}more over these"
        said += f" same deals (only {limit.deals}, too few to be sure of)" if few else " same deals"
        if limit.gap_error is not None and 0 < limit.gap_error < math.inf:
            said += f", and it holds back wherever passing leads by over {pts(limit.weigh * limit.gap_error)} on them"
    elif held and limit.pass_mean is not None:  # letting the other side's bid stand scored more: the raise dropped

        def signed(p: float) -> str:
            return ("+" if shown_points(v, p) > 0 else "") + mean_points(v, p)

        own = limit.deals
        few = 0 < own < FEW_DEALS  # (a small sample: its means a rough guide)
        mine = f"its own {own} deals" if own else "its own deals"
        mine = f"only {mine}, too few to be sure of," if few else f"{mine},"
        other = f"the {deals} deals {where}" if deals else f"the means {where}"
        smaller = ", smaller" if own and deals and deals < own else ""
        smaller += " sample" + (", too few to be sure of" if 0 < deals < FEW_DEALS else "")
        about_ = "about " if few else ""
        said += (
            f", but it is held to the standard bot's limit because over {mine} the sample it decides by,"
            f" bidding {v.fmt(bid.amount)} scores {about_}{signed(limit.bid_mean)} on average and passing"
            f" {about_}{signed(limit.pass_mean)} ({other} are a separate{smaller})"
        )
    elif held:  # a bound on reach (off by default): said as what it did
        said += f", but it is held to {points_down(v, limit.limit)} by what it can reach"
    return said, figures


def hold_said(v: Any, limit: Any) -> bool:
    """Whether the hint says the expert's limit was held below its raise (`limit_words`):
    only where the hold changed the highest bid ("held to the standard bot's 317" where it
    changed nothing said nothing)."""
    return limit.limit < limit.raised - 1e-9 and limit_bid(v, limit.raised) != limit_bid(v, limit.limit)


def limit_decides(odds: Any, action: Any, limit: Any, rule: str | None = None) -> bool:
    """Whether the hint's words for the expert's bid or pass (`bid_odds_words`) end with
    its limit's figures and the decision they make (`limit_words`): a limit that makes the
    decision by itself, not a pass by the partner rule under it."""
    if limit is None:
        return False
    passing = not isinstance(action, Bid)
    if passing and rule and limit.limit >= odds.bid.amount:
        return False
    return (limit.limit >= odds.bid.amount) != passing


def bid_odds_words(
    odds: Any,
    action: Any,
    v: Any,
    limit: Any = None,
    rule: str | None = None,
    partner: tuple[str, int] | None = None,
    before: Any = None,
) -> str:
    """The expert's bid hint after the move named, as the card hint says a card: the advice
    and why in words, then "\\n" and one line of the figures behind them ("Figures: ...");
    the words are "" where there is nothing to say beyond the figures (the move the
    standard bot's, `ExpertBot.standard_move` says why, or a limit that does not make the
    decision by itself: summed partner bids, §0.4 item 17).  A bid hint of nine lines,
    its limit's parts and the trial's means in one paragraph, read as statistics.

    The expert bids to its own limit (``limit``, `bots.expert_bidding.BidLimit`): the
    standard bot's moved toward the total its side reaches in ``make_target`` of its own
    simulated deals.  Where that limit makes the decision the words say the advice and
    that limit, the standard bot's plus what its own deals add (`limit_words`: "the expert
    bids up to 390: its own limit, 399, is the standard bot's 367 plus 32 from its own
    deals"), then whether the trial of the bid (`BidOdds`: the hand played on by the
    standard bot in every seat) agrees and, where it does not, why it does not decide
    (`trial_verdict`); the figures line what each part of the limit is made of, each sum
    as printed, then the trial's (`trial_figures`: its chances alone where it agrees).
    Where the hint's means are the limit's own (`BidOdds.own`), they are the figures.

    ``rule``: the standard bidding rule about the partner (its words,
    `panels.auction.why_it_passes`; the expert bids by those rules up to its own limit).
    For a pass that rule makes, it is said in place of the limit, after the expert's own
    limit, which would bid ("the expert's own limit is 620, but it passes by the partner
    rule: West and East passed"); where the means favour the bid, the rule first ("it
    passes by the partner rule: ... (the expert's own limit, 620, would bid)"), then that
    the means lean the other way and why the expert does not go by them (where the
    partner is named, ``partner``: their deals give the partner any hand, not one worth
    its bid); where the limit is under the bid it passes by the limit alone.  For a bid
    over the partner where that rule makes the standard bot pass (the bidding help quotes
    it), the words say plainly that the expert applies the rule to its own limit, which
    clears it ("it outbids its partner: the partner rule (...) holds the standard bot
    back, but the expert applies it to its own limit, 350, 40 over 310").

    ``partner``: the seat's partner holding the high bid, (its name, the bid): said first,
    and the bid tried is said to be over it in the figures ("bidding 320 over it -75").
    ``before``: the limit of the seat's last hint in this auction (`limit_moved`)."""
    passing = not isinstance(action, Bid)  # a pass (the odds are of the lowest bid passed up)
    over = partner is not None
    figures = trial_figures(odds, v, over)
    holds = ""  # the partner holding the bid, said once, before what is said of it
    if partner is not None:
        holds = f"your partner {partner[0]} holds the bid at {v.fmt(partner[1])}"
    # where the means favour the other choice (a pass by the partner rule, or the limit's
    # own means), the advice is said first with what decided it, then that the means lean
    # the other way and why the expert does not go by them, plainly: noisy where their gap
    # is within the margin shown (± two standard errors; never "noisy" beside a gap past it)
    lean = ""
    # the expert's own limit's means (`BidOdds.own`): where its hold is said, that says why
    # they favour the pass while the expert bids, beside them
    limits = bool(getattr(odds, "own", False))
    if (
        odds.value is not None
        and odds.pass_value is not None
        and (odds.value > odds.pass_value) == passing
        and round(odds.value) != round(odds.pass_value)
        and not (limits and limit is not None and hold_said(v, limit))
    ):
        noisy = odds.error is None or abs(odds.value - odds.pass_value) <= 2 * odds.error
        why = f" (noisy over {odds.deals} deals)" if noisy else ""
        if not noisy and odds.deals < FEW_DEALS:  # (a gap past the margin, but over a small sample)
            why = f" (only {odds.deals} deals, too few to be sure of)"
        if passing and rule and partner is not None:
            # the partner's contract tried on deals that give the partner any hand (within the
            # hard bounds): a hand worth less than the bid it made, so passing reads worse than
            # it is (experts that took over by these means outbid each other, 280 to 350);
            # that, not noise, is why the rule and not the means decides
            why = ", as their deals give your partner any hand, not one worth its bid"
        if limits:  # (its limit's own means: the pass held back a raise the bid does not need)
            why = ", as passing scoring more holds back only the raise above the standard bot's limit"
        favour = f"bidding {v.fmt(odds.bid.amount)}" if passing else "passing"
        whose = "of its own deals" if limits else "of this bid tried alone"
        lean = f"the means {whose} favour {favour}; the expert does not go by them{why}"
    first = f"{holds}, and " if holds else ""  # (the partner said before the advice, where it leads)
    if passing and rule and (limit is None or limit.limit >= odds.bid.amount):  # (under it, the limit passes alone)
        # (not `limit_decides`: the partner rule does)
        # the expert's own limit, which would bid, said once beside the rule that passes
        # (the bid the rule is about is the partner's, said once, before the figures)
        if lean:
            own = f" (the expert's own limit, {limit_bid(v, limit.limit)}, would bid)" if limit is not None else ""
            return f"{first}it passes by the partner rule: {rule}{own}; {lean}\n{figures}"
        own = f"the expert's own limit is {limit_bid(v, limit.limit)}, but it" if limit is not None else "it"
        return f"{first}{own} passes by the partner rule: {rule}\n{figures}"
    if not limit_decides(odds, action, limit, rule):
        return f"{holds}\n{figures}"
    same = bool(getattr(odds, "own", False))  # (the hint's means are the limit's own)
    words, made_of = limit_words(limit, action, v, odds.bid, odds.deals, before, "below", same)
    if rule and not passing:  # the standard bot passes by the partner rule the bidding help quotes
        spare = v.fmt((bid_grid_at_most(v, limit.limit) or 0) - odds.bid.amount)
        words += (
            f"; it outbids its partner: the partner rule ({rule}) holds the standard bot back, but the expert"
            f" applies it to its own limit, {limit_bid(v, limit.limit)}, {spare} over {v.fmt(odds.bid.amount)}"
        )
    figures = f"Figures: {made_of}; {figures[len('Figures, ') :]}"  # (in the words' order: the limit, the trial)
    # the advice and its limit first, then the means, one sample: the limit's own (whether
    # they lean the other way, and why that does not decide), or the trial's verdict
    if same:
        return f"{first}{words}" + (f"; {lean}" if lean else "") + f"\n{figures}"
    held = limit.pass_mean is not None and hold_said(v, limit)  # (the pass held it: its own means said above)
    # a bid over the partner: what the trial says of taking the partner's contract, in plain words
    standing = None
    if not passing and (partner is not None or rule):
        standing = f"{partner[0]}'s {v.fmt(partner[1])}" if partner is not None else "your partner's bid"
    verdict = trial_verdict(odds, v, passing, held, standing)
    if verdict.endswith(" agrees"):  # (its chances alone: means that agree argue for nothing)
        figures = f"Figures: {made_of}; {trial_figures(odds, v, over, means=False)[len('Figures, ') :]}"
    elif " favours " in verdict:  # (its means alone: they are what it favours the other choice by)
        figures = f"Figures: {made_of}; {trial_figures(odds, v, over, chance=False)[len('Figures, ') :]}"
    return f"{first}{words}; {verdict}\n{figures}"


def trial_figures(odds: Any, v: Any, over: bool = False, means: bool = True, chance: bool = True) -> str:
    """The figures line of the bid hint's means (`bid_odds_words`): the deals, whose points,
    the mean of bidding with its margin (two standard errors) and of passing, then the
    chance of taking and making the contract (not for the limit's own deals, `BidOdds`
    ``own``, which count none): "Figures, 8 trial deals (too few to be sure of), your side's
    points less the others' on average: bidding 250 +276 (± 192), passing +149; auction won
    in 75%, contract made in 100% of those".  ``over``: the bid is over the
    partner's ("bidding 320 over it"); ``means`` False: the chances alone ("8 trial deals
    (too few to be sure of): auction won in 75%, contract made in 100% of those"), where the
    words say the trial agrees with the advice (its means then argue for nothing);
    ``chance`` False: the means alone, where the words say the trial favours the other
    choice (its means say by how much; a line of chances beside them made a bid hint of
    eleven lines)."""
    n = odds.deals
    few = " (too few to be sure of)" if n < FEW_DEALS else ""
    if getattr(odds, "own", False):
        deals = f"its own {n} deal{'s' if n != 1 else ''}{few}"
    else:
        deals = f"{n} trial deal{'s' if n != 1 else ''}{few}"
    if odds.taken:
        won, made = f"{odds.taken / n:.0%}", f"{odds.made / odds.taken:.0%}"
        chances = f"auction won in {won}, contract made in {made} of those"
    else:
        chances = f"{'another player' if v.each_for_self else 'another side'} would win the auction in all of them"
    if odds.value is None or (not means and not getattr(odds, "own", False)):  # the chances alone
        return f"Figures, {deals}: {chances}"
    margin = ""
    if odds.error is not None:  # ("under 1", never "± 0": `bots.expert.margin_points`)
        shown = mean_points(v, 2 * odds.error)
        margin = f" (± {shown if shown.strip('0.') else 'under 1'})"
    each = f"bidding {v.fmt(odds.bid.amount)}{' over it' if over else ''} {signed_mean(v, odds.value)}{margin}"
    if odds.pass_value is not None:
        each += f", passing {signed_mean(v, odds.pass_value)}"
    text = f"Figures, {deals}, {whose_points(v)} on average: {each}"
    return text if getattr(odds, "own", False) or not chance else f"{text}; {chances}"


def signed_mean(v: Any, p: float) -> str:
    """A mean (x10) with its sign as the game shows points ("+41", "-171", "0")."""
    return ("+" if shown_points(v, p) > 0 else "") + mean_points(v, p)


def trial_verdict(odds: Any, v: Any, passing: bool, held: bool = False, standing: str | None = None) -> str:
    """The bid hint's trial of the bid alone (`bots.expert.BidOdds`, not the limit's own
    deals) after the limit that decided (`bid_odds_words`), in words, its figures in the
    figures line (`trial_figures`): what it is (the hand played by the standard bot in every
    seat), whether it agrees with the advice and, where it does not, why it does not
    decide: "a trial with the standard bot in every seat favours passing, but that bot
    plays worse than the expert".  Where the expert passes against its means: it bids by
    a cautious limit, not the average.  "(by too little for its deals to tell apart)"
    where the gap is within the margin the figures show (± two standard errors; "within
    its noise" was a statistician's word).  ``held``: the limit was held by the
    pass over its own deals, said before this: a pass against the trial's means goes by
    those deals.  ``standing``: a bid over the partner's, named ("North's 310"): the pass
    lets it stand, and the verdict says why in plain words, by the trial's means: "...
    agrees: your side scores more with you as bidder than with North's 310 standing", or
    "... favours letting North's 310 stand, but that bot plays worse than the expert"
    (the hint told a player to outbid their own partner with no word of why)."""
    head = "a trial with the standard bot in every seat"
    if odds.value is None or odds.pass_value is None:  # (an older search: the chances alone)
        return f"{head}: its figures below"
    b = v.fmt(odds.bid.amount)
    e = 2 * odds.error if odds.error is not None else math.inf
    gap = odds.value - odds.pass_value
    noise = " (by too little for its deals to tell apart)" if abs(gap) <= e else ""  # (± two standard errors)
    if shown_points(v, odds.value) == shown_points(v, odds.pass_value):
        return f"{head} cannot tell bidding from passing"
    if (gap > 0) == passing and passing:
        why = "goes by its own deals, above" if held else "bids by a cautious limit, not the average"
        return f"{head} favours bidding {b}{noise}, but the expert {why}"
    if (gap > 0) == passing:
        passes = f"letting {standing} stand" if standing else "passing"
        return f"{head} favours {passes}{noise}, but that bot plays worse than the expert"
    if standing:  # (its means, said in the figures, are why)
        return f"{head} agrees: your side scores more with you as bidder than with {standing} standing{noise}"
    return f"{head} agrees"  # (by a gap its deals tell apart or not: the advice stands)


def trick_points(v: Variant, cards: Sequence[int], n: int) -> int:
    """What trick number ``n`` (1-based) of ``cards`` took (x10): its counters, plus the
    last-trick bonus when it is the hand's last trick (RULES.md §6.3)."""
    pts = sum(map(v.card_points.__getitem__, cards))
    return pts + v.last_trick_bonus if n == v.tricks_per_hand else pts


def meld_points(v: Variant, trump: Suit | None, action: DeclareMeld) -> int:
    """The points (x10) of a two-hand meld action under ``trump`` (RULES.md §5.1)."""
    if trump is None:
        return 0
    from rules.stock_round import kind_of  # (the two-hand flow loads with its first round)

    try:
        return kind_of(v, trump.index, action).points
    except ValueError:
        return 0


def trump_nine(trump: Suit | None) -> int | None:
    """The 9 of trump (the dix), as a card."""
    return None if trump is None else trump.index * 6 + 5


def dix_label(v: Variant, view: SeatView, action: DeclareDix) -> str:
    """The dix choice in plain words: exchange the 9 for the turn-up, or show it."""
    nine = trump_nine(view.trump)
    nine_text = Style.card(nine) if nine is not None else "9"
    if action.exchange:
        up = Style.card(view.turn_up) if view.turn_up is not None else "the turn-up"
        return f"exchange the {nine_text} for the turn-up {up} (+{v.fmt(v.dix_value)})"
    return f"show the dix {nine_text} (+{v.fmt(v.dix_value)})"


def phase2_rule(v: Variant) -> str:
    """How the last 12 tricks of the two-hand stock game are played (§6.4), in words."""
    return {
        "pre1945": "follow suit and head the trick, trump when void",
        "post1945": "follow suit, trump when void, head a trump lead",
        "none": "follow suit, trump when void",
    }[v.two_hand_phase2_rule]


def sentence(line: str) -> str:
    """``line`` as a line that stands on its own starts: its first letter a capital
    ("waiting for Cy to go on" is "Waiting for Cy to go on"), the rest as it is (a name,
    a key).  The words of a line are often made to go inside another; where one is shown
    alone (a hosted table's note under the prompt) it starts as a sentence."""
    return line[:1].upper() + line[1:]


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def blind_word(v: Variant) -> str:
    """What the cards the bidder takes are called: ``blind`` (racehorse, dealt and taken
    face down, §2.13), ``widow`` (turned up for all) or ``kitty``."""
    if v.blind_size:
        return "blind"
    return "widow" if v.kitty_exposed else "kitty"


def kitty_shown(v: Variant, state: RoundState) -> str:
    """The kitty as the log shows it once the bidder has it: its cards when it is turned
    up for all (a widow), else only how many (``4 cards``)."""
    kitty = observe(state, state.bidder or 0).kitty
    return Style.cards(kitty) if v.kitty_exposed else plural(len(kitty), "card")


class SideNames(Protocol):
    """What `summed_words` reads: the variant and the sides' names (a `GameInfo`, or the
    table's `SeatFacts`)."""

    @property
    def variant(self) -> Variant: ...

    def side_name(self, side: int) -> str: ...


def summed_words(ctrl: SideNames, bids: Any) -> str:
    """Each side's summed contract (§3.8): ``South & North 510, West & East 250 (none)``."""
    v = ctrl.variant
    contracts = summed_contracts(v, bids)
    return ", ".join(f"{visible(ctrl.side_name(side))} {v.fmt(c) if c else 'none'}" for side, c in enumerate(contracts))


def buried_words(told: tuple[int, ...]) -> str:
    """What ``bury_restriction = "announce_trump_or_ace"`` tells the table (§4.2), from
    (trumps, aces, aces of trump) buried: ``, among them a trump and 2 aces``, ``, among
    them the ace of trump`` (one card, not "a trump and an ace"), ``, no trump or ace``."""
    if not told or not any(told):
        return ", no trump or ace"
    both = told[2] if len(told) > 2 else 0
    trumps, aces = told[0] - both, told[1] - both

    def some(n: int, word: str, a: str) -> str:
        """``a trump``, ``2 trumps``; beside the ace of trump ``another trump``, ``2 other trumps``."""
        if n == 1:
            return f"another {word}" if both else f"{a} {word}"
        return f"{n} other {word}s" if both else f"{n} {word}s"

    parts = [f"{both} aces of trump" if both > 1 else "the ace of trump"] if both else []
    parts += [some(trumps, "trump", "a")] if trumps else []
    parts += [some(aces, "ace", "an")] if aces else []
    return ", among them " + and_list(parts)


def handed_words(ctrl: GameInfo, who: str, before: RoundState, after: RoundState) -> str:
    """The log of one widow card handed out (§2.4 (c)), never the card: ``North kept a
    widow card`` or ``North gave East a widow card`` (and the last going by itself)."""
    t = before.table
    n = ctrl.variant.players
    step = len(t.handed)
    word = blind_word(ctrl.variant)
    if step == 0:
        line = f"{who} kept a {word} card"
    else:
        line = f"{who} gave {mid(seat_name(ctrl, (t.bidder + step) % n))} a {word} card"
    if after.phase is not Phase.KITTY:
        line += f"; the last went to {mid(seat_name(ctrl, (t.bidder - 1) % n))}"
    return line


def stuck_bid(before: RoundState, seat: int) -> bool:
    """Whether ``seat`` bids now as the dealer stuck with the bid (§3.4): every other seat
    passed without a bid."""
    v = before.variant
    t = before.table
    if v.all_pass != "dealer_stuck" or seat != t.dealer or len(t.bids) != v.players - 1:
        return False
    return all(amount == 0 for _seat, amount in t.bids)


def fmt_signed(variant: Variant, n: int) -> str:
    return ("+" if n > 0 else "") + variant.fmt(n)


def partner_words(ctrl: GameInfo, state: Any) -> str:
    """Five-hand, once the bidder has called: who the called card made the partner
    (``Bob is the partner``), or that nobody else holds it (the bidder plays alone)."""
    partner = state.partner
    if partner is None:
        b = seat_name(ctrl, state.bidder)
        return f"nobody else holds it; {b} {says(b, 'plays', 'play')} alone"
    p = seat_name(ctrl, partner)
    return f"{p} {says(p, 'is', 'are')} the partner"


def describe(
    ctrl: GameInfo, seat: int, action: Any, before: RoundState, after: RoundState, who: str | None = None
) -> str:
    """One public log line: passes and burials are counted, never named; ``who``: the
    seat as the line names it (default its name, `seat_name`)."""
    v = ctrl.variant
    who = who or seat_name(ctrl, seat)
    stuck = isinstance(action, Bid) and stuck_bid(before, seat)
    if stuck:
        if action.amount == v.stuck_bid:
            line = f"{who} {says(who, 'is', 'are')} stuck with {v.fmt(v.stuck_bid)} (forced)"
        else:
            line = f"{who} bid {v.fmt(action.amount)} (stuck with {v.fmt(v.stuck_bid)})"
    elif isinstance(action, Bid):
        line = f"{who} bid {v.fmt(action.amount)}"
    elif isinstance(action, PassBid):
        line = f"{who} passed"
    elif isinstance(action, NameTrump):
        s = Suit.parse(action.suit).index
        line = f"{who} named trump {Style.suit(s)} ({SUIT_NAMES[s]})"
    elif isinstance(action, CallPartner):  # five-hand: the partner is known to all at once (§2.12)
        line = f"{who} called {Style.card(action.card)} for a partner: " + partner_words(ctrl, after)
    elif isinstance(action, PassCards):
        line = f"{who} passed {plural(len(action.cards), 'card')}"
    elif isinstance(action, Bury):
        line = f"{who} buried {plural(len(action.cards), 'card')}"
        if v.bury_restriction == "announce_trump_or_ace":  # §4.2: told how many, never which
            line += buried_words(observe(after, seat).buried_told)
    elif isinstance(action, HandOutKitty):  # §2.4 (c): never the card, only who got one
        line = handed_words(ctrl, who, before, after)
    elif isinstance(action, AskPass):
        line = f"{who} asked for the pass" if action.ask else f"{who} chose to play without the pass"
    elif isinstance(action, Concede):
        line = f"{who} threw in the hand"
    elif isinstance(action, PlayOn) and forced_bid_unseen(before):  # §9.2: the forced bid, played on
        line = f"{who} looked at the {blind_word(v)}: {kitty_shown(v, after)}"
    elif isinstance(action, PlayOn):
        line = f"{who} chose to play the hand"
    elif isinstance(action, Play):
        line = f"{who} played {Style.card(action.card)}" + (" from the table" if action.from_table else "")
    elif isinstance(action, DeclareMeld):
        worth = meld_points(v, before.trump, action)
        line = f"{who} melded {action.name} {Style.cards(action.cards)} ({v.fmt(worth)})"
    elif isinstance(action, DeclareDix):
        line = f"{who} chose to {dix_label(v, observe(before, seat), action)}"
        line = line.replace("chose to exchange", "exchanged").replace("chose to show", "showed")
    elif isinstance(action, NoMeld):
        line = f"{who} chose no meld"
    elif isinstance(action, TakeStock):
        line = f"{who} chose the {'turn-up' if action.turn_up else 'face-down card'}"
    elif isinstance(action, DraftCard):
        # never the card: only its keeper saw it
        if action.keep:
            line = f"{who} kept a card; the next went unseen to {'your' if who == 'You' else 'their'} discards"
        else:
            line = f"{who} rejected a card and took the next"
    elif isinstance(action, ClaimMisdeal):
        line = f"{who} called a misdeal"
    elif isinstance(action, KeepHand):
        line = f"{who} kept the hand"
    else:
        line = f"{who} {describe_action(action, v.fmt)}"
    if before.bidder is None and after.bidder is not None:
        b = after.bidder
        if v.summed_contracts:  # §0.4.17: the highest bid names trump; each side's bids added
            name = seat_name(ctrl, b)
            line += (
                f"; {mid(name)} {says(name, 'names', 'name')} trump, contracts {summed_words(ctrl, after.table.bids)}"
            )
        elif not stuck:  # the stuck dealer's line says it
            line += f"; {mid(seat_name(ctrl, b))} won the auction at {v.fmt(after.contract or 0)}"
        if v.kitty_mode == "bidder_distributes_one_each":  # §2.4 (b): dealt out unseen
            line += f" and dealt the {blind_word(v)} out unseen, one card to each player"
        elif v.kitty_mode == "bidder_keeps_one_gives_one_each":
            line += f" and took the {blind_word(v)} to hand it out"
        elif v.kitty_size and not forced_bid_unseen(after):  # unseen: the widow is not yet taken
            line += f" and took the {blind_word(v)}: {kitty_shown(v, after)}"
    if len(after.tricks) > len(before.tricks):
        _leader, cards, winner = after.tricks[-1]
        n = len(after.tricks)
        pts = v.fmt(trick_points(v, cards, n))
        if n == v.tricks_per_hand:
            line += f"; {mid(seat_name(ctrl, winner))} won the last trick ({pts} with its {v.fmt(v.last_trick_bonus)})"
        else:
            line += f"; {mid(seat_name(ctrl, winner))} won the trick ({pts})"
    if v.has_stock:
        line += _stock_news(ctrl, before, after)
    return line


def deal_news(ctrl: GameInfo, state: RoundState) -> list[str]:
    """The log's lines for what a deal showed or scored by itself, before any action
    (``state``: the round as dealt): the card turned up under the stock and the trump it
    names, at every deal of the forms that have one (RULES.md §2.7: ``North turned up Q♠:
    trump ♠ (spades)``; only a turned-up 9 was logged, by its dix), then what a turned-up
    9 of trump scores the dealer at once, ``North scores the dix turned up 9♥ (+10)``;
    none in the other forms."""
    v = ctrl.variant
    out = []
    seen = observe(state, 0)  # (the turn-up is public: every seat's view has it)
    if seen.turn_up is not None:
        dealer = seat_name(ctrl, seen.dealer)
        line = f"{dealer} turned up {Style.card(seen.turn_up)}"
        if seen.trump is not None:
            line += f": trump {Style.suit(seen.trump.index)} ({SUIT_NAMES[seen.trump.index]})"
        out.append(line)
    for seat, name, cards, points in seen.meld_log:  # (public: every seat's view has it)
        who = seat_name(ctrl, seat)
        out.append(f"{who} {says(who, 'scores', 'score')} the {name} {Style.cards(cards)} (+{v.fmt(points)})")
    return out


def _stock_news(ctrl: GameInfo, before: RoundState, after: RoundState) -> str:
    """What the stock did after a two-hand action: both drew (never naming a card), or
    the last pair was taken (both cards are shown then, §2.7) and phase 2 begins.  A
    trick of phase 1 won in the same step, with no declare step after it, says the
    winner had nothing to meld: after every such trick, the 12th too (its winner may
    still meld, §2.7.5, before the last pair is taken or picked)."""
    b, a = observe(before, 0), observe(after, 0)
    won = len(after.tricks) > len(before.tricks) and b.stock_open
    none = ", nothing to meld" if won and after.phase is not Phase.DECLARE else ""
    if a.stock_size < b.stock_size and a.stock_open:
        each = "both" if ctrl.variant.two_hand else "each"
        return f"{none}; {each} drew from the stock ({a.stock_size} left)"
    if b.stock_open and not a.stock_open:  # the last round: every card of it is shown (§2.7.5)
        took = [
            f"{mid(seat_name(ctrl, seat))}{' took' if k == 0 else ''} {Style.card(card)}"
            for k, (seat, card) in enumerate(a.last_pair)
        ]
        return (
            f"{none}; {', '.join(took)}: the stock is gone and the melds go back to the hands"
            f" ({phase2_rule(ctrl.variant)})"
        )
    return none  # (the winner to pick the last card, ``last_stock_pick = "winner_chooses"``)


def discard_points(ctrl: GameInfo) -> list[int]:
    """Two-hand draft, the hand over: per side the discard-pile counters in its trick
    points (RULES.md §2.8)."""
    r = ctrl.round.result
    if r is None:
        return [0] * ctrl.variant.n_sides
    return [side.discard_points for side in r.sides]


def result_headline(ctrl: GameInfo) -> str:
    r = ctrl.round.result
    v = ctrl.variant
    if r is None:
        return ""
    if r.kind == "misdeal":
        return f"{seat_name(ctrl, r.misdeal_by or 0)} called a misdeal: the same dealer deals again."
    if r.kind == "all_passed":
        return "Everyone passed: the hand is thrown in and dealt again."
    if r.bidder is None:  # the two-hand stock game: no contract, each scores meld and tricks
        parts = [
            f"{visible(ctrl.side_name(s.side))} {v.fmt(s.change)}"
            f" (meld {v.fmt(s.meld_saved)}, tricks {v.fmt(s.trick_points)})"
            for s in r.sides
        ]
        return "This hand: " + ", ".join(parts) + "."
    bidder = seat_name(ctrl, r.bidder or 0)
    trump = "" if r.trump is None else f" in {Style.suit(Suit.parse(r.trump).index)}"
    bside = v.side_of[r.bidder or 0]
    made = r.sides[bside].made
    if r.kind == "conceded":
        return f"{bidder} bid {v.fmt(r.contract or 0)}{trump} and threw in the hand: set."
    if r.kind == "auto_set":
        return f"{bidder} bid {v.fmt(r.contract or 0)}{trump} without the meld trump needs: set."
    if r.contracts:  # summed partner bids (§8.2): each side's contract, made or set
        each = [
            f"{visible(ctrl.side_name(x.side))} {v.fmt(r.contracts[x.side])} {'made' if x.made else 'set'}"
            for x in r.sides
            if x.made is not None
        ]
        return f"{bidder} named trump{trump}. Contracts: {', '.join(each)}."
    word = "made it" if made else says(bidder, "was set", "were set")
    extra = ""
    if r.pinochle_side is not None:
        extra = f"  {visible(ctrl.side_name(r.pinochle_side))} took every trick!"
    called = observe(ctrl.round, r.bidder or 0).called_card if v.calls_partner else None
    if called is not None:  # five-hand: who the called card made the partner (§2.12)
        extra = f" Called {Style.card(called)}: {partner_words(ctrl, ctrl.round)}.{extra}"
    return f"{bidder} bid {v.fmt(r.contract or 0)}{trump} and {word}.{extra}"


# ---------------------------------------------------------------------- rules in plain words


# how the players side, in the help's first line
SIDES_WORDS = {
    "pairs_opposite": "two partnerships, partners sitting opposite",
    "teams_of_3_alternating": "two teams of three, every other seat",
    "teams_of_2_x4": "four teams of two, partners sitting opposite (four seats apart)",
    "teams_of_4_alternating": "two teams of four, every other seat",
    "called_partner": (
        "after naming trump the bidder calls a trump card, and the first other player clockwise "
        "holding a copy is the bidder's partner for the hand; scores are kept per player"
    ),
}


def rules_text(v: Variant) -> list[str]:
    """The rules of ``v`` in plain words, made from its fields (so always true to the game)."""
    if v.has_stock:
        return stock_rules_text(v)
    f = v.fmt
    out: list[str] = []
    sides = SIDES_WORDS.get(v.sides, "each player for themself")
    held = f"{v.cards_per_hand} cards each" + (", one more from the widow" if v.kitty_handed_out else "")
    out.append(f"Players: {v.players}, {sides}. Deck: {deck_text(v)}; {held}.")
    if v.sitting_out:  # §0.4.16
        who = "the dealer sits out" if v.sitting_out == 1 else "the dealer and the second to the dealer's left sit out"
        partners = " (partners: the 1st and 3rd to the dealer's left)" if v.partners_opposite else ""
        each = "each member of a side scores the side's change" if v.partners_opposite else "each scores its own"
        idle = "the one sitting out scores" if v.sitting_out == 1 else "the two sitting out score"
        out.append(
            f"  {v.people} at the table: each deal {who}, and the other {v.players} play{partners}; scores are"
            f" per person ({each}), {idle} nothing that deal."
        )
    if v.kitty_mode == "bidder_distributes_one_each":
        out.append(
            f"{blind_word(v).capitalize()}: {v.kitty_size} cards; after the auction the bidder deals them face down, "
            "one to each player (the bidder too), without looking. No burial."
        )
    elif v.kitty_mode == "bidder_keeps_one_gives_one_each":
        out.append(
            f"{blind_word(v).capitalize()}: {v.kitty_size} cards; after the auction the bidder looks at them, keeps "
            "one and gives one face down to each other player, choosing which goes to whom. No burial."
        )
    elif v.kitty_size:
        if v.blind_size:
            seen = "dealt face down, unseen;"
        else:
            seen = "shown to everyone, then" if v.kitty_exposed else "unseen by the others;"
        count = "count for the bidder" if v.kitty_discards_count_for_bidder else "do not count"
        out.append(
            f"{blind_word(v).capitalize()}: {v.kitty_size} cards, {seen} taken by the bidder, who buries "
            f"{v.kitty_size} (buried counters {count})."
        )
        if v.bury_restriction == "not_melded_cards":
            out.append("  You may not bury a card you melded while you hold unmelded cards.")
        elif v.bury_restriction == "no_trump_or_ace_unless_forced":
            out.append("  You may not bury a trump or an ace unless you have to.")
        elif v.bury_restriction == "announce_trump_or_ace":
            out.append(
                "  You may not bury a card you melded while you hold unmelded cards; every player is told "
                "how many trumps and aces you buried, not which."
            )
    if v.drafts:
        out.extend(draft_rules_text(v))
    step = f"steps of {f(v.bid_unit)}"
    for above, unit in v.bid_unit_above:
        step += f", {f(unit)} from {f(above)}"
    start = "the non-dealer opens" if v.two_hand else "starts left of the dealer"
    if v.summed_contracts:
        out.append(
            f"Auction: each player bids once, starting left of the dealer, or passes; a bid is at least "
            f"{f(v.min_bid)}, {step}, and need not beat the others. The highest bid names trump (the first "
            "of equal bids); each side's contract is its members' bids added."
        )
    elif v.pass_is_final:
        out.append(f"Auction: {start}; minimum bid {f(v.min_bid)}, {step}. A pass is final.")
    else:
        out.append(
            f"Auction: {start}; minimum bid {f(v.min_bid)}, {step}. A player who passed may bid again when "
            "the turn comes round; the auction ends when all the others pass in a row after the last bid."
        )
    if v.raise_limit == "one_or_two_units":
        out.append("  A raise is one or two steps above the bid standing; the opening bid may be any.")
    if v.bid_requires_marriage:
        out.append(
            f"  You may bid only while you hold a marriage; the dealer stuck with {f(v.stuck_bid)} "
            "goes higher only with one."
        )
    if v.forced_opener == "eldest_must_open":
        out.append("  The first to bid may not pass: the auction always has a bidder.")
    if v.forced_opener == "eldest_fixed_bid":
        out.append(
            f"  The player left of the dealer opens {f(v.min_bid)} automatically (forced); the others "
            f"may overcall, and if all of them pass that player plays at {f(v.min_bid)}."
        )
    elif v.all_pass == "dealer_stuck" and v.stuck_bid < v.min_bid:
        # RU's three-hand "20, or 19 if the dealer" (RULES.md §3.2): said as the rule it is,
        # not read as a slip for the minimum
        out.append(
            f"  If everyone passes, the dealer is stuck at {f(v.stuck_bid)}, {f(v.min_bid - v.stuck_bid)} "
            f"under the {f(v.min_bid)} anyone else must bid (the old rule: {f(v.min_bid)}, or "
            f"{f(v.stuck_bid)} if the dealer)."
        )
    elif v.all_pass == "dealer_stuck":
        out.append(f"  If everyone passes, the dealer is stuck with {f(v.stuck_bid)}.")
    else:
        out.append("  If everyone passes, the hand is thrown in and redealt.")
    if v.forced_opener == "must_open_with_meld":
        out.append("  A player holding meld may not pass before the first bid.")
    if v.forced_opener == "must_bid_with_marriage":
        out.append("  A player holding a marriage may not pass before the first bid.")
    if v.concede_without_looking == "at_min_bid_pay_kitty_only":
        out.append(
            f"  A bidder who takes the contract at {f(v.min_bid)} may throw the hand in before taking the "
            f"{blind_word(v)}: it loses {f(v.min_bid)}, and the others score nothing."
        )
    if v.trump_requirement == "marriage":
        out.append("Trump: the bidder names it and must hold a marriage in that suit.")
    elif v.trump_requirement == "run_or_marriage_or_dix":
        out.append("Trump: the bidder names it and must hold a marriage or the dix in that suit.")
    else:
        out.append("Trump: the bidder names any suit.")
    if v.pass_count:
        ask = "if the bidder asks for it (the bidder may play without it), " if v.pass_optional else ""
        out.append(
            f"Passing: {ask}the bidder's partner passes {v.pass_count} cards to the bidder, "
            f"then the bidder passes {v.pass_count} back."
        )
    who = "every player melds" if v.who_melds == "all" else "only the bidder melds"
    req = {
        "none": "always counts",
        "one_trick": "counts only if the side takes a trick",
        "scoring_trick": "counts only if the side takes a trick with a counter",
        "min_points": f"counts only if the side takes {f(v.meld_requires_points)} in tricks",
    }[v.meld_requires]
    if v.meld_requires == "none" and v.nonbidder_min_points:  # racehorse (§0.4 item 23a)
        req = f"always counts for the bidding side, for the others only with {f(v.nonbidder_min_points)} in tricks"
    out.append(f"Meld: {who}; meld {req}. {meld_values_text(v)}. {run_marriage_text(v)}")
    out.extend(meld_tiers_text(v))
    if v.concession != "off":
        extra = f" plus {f(v.concession_bonus)}" if v.concession_bonus else ""  # (in the game's scale: 10 in x1)
        setw = "the bidder and the called partner each lose the bid" if v.calls_partner else "set by the bid"
        out.append(f"After meld the bidder may throw in the hand: {setw}; the others score their meld{extra}.")
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
    in_all = f"{f(v.hand_trick_total)} in all"
    if v.drafts:
        in_all += " (with the counters in both discard piles)"
    out.append(f"Counting: {pts}; the last trick {f(v.last_trick_bonus)}; {in_all}.")
    success = "scores meld plus tricks" if v.contract_success_score == "all_points" else "scores the bid"
    pen = {"minus_bid": "loses the bid", "minus_double_bid": "loses twice the bid", "zero": "scores nothing"}[
        v.set_penalty
    ]
    if v.summed_contracts:  # §0.4.17: a side set loses its own contract, its members' bids added
        pen = {"minus_bid": "loses its contract", "minus_double_bid": "loses twice its contract"}.get(
            v.set_penalty, pen
        )
        out.append(
            f"Scoring: each side that bid is made or set against its own contract: made, it {success}; "
            f"set, it {pen}. A side that bid nothing scores as non-bidders do."
        )
    else:
        out.append(f"Scoring: a bidder that makes the bid {success}; a bidder that is set {pen}.")
    out.append("  " + others_score_text(v))
    out.append(f"Game: first to {f(v.game_target)}." + tie_text(v))
    if v.scale != 1:
        out.append("Scores are shown in ones (x1 scale): a run is 15, the minimum bid " + f(v.min_bid) + ".")
    return out


ANY_CARD = "With neither the suit led nor a trump, play any card."
"""The basics' last word on a trick (RULES.md §6.2): a child holding neither asked what
was left to play."""


def set_words(v: Variant) -> str:
    """What a set costs the bidder's side, in the basics' words (RULES.md §8.1 steps 5,
    ``set_penalty`` and ``set_forfeits_meld_and_tricks``), with the lowest bid for an
    example: "the bid is taken off its score (bid 250: minus 250), and its meld and
    counters score nothing"."""
    f, bid = v.fmt, v.min_bid
    lost = {
        "minus_bid": f"the bid is taken off its score (bid {f(bid)}: minus {f(bid)})",
        "minus_double_bid": f"twice the bid is taken off its score (bid {f(bid)}: minus {f(2 * bid)})",
        "zero": "nothing is taken off its score",
    }[v.set_penalty]
    if v.set_forfeits_meld_and_tricks:
        return f"{lost}, and its meld and counters score nothing"
    return f"{lost}, but its meld and counters still score"


def basics_text(v: Variant) -> list[str]:
    """The game of ``v`` in the plainest words, for a first-time player (a child at a
    family table): the card order (RULES.md §1.2), what trump, following suit and heading
    mean (§6), what each meld is with an example and its value in the form's own meld
    table (§5.1, `meld_tables`), what the counters are worth (§7), and the words the rules
    below use (saved meld §5.7, set §8.1, throw in §8.3), each as the form plays it.
    Bullets (``- ``) that the help wraps under their text."""
    f = v.fmt
    t = meld_tables(v)
    nines = any(c % 6 == 5 for c in make_deck(v.deck))
    order = "A 10 K Q J 9" if nines else "A 10 K Q J (this deck has no nines)"
    out = [f"- Cards, highest first: {order}. The 10 beats the K. Two cards the same: the first played wins."]
    if v.has_stock:
        out.append("- Trump: the suit of the card turned up at the start. A trump beats any card of another suit.")
        late = {
            "pre1945": "follow suit and head the trick if you can; with none of the suit led, play a trump",
            "post1945": "follow suit if you can, else play a trump; when trump is led, head the trick if you can",
            "none": "follow suit if you can, else play a trump",
        }[v.two_hand_phase2_rule]
        out.append(
            f"- Tricks: while the stock lasts you may play any card. Once it is gone you must {late}. {ANY_CARD}"
        )
        out.append(
            "- Meld: cards that score when you show them. Win a trick and you may lay one meld on the table"
            " before you draw; you can still play those cards later."
        )
    else:
        out.append(
            "- Bidding: each player in turn bids how many points their side will make (meld and counters),"
            " or passes. Whoever bids highest is the bidder and names trump: a trump beats any card of"
            " another suit."
        )
        if v.pass_count:
            ask = " (if the bidder asks for it)" if v.pass_optional else ""
            out.append(
                f"- Passing: after trump is named{ask}, the bidder's partner gives the bidder {v.pass_count}"
                f" cards, and the bidder gives {v.pass_count} back."
            )
        if v.kitty_size:
            out.append(
                f"- The {blind_word(v)}: {v.kitty_size} cards dealt apart, face down; after the auction they go"
                " to the bidder (the rules below say how)."
            )
        follow = {
            "pre1945": "head the trick if you can; with none of the suit led you must play a trump",
            "post1945": "with none of the suit led you must play a trump; when trump is led you must also head"
            " the trick if you can",
            "none": "with none of the suit led you must play a trump; you need not head the trick",
        }[v.head_rule]
        out.append(f"- Tricks: you must follow suit and {follow}. {ANY_CARD}")
        who = "Every player" if v.who_melds == "all" else "The bidder"
        out.append(
            f"- Meld: cards that score when you show them. {who} shows them after trump is named, then takes"
            " them back to play."
        )
    at = next(i for i, line in enumerate(out) if line.startswith("- Tricks"))
    out.insert(
        at,
        "- Follow suit: play a card of the suit that was led, if you have one. Head the trick: play a card"
        " that beats the best card played to it so far.",
    )
    ex = Style.cards
    melds = [
        f"run: A 10 K Q J of trump ({ex([0, 1, 2, 3, 4])} with ♠ trump) {f(t.run[1])}",
        f"royal marriage: K and Q of trump ({ex([2, 3])}) {f(t.royal[1])}",
        f"marriage: K and Q of another suit ({ex([8, 9])}) {f(MARRIAGE)}",
        f"pinochle: {ex([16, 3])} {f(t.pinochle[1])}",
        *([f"dix: the 9 of trump ({ex([5])}) {f(v.dix_value)}"] if nines else []),
        f"around: one card of a rank in each suit: aces around ({ex([0, 6, 12, 18])}) {f(t.aces[1])},"
        f" kings around {f(t.kings[1])}, queens {f(t.queens[1])}, jacks {f(t.jacks[1])}",
    ]
    if Style.ascii:
        melds[0] = melds[0].replace("♠ trump", "S trump")
    out.extend(f"    {m}" for m in melds)
    by_points: dict[int, list[str]] = {}
    for r, name in enumerate(RANKS):
        if name != "9" or nines:
            by_points.setdefault(v.card_points[r], []).append(name)
    worth = [
        f"{and_list(names)} {'count' if len(names) > 1 else 'counts'} {f(p)}{' each' if len(names) > 1 else ''}"
        for p, names in by_points.items()
        if p
    ]
    nothing = [n for p, names in by_points.items() if not p for n in names]
    tail = f"; {and_list(nothing)} nothing" if nothing else ""
    out.append(
        f"- Counters: cards worth points in the tricks you win: {'; '.join(worth)}{tail}. The last trick"
        f" scores {f(v.last_trick_bonus)} more."
    )
    if not v.has_stock:
        saved = {
            "none": "Your meld always counts",
            "one_trick": "Your side's meld counts (is saved) only if your side wins a trick",
            "scoring_trick": "Your side's meld counts (is saved) only if your side wins a trick with a counter in it",
            "min_points": f"Your side's meld counts (is saved) only if your side takes {f(v.meld_requires_points)}"
            " in tricks",
        }[v.meld_requires]
        if v.meld_requires == "none" and v.nonbidder_min_points:  # racehorse (§2.13, §0.4 item 23a)
            saved = (
                "The bidder's side's meld always counts; the other side's meld counts (is saved) only if it takes"
                f" {f(v.nonbidder_min_points)} in tricks"
            )
        out.append(
            f"- {saved}. The bidder's side must make its bid with its meld and counters; if it falls short"
            f" it is set: {set_words(v)}."
        )
        if v.concession != "off":
            out.append(
                "- Throw in: after seeing the meld, the bidder may give the hand up instead of playing it"
                " (when the bid cannot be made): the bidder's side is set, and the others score their meld."
            )
    # scores kept per player (each for self, a called partner, people sitting out in turn:
    # §2.5-§2.8, §2.12, §0.4.16) or per side of fixed partners
    who = "a side" if v.seats_in_teams and not v.sitting_out else "a player"
    out.append(f"- The game: hands are played until {who} reaches {f(v.game_target)} points (more below).")
    return out


def hot_seat_text(names: Sequence[str]) -> str:
    """The hand-off of a hot-seat game (several people at one keyboard), said with the
    people's own ``names`` (two at least)."""
    who = names[1]
    return (
        f"- Hot-seat: when the screen says Pass the keyboard to {who}, hand it over; {who} presses Enter"
        " when the others cannot see the screen. Everyone's meld is shown once, with no hand, for all to"
        " look at together."
    )


def tie_text(v: Variant) -> str:
    """What `rules.game.GameState.after_hand` does when several sides reach the target in
    one hand (§8.5), said for the variant's sides (five-hand's help
    said "the bidding side wins", where the bidder alone has the priority, not its called
    partner, and with the bidder short of the target the highest score wins)."""
    f = v.fmt
    if v.must_bid_to_win == "always":
        return " Only the bidder who makes the contract can win."
    if v.must_bid_to_win == "bid_out_three_sets":
        if v.sitting_out:  # §0.4.16: per person, the sets of the contracts it played against
            return (
                " Only the bidder who makes the contract can win, or a person at or over the target when "
                "contracts it plays against are set for the third time while it stays there (bid-out; falling "
                "below starts the count again; of several at once the highest score wins)."
            )
        return (
            " Only the bidder who makes the contract can win, or a side at or over the target when the "
            "others are set for the third time while it stays there (bid-out; falling below starts the count again)."
        )
    highest = "the highest score wins (a tie for the highest plays another hand)"
    if v.tie_break == "bidder_first":
        if v.sitting_out:  # §0.4.16: scores per person, the bidder scored first, then its partner
            first = "the bidder wins if it is one of them"
            if v.partners_opposite:
                first += ", else its partner if it is"
            if v.summed_contracts:
                first = "the one who named trump wins if it is one of them, else its partner if it is"
            return f" If several reach it, {first}; otherwise {highest}."
        if v.summed_contracts:  # §0.4.17: both sides may have bid; the trump-namer's side is first
            first = "the side of the highest single bid (the one that named trump)"
            if v.n_sides == 2:
                return f" If both reach it, {first} wins."
            return f" If several reach it, {first} wins if it is one of them; otherwise {highest}."
        if v.n_sides == 2:
            return " If both reach it, the bidding side wins."
        if v.calls_partner:
            return f" If several reach it, the bidder wins if it is one of them (not its partner); otherwise {highest}."
        return f" If several reach it, the bidding side wins if it is one of them; otherwise {highest}."
    return {
        "extend_target": f" If several reach it together the target rises by {f(v.tie_extend_step)}.",
        "another_hand": " If several reach it together, another hand is played; then the highest score wins.",
        "highest_score": f" If several reach it together, {highest}.",
    }[v.tie_break]


NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def deck_text(v: Variant) -> str:
    """The variant's deck from its cards: ``80 cards (four of each A 10 K Q J, no nines)``."""
    cards = make_deck(v.deck)
    copies = Counter(cards)
    n = max(copies.values())
    ranks = [r for i, r in enumerate(RANKS) if any(c % 6 == i for c in copies)]
    text = f"{len(cards)} cards ({NUMBER_WORDS.get(n, str(n))} of each {' '.join(ranks)}"
    return text + (")" if "9" in ranks else ", no nines)")


def meld_values_text(v: Variant) -> str:
    """The single melds and their values in the variant's own meld table (`meld_tables`),
    the dix only where the deck has nines: ``Run 150, aces around 100, ..., marriage 20``."""
    f = v.fmt
    t = meld_tables(v)
    parts = [
        f"Run {f(t.run[1])}",
        f"aces around {f(t.aces[1])}",
        f"kings {f(t.kings[1])}",
        f"queens {f(t.queens[1])}",
        f"jacks {f(t.jacks[1])}",
        f"pinochle {f(t.pinochle[1])}",
        f"royal marriage {f(t.royal[1])}",
        f"marriage {f(MARRIAGE)}",
    ]
    if any(c % 6 == 5 for c in make_deck(v.deck)):
        parts.append(f"dix {f(v.dix_value)}")
    return ", ".join(parts)


TIER_WORDS = {2: "double", 3: "triple", 4: "quadruple", 5: "quintuple", 6: "sextuple"}
TIER_KINDS = (
    ("run", "run"),
    ("aces", "aces around"),
    ("kings", "kings"),
    ("queens", "queens"),
    ("jacks", "jacks"),
    ("pinochle", "pinochle"),
    ("royal", "royal marriage"),
)


def copies_split_text(v: Variant, first: int, last: int) -> str:
    """How ``first``..``last`` copies of a kind score: the split into the table's tiers
    worth the most, per kind (`rules.meld`'s ``split``; one
    sentence for every kind said five pinochles are a triple + double, 90, where the
    quadruple + single scores 94): ``Five or six copies score the split worth most:
    five of run, ... or jacks as triple + double (aces around 250), five of pinochle as
    quadruple + single (pinochle 94); six of any as quadruple + double (...)``."""
    f = v.fmt
    t = meld_tables(v)
    kinds = [(kind, word) for kind, word in TIER_KINDS if len(t.tier[kind]) > 1]
    ns = [NUMBER_WORDS.get(n, str(n)) for n in range(first, last + 1)]
    parts = []
    for n in range(first, last + 1):
        groups: dict[tuple[int, ...], list[tuple[str, str]]] = {}
        for kind, word in kinds:
            groups.setdefault(t.split[kind][n], []).append((kind, word))
        said = []
        for split, members in groups.items():
            kind, word = next((m for m in members if m[0] == "aces"), members[0])
            tiers = " + ".join(TIER_WORDS.get(k, "single") for k in split)
            words = [w for _, w in members]
            who = "any" if len(groups) == 1 else ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + words[-1]
            said.append(f"{NUMBER_WORDS.get(n, str(n))} of {who} as {tiers} ({word} {f(t.value[kind][n])})")
        parts.append(", ".join(said))
    return f"{' or '.join(ns).capitalize()} copies score the split worth most: " + "; ".join(parts)


def meld_tiers_text(v: Variant) -> list[str]:
    """The meld table's tiers past the single meld, as far as the deck has the copies
    (§5.5): ``Several copies: run double 1500, triple 2250, quadruple 3000; ...``, a tier
    that wins the game at once (§5.6) said so; then how copies past the largest tier are
    split (the six-hand's 5 and 6 copies)."""
    f = v.fmt
    t = meld_tables(v)
    copies = max(Counter(make_deck(v.deck)).values())
    parts = []
    for kind, word in TIER_KINDS:
        tiers = t.tier[kind]
        items = []
        for k in range(2, min(copies, len(tiers)) + 1):
            tv = tiers[k - 1]
            if tv is None:
                items.append(f"no {TIER_WORDS[k]}")
            elif tv == WIN:
                items.append(f"{TIER_WORDS[k]} wins the game")
            else:
                items.append(f"{TIER_WORDS[k]} {f(tv)}")
        if items:
            parts.append(f"{word} " + ", ".join(items))
    out = []
    if parts:
        out.append("  Several copies: " + "; ".join(parts) + ".")
    most = max(len(t.tier[kind]) for kind, _ in TIER_KINDS)
    if copies > most:
        out.append("  " + copies_split_text(v, most + 1, copies) + ".")
    return out


def others_score_text(v: Variant) -> str:
    """What the seats other than the bidder score (RULES.md §8.1; the called partner §2.12)."""
    f = v.fmt
    floor = f" when they take at least {f(v.nonbidder_min_points)}" if v.nonbidder_min_points else ""
    if v.calls_partner:
        return (
            "The called partner scores the same as the bidder (the pair's saved meld and tricks, or loses the "
            f"bid); each defender scores its own saved meld plus all the defenders' trick points{floor}. "
            "Scores are kept per player."
        )
    n = len(set(v.side_of))
    if v.each_for_self:
        who = "the other player scores" if n == 2 else "each other player scores"
        return f"{who[0].upper()}{who[1:]} its saved meld plus its trick points{floor}."
    if v.summed_contracts:
        return f"Partners score as one; a side's saved meld plus its trick points count toward its contract{floor}."
    who = "the other side scores" if n == 2 else "each other side scores"
    return f"The bidder's side scores as one; {who} its saved meld plus its trick points{floor}."


RUN_MARRIAGE = {  # RULES.md §5.3: does a run's K and Q of trump also make a royal marriage?
    "run_absorbs": "A run's K and Q are not also a royal marriage; a trump K and Q beside the run marry "
    "each other (run and an extra K and Q: {run} + {royal}).",
    "extra_card_marries": "A run's K and Q do not marry each other, but the run lends its K or Q once to an "
    "extra trump Q or K (run and an extra K: {run} + {royal}).",
    "independent": "Royal marriages count as if the run were not there (a run alone: {run} + {royal}).",
}


def run_marriage_text(v: Variant) -> str:
    """Which reading of RULES.md §5.3 the variant plays (`Variant.run_marriage_rule`), in
    words, with its own run and royal marriage values."""
    t = meld_tables(v)
    return RUN_MARRIAGE[v.run_marriage_rule].format(run=v.fmt(t.run[1]), royal=v.fmt(t.royal[1]))


COUNTING = {
    "classic_11_10_4_3_2": "A 11, 10 10, K 4, Q 3, J 2",
    "ten_ten_five_five": "A and 10 count 10, K and Q 5",
    "counters_10": "A, 10 and K count 10 each",
    "counters_1": "A, 10 and K count 10 each",
}


def draft_rules_text(v: Variant) -> list[str]:
    """The two-hand draft (RULES.md §2.8) in plain words."""
    owner = (
        "the counters in each discard pile score for the player it belongs to"
        if v.draft_discards_count_for == "owner"
        else "the counters in both discard piles score for the player who did not win the bid"
    )
    return [
        "Draft: there is no deal. The whole pack lies face down; the players take turns, the non-dealer first.",
        "  On your turn you look at the top card. Keep it: the next card goes, unseen, to your discard pile."
        " Reject it: it goes to your discard pile and you must keep the next card (unseen until it is yours).",
        f"  After 24 turns each holds 12 cards and has 12 discards; {owner}.",
    ]


def stock_rules_text(v: Variant) -> list[str]:
    """The stock game (RULES.md §2.7, §5.9, §6.4; for three, §0.4 item 22) in plain words."""
    f = v.fmt
    n = v.players
    pick = (
        "the winner takes the last face-down card (and shows it), the loser the turn-up"
        if v.last_stock_pick == "winner_face_down"
        else "the winner chooses the last face-down card or the turn-up, the loser takes the other"
    )
    if n > 2:
        pick = "the winner and the next player take the two face-down cards, the third the turn-up"
    stock = 48 - 12 * n - 1
    phase1 = 48 // n - 12
    draw = (
        "Then the winner draws the top card of the stock, the loser the next, and the winner leads."
        if n == 2
        else "Then each draws a card in turn, clockwise from the winner, and the winner leads."
    )
    seen = "both cards are seen by both players" if n == 2 else "every card of it is seen by all"
    both = "both" if n == 2 else "several"
    leads = "non-dealer" if n == 2 else "player left of the dealer"
    doubles = (
        f"doubles: run {f(1500)}, aces {f(1000)}, kings {f(800)}, queens {f(600)}, jacks {f(400)}, pinochle {f(300)}"
        if v.double_meld_values == "special"
        else "a double meld counts twice the single"
    )
    out = [
        f"Players: {n}, each for themself. Deck: 48 cards (two of each A 10 K Q J 9); {v.cards_per_hand} each, dealt"
        f" {v.deal_packet} at a time.",
        f"Trump: the next card is turned up under the stock and is trump; a turned-up 9 scores the dealer"
        f" {f(v.dix_value)}. The other {stock} cards are the stock.",
        f"Phase 1, while the stock lasts ({phase1} tricks): the {leads} leads first. Any card may be played, from"
        " your hand or from your melds on the table; you need not follow suit. The higher card of the suit led"
        " or the higher trump wins; of two equal cards the first played wins.",
        "  The winner of a trick may make one meld (laid face up on the table, scored at once) and may also"
        f" count the dix ({f(v.dix_value)}): exchange the trump 9 for the turn-up, or show a second trump 9. " + draw,
        "  Melding again with cards on the table: every new meld takes at least one card from your hand, and"
        " a card on the table serves again only in a meld of another class (the K♠ of a marriage in kings"
        " around) or in a bigger meld of the same class: a royal marriage (40) then the run with A 10 J from"
        " the hand (150) scores 190; the run first, and its K and Q make no royal marriage.",
        f"  The last {'pair' if n == 2 else 'round'}: {pick}; {seen}.",
        f"Phase 2, the stock gone (the last 12 tricks): the melds go back to the hands; no more melding;"
        f" {phase2_rule(v)}.",
        f"Meld: run {f(150)}, aces around {f(100)}, kings {f(80)}, queens {f(60)}, jacks {f(40)}, pinochle"
        f" {f(40)}, royal marriage {f(40)}, marriage {f(20)}, dix {f(v.dix_value)}; {doubles}.",
        f"Counting: {COUNTING[v.count_method]}; the last trick {f(v.last_trick_bonus)};"
        f" {f(v.hand_trick_total)} in all"
        + ("; a total ending in 7, 8 or 9 rounds up to the next ten, lower drops" if v.round_card_points else "")
        + ".",
        "Scoring: each player scores the meld made plus the trick points; there is no bid.",
        f"Game: first to {f(v.game_target)}, checked at the end of a hand."
        + {
            "bidder_first": f" If {both} reach it, the one who took the last trick wins.",
            "extend_target": f" If {both} reach it the target rises by {f(v.tie_extend_step)}.",
            "another_hand": f" If {both} reach it, another hand is played.",
            "highest_score": f" If {both} reach it, the higher score wins.",
        }[v.tie_break],
    ]
    if Style.ascii:
        out = [line.replace("♠", "S") for line in out]
    return out
