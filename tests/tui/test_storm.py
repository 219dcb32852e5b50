"""A seeded storm of random keys across every screen raises nothing."""

from __future__ import annotations

import random

from textual import events
from tui_helpers import VARIANTS, settle

from pinochle_tui.app import PinochleApp

# every key the app knows, and some it does not; never the ones that end the app
KEYS = [
    "left",
    "right",
    "up",
    "down",
    "h",
    "l",
    "k",
    "j",
    "enter",
    "space",
    "tab",
    "shift+tab",
    "p",
    "a",
    "i",
    "u",
    "t",
    "m",
    "n",
    "1",
    "2",
    "3",
    "4",
    "5",
    "0",
    "question_mark",
    "plus",
    "minus",
    "ctrl+s",
    "f1",
    "x",
    "z",
    "backspace",
    "delete",
    "home",
    "end",
    "pageup",
    "pagedown",
]


CHARS = {"space": " ", "question_mark": "?", "plus": "+", "minus": "-"}


async def test_random_key_storm(quick_idle: None) -> None:
    """1000 keys, fed as a terminal would (without waiting after each), settling every 25."""
    rng = random.Random(20261129)
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0)
    screens = set()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        screens.add(type(app.screen).__name__)
        for i in range(1000):
            key = rng.choice(KEYS)
            # Enter answers the quit question yes, and presses the game-over screen's Quit button
            # where the storm's Tab left the focus on it: the storm is not meant to quit
            if key == "enter" and type(app.screen).__name__ in ("QuitScreen", "GameOverScreen"):
                key = "n"
            if key in ("enter", "space") and type(app.screen).__name__ == "GameOverScreen":
                key = "n"  # (its focused Quit button ends the app, as it should: a new game instead)
            char = CHARS.get(key, key if len(key) == 1 else None)
            app._driver.send_message(events.Key(key, char))
            if i % 25 == 24:
                await pilot.pause()
                # every screen in the stack: a table under its hand's result counts as reached
                # (sampled on top alone, a storm that went past it between samples missed it)
                screens.update(type(s).__name__ for s in app.screen_stack)
            if i % 100 == 99:
                await settle(pilot, rounds=20)
        await settle(pilot)
        assert app.is_running
    assert {"NewGameScreen", "TableScreen"} <= screens, screens
