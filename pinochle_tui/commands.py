"""The command palette's commands: Textual's own palette (ctrl+p) with the
game's actions and the themes.

`GameCommands` offers what the screen the palette was opened over can do now: a new
game, the statistics, the settings, help and quit everywhere they make sense; at the
table every action its footer shows in the phase (bid, pass, play for me, hint, tricks,
meld, ...: the table's own `check_action` decides, so the palette has what the keys do
and never offers what a key refuses);
and every theme of the app, which is kept in the settings file like the settings
screen's choice.  Textual's system commands are not offered: their Quit leaves without
the game's "quit?" question.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from textual.command import DiscoveryHit, Hit, Hits, Provider


class Command(NamedTuple):
    """One line of the palette: its name, what it does (the palette's help line), the run.
    A NamedTuple, not a frozen dataclass: the start loads it."""

    name: str
    help: str
    run: Callable[[], Any]
    action: str = ""  # the footer's action it does (a binding's), "" for the app's own


TABLE_COMMANDS: dict[str, tuple[str, str]] = {
    "continue": ("Continue", "go on: past everyone's meld, or to the next hand"),
    "play": ("Play card", "play the card under the cursor"),
    "bid": ("Bid", "bid the amount shown"),
    "confirm": ("Confirm", "confirm the cards picked"),
    "choose": ("Choose", "take the choice under the cursor"),
    "pick": ("Pick card", "pick the card under the cursor (again to put it back)"),
    "raise": ("Raise bid", "raise the bid shown"),
    "lower": ("Lower bid", "lower the bid shown"),
    "pass_bid": ("Pass", "pass in the auction"),
    "auto": ("Play for me", "the hint's move is made for you (the one shown, if any)"),
    "hint": ("Hint", "what the standard bot would do, or the expert at an expert's table (the cursor moves onto it)"),
    "undo": ("Undo", "undo your last decision in this hand"),
    "tricks": ("Tricks", "the tricks of this hand, one line each"),
    "melds": ("Meld", "everyone's meld (before trump: yours under each trump)"),
}
"""The palette's name and help line for each action of the table's footer; help and quit
are the palette's own (below every screen's actions)."""


def _table_action(screen: Any, action: str) -> Callable[[], Any] | None:
    """The table's ``action`` when its key would do it now (the screen's `check_action`)."""
    check = getattr(screen, "check_action", None)
    method = getattr(screen, f"action_{action}", None)
    if check is None or method is None or check(action, ()) is not True:
        return None
    return method  # type: ignore[no-any-return]


def table_commands(screen: Any) -> list[Command]:
    """What the table's footer offers now, in the footer's order (its `footer_items`: the
    bindings shown and enabled by the table's `check_action`), so the palette has every
    action a key in the footer would do in this phase and nothing it would refuse."""
    from .widgets import footer_items

    out: list[Command] = []
    for item in footer_items(screen):
        known = TABLE_COMMANDS.get(item.action)
        run = _table_action(screen, item.action) if known and not item.disabled else None
        if known and run is not None:
            name, what = known
            out.append(Command(name, f"{what} ({item.key_display})", run, item.action))
    return out


def footer_commands(screen: Any) -> list[Command]:
    """Every other screen's footer as commands (the hand result, game over, the overlays,
    the new-game screen, ...): each action its footer shows enabled, named by the footer's
    word (``next hand`` -> "Next hand"), run as its key runs it (`Screen.run_action`)."""
    from .widgets import footer_items

    out: list[Command] = []
    for item in footer_items(screen):
        if item.palette or item.disabled:
            continue
        words = str(item.description)
        out.append(
            Command(
                words[:1].upper() + words[1:], f"{words} ({item.key_display})", _run(screen, item.action), item.action
            )
        )
    return out


def _run(screen: Any, action: str) -> Callable[[], Any]:
    return lambda: screen.run_action(action)


def commands_for(app: Any, screen: Any) -> list[Command]:
    """The commands for ``screen`` (the one under the palette), in the palette's order:
    the actions of its footer first (the hand result's "next hand"
    and "tricks" were missing), then the app's own that the footer has not named."""
    from .screens.newgame import NewGameScreen
    from .screens.settings import SettingsScreen
    from .screens.table import TableScreen

    name = type(screen).__name__
    out: list[Command] = table_commands(screen) if isinstance(screen, TableScreen) else footer_commands(screen)
    general: list[Command] = []
    if not isinstance(screen, NewGameScreen):
        general.append(
            Command("New game", "the new-game screen (a game at the table stays saved)", app.action_new_game)
        )
    if name not in ("StatsScreen", "GameHistoryScreen"):
        general.append(
            Command("Statistics", "the figures of past games and their score history", app.action_show_stats)
        )
    if not isinstance(screen, SettingsScreen):
        general.append(
            Command(
                "Settings",
                "bot delay, trick pause, card order, auto-play, theme, ASCII, keys",
                lambda: app.push_screen(SettingsScreen()),
            )
        )
    if isinstance(screen, TableScreen):
        help_run = _table_action(screen, "help")
    elif isinstance(screen, NewGameScreen):
        help_run = screen.action_help  # its keys, then the table's and the chosen variant's rules
    else:
        help_run = app.action_show_help
    if help_run is not None and name != "HelpScreen":
        general.append(Command("Help", "the keys and the rules of this variant", help_run))
    from .paths import program

    quit_help = f"quit pinochle (a game is saved; {program()} --resume continues it)"
    general.append(Command("Quit", quit_help, app.action_confirm_quit))
    named = {c.name for c in out}
    out += [c for c in general if c.name not in named]  # the footer's own quit, help, ... stand
    for theme in sorted(app.available_themes):
        out.append(Command(f"Theme: {theme}", "use this theme (kept in the settings)", _theme(app, theme)))
    return out


def _theme(app: Any, theme: str) -> Callable[[], None]:
    def run() -> None:
        app.theme = theme
        app.settings.theme = theme
        problem = app.settings.save()
        if problem:
            app.notify(f"Theme not kept: {problem}", severity="warning", markup=False)

    return run


class GameCommands(Provider):
    """The game's actions and the themes, for the screen the palette was opened over."""

    def _commands(self) -> Iterator[Command]:
        yield from commands_for(self.app, self.screen)

    async def discover(self) -> Hits:
        for c in self._commands():
            yield DiscoveryHit(c.name, c.run, help=c.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for c in self._commands():
            score = matcher.match(c.name)
            if score > 0:
                yield Hit(score, matcher.highlight(c.name), c.run, text=c.name, help=c.help)


def game_commands() -> type[Provider]:
    """`GameCommands` for `App.COMMANDS` (Textual calls this when the palette opens)."""
    return GameCommands


__all__ = [
    "TABLE_COMMANDS",
    "Command",
    "GameCommands",
    "commands_for",
    "footer_commands",
    "game_commands",
    "table_commands",
]
