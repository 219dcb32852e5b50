"""A browser seat in a real browser: Debian's chromium, headless, driven by Playwright, opens the
page `pinochle_tui.remote.web.WebSeats` serves, and its tab runs ``pinochle join HOST:PORT``
through textual-serve.

What the tab shows is read back from the bytes textual-serve sends it (`TerminalText`: the
screen xterm.js draws, rebuilt from Textual's cursor moves and text); a screenshot is kept in
``tmp_path`` for a person to look at.  No browser is downloaded: Playwright is given
/usr/bin/chromium (``.ci/run`` installs Debian's package when it is missing).  Without it the
tests skip with the reason, except under CI (``CI=true``), where they fail: the browser seat is
never left untested silently.
"""

from __future__ import annotations

import asyncio
import codecs
import os
import re
import time
import unicodedata
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from pinochle_tui.controller import Controller, Seat
from pinochle_tui.remote.host_core import HostCore
from pinochle_tui.remote.scripted import ScriptedPlayer, play
from pinochle_tui.remote.server import start_host
from pinochle_tui.remote.web import WebSeats
from pinochle_tui.screens.dialogs import UNASKED_PAUSE
from pinochle_tui.table.news import seat_news
from pinochle_tui.widgets import KEY_PAUSE
from rules import Phase, load_variants
from rules.actions import Play

VARIANTS = load_variants()

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    # as root, in a machine without a GPU or a network beyond loopback: no sandbox, no GPU, no
    # background connections (each refused by the closed network), nothing of a first run
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT = 20.0
"""Seconds a step may take before the test fails (a tab's client starts in about 2 s)."""


