"""Knob values no preset uses: ``tie_break = "another_hand"`` (RULES.md
§8.5) and ``who_melds = "bidder_only"`` (§5.7) on exact values, then every value of
every `Variant` knob played through `rules.rounds` with the random bot (and the easy
bot, whose scores reach a real target): games end, and no `SeatView` holds a card its
seat may not see (test_properties' view checks, plus the shown melds)."""

from __future__ import annotations

import random
import typing
from collections import Counter

import pytest
from test_examples import _hr
from test_properties import _check_views, _choose
from test_round import start

from bots import make_bot
from rules import (
    Bid,
    DraftRound,
    GameState,
    HandResult,
    NameTrump,
    PassBid,
    Phase,
    RoundState,
    SideResult,
    StockRound,
    Suit,
    Variant,
    VariantError,
    apply,
    current_seat,
    legal_actions,
    load_variants,
    load_variants_text,
    observe,
)

PRESETS = load_variants()
P = PRESETS["partnership"]
PAIRS = [(0, 2), (1, 3)]


def knobs(base: Variant = P, **kw) -> Variant:
    return Variant.model_validate(base.model_dump() | kw)


# ---------------------------------------------------------------------- another_hand (§8.5)

AH = knobs(tie_break="another_hand")


def _pairs_game(scores: tuple[int, int], variant: Variant = AH) -> GameState:
    return GameState(variant=variant, seed="ah", dealer=0, scores=scores, target=1500)


def test_another_hand_first_crossing_plays_one_more() -> None:
    after = _pairs_game((1380, 1450)).after_hand(_hr(0, 260, [270, 230], seats=PAIRS))
    assert (after.scores, after.winner, after.target) == ((1650, 1680), None, 1500)


def test_after_the_extra_hand_the_highest_over_the_target_wins() -> None:
    """Both over after the extra hand: the higher wins, though it was behind before it."""
    after = _pairs_game((1650, 1680)).after_hand(_hr(1, 250, [120, 20], seats=PAIRS))
    assert (after.scores, after.winner, after.target) == ((1770, 1700), 0, 1500)


def test_after_the_extra_hand_an_exact_tie_plays_one_more_then_the_next_decides() -> None:
    tied = _pairs_game((1650, 1680)).after_hand(_hr(0, 250, [50, 20], seats=PAIRS))
    assert (tied.scores, tied.winner) == ((1700, 1700), None)
    after = tied.after_hand(_hr(1, 250, [0, 10], seats=PAIRS))
    assert (after.scores, after.winner) == ((1700, 1710), 1)


def test_after_the_extra_hand_a_side_set_below_the_target_leaves_the_other() -> None:
    after = _pairs_game((1650, 1680)).after_hand(_hr(1, 300, [90, -300], made=False, seats=PAIRS))
    assert (after.scores, after.winner) == ((1740, 1380), 0)


def test_the_extra_hand_winner_is_highest_among_all_sides_over_the_target() -> None:
    """Three each for self: two over before the extra hand, the third crosses in it with the most."""
    v = knobs(PRESETS["three-hand"], tie_break="another_hand")
    game = GameState(variant=v, seed="ah3", dealer=0, scores=(1020, 1050, 900), target=1000)
    after = game.after_hand(_hr(2, 200, [10, 0, 200]))
    assert (after.scores, after.winner, after.target) == ((1030, 1050, 1100), 2, 1000)


def test_a_misdeal_does_not_use_up_the_extra_hand() -> None:
    misdeal = HandResult(
        kind="misdeal",
        bidder=None,
        contract=None,
        trump=None,
        sides=(SideResult(0, (0, 2), 0, 0, 0, 0, None, 0), SideResult(1, (1, 3), 0, 0, 0, 0, None, 0)),
        misdeal_by=1,
    )
    game = _pairs_game((1650, 1680)).after_hand(misdeal)
    assert (game.winner, game.dealer) == (None, 0)
    after = game.after_hand(_hr(1, 250, [120, 20], seats=PAIRS))
    assert (after.scores, after.winner) == ((1770, 1700), 0)


@pytest.mark.parametrize("base", ["partnership", "three-hand"])
def test_another_hand_games_of_bot_play_end(base: str) -> None:
    """The engine kept testing the same condition after the extra hand and played on
    until a side dropped below the target (three-hand, seed 8: over 300 hands)."""
    v = knobs(PRESETS[base], tie_break="another_hand")
    lengths = [_play_game(v, f"ah-{seed}", target=1500, level="easy")[1] for seed in range(12)]
    assert max(lengths) <= 30


# ---------------------------------------------------------------------- bidder_only (§5.7)


def _to_meld(variant: Variant) -> RoundState:
    """The example-16 deal (test_round): North (seat 0) bids 250, hearts; no passing."""
    s = start(variant, dealer=3)
    s = apply(s, Bid(250))
    for _ in range(3):
        s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit.HEARTS))
    assert (s.phase, s.bidder, [m.total for m in s.melds]) == (Phase.MELD, 0, [180, 0, 40, 60])
    return s


