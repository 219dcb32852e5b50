"""Widgets of the table.  They draw what they are given and post messages up; none
holds the truth or decides a rule (DESIGN.md "attributes down, messages up")."""

from __future__ import annotations

import functools
import inspect
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, NamedTuple, TypeVar, cast

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual import events
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.filter import ANSIToTruecolor, LineFilter, Monochrome, NoColor
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import visualize
from textual.widget import Widget
from textual.widgets import Input, Static

from .cli_common import visible
from .keymap import display
from .render import Style, ascii_cells, card_text
from .settings import THEMES_LISTED, Settings

CELL = 4  # "10♥ " — every card takes the same width
BIG_CELL = 6  # a boxed card and a gap, on a big terminal (`is_big`)
BIG = (160, 50)  # from this many columns and rows the cards are drawn in boxes


def is_big(app: Any) -> bool:
    """The terminal is big enough for boxed cards (a 200x60 table drew
    80x24's one-line cards ~110 columns apart)."""
    w, h = app.size
    return bool(w >= BIG[0] and h >= BIG[1])


def card_box(card: Text) -> tuple[Text, Text, Text]:
    """A card in a box three cells wide: ``╭───╮`` / ``│10♥│`` / ``╰───╯`` (its
    border takes the card's dim, so a card that may not be played looks it all over)."""
    border = "dim" if "dim" in str(card.style) else ""
    face = card.copy()
    face.pad_left(3 - face.cell_len)
    mid = Text("│", style=border)
    mid.append_text(face)
    mid.append("│", style=border)
    return Text("╭───╮", style=border), mid, Text("╰───╯", style=border)


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

    Keys and callbacks can reach a screen at its edges: a key typed after
    ``y`` in the quit dialog runs while the app shuts down; a screen pushed then (the help)
    is never composed; a button's press queued before a key replaced its screen arrives
    after; a bot worker's or a hand-off's callback can land on a table whose widgets are
    being removed.  Every key binding (`LiveScreen.check_action`), message handler and
    callback of the screens asks this one question before it queries a widget.
    """
    # (`is_closing` written out: the table asks this for every key binding, on every change)
    return bool(
        screen.is_mounted
        and screen.is_running
        and screen.is_attached
        and screen in screen.app.screen_stack
        and not (screen._closing or screen._pruning)
    )


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

    _shown_once = False  # (its first ScreenResume has come: `_on_screen_resume`)

    @property
    def live(self) -> bool:
        return is_live(self)

    @property
    def on_top(self) -> bool:
        """Live and the screen the user sees (the top of the stack)."""
        return self.live and self.app.screen is self  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.live

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """The first resume, the push, restyles nothing (as the table's own first resume):
        Textual styled each widget as it was mounted, a moment before, and its restyle of a
        resumed screen (``refresh_styles``, read by `Screen._on_screen_resume`, which runs
        after this handler) was a second pass over every widget, a third of building the
        settings screen.  Shown again after a screen over it closed, it is restyled as
        Textual does."""
        if not self._shown_once:
            self._shown_once = True
            event.refresh_styles = False

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


KEY_PAUSE = 0.75
"""Seconds in which a prompt that has just shown takes no key that answers it (`KeyPause`)."""


class KeyPause:
    """A screen whose prompt takes no answering key for `KEY_PAUSE` seconds after it first
    shows.  Some prompts come up at once on a key: Enter at "The hand is over." opens the
    hand result, the bidder's Enter that passes the cards brings its play-on / throw-in
    choice.  A second key close behind the first (a double press, Enter or ``a`` held)
    answered them before they were seen.

    A key held down repeats every few hundredths of a second, for as long as it is held: a
    key inside the pause holds the pause on for `HELD_FOR` of it more, so a held key never
    answers the prompt it came into (only a press after letting go does), while a second
    press a moment after the pause answers.

    The screen says when a prompt shows (`prompt_shows`, with what tells it from the next
    prompt) and asks `too_soon` before a key answers it.  ``KEY_PAUSE`` is read from the
    class: the app's tests set it to 0 here, once for every screen (their keys come as
    fast as the app settles)."""

    KEY_PAUSE: ClassVar[float] = KEY_PAUSE
    # the share of the pause a key inside it holds it on for: longer than a held key's
    # repeats are apart (0.03 to 0.1 s), shorter than a person's second press
    HELD_FOR: ClassVar[float] = 1 / 3
    shown_at: float | None = None  # when the prompt showed (time.monotonic); None: not yet
    shown_for: Any = None  # which prompt that was (`prompt_shows`)

    def prompt_shows(self, prompt: Any = None) -> None:
        """``prompt`` shows now (any value that tells one prompt from the next): its pause
        starts, unless this prompt was showing already (drawn again, or back from a
        dialog over it)."""
        if self.shown_at is None or self.shown_for != prompt:
            self.shown_at = time.monotonic()
            self.shown_for = prompt

    def too_soon(self, prompt: Any = None) -> bool:
        """A key answering ``prompt`` now is one to leave alone: ``prompt`` has not shown
        yet, or showed less than ``KEY_PAUSE`` seconds ago.  Asked for a key inside the
        pause, the pause ends no sooner than `HELD_FOR` of it after this key (a held key's
        next repeat is inside it again)."""
        if self.shown_at is None or self.shown_for != prompt:
            return True
        now = time.monotonic()
        pause = self.pause_length()
        if now - self.shown_at >= pause:
            return False
        self.shown_at = max(self.shown_at, now - pause * (1 - self.HELD_FOR))
        return True

    def pause_length(self) -> float:
        """The seconds the prompt showing now takes no answering key: `KEY_PAUSE`."""
        return self.KEY_PAUSE


class FieldInput(Input):
    """A form's text field whose own editing keys (Backspace, Delete, the arrows, Home,
    End: `Input`'s bindings) act as each key reaches it, in the order typed.  Textual's
    Input puts a letter in at once but runs one of its bindings only after the key has
    gone up through the screen to the app, so keys that came in one terminal read (a slow
    link, tmux) were done out of order: "Ann", Backspace, "e" gave "Ann", not "Ane".  A
    priority binding (the app's, a screen's) has run before the key reaches the field, as
    before; a key the field does not bind goes on up, as before; and the field's own keys
    win over the screen's, as in Textual's binding chain.  (Its bindings have no ids, so
    no keymap changes them.)"""

    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()  # not `Input._on_key` too: the key was this binding's
                self._restart_blink()
                return


class FieldsScroll(VerticalScroll, inherit_bindings=False):
    """A form's scroll (the new-game and settings screens): its ↑↓ (and ←→) go on to the
    screen, which moves from field to field (`FormFields`); the page keys scroll.  A
    `VerticalScroll`'s own ↑↓ scroll it, and come before the screen's: wherever the form
    was taller than the terminal (80x24) ↓ in a text field scrolled the page a row and
    left the focus where it was.  Made with ``can_focus=False``: no stop of Tab itself."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pageup", "page_up", "page up", show=False),
        Binding("pagedown", "page_down", "page down", show=False),
    ]


