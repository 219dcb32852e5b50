"""A seat at a hosted table, as its player sees it: the real client (`pinochle join`'s app
at 80x24, Textual's ``run_test``) against a real server in this process (`start_host`,
websockets on 127.0.0.1, the other seats random bots deciding at once).  The same
`TableScreen` is driven by the host's news: a hand played by keys to its result; a card
the engine refuses said on the message line in the engine's words; a connection dropped
mid-hand that comes back by itself, saying so meanwhile, with no decision lost or made
twice; the review over the decisions this seat made; the join screen's refusals."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from tui.tui_helpers import shown, until

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, Seat
from pinochle_tui.remote import client
from pinochle_tui.remote.client import BACKOFF_FIRST
from pinochle_tui.remote.server import start_host
from pinochle_tui.render import pretty
from pinochle_tui.screens.dialogs import HandResultScreen, QuitScreen, SeatClosedScreen, TricksScreen, tricks_text
from pinochle_tui.screens.join import JoinScreen
from pinochle_tui.screens.table import TableScreen
from pinochle_tui.settings import Settings
from pinochle_tui.table.build import facts_from_news, seat_facts
from rules import Phase, Play, load_variants

from .ports import free_port

VARIANTS = load_variants()
SIZE = (80, 24)


@pytest.fixture(autouse=True)
def home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Settings and saves go to a tmp dir; a lost connection is tried again at once."""
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(client, "BACKOFF_FIRST", 0.05)
    return tmp_path / "home"


def _table_of(variant: str, seed: str, level: str = "random") -> Controller:
    """``variant`` with Ann (seat 0) at another terminal and bots of ``level`` in the others."""
    v = VARIANTS[variant]
    seats = [Seat("human", "Ann")] + [Seat("bot", f"Bot{p}", level) for p in range(1, v.people)]
    return Controller(v, seats, seed=seed)


def _app(port: int, code: str | None, settings: Settings | None = None, trick_delay: float = 0) -> PinochleApp:
    app = PinochleApp(VARIANTS, settings=settings or Settings(), bot_delay=0, trick_delay=trick_delay)
    app.join_at = ("127.0.0.1", port, code)
    return app


@contextlib.asynccontextmanager
async def _seated(
    seed: str, variant: str = "partnership", level: str = "random", **app_kw: Any
) -> AsyncIterator[tuple[Controller, Any, Any, Any, Any]]:
    """Ann's seat joined at a hosted table of ``variant``: (the host's controller, the
    joined app, its pilot, its table screen, the host's server); ``app_kw``: the app's own
    settings and pacing (default: none, no delays)."""
    ctrl = _table_of(variant, seed, level)
    server, port, codes = await start_host(ctrl, remote=[0], port=0)
    try:
        app = _app(port, codes[0], **app_kw)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
            yield ctrl, app, pilot, _table(app), server
    finally:
        await server.close()


def _table(app: PinochleApp) -> TableScreen:
    t = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    return t


def _prompt(app: PinochleApp) -> str:
    """The prompt and the message line under it, as drawn."""
    return str(_table(app).query_one("#prompt").render())