def _shown(view) -> list[tuple[int, list[str]]]:
    return [(m.total, [str(x) for x in m.melds]) for m in view.melds]


NORTH = (
    180,
    ["royal marriage KH QH = 40", "marriage KS QS = 20", "kings around KS KH KD KC = 80", "pinochle JD QS = 40"],
)


def test_bidder_only_a_non_bidders_meld_stays_hidden_from_every_seat() -> None:
    s = _to_meld(knobs(who_melds="bidder_only", pass_count=0))
    for seat in range(4):
        assert _shown(observe(s, seat)) == [NORTH, (0, []), (0, []), (0, [])]
    # as the hand result counts it: the bidder's meld only
    assert [m.total for m in observe(s, 1).melds] == [180, 0, 0, 0]


def test_every_seat_melds_shows_all_melds() -> None:
    s = _to_meld(knobs(pass_count=0))
    south = (40, ["marriage KC QC = 20", "dix 9H = 10", "dix 9H = 10"])
    west = (60, ["royal marriage KH QH = 40", "marriage KD QD = 20"])
    for seat in range(4):
        assert _shown(observe(s, seat)) == [NORTH, (0, []), south, west]


def test_the_two_hand_stock_game_has_no_bidder_only_meld() -> None:
    with pytest.raises(VariantError) as e:
        load_variants_text('[m]\nextends = "two-hand"\nwho_melds = "bidder_only"\n', "house.toml", base=PRESETS)
    assert str(e.value) == (
        "house.toml: preset 'm', keys: the two-hand stock game has no bidder: both players meld (who_melds = 'all')"
    )


# ---------------------------------------------------------------------- every knob value, played

MAX_HANDS = 60  # the games below end long before this (at most 6 hands at random, 16 with the easy bot)


def _knob_values() -> list[tuple[str, typing.Any]]:
    out = []
    for name, field in Variant.model_fields.items():
        ann = field.annotation
        if typing.get_origin(ann) is typing.Literal:
            out.extend((name, v) for v in typing.get_args(ann))
        elif ann is bool:
            out.extend([(name, False), (name, True)])
    return out


KNOB_VALUES = _knob_values()
ORDER = [
    "partnership",
    "partnership-kitty",
    "three-hand",
    "double-deck",
    "cutthroat",
    "two-hand-draft",
    "two-hand",
    "six-hand",
    "eight-hand",
    "five-hand",
]
# where a knob is played: its value is tried there first
PLAYED_ON = {
    "kitty_exposed": "partnership-kitty",
    "kitty_discards_count_for_bidder": "partnership-kitty",
    "bury_restriction": "three-hand",
    "technical_misdeal": "double-deck",
    "two_hand_phase2_rule": "two-hand",
    "last_stock_pick": "two-hand",
    "round_card_points": "two-hand",
    "draft_discards_count_for": "two-hand-draft",
    "must_bid_to_win": "cutthroat",
    "kitty_mode": "partnership-kitty",
    "check_game_value": "three-hand-check",
    "check_nines_value": "three-hand-check",
}


# a value that needs another knob set with it (alone it is refused in one line)
WITH = {
    ("meld_requires", "min_points"): "meld_requires_points = 20",
    ("meld_table", "racehorse_ru"): "quadruple_wins_game = true",  # §5.6: its quadruples win the game
    # §0.4.17: one bid each, no stuck dealer, and both sides may hold a contract (none throws in)
    ("contract_mode", "summed_partner_bids"): 'all_pass = "redeal"\nconcession = "off"',
}
# the two values above are played on more forms too: Hoyle's three-hand (only
# the bidder melds there, §5.7), and the draft's auction
ALSO = {("who_melds", "bidder_only"): ["three-hand", "two-hand-draft"], ("tie_break", "another_hand"): ["three-hand"]}


def _toml(value: typing.Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int) else f'"{value}"'


def _on(preset: str, name: str, value: typing.Any) -> Variant | None:
    """``name = value`` on ``preset`` as a house file sets it; None if refused (in one
    `VariantError` line)."""
    text = f'[knob]\nextends = "{preset}"\n{name} = {_toml(value)}\n{WITH.get((name, value), "")}\n'
    try:
        return load_variants_text(text, "knob.toml", base=PRESETS)["knob"]
    except VariantError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("knob.toml: preset 'knob', ")
        return None


def _fits(name: str, value: typing.Any) -> list[Variant]:
    """``name = value`` on the first preset that takes it (and on the `ALSO` presets);
    empty if no preset does."""
    first = PLAYED_ON.get(name)
    out = []
    for preset in ([first] if first else []) + [p for p in ORDER if p != first]:
        v = _on(preset, name, value)
        if v is not None:
            out.append(v)
            break
    for preset in ALSO.get((name, value), []):
        v = _on(preset, name, value)
        assert v is not None
        out.append(v)
    return out


