"""Presets: loading `variants.toml` and house files, and the checks that a preset can be
played to the end by dealing seeded hands through the meld scorer (RULES.md §3, §5, §8,
§11, §12).

This module sits above both `rules.variant` (the knobs and their rules, checked when a
`Variant` is built) and `rules.meld` (the meld scorer, which reads a `Variant`): the
seeded deals of `makeable_checks` need both, so neither imports the other's caller.
`load_variants` and `load_variants_text` (the public API, also as `rules.load_variants`)
build each preset with `Variant.model_validate` and then `makeable_checks`; a `Variant`
built by hand is checked by its knobs alone, and `makeable_checks` is for whoever reads
one from a file (a save, the statistics).
"""

from __future__ import annotations

import random
from collections.abc import Callable, ItemsView, Iterator, ValuesView
from pathlib import Path
from typing import Any

from .bounded_read import FileProblem, TooDeep, parse_toml, read_bounded
from .cards import make_deck
from .meld import score_meld
from .variant import (
    MAX_DIGITS,
    MAX_EXTENDS,
    MAX_NAME,
    Variant,
    VariantError,
    _plain,
    _short,
    _where,
    shipped_variants_path,
)

__all__ = [
    "MAKEABLE_DEALS",
    "MAX_VARIANTS_BYTES",
    "Presets",
    "contract_drift",
    "dealt_sides",
    "load_variants",
    "load_variants_file",
    "load_variants_text",
    "makeable_checks",
    "write_shipped_presets",
]

# ---------------------------------------------------------------------- makeable bids

MAKEABLE_DEALS = 64
"""Seeded deals `contract_drift` plays a bid in."""


def _meld_key(v: Variant) -> tuple[Any, ...]:
    """What `dealt_sides` depends on (two variants that agree on it deal and meld alike)."""
    return (
        v.deck,
        v.players,
        v.cards_per_hand,
        v.kitty_size,
        v.seats_of_side,
        v.who_melds,
        v.meld_table,
        v.double_meld_values,
        v.run_marriage_rule,
        v.dix_value,
        v.roundhouse_bonus,
        v.quadruple_wins_game,
    )


_DEALT: dict[tuple[Any, ...], list[tuple[int, int]]] = {}  # _meld_key -> dealt_sides so far


def _deal(v: Variant, k: int) -> tuple[int, int]:
    """Deal ``k`` of `dealt_sides`."""
    n, kitty_n, seats = v.cards_per_hand, v.kitty_size, v.players
    cards = make_deck(v.deck)
    random.Random(f"pinochle-makeable-{k}").shuffle(cards)
    hands = [cards[i * n : (i + 1) * n] for i in range(seats)]
    kitty = cards[seats * n : seats * n + kitty_n]
    alone = v.who_melds == "bidder_only"
    best, rest = -1, 0
    for trump in range(4):
        plain = [score_meld(h, trump, v).total for h in hands]
        everyone = sum(plain)
        for side in v.seats_of_side:
            partners = sum(plain[s] for s in side)
            for bidder in side:
                own = score_meld(hands[bidder] + kitty, trump, v).total if kitty else plain[bidder]
                meld = own if alone else own + partners - plain[bidder]
                if meld > best:
                    best, rest = meld, 0 if alone else everyone - partners
    return best, rest


def dealt_sides(v: Variant, k: int) -> tuple[int, int]:
    """Seeded deal ``k`` of ``v`` (the pack shuffled by ``random.Random(f"pinochle-makeable-{k}")``
    and dealt ``cards_per_hand`` to each seat, the kitty after them) as (the best side's
    meld, the other sides' meld in its trump).  A side's meld is, in its best trump, its
    seats' meld as dealt (§5.7: partners never pool; ``who_melds = "bidder_only"``: the
    bidder's alone, and no other side melds), the kitty in the bidder's hand (each seat
    of the side tried as the bidder).  Passing is not counted.  Cached per variant kind."""
    done = _DEALT.setdefault(_meld_key(v), [])
    while len(done) <= k:
        done.append(_deal(v, len(done)))
    return done[k]


