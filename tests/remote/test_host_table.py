"""The host's own table (`pinochle host`) with a seat at another terminal: the table waits
at the deal for it, its person's decisions come over the network (no hand-off), the host's
person plays at the keyboard as at any table, the game is saved with the join codes after
every decision, and the next hand is dealt when both went on."""

from __future__ import annotations

import asyncio
import contextlib
import json
from types import SimpleNamespace
from typing import Any

import pytest

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, Seat
from pinochle_tui.remote import protocol as P
from pinochle_tui.remote.host_core import HostCore
from pinochle_tui.remote.scripted import ScriptedPlayer, play
from pinochle_tui.save import new_save_path
from pinochle_tui.screens.dialogs import HandResultScreen
from pinochle_tui.screens.turns import TurnLoop
from rules import Play, load_variants

from .ports import free_port

VARIANTS = load_variants()


@pytest.fixture(autouse=True)
def home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


async def listening(pilot: Any, port: int) -> None:
    """Until the host's server listens at ``port`` (10 s at most): a seat's connection made
    sooner is refused, and the server starts with the table, whose first frame a loaded
    machine draws later than a fixed pause allowed for."""
    from pinochle_tui.remote.hosting import port_problem

    for _ in range(1000):
        if port_problem("127.0.0.1", port) is not None:
            return
        await pilot.pause(0.01)
    raise AssertionError(f"nothing listens at 127.0.0.1:{port}")


BOB = "7KQM-2XHA-9PWE-3RTD"


def hosted(
    seed: str, codes: dict[int, str] | None = None, fourth: str = "bot"
) -> tuple[Controller, HostCore, int, PinochleApp]:
    """Ann here, Bob (and with ``fourth="human"`` Cy, in seat 3) at another terminal, random
    bots in the other seats: (the controller, the host's core, its port, the host's app)."""
    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("bot", "West", "random")]
    seats.append(Seat("human", "Cy") if fourth == "human" else Seat("bot", "East", "random"))
    ctrl = Controller(VARIANTS["partnership"], seats, seed=seed)
    core = HostCore(ctrl, codes or {1: BOB}, sit_in="random")
    port = free_port()
    core.serve_at = ("127.0.0.1", port)
    app = PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    app.host_core = core  # type: ignore[attr-defined]
    return ctrl, core, port, app


async def bob_joins(pilot: Any, port: int, core: HostCore) -> Any:
    """Bob's scripted terminal joins at ``port``; once he is here (or after 3 s): its task,
    for the test to cancel."""
    await listening(pilot, port)
    task = asyncio.ensure_future(play(port, ScriptedPlayer(BOB, seed="bob")))
    for _ in range(300):
        if core.state_of(1) == "here":
            break
        await pilot.pause(0.01)
    await pilot.pause(0.1)
    return task


async def test_a_hand_at_the_host_with_a_seat_at_another_terminal() -> None:
    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("bot", "West", "random"), Seat("bot", "East", "random")]
    ctrl = Controller(VARIANTS["partnership"], seats, seed="host-table")
    core = HostCore(ctrl, {1: "7KQM-2XHA-9PWE-3RTD"}, sit_in="random")
    port = free_port()
    core.serve_at = ("127.0.0.1", port)
    save_path = new_save_path()
    app = PinochleApp(VARIANTS, ctrl=ctrl, save_path=save_path, bot_delay=0, trick_delay=0)
    app.host_core = core  # type: ignore[attr-defined]
    app.host_lines = [f"Bob: pinochle join 127.0.0.1:{port} --code 7KQM-2XHA-9PWE-3RTD"]  # type: ignore[attr-defined]
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        assert ctrl.actions == []  # waits at the deal for Bob
        assert table.now().waits == "waiting for Bob to join (b: a bot plays for Bob; w: how to join)"
        bob = ScriptedPlayer("7kqm 2xha 9pwe 3rtd", seed="bob")  # (typed loosely: read all the same)
        await listening(pilot, port)
        task = asyncio.ensure_future(play(port, bob))
        try:
            for _ in range(3000):
                if isinstance(app.screen, HandResultScreen):
                    break
                if table.my_turn() or table.now().meld_pause:
                    await pilot.press("a")
                await pilot.pause(0.01)
            assert isinstance(app.screen, HandResultScreen)
            assert bob.acted >= 12 and bob.refused == []  # Bob played his cards from afar
            assert bob.news is not None and bob.news.view.hand == ()  # his last news: the hand is over
            saved = json.loads(save_path.read_text())
            assert saved["remote"] == [{"person": 1, "code": "7KQM-2XHA-9PWE-3RTD"}]
            assert sum(len(h) for h in saved["hands"]) == core.seq
            await pilot.press("enter")  # Ann goes on; Bob had already (his Ready)
            for _ in range(200):
                if ctrl.hand_no == 2:
                    break
                await pilot.pause(0.01)
            assert ctrl.hand_no == 2
            from pinochle_tui.stats import StatsStore

            for _ in range(200):  # (the hand is written by a worker thread)
                store = StatsStore.open(create=False)
                games = store.games()
                store.close()
                if games and games[0].hands:
                    break
                await pilot.pause(0.02)
            seats = [(s["name"], s["kind"]) for s in games[0].seats]
            assert seats == [("Ann", "human"), ("Bob", "human"), ("West", "bot"), ("East", "bot")]
        finally:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await core.server.close() if core.server is not None else None


