"""The game controller: owns the `GameState`, the current `RoundState`, the action log
and the seats; every decision goes through `Controller.apply` (DESIGN.md "pinochle_tui/").

Nothing here draws.  What is allowed comes from `rules.legal_actions` / `rules.apply`;
the controller never decides a rule itself.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, NamedTuple

import bots
from rules import (
    Bid,
    Bury,
    Card,
    GameState,
    HandResult,
    IllegalAction,
    PassBid,
    PassCards,
    Phase,
    Play,
    RoundState,
    SeatView,
    Variant,
    apply,
    explain_play,
    legal_actions,
    observe,
)
from rules.game import BID_OUT_SETS

from .checks_view import forced_opening
from .cli_common import visible
from .render import and_list, deal_news, describe, mid, says
from .seating import NAME_MAX, PLACES, compass_names, default_name, human_name


def default_level() -> str:
    """``standard`` when the bots package has it, else the best level there is."""
    for level in ("standard", "easy"):
        if level in bots.LEVELS:
            return level
    return bots.LEVELS[-1]


def make_bot(level: str, think: float | None = None) -> Any:
    """A bot of ``level`` (the default level for one this version lacks); ``think``: the
    expert's seconds a decision (`--think`), given to the levels that take it."""
    try:
        return bots.make_bot(level, think=think) if level == "expert" and think is not None else bots.make_bot(level)
    except ValueError:
        return bots.make_bot(default_level())


# each seat's compass name, clockwise from South (the viewer's place at the foot of the
# screen), by seat count: read from the seat layout table (`seating.PLACES`), so a table of
# another size needs its places there and nothing here
SEAT_NAMES = {n: compass_names(n) for n in PLACES}


_TO_ACT = attrgetter("to_act")


class Seat(NamedTuple):
    """Who sits in a seat: a human, or a bot of ``level``.  A NamedTuple, not a frozen
    dataclass: the start builds it for a tenth of the cost."""

    kind: str  # "human" | "bot"
    name: str
    level: str = ""

    @property
    def human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "name": self.name, "level": self.level}

    @staticmethod
    def from_json(d: Any) -> Seat:
        if not isinstance(d, dict) or d.get("kind") not in ("human", "bot"):
            raise ValueError("a seat is {kind: human|bot, name, level}")
        return Seat(str(d["kind"]), str(d.get("name") or "?")[:NAME_MAX], str(d.get("level") or ""))


def default_seats(players: int, spec: Sequence[str] | None = None) -> list[Seat]:
    """Seats from a list of ``human`` / level names (``human:Ann`` names a seat)."""
    spec = list(spec) if spec else ["human"] + [default_level()] * (players - 1)
    human_seats = tuple(i for i, s in enumerate(spec) if s.split(":", 1)[0] == "human")
    out = []
    for i, item in enumerate(spec):
        kind, _, name = item.partition(":")
        if kind == "human":  # "You" alone, else "Player k" (the new-game screen's rule too)
            out.append(Seat("human", name or human_name(i, human_seats)))
        else:  # compass names from the seat drawn at the bottom; "Bot 2" in hot-seat
            out.append(Seat("bot", name or default_name(players, i, human_seats), kind))
    return out


def seat_name_problem(seats: Sequence[Seat]) -> str | None:
    """Why these seat names would be confusing, or None: names must differ from each other
    and may not be another seat's compass name (a seat may carry its own, e.g. bot West)."""
    humans = tuple(i for i, seat in enumerate(seats) if seat.human)
    first = SEAT_NAMES.get(len(seats), ())  # from seat 0 (the new-game screen's labels)
    own = compass_names(len(seats), humans[0] if len(humans) == 1 else 0) if first else ()  # `default_name`'s
    compass = {"south", "west", "north", "east"} | {name.casefold() for name in own}
    seen: dict[str, int] = {}
    for i, seat in enumerate(seats):
        key = seat.name.strip().casefold()
        if key in seen:
            # each as the player wrote it: "Ann" and "ann" were refused as both named 'Ann'
            first_name, again = seats[seen[key]].name, seat.name
            which = f"seats {seen[key] + 1} and {i + 1}"
            if first_name.strip() == again.strip():
                return f"{which} are both named {first_name!r}; give each seat its own name"
            return f"{which} are named {first_name!r} and {again!r}, one name in any case; give each seat its own name"
        seen[key] = i
        if visible(seat.name) != seat.name:
            shown = visible(seat.name)
            return f"seat {i + 1}'s name '{shown}' holds control characters; give letters, digits or spaces"
        if key in compass and (i >= len(own) or key not in (own[i].casefold(), first[i].casefold())):
            where = own[i] if i < len(own) else f"seat {i + 1}"
            return f"the {where} seat may not be named {seat.name!r}: that is a seat's place at the table"
    return None


