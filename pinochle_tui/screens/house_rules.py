"""The house-rules screen: ``h`` on the new-game screen opens it on the preset chosen there.

One row a knob a table varies (`house_presets.KNOBS`, those of the chosen form): its value
in words (`house_presets.VALUE_WORDS`), the values it may take and a line of what it does.
Keyboard only: ↑↓ move, ←→ or +/- (or Enter) step the value, a number typed on a number's
row replaces it (Enter sets it, Esc drops it; one not a whole number, outside the range or
refused with the other rules is said in one line and changes nothing), Backspace puts it
back as the base preset has it, ctrl+s saves, Esc goes back with nothing saved.  Saving
asks for the preset's name (a preset of yours keeps its own), checks the file it would
write as ``pinochle variants --check`` does and writes it (`house_presets.Yours.save`); a
refusal is said under the rows in the check's own words and nothing is written.  The
new-game screen then offers the preset, chosen.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Select, Static

from ..cli_common import visible
from ..house_presets import KNOBS, HouseEdit, HouseKnob, Yours, shown
from ..render import Style, keys
from ..widgets import FieldInput, KeysFooter, LiveScreen, SizeWatch, TooSmall, is_live, when_live
from .dialogs import ConfirmScreen

KEYS_LINE = "↑↓ rule · ←→ or +/- change · Backspace as the base · ctrl+s save · Esc back"
"""The screen's keys, under its title (`render.keys`: words in ASCII mode)."""


TYPED_MAX = 12
"""The most characters a number typed holds (a bid or a target has at most 7 digits)."""


class LeaveUnsavedScreen(ConfirmScreen):
    """Leave the house rules with changes not saved? y / Enter leaves, n / Esc goes back."""

    CLOSE_HOW = "y / Enter: leave, not saved    n / Esc: back to the rules"


