"""The expert's search of the two-hand draft (keep or reject the card looked at): its
deals keep to what the seat saw, the draft it rebuilds is the real one on the real deal,
it plays legally and honestly and replays exactly."""

from __future__ import annotations

import random
import time
from collections import Counter

from bots.expert import ExpertBot
from bots.search.draft import DraftDeals, rebuild_draft
from bots.search.stock import analyse_stock, searched_here
from bots.standard import StandardBot
from rules import DraftRound, Phase, apply, legal_actions, load_variants, new_round, observe
from rules.cards import make_deck

DRAFT = load_variants()["two-hand-draft"]


def _drafts(seed: int) -> list[DraftRound]:
    """Every state of one standard draft (before each keep or reject)."""
    std = StandardBot()
    s = new_round(DRAFT, seed % 2, random.Random(seed))
    rng = random.Random(seed)
    out = []
    while isinstance(s, DraftRound):
        out.append(s)
        s = apply(s, std.act(observe(s, s.to_act), legal_actions(s), rng))
    return out


def _hidden(state: DraftRound, seat: int, rng: random.Random) -> DraftRound:
    """The cards ``seat`` cannot see shuffled among their places: the other hand, the
    other discard pile, this seat's discards it did not look at, the pack under the card
    looked at."""
    other = 1 - seat
    mine_unseen = Counter(state.discards[seat]) - Counter(state.seen[seat])
    pool = [*state.hands[other], *state.discards[other], *mine_unseen.elements(), *state.pack[1:]]
    rng.shuffle(pool)
    a, b, c = len(state.hands[other]), len(state.discards[other]), sum(mine_unseen.values())
    hands, discards = list(state.hands), list(state.discards)
    hands[other] = tuple(sorted(pool[:a]))
    discards[other] = tuple(sorted(pool[a : a + b]))
    discards[seat] = tuple(sorted([*state.seen[seat], *pool[a + b : a + b + c]]))
    return state._replace(hands=tuple(hands), discards=tuple(discards), pack=(state.pack[0], *pool[a + b + c :]))


def test_every_keep_or_reject_is_searched():
    for s in _drafts(1):
        assert searched_here(observe(s, s.to_act))
        assert not searched_here(observe(s, 1 - s.to_act))  # (nothing looked at: not this seat's turn)


def test_sampled_deals_keep_to_what_the_seat_saw():
    """The other hand and its pile as many cards as it kept, this seat's unseen discards
    as many as it kept without looking, and with the seat's hand, the discards it saw and
    the card looked at, the pack exactly."""
    pack = Counter(int(c) for c in make_deck("single48"))
    rng = random.Random(2)
    for s in _drafts(0)[::3]:
        seat = s.to_act
        view = observe(s, seat)
        deals = DraftDeals(view)
        for _ in range(3):
            other, other_pile, mine, rest = deals.sample(rng)
            assert len(other) == len(other_pile) == len(s.hands[1 - seat])
            assert len(mine) == len(s.discards[seat]) - len(s.seen[seat])
            assert len(rest) == len(s.pack) - 1
            every = Counter([*other, *other_pile, *mine, *rest])
            every.update(int(c) for c in [*view.hand, *view.discards, view.looking_at])
            assert every == pack


def test_the_draft_rebuilt_on_the_real_deal_is_the_real_draft():
    """With the real unseen cards, `rebuild_draft` is the real draft (the other seat's
    looked-at discards aside, which only its own view shows), and both actions lead to
    the same hands and piles."""
    for seed in range(2):
        for s in _drafts(seed):
            seat = s.to_act
            view = observe(s, seat)
            mine = sorted((Counter(s.discards[seat]) - Counter(s.seen[seat])).elements())
            got = rebuild_draft(view, s.hands[1 - seat], s.discards[1 - seat], mine, s.pack[1:])
            assert got._replace(seen=s.seen) == s
            assert got.seen[seat] == s.seen[seat]
            for a in legal_actions(s):
                x, y = apply(got, a), apply(s, a)
                assert x.hands == y.hands and x.phase is y.phase


def test_the_expert_drafts_legally_honestly_and_replays():
    """Whole drafts at a small node budget: every action legal, the same actions again
    with the same seed, and shuffling what the seat cannot see never changes its choice."""
    rng = random.Random(5)
    runs = []
    for _ in range(2):
        bots = [ExpertBot(think=None, nodes=2000), StandardBot()]
        s = new_round(DRAFT, 1, random.Random(3))
        r = random.Random(3)
        acts = []
        while s.phase is Phase.DRAFT:
            legal = legal_actions(s)
            a = bots[s.to_act].act(observe(s, s.to_act), legal, r)
            assert a in legal
            acts.append(a)
            s = apply(s, a)
        runs.append(acts)
    assert runs[0] == runs[1] and len(runs[0]) == 24
    checked = 0
    for s in _drafts(4)[::4]:
        seat = s.to_act
        view = observe(s, seat)
        want = ExpertBot(think=None, nodes=1500).act(view, legal_actions(s), random.Random(9))
        other = _hidden(s, seat, rng)
        assert observe(other, seat) == view and other != s
        assert (
            ExpertBot(think=None, nodes=1500).act(observe(other, seat), legal_actions(other), random.Random(9)) == want
        )
        checked += 1
    assert checked >= 5


def test_the_search_counts_its_nodes_and_replays():
    s = _drafts(2)[6]
    view, legal = observe(s, s.to_act), legal_actions(s)
    x = analyse_stock(view, legal, 0, random.Random(1), 8000, None, time.perf_counter, 1, None, 3)
    assert x == analyse_stock(view, legal, 0, random.Random(1), 8000, None, time.perf_counter, 1, None, 3)
    _, _, deals, nodes, _, lose = x
    assert nodes >= 8000 and deals >= 2 and lose == []  # (a keep or reject loses no trick)
    assert analyse_stock(view, legal, 0, random.Random(1), 10, None, time.perf_counter, 1, None, 3)[2] == 1
    off = ExpertBot(think=None, nodes=2000, draft=False)
    assert off.act(view, legal, random.Random(0)) == StandardBot().act(view, legal, random.Random(0))
    assert off.standard_move == (
        "the expert keeps or rejects the draft's card as the standard bot does (no search of its own here)"
    )