def _browser_or_skip() -> None:
    """Skip without chromium or Playwright, saying why; under CI, fail instead."""
    missing = []
    if not CHROMIUM.exists():
        missing.append(f"{CHROMIUM} (Debian's chromium: apt-get install -y chromium)")
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        missing.append("playwright (pip install -e '.[test]')")
    if not missing:
        return
    reason = "the browser-seat test needs " + " and ".join(missing)
    if os.environ.get("CI") == "true":
        pytest.fail(reason + "; .ci/run installs it")
    pytest.skip(reason)


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def tab_clients() -> list[int]:
    """The tab clients (``pinochle_tui.cli join`` processes) this test process started, still
    running: textual-serve starts each through a shell, so any ancestor counts."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if b"pinochle_tui.cli\x00join" not in cmdline:
            continue
        pid = int(entry.name)
        while pid > 1 and pid != os.getpid():
            pid = _parent(pid)
        if pid == os.getpid():
            found.append(int(entry.name))
    return found


class TerminalText:
    """The text of the terminal a tab draws, rebuilt from what textual-serve sends the page.

    Textual draws by moving the cursor (``ESC [ row ; col H``) and writing runs of text with
    their colours (``ESC [ ... m``), so a grid that follows the cursor moves and keeps the
    characters holds the same text xterm.js shows; colours, modes and titles are skipped.  A
    wide character takes two cells, as in the terminal.  The grid is the size the page asked
    for (its websocket's ``width``/``height``, then each ``resize`` it sends)."""

    _ESCAPE = re.compile(r"\x1b(?:\[([0-?]*)[ -/]*([@-~])|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")

    def __init__(self, cols: int = 80, rows: int = 24) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""
        self.resize(cols, rows)

    def resize(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.cells = [[" "] * cols for _ in range(rows)]
        self.row = self.col = 0

    def feed(self, data: bytes) -> None:
        text = self._pending + self._decoder.decode(data)
        at = 0
        while at < len(text):
            ch = text[at]
            if ch == "\x1b":
                match = self._ESCAPE.match(text, at)
                if match is None:
                    if len(text) - at < 256:  # the rest of it comes in the next frame
                        break
                    at += 1  # not an escape this reader knows: skip the ESC
                    continue
                self._escape(match.group(1), match.group(2))
                at = match.end()
            elif ch == "\r":
                self.col = 0
                at += 1
            elif ch == "\n":
                self.row = min(self.row + 1, self.rows - 1)
                at += 1
            else:
                self._put(ch)
                at += 1
        self._pending = text[at:]

    def _escape(self, params: str | None, final: str | None) -> None:
        if final == "H":  # cursor to row;col (1-based)
            parts = [int(p) if p.isdigit() else 1 for p in (params or "").split(";")] + [1, 1]
            self.row = min(max(parts[0], 1), self.rows) - 1
            self.col = min(max(parts[1], 1), self.cols) - 1
        elif final == "J" and params in ("2", "3"):
            self.cells = [[" "] * self.cols for _ in range(self.rows)]
        elif final == "K" and params in ("", "0", None):
            self.cells[self.row][self.col :] = [" "] * (self.cols - self.col)

    def _put(self, ch: str) -> None:
        if unicodedata.combining(ch):
            return
        wide = unicodedata.east_asian_width(ch) in ("W", "F")
        if self.col < self.cols:
            self.cells[self.row][self.col] = ch
            if wide and self.col + 1 < self.cols:
                self.cells[self.row][self.col + 1] = ""
        self.col += 2 if wide else 1

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.cells)


class Tab:
    """One browser tab on the page: its Playwright page and the text it shows."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.screen = TerminalText()
        page.on("websocket", self._watch)

    def _watch(self, ws: Any) -> None:
        query = parse_qs(urlsplit(ws.url).query)
        self.screen.resize(int(query.get("width", ["80"])[0]), int(query.get("height", ["24"])[0]))
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)

    def _received(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes):  # the app's output; text frames are textual-serve's own
            self.screen.feed(payload)

    def _sent(self, payload: bytes | str) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = re.findall(r'"(width|height)":\s*(\d+)', payload)
            got = {k: int(v) for k, v in size}
            if "width" in got and "height" in got:
                self.screen.resize(got["width"], got["height"])

    async def shows(self, *words: str, timeout: float = WAIT) -> str:
        """Wait until the screen shows every one of ``words``; the screen's text.  Fails with
        what it shows instead."""
        return await self.until(lambda text: all(w in text for w in words), f"the tab to show {words!r}", timeout)

    async def until(self, done: Callable[[str], bool], what: str, timeout: float = WAIT) -> str:
        end = time.monotonic() + timeout
        while True:
            text = self.screen.text()
            if done(text):
                return text
            if time.monotonic() > end:
                pytest.fail(f"waited {timeout:.0f} s for {what}; the tab shows:\n{text}")
            await asyncio.sleep(0.05)

    async def keys(self, *keys: str) -> None:
        """Press keys in the terminal (Playwright's names: "Enter", "a", "ArrowLeft", ...)."""
        for key in keys:
            await self.page.keyboard.press(key)

    async def type(self, text: str) -> None:
        await self.page.keyboard.type(text)


@pytest.fixture
async def browser(tmp_path: Path) -> AsyncIterator[Any]:
    """Headless chromium with a new empty profile: a Playwright browser context."""
    _browser_or_skip()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        context = await playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_FLAGS,
            viewport={"width": 1000, "height": 640},
        )
        # the page asks a web font from the internet: refused at once (the closed network
        # would refuse it anyway, slower); the terminal falls back to a local monospace font
        await context.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), lambda route: route.abort())
        try:
            yield context
        finally:
            await context.close()


async def open_tab(browser: Any, seats: WebSeats) -> Tab:  # TIMING
    """A tab on the page, its terminal drawn (textual-serve marks the page's body ``-first-byte``
    at the app's first frame); the page gives the terminal the keys by itself, as a person
    opening it types at once without clicking (`web.FOCUS_THE_TERMINAL`)."""
    page = await browser.new_page()
    tab = Tab(page)
    await page.goto(seats.url)
    await page.wait_for_selector("body.-first-byte", timeout=WAIT * 1000)
    await terminal_has_the_keys(page)
    return tab


async def terminal_has_the_keys(page: Any) -> None:
    """The page's keyboard focus is the terminal's (else what is typed is lost)."""
    focus = "document.activeElement && document.activeElement.classList.contains('xterm-helper-textarea')"
    await page.wait_for_function(focus, timeout=WAIT * 1000)


@pytest.fixture
async def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The host's settings and saves in tmp_path (a tab's client has its own, `WebSeats.home`)."""
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


async def test_a_tab_opens_at_the_join_screen_with_the_tables_address(browser: Any, home: Path, tmp_path: Path) -> None:
    """No table needs to listen: the tab's client shows the join screen, the host's address
    filled in, and asks for the code; Esc there ends the tab's client, and the page's Restart
    starts another at the join screen."""
    seats = WebSeats("127.0.0.1", 8470, 0)
    await seats.start()
    try:
        tab = await open_tab(browser, seats)
        text = await tab.shows("Join a table", "127.0.0.1:8470", "Join code", "^s join")
        assert "^p" not in text  # the footer offers no command palette (new game, settings, ...)
        (client,) = tab_clients()
        assert seats.tabs == 1
        environ = Path(f"/proc/{client}/environ").read_bytes().split(b"\0")
        assert f"PINOCHLE_HOME={seats.home}".encode() in environ  # not the host's home
        await tab.page.screenshot(path=str(tmp_path / "join-screen.png"))

        # Esc leaves the join screen: for a tab that ends its client (the host's machine runs
        # it for whoever reaches the page: no new game, settings or statistics from there);
        # the page says the session ended
        await tab.keys("Escape")
        await tab.page.wait_for_selector("body.-closed", timeout=WAIT * 1000)
        await wait_for(lambda: tab_clients() == [] and seats.tabs == 0, "the tab's client to end")
        # the page's Restart: a new client at the join screen (a new websocket: `Tab` starts
        # its text afresh)
        await tab.page.click(".closed-dialog button")
        await tab.page.wait_for_selector("body.-first-byte", timeout=WAIT * 1000)
        await tab.shows("Join a table", "Join code")
        assert len(tab_clients()) == 1
        await terminal_has_the_keys(tab.page)  # a code typed at once goes in its field
        await tab.type("7KQM")
        await tab.shows("7KQM")
    finally:
        await seats.stop()
    assert seats.tabs == 0
    assert tab_clients() == []  # stopping the page ended the tab's client


WEB = 2
"""The browser's seat at the partnership table: Ann (0) at another terminal is its partner."""