def contract_drift(v: Variant, bid: int) -> tuple[int, int, int]:
    """How the sides' points move, a hand at ``bid`` (x10, rounded), with the deals made
    and the deals played: at most `MAKEABLE_DEALS` of `dealt_sides`.

    Generous to the game's end: the best side bids, and it makes the bid when its meld
    plus all the trick points reach it (§8.1); then the hand adds its meld, the others'
    meld and all the trick points; a set adds ``-`` its `set_penalty` instead of its own
    meld.  (The trick points of a hand are counted once, whoever takes them.)  The deals
    stop once the ones left cannot bring the mean down to 0: a preset whose bids are
    made costs a deal or two."""
    tricks = v.hand_trick_total
    cost = v._set_cost(bid)
    low = min(0, tricks - cost)  # the least one deal adds
    total = made = 0
    for k in range(MAKEABLE_DEALS):
        meld, rest = dealt_sides(v, k)
        if meld + tricks >= bid:
            total += meld + rest + tricks
            made += 1
        else:
            total += rest + tricks - cost
        left = MAKEABLE_DEALS - k - 1
        if total + left * low > 0:
            return round(total / (k + 1)), made, k + 1
    return round(total / MAKEABLE_DEALS), made, MAKEABLE_DEALS


def makeable_checks(v: Variant) -> None:
    """The least contract of ``v`` must be made often enough for a game to end (RULES.md
    §3.1, §3.4, §8.1, §8.5): a partnership game with min_bid 700 would set every hand,
    both sides falling about 310 points a hand, and never end; at 450 nine in ten are set.

    The bids checked: ``min_bid`` (every auction opens there; racehorse's eldest bids
    it unseen) and the stuck dealer's bid.  A bid up to `hand_trick_total` is made by
    the tricks alone.  Above that, `contract_drift` plays `MAKEABLE_DEALS` seeded
    deals at the bid, generously (the best side bids, takes every trick point when
    that makes it), and the sides' points of a hand, added up, must rise on average;
    when they fall no side nears the target and the bid is refused.  The two-hand
    stock game has no bid.  Raises `ValueError` naming the bid and the figures."""
    if not v.has_auction:
        return
    bids = [("min_bid", v.min_bid)]
    if v.all_pass == "dealer_stuck" and v.dealer_stuck_bid is not None:
        bids.append(("dealer_stuck_bid", v.dealer_stuck_bid))
    tricks = v.hand_trick_total
    for key, bid in bids:
        if bid <= tricks:
            continue
        drift, made, deals = contract_drift(v, bid)
        if drift <= 0:
            how = f"in only {made}" if made else "in none"
            raise ValueError(
                f"{key} {bid} is too high for a game to end: in {deals} seeded deals the best side makes it "
                f"(meld + all {tricks} trick points) {how}, so the sides' points fall by {-drift} a hand "
                f"on average (a set costs {v._set_cost(bid)}) and no side nears the target"
            )


# ---------------------------------------------------------------------- loading


def _shipped_data(text: str) -> dict[str, Any] | None:
    """``text``'s tables when it is the shipped `variants.toml` as `rules.shipped_presets`
    holds it, parsed already (parsing it with tomllib, and importing tomllib, cost each
    start about 17 M instructions); None for any other text, which is parsed."""
    from . import shipped_presets

    if text != shipped_presets.TEXT:
        return None
    return {name: dict(table) for name, table in shipped_presets.DATA.items()}


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    """``text`` read by tomllib, its nesting bounded first (`parse_toml`: tomllib recurses
    into arrays and inline tables, and is slow on long dotted keys); `VariantError`
    naming ``source`` for what it cannot read."""
    import tomllib

    try:
        return parse_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"{source}: not valid TOML: {exc}") from None
    except TooDeep as exc:
        raise VariantError(
            f"{source}: arrays, tables or dotted keys {exc}; a preset's values are numbers, "
            "words, true/false and lists like [[600, 50]]"
        ) from None
    except ValueError:  # tomllib: an integer longer than Python reads (sys.get_int_max_str_digits)
        raise VariantError(
            f"{source}: a number too long to read; a preset's numbers have at most {MAX_DIGITS} digits"
        ) from None


