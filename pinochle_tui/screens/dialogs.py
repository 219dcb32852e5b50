"""Hand-off, hand result, game over, help, last trick and quit screens, and the end of a
joined seat's table taken by another terminal."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from itertools import zip_longest
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Grid, Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Static

from ..checks_view import form_help_sections
from ..cli_common import visible
from ..controller import Controller
from ..host import Host
from ..keymap import display, keys_of
from ..keymap import key as bound_key
from ..paths import program
from ..render import Style, basics_text, hot_seat_text, rules_text
from ..table.outcome import (  # (the texts the result screens share; named here as ever)
    GameSummary,
    Outcome,
    checks_text,
    contract_outcome,
    game_summary,
    hidden_cards_text,
    ledger_checks,
    ledger_compact,
    ledger_headings,
    ledger_key,
    ledger_outcome,
    outcome_of,
    result_columns,
    result_rows,
    tricks_text,
    tricks_text_of,
    view_tricks_text,
)
from ..widgets import (
    FiguresText,
    HangingRows,
    KeyPause,
    KeysFooter,
    LiveScreen,
    SizeWatch,
    TooSmall,
    is_live,
    plain,
    unless_closing,
    when_live,
)


class CloseLine(Widget):
    """An overlay's last line: how to close it (not a `Static`, so a query for the
    overlay's text finds the text)."""

    DEFAULT_CSS = "CloseLine { height: auto; width: 100%; }"

    def __init__(self, text: Text, **kw: Any) -> None:
        super().__init__(**kw)
        self.content = text

    def render(self) -> Text:
        return self.content

    def update(self, text: Text) -> None:
        self.content = text
        self.refresh(layout=True)


KEY_COLUMN = 20  # a help row's key column: two spaces and 18 cells


class Overlay:
    """One mechanism for every view over the table (everyone's meld ``m``, the tricks
    ``t``, the help ``?``, the hint ``i``) and for its confirmations: the overlay takes
    every key.  Its own bindings (the close keys, scrolling) act; any other key, one
    that would act on the table below (Enter, Space, digits, a, p, arrows...), does
    nothing there and the overlay's last line says again, highlighted, how to close it
    (``CLOSE_HOW``).  A key never reaches the table while an overlay is up."""

    CLOSE_HOW: ClassVar[str] = "Esc closes this."
    told: bool = False  # a key was swallowed and the close line highlighted

    def close_how(self) -> str:
        """``CLOSE_HOW`` with the keys as the player bound them (``{help}``, ``{tricks}``,
        ``{melds}``, ``{hint}``, ``{quit}``: `keymap.key`), in ASCII in ASCII mode."""
        names = {a: bound_key(a) for a in ("help", "tricks", "melds", "hint", "quit")}
        text = self.CLOSE_HOW.format(**names)
        return text.replace("↑ ↓", "up/down") if Style.ascii else text

    def close_line(self) -> CloseLine:
        return CloseLine(Text(self.close_how(), style="italic"), id="overlay-close")

    def action_copy_text(self) -> None:
        """ctrl+c: the selected text copied, as on every screen, or with none selected the
        quit question (`PinochleApp.action_help_quit`), as at the table.  A modal screen's
        keys stop at itself, so the app's ctrl+c never came after Textual's copy, which
        had nothing to copy: over the tricks, the meld, the review and the hint ctrl+c did
        nothing."""
        selection = self.get_selected_text()  # type: ignore[attr-defined]
        if selection is None:
            self.app.action_help_quit()  # type: ignore[attr-defined]
        else:
            self.app.copy_to_clipboard(selection)  # type: ignore[attr-defined]

    def on_key(self, event: events.Key) -> None:
        bound = self.active_bindings  # type: ignore[attr-defined]
        if event.key in bound:
            return  # the overlay's own key (or the app's): its binding acts
        event.stop()
        event.prevent_default()
        self.told = True
        for line in self.query("#overlay-close").results(CloseLine):  # type: ignore[attr-defined]
            line.update(Text(self.close_how(), style="bold reverse"))


class FitsWide:
    """A wide box (``#dialog.wide``, 74 cells) that widens on a big terminal to its
    `wanted_width` (at most 120, 2 cells short of either edge), fitted again at each
    resize, as the narrow boxes (the hint) are by the stylesheet alone: fitted once as it
    opened, a box opened at 200 columns kept 120 at 80, its lines cut and its right
    border gone."""

    WIDEST: ClassVar[int] = 120

    def wanted_width(self) -> int:
        """The box's width with room for its longest line (border and padding included)."""
        return self.WIDEST

    def fit_width(self) -> None:
        """The box's width for the terminal now; nothing where the box is not (yet, or any
        more) in the screen: a screen closed as it mounts (a key storm's Esc at once) is
        mounted with no children."""
        room = self.app.size.width - 4  # type: ignore[attr-defined]
        found = self.query("#dialog").results(Vertical)  # type: ignore[attr-defined]
        box = next(iter(found), None)
        if box is None:
            return
        box.styles.width = min(room, self.wanted_width(), self.WIDEST) if room > 74 else None  # (None: the 74)

    def on_resize(self, event: events.Resize) -> None:
        self.fit_width()


HANDOFF_PAUSE = 1.0
"""Seconds the hot-seat hand-off takes no Enter (nor its button) after it shows
(`HandOffScreen`): it comes up on the key of the person before, and their second Enter
close behind (a double press, an Enter meant for the next prompt) showed the next
person's hand to them."""


class HandOffScreen(KeyPause, SizeWatch, Screen[None]):
    """Opaque hand-off between human seats: no card of any hand is drawn here.

    It comes up on the move of the person before, who may still be pressing keys: for
    `HANDOFF_PAUSE` seconds after it shows, Enter and its button do not show the hand, and
    each key inside the pause starts it again (`HELD_FOR` 1: a child hammering Enter every
    third of a second got through after a second, into the next hand and its move), so
    only a press after a calm second shows the hand; the screen says so at such a key."""

    goes_up_by_itself: ClassVar[bool] = True  # waits while the quit dialog is open (`PinochleApp.push_screen`)
    # (the app's tests set it to 0: tests/conftest.py)
    PAUSE: ClassVar[float] = HANDOFF_PAUSE
    HELD_FOR: ClassVar[float] = 1.0

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "show my hand", id="handoff_ready"),
        Binding("q", "app.confirm_quit", "quit", id="handoff_quit"),
    ]

    def __init__(self, name: str, seats: int = 4, news: Text | None = None, handed_for: str = "") -> None:
        """``news``: what everyone at the table may see of the move just made (the trick it
        won: the person who played its last card is handed on before it is shown), or None;
        ``handed_for``: whose turn it is and what for, under "Pass the keyboard to Sam."
        ("Sam's turn: give 3 cards to partner Dad.", `panels.base.handed_for`), or empty."""
        super().__init__()
        self.player = name
        self.handed_for = handed_for
        self.others = "the other player" if seats == 2 else "the others"
        self.go_key = bound_key("continue")  # the key that shows the hand, as the player bound it
        self.news = news

    def compose(self) -> ComposeResult:
        with Vertical(classes="body handoff"):
            yield Center(  # centred like its button below
                Static(
                    Text.assemble(
                        *((self.news, "\n\n") if self.news else ()),
                        ("Pass the keyboard to ", ""),
                        (self.player, "bold"),
                        (".", ""),
                        (f"\n{self.handed_for}" if self.handed_for else "", ""),
                        ("\n\n", ""),
                        (f"{self.player}: press {self.go_key} when {self.others} cannot see the screen.", "italic"),
                    ),
                    id="handoff-text",
                ),
                id="handoff-box",
            )
            yield Center(Static("", id="handoff-wait"))  # (a key inside the pause: to wait)
            b = Button(Text(f"I am {self.player} — show my hand"), id="handoff-go")
            b.can_focus = False
            yield Center(b)
        yield TooSmall()
        yield KeysFooter()

    def pause_length(self) -> float:
        """`PAUSE`: the hand-off's own, a person's second press being the thing it guards."""
        return self.PAUSE

    def on_screen_resume(self) -> None:
        self.prompt_shows()  # (back from the quit question or the help is no new start)

    def action_ready(self) -> None:
        self._go_on()

    @when_live
    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._go_on()

    def _go_on(self) -> None:
        """The hand shows, unless the key came inside the pause: then it says to wait."""
        if not self.too_soon():
            self.dismiss(None)
            return
        for line in self.query("#handoff-wait").results(Static):
            line.update(Text(f"Too soon: wait a moment, then {self.player} presses {self.go_key}.", style="bold"))


