"""Browser seats: ``pinochle host ... --web`` serves the join screen to browser tabs.

A friend without Python opens ``http://HOST:WEBPORT/`` and gets the same Textual client a
terminal gets: textual-serve (Textualize's package) starts, for each browser tab, the command
``pinochle join HOST:PORT`` as a subprocess of the host, with Textual's web driver, and carries
its screen and keys over a websocket to xterm.js in the page.  The command has an address and no
code, so the tab opens at the join screen, which asks for the seat's code: a tab is a remote seat
like any other, joined with the code the host shows, and the table's server stays the one
authority.  Nothing from the network reaches the command line: the command is fixed when the host
starts, and a tab sends only keys and its size.

The web server listens on the host's own address rule: ``127.0.0.1`` unless the host was given
``--listen``, and it runs in the host's event loop (`WebSeats.start` / `WebSeats.stop`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import shlex
import shutil
import sys
import tempfile
from typing import Any

from aiohttp import web
from textual_serve.server import Server

DEFAULT_WEB_PORT = 8471
"""The browser page's port when ``--web-port`` is not given: one past the table's 8470."""

MOST_TABS = 12
"""Browser tabs served at once: each runs a client process on the host, so a page reloaded in
a loop, or a stranger on the LAN, cannot start processes without end.  Eight-hand with every
seat a tab needs 8; a tab closed frees its place."""

SHUTDOWN_WAIT = 3.0
"""Seconds `WebSeats.stop` waits for the tabs' client processes to quit."""

_HOST_HEADER = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?$")
"""A ``Host`` header fit to write into the page: a name or an address, maybe a port."""

FOCUS_THE_TERMINAL = """<script>
// the terminal takes the keys as soon as the app draws (textual-serve marks the body
// "-first-byte"): without it the page's body had them and a code typed at once was lost
(() => {
  let drawn = false;
  new MutationObserver(() => {
    const now = document.body.classList.contains("-first-byte");
    const keys = document.querySelector(".xterm-helper-textarea");
    if (now && !drawn && keys) keys.focus();
    drawn = now && keys !== null;
  }).observe(document.body, { attributes: true, attributeFilter: ["class"] });
})();
</script>
"""
"""Added to the page (`_TableServer.handle_index`): once the app's first frame is drawn, the
terminal has the keyboard's focus (on the page's load, and on its Restart, which loads it again)."""


def join_address(listen: str, port: int) -> str:
    """The ``HOST:PORT`` a tab's client, on the host's own machine, dials to reach the table
    listening on ``listen``: a wildcard address (``0.0.0.0``, ``::``) is reached on loopback;
    an IPv6 address goes in brackets.  ``listen`` is the host's checked ``--listen`` value."""
    host = listen
    try:
        address = ipaddress.ip_address(listen)
    except ValueError:
        address = None
    if address is not None and address.is_unspecified:
        host = "::1" if address.version == 6 else "127.0.0.1"
    if ":" in host:
        return f"[{host}]:{port}"
    return f"{host}:{port}"


def join_command(listen: str, port: int, home: str) -> str:
    """The shell command each browser tab runs: this Python's ``pinochle join HOST:PORT`` with
    no code, so the join screen asks for it.  The interpreter's own path, not a ``pinochle`` on
    PATH: the tab's client is the host's version whatever the shell would find.  ``home`` is
    the tab's own ``PINOCHLE_HOME`` (settings, saves, statistics): a friend's tab never reads
    or writes the host's."""
    words = ["env", f"PINOCHLE_HOME={home}", sys.executable, "-m", "pinochle_tui.cli", "join"]
    return shlex.join([*words, join_address(listen, port)])


def page_url(listen: str, web_port: int) -> str:
    """What the host shows: the address a browser opens (``http://HOST:WEBPORT/``); for a
    wildcard ``--listen``, the friend puts the machine's LAN address in place of HOST."""
    host = listen
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{web_port}/"


