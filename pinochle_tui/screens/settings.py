"""The settings screen: ``o`` at the new-game screen, or "Settings" in the
command palette (ctrl+p) from any screen.

Bot delay, trick pause, the expert's think budget, card sort order, auto-play of a forced card, theme, ASCII mode and
the remapped keys of the table, saved atomically in the settings file that exists
(`settings.Settings`: ``settings.json`` in the config directory).  Every field is checked
when saved: a bad value is refused in place (the field focused, the allowed values named
under the fields) and nothing is written; a file that cannot be written is said in one line.
The fields show the saved settings: a flag such as ``--bot-delay`` is for its run only (a
line says what the run uses instead), and a delay field left as shown saves the saved
value and keeps the run's; ``--think`` and the think field the same.
"""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.keys import key_to_character
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from ..cli_common import DEFAULT_THINK, DELAY, THINK
from ..render import Style
from ..settings import CARD_ORDERS, READ_AS, Settings, key_name, keys_problem, remappable
from ..steady_select import StepSelect
from ..widgets import (
    FieldInput,
    FieldsScroll,
    FormFields,
    HangingRows,
    KeysFooter,
    SizeWatch,
    TooSmall,
    show_settings,
    start_settings,
    when_live,
)
from .pacing import BOT_DELAY, EXPERT_THINK, TRICK_PAUSE

KEY_FIELD_MAX = 60


def shown_keys(keys: str) -> str:
    """Textual's key names as typed: ``question_mark`` is ``?``; ``up``, ``enter`` stay words."""
    out = []
    for k in (k.strip() for k in keys.split(",")):
        char = key_to_character(k)
        out.append(char if char and char.isprintable() and not char.isspace() else k)
    return ",".join(out)


def apply_settings(app: Any, settings: Settings, before: Settings | None = None) -> str | None:
    """Make ``settings`` the app's: pacing, card order, ASCII mode, theme, keys.  ``before``:
    the settings they replace (ASCII mode is turned off only when they had turned it on;
    ``--ascii`` and a terminal that cannot show suits keep it).  Returns a problem, or None."""
    app.settings = settings
    app.bot_delay = settings.bot_delay
    app.trick_delay = settings.trick_delay
    app.think = settings.game_think
    if not settings.ascii and before is not None and before.ascii:
        Style.ascii = False
    problem = show_settings(app, settings)
    from ..keymap import use

    try:  # the bindings and every text that names a key (`keymap.key`)
        use(app, dict(settings.keys))
    except Exception:
        use(app, {})
        problem = "settings: could not apply the key remaps"
    return problem


def file_problems(settings: Settings) -> Text:
    """What was wrong in the settings file when the game started, every entry on its own
    line with what it may hold (`Settings.problems`): the notice at start-up has room for
    only a few, and goes after a while.  Listed until the settings are saved (the file then
    holds what the screen shows: `SettingsScreen.action_save`).  A file none of which could be read (`Settings.whole`:
    not JSON, too large, unreadable) is said so, every setting at its default, with where
    the file as it was is kept (`Settings.kept_as`), not as one entry among others.  Entries
    each read as the name they misspell (a seat's kind, `settings.READ_AS`) took no default."""
    problems = settings.problems
    name = Settings.path().name
    if settings.whole:
        kept = f"the file as it was is kept as {settings.kept_as}" if settings.kept_as else "the file is left as it is"
        head = (
            f"{name} could not be read at all when the game started: the game uses the default of every setting,"
            f" and {kept}. What was wrong:"
        )
    elif all(READ_AS in p for p in problems):  # each read as the name it misspells: no default
        n = len(problems)
        which = "this entry was wrong, and is" if n == 1 else f"these {n} entries were wrong, each"
        head = f"{name} when the game started: {which} read as it says:"
    else:
        n = len(problems)
        which = "this entry, which was wrong:" if n == 1 else f"these {n} entries, which were wrong:"
        head = f"{name} when the game started: the game uses the defaults for {which}"
    return Text.assemble((head, "bold"), *(f"\n  - {p}" for p in problems))


