"""Meld scoring (RULES.md §5.1–5.7).

`score_meld` works on a count per card face, so it is fast enough for bots to call
thousands of times per decision.  The meld list (names and cards) is built only when
someone asks for it (`MeldResult.melds`).

Any number of copies of a card (two in a single deck, four in the 80- and 96-card packs,
six in the 120-card pack, §0.4.12-13) is scored by one mechanism: the meld table's tiers
(`_SPECIAL`, data) and the maximum-value split of a kind's copies into them (`_split`),
worked out once per variant up to the deck's most copies of a card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

from .cards import CARDS, Card, Suit, make_deck
from .variant import Variant

__all__ = ["Meld", "MeldResult", "meld_tables", "score_counts", "score_meld"]

_TIER_WORD = {1: "", 2: "double ", 3: "triple ", 4: "quadruple "}
# single-copy value of each meld, x10 (§5.1, §5.5)
_SINGLE = {"run": 150, "royal": 40, "aces": 100, "kings": 80, "queens": 60, "jacks": 40, "pinochle": 40}
WIN = -1  # a tier that scores nothing: it wins the game at once (§5.6 racehorse quadruples)
# Tiers are data (DESIGN.md "Forms and round flows"): per meld table and meld kind, the x10
# value of the tier-k meld (k identical copies of every card of the meld, k = 1..4); None is
# a tier that is no meld of its own.  A holding of n copies of a kind (n runs, n aces in every
# suit, n pinochles) scores the maximum-value split of n into these tiers (§5.5, §0.4.12-13),
# one dynamic programme for every n (`_split`).  Special doubles: §5.1 single deck, §5.5 pagat.
_SPECIAL: dict[str, dict[str, tuple[int | None, ...]]] = {
    "single_standard": {
        "run": (150, 1500),
        "royal": (40,),
        "aces": (100, 1000),
        "kings": (80, 800),
        "queens": (60, 600),
        "jacks": (40, 400),
        "pinochle": (40, 300),
    },
    "double_deck_pagat": {
        "run": (150, 1500, 2250, 3000),
        "royal": (40,),
        "aces": (100, 1000, 1500, 2000),
        "kings": (80, 800, 1200, 1600),
        "queens": (60, 600, 900, 1200),
        "jacks": (40, 400, 600, 800),
        "pinochle": (40, 300, 600, 900),
    },
    # §5.5's other table (instructables): each around doubles from tier to tier (x1: aces
    # 10/100/200/400, kings 8/80/160/320, queens 6/60/120/240, jacks 4/40/80/160); it names
    # no other row, so the run, marriages and pinochle are the pagat table's
    "double_deck_instructables": {
        "run": (150, 1500, 2250, 3000),
        "royal": (40,),
        "aces": (100, 1000, 2000, 4000),
        "kings": (80, 800, 1600, 3200),
        "queens": (60, 600, 1200, 2400),
        "jacks": (40, 400, 800, 1600),
        "pinochle": (40, 300, 600, 900),
    },
    # §5.6 as §0.4.14 reads it: doubles, triples and quadruples of marriages must be trump
    # (a non-trump double marriage is two marriages, 40), a double run is 300, jacks go
    # 40 / 400 like the other arounds; "4 of a kind" (four copies of one card) is `_FOURS`
    "racehorse_ru": {
        "run": (150, 300, 900, WIN),
        "royal": (40, 300, 900, WIN),
        "aces": (100, 1000),
        "kings": (80, 800),
        "queens": (60, 600),
        "jacks": (40, 400),
        "pinochle": (40, 300, 900, WIN),
    },
}
# §5.6 "4 of a kind": all four copies of one card, per rank A 10 K Q J (tens 0), class B
_FOURS = {"racehorse_ru": (1000, 0, 800, 600, 400)}
_MIN_COPIES = 6  # the value tables go at least this far (the triple pack's six copies)
_WIN_FIRST = 1 << 40  # above any meld's points: a meld that wins the game comes first
ROYAL_MARRIAGE = 40
MARRIAGE = 20


def _tiers(variant: Variant, kind: str) -> tuple[int | None, ...]:
    """The tier values 1..4 of one meld kind in ``variant`` (see `_SPECIAL`).

    ``double_meld_values = "twice_single"``: tier k is k singles.  ``quadruple_pinochle``
    (eight-hand, §0.4.13, §5.4): the single-deck table gains a fourth pinochle tier, four
    J♦ and four Q♠ as one meld of that value; the triple stays no meld of its own.  "In
    place of the pinochles they would otherwise make" is what a tier means: the four copies
    are split either into one quadruple pinochle (1000) or into two double pinochles (600),
    never both, so four J♦ and four Q♠ meld 1000, not 1600.  It replaces only pinochles
    (class C, §5.2): the same J♦ and Q♠ still serve in jacks or queens around and in a
    marriage."""
    special = _SPECIAL[variant.meld_table][kind]
    if variant.double_meld_values == "special" or kind == "royal":
        tiers = special
    else:
        tiers = tuple(_SINGLE[kind] * k for k in range(1, len(special) + 1))
    quad = variant.quadruple_pinochle
    if kind == "pinochle" and quad:
        tiers = (*tiers[:3], *(None,) * (3 - len(tiers)), quad)
    return tiers


def _split(tiers: tuple[int | None, ...], most: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """For n = 0..``most`` copies: the value of the best split of n into ``tiers`` and
    that split (tiers used, largest first).

    The value is the maximum over every split (a knapsack over the tiers; tests/rules/
    test_meld_tiers.py checks it against every partition of n).  Among splits of equal
    value the hand shows the fewest melds, then the larger tiers first: four aces in every
    suit of a double deck are quadruple aces 2000, not two double aces 1000 + 1000; six in a
    triple deck quadruple + double aces (2000 + 1000), not two triples (1500 + 1500).
    A ``WIN`` tier (§5.6) is no value: when n reaches it the quadruple is shown, worth 0,
    and the rest of the copies are split as before (its meld wins the game)."""
    best = [0] * (most + 1)
    parts: list[tuple[int, ...]] = [()] * (most + 1)
    win = len(tiers) if tiers[-1] == WIN else 0
    for n in range(1, most + 1):
        key: tuple[int, int, tuple[int, ...]] | None = None
        for k in range(1, min(n, len(tiers)) + 1):
            tv = tiers[k - 1]
            if tv is None or tv == WIN:
                continue
            split = tuple(sorted((k, *parts[n - k]), reverse=True))
            cand = (tv + best[n - k], -len(split), split)
            if key is None or cand > key:
                key = cand
        assert key is not None  # tier 1 is a meld in every table
        best[n], parts[n] = key[0], key[2]
        if win and n >= win:  # the quadruple is shown as one meld worth nothing: it wins the game
            best[n] = best[n - win]
            parts[n] = (win, *parts[n - win])
    return tuple(best), tuple(parts)


class Meld(NamedTuple):
    """One declared meld: its name, the cards it shows, and its value (x10 points)."""

    name: str
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.name} {' '.join(map(str, self.cards))} = {self.points}"


class _Tables(NamedTuple):  # (not a frozen dataclass: a tenth of the cost at import)
    # value[kind][n] = best value of n copies (max-value split into tiers, §5.5)
    value: dict[str, tuple[int, ...]]
    # split[kind][n] = tiers used for n copies, largest first
    split: dict[str, tuple[tuple[int, ...], ...]]
    # tier[kind][k - 1] = value of the tier-k meld (None: no meld of its own; WIN)
    tier: dict[str, tuple[int | None, ...]]
    rule: int  # 0 run_absorbs, 1 extra_card_marries, 2 independent
    royal: tuple[int, ...]  # value of n royal marriages (tiers only in racehorse_ru)
    fours: tuple[int, ...]  # value of four of a kind per rank (A 10 K Q J), () when the table has none
    quad_wins: bool  # quadruple_wins_game
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
    most = max(_MIN_COPIES, *Counter(make_deck(variant.deck)).values())
    value: dict[str, tuple[int, ...]] = {}
    split: dict[str, tuple[tuple[int, ...], ...]] = {}
    tier: dict[str, tuple[int | None, ...]] = {}
    for kind in _SINGLE:
        tier[kind] = _tiers(variant, kind)
        value[kind], split[kind] = _split(tier[kind], most)
    t = _Tables(
        value=value,
        split=split,
        tier=tier,
        rule={"run_absorbs": 0, "extra_card_marries": 1, "independent": 2}[variant.run_marriage_rule],
        royal=value["royal"],
        fours=_FOURS.get(variant.meld_table, ()),
        quad_wins=variant.quadruple_wins_game,
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
    burial restriction, §4.2).  ``wins`` names a meld that wins the game at once
    (``quadruple_wins_game``, §5.6: "quadruple run", "quadruple royal marriage",
    "quadruple pinochle"), "" when there is none; such a meld adds nothing to ``total``
    in racehorse, whose table has no value for it.
    """

    __slots__ = ("_c", "_fours", "_melds", "_parts", "_tables", "total", "trump", "wins")

    def __init__(
        self,
        total: int,
        trump: int,
        counts: list[int],
        parts: tuple[int, ...],
        tables: _Tables,
        fours: tuple[int, ...] = (),
        wins: str = "",
    ):
        self.total = total
        self.trump = trump
        self._c = counts
        self._parts = parts
        self._tables = tables
        self._fours = fours
        self.wins = wins
        self._melds: list[Meld] | None = None

    def __repr__(self) -> str:
        return f"MeldResult(total={self.total}, melds={[str(m) for m in self.melds]})"

    def public(self) -> MeldResult:
        """The same meld as the other seats see it: total and melds, without the rest
        of the hand (`melded_counts` is not available on it)."""
        return MeldResult(self.total, self.trump, None, self._parts, self._tables, self._fours, self.wins)  # type: ignore[arg-type]

    @property
    def parts(self) -> tuple[int, ...]:
        """The count behind ``total`` (§5.2): (runs, royal marriages, dix, aces, kings,
        queens, jacks around, pinochles, roundhouse bonus, then per suit S H D C the
        marriages held, the trump suit's included), as the check tables read it (§9)."""
        return self._parts

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
                if kind in ("run", "pinochle", "royal") or k > 1:
                    name = f"{_TIER_WORD[k]}{label}"
                else:
                    name = f"{label} around"
                tv = t.tier[kind][k - 1]
                points = 0 if tv is None or tv == WIN else tv
                if tv == WIN:
                    name += " (wins the game)"
                cards = tuple(CARDS[f] for f in faces for _ in range(k))
                out.append(Meld(name, cards, points))

        if runs:
            tiers("run", runs, "run", (tb, tb + 1, tb + 2, tb + 3, tb + 4))
        if royal:
            tiers("royal", royal, "royal marriage", (tb + 2, tb + 3))
        for s, m in enumerate(plain):
            for _ in range(m):
                out.append(Meld("marriage", (CARDS[s * 6 + 2], CARDS[s * 6 + 3]), MARRIAGE))
        for _ in range(dix):
            out.append(Meld("dix", (CARDS[tb + 5],), t.dix))
        for kind, n, rank in (("aces", na, 0), ("kings", nk, 2), ("queens", nq, 3), ("jacks", nj, 4)):
            if n:
                tiers(kind, n, kind, (rank, 6 + rank, 12 + rank, 18 + rank))
        for f in self._fours:
            out.append(Meld("four of a kind", (CARDS[f],) * 4, t.fours[f % 6]))
        if npin:
            tiers("pinochle", npin, "pinochle", (16, 3))
        if rh:
            out.append(Meld("roundhouse bonus", tuple(CARDS[s * 6 + r] for s in range(4) for r in (2, 3)), rh))
        return out

    def counts_of_rank(self, rank: int) -> tuple[int, ...]:
        """Per suit S H D C, the copies of ``rank`` (0 ace .. 5 nine) in the hand (§9.2
        counts nines).  Raises `ValueError` on a public meld."""
        if self._c is None:
            raise ValueError("counts_of_rank needs the whole hand; this is a public meld")
        return tuple(self._c[s * 6 + rank] for s in range(4))

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


