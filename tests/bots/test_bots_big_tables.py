"""The `standard` bot at the big tables: teammates are partners.

Handed positions built as a `SeatView`, each asked of a fresh bot.  Under the presets' head
rule (RULES.md §6.2, pre-1945: beat the trick's winning card when you can) a seat that can
beat its partner's winning card must, so what a partner decides on a partner's sure trick is
which card to give it: a counter it can spare (feeding), never a master it would throw away.
"""

from __future__ import annotations

import random

from bots import make_bot
from bots.estimate import evaluate, mean_meld, trick_share
from bots.knowledge import copies_of, deck_size, hand_sides
from rules import CARDS, Phase, Play, SeatView, Suit, legal_plays, parse_cards


def _view(v, seat, hand, trick, *, tricks=(), bidder, hand_sizes, leader):
    n = v.players
    return SeatView(
        seat=seat,
        variant=v,
        phase=Phase.TRICKS,
        to_act=seat,
        dealer=(bidder - 1) % n,
        hand=tuple(sorted(parse_cards(hand))),
        hand_sizes=hand_sizes,
        bids=tuple((s, v.min_bid if s == bidder else 0) for s in range(n)),
        high_bid=v.min_bid,
        bidder=bidder,
        contract=v.min_bid,
        trump=Suit.HEARTS,
        kitty=(),
        buried=(),
        given=(),
        received=(),
        melds=None,
        trick=tuple(zip([(leader + i) % n for i in range(len(trick))], parse_cards(" ".join(trick)))),
        leader=leader,
        tricks=tricks,
        won=(0,) * n,
        scores=(0,) * len(v.seats_of_side),
        target=v.game_target,
        result=None,
    )


def _play(view):
    v = view.variant
    legal = [Play(c) for c in legal_plays(view.hand, [c for _, c in view.trick], "H", v)]
    return legal, make_bot("standard").act(view, legal, random.Random(0))


def _card(text):
    return Play(CARDS[parse_cards(text)[0]])


# six-hand: teams of three in alternating seats (0 2 4 against 1 3 5); seat 0 plays last to a
# spade trick led by seat 1, the bidder's side; its hand holds TS KS JS and no card that beats
SIZES6 = (20, 19, 19, 19, 19, 19)  # seats 1 .. 5 have played to the trick
SIX_HAND = "TS KS JS AH TH KH QH JH AD TD KD QD JD AC TC KC QC JC KD QC"


def test_six_hand_feeds_a_counter_to_a_teammates_winning_trick(variants):
    """Seat 4 (a teammate) holds the trick with AS, nobody plays after seat 0: give it a
    counter, the King (10 like the Ten, and the Ten keeps its rank for later)."""
    v = variants["six-hand"]
    assert hand_sides(_view(v, 0, SIX_HAND, [], bidder=1, hand_sizes=(20,) * 6, leader=1)) == (0, 1, 0, 1, 0, 1)
    view = _view(
        v, 0, SIX_HAND, ["JS", "QS", "JS", "AS", "QS"], bidder=1, hand_sizes=(20, 19, 19, 19, 19, 19), leader=1
    )
    legal, action = _play(view)
    assert {str(a.card) for a in legal} == {"TS", "KS", "JS"}
    assert action == _card("KS")


def test_six_hand_gives_an_opponents_winning_trick_nothing(variants):
    """The same cards with the AS played by seat 5 (an opponent): the Jack, no counter."""
    v = variants["six-hand"]
    view = _view(
        v, 0, SIX_HAND, ["JS", "QS", "JS", "QS", "AS"], bidder=1, hand_sizes=(20, 19, 19, 19, 19, 19), leader=1
    )
    assert _play(view)[1] == _card("JS")


# eight-hand: four teams of two, partners opposite (seat 0 with seat 4).  In the first trick
# seats 1, 2 and 3 showed they hold no spade and no trump (each threw a club on a spade lead:
# the head rule makes a seat void in the suit led trump if it can), so once seat 4's AS holds
# this trick and seat 0 cannot beat it, nobody can: the trick is sure
EIGHT_FIRST = ((0, tuple(parse_cards("QS JC JC QC KS QS KS JS")), 0),)
EIGHT_HAND = "AS TS JS KD QD JD 9D AC TC KC 9C"


def test_eight_hand_feeds_a_partners_sure_trick_and_keeps_its_ace(variants):
    """Partner (seat 4) leads AS, the trick is sure: seat 0 gives the Ten (a counter), not
    its own AS (a master for a later trick: thrown on partner's trick it takes nothing
    more) and not the Jack (no points)."""
    v = variants["eight-hand"]
    sizes = (11, 11, 11, 11, 10, 10, 10, 10)
    view = _view(v, 0, EIGHT_HAND, ["AS", "9S", "9S", "QS"], tricks=EIGHT_FIRST, bidder=1, hand_sizes=sizes, leader=4)
    legal, action = _play(view)
    assert {str(a.card) for a in legal} == {"AS", "TS", "JS"}
    assert action == _card("TS")


def test_eight_hand_opponents_trick_gets_the_jack(variants):
    """The same, with the AS led by seat 5 (an opponent; seat 0 is the last but three): the Jack."""
    v = variants["eight-hand"]
    sizes = (11, 11, 11, 11, 11, 10, 10, 10)
    view = _view(v, 0, EIGHT_HAND, ["AS", "9S", "QS"], tricks=EIGHT_FIRST, bidder=1, hand_sizes=sizes, leader=5)
    assert _play(view)[1] == _card("JS")


