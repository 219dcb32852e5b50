"""Check pinochle and racehorse at the table: the log lines of the blind, the forced
openings and the look at the widow; the rules text made from the variant's deck and meld
table (the blind and the forced opening in it); the hint in the unseen state; the
game-over ledger's checks; the widow, the status line, the bid keys and prompts of the
forced and stuck bids.  Each starts from a prepared deal or state, never a whole game
played by keys."""

from __future__ import annotations

from typing import Any

import pytest
from test_checks_screens import R0, R1, R2, S0, S1, S2, S3
from textual.widgets import DataTable, Static
from tui_helpers import VARIANTS, app_for, handed, settle, table

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.panels.auction import AuctionPanel, bot_estimate
from pinochle_tui.panels.meld import widow_text
from pinochle_tui.panels.seats import status_text
from pinochle_tui.render import Style, rules_text
from pinochle_tui.screens.dialogs import GameOverScreen, HandResultScreen, HelpScreen, HintScreen, hidden_cards_text
from pinochle_tui.table.build import seat_facts
from pinochle_tui.table.facts import SeatFacts
from pinochle_tui.widgets import KeysFooter, footer_items
from rules import (
    Bid,
    Concede,
    NameTrump,
    PassBid,
    Phase,
    PlayOn,
    Suit,
    load_variants_text,
)

FOUR = ["human", "random", "random", "random"]

# the deals of test_checks_screens.py (those of tests/rules/test_check_ledger.py): S0-S3 the §9.1
# deal, you bid 250 in hearts; R0-R2 the §9.2 deal, you deal and hold seven nines


