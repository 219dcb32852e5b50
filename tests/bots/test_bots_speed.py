"""The speed-ups of the standard bot change no decision: incremental card tracking gives
exactly the knowledge a rebuild from the view gives, whatever order views arrive in."""

from __future__ import annotations

import random

import pytest

from bots import make_bot
from bots.knowledge import Knowledge, track, trick_memo
from rules import CARDS, Phase, Play, apply, legal_actions, new_round, observe


def _same(a: Knowledge, b: Knowledge) -> None:
    for name in Knowledge.__slots__:
        assert getattr(a, name) == getattr(b, name), name


def _hands(v, count, seed):
    """Every trick-phase (view, legal) of ``count`` hands played by standard bots."""
    bots = [make_bot("standard") for _ in range(v.players)]
    for i in range(count):
        s = new_round(v, i % v.players, random.Random(f"{seed}/{i}"))
        rng = random.Random(i)
        while s.phase is not Phase.DONE:
            view, legal = observe(s, s.to_act), legal_actions(s)
            if s.phase is Phase.TRICKS:
                yield view, legal
            s = apply(s, bots[s.to_act].act(view, legal, rng))


@pytest.mark.parametrize(
    ("preset", "count"), [("partnership", 200), ("partnership-kitty", 60), ("three-hand", 60), ("double-deck", 40)]
)
def test_incremental_tracking_equals_a_rebuild(variants, preset, count):
    """At every trick decision (forced ones skipped, as the simulator skips them) the
    memo carried from the seat's earlier views, hand after hand, gives the same
    `Knowledge` as `track` from the view alone, full and light."""
    memos: dict[int, object] = {}
    checked = 0
    for view, legal in _hands(variants[preset], count, preset):
        if len(legal) < 2:
            continue
        memo = memos[view.seat] = trick_memo(view, memos.get(view.seat))  # type: ignore[arg-type]
        for light in (False, True):
            _same(track(view, light=light, memo=memo), track(view, light=light))
        checked += 1
    assert checked > count * 10


def test_a_memo_from_another_hand_or_seat_is_not_trusted(variants):
    """Views in a shuffled order (other hands, other seats, going back in a hand) with
    one memo handed along: still exactly the rebuild."""
    views = [view for view, _ in _hands(variants["partnership"], 12, "shuffle")]
    random.Random(5).shuffle(views)
    memo = None
    for view in views:
        memo = trick_memo(view, memo)
        _same(track(view, memo=memo), track(view))


def test_the_simulator_skips_forced_decisions(variants):
    """A decision with one legal action is taken without asking the bot: the latency
    figures count real decisions only, and the play is the same as asking."""
    from pinochle_tui.simulate import simulate

    v = variants["partnership"]
    r = simulate(v, ["standard"] * 4, hands=6, seed="forced")
    per_hand = r.latency()["standard"]["decisions"] / r.hands
    assert 20 < per_hand < 55


# ---------------------------------------------------------------- the plain trick play
# StandardBot.play as it was written before it was made fast: `track` from the view
# alone and the `Knowledge` methods, one call per chance.  The fast play must choose
# exactly the same card at every decision.


def _beats(a, b, t):
    sa, sb = a // 6, b // 6
    if sa == sb:
        return a % 6 < b % 6
    return sa == t


def _p_beat(k, r, card, ls):
    t = k.trump
    cs = card // 6
    higher = k.higher_out(card)
    if cs == t:
        p = k.holds_any(r, higher) if higher else 0.0
        if ls != t:
            p *= k.void_in(r, ls)
        return p
    p_high = k.holds_any(r, higher) if higher else 0.0
    if t < 0 or cs != ls:
        return p_high
    p_void = k.void_in(r, ls)
    p_trump = 1.0 - k.void_in(r, t) if p_void > 0 else 0.0
    return min(1.0, p_high + p_void * p_trump)


def _future(bot, k, c, t):
    r = c % 6
    if c // 6 == t:
        return bot.trump_future + (5 - r) * 2.0 + (4.0 if k.is_master(c) else 0.0)
    val = (5 - r) * 0.5
    if k.is_master(c):
        val += bot.master_future
    elif len(k.higher_out(c)) == 1:
        val += 2.0
    return val


