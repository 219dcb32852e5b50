"""The new-game screen's footer in a text field: typing ``s`` in a
name field replaced the name while the footer still offered ``s statistics``. In a text
field the footer leaves out the keys the field takes as text (s, o) and says how to leave
it (Tab); out of it they are offered and act."""

from __future__ import annotations

from textual.widgets import Input
from tui_helpers import app_from_flags, settle

from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.widgets import KeysFooter


def _footer(app) -> str:
    return " ".join(app.screen.query_one(KeysFooter).render().plain.split())


async def test_a_text_field_takes_s_as_text_and_the_footer_says_so(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        # (j leaves the footer for h at 80 columns: the join button names it)
        assert _footer(app) == "^s start game f1 rules s statistics o settings h house rules esc quit ▏^p menu"
        name = next(w for w in screen.query(".ng-name").results(Input) if w.value == "You")
        name.focus()
        await settle(pilot)
        assert _footer(app) == "tab next field ^s start game f1 rules esc quit ▏^p menu"
        name.value = ""
        await pilot.press("S", "a", "m", "s")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen) and name.value == "Sams"
        # Tab leaves the field: s opens the statistics again
        await pilot.press("tab")
        await settle(pilot)
        assert not isinstance(app.screen.focused, Input)
        assert "s statistics" in _footer(app)
        await pilot.press("s")
        await settle(pilot)
        assert type(app.screen).__name__ == "StatsScreen"
