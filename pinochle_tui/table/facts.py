"""`SeatFacts`: what one seat at the table may see and do now, as one immutable value.

The table screen makes it once per change (`build.seat_facts`) and hands it down; the
panels and widgets draw from it and decide nothing.  Everything here is worked out from
the seat's `SeatView`, its legal actions and the public facts of the game (names, who
sits where, the scores): never from the round's full state, so a panel cannot show a
card its seat may not see (DESIGN.md "What a seat may see")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from rich.text import Text

from rules import (
    AskPass,
    Bid,
    CallPartner,
    Card,
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
    Phase,
    PlayOn,
    SeatView,
    Suit,
    TakeStock,
)

from ..cli_common import visible
from ..render import SUIT_NAMES, Style, dix_label, meld_points

SUITS = tuple(Suit)
CHOICE_PHASES = (
    Phase.DEAL,
    Phase.KITTY,
    Phase.TRUMP,
    Phase.CALL,
    Phase.ASK_PASS,
    Phase.MELD,
    Phase.DECLARE,
    Phase.DRAFT,
    Phase.LAST_PICK,
)


def gone_for_good() -> str:
    """The end of a joined seat's offline line once its connection is closed for good (the host
    said goodbye, or another terminal took the seat): no move waits for it to come back.  The
    command as it was run (`paths.program`), as the line left on quitting gives it."""
    from ..paths import program

    return f"Disconnected: {program()} join with your code takes the seat back."


LIST_PHASES = (Phase.DECLARE, Phase.DRAFT, Phase.LAST_PICK)  # choices listed in full in the centre
PICK_PHASES = (Phase.PASS, Phase.BURY)
# the bidder's choices that can come up at once on its own key: trump named (§3.1.6) as its
# bid ends the auction, the called card (§2.12) and the pass asked for (§0.4.19) after it,
# play on or throw in (§8.3) as Enter passes the cards back (or names trump, with no pass);
# a key close behind that one is no answer (`widgets.KeyPause`)
PAUSED_PHASES = (Phase.TRUMP, Phase.CALL, Phase.ASK_PASS, Phase.MELD)

# a numbered choice of a choice phase: (label, its action, allowed now)
Option = tuple[str, Any, bool]


class SeatFacts(NamedTuple):
    """One seat's table now (the seat drawn at the bottom, ``viewer``).

    What the game says: ``view`` (the viewer's `SeatView`; between hot-seat players a
    view with nothing private), ``legal`` (its legal actions when it is to act, else
    empty) and what follows from them (``options``, ``bid_amounts``, ``may_pass``, the
    hand as drawn, ``keys``); the public facts (``names``, ``humans``, ``to_act``,
    ``hand_no``, ``scores``, ``checks``, ``events``).  What the table says: whose turn it
    is at the keyboard (``my_turn``, ``decides``), the pacing (``busy``, ``handoff``,
    ``meld_pause``) and the selection (``cursor``, ``picked``, ``bid_index``,
    ``opt_index``) with the line under the prompt (``message``).

    A NamedTuple: made on every change, it costs little, and a selection move is a
    ``_replace``."""

    view: SeatView
    variant: Any  # the view's `Variant`
    legal: tuple[Any, ...]
    names: tuple[str, ...]  # every seat's name, in seat order
    humans: tuple[int, ...]  # the seats people sit in
    viewer: int | None  # whose cards may be drawn (None: between hot-seat players)
    base: int  # the seat drawn at the bottom
    places: Mapping[str, int]  # place name -> seat (seating.places_for)
    my_turn: bool  # the viewer decides now (no worker thinking, no hand-off up)
    to_act: int | None = None  # None once the hand is over
    decides: Phase | None = None  # the phase when the viewer decides now and no pause is due
    meld_pause: bool = False  # everyone's meld is shown: Enter goes on first
    busy: bool = False  # a "play for me" or hint worker is running
    handoff: bool = False  # the hand-off screen is up (hot-seat)
    hand_no: int = 1
    scores: tuple[int, ...] = ()  # per side: the running scores, the game's once the hand is over
    checks: tuple[int, ...] = ()  # the game's checks ledger per person (check games), else empty
    events: tuple[str, ...] = ()  # the hand's log lines
    options: tuple[Option, ...] = ()  # the numbered choices of a choice phase
    bid_amounts: tuple[int, ...] = ()  # the bids allowed now, lowest first
    may_pass: bool = False  # a pass is legal now
    undo: bool | None = False  # the undo key: True acts, False off (nothing to undo, or no undo here)
    hand: tuple[Card, ...] = ()  # the viewer's hand as drawn (trump first)
    on_table: tuple[Card, ...] = ()  # two-hand: its own melds on the table, playable in phase 1
    playable: tuple[tuple[Card, bool], ...] = ()  # the cursor's row: the hand, then the table melds
    legal_plays: frozenset[tuple[Card, bool]] = frozenset()  # (card, from the table) it may play
    # the burial: every part of a legal set of cards, sorted (a pick that is one of these can
    # still be made whole); empty where the pick is free (the pass, or no burial now)
    pick_sets: frozenset[tuple[Card, ...]] = frozenset()
    marked: frozenset[int] = frozenset()  # hand positions new to it (received, taken, drawn)
    keys: Mapping[str, bool | None] = {}  # each key action's state (`key_states`)
    show_melds: bool = False  # m pressed: everyone's meld again
    board_width: int = 0  # the board's content width (for wrapping the meld lines)
    picked: frozenset[int] = frozenset()  # hand positions picked to pass or bury
    cursor: int = 0
    bid_index: int = 0
    opt_index: int = 0
    message: Text | str = ""  # the line under the prompt
    key: tuple[Any, ...] = ()  # the state and seat these were made for (`build.seat_facts`)
    order: str = ""  # the card order the hand is sorted in (`render.Style.card_order`, a setting)
    # who is at the table (§0.4.16: where more people sit at it than the form deals to,
    # some sit each deal out): every person's name, the person in each seat of this deal,
    # the person who deals; the game's scores, one per entry (`Variant.n_scores`: a side's,
    # or a person's when people sit out in turn)
    people: tuple[str, ...] = ()
    seating: tuple[int, ...] = ()
    dealer_person: int = 0
    entries: tuple[int, ...] = ()
    # per side at or over the target, the others' sets counted toward its bid-out (§0.4.21);
    # None below it, and empty where the form does not count them
    bid_out: tuple[int | None, ...] = ()
    hotseat: bool = False  # two or more people share the keyboard (one may sit this deal out)
    watching: bool = False  # the one person at the keyboard sits this deal out: no hand is drawn
    stand_in: tuple[int, ...] = ()  # the seats a bot plays in for a person away (`SeatNews`)
    away: tuple[tuple[int, str], ...] = ()  # the seats whose person is not here, and why (`SeatNews`)
    waits: str = ""  # who a hosted table waits for, and why (`table.news.waits_line`)
    host_keys: bool = False  # the host's b and w act now: its table waits for a person away (`SeatNews`)
    # a joined seat whose connection to the host is down: what the connection is doing
    # ("Connection lost — reconnecting (try 3)…"); the seat decides nothing meanwhile
    offline: str = ""
    # that connection is closed for good (the host said goodbye, another terminal took the
    # seat): it never tries again, so no move waits for it to come back
    gone_for_good: bool = False

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The people who sit this deal out (§0.4.16), in order round the table."""
        playing = set(self.seating)
        return tuple([p for p in range(len(self.people)) if p not in playing])

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.humans

    def side_name(self, side: int) -> str:
        """The names of the seats of ``side``, joined by ``&``."""
        side_of = self.view.variant.side_of
        return " & ".join(name for s, name in enumerate(self.names) if side_of[s] == side)

    def pickable(self) -> list[bool] | None:
        """Per hand position, whether the card may join the cards picked (a picked one:
        True), so the burial's restriction (§4.2: a melded card, or a trump or an ace, kept
        while others remain) shows before Enter refuses the set; None where every card may
        (no restriction bites now)."""
        if not self.pick_sets:
            return None
        picked = [self.hand[i] for i in self.picked]
        mask = [i in self.picked or tuple(sorted([*picked, c])) in self.pick_sets for i, c in enumerate(self.hand)]
        return None if all(mask) else mask

    @property
    def pick_count(self) -> int:
        """How many cards the pass (or the burial) takes."""
        v = self.view.variant
        return int(v.pass_count if self.view.phase is Phase.PASS else v.kitty_size)


