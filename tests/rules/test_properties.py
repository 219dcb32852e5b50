"""Hypothesis: random legal play of complete hands under every shipped preset.

At every step: each card is in exactly one place (hands, kitty, current trick, finished
tricks, buried), the legal set is non-empty and inside the hand, every legal action
applies, a few illegal ones raise `IllegalAction` with a message, and no `SeatView`
shows a seat anything it may not know.  At the end: trick points add up to
`hand_trick_total` (buried cards included) and the `HandResult` adds up (RULES.md
§4, §5.7, §6.2, §7, §8.1, §8.3).
"""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules import (
    Bid,
    Bury,
    Concede,
    GameState,
    IllegalAction,
    NameTrump,
    PassBid,
    PassCards,
    Phase,
    Play,
    PlayOn,
    apply,
    current_seat,
    legal_actions,
    legal_plays,
    load_variants,
    new_round,
    observe,
    score_meld,
)
from rules.cards import make_deck

PRESETS = load_variants()
# the auction round's invariants; the two-hand flows have their own in test_two_hand.py
PRESET_NAMES = sorted(n for n, v in PRESETS.items() if v.round_flow == "auction")
TWO_HAND_PRESETS = {"two-hand", "two-hand-draft", "three-hand-turn-up"}  # the stock and draft flows
BIG_TABLES = {"five-hand", "six-hand", "eight-hand"}  # 5, 6 and 8 seats


def _with(name: str, **kw):
    base = PRESETS[name]
    return type(base).model_validate(base.model_dump() | kw)


# house variations on top of the presets (same saving/penalty rules, so check_result applies)
EXTRA = {
    "simultaneous-pass-3": _with("partnership", pass_order="simultaneous", pass_count=3),
    "pass-2-led-card-ruff": _with("partnership", pass_count=2, head_target="led_card", head_after_ruff=True),
    "no-heading-lead-trump": _with("partnership", head_rule="none", first_lead_must_be_trump=True),
    "kitty-bury-no-trump-or-ace": _with(
        "partnership-kitty", bury_restriction="no_trump_or_ace_unless_forced", kitty_discards_count_for_bidder=False
    ),
    "three-hand-plus-100": _with("three-hand", concession="meld_plus_100", bury_restriction="none"),
    "double-deck-auto-set": _with("double-deck", trump_violation="auto_set"),
}
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_every_required_preset_is_played_here() -> None:
    assert set(PRESET_NAMES) == {
        "partnership",
        "partnership-post1945",
        "partnership-hoyle",
        "partnership-kitty",
        "three-hand",
        "cutthroat",
        "double-deck",
        "racehorse",
        "check",
        "three-hand-check",
        "five-hand",
        "six-hand",
        "eight-hand",
        "three-hand-four",
        "three-hand-five",
        "partnership-five",
        "partnership-widow",
    }
    assert set(PRESETS) == set(PRESET_NAMES) | TWO_HAND_PRESETS


# ---------------------------------------------------------------------- invariants


def _where_cards(state) -> Counter:
    """Every card in play, wherever it is now."""
    t = state.table
    c: Counter = Counter()
    for h in state.hands:
        c.update(h)
    c.update(state.trick)
    for _, cards, _ in state.tricks:
        c.update(cards)
    c.update(t.buried)
    if t.bidder < 0 or (state.phase is Phase.MELD and t.trump < 0) or state.phase is Phase.KITTY:
        # the kitty is still apart (also while a forced bidder has not looked at it, §9.2, and
        # while the bidder hands it out, §2.4); afterwards it is in the hands
        c.update(t.kitty)
    return c


def _check_conservation(state, deck: Counter) -> None:
    assert _where_cards(state) == deck


@functools.cache
def _copies(deck: str) -> int:
    """The most copies of one card in the pack of ``deck``."""
    return max(Counter(make_deck(deck)).values())