class FormFields:
    """↓ and ↑ between a form's fields, as Tab does (the new-game and settings screens,
    each binding ``field(1)`` and ``field(-1)``, not priority: a field's own keys come
    first): `form_fields` in their order, the first and last staying where they are; an
    open list keeps ↑↓ as its own (`field_keys_off`, for the screen's ``check_action``)."""

    def form_fields(self) -> list[Widget]:
        """The fields ↓ and ↑ move between, in order: every focusable widget."""
        return [w for w in self.focus_chain if w.focusable]  # type: ignore[attr-defined]

    def field_keys_off(self, action: str) -> bool:
        """Whether ``action`` is ↓/↑'s and a list is open (its own ↑↓ then)."""
        from textual.widgets import Select

        return action == "field" and any(select.expanded for select in self.query(Select))  # type: ignore[attr-defined]

    def action_field(self, by: int) -> None:
        """Focus the next (``by`` 1) or previous (-1) field, scrolled into sight; the first
        and last stay where they are.  With no field focused (a seat row it was on went with
        its variant) the first field."""
        fields = self.form_fields()
        if not fields:
            return
        # the screen's own set_focus, at once (a widget's focus() waits its turn on the app's
        # queue: keys already queued behind this one went to the field it left)
        focused = self.focused  # type: ignore[attr-defined]
        if focused not in fields:
            self.set_focus(fields[0])  # type: ignore[attr-defined]
            return
        i = fields.index(focused) + by
        if 0 <= i < len(fields):
            self.set_focus(fields[i])  # type: ignore[attr-defined]  # (and scrolled into sight)


def rows_alike(widget: Widget) -> bool:
    """Every row of ``widget`` (a container: its content is its background) draws the same:
    nothing across its top or bottom rows (border, outline, padding, a border title), no
    keyline or hatch, and a screen is opaque (a translucent one shows the screen under it)."""
    styles = widget.styles
    (top, _), _, (bottom, _), _ = styles.border
    (out_top, _), _, (out_bottom, _), _ = styles.outline
    padding = styles.padding
    return not (
        top
        or bottom
        or out_top
        or out_bottom
        or padding.top
        or padding.bottom
        or widget.border_title
        or widget.border_subtitle
        or styles.keyline[0] != "none"
        or (styles.has_rule("hatch") and styles.hatch != "none")
        or (isinstance(widget, Screen) and styles.background.a < 1)
    )


class RowsAlike:
    """A container that renders one row and repeats it when its rows draw alike
    (`rows_alike`).  Textual renders every visible widget's whole region, a container's
    rows under its children too, row by row through the styles and the line filters, and
    the compositor cuts each row again: the table's eleven containers were a third of its
    first frame.  The row is the one Textual draws, so the frame is the same.
    Only for classes whose ``render`` is Textual's container background (a `Blank`)."""

    def render_lines(self, crop: Region) -> list[Strip]:
        draw = super().render_lines  # type: ignore[misc]
        if crop.height > 1 and rows_alike(cast(Widget, self)):
            return cast("list[Strip]", draw(crop._replace(height=1)) * crop.height)
        return cast("list[Strip]", draw(crop))


class Rows(RowsAlike, Vertical):
    """A `Vertical` of the table (`RowsAlike`)."""


class Columns(RowsAlike, Horizontal):
    """A `Horizontal` of the table (`RowsAlike`)."""


class Middle(RowsAlike, Center):
    """A `Center` of the table (`RowsAlike`)."""


DIM = RichStyle(dim=True)  # a greyed-out footer key


class FooterItem(NamedTuple):
    """One key the footer shows: the key (as `App.simulate_key` takes it), its name as
    shown (`PinochleApp.get_key_display`: words in ASCII mode), what it does, whether it
    is greyed out (bound but not usable now), whether it is the command palette's and
    whether it is drawn tight (`fit_keys`)."""

    key: str
    key_display: str
    description: str
    action: str
    disabled: bool = False
    palette: bool = False
    tight: bool = False  # drawn with no space after its words (`fit_keys`: for room)


@functools.cache
def _declared(cls: type) -> dict[str, int]:
    """Each binding id of the class ``cls``, by its place in the class's bindings as
    declared (before any keymap: Textual's merged bindings of the class)."""
    merged = getattr(cls, "_merged_bindings", None)
    order: dict[str, int] = {}
    for bindings in merged.key_to_bindings.values() if merged is not None else ():
        for binding in bindings:
            if binding.id:
                order.setdefault(binding.id, len(order))
    return order


def footer_items(screen: Screen[Any]) -> list[FooterItem]:
    """The keys ``screen`` shows in its footer, in binding order (the phase's own first):
    the first shown binding of each action, then the command palette's key (if the app
    has one bound), which the footer puts at its right end.

    The order is the bindings' as declared, remapped or not.  Textual's keymap moves a
    remapped binding (and every one that shared a key with it) to the end of the active
    bindings, so with ``auto`` on f5 the auction's footer read ``undo`` before ``bid``
    and ``play for me`` after it, and `fit_keys`, which leaves keys out from the last,
    left out ``f5 play for me`` at 80 columns."""
    app = screen.app
    active = screen.active_bindings
    nodes: dict[int, tuple[int, dict[str, int]]] = {}  # a node: its first place, its bindings' order
    found: list[tuple[tuple[int, int, int], Binding, bool]] = []
    for place, (node, binding, enabled, _tooltip) in enumerate(active.values()):
        if id(node) not in nodes:
            nodes[id(node)] = (len(nodes), _declared(type(node)))
        first, order = nodes[id(node)]
        found.append(((first, order.get(binding.id or "", len(order)), place), binding, enabled))
    items: list[FooterItem] = []
    actions: set[str] = set()
    for _at, binding, enabled in sorted(found, key=lambda f: f[0]):
        if binding.show and binding.action not in actions:
            actions.add(binding.action)
            items.append(
                FooterItem(
                    binding.key,
                    app.get_key_display(binding),
                    FOOTER_WORDS.get(binding.description, binding.description),
                    binding.action,
                    not enabled,
                )
            )
    if app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in active:
        _node, binding, enabled, _tooltip = active[app.COMMAND_PALETTE_BINDING]
        items.append(
            FooterItem(binding.key, app.get_key_display(binding), PALETTE_WORD, binding.action, not enabled, True)
        )
    return items


