"""Bidding help: during the auction the human sees its meld under each trump
and the standard bot's estimate of the hand, updated as the auction goes, within 80x24."""

from __future__ import annotations

import pytest
from test_big_table import screen_lines
from tui_helpers import (
    VARIANTS,
    app_for,
    app_for_seats,
    at_my_bid,
    human_bids,
    policy_action,
    preplay,
    preplay_any,
    settle,
    table,
)

from pinochle_tui.render import Style
from rules import PassBid, Phase

SEATS = "human,standard,standard,standard"
# the standard bot's estimate of the seed-12 hand below in spades, at 80 columns
SUM_400 = "Standard bot, in ♠:\nyour meld 90\n+ 4 cards passed ~100\n+ partner's meld ~30\n+ tricks ~180 ≈ 400"


def _human_bids(c) -> bool:
    return c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act)


def _auction():
    c = preplay("partnership", SEATS, 12, _human_bids)
    # seed 12: West 250, North (partner) 260, East 270, and the human holds
    # A♠ K♠ K♠ Q♠ 9♠ K♥ 9♥ A♦ J♦ A♣ 10♣ J♣
    assert c.view(0).bids == ((1, 250), (2, 260), (3, 270))
    return c


def test_meld_by_trump_counts_each_suit():
    from pinochle_tui.panels.auction import meld_by_trump

    view = _auction().view(0)
    # pinochle Q♠ J♦ (40) in every suit; the spades marriage royal (40) in spades, plain
    # (20) elsewhere; the dix (10) in spades and hearts, the suits with a nine
    assert meld_by_trump(view).plain == "♠ 90  ♥ 70  ♦ 60  ♣ 60"


def test_meld_by_trump_keeps_a_space_after_each_suit_in_every_width():
    """Three figures a suit did not fit 22 cells with a space after each suit, and lost the
    spaces ("♠340 ♥340 ♦340 ♣340"); the suit and its figure keep their space, and where the
    four do not fit one line they take two."""
    from pinochle_tui.panels.auction import meld_by_trump

    # aces, kings and queens around, a marriage in every suit: 340 whatever the trump
    view = _auction().view(0)._replace(hand=(0, 2, 3, 6, 8, 9, 12, 14, 15, 18, 20, 21))
    assert meld_by_trump(view).plain == "♠ 340  ♥ 340  ♦ 340  ♣ 340"
    assert meld_by_trump(view, 26).plain == "♠ 340  ♥ 340  ♦ 340  ♣ 340"
    assert meld_by_trump(view, 23).plain == "♠ 340 ♥ 340 ♦ 340 ♣ 340"
    assert meld_by_trump(view, 22).plain == "♠ 340  ♥ 340\n♦ 340  ♣ 340"
    assert meld_by_trump(view, 11).plain == "♠ 340 ♥ 340\n♦ 340 ♣ 340"


def test_a_suit_the_hand_may_not_name_is_dimmed():
    """double-deck asks a marriage in trump (§3.6): the suits without one are dim."""
    from pinochle_tui.panels.auction import meld_by_trump

    c = preplay("double-deck", SEATS, 3, _human_bids)
    view = c.view(0)
    line = meld_by_trump(view)
    dimmed = [line.plain[s.start : s.end] for s in line.spans if "dim" in str(s.style)]
    hand = set(view.hand)
    no_marriage = [s for s in range(4) if not {s * 6 + 2, s * 6 + 3} <= hand]
    assert no_marriage and [d.split()[0] for d in dimmed] == [Style.suit(s) for s in no_marriage]


def test_the_bots_estimate_follows_the_auction():
    from pinochle_tui.panels.auction import BiddingHelp

    view = _auction().view(0)
    help_ = BiddingHelp()
    assert help_.text(view).plain == (
        "Your meld by trump:\n♠ 90  ♥ 70  ♦ 60  ♣ 60\n" + SUM_400 + "\nit bids up to 360\n(+25: partner's bid)"
    )
    # had the partner passed instead of bidding 260, the bot would stop sooner (its
    # partner's bid is worth 25, a pass costs 10: `StandardBot.ceiling`)
    passed = view._replace(bids=((1, 250), (2, 0), (3, 270)))
    assert help_.text(passed).plain.endswith(SUM_400 + "\nit bids up to 330\n(-10: partner's pass)")


