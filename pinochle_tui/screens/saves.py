"""The saved games to resume: a list the new-game screen opens with ``r`` when more than
one unfinished game is kept (`paths.saved_games`: newest first, each with its variant, the
hand in play, the scores and when it was last played).  Enter resumes the one highlighted,
``d`` (or Delete) deletes it once asked to confirm (`saved_games.delete_save`: never one
another running pinochle has open), Esc goes back to the form."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..cli_common import visible
from ..render import Style
from ..saved_games import SavedGame
from ..widgets import KeysFooter
from .dialogs import ConfirmScreen

MARK_WIDTH = 2
"""Cells of the mark before each row (`PagedOptionList.render_line`)."""


class PagedOptionList(OptionList):
    """An `OptionList` whose PageUp/PageDown never raise: Textual's `_move_page` reads the
    option's line before the list has laid its lines out (a page key pressed as the list
    is filled, or while it has no size) and raised `KeyError`; then the key does nothing.

    The highlighted row is marked "▶ " (">" in ASCII mode), the others indented as much:
    the highlight alone was lost where colour is not shown (a screen read as plain text)."""

    def _move_page(self, direction: int) -> None:  # type: ignore[override]
        if (self.highlighted is not None and self.highlighted not in self._index_to_line) or not self._lines:
            return
        super()._move_page(direction)  # type: ignore[arg-type]

    def _get_left_gutter_width(self) -> int:
        return MARK_WIDTH  # the options are laid out this much narrower: the mark's room

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            index, offset = self._lines[self.scroll_offset.y + y]
        except IndexError:  # below the last option: a blank row
            return strip
        marked = index == self.highlighted and offset == 0 and not self.options[index].disabled
        mark = (">" if Style.ascii else "▶") if marked else " "
        style = self.get_visual_style("option-list--option").rich_style
        return Strip([Segment(mark.ljust(MARK_WIDTH), style + RichStyle(bold=True)), *strip])


class DeleteSaveScreen(ConfirmScreen):
    """Delete this saved game? y / Enter deletes it, n / Esc goes back to the list."""

    CLOSE_HOW = "y / Enter: delete    n / Esc: back to the list"


class SavedGamesScreen(ModalScreen[Path | None]):
    """Pick one of the unfinished saved games; its path, or None (Esc)."""

    DEFAULT_CSS = """
    SavedGamesScreen { align: center middle; }
    SavedGamesScreen > Vertical { width: 96%; max-width: 110; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1; }
    SavedGamesScreen OptionList { height: auto; max-height: 16; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d,delete", "delete", "delete", id="saves_delete"),
        Binding("escape", "dismiss_none", "back"),
    ]

    def __init__(self, games: list[SavedGame], changed: Callable[[list[SavedGame]], None] | None = None) -> None:
        """``changed``: told the games left after each deletion (the new-game screen's
        offer under the list, which said "2 unfinished" beside "Deleted ...")."""
        super().__init__()
        self.games = games
        self.changed = changed

    def heading(self, said: str = "") -> Text:
        """The list's first row: how many games, its keys, and ``said`` (a deletion, or why
        one could not be made or a game cannot be resumed) after them."""
        count = f"{len(self.games)} saved game{'' if len(self.games) == 1 else 's'}, the newest first"
        return Text.assemble(
            (count, "bold"),
            ("  Enter resumes · d deletes · Esc back", "dim"),
            ("\n" + said) if said else "",
        )

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.heading(), id="saves-heading")
            yield PagedOptionList(*self.options(), id="saves-list")
        yield KeysFooter()  # its own keys over the new-game screen's (start game, statistics: nothing here)

    def options(self) -> list[Option]:
        """One row a game, as ``pinochle saves`` lists it.  A game open in another pinochle
        cannot be chosen; a damaged one can, to delete it (Enter says why it cannot be
        resumed), drawn dim."""
        return [
            Option(Text(visible(g.line()), style="dim" if g.problem else ""), id=str(n), disabled=g.busy is not None)
            for n, g in enumerate(self.games)
        ]

    def on_mount(self) -> None:
        shown = self.query_one(PagedOptionList)
        shown.focus()
        self.highlight_first()

    def highlight_first(self) -> None:
        """The highlight on the newest game that can be resumed (else the first that can be chosen)."""
        shown = self.query_one(PagedOptionList)
        free = [n for n, g in enumerate(self.games) if g.busy is None]
        first = next((n for n in free if self.games[n].problem is None), free[0] if free else None)
        if first is not None:
            shown.highlighted = first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        game = self.games[int(event.option.id or 0)]
        if game.problem is not None:
            self.say(f"{game.id} cannot be resumed; d deletes it")
            return
        self.dismiss(game.path)

    def say(self, text: str) -> None:
        self.query_one("#saves-heading", Static).update(self.heading(visible(text)))

    def action_delete(self) -> None:
        """Delete the highlighted game, asked first (its file is gone for good)."""
        at = self.query_one(PagedOptionList).highlighted
        if at is None or not 0 <= at < len(self.games) or self.games[at].busy is not None:
            return
        game = self.games[at]

        def answered(yes: bool | None) -> None:
            if yes:
                self.delete(game)

        detail = f"{visible(game.line())}\n\nIts file is removed: it cannot be resumed after."
        self.app.push_screen(DeleteSaveScreen(f"Delete the saved game {game.id}?", detail), callback=answered)

    def delete(self, game: SavedGame) -> None:
        """Remove ``game``'s file (`saved_games.delete_save`) and its row; the list closes
        when none is left.  Why not, in the heading, where it cannot be removed."""
        from ..save import SaveError
        from ..saved_games import delete_save

        try:
            delete_save(game.path)
        except SaveError as exc:
            self.say(str(exc))
            return
        self.games = [g for g in self.games if g.path != game.path]
        if self.changed is not None:
            self.changed(list(self.games))
        if not self.games:
            self.dismiss(None)
            return
        shown = self.query_one(PagedOptionList)
        shown.clear_options()
        shown.add_options(self.options())
        self.highlight_first()
        self.say(f"Deleted {game.id}.")

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
