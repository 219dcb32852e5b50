"""The table's prompts and lines for the auction's house rules (RULES.md §0.4 items
17-21): the widow kept and handed out one card at a time (the card never in the log),
the optional pass, summed contracts on the result screen, the bid-out count in the
scores panel, the buried trumps and aces told in the log."""

from __future__ import annotations

from typing import Any

from tui_helpers import VARIANTS, app_for, handed, settle, table

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.panels.seats import scores_text
from pinochle_tui.render import buried_words, describe
from pinochle_tui.screens.dialogs import contract_outcome
from pinochle_tui.table.build import seat_facts
from pinochle_tui.widgets import Choice
from rules import (
    AskPass,
    Bid,
    GameState,
    HandOutKitty,
    HandResult,
    NameTrump,
    PassBid,
    Phase,
    SideResult,
    Suit,
    parse_cards,
)

WIDOW = VARIANTS["partnership-widow"]
# each hand of 11 and the widow, dealer West: South (seat 0, the human) is eldest
DEAL = [
    "AS AH AD KS KH KD KC QS QH JD 9C",
    "AS TS KS JS 9S TH JH AD TD 9D AC",
    "AC TC KC QC QD JD JS JH 9H 9H TD",
    "QS 9S AH KH QH KD QD 9D TC JC JC",
]
KITTY = "TS QC TH 9C"


def _bidder_to_hand_out() -> Controller:
    c = handed(WIDOW, ["human", "standard", "standard", "standard"], 3, DEAL, KITTY)
    for action in (Bid(250), PassBid(), PassBid(), PassBid()):
        c.apply(action)
    assert (c.round.phase, c.round.to_act) == (Phase.KITTY, 0)
    return c


def _texts(t: Any) -> list[str]:
    return [str(ch.content) for ch in t.query(Choice) if ch.display and str(ch.content)]


async def test_the_bidder_keeps_one_widow_card_then_gives_one_to_each_in_turn() -> None:
    c = _bidder_to_hand_out()
    app = app_for(c)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        assert str(t.query_one("#prompt").content) == "Keep one kitty card (1-4, or ←→ and Enter):"
        assert _texts(t) == ["1 Keep 10♠", "2 Keep 10♥", "3 Keep Q♣", "4 Keep 9♣"]
        await pilot.press("3")  # keeps Q♣
        await settle(pilot)
        assert str(t.query_one("#prompt").content) == "Give West a kitty card (1-3, or ←→ and Enter):"
        assert _texts(t) == ["1 To West: 10♠", "2 To West: 10♥", "3 To West: 9♣"]
    assert c.round.table.handed == tuple(parse_cards("QC"))


async def test_one_widow_card_left_to_choose_is_asked_without_a_range() -> None:
    """Two like cards left for North (the 9♥ twice): one choice, so the prompt says "1",
    never "(1-1 ...)"."""
    deal = [*DEAL[:2], "AC TC KC QC QD JD JS JH TH 9C TD", DEAL[3]]  # North's 9♥ 9♥ in the widow
    c = handed(WIDOW, ["human", "standard", "standard", "standard"], 3, deal, "9H 9H TS QC")
    for action in (Bid(250), PassBid(), PassBid(), PassBid(), HandOutKitty("QC"), HandOutKitty("TS")):
        c.apply(action)
    assert (c.round.phase, c.round.to_act) == (Phase.KITTY, 0)
    app = app_for(c)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        assert _texts(t) == ["1 To North: 9♥"]
        assert str(t.query_one("#prompt").content) == "Give North a kitty card (1 or Enter):"


def test_the_log_never_names_a_widow_card() -> None:
    c = _bidder_to_hand_out()
    lines = []
    for action in (HandOutKitty("QC"), HandOutKitty("9C"), HandOutKitty("TS")):
        before = c.round
        c.apply(action)
        lines.append(describe(c, 0, action, before, c.round))
    assert lines == [
        "You kept a kitty card",
        "You gave West a kitty card",
        "You gave North a kitty card; the last went to East",
    ]
    # each seat took its card: East the 10♥ (§2.4 (c))
    assert [c.view(s).from_kitty for s in range(4)] == parse_cards("QC 9C TS TH")


def test_the_tricks_view_says_the_widow_was_handed_out_not_taken() -> None:
    from pinochle_tui.screens.dialogs import hidden_cards_text

    c = _bidder_to_hand_out()
    for action in (HandOutKitty("QC"), HandOutKitty("9C"), HandOutKitty("TS")):
        c.apply(action)
    text = hidden_cards_text(c, 0).plain
    assert text.startswith("\nThe kitty, handed out by you: ") and "took" not in text


