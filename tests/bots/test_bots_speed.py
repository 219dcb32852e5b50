"""The speed-ups of the standard bot change no decision: incremental card tracking gives
exactly the knowledge a rebuild from the view gives, whatever order views arrive in; the
inline trick play, the hand estimates and the pass/bury choices give exactly what the
plain code they replaced gives (kept here as the reference)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from bots import make_bot
from bots.cardsets import best_sets
from bots.estimate import _arrival_probs, _meld_gain, evaluate, evaluate_trumps
from bots.knowledge import Knowledge, copies_of, track, trick_memo
from rules import CARDS, Phase, Play, apply, legal_actions, load_variants, make_deck, new_round, observe, score_meld

PRESETS = sorted(load_variants())  # every shipped preset


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
        # the trump Ten only as the master while an opponent may hold an unseen trump ace
        # and a low trump (Q, J, 9) can be led instead
        ten = -1
        if t >= 0 and k.out[t * 6] and any(not (k.void[s] >> t & 1) for s in opps):
            ace = t * 6
            partner_has_it = k.out[ace] == 1 and any(k.known[q][ace] > 0 for q in partners)
            if not partner_has_it and any(a.card // 6 == t and a.card % 6 >= 3 for a in legal):
                ten = ace + 1
        for a in legal:
            c = a.card
            if c == ten:
                continue
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


# ---------------------------------------------------------------- the plain estimates
# bots.estimate and bots.cardsets as written before they were made fast (tables per
# variant, bit masks, one pass per hand); the fast ones must give exactly these floats.


def _plain_arrival_probs(counts, trump, v, unseen_cards):
    cop = copies_of(v.deck)
    probs = [0.0] * 24
    if v.pass_count and v.players == 4:
        share = v.cards_per_hand / max(1, unseen_cards)
        for f in range(24):
            left = cop[f] - counts[f]
            if left <= 0:
                continue
            has = 1.0 - (1.0 - share) ** left
            r = f % 6
            if f // 6 == trump:
                willing = 0.85 if r != 5 else 0.25
            elif r == 0:
                willing = 0.55
            elif f in (3, 16):
                willing = 0.3
            elif r in (2, 3):
                willing = 0.2
            else:
                willing = 0.05
            probs[f] = has * willing * min(1.0, v.pass_count / 4)
    elif v.kitty_size:  # a kitty handed out brings the bidder one card
        taken = v.kitty_size if v.kitty_mode == "bidder_takes_and_buries" else 1
        share = taken / max(1, unseen_cards)
        for f in range(24):
            left = cop[f] - counts[f]
            if left > 0:
                probs[f] = 1.0 - (1.0 - share) ** left
    return probs


def _plain_meld_gain(counts, trump, v, base, probs):
    if not any(probs):
        return 0.0, 0.0
    tb = trump * 6
    groups = [
        [tb + r for r in range(5)],
        [0, 6, 12, 18],
        [2, 8, 14, 20],
        [3, 9, 15, 21],
        [4, 10, 16, 22],
        [3, 16],
        [tb + 2, tb + 3],
    ]
    best = {}
    var = 0.0
    for g in groups:
        missing = [f for f in g if counts[f] == 0]
        if not missing or len(missing) > 2:
            continue
        p = 1.0
        for f in missing:
            p *= probs[f]
        if p < 0.02:
            continue
        key = tuple(missing)
        if key in best:
            continue
        hand = [f for f in range(24) for _ in range(counts[f])] + list(key)
        gain = score_meld(hand, trump, v).total - base
        if gain > 0:
            best[key] = gain * p
            var += gain * gain * p * (1.0 - p)
    total = sum(best.values())
    if v.dix_value and probs[tb + 5] and copies_of(v.deck)[tb + 5]:
        total += v.dix_value * probs[tb + 5] * 0.5
    vals = sorted(best.values(), reverse=True)
    return min(total, sum(vals[:2]) + (v.dix_value * probs[tb + 5] * 0.5 if v.dix_value else 0.0)), var


def _plain_best_sets(hand, k, trump, v, value, *, meld_weight=1.0, void_bonus=0.0, protect_melded=False, width=7):
    cards = sorted(hand)
    base_res = score_meld(cards, trump, v)
    base = base_res.total
    melded = base_res.melded_counts
    used = [0] * 24
    ranked = []
    for c in cards:
        is_melded = used[c] < melded[c]
        used[c] += 1
        ranked.append((value(c) - (1000.0 if is_melded and protect_melded else 0.0), -c, c))
    ranked.sort(reverse=True)
    pool = [c for _, _, c in ranked[: max(width, k)]]
    suit_len = [0] * 4
    have = [0] * 24
    for c in cards:
        suit_len[c // 6] += 1
        have[c] += 1
    seen = set()
    lost = {}
    out = []
    for combo in combinations(range(len(pool)), k):
        chosen = tuple(sorted(pool[i] for i in combo))
        if chosen in seen:
            continue
        seen.add(chosen)
        score = 0.0
        left = have[:]
        for c in chosen:
            score += value(c)
            left[c] -= 1
        key = tuple(f for f in chosen if left[f] < melded[f])
        if key:
            loss = lost.get(key)
            if loss is None:
                rest = [f for f in range(24) for _ in range(left[f])]
                loss = lost[key] = base - score_meld(rest, trump, v).total
            score -= meld_weight * loss
        if void_bonus:
            gone = [0] * 4
            for c in chosen:
                gone[c // 6] += 1
            for s in range(4):
                if s != trump and gone[s] and gone[s] == suit_len[s]:
                    score += void_bonus
        out.append((score, chosen))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out


def _random_hands(v, count, seed):
    deck = list(make_deck(v.deck))
    rng = random.Random(seed)
    for i in range(count):
        rng.shuffle(deck)
        yield i, sorted(deck[: v.cards_per_hand + i % 5])


@pytest.mark.parametrize("preset", PRESETS)
def test_fast_estimates_equal_the_plain_ones(variants, preset):
    """`evaluate_trumps` (per-variant tables, bit masks, one pass per hand) gives the
    plain arrival chances and meld gains, float for float, for every trump."""
    v = variants[preset]
    deck = 48 if v.deck == "single48" else 80
    for _, hand in _random_hands(v, 120, preset):
        counts = [0] * 24
        for f in hand:
            counts[f] += 1
        unseen = deck - sum(counts)
        ests = evaluate_trumps(hand, range(4), v)
        for t in range(4):
            probs = _plain_arrival_probs(counts, t, v, unseen)
            assert _arrival_probs(counts, t, v, unseen) == probs
            base = score_meld(hand, t, v).total
            gain, var = _plain_meld_gain(counts, t, v, base, probs)
            assert _meld_gain(counts, t, v, base, probs) == (gain, var)
            assert ests[t] == evaluate(hand, t, v)
            assert evaluate(hand, t, v, as_bidder=False) == evaluate_trumps(hand, [t], v, as_bidder=False)[0]


@pytest.mark.parametrize("preset", ["partnership", "partnership-kitty", "three-hand", "double-deck"])
def test_fast_card_sets_equal_the_plain_ones(variants, preset):
    """`best_sets` gives the plain list of choices, scores and order, for passing and
    burying alike (with and without melded cards protected, with a void bonus)."""
    v = variants[preset]

    def value(c):
        return (c * 7919) % 13 - 6.0 + (c % 6) * 0.25

    for i, hand in _random_hands(v, 60, preset):
        t = i % 4
        for k in (2, 3, 4):
            for kw in ({}, {"meld_weight": 50.0, "void_bonus": 25.0, "protect_melded": True}, {"void_bonus": 20.0}):
                assert best_sets(hand, k, t, v, value, **kw) == _plain_best_sets(hand, k, t, v, value, **kw)