@pytest.fixture(autouse=True)
def glyphs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact strings below are drawn with suit glyphs."""
    monkeypatch.setattr(Style, "ascii", False)


def _stuck_three_hand_check(v: Any = None) -> Controller:
    """West and East pass: you, the dealer, are stuck with 300 (three-hand-check, §9.2)."""
    c = handed(v or VARIANTS["three-hand-check"], ["human", "random", "random"], 0, (R0, R1, R2), kitty="JC JC 9C")
    c.events, c._event_marks = [], []
    c.apply(PassBid())
    c.apply(PassBid())
    return c


# ---------------------------------------------------------------------- the log


def test_racehorse_logs_that_the_bidder_took_the_blind() -> None:
    # seed 3: North deals, so West (seat 1) opens 500 (forced); North, East and you pass
    c = Controller(VARIANTS["racehorse"], default_seats(4, FOUR), seed=3, dealer=0)
    for _ in range(3):
        c.apply(PassBid())
    # it said "took the kitty: 4 cards"
    assert c.events[-1] == "You passed; West won the auction at 500 and took the blind: 4 cards"


def test_the_forced_300_is_logged_unseen_then_the_look_at_the_widow_names_it() -> None:
    c = _stuck_three_hand_check()
    assert c.legal() == [Bid(300)]
    c.apply(Bid(300))
    # it said "You bid 300; you won the auction at 300 and took the widow: " (nothing after it)
    assert c.events == ["West passed", "East passed", "You are stuck with 300 (forced)"]
    c.apply(PlayOn())
    # it said "You chose to play the hand"
    assert c.events[-1] == "You looked at the widow: J♣ J♣ 9♣"


def test_a_stuck_dealer_who_may_not_throw_in_unseen_takes_the_widow_in_the_same_line() -> None:
    house = load_variants_text(
        '[mine]\nextends = "three-hand-check"\nconcede_without_looking = "off"\n', "m.toml", base=VARIANTS
    )["mine"]
    c = _stuck_three_hand_check(house)
    c.apply(Bid(300))
    assert c.events[-1] == "You are stuck with 300 (forced) and took the widow: J♣ J♣ 9♣"


def test_the_forced_opening_is_the_first_line_of_the_log_and_stays_through_undo() -> None:
    # seed 3, North deals: West opens 500 (forced) before anyone acts (it was never logged)
    c = Controller(VARIANTS["racehorse"], default_seats(4, FOUR), seed=3, dealer=0)
    assert c.events == ["Forced 500 by West"]
    for _ in range(2):
        c.apply(PassBid())  # North and East
    c.apply(Bid(510))  # you overcall
    assert c.events == ["Forced 500 by West", "North passed", "East passed", "You bid 510"]
    assert c.undo()
    assert c.events == ["Forced 500 by West", "North passed", "East passed"]
    # you deal the next hand: you are eldest; each hand's log begins with its own opening
    you = Controller(VARIANTS["racehorse"], default_seats(4, FOUR), seed=3, dealer=3)
    assert you.events == ["Forced 500 by you"]


def test_the_forced_opening_has_one_form_for_every_seat() -> None:
    from pinochle_tui.checks_view import forced_opening

    v = VARIANTS["racehorse"]
    names = ["You", "West", "North", "East"]
    assert forced_opening(v, ((1, 500),), names) == "Forced 500 by West"
    assert forced_opening(v, ((2, 500),), names) == "Forced 500 by North"
    assert forced_opening(v, ((0, 500),), names) == "Forced 500 by you"
    assert forced_opening(VARIANTS["check"], ((2, 250),), names) == ""


def test_no_forced_opening_no_line() -> None:
    assert Controller(VARIANTS["check"], default_seats(4, FOUR), seed=3, dealer=0).events == []


# ---------------------------------------------------------------------- the rules text


def _line(v: Any, head: str) -> str:
    return next(line for line in rules_text(v) if line.startswith(head))


def test_racehorse_rules_come_from_its_deck_and_meld_table() -> None:
    v = VARIANTS["racehorse"]
    assert _line(v, "Players: ") == (
        "Players: 4, two partnerships, partners sitting opposite. "
        "Deck: 80 cards (four of each A 10 K Q J, no nines); 19 cards each."
    )
    # it listed "dix 10": the 80-card deck has no nines
    assert _line(v, "Meld: ") == (
        "Meld: every player melds; meld always counts for the bidding side, for the others only with 10 in "
        "tricks. Run 150, aces around 100, "
        "kings 80, queens 60, jacks 40, pinochle 40, royal marriage 40, marriage 20. A run's K and Q do not "
        "marry each other, but the run lends its K or Q once to an extra trump Q or K (run and an extra K: 150 + 40)."
    )
    # the blind and the forced opening are rules_text's own (checks_view.rules_lines did it)
    assert _line(v, "Blind: ") == (
        "Blind: 4 cards, dealt face down, unseen; taken by the bidder, who buries 4 (buried counters count for "
        "the bidder)."
    )
    assert (
        "  The player left of the dealer opens 500 automatically (forced); the others may overcall, "
        "and if all of them pass that player plays at 500."
    ) in rules_text(v)
    assert not any(line.startswith(("Kitty: ", "  If everyone passes")) for line in rules_text(v))


def test_double_deck_rules_have_no_dix_and_the_widow_is_called_so() -> None:
    assert "dix" not in _line(VARIANTS["double-deck"], "Meld: ")
    assert ", royal marriage 40, marriage 20, dix 10. A run's" in _line(VARIANTS["partnership"], "Meld: ")
    assert _line(VARIANTS["three-hand-check"], "Widow: ") == (
        "Widow: 3 cards, shown to everyone, then taken by the bidder, who buries 3 (buried counters count for "
        "the bidder)."
    )


def test_check_rules_say_a_bid_needs_a_marriage_once() -> None:
    lines = rules_text(VARIANTS["check"])
    i = next(i for i, line in enumerate(lines) if line.startswith("Auction: "))
    assert lines[i + 1 : i + 3] == [
        "  You may bid only while you hold a marriage; the dealer stuck with 200 goes higher only with one.",
        "  If everyone passes, the dealer is stuck with 200.",
    ]


# ---------------------------------------------------------------------- the hint


async def test_the_hint_for_the_forced_300_unseen_uses_the_choices_words() -> None:
    c = _stuck_three_hand_check()
    c.apply(Bid(300))
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        for action, words, index in ((PlayOn(), "look at the widow", 0), (Concede(), "throw in unseen", 1)):
            t._show_hint(action)  # what `i` shows once the standard bot has chosen
            await pilot.pause()
            # it said "play the hand" / "throw in the hand"
            assert isinstance(app.screen, HintScreen)
            assert str(app.screen.query_one("#hint-text", Static).content) == f"Hint (standard bot)\n\n{words}"
            assert (t.message.plain, t.opt_index) == (f"Hint (standard bot): {words}", index)
            await pilot.press("escape")
            await pilot.pause()


# ---------------------------------------------------------------------- the game-over ledger


def _play_out(c: Controller) -> Controller:
    while c.round.phase is not Phase.DONE:
        c.apply(c.legal()[0])
    return c


def _check_game() -> Controller:
    """Check pinochle to 300: you bid 250 in hearts, make it with a slam and win the game."""
    c = handed(VARIANTS["check"], FOUR, 3, (S0, S1, S2, S3), target=300)
    c.apply(Bid(250))
    for _ in range(3):
        c.apply(PassBid())
    c.apply(NameTrump(Suit("H")))
    return _play_out(c)


def _three_hand_check_game() -> Controller:
    """You look at the widow of the forced 300, name clubs and win the game in one hand."""
    c = _stuck_three_hand_check()
    c.apply(Bid(300))
    c.apply(PlayOn())
    c.apply(NameTrump(Suit("C")))
    return _play_out(c)


async def _ledger(c: Controller) -> tuple[list[str], list[list[str]], int, int]:
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the hand result: on to the game over
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        t = app.screen.query_one("#ledger", DataTable)
        cols = [str(col.label) for col in t.columns.values()]
        rows = [[str(cell) for cell in t.get_row_at(i)] for i in range(t.row_count)]
        return cols, rows, t.virtual_size.width, t.size.width


async def test_the_ledger_gives_each_hands_checks_per_player_under_the_sides_scores() -> None:
    c = _check_game()
    assert c.game.over and c.game.checks == (29, -22, 18, -25)
    cols, rows, wide, room = await _ledger(c)
    # it had no checks at all: per side, its players' checks in seat order (You / North, West / East),
    # the game's checks with the last hand's
    assert cols == ["Hand", "Bidder", "Bid", "Trump", "Outcome", "You & North", "West & East"]
    assert rows == [["1", "You", "250", "♥", "made\nchecks", "+580 = 580\n+29 / +18", "0 = 0\n-22 / -25"]]
    assert wide <= room  # no wider than the screen at 80 columns: nothing wraps or scrolls


async def test_the_three_hand_ledger_fits_80_columns_with_its_checks() -> None:
    c = _three_hand_check_game()
    assert c.game.over and c.game.checks == (30, -9, -21)
    cols, rows, wide, room = await _ledger(c)
    assert cols == ["Hand", "Bidder", "Bid", "Trump", "Outcome", "You", "West", "East"]
    assert rows == [["1", "You", "300", "♣", "made\nchecks", "+1220 = 1220\n+30", "+560 = 560\n-9", "+130 = 130\n-21"]]
    assert wide <= room


# ---------------------------------------------------------------------- the widow, the status line, the bid keys


def test_a_widow_thrown_in_unseen_is_shown_as_unseen_not_taken() -> None:
    c = _stuck_three_hand_check()
    c.apply(Bid(300))
    c.apply(Concede())
    # it said "You took the widow: J♣ J♣ 9♣" under "You threw in the forced 300 without looking"
    assert hidden_cards_text(c).plain == "\nThe widow (unseen): J♣ J♣ 9♣\n"


def _ctx(c: Controller, viewer: int = 0) -> SeatFacts:
    return seat_facts(c, viewer)._replace(places={}, my_turn=False)


def test_you_are_you_in_the_middle_of_a_sentence() -> None:
    c = _stuck_three_hand_check()
    c.apply(Bid(300))
    c.apply(PlayOn())
    c.apply(NameTrump(Suit("C")))
    ctx = seat_facts(c, 1)._replace(places={}, my_turn=False)
    # it said "Widow (taken by You)"
    assert widow_text(ctx).plain == "\nWidow (taken by you): J♣ J♣ 9♣ "


def _footer(app: Any) -> list[tuple[str, str]]:
    return [(k.key_display, k.description) for k, _x, _r in app.screen.query_one(KeysFooter).shown()]


async def test_the_last_hands_enter_says_final_result_and_the_game_over_has_help() -> None:
    app = app_for(_check_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        # it said "next hand" above "See the final result."
        assert [d for _k, d in _footer(app) if d in ("final result", "next hand")] == ["final result"]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        # the footer had no help, and ? did nothing
        assert "help" in [d for _k, d in _footer(app)]
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.variant is VARIANTS["check"]


def test_the_stuck_dealers_estimate_never_says_it_would_pass() -> None:
    from bots.standard import StandardBot

    c = handed(VARIANTS["check"], FOUR, 0, (S2, S1, S0, S3))
    for _ in range(3):
        c.apply(PassBid())
    assert c.legal() == [Bid(200)]  # you are stuck with 200, with no marriage to go higher
    # it said "it would pass"
    assert bot_estimate(c.view(0), StandardBot()).plain == (
        "Standard bot, in ♠:\nyour meld 10\n+ partner's meld ~30\n+ tricks ~170 ≈ 210\nstuck: a bot bids 200"
    )


async def test_the_racehorse_status_line_fits_80_columns_leaving_out_whole_parts() -> None:
    # North deals: East opens 500 (forced); you, West and North pass, East takes the blind
    c = Controller(VARIANTS["racehorse"], default_seats(4, FOUR), seed=3, dealer=2)
    for _ in range(3):
        c.apply(PassBid())
    full = "racehorse · hand 1 · dealer North · trump — · contract 500 by East · blind taken"
    assert status_text(_ctx(c)).plain == full and len(full) == 80
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        room = t.query_one("#status").size.width
        assert room == 78
        # it was cut to "... · contract 500 by East · blind" ("taken" lost)
        # now the word "contract" goes first, so the hand and the dealer stay (805a923)
        trump = Style.suit(c.round.table.trump)
        want = f"racehorse · hand 1 · dealer North · trump {trump} · 500 by East · blind taken"
        assert t._drawn["#status"].plain == want == status_text(t.context(), room).plain
    # narrower still: the hand and the dealer go too, never a word of the contract or blind
    trump = Style.suit(c.round.table.trump)
    assert status_text(_ctx(c), 50).plain == f"racehorse · trump {trump} · 500 by East · blind taken"
    assert status_text(_ctx(c), 40).plain == f"trump {trump} · 500 by East · blind taken"


async def test_bid_keys_that_cannot_act_are_left_out_and_say_why() -> None:
    c = handed(VARIANTS["check"], FOUR, 3, (S2, S3, S0, S1))
    assert c.legal() == [PassBid()]  # you are eldest and hold no marriage
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        # every key of the phase, before the 80-column footer leaves greyed ones out for room
        keys = {k.description: k.disabled for k in footer_items(app.screen)}
        # they were shown as working, and Enter did nothing, silently; then greyed, and
        # "⏎ bid ↑ raise" still read as keys to use: left out, as the pass is where none is allowed
        assert [d for d in ("bid", "raise", "lower", "pass") if d in keys] == ["pass"]
        assert keys["pass"] is False
        assert [t.check_action(a, ()) for a in ("bid", "raise", "lower")] == [False, False, False]
        await pilot.press("enter")
        await pilot.pause()
        assert t.message.plain == "You hold no marriage, so you may not bid: pass with p."
        assert c.actions == []


async def test_the_stuck_dealers_arrows_say_the_one_bid() -> None:
    c = _stuck_three_hand_check()
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        keys = {k.description: k.disabled for k, _x, _r in app.screen.query_one(KeysFooter).shown()}
        assert keys.get("bid") is False
        # the arrows cannot act for the whole decision: left out of the footer (it showed
        # "↑ raise ↓ lower" to a dealer with one bid)
        assert "raise" not in keys and "lower" not in keys
        assert [t.check_action(a, ()) for a in ("bid", "raise", "lower")] == [True, False, False]
        await pilot.press("up")
        await pilot.pause()
        # Up did nothing, silently
        assert t.message.plain == "300 is the only bid you may make: Enter bids it."


def test_the_prompt_of_a_bidder_who_may_not_pass_fits_one_line_at_80_columns() -> None:
    # check, you deal and hold marriages: the others pass and you are stuck with 200
    c = handed(VARIANTS["check"], FOUR, 0, (S3, S1, S0, S2))
    for _ in range(3):
        c.apply(PassBid())
    panel = AuctionPanel()
    head, _buttons = panel.prompt(_ctx(c))
    # it was "... · Enter bids · i suggests · you may not pass": 80 cells, "pass" alone on a second line
    assert head.plain == "Your bid:  ◀ 200 ▶   ↑↓ raise/lower · Enter bids · no pass · i hints"
    assert head.cell_len <= 78
    # the forced 300 has one bid: no arrows offered
    head, _buttons = panel.prompt(_ctx(_stuck_three_hand_check()))
    assert head.plain == "Your bid:  ◀ 300 ▶   Enter bids · no pass · i hints"


async def test_the_hand_results_next_button_is_in_sight_at_80x24() -> None:
    c = _check_game()
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandResultScreen)
        button = app.screen.query_one("#result-go")
        # it lay below the screen, reached only by scrolling past the checks
        assert button.region.height == 1 and button.region.y <= 22  # above the footer
        assert str(app.screen.query_one("#result-more", Static).render()) == "See the final result."
        await pilot.click("#result-go")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
