"""Check pinochle: a ledger of checks per player beside the points (RULES.md §9, §0.4.15).

Every check moves from one player to another, so each hand's checks and each game's
add up to zero over the table.  `hand_checks` reads a finished round (its melds as
shown and its `HandResult`); `game_checks` the end of the game; `ledger` sums events
per player and `settle` says who pays whom at the end, in the fewest transfers.

Two tables (``Variant.check_scoring``):

- ``bicycle_partnership`` (§9.1): meld checks are collected by the melder from one
  opponent, side events (contract made, contract defeated, slam, game) by each member of
  the side from one opponent, so a side nets twice the table value.  The one opponent is
  the player's left-hand opponent (the next seat clockwise).
- ``ru_three_hand`` (§9.2): each check a player receives is paid by each of the other two;
  a bidder who looked at the widow and lost pays one to each, one more if the hand was
  played; a forced bid thrown in unseen costs no checks; seven of the eight 9s and the
  game are worth ``check_nines_value`` (5) and ``check_game_value`` (10), or the other
  of 5 and 10 (§9.2's alternatives, §0.4.23c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .results import CheckEvent

if TYPE_CHECKING:
    from .results import HandResult
    from .variant import Variant

__all__ = ["CheckEvent", "game_checks", "hand_checks", "ledger", "made_checks", "settle"]

_SUIT_WORD = ("spades", "hearts", "diamonds", "clubs")


def made_checks(contract: int) -> int:
    """§9.1: checks for a contract made — 200–240: 2, 250–290: 4, 300–340: 7,
    350–390: 10, then 5 more for each further 50-point band (400–440: 15, …)."""
    if contract < 250:
        return 2
    if contract < 300:
        return 4
    if contract < 350:
        return 7
    return 10 + 5 * ((contract - 350) // 50)


def _left(seat: int, players: int) -> int:
    """The one opponent a partnership player collects from: the next seat clockwise."""
    return (seat + 1) % players


def _meld_events(parts: tuple[int, ...], table: str) -> list[tuple[int, str]]:
    """(checks, reason) for one seat's shown meld (`MeldResult.parts`) under ``table``."""
    runs, _royal, _dix, na, nk, nq, nj, npin, _rh, *marriages = parts
    round_trips = min(marriages)
    out: list[tuple[int, str]] = []
    if table == "bicycle_partnership":
        if round_trips:
            out.append((5 * round_trips, "round trip (a marriage in every suit)"))
        if runs:
            out.append((2 * runs, "flush" if runs == 1 else "double flush"))
        if na:
            out.append((2 * na, "100 aces" if na == 1 else "double aces"))
        for n, word in ((nk, "80 kings"), (nq, "60 queens"), (nj, "40 jacks")):
            if n:
                out.append((n, word if n == 1 else f"double {word.split()[1]}"))
        if npin >= 2:
            out.append((2, "double pinochle"))
        return out
    if runs:
        out.append((runs, "run" if runs == 1 else "double run"))
    if na == 1:
        out.append((1, "aces around"))
    for n, word in ((na, "aces"), (nk, "kings"), (nq, "queens"), (nj, "jacks")):
        if n >= 2:
            out.append((2, f"double {word}"))
    if round_trips:
        out.append((2 * round_trips, "roundhouse"))
    for suit, m in enumerate(marriages):
        if m >= 2:
            out.append((1, f"double marriage in {_SUIT_WORD[suit]}"))
    if npin >= 2:
        out.append((1, "double pinochle"))
    return out


def _collect(payee: int, checks: int, reason: str, v: Variant) -> list[CheckEvent]:
    """``payee`` collects ``checks``: from its left-hand opponent (§9.1) or from each of
    the other players (§9.2); a negative amount is paid by ``payee`` instead."""
    if checks == 0:
        return []
    payers = (
        [_left(payee, v.players)]
        if v.check_scoring == "bicycle_partnership"
        else [s for s in range(v.players) if s != payee]
    )
    if checks > 0:
        return [CheckEvent(p, payee, checks, reason) for p in payers]
    return [CheckEvent(payee, p, -checks, reason) for p in payers]


