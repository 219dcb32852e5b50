"""``pinochle host``: a table with seats at other terminals, played at this one.

    pinochle host --variant NAME --seats human:Ann,remote:Bob,standard,remote:Cy
                  [--port N] [--listen ADDR] [--web [--web-port N]] [--seed S] [--target T] [--think S]
    pinochle host --resume [--port N] [--listen ADDR] [--web | --no-web] [--web-port N]

Each ``remote`` seat gets a join code, printed (and shown at the table) as the line to run
at the other terminal.  The game is saved after every decision with the codes, so
``--resume`` continues the last hosted game and the same codes let everyone back in, on
the address and ports it was hosted on (kept in the save; a flag given says otherwise).
Listens on 127.0.0.1 (this machine) unless ``--listen`` says otherwise (``0.0.0.0``: the
whole network).  Bad input is one line, exit 2.
"""

from __future__ import annotations

import argparse

from ..cli_common import TARGET, UsageError, no_expert, pick_variant, visible
from ..paths import program
from ..seating import NAME_MAX
from .codes import new_code
from .hosting import DEFAULT_PORT, free_port, join_lines, latest_hosted_save, shown_address


def host_seats(text: str, people: int, variant_name: str) -> tuple[list[str], list[int]]:
    """``human:Ann,remote:Bob,standard`` as `default_seats` reads seats (a remote seat is a
    person's: ``human:NAME``) and the people at other terminals."""
    from ..app_main import name_too_long, parse_seats, seat_kind

    items = [s.strip() for s in text.split(",")]
    remote = []
    local = []
    for i, item in enumerate(items):
        kind, colon, name = item.partition(":")
        if kind.strip().lower() == "remote":
            if colon and not name.strip():  # ``remote:``: a name promised and not given
                raise UsageError(
                    f"--seats: seat {i + 1} ({item!r}) has an empty name; give a name after the colon, "
                    "or remote alone for the default one"
                )
            remote.append(i)
            name = name.strip() or f"Guest {len(remote)}"
            if len(name) > NAME_MAX:
                raise UsageError(name_too_long(name))
            local.append(f"human:{name}")
        else:
            local.append(item)
    if not remote and any(items):  # (no seat at all: `parse_seats` says how many to give)
        for i, item in enumerate(items):  # a misspelt kind (``remot``) named as such first
            if item:
                seat_kind(item, i, hosted=True)
        raise UsageError("--seats: a hosted table has at least one remote seat (remote or remote:NAME)")
    return parse_seats(",".join(local), people, variant_name, hosted=True), remote


def run_host(args: argparse.Namespace) -> int:
    """``pinochle host``: check the flags, deal (or resume), print the join lines, play."""
    from ..app_main import build_app, require_terminal, run_on_its_loop
    from ..controller import Controller, default_seats, seat_name_problem
    from ..paths import SaveBusy, SaveLock
    from ..save import SaveError, load_game, new_save_path
    from .host_core import HostCore

    # where it listens: the flags given (--port and --web-port in range: the parser's
    # cli_common.PORT), else (--resume) where the game was hosted, else the defaults
    listen, web = args.listen, args.web
    port, web_port = args.port, args.web_port
    if args.resume:
        given = [f for f in ("variant", "seats", "seed", "target") if getattr(args, f, None) is not None]
        if not given and getattr(args, "think", None) is not None:
            given = ["think (the save keeps its own)"]
        if given:
            raise UsageError(f"--resume continues the last hosted game as it was; drop --{given[0]}")
        path = latest_hosted_save()
        if path is None:
            raise UsageError(
                f"--resume: there is no unfinished hosted game; start one with: {program()} host --seats ..."
            )
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
        if ctrl.hosted_at is not None:
            was_listen, was_port, was_web = ctrl.hosted_at
            listen = was_listen if listen is None else listen
            port = was_port if port is None else port
            web = was_web is not None if web is None else web
            web_port = was_web if web_port is None else web_port
    else:
        if args.seats is None:
            raise UsageError("needs --seats, e.g. --seats human:Ann,remote:Bob,standard,remote:Cy")
        from ..house_presets import run_presets

        variants = run_presets(getattr(args, "variants", None))
        v = pick_variant(variants, args.variant) if args.variant is not None else variants["partnership"]
        spec, remote = host_seats(args.seats, v.people, v.name)
        seats = default_seats(v.people, spec)
        problem = seat_name_problem(seats)
        if problem:
            raise UsageError(f"--seats: {problem}")
        think = getattr(args, "think", None)  # checked by the parser (cli_common.THINK)
        problem = None if think is None else no_expert("--think", [s.strip() for s in args.seats.split(",")])
        if problem:
            raise UsageError(f"--think: {problem}")
        target = None if args.target is None else TARGET.flag(args.target, v)
        ctrl = Controller(v, seats, seed=args.seed or None, target=target, think=think)
        codes = {p: new_code() for p in remote}
        save_path = None
    address = listen or "127.0.0.1"
    port = DEFAULT_PORT if port is None else port
    free_port(address, port)
    if args.web_port is not None and not web:
        raise UsageError(f"--web-port goes with --web ({program()} host ... --web --web-port N)")
    if web:
        from .web import DEFAULT_WEB_PORT, page_url, web_port_problem

        web_port = DEFAULT_WEB_PORT if web_port is None else web_port
        problem = web_port_problem(web_port, port)
        if problem:
            raise UsageError(problem)
        free_port(address, web_port, "--web-port")
    else:
        web_port = None
    require_terminal()
    if save_path is None:
        save_path = new_save_path()
    ctrl.hosted_at = (address, port, web_port)  # (kept in the save: --resume listens there again)
    core = HostCore(ctrl, codes)
    core.serve_at = (address, port)
    core.web_port = web_port
    lines = join_lines(ctrl, codes, address, port)
    if web_port is not None:
        lines.append(f"Browsers: open {page_url(shown_address(address), web_port)} and type the seat's code")
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
        think=None if args.resume else getattr(args, "think", None),
    )
    app = build_app(ns)
    if not args.resume and ctrl.think is None:  # the saved budget unless --think, as the game's
        ctrl.think = app.settings.game_think  # (before any bot is made: they are made at their first turn)
    app.ctrl = ctrl
    app.save_path = save_path
    app.host_core = core
    app.host_lines = lines
    app.save_when_shown = True
    return run_on_its_loop(app, leave=True)  # (quitting does not wait for an expert's search)


__all__ = ["host_seats", "run_host"]