async def _playuntil(
    pilot: Any, app: PinochleApp, done: Callable[[], bool], seconds: float = 40.0, outbid: bool = False
) -> None:
    """Play this seat by ``a`` ("play this for me": the hint's bot on its own view, each
    action sent to the host) and Enter through its meld pause, until ``done()``;
    ``outbid``: in the auction Enter bids the lowest bid allowed (p passes when none is),
    so the seat takes the contract and its widow, pass and burial come to its keys."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        t = _table(app)
        f = t.now()
        if isinstance(app.screen, HandResultScreen):  # (a hand thrown in before the tricks: the next)
            await pilot.press("enter")
        elif app.screen is t and (f.my_turn or f.meld_pause) and t.remote.sent is None and not t.busy:
            if outbid and f.decides is Phase.AUCTION:
                await pilot.press("enter" if f.bid_amounts else "p")
            else:
                await pilot.press("enter" if f.meld_pause else "a")
        await pilot.pause(0.01)


async def test_a_remote_seat_plays_a_hand_to_its_result_and_goes_on() -> None:
    async with _seated("client-hand") as (ctrl, app, pilot, t, _server):
        assert t.remote is not None and t._ctrl is None  # no controller at this terminal
        assert t.now().names[0] == "Ann" and t.viewer() == 0
        # one truth: the joined seat's facts are the ones the host makes for that seat
        mine, hosts = t.now(), seat_facts(ctrl, 0)
        for part in ("view", "legal", "names", "humans", "to_act", "options", "bid_amounts", "hand", "keys"):
            assert getattr(mine, part) == getattr(hosts, part), part
        await _playuntil(pilot, app, lambda: shown(app, HandResultScreen))
        result = app.screen
        assert isinstance(result, HandResultScreen) and result.ctrl is None
        assert result.outcome.hand_no == 1 and ctrl.round.phase is Phase.DONE
        headline = str(result.query_one("#result-headline").render())
        assert headline.strip() and headline.strip() in str(result.outcome.headline)
        # every decision of this seat the host applied is the client's, once each
        mine = [a for k, a in enumerate(ctrl.actions) if ctrl.states[k].to_act == 0]
        assert [d.action for d in t.remote.decisions[1]] == mine
        await pilot.press("enter")  # Ready: the host deals the next hand (no other person)
        await until(pilot, lambda: ctrl.hand_no == 2 and t.now().hand_no == 2)
        assert app.screen is t


async def test_a_card_the_engine_refuses_is_said_in_the_engines_words() -> None:
    async with _seated("client-refused") as (ctrl, app, pilot, t, _server):

        def a_card_refused() -> bool:  # this seat follows a trick, holding cards it may not play
            f = t.now()
            return bool(f.decides is Phase.TRICKS and len(f.legal_plays) < len(f.playable))

        await _playuntil(pilot, app, a_card_refused)
        f = t.now()
        i = next(k for k, x in enumerate(f.playable) if x not in f.legal_plays)
        card = f.playable[i][0]
        words = ctrl.refusal(Play(card))  # the engine's own, at the host
        assert words
        t.cursor = i
        before = len(ctrl.actions)
        await pilot.press("enter")
        await until(pilot, lambda: "Not that card" in _prompt(app))
        assert f"Not that card: {pretty(words)}" in _prompt(app).replace("\n", " ")
        assert len(ctrl.actions) == before  # nothing applied
        assert t.now().my_turn  # the seat decides again


async def test_a_dropped_connection_comes_back_mid_hand_saying_so_with_no_decision_lost() -> None:
    async with _seated("client-drop") as (ctrl, app, pilot, t, _server):
        loop = t.remote
        # into the tricks
        await _playuntil(pilot, app, lambda: ctrl.round.phase is Phase.TRICKS and len(ctrl.round.tricks) >= 2)
        hand = ctrl.hand_no
        ws = loop.conn._ws
        assert ws is not None
        ws.transport.abort()  # the network goes: no close handshake
        await until(pilot, lambda: loop.conn.status.state == "lost")
        await pilot.pause(0)
        assert "Connection lost — reconnecting (try 1)…" in _prompt(app)
        await until(pilot, lambda: loop.conn.connected)
        await until(pilot, lambda: "Connection lost" not in _prompt(app))
        await _playuntil(pilot, app, lambda: ctrl.round.phase is Phase.DONE)
        mine = [a for k, a in enumerate(ctrl.actions) if ctrl.states[k].to_act == 0]
        assert [d.action for d in loop.decisions[hand]] == mine  # none lost, none twice
        assert loop.conn.attempt == 0 and loop.conn.last_seq == loop.seq


async def test_a_seat_whose_connection_is_down_is_not_invited_to_move_until_it_is_back() -> None:
    """While the connection is down the seat's turn waits: no "your turn" marker, no
    action button, the prompt says it is reconnecting, and a key sends nothing; all of it
    comes back with the connection."""
    import asyncio

    async with _seated("client-offline-turn") as (ctrl, app, pilot, t, _server):
        loop = t.remote
        await _playuntil(pilot, app, lambda: t.now().my_turn and ctrl.round.phase is Phase.TRICKS)
        title = t.query_one("#hand-title")
        assert "your turn" in str(title.render()) and t.query_one("#btn-0").display
        back = asyncio.Event()

        async def held(seconds: float) -> None:  # the back-off lasts until the test lets it end
            await back.wait()

        loop.conn._sleep = held
        before = len(ctrl.actions)
        loop.conn._ws.transport.abort()
        await until(pilot, lambda: loop.conn.status.state == "lost")
        await pilot.pause(0.05)
        assert not t.now().my_turn
        said = _prompt(app).replace("\n", " ")
        assert "Connection lost — reconnecting (try 1)… Your move waits until it is back." in said
        assert "your turn" not in str(title.render())
        assert not any(b.display for b in t.query("#buttons Choice"))
        await pilot.press("enter")
        await pilot.pause(0.05)
        assert "Not sent" not in _prompt(app) and len(ctrl.actions) == before
        back.set()
        await until(pilot, lambda: loop.conn.connected and t.now().my_turn)
        await pilot.pause(0.05)
        assert "your turn" in str(title.render()) and t.query_one("#btn-0").display
        assert "Connection lost" not in _prompt(app)


async def test_a_seat_closed_for_good_says_how_to_sit_down_again_not_that_its_move_waits() -> None:
    """The host says goodbye at this seat's turn: the prompt gives the host's reason and how
    to take the seat back; it said "Your move waits until it is back", and nothing would
    come back (a closed connection does not try again)."""
    from pinochle_tui.remote import protocol as P
    from pinochle_tui.table.facts import gone_for_good

    async with _seated("client-closed-turn") as (ctrl, app, pilot, t, _server):
        loop = t.remote
        await _playuntil(pilot, app, lambda: t.now().my_turn and ctrl.round.phase is Phase.TRICKS)
        loop.conn._take(P.encode(P.Bye(reason="The host closed the table.")))
        await until(pilot, lambda: loop.conn.closed and not t.now().my_turn)
        await pilot.pause(0.05)
        said = " ".join(_prompt(app).split())
        assert said == f"The host closed the table. {gone_for_good()}", said


def test_everyones_meld_is_not_gone_on_from_while_the_connection_is_down() -> None:
    """At the meld pause Enter (or ``a``) tells the host this seat goes on: while the
    connection is down neither acts (nothing could be sent); back, both do."""
    from pinochle_tui.table.facts import key_states
    from pinochle_tui.table.news import seat_news

    ctrl = _table_of("partnership", "client-offline-meld")
    paused = facts_from_news(seat_news(ctrl, 0))._replace(meld_pause=True, to_act=1)
    assert key_states(paused)["continue"] and key_states(paused)["auto"]
    down = paused._replace(offline="Connection lost — reconnecting (try 2)…")
    assert not key_states(down)["continue"] and not key_states(down)["auto"]


async def test_the_review_goes_over_the_decisions_this_seat_made() -> None:
    async with _seated("client-review") as (ctrl, app, pilot, t, _server):

        def tricks_played() -> bool:  # (random bots may throw a hand in: the next one then)
            return isinstance(app.screen, HandResultScreen) and bool(app.screen.outcome.tricks.plain)

        await _playuntil(pilot, app, tricks_played)
        result = app.screen
        assert isinstance(result, HandResultScreen)
        review = t.remote.make_review()
        hand = ctrl.hand_no
        assert review.humans == [0] and review.hand_no == hand
        assert [d.action for d in review.decisions] == [d.action for d in t.remote.decisions[hand]]
        mine = [a for k, a in enumerate(ctrl.actions) if ctrl.states[k].to_act == 0]
        assert [d.action for d in review.decisions] == mine
        assert all(d.view.seat == 0 and d.view.hand for d in review.decisions)  # its own views
        assert result.outcome.tricks.plain.startswith("Tricks this hand (12 of 12)")
        await pilot.press("t")  # the tricks of the hand, from the host's outcome
        await until(pilot, lambda: shown(app, TricksScreen))
        assert app.screen.text.plain == result.outcome.tricks.plain  # type: ignore[attr-defined]


async def test_a_wrong_code_is_said_on_the_join_screen_and_can_be_typed_again() -> None:
    ctrl = _table_of("partnership", "client-code")
    server, port, codes = await start_host(ctrl, remote=[0], port=0)
    try:
        app = _app(port, None)  # no code: the join screen asks for it, its field focused
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: shown(app, JoinScreen))
            await pilot.pause(0.05)
            assert app.focused is not None and app.focused.id == "join-code"
            await pilot.press(*"ZZZZ-ZZZZ-ZZZZ-ZZZZ", "enter")
            status = app.screen.query_one("#join-status")
            await until(pilot, lambda: "refused" in str(status.render()))
            assert isinstance(app.screen, JoinScreen)
            field = app.screen.query_one("#join-code")
            field.value = codes[0]  # type: ignore[attr-defined]
            await pilot.press("enter")
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
    finally:
        await server.close()


async def test_the_join_screen_offers_the_last_table_joined_again() -> None:
    """A table joined is kept in the settings (its address and the seat's name), and the
    next join screen opened without an address offers it, saying whose seat it was: a
    friend who joins again types only the code."""
    ctrl = _table_of("partnership", "client-join-again")
    server, port, codes = await start_host(ctrl, remote=[0], port=0)
    try:
        app = _app(port, codes[0])
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        kept = Settings.load()
        assert (kept.join_address, kept.join_name) == (f"127.0.0.1:{port}", "Ann")
        again = PinochleApp(VARIANTS, settings=kept, bot_delay=0, trick_delay=0)
        again.join_at = (None, None, None)
        async with again.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: shown(again, JoinScreen))
            await pilot.pause(0.05)
            screen = again.screen
            assert screen.query_one("#join-address").value == f"127.0.0.1:{port}"  # type: ignore[attr-defined]
            assert again.focused is not None and again.focused.id == "join-code"
            said = str(screen.query_one("#join-status").render())
            assert said == f"Last joined: Ann's seat at 127.0.0.1:{port}. Type the code for your seat."
            await pilot.press(*codes[0], "enter")
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in again.screen_stack))
    finally:
        await server.close()


async def test_a_bad_address_is_refused_on_the_join_screen_in_one_line() -> None:
    app = PinochleApp(VARIANTS, settings=Settings())
    app.join_at = (None, None, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        assert isinstance(app.screen, JoinScreen) and app.focused is not None and app.focused.id == "join-address"
        await pilot.press(*"host:99999", "enter", *"ABCD", "enter")
        said = str(app.screen.query_one("#join-status").render())
        assert said == "Host: port '99999' is not allowed; give a number from 1 to 65535"
        await pilot.press("escape")  # back to the new-game screen
        await pilot.pause(0.05)
        assert type(app.screen).__name__ == "NewGameScreen"


def test_another_seats_state_is_said_without_the_hosts_key() -> None:
    """The host's line names its own key ("b: a bot plays for Bob"): a seat at another
    terminal is told what happens instead."""
    from pinochle_tui.remote import protocol as P
    from pinochle_tui.screens.remote_loop import RemoteLoop

    loop = RemoteLoop(None, "127.0.0.1", 9, "X")
    loop.welcome = P.Welcome(seat=2, variant=VARIANTS["partnership"].model_dump(mode="json"), names=(), seats=())
    loop.conn.status = client.Status("connected")
    gone = "Bob is offline — waiting (b: a bot plays for Bob)"
    loop.seats = (P.SeatInfo(person=1, name="Bob", state="disconnected", line=gone),)
    assert str(loop.table_line()) == "Bob is offline — waiting (the host may seat a bot)"
    sat_in = "a bot plays for Bob until Bob is back"
    loop.seats = (P.SeatInfo(person=1, name="Bob", state="bot", line=sat_in),)
    assert str(loop.table_line()) == "A bot plays for Bob until Bob is back"  # a line of its own: a sentence
    loop.seats = (P.SeatInfo(person=2, name="Cy", state="disconnected", line="Cy disconnected"),)
    assert loop.table_line() == ""  # (its own seat: it knows)
    loop.conn.status = client.Status("lost", 3, 2.0)
    assert loop.table_line() == ""  # (the connection's own state is the prompt's)
    assert loop.offline() == "Connection lost — reconnecting (try 3)… The host may have closed the table."
    loop.conn.status = client.Status("closed", reason="the host refused the connection (is it running?)")
    assert loop.offline().startswith("The host refused the connection (is it running?) ")


async def test_a_host_not_there_is_said_on_the_join_screen_and_tried_again() -> None:
    port = free_port()  # held, nobody listening: every try is refused
    app = _app(port, "ABCD-EFGH")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: shown(app, JoinScreen))
        status = app.screen.query_one("#join-status")
        await until(pilot, lambda: "(try 2)" in str(status.render()))
        said = str(status.render())
        assert said.startswith("Cannot reach the host: the host refused the connection (is it running?)")
        assert isinstance(app.screen, JoinScreen)


async def test_a_host_of_another_version_is_said_on_the_join_screen_in_one_line_and_not_tried_again() -> None:
    """A host of protocol 2 answers the hello in its version (a bye saying which it
    speaks): the join screen says so in one line, and the seat does not knock again."""
    import asyncio

    from websockets.asyncio.server import serve

    hellos: list[str] = []

    async def other_host(ws: Any) -> None:
        hellos.append(str(await ws.recv()))
        await ws.send('{"v": 2, "type": "bye", "reason": "this table speaks protocol 2 and your terminal 1"}')

    async with serve(other_host, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        app = _app(port, "ABCD-EFGH")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: shown(app, JoinScreen))
            status = app.screen.query_one("#join-status")
            await until(pilot, lambda: "another version" in str(status.render()))
            await asyncio.sleep(BACKOFF_FIRST * 2)  # (long past the first try again, were there one)
            assert str(status.render()) == (
                "The host runs another version of pinochle: this table speaks protocol 2 and your terminal 1."
                " Join with the same version as the host."
            )
            assert len(hellos) == 1 and isinstance(app.screen, JoinScreen)


async def test_a_forced_last_card_plays_itself_and_the_last_trick_stands_before_the_result() -> None:
    """The settings "auto-play a forced card" and the trick delay hold at a joined seat as at
    a game of one's own."""
    seated = _seated("client-forced", settings=Settings(auto_play_forced=True), trick_delay=0.5)
    async with seated as (ctrl, app, pilot, t, _server):
        loop = t.remote
        end = time.monotonic() + 40
        while True:  # keys for every decision but a forced card, to the end of a played hand
            assert time.monotonic() < end, "timed out"
            f = t.now()
            result = loop.news.view.result if loop.news is not None else None
            if result is not None and result.kind == "played":
                break
            if isinstance(app.screen, HandResultScreen):  # (thrown in: the next hand)
                await pilot.press("enter")
            elif app.screen is t and loop.sent is None and not t.busy:
                forced = f.decides is Phase.TRICKS and len(f.legal_plays) == 1
                if f.meld_pause or (f.my_turn and not forced):
                    await pilot.press("enter" if f.meld_pause else "a")
            await pilot.pause(0.01)
        last = [a for k, a in enumerate(ctrl.actions) if ctrl.states[k].to_act == 0][-1]
        assert loop.decisions[ctrl.hand_no][-1].action == last  # sent by itself, no key
        assert not isinstance(app.screen, HandResultScreen)  # the last trick stands first
        assert t._hold_until > time.monotonic()
        await until(pilot, lambda: isinstance(app.screen, HandResultScreen), seconds=5)


async def test_a_seat_that_leaves_its_table_for_a_new_game_leaves_the_host() -> None:
    async with _seated("client-leave") as (_ctrl, app, pilot, _t, server):
        assert 0 in server.core.links
        app.action_new_game()
        await until(pilot, lambda: 0 not in server.core.links)  # the host no longer waits on it
        assert type(app.screen).__name__ == "NewGameScreen"


async def test_a_browser_tabs_app_offers_nothing_of_the_hosts_machine_but_the_table() -> None:
    """``join_only`` (a tab served by ``pinochle host --web``): no new game, statistics or
    palette; Esc on the join screen, and a new game at game over, end the app."""
    app = PinochleApp(VARIANTS, settings=Settings())
    app.join_at = ("127.0.0.1", 9, None)
    app.join_only = True
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: shown(app, JoinScreen))
        field = app.screen.query_one("#join-address")
        assert not field.disabled  # (locked only under the web driver itself: `App.is_web`)
        for action in ("new_game", "show_stats", "command_palette", "join_table"):
            assert app.check_action(action, ()) is False
        app.action_show_stats()
        app.action_command_palette()
        await pilot.pause(0.05)
        assert isinstance(app.screen, JoinScreen)
        await pilot.press("escape")
        await pilot.pause(0.1)
    assert app.return_code == 0


