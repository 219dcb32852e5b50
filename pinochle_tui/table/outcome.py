"""The end of a hand and of a game as the result screens draw them: `Outcome` (the hand
result: headline, the rows per side, the new totals, the cards turned up, the checks, the
tricks) and `GameSummary` (game over: the winner, the final scores, the ledger of every
hand, the chart's series), plain values made once from the `Controller` (`outcome_of`).

The screens (`screens.dialogs.HandResultScreen`, `GameOverScreen`, `TricksScreen`) draw
from these values and never read the controller, so a seat at a table another pinochle
hosts draws them from the host's news: the host makes the value with `outcome_of` and
sends it as JSON (`Outcome.to_json`, `Outcome.from_json`).  Everything in it is public
once the hand is over (the kitty and the burial are turned up for everyone, §4.2).

The texts of those screens that other screens share live here too: the tricks of the
hand (`tricks_text`), the cards that went face down (`hidden_cards_text`), the ledger's
columns (`ledger_*`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.style import Style as RichStyle
from rich.text import Span, Text

from rules import Phase
from rules.checks import ledger

from ..checks_view import (
    blind_word,
    game_check_lines,
    hand_check_lines,
    has_checks,
    meld_win_headline,
    settlement_lines,
    signed,
    unseen_headline,
)
from ..cli_common import visible
from ..controller import Controller
from ..panels.base import TEAM_LETTERS, variant_team
from ..panels.seats import side_heading
from ..render import Style, card_text, discard_points, fmt_signed, mid, result_headline, says, trick_points
from ..widgets import short_names


class GameSummary(NamedTuple):
    """Game over as `GameOverScreen` draws it: ``winner`` and ``scores`` its first two
    lines, ``checks`` the checks and the settlement (check games, else empty), the ledger
    (``ledger_key``: what the compact ledger's headings stand for, None where it is not
    compact; ``columns``; ``rows``, each ``row_height`` lines) and the chart (``names``
    of its series, ``series`` the scores after each hand in points as shown, the
    ``target`` line and its ``target_label``)."""

    winner: str
    scores: str
    checks: Text
    ledger_key: tuple[str, ...] | None
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    row_height: int | None  # None: the table's own (one line)
    names: tuple[str, ...]
    series: tuple[tuple[float, ...], ...]
    target: float
    target_label: str


class Outcome(NamedTuple):
    """One finished hand as `HandResultScreen` draws it: ``hand_no``; the ``headline``
    (``bold`` when the hand was won by meld) and the ``note`` under it (several reached
    the target); per side its ``headings``, the result's ``rows`` ((label, widget id
    prefix, one text per side) each) and the new ``totals``; ``sat_out`` (who sat the
    deal out, §0.4.16), ``hidden`` (the kitty and the burial, turned up) and ``checks``
    (check games), each empty when there is none; ``game_over`` (this was the game's
    last hand), ``reviewable`` (the expert reviews this form: `review.reviewable`), the
    hand's ``tricks`` as the tricks screen shows them (empty when none was played) and,
    once the game is over, its ``game`` summary."""

    hand_no: int
    headline: str
    bold: bool
    note: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, str, tuple[str, ...]], ...]
    totals: tuple[str, ...]
    sat_out: str
    hidden: Text
    checks: Text
    game_over: bool
    reviewable: bool
    tricks: Text
    game: GameSummary | None = None

    def to_json(self) -> dict[str, Any]:
        """The value as JSON data (`from_json` makes it again, styles and all)."""
        out = {k: _plain_json(x) for k, x in self._asdict().items()}
        if self.game is not None:
            out["game"] = {k: _plain_json(x) for k, x in self.game._asdict().items()}
        return out

    @classmethod
    def from_json(cls, data: Any) -> Outcome:
        """The value `to_json` gave; a `ValueError` (in one line) for anything else."""
        try:
            game = data.get("game")
            summary = None
            if game is not None:
                summary = GameSummary(
                    winner=str(game["winner"]),
                    scores=str(game["scores"]),
                    checks=_text_of(game["checks"]),
                    ledger_key=None if game["ledger_key"] is None else tuple(map(str, game["ledger_key"])),
                    columns=tuple(map(str, game["columns"])),
                    rows=tuple(tuple(map(str, row)) for row in game["rows"]),
                    row_height=None if game["row_height"] is None else int(game["row_height"]),
                    names=tuple(map(str, game["names"])),
                    series=tuple(tuple(float(x) for x in row) for row in game["series"]),
                    target=float(game["target"]),
                    target_label=str(game["target_label"]),
                )
            return cls(
                hand_no=int(data["hand_no"]),
                headline=str(data["headline"]),
                bold=bool(data["bold"]),
                note=str(data["note"]),
                headings=tuple(map(str, data["headings"])),
                rows=tuple((str(a), str(b), tuple(map(str, cells))) for a, b, cells in data["rows"]),
                totals=tuple(map(str, data["totals"])),
                sat_out=str(data["sat_out"]),
                hidden=_text_of(data["hidden"]),
                checks=_text_of(data["checks"]),
                game_over=bool(data["game_over"]),
                reviewable=bool(data["reviewable"]),
                tricks=_text_of(data["tricks"]),
                game=summary,
            )
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a hand's outcome ({type(exc).__name__}: {exc})") from None


def _plain_json(x: Any) -> Any:
    """A field of `Outcome`/`GameSummary` as JSON data: a `Text` as its plain text and
    its spans (start, end, style), tuples as lists."""
    if isinstance(x, Text):
        return {"plain": x.plain, "spans": [[s.start, s.end, str(s.style)] for s in x.spans], "style": str(x.style)}
    if isinstance(x, tuple):
        return [_plain_json(y) for y in x]
    return x


def _text_of(data: Any) -> Text:
    """The `Text` `_plain_json` wrote: its text and its spans' styles as style definitions
    (never markup), each checked here (`rich.style.Style.parse` raises on what is none)."""
    spans = [Span(int(a), int(b), _style(style)) for a, b, style in data["spans"]]
    return Text(str(data["plain"]), style=_style(data.get("style", "")), spans=spans)


def _style(text: Any) -> str:
    """``text`` as a style definition, once Rich can parse it (a `ValueError` if not)."""
    text = str(text)
    if text and text != "none":
        try:
            RichStyle.parse(text)
        except Exception as exc:  # rich's StyleSyntaxError
            raise ValueError(f"style {text[:40]!r}: {exc}") from None
    return text


def result_columns(n: int) -> tuple[int, int, int]:
    """The hand result grid for ``n`` sides: (a side's column, the labels' column, the
    gutter); four teams or five players fit within 80 columns."""
    if n > 3:
        return (14, 12, 2) if n == 4 else (11, 12, 1)
    return 16, 16, 2


def outcome_of(c: Controller) -> Outcome | None:
    """The hand just finished in ``c`` as the result screens draw it (None while it is in
    play): see `Outcome`."""
    from ..review import reviewable

    r = c.round.result
    if c.round.phase is not Phase.DONE or r is None:
        return None
    v = c.variant
    n = v.n_sides
    names = [seat.name for seat in c.seats]
    own = c.human_seats[0] if c.human_seats else 0  # five-hand's roles, as a person at the table sees them
    col = result_columns(n)[0]
    roles = c.view(own)
    sat_out = ""
    if c.sitting_out:  # §0.4.16: who sat this deal out, and their scores
        out = [f"{visible(p.name)} {v.fmt(c.game.scores[c.people.index(p)])}" for p in c.sitting_out]
        sat_out = f"Sat this deal out: {' · '.join(out)}"
    return Outcome(
        hand_no=c.hand_no,
        headline=meld_win_headline(c) or unseen_headline(c) or result_headline(c),
        bold=r.kind == "meld_win",
        note=c.target_note(),  # several reached the target together: it rose, or one more hand (§8.5)
        headings=tuple([side_heading(v, names, side, col, roles=roles) for side in range(n)]),
        rows=tuple([(label, key, tuple([f(r.sides[s]) for s in range(n)])) for label, key, f in result_rows(c)]),
        totals=tuple([" / ".join(v.fmt(x) for x in c.side_totals(side)) for side in range(n)]),
        sat_out=sat_out,
        hidden=hidden_cards_text(c),  # the hand is over: the kitty and burial are turned up
        checks=checks_text("Checks", hand_check_lines(c)) if has_checks(v) else Text(),
        game_over=c.game.over,
        reviewable=reviewable(c),
        tricks=tricks_text(c) if c.round.tricks else Text(),
        game=game_summary(c) if c.game.over else None,
    )


def game_summary(c: Controller) -> GameSummary:
    """The game ``c`` played, as `GameOverScreen` draws it (see `GameSummary`)."""
    v = c.variant
    g = c.game
    winner = c.entry_name(g.winner) if g.winner is not None else "nobody"
    verb = says(winner, "wins", "win") if v.each_for_self or v.sitting_out else "win"  # a person or a side
    last = g.history[-1] if g.history else None
    how = f" ({last.meld_win} in trump)" if last is not None and last.kind == "meld_win" else ""
    scores = (
        "Final scores: "
        + ",  ".join(f"{c.entry_name(s)} {v.fmt(g.scores[s])}" for s in range(v.n_scores))
        + f"   (target {v.fmt(g.target)}"
        + (f", raised from {v.fmt(c.first_target)}" if g.target != c.first_target else "")
        + f", {len(g.history)} hand{'s' if len(g.history) != 1 else ''})"
    )
    checks = Text()
    if has_checks(v):
        checks = checks_text("Checks", game_check_lines(c)) + checks_text(
            "Settlement (who pays whom)", settlement_lines(c)
        )
    if v.sitting_out:
        columns, rows, height, names = _people_ledger(c)
    else:
        columns, rows, height = _ledger(c)
        everyone = [seat.name for seat in c.seats]
        names = [side_heading(v, everyone, s, 20) for s in range(v.n_sides)]  # (the legend's 20 cells)
    return GameSummary(
        winner=f"Game over: {winner} {verb}!{how}",
        scores=scores,
        checks=checks,
        ledger_key=tuple(ledger_key(c)) if ledger_compact(c) else None,
        columns=tuple(columns),
        rows=tuple(tuple(row) for row in rows),
        row_height=height,
        names=tuple(names),
        series=tuple(tuple(x / v.scale for x in row) for row in c.score_history),
        target=g.target / v.scale,
        target_label=v.fmt(g.target),
    )


def _ledger(c: Controller) -> tuple[list[str], list[list[str]], int | None]:
    """The game-over ledger: its columns, a row per hand, the rows' height.  A form with
    no auction (two-hand's stock game, §2.7) has no Bidder and Bid columns: every row
    held "—" there."""
    v = c.variant
    compact = ledger_compact(c)
    bidding = v.has_auction
    if compact:  # within 80 columns: the trump beside the bid, a letter or short name a column
        cols = ["Hand", "Bidder", "Bid", "Outcome", *ledger_headings(c)]
        seat_names = short_names([seat.name for seat in c.seats], 6)
    else:
        cols = ["Hand", "Bidder", "Bid", "Trump", "Outcome"]
        seat_names = [seat.name for seat in c.seats]
        cols += [side_heading(v, seat_names, s, 14)[:14] for s in range(v.n_sides)]
    checks = ledger_checks(c)
    rows = []
    totals = list(c.score_history)
    for i, r in enumerate(c.game.history):
        after = totals[min(i + 1, len(totals) - 1)]
        bidder = seat_names[r.bidder] if r.bidder is not None else "—"
        bid = v.fmt(r.contract) if r.contract else "—"
        trump = Style.suit("SHDC".index(r.trump)) if r.trump else "—"
        if compact:  # the change, and under it the total
            row = [str(i + 1), bidder, f"{bid} {trump}" if r.contract and r.trump else bid, ledger_outcome(c, r)]
            row = row if bidding else [row[0], row[3]]
            row += [f"{fmt_signed(v, r.sides[s].change)}\n= {v.fmt(after[s])}" for s in range(v.n_sides)]
            rows.append(row)
            continue
        outcome = ledger_outcome(c, r)
        row = [str(i + 1), *([bidder, bid] if bidding else []), trump, outcome]
        sides = [f"{fmt_signed(v, r.sides[s].change)} = {v.fmt(after[s])}" for s in range(v.n_sides)]
        if checks:  # a second line: the checks this hand moved, under each side's score
            row[-1] = f"{outcome}\nchecks"
            sides = [f"{x}\n{y}" for x, y in zip(sides, checks[i])]
        rows.append(row + sides)
    if not bidding:
        cols = [cols[0], *cols[3:]]
    return cols, rows, 2 if compact or checks else 1


def _people_ledger(c: Controller) -> tuple[list[str], list[list[str]], int | None, list[str]]:
    """The ledger when people sit out in turn (§0.4.16): a column per person, each hand's
    change and total (``—`` for a hand the person sat out); and the chart's names."""
    v = c.variant
    names = [seat.name for seat in c.people]
    cols = ["Hand", "Bidder", "Bid", *short_names(names, 10)]
    totals = list(c.score_history)
    seatings = c.game.hand_seatings()
    rows = []
    for i, r in enumerate(c.game.history):
        after = totals[min(i + 1, len(totals) - 1)]
        bidder = names[seatings[i][r.bidder]] if r.bidder is not None else "—"
        bid = v.fmt(r.contract) if r.contract else "—"
        row = [str(i + 1), bidder, bid]
        row += [
            "—" if x is None else f"{fmt_signed(v, x)} = {v.fmt(after[p])}" for p, x in enumerate(c.hand_changes(i))
        ]
        rows.append(row)
    return cols, rows, None, names


def checks_text(title: str, lines: list[str]) -> Text:
    """A titled block of check lines (names from a file drawn visible)."""
    t = Text()
    t.append(f"\n{title}\n", style="bold underline")
    for line in lines:
        t.append(visible(line) + "\n", style="bold" if line.startswith(("Checks so far", "Final checks")) else "")
    return t


def result_rows(c: Controller) -> list[tuple[str, str, Any]]:
    """The rows of the hand result: (label, widget id prefix, side result -> text)."""
    v = c.variant
    if not v.has_auction:  # no contract: each scores the meld made and the tricks
        return [
            ("Meld", "meld_saved", lambda s: v.fmt(s.meld_saved)),
            ("Trick points", "trick_points", lambda s: v.fmt(s.trick_points)),
            ("Tricks", "tricks", lambda s: str(s.tricks)),
            ("Hand total", "change", lambda s: fmt_signed(v, s.change)),
        ]
    rows: list[tuple[str, str, Any]] = [
        ("Meld shown", "meld_shown", lambda s: v.fmt(s.meld_shown)),
        ("Meld saved", "meld_saved", lambda s: v.fmt(s.meld_saved)),
        ("Trick points", "trick_points", lambda s: v.fmt(s.trick_points)),
    ]
    if v.drafts:
        piles = discard_points(c)
        rows.append(("  from discards", "discards", lambda s: v.fmt(piles[s.side])))
    rows += [
        ("Tricks", "tricks", lambda s: str(s.tricks)),
        ("Contract", "made", contract_outcome(c)),
        ("Score change", "change", lambda s: fmt_signed(v, s.change)),
    ]
    return rows


def contract_outcome(c: Controller) -> Any:
    """The hand result's Contract row: per side "made", "set" or "—"; with summed partner
    bids (§8.2) each side's own contract before it ("510 set")."""
    v = c.variant
    r = c.round.result
    contracts = r.contracts if r is not None else ()

    def outcome(s: Any) -> str:
        if s.made is None:
            return "—"
        word = "made" if s.made else "set"
        return f"{v.fmt(contracts[s.side])} {word}" if contracts else word

    return outcome


def ledger_outcome(c: Controller, r: Any) -> str:
    """A hand's outcome in the game-over ledger (``made``, ``set``, ``thrown in``, ...)."""
    v = c.variant
    if r.kind == "played" and r.bidder is None:  # two-hand stock game: no contract
        return "played"
    if r.kind == "played":
        return "made" if r.sides[v.side_of[r.bidder or 0]].made else "set"
    return {
        "conceded": "thrown in",
        "auto_set": "set (trump)",
        "misdeal": "misdeal",
        "all_passed": "all passed",
        "meld_win": r.meld_win or "won by meld",
    }.get(r.kind, r.kind)


def ledger_compact(c: Controller) -> bool:
    """Four teams (eight-hand) or five players (five-hand): the ledger's side columns are
    headed by the team's letter or the player's short name, and each hand's row gives the
    change over the total, so every side's column is in sight at 80 columns (else
    the C and D columns were off-screen and the table does not scroll sideways by keys)."""
    return c.variant.n_sides > 3 and not has_checks(c.variant)


LEDGER_NAME = 5
"""A five-hand player's name over its ledger column at most (`widgets.short_names`)."""


def ledger_headings(c: Controller) -> list[str]:
    """The compact ledger's side headings: the team letter as on the seat boxes, or each
    for self the player's name shortened (``You``, ``West``, ``NW``)."""
    v = c.variant
    out = []
    shorts = short_names([seat.name for seat in c.seats], LEDGER_NAME)
    for side in range(v.n_sides):
        seats = [p for p in range(v.players) if v.side_of[p] == side]
        team = variant_team(v, seats[0])
        out.append(TEAM_LETTERS[team] if team is not None else "+".join(shorts[p] for p in seats))
    return out


LEDGER_KEY_WIDTH = 72
"""The compact ledger's key is packed in lines of this many cells (the body's at 80 columns)."""


def ledger_key(c: Controller) -> list[str]:
    """What the compact ledger's headings stand for, ``A: You & North``, packed a few to a
    line and never split; a heading that is the name itself is left out."""
    entries = [
        f"{head}: {c.side_name(side)}" for side, head in enumerate(ledger_headings(c)) if head != c.side_name(side)
    ]
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + 3 + len(entry) <= LEDGER_KEY_WIDTH:
            lines[-1] += " · " + entry
        else:
            lines.append(entry)
    return [visible(line) for line in lines]


def ledger_checks(c: Controller) -> list[list[str]]:
    """The game-over ledger's checks (check variants): per hand, per side, the checks the
    hand moved for each of its players in seat order (``+13 / +2``), the last hand's with
    the checks for winning the game; each hand's row takes them on a second line under its
    side's score, so the ledger is no wider (at 80 columns).  [] without checks."""
    v = c.variant
    if not has_checks(v):
        return []
    history = c.game.history
    out = []
    for i, r in enumerate(history):
        events = tuple(r.checks) + (tuple(c.game.game_checks) if i == len(history) - 1 else ())
        moved = ledger(events, v.players)
        seats = [[p for p in range(v.players) if v.side_of[p] == side] for side in range(v.n_sides)]
        out.append([" / ".join(signed(moved[p]) for p in members) for members in seats])
    return out


def tricks_text(c: Controller, viewer: int | None = None) -> Text:
    """The lines of `TricksScreen`: per trick, the seats and cards in the order played (the
    lead first; the winning card styled ``reverse``), the winner and the counters taken;
    then the kitty and the buried cards as far as ``viewer`` may see them."""
    names = tuple([s.name for s in c.seats])
    return tricks_text_of(c.variant, names, c.round.tricks, hidden_cards_text(c, viewer))


def view_tricks_text(view: Any, names: tuple[str, ...], hidden: Text) -> Text:
    """`tricks_text` from one seat's `SeatView` (a seat at a hosted table): the tricks
    its view holds and ``hidden``, the face-down cards it may see."""
    return tricks_text_of(view.variant, names, view.tricks, hidden)


def tricks_text_of(v: Any, seat_names: tuple[str, ...], tricks: Any, hidden: Text) -> Text:
    """`tricks_text` made from what it shows: the form, every seat's name, the tricks
    ((leader, cards in the order played, winner) each) and the face-down cards' text."""
    t = Text()
    t.append(f"Tricks this hand ({len(tricks)} of {v.tricks_per_hand})\n\n", style="bold underline")
    if v.ring_table:
        return _tricks_by_seat(v, seat_names, tricks, hidden, t)
    names = short_names(list(seat_names), 6)  # told apart: Southwest SW, Southeast SE
    for n, (leader, cards, winner) in enumerate(tricks, 1):
        line = Text(f"{n:>2}  ", style="bold" if n == len(tricks) else "")
        for i, x in enumerate(cards):
            seat = (leader + i) % v.players
            line.append(f"{names[seat]:<6} ")
            card = card_text(x, "bold reverse" if seat == winner else "")
            card.pad_right(3 - len(card.plain))
            line.append_text(card)
            line.append("  ")
        pts = v.fmt(trick_points(v, cards, n))
        line.append(f"{'>' if Style.ascii else '→'} {names[winner]:<6} {pts:>4}")
        t.append_text(line)
        t.append("\n")
    t.append_text(hidden)
    t.append("\nEach line: the cards in the order played (the lead first), who won the trick")
    t.append(" (its card highlighted) and the counters it took, the last trick with its bonus.")
    return t


SEAT_COLUMN = 6  # a card (3 cells) or a seat's short name (5 at most) and a space


def _tricks_by_seat(v: Any, seat_names: tuple[str, ...], tricks: Any, hidden: Text, t: Text) -> Text:
    """`tricks_text` for five to eight seats, one line a trick within 80 columns: a header
    row names the seats (the table's short names), then each trick's cards in seat order
    under their seat, the lead underlined and the winner's card reversed."""
    names = short_names(list(seat_names), SEAT_COLUMN - 1)
    head = Text("    ", style="bold")
    for name in names:
        head.append(f"{name:<{SEAT_COLUMN}}", style="bold")
    head.append("won by")
    if tricks:
        t.append_text(head)
        t.append("\n")
    for n, (leader, cards, winner) in enumerate(tricks, 1):
        line = Text(f"{n:>2}  ", style="bold" if n == len(tricks) else "")
        by_seat = {(leader + i) % v.players: x for i, x in enumerate(cards)}
        for seat in range(v.players):
            if seat not in by_seat:
                line.append(" " * SEAT_COLUMN)
                continue
            style = "bold reverse" if seat == winner else ""
            if seat == leader:
                style = (style + " underline").strip()
            card = card_text(by_seat[seat], style)
            card.pad_right(SEAT_COLUMN - len(card.plain))
            line.append_text(card)
        pts = v.fmt(trick_points(v, cards, n))
        line.append(f"{'>' if Style.ascii else '→'} {names[winner]:<{SEAT_COLUMN - 1}} {pts:>4}")
        t.append_text(line)
        t.append("\n")
    t.append_text(hidden)
    t.append("\nEach line: the cards under the seat that played them (the lead underlined), who won the trick")
    t.append(" (its card highlighted) and the counters it took, the last trick with its bonus.")
    return t


def hidden_cards_text(
    c: Controller | None, viewer: int | None = None, *, view: Any = None, names: tuple[str, ...] = ()
) -> Text:
    """The cards that went face down, as far as they may be shown: the kitty the bidder
    took and the cards it buried.  During the hand only the bidder (``viewer``) sees them,
    as its `SeatView` says (a widow turned up is seen by all); once the hand is over they
    are turned up for everyone, as the buried cards are counted for the bidder (§4.2).

    With no controller (a seat at a hosted table): what ``view``, that seat's `SeatView`,
    shows of them, every seat's ``names`` naming the bidder."""
    if c is None:
        if view is None or view.bidder is None or view.bidder < 0 or not (view.kitty or view.buried):
            return Text()
        return _hidden_text(view.variant, names[view.bidder], view.kitty, view.buried, view.result)
    r = c.round
    t = getattr(r, "table", None)  # the two-hand flows have no kitty
    v = c.variant
    if t is None or t.bidder is None or t.bidder < 0 or not (t.kitty or t.buried):
        return Text()
    if r.phase is Phase.DONE:
        kitty, buried = t.kitty, t.buried
    elif viewer is not None:
        seen = c.view(viewer)
        kitty, buried = seen.kitty, seen.buried
    else:
        return Text()
    if not (kitty or buried):
        return Text()
    return _hidden_text(v, c.seats[t.bidder].name, kitty, buried, r.result)


def _hidden_text(v: Any, who: str, kitty: Any, buried: Any, result: Any) -> Text:
    """`hidden_cards_text` of the ``kitty`` the bidder ``who`` took and the cards it
    ``buried`` (either may be empty), the hand's ``result`` once it is over."""
    out = Text()
    if kitty:
        unseen = result is not None and result.kind == "conceded" and result.trump is None
        if unseen:  # a forced bid thrown in before its bidder looked (§9.2): never taken
            out.append(f"\nThe {blind_word(v)} (unseen): ", style="bold")
        elif v.kitty_handed_out:  # §0.4.18: one card to each player, the bidder's own among them
            out.append(f"\nThe {blind_word(v)}, handed out by {mid(who)}: ", style="bold")
        else:
            out.append(f"\n{who} took the {blind_word(v)}: ", style="bold")
        out.append_text(Text(" ").join(card_text(x) for x in kitty))
    if buried:
        pts = sum(v.card_points[x] for x in buried)
        thrown = result is not None and result.kind in ("conceded", "auto_set")
        if thrown:  # a hand thrown in scores no trick points, the burial's neither (§8.3)
            counts = "they count for nobody: the hand was thrown in" if pts else "the hand was thrown in"
        elif v.kitty_discards_count_for_bidder:
            counts = f"{v.fmt(pts)} for {mid(who)}"
        else:
            counts = "they count for nobody"
        out.append(f"\n{who} buried: ", style="bold")
        out.append_text(Text(" ").join(card_text(x) for x in buried))
        out.append(f"  ({counts})")
    out.append("\n")
    return out


__all__ = [
    "LEDGER_KEY_WIDTH",
    "LEDGER_NAME",
    "SEAT_COLUMN",
    "GameSummary",
    "Outcome",
    "checks_text",
    "contract_outcome",
    "game_summary",
    "hidden_cards_text",
    "ledger_checks",
    "ledger_compact",
    "ledger_headings",
    "ledger_key",
    "ledger_outcome",
    "outcome_of",
    "result_columns",
    "result_rows",
    "tricks_text",
    "tricks_text_of",
    "view_tricks_text",
]
