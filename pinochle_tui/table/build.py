"""`seat_facts`: one seat's `SeatFacts`, made from the controller once per change, in two
steps: `news.seat_news` (what the game gives the seat: its view, its legal actions, the
public facts) and `facts_from_news` (the rest, worked out from those alone).

A seat at another terminal is sent its `SeatNews` and calls the same `facts_from_news`:
one truth, both sides.  A selection move or a pacing step (a worker started, a hand-off
closed) keeps what the state gave."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from rich.text import Text

from rules import Bury, Card, Phase, Play

from ..controller import Controller
from ..render import Style, sorted_hand, trump_index
from ..seating import places_for
from .facts import SeatFacts, bids_allowed, choice_options, key_states
from .news import SeatNews, seat_news


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
    now: `facts_from_news` of its `seat_news`."""
    return facts_from_news(
        seat_news(ctrl, viewer),
        busy=busy,
        handoff=handoff,
        show_melds=show_melds,
        board_width=board_width,
        message=message,
        before=before,
    )


def facts_from_news(
    news: SeatNews,
    *,
    busy: bool = False,
    handoff: bool = False,
    show_melds: bool = False,
    board_width: int = 0,
    message: Text | str = "",
    before: SeatFacts | None = None,
    offline: str = "",
    gone_for_good: bool = False,
) -> SeatFacts:
    """The facts of ``news``'s seat.  ``busy``/``handoff``: a helper worker runs / the
    hand-off is up (the viewer does not decide meanwhile); ``offline``: the connection to
    the host is down, what it is doing (nor does the viewer decide: nothing could be sent),
    and ``gone_for_good`` whether it is closed for good (it never comes back);
    ``before``: the facts last made,
    whose state-made parts and selection are kept when the news has the same key (else
    the selection starts afresh: no card picked, the lowest bid, the first allowed choice,
    the cursor on a card it may play)."""
    n = news
    viewer, to_act = n.viewer, n.to_act
    # (a seat to act offered nothing is held: its lead waits for a look at everyone's meld,
    # `Controller.meld_holds_lead`; the prompt says whom for, and no key plays, helps or
    # hints meanwhile: "play for me" had nothing to pick and thought for good)
    my_turn = (
        to_act is not None
        and to_act == viewer
        and to_act in n.humans
        and bool(n.legal)
        and not busy
        and not handoff
        and not offline
    )
    meld_pause = n.meld_pause
    show_melds = show_melds or meld_pause  # the centre shows everyone's meld during the pause
    decides = n.view.phase if my_turn and not meld_pause else None
    undo = False if busy else n.undo  # (a helper runs: Esc calls it off first; u waits for it)
    if before is not None and before.key == n.key and before.order == Style.card_order:
        f = before._replace(
            my_turn=my_turn,
            decides=decides,
            meld_pause=meld_pause,
            busy=busy,
            handoff=handoff,
            show_melds=show_melds,
            board_width=board_width,
            message=message,
            events=n.events,
            undo=undo,
            stand_in=n.stand_in,
            away=n.away,
            waits=n.waits,
            host_keys=n.host_keys,
            offline=offline,
            gone_for_good=gone_for_good,
        )
        return f._replace(keys=key_states(f))
    view = n.view
    v = view.variant
    legal = n.legal if isinstance(n.legal, tuple) else tuple(n.legal)
    base = viewer if viewer is not None else 0
    options = choice_options(view, legal, n.names) if legal else ()
    amounts, may_pass = bids_allowed(legal)
    hand = tuple(sorted_hand(view.hand, trump_index(view)))
    mine_on_table = view.table_melds[view.seat] if view.table_melds and viewer is not None else ()
    on_table = tuple(sorted_hand(mine_on_table, trump_index(view)))
    plays = frozenset([(a.card, a.from_table) for a in legal if isinstance(a, Play)])
    f = SeatFacts(
        view=view,
        variant=v,
        legal=legal,
        names=n.names,
        humans=n.humans,
        viewer=viewer,
        base=base,
        places=places_for(v.players, base),
        my_turn=my_turn,
        to_act=to_act,
        decides=decides,
        meld_pause=meld_pause,
        busy=busy,
        handoff=handoff,
        hand_no=n.hand_no,
        scores=n.scores,
        checks=n.checks,
        events=n.events,
        options=options,
        bid_amounts=amounts,
        may_pass=may_pass,
        undo=undo,
        hand=hand,
        on_table=on_table,
        playable=tuple([(x, False) for x in hand] + [(x, True) for x in on_table]),
        legal_plays=plays,
        pick_sets=_pick_sets(legal) if view.phase is Phase.BURY else frozenset(),
        marked=_marked(hand, n.new_cards),
        show_melds=show_melds,
        board_width=board_width,
        message=message,
        key=n.key,
        order=Style.card_order,
        people=n.people,
        seating=n.seating,
        dealer_person=n.dealer_person,
        entries=n.entries,
        bid_out=n.bid_out,
        hotseat=n.hotseat,
        watching=n.watching,
        stand_in=n.stand_in,
        away=n.away,
        waits=n.waits,
        host_keys=n.host_keys,
        offline=offline,
        gone_for_good=gone_for_good,
    )
    # the selection afresh for a new state: the first allowed choice, the cursor on a card
    # it may play (kept on its card when that card may be played: `kept_cursor`)
    row = f.playable
    cursor = before.cursor if before is not None else 0
    # by card in the same hand, the same person's, sorted alike (trump named re-sorts the
    # hand, the cursor not shown before it: by position, from the first card, as it was)
    if before is not None and (before.hand_no, before.viewer, before.view.trump) == (n.hand_no, viewer, view.trump):
        cursor = kept_cursor(before, f)
    if view.phase is Phase.TRICKS and my_turn and (cursor >= len(row) or row[cursor] not in plays):
        cursor = next((i for i, x in enumerate(row) if x in plays), 0)
    pickable = f.pickable() if view.phase is Phase.BURY and my_turn else None
    if pickable is not None and (cursor >= len(pickable) or not pickable[cursor]):  # (as a card it may play)
        cursor = pickable.index(True) if True in pickable else 0
    cursor = min(max(cursor, 0), max(len(row) - 1, 0))
    opt = ([i for i, o in enumerate(options) if o[2]] or [0])[0]
    f = f._replace(cursor=cursor, opt_index=opt)
    if before is not None and before.key == n.key:
        # the same state, the hand sorted in another card order (the settings changed): the
        # selection is the player's, kept, its picks by card
        f = f._replace(picked=_picked_by_card(before, f), bid_index=before.bid_index, opt_index=before.opt_index)
    return f._replace(keys=key_states(f))


