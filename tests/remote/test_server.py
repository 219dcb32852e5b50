"""The host's websocket server (`remote.server`) with scripted seats over real loopback
connections: a hand played to its end, the same as the game played without a network;
hostile input (malformed messages, wrong codes) refused in one line while the game goes
on; a second connection with a code replaces the first; a dropped seat waits, a bot sits
in and gives the seat back; no decision lost or made twice."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

from pinochle_tui.controller import Controller, Seat
from pinochle_tui.remote import protocol as P
from pinochle_tui.remote import scripted
from pinochle_tui.remote.scripted import ScriptedPlayer, play
from pinochle_tui.remote.server import start_host
from rules import Phase, load_variants

from .ports import free_port
from .table_harness import Table

VARIANTS = load_variants()
SEED = "server-test"
REMOTE = [0, 1, 2]  # partnership: three seats at other terminals, a bot in the fourth


def partnership() -> Controller:
    seats = [Seat("human", f"P{p}") if p in REMOTE else Seat("bot", "Bot", "random") for p in range(4)]
    return Controller(VARIANTS["partnership"], seats, seed=SEED)


def played_here(hands: int) -> list[Any]:
    """The same game at one terminal, each remote seat deciding as its scripted player."""
    return scripted.played_here(partnership(), {p: f"{SEED}/{p}" for p in REMOTE}, hands)


async def seats_play(port: int, codes: dict[int, str], until: Any, players: dict[int, ScriptedPlayer] | None = None):
    players = players or {p: ScriptedPlayer(codes[p], seed=f"{SEED}/{p}") for p in REMOTE}
    tasks = [asyncio.ensure_future(play(port, pl, until=until)) for pl in players.values()]
    return players, tasks


async def wait_for(cond: Any, timeout: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.01)


async def stop(tasks: list[Any]) -> None:
    for t in tasks:
        t.cancel()
    for t in tasks:
        with contextlib.suppress(BaseException):
            await t


async def test_a_hand_over_the_network_is_the_hand_played_at_one_terminal() -> None:
    ctrl = partnership()
    server, port, codes = await start_host(ctrl, REMOTE, port=0, sit_in="random")
    try:
        players, tasks = await seats_play(port, codes, until=None)
        await wait_for(lambda: len(ctrl.game.history) >= 2)
        await stop(tasks)
    finally:
        await server.close()
    assert list(ctrl.game.history[:2]) == played_here(2)
    assert all(pl.refused == [] for pl in players.values())
    assert (
        sum(pl.acted for pl in players.values())
        >= sum(  # (they go on into hand 3)
            1 for k, hand in enumerate(ctrl.all_action_lists()[:2]) for _ in hand
        )
        - bot_decisions(ctrl, 2)
    )


def bot_decisions(ctrl: Controller, hands: int) -> int:
    """The decisions the bot's seat made in the first ``hands`` hands (replayed)."""
    c = partnership()
    n = 0
    for k, acts in enumerate(ctrl.all_action_lists()[:hands]):
        if k:
            c.next_hand()
        for a in acts:
            n += c.to_act not in REMOTE
            c.apply(a)
    return n


async def raw(port: int, texts: list[str], wait: float = 0.5) -> list[str]:
    return await scripted.send_raw(port, texts, wait)


HOSTILE = list(scripted.HOSTILE)