def _check_views(state) -> None:
    v = state.variant
    t = state.table
    n = v.players
    # (a received card is in the hand too: at most twice the copies of a card in the pack)
    most = 2 * _copies(v.deck)
    partner = (t.bidder + 2) % n if (t.bidder >= 0 and v.pass_count) else None
    for seat in range(n):
        view = observe(state, seat)
        assert view.seat == seat
        assert tuple(view.hand) == tuple(state.hands[seat])
        assert view.hand_sizes == tuple(len(h) for h in state.hands)
        # kitty: only once taken, and only when exposed or to the bidder
        if view.kitty:
            assert t.bidder >= 0 and (v.kitty_exposed or seat == t.bidder)
            assert tuple(view.kitty) == tuple(t.kitty)
        elif t.bidder >= 0 and t.kitty and not (state.phase is Phase.MELD and t.trump < 0):
            # (a forced bid not yet looked at, concede_without_looking: the widow is unseen, §9.2;
            # a kitty handed out unseen, §2.4 (b): the bidder never sees it)
            assert not (v.kitty_exposed or seat == t.bidder) or v.kitty_mode == "bidder_distributes_one_each"
        # a kitty handed out (§2.4): each seat is told only its own card
        if view.from_kitty is not None:
            assert view.from_kitty == t.handed[(seat - t.bidder) % n]
        # buried: bidder only
        if seat != t.bidder:
            assert view.buried == ()
        else:
            assert tuple(view.buried) == tuple(t.buried)
        # given: what this seat passed, nothing else
        assert tuple(view.given) == tuple(t.given[seat])
        # received: only between bidder and partner, and only what the other gave
        if view.received:
            assert seat in (t.bidder, partner)
            other = partner if seat == t.bidder else t.bidder
            assert tuple(view.received) == tuple(t.given[other])
        if seat not in (t.bidder, partner):
            assert view.received == () and view.given == ()
        # in the simultaneous exchange the bidder may not see the partner's cards early
        if v.pass_order == "simultaneous" and not t.exchanged:
            assert view.received == ()
        # every card the view names as this seat's private knowledge is accounted for
        private = Counter([*view.hand, *view.buried, *view.received])
        assert max(private.values(), default=0) <= most
        # the played cards are public and exact
        assert [c for _, c in view.trick] == list(state.trick)
        assert [s for s, _ in view.trick] == [(state.leader + i) % n for i in range(len(state.trick))]


