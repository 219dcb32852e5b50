"""The new-game screen: seats (human or bot level, name), variant, target, seed.

The keys of a form, in sight at the top: the first field (the variant) has the focus; ↑↓
(and Tab / Shift+Tab) move from field to field, the field scrolled into sight; Space opens a
list and ←→ step through it; Enter starts the game from any field (in an open list it
picks the option), as ctrl+s does.

Every number typed here is parsed to a bounded value or refused in place, the field
focused and the allowed range named; names read from files (the presets'
names and descriptions, the seat names and seed remembered in the settings) are drawn as
plain text with their control characters made visible (`cli_common.visible`).
"""

from __future__ import annotations

import contextlib
from argparse import ArgumentTypeError
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

import bots

from ..cli_common import DEFAULT_THINK, TARGET, visible
from ..controller import SEAT_NAMES, Seat, default_level, seat_name_problem
from ..host import Host
from ..render import keys
from ..seating import NAME_MAX, default_name, human_name, is_default_name, seat_label, sides_line
from ..steady_select import SteadySelect
from ..widgets import (
    FieldInput,
    FieldsScroll,
    FormFields,
    KeysFooter,
    Line,
    SizeWatch,
    TooSmall,
    cut_row,
    unless_closing,
    when_live,
)
from .pacing import BOT_DELAY, EXPERT_THINK, TRICK_PAUSE

if TYPE_CHECKING:
    from ..saved_games import SavedGame

REMOTE = "remote"
"""A seat's kind on this screen: a person at another terminal (the game is hosted)."""
PEOPLE = ("human", REMOTE)
"""The seats' kinds a person sits in (named ``You``, ``Player 2``, never as a bot)."""

SEED_MAX_LENGTH = 60
"""A seed is any text up to this many characters."""


PACING_FIELDS = (
    ("ng-delay", "Bot delay (s)", BOT_DELAY),
    ("ng-trick-delay", "Trick pause (s)", TRICK_PAUSE),
    ("ng-think", "Expert think (s)", EXPERT_THINK),
)
"""The form's fields of seconds: id, label and their reading (`pacing.SecondsField`)."""

START_WORDS = {False: "Start the game", True: "Start and host"}
"""The start button's label, with a seat at another terminal or not: such a game starts
hosted (its table shows the join codes), as "Host a table" starts it."""

KEYS_LINE = "↑↓/Tab: next field · Space: open a list, ←→: change it · Enter: start"
"""The form's keys, under its title, in sight at 80x24 (`render.keys`: words in ASCII mode)."""


def saved_list(check: bool = True) -> list[SavedGame]:
    """The unfinished saved games, newest first (`paths.saved_games`; ``check``: each one's
    fields checked); none when the data directory cannot be read (``--resume`` says why)."""
    from ..saved_games import saved_games

    try:
        return saved_games(check=check)
    except OSError:
        return []


def resume_line(games: list[SavedGame], scores: bool = True, brief: bool = False) -> str:
    """What the form says of the saved games ``r`` resumes (a damaged one, listed as
    ``pinochle saves`` lists it, is counted apart: it cannot be resumed); without
    ``scores``, the newest game's scores left out, and ``brief``, its time too
    (`SavedGame.line`).  The brief form of one game keeps whether it is open in another
    pinochle (``r`` tries that game at once), of several it leaves it to their list,
    which ``r`` opens and which shows it (that game greyed)."""
    from ..saved_games import BUSY  # (read only where a saved game is offered)

    good = [g for g in games if g.problem is None]
    bad = len(games) - len(good)
    if not good:
        return f"r lists your saved games: {bad} cannot be resumed (damaged; the files are kept)"
    newest = visible(good[0].line(scores, brief))
    if len(games) == 1:
        busy = f", {BUSY}" if brief and good[0].busy is not None else ""
        return f"r resumes your saved game ({newest}{busy})"
    # several: ``r`` opens their list, which shows each game with who sits
    also = f", {bad} damaged" if bad else ""
    return f"r lists your {len(games)} saved games{also} (newest: {newest})"


def resume_lines(games: list[SavedGame]) -> list[str]:
    """`resume_line`'s forms, the longest first, for the row to take the first that fits;
    of several games the last is their count alone ("r lists your 3 saved games"), which
    fits at 80 columns whatever the newest game's variant: its brief form, cut, read
    "the newest Grandma's table, in ha…"."""
    forms = [resume_line(games), resume_line(games, scores=False), resume_line(games, brief=True)]
    if len(games) > 1:
        forms.append(forms[-1].partition(" (newest: ")[0])
    return forms