class SlowToGoOn(ScriptedPlayer):
    """A seat that plays its cards but never goes on from a hand's result."""

    def take(self, text: str) -> list[str]:
        return [a for a in super().take(text) if '"type":"ready"' not in a or not self.news.view.result]


async def test_the_host_goes_on_without_a_seat_that_does_not() -> None:
    ctrl, _core, port, app = hosted("host-goes-on")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        bob = SlowToGoOn("7KQM-2XHA-9PWE-3RTD", seed="bob")
        await listening(pilot, port)
        task = asyncio.ensure_future(play(port, bob))
        try:
            for _ in range(3000):
                if isinstance(app.screen, HandResultScreen):
                    break
                if table.my_turn() or table.now().meld_pause:
                    await pilot.press("a")
                await pilot.pause(0.01)
            await pilot.press("enter")  # Ann goes on; Bob does not
            await pilot.pause(0.3)
            assert ctrl.hand_no == 1
            assert app.screen is table  # (the result is not put up again)
            assert "Waiting for Bob to go on (Enter again: deal now)" in str(table.note)
            await pilot.press("enter")  # and the host goes on without him
            for _ in range(200):
                if ctrl.hand_no == 2:
                    break
                await pilot.pause(0.01)
            assert ctrl.hand_no == 2
        finally:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task


async def test_a_terminal_of_another_version_is_said_at_the_hosts_table_and_the_game_goes_on() -> None:
    """A hello of protocol 2 at a hosted table: the host's person is told over the table
    (a notification, once for the address and version), and the game goes on: Bob joins."""
    import json

    from pinochle_tui.remote.scripted import send_raw

    _ctrl, core, port, app = hosted("host-other-version")
    async with app.run_test(size=(100, 32)) as pilot:
        await listening(pilot, port)
        hello = json.dumps({"v": 2, "type": "hello", "code": BOB})
        for _ in range(2):
            await send_raw(port, [hello], wait=5.0)
        await pilot.pause()
        said = [n.message for n in app._notifications]
        line = (
            "A terminal at 127.0.0.1 runs another version of pinochle (protocol 2; this table speaks 1):"
            " it was not seated"
        )
        assert said == [line] and core.log == [line]
        task = await bob_joins(pilot, port, core)
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
        assert core.joined == {1}


async def test_leaving_a_hosted_table_for_a_new_game_closes_it_for_every_seat() -> None:
    """No seat plays on at a table nobody drives any more: the seats are told, the port freed."""
    _ctrl, core, port, app = hosted("host-leaves")
    async with app.run_test(size=(100, 32)) as pilot:
        bob = ScriptedPlayer("7KQM-2XHA-9PWE-3RTD", seed="bob")
        await listening(pilot, port)
        task = asyncio.ensure_future(play(port, bob))
        for _ in range(300):
            if core.state_of(1) == "here":
                break
            await pilot.pause(0.01)
        assert core.state_of(1) == "here"
        app.action_new_game()
        for _ in range(300):
            if task.done():
                break
            await pilot.pause(0.01)
        assert task.done() and core.closed  # Bob was told (a bye) and his connection ended
        from pinochle_tui.remote.hosting import port_problem

        for _ in range(300):  # (the server stops listening as its task ends)
            if port_problem("127.0.0.1", port) is None:
                break
            await pilot.pause(0.01)
        assert port_problem("127.0.0.1", port) is None  # the port is free again


async def test_the_lines_to_join_with_hide_nothing_at_80x24() -> None:
    """While a seat was never filled, the line under the prompt gives the address and its
    code (no notification over the table the host plays at)."""
    _ctrl, core, port, app = hosted("host-join-lines", {1: BOB, 3: "EEEE-FFFF-GGGG-HHHH"}, fourth="human")
    app.host_lines = [  # type: ignore[attr-defined]
        f"Bob: pinochle join 127.0.0.1:{port} --code 7KQM-2XHA-9PWE-3RTD",
        f"Cy: pinochle join 127.0.0.1:{port} --code EEEE-FFFF-GGGG-HHHH",
    ]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        assert list(app._notifications) == []  # nothing over the seats and the centre
        line = f"Join 127.0.0.1:{port} — Bob 7KQM-2XHA-9PWE-3RTD · Cy EEEE-FFFF-GGGG-HHHH"
        assert str(table.note) == line
        assert line in str(table.query_one("#prompt").render())  # in sight at 80x24
        task = await bob_joins(pilot, port, core)
        try:
            assert str(table.note) == f"Join 127.0.0.1:{port} — Cy EEEE-FFFF-GGGG-HHHH"  # Bob's went
            core.seat_bot([3])  # (b) the last seat filled: the line goes
            await pilot.pause(0.1)
            assert "Join" not in str(table.note)
        finally:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_w_shows_the_whole_join_lines_in_one_panel_that_w_or_esc_closes(size: tuple[int, int]) -> None:
    """``w``: the whole lines to run at the other terminals in one panel over the table
    (no notifications stacking over it for half a minute); ``w`` again or Esc closes it,
    and a ``w`` never opens a second.  Each line is whole on a wide terminal, and the panel
    fits inside 80x24."""
    from pinochle_tui.screens.dialogs import JoinLinesScreen

    _ctrl, _core, port, app = hosted("host-w-panel", {1: BOB, 3: "EEEE-FFFF-GGGG-HHHH"}, fourth="human")
    lines = [
        f"Bob: /home/ann/src/pinochle/.venv/bin/pinochle join 127.0.0.1:{port} --code 7KQM-2XHA-9PWE-3RTD",
        f"Cy: /home/ann/src/pinochle/.venv/bin/pinochle join 127.0.0.1:{port} --code EEEE-FFFF-GGGG-HHHH",
        f"Browsers: open http://127.0.0.1:{port + 1}/ and type the seat's code",
    ]
    app.host_lines = lines  # type: ignore[attr-defined]
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        await pilot.press("w")
        await pilot.pause(0.1)
        panel = app.screen
        assert isinstance(panel, JoinLinesScreen) and list(app._notifications) == []
        text = str(panel.query_one("#join-lines").render())
        for line in lines:
            name, run = line.split(": ", 1)
            assert name in text and (run in text.replace("\n", "") if size[0] < 100 else run in text)
        box = panel.query_one("#dialog").region
        assert box.right <= size[0] and box.bottom <= size[1] - 1  # (the footer's row below it)
        await pilot.press("w")  # closes: never a second panel
        await pilot.pause(0.1)
        assert app.screen is table
        await pilot.press("w", "escape")
        await pilot.pause(0.1)
        assert app.screen is table and len(app.screen_stack) == 2
        assert not any(isinstance(s, JoinLinesScreen) for s in app.screen_stack)