def test_the_help_says_the_partners_call_moves_the_limit_not_the_partners_meld():
    """The sum's "partner's meld ~30" never moved while "the standard bot bids up to"
    did, after the partner bid or passed: the help says how much the partner's call moved
    the limit, and, where the centre has room, that the partner's meld is a fixed
    allowance (`StandardBot.partner_move`); before the partner calls, nothing."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate

    view = _auction().view(0)
    names = ["You", "West", "North", "East"]
    bot = StandardBot()
    moved = bot.partner_move(view)
    assert moved == pytest.approx(bot.partner_bid_bonus)
    wide = bot_estimate(view, bot, names, width=60).plain
    assert wide.endswith("≈ 400\nit bids up to 360\n(+25 for North's bid, not its meld; partner's meld fixed)")
    assert bot_estimate(view, bot, names).plain.endswith("bids up to 360\n(+25 for North's bid)")
    # the +25 is what a partner's bid is worth to the limit in play, not meld the partner
    # holds (an expert partner bids on no meld): said so, where the sum shows no partner's meld too
    from pinochle_tui.panels.auction import partner_note

    alone = [("your meld", 90), ("tricks", 180)]
    assert partner_note(view, bot, alone, names, room=60) == "(+25 for North's bid: its worth in play, not meld)"
    assert partner_note(view, bot, alone, names, room=22) == "(+25 for North's bid)"
    passed = view._replace(bids=((1, 250), (2, 0), (3, 270)))
    assert bot.partner_move(passed) == pytest.approx(-10.0)
    assert bot_estimate(passed, bot, names, width=60).plain.endswith(
        "bids up to 330\n(-10 for North's pass; partner's meld fixed)"
    )
    # the limit without the partner's call: 360 less 25, 330 plus 10, both 335
    assert bot.ceiling(view) - moved == pytest.approx(bot.ceiling(passed) - bot.partner_move(passed))
    before = view._replace(bids=((1, 250),), high_bid=250)
    assert bot.partner_move(before) == 0.0
    assert bot_estimate(before, bot, names, width=60).plain.splitlines()[-1].startswith("it bids up to")


def test_a_partners_bid_held_by_what_the_hand_can_make_is_said_beside_its_allowance():
    """Partnership, seed 57: North bid 250, and its 25 lifts the limit only 11, the rest
    being over what the hand can make (`StandardBot.partner_allowance` against
    `StandardBot.partner_move`); the help said "+11" as if that were the partner's whole
    allowance.  It says the allowance and the cap beside the move."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate

    view = preplay("partnership", SEATS, 57, _human_bids).view(0)
    assert view.bids == ((2, 250), (3, 260))
    bot = StandardBot()
    assert bot.partner_allowance(view) == 25.0
    assert bot.partner_move(view) == pytest.approx(11.1, abs=0.05)
    names = ["You", "West", "North", "East"]
    assert bot_estimate(view, bot, names, width=34).plain.splitlines()[-2:] == [
        "it bids up to 360",
        "(+11 for North's bid: +25 capped)",
    ]
    assert bot_estimate(view, bot, names, width=70).plain.splitlines()[-1] == (
        "(+11 for North's bid, not +25: held to what the hand makes)"
    )
    # in the 22 cells of an 80-column centre, in two lines rather than without its reason
    assert bot_estimate(view, bot, names).plain.splitlines()[-3:] == [
        "it bids up to 360",
        "(+11 for North's bid:",
        "+25 capped)",
    ]


def test_a_partners_bid_without_a_pass_is_said_to_add_nothing():
    """Double-deck has no pass, so a partner's bid adds nothing to the limit
    (``partner_bid_bonus_no_pass`` 0: its cards never reach the bidder); the help said
    nothing of North's bid, which read as the bot not seeing it.  A pass still costs its
    10 per 250 (20 in double-deck's 500), said as before."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate

    view = preplay("double-deck", SEATS, 3, _human_bids).view(0)
    assert view.bids == ((2, 500), (3, 510))
    bot = StandardBot()
    assert (bot.partner_allowance(view), bot.partner_move(view)) == (0.0, 0.0)
    names = ["You", "West", "North", "East"]
    assert bot_estimate(view, bot, names, width=34).plain.splitlines()[-2:] == [
        "it bids up to 60",
        "(+0 for North's bid: no pass)",
    ]
    assert bot_estimate(view, bot, names, width=60).plain.splitlines()[-1] == (
        "(+0 for North's bid: no pass brings its cards)"
    )
    assert bot_estimate(view, bot, names).plain.splitlines()[-2:] == ["(+0 for North's bid:", "no pass)"]
    passed = view._replace(bids=((2, 0), (3, 510)))
    assert bot.partner_move(passed) == bot.partner_allowance(passed) == -20.0
    assert bot_estimate(passed, bot, names, width=34).plain.splitlines()[-1] == "(-2 for North's pass)"
    # before North calls, nothing
    before = view._replace(bids=((3, 510),))
    assert bot_estimate(before, bot, names, width=34).plain.splitlines()[-1] == "it bids up to 60"


def test_the_standard_limits_moves_from_the_cautious_level_add_up_to_it():
    """The expert's bid hint said "228 cautiously ... the standard bot's limit of 234" with
    nothing of the 6 between: the standard bot's limit is its cautious level (the best
    mean less ``z`` spreads) plus moves each named (`StandardBot.ceiling_parts`), the
    partner's call last and by as much as this help says it moved the limit."""
    from bots.standard import StandardBot

    view = _auction().view(0)
    bot = StandardBot()
    cautious = max(e.total - bot.z * e.sd for e in bot.estimates(view))
    limit, moves = bot.ceiling_parts(view)
    assert limit == bot.ceiling(view)
    assert moves == (("for your partner's bid", pytest.approx(bot.partner_move(view))),)
    assert cautious + sum(m for _, m in moves) == pytest.approx(limit)
    passed = view._replace(bids=((1, 250), (2, 0), (3, 270)))
    limit, moves = bot.ceiling_parts(passed)
    assert moves == (("for your partner's pass", pytest.approx(-10.0)),)
    assert cautious - 10 == pytest.approx(limit)
    before = view._replace(bids=((1, 250),), high_bid=250)
    assert bot.ceiling_parts(before) == (pytest.approx(cautious), ())


