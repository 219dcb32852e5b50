"""The two-hand endgame solver (bots/endgame.py; RULES.md §6.4, §6.2, §7.1) is exact: it
agrees with a plain minimax on every small position, its best cards reach its value,
the two seats' shares add up to the points left, and a solver reused along an endgame
answers as fresh ones do."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from bots.endgame import EndgameSolver, solve
from rules import parse_cards
from rules.play import legal_faces, trick_winner

CLASSIC = tuple((11, 10, 4, 3, 2, 0)[f % 6] for f in range(24))  # A 10 K Q J 9 (x10 scale)
COUNTERS = tuple((10, 10, 10, 0, 0, 0)[f % 6] for f in range(24))  # A 10 K count, Q J 9 do not
PACK = [f for f in range(24) for _ in range(2)]  # the 48-card pack: two copies of each face
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
PRE1945, POST1945, NO_HEAD = range(3)


def brute_force(
    hands: Sequence[Sequence[int]],
    leader: int,
    trick: Sequence[int],
    trump: int,
    head: int,
    card_points: Sequence[int],
    last_bonus: int,
) -> int:
    """The value `solve` computes, by plain minimax: every legal card at every turn, no
    pruning, no table, no card merged with another (the reference for the tests)."""
    seat = leader if not trick else 1 - leader
    hand = sorted(hands[seat])
    if not hand:
        return 0
    left = sum(card_points[f] for f in (*hands[0], *hands[1], *trick)) + last_bonus
    best = -1
    for card in legal_faces(hand, list(trick), trump, head, False, False):
        rest = list(hand)
        rest.remove(card)
        after = (tuple(rest), tuple(hands[1])) if seat == 0 else (tuple(hands[0]), tuple(rest))
        if not trick:  # the other seat answers; it takes what we do not
            value = left - brute_force(after, leader, (card,), trump, head, card_points, last_bonus)
        else:
            winner = (leader, seat)[trick_winner((trick[0], card), trump)]
            taken = card_points[trick[0]] + card_points[card] + (0 if rest else last_bonus)
            later = brute_force(after, winner, (), trump, head, card_points, last_bonus)  # the winner's
            value = taken + later if winner == seat else left - taken - later
        best = max(best, value)
    return best


def _random_position(rng: random.Random, n: int) -> tuple:
    """Hands of ``n`` cards each from the 48-card pack, a random leader, trump, head rule
    and point table, and in about a third of the positions the lead already played."""
    cards = rng.sample(PACK, 2 * n)
    hands = [sorted(cards[:n]), sorted(cards[n:])]
    leader = rng.randrange(2)
    trick: tuple[int, ...] = ()
    if rng.random() < 0.35:
        lead = rng.choice(hands[leader])
        hands[leader].remove(lead)
        trick = (lead,)
    return (
        (tuple(hands[0]), tuple(hands[1])),
        leader,
        trick,
        rng.randrange(4),
        rng.randrange(3),
        rng.choice((CLASSIC, COUNTERS)),
        rng.choice((10, 10, 0)),
    )


def _endgame(rng: random.Random, n: int) -> tuple:
    """A `_random_position` before the first lead of an endgame of ``n`` cards a hand."""
    hands, leader, trick, *rest = _random_position(rng, n)
    if trick:
        hands = tuple(tuple(sorted(h + trick)) if s == leader else h for s, h in enumerate(hands))
    return (hands, leader, (), *rest)


def _left(hands, trick, points, bonus) -> int:
    return sum(points[f] for f in (*hands[0], *hands[1], *trick)) + (bonus if hands[0] or hands[1] else 0)


def _play(hands, leader, trick, trump, card):
    """The position after the seat to play plays ``card``: (hands, leader, trick, the seat
    that played, the seat that took the trick or None, the trick's cards)."""
    seat = leader if not trick else 1 - leader
    rest = list(hands[seat])
    rest.remove(card)
    after = (tuple(rest), hands[1]) if seat == 0 else (hands[0], tuple(rest))
    if not trick:
        return after, leader, (card,), seat, None, ()
    cards = (trick[0], card)
    winner = (leader, seat)[trick_winner(cards, trump)]
    return after, winner, (), seat, winner, cards


# ------------------------------------------------------------------ (a) exact on small positions
@pytest.mark.parametrize("seed", range(4))
def test_value_and_best_cards_equal_a_plain_minimax(seed):
    """Value and the full set of best cards match brute force on random positions of one
    to five cards a hand, every trump, head rule and point table, mid-trick or not."""
    rng = random.Random(f"endgame-{seed}")
    for _ in range(100):
        pos = _random_position(rng, rng.choice((1, 2, 3, 3, 4, 4, 4, 5, 5, 5)))
        hands, leader, trick, trump, head, points, bonus = pos
        value, best = solve(*pos)
        assert value == brute_force(*pos), pos
        # every legal card's value, by brute force: the best ones are exactly `best`
        seat = leader if not trick else 1 - leader
        values = {}
        for card in legal_faces(list(hands[seat]), list(trick), trump, head, False, False):
            after, nxt, trick2, _, winner, cards = _play(hands, leader, trick, trump, card)
            to_play = nxt if not trick2 else 1 - nxt
            later = brute_force(after, nxt, trick2, trump, head, points, bonus)
            taken = sum(points[f] for f in cards) + (bonus if cards and not after[0] else 0)
            if to_play != seat:
                later = _left(after, trick2, points, bonus) - later
            values[card] = later + (taken if winner == seat else 0)
        assert max(values.values()) == value, pos
        assert best == sorted(c for c, v in values.items() if v == value), pos


def test_a_few_six_card_positions_equal_a_plain_minimax():
    rng = random.Random("endgame-six")
    for _ in range(3):
        pos = _random_position(rng, 6)
        pos = (*pos[:4], PRE1945, *pos[5:])  # the head rule with the fewest legal cards
        assert solve(*pos)[0] == brute_force(*pos), pos


# ------------------------------------------------------------------ (b) the best cards reach the value
@pytest.mark.parametrize("n", [7, 9])
def test_each_best_card_reaches_the_value_and_no_other_does(n):
    """Playing any returned card and solving what follows gives back the value; every
    other legal card gives less (positions too big for brute force)."""
    rng = random.Random(f"reach-{n}")
    for _ in range(6 if n == 7 else 3):
        hands, leader, trick, trump, head, points, bonus = pos = _random_position(rng, n)
        value, best = solve(*pos)
        seat = leader if not trick else 1 - leader
        for card in legal_faces(list(hands[seat]), list(trick), trump, head, False, False):
            after, nxt, trick2, _, winner, cards = _play(hands, leader, trick, trump, card)
            later, _ = solve(after, nxt, trick2, trump, head, points, bonus)
            if (nxt if not trick2 else 1 - nxt) != seat:
                later = _left(after, trick2, points, bonus) - later
            got = later + (sum(points[f] for f in cards) + (0 if after[0] else bonus) if winner == seat else 0)
            assert (got == value) == (card in best) and got <= value, (pos, card, got, value)


# ------------------------------------------------------------------ (c) worked by hand
def test_ducking_beats_winning_post1945():
    """Trump spades, classic points.  Seat 0 led QH and keeps KH; seat 1 holds TH 9H.
    Winning with TH takes 10 + 3 = 13, then 9H is led and KH takes the last trick: 13.
    Ducking with 9H gives seat 0 the trick (3), KH is led, TH takes it with the bonus:
    10 + 4 + 10 = 24.  Post-1945 a plain lead need not be headed, so 24 with 9H."""
    hands = (tuple(parse_cards("KH")), tuple(parse_cards("TH 9H")))
    (qh,) = parse_cards("QH")
    assert solve(hands, 0, (qh,), SPADES, POST1945, CLASSIC, 10) == (24, list(parse_cards("9H")))
    # pre-1945 the reply must head the queen: only TH, 13
    assert solve(hands, 0, (qh,), SPADES, PRE1945, CLASSIC, 10) == (13, list(parse_cards("TH")))


def test_leading_low_beats_cashing_the_ace():
    """Trump spades, classic points, post-1945.  Seat 0 holds AD 9D, seat 1 TD KD.
    Cashing AD: seat 1 drops KD (4), keeps TD for the last trick (10 + 0 + 10), so seat 0
    takes 11 + 4 = 15.  Leading 9D: seat 1 must take it (both its cards are higher);
    with TD it takes 10, and AD catches KD with the bonus: 11 + 4 + 10 = 25 for seat 0;
    with KD it takes 4 and AD catches TD: 31.  So 25, leading 9D, of 35 in all."""
    hands = (tuple(parse_cards("AD 9D")), tuple(parse_cards("TD KD")))
    assert solve(hands, 0, (), SPADES, POST1945, CLASSIC, 10) == (25, list(parse_cards("9D")))
    # after 9D, seat 1's share: 10 taking it with TD (4 with KD)
    after = (tuple(parse_cards("AD")), hands[1])
    assert solve(after, 0, tuple(parse_cards("9D")), SPADES, POST1945, CLASSIC, 10) == (10, list(parse_cards("TD")))


def test_last_trick_and_forced_ruff():
    """One card each: AS takes 9S, 11 + 0 + the 10-point bonus = 21 (10 with A, 10, K
    counting 10 and no bonus).  Trump clubs, seat 0 led AH and keeps AS, seat 1 holds
    KS 9C: with no heart it must trump, 9C takes 11, then its KS falls to AS
    (11 + 4 + 10 = 25 for seat 0): seat 1's share is 11."""
    one = (tuple(parse_cards("AS")), tuple(parse_cards("9S")))
    assert solve(one, 0, (), CLUBS, POST1945, CLASSIC, 10) == (21, list(parse_cards("AS")))
    assert solve(one, 0, (), CLUBS, POST1945, COUNTERS, 0) == (10, list(parse_cards("AS")))
    two = (tuple(parse_cards("AS")), tuple(parse_cards("KS 9C")))
    (ah,) = parse_cards("AH")
    assert solve(two, 0, (ah,), CLUBS, POST1945, CLASSIC, 10) == (11, list(parse_cards("9C")))


def test_inconsistent_input_raises():
    h = (tuple(parse_cards("AS KS")), tuple(parse_cards("TS 9S")))
    for bad in [
        (h, 0, (int(parse_cards("QS")[0]),), SPADES, POST1945, CLASSIC, 10),  # leader led from 2 of 2
        ((h[0], h[1][:1]), 0, (), SPADES, POST1945, CLASSIC, 10),  # 2 against 1 before the lead
        (h, 0, (1, 2), SPADES, POST1945, CLASSIC, 10),  # a trick of two cards
        (h, 2, (), SPADES, POST1945, CLASSIC, 10),
        (h, 0, (), 4, POST1945, CLASSIC, 10),
        (h, 0, (), SPADES, 3, CLASSIC, 10),
        (h, 0, (), SPADES, POST1945, CLASSIC[:20], 10),
        ((h[0], (24, 5)), 0, (), SPADES, POST1945, CLASSIC, 10),
        (((0, 0), (0, 5)), 0, (), SPADES, POST1945, CLASSIC, 10),  # three aces of spades
        ((h[0],), 0, (), SPADES, POST1945, CLASSIC, 10),
    ]:
        with pytest.raises(ValueError):
            solve(*bad)
    assert solve(((), ()), 0, (), SPADES, POST1945, CLASSIC, 10) == (0, [])


# ------------------------------------------------------------------ (d) the shares add up
def test_the_two_shares_add_up_to_the_points_left():
    """Before a lead, the leader's value is the best over its leads of what the follower
    leaves it; and optimal play to the end gives the seats shares that add up to every
    card's points plus the bonus, the first seat's share being its value."""
    rng = random.Random("shares")
    for _ in range(8):
        hands, leader, trick, trump, head, points, bonus = _endgame(rng, rng.choice((6, 8)))
        total = _left(hands, (), points, bonus)
        value, best = solve(hands, leader, (), trump, head, points, bonus)
        shares = {}
        for card in legal_faces(list(hands[leader]), [], trump, head, False, False):
            after, _, trick2, _, _, _ = _play(hands, leader, (), trump, card)
            shares[card] = total - solve(after, leader, trick2, trump, head, points, bonus)[0]
        assert max(shares.values()) == value and best == sorted(c for c in shares if shares[c] == value)
        # play it out: a best card every turn
        taken = [0, 0]
        first = leader
        while hands[0] or hands[1] or trick:
            _, cards = solve(hands, leader, trick, trump, head, points, bonus)
            hands, leader, trick, _, winner, played = _play(hands, leader, trick, trump, rng.choice(cards))
            if winner is not None:
                taken[winner] += sum(points[f] for f in played) + (0 if hands[0] else bonus)
        assert taken[0] + taken[1] == total
        assert taken[first] == value


# ------------------------------------------------------------------ (e) a reused solver
@pytest.mark.parametrize(("n", "deals", "seed"), [(12, 1, "reuse-12-4"), (8, 4, "reuse-8")])
def test_a_reused_solver_answers_as_fresh_ones(n, deals, seed):
    """Along whole endgames (best cards, and now and then a random legal one, to leave the
    line the search expected) one solver asked at every decision gives what a fresh
    solver gives; so does one whose table is capped very low."""
    rng = random.Random(seed)  # reuse-12-4: a deal of middling difficulty (some 7,000 positions)
    reused, capped = EndgameSolver(), EndgameSolver(max_entries=40)
    for _ in range(deals):
        hands, leader, trick, trump, head, points, bonus = _endgame(rng, n)
        if n == 12:  # the two-hand game itself: classic points, post-1945 heading
            head, points, bonus = POST1945, CLASSIC, 10
        while hands[0] or hands[1] or trick:
            pos = (hands, leader, trick, trump, head, points, bonus)
            fresh = solve(*pos)
            assert reused.solve(*pos) == fresh, pos
            assert capped.solve(*pos) == fresh, pos
            seat = leader if not trick else 1 - leader
            legal = legal_faces(list(hands[seat]), list(trick), trump, head, False, False)
            card = rng.choice(legal) if rng.random() < 0.25 else rng.choice(fresh[1])
            hands, leader, trick, *_ = _play(hands, leader, trick, trump, card)


@pytest.mark.parametrize("n", [4, 7, 9])
def test_one_best_card_is_one_of_the_best_cards(n):
    """``one=True`` (what the bot asks) gives the same value and a single face out of the
    full set of best faces, leading and following."""
    rng = random.Random(f"one-{n}")
    for _ in range(12):
        pos = _random_position(rng, n)
        value, best = solve(*pos)
        one_value, one = EndgameSolver().solve(*pos, one=True)
        assert one_value == value and len(one) == 1 and one[0] in best, pos