async def test_a_seat_taken_by_another_connection_says_so_and_stops_trying() -> None:
    from websockets.asyncio.client import connect

    from pinochle_tui.remote import protocol as P

    async with (
        _seated("client-replaced") as (_ctrl, app, pilot, t, server),
        connect(f"ws://127.0.0.1:{server.port}/") as other,  # the same code, elsewhere
    ):
        loop = t.remote
        await other.send(P.encode(P.Hello(code=server.core.codes[0])))
        await until(pilot, lambda: shown(app, SeatClosedScreen))
        _seat_closed_says_why(app)
        await pilot.pause(0.3)
        assert loop.conn.closed and loop.conn.attempt == 0  # no try again: it would take the seat back
        assert isinstance(app.screen, SeatClosedScreen)


def _seat_closed_says_why(app: PinochleApp) -> None:
    """The table is gone (no frozen table, no "Waiting for ..."), and the screen says why
    and when, in one line."""
    import re

    assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
    said = str(app.screen.query_one("#closed-reason").render())
    pattern = r"Another terminal took this seat with its code \(at \d\d:\d\d\)\. This one is closed\."
    assert re.fullmatch(pattern, said), said


async def test_an_action_lost_with_the_connection_is_decided_again_once_back() -> None:
    async with _seated("client-lost-act") as (ctrl, app, pilot, t, _server):
        loop = t.remote
        await _playuntil(pilot, app, lambda: t.now().my_turn and ctrl.round.phase is Phase.TRICKS)
        f = t.now()
        before = len(ctrl.actions)
        loop.sent = (loop.seq, f.legal[0], (f.view, f.legal, f.hand_no))  # sent as the network went
        loop.conn._ws.transport.abort()
        await until(pilot, lambda: loop.conn.status.state == "lost")
        await until(pilot, lambda: loop.conn.connected and loop.sent is None)
        assert len(ctrl.actions) == before and t.now().my_turn  # never applied: the seat decides again
        await pilot.press("a")
        await until(pilot, lambda: len(ctrl.actions) > before)


