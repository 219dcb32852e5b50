"""The table's words at the big tables and in hot-seat: what the scores panel,
the seat boxes' titles and the status line say, and in
how many cells.  Render-level: the panels' texts of prepared states, at the widths the
table gives them at 80x24 (scores 22 cells, status 78, a side column's box 11 inside,
its border title 9) and at 200x60 (scores 47, status 198)."""

from __future__ import annotations

from typing import Any

from tui_helpers import (
    SIZE,
    app_for,
    at_last_trick,
    played_by_a,
    preplay,
    settle,
    table,
)

from pinochle_tui.panels.seats import called_role, ring_seat, scores_text, status_text, team_title
from pinochle_tui.render import Style
from pinochle_tui.screens.dialogs import HandResultScreen
from pinochle_tui.table.build import seat_facts
from pinochle_tui.table.facts import SeatFacts
from rules import Phase

SCORES_80, STATUS_80, STATUS_200 = 22, 78, 198  # the widgets' widths at 80x24 and 200x60


def ctx(c: Any, viewer: int = 0) -> SeatFacts:
    return seat_facts(c, viewer)._replace(my_turn=False)


def _called(c: Any) -> bool:
    r = c.round
    return r.phase is Phase.TRICKS and r.partner is not None and bool(r.tricks)


LONG_FIVE = "human:Annabelle,standard:Bartholomew,standard:Christopher Robin,standard:Northwest,standard"


# ---------------------------------------------------------------- 1. five-hand's bidder mark


def test_five_hand_scores_mark_bidder_and_partner_in_words_the_name_shortened_for_them() -> None:
    """Never ``(B)`` (read as team B) or ``(P)``: the name gives way to the word."""
    c = preplay("five-hand", LONG_FIVE, 2, lambda c: c.hand_no >= 3 and _called(c))
    assert (c.round.bidder, c.round.partner) == (4, 0)
    lines = scores_text(ctx(c), SCORES_80).plain.splitlines()
    assert lines == [
        "Scores · game to 500",
        "Annabe… (partner) 62",
        "Bartholomew       68",
        "Christopher Robin 93",
        "Northwest         95",
        "East (bidder)     72",
        "pair / defenders:",  # the hand so far: the pair's and the defenders' tricks and points
        "tricks 1 / 0",
        "points 3 / 0",
        "contract 48: needs 8",
    ]
    assert all(len(line) <= SCORES_80 for line in lines)


def test_the_called_role_is_a_word_at_any_width() -> None:
    c = preplay("five-hand", LONG_FIVE, 2, _called)
    view = c.view(0)
    assert (view.bidder, view.partner) == (4, 0) and view.called_card is not None
    j = Style.card(view.called_card)
    assert [called_role(view, 4, w) for w in (20, 11, 9, 3)] == [
        f"bidder · called {j}",
        f"bidder · {j}",
        "bidder",
        "bidder",
    ]
    assert [called_role(view, 0, w) for w in (12, 9, 3)] == [f"partner ({j})", "partner", "partner"]
    assert [called_role(view, 4, 3, short=True), called_role(view, 0, 3, short=True)] == ["bidder", "partner"]
    assert called_role(view, 1, 20) == ""


# ---------------------------------------------------------------- 2. the status line at 80 columns


def test_five_hand_status_keeps_hand_and_dealer_once_a_card_is_called() -> None:
    c = preplay("five-hand", "human,standard,standard,standard,standard", 1, _called)
    x = ctx(c)
    assert status_text(x, STATUS_80).plain == "five-hand · hand 1 · dealer East · trump ♣ · 43 by Northeast · A♣: East"
    assert (
        status_text(x, STATUS_200).plain
        == "five-hand · hand 1 · dealer East · trump ♣ · contract 43 by Northeast · called A♣: East"
    )


def test_long_names_on_the_status_line_shorten_before_the_hand_and_dealer_go() -> None:
    c = preplay("five-hand", LONG_FIVE, 2, lambda c: c.hand_no >= 3 and _called(c))
    x = ctx(c)
    assert (
        status_text(x, STATUS_80).plain
        == "five-hand · hand 3 · dealer Bartholomew · trump ♣ · 48 by East · A♣: Annabelle"
    )
    # narrower: the names to their short forms, then the hand's number, the dealer go
    assert status_text(x, 70).plain == "five-hand · dealer Barthol… · trump ♣ · 48 by East · A♣: Annabel…"
    assert status_text(x, 40).plain == "trump ♣ · 48 by East · A♣: Annabel…"


# ---------------------------------------------------------------- 4. long names and titles


