"""Every unfinished game is kept, and each is played by one pinochle at a time.

A new game's save is claimed when the game begins, created exclusively: two games begun in
the same second shared one file (each wrote over the other; the first to finish removed
it).  A save open in one pinochle is refused in another (`paths.SaveLock`, a lock file
with the holder's pid and start time: a killed holder leaves nothing stuck).  ``pinochle
saves`` lists the unfinished games, ``--resume`` takes the newest and ``--resume ID`` the one
named; the new-game screen offers one with ``r``, or a list of them to pick from; a save
left saying its game is finished is removed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList
from tui_helpers import app_from_flags, make_app, settle, table, until

from pinochle_tui.cli import main
from pinochle_tui.paths import SaveBusy, SaveLock, _start_time, claim_save_path, clean_stale_temps, data_dir, save_id
from pinochle_tui.save import save_game, to_json
from pinochle_tui.saved_games import saved_games
from pinochle_tui.screens.newgame import NewGameScreen, ResumeLine
from pinochle_tui.screens.saves import SavedGamesScreen
from pinochle_tui.widgets import KeysFooter


def _saved(seed: int, hands_done: int = 0, when: float | None = None) -> Path:
    """A partnership game's save (its first hand begun), written as the app writes it."""
    app = make_app("partnership", "human,random,random,random", seed=seed)
    c = app.ctrl
    for _ in range(3):
        c.apply(c.legal()[0])
    assert app.save_path is not None
    save_game(c, app.save_path)
    if when is not None:
        os.utime(app.save_path, (when, when))
    return app.save_path


async def open_saves_list(pilot: Any, app: Any) -> None:
    """``r`` on the new-game screen: the saved-games list is the screen shown."""
    await pilot.press("r")
    await pilot.pause()
    assert isinstance(app.screen, SavedGamesScreen)


def test_two_games_begun_in_one_second_get_two_files() -> None:
    now = time.time()
    first, second = claim_save_path(now=now), claim_save_path(now=now)
    assert first != second
    assert first.exists() and second.exists()
    assert second.name == first.name.removesuffix(".json") + "-1.json"
    assert save_id(second) == save_id(first) + "-1"


def test_a_save_held_by_a_live_process_is_refused_and_a_killed_ones_taken_over() -> None:
    save = _saved(1)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        lock = save.with_name(save.name + ".lock")
        lock.write_text(f"{other.pid} {_start_time(other.pid)}\n")
        with pytest.raises(SaveBusy) as busy:
            SaveLock(save).acquire()
        assert str(busy.value) == (
            f"{save.name} is open in another pinochle (process {other.pid}); finish or quit it there first"
        )
    finally:
        other.kill()
        other.wait()
    held = SaveLock(save).acquire()  # its holder is gone: the lock is stale
    assert held.held and lock.read_text().split()[0] == str(os.getpid())
    held.release()
    assert not lock.exists()
    lock.write_text(f"{os.getpid()} not-my-start-time\n")  # a pid given again to a new process
    assert SaveLock(save).acquire().held


def test_a_lock_being_made_is_held_and_one_left_empty_by_a_killed_maker_is_taken_over() -> None:
    """`FileLock.acquire` makes the lock file, then writes its process in it: found empty a
    moment after its making, it is another's lock on its way (taken over, two held the file
    at once); empty and older, its maker was killed between the two."""
    save = data_dir() / "game-20261205-134519.json"
    save.write_bytes(_saved(2).read_bytes())
    lock = save.with_name(save.name + ".lock")
    lock.touch()
    with pytest.raises(SaveBusy):
        SaveLock(save).acquire()
    aged = time.time() - 10
    os.utime(lock, (aged, aged))
    held = SaveLock(save).acquire()
    assert held.held and lock.read_text().split()[0] == str(os.getpid())
    held.release()


