"""Who moves next at the table: bot moves thought in a worker thread from the moment the
bot's turn comes and shown no sooner than the bot delay after it (a timer), the opaque
hand-off between human seats, the trick pause and the hand result.  `TurnLoop` is a part
the table screen holds (``TableScreen.turns``), not a base of it: it paces the game and
asks the controller; the screen draws (DESIGN.md "Bot pacing uses set_timer").

A decision made in a worker thread (a bot's move, "play this for me", a hint) comes back
as a `Decided` message, and only the main thread applies it, once.  The message carries
the round it was decided for, and it is dropped when that is no longer the round the
table waits on: the move was taken back, a new hand or game began, the helper was
cancelled (Esc), or the table is closing.

While a question is open over the table (the quit dialog: ``pauses_the_table``) the
game waits for its answer: no bot starts thinking and no decision is applied (a search
already running finishes, and its move waits), and each of them goes on, in order, when
the question closes and the player stays (`TurnLoop.go_on`)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.message import Message

from rules import IllegalAction, PassBid, Phase, Play

from ..host import Host
from ..render import pretty, sentence
from ..table.news import names_and, news_key, waited_away


class Decided(Message):
    """A worker's decision for the table: ``action`` for ``seat`` in ``state`` (the round
    it was decided for); ``problem`` says what was wrong with the bot's own pick when the
    action is a legal replacement; ``then`` a helper's use of it ("play for me" plays it,
    a hint shows it), None for a bot's move, which the table applies; ``ask`` the helper's
    request it answers (`helper_move`), so that a request called off (Esc) is told from the
    next one at the same decision: the hint called off answered first and opened its box
    for the "play for me" asked after it."""

    def __init__(
        self,
        state: Any,
        seat: int,
        action: Any,
        problem: str | None,
        then: Callable[[Any], None] | None = None,
        ask: object = None,
    ) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.action = action
        self.problem = problem
        self.then = then
        self.ask = ask


class WaitsForAnswers:
    """What waits for a question open over the table (``pauses_the_table``: the quit
    dialog, an "are you sure?") to be answered: a game loop's `held` steps, kept by
    `wait_for_answer` and run by `go_on` when the question closes and the player stays
    (the table's own game loop and a joined seat's alike: a joined seat's "play for me"
    that came back under its quit question was sent at once).  The loop has ``table``."""

    table: Any
    held: list[Callable[[], None]]

    def paused(self) -> bool:
        """A question is open over the table (``pauses_the_table``: the quit dialog, an "are
        you sure?"): the game waits for its answer."""
        return any(getattr(s, "pauses_the_table", False) for s in self.table.app.screen_stack)

    def wait_for_answer(self, go_on: Callable[[], None]) -> bool:
        """While `paused`: ``go_on`` is kept for when the question closes (True), else
        nothing (False: the caller goes on now).  What is kept checks again, when it runs,
        that the round it was for is still the table's."""
        if not self.paused():
            return False
        self.held.append(go_on)
        return True

    def go_on(self) -> None:
        """The question over the table closed and the player stays: what waited for the
        answer goes on, in the order it came (each a bot's turn to start or a decision to
        apply, as it would have been).  A hosted table's people at other terminals were
        not paused: a move of theirs was applied meanwhile, and a bot's turn kept for an
        older round finds the round gone and does nothing.  The player who quits leaves
        the table, and nothing held runs."""
        if not self.table.live or self.paused():
            return
        held, self.held = self.held, []
        for step in held:
            step()


class AsksHelpers:
    """A game loop's requests to the helper ("play this for me", a hint) while it thinks in
    a worker (`TurnLoop` and a joined seat's loop alike): the table waits on a ``("helper",
    ...)`` decision and shows itself busy, and each request has its own token (``ask``),
    which its `Decided` carries back (`Decided.ask` says why).  The loop has ``table`` and
    ``waiting``."""

    table: Any
    waiting: tuple[str, Any] | None
    ask: object = None  # the helper's request waited on (`Decided.ask`)

    def ask_helper(self, state: Any) -> object:
        """The table waits on a helper's decision in ``state`` (drawn busy): the new
        request's token, for its `Decided`."""
        self.waiting = ("helper", state)
        self.ask = ask = object()
        self.table.busy = True
        self.table.refresh_view()
        return ask

    def called_off(self, msg: Decided) -> bool:
        """``msg`` answers a request no longer waited on (Esc, and maybe another asked since)."""
        return msg.ask is not self.ask

    def cancel(self) -> bool:
        """Esc while a hint or "play for me" thinks: its answer is dropped when it comes."""
        if self.waiting is None or self.waiting[0] != "helper":
            return False
        self.waiting = None
        return True


class TurnLoop(AsksHelpers, WaitsForAnswers):
    """The table's game loop.  Every way in from outside a key (a timer, a worker's
    message, a closing dialog's callback) asks whether the table is `live` first: a
    callback that lands on a table which began to close (the app quitting, a new game
    replacing it) does nothing."""

    def __init__(self, table: Any) -> None:
        self.table = table  # the `table.TableScreen` it paces (which imports this module)
        # what the table waits on from a worker: ("bot" | "helper", the round it decides);
        # a `Decided` for anything else is stale and dropped
        self.waiting: tuple[str, Any] | None = None
        # (the round a bot acts in, the `time.monotonic` its turn came, the pause then: the
        # bot delay, or the trick delay after a trick): its move is not shown before the
        # pause is over, the pause as it is now if it was shortened meanwhile (a setting)
        self.bot_due: tuple[Any, float, float] = (None, 0.0, 0.0)
        self.early: Decided | None = None  # a bot's move made before its pause was over
        self.pool_asked = False
        self.forced_played: set[tuple[int, int]] = set()  # (hand, move) auto-played once
        self._went_on_at = 0.0  # when the host went on from a result others had not (`deal_now`)
        self._looked_at = 0.0  # when the host went on from everyone's meld (`lead_now`)
        self._core: Any = None  # (`core`)
        # hot-seat: each person's last look at their hand, (hand number, tricks won then),
        # for the hand-off to tell what was played since (`panels.tricks.news_since`)
        self.looked: dict[int, tuple[int, int]] = {}
        # what waits for the question open over the table to be answered (`wait_for_answer`)
        self.held: list[Callable[[], None]] = []

    @property
    def papp(self) -> Host:
        return self.table.app  # type: ignore[return-value]

    @property
    def core(self) -> Any:
        """A hosted table's authority over the seats at other terminals
        (`remote.host_core.HostCore`, the app's ``host_core`` for this game), whose
        decisions this loop applies as a local person's; None at a table of this terminal
        alone.  A hosted game resumed from its save (``pinochle --resume``, the new-game
        screen) is hosted again, with its codes, on the default address and port."""
        if self._core is not None:
            return self._core
        c = self.table.ctrl
        app: Any = self.papp
        core = getattr(app, "host_core", None)
        if (core is None or core.ctrl is not c) and c.remote_codes:
            from ..remote.hosting import host_again

            core = host_again(app, c)
        if core is None or core.ctrl is not c:
            return None
        core.driver = TableDriver(self)
        core.listeners.append(self.seats_changed)
        core.notices.append(self.host_notice)
        self._core = core
        return core

    # ------------------------------------------------------------------ what the table asks
    # (`remote_loop.RemoteLoop` answers the same, from the host's news: the table asks its
    # loop and never which loop it holds)
    @property
    def variant(self) -> Any:
        return self.table.ctrl.variant

    def state_now(self) -> Any:
        """The round now: a later change is another round (`same_state`)."""
        return self.table.ctrl.round

    def same_state(self, state: Any) -> bool:
        return self.table.ctrl.round is state

    def refusal(self, action: Any) -> str | None:
        """Why the engine refuses ``action`` now, in its words (None: legal)."""
        return self.table.ctrl.refusal(action)  # type: ignore[no-any-return]

    host_judges = False  # a choice not allowed is said here, in the engine's words (`refusal`)

    def viewer(self) -> int | None:
        """The seat whose cards the table shows: the one person's, in hot-seat the one the
        hand-off revealed (None between players, and while the one person sits the deal
        out); a host with no seat of its own shows nobody's hand."""
        c = self.table.ctrl
        seats, here = c.humans
        if here >= 2:  # hot-seat (one of them may sit this deal out)
            return self.table.revealed  # type: ignore[no-any-return]
        if seats:
            return seats[0]  # type: ignore[no-any-return]
        if c.remote:  # a host with no seat of its own: nobody's hand is shown here
            return None
        return None if here else 0  # the one human sits this deal out (§0.4.16): no hand is shown

    def facts_stale(self, f: Any) -> bool:
        """``f`` (the table's facts drawn last) no longer says the game now."""
        t = self.table
        return f is None or f.key != news_key(t.ctrl, self.viewer()) or f.busy != t.busy

    def make_facts(self, width: int) -> Any:
        """The viewer's facts (`table.build.seat_facts`): the one read of the controller per change."""
        from ..table.build import seat_facts

        t = self.table
        return seat_facts(
            t.ctrl,
            self.viewer(),
            busy=t.busy,
            handoff=t._handoff_open,
            show_melds=t.show_melds,
            board_width=width,
            message=t.message or t.note,
            before=t.facts,
        )

    def first_note(self) -> Any:
        """The line under the prompt at the table's first draw: the table's own."""
        return self.table.note

    def hosted(self) -> bool:
        """People at other terminals play at this game (a move from or to them stands)."""
        return bool(self.table.ctrl.remote)

    def hand_over(self) -> bool:
        return self.table.ctrl.round.phase is Phase.DONE  # type: ignore[no-any-return]

    def go_on_from_meld(self) -> None:
        """Enter at everyone's meld: the viewer has looked at it, the game goes on."""
        t = self.table
        c = t.ctrl
        if c.needs_meld_ack:
            if c.hotseat and not c.remote and t.viewer() is None:
                c.ack_meld_together()  # (the look with no hand shown, `advance`)
            else:
                c.ack_meld(t.viewer())
            self._looked_at = time.monotonic()
            t.show_melds = False
            t.refresh_view()
            self.advance()
            if self.core is not None:  # a lead at another terminal held by this look is offered
                self.core.publish()

    def hint_bot(self) -> Any:
        return self.table.ctrl.hint_bot()

    def describe(self, action: Any) -> str:
        """``action`` in words, as the log says it (for a hint with no words of its own)."""
        from ..render import describe

        c = self.table.ctrl
        return describe(c, c.to_act or 0, action, c.round, c.round)

    def note_hint(self, action: Any, deals: int, why: Any, odds: Any) -> None:
        """The expert's hint, kept so the review reports a move made as it said, or
        against it, by the hint's own search (`Controller.note_hint`); saved at once, so a
        game quit before the move still has it when resumed."""
        self.table.ctrl.note_hint(action, deals, why, odds)
        self.papp.save_now(self.table.ctrl)

    def undo(self) -> bool:
        """Take back the viewer's last move (and the bots' replies), a card taken back with
        the cursor on it again (kept by card, the cursor had moved on to the next card as
        it left the hand: Enter after an undo played another card); False: nothing to."""
        t = self.table
        made = t.ctrl.actions
        if not t.ctrl.undo():
            return False
        back = made[len(t.ctrl.actions)]
        if isinstance(back, Play):
            t.cursor_on(back)
        return True

    def tricks_screen(self) -> Any:
        """The tricks of this hand, the last at the bottom (`TricksScreen`), with the cards
        the viewer put down unseen (a burial); None before any."""
        from .dialogs import TricksScreen, hidden_cards_text

        t = self.table
        if not t.ctrl.round.tricks and not hidden_cards_text(t.ctrl, t.viewer()).plain:
            return None
        return TricksScreen(t.ctrl, t.viewer())

    def leave(self) -> None:
        """The table is gone: nothing to tell anyone (the game is saved)."""

    # ------------------------------------------------------------------ the game loop
    def advance(self) -> None:
        """Start whatever comes next: a bot move, a hand-off, the hand result."""
        t = self.table
        if not t.live:
            return
        c = t.ctrl
        if not self.pool_asked:  # (asked once: the seats are known when the table opens)
            self.pool_asked = True
            if any([s.level == "expert" for s in c.seats]):
                t.call_after_refresh(_start_the_pool)  # after the table's frame
        if c.round.phase is Phase.DONE:
            result = c.round.result
            delay = self.papp.trick_delay if result is not None and result.kind == "played" else 0
            if delay > 0 and not self._result_up():
                # the last trick stays on the table for the trick delay, like every other trick
                t._hold_until = time.monotonic() + delay
                t.set_timer(delay, self.ensure_result)
            else:
                self.ensure_result()
            return
        seat = c.to_act
        pause = c.meld_pause_seat if c.hotseat else None
        if pause is not None and pause != seat:
            # everyone's meld, before any card is played, for a human not to act
            if not c.remote:
                # at one keyboard the people look at it together, no hand shown, and one
                # Enter goes on for all (`go_on_from_meld`)
                if t.revealed is not None:
                    t.revealed = None
                    t.refresh_view()
                return
            # a hosted table: handed to that person, who goes on with Enter (`ack_meld`)
            seat = pause
        core = self.core
        if core is not None:
            if core.serving is None:  # the first step: listen (the line under the prompt says how to join)
                from ..remote.server import serve_in_background

                serve_in_background(core)
                self.seats_changed()
            if not core.started:  # the table waits at the deal for the seats at other terminals
                self.seats_changed()
                return
            self.seats_changed(quiet=True)  # (the prompt may name another person away now)
        if c.remote_seat(seat) and c.is_human(seat):
            return  # its person decides at another terminal: the host's server brings it (`remote_act`)
        if c.is_human(seat):
            if t.revealed == seat:  # (on at their own turn again: what they see is seen)
                self._looks(seat)
            if c.hotseat and t.revealed != seat and not t._handoff_open:
                t.revealed = None
                t._handoff_open = True
                t.refresh_view()
                from ..panels.base import handed_for
                from ..panels.tricks import news_since
                from .dialogs import HandOffScreen  # the dialogs load when first shown

                view, names = c.view(seat), t.now().names
                looked = self.looked.get(seat)  # (hand, tricks won) at this person's last look
                news = news_since(view, names, looked[1] if looked and looked[0] == c.hand_no else None)
                why = handed_for(view, names, meld_look=seat != c.to_act, may_pass=PassBid() in c.legal())
                self.papp.push_screen(
                    HandOffScreen(c.seats[seat or 0].name, len(c.seats), news, why),
                    callback=lambda _: self.reveal(seat),
                )
            elif not t._handoff_open and self.papp.settings.auto_play_forced:
                self._play_forced()
            return
        if c.needs_meld_ack or (core is not None and core.holds_bots()):
            return
        if c.hotseat and t.revealed is not None and not t._handoff_open:
            # a bot's turn at one keyboard: the hand of the person who just moved is put away,
            # as a child hands the keyboard on at once (the next person's hand-off shows it)
            t.revealed = None
            t.refresh_view()
        state = c.round
        if self.bot_due[0] is not state:
            # the bot thinks during the pause, and its move is shown once both are over: a
            # bot that searches a second (the expert) is not paused a bot delay on top
            self.bot_due = (state, time.monotonic(), self._pause())
        self.run_bot(state)

    def _pause(self) -> float:
        """The pause before a bot's move is shown: the bot delay, or after a trick the
        trick delay where it is longer."""
        delay = self.papp.bot_delay
        if self.table.ctrl.trick_just_won:
            delay = max(delay, self.papp.trick_delay)
        return float(delay)

    def _play_forced(self) -> None:
        """The setting "auto-play a forced card": the only legal card is played after the bot
        delay, once at each point of the hand (a card taken back with undo waits for its key)."""
        t = self.table
        c = t.ctrl
        legal = c.legal()
        at = (c.hand_no, len(c.actions))
        if (
            c.needs_meld_ack
            or c.meld_holds_lead()
            or len(legal) != 1
            or not isinstance(legal[0], Play)
            or at in self.forced_played
        ):
            return
        state = c.round

        def play() -> None:
            if self.wait_for_answer(play):
                return
            if t.live and c.round is state and t.my_turn():
                self.forced_played.add(at)
                self.human_act(legal[0])

        t.set_timer(max(self.papp.bot_delay, 0.01), play)

    def _result_up(self) -> bool:
        """A hand-result or game-over screen is showing (or being closed right now)."""
        rs = self.table._result_screen
        if rs is not None and rs.closing:
            return True
        from .dialogs import GameOverScreen, HandResultScreen

        return any(isinstance(s, (HandResultScreen, GameOverScreen)) for s in self.table.app.screen_stack)

    def ensure_result(self, asked: bool = False) -> bool:
        """Show the hand result when the hand is over and it is not up yet (idempotent).

        Called after every change, when the table is back on top (a dialog closed, a lost
        result screen) and on Enter/Space/a at a finished hand (``asked``: the player's key
        opens it, `HandResultScreen.UNASKED_PAUSE`), so no race between a trick
        pause, a worker and a key can leave the table stuck at "The hand is over."."""
        t = self.table
        c = t.ctrl
        if not t.live or c.round.phase is not Phase.DONE:
            return False
        if self._result_up():
            return True
        if self.went_on():
            # the host went on from this result and the next hand waits for the people at
            # other terminals (the line under the prompt says whom for): put up again as the
            # table came back on top, the result seemed to ignore Enter, and a deal
            # meanwhile stranded it over the next hand
            return False
        if t.app.screen is not t:
            # a view over the table (the meld ``m``, the tricks, the help) opened as the hand
            # ended stays until closed, and the result comes when the table is back on top
            # (`TableScreen.on_screen_resume`): pushed over it, the old hand's view showed
            # again over the next hand when the result closed
            return True
        from .dialogs import HandResultScreen

        screen = HandResultScreen(c, on_done=self.after_result, asked=asked)
        t._result_screen = screen
        t._result_open = True
        self.papp.push_screen(screen)
        return True

    def reveal(self, seat: int | None) -> None:
        """The hand-off was answered: ``seat``'s hand shows."""
        t = self.table
        if not t.live:
            return
        t._handoff_open = False
        t.revealed = seat
        if seat is not None:
            self._looks(seat)
        t.refresh_view()
        self.advance()

    def _looks(self, seat: int) -> None:
        """``seat``'s person sees the table now: the hand-off's news starts after this."""
        c = self.table.ctrl
        self.looked[seat] = (c.hand_no, len(c.round.tricks))

    def run_bot(self, state: Any) -> None:
        """Ask the bot to act in ``state`` in a worker thread (once: a second call for the
        same round finds its worker started); its decision comes back as `Decided`, which
        waits until ``bot_due`` to be applied; called again with that move made and
        waiting, the move is applied if its pause is over now (the setting shortened)."""
        t = self.table
        c = t.ctrl
        if not t.live or c.round is not state or c.round.phase is Phase.DONE or c.is_human(c.to_act):
            return
        if self.waits_on("bot", state):
            early = self.early
            if early is not None and early.state is state:
                self.decided(early)
            return  # (its worker runs already)
        if self.wait_for_answer(lambda: self.run_bot(state)):
            return  # (no search starts behind a question)
        self.waiting = ("bot", state)
        seat = state.to_act
        bot = _leave_a_core(c.bot_for(seat))

        def work() -> None:
            action, problem = c.choose(state, seat, bot)
            with contextlib.suppress(Exception):  # the app may be closing
                t.post_message(Decided(state, seat, action, problem))

        t.run_worker(work, thread=True, group="bot", exit_on_error=False)

    def decided(self, msg: Decided) -> None:
        """A worker's decision on the main thread: applied once if the table still waits on
        that very round, else dropped.  One that comes while a question is open over the
        table waits for its answer (`wait_for_answer`)."""
        if self.wait_for_answer(lambda: self.decided(msg)):
            return
        t = self.table
        c = t.ctrl
        kind = "bot" if msg.then is None else "helper"
        stale = kind == "bot" and c.is_human(msg.seat)  # (the person came back while it thought)
        called_off = kind == "helper" and self.called_off(msg)
        if not t.live or not self.waits_on(kind, msg.state) or c.round is not msg.state or stale or called_off:
            if stale and self.waits_on(kind, msg.state):
                self.waiting = None
                self.advance()
            if kind == "helper" and t.live and self.waiting is None:
                t.refresh_view()  # (cancelled: drawn as the player's again)
            return
        if msg.then is None:
            due, begun, pause = self.bot_due
            early = begun + min(pause, self._pause()) - time.monotonic() if due is msg.state else 0.0
            if early > 0.001:  # thought faster than the pause: shown when it is over
                self.early = msg
                t.set_timer(early, lambda: self.decided(msg))
                return
            self.early = None
        self.waiting = None
        if msg.then is not None:
            t.busy = False
            msg.then(msg.action)
            return
        name = c.seats[msg.seat].name
        problem = msg.problem
        try:
            c.apply(msg.action)
        except IllegalAction as exc:  # the engine has the last word
            problem = f"the bot's move was refused ({exc})"
            c.apply(c.legal()[0])
        if problem:
            note = f"{name}: {problem}; a legal move was made instead."
            c.add_event(note, len(c.actions) - 1)
            t.note = Text(note, style="bold")
            t.notify(note, severity="warning", markup=False)
        self.after_change()

    def waits_on(self, kind: str, state: Any) -> bool:
        """The table waits on a ``kind`` ("bot" or "helper") decision for this very round."""
        w = self.waiting
        return w is not None and w[0] == kind and w[1] is state

    def after_change(self, keep_message: bool = False) -> None:
        t = self.table
        if not keep_message:
            t.message = ""
        c = t.ctrl
        self.papp.save_now(c)
        if self.core is not None:
            self.core.publish()
        # with no bot pacing, bots' moves in a row are drawn once, when they stop; not
        # where the next to move is the expert, whose every move takes its think time:
        # the table (and the move just made) stood still until the bots stopped, 18 s
        # after a pass at three experts' table
        quick = (
            self.papp.bot_delay == 0
            and c.round.phase is not Phase.DONE
            and not c.is_human(c.to_act)
            and not c.needs_meld_ack
            and not (c.trick_just_won and self.papp.trick_delay > 0)
            and (c.to_act is None or c.seats[c.to_act].level != "expert")
        )
        try:
            if not quick:
                t.refresh_view()
        finally:  # a drawing problem must never stop the game (nor hide the hand result)
            self.advance()

    def after_result(self, screen: Any = None) -> None:
        t = self.table
        if not t.live:
            return
        if screen is not None and screen is not t._result_screen:
            return  # an old result screen, already handled
        t._result_screen = None
        t._result_open = False
        c = t.ctrl
        if c.round.phase is not Phase.DONE:
            return
        if screen is not None:  # (made before the next deal takes the hand's decisions away)
            t.last_review = screen.kept_review()
        if c.game.over:
            from .dialogs import GameOverScreen

            t.show_game_over(GameOverScreen(c), screen)
            return
        core = self.core
        if core is not None and not core.local_ready:
            core.local_ready = True
            if not core.all_ready():  # the people at other terminals go on too (Enter
                self._went_on_at = time.monotonic()  # again deals without them: `deal_now`)
                self.seats_changed()
                core.publish()  # (those gone on are told whom the deal still waits for)
                return
        self.deal_next()

    def went_on(self) -> bool:
        """The host's people went on from the finished hand's result and the next hand
        waits for people at other terminals (`HostCore.local_ready`)."""
        core = self.core
        c = self.table.ctrl
        return core is not None and core.local_ready and c.round.phase is Phase.DONE and not c.game.over

    def deal_now(self) -> bool:
        """Enter at the finished hand the host went on from while people at other
        terminals have not: the next hand is dealt without them (the line under the prompt
        offers it: `seats_changed`); False (nothing done) otherwise.  Not within
        `KeyPause.KEY_PAUSE` of going on: a double Enter at the result did not wait for
        anyone."""
        from ..widgets import KeyPause

        if not self.table.live or not self.went_on():
            return False
        if time.monotonic() - self._went_on_at >= KeyPause.KEY_PAUSE:
            self.deal_next()
        return True

    def lead_now(self) -> bool:
        """Enter at the host's terminal while only people at other terminals still look at
        everyone's meld, holding the first lead (the prompt offers it: `news.meld_waits`):
        their looks end, and the game goes on without them, as "Enter again: deal now"
        does at the hand's result; False (nothing done) otherwise.  Not within
        `KeyPause.KEY_PAUSE` of the host's own Enter at the meld: a double Enter there did
        not wait for anyone."""
        from ..widgets import KeyPause

        core = self.core
        if core is None or not self.table.live:
            return False
        c = self.table.ctrl
        held = c.meld_holds_lead()
        if not held or not all(c.remote_seat(s) for s in held):
            return False
        if time.monotonic() - self._looked_at >= KeyPause.KEY_PAUSE:
            core.end_looks()
        return True

    def deal_next(self) -> None:
        """Deal the next hand (everyone went on from the last one's result)."""
        t = self.table
        c = t.ctrl
        if not t.live or c.round.phase is not Phase.DONE or c.game.over:
            return
        rs = t._result_screen  # (a host with no seat of its own: its result screen goes too)
        if rs is not None and not rs.closing:
            t._result_screen = None
            t._result_open = False
            rs.withdraw()
        c.next_hand()
        if self.core is not None:
            self.core.dealt()
            self.seats_changed()  # (who the table waited for to go on is waited for no more)
        t.show_melds = False
        if c.hotseat:
            t.revealed = None  # nobody's new hand shows until their hand-off
        self.papp.save_now(c)
        t.refresh_view()
        self.advance()
        if self.core is not None:
            self.core.publish()

    def human_act(self, action: Any, auto: bool = False, search: Any = None) -> None:
        """The person's ``action`` applied (``auto``: made for them by "play for me",
        ``search`` the expert's search it was made by: `Controller.note_auto`)."""
        t = self.table
        if not t.my_turn():
            return
        if t.ctrl.meld_holds_lead():  # another person is still looking at everyone's meld:
            return  # the prompt says whom the lead waits for (no message to outlive it)
        try:
            t.ctrl.apply(action)
        except IllegalAction as exc:
            t.message = Text(f"Not allowed: {pretty(str(exc))}", style="bold")
            t.refresh_view()
            return
        if auto:
            t.ctrl.note_auto(search)
        t.show_melds = False
        t.note = ""
        self.after_change()

    # ------------------------------------------------------------------ a hosted table
    def remote_act(self, seat: int, action: Any, auto: bool = False, search: Any = None) -> None:
        """A decision from another terminal, checked by the host's core (its seat, its
        turn, the engine's rules): applied as a local person's is, once (``auto``: made
        by "play for me" there, on the expert's ``search`` it sent: `Controller.note_auto`)."""
        t = self.table
        if not t.live:
            return
        c = t.ctrl
        try:
            c.apply(action)
        except IllegalAction as exc:  # (the core checked it: the engine has the last word)
            t.note = Text(f"{c.seats[seat].name}: {pretty(str(exc))}", style="bold")
            t.refresh_view()
            return
        if auto:
            c.note_auto(search)
        t.show_melds = False
        self.after_change()

    def host_notice(self, line: str) -> None:
        """A line of the host's own log (a terminal of another version turned away), said
        over the table for a while; the game goes on."""
        with contextlib.suppress(Exception):  # (the app closing)
            self.table.app.notify(line, severity="warning", timeout=15, markup=False)

    def seats_changed(self, quiet: bool = False) -> None:
        """The seats at other terminals changed (someone joined, left, went on, a bot sat
        in): the line under the prompt says who the table waits for (``quiet``: the turn
        moved on, which changes whom the prompt names; drawn only if the line changed)."""
        t = self.table
        core = self.core
        if core is None or not t.live:
            return
        # (who the game waits for is the prompt's: `table.news.waits_line`; here how to join,
        # in one line under it, while a seat was never filled, and who else is away: the
        # prompt's "Waiting for Bob to reconnect (b: ...)" over "Bob is offline — waiting
        # (b: ...)" said it twice)
        c = t.ctrl
        named = {p for p, _verb in waited_away(c, c.round.to_act)} if c.round.phase is not Phase.DONE else set()
        waiting = [core.line(p) for p in core.codes if core.state_of(p) == "disconnected" and p not in named]
        join = self.join_line(self._prompt_width())
        if join:
            waiting.insert(0, join)
        if not waiting and c.round.phase is Phase.DONE and core.local_ready and not core.all_ready():
            slow = [core.name(p) for p in sorted(core.links) if p not in core.ready and p not in c.sat_in]
            waiting = [f"waiting for {names_and(slow)} to go on (Enter again: deal now)"]
        if core.problem:
            waiting.insert(0, core.problem)
        note = Text(sentence("; ".join(waiting)), style="bold") if waiting else ""  # a line of its own
        if str(note) != str(t.note):
            t.note = note
            t.message = ""  # (who the table waits for says more than the last key's complaint)
        elif quiet:
            return
        with contextlib.suppress(Exception):
            t.refresh_view()

    def _prompt_width(self) -> int:
        """The cells of the prompt's rows (the line under the prompt fits one of them)."""
        t = self.table
        with contextlib.suppress(Exception):
            width = int(t.query_one("#prompt").content_size.width)
            if width > 0:
                return width
        return max(int(t.app.size.width) - 2, 20)

    def join_line(self, width: int = 0) -> str:
        """While a seat at another terminal was never filled: the address and each such
        seat's code, in one line, and with ``--web`` the browser page's address (``w`` shows the
        whole lines to run), else ``""``.  Given a ``width``, the line fits in it (the row
        under the prompt, which says who the table waits for): the browser page goes first,
        then the codes that do not fit whole, said as ``…``."""
        core = self.core
        if core is None or core.serve_at is None:
            return ""
        unfilled = [p for p in core.codes if core.state_of(p) == "waiting"]
        if not unfilled:
            return ""
        from ..remote.hosting import shown_address

        codes = [f"{core.name(p)} {core.codes[p]}" for p in unfilled]
        address, port = core.serve_at
        line = f"Join {shown_address(address)}:{port} — {' · '.join(codes)}"
        browser = f" · browser http://{shown_address(address)}:{core.web_port}/" if core.web_port else ""
        if not width or len(line + browser) <= width:  # --web: the browser page too, in sight without ``w``
            return line + browser
        while len(line) > width and len(codes) > 1:
            codes.pop()
            line = f"Join {shown_address(address)}:{port} — {' · '.join(codes)} · …"
        return line

    def show_join_lines(self) -> None:
        """``w``: the lines to run at the other terminals (and the browser page's), in one
        panel over the table (`JoinLinesScreen`: ``w`` or Esc closes it)."""
        lines = list(getattr(self.papp, "host_lines", ()))
        if lines:
            from .dialogs import JoinLinesScreen

            self.papp.push_screen(JoinLinesScreen(lines))

    def seat_bots(self) -> None:
        """The host's ``b``: a bot plays for everyone away, until each is back."""
        if self.core is not None and self.core.seat_bot():
            self.advance()

    # helpers: "play this for me" and hint
    def helper_move(self, then: Callable[[Any], None], bot: Any = None) -> None:
        """``then(action)`` with the action ``bot`` (default: the controller's helper) picks."""
        t = self.table
        c = t.ctrl
        if not t.my_turn():
            return
        state = c.round
        seat = state.to_act
        ask = self.ask_helper(state)
        bot = _leave_a_core(c.helper() if bot is None else bot)

        def work() -> None:
            action, _problem = c.choose(state, seat, bot, tag="helper")
            with contextlib.suppress(Exception):  # the app may be closing
                t.post_message(Decided(state, seat, action, None, then, ask))

        t.run_worker(work, thread=True, group="helper", exit_on_error=False)


class TableDriver:
    """The host core's `Driver` at the host's table: its turn loop moves the game (bots on
    their timers and workers, saves, the hand result) as at any table."""

    def __init__(self, loop: TurnLoop) -> None:
        self.loop = loop

    def decide(self, seat: int, action: Any, auto: bool = False, search: Any = None) -> None:
        self.loop.remote_act(seat, action, auto, search)

    def changed(self) -> None:
        loop = self.loop
        if loop.table.live:
            loop.seats_changed()
            loop.advance()
            if loop.core is not None:
                loop.core.publish()

    def next_hand(self) -> None:
        loop = self.loop
        loop.deal_next()

    def seat_back(self, seat: int | None) -> None:
        loop = self.loop
        w = loop.waiting
        if w is not None and w[0] == "bot" and seat is not None and getattr(w[1], "to_act", None) == seat:
            loop.waiting = None  # the bot's decision for the seat is dropped when it comes


def _leave_a_core(bot: Any) -> Any:
    """``bot``, searching (the expert) on the worker pool for every budget and leaving this
    process a core (`bots.expert.ExpertBot` ``leave_cores``): the worker thread then only
    waits, and never holds the GIL the app's keys and frames need."""
    if getattr(bot, "leave_cores", None) == 0:
        bot.leave_cores = 1
    return bot


def _start_the_pool() -> None:
    """Start the expert's worker processes in the background (`bots.expert.start_pool`,
    which never waits for them), as `_leave_a_core`'s bots use them, so they are up by the
    first card an expert searches."""
    with contextlib.suppress(Exception):  # no pool: the expert searches in its thread
        from bots.expert import start_pool

        start_pool(leave_cores=1)