UNASKED_PAUSE = 1.0
"""Seconds a hand result that went up by itself takes no Enter or Space (`KEY_PAUSE` at
least, `HandResultScreen.pause_length`): longer than a key typed on at the table as it
came up (an Enter "a moment later" came 0.8 s after it showed)."""


class HandResultScreen(KeyPause, SizeWatch, Screen[None]):
    """Per side: meld shown, meld saved, trick points, made or set, change, new total.

    For `KeyPause.KEY_PAUSE` seconds after it first shows, Enter and Space (and its Next
    button) do not close it.  After the last trick the table says "The hand is over.
    ⏎ continue" for the trick's pause, and Enter there opens the result at once: a second
    key close behind the first (a double press) closed the result before it was seen.

    A result that went up by itself (the last trick's pause ran out, no key of the
    player's opened it: not ``asked``) takes no Enter for `UNASKED_PAUSE`: the player may
    still be typing at the table, an Enter meant for a card, which dealt the next hand
    unseen.

    ``a`` (play for me), which plays the hand's last card and opens the result, does not
    close it: pressed on through the hand, one ``a`` after another, it went past the
    result (and its review) to the next deal."""

    goes_up_by_itself: ClassVar[bool] = True  # waits while the quit dialog is open (`PinochleApp.push_screen`)
    # (the app's tests set it to 0: tests/conftest.py)
    UNASKED_PAUSE: ClassVar[float] = UNASKED_PAUSE

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "next", "next hand", id="result_next"),
        Binding("enter,space", "final", "final result", id="result_final"),  # the game's last hand
        Binding("t", "tricks", "tricks", id="result_tricks"),
        Binding("r", "review", "review", id="result_review"),
        # where the form has no review: not offered, but the help's r says so (`action_no_review`)
        Binding("r", "no_review", "review", show=False, id="result_no_review"),
        Binding("question_mark", "app.show_help", "help", id="result_help"),
        Binding("q", "app.confirm_quit", "quit", id="result_quit"),
    ]

    SCOPED_CSS = False  # the rules for a terminal too small, or a big one, are the app's classes
    # On a big terminal (120 columns or more) the result is a block in the middle of the
    # screen, the line under it centred too (at 200x60 it sat in the top-left corner); the
    # block scrolls within the rows the line under it leaves, as at 80x24.
    DEFAULT_CSS = """
    #result-next { height: auto; padding: 0 2; }
    #result-notice { height: auto; padding: 0 2; }
    App.-too-small #result-notice { display: none; }
    #result-next #result-more { width: auto; margin-right: 2; }
    App.-too-small #result-next { display: none; }
    App.-wide #result-frame { align: center middle; }
    App.-wide #result-frame > .result { height: auto; }
    """
    WIDE = 120  # columns from which the result is a block in the middle (the app's -wide)

    def __init__(
        self, source: Controller | Outcome, on_done: Any = None, review: Any = None, asked: bool = False
    ) -> None:
        """``source``: the game whose hand is over, or its `Outcome` (a seat at a hosted
        table: made by the host); ``review``: makes the hand's `Review` when ``r`` asks for
        it (default: the game's decisions); ``asked``: a key of the player's opened it (not
        the last trick's pause running out: `UNASKED_PAUSE`)."""
        super().__init__()
        self.asked = asked
        if isinstance(source, Outcome):
            self.ctrl: Controller | None = None
            self.outcome = source
        else:
            self.ctrl = source
            made = outcome_of(source)
            assert made is not None, "the hand result of a hand in play"
            self.outcome = made
        self.make_review = review
        self.on_done = on_done
        self.closing = False
        self.withdrawn = False  # the next hand was dealt without it (`withdraw`)
        self.review: Any = None  # the hand's review (`pinochle_tui.review.Review`), once asked for
        self.dealt: int | None = None  # the next hand the host dealt while this is open (`dealt_on`)

    def compose(self) -> ComposeResult:
        o = self.outcome
        n = len(o.headings)
        # the frame: the result, then the line under it (hidden when the terminal is too small)
        with Vertical(id="result-frame", classes="body"):
            with VerticalScroll(classes="result", id="result-body"):
                yield Static(Text(f"Hand {o.hand_no} result", style="bold underline"), id="result-title")
                headline = o.headline
                yield Static(Text(headline, style="bold" if o.bold else ""), id="result-headline")
                note = o.note  # several reached the target together: it rose, or one more hand (§8.5)
                lines = [headline, note or ""]
                if note:
                    yield Static(Text(note, style="bold"), id="result-target")
                grid = Grid(id="result-grid")
                grid.styles.grid_size_columns = n + 1
                col, first, gutter = result_columns(n)  # the stylesheet's #result-grid up to three sides
                if n > 3:  # four teams or five players within 80 columns
                    grid.styles.grid_columns = [first] + [col] * n
                    grid.styles.grid_gutter_vertical = gutter
                grid_width = first + n * (col + gutter)
                with grid:
                    yield Static("")
                    for side in range(n):
                        yield Static(Text(o.headings[side], style="bold"), id=f"side-{side}")
                    for label, key, cells in o.rows:
                        yield Static(label, classes="rowlabel")
                        for side in range(n):
                            yield Static(cells[side], id=f"{key}-{side}")
                    yield Static("New total", classes="rowlabel")
                    for side in range(n):
                        yield Static(Text(o.totals[side], style="bold"), id=f"total-{side}")
                if o.sat_out:  # §0.4.16: who sat this deal out, and their scores
                    sat = Text(o.sat_out, style="dim")
                    lines.append(sat.plain)
                    yield Static(sat, id="result-sat-out")
                hidden = o.hidden  # the hand is over: the kitty and burial are turned up
                if hidden.plain:
                    lines.append(hidden.plain)
                    yield Static(hidden, id="result-kitty")
                if o.checks.plain:
                    checks = o.checks
                    lines.append(checks.plain)
                    yield Static(checks, id="result-checks")
            # the block's width on a big terminal: its longest line, the grid's columns at least
            longest = max((cell_len(line) for text in lines for line in text.splitlines()), default=0)
            self.block_width = max(grid_width, longest) + 6  # padding 2 either side, a scroll bar's 2
            # a problem said while the hand ended (the statistics database damaged, set aside):
            # in the screen's own line, over nothing (a notice at the top right covered the
            # table's columns for 20 seconds); hidden when there is none
            notice = Static("", id="result-notice")
            notice.display = False
            yield notice
            # under the scrolled text, always in sight (at 80x24 the checks pushed it below the screen)
            with Horizontal(id="result-next"):
                more = "See the final result." if o.game_over else f"Press {bound_key('continue')} for the next hand."
                yield Static(more, id="result-more")
                b = Button("Next", id="result-go", compact=True)
                b.can_focus = False
                yield b
        yield TooSmall()
        yield KeysFooter()

    def on_mount(self) -> None:
        said = getattr(self.app, "result_notices", None)
        if said:
            self.show_notice(" ".join(said))
            said.clear()
        self.fit_block()
        self._say_dealt()
        if self.withdrawn:
            self.call_after_refresh(self._close_withdrawn)

    def withdraw(self) -> None:
        """The game dealt the next hand without this screen's Enter (a host's table:
        everyone else went on): it closes, at once when it is on top, else as soon as it is
        (its push completes, a view over it closes), and it acts on nothing meanwhile.
        Dismissed while not on top it stayed, over the next hand, taking no key."""
        self.closing = self.withdrawn = True
        self.on_done = None
        self._close_withdrawn()

    def dealt_on(self, hand_no: int) -> None:
        """The host dealt hand ``hand_no`` while this result is still open (a seat at a
        hosted table the others went on without): the line under it says the next hand
        has started, and Enter goes to it."""
        self.dealt = hand_no
        self._say_dealt()

    def _say_dealt(self) -> None:
        if self.dealt is None or self.outcome.game_over or not self.is_mounted:
            return
        said = f"Hand {self.dealt} has been dealt: {bound_key('continue')} to join it."
        with contextlib.suppress(NoMatches):
            line = self.query_one("#result-more", Static)
            if str(line.content) != said:
                line.update(Text(said, style="bold"))

    def _close_withdrawn(self) -> None:
        if self.withdrawn and self.on_top:
            self.dismiss(None)

    def show_notice(self, text: str) -> None:
        """Say ``text`` in the screen's own line, between the result and the line under it
        (`PinochleApp.record_stats`), kept until the screen closes."""
        line = self.query_one("#result-notice", Static)
        shown = str(line.content)
        line.update(Text(f"{shown} {text}" if shown else text, style="bold"))
        line.display = True
        if self.is_mounted:
            self.fit_block()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.fit_block()

    def fit_block(self) -> None:
        """On a big terminal the result is as wide as its longest line and in the middle (the
        app's -wide class centres it); below `WIDE` it takes the width, as at 80x24."""
        width, height = self.app.size
        wide = width >= self.WIDE
        block = min(self.block_width, width - 4) if wide else None
        body = self.query_one("#result-body", VerticalScroll)
        body.styles.width = block
        notice = self.query_one("#result-notice", Static)
        notice.styles.width = block
        said = 0
        if notice.display:  # (its wrapped lines, at the block's width less its padding)
            said = len(Text(str(notice.content)).wrap(Console(), max((block or width) - 4, 1)))
        # the footer's row, the line's and the notice's
        body.styles.max_height = max(3, height - 2 - said) if wide else None
        self.query_one("#result-next", Horizontal).styles.width = block

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter says what it goes on to: the next hand, or the final result (the game's
        last hand), as the line above the button does.  ``r`` review only where the
        expert reviews the form (`review.reviewable`: not the two-hand forms, whose
        hidden ``r`` only says there is no review, `action_no_review`)."""
        if action in ("next", "final") and (action == "final") != self.outcome.game_over:
            return False
        if action == "review" and not self.outcome.reviewable:
            return False
        if action == "no_review" and self.outcome.reviewable:
            return False
        return super().check_action(action, parameters)

    def pause_length(self) -> float:
        """`KeyPause.KEY_PAUSE`, or `UNASKED_PAUSE` for a result that went up by itself."""
        return self.KEY_PAUSE if self.asked else max(self.KEY_PAUSE, self.UNASKED_PAUSE)

    def action_final(self) -> None:
        self.action_next()

    def on_screen_resume(self) -> None:
        self.prompt_shows()  # (its first showing: back from the tricks or the help is no new start)
        if self.withdrawn:
            self.call_after_refresh(self._close_withdrawn)

    def action_next(self) -> None:
        if self.withdrawn:
            self._close_withdrawn()
            return
        if self.closing or not self.on_top:
            return
        if self.too_soon():
            return  # a key meant for the table as the hand ended (`KeyPause`)
        self.closing = True
        if self.review is not None:
            self.review.cancel()  # the next hand's bots have the worker pool
        if self.outcome.game_over and self.on_done is not None:
            # the final result: the game's end takes its place at once (`on_done`, with this
            # screen still on top: `TableScreen.show_game_over`)
            self.on_done(self)
            if self.app.screen is self:  # (nothing took its place)
                self.dismiss(None)
            return
        self.dismiss(None)
        if self.on_done is not None:
            # at once, the table back on top: the next hand is dealt before the table is
            # drawn again (on the app's queue, the table said "The hand is over. ⏎
            # continue" for 40-80 ms before the next deal)
            self.on_done(self)

    def action_tricks(self) -> None:
        """The tricks of the hand just finished (none when it was thrown in)."""
        if not self.outcome.tricks.plain:
            self.notify("No trick was played this hand.")
            return
        self.app.push_screen(TricksScreen(self.outcome.tricks))

    def action_review(self) -> None:
        """The review of the hand just played (`ReviewScreen`): begun in a worker thread
        the first time it is asked for, kept while the result is up, so closing the
        review and opening it again shows how far it has got."""
        if self.review is None:
            review = self.review = self._made_review()
            if not review.finished:
                self.run_worker(lambda: _review_work(review), thread=True, group="review", exit_on_error=False)
        self.app.push_screen(ReviewScreen(self.review))

    def _made_review(self) -> Any:
        if self.make_review is not None:
            return self.make_review()
        from ..review import Review

        assert self.ctrl is not None
        return Review(self.ctrl)

    def kept_review(self) -> Any:
        """The hand's review, for ``r`` at the table during the next hand (`LastReviewScreen`):
        the one begun here, as far as it got, else one made now, before the next deal
        takes the hand's decisions away; None where the form has no review here."""
        if self.review is None and self.outcome.reviewable:
            self.review = self._made_review()
        return self.review

    def action_no_review(self) -> None:
        """``r`` where there is no review (a game of bots alone, watched; no expert
        installed): said once in the screen's own line (the help lists ``r``
        for every hand's result)."""
        from ..review import NO_PERSON, NO_REVIEW, variant_reviewable

        # (a seat at a hosted table, ``ctrl`` None, is a person: there the form says it)
        none = NO_PERSON if self.ctrl is not None and variant_reviewable(self.ctrl.variant) else NO_REVIEW
        if none not in str(self.query_one("#result-notice", Static).content):
            self.show_notice(none)

    def on_unmount(self) -> None:
        if self.review is not None:
            self.review.cancel()

    @when_live
    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_next()


