"""What the app says about checks (RULES.md §9) and the racehorse form (§2.13, §5.6): each
hand's check events, the running ledger, the settlement, the forced opening, and the help's
sections for these forms (the rules text itself, the blind and the forced opening in it, is
`render.rules_text`), in plain words made from the variant's own knobs and the rules'
functions (`rules.checks`, `rules.score_meld`), never from a preset's name.

Plain strings only (no Textual): the hand result, game-over and help screens, the table's
panels and `pinochle simulate` all read them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules import Phase, Variant, parse_cards, score_meld
from rules.checks import CheckEvent, ledger, made_checks
from rules.scoring import reach_at_first_lead

from .render import blind_word, mid, says, seat_name

__all__ = [
    "blind_word",
    "check_totals_line",
    "event_line",
    "forced_opening",
    "form_help_sections",
    "game_check_events",
    "game_check_lines",
    "hand_check_lines",
    "has_checks",
    "meld_win_headline",
    "seat_checks_text",
    "settlement_lines",
    "signed",
    "throw_in_detail",
    "unseen_headline",
]


def has_checks(v: Variant) -> bool:
    """Whether the variant keeps a check ledger (``check_scoring``, §9)."""
    return v.check_scoring != "off"


def signed(n: int) -> str:
    """A check balance: ``+8``, ``-3``, ``0`` (ASCII signs, as the score changes are)."""
    return f"+{n}" if n > 0 else str(n)


def _checks(n: int) -> str:
    return f"{n} check" if n == 1 else f"{n} checks"


def event_line(ctrl: Any, e: CheckEvent) -> str:
    """One check event: ``North collects 4 from East: contract 250 made`` (``You collect
    2 from West``, ``West collects 1 from you``)."""
    payee, payer = seat_name(ctrl, e.payee), seat_name(ctrl, e.payer)
    return f"{payee} {says(payee, 'collects', 'collect')} {e.checks} from {mid(payer)}: {e.reason}"


def game_check_events(ctrl: Any) -> tuple[CheckEvent, ...]:
    """The checks for winning the game, once the hand just scored has won it."""
    return tuple(ctrl.game.game_checks) if ctrl.game.over else ()


def check_totals_line(ctrl: Any, totals: Sequence[int] | None = None) -> str:
    """``Checks so far: You +8 · West −1 · North −3 · East −4`` (the game's ledger)."""
    v = ctrl.variant
    got = list(totals if totals is not None else (ctrl.game.checks or (0,) * v.players))
    return " · ".join(f"{seat_name(ctrl, s)} {signed(got[s])}" for s in range(v.players))


def hand_check_lines(ctrl: Any) -> list[str]:
    """The hand result's checks: one line per event of the hand just finished (and of
    winning the game, when it did), what they move per player, and the running totals."""
    v = ctrl.variant
    r = ctrl.round.result
    events = tuple(r.checks) if r is not None else ()
    won = game_check_events(ctrl)
    out = [event_line(ctrl, e) for e in events]
    if not events:
        out.append("No checks this hand.")
    out += [event_line(ctrl, e) for e in won]
    hand = ledger(events + won, v.players)
    if events or won:
        out.append("This hand: " + check_totals_line(ctrl, hand))
    out.append(("Final checks: " if ctrl.game.over else "Checks so far: ") + check_totals_line(ctrl))
    return out


def game_check_lines(ctrl: Any) -> list[str]:
    """The game-over screen's checks: the events of winning the game, then each
    player's total (the settlement follows, `settlement_lines`)."""
    return [event_line(ctrl, e) for e in game_check_events(ctrl)] + ["Final checks: " + check_totals_line(ctrl)]


def settlement_lines(ctrl: Any) -> list[str]:
    """Who pays whom at the end, in the fewest transfers (`GameState.settlement`)."""
    plan = ctrl.game.settlement()
    if not plan:
        return ["Everyone is square: no checks change hands."]
    out = []
    for e in plan:
        payer, payee = seat_name(ctrl, e.payer), seat_name(ctrl, e.payee)
        out.append(f"{payer} {says(payer, 'pays', 'pay')} {mid(payee)} {_checks(e.checks)}")
    n = len(plan)
    out.append(f"({n} payment{'s' if n != 1 else ''} square the ledger: the fewest that do)")
    return out


def seat_checks_text(
    v: Variant,
    names: Sequence[str],
    checks: Sequence[int],
    side: int,
    room: int = 0,
    shorten: Callable[[Sequence[str], int], list[str]] | None = None,
    word: str = "checks ",
) -> str:
    """The scores column's line under a side: its members' checks, each by its name
    (``checks You +8, North −3``: "0 / 0" did not say whose is whose); ``names``: every
    seat's, ``checks``: the game's ledger per seat (empty: none yet); ``word``: what the
    line opens with ("" where a heading says it, `scores_text`).  Within ``room`` cells (0:
    any) the longest name is shortened first by ``shorten`` (`widgets.short_names`: ``N``,
    ``P3``), a cell at a time, to one letter at most: ``You +2, N +2``, never ``Y… +2, N +2``
    (every name cut to one width made "You" "Y…" beside North's "N")."""
    got = checks or (0,) * v.players
    seats = list(v.seats_of_side[side])
    full = [names[s] for s in seats]
    shown = list(full)

    def line() -> str:
        return word + ", ".join(f"{n} {signed(got[s])}" for n, s in zip(shown, seats, strict=True))

    while room and shorten is not None and len(line()) > room:
        longest = max(range(len(shown)), key=lambda i: (len(shown[i]), -i))
        cells = len(shown[longest]) - 1
        if cells < 1:
            break
        cut = shorten([full[longest]], cells)[0]
        # (a letter and "…" says no more than the letter: "Y…" goes straight to "Y")
        shown[longest] = shorten([full[longest]], 1)[0] if cut.endswith("…") and len(cut) <= 2 else cut
    return line()


def meld_win_headline(ctrl: Any) -> str:
    """A hand won outright by a quadruple (§5.6): ``North & South win the game:
    quadruple pinochle in trump (shown by North).``; "" for any other hand."""
    r = ctrl.round.result
    if r is None or r.kind != "meld_win" or r.meld_win_seat is None:
        return ""
    v = ctrl.variant
    side = v.side_of[r.meld_win_seat]
    name = ctrl.side_name(side)
    verb = says(name, "wins", "win") if v.each_for_self else "win"
    by = f" (shown by {mid(seat_name(ctrl, r.meld_win_seat))})" if not v.each_for_self else ""
    return f"{name} {verb} the game: {r.meld_win} in trump{by}."


def unseen_headline(ctrl: Any) -> str:
    """A forced bid thrown in before its bidder saw the widow (``concede_without_looking``,
    §9.2); "" for any other hand."""
    r = ctrl.round.result
    v = ctrl.variant
    if r is None or r.kind != "conceded" or r.trump is not None or v.concede_without_looking == "off":
        return ""
    who = seat_name(ctrl, r.bidder or 0)
    bid = v.fmt(r.contract or 0)
    cost = "; the throw-in costs no checks" if has_checks(v) else ""
    forced = "" if v.concede_without_looking == "at_min_bid_pay_kitty_only" else "forced "
    return f"{who} threw in the {forced}{bid} without looking at the {blind_word(v)}: set by {bid}{cost}."


def throw_in_detail(view: Any, names: Sequence[str] | None = None) -> str:
    """The words under "Throw in the hand?" (§5.7 the concession, §9.2 a forced bid thrown
    in unseen): what it costs, for the bidder whose ``view`` it is.  A forced bid unseen
    (``concede_without_looking``): set by the bid, the others score nothing; any other:
    the bidder's side loses the contract and the others score their meld (and the
    concession's 100 where the preset gives it), said to "you" where the bidder plays for
    itself (cutthroat said "Your side is set" to a player alone).
    Five-hand (§2.12, §0.4 item 11): the called partner loses the bid too, and is named
    (by ``names``, seat → name; "your partner" without them)."""
    v = view.variant
    contract = v.fmt(view.contract or 0)
    if view.phase is Phase.MELD and view.trump is None and view.melds is None:
        cost = "; the throw-in costs no checks" if has_checks(v) else ""
        return f"You are set by {contract}{cost}; the others score nothing. No one sees the widow."
    bonus = f" and {v.fmt(v.concession_bonus)}" if v.concession_bonus else ""
    partner = getattr(view, "partner", None)
    if v.calls_partner and partner is not None and partner != view.seat:
        who = names[partner] if names is not None else "your partner"
        others = v.players - 2
        return (
            f"You and {who} are set: each of you loses the contract of {contract}, and the other {others}"
            f" score their meld{bonus}."
        )
    if len(v.seats_of_side[v.side_of[view.seat]]) == 1:
        return f"You are set: you lose the contract of {contract} and the others score their meld{bonus}."
    return f"Your side is set: it loses the contract of {contract} and the others score their meld{bonus}."


def forced_opening(v: Variant, bids: Sequence[tuple[int, int]], names: Sequence[str]) -> str:
    """``Forced 500 by North`` while the auction's first bid is the one made for the
    eldest (``forced_opener = "eldest_fixed_bid"``, §3.5); "" otherwise.

    One form for the centre and the hand's log, at every width: the log is written once
    and its 21 cells at 80 columns wrapped "North opens 500 (forced)" (24) over two rows,
    as did the centre's 23; this form reads with the "High bid 510 by East." under it."""
    if v.forced_opener != "eldest_fixed_bid" or not bids:
        return ""
    seat, amount = bids[0]
    return f"Forced {v.fmt(amount)} by {mid(names[seat])}"


# ---------------------------------------------------------------------- help


def _meld_worth(v: Variant, cards: str, trump: str) -> int:
    return score_meld(parse_cards(cards), trump, v).total


def racehorse_lines(v: Variant) -> list[str]:
    """The §5.6 table and the quadruple win, valued by `score_meld` under ``v``."""
    f = v.fmt
    out: list[str] = []
    if v.meld_table == "racehorse_ru":

        def tiers(cards: str, trump: str = "H", top: int = 3) -> str:
            return " / ".join(f(_meld_worth(v, cards * k, trump)) for k in range(1, top + 1))

        fours = [(r, f(_meld_worth(v, f"{r}C " * 4, "H"))) for r in ("A", "K", "Q", "J")]
        out.append(
            f"Meld, single / double / triple: run {tiers('AH TH KH QH JH ')}; "
            f"royal marriage {tiers('KH QH ')} (doubles and triples of marriages count only in trump); "
            f"pinochle {tiers('JD QS ', 'C')}; aces around {tiers('AS AH AD AC ', 'C', 2)}, kings "
            f"{tiers('KS KH KD KC ', 'C', 2)}, queens {tiers('QS QH QD QC ', 'C', 2)}, jacks "
            f"{tiers('JS JH JD JC ', 'C', 2)}; four of a kind (all four copies of one card): "
            + ", ".join(f"{r} {pts}" for r, pts in fours)
            + f"; marriage {f(_meld_worth(v, 'KS QS', 'H'))}."
        )
    if v.quadruple_wins_game:
        out.append(
            "A quadruple run, quadruple royal marriage or quadruple pinochle scores nothing: it wins "
            "the game at once for the side that shows it."
        )
    if v.nonbidder_min_points:
        out.append(
            f"The bidder's opponents keep their meld and counters only with at least "
            f"{f(v.nonbidder_min_points)} in tricks."
        )
    return out


def _bands(v: Variant) -> str:
    """The made-contract bands of §9.1 from the minimum bid: ``200–240 2, 250–290 4, …``."""
    lo = v.min_bid
    parts = []
    for _ in range(5):
        hi = (lo // 50 + 1) * 50 - v.bid_unit
        parts.append(f"{v.fmt(lo)}–{v.fmt(hi)} {made_checks(lo)}")
        lo = hi + v.bid_unit
    return ", ".join(parts) + f", then 5 more for each further {v.fmt(50)}"


def check_help_lines(v: Variant) -> list[str]:
    """The check table of ``check_scoring`` (§9.1 or §9.2) with its numbers."""
    if v.check_scoring == "bicycle_partnership":
        ex = v.min_bid + 50 - v.min_bid % 50
        return [
            "Checks (the Bicycle table) are kept per player beside the points; every check one player collects, "
            "another pays. The one opponent who pays a player is the next seat clockwise.",
            "  Meld, collected by the melder from one opponent: round trip (a marriage in every suit) 5, "
            "flush 2 (double flush 4), 100 aces 2 (double 4), 80 kings, 60 queens or 40 jacks 1 (double 2), "
            "double pinochle 2. Paid on the meld shown, saved or not.",
            f"  Contract made, collected by each of the bidder's side from one opponent: {_bands(v)}.",
            f"  Defeating the contract: each defender collects twice the made value from one opponent "
            f"(a defeated {v.fmt(ex)} pays {2 * made_checks(ex)}); a throw-in is a defeat.",
            "  Slam (every trick): each of the side collects 5 from one opponent.",
            f"  Winning the game: each winner collects 10, 1 more per {v.fmt(100)} points (or part) of the "
            "lead, 5 more when the losers are below zero, from one opponent.",
            "  At the end the ledger is settled in the fewest payments.",
        ]
    if v.check_scoring == "ru_three_hand":
        out = [
            "Checks (the RU three-hand table) are kept per player beside the points; each check a "
            "player receives is paid by each of the others"
            + (" playing the deal (those sitting out neither pay nor receive)." if v.sitting_out else "."),
            "  Meld, to bidder and others alike, kept even when the contract fails: run 1 (double run 2), "
            "aces around 1, double aces, kings, queens or jacks 2, roundhouse (a marriage in every "
            "suit) 2, double marriage (both marriages of one suit) 1, double pinochle 1.",
            f"  Seven or more of the eight nines: {v.check_nines_value} (the bid need not be won).",
            "  A bidder who looked at the widow and lost pays 1 to each; 1 more if the hand was played.",
        ]
        if v.concede_without_looking == "at_min_bid_pay_kitty_only":
            out.append(
                f"  A bidder at {v.fmt(v.min_bid)} may throw it in without looking at the widow: set by "
                f"{v.fmt(v.min_bid)}, no checks."
            )
        elif v.concede_without_looking != "off":
            out.append(
                f"  The dealer stuck with {v.fmt(v.stuck_bid)} may throw it in without looking at the "
                f"widow: set by {v.fmt(v.stuck_bid)}, no checks."
            )
        out += [
            f"  Winning the game: {v.check_game_value} from each of the others.",
            "  At the end the ledger is settled in the fewest payments.",
        ]
        return out
    return []


def form_help_sections(v: Variant) -> list[tuple[str, list[str]]]:
    """The help's sections for the racehorse knobs and the check table: (title, lines),
    none for a form that has neither."""
    out = []
    race = racehorse_lines(v)
    if race:
        out.append(("Meld and the quadruple", race))
    checks = check_help_lines(v)
    if checks:
        out.append(("Checks", checks))
    return out


def reach_taker(v: Any, bidder: int, partner: int, names: Sequence[str], humans: Sequence[int]) -> str:
    """Who takes the contract, in the words of a contract out of reach: "you" / "your
    side" / "your pair" when the one seat in ``humans`` is on it, else by ``names`` ("Ann",
    "Ann's side", "Ann and partner"); ``partner``: five-hand's called partner (§2.12), -1
    for none."""
    called = partner >= 0
    seats = {bidder, partner} if called else set(v.seats_of_side[v.side_of[bidder]])
    one = len(humans) == 1 and humans[0] in seats
    if called:
        return "your pair" if one else f"{names[bidder]} and partner"
    if v.n_sides == v.players:  # each plays for themself: the bidder alone
        return "you" if one else names[bidder]
    return "your side" if one else f"{names[bidder]}'s side"


def could_reach(v: Any, most: int, taker: str) -> str:
    """ "you could reach 28 at most" (``most`` x10 points, ``taker`` by `reach_taker`)."""
    return f"{taker} could reach {v.fmt(most)} at most"


def out_of_reach_words(v: Any, contract: int, could: str, k: int | None) -> str:
    """The words of a contract (x10 points) out of reach, ``could`` the most the bidding
    side could reach (`could_reach`): after trick ``k`` ("From trick 9 the contract of 380
    was out of reach: ..., taking every trick left"), from the first lead (``k`` 0: "The
    contract of 30 was out of reach from the first lead: you could reach 28 at most, taking
    every trick") or now, before the first lead (``k`` None, the throw-in's: "the contract
    of 30 is out of reach: you could reach 28 at most, taking every trick")."""
    words = f"the contract of {v.fmt(contract)}"
    if k is None:
        return f"{words} is out of reach: {could}, taking every trick"
    if k == 0:
        return f"{words[0].upper()}{words[1:]} was out of reach from the first lead: {could}, taking every trick"
    return f"From trick {k} {words} was out of reach: {could}, taking every trick left"


def throw_in_most(view: Any) -> int | None:
    """At the throw-in (RULES.md §8.3: the meld shown, before the first lead), for the
    bidder's ``view``: the most (x10 points) its side could reach even by taking every
    trick when that is short of the contract (`rules.scoring.reach_at_first_lead`, on what
    the bidder knows: its side's meld shown, every counter of the deck but the cards it
    buried still to be played); None when the contract is within reach, for another seat,
    before the meld is shown, and where the hand has no one contract of one side (summed
    partner bids, the two-hand forms)."""
    v = view.variant
    if v.summed_contracts or v.has_stock or v.drafts or view.bidder is None or not view.contract:
        return None
    if view.melds is None or view.seat != view.bidder or view.tricks or view.trick:
        return None
    partner = -1 if view.partner is None else view.partner
    return reach_at_first_lead(v, view.contract, view.melds, view.bidder, partner, view.buried)


def throw_in_could(view: Any, names: Sequence[str]) -> str:
    """At the throw-in, the bidder's ``view`` (`throw_in_most`): the most its side could
    reach, in words ("you could reach 28 at most", `could_reach`); "" when the contract
    can be made (``names``: every seat's)."""
    most = throw_in_most(view)
    if most is None:
        return ""
    partner = -1 if view.partner is None else view.partner
    return could_reach(view.variant, most, reach_taker(view.variant, view.bidder, partner, names, [view.seat]))


def throw_in_reach(view: Any, names: Sequence[str]) -> str:
    """At the throw-in, the bidder's ``view``: why the hand cannot be made, in the
    review's words ("the contract of 30 is out of reach: you could reach 28 at most,
    taking every trick"); "" when it can (``names``: every seat's)."""
    could = throw_in_could(view, names)
    return out_of_reach_words(view.variant, view.contract, could, None) if could else ""