async def test_the_help_at_a_hosted_table_lists_the_hosts_own_keys() -> None:
    """The host's ``b`` (a bot for the people away) and ``w`` (the lines to join with) are
    in the help's key list at a hosted table (and only there); there the help's undo row
    says undo is off (a move sent to or from another terminal stands) and ``pinochle host --resume``
    continues the game, as the quit dialog does."""
    from pinochle_tui.screens.dialogs import HelpScreen, QuitScreen

    _ctrl, _core, _port, app = hosted("host-help-keys", {1: BOB})
    app.host_lines = [f"Bob: pinochle join 127.0.0.1:9 --code {BOB}"]  # type: ignore[attr-defined]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("question_mark")
        await pilot.pause(0.1)
        assert isinstance(app.screen, HelpScreen)
        keys = app.screen.query_one("#help-keys").content.plain  # type: ignore[attr-defined]
        assert "  b                 hosting: a bot plays for each person away, until they are back" in keys
        assert "  w                 hosting: the lines to join this table with (w or Esc closes them)" in keys
        assert (
            "  u                 undo: off at a hosted table (a move sent to or from another terminal stands)" in keys
        )
        assert "undo your last move" not in keys
        quits = "quit: asks first (y quits, n or Esc keeps playing); the game is saved, pinochle host --resume"
        assert f"{quits} continues it" in keys
        await pilot.press("escape")
        await pilot.pause(0.1)
        await pilot.press("q")
        await pilot.pause(0.1)
        assert isinstance(app.screen, QuitScreen)
        said = str(app.screen.query_one("Static").render())
        assert "pinochle host --resume continues it." in said
        assert "The friends who joined wait until then." in said  # (their terminals have no game meanwhile)
    own = Controller(
        VARIANTS["partnership"],
        [Seat("human", "Ann")] + [Seat("bot", f"B{p}", "random") for p in range(1, 4)],
        seed="help-alone",
    )
    while not own.decisions():  # (Ann has moved: a game no one has moved in is not kept)
        own.apply(own.legal()[0])
    alone = PinochleApp(VARIANTS, ctrl=own, save_path=new_save_path())
    async with alone.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("question_mark")
        await pilot.pause(0.1)
        keys = alone.screen.query_one("#help-keys").content.plain  # type: ignore[attr-defined]
        assert "hosting:" not in keys
        assert "undo your last move" in keys and "the game is saved, pinochle --resume continues it" in keys


async def test_a_hosted_game_resumed_with_plain_resume_is_hosted_again_where_its_save_says() -> None:
    """A hosted game resumed from its save with plain ``pinochle --resume`` (or the
    new-game screen), not ``pinochle host --resume``: hosted again as the save says (its
    address and port, the same codes), the line under the prompt saying where it listens
    and each code while a person is not back; once back, that line goes."""
    from pinochle_tui.remote.hosting import port_problem

    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("bot", "West", "random"), Seat("bot", "East", "random")]
    ctrl = Controller(VARIANTS["partnership"], seats, seed="host-resumed-line")
    HostCore(ctrl, {1: BOB}, sit_in="random")  # (as hosted before: its codes kept)
    ctrl.apply(ctrl.legal()[0])  # (a decision made before the host stopped)
    port = free_port()
    ctrl.hosted_at = ("127.0.0.1", port, None)
    app = PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        table = app.screen
        prompt = str(table.query_one("#prompt").render())
        assert f"Join 127.0.0.1:{port} — Bob {BOB}" in prompt and "Bob to reconnect" in prompt
        assert port_problem("127.0.0.1", port) is not None  # it listens there
        core = app.host_core  # type: ignore[attr-defined]
        assert core.codes == {1: BOB}
        task = await bob_joins(pilot, port, core)
        try:
            assert core.state_of(1) == "here" and "Join" not in str(table.note)
        finally:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await core.server.close() if core.server is not None else None


