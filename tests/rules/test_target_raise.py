"""The target raised when several cross it in one hand (RULES.md §8.5 ``extend_target``,
the RU three-hand rule; `three-hand`, `three-hand-check`).  §8.5 says the target is raised
(+250 in x10, +25 in x1) and play continues; it does not say what happens to a side that
already stands past the raised target.  The game's reading (README, rules notes): the
target is raised until at most one side stands at or over it, and a side alone over it
has passed it alone and wins at once (three-hand-check seed 3, after
hand 12 West 1070 and East 1260; the target rose to 1250, East did not win until hand 13)."""

from __future__ import annotations

from rules import GameState, load_variants
from rules.scoring import HandResult, SideResult

PRESETS = load_variants()
THC = PRESETS["three-hand-check"]
T3 = PRESETS["three-hand"]


def _hand(bidder: int, contract: int, changes: list[int]) -> HandResult:
    sides = tuple(SideResult(i, (i,), 0, 0, 0, 1, (True if i == bidder else None), c) for i, c in enumerate(changes))
    return HandResult(kind="played", bidder=bidder, contract=contract, trump="H", sides=sides)


def test_a_side_alone_over_the_raised_target_wins_at_once() -> None:
    # the position: West (seat 1) and East (seat 2) cross 1000 together, East past 1250
    game = GameState(variant=THC, seed="3", dealer=0, scores=(640, 900, 960), target=1000)
    after = game.after_hand(_hand(2, 300, [20, 170, 300]))
    assert after.scores == (660, 1070, 1260)
    assert (after.target, after.winner, after.over) == (1250, 2, True)
    # the game's check: +10 from each of the other two (§9.2)
    assert [(e.payee, e.payer, e.checks, e.reason) for e in after.game_checks] == [
        (2, 0, 10, "won the game"),
        (2, 1, 10, "won the game"),
    ]
    assert after.checks == (-10, -10, 20)


def test_both_still_over_the_raised_target_raise_it_again() -> None:
    game = GameState(variant=THC, seed="x", dealer=0, scores=(960, 900, 200), target=1000)
    after = game.after_hand(_hand(0, 300, [340, 360, 0]))
    assert after.scores == (1300, 1260, 200)
    assert (after.target, after.winner, after.game_checks) == (1500, None, ())
    # the next hand: only seat 0 reaches 1500
    after = after.after_hand(_hand(0, 300, [300, 100, 0]))
    assert (after.scores, after.target, after.winner) == ((1600, 1360, 200), 1500, 0)


def test_both_under_the_raised_target_play_on() -> None:
    game = GameState(variant=THC, seed="x", dealer=0, scores=(960, 900, 200), target=1000)
    after = game.after_hand(_hand(0, 300, [100, 300, 0]))
    assert (after.scores, after.target, after.winner) == ((1060, 1200, 200), 1250, None)


def test_three_hand_x1_raises_by_25_and_the_one_past_125_wins() -> None:
    game = GameState(variant=T3, seed="x", dealer=0, scores=(960, 880, 700), target=1000)
    after = game.after_hand(_hand(1, 270, [90, 400, 40]))
    assert (T3.fmt(after.target), after.scores, after.winner) == ("125", (1050, 1280, 740), 1)
