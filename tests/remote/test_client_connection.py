"""A remote seat's connection (`pinochle_tui.remote.client`): the address and code as
typed, the reconnect back-off (0.5 s doubling to 8 s) and what the screen says while it
waits, the Hello that tells the host the last news seen, and what ends the connection
for good (another connection took the code, the host said goodbye, the code was refused).
The websocket is a scripted fake here; the real one is in test_client_table.py."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.remote import protocol as P
from pinochle_tui.remote.client import (
    DEFAULT_PORT,
    SeatConnection,
    Status,
    address_text,
    backoff,
    code_problem,
    parse_address,
    status_line,
)
from pinochle_tui.table.news import seat_news
from rules import load_variants

VARIANTS = load_variants()


def test_the_back_off_starts_at_half_a_second_and_doubles_to_eight() -> None:
    assert [backoff(n) for n in range(1, 9)] == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0, 8.0]


def test_the_screen_says_which_try_it_waits_for() -> None:
    assert status_line(Status("lost", 2, 1.0, "refused")) == "Connection lost — reconnecting (try 2)…"
    # lost a while: the host may be gone for good (killed, or its terminal closed, it says nothing)
    assert status_line(Status("lost", 3, 2.0, "refused")) == (
        "Connection lost — reconnecting (try 3)… The host may have closed the table."
    )
    assert status_line(Status("connected")) == ""
    assert status_line(Status("closed", reason="Another connection took this seat.")) == (
        "Another connection took this seat."
    )


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("192.168.1.20:8470", ("192.168.1.20", 8470)),
        ("localhost", ("localhost", DEFAULT_PORT)),
        (" host.lan:9000 ", ("host.lan", 9000)),
        ("[::1]:8471", ("::1", 8471)),
        ("[::1]", ("::1", DEFAULT_PORT)),
        ("::1", ("::1", DEFAULT_PORT)),
    ],
)
def test_an_address_is_host_and_port_the_default_port_when_none(text: str, want: tuple[str, int]) -> None:
    assert parse_address(text) == want


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "no host given"),
        ("host:0", "port '0' is not allowed; give a number from 1 to 65535"),
        ("host:70000", "port '70000' is not allowed"),
        ("host:http", "port 'http' is not allowed"),
        # digits of other scripts: int() reads the Arabic-Indic three, not the superscript two
        ("host:\u0663", "port '\u0663' is not allowed; give a number from 1 to 65535"),
        ("host:\u00b2", "port '\u00b2' is not allowed; give a number from 1 to 65535"),
        ("host:", "has no port after ':'"),
        (":8470", "has no host before the port"),
        ("ws://host:8470/x", "is not a host"),
        ("a b", "is not a host"),
        ("[::1", "is not closed"),
        ("[nope]:1", "is not an IPv6 address"),
    ],
)
def test_a_bad_address_is_refused_in_one_line_saying_what_is_allowed(text: str, words: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_address(text)
    said = str(err.value)
    assert words in said and "\n" not in said


def test_an_ipv6_host_is_shown_in_brackets() -> None:
    assert address_text("::1", 8470) == "[::1]:8470"
    assert address_text("10.0.0.2", 8470) == "10.0.0.2:8470"


def test_a_code_is_checked_for_its_shape_only() -> None:
    assert code_problem("7KQM-2XHA-9RCE-W4TN") is None
    assert code_problem(" 7kqm 2xha ") is None  # (the host reads it as it will)
    assert "empty" in (code_problem("  ") or "")
    assert "longer than 64" in (code_problem("A" * 65) or "")
    assert "characters a code never has" in (code_problem("7KQM;rm -rf") or "")
    assert "characters a code never has" in (code_problem("ÄÖÜ") or "")


# ---------------------------------------------------------------------- the connection, scripted


def _welcome() -> str:
    v = VARIANTS["partnership"]
    return P.encode(P.Welcome(seat=0, variant=v.model_dump(mode="json"), names=("You", "W", "N", "E"), seats=()))


def _news(seq: int) -> str:
    c = Controller(VARIANTS["partnership"], default_seats(4), seed="conn")
    return P.encode(P.news_message(seq, seat_news(c, 0)))


class Drop(OSError):
    """The connection lost mid-stream."""


class FakeSocket:
    """One websocket connection: yields ``script`` (texts, or an exception to raise),
    records what was sent."""

    def __init__(self, script: list[Any], sent: list[Any]) -> None:
        self.script = script
        self.sent = sent

    async def __aenter__(self) -> FakeSocket:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None

    async def send(self, text: str) -> None:
        self.sent.append(P.decode_up(text))

    async def close(self) -> None:
        return None

    def __aiter__(self) -> FakeSocket:
        return self

    async def __anext__(self) -> str:
        await asyncio.sleep(0)
        if not self.script:
            raise StopAsyncIteration
        item = self.script.pop(0)
        if isinstance(item, BaseException):
            raise item
        return str(item)


def _run(scripts: list[Any]) -> tuple[SeatConnection, list[Any], list[float], list[Status], list[Any]]:
    """A connection through ``scripts`` (one a connection: a list of texts, or an
    exception the connecting raises); stops once they are used up."""
    sent: list[Any] = []
    waits: list[float] = []
    said: list[Status] = []
    got: list[Any] = []
    left = list(scripts)
    conn: SeatConnection

    def connect(uri: str) -> Any:
        assert uri == "ws://127.0.0.1:8470/"
        if not left:
            conn.closed = True
            raise Drop("no more")
        script = left.pop(0)
        if isinstance(script, BaseException):
            raise script
        return FakeSocket(list(script), sent)

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    conn = SeatConnection(
        "127.0.0.1", 8470, "7KQM-2XHA", on_message=got.append, on_status=said.append, connect=connect, sleep=sleep
    )
    asyncio.run(conn.run())
    return conn, sent, waits, said, got


def test_a_lost_connection_is_tried_again_backing_off_and_hello_says_the_last_news() -> None:
    conn, sent, waits, said, got = _run(
        [
            [_welcome(), _news(4), _news(5), Drop("reset")],
            ConnectionRefusedError(),
            ConnectionRefusedError(),
            [_welcome(), _news(7)],
        ]
    )
    hellos = [m for m in sent if isinstance(m, P.Hello)]
    assert [h.last_seq for h in hellos] == [-1, 5]  # the second says where it was
    assert all(h.code == "7KQM-2XHA" for h in hellos)
    assert waits[:3] == [0.5, 1.0, 2.0]  # three losses in a row, then back
    lost = [s for s in said if s.state == "lost"]
    assert [s.attempt for s in lost][:3] == [1, 2, 3]
    assert status_line(lost[2]) == "Connection lost — reconnecting (try 3)… The host may have closed the table."
    assert "refused the connection" in lost[1].reason
    assert [type(m).__name__ for m in got] == ["Welcome", "News", "News", "Welcome", "News"]
    assert conn.last_seq == 7


def test_the_back_off_starts_again_once_the_host_welcomes_the_seat() -> None:
    _conn, _sent, waits, _said, _got = _run(
        [ConnectionRefusedError(), ConnectionRefusedError(), [_welcome(), Drop("reset")], ConnectionRefusedError()]
    )
    assert waits[:4] == [0.5, 1.0, 0.5, 1.0]


@pytest.mark.parametrize(
    ("last", "words"),
    [
        (P.Replaced(), "Another connection took this seat"),
        (P.Bye(reason="The game is over."), "The game is over."),
    ],
)
def test_replaced_or_bye_ends_the_connection_for_good(last: Any, words: str) -> None:
    conn, _sent, waits, said, _got = _run([[_welcome(), P.encode(last), _news(1)], [_welcome()]])
    assert conn.closed and waits == []
    assert said[-1].state == "closed" and words in said[-1].reason


def test_a_refused_code_ends_the_connection_without_hammering_the_host() -> None:
    conn, _sent, waits, said, _got = _run([[P.encode(P.Refused(reason="that code is not a seat's"))], [_welcome()]])
    assert conn.closed and waits == []
    assert said[-1].reason == "The host refused to seat you: that code is not a seat's"


def test_a_message_it_cannot_read_is_skipped_not_fatal() -> None:
    conn, _sent, _waits, _said, got = _run([[_welcome(), "not json", '{"v": 9, "type": "news"}', _news(2)]])
    assert [type(m).__name__ for m in got] == ["Welcome", "News"]
    assert conn.last_seq == 2


def test_nothing_is_sent_while_the_connection_is_down() -> None:
    conn = SeatConnection("h", 1, "c", on_message=lambda m: None)
    assert asyncio.run(conn.send(P.Leave())) is False


def test_a_host_name_that_does_not_resolve_ends_the_connection_at_once() -> None:
    """The join screen's typed name that no resolver knows: said once, not tried forever."""
    import socket

    unknown = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    conn, _sent, waits, said, _got = _run([unknown, [_welcome()]])
    assert conn.closed and waits == []
    assert said[-1].state == "closed" and said[-1].reason == "No host is named '127.0.0.1' (the name does not resolve)."
    again = socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")  # (for now only: tried again)
    conn, _sent, waits, _said, got = _run([again, [_welcome()]])
    assert waits[:1] == [0.5] and [type(m).__name__ for m in got] == ["Welcome"]  # tried again, and in


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        # a host of another version answers the hello in its own: a bye (this version's host
        # does so, `HostCore.other_version`), its reason shown, or any other message
        (
            '{"v": 2, "type": "bye", "reason": "this table speaks protocol 2 and your terminal 1"}',
            "this table speaks protocol 2 and your terminal 1",
        ),
        ('{"v": 2, "type": "welcome", "seat": 0, "table": {}}', "it speaks protocol 2 and this terminal 1"),
    ],
)
def test_a_host_of_another_version_ends_the_connection_in_one_line_not_tried_again(answer: str, why: str) -> None:
    conn, sent, waits, said, got = _run([[answer, _welcome()], [_welcome()]])
    assert conn.closed and waits == [] and got == []
    assert [type(m).__name__ for m in sent] == ["Hello"]
    assert said[-1] == Status(
        "closed", reason=f"The host runs another version of pinochle: {why}. Join with the same version as the host."
    )