def test_the_join_line_gives_the_browser_page_when_the_table_serves_one() -> None:
    """With ``--web`` the line under the prompt also gives the browser page's address, so
    a new host sees it without ``w``."""
    _ctrl, core, port, _app = hosted("host-join-web", {1: BOB})
    loop = SimpleNamespace(core=core)
    assert TurnLoop.join_line(loop) == f"Join 127.0.0.1:{port} — Bob {BOB}"  # type: ignore[arg-type]
    core.web_port = port + 1
    line = f"Join 127.0.0.1:{port} — Bob {BOB} · browser http://127.0.0.1:{port + 1}/"
    assert TurnLoop.join_line(loop) == line  # type: ignore[arg-type]


@pytest.mark.parametrize("how", ["joins", "bot"])
async def test_the_hosts_person_first_to_act_gets_the_turn_when_the_table_stops_waiting(how: str) -> None:
    """Ann (here) bids first; the table waits at the deal for Bob.  When Bob joins (or the
    host seats a bot for him with ``b``) the table is drawn again for Ann's bid: her turn,
    the bid bar, Enter bids (the facts made while it waited had nobody to act)."""
    from rules import Phase

    ctrl, core, port, app = hosted("ann-first-2")
    assert ctrl.round.to_act == 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        assert not table.my_turn() and table.now().to_act is None
        task = None
        if how == "joins":
            task = await bob_joins(pilot, port, core)
        else:
            await pilot.press("b")
            await pilot.pause(0.2)
        try:
            f = table.now()
            assert f.to_act == 0 and f.my_turn and f.decides is Phase.AUCTION and f.bid_amounts
            prompt = str(table.query_one("#prompt").render())
            assert "The hand is over." not in prompt
            await pilot.press("enter")  # Ann bids the lowest bid
            await pilot.pause(0.2)
            assert len(ctrl.actions) >= 1 and ctrl.actions[0].amount == f.bid_amounts[0]  # type: ignore[union-attr]
        finally:
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        await core.server.close() if core.server is not None else None


async def test_two_seats_to_fill_with_a_browser_page_keep_the_waiting_line_and_only_live_keys_at_80x24() -> None:
    """Bob and Cy to join, the table also serving a browser page: the prompt's row says who
    the table waits for and the host's keys, the row under it how to join, cut to its one
    row (``w`` shows it whole); Enter and "play for me" are not offered (nobody is to act)."""
    _ctrl, core, port, app = hosted("host-two-to-join", {1: BOB, 3: "EEEE-FFFF-GGGG-HHHH"}, fourth="human")
    core.web_port = port + 1
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        rows = str(table.query_one("#prompt").render()).split("\n")
        assert rows[0] == "Waiting for Bob and Cy to join (b: a bot plays for them; w: how to join)."
        assert rows[1].startswith(f"Join 127.0.0.1:{port} — Bob 7KQM-2XHA-9PWE-3RTD · Cy EEEE-FFFF-GGGG-HHHH")
        assert len(rows) == 2 and len(rows[1]) <= 78
        assert table.check_action("continue", ()) is False and table.check_action("auto", ()) is False
        assert table.check_action("seat_bot", ()) and table.check_action("join_lines", ())
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert "hand is over" not in str(table.query_one("#prompt").render())
    if core.server is not None:
        await core.server.close()


async def test_a_side_box_says_a_person_is_gone_in_one_row_at_80x24() -> None:
    """Bob joined and his connection went: his side box (11 cells wide at 80x24) says so on
    one row, not ``disconnecte`` / ``d``."""
    _ctrl, core, port, app = hosted("host-box-offline", {1: BOB})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        task = await bob_joins(pilot, port, core)
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
        for _ in range(300):
            if core.state_of(1) == "disconnected":
                break
            await pilot.pause(0.01)
        await pilot.pause(0.1)
        box = table.query_one("#seat-left")
        rows = str(box.render()).split("\n")
        assert rows[0].startswith("Bob") and "offline" in rows, rows
        assert max(len(r) for r in rows) <= box.content_size.width == 11
    if core.server is not None:
        await core.server.close()


