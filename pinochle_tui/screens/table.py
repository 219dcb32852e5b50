"""The table screen: it composes the seat boxes (placed by `seating`), the phase panels
(`panels`), the log, the hand and the prompt, and turns keys and clicks into actions.

The screen holds one seat's facts (`table.facts.SeatFacts`, made once per change by
`table.build.seat_facts`) in a reactive, ``facts``; its watcher hands each widget and panel
its part ("attributes down"), and `check_action` answers from them.  Keys and clicks become
actions; who moves next (bots, hand-offs, results) is the game loop the screen holds
(``turns``), whose workers send their decisions back as messages.

The loop is one of two: `turns.TurnLoop` for a game of this terminal's own (the controller
applies each action), or `remote_loop.RemoteLoop` at a seat of a table another pinochle
hosts, whose facts come from the host's last news (`table.build.facts_from_news`) and whose
actions go to the host, which alone applies them (DESIGN.md "Remote seats").  Both answer
the same questions (the viewer, the facts, a refusal, undo, the tricks...): the screen asks
its loop, never which loop it holds.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.reactive import var
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from bots.legal import plays_on
from bots.standard import StandardBot
from rules import (
    Bid,
    Bury,
    Card,
    ClaimMisdeal,
    Concede,
    KeepHand,
    NameTrump,
    NoMeld,
    PassBid,
    PassCards,
    Phase,
    Play,
    PlayOn,
    SeatView,
    Suit,
)
from rules.auction_round import bury_kept, trump_out_of_reach

from ..checks_view import throw_in_detail, throw_in_reach
from ..cli_common import visible
from ..controller import Controller
from ..host import Host
from ..keymap import display, key
from ..panels import (
    CHOICE_PHASES,
    MAX_TEAMS,
    PAUSED_PHASES,
    PICK_PHASES,
    ButtonSpec,
    Panel,
    meld_mode,
    meld_text,
    panel_class,
    panel_for,
    prompt_panel,
    ring_seat,
    scores_text,
    seat_line,
    seat_text,
    sitting_out_text,
    status_text,
    team_of,
)
from ..panels.auction import (
    WIDE_CENTRE,
    centred,
    help_differs,
    meld_by_trump_text,
    no_trump_words,
    partner_holding,
    partner_rule_words,
)
from ..panels.base import PROMPT_ROOM, doing_line, owner
from ..panels.meld import meld_pause_prompt
from ..render import (
    SUIT_NAMES,
    Style,
    alike_reason,
    and_list,
    bid_odds_words,
    choice_name,
    limit_decides,
    mean_points,
    option_words,
    pretty,
    says,
    sorted_hand,
    trump_index,
    whose_points,
)
from ..seating import RING_PLACES, places_for, seat_layout
from ..table.facts import SeatFacts
from ..widgets import (
    Choice,
    Columns,
    HandView,
    KeyPause,
    KeysFooter,
    Line,
    Middle,
    Prompt,
    RingTrick,
    Rows,
    RowsAlike,
    SeatBox,
    SizeWatch,
    TooSmall,
    TrickGrid,
    same_rows,
    unless_closing,
    when_live,
)
from .turns import Decided, TurnLoop

# the dialogs (help, tricks, meld, hint, confirmations) load when first opened

N_BUTTONS = 5
FIRST_BUTTONS = 3  # composed with the table; the others mounted when a prompt first needs them
JUMP_RAISES = 10  # a bid this many raises over the current one is confirmed first: 100 in
# partnership, 10 shown in three-hand (counted as 100 points as shown,
# an x1 preset never asked: cutthroat 20 -> 30 is partnership's 200 -> 300)
# one line at 80 columns; hot-seat includes a deal the other human sits out (`Controller.undo_seat`)
UNDO_OFF = "Undo is off in hot-seat: a move taken back would cost the other players."
UNDO_OFF_REMOTE = "Undo is off at a hosted table: a move sent to the host stands."
# t before a trick is complete: "played" read as wrong with trick 1's cards on the table
NO_TRICK_YET = "No trick has been completed yet."
# r before a hand is over (the hand's result has its own r)
NO_HAND_TO_REVIEW = "No hand has finished yet: r reviews the last hand while the next is played."
# r where the last hand has no review: a game of bots alone, no expert installed, a seat
# at another terminal whose app was started since
NO_LAST_REVIEW = "No review of the last hand here (it is kept from its result, in this run)."
FRAME_TICK = 1 / 60  # s: Textual's screen update interval (a screen draws its changes at 60 Hz at most)


class TableCentre(RowsAlike, VerticalScroll):
    """The board's centre, which holds the phase's panel: when the layout gives it another
    size (boxes shown or hidden around it), the table draws again for it (`_settle_layout`)."""

    def on_resize(self, event: Any) -> None:
        settle = getattr(self.screen, "_settle_layout", None)
        if settle is not None:
            settle()
            # the panel drawn for the new size (its content taller: the trick's padding) is
            # laid out again once this resize is over: the layout it asked for from inside the
            # resize was lost, and it kept the old height, blank above its cut-off trick (at
            # 200x60 after 80x24: rows 35 to 55 empty)
            for panel in self.query(Panel):
                if panel.display:
                    self.call_after_refresh(panel.refresh, layout=True)


class TableLog(ScrollView, can_focus=True):
    """The hand's log: lines of text wrapped at its width and scrolled to the last.  It
    keeps what was written (``entries``) and wraps it again whenever its width changes,
    in the layout that gives it the new width, before that is drawn: RichLog wraps a line
    once, when it is written, so a log narrowed cut its lines (a horizontal scrollbar's
    ``▋`` at its foot) and one widened kept them wrapped at the old width, as between
    80x24 and 200x60; written again by the table after the resize, the first frame at the
    new size still showed them so.

    Textual's RichLog, less what the table never used (rich's pretty-printing, markup,
    highlighting, renderables other than text, ``max_lines``), drawn the same (importing
    RichLog and rich.pretty, and rendering each line through the console, cost the first
    table about 35 M instructions): a line is wrapped at the widest of its own width and
    the content's, at least ``min_width``; ``lines`` are its `Strip` rows."""

    DEFAULT_CSS = """
    TableLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        overflow-x: hidden;  /* its lines are wrapped at its width: nothing to scroll to */
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    def __init__(
        self,
        *,
        min_width: int = 78,
        wrap: bool = True,
        auto_scroll: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.min_width = min_width
        self.wrap = wrap
        self.auto_scroll = auto_scroll
        self.entries: list[Text] = []  # everything written, as written (wrapped again at a new width)
        self.lines: list[Strip] = []  # the entries' rows at the width ``_wrapped_at``
        self._widest_line_width = 0
        self._line_cache: dict[tuple[int, int, int, int], Strip] = {}
        self._size_known = False
        self._wrapped_at = 0  # the content width the lines are wrapped at (0: none yet)
        self._style: Any = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_cache.clear()
        self._style = None

    def line_style(self) -> Any:
        """The log's ``rich_style``, worked out once per style (each look-up walks the
        ancestors' backgrounds: twice a line, it was a seventh of the table's first frame);
        a style update (theme, classes) clears it."""
        if self._style is None:
            self._style = self.rich_style
        return self._style

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width and not self._size_known:  # the first width: what was written before it
            self._size_known = True
            self._wrap_again()
        if self.auto_scroll and self.lines:  # the newest lines stay in sight when the log
            self.scroll_end(animate=False, immediate=False, x_axis=False)  # shrinks (the scores grew)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._size_known else container.width

    def write(self, content: str | Text) -> TableLog:
        """Add ``content`` (a `Text`, or a string taken as plain text) as the last line(s)."""
        return self.write_lines([content])

    def write_lines(self, contents: list[str | Text] | list[Text]) -> TableLog:
        """Add each of ``contents`` as `write` does, scrolling to the end once."""
        texts = [Text(c) if isinstance(c, str) else c.copy() for c in contents]
        for text in texts:
            text.expand_tabs()
        self.entries.extend(texts)
        if not self._size_known or not texts:
            return self  # (wrapped when the log has a width: `on_resize`)
        room = self.scrollable_content_region.width
        if room != self._wrapped_at:  # (the lines before wrapped at another width: all again)
            self._wrap_again()
            return self
        self._add_rows(texts, room)
        self._grow_to(Size(self._widest_line_width, len(self.lines)))
        if self.auto_scroll:
            # scrolled now, in the frame that shows the new lines: the end is known already
            # (the new virtual height, the log's own height unchanged by its lines); after
            # the next refresh, as Textual waits, it took a second frame of the log and its
            # scrollbar at every move
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        return self

    def _add_rows(self, texts: list[Text], room: int) -> None:
        """The rows of ``texts`` wrapped within ``room`` cells, added to ``lines``."""
        console = self.app.console
        options = console.options
        self._wrapped_at = room
        for text in texts:
            width = max(min(max(map(cell_len, text.plain.split("\n"))), room), self.min_width)
            # what RichLog's console.render does with a Text (Text.__rich_console__)
            tab_size = console.tab_size if text.tab_size is None else text.tab_size
            rows = text.wrap(
                console,
                width,
                justify=text.justify or options.justify or "default",
                overflow=(text.overflow or options.overflow or "fold") if self.wrap else "ignore",
                tab_size=tab_size or 8,
                no_wrap=not self.wrap or bool(text.no_wrap),
            )
            lines = list(Segment.split_lines(Text("\n").join(rows).render(console, end=text.end)))
            if not lines:
                self._widest_line_width = max(width, self._widest_line_width)
                self.lines.append(Strip.blank(width))
                continue
            strips = Strip.from_lines(lines)
            for strip in strips:
                strip.adjust_cell_length(width)
            self.lines.extend(strips)
            self._widest_line_width = max(
                self._widest_line_width, max(sum(seg.cell_length for seg in line) for line in lines)
            )

    def _wrap_again(self) -> None:
        """Every entry wrapped again at the log's content width now (its lines were wrapped
        at another, or not yet), the newest in sight."""
        room = self.scrollable_content_region.width
        if not room:
            return
        self.lines = []
        self._widest_line_width = 0
        self._line_cache.clear()
        self._add_rows(self.entries, room)
        self._grow_to(Size(self._widest_line_width, len(self.lines)))
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        """The layout gave the log ``size``: nothing to do when it is the size it has.
        Textual's `ScrollView` compares the layout's ``virtual_size`` (the log's room) with
        its own (its lines: never equal once it has lines) and so updated the scrollbars
        at every layout of the screen, unchanged, asking for a second frame each time
        (at a joined seat, one after each of its turns); its own virtual size is what it
        used, and `_grow_to` keeps the scrollbars up to date with it."""
        if size == self._size and container_size == self.container_size:
            return False
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        if self._size_known and self.entries and self.scrollable_content_region.width != self._wrapped_at:
            self._wrap_again()  # (in this layout: the frame it is for draws the lines so wrapped)
        return resized

    def _grow_to(self, size: Size) -> None:
        """The log's lines take ``size`` now.  Its own size does not depend on its lines
        (the board gives it its room), so new lines repaint it and its scrollbars without
        the layout pass of the whole screen that setting ``virtual_size`` asks for; a
        scrollbar shown or hidden by them asks for that pass itself (its reactive's)."""
        if not self._size_known or not self.container_size:
            self.virtual_size = size
            return
        self.set_reactive(TableLog.virtual_size, size)
        self._scroll_update(size)
        self.refresh()

    def clear(self) -> TableLog:
        """Empty the log."""
        self.entries.clear()
        self.lines.clear()
        self._line_cache.clear()
        self._widest_line_width = 0
        self.virtual_size = Size(0, 0)
        self.refresh()
        return self

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        y += scroll_y
        style = self._style or self.line_style()
        if y >= len(self.lines):
            line = Strip.blank(width, style)
        else:
            key = (y, scroll_x, width, self._widest_line_width)
            cached = self._line_cache.get(key)
            if cached is None:
                if len(self._line_cache) >= 1024:
                    self._line_cache.clear()
                cached = self._line_cache[key] = self.lines[y].crop_extend(scroll_x, scroll_x + width, style)
            line = cached
        return line.apply_style(style)


class Panels(dict[str, Panel]):
    """The table's phase panels by `panel_for` key, each made when first asked for (not
    all six made, and their modules loaded, where the table shows one: a faster start), hidden
    until the table shows it."""

    def __missing__(self, key: str) -> Panel:
        panel = self[key] = panel_class(key)(id=f"panel-{key}", classes="panel")
        panel.display = False
        return panel


def cards_played(view: SeatView) -> int:
    """The cards played so far this hand: the tricks taken and the trick on the table."""
    return sum(len(cards) for _, cards, _ in view.tricks) + len(view.trick)


KEY_WORK: dict[str, str] = {
    "play": "plays a card",
    "pick": "picks cards to pass or bury",
    "confirm": "passes or buries the cards picked",
    "choose": "takes a choice",
    "continue": "goes on past everyone's meld",
    "bid": "bids in the auction",
    "raise": "raises the bid in the auction",
    "lower": "lowers the bid in the auction",
    "bid_refused": "bids in the auction",
    "pass_bid": "passes in the auction",
    "pass_refused": "passes in the auction",
    "digit": "takes a numbered choice (trump, a meld)",
    "jump": "moves to the first or last card",
}
"""What a table key's action does where it acts, for the line of a key that cannot act now
(`TableScreen.why_off`); an action not here is named only as doing nothing now."""


class TableScreen(KeyPause, RowsAlike, SizeWatch, Screen[None]):
    """The game table: one seat's facts drawn, keys turned into actions.

    A decision that can come up at once on the person's own key takes no answer for
    `KeyPause.KEY_PAUSE` after it shows (`answer_too_soon`): the bidder's choices
    (`PAUSED_PHASES`: trump named as its bid ends the auction, play on or throw in as its
    Enter passes the cards back), a hand's first decision (the Enter that closed the last
    hand's result showed it), and in hot-seat whatever the hand-off's Enter shows (a
    card to play with the hand just shown), and a decision that follows the same person's
    last one directly, with a card drawn into the hand between (the stock game's lead after
    its meld and the draw, §2.7: `drawn_since`), or its decision after the trick its own
    card won (its lead, the stock game's meld or last pick: `chose_just_now`).  A double
    press, or Enter held, answered them unseen.  Picking a card to pass or bury is held the
    same way (Space behind the hand-off's Enter picked from a hand not yet seen); moving the
    cursor is not."""

    facts: var[SeatFacts | None] = var(None, always_update=True, init=False)

    BINDINGS: ClassVar[list[BindingType]] = [
        # a hint or "play for me" thinking: first in the footer, shown only then (`key_states`)
        Binding("escape", "cancel_helper", "cancel", id="cancel_helper"),
        Binding("enter", "continue", "continue", id="continue"),
        Binding("enter", "play", "play card", id="play"),
        Binding("enter", "bid", "bid", id="bid"),
        Binding("enter", "confirm", "confirm", id="confirm"),
        Binding("enter", "choose", "choose", id="choose"),
        Binding("space", "continue", "continue", id="continue_space", show=False),
        Binding("space", "pick", "pick card", id="pick"),
        Binding("space", "play", "play", id="play_space", show=False),
        Binding("space", "choose", "choose", id="choose_space", show=False),
        Binding("left,h", "left", "move", id="left", show=False),
        Binding("right,l", "right", "move", id="right", show=False),
        Binding("home", "jump(0)", "first card", id="first", show=False),
        Binding("end", "jump(1)", "last card", id="last", show=False),
        Binding("up,k,plus", "raise", "raise", id="raise", key_display="↑"),
        Binding("up,k,plus", "bid_refused", "bid", id="bid_refused_up", show=False),  # after raise, when remapped too
        Binding("down,j,minus", "lower", "lower", id="lower", key_display="↓"),
        Binding("down,j,minus", "bid_refused", "bid", id="bid_refused_down", show=False),
        Binding("enter", "bid_refused", "bid", id="bid_refused", show=False),
        Binding("p", "pass_bid", "pass", id="pass_bid"),
        Binding("p", "pass_refused", "pass", id="pass_refused", show=False),
        *(Binding(str(n), f"digit({n})", f"option {n}", id=f"digit{n}", show=False) for n in range(1, 10)),
        Binding("a", "auto", "play for me", id="auto"),  # the footer's "auto" (`widgets.FOOTER_WORDS`)
        Binding("i", "hint", "hint", id="hint"),
        Binding("u", "undo", "undo", id="undo"),
        Binding("u", "undo_off", "undo", id="undo_off", show=False),
        Binding("t", "tricks", "tricks", id="tricks"),
        Binding("m", "melds", "melds", id="melds"),  # everyone's meld (the auction: meld by trump); footer "meld"
        Binding("question_mark", "help", "help", id="help"),
        Binding("q", "quit_game", "quit", id="quit"),
        # a misdeal kept at the deal, claimed later (§0.4 item 23b); the hand's line says so when open
        Binding("x", "claim_misdeal", "call a misdeal", id="claim_misdeal", show=False),
        # the last hand's review, during the next hand (the help says so; its result's own r)
        Binding("r", "last_review", "last hand's review", id="last_review", show=False),
        # the host of a table with seats at other terminals: a bot plays for each person away
        # (the table's line says so: "Bob is offline — waiting (b: a bot plays for Bob)")
        # (while the table waits for someone, the footer offers both: the first pair, shown
        # only then; the second works at any time, not shown)
        Binding("w", "join_lines_offered", "how to join", id="join_lines_offered"),
        Binding("b", "seat_bot_offered", "a bot plays", id="seat_bot_offered"),
        Binding("b", "seat_bot", "bot for the absent", id="seat_bot", show=False),
        Binding("w", "join_lines", "join lines", id="join_lines", show=False),  # (the lines to run there, again)
    ]
    # the host's keys shown in the footer while its table waits for someone: not a player's
    # table keys (`settings.TABLE_KEYS`), so not remappable
    HOST_KEYS: ClassVar[frozenset[str]] = frozenset({"join_lines_offered", "seat_bot_offered"})
    # shown in the footer, but a fixed key (`settings.FIXED_TABLE_KEYS`: Esc cancels a hint)
    FIXED_SHOWN: ClassVar[frozenset[str]] = frozenset({"cancel_helper"})

    def __init__(self, ctrl: Controller | None = None, remote: Any = None) -> None:
        """``ctrl``: a game of this terminal's own; or ``remote``: the `RemoteLoop` of a seat
        at a table another pinochle hosts (no controller here: only the host's news)."""
        super().__init__()
        self._ctrl = ctrl
        self.remote = remote
        self.revealed: int | None = None  # hot-seat: whose hand may be drawn
        self.message: Text | str = ""
        self.note: Text | str = ""  # a bot's problem, shown until the next human decision
        # the last note that a status after it makes stale (`_helper_move`): a helper called
        # off ("Cancelled.") or a key that did nothing here and what to press now (`on_key`)
        self._passing: Text | None = None
        self.busy = False  # a "play for me"/hint worker is running
        self.helping = ""  # while `busy`: what it works out, in words ("the expert bot is working out a hint")
        self.turns: Any = TurnLoop(self) if remote is None else remote
        if remote is not None:
            remote.table = self
        self._hold_until = 0.0  # the last trick stays shown until then (trick delay)
        self.show_melds = False
        self._events_shown = 0
        self._hand_shown = -1
        # the terminal's size when another screen went over the table (None: never covered, so
        # the first resume, the push, does not restyle: Textual has just styled the table;
        # it draws again once laid out, the centre's height known)
        self._covered_at: Size | None = None
        self._result_open = False
        self._result_screen: Any = None
        # the review of the last hand played (`HandResultScreen.kept_review`), kept as its
        # result goes on, for r during the next hand: a key typed on at the result dealt
        # that hand, and its review was gone
        self.last_review: Any = None
        self._handoff_open = False
        self._buttons: list[Any] = [None] * N_BUTTONS
        # the last hint (`action_hint`): its decision's key (`_hint_key`), the move, the bot's
        # name, its words and what the review keeps of it (`_hint_words`), shown again at
        # once when asked again at the same decision
        self._hint_kept: tuple[Any, Any, str, str, tuple[Any, ...] | None] | None = None
        # per seat, the expert's bid limit its last hint's words named, with the hand and
        # the calls it was named at (`limit_moved`: why a later hint's limit moved)
        self._limits_said: dict[int, tuple[Any, tuple[Any, ...], Any]] = {}
        # a hint that came while another screen was over the table (the tricks or the help
        # asked for after it, the quit question): its decision's key and its box, shown
        # when the table is on top again (`on_screen_resume`), if still that decision
        self._hint_held: tuple[Any, Any] | None = None
        self._drawn: dict[Any, Any] = {}
        self._bindings_sig: Any = None
        self._placed: set[str] = set()  # the panels mounted in the centre (`panel_for` keys)
        self._settling = False  # `_settle_layout` is drawing
        self._settles = 0  # `_settle_layout`'s draws since the last of the game's own
        self._drawn_at: Any = None  # the sizes the last draw was fitted to (`_layout_sizes`)
        self._viewer_drawn: int | None = None  # the viewer at the last draw (a hand-off shows another)
        # the last decision drawn: the viewer, the hand's number (a hand's first decision
        # takes the pause), the cards played, the stock and its turn-up, the viewer's hand
        # (`drawn_since`)
        self._last_decided: tuple[int | None, int, int, int, Card | None, tuple[Card, ...]] | None = None
        self._last_decided_key: Any = None  # which decision that was (the facts' key: `chose_just_now`)
        self._first_frame = False  # `_on_idle`: the first frame drawn
        self._frame_at = 0.0  # `_on_idle`: when the last frame was drawn (time.monotonic)
        self.panels: dict[str, Panel] = Panels()

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        # the boxes beside top, left and right only at 5 to 8 seats (hidden by the stylesheet
        # otherwise: 6 widgets fewer to style and lay out at the first frame)
        ring = self.variant.ring_table
        with Rows(classes="body"):
            yield Line(id="status")
            with Columns(id="main"):
                with Rows(id="board"):
                    with Middle(id="top-row"):
                        if ring:
                            yield SeatBox(id="seat-top-left", classes="ring")
                        yield SeatBox(id="seat-top")
                        if ring:
                            yield SeatBox(id="seat-top-right", classes="ring")
                        if self.variant.sitting_out and not ring:  # who sits out, beside the top seat
                            yield SeatBox(id="seat-out")
                    with Columns(id="middle"):
                        with Rows(classes="seatcol", id="col-left"):
                            if ring:
                                yield SeatBox(id="seat-upper-left", classes="ring")
                            yield SeatBox(id="seat-left")
                            if ring:
                                yield SeatBox(id="seat-lower-left", classes="ring")
                        with TableCentre(id="center"):
                            # the phase's panel only: the others are mounted when first shown
                            first = panel_for(self.the_view(), self.now().show_melds)
                            self._placed = {first}
                            panel = self.panels[first]
                            panel.display = True
                            yield panel
                        with Rows(classes="seatcol", id="col-right"):
                            if ring:
                                yield SeatBox(id="seat-upper-right", classes="ring")
                            yield SeatBox(id="seat-right")
                            if ring:
                                yield SeatBox(id="seat-lower-right", classes="ring")
                with Rows(id="side"):
                    yield Static(id="scores")
                    yield TableLog(id="log", wrap=True, auto_scroll=True, min_width=10)
            yield Line(id="hand-title")
            yield HandView(id="hand")
            yield Prompt(id="prompt")
            with Columns(id="buttons"):
                for i in range(FIRST_BUTTONS):  # (a widget fewer to lay out, a cold start)
                    yield Choice(i, id=f"btn-{i}")
        yield TooSmall()
        yield KeysFooter()

    @unless_closing
    def on_mount(self) -> None:
        for wid in ("#center", "#log"):
            self.query_one(wid).can_focus = False
        self.note = self.turns.first_note()  # (at a hosted seat: what the connection said meanwhile)
        self.refresh_view()
        self.call_after_refresh(self.advance)

    # ------------------------------------------------------------------ the turn loop's
    @property
    def papp(self) -> Host:
        return self.app  # type: ignore[return-value]

    @property
    def ctrl(self) -> Controller:
        """The game of this terminal's own (a seat of a hosted table has none: asking is a bug)."""
        if self._ctrl is None:
            raise RuntimeError("a seat at a hosted table has no controller: ask its facts")
        return self._ctrl

    @property
    def variant(self) -> Any:
        """The form being played (`Variant`)."""
        return self.turns.variant

    def state_now(self) -> Any:
        """What the state of the game is now, to tell a later change from it: the round (a
        game of this terminal's), the key of the host's last news (a hosted table's)."""
        return self.turns.state_now()

    def refusal(self, action: Any) -> str | None:
        """Why the engine refuses ``action`` now, in its words (None: legal, or a seat at a
        hosted table, where the host says why when it is sent)."""
        return self.turns.refusal(action)  # type: ignore[no-any-return]

    def advance(self) -> None:
        self.turns.advance()

    def ensure_result(self, asked: bool = False) -> bool:
        """The hand's result up once the hand is over (``asked``: by the player's key)."""
        return self.turns.ensure_result(asked)

    def after_change(self, keep_message: bool = False) -> None:
        self.turns.after_change(keep_message)

    def human_act(self, action: Any, auto: bool = False, search: Any = None) -> None:
        """The person's ``action`` (a key's, a click's, a confirmation's, "play for me"'s:
        ``auto``, which the review says was made for them, and ``search`` the expert's
        search it was made by), left alone when it comes too soon after its decision showed
        (`answer_too_soon`)."""
        if self.answer_too_soon():
            return
        self.turns.human_act(action, auto, search)

    def _helper_move(self, then: Any, bot: Any = None, helping: str = "the bot is working out your move") -> None:
        """``then(action)`` with the action a bot picks for the person, in a worker; ``helping``
        says what it works out, while it does, to a key that must wait (`why_off`).  The
        message line is left as it is but for a note the thinking makes stale (`_passing`:
        "Cancelled." under "Thinking…", and "Esc does nothing here; now Enter plays the
        card." though Esc now cancels): a key's own message said just before, as ``t`` and
        ``i`` in one burst of keys, stays (the hint's start cleared the line after it)."""
        self.helping = helping
        if self.message is self._passing:
            self.message = ""
        self.turns.helper_move(then, bot)

    @when_live
    def on_decided(self, message: Decided) -> None:
        """Messages up: a worker's decision, applied here, on the main thread, once."""
        self.turns.decided(message)

    # ------------------------------------------------------------------ who is looking
    def viewer(self) -> int | None:
        """The seat whose cards the table shows (its loop's `viewer`): the one person's, in
        hot-seat the one the hand-off revealed (None between players, and while the one
        person sits the deal out); at a hosted table, the seat the host gives this terminal."""
        return self.turns.viewer()  # type: ignore[no-any-return]

    def my_turn(self) -> bool:
        """The viewer decides now (its turn, no worker thinking, no hand-off up)."""
        return self.now().my_turn

    def phase_now(self) -> Phase | None:
        """The phase when it is the viewer's decision, else None (also while everyone's
        meld is being shown: Enter goes on first)."""
        return self.now().decides

    def the_view(self) -> SeatView:
        return self.now().view

    # ------------------------------------------------------------------ the facts
    def now(self) -> SeatFacts:
        """The facts drawn last, made now if the state moved since (a test or a dialog
        that changed the controller directly)."""
        f = self.facts
        stale = self.turns.facts_stale(f)
        if f is None or stale:
            f = self.make_facts()
            if self.is_mounted:
                self.facts = f
        return f

    def make_facts(self) -> SeatFacts:
        """The viewer's facts for the table now (`table.build.seat_facts`): the one read of
        the controller per change."""
        width = self.query_one("#board").content_size.width if self.is_mounted and self.children else 0
        return self.turns.make_facts(width)  # type: ignore[no-any-return]

    def select(self, **selection: Any) -> None:
        """A selection move (``cursor``, ``picked``, ``bid_index``, ``opt_index``, with the
        ``message`` it leaves): the facts as they were with the new selection, drawn."""
        if "message" in selection:
            self.message = selection["message"]
            selection["message"] = self.message or self.note
        self.facts = self.now()._replace(**selection)

    @property
    def cursor(self) -> int:
        return self.now().cursor

    @cursor.setter
    def cursor(self, value: int) -> None:
        self.select(cursor=value)

    @property
    def picked(self) -> frozenset[int]:
        return self.now().picked

    @picked.setter
    def picked(self, value: Any) -> None:
        self.select(picked=frozenset(value))

    @property
    def bid_index(self) -> int:
        return self.now().bid_index

    @bid_index.setter
    def bid_index(self, value: int) -> None:
        self.select(bid_index=value)

    @property
    def opt_index(self) -> int:
        return self.now().opt_index

    @opt_index.setter
    def opt_index(self, value: int) -> None:
        self.select(opt_index=value)

    # ------------------------------------------------------------------ derived choices
    def display_hand(self, view: SeatView) -> list[Card]:
        return sorted_hand(view.hand, trump_index(view))

    def display_table(self, view: SeatView) -> list[Card]:
        """Two-hand: the viewer's own melds on the table, playable like hand cards in phase 1."""
        if not view.table_melds or self.viewer() is None:
            return []
        return sorted_hand(view.table_melds[view.seat], trump_index(view))

    def playable(self, view: SeatView) -> list[tuple[Card, bool]]:
        """The cursor's row of cards: the hand, then the table melds (card, from the table)."""
        return [(x, False) for x in self.display_hand(view)] + [(x, True) for x in self.display_table(view)]

    def cursor_on(self, play: Play) -> None:
        """The cursor on ``play``'s card in the row now (the hint's card, a card taken back
        by undo); left where it is when the row has no such card."""
        row = self.playable(self.the_view())
        if (play.card, play.from_table) in row:
            self.cursor = row.index((play.card, play.from_table))

    def legal_plays(self) -> set[tuple[int, bool]]:
        return set(self.now().legal_plays)

    def bid_amounts(self) -> list[int]:
        return list(self.now().bid_amounts)

    def may_pass_bid(self) -> bool:
        return self.now().may_pass

    def options(self) -> list[tuple[str, Any, bool]]:
        return list(self.now().options)

    # ------------------------------------------------------------------ drawing
    def _put(self, selector: str, content: Any) -> None:
        """Update a Static only when its content changed (an update costs a layout pass)."""
        if self._drawn.get(selector) != content:
            self._drawn[selector] = content
            self.query_one(selector).update(content)  # type: ignore[attr-defined]

    def _set(self, widget: Any, attr: str, value: Any) -> None:
        key = (id(widget), attr)
        if self._drawn.get(key, object()) != value:
            self._drawn[key] = value
            if attr.startswith("class-"):
                widget.set_class(value, "-" + attr[6:])
            elif attr.startswith("styles."):
                setattr(widget.styles, attr[7:], value)
            else:
                setattr(widget, attr, value)

    def context(self, view: SeatView | None = None, base: int | None = None, places: Any = None) -> SeatFacts:
        """The facts the panels draw from now (``view``/``base``/``places`` override the
        viewer's: a test's look at another seat's table)."""
        f = self.now()
        if view is not None:
            f = f._replace(view=view)
        if base is not None:
            f = f._replace(base=base, places=places_for(self.variant.players, base))
        if places is not None:
            f = f._replace(places=places)
        return f

    def refresh_view(self) -> None:
        """A change: the facts made again (`make_facts`) and drawn (`watch_facts`)."""
        if not self.live:
            return
        self.facts = self.make_facts()

    def watch_facts(self, facts: SeatFacts | None) -> None:
        """Attributes down: each part of the table drawn from its slice of ``facts``."""
        if facts is not None and self.live and self.children:
            self._draw(facts)

    def _draw(self, ctx: SeatFacts) -> None:
        self._drawn_at = self._layout_sizes()
        if not self._settling:
            self._settles = 0
        view, me = ctx.view, ctx.viewer
        names = ctx.names

        self._put("#status", status_text(ctx, self.query_one("#status").size.width))

        # seats around the table, viewer at the bottom
        places = ctx.places
        meld_mode = self.meld_mode(view)
        if view.variant.ring_table:
            self._ring_seats(ctx, meld_mode)
        else:
            self._set(self.query_one("#top-row"), "display", "top" in places)
            self._set(self.query_one("#col-left"), "display", not meld_mode and "left" in places)
            self._set(self.query_one("#col-right"), "display", not meld_mode and "right" in places)
            # everyone's meld takes the whole board, whose width its lines are packed to
            # (`meld_text`): in a wide centre, kept narrower, they wrapped inside an entry
            self._set(self.query_one("#middle"), "class-all-melds", meld_mode)
            for place, seat in places.items():
                width = self.query_one(f"#seat-{place}").content_size.width
                self._put(f"#seat-{place}", seat_text(ctx, seat, width))
                self._set(self.query_one(f"#seat-{place}"), "class-active", ctx.to_act == seat)
            if view.variant.sitting_out:  # §0.4.16: the free top place shows who sits out, else a box beside it
                box = "#seat-out" if "top" in places else "#seat-top"
                self._set(self.query_one("#top-row"), "display", True)
                self._set(self.query_one("#top-row"), "class-out", box == "#seat-out")
                self._set(self.query_one("#seat-out"), "display", box == "#seat-out")
                self._put(box, sitting_out_text(ctx))
                self._set(self.query_one(box), "class-active", False)

        # the centre: the phase's panel
        key = panel_for(view, ctx.show_melds)
        if key not in self._placed:
            self._placed.add(key)
            self.query_one("#center").mount(self.panels[key])
        for name, widget in self.panels.items():
            self._set(widget, "display", name == key)
        panel = self.panels[key]
        center = panel.body(ctx)
        if not meld_mode:  # short texts sit in the middle of the table
            room = self.query_one("#center").size.height
            if isinstance(center, (TrickGrid, RingTrick)):
                center = center._replace(pad_top=max(0, (room - 7) // 2))
            else:
                # and, in a wide centre, as a block in its middle (at 200x60 the passing's
                # lines sat at the centre's left, beside West's box)
                width = panel.content_size.width or self.query_one("#center").content_size.width
                if width >= WIDE_CENTRE:
                    center = centred(center, width)
                lines = center.plain.count("\n") + 1
                if room > lines:
                    center = Text("\n" * ((room - lines) // 2)) + center
        panel.draw(center)

        scores = scores_text(ctx, self.query_one("#scores").size.width)
        if self._drawn.get("#scores") != scores:  # (a trick taken: a repaint, the rows the same)
            self._drawn["#scores"] = scores
            board = self.query_one("#scores", Static)
            board.update(scores, layout=not same_rows(board, scores))

        # log
        log = self.query_one("#log", TableLog)
        if self._hand_shown != ctx.hand_no or len(ctx.events) < self._events_shown:
            log.clear()
            dealer = names[view.dealer] if not view.variant.sitting_out else visible(ctx.people[ctx.dealer_person])
            head = f"Hand {ctx.hand_no} · {dealer} {says(dealer, 'deals', 'deal')}"
            if view.variant.sitting_out:  # §0.4.16: who sits this deal out
                out = [visible(ctx.people[p]) for p in ctx.sitting_out]
                who = and_list(out)
                head += f" · {who} {says(who, 'sits', 'sit') if len(out) == 1 else 'sit'} out"
            log.write(Text(head, style="bold"))
            self._hand_shown = ctx.hand_no
            self._events_shown = 0
        if len(ctx.events) > self._events_shown:
            log.write_lines([Text(line) for line in ctx.events[self._events_shown :]])
        self._events_shown = len(ctx.events)

        # the viewer's hand
        hand = self.query_one("#hand", HandView)
        if me is None:
            if ctx.watching:
                hidden = "You sit this deal out: the cards show when it is over."
            elif ctx.hotseat:
                hidden = "Hands are hidden between players."
            else:  # the host of a table with no seat of its own
                hidden = "You host this table: its hands are played at the other terminals and by the bots."
            if ctx.watching:  # the seat played at the bottom has its line there, its hand hidden
                self._put("#hand-title", seat_line(ctx, ctx.base, mine=False))
                hand.show([], hidden_text=hidden)
            else:
                self._put("#hand-title", Text(hidden, style="italic"))
                hand.show([], hidden_text="(hidden)")
        else:
            ph = ctx.decides
            legal_mask = [p in ctx.legal_plays for p in ctx.playable] if ph is Phase.TRICKS else None
            if ph is Phase.BURY:  # dimmed as a card that may not be played: one the burial may not take now
                legal_mask = ctx.pickable()
            show_cursor = ph in (Phase.TRICKS, Phase.PASS, Phase.BURY)
            hand.show(
                list(ctx.hand),
                legal=legal_mask,
                selected=set(ctx.picked) if ph in PICK_PHASES else set(),
                marked=set(ctx.marked),
                cursor=ctx.cursor if show_cursor else -1,
                table=list(ctx.on_table),
                # NO_COLOR: the cards the rule keeps have their own mark, until the set is full
                # (then every other card is locked for want of room, not as melded)
                lock_marks=ph is Phase.BURY and not Style.color and len(ctx.picked) < ctx.pick_count,
            )
            title = seat_line(ctx, me)
            if ctx.keys.get("claim_misdeal"):  # (§0.4 item 23b)
                title.append("  x calls a misdeal", style="bold")
            self._put("#hand-title", title)

        # prompt and buttons
        handed = ctx.hotseat and ctx.viewer != self._viewer_drawn  # the hand-off's Enter showed it
        # (or the last person's move showed everyone's meld to all, no hand drawn)
        handed = handed or (ctx.hotseat and ctx.meld_pause and ctx.viewer is None)
        self._viewer_drawn = ctx.viewer
        first = drawn = chose = False
        if ctx.decides is not None:
            # the hand's first decision: the Enter that closed the last hand's result showed it
            last = self._last_decided
            first = last is None or last[1] != ctx.hand_no
            drawn = self.drawn_since(ctx)
            chose = self.chose_just_now(ctx)
            v = ctx.view
            self._last_decided = (ctx.viewer, ctx.hand_no, cards_played(v), v.stock_size, v.turn_up, ctx.hand)
            self._last_decided_key = ctx.key
        if (ctx.decides is not None and ctx.decides in PAUSED_PHASES) or handed or first or drawn or chose:
            self.prompt_shows(ctx.key)  # (its pause starts as it is first drawn; a hand-off's meld to go on from too)
        prompt, buttons = self.prompt_and_buttons(ctx)
        msg = ctx.message
        said = (msg if isinstance(msg, Text) else Text(str(msg), style="bold")) if msg else None
        self._put("#prompt", (Text.assemble(prompt), said))  # (widgets.Prompt keeps the message in sight)
        room = self.query_one("#buttons").content_size.width
        # five choices (five-hand's call) in 80 columns: narrower buttons; else the stylesheet's 16
        narrow = max(8, room // len(buttons) - 1) if buttons and len(buttons) * 17 > room else None
        bar = self.query_one("#buttons")
        for i in range(len(bar.children), len(buttons)):  # five-hand's call, a hint's three, a meld's six
            bar.mount(Choice(i, id=f"btn-{i}"))
        # an action for every button: two-hand's meld after a won trick can offer more than N_BUTTONS
        self._buttons += [None] * (len(buttons) - len(self._buttons))
        for i, btn in enumerate(bar.query_children(Choice)):
            self._set(btn, "styles.width", narrow)
            if i < len(buttons):
                label, action, enabled, chosen = buttons[i]
                self._put(f"#btn-{i}", label)
                self._set(btn, "class-disabled", not enabled)
                self._set(btn, "display", True)
                self._set(btn, "class-chosen", chosen)
                self._buttons[i] = action
            else:
                self._set(btn, "display", False)
                self._buttons[i] = None
        sig = (ctx.keys, self.host_waits(ctx))
        if sig != self._bindings_sig:  # the footer shows the keys as they act now (the host's too)
            self._bindings_sig = sig
            self.refresh_bindings()

    def _ring_seats(self, ctx: SeatFacts, meld_mode: bool) -> None:
        """5 to 8 seats: each box at its `seating.seat_layout` spot (sized to it, the top
        row's boxes spread along the board), its text fitted to its rows; everyone's meld
        takes the whole board."""
        n = ctx.variant.players
        w, h = self.app.size
        hand = self.query_one("#hand", HandView)
        foot_h = 5 + (hand.styles.height.value if hand.styles.height is not None else 3)
        spots = {s.place: s for s in seat_layout(n, w, h, int(foot_h))}
        places = ctx.places
        self._set(self.query_one("#top-row"), "display", not meld_mode)
        self._set(self.query_one("#col-left"), "display", not meld_mode)
        self._set(self.query_one("#col-right"), "display", not meld_mode)
        self._set(self.query_one("#top-row"), "class-ring", True)
        self._set(self.query_one("#middle"), "class-ring", True)  # (its boxes where seat_layout puts them)
        self._set(self.query_one("#middle"), "class-all-melds", meld_mode)  # (the centre takes the board)
        edge = 0
        top = spots["top-left"]  # (every table of 5 to 8 has one)
        below = dict.fromkeys(("left", "right"), top.y + top.h)  # each column's top, then its last box's foot
        for place in RING_PLACES:
            box = self.query_one(f"#seat-{place}", SeatBox)
            seat = places.get(place)
            self._set(box, "display", seat is not None)
            if seat is None:
                continue
            spot = spots[place]
            self._set(box, "styles.height", spot.h)
            if place.startswith("top"):
                self._set(box, "styles.width", spot.w)
                self._set(box, "styles.margin", (0, 0, 0, spot.x - edge))
                edge = spot.x + spot.w
            else:  # a side box in the middle of its share of the column
                column = "left" if place.endswith("left") else "right"
                self._set(box, "styles.margin", (spot.y - below[column], 0, 0, 0))
                below[column] = spot.y + spot.h
            title, subtitle, text = ring_seat(ctx, seat, spot.w - 4, spot.h - 2)
            self._put(f"#seat-{place}", text)
            self._set(box, "border_title", title)
            self._set(box, "border_subtitle", subtitle)
            self._set(box, "class-active", ctx.to_act == seat)
            for side in range(MAX_TEAMS):
                self._set(box, f"class-team-{side}", team_of(ctx, seat) == side)

    def _bindings_list(self) -> list[Binding]:
        return [b for b in self.BINDINGS if isinstance(b, Binding)]

    # what the panels draw, by the names the tests and the hint use
    def seat_text(self, view: SeatView, seat: int) -> Text:
        return seat_text(self.context(view), seat)

    def melds_shown(self) -> bool:
        """The centre shows everyone's meld whatever the phase: during the meld pause (a
        hot-seat partner's comes after the lead)."""
        return self.now().show_melds

    def meld_mode(self, view: SeatView) -> bool:
        return meld_mode(view, self.now().show_melds)

    def meld_text(self, view: SeatView) -> Text:
        return meld_text(self.context(view))

    def center_text(self, view: SeatView, base: int, places: dict[str, int]) -> Any:
        """What the centre shows for ``view`` (before it is centred vertically)."""
        ctx = self.context(view, base, places)
        return self.panels[panel_for(view, ctx.show_melds)].body(ctx)

    def prompt_and_buttons(self, ctx: SeatFacts) -> tuple[Text, list[ButtonSpec]]:
        seat = ctx.to_act
        if ctx.offline:  # a joined seat's connection is down: nothing it decides could be sent
            back = not ctx.gone_for_good  # (closed for good: nothing comes back)
            waits = " Your move waits until it is back." if back and seat is not None and seat == ctx.viewer else ""
            return Text(ctx.offline + waits, style="bold"), []
        if seat is None and ctx.waits:  # a hosted table waits at the deal: nobody is to act
            return Text(ctx.waits[0].upper() + ctx.waits[1:] + "."), []
        if seat is None:
            return Text("The hand is over."), []
        if ctx.meld_pause:
            return meld_pause_prompt(ctx)  # addressed in hot-seat (panels.meld)
        if not ctx.my_turn:
            if ctx.busy:
                return Text("Thinking… (Esc cancels)"), []
            if ctx.waits:  # a person at another terminal holds the game (a hosted table)
                return Text(ctx.waits[0].upper() + ctx.waits[1:] + "."), []
            if seat in ctx.stand_in:
                return Text(f"A bot plays for {ctx.names[seat]}…", style="italic"), []
            if ctx.is_human(seat):
                return Text(doing_line(ctx, seat)), []
            return Text(f"{ctx.names[seat]} is thinking…", style="italic"), []
        if ctx.waits and ctx.view.phase is Phase.TRICKS:  # the lead waits for a look at everyone's meld
            return Text(ctx.waits[0].upper() + ctx.waits[1:] + "."), []
        return self.panels[prompt_panel(ctx.view)].prompt(ctx)

    # ------------------------------------------------------------------ key actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Each key's state, read from the facts (`table.facts.key_states`).  Textual asks
        it for every binding whenever the footer is drawn: `widgets.is_live` written out."""
        f = self.facts
        if (
            f is None
            or not (self.is_mounted and self.is_running and self.is_attached and self in self.app.screen_stack)
            or self._closing
            or self._pruning
        ):  # not composed yet, or closing: no key does anything
            return False
        if self.app.has_class("-too-small"):  # the table is hidden: only q works
            return action == "quit_game"
        if action in ("seat_bot", "join_lines"):  # (a hosted table's alone)
            return getattr(self.turns, "core", None) is not None
        if action in self.HOST_KEYS:  # the host's table waits for someone
            return self.host_waits(f)
        return f.keys.get(action, True)

    def host_waits(self, f: SeatFacts) -> bool:
        """The host's table waits for someone its ``b`` and ``w`` help with (the footer
        offers them only then)."""
        return getattr(self.turns, "core", None) is not None and f.host_keys

    # ------------------------------------------------------------------ keys that cannot act now
    def on_key(self, event: events.Key) -> None:
        """A key that does nothing now says why in the message line (``m`` in the auction
        did nothing, silently): a key of the table that no binding may act on now, and a
        key nothing here takes at all (``r`` left the last message standing, so it looked
        unread)."""
        if not self.live or self.too_small():
            return
        chain = self._binding_chain
        mine = [b for node, bmap in chain if node is self for b in bmap.key_to_bindings.get(event.key, ())]
        if not mine and any(event.key in bmap.key_to_bindings for _node, bmap in chain):
            return  # the app's or a widget's key (ctrl+p, F1, ctrl+q...)
        f = self.now()
        keys = f.keys
        actions = [parse(binding.action)[1] for binding in mine]
        if any(keys.get(action, True) for action in actions):
            return  # a binding acts on it
        if "continue" in actions and self.turns.lead_now():
            return  # the host's Enter ends the looks at everyone's meld that hold the lead
        if f.to_act is not None and f.to_act == f.viewer and not f.legal and f.waits:
            return  # the viewer's lead waits for a look at everyone's meld: the prompt says whom for
        self.say_no_effect(actions, event.key)

    def say_no_effect(self, actions: list[str], pressed: str) -> None:
        """The message line for the key ``pressed`` that does nothing now (``actions``: its
        bindings' actions, none for a key nothing here takes): why, and what to press."""
        why = self.why_off(actions, pressed)
        message = self.message = Text(why or self.press_now(actions, pressed), style="bold")
        if why is None:  # what to press now: stale once a helper thinks (the hand's facts stand)
            self._passing = message
        self.refresh_view()
        if self.now().to_act is None and self.note:  # a hosted table waits at the deal: the row's
            self.set_timer(self.NOTE_BACK_AFTER, lambda: self._note_back(message))  # codes come back

    NOTE_BACK_AFTER = 3.0  # seconds a key's refusal stands over the line of how to join

    def _note_back(self, message: Text) -> None:
        """The line under the prompt (how to join) again, in place of ``message`` if that is
        still shown (a newer message stays)."""
        if self.live and self.message is message:
            self.message = ""
            self.refresh_view()

    def why_off(self, actions: list[str], pressed: str) -> str | None:
        """One line: why the key ``pressed`` cannot act now (``actions``: its bindings'
        actions, none for a key the table does not take), and what the table asks instead;
        None on the person's own turn with no other reason: then the line is what to press
        now (`press_now`)."""
        f = self.now()
        action = actions[0] if actions else ""
        seat = f.to_act
        name = display(pressed)
        if action == "tricks":  # (greyed only before the first trick, a helper thinking or not)
            return NO_TRICK_YET  # (as `action_tricks` says it)
        if self.busy:
            return f"Wait: {self.helping}; Esc cancels it."
        if f.offline:
            return f"Wait: {f.offline[0].lower()}{f.offline[1:]}"
        if f.meld_pause:
            return f"Everyone's meld is shown: {key('continue')} goes on first."
        if seat is None and f.waits and f.view.phase is not Phase.DONE:  # a hosted table waits at the deal
            keys = ": b seats a bot, w shows how to join" if f.host_keys else ""
            return f"Nobody plays until every seat is filled{keys}."
        if seat is None or f.view.phase is Phase.DONE:
            if action == "auto":  # (its result was seen: there is nothing left to play)
                return f"The hand is over: {name} plays nothing until the next hand is dealt."
            return "The hand is over."
        # keys that work whoever's turn it is: why not now, not that it is another's turn
        # ("Not your turn: North is to move; u does nothing until your turn" with nothing to undo)
        if action == "undo":
            if self.turns.hosted():  # a move sent to (or from) another terminal stands
                return UNDO_OFF_REMOTE
            return "Nothing to undo yet in this hand."
        if action == "melds":
            if f.variant.melds_during_play:
                return "The melds are on the table: yours under your hand, the other player's across."
            return "Everyone's meld is shown once it is laid down, after the pass."
        if not self.my_turn() and f.waits:  # the table waits for someone else than the seat to act
            return f"{f.waits[0].upper()}{f.waits[1:]}; {name} does nothing until your turn."
        if not self.my_turn():
            who = self.context().names[seat]
            to_move = f"{who} {says(who, 'is', 'are')} to move"
            if not actions:  # (not on anyone's turn)
                return f"{name} does nothing here; {to_move}."
            return f"Not your turn: {to_move}; {name} does nothing until your turn."
        return None

    def press_now(self, actions: list[str], pressed: str) -> str:
        """One line on the person's own turn: what the key ``pressed`` (its bindings'
        ``actions``) does where it acts, or that it does nothing here, and what to press
        now (a line a helper's thinking makes stale, `_passing`)."""
        name = display(pressed)
        ph = self.now().view.phase
        now = {
            Phase.DEAL: "now keep the hand or call a misdeal",
            Phase.AUCTION: f"now {key('bid')} bids, {key('pass_bid')} passes",
            Phase.TRUMP: "now name trump: 1-4",
            Phase.PASS: f"now {key('pick')} picks cards, {key('confirm')} passes them",
            Phase.BURY: f"now {key('pick')} picks cards, {key('confirm')} buries them",
            Phase.MELD: f"now choose: {key('choose')} takes the choice",
            Phase.TRICKS: f"now {key('play')} plays the card",
        }.get(ph, f"now {key('choose')} takes the choice")
        # what the key does where it acts, its bindings' in the order of `KEY_WORK` (the
        # auction's stand-ins for a refused bid or pass said only when the key has no other)
        does = [KEY_WORK[a] for a in KEY_WORK if a in actions and not (a.endswith("_refused") and len(actions) > 1)]
        does = list(dict.fromkeys(does))
        if len(does) == 1:
            return f"{name} {does[0]} only; {now}."
        # a key of no use at the table, or of several (Space plays, picks, chooses and goes
        # on): that it does nothing here and what to press now, in one row (naming the uses
        # elsewhere made it two, which pushed the bid's own line out of the auction; the
        # help lists every use)
        return f"{name} does nothing here; {now}."

    def action_continue(self) -> None:
        if self.turns.deal_now():
            return
        if self.ensure_result(asked=True):
            return
        if self.shown_too_soon():
            return  # hot-seat: the hand-off's Enter just showed everyone's meld (`KeyPause`)
        self.turns.go_on_from_meld()

    def _hand_len(self) -> int:
        return len(self.now().playable)

    def action_left(self) -> None:
        self._move(-1)

    def action_right(self) -> None:
        self._move(1)

    def action_jump(self, last: int) -> None:
        """Home / End: the first or last card (or choice)."""
        ph = self.phase_now()
        if ph is None or ph is Phase.AUCTION:
            return
        f = self.now()
        opt, cursor = f.opt_index, f.cursor
        if ph in CHOICE_PHASES:
            if f.options:
                opt = len(f.options) - 1 if last else 0
        else:
            # within the row the cursor is in: the hand, or (two-hand) the melds on the table
            in_hand = len(f.hand)
            n = len(f.playable)
            if n:
                lo, hi = (0, in_hand - 1) if cursor < in_hand or in_hand == n else (in_hand, n - 1)
                cursor = max(0, hi if last else lo)
        edge = (opt, cursor) == (f.opt_index, f.cursor)
        self.select(opt_index=opt, cursor=cursor, message=self._at_edge(1 if last else -1) if edge else "")

    def _move(self, d: int) -> None:
        ph = self.phase_now()
        if ph is None:
            return
        if ph is Phase.AUCTION:
            self._bid_move(d)
            return
        f = self.now()
        opt, cursor = f.opt_index, f.cursor
        if ph in CHOICE_PHASES:
            if f.options:  # no wrap: a second press never lands back on the other choice
                opt = min(max(opt + d, 0), len(f.options) - 1)
        else:
            n = len(f.playable)
            if n:
                cursor = (cursor + d) % n
        edge = (opt, cursor) == (f.opt_index, f.cursor)
        self.select(opt_index=opt, cursor=cursor, message=self._at_edge(d) if edge else "")

    def _at_edge(self, d: int) -> Text:
        """The line for a move that cannot move (never nothing): the end of the row."""
        ph = self.phase_now()
        if ph is Phase.AUCTION:
            f, v = self.now(), self.variant
            high = f.view.high_bid
            if d > 0 and v.raise_limit == "one_or_two_units" and high and f.bid_amounts[-1:] != (v.max_bid,):
                # §0.4.20: the grid goes on, the raise stops at two bid units
                most = v.fmt(f.bid_amounts[-1] - high)
                return Text(
                    f"That is the raise limit: a bid goes at most {most} over the last ({v.fmt(high)}).", style="bold"
                )
            what = "lowest bid you may make" if d < 0 else "highest bid"
        else:
            what = ("first " if d < 0 else "last ") + ("choice" if ph in CHOICE_PHASES else "card")
        return Text(f"That is the {what}.", style="bold")

    def _bid_move(self, d: int) -> None:
        f = self.now()
        index = f.bid_index
        if f.bid_amounts:
            index = min(max(index + d, 0), len(f.bid_amounts) - 1)
        self.select(bid_index=index, message=self._at_edge(d) if index == f.bid_index else "")

    def action_raise(self) -> None:
        if self.phase_now() is Phase.AUCTION:
            self._bid_move(1)

    def action_lower(self) -> None:
        if self.phase_now() is Phase.AUCTION:
            self._bid_move(-1)

    def action_bid(self) -> None:
        amounts = self.bid_amounts()
        if self.phase_now() is not Phase.AUCTION or not amounts or self.answer_too_soon():
            return  # (too soon: not even the jump bid's question)
        amount = amounts[min(self.bid_index, len(amounts) - 1)]
        legal = [a for a in self.now().legal if isinstance(a, Bid) and a.amount == amount]
        action = legal[0] if legal else Bid(amount)
        jump = self.jump_over(amount)
        sure_set = self.may_pass_bid() and trump_out_of_reach(self.the_view().hand, self.variant)
        if jump is None and not sure_set:
            self.human_act(action)
            return
        v = self.variant
        said = [f"That is {v.fmt(jump[1])} over {jump[0]}."] if jump else []
        if sure_set:  # (a stuck dealer has no pass, and so no question)
            said.append(no_trump_words(v) + " Bid anyway?")
        self.confirm_then(action, f"Bid {v.fmt(amount)}?", " ".join(said))

    def jump_over(self, amount: int) -> tuple[str, int] | None:
        """A bid of ``amount`` as a jump worth confirming: (over what, by how much), when it
        is `JUMP_RAISES` raises (the variant's raise at the current bid, `Variant.bid_step`)
        or more over the current bid (before any bid: over the lowest bid allowed); else None."""
        v = self.variant
        view = self.the_view()
        made = [a for _, a in view.bids if a > 0]
        if made:
            base, what = max(made), f"the current bid of {v.fmt(max(made))}"
        else:
            amounts = self.bid_amounts()  # (the viewer's own, when it is to bid)
            base = amounts[0] if amounts else v.next_bid_after(None)
            what = f"the lowest bid of {v.fmt(base)}"
        over = amount - base
        return (what, over) if over >= JUMP_RAISES * v.bid_step(base) else None

    def confirm_then(self, action: Any, question: str, detail: str) -> None:
        """Ask before ``action`` (a person's own key only: bots and "play for me" never ask);
        y / Enter does it, n / Esc goes back to the choice."""
        from .dialogs import ConfirmScreen

        state = self.state_now()
        self.papp.push_screen(ConfirmScreen(question, detail), callback=lambda yes: self._confirmed(state, action, yes))

    @when_live
    def _confirmed(self, state: Any, action: Any, yes: bool | None) -> None:
        if yes and self.turns.same_state(state):
            self.human_act(action)
            return
        self.message = Text("Not done: choose again.", style="bold") if not yes else ""
        self.refresh_view()

    def action_pass_bid(self) -> None:
        if self.phase_now() is Phase.AUCTION:
            self.human_act(PassBid())

    def action_bid_refused(self) -> None:
        """Enter with no bid allowed, or an arrow with only one: the one line why."""
        amounts = self.bid_amounts()
        if self.phase_now() is not Phase.AUCTION or len(amounts) > 1:
            return
        v = self.variant
        if amounts:
            text = f"{v.fmt(amounts[0])} is the only bid you may make: {key('bid')} bids it."
        else:
            reason = pretty(self.refusal(Bid(v.min_bid)) or "no bid is allowed now: pass")  # the engine's why
            text = f"{reason[:1].upper()}{reason[1:]} with {key('pass_bid')}."
        self.message = Text(text, style="bold")
        self.refresh_view()

    def action_pass_refused(self) -> None:
        if self.phase_now() is not Phase.AUCTION or self.may_pass_bid():
            return
        reason = self.refusal(PassBid()) or "you may not pass now"  # the engine says why
        self.message = Text(f"You cannot pass: {pretty(reason)}", style="bold")
        self.refresh_view()

    def drawn_since(self, ctx: SeatFacts) -> bool:
        """``ctx`` is a decision of the viewer that follows its last one directly (no card
        played since) with a card drawn from the stock into its hand between: the stock
        game's lead after the trick's winner melds and every seat draws (§2.7, §5.9), or
        after it picks the last stock card.  The key that made the last decision came on
        into this one, from a hand not yet seen."""
        last = self._last_decided
        if ctx.decides is None or last is None:
            return False
        view = ctx.view
        was_viewer, was_hand_no, was_played, was_stock, was_turn_up, was_hand = last
        return (
            (ctx.viewer, ctx.hand_no, cards_played(view)) == (was_viewer, was_hand_no, was_played)
            and (view.stock_size < was_stock or view.turn_up != was_turn_up)
            and bool(Counter(ctx.hand) - Counter(was_hand))
        )

    def chose_just_now(self, ctx: SeatFacts) -> bool:
        """``ctx`` is a decision after a won trick shown at once on the viewer's own card:
        the lead of the trick's winner (§5.9; in the stock game after every seat draws,
        §2.7), or the stock game's choice before it (the meld or the dix, §5.9; the last
        pick, §2.7.5).  A new decision of the same person in the same hand whose last
        decision played the trick's last card, and that card won it.  The key that played
        the card came on into this decision unseen, the won trick still on the table."""
        last = self._last_decided
        if ctx.decides not in (Phase.DECLARE, Phase.LAST_PICK, Phase.TRICKS) or last is None:
            return False
        if self._last_decided_key == ctx.key:
            return False
        if ctx.decides is Phase.TRICKS and ctx.view.trick:
            return False  # a follow, not the winner's lead (a card of another seat's came between)
        was_viewer, was_hand_no, was_played = last[:3]
        return (ctx.viewer, ctx.hand_no, was_played + 1) == (was_viewer, was_hand_no, cards_played(ctx.view))

    def answer_too_soon(self) -> bool:
        """A key (or click) that would answer the decision now comes too soon after it
        showed: one that takes a pause (a bidder's choice of `PAUSED_PHASES`, or what the
        hot-seat hand-off showed), up for less than `KeyPause.KEY_PAUSE`.  The answer is
        left alone; moving the cursor or the choice is no answer."""
        return self.now().decides is not None and self.shown_too_soon()

    def shown_too_soon(self) -> bool:
        """What the table shows now started a pause when it was drawn (`prompt_shows` with
        the facts' key) and it is not over yet."""
        key = self.now().key
        return self.shown_for == key and self.too_soon(key)

    def action_choose(self) -> None:
        if self.phase_now() not in CHOICE_PHASES or self.answer_too_soon():
            return
        opts = self.options()
        if not opts:
            return
        _label, action, ok = opts[self.opt_index % len(opts)]
        if not ok and self.turns.host_judges:  # the host refuses it, in the engine's words
            self.human_act(action)
            return
        if not ok:
            reason = self.refusal(action) or "that suit is not allowed"  # the engine says why
            self.message = Text(f"Not allowed: {pretty(reason)}", style="bold")
            self.refresh_view()
            return
        if isinstance(action, Concede):
            self.confirm_then(action, "Throw in the hand?", throw_in_detail(self.the_view(), self.now().names))
            return
        self.human_act(action)

    def action_digit(self, n: int) -> None:
        if self.phase_now() not in CHOICE_PHASES or self.answer_too_soon():
            return
        opts = self.options()
        if 1 <= n <= len(opts):
            self.opt_index = n - 1
            self.action_choose()
        else:  # a number past the choices (5 at trump's 1-4) says so, as 0 does
            self.say_no_effect([], str(n))

    def action_pick(self) -> None:
        if self.phase_now() not in PICK_PHASES or self.answer_too_soon():
            return  # (a pick is held by the pause as an answer is: a card picked from a hand unseen)
        self._toggle(self.cursor)

    def _toggle(self, i: int) -> None:
        f = self.now()
        if i in f.picked:
            self.select(picked=f.picked - {i}, message="")
            return
        k = f.pick_count
        if len(f.picked) >= k:
            again = f"{key('pick')} on a picked card puts it back"
            self.select(message=Text(f"You have picked {k} already; {again}.", style="bold"))
            return
        mask = f.pickable()
        kept = bury_kept(f.variant)
        if mask is not None and not mask[i] and kept is not None:  # (a dimmed card: said now, not at Enter)
            self.select(message=Text(f"You may not bury {kept.one} while {kept.others} remain.", style="bold"))
            return
        self.select(picked=f.picked | {i}, message="")

    def action_confirm(self) -> None:
        ph = self.phase_now()
        if ph not in PICK_PHASES:
            return
        f = self.now()
        k = f.pick_count
        if len(f.picked) != k:
            self.select(message=Text(f"Pick exactly {k} cards ({len(f.picked)} picked).", style="bold"))
            return
        chosen = tuple(sorted(f.hand[i] for i in f.picked))
        self.human_act(PassCards(chosen) if f.view.phase is Phase.PASS else Bury(chosen))

    def action_play(self) -> None:
        if self.phase_now() is not Phase.TRICKS:
            return
        self._play_index(self.cursor)

    def _play_index(self, i: int) -> None:
        f = self.now()
        cards = f.playable
        if not 0 <= i < len(cards):
            return
        card, from_table = cards[i]
        action = Play(card, from_table=True) if from_table else Play(card)
        why = None if action in f.legal else self.refusal(action)
        if why is not None:
            self.message = Text(self.card_refusal(why or "it may not be played now"), style="bold")
            self.refresh_view()
            return
        self.human_act(action)

    def card_refusal(self, why: str) -> str:
        """The line for a card the rules refuse (``why``: the engine's reason, ending in
        the cards that may be played, ``...: play A♣ 10♣``), in the prompt's one row: where
        the list pushes it onto a second row (a lone card wrapped under the rest at 80
        columns), the reason alone (the cards that may be played stay lit in the hand)."""
        line = f"Not that card: {pretty(why)}"
        try:
            room = self.query_one("#prompt").content_size.width or PROMPT_ROOM
        except Exception:  # (not composed)
            room = PROMPT_ROOM
        reason, _, cards = why.rpartition(": play ")
        if cell_len(line) <= room or not reason or not cards:
            return line
        return f"Not that card: {pretty(reason)}."

    @when_live
    def on_hand_view_clicked(self, event: HandView.Clicked) -> None:
        ph = self.phase_now()
        if ph is Phase.TRICKS:
            self.cursor = event.index
            self._play_index(event.index)
        elif ph in PICK_PHASES and not self.answer_too_soon():
            self.cursor = event.index
            self._toggle(event.index)

    @when_live
    def on_choice_pressed(self, event: Choice.Pressed) -> None:
        action = self._buttons[event.index]
        if action is None:
            return
        if isinstance(action, tuple):
            if self.answer_too_soon():
                return
            self.opt_index = action[1]
            self.action_choose()
        else:
            getattr(self, f"action_{action}")()

    def action_auto(self) -> None:
        """Play this for me: the move the hint advises (a player reads the two as one
        advice, and the hint is the expert's where one sits at the table: `hint_bot`).  A
        hint already worked out for this very decision (`_hint_kept`) is played at once,
        not searched again (a second search might say another card); otherwise the hint's
        bot decides in a worker, as for the hint.  At "everyone's meld" it goes on, and at
        a finished hand it opens the result (which ``a`` does not close: `HandResultScreen`)."""
        if self.ensure_result(asked=True):
            return
        f = self.now()
        if f.meld_pause:
            self.action_continue()
            return
        if f.to_act is None and f.view.phase is Phase.DONE:  # gone on from the result: says why not
            self.say_no_effect(["auto"], "a")
            return
        if self.answer_too_soon():
            return
        kept = self._hint_kept
        if kept is not None and not self.busy and self.my_turn() and kept[0] == self._hint_key():
            self.auto_act(kept[1])
            return
        bot = self.hint_bot()
        working = f"the {bot.name} bot is working out your move"
        self._helper_move(lambda action: self.auto_act(action, bot), bot, working)

    def auto_act(self, action: Any, bot: Any = None) -> None:
        """ "Play for me"'s ``action``, made for the person (`human_act`); ``bot``: the one
        that worked it out just now, whose search of it (the expert's ``last``) the review
        reports the move by (`Decision.auto_search`)."""
        from ..review import search_made_by

        self.human_act(action, auto=True, search=search_made_by(bot, action))

    def action_hint(self) -> None:
        """The hint: its bot asked in a worker, or, asked again at the same decision, the
        last answer shown at once (`_hint_kept`: searching again took as long, and might
        say another card)."""
        kept = self._hint_kept
        if kept is not None and not self.busy and self.my_turn() and kept[0] == self._hint_key():
            self._show_hint(kept[1])
            return
        bot = self.hint_bot()
        self._helper_move(self._show_hint, bot, f"the {bot.name} bot is working out a hint")

    def _hint_key(self) -> Any:
        """What a hint is kept for (`_hint_kept`): the facts' key (the round, the seat, the
        hand, the actions taken) and the seat's whole view, so an equal key is the same
        decision by what the seat sees, whatever the moves taken back between."""
        f = self.now()
        return (f.key, f.view)

    def hint_bot(self) -> Any:
        """The hint's bot: the controller's (`Controller.hint_bot`); at a hosted table the
        remote loop's (`RemoteLoop.hint_bot`), run here on this seat's own view (it sees
        nothing the seat does not)."""
        return self.turns.hint_bot()

    def _show_hint(self, action: Any) -> None:
        v = self.variant
        view = self.the_view()
        cards = self.display_hand(view)
        if isinstance(action, Bid):
            amounts = self.bid_amounts()
            if action.amount in amounts:
                self.bid_index = amounts.index(action.amount)
            text = f"bid {v.fmt(action.amount)}"
        elif isinstance(action, (PassCards, Bury)):
            picked = set()
            pool = list(action.cards)
            for i, x in enumerate(cards):
                if x in pool:
                    pool.remove(x)
                    picked.add(i)
            self.picked = picked
            text = (
                ("pass " if isinstance(action, PassCards) else "bury ")
                + Style.cards(action.cards)
                + " (picked for you)"
            )
        elif isinstance(action, Play):
            self.cursor_on(action)
            text = f"play {Style.card(action.card)}" + (" from the table" if action.from_table else "")
            if self._cards_alike(view):  # (a tie said first: else the card named reads as the one best card)
                text = f"every legal card scores the same here: {text}"
        elif isinstance(action, (NameTrump, KeepHand, ClaimMisdeal, PlayOn, Concede)):
            for i, (_, a, _) in enumerate(self.options()):
                if a == action:
                    self.opt_index = i
            if isinstance(action, NameTrump):
                s = Suit.parse(action.suit).index
                text = f"name {Style.suit(s)} {SUIT_NAMES[s]} trump"
            elif view.phase is Phase.MELD and view.trump is None:  # a forced bid, the widow unseen (§9.2)
                label = next(label for label, a, _ in self.options() if a == action)
                text = label[:1].lower() + label[1:]
            else:
                text = {
                    KeepHand: "keep the hand",
                    ClaimMisdeal: "call a misdeal",
                    PlayOn: "play the hand",
                    Concede: "throw in the hand",
                }[type(action)]
        elif isinstance(action, PassBid):  # Enter bids the amount shown: name the key that passes
            text = f"pass ({key('pass_bid')} passes; {key('bid')} would bid)"
        elif any(a == action for _, a, _ in self.options()):  # meld, dix, draft, last pick
            opts = self.options()
            self.opt_index = next(i for i, (_, a, _) in enumerate(opts) if a == action)
            text = opts[self.opt_index][0]
        else:
            text = self.turns.describe(action)
        here = self._hint_key()
        kept = self._hint_kept
        if kept is not None and kept[0] == here and kept[1] == action:  # asked again: said as before
            who, words, noted = kept[2:]
        else:
            who, words, noted = self._hint_words(action, view)
            self._hint_kept = (here, action, who, words, noted)
        if noted is not None:  # the review reports a move made as the expert's hint said
            self.turns.note_hint(*noted)
        full = text + words
        if view.phase is Phase.AUCTION and full == text:  # said once, where p or Enter acts on it
            then = "" if isinstance(action, PassBid) else f" ({self.hint_then(action)})"
            self.message = Text(f"Hint ({who}): {text}{then}", style="bold")
            self.refresh_view()
            return
        # the standard bot's reason stays on the message line after its box closes, where
        # the line has the room ("Hint (standard bot): play Q♣" alone was all a player saw
        # once Enter had played the card)
        line = f"Hint ({who}): {text}"
        why = words.partition("\n")[0]
        if who == "standard bot" and why and cell_len(line + why) <= self.query_one("#prompt").content_size.width:
            line += why
        self.message = Text(line, style="bold")
        self.refresh_view()
        from .dialogs import HintScreen

        screen = HintScreen(full, self.hint_then(action), who, self.action_auto, isinstance(action, PassBid))
        if self.app.screen is not self:
            # what was asked for after the hint (the tricks, the help) or a question (quit)
            # is over the table: it stays on top, and the hint's box waits for it to close
            self._hint_held = (here, screen)
            return
        self._hint_held = None
        self.papp.push_screen(screen)

    def _cards_alike(self, view: SeatView) -> bool:
        """Two-hand's play once the stock is out (RULES.md §2.7, §6.4), where every legal
        card ends the hand with the same trick points by the exact search the bots play
        it by (`StandardBot.phase_two_scores`): the hint says so, as the review does of
        the same card ("every legal card was as good as another"); "play A♠" alone read
        as the one best card.  The hint's bot's own search where it has one (its endgame
        table is warm from the hint just made)."""
        v = view.variant
        if not (v.has_stock and v.two_hand and view.phase is Phase.TRICKS and not view.stock_open):
            return False
        plays = [a for a in self.now().legal if isinstance(a, Play)]
        if len(plays) < 2:
            return False
        bot = self.hint_bot()
        solver = bot if hasattr(bot, "phase_two_scores") else StandardBot()
        scores = solver.phase_two_scores(view, plays)
        return bool(scores) and min(scores) == max(scores)

    def _hint_words(self, action: Any, view: SeatView) -> tuple[str, str, tuple[Any, ...] | None]:
        """The hint bot's name, its words after the move (" · A♠ scores 14 more than
        ..."; for the stock game's meld, dix and last pick and the draft the same, each
        option named as the menu shows it): its search of this decision, a bid's trial
        over deals, a decision it leaves to the standard bot, a forced one; and, for the
        expert's hint, what the review keeps of it (`Controller.note_hint`'s arguments: the
        move, the deals, the search and the bid's odds; None for another bot)."""
        # (the panels of later phases load with their panel, not with the first table)
        from ..panels.passing import bury_reason, pass_reason, sets_analysis, sets_tried_words
        from ..panels.reasons import standard_reason
        from ..panels.stock import last_pair_note, later_meld_note

        v = self.variant
        bot = self.hint_bot()
        who = f"{bot.name} bot"
        words = ""  # the dialog's; the line under the table keeps to the move (80 columns)
        why = getattr(bot, "last", None)  # the expert's search of this decision (None: not searched)
        figures = ""  # the figures behind a searched card or choice, a line under its words
        weighed = None  # the pass's or the burial's sets tried over deals (`sets_analysis`), for the review
        if why is not None and isinstance(action, Play) and action in why.actions:
            # why in a learner's words after the card named ("play K♣ · clearly better than
            # ..."), then one line of the figures behind it; with a partner the trick is won
            # or lost by the side: the partner may take what the card does not
            card, pts, side = (lambda a: Style.card(a.card)), (lambda p: mean_points(v, p)), not v.each_for_self
            words += " · " + why.advice(action, card, pts, side=side)
            figures = why.figures(action, card, pts, whose_points(v), side=side)
            from ..review import thrown_note  # (a card its search holds no higher than a lower one)

            thrown = thrown_note(view, list(self.now().legal), action)
            words += f"; {thrown}" if thrown else ""
        elif why is not None and action in why.actions:  # the stock game's meld, dix, last pick; the draft
            # why in a learner's words after the option named (its menu label), each other
            # option named as the menu shows it, then the figures behind it
            # (`Analysis.advice`, `Analysis.figures`)
            shown = {a: option_words(label) for label, a, _ in self.now().options}

            def option(a: Any) -> str:
                return shown.get(a) or choice_name(view, a)

            pts = lambda p: mean_points(v, p)  # noqa: E731
            words += " · " + why.advice(action, option, pts, kind="choice")
            figures = why.figures(action, option, pts, whose_points(v))
            # why a meld now may score little more than none; nothing where it is clearly better
            clear = NoMeld() in why.actions and why.clearly_above(action, NoMeld())
            later = later_meld_note(view, why.actions, clear=clear)
            if later:
                words += "; " + later
        # the stock's last round: who takes the turn-up, after the figures (the option or
        # card the hint names is then named once, "it" in the figures)
        last = last_pair_note(view, self.now().names, action)
        if last:
            words += " · " + last
        trump = getattr(bot, "last_trump", None)  # the suits the expert's simulation tried
        if trump is not None and action in trump.actions:
            # how sure the search is of the suit named against each other suit tried, in the
            # card hint's words, then the figures line: its own mean and each other suit's gap
            # with its margin (`Analysis.advice`, `Analysis.figures`)
            suit, pts = (lambda a: Style.suit(a.suit.index)), (lambda p: mean_points(v, p))
            words += " · " + trump.advice(action, suit, pts, kind="suit")
            figures = trump.figures(action, suit, pts, whose_points(v), most=len(trump.actions), own=True)
            # why every suit does badly where every deal of every suit says it (the contract
            # out of reach, or thrown in)
            reason = alike_reason(getattr(bot, "last_trump_trial", None), "suit is named")
            words += f"; {reason}" if reason else ""
            # the suits it did not try (`SimDecisions.name_trump`: three cards or more)
            untried = [a.suit.index for a in self.now().legal if isinstance(a, NameTrump) and a not in trump.actions]
            if untried:
                few = "".join(Style.suit(t) for t in untried)
                words += f" ({few} not tried: fewer than three cards)"
        if isinstance(action, (PassCards, Bury)):  # the pass or the burial: what the set is, the order it is picked by
            sims = getattr(bot, "decisions", None)  # the expert's simulated decisions
            tried = getattr(sims, "last", None)  # its sets over deals
            if tried is None or action not in tried.actions or len(tried.actions) < 2:
                tried = None
            # the standard bot's own set (the first tried, or, where none was tried, the set
            # itself: the standard bot's hint, or the expert's set by standard's rules),
            # named after the reason: its rule is not quoted beside it where that set breaks
            # it, nor is a card said to be kept back that it keeps as well
            standard = tried.actions[0] if tried is not None else action
            words += " · " + (pass_reason if isinstance(action, PassCards) else bury_reason)(view, action, standard)
            if tried is not None:
                to_bidder = isinstance(action, PassCards) and view.seat != view.bidder
                said, figures = sets_tried_words(tried, action, v, to_bidder)
                words += " · " + said
                weighed = sets_analysis(tried)  # (kept for the review, as the words say it)
        odds = getattr(bot, "last_bid", None)  # the expert's bid tried over sampled deals
        if odds is not None and (odds.bid == action or isinstance(action, PassBid)):  # a pass: the lowest bid's
            # the simulated bid's limit and its parts (None: the bid was standard's)
            decisions = None if getattr(bot, "standard_move", None) else getattr(bot, "decisions", None)
            # a pass a rule about the partner makes (the expert bids by standard's rules up to
            # its own limit): said by that rule, not by its limit; a bid over the partner
            # where that rule makes the standard bot pass (the bidding help says so): the
            # rule, and the expert's own limit that clears it
            partner = partner_holding(view, self.now().names)  # (a bid over it said as such)
            rule = None
            if decisions:  # (the partner and its bid said first: the rule does not name them again)
                legal = self.now().legal
                rule = partner_rule_words(view, action, legal, StandardBot(), self.now().names, partner is not None)
            limit = getattr(decisions, "last_limit", None)
            # the limit this seat's last hint in this auction named (why it moved since, where it did)
            hand = (self.now().hand_no, view.seat, tuple(view.hand))
            earlier = self._limits_said.get(view.seat)
            before = None
            if earlier is not None and earlier[0] == hand and view.bids[: len(earlier[1])] == earlier[1] != view.bids:
                before = earlier[2]
            # the advice and why in words, the figures behind them in a line of their own, last
            said, _, figures = bid_odds_words(odds, action, v, limit, rule, partner, before).partition("\n")
            words += help_differs(view, action, self.now().legal, StandardBot())
            words += f" · {said}" if said else ""
            if limit_decides(odds, action, limit, rule):
                self._limits_said[view.seat] = (hand, view.bids, limit)
        if getattr(bot, "standard_move", None):  # the expert left this decision to the standard bot
            words += " · " + bot.standard_move
        if isinstance(action, (PlayOn, Concede)) and view.trump is not None:  # the throw-in (§8.3)
            reach = throw_in_reach(view, self.now().names)  # the contract cannot be made
            if reach:
                words += " · " + reach
        if len(plays_on(view, self.now().legal)) == 1:  # forced (a dealer stuck): nothing was weighed
            words += " · the only choice"
        if bot.name == "standard" and " · " not in words:  # its reason, where none is said above
            # (the pass and the burial say theirs; a card, a suit, a bid, the throw-in here)
            reason = standard_reason(view, action, bot, self.now().legal, self.now().names)
            words += f" · {reason}" if reason else ""
        if figures:  # (a line of its own, under the words: for those who want the numbers)
            words += "\n" + figures
        if bot.name != "expert":
            return who, words, None
        if isinstance(action, NameTrump):  # the suits tried over deals (``trump`` above), for the review
            why = trump
        if weighed is not None:  # the sets tried over deals, as the words above say them
            why = weighed
        searched = why.deals if why is not None and action in why.actions else 0
        # a bid's count is its trial's; a pass's the lowest bid's trial it passed up, as its words said
        tried = odds.deals if odds is not None and (odds.bid == action or isinstance(action, PassBid)) else 0
        deals = searched or tried
        kept = why if searched else None
        # the throw-in as the standard bot's rule weighed it (no deal: a reckoning), which the
        # hint's words give, so that the review costs a throw-in against it by those figures
        reckoned = getattr(bot, "last_throw_in", None)
        if isinstance(action, (PlayOn, Concede)) and reckoned is not None and action in reckoned.actions:
            kept = reckoned
        return who, words, (action, deals, kept, odds)

    def hint_then(self, action: Any) -> str:
        """What does the hinted ``action`` once the hint is closed, by the key as bound."""
        if isinstance(action, PassBid):
            return f"{key('pass_bid')} passes"
        ph = self.now().view.phase
        does = {Phase.AUCTION: "bid", Phase.TRICKS: "play", Phase.PASS: "confirm", Phase.BURY: "confirm"}
        return f"{key(does.get(ph, 'choose'))} does it"

    def action_undo(self) -> None:
        if self.busy:
            return
        if self.turns.undo():
            self.message = Text("Move taken back.", style="bold")
            self.after_change(keep_message=True)

    def action_undo_off(self) -> None:
        self.message = Text(UNDO_OFF_REMOTE if self.turns.hosted() else UNDO_OFF, style="bold")
        self.refresh_view()

    def action_tricks(self) -> None:
        screen = self.turns.tricks_screen()
        if screen is None:
            self.message = Text(NO_TRICK_YET, style="bold")
            self.refresh_view()
            return
        self.papp.push_screen(screen)

    def action_last_review(self) -> None:
        """The last hand's review (`LastReviewScreen`), or why there is none."""
        review = self.last_review
        if review is None:  # a game resumed in this hand: the last one's review made from the game
            review = self.last_review = self._review_of_last_hand()
        if review is None:
            first = self.now().hand_no <= 1
            self.message = Text(NO_HAND_TO_REVIEW if first else NO_LAST_REVIEW, style="bold")
            self.refresh_view()
            return
        from .dialogs import LastReviewScreen

        self.papp.push_screen(LastReviewScreen(review))

    def _review_of_last_hand(self) -> Any:
        """The review of the hand before this one, made from the game as that hand ended
        (`Controller.last_hand`, with its hints and "play for me" moves: a resumed game's
        from its save), as its result's is (`HandResultScreen.kept_review`); None where
        there is none (a seat at another terminal's table, a hand nobody reviews)."""
        last = self._ctrl.last_hand if self._ctrl is not None else None
        if last is None:
            return None
        from ..review import Review, reviewable

        return Review(last) if reviewable(last) else None

    def late_misdeal(self) -> bool:
        """The viewer may still claim the misdeal its hand was dealt (§0.4 item 23b): its
        decision now, after the deal's own question (`table.facts.key_states`)."""
        return bool(self.now().keys.get("claim_misdeal"))

    def action_claim_misdeal(self) -> None:
        if self.late_misdeal():
            self.human_act(ClaimMisdeal())

    def action_melds(self) -> None:
        """Everyone's meld again, over the table (an overlay: it takes every key)."""
        from .dialogs import MeldScreen

        view = self.the_view()
        if view.melds is not None:
            ctx = self.context()._replace(show_melds=True, board_width=MeldScreen.TEXT_WIDTH + 3)
            self.papp.push_screen(MeldScreen(meld_text(ctx)))
        elif view.hand and view.trump is None:  # the auction: the bidding help's meld, meld by meld
            whose = owner(self.context(), capital=True)
            self.papp.push_screen(MeldScreen(meld_by_trump_text(view, MeldScreen.TEXT_WIDTH, whose)))

    def action_help(self) -> None:
        from .dialogs import HelpScreen

        self.papp.push_screen(HelpScreen(self.variant))

    def action_cancel_helper(self) -> None:
        """Esc while a hint or "play for me" thinks: its answer is dropped when it comes
        (`TurnLoop.cancel`) and the table is the player's again (an expert's hint could
        not be called off, its box came seconds later)."""
        if not self.busy:
            return
        self.turns.cancel()
        self.busy = False
        self.message = self._passing = Text("Cancelled.", style="italic")
        self.refresh_view()

    def action_seat_bot(self) -> None:
        """The host seats a bot for every person away (it gives the seat back when they return)."""
        if getattr(self.turns, "core", None) is not None:
            self.turns.seat_bots()

    def action_seat_bot_offered(self) -> None:
        self.action_seat_bot()

    def action_join_lines_offered(self) -> None:
        self.action_join_lines()

    def action_join_lines(self) -> None:
        """The host shows the lines to run at the other terminals (and the browser page) again."""
        if getattr(self.turns, "core", None) is not None:
            self.turns.show_join_lines()

    def action_quit_game(self) -> None:
        self.papp.action_confirm_quit()

    def show_game_over(self, over: Any, result: Any = None) -> None:
        """The game's end, ``over`` (a `GameOverScreen`), shown in the place of the final
        hand's result ``result`` while that is still on top, at once: dismissed first, the
        table said "The hand is over. ⏎ continue" for the quarter second the game-over
        screen took to be made.  Otherwise over the table."""
        if result is not None and self.app.screen is result:
            self.app.switch_screen(over)
        else:
            self.papp.push_screen(over)

    def question_answered(self) -> None:
        """A question over the table (the quit dialog) closed: the game goes on from where
        it waited (`TurnLoop.go_on`)."""
        self.turns.go_on()

    def _layout_sizes(self) -> tuple[Any, ...]:
        """The sizes `refresh_view` fits its texts to."""
        q = self.query_one
        return (
            self.app.size,
            q("#board").content_size,
            q("#status").size,
            q("#center").size,
            q("#scores").size,
            q("#buttons").content_size,
        )

    def _settle_layout(self) -> None:
        """Draw once more if the last draw changed the sizes it was drawn for: a draw that
        shows or hides boxes (the seat columns around everyone's meld, a phase's panel, the
        prompt's second line) lays the table out anew, and the centre's trick is placed for
        the centre's size (else the first trick after everyone's meld, six-hand
        at 80x24: drawn for the meld view's wider, taller centre, four rows low and cut off,
        until a resize).  Called when the centre is given another size (`TableCentre`)."""
        if not self.live or self._drawn_at is None or self._settles >= 2 or self._layout_sizes() == self._drawn_at:
            return
        self._settles += 1  # (twice at most between draws of the game's own: never a loop)
        self._settling = True
        try:
            self.refresh_view()
        finally:
            self._settling = False

    def on_resize(self, event: Any) -> None:
        super().on_resize(event)
        # Textual sends the screen a second Resize of the same size before the first frame:
        # drawn already at these sizes, nothing would change
        if self.live and self._layout_sizes() != self._drawn_at:  # (not before it is composed)
            self.refresh_view()

    def _screen_resized(self, size: Any) -> None:
        """Lay the table out on a Resize only when its size changed.  Before the first frame
        Textual laid the pushed table out three times at one size: on its resume; on the
        Resize that layout posts to the screen itself, which came before the Layout
        requests of the widgets the first draw had filled (so they asked for a third); and
        on the app's own Resize at its next idle.  Each is a full pass over the table's
        widgets.  A widget whose content changes asks for its layout by a
        Layout message whatever the size (`Widget._check_refresh`), so a Resize to the size
        the screen is laid out at has nothing to add; any other is Textual's."""
        compositor = getattr(self, "_compositor", None)
        if getattr(compositor, "size", None) == size and getattr(compositor, "_full_map", None) is not None:
            return
        super()._screen_resized(size)

    def _compositor_refresh(self) -> None:
        """A frame is rendered only to be shown.  The table of a game from the flags is pushed
        while Textual starts the app, inside its start-up batch (``App.batch_update``): the
        table's first layout there rendered a whole frame, which ``App._display`` then
        dropped (it draws nothing while a batch is open), and the table was rendered again
        for the frame shown; a tenth of the cold start.  Within a batch the
        frame waits for the app's next message, after the batch (its regions stay dirty:
        the frame then drawn is a whole one)."""
        if self.app._batch_count:
            self.app.call_later(self.refresh)
            return
        super()._compositor_refresh()

    async def _on_idle(self, event: events.Idle) -> None:
        """The table's first frame is drawn as soon as the table is idle with it ready, not
        at the screen's next update tick: Textual draws a screen's changes on a 60 Hz timer
        that runs from the screen's mount, so the first frame waited up to 16.7 ms (about
        8 on average, 2 to 3% of the cold start).  At a seat of a hosted table so is each
        news's frame when the last frame is a tick old or more (another player's move
        reached this screen some 8 ms later on average, waiting for the tick); frames
        closer together, and every later frame of a table of this terminal's own, keep
        the tick (it paces a burst of changes: never more than 60 frames a second)."""
        if (
            (not self._first_frame or (self.remote is not None and time.monotonic() - self._frame_at >= FRAME_TICK))
            and self._drawn_at is not None
            and not self.app._batch_count
            and self.is_current
            and (self._layout_required or self._dirty_widgets or self._repaint_required)
        ):
            self._first_frame = True
            self._on_timer_update()
        await super()._on_idle(event)

    def _on_timer_update(self) -> None:
        self._frame_at = time.monotonic()  # (`_on_idle`: the last frame's time)
        super()._on_timer_update()

    def on_unmount(self) -> None:
        """A seat at a hosted table leaves it with its table (a new game, quitting): the
        host is told, and seats a bot or waits, as for a dropped connection."""
        self.turns.leave()

    def on_screen_suspend(self) -> None:
        self._covered_at = self.app.size

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Back on top (a hand result, game over or a dialog closed) after the terminal was
        resized: the app's size classes (``-narrow``, ``-wide``) changed meanwhile, and
        Textual restyles only the screens on top when they do, so the table takes its
        styles again and lays itself out for the size it is shown at (else
        hand 2 kept the 80-column log at 200x60).

        The first resume, the push, restyles nothing: Textual styled each widget as it was
        mounted, a moment before, and its restyle of a resumed screen (``refresh_styles``,
        read by `Screen._on_screen_resume`, which runs after this handler) was a second
        pass over every widget of the table before its first frame.

        A finished hand whose result screen is not up (lost in a race between a trick
        pause, a worker and a key) has it put back when the table is on top again; a hint
        that came while a screen was over it (`_hint_held`) shows now, if its decision is
        still the one to make."""
        if self._covered_at is None:  # (the first draw comes with the sizes: `on_resize`)
            event.refresh_styles = False
        elif self.app.size != self._covered_at:
            self.app.update_styles(self)
            self.call_after_refresh(self.refresh_view)  # (texts fitted to the new widths; the log wraps itself)
        over = self.turns.hand_over()
        if over and time.monotonic() >= self._hold_until:
            self.call_after_refresh(self.ensure_result)
        held, self._hint_held = self._hint_held, None
        if held is not None and not over and self.my_turn() and held[0] == self._hint_key():
            self.papp.push_screen(held[1])  # the hint that came while a screen was over the table
