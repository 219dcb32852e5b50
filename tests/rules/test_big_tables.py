"""The big tables (RULES.md §2.10-§2.12, §0.4 items 11-13): the `Variant`
values for 5, 6 and 8 seats, their packs and deals, the seat -> side maps, handed
hands scored exactly through the auction flow, seeded whole games, and the one-line
errors of a table that cannot be dealt or seated."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import (
    Bid,
    CallPartner,
    Concede,
    GameState,
    KeepHand,
    NameTrump,
    PassBid,
    Phase,
    PlayOn,
    Suit,
    VariantError,
    apply,
    current_seat,
    deal,
    explain_play,
    legal_actions,
    load_variants,
    load_variants_text,
    new_round,
    observe,
    parse_cards,
    score_meld,
)
from rules.auction_round import called_partner
from rules.cards import NINE, RANK_OF, make_deck
from rules.scoring import score_hand

PRESETS = load_variants()
SIX = PRESETS["six-hand"]
EIGHT = PRESETS["eight-hand"]


def _house(text: str, base: str = "partnership"):
    return load_variants_text(f'[h]\nextends = "{base}"\n{text}\n', "house.toml", base=PRESETS)["h"]


def _refused(text: str, base: str = "partnership") -> str:
    with pytest.raises(VariantError) as e:
        _house(text, base)
    return str(e.value)


# ---------------------------------------------------------------------- packs and deals


def test_the_triple_pack_is_120_cards_six_of_each_without_nines() -> None:
    d = make_deck("triple120")
    assert len(d) == 120 and not any(RANK_OF[c] == NINE for c in d)
    assert set(Counter(d).values()) == {6} and len(set(d)) == 20


def test_two_48_card_packs_are_96_cards_four_of_each_with_nines() -> None:
    d = make_deck("double96")
    assert len(d) == 96 and set(Counter(d).values()) == {4} and len(set(d)) == 24


def _packets(v, dealer: int, seed: str) -> list[list[int]]:
    """The hands as RULES.md §2 deals them: the pack shuffled as `deal` shuffles it, then
    packets of ``deal_packet`` clockwise from the eldest."""
    deck = sorted(make_deck(v.deck))
    rng = random.Random(seed)
    keys = [rng.random() for _ in deck]
    top = [deck[i] for i in sorted(range(len(deck)), key=keys.__getitem__)]
    n, k = v.players, v.deal_packet
    hands: list[list[int]] = [[] for _ in range(n)]
    pos = 0
    while pos < len(top):
        for j in range(n):
            seat = (dealer + 1 + j) % n
            hands[seat] += top[pos : pos + k]
            pos += k
    return [sorted(h) for h in hands]


@pytest.mark.parametrize(("name", "each", "packet"), [("six-hand", 20, 4), ("eight-hand", 12, 3)])
def test_the_deal_gives_every_card_in_packets_clockwise_from_the_eldest(name: str, each: int, packet: int) -> None:
    v = PRESETS[name]
    assert (v.cards_per_hand, v.deal_packet) == (each, packet)
    for dealer in (0, v.players - 1):
        hands, kitty = deal(v, random.Random("big"), dealer)
        assert kitty == () and [len(h) for h in hands] == [each] * v.players
        assert [list(h) for h in hands] == _packets(v, dealer, "big")
        assert Counter(c for h in hands for c in h) == Counter(make_deck(v.deck))


# ---------------------------------------------------------------------- seats and sides


def test_six_hand_is_two_teams_of_three_in_alternate_seats() -> None:
    assert (SIX.players, SIX.side_of, SIX.n_sides) == (6, (0, 1, 0, 1, 0, 1), 2)
    assert (SIX.seats_of_side, SIX.seats_per_side) == (((0, 2, 4), (1, 3, 5)), 3)


def test_eight_hand_is_four_teams_of_two_partners_opposite() -> None:
    assert (EIGHT.players, EIGHT.side_of, EIGHT.n_sides) == (8, (0, 1, 2, 3, 0, 1, 2, 3), 4)
    assert EIGHT.seats_of_side == ((0, 4), (1, 5), (2, 6), (3, 7))


def test_eight_hand_knob_two_teams_of_four_alternating() -> None:
    v = _house('sides = "teams_of_4_alternating"', "eight-hand")
    assert (v.side_of, v.seats_of_side, v.seats_per_side) == ((0, 1, 0, 1, 0, 1, 0, 1), ((0, 2, 4, 6), (1, 3, 5, 7)), 4)
    # four seats' meld on a side: the bound grows with them
    assert (v.seat_meld_bound, v.hand_score_bound) == (10040, 490 + 4 * 10040)


def test_trick_points_of_a_hand_x10() -> None:
    """Six-hand: 72 counters + last trick 3 = 75 (x1), stored 750; eight-hand: 48 counters
    x 10 + last trick 10 = 490."""
    assert (SIX.hand_trick_total, SIX.scale, SIX.fmt(SIX.hand_trick_total)) == (750, 10, "75")
    assert sum(1 for c in make_deck("triple120") if SIX.card_points[c]) == 72
    assert (EIGHT.hand_trick_total, EIGHT.scale) == (490, 1)


def test_the_presets_rules() -> None:
    """§0.4.12: double-deck rules, min 75 in 5s, dealer stuck, trump with a marriage,
    technical misdeal, game 500 (x1); §0.4.13: partnership rules, no passing, min 250,
    quadruple pinochle 1000, game 5000."""
    six = (SIX.min_bid, SIX.bid_grid[:3], SIX.all_pass, SIX.trump_requirement, SIX.technical_misdeal)
    assert six == (750, (750, 800, 850), "dealer_stuck", "marriage", True)
    assert (SIX.meld_table, SIX.run_marriage_rule, SIX.game_target, SIX.score_scale) == (
        "double_deck_pagat",
        "run_absorbs",
        5000,
        "x1",
    )
    eight = (EIGHT.min_bid, EIGHT.bid_grid[:2], EIGHT.pass_count, EIGHT.all_pass, EIGHT.quadruple_pinochle)
    assert eight == (250, (250, 260), 0, "dealer_stuck", 1000)
    assert (EIGHT.meld_table, EIGHT.double_meld_values, EIGHT.game_target, EIGHT.head_rule) == (
        "single_standard",
        "special",
        5000,
        "pre1945",
    )


# ---------------------------------------------------------------------- handed hands


def _play_first_legal(s):
    """Every seat keeps its hand, plays on, and plays its lowest legal card."""
    while (seat := current_seat(s)) is not None:
        assert s.phase is Phase.TRICKS or s.phase in (Phase.DEAL, Phase.MELD), s.phase
        legal = legal_actions(s)
        if s.phase is Phase.DEAL:
            s = apply(s, KeepHand())
        elif s.phase is Phase.MELD:
            s = apply(s, PlayOn())
        else:
            assert seat == s.to_act
            s = apply(s, legal[0])
    return s


# six-hand: seat 0 holds five aces in every suit (§0.4.12: double + triple aces); seat 5,
# the eldest, the sixth ace of each suit (aces around) and the club marriage it bids on;
# no other seat holds a meld
SIX_HANDS = [
    "AS AS AS AS AS AH AH AH AH AH AD AD AD AD AD AC AC AC AC AC",
    "TS TS TS TS TS TS TH TH TH TH TH TH TD TD TD TD TD TD TC TC",
    "TC TC TC TC KS KS KS KS KS KS KH KH KH KH KH KH KD KD KD KD",
    "KD KD KC KC KC KC KC QS JS JS JS JS JS JS JH JH JH JH JH JH",
    "JD JD JD JD JD JD JC JC JC JC JC JC QH QH QH QH QH QH QD QD",
    "QD QD QD QD QS QS QS QS QS KC QC QC QC QC QC QC AS AH AD AC",
]


def test_six_hand_handed_hand_meld_and_totals() -> None:
    s = new_round(SIX, dealer=4, hands=[parse_cards(h) for h in SIX_HANDS])
    # seats 3 and 4 hold 13 or more cards without a counter and no ace: each may call a
    # technical misdeal (§5.8), asked in turn from the eldest
    assert (s.phase, s.to_act, s.table.misdeal_queue) == (Phase.DEAL, 3, (3, 4))
    s = apply(apply(s, KeepHand()), KeepHand())
    assert (s.phase, s.to_act) == (Phase.AUCTION, 5)
    s = apply(s, Bid(750))
    for _ in range(5):
        s = apply(s, PassBid())
    assert (s.phase, s.bidder, legal_actions(s)) == (Phase.TRUMP, 5, [NameTrump(Suit.CLUBS)])
    s = apply(s, NameTrump(Suit.CLUBS))
    assert [m.total for m in s.melds] == [2500, 0, 0, 0, 0, 140]
    assert [str(m) for m in s.melds[0].melds] == [
        "triple aces AS AS AS AH AH AH AD AD AD AC AC AC = 1500",
        "double aces AS AS AH AH AD AD AC AC = 1000",
    ]
    s = _play_first_legal(s)
    r = s.result
    assert r.kind == "played" and len(s.tricks) == 20
    assert [x.seats for x in r.sides] == [(0, 2, 4), (1, 3, 5)]
    assert [x.meld_shown for x in r.sides] == [2500, 140]
    assert sum(x.trick_points for x in r.sides) == 750
    assert sum(x.tricks for x in r.sides) == 20
    defenders, bidding = r.sides
    assert (bidding.made, bidding.change) == (False, -750)
    assert defenders.change == 2500 + defenders.trick_points
    # the first trick: the eldest leads an ace of spades, seat 0's copy does not head it
    # (§1.3), and seat 4, void in spades, must trump it with the jack of clubs (§6.2)
    leader, cards, winner = s.tricks[0]
    assert (leader, " ".join(map(str, cards)), winner) == (5, "AS AS TS KS QS JC", 4)
    # the rest as the engine plays it (every seat its lowest legal card): the defenders
    # take 13 tricks and 49 of the 75 trick points, the bidder's team is set
    assert (defenders.tricks, defenders.trick_points, bidding.trick_points) == (13, 490, 260)
    assert (bidding.meld_saved, bidding.meld_forfeited, defenders.change) == (0, 140, 2990)


# eight-hand (trump diamonds): seat 0 three aces of every suit (double aces + aces around),
# seat 4 three pinochles (double + single) — their side 1440; seat 7 aces around and four
# dix; nobody else melds
EIGHT_HANDS = [
    "AS AS AS AH AH AH AD AD AD AC AC AC",
    "KS KS KS KS KH KH KH KH KD KD KD KD",
    "KC KC KC KC QH QH QH QH QD QD QD QD",
    "QC QC QC QC QS JS JS JS JS JH JH JH",
    "JD JD JD QS QS QS TS TS TS TS TH TH",
    "JH JD JC JC JC JC TH TH TD TD TD TD",
    "TC TC TC TC 9S 9S 9S 9S 9H 9H 9H 9H",
    "AS AH AD AC 9D 9D 9D 9D 9C 9C 9C 9C",
]


def test_eight_hand_handed_hand_meld_and_totals() -> None:
    s = new_round(EIGHT, dealer=7, hands=[parse_cards(h) for h in EIGHT_HANDS])
    assert (s.phase, s.to_act) == (Phase.AUCTION, 0)
    s = apply(s, Bid(250))
    for _ in range(7):
        s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit.DIAMONDS))
    assert [m.total for m in s.melds] == [1100, 0, 0, 0, 340, 0, 0, 140]
    assert [str(m) for m in s.melds[4].melds] == ["double pinochle JD JD QS QS = 300", "pinochle JD QS = 40"]
    s = _play_first_legal(s)
    r = s.result
    assert r.kind == "played" and len(s.tricks) == 12
    assert [x.seats for x in r.sides] == [(0, 4), (1, 5), (2, 6), (3, 7)]
    assert [x.meld_shown for x in r.sides] == [1440, 0, 0, 140]
    assert sum(x.trick_points for x in r.sides) == 490
    assert r.sides[0].made is True and r.sides[0].change == 1440 + r.sides[0].trick_points
    # the first trick: seat 2, void in spades, trumps with the queen of diamonds; seat 5,
    # void too, must beat that trump (§6.2 PRE) and does with the ten: 50 trick points
    leader, cards, winner = s.tricks[0]
    assert (leader, " ".join(map(str, cards)), winner) == (0, "AS KS QD QS TS TD 9S AS", 5)
    # (trick points, tricks, meld saved, change) per team, every seat its lowest legal card
    assert [(x.trick_points, x.tricks, x.meld_saved, x.change) for x in r.sides] == [
        (140, 4, 1440, 1580),
        (220, 5, 0, 220),
        (0, 0, 0, 0),
        (130, 3, 140, 270),
    ]


# ---------------------------------------------------------------------- whole games


def _game(v, seed: str) -> GameState:
    """A whole game: the eldest bids the least and the others pass (the dealer, stuck,
    takes it when the eldest is the dealer's left), the first legal trump, and every
    seat plays its lowest legal card."""
    game = GameState.start(v, seed=seed)
    while not game.over:
        assert len(game.history) < 60
        s = game.new_round()
        while current_seat(s) is not None:
            legal = legal_actions(s)
            if s.phase is Phase.AUCTION:
                bid = next((a for a in legal if isinstance(a, Bid)), None)
                s = apply(s, bid if bid is not None and not s.table.bids else legal[0])
            else:
                s = apply(s, legal[0] if s.phase is not Phase.DEAL else KeepHand())
        r = s.result
        assert r is not None
        if r.kind == "played":
            assert sum(x.trick_points for x in r.sides) == v.hand_trick_total
        game = game.after_hand(r)
    return game


def test_a_seeded_six_hand_game_to_the_end() -> None:
    g = _game(SIX, "big-six")
    assert (g.scores, g.winner, len(g.history)) == ((5650, 3240), 0, 10)


def test_a_seeded_eight_hand_game_to_the_end() -> None:
    g = _game(EIGHT, "big-eight")
    assert (g.scores, g.winner, len(g.history)) == ((2870, 4690, 5170, 3330), 2, 33)


# ---------------------------------------------------------------------- errors, word for word


def test_a_deck_that_does_not_divide_is_refused_naming_the_numbers() -> None:
    assert _refused("players = 5") == (
        "house.toml: preset 'h', keys: the 48-card deck does not divide among 5 players (48 = 5 x 9 + 3); "
        "pick another deck, players or kitty_size"
    )
    assert _refused('players = 8\nsides = "teams_of_2_x4"\npass_count = 0\ndeck = "triple120"') == (
        "house.toml: preset 'h', keys: deck = 'triple120' needs meld_table = "
        "'double_deck_pagat' or 'double_deck_instructables'"
    )
    assert _refused('kitty_size = 4\nkitty_mode = "bidder_takes_and_buries"', "six-hand") == (
        "house.toml: preset 'h', keys: the 120-card deck less the 4-card kitty (116) does not divide among "
        "6 players (116 = 6 x 19 + 2); pick another deck, players or kitty_size"
    )


def test_sides_that_do_not_fit_the_players_are_refused() -> None:
    assert _refused('sides = "teams_of_3_alternating"') == (
        "house.toml: preset 'h', keys: sides = 'teams_of_3_alternating' needs players = 6 "
        "(0, 2, 4 against 1, 3, 5); got players = 4"
    )
    assert _refused("players = 6", "eight-hand") == (
        "house.toml: preset 'h', keys: sides = 'teams_of_2_x4' needs players = 8 "
        "(four teams of two, seat i with seat i + 4); got players = 6"
    )
    assert _refused('players = 6\ndeck = "triple120"\nmeld_table = "double_deck_pagat"\npass_count = 0') == (
        "house.toml: preset 'h', keys: sides = 'pairs_opposite' needs players = 4 (two pairs, partners opposite); "
        "got players = 6"
    )
    assert _refused('players = 8\nsides = "individual"\ndeck = "double96"\npass_count = 0') == (
        "house.toml: preset 'h', keys: sides = 'individual' needs 2, 3 or 4 players each for themselves; "
        "got players = 8"
    )


def test_a_called_partner_needs_its_sides_and_the_other_way_round() -> None:
    assert _refused('called_partner_card = "trump_card_ask_from_right"') == (
        "house.toml: preset 'h', keys: sides = 'called_partner' goes with a called_partner_card other than "
        "'off', and the other way round; got sides = 'pairs_opposite', called_partner_card = "
        "'trump_card_ask_from_right'"
    )
    assert _refused('called_partner_card = "off"', "five-hand") == (
        "house.toml: preset 'h', keys: sides = 'called_partner' goes with a called_partner_card other than "
        "'off', and the other way round; got sides = 'called_partner', called_partner_card = 'off'"
    )


def test_deck_and_meld_table_go_together() -> None:
    assert _refused('double_meld_values = "twice_single"', "eight-hand") == (
        "house.toml: preset 'h', keys: deck = 'double96' splits 3 or 4 copies into doubles and singles at the "
        "special values (§0.4.13): double_meld_values = 'special'"
    )
    assert _refused('meld_table = "single_standard"', "six-hand") == (
        "house.toml: preset 'h', keys: deck = 'triple120' needs meld_table = "
        "'double_deck_pagat' or 'double_deck_instructables'"
    )
    assert _refused("quadruple_pinochle = 1000") == (
        "house.toml: preset 'h', keys: quadruple_pinochle needs four J♦ and four Q♠ in the single-deck table: "
        "deck = 'double96'"
    )
    assert _refused("quadruple_pinochle = 1600", "eight-hand") == (
        "house.toml: preset 'h', keys: quadruple_pinochle 1600 is worth more than a double run; at most 1500"
    )


def test_the_technical_misdeal_needs_hands_of_thirteen() -> None:
    assert _refused("technical_misdeal = true", "eight-hand") == (
        "house.toml: preset 'h', keys: technical_misdeal needs 13 cards without counters (§5.8): "
        "hands of 13 or more, not 12"
    )


def test_the_meld_bound_of_one_seat_with_more_copies() -> None:
    """The whole pack's meld in one hand (`_PACK_MELD`): six copies of each card split into
    a quadruple and a double (or two triples); four copies into two doubles, the
    quadruple pinochle counted in place of the two double pinochles (1000 - 600)."""
    assert SIX.seat_meld_bound == 4500 + 6 * 40 + 18 * 20 + 3000 + 2400 + 1800 + 1200 + 1200
    assert EIGHT.seat_meld_bound == 2 * 1500 + 4 * 40 + 12 * 20 + 2000 + 1600 + 1200 + 800 + 1000 + 4 * 10
    assert _house("quadruple_pinochle = 0", "eight-hand").seat_meld_bound == EIGHT.seat_meld_bound - 400


@pytest.mark.parametrize("name", ["five-hand", "six-hand", "eight-hand"])
def test_the_meld_bound_is_the_whole_pack_in_one_hand(name: str) -> None:
    """The bound is what `score_meld` gives the whole pack in one hand, in its best trump,
    with the royal marriages read as `independent` (the largest reading, §5.3): no
    hand of the preset can meld more, and the bound is not looser than that."""
    v = PRESETS[name]
    widest = v.model_copy(update={"run_marriage_rule": "independent"})
    pack = make_deck(v.deck)
    assert max(score_meld(pack, t, widest).total for t in range(4)) == v.seat_meld_bound


# ---------------------------------------------------------------------- five-hand, call a partner (§0.4.11)

FIVE = PRESETS["five-hand"]
# trump hearts: seat 0 holds the heart marriage (a royal marriage) and every ten of hearts;
# the king of hearts is also held by seat 1 (one) and seat 3 (two); seat 3 a pinochle
FIVE_HANDS = [
    "KH QH AS AS AS AS TS TS TS TS TH TH TH TH TD TD",
    "AH AH AH AH TC TC TC TC TD TD JS JS JS JS JC KH",
    "AD AD AD AD AC AC AC AC KS KS KS KS KC KC KC KC",
    "KH KH KD KD KD KD QS QS QS QS QC QC QC QC JD JC",
    "QH QH QH QD QD QD QD JH JH JH JH JD JD JD JC JC",
]


def _five_called(card: str = "KH"):
    """Dealer 4: seat 0 bids 35, the others pass, it names hearts and calls ``card``."""
    s = new_round(FIVE, dealer=4, hands=[parse_cards(h) for h in FIVE_HANDS])
    s = apply(s, Bid(350))
    for _ in range(4):
        s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit.HEARTS))
    assert (s.phase, s.to_act) == (Phase.CALL, 0)
    return apply(s, CallPartner(parse_cards(card)[0]))


def test_five_hand_preset() -> None:
    assert (FIVE.players, FIVE.cards_per_hand, FIVE.deck, FIVE.side_of, FIVE.n_sides) == (
        5,
        16,
        "double80",
        (0, 1, 2, 3, 4),
        5,
    )
    assert (FIVE.hand_trick_total, FIVE.min_bid, FIVE.bid_grid[:3], FIVE.stuck_bid) == (500, 350, (350, 360, 370), 350)
    assert (FIVE.game_target, FIVE.tie_break, FIVE.trump_requirement, FIVE.meld_requires) == (
        5000,
        "bidder_first",
        "marriage",
        "one_trick",
    )


def test_the_bidder_calls_a_trump_card_it_does_not_hold_every_copy_of() -> None:
    s = new_round(FIVE, dealer=4, hands=[parse_cards(h) for h in FIVE_HANDS])
    s = apply(s, Bid(350))
    for _ in range(4):
        s = apply(s, PassBid())
    s = apply(s, NameTrump(Suit.HEARTS))
    # all four tens of hearts are in the bidder's hand: the ten is not offered
    assert [str(a.card) for a in legal_actions(s)] == ["AH", "KH", "QH", "JH"]
    assert explain_play(s, CallPartner(parse_cards("TH")[0])) == (
        "you hold all 4 copies of TH: call a trump card another player holds"
    )
    assert explain_play(s, CallPartner(parse_cards("AS")[0])) == "call a trump card (hearts), not AS"
    # before the call nobody is anybody's partner
    assert [(observe(s, k).partner, observe(s, k).play_sides) for k in (0, 3)] == [(None, (0, 1, 2, 3, 4))] * 2


def test_the_first_holder_clockwise_from_the_bidder_is_the_partner_known_to_all() -> None:
    s = _five_called("KH")  # seat 1 holds one king of hearts, seat 3 two: seat 1 comes first
    assert (s.partner, s.phase) == (1, Phase.MELD)
    for seat in range(5):
        view = observe(s, seat)
        assert (str(view.called_card), view.partner, view.play_sides) == ("KH", 1, (0, 0, 1, 1, 1))
    assert called_partner(s.hands, 2, parse_cards("KH")[0]) == 3  # from seat 2: seat 3 before seat 1
    assert _five_called("JH").partner == 4
    assert [m.total for m in s.melds] == [40, 0, 0, 40, 0]  # royal marriage; seat 3's pinochle


def test_asking_from_the_bidders_right_finds_the_partner_counter_clockwise() -> None:
    """``trump_card_ask_from_right`` (§0.4.11, the house page's order): the bidder's right
    is the seat before it (seats go clockwise), so seat 3's two kings of hearts come
    before seat 1's one."""
    v = _house('called_partner_card = "trump_card_ask_from_right"', "five-hand")
    s = new_round(v, dealer=4, hands=[parse_cards(h) for h in FIVE_HANDS])
    s = apply(s, Bid(350))
    for _ in range(4):
        s = apply(s, PassBid())
    s = apply(apply(s, NameTrump(Suit.HEARTS)), CallPartner(parse_cards("KH")[0]))
    assert (s.partner, observe(s, 2).partner) == (3, 3)
    assert called_partner(s.hands, 2, parse_cards("KH")[0], -1) == 1  # from seat 2: seat 1 first


def _scored(points: tuple[int, ...], won: tuple[int, ...]):
    """The hand of `_five_called` with every trick taken as ``points`` / ``won`` say."""
    s = apply(_five_called("KH"), PlayOn())
    return score_hand(s.evolve(points=points, won=won, hands=((),) * 5)).sides


def test_five_hand_set_each_of_the_pair_loses_the_bid() -> None:
    """Pair (0, 1): 30 trick points + 4 meld = 34 < 35, set; each defender scores its own
    meld and the defenders' 20 trick points."""
    sides = _scored((200, 100, 50, 150, 0), (6, 4, 1, 5, 0))
    assert [(x.seats, x.made, x.change) for x in sides] == [
        ((0,), False, -350),
        ((1,), False, -350),
        ((2,), None, 200),
        ((3,), None, 240),
        ((4,), None, 200),
    ]
    assert [(x.meld_shown, x.meld_saved, x.meld_forfeited, x.trick_points) for x in sides] == [
        (40, 0, 40, 200),
        (0, 0, 0, 100),
        (0, 0, 0, 50),
        (40, 40, 0, 150),
        (0, 0, 0, 0),
    ]


def test_five_hand_made_both_score_the_pairs_meld_and_tricks() -> None:
    sides = _scored((250, 100, 50, 100, 0), (7, 3, 1, 5, 0))
    assert [x.change for x in sides] == [390, 390, 150, 190, 150]
    assert [x.made for x in sides] == [True, True, None, None, None]


def test_five_hand_defenders_without_a_trick_lose_their_meld() -> None:
    sides = _scored((300, 200, 0, 0, 0), (10, 6, 0, 0, 0))
    assert [(x.meld_saved, x.change) for x in sides] == [(40, 540), (0, 540), (0, 0), (0, 0), (0, 0)]


def test_five_hand_thrown_in_each_of_the_pair_loses_the_bid() -> None:
    r = apply(_five_called("KH"), Concede()).result
    assert (r.kind, r.partner, str(r.called), r.changes) == ("conceded", 1, "KH", (-350, -350, 0, 40, 0))


def test_five_hand_played_out_every_player_scored() -> None:
    s = _play_first_legal(_five_called("KH"))
    r = s.result
    assert (r.kind, r.bidder, r.partner, str(r.called), len(s.tricks)) == ("played", 0, 1, "KH", 16)
    assert sum(x.trick_points for x in r.sides) == 500 and sum(x.tricks for x in r.sides) == 16
    pair = r.sides[0].trick_points + r.sides[1].trick_points
    defence = 500 - pair
    assert r.sides[0].change == r.sides[1].change
    assert [x.change for x in r.sides[2:]] == [x.meld_saved + defence for x in r.sides[2:]]
    assert [(x.trick_points, x.tricks, x.change) for x in r.sides] == [
        (150, 5, 410),
        (220, 6, 410),
        (40, 1, 130),
        (0, 0, 170),
        (90, 4, 130),
    ]


def test_five_hand_game_bidder_first_on_ties() -> None:
    """Bidder and partner both cross 500: the bidder wins, though the partner is higher."""
    game = GameState(variant=FIVE, seed="t", dealer=4, scores=(4900, 4950, 100, 0, 0), target=5000)
    r = apply(_five_called("KH"), Concede()).result
    made = type(r)(
        kind="played",
        bidder=0,
        contract=350,
        trump="H",
        sides=tuple(
            type(x)(x.side, x.seats, 0, 0, 0, 0, True if x.side < 2 else None, c)
            for x, c in zip(r.sides, (390, 390, 0, 0, 0))
        ),
        partner=1,
    )
    after = game.after_hand(made)
    assert (after.scores, after.winner) == ((5290, 5340, 100, 0, 0), 0)


def test_a_seeded_five_hand_game_to_the_end() -> None:
    g = _game(FIVE, "big-five")
    assert (g.scores, g.winner, len(g.history)) == ((2880, 4400, 4610, 5390, 4130), 3, 16)


def test_the_call_saves_and_reads_back_as_json() -> None:
    from rules import ACTION_ADAPTER
    from rules.actions import action_json, describe_action

    call = CallPartner(parse_cards("KH")[0])
    assert action_json(call) == {"card": "KH", "kind": "call_partner"}
    assert ACTION_ADAPTER.validate_python(action_json(call)) == call
    assert describe_action(call) == "calls KH for a partner"