async def test_while_the_table_waits_for_someone_the_footer_offers_how_to_join_and_a_bot_at_80x24() -> None:
    """Bob and Cy to join: the footer offers ``w`` and ``b`` beside the table's own keys, each
    in full, none over another; once a bot sits in for both, neither is offered."""
    from pinochle_tui.widgets import KeysFooter

    _ctrl, core, _port, app = hosted("host-footer-waits", {1: BOB, 3: "EEEE-FFFF-GGGG-HHHH"}, fourth="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)

        def footer() -> list[tuple[str, str, int, int]]:
            return [(k.key_display, k.description, x, r) for k, x, r in app.screen.query_one(KeysFooter).shown()]

        keys = footer()
        assert {("w", "how to join"), ("b", "a bot plays"), ("q", "quit")} <= {(k, d) for k, d, _x, _r in keys}
        assert all(r <= 80 for _k, _d, _x, r in keys)
        await pilot.press("b")  # (a bot plays for both: the table goes on)
        await pilot.pause(0.2)
        assert core.started
        assert not {"w", "b"} & {k for k, _d, _x, _r in footer()}
    if core.server is not None:
        await core.server.close()


async def test_a_keys_refusal_while_the_table_waits_gives_the_join_line_back(monkeypatch: Any) -> None:
    """A key pressed while Bob is still to join says why nothing happens in the row of how
    to join; a moment later that row shows the address and Bob's code again (not only via
    ``w``)."""
    from pinochle_tui.screens.table import TableScreen

    # (a second: the refusal is read well inside it on a loaded machine, where 0.2 s was
    # gone once before the row was read; then the row is watched until the line is back)
    monkeypatch.setattr(TableScreen, "NOTE_BACK_AFTER", 1.0, raising=False)
    _ctrl, core, port, app = hosted("host-refusal-codes")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        table = app.screen

        def second_row() -> str:
            return str(table.query_one("#prompt").render()).split("\n")[1]

        join = f"Join 127.0.0.1:{port} — Bob {BOB}"
        assert second_row().startswith(join)
        await pilot.press("enter")
        await pilot.pause()
        assert second_row().startswith("Nobody plays until every seat is filled")
        for _ in range(500):
            if second_row().startswith(join):
                break
            await pilot.pause(0.02)
        assert second_row().startswith(join)
    if core.server is not None:
        await core.server.close()


async def test_the_hosts_lead_waits_for_bob_to_go_on_from_everyones_meld() -> None:
    """Ann is to lead while Bob, at another terminal, looks at everyone's meld: the prompt
    says whom she waits for (and her key that leads without him); once Bob goes on, her
    lead is hers, with no line left over from the wait."""
    ctrl, core, _port, app = hosted("lead-4")
    for _ in range(200):  # everyone's first choice until the hand is played
        if ctrl.round.phase.name == "TRICKS":
            break
        ctrl.apply(ctrl.legal()[0])
    core.hello(SimpleNamespace(send=lambda _text: None, close=lambda: None), P.Hello(code=BOB))  # Bob is here
    assert ctrl.round.to_act == 0 and ctrl.remote_meld_pause == {1}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        ctrl.ack_meld(0)  # (Ann looked at the meld already)
        table.refresh_view()
        await pilot.pause(0.1)
        rows = str(table.query_one("#prompt").render()).split("\n")
        assert not ctrl.round.trick  # (the words wrap at 80 columns)
        said = " ".join(rows[:2])
        assert said == "Waiting for Bob to go on from everyone's meld (Enter: lead without Bob's look)."
        ctrl.meld_seen.add(1)  # Bob went on
        table.refresh_view()
        await pilot.pause(0.1)
        rows = str(table.query_one("#prompt").render()).split("\n")
        assert rows[0].startswith("Your lead.") and "meld" not in " ".join(rows[1:])
    if core.server is not None:
        await core.server.close()


async def test_the_hosts_enter_at_everyones_meld_leads_without_a_friends_look(monkeypatch: Any) -> None:
    """Bob, connected, does not go on from everyone's meld, which holds Ann's lead: the
    prompt offers her Enter, which ends Bob's look, as "Enter again: deal now" does at the
    hand's result, so the lead is hers and Bob is sent the table going on; not within the
    key pause of Ann's own Enter at the meld (a double press there is not meant for him)."""
    import time

    from pinochle_tui.widgets import KeyPause

    monkeypatch.setattr(KeyPause, "KEY_PAUSE", 0.75)  # (the tests' keys come at once: set back)

    ctrl, core, _port, app = hosted("lead-4")
    for _ in range(200):  # everyone's first choice until the hand is played
        if ctrl.round.phase.name == "TRICKS":
            break
        ctrl.apply(ctrl.legal()[0])
    bob = KeptLink()
    core.hello(bob, P.Hello(code=BOB))  # Bob is here, and stays on the meld
    assert ctrl.round.to_act == 0 and ctrl.remote_meld_pause == {1}

    def bobs_news() -> Any:
        return next(m for m in map(P.decode_down, reversed(bob.sent)) if isinstance(m, P.News)).news

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        table: Any = app.screen

        def prompt() -> str:
            return " ".join(str(table.query_one("#prompt").render()).split("\n"))

        assert prompt().startswith("Waiting for Bob to go on from everyone's meld (Enter: lead without Bob's look).")
        assert bobs_news().meld_pause
        table.turns._looked_at = time.monotonic()  # (as if Ann had just gone on from a look of hers)
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert ctrl.remote_meld_pause == {1} and not ctrl.round.trick
        table.turns._looked_at = 0.0
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert ctrl.remote_meld_pause == frozenset() and not ctrl.meld_holds_lead()
        assert prompt().startswith("Your lead.") and "meld" not in prompt()
        assert "does nothing" not in str(table.message)
        assert not bobs_news().meld_pause and bobs_news().waits == ""
    if core.server is not None:
        await core.server.close()


async def test_the_hosts_quit_question_pauses_its_bots_and_stay_goes_on() -> None:
    """The host's quit question over its table: a bot whose turn comes meanwhile waits for
    the answer (the game is the host's to pause), and "stay" lets it move."""
    from pinochle_tui.screens.dialogs import QuitScreen

    ctrl, core, port, app = hosted("host-quit-pause")
    app.bot_delay = 600  # (a bot's own timer never fires: the test ends the delay itself)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        task = await bob_joins(pilot, port, core)
        try:
            for _ in range(500):  # to a bot's turn (Ann plays for herself, Bob from afar)
                if ctrl.round.to_act in (2, 3):
                    break
                if table.my_turn():
                    await pilot.press("a")
                await pilot.pause(0.01)
            assert ctrl.round.to_act in (2, 3)
            moves = len(ctrl.actions)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            app.bot_delay = 0
            table.turns.run_bot(ctrl.round)  # the bot's delay is over, behind the question
            await pilot.pause(0.5)
            await app.workers.wait_for_complete()
            await pilot.pause(0.1)
            assert len(ctrl.actions) == moves and isinstance(app.screen, QuitScreen)
            await pilot.press("n")
            for _ in range(300):
                if len(ctrl.actions) > moves:
                    break
                await pilot.pause(0.01)
            assert len(ctrl.actions) > moves and app.screen is table
        finally:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await core.server.close() if core.server is not None else None


CY = "EEEE-FFFF-GGGG-HHHH"


class KeptLink:
    """A seat's connection in the host's process: what it is sent is kept, unread."""

    address = "127.0.0.1"

    def __init__(self) -> None:
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        self.sent.append(text)

    def close(self) -> None:
        pass


def hand_over_at_the_host(seed: str, ann_here: bool = True) -> tuple[Controller, HostCore, PinochleApp, Any]:
    """Bob and Cy at other terminals (and Ann, unless ``ann_here``), West a bot; both
    joined and the first hand played to its end: (the controller, the core, the host's
    app, ``go_on(person)``: that person's Ready from their terminal)."""
    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("bot", "West", "random"), Seat("human", "Cy")]
    ctrl = Controller(VARIANTS["partnership"], seats, seed=seed)
    codes = {1: BOB, 3: CY} if ann_here else {0: "JJJJ-KKKK-LLLL-MMMM", 1: BOB, 3: CY}
    core = HostCore(ctrl, codes, sit_in="random")
    links = {p: KeptLink() for p in codes}
    for p, code in codes.items():
        core.receive(links[p], None, P.encode(P.Hello(code=code)))
    while ctrl.round.phase.name != "DONE":
        ctrl.apply(ctrl.legal()[0])
    app = PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    app.host_core = core  # type: ignore[attr-defined]

    def go_on(person: int) -> None:
        core.receive(links[person], person, P.encode(P.Ready(seq=core.seq)))

    return ctrl, core, app, go_on