def _royals(kt: int, qt: int, runs: int, rule: int) -> int:
    """Royal marriages beside ``runs`` runs of ``kt`` trump kings and ``qt`` queens (§5.3):
    rule 0 ``run_absorbs``, 1 ``extra_card_marries`` (``independent`` needs no runs)."""
    k = kt - runs
    q = qt - runs
    m = k if k < q else q
    if rule == 1 and runs:
        d = k - q if k > q else q - k
        m += runs if runs < d else d
    return m


def score_meld(hand: Iterable[int], trump: Suit | str | int, variant: Variant) -> MeldResult:
    """Score one seat's meld (RULES.md §5.1–5.5; partners never pool, §5.7).

    ``hand``: the seat's cards (any iterable of `Card`; 12 in 4-hand, up to 20 in double
    and triple deck); ``trump``: a `Suit`, its letter, or its index 0-3 (S H D C);
    ``variant``: the knobs ``meld_table``, ``double_meld_values``, ``run_marriage_rule``,
    ``dix_value``, ``roundhouse_bonus``, ``quadruple_pinochle``, ``quadruple_wins_game`` and
    ``deck`` (how many copies of a card the tables go up to).  Each kind's copies (runs,
    arounds, pinochles) are split into the table's tiers for the highest value, e.g. five
    aces in every suit of the 120-card pack = triple aces 1500 + double aces 1000.
    Returns a `MeldResult`; ``.total`` is x10 points.
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
    total, parts, fours, wins = score_counts(c, ti, tables)
    return MeldResult(total, ti, c, parts, tables, fours, wins)


def score_counts(c: list[int], ti: int, tables: _Tables) -> tuple[int, tuple[int, ...], tuple[int, ...], str]:
    """`score_meld`'s count (§5.1–5.5) from the copies of each face: ``c`` per face (24),
    ``ti`` the trump's index 0-3, ``tables`` `meld_tables` of the variant.  Returns the
    total (x10), the parts (`MeldResult.parts`), the fours of a kind and the meld that wins
    the game (`MeldResult`).  For a caller that scores many hands one card apart (the stock
    policy's meld share of each card, `bots.two_hand`): it changes ``c`` in place between
    calls and skips building a `MeldResult`.  Reads ``c`` only."""
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
        royal = _royals(kt, qt, runs, rule)
        # a run and a royal marriage share the trump K Q (class A, §5.2), so the
        # maximum-value decomposition may show fewer runs than the hand holds where the
        # table's royal tiers are worth more (racehorse: a triple royal marriage 900 beats
        # a run 150 + a double royal marriage 300); with ``quadruple_wins_game`` a
        # quadruple run or royal marriage, which wins the game, comes before any value
        if runs:
            run_v = tables.run
            royal_v = tables.royal
            quad = tables.quad_wins
            best = run_v[runs] + royal_v[royal] + (_WIN_FIRST if quad and (runs >= 4 or royal >= 4) else 0)
            for r in range(runs - 1, -1, -1):
                m = _royals(kt, qt, r, rule)
                v = run_v[r] + royal_v[m] + (_WIN_FIRST if quad and m >= 4 else 0)
                if v > best:  # on a tie the hand shows more runs
                    best, runs, royal = v, r, m
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
    fours: tuple[int, ...] = ()
    four = 0
    if tables.fours:
        # §5.6 "4 of a kind": a rank's cards go either into arounds or into fours of a
        # kind (one class-B meld per card, §5.2), whichever is worth more
        ns = [na, nk, nq, nj]
        for i, (rank, arounds) in enumerate(
            ((0, tables.aces), (2, tables.kings), (3, tables.queens), (4, tables.jacks))
        ):
            full = [s * 6 + rank for s in range(4) if c[s * 6 + rank] >= 4]
            if full and tables.fours[rank] * len(full) > arounds[ns[i]]:
                fours += tuple(full)
                four += tables.fours[rank] * len(full)
                ns[i] = 0
        na, nk, nq, nj = ns
    wins = ""
    if tables.quad_wins:
        if runs >= 4:
            wins = "quadruple run"
        elif royal >= 4:
            wins = "quadruple royal marriage"
        elif npin >= 4:
            wins = "quadruple pinochle"
    total = (
        tables.run[runs]
        + four
        + tables.royal[royal]
        + MARRIAGE * (m0 + m1 + m2 + m3 - (m0, m1, m2, m3)[ti])
        + tables.dix * dix
        + tables.aces[na]
        + tables.kings[nk]
        + tables.queens[nq]
        + tables.jacks[nj]
        + tables.pinochle[npin]
        + rh
    )
    return total, (runs, royal, dix, na, nk, nq, nj, npin, rh, m0, m1, m2, m3), fours, wins