async def test_hostile_input_and_wrong_codes_leave_the_game_going_and_unchanged() -> None:
    """200 malformed or hostile messages (on their own connections and on a seated one)
    and 50 wrong-code attempts during a game: each refused in one line, the game goes on
    and ends as the same game without them."""
    ctrl = partnership()
    server, port, codes = await start_host(ctrl, REMOTE, port=0, sit_in="random", slow_hello=0.01)
    refusals: list[str] = []
    try:
        players, tasks = await seats_play(port, codes, until=None)
        await wait_for(lambda: len(ctrl.actions) > 10)
        sent = 0
        strangers = (HOSTILE * 20)[:150]
        while sent < 150:  # strangers: each closed after three bad messages
            batch = strangers[sent : sent + 3]
            for text in await raw(port, batch, wait=0.2):
                refusals.append(P.decode_down(text).reason)
            sent += len(batch)
        # a seated connection (seat 0's code, taken over) sending garbage, then its own
        # player's seat back: 50 more, refused one by one (closed after 20 in a row)
        intruder = await raw(port, [P.encode(P.Hello(code=codes[0])), *HOSTILE[:10] * 5], wait=1.0)
        sent += 50
        kinds = [P.decode_down(t) for t in intruder]
        assert any(isinstance(k, P.Bye) and "not the protocol's" in k.reason for k in kinds)
        for _ in range(50):  # wrong codes: refused alike, then limited for the address
            got = await raw(port, [P.encode(P.Hello(code="7KQM-2XHA-9PWE-3RTD"))], wait=0.2)
            refusals.extend(P.decode_down(t).reason for t in got if t)
        players[0] = ScriptedPlayer(codes[0], seed=f"{SEED}/0")  # seat 0's person comes back
        tasks.append(asyncio.ensure_future(play(port, players[0])))
        await wait_for(lambda: len(ctrl.game.history) >= 2, timeout=90)
        await stop(tasks)
    finally:
        await server.close()
    assert sent == 200
    assert list(ctrl.game.history[:2]) == played_here(2)
    assert all("\n" not in r for r in refusals)
    assert refusals.count("that join code opens no seat at this table") >= 50
    assert server.slowed >= 40  # past ten wrong codes, each try waited its turn
    assert any("this one is not JSON" in r for r in refusals)
    assert any("say hello with your join code first" in r for r in refusals)


async def test_an_illegal_or_stale_act_is_refused_in_the_engines_words() -> None:
    ctrl = partnership()
    server, _port, codes = await start_host(ctrl, REMOTE, port=0, sit_in="random")
    core = server.core
    try:
        from pinochle_tui.remote.scripted import PipeLink

        links = {}
        for p in REMOTE:
            links[p] = PipeLink()
            core.receive(links[p], None, ScriptedPlayer(codes[p]).hello())
        seat = ctrl.to_act
        assert seat in REMOTE
        other = next(p for p in REMOTE if p != seat)
        links[seat].outbox.clear()
        links[other].outbox.clear()
        bad = P.Act(seq=core.seq, action=ctrl.legal()[0])
        core.receive(links[other], other, P.encode(bad))  # another seat's turn
        core.receive(links[seat], seat, P.encode(P.Act(seq=core.seq + 5, action=ctrl.legal()[0])))  # stale
        from rules import Play, parse_cards

        core.receive(links[seat], seat, P.encode(P.Act(seq=core.seq, action=Play(parse_cards("AS")[0]))))
        said = [P.decode_down(t) for t in links[other].outbox + links[seat].outbox]
        reasons = [m.reason for m in said if isinstance(m, P.Refused)]
        assert reasons[0] == f"it is not your turn: P{seat} is to act"
        assert reasons[1] == f"that answers the news of decision {core.seq + 5}; the game is at decision {core.seq}"
        assert reasons[2] == ctrl.refusal(Play(parse_cards("AS")[0]))
        assert ctrl.actions == [] or core.seq == len(ctrl.actions)
    finally:
        await server.close()


async def test_a_second_connection_with_a_code_replaces_the_first() -> None:
    ctrl = partnership()
    server, port, codes = await start_host(ctrl, REMOTE, port=0, sit_in="random")
    try:
        first = ScriptedPlayer(codes[1])
        t1 = asyncio.ensure_future(play(port, first))
        await wait_for(lambda: first.person == 1)
        second = ScriptedPlayer(codes[1])
        t2 = asyncio.ensure_future(play(port, second))
        await wait_for(lambda: first.over and second.person == 1)
        assert any('"type":"replaced"' in t for t in first.received)
        assert server.core.state_of(1) == "here"
        await stop([t1, t2])
    finally:
        await server.close()