def _check_stock_views(s: StockRound) -> None:
    """As test_two_hand_rules checks the stock game: a seat sees its own hand and what it
    was shown; swapping an unseen card of the other hand with a stock card changes nothing."""
    for seat in (0, 1):
        view = observe(s, seat)
        assert view.hand == s.hands[seat]
        other = 1 - seat
        assert not Counter(view.known[other]) - Counter(s.hands[other])
        unseen = list((Counter(s.hands[other]) - Counter(s.known[other])).elements())
        swap = next((y for y in s.stock if unseen and y != unseen[0]), None)
        if swap is not None:
            h = list(s.hands[other])
            h[h.index(unseen[0])] = swap
            stock = list(s.stock)
            stock[stock.index(swap)] = unseen[0]
            hands = tuple(tuple(sorted(h)) if k == other else s.hands[k] for k in (0, 1))
            assert observe(s.evolve(hands=hands, stock=tuple(stock)), seat) == view


def _check_draft_views(s: DraftRound) -> None:
    """The draft: a seat sees its kept cards, the top card only on its turn and the
    discards it looked at; the other hand and the pack below the top are hidden."""
    for seat in (0, 1):
        view = observe(s, seat)
        assert view.hand == s.hands[seat]
        assert view.looking_at == (s.pack[0] if seat == s.to_act else None)
        assert view.discards == s.seen[seat]
        other = 1 - seat
        if s.hands[other] and len(s.pack) > 1:
            h, pack = list(s.hands[other]), list(s.pack)
            h[0], pack[-1] = pack[-1], h[0]
            hands = tuple(tuple(sorted(h)) if k == other else s.hands[k] for k in (0, 1))
            assert observe(s._replace(hands=hands, pack=tuple(pack)), seat) == view


def _check_shown_melds(s: RoundState) -> None:
    """Every seat sees each meld laid down exactly as scored, and under ``bidder_only``
    nothing of a non-bidder's hand (§5.7)."""
    t = s.table
    if t.melds is None:
        return
    for seat in range(s.variant.players):
        for other, shown in enumerate(observe(s, seat).melds):
            if s.variant.who_melds == "bidder_only" and other != t.bidder:
                assert (shown.total, shown.melds) == (0, [])
            else:
                assert [tuple(m) for m in shown.melds] == [tuple(m) for m in t.melds[other].melds]


def _check_hidden(state: typing.Any) -> None:
    if isinstance(state, RoundState):
        _check_views(state)
        _check_shown_melds(state)
    elif isinstance(state, StockRound):
        _check_stock_views(state)
    else:
        _check_draft_views(state)


def _play_game(v: Variant, seed: str, target: int, level: str = "random") -> tuple[GameState, int]:
    """A game to ``target`` through `rules.rounds`, every seat the bot of ``level``,
    except that bids and the throw-in are chosen as test_properties chooses them
    (passes and low bids often, so contracts are made and a must-bid-to-win game can
    end); every state's views are checked (`_check_hidden`)."""
    game = GameState.start(v, seed=seed, target=target)
    rng = random.Random(seed)
    bot = make_bot(level)
    hands = 0
    while not game.over:
        assert hands < MAX_HANDS, (v.name, seed, game.scores)
        state = game.new_round()
        while (seat := current_seat(state)) is not None:
            _check_hidden(state)
            legal = legal_actions(state)
            if state.phase in (Phase.AUCTION, Phase.MELD):
                action = _choose(state, legal, rng)
            else:
                action = bot.act(observe(state, seat), legal, rng)
            state = apply(state, action)
        _check_hidden(state)
        game = game.after_hand(state.result)
        hands += 1
    return game, hands


def test_every_knob_value_is_listed() -> None:
    assert len(KNOB_VALUES) == 155
    assert ("tie_break", "another_hand") in KNOB_VALUES and ("who_melds", "bidder_only") in KNOB_VALUES


def test_every_knob_value_plays_games_to_the_end_and_hides_what_it_must() -> None:
    """Each value on the first preset that takes it, two games: the random bot to the
    least target (random card play loses more to sets than it scores, so it finishes no
    game to a real target), and the easy bot to one hand's trick points (games of a few
    hands, with real crossings of the target for the tie-breaks)."""
    played: dict[tuple[str, typing.Any], int] = {}
    refused = []
    for i, (name, value) in enumerate(KNOB_VALUES):
        variants = _fits(name, value)
        if not variants:
            refused.append((name, value))
        for j, v in enumerate(variants):
            for level, target in (("random", 10), ("easy", v.hand_trick_total)):
                game, hands = _play_game(v, f"knob-{i}-{j}-{level}", target, level)
                assert game.winner is not None and 0 <= game.winner < v.n_sides
                played[name, value] = played.get((name, value), 0) + hands
    # kitty_size 2 and 5 fit no deal of a preset's pack and players (§2.2)
    assert refused == [("kitty_size", 2), ("kitty_size", 5)]
    assert 300 <= sum(played.values()) <= 700