def write_shipped_presets(path: Path | None = None) -> Path:
    """Write `rules.shipped_presets` from the shipped `variants.toml` (after editing it;
    `tests/rules/test_shipped_presets.py` fails until this is run):

        .venv/bin/python -c "import rules.presets as p; p.write_shipped_presets()"
        .venv/bin/ruff format rules/shipped_presets.py
    """
    text = shipped_variants_path().read_text(encoding="utf-8")
    out = path or Path(__file__).with_name("shipped_presets.py")
    out.write_text(
        "# ruff: noqa: E501\n"
        '"""The shipped `variants.toml`, its text and its tables as tomllib reads them, written by\n'
        "`rules.presets.write_shipped_presets` (the start does not parse it).  Do not edit:\n"
        'edit variants.toml and run that function; `tests/rules/test_shipped_presets.py` checks it."""\n\n'
        f"TEXT = {text!r}\n\nDATA: dict[str, dict[str, object]] = {parse_toml(text)!r}\n",
        encoding="utf-8",
    )
    return out


def load_variants_text(
    text: str, source: str = "variants.toml", base: dict[str, Variant] | None = None, *, lazy: bool = False
) -> dict[str, Variant]:
    """Parse TOML text of presets (RULES.md §12) into ``{name: Variant}``.

    Each top-level table is a preset; ``extends = "other"`` starts from another preset
    of the same text or of ``base``.  Raises `VariantError` naming ``source``, the
    preset and the key, with the allowed values (also for arrays or inline tables nested
    too deeply for the TOML reader).

    ``lazy``: each preset is built and checked when it is first looked up, listed or
    extended (`Presets`), not here: for the shipped presets, of which a game plays one
    (checking all fifteen at every start cost a game's start-up more than the one it
    plays).  The TOML text is read, and its preset names checked, at once.
    """
    data = _shipped_data(text)
    if data is None:
        data = _parse_toml(text, source)
    base = {} if base is None else base  # not copied: a lazy `Presets` builds only what is extended
    raw: dict[str, dict[str, Any]] = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            raise VariantError(f"{source}: top-level key {_short(name)} must be a [preset] table")
        if not 1 <= len(name) <= MAX_NAME:
            raise VariantError(f"{source}: preset name {_short(name)} has {len(name)} characters; give 1 to {MAX_NAME}")
        raw[name] = table
    out: dict[str, Variant] = {}

    def build(name: str, chain: tuple[str, ...]) -> Variant:
        if name in out:
            return out[name]
        if name not in raw:
            if name in base:
                return base[name]
            known = sorted((set(raw) | set(base)) - set(chain))  # not the preset being defined
            raise VariantError(
                f"{source}: preset {chain[-1]!r}, key 'extends': unknown preset {name!r}; presets: {', '.join(known)}"
            )
        if name in chain:
            raise VariantError(f"{source}: preset {name!r}: extends itself through {' -> '.join(chain)}")
        if len(chain) >= MAX_EXTENDS:
            raise VariantError(f"{source}: preset {chain[0]!r}: its extends chain is longer than {MAX_EXTENDS} presets")
        table = dict(raw[name])
        parent = table.pop("extends", None)
        fields: dict[str, Any] = {}
        if parent is not None:
            if not isinstance(parent, str):
                raise VariantError(f"{source}: preset {name!r}, key 'extends': must be a preset name")
            fields = build(parent, (*chain, name)).model_dump(exclude={"name", "description"})
        fields.update(table)
        fields["name"] = name
        fields.setdefault("description", table.get("description", ""))
        try:
            v = Variant.model_validate(fields)
        except ValueError as exc:  # pydantic's ValidationError (imported only when one is raised)
            from pydantic import ValidationError

            if not isinstance(exc, ValidationError):
                raise
            err = exc.errors()[0]
            loc = err.get("loc", ())
            where = f"key {_where(loc)!r}" if loc else "keys"
            why = _plain(err)
            if loc and loc[0] == "bid_unit_above" and len(loc) > 1:
                where = "key 'bid_unit_above'"
                why = "each entry must be [above, unit], two whole numbers, e.g. [[600, 50]]"
            raise VariantError(f"{source}: preset {name!r}, {where}: {why}") from None
        try:
            makeable_checks(v)
        except ValueError as exc:
            raise VariantError(f"{source}: preset {name!r}, keys: {exc}") from None
        out[name] = v
        return v

    if lazy:
        return Presets(raw, lambda name: build(name, ()))
    for name in raw:
        build(name, ())
    return out


_PENDING: Any = object()  # a preset of `Presets` not built yet


