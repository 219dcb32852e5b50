"""The app: the check events of a hand on the hand result screen, the
totals and the settlement at game over, the help's check table and racehorse meld, the
forced opening and the blind on the table, and three-hand-check's forced 300 that may be
thrown in unseen.  Each starts from a prepared state (`preplay` or a handed deal)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from textual.widgets import Static
from tui_helpers import VARIANTS, app_for, handed, settle, table

from pinochle_tui.checks_view import (
    event_line,
    form_help_sections,
    hand_check_lines,
    meld_win_headline,
    settlement_lines,
)
from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.panels.auction import AuctionPanel
from pinochle_tui.panels.base import after_auction_text
from pinochle_tui.panels.seats import bid_word, scores_text, status_text
from pinochle_tui.render import rules_text
from pinochle_tui.screens.dialogs import GameOverScreen, HandResultScreen, HelpScreen
from pinochle_tui.screens.table import TableLog
from pinochle_tui.table.build import seat_facts
from pinochle_tui.table.facts import SeatFacts
from rules import Bid, NameTrump, PassBid, Phase, Suit, load_variants_text, make_deck, new_round, parse_cards
from rules.auction_round import forced_bid_unseen
from rules.checks import _meld_events, hand_checks, ledger

CHECK_SEATS = "human,random,random,random"  # the bots never act: every hand below is handed

# the §9.1 deal of tests/rules/test_check_ledger.py: you hold a flush and 100 aces, West a
# round trip, 80 kings and 60 queens; you bid 250 in hearts
S0 = "AH TH KH QH JH AS AD AC KS QS JD 9H"
S1 = "KS QS KH QH KD QD KC QC JS JH JC 9S"
S2 = "AS TS TS JS 9S AH TH 9H AD TD TD 9D"
S3 = "KD QD JD 9D AC TC TC KC QC JC 9C 9C"


def _text(screen: Any, wid: str) -> str:
    return str(screen.query_one(wid, Static).render())


def _check_hand(target: int | None = None) -> Controller:
    """The deal above, you bidding 250 in hearts and every seat playing its first legal card."""
    c = handed(VARIANTS["check"], CHECK_SEATS.split(","), 3, (S0, S1, S2, S3), target=target)
    c.apply(Bid(250))
    for _ in range(3):
        c.apply(PassBid())
    c.apply(NameTrump(Suit("H")))
    while c.round.phase is not Phase.DONE:
        c.apply(c.legal()[0])
    return c


HAND_EVENTS = [
    "You collect 2 from West: flush",
    "You collect 2 from West: 100 aces",
    "West collects 5 from North: round trip (a marriage in every suit)",
    "West collects 1 from North: 80 kings",
    "West collects 1 from North: 60 queens",
    "You collect 4 from West: contract 250 made",
    "North collects 4 from East: contract 250 made",
    "You collect 5 from West: slam (every trick)",
    "North collects 5 from East: slam (every trick)",
]
HAND_LINES = [
    *HAND_EVENTS,
    "This hand: You +13 · West -6 · North +2 · East -9",
    "Checks so far: You +13 · West -6 · North +2 · East -9",
]


def test_the_hand_result_lines_are_the_rules_check_events_of_the_hand() -> None:
    c = _check_hand()
    r = c.round.result
    assert r is not None and (r.kind, r.contract, r.pinochle_side, c.game.scores) == ("played", 250, 0, (580, 0))
    # the events listed are exactly rules.checks' for this hand, in its order
    assert hand_checks(c.round, r) == r.checks
    assert [event_line(c, e) for e in r.checks] == HAND_EVENTS
    assert hand_check_lines(c) == HAND_LINES
    assert ledger(r.checks, 4) == (13, -6, 2, -9) == c.game.checks


async def test_the_hand_result_screen_shows_the_checks_and_the_table_the_ledger() -> None:
    app = app_for(_check_hand())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        assert _text(app.screen, "#result-checks").splitlines() == ["", "Checks", *HAND_LINES]
        # the scores column: each side's players' checks under its score, in seat order
        t = table(app)
        scores = scores_text(t.context(), 30).plain.splitlines()
        assert scores[1:5] == [
            f"{'You & North':<24} 580",  # a width of 30: the name padded to 24
            "  checks You +13, North +2",  # whose is whose, by name
            f"{'West & East':<24}   0",
            "  checks West -6, East -9",
        ]
        # the panel at 80 columns: the checks under a heading of their own, "checks" said
        # once and the names whole where they fit (it read "checks Y +13, N +2", and with
        # two checks each "checks Y… +2, N +2")
        assert scores_text(t.context(), 22).plain.splitlines()[1:6] == [
            "You & North      580",
            "West & East        0",
            "Checks",
            "  You +13, North +2",
            "  West -6, East -9",
        ]
        even = t.context()._replace(checks=(2, -2, 2, -2))
        assert scores_text(even, 22).plain.splitlines()[3:6] == ["Checks", "  You +2, North +2", "  West -2, East -2"]
        big = t.context()._replace(checks=(123, -45, 678, -756))
        assert scores_text(big, 22).plain.splitlines()[4:6] == ["  You +123, N +678", "  W -45, East -756"]


async def test_game_over_lists_the_game_checks_the_totals_and_the_fewest_payments() -> None:
    c = _check_hand(target=300)
    g = c.game
    assert (g.winner, g.checks) == (0, (29, -22, 18, -25))
    plan = sorted((e.payer, e.payee, e.checks) for e in g.settlement())
    assert plan == [(1, 0, 4), (1, 2, 18), (3, 0, 25)]
    lines = settlement_lines(c)
    assert lines == [
        "East pays you 25 checks",
        "West pays North 18 checks",
        "West pays you 4 checks",
        "(3 payments square the ledger: the fewest that do)",
    ]
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        assert _text(app.screen, "#result-checks").splitlines()[-4:] == [
            "You collect 16 from West: won the game by 580",
            "North collects 16 from East: won the game by 580",
            "This hand: You +29 · West -22 · North +18 · East -25",
            "Final checks: You +29 · West -22 · North +18 · East -25",
        ]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert _text(app.screen, "#over-checks").splitlines() == [
            "",
            "Checks",
            "You collect 16 from West: won the game by 580",
            "North collects 16 from East: won the game by 580",
            "Final checks: You +29 · West -22 · North +18 · East -25",
            "",
            "Settlement (who pays whom)",
            *lines,
        ]


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
async def test_game_over_with_checks_opens_at_the_top_with_every_payment_in_sight(size: tuple[int, int]) -> None:
    """The checks and the payments come before the chart: the screen opens there.  It
    opened scrolled to the chart, past the checks and the first payments (at 100x32 the
    first screen began "East pays North 30 checks"; the rest only after Home)."""
    from test_big_table import screen_lines
    from textual.containers import VerticalScroll

    app = app_for(_check_hand(target=300))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.query_one(".over", VerticalScroll).scroll_y == 0
        shown = [line.rstrip(" ▁▂▃▄▅▆▇█").strip() for line in screen_lines(app)]  # (less the scroll bar)
        at = shown.index("Checks")
        assert shown[at + 5 : at + 10] == [
            "Settlement (who pays whom)",
            "East pays you 25 checks",
            "West pays North 18 checks",
            "West pays you 4 checks",
            "(3 payments square the ledger: the fewest that do)",
        ]
        assert shown[-3].endswith("Quit (q)      ↓ scrolls to the chart and the hands")


def test_a_square_ledger_needs_no_payment() -> None:
    c = Controller(VARIANTS["check"], default_seats(4, CHECK_SEATS.split(",")), seed=1)
    assert settlement_lines(c) == ["Everyone is square: no checks change hands."]


# ---------------------------------------------------------------------- help


def _sections(name: str) -> dict[str, list[str]]:
    return dict(form_help_sections(VARIANTS[name]))


def test_help_gives_the_bicycle_table_with_its_numbers() -> None:
    lines = _sections("check")["Checks"]
    assert lines[2] == (
        "  Contract made, collected by each of the bidder's side from one opponent: 200–240 2, "
        "250–290 4, 300–340 7, 350–390 10, 400–440 15, then 5 more for each further 50."
    )
    assert lines[3].startswith("  Defeating the contract: each defender collects twice the made value")
    assert "(a defeated 250 pays 8)" in lines[3]
    # each meld's number is what rules.checks pays for it: (runs, royal, dix, A, K, Q, J, pinochles, rh, marriages)
    probes = {
        "flush 2": (1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0),
        "100 aces 2": (0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        "80 kings, 60 queens or 40 jacks 1": (0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0),
        "double pinochle 2": (0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0),
        "round trip (a marriage in every suit) 5": (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1),
    }
    for words, parts in probes.items():
        assert words in lines[1]
        assert _meld_events(parts, "bicycle_partnership")[0][0] == int(words.rsplit(" ", 1)[1])


def test_help_gives_the_ru_table_and_the_throw_in_unseen() -> None:
    lines = _sections("three-hand-check")["Checks"]
    assert "each check a player receives is paid by each of the others" in lines[0]
    assert lines[2:5] == [
        "  Seven or more of the eight nines: 5 (the bid need not be won).",
        "  A bidder who looked at the widow and lost pays 1 to each; 1 more if the hand was played.",
        "  The dealer stuck with 300 may throw it in without looking at the widow: set by 300, no checks.",
    ]
    assert _meld_events((0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1), "ru_three_hand") == [(2, "roundhouse")]


def test_help_for_racehorse_values_the_meld_table_and_the_forced_opening() -> None:
    v = VARIANTS["racehorse"]
    race = _sections("racehorse")["Meld and the quadruple"]
    assert race[0].startswith("Meld, single / double / triple: run 150 / 300 / 900; royal marriage 40 / 300 / 900")
    assert "four of a kind (all four copies of one card): A 1000, K 800, Q 600, J 400" in race[0]
    assert race[1] == (
        "A quadruple run, quadruple royal marriage or quadruple pinochle scores nothing: it wins "
        "the game at once for the side that shows it."
    )
    assert "Checks" not in _sections("racehorse")
    lines = rules_text(v)
    assert lines[1].startswith("Blind: 4 cards, dealt face down, unseen; taken by the bidder, who buries 4")
    assert (
        "  The player left of the dealer opens 500 automatically (forced); the others may overcall, "
        "and if all of them pass that player plays at 500."
    ) in lines
    assert not any("If everyone passes" in line for line in lines)


def test_the_help_follows_the_knob_not_the_preset_name() -> None:
    house = load_variants_text(
        '[mine]\nextends = "partnership"\ncheck_scoring = "bicycle_partnership"\n', "m.toml", base=VARIANTS
    )["mine"]
    got = dict(form_help_sections(house))["Checks"]
    assert got[:2] == _sections("check")["Checks"][:2] and got[4:] == _sections("check")["Checks"][4:]
    # the house preset's own minimum bid starts the bands
    assert got[2] == (
        "  Contract made, collected by each of the bidder's side from one opponent: 250–290 4, "
        "300–340 7, 350–390 10, 400–440 15, 450–490 20, then 5 more for each further 50."
    )
    assert form_help_sections(VARIANTS["partnership"]) == []


async def test_the_help_screen_shows_the_check_section() -> None:
    app = app_for(Controller(VARIANTS["check"], default_seats(4, CHECK_SEATS.split(",")), seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(HelpScreen(VARIANTS["check"]))
        await pilot.pause()
        rules = _text(app.screen, "#help-rules")
        assert "\nChecks\nChecks (the Bicycle table) are kept per player beside the points;" in rules
        assert "  Slam (every trick): each of the side collects 5 from one opponent.\n" in rules


# ---------------------------------------------------------------------- the table


def _ctx(c: Controller, viewer: int = 0) -> SeatFacts:
    return seat_facts(c, viewer)._replace(places={}, my_turn=False)


async def test_racehorse_table_shows_the_forced_opening_and_the_blind() -> None:
    # seed 3: North deals, so West (seat 1) is eldest and opens 500
    for size in ((80, 24), (100, 32)):
        c = Controller(VARIANTS["racehorse"], default_seats(4, CHECK_SEATS.split(",")), seed=3, dealer=0)
        assert c.round.table.bids == ((1, 500),)
        app = app_for(c)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            t = table(app)
            ctx = t.context()
            assert bid_word(ctx, 1) == "forced 500"
            # the centre and the log say it in the same words, one row each at 80 columns
            # (the log's 21 cells wrapped "West opens 500 (forced)" before "(forced)")
            body = t.panels["auction"].body(ctx).plain
            assert body.startswith("Forced 500 by West\n")
            rows = [strip.text.rstrip() for strip in t.query_one("#log", TableLog).lines]
            assert rows[:3] == ["Hand 1 · You deal", "Forced 500 by West", "North bid 1140"]
            assert status_text(ctx).plain == "racehorse · hand 1 · dealer You · trump — · contract — · blind 4"


def test_racehorse_the_others_see_that_the_bidder_took_the_blind() -> None:
    c = Controller(VARIANTS["racehorse"], default_seats(4, CHECK_SEATS.split(",")), seed=3, dealer=0)
    for _ in range(3):
        c.apply(PassBid())  # North, East and you pass: West plays its forced 500
    assert (c.round.phase, c.round.table.bidder) == (Phase.TRUMP, 1)
    assert status_text(_ctx(c)).plain.endswith(" · contract 500 by West · blind taken")
    assert after_auction_text(_ctx(c)).plain == (
        "West won the auction at 500.\nWest names trump.\n\nWest took the blind (4 cards, face down)."
    )
    assert after_auction_text(_ctx(c, 1)).plain.startswith("West won the auction at 500.\nWest names trump.\n\nBlind: ")


def _quadruple_deal(c: Controller) -> None:
    """West (seat 1) holds four pinochles; the eldest (you) opens 500."""
    v = c.variant
    pack = Counter(make_deck(v.deck))
    blind = parse_cards("JS KS AS TH")
    fixed = parse_cards("JD JD JD JD QS QS QS QS")
    pack.subtract(blind + fixed)
    rest = sorted(pack.elements())
    random.Random(7).shuffle(rest)
    hands = [rest[0:19], fixed + rest[19:30], rest[30:49], rest[49:68]]
    c.round = new_round(v, dealer=3, hands=hands, kitty=blind)
    c.states = [c.round]


async def test_a_quadruple_says_plainly_that_it_wins_the_game() -> None:
    c = Controller(VARIANTS["racehorse"], default_seats(4, CHECK_SEATS.split(",")), seed=1, dealer=3)
    _quadruple_deal(c)
    for _ in range(3):
        c.apply(PassBid())
    c.apply(NameTrump(Suit("C")))
    assert c.round.result is not None and c.round.result.kind == "meld_win" and c.game.over
    want = "West & East win the game: quadruple pinochle in trump (shown by West)."
    assert meld_win_headline(c) == want
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        assert _text(app.screen, "#result-headline") == want


# the §9.2 deal of tests/rules/test_check_ledger.py: you deal and hold seven nines
R0 = "9S 9S 9H 9H 9D 9D 9C AS AS AH AH AD AD AC AC"
R1 = "KS KS QS QS KH QH KD QD KC QC JD JD TS TS TH"
R2 = "JS JS TH KH QH JH JH TD TD KD QD TC TC KC QC"


def _unseen() -> Controller:
    """West and East pass: you, the dealer, are stuck with 300 and have not seen the widow."""
    c = handed(VARIANTS["three-hand-check"], ["human", "random", "random"], 0, (R0, R1, R2), kitty="JC JC 9C")
    c.apply(PassBid())
    c.apply(PassBid())
    c.apply(Bid(300))
    assert forced_bid_unseen(c.round) and c.round.to_act == 0
    return c


async def test_the_forced_300_reads_look_at_the_widow_or_throw_in_unseen() -> None:
    c = _unseen()
    assert [label for label, _a, ok in seat_facts(c, 0).options if ok] == ["Look at the widow", "Throw in unseen"]
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        assert str(t.query_one("#prompt").render()) == "Your forced 300: 1 Look at the widow, or 2 Throw in unseen?"
        assert [str(t.query_one(f"#btn-{i}").render()) for i in range(2)] == ["Look at widow", "Throw in unseen"]
        body = t.panels["meld"].body(t.context()).plain
        assert body == (
            "You are stuck with 300 (forced).\n"
            "Throw in unseen: set by 300, no checks; the others score nothing.\n"
            "Or look at the widow (3 cards) and play on."
        )
        await pilot.press("2")
        await settle(pilot)
        assert str(app.screen.query_one("#confirm-text").render()) == (
            "Throw in the hand?\n\nYou are set by 300; the throw-in costs no checks; the others score nothing. "
            "No one sees the widow."
        )
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        r = c.round.result
        assert r is not None and (r.kind, r.changes) == ("conceded", (-300, 0, 0))
        assert _text(app.screen, "#result-headline") == (
            "You threw in the forced 300 without looking at the widow: set by 300; the throw-in costs no checks."
        )
        # the seven nines were dealt, and pay all the same (§9.2)
        assert _text(app.screen, "#result-checks").splitlines()[2:5] == [
            "You collect 5 from West: 7 of the eight nines",
            "You collect 5 from East: 7 of the eight nines",
            "This hand: You +10 · West -5 · East -5",
        ]


async def test_a_hand_without_a_marriage_may_only_pass_in_check_pinochle() -> None:
    c = handed(VARIANTS["check"], CHECK_SEATS.split(","), 3, (S2, S3, S0, S1))
    assert c.legal() == [PassBid()]  # you are eldest and hold no marriage
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        ctx = t.context()
        head, buttons = t.panels["auction"].prompt(ctx)
        # it showed "Your bid: ◀ 0 ▶" and a "Bid 0" button
        assert head.plain == "Your bid: you hold no marriage, so you may not bid: p passes · i hints"
        assert [b[0] for b in buttons] == ["Pass", "Hint"]
        assert t.panels["auction"].body(ctx).plain.endswith("\na bot may not bid:\nno marriage")


async def test_the_stuck_dealer_is_told_so() -> None:
    c = handed(VARIANTS["three-hand-check"], ["human", "random", "random"], 0, (R0, R1, R2), kitty="JC JC 9C")
    c.apply(PassBid())
    c.apply(PassBid())
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        body = t.panels["auction"].body(t.context()).plain
        assert body.startswith("The others passed: you are stuck with 300.\nYou to bid.\n")


def test_the_new_words_have_an_ascii_form() -> None:
    """Every character of the check and racehorse texts is ASCII or one ASCII mode maps."""
    from pinochle_tui.render import ASCII_CELLS

    c = _check_hand(target=300)
    texts = [*hand_check_lines(c), *settlement_lines(c)]
    for name in ("check", "three-hand-check", "racehorse"):
        v = VARIANTS[name]
        texts += rules_text(v)
        texts += [line for _title, lines in form_help_sections(v) for line in lines]
    odd = {ch for line in texts for ch in line if ord(ch) > 127 and ord(ch) not in ASCII_CELLS}
    assert odd == set()


async def test_looking_at_the_widow_gives_the_meld_by_trump_on_one_line_at_80_columns() -> None:
    app = app_for(_unseen())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        t = table(app)
        assert t.ctrl.round.phase is Phase.TRUMP
        # the auction panel was hidden during the choice: the centre's width is used (it was
        # 0, so two spaces apart, and the line wrapped)
        panel = t.panels["auction"]
        assert isinstance(panel, AuctionPanel) and panel.width_now() == 23
        lines = panel.body(t.context()).plain.splitlines()
        assert lines[-3:] == ["Your meld by trump:", "♠ 1020  ♥ 1020", "♦ 1020  ♣ 1020"]  # 27 cells: two lines