@pytest.mark.parametrize("when", ["before", "between", "at-once", "drawn"])
async def test_the_hosts_result_goes_for_good_and_the_next_hand_comes_once_everyone_went_on(when: str) -> None:
    """Ann's Enter at the hand's result and Bob's and Cy's going on from theirs, in any
    order (``before`` hers, ``between``, ``at-once`` after it, once her table is ``drawn``):
    the next hand is dealt and Ann's table is on top, no result left over it.  Her Enter
    while they have not gone on takes her to the table, whose line says whom it waits for
    and that Enter again deals now: the result was put up again at once, so her Enter
    seemed to do nothing, and their going on then stranded it over the next hand, where it
    took no key."""
    ctrl, _core, app, go_on = hand_over_at_the_host("result-race")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.2)
        table = app.screen_stack[1]
        assert isinstance(app.screen, HandResultScreen)
        if when == "before":
            go_on(1)
            go_on(3)
        elif when == "between":
            go_on(3)
        await pilot.press("enter")
        if when == "at-once":
            go_on(1)
            go_on(3)
        elif when == "drawn":
            await pilot.pause(0.2)
            assert app.screen is table and ctrl.hand_no == 1
            rows = str(table.query_one("#prompt").render()).split("\n")
            assert rows == ["The hand is over.", "Waiting for Bob and Cy to go on (Enter again: deal now)"]
            go_on(3)
            await pilot.pause(0.1)
            assert str(table.note) == "Waiting for Bob to go on (Enter again: deal now)"  # a line of its own
            go_on(1)
        elif when == "between":
            go_on(1)
        await pilot.pause(0.3)
        assert ctrl.hand_no == 2 and app.screen is table
        assert not any(isinstance(s, HandResultScreen) for s in app.screen_stack)
        assert "go on" not in str(table.query_one("#prompt").render())


async def test_enter_again_at_the_host_deals_without_the_people_not_gone_on() -> None:
    """Bob and Cy have not gone on: Ann's second Enter deals the next hand, and the line
    that waited for them goes with it (it stayed, beside "Bob to bid.")."""
    ctrl, _core, app, _go_on = hand_over_at_the_host("result-deal-now")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.2)
        table = app.screen_stack[1]
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert app.screen is table and "(Enter again: deal now)" in str(table.note)
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert ctrl.hand_no == 2 and app.screen is table
        assert str(table.note) == "" and "go on" not in str(table.query_one("#prompt").render())


