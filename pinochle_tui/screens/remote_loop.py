"""The game loop of a seat at a table another pinochle hosts: the `TableScreen` is the same
as at a game of this terminal's own, but its facts come from the host's last news
(`table.build.facts_from_news`), a key's action goes to the host as an ``Act`` (the
message line says the host's refusal, in the engine's words), no bot runs here and no
hand-off is shown: the host alone applies actions, runs the bots and saves the game
(DESIGN.md "Remote seats").

What runs here works from this seat's own view only: the hint and "play this for me"
(the standard bot, or for the hint the expert where the player's settings seat one,
deciding from the `SeatView` the host sent: it cannot see more), and
the review after the hand, over the decisions this seat made (the views it was sent and
the actions the host took from it).  The hand's result and game over are drawn from the
`table.outcome.Outcome` the host sends with the news of a finished hand.

`RemoteLoop` answers the table as `turns.TurnLoop` does (``advance``, ``ensure_result``,
``human_act``, ``helper_move``, ``decided``, ``cancel``, and what the table asks: the
viewer, the facts, the refusals, the meld pause, undo, the tricks...), so the table never
asks which it holds."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from typing import Any

from rich.text import Text

import bots
from rules import Phase, Play

from ..controller import Decision, default_level, make_bot
from ..host import Host
from ..remote.client import SeatConnection, Status, status_line
from ..render import pretty, sentence
from ..table.facts import gone_for_good
from ..table.news import SeatNews
from ..table.outcome import Outcome
from .turns import AsksHelpers, Decided, WaitsForAnswers, _leave_a_core, _start_the_pool


def expert_in(settings: Any) -> bool:
    """Whether the player's settings seat an expert: one among their last new game's
    seats (`Settings.last`), as a table of this terminal's own would then have."""
    seats = settings.last.get("seats") if isinstance(settings.last, dict) else None
    return isinstance(seats, list) and any(isinstance(s, dict) and s.get("level") == "expert" for s in seats)


SEAT_LINE_STATES = ("disconnected", "bot")
"""The states of another seat (`protocol.SeatInfo`) the table tells this seat about (a seat
never filled yet holds the game: the prompt says so, from the news's ``waits``)."""


