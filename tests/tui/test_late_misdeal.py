"""A misdeal kept at the deal and claimed later (RULES.md §5.8, §0.4 item 23b): the hand's
line says ``x calls a misdeal`` at the holder's decisions until it plays its first card,
and ``x`` voids the deal (the same dealer redeals)."""

from __future__ import annotations

from tui_helpers import SIZE, VARIANTS, app_for, settle, table, text_of

from pinochle_tui.controller import Controller, default_seats
from rules import KeepHand, Phase, Variant

FIVE_NINES = Variant.model_validate(VARIANTS["partnership"].model_dump() | {"misdeal_nines": "five_nines"})


def _holding_seed() -> int:
    for seed in range(2000):
        c = Controller(FIVE_NINES, default_seats(4), seed=seed)
        if 0 in c.round.table.misdeal_seats and c.round.phase is Phase.DEAL and c.round.to_act == 0:
            return seed
    raise AssertionError("no seed deals seat 0 five nines")


async def test_the_holder_keeps_the_hand_then_claims_the_misdeal_in_the_auction() -> None:
    c = Controller(FIVE_NINES, default_seats(4, ["human", "easy", "easy", "easy"]), seed=_holding_seed())
    dealer = c.game.dealer
    c.apply(KeepHand())
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert c.round.phase is Phase.AUCTION and c.to_act == 0  # the human, eldest, opens
        assert "x calls a misdeal" in text_of(t.query_one("#hand-title"))
        await pilot.press("x")
        await pilot.pause()
        assert c.round.result is not None and c.round.result.kind == "misdeal"
        assert c.game.dealer == dealer  # the same dealer redeals


async def test_the_holder_claims_the_misdeal_at_its_first_card_in_play() -> None:
    """Kept through the auction, the pass and the meld, the claim is still the holder's at
    its first card of the play (§0.4 item 23b): ``x`` voids the deal, the result says it
    was a misdeal and the same dealer deals again."""
    from rules import ClaimMisdeal, Concede, PassBid

    c = Controller(FIVE_NINES, default_seats(4, ["human", "easy", "easy", "easy"]), seed=_holding_seed())
    dealer = c.game.dealer
    c.apply(KeepHand())
    while not (c.round.phase is Phase.TRICKS and c.round.to_act == 0):
        if c.needs_meld_ack:
            c.ack_meld(0)
            continue
        seat = c.round.to_act
        if c.is_human(seat):
            legal = [a for a in c.legal() if not isinstance(a, (ClaimMisdeal, Concede))]
            c.apply(PassBid() if PassBid() in legal else legal[0])
        else:
            c.apply(c.choose(c.round, seat, c.bot_for(seat))[0])
    assert not c.round.tricks  # no card of the holder's played yet
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert c.round.phase is Phase.TRICKS and c.to_act == 0
        assert "x calls a misdeal" in text_of(t.query_one("#hand-title"))
        await pilot.press("x")
        await settle(pilot)
        assert c.round.result is not None and c.round.result.kind == "misdeal"
        assert c.game.dealer == dealer and c.game.scores == (0, 0)
        from pinochle_tui.screens.dialogs import HandResultScreen

        assert isinstance(app.screen, HandResultScreen)
        assert "misdeal" in str(app.screen.query_one("#result-headline").content).lower()
        await pilot.press("enter")
        await settle(pilot)
        assert c.hand_no == 2 and c.round.dealer == dealer