def _check_legal(state, legal) -> None:
    assert len(legal) > 0
    seat = current_seat(state)
    assert seat == state.to_act
    if state.phase is Phase.TRICKS:
        hand = state.hands[seat]
        cards = [a.card for a in legal]
        assert all(isinstance(a, Play) for a in legal)
        assert all(c in hand for c in cards)
        assert len(set(cards)) == len(cards)
        first = not state.tricks and not state.trick
        assert sorted(cards) == sorted(
            legal_plays(hand, state.trick, state.table.trump, state.variant, first_lead=first)
        )
    elif state.phase is Phase.PASS:
        hand = Counter(state.hands[seat])
        for i in {0, len(legal) - 1, len(legal) // 2}:
            a = legal[i]
            assert isinstance(a, PassCards) and len(a.cards) == state.variant.pass_count
            assert not Counter(a.cards) - hand
    elif state.phase is Phase.BURY:
        hand = Counter(state.hands[seat])
        for i in {0, len(legal) - 1, len(legal) // 2}:
            a = legal[i]
            assert isinstance(a, Bury) and len(a.cards) == state.variant.kitty_size
            assert not Counter(a.cards) - hand


def _sample(rng: random.Random, legal, k: int):
    n = len(legal)
    idx = range(n) if n <= k else {0, n - 1, *(rng.randrange(n) for _ in range(k - 2))}
    return [legal[i] for i in idx]


def _check_all_legal_apply(state, legal, rng: random.Random) -> None:
    for a in _sample(rng, legal, 12):
        nxt = apply(state, a)
        assert nxt is not state
    # apply never mutates the old state: it still offers the same actions
    assert len(legal_actions(state)) == len(legal)


def _check_illegal(state, legal, rng: random.Random) -> None:
    v = state.variant
    if state.phase is Phase.TRICKS:
        hand = state.hands[state.to_act]
        ok = {a.card for a in legal}
        for c in set(hand) - ok:
            with pytest.raises(IllegalAction) as e:
                apply(state, Play(c))
            assert str(e.value)
        missing = [c for c in make_deck(v.deck) if c not in hand]
        if missing:
            with pytest.raises(IllegalAction, match="do not hold"):
                apply(state, Play(missing[0]))
        with pytest.raises(IllegalAction):
            apply(state, Bid(v.max_bid))
    elif state.phase is Phase.AUCTION:
        low = min((a.amount for a in legal if isinstance(a, Bid)), default=None)
        if low is not None and low > v.min_bid:
            with pytest.raises(IllegalAction) as e:
                apply(state, Bid(low - v.bid_unit))
            assert str(e.value)
        with pytest.raises(IllegalAction):
            apply(state, Bid(v.max_bid + 10 * v.bid_unit))
        if low is not None:
            with pytest.raises(IllegalAction):
                apply(state, Bid(low + 1))  # off the grid
        with pytest.raises(IllegalAction):
            apply(state, Play(state.hands[state.to_act][0]))
    elif state.phase is Phase.PASS:
        with pytest.raises(IllegalAction):
            apply(state, PassCards(tuple(state.hands[state.to_act][: v.pass_count - 1])))
    elif state.phase is Phase.BURY:
        with pytest.raises(IllegalAction):
            apply(state, Bury(tuple(state.hands[state.to_act][: v.kitty_size + 1])))
    elif state.phase is Phase.MELD:
        with pytest.raises(IllegalAction):
            apply(state, PassBid())


def _choose(state, legal, rng: random.Random):
    """A random legal action, biased so that contracts are often reachable and made."""
    ph = state.phase
    if ph is Phase.AUCTION:
        bids = [a for a in legal if isinstance(a, Bid)]
        if any(isinstance(a, PassBid) for a in legal) and rng.random() < 0.55:
            return PassBid()
        if bids:
            return bids[0] if rng.random() < 0.7 else bids[rng.randrange(min(len(bids), 8))]
    if ph is Phase.MELD:
        return PlayOn() if rng.random() < 0.85 else Concede()
    return legal[rng.randrange(len(legal))]


def play_hand(variant, seed: int, dealer: int):
    rng = random.Random(seed)
    state = new_round(variant, dealer=dealer, rng=random.Random(seed ^ 0x5EED))
    deck = Counter(make_deck(variant.deck))
    # the deal: right sizes, each card exactly once
    assert all(len(h) == variant.cards_per_hand for h in state.hands)
    assert len(state.table.kitty) == variant.kitty_size
    assert Counter(c for h in state.hands for c in h) + Counter(state.table.kitty) == deck
    steps = 0
    melds_seen = None
    while state.phase is not Phase.DONE:
        steps += 1
        assert steps < 500
        legal = legal_actions(state)
        _check_legal(state, legal)
        _check_views(state)
        _check_conservation(state, deck)
        if rng.random() < 0.5 or state.phase is not Phase.TRICKS:
            _check_all_legal_apply(state, legal, rng)
            _check_illegal(state, legal, rng)
        state = apply(state, _choose(state, legal, rng))
        if state.table.melds is not None and melds_seen is None:
            melds_seen = state.table.melds
            for seat, m in enumerate(melds_seen):
                hand = state.hands[seat]
                if state.phase is not Phase.BURY and not state.table.buried:
                    assert m.total == score_meld(hand, state.table.trump, variant).total
    _check_views(state)
    assert current_seat(state) is None
    assert legal_actions(state) == []
    with pytest.raises(IllegalAction):
        apply(state, PassBid())
    return state


def check_result(state) -> None:
    v = state.variant
    r = state.result
    t = state.table
    assert r is not None
    assert len(r.sides) == v.n_sides
    for i, s in enumerate(r.sides):
        assert s.side == i and s.seats == tuple(x for x in range(v.players) if v.side_of[x] == i)
    if r.kind in ("misdeal", "all_passed"):
        assert all(s.change == 0 for s in r.sides)
        return
    if r.kind == "meld_win":
        # §5.6, §0.4 item 14: a quadruple in trump ends the hand at meld and wins the game
        # for its side; nothing is scored, no trick is played, the winning seat showed it
        assert v.quadruple_wins_game and not state.tricks
        assert r.meld_win is not None and t.melds[r.meld_win_seat].wins == r.meld_win
        assert all(s.change == 0 and s.trick_points == 0 for s in r.sides)
        return
    if r.partner is not None:
        _check_called_result(state)
        return
    bside = v.side_of[t.bidder]
    unseen = t.trump < 0  # a forced bid thrown in before the widow was taken (§9.2): no trump, no meld
    assert r.bidder == t.bidder and r.contract == t.high_bid and r.trump == (None if unseen else "SHDC"[t.trump])
    assert not unseen or (r.kind == "conceded" and v.concede_without_looking != "off" and t.melds is None)
    shown = [0 if unseen else sum(t.melds[x].total for x in s.seats) for s in r.sides]
    assert [s.meld_shown for s in r.sides] == shown
    if r.kind == "auto_set":
        # §3.6: trump named without the required marriage (none held): not played, bid lost
        assert v.trump_requirement != "any" and not state.tricks
        hand = state.hands[t.bidder]
        assert not ((t.trump * 6 + 2) in hand and (t.trump * 6 + 3) in hand)  # no marriage in trump
        if v.trump_violation == "prevented":  # only when no suit could be named legally
            assert not any((s * 6 + 2) in hand and (s * 6 + 3) in hand for s in range(4))
        for s in r.sides:
            assert s.trick_points == 0
            if s.side == bside:
                assert (s.made, s.change) == (False, -t.high_bid)
            else:
                assert s.change >= s.meld_shown
        return
    if r.kind == "conceded":
        assert not state.tricks
        for s in r.sides:
            assert s.trick_points == 0
            if s.side == bside:
                assert (s.made, s.change) == (False, -t.high_bid)
            else:
                bonus = 100 if v.concession == "meld_plus_100" else 0
                assert (s.made, s.change) == (None, s.meld_shown + bonus)
        return
    assert r.kind == "played"
    assert len(state.tricks) == v.tricks_per_hand
    assert all(len(h) == 0 for h in state.hands)
    buried_pts = sum(v.card_points[c] for c in t.buried)
    if v.kitty_discards_count_for_bidder:
        assert sum(s.trick_points for s in r.sides) == v.hand_trick_total
    else:  # §4.2 (a), §7.2: the discards then count for nobody
        assert sum(s.trick_points for s in r.sides) == v.hand_trick_total - buried_pts
    # trick points recomputed from the tricks themselves (§7)
    for s in r.sides:
        pts = sum(v.card_points[c] for _, cards, w in state.tricks if w in s.seats for c in cards)
        if state.tricks[-1][2] in s.seats:
            pts += v.last_trick_bonus
        if s.side == bside and v.kitty_discards_count_for_bidder:
            pts += sum(v.card_points[c] for c in t.buried)
        assert s.trick_points == pts
        ntricks = sum(1 for _, _, w in state.tricks if w in s.seats)
        assert s.tricks == ntricks
        # meld_requires = one_trick in every preset; a set bidding side forfeits it (§8.1 step 5)
        assert s.meld_saved + s.meld_forfeited == (s.meld_shown if ntricks > 0 else 0)
        assert s.meld_forfeited == (s.meld_shown if ntricks > 0 and s.made is False else 0)
        total = s.meld_saved + s.meld_forfeited + s.trick_points
        if s.side == bside:
            assert s.made == (total >= t.high_bid)
            assert s.change == (total if s.made else -t.high_bid)
        else:
            assert s.made is None and s.change == total
    # every trick's winner follows §1.3 and led the next one
    for i, (leader, cards, w) in enumerate(state.tricks):
        assert len(cards) == v.players
        from rules import trick_winner

        assert w == (leader + trick_winner(cards, t.trump)) % v.players
        if i + 1 < len(state.tricks):
            assert state.tricks[i + 1][0] == w
    first_leader = t.bidder if v.first_leader == "bidder" else (t.dealer + 1) % v.players
    assert state.tricks[0][0] == first_leader
    took_all = [s.side for s in r.sides if s.tricks == len(state.tricks)]
    assert r.pinochle_side == (took_all[0] if took_all else None)


def _check_called_result(state) -> None:
    """Five-hand (§0.4.11), recomputed from the tricks: one entry per player with its own
    trick points and tricks; the partner is the first seat clockwise from the bidder that
    held the called trump card (it played a copy; no seat between them played one); the
    pair makes the bid with its saved meld and tricks, and each of the two scores that
    (or loses the bid); each defender scores its own saved meld and all the defenders' tricks."""
    v = state.variant
    r = state.result
    t = state.table
    n = v.players
    bidder, partner = t.bidder, r.partner
    assert partner == t.partner != bidder and r.called is not None and r.called // 6 == t.trump
    played = [
        [c for leader, cards, _ in state.tricks for i, c in enumerate(cards) if (leader + i) % n == s] for s in range(n)
    ]
    if r.kind == "played":
        assert r.called in played[partner]
        step = -1 if v.called_partner_card == "trump_card_ask_from_right" else 1
        between = [(bidder + k * step) % n for k in range(1, ((partner - bidder) * step) % n)]
        assert not any(r.called in played[s] for s in between)
    pair = {bidder, partner}
    shown = [t.melds[s].total for s in range(n)]
    assert [s.meld_shown for s in r.sides] == shown
    if r.kind == "conceded":
        bonus = 100 if v.concession == "meld_plus_100" else 0
        assert [s.change for s in r.sides] == [-t.high_bid if k in pair else shown[k] + bonus for k in range(n)]
        return
    assert r.kind == "played"
    pts = [sum(v.card_points[c] for _, cards, w in state.tricks if w == k for c in cards) for k in range(n)]
    pts[state.tricks[-1][2]] += v.last_trick_bonus
    won = [sum(1 for *_, w in state.tricks if w == k) for k in range(n)]
    assert [(s.trick_points, s.tricks) for s in r.sides] == list(zip(pts, won))
    pair_won = sum(won[k] for k in pair) > 0
    def_won = sum(won[k] for k in range(n) if k not in pair) > 0
    pair_total = (sum(shown[k] for k in pair) if pair_won else 0) + sum(pts[k] for k in pair)
    made = pair_total >= t.high_bid
    defence = sum(pts[k] for k in range(n) if k not in pair)
    for k, s in enumerate(r.sides):
        if k in pair:
            assert (s.made, s.change) == (made, pair_total if made else -t.high_bid)
        else:
            assert (s.made, s.change) == (None, (shown[k] if def_won else 0) + defence)


@pytest.mark.parametrize("name", [n for n in PRESET_NAMES if n not in BIG_TABLES])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3))
@example(seed=285528, dealer=0)  # racehorse: a quadruple pinochle in trump wins at meld
def test_random_legal_play_of_a_complete_hand(name: str, seed: int, dealer: int) -> None:
    v = PRESETS[name]
    state = play_hand(v, seed, dealer % v.players)
    check_result(state)


