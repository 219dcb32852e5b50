"""The browser seats' web server (`pinochle_tui.remote.web`), without a browser: the command a
tab runs, the addresses the host shows and the page names, the tab limit, and the app's start
under textual-serve's web driver.  The browser itself: tests/remote/test_browser.py."""

from __future__ import annotations

import shlex
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from pinochle_tui.app_main import require_terminal, served_to_a_browser
from pinochle_tui.cli_common import UsageError
from pinochle_tui.remote.web import DEFAULT_WEB_PORT, WebSeats, join_address, join_command, page_url, web_port_problem


@pytest.mark.parametrize(
    ("listen", "expected"),
    [
        ("127.0.0.1", "127.0.0.1:8470"),
        ("0.0.0.0", "127.0.0.1:8470"),  # a wildcard is reached on loopback
        ("::", "[::1]:8470"),
        ("::1", "[::1]:8470"),
        ("192.168.1.20", "192.168.1.20:8470"),
    ],
)
def test_a_tab_joins_the_table_on_the_hosts_own_machine(listen: str, expected: str) -> None:
    assert join_address(listen, 8470) == expected


def test_a_tab_runs_this_pythons_join_with_an_address_and_no_code_in_its_own_home() -> None:
    assert shlex.split(join_command("0.0.0.0", 8470, "/tmp/pinochle-web-x y")) == [
        "env",
        "PINOCHLE_HOME=/tmp/pinochle-web-x y",
        sys.executable,
        "-m",
        "pinochle_tui.cli",
        "join",
        "127.0.0.1:8470",
    ]


def test_the_page_address_the_host_shows() -> None:
    assert page_url("127.0.0.1", DEFAULT_WEB_PORT) == "http://127.0.0.1:8471/"
    assert page_url("::1", 9000) == "http://[::1]:9000/"


def test_a_web_port_must_be_a_port_and_not_the_tables() -> None:
    assert web_port_problem(8471, 8470) is None
    assert web_port_problem(0, 8470) == "--web-port 0 is not a port; give a number from 1 to 65535 (default 8471)"
    assert (
        web_port_problem(70000, 8470) == "--web-port 70000 is not a port; give a number from 1 to 65535 (default 8471)"
    )
    assert web_port_problem(8470, 8470) == "--web-port 8470 is the table's own port; give another (default 8471)"


@pytest.fixture
async def seats() -> AsyncIterator[WebSeats]:
    """A page server on a free loopback port for a table said to be on port 8470 (no table is
    needed: these tests never open a tab's websocket far enough to start its client)."""
    served = WebSeats("127.0.0.1", 8470, 0, most_tabs=0)
    await served.start()
    try:
        yield served
    finally:
        await served.stop()


async def test_the_tabs_home_is_new_and_empty_while_served_and_gone_after(seats: WebSeats) -> None:
    home = Path(seats.home)
    assert home.is_dir()
    assert list(home.iterdir()) == []
    assert f"PINOCHLE_HOME={home}" in seats.command
    await seats.stop()
    assert not home.exists()


async def test_the_page_names_the_address_the_browser_used(seats: WebSeats) -> None:
    """Behind ``--listen 0.0.0.0`` the browser came by the LAN address: the page's websocket
    and files must be asked there, not at the listening address."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{seats.web_port}/", headers={"Host": "192.168.1.20:8471"}) as reply,
    ):
        page = await reply.text()
    assert reply.status == 200
    assert 'data-session-websocket-url="ws://192.168.1.20:8471/ws"' in page
    assert 'href="http://192.168.1.20:8471/static/css/xterm.css"' in page


async def test_a_host_header_that_is_not_an_address_is_not_written_into_the_page(seats: WebSeats) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{seats.web_port}/", headers={"Host": 'x"><script>alert(1)</script>'}) as reply,
    ):
        page = await reply.text()
    assert "alert(1)" not in page
    assert f'data-session-websocket-url="ws://127.0.0.1:{seats.web_port}/ws"' in page


async def test_a_tab_past_the_limit_is_refused_and_starts_no_client(seats: WebSeats) -> None:
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(f"http://127.0.0.1:{seats.web_port}/ws")
    assert refused.value.status == 503
    assert seats.tabs == 0


async def test_a_taken_port_is_an_os_error_for_the_host_to_report(seats: WebSeats) -> None:
    second = WebSeats("127.0.0.1", 8470, seats.web_port)
    with pytest.raises(OSError):
        await second.start()
    await second.stop()  # nothing started: a no-op


def test_the_app_runs_without_a_terminal_under_textual_serves_web_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tab's client has pipes, not a tty (pytest's stdin is not one either)."""
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert served_to_a_browser()
    require_terminal()
    monkeypatch.delenv("TEXTUAL_DRIVER")
    assert not served_to_a_browser()
    with pytest.raises(UsageError, match="the game needs a terminal"):
        require_terminal()
