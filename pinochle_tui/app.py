"""The Textual app: screens over one `Controller` (DESIGN.md "pinochle_tui/")."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from rules import Variant

from .controller import Controller, Seat
from .render import Style, keys
from .settings import Settings
from .widgets import TooSmall, set_terminal_filters, start_settings

if TYPE_CHECKING:  # the statistics (sqlite3) load when a hand is over or their screen opens
    from .paths import SaveLock
    from .screens.newgame import NewGameScreen
    from .stats import GameLog, StatsStore

# The screens load when first shown (start-up imports only what the first
# screen needs): a game from the flags never loads the new-game screen, the new-game
# screen never loads the table until a game is dealt, the saving code loads with the game.

MIN_W, MIN_H = 80, 24
SHORT_H = 32
"""Under this many rows the app is ``-short``: the new-game form closes up its rows and
keeps its buttons in sight (at 80x24 its last fields and its buttons were under the fold)."""

JOIN_ONLY_OFF = frozenset({"new_game", "show_stats", "command_palette", "join_table"})
"""The app's actions a browser tab's app (`PinochleApp.join_only`) does not offer."""


UNPLAYED_FAREWELL = "No one had made a move, so the game was not kept."
"""The line the terminal keeps after quitting a game no person had moved in (`PinochleApp.unplayed`)."""


class SaidOnce:
    """A problem told to the player once: `new` says whether this one (``None``: all is
    well again) differs from the last, and remembers it."""

    def __init__(self) -> None:
        self.last: str | None = None

    def new(self, problem: str | None) -> bool:
        changed = problem != self.last
        self.last = problem
        return changed


def _game_commands() -> Any:
    """`commands.GameCommands`, loaded when the palette first opens (the start does not
    need it)."""
    from .commands import GameCommands

    return GameCommands


TOAST_WIDTH = 60
"""A notice's width (Textual's `Toast`: 60 cells, at most three quarters of the rack it
stands in, `pinochle.tcss`; the rack is the screen less 2 cells), of which its padding and
its left border take 3."""

CLEAR_BELOW = 7
"""The rows at the bottom of the screen a notice at the start leaves clear: at 80x24 the
table's hand (rows 17 to 19: a game resumed with ``--resume`` opens on the table), its
prompt, the prompt's buttons and the keys line.  The notices stand at the top right
(`pinochle.tcss`), over the seats and the scores, never over what the player acts with."""


def toast_rows(text: str, width: int) -> int:
    """The rows from the top of a screen ``width`` cells wide through the last of a notice
    of ``text`` with a title: the rack's margin and the notice's (2), its padding (2), the
    title and the text wrapped at its width."""
    from rich.console import Console
    from rich.text import Text

    inner = max(min(TOAST_WIDTH, (width - 2) * 3 // 4) - 3, 1)
    lines = Text(text).wrap(Console(width=inner), inner)
    return 2 + 2 + 1 + len(lines)


def settings_notice(problem: str, brief: str | None, width: int, height: int) -> str:
    """The notice of a damaged settings file on a screen ``width`` x ``height``:
    ``problem`` (`Settings.problem`, every wrong entry named) where it ends above the
    bottom rows the player acts with (`CLEAR_BELOW`); else ``brief``
    (`Settings.problem_brief`: their number, the first, and that the settings screen lists
    every one; a notice down to the footer covered a resumed table's hand and prompt)."""
    if brief is None or toast_rows(problem, width) <= height - CLEAR_BELOW:
        return problem
    return brief


class BaseScreen(Screen[None]):
    """The app's bottom screen, under every screen the game shows, and never meant to be
    seen (it is blank).  Textual's ``dismiss`` and the palette's command pop whatever screen
    is on top, so a key queued behind a closing dialog can pop the table (or the new-game
    screen) from over this one, which left a blank terminal that no key moved on.  When it
    comes back on top while the app runs, the app puts the game back (`put_game_back`)."""

    def on_screen_resume(self) -> None:
        put_back = getattr(self.app, "put_game_back", None)
        if put_back is not None:
            self.app.call_later(put_back)


def damaged_save_words(path: Path, problem: str) -> str:
    """Why the saved game at ``path`` cannot be resumed (``problem``, a `SaveError`'s words,
    which begin with the file's path), named by its ID as the saved-games list and
    ``pinochle saves`` name it: the whole path took the new-game screen's message to
    three rows at 80 columns ("Saved game 20261207-091040 is damaged and cannot be
    replayed (...). The file was left in place; you can start a new game.")."""
    from .cli_common import visible
    from .paths import save_id

    reason = problem.removeprefix(f"{path}: ")
    head = f"Saved game {save_id(path)}"
    said = (
        f"{head} {reason.removeprefix('the saved game ')}"
        if reason.startswith("the saved game ")
        else f"{head}: {reason}"
    )
    return visible(f"{said}. The file was left in place; you can start a new game.")


def theme_names() -> frozenset[str]:
    """The names of the app's themes (Textual's own: the game registers none), known
    before the app is made, so settings.json's theme is checked with the rest of the file
    as it is read (`Settings.load`)."""
    from textual.theme import BUILTIN_THEMES

    return frozenset(BUILTIN_THEMES)


class PinochleApp(App[int]):
    """Pinochle at the terminal.

    ``ctrl``: a game to continue (resume or flags); otherwise the new-game screen opens.
    ``save_path``: where ``ctrl`` is saved.  ``notice``: a line for the new-game screen
    (e.g. a damaged save that was left in place).
    """

    CSS_PATH = "pinochle.tcss"  # the table's; `more_css` adds the other screens'
    TITLE = "Pinochle"
    COMMANDS: ClassVar[set[Any]] = {_game_commands}  # ctrl+p: the game's actions and the themes (commands.py)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "confirm_quit", "quit", id="app_quit", show=False, priority=True),
        # the rules, on every screen (the help's keys say so; the new-game screen's F1 shows
        # the variant chosen there, the help's own F1 jumps within it)
        Binding("f1", "show_rules", "rules", id="app_rules", show=False),
    ]

    def __init__(
        self,
        variants: dict[str, Variant],
        *,
        ctrl: Controller | None = None,
        save_path: Path | None = None,
        settings: Settings | None = None,
        bot_delay: float | None = None,
        trick_delay: float | None = None,
        think: float | None = None,
        ascii: bool = False,
        notice: str | None = None,
    ) -> None:
        super().__init__()
        self.variants = variants
        self.settings = settings or Settings()
        self.farewell_line = ""  # printed in the terminal once the app has closed (`farewell`)
        self.bot_delay = self.settings.bot_delay if bot_delay is None else bot_delay
        self.trick_delay = self.settings.trick_delay if trick_delay is None else trick_delay
        # the expert's seconds a decision for new games (--think, else the saved one; None: its default)
        self.think = self.settings.game_think if think is None else think
        self.ctrl = ctrl
        # the seed the player gave the game in play (flags, the new-game screen, a replay):
        # named beside the next new-game screen's empty seed field ("": none was given)
        self.chosen_seed = ""
        # the --variants file of this run (its absolute path), remembered with the choices of
        # a game it played (`last_choices`), so a run without it tells its presets from typos
        self.variants_file: str | None = None
        self.save_path = save_path
        self.notice = notice
        self.resumed = False  # the game of ``ctrl`` is a saved one resumed (--resume: `build_app`)
        Style.ascii = ascii
        Style.color = not self.no_color
        set_terminal_filters(self)  # NO_COLOR: no colour codes; ASCII: ASCII borders
        # the screens the game put up by itself while the quit dialog was open (`push_screen`)
        self._held_screens: list[tuple[Any, tuple[Any, ...], dict[str, Any]]] = []
        # a failing save or statistics write is said once, not after every move (a pile of
        # notices hid the table), until it works again or the problem changes
        self._save_problem = SaidOnce()
        self._stats_problem = SaidOnce()
        self.result_notices: list[str] = []  # for the hand result's own line (`record_stats`)
        self._stats_store: StatsStore | None = None
        self._stats_log: GameLog | None = None
        self._stats_ctrl: Controller | None = None
        self._stats_started = ""
        self._stats_lock = threading.Lock()  # one statistics write at a time (`record_stats`)
        self.save_when_shown = False  # `build_app`: the first save of ``ctrl`` after the table's first frame
        self.settle_heap_when_shown = False  # `run_app`: `settle_heap` after the first frame
        self._more_css = False  # `more_css`: the other screens' stylesheet added
        self._save_lock: SaveLock | None = None  # the save this app plays, held (`hold_save`)
        # ``pinochle join``: (host, port, code), each None where not given: the join screen opens
        # first (and connects at once when all three are known) instead of the new-game screen
        self.join_at: tuple[str | None, int | None, str | None] | None = None
        # a browser tab's app (``pinochle host --web``: a process on the host's machine that
        # anyone who reaches the page drives): the join screen and its table, nothing more
        # of this machine (no new game, statistics, settings, saves or palette); leaving
        # them ends the app (the page then offers a fresh join screen)
        self.join_only = False
        self._first_screen_up = False  # `on_mount` put up the first screen (`put_game_back`)
        self._settings_notice: Any = None  # the start-up notice of a damaged settings file (`settings_listed`)
        # that notice's line for the first new-game screen, where the game opens on it (`on_mount`)
        self._settings_notice_line: str | None = None
        self.yours: Any = None  # your house rules' presets (`house_presets.Yours`: `build_app`, the editor)
        # the game's own leaving on a signal, put in place again once the driver has started
        # (`on_mount`): Textual's web driver takes SIGINT and SIGTERM for a bare exit as it
        # starts (`app_main.leave_on_signals` sets it; None where nothing took the signals)
        self.own_signals: Callable[[], None] | None = None

    def settings_listed(self) -> None:
        """The settings screen lists every wrong entry of the settings file itself
        (`screens.settings.file_problems`): the start-up notice of them, still up for its
        30 s, is taken down, as it hid that very list (it stood over the top right of the
        screen, where the list is).  Expired now, it is not drawn on the screen coming up,
        and the screen left drops it when it is shown again (Textual's `ToastRack.show`)."""
        note = self._settings_notice
        if note is not None and not note.has_expired:
            note.timeout = time.time() - note.raised_at
        for screen in self.screen_stack:  # the new-game screen's line of it (`on_mount`)
            drop = getattr(screen, "drop_settings_notice", None)
            if drop is not None:
                drop()

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Push ``screen``; one the game puts up by itself (``goes_up_by_itself``: a hand-off,
        a hand result, game over) while the quit dialog is open waits for the dialog to
        close (`release_held_screens`): pushed over it, it buried the dialog, and ``q``
        seemed to do nothing."""
        if getattr(screen, "goes_up_by_itself", False) and self.quit_dialog_open():
            self._held_screens.append((screen, args, kwargs))
            from textual.await_complete import AwaitComplete

            return AwaitComplete.nothing()
        self.more_css(screen)
        return super().push_screen(screen, *args, **kwargs)

    def update_styles(self, node: Any, animate: bool = True) -> None:
        """Textual restyles a node (and all under it) at each change of its classes, even a
        widget still being built that no screen holds yet (``compact=True``, a class added
        in a `compose`), and styles it all again when it is mounted (`App._register`): that
        first styling was thrown away.  A node not in the DOM is left to its mounting."""
        if node is not self and not node.is_attached:
            return
        super().update_styles(node, animate=animate)

    def quit_dialog_open(self) -> bool:
        """The quit dialog is in the screen stack (a palette may be over it)."""
        from .screens.dialogs import QuitScreen

        return any(isinstance(s, QuitScreen) for s in self.screen_stack)

    def release_held_screens(self) -> None:
        """The quit dialog closed and the player stays: the screens held while it was open go
        up, in the order they came."""
        if self.quit_dialog_open():
            return
        held, self._held_screens = self._held_screens, []
        for screen, args, kwargs in held:
            self.push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen: Any) -> Any:
        self.more_css(screen)
        return super().switch_screen(screen)

    def more_css(self, screen: Any) -> None:
        """The stylesheet of the screens other than the table (``screens.tcss``: dialogs,
        results, help, the new-game screen), added before the first of them is shown.  A
        game from the flags parses only the table's rules before its first frame (a fast
        start).  Added to the sources, not read as a screen's ``CSS_PATH`` (which restyles the
        whole app): none of its rules is the table's, so what is on screen keeps its
        styles, and the new screen is styled with them as it is mounted."""
        if self._more_css or type(screen).__name__ in ("Screen", "TableScreen"):
            return
        self._more_css = True
        path = Path(__file__).with_name("screens.tcss")
        self.stylesheet.add_source(path.read_text(encoding="utf-8"), read_from=(str(path), ""))

    def get_default_screen(self) -> Screen[Any]:
        return BaseScreen(id="_default")

    def put_game_back(self) -> None:
        """The blank bottom screen is on top (`BaseScreen`): the game in play goes back up at a
        new table (the controller holds the whole game: the table shows it as a resume
        does, a hand result or hand-off included), else the new-game screen (a browser tab's
        app: its join screen).  Nothing while the app starts or ends."""
        if not self._first_screen_up or len(self.screen_stack) != 1 or self._exit or not self.is_running:
            return
        if self.join_only:
            self.action_join_table()
        elif self.ctrl is not None:
            from .screens.table import TableScreen

            self.push_screen(TableScreen(self.ctrl))
        else:
            self.push_screen(self._new_game_screen())

    def on_mount(self) -> None:
        if self.own_signals is not None:
            self.own_signals()
        if problem := self.settings.problem:
            notice = settings_notice(problem, self.settings.problem_brief, self.size.width, self.size.height)
            if self.join_at is None and self.ctrl is None and not self.join_only:
                # the new-game screen comes first: said in its own notice line above the form,
                # which moves the form down; a notice at the top right stood over the seat rows
                # at 80x24, the very seat a misspelt kind in the file was about
                self._settings_notice_line = f"Settings: {notice}"
            else:
                from textual.notifications import Notification, Notify

                # as `notify` makes it, kept: the settings screen takes it down (`settings_listed`)
                self._settings_notice = Notification(notice, "Settings", "warning", 30, markup=False)
                self.post_message(Notify(self._settings_notice))
        from .keymap import use

        try:  # always: the texts name the keys in use (none remapped: the defaults)
            use(self, self.settings.keys)
        except Exception:
            use(self, {})
            self.notify("settings.json: could not apply the key remaps", severity="warning")
        start_settings(self)  # the card order, ASCII mode and theme of the settings screen
        self._check_size()
        if self.join_at is not None:
            self.action_join_table(*self.join_at)
        elif self.ctrl is not None:
            from .screens.table import TableScreen

            self.hold_save(self.save_path)  # `build_app` took it already: this process holds it
            self.remember_played()
            self.push_screen(TableScreen(self.ctrl))
            if self.save_when_shown:  # its fsync (9 ms here) after the frame, not before it
                self.call_after_refresh(self.save_now, self.ctrl)
            if self.resumed:  # (--resume)
                self.say_rules_kept(self.ctrl)
        else:
            self.push_screen(self._new_game_screen())
        self._first_screen_up = True
        if self.settle_heap_when_shown:  # what the first frame built lives on too: no collection before it
            from .cli_common import settle_heap

            self.call_after_refresh(settle_heap)

    def get_key_display(self, binding: Binding) -> str:
        """The footer's key names: ``⏎ ↑ ↓`` as words in ASCII mode (`render.keys`)."""
        return keys(super().get_key_display(binding))

    def _new_game_screen(self) -> NewGameScreen:
        from .screens.newgame import NewGameScreen

        notice, self.notice = self.notice, None
        settings, self._settings_notice_line = self._settings_notice_line, None
        return NewGameScreen(self.variants, self.played_choices() or self.settings.last, notice, settings)

    def played_choices(self) -> dict[str, Any] | None:
        """The choices of the game in play, in `Settings.last`'s form, for the new-game
        screen to offer again (a game from the flags or resumed was followed by the
        remembered choices of an older one): its variant, everyone at the table, the
        target it began with and the seed the player gave; None with no game here (a seat
        at a table another pinochle hosts)."""
        ctrl = self.ctrl
        if ctrl is None:
            return None
        return last_choices(
            ctrl.variant.name, ctrl.people, ctrl.first_target, self.chosen_seed, ctrl.remote, self.variants_file
        )

    def remember_played(self) -> None:
        """The choices of a game not started from the new-game screen (the flags', a
        resumed one) remembered as the screen's own are (`remember`): the next run's
        new-game screen offers the game last played, quit mid-way or not, as this run's
        does (`played_choices`).  Not the pacing: a flag's delay or think is the run's."""
        choices = self.played_choices()
        if choices is not None and choices != self.settings.last:
            self.settings.last = choices
            self.settings.save()

    # ------------------------------------------------------------------ screens
    def replace_screens(self, screen: Any) -> None:
        """``screen`` in place of every screen over the app's first.  An open quit dialog
        is asked again over it (a joined table opening while the question was open took
        it away unanswered); the screens held under the dialog (`push_screen`) belonged
        to the screens replaced, and go with them."""
        asking = self.quit_dialog_open()
        self._held_screens = []
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        if asking:
            self.action_confirm_quit()

    def start_new_game(
        self,
        variant: Variant,
        seats: list[Seat],
        seed: str | None,
        target: int | None,
        dealer: int | None = None,
        first_hand: int = 0,
    ) -> None:
        """Deal a new game and open its table (``dealer``: the first dealer, else drawn from
        the seed; a replay from the statistics gives the recorded one, and ``first_hand``
        the seed's deal it starts from)."""
        from .save import new_save_path
        from .screens.table import TableScreen

        self.ctrl = Controller(
            variant, seats, seed=seed, target=target, dealer=dealer, first_hand=first_hand, think=self.think
        )
        self.chosen_seed = seed or ""
        self.save_path = new_save_path()
        self.hold_save(self.save_path)  # a name just claimed: no other game has it
        self.save_now(self.ctrl)
        self.replace_screens(TableScreen(self.ctrl))

    def resume_saved(self, path: Path) -> str | None:
        """Continue the saved game at ``path`` at its table, as ``--resume`` does (the
        new-game screen's offer); the reason, in one line, when it cannot be loaded."""
        from .save import SaveError, load_game
        from .screens.table import TableScreen

        if busy := self.hold_save(path, switch=False):
            return busy
        try:
            ctrl = load_game(path)
        except SaveError as exc:
            self.hold_save(None)
            return damaged_save_words(path, str(exc))
        if ctrl.remote_codes:  # a hosted game listens again where it was hosted: not when that is taken
            from .remote.hosting import resume_problem

            if problem := resume_problem(ctrl):
                self.hold_save(None)
                return problem[0].upper() + problem[1:] + "."
        self.ctrl, self.save_path, self.chosen_seed = ctrl, path, ""
        self.remember_played()
        self.replace_screens(TableScreen(ctrl))
        self.say_rules_kept(ctrl)
        return None

    def say_rules_kept(self, ctrl: Controller) -> None:
        """A resumed game plays on by the rules it began with (its save holds them): where
        the preset of its name differs today (edited with ``h`` since), a notice says so
        once, naming what differs (`house_presets.rules_kept`)."""
        from .cli_common import visible
        from .house_presets import rules_kept

        said = rules_kept(ctrl.variant, self.variants.get(ctrl.variant.name))
        if said:
            self.notify(visible(said), title="Rules", timeout=20, markup=False)

    def action_join_table(self, host: str | None = None, port: int | None = None, code: str | None = None) -> None:
        """The join screen: a seat at a table another pinochle hosts (``pinochle join``, or
        "Join a table" on the new-game screen); it connects at once when ``host`` and
        ``code`` are given."""
        from .screens.join import JoinScreen

        self.replace_screens(JoinScreen(host, port, code))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A browser tab's app (``join_only``) offers none of this machine's screens."""
        if self.join_only and action in JOIN_ONLY_OFF:
            return False
        return super().check_action(action, parameters)

    def action_command_palette(self) -> None:
        """ctrl+p: the game's palette, made safe against keys that race it (`palette`)."""
        if self.join_only:
            return
        from .palette import open_palette

        open_palette(self)

    def action_new_game(self) -> None:
        if self.join_only:  # (a browser tab: leaving its table ends it)
            self.exit(0)
            return
        self.leave_stats_game()
        self.stop_hosting()
        self.drop_unplayed()  # a game begun by mistake is not kept to hide the real one
        self.hold_save(None)  # the game left unfinished may be resumed here or in another pinochle
        self.replace_screens(self._new_game_screen())

    def stop_hosting(self) -> None:
        """A hosted table left for the new-game screen: its server stops (every seat is told
        the host closed the table), so that no seat plays on at a table nobody drives and the
        port is free for the game resumed or hosted next."""
        core = getattr(self, "host_core", None)
        if core is not None and core.serving is not None and not core.serving.done():
            core.serving.cancel()

    def action_show_stats(self) -> None:
        """Open the statistics screen (``s`` at the new-game screen; the entry point for any
        other screen: bind a key to ``app.show_stats``).  Its plots' library loads now."""
        if self.join_only:
            return
        from .screens.stats import StatsScreen

        self.push_screen(StatsScreen())

    def action_show_help(self, rules_first: bool = False) -> None:
        from .screens.dialogs import HelpScreen

        v = self.ctrl.variant if self.ctrl else None
        if v is None:  # a seat at a table another pinochle hosts: its table knows the form
            tables: list[Any] = [s for s in self.screen_stack if getattr(s, "remote", None) is not None]
            v = tables[-1].variant if tables else next(iter(self.variants.values()))
        self.push_screen(HelpScreen(v, rules_first=rules_first))

    def action_show_rules(self) -> None:
        """F1: the help opened at the rules of the game in play."""
        self.action_show_help(rules_first=True)

    def action_confirm_quit(self) -> None:
        """Ask before quitting: the quit dialog, unless one is on the stack already (shown,
        being mounted, or under a palette).  Asked of the stack, not of a flag set here: a
        dialog taken off without an answer (`replace_screens` pops it, then asks again)
        would leave such a flag set, and Esc, q and ctrl+q would do nothing for good."""
        if self.quit_dialog_open():
            return
        from .screens.dialogs import QuitScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.farewell_line = self.farewell()
                self.leave_stats_game()
                self.drop_unplayed()
                self.hold_save(None)
                self.exit(0)
            else:  # (once the dialog is off the stack)
                self.call_later(self.release_held_screens)

        saved, joined, hosted = self.quit_facts()
        quit_screen = QuitScreen(saved, joined=joined, hosted=hosted, unplayed=self.unplayed())
        self.push_screen(quit_screen, callback=done)

    def leave_on_signal(self, signum: int) -> None:
        """SIGHUP (the terminal closed), SIGTERM or SIGINT (`cli_common.LEAVING_SIGNALS`): leave as the
        quit question's yes leaves, with no question: the hands still waiting go into the
        statistics, a game no person has moved in is not kept (`drop_unplayed`, as a quit
        before the first move), the save is let go, and the app ends with the signal's exit
        code (128 + its number).  A game with a move in it stays as it was saved after its
        last decision.  No line to come back by once the terminal is gone."""
        import signal

        self.farewell_line = "" if signum == getattr(signal, "SIGHUP", None) else self.farewell()
        self.leave_stats_game()
        self.drop_unplayed()
        self.hold_save(None)
        self.exit(128 + signum)

    def action_help_quit(self) -> None:
        """ctrl+c where no text is selected to copy (Textual's own binding, on every screen:
        the table, the new-game and join screens, a hosted or joined table): the quit
        dialog, as ctrl+q.  Textual's action only names a key bound to its own "quit",
        which this app has not (its quit asks first), so ctrl+c did nothing at all, and a
        terminal user reaches for it to leave; the dialog asks, so nothing is lost by it."""
        self.action_confirm_quit()

    def farewell(self) -> str:
        """The line the terminal keeps after the quit question's yes (`app_main.run_on_its_loop`
        prints it): how to come back, as the question said it, with what the screen no
        longer shows (a friend's join line and code, which were gone with the screen);
        "" where nothing was kept.  The command is this pinochle as it was run
        (`paths.program`: ``.venv/bin/pinochle`` in a clone whose venv is not on
        the PATH), as the host's join lines give it: "pinochle --resume" was no command there."""
        from .paths import program

        saved, joined, hosted = self.quit_facts()
        run = program()
        if joined:
            from .remote.client import address_text

            loops = [getattr(s, "remote", None) for s in self.screen_stack]
            conn = next((getattr(r, "conn", None) for r in reversed(loops) if r is not None), None)
            if conn is None or not getattr(conn, "code", ""):
                return ""
            return f"Your seat waits: {run} join {address_text(conn.host, conn.port)} --code {conn.code} takes it back."
        if hosted:
            return f"The table is saved: {run} host --resume opens it again; the friends who joined wait until then."
        if self.unplayed():
            return UNPLAYED_FAREWELL
        return f"The game is saved: {run} --resume continues it." if saved else ""

    def quit_facts(self) -> tuple[bool, bool, bool]:
        """What becomes of the game on quitting, as the quit question (and the help) says
        it: whether it is saved here, whether this is a seat at a table another pinochle
        hosts, whether this terminal hosts it."""
        saved = self.save_path is not None and self.save_path.exists() and self._save_problem.last is None
        saved = saved and not self.unplayed()  # (its save goes when it is left: `drop_unplayed`)
        joined = any(getattr(s, "remote", None) is not None for s in self.screen_stack)  # a seat at a hosted table
        hosted = bool(getattr(getattr(self, "ctrl", None), "remote_codes", None))  # this terminal hosts it
        return saved, joined, hosted

    def bots_before_the_table(self, ctrl: Controller) -> int:
        """With no bot pacing (a bot delay of 0), the bots that act before the first human
        decision of a game opened from the flags move before its table is first drawn, as
        the table draws the bots' moves in a row once, when they stop (`TurnLoop.after_change`).
        The table made them in its worker threads after it was up, and on a slow or busy
        machine a frame came between the moves: the table was drawn up to four times before
        it waited for the human.  Not the expert, which thinks a second or more
        a move (the table is up meanwhile), nor a move the bot gets wrong: the table makes
        that one and says so.  The number of moves made."""
        from rules import Phase

        from .controller import default_level

        c, moved = ctrl, 0
        if self.bot_delay != 0 or not c.human_seats:
            return 0
        while moved < 4 * c.variant.players:  # (an auction's turns; never the whole hand)
            seat = c.to_act
            if seat is None or c.is_human(seat) or c.round.phase is Phase.DONE or c.needs_meld_ack:
                break
            if (c.seats[seat].level or default_level()) == "expert" or (c.trick_just_won and self.trick_delay > 0):
                break
            action, problem = c.choose(c.round, seat, c.bot_for(seat))
            if problem:
                break
            c.apply(action)
            moved += 1
        return moved

    # ------------------------------------------------------------------ saving
    def unplayed(self) -> bool:
        """The game in play is one no person has made a move in yet (no move at all where
        no person sits), played here (not hosted: the friends who joined hold its codes),
        its save held by this app.  Such a game is not kept when it is left (`drop_unplayed`):
        one begun by mistake and quit at once was kept as the newest save, and
        ``pinochle --resume`` opened it instead of the game the players meant."""
        ctrl, lock = self.ctrl, self._save_lock
        if ctrl is None or lock is None or not lock.held or lock.save != self.save_path:
            return False
        if ctrl.remote_codes or ctrl.done_hands:
            return False
        if not any(s.kind == "human" for s in ctrl.people):
            return not ctrl.actions
        made = range(min(len(ctrl.actions), len(ctrl.states) - 1))  # (a state before each move)
        return not any(ctrl.is_human(ctrl.states[k].to_act) for k in made)

    def drop_unplayed(self) -> None:
        """Remove the save of a game left before any person moved (`unplayed`), while this
        app still holds it (so no other pinochle has it open); nothing otherwise."""
        if self.unplayed() and self.save_path is not None:
            with contextlib.suppress(OSError):
                self.save_path.unlink()

    def hold_save(self, path: Path | None, *, switch: bool = True) -> str | None:
        """Hold the saved game at ``path`` (`paths.SaveLock`), so another pinochle cannot play
        it at the same time; the one held before is let go (with ``switch=False`` only once
        ``path`` is held).  The line saying so when another running pinochle holds it."""
        from .paths import SaveBusy, SaveLock

        before = self._save_lock
        if before is not None and before.save == path:
            return None
        lock = None
        if path is not None:
            try:
                lock = SaveLock(path).acquire()
            except SaveBusy as exc:
                if switch and before is not None:
                    before.release()
                    self._save_lock = None
                return f"{exc}."
        if before is not None:
            before.release()
        self._save_lock = lock
        return None

    def save_now(self, ctrl: Controller) -> None:
        """Save after every decision; a finished game's file is removed."""
        if self.save_path is None:
            return
        from .save import save_game

        try:
            if ctrl.game.over:
                self.save_path.unlink(missing_ok=True)
                self.hold_save(None)
            else:
                save_game(ctrl, self.save_path)
        except OSError as exc:
            # by the directory, not the file: each try writes a temporary file of a new name
            problem = f"Could not save the game in {self.save_path.parent}: {exc.strerror or exc}"
            if self._save_problem.new(problem):
                said = problem + ". The game goes on unsaved; this is said again only if it changes."
                if not self.result_line(ctrl, said):  # (at a hand's end: in the result's own line)
                    self.notify(said, severity="error", timeout=20, markup=False)
        else:
            if self._save_problem.new(None):
                self.notify("The game is saved again.", markup=False)
        self.record_stats(ctrl)

    # ------------------------------------------------------------------ statistics
    def record_stats(self, ctrl: Controller) -> None:
        """After every decision: a hand just over goes into the statistics database, in one
        transaction, written by a worker thread (`stats.GameLog`: read from the game here,
        written there in order).  Nothing here can stop the game: a problem is one notice."""
        if self._stats_ctrl is not ctrl:
            self.leave_stats_game()
            from .paths import STAMP, save_started_at

            self._stats_ctrl = ctrl
            # dated by its start: a game resumed from its save (its first hand not recorded
            # before it stopped) began when its save was claimed, not now
            began = save_started_at(self.save_path) if self.save_path is not None else None
            self._stats_started = began or time.strftime(STAMP, time.gmtime())
            self._stats_log = None
        if ctrl.round.result is None:
            return
        try:
            if self._stats_log is None:
                from .stats import GameLog

                name = self.save_path.name if self.save_path is not None else None
                self._stats_log = GameLog(self.stats_store, ctrl, name, self._stats_started)
            if not self._stats_log.note_hand():
                return
        except Exception as exc:  # never: GameLog catches its own; belt and braces
            self._stats_said(ctrl, f"Statistics: this hand could not be recorded ({exc})")
            return
        # written in a thread: a database another game holds waits up to BUSY_SECONDS, and the
        # table waited with it at every hand's end; the hands are written in order, one
        # transaction each, under `_stats_lock` (one write at a time, as the game left)
        self.run_worker(
            lambda log=self._stats_log: self._flush_stats(ctrl, log),
            thread=True,
            group="stats",
            exit_on_error=False,
        )

    def _flush_stats(self, ctrl: Controller, log: GameLog) -> None:
        with self._stats_lock:
            try:
                notice = log.flush()
            except Exception as exc:  # never: GameLog catches its own; belt and braces
                notice = f"Statistics: this hand could not be recorded ({exc})"
        with contextlib.suppress(Exception):  # the app may have closed meanwhile
            self.call_from_thread(self._stats_said, ctrl, notice)

    def _stats_said(self, ctrl: Controller, notice: str | None) -> None:
        if self._stats_problem.new(notice or None) and notice:
            with contextlib.suppress(Exception):
                if not self.result_line(ctrl, notice):
                    self.notify(notice, title="Statistics", severity="warning", timeout=20, markup=False)

    def result_line(self, ctrl: Controller, notice: str) -> bool:
        """Say ``notice`` in the hand result's own line, not in a notice over it: on the
        result screen when it is up, else kept for it when a table is about to show it (the
        hand is over: `TurnsHost.ensure_result`).  False when no result is to show (it is
        then a notice).  (The notice at the top right covered the result's columns for 20
        seconds at 80x24 and 100x36.)"""
        for screen in reversed(self.screen_stack):
            if hasattr(screen, "show_notice"):
                screen.show_notice(notice)
                return True
        tables = [s for s in self.screen_stack if hasattr(s, "ensure_result")]
        if ctrl.round.result is None or not tables:
            return False
        self.result_notices.append(notice)
        return True

    def stats_store(self, create: bool = True, check_file: bool = True) -> StatsStore:
        """The statistics database, opened on first use (``create``: begun if there is none;
        not ``check_file``: SQLite's check of the file left for later, `StatsStore.open`).
        Raises `stats.StatsDamaged` (the file was set aside) or `stats.StatsError`."""
        from .stats import StatsStore

        store = self._stats_store
        if store is None or store.conn is None:
            store = StatsStore.open(create=create, check_file=check_file)
            if store.conn is None:
                return store  # none yet, and not asked to begin one
            self._stats_store = store
        return store

    def leave_stats_game(self) -> None:
        """The game at the table is left unfinished: its record says abandoned (a resume
        makes it playing again)."""
        log, self._stats_log, self._stats_ctrl = self._stats_log, None, None
        if log is not None:
            with self._stats_lock:  # after a write in flight: its hands are in by then
                log.left()

    def remember(
        self,
        variant: str,
        seats: list[Seat],
        target: int,
        seed: str,
        delay: float,
        remote: frozenset[int] | set[int] = frozenset(),
    ) -> None:
        """The new game's choices, offered by the next new-game screen: the seats in
        ``remote`` (people at other terminals, human seats of the game the host's server
        fills) remembered as such (kind ``remote``), not as people at this keyboard."""
        self.settings.last = last_choices(variant, seats, target, seed, remote, self.variants_file)
        self.settings.bot_delay = delay
        self.settings.save()

    # ------------------------------------------------------------------ size
    def on_resize(self) -> None:
        self._check_size()

    def _check_size(self) -> None:
        w, h = self.size
        small = w < MIN_W or h < MIN_H
        changed = small != self.has_class("-too-small")
        self.set_class(small, "-too-small")
        if changed:
            with contextlib.suppress(Exception):
                self.screen.refresh_bindings()
        self.set_class(h < SHORT_H, "-short")
        self.set_class(w < 100, "-narrow")
        self.set_class(w >= 120, "-wide")
        if small:
            for widget in self.screen.query(TooSmall):
                widget.update_size()


def last_choices(
    variant: str,
    seats: Sequence[Seat],
    target: int,
    seed: str,
    remote: Collection[int] = (),
    variants_file: str | None = None,
) -> dict[str, Any]:
    """A game's choices in `Settings.last`'s form, as the new-game screen reads them: the
    seats in ``remote`` (people at other terminals, human seats the host's server fills)
    as such (kind ``remote``), not as people at this keyboard; ``variants_file``, the
    ``--variants`` file of the run (None: none), so the next run without it keeps a
    preset of the file as the last variant, not as a misspelt one (`settings._check_last`)."""
    out = {
        "variant": variant,
        "seats": [{**s.to_json(), "kind": "remote"} if i in remote else s.to_json() for i, s in enumerate(seats)],
        "target": target,
        "seed": seed,
    }
    if variants_file is not None:
        out["variants_file"] = variants_file
    return out


__all__ = ["PinochleApp"]