async def test_a_host_with_no_seat_of_its_own_shows_no_hand_and_says_why() -> None:
    v = VARIANTS["partnership"]
    seats = [Seat("human", "Bob"), Seat("bot", "W", "random"), Seat("human", "Cy"), Seat("bot", "E", "random")]
    ctrl = Controller(v, seats, seed="host-no-seat")
    ctrl.remote = frozenset({0, 2})
    app = PinochleApp(VARIANTS, ctrl=ctrl, settings=Settings(), bot_delay=0, trick_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        t = app.screen
        assert isinstance(t, TableScreen) and t.viewer() is None
        assert t.now().view.hand == ()
        title = str(t.query_one("#hand-title").render())
        assert title == "You host this table: its hands are played at the other terminals and by the bots."


@pytest.mark.parametrize(
    ("variant", "seed", "made"),
    [
        ("partnership", "client-partnership", {"NameTrump", "PassCards"}),  # the pass back
        ("cutthroat", "client-cutthroat-3", {"NameTrump", "PlayOn", "Play"}),  # the widow seen, played on
        ("racehorse", "client-racehorse", {"NameTrump", "Bury"}),  # the burial
        ("two-hand", "client-two-hand", {"DeclareDix", "Play"}),  # the stock, the melds on the table
        ("five-hand", "client-five-hand", {"CallPartner"}),  # the called partner
    ],
)
async def test_a_joined_seat_takes_the_contract_in_other_forms_by_its_keys(
    variant: str, seed: str, made: set[str]
) -> None:
    # (the standard bots stop bidding where their hands do: the seat's lowest bids outbid them)
    async with _seated(seed, variant, "standard") as (ctrl, app, pilot, t, _server):
        done = lambda: isinstance(app.screen, HandResultScreen)  # noqa: E731
        await _playuntil(pilot, app, done, seconds=60, outbid=True)
        mine = [a for k, a in enumerate(ctrl.actions) if ctrl.states[k].to_act == 0]
        assert [d.action for d in t.remote.decisions[ctrl.hand_no]] == mine
        assert made <= {type(a).__name__ for a in mine}


async def test_quitting_a_joined_seat_says_how_to_come_back() -> None:
    async with _seated("client-quit") as (_ctrl, app, pilot, t, _server):
        await pilot.press("q")
        await pilot.pause(0.1)
        said = str(app.screen.query_one("Static").render())
        assert "The host keeps the game; pinochle join with your code takes your seat back." in said
        assert "--resume" not in said
        await pilot.press("n")
        await pilot.pause(0.1)
        # the help says the same of the quit key: a question first, then the host keeps the game
        from pinochle_tui.screens.dialogs import HelpScreen

        await pilot.press("question_mark")
        await until(pilot, lambda: shown(app, HelpScreen))
        keys = app.screen.query_one("#help-keys").content.plain  # type: ignore[attr-defined]
        assert (
            "  q                 quit: asks first (y quits, n or Esc keeps playing); the host keeps the"
            " game, pinochle join with your code takes your seat back"
        ) in keys
        assert "--resume" not in keys
        # undo is off here, and the help says so where it lists undo
        assert (
            "  u                 undo: off at a hosted table (a move sent to or from another terminal stands)" in keys
        )
        assert "undo your last move" not in keys
        # the yes: the terminal keeps the join line, the code with it, which went with the screen
        conn = t.remote.conn
        await pilot.press("escape")  # (the help closed)
        await until(pilot, lambda: app.screen is t)
        await pilot.press("q")
        await until(pilot, lambda: shown(app, QuitScreen))
        await pilot.press("y")
        await until(pilot, lambda: bool(app.farewell_line))
        assert app.farewell_line == (
            f"Your seat waits: pinochle join 127.0.0.1:{conn.port} --code {conn.code} takes it back."
        )
        assert conn.code and conn.host == "127.0.0.1"


async def test_the_tricks_so_far_come_from_the_seats_own_view() -> None:
    async with _seated("client-tricks") as (ctrl, app, pilot, t, _server):
        await _playuntil(pilot, app, lambda: len(ctrl.round.tricks) >= 2 and t.now().my_turn)
        await pilot.press("t")
        await until(pilot, lambda: shown(app, TricksScreen))
        listed = app.screen.text.plain  # type: ignore[attr-defined]
        assert listed.startswith(f"Tricks this hand ({len(ctrl.round.tricks)} of 12)")
        assert listed == tricks_text(ctrl, 0).plain  # what the host's own table shows that seat


def _expert_settings() -> Settings:
    """A player whose last new game seated an expert: at a table of their own the hint
    would be the expert's."""
    seats = [{"kind": "human", "name": "Ann", "level": ""}] + [
        {"kind": "bot", "name": f"Bot{p}", "level": "expert" if p == 1 else "standard"} for p in range(1, 4)
    ]
    return Settings(last={"variant": "partnership", "seats": seats})


async def test_a_joined_seats_hint_is_the_experts_where_the_players_settings_seat_one() -> None:
    from bots.expert import ExpertBot
    from pinochle_tui.screens.dialogs import HintScreen

    async with _seated("client-expert-hint", settings=_expert_settings()) as (_ctrl, app, pilot, t, _server):
        bot = t.hint_bot()
        assert bot.name == "expert" and bot.explain_bids and bot.leave_cores == 0
        # a node budget (the same search every time, and quick); the settings' think is
        # what the hint takes otherwise (and "play for me", which plays the hint's move)
        t.remote._hint = ExpertBot(think=None, nodes=800)
        await _playuntil(pilot, app, lambda: t.now().decides is Phase.TRICKS and t.now().my_turn)
        await pilot.press("i")
        await until(pilot, lambda: shown(app, HintScreen))
        said = str(app.screen.query_one("#hint-text").render())
        # the search says why, then its figures (its words as wrapped in the box: read as one line)
        flat = " ".join(said.split())
        assert said.startswith("Hint (expert bot)\n\nplay ") and " on average: " in flat and "Figures, " in flat
        # it searched on the worker pool, leaving the app's process a core for its frames
        assert t.remote._hint.leave_cores == 1
        # its search sampled deals (from the view the host sent Ann: all it is given)
        assert t.remote._hint.last is not None and t.remote._hint.last.deals > 1


async def test_a_joined_seats_hint_stays_the_standard_bots_with_no_expert_in_the_settings() -> None:
    async with _seated("client-standard-hint") as (_ctrl, _app, _pilot, t, _server):
        assert t.hint_bot().name == "standard"


async def test_a_key_while_the_connection_is_down_says_wait_and_the_line_goes_once_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(client, "BACKOFF_FIRST", 1.0)  # (time to press a key while it is down)
    async with _seated("client-not-sent") as (ctrl, app, pilot, t, _server):
        loop = t.remote
        await _playuntil(pilot, app, lambda: t.now().my_turn and ctrl.round.phase is Phase.TRICKS)
        before = len(ctrl.actions)
        loop.conn._ws.transport.abort()
        await until(pilot, lambda: loop.conn.status.state == "lost")
        await pilot.press("a")  # "play this for me": nothing could go
        await until(pilot, lambda: "Wait: connection lost — reconnecting (try 1)…" in _prompt(app))
        await until(pilot, lambda: loop.conn.connected and t.now().my_turn)
        await pilot.pause(0.1)
        assert "Wait" not in _prompt(app) and "Wait" not in str(t.message)
        assert len(ctrl.actions) == before


async def test_ready_goes_from_the_message_line_when_the_next_hand_is_dealt() -> None:
    # (this seed's second hand is dealt to Ann's left: she bids first, no decision made yet)
    async with _seated("client-ready-2") as (_ctrl, app, pilot, t, _server):
        await _playuntil(pilot, app, lambda: isinstance(app.screen, HandResultScreen))
        seq = t.remote.seq
        await pilot.press("enter")  # Ready: the host deals the next hand
        await until(pilot, lambda: t.now().hand_no == 2 and app.screen is t)
        await pilot.pause(0.1)
        assert t.remote.seq == seq and t.now().my_turn  # (the same decision count: the bidding's first)
        assert "Ready" not in _prompt(app) and "Ready" not in str(t.message)


async def test_a_seat_taken_at_a_resumed_host_ends_the_table_whatever_its_message_line_said(tmp_path: Any) -> None:
    """The host killed and resumed from its save (the same codes): a second terminal with
    this seat's code takes it, and this terminal's table ends, saying why."""
    from websockets.asyncio.client import connect

    from pinochle_tui.remote import protocol as P
    from pinochle_tui.save import load_game, save_game

    first = _table_of("partnership", "client-replaced-resumed")
    server, _port, codes = await start_host(first, remote=[0], port=0)
    await server.close()
    first.apply(first.legal()[0])  # (a decision or more made before the host was killed)
    while first.round.to_act != 0:
        first.apply(first.legal()[0])
    save_game(first, tmp_path / "game-hosted.json")
    ctrl = load_game(tmp_path / "game-hosted.json")
    assert ctrl.remote_codes == codes and len(ctrl.actions) > 0
    server, port, _codes = await start_host(ctrl, codes=codes, port=0)
    try:
        app = _app(port, codes[0])
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
            t = _table(app)
            await until(pilot, lambda: t.now().my_turn)
            t.message = "Not sent: the connection to the host is down; try again."  # (a line left from before)
            async with connect(f"ws://127.0.0.1:{port}/") as other:  # the same code, elsewhere
                await other.send(P.encode(P.Hello(code=codes[0])))
                await until(pilot, lambda: isinstance(app.screen, SeatClosedScreen), 5)
                _seat_closed_says_why(app)  # (the message the line held goes with the table)
    finally:
        await server.close()


class _HeldBot:
    """The standard bot's stand-in for the hint, thinking until it is let go."""

    name = "standard"

    def __init__(self) -> None:
        import threading

        self.go = threading.Event()

    def act(self, view: Any, legal: Any, rng: Any) -> Any:
        self.go.wait(5)
        return legal[0]


async def test_a_hint_that_comes_while_the_quit_question_is_open_waits_for_its_answer() -> None:
    """A joined seat asks a hint, then ``q``: the hint comes while the quit question is
    open and waits under it (its box went up over the question), as the host's own table
    holds its bots' moves; "n" keeps playing and the hint's box shows."""
    from pinochle_tui.screens.dialogs import HintScreen, QuitScreen

    async with _seated("client-hint-quit") as (_ctrl, app, pilot, t, _server):
        await _playuntil(pilot, app, lambda: t.now().decides is Phase.TRICKS and t.now().my_turn)
        bot = _HeldBot()
        t.remote._helper = bot
        await pilot.press("i")
        await until(pilot, lambda: t.busy)
        await pilot.press("q")
        await until(pilot, lambda: shown(app, QuitScreen))
        bot.go.set()
        await until(pilot, lambda: bool(t.remote.held))  # (the answer came, and waits)
        await pilot.pause(0.1)
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await until(pilot, lambda: shown(app, HintScreen))
        assert not t.busy and not t.remote.held


@pytest.mark.parametrize("answer", ["n", "y"])
async def test_play_for_me_that_comes_while_the_quit_question_is_open_waits_for_its_answer(answer: str) -> None:
    """A joined seat's "play for me" (``a``), then ``q``: its move came back under the quit
    question and was sent to the host at once.  It waits for the answer: "n" keeps
    playing and the move goes then; "y" leaves the table and it never goes."""
    from pinochle_tui.screens.dialogs import QuitScreen

    async with _seated(f"client-auto-quit-{answer}") as (ctrl, app, pilot, t, _server):
        await _playuntil(pilot, app, lambda: t.now().decides is Phase.TRICKS and t.now().my_turn)
        bot = _HeldBot()
        t.remote._helper = bot
        moves = len(ctrl.actions)
        await pilot.press("a")
        await until(pilot, lambda: t.busy)
        await pilot.press("q")
        await until(pilot, lambda: shown(app, QuitScreen))
        bot.go.set()
        await until(pilot, lambda: bool(t.remote.held))  # (the move came, and waits)
        await pilot.pause(0.2)
        assert isinstance(app.screen, QuitScreen) and t.remote.sent is None and len(ctrl.actions) == moves
        await pilot.press(answer)
        if answer == "n":
            await until(pilot, lambda: len(ctrl.actions) > moves)
            assert ctrl.actions[moves] == t.remote.decisions[ctrl.hand_no][-1].action
        else:
            await pilot.pause(0.3)
            assert len(ctrl.actions) == moves


async def test_the_quit_question_stays_open_when_the_joined_table_opens_under_it() -> None:
    """The quit question asked on the join screen while it waits for the host: the host's
    table, opening meanwhile, replaced the screens and took the question away unanswered.
    The table opens under it and the question stays on top; "n" keeps the table."""
    import socket

    from pinochle_tui.remote.codes import new_code
    from pinochle_tui.screens.dialogs import QuitScreen

    with socket.socket() as s:  # a port nobody listens on yet: the join screen tries again
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = new_code()
    app = _app(port, code)
    server = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: shown(app, JoinScreen))
            await pilot.press("ctrl+q")
            await until(pilot, lambda: shown(app, QuitScreen))
            server, _port, _codes = await start_host(
                _table_of("partnership", "client-quit-open"), codes={0: code}, port=port
            )
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
            await pilot.pause(0.1)
            assert [type(s).__name__ for s in app.screen_stack[1:]] == ["TableScreen", "QuitScreen"]
            assert app.screen.query_one("#dialog").region.height > 0  # drawn, on top
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert not app.quit_dialog_open()
    finally:
        if server is not None:
            await server.close()