@pytest.mark.parametrize("name", sorted(BIG_TABLES))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 7))
def test_random_legal_play_of_a_complete_hand_at_a_big_table(name: str, seed: int, dealer: int) -> None:
    """The same at 5, 6 and 8 seats, with fewer examples: a hand is 80 to 120 cards, and
    every state's views are checked for every seat."""
    v = PRESETS[name]
    state = play_hand(v, seed, dealer % v.players)
    check_result(state)


@pytest.mark.parametrize("name", sorted(EXTRA))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3))
def test_random_legal_play_house_variations(name: str, seed: int, dealer: int) -> None:
    v = EXTRA[name]
    state = play_hand(v, seed, dealer % v.players)
    check_result(state)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_many_seeded_hands_reach_every_outcome(name: str) -> None:
    """Not hypothesis: a fixed batch, to be sure the random play really plays hands out."""
    v = PRESETS[name]
    kinds: Counter = Counter()
    hands = 10 if name in BIG_TABLES else 25  # a big table's hand is 80 to 120 cards
    for seed in range(hands):
        state = play_hand(v, seed, seed % v.players)
        check_result(state)
        kinds[state.result.kind] += 1
    assert kinds["played"] >= hands * 2 // 5


@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_game_scores_add_up_over_hands(name: str, seed: int) -> None:
    v = PRESETS[name]
    game = GameState.start(v, seed=seed)
    rng = random.Random(seed)
    for _ in range(4):
        if game.over:
            break
        state = game.new_round()
        assert state.dealer == v.deal_seats(game.dealer)[0]
        while state.phase is not Phase.DONE:
            legal = legal_actions(state)
            state = apply(state, _choose(state, legal, rng))
        before = game
        game = game.after_hand(state.result)
        r = state.result
        if r.counts:  # each side's change to each of its score entries (its people when some sit out)
            want = list(before.scores)
            for entries, change in zip(before.holders(), r.changes):
                for e in entries:
                    want[e] += change
            assert game.scores == tuple(want)
            assert game.dealer == (before.dealer + 1) % v.people
        else:
            assert game.scores == before.scores
            assert game.dealer == (before.dealer if r.same_dealer else (before.dealer + 1) % v.people)
        assert game.history[-1] is r


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_name_trump_only_allowed_suits_double_deck(seed: int) -> None:
    """§3.6 (double-deck preset): the bidder must hold a marriage in the trump suit."""
    v = PRESETS["double-deck"]
    state = new_round(v, dealer=0, rng=random.Random(seed))
    rng = random.Random(seed)
    while state.phase not in (Phase.TRUMP, Phase.DONE):
        legal = legal_actions(state)
        state = apply(state, _choose(state, legal, rng))
    if state.phase is Phase.DONE:
        return
    hand = state.hands[state.bidder]
    married = [s for s in range(4) if (s * 6 + 2) in hand and (s * 6 + 3) in hand]
    offered = sorted(a.suit.index for a in legal_actions(state))
    if married:
        assert offered == married
        for s in set(range(4)) - set(married):
            with pytest.raises(IllegalAction):
                apply(state, NameTrump(legal_actions(state)[0].suit.__class__("SHDC"[s])))
    else:
        assert offered == [0, 1, 2, 3]
