"""The table's footer at 80 columns with the keys remapped: with
``play for me`` on f5 the auction's footer left out ``f5 play for me``.  Textual's keymap
moves a remapped binding, and every one that shared a key with it, to the end of the
active bindings, so the footer's order of importance was lost (``undo`` came before
``bid``) and the fitting, which leaves keys out from the last, left out the remapped key.
Now the footer keeps the bindings' declared order whatever the keymap, and draws the keys
tight, then makes words shorter, before it leaves a key out: at 80x24 every key that acts
now is shown, remapped or not, in symbols and in ASCII mode (with the default keys in
their whole words)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tui_helpers import EVERY_REMAPPED, make_app, settle

from pinochle_tui.keymap import Bound
from pinochle_tui.render import Style
from pinochle_tui.settings import Settings
from pinochle_tui.widgets import FooterItem, KeysFooter, fit_keys, footer_items

SEATS = "human,random,random,random"
EVERY = EVERY_REMAPPED


@pytest.fixture(autouse=True)
def _back() -> Iterator[None]:
    yield
    Bound.remaps = {}
    Style.ascii = False


def shown(app: Any) -> list[tuple[str, str]]:
    """The footer's keys as drawn, each checked against the footer's text at its columns."""
    footer = app.screen.query_one(KeysFooter)
    text = footer.render().plain
    out = []
    for item, a, b in footer.shown():
        drawn = text[a - footer.region.x : b - footer.region.x].strip().lstrip("▏")
        assert drawn == f"{item.key_display} {item.description}", (drawn, item)
        assert b <= 80
        out.append((item.key_display, item.description))
    return out


async def auction(remaps: dict[str, str], ascii: bool = False) -> tuple[list[tuple[str, str]], list[FooterItem]]:
    app = make_app("partnership", SEATS, seed=11, settings=Settings(keys=remaps), ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        return shown(app), footer_items(app.screen)


@pytest.mark.parametrize(
    ("remaps", "ascii", "expected"),
    [
        (
            {"auto": "f5"},
            False,
            "⏎ bid|↑ raise|↓ lower|p pass|f5 auto|i hint|m meld|? help|q quit|^p menu",
        ),
        (
            {"auto": "f5", "hint": "f6"},
            True,
            "enter bid|up +|down -|p pass|f5 auto|f6 hint|m meld|? help|q quit|^p menu",
        ),
        (
            {},
            False,
            "⏎ bid|↑ raise|↓ lower|p pass|a auto|i hint|m meld|? help|q quit|^p menu",
        ),
    ],
)
async def test_every_key_that_acts_is_in_the_80_column_auction_footer(
    remaps: dict[str, str], ascii: bool, expected: str
) -> None:
    keys, items = await auction(remaps, ascii)
    assert [f"{k} {d}" for k, d in keys] == expected.split("|")
    # every key that acts now (all but the greyed-out undo and tricks: nothing to undo
    # before a bid, no trick played yet)
    assert [i.action for i in items if not i.disabled] == [
        "bid", "raise", "lower", "pass_bid", "auto", "hint", "melds", "help", "quit_game", "command_palette",
    ]  # fmt: skip


async def test_a_remap_keeps_the_footers_order() -> None:
    """The order of the footer's keys is the bindings' as declared, remapped or not: with
    f5 for play for me, ``undo`` came before ``bid`` and ``play for me`` after it (undo is
    not there at the first bid: nothing to take back yet)."""
    _keys, plain = await auction({})
    _keys, remapped = await auction({"auto": "f5", "hint": "f6"})
    assert [i.action for i in remapped] == [i.action for i in plain]
    assert [i.key_display for i in remapped][:7] == ["⏎", "↑", "↓", "p", "f5", "f6", "t"]


async def test_every_key_remapped_at_80_columns() -> None:
    """Every table key on another key, ASCII mode: the keys tight, the words made short;
    every key that acts now is shown (the greyed tricks left out, nothing played yet)."""
    keys, _items = await auction(EVERY, ascii=True)
    expected = "b bid|w +|s -|f9 pass|f10 auto|f6 hint|f7 meld|f1 help|f12 quit|^p menu"
    assert [f"{k} {d}" for k, d in keys] == expected.split("|")


def key(k: str, d: str, action: str, disabled: bool = False, palette: bool = False) -> FooterItem:
    return FooterItem(k, k, d, action, disabled=disabled, palette=palette)


def test_fit_keys_makes_words_short_before_it_leaves_a_key_out() -> None:
    keys = [
        key("⏎", "play card", "play"),
        key("f5", "auto", "auto"),
        key("u", "undo", "undo", disabled=True),
        key("t", "tricks", "tricks"),
        key("?", "help", "help"),
        key("q", "quit", "quit_game"),
        key("^p", "menu", "command_palette", palette=True),
    ]
    # widths: 13, 9, 8, 10, 8, 8, 9 = 65
    words = [(k.key_display, k.description, k.tight) for k in fit_keys(keys, 65)]
    assert words == [(k.key_display, k.description, False) for k in keys]
    words = [(k.description, k.tight) for k in fit_keys(keys, 57)]  # the greyed undo left out: 57
    assert words == [(d, False) for d in ("play card", "auto", "tricks", "help", "quit", "menu")]
    # tight: one cell less a key but the palette's (52), and one kept before the palette's
    # bar (53), the words whole
    words = [(k.description, k.tight) for k in fit_keys(keys, 53)]
    assert words == [
        ("play card", True),
        ("auto", True),
        ("tricks", True),
        ("help", True),
        ("quit", True),
        ("menu", False),
    ]
    # then shorter words from the last: play card to play (48)
    assert [k.description for k in fit_keys(keys, 52)] == ["play", "auto", "tricks", "help", "quit", "menu"]
    assert [k.description for k in fit_keys(keys, 48)] == ["play", "auto", "tricks", "help", "quit", "menu"]
    # then the last keys go, never help, quit or the palette's
    assert [k.description for k in fit_keys(keys, 47)] == ["play", "auto", "help", "quit", "menu"]
    assert [k.description for k in fit_keys(keys, 10)] == ["help", "quit", "menu"]