def test_big_decks_are_read_from_the_deck(variants):
    """Copies per face and the deck's size come from the deck, not a 48/80 table."""
    assert copies_of("triple120")[:6] == (6, 6, 6, 6, 6, 0)
    assert copies_of("double96")[:6] == (4, 4, 4, 4, 4, 4)
    assert (deck_size("triple120"), deck_size("double96"), deck_size("double80")) == (120, 96, 80)


def test_a_seats_share_of_the_tricks_follows_the_table(variants):
    """An average hand's side takes its seats' share of the tricks (3 of 6, 2 of 8): the
    share is the table's, not a four-seat constant; a strong hand takes more."""
    six, eight = variants["six-hand"], variants["eight-hand"]
    # per 20 cards of the triple pack: 5 trumps (A T K Q J), 15 cards off trump, aces and tens
    # as the pack has them (a fifth each); no short suit
    avg6 = [0] * 24
    for f, k in zip((18, 19, 20, 21, 22), (1, 1, 1, 1, 1)):  # clubs trump: one of each
        avg6[f] = k
    for b in (0, 6, 12):
        for r, k in zip(range(5), (1, 1, 1, 1, 1)):
            avg6[b + r] = k
    assert round(trick_share(avg6, 3, six, 0.0, True), 3) == 0.5
    strong = [0] * 24
    for f, k in ((18, 3), (19, 3), (20, 2), (21, 2), (0, 2), (6, 2), (12, 2), (1, 1), (7, 1), (13, 1), (2, 1)):
        strong[f] = k
    assert sum(strong) == 20
    assert round(trick_share(strong, 3, six, 0.0, True), 3) == 0.690
    # eight-hand: a side of two seats of eight; kings, queens and jacks, three of them trump,
    # take less than the side's quarter, by what an average hand holds over them
    weak = [0] * 24
    for b in (0, 6, 12, 18):
        for r in (2, 3, 4):
            weak[b + r] = 1
    assert round(trick_share(weak, 3, eight, 0.0, True), 4) == round(0.25 - 0.0945, 4)
    # a partner's meld counts at a table of teams: a dealt hand's mean meld, per teammate
    assert (mean_meld(six), mean_meld(eight)) == (139.15, 35.6)
    hand = sorted(f for f in range(24) for _ in range(strong[f]))
    assert evaluate(hand, 3, six).partner == 2 * 139.15
    assert evaluate(sorted(f for f in range(24) for _ in range(weak[f])), 3, eight).partner == 35.6


# five-hand: the bidder (seat 0, hearts trump) calls a trump card; its first other holder
# clockwise is the partner
def _called(variants, hand):
    from bot_helpers import contract_to, deal_with

    from rules import legal_actions, observe

    v = variants["five-hand"]
    hands, _ = deal_with(v, {0: hand}, seed=5)
    state = contract_to(v, hands, 0, "H")
    assert state.phase.value == "call"
    view, legal = observe(state, 0), legal_actions(state)
    return state, legal, make_bot("standard").act(view, legal, random.Random(0))


def test_five_hand_calls_the_card_its_trump_run_lacks(variants):
    """A K Q of hearts twice and the Ten, no Jack of hearts: the Jack (the one card of
    the run it lacks), not the Ace (it holds two of the four)."""
    _, legal, action = _called(variants, "AH AH TH KH KH QH QH AS TS KS QS JS AD TD KD QD")
    assert [str(a.card) for a in legal] == ["AH", "TH", "KH", "QH", "JH"]
    assert str(action.card) == "JH"


def test_five_hand_calls_the_trump_ace_and_plays_with_its_partner(variants):
    """T K Q J of hearts: the run lacks only the Ace, so the Ace.  A hand two run cards
    short (no Ace, Ten or Jack) calls the Ace too; the seat that makes the partner is
    then the bidder's side in play for every seat, the other three the defenders'."""
    from rules import apply, observe

    _, _, action = _called(variants, "TH KH QH JH KS QS JS AD TD KD QD JD AC TC KC QC")
    assert str(action.card) == "AH"
    state, _, action = _called(variants, "KH QH KH QH AS TS KS QS JS AD TD KD QD JD AC TC")
    assert str(action.card) == "AH"
    state = apply(state, action)
    partner = state.table.partner
    assert partner not in (None, 0)
    sides = tuple(0 if s in (0, partner) else 1 for s in range(5))
    for seat in range(5):
        assert hand_sides(observe(state, seat)) == sides


def test_duplicate_rotates_the_teams_of_a_big_table(variants):
    """simulate --duplicate at eight-hand plays each deal once per seating of the four
    teams (four tables a board) and reports a row per team; at six-hand two tables and
    two teams of three."""
    from pinochle_tui.simulate import simulate

    eight = variants["eight-hand"]
    seats = ["standard", "random", "random", "random"] * 2
    r = simulate(eight, seats, hands=8, seed="big-dup", duplicate=True)
    assert (r.hands, r.boards, len(r.side_points)) == (8, 2, 4)
    assert [s["label"] for s in r.sides] == ["standard (N/S)", "random (NE/SW)", "random (E/W)", "random (SE/NW)"]
    assert [s["seats"] for s in r.sides] == [
        ["South", "North"],
        ["Southwest", "Northeast"],
        ["West", "East"],
        ["Northwest", "Southeast"],
    ]
    assert r.illegal == [] and r.errors == []
    six = variants["six-hand"]
    r = simulate(six, ["standard", "easy"] * 3, hands=4, seed="big-dup", duplicate=True)
    assert (r.hands, r.boards, len(r.side_points)) == (4, 2, 2)
    assert [s["levels"] for s in r.sides] == [["standard"] * 3, ["easy"] * 3]
