"""The end of a hand and of a game as a remote seat draws them (`table.outcome`): the
value the host makes from its controller goes over the wire as JSON and comes back
equal, styles and all, for forms with a widow, checks, five and eight seats and people
sitting out; a damaged one is refused in one line."""

from __future__ import annotations

import json

import pytest
from rich.text import Text

from pinochle_tui.controller import Controller, Seat
from pinochle_tui.table.outcome import Outcome, game_summary, outcome_of
from rules import Phase, load_variants

VARIANTS = load_variants()
PRESETS = ["partnership", "cutthroat", "five-hand", "eight-hand", "check", "three-hand"]


def _finished_hands(name: str, hands: int = 2) -> list[Controller]:
    """A game of random bots in ``name``, stopped at each finished hand (the same
    controller: each item is looked at before the next hand is dealt)."""
    v = VARIANTS[name]
    c = Controller(v, [Seat("bot", f"P{i}", "random") for i in range(v.people)], seed=f"outcome-{name}", target=1)
    for _ in range(hands):
        while c.round.phase is not Phase.DONE:
            seat = c.to_act
            assert seat is not None
            action, _problem = c.choose(c.round, seat, c.bot_for(seat))
            c.apply(action)
        yield c
        if c.game.over:
            return
        c.next_hand()


def _drawn(x: object) -> object:
    """``x`` as it is drawn: a `Text` as its text and its styles by name (a style given as
    a `Style` or as its definition draws the same)."""
    if isinstance(x, Text):
        return (x.plain, str(x.style), [(s.start, s.end, str(s.style)) for s in x.spans])
    if isinstance(x, tuple):
        return tuple(_drawn(y) for y in x)
    return x


def _same(a: Outcome, b: Outcome) -> bool:
    return _drawn(tuple(a)) == _drawn(tuple(b))


@pytest.mark.parametrize("name", [n for n in PRESETS if n in VARIANTS])
def test_a_hands_outcome_goes_as_json_and_comes_back_equal(name: str) -> None:
    seen = 0
    for c in _finished_hands(name):
        made = outcome_of(c)
        assert made is not None
        back = Outcome.from_json(json.loads(json.dumps(made.to_json())))
        assert _same(back, made)
        seen += 1
    assert seen >= 1


def test_the_game_summary_comes_with_the_last_hand() -> None:
    *_, c = list(_finished_hands("partnership", hands=30))
    assert c.game.over  # (a target of 1: the first hand to count ends it)
    made = outcome_of(c)
    assert made is not None and made.game_over and made.game == game_summary(c)
    back = Outcome.from_json(json.loads(json.dumps(made.to_json())))
    assert _same(back, made)
    assert back.game is not None and back.game.winner.startswith("Game over: ")


def test_no_outcome_while_the_hand_is_in_play() -> None:
    v = VARIANTS["partnership"]
    c = Controller(v, [Seat("bot", f"P{i}", "random") for i in range(4)], seed="x")
    assert outcome_of(c) is None


@pytest.mark.parametrize("data", [{}, {"hand_no": "x"}, [], {"hand_no": 1, "headline": 2}, "text"])
def test_a_damaged_outcome_is_refused_in_one_line(data: object) -> None:
    with pytest.raises(ValueError, match=r"^not a hand's outcome") as err:
        Outcome.from_json(data)
    assert "\n" not in str(err.value)