def waits_for_seat_1(ctrl: Controller) -> bool:
    """Nobody may decide but seat 1's person: seat 1 is to act, or its look at everyone's
    meld holds the game (`Controller.remote_meld_pause`): the seat to act is the bot's, or
    the lead is held (`Controller.meld_holds_lead`).  The bidder's play-or-throw-in choice
    is not held: while it is to be made the table does not wait yet."""
    if ctrl.round.phase is Phase.DONE:
        return False
    if ctrl.to_act == 1:
        return True
    return 1 in ctrl.remote_meld_pause and (not ctrl.is_human(ctrl.to_act) or bool(ctrl.meld_holds_lead()))


async def test_a_dropped_seat_waits_a_bot_sits_in_and_gives_it_back() -> None:
    ctrl = partnership()
    server, port, codes = await start_host(ctrl, REMOTE, port=0, sit_in="random")
    core = server.core
    try:
        players, tasks = await seats_play(port, codes, until=None)
        await wait_for(lambda: len(ctrl.actions) >= 6 and ctrl.to_act == 1)
        tasks[1].cancel()  # seat 1's connection drops while it is to act
        with contextlib.suppress(BaseException):
            await tasks[1]
        await wait_for(lambda: core.state_of(1) == "disconnected")

        def decided() -> int:  # the game's decisions so far (a hand may end meanwhile)
            return sum(len(acts) for acts in ctrl.all_action_lists())

        # (an action it sent before its connection dropped still counts: the table then
        # plays on to its next turn, or to everyone's meld shown before the first lead, which
        # seat 1 has to go on from, and waits there once the bidder chose to play)
        await wait_for(lambda: waits_for_seat_1(ctrl))
        at = decided()
        await asyncio.sleep(0.2)
        assert decided() == at  # the table waits for Bob
        assert "P1 is offline — waiting (b: a bot plays for P1)" in [i.line for i in core.seat_infos()]
        assert core.seat_bot() == [1]  # the host's b
        await wait_for(lambda: decided() > at + 8)  # the bot played seat 1 meanwhile
        back = ScriptedPlayer(codes[1], seed=f"{SEED}/1")
        back.last_seq = players[1].last_seq
        tasks[1] = asyncio.ensure_future(play(port, back))
        await wait_for(lambda: core.state_of(1) == "here" and 1 not in ctrl.sat_in)
        await wait_for(lambda: back.acted >= 2)  # its person decides again
        await stop(tasks)
    finally:
        await server.close()
    assert all("not your turn" not in r for r in back.refused + players[1].refused)
    replayed = Controller(ctrl.variant, ctrl.people, seed=SEED)
    for k, acts in enumerate(ctrl.all_action_lists()):  # every decision applied once, legal in turn
        if k:
            replayed.next_hand()
        for a in acts:
            replayed.apply(a)
    # (the log names each decision once; those the bot made for seat 1 as "P1's bot", which
    # a replay, with nobody away, names "P1"; and says who went offline, who a bot played
    # for, and who came back)
    moves = [e for e in ctrl.events if not e.endswith((" is offline", " is back")) and not e.startswith("A bot plays")]
    assert replayed.events == [e.replace("P1's bot ", "P1 ", 1) for e in moves]