PACING_FIELDS = (
    ("bot-delay", "Bot delay (s)", BOT_DELAY),
    ("trick-delay", "Trick pause (s)", TRICK_PAUSE),
    ("think", "Expert think (s)", EXPERT_THINK),
)
"""The pacing fields of the settings screen: each one's id (``set-`` before it), label and
`pacing.SecondsField`."""


class SettingsScreen(FormFields, SizeWatch, Screen[None]):
    """Every setting one row; ctrl+s or Enter saves, Esc leaves without saving."""

    DEFAULT_CSS = """
    SettingsScreen .set-row { height: auto; margin-bottom: 0; }
    SettingsScreen .set-label { width: 28; padding: 0 1; }
    SettingsScreen .set-field { width: 1fr; max-width: 48; }
    SettingsScreen .set-head { padding: 1 1 0 1; text-style: bold; }
    SettingsScreen #set-body { height: 1fr; }
    SettingsScreen #set-error { padding: 0 1; text-style: bold; height: auto; }
    SettingsScreen #set-help { padding: 0 1; color: $text-muted; height: auto; }
    SettingsScreen #set-file-problems { padding: 1 1 0 1; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "save", id="settings_save"),  # not priority: after the keys typed before it
        Binding("escape", "cancel", "back, not saved", id="settings_cancel"),
        # as on the new-game screen: not priority, so an open list and a field's own keys come first
        Binding("down", "field(1)", "next field", show=False),
        Binding("up", "field(-1)", "previous field", show=False),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.field_keys_off(action):
            return False  # an open list keeps ↑↓ as its own
        return super().check_action(action, parameters)

    def __init__(self) -> None:
        super().__init__()
        self.table_keys = remappable()
        self.initial: dict[str, str] = {}  # each pacing field's text as shown (the saved value)

    @property
    def settings(self) -> Settings:
        return self.app.settings  # type: ignore[attr-defined, no-any-return]

    def run_delays(self) -> dict[str, str]:
        """The pacing this run uses that is not the saved one (a flag such as --bot-delay or
        --think set it), in words by field; fills `initial` with the saved values the fields show."""
        s, app = self.settings, self.app
        self.initial = {"bot-delay": f"{s.bot_delay:g}", "trick-delay": f"{s.trick_delay:g}", "think": f"{s.think:g}"}
        run = {}
        if app.bot_delay != s.bot_delay:  # type: ignore[attr-defined]
            run["bot-delay"] = f"bot delay {app.bot_delay:g} s"  # type: ignore[attr-defined]
        if app.trick_delay != s.trick_delay:  # type: ignore[attr-defined]
            run["trick-delay"] = f"trick pause {app.trick_delay:g} s"  # type: ignore[attr-defined]
        think = _think_of(app)
        if think != s.think:
            run["think"] = f"expert think {think:g} s"
        return run

    def compose(self) -> ComposeResult:
        s = self.settings
        themes = sorted(self.app.available_themes)
        theme = s.theme if s.theme in themes else self.app.theme
        # (its ↑↓ the screen's: from field to field, `widgets.FieldsScroll`)
        with FieldsScroll(classes="body settings", id="set-body", can_focus=False):
            yield Static(Text("Settings", style="bold"), id="set-title")
            if s.problems:  # the file was damaged: every wrong entry, the notice at start gone or not
                yield HangingRows(file_problems(s), id="set-file-problems")  # (a wrapped entry under its text)
                listed = getattr(self.app, "settings_listed", None)
                if listed is not None:  # (that notice taken down: it covered this list)
                    listed()
            # the saved pacing; a flag such as --bot-delay is for this run only, said here
            run = self.run_delays()
            if run:
                yield Static(
                    f"This run: {', '.join(run.values())} (from the command line, for this run only). "
                    "The fields show the saved settings; a field you change is saved and used at once.",
                    id="set-run",
                )
            # an empty field is its default, as on the new-game screen: each placeholder says so
            for field, label, pacing in PACING_FIELDS:
                shown = FieldInput(self.initial[field], id=f"set-{field}", placeholder=pacing.placeholder, compact=True)
                yield from self._row(label, shown)
            yield from self._row(
                "Card order",
                StepSelect(
                    [(words, key) for key, words in CARD_ORDERS.items()],
                    value=s.card_order,
                    allow_blank=False,
                    id="set-card-order",
                    compact=True,
                ),
            )
            yield from self._row("Auto-play a forced card", self._yes_no(s.auto_play_forced, "set-auto-forced"))
            yield from self._row(
                "Theme",
                StepSelect([(t, t) for t in themes], value=theme, allow_blank=False, id="set-theme", compact=True),
            )
            yield from self._row("ASCII (letters for suits)", self._yes_no(s.ascii, "set-ascii"))
            yield Static("Keys at the table (empty: the default; several keys with commas)", classes="set-head")
            for bid, desc, default in self.table_keys:
                yield from self._row(
                    f"{desc} ({shown_keys(default)})",
                    FieldInput(
                        s.keys.get(bid, ""),
                        id=f"set-key-{bid}",
                        placeholder=shown_keys(default),
                        max_length=KEY_FIELD_MAX,
                        compact=True,
                    ),
                )
            with Horizontal(classes="set-row"):
                yield Button("Save (ctrl+s)", id="set-save", variant="primary", compact=True)
                yield Button("Back, not saved (Esc)", id="set-cancel", compact=True)
            yield Static(
                f"Delays: seconds from {DELAY.lo:g} to {DELAY.hi:g}; expert think: the expert bot's time per decision, "
                f"{THINK.allowed}. A forced card (your only legal play) is played "
                "for you after the bot delay when auto-play is on. --ascii (or a terminal that cannot show suits) "
                f"keeps ASCII on. Saved in {Settings.path()}.",
                id="set-help",
            )
        yield Static("", id="set-error")  # under the fields that scroll: always in sight
        yield TooSmall()
        yield KeysFooter()

    @staticmethod
    def _yes_no(value: bool, id: str) -> Select[bool]:
        return StepSelect([("yes", True), ("no", False)], value=value, allow_blank=False, id=id, compact=True)

    @staticmethod
    def _row(label: str, field: Any) -> ComposeResult:
        field.add_class("set-field")
        with Horizontal(classes="set-row"):
            yield Label(label, classes="set-label")
            yield field

    def on_mount(self) -> None:
        self.query_one("#set-bot-delay", Input).focus()

    def _refuse(self, wrong: list[tuple[str, str]]) -> None:
        """The values refused, each ``(field id, the line saying why)``: every line under the
        fields at once (one refused at a time, a second wrong field was found only once the
        first was put right and saved again), each wrong field marked, the first focused."""
        self.query_one("#set-error", Static).update(Text("\n".join(line for _, line in wrong), style="bold"))
        ids = {field for field, _ in wrong}
        for field in self.query(".set-field").results(Input):
            field.set_class(field.id in ids, "-invalid")
        self.query_one(f"#{wrong[0][0]}").focus()

    def read(self) -> Settings | None:
        """The settings on the screen, each field checked; None when any is refused (every
        one refused is said, `_refuse`)."""
        values: dict[str, float] = {}
        wrong: list[tuple[str, str]] = []
        for field, _label, pacing in PACING_FIELDS:
            text = self.query_one(f"#set-{field}", Input).value.strip() or pacing.empty  # (empty: the default)
            value = pacing.read(text)
            if value is None:
                wrong.append((f"set-{field}", pacing.refusal(text)))
            else:
                values[field] = value
        remaps = {}
        for bid, _desc, _default in self.table_keys:
            text = self.query_one(f"#set-key-{bid}", Input).value.strip()
            if text:
                remaps[bid] = text
        problem = keys_problem(remaps, self.table_keys)
        if problem:
            bid, line = problem  # (a sentence under the fields, as the pacing fields' refusals)
            wrong.append((f"set-key-{bid}", line[:1].upper() + line[1:] + "."))
        if wrong:
            self._refuse(wrong)
            return None
        order = self.query_one("#set-card-order", Select).value
        theme = self.query_one("#set-theme", Select).value
        s = self.settings
        keys = {k: v for k, v in s.keys.items() if k not in {bid for bid, _, _ in self.table_keys}}  # others kept
        keys.update(remaps)
        return dataclasses.replace(
            s,
            bot_delay=values["bot-delay"],
            trick_delay=values["trick-delay"],
            think=values["think"],
            card_order=order if order in CARD_ORDERS else s.card_order,  # type: ignore[arg-type]
            auto_play_forced=self.query_one("#set-auto-forced", Select).value is True,
            ascii=self.query_one("#set-ascii", Select).value is True,
            theme=str(theme) if isinstance(theme, str) else s.theme,
            keys=keys,
            problem=s.problem,
        )

    def action_save(self) -> None:
        new = self.read()
        if new is None:
            return
        before = self.settings
        app: Any = self.app
        # a pacing field left as shown keeps the saved value, and this run keeps what it used
        # (a flag's value); only what the player changed is saved and used
        run = {"bot-delay": app.bot_delay, "trick-delay": app.trick_delay, "think": app.think}
        kept = [f for f, text in self.initial.items() if self.query_one(f"#set-{f}", Input).value.strip() == text]
        if "bot-delay" in kept:
            new.bot_delay = before.bot_delay
        if "trick-delay" in kept:
            new.trick_delay = before.trick_delay
        if "think" in kept:
            new.think = before.think
        problem = new.save()
        if problem is None:
            # the file now holds these settings, each checked: what was wrong in it when the
            # game started is no longer so, and the screen opened again lists none of it
            new = dataclasses.replace(new, problem=None, problems=(), problem_brief=None, whole=False, kept_as="")
        applied = apply_settings(self.app, new, before)
        if "bot-delay" in kept:
            app.bot_delay = run["bot-delay"]
        if "trick-delay" in kept:
            app.trick_delay = run["trick-delay"]
        if "think" in kept:
            app.think = run["think"]
        _follow(self.app, new)
        self.dismiss(None)
        if problem or applied:
            line = "; ".join(p for p in (problem, applied) if p)
            self.app.notify(f"Settings not saved: {line}" if problem else line, severity="warning", markup=False)
        else:
            self.app.notify("Settings saved.", markup=False)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @when_live
    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()

    @when_live
    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "set-save":
            self.action_save()
        else:
            self.action_cancel()


def _follow(app: Any, s: Settings) -> None:
    """The screens under this one follow the new settings: the new-game screen's pacing
    fields (the values in use), and a table's cards (card order, ASCII)."""
    pacing = (("#ng-delay", app.bot_delay), ("#ng-trick-delay", app.trick_delay), ("#ng-think", _think_of(app)))
    for screen in app.screen_stack:
        for field, value in pacing:
            for widget in screen.query(field):
                widget.value = f"{value:g}"
        redraw = getattr(screen, "refresh_view", None)
        if callable(redraw):
            with contextlib.suppress(Exception):  # a screen not drawn yet (or closing) draws itself later
                redraw()


def _think_of(app: Any) -> float:
    """The think budget new games of this run take (``app.think``; None: the expert's default)."""
    return DEFAULT_THINK if app.think is None else float(app.think)


__all__ = [
    "SettingsScreen",
    "apply_settings",
    "key_name",
    "keys_problem",
    "remappable",
    "show_settings",
    "start_settings",
]