def test_a_lock_another_takes_over_first_is_put_back_not_taken_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A killed maker's empty lock, taken over by another pinochle between this one's look
    at it and its move of it aside: what was moved is the other's new lock (told by the file,
    not by its words, which are as empty), so it goes back, and the save is busy."""
    save = data_dir() / "game-20261205-134519.json"
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_text("{}")
    lock = save.with_name(save.name + ".lock")
    lock.touch()
    aged = time.time() - 10
    os.utime(lock, (aged, aged))
    real_replace = os.replace

    def taken_over_first(src: Any, dst: Any) -> None:
        if Path(src) == lock and str(dst).endswith(".stale"):
            lock.unlink()
            lock.touch()  # the other's lock, its holder not yet written
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", taken_over_first)
    with pytest.raises(SaveBusy):
        SaveLock(save).acquire()
    assert lock.exists() and lock.read_text() == ""


def test_a_claim_left_by_a_pinochle_killed_before_its_first_save_goes_at_the_next_start() -> None:
    """An empty save with a dead holder's lock (``kill -9`` between the claim and the first
    save) is removed with its lock once a minute old; a claim held by a live process, a
    fresh one and a save with a game in it stay."""
    data = data_dir()
    data.mkdir(parents=True, exist_ok=True)
    old = time.time() - 120
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, check=True)
    dead = int(gone.stdout)
    try:
        claims = {}
        for name, holder in (("dead", dead), ("none", None), ("live", other.pid), ("fresh", None)):
            p = data / f"game-20261205-13451{len(claims)}.json"
            p.touch()
            if holder is not None:
                p.with_name(p.name + ".lock").write_text(f"{holder} {_start_time(holder)}\n")
            if name != "fresh":
                os.utime(p, (old, old))
            claims[name] = p
        game = _saved(1, when=old)
        game.with_name(game.name + ".lock").write_text(f"{dead}\n")
        assert sorted(clean_stale_temps()) == [claims["dead"], claims["none"]]
    finally:
        other.kill()
        other.wait()
    left = sorted(p.name for p in data.iterdir())
    assert claims["dead"].name not in left and claims["dead"].name + ".lock" not in left
    assert claims["none"].name not in left and claims["none"].name + ".lock" not in left
    assert {claims["live"].name, claims["live"].name + ".lock", claims["fresh"].name, game.name} <= set(left)
    assert game.read_bytes()


def test_resume_of_a_save_open_elsewhere_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    save = _saved(2)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        save.with_name(save.name + ".lock").write_text(f"{other.pid} {_start_time(other.pid)}\n")
        assert main(["--resume", save_id(save)]) == 2
    finally:
        other.kill()
        other.wait()
    assert capsys.readouterr().err == (
        f"pinochle: --resume: {save.name} is open in another pinochle (process {other.pid}); finish or quit it there "
        "first; pinochle saves lists the other saved games\n"
    )


def test_pinochle_saves_lists_every_unfinished_game_and_prunes_a_finished_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    old, new = _saved(3, when=time.time() - 3600), _saved(4)
    over = make_app("partnership", "human,random,random,random", seed=5, target=1).ctrl
    while not over.game.over:
        over.apply(over.legal()[0])
    done = data_dir() / "game-20200101-000000.json"
    done.write_text(json.dumps(to_json(over)))
    assert json.loads(done.read_text())["finished"] is True
    says_finished = data_dir() / "game-20200101-000002.json"  # a game not over that says it is: damaged
    says_finished.write_text(json.dumps(json.loads(new.read_text()) | {"finished": True}))
    damaged = data_dir() / "game-20200101-000001.json"
    damaged.write_text("[[[")
    os.utime(says_finished, (time.time() - 5400, time.time() - 5400))
    os.utime(damaged, (time.time() - 7200, time.time() - 7200))
    assert main(["saves"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"Unfinished games in {data_dir()}, newest first; resume one with: pinochle --resume ID")
    games = saved_games()
    assert [g.path for g in games] == [new, old, says_finished, damaged]  # the damaged ones too, in their places
    assert out[1:-1] == [f"{n:3}  {g.id}  {g.line()}" for n, g in enumerate(games, 1)]
    assert out[-1] == "Delete one with: pinochle saves --delete ID (or its number)"
    assert games[1].line().startswith("partnership, in hand 1, You & North 0, West & East 0, ")
    assert (
        games[2]
        .line()
        .startswith(
            "cannot be resumed: the saved game is damaged and cannot be replayed (ValueError: it says finished: "
        )
    )  # what --resume says of each
    assert games[3].line().startswith("cannot be resumed: the saved game is damaged (not JSON); the file is kept, ")
    assert not done.exists()  # a finished game's save, left by a crash at its end: removed
    assert damaged.read_text() == "[[["  # a damaged one is kept
    assert says_finished.exists()


def test_a_damaged_save_is_listed_as_resume_reports_it(capsys: pytest.CaptureFixture[str]) -> None:
    """``pinochle saves`` left out the damaged save that ``--resume`` took (the newest file)
    and reported: both now take the same list, the damaged entry marked, numbered in its
    place, the file kept."""
    old = _saved(9, when=time.time() - 3600)
    damaged = data_dir() / "game-20991231-235959.json"  # the newest
    damaged.write_text('{"format": "pinochle-save"')
    assert main(["saves"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == f"  1  {save_id(damaged)}  {saved_games()[0].line()}"
    assert "cannot be resumed: " in out[1] and out[2].startswith(f"  2  {save_id(old)}  partnership, in hand 1, ")
    for key in (None, "1", save_id(damaged)):  # --resume, --resume 1, --resume ID: the same save
        app = app_from_flags(resume=True if key is None else key)
        assert app.save_path is None and app.notice is not None
        said = "the saved game is damaged (not JSON). The file was left in place."
        assert app.notice == f"--resume {save_id(damaged)}: {said}"
    assert app_from_flags(resume="2").save_path == old
    assert damaged.read_text() == '{"format": "pinochle-save"'


async def test_the_new_game_screen_lists_a_damaged_save_and_says_why_it_cannot_be_resumed() -> None:
    old = _saved(10, when=time.time() - 3600)
    damaged = data_dir() / "game-20991231-235959.json"
    damaged.write_text("[[[")
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        line = app.screen.query_one("#ng-resume", ResumeLine).words
        assert line.startswith("Enter lists your 2 saved games, 1 damaged (newest: partnership, in hand 1, ")
        await open_saves_list(pilot, app)
        shown = app.screen.query_one("#saves-list", OptionList)
        first = shown.get_option_at_index(0)
        assert str(first.prompt).startswith("cannot be resumed: the saved game is damaged")
        assert shown.highlighted == 1  # the highlight starts on the game that can be resumed
        await pilot.press("up", "enter")  # the damaged one: it stays, and the list says why
        await settle(pilot)
        assert isinstance(app.screen, SavedGamesScreen)
        heading = str(app.screen.query_one("#saves-heading").render())
        assert heading.endswith(f"\n{save_id(damaged)} cannot be resumed; d deletes it")
        await pilot.press("down", "enter")
        await settle(pilot)
        assert app.save_path == old
    assert damaged.read_text() == "[[["


async def test_resume_id_and_number_pick_the_game() -> None:
    old, new = _saved(5, when=time.time() - 3600), _saved(6)
    for key, path in ((save_id(old), old), ("2", old), ("1", new), (old.name, old)):
        app = app_from_flags(resume=key)
        assert app.save_path == path
    with pytest.raises(Exception) as nothing:
        app_from_flags(resume="19990101-000000")
    assert str(nothing.value) == (
        "--resume: no saved game '19990101-000000'; give an ID or a number from 1 to 2 as pinochle saves "
        f"lists them: {save_id(new)}, {save_id(old)}"
    )


def test_with_one_saved_game_the_number_is_1() -> None:
    only = _saved(13)
    with pytest.raises(Exception) as nothing:
        app_from_flags(resume="2")
    assert str(nothing.value) == (
        f"--resume: no saved game '2'; give an ID or the number 1 as pinochle saves lists them: {save_id(only)}"
    )


def test_the_commands_said_are_the_program_as_run_where_the_venv_is_not_on_the_path(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Run as ``.venv/bin/pinochle`` off the PATH (the README's set-up), ``pinochle saves``
    and a --resume refused give that command (`paths.program`), as the line left on quitting
    does: "pinochle --resume ID" was no command there."""
    run = str(tmp_path / ".venv" / "bin" / "pinochle")
    monkeypatch.setattr(sys, "argv", [run])
    monkeypatch.setenv("PATH", str(tmp_path / "elsewhere"))
    assert main(["saves"]) == 0
    assert capsys.readouterr().out == f"No unfinished saved game in {data_dir()}; start one with: {run}\n"
    only = _saved(13)
    assert main(["saves"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        out[0] == f"Unfinished games in {data_dir()}, newest first; resume one with: {run} --resume ID (or its number)"
    )
    assert out[-1] == f"Delete one with: {run} saves --delete ID (or its number)"
    with pytest.raises(Exception) as nothing:
        app_from_flags(resume="2")
    assert str(nothing.value) == (
        f"--resume: no saved game '2'; give an ID or the number 1 as {run} saves lists them: {save_id(only)}"
    )


@pytest.mark.parametrize("key", ["\u0662", "\uff12", "\u00b2"])  # 2 in Arabic-Indic, full-width, superscript
def test_resume_reads_a_number_in_the_digits_0_to_9_only(key: str) -> None:
    """A save's number is a whole number in plain digits, as every other one the command
    line reads (`cli_common.whole_number`); str.isdigit took other scripts' digits."""
    old, new = _saved(11, when=time.time() - 3600), _saved(12)
    with pytest.raises(Exception) as nothing:
        app_from_flags(resume=key)
    assert str(nothing.value) == (
        f"--resume: no saved game '{key}'; give an ID or a number from 1 to 2 as pinochle saves "
        f"lists them: {save_id(new)}, {save_id(old)}"
    )


async def test_the_new_game_screen_lists_several_games_and_resumes_the_one_picked() -> None:
    old, _ = _saved(7, when=time.time() - 3600), _saved(8)
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        line = app.screen.query_one("#ng-resume", ResumeLine).words
        assert line.startswith("Enter lists your 2 saved games (newest: partnership, in hand 1, You & North 0, ")
        await open_saves_list(pilot, app)
        await pilot.press("pagedown", "down", "pageup", "down", "enter")  # the older one
        await settle(pilot)
        assert app.save_path == old
        assert table(app).ctrl.seed == "7"
        assert old.with_name(old.name + ".lock").read_text().split()[0] == str(os.getpid())


async def test_the_saved_games_list_shows_its_own_keys_in_the_footer() -> None:
    """The list open, the footer is its own ("d delete", "esc back"), not the new-game
    screen's keys below it (start game, statistics, settings), which do nothing there."""
    _saved(7, when=time.time() - 3600), _saved(8)
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_saves_list(pilot, app)
        shown = [k.description for k, _x, _r in app.screen.query_one(KeysFooter).shown()]
        assert shown == ["delete", "back"]


async def test_an_unfinished_game_in_the_statistics_is_continued_with_c() -> None:
    """The statistics listed unfinished games none of which could be reached: a past game
    left unfinished, its save still there, is continued from its page with ``c``."""
    from tui_helpers import SIZE, app_for, preplay

    from pinochle_tui.screens.stats import GameHistoryScreen, StatsScreen
    from pinochle_tui.screens.table import TableScreen
    from rules import Phase

    def last_card(c: Any) -> bool:
        r = c.round
        return r.phase is Phase.TRICKS and len(r.tricks) == c.variant.tricks_per_hand - 1 and c.is_human(r.to_act)

    app = app_for(preplay("partnership", "human,random,random,random", 3, last_card))
    path = app.save_path
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("a")  # the hand ends: recorded, with its save's name
        await settle(pilot)
        app.action_new_game()  # left unfinished
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("enter")
        await settle(pilot)
        page = app.screen
        assert isinstance(page, GameHistoryScreen) and page.saved_game() == path
        await pilot.press("c")
        await settle(pilot)
        assert any(isinstance(s, TableScreen) for s in app.screen_stack) and app.save_path == path


@pytest.mark.parametrize(
    ("variant", "spec"),
    [
        ("three-hand-four", "standard,standard,human,standard"),
        ("partnership-five", "standard,human,standard,standard,standard"),
    ],
)
def test_the_saved_games_score_line_names_every_person_where_people_sit_out(variant: str, spec: str) -> None:
    """§0.4.16: the scores are personal; the list of saved games gave them the deal's side
    names ("West 26, North 8, East 0,  13" for West 13, North 26, East 8, You 0)."""
    from tui_helpers import preplay

    from pinochle_tui.save import score_line
    from rules import Phase

    c = preplay(variant, spec, 4, lambda c: c.round.phase is Phase.DONE and c.round.result is not None)
    v = c.variant
    assert any(c.game.scores)
    assert score_line(c) == ", ".join(f"{p.name} {v.fmt(x)}" for p, x in zip(c.people, c.game.scores, strict=True))


def test_the_list_shows_an_eight_hand_score_line_whole() -> None:
    """Four sides' names and scores (about 100 characters) were cut at 80 with no mark:
    "Northwest & Southeast," and its 450 gone."""
    from pinochle_tui.saved_games import read_saved_game

    app = make_app("eight-hand", ",".join(["human"] + ["random"] * 7), seed=2)
    c = app.ctrl
    assert app.save_path is not None
    data = to_json(c)
    data["score_line"] = "You & North 0, Southwest & Northeast 120, West & East 150, Northwest & Southeast 450"
    app.save_path.write_text(json.dumps(data), encoding="utf-8")
    game = read_saved_game(app.save_path)
    assert game is not None and game.scores == data["score_line"]
    data["score_line"] = "x" * 200
    app.save_path.write_text(json.dumps(data), encoding="utf-8")
    game = read_saved_game(app.save_path)
    assert game is not None and game.scores == "x" * 200


async def test_r_lists_the_saved_games_as_they_are_now() -> None:
    """A game open in another pinochle when the new-game screen opened was still listed
    greyed, 'open in another pinochle', after that one had quit: ``r`` reads the list again."""
    _saved(11, when=time.time() - 3600)  # an older game beside it
    new = _saved(12)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    lock = new.with_name(new.name + ".lock")
    try:
        lock.write_text(f"{other.pid} {_start_time(other.pid)}\n")
        app = app_from_flags()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert "open in another pinochle" in app.screen.query_one("#ng-resume", ResumeLine).words
            other.kill()
            other.wait()
            await open_saves_list(pilot, app)
            shown = app.screen.query_one("#saves-list", OptionList)
            assert not shown.get_option_at_index(0).disabled
            assert "open in another" not in str(shown.get_option_at_index(0).prompt)
    finally:
        other.kill()
        other.wait()


def test_the_lists_say_whether_the_hand_is_done_or_in_play() -> None:
    """A game sitting on its hand-1 result is "hand 1 done"; once hand 2 is dealt, "in hand 2";
    a save that does not say (written before the lists read it) plain "hand N"."""
    from rules import Phase

    app = make_app("partnership", "human,random,random,random", seed=3)
    c = app.ctrl
    assert c is not None and app.save_path is not None
    while c.round.phase is not Phase.DONE:
        c.apply(c.legal()[0])
    save_game(c, app.save_path)
    assert saved_games()[0].line().startswith("partnership, hand 1 done, ")
    c.next_hand()
    save_game(c, app.save_path)
    assert saved_games()[0].line().startswith("partnership, in hand 2, ")
    data = json.loads(app.save_path.read_text())
    del data["hand_over"]
    app.save_path.write_text(json.dumps(data))
    assert saved_games()[0].line().startswith("partnership, hand 2, ")


async def test_the_highlighted_saved_game_is_marked_in_plain_text() -> None:
    """The highlight was the one sign of the row Enter resumes, lost where colour is not
    shown (a screen read as plain text, ``tmux capture-pane -p``): the row is marked "▶ "
    (">" in ASCII mode) and the others indented as much, the mark moving with the keys."""
    from pinochle_tui.render import Style

    _saved(13, when=time.time() - 3600)
    _saved(14)
    app = app_from_flags()
    async with app.run_test(size=(120, 30)) as pilot:  # (one row each)
        await settle(pilot)
        await open_saves_list(pilot, app)
        shown = app.screen.query_one("#saves-list", OptionList)

        def rows() -> list[str]:
            return [shown.render_line(y).text for y in range(2)]

        first, second = (str(shown.get_option_at_index(k).prompt) for k in range(2))
        assert [r.rstrip() for r in rows()] == [f"▶ {first}", f"  {second}"]
        await pilot.press("down")
        await pilot.pause()
        assert [r.rstrip() for r in rows()] == [f"  {first}", f"▶ {second}"]
        Style.ascii = True
        try:
            shown.refresh()
            assert rows()[1].startswith("> ")
        finally:
            Style.ascii = False


async def test_one_game_open_elsewhere_is_said_so_in_the_offers_row_at_80_columns() -> None:
    """The offer's row at 80 columns dropped the scores and cut the rest: "...Mon 07 Dec
    06:26, open i…". It drops the time too and keeps that ``r`` will find the game open
    in another pinochle (at 100 columns too); at 120 the time and the process fit."""
    save = _saved(12)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    lock = save.with_name(save.name + ".lock")
    when = time.strftime("%a %d %b %H:%M", time.localtime(save.stat().st_mtime))
    try:
        lock.write_text(f"{other.pid} {_start_time(other.pid)}\n")
        busy = f"open in another pinochle (process {other.pid})"
        for size, shown in (
            ((80, 24), "r resumes your saved game (partnership, in hand 1, open in another pinochle)"),
            ((100, 32), "r resumes your saved game (partnership, in hand 1, open in another pinochle)"),
            ((120, 40), f"r resumes your saved game (partnership, in hand 1, {when}, {busy})"),
        ):
            app = app_from_flags()
            async with app.run_test(size=size) as pilot:
                await settle(pilot)
                line = app.screen.query_one("#ng-resume", ResumeLine)
                assert line.words.endswith(f", {when}, {busy})")
                assert str(line.render()) == shown
                assert line.region.height == 1
    finally:
        other.kill()
        other.wait()


async def test_resuming_a_save_that_cannot_be_replayed_names_it_by_its_id() -> None:
    """A save listed as a game (its head reads well) that cannot be replayed: ``r`` said so
    with the file's whole path, three rows at 80 columns; it names the save by its ID, as
    the list and ``pinochle saves`` do, and the file stays as it was."""
    path = _saved(11)
    data = json.loads(path.read_text())
    data["hands"][0].append({"kind": "bid", "amount": 7})  # no bid of 7 in partnership: it cannot be replayed
    path.write_text(json.dumps(data))
    raw = path.read_text()
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen) and app.save_path != path
        said = str(app.screen.query_one("#ng-error").render())
    assert str(path.parent) not in said
    assert said.startswith(f"Saved game {save_id(path)} is damaged and cannot be replayed (IllegalAction: ")
    assert said.endswith(". The file was left in place; you can start a new game.")
    assert path.read_text() == raw