@dataclass(frozen=True)
class Decision:
    """One decision a human made in the hand, as the review after the hand analyses it:
    ``index`` its place in the hand's actions, ``seat`` the human's,
    ``view`` what that seat saw then (its `SeatView`: never the hidden cards), ``legal``
    the actions it could take, ``action`` the one it took, ``seed`` the seed of its
    review's search (the game's seed, the hand and the place: the same review every time)."""

    index: int
    seat: int
    view: SeatView
    legal: tuple[Any, ...]
    action: Any
    seed: str
    # the expert's hint (``i``) asked at this very position, and the deals its search tried
    # (`Controller.hints`; None: no expert hint asked there)
    hinted: Any = None
    hint_deals: int = 0
    # that hint's search (`bots.expert.Analysis`: of the cards, the stock game's choice, the
    # suits named, the sets passed or buried, or the throw-in as the standard bot's rule
    # weighed it, no deal; None for a bid or no hint): the review reports a move made against
    # the hint by the numbers the hint showed
    hint_analysis: Any = None
    # that hint's bid tried over deals (`bots.expert.BidOdds`: the bid it gave, or for a
    # pass the lowest bid it passed up; None elsewhere): the review reports a bid or a pass
    # made against the hint by the numbers the hint showed
    hint_odds: Any = None
    # made by "play for me" (``a``: `Controller.note_auto`), not chosen by the person: the
    # review says it was made for them
    auto: bool = False
    # the expert's search that "play for me" made the move by (`review.search_made_by`: the
    # `bots.expert.Analysis` of a card or a stock game's choice, the simulation's `Trial` of a
    # bid, trump, a pass or a burial; None: no search of the expert's, or one kept from a
    # hint): the review reports the move by it, not by another search of its own that could
    # say otherwise
    auto_search: Any = None