def _plain_play(bot, view, legal):
    v = view.variant
    n = v.players
    k = track(view, light=len(view.trick) == n - 1)
    t = k.trump
    me = view.seat
    side = v.side_of
    my_side = side[me]
    cp = v.card_points
    trick = view.trick
    pos = len(trick)
    remaining = [(me + i) % n for i in range(1, n - pos)]
    bonus = v.last_trick_bonus if len(view.hand) == 1 else 0
    bidder = view.bidder
    we_bid = bidder is not None and side[bidder] == my_side
    partners = [s for s in range(n) if s != me and side[s] == my_side]
    opps = [s for s in range(n) if side[s] != my_side]
    hand = view.hand
    best = None
    best_score = -1e18
    if pos == 0:
        my_trumps = sum(1 for c in hand if c // 6 == t)
        out_tr = k.out_in_suit(t) if t >= 0 else 0
        opp_may_trump = any(not (k.void[s] >> t & 1) for s in opps) and out_tr > 0
        for a in legal:
            c = a.card
            s = c // 6
            p = 1.0
            for r in remaining:
                if side[r] != my_side:
                    p *= 1.0 - _p_beat(k, r, c, s)
            if p < 1.0:
                rescue = 0.0
                for r in partners:
                    rescue = max(rescue, _p_beat(k, r, c, s))
                p += (1.0 - p) * rescue * 0.5
            stake = cp[c] + bot.per_player * (n - 1) + bonus
            score = (2.0 * p - 1.0) * stake - _future(bot, k, c, t)
            if s == t:
                if we_bid and opp_may_trump:
                    if my_trumps >= 3 or me == bidder:
                        score += bot.pull_bonus + (4.0 if k.is_master(c) else 0.0)
                elif not we_bid and bidder is not None:
                    score -= bot.defender_trump_penalty
            else:
                for r in partners:
                    if k.void[r] >> s & 1 and not (k.void[r] >> t & 1):
                        score += bot.partner_void_bonus
                if bidder is not None and not we_bid and k.void[bidder] >> s & 1 and not (k.void[bidder] >> t & 1):
                    score -= 6.0
            if score > best_score or (score == best_score and c > best):
                best, best_score = c, score
        return Play(CARDS[best])
    cards = [c for _, c in trick]
    ls = cards[0] // 6
    wi = 0
    for i in range(1, len(cards)):
        if _beats(cards[i], cards[wi], t):
            wi = i
    ws, w = trick[wi]
    on_table = sum(cp[c] for c in cards)
    weight = [1.0 if side[s] == my_side else -1.0 for s in range(n)]
    if v.sides != "pairs_opposite" and bidder is not None and bidder != me:
        for s in range(n):
            if s not in (me, bidder):
                weight[s] = bot.ally_weight
    for a in legal:
        c = a.card
        if _beats(c, w, t):
            holder, hc = me, c
        else:
            holder, hc = ws, w
        wh = weight[holder]
        value = 0.0
        alive = 1.0
        for r in remaining:
            wr = weight[r]
            if wr == wh:
                continue
            pb = _p_beat(k, r, hc, ls)
            if wr > wh:
                pb *= bot.rescue
            value += alive * pb * wr
            alive *= 1.0 - pb
        value += alive * wh
        stake = on_table + cp[c] + bot.per_player * len(remaining) + bonus
        score = value * stake - _future(bot, k, c, t)
        if score > best_score or (score == best_score and c > best):
            best, best_score = c, score
    return Play(CARDS[best])


@pytest.mark.parametrize(
    ("preset", "count"),
    [
        ("partnership", 150),
        ("partnership-hoyle", 40),
        ("partnership-kitty", 40),
        ("three-hand", 60),
        ("cutthroat", 40),
        ("double-deck", 30),
    ],
)
def test_fast_trick_play_chooses_like_the_plain_one(variants, preset, count):
    """The inline chances of `StandardBot.play` give the card the plain `Knowledge`
    method calls give, at every trick decision."""
    bot = make_bot("standard")
    checked = 0
    for view, legal in _hands(variants[preset], count, f"plain-{preset}"):
        if len(legal) < 2:
            continue
        assert bot.play(view, legal) == _plain_play(bot, view, legal), (preset, view.tricks, view.trick)
        checked += 1
    assert checked > count * 10
