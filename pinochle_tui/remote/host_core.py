"""The host's authority over a table with seats at other terminals, without Textual.

`HostCore` owns what the network may do to the game: it seats a connection by its join
code (`codes`), checks every `Act` (the connection's own seat, its turn, the news it
answers, the engine's rules: else `Refused` with the engine's words), hands a good one to
its `Driver` to apply exactly as a local person's decision is applied, and sends each
connected seat its own news after every change (`table.news.seat_news`: never another
seat's cards).  A seat whose connection is gone waits for its person, or a bot sits in
for it (`seat_bot`) until the person is back.  The next hand is dealt when every person
at the table (here and connected) has gone on (`Ready`).

The `Driver` moves the game: `Headless` here (the bots in turn, at once: the tests and
the benchmark), the table's `TurnLoop` in the app (`screens.turns`).  Connections are
`Link`s (`server`), so the core runs the same under a websocket server or a test.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, Protocol

from rules import Phase, legal_actions, observe
from rules.choices import CardSetChoices

from ..cli_common import visible
from ..controller import Controller
from ..table.news import meld_waits, names_and, seat_news
from . import protocol as P
from .codes import Attempts, whose

BAD_IN_A_ROW = 20  # bad messages in a row before a connection is closed
TURNED_AWAY_KEPT = 100  # (address, protocol) pairs of other versions noted, at most
BAD_BEFORE_HELLO = 3  # ... before a connection that has not said hello is closed
DEFAULT_SIT_IN = "standard"  # the bot that plays for a person away


class Link(Protocol):
    """One connection as the core sees it: where it comes from, and a way to send a text
    (queued, in order) and to close it."""

    address: str

    def send(self, text: str) -> None: ...

    def close(self) -> None: ...


class Driver(Protocol):
    """What moves the game on: applies a checked decision, runs the bots, deals the next
    hand, saves after every decision, and calls `HostCore.publish` after each change."""

    def decide(self, seat: int, action: Any, auto: bool = False, search: Any = None) -> None:
        """Apply ``seat``'s checked ``action`` (``auto``: "play for me" made it, and
        ``search`` the expert's search it was made by, as the seat sent it: both kept by
        `Controller.note_auto` before the game is saved)."""

    def changed(self) -> None: ...

    def next_hand(self) -> None: ...

    def seat_back(self, seat: int | None) -> None:
        """The bot that sat in at ``seat`` gave it back: a decision it is making is dropped."""


class HostCore:
    """The authority over ``ctrl`` for the people of ``codes`` (person -> join code), who
    play from other terminals.  ``save`` writes the game (after every decision);
    ``sit_in`` the level of the bot that plays for a person away."""

    def __init__(
        self,
        ctrl: Controller,
        codes: dict[int, str],
        *,
        save: Callable[[Controller], None] | None = None,
        sit_in: str = DEFAULT_SIT_IN,
        attempts: Attempts | None = None,
    ) -> None:
        self.ctrl = ctrl
        self.codes = dict(codes)
        ctrl.remote = frozenset(codes)
        ctrl.remote_codes = dict(codes)
        self.save = save
        self.sit_in = sit_in
        self.attempts = attempts or Attempts()
        self.links: dict[int, Link] = {}
        self.joined: set[int] = set()  # the people who have joined (or had a bot seated for them)
        self.ready: set[int] = set()  # the people who went on after the hand's result
        self.local_ready = False  # the people at the host's terminal went on
        self.driver: Driver = Headless(self)
        self.listeners: list[Callable[[], None]] = []  # called when a seat's state changes
        # the host's own log (never sent to a seat): terminals turned away, and why
        self.log: list[str] = []
        self.notices: list[Callable[[str], None]] = []  # called with each line of ``log``
        self.turned_away: dict[tuple[str, str], int] = {}  # (address, protocol) -> hellos refused
        self._sent: dict[int, str] = {}  # person -> the last news text sent
        self._bad: dict[int, int] = {}  # id(link) -> bad messages in a row
        self.closed = False
        self._over_said = False  # the game's end was told (`publish`)
        self.serve_at: tuple[str, int] | None = None  # (address, port) to listen on (`server.serve_in_background`)
        self.web_port: int | None = None  # --web: the browser page's port (`remote.web`)
        self.web: Any = None
        self.server: Any = None
        self.problem = ""  # why the server could not listen
        self.serving: Any = None  # the task that listens (`server.serve_in_background`)
        # a game already under way (resumed from its save): its people come back ("reconnect")
        self.resumed = self.seq > 0
        self._mark_away()

    # ------------------------------------------------------------------ who is where
    @property
    def seq(self) -> int:
        """The decisions applied so far in the game (every hand's)."""
        c = self.ctrl
        return sum([len(h) for h in c.done_hands]) + len(c.actions)

    def seat_of(self, person: int) -> int | None:
        """``person``'s seat in this deal (None: sits it out, §0.4.16)."""
        seating = self.ctrl.seating
        return seating.index(person) if person in seating else None

    def name(self, person: int) -> str:
        return visible(self.ctrl.people[person].name)

    def state_of(self, person: int) -> P.SeatState:
        if person not in self.codes:
            return "local"
        if person in self.links:
            return "here"
        if person in self.ctrl.sat_in:
            return "bot"
        return "disconnected" if person in self.joined else "waiting"

    def line(self, person: int) -> str:
        """``person``'s state as the table says it."""
        name, state = self.name(person), self.state_of(person)
        if state == "waiting":
            return f"waiting for {name} (b: a bot plays for {name})"
        if state == "disconnected":
            return f"{name} is offline — waiting (b: a bot plays for {name})"
        if state == "bot":
            return f"a bot plays for {name} until {name} is back"
        return f"{name} is here" if state == "here" else ""

    def seat_infos(self) -> tuple[P.SeatInfo, ...]:
        return tuple(
            P.SeatInfo(person=p, name=self.name(p)[: P.NAME_MAX], state=self.state_of(p), line=self.line(p))
            for p in range(len(self.ctrl.people))
        )

    def away(self) -> list[int]:
        """The people at other terminals not connected now, nor played for by a bot."""
        return [p for p in self.codes if p not in self.links and p not in self.ctrl.sat_in]

    @property
    def started(self) -> bool:
        """Every seat at another terminal has been filled once (its person joined, or a bot
        sits in): until then the table waits at the deal."""
        return all(p in self.joined or p in self.ctrl.sat_in for p in self.codes)

    def holds_bots(self) -> bool:
        """No bot may act now: the table waits at the deal, or a person has everyone's meld
        before them and has not gone on (`Controller.meld_looks`)."""
        return not self.started or bool(self.ctrl.meld_looks)

    def all_ready(self) -> bool:
        """Every person at the table, here (``local_ready``) and connected, went on after the
        hand's result."""
        if self.ctrl.human_seats and not self.local_ready:
            return False
        return all(p in self.ready for p in self.links if p not in self.ctrl.sat_in)

    # ------------------------------------------------------------------ connections
    def opened(self, link: Link) -> None:
        self._bad[id(link)] = 0

    def receive(self, link: Link, person: int | None, text: str | bytes) -> int | None:
        """One message from ``link`` (seated for ``person``, or None before its hello);
        returns the person it is seated for afterwards (None: not seated)."""
        if self.closed:
            return person
        try:
            msg = P.decode_up(text)
        except P.OtherVersion as exc:
            if person is None:  # (a hello of another version: the seated speak this one)
                self.other_version(link, exc)
                return None
            self._refuse_bad(link, person, str(exc))
            return person
        except P.ProtocolError as exc:
            self._refuse_bad(link, person, str(exc))
            return person
        if isinstance(msg, P.Hello):
            return self.hello(link, msg)
        if person is None or self.links.get(person) is not link:
            self._refuse_bad(link, None, "say hello with your join code first")
            return None
        if isinstance(msg, P.Act):
            self.act(link, person, msg)
        elif isinstance(msg, P.Ready):
            self._bad[id(link)] = 0
            self.go_on(person, msg)
        elif isinstance(msg, P.Leave):
            self.gone(link, person)
            link.close()
            return None
        return person

    @staticmethod
    def _refuse(link: Link, reason: str) -> None:
        """Tell ``link`` why its message is not taken (`Refused`, cut to the protocol's length)."""
        link.send(P.encode(P.Refused(reason=reason[:500])))

    def _refuse_bad(self, link: Link, person: int | None, reason: str) -> None:
        """Refuse a message the host cannot read; a connection refused so too often in a
        row is closed."""
        n = self._bad.get(id(link), 0) + 1
        self._bad[id(link)] = n
        self._refuse(link, reason)
        if n >= (BAD_IN_A_ROW if person is not None else BAD_BEFORE_HELLO):
            link.send(P.encode(P.Bye(reason="too many messages that are not the protocol's: disconnected")))
            if person is not None:
                self.gone(link, person)
            link.close()

    def other_version(self, link: Link, exc: P.OtherVersion) -> None:
        """A terminal of another version of pinochle said hello: it is told which protocol
        this table speaks (a `Bye`, whose reason every version reads) and closed, and the
        host keeps a line of it (`turned_away`), said at the host's table (``notices``)
        once for each address and version."""
        v = P.PROTOCOL_VERSION
        link.send(P.encode(P.Bye(reason=f"this table speaks protocol {v} and your terminal {exc.shown}")))
        link.close()
        key = (link.address, exc.shown)
        if key in self.turned_away:
            self.turned_away[key] += 1
            return
        if len(self.turned_away) >= TURNED_AWAY_KEPT:
            return
        self.turned_away[key] = 1
        line = (
            f"A terminal at {visible(link.address)} runs another version of pinochle (protocol {exc.shown};"
            f" this table speaks {v}): it was not seated"
        )
        self.log.append(line)
        for notice in list(self.notices):
            with contextlib.suppress(Exception):
                notice(line)

    def hello(self, link: Link, msg: P.Hello) -> int | None:
        """Seat ``link`` by its join code; a wrong code is refused without saying why (and
        counted against its address: the server slows that address's next tries down), a
        second connection with a code replaces the first."""
        person = whose(msg.code, self.codes.items())
        if person is None:
            self.attempts.wrong(link.address)
            self._refuse(link, "that join code opens no seat at this table")
            link.close()
            return None
        old = self.links.get(person)
        if old is not None and old is not link:
            old.send(P.encode(P.Replaced()))
            old.close()
        self.links[person] = link
        self._bad[id(link)] = 0
        came_back = old is None and person in self.joined  # (a second connection is no return)
        self.joined.add(person)
        c = self.ctrl
        back = c.sat_in.pop(person, None) is not None  # the bot gives the seat back
        if came_back or back:
            self._log(f"{self.name(person)} is back")
        link.send(
            P.encode(
                P.Welcome(
                    seat=person,
                    variant=c.variant.model_dump(mode="json"),
                    names=tuple([self.name(p)[: P.NAME_MAX] for p in range(len(c.people))]),
                    seats=self.seat_infos(),
                )
            )
        )
        for text in self.decided_texts(person):
            link.send(text)
        self._sent.pop(person, None)
        if back:
            self.driver.seat_back(self.seat_of(person))
        self.table_changed()
        self.driver.changed()  # (the game may go on: everyone is here, or the seat is back)
        self.publish()
        return person

    def decided_texts(self, person: int) -> list[str]:
        """``person``'s decisions in this hand so far, a `Decided` each (sent after the
        welcome: a terminal that joins mid-hand, or joins again, reviews the whole hand,
        not only the decisions it made itself since), with whether "play for me" made it,
        and the moves a bot made for them while they were away (``stood_in``)."""
        c = self.ctrl
        seat = self.seat_of(person)
        if seat is None:
            return []
        before = sum([len(h) for h in c.done_hands])
        made = [(d.index, d.view, d.legal, d.action, d.auto, False, d.auto_search) for d in c.decisions(seat)]
        for k in sorted(c.stood_in_at):
            if k < len(c.states) - 1 and c.states[k].to_act == seat:
                state = c.states[k]
                made.append((k, observe(state, seat), tuple(legal_actions(state)), c.actions[k], False, True, None))
        out = []
        for k, view, given, action, auto, stood_in, search in sorted(made, key=lambda m: m[0]):
            # (a pass's or a burial's choices as the engine gives them: written short, not each)
            legal = legal_actions(c.states[k])
            try:
                wire = P.wire_legal(legal if isinstance(legal, CardSetChoices) else given, view.phase)
                text = P.encode(
                    P.Decided(
                        seq=before + k,
                        hand_no=c.hand_no,
                        view=P.WireView.of(view),
                        action=action,
                        auto=auto,
                        stood_in=stood_in,
                        search=P.WireSearch.of(search, action) if auto else None,
                        **wire,
                    )
                )
            except ValueError:  # (one the protocol cannot carry: the review goes without it)
                continue
            if len(text.encode()) <= P.MAX_MESSAGE:
                out.append(text)
        return out

    def gone(self, link: Link, person: int) -> None:
        """``link`` closed (or left): its seat waits for its person (or a bot sits in)."""
        self._bad.pop(id(link), None)
        if self.links.get(person) is link:
            del self.links[person]
            self._sent.pop(person, None)
            self._log(f"{self.name(person)} is offline")
            self.table_changed()
            if self.ctrl.round.phase is Phase.DONE and self.all_ready():
                self.driver.next_hand()

    def _log(self, line: str) -> None:
        """A line for the hand's log, which every seat is sent (who went offline, who a bot
        plays for, who is back: the line under the prompt says who is away now, the log when
        it changed)."""
        c = self.ctrl
        if not c.game.over and not self.closed:
            c.add_table_line(line)  # (kept in the save: a resume's log has it too)

    def seat_bot(self, persons: list[int] | None = None, level: str | None = None) -> list[int]:
        """A bot plays for ``persons`` (default: everyone away) until each is back; the
        people it now plays for."""
        chosen = self.away() if persons is None else [p for p in persons if p in self.codes and p not in self.links]
        for p in chosen:
            if p not in self.ctrl.sat_in:  # (the log says it, as it says who went offline)
                self._log(f"A bot plays for {self.name(p)}")
            self.ctrl.sat_in[p] = level or self.sit_in
        if chosen:
            self.table_changed()
            self.driver.changed()
        return chosen

    def _mark_away(self) -> None:
        """`Controller.remote_away` as it is now: who the game may wait for, and why."""
        self.ctrl.remote_away = {
            p: ("reconnect" if p in self.joined or self.resumed else "join", p not in self.joined) for p in self.away()
        }

    def table_changed(self) -> None:
        """A seat's state changed: every seat is told (`TableState`, and its news, which
        says who the game waits for), and the host's table (``listeners``)."""
        self._mark_away()
        text = P.encode(P.TableState(seats=self.seat_infos()))
        for link in list(self.links.values()):
            link.send(text)
        for listener in list(self.listeners):
            with contextlib.suppress(Exception):
                listener()
        self.publish()

    # ------------------------------------------------------------------ decisions
    def refusal(self, person: int, msg: P.Act) -> str | None:
        """Why ``person``'s ``msg`` is not applied now, or None."""
        c = self.ctrl
        seat = self.seat_of(person)
        if c.game.over:
            return "the game is over"
        if seat is None:
            return "you sit this deal out"
        if not self.started:
            names = " and ".join([self.name(p) for p in self.away() if p not in self.joined])
            return f"the table waits for {names} to join"
        if msg.seq != self.seq:
            return f"that answers the news of decision {msg.seq}; the game is at decision {self.seq}"
        if c.round.phase is Phase.DONE:
            return "the hand is over"
        if c.round.to_act != seat:
            return f"it is not your turn: {visible(c.seats[c.round.to_act].name)} is to act"
        if not c.is_human(seat):
            return "a bot plays for you now"
        if seat in c.remote_meld_pause:
            return "everyone's meld is shown: go on first"
        if c.meld_holds_lead():  # (the lead waits until every seat has looked at the meld)
            return meld_waits(c, seat, c.meld_holds_lead())
        return c.refusal(msg.action)

    def act(self, link: Link, person: int, msg: P.Act) -> None:
        """``person``'s move: applied, or refused in the engine's words.  A move refused is
        a message of the protocol (a person trying a card the rules keep back, again and
        again, as a newcomer does): it is answered and never counted toward closing the
        connection, which only messages the host cannot read are (`_refuse_bad`)."""
        reason = self.refusal(person, msg)
        if reason is not None:
            self._refuse(link, reason)
            if self.links.get(person) is link:
                self._sent.pop(person, None)  # (the news of now again: the seat may be behind)
                self.publish()
            return
        self._bad[id(link)] = 0
        seat = self.seat_of(person)
        assert seat is not None
        # (the expert's search "play for me" made it by: the seat's own review's, kept for
        # its terminal joining again, `decided_texts`)
        search = msg.search.kept(msg.action) if msg.auto and msg.search is not None else None
        self.driver.decide(seat, msg.action, msg.auto, search)

    def go_on(self, person: int, msg: P.Ready) -> None:
        """``person`` went on: from everyone's meld shown, or from the hand's result."""
        c = self.ctrl
        seat = self.seat_of(person)
        if seat is not None and seat in c.remote_meld_pause:
            c.meld_seen.add(seat)
            self.publish()
            self.driver.changed()
            return
        if c.round.phase is Phase.DONE and not c.game.over and msg.seq == self.seq:
            self.ready.add(person)
            self.table_changed()
            if self.all_ready():
                self.driver.next_hand()

    def end_looks(self) -> list[int]:
        """The host's Enter at everyone's meld (`TurnLoop.lead_now`): the looks at other
        terminals that hold the first lead end, as if each had gone on, and the game goes
        on; the seats whose look ended."""
        c = self.ctrl
        ended = sorted(c.remote_meld_pause)
        if ended:
            c.meld_seen.update(ended)
            self.publish()
            self.driver.changed()
        return ended

    def go_on_waits(self, person: int) -> str:
        """Whom the next deal waits for, as ``person``, gone on from the hand's result, is
        told it: "waiting for Ann and Cy to go on" (the people at the host's terminal and
        the connected ones not gone on yet, as the host's own line names them); ``""``
        once nobody is left or the hand is not over."""
        c = self.ctrl
        if c.round.phase is not Phase.DONE or c.game.over:
            return ""
        slow = [visible(c.seats[s].name) for s in c.human_seats] if not self.local_ready else []
        slow += [self.name(p) for p in sorted(self.links) if p not in self.ready and p not in c.sat_in and p != person]
        return f"waiting for {names_and(slow)} to go on" if slow else ""

    def dealt(self) -> None:
        """A new hand was dealt: everyone goes on afresh."""
        self.ready.clear()
        self.local_ready = False

    # ------------------------------------------------------------------ the news
    def news_text(self, person: int) -> str:
        """``person``'s news now, as sent: its own seat's `seat_news` (a watcher's, between
        players, when it sits this deal out) and, once the hand is over, its outcome."""
        c = self.ctrl
        seat = self.seat_of(person)
        # (hot-seat is the host's keyboard's; this person alone looks at their table, and
        # watches when they sit this deal out)
        news = seat_news(c, seat)._replace(hotseat=False, watching=seat is None)
        if person in self.ready:  # (gone on from the result: whom the next deal waits for)
            news = news._replace(waits=self.go_on_waits(person))
        outcome = None
        if c.round.phase is Phase.DONE:
            outcome = _outcome(c)
        return P.encode(P.news_message(self.seq, news, outcome))

    def publish(self) -> None:
        """Each connected seat's news, where it changed since last sent."""
        if self.closed:
            return
        for person, link in list(self.links.items()):
            text = self.news_text(person)
            if self._sent.get(person) != text:
                self._sent[person] = text
                link.send(text)
        if self.ctrl.game.over and not self._over_said:
            self._over_said = True
            for link in list(self.links.values()):
                link.send(P.encode(P.Bye(reason="the game is over")))

    def close(self, reason: str = "the host closed the table") -> None:
        """Tell everyone the table closes, and close every connection."""
        self.closed = True
        for link in list(self.links.values()):
            link.send(P.encode(P.Bye(reason=reason)))
            link.close()
        self.links.clear()


def _outcome(c: Controller) -> dict[str, Any] | None:
    """The hand's result as the result screens draw it (`table.outcome`, where the app has
    it), as JSON data; None when it cannot be made."""
    try:
        from ..table import outcome
    except ImportError:
        return None
    try:
        made = outcome.outcome_of(c)
        return None if made is None else made.to_json()  # type: ignore[no-any-return]
    except Exception:
        return None


class Headless:
    """The `Driver` without a screen: bots act at once, in turn, until a person is to act
    (or the table waits); the game is saved after every decision."""

    def __init__(self, core: HostCore) -> None:
        self.core = core
        self._moving = False

    def decide(self, seat: int, action: Any, auto: bool = False, search: Any = None) -> None:
        self.core.ctrl.apply(action)
        if auto:
            self.core.ctrl.note_auto(search)
        self._save()
        self.changed()

    def _save(self) -> None:
        if self.core.save is not None:
            self.core.save(self.core.ctrl)

    def changed(self) -> None:
        """Move the bots on as far as they may go, then publish."""
        if self._moving:
            return
        self._moving = True
        core, c = self.core, self.core.ctrl
        try:
            while c.round.phase is not Phase.DONE and not c.is_human(c.round.to_act) and not core.holds_bots():
                seat = c.round.to_act
                action, _problem = c.choose(c.round, seat, c.bot_for(seat))
                c.apply(action)
                self._save()
        finally:
            self._moving = False
        core.publish()
        if c.round.phase is Phase.DONE and not c.game.over and core.all_ready() and core.links:
            self.next_hand()

    def seat_back(self, seat: int | None) -> None:
        pass  # (its bots decide at once, between two messages: none is half made)

    def next_hand(self) -> None:
        c = self.core.ctrl
        if c.round.phase is not Phase.DONE or c.game.over:
            return
        c.next_hand()
        self.core.dealt()
        self._save()
        self.changed()


__all__ = ["BAD_IN_A_ROW", "DEFAULT_SIT_IN", "Driver", "Headless", "HostCore", "Link"]