def test_the_estimate_is_said_as_its_parts_and_they_add_up():
    """The sum is the standard bot's `Estimate` of the best trump, part by part: the meld
    exact, the pass's meld, the partner's meld and the side's tricks each within 10 of
    the estimate (rounded so that they add up to the total shown, itself the estimate's
    total to the nearest 10).  "meld+tricks ~320 in ♣" beside a clubs meld of 0 said
    nothing of where 320 came from."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import estimate_lines, estimate_parts

    view = _auction().view(0)
    best = max(StandardBot().estimates(view), key=lambda e: e.total)
    assert (best.trump, best.meld) == (0, 90)
    parts = estimate_parts(view.variant, best)
    assert [w for w, _ in parts] == ["your meld", "4 cards passed", "partner's meld", "tricks"]
    held = [best.meld, best.gain, best.partner, best.tricks]
    assert parts[0][1] == best.meld
    assert all(abs(x - h) < 10 and x % 10 == 0 for (_, x), h in zip(parts, held))
    total = sum(x for _, x in parts)
    assert total == round(best.total / 10) * 10 == 400
    words = "Standard bot, in ♠: your meld {} + 4 cards passed ~{} + partner's meld ~{} + tricks ~{} ≈ {}"
    assert estimate_lines(view.variant, best, 60).plain.replace("\n", " ") == words.format(
        *(x for _, x in parts), total
    )
    assert estimate_lines(view.variant, best, 22).plain == SUM_400


def test_a_hand_without_meld_says_the_cards_passed_to_it_are_counted() -> None:
    """Partnership, seed 22: a hand with no meld read "your meld 0 + the pass ~120 ... it
    bids up to 260", and nothing said the ~120 is the meld the partner's 4 cards are
    likely to bring (nor a pass of cards, not a passed bid, beside "(-10 for North's
    pass)"): the part says the cards passed."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate

    view = preplay("partnership", SEATS, 22, _human_bids).view(0)
    assert bot_estimate(view, StandardBot()).plain.splitlines()[1:3] == ["your meld 0", "+ 4 cards passed ~120"]


def test_the_parts_add_up_where_rounding_each_would_not() -> None:
    """Three parts of 14 each: rounded one by one they make 30 of a 42 that shows as 40;
    the largest remainder takes the missing 10.  A part that rounds to nothing is left
    out, and an each-for-self hand has no partner's part."""
    from bots.estimate import Estimate
    from pinochle_tui.panels.auction import estimate_lines, estimate_parts

    v = VARIANTS["partnership"]
    got = estimate_parts(v, Estimate(2, 0, 14.0, 14.0, 14.0))
    assert got == [("your meld", 0), ("4 cards passed", 20), ("partner's meld", 10), ("tricks", 10)]
    assert estimate_parts(v, Estimate(1, 60, 3.0, 30.0, 151.0)) == [
        ("your meld", 60),
        ("partner's meld", 30),
        ("tricks", 150),
    ]
    three = VARIANTS["three-hand"]  # x1: whole points, the widow's word
    assert estimate_lines(three, Estimate(3, 140, 38.0, 0.0, 131.2), 22).plain == (
        "Standard bot, in ♣:\nyour meld 14\n+ the widow ~4\n+ tricks ~13 ≈ 31"
    )
    six = VARIANTS["six-hand"]  # teams of three: the partners' meld
    assert estimate_parts(six, Estimate(0, 160, 0.0, 280.0, 420.0))[1] == ("partners' meld", 280)


