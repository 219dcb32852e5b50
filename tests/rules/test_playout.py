"""`Playout` against the state machine: the same plays give the same legal sets, the
same states and the same `HandResult`, under every preset and the house variations of
test_properties; `undo` returns to every earlier position exactly (RULES.md §6–§8)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_properties import EXTRA, PRESETS, SETTINGS

from rules import IllegalAction, Phase, Play, PlayOn, apply, legal_actions, new_round, observe, parse_cards
from rules.auction_round import RoundState
from rules.playout import Playout

# Playout plays the auction round's tricks (the draft's too, once drafted); not the stock game's
VARIANTS = {name: v for name, v in (PRESETS | EXTRA).items() if v.round_flow != "stock"}
FIELDS = ("phase", "to_act", "hands", "trick", "leader", "tricks", "won", "points", "table", "result")


def _to_tricks(v, rng: random.Random) -> RoundState | None:
    """A random round of ``v`` up to its first lead (None if it ended before)."""
    s = new_round(v, rng.randrange(v.players), rng)
    while s.phase is not Phase.TRICKS:
        if s.phase is Phase.DONE:
            return None
        la = legal_actions(s)
        s = apply(s, PlayOn() if s.phase is Phase.MELD else la[rng.randrange(len(la))])
    return s


def _cards(s: RoundState) -> list[Play]:
    """The card plays among ``s``'s legal actions: a misdeal still open to a seat that
    has not played a card (§0.4 item 23b) is the round's, not the playout's."""
    return [a for a in legal_actions(s) if isinstance(a, Play)]


def _same(a: RoundState, b: RoundState) -> None:
    for f in FIELDS:
        assert getattr(a, f) == getattr(b, f), f


@pytest.mark.parametrize("name", sorted(VARIANTS))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_playout_matches_apply_and_undoes(name: str, seed: int) -> None:
    v = VARIANTS[name]
    rng = random.Random(seed)
    s = _to_tricks(v, rng)
    if s is None:
        return
    # start some playouts mid-trick as well
    for _ in range(rng.randrange(6)):
        s = apply(s, _cards(s)[0])
    po = Playout(s)
    seen = [s]
    while s.phase is Phase.TRICKS:
        faces = [a.card for a in _cards(s)]
        assert list(po.legal()) == faces
        assert po.seat == s.to_act and not po.done
        # an illegal card says the same as the state machine, and changes nothing
        bad = next((c for c in s.hands[s.to_act] if c not in faces), None)
        if bad is not None:
            with pytest.raises(IllegalAction) as mine:
                po.play(bad)
            with pytest.raises(IllegalAction) as theirs:
                apply(s, Play(card=bad))
            assert str(mine.value) == str(theirs.value)
        card = faces[rng.randrange(len(faces))]
        po.play(card)
        s = apply(s, Play(card=card))
        _same(po.state(), s)
        for seat in range(v.players):
            assert po.view(seat) == observe(s, seat)
        seen.append(s)
    assert po.done and po.legal() == ()
    assert po.state().result == s.result and s.result is not None
    with pytest.raises(IllegalAction, match="the hand is over"):
        po.play(0)
    for earlier in reversed(seen[:-1]):
        po.undo()
        _same(po.state(), earlier)
        assert list(po.legal()) == [a.card for a in _cards(earlier)]
    with pytest.raises(IndexError):
        po.undo()


def test_playout_starts_only_in_the_tricks_phase() -> None:
    s = new_round(PRESETS["partnership"], 0, random.Random(1))
    with pytest.raises(ValueError, match="starts in the tricks phase, not the auction phase"):
        Playout(s)


def test_playout_view_refuses_a_seat_not_at_the_table() -> None:
    s = _to_tricks(PRESETS["partnership"], random.Random(2))
    assert s is not None
    with pytest.raises(ValueError, match=r"seat 4 is not at this table \(0..3\)"):
        Playout(s).view(4)


def test_playout_exact_last_trick() -> None:
    """Hand-made last trick, trump H: 9S led, AS heads it, 9H trumps in (no spade), KC
    is thrown (no spade, no trump).  9H wins: AS + KC + the last trick = 30 (x10) to
    seat 2 (§1.3, §6.2, §7.1); undo gives the points back."""
    v = PRESETS["partnership"]
    s = _to_tricks(v, random.Random(5))
    assert s is not None
    nine_s, ace_s, nine_h, king_c = parse_cards("9S AS 9H KC")
    s = s._replace(
        hands=((nine_s,), (ace_s,), (nine_h,), (king_c,)),
        trick=(),
        leader=0,
        to_act=0,
        won=(0, 0, 0, 0),
        points=(0, 0, 0, 0),
        table=s.table._replace(trump=1),
    )
    po = Playout(s)
    for card, legal in ((nine_s, [nine_s]), (ace_s, [ace_s]), (nine_h, [nine_h]), (king_c, [king_c])):
        assert list(po.legal()) == legal
        po.play(card)
    assert po.done and po.points == [0, 0, 30, 0] and po.won == [0, 0, 1, 0]
    assert po.tricks[-1] == (0, (nine_s, ace_s, nine_h, king_c), 2)
    po.undo()
    assert not po.done and po.points == [0, 0, 0, 0] and po.trick == [nine_s, ace_s, nine_h] and po.seat == 3
