"""What the screens ask of the app that hosts them, as a `Protocol`.

The app (`app.PinochleApp`) opens the screens, so the screens must not import the app
back: they type ``self.app`` as this `Host` instead.  ``app -> screens -> host``, one way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from rules import Variant

from .controller import Controller, Seat
from .settings import Settings


class Host(Protocol):
    """The app as the screens see it: the pacing, the settings, saving and the screens."""

    variants: dict[str, Variant]
    settings: Settings
    bot_delay: float
    trick_delay: float
    think: float | None  # the expert's seconds a decision for new games (None: its default)

    def save_now(self, ctrl: Controller) -> None:
        """Save ``ctrl`` now (after every decision)."""

    def remember(
        self,
        variant: str,
        seats: list[Seat],
        target: int,
        seed: str,
        delay: float,
        remote: frozenset[int] | set[int] = frozenset(),
    ) -> None:
        """Keep the new-game choices for next time (the seats of ``remote`` as at another terminal)."""

    def start_new_game(self, variant: Variant, seats: list[Seat], seed: str | None, target: int | None) -> None:
        """Deal a new game and open its table."""

    def action_new_game(self) -> None:
        """Back to the new-game screen."""

    def action_confirm_quit(self) -> None:
        """Ask whether to quit."""

    def action_show_stats(self) -> None:
        """Open the statistics screen."""

    def resume_saved(self, path: Path) -> str | None:
        """Continue the saved game at ``path``; the reason when it cannot be loaded."""

    def push_screen(self, screen: Any, callback: Any = None) -> Any:
        """Open ``screen`` over the current one (Textual's `App.push_screen`)."""

    def replace_screens(self, screen: Any) -> None:
        """Show ``screen`` in place of every screen over the first (a table, the new-game screen)."""

    def action_join_table(self, host: str | None = None, port: int | None = None, code: str | None = None) -> None:
        """The join screen: a seat at a table another pinochle hosts."""
