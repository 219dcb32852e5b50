"""`seat_news`: everything the game gives one seat now, and nothing another seat may not see.

The table makes a seat's `SeatFacts` in two steps (DESIGN.md "What a seat may see"):

    seat_news        (here) reads the `Controller` once per change: the seat's `SeatView`,
                     its legal actions when it is to act, and the public facts of the game
                     (names, scores, the log, who sits where).  A NamedTuple of plain
                     values: a seat at another terminal is sent exactly this (the remote
                     protocol carries it), so what a seat's screen can show is decided here.
    facts_from_news  (`table.build`) works out the rest, the same on both sides: the choices,
                     the bids allowed, the hand as drawn, the keys, the selection.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from rules import CARDS, Card, Phase, SeatView
from rules.choices import CardSetChoices

from ..checks_view import has_checks
from ..controller import Controller


class SeatNews(NamedTuple):
    """What the game says to ``viewer``'s seat now (None: between hot-seat players, a view
    with nothing private).

    ``view`` the seat's `SeatView`; ``legal`` its legal actions when it is to act (else
    empty); ``new_cards`` the cards in its hand that are new to it (received in the pass,
    taken from the kitty, drawn from the stock: the table marks them).  The rest is public:
    ``names`` every seat's, ``humans`` the seats people sit in (at this terminal or another),
    ``to_act`` (None once the hand is over), ``meld_pause`` (everyone's meld is shown to
    this seat and it goes on first), ``hand_no``, ``scores`` (per side: the hand's running
    scores, the game's once it is over), ``checks`` (the checks ledger per person, check
    games only), ``events`` (the hand's log lines, which never name a hidden card),
    ``undo`` (the undo key with no helper running: True acts, False off), who is at the
    table (``people``, ``seating``, ``dealer_person``, ``entries``: the game's scores per
    entry), ``bid_out`` (§0.4.21), ``hotseat``/``watching`` (`Controller`), the game's
    end (``game_over``, ``winner``: the winning entry or None, ``target``), ``stand_in``
    (the seats a bot plays in for a person away), ``waits`` (at a hosted table, who the
    game waits for and why when that is a person at another terminal, not the seat to act:
    see `waits_line`), ``host_keys`` (the host's ``b`` and ``w`` act now: its table waits
    for a person away, whom ``b`` seats a bot for and ``w`` shows how to join; never at
    another terminal) and ``key``: the state and seat this was made for (equal keys: the
    same news; ``stand_in``, ``waits`` and ``host_keys`` may change under one key)."""

    view: SeatView
    legal: Sequence[Any]  # a tuple, or for a pass or a burial the engine's `CardSetChoices`
    viewer: int | None
    names: tuple[str, ...]
    humans: tuple[int, ...]
    to_act: int | None
    meld_pause: bool
    hand_no: int
    scores: tuple[int, ...]
    checks: tuple[int, ...]
    events: tuple[str, ...]
    undo: bool | None
    new_cards: tuple[Card, ...]
    people: tuple[str, ...]
    seating: tuple[int, ...]
    dealer_person: int
    entries: tuple[int, ...]
    bid_out: tuple[int | None, ...]
    hotseat: bool
    watching: bool
    game_over: bool = False
    winner: int | None = None
    target: int = 0
    stand_in: tuple[int, ...] = ()
    waits: str = ""
    # (seat, "join": not here since the table opened or the game was resumed; or "reconnect":
    # gone since): its person is not here
    away: tuple[tuple[int, str], ...] = ()
    host_keys: bool = False
    key: tuple[Any, ...] = ()


def public_view(view: SeatView) -> SeatView:
    """``view`` without anything private to its seat (hot-seat, between players)."""
    v = view.variant
    return view._replace(
        hand=(),
        kitty=view.kitty if v.kitty_exposed else (),
        buried=(),
        given=(),
        received=(),
        known=(),
        looking_at=None,
        discards=(),
    )


def news_key(ctrl: Controller, viewer: int | None) -> tuple[Any, ...]:
    """The key of ``viewer``'s news now: the round state (by identity), the seat, the hand,
    the actions taken and whether a hosted table waits at the deal (nobody is to act then:
    when the last seat at another terminal fills, the same round has a seat to act, its
    legal actions and its bid bar); equal keys mean the state-made parts are the same."""
    return (id(ctrl.round), viewer, ctrl.hand_no, len(ctrl.actions), ctrl.waits_at_deal)


def seat_news(ctrl: Controller, viewer: int | None) -> SeatNews:
    """The news of ``viewer``'s seat now (`SeatNews`): its view, its legal actions when it is
    to act, the public facts.  Reads the controller and nothing reads it for the table."""
    c = ctrl
    r = c.round
    turn = None if r.phase is Phase.DONE else r.to_act
    to_act = None if c.waits_at_deal else turn  # (nobody is to act while the table waits at the deal)
    view = public_view(c.view(0)) if viewer is None else c.view(viewer)
    legal: Sequence[Any] = ()
    if viewer is not None and to_act == viewer and not c.meld_holds_lead():  # (no lead before all looked)
        legal = c.legal()  # (a pass or a burial: the engine's `CardSetChoices`, kept as it is)
        legal = legal if isinstance(legal, CardSetChoices) else tuple(legal)
    v = c.variant
    g = c.game
    if c.remote_seat(viewer):  # a seat at another terminal answers its own pause
        meld_pause = viewer in c.remote_meld_pause
    elif c.remote:  # the person at this terminal, at a table with seats at others
        meld_pause = viewer is not None and c.meld_pause_seat == viewer
    else:
        meld_pause = c.needs_meld_ack
    return SeatNews(
        view=view,
        legal=legal,
        viewer=viewer,
        names=tuple([s.name for s in c.seats]),
        humans=tuple([i for i, s in enumerate(c.seats) if s.human]),
        to_act=to_act,
        meld_pause=meld_pause,
        hand_no=c.hand_no,
        scores=tuple(g.scores if r.phase is Phase.DONE else view.scores),
        checks=tuple(g.checks or (0,) * v.people) if has_checks(v) else (),
        events=tuple(c.events),
        undo=_undo(c),
        new_cards=_new_cards(c, view, viewer) if viewer is not None else (),
        people=tuple([s.name for s in c.people]),
        seating=tuple(c.seating),
        dealer_person=c.dealer_person,
        entries=tuple(g.scores),
        bid_out=_bid_out(c),
        hotseat=c.hotseat,
        watching=c.watching,
        game_over=g.over,
        winner=g.winner,
        target=g.target,
        stand_in=tuple([s for s, p in enumerate(c.seating) if p in c.sat_in]) if c.sat_in else (),
        waits=waits_line(c, viewer, turn) if c.remote else "",
        host_keys=bool(c.remote) and host_keys_act(c, viewer, turn),
        # (a box says "waiting…" for a person not here since the table opened, or since
        # the game was resumed: ``at_deal``; "disconnected" for one gone since)
        away=tuple(
            sorted(
                [
                    (c.seating.index(p), "join" if at_deal else "reconnect")
                    for p, (_verb, at_deal) in c.remote_away.items()
                    if p in c.seating
                ]
            )
        ),
        key=news_key(c, viewer),
    )


def names_and(names: Sequence[str]) -> str:
    """``names`` as a line says them: "Bob", "Bob and Cy", "Bob, Cy and Dee"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def waits_line(c: Controller, viewer: int | None, to_act: int | None) -> str:
    """Who a hosted table waits for, and why, as ``viewer``'s seat is told it; ``""`` when
    it waits for nobody but the seat to act.  A person at another terminal holds the game
    while they are away (`Controller.remote_away`: never joined since the table opened, or
    gone at their own turn or meld pause) or have everyone's meld before them and not gone
    on (`Controller.meld_looks`: the host's person too).  At the host's terminal (``viewer`` not a seat at
    another terminal) the line says the host's key that seats a bot for the people away."""
    if to_act is None:
        return ""
    held = c.meld_looks
    away = waited_away(c, to_act)
    if away:
        verbs = sorted({verb for _p, verb in away})  # ("join", "reconnect")
        parts = [f"{names_and([c.people[p].name for p, v in away if v == verb])} to {verb}" for verb in verbs]
        line = f"waiting for {' and '.join(parts)}"
        if host_keys_act(c, viewer, to_act):  # the host's keys: a bot sits in, the lines to join with
            them = c.people[away[0][0]].name if len(away) == 1 else "them"
            line += f" (b: a bot plays for {them}; w: how to join)"
        return line
    if c.round.phase is not Phase.TRICKS and c.is_human(to_act):
        return ""  # (the bidder's own choice is not held by the looks: the game waits for them)
    return meld_waits(c, viewer, held)


def host_keys_act(c: Controller, viewer: int | None, to_act: int | None) -> bool:
    """The host's ``b`` (a bot plays for the people away) and ``w`` (how to join) help
    now: ``viewer`` is not a seat at another terminal and the game waits for a person away
    (`waited_away`), as `waits_line` then says with those keys."""
    return not c.remote_seat(viewer) and bool(waited_away(c, to_act))


def waited_away(c: Controller, to_act: int | None) -> list[tuple[int, str]]:
    """The people away (`Controller.remote_away`) the game waits for now, each with the
    verb of what it waits for ("join", "reconnect"), as `waits_line` names them: every
    one never joined at the deal, the person to act, the people whose look at everyone's
    meld holds the lead."""
    if to_act is None:
        return []
    held_people = {c.seating[s] for s in c.meld_looks}
    acting = c.seating[to_act]
    return [
        (p, verb) for p, (verb, at_deal) in sorted(c.remote_away.items()) if at_deal or p == acting or p in held_people
    ]


def meld_waits(c: Controller, viewer: int | None, held: frozenset[int]) -> str:
    """ "waiting for Bob to go on from everyone's meld": the ``held`` seats but ``viewer``
    (`Controller.meld_looks`), or ``""`` when none is left.  At the host's terminal, once
    only looks at other terminals hold the lead, with the host's key that ends them, as at
    the hand's result: "(Enter: lead without Bob's look)" (`TurnLoop.lead_now`)."""
    paused = [c.seats[s].name for s in sorted(held) if s != viewer]
    if not paused:
        return ""
    line = f"waiting for {names_and(paused)} to go on from everyone's meld"
    if c.remote and not c.remote_seat(viewer) and viewer not in held and all(c.remote_seat(s) for s in held):
        looks = f"{paused[0]}'s look" if len(paused) == 1 else "their looks"
        line += f" (Enter: lead without {looks})"
    return line


def _bid_out(c: Controller) -> tuple[int | None, ...]:
    """`SeatNews.bid_out`: per side at or over the game's target, the others' sets toward
    its bid-out (``must_bid_to_win = "bid_out_three_sets"``, §0.4.21)."""
    g = c.game
    if c.variant.must_bid_to_win != "bid_out_three_sets":
        return ()
    return tuple([n if g.scores[side] >= g.target else None for side, n in enumerate(g.bid_out())])


def _undo(c: Controller) -> bool:
    """The undo key's state with no helper running: acts (the one human has a decision of
    this hand to take back), else off and out of the footer: nothing to undo yet (a greyed
    ``u undo`` in the footer read as a key that works, while the bots thought before
    the person's first decision), hot-seat (also while another human sits the deal out:
    `Controller.undo_seat`) or a table with seats at other terminals (a decision sent
    over the network stands).  Pressed then, ``u`` says why (`TableScreen.why_off`)."""
    if c.remote:
        return False
    return c.undo_seat() is not None


def _new_cards(c: Controller, view: SeatView, me: int) -> tuple[Card, ...]:
    """The cards of ``me``'s hand new to it: drawn from the stock (two-hand), and until
    its first card of the hand the cards received in the pass and the kitty taken (or
    the one card handed to it from the kitty): the bidder's partner, handed its cards
    back, first sees them after the lead.  Only cards of its own hand."""
    new: Counter[int] = c.last_drawn(me)
    played = bool(view.tricks) or any(seat == me for seat, _ in view.trick)
    if not played and view.phase is not Phase.DONE:
        new.update(view.received)
        if view.from_kitty is not None:  # the kitty handed out (§2.4): this seat's card
            new[view.from_kitty] += 1
        elif view.bidder == me and view.variant.kitty_mode == "bidder_takes_and_buries":
            new.update(view.kitty)
    new &= Counter(view.hand)
    return tuple(sorted([CARDS[x] for x in new.elements()]))


__all__ = [
    "SeatNews",
    "host_keys_act",
    "meld_waits",
    "names_and",
    "news_key",
    "public_view",
    "seat_news",
    "waits_line",
]