class HouseRulesScreen(SizeWatch, Screen[str | None]):
    """Edit the chosen preset's house rules; dismissed with the name of the preset saved,
    or None (Esc)."""

    DEFAULT_CSS = """
    HouseRulesScreen #hr-body { height: 1fr; padding: 0 1; }
    HouseRulesScreen #hr-title { margin-bottom: 1; }
    HouseRulesScreen #hr-rows, HouseRulesScreen .hr-row { height: auto; }
    HouseRulesScreen .hr-allowed, HouseRulesScreen .hr-words { padding-left: 4; }
    HouseRulesScreen #hr-error { padding: 0 1; text-style: bold; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "save", id="house_save"),
        Binding("escape", "back", "back, not saved", id="house_back"),
        Binding("up", "move(-1)", "previous rule", show=False),
        Binding("down", "move(1)", "next rule", show=False),
        Binding("left,minus", "change(-1)", "change", show=False),
        Binding("right,plus,enter", "change(1)", "change", show=False),
        Binding("backspace", "reset", "as the base", id="house_reset"),
    ]

    TYPED_KEYS = ("enter", "escape", "backspace")
    """The keys a number being typed takes for itself (set it, drop it, rub a character out)."""

    def __init__(self, chosen: Any, yours: Yours) -> None:
        super().__init__()
        self.edit = HouseEdit(chosen, yours)
        self.yours = yours
        self.cursor = 0
        self.knobs: list[HouseKnob] = self.edit.rows()
        self.typed: str | None = None  # a number being typed on the cursor's row (None: none)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="body", id="hr-body", can_focus=False):
            yield Static(self._title(), id="hr-title")
            yield Vertical(*self._rows(), id="hr-rows")
        error = Static("", id="hr-error")
        error.display = False
        yield error
        yield TooSmall()
        yield KeysFooter()

    def _title(self) -> Text:
        e = self.edit
        name = visible(e.chosen.name)
        base = visible(e.base_name) if e.base_name is not None else "the default rules"
        if e.editing is not None:
            what = f"your preset {name}, made from {base}"
        elif e.base_name == e.chosen.name:
            what = name
        else:
            what = f"{name} (saved as made from {base}, the shipped preset nearest it)"
        return Text.assemble(
            (f"House rules: {what}", "bold"),
            "\n",
            (keys(KEYS_LINE), "dim"),
            "\n",
            (f"* differs from {base}: a preset of yours saved lists only these.", "dim"),
        )

    def _rows(self) -> list[Vertical]:
        """A row a knob of `house_presets.KNOBS`: its head (`_head`), under it, indented,
        the values it may take and what it does.  Those not offered as the values stand are
        hidden (shown once they are: a tie rule that has a step), so a change never
        rebuilds the rows."""
        offered = {k.key for k in self.knobs}
        rows = []
        for k in KNOBS:
            row = Vertical(
                Static(self._head(k), id=f"hr-{k.key}", classes="hr-head"),
                Static(self._allowed(k), id=f"hr-allowed-{k.key}", classes="hr-allowed"),
                Static(Text(k.words, style="dim italic"), classes="hr-words"),
                classes="hr-row",
                id=f"hr-row-{k.key}",
            )
            row.display = k.key in offered
            rows.append(row)
        return rows

    def _here(self, knob: HouseKnob) -> bool:
        return bool(self.knobs) and knob.key == self.knobs[self.cursor].key

    def _head(self, knob: HouseKnob) -> Text:
        """``knob``'s label and value in words (marked * when it differs from the base
        preset's), the cursor's mark before it; on the row of a number being typed, the
        number as typed so far, a cursor after it."""
        e, v = self.edit, self.edit.current
        here = self._here(knob)
        mark = (">" if Style.ascii else "▶") if here else " "
        if here and self.typed is not None:
            value: tuple[str, str] = (self.typed + ("_" if Style.ascii else "▏"), "bold reverse")
            star = " "
        else:
            changed = e.is_changed(knob.key)
            value = (shown(v, knob.key, e.values[knob.key]), "bold underline" if changed else "bold")
            star = "*" if changed else " "
        return Text.assemble(
            (f"{mark} ", "bold"),
            (f"{knob.label:<20}", "bold reverse" if here else "bold"),
            "  ",
            value,
            (star, "bold"),
        )

    def _allowed(self, knob: HouseKnob) -> Text:
        """The values ``knob`` may take (`HouseEdit.allowed`); while a number is typed on its
        row, the keys that set or drop it, with the range."""
        if self._here(knob) and self.typed is not None:
            return Text(f"Enter sets it, Esc drops it: {self._range(knob)}", style="bold")
        return Text(keys(self.edit.allowed(knob)), style="dim")

    def _range(self, knob: HouseKnob) -> str:
        return self.edit.range_words(knob)

    def _redraw(self) -> None:
        """The rows as the values stand: the knobs offered now shown (the cursor kept on
        its knob where it still is), each one's value and values allowed."""
        key = self.knobs[self.cursor].key if self.knobs else ""
        self.knobs = self.edit.rows()
        now = [k.key for k in self.knobs]
        self.cursor = now.index(key) if key in now else max(0, min(self.cursor, len(now) - 1))
        for knob in KNOBS:
            row = self.query_one(f"#hr-row-{knob.key}", Vertical)
            row.display = knob.key in now
            if row.display:
                self.query_one(f"#hr-{knob.key}", Static).update(self._head(knob))
                self.query_one(f"#hr-allowed-{knob.key}", Static).update(self._allowed(knob))

    def _scroll_to_cursor(self) -> None:
        """The cursor's whole row (its words too) in sight; on the first, the title too."""
        if not self.knobs:
            return
        if self.cursor == 0:
            self.call_after_refresh(self.query_one("#hr-body", VerticalScroll).scroll_home, animate=False)
            return
        row = self.query_one(f"#hr-row-{self.knobs[self.cursor].key}", Vertical)
        self.call_after_refresh(row.scroll_visible, animate=False)

    def on_mount(self) -> None:
        self._scroll_to_cursor()

    def _say(self, text: str) -> None:
        error = self.query_one("#hr-error", Static)
        error.update(Text(visible(text)))
        error.display = bool(text)

    def _show_row(self, knob: HouseKnob) -> None:
        """``knob``'s head and values allowed as they stand (the cursor, a number typed)."""
        self.query_one(f"#hr-{knob.key}", Static).update(self._head(knob))
        self.query_one(f"#hr-allowed-{knob.key}", Static).update(self._allowed(knob))

    def on_key(self, event: events.Key) -> None:
        """On a number's row a printable character starts or goes on with a number typed
        (a letter too, so that a mistyped one is said rather than lost; + and - step); while
        one is typed, Enter sets it, Esc drops it and Backspace rubs out its last character.
        Handled here, before the screen's bindings (which the key then never reaches)."""
        if not self.knobs or not is_live(self):
            return
        knob = self.knobs[self.cursor]
        char = event.character
        typing = self.typed is not None
        if knob.step is not None and char and len(char) == 1 and char.isprintable() and char not in "+- ":
            self.typed = ((self.typed or "") + char)[:TYPED_MAX]
        elif typing and event.key == "backspace":
            self.typed = (self.typed or "")[:-1]
        elif typing and event.key == "escape":
            self.typed = None
        elif typing and event.key == "enter":
            event.stop()
            self._set_typed(knob)
            return
        else:
            return  # (any other key: the bindings, a number typed set first where it moves away)
        event.stop()
        self._say("")
        self._show_row(knob)

    def _set_typed(self, knob: HouseKnob) -> bool:
        """The number typed set as ``knob``'s value (`HouseEdit.set_typed`), or its problem
        said in one line (the value as it was); the typing over either way.  False when a
        problem was said (nothing typed is no problem: the value stays)."""
        text, self.typed = self.typed or "", None
        if not text.strip():
            self._show_row(knob)
            return True
        problem = self.edit.set_typed(knob, text)
        if problem is not None:
            self._show_row(knob)
            self._say(f"{knob.label}: {problem}")
            return False
        self._say("")
        self._redraw()
        self._scroll_to_cursor()
        return True

    def _end_typing(self) -> bool:
        """A key that leaves the number typed (↑↓, ctrl+s): the number set first, as a field
        left does; False where it was wrong (said, the value left as it was), and the key
        then does nothing more: the cursor stays on the row the line speaks of."""
        if self.typed is not None and self.knobs:
            return self._set_typed(self.knobs[self.cursor])
        return True

    @when_live
    def action_move(self, by: int) -> None:
        if not self.knobs:
            return
        if not self._end_typing():
            return
        new = max(0, min(len(self.knobs) - 1, self.cursor + by))
        if new != self.cursor:  # only the two heads change (the values allowed are as they were)
            self._say("")  # (the line spoke of the row left)
            old, self.cursor = self.knobs[self.cursor], new
            for knob in (old, self.knobs[new]):
                self._show_row(knob)
            self._scroll_to_cursor()

    @when_live
    def action_change(self, by: int) -> None:
        if not self.knobs:
            return
        if self.typed is not None and not self._set_typed(self.knobs[self.cursor]):
            return  # (a wrong number typed: said, and nothing stepped)
        knob = self.knobs[self.cursor]
        if self.edit.step(knob, by):
            self._say("")
            self._redraw()
            self._scroll_to_cursor()
        else:
            way = "lower" if by < 0 else "higher"
            what = f"no {way} value" if knob.step is not None else "no other value"
            why = self.edit.why_not(knob, by)  # (the check's words: a minimum bid over the target, ...)
            if why and self.edit.current.scale != 1:
                why += " (numbers in x10 points, as the file has them)"
            self._say(f"{knob.label}: {what} goes with the other rules as they stand" + (f": {why}." if why else "."))

    @when_live
    def action_reset(self) -> None:
        if self.knobs and self.edit.reset(self.knobs[self.cursor]):
            self._say("")
            self._redraw()
            self._scroll_to_cursor()

    def action_back(self) -> None:
        """Esc: back to the new-game screen; with rules changed and not saved, asked first
        (one stray Esc lost a whole session of changes without a word)."""
        if not self.edit.unsaved():
            self.dismiss(None)
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss(None)

        question = "Leave without saving? The rules you changed are not kept."
        self.app.push_screen(LeaveUnsavedScreen(question, "ctrl+s saves them as a preset of yours."), callback=answered)

    def action_save(self) -> None:
        if not self._end_typing():
            return
        e = self.edit
        if e.editing is None and not e.changed():
            self._say(f"Nothing differs from {visible(e.chosen.name)} yet: change a rule first.")
            return
        self.app.push_screen(PresetNameScreen(self.yours, e.editing), callback=self._named)

    def _named(self, name: str | None) -> None:
        if name is None:
            return
        saved, problem = self.yours.save(name, self.edit.table())
        if saved is None:
            self._say(f"Not saved: {problem}")
            return
        self.app.notify(f"Saved your preset {visible(name)} in {self.yours.path}.", markup=False)
        self.dismiss(name)


