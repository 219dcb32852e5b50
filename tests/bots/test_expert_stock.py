"""The expert's search of the stock game (two-hand classic, three-hand with the turn-up):
its deals keep to what the seat saw, the rules' state it rebuilds is the real one on the
real deal, it plays legally and honestly, replays exactly, scores a hand as the rules
do, and finds the better card where standard's is clearly worse."""

from __future__ import annotations

import math
import random
import time
from collections import Counter

import pytest

from bots import make_bot
from bots.expert import ExpertBot
from bots.search.stock import StockDeals, _PlayOut, _value, analyse_stock, rebuild, search_stock, searched_here
from bots.standard import StandardBot
from bots.two_hand import StockPolicy
from rules import (
    DeclareDix,
    DeclareMeld,
    NoMeld,
    Phase,
    Play,
    StockRound,
    apply,
    legal_actions,
    load_variants,
    new_round,
    observe,
    parse_cards,
)
from rules.cards import make_deck

V = load_variants()
STOCK_PRESETS = ["two-hand", "three-hand-turn-up"]


def _expert(nodes: int = 300) -> ExpertBot:
    return ExpertBot(think=None, nodes=nodes)


def _states(variant, seed: int):
    """Every state of one hand of standard self-play (before each action)."""
    bots = [StandardBot() for _ in range(variant.players)]
    s = new_round(variant, seed % variant.players, random.Random(seed))
    rng = random.Random(seed)
    out = []
    while s.phase is not Phase.DONE:
        out.append(s)
        s = apply(s, bots[s.to_act].act(observe(s, s.to_act), legal_actions(s), rng))
    out.append(s)
    return out


def _searched(variant, seed: int):
    """The states of one hand at which the stock search decides, with two actions or more."""
    return [s for s in _states(variant, seed)[:-1] if len(legal_actions(s)) > 1 and searched_here(observe(s, s.to_act))]


def _others(state: StockRound, seat: int) -> list[list[int]]:
    return [[int(c) for c in state.hands[s]] for s in range(len(state.hands)) if s != seat]


def _permuted(state: StockRound, seat: int, rng: random.Random) -> StockRound:
    """The cards ``seat`` cannot see (each other hand's cards not known to it, and the
    face-down stock) shuffled among themselves: every hand keeps its size and its known
    cards."""
    n = len(state.hands)
    others = [s for s in range(n) if s != seat]
    unseen = {s: Counter(state.hands[s]) - Counter(state.known[s]) for s in others}
    pool = [c for s in others for c in unseen[s].elements()] + list(state.stock)
    rng.shuffle(pool)
    hands = list(state.hands)
    i = 0
    for s in others:
        k = sum(unseen[s].values())
        hands[s] = tuple(sorted([*(Counter(state.hands[s]) - unseen[s]).elements(), *pool[i : i + k]]))
        i += k
    return state.evolve(hands=tuple(hands), stock=tuple(pool[i:]))


@pytest.mark.parametrize("preset", STOCK_PRESETS)
def test_the_searched_decisions_are_the_stock_game_and_three_hands_phase_two(preset):
    """The search decides every play while the stock lasts, the meld after a won trick and
    the last pick; after the stock, three-hand's play (two hands unseen) but not two-hand's
    (perfect information: standard's exact play)."""
    v = V[preset]
    states = _states(v, 1)[:-1]
    for s in states:
        view = observe(s, s.to_act)
        phase2 = s.phase is Phase.TRICKS and not s.stock_open
        assert searched_here(view) == (not phase2 or v.players == 3), (s.phase, s.stock_open)
    assert not searched_here(observe(new_round(V["partnership"], 0, random.Random(1)), 1))


