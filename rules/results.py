"""The results of a hand, as every round flow and the game read them (RULES.md §8, §9).

`HandResult` (one hand's outcome, per side a `SideResult`) and `CheckEvent` (one check
moved from one player to another, §9) are plain values of numbers and words.  This
module imports no round flow and no scorer: the flows (`auction_round`, `stock_round`,
`draft_round`), the scorers (`scoring`, `checks`), the seat's view (`view`) and the game
(`game`) all import it, so the arrows between them point one way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .cards import Card

__all__ = ["CheckEvent", "HandResult", "SideResult"]


class CheckEvent(NamedTuple):
    """``payee`` collects ``checks`` (> 0) from ``payer`` (seats) because of ``reason``
    (a NamedTuple, not a frozen dataclass: built for a tenth of the cost at import)."""

    payer: int
    payee: int
    checks: int
    reason: str

    def __str__(self) -> str:
        return f"seat {self.payee} collects {self.checks} from seat {self.payer}: {self.reason}"


class SideResult(NamedTuple):
    """One side's part of a hand (x10 points).

    ``meld_shown``: the side's meld as laid down; ``meld_saved``: the part that counts
    (§5.7), 0 for a bidding side that is set and so forfeits it (§8.1 step 5, as a hand
    thrown in, §8.3); ``meld_forfeited``: that forfeited meld (saved by §5.7, not
    scored); ``trick_points``: counters taken plus the last trick (and, for the bidder,
    buried cards when they count; in the two-hand draft the discard piles' counters);
    ``made``: True/False for the bidding side, None for the others; ``change``: what is
    added to the side's game score; ``discard_points``: the part of ``trick_points``
    that came from the draft's discard piles (§2.8).

    `SideResult` and `HandResult` are NamedTuples, not frozen dataclasses: the same
    fields, equality, hash and repr, built for a tenth of the cost at import.
    """

    side: int
    seats: tuple[int, ...]
    meld_shown: int
    meld_saved: int
    trick_points: int
    tricks: int
    made: bool | None
    change: int
    discard_points: int = 0
    meld_forfeited: int = 0


class HandResult(NamedTuple):
    """The outcome of one round.

    ``kind`` is ``played``, ``conceded`` (thrown in, §8.3), ``auto_set`` (trump named
    without the required meld, §3.6), ``meld_win`` (a meld that wins the game at once,
    §5.6: ``meld_win_seat`` showed ``meld_win``, e.g. "quadruple run"; no score
    changes), ``misdeal`` (§5.8; the same dealer redeals) or ``all_passed`` (§3.4
    redeal; the deal passes on).  ``sides`` is per side, in side order.
    ``pinochle_side`` is the side that took every trick, if any (§8.4).  ``checks``:
    the hand's check events under ``check_scoring`` (§9; `rules.checks`), who collects
    what from whom and why; empty without checks.

    Five-hand (``sides = "called_partner"``, §2.12, §0.4.11): ``sides`` holds one entry
    per player, each with that player's own meld, trick points and tricks (they add up
    to the hand's); ``called`` is the trump card the bidder called and ``partner`` the
    seat it made the partner.  The bidder's and the partner's ``change`` is the pair's
    saved meld plus the pair's trick points (or minus the bid each, when set; ``made`` is
    the pair's); each defender's is its own saved meld plus all the defenders' trick
    points (`score_called_hand`).

    Summed partner bids (``contract_mode``, §3.8, §8.2, §0.4.17): ``contracts`` holds each
    side's contract (its members' bids added; 0 for a side that bid nothing),
    ``contract`` is the bidder's side's, and ``made`` is set for every side with a
    contract; empty in every other form.
    """

    kind: str
    bidder: int | None
    contract: int | None
    trump: str | None
    sides: tuple[SideResult, ...]
    pinochle_side: int | None = None
    misdeal_by: int | None = None
    meld_win_seat: int | None = None
    meld_win: str = ""
    checks: tuple[CheckEvent, ...] = ()
    partner: int | None = None
    called: Card | None = None
    contracts: tuple[int, ...] = ()

    @property
    def changes(self) -> tuple[int, ...]:
        return tuple(s.change for s in self.sides)

    @property
    def counts(self) -> bool:
        """Whether the hand was played, thrown in or won by a meld (scores change, the deal moves on)."""
        return self.kind in ("played", "conceded", "auto_set", "meld_win")

    @property
    def same_dealer(self) -> bool:
        """A misdeal is redealt by the same dealer (§5.8); every other outcome moves the deal on."""
        return self.kind == "misdeal"
