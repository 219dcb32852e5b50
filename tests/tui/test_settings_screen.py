"""The settings screen: ``o`` at the new-game screen; bot delay, trick pause,
card order, auto-play of a forced card, theme, ASCII and the table's keys, saved atomically
in settings.json (each key checked when read back), every field refused in place with
the values allowed, and used at once and at the next start."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Select
from tui_helpers import SIZE, VARIANTS, app_for, app_from_flags, make_app, preplay, settle, table, text_of

from pinochle_tui.keymap import full_keymap
from pinochle_tui.render import Style, sorted_hand
from pinochle_tui.screens.dialogs import QuitScreen
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.settings import SettingsScreen, key_name, keys_problem, remappable
from pinochle_tui.settings import Settings
from rules import Phase, parse_cards


@pytest.fixture(autouse=True)
def style() -> Iterator[None]:
    """The drawing settings are the app's class-wide `Style`: back to the defaults."""
    yield
    Style.ascii = False
    Style.card_order = "trump"


def settings_file(home: Path) -> Path:
    return home / "config" / "settings.json"


async def open_settings(pilot: Any) -> SettingsScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewGameScreen)
    await pilot.press("o")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


def fill(screen: SettingsScreen, **values: Any) -> None:
    for field, value in values.items():
        widget = screen.query_one(f"#set-{field.replace('_', '-')}")
        widget.value = value  # type: ignore[attr-defined]


