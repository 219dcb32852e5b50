"""One remote seat's connection to a hosted table: the `websockets` client that says
``Hello`` with the join code and the last news it saw, hands every message from the host
to the table, and when the connection is lost tries again by itself with a back-off
(0.5 s, doubling to 8 s), saying so, until it is back or told to stop (another
connection took the code, the host closed, the code was refused).

The connection decides nothing about the game: it carries the host's `News` down and
one `Act` up (the host is the only authority, DESIGN.md "Remote seats").  It runs as an
asyncio task in the app's own event loop (Textual's), so its callbacks run on the app's
thread, between its messages."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

DEFAULT_PORT = 8470
"""The port a host listens on when ``--port`` is not given, and a join without one uses."""

BACKOFF_FIRST = 0.5
"""Seconds before the first try again after a lost connection."""
BACKOFF_MOST = 8.0
"""The wait doubles after each failed try up to this many seconds."""
OPEN_TIMEOUT = 5.0
"""Seconds a connection may take to open (the host's handshake) before it counts as lost."""


def backoff(attempt: int) -> float:
    """Seconds to wait before reconnect try ``attempt`` (1 for the first): 0.5, 1, 2, 4,
    then 8 for every later one."""
    return float(min(BACKOFF_FIRST * 2 ** max(attempt - 1, 0), BACKOFF_MOST))


def parse_address(text: str) -> tuple[str, int]:
    """``HOST[:PORT]`` as the host shows it (``192.168.1.20:8470``, ``localhost``,
    ``[::1]:8470``): (host, port), the port `DEFAULT_PORT` when none is given.  A
    `ValueError` names what was wrong and what is allowed, in one line."""
    raw = text.strip()
    allowed = "give HOST or HOST:PORT as the host shows it, e.g. 192.168.1.20:8470"
    if not raw:
        raise ValueError(f"no host given; {allowed}")
    if "/" in raw or "@" in raw or any(ch.isspace() for ch in raw):
        raise ValueError(f"{raw!r} is not a host; {allowed}")
    host, port_text = raw, ""
    if raw.startswith("["):  # an IPv6 address in brackets, maybe with a port
        end = raw.find("]")
        if end < 0:
            raise ValueError(f"{raw!r}: the '[' of an IPv6 address is not closed; {allowed}")
        host, rest = raw[1:end], raw[end + 1 :]
        if rest and not rest.startswith(":"):
            raise ValueError(f"{raw!r}: only ':PORT' may follow the address; {allowed}")
        port_text = rest[1:]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(f"{host!r} in brackets is not an IPv6 address; {allowed}") from None
    elif raw.count(":") == 1:
        host, port_text = raw.split(":")
    elif raw.count(":") > 1:  # a bare IPv6 address takes no port
        try:
            ipaddress.IPv6Address(raw)
        except ValueError:
            raise ValueError(f"{raw!r} is not a host; {allowed} (an IPv6 address with a port in brackets)") from None
    if not host:
        raise ValueError(f"{raw!r} has no host before the port; {allowed}")
    if port_text == "" and raw.endswith(":"):
        raise ValueError(f"{raw!r} has no port after ':'; {allowed}")
    port = DEFAULT_PORT
    if port_text:
        if not (port_text.isascii() and port_text.isdigit()) or not 1 <= int(port_text) <= 65535:
            raise ValueError(f"port {port_text!r} is not allowed; give a number from 1 to 65535")
        port = int(port_text)
    return host, port


CODE_MOST = 64
"""The longest join code accepted as typed (the host's are much shorter)."""


def unknown_name(exc: BaseException) -> bool:
    """``exc`` says the host's name does not resolve (no such name, no address for it): a
    lasting answer, not a network hiccup, so trying again would never get further."""
    import socket

    codes = {getattr(socket, n) for n in ("EAI_NONAME", "EAI_NODATA") if hasattr(socket, n)}
    return isinstance(exc, socket.gaierror) and exc.errno in codes


def name_problem(host: str, port: int) -> str | None:
    """Why ``host`` cannot be reached by name (it does not resolve), in one line; None when
    it resolves (or the answer is only for now: a lookup that failed for a while)."""
    import socket

    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        if unknown_name(exc):
            return f"no host is named {host!r} (the name does not resolve); give the address the host shows"
    return None


def code_problem(code: str) -> str | None:
    """What is wrong with ``code`` as typed (one line), or None.  Only its shape: the host
    alone says whether it is a seat's code (and never which part was wrong)."""
    text = code.strip()
    if not text:
        return "the join code is empty; give the code the host shows for your seat, e.g. 7KQM-2XHA-9RCE-W4TN"
    if len(text) > CODE_MOST:
        return f"the join code is longer than {CODE_MOST} characters; give the code the host shows for your seat"
    if not all(ch.isalnum() or ch in "- " for ch in text) or not text.isascii():
        return "the join code has characters a code never has; give letters, digits and dashes as the host shows it"
    return None


def address_text(host: str, port: int) -> str:
    """``host:port`` as a join line shows it (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class Status(NamedTuple):
    """What the connection is doing, for the screen: ``state`` one of "connecting",
    "connected", "lost" (waiting ``wait`` seconds before try ``attempt``) and "closed"
    (for good: ``reason`` says why)."""

    state: str
    attempt: int = 0
    wait: float = 0.0
    reason: str = ""


LOST_A_WHILE = 3  # tries (some 3.5 s of backing off) after which the host may be gone for good


def status_line(status: Status) -> str:
    """The line the table shows for ``status`` ("" once connected); a connection lost for
    `LOST_A_WHILE` tries says why it may be: the host quit (it says so when it closes the
    table, but a host killed or its terminal closed says nothing)."""
    if status.state == "lost":
        if status.attempt >= LOST_A_WHILE:
            return f"Connection lost — reconnecting (try {status.attempt})… The host may have closed the table."
        return f"Connection lost — reconnecting (try {status.attempt})…"
    if status.state == "connecting":
        return "Connecting to the host…"
    if status.state == "closed":
        return status.reason or "The connection to the host is closed."
    return ""


def _reason(exc: BaseException) -> str:
    """A lost connection's cause in a few words (never a traceback)."""
    if isinstance(exc, ConnectionRefusedError):
        return "the host refused the connection (is it running?)"
    if isinstance(exc, asyncio.TimeoutError | TimeoutError):
        return "the host did not answer in time"
    if isinstance(exc, OSError):
        return exc.strerror or type(exc).__name__
    return str(exc) or type(exc).__name__


class SeatConnection:
    """The connection of one seat (see the module).  ``on_message(msg)`` gets every
    message from the host, decoded (`protocol.decode_down`); ``on_status(Status)`` each
    change of the connection.  `run` is the task; `send` one message up; `close` ends it.

    ``connect`` opens a websocket (default `websockets.asyncio.client.connect`) and
    ``sleep`` waits between tries (default `asyncio.sleep`): a test gives its own."""

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        *,
        on_message: Callable[[Any], None],
        on_status: Callable[[Status], None] = lambda status: None,
        connect: Callable[..., Any] | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.host, self.port, self.code = host, port, code
        self.on_message = on_message
        self.on_status = on_status
        self._connect = connect
        self._sleep = sleep
        self.last_seq: int | None = None  # the `News.seq` last received: the host resumes from it
        self.welcomed = False  # the host took the code on this connection
        self.closed = False  # for good: no more tries
        self.attempt = 0  # the tries since the connection was last up
        self.status = Status("connecting")
        self._ws: Any = None

    @property
    def uri(self) -> str:
        return f"ws://{address_text(self.host, self.port)}/"

    @property
    def connected(self) -> bool:
        return self._ws is not None and self.welcomed

    def _say(self, status: Status) -> None:
        self.status = status
        with contextlib.suppress(Exception):  # the screen's problem must not end the connection
            self.on_status(status)

    def _open(self) -> Any:
        from .protocol import MAX_MESSAGE

        if self._connect is not None:
            return self._connect(self.uri)
        from websockets.asyncio.client import connect

        # no retries of its own (this class backs off), no compression (a small JSON message)
        return connect(self.uri, open_timeout=OPEN_TIMEOUT, max_size=MAX_MESSAGE, compression=None)

    async def run(self) -> None:
        """Connect, say Hello, take the host's messages; on a loss wait (`backoff`) and
        connect again, until `close` or a message that ends the seat's connection."""
        while not self.closed:
            reason = "the connection was closed"
            try:
                async with self._open() as ws:
                    self._ws = ws
                    self.welcomed = False
                    await self.send_hello()
                    async for text in ws:
                        self._take(text)
                        if self.closed:
                            break
            except asyncio.CancelledError:
                self.closed = True
                raise
            except Exception as exc:  # OSError, a handshake refused, a timeout, a closed socket
                reason = _reason(exc)
                if unknown_name(exc):  # (a name that does not resolve never will: said once, not tried again)
                    self._end(f"No host is named {self.host!r} (the name does not resolve).")
            finally:
                self._ws = None
            if self.closed:
                break
            self.attempt += 1
            self.welcomed = False
            self._say(Status("lost", self.attempt, backoff(self.attempt), reason))
            await self._sleep(backoff(self.attempt))
        if self.status.state != "closed":
            self._say(Status("closed", reason=self.status.reason))

    async def send_hello(self) -> None:
        from .protocol import Hello

        await self._send_now(Hello(code=self.code, last_seq=-1 if self.last_seq is None else self.last_seq))

    def _take(self, text: Any) -> None:
        """One message from the host: decoded and handed on; what ends the seat's
        connection for good marks it closed."""
        from .protocol import (
            Bye,
            News,
            OtherVersion,
            ProtocolError,
            Refused,
            Replaced,
            Welcome,
            decode_down,
            other_version_line,
        )

        try:
            msg = decode_down(text)
        except OtherVersion as exc:
            if not self.welcomed:  # the host answered the hello in its version: it is not this one's
                self._end(other_version_line(exc.version, exc.said))
            return  # (after a welcome in this version: a stray message, as below)
        except ProtocolError:
            return  # a message this client cannot read: the next news says where the game is
        if isinstance(msg, Welcome):
            self.welcomed = True
            self.attempt = 0
            self._say(Status("connected"))
        elif isinstance(msg, News):
            self.last_seq = msg.seq
        elif isinstance(msg, Replaced):
            self._end("Another connection took this seat (the same code was used elsewhere).")
        elif isinstance(msg, Bye):
            self._end(getattr(msg, "reason", "") or "The host closed the table.")
        elif isinstance(msg, Refused) and not self.welcomed:  # the code itself was refused
            self._end(f"The host refused to seat you: {msg.reason}")
        with contextlib.suppress(Exception):
            self.on_message(msg)

    def _end(self, reason: str) -> None:
        self.closed = True
        self._say(Status("closed", reason=reason))

    async def _send_now(self, msg: Any) -> None:
        from .protocol import encode

        ws = self._ws
        if ws is None:
            raise ConnectionError("not connected")
        await ws.send(encode(msg))

    async def send(self, msg: Any) -> bool:
        """Send ``msg`` up; False when there is no connection now (the table says so and
        the host's next news, once back, says where the game is)."""
        if self._ws is None or not self.welcomed:
            return False
        try:
            await self._send_now(msg)
        except Exception:
            return False
        return True

    async def close(self, leave: bool = True) -> None:
        """End the connection for good (``leave``: tell the host first)."""
        ws, self.closed = self._ws, True
        if ws is None:
            return
        if leave:
            from .protocol import Leave, encode

            with contextlib.suppress(Exception):
                await ws.send(encode(Leave()))
        with contextlib.suppress(Exception):
            await ws.close()


__all__ = [
    "BACKOFF_FIRST",
    "BACKOFF_MOST",
    "DEFAULT_PORT",
    "SeatConnection",
    "Status",
    "address_text",
    "backoff",
    "code_problem",
    "name_problem",
    "parse_address",
    "status_line",
]