class KeysFooter(Widget, can_focus=False):
    """The key bindings of its screen on one line at the bottom, as many as fit the width
    (`fit_keys`: at 80 columns ``? help`` and ``q quit`` are always there); a click on a
    key presses it.

    One widget that draws its keys itself, redrawn with `refresh` when the screen's
    bindings change or the terminal is resized.  Textual's `Footer` rebuilds child widgets
    (a recompose) "after the next refresh", on whatever screen is on top by then: with
    dialogs opened and closed fast, a recompose met a screen being popped and both waited
    for the other, holding the app's batch of updates open, so nothing was painted again
    (the key storm's frozen app, twice: once with two recomposes, once with one and a pop).
    A footer without children has nothing to mount or remove, so no key can meet one half
    built."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"keys-footer--key", "keys-footer--description", "keys-footer--bar"}
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        & > .keys-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .keys-footer--bar {
            color: $foreground 20%;
        }
    }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._ready = False
        self._spans: list[tuple[FooterItem, int, int]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[Any]) -> None:
        self._ready = True
        self.refresh()

    def shown(self) -> list[tuple[FooterItem, int, int]]:
        """The keys drawn last, each with its first and past-the-last column on screen."""
        x0 = self.region.x
        return [(item, x0 + a, x0 + b) for item, a, b in self._spans]

    def render(self) -> Text:
        width = self.size.width or self.app.size.width
        if not self._ready or not self.is_attached:
            self._spans = []
            return Text()
        items = fit_keys(footer_items(self.screen), width)
        key_style = self.get_component_rich_style("keys-footer--key")
        desc_style = self.get_component_rich_style("keys-footer--description")
        text = Text(no_wrap=True, overflow="crop")
        spans: list[tuple[FooterItem, int, int]] = []
        palette = [i for i in items if i.palette]
        for item in [i for i in items if not i.palette]:
            start = text.cell_len
            self._append_key(text, item, key_style, desc_style)
            spans.append((item, start, text.cell_len))
        for item in palette:  # at the right end: ``▏^p palette ``
            start = max(text.cell_len, width - footer_width(item))
            text.append(" " * (start - text.cell_len))
            text.append("▏", self.get_component_rich_style("keys-footer--bar"))
            dim = DIM if item.disabled else None
            text.append(item.key_display, key_style + dim if dim else key_style)
            text.append(f" {item.description} ", desc_style + dim if dim else desc_style)
            spans.append((item, start, text.cell_len))
        self._spans = spans
        return text

    @staticmethod
    def _append_key(text: Text, item: FooterItem, key_style: Any, desc_style: Any) -> None:
        dim = DIM if item.disabled else None
        text.append(f" {item.key_display} ", key_style + dim if dim else key_style)
        if item.description:
            words = item.description if item.tight else f"{item.description} "
            text.append(words, desc_style + dim if dim else desc_style)

    def on_click(self, event: events.Click) -> None:
        x = event.screen_x
        for item, a, b in self.shown():
            if a <= x < b:
                if item.disabled:
                    self.app.bell()
                else:
                    self.app.simulate_key(item.key)
                return


class AsciiCells(LineFilter):
    """ASCII mode: every line sent to the terminal has its drawing glyphs (borders, scroll
    bars, separators) made ASCII, one cell for one (`render.ASCII_CELLS`).  On while
    `Style.ascii` is."""

    def __init__(self) -> None:
        super().__init__()

    @property  # type: ignore[override]
    def enabled(self) -> bool:
        return Style.ascii

    @enabled.setter
    def enabled(self, value: bool) -> None:  # LineFilter.__init__ sets it; Style.ascii decides
        pass

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            seg if seg.text.isascii() else Segment(ascii_cells(seg.text), seg.style, seg.control) for seg in segments
        ]


def set_terminal_filters(app: Any) -> None:
    """The app's output filters for ``NO_COLOR`` and ASCII mode.

    ``NO_COLOR``: no colour code at all.  Textual's own filter for it (`Monochrome`)
    turns every colour grey and still sends truecolor codes, and its `ANSIToTruecolor`
    turns dim text into a grey colour (a card that may not be played was told from the
    others only by that grey).  Here `NoColor` alone: the terminal's default colours,
    with bold, dim, underline and reverse sent as they are (`HandView`: legal cards bold,
    the others dim).  ASCII mode: `AsciiCells`."""
    filters = [f for f in app._filters if not isinstance(f, (Monochrome, NoColor, AsciiCells))]
    if app.no_color:
        filters = [f for f in filters if not isinstance(f, ANSIToTruecolor)]
        filters.append(NoColor())
    filters.append(AsciiCells())
    app._filters = filters


# footer keys that are never left out for room: help and quitting
ESSENTIAL_ACTIONS = ("help", "quit")

FOOTER_WORDS = {"play for me": "auto", "melds": "meld"}
"""A table key's footer words where its binding's (which the help and the settings show)
are too long for the 80-column auction with every key in whole words: always these, in
every phase and at every width (they were shortened only where the footer was full)."""

PALETTE_WORD = "menu"
"""The command palette's word in every footer: one word, short enough for the 80-column
auction's (Textual's own, ``palette``, was cut to ``cmds`` there and not elsewhere)."""

SHORT_DESCRIPTIONS = {
    "play card": "play",
    "pick card": "pick",
    "raise": "+",
    "lower": "-",
    "older games": "older",  # the statistics' pages (the list's head says "n older, p newer")
    "newer games": "newer",
    "figures up": "up",
    "figures down": "down",
}
"""A footer key's words where the whole footer has no room for them: shorter, still saying
what the key does (the prompt beside the hand says it in full: ``↑↓ raise/lower``).