async def test_a_friend_in_a_browser_joins_with_the_code_and_plays_a_card(
    browser: Any, home: Path, tmp_path: Path
) -> None:
    """Partnership: Ann at another terminal (a scripted client over the websocket), two bots,
    and Web in a browser tab, who types the join code the host gave its seat, then makes its
    decisions with the table's keys (pass in the auction, play-for-me for a pass to the
    partner, Enter past the meld and a thrown-in hand's result) up to its first card, chosen
    with the hint and played with Enter, which the host's game then holds.  Then the tab is
    closed (the seat disconnected) and the page opened again with the same code: the seat is
    back."""
    ctrl = Controller(
        VARIANTS["partnership"],
        [Seat("human", "Ann"), Seat("bot", "North", "random"), Seat("human", "Web"), Seat("bot", "East", "random")],
        seed=7,
    )
    server, port, codes = await start_host(ctrl, [0, WEB], sit_in="random")
    ann = asyncio.ensure_future(play(port, ScriptedPlayer(codes[0], seed=1)))
    seats = WebSeats("127.0.0.1", port, 0)
    await seats.start()
    try:
        tab = await open_tab(browser, seats)
        await tab.shows("Join a table", f"127.0.0.1:{port}", "Join code")
        await tab.type(codes[WEB])  # (typed at once: no click, no Tab)
        await tab.keys("Enter")
        await tab.shows("partnership", "Web", "Ann partner")
        played = await play_to_the_first_card(tab, ctrl, server.core)
        await tab.page.screenshot(path=str(tmp_path / "browser-seat.png"))
        assert any(isinstance(a, Play) and a.card == played for a in ctrl.actions)  # the host's game has it
        assert played not in ctrl.view(WEB).hand
        assert server.core.state_of(WEB) == "here"

        # the tab closed: a dropped connection; the page opened again and the code typed
        # again: the seat is back, its hand without the card it played
        await tab.page.close()
        await host_says(server.core, "disconnected")
        again = await open_tab(browser, seats)
        await again.shows("Join code")
        await again.type(codes[WEB])
        await again.keys("Enter")
        held = re.compile(rf"^ Web( \(D\))? · .* · {len(ctrl.view(WEB).hand)} cards", re.MULTILINE)
        await again.until(lambda text: "Ann partner" in text and held.search(text) is not None, "the seat's table")
        await host_says(server.core, "here")
    finally:
        await seats.stop()
        await server.close()
        ann.cancel()
    assert tab_clients() == []


