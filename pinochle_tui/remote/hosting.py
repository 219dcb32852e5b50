"""Hosting a table with seats at other terminals: the address and port, the lines to join
with, a new hosted game in a running app (the new-game screen's "Host a table") and a
hosted game resumed from its save (its join codes kept in it)."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

from ..cli_common import UsageError, visible
from ..paths import program
from .codes import new_code

DEFAULT_PORT = 8470  # as `client.DEFAULT_PORT`
LAN = "0.0.0.0"


def free_port(address: str, port: int, flag: str = "--listen/--port") -> None:
    """`UsageError` when ``address``:``port`` cannot be listened on now, naming the ``flag``
    that chose it (the table's port, or the browser page's ``--web-port``)."""
    problem = port_problem(address, port)
    if problem is None:
        return
    if flag == "--web-port":
        fix = "give the browser page another port with --web-port"
    else:
        fix = "give another port with --port, or an address of this machine with --listen"
    raise UsageError(f"{flag}: {problem}; {fix}")


def shown_address(address: str) -> str:
    """The address others type: this machine's on the network for ``0.0.0.0``."""
    if address not in (LAN, "::"):
        return f"[{address}]" if ":" in address else address
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # (no packet is sent: the route tells the address)
            return str(s.getsockname()[0])
    except OSError:
        return socket.gethostname()


def join_lines(ctrl: Any, codes: dict[int, str], address: str, port: int) -> list[str]:
    """For each person at another terminal: the line to run there."""
    where, run = shown_address(address), program()
    return [f"{visible(ctrl.people[p].name)}: {run} join {where}:{port} --code {code}" for p, code in codes.items()]


def latest_hosted_save() -> Path | None:
    """The newest unfinished saved game of a hosted table (one with join codes), or None."""
    from rules.bounded_read import FileProblem, parse_json, read_bounded

    from ..paths import MAX_SAVE_SIZE, data_dir

    try:
        files = sorted(Path(data_dir()).glob("game-*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
    except OSError:
        return None
    for f in files:
        try:
            data = parse_json(read_bounded(f, MAX_SAVE_SIZE, "a saved game", "a JSON text file"))
        except (OSError, FileProblem, ValueError):
            continue  # (a damaged save is the new-game screen's to report)
        if isinstance(data, dict) and data.get("remote") and not data.get("finished"):
            return f
    return None


def port_problem(address: str, port: int) -> str | None:
    """Why ``address``:``port`` cannot be listened on now, in a few words (``cannot listen on
    127.0.0.1:8470 (Address already in use)``); None when it can."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((address, port))
    except OSError as exc:
        return f"cannot listen on {address}:{port} ({exc.strerror or exc})"
    return None


def host_table(
    app: Any,
    variant: Any,
    seats: list[Any],
    remote: set[int],
    seed: str | None,
    target: int | None,
    *,
    at: tuple[str, int, int | None] | None = None,
) -> str | None:
    """A new hosted game in the running ``app`` (the new-game screen's "Host a table"):
    the people of ``remote`` (whose seats are human seats) join from other terminals.  It
    listens ``at`` (address, port, the browser page's port or None), by default where the
    app's last hosted table did (`hosted_before`: a host who gave ``--port`` expects the
    next game there too, and the friends' join screens offer that address).  The reason in
    one line when it cannot be hosted (the port is taken), else None."""
    from .host_core import HostCore

    address, port, web_port = hosted_before(app) if at is None else at
    problem = port_problem(address, port)
    if problem is None and web_port is not None:
        problem = port_problem(address, web_port)
    if problem:  # (this screen has no port to give: the command line has)
        return (
            f"{problem}; this screen hosts on port {port}: free it, or host on another port from the "
            f"command line: {program()} host --port N --seats ..."
        )
    app.start_new_game(variant, seats, seed, target)
    ctrl = app.ctrl
    ctrl.hosted_at = (address, port, web_port)  # (kept in the save: resuming it listens there again)
    codes = {p: new_code() for p in sorted(remote)}
    core = HostCore(ctrl, codes)
    serve_there(app, core, ctrl)
    app.save_now(ctrl)
    return None


def hosted_before(app: Any) -> tuple[str, int, int | None]:
    """Where ``app``'s last hosted table listened (address, port, the browser page's port
    or None): its `HostCore`'s, kept by the app after that game (`pinochle host --port N`,
    a resumed game's save); this machine's default port when it hosted none."""
    core = getattr(app, "host_core", None)
    if core is not None and core.serve_at is not None:
        address, port = core.serve_at
        return address, port, core.web_port
    return "127.0.0.1", DEFAULT_PORT, None


def serve_there(app: Any, core: Any, ctrl: Any) -> None:
    """``core`` (the hosted game ``ctrl``'s) listens where ``ctrl.hosted_at`` says, as the
    app's table, with the lines to join with (and the browser page's, with one)."""
    address, port, web_port = hosted_at(ctrl)
    core.serve_at = (address, port)
    core.web_port = web_port
    app.host_core = core
    app.host_lines = join_lines(ctrl, core.codes, address, port)
    if web_port is not None:
        from .web import page_url

        app.host_lines.append(f"Browsers: open {page_url(shown_address(address), web_port)} and type the seat's code")


def hosted_at(ctrl: Any) -> tuple[str, int, int | None]:
    """Where ``ctrl``'s hosted game listens: (address, port, the browser page's port or
    None) as its save keeps it (`Controller.hosted_at`), else this machine's default port."""
    return ctrl.hosted_at or ("127.0.0.1", DEFAULT_PORT, None)


def resume_problem(ctrl: Any) -> str | None:
    """Why the hosted game ``ctrl`` cannot be resumed here now, in one line (its address
    or port is in use), saying how to resume it elsewhere; None when it can."""
    address, port, web_port = hosted_at(ctrl)
    problem = port_problem(address, port)
    if problem is None and web_port is not None:
        problem = port_problem(address, web_port)
    if problem is None:
        return None
    return f"this hosted game {problem}; resume it on another port with: {program()} host --resume --port N"


def host_again(app: Any, ctrl: Any) -> Any:
    """The `HostCore` of a hosted game resumed at ``app``'s table (its save kept its join
    codes): where it was hosted (`hosted_at`); the same codes let everyone back in."""
    from .host_core import HostCore

    core = HostCore(ctrl, dict(ctrl.remote_codes))
    serve_there(app, core, ctrl)
    return core


__all__ = [
    "DEFAULT_PORT",
    "host_again",
    "host_table",
    "hosted_at",
    "hosted_before",
    "join_lines",
    "latest_hosted_save",
    "port_problem",
    "resume_problem",
]