async def test_ctrl_c_at_a_joined_table_asks_to_quit_as_q_does() -> None:
    """ctrl+c did nothing at a joined seat: it opens the quit question, which says the
    host keeps the game."""
    from pinochle_tui.screens.dialogs import QuitScreen

    async with _seated("client-ctrl-c") as (_ctrl, app, pilot, _t, _server):
        await pilot.press("ctrl+c")
        await until(pilot, lambda: shown(app, QuitScreen))
        assert "The host keeps the game;" in str(app.screen.query_one("Static").render())


async def test_a_result_left_open_while_the_host_deals_on_keeps_its_own_hand() -> None:
    """The host deals the next hand without this seat (Enter again at the host): the result
    still open here reviews the hand it shows, not the one now dealt, and says the next
    hand has started; Enter there goes to it."""
    async with _seated("client-dealt-on") as (ctrl, app, pilot, t, server):

        def tricks_played() -> bool:  # (random bots may throw a hand in: the next one then)
            return isinstance(app.screen, HandResultScreen) and bool(app.screen.outcome.tricks.plain)

        await _playuntil(pilot, app, tricks_played)
        result = app.screen
        assert isinstance(result, HandResultScreen)
        hand = ctrl.hand_no
        mine = [a for k, a in enumerate(ctrl.actions) if ctrl.states[k].to_act == 0]
        server.core.driver.next_hand()  # (the host's Enter again: dealt without this seat)
        await until(pilot, lambda: t.now().hand_no == hand + 1)
        await pilot.pause(0.05)
        assert app.screen is result
        review = result.make_review()
        assert review.hand_no == hand and [d.action for d in review.decisions] == mine
        more = str(result.query_one("#result-more").render())
        assert more == f"Hand {hand + 1} has been dealt: Enter to join it."
        await pilot.pause(0.6)  # (past the result's key pause)
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is t)
        assert t.now().hand_no == hand + 1 and "Ready" not in str(t.message)


