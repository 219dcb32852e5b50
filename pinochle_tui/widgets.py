"""Widgets of the table.  They draw what they are given and post messages up; none
holds the truth or decides a rule (DESIGN.md "attributes down, messages up")."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from rich.text import Text
from textual import events
from textual.await_complete import AwaitComplete
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from .render import Style, card_text

CELL = 4  # "10♥ " — every card takes the same width


F = TypeVar("F", bound=Callable[..., Any])


def is_closing(screen: Any) -> bool:
    """``screen`` has begun to close, or the app has: it is off the app's screen stack (a
    screen leaves it the moment it is popped or switched away; its widgets go later), the
    app is exiting (``is_attached`` is false then), or Textual is closing or pruning it
    (``_closing``, ``_pruning``: the flags Textual's own ``display`` reads)."""
    return not (screen.is_attached and screen in screen.app.screen_stack) or bool(screen._closing or screen._pruning)


def is_live(screen: Any) -> bool:
    """``screen`` may act: it is mounted (composed), its message loop runs and it has not
    begun to close (`is_closing`).

    Keys and callbacks can reach a screen at its edges (issue 11 §4): a key typed after
    ``y`` in the quit dialog runs while the app shuts down; a screen pushed then (the help)
    is never composed; a button's press queued before a key replaced its screen arrives
    after; a bot worker's or a hand-off's callback can land on a table whose widgets are
    being removed.  Every key binding (`LiveScreen.check_action`), message handler and
    callback of the screens asks this one question before it queries a widget.
    """
    return bool(screen.is_mounted and screen.is_running) and not is_closing(screen)


def _guarded(method: F, may_run: Callable[[Any], bool]) -> F:
    if inspect.iscoroutinefunction(method):

        @functools.wraps(method)
        async def guarded_async(self: Any, *args: Any, **kw: Any) -> Any:
            if may_run(self):
                return await method(self, *args, **kw)
            return None

        return cast(F, guarded_async)

    @functools.wraps(method)
    def guarded(self: Any, *args: Any, **kw: Any) -> Any:
        if may_run(self):
            return method(self, *args, **kw)
        return None

    return cast(F, guarded)


def when_live(method: F) -> F:
    """A screen's message handler or callback (returning nothing) that does nothing unless
    its screen `is_live`."""
    return _guarded(method, is_live)


def unless_closing(method: F) -> F:
    """A screen's ``on_mount`` that does nothing when the screen `is_closing`: a screen
    popped or replaced before it was composed gets its Mount with no widgets in it (Textual
    mounts no child into a node being pruned).  Not `when_live`: ``is_mounted`` turns true
    only after ``on_mount``."""
    return _guarded(method, lambda screen: not is_closing(screen))


def plain(*cells: str | Text) -> list[Text]:
    """Cells for a `DataTable` drawn as written: Textual reads a ``str`` cell as markup, so a
    seat or preset name like ``[/x]Ann`` would raise a MarkupError, ``[b]Bo`` turn bold."""
    return [c if isinstance(c, Text) else Text(c) for c in cells]


class LiveScreen:
    """A screen whose key bindings do nothing unless it `is_live` (Textual asks
    `check_action` before every binding's action, so this one test covers them all), and
    that dismisses only itself."""

    @property
    def live(self) -> bool:
        return is_live(self)

    @property
    def on_top(self) -> bool:
        """Live and the screen the user sees (the top of the stack)."""
        return self.live and self.app.screen is self  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.live

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Close this screen with ``result`` when it is `on_top`; else nothing.  Textual's
        ``dismiss`` hands the result over and pops the top screen whichever it is: the
        quit dialog's button press, queued while a hand-off went up over the dialog, popped
        the hand-off and quit, and the dialog's next key set its result a second time
        (InvalidStateError)."""
        if not self.on_top:
            return AwaitComplete.nothing()
        return super().dismiss(result)  # type: ignore[misc, no-any-return]


class SizeWatch(LiveScreen):
    """Screens tell the app about resizes (the app itself does not get them)."""

    def on_resize(self, event: events.Resize) -> None:
        check = getattr(self.app, "_check_size", None)  # type: ignore[attr-defined]
        if check is not None:
            check()

    def too_small(self) -> bool:
        return bool(self.app.has_class("-too-small"))  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the terminal is too small only quitting works (the screen is hidden)."""
        if not self.live:
            return False
        if self.too_small():
            return "quit" in action
        return True


class KeysFooter(Footer):
    """Textual's footer of key bindings, redrawn on its own message queue and only while its
    screen is the one on top (issue 11 §4).

    Textual's footer asks for its redraw (a recompose) "after the next refresh", which runs
    on whatever screen is on top then: a push or pop of a dialog over the table redraws
    the table's footer on the dialog, and with dialogs opened and closed fast the table's
    own redraw and the one on the dialog met and neither ended; one held the app's batch
    of updates open, so nothing was painted again (the key storm's frozen app).  Textual
    refreshes a screen's bindings when the screen comes back on top, so a footer that
    waits until then misses nothing."""

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and screen is self.app.screen:
            self.call_later(self.recompose)


class TooSmall(Static):
    """Shown instead of the screen when the terminal is below 80×24."""

    def on_mount(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        self.update(
            f"The terminal is {w}×{h}; pinochle needs at least 80×24.\n"
            "Make the window larger to go on (the game is saved; q quits)."
        )


TABLE_LABEL = "on table"  # two cells wide: the row of one's own melds on the table


class HandView(Widget):
    """One player's hand in fixed-width cells, several rows if it is wide.

    ``legal``: per card whether it may be played now (None: no play phase);
    ``selected``/``marked``: indices picked for a pass/burial and cards just received.
    ``table``: the two-hand game's own melds on the table, drawn in rows of their own
    after the hand, labelled ``on table``; their indices follow the hand's (the cursor
    and ``legal`` run across both).  Clicking a card posts `HandView.Clicked`.
    """

    DEFAULT_CSS = """
    HandView { height: 3; width: 1fr; }
    """

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.cards: list[int] = []
        self.legal: list[bool] | None = None
        self.selected: set[int] = set()
        self.marked: set[int] = set()
        self.cursor: int = -1
        self.hidden_text: str | None = None
        self.table: list[int] = []

    def show(
        self,
        cards: Sequence[int],
        *,
        legal: list[bool] | None = None,
        selected: set[int] | None = None,
        marked: set[int] | None = None,
        cursor: int = -1,
        hidden_text: str | None = None,
        table: Sequence[int] = (),
    ) -> None:
        sig = (
            tuple(table),
            tuple(cards),
            tuple(legal) if legal else legal,
            frozenset(selected or ()),
            frozenset(marked or ()),
            cursor,
            hidden_text,
            self.size.width,
        )
        if sig == getattr(self, "_sig", None):
            return
        self._sig = sig
        self.cards = list(cards)
        self.legal = legal
        self.selected = set(selected or ())
        self.marked = set(marked or ())
        self.cursor = cursor
        self.hidden_text = hidden_text
        self.table = [] if hidden_text is not None else list(table)
        rows = 1 if hidden_text is not None else max(1, -(-len(self.cards) // self._per_row()))
        rows += self._table_rows()
        height = 3 * rows
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height
        self.refresh()

    def _per_row(self) -> int:
        width = self.content_size.width or self.app.size.width
        return max(1, (width + 1) // CELL)

    def _table_per_row(self) -> int:
        return max(1, self._per_row() - len(TABLE_LABEL) // CELL)

    def _table_rows(self) -> int:
        return -(-len(self.table) // self._table_per_row()) if self.table else 0

    def render(self) -> Text:
        if self.hidden_text is not None:
            return Text("\n" + self.hidden_text, style="italic")
        if not self.cards and not self.table:
            return Text("\n(no cards)")
        per = self._per_row()
        out = Text()
        every = self.cards + self.table
        rows = [range(start, min(start + per, len(self.cards))) for start in range(0, len(self.cards), per)]
        if not self.cards:
            out.append("\n(no cards in hand)\n\n")
        tper = self._table_per_row()
        n = len(self.cards)
        table_rows = [range(n + start, min(n + start + tper, len(every))) for start in range(0, len(self.table), tper)]
        for k, idx in enumerate(rows + table_rows):
            if k:
                out.append("\n")
            out.append_text(self._row(every, idx, k >= len(rows)))
        return out

    def _row(self, every: list[int], idx: range, on_table: bool) -> Text:
        """One row of cells: the marks line, the cards, the cursor line."""
        sel_mark, new_mark, cur_mark = ("v", "+", "^") if Style.ascii else ("▼", "+", "▲")
        top, mid, bot = Text(), Text(), Text()
        if on_table:
            pad = " " * len(TABLE_LABEL)
            top.append(pad)
            mid.append(TABLE_LABEL, style="italic")
            bot.append(pad)
        for i in idx:
            c = every[i]
            marks = (sel_mark if i in self.selected else " ") + (new_mark if i in self.marked else " ")
            top.append(f"{marks:^3} ", style="bold")
            style = ""
            if self.legal is not None and not self.legal[i]:
                style = "dim"
            elif self.legal is not None:
                style = "bold"
            if i in self.selected:
                style += " underline"
            if i == self.cursor:
                style += " reverse"
            t = card_text(c, style.strip())
            t.pad_left(3 - len(t.plain))
            mid.append_text(t)
            mid.append(" ")
            bot.append((f" {cur_mark} " if i == self.cursor else "   ") + " ", style="bold")
        out = Text()
        out.append_text(top)
        out.append("\n")
        out.append_text(mid)
        out.append("\n")
        out.append_text(bot)
        return out

    def on_click(self, event: events.Click) -> None:
        if self.hidden_text is not None or not (self.cards or self.table):
            return
        offset = event.get_content_offset(self)
        if offset is None:
            return
        per = self._per_row()
        col = offset.x // CELL
        row = offset.y // 3
        if col >= per:
            return
        hand_rows = -(-len(self.cards) // per) if self.cards else 1
        if row < hand_rows:
            i = row * per + col
            if 0 <= i < len(self.cards):
                self.post_message(self.Clicked(i))
            return
        col -= len(TABLE_LABEL) // CELL
        if col < 0:
            return
        i = (row - hand_rows) * self._table_per_row() + col
        if 0 <= i < len(self.table):
            self.post_message(self.Clicked(len(self.cards) + i))


@dataclass(frozen=True)
class TrickGrid:
    """The trick laid out like the table (top, left, right, bottom), drawn to the width
    it is given at render time: a Rich renderable, so a resize never leaves it stale."""

    top: Text | None
    left: Text | None
    right: Text | None
    bottom: Text | None
    foot: str
    pad_top: int = 0

    def __rich_console__(self, console: Any, options: Any) -> Any:
        width = max(options.max_width, 20)
        out = Text("\n" * self.pad_top)

        def centered(t: Text | None) -> None:
            if t is not None:
                out.append(" " * max(0, (width - len(t.plain)) // 2))
                out.append_text(t)

        centered(self.top)
        out.append("\n\n")
        left, right = self.left or Text(""), self.right or Text("")
        out.append_text(left)
        out.append(" " * max(1, width - len(left.plain) - len(right.plain)))
        out.append_text(right)
        out.append("\n\n")
        centered(self.bottom)
        out.append("\n")
        out.append(self.foot, style="italic")
        yield out


class SeatBox(Static):
    """A seat at the table: name, dealer, to act, bid, cards left, meld."""

    DEFAULT_CSS = """
    SeatBox { border: round $panel-lighten-2; padding: 0 1; height: auto; }
    SeatBox.-active { border: double $accent; }
    """


class Line(Widget):
    """Fixed-size text: changing it repaints without a layout pass (cheap, for keys)."""

    DEFAULT_CSS = """
    Line { height: 1; width: 1fr; }
    """

    def __init__(self, content: Text | str = "", **kw: Any) -> None:
        super().__init__(**kw)
        self.content: Text | str = content

    def update(self, content: Text | str) -> None:
        self.content = content
        self.refresh()

    def render(self) -> Text | str:
        return self.content


class Prompt(Line):
    """The prompt of the phase, and refusals (why a card may not be played): two lines."""

    DEFAULT_CSS = """
    Prompt { height: 2; }
    """


class Choice(Line):
    """A clickable choice (fixed width; no Button, so no layout pass when it changes)."""

    DEFAULT_CSS = """
    Choice { width: 16; height: 1; margin-right: 1; background: $panel; content-align: center middle; }
    Choice.-chosen { background: $accent; color: $text; text-style: bold; }
    Choice.-disabled { color: $text-disabled; }
    """

    class Pressed(Message):
        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, index: int, **kw: Any) -> None:
        super().__init__("", **kw)
        self.index = index

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if not self.has_class("-disabled"):
            self.post_message(self.Pressed(self.index))