class Controller:
    """One game in progress: seats, `GameState`, the current round and its log.

    ``hands`` is every hand's action list (the last one is the current hand's), which
    with the seed replays the game exactly (`save.py`).
    """

    def __init__(
        self,
        variant: Variant,
        seats: Sequence[Seat],
        seed: str | int | None = None,
        target: int | None = None,
        dealer: int | None = None,
        first_hand: int = 0,
        think: float | None = None,
    ) -> None:
        if len(seats) != variant.people:
            raise ValueError(f"{variant.name} needs {variant.people} seats, got {len(seats)}")
        self.variant = variant
        # everyone at the table; `seats` are the ones who play the deal now (§0.4.16: when
        # more people sit at the table than the form deals to, some sit out each deal)
        self.people = list(seats)
        self.think = think  # the expert's seconds a decision (None: its default); kept in the save
        self.game = GameState.start(variant, seed, dealer=dealer, target=target, first_hand=first_hand)
        self.first_dealer = self.game.dealer
        self.first_target = self.game.target
        self.done_hands: list[list[Any]] = []
        self.score_history: list[tuple[int, ...]] = [self.game.scores]
        self._bots: dict[int, Any] = {}
        self._drawn_memo: tuple[Any, Counter[int]] = (None, Counter())
        self._views: dict[int, tuple[RoundState, SeatView]] = {}  # seat -> (state, its view): `observed`
        # (everyone and the seating they were counted for, (the human seats of the deal, the humans at the table))
        self._humans: tuple[Any, tuple[tuple[int, ...], int]] = (None, ((), 0))
        self._helper: Any = None
        self._hint: Any = None
        # the people who play from another terminal (`remote.host_core`): human seats whose
        # decisions come over the network; and of them, those a bot plays for now (person ->
        # its level) while their connection is away
        self.remote: frozenset[int] = frozenset()
        self.sat_in: dict[int, str] = {}
        self.remote_codes: dict[int, str] = {}  # person -> join code (kept in the save: --resume)
        # the people at other terminals not connected now, nor played for by a bot: person ->
        # (what the table waits for, "join" or "reconnect"; whether it waits at the deal for
        # them, i.e. their seat was never filled since the table opened): the host's core keeps
        # it (`HostCore.table_changed`), `table.news` says it
        self.remote_away: dict[int, tuple[str, bool]] = {}
        # where the hosted table listens: (address, port, the browser page's port or None),
        # kept in the save so that resuming it listens there again
        self.hosted_at: tuple[str, int, int | None] | None = None
        self._sitters: dict[tuple[int, str], Any] = {}
        # the hand before the one in play, as it ended (`next_hand`): its review during this
        # hand (``r`` at the table) after a resume too, and the save's marks of it
        self.last_hand: Controller | None = None
        self._deal()

    # ------------------------------------------------------------------ state
    def _deal(self) -> None:
        # the person in each round seat of this deal (kept: the game's dealer moves on as
        # soon as the hand is scored, while the finished hand is still on the screen)
        self.seating: tuple[int, ...] = self.game.seating
        self.dealer_person = self.game.dealer  # the person who deals (and sits out, §0.4.16)
        self.round: RoundState = self.game.new_round()
        self.states: list[RoundState] = [self.round]
        self.actions: list[Any] = []
        # the expert's hints asked in this hand: place in the hand -> (the state it was asked
        # at, the move it gave, the deals its search tried, its search, its bid's odds); the
        # review reports a move made as the hint said, or against it, by that search, not by
        # another of its own that could say otherwise (`decisions`)
        self.hints: dict[int, tuple[Any, Any, int, Any, Any]] = {}
        # the moves "play for me" made in this hand: place in the hand -> (the state it was
        # made at, the expert's search it was made by or None) (taken back by `undo`: the
        # person's move at that place again is theirs)
        self.autos: dict[int, tuple[RoundState, Any]] = {}
        self.events: list[str] = []
        self._event_marks: list[int] = []  # actions taken before each event (for undo)
        # the log's lines about the people at a hosted table (who went offline, who a bot
        # plays for, who is back: `add_table_line`), each with the actions taken before it:
        # no action replays them, so the save keeps them
        self.table_lines: list[tuple[int, str]] = []
        # the places in this hand of the moves a bot made for a person away (`sat_in`): the
        # log names them "Bob (bot)", the person's review leaves them out, the save keeps them
        self.stood_in_at: set[int] = set()
        self.meld_held = False  # the pause before a bot acts on the shown meld was answered
        self.meld_seen: set[int] = set()  # the humans who have seen everyone's meld
        self.trick_just_won = False
        if self.variant.forced_opener == "eldest_fixed_bid":  # the eldest's opening made for it (§3.5)
            names = [visible(s.name) for s in self.seats]
            opening = forced_opening(self.variant, self.round.table.bids, names)
            if opening:
                self.add_event(opening, -1)  # before any action: undo keeps it
        for line in deal_news(self, self.round):  # the turn-up, and a turned-up dix, the dealer's at once (§2.7)
            self.add_event(line, -1)

    @property
    def meld_acked(self) -> bool:
        """Every human has seen everyone's meld, and no pause for it is due."""
        return self.meld_held and set(self.human_seats) <= self.meld_seen

    @meld_acked.setter
    def meld_acked(self, value: bool) -> None:
        self.meld_held = value
        self.meld_seen = set(self.human_seats) if value else set()

    @property
    def seed(self) -> str:
        return self.game.seed

    @property
    def seats(self) -> list[Seat]:
        """Who sits in each seat of the deal now (the round's seats): everyone, or, when
        people sit out in turn (§0.4.16), the active people clockwise from the dealer's left."""
        if not self.variant.sitting_out:
            return self.people
        return [self.people[p] for p in self.seating]

    @property
    def sitting_out(self) -> list[Seat]:
        """The people who sit out the deal now (§0.4.16): they see no card until it is over."""
        playing = set(self.seating)
        return [s for p, s in enumerate(self.people) if p not in playing]

    def side_totals(self, side: int) -> tuple[int, ...]:
        """The game scores of round side ``side`` of this deal: its entry, or, when people
        sit out in turn (§0.4.16), each of its people's (partners' may differ)."""
        v = self.variant
        if not v.sitting_out:
            return (self.game.scores[side],)
        return tuple(self.game.scores[self.seating[s]] for s in v.seats_of_side[side])

    def hand_changes(self, k: int) -> tuple[int | None, ...]:
        """Hand ``k`` of the game's history, the change of each of its scores (`entry_name`):
        per side, or per person when people sit out in turn (None: sat that hand out)."""
        v, r = self.variant, self.game.history[k]
        if not v.sitting_out:
            return tuple(side.change for side in r.sides)
        seating = self.game.hand_seatings()[k]
        out: list[int | None] = [None] * v.people
        for seat, person in enumerate(seating):
            out[person] = r.sides[v.side_of[seat]].change
        return tuple(out)

    def entry_name(self, entry: int) -> str:
        """The name of one of the game's scores (`Variant.n_scores`): a side's names, or a
        person's when people sit out in turn."""
        return self.people[entry].name if self.variant.sitting_out else self.side_name(entry)

    @property
    def hand_no(self) -> int:
        """1-based number of the hand being played (or just finished)."""
        return len(self.done_hands) + 1

    @property
    def to_act(self) -> int | None:
        return None if self.round.phase is Phase.DONE else self.round.to_act

    @property
    def humans(self) -> tuple[tuple[int, ...], int]:
        """(the seats of this deal people sit in, how many people sit at the table), worked
        out again only when someone or the seating changed: the table asks several times
        a change (`human_seats`, `hotseat`, `watching`)."""
        # (the list may be changed in place: a seat's level); people at other terminals are
        # not at this one: they see their own table (`remote`)
        key = (tuple(self.people), self.seating, self.remote)
        if key != self._humans[0]:
            seats, far = self.seats, self.remote
            here = sum([s.kind == "human" and p not in far for p, s in enumerate(self.people)])
            local = tuple([i for i, s in enumerate(seats) if s.kind == "human" and self.seating[i] not in far])
            self._humans = (key, (local, here))
        return self._humans[1]

    @property
    def human_seats(self) -> list[int]:
        return list(self.humans[0])

    @property
    def hotseat(self) -> bool:
        """Two or more humans at the table (also when one of them sits this deal out: the
        hands stay hidden between them, §0.4.16)."""
        return self.humans[1] >= 2

    @property
    def watching(self) -> bool:
        """A human is at the table but sits this deal out (§0.4.16): no hand is shown."""
        seats, here = self.humans
        return not seats and here > 0

    def is_human(self, seat: int | None) -> bool:
        """A person decides for ``seat`` (here or at another terminal), not a bot: a bot
        sitting in for a person away (`sat_in`) makes it a bot's seat meanwhile."""
        if seat is None or self.seats[seat].kind != "human":
            return False
        return not self.sat_in or self.seating[seat] not in self.sat_in

    def remote_seat(self, seat: int | None) -> bool:
        """``seat``'s person plays from another terminal (`remote`)."""
        return seat is not None and bool(self.remote) and self.seating[seat] in self.remote

    @property
    def waits_at_deal(self) -> bool:
        """A hosted table waits at the deal: a seat at another terminal was never filled
        since the table opened (`remote_away`), so no seat decides and no bot moves."""
        return any(at_deal for _verb, at_deal in self.remote_away.values())

    @property
    def remote_meld_pause(self) -> frozenset[int]:
        """The seats at other terminals shown everyone's meld who have not gone on yet
        (each answers its own pause, all at once): before the first lead, not the seat to
        act (its decision is made with the meld in sight), not one a bot sits in for.  No
        bot acts while one is left (`remote.host_core`)."""
        r = self.round
        if not self.remote or r.phase not in (Phase.MELD, Phase.TRICKS) or r.tricks or r.trick:
            return frozenset()
        out = set()
        for seat in range(len(self.seating)):
            if seat == r.to_act or seat in self.meld_seen or not self.remote_seat(seat) or not self.is_human(seat):
                continue
            if self.view(seat).melds is not None:
                out.add(seat)
        return frozenset(out)

    @property
    def meld_looks(self) -> frozenset[int]:
        """At a hosted table, the seats whose person has everyone's meld before them and
        has not gone on: at other terminals (`remote_meld_pause`) and at this one (the
        pause of `meld_pause_seat`), but the seat to act (it decides with the meld in
        sight).  Every person at the table is waited for alike, the host's too."""
        held = self.remote_meld_pause
        if not self.remote:
            return held
        here = self.meld_pause_seat
        if here is not None and here != self.round.to_act and not self.remote_seat(here):
            held = held | {here}
        return held

    def meld_holds_lead(self) -> frozenset[int]:
        """The seats whose look at everyone's meld holds the first lead at a hosted table
        (`meld_looks` once the hand is played): no card is led, by a bot or a person here
        or at another terminal, until each has gone on, so nobody's meld view is taken
        away before they pressed Enter.  The bidder's play-or-throw-in choice is not held."""
        return self.meld_looks if self.round.phase is Phase.TRICKS else frozenset()

    def legal(self) -> Sequence[Any]:
        return legal_actions(self.round)

    def view(self, seat: int) -> SeatView:
        return self.observed(self.round, seat)

    def observed(self, state: RoundState, seat: int) -> SeatView:
        """``observe(state, seat)``, kept per seat for the state it was made for: the
        table, the meld pause and the next action's bookkeeping ask the same seat's view
        of the same state several times a change, and a state never changes."""
        kept = self._views.get(seat)
        if kept is not None and kept[0] is state:
            return kept[1]
        view = observe(state, seat)
        self._views[seat] = (state, view)
        return view

    def is_legal(self, action: Any) -> bool:
        try:
            return action in self.legal()
        except Exception:
            return False

    # ------------------------------------------------------------------ questions the keys ask
    def bid_amounts(self) -> list[int]:
        """The bids allowed now, lowest first (x10 points)."""
        return [a.amount for a in self.legal() if isinstance(a, Bid)]

    def may_pass_bid(self) -> bool:
        return PassBid() in self.legal()

    def last_drawn(self, seat: int) -> Counter[int]:
        """Two-hand: the cards ``seat`` took into its hand at the last draw from the stock
        (and the turn-up of a dix exchange), still in its hand, until the next trick is
        complete (after the stock's last draw no draw follows to replace them: they stayed
        "just drawn" through the whole second half); empty elsewhere.

        The card drawn is the one new to the hand in the draw's step, counted apart from the
        cards that moved between the hand and the table in that step: a meld laid down from
        the hand (kings around, then a king drawn: the king the meld took was still counted
        held, and the one drawn cancelled against it), a card played from the table, and the
        melds taken up at the stock's end.  A card drawn alike a card lying melded on the
        table lost its mark when every card on the table was taken as not drawn."""
        if not self.variant.has_stock:
            return Counter()
        key = (seat, len(self.states), id(self.round))
        if self._drawn_memo[0] == key:
            return Counter(self._drawn_memo[1])
        found: Counter[int] = Counter()
        for k in range(len(self.states) - 1, 0, -1):
            b, a = observe(self.states[k - 1], seat), observe(self.states[k], seat)
            if a.stock_size < b.stock_size or a.turn_up != b.turn_up:
                on_before = Counter(b.table_melds[seat] if b.table_melds else ())
                on_after = Counter(a.table_melds[seat] if a.table_melds else ())
                held = Counter(b.hand) - (on_after - on_before)  # less a meld laid down from the hand
                taken_up = on_before - on_after  # back into the hand from the table (the stock's end)
                act = self.actions[k - 1]
                if isinstance(act, Play) and self.states[k - 1].to_act == seat:
                    # its card to the trick, in the same step: a card drawn alike is new
                    if act.from_table:
                        taken_up -= Counter([act.card])
                    else:
                        held -= Counter([act.card])
                new: Counter[int] = Counter(a.hand)
                new -= held
                new -= taken_up
                if len(self.round.tricks) == len(self.states[k].tricks):
                    found = new & Counter(self.view(seat).hand)
                break
        self._drawn_memo = (key, found)
        return Counter(found)

    def pick_count(self) -> int:
        """How many cards the pass (or the burial) takes now."""
        v = self.variant
        return v.pass_count if self.round.phase is Phase.PASS else v.kitty_size

    def pick_action(self, cards: Sequence[Card]) -> Any:
        """The pass or burial of ``cards`` (sorted), whichever the phase asks for."""
        chosen = tuple(sorted(cards))
        return PassCards(chosen) if self.round.phase is Phase.PASS else Bury(chosen)

    def refusal(self, action: Any) -> str | None:
        """Why the engine refuses ``action`` now, in its words; None when it is legal."""
        if self.is_legal(action):
            return None
        try:
            return explain_play(self.round, action)
        except Exception:  # an action of no known shape
            return "it is not allowed now"

    # ------------------------------------------------------------------ acting
    def apply(self, action: Any, stood_in: bool = False) -> RoundState:
        """Apply one decision of the seat to act; `IllegalAction` says why not.  A decision
        a bot makes for a person away (`sat_in`; ``stood_in``: one made so, replayed from
        a save) is kept as such (`stood_in_at`)."""
        if self.round.phase is Phase.DONE:
            raise IllegalAction("the hand is over")
        seat = self.round.to_act
        before = self.round
        new = apply(before, action)
        self.round = new
        self.states.append(new)
        self.actions.append(action)
        if stood_in or (self.sat_in and self.seating[seat] in self.sat_in):
            self.stood_in_at.add(len(self.actions) - 1)
        self.trick_just_won = before.phase is Phase.TRICKS and len(new.tricks) > len(before.tricks)
        if self.is_human(seat) and self.observed(before, seat).melds is not None:
            # a decision made with everyone's meld on the table (or after its pause); the
            # pause at this terminal is held for the people here alone
            if not self.remote_seat(seat):
                self.meld_held = True
            self.meld_seen.add(seat)
        self.add_event(self.describe(seat, action, before, new), len(self.actions) - 1)
        if new.phase is Phase.DONE and new.result is not None:
            self.game = self.game.after_hand(new.result)
            self.score_history.append(self.game.scores)
            note = self.target_note()  # several reached the target together (§8.5)
            if note:
                self.add_event(note, len(self.actions) - 1)
        return new

    def next_hand(self) -> None:
        """Deal the next hand after a finished one (no-op while a hand is in play)."""
        if self.round.phase is not Phase.DONE or self.game.over:
            return
        self.done_hands.append(self.actions)
        self.last_hand = self._as_ended()
        self._deal()

    def _as_ended(self) -> Controller:
        """This game as its hand just ended, before the next deal: the hand's states, moves
        and marks (hints, "play for me", a bot's moves for a person away), its seating and
        number, kept by reference (the deal puts new ones in their place, never changes
        them), so the hand's review can be made later as at its result (`review.Review`)."""
        import copy

        ended = copy.copy(self)
        ended.done_hands = self.done_hands[:-1]  # (its own number: `hand_no`)
        ended.last_hand = None
        ended._views = {}  # (a cache of views per seat of its own, not shared with the game's)
        return ended

    @property
    def needs_meld_ack(self) -> bool:
        """The "everyone's meld is shown" pause is due (`meld_pause_seat`)."""
        return self.meld_pause_seat is not None

    @property
    def meld_pause_seat(self) -> int | None:
        """The human the "everyone's meld is shown" pause is for, or None: melds are on the
        table and a bot would act before the one human has looked (before the first lead);
        in hot-seat, before any card is played, each human who has not seen them, in turn
        order from the seat to act, but the one about to decide with them in sight (else the bidder's
        partner's pause came after a bot had led); after the lead,
        the human to act who has not (a safety net: none is left by then)."""
        r = self.round
        if r.phase not in (Phase.MELD, Phase.TRICKS):
            return None
        humans = self.human_seats
        if not humans or self.view(humans[0]).melds is None:
            return None
        started = bool(r.tricks or r.trick)
        actor = r.to_act
        if len(humans) < 2:  # one person at the table
            return humans[0] if actor not in humans and not self.meld_held and not started else None
        if started or actor is None:
            return actor if actor in humans and actor not in self.meld_seen else None
        if actor in humans and r.phase is Phase.MELD:
            return None  # the bidder's choice, with the meld in sight; the others' pause before the lead
        n = len(self.seats)
        order = [(actor + k) % n for k in range(n)]
        return next((s for s in order if s in humans and s not in self.meld_seen and s != actor), None)

    def ack_meld(self, seat: int | None = None) -> None:
        """The pause was answered (by ``seat``, the human looking at the table)."""
        self.meld_held = True
        if seat is not None:
            self.meld_seen.add(seat)

    def ack_meld_together(self) -> None:
        """Hot-seat at one keyboard: the people looked at everyone's meld together, shown
        with no hand (the meld is on the table for all, §5): each has seen it, where one
        pause a person, each behind a hand-off, cost a family three hand-offs a hand."""
        self.meld_held = True
        self.meld_seen.update(self.human_seats)

    # ------------------------------------------------------------------ bots
    def bot_for(self, seat: int) -> Any:
        """The bot that plays round seat ``seat`` (one per person, kept across deals)."""
        person = self.seating[seat]
        if person in self.sat_in:  # sitting in for a person away (`sat_in`)
            key = (person, self.sat_in[person])
            sitter = self._sitters.get(key)
            if sitter is None:
                sitter = self._sitters[key] = make_bot(key[1], self.think)
            return sitter
        bot = self._bots.get(person)
        if bot is None:
            bot = self._bots[person] = make_bot(self.people[person].level or default_level(), self.think)
        return bot

    def helper(self) -> Any:
        if self._helper is None:
            self._helper = make_bot(default_level())
        return self._helper

    def hint_bot(self) -> Any:
        """The bot of the hint (``i``): the expert when one sits at the table (its search
        says why, then its figures: `bots.expert.Analysis.advice`), else `helper`."""
        if "expert" not in bots.LEVELS or not any(s.level == "expert" for s in self.people):
            return self.helper()
        if self._hint is None:
            self._hint = make_bot("expert", self.think)
            self._hint.explain_bids = True  # a bid's chance of making it, over sampled deals
        return self._hint

    def bot_rng(self, tag: str = "bot") -> random.Random:
        return random.Random(f"{self.seed}/{tag}/{self.hand_no}/{len(self.actions)}")

    def choose(self, state: RoundState, seat: int, bot: Any, tag: str = "bot") -> tuple[Any, str | None]:
        """The action ``bot`` picks for ``seat`` in ``state`` (safe to call in a thread).

        Returns ``(action, problem)``: when the bot raises or picks an illegal action,
        ``problem`` says so and the action is a legal replacement.
        """
        legal = legal_actions(state)
        view = observe(state, seat)  # (its own: this may run in a worker thread)
        rng = random.Random(
            f"{self.seed}/{tag}/{self.hand_no}/{len(state.tricks)}/{len(state.trick)}/{len(view.bids)}/{seat}"
        )
        try:
            action = bot.act(view, legal, rng)
        except Exception as exc:  # a bot bug must not end the game
            return legal[rng.randrange(len(legal))], f"the bot failed ({type(exc).__name__}: {exc})"
        try:
            ok = action in legal
        except Exception:
            ok = False
        if ok:
            return action, None
        return legal[rng.randrange(len(legal))], f"the bot chose an illegal move ({action!r})"

    # ------------------------------------------------------------------ undo
    def undo_seat(self) -> int | None:
        """The human whose last decision can be undone (one human, all others bots).  None
        in hot-seat, also while the only other human sits the deal out (§0.4.16: scores are
        per person, so a move taken back would be at the watching person's expense)."""
        humans = self.human_seats
        if len(humans) != 1 or self.hotseat or self.round.phase is Phase.DONE or self.remote:
            return None  # (a decision sent from another terminal stands: no undo there)
        seat = humans[0]
        if seat in map(_TO_ACT, self.states[:-1]):  # (asked at every change: no generator)
            return seat
        return None

    def undo(self) -> bool:
        """Take back the human's last decision of this hand (and the bot moves after it)."""
        seat = self.undo_seat()
        if seat is None:
            return False
        i = max(k for k, st in enumerate(self.states[:-1]) if st.to_act == seat)
        self.states = self.states[: i + 1]
        self.actions = self.actions[:i]
        keep = [k for k, m in enumerate(self._event_marks) if m < i]
        self.table_lines = [(m, line) for m, line in self.table_lines if m < i]
        self.events = [self.events[k] for k in keep]
        self._event_marks = [self._event_marks[k] for k in keep]
        self.round = self.states[-1]
        self.autos = {k: got for k, got in self.autos.items() if k < i}  # (the same position, decided again)
        self.stood_in_at = {k for k in self.stood_in_at if k < i}
        self.trick_just_won = False
        self.meld_acked = False
        return True

    def add_event(self, text: str, mark: int | None = None) -> None:
        """A line for the hand's log (``mark``: the action it belongs to)."""
        self.events.append(text)
        self._event_marks.append(len(self.actions) if mark is None else mark)

    def add_table_line(self, text: str) -> None:
        """A line for the hand's log about the people at a hosted table ("Bob is offline",
        "A bot plays for Bob", "Bob is back"), kept with the actions taken before it
        (`table_lines`) so that a resumed game's log has it where it was."""
        self.table_lines.append((len(self.actions), text))
        self.add_event(text)

    # ------------------------------------------------------------------ text
    def describe(self, seat: int, action: Any, before: RoundState, after: RoundState) -> str:
        """One log line for ``action`` (private cards never named: passes and burials give
        counts); a bot's move for a person away is "Bob's bot", so Bob sees on his return
        what was played for him (`stood_in_at`); not "Bob (bot)", which beside a bot named by
        its seat at such a table ("Bot 3 bid 250", "Bob (bot) bid 260") reads as two bots."""
        who = None
        if len(self.actions) - 1 in self.stood_in_at:
            who = f"{visible(self.seats[seat].name)}'s bot"
        return describe(self, seat, action, before, after, who=who)

    def side_name(self, side: int) -> str:
        seats = self.seats  # (a list made per read where people sit out: read once)
        return " & ".join([seats[i].name for i in self.variant.seats_of_side[side]])

    def target_note(self) -> str:
        """Several sides reached the target in the hand just finished (§8.5): the target
        rose (``extend_target``; the new one and whether the game goes on), or one more
        hand decides (``another_hand``, or a tie for the highest score); the game won by
        bid-out (`bid_out_note`); "" otherwise."""
        r, g, v = self.round, self.game, self.variant
        if v.must_bid_to_win == "bid_out_three_sets":
            return self.bid_out_note()
        before = getattr(r, "target", None) or r.table.target  # the target the hand was dealt under
        if r.result is None or not r.result.counts or v.must_bid_to_win == "always":
            return ""
        over = [visible(self.entry_name(s)) for s in range(v.n_scores) if g.scores[s] >= before]
        if g.target == before and (g.winner is not None or len(over) < 2):
            return ""
        names = and_list(over)
        head = f"{names} {'both ' if len(over) == 2 else 'all ' if len(over) > 2 else ''}reached {v.fmt(before)}"
        if g.target == before:
            return f"{head}: one more hand decides."
        if g.winner is None:
            return f"{head}: the game now goes to {v.fmt(g.target)}."
        winner = visible(self.entry_name(g.winner))
        return f"{head}: the target rose to {v.fmt(g.target)}, which only {winner} reached."

    def bid_out_note(self) -> str:
        """The game just won by bid-out (``must_bid_to_win = "bid_out_three_sets"``,
        §0.4.21), said: who won and why, as no contract of theirs won it; "" otherwise."""
        g = self.game
        if g.winner is None or g.bid_out()[g.winner] < BID_OUT_SETS:
            return ""
        last = g.history[-1]
        if last.bidder is not None:
            side = self.variant.side_of[last.bidder]
            seats = self.variant.seats_of_side[side]
            # the winner's entry: its side, or when people sit out a person of the deal (§0.4.16)
            winners = {g.hand_seatings()[-1][s] for s in seats} if self.variant.sitting_out else {side}
            if g.winner in winners and last.sides[side].made:
                return ""  # the bidder's side made its contract at or over the target: the usual win
        name = visible(self.entry_name(g.winner))
        return (
            f"{name} {says(name, 'wins', 'win')} by bid-out: the others were set for the third time "
            f"while {mid(name)} stood at or over {self.variant.fmt(g.target)}."
        )

    def decisions(self, seat: int | None = None) -> list[Decision]:
        """The decisions the humans (``seat`` alone, if given) made in this hand so far, in
        order (`Decision`).  Made from the states the hand keeps (``states``, one before
        each action), so an undo takes its decisions back with the moves, and a resumed
        game, whose every action is replayed through `apply`, has the whole hand's."""
        out = []
        for k, action in enumerate(self.actions[: len(self.states) - 1]):
            state = self.states[k]
            who = state.to_act
            if not self.is_human(who) or (seat is not None and who != seat) or k in self.stood_in_at:
                continue  # (a bot's move for a person away is not theirs to review)
            seed = f"{self.seed}/review/{self.hand_no}/{k}"
            hint = self.hints.get(k)
            hinted, deals, analysis, odds = hint[1:] if hint is not None and hint[0] is state else (None, 0, None, None)
            view, legal = observe(state, who), tuple(legal_actions(state))
            made = self.autos.get(k)
            auto = made is not None and made[0] is state
            search = made[1] if auto and made is not None else None
            out.append(Decision(k, who, view, legal, action, seed, hinted, deals, analysis, odds, auto, search))
        return out

    def note_auto(self, search: Any = None) -> None:
        """The last action was made by "play for me" (``a``) for the person to act, not
        chosen by them (`Decision.auto`); ``search``: the expert's search it was made by
        (`Decision.auto_search`), if any."""
        if self.actions:
            self.mark_auto(len(self.actions) - 1, search)

    def mark_auto(self, k: int, search: Any = None) -> None:
        """The move at place ``k`` of this hand was made by "play for me" (`note_auto`; a
        resumed game's, `save.load_game`, whose searches are not saved), ``search`` the
        expert's search it was made by; `ValueError` when no person made a move there."""
        seat = self.states[k].to_act if 0 <= k < len(self.states) - 1 else None
        if seat is None or seat < 0 or not self.is_human(seat):
            raise ValueError(f"auto: move {k + 1} of the hand is not a person's (play for me makes a person's moves)")
        self.autos[k] = (self.states[k], search)

    def note_hint(self, action: Any, deals: int, analysis: Any = None, odds: Any = None) -> None:
        """The expert's hint at the position now: ``action``, its search over ``deals``
        (``analysis``: the search of a card, or of the stock game's meld, last pick or the
        draft's keep or reject, the suits tried for trump, the sets tried for the pass or the
        burial, or the throw-in as the standard bot's rule weighed it, `bots.expert.Analysis`;
        ``odds``: at the auction, the bid it tried over deals, `bots.expert.BidOdds`)."""
        self.hints[len(self.actions)] = (self.round, action, deals, analysis, odds)

    def hint_moves(self, k: int) -> tuple[Any, ...]:
        """The legal moves at place ``k`` of this hand, a person's move made or to make (a
        hint's place, `mark_hint`); `ValueError` when no person was to move there."""
        seat = self.states[k].to_act if 0 <= k < len(self.states) else None
        if seat is None or seat < 0 or not self.is_human(seat):
            raise ValueError(f"hints: move {k + 1} of the hand is not a person's (a hint is asked for a person's move)")
        return tuple(legal_actions(self.states[k]))

    def mark_hint(self, k: int, action: Any, deals: int, analysis: Any = None, odds: Any = None) -> None:
        """The expert's hint asked at place ``k`` of this hand, as `note_hint` keeps it (a
        resumed game's, `save.load_game`); `ValueError` when no person was to move there
        or ``action`` is not one of their legal moves."""
        if action not in self.hint_moves(k):
            raise ValueError(f"hints: the hint at move {k + 1} of the hand is not a legal move there")
        self.hints[k] = (self.states[k], action, deals, analysis, odds)

    def kept_hints(self) -> dict[int, tuple[Any, Any, int, Any, Any]]:
        """The hints of this hand asked at a position it still holds (a hint at a place
        decided again after an undo was asked at another position: it is not this one's)."""
        return {k: h for k, h in sorted(self.hints.items()) if k < len(self.states) and h[0] is self.states[k]}

    def all_action_lists(self) -> list[list[Any]]:
        return [*self.done_hands, self.actions]


def is_card_set(action: Any) -> bool:
    return isinstance(action, (PassCards, Bury))


__all__ = [
    "Controller",
    "Decision",
    "HandResult",
    "Seat",
    "default_level",
    "default_seats",
    "is_card_set",
    "seat_name_problem",
]