def test_a_teammates_title_keeps_letter_and_role_in_a_narrow_box() -> None:
    assert [team_title(0, True, room) for room in (16, 11, 9)] == ["team A · partner", "A · partner", "A partner"]
    assert [team_title(1, False, room) for room in (6, 3)] == ["team B", "B"]
    c = preplay(
        "six-hand", "human,standard,standard,standard,standard,standard", 1, lambda c: c.round.phase is Phase.TRICKS
    )
    x = ctx(c)
    # a side column's box at 80x24: 15 wide, 11 inside, its border title 9
    assert [ring_seat(x, s, 11, 5)[0] for s in range(1, 6)] == ["team B", "A partner", "team B", "A partner", "team B"]
    assert [ring_seat(x, s, 20, 5)[0] for s in (1, 2)] == ["team B", "team A · partner"]


def test_long_names_at_four_seats_are_shortened_alike_not_cut() -> None:
    """``Annabelle & Christo`` lost Christopher's name's end and never said it was short."""
    seats = "human:Annabelle,standard:Bartholomew,human:Christopher,standard:Dorothea"
    c = preplay("partnership", seats, 1, lambda c: c.round.phase is Phase.TRICKS and bool(c.round.tricks))
    lines = scores_text(ctx(c), SCORES_80).plain.splitlines()
    assert lines[1:3] == ["Annabe… & Christo… 0", "Bartho… & Dorothea 0"]  # a cut name says so
    wide = scores_text(ctx(c), 47).plain.splitlines()
    assert wide[1:3] == [f"{'Annabelle & Christopher':<43} 0", f"{'Bartholomew & Dorothea':<43} 0"]


# ---------------------------------------------------------------- 5. the tricks line


def test_the_tricks_line_fits_the_scores_panel_on_one_line() -> None:
    """``tricks this hand: 1 / 0`` (23 cells) wrapped in the 22 of the panel at 80x24; the
    running count's lines (tricks, points, the bidder's need) fit it as well."""
    c = preplay(
        "partnership", "human,random,random,random", 1, lambda c: c.round.phase is Phase.TRICKS and bool(c.round.tricks)
    )
    assert scores_text(ctx(c), SCORES_80).plain.splitlines()[-3:] == [
        "tricks us 1/them 0",
        "points us 40/them 0",
        "bid 3000: needs 2860",
    ]
    assert scores_text(ctx(c), 47).plain.splitlines()[-3:] == [
        "us: 1 trick, 40 points",
        "them: 0 tricks, 0 points",
        "contract 3000: needs 2860",
    ]
    c = preplay("five-hand", LONG_FIVE, 2, _called)
    assert scores_text(ctx(c), SCORES_80).plain.splitlines()[-4:] == [
        "pair / defenders:",
        "tricks 1 / 0",
        "points 2 / 0",
        "bid 35: needs 13",
    ]
    assert scores_text(ctx(c), 47).plain.splitlines()[-3:] == [
        "bidder's pair: 1 trick, 2 points",
        "defenders: 0 tricks, 0 points",
        "contract 35: needs 13",
    ]


def test_grammar_for_you():
    from pinochle_tui.render import plural, says

    assert plural(1, "trick") == "1 trick" and plural(2, "card") == "2 cards"
    assert says("You", "deals", "deal") == "deal" and says("West", "deals", "deal") == "deals"


async def test_grammar_on_the_table_and_result():
    from pinochle_tui.render import result_headline

    # the hand of seed 11 that `a` plays, to its last trick; `a` plays that in the app
    app = app_for(played_by_a("partnership", "human,random,random,random", 11, at_last_trick))
    async with app.run_test(size=SIZE) as pilot:
        t = table(app)
        for _ in range(600):
            if isinstance(app.screen, HandResultScreen) and app.ctrl.round.tricks:
                break
            await pilot.press("a")
            await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        line = result_headline(app.ctrl)
        assert "You was" not in line
        events = app.ctrl.events
        assert not any("; You " in e for e in events), [e for e in events if "; You " in e]
        v = app.ctrl.variant
        _, cards, winner = app.ctrl.round.tricks[-1]
        pts = sum(v.card_points[c] for c in cards) + v.last_trick_bonus
        name = app.ctrl.seats[winner].name
        name = "you" if name == "You" else name
        assert events[-1].endswith(f"; {name} won the last trick ({pts} with its {v.last_trick_bonus})"), events[-1]
        view = t.the_view()
        for seat in range(4):
            text = t.seat_text(view, seat).plain
            assert " 1 tricks" not in text and "\n1 tricks" not in text and "1 cards" not in text
