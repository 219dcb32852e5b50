"""The command palette (ctrl+p) made safe against keys that race it.

Textual's `CommandPalette` met four races in key storms (keys sent with no frame between
them, at every table size, hot-seat included), each an exception or a stuck table:

- PageUp/PageDown before its list has laid out its lines: `OptionList._move_page` reads
  the highlighted option's line from a table not filled yet and raises `KeyError`;
- a second Enter (or Esc) in the burst that closed it: `Screen.dismiss` pops whatever
  screen is on top, so the second one popped the screen under the palette (at the hot-seat
  hand-off, the hand-off itself, its callback never run: the table waited for a hand-off
  no screen offered), or found no screen to pop (`ScreenStackError`), or ran the command
  twice;
- ↓ or a list key while the palette is being composed or removed: the list it asks for by
  query is not there (`NoMatches`);
- ctrl+p while a palette is still on the stack but not on top (closing, or under a screen
  a command opened): a second palette of the same id (`DuplicateIds`).

`GamePalette` closes once: after its first dismiss every key, Enter, selection and list
action is dropped, and a dismiss when it is not the top screen does nothing.  Its page
keys do nothing until the list has its lines.  Its command gathering ends quietly when the
palette closed under it.  `open_palette` opens one only when none is on the stack.
"""

from __future__ import annotations

from typing import Any

from textual import work
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.message import Message
from textual.widgets import Button, Input, OptionList


class GamePalette(CommandPalette):
    """Textual's palette that closes once and whose keys never raise (module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.closing = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self.closing or not self.is_attached or self.app.screen is not self:
            return AwaitComplete.nothing()  # closed already, or not on top: pop nothing else
        self.closing = True
        return super().dismiss(result)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.closing:
            return False
        return super().check_action(action, parameters)

    async def _on_message(self, message: Message) -> None:
        # an Enter or a click queued behind the one that closed the palette: dropped (it ran
        # the command again and popped the screen under the palette)
        if self.closing and isinstance(message, (Input.Submitted, OptionList.OptionSelected, Button.Pressed)):
            message.stop()
            return
        await super()._on_message(message)

    def _action_command_list(self, action: str) -> None:
        if self.closing:
            return
        try:
            commands = self.query_one(CommandList)
        except NoMatches:  # not composed yet, or being removed
            return
        # Textual's `_move_page` reads the option's line before the list laid it out
        unlaid = not commands._lines or (
            commands.highlighted is not None and commands.highlighted not in commands._index_to_line
        )
        if action in ("page_up", "page_down") and unlaid:
            return
        super()._action_command_list(action)

    def _action_cursor_down(self) -> None:
        # ↓ asks for the list by query: none while the palette is composed or removed
        if self.closing or not self.query(CommandList):
            return
        super()._action_cursor_down()

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        try:
            await CommandPalette._gather_commands.__wrapped__(self, search_value)  # type: ignore[attr-defined]
        except NoMatches:  # the palette closed while its commands were being gathered
            return


def open_palette(app: Any) -> None:
    """ctrl+p: a palette over the screen on top, unless one is on the stack already (on top:
    it has the keys; under another screen: it goes when that one does; closing: the key
    came in the burst that closed it)."""
    if not app.use_command_palette:
        return
    if any(isinstance(screen, CommandPalette) for screen in app.screen_stack):
        return
    # the one just closed may still be registered under the palette's id while it is
    # removed: no id, and Textual's own check (`CommandPalette.is_open`) sees it by its class
    app.push_screen(GamePalette())