def test_the_optional_pass_is_a_choice_of_its_own() -> None:
    v = VARIANTS["partnership"].model_copy(update={"pass_optional": True})
    twelve = [f"{h} {extra}" for h, extra in zip(DEAL, KITTY.split(), strict=True)]
    c = handed(v, ["human", "standard", "standard", "standard"], 3, twelve)
    for action in (Bid(250), PassBid(), PassBid(), PassBid(), NameTrump(Suit.HEARTS)):
        c.apply(action)
    assert c.round.phase is Phase.ASK_PASS
    assert [(label, a) for label, a, _ok in seat_facts(c, 0).options] == [
        ("1 Ask for pass", AskPass(True)),
        ("2 No pass", AskPass(False)),
    ]
    before = c.round
    c.apply(AskPass(False))
    assert describe(c, 0, AskPass(False), before, c.round) == "You chose to play without the pass"


def _summed_result() -> Controller:
    v = VARIANTS["partnership"].model_copy(
        update={"contract_mode": "summed_partner_bids", "all_pass": "redeal", "concession": "off", "pass_count": 0}
    )
    c = Controller(v, default_seats(4, ["standard"] * 4), seed=3)
    while c.round.phase is not Phase.DONE or c.round.result.kind != "played":
        if c.round.phase is Phase.DONE:
            c.next_hand()
            continue
        c.apply(c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0])
    return c


def test_the_result_shows_each_sides_summed_contract_made_or_set() -> None:
    c = _summed_result()
    r = c.round.result
    outcome = contract_outcome(c)
    for side in r.sides:
        if r.contracts[side.side]:
            word = "made" if side.made else "set"
            assert outcome(side) == f"{c.variant.fmt(r.contracts[side.side])} {word}"
        else:
            assert outcome(side) == "—"


def test_the_scores_panel_counts_the_others_sets_toward_bid_out() -> None:
    v = VARIANTS["cutthroat"].model_copy(update={"must_bid_to_win": "bid_out_three_sets"})
    c = Controller(v, default_seats(3, ["human", "standard", "standard"]), seed=1)

    def hand(bidder: int, changes: tuple[int, int, int]) -> HandResult:
        sides = tuple(
            SideResult(i, (i,), 0, 0, 0, 1, (False if i == bidder else None), x) for i, x in enumerate(changes)
        )
        return HandResult(kind="played", bidder=bidder, contract=200, trump="H", sides=sides)

    g = GameState(variant=v, seed="1", scores=(1010, 500, 400), target=1000)
    c.game = g.after_hand(hand(1, (10, -200, 30))).after_hand(hand(2, (10, 40, -200)))
    text = scores_text(seat_facts(c, 0), 30).plain
    assert "  bid-out: 2 of 3" in text.splitlines()
    assert c.target_note() == ""
    # West is set again: the third set while South stayed over the target wins South the game
    c.game = c.game.after_hand(hand(1, (10, -200, 30)))
    assert c.game.winner == 0
    assert c.target_note() == (
        "You win by bid-out: the others were set for the third time while you stood at or over 100."
    )


def test_partnership_five_counts_bid_out_per_person_and_names_the_winner() -> None:
    """People sitting out (§0.4.16): the count is each person's, under its score line."""
    v = VARIANTS["partnership-five"].model_copy(update={"must_bid_to_win": "bid_out_three_sets"})
    c = Controller(v, default_seats(5, ["human", "standard", "standard", "standard", "standard"]), seed=1)

    def set_of(side: int) -> HandResult:
        changes = (-250, 10) if side == 0 else (10, -250)
        sides = tuple(
            SideResult(i, seats, 0, 0, 0, 1, (False if i == side else None), changes[i])
            for i, seats in enumerate(((0, 2), (1, 3)))
        )
        return HandResult(kind="played", bidder=side, contract=250, trump="H", sides=sides)

    g = GameState(variant=v, seed="1", dealer=4, scores=(1010, 0, 0, 0, 0), target=1000)
    # dealer 4 sits out: You (round seat 0) with 2 defend; then You sit out
    c.game = g.after_hand(set_of(1)).after_hand(set_of(0))
    assert c.game.bid_out() == (1, 0, 0, 0, 0)
    c.game = c.game.after_hand(set_of(0))  # dealer 1 sits out: You (round seat 3) with 3 defend
    assert c.game.bid_out() == (2, 0, 0, 0, 0)
    lines = scores_text(seat_facts(c, 0), 30).plain.splitlines()
    assert lines[1].startswith("You") and lines[2] == "  bid-out: 2 of 3"
    assert sum("bid-out" in line for line in lines) == 1  # only the people at the target
    # dealer 2 sits out: You (round seat 2) with 3 defend the third set
    c.game = c.game.after_hand(set_of(1))
    assert c.game.winner == 0
    assert c.target_note() == (
        "You win by bid-out: the others were set for the third time while you stood at or over 1000."
    )