def test_a_lead_taken_back_by_a_returning_seats_meld_pause_is_made_once_it_goes_on() -> None:
    """Seat 1's bot is playing for it when everyone's meld is shown, so the seat to lead
    is offered the lead at once; seat 1's person comes back before that lead arrives: their
    look at the meld now holds the lead (`Controller.meld_holds_lead`), the lead is refused
    in those words, and once seat 1 goes on the leader is offered it again and leads (as a
    person's client decides again after a refusal), and the hand is played out.  The
    messages are handed over one at a time, in this order (`table_harness`, no network)."""
    t = Table("partnership", seed="meld-back", remote=REMOTE)
    c = t.ctrl
    t.drop(1)
    assert t.core.seat_bot([1]) == [1]

    def offered_the_lead(p: int, answers: list[str]) -> bool:
        r = c.round
        first_lead = r.phase is Phase.TRICKS and not r.tricks and not r.trick and c.to_act == p
        return first_lead and any(isinstance(P.decode_up(a), P.Act) for a in answers)

    held: tuple[int, list[str]] | None = None
    for _ in range(10_000):  # hand the host's texts over one at a time until a lead is answered
        queued = next(((p, link) for p, link in t.links.items() if link.outbox), None)
        if queued is None:
            break
        p, link = queued
        answers = t.players[p].take(link.outbox.pop(0))
        if offered_the_lead(p, answers):
            held = (p, answers)
            break
        for answer in answers:
            t.core.receive(link, p, answer)
    assert held is not None, "no seat at another terminal was offered the first lead"
    leader, answers = held
    assert 1 in c.sat_in and 1 not in c.remote_meld_pause  # (a bot's seat has no pause)

    t.connect(1)  # seat 1's person is back before the lead arrives
    assert c.meld_holds_lead() == {c.seating.index(1)}
    for answer in answers:
        t.core.receive(t.links[leader], leader, answer)
    while t.links[leader].outbox:  # the refusal, and the news of now (no lead offered)
        assert t.players[leader].take(t.links[leader].outbox.pop(0)) == []
    assert t.players[leader].refused == ["waiting for P1 to go on from everyone's meld"]
    assert not c.round.trick

    t.pump(until=lambda: c.round.phase is Phase.DONE)
    assert c.round.phase is Phase.DONE  # (not held at the lead for good)
    assert c.round.tricks[0][0] == c.seating.index(leader)  # (its leader)
    assert t.players[1].acted >= 1


@pytest.mark.parametrize("code", ["", "7KQM", "x" * 64])
async def test_a_wrong_code_is_refused_without_saying_which_part(code: str) -> None:
    ctrl = partnership()
    server, port, _codes = await start_host(ctrl, REMOTE, port=0)
    try:
        got = await raw(port, [P.encode(P.Hello(code=code))])
    finally:
        await server.close()
    assert [P.decode_down(t) for t in got] == [P.Refused(reason="that join code opens no seat at this table")]


HOST_PROCESS = scripted.HOST_PROCESS


async def test_a_host_killed_mid_hand_resumes_from_its_save_with_the_same_codes(tmp_path) -> None:
    """kill -9 of the host in the middle of a hand; the host resumed from its save (saved
    after every decision) lets the same codes back in, and the game goes on as the same
    game played at one terminal."""
    import json
    import signal
    import sys

    from pinochle_tui.save import load_game

    port = free_port()  # held by the test: the resumed host listens there again, and nobody else can meanwhile
    save = tmp_path / "game-hosted.json"

    async def host(mode: str) -> tuple[Any, dict[int, str]]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", HOST_PROCESS, str(save), str(port), mode, SEED, stdout=asyncio.subprocess.PIPE
        )
        line = await asyncio.wait_for(proc.stdout.readline(), 120)  # (a loaded machine: its imports)
        return proc, {int(p): c for p, c in json.loads(line).items()}

    proc, codes = await host("new")
    players = {p: ScriptedPlayer(codes[p], seed=f"{SEED}/{p}") for p in REMOTE}
    tasks = [asyncio.ensure_future(play(port, pl)) for pl in players.values()]
    try:
        await wait_for(lambda: max(pl.last_seq for pl in players.values()) >= 30, 120)
        proc.send_signal(signal.SIGKILL)  # mid-hand: the hand has about 60 decisions
        await proc.wait()
        await stop(tasks)
        proc, again = await host("resume")
        assert again == codes
        players = {p: ScriptedPlayer(codes[p], seed=f"{SEED}/{p}") for p in REMOTE}
        tasks = [asyncio.ensure_future(play(port, pl)) for pl in players.values()]
        await wait_for(lambda: any(pl.news is not None and pl.news.hand_no >= 3 for pl in players.values()), 90)
    finally:
        await stop(tasks)
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGKILL)
        await proc.wait()
    resumed = load_game(save)
    assert resumed.remote_codes == codes
    assert list(resumed.game.history[:2]) == played_here(2)


