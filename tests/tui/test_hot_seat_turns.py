"""Hot-seat turns: the people look at everyone's meld together before the lead, the
bidder's partner too, whose first turn comes after the lead (else Ann would go straight
from passing to playing); `u` says why undo is off
instead of doing nothing; the hand-off box is centred like its button, and after a won
trick says who won it."""

from __future__ import annotations

from typing import Any

from tui_helpers import SIZE, VARIANTS, make_app, pick_first_legal, settle, table, text_of

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.render import card_text, trick_points
from pinochle_tui.screens.dialogs import HandOffScreen
from pinochle_tui.screens.table import UNDO_OFF, TableScreen
from rules import Bid, PassBid, Phase

SEATS = "human:Bo,random,human:Ann,random"
MELD_PROMPT = "Everyone's meld is shown, for all to see. Press Enter to go on."  # no hand drawn


def _bo_bids_ann_passes(seeds: range = range(60)) -> int:
    """A seed where Bo (seat 0, always the lowest bid) wins the auction while his partner
    Ann (seat 2) passes: only the auction is simulated, as the keys below play it."""
    v = VARIANTS["partnership"]
    for seed in seeds:
        c = Controller(v, default_seats(4, SEATS.split(",")), seed=seed)
        while c.round.phase is Phase.AUCTION:
            r = c.round
            legal = c.legal()
            if r.to_act == 0:
                bids = [a for a in legal if isinstance(a, Bid)]
                a = bids[0] if bids else PassBid()
            elif r.to_act == 2:
                a = PassBid() if PassBid() in legal else legal[0]
            else:
                a = c.choose(r, r.to_act, c.bot_for(r.to_act))[0]
            c.apply(a)
        if c.round.table.bidder == 0:
            return seed
    raise AssertionError("Bo never won the auction")


async def _key(pilot: Any) -> None:
    """One key of Bo's and Ann's play: Bo bids the lowest bid, Ann passes; the pass is
    the first legal one; Enter plays on, plays the card under the cursor, goes on."""
    app = pilot.app
    if isinstance(app.screen, HandOffScreen):
        await pilot.press("enter")
        return
    t = app.screen
    assert isinstance(t, TableScreen)
    c = t.ctrl
    if c.needs_meld_ack or not t.my_turn():
        await pilot.press("enter")
        return
    ph = c.round.phase
    if ph is Phase.AUCTION:
        await pilot.press("enter" if c.round.to_act == 0 and t.bid_amounts() else "p")
    elif ph is Phase.PASS:
        await pick_first_legal(pilot, t)
    else:
        await pilot.press("enter")


