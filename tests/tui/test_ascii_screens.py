"""``--ascii`` means ASCII everywhere (the command palette's 🔎 and a
scroll bar's ▎ were still sent): the screens a player opens (new game, the palette over
it and over the table, statistics, settings, house rules, the table, help) are sent
with no character above 127, and none of them needed the last resort of
`render.ascii_cells` (a glyph missing from `ASCII_CELLS`, sent as ``?``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_stats_screen import one_game
from test_terminal_modes import non_ascii, screen_text
from textual._border import BORDER_CHARS
from textual.command import CommandPalette
from textual.scrollbar import ScrollBarRender
from tui_helpers import VARIANTS, make_app, settle

from pinochle_tui import render
from pinochle_tui.app import PinochleApp
from pinochle_tui.render import Style, ascii_cells


@pytest.fixture(autouse=True)
def fresh() -> Any:
    getattr(render, "UNMAPPED", set()).clear()
    yield
    Style.ascii = False
    Style.color = True


def textual_glyphs() -> set[str]:
    """What Textual draws by itself: every kind of border, both scroll bars' blocks, the
    palette's search icon."""
    out = {ch for kind in BORDER_CHARS.values() for row in kind for ch in "".join(row)}
    out |= set("".join(ScrollBarRender.VERTICAL_BARS + ScrollBarRender.HORIZONTAL_BARS))
    return (out | {"🔎"}) - {" "}


def test_every_glyph_textual_draws_has_its_ascii_cells() -> None:
    for glyph in sorted(textual_glyphs()):
        sent = ascii_cells(glyph)
        assert sent.isascii() and len(sent) == render.cell_len(glyph), glyph
    assert not render.UNMAPPED, render.UNMAPPED
    assert ascii_cells("🔎 search ▕▉▊▋▌▍▎▏") == ">  search |###||||"


def test_a_character_the_table_lacks_is_still_sent_as_ascii() -> None:
    assert ascii_cells("Ann🙂 José ⏎") == "Ann?? Jose ?"
    assert sorted(render.UNMAPPED) == ["⏎", "🙂"]


async def visit(pilot: Any, seen: dict[str, str], label: str, *keys: str) -> None:
    if keys:
        await pilot.press(*keys)
    await pilot.pause()
    if isinstance(pilot.app.screen, CommandPalette):
        await pilot.pause(0.2)  # the palette lists its commands in the background
    seen[label] = screen_text(pilot.app)


def sent_in_ascii(seen: dict[str, str]) -> None:
    assert {label: non_ascii(text) for label, text in seen.items()} == {label: set() for label in seen}
    assert not render.UNMAPPED, render.UNMAPPED


async def test_the_new_game_screens_are_sent_in_ascii(home: Path) -> None:
    """The new-game screen, the palette over it, statistics, settings, house rules."""
    one_game()
    seen: dict[str, str] = {}
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await visit(pilot, seen, "new game")
        await visit(pilot, seen, "palette", "ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        await visit(pilot, seen, "statistics", "escape", "s")
        await visit(pilot, seen, "settings", "escape", "o")
        assert type(app.screen).__name__ == "SettingsScreen"
        await visit(pilot, seen, "house rules", "escape", "h", "left")  # a value changed: marked
        assert type(app.screen).__name__ == "HouseRulesScreen"
        await visit(pilot, seen, "preset name", "ctrl+s")
        assert type(app.screen).__name__ == "PresetNameScreen"
    sent_in_ascii(seen)
    assert any(line.lstrip().startswith("> ") for line in seen["palette"].splitlines())  # 🔎, two cells


async def test_the_table_screens_are_sent_in_ascii(home: Path) -> None:
    """The table, the palette over it, help."""
    seen: dict[str, str] = {}
    app = make_app(seed=1, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await visit(pilot, seen, "table")
        await visit(pilot, seen, "palette at the table", "ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        await visit(pilot, seen, "help", "escape", "question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
    sent_in_ascii(seen)