With the default keys the table's footer needs none of them at 80 columns in any phase:
a key's words there are its binding's (or `FOOTER_WORDS`), the same in every phase
(``t tricks``, ``m meld``, ``a auto``; they read ``t trick`` and ``m meld`` in the
auction, ``t tricks`` and ``m melds`` while a bot thought).  Keys bound to longer names, and ASCII mode's names in
words, can still need them."""

SHORT_PAIRS = {
    "raise": ("lower",),
    "lower": ("raise",),
    "older games": ("newer games",),
    "newer games": ("older games",),
    "figures up": ("figures down",),
    "figures down": ("figures up",),
}
"""Words of keys that go together: where one is made shorter the other is too
(else three-hand's opener without a pass read ``↑ raise  ↓ -`` at 80 columns)."""

SHORT_KEYS = {"enter": "ent", "space": "spc", "down": "dn"}
"""A key's name in the footer where the footer has no room for it (ASCII mode names keys
in words: `render.keys`)."""


def footer_width(key: FooterItem) -> int:
    """The cells a footer key takes: `` key description ``; the palette's ``▏key description ``;
    a tight key's `` key description`` (no space after it: the next key's first is between)."""
    if key.palette:
        return cell_len(key.key_display) + cell_len(key.description) + 3
    width = cell_len(key.key_display) + 2
    if key.description:
        width += cell_len(key.description) + (0 if key.tight else 1)
    return width


def fit_keys(keys: list[FooterItem], width: int) -> list[FooterItem]:
    """The footer keys that fit in ``width`` cells, each key shown rather than left out
    while words can be made shorter (with the keys remapped the
    80-column auction left out ``f5 play for me``).  The essential keys (help, quit and
    the palette's) are always there; step by step, until the keys fit:

    1. the greyed-out keys are left out (they do nothing now), from the last;
    2. the keys are drawn tight: one space between one key's words and the next key (a
       key's words are kept before the room between keys: the same key reads the same in
       every phase);
    3. the words get shorter (`SHORT_DESCRIPTIONS`), one key at a time from the last (the
       bindings come in order of importance: the phase's own keys keep their words longest),
       the words of a pair (`SHORT_PAIRS`: raise and lower) together;
    4. the keys' names get shorter (`SHORT_KEYS`: ASCII mode's ``enter``, ``down``), from the last;
    5. keys are left out from the last.

    At 80 columns the auction shows every key that acts now, remapped or not (the keys the
    player bound are no longer than ``f10``)."""

    def essential(k: FooterItem) -> bool:
        return any(word in k.action for word in ESSENTIAL_ACTIONS) or k.palette

    def fits(items: list[FooterItem]) -> bool:
        # keys drawn tight end on their last word: the palette's bar after them keeps a
        # space (``q quit▏^p menu`` ran together)
        gap = any(k.palette for k in items) and any(k.tight for k in items if not k.palette)
        return sum(footer_width(k) for k in items) + gap <= width

    kept = list(keys)
    for k in [k for k in reversed(keys) if k.disabled and not essential(k)]:
        if fits(kept):
            return kept
        kept.remove(k)
    if fits(kept):
        return kept
    kept = [k if k.palette else k._replace(tight=True) for k in kept]
    for i in reversed(range(len(kept))):
        if fits(kept):
            return kept
        pair = {kept[i].description, *SHORT_PAIRS.get(kept[i].description, ())}
        for j, k in enumerate(kept):  # a pair's words shorten together: never "↑ raise  ↓ -"
            if k.description in pair:
                kept[j] = k._replace(description=SHORT_DESCRIPTIONS.get(k.description, k.description))
    for i in reversed(range(len(kept))):
        if fits(kept):
            return kept
        kept[i] = kept[i]._replace(key_display=SHORT_KEYS.get(kept[i].key_display, kept[i].key_display))
    for k in [k for k in reversed(kept) if not essential(k)]:
        if fits(kept):
            break
        kept.remove(k)
    return kept


class TooSmall(Static):
    """Shown instead of the screen when the terminal is below 80×24."""

    def on_mount(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        self.update(
            f"The terminal is {w}×{h}; pinochle needs at least 80×24.\n"
            f"Make the window larger to go on ({self.quit_words()})."
        )

    def quit_words(self) -> str:
        """How to quit from here, as this screen's keys do it: its own quit key (the
        table's q as bound, the new-game screen's Esc), else ctrl+q, the app's on every
        screen; and that the game is saved, where one is (the new-game screen said "the
        game is saved; q quits", and q did nothing there)."""
        screen = self.screen
        own = [
            binding
            for node, binding, _enabled, _tooltip in screen.active_bindings.values()
            if node is screen and binding.action in ("quit_game", "app.confirm_quit")
        ]
        how = f"{own[0].key_display or display(own[0].key)} quits" if own else "ctrl+q quits"
        facts = getattr(self.app, "quit_facts", None)
        saved = facts is not None and facts()[0]
        return f"the game is saved; {how}" if saved else how


TABLE_LABEL = "on table"  # two cells wide: the row of one's own melds on the table


class HandView(Widget):
    """One player's hand in fixed-width cells, several rows if it is wide.

    ``legal``: per card whether it may be played now (None: no play phase);
    ``selected``/``marked``: indices picked for a pass/burial and cards just received;
    ``lock_marks``: a card ``legal`` says no to has a mark of its own over it (×, ``x`` in
    ASCII), not only its faint face (with NO_COLOR the burial's locked cards were told by
    faint text alone, which many terminals do not show).
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
        self.lock_marks = False

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
        lock_marks: bool = False,
    ) -> None:
        sig = (
            lock_marks,
            tuple(table),
            tuple(cards),
            tuple(legal) if legal else legal,
            frozenset(selected or ()),
            frozenset(marked or ()),
            cursor,
            hidden_text,
            self.size.width,
            is_big(self.app),
            Style.ascii,
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
        self.lock_marks = lock_marks
        self.table = [] if hidden_text is not None else list(table)
        rows = 1 if hidden_text is not None else max(1, -(-len(self.cards) // self._per_row()))
        height = self._row_height() * rows + (self._row_height() - 1) * self._table_rows()
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height
        self.refresh()

    def _cell(self) -> int:
        return BIG_CELL if is_big(self.app) else CELL

    def _row_height(self) -> int:
        """A row of cards: marks, the card (three lines when boxed), the cursor.  A row of
        the 'on table' has no marks line (a card on the table is never picked nor just
        received): one line less, the centre's at 80x24."""
        return 5 if is_big(self.app) else 3

    def _label_cells(self) -> int:
        """The cells the ``on table`` label takes at the start of a table row."""
        return -(-len(TABLE_LABEL) // self._cell())

    def _per_row(self) -> int:
        width = self.content_size.width or self.app.size.width
        return max(1, (width + 1) // self._cell())

    def _table_per_row(self) -> int:
        return max(1, self._per_row() - self._label_cells())

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
            out.append("\n(no cards in hand)" + "\n" * (self._row_height() - 1))
        tper = self._table_per_row()
        n = len(self.cards)
        table_rows = [range(n + start, min(n + start + tper, len(every))) for start in range(0, len(self.table), tper)]
        for k, idx in enumerate(rows + table_rows):
            if k:
                out.append("\n")
            out.append_text(self._row(every, idx, k >= len(rows)))
        return out

    def _row(self, every: list[int], idx: range, on_table: bool) -> Text:
        """One row of cells: the marks line, the cards (in boxes on a big terminal), the
        cursor line."""
        sel_mark, new_mark, cur_mark, lock_mark = ("v", "+", "^", "x") if Style.ascii else ("▼", "+", "▲", "×")
        big = is_big(self.app)
        cell = self._cell()
        top, bot = Text(), Text()
        mids = [Text() for _ in range(3 if big else 1)]
        if on_table:
            pad = " " * (self._label_cells() * cell)
            top.append(pad)
            bot.append(pad)
            for k, m in enumerate(mids):
                m.append(f"{TABLE_LABEL:<{len(pad)}}" if k == len(mids) // 2 else pad, style="italic")
        for i in idx:
            c = every[i]
            # over the card's middle: one mark centred, two (picked and just received) from the
            # middle on (they were drawn a column left of the card)
            locked = self.lock_marks and self.legal is not None and not self.legal[i]
            marks = (sel_mark if i in self.selected else "") + (lock_mark if locked else "")
            marks += new_mark if i in self.marked else ""
            top.append(f"{marks:^{cell - 1}} " if len(marks) < 2 else f"{marks:>{cell - 1}} ", style="bold")
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
            if big:
                for m, part in zip(mids, card_box(t), strict=True):
                    m.append_text(part)
                    m.append(" ")
            else:
                t.pad_left(3 - len(t.plain))
                mids[0].append_text(t)
                mids[0].append(" ")
            bot.append(f"{cur_mark if i == self.cursor else ' ':^{cell - 1}} ", style="bold")
        out = Text()
        for k, line in enumerate([*([] if on_table else [top]), *mids, bot]):
            if k:
                out.append("\n")
            out.append_text(line)
        return out

    def on_click(self, event: events.Click) -> None:
        if self.hidden_text is not None or not (self.cards or self.table):
            return
        offset = event.get_content_offset(self)
        if offset is None:
            return
        per = self._per_row()
        col = offset.x // self._cell()
        if col >= per:
            return
        hand_rows = -(-len(self.cards) // per) if self.cards else 1
        below = offset.y - hand_rows * self._row_height()  # the lines into the 'on table' rows
        if below < 0:
            i = offset.y // self._row_height() * per + col
            if 0 <= i < len(self.cards):
                self.post_message(self.Clicked(i))
            return
        col -= self._label_cells()
        if col < 0:
            return
        i = below // (self._row_height() - 1) * self._table_per_row() + col
        if 0 <= i < len(self.table):
            self.post_message(self.Clicked(len(self.cards) + i))


# a place at the trick: the seat's name and its card (None: not played yet)
TrickCell = tuple[str, Text | None]
TRICK_SPAN = 44  # the most columns between the left and the right card's outer edges


class _TrickGridFields(NamedTuple):
    top: TrickCell | None
    left: TrickCell | None
    right: TrickCell | None
    bottom: TrickCell | None
    foot: str
    pad_top: int = 0
    big: bool = False


class TrickGrid(_TrickGridFields):
    """The trick laid out like the table (top, left, right, bottom), drawn to the width
    it is given at render time: a Rich renderable, so a resize never leaves it stale.

    The cards lie within `TRICK_SPAN` columns, centred, however wide the table is (at
    200 columns they sat ~110 apart); ``big`` draws them in boxes (`card_box`).
    ``pad_top``: blank rows above, as the table centres a 7-line grid; the boxed grid is
    taller and takes its extra rows from them.  (`FooterItem`, `TrickGrid` and `RingTrick`
    are NamedTuples, not frozen dataclasses: built for a tenth of the cost at each start,
    for a fast start.)"""

    __slots__ = ()
    SMALL_HEIGHT: ClassVar[int] = 7

    @property
    def height(self) -> int:
        return 13 if self.big else self.SMALL_HEIGHT

    def lines(self, width: int) -> list[Text]:
        """The grid's lines (no top padding) for ``width`` columns."""
        span = min(max(width, 20), TRICK_SPAN)
        indent = " " * max(0, (width - span) // 2)
        return [Text(indent) + line for line in (self._big(span) if self.big else self._small(span))]

    @staticmethod
    def _face(cell: TrickCell) -> Text:
        card = cell[1]
        if card is None:
            return Text("." if Style.ascii else "·", style="dim")
        return card

    @staticmethod
    def side_room(span: int, big: bool) -> int:
        """The cells a left or right seat's name may take within ``span``: half of it less
        the card beside the name (up to 3 cells, ``10♥``, or a 5-cell box) and the spaces."""
        return (span - 1) // 2 - (7 if big else 4)

    def _small(self, span: int) -> list[Text]:
        side = self.side_room(span, False)

        def label(cell: TrickCell | None, room: int = span - 4) -> Text:
            if cell is None:
                return Text("")
            return Text(f"{short_name(cell[0], room)} ") + self._face(cell)

        def centered(cell: TrickCell | None) -> Text:
            t = label(cell)
            return Text(" " * max(0, (span - t.cell_len) // 2)) + t if t.plain else t

        left, right = label(self.left, side), label(self.right, side)
        middle = left + Text(" " * max(1, span - left.cell_len - right.cell_len)) + right
        return [centered(self.top), Text(), middle, Text(), centered(self.bottom), Text(self.foot, style="italic")]

    def _big(self, span: int) -> list[Text]:
        blank = (Text("     "), Text("     "), Text("     "))

        def box(cell: TrickCell | None) -> tuple[Text, Text, Text]:
            if cell is None:
                return blank
            if cell[1] is None:
                return card_box(Text(" " + self._face(cell).plain + " ", style="dim"))
            return card_box(cell[1])

        def centred(t: Text, width: int = span) -> Text:
            return Text(" " * max(0, (width - t.cell_len) // 2)) + t

        def name(cell: TrickCell | None, room: int = span) -> Text:
            return Text(short_name(cell[0], room), style="bold") if cell is not None else Text("")

        out: list[Text] = []
        out.append(centred(name(self.top)))
        out.extend(centred(part) for part in box(self.top))
        side = self.side_room(span, True)
        lname, rname = name(self.left, side), name(self.right, side)
        lbox, rbox = box(self.left), box(self.right)
        for k in range(3):
            row = Text()
            row.append_text(lname if k == 1 else Text(" " * lname.cell_len))
            row.append(" ")
            row.append_text(lbox[k])
            gap = span - 2 * (5 + 1) - lname.cell_len - rname.cell_len
            row.append(" " * max(1, gap))
            row.append_text(rbox[k])
            row.append(" ")
            row.append_text(rname if k == 1 else Text(""))
            out.append(row)
        out.extend(centred(part) for part in box(self.bottom))
        out.append(centred(name(self.bottom)))
        out.append(Text())
        out.append(centred(Text(self.foot, style="italic")))
        return out

    def __rich_console__(self, console: Any, options: Any) -> Any:
        width = max(options.max_width, 20)
        pad = max(0, self.pad_top - (self.height - self.SMALL_HEIGHT) // 2)
        out = Text("\n" * pad)
        for k, line in enumerate(self.lines(width)):
            if k:
                out.append("\n")
            out.append_text(line)
        yield out


# short forms of the compass seat names (`controller.SEAT_NAMES`), for a trick cell
COMPASS_SHORT = {
    "South": "S",
    "Southwest": "SW",
    "West": "W",
    "Northwest": "NW",
    "North": "N",
    "Northeast": "NE",
    "East": "E",
    "Southeast": "SE",
}


def cut_name(name: str, room: int, mark: str = "…") -> str:
    """``name`` in at most ``room`` cells: whole when it fits, else cut and ending in
    ``mark`` (``Bartholomew…``), so a cut name is never read as a whole one."""
    room = max(room, 1)
    if cell_len(name) <= room:
        return name
    if room <= cell_len(mark):
        mark = ""  # no room for the mark: the first letter
    out = ""
    for ch in name:
        if cell_len(out + ch + mark) > room:
            break
        out += ch
    return out.rstrip() + mark


def short_name(name: str, room: int) -> str:
    """``name`` in at most ``room`` cells: whole when it fits; a compass name by its letters
    (``Northwest``: ``NW``); several words by their initials and any number (``Player 3``:
    ``P3``); else cut, ending in ``…`` (`cut_name`: ``Chri…``)."""
    room = max(room, 1)
    if cell_len(name) <= room:
        return name
    if name in COMPASS_SHORT:
        return COMPASS_SHORT[name]
    words = name.split()
    if len(words) > 1:
        short = "".join(w if w.isdigit() else w[0] for w in words)
        if cell_len(short) <= room:
            return short
    return cut_name(name, room)


def short_names(names: Sequence[str], room: int) -> list[str]:
    """`short_name` of every name, told apart: two that come out the same end in their
    seat's number instead of any ``…`` (``Ann1``, ``Ann4``)."""
    out = [short_name(n, room) for n in names]
    for k, s in enumerate(out):
        same = [j for j, t in enumerate(out) if t == s and names[j] != names[k]]
        if same:
            for j in [k, *same]:
                tag = str(j + 1)
                shorter = short_name(names[j], room - len(tag))
                if shorter.endswith("…"):  # the number says it is shortened
                    shorter = cut_name(names[j], room - len(tag), mark="")
                out[j] = shorter.rstrip() + tag
    return out


# the places of a ring of 5 to 8 seats, row by row as `RingTrick` draws them
RING_TOP = ("top-left", "top", "top-right")
RING_SIDES = (("left", "right"), ("upper-left", "upper-right"), ("lower-left", "lower-right"))


class _RingTrickFields(NamedTuple):
    cells: tuple[tuple[str, TrickCell], ...]
    foot: str
    pad_top: int = 0
    foot_name: str = ""  # the seat's name the foot begins with: shortened like the cells' where too long
    big: bool = False  # the cards in boxes (`card_box`), on a big terminal (`is_big`)


class RingTrick(_RingTrickFields):
    """The trick at a table of 5 to 8 seats, laid out like the seat boxes: the top places
    in a row, the side places in rows of a left and a right one (upper above lower), the
    viewer's below, then ``foot``.  ``cells``: place -> (the seat's name as shown, its
    card or None); names are shortened to the room (`short_names`) so no card is cut."""

    __slots__ = ()
    SPAN: ClassVar[int] = 60  # wider than `TRICK_SPAN`: three cards share the top row
    BIG_SPAN: ClassVar[int] = 72
    SMALL_HEIGHT: ClassVar[int] = 7

    @property
    def height(self) -> int:
        if not self.big:
            return self.SMALL_HEIGHT
        places = {p for p, _ in self.cells}
        sides = sum(1 for pair in RING_SIDES if places & set(pair))
        top = 5 if places & set(RING_TOP) else 0
        return top + 4 * sides + 4 + 2  # the top row, each side row, the bottom, the foot

    def lines(self, width: int) -> list[Text]:
        if self.big:
            return self._big_lines(width)
        span = min(max(width, 20), self.SPAN)
        indent = " " * max(0, (width - span) // 2)
        n_top = sum(1 for p, _ in self.cells if p in RING_TOP)
        # one room for every name (a seat is called the same all round): the top row's share
        room = min((span - (n_top - 1)) // n_top if n_top else span, (span - 1) // 2) - 4
        shown = short_names([cell[0] for _, cell in self.cells], room)
        cells = {p: (name, cell[1]) for (p, cell), name in zip(self.cells, shown)}
        out: list[Text] = []
        top = [cells[p] for p in RING_TOP if p in cells]
        if top:
            out.append(self._row(top, span))
            out.append(Text())
        for pair in RING_SIDES:
            if pair[0] in cells or pair[1] in cells:
                left = self._cell(cells.get(pair[0]))
                right = self._cell(cells.get(pair[1]))
                out.append(left + Text(" " * max(1, span - left.cell_len - right.cell_len)) + right)
        if "bottom" in cells:
            out.append(Text())
            out.append(self._row([cells["bottom"]], span))
        foot = self.foot
        if cell_len(foot) > width and self.foot_name and foot.startswith(self.foot_name):
            short = shown[[cell[0] for _, cell in self.cells].index(self.foot_name)]
            foot = short + foot[len(self.foot_name) :]
        out.append(Text(foot, style="italic"))
        return [Text(indent) + line for line in out]

    def _big_lines(self, width: int) -> list[Text]:
        """The boxed ring: names over the top row's boxes, beside the side rows', under
        the viewer's; the foot last."""
        span = min(max(width, 30), self.BIG_SPAN)
        indent = Text(" " * max(0, (width - span) // 2))
        n_top = sum(1 for p, _ in self.cells if p in RING_TOP)
        share = span // max(n_top, 1)
        room = min(share - 1, (span - 14) // 2, 16)
        shown = short_names([cell[0] for _, cell in self.cells], room)
        cells = {p: (name, cell[1]) for (p, cell), name in zip(self.cells, shown)}

        def box(cell: TrickCell) -> tuple[Text, Text, Text]:
            if cell[1] is None:
                return card_box(Text(" " + ("." if Style.ascii else "·") + " ", style="dim"))
            return card_box(cell[1])

        def centred(t: Text, room: int) -> Text:
            left = max(0, (room - t.cell_len) // 2)
            return Text(" " * left) + t + Text(" " * max(0, room - t.cell_len - left))

        out: list[Text] = []
        top = [cells[p] for p in RING_TOP if p in cells]
        if top:
            rows = [Text() for _ in range(4)]
            for cell in top:
                rows[0].append_text(centred(Text(cell[0], style="bold"), share))
                for k, part in enumerate(box(cell)):
                    rows[k + 1].append_text(centred(part, share))
            out += rows + [Text()]
        for pair in RING_SIDES:
            if not (pair[0] in cells or pair[1] in cells):
                continue
            left, right = cells.get(pair[0]), cells.get(pair[1])
            lname = Text(left[0], style="bold") if left else Text("")
            rname = Text(right[0], style="bold") if right else Text("")
            lbox = box(left) if left else (Text(" " * 5),) * 3
            rbox = box(right) if right else (Text(" " * 5),) * 3
            pad = room - lname.cell_len
            for k in range(3):
                row = Text(" " * pad) + (lname if k == 1 else Text(" " * lname.cell_len)) + Text(" ") + lbox[k]
                row.append(" " * max(1, span - 2 * (room + 6)))
                row.append_text(rbox[k])
                row.append(" ")
                row.append_text(rname if k == 1 else Text(""))
                out.append(row)
            out.append(Text())
        if "bottom" in cells:
            me = cells["bottom"]
            out += [centred(part, span) for part in box(me)]
            out.append(centred(Text(me[0], style="bold"), span))
        out.append(Text())
        foot = self.foot
        if cell_len(foot) > width and self.foot_name and foot.startswith(self.foot_name):
            foot = shown[[cell[0] for _, cell in self.cells].index(self.foot_name)] + foot[len(self.foot_name) :]
        out.append(centred(Text(foot, style="italic"), span))
        return [indent + line for line in out]

    @staticmethod
    def _cell(cell: TrickCell | None) -> Text:
        if cell is None:
            return Text("")
        card = cell[1] if cell[1] is not None else Text("." if Style.ascii else "·", style="dim")
        return Text(f"{cell[0]} ") + Text(" " * max(0, 3 - card.cell_len)) + card

    def _row(self, cells: list[TrickCell], span: int) -> Text:
        """``cells`` spread along ``span``: each centred in an equal share of it."""
        share = (span - (len(cells) - 1)) // len(cells)
        row = Text()
        for k, cell in enumerate(cells):
            t = self._cell(cell)
            left = (share - t.cell_len) // 2
            row.append(" " * (left + (1 if k else 0)))
            row.append_text(t)
            row.append(" " * (share - t.cell_len - left))
        row.rstrip()
        return row

    def __rich_console__(self, console: Any, options: Any) -> Any:
        width = max(options.max_width, 20)
        out = Text("\n" * max(0, self.pad_top - (self.height - self.SMALL_HEIGHT) // 2))
        for k, line in enumerate(self.lines(width)):
            if k:
                out.append("\n")
            out.append_text(line)
        yield out


BULLETS = ("- ", "• ")
"""How a bulleted line begins after its indent (the settings screen's list of wrong
entries): its wrapped lines hang under the text after it (`hanging`)."""


def hanging(text: Text, width: int, console: Any, key_column: int | None = None) -> Text:
    """``text`` wrapped at ``width`` cells with hanging lines: a line too long goes on
    under its own indent (a rule's ``  Several copies: ...`` under its ``S``, not back at
    the edge), a bullet's (``  - theme is ...``, `BULLETS`) under its text, not under the
    bullet, or where ``key_column`` is given a line that begins with spaces (a help row
    ``  key  description``) under its description at that column (``  choose``,
    ``  double 100`` restarted at column 2).  A line that fits, or whose hang leaves fewer
    than 10 cells, is as it was (the widget wraps it)."""
    out = Text()
    for k, line in enumerate(text.split("\n", allow_blank=True)):
        if k:
            out.append("\n")
        plain = line.plain
        indent = len(plain) - len(plain.lstrip(" "))
        bullet = 2 if plain[indent : indent + 2] in BULLETS else 0
        hang = key_column if key_column is not None and indent else indent + bullet
        if cell_len(plain) <= width or not hang or width - hang < 10:
            out.append_text(line)
            continue
        out.append_text(line[:hang])
        rest = line[hang:].wrap(console, width - hang)
        out.append_text(Text("\n" + " " * hang).join(rest))
    return out


class HangingRows(Static):
    """A `Static` whose lines wrap hanging (`hanging`): a help row (``  key  description``)
    under its description at ``key_column``, not at the left edge (``  choose`` wrapped to
    column 2); with ``key_column`` None each line under its own indent, a bullet's under
    its text.  ``content`` stays the unwrapped text; the wrapping follows the width it is
    drawn at."""

    def __init__(self, content: Text, key_column: int | None = None, **kw: Any) -> None:
        super().__init__(content, **kw)
        self.key_column = key_column

    def render(self) -> Text:
        text = self.content
        if not isinstance(text, Text):
            return text  # type: ignore[return-value]
        return hanging(text, self.content_region.width, self.app.console, self.key_column)


class SeatBox(Static):
    """A seat at the table: name, dealer, to act, bid, cards left, meld."""

    DEFAULT_CSS = """
    SeatBox { border: round $panel-lighten-2; padding: 0 1; height: auto; }
    SeatBox.-active { border: double $accent; }
    """

    def update(self, content: Any = "", *, layout: bool | None = None) -> None:
        """Show ``content``; a box its styles size (the ring's boxes, each sized to its
        spot: `fixed_size`) repaints without a layout pass, as its text cannot move it."""
        super().update(content, layout=not fixed_size(self) if layout is None else layout)


def fixed_size(widget: Widget) -> bool:
    """Whether ``widget``'s size does not depend on its content: neither its width nor
    its height is ``auto`` (cells, a percentage, a fraction, or unset: the room given);
    a change of content then needs a repaint, not a layout pass of the whole screen."""
    width, height = widget.styles.width, widget.styles.height
    return not (width is not None and width.is_auto) and height is not None and not height.is_auto


def same_rows(widget: Widget, content: Any) -> bool:
    """Whether ``content`` takes the rows ``widget``'s content takes now, at its width, in
    a widget whose width does not depend on its content (the room given it): a change of
    content to it then needs a repaint, not a layout pass of the whole screen (a Static's
    ``update`` asks for one whatever the content)."""
    width = widget.styles.width
    size = widget.content_size
    if (width is not None and width.is_auto) or not widget.display or not size.width or not size.height:
        return False  # (not laid out yet: the layout sizes it)
    visual = visualize(widget, content, markup=getattr(widget, "_render_markup", True))
    # (the styles as Textual's own `get_content_height` hands them to the visual)
    return bool(visual.get_height(cast(Any, widget.styles), size.width) == size.height)


@functools.cache
def _measure() -> Console:
    """The console `rows_of` wraps text with (made once, when first needed)."""
    return Console(width=10_000, legacy_windows=False, color_system=None)


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


def rows_of(text: Text, width: int) -> list[Text]:
    """``text`` broken into the rows it takes at ``width`` cells (at its newlines, then
    between words as the terminal shows it)."""
    out: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        if cell_len(line.plain) <= width:
            out.append(line)
            continue
        for row in line.wrap(_measure(), width, overflow="fold"):
            row.rstrip()  # (the space it broke at)
            out.append(row)
    return out


# the space of a margin ("± 27") while its text is wrapped: one cell that is no space,
# so no line breaks there (Rich and Textual break at every space, a no-break one too)
_MARGIN_HOLD = "\ue000"


def figures_wrapped(text: Text, width: int) -> Text:
    """``text`` broken into rows of ``width`` cells (`rows_of`), never between a "±" and
    the number after it: "bidding 280 +382 ± 27" broken as "bidding 280 +382 ±" / "27;"
    at 80 columns."""
    held = text.copy()
    held.plain = held.plain.replace("± ", "±" + _MARGIN_HOLD)  # (one character for one: the styles stay put)
    out = Text("\n").join(rows_of(held, max(width, 1)))
    out.plain = out.plain.replace(_MARGIN_HOLD, " ")
    return out


class FiguresText(Static):
    """A `Static` of words with figures (a hint, the review) that wraps itself at the width
    it is drawn at by `figures_wrapped`, so a "± N" stays on one row.  ``content`` stays
    the unwrapped text."""

    def render(self) -> Any:
        text = self.content
        if not isinstance(text, Text) or not self.content_region.width:
            return text
        return figures_wrapped(text, self.content_region.width)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """The rows of the text wrapped at ``width``, the width it is being laid out at.
        `render` wraps at the width it was last drawn at: laid out again as its scroll's
        bar came (70 cells, then 68), the rows wrapped at 70 were measured at 68, each
        full one broken in two, and a review of 45 rows took 58 (End scrolled to 13 blank
        rows; the hint's 33 took 44)."""
        text = self.content
        if not isinstance(text, Text) or not width:
            return int(super().get_content_height(container, viewport, width))
        if self._content_height_cache[0] != width:  # (cleared when the text is updated)
            self._content_height_cache = (width, figures_wrapped(text, width).plain.count("\n") + 1)
        return int(self._content_height_cache[1])


def cut_row(row: Text, width: int) -> Text:
    """``row`` ending in ``…``, within ``width`` cells: the sign that more was said."""
    row = row.copy()
    row.rstrip()
    if cell_len(row.plain) > width - 1:
        row.truncate(width - 1)
    row.append("…")
    return row


def fit_prompt(prompt: Text, message: Text | None, width: int, rows: int) -> Text:
    """The prompt and the message in ``rows`` rows of ``width`` cells, the message
    always in sight: the message (the answer to the last key: why a card may not be
    played, "Move taken back.") takes the bottom rows it needs, the prompt the rows left.
    A prompt longer than its rows ends in ``…`` while the message shows, and shows whole
    again once the message is gone; a message longer than every row ends in ``…``."""
    said = rows_of(message, width) if message is not None and message.plain else []
    if len(said) > rows:
        said = said[: rows - 1] + [cut_row(said[rows - 1], width)]
    room = rows - len(said)
    asked = rows_of(prompt, width) if room else []
    if len(asked) > room:
        asked = asked[: room - 1] + [cut_row(asked[room - 1], width)]
    return Text("\n").join(asked + said)


class Prompt(Line):
    """The prompt of the phase and, on its own row below it, the message (why a card may
    not be played, a key that does nothing now): two fixed rows, fitted by `fit_prompt`
    at the widget's width, so a long prompt never pushes the message out of sight.
    ``content`` is the whole text (the prompt, a newline, the message)."""

    DEFAULT_CSS = """
    Prompt { height: 2; }
    """

    def __init__(self, content: Text | str = "", **kw: Any) -> None:
        super().__init__(content, **kw)
        self.parts: tuple[Text, Text | None] = (Text(str(content)), None)

    def update(self, content: Text | str | tuple[Text, Text | None]) -> None:
        """Show ``content``: the prompt, or (prompt, message)."""
        prompt, message = (
            content if isinstance(content, tuple) else (Text(content) if isinstance(content, str) else content, None)
        )
        self.parts = (prompt, message)
        whole = prompt.copy()
        if message is not None and message.plain:
            whole.append("\n")
            whole.append_text(message)
        super().update(whole)

    def render(self) -> Text | str:
        width, rows = self.content_size
        if width <= 0 or rows <= 0:
            return self.content
        return fit_prompt(*self.parts, width, rows)


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


def show_settings(app: Any, settings: Settings) -> str | None:
    """How the game is drawn, from ``settings``: the card order, ASCII mode (turned on; the
    flags may have turned it on already) and the theme.  Returns a problem, or None."""
    Style.card_order = settings.card_order
    if settings.ascii:
        Style.ascii = True
    if not settings.theme:
        return None
    if settings.theme not in app.available_themes:
        # where the names are, not the names: all of them made a notice of 21 names
        name = visible(settings.theme)
        return f"settings: theme {name!r} is not one of the app's themes ({THEMES_LISTED}); the default is used"
    app.theme = settings.theme
    return None


def start_settings(app: Any) -> None:
    """At start-up (`PinochleApp.on_mount`): the saved card order, ASCII mode and theme
    (the app reads the pacing and the keys itself; a flag such as ``--bot-delay`` wins).
    Here, not in `screens.settings` with the screen that changes them, so the start does not
    load that screen (about 5 M instructions)."""
    problem = show_settings(app, app.settings)
    if problem:
        app.notify(problem, title="Settings", severity="warning", timeout=20, markup=False)
