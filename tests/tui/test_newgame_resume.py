"""The new-game screen offers the saved game: after a crash or a
kill, plain ``pinochle`` opened the new-game screen with no word of the saved game, which
only ``--resume`` continued. Now a line says it and ``r`` resumes it; with no save,
neither is there."""

from __future__ import annotations

import time

from tui_helpers import app_from_flags, make_app, settle, table

from pinochle_tui.save import save_game
from pinochle_tui.saved_games import latest_save
from pinochle_tui.screens.newgame import NewGameScreen, ResumeLine
from pinochle_tui.widgets import KeysFooter
from rules import Phase


def _footer(app) -> str:
    return " ".join(app.screen.query_one(KeysFooter).render().plain.split())


async def test_no_save_no_offer() -> None:
    assert latest_save() is None
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert not app.screen.query("#ng-resume")
        assert "resume" not in _footer(app)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)


async def test_a_saved_game_is_offered_and_r_resumes_it() -> None:
    # a partnership game left in its second hand (a crash, a kill, or q), as the app saves it
    played = make_app("partnership", "human,standard,standard,standard", seed=11)
    c = played.ctrl
    while c.hand_no < 2 or c.round.phase is not Phase.AUCTION:
        if c.round.phase is Phase.DONE:
            c.next_hand()
            continue
        seat = c.round.to_act
        c.apply(c.choose(c.round, seat, c.helper())[0])
    save_game(c, played.save_path)
    actions = c.all_action_lists()

    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        line = screen.query_one("#ng-resume", ResumeLine)
        when = time.strftime("%a %d %b %H:%M", time.localtime(played.save_path.stat().st_mtime))
        assert line.words == (
            f"r resumes your saved game (partnership, in hand 2, You & North 410, West & East 210, {when})"
        )
        # one row at 80 columns: the scores give way (the whole line is 101 cells)
        assert str(line.render()) == f"r resumes your saved game (partnership, in hand 2, {when})"
        assert line.region.height == 1 and line.region.bottom <= 24  # in sight at 80x24
        assert _footer(app) == "^s start game f1 rules s statistics o settings r resume esc quit ▏^p menu"
        await pilot.press("r")
        await settle(pilot)
        t = table(app)
        assert app.screen is t
        assert t.ctrl.hand_no == 2 and t.ctrl.all_action_lists()[0] == actions[0]
        assert app.save_path == played.save_path