def _held_elsewhere(save: Path) -> subprocess.Popen[bytes]:
    """A live process other than this one holding ``save`` as a running pinochle does."""
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    save.with_name(save.name + ".lock").write_text(f"{other.pid} {_start_time(other.pid)}\n")
    return other


def test_pinochle_saves_delete_removes_the_game_named(capsys: pytest.CaptureFixture[str]) -> None:
    """``pinochle saves --delete`` takes an ID or a number as ``--resume`` does; a bad one,
    or a game open in another pinochle, is refused in one line (exit 2) and nothing goes."""
    old, new = _saved(15, when=time.time() - 3600), _saved(16)
    assert main(["saves", "--delete", "3"]) == 2
    assert capsys.readouterr().err == (
        "pinochle saves: --delete: no saved game '3'; give an ID or a number from 1 to 2 as pinochle saves "
        f"lists them: {save_id(new)}, {save_id(old)}\n"
    )
    other = _held_elsewhere(old)
    try:
        assert main(["saves", "--delete", save_id(old)]) == 2
    finally:
        other.kill()
        other.wait()
    assert capsys.readouterr().err == (
        f"pinochle saves: --delete: {save_id(old)} is open in another pinochle (process {other.pid}); "
        "quit it there first\n"
    )
    assert old.exists() and new.exists()
    assert main(["saves", "--delete", "1"]) == 0  # the newest
    assert capsys.readouterr().out == f"Deleted the saved game {save_id(new)} (partnership, in hand 1).\n"
    assert not new.exists() and not new.with_name(new.name + ".lock").exists()
    assert [g.path for g in saved_games()] == [old]  # its holder gone, the older one can go too
    assert main(["saves", "--delete", save_id(old)]) == 0
    assert saved_games() == []


