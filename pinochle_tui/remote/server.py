"""The host's websocket server: one connection per seat at another terminal, in the host's
asyncio event loop (the Textual app's, or a test's), handing every message to the
`HostCore` and sending what it says, in order.

`websockets` does the framing; a message above twice `protocol.MAX_MESSAGE` ends the
connection before it is read whole (websockets' ``max_size``), a smaller one above the
bound is refused by the protocol in one line.  Listens on 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable, Iterable
from typing import Any

from ..controller import Controller
from .codes import new_code
from .host_core import DEFAULT_SIT_IN, HostCore
from .protocol import MAX_MESSAGE

DEFAULT_HOST = "127.0.0.1"
CLOSE_WAIT = 2.0  # seconds a closing connection gets to send what is queued
SLOW_HELLO = 1.0  # seconds before each try of an address with too many wrong codes is answered


class WsLink:
    """A websocket connection as the core sees it (`host_core.Link`): texts queued and sent
    in order by one writer task; ``close`` sends what is queued, then closes."""

    def __init__(self, ws: Any, address: str) -> None:
        self.ws = ws
        self.address = address
        self.closing = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, text: str) -> None:
        if not self.closing:
            self.queue.put_nowait(text)

    def close(self) -> None:
        """Send what is queued (a `Replaced`, a `Bye`), then close; a connection that
        does not take it within `CLOSE_WAIT` (its reader stalled, its network gone) is cut,
        so that it ends at the other side too, which then says so or tries again."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(None)
            with contextlib.suppress(RuntimeError):  # (no running loop: nothing to cut later)
                asyncio.get_running_loop().call_later(CLOSE_WAIT, self._cut)

    def _cut(self) -> None:
        transport = getattr(self.ws, "transport", None)
        if transport is not None and not transport.is_closing():
            transport.abort()

    async def writer(self) -> None:
        with contextlib.suppress(Exception):  # a connection gone mid-send
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send(text)
        with contextlib.suppress(Exception):
            await self.ws.close()


class HostServer:
    """The websocket server of ``core`` on ``host``:``port`` (0: any free port)."""

    def __init__(self, core: HostCore, host: str = DEFAULT_HOST, port: int = 0, slow_hello: float = SLOW_HELLO) -> None:
        self.core = core
        self.host = host
        self.port = port
        self.server: Any = None
        self.slow_hello = slow_hello
        self.slowed = 0  # tries answered after the pause
        self._slow: dict[str, asyncio.Lock] = {}  # address -> one try at a time once slowed

    async def start(self) -> int:
        """Listen; the port listened on.  `OSError` when the address cannot be used."""
        from websockets.asyncio.server import serve

        self.server = await serve(
            self.handler,
            self.host,
            self.port,
            max_size=2 * MAX_MESSAGE,
            compression=None,
            ping_interval=10,
            ping_timeout=20,
        )
        self.port = int(self.server.sockets[0].getsockname()[1])
        return self.port

    async def handler(self, ws: Any) -> None:
        peer = getattr(ws, "remote_address", None) or ("?",)
        link = WsLink(ws, str(peer[0]))
        core = self.core
        core.opened(link)
        writer = asyncio.ensure_future(link.writer())
        person: int | None = None
        try:
            async for text in ws:
                if person is None and core.attempts.wait(link.address) > 0:
                    person = await self._slowly(link, text)
                else:
                    person = core.receive(link, person, text)
                if link.closing:
                    break
        except Exception:  # a connection closed abruptly, a frame too large: the seat is gone
            pass
        finally:
            if person is not None:
                core.gone(link, person)
            link.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, CLOSE_WAIT)

    async def _slowly(self, link: WsLink, text: Any) -> int | None:
        """A try from an address with too many wrong codes: answered after the pause, one
        at a time for the address (guessing gets slow; the right code still gets in)."""
        lock = self._slow.setdefault(link.address, asyncio.Lock())
        if len(self._slow) > 1000:
            self._slow = {link.address: lock}
        async with lock:
            await asyncio.sleep(self.slow_hello)
            self.slowed += 1
            return self.core.receive(link, None, text)

    async def close(self, reason: str = "the host closed the table") -> None:
        """Say goodbye to every seat and stop listening."""
        self.core.close(reason)
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), CLOSE_WAIT)


def _why(exc: OSError) -> str:
    """The system's words for ``exc`` (``Address already in use``), not asyncio's sentence
    around them."""
    return os.strerror(exc.errno) if exc.errno else str(exc)


def serve_in_background(core: HostCore) -> None:
    """Listen for ``core``'s seats at ``core.serve_at`` in the running event loop (the
    app's), once; with ``core.web_port`` serve the join screen to browser tabs too
    (`web.WebSeats`).  A port that cannot be had is said in ``core.problem``.  When the
    loop cancels the task (the app closes), every seat is told and the tabs' clients end."""
    at = core.serve_at
    if core.serving is not None or at is None:
        return
    server = core.server = HostServer(core, *at)

    async def serve() -> None:
        try:
            await server.start()
        except OSError as exc:
            core.problem = f"cannot listen on {at[0]}:{at[1]} ({_why(exc)}): nobody can join; quit and host again"
            core.table_changed()
            return
        try:
            if core.web_port:  # --web: the join screen served to browser tabs too
                from .web import WebSeats

                core.web = WebSeats(at[0], server.port, core.web_port)
                try:
                    await core.web.start()
                except OSError as exc:
                    core.web = None
                    core.problem = f"cannot serve browsers on {at[0]}:{core.web_port} ({_why(exc)})"
                    core.table_changed()
            await asyncio.Event().wait()  # until the app closes (this task is cancelled)
        finally:  # the host closes: everyone is told, the browser tabs' clients end
            if core.web is not None:
                with contextlib.suppress(BaseException):
                    await core.web.stop()
            with contextlib.suppress(BaseException):
                await server.close()

    core.serving = asyncio.get_running_loop().create_task(serve())


async def start_host(
    ctrl: Controller,
    remote: Iterable[int] = (),
    *,
    codes: dict[int, str] | None = None,
    host: str = DEFAULT_HOST,
    port: int = 0,
    save: Callable[[Controller], None] | None = None,
    sit_in: str = DEFAULT_SIT_IN,
    slow_hello: float = SLOW_HELLO,
) -> tuple[HostServer, int, dict[int, str]]:
    """Host ``ctrl`` with the people of ``remote`` at other terminals (a new join code each)
    or of ``codes`` (person -> code, e.g. from a save), headless (`host_core.Headless`):
    ``(server, port, codes)``.  The server runs in the calling event loop; close it with
    ``await server.close()``."""
    codes = dict(codes) if codes is not None else {p: new_code() for p in remote}
    core = HostCore(ctrl, codes, save=save, sit_in=sit_in)
    server = HostServer(core, host, port, slow_hello)
    port = await server.start()
    core.driver.changed()
    return server, port, codes


__all__ = ["DEFAULT_HOST", "HostServer", "WsLink", "serve_in_background", "start_host"]