def test_the_estimate_and_the_bots_limit_are_told_apart():
    """'Bot estimate: 310 in ♠' then 'it would pass' read as a contradiction. The sum
    says what the hand is worth, the last line what a bot does: where it passes, why
    (its limit is under the next bid, or the estimate itself is).  The limit is said in
    one wording whether it bids or passes ("bids up to 330", the partner's pass noted):
    "it stops at 330" and "with its safety margin it bids to 330 at most" a bid after
    "bids up to 330 (-10 for North's pass)" told the one limit on another basis."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate

    view = _auction().view(0)
    bot = StandardBot()
    # partner passed, East bid 340: the bot's limit 330 is under the next bid, 350
    over = view._replace(bids=((1, 250), (2, 0), (3, 340)), high_bid=340)
    got = bot_estimate(over, bot).plain
    assert got == SUM_400 + "\nit would pass:\nit bids up to 330\n(-10: partner's pass)"
    # at 320 it still bids
    assert bot_estimate(view._replace(bids=((1, 250), (2, 0), (3, 320)), high_bid=320), bot).plain == (
        SUM_400 + "\nit bids up to 330\n(-10: partner's pass)"
    )
    # two nines and a jack of every suit: the estimate itself is under the next bid
    weak = view._replace(hand=(4, 5, 5, 10, 11, 11, 16, 17, 17, 22, 23, 23))
    assert bot_estimate(weak, bot).plain == (
        "Standard bot, in ♠:\nyour meld 60\n+ 4 cards passed ~50\n+ partner's meld ~30\n+ tricks ~130 ≈ 270\n"
        "it would pass, as ~270\nis under the bid, 280"
    )
    for text in (got, bot_estimate(weak, bot).plain):
        assert max(len(line) for line in text.splitlines()) <= 22  # the centre's 23 at 80 columns
    # a wide centre: the sum in two lines of up to 60 cells, the pass in two with its reason
    assert bot_estimate(over, bot, width=70).plain == (
        "Standard bot, in ♠: your meld 90 + 4 cards passed ~100\n+ partner's meld ~30 + tricks ~180 ≈ 400\n"
        "it would pass: it bids up to 330\n(-10 for partner's pass; partner's meld fixed)"
    )
    assert bot_estimate(over, bot, width=40).plain.splitlines()[-2:] == [
        "it would pass: it bids up to 330",
        "(-10 for partner's pass)",
    ]


def test_bid_grid_at_most():
    from pinochle_tui.panels.auction import bid_grid_at_most

    v = VARIANTS["partnership"]
    got = [bid_grid_at_most(v, x) for x in (242.1, 250.0, 259.9, 3000.5)]
    assert got == [None, 250, 250, 3000]


async def test_the_help_is_on_the_table_at_80x24():
    c = _auction()
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.my_turn()
        panel = t.query_one("#panel-auction")
        text = str(panel._shown).strip("\n")
        # (no blank line before the help; its heading gives way to "You to bid.", and the
        # meld by trump is headed in its own line: a row of bare figures read as nothing)
        assert text == (
            "High bid 270 by East.\n"
            "You to bid.\nMeld: ♠90 ♥70 ♦60 ♣60\n" + SUM_400 + "\nit bids up to 360\n(+25 for North's bid)"
        )
        center = t.query_one("#center")
        # every line fits the centre's width and every line is in view (no wrap, no scroll)
        width = center.content_size.width
        assert max(len(line) for line in text.splitlines()) <= width
        assert center.virtual_size.height <= center.size.height
        # the human bids: the help is still there, for the next bids too
        await pilot.press("enter")
        await settle(pilot)
        if c.round.phase is Phase.AUCTION:
            assert "Standard bot, in ♠:\nyour meld 90" in str(t.query_one("#panel-auction")._shown)


async def test_naming_trump_shows_the_meld_by_trump():
    """The human wins the auction (the top bid) and names trump: the meld by trump is
    there too (with the kitty in hand, where there is one)."""
    from tui_helpers import policy_action

    from pinochle_tui.controller import Controller, default_seats
    from rules import Bid

    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["human", "random", "random", "random"]), seed=12)
    while c.round.phase is not Phase.TRUMP:
        human = c.is_human(c.round.to_act) and c.round.phase is Phase.AUCTION
        c.apply(Bid(c.bid_amounts()[-1]) if human else policy_action(c))
    assert c.round.bidder == 0
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        shown = str(t.query_one("#panel-auction")._shown)
        assert "Your meld by trump:\n♠ 90  ♥ 70  ♦ 60  ♣ 60" in shown


async def test_naming_trump_with_the_kitty_fits_80x24():
    """partnership-kitty: the kitty in hand (15 cards), four three-figure melds: the
    centre shows it all at 80x24, one space between the suits where two do not fit."""
    from tui_helpers import policy_action

    from pinochle_tui.controller import Controller, default_seats
    from rules import Bid

    v = VARIANTS["partnership-kitty"]
    c = Controller(v, default_seats(4, ["human", "random", "random", "random"]), seed=12)
    while c.round.phase is not Phase.TRUMP:
        human = c.is_human(c.round.to_act) and c.round.phase is Phase.AUCTION
        c.apply(Bid(c.bid_amounts()[-1]) if human else policy_action(c))
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        shown = str(t.query_one("#panel-auction")._shown)
        # kings around (80) in every suit, the hearts marriage royal (40) in hearts, plain
        # (20) elsewhere, the dix (10) in spades and diamonds
        assert shown.endswith("(now in your hand: +)\nYour meld by trump:\n♠ 110 ♥ 120 ♦ 110 ♣ 100")
        center = t.query_one("#center")
        assert center.virtual_size.height <= center.size.height


def _partner_holds():
    """Seed 11, hand 4: South, with a double pinochle, opened
    250; West passed, North (partner) bid 260, East passed."""
    from rules import Bid

    def hand4(c) -> bool:
        return c.hand_no >= 4 and _human_bids(c)

    c = preplay("partnership", SEATS, 11, hand4)
    c.apply(Bid(250))
    while not c.is_human(c.round.to_act):
        c.apply(policy_action(c))
    assert c.view(0).bids == ((0, 250), (1, 0), (2, 260), (3, 0))
    return c


async def test_whose_turn_stays_in_sight_while_the_help_gives_way_at_80x24():
    """At 80x24 the help's newest line, the note on the partner's call, took the place of
    "You to bid." (the prompt said "Your bid:" alone). Whose turn it is stays in the
    centre: the help's lesser lines give way instead, its heading first (the meld by trump
    then headed in its own line, "Meld: ♠90 ..."), then the meld by trump where the
    centre is shorter still (racehorse: the forced opening and the meld by
    trump in two rows of three figures), and no line is out of sight."""

    racehorse = preplay("racehorse", SEATS, 3, _human_bids)
    assert racehorse.view(0).bids == ((2, 500), (3, 510))
    for c, want in (
        (
            _auction(),
            ["High bid 270 by East.", "You to bid.", "Meld: ♠90 ♥70 ♦60 ♣60", *SUM_400.splitlines()]
            + ["it bids up to 360", "(+25 for North's bid)"],
        ),
        (
            racehorse,
            ["Forced 500 by North", "High bid 510 by East.", "You to bid.", "Standard bot, in ♦:", "your meld 430"]
            + ["+ the blind ~180", "+ partner's meld ~140", "+ tricks ~330 ≈ 1080"]
            + ["it bids up to 980"],
        ),
    ):
        app = app_for(c)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            t = table(app)
            assert t.my_turn()
            center = t.query_one("#center")
            r = center.content_region
            for _ in range(100):  # (a loaded machine may draw the panel a frame or two late)
                shown = [line[r.x : r.right].rstrip() for line in screen_lines(app)[r.y : r.bottom]]
                if shown[: len(want)] == want:
                    break
                await pilot.pause(0.05)
            assert shown == want + [""] * (r.height - len(want))
            assert center.virtual_size.height <= center.size.height


async def test_the_help_says_why_the_bot_passes_where_the_hint_passes():
    """The help said "bot bids up to 590" while the hint (and "play
    for me") passed: the bot passes when its partner holds the contract and the opponents
    are out. The help asks the bot's own decision and says the reason."""
    c = _partner_holds()
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.my_turn()
        text = str(t.query_one("#panel-auction")._shown).strip("\n")
        assert text.endswith("≈ 630\nit would pass: North\nholds 260, West and\nEast passed")
        center = t.query_one("#center")
        assert max(len(line) for line in text.splitlines()) <= center.content_size.width
        assert center.virtual_size.height <= center.size.height
        await pilot.press("i")
        await settle(pilot)
        assert str(t.message).startswith("Hint (standard bot): pass")


async def test_the_reason_the_bot_passes_takes_the_width_of_a_wide_centre():
    """At 200x60 the reason wrapped at 22 cells, five short lines down the middle of a
    centre 70 wide; it wraps at the centre's width (60 at most), as the lines above it,
    and as one paragraph (the line broke right after "would pass:", the reason under it)."""
    c = _partner_holds()
    app = app_for(c)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        t = table(app)
        text = str(t.query_one("#panel-auction")._shown).strip("\n")
        lines = [line.strip() for line in text.splitlines()]
        assert lines[-1:] == ["it would pass: North holds 260, West and East passed"]


async def test_the_whole_sum_is_in_sight_in_six_hands_eight_rows_at_80x24() -> None:
    """Six-hand's centre has 8 rows at 80x24: "No bid yet. Minimum bid 75." takes one
    row, not two, the help's heading goes ("You to bid." stays) and there is no blank
    line, so the sum and what a bot does are all in sight (no scrollbar)."""
    want = [
        "No bid yet (min. 75).",
        "You to bid.",
        "Standard bot, in ♥:",
        "your meld 8",
        "+ partners' meld ~28",
        "+ tricks ~40 ≈ 76",
        "it would pass:",
        "too risky to bid 75",
    ]
    app = app_for_seats("six-hand", ",".join(["human"] + ["standard"] * 5), 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_my_bid(pilot, app)
        for _ in range(100):  # (a loaded machine may draw the panel a frame or two late)
            centre = [line[16:40].rstrip() for line in screen_lines(app)[8:16]]
            if centre == want:
                break
            await pilot.pause(0.05)
    assert centre == want


async def test_the_sum_is_laid_out_for_the_centres_width_not_a_scroll_bars() -> None:
    """A taller text drawn before (the centre then shows its scroll bar, and the panel is a
    column narrower) does not leave the auction's lines laid out for that narrower column:
    six-hand at 80x24 drew them at 22 cells, where "the standard bot would" fills the
    row, left out more of the help than the centre's width needs, and kept it so once the
    bar went."""
    from rich.text import Text

    from pinochle_tui.panels.auction import AuctionPanel

    app = app_for_seats("six-hand", ",".join(["human"] + ["standard"] * 5), 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_my_bid(pilot, app)
        panel = app.screen.query_one(AuctionPanel)
        panel.update(Text("\n".join(["x"] * 20)))  # taller than the centre's 8 rows: its scroll bar
        for _ in range(100):
            await pilot.pause(0.05)
            if panel.content_size.width == 22:
                break
        assert panel.content_size.width == 22
        panel._shown = None  # drawn again, as after another phase's panel
        app.screen.refresh_view()
        for _ in range(100):
            await pilot.pause(0.05)
            centre = [line[16:40].rstrip() for line in screen_lines(app)[8:16]]
            if centre[0] != "x":
                break
        assert centre[:3] == ["No bid yet (min. 75).", "You to bid.", "Standard bot, in ♥:"]


def test_the_auction_sits_in_the_middle_of_a_wide_centre() -> None:
    """At 200x60 eight-hand the auction's lines must not sit at the left of a large empty
    centre: from 60 cells wide they are a block in its middle (80x24 keeps its layout:
    the six-hand test above)."""
    from rich.text import Text

    from pinochle_tui.panels.auction import centred

    got = centred(Text("High bid 250 by East.\nYou to bid.\n\na bot bids up to 330"), 120)
    assert got.plain.splitlines() == [
        " " * 49 + "High bid 250 by East.",
        " " * 49 + "You to bid.",
        "",
        " " * 49 + "a bot bids up to 330",
    ]
    assert centred(Text("x" * 23), 23).plain == "x" * 23


def test_the_bidding_help_with_no_trump_to_name_reads_as_two_lines_in_23_cells() -> None:
    """Six-hand, seed 24: your 20 cards hold no marriage, so no trump may be named (§3.6)
    and nothing (no widow, no pass) can bring one. It said 'Bot estimate: no trump' and 'it
    would name: it passes', 24 cells, wrapped in the centre's 23 at 80 columns after 'it';
    then 'the standard bot would pass: no fit for trump', which did not say that a bid is
    sure to be set (only the trump prompt did, once the bid was won)."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate
    from rules import Phase

    c = preplay(
        "six-hand",
        "human" + ",standard" * 5,
        24,
        lambda c: c.round.phase is Phase.AUCTION and c.is_human(c.round.to_act),
    )
    got = bot_estimate(c.view(0), StandardBot()).plain
    assert got == "you hold no marriage:\na bid would be set"
    assert max(len(line) for line in got.splitlines()) <= 22


AUCTION_FORMS = [n for n, v in VARIANTS.items() if v.round_flow != "stock"]


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
@pytest.mark.parametrize("name", AUCTION_FORMS)
async def test_the_help_fits_the_centre_of_every_auction_form(name: str, size: tuple[int, int]) -> None:
    """At the first bid of the human's in each form with an auction, whose turn it is and
    the help (the sum, what a bot does, and the meld by trump where the rows allow) are in
    the centre: no line wider than it and no row under its bottom (a scroll bar would hide
    the last line, what a bot does)."""
    v = VARIANTS[name]
    c = preplay_any(name, ",".join(["human"] + ["standard"] * (v.people - 1)), human_bids, range(6))
    app = app_for(c)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        t = table(app)
        text = str(t.query_one("#panel-auction")._shown).strip("\n")
        centre = t.query_one("#center")
        lines = [line.strip() for line in text.splitlines()]
        assert "You to bid." in lines
        # the estimate (under the meld by trump where the centre has the rows for it)
        heads = ("Standard bot, in ", "the standard bot would", "you hold no marriage:")
        at = next(i for i, line in enumerate(lines) if line.startswith(heads))
        said = ("it ", "the standard bot", "a bot may not", "stuck: a bot", "you must open", "you hold no marriage:")
        assert any(line.startswith(said) for line in lines[at:])
        assert max(len(line) for line in lines[at - 1 :]) <= centre.content_size.width
        assert centre.virtual_size.height <= centre.size.height


def test_the_high_bid_line_has_one_form_for_the_whole_table() -> None:
    """Five-hand in the 23 cells of the centre at 80 columns: "High bid 37 by West." fits,
    "High bid 35 by Northeast." does not; every bidder's line takes the short form, the one
    the longest seat name fits, not one form a line."""
    from pinochle_tui.panels.auction import high_bid_line

    v = VARIANTS["five-hand"]
    names = ["You", "West", "Northwest", "Northeast", "East"]
    assert high_bid_line(v, 350, "Northeast", names, 23) == "High 35 by Northeast."
    assert high_bid_line(v, 370, "West", names, 23) == "High 37 by West."
    assert high_bid_line(v, 370, "West", names, 40) == "High bid 37 by West."


def test_the_high_bid_line_names_the_viewer_mid_sentence() -> None:
    """The viewer's own bid: "High bid 270 by you.", not "by You." (the name opens a
    sentence elsewhere, "You passed")."""
    from pinochle_tui.panels.auction import high_bid_line

    v = VARIANTS["partnership"]
    names = ["You", "West", "North", "East"]
    assert high_bid_line(v, 270, "You", names, 40) == "High bid 270 by you."
    assert high_bid_line(v, 270, "North", names, 40) == "High bid 270 by North."


def test_a_bot_that_passes_under_the_first_bid_says_so_in_legal_bids() -> None:
    """Six-hand: the estimate 76 against a minimum bid of 75, the bot's margin for the risk
    taking its limit to 42: "it bids to 42 at most" named a bid no one can make (75, 80, …);
    it says the estimate less its margin is under the first bid, in the centre's room."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate

    c = preplay("six-hand", ",".join(["human"] + ["standard"] * 5), 5, _human_bids)
    view = c.view(0)
    assert bot_estimate(view, StandardBot()).plain.splitlines()[-2:] == [
        "it would pass:",
        "too risky to bid 75",
    ]
    wide = bot_estimate(view, StandardBot(), width=60).plain.splitlines()[-1]
    assert wide == "its estimate ~76, less its safety margin, is under 75"


def test_a_pass_under_the_lowest_bid_says_what_is_compared_for_any_gap() -> None:
    """Partnership, seed 1, West's 270 to beat: the estimate ~280 reaches the next bid,
    280, but the bot's limit (the estimate less its margin for the risk) is under even the
    lowest bid, so no bid names it.  In 22 cells it said "280 too near 280" (and "too near"
    of gaps as wide as 290 to 250); then it said the limit was under the lowest bid, 250,
    which beside "≈ 280" and a next bid of 280 read oddly: it says the limit is under the
    next bid, the one the bot would have to make (the comparison its rule makes), as fully
    as the room allows."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate

    c = preplay("partnership", "human,standard,standard,standard", 1, _human_bids)
    view = c.view(0)
    assert view.high_bid == 270
    said = [bot_estimate(view, StandardBot(), width=w).plain.splitlines()[-2:] for w in (22, 34, 40, 60)]
    assert said == [
        ["it would pass:", "too risky to bid 280"],
        ["it would pass:", "~280 less its margin is under 280"],
        ["it would pass:", "~280 less its safety margin is under 280"],
        ["it would pass:", "its estimate ~280, less its safety margin, is under 280"],
    ]
    assert bot_estimate(view, StandardBot()).plain.splitlines()[-3] == "+ tricks ~150 ≈ 280"


@pytest.mark.parametrize(("name", "seed", "nxt"), [("partnership", 1, "280"), ("three-hand", 0, "20")])
def test_a_pass_under_the_lowest_bid_never_reads_as_against_the_estimate(name: str, seed: int, nxt: str) -> None:
    """Partnership "≈ 280" and three-hand "≈ 24" (seed 0) over "the standard bot would
    pass: stops under 250" (or "under 20") read as the bot contradicting its own
    estimate: the reason, its margin for the risk, showed only at 60 cells.  At every
    width the centre can have, the line says the margin (or, in 22 cells, that the next
    bid is too risky: "safe bid < 280" read as a cipher), names no figure above the
    estimate as the limit, compares with the next bid
    (partnership's 280 over West's 270; three-hand's 20, no bid yet), and keeps to two
    lines of the room."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate

    c = preplay(name, ",".join(["human"] + ["standard"] * (VARIANTS[name].players - 1)), seed, _human_bids)
    view = c.view(0)
    for width in range(22, 61):
        lines = bot_estimate(view, StandardBot(), width=width).plain.splitlines()
        lines = lines[next(i for i, line in enumerate(lines) if line.startswith("it would pass:")) :]
        assert len(lines) <= 2, (width, lines)
        said = " ".join(lines)
        assert said.startswith("it would pass:"), (width, said)
        assert "stops under" not in said and ("margin" in said or f"too risky to bid {nxt}" in said), (width, said)
        assert said.endswith(f" {nxt}"), (width, said)
        assert max(len(line) for line in lines) <= max(22, width), (width, lines)
    assert " ".join(bot_estimate(view, StandardBot(), width=34).plain.splitlines()[-2:]).endswith(
        f"less its margin is under {nxt}"
    )


def test_a_hand_obliged_to_open_is_told_so_not_that_the_bot_would_pass() -> None:
    """Three-hand, seed 2: the hand's one meld is a dix (9♠), so it must open (§3.5 RU),
    and the help said "it would pass" (~16 under 20) beside a footer's "no pass" and a
    hint to bid 20: it says the opening is forced, by which meld, and the bid the bot
    makes, in every width the centre can have."""
    from bots.standard import StandardBot
    from pinochle_tui.panels.auction import bot_estimate

    c = preplay("three-hand", "human,standard,standard", 2, _human_bids)
    view, legal = c.view(0), c.legal()
    assert not view.bids and not any(isinstance(a, PassBid) for a in legal)
    names = ["You", "West", "East"]
    said = [bot_estimate(view, StandardBot(), names, legal, w).plain.splitlines()[-2:] for w in (22, 40, 60)]
    assert said == [
        ["you must open:", "a dix, so it bids 20"],
        ["you must open:", "you hold meld (a dix 9♠), so it bids 20"],
        ["+ tricks ~12 ≈ 16", "you must open: you hold meld (a dix 9♠), so it bids 20"],
    ]
    # where passing is allowed (no legal moves given: not the viewer's turn), the pass is said
    assert bot_estimate(view, StandardBot()).plain.splitlines()[-2:] == [
        "it would pass, as ~16",
        "is under the bid, 20",
    ]


async def test_a_game_of_bots_alone_says_the_bottom_seats_name_not_you() -> None:
    """Four standard bots, watched (seed 3): South's cards, drawn at the bottom, were
    "Your meld by trump:" and "In ♠: your meld 130" (and m's "Your meld under each
    trump"), with no person at the table; they are South's."""
    from pinochle_tui.screens.dialogs import MeldScreen

    app = app_for_seats("partnership", "standard,standard,standard,standard", 3)
    app.bot_delay = 30.0  # the auction holds at the first bot's turn
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = str(table(app).query_one("#panel-auction")._shown)
        screen = "\n".join(screen_lines(app))
        await pilot.press("m")  # the meld view's overlay, meld by meld
        await settle(pilot)
        assert isinstance(app.screen, MeldScreen)
        head = str(app.screen.query_one("#meld-view").content).splitlines()[0]
    assert head == "South's meld under each trump  (everyone's meld is laid down once trump is named)"
    assert "South's meld by trump:\n♠ 130" in text
    assert "Standard bot, in ♠:\nSouth's meld 130" in text
    assert "your" not in screen.lower()


def test_the_bottom_seats_line_in_a_game_of_bots_alone_says_to_act() -> None:
    """Four standard bots (seed 3), South to bid: its line said "▶ your turn" with no
    person at the table; it says "▶ to act", as every bot's seat does."""
    from pinochle_tui.panels.seats import seat_line
    from pinochle_tui.table.build import seat_facts

    c = app_for_seats("partnership", "standard,standard,standard,standard", 3).ctrl
    assert c is not None
    while c.round.to_act != 0:
        c.apply(c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))[0])
    ctx = seat_facts(c, 0)._replace(places={}, my_turn=False)
    assert ctx.humans == ()
    assert seat_line(ctx, 0).plain.endswith("12 cards  ▶ to act")