async def _played_to_the_third_trick(ctrl: Controller, port: int, code: str) -> None:
    """A terminal joined with ``code`` plays the seat to its card at the third trick, then
    closes (the seat's connection gone with it)."""
    first = _app(port, code)
    async with first.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: any(isinstance(s, TableScreen) for s in first.screen_stack))

        def third_trick() -> bool:
            r = ctrl.round
            return r.phase is Phase.TRICKS and len(r.tricks) >= 2 and r.to_act == 0

        await _playuntil(pilot, first, third_trick)


async def test_a_seat_joined_again_mid_hand_reviews_the_whole_hand() -> None:
    """This seat's terminal closed at the third trick and a new one joined with the same
    code: its review has every decision of the seat's in the hand, the ones made at the
    first terminal too (sent by the host after its welcome), each once."""
    ctrl = _table_of("partnership", "client-review-rejoined")
    server, port, codes = await start_host(ctrl, remote=[0], port=0)
    try:
        await _played_to_the_third_trick(ctrl, port, codes[0])
        hand = ctrl.hand_no
        earlier = [a for k, a in enumerate(ctrl.actions) if ctrl.states[k].to_act == 0]
        assert len(earlier) >= 3
        again = _app(port, codes[0])
        async with again.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in again.screen_stack))
            t = _table(again)
            await _playuntil(pilot, again, lambda: isinstance(again.screen, HandResultScreen) or ctrl.hand_no > hand)
            assert ctrl.hand_no == hand and isinstance(again.screen, HandResultScreen)
            mine = [a for k, a in enumerate(ctrl.actions) if ctrl.states[k].to_act == 0]
            review = again.screen.make_review()
            assert [d.action for d in review.decisions] == mine
            before = sum(len(h) for h in ctrl.done_hands)  # (the game's decisions: the news's seq)
            places = [before + k for k in range(len(ctrl.actions)) if ctrl.states[k].to_act == 0]
            assert [d.index for d in review.decisions] == places
            assert all(d.view.seat == 0 and d.view.hand for d in review.decisions)
            assert t.remote.decisions[hand] == review.decisions
    finally:
        await server.close()