class _TableServer(Server):
    """textual-serve's server as the host runs it: inside the host's own event loop (its
    `aiohttp` application started by `WebSeats`, not by `Server.serve`, which would take the
    process), without printing a banner over the host's screen, with at most ``most_tabs``
    tabs at once, and with the page's websocket address taken from the address the browser
    used (behind ``--listen 0.0.0.0`` the page must name the host's LAN address, not 0.0.0.0)."""

    def __init__(self, command: str, host: str, port: int, most_tabs: int) -> None:
        super().__init__(command, host=host, port=port, title="pinochle: join a table")
        self.most_tabs = most_tabs
        self.tabs = 0
        self._tab_tasks: set[asyncio.Task[Any]] = set()
        self._own_url = self.public_url = page_url(host, port).rstrip("/")  # textual-serve's has no [] for IPv6

    async def on_startup(self, app: web.Application) -> None:
        """No banner: the host's screen is a Textual app and says itself where to go."""

    async def handle_index(self, request: web.Request) -> Any:
        """The page, its websocket and static addresses built on the ``Host`` the browser sent
        when that is a plain host name or address (anything else: the listening address)."""
        host = request.headers.get("Host", "")
        self.public_url = f"http://{host}" if _HOST_HEADER.match(host) else self._own_url
        # textual-serve builds the page's addresses from public_url before its first await,
        # so no other request can change it in between.
        page = await super().handle_index(request)
        if isinstance(page, web.Response) and page.text and "</body>" in page.text:
            page.text = page.text.replace("</body>", FOCUS_THE_TERMINAL + "</body>", 1)
        return page

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab's client process, refused (HTTP 503) while ``most_tabs`` are running."""
        if self.tabs >= self.most_tabs:
            raise web.HTTPServiceUnavailable(text=f"this table serves at most {self.most_tabs} browser tabs at once")
        self.tabs += 1
        task = asyncio.current_task()
        if task is not None:
            self._tab_tasks.add(task)
        try:
            return await super().handle_websocket(request)
        finally:
            self.tabs -= 1
            self._tab_tasks.discard(task)  # type: ignore[arg-type]

    async def close_tabs(self, timeout: float) -> None:
        """End every open tab: its handler is cancelled, which closes its websocket and has
        textual-serve tell its client to quit and wait for the process (a tab's websocket is
        otherwise open for as long as the browser keeps the page)."""
        tasks = set(self._tab_tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)


class WebSeats:
    """The browser page of one hosted table: started and stopped in the host's event loop.

    ``listen`` is the host's listening address (``127.0.0.1`` unless ``--listen``), ``port``
    the table's own port (what each tab's client joins), ``web_port`` the page's port (0: any
    free port, read back from `web_port` once started).
    """

    def __init__(self, listen: str, port: int, web_port: int = DEFAULT_WEB_PORT, *, most_tabs: int = MOST_TABS) -> None:
        self.listen = listen
        self.port = port
        self.web_port = web_port
        self.home = ""  # the tabs' PINOCHLE_HOME, a new empty folder while the page is served
        self._server = _TableServer("", host=listen, port=web_port, most_tabs=most_tabs)
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        """The page's address, as the host shows it."""
        return page_url(self.listen, self.web_port)

    @property
    def tabs(self) -> int:
        """Browser tabs connected now (each with its client process)."""
        return self._server.tabs

    async def start(self) -> None:
        """Listen for browsers.  `OSError` when the address cannot be had (the port taken, an
        address not on this machine): the host reports it in one line."""
        self.home = tempfile.mkdtemp(prefix="pinochle-web-")
        self._server.command = join_command(self.listen, self.port, self.home)
        try:
            await self._listen()
        except BaseException:
            shutil.rmtree(self.home, ignore_errors=True)
            raise

    @property
    def command(self) -> str:
        """The shell command each tab runs (`join_command`), once started."""
        return self._server.command

    async def _listen(self) -> None:
        # textual-serve's own application: its page, websocket, static and download routes
        app = await self._server._make_app()
        runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=SHUTDOWN_WAIT)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.listen, self.web_port).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        if self.web_port == 0:  # the port the system chose (the tests ask for any free port)
            self.web_port = int(runner.addresses[0][1])
            self._server.port = self.web_port
            self._server._own_url = self._server.public_url = page_url(self.listen, self.web_port).rstrip("/")

    async def stop(self) -> None:
        """Close the page's server: each open tab's websocket is closed, which ends its client
        process (textual-serve tells the app to quit and waits for it)."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await self._server.close_tabs(timeout=SHUTDOWN_WAIT)
            await runner.cleanup()
            shutil.rmtree(self.home, ignore_errors=True)


def web_port_problem(web_port: int, port: int) -> str | None:
    """What is wrong with ``--web-port`` (one line), or None: a port from 1 to 65535 and not
    the table's own."""
    if not 1 <= web_port <= 65535:
        return f"--web-port {web_port} is not a port; give a number from 1 to 65535 (default {DEFAULT_WEB_PORT})"
    if web_port == port:
        return f"--web-port {web_port} is the table's own port; give another (default {DEFAULT_WEB_PORT})"
    return None


__all__ = ["DEFAULT_WEB_PORT", "MOST_TABS", "WebSeats", "join_address", "join_command", "page_url", "web_port_problem"]
