"""The help's rules begin with the basics in the plainest words, for a first game (a child
at a family table): the card order, trump, following suit and heading, each meld with an
example and its value, the counters, what to play with neither the suit led nor trump,
and the words the rules in full use (saved meld, set and what it costs, throw in), each
from the form's own variant; in hot-seat, the hand-off."""

from __future__ import annotations

from typing import Any

from tui_helpers import VARIANTS, make_app, settle

from pinochle_tui.render import basics_text
from pinochle_tui.screens.dialogs import HandOffScreen, HelpScreen
from rules import load_variants_text

PARTNERSHIP = [
    "- Cards, highest first: A 10 K Q J 9. The 10 beats the K. Two cards the same: the first played wins.",
    "- Bidding: each player in turn bids how many points their side will make (meld and counters), or passes."
    " Whoever bids highest is the bidder and names trump: a trump beats any card of another suit.",
    "- Passing: after trump is named, the bidder's partner gives the bidder 4 cards, and the bidder gives 4 back.",
    "- Follow suit: play a card of the suit that was led, if you have one. Head the trick: play a card that beats"
    " the best card played to it so far.",
    "- Tricks: you must follow suit and head the trick if you can; with none of the suit led you must play a trump."
    " With neither the suit led nor a trump, play any card.",
    "- Meld: cards that score when you show them. Every player shows them after trump is named, then takes them"
    " back to play.",
    "    run: A 10 K Q J of trump (A♠ 10♠ K♠ Q♠ J♠ with ♠ trump) 150",
    "    royal marriage: K and Q of trump (K♠ Q♠) 40",
    "    marriage: K and Q of another suit (K♥ Q♥) 20",
    "    pinochle: J♦ Q♠ 40",
    "    dix: the 9 of trump (9♠) 10",
    "    around: one card of a rank in each suit: aces around (A♠ A♥ A♦ A♣) 100, kings around 80, queens 60, jacks 40",
    "- Counters: cards worth points in the tricks you win: A, 10 and K count 10 each; Q, J and 9 nothing. The last"
    " trick scores 10 more.",
    "- Your side's meld counts (is saved) only if your side wins a trick. The bidder's side must make its bid with"
    " its meld and counters; if it falls short it is set: the bid is taken off its score (bid 250: minus 250), and"
    " its meld and counters score nothing.",
    "- Throw in: after seeing the meld, the bidder may give the hand up instead of playing it (when the bid cannot"
    " be made): the bidder's side is set, and the others score their meld.",
    "- The game: hands are played until a side reaches 1500 points (more below).",
]


def test_the_basics_of_the_partnership_game() -> None:
    assert basics_text(VARIANTS["partnership"]) == PARTNERSHIP


def test_the_basics_follow_the_forms_own_variant() -> None:
    """The pass count, the meld values and the counters from the variant played: a house
    pass of 3; the double deck's x1 figures and no nines (so no dix); the two-hand game's
    turned-up trump and 11-10-4-3-2 count; no throw-in where the form has none."""
    house = load_variants_text('[pass-3]\nextends = "partnership"\npass_count = 3\n', base=VARIANTS)["pass-3"]
    assert basics_text(house)[2] == (
        "- Passing: after trump is named, the bidder's partner gives the bidder 3 cards, and the bidder gives 3 back."
    )
    deck = basics_text(VARIANTS["double-deck"])
    assert deck[0].startswith("- Cards, highest first: A 10 K Q J (this deck has no nines).")
    assert "    run: A 10 K Q J of trump (A♠ 10♠ K♠ Q♠ J♠ with ♠ trump) 15" in deck
    assert not any(line.startswith("    dix") for line in deck)
    assert any(
        line.startswith("- Counters: cards worth points in the tricks you win: A, 10 and K count 1 each;")
        for line in deck
    )
    two = basics_text(VARIANTS["two-hand"])
    assert two[1] == "- Trump: the suit of the card turned up at the start. A trump beats any card of another suit."
    assert (
        "- Counters: cards worth points in the tricks you win: A counts 11; 10 counts 10; K counts 4; Q counts 3;"
        " J counts 2; 9 nothing. The last trick scores 10 more." in two
    )
    assert not any(line.startswith(("- Throw in", "- Bidding", "- Passing")) for line in two)


