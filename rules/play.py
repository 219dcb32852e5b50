"""Trick play: who wins a trick (RULES.md §1.3) and which cards may be played (§6.2).

Cards are `Card` faces (ints ``suit*6 + rank``, rank 0 = ace … 5 = nine), so these
functions run on plain integer arithmetic.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence

from .cards import CARDS, Card, Suit
from .variant import Variant

__all__ = ["beats", "legal_faces", "legal_plays", "trick_winner"]


def _suit_index(trump: Suit | str | int) -> int:
    return trump if type(trump) is int else Suit.parse(trump).index  # type: ignore[arg-type,return-value]


def beats(a: int, b: int, trump: int) -> bool:
    """Whether card ``a`` heads card ``b`` (§1.3): same suit and strictly higher rank,
    or ``a`` is trump and ``b`` is not.  An identical copy does not beat."""
    sa, sb = a // 6, b // 6
    if sa == sb:
        return a % 6 < b % 6
    return sa == trump


def trick_winner(trick: Sequence[int], trump: Suit | str | int) -> int:
    """Index (in play order) of the card winning ``trick`` (RULES.md §1.3).

    ``trick``: the cards played so far, the lead first (a partial trick gives the
    current winner); ``trump``: `Suit`, letter or index.  Among trumps the highest
    wins, otherwise the highest card of the led suit; of identical cards the first
    played wins.  Raises `ValueError` for an empty trick.
    """
    if not trick:
        raise ValueError("trick_winner needs at least one card")
    t = _suit_index(trump)
    best = 0
    w = trick[0]
    for i in range(1, len(trick)):
        if beats(trick[i], w, t):
            best, w = i, trick[i]
    return best


def legal_faces(
    hand: Sequence[int],
    trick: Sequence[int],
    t: int,
    head: int,
    led_target: bool,
    after_ruff: bool,
    lead_trump: bool = False,
) -> list[int]:
    """Core of `legal_plays` on a **sorted** hand; ``head`` is 0 pre1945, 1 post1945,
    2 none.  Returns the distinct legal faces in sorted order (the hot path of play)."""
    if not trick:
        if lead_trump:
            lo = bisect_left(hand, t * 6)
            hi = bisect_left(hand, t * 6 + 6, lo)
            if lo < hi:
                return [*dict.fromkeys(hand[lo:hi])]
        return [*dict.fromkeys(hand)]
    lead = trick[0]
    ls = lead // 6
    # the current winner W (§1.3): within a suit a lower face index is a higher card
    w = lead
    if len(trick) > 1:
        for c in trick:
            if c // 6 == w // 6:
                if c < w:
                    w = c
            elif c // 6 == t:
                w = c
    trumped = ls != t and w // 6 == t
    base = ls * 6
    lo = bisect_left(hand, base)
    hi = bisect_left(hand, base + 6, lo)
    if lo < hi:
        follow = [*dict.fromkeys(hand[lo:hi])]
        if head == 2:
            return follow
        if trumped:
            if head == 0 and after_ruff:
                # head the best card of the led suit even though the trick is trumped
                best_led = min(c for c in trick if c // 6 == ls)
                k = bisect_left(follow, best_led)
                return follow[:k] if k else follow
            return follow
        if head == 1 and ls != t:
            return follow
        target = lead if (led_target and head == 0) else w
        # follow is sorted from the highest card down: the cards that beat target are a prefix
        k = bisect_left(follow, target)
        return follow[:k] if k else follow
    base = t * 6
    lo = bisect_left(hand, base)
    hi = bisect_left(hand, base + 6, lo)
    if lo < hi:
        trumps = [*dict.fromkeys(hand[lo:hi])]
        if head == 0 and trumped:
            k = bisect_left(trumps, w)
            if k:
                return trumps[:k]
        return trumps
    return [*dict.fromkeys(hand)]


def legal_plays(
    hand: Iterable[int],
    trick: Sequence[int],
    trump: Suit | str | int,
    variant: Variant,
    *,
    first_lead: bool = False,
) -> list[Card]:
    """The distinct cards ``hand`` may play to ``trick`` (RULES.md §6.1–6.2).

    ``hand``: the player's cards; ``trick``: cards already played to this trick, lead
    first (empty when leading); ``trump``: `Suit`, letter or index; ``variant``: the
    knobs ``head_rule`` (``pre1945`` = PRE, ``post1945`` = POST, ``none`` = NONE),
    ``head_target`` (``current_winner`` | ``led_card``), ``head_after_ruff`` and
    ``first_lead_must_be_trump`` (applied when ``first_lead`` is true: the lead of
    the hand's first trick).  Returns cards sorted by suit then rank, never empty for
    a non-empty hand.  Raises `ValueError` for a bad trump.
    """
    head, led, ruff, lead_trump = variant.play_flags
    faces = legal_faces(sorted(hand), list(trick), _suit_index(trump), head, led, ruff, first_lead and lead_trump)
    return [CARDS[c] for c in faces]