async def test_the_people_look_at_everyones_meld_together_before_the_lead():
    """Hot-seat at one keyboard: everyone's meld is shown once, with no hand drawn, and one
    Enter goes on for all; each person (Ann, whose first turn comes after the lead, too)
    has seen it before Bo leads, and Bo leads with the meld in sight.  (One pause a
    person, each behind a hand-off, cost a family three hand-offs a hand.)"""
    seed = _bo_bids_ann_passes()
    app = make_app("partnership", SEATS, seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        saw: set[int] = set()  # the seats whose hand was drawn beside everyone's meld
        looks: list[tuple[int | None, str, int, int]] = []  # viewer, prompt, cards drawn, cards played
        t = table(app)
        c = t.ctrl
        for _ in range(400):
            await settle(pilot)
            if c.round.phase is Phase.DONE or len(c.round.tricks) >= 3:
                break
            seat = t.viewer()
            if app.screen is t and seat is not None and t.the_view().melds is not None and t.panels["meld"].display:
                saw.add(seat)
            if app.screen is t and c.needs_meld_ack and (not looks or looks[-1][0] != seat):
                played = len(c.round.tricks) * 4 + len(c.round.trick)
                looks.append((seat, text_of(t.query_one("#prompt")), len(t.query_one("#hand").cards), played))
            await _key(pilot)
        assert c.round.table.bidder == 0 and len(c.round.tricks) >= 3
        assert looks == [(None, MELD_PROMPT, 0, 0)]  # once, for all, no hand shown, before Bo's lead
        assert c.meld_seen == {0, 2}
        assert saw == {0}  # Bo led with the meld on the table (Ann saw it in the look)


async def test_u_in_hot_seat_says_undo_is_off():
    app = make_app("partnership", SEATS, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")
        await settle(pilot)
        t = table(app)
        assert app.screen is t and t.my_turn()
        n = len(t.ctrl.actions)
        await pilot.press("u")
        await pilot.pause()
        assert text_of(t.query_one("#prompt")).splitlines()[-1] == UNDO_OFF
        assert len(t.ctrl.actions) == n
        assert UNDO_OFF == "Undo is off in hot-seat: a move taken back would cost the other players."
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert len(UNDO_OFF) <= t.query_one("#prompt").content_size.width  # one line at 80 columns


async def test_undo_still_works_with_one_human():
    app = make_app("partnership", "human,random,random,random", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        n = len(t.ctrl.actions)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert len(t.ctrl.actions) == n
        assert UNDO_OFF not in text_of(t.query_one("#prompt"))


async def test_the_hand_off_box_is_centred_like_its_button():
    for size in (SIZE, (80, 24), (160, 50)):
        app = make_app("partnership", SEATS, seed=4)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, HandOffScreen)
            box = screen.query_one("#handoff-text").region
            button = screen.query_one("#handoff-go").region
            width = size[0]
            assert box.width < width - 4  # a box, not the whole width
            assert abs((2 * box.x + box.width) - (2 * button.x + button.width)) <= 1
            assert abs((2 * box.x + box.width) - width) <= 1  # in the middle of the screen


async def test_the_hand_off_tells_the_play_since_the_persons_last_look():
    """The person who plays a trick's last card is handed on at once, before the trick is
    shown, and a trick won by a bot who then leads was never shown to the next person at
    all: every hand-off, seen by everyone at the table, says who won the last trick since
    that person's last look, for how much, and its cards in the order played, then the
    trick being played so far; a hand-off before any trick is won says nothing of one."""
    seed = _bo_bids_ann_passes()
    app = make_app("partnership", SEATS, seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        t = table(app)
        c = t.ctrl
        during: list[tuple[str, list[Any], list[Any]]] = []  # the words, the tricks won, the trick so far
        before: list[str] = []
        for _ in range(600):
            await settle(pilot)
            if c.round.phase is Phase.DONE or len(c.round.tricks) >= 4:
                break
            if isinstance(app.screen, HandOffScreen):
                words = text_of(app.screen.query_one("#handoff-text"))
                if c.round.phase is Phase.TRICKS:
                    during.append((words, list(c.round.tricks), list(c.view(0).trick)))
                elif words not in before:
                    before.append(words)
            await _key(pilot)
        assert len(during) >= 4 and before
        for words in before:
            assert " won trick " not in words and "Trick " not in words
        names = t.now().names
        for words, tricks, trick in during:
            lines = words.splitlines()
            n = len(tricks)
            if tricks:
                _leader, cards, winner = tricks[-1]
                pts = trick_points(c.variant, cards, n)
                shown = " ".join(card_text(x).plain for x in cards)
                assert lines.pop(0) == f"{names[winner]} won trick {n} ({c.variant.fmt(pts)}): {shown}"
            if trick:
                (led_by, led), *rest = trick
                then = f", then {', '.join(f'{names[s]} {card_text(x).plain}' for s, x in rest)}" if rest else ""
                assert lines.pop(0) == f"Trick {n + 1} so far: {names[led_by]} led {card_text(led).plain}{then}"
            assert lines[1 if tricks or trick else 0].startswith("Pass the keyboard to ")
        assert {(bool(tricks), bool(trick)) for _, tricks, trick in during} >= {(True, True), (False, True)}


async def test_a_persons_hand_is_put_away_as_soon_as_a_bot_is_to_move():
    """Bo bids and West, a bot, is to move: Bo's hand is no longer drawn while West thinks
    (it stayed up about a second, long enough for the next child to see it)."""
    app = make_app("partnership", SEATS, seed=_bo_bids_ann_passes())
    async with app.run_test(size=SIZE) as pilot:
        t = table(app)
        c = t.ctrl
        for _ in range(200):
            await settle(pilot)
            if t.my_turn() and c.round.to_act == 0 and c.round.phase is Phase.AUCTION:
                break
            await _key(pilot)
        assert t.revealed == 0 and str(c.seats[0].name) == "Bo"
        app.bot_delay = 30.0  # West thinks through the test
        await pilot.press("enter")  # Bo's bid
        await settle(pilot)
        assert c.round.to_act == 1 and not c.is_human(1)
        assert t.revealed is None and t.turns.viewer() is None