async def play_to_the_first_card(tab: Tab, ctrl: Controller, core: HostCore) -> Any:
    """Answer the browser seat's decisions with its keys until it has played a card; the
    card.  Each key is pressed once the host waits for that seat and the tab shows the
    decision's prompt, and the host must take it (`host_takes`)."""
    end = time.monotonic() + 3 * WAIT
    while time.monotonic() < end:
        news = await host_waits_for(ctrl, core, WEB)
        phase = news.view.phase
        before = host_state(ctrl, core)
        if news.meld_pause:
            await tab.shows("Everyone's meld is shown. Press Enter to go on.")
            await tab.keys("Enter")
        elif phase is Phase.DONE:  # the bidder threw the hand in: its result, then the next hand
            await tab.shows("Press Enter for the next hand.")
            await asyncio.sleep(UNASKED_PAUSE)  # the tab's result, up by itself, takes no key sooner
            await tab.keys("Enter")
        elif phase is Phase.AUCTION:
            await tab.shows("Your bid:")
            await asyncio.sleep(KEY_PAUSE)  # (a hand's first decision, often the bid, takes no key sooner)
            await tab.keys("p")
        elif phase is Phase.TRICKS:
            hand = set(ctrl.view(WEB).hand)
            await tab.shows("your turn", "Enter plays")
            await tab.keys("i")  # the hint: the cursor goes onto a card the seat may play
            await tab.shows("Hint (standard bot)", "Enter closes the hint")
            await tab.keys("Enter")
            await tab.until(lambda text: "closes the hint" not in text, "the hint to close")
            await tab.keys("Enter")  # play the card under the cursor
            await host_takes(ctrl, core, before, tab)
            (card,) = hand - set(ctrl.view(WEB).hand)
            return card
        else:  # a pass to the partner, trump named: the standard bot chooses for Web
            if phase in (Phase.TRUMP, Phase.MELD):
                await asyncio.sleep(KEY_PAUSE)  # the bidder's choices take no key sooner
            await tab.keys("a")
        await host_takes(ctrl, core, before, tab)
    pytest.fail("the browser seat did not come to play a card")


async def wait_for(done: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + WAIT
    while not done():
        if time.monotonic() > end:
            pytest.fail(f"waited {WAIT:.0f} s for {what}")
        await asyncio.sleep(0.05)


async def host_says(core: HostCore, state: str) -> None:
    """Wait until the host tells the browser seat's state as ``state``."""
    await wait_for(lambda: core.state_of(WEB) == state, f"the host to say the browser seat is {state}")


def decisions(ctrl: Controller) -> int:
    return sum(len(h) for h in ctrl.done_hands) + len(ctrl.actions)


async def host_waits_for(ctrl: Controller, core: HostCore, seat: int) -> Any:
    """Wait until the host waits for ``seat`` (to act, or to go on past the meld or the hand's
    result); its news."""
    end = time.monotonic() + WAIT
    while True:
        news = seat_news(ctrl, seat)
        if news.to_act == seat or news.meld_pause or (news.view.phase is Phase.DONE and seat not in core.ready):
            return news
        if time.monotonic() > end:
            pytest.fail(f"the host never waited for seat {seat}: {news.view.phase}, {news.to_act} to act")
        await asyncio.sleep(0.05)


def host_state(ctrl: Controller, core: HostCore) -> tuple[int, bool, bool]:
    """What a decision of the browser seat changes on the host: the decisions applied, and
    whether the seat is still waited for past the meld or the hand's result (going on is no
    decision)."""
    return decisions(ctrl), seat_news(ctrl, WEB).meld_pause, WEB in core.ready


async def host_takes(ctrl: Controller, core: HostCore, before: tuple[int, bool, bool], tab: Tab) -> None:
    """Wait until the browser seat's key has changed the host's game (`host_state`)."""
    end = time.monotonic() + WAIT
    while host_state(ctrl, core) == before:
        if time.monotonic() > end:
            pytest.fail(f"the host never took the browser seat's key; the tab shows:\n{tab.screen.text()}")
        await asyncio.sleep(0.05)
