"""Hand evaluation for bidding (RULES.md §3, §4, §5, §7, §11).

`evaluate(hand, trump, variant, ...)` estimates what a hand is worth to its side if this
seat wins the auction with ``trump``: its own meld, the meld the pass (or the kitty) is
likely to complete, the trick points the side should take, and an allowance for the
partner's meld.  All numbers are x10 points, like the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rules import Variant, score_meld

from .knowledge import copies_of, deck_size, team_size

__all__ = ["Estimate", "evaluate", "evaluate_trumps", "mean_meld", "quad_win_chance", "trick_share"]

_RUN = (0, 1, 2, 3, 4)  # A T K Q J


class Estimate(NamedTuple):
    """What a hand is worth with one trump (x10 points).

    ``meld``: meld held now; ``gain``: expected meld the pass/kitty adds; ``partner``:
    allowance for the partner's meld; ``tricks``: expected trick points of the side;
    ``sd``: the spread of the side's total (meld + tricks) around ``total``;
    ``own_tricks``: the trick points counting none of the trumps the pass or the kitty may
    bring (what the hand's own cards take, with its partner's help).
    A NamedTuple, not a frozen dataclass: the table's bidding help builds it at start
    (a tenth of the cost at import).
    """

    trump: int
    meld: int
    gain: float
    partner: float
    tricks: float
    sd: float = 0.0
    own_tricks: float = 0.0

    @property
    def total(self) -> float:
        return self.meld + self.gain + self.partner + self.tricks


def _willing(f: int, trump: int) -> float:
    """How readily a partner passes face ``f`` (trump first, then aces, pinochle parts)."""
    r = f % 6
    if f // 6 == trump:
        return 0.85 if r != 5 else 0.25
    if r == 0:
        return 0.55
    if f in (3, 16):  # QS, JD: pinochle parts
        return 0.3
    if r in (2, 3):
        return 0.2
    return 0.05


_WILLING = tuple(tuple(_willing(f, t) for f in range(24)) for t in range(4))


# (id(variant), unseen cards) -> (variant, per trump, per face, per copies left: the
# chance of `_arrival_probs`)
_PROBS: dict[tuple[int, int], tuple[Variant, list[list[list[float]]]]] = {}


def taken_kitty(v: Variant) -> int:
    """The kitty cards the bidder takes into its hand before naming trump (§4.2): all of
    them where it takes and buries; one where it hands the kitty out one card to each
    player (§2.4 (b), (c): every seat gains one, the bidder's comes before trump).
    Duplicate A/B over 4,000 hands (bench/bots_ab.py --base, house presets of
    bench/house_rules.py): one card against none wins +94.3 a board (95% CI +75.8 ..
    +112.8) where the kitty is dealt out, +25.0 (+17.4 .. +32.7) in partnership-widow;
    the whole kitty against none won +105.6 and lost 80.8 there."""
    return v.kitty_size if v.kitty_mode == "bidder_takes_and_buries" else 1 if v.kitty_size else 0


def _prob_table(v: Variant, unseen_cards: int) -> list[list[list[float]]]:
    hit = _PROBS.get((id(v), unseen_cards))
    if hit is not None and hit[0] is v:
        return hit[1]
    cop = copies_of(v.deck)
    most = max(cop)
    if v.pass_count:  # passing needs partners opposite (§4.1): four seats
        share = v.cards_per_hand / max(1, unseen_cards)  # partner's share of the unseen cards
        m = min(1.0, v.pass_count / 4)
        has = [1.0 - (1.0 - share) ** left for left in range(most + 1)]
        table = [[[0.0] + [has[left] * w[f] * m for left in range(1, most + 1)] for f in range(24)] for w in _WILLING]
    elif taken_kitty(v):
        share = taken_kitty(v) / max(1, unseen_cards)
        has = [1.0 - (1.0 - share) ** left for left in range(most + 1)]
        table = [[[0.0] + has[1:] for f in range(24)] for _ in range(4)]
    else:
        table = [[[0.0] * (most + 1) for f in range(24)] for _ in range(4)]
    if len(_PROBS) > 64:
        _PROBS.clear()
    _PROBS[(id(v), unseen_cards)] = (v, table)
    return table


def _arrival_probs(
    counts: list[int], trump: int, v: Variant, unseen_cards: int, lefts: list[int] | None = None
) -> list[float]:
    """Per face, the chance that at least one more copy reaches this hand through the pass
    (the partner sends trump, aces, then meld cards) or the kitty.  ``lefts``: copies of
    each face not in ``counts``, when the caller has them."""
    if lefts is None:
        lefts = [c - n for c, n in zip(copies_of(v.deck), counts)]
    table = _prob_table(v, unseen_cards)[trump]
    return [row[left] if left > 0 else 0.0 for row, left in zip(table, lefts)]


# the melds a pass or kitty may complete, per trump: run, aces / kings / queens / jacks
# around, pinochle (QS JD), royal marriage
_GROUPS = tuple(
    (
        tuple(t * 6 + r for r in _RUN),
        (0, 6, 12, 18),
        (2, 8, 14, 20),
        (3, 9, 15, 21),
        (4, 10, 16, 22),
        (3, 16),
        (t * 6 + 2, t * 6 + 3),
    )
    for t in range(4)
)


# the same groups as bit masks of faces
_GROUP_MASKS = tuple(tuple(sum(1 << f for f in g) for g in groups) for groups in _GROUPS)


def _meld_gain(
    counts: list[int],
    trump: int,
    v: Variant,
    base: int,
    probs: list[float],
    hand: list[int] | None = None,
    absent: int | None = None,
) -> tuple[float, float]:
    """Expected meld the pass or kitty adds, and its variance: for each meld one or two
    cards short, its value times the chance those cards arrive.  ``hand``: the cards of
    ``counts`` as a list; ``absent``: a bit mask of the faces ``counts`` lacks (when the
    caller has them)."""
    if not any(probs):
        return 0.0, 0.0
    tb = trump * 6
    if hand is None:
        hand = [f for f in range(24) for _ in range(counts[f])]
    if absent is None:
        absent = sum(1 << f for f in range(24) if not counts[f])
    best: dict[tuple[int, ...], float] = {}
    var = 0.0
    for g in _GROUP_MASKS[trump]:
        # the group's faces this hand lacks, lowest first (each group lists its faces
        # in ascending order): one or two of them
        m = absent & g
        if not m:
            continue
        low = m & -m
        m ^= low
        if m & (m - 1):
            continue
        f = low.bit_length() - 1
        p = 1.0
        p *= probs[f]
        if m:
            f2 = m.bit_length() - 1
            p *= probs[f2]
            missing = [f, f2]
        else:
            missing = [f]
        if p < 0.02:
            continue
        key = tuple(missing)
        if key in best:
            continue
        gain = score_meld(hand + missing, trump, v).total - base
        if gain > 0:
            best[key] = gain * p
            var += gain * gain * p * (1.0 - p)
    # the dix arrives often enough to count a little
    total = sum(best.values())
    if v.dix_value and probs[tb + 5] and copies_of(v.deck)[tb + 5]:
        total += v.dix_value * probs[tb + 5] * 0.5
    # overlapping groups double count: cap by the largest two
    vals = sorted(best.values(), reverse=True)
    return min(total, sum(vals[:2]) + (v.dix_value * probs[tb + 5] * 0.5 if v.dix_value else 0.0)), var


# measured: over 400 dealt racehorse hands the best meld with the blind averages 411, the
# copies counted one at a time (`_copy_gain`) 119 over the hands' own 250, so the blind
# adds 1.35 times them (the trump is named after seeing it, and pairs arrive too)
BLIND_FACTOR = 1.35


def _copy_gain(
    cards: list[int], lefts: list[int], trump: int, v: Variant, base: int, unseen: int
) -> tuple[float, float]:
    """Racehorse's blind (§2.13, §5.6): its tables pay for second, third and fourth
    copies (a double royal marriage 300, a triple 900, four of a kind), which a
    19-card hand is often one card short of.  Expected meld one more copy of each face
    adds, times the chance the blind brings one, and its variance."""
    k = v.kitty_size
    gain = var = 0.0
    for f in range(24):
        left = lefts[f]
        if left <= 0:
            continue
        g = score_meld([*cards, f], trump, v).total - base
        if g <= 0:
            continue
        p = 1.0 - (1.0 - k / max(1, unseen)) ** left
        gain += g * p
        var += g * g * p * (1.0 - p)
    return gain, var


def trick_share(counts: list[int], trump: int, v: Variant, extra_trumps: float = 0.0, partner: bool = True) -> float:
    """Expected fraction of the hand's trick points the bidder's side takes, from trump
    length and honours, aces and short suits (a hand of ``counts`` per face)."""
    hs = sum(counts) or 1
    scale = 12.0 / hs
    tb = trump * 6
    ntr = sum(counts[tb : tb + 6]) + extra_trumps
    tr_hi = counts[tb] + 0.6 * counts[tb + 1]
    aces_off = tens_off = short = 0
    for b in (0, 6, 12, 18):
        if b == tb:
            continue
        aces = counts[b]
        if aces:
            aces_off += aces
            tens_off += counts[b + 1]
        if aces + counts[b + 1] + counts[b + 2] + counts[b + 3] + counts[b + 4] + counts[b + 5] <= 1:
            short += 1
    share = (
        0.26
        + 0.055 * (ntr * scale - 3.0)
        + 0.035 * aces_off * scale
        + 0.03 * tr_hi * scale
        + 0.012 * tens_off * scale
        + 0.015 * short
    )
    if v.ring_table:
        return _big_table_share(share, v)
    if partner:
        share += 0.10
    else:
        share -= 0.02 * (v.players - 3)
    return max(0.15, min(0.92, share))


# (id(variant)) -> (variant, the strength terms of `trick_share` for an average hand)
_AVERAGE: dict[int, tuple[Variant, float]] = {}


def _average_terms(v: Variant) -> float:
    """`trick_share`'s strength terms (less its 0.26) for a hand of the pack's average
    make-up: per 12 cards, 3 trumps, and aces and tens in the proportion the deck has them."""
    hit = _AVERAGE.get(id(v))
    if hit is not None and hit[0] is v:
        return hit[1]
    cop = copies_of(v.deck)
    size = sum(cop)
    aces = 12.0 * sum(cop[b] for b in (0, 6, 12, 18)) / size  # per 12 cards, every suit
    tens = 12.0 * sum(cop[b + 1] for b in (0, 6, 12, 18)) / size
    terms = 0.035 * aces * 0.75 + 0.03 * (aces + 0.6 * tens) * 0.25 + 0.012 * tens * 0.75
    if len(_AVERAGE) > 64:
        _AVERAGE.clear()
    _AVERAGE[id(v)] = (v, terms)
    return terms


def _big_table_share(share: float, v: Variant) -> float:
    """`trick_share` at a table of 5, 6 or 8: the side's share of the cards (its seats
    over the table's) plus what this hand holds over an average hand, weighted by this
    hand's part of the side's cards (one seat of a team of two counts as in partnership,
    one of three two thirds as much)."""
    team = team_size(v)
    frac = team / v.players
    excess = share - 0.26 - _average_terms(v)
    return max(0.5 * frac, min(0.92, frac + excess * 2.0 / team))


def evaluate(
    hand: tuple[int, ...] | list[int],
    trump: int,
    v: Variant,
    *,
    as_bidder: bool = True,
    counts: list[int] | None = None,
) -> Estimate:
    """What ``hand`` is worth with ``trump`` if this seat wins the auction (x10 points).

    Before the pass (``as_bidder`` with ``pass_count`` or a kitty) the meld the pass or
    kitty is likely to complete is added as ``gain``.
    """
    return evaluate_trumps(hand, (trump,), v, as_bidder=as_bidder, counts=counts)[0]


def evaluate_trumps(
    hand: tuple[int, ...] | list[int],
    trumps: Iterable[int],
    v: Variant,
    *,
    as_bidder: bool = True,
    counts: list[int] | None = None,
    pass_ace_step: float = 0.0,
) -> list[Estimate]:
    """`evaluate` of one hand for each of ``trumps``, in that order (what does not depend
    on the trump is worked out once).  ``pass_ace_step``: how much more (or less) meld
    the pass brings for each ace the hand holds over two, up to three (x10 points)."""
    if counts is None:
        counts = [0] * 24
        for f in hand:
            counts[f] += 1
    cards = [f for f in range(24) for _ in range(counts[f])]
    unseen = deck_size(v.deck) - sum(counts)
    with_gain = as_bidder and bool(v.pass_count or taken_kitty(v))
    cop = copies_of(v.deck)
    lefts = [c - n for c, n in zip(cop, counts)]
    absent = 0
    for f in range(24):
        if not counts[f]:
            absent |= 1 << f
    aces = min(3, counts[0] + counts[6] + counts[12] + counts[18])
    extra = pass_ace_step * (aces - 2)
    return [_evaluate(counts, cards, unseen, lefts, absent, t, v, as_bidder, with_gain, extra) for t in trumps]


def _evaluate(
    counts: list[int],
    cards: list[int],
    unseen: int,
    lefts: list[int],
    absent: int,
    trump: int,
    v: Variant,
    as_bidder: bool,
    with_gain: bool,
    extra: float = 0.0,
) -> Estimate:
    base = score_meld(cards, trump, v).total
    pairs = v.partners_opposite
    teams = pairs or (v.ring_table and team_size(v) > 1)  # a partner's meld and tricks count
    gain = 0.0
    var = 0.0
    extra_tr = 0.0
    if with_gain and v.meld_table == "racehorse_ru":
        gain, var = _copy_gain(cards, lefts, trump, v, base, unseen)
    elif with_gain:
        probs = _arrival_probs(counts, trump, v, unseen, lefts)
        gain, var = _meld_gain(counts, trump, v, base, probs, cards, absent)
        if v.pass_count and pairs:
            out_tr = sum(copies_of(v.deck)[trump * 6 : trump * 6 + 6]) - sum(counts[trump * 6 : trump * 6 + 6])
            extra_tr = min(v.pass_count * 0.8, out_tr * v.cards_per_hand / max(1, unseen))
        elif taken_kitty(v):
            out_tr = sum(copies_of(v.deck)[trump * 6 : trump * 6 + 6]) - sum(counts[trump * 6 : trump * 6 + 6])
            extra_tr = out_tr * taken_kitty(v) / max(1, unseen) * 0.5
    if gain and v.kitty_size and v.meld_table == "racehorse_ru":
        gain *= BLIND_FACTOR
        var *= BLIND_FACTOR**2
    elif gain and taken_kitty(v):
        # measured in self-play: the trump is named after seeing the kitty, so the kitty
        # adds about 2.4 times the meld counted card by card
        gain *= 2.4
        var *= 2.4**2
    if gain and v.pass_count and pairs:
        # measured in self-play: the pass adds about 30 more than the cards counted above
        # (partners pass what the bidder lacks, not at random); a hand short of aces gets
        # aces it cannot meld with (`evaluate_trumps`' ``pass_ace_step``)
        gain += (30.0 + extra) * v.pass_count / 4
    partner = 0.0
    if pairs:
        # measured in self-play: the partner's meld with the bidder's trump, after the pass
        partner = 30.0 if v.deck == "single48" else 136.0
    elif teams:
        # a big table: each partner's meld is about a dealt hand's with the bidder's trump
        partner = (team_size(v) - 1) * mean_meld(v)
    share = trick_share(counts, trump, v, extra_tr, teams)
    total = v.hand_trick_total
    tricks = share * total
    own_share = trick_share(counts, trump, v, 0.0, teams) if extra_tr else share
    if as_bidder and taken_kitty(v):
        # measured in self-play: the kitty's cards, and counters buried for the bidder
        tricks += (0.13 if v.kitty_discards_count_for_bidder else 0.08) * total
    elif teams and not v.pass_count:
        tricks += 0.04 * total  # measured (no-pass partnership): the bidder leads and names trump
    # spread (measured in self-play): tricks about 0.14 of the hand's points, the pass's
    # meld as computed (plus its uncounted part), the partner's meld about its mean
    var += 0.14**2 * 250 * total  # 35 points on a 250-point hand, 50 on the double deck's 500
    if teams:
        var += ((0.9 if v.deck == "single48" else 0.75) * partner) ** 2
    if v.pass_count and pairs:
        var += (40.0 * v.pass_count / 4) ** 2
    return Estimate(trump, base, gain, partner, tricks, var**0.5, tricks - (share - own_share) * total)


# (id(variant)) -> (variant, the mean meld of a dealt hand with a fixed trump)
_MEAN_MELD: dict[int, tuple[Variant, float]] = {}
MEAN_MELD_HANDS = 200  # dealt hands the mean is taken over (once per variant and process)


def mean_meld(v: Variant) -> float:
    """The meld of a dealt hand of ``v`` with a trump fixed before the deal (x10), over
    `MEAN_MELD_HANDS` hands from a fixed seed: what a partner's meld is worth at a big
    table, where no self-play figure was measured.  The same in every process."""
    import random

    hit = _MEAN_MELD.get(id(v))
    if hit is not None and hit[0] is v:
        return hit[1]
    from rules.cards import make_deck

    rng = random.Random(f"mean-meld/{v.deck}/{v.players}")
    deck = make_deck(v.deck)
    n = v.cards_per_hand
    total = 0
    for i in range(MEAN_MELD_HANDS):
        rng.shuffle(deck)
        total += score_meld(deck[:n], i % 4, v).total
    mean = total / MEAN_MELD_HANDS
    if len(_MEAN_MELD) > 64:
        _MEAN_MELD.clear()
    _MEAN_MELD[id(v)] = (v, mean)
    return mean


# the melds that win the game at once under ``quadruple_wins_game`` (RULES.md §5.6): a
# quadruple run or royal marriage in trump (per trump, its faces), a quadruple pinochle
# whatever the trump
_WINNING = tuple(
    ((t * 6, t * 6 + 1, t * 6 + 2, t * 6 + 3, t * 6 + 4), (t * 6 + 2, t * 6 + 3), (3, 16)) for t in range(4)
)


def quad_win_chance(counts: list[int], trump: int, v: Variant, unseen: int = 0, blind: int = 0) -> float:
    """The chance that the bidder's hand of ``counts`` shows a meld that wins the game
    with ``trump`` (``quadruple_wins_game``, §5.6): 1.0 when it holds one now; else the
    chance that ``blind`` cards taken from the ``unseen`` ones bring the one copy a
    quadruple lacks (each face of a double80 pack has four copies, so that copy is the
    last one out).  0.0 in a variant where no meld wins the game."""
    if not v.quadruple_wins_game:
        return 0.0
    p = 0.0
    for faces in _WINNING[trump]:
        short = [f for f in faces if counts[f] < 4]
        if not short:
            return 1.0
        if blind and unseen and len(short) == 1 and counts[short[0]] == 3:
            p += blind / unseen
    return min(1.0, p)
