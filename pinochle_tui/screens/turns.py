"""Who moves next at the table: bot moves on a timer and in a worker thread, the opaque
hand-off between human seats, the trick pause and the hand result.  A base of
`table.TableScreen`, which draws and turns keys into actions; this part only paces the
game and asks the controller (DESIGN.md "Bot pacing uses set_timer")."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from rich.text import Text
from textual.screen import Screen

from rules import IllegalAction, Phase, Play

from ..controller import Controller
from ..host import Host
from ..render import pretty
from ..widgets import LiveScreen, when_live


class TurnLoop(LiveScreen, Screen[None]):
    """The table's game loop; `TableScreen` provides the drawing (``refresh_view``) and
    who is looking (``my_turn``).

    Every way in from outside a key (a timer, a worker's result, a closing dialog's
    callback) is `when_live`, and `advance` and `ensure_result` test `live` too: a
    callback that lands on a table which began to close (the app quitting, a new game
    replacing it) does nothing."""

    ctrl: Controller
    gen: int  # bumps cancel pending bot moves
    busy: bool  # a "play for me"/hint worker is running
    revealed: int | None
    message: Text | str
    note: Text | str
    show_melds: bool
    _hold_until: float
    _result_open: bool
    _result_screen: Any
    _handoff_open: bool

    @property
    def papp(self) -> Host:
        return self.app  # type: ignore[return-value]

    def refresh_view(self) -> None:
        raise NotImplementedError

    def my_turn(self) -> bool:
        raise NotImplementedError

    # ------------------------------------------------------------------ the game loop
    def advance(self) -> None:
        """Start whatever comes next: a bot move, a hand-off, the hand result."""
        if not self.live:
            return
        c = self.ctrl
        self.gen += 1
        gen = self.gen
        if not self.__dict__.get("_pool_asked") and any(s.level == "expert" for s in c.seats):
            self.__dict__["_pool_asked"] = True
            self.call_after_refresh(_start_the_pool)  # after the table's frame
        if c.round.phase is Phase.DONE:
            result = c.round.result
            delay = self.papp.trick_delay if result is not None and result.kind == "played" else 0
            if delay > 0 and not self._result_up():
                # the last trick stays on the table for the trick delay, like every other trick
                self._hold_until = time.monotonic() + delay
                self.set_timer(delay, self.ensure_result)
            else:
                self.ensure_result()
            return
        seat = c.to_act
        pause = c.meld_pause_seat if c.hotseat else None
        if pause is not None and pause != seat:
            # everyone's meld for a human not to act, before any card is played:
            # handed to that person, who goes on with Enter (`ack_meld`)
            seat = pause
        if c.is_human(seat):
            if c.hotseat and self.revealed != seat and not self._handoff_open:
                self.revealed = None
                self._handoff_open = True
                self.refresh_view()
                from .dialogs import HandOffScreen  # the dialogs load when first shown

                self.papp.push_screen(
                    HandOffScreen(c.seats[seat or 0].name, len(c.seats)), callback=lambda _: self._reveal(seat)
                )
            elif not self._handoff_open and self.papp.settings.auto_play_forced:
                self._play_forced(gen)
            return
        if c.needs_meld_ack:
            return
        delay = self.papp.bot_delay
        if c.trick_just_won:
            delay = max(delay, self.papp.trick_delay)
        if delay > 0:
            self.set_timer(delay, lambda: self.run_bot(gen))
        else:
            self.run_bot(gen)

    def _play_forced(self, gen: int) -> None:
        """The setting "auto-play a forced card": the only legal card is played after the bot
        delay, once at each point of the hand (a card taken back with undo waits for its key)."""
        c = self.ctrl
        legal = c.legal()
        at = (c.hand_no, len(c.actions))
        played: set[tuple[int, int]] = self.__dict__.setdefault("_forced_played", set())  # (hand, move)
        if c.needs_meld_ack or len(legal) != 1 or not isinstance(legal[0], Play) or at in played:
            return

        def play() -> None:
            if self.live and gen == self.gen and self.my_turn():
                played.add(at)
                self.human_act(legal[0])

        self.set_timer(max(self.papp.bot_delay, 0.01), play)

    def _result_up(self) -> bool:
        """A hand-result or game-over screen is showing (or being closed right now)."""
        rs = self._result_screen
        if rs is not None and rs.closing:
            return True
        from .dialogs import GameOverScreen, HandResultScreen

        return any(isinstance(s, (HandResultScreen, GameOverScreen)) for s in self.app.screen_stack)

    def ensure_result(self) -> bool:
        """Show the hand result when the hand is over and it is not up yet (idempotent).

        Called after every change, on a watchdog timer and on Enter/Space/a at a finished
        hand, so no race between a trick pause, a worker and a key can leave the table
        stuck at "The hand is over."."""
        c = self.ctrl
        if not self.live or c.round.phase is not Phase.DONE:
            return False
        if self._result_up():
            return True
        from .dialogs import HandResultScreen

        screen = HandResultScreen(c, on_done=self._after_result)
        self._result_screen = screen
        self._result_open = True
        self.papp.push_screen(screen)
        return True

    @when_live
    def _watchdog(self) -> None:
        if self.ctrl.round.phase is Phase.DONE and self.app.screen is self and time.monotonic() >= self._hold_until:
            self.ensure_result()

    @when_live
    def _reveal(self, seat: int | None) -> None:
        self._handoff_open = False
        self.revealed = seat
        self.refresh_view()
        self.advance()

    @when_live
    def run_bot(self, gen: int) -> None:
        c = self.ctrl
        if gen != self.gen or c.round.phase is Phase.DONE or c.is_human(c.to_act):
            return
        state = c.round
        seat = state.to_act
        bot = _leave_a_core(c.bot_for(seat))

        def work() -> None:
            action, problem = c.choose(state, seat, bot)
            with contextlib.suppress(Exception):  # the app may be closing
                self.app.call_from_thread(self.bot_done, gen, state, action, problem)

        self.run_worker(work, thread=True, group="bot", exit_on_error=False)

    @when_live
    def bot_done(self, gen: int, state: Any, action: Any, problem: str | None) -> None:
        c = self.ctrl
        if gen != self.gen or c.round is not state:
            return
        name = c.seats[state.to_act].name
        try:
            c.apply(action)
        except IllegalAction as exc:  # belt and braces: the engine had the last word
            problem = f"the bot's move was refused ({exc})"
            c.apply(c.legal()[0])
        if problem:
            note = f"{name}: {problem}; a legal move was made instead."
            c.add_event(note, len(c.actions) - 1)
            self.note = Text(note, style="bold")
            self.notify(note, severity="warning", markup=False)
        self.after_change()

    def after_change(self, keep_message: bool = False) -> None:
        if not keep_message:
            self.message = ""
        c = self.ctrl
        self.papp.save_now(c)
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
                self.refresh_view()
        finally:  # a drawing problem must never stop the game (nor hide the hand result)
            self.advance()

    @when_live
    def _after_result(self, screen: Any = None) -> None:
        if screen is not None and screen is not self._result_screen:
            return  # an old result screen, already handled
        self._result_screen = None
        self._result_open = False
        c = self.ctrl
        if c.round.phase is not Phase.DONE:
            return
        if c.game.over:
            from .dialogs import GameOverScreen

            self.papp.push_screen(GameOverScreen(c))
            return
        c.next_hand()
        self.show_melds = False
        if c.hotseat:
            self.revealed = None  # nobody's new hand shows until their hand-off
        self.papp.save_now(c)
        self.refresh_view()
        self.advance()

    def human_act(self, action: Any) -> None:
        if not self.my_turn():
            return
        try:
            self.ctrl.apply(action)
        except IllegalAction as exc:
            self.message = Text(f"Not allowed: {pretty(str(exc))}", style="bold")
            self.refresh_view()
            return
        self.show_melds = False
        self.note = ""
        self.after_change()

    # helpers: "play this for me" and hint
    def _helper_move(self, then: Any, bot: Any = None) -> None:
        """``then(action)`` with the action ``bot`` (default: the controller's helper) picks."""
        c = self.ctrl
        if not self.my_turn():
            return
        state = c.round
        seat = state.to_act
        gen = self.gen
        self.busy = True
        self.refresh_view()
        bot = _leave_a_core(c.helper() if bot is None else bot)

        def work() -> None:
            action, _problem = c.choose(state, seat, bot, tag="helper")
            with contextlib.suppress(Exception):  # the app may be closing
                self.app.call_from_thread(self._helper_done, gen, state, action, then)

        self.run_worker(work, thread=True, group="helper", exit_on_error=False)

    @when_live
    def _helper_done(self, gen: int, state: Any, action: Any, then: Any) -> None:
        self.busy = False
        if gen != self.gen or self.ctrl.round is not state:
            self.refresh_view()
            return
        then(action)


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