def _review_work(review: Any) -> None:
    """A review worked through in the app's worker thread, its searches on the expert's
    worker pool (started here if no expert sits at the table, and waited for: a search in
    this process would hold the keys up, `review.wait_for_pool`)."""
    from .. import review as reviews

    reviews.wait_for_pool(stop=lambda: review.cancelled)
    review.run()


# beside the game-over buttons where the body scrolls (80x24): the ledger's hands are under the chart
OVER_MORE = "↓ scrolls to each hand's scores"
OVER_MORE_CHECKS = "↓ scrolls to the chart and the hands"  # (the checks over the chart; 42 cells at 80)


class GameOverScreen(SizeWatch, Screen[None]):
    """The winner, final scores, a chart hand by hand and the ledger of every hand."""

    goes_up_by_itself: ClassVar[bool] = True  # waits while the quit dialog is open (`PinochleApp.push_screen`)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "app.new_game", "new game", id="over_new"),
        Binding("s", "app.show_stats", "statistics", id="over_stats"),
        Binding("question_mark", "app.show_help", "help", id="over_help"),
        Binding("q", "app.quit", "quit", id="over_quit"),
    ]

    def __init__(self, source: Controller | GameSummary) -> None:
        """``source``: the game that is over, or its `GameSummary` (a seat at a hosted
        table: made by the host)."""
        super().__init__()
        if isinstance(source, GameSummary):
            self.ctrl: Controller | None = None
            self.summary = source
        else:
            self.ctrl = source
            self.summary = game_summary(source)

    def compose(self) -> ComposeResult:
        g = self.summary
        # who won and the final scores over the body that scrolls, in sight at any height
        # (at 80x24 the chart and the ledger take more rows than the screen has: the ledger
        # scrolled into sight took them away)
        with Vertical(id="over-head"):
            yield Static(Text(g.winner, style="bold"), id="over-winner")
            yield Static(Text(g.scores), id="over-scores")
        with VerticalScroll(classes="body over"):
            if g.checks.plain:
                yield Static(g.checks, id="over-checks")
            from ..chart import Chart  # plotext loads at game over, never at start-up

            chart = Chart(id="over-chart")
            chart.styles.height = 14
            yield chart
            if g.ledger_key is not None:  # the letters the ledger's columns are headed by
                yield Static(Text("\n".join(g.ledger_key)), id="ledger-key")
            table: DataTable[str] = DataTable(id="ledger", zebra_stripes=True, cursor_type="none")
            table.can_focus = False
            yield table
        # the buttons under the body that scrolls, in sight at any height (at 80x24 the
        # chart and the ledger take more rows than the screen has, and they were under them)
        with Horizontal(id="over-buttons"):
            yield Button("New game (n)", id="over-new", compact=True)
            yield Button(f"Quit ({bound_key('quit')})", id="over-quit", compact=True)
            yield Static("", id="over-more")  # where the body scrolls: that the hands are under the chart
        yield TooSmall()
        yield KeysFooter()

    @unless_closing
    def on_mount(self) -> None:
        from ..chart import Chart, plot_scores

        g = self.summary
        table = self.query_one(DataTable)
        table.add_columns(*plain(*g.columns))
        for row in g.rows:
            if g.row_height is None:
                table.add_row(*plain(*row))
            else:
                table.add_row(*plain(*row), height=g.row_height)
        chart = self.query_one("#over-chart", Chart)
        series = [list(row) for row in g.series]
        plot_scores(chart, list(g.names), series, g.target, g.target_label, least_height=self.CHART_ROWS)
        self.call_after_refresh(self.grow_chart)

    CHART_ROWS = 14  # the chart's rows at 80x24 (more when the scores need them: `plot_scores`)

    def grow_chart(self) -> None:
        """The chart takes the rows the rest of the screen leaves, never fewer than
        `CHART_ROWS` (the 80x24 layout): at 200x60 it drew on 12 of 60 rows.  Where that
        leaves the ledger under the screen's edge, it is brought into sight (`ledger_in_sight`)."""
        if not self.is_mounted:
            return
        try:
            body = self.query_one(".over", VerticalScroll)
            chart = self.query_one("#over-chart")
        except NoMatches:  # the screen is going: its children are unmounted before it
            return
        shown = [w for w in body.children if w.display]  # each with its margins (never more than they take)
        used = sum(w.outer_size.height for w in shown if w is not chart)
        used += sum(w.styles.margin.top + w.styles.margin.bottom for w in shown)
        rows = max(self.CHART_ROWS, body.scrollable_content_region.height - used)
        if chart.styles.height is None or chart.styles.height.value != rows:
            chart.styles.height = rows
        self.call_after_refresh(self.ledger_in_sight)

    def ledger_in_sight(self) -> None:
        """Where the chart and the ledger together are taller than the screen (80x24),
        the body opens scrolled so that the whole chart is in sight, from its legend (the
        title row) to its x label (which names the target line), the ledger's head under
        it saying that more follows (↓ scrolls to the hands).  Scrolled to the ledger's end,
        the chart's legend and the target line went off the top.  Beside the buttons,
        `OVER_MORE` says that the hands' scores are under it.

        A game with checks (§9.1) opens at the top instead: the checks and the payments that
        square them come first, and scrolled to the chart the first payments were off the
        top (check pinochle at 100x32 showed "East pays North 30 checks" first, the other
        payment only after Home); `OVER_MORE_CHECKS` says that the chart is under them."""
        if not self.is_mounted:
            return
        try:
            body = self.query_one(".over", VerticalScroll)
            chart = self.query_one("#over-chart")
        except NoMatches:
            return
        if body.max_scroll_y > 0 and not self._scrolled:
            self._scrolled = True  # (once: a player who scrolled stays where they went)
            top = chart.virtual_region.y - body.virtual_region.y
            # the margin over the chart too, where the chart still fits under it
            margin = chart.styles.margin.top
            room = body.scrollable_content_region.height
            y = top - margin if chart.outer_size.height - chart.styles.margin.bottom <= room else top
            checks = bool(self.summary.checks.plain)
            body.scroll_to(y=0 if checks else max(0, y), animate=False, immediate=True)
            more = OVER_MORE_CHECKS if checks else OVER_MORE
            self.query_one("#over-more", Static).update(Text(more, style="italic"))

    _scrolled = False

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.call_after_refresh(self.grow_chart)

    @when_live
    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "over-new":
            self.papp.action_new_game()
        else:
            self.app.exit()

    @property
    def papp(self) -> Host:
        return self.app  # type: ignore[return-value]


