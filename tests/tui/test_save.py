"""Saving after every decision, resume, a damaged save, bad flags, a too-small terminal."""

from __future__ import annotations

import json

import pytest
from tui_helpers import SIZE, app_for, app_from_flags, at_my_bid, make_app, preplay, settle, table, text_of

from pinochle_tui.cli import main
from pinochle_tui.save import load_game
from pinochle_tui.saved_games import latest_save
from pinochle_tui.screens.newgame import NewGameScreen
from pinochle_tui.screens.table import TableScreen
from pinochle_tui.widgets import TooSmall


async def test_saved_after_every_decision_and_resumed(home):
    app = make_app("partnership", "human,random,random,random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(3):
            t = table(app)
            if t.ctrl.needs_meld_ack:
                await pilot.press("enter")
            elif t.my_turn():
                await pilot.press("a")
            await settle(pilot)
        actions = list(app.ctrl.actions)
        state = app.ctrl.round
    assert len(actions) >= 4
    path = latest_save()
    assert path is not None
    data = json.loads(path.read_text())
    assert data["format"] == "pinochle-tui-save" and data["seed"] == "5"
    assert len(data["hands"][-1]) == len(actions)

    resumed = app_from_flags(resume=True)
    assert resumed.ctrl is not None
    assert resumed.ctrl.actions == actions
    assert resumed.ctrl.round.hands == state.hands and resumed.ctrl.round.phase is state.phase
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(resumed)  # play went on from the saved decision
        assert t.ctrl.all_action_lists()[0][: len(actions)] == actions


async def test_corrupt_save_is_reported_and_left_in_place(home):
    data = home / "data"
    data.mkdir(parents=True)
    bad = data / "game-20200101-000000.json"
    bad.write_text('{"format": "pinochle-tui-save", "version": 1, "hands": [[{"kind": "bid"')
    app = app_from_flags(resume=True)
    assert app.ctrl is None
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        notice = text_of(app.screen.query_one("#ng-notice"))
        # (the save named by its ID, as the saved-games offer and `pinochle saves` name it)
        assert "damaged" in notice and "--resume 20200101-000000:" in notice and "left in place" in notice
        await pilot.press("ctrl+s")  # a new game can still start
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    assert bad.read_text().endswith('"bid"')  # untouched
    assert latest_save() != bad


def test_foreign_save_message(home, tmp_path):
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"hello": 1}))
    from pinochle_tui.save import SaveError

    with pytest.raises(SaveError, match="not a pinochle saved game"):
        load_game(p)


def test_resume_without_a_save_is_a_usage_error(home, capsys):
    assert main(["--resume"]) == 2
    err = capsys.readouterr().err.strip()
    assert "no saved game" in err and "\n" not in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--variant", "nope"], "unknown variant"),
        (["--variant", "three-hand", "--seats", "human,random,random,random"], "three-hand has 3 seats"),
        (["--seats", "human,genius,random,random"], "unknown seat 'genius'"),
        (["--bot-delay", "-1"], "--bot-delay"),
        (["--bot-delay", "nan"], "--bot-delay"),
        (["--target", "0"], "--target"),
        (["--resume", "--variant", "partnership"], "drop --variant"),
    ],
)
def test_bad_flags_exit_2_with_one_line(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err


def test_bad_variants_file_exit_2(tmp_path, capsys):
    f = tmp_path / "v.toml"
    f.write_text("[mine]\nplayers = 5\n")
    assert main(["--variants", str(f)]) == 2
    err = capsys.readouterr().err.strip()
    assert "players" in err and "\n" not in err


def test_flags_build_the_game():
    app = app_from_flags(variant="three-hand", seats="human:Ann,random,random", seed="s1", target=50)
    c = app.ctrl
    assert c.variant.name == "three-hand" and c.seats[0].name == "Ann" and c.seats[1].level == "random"
    assert c.game.target == 500 and c.seed == "s1"


async def test_too_small_terminal_gets_a_message():
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        small = app.screen.query_one(TooSmall)
        assert small.display and small.region.width > 0
        assert "needs at least 80×24" in text_of(small)
        await pilot.resize_terminal(100, 36)
        await pilot.pause()
        assert small.region.width == 0 or not app.has_class("-too-small")
        assert table(app).query_one("#hand").region.width > 0


async def test_undo_takes_back_the_human_move():
    app = make_app("partnership", "human,random,random,random", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        t = await at_my_bid(pilot, app)
        c = t.ctrl
        n = len(c.actions)
        state = c.round
        await pilot.press("p")
        await settle(pilot)
        assert len(c.actions) > n
        await pilot.press("u")
        await settle(pilot)
        assert len(c.actions) == n and c.round is state and t.my_turn()


async def test_undo_puts_the_cursor_back_on_the_card_taken_back():
    """Two-hand: a card led and taken back; the cursor is on that card again, not on the
    card after it (where it moved as the card left the hand), and Enter leads it again."""
    from rules import Phase, Play

    def my_lead(c):
        return c.round.phase is Phase.TRICKS and c.round.to_act == 0 and not c.round.trick

    c = preplay("two-hand", "human,random", 5, my_lead)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        row = t.playable(t.the_view())
        i = next(k for k in range(len(row) - 1) if row[k] != row[k + 1])
        card, from_table = row[i]
        t.cursor = i
        n = len(c.actions)
        await pilot.press("enter")
        await settle(pilot)
        assert c.actions[n] == Play(card, from_table)
        await pilot.press("u")
        await settle(pilot)
        assert len(c.actions) == n
        assert t.playable(t.the_view())[t.cursor] == (card, from_table)
        await pilot.press("enter")
        await settle(pilot)
        assert c.actions[n] == Play(card, from_table)


async def test_key_remap_from_settings(home):
    """Bindings have ids; settings.json "keys" remaps them (here: hint on F5)."""
    from pinochle_tui.settings import Settings

    s = Settings(keys={"hint": "f5"})
    s.save()
    app = make_app("partnership", "human,random,random,random", seed=11, settings=Settings.load())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.my_turn()
        await pilot.press("f5")
        await settle(pilot)
        assert "Hint" in str(t.message)


def test_new_game_choices_are_remembered(home):
    from pinochle_tui.controller import Seat
    from pinochle_tui.settings import Settings

    app = make_app()
    app.remember(
        "three-hand", [Seat("human", "Ann"), Seat("bot", "B", "random"), Seat("bot", "C", "easy")], 500, "x", 0.2
    )
    s = Settings.load()
    assert s.last["variant"] == "three-hand" and s.last["seats"][0]["name"] == "Ann" and s.bot_delay == 0.2
