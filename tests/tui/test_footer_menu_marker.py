"""The footer's command-palette key sits at its right end behind a bar (``▏^p menu``): the
keys before it, drawn tight for room (`widgets.fit_keys`), keep a space before the bar (at
80 columns they ran into it: ``q quit▏^p menu``)."""

from __future__ import annotations

import pytest
from tui_helpers import make_app, settle

from pinochle_tui import widgets
from pinochle_tui.widgets import FooterItem, KeysFooter, fit_keys, footer_width

MENU = FooterItem("ctrl+p", "^p", "menu", "command_palette", palette=True)


def keys_tight_to(width: int) -> list[FooterItem]:
    """Keys that fill ``width`` to the last cell, the palette's key too, once drawn tight."""
    keys = [FooterItem(c, c, "x" * 8, f"act_{c}") for c in "abcdef"]
    last = width - footer_width(MENU) - sum(footer_width(k._replace(tight=True)) for k in keys) - 3
    return [*keys, FooterItem("g", "g", "y" * last, "act_g"), MENU]


def test_fit_keys_leaves_a_cell_before_the_menu_key() -> None:
    keys = keys_tight_to(80)
    fitted = fit_keys(keys, 80)
    assert sum(footer_width(k) for k in fitted) + 1 <= 80
    assert fitted[-1] == MENU


async def test_the_footer_keeps_a_space_before_the_menu_marker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(widgets, "footer_items", lambda screen: keys_tight_to(80))
    app = make_app("two-hand", "human,standard", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(KeysFooter)
        footer.refresh()
        await pilot.pause()
        line = footer.render().plain
    assert "▏^p menu" in line and " ▏^p menu" in line and len(line) <= 80
