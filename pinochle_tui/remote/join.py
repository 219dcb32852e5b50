"""``pinochle join``: check the address and the code, then open the app at the join screen
(`screens.join.JoinScreen`), which connects at once when both were given and asks for
what is missing otherwise.  A bad address or code is one line, exit 2, before any screen."""

from __future__ import annotations

import argparse
import os

from ..cli_common import UsageError
from .client import parse_address

CODE_MOST = 64
"""The longest join code accepted as typed (the host's are much shorter)."""


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


def run_join(args: argparse.Namespace) -> int:
    """Validate ``pinochle join``'s words, then run the app at the join screen; its exit code."""
    host: str | None = None
    port: int | None = None
    if args.address is not None:
        try:
            host, port = parse_address(args.address)
        except ValueError as exc:
            raise UsageError(f"pinochle join: {exc}") from None
    code = args.code
    if code is not None and (problem := code_problem(code)):
        raise UsageError(f"pinochle join --code: {problem}")
    from ..app_main import leave_now, require_terminal

    require_terminal()
    from ..cli_common import load_variant_set
    from ..settings import Settings

    ascii_ = bool(getattr(args, "ascii", False))
    if not ascii_:
        from ..render import terminal_wants_ascii

        ascii_ = terminal_wants_ascii() or os.environ.get("PINOCHLE_ASCII") == "1"
    from ..app import PinochleApp

    app = PinochleApp(load_variant_set(None), settings=Settings.load(), ascii=ascii_)
    app.join_at = (host, port, code.strip() if code else None)
    result = app.run()
    code_out = int(app.return_code) if getattr(app, "return_code", None) else int(result or 0)
    leave_now(code_out)
    return code_out