async def test_d_in_the_saved_games_list_deletes_the_game_once_confirmed() -> None:
    """``d`` asks first (n keeps the game), then removes the highlighted game's file and its
    row; a game open in another pinochle cannot be highlighted, so is never deleted; the
    last game deleted closes the list, and the form's offer is of the games left."""
    from pinochle_tui.screens.saves import DeleteSaveScreen

    busy, old, new = _saved(17, when=time.time() - 7200), _saved(18, when=time.time() - 3600), _saved(19)
    other = _held_elsewhere(busy)
    try:
        app = app_from_flags()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await open_saves_list(pilot, app)
            await pilot.press("d")
            await settle(pilot)
            assert isinstance(app.screen, DeleteSaveScreen)
            said = str(app.screen.query_one("#confirm-text").render())
            assert said.startswith(f"Delete the saved game {save_id(new)}?\n\npartnership, in hand 1, ")
            await pilot.press("n")
            await settle(pilot)
            assert isinstance(app.screen, SavedGamesScreen) and new.exists()
            await pilot.press("d")
            await settle(pilot)
            await pilot.press("y")
            await settle(pilot)
            assert isinstance(app.screen, SavedGamesScreen)
            assert not new.exists() and old.exists() and busy.exists()
            assert [g.path for g in app.screen.games] == [old, busy]
            shown = app.screen.query_one("#saves-list", OptionList)
            assert shown.option_count == 2 and shown.highlighted == 0
            heading = str(app.screen.query_one("#saves-heading").render())
            assert heading.startswith("2 saved games, the newest first  Enter resumes · d deletes · Esc back\n")
            assert heading.endswith(f"\nDeleted {save_id(new)}.")
            # the form's offer under the list follows at once (it said "3 unfinished" until Esc)
            form = app.screen_stack[-2]
            assert isinstance(form, NewGameScreen) and [g.path for g in form.saved] == [old, busy]
            await pilot.press("down", "d")  # the busy game: no highlight there, nothing asked
            await settle(pilot)
            assert isinstance(app.screen, DeleteSaveScreen)
            assert save_id(old) in str(app.screen.query_one("#confirm-text").render())
            await pilot.press("y")
            await settle(pilot)
            assert not old.exists() and busy.exists()
            assert isinstance(app.screen, SavedGamesScreen)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, NewGameScreen)
            assert [g.path for g in app.screen.saved] == [busy]
    finally:
        other.kill()
        other.wait()
    last = _saved(20)
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:  # the last one deleted: the list closes
        await settle(pilot)
        await open_saves_list(pilot, app)
        for _ in range(2):
            await pilot.press("d")
            await settle(pilot)
            await pilot.press("y")
            await settle(pilot)
        assert isinstance(app.screen, NewGameScreen) and not busy.exists() and not last.exists()
        assert not app.screen.query_one("#ng-resume", ResumeLine).display