async def test_a_seat_joined_again_reviews_its_play_for_me_moves_and_where_a_bot_played_for_it() -> None:
    """The seat played by "play for me" (``a``) to its third trick, its terminal closed and
    a bot played its next two cards (as the host's ``b`` seats one); joined again, its
    review says the earlier moves were made for it, as the ones made at the new terminal,
    and says in one line, in its place, where the bot played for it."""
    from pinochle_tui.review import Reviewed
    from rules import legal_actions

    ctrl = _table_of("partnership", "client-review-away")
    server, port, codes = await start_host(ctrl, remote=[0], port=0)
    core = server.core
    try:
        await _played_to_the_third_trick(ctrl, port, codes[0])
        hand = ctrl.hand_no
        for _ in range(50):  # (its terminal closed: the seat is offline, the table waits for it)
            if core.state_of(0) == "disconnected":
                break
            time.sleep(0.01)
        assert ctrl.round.to_act == 0 and len(ctrl.round.tricks) == 2
        for _ in range(2):  # a bot's cards for the seat while it is away
            ctrl.apply(legal_actions(ctrl.round)[0], stood_in=True)
            core.driver.changed()
        assert ctrl.round.to_act == 0 and len(ctrl.round.tricks) == 4
        again = _app(port, codes[0])
        async with again.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in again.screen_stack))
            await _playuntil(pilot, again, lambda: isinstance(again.screen, HandResultScreen) or ctrl.hand_no > hand)
            assert ctrl.hand_no == hand and isinstance(again.screen, HandResultScreen)
            review = again.screen.make_review()
            mine = [a for k, a in enumerate(ctrl.actions) if ctrl.states[k].to_act == 0 and k not in ctrl.stood_in_at]
    finally:
        await server.close()
    assert [d.action for d in review.decisions] == mine
    assert all(d.auto for d in review.decisions)  # every one made by "play for me", at either terminal
    assert [len(d.view.tricks) + 1 for d in review.away] == [3, 4]
    review.done = [Reviewed(d, None, note="not reviewed") for d in review.decisions]
    lines = review.lines()
    assert "tricks 3–4: a bot played for you while you were away" in lines
    at = lines.index("tricks 3–4: a bot played for you while you were away")
    assert lines[at - 1].startswith("trick 2: played ") and lines[at - 1].endswith(" for you (not reviewed)")
    assert lines[at + 1].startswith("trick 5: played ") and lines[at + 1].endswith(" for you (not reviewed)")
    assert lines[0].startswith("auction: ") and "for you" in lines[0]


