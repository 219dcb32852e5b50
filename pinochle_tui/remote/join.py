"""``pinochle join``: check the address and the code, then open the app at the join screen
(`screens.join.JoinScreen`), which connects at once when both were given and asks for
what is missing otherwise.  A bad address or code is one line, exit 2, before any screen."""

from __future__ import annotations

import argparse
import os

from ..cli_common import UsageError
from .client import code_problem, name_problem, parse_address


def run_join(args: argparse.Namespace) -> int:
    """Validate ``pinochle join``'s words, then run the app at the join screen; its exit code."""
    host: str | None = None
    port: int | None = None
    if args.address is not None:
        try:
            host, port = parse_address(args.address)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    code = args.code
    if code is not None and (problem := code_problem(code)):
        raise UsageError(f"--code: {problem}")
    if host is not None and port is not None and (problem := name_problem(host, port)):
        raise UsageError(problem)
    from ..app_main import require_terminal, run_on_its_loop, served_to_a_browser

    require_terminal()
    from ..cli_common import load_variant_set
    from ..settings import Settings

    ascii_ = bool(getattr(args, "ascii", False))
    if not ascii_:
        from ..render import terminal_wants_ascii

        ascii_ = terminal_wants_ascii() or os.environ.get("PINOCHLE_ASCII") == "1"
    from ..app import PinochleApp, theme_names

    app = PinochleApp(load_variant_set(None), settings=Settings.load(theme_names()), ascii=ascii_)
    app.join_at = (host, port, code.strip() if code else None)
    app.join_only = served_to_a_browser()  # a browser tab: the join screen and its table alone
    return run_on_its_loop(app, leave=True)  # (quitting does not wait for a hint's search)