def kitty_taker(view: SeatView) -> int | None:
    """The seat the bidder's next widow card goes to (§2.4 (c)), from the bidder's own
    record of the cards handed (``view.handed``): None while it chooses the card it keeps,
    then each other seat clockwise from its left."""
    step = len(view.handed)
    return None if step == 0 or view.bidder is None else (view.bidder + step) % view.variant.players


def choice_options(view: SeatView, legal: tuple[Any, ...], names: Sequence[str] = ()) -> tuple[Option, ...]:
    """The numbered choices of ``view``'s choice phase: (label, action, allowed now), from
    the seat's view and its ``legal`` actions; ``names``: every seat's (the widow handed
    out names who gets the card).  The stock game's meld after a won trick ends with "no
    meld", whether or not the seat has melded since the trick: the log, the hint and its
    notes name that option so (the list said "no more meld" after a meld)."""
    ph = view.phase
    if ph is Phase.DEAL:
        return (("Keep the hand", KeepHand(), True), ("Call a misdeal", ClaimMisdeal(), True))
    if ph is Phase.TRUMP:
        return tuple(
            (f"{i + 1} {Style.suit(i)} {SUIT_NAMES[i]}", NameTrump(s), NameTrump(s) in legal)
            for i, s in enumerate(SUITS)
        )
    if ph is Phase.CALL:  # five-hand: the trump cards the bidder may call (§2.12)
        calls = [a for a in legal if isinstance(a, CallPartner)]
        return tuple((f"{i + 1} {Style.card(a.card)}", a, True) for i, a in enumerate(calls))
    if ph is Phase.KITTY:  # §2.4 (c): keep one widow card, then give one to each other seat in turn
        gives = [a for a in legal if isinstance(a, HandOutKitty)]
        who = kitty_taker(view)
        verb = "Keep" if who is None else f"To {visible(names[who])}:"
        return tuple((f"{i + 1} {verb} {Style.card(a.card)}", a, True) for i, a in enumerate(gives))
    if ph is Phase.ASK_PASS:  # §0.4.19: the bidder asks for the pass or plays without it
        return (
            ("1 Ask for pass", AskPass(True), AskPass(True) in legal),
            ("2 No pass", AskPass(False), AskPass(False) in legal),
        )
    if ph is Phase.MELD:
        if view.trump is None:  # §9.2: the forced bid, the widow not yet seen
            look, throw = PlayOn() in legal, Concede() in legal
            return (("Look at the widow", PlayOn(), look), ("Throw in unseen", Concede(), throw))
        return (("Play the hand", PlayOn(), PlayOn() in legal), ("Throw it in", Concede(), Concede() in legal))
    if ph is Phase.DRAFT:
        return (
            ("Keep it: the next card goes unseen to your discards", DraftCard(True), DraftCard(True) in legal),
            ("Reject it: you must keep the next card", DraftCard(False), DraftCard(False) in legal),
        )
    if ph is Phase.LAST_PICK:
        up = Style.card(view.turn_up) if view.turn_up is not None else ""
        return (
            ("Take the face-down card", TakeStock(False), TakeStock(False) in legal),
            (f"Take the turn-up {up}".strip(), TakeStock(True), TakeStock(True) in legal),
        )
    if ph is Phase.DECLARE:
        v = view.variant
        out: list[Option] = []
        for a in legal:
            if isinstance(a, DeclareMeld):
                out.append((f"{a.name} {Style.cards(a.cards)} ({v.fmt(meld_points(v, view.trump, a))})", a, True))
            elif isinstance(a, DeclareDix):
                out.append((dix_label(v, view, a), a, True))
        out.append(("no meld", NoMeld(), NoMeld() in legal))
        return tuple(out)
    return ()