async def test_a_keys_line_at_everyones_meld_goes_with_the_enter_that_goes_on() -> None:
    """At everyone's meld, i says "Everyone's meld is shown: Enter goes on first."; the
    Enter that goes on takes that line away, also while the table still waits (another
    person's look, here the host's bots held: the news after it is of the same decision,
    which kept the line, under a table gone on)."""
    async with _seated("client-meld-line") as (_ctrl, app, pilot, t, server):
        await _playuntil(pilot, app, lambda: app.screen is t and t.now().meld_pause)
        server.core.driver.changed = lambda: None  # (no bot moves on after Ann's look)
        await pilot.press("i")
        await pilot.pause(0.05)
        assert str(t.message) == "Everyone's meld is shown: Enter goes on first."
        await pilot.press("enter")
        await until(pilot, lambda: not t.now().meld_pause)
        assert "meld is shown" not in str(t.message)


async def test_the_table_joined_is_written_into_the_settings_as_they_are_then(home: Any) -> None:
    """The join screen wrote the whole settings file from the copy read at the start, so
    what another pinochle saved meanwhile (a pacing, a key remap) was written over: it
    writes the address and the seat's name alone into the file as it is then."""
    import json

    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"bot_delay": 0.6, "theme": "nord"}))
    read_at_start = Settings.load()
    later = {"bot_delay": 0.2, "theme": "nord", "keys": {"hint": "f5"}, "last": {"seed": "7"}, "future": [1]}
    path.write_text(json.dumps(later))  # another pinochle's settings screen, saved meanwhile
    ctrl = _table_of("partnership", "client-join-written")
    server, port, codes = await start_host(ctrl, remote=[0], port=0)
    try:
        app = _app(port, codes[0], settings=read_at_start)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
    finally:
        await server.close()
    assert json.loads(path.read_text()) == {**later, "join_address": f"127.0.0.1:{port}", "join_name": "Ann"}
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]  # (no temporary file left)