def picked_to(variant: Any = None) -> tuple[str, ...]:
    """What the form picks cards for: "pass" (§4.1), "bury" (the bidder's burial, §4.2),
    both, or none (the stock game); both without ``variant``."""
    if variant is None:
        return ("pass", "bury")
    return (
        *(("pass",) if variant.pass_count > 0 else ()),
        *(("bury",) if variant.kitty_mode == "bidder_takes_and_buries" else ()),
    )


def key_help(variant: Any = None) -> list[tuple[str, str]]:
    """The help's keys, each as the player bound it (`keymap`): the default ``i`` reads
    ``f6`` once the hint is remapped there.  Given ``variant`` (a `Variant`), only the keys
    of that form, as its table's footer shows them (`table.facts.key_states`): no bid keys
    without an auction (the two-hand stock game, §2.7), no pick without a pass (§4.1) or a
    burial (§4.2), no throw-in question without concession (§8.3), no meld view where the
    melds lie on the table, no review of a form the expert does not review; its meld after
    a won trick (§5.9), its draft (§2.8) and its misdeal (§5.8) added; Esc names only the
    views it has (no meld view where the melds lie on the table).  Without, every key."""
    from ..review import variant_reviewable

    v = variant
    auction = v is None or v.has_auction
    picks = " or ".join(picked_to(v))
    confirm = "confirm the " + "/".join({"pass": "pass", "bury": "burial"}[w] for w in picked_to(v))
    throw_in = v is None or v.concession != "off"
    reviews = v is None or variant_reviewable(v)  # (the review's module loads the bots: not at start-up)
    meld_view = v is None or not v.melds_during_play
    does = {"bid": "bid", "play": "play the card", "confirm": confirm, "choose": "choose"}
    applies = {"bid": auction, "play": True, "confirm": bool(picks), "choose": True}
    enter = [(a, bound_key(a)) for a in does if applies[a]]
    rows = []
    for name in dict.fromkeys(k for _, k in enter):  # one row per key, as the default Enter is
        rows.append((name, "do it: " + ", ".join(does[a] for a, k in enter if k == name)))
    pairs = zip_longest(keys_of("raise"), keys_of("lower"), fillvalue="")
    updown = " / ".join(" ".join(display(k) for k in pair if k) for pair in pairs)  # ↑ ↓ / k j / + -
    pick = f"pick a card to {picks} (again to put it back); play a card" if picks else "play a card"
    jump = "a jump of ten raises or more (100 in partnership)" if auction else ""
    asked = ", or ".join(w for w in (jump, "a throw-in" if throw_in else "") if w)
    extra = () if v is None else (MELD_AFTER_TRICK_KEYS,) if v.melds_during_play else (DRAFT_KEYS,) if v.drafts else ()
    views = ", ".join(["meld"] * meld_view + ["tricks", "hint", "help"])  # the form's own views Esc closes
    return [
        (
            "← → / h l",
            "move along your hand, the bid, or the choices" if auction else "move along your hand or the choices",
        ),
        ("Home / End", "jump to the first / last card of your hand"),
        *([(updown, "raise or lower your bid")] if auction else []),
        *rows,
        (bound_key("pick"), pick),
        *([(bound_key("pass_bid"), "pass in the auction")] if auction else []),
        *([MISDEAL_KEYS] if v is not None and v.may_misdeal else []),
        *([("1-4", "choose a suit (♠ ♥ ♦ ♣) or the numbered choice")] if auction else []),
        *extra,
        (
            bound_key("auto"),
            "let the hint's bot make your move (the hint shown, if any); it goes on past the meld and stops"
            " at a hand's result",
        ),
        (
            bound_key("hint"),
            "hint: what a bot would do in your place, and why (the expert if one plays at this table, else"
            " the standard bot)",
        ),
        (bound_key("undo"), "undo your last move and the bots' replies (practice aid; off in hot-seat)"),
        (bound_key("tricks"), "show the tricks of this hand, the last at the bottom"),
        *(
            [("r", "review your bids and plays against the expert: a hand's, on its result and in the next hand")]
            if reviews
            else []
        ),
        *(
            [(bound_key("melds"), "show everyone's meld again (before trump: your meld under each trump)")]
            if meld_view
            else []
        ),
        ("Esc", f"close a view ({views}); table keys do nothing meanwhile"),
        *([("y / n", f"answer the question before {asked}")] if asked else []),
        (bound_key("help"), "this help"),
        ("F1", "the rules of this variant, on any screen (in this help: jump to the rules and back)"),
        (bound_key("quit"), quit_words()),
        QUIT_ANYWHERE_KEYS,
        (
            "mouse",
            "click a card to play or pick it; click the buttons"
            if picks
            else "click a card to play it; click the buttons",
        ),
    ]


