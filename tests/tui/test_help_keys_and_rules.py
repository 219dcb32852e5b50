"""The help's two parts, the keys and the rules of the variant: F1 opens the help at the
rules on every screen of the game (the help says so), `?` opens it at the keys, and F1
inside the help jumps between the two (the rules began some 45 lines down, under the keys).
The keys table names every key the table takes, the misdeal's ``x`` too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tui_helpers import SIZE, make_app, settle, table

from pinochle_tui.screens.dialogs import MISDEAL_KEYS, HangingRows, HelpScreen, key_help
from pinochle_tui.settings import TABLE_KEYS, keys_problem
from rules import Phase


def _top_of_view(help_screen: HelpScreen) -> str:
    """Which part of the help the top of its scroll view shows: "rules" or "keys"."""
    from textual.containers import VerticalScroll

    scroll = help_screen.query_one("#help-scroll", VerticalScroll)
    rules = help_screen.query_one("#help-rules")
    top = scroll.scroll_y
    start = rules.virtual_region.y
    return "rules" if top >= start else "keys"


async def test_f1_at_the_table_opens_the_help_at_the_rules() -> None:
    app = make_app("partnership", "human,random,random,random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.rules_first
        assert _top_of_view(app.screen) == "rules"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is t


async def test_question_mark_opens_the_keys_and_f1_jumps_to_the_rules_and_back() -> None:
    app = make_app("partnership", "human,random,random,random", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert _top_of_view(help_screen) == "keys"
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is help_screen  # a jump inside the help, not a second help
        assert _top_of_view(help_screen) == "rules"
        await pilot.press("f1")
        await pilot.pause()
        assert _top_of_view(help_screen) == "keys"


async def test_the_help_says_how_to_jump_on_its_close_line_and_footer() -> None:
    app = make_app("partnership", "human,random,random,random", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        close = str(app.screen.query_one("#overlay-close").content)
        assert close == "Esc, ?, Enter or q closes the help; ↑ ↓ scroll; F1 the rules."
        shown = {b.binding.key: b.binding.description for b in app.screen.active_bindings.values() if b.binding.show}
        assert shown.get("f1") == "rules"
        await pilot.press("f1")
        await pilot.pause()
        close = str(app.screen.query_one("#overlay-close").content)
        assert close == "Esc, ?, Enter or q closes the help; ↑ ↓ scroll; F1 the keys."
        shown = {b.binding.key: b.binding.description for b in app.screen.active_bindings.values() if b.binding.show}
        assert shown.get("f1") == "keys"


async def test_f1_on_the_hand_result_opens_the_rules() -> None:
    app = make_app("partnership", "human,random,random,random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        for _ in range(400):
            if t.ctrl.round.phase is Phase.DONE and app.screen is not t:
                break
            await pilot.press("enter" if t.ctrl.needs_meld_ack else "a")
            await settle(pilot)
        result = app.screen
        assert result is not t
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.rules_first
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is result


async def test_the_help_keys_name_f1_and_the_misdeal_key_where_a_hand_may_be_one() -> None:
    """``x`` claims a misdeal (§5.8, §0.4 item 23b): in the keys of the forms that have one."""
    rows = dict(key_help())
    assert rows["F1"] == "the rules of this variant, on any screen (in this help: jump to the rules and back)"
    for variant, misdeal in (("double-deck", True), ("partnership", False)):
        app = make_app(variant, "human,random,random,random", seed=5)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            await pilot.pause()
            keys = app.screen.query_one("#help-keys", HangingRows).content.plain
            rows = {line[:20].strip(): line[20:] for line in keys.splitlines() if line.startswith("  ")}
            assert ("x" in rows) is misdeal, variant
            if misdeal:
                assert rows["x"] == MISDEAL_KEYS[1]


def test_the_readme_keys_table_names_f1_and_the_misdeal_key() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    table_part = readme.split("### Keys at the table", 1)[1].split("\n\n", 2)[2]
    keys = re.findall(r"^\| (.+?) \|", table_part, flags=re.M)
    assert "F1" in keys
    assert "x" in keys


def test_f1_is_kept_for_the_rules_in_the_settings() -> None:
    problem = keys_problem({"hint": "f1"}, list(TABLE_KEYS))
    assert problem == ("hint", "key 'f1' for hint is kept for the rules; give another")


async def test_the_help_takes_no_key_once_it_is_being_replaced() -> None:
    """The key storm: F1 on the new-game screen, then ctrl+s (the game starts and the help
    goes with the screens it replaces) and ↑ in the same burst: the help's scroll looked
    for its view, already removed (NoMatches).  A closing help takes no key."""
    app = make_app("partnership", "human,random,random,random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        help_screen._closing = True  # as Textual marks a screen it is removing
        try:
            for action, params in (("scroll", (1,)), ("jump", ("keys",)), ("close", ())):
                assert not help_screen.check_action(action, params)
        finally:
            help_screen._closing = False


def test_the_readme_keys_table_says_whose_move_the_hint_is() -> None:
    """The hint is the expert's at a table with an expert (`Controller.hint_bot`), as the
    help's key list says: the README's row says so too, not the standard bot's alone."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    table_part = readme.split("### Keys at the table", 1)[1]
    row = re.search(r"^\| i \| (.+?) \|$", table_part, flags=re.M)
    assert row is not None
    assert "expert" in row.group(1) and "standard bot" in row.group(1)


