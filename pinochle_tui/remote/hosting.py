"""``pinochle host``: a table with seats at other terminals, played at this one.

    pinochle host --variant NAME --seats human:Ann,remote:Bob,standard,remote:Cy
                  [--port N] [--listen ADDR] [--seed S] [--target T] [--resume]

Each ``remote`` seat gets a join code, printed (and shown at the table) as the line to run
at the other terminal.  The game is saved after every decision with the codes, so
``--resume`` continues the last hosted game and the same codes let everyone back in.
Listens on 127.0.0.1 (this machine) unless ``--listen`` says otherwise (``0.0.0.0``: the
whole network).  Bad input is one line, exit 2.
"""

from __future__ import annotations

import argparse
import json
import socket
from pathlib import Path
from typing import Any

from ..cli_common import UsageError, load_variant_set, pick_variant, visible
from .codes import new_code

DEFAULT_PORT = 8470  # as `client.DEFAULT_PORT`
LAN = "0.0.0.0"


def host_seats(text: str, people: int, variant_name: str) -> tuple[list[str], list[int]]:
    """``human:Ann,remote:Bob,standard`` as `default_seats` reads seats (a remote seat is a
    person's: ``human:NAME``) and the people at other terminals."""
    from ..app_main import parse_seats

    items = [s.strip() for s in text.split(",")]
    remote = []
    local = []
    for i, item in enumerate(items):
        kind, _, name = item.partition(":")
        if kind.strip().lower() == "remote":
            remote.append(i)
            name = name.strip() or f"Guest {len(remote)}"
            if len(name) > 20:
                raise UsageError(f"--seats: the name {name!r} is longer than 20 characters")
            local.append(f"human:{name}")
        else:
            local.append(item)
    if not remote:
        raise UsageError("--seats: a hosted table has at least one remote seat (remote or remote:NAME)")
    spec = parse_seats(",".join(local), people, variant_name)
    return spec, remote


def free_port(address: str, port: int) -> None:
    """`UsageError` when ``address``:``port`` cannot be listened on now."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((address, port))
    except OSError as exc:
        raise UsageError(
            f"--listen/--port: cannot listen on {address}:{port} ({exc.strerror or exc}); "
            "give another port with --port, or an address of this machine with --listen"
        ) from None


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
    where = shown_address(address)
    return [f"{visible(ctrl.people[p].name)}: pinochle join {where}:{port} --code {code}" for p, code in codes.items()]


def latest_hosted_save() -> Path | None:
    """The newest saved game of a hosted table (one with join codes), or None."""
    from ..paths import data_dir

    try:
        files = sorted(Path(data_dir()).glob("game-*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
    except OSError:
        return None
    for f in files:
        try:
            if f.stat().st_size > 4_000_000:
                continue
            data = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("remote") and not data.get("finished"):
            return f
    return None


def run_host(args: argparse.Namespace) -> int:
    """``pinochle host``: check the flags, deal (or resume), print the join lines, play."""
    from ..app_main import build_app, require_terminal
    from ..controller import Controller, default_seats, seat_name_problem
    from ..paths import SaveBusy, SaveLock
    from ..save import SaveError, load_game, new_save_path
    from .host_core import HostCore

    address = args.listen or "127.0.0.1"
    port = DEFAULT_PORT if args.port is None else args.port
    if not 0 < port < 65536:
        raise UsageError(f"--port: {port} is not a port; give 1 to 65535, e.g. {DEFAULT_PORT}")
    if args.resume:
        given = [f for f in ("variant", "seats", "seed", "target") if getattr(args, f, None) is not None]
        if given:
            raise UsageError(f"--resume continues the last hosted game as it was; drop --{given[0]}")
        path = latest_hosted_save()
        if path is None:
            raise UsageError("--resume: there is no unfinished hosted game; start one with: pinochle host --seats ...")
        try:
            SaveLock(path).acquire().release()  # (held by the app from its first frame)
        except SaveBusy as exc:
            raise UsageError(f"--resume: {exc}") from None
        try:
            ctrl = load_game(path)
        except SaveError as exc:
            raise UsageError(f"--resume: {exc}") from None
        codes = dict(ctrl.remote_codes)
        save_path = path
    else:
        if not args.seats:
            raise UsageError("pinochle host needs --seats, e.g. --seats human:Ann,remote:Bob,standard,remote:Cy")
        variants = load_variant_set(getattr(args, "variants", None))
        v = pick_variant(variants, args.variant) if args.variant else variants["partnership"]
        spec, remote = host_seats(args.seats, v.people, v.name)
        seats = default_seats(v.people, spec)
        problem = seat_name_problem(seats)
        if problem:
            raise UsageError(f"--seats: {problem}")
        target = None
        if args.target is not None:
            if args.target <= 0 or args.target * v.scale > v.max_game_target:
                most = v.fmt(v.max_game_target)
                raise UsageError(f"--target: {args.target} is not allowed in {v.name}; give 1 to {most}")
            target = args.target * v.scale
        ctrl = Controller(v, seats, seed=args.seed or None, target=target)
        codes = {p: new_code() for p in remote}
        save_path = None
    free_port(address, port)
    require_terminal()
    if save_path is None:
        save_path = new_save_path()
    core = HostCore(ctrl, codes)
    core.serve_at = (address, port)
    lines = join_lines(ctrl, codes, address, port)
    where = "this machine only (--listen 0.0.0.0 opens it to your network)" if address == "127.0.0.1" else address
    print(f"Hosting {visible(ctrl.variant.name)} on {where}, port {port}. At each other terminal run:")
    for line in lines:
        print(f"  {line}")
    ns = argparse.Namespace(
        variants=getattr(args, "variants", None),
        bot_delay=args.bot_delay,
        trick_delay=args.trick_delay,
        ascii=args.ascii,
        resume=False,
        variant=None,
        seats=None,
        seed=None,
        target=None,
        think=None,
    )
    app = build_app(ns)
    app.ctrl = ctrl
    app.save_path = save_path
    app.host_core = core
    app.host_lines = lines
    app.save_when_shown = True
    result = app.run()
    return int(getattr(app, "return_code", 0) or result or 0)


__all__ = ["DEFAULT_PORT", "host_seats", "join_lines", "latest_hosted_save", "run_host"]
