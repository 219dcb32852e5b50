"""A game across hands: dealer rotation, running scores, the end of the game
(RULES.md §8.4–§8.6).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .auction_round import RoundState
from .checks import game_checks, ledger, settle
from .results import CheckEvent, HandResult
from .rounds import new_round
from .variant import Variant

__all__ = ["BID_OUT_SETS", "GameState", "bid_out_counts", "hand_rng"]

BID_OUT_SETS = 3  # §0.4.21: the opponents' third set since the side reached the target wins it the game


def bid_out_counts(
    variant: Variant,
    history: tuple[HandResult, ...],
    scores: tuple[int, ...],
    target: int,
    seatings: tuple[tuple[int, ...], ...] = (),
) -> tuple[int, ...]:
    """Per score entry (a side, or a person when people sit out), how often the others
    were set (a side of the hand with ``made`` False: the bidder's, or with summed bids
    any side's) in the hands it began and ended at or over ``target``, since the last
    hand after which it stood below it (RULES.md §0.4.21: "while its opponents fail their
    bid three times"; a drop below the target resets the count).  ``history``: the
    game's `HandResult`s in order, ending at the running ``scores`` (x10); the scores
    before each hand are worked back from them, so a game resumed from its history
    counts the same.

    Sitting out (§0.4.16: scores per person): ``seatings`` gives, per hand of
    ``history``, the person in each round seat (`GameState.hand_seatings`).  A person
    counts a set when it played against that contract: it sat at the table and not on
    the set side (the opponents of that deal); a deal it sat out counts nothing and
    does not break its count."""
    sides = variant.seats_of_side
    n = variant.n_scores
    after = list(scores)
    counts = [0] * n
    done = [False] * n  # the count of the entry is complete (a hand below the target was found)
    for k in range(len(history) - 1, -1, -1):
        result = history[k]
        if variant.sitting_out:
            seating = seatings[k]
            # each person's side in this deal (None: sat out)
            side_of: list[int | None] = [None] * n
            for side, seats in enumerate(sides):
                for seat in seats:
                    side_of[seating[seat]] = side
        else:
            side_of = list(range(n))
        change = [result.changes[s] if s is not None and result.counts else 0 for s in side_of]
        before = [a - c for a, c in zip(after, change)]
        for e in range(n):
            if done[e]:
                continue
            if after[e] < target:
                done[e] = True
            elif before[e] >= target and side_of[e] is not None:
                counts[e] += sum(1 for r in result.sides if r.side != side_of[e] and r.made is False)
        after = before
    return tuple(counts)


def hand_rng(seed: str | int, hand_no: int) -> random.Random:
    """The deal's random source for hand ``hand_no`` of a game seeded ``seed``.

    String seeds are hashed by `random.Random` itself (SHA-512), never with `hash()`,
    so a seed deals the same cards in every process.
    """
    return random.Random(f"{seed}/{hand_no}")


class GameState(NamedTuple):
    """Scores per side, the dealer, the target and the hands played so far (a NamedTuple,
    not a frozen dataclass: the start builds it for a tenth of the cost).

    ``history`` holds every `HandResult` (misdeals and redeals included);
    ``winner`` is the winning side once the game is over (§8.5, §8.6).  Under
    ``check_scoring`` (§9): ``checks`` is the ledger per seat (collected minus paid, all
    adding up to 0) and ``game_checks`` the events of winning the game, once it is won.

    Sitting out (``table_seats``, §0.4.16): ``dealer`` is a person, ``scores``, ``checks``
    and ``winner`` are per person (`Variant.n_scores`), and each deal is played by the
    active people in round seats (`seating`); a hand's result, per round side, is added to
    the scores of the people who played that side (`holders`).  Without sitting out every
    person is a round seat and every side its own score entry.
    ``first_hand``: the game's first deal is hand ``first_hand`` of its seed (0: the
    seed's first; a replay of a past game's later deal starts there).
    """

    variant: Variant
    seed: str
    dealer: int = 0
    scores: tuple[int, ...] = ()
    target: int = 0
    history: tuple[HandResult, ...] = ()
    winner: int | None = None
    checks: tuple[int, ...] = ()
    game_checks: tuple[CheckEvent, ...] = ()
    first_hand: int = 0

    @property
    def check_events(self) -> tuple[CheckEvent, ...]:
        """Every check event of the game so far: each hand's, then the game's (§9), with
        people for seats when people sit out (§0.4.16)."""
        if not self.variant.sitting_out:
            return tuple(e for r in self.history for e in r.checks) + self.game_checks
        return (
            tuple(
                e._replace(payer=seats[e.payer], payee=seats[e.payee])
                for r, seats in zip(self.history, self.hand_seatings())
                for e in r.checks
            )
            + self.game_checks
        )

    def hand_seatings(self) -> tuple[tuple[int, ...], ...]:
        """Per hand of ``history``, the person in each of its round seats (§0.4.16): the
        dealer moved one person clockwise after every hand but a misdeal (§5.8), so the
        first hand's dealer is found from the dealer now."""
        v = self.variant
        moves = sum(not r.same_dealer for r in self.history)
        dealer = (self.dealer - moves) % v.people
        out = []
        for r in self.history:
            out.append(v.deal_seats(dealer)[1])
            if not r.same_dealer:
                dealer = (dealer + 1) % v.people
        return tuple(out)

    def settlement(self) -> tuple[CheckEvent, ...]:
        """Who pays whom to square the ledger, in the fewest transfers (`rules.checks.settle`)."""
        return settle(self.checks or (0,) * self.variant.people)

    @staticmethod
    def start(
        variant: Variant,
        seed: str | int | None = None,
        dealer: int | None = None,
        target: int | None = None,
        first_hand: int = 0,
    ) -> GameState:
        """A new game; the first dealer is drawn from the seed unless given.  ``first_hand``
        (0 or more): the seed's deal it starts from; `ValueError` if negative."""
        if first_hand < 0:
            raise ValueError(f"first_hand is a deal of the seed, 0 or more, not {first_hand}")
        s = str(seed) if seed is not None else str(random.SystemRandom().randrange(10**12))
        d = dealer if dealer is not None else random.Random(f"{s}/dealer").randrange(variant.people)
        return GameState(
            variant=variant,
            seed=s,
            dealer=d,
            scores=(0,) * variant.n_scores,
            target=target if target is not None else variant.game_target,
            checks=(0,) * variant.people,
            first_hand=first_hand,
        )

    def bid_out(self) -> tuple[int, ...]:
        """Per score entry (a side, or a person when people sit out), the opponents' sets
        counted toward its bid-out (``must_bid_to_win = "bid_out_three_sets"``, §0.4.21;
        `bid_out_counts`); zeros in every other form."""
        v = self.variant
        if v.must_bid_to_win != "bid_out_three_sets":
            return (0,) * v.n_scores
        seatings = self.hand_seatings() if v.sitting_out else ()
        return bid_out_counts(v, self.history, self.scores, self.target, seatings)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def hand_no(self) -> int:
        return len(self.history)

    @property
    def seating(self) -> tuple[int, ...]:
        """The person in each round seat of the deal now (§0.4.16, `Variant.deal_seats`):
        ``(0, 1, …)`` without sitting out."""
        return self.variant.deal_seats(self.dealer)[1]

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The people who sit out the deal now (§0.4.16), in seat order; () without."""
        playing = set(self.seating)
        return tuple(p for p in range(self.variant.people) if p not in playing)

    def holders(self) -> tuple[tuple[int, ...], ...]:
        """Per round side of the deal now, the score entries its result is added to
        (§0.4.16): the side itself without sitting out; else the people who play it, in
        round-seat order (each member of a side scores the side's change)."""
        v = self.variant
        if not v.sitting_out:
            return tuple((s,) for s in range(v.n_sides))
        seating = self.seating
        return tuple(tuple(seating[r] for r in seats) for seats in v.seats_of_side)

    def entry_of_seat(self, seat: int) -> int:
        """The score entry of round seat ``seat`` in the deal now: its side, or, when
        people sit out, its person."""
        v = self.variant
        return self.seating[seat] if v.sitting_out else v.side_of[seat]

    def round_scores(self) -> tuple[int, ...]:
        """The running scores per round side of the deal now, for the round (its bots
        read them): a side's entry, or the best of its people's scores (§0.4.16)."""
        if not self.variant.sitting_out:
            return self.scores
        return tuple(max(self.scores[p] for p in side) for side in self.holders())

    def new_round(self) -> RoundState:
        """Deal the next hand (seeded from the game seed and the deal's number: the hands
        played so far after ``first_hand``), to the active people in round seats
        (`seating`; the round's dealer is the last of them when people sit out)."""
        if self.over:
            raise ValueError("the game is over")
        dealer = self.variant.deal_seats(self.dealer)[0]
        return new_round(
            self.variant,
            dealer,
            hand_rng(self.seed, self.first_hand + self.hand_no),
            scores=self.round_scores(),
            target=self.target,
        )

    def after_hand(self, result: HandResult) -> GameState:
        """The game after ``result`` (RULES.md §8.4–§8.6).

        Scores change by the result (bidding side scored first); the deal moves one
        seat clockwise except after a misdeal; then the winner is decided:
        ``pinochling_wins_game``, ``must_bid_to_win = always`` (only the bidder who
        makes the contract and reaches the target wins; ``bid_out_three_sets`` besides: a
        side at or over the target wins at once when the others are set for the third time
        while it stays there, `bid_out_counts`), or the sides at or over the
        target with ``tie_break`` settling several at once (§8.5): ``bidder_first``,
        ``highest_score``, ``extend_target`` (raised by ``tie_extend_step`` until at most
        one side stands at or over it, and that side wins at once), or ``another_hand``: one more hand is
        played, and after it the highest score among the sides over the target wins (an
        exact tie for the highest plays one more).  That extra hand is the one dealt
        while several sides already stand at or over the target, so the game's scores
        say when it is being played (nothing more is kept, and a saved game resumes it).
        """
        v = self.variant
        history = (*self.history, result)
        people = v.people
        if not result.counts:
            dealer = self.dealer if result.same_dealer else (self.dealer + 1) % people
            return self._replace(history=history, dealer=dealer)
        holders = self.holders()
        scores_list = list(self.scores)
        for entries, r in zip(holders, result.sides):
            for e in entries:
                scores_list[e] += r.change
        scores = tuple(scores_list)
        dealer = (self.dealer + 1) % people
        target = self.target
        winner: int | None = None
        # the bidding side's entries, the bidder's own first (scored first, §8.1 step 7)
        bidders: tuple[int, ...] = ()
        if result.bidder is not None:
            own = self.entry_of_seat(result.bidder)
            bidders = (own, *(e for e in holders[v.side_of[result.bidder]] if e != own))
        if result.meld_win_seat is not None:  # §5.6: a quadruple wins the game at once
            winner = self.entry_of_seat(result.meld_win_seat)
        elif v.pinochling_wins_game and result.pinochle_side is not None:
            side = holders[result.pinochle_side]
            winner = max(side, key=lambda e: scores[e])  # the side's best score (the first on a tie)
        elif v.must_bid_to_win != "off":
            if bidders and result.sides[v.side_of[result.bidder]].made:  # type: ignore[index]
                winner = next((e for e in bidders if scores[e] >= target), None)
            if winner is None and v.must_bid_to_win == "bid_out_three_sets":  # §0.4.21: the others' third set
                seatings = (*self.hand_seatings(), self.seating) if v.sitting_out else ()
                counts = bid_out_counts(v, history, scores, target, seatings)
                out = [s for s, n in enumerate(counts) if n >= BID_OUT_SETS]
                if out:  # several at once (the set side's opponents): the highest score; a tie plays on
                    top = max(scores[s] for s in out)
                    leaders = [s for s in out if scores[s] == top]
                    winner = leaders[0] if len(leaders) == 1 else None
        else:
            over = [s for s in range(v.n_scores) if scores[s] >= target]
            extra_hand = v.tie_break == "another_hand" and sum(s >= target for s in self.scores) > 1
            first_bidder = next((e for e in bidders if e in over), None)
            if len(over) == 1:
                winner = over[0]
            elif len(over) > 1:
                if v.tie_break == "bidder_first" and first_bidder is not None:
                    winner = first_bidder
                elif v.tie_break in ("bidder_first", "highest_score") or extra_hand:
                    top = max(scores[s] for s in over)
                    leaders = [s for s in over if scores[s] == top]
                    winner = leaders[0] if len(leaders) == 1 else None
                elif v.tie_break == "extend_target":
                    # raised past the sides over it together (§8.5); a side that then
                    # stands alone at or over the raised target has passed it alone: it wins
                    while len(over) > 1:
                        target += v.tie_extend_step
                        over = [s for s in over if scores[s] >= target]
                    if over:
                        winner = over[0]
                # another_hand, the first crossing: one more hand decides
        checks = self.checks or (0,) * people
        won: tuple[CheckEvent, ...] = ()
        if v.check_scoring != "off":
            if winner is not None:
                won = self._game_checks(scores, winner)
            # the hand's checks are paid among its active seats (§0.4.16): round seats to people
            seating = self.seating
            hand = ledger(result.checks + won, v.players)
            checks_list = list(checks)
            for seat, amount in enumerate(hand):
                checks_list[seating[seat]] += amount
            checks = tuple(checks_list)
            if v.sitting_out:  # the game's events are kept per person, as its ledger is
                won = tuple(e._replace(payer=seating[e.payer], payee=seating[e.payee]) for e in won)
        return self._replace(
            history=history,
            scores=scores,
            dealer=dealer,
            target=target,
            winner=winner,
            checks=checks,
            game_checks=won,
        )

    def _game_checks(self, scores: tuple[int, ...], winner: int) -> tuple[CheckEvent, ...]:
        """The checks for winning the game (§9), in round seats of the deal just played
        (`after_hand` keeps them per person).  Without sitting out: `rules.checks.game_checks`.  With it (§0.4.16:
        checks are paid among the active seats), the winner's round seat and side collect
        as the table says from the deal's active seats; a winner who sat out that deal
        (only after ``tie_break = "another_hand"``'s extra hand) collects nothing."""
        v = self.variant
        if not v.sitting_out:
            return game_checks(v, scores, winner)
        seating = self.seating
        if winner not in seating:
            return ()
        seat = seating.index(winner)
        side_scores = tuple(max(scores[p] for p in side) for side in self.holders())
        return game_checks(v, side_scores, v.side_of[seat])