def bids_allowed(legal: tuple[Any, ...]) -> tuple[tuple[int, ...], bool]:
    """The bids among ``legal`` (x10 points, lowest first) and whether a pass is."""
    return tuple([a.amount for a in legal if isinstance(a, Bid)]), PassBid() in legal


def key_states(f: SeatFacts) -> dict[str, bool | None]:
    """Each key action of the table by its state now: True acts, None shows greyed, False
    hides it (Textual's `check_action` answers); an action not named here acts.  Made
    once per change and read by every `check_action` of the table."""
    ph = f.decides
    view = f.view
    over = f.to_act is None and view.phase is Phase.DONE  # (nobody is to act also while a hosted table waits)
    auction = ph is Phase.AUCTION
    n_bids = len(f.bid_amounts)
    # everyone's meld looked at goes to the host: not while the connection is down
    meld_goes_on = f.meld_pause and not f.handoff and not f.offline
    out: dict[str, bool | None] = {
        "cancel_helper": f.busy,
        "continue": over or meld_goes_on,
        "play": ph is Phase.TRICKS,
        # hidden, as the pass is where none is allowed, for the whole decision where they can
        # never act (no bid with no marriage in check, §3.5; one bid for the stuck dealer,
        # §3.4): greyed, "⏎ bid ↑ raise" still read as keys to use; Enter and the arrows
        # then say why (``bid_refused``)
        "bid": auction and n_bids > 0,
        "raise": auction and n_bids > 1,
        "lower": auction and n_bids > 1,
        "bid_refused": auction and n_bids <= 1,
        "pass_bid": auction and f.may_pass,
        "pass_refused": auction and not f.may_pass,
        "confirm": ph in PICK_PHASES,
        "pick": ph in PICK_PHASES,
        "choose": ph in CHOICE_PHASES,
        "digit": ph in CHOICE_PHASES,
        "left": ph is not None,
        "right": ph is not None,
        "jump": ph is not None and not auction,
        "hint": ph is not None,
        "auto": True if over or meld_goes_on else ph is not None,
        "undo": f.undo,
        # the tricks of this hand (and the cards the bidder put down): greyed before there are any
        "tricks": True
        if view.tricks or (view.bidder is not None and view.bidder >= 0 and (view.kitty or view.buried))
        else None,
        "undo_off": f.hotseat,
        # a misdeal kept at the deal, claimed at the holder's later decision (§0.4 item 23b)
        "claim_misdeal": f.my_turn and view.phase is not Phase.DEAL and ClaimMisdeal() in f.legal,
    }
    if view.melds is not None or (view.hand and view.trump is None):  # before trump: meld under each trump
        out["melds"] = True
    else:
        out["melds"] = None if not view.variant.melds_during_play else False  # (two-hand: the melds lie on the table)
    return out


__all__ = [
    "CHOICE_PHASES",
    "LIST_PHASES",
    "PICK_PHASES",
    "SUITS",
    "Option",
    "SeatFacts",
    "bids_allowed",
    "choice_options",
    "key_states",
    "kitty_taker",
]