async def help_text(variant: str, seats: str) -> str:
    """The help's key list and hand marks at ``variant``'s table, as text."""
    app = make_app(variant, seats, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        return app.screen.query_one("#help-keys", HangingRows).content.plain


async def help_rows(variant: str, seats: str) -> dict[str, str]:
    """The keys the help lists at ``variant``'s table: key -> what it does."""
    keys = await help_text(variant, seats)
    rows: dict[str, str] = {}
    last = ""
    for line in keys.split("\nYour hand\n")[0].splitlines():
        if line.startswith("  ") and line[:20].strip():
            last = line[:20].strip()
            rows[last] = line[20:]
        elif line.startswith("  ") and last:  # a hanging row's next line
            rows[last] += " " + line.strip()
    return rows


async def test_the_help_lists_only_the_keys_of_the_form_played() -> None:
    """The two-hand stock game has no auction, no pass or burial, no throw-in and no meld
    view (its melds lie on the table): the help names none of their keys, nor the meld
    view among those Esc closes, and Enter and Space say only what they do there; its hands
    are reviewed (``r``) as every form's.  Partnership lists them all."""
    two = await help_rows("two-hand", "human,expert")
    assert not {"↑ ↓ / k j / + -", "p", "m", "y / n"} & two.keys()
    assert "r" in two
    assert two["Enter"] == "do it: play the card, choose"
    assert two["Space"] == "play a card"
    assert "1-9" in two and "u" in two and "t" in two
    # Esc names the views the form has: no meld view in two-hand
    assert two["Esc"] == "close a view (tricks, hint, help); table keys do nothing meanwhile"
    partnership = await help_rows("partnership", "human,random,random,random")
    assert {"↑ ↓ / k j / + -", "p", "r", "m", "y / n", "1-4"} <= partnership.keys()
    assert partnership["Enter"] == "do it: bid, play the card, confirm the pass, choose"
    assert partnership["Space"] == "pick a card to pass (again to put it back); play a card"
    assert partnership["Esc"] == "close a view (meld, tricks, hint, help); table keys do nothing meanwhile"
    three = await help_rows("three-hand", "human,random,random")
    assert three["Enter"] == "do it: bid, play the card, confirm the burial, choose"
    assert "p" in three and "r" in three


async def test_the_cursor_mark_says_picks_only_where_cards_are_picked() -> None:
    """The hand's marks: the cursor's Enter or Space plays a card, and picks one only in
    the forms that pass or bury (none in the two-hand stock game)."""
    two = " ".join((await help_text("two-hand", "human,expert")).split())
    assert "▲ under a card the cursor: Enter or Space plays this card" in two
    partnership = " ".join((await help_text("partnership", "human,random,random,random")).split())
    assert "the cursor: Enter or Space plays or picks this card" in partnership


def test_the_readme_keys_table_says_quit_asks_first() -> None:
    """``q`` asks "Quit pinochle?" before it quits (`QuitScreen`): the README's row said
    only "quit", as if the key quit at once."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    table_part = readme.split("### Keys at the table", 1)[1]
    row = re.search(r"^\| q \| (.+?) \|$", table_part, flags=re.M)
    assert row is not None
    assert '"Quit pinochle?"' in row.group(1) and "y / Enter" in row.group(1) and "n / Esc" in row.group(1)


async def test_the_help_says_the_quit_key_asks_first_and_what_becomes_of_the_game() -> None:
    """The help's quit row said "quit (the game is saved ...)" where q asks a question
    first: it says so, with the question's keys, then what becomes of the game as the
    question says it; where nothing is saved (the new-game screen) only the question."""
    from tui_helpers import app_from_flags, app_moved

    from pinochle_tui.screens.dialogs import QuitScreen

    def quit_row(app: Any) -> str:
        keys = app.screen.query_one("#help-keys", HangingRows).content.plain
        return next(line[20:] for line in keys.splitlines() if line[:20].strip() == "q")

    app = make_app("partnership", "human,random,random,random", seed=5)
    async with app.run_test(size=SIZE) as pilot:  # no one has moved yet: the game is not kept
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert quit_row(app) == (
            "quit: asks first (y quits, n or Esc keeps playing); no one has made a move yet, so quitting does "
            "not keep this game"
        )
    app = app_moved(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert quit_row(app) == (
            "quit: asks first (y quits, n or Esc keeps playing); the game is saved, pinochle --resume continues it"
        )
        await pilot.press("escape")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)  # as it says: a question, the game still on
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, QuitScreen) and app.is_running
    fresh = app_from_flags()  # the new-game screen: no game, nothing saved
    async with fresh.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert quit_row(fresh) == "quit: asks first (y quits, n or Esc stays)"


async def test_the_help_names_ctrl_c_under_q_for_quitting_from_any_screen() -> None:
    """ctrl+c opens the quit question on every screen (as ctrl+q does); the help named q
    alone for quitting.  Its row is right under q's."""
    app = make_app("partnership", "human,random,random,random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        keys = app.screen.query_one("#help-keys", HangingRows).content.plain
        names = [line[:20].strip() for line in keys.splitlines() if line.startswith("  ") and line[2] != " "]
        assert names[names.index("q") + 1] == "ctrl+c / ctrl+q"
        row = next(line for line in keys.splitlines() if line.startswith("  ctrl+c"))
        assert row.split(None, 3)[3] == "quit from any screen: the same question (ctrl+c copies selected text instead)"