class Presets(dict[str, Variant]):
    """Presets by name, in file order, each built and checked (`Variant.model_validate`,
    `makeable_checks`)
    the first time it is looked up, listed (``values``, ``items``, a copy) or extended
    by a user's preset; ``in``, ``len`` and the names need none built.

    A `dict` (its callers' type), holding a placeholder for a preset not yet built;
    every way of reading a value goes through `__getitem__`."""

    def __init__(self, names: Any, build: Callable[[str], Variant]) -> None:
        super().__init__(dict.fromkeys(names, _PENDING))
        self._build = build

    def __getitem__(self, name: str) -> Variant:
        v = dict.__getitem__(self, name)
        if v is _PENDING:
            v = self._build(name)
            dict.__setitem__(self, name, v)
        return v

    def built(self) -> list[str]:
        """The presets built so far, in file order."""
        return [name for name, v in dict.items(self) if v is not _PENDING]

    def get(self, name: str, default: Any = None) -> Any:  # type: ignore[override]
        return self[name] if name in self else default  # noqa: SIM401 (dict.get would skip the build)

    def __iter__(self) -> Iterator[str]:  # also makes dict(self), {**self} and update() read through __getitem__
        return iter(dict.keys(self))

    def values(self) -> ValuesView[Variant]:  # type: ignore[override]
        return ValuesView(self)

    def items(self) -> ItemsView[str, Variant]:  # type: ignore[override]
        return ItemsView(self)

    def copy(self) -> Presets:
        twin = Presets((), self._build)
        dict.update(twin, dict.items(self))
        return twin

    def pop(self, name: str, *default: Any) -> Any:
        if name not in self:
            return dict.pop(self, name, *default)
        v = self[name]
        dict.pop(self, name)
        return v

    def popitem(self) -> tuple[str, Variant]:
        name = next(reversed(dict.keys(self)))
        return name, self.pop(name)

    def setdefault(self, name: str, default: Any = None) -> Any:
        if name in self:
            return self[name]
        dict.__setitem__(self, name, default)
        return default

    def _all(self) -> dict[str, Variant]:
        return {name: self[name] for name in self}

    def __eq__(self, other: object) -> bool:
        return self._all() == (other._all() if isinstance(other, Presets) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._all())

    def __or__(self, other: Any) -> dict[str, Variant]:  # type: ignore[override]
        return self._all() | other

    def __ror__(self, other: Any) -> dict[str, Variant]:  # type: ignore[override]
        return dict(other) | self._all()

    def __reduce__(self) -> Any:
        return dict, (self._all(),)


MAX_VARIANTS_BYTES = 2**20
"""A house variants file is read only up to this size (the shipped one is about 6 KB)."""


def load_variants(path: str | Path | None = None) -> dict[str, Variant]:
    """Presets by name: the shipped `variants.toml`, plus ``path``'s presets on top.

    The shipped presets are built and checked when first used (`Presets`); every preset
    of ``path`` at once, so a bad one is refused here.

    A user file may add presets, replace shipped ones by name, and ``extends`` any
    shipped preset.  Raises `VariantError` (file, preset, key, allowed values) for a
    bad file, including one that cannot be read, is not a regular file (a FIFO, a device)
    or is larger than `MAX_VARIANTS_BYTES`.
    """
    shipped_path = shipped_variants_path()
    shipped = load_variants_text(shipped_path.read_text(encoding="utf-8"), str(shipped_path), lazy=True)
    if path is None:
        return shipped
    mine = load_variants_file(path, shipped)
    merged = shipped.copy()  # after: with the shipped presets ``mine`` extends built
    merged.update(mine)
    return merged


def load_variants_file(path: str | Path, base: dict[str, Variant]) -> dict[str, Variant]:
    """The presets of the variants file ``path`` alone, each built and checked, whose
    ``extends`` may name a preset of ``base`` (the shipped ones, `load_variants`).
    Raises `VariantError` as `load_variants` does, for the same files."""
    p = Path(path)
    try:  # a FIFO would block the read, /dev/zero never end (`read_bounded`)
        raw = read_bounded(p, MAX_VARIANTS_BYTES, "a variants file", "a TOML text file")
    except FileNotFoundError as exc:
        raise VariantError(f"{p}: cannot read: {exc.strerror or exc}") from None
    except FileProblem as exc:
        raise VariantError(str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise VariantError(f"{p}: not a UTF-8 text file") from None
    return load_variants_text(text, str(p), base=base)