# the help's extra key row where a form melds after a won trick (§5.9) or drafts (§2.8)
MELD_AFTER_TRICK_KEYS = ("1-9", "after a won trick: the numbered meld (or the dix, or no meld)")
DRAFT_KEYS = ("1 / 2", "in the draft: keep the card you look at / reject it")
# the help's extra key row where a hand may be a misdeal (§5.8; claimed late, §0.4 item 23b)
MISDEAL_KEYS = ("x", "call a misdeal your hand was dealt, until you play its first card (the hand's line says so)")

# the help's row of the app's own quit keys, under the table's q: the same question on every
# screen (`PinochleApp.action_help_quit`: ctrl+c, the key a terminal user reaches for)
QUIT_ANYWHERE_KEYS = (
    "ctrl+c / ctrl+q",
    "quit from any screen: the same question (ctrl+c copies selected text instead)",
)

# the help's extra key rows at the table of a game this terminal hosts (people at others)
HOST_KEYS = (
    ("b", "hosting: a bot plays for each person away, until they are back"),
    ("w", "hosting: the lines to join this table with (w or Esc closes them)"),
)


# the help's undo row at a hosted table, the host's and a seat's joined at it
UNDO_HOSTED = "undo: off at a hosted table (a move sent to or from another terminal stands)"


def quit_words(saved: bool = True, joined: bool = False, hosted: bool = False, unplayed: bool = False) -> str:
    """What the quit key does, for the help: it asks first (`QuitScreen`, its keys and
    words), then what becomes of the game, as the question says it (``saved``, ``joined``,
    ``hosted``: `PinochleApp.quit_facts`; by default a game saved here; ``unplayed``: one
    no one has moved in, `PinochleApp.unplayed`)."""
    stay = "keeps playing" if saved or joined or unplayed else "stays"
    asks = f"quit: asks first (y quits, n or Esc {stay})"
    if unplayed:
        return f"{asks}; no one has made a move yet, so quitting does not keep this game"
    run = program()  # (the command as run: `.venv/bin/pinochle` off the PATH, as the line left on quitting)
    if joined:  # a seat at a table another pinochle hosts
        return f"{asks}; the host keeps the game, {run} join with your code takes your seat back"
    if saved:
        return f"{asks}; the game is saved, {run} {'host --resume' if hosted else '--resume'} continues it"
    return asks


class ScrollsText:
    """A view whose text scrolls in a `VerticalScroll` (``SCROLL``): ↑ ↓ (its ``scroll``
    bindings) move it three rows at a time."""

    SCROLL: ClassVar[str] = "#overlay-scroll"

    def action_scroll(self, d: int) -> None:
        self.query_one(self.SCROLL, VerticalScroll).scroll_relative(y=d * 3, animate=False)  # type: ignore[attr-defined]