class ResumeLine(Line, can_focus=True):
    """The offer of the saved games over the form, in one row: the whole `resume_line`
    where it fits, else without the newest game's scores, else its brief form (no time:
    one game open in another pinochle kept that at the row's end, cut at 80 columns),
    else, of several, their count alone (`resume_lines`), else that cut with "…" (``r``
    lists or resumes them, ``pinochle saves`` says all).
    Two rows of it at 80 columns pushed the buttons of six- and eight-hand's form under
    the fold at 80x24.

    It is the form's first field and has the focus as the screen opens, so Enter resumes
    (it says so then: "Enter resumes ...", reversed; ``r`` does anywhere), as a click does: a family
    pressed Enter to go on with last week's game and got a new one.  ↓ goes on to the
    form, where Enter starts a new game (the saved one is kept)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "resume", "resume", show=False),
        # on to the form, as ↓ does (the screen's Tab is a text field's, off here)
        Binding("tab", "leave(1)", "next field", show=False),
        Binding("shift+tab", "leave(-1)", "previous field", show=False),
    ]

    def __init__(self, games: list[SavedGame], **kw: Any) -> None:
        super().__init__(**kw)
        self.games = games

    @property
    def words(self) -> str:
        """The whole offer, as wide terminals show it."""
        return self.keyed(resume_line(self.games))

    def keyed(self, words: str) -> str:
        """``words`` as the line says them now: with the focus, Enter resumes ("r resumes"
        is the footer's, and would not leave the game's time room at 80 columns)."""
        return f"Enter{words[1:]}" if self.has_focus and words.startswith("r ") else words

    def show(self, games: list[SavedGame]) -> None:
        self.games = games
        self.refresh()

    @property
    def resumable(self) -> bool:
        """Enter here resumes a game at once: the newest good one is free (not damaged,
        not open in another pinochle), so the screen opens with the focus here."""
        good = [g for g in self.games if g.problem is None]
        return bool(good) and good[0].busy is None

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_resume(self) -> None:
        screen = self.screen
        if isinstance(screen, NewGameScreen):
            screen.action_resume()

    def on_click(self) -> None:
        self.action_resume()

    def action_leave(self, by: int) -> None:
        screen = self.screen
        if isinstance(screen, NewGameScreen):
            screen.action_field(by)

    def render(self) -> Text:
        width = self.content_region.width or self.app.size.width
        forms = [self.keyed(w) for w in resume_lines(self.games)]
        said = next((f for f in forms if cell_len(f) <= width), forms[-1])
        style = "bold reverse" if self.has_focus else "bold"
        return Text(said, style=style) if cell_len(said) <= width else cut_row(Text(said, style=style), width)


class FieldSelect(SteadySelect, inherit_bindings=False):
    """A list of the form: Space opens it (Textual's Enter, ↑ and ↓ do too, but on this
    screen Enter starts the game and ↑↓ move between fields) and ←→ step through its
    options without opening it (its value changes at once, as a choice in the list does).
    Tab leaves it for the next field, as ↓ does (the screen's Tab binding, there for the
    footer of a text field, held Tab on a list where the form says "↑↓/Tab: next field"),
    and so does Tab in the open list: it closes, its value kept (there ↑↓ are the list's
    own, and Tab did nothing); Shift+Tab goes back the same way."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "leave(1)", "next field", show=False),
        Binding("shift+tab", "leave(-1)", "previous field", show=False),
        Binding("space", "show_overlay", "open the list", show=False),
        Binding("left", "step(-1)", "previous option", show=False),
        Binding("right", "step(1)", "next option", show=False),
    ]

    def action_step(self, by: int) -> None:
        """←→: the next option or the one before; on the variant list, the screen's
        `NewGameScreen.step_variant` (the list's name changes with the seats and summary)."""
        screen = self.screen
        if self.id == "ng-variant" and isinstance(screen, NewGameScreen):
            screen.step_variant(by)
            return
        super().action_step(by)

    def action_leave(self, by: int) -> None:
        """Tab (``by`` 1) or Shift+Tab (-1): the list closed, if open, and the next or
        previous field focused (`widgets.FormFields.action_field`, from this list)."""
        self.expanded = False
        screen = self.screen
        if isinstance(screen, NewGameScreen):
            screen.set_focus(self, scroll_visible=False)
            screen.action_field(by)


class NameInput(FieldInput):
    """A seat's name field: at most `seating.NAME_MAX` characters, and a letter typed (or a
    paste) past that is refused with the limit said under the form, not only the bell."""

    def __init__(self, value: str, **kw: Any) -> None:
        super().__init__(value, max_length=NAME_MAX, placeholder=f"up to {NAME_MAX} characters", **kw)

    def restricted(self) -> None:
        super().restricted()
        screen = self.screen
        if isinstance(screen, NewGameScreen):
            screen.name_too_long(self)


class FormScroll(FieldsScroll):
    """The form's scroll: its ↑↓ (and ←→) go on to the screen, which moves from field to
    field in the order the keys came (a priority binding would act before a key typed
    before it); the page keys scroll (`widgets.FieldsScroll`)."""

    def on_resize(self, event: events.Resize) -> None:
        # (its size or its content's changed: a notice, eight seats in place of four)
        screen = self.screen
        if isinstance(screen, NewGameScreen):
            screen.fit_form()


YOURS_MARK = " (yours)"
"""After the name of a preset of yours in the variant list (``pinochle variants``: ``(yours: FILE)``)."""

HOUSE_RULES_HINT = "h: house rules"
"""Beside the variant list: ``h`` opens the chosen preset's house rules (`screens.house_rules`)."""


NEW_GAME_KEYS: list[tuple[str, str]] = [
    ("↑ ↓ / Tab", "the next or previous field (Shift+Tab back too)"),
    ("Space", "open a list; ← → change it"),
    ("Enter / ctrl+s", "start the game (a game saved before is kept)"),
    ("r", "resume your saved game (with several: their list); Enter on its line over the form does too"),
    ("h", "house rules: change the chosen preset's rules and save them as a preset of yours"),
    ("j", "join a table another pinochle hosts"),
    ("s / o", "the statistics / the settings"),
    ("F1", "the rules of the variant chosen"),
    ("?", "this help (in a name field r, h, j, s, o and ? are typed: Tab leaves it)"),
    ("Esc", "quit"),
]
"""The new-game screen's keys, first in its help (``?``)."""