def test_the_basics_say_what_a_set_costs_as_the_variant_scores_it() -> None:
    """The set bidder's loss in numbers, the lowest bid for an example: twice the bid where
    the house doubles it, the meld and counters kept where the house keeps them (RULES.md
    §8.1 step 5); the double deck's in its x1 figures."""
    house = load_variants_text(
        '[double-set]\nextends = "partnership"\nset_penalty = "minus_double_bid"\n'
        "set_forfeits_meld_and_tricks = false\n",
        base=VARIANTS,
    )["double-set"]
    tail = " The bidder's side must make its bid with its meld and counters; if it falls short it is set: "
    assert basics_text(house)[-3].endswith(
        tail + "twice the bid is taken off its score (bid 250: minus 500), but its meld and counters still score."
    )
    assert basics_text(VARIANTS["double-deck"])[-3].endswith(
        tail + "the bid is taken off its score (bid 50: minus 50), and its meld and counters score nothing."
    )


def test_racehorse_basics_say_the_other_sides_meld_needs_ten_in_tricks() -> None:
    """Racehorse (RULES.md §2.13, §0.4 item 23a): the bidding side's meld always counts, the
    other side's only with 10 in tricks, as the rules in full and the scoring have it."""
    assert basics_text(VARIANTS["racehorse"])[-3] == (
        "- The bidder's side's meld always counts; the other side's meld counts (is saved) only if it takes 10 in"
        " tricks. The bidder's side must make its bid with its meld and counters; if it falls short it is set: the"
        " bid is taken off its score (bid 500: minus 500), and its meld and counters score nothing."
    )


def test_the_basics_say_who_reaches_the_target_as_the_form_keeps_scores() -> None:
    """Scores per player (each for self, a called partner, people sitting out in turn) say
    "a player"; fixed partners say "a side"."""
    said = {name: basics_text(VARIANTS[name])[-1] for name in VARIANTS}
    assert said["five-hand"] == "- The game: hands are played until a player reaches 500 points (more below)."
    assert said["three-hand"] == "- The game: hands are played until a player reaches 100 points (more below)."
    assert said["two-hand"] == "- The game: hands are played until a player reaches 1000 points (more below)."
    assert said["partnership-five"] == ("- The game: hands are played until a player reaches 1500 points (more below).")
    assert said["six-hand"] == "- The game: hands are played until a side reaches 500 points (more below)."
    assert said["racehorse"] == "- The game: hands are played until a side reaches 5000 points (more below)."


def _rules(help_screen: HelpScreen) -> list[str]:
    return str(help_screen.query_one("#help-rules").content).splitlines()


async def _rules_shown(seats: str, size: tuple[int, int]) -> tuple[list[str], Any]:
    app = make_app("partnership", seats, seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        scroll = app.screen.query_one("#help-scroll")
        return _rules(app.screen), (scroll.virtual_size.width, scroll.size.width)


async def test_the_rules_page_starts_with_the_basics_and_says_the_hot_seat_hand_off() -> None:
    for size in ((80, 24), (100, 32)):
        lines, (widest, room) = await _rules_shown("human:Grandpa,human:Mia,human:Leo,standard", size)
        assert lines[:3] == [
            "Rules of partnership",
            "4 players in partnerships, 48 cards, pass 4, min bid 250, must head every trick, to 1500",
            "",
        ]
        assert lines[3:20] == ["The basics", *PARTNERSHIP]
        assert lines[20] == (
            "- Hot-seat: when the screen says Pass the keyboard to Mia, hand it over; Mia presses Enter when the"
            " others cannot see the screen. Everyone's meld is shown once, with no hand, for all to look at"
            " together."
        )
        assert lines[21:24] == [
            "",
            "The rules in full",
            "Players: 4, two partnerships, partners sitting opposite."
            " Deck: 48 cards (two of each A 10 K Q J 9); 12 cards each.",
        ]
        assert widest <= room  # wrapped to the help's width: it scrolls down, never across


async def test_one_person_at_the_table_gets_no_hand_off_line() -> None:
    lines, _ = await _rules_shown("human,standard,standard,standard", (80, 24))
    assert lines[3:23] == ["The basics", *PARTNERSHIP, "", "The rules in full", lines[22]]
    assert not any("Hot-seat" in line for line in lines)