class HelpScreen(ScrollsText, Overlay, SizeWatch, Screen[None]):
    """Keys, and the rules of the variant being played, made from its fields; the rules
    first when asked for as rules (``rules_first``: F1 on any screen, where they began some
    45 lines down, under the table's keys).  F1 in the help jumps between the two parts
    (its footer and close line name the part it goes to)."""

    SCROLL = "#help-scroll"

    CLOSE_HOW = "Esc, {help}, Enter or {quit} closes the help; ↑ ↓ scroll."

    # on a big terminal a column of 104 in the middle (at 200x60 its text ran from the left
    # edge, its rules' paragraphs across the whole width); the app's -wide class
    SCOPED_CSS = False
    DEFAULT_CSS = """
    App.-wide HelpScreen { align-horizontal: center; }
    App.-wide HelpScreen #help-scroll, App.-wide HelpScreen #overlay-close { width: 104; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q,enter", "close", "close", id="help_close"),
        Binding("up,k", "scroll(-1)", "scroll", show=False),
        Binding("down,j", "scroll(1)", "scroll", show=False),
        # one key, two bindings: the footer names the part F1 goes to (`check_action`)
        Binding("f1", "jump('rules')", "rules", id="help_to_rules"),
        Binding("f1", "jump('keys')", "keys", id="help_to_keys"),
    ]

    def __init__(
        self, variant: Any, rules_first: bool = False, screen_keys: list[tuple[str, str]] | None = None
    ) -> None:
        """``screen_keys``: the keys of the screen it is opened from, listed first (the
        new-game screen's), before the table's ("At the table")."""
        super().__init__()
        self.variant = variant
        self.rules_first = rules_first
        self.screen_keys = screen_keys or []
        self.showing = "rules" if rules_first else "keys"  # the part F1 last went to

    def close_how(self) -> str:
        """`Overlay.close_how` and the part F1 goes to."""
        return super().close_how().removesuffix(".") + f"; F1 the {'keys' if self.showing == 'rules' else 'rules'}."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key once the help is closing (F1 then ctrl+s on the new-game screen: a key of
        the same burst scrolled a view already removed); F1 goes to the other part."""
        if not is_live(self):
            return False
        if action == "jump":
            return parameters != (self.showing,)
        return True

    def compose(self) -> ComposeResult:
        v = self.variant
        keys = Text()
        if self.screen_keys:
            keys.append("Keys on this screen\n", style="bold underline")
            for k, what in self.screen_keys:
                keys.append(f"  {k:<18}", style="bold")
                keys.append(f"{what}\n")
            keys.append("\nKeys at the table\n", style="bold underline")
        else:
            keys.append("Keys\n", style="bold underline")
        rows = key_help(v)
        picks = " or ".join(picked_to(v))
        ctrl = getattr(self.app, "ctrl", None)
        hosting = ctrl is not None and bool(ctrl.remote_codes)
        if hosting:  # the host's own keys, at a hosted table
            at = next(i for i, (k, _) in enumerate(rows) if k == "Esc")
            rows = [*rows[:at], *HOST_KEYS, *rows[at:]]
        facts = getattr(self.app, "quit_facts", None)  # what quitting does here, as its question says
        if hosting or (facts is not None and facts()[1]):  # the host's table, or a seat joined at one
            # the undo row says it is off there, where a player looks for undo
            rows = [(k, UNDO_HOSTED) if k == bound_key("undo") else (k, w) for k, w in rows]
        if facts is not None:
            saved, joined, hosted = facts()
            said = quit_words(saved, joined, hosted, unplayed=self.app.unplayed())  # type: ignore[attr-defined]
            rows = [(k, said) if k == bound_key("quit") else (k, w) for k, w in rows]
        for k, what in rows:
            k = k.replace("♠ ♥ ♦ ♣", "S H D C") if Style.ascii else k
            what = what.replace("♠ ♥ ♦ ♣", "S H D C") if Style.ascii else what
            keys.append(f"  {k:<18}", style="bold")
            keys.append(f"{what}\n")
        keys.append("\nYour hand\n", style="bold underline")
        down, up = ("v", "^") if Style.ascii else ("▼", "▲")
        for mark, what in (
            (
                f"{up} under a card",
                f"the cursor: {bound_key('play')} or {bound_key('pick')} plays{' or picks' * bool(picks)} this card",
            ),
            *(((f"{down} over a card", f"picked to {picks}"),) if picks else ()),
            ("+ over a card", "just drawn from the stock" if v.has_stock else "just passed to you"),
            ("dim card", "cannot be played to this trick"),
            *(
                (("on table row", "your melds on the table: play them like hand cards while the stock lasts"),)
                if v.melds_during_play
                else ()
            ),
        ):
            keys.append(f"  {mark:<18}", style="bold")
            keys.append(f"{what}\n")
        rules = Text()
        gap = "" if self.rules_first else "\n"  # (under the keys: a blank line between)
        rules.append(f"{gap}Rules of {visible(v.name)}\n", style="bold underline")  # names from a file
        from ..house_presets import house_rules_text, summary_of  # (a preset of yours: every rule it changes)

        rules.append(visible(summary_of(self.app, v)) + "\n\n", style="italic")
        # the plainest words first, for a first game (a child at a family table), then the
        # rules in full, whose words ("head the trick", "saved meld", "set") they explain
        rules.append("The basics\n", style="bold underline")
        for line in basics_text(v):
            rules.append(line + "\n")
        if ctrl is not None and ctrl.hotseat:  # several people at this keyboard: the hand-off
            people = [visible(s.name) for p, s in enumerate(ctrl.people) if s.kind == "human" and p not in ctrl.remote]
            rules.append(hot_seat_text(people) + "\n")
        rules.append("\nThe rules in full\n", style="bold underline")
        for line in rules_text(v):
            rules.append(line + "\n")
        for title, lines in form_help_sections(v):
            rules.append(f"\n{title}\n", style="bold underline")
            for line in lines:
                rules.append(line + "\n")
        rules.append("\nHouse rules\n", style="bold underline")  # (each by the editor's name for it)
        for line in house_rules_text(v):
            rules.append(line + "\n")
        if self.rules_first:
            keys = Text("\n") + keys
        with VerticalScroll(classes="body help", id="help-scroll"):
            shown = [HangingRows(keys, KEY_COLUMN, id="help-keys"), HangingRows(rules, id="help-rules")]
            yield from reversed(shown) if self.rules_first else shown
        yield self.close_line()
        yield TooSmall()
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_jump(self, part: str) -> None:
        """F1: the top of the rules, or of the keys (``part``)."""
        self.showing = part
        target = self.query_one("#help-rules" if part == "rules" else "#help-keys")
        scroll = self.query_one("#help-scroll", VerticalScroll)
        scroll.scroll_to(y=target.virtual_region.y - scroll.virtual_region.y, animate=False)
        line = self.query_one("#overlay-close", CloseLine)
        line.update(Text(self.close_how(), style="bold reverse" if self.told else "italic"))
        self.refresh_bindings()


class FitsTall(ScrollsText):
    """A box (``#dialog``) whose text scrolls (``SCROLL``, a `VerticalScroll`) above its
    close line, both over the footer: the text as tall as it is, and never so tall that
    the close line goes out of the box.  ↑ ↓ scroll by the screen's bindings (``scroll``);
    PgUp, PgDn, Home and End by the scroll's own, as it holds the focus.  Capped by the box
    alone, the 19 tricks of a racehorse hand at 80x24 filled it, and nothing said the list
    went on; the expert's long bidding hint ran off the screen with its close line."""

    def fit_height(self) -> None:
        """The scroll's height limit: the screen over the footer less the box's border and
        padding and the close line under the scroll; nothing where the box is not in the
        screen (`FitsWide.fit_width`)."""
        box = next(iter(self.query("#dialog").results(Vertical)), None)  # type: ignore[attr-defined]
        parts = (self.SCROLL, "#overlay-close", KeysFooter)
        if box is None or not all(self.query(p) for p in parts):  # type: ignore[attr-defined]
            return
        under = self.query_one("#overlay-close", CloseLine)  # type: ignore[attr-defined]
        footer = self.query_one(KeysFooter).outer_size.height  # type: ignore[attr-defined]
        room = self.size.height - footer - box.gutter.height  # type: ignore[attr-defined]
        self.query_one(self.SCROLL, VerticalScroll).styles.max_height = max(1, room - under.outer_size.height)  # type: ignore[attr-defined]


class TricksScreen(FitsWide, FitsTall, Overlay, LiveScreen, ModalScreen[None]):
    """Every trick of the hand so far, one line each: the cards in the order played (the
    lead first), the winner's card marked, and the counters it took."""

    CLOSE_HOW = "Esc, {tricks}, Enter or {quit} closes the tricks; ↑ ↓ scroll."
    SCROLL = "#tricks-scroll"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,t,q", "close", "close", id="trick_close"),
        Binding("up,k", "scroll(-1)", "scroll", show=False),
        Binding("down,j", "scroll(1)", "scroll", show=False),
    ]

    def __init__(self, source: Controller | Text, viewer: int | None = None) -> None:
        """``source``: the game (its tricks as ``viewer`` may see them: `tricks_text`), or
        the text itself, made elsewhere (a seat at a hosted table: `view_tricks_text`)."""
        super().__init__()
        self.text = source if isinstance(source, Text) else tricks_text(source, viewer)

    def compose(self) -> ComposeResult:
        t = self.text
        self.widest = max(len(line) for line in t.plain.splitlines())
        with Vertical(id="dialog", classes="wide"):
            with VerticalScroll(id="tricks-scroll"):
                yield Static(t)
            yield self.close_line()
        yield KeysFooter()  # its own keys over the table's ('⏎ play card' showed)

    def wanted_width(self) -> int:
        """The longest line with the box's border and padding (6 cells)."""
        return self.widest + 6

    def on_mount(self) -> None:
        """On a big terminal the box widens to its longest line (`FitsWide`), never
        narrower than the 74 of ``#dialog.wide``."""
        self.fit_width()
        self.fit_height()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_width()
        self.fit_height()

    def action_close(self) -> None:
        self.dismiss(None)