async def test_o_opens_the_settings_with_the_values_in_use(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.active_bindings["o"].binding.description == "settings"  # in the footer
        screen = await open_settings(pilot)
        # the saved delays (the defaults); the flags' (tests: 0) are for this run only, said above
        assert screen.query_one("#set-bot-delay", Input).value == "0.6"
        assert screen.query_one("#set-trick-delay", Input).value == "1"
        assert screen.query_one("#set-card-order", Select).value == "trump"
        assert screen.query_one("#set-auto-forced", Select).value is False
        assert screen.query_one("#set-ascii", Select).value is False
        assert screen.query_one("#set-theme", Select).value == app.theme
        assert screen.query_one("#set-key-hint", Input).placeholder == "i"
        assert screen.query_one("#set-key-help", Input).placeholder == "?"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
    assert not settings_file(home).exists()  # leaving with Esc writes nothing


async def test_saved_atomically_used_at_once_and_at_the_next_start(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        fill(
            screen,
            bot_delay="2.5",
            trick_delay="0",
            card_order="rank",
            auto_forced=True,
            theme="textual-light",
            ascii=True,
            key_hint="f6",
            key_auto="ctrl+a, f5",
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        # used at once
        assert (app.bot_delay, app.trick_delay, app.theme) == (2.5, 0.0, "textual-light")
        assert (Style.card_order, Style.ascii) == ("rank", True)
        assert app.screen.query_one("#ng-delay", Input).value == "2.5"  # the new-game fields follow
        assert app.screen.query_one("#ng-trick-delay", Input).value == "0"
        assert app._keymap == full_keymap({"hint": "f6", "auto": "ctrl+a,f5"})  # with what follows them
    data = json.loads(settings_file(home).read_text(encoding="utf-8"))
    assert {k: v for k, v in data.items() if k != "last"} == {
        "bot_delay": 2.5,
        "trick_delay": 0.0,
        "think": 1.0,  # the think field left as it was (kept like the delays)
        "card_order": "rank",
        "auto_play_forced": True,
        "ascii": True,
        "theme": "textual-light",
        "keys": {"hint": "f6", "auto": "ctrl+a, f5"},
    }
    assert not list(settings_file(home).parent.glob(".settings.json.*.tmp"))  # no temporary left
    Style.ascii, Style.card_order = False, "trump"
    again = app_from_flags(bot_delay=None, trick_delay=None)
    assert (again.bot_delay, again.trick_delay, again.settings.problem) == (2.5, 0.0, None)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert (again.theme, Style.card_order, Style.ascii) == ("textual-light", "rank", True)
        assert again._keymap == full_keymap({"hint": "f6", "auto": "ctrl+a,f5"})


# each seconds field's refusal ends with an example and what the field is, as on the new-game screen
BOT = "e.g. 0.6 (the pause before each bot move)."
TRICK = "e.g. 1 (how long a won trick stays shown)."
THINK = "e.g. 1 (the expert bot's time per decision)."
PLAIN = "in plain decimal digits"

REFUSED = [
    ("bot_delay", "11", f"Bot delay '11' is not allowed: give 0 to 10 seconds, {BOT}"),
    ("bot_delay", "nan", f"Bot delay 'nan' is not allowed: give 0 to 10 seconds, {BOT}"),
    ("trick_delay", "-1", f"Trick pause '-1' is not allowed: give 0 to 10 seconds, {TRICK}"),
    ("trick_delay", "1e400", f"Trick pause '1e400' is not allowed: give 0 to 10 seconds, {TRICK}"),
    ("think", "x" * 30, f"Expert think '{'x' * 23}…' is not allowed: give 0.05 to 10 seconds, {THINK}"),
    # what float() reads and the command line's seconds options refuse (`cli_common.decimal_seconds`)
    # (numbers: written in plain decimal digits, the refusal says, as the command line's)
    ("bot_delay", "1e-1", f"Bot delay '1e-1' is not allowed: give 0 to 10 seconds {PLAIN}, {BOT}"),
    ("trick_delay", "1_0", f"Trick pause '1_0' is not allowed: give 0 to 10 seconds {PLAIN}, {TRICK}"),
    ("think", "+1", f"Expert think '+1' is not allowed: give 0.05 to 10 seconds {PLAIN}, {THINK}"),
    ("think", "\u0661", f"Expert think '\u0661' is not allowed: give 0.05 to 10 seconds {PLAIN}, {THINK}"),
    ("key_hint", "f99", "Key 'f99' for hint is not a key (did you mean f9?): give one character or a key's "
     "name (f1-f12, space, enter, tab, up, pageup, ...), with ctrl+, alt+ or shift+ before it if you like; "
     "several keys with commas."),
    ("key_hint", "ctrl+Entr", "Key 'ctrl+Entr' for hint is not a key (did you mean ctrl+enter?): give one "
     "character or a key's name (f1-f12, space, enter, tab, up, pageup, ...), with ctrl+, alt+ or shift+ before "
     "it if you like; several keys with commas."),
    ("key_hint", "zzz", "Key 'zzz' for hint is not a key: give one character or a key's name (f1-f12, "
     "space, enter, tab, up, pageup, ...), with ctrl+, alt+ or shift+ before it if you like; several keys "
     "with commas."),
    ("key_auto", "i", "Key 'i' for play for me is already the key of hint; give another, or remap hint too."),
    ("key_quit", "ctrl+q", "Key 'ctrl+q' for quit is kept for quitting; give another."),
    ("key_tricks", "r", "Key 'r' for tricks is kept for the review on a hand's result; give another."),
    ("key_undo", "g,,y", "Keys 'g,,y' for undo have an empty key between commas: give a key on each side of "
     "every comma."),
    ("key_hint", "i,", "Keys 'i,' for hint have an empty key between commas: give a key on each side of "
     "every comma."),
]  # fmt: skip


@pytest.mark.parametrize(("field", "typed", "line"), REFUSED)
async def test_each_field_is_refused_in_place(home: Path, field: str, typed: str, line: str) -> None:
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        fill(screen, **{field: typed})
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # still open
        assert text_of(screen.query_one("#set-error")) == line
        assert screen.focused is screen.query_one(f"#set-{field.replace('_', '-')}")
        assert app.bot_delay == 0 and app._keymap == full_keymap({})
    assert not settings_file(home).exists()


async def test_every_wrong_field_is_refused_at_once(home: Path) -> None:
    """A bot delay 'abc' and a trick pause '-2' (and a key that is none): ctrl+s said the
    first only, and the second once that was put right and saved again.  Every refusal is
    said at once, each wrong field marked, the first focused; put one right and the others
    are still said."""
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        fill(screen, bot_delay="abc", trick_delay="-2", key_hint="zzz")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        bot = f"Bot delay 'abc' is not allowed: give 0 to 10 seconds, {BOT}"
        trick = f"Trick pause '-2' is not allowed: give 0 to 10 seconds, {TRICK}"
        key = "Key 'zzz' for hint is not a key: give one character or a key's name (f1-f12, space, enter, tab, "
        key += "up, pageup, ...), with ctrl+, alt+ or shift+ before it if you like; several keys with commas."
        assert text_of(screen.query_one("#set-error")).split("\n") == [bot, trick, key]
        assert screen.focused is screen.query_one("#set-bot-delay")
        marked = [f.id for f in screen.query(".set-field").results(Input) if f.has_class("-invalid")]
        assert marked == ["set-bot-delay", "set-trick-delay", "set-key-hint"]
        fill(screen, bot_delay="0.2", key_hint="")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert text_of(screen.query_one("#set-error")) == trick
        assert screen.focused is screen.query_one("#set-trick-delay")
        marked = [f.id for f in screen.query(".set-field").results(Input) if f.has_class("-invalid")]
        assert marked == ["set-trick-delay"]
    assert not settings_file(home).exists()


async def test_an_empty_seconds_field_saves_its_default(home: Path) -> None:
    """A delay (or the think) field left empty is its default, as on the new-game screen,
    and its placeholder says so; it was refused ("Bot delay is empty: ...")."""
    assert Settings(bot_delay=2.5, trick_delay=3.0, think=2.0).save() is None
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        placeholders = [screen.query_one(f"#set-{f}", Input).placeholder for f in ("bot-delay", "trick-delay", "think")]
        assert placeholders == ["empty: the default, 0.6", "empty: the default, 1", "empty: the default, 1"]
        fill(screen, bot_delay="", trick_delay=" ", think="")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)  # saved and closed: nothing refused
        assert (app.bot_delay, app.trick_delay, app.settings.think) == (0.6, 1.0, 1.0)
    saved = json.loads(settings_file(home).read_text())
    assert (saved["bot_delay"], saved["trick_delay"], saved["think"]) == (0.6, 1.0, 1.0)


def test_key_names() -> None:
    assert [key_name(k) for k in ("f5", "?", "ctrl+a", "shift+tab", "x", "+", "space", "question_mark")] == [
        "f5", "question_mark", "ctrl+a", "shift+tab", "x", "plus", "space", "question_mark",
    ]  # fmt: skip
    assert [key_name(k) for k in ("f99", "ctrl+", "ctrl+ctrl+a", "hyperspace", "", " ", "\x1b", "win+a")] == [None] * 8
    table = remappable()
    assert [bid for bid, _, _ in table] == [
        "continue", "play", "bid", "confirm", "choose", "pick", "raise", "lower", "pass_bid",
        "auto", "hint", "undo", "tricks", "melds", "help", "quit",
    ]  # fmt: skip
    # two actions swapped: each takes the other's key
    assert keys_problem({"hint": "a", "auto": "i"}, table) is None
    assert keys_problem({"hint": "f6", "undo": "f6"}, table) == (
        "undo", "key 'f6' for undo is already the key of hint; give another",
    )  # fmt: skip
    # an upper-case letter is that letter with shift, as Textual delivers it
    assert keys_problem({"hint": "I", "undo": "shift+i"}, table) == (
        "undo", "key 'shift+i' for undo is already the key of hint; give another",
    )  # fmt: skip
    assert keys_problem({"hint": "ctrl+shift+a", "undo": "ctrl+A"}, table) == (
        "undo", "key 'ctrl+A' for undo is already the key of hint; give another",
    )  # fmt: skip
    assert keys_problem({"hint": "I", "undo": "i"}, table) is None  # i is not Shift+I


def test_the_file_checks_the_new_settings_key_by_key(home: Path) -> None:
    path = settings_file(home)
    path.parent.mkdir(parents=True)
    raw = json.dumps(
        {"card_order": "diagonal", "auto_play_forced": "yes", "ascii": 1, "theme": "Bad Theme!", "bot_delay": 2}
    ).encode()
    path.write_bytes(raw)
    s = Settings.load()
    assert (s.card_order, s.auto_play_forced, s.ascii, s.theme, s.bot_delay) == ("trump", False, False, "", 2.0)
    assert s.problem == (
        f"{path}: card_order is 'diagonal', not one of trump, suit, rank; "
        "auto_play_forced is 'yes', not true or false; ascii is 1, not true or false; "
        "theme is 'Bad Theme!', not a theme's name (letters, digits and -, "
        'e.g. "textual-light"; "" for the default); '
        "the game uses the defaults for that, and the file was kept as settings.json.bad"
    )
    assert path.with_name("settings.json.bad").read_bytes() == raw
    good = {"card_order": "suit", "auto_play_forced": True, "ascii": False, "theme": "nord"}
    path.write_text(json.dumps(good), encoding="utf-8")
    s = Settings.load()
    assert (s.card_order, s.auto_play_forced, s.ascii, s.theme, s.problem) == ("suit", True, False, "nord", None)


async def test_an_unreadable_file_is_kept_and_the_settings_still_apply(home: Path) -> None:
    settings_file(home).mkdir(parents=True)  # a directory where the file should be
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        fill(screen, bot_delay="3")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.bot_delay == 3  # for this run
        assert [str(n.message) for n in app._notifications][-1] == (
            f"Settings not saved: {settings_file(home)} was not written: the file as it was is kept "
            "(see the notice at start-up)"
        )
    assert settings_file(home).is_dir()


async def test_a_failed_write_is_said(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pinochle_tui.settings as settings_module

    def refuse(path: Path, data: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(settings_module, "atomic_write", refuse)
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        fill(screen, card_order="suit")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert Style.card_order == "suit"
        assert [str(n.message) for n in app._notifications][-1] == (
            f"Settings not saved: {settings_file(home)} could not be written (No space left on device)"
        )
    assert not settings_file(home).exists()


def test_the_card_orders() -> None:
    hand = parse_cards("9S AH TD KS QC AS JH 9D TC")
    heart = 1
    shown = {}
    for order in ("trump", "suit", "rank"):
        Style.card_order = order
        shown[order] = Style.cards(sorted_hand(hand, heart))
    assert shown == {
        "trump": "A♥ J♥ A♠ K♠ 9♠ 10♦ 9♦ 10♣ Q♣",
        "suit": "A♠ K♠ 9♠ A♥ J♥ 10♦ 9♦ 10♣ Q♣",
        "rank": "A♠ A♥ 10♦ 10♣ K♠ Q♣ J♥ 9♠ 9♦",
    }


async def test_the_table_draws_the_hand_in_the_chosen_order(home: Path) -> None:
    app = make_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        view = t.the_view()
        Style.card_order = "rank"
        ranks = [c % 6 for c in t.display_hand(view)]
        assert ranks == sorted(ranks)


async def test_a_card_order_saved_at_the_table_sorts_the_hand_at_once(home: Path) -> None:
    """The settings opened over the table (the command palette's "Settings") and saved
    with another card order: the hand is drawn in it at once, not only after the next move
    (the table's facts of an unchanged state were kept with the hand sorted the old way)."""
    app = make_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        before = str(t.query_one("#hand").render()).split()
        app.push_screen(SettingsScreen())
        await settle(pilot)
        fill(app.screen, card_order="rank")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is t
        after = str(t.query_one("#hand").render()).split()
        assert sorted(after) == sorted(before) and after != before
        assert after == Style.cards(sorted_hand(t.the_view().hand, None)).split()


def test_a_new_card_order_keeps_the_cards_picked() -> None:
    """Cards picked to pass or bury stay picked, by card, when the hand is sorted anew."""
    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.table.build import seat_facts

    v = VARIANTS["double-deck"]  # cards held twice: each copy keeps its own pick
    c = Controller(v, default_seats(v.players, ["human"] + ["random"] * (v.players - 1)), seed=5)
    first = seat_facts(c, 0)
    hand = first.hand
    twice = next(i for i in range(len(hand) - 1) if hand[i] == hand[i + 1])
    picks = frozenset({twice, twice + 1, len(hand) - 1 if twice + 2 < len(hand) else 0})
    Style.card_order = "rank"
    again = seat_facts(c, 0, before=first._replace(picked=picks, bid_index=2))
    assert again.hand != hand and sorted(again.hand) == sorted(hand)
    assert sorted(again.hand[i] for i in again.picked) == sorted(hand[i] for i in picks)
    assert len(again.picked) == 3 and again.bid_index == 2


def forced(c: Any) -> bool:
    """South (the human) to play, with one legal card, before the last trick."""
    return (
        c.round.phase is Phase.TRICKS
        and c.round.to_act == 0
        and not c.needs_meld_ack
        and len(c.legal()) == 1
        and len(c.view(0).hand) > 1
    )


@pytest.mark.parametrize("auto", [False, True])
async def test_auto_play_of_a_forced_card(home: Path, auto: bool) -> None:
    """With the setting on, the human's only legal card is played without a key; off (the
    default), the table waits for the key."""
    seed = next(s for s in range(200) if _reaches(s))
    c = preplay("partnership", "human,random,random,random", seed, forced)
    (only,) = c.legal()
    n = len(c.actions)
    app = app_for(c)
    app.settings.auto_play_forced = auto
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        if auto:
            assert c.actions[n] == only  # played by itself
            await settle(pilot)
            await pilot.press("u")  # taken back: now it waits for its key
            await pilot.pause(0.2)
            assert len(c.actions) == n and table(app).my_turn()
        else:
            assert len(c.actions) == n and table(app).my_turn()  # waits for the key
            await pilot.press("enter")
            await pilot.pause()
            assert c.actions[n] == only


def _reaches(seed: int) -> bool:
    try:
        preplay("partnership", "human,random,random,random", seed, forced)
    except AssertionError:
        return False
    return True


def test_the_remappable_keys_are_the_tables() -> None:
    """`TABLE_KEYS` is the table's footer bindings (id, description, keys), in order; the
    host's keys, shown only while its table waits for someone, and Esc, shown while a hint
    thinks (a fixed key), are not a player's to remap."""
    from textual.binding import Binding

    from pinochle_tui.screens.table import TableScreen

    shown: dict[str, tuple[str, str, str]] = {}
    for b in TableScreen.BINDINGS:
        if isinstance(b, Binding) and b.id and b.show and b.id not in TableScreen.HOST_KEYS | TableScreen.FIXED_SHOWN:
            shown.setdefault(b.id, (b.id, b.description, b.key))
    assert remappable() == list(shown.values())


def test_the_tables_fixed_keys_are_kept_from_remaps() -> None:
    """`FIXED_TABLE_KEYS` is every key of the table's bindings that is not a player's to
    remap (neither a remappable action nor a binding that follows one, `COMPANIONS`):
    movement, the option digits, Esc, the misdeal's x, the host's b and w; a remap onto
    one is refused with what the key does."""
    from textual.binding import Binding

    from pinochle_tui.keymap import COMPANIONS
    from pinochle_tui.screens.table import TableScreen
    from pinochle_tui.settings import FIXED_TABLE_KEYS

    movable = {bid for bid, _desc, _keys in remappable()} | set(COMPANIONS)
    fixed = {
        key_name(k.strip()) or k.strip()
        for b in TableScreen.BINDINGS
        if isinstance(b, Binding) and b.id not in movable
        for k in b.key.split(",")
    }
    assert fixed == set(FIXED_TABLE_KEYS)
    assert keys_problem({"hint": "h"}, remappable()) == (
        "hint",
        "key 'h' for hint is kept for moving along your hand; give another",
    )
    assert keys_problem({"tricks": "w"}, remappable()) == (
        "tricks",
        "key 'w' for tricks is kept for the lines to join a hosted table; give another",
    )
    assert keys_problem({"auto": "x"}, remappable()) == (
        "auto",
        "key 'x' for play for me is kept for calling a misdeal; give another",
    )
    assert keys_problem({"melds": "3"}, remappable())[1].endswith(
        "kept for choosing an option by its number; give another"
    )  # type: ignore[index]
    assert keys_problem({"melds": "g"}, remappable()) is None


def test_a_keys_name_is_read_in_any_case() -> None:
    """``F1`` is the rules' key as ``f1`` is (it was refused as "not a key"), ``Ctrl+PageUp``
    a key; one character keeps its case."""
    assert key_name("F1") == "f1" and key_name("Ctrl+PageUp") == "ctrl+pageup" and key_name("ENTER") == "enter"
    assert key_name("A") == "A" and key_name("a") == "a" and key_name("Shift+") is None and key_name("Fx") is None
    assert keys_problem({"hint": "F1"}, remappable()) == (
        "hint",
        "key 'F1' for hint is kept for the rules; give another",
    )


async def test_opening_the_settings_styles_each_widget_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Building a screen styles each widget as it is mounted and no more: Textual restyled a
    widget at each class set while it was still being built (no screen held it yet) and the
    whole screen again at its first resume, a moment after styling it (half the stylesheet's
    work of opening the settings screen, the key storm's costliest step).  A widget whose
    classes do not change after it is mounted (every label) is styled once."""
    from collections import Counter

    from textual.css.stylesheet import Stylesheet
    from textual.widgets import Label

    styled: Counter[int] = Counter()
    unattached: list[str] = []
    apply = Stylesheet.apply

    def counted(sheet: Stylesheet, node: Any, *args: Any, **kwargs: Any) -> Any:
        styled[id(node)] += 1
        if not node.is_attached:
            unattached.append(type(node).__name__)
        return apply(sheet, node, *args, **kwargs)

    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Stylesheet, "apply", counted)
        screen = await open_settings(pilot)
        labels = list(screen.query(Label))
        assert len(labels) > 20
        assert {styled[id(label)] for label in labels} == {1}
        assert unattached == []


async def test_a_key_storm_over_the_settings_screen(home: Path, quick_idle: None) -> None:
    """Seeded random keys over the new-game and settings screens (typing into the fields,
    saving, leaving, opening the lists): nothing raises, what is saved is always valid."""
    import random

    rng = random.Random(12)
    keys = ["o", "tab", "shift+tab", "enter", "ctrl+s", "escape", "1", "x", "f", "5", "backspace"]
    keys += ["up", "down", "space", "comma", "full_stop", "minus", "ctrl+a"]
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen = set()
        for n in range(120):
            if not app.is_running:
                break
            seen.add(type(app.screen).__name__)
            if isinstance(app.screen, QuitScreen):
                # (the quit question stays over screens that replace those under it: asked
                # to stay, the storm goes on under it)
                await pilot.press("n")
                await pilot.pause()
                continue
            if not isinstance(app.screen, (NewGameScreen, SettingsScreen)):
                app.action_new_game()  # a game was started (Enter): back to the screens under test
                await pilot.pause()
                continue
            await pilot.press(rng.choice(keys))
            if n % 25 == 0:
                await pilot.pause()
        assert "SettingsScreen" in seen
        await pilot.pause()
    s, wrong = Settings.from_bytes(settings_file(home).read_bytes())  # saved at least once
    assert wrong == []
    assert 0 <= s.bot_delay <= 10 and 0 <= s.trick_delay <= 10


async def test_a_key_typed_twice_for_one_action_is_saved_once(home: Path) -> None:
    """``i,i`` (or ``f6, F6``: one key, as `key_name` reads it) for one action was saved as
    typed; it is one key: saved once, the first spelling kept, the keys' order kept."""
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        fill(screen, key_hint="i,i", key_auto="f6, ctrl+a, F6,f6", key_help="?,question_mark")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        once = {"hint": "i", "auto": "f6,ctrl+a", "help": "?"}
        assert (app.settings.keys, app._keymap) == (once, full_keymap(once))
        await open_settings(pilot)
        assert app.screen.query_one("#set-key-auto", Input).value == "f6,ctrl+a"  # shown as it is kept
    assert json.loads(settings_file(home).read_text(encoding="utf-8"))["keys"] == once


def test_a_key_written_twice_for_one_action_in_the_file_is_read_once(home: Path) -> None:
    path = settings_file(home)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"keys": {"hint": "i,i", "auto": "F5, ctrl+a ,f5", "undo": "u, g"}}), encoding="utf-8")
    s = Settings.load()
    # not a problem (nothing is refused): the key is simply one key; a remap without a repeat is kept as written
    assert (s.keys, s.problem) == ({"hint": "i", "auto": "F5,ctrl+a", "undo": "u, g"}, None)
    assert Settings(keys={"hint": "i, i"}).keys == {"hint": "i"}


async def test_down_and_up_move_between_the_fields(home: Path) -> None:
    """↓ and ↑ move between the fields, as on the new-game screen (↓ did nothing there, so
    a letter typed after it went into the bot delay)."""
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        delay = screen.query_one("#set-bot-delay", Input)
        screen.set_focus(delay)
        await pilot.pause()
        await pilot.press("down", "x")
        await pilot.pause()
        pause = screen.query_one("#set-trick-delay", Input)
        assert screen.focused is pause and "x" not in delay.value and pause.value.endswith("x")
        await pilot.press("up")
        await pilot.pause()
        assert screen.focused is delay


FIRST_FIELDS = [
    "set-bot-delay", "set-trick-delay", "set-think", "set-card-order", "set-auto-forced", "set-theme", "set-ascii",
    "set-key-continue", "set-key-play",
]  # fmt: skip
"""The settings form's first fields in order: text fields, then lists, then text fields again."""


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_down_and_up_go_from_field_to_field_through_text_fields_and_lists_at_small_sizes(
    home: Path, size: tuple[int, int]
) -> None:
    """Where the form is taller than the terminal, ↓ in a text field scrolled the page a row
    and kept the focus, and ↓ or ↑ on a list opened it: each key goes to the next or
    previous field, no list opened, the page never scrolled by a row; Enter and Space
    still open a list."""
    app = app_from_flags()
    async with app.run_test(size=size) as pilot:
        screen = await open_settings(pilot)
        body = screen.query_one("#set-body")
        assert screen.focused is not None and screen.focused.id == FIRST_FIELDS[0]
        went = []
        for _ in FIRST_FIELDS[1:]:
            await pilot.press("down")
            await pilot.pause()
            assert not any(s.expanded for s in screen.query(Select))
            went.append(screen.focused.id if screen.focused else None)
        assert went == FIRST_FIELDS[1:]
        back = []
        for _ in FIRST_FIELDS[1:]:
            await pilot.press("up")
            await pilot.pause()
            back.append(screen.focused.id if screen.focused else None)
        assert back == FIRST_FIELDS[-2::-1]
        assert body.scroll_y == 0
        theme = screen.query_one("#set-theme", Select)
        for key in ("enter", "space"):
            screen.set_focus(theme)
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert theme.expanded
            await pilot.press("escape")
            await pilot.pause()
            assert not theme.expanded and isinstance(app.screen, SettingsScreen)


async def test_an_open_list_keeps_down_and_up_as_its_own(home: Path) -> None:
    """↓ in an open list moves in the list, not to the next field (as on the new-game
    screen): the theme list opened and ↓ pressed, it is still the theme's choice that moves."""
    from textual.widgets import Select

    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        theme = screen.query_one("#set-theme", Select)
        screen.set_focus(theme)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert theme.expanded
        assert screen.check_action("field", (1,)) is False
        await pilot.press("down")
        await pilot.pause()
        assert theme.expanded and screen.focused is not None and theme in screen.focused.ancestors_with_self


async def test_left_and_right_step_a_list_field_and_the_field_in_focus_stands_out(home: Path) -> None:
    # as on the new-game form: ←→ change a list's value without opening it
    app = app_from_flags()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        auto = screen.query_one("#set-auto-forced", Select)
        order = screen.query_one("#set-card-order", Select)
        auto.focus()
        await pilot.pause()
        await pilot.press("left")  # yes, before no
        await pilot.pause()
        assert auto.value is True and not auto.expanded
        await pilot.press("right")
        await pilot.pause()
        assert auto.value is False
        # in focus: the accent behind its value, bold; out of focus: neither
        shown, other = auto.query_one("SelectCurrent"), order.query_one("SelectCurrent")
        assert shown.styles.text_style.bold and not other.styles.text_style.bold
        assert shown.styles.background != other.styles.background