def hand_checks(state: Any, result: HandResult) -> tuple[CheckEvent, ...]:
    """The check events of one finished auction round (§9.1 or §9.2 by
    ``check_scoring``; empty when it is ``off``).

    ``state``: the round's last `RoundState`; ``result``: its `HandResult`.  Meld checks
    are paid for the meld shown, whether or not it is saved or the contract made (§9.2
    says so; §9.1 is silent and is read the same way).  A hand thrown in (or set at once
    for its trump, §3.6) is a lost contract.
    """
    v = state.variant
    mode = v.check_scoring
    if mode == "off" or not result.counts:
        return ()
    t = state.table
    out: list[CheckEvent] = []
    if t.shown is not None:
        for seat, meld in enumerate(t.shown):
            for checks, reason in _meld_events(meld.parts, mode):
                out += _collect(seat, checks, reason, v)
    if mode == "ru_three_hand":
        for seat in range(v.players):
            # the hand as melded (the bidder's with the widow), or as dealt when thrown in unseen
            held = t.melds[seat].counts_of_rank(5) if t.melds is not None else [c % 6 == 5 for c in state.hands[seat]]
            nines = sum(held)
            if nines >= 7:
                out += _collect(seat, v.check_nines_value, f"{nines} of the eight nines", v)
    bidder = result.bidder
    if bidder is None or result.kind == "meld_win":
        return tuple(out)
    bside = v.side_of[bidder]
    made = result.kind == "played" and bool(result.sides[bside].made)
    contract = result.contract or 0
    words = v.fmt(contract)
    if mode == "bicycle_partnership":
        if made:
            for seat in v.seats_of_side[bside]:
                out += _collect(seat, made_checks(contract), f"contract {words} made", v)
        else:
            for seat in range(v.players):
                if v.side_of[seat] != bside:
                    out += _collect(seat, 2 * made_checks(contract), f"defeated the contract of {words}", v)
        if result.pinochle_side is not None:
            for seat in v.seats_of_side[result.pinochle_side]:
                out += _collect(seat, 5, "slam (every trick)", v)
    elif not made and t.trump >= 0:  # a forced bid thrown in unseen costs nothing (§9.2)
        out += _collect(bidder, -1, "looked at the widow and lost", v)
        if result.kind == "played":
            out += _collect(bidder, -1, "played the hand and lost", v)
    return tuple(out)


def game_checks(variant: Variant, scores: tuple[int, ...], winner: int) -> tuple[CheckEvent, ...]:
    """The checks for winning the game (side ``winner`` at final ``scores``, x10).

    §9.1: 10, +1 per 100 points (or part) by which the winners lead, +5 when the losers
    are below zero, collected by each winner from its left-hand opponent.  §9.2:
    ``check_game_value`` (10, or 5, §0.4.23c) from each of the other two (§0.4.15)."""
    v = variant
    if v.check_scoring == "off":
        return ()
    if v.check_scoring == "ru_three_hand":
        return tuple(_collect(v.seats_of_side[winner][0], v.check_game_value, "won the game", v))
    others = [s for s in range(v.n_sides) if s != winner]
    lead = scores[winner] - max(scores[s] for s in others)
    checks = 10 + max(0, -(-lead // 100))
    reason = f"won the game by {v.fmt(lead)}"
    if any(scores[s] < 0 for s in others):
        checks += 5
        reason += ", the losers below zero"
    out: list[CheckEvent] = []
    for seat in v.seats_of_side[winner]:
        out += _collect(seat, checks, reason, v)
    return tuple(out)


def ledger(events: tuple[CheckEvent, ...] | list[CheckEvent], players: int) -> tuple[int, ...]:
    """Per seat, checks collected minus checks paid (the totals add up to 0)."""
    out = [0] * players
    for e in events:
        out[e.payee] += e.checks
        out[e.payer] -= e.checks
    return tuple(out)


def settle(balances: tuple[int, ...] | list[int]) -> tuple[CheckEvent, ...]:
    """Who pays whom to settle ``balances`` (per seat, adding up to 0), in the fewest
    transfers: the players are split into the most groups whose balances add up to 0
    (each group of k settles in k - 1 transfers, and no plan does better), then within a
    group the largest debtor pays the largest creditor until all are square.  Raises
    `ValueError` when the balances do not add up to 0."""
    if sum(balances) != 0:
        raise ValueError(f"balances {list(balances)} do not add up to 0")
    seats = [s for s, b in enumerate(balances) if b]
    k = len(seats)
    total = [0] * (1 << k)
    for mask in range(1, 1 << k):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + balances[seats[low]]
    # most[mask]: the most zero-sum groups ``mask`` splits into (mask itself adding up to 0)
    most = [0] * (1 << k)
    pick = [0] * (1 << k)
    for mask in range(1, 1 << k):
        if total[mask]:
            continue
        sub = mask
        best, part = 1, mask
        while sub:
            sub = (sub - 1) & mask
            rest = mask ^ sub
            if sub and total[sub] == 0 and most[sub] and most[rest] and most[sub] + most[rest] > best:
                best, part = most[sub] + most[rest], sub
        most[mask], pick[mask] = best, part
    groups: list[int] = []
    stack = [(1 << k) - 1] if k else []
    while stack:
        mask = stack.pop()
        part = pick[mask]
        if part == mask:
            groups.append(mask)
        else:
            stack += [part, mask ^ part]
    out: list[CheckEvent] = []
    for mask in sorted(groups):
        bal = {seats[i]: balances[seats[i]] for i in range(k) if mask >> i & 1}
        while any(bal.values()):
            debtor = min(bal, key=lambda s: (bal[s], s))
            creditor = max(bal, key=lambda s: (bal[s], -s))
            amount = min(-bal[debtor], bal[creditor])
            out.append(CheckEvent(debtor, creditor, amount, "settlement"))
            bal[debtor] += amount
            bal[creditor] -= amount
    return tuple(out)
