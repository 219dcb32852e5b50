"""Join codes: one random secret per remote seat, shown to the host once to pass on.

A code is 16 characters of Crockford's base-32 alphabet (no I, L, O or U: nothing to
misread), 80 bits from `secrets`, shown in groups of four (``7KQM-2XHA-9PWE-3RTD``).  What
a person types is read forgivingly (any case, with or without the dashes and spaces, O for
0, I or L for 1) and compared in constant time (`hmac.compare_digest`), so neither the time
taken nor the refusal tells which part of a wrong code was wrong.

Wrong codes are counted per address (`Attempts`): a few a minute are answered at once;
beyond that the server answers that address's tries one at a time, each after a pause
(`server.HostServer`), so guessing is slow while the right code still gets in.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable, Iterable

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
LENGTH = 16  # characters: 80 bits
GROUP = 4
_READ = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    """A fresh join code, grouped for reading aloud (``7KQM-2XHA-9PWE-3RTD``)."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return "-".join(raw[i : i + GROUP] for i in range(0, LENGTH, GROUP))


def normal(code: str) -> str:
    """``code`` as compared: upper case, no dashes or spaces, O read as 0 and I, L as 1."""
    return "".join(code.upper().split()).replace("-", "").translate(_READ)


def same_code(given: str, code: str) -> bool:
    """``given`` is ``code`` (read forgivingly), compared in constant time."""
    return hmac.compare_digest(normal(given).encode("utf-8", "replace"), normal(code).encode())


def well_formed(code: str) -> bool:
    """``code`` looks like a join code (16 characters of the alphabet once read)."""
    n = normal(code)
    return len(n) == LENGTH and all(ch in ALPHABET for ch in n)


def whose(given: str, codes: Iterable[tuple[int, str]]) -> int | None:
    """The person whose code ``given`` is, among ``codes`` (person, code); None for none.
    Every code is compared, whichever matches, so the time does not tell which is close."""
    found = None
    for person, code in codes:
        if same_code(given, code) and found is None:
            found = person
    return found


class Attempts:
    """Wrong codes per address: ``allowed`` in any ``window`` seconds are answered at once;
    beyond that (`wait`) the address is slowed down until its oldest wrong code is
    ``window`` old."""

    def __init__(self, allowed: int = 10, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.allowed = allowed
        self.window = window
        self.clock = clock
        self._wrong: dict[str, list[float]] = {}

    def _recent(self, address: str) -> list[float]:
        now = self.clock()
        kept = [t for t in self._wrong.get(address, ()) if now - t < self.window]
        if kept:
            self._wrong[address] = kept
        else:
            self._wrong.pop(address, None)
        if len(self._wrong) > 10_000:  # (a flood from many addresses: the oldest forgotten)
            for key in list(self._wrong)[:5_000]:
                del self._wrong[key]
        return kept

    def wait(self, address: str) -> float:
        """Seconds before ``address`` may try a code again (0: now)."""
        recent = self._recent(address)
        if len(recent) < self.allowed:
            return 0.0
        return max(0.0, self.window - (self.clock() - recent[0]))

    def wrong(self, address: str) -> None:
        """``address`` gave a wrong code."""
        self._recent(address)
        self._wrong.setdefault(address, []).append(self.clock())


__all__ = ["ALPHABET", "LENGTH", "Attempts", "new_code", "normal", "same_code", "well_formed", "whose"]
