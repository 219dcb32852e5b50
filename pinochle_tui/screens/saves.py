"""The saved games to resume: a list the new-game screen opens with ``r`` when more than
one unfinished game is kept (`paths.saved_games`: newest first, each with its variant, the
hand in play, the scores and when it was last played).  Enter resumes the one highlighted,
Esc goes back to the form."""

from __future__ import annotations

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


class SavedGamesScreen(ModalScreen[Path | None]):
    """Pick one of the unfinished saved games; its path, or None (Esc)."""

    DEFAULT_CSS = """
    SavedGamesScreen { align: center middle; }
    SavedGamesScreen > Vertical { width: 96%; max-width: 110; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1; }
    SavedGamesScreen OptionList { height: auto; max-height: 16; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss_none", "back"),
    ]

    def __init__(self, games: list[SavedGame]) -> None:
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                Text.assemble(
                    (f"{len(self.games)} saved games, the newest first", "bold"),
                    ("  ↑↓ choose · Enter resumes · Esc back", "dim"),
                )
            )
            options = [  # a damaged save is listed, as pinochle saves lists it, and cannot be chosen
                Option(Text(visible(g.line())), id=str(n), disabled=g.busy is not None or g.problem is not None)
                for n, g in enumerate(self.games)
            ]
            yield PagedOptionList(*options, id="saves-list")
        yield KeysFooter()  # its own keys over the new-game screen's (start game, statistics: nothing here)

    def on_mount(self) -> None:
        shown = self.query_one(PagedOptionList)
        shown.focus()
        first = next((n for n, g in enumerate(self.games) if g.busy is None and g.problem is None), None)
        if first is not None:
            shown.highlighted = first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.games[int(event.option.id or 0)].path)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