def test_the_burial_told_in_words() -> None:
    assert buried_words((0, 0, 0)) == ", no trump or ace"
    assert buried_words((1, 0, 0)) == ", among them a trump"
    assert buried_words((2, 1, 0)) == ", among them 2 trumps and an ace"
    # the ace of trump is one card, both a trump and an ace: never "a trump and an ace"
    assert buried_words((1, 1, 1)) == ", among them the ace of trump"
    assert buried_words((2, 1, 1)) == ", among them the ace of trump and another trump"
    assert buried_words((1, 2, 1)) == ", among them the ace of trump and another ace"
    assert buried_words((3, 3, 2)) == ", among them 2 aces of trump, another trump and another ace"
    assert buried_words((1, 1, 0)) == ", among them a trump and an ace"


async def test_up_at_the_raise_limit_says_the_raise_limit() -> None:
    """raise_limit = "one_or_two_units" (§0.4.20): over East's 250 the bids go to 270; ↑
    there says that is the raise limit, not "the highest bid" (the grid goes on)."""
    v = VARIANTS["partnership"].model_copy(update={"raise_limit": "one_or_two_units"})
    twelve = [f"{h} {extra}" for h, extra in zip(DEAL, KITTY.split(), strict=True)]
    c = handed(v, ["human", "standard", "standard", "standard"], 2, twelve)
    c.apply(Bid(250))  # East, eldest
    assert c.round.to_act == 0
    app = app_for(c)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.now().bid_amounts == (260, 270)
        await pilot.press("up", "up", "up")
        await pilot.pause()
        line = str(t.query_one("#prompt").content).splitlines()[-1]
        assert line == "That is the raise limit: a bid goes at most 20 over the last (250)."


def test_the_reason_to_pass_over_a_partner_never_names_a_raise_the_limit_forbids() -> None:
    """The standard bot outbids its partner only with a hand worth 40 more than the bid;
    under raise_limit = "one_or_two_units" (§0.4.20) a raise of 40 is not allowed, so the
    words are of the hand's worth ("40 to spare"), not of a raise ("only by 40")."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import why_it_passes

    v = VARIANTS["partnership"].model_copy(update={"raise_limit": "one_or_two_units"})
    twelve = [f"{h} {extra}" for h, extra in zip(DEAL, KITTY.split(), strict=True)]
    c = handed(v, ["human", "standard", "standard", "standard"], 1, twelve)
    c.apply(Bid(250))  # North, eldest: South's partner
    c.apply(PassBid())  # East
    assert c.round.to_act == 0
    words = why_it_passes(c.view(0), StandardBot(), "partner_holds", [s.name for s in c.seats])
    assert words == "North holds 250; it outbids a partner only with 40 to spare"


async def test_the_kitty_dealt_out_unseen_plays_a_whole_hand() -> None:
    """kitty_mode = "bidder_distributes_one_each" (§0.4.18) at the table, played to the end:
    the auction's last line says the kitty was dealt out unseen, each player then holds 12
    and took one kitty card (seen by its taker only), nobody buries, the tricks take all
    250 points, and the result screen comes up."""
    from pinochle_tui.screens.dialogs import HandResultScreen, hidden_cards_text

    v = VARIANTS["partnership-kitty"].model_copy(update={"kitty_mode": "bidder_distributes_one_each"})
    c = Controller(v, default_seats(4, ["human", "standard", "standard", "standard"]), seed=2)
    while c.round.phase is not Phase.TRICKS:  # the human bids as `a` would
        seat = c.round.to_act
        c.apply(c.choose(c.round, seat, c.helper() if c.is_human(seat) else c.bot_for(seat))[0])
    r = c.round
    assert r.table.buried == () and [len(h) for h in r.hands] == [12, 12, 12, 12]
    assert "dealt the kitty out unseen, one card to each player" in "\n".join(c.events)
    took = [c.view(s).from_kitty for s in range(4)]
    assert sorted(took) == sorted(r.table.kitty) and all(x in c.view(s).hand for s, x in enumerate(took))
    app = app_for(c)
    async with app.run_test(size=(100, 36)) as pilot:
        for _ in range(60):
            await settle(pilot)
            if isinstance(app.screen, HandResultScreen):
                break
            await pilot.press("enter" if c.needs_meld_ack else "a")
        assert isinstance(app.screen, HandResultScreen)
    result = c.round.result
    assert result is not None and result.kind in ("played", "conceded")
    if result.kind == "played":
        assert sum(side.trick_points for side in result.sides) == 250
    assert hidden_cards_text(c, 0).plain.startswith("\nThe kitty, handed out by ")