class ReviewScreen(FitsWide, FitsTall, Overlay, LiveScreen, ModalScreen[None]):
    """The review of the hand just played (``r`` on its result): each bid and
    card of the human(s) beside the expert's choice and the difference in points
    (`pinochle_tui.review`).  The review works in a worker thread of the result screen;
    this view shows what it has so far ("reviewing… 3 of 12") and fills in as it goes.
    The box is as tall as the review, its text scrolling above the close line where it is
    taller than the screen (`FitsTall`); it filled the screen's height whatever its length,
    a short review's close line 30 rows under it at 200x60."""

    # in the middle of the screen, as the hint's box is (it sat in the top-left corner)
    DEFAULT_CSS = "ReviewScreen { align: center middle; }"
    SCROLL = "#review-scroll"

    CLOSE_HOW = "Esc, r or Enter closes the review; ↑ ↓ scroll."
    POLL = 0.2  # seconds between looks at the review while it works

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,r,q", "close", "close", id="review_close"),
        Binding("up,k", "scroll(-1)", "scroll", show=False),
        Binding("down,j", "scroll(1)", "scroll", show=False),
    ]

    def __init__(self, review: Any) -> None:
        super().__init__()
        self.review = review
        self._shown: tuple[int, bool] = (-1, False)

    def review_text(self) -> Text:
        r = self.review
        who = "your" if len(r.humans) < 2 else "the players'"
        t = Text()
        moves = "bids and plays" if r.variant.has_auction else "plays"  # (two-hand's stock game: no auction)
        t.append(f"Hand {r.hand_no}: {who} {moves} beside the expert's\n", style="bold underline")
        order = self.whose_order()
        t.append(f"{order}\n\n" if order else "\n")
        for line in r.lines():  # the choices unlike the expert's stand out (not one about as good)
            unlike = ", expert: " in line and not any(w in line for w in ("about as good", "can't tell them apart"))
            style = "italic" if line.startswith("reviewing") else "bold" if unlike else ""
            t.append(line + "\n", style=style)
        if r.decisions:
            from ..review import about

            t.append("\n" + about(r.variant), style="dim")
        return t

    def whose_order(self) -> str:
        """In hot-seat, whose decisions the review holds, in the order it lists them ("Ann's
        first, then Bob's below (↓ scrolls)"); "" for one person.  At 80x24 the first
        person's bids and cards fill the view, and the review seemed to hold only theirs."""
        r = self.review
        if len(r.humans) < 2:
            return ""
        names = [r.names[seat] for seat in r.humans if any(d.seat == seat for d in r.decisions)]
        if len(names) < 2:
            return ""
        later = " and ".join(
            [", ".join(f"{n}'s" for n in names[1:-1]), f"{names[-1]}'s"] if len(names) > 2 else [f"{names[1]}'s"]
        )
        return f"{names[0]}'s first, then {later} below (↓ scrolls)."

    def compose(self) -> ComposeResult:
        # where the review stood before its text was made: the text shows at least this much
        self._shown = (len(self.review.done), self.review.finished)
        with Vertical(id="dialog", classes="wide"):
            with VerticalScroll(id="review-scroll"):
                yield FiguresText(self.review_text(), id="review-text")
            yield self.close_line()
        yield KeysFooter()  # its own keys over the table's ('⏎ play card' showed)

    def on_mount(self) -> None:
        """As wide as the terminal allows, to 120 (`FitsWide`), and looked at
        again every `POLL` seconds until the review is done and shown.  (The state was once
        taken here, after the text was made: a review that finished in between, as one of
        decisions made as the hints said does at once, stayed at "reviewing… 0 of 18" for
        good.)"""
        self.fit_width()
        self.fit_height()
        self._poll = self.set_interval(self.POLL, self.poll)

    def on_resize(self, event: events.Resize) -> None:
        self.fit_width()
        self.fit_height()

    @when_live
    def poll(self) -> None:
        now = (len(self.review.done), self.review.finished)
        if now != self._shown:
            self._shown = now
            self.query_one("#review-text", Static).update(self.review_text())
        if self.review.finished or self.review.cancelled:
            self._poll.stop()

    def action_close(self) -> None:
        self.dismiss(None)


