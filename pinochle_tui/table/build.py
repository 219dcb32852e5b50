"""`seat_facts`: one seat's `SeatFacts`, made from the controller once per change.

The only module of the table that reads the `Controller`: it asks the seat's `SeatView`
(one `observe` per new state), the legal actions when that seat is to act, and the public
facts (names, scores, the log), and works out the rest from those.  A selection move or a
pacing step (a worker started, a hand-off closed) keeps what the state gave."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from rules import Card, DeclareDix, DeclareMeld, Phase, Play, SeatView

from ..checks_view import has_checks
from ..controller import Controller
from ..render import sorted_hand, trump_index
from ..seating import places_for
from .facts import SeatFacts, bids_allowed, choice_options, key_states


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


def seat_facts(
    ctrl: Controller,
    viewer: int | None,
    *,
    busy: bool = False,
    handoff: bool = False,
    show_melds: bool = False,
    board_width: int = 0,
    message: Text | str = "",
    before: SeatFacts | None = None,
) -> SeatFacts:
    """The facts of ``viewer``'s seat (None: between hot-seat players, nothing private)
    now.  ``busy``/``handoff``: a helper worker runs / the hand-off is up (the viewer does
    not decide meanwhile); ``before``: the facts last made, whose state-made parts and
    selection are kept when the state and the viewer are the same (else the selection
    starts afresh: no card picked, the lowest bid, the first allowed choice, the cursor
    on a card it may play)."""
    c = ctrl
    r = c.round
    to_act = None if r.phase is Phase.DONE else r.to_act
    humans = tuple(c.human_seats)
    my_turn = to_act is not None and to_act == viewer and to_act in humans and not busy and not handoff
    meld_pause = c.needs_meld_ack
    show_melds = show_melds or meld_pause  # the centre shows everyone's meld during the pause
    decides = r.phase if my_turn and not meld_pause else None
    key = (id(r), viewer, c.hand_no, len(c.actions))
    base = viewer if viewer is not None else 0
    if before is not None and before.key == key:
        f = before._replace(
            my_turn=my_turn,
            decides=decides,
            meld_pause=meld_pause,
            busy=busy,
            handoff=handoff,
            show_melds=show_melds,
            board_width=board_width,
            message=message,
            events=tuple(c.events),
            undo=_undo(c, busy),
        )
        return f._replace(keys=key_states(f))
    view = public_view(c.view(0)) if viewer is None else c.view(viewer)
    v = c.variant
    legal = tuple(c.legal()) if viewer is not None and to_act == viewer else ()
    melded = bool(c.actions) and isinstance(c.actions[-1], (DeclareMeld, DeclareDix))
    names = tuple([s.name for s in c.seats])
    options = choice_options(view, legal, melded, names) if legal else ()
    amounts, may_pass = bids_allowed(legal)
    hand = tuple(sorted_hand(view.hand, trump_index(view)))
    mine_on_table = view.table_melds[view.seat] if view.table_melds and viewer is not None else ()
    on_table = tuple(sorted_hand(mine_on_table, trump_index(view)))
    plays = frozenset([(a.card, a.from_table) for a in legal if isinstance(a, Play)])
    f = SeatFacts(
        view=view,
        variant=v,
        legal=legal,
        names=names,
        humans=humans,
        viewer=viewer,
        base=base,
        places=places_for(v.players, base),
        my_turn=my_turn,
        to_act=to_act,
        decides=decides,
        meld_pause=meld_pause,
        busy=busy,
        handoff=handoff,
        hand_no=c.hand_no,
        scores=tuple(c.game.scores if r.phase is Phase.DONE else view.scores),
        checks=tuple(c.game.checks or (0,) * v.people) if has_checks(v) else (),
        events=tuple(c.events),
        options=options,
        bid_amounts=amounts,
        may_pass=may_pass,
        undo=_undo(c, busy),
        hand=hand,
        on_table=on_table,
        playable=tuple([(x, False) for x in hand] + [(x, True) for x in on_table]),
        legal_plays=plays,
        marked=_marked(c, view, viewer, hand) if viewer is not None else frozenset(),
        show_melds=show_melds,
        board_width=board_width,
        message=message,
        key=key,
        people=tuple([s.name for s in c.people]),
        seating=tuple(c.seating),
        dealer_person=c.dealer_person,
        entries=tuple(c.game.scores),
        bid_out=_bid_out(c),
        hotseat=c.hotseat,
        watching=c.watching,
    )
    # the selection afresh for a new state: the first allowed choice, the cursor on a card
    # it may play (kept where it was when that card may be played)
    cursor = before.cursor if before is not None else 0
    row = f.playable
    if r.phase is Phase.TRICKS and my_turn and (cursor >= len(row) or row[cursor] not in plays):
        cursor = next((i for i, x in enumerate(row) if x in plays), 0)
    cursor = min(max(cursor, 0), max(len(row) - 1, 0))
    opt = ([i for i, o in enumerate(options) if o[2]] or [0])[0]
    f = f._replace(cursor=cursor, opt_index=opt)
    return f._replace(keys=key_states(f))


def _bid_out(c: Controller) -> tuple[int | None, ...]:
    """`SeatFacts.bid_out`: per side at or over the game's target, the others' sets toward
    its bid-out (``must_bid_to_win = "bid_out_three_sets"``, §0.4.21)."""
    g = c.game
    if c.variant.must_bid_to_win != "bid_out_three_sets":
        return ()
    return tuple([n if g.scores[side] >= g.target else None for side, n in enumerate(g.bid_out())])


def _undo(c: Controller, busy: bool) -> bool | None:
    """The undo key's state: acts (the one human has a decision of this hand to take
    back, no worker running), greyed (one human, nothing to undo), off (hot-seat, also
    while another human sits the deal out: `Controller.undo_seat`)."""
    if c.undo_seat() is not None and not busy:
        return True
    return None if len(c.human_seats) == 1 and not c.hotseat else False


def _marked(c: Controller, view: SeatView, me: int, hand: tuple[Card, ...]) -> frozenset[int]:
    """The positions in ``hand`` of the cards new to it: drawn from the stock (two-hand),
    and before the first lead the cards received in the pass and the kitty taken (or the
    one card handed to it from the kitty)."""
    new: Counter[int] = c.last_drawn(me)
    if not view.tricks and not view.trick and view.phase is not Phase.DONE:
        new.update(view.received)
        if view.from_kitty is not None:  # the kitty handed out (§2.4): this seat's card
            new[view.from_kitty] += 1
        elif view.bidder == me and view.variant.kitty_mode == "bidder_takes_and_buries":
            new.update(view.kitty)
    if not new:
        return frozenset()
    marked = set()
    for i, x in enumerate(hand):
        if new[x] > 0:
            marked.add(i)
            new[x] -= 1
    return frozenset(marked)
