"""Meld scoring (RULES.md §5.1–5.5, §5.7).

`score_meld` works on a count per card face, so it is fast enough for bots to call
thousands of times per decision.  The meld list (names and cards) is built only when
someone asks for it (`MeldResult.melds`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .cards import CARDS, Card, Suit
from .variant import Variant

__all__ = ["Meld", "MeldResult", "meld_tables", "score_meld"]

_TIER_WORD = {1: "", 2: "double ", 3: "triple ", 4: "quadruple "}
# single-copy value of each meld, x10 (§5.1, §5.5)
_SINGLE = {"run": 150, "aces": 100, "kings": 80, "queens": 60, "jacks": 40, "pinochle": 40}
# x10 values per tier 1..4 with special doubles (§5.1 single deck, §5.5 pagat double deck)
_SPECIAL: dict[str, dict[str, tuple[int, ...]]] = {
    "single_standard": {
        "run": (150, 1500),
        "aces": (100, 1000),
        "kings": (80, 800),
        "queens": (60, 600),
        "jacks": (40, 400),
        "pinochle": (40, 300),
    },
    "double_deck_pagat": {
        "run": (150, 1500, 2250, 3000),
        "aces": (100, 1000, 1500, 2000),
        "kings": (80, 800, 1200, 1600),
        "queens": (60, 600, 900, 1200),
        "jacks": (40, 400, 600, 800),
        "pinochle": (40, 300, 600, 900),
    },
}
_MAX_COPIES = 6
ROYAL_MARRIAGE = 40
MARRIAGE = 20


class Meld(NamedTuple):
    """One declared meld: its name, the cards it shows, and its value (x10 points)."""

    name: str
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.name} {' '.join(map(str, self.cards))} = {self.points}"


@dataclass(frozen=True, slots=True)
class _Tables:
    # value[kind][n] = best value of n copies (max-value split into tiers, §5.5)
    value: dict[str, tuple[int, ...]]
    # split[kind][n] = tiers used for n copies, largest first
    split: dict[str, tuple[tuple[int, ...], ...]]
    rule: int  # 0 run_absorbs, 1 extra_card_marries, 2 independent
    dix: int
    roundhouse: int
    run: tuple[int, ...]
    aces: tuple[int, ...]
    kings: tuple[int, ...]
    queens: tuple[int, ...]
    jacks: tuple[int, ...]
    pinochle: tuple[int, ...]


_CACHE: dict[int, tuple[Variant, _Tables]] = {}


def meld_tables(variant: Variant) -> _Tables:
    """The meld value tables of a variant (computed once per variant object)."""
    hit = _CACHE.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    value: dict[str, tuple[int, ...]] = {}
    split: dict[str, tuple[tuple[int, ...], ...]] = {}
    for kind, single in _SINGLE.items():
        if variant.double_meld_values == "special":
            tiers = _SPECIAL[variant.meld_table][kind]
        else:
            tiers = tuple(single * k for k in range(1, len(_SPECIAL[variant.meld_table][kind]) + 1))
        best = [0] * (_MAX_COPIES + 1)
        parts: list[tuple[int, ...]] = [()] * (_MAX_COPIES + 1)
        for n in range(1, _MAX_COPIES + 1):
            for k in range(1, min(n, len(tiers)) + 1):
                v = tiers[k - 1] + best[n - k]
                if v > best[n]:
                    best[n] = v
                    parts[n] = tuple(sorted((k, *parts[n - k]), reverse=True))
        value[kind] = tuple(best)
        split[kind] = tuple(parts)
    t = _Tables(
        value=value,
        split=split,
        rule={"run_absorbs": 0, "extra_card_marries": 1, "independent": 2}[variant.run_marriage_rule],
        dix=variant.dix_value,
        roundhouse=variant.roundhouse_bonus,
        run=value["run"],
        aces=value["aces"],
        kings=value["kings"],
        queens=value["queens"],
        jacks=value["jacks"],
        pinochle=value["pinochle"],
    )
    _CACHE[id(variant)] = (variant, t)
    return t


class MeldResult:
    """One seat's meld (§5): ``total`` in x10 points and, on demand, ``melds``.

    ``melds`` is a list of `Meld` (name, cards, points) whose points add up to ``total``.
    ``melded_counts`` gives, per card face, how many copies some meld uses (for the
    burial restriction, §4.2).
    """

    __slots__ = ("_c", "_melds", "_parts", "_tables", "total", "trump")

    def __init__(self, total: int, trump: int, counts: list[int], parts: tuple[int, ...], tables: _Tables):
        self.total = total
        self.trump = trump
        self._c = counts
        self._parts = parts
        self._tables = tables
        self._melds: list[Meld] | None = None

    def __repr__(self) -> str:
        return f"MeldResult(total={self.total}, melds={[str(m) for m in self.melds]})"

    def public(self) -> MeldResult:
        """The same meld as the other seats see it: total and melds, without the rest
        of the hand (`melded_counts` is not available on it)."""
        return MeldResult(self.total, self.trump, None, self._parts, self._tables)  # type: ignore[arg-type]

    @property
    def melds(self) -> list[Meld]:
        if self._melds is None:
            self._melds = self._build()
        return self._melds

    def _build(self) -> list[Meld]:
        t = self._tables
        tb = self.trump * 6
        runs, royal, dix, na, nk, nq, nj, npin, rh, *plain = self._parts
        plain[self.trump] = 0  # the trump K-Q is a royal marriage, counted above
        out: list[Meld] = []

        def tiers(kind: str, n: int, label: str, faces: tuple[int, ...]) -> None:
            for k in t.split[kind][n]:
                if kind in ("run", "pinochle") or k > 1:
                    name = f"{_TIER_WORD[k]}{label}"
                else:
                    name = f"{label} around"
                cards = tuple(CARDS[f] for f in faces for _ in range(k))
                out.append(Meld(name, cards, t.value[kind][k]))

        if runs:
            tiers("run", runs, "run", (tb, tb + 1, tb + 2, tb + 3, tb + 4))
        for _ in range(royal):
            out.append(Meld("royal marriage", (CARDS[tb + 2], CARDS[tb + 3]), ROYAL_MARRIAGE))
        for s, m in enumerate(plain):
            for _ in range(m):
                out.append(Meld("marriage", (CARDS[s * 6 + 2], CARDS[s * 6 + 3]), MARRIAGE))
        for _ in range(dix):
            out.append(Meld("dix", (CARDS[tb + 5],), t.dix))
        for kind, n, rank in (("aces", na, 0), ("kings", nk, 2), ("queens", nq, 3), ("jacks", nj, 4)):
            if n:
                tiers(kind, n, kind, (rank, 6 + rank, 12 + rank, 18 + rank))
        if npin:
            tiers("pinochle", npin, "pinochle", (16, 3))
        if rh:
            out.append(Meld("roundhouse bonus", tuple(CARDS[s * 6 + r] for s in range(4) for r in (2, 3)), rh))
        return out

    @property
    def melded_counts(self) -> list[int]:
        """Per face (24), copies of that card some meld uses (for the burial restriction, §4.2).

        A card may serve in one meld of each class (§5.2): copies add up within a class
        (runs, marriages, dix | arounds | pinochles) and the largest class counts.
        """
        if self._c is None:
            raise ValueError("melded_counts needs the whole hand; this is a public meld")
        per_class = {"A": [0] * 24, "B": [0] * 24, "C": [0] * 24}
        for m in self.melds:
            if m.name == "roundhouse bonus":
                continue
            cls = (
                "C"
                if m.name.endswith("pinochle")
                else "B"
                if m.cards[0].rank == m.cards[-1].rank and m.name != "dix"
                else "A"
            )
            for c in m.cards:
                per_class[cls][c] += 1
        return [min(self._c[f], max(per_class["A"][f], per_class["B"][f], per_class["C"][f])) for f in range(24)]


def score_meld(hand: Iterable[int], trump: Suit | str | int, variant: Variant) -> MeldResult:
    """Score one seat's meld (RULES.md §5.1–5.5; partners never pool, §5.7).

    ``hand``: the seat's cards (any iterable of `Card`; 12 in 4-hand, up to 20 in double
    deck); ``trump``: a `Suit`, its letter, or its index 0-3 (S H D C); ``variant``: the
    knobs ``meld_table``, ``double_meld_values``, ``run_marriage_rule``, ``dix_value``,
    ``roundhouse_bonus``.  Returns a `MeldResult`; ``.total`` is x10 points.
    Raises `ValueError` for a bad trump.
    """
    t = _CACHE.get(id(variant))
    if t is None or t[0] is not variant:
        tables = meld_tables(variant)
    else:
        tables = t[1]
    ti = trump if type(trump) is int else Suit.parse(trump).index  # type: ignore[arg-type]
    c = [0] * 24
    for x in hand:
        c[x] += 1
    b = ti * 6
    kt = c[b + 2]
    qt = c[b + 3]
    runs = c[b]
    if c[b + 1] < runs:
        runs = c[b + 1]
    if kt < runs:
        runs = kt
    if qt < runs:
        runs = qt
    if c[b + 4] < runs:
        runs = c[b + 4]
    rule = tables.rule
    if rule == 2:
        royal = kt if kt < qt else qt
    else:
        k = kt - runs
        q = qt - runs
        royal = k if k < q else q
        if rule == 1 and runs:
            d = k - q if k > q else q - k
            royal += runs if runs < d else d
    m0 = c[2] if c[2] < c[3] else c[3]
    m1 = c[8] if c[8] < c[9] else c[9]
    m2 = c[14] if c[14] < c[15] else c[15]
    m3 = c[20] if c[20] < c[21] else c[21]
    dix = c[b + 5]
    # arounds (§5.1 class B): copies of a rank held in every suit
    na = c[0]
    if c[6] < na:
        na = c[6]
    if c[12] < na:
        na = c[12]
    if c[18] < na:
        na = c[18]
    nk = c[2]
    if c[8] < nk:
        nk = c[8]
    if c[14] < nk:
        nk = c[14]
    if c[20] < nk:
        nk = c[20]
    nq = c[3]
    if c[9] < nq:
        nq = c[9]
    if c[15] < nq:
        nq = c[15]
    if c[21] < nq:
        nq = c[21]
    nj = c[4]
    if c[10] < nj:
        nj = c[10]
    if c[16] < nj:
        nj = c[16]
    if c[22] < nj:
        nj = c[22]
    npin = c[16] if c[16] < c[3] else c[3]
    rh = tables.roundhouse if (tables.roundhouse and m0 and m1 and m2 and m3) else 0
    total = (
        tables.run[runs]
        + ROYAL_MARRIAGE * royal
        + MARRIAGE * (m0 + m1 + m2 + m3 - (m0, m1, m2, m3)[ti])
        + tables.dix * dix
        + tables.aces[na]
        + tables.kings[nk]
        + tables.queens[nq]
        + tables.jacks[nj]
        + tables.pinochle[npin]
        + rh
    )
    parts = (runs, royal, dix, na, nk, nq, nj, npin, rh, m0, m1, m2, m3)
    return MeldResult(total, ti, c, parts, tables)
