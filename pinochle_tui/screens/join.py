"""The join screen: a seat at a table another pinochle hosts.  It asks for the host's
address and the seat's join code (``pinochle join`` without them, "Join a table" on the
new-game screen, a browser tab served by ``pinochle host --web``), connects, and opens
the table at the host's first news (`remote_loop.RemoteLoop`).  Given both, it connects
at once.  A code the host refuses, or a host that cannot be reached, is said here, and
the fields can be typed again.

The address of the last table joined, and the name of the seat taken there, are kept in
the settings (`Settings.join_address`: these two alone, written atomically into the file
as it is then, `Settings.save_fields`) once its table opens; without an address given,
the screen offers that one again (a friend who joins again types only the code).  Not in
a browser tab: its settings are the host's."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from ..cli_common import visible
from ..host import Host
from ..remote.client import DEFAULT_PORT, Status, address_text, code_problem, parse_address, status_line
from ..render import sentence
from ..widgets import FieldInput, KeysFooter, SizeWatch, TooSmall, when_live
from .remote_loop import RemoteLoop

JOIN_HELP = (
    "The host shows, for each seat at other terminals: pinochle join HOST:PORT --code CODE. "
    f"Type the HOST:PORT (the port is {DEFAULT_PORT} when none is given) and the code for your seat."
)


class JoinScreen(SizeWatch, Screen[None]):
    """Ask for the host and the join code, connect, open the table (see the module)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "join", "join", id="join_go"),
        Binding("escape", "back", "back", id="join_back"),
    ]
    DEFAULT_CSS = """
    JoinScreen .join-row { height: auto; margin-top: 1; }
    JoinScreen .join-label { width: 16; padding-top: 0; }
    JoinScreen Input { width: 40; }
    JoinScreen #join-status { margin-top: 1; height: auto; }
    """

    def __init__(self, host: str | None = None, port: int | None = None, code: str | None = None) -> None:
        super().__init__()
        self.address = address_text(host, port or DEFAULT_PORT) if host else ""
        self.given = bool(host)  # (the address was given: with the code too, it connects at once)
        self.code = code or ""
        self.loop: RemoteLoop | None = None
        self.opened = False

    @property
    def papp(self) -> Host:
        return self.app  # type: ignore[return-value]

    def own_settings(self) -> bool:
        """This terminal's own settings are the player's: not a browser tab's, whose app
        runs on the host's machine (`PinochleApp.join_only`)."""
        return not self.app.is_web and not getattr(self.app, "join_only", False)

    def compose(self) -> ComposeResult:
        settings = self.papp.settings
        if not self.address and self.own_settings():  # the last table joined, offered again
            self.address = settings.join_address
        with VerticalScroll(classes="body join"):
            yield Static(Text("Join a table", style="bold"), id="join-title")
            yield Static(JOIN_HELP, id="join-help")
            with Horizontal(classes="join-row"):
                yield Label("Host", classes="join-label")
                # a browser tab (``pinochle host --web``) joins the host that served it: its
                # address cannot be changed there, so the page cannot make the host dial elsewhere
                locked = bool(self.address) and self.app.is_web
                yield FieldInput(
                    self.address, id="join-address", placeholder=f"e.g. 192.168.1.20:{DEFAULT_PORT}", disabled=locked
                )
            with Horizontal(classes="join-row"):
                yield Label("Join code", classes="join-label")
                yield FieldInput(self.code, id="join-code", placeholder="e.g. 7KQM-2XHA-9RCE-W4TN")
            with Horizontal(classes="join-row"):
                yield Button("Join the table", id="join-go", variant="primary", compact=True)
            yield Static(self.last_joined(), id="join-status")
        yield TooSmall()
        yield KeysFooter()

    AUTO_FOCUS = None  # (`on_mount` focuses the first field left to type: the code once the address is known)

    def last_joined(self) -> Text:
        """The line that says which table the address offered is, when it is the last one
        joined ("Last joined: Bob's seat at 192.168.1.20:8470."); empty otherwise."""
        s = self.papp.settings
        if self.given or not self.own_settings() or not s.join_address or self.address != s.join_address:
            return Text("")
        seat = f"{visible(s.join_name)}'s seat at " if s.join_name else ""
        return Text(f"Last joined: {seat}{s.join_address}. Type the code for your seat.", style="italic")

    def on_mount(self) -> None:
        self.query_one("#join-code" if self.address else "#join-address", Input).focus()
        if self.given and self.code:
            self.action_join()

    def say(self, text: str, bold: bool = True) -> None:
        self.query_one("#join-status", Static).update(Text(text, style="bold" if bold else "italic"))

    @when_live
    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "join-address" and not self.query_one("#join-code", Input).value.strip():
            self.query_one("#join-code", Input).focus()
            return
        self.action_join()

    @when_live
    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_join()

    def action_join(self) -> None:
        """Check what was typed (one line: what is wrong and what is allowed), then connect."""
        if self.loop is not None and not self.loop.conn.closed:
            return  # connecting already
        address = self.query_one("#join-address", Input).value
        code = self.query_one("#join-code", Input).value.strip()
        try:
            host, port = parse_address(address)
        except ValueError as exc:
            self.say(f"Host: {exc}")
            self.query_one("#join-address", Input).focus()
            return
        if problem := code_problem(code):
            self.say(f"Join code: {problem}")
            self.query_one("#join-code", Input).focus()
            return
        self.say(f"Connecting to {address_text(host, port)}…", bold=False)
        loop = self.loop = RemoteLoop(self.app, host, port, code)
        loop.on_news = self.open_table
        loop.on_status = self.status_changed
        loop.start()

    def status_changed(self, status: Status) -> None:
        """The connection before the table opens: said here; a refusal ends it (the code
        can be typed again)."""
        if self.opened or not self.is_mounted:
            return
        if status.state == "lost" and self.loop is not None and self.loop.welcome is None:  # never in yet
            line = f"Cannot reach the host: {status.reason} — trying again (try {status.attempt})…"
        else:
            line = sentence(status_line(status)) or "Connected: waiting for the host's table…"
        self.say(line, bold=status.state != "connected")
        if status.state == "closed" and self.loop is not None:
            self.loop = None if self.loop.table is None else self.loop

    def open_table(self) -> None:
        """The host's first news: the table, driven by the connection."""
        if self.opened or self.loop is None:
            return
        self.opened = True
        self.remember(self.loop)
        from .table import TableScreen

        self.papp.replace_screens(TableScreen(remote=self.loop))

    def remember(self, loop: RemoteLoop) -> None:
        """The table joined, kept in the settings (atomically, as they are always written)
        for the next join: its address and the name of the seat taken.  A convenience: a
        settings file that cannot be written stops nothing."""
        if not self.own_settings():
            return
        s = self.papp.settings
        welcome = loop.welcome
        names = welcome.names if welcome is not None else ()
        name = visible(names[welcome.seat]) if welcome is not None and 0 <= welcome.seat < len(names) else ""
        address, name = address_text(loop.conn.host, loop.conn.port), name[:40]
        if len(address) <= 300 and (s.join_address, s.join_name) != (address, name):  # (the settings' bound)
            s.join_address, s.join_name = address, name
            # these two alone, into the file as it is now: another pinochle may have saved
            # its settings since this one read them (`Settings.save_fields`)
            s.save_fields("join_address", "join_name")

    def action_back(self) -> None:
        """Esc: the new-game screen (the connection, if any, is closed); a browser tab's
        app ends instead (`PinochleApp.join_only`: nothing else of the host's machine)."""
        loop, self.loop = self.loop, None
        if loop is not None:
            self.app.run_worker(loop.stop(), exit_on_error=False)
        self.papp.action_new_game()