async def test_a_result_the_game_dealt_on_from_under_a_view_closes_when_the_view_does() -> None:
    """A host with no seat of its own: everyone at the other terminals went on while the
    host looked at the tricks over the result; the next hand is dealt and the result goes
    as the tricks close (it stayed over the next hand, taking no key)."""
    from pinochle_tui.screens.dialogs import TricksScreen

    ctrl, _core, app, go_on = hand_over_at_the_host("result-under-view", ann_here=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.2)
        table = app.screen_stack[1]
        assert isinstance(app.screen, HandResultScreen)
        await pilot.press("t")
        await pilot.pause(0.1)
        assert isinstance(app.screen, TricksScreen)
        for person in (0, 1, 3):
            go_on(person)
        await pilot.pause(0.1)
        assert ctrl.hand_no == 2
        await pilot.press("escape")
        await pilot.pause(0.2)
        assert app.screen is table
        assert not any(isinstance(s, HandResultScreen) for s in app.screen_stack)


async def test_the_hosts_enter_at_everyones_meld_offers_the_lead_held_at_another_terminal() -> None:
    """Bob (at another terminal) is to lead and waits for Ann to go on from everyone's
    meld: her Enter sends him the news that offers his lead (nothing else would)."""
    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("bot", "West", "random"), Seat("bot", "East", "random")]
    for i in range(60):
        ctrl = Controller(VARIANTS["partnership"], seats, seed=f"held-by-ann-{i}")
        core = HostCore(ctrl, {1: BOB}, sit_in="random")  # (from the deal: Bob's choices are his terminal's)
        for _ in range(200):
            if ctrl.round.phase.name in ("TRICKS", "DONE"):
                break
            ctrl.apply(ctrl.legal()[0])
        if ctrl.round.phase.name == "TRICKS" and ctrl.round.to_act == 1:
            break
    bob = KeptLink()
    core.receive(bob, None, P.encode(P.Hello(code=BOB)))
    assert ctrl.meld_holds_lead() == {0}

    def bobs_news() -> Any:
        return next(m for m in map(P.decode_down, reversed(bob.sent)) if isinstance(m, P.News)).news

    assert bobs_news().legal == () and bobs_news().waits == "waiting for Ann to go on from everyone's meld"
    app = PinochleApp(VARIANTS, ctrl=ctrl, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    app.host_core = core  # type: ignore[attr-defined]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert app.screen.now().meld_pause  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert not ctrl.meld_holds_lead() and bobs_news().legal and bobs_news().waits == ""
    if core.server is not None:
        await core.server.close()


async def test_ctrl_c_at_a_hosted_table_asks_to_quit_as_q_does() -> None:
    """ctrl+c did nothing at the host's table: it opens the host's quit question."""
    from pinochle_tui.screens.dialogs import QuitScreen

    _ctrl, _core, _port, app = hosted("host-ctrl-c", {1: BOB})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("ctrl+c")
        await pilot.pause(0.1)
        assert isinstance(app.screen, QuitScreen)
        assert "pinochle host --resume continues it." in str(app.screen.query_one("Static").render())
        await pilot.press("y")
        await pilot.pause(0.1)
    # the line the terminal keeps once the app has closed
    assert app.farewell_line == (
        "The table is saved: pinochle host --resume opens it again; the friends who joined wait until then."
    )


def test_a_card_the_rules_refuse_again_and_again_never_closes_the_seats_connection() -> None:
    """Bob, at another terminal, tries a card he may not play thirty times over (a newcomer
    pressing Enter on a dim card): each is refused in the rules' words, his connection
    stays (it was closed after 20, "too many messages that are not the protocol's", and
    never came back), and his legal card is then played."""
    seats = [
        Seat("bot", "Ann", "random"),
        Seat("human", "Bob"),
        Seat("bot", "West", "random"),
        Seat("bot", "East", "random"),
    ]
    for i in range(200):
        ctrl = Controller(VARIANTS["partnership"], seats, seed=f"dim-card-{i}")
        core = HostCore(ctrl, {1: BOB}, sit_in="random")
        r = ctrl.round  # to Bob's first card that follows a lead (not the hand's first lead)
        while r.phase.name != "DONE" and not (r.phase.name == "TRICKS" and r.to_act == 1 and r.trick):
            ctrl.apply(ctrl.legal()[0])
            r = ctrl.round
        if r.phase.name == "TRICKS" and len({a.card for a in ctrl.legal()}) < len(r.hands[1]):
            break
    bob = KeptLink()
    core.receive(bob, None, P.encode(P.Hello(code=BOB)))
    legal = {a.card for a in ctrl.legal()}
    dim = next(card for card in ctrl.round.hands[1] if card not in legal)
    before = len(ctrl.actions)
    for _ in range(30):
        core.receive(bob, 1, P.encode(P.Act(seq=core.seq, action=Play(dim))))
    said = [P.decode_down(t) for t in bob.sent]
    refused = [m.reason for m in said if isinstance(m, P.Refused)]
    assert len(refused) == 30 and all(r.startswith("you must") for r in refused), refused[:2]
    assert not any(isinstance(m, P.Bye) for m in said)
    assert core.links.get(1) is bob and len(ctrl.actions) == before
    card = ctrl.legal()[0]
    core.receive(bob, 1, P.encode(P.Act(seq=core.seq, action=card)))
    assert ctrl.actions[before] == card  # (the bots play on after it)


async def test_the_footer_stops_offering_how_to_join_once_everyone_joined() -> None:
    """Bob and Cy join while neither the host's keys nor its turn change (Bob or Cy bids
    first): the footer no longer offers ``w`` and ``b`` (they stayed, stale, until the
    host's own keys changed)."""
    from pinochle_tui.widgets import KeysFooter

    cy = "EEEE-FFFF-GGGG-HHHH"
    seeds = (f"host-footer-joined-{i}" for i in range(40))
    seed = next(s for s in seeds if hosted(s)[0].round.to_act in (1, 3))  # (Bob or Cy bids first)
    ctrl, core, _port, app = hosted(seed, {1: BOB, 3: cy}, fourth="human")
    quiet = SimpleNamespace(send=lambda _text: None, close=lambda: None, address="127.0.0.1")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)

        def offered() -> set[str]:
            return {k.key_display for k, _x, _r in app.screen.query_one(KeysFooter).shown()} & {"w", "b"}

        assert offered() == {"w", "b"}
        core.hello(quiet, P.Hello(code=BOB))
        core.hello(SimpleNamespace(**vars(quiet)), P.Hello(code=cy))
        await pilot.pause(0.2)
        assert core.started and ctrl.round.to_act in (1, 3)
        assert offered() == set()
    if core.server is not None:
        await core.server.close()