def _picked_by_card(before: SeatFacts, after: SeatFacts) -> frozenset[int]:
    """The positions in ``after``'s hand of the cards picked in ``before``'s (the same
    cards sorted another way; a card held twice takes its copies' positions in turn)."""
    free: dict[Card, list[int]] = {}
    for i, card in enumerate(after.hand):
        free.setdefault(card, []).append(i)
    return frozenset(free[before.hand[i]].pop(0) for i in sorted(before.picked) if free.get(before.hand[i]))


def kept_cursor(before: SeatFacts, after: SeatFacts) -> int:
    """The cursor's place in ``after``'s row (the viewer's hand and table melds, as drawn
    now) kept by card from ``before`` (the facts of the same hand and person last made):
    on the card it was on, else, that card gone (played, buried, passed), on the first card
    after it still there, else the last before it.  Cards drawn from the stock (§2.7) or
    taken from the widow sort into the hand anywhere, so a cursor kept by position moved
    onto another card unseen, a card just drawn perhaps, and the next Enter played it.
    A card newly marked (`SeatFacts.marked`: drawn, passed to it) is a card come in, not
    one the cursor was on, though alike (pinochle's copies: a nine of hearts played, the
    other drawn)."""
    old, i, row = before.playable, before.cursor, after.playable
    if not 0 <= i < len(old):
        return i
    arrived = Counter(row[j] for j in after.marked) - Counter(old[j] for j in before.marked)
    gone = Counter(old) - (Counter(row) - arrived)
    dead = set()
    for j in (i, *range(len(old))):  # the cursor's own card is the one gone, of two alike
        if gone[old[j]] > 0 and j not in dead:
            gone[old[j]] -= 1
            dead.add(j)
    for j in (*range(i, len(old)), *range(i - 1, -1, -1)):
        if j in dead:
            continue
        places = [k for k, x in enumerate(row) if x == old[j]]
        if arrived[old[j]]:
            places = [k for k in places if k not in after.marked] or places
        return min(places, key=lambda k: abs(k - i))
    return i


def _marked(hand: tuple[Card, ...], new_cards: tuple[Card, ...]) -> frozenset[int]:
    """The positions in ``hand`` of the cards new to it (`SeatNews.new_cards`)."""
    if not new_cards:
        return frozenset()
    new = Counter(new_cards)
    marked = set()
    for i, x in enumerate(hand):
        if new[x] > 0:
            marked.add(i)
            new[x] -= 1
    return frozenset(marked)


__all__ = ["facts_from_news", "seat_facts"]


def _pick_sets(legal: tuple[Any, ...]) -> frozenset[tuple[Card, ...]]:
    """Every part of each legal burial's cards, sorted (`SeatFacts.pick_sets`; empty when
    the seat has no burial to make)."""
    parts: set[tuple[Card, ...]] = set()
    for a in legal:
        if isinstance(a, Bury):
            cards = tuple(sorted(a.cards))
            for size in range(1, len(cards) + 1):
                parts.update(combinations(cards, size))
    return frozenset(parts)