class RemoteLoop(AsksHelpers, WaitsForAnswers):
    """A seat at a hosted table (see the module): its connection (`remote.client`), the
    host's last word (``welcome``, ``news``, ``outcome``, ``seats``) and the table it
    drives (``table``, set by `TableScreen`).  ``on_news`` is called with each news until
    the table is open (the join screen opens it at the first); ``on_status`` with each
    change of the connection while no table is open."""

    def __init__(
        self,
        app: Any,
        host: str,
        port: int,
        code: str,
        *,
        connect: Callable[..., Any] | None = None,
        sleep: Callable[[float], Any] = asyncio.sleep,
    ) -> None:
        self.app = app
        self.conn = SeatConnection(
            host, port, code, on_message=self.take, on_status=self.status_changed, connect=connect, sleep=sleep
        )
        self.table: Any = None  # the `TableScreen` it drives, once open
        self.welcome: Any = None  # the host's `protocol.Welcome`
        self.variant: Any = None  # the table's `Variant` (from the welcome)
        self.news: SeatNews | None = None  # the last news, made a `SeatNews` again
        self.seq = -1  # its `News.seq`: the decisions the host has applied in the game
        self.outcome: Outcome | None = None  # the finished hand's result, from the host
        self.seats: tuple[Any, ...] = ()  # the host's last word on every seat (`SeatInfo`)
        self.received = 0  # news received (the facts' key: equal keys, the same news)
        self.sent: tuple[int, Any, Any] | None = None  # (seq, action, the view it was decided in) awaiting news
        self.waiting: tuple[str, Any] | None = None  # ("helper", news key): a hint or "play for me" thinking
        self.went_on: int | None = None  # the hand whose result this seat went on from (Ready sent)
        self.decisions: dict[int, list[Decision]] = {}  # per hand: this seat's decisions the host took
        # per hand: the moves a bot made for this seat while it was away, by their place
        # (`Decided.stood_in`: not the person's to review; the review says where they were)
        self.stood_in: dict[int, dict[int, Decision]] = {}
        self.on_news: Callable[[], None] | None = None
        self.on_status: Callable[[Status], None] | None = None
        self._helper: Any = None
        self._hint: Any = None  # the expert of the hint, once asked (`hint_bot`)
        self._pool_asked = False
        self._rejoined = False  # a welcome came: the next news says whether an action sent got in
        self._not_sent_line: Text | None = None  # the message line said the connection was down
        self._tasks: set[asyncio.Task[Any]] = set()
        self._draw_due = False  # a draw of the last news is asked for (`_draw_soon`)
        # a helper's answer that came while this seat's quit question was open (`decided`):
        # the game is the host's, and its other seats go on meanwhile
        self.held: list[Callable[[], None]] = []
        self.worker: Any = None

    # ------------------------------------------------------------------ the connection
    def start(self) -> None:
        """Run the connection in the app's event loop (a worker of the app's, so it outlives
        the join screen and ends with the app)."""
        self.worker = self.app.run_worker(self.conn.run(), group="remote", exit_on_error=False)

    async def stop(self) -> None:
        """Leave the table (the host is told) and end the connection."""
        await self.conn.close(leave=True)

    def leave(self) -> None:
        """The table is gone (a new game, the app quitting): leave the host's table."""
        if not self.conn.closed:
            self._spawn(self.stop())

    def send(self, msg: Any, failed: Callable[[], None] | None = None) -> None:
        """Send ``msg`` up (a task of the app's loop); ``failed()`` when it could not go."""

        async def go() -> None:
            if not await self.conn.send(msg) and failed is not None:
                failed()

        self._spawn(go())

    def _spawn(self, work: Any) -> None:
        """Run the coroutine ``work`` as a task of the app's loop, kept until it is done (a
        task only weakly referenced may vanish)."""
        try:
            task = asyncio.get_running_loop().create_task(work)
        except RuntimeError:  # no running loop: the app is already gone
            work.close()
            return
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @property
    def papp(self) -> Host:
        return self.app  # type: ignore[no-any-return]

    @property
    def live(self) -> bool:
        t = self.table
        return t is not None and bool(t.live)

    def status_changed(self, status: Status) -> None:
        """The connection changed: said on the table's message line ("Connection lost —
        reconnecting (try 3)…"), or by the join screen while no table is open."""
        if self.table is None:
            if self.on_status is not None:
                self.on_status(status)
            return
        t = self.table
        t.note = self.table_line()  # (kept for its first draw when not drawn yet)
        said_down = t.message is self._not_sent_line or str(t.message).startswith("Wait: ")  # (`why_off`)
        if status.state == "connected" and said_down:
            t.message = ""  # (the connection is back: what it said about it no longer holds)
        if status.state == "closed":
            t.message = ""  # (why the connection ended for good is the line to read: a message hid it)
        if status.state == "connected":
            self._not_sent_line = None
        if self.live:
            t.refresh_view()

    def offline(self) -> str:
        """What the connection is doing while it is down ("Connection lost — reconnecting
        (try 3)…", the reason it closed for good), ``""`` while it is up: the table's prompt
        says it instead of inviting a move that could not be sent."""
        status = self.conn.status
        if status.state == "connected":
            return ""
        line = sentence(status_line(status))  # (a closed connection's reason: "the host refused ...")
        return f"{line} {gone_for_good()}" if status.state == "closed" else line

    def table_line(self) -> Text | str:
        """The line the table keeps under its prompt: the first other seat the game waits on
        ("Bob is offline — waiting"), else nothing (the connection's own problem is the
        prompt's: `offline`)."""
        me = self.welcome.seat if self.welcome is not None else None
        news = self.news
        # the person away at their own turn: the prompt says the table waits for them to
        # reconnect (`SeatNews.waits`), which this line said a second time
        named = news.seating[news.to_act] if news is not None and news.waits and news.to_act is not None else None
        for info in self.seats:
            if info.person not in (me, named) and info.state in SEAT_LINE_STATES and info.line:
                # the host's key is the host's: here the line says what happens ("b: a bot plays...")
                line = info.line.split(" (b: ")[0]
                if info.state == "disconnected":
                    line += " (the host may seat a bot)"
                return Text(sentence(line), style="bold")  # ("a bot plays for Bob ...": a line of its own)
        return ""

    # ------------------------------------------------------------------ what the table asks
    # (as `turns.TurnLoop` answers it, here from the host's last news)
    def state_now(self) -> Any:
        """The key of the host's last news: a later change is another news (`same_state`)."""
        return self.news.key if self.news is not None else None

    def same_state(self, state: Any) -> bool:
        return bool(self.state_now() == state)

    def refusal(self, action: Any) -> str | None:
        """None: the host says why when the action is sent (the message line says it)."""
        return None

    host_judges = True  # a choice not allowed is sent: the host refuses it, in the engine's words

    def viewer(self) -> int | None:
        """The seat the host gives this terminal."""
        return self.news.viewer if self.news is not None else None

    def facts_stale(self, f: Any) -> bool:
        """``f`` (the table's facts drawn last) is not of the last news, or of the table's
        pacing and connection now."""
        t = self.table
        news_key = self.news.key if self.news is not None else None
        return f is None or f.key != news_key or f.busy != t.busy or f.offline != self.offline()

    def make_facts(self, width: int) -> Any:
        """The seat's facts from the host's last news: the same facts as the host's own table
        makes for this seat (`table.build.facts_from_news`)."""
        from ..table.build import facts_from_news

        t = self.table
        return facts_from_news(
            self.news,  # type: ignore[arg-type]
            busy=t.busy,
            handoff=False,
            show_melds=t.show_melds,
            board_width=width,
            message=t.message or t.note,
            before=t.facts,
            offline=self.offline(),
            gone_for_good=self.conn.status.state == "closed",
        )

    def first_note(self) -> Any:
        """What the table says under its prompt at its first draw (`table_line`)."""
        return self.table_line()

    def hosted(self) -> bool:
        return True

    def go_on_from_meld(self) -> None:
        """Enter at everyone's meld: the host is told (`ack_meld`), and a key's line about
        the look ("Everyone's meld is shown: Enter goes on first.", said for ``i``) goes
        with it."""
        t = self.table
        if t.now().meld_pause:
            t.message = ""
            self.ack_meld()
            t.refresh_view()

    def describe(self, action: Any) -> str:
        return pretty(type(action).__name__)

    def note_hint(self, action: Any, deals: int, why: Any, odds: Any) -> None:
        """(The review here is over this seat's decisions as the host took them.)"""

    def undo(self) -> bool:
        return False  # (a move sent to the host stands)

    def tricks_screen(self) -> Any:
        """The hand's tricks from this seat's own view (its burial shows, if it buried);
        None before any."""
        from .dialogs import TricksScreen, hidden_cards_text, view_tricks_text

        f = self.table.now()
        hidden = hidden_cards_text(None, view=f.view, names=f.names)
        if not f.view.tricks and not hidden.plain:
            return None
        return TricksScreen(view_tricks_text(f.view, f.names, hidden))

    # ------------------------------------------------------------------ the host's word
    def take(self, msg: Any) -> None:
        """One message from the host (on the app's thread)."""
        from ..remote import protocol as p

        if isinstance(msg, p.Welcome):
            self.welcome = msg
            self._rejoined = True
            self.variant = msg.the_variant()
            self.seats = msg.seats
        elif isinstance(msg, p.News):
            self._news(msg)
        elif isinstance(msg, p.Decided):
            self._decided_before(msg)
        elif isinstance(msg, p.Refused):
            self._refused(msg.reason)
        elif isinstance(msg, p.TableState):
            self.seats = msg.seats
            if self.table is not None:
                self.table.note = self.table_line()
            if self.live:
                self.table.refresh_view()
        elif isinstance(msg, p.Replaced):
            self._replaced()
        elif isinstance(msg, p.Bye) and self.live:  # (the connection closed: the prompt says why)
            self.table.note = self.table_line()
            self.table.refresh_view()

    def _replaced(self) -> None:
        """Another terminal took this seat with its code: the table ends here, saying so
        and when (the connection does not try again: it would take the seat back)."""
        if self.table is None:
            return  # (the join screen says it, from the connection's status)
        from .dialogs import SeatClosedScreen

        at = time.strftime("%H:%M")
        self.papp.replace_screens(
            SeatClosedScreen(f"Another terminal took this seat with its code (at {at}). This one is closed.")
        )

    def _news(self, msg: Any) -> None:
        if self.variant is None:
            return  # (no welcome yet: the host sends one first)
        self.received += 1
        wire = msg.news
        before = self.news
        self.news = wire.news(self.variant, (msg.seq, wire.viewer, wire.hand_no, self.received))
        # a decision made, or a new hand dealt (no decision yet: "Ready" was about the last one),
        # or this seat offered a decision it was not (the same decision's number: a lead held
        # by a seat's look at everyone's meld until it went on, a table waiting for a person
        # to join): a refusal of what it sent while it could not act no longer applies.  A
        # refusal while the same decision stands (a card the engine refuses: the host sends
        # the news of now again, the same legal actions) stays on the message line.
        moved = (
            msg.seq != self.seq
            or before is None
            or before.hand_no != wire.hand_no
            or (not before.legal and bool(self.news.legal))
        )
        if self.sent is not None and msg.seq > self.sent[0]:  # the host took this seat's action
            self._decided(*self.sent)
            self.sent = None
        elif self.sent is not None and self._rejoined:  # lost with the connection: decide again
            self.sent = None
        self._rejoined = False
        self.seq = msg.seq
        self.outcome = None
        if msg.outcome is not None:
            with contextlib.suppress(ValueError):  # (a result not drawn is better than no table)
                self.outcome = Outcome.from_json(msg.outcome)
        if self.table is None:
            if self.on_news is not None:
                self.on_news()
            return
        t = self.table
        if not t.live:
            return
        if moved:
            t.message = ""
            t.show_melds = False
        rs = t._result_screen
        if rs is not None and rs.outcome.hand_no < wire.hand_no:  # (dealt on without this seat)
            rs.dealt_on(wire.hand_no)
        t.note = self.table_line()
        self._draw_soon()

    def _draw_soon(self) -> None:
        """Draw the table for the host's last news once the news that came together are
        taken: a news is taken as it is read from the connection, and news read in one go
        (the bots' moves in a row, a burst of other seats' plays) are drawn once, for the
        last of them, not once each (each draw of the table costs more than reading a news,
        so a seat that fell behind caught up no faster than the moves came).  The table's
        facts follow the last news at once (`TableScreen.now`): a key pressed meanwhile
        acts on it."""
        if self._draw_due:
            return
        self._draw_due = True
        self.table.call_later(self._draw_news)

    def _draw_news(self) -> None:
        self._draw_due = False
        if self.live:
            self.table.refresh_view()
            self.advance()

    def _refused(self, reason: str) -> None:
        """The host refused this seat's last message: said on the message line in the
        engine's words, and the seat decides again."""
        sent, self.sent = self.sent, None
        if not self.live:
            return
        t = self.table
        # a card the rules refuse: the table's own line for it (`TableScreen.card_refusal`:
        # one row); a card the news offered was refused for the game's moment, not the card
        # (the lead held by a seat's look at everyone's meld): "Not allowed", as any action
        card = sent is not None and isinstance(sent[1], Play) and sent[1] not in sent[2][1]
        t.message = Text(t.card_refusal(reason) if card else f"Not allowed: {pretty(reason)}", style="bold")
        t.refresh_view()

    def _decided(self, seq: int, action: Any, decided_in: Any) -> None:
        """This seat's ``action`` was applied by the host: kept for the review with what
        it was decided from (``decided_in``: the view, the legal actions, the hand,
        whether "play for me" made it and the expert's search it made it by)."""
        view, legal, hand_no, auto, search = decided_in
        seed = f"remote/review/{hand_no}/{seq}"  # (the game's seed stays at the host: it would tell the deal)
        # (``legal`` as the news gave it: a pass's or burial's choices stay the engine's lazy sequence)
        decision = Decision(seq, view.seat, view, legal, action, seed, auto=auto, auto_search=search)
        self._keep_decision(hand_no, decision, own=True)

    def _decided_before(self, msg: Any) -> None:
        """A decision of this seat's earlier in the hand, as the host took it (sent after
        the welcome): kept for the review where this terminal has not its own (``auto``:
        made by "play for me"; ``stood_in``: a bot's move for the person while away, which
        the review names as such and does not review)."""
        from ..remote import protocol as p

        if self.variant is None:
            return
        try:
            view, legal = msg.view.view(self.variant), p.legal_of(msg)
        except (ValueError, TypeError):  # (a decision not read is one the review leaves out)
            return
        seed = f"remote/review/{msg.hand_no}/{msg.seq}"
        # (the expert's search "play for me" made it by, sent up with it and kept at the host)
        search = msg.search.kept(msg.action) if msg.auto and msg.search is not None else None
        decision = Decision(msg.seq, view.seat, view, legal, msg.action, seed, auto=msg.auto, auto_search=search)
        if msg.stood_in:
            self.stood_in.setdefault(msg.hand_no, {})[msg.seq] = decision
            return
        self._keep_decision(msg.hand_no, decision)

    def _keep_decision(self, hand_no: int, decision: Decision, own: bool = False) -> None:
        """``decision`` kept for hand ``hand_no``'s review, in the game's order, once (``own``:
        made at this terminal, it takes the place of the host's word on it: the expert's
        search "play for me" made it by is whole here, the host keeps only what the review
        reads of it, `protocol.WireSearch`)."""
        kept = self.decisions.setdefault(hand_no, [])
        same = [k for k, d in enumerate(kept) if d.index == decision.index]
        if same and not own:
            return
        for k in reversed(same):
            del kept[k]
        kept.append(decision)
        kept.sort(key=lambda d: d.index)

    # ------------------------------------------------------------------ the table's loop
    def advance(self) -> None:
        """What comes next at this seat (the host moves everything else): the hand's
        result once it is over, after the last trick has stood for the trick delay as
        every trick does; a forced card played by itself where the settings say so."""
        news = self.news
        if not self.live or news is None:
            return
        t = self.table
        if news.to_act is None:
            result = news.view.result
            delay = self.papp.trick_delay if result is not None and result.kind == "played" else 0
            if delay > 0 and not self._result_up() and self.went_on != news.hand_no:
                t._hold_until = time.monotonic() + delay
                t.set_timer(delay, self.ensure_result)
            else:
                self.ensure_result()
            return
        if self.papp.settings.auto_play_forced:
            self._play_forced()

    def _play_forced(self) -> None:
        """The setting "auto-play a forced card": this seat's only legal card is sent after
        the bot delay, once at each point of the hand (as `TurnLoop._play_forced`)."""
        news = self.news
        t = self.table
        if news is None or not t.my_turn() or news.meld_pause or self.sent is not None:
            return
        legal = news.legal
        if news.view.phase is not Phase.TRICKS or len(legal) != 1 or not isinstance(legal[0], Play):
            return
        key = news.key

        def play() -> None:
            if self.live and self.news is not None and self.news.key == key and t.my_turn():
                self.human_act(legal[0])

        t.set_timer(max(self.papp.bot_delay, 0.01), play)

    def hand_over(self) -> bool:
        return self.news is not None and self.news.view.phase is Phase.DONE

    def deal_now(self) -> bool:
        """(The host deals: this seat's Enter at a finished hand opens its result.)"""
        return False

    def lead_now(self) -> bool:
        """(Only the host ends the others' looks at everyone's meld.)"""
        return False

    def _result_up(self) -> bool:
        rs = self.table._result_screen
        if rs is not None and rs.closing:
            return True
        from .dialogs import GameOverScreen, HandResultScreen

        return any(isinstance(s, (HandResultScreen, GameOverScreen)) for s in self.app.screen_stack)

    def ensure_result(self, asked: bool = False) -> bool:
        """Show the hand's result when the hand is over, its outcome came and this seat has
        not gone on from it yet (idempotent, as `TurnLoop.ensure_result`; ``asked``: opened
        by the player's key)."""
        t = self.table
        news = self.news
        if not self.live or news is None or not self.hand_over() or self.outcome is None:
            return False
        if self.went_on == news.hand_no and not self.outcome.game_over:
            return False  # gone on already: the next hand comes when everyone has
        if self._result_up():
            return True
        from .dialogs import HandResultScreen

        # (the review is of the hand this result shows, whatever the host deals meanwhile)
        screen = HandResultScreen(
            self.outcome, on_done=self.after_result, review=lambda: self.make_review(news), asked=asked
        )
        t._result_screen = screen
        t._result_open = True
        self.papp.push_screen(screen)
        return True

    def after_result(self, screen: Any = None) -> None:
        """The result was closed: game over shows the game's end; else the host is told
        this seat is ready for the next hand."""
        t = self.table
        if not self.live or (screen is not None and screen is not t._result_screen):
            return
        t._result_screen = None
        t._result_open = False
        if screen is not None:  # for r during the next hand
            t.last_review = screen.kept_review()
        news = self.news
        if news is None or not self.hand_over():
            return
        outcome = self.outcome
        if outcome is not None and outcome.game is not None:
            from .dialogs import GameOverScreen

            t.show_game_over(GameOverScreen(outcome.game), screen)
            return
        self.went_on = news.hand_no
        if self.live:
            self.table.message = Text("Ready: the next hand is dealt when everyone is.", style="italic")
            self.table.refresh_view()
        self.ready()

    def ready(self) -> None:
        """Tell the host this seat goes on (after a hand's result, after everyone's meld)."""
        from ..remote.protocol import Ready

        if self.news is not None:
            self.send(Ready(seq=max(self.seq, 0)), self._not_sent)

    def ack_meld(self) -> None:
        """Everyone's meld was looked at: the host is told, and its news goes on."""
        self.ready()

    def after_change(self, keep_message: bool = False) -> None:
        if not self.live:
            return
        if not keep_message:
            self.table.message = ""
        self.table.refresh_view()
        self.advance()

    def human_act(self, action: Any, auto: bool = False, search: Any = None) -> None:
        """A key's action: sent to the host, which applies it (or refuses it, in the
        engine's words); one at a time, until its news comes (``auto``: made for the
        person by "play for me", as the review says; ``search``: the expert's search it was
        made by, `Decision.auto_search`)."""
        t = self.table
        news = self.news
        if not self.live or news is None or not t.my_turn() or self.sent is not None:
            return
        self.sent = (self.seq, action, (news.view, news.legal, news.hand_no, auto, search))
        t.note = self.table_line()
        from ..remote.protocol import Act, WireSearch

        # (the expert's search with it, kept at the host for this seat's review after a rejoin)
        made_by = WireSearch.of(search, action) if auto else None
        self.send(Act(seq=max(self.seq, 0), action=action, auto=auto, search=made_by), self._not_sent)

    def _not_sent(self) -> None:
        """A message could not go (no connection now): the seat decides again once the
        host's news is back."""
        self.sent = None
        if self.live:
            why = status_line(self.conn.status) if self.conn.closed else ""
            said = Text(
                f"Not sent: {why}" if why else "Not sent: the connection to the host is down; try again.", style="bold"
            )
            self.table.message = self._not_sent_line = said
            self.table.refresh_view()

    # helpers: "play this for me" and the hint, from this seat's own view
    def helper(self) -> Any:
        if self._helper is None:
            self._helper = make_bot(default_level())
        return self._helper

    def hint_bot(self) -> Any:
        """The hint's bot, as at a table of this terminal's own (`Controller.hint_bot`):
        the expert when the player's own settings seat one (an expert among their last new
        game's seats), with their think budget, its search over deals drawn from this seat's
        view alone (the `SeatView` the host sent: it cannot see more); else the standard bot."""
        if "expert" not in bots.LEVELS or not expert_in(self.papp.settings):
            return self.helper()
        if self._hint is None:
            self._hint = make_bot("expert", self.papp.settings.game_think)
            self._hint.explain_bids = True  # a bid's chance of making it, over sampled deals
        return self._hint

    def helper_move(self, then: Callable[[Any], None], bot: Any = None) -> None:
        """``then(action)`` with the action ``bot`` (default: the standard bot) picks from
        this seat's view and legal actions, in a worker thread."""
        t = self.table
        news = self.news
        if not self.live or news is None or not t.my_turn() or self.sent is not None or not news.legal:
            return  # (nothing offered: no helper thinks, `facts_from_news`)
        state = news.key
        seat = news.viewer
        view, legal = news.view, news.legal  # (a pass's choices: the engine's lazy sequence, as the bots take it)
        ask = self.ask_helper(state)
        # (the expert searches on the worker pool, leaving this process a core for its frames)
        bot = _leave_a_core(self.helper() if bot is None else bot)
        if bot.name == "expert" and not self._pool_asked:
            self._pool_asked = True
            _start_the_pool()
        rng = random.Random(f"remote/helper/{news.hand_no}/{self.seq}/{seat}")

        def work() -> None:
            try:
                action = bot.act(view, legal, rng)
                if action not in legal:
                    action = legal[0]
            except Exception:  # a bot bug must not end the game
                action = legal[0]
            with contextlib.suppress(Exception):  # the app may be closing
                t.post_message(Decided(state, seat or 0, action, None, then, ask))

        t.run_worker(work, thread=True, group="helper", exit_on_error=False)

    def decided(self, msg: Decided) -> None:
        """A helper's decision on the app's thread: used once if the table still waits on
        it for the very news it was made from, else dropped.  One that comes while a
        question is open over the table (the quit dialog) waits for its answer
        (`wait_for_answer`): "play for me" sent its move under the question."""
        if self.wait_for_answer(lambda: self.decided(msg)):
            return
        t = self.table
        news = self.news
        if (
            not self.live
            or not self.waits_on("helper", msg.state)
            or news is None
            or news.key != msg.state
            or self.called_off(msg)  # (at the same news)
        ):
            if self.live and self.waiting is None:
                t.refresh_view()  # (cancelled: drawn as the player's again)
            if self.waiting is not None and news is not None and news.key != self.waiting[1]:
                self.waiting = None  # (news came meanwhile: the helper's answer is stale)
                t.busy = False
                t.refresh_view()
            return
        self.waiting = None
        t.busy = False
        if msg.then is not None:
            msg.then(msg.action)

    def waits_on(self, kind: str, state: Any) -> bool:
        w = self.waiting
        return w is not None and w[0] == kind and w[1] == state

    # ------------------------------------------------------------------ the review
    def make_review(self, news: SeatNews | None = None) -> Any:
        """The review of ``news``'s hand (default: the last news's), over this seat's
        decisions the host took (the views it was sent: `review.Review.of_seat`), its seat
        and names as that news gave them.  A result screen asks for its own hand's: the
        host may have dealt the next one meanwhile."""
        from ..review import Review

        news = self.news if news is None else news
        hand_no = news.hand_no if news is not None else 0
        seat = news.viewer if news is not None and news.viewer is not None else 0
        names = list(news.names) if news is not None else []
        away = sorted(self.stood_in.get(hand_no, {}).values(), key=lambda d: d.index)
        return Review.of_seat(self.variant, names, seat, hand_no, self.decisions.get(hand_no, []), away=away)


__all__ = ["RemoteLoop"]
