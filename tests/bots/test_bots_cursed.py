"""The bot behaviour players cursed at (issue 12 §2), as exact tests of the `standard` bot.

The positions come from tests/data/bots-cursed-cases.json: seed 11 of the partnership game
(seats human, standard, standard, standard; the human's moves by the hint), recorded with
the bots of b3d8457, where East bid a hand of 130 meld to 380, North led the trump Ten
into an outstanding Ace and "play for me" led 10♦ holding Q♦ J♦ J♦ 9♦ into A♦.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from bots import make_bot
from rules import (
    ACTION_ADAPTER,
    CARDS,
    Concede,
    Phase,
    Play,
    PlayOn,
    apply,
    legal_actions,
    load_variants,
    new_round,
    observe,
    parse_cards,
)

CASES = json.loads((Path(__file__).resolve().parent.parent / "data" / "bots-cursed-cases.json").read_text())
V = load_variants()["partnership"]


def replay(name: str, upto: int | None = None):
    """The round of case ``name`` after its first ``upto`` actions (all of them by default)."""
    case = CASES[name]
    hands = [parse_cards(h) for h in case["hands"]]
    state = new_round(V, case["dealer"], hands=hands, scores=tuple(case["scores"]), target=V.game_target)
    for a in case["actions"][:upto]:
        state = apply(state, ACTION_ADAPTER.validate_python(a))
    return state


def act(state):
    return make_bot("standard").act(observe(state, state.to_act), legal_actions(state), random.Random(0))


def test_north_leads_a_low_trump_not_the_ten_into_the_ace():
    """Hand 1, trick 5: North (bidder, hearts) led TH while West held AH; now a low heart."""
    s = replay("trump_ten_north")
    assert s.phase is Phase.TRICKS and s.to_act == 2 and not s.trick and len(s.tricks) == 4
    hand = [str(CARDS[c]) for c in s.hands[2]]
    assert "TH" in hand and CARDS[6] not in [CARDS[c] for c in s.hands[2]]  # no AH left in North's hand
    assert any(CARDS[6] in [CARDS[c] for c in s.hands[r]] for r in (1, 3))  # an opponent holds AH
    a = act(s)
    assert isinstance(a, Play) and str(a.card) == "JH", hand


def test_play_for_me_leads_a_low_diamond_not_the_ten_into_the_ace():
    """Hand 4, trick 6: South (bidder, diamonds) holds TD QD JD JD 9D, A♦ is with West:
    the hint led TD and lost it; now a low trump."""
    s = replay("trump_ten_play_for_me")
    assert s.phase is Phase.TRICKS and s.to_act == 0 and not s.trick and len(s.tricks) == 5
    hand = sorted(str(CARDS[c]) for c in s.hands[0])
    assert {"TD", "QD", "JD", "9D"} <= set(hand)
    assert "AD" in [str(CARDS[c]) for c in s.hands[1]]
    a = act(s)
    assert isinstance(a, Play) and str(a.card) == "9D", hand


def _throw_in(name: str):
    s = replay(name)
    assert s.phase is Phase.MELD and s.to_act == s.table.bidder
    assert set(legal_actions(s)) == {Concede(), PlayOn()}
    bot = make_bot("standard")
    view = observe(s, s.to_act)
    return s, bot.act(view, legal_actions(s), random.Random(0)), lambda: bot.throw_in_figures(view)


def test_a_makeable_contract_is_played_on():
    """The side needs 90 of the 250 trick points with a weak hand: b3d8457 threw it in;
    played out, it makes."""
    s, action, figures = _throw_in("throw_in_makeable")
    assert action == PlayOn()
    need, tricks, sd, gain = figures()
    assert (s.table.high_bid, need) == (270, 90)
    # about an even chance: the hand should take 85 trick points, give or take 36, and
    # playing on is worth 90 more than conceding
    assert (round(tricks, 1), round(sd, 1), round(gain, 1)) == (85.4, 36.2, 90.5)


def test_a_hopeless_contract_is_still_thrown_in():
    """The side needs 230 of the 250 trick points with a hand worth about 144 of them."""
    s, action, figures = _throw_in("throw_in_hopeless")
    assert action == Concede()
    need, tricks, sd, gain = figures()
    assert (s.table.high_bid, need) == (250, 230)
    assert (round(tricks, 1), round(sd, 1), round(gain, 1)) == (144.3, 28.3, -105.1)