async def test_play_for_me_at_the_hosts_hand_is_over_says_why_it_does_nothing() -> None:
    """Ann went on from the result while Bob and Cy have not: ``a`` (play for me) did
    nothing, silently; it says why, and the line of whom the table waits for comes back."""
    from pinochle_tui.screens.table import TableScreen

    ctrl, _core, app, _go_on = hand_over_at_the_host("result-auto")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.2)
        table = app.screen_stack[1]
        assert isinstance(table, TableScreen)
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert app.screen is table and "(Enter again: deal now)" in str(table.note)
        await pilot.press("a")
        await pilot.pause(0.1)
        rows = str(table.query_one("#prompt").render()).split("\n")
        assert rows[1] == "The hand is over: a plays nothing until the next hand is dealt."
        assert ctrl.hand_no == 1 and app.screen is table


async def test_the_hosts_prompt_and_the_line_under_it_say_once_that_bob_is_offline() -> None:
    """Bob's terminal died at his own turn: the prompt says the table waits for him to
    reconnect ("Waiting for Bob to reconnect (b: ...)"), and the line under it does not
    say a second time that he is offline."""
    ctrl, core, _port, app = hosted("host-offline-once")
    bob = KeptLink()
    core.hello(bob, P.Hello(code=BOB))
    for _ in range(40):
        if ctrl.round.to_act == 1:
            break
        ctrl.apply(ctrl.legal()[0])
    assert ctrl.round.to_act == 1
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.2)
        table: Any = app.screen
        core.gone(bob, 1)
        await pilot.pause(0.1)
        rows = str(table.query_one("#prompt").render()).split("\n")
        assert rows[0] == "Waiting for Bob to reconnect (b: a bot plays for Bob; w: how to join)."
        assert "offline" not in str(table.note) and "offline" not in " ".join(rows)
    if core.server is not None:
        await core.server.close()


async def test_the_next_new_game_after_a_hosted_one_keeps_its_port_and_places_the_seats_from_the_host() -> None:
    """After a game hosted on a port of the host's choosing (``pinochle host --port N``),
    the new-game screen offers the same table, its seats labelled from the host's person's
    place ("Seat 2 (West)": a friend at another terminal makes no hot-seat table), and
    hosts the next game on that port, not on 8470, so the friends' join lines still hold."""
    from textual.widgets import Input, Label, Select

    from pinochle_tui.screens.newgame import NewGameScreen

    _ctrl, core, port, app = hosted("host-next-game", {1: BOB})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert core.serving is not None  # (it listens on its port)
        app.action_new_game()
        for _ in range(100):
            await pilot.pause(0.02)
            if isinstance(app.screen, NewGameScreen) and core.serving.done():
                break
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        labels = [str(label.render()) for label in ng.query("#ng-seats .ng-label").results(Label)]
        kinds = [str(select.value) for select in ng.query(".ng-kind").results(Select)]
        names = [field.value for field in ng.query(".ng-name").results(Input)]
        assert list(zip(labels, kinds, names, strict=True)) == [
            ("Seat 1 (South)", "human", "Ann"),
            ("Seat 2 (West)", "remote", "Bob"),
            ("Seat 3 (North)", "random", "Bot 3"),  # (a bot at a hosted table: by its seat, as at every terminal)
            ("Seat 4 (East)", "random", "Bot 4"),
        ]
        await pilot.press("ctrl+s")
        for _ in range(100):
            await pilot.pause(0.02)
            if app.host_core is not core:  # type: ignore[attr-defined]
                break
        again = app.host_core  # type: ignore[attr-defined]
        assert again is not core and again.serve_at == ("127.0.0.1", port)
        assert app.ctrl.hosted_at == ("127.0.0.1", port, None)
        assert app.host_lines[0].endswith(f"join 127.0.0.1:{port} --code {again.codes[1]}")  # type: ignore[attr-defined]
        if again.server is not None:
            await again.server.close()
