"""Textual's `Select`, steady under a key storm, for the new-game and settings
screens.  Its own module, not `widgets`: the table a game from the flags opens with has no
drop-down, and its two classes were a cost of every start."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.widgets import Select
from textual.widgets._select import SelectOverlay


class SteadyOverlay(SelectOverlay):
    """A drop-down's list of options, steady when a page key reaches it with no room on the
    screen: Textual lays its lines out only once it has a size, and its
    page keys looked them up regardless (a KeyError, found by the 100,000-key storm: ctrl+s
    replaced the new-game screen as the list opened).  With no lines a page key does
    nothing."""

    def _move_page(self, direction: Any) -> None:
        if not self.scrollable_content_region or not self._lines:
            return
        super()._move_page(direction)


class SteadySelect(Select[Any]):
    """Textual's `Select`, steady when its screen is replaced as it mounts.

    Its mount sets the first value, which writes the label of its `SelectCurrent`; a key
    storm that started the game (ctrl+s) as the new-game screen appeared met the label
    already removed with the screen, and Textual raised NoMatches.  A label that is gone
    means the select is going too: nothing to show.  So does its list of options
    (`SelectOverlay`), which the mount fills and each new value highlights: under a
    loaded machine the storm met it gone as the select mounted.  Any other NoMatches is
    raised."""

    def compose(self) -> ComposeResult:
        """Textual's `Select`, its list of options a `SteadyOverlay`."""
        for widget in super().compose():
            if type(widget) is SelectOverlay:
                widget = SteadyOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)
            yield widget

    def action_step(self, by: int) -> None:
        """The next option (``by`` 1) or the one before (-1), without opening the list: the
        value changes at once, as a choice in the list does (a form's ←→)."""
        # (Textual's blank option is `Select.NULL`; its `Select.BLANK` is False, a yes/no list's "no")
        values = [value for _prompt, value in self._options if value is not Select.NULL]
        if not values:
            return
        i = values.index(self.value) if self.value in values else -1
        self.value = values[max(0, min(len(values) - 1, i + by))]

    def _init_selected_option(self, hint: Any = Select.NULL) -> None:
        try:
            super()._init_selected_option(hint)
        except NoMatches:
            if self.query("SelectCurrent #label") and self.query(SelectOverlay):
                raise

    def _setup_options_renderables(self) -> None:
        try:
            super()._setup_options_renderables()
        except NoMatches:
            if self.query(SelectOverlay):
                raise

    def _watch_value(self, value: Any) -> None:
        try:
            super()._watch_value(value)
        except NoMatches:
            if self.query(SelectOverlay):
                raise


class StepSelect(SteadySelect, inherit_bindings=False):
    """A form's list that ←→ step through without opening it (`action_step`): the
    settings form's.  Enter and Space open it; ↑↓ are the form's, from field to field
    (Textual's ↑↓ opened the list, so ↓ on a list of the form went no further)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "show_overlay", "open the list", show=False),
        Binding("left", "step(-1)", "previous option", show=False),
        Binding("right", "step(1)", "next option", show=False),
    ]


__all__ = ["SteadyOverlay", "SteadySelect", "StepSelect"]