class PresetNameScreen(LiveScreen, ModalScreen[str | None]):
    """Ask the name of the preset to save: a preset of yours offers its own (saved in its
    place); a name that cannot be one is refused in place (`Yours.name_problem`)."""

    DEFAULT_CSS = """
    PresetNameScreen { align: center middle; }
    PresetNameScreen > Vertical { width: 70; height: auto; border: round $accent; background: $surface;
        padding: 0 1; }
    PresetNameScreen #pn-error { text-style: bold; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back", id="preset_name_back")]

    def __init__(self, yours: Yours, editing: str | None) -> None:
        super().__init__()
        self.yours = yours
        self.editing = editing

    def compose(self) -> ComposeResult:
        from rules.variant import MAX_NAME

        with Vertical():
            yield Static(
                Text.assemble(
                    ("Save as a preset of yours", "bold"),
                    "\n",
                    (f"Its name (up to {MAX_NAME} characters). Enter saves, Esc goes back.", "dim"),
                )
            )
            yield FieldInput(
                self.editing or "", id="pn-name", placeholder="e.g. our-table", max_length=MAX_NAME, compact=True
            )
            error = Static("", id="pn-error")
            error.display = False
            yield error
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#pn-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        problem = self.yours.name_problem(name, self.editing)
        if problem:
            error = self.query_one("#pn-error", Static)
            error.update(Text(visible(problem)))
            error.display = True
            return
        self.dismiss(name)

    def action_back(self) -> None:
        self.dismiss(None)


def open_house_rules(screen: Any) -> None:
    """``h`` on the new-game screen ``screen``: the house rules of the preset chosen there;
    once one is saved the screen's list of presets holds it, chosen."""
    yours = Yours.of(screen.app)
    chosen = screen.variants[screen.variant_name]

    async def saved(name: str | None) -> None:
        if name is None or name not in screen.variants:
            return
        screen.rules_saved.add(name)
        select = screen.query_one("#ng-variant", Select)
        select.set_options(screen.variant_options())
        select.value = name
        if name == screen.variant_name:  # edited in place: the same preset, its rules new
            v = screen.variants[name]
            screen.query_one("#ng-summary", Static).update(screen._summary(v))
            screen.query_one("#ng-target", Input).value = v.fmt(v.game_target)

    screen.app.push_screen(HouseRulesScreen(chosen, yours), callback=saved)
