"""The help's wrapped lines hang under their own text: 73d6d47
made the key rows wrap under their description; a rule's indented line (``  Several
copies: ...``, ``  If everyone passes, ...``) still went on at the edge.  One rule
(`widgets.hanging`) for both, the help's keys and its rules."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from tui_helpers import VARIANTS, app_from_flags, make_app, settle

from pinochle_tui.render import meld_tiers_text
from pinochle_tui.screens.dialogs import KEY_COLUMN, HelpScreen
from pinochle_tui.widgets import hanging


def lines(text: Text) -> list[str]:
    return [line.rstrip() for line in text.plain.splitlines()]


def test_an_indented_rule_wraps_under_its_indent() -> None:
    line = meld_tiers_text(VARIANTS["five-hand"])[0]
    assert lines(hanging(Text(f"Meld: ...\n{line}\n"), 74, Console())) == [
        "Meld: ...",
        "  Several copies: run double 150, triple 225, quadruple 300; aces around",
        "  double 100, triple 150, quadruple 200; kings double 80, triple 120,",
        "  quadruple 160; queens double 60, triple 90, quadruple 120; jacks double",
        "  40, triple 60, quadruple 80; pinochle double 30, triple 60, quadruple",
        "  90.",
    ]


def test_a_key_row_wraps_under_its_description_a_line_that_fits_stays() -> None:
    row = Text("  Enter             do it: bid, play the card, confirm the pass/burial, choose\nKeys")
    assert lines(hanging(row, 74, Console(), KEY_COLUMN)) == [
        "  Enter             do it: bid, play the card, confirm the pass/burial,",
        " " * KEY_COLUMN + "choose",
        "Keys",
    ]
    assert lines(hanging(row, 80, Console(), KEY_COLUMN)) == lines(row)
    assert lines(hanging(Text("A line at the edge, too long for twenty cells"), 20, Console())) == [
        "A line at the edge, too long for twenty cells"  # the widget wraps it at the edge, as ever
    ]


async def test_the_help_at_80x24_hangs_the_rules_lines() -> None:
    app = make_app("five-hand", "human,random,random,random,random", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = lines(app.screen.query_one("#help-rules").render())  # type: ignore[arg-type]
        at = next(i for i, s in enumerate(shown) if s.startswith("  Several copies: "))
        assert shown[at + 1].startswith("  double 100, triple 150")


def test_a_bullet_wraps_under_its_text_not_under_the_bullet() -> None:
    text = Text("Wrong:\n  - theme is 'nord!', not a theme's name (letters, digits and -)\n  - short")
    assert lines(hanging(text, 40, Console())) == [
        "Wrong:",
        "  - theme is 'nord!', not a theme's name",
        "    (letters, digits and -)",
        "  - short",
    ]
    assert lines(hanging(Text("• a bullet at the edge that goes on past the width"), 30, Console())) == [
        "• a bullet at the edge that",
        "  goes on past the width",
    ]


async def test_the_settings_list_of_wrong_entries_hangs_under_each_entry(home) -> None:
    """The settings screen's list of a damaged file's wrong entries: an entry too long for
    the screen went on at the left edge, under the bullet; it goes on under its text."""
    from pinochle_tui.screens.settings import SettingsScreen

    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text('{"theme": "nord!", "bot_delay": "fast"}')
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
        shown = app.screen.query_one("#set-file-problems")
        assert lines(shown.render())[1:] == [  # (the head is wrapped by the widget)
            "  - theme is 'nord!' (did you mean nord?), not a theme's name (letters,",
            '    digits and -, e.g. "textual-light"; "" for the default)',
            "  - bot_delay is 'fast', not seconds from 0 to 10",
        ]