async def tcp(port: int, data: bytes) -> bytes:
    """``data`` on a plain TCP connection (a stray program, not a websocket): what came
    back before the host closed it (or nothing came for 5 s); ``b"reset"`` when the host
    cut it while ``data`` was still arriving (its close with bytes unread resets it)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(data)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), 5)
    except ConnectionResetError:
        return b"reset"
    finally:
        writer.close()


async def test_a_terminal_of_another_version_is_told_once_and_the_host_logs_it_and_goes_on() -> None:
    """A hello of protocol 2 (a seat's right code, a field this version does not know): one
    `Bye` saying which protocol this table speaks, which every version reads, and the
    connection closed at once (not after three refusals); the host's own log has one line
    for the address and version however often it tries, said once at its table; the seat's
    person then joins with this version."""
    import json

    ctrl = partnership()
    server, port, codes = await start_host(ctrl, REMOTE, port=0, sit_in="random")
    core = server.core
    noted: list[str] = []
    core.notices.append(noted.append)
    hello = json.dumps({"v": 2, "type": "hello", "code": codes[0], "last_seq": -1, "table": "new"})
    try:
        got = [await raw(port, [hello], wait=5.0) for _ in range(3)]
        player = ScriptedPlayer(codes[0], seed=f"{SEED}/0")
        task = asyncio.ensure_future(play(port, player))
        await wait_for(lambda: player.person == 0)
        await stop([task])
    finally:
        await server.close()
    assert got == [[P.encode(P.Bye(reason="this table speaks protocol 1 and your terminal 2"))]] * 3
    line = (
        "A terminal at 127.0.0.1 runs another version of pinochle (protocol 2; this table speaks 1): it was not seated"
    )
    assert core.log == noted == [line]
    assert core.turned_away == {("127.0.0.1", "2"): 3}
    assert player.refused == []


async def test_stray_programs_are_turned_away_and_the_host_goes_on() -> None:
    """What is not a seat of pinochle at all: a line that is not HTTP, a line of 200 KB
    (no end), a browser's plain request, a websocket message over the bound: each closed
    (with websockets' own answer where HTTP has one), nothing reaches the table (nor its log),
    and a seat joins afterwards."""
    from websockets.asyncio.client import connect

    ctrl = partnership()
    server, port, codes = await start_host(ctrl, REMOTE, port=0, sit_in="random")
    core = server.core
    try:
        garbage = await tcp(port, b"\x16\x03\x01 hello?\r\n\r\n")
        long_line = await tcp(port, b"x" * 200_000)
        plain = await tcp(port, b"GET / HTTP/1.1\r\nHost: pinochle\r\n\r\n")
        async with connect(f"ws://127.0.0.1:{port}/", max_size=None) as ws:
            await ws.send("y" * (4 * P.MAX_MESSAGE))
            with pytest.raises(Exception, match="1009"):
                await asyncio.wait_for(ws.recv(), 5)
        player = ScriptedPlayer(codes[1], seed=f"{SEED}/1")
        task = asyncio.ensure_future(play(port, player))
        await wait_for(lambda: player.person == 1)
        await stop([task])
    finally:
        await server.close()
    assert garbage == b""
    assert long_line.startswith(b"HTTP/1.1 414 ") or long_line == b"reset"  # (the line is cut short either way)
    assert plain.startswith(b"HTTP/1.1 426 ")
    assert core.log == [] and core.turned_away == {}
    assert player.refused == []