@pytest.mark.parametrize("preset", STOCK_PRESETS)
def test_sampled_deals_keep_to_what_the_seat_saw(preset):
    """Each sampled deal gives every other seat its hand's size and the cards it is known to
    hold, and with this seat's hand, the melds on the table, the cards played and the
    turn-up makes up the pack exactly; in three-hand's phase 2 a seat that did not follow
    a suit gets none of it."""
    v = V[preset]
    pack = Counter(make_deck("single48"))
    rng = random.Random(5)
    checked = voids = 0
    for seed in range(3):
        for s in _searched(v, seed)[::2]:
            seat = s.to_act
            view = observe(s, seat)
            deals = StockDeals(view)
            voids += any(deals.voids)
            for _ in range(3):
                hands, stock = deals.sample(rng)
                assert len(stock) == len(s.stock)
                seen = Counter(int(c) for c in view.hand)
                for k, other in enumerate(deals.others):
                    assert len(hands[k]) == len(s.hands[other])
                    assert not Counter(int(c) for c in s.known[other]) - Counter(hands[k])
                    assert not any(deals.voids[k] >> (c // 6) & 1 for c in hands[k])
                    seen.update(hands[k])
                seen.update(stock)
                seen.update(c[0] for lay in s.laid for c in lay)
                seen.update(int(c) for _, cards, _ in s.tricks for c in cards)
                seen.update(int(c) for c in s.trick)
                if s.turn_up is not None:
                    seen[int(s.turn_up)] += 1
                assert seen == pack
            checked += 1
    assert checked >= 10
    assert voids or v.players == 2  # (three-hand's phase 2 shows some voids in three hands)


@pytest.mark.parametrize("preset", STOCK_PRESETS)
def test_the_state_rebuilt_on_the_real_deal_is_the_real_state(preset):
    """`rebuild` with the real other hands and stock gives the rules' state itself (the
    melds on the table and the meld counted, the dix shown, the declare turn, the points
    and tricks), and every action leads where it leads in the real game."""
    v = V[preset]
    checked = 0
    for seed in range(4):
        for s in _searched(v, seed):
            seat = s.to_act
            view = observe(s, seat)
            legal = legal_actions(s)
            got = rebuild(view, legal, _others(s, seat), [int(c) for c in s.stock])
            for field in StockRound._fields:
                # the declare turn (what the trick's winner has declared since it won) shows
                # only in what is still offered, so it is held to that below
                if field not in ("memo", "turn"):
                    assert getattr(got, field) == getattr(s, field), (seed, field)
            assert legal_actions(got.evolve()) == legal
            for a in legal:
                after, want = apply(got, a), apply(s, a)
                assert after[:10] == want[:10] and legal_actions(after) == legal_actions(want)
            checked += 1
    assert checked >= 40


@pytest.mark.parametrize("preset", STOCK_PRESETS)
def test_the_search_scores_a_hand_as_the_rules_do(preset):
    """A finished hand's value from each seat is its change (meld and trick points, §2.7)
    less the mean of the other seats' changes, as the rules score it."""
    v = V[preset]
    for seed in range(3):
        end = _states(v, seed)[-1]
        changes = [side.change for side in end.result.sides]
        for seat in range(v.players):
            want = changes[seat] - (sum(changes) - changes[seat]) / (v.players - 1)
            assert _value(v, end.meld_points, end.points, seat) == pytest.approx(want)


@pytest.mark.parametrize("preset", STOCK_PRESETS)
def test_the_expert_plays_the_stock_games_legally(preset):
    """Whole hands at a tiny node budget, the expert beside standard and in every seat:
    each action is legal (the plays from the hand and from the table, the melds, the dix,
    the last pick)."""
    v = V[preset]
    for seed, levels in ((0, ["expert", "standard", "standard"]), (1, ["expert"] * 3)):
        bots = [_expert(150) if lv == "expert" else make_bot(lv) for lv in levels[: v.players]]
        s = new_round(v, seed % v.players, random.Random(seed))
        rng = random.Random(seed)
        while s.phase is not Phase.DONE:
            legal = legal_actions(s)
            a = bots[s.to_act].act(observe(s, s.to_act), legal, rng)
            assert a in legal, (s.phase, a)
            s = apply(s, a)
        assert s.result is not None


@pytest.mark.parametrize("preset", STOCK_PRESETS)
def test_no_cheating_hidden_cards_never_change_the_experts_decision(preset):
    """Shuffling the cards the seat cannot see (the other hands' unknown cards and the
    stock's order) never changes the expert's play, meld or pick, at a small node budget
    with the same seed."""
    v = V[preset]
    rng = random.Random(7)
    checked = moved = 0
    seen_phases = set()
    for seed in range(2):
        for s in _searched(v, seed)[::2]:
            seat = s.to_act
            view = observe(s, seat)
            want = _expert(400).act(view, legal_actions(s), random.Random(3))
            other = _permuted(s, seat, rng)
            assert observe(other, seat) == view
            moved += other.hands != s.hands or other.stock != s.stock
            assert _expert(400).act(observe(other, seat), legal_actions(other), random.Random(3)) == want
            checked += 1
            seen_phases.add(s.phase)
    assert checked >= 15 and moved >= checked * 3 // 4 and Phase.DECLARE in seen_phases


def _by_the_rules(state: StockRound, policy) -> tuple[StockRound, int]:
    """The stock phase played on as the module describes it, plainly: at every step the
    policy asked from the seat's own view (or the only legal action), applied by the
    rules with their checks; the state once the stock is out, and the steps."""
    steps = 0
    while state.phase is not Phase.DONE and (state.phase is not Phase.TRICKS or state.stock_open):
        legal = legal_actions(state)
        a = legal[0] if len(legal) == 1 else policy.act(observe(state, state.to_act), legal)
        state = apply(state, a)
        steps += 1
    return state, steps


def _fields(state: StockRound) -> tuple:
    return tuple(getattr(state, f) for f in StockRound._fields if f != "memo")


@pytest.mark.parametrize("preset", STOCK_PRESETS)
def test_the_play_out_is_the_policy_asked_at_every_step(preset):
    """On sampled deals of searched positions, after every legal action, the play-out's
    stock phase (`_PlayOut.stock_phase`: the policy's actions kept by what it reads, the
    rules' steps without their checks) reaches the very state, in as many steps, as the
    policy asked at every step through the rules."""
    v = V[preset]
    rng = random.Random(9)
    checked = 0
    for seed in range(3):
        for s in _searched(v, seed)[::3]:
            view, legal = observe(s, s.to_act), legal_actions(s)
            play = _PlayOut(view, StockPolicy(), 2)
            deals = StockDeals(view)
            for _ in range(2):
                root = rebuild(view, legal, *deals.sample(rng))
                for a in legal:
                    after = apply(root, a)
                    before = play.steps
                    got = play.stock_phase(after)
                    want, steps = _by_the_rules(after, StockPolicy())
                    assert _fields(got) == _fields(want) and play.steps - before == steps, (seed, a)
                    checked += 1
    assert checked >= 300


@pytest.mark.parametrize("preset", STOCK_PRESETS)
def test_a_search_by_nodes_is_the_search_with_the_policy_asked_at_every_step(preset, monkeypatch):
    """Under a node budget the stock search's sums, deals, nodes and lost tricks are those
    of the same search whose play-outs ask the policy at every step through the rules
    (`_by_the_rules`): its shortcuts change no decision and no value."""
    v = V[preset]
    positions = [s for seed in range(2) for s in _searched(v, seed)[::4]]

    def searched() -> list:
        out = []
        for i, s in enumerate(positions):
            view, legal = observe(s, s.to_act), legal_actions(s)
            part = search_stock(view, legal, 0, random.Random(i), 6000, math.inf, time.perf_counter, StockPolicy(), 2)
            out.append(part)
        return out

    fast = searched()

    def plain(self, state):
        state, steps = _by_the_rules(state, self.policy)
        self.steps += steps
        return state

    monkeypatch.setattr(_PlayOut, "stock_phase", plain)
    assert searched() == fast
    assert len(fast) >= 6 and sum(p[2] for p in fast) >= 2 * len(fast)


def test_a_fixed_seed_and_node_budget_replays_exactly():
    """Same seed, same node budget: the same actions over a whole hand, and the same means
    action by action; the search stops at the first deal past the budget."""
    v = V["two-hand"]

    def hand() -> list:
        bots = [_expert(500), _expert(500)]
        s = new_round(v, 1, random.Random(11))
        rng = random.Random(11)
        out = []
        while s.phase is not Phase.DONE:
            a = bots[s.to_act].act(observe(s, s.to_act), legal_actions(s), rng)
            out.append(a)
            s = apply(s, a)
        return out

    assert hand() == hand()
    s = _searched(v, 2)[3]
    view, legal = observe(s, s.to_act), legal_actions(s)
    x = analyse_stock(view, legal, 0, random.Random(4), 20000, None, time.perf_counter, 1, None, 3)
    y = analyse_stock(view, legal, 0, random.Random(4), 20000, None, time.perf_counter, 1, None, 3)
    assert x == y
    _, _, deals, nodes, workers, _lose = x
    assert nodes >= 20000 and deals >= 2 and workers == 0
    small = analyse_stock(view, legal, 0, random.Random(4), 100, None, time.perf_counter, 1, None, 3)
    assert small[2] == 1  # one whole deal, always
    # in parts (the pool's shares, here one after another): the node budget shared out
    parts = analyse_stock(view, legal, 0, random.Random(4), 20000, None, time.perf_counter, 2, None, 3)
    assert parts[3] >= 20000 and parts[2] >= 2


def test_think_is_a_wall_clock_cap():
    """Under a clock the stock search stops by the deadline (one deal at least)."""
    s = _searched(V["two-hand"], 2)[3]
    view, legal = observe(s, s.to_act), legal_actions(s)
    ticks = iter(range(10**6))
    bot = ExpertBot(think=5.0, clock=lambda: float(next(ticks)))  # one second per look at the clock
    bot.act(view, legal, random.Random(1))
    assert bot.last is not None and bot.last.deals >= 1 and bot.last.seconds <= 6 + len(legal)


# Three-hand with the turn-up, seat 2 deals; diamonds are trump (the 9♦ turned up).  The
# actions are the standard bots' of seed 14 at the time of writing, fixed here so the
# position does not move when the standard bot does.
_HANDS_14 = (
    "AS KS AH KH JH TD AC TC KC JC 9C 9C",
    "KS JS AH TH QH QH 9H AD AD JD 9D AC",
    "TS QS JS 9S JH 9H TD KD QD TC QC QC",
)
_STOCK_14 = "AS QS 9S JC KH JD KC TH TS KD QD"
_SCRIPT_14 = (
    "9C AC TD M:royal_marriage:KD+QD 9S AS JD DS 9S TS TD M:pinochle:QS+JD 9C JC TC AS QS JS 9H JH QH AH JH KH 9H KH "
    "AH AC 9D QC QH QD JD JS KS KS JC 9D QC"
)


def _position_14() -> StockRound:
    v = V["three-hand-turn-up"]
    s = new_round(
        v, 2, hands=[parse_cards(h) for h in _HANDS_14], stock=parse_cards(_STOCK_14), turn_up=parse_cards("9D")[0]
    )
    for token in _SCRIPT_14.split():
        if token.startswith("M:"):
            _, name, cards = token.split(":")
            a = DeclareMeld(name.replace("_", " "), tuple(parse_cards(cards.replace("+", " "))))
        elif token == "DS":
            a = DeclareDix(False)
        else:
            a = Play(parse_cards(token)[0])
        while s.phase is Phase.DECLARE and a not in legal_actions(s):
            s = apply(s, NoMeld())  # (standard's no meld, not in the script)
        assert a in legal_actions(s), (s.phase, a)
        s = apply(s, a)
    return s


def test_the_expert_leads_the_trump_ace_where_standard_leads_its_least_card():
    """Four cards left, East (seat 1) to lead 10♥ 10♥ A♦ A♦ with diamonds trump.  The
    standard bot's phase 2 at three leads a non-trump ace, else its least card: a 10♥.
    The search, every layout of the eight cards it cannot see alike (the standard error
    of the difference 0), leads the A♦: 62.0 against 36.5 (x10, its points less the mean
    of the others'), and so does the expert."""
    s = _position_14()
    assert s.phase is Phase.TRICKS and not s.stock_open and s.to_act == 1
    assert s.hands[1] == tuple(parse_cards("TH TH AD AD"))
    view, legal = observe(s, 1), legal_actions(s)
    std = StandardBot().act(view, legal, random.Random(0))
    assert std == Play(parse_cards("TH")[0])
    ace = Play(parse_cards("AD")[0])
    means, errors, deals, _, _, lose = analyse_stock(
        view, legal, legal.index(std), random.Random(0), 3000, None, time.perf_counter, 1, None, 2
    )
    assert deals == 34 and lose == []  # (phase 2: the engine finishes the trick, not told)
    assert means[legal.index(std)] == pytest.approx(36.5)
    assert means[legal.index(ace)] == pytest.approx(62.0)
    assert errors[legal.index(ace)] == pytest.approx(0.0)
    bot = _expert(3000)
    assert bot.act(view, legal, random.Random(0)) == ace
    assert bot.standard_move is None and bot.last is not None and bot.last.deals == 34
    stubborn = ExpertBot(think=None, nodes=3000, confidence=1e9)
    assert stubborn.act(view, legal, random.Random(0)) == ace  # a margin with no noise at all
    old = ExpertBot(think=None, nodes=3000, stock=False)  # the search off: standard's card
    assert old.act(view, legal, random.Random(0)) == std


# two-hand with the house rule whose winner of the last stock trick picks its card (§2.7)
_CHOOSER = V["two-hand"].model_copy(update={"last_stock_pick": "winner_chooses"})


@pytest.mark.parametrize(("variant", "phase"), [(V["two-hand"], Phase.DECLARE), (_CHOOSER, Phase.LAST_PICK)])
def test_the_meld_after_a_trick_and_the_last_pick_keep_their_search_for_the_hint(variant, phase):
    """The meld (and dix) after a won trick and the last pick are searched as a play is,
    and their search is kept in ``last`` for the hint as a play's is: every legal action
    with its mean, the very figures `analyse_stock` gives for that view and seed (the
    standard bot's action the one measured against).  Only the seat's view goes in:
    shuffling the cards it cannot see changes none of the figures."""
    s = next(s for seed in range(6) for s in _searched(variant, seed) if s.phase is phase)
    seat = s.to_act
    view, legal = observe(s, seat), legal_actions(s)
    assert len(legal) >= 2
    bot = _expert(2000)
    bot.act(view, legal, random.Random(3))
    an = bot.last
    assert an is not None and an.actions == tuple(legal) and bot.standard_move is None
    std = StandardBot().act(view, legal, random.Random(3))
    means, errors, deals, nodes, _, lose = analyse_stock(
        view, legal, legal.index(std), random.Random(3), 2000, None, time.perf_counter, 1, None, 3
    )
    assert (an.means, an.errors, an.deals, an.nodes) == (tuple(means), tuple(errors), deals, nodes)
    assert lose == [] and an.lose == ()  # (a meld or a pick loses no trick of its own)
    assert deals >= 1 and an.errors[legal.index(std)] == 0.0
    other = _permuted(s, seat, random.Random(8))
    assert observe(other, seat) == view and (other.hands, other.stock) != (s.hands, s.stock)
    blind = _expert(2000)
    blind.act(observe(other, seat), legal_actions(other), random.Random(3))
    assert blind.last is not None and blind.last.means == an.means and blind.last.deals == an.deals


def test_a_play_of_the_stock_game_says_how_often_its_trick_is_lost():
    """The stock search, like the trick search of the other forms, counts per card the
    deals in which its trick goes to the other seat, for the hint's "loses the trick in
    N% of the sampled deals".  Second to a trick of two-hand's phase 1 every deal has the same lead,
    so each share is exact: 0 for a card that beats the lead (trump on a plain suit, or
    higher in its suit), 1 for one that does not (RULES.md §1.3, §2.7: no need to follow)."""
    from rules.play import trick_winner

    s = next(
        s
        for seed in range(6)
        for s in _searched(V["two-hand"], seed)
        if s.phase is Phase.TRICKS and s.stock_open and len(s.trick) == 1
    )
    view, legal = observe(s, s.to_act), legal_actions(s)
    *_, lose = analyse_stock(view, legal, 0, random.Random(2), 3000, None, time.perf_counter, 1, None, 3)
    led = int(s.trick[0])
    trump = s.trump.index
    expected = [float(trick_winner([led, int(a.card)], trump) == 0) for a in legal]
    assert lose == expected and 0.0 in expected and 1.0 in expected
    bot = _expert(3000)
    bot.act(view, legal, random.Random(2))
    assert bot.last is not None and bot.last.lose == tuple(expected)
    words = bot.last.figures(legal[0], lambda a: str(a.card), str, "your points less your opponent's")
    assert "; the trick lost in the search's play-outs: " in words


def test_a_leads_lost_tricks_are_said_as_the_play_outs_not_the_real_deal() -> None:
    """Leading in two-hand's phase 1, "9♣ loses the trick in all 3 sampled deals" was wrong
    in real play 3 times in 4: the real opponent answers otherwise than the search's
    play-out does.  The shares are said as the play-outs' ("the trick lost in the search's
    play-outs: 9♣ ... all"), not as the deals'."""
    s = next(
        s
        for seed in range(6)
        for s in _searched(V["two-hand"], seed)
        if s.phase is Phase.TRICKS and s.stock_open and not s.trick and len(legal_actions(s)) >= 2
    )
    view, legal = observe(s, s.to_act), legal_actions(s)
    bot = _expert(20000)  # (a node budget: the same search every time)
    chosen = bot.act(view, legal, random.Random(2))
    assert bot.last is not None
    card = lambda a: str(a.card)  # noqa: E731
    assert bot.last.figures(chosen, card, str, "your points less your opponent's", most=2) == (
        "Figures, 3 deals, your points less your opponent's on average: the standard bot's 9D 5 less (± 9), KC 16"
        " less (± 20), AD 19 less (± 28), AH 22 less (± 32), JC 31 less (± 37), QD 41 less (± 81); the trick lost in"
        " the search's play-outs: 9C, 9D, KC, AD, AH, JC and QD all"
    )
    assert bot.last.advice(chosen, card, str).endswith(
        "; the trick is lost whatever you play, and the others are worth more kept"
    )