def _with_wrong_fields() -> Path:
    """A save that is JSON and reads as a game in its head, with a seat's kind and the
    target wrong (edited by hand)."""
    path = _saved(21)
    data = json.loads(path.read_text())
    data["seats"][1]["kind"] = "humna"
    data["target"] = "abc"
    path.write_text(json.dumps(data))
    return path


WRONG = "seat 2's kind is 'humna', not human or bot; the target is 'abc', not a whole number"


def test_a_save_whose_fields_are_wrong_is_listed_as_damaged(capsys: pytest.CaptureFixture[str]) -> None:
    """A save whose fields do not check was listed as a game to resume and refused only
    on opening, in pydantic's words ("seats.1.kind: Input should be 'human' or 'bot' (got
    'humna'); and 1 more"): the list checks each save's fields (no replay) and says,
    in words, what ``--resume`` then says."""
    bad = _with_wrong_fields()
    assert main(["saves"]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert line.startswith(
        f"  1  {save_id(bad)}  cannot be resumed: the saved game is damaged ({WRONG}); the file is kept, "
    )
    app = app_from_flags(resume=True)
    assert app.ctrl is None and app.notice == (
        f"--resume {save_id(bad)}: the saved game is damaged ({WRONG}). The file was left in place."
    )


async def test_the_new_game_screen_offers_a_save_whose_fields_are_wrong_as_damaged() -> None:
    """The offer is drawn from the saves' heads, then their fields are checked once the
    screen is up: the offer then says the save cannot be resumed, and ``r`` lists it so."""
    bad = _with_wrong_fields()
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        offer = ng.query_one("#ng-resume", ResumeLine)
        await until(pilot, lambda: ng.saved[0].problem is not None)
        assert offer.words == "r lists your saved games: 1 cannot be resumed (damaged; the files are kept)"
        await open_saves_list(pilot, app)
        row = str(app.screen.query_one("#saves-list", OptionList).get_option_at_index(0).prompt)
        assert row.startswith(f"cannot be resumed: the saved game is damaged ({WRONG}); the file is kept")
    assert bad.exists()


def test_pinochle_saves_wraps_each_game_under_its_words_at_the_terminals_width(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80 columns the terminal cut a game's line mid-word ("... Mo" / "n 07 Dec"):
    each line is wrapped at word boundaries, a game's rows under its words; to a pipe,
    one line a game."""
    import pinochle_tui.cli as cli

    bad = _with_wrong_fields()
    assert main(["saves"]) == 0
    piped = capsys.readouterr().out
    monkeypatch.setattr(cli, "terminal_width", lambda: 80)
    assert main(["saves"]) == 0
    shown = capsys.readouterr().out
    rows = shown.splitlines()
    assert shown.split() == piped.split()
    head = f"  1  {save_id(bad)}  "
    at = next(k for k, r in enumerate(rows) if r.startswith(head))
    assert all(len(r) <= 80 for r in rows[at:])  # (above: the data directory, a long word)
    assert rows[at] == f"{head}cannot be resumed: the saved game is damaged (seat 2's"
    assert rows[at + 1].startswith(" " * len(head) + "kind is 'humna',")


async def test_the_list_of_one_saved_game_says_one_game() -> None:
    """ "1 saved games": the list's heading counts in the singular for one."""
    _with_wrong_fields()  # (one game that cannot be resumed: r lists it)
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_saves_list(pilot, app)
        heading = str(app.screen.query_one("#saves-heading").render())
        assert heading.startswith("1 saved game, the newest first  ")


def _family_save(seed: int, when: float) -> Path:
    """A hot-seat partnership game's save whose preset is the family's own, "Grandma's
    table" (its rules those of partnership), as the list reads it."""
    app = make_app("partnership", "human:Mom,standard,human:Dad,standard", seed=seed)
    c = app.ctrl
    for _ in range(3):
        c.apply(c.legal()[0])
    assert app.save_path is not None
    data = to_json(c)
    data["variant"]["name"] = "Grandma's table"
    app.save_path.write_text(json.dumps(data))
    os.utime(app.save_path, (when, when))
    return app.save_path


async def test_several_saves_fit_the_offers_row_at_80_columns_and_say_who_sits() -> None:
    """With several saves the offer's row at 80 columns was cut: "r resumes a saved game:
    2 unfinished, the newest Grandma's table, in ha…". It says how many the list holds,
    whole; the list's rows (and ``pinochle saves``) tell a family's game from one played
    alone by who sits: the score line's names, or, where a save wrote none, the people."""
    _saved(15, when=time.time() - 3600)
    family = _family_save(16, when=time.time())
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = app.screen.query_one("#ng-resume", ResumeLine)
        assert line.words.startswith("Enter lists your 2 saved games (newest: Grandma's table, in hand 1, Mom & ")
        assert str(line.render()) == "Enter lists your 2 saved games (newest: Grandma's table, in hand 1)"
        assert line.region.height == 1
    games = saved_games()
    assert games[0].path == family
    assert [g.people for g in games] == ["Mom, Dad + 2 bots", "You + 3 bots"]
    assert games[0].line().startswith("Grandma's table, in hand 1, Mom & Dad 0, Bot 2 & Bot 4 0, ")
    assert games[1].line().startswith("partnership, in hand 1, You & North 0, West & East 0, ")
    data = json.loads(family.read_text())
    data["score_line"] = ""  # (a save from before the score line was written)
    family.write_text(json.dumps(data))
    os.utime(family, (time.time(), time.time()))
    assert saved_games()[0].line().startswith("Grandma's table, in hand 1, Mom, Dad + 2 bots, ")


def test_who_sits_names_the_people_and_counts_the_bots() -> None:
    from pinochle_tui.saved_games import who_sits

    def seat(kind: str, name: str) -> dict[str, str]:
        return {"kind": kind, "name": name, "level": "standard" if kind == "bot" else ""}

    assert who_sits([seat("human", "Ann"), seat("bot", "Bot 2"), seat("human", "Bob")]) == "Ann, Bob + 1 bot"
    assert who_sits([seat("bot", "A"), seat("bot", "B")]) == "2 bots"
    assert who_sits([seat("human", "Ann"), seat("human", "Bob")]) == "Ann, Bob"
    assert (who_sits(None), who_sits([1, 2])) == ("", "")  # (a save that does not say)