class MeldScreen(ScrollsText, Overlay, LiveScreen, ModalScreen[None]):
    """Everyone's meld again (``m``), over the table."""

    SCROLL = "#meld-scroll"

    CLOSE_HOW = "{melds}, Esc or Enter closes the meld view."
    TEXT_WIDTH = 65
    """The cells a meld line is packed to: the wide dialog's 68 (74 less its border and
    padding) less 3, as the table's board is (`panels.meld.meld_text`), room for a scrollbar."""
    # in the middle of the screen, as tall as the meld (it sat in the top-left corner, the
    # whole height of the terminal); a long meld scrolls within 75% of the rows, which
    # leaves the box's border, padding and close line in sight at 80x24 (18 + 6 rows)
    DEFAULT_CSS = """
    MeldScreen { align: center middle; }
    MeldScreen #meld-scroll { height: auto; max-height: 75vh; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m,escape,enter,q", "close", "close", id="meld_close"),
        Binding("up,k", "scroll(-1)", "scroll", show=False),
        Binding("down,j", "scroll(1)", "scroll", show=False),
    ]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            with VerticalScroll(id="meld-scroll"):
                yield Static(self.text, id="meld-view")
            yield self.close_line()
        yield KeysFooter()  # its own keys over the table's ('⏎ play card' showed)

    def action_close(self) -> None:
        self.dismiss(None)


class HintScreen(FitsTall, Overlay, LiveScreen, ModalScreen[None]):
    """What the standard bot would do (``i``); the table's cursor is already on it.  The
    box is the wide one (74 cells, the width of 80 columns less a margin); a long hint (the
    expert's bidding advice) scrolls above the close line (`FitsTall`), and the close line
    says "↑ ↓ scroll" only then."""

    DEFAULT_CSS = "HintScreen { align: center middle; }"  # it sat in the top-left corner
    SCROLL = "#hint-scroll"
    scrolls: bool = False  # the text is taller than its room (the close line says ↑ ↓ scroll)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "scroll(-1)", "scroll", show=False),
        Binding("down,j", "scroll(1)", "scroll", show=False),
        # Esc a fixed key of its own (the hint's key is remappable), first: the footer names
        # one key for each action, Esc, as every other view over the table's does
        Binding("escape", "close", "close", id="hint_escape"),
        Binding("i,enter,q", "close", "close", id="hint_close"),
        # "play for me" (the table's key, as bound) closes it and plays the move it shows
        Binding("a", "play", "play it", id="hint_auto"),
        # a pass hinted: the table's pass key passes from the box too (a reason after the
        # pass opens the box, and the p pressed next would else be swallowed by it)
        Binding("p", "pass_bid", "pass", id="hint_pass", show=False),
    ]

    def __init__(
        self,
        text: str,
        then: str = "Enter does it",
        who: str = "standard bot",
        play: Callable[[], None] | None = None,
        passes: bool = False,
    ) -> None:
        """``then``: what does the hinted move once the hint is closed (a pass is ``p``);
        ``who``: the bot that gave it; ``play``: the table's "play for me", which plays
        the hinted move (the hint is kept for it); ``passes``: the move is a pass in the
        auction, which the pass key makes from the box as well."""
        super().__init__()
        self.text = text
        self.then = then
        self.who = who
        self.play = play
        self.passes = passes

    def close_how(self) -> str:
        close = f"{bound_key('hint')}, Esc or Enter closes the hint; then {self.then}"
        if self.scrolls:
            scroll = "up/down" if Style.ascii else "↑ ↓"
            close = f"{bound_key('hint')}, Esc or Enter closes the hint; {scroll} scroll; then {self.then}"
        if self.play is None:
            return close + "."
        return f"{close}; {bound_key('auto')} plays it for you."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play" and self.play is None:
            return False
        if action == "pass_bid" and not (self.passes and self.play is not None):
            return False
        return super().check_action(action, parameters)

    def action_pass_bid(self) -> None:
        """The pass hinted, made with the table's pass key: closes the box and passes."""
        self.action_play()

    def action_play(self) -> None:
        """Closes the hint and plays its move (the table's ``a``, once the box is off)."""
        play = self.play
        if play is None or not self.on_top:
            return
        self.dismiss(None)
        self.app.call_later(play)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            with VerticalScroll(id="hint-scroll"):
                yield FiguresText(Text.assemble((f"Hint ({self.who})\n\n", "bold"), self.text), id="hint-text")
            yield self.close_line()
        yield KeysFooter()  # its own keys over the table's ('⏎ play card' showed)

    def on_mount(self) -> None:
        self.fit_height()
        self.call_after_refresh(self.say_scroll)  # (once laid out: `FiguresText` measures its rows then)

    def on_resize(self, event: events.Resize) -> None:
        self.fit_height()
        self.call_after_refresh(self.say_scroll)

    @when_live
    def say_scroll(self) -> None:
        """The close line says "↑ ↓ scroll" when the text, laid out, is taller than its room."""
        scrolls = self.query_one(self.SCROLL, VerticalScroll).max_scroll_y > 0
        if scrolls != self.scrolls:
            self.scrolls = scrolls
            line = self.query_one("#overlay-close", CloseLine)
            line.update(Text(self.close_how(), style="bold reverse" if self.told else "italic"))

    def action_close(self) -> None:
        self.dismiss(None)


class PausesTheTable:
    """A question over the table: the table's game waits for its answer (no bot thinks or
    moves behind it: `turns.TurnLoop.paused`), and goes on where it was once it closes
    (each screen in the stack that has a ``question_answered`` is told, after the
    question is off the stack)."""

    pauses_the_table = True

    def on_unmount(self) -> None:
        app: Any = self.app  # type: ignore[attr-defined]
        for screen in app.screen_stack:
            answered = getattr(screen, "question_answered", None)
            if answered is not None:
                app.call_later(answered)


class LastReviewScreen(PausesTheTable, ReviewScreen):
    """The last hand's review, opened by ``r`` at the table during the next hand (its
    result's Enter, a key typed on at the table, had dealt that hand and its review was
    gone).  The review works in this screen's worker while it is up, going on from where
    it stopped the last time; the table waits meanwhile (`PausesTheTable`: no bot
    searches beside it on the expert's worker pool)."""

    def on_mount(self) -> None:
        review = self.review
        if not review.finished:
            review.resume()
            self.run_worker(lambda: _review_work(review), thread=True, group="review", exit_on_error=False)

    def on_unmount(self) -> None:
        self.review.cancel()


class ConfirmScreen(PausesTheTable, KeyPause, Overlay, LiveScreen, ModalScreen[bool]):
    """Are you sure? — before a jump bid and before throwing in: y / Enter goes on,
    n / Esc goes back to the choice (True / False).  Only a person's own key asks it.

    It comes up on the key that made the choice, so for `KeyPause.KEY_PAUSE` after it
    shows y and Enter do nothing: a double Enter confirmed a throw-in (a set of the whole
    contract, no undo) unseen.  n and Esc go back at once."""

    DEFAULT_CSS = "ConfirmScreen { align: center middle; }"  # it sat in the top-left corner

    CLOSE_HOW = "y / Enter: yes    n / Esc: back to the choice"
    BINDINGS: ClassVar[list[BindingType]] = [
        # (the capital letters too: a player with caps lock on is answered the same)
        Binding("y,Y,enter", "yes", "yes", id="confirm_yes"),
        Binding("n,N,escape", "no", "back", id="confirm_no"),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(
                Text.assemble((self.question, "bold"), ("\n\n" + self.detail) if self.detail else ""),
                id="confirm-text",
            )
            yield self.close_line()
        yield KeysFooter()  # its own keys over the table's ('⏎ play card' showed)

    def on_screen_resume(self) -> None:
        self.prompt_shows()

    def action_yes(self) -> None:
        if self.too_soon():
            return  # the key behind the one that asked (`KeyPause`)
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


class QuitScreen(PausesTheTable, LiveScreen, ModalScreen[bool]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,Y,enter", "yes", "quit", id="quit_yes"),
        Binding("n,N,escape,q", "no", "stay", id="quit_no"),
    ]

    def __init__(self, saved: bool = True, joined: bool = False, hosted: bool = False, unplayed: bool = False) -> None:
        """``saved``: a game in progress is saved (say how to resume it); else nothing is;
        ``joined``: this is a seat at a table another pinochle hosts (say how to come back);
        ``hosted``: this terminal hosts the game (``pinochle host --resume`` hosts it again);
        ``unplayed``: a game no one has moved in yet, which quitting does not keep
        (`PinochleApp.unplayed`)."""
        super().__init__()
        self.saved = saved
        self.joined = joined
        self.hosted = hosted
        self.unplayed = unplayed

    def compose(self) -> ComposeResult:
        run = program()  # (the command as run, as the line left on quitting gives it)
        again = f"{run} host --resume" if self.hosted else f"{run} --resume"
        resume: tuple[Any, ...] = (
            ("The game is saved after every move; ", (again, "bold"), " continues it.\n\n") if self.saved else ()
        )
        if self.unplayed:
            resume = ("No one has made a move yet: quitting does not keep this game.\n\n",)
        if self.hosted and self.saved:  # the seats at other terminals have no game without this one
            resume += ("The friends who joined wait until then.\n\n",)
        if self.joined:  # the host keeps the game; the seat waits for its player (or a bot sits in)
            back = " with your code takes your seat back.\n\n"
            resume = ("The host keeps the game; ", (f"{run} join", "bold"), back)
        playing = self.saved or self.joined or self.unplayed  # (a game to go back to)
        with Vertical(id="dialog"):
            yield Static(
                Text.assemble(
                    ("Quit pinochle?\n\n", "bold"),
                    *resume,
                    f"y / Enter: quit    n / Esc: {'keep playing' if playing else 'stay'}",
                )
            )
            with Horizontal(id="quit-buttons"):
                yield Button("Quit", id="quit-yes", compact=True)
                yield Button("Keep playing" if playing else "Stay", id="quit-no", compact=True)
        yield KeysFooter()  # its own keys over the table's ('⏎ play card' showed under the question)

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)

    @when_live
    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "quit-yes")


class JoinLinesScreen(Overlay, LiveScreen, ModalScreen[None]):
    """The host's ``w``: the whole lines to run at the other terminals (and the browser
    page's), in one panel over the table, each person's name over their line.  ``w`` again,
    Esc or Enter closes it: a second ``w`` closes, never stacks another.  As wide as its
    longest line where the terminal allows (a line whole to copy), wrapped at 80 columns."""

    CLOSE_HOW = "w, Esc or Enter closes this."
    DEFAULT_CSS = """
    JoinLinesScreen { align: center middle; }
    JoinLinesScreen #dialog { min-width: 60; max-width: 100%; max-height: 100%; }
    JoinLinesScreen #overlay-close { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w,escape,enter", "close", "close", id="join_lines_close"),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        text = Text("How to join this table\n", style="bold")
        for line in self.lines:
            name, sep, run = line.partition(": ")
            text.append("\n")
            if sep:
                text.append(f"{name}\n", style="bold")
                text.append(f"  {run}\n")
            else:
                text.append(f"{line}\n")
        text.rstrip()
        with Vertical(id="dialog") as box:
            # the longest line whole, with the border and padding (6 cells), where it fits
            box.styles.width = max(cell_len(row) for row in text.plain.split("\n")) + 6
            yield Static(text, id="join-lines")
            yield self.close_line()
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)


class SeatClosedScreen(SizeWatch, Screen[None]):
    """A joined seat's table ended at the host's word (``reason``, one line): no table
    frozen at its last news, no try again (it would take the seat back from the terminal
    that has it); ``n`` a new game (a browser tab: its page ends), ``q`` quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "app.new_game", "new game", id="closed_new"),
        Binding("q,escape", "app.quit", "quit", id="closed_quit"),
    ]
    DEFAULT_CSS = "SeatClosedScreen #closed-reason { margin-top: 1; }"

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="body"):
            yield Static(Text("This seat is closed here", style="bold"), id="closed-title")
            yield Static(Text(self.reason, style="bold"), id="closed-reason")
        yield TooSmall()
        yield KeysFooter()


__all__ = [
    "CloseLine",
    "ConfirmScreen",
    "GameOverScreen",
    "GameSummary",
    "HandOffScreen",
    "HandResultScreen",
    "HelpScreen",
    "HintScreen",
    "JoinLinesScreen",
    "MeldScreen",
    "Outcome",
    "Overlay",
    "QuitScreen",
    "ReviewScreen",
    "SeatClosedScreen",
    "TricksScreen",
    "checks_text",
    "contract_outcome",
    "hidden_cards_text",
    "key_help",
    "ledger_checks",
    "ledger_compact",
    "ledger_headings",
    "ledger_key",
    "ledger_outcome",
    "result_rows",
    "tricks_text",
    "tricks_text_of",
    "view_tricks_text",
]