def carried_level(carry: list[tuple[str, str]]) -> str | None:
    """The bot level of the seats ``carry`` (kind, name) has most of, the last seat's of
    those tied; None where no seat is a bot."""
    levels = [kind for kind, _ in carry if kind in bots.LEVELS]
    if not levels:
        return None
    top = max(levels.count(level) for level in levels)
    return next(level for level in reversed(levels) if levels.count(level) == top)


class NewGameScreen(FormFields, SizeWatch, Screen[None]):
    """Pick the variant and who sits where; the last choices come back next time."""

    DEFAULT_CSS = """
    NewGameScreen #ng-notice, NewGameScreen #ng-settings-notice { margin: 1 2 0 2; }
    NewGameScreen #ng-resume { margin: 1 2 0 2; }
    NewGameScreen #ng-error { padding: 0 2; }
    NewGameScreen #ng-last-seed { width: 1fr; margin-left: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "start game", id="start"),  # not priority: after the keys typed before it
        Binding("enter", "start", "start game", show=False),  # where the field has no Enter of its own
        # not priority: after the keys typed before them (an open list and the fields' own come first)
        Binding("down", "field(1)", "next field", show=False),
        Binding("up", "field(-1)", "previous field", show=False),
        Binding("f1", "rules", "rules", id="newgame_rules"),
        Binding("s", "stats", "statistics", id="newgame_stats"),
        Binding("o", "settings", "settings", id="newgame_settings"),
        Binding("r", "resume", "resume", id="newgame_resume"),  # only with a saved game
        # before j: at 80 columns the footer has room for one of h and j, and the join button names j
        Binding("h", "house_rules", "house rules", id="newgame_house_rules"),  # (screens.house_rules)
        # a seat at a table another pinochle hosts (named in the help line, on its button, here)
        Binding("j", "join", "join", id="newgame_join"),
        # in a text field s and o are typed: the footer shows how to leave it instead
        Binding("tab", "leave_field", "next field", id="newgame_leave_field"),
        # (not in the footer: at 80 columns it pushed out "r resume"; in a text field ? is typed)
        Binding("question_mark", "help", "help", id="newgame_help", show=False),
        Binding("escape", "app.confirm_quit", "quit", id="newgame_quit"),
    ]

    def __init__(
        self,
        variants: dict[str, Any],
        last: dict[str, Any] | None = None,
        notice: str | None = None,
        settings_notice: str | None = None,
    ) -> None:
        """``notice``: a line over the form (a damaged save left in place, your house
        rules' file); ``settings_notice``: what was wrong in settings.json at the start
        (`PinochleApp.on_mount`), over the form too, taken down once the settings screen
        lists it (`drop_settings_notice`)."""
        # a short form closes up under either (screens.tcss)
        super().__init__(classes="-notice" if notice or settings_notice else None)
        self.settings_notice = settings_notice
        self.variants = variants
        last = last or {}
        name = last.get("variant")
        self.variant_name = (
            name if name in variants else ("partnership" if "partnership" in variants else next(iter(variants)))
        )
        self.last = last
        # presets whose house rules were saved from this screen: their own target is offered,
        # not the last game's, which was the one they had before (`_target_text`)
        self.rules_saved: set[str] = set()
        self.notice = notice
        self._seat_gen = 0
        self._variant_goal: str | None = None  # where ←→ on the variant list are going (`step_variant`)
        self._following = False  # the seats being built for it
        # each pacing field's text as first shown: the run's value (a flag such as --bot-delay
        # or --think may have set it for this run only); a field left so is not saved
        self.shown: dict[str, str] = {}
        # the unfinished saved games, newest first (`paths.saved_games`)
        self.saved: list[SavedGame] = []
        # the name field whose limit the error line says (`name_too_long`), if any
        self._full_name: Input | None = None

    @property
    def papp(self) -> Host:
        return self.app  # type: ignore[return-value]

    def drop_settings_notice(self) -> None:
        """Take the notice of settings.json's wrong entries down: the settings screen lists
        every one (`PinochleApp.settings_listed`)."""
        self.settings_notice = None
        for line in self.query("#ng-settings-notice"):
            line.remove()
        if not self.notice:
            self.remove_class("-notice")

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        # the roomy form again at a new size; `fit_form` closes it up where that does not fit
        # (its scroll's own resize comes before the screen's, so asked again once laid out)
        self.remove_class("-tight")
        self.call_after_refresh(self.fit_form)

    def fit_form(self) -> None:
        """Close the form up (``-tight``: its blank rows but the one over the buttons, as a
        short terminal's, screens.tcss) where the roomy form would put its buttons under the
        fold: under 32 rows it always is (the app's ``-short``), but a notice over the form
        and a saved game's offer took eight-hand's buttons and last fields out of sight at
        100x32 too.  Told by the form itself, whatever makes it long (the notice's rows at
        this width, the seats, the variant's summary)."""
        if self.has_class("-tight") or self.app.has_class("-short") or not self.is_mounted:
            return
        scroll = self.query_one(FormScroll)
        buttons = self.query_one("#ng-buttons")
        if buttons.virtual_region.bottom > scroll.scrollable_content_region.height:
            self.add_class("-tight")

    def compose(self) -> ComposeResult:
        v = self.variants[self.variant_name]
        # the notice above the fields that scroll and the error under them: always wholly in sight
        if self.settings_notice:
            yield Static(Text(self.settings_notice, style="bold"), id="ng-settings-notice")
        if self.notice:
            yield Static(Text(self.notice, style="bold"), id="ng-notice")
        # a game left by a crash, a kill or q is offered here, not only by --resume
        # (else plain `pinochle` said nothing of it)
        # (as their heads read: their fields are checked once the screen is up, `_check_saved`)
        self.saved = saved_list(check=False)
        if self.saved:
            yield ResumeLine(self.saved, id="ng-resume")
        # not a stop of Tab itself: the focus goes from field to field
        with FormScroll(classes="body newgame", can_focus=False):
            # the keys under the title, in sight before anything scrolls
            title = Text.assemble(("New game of pinochle", "bold"), "\n", (keys(KEYS_LINE), "dim"))
            yield Static(title, id="ng-title")
            with Horizontal(classes="ng-row"):
                yield Label("Variant", classes="ng-label")
                yield FieldSelect(
                    self.variant_options(),
                    value=self.variant_name,
                    allow_blank=False,
                    id="ng-variant",
                    compact=True,
                )
                # beside the preset it opens on: at 80 columns with a saved game's "r resume"
                # the footer has no room for h, and the help's line of it is under the fold
                yield Static(Text(HOUSE_RULES_HINT, style="dim"), id="ng-house-hint")
            yield Static(self._summary(v), id="ng-summary")
            yield Vertical(id="ng-seats")
            yield Static(id="ng-sides")  # who partners whom (`_show_sides`)
            with Horizontal(classes="ng-row"):
                yield Label("Target", classes="ng-label")
                yield FieldInput(
                    self._target_text(v),
                    id="ng-target",
                    placeholder=f"empty: the default, {v.fmt(v.game_target)}",
                    compact=True,
                )
            with Horizontal(classes="ng-row"):
                yield Label("Seed", classes="ng-label")
                # a seed is one game's: the field starts empty (new deals), the last game's
                # seed only named beside it, to type again for the same cards
                yield FieldInput(
                    "",
                    id="ng-seed",
                    placeholder="empty: new deals every game",
                    max_length=SEED_MAX_LENGTH,
                    compact=True,
                )
                last_seed = Static(self._last_seed_text(), id="ng-last-seed")
                last_seed.display = bool(self.last.get("seed"))  # no empty widget in the row
                yield last_seed
            think = self.papp.think if self.papp.think is not None else DEFAULT_THINK
            self.shown = {
                "ng-delay": f"{self.papp.bot_delay:g}",
                "ng-trick-delay": f"{self.papp.trick_delay:g}",
                "ng-think": f"{think:g}",
            }
            # an empty field is its default, as the target's is: each placeholder says so
            for field, label, pacing in PACING_FIELDS:
                with Horizontal(classes="ng-row"):
                    yield Label(label, classes="ng-label")
                    yield FieldInput(self.shown[field], id=field, placeholder=pacing.placeholder, compact=True)
            with Horizontal(classes="ng-row", id="ng-buttons"):
                yield Button(START_WORDS[False], id="ng-start", variant="primary", compact=True)
                # (out of the fields' walk, which ends at the start button: Enter starts there, the
                # help line names the key j and the seat kind that hosts)
                for label, bid in (("Host a table", "ng-host"), ("Join a table (j)", "ng-join")):
                    extra = Button(label, id=bid, compact=True)
                    extra.can_focus = False
                    extra.styles.margin = (0, 0, 0, 2)
                    yield extra
            yield Static(
                keys(
                    (
                        "On the saved game's line above, Enter (or r anywhere) resumes it; in the form, Enter "
                        "(or ctrl+s) starts a new game, and the saved one is kept. "
                        if self.saved
                        else "Enter (or ctrl+s) starts the game. "
                    )
                    + "↑↓ or Tab / Shift+Tab move between fields; Space opens a list, ←→ change it.\n"
                )
                + f"Seats: human, or a bot level ({' < '.join(bots.LEVELS)}). Several humans play hot-seat.\n"
                + "Friends at other terminals: set their seats to 'another terminal', and the game starts "
                + "as a table this pinochle hosts (its join codes shown there); j joins a table someone else hosts.\n"
                "F1 shows the rules of the chosen variant; h (outside a text field) its house rules, to save as "
                "a preset of yours; s the statistics of past games.",
                id="ng-help",
            )
        error = Static("", id="ng-error")
        error.display = False  # shown with a refusal
        yield error
        yield TooSmall()
        yield KeysFooter()

    def variant_options(self) -> list[tuple[Text, str]]:
        """The variant list's options: each preset's name, a preset of yours (made with
        ``h``: `house_presets.Yours.owns`) marked ``(yours)`` after it, as ``pinochle
        variants`` marks it."""
        owns = getattr(getattr(self.app, "yours", None), "owns", None)  # (none: an app made without them)
        out = []
        for name in self.variants:
            label = Text(visible(name))
            if owns is not None and owns(name):
                label.append(YOURS_MARK, style="dim")
            out.append((label, name))
        return out

    def _summary(self, v: Any) -> Text:
        """The preset's summary as plain text (a description from a file may hold markup
        brackets or control characters); a preset of yours names every rule it changes
        (`house_presets.Yours.summary`, as ``pinochle variants`` says it), wrapped."""
        from ..house_presets import summary_of

        return Text(visible(summary_of(self.app, v)))

    def _last_seed_text(self) -> Text:
        """The last game's seed, named beside the empty field (it is not used unless typed)."""
        seed = visible(str(self.last.get("seed") or ""))[:SEED_MAX_LENGTH]
        return Text(f"last game: {seed}" if seed else "", style="dim", no_wrap=True, overflow="ellipsis")

    def _target_text(self, v: Any) -> str:
        if v.name in self.rules_saved:  # its "Game to" as just saved in the house-rules editor
            return v.fmt(v.game_target)
        t = self.last.get("target")
        # the last game's, where it is one of this variant's (a whole number in its scale)
        ours = self.last.get("variant") == v.name and isinstance(t, int) and t % v.scale == 0
        if ours and TARGET.problem(t // v.scale, v) is None:
            return v.fmt(t)
        return v.fmt(v.game_target)

    @unless_closing
    async def on_mount(self) -> None:
        await self._build_seats()
        # the first field, in sight: the saved game's offer where there is one (Enter resumes)
        offer = next(iter(self.query("#ng-resume").results(ResumeLine)), None)
        (offer if offer is not None and offer.resumable else self.query_one("#ng-variant", Select)).focus()
        if self.saved:
            self.run_worker(self._check_saved, thread=True, group="saves", exit_on_error=False)

    def _check_saved(self) -> None:
        """The saved games offered, their fields checked (`saved_games.read_saved_game`): a
        save whose fields are wrong is offered as one that cannot be resumed.  In a thread,
        after the first frame: the format's model takes a few tenths of a second to build."""
        games = saved_list()
        with contextlib.suppress(Exception):  # the screen may have closed meanwhile
            self.app.call_from_thread(self._checked_saves, games)

    def _checked_saves(self, games: list[SavedGame]) -> None:
        if self.is_attached and self.saved and games != self.saved:
            self._offer(games)

    def _seat_choices(self) -> list[tuple[str, str]]:
        return [("human", "human"), *((f"bot: {lv}", lv) for lv in bots.LEVELS), ("another terminal", REMOTE)]

    def _seat_values(self, v: Any) -> list[tuple[str, str]]:
        """Each seat's kind (human, another terminal or a bot level) and name for ``v``: the
        last choices for that variant, else a human and bots."""
        last_seats = self.last.get("seats") if self.last.get("variant") == v.name else None
        if not isinstance(last_seats, list) or len(last_seats) != v.people:
            last_seats = [{"kind": "human", "name": "You"}] + [
                {"kind": "bot", "level": default_level(), "name": SEAT_NAMES[v.people][i]} for i in range(1, v.people)
            ]
        out = []
        for i in range(v.people):
            d = last_seats[i] if isinstance(last_seats[i], dict) else {}
            kind = (
                d["kind"]
                if d.get("kind") in PEOPLE  # a person here, or at another terminal (remembered as such)
                else (d.get("level") if d.get("level") in bots.LEVELS else default_level())
            )
            out.append((str(kind), visible(str(d.get("name") or ""))[:NAME_MAX]))
        return self._named(v.people, out)

    @staticmethod
    def _named(n: int, values: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """``values`` (kind, name) with each seat whose name is a default (or none) named as
        the command line names it: a bot by `seating.default_name` (compass names from the
        one human's seat, ``Bot 2`` in hot-seat; not counted from seat 0),
        a human by `seating.human_name` (``You``, or ``Player 1``, ``Player 2``: a seat
        turned human does not keep its bot's name); a typed name stays."""
        humans = tuple(i for i, (kind, _) in enumerate(values) if kind in PEOPLE)
        # the one person at this keyboard of a hosted table is ``You`` (the others ``Player k``)
        here = tuple(i for i, (kind, _) in enumerate(values) if kind == "human")

        def named(i: int, kind: str, name: str) -> str:
            if not is_default_name(n, i, name):
                return name
            if kind == "human" and len(here) == 1:
                return human_name(i, here)
            return human_name(i, humans) if kind in PEOPLE else default_name(n, i, humans)

        return [(kind, named(i, kind, name)) for i, (kind, name) in enumerate(values)]

    async def _build_seats(self, carry: list[tuple[str, str]] | None = None, name: str | None = None) -> None:
        """The seat rows of the variant ``name`` (the chosen one by default): its remembered or
        default seats (`_seat_values`), the first of them as ``carry`` has them (`_carried`:
        another variant's rows as the player left them, so a name typed or a level chosen
        before the variant stays where its seat still is); a seat the carried rows did not
        have takes their bots' level (`carried_level`: six-hand after a racehorse of experts
        is six experts, not four and two standard).

        The rows there are keep their place and take the new values (so a key pressed just
        after ←→ on the variant finds the same fields); only the seats the new variant adds
        are mounted (hidden until they are ready), or those it drops removed.  The rows, the
        variant list's name, the summary and the target then change together: rebuilding
        every row for each variant passed by ←→ lagged a second behind four quick presses,
        the list showing six-hand beside racehorse's summary and four seats."""
        name = name or self.variant_name
        changed = name != self.variant_name
        v = self.variants[name]
        box = self.query_one("#ng-seats", Vertical)
        values = self._seat_values(v)
        if carry:
            level = carried_level(carry)
            more = [(level if level and kind in bots.LEVELS else kind, who) for kind, who in values[len(carry) :]]
            values = self._named(v.people, carry[: v.people] + more)
        n = v.people
        here = self._here(values)
        rows = [row for row in box.children if row.has_class("ng-row") and not row.has_class("-going")]
        self._seat_gen = self._seat_gen or 1
        added = [self._seat_row(n, i, here, *values[i]) for i in range(len(rows), n)]
        for new_row in added:
            new_row.display = False
        if added:
            await box.mount_all(added)
        # from here to the end of the step nothing waits: no frame shows the one without the other
        self.variant_name = name
        self._show_sides(v)
        # (the lists' changes are the form's own: one renaming after them, not one a seat)
        with self.prevent(Select.Changed):
            listed = self.query_one("#ng-variant", Select)
            if listed.value != name:
                listed.value = name
            for i, (row, (kind, who)) in enumerate(zip(rows, values, strict=False)):
                row.query_one(".ng-kind", Select).value = kind
                row.query_one(".ng-name", Input).value = who
                row.query_one(".ng-label", Label).update(seat_label(n, i, here))
        for new_row in added:
            new_row.display = True
        going = rows[n:]
        for row in going:  # out of the form at once: no key finds them while they go
            row.add_class("-going")
            row.display = False
        if changed:
            self.query_one("#ng-summary", Static).update(self._summary(v))
            self.query_one("#ng-target", Input).value = self._target_text(v)
        self._start_label()
        if going:
            await box.remove_children(going)

    def step_variant(self, by: int) -> None:
        """←→ on the variant list (``by`` 1 or -1): the next variant, or the one before, from
        the one the last key asked for; the seats are built for the variant the keys stop at,
        and the list shows a variant with its own summary and seats (`_build_seats`)."""
        listed = self.query_one("#ng-variant", Select)
        values = [str(value) for _prompt, value in listed._options if value is not Select.NULL]
        at = self._variant_goal or self.variant_name
        i = values.index(at) if at in values else -1
        self._variant_goal = values[max(0, min(len(values) - 1, i + by))]
        if not self._following:
            self._following = True
            self.run_worker(self._follow_variant(), group="variant-steps")

    async def _follow_variant(self) -> None:
        try:
            while self._variant_goal is not None and self._variant_goal != self.variant_name:
                await self._build_seats(self._carried(), self._variant_goal)
        finally:
            self._following = False
            self._variant_goal = None

    def _seat_row(self, n: int, i: int, here: tuple[int, ...], kind: str, name: str) -> Horizontal:
        """Seat ``i``'s row of ``n``: its label, kind list and name field."""
        return Horizontal(
            Label(seat_label(n, i, here), classes="ng-label"),
            FieldSelect(
                self._seat_choices(),
                value=kind,
                allow_blank=False,
                id=f"ng-kind-{self._seat_gen}-{i}",
                classes="ng-kind",
                compact=True,
            ),
            NameInput(name, id=f"ng-name-{self._seat_gen}-{i}", classes="ng-name", compact=True),
            classes="ng-row",
        )

    @staticmethod
    def _here(values: list[tuple[str, str]]) -> tuple[int, ...]:
        """The seats of the people at this keyboard, whom the labels place the others from
        (`seating.seat_label`): a friend at another terminal plays at their own screen, so
        one person here with friends elsewhere is no hot-seat table ("Seat 2 (West)", as
        the hosted table places Bob, not "Seat 2")."""
        return tuple(i for i, (kind, _) in enumerate(values) if kind == "human")

    def _show_sides(self, v: Any) -> None:
        """Under the seats, who partners whom in a four-seat form of fixed sides
        (`seating.sides_line`): ``Partners: Seats 1 & 3 against Seats 2 & 4``.  Nothing
        where each plays for self, where people sit out in turn (the sides change with the
        deal, §0.4.16), or at the six- and eight-hand tables, whose summary above says how
        the teams sit (and whose eight seats fill the form at 80x24: a row more hid its
        buttons); their tables mark each seat's team."""
        shown = v.seats_in_teams and v.people == v.players and not v.ring_table
        line = sides_line(v.seats_of_side) if shown else ""
        fields = self._seat_fields() if line else None
        people = sum(1 for kind, _ in fields or () if kind.value in PEOPLE)
        fits = next((name for name, x in self.variants.items() if x.people == people), None)
        if people == v.people - 1 and people > 1 and fits:
            # three people at partnership's four seats: they may have meant three-hand
            line += f"\n{people} people and a bot is fine; no bot: pick {visible(fits)}."
        sides = self.query_one("#ng-sides", Static)
        sides.update(Text(line))
        sides.display = bool(line)
        self.query_one("#ng-seats", Vertical).set_class(bool(line), "-sides")

    def _start_label(self) -> None:
        """The start button says the game will be hosted when a seat is at another terminal;
        the line under the seats follows the people seated (`_show_sides`)."""
        self._show_sides(self.variants[self.variant_name])
        gen = f"-{self._seat_gen}-"  # the current rows (not those of a variant left)
        remote = any(
            s.value == REMOTE and gen in str(s.id) and not (s.parent is not None and s.parent.has_class("-going"))
            for s in self.query(".ng-kind").results(Select)
        )
        self.query_one("#ng-start", Button).label = START_WORDS[remote]

    def _seat_fields(self) -> list[tuple[Select[Any], Input]] | None:
        """Each current seat row's kind list and name field; None while the rows are being
        rebuilt (a key or a change may come between a variant's rows going and the next's)."""
        n = self.variants[self.variant_name].people
        try:
            return [
                (
                    self.query_one(f"#ng-kind-{self._seat_gen}-{i}", Select),
                    self.query_one(f"#ng-name-{self._seat_gen}-{i}", Input),
                )
                for i in range(n)
            ]
        except Exception:
            return None

    def _renamed(self) -> None:
        """A seat's kind changed: the bots with a default name and the seats' labels follow
        the human seats (`_named`, `seating.seat_label`)."""
        n = self.variants[self.variant_name].people
        fields = self._seat_fields()
        if fields is None:
            return
        names = [f for _, f in fields]
        values = self._named(n, [(str(k.value), f.value.strip()) for k, f in fields])
        here = self._here(values)
        for i, (field, (_, name)) in enumerate(zip(names, values, strict=True)):
            if field.value.strip() != name:
                field.value = name
            label = field.parent.query_one(".ng-label", Label) if field.parent is not None else None
            if label is not None:
                label.update(seat_label(n, i, here))
        self._start_label()

    @when_live
    async def on_select_changed(self, event: Select.Changed) -> None:
        if str(event.select.id).startswith(f"ng-kind-{self._seat_gen}-"):
            self._renamed()
            return
        if event.select.id == "ng-variant" and event.value in self.variants and event.value != self.variant_name:
            if event.value != event.select.value:
                return  # the list went on past it: only the variant it stops at is built
            await self._build_seats(self._carried(), str(event.value))

    def _carried(self) -> list[tuple[str, str]] | None:
        """The seat rows as they stand (kind, name), a default name as none (`_named` names
        the seat again for the next variant's table: "West" of three seats is not four
        seats' West); None while the rows are being rebuilt."""
        n = self.variants[self.variant_name].people
        fields = self._seat_fields()
        if fields is None:
            return None
        out = []
        for i, (kind, field) in enumerate(fields):
            name = visible(field.value.strip())[:NAME_MAX]
            out.append((str(kind.value), "" if is_default_name(n, i, name) else name))
        return out

    def form_fields(self) -> list[Widget]:
        """The form's fields in their order: its lists, text fields and the start button
        (of the seat rows, the current ones: a key may come while a new variant's are built)."""
        gen = f"-{self._seat_gen}-"
        return [
            w
            for w in self.focus_chain
            if isinstance(w, (Select, Input, Button, ResumeLine))
            and (not str(w.id).startswith(("ng-kind-", "ng-name-")) or gen in str(w.id))
            and not (w.parent is not None and w.parent.has_class("-going"))  # (a seat the variant dropped)
        ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.field_keys_off(action):
            return False  # an open list keeps ↑↓ as its own
        # a text field takes s and o as text (a name with an "s"): the footer does not
        # offer them there, but Tab out of it ("s statistics" was
        # offered while s replaced the name); out of a field Tab is Textual's own
        in_text = isinstance(self.focused, Input)
        if action in ("help", "stats", "settings", "resume", "join", "house_rules") and in_text:
            return False
        if action == "resume" and not self.saved:
            return False
        if action == "leave_field" and not in_text:
            return False
        return super().check_action(action, parameters)  # and nothing but quitting while too small

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ng-start":
            self.action_start()
        elif event.button.id == "ng-host":
            self.action_start(host=True)
        elif event.button.id == "ng-join":
            self.action_join()

    def action_join(self) -> None:
        """A seat at a table another pinochle hosts: the join screen asks for its address and code."""
        self.papp.action_join_table()

    def action_resume(self) -> None:
        """Resume the saved game, or, with several kept (or a damaged one), pick one from their
        list, as they are now (read again: a game another pinochle had open when this screen
        opened may be free by now, and was listed greyed as open there)."""
        if fresh := saved_list():
            self.saved = fresh
            self.query_one("#ng-resume", ResumeLine).show(self.saved)
        if len(self.saved) == 1 and self.saved[0].problem is None:
            self._resume(self.saved[0].path)
        elif self.saved:
            from .saves import SavedGamesScreen

            self.app.push_screen(SavedGamesScreen(self.saved, changed=self._offer), callback=self._resume)

    def _resume(self, path: Path | None) -> None:
        if path is None:  # the list left with Esc: games may have been deleted there
            self._offer([g for g in saved_list() if g.path.exists()])
            return
        problem = self.papp.resume_saved(path)
        if problem:  # damaged or taken since the screen opened: said, and that game leaves the offer
            self._offer([g for g in self.saved if g.path != path])
            self._error(problem)

    def _offer(self, games: list[SavedGame]) -> None:
        """The saved games offered (``r``) now ``games``: none hides the offer."""
        self.saved = games
        resume = self.query_one("#ng-resume", ResumeLine)
        resume.display = bool(self.saved)
        if self.saved:
            resume.show(self.saved)
        if resume.has_focus and not resume.resumable:  # (gone, or found damaged: the form's first field)
            self.query_one("#ng-variant", Select).focus()
        self.refresh_bindings()

    def action_stats(self) -> None:
        self.papp.action_show_stats()

    def action_leave_field(self) -> None:
        """Tab out of a text field, as Textual's Tab does (the binding is there for the
        footer: it says how to leave the field)."""
        self.focus_next()

    def action_settings(self) -> None:
        from .settings import SettingsScreen  # loads when opened

        self.papp.push_screen(SettingsScreen())

    def action_house_rules(self) -> None:
        """The house rules of the chosen preset, to save as a preset of yours (`screens.house_rules`)."""
        from .house_rules import open_house_rules

        open_house_rules(self)

    def action_rules(self) -> None:
        from .dialogs import HelpScreen

        self.papp.push_screen(HelpScreen(self.variants[self.variant_name], rules_first=True))

    def action_help(self) -> None:
        """``?``: the help, as at the table, this screen's keys first (`NEW_GAME_KEYS`),
        then the table's and the rules of the variant chosen here."""
        from .dialogs import HelpScreen

        self.papp.push_screen(HelpScreen(self.variants[self.variant_name], screen_keys=NEW_GAME_KEYS))

    def name_too_long(self, field: Input) -> None:
        """A seat's name field refused a letter past `seating.NAME_MAX`: the limit said
        (until that name is shortened or left: `on_input_blurred`)."""
        seat = str(field.id).rsplit("-", 1)[-1]
        self._error(f"Seat {int(seat) + 1}'s name is full: a seat's name is at most {NAME_MAX} characters.")
        self._full_name = field

    def on_input_changed(self, event: Input.Changed) -> None:
        # the field's value now, not the message's: letters typed in one burst are each
        # a message handled after the refusal of the one past the limit, and the name they
        # carry, still short, took the refusal back (the name came out cut without a word)
        if event.input is self._full_name and len(event.input.value) < NAME_MAX:
            self._error("")

    def on_input_blurred(self, event: Input.Blurred) -> None:
        # the player has moved on from the full name: its limit is no longer news (it
        # stood over the form after Tab, and after the variant was changed)
        if event.input is self._full_name:
            self._error("")

    def _error(self, text: str) -> None:
        self._full_name = None  # (another word, or none: not the name's limit any more)
        error = self.query_one("#ng-error", Static)
        error.update(Text(visible(text), style="bold"))
        error.display = bool(text)

    def _refuse(self, field: str, text: str) -> None:
        """Refuse the value of ``#field`` in place: the reason under the fields, the field focused."""
        self._error(text)
        box = self.query_one(f"#{field}", Input)
        box.focus(scroll_visible=False)
        # once the error's rows are laid out under the form (its view is that much shorter)
        self.call_after_refresh(box.scroll_visible, animate=False)

    def action_start(self, host: bool = False) -> None:
        """Deal the game as the fields say; with a seat at another terminal (or ``host``:
        "Host a table") the game is hosted, those seats joining over the network."""
        v = self.variants[self.variant_name]
        seats: list[Seat] = []
        remote: set[int] = set()
        fields = self._seat_fields()
        if fields is None:
            return  # the seat rows are being rebuilt
        humans = tuple(i for i, (kind, _) in enumerate(fields) if kind.value in PEOPLE)
        for i, (kind_field, name_field) in enumerate(fields):
            kind, name = kind_field.value, name_field.value.strip()
            name = name or (human_name(i, humans) if kind in PEOPLE else default_name(v.people, i, humans))
            if kind == REMOTE:  # a person at another terminal: a human seat the host's server fills
                remote.add(i)
                seats.append(Seat("human", name))
            elif kind == "human":
                seats.append(Seat("human", name))
            else:
                seats.append(Seat("bot", name, str(kind)))
        problem = seat_name_problem(seats)
        if problem:
            self._error(problem[0].upper() + problem[1:] + ".")
            return
        if host and not remote:
            self._error(
                "To host a table, set the seat of each friend who joins from another terminal to "
                "'another terminal', then Host a table."
            )
            return
        text = self.query_one("#ng-target", Input).value.strip() or v.fmt(v.game_target)
        try:  # read as --target reads it, in the same words
            target = TARGET.read(text, v) * v.scale
        except ArgumentTypeError as exc:
            self._refuse("ng-target", f"Target {exc}.")
            return
        paced: dict[str, float] = {}  # an empty field: its default (`SecondsField.empty`)
        for field, _label, pacing in PACING_FIELDS:
            typed = self.query_one(f"#{field}", Input).value.strip() or pacing.empty
            value = pacing.read(typed)
            if value is None:
                self._refuse(field, pacing.refusal(typed))
                return
            paced[field] = value
        delay, trick_delay, think = paced["ng-delay"], paced["ng-trick-delay"], paced["ng-think"]
        # this game plays at the fields' values; settings.json keeps only what the player
        # changed here (a field left as shown holds the run's value, maybe a flag's)
        settings = self.papp.settings
        changed = {f for f, text in self.shown.items() if self.query_one(f"#{f}", Input).value.strip() != text}
        self.papp.think = think
        self.papp.trick_delay = trick_delay
        self.papp.bot_delay = delay
        if "ng-trick-delay" in changed:
            settings.trick_delay = trick_delay
        if "ng-think" in changed:
            settings.think = think
        seed = self.query_one("#ng-seed", Input).value.strip() or None
        self.papp.remember(
            v.name, seats, target, seed or "", delay if "ng-delay" in changed else settings.bot_delay, remote
        )
        if remote:  # the people at other terminals join this game with the codes its table shows
            from ..remote.hosting import host_table

            problem = host_table(self.app, v, seats, remote, seed, target)
            if problem:
                self._error(f"Cannot host the table: {problem}.")
            return
        self.papp.start_new_game(v, seats, seed, target)
