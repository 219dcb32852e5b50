"""What the `pinochle` command's parts share: the usage error, the parser that raises it,
the variant look-ups and the heap settling done before a long run.

`cli` (the entry point and its dispatch), `app_main` (the game) and `simulate` (bots
headless) all import this module and it imports none of them, so the arrows run one way:
``cli -> app_main / simulate -> cli_common``.
"""

from __future__ import annotations

import argparse
import gc
from collections.abc import Callable
from typing import Any, NoReturn

from rules import VariantError, load_variants

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad input from the command line; printed as one line, exit code 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one `UsageError` line (exit 2, no usage dump)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def settle_heap() -> None:
    """Move everything start-up built (modules, pydantic validators, Textual's styles) out of
    the cyclic garbage collector's reach, so a full collection during play walks only what
    play made.  Otherwise every full collection walks it: 60-85 ms in the running app
    (bench/tui_bench.py), landing in the middle of a key press or a bot's turn.  No
    collection first: at this point one frees nothing (measured: 0 objects) and would itself
    add about 55 ms to the start."""
    gc.freeze()


def load_variant_set(path: str | None) -> dict[str, Any]:
    """The shipped presets with ``path`` layered over them; a bad file is a `UsageError`."""
    try:
        return load_variants(path)
    except VariantError as exc:
        raise UsageError(str(exc)) from None


def pick_variant(variants: dict[str, Any], name: str) -> Any:
    """The preset ``name``; an unknown name is a `UsageError` listing the known ones."""
    if name not in variants:
        raise UsageError(f"unknown variant {name!r}; choose one of: {', '.join(variants)}")
    return variants[name]


# the simulate subcommand adds its own arguments (pinochle_tui/simulate.py)
SIMULATE_ARGS: list[Callable[[argparse.ArgumentParser], None]] = []
