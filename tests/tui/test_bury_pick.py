"""The burial's pick (the passing panel at Phase.BURY): the cards the burial may not take
now (§4.2: a melded card while unmelded cards remain) are dimmed in the hand as a card
that may not be played is, the prompt says what the dim cards are, and Space on one says
why at once, where Enter used to refuse the whole set."""

from __future__ import annotations

from tui_helpers import app_for, preplay, settle, table

from rules import Phase, score_meld


def _at_the_bury():
    # three-hand, seed 0: you take the contract at 20 in ♠ with aces and kings around
    return preplay(
        "three-hand", "human,standard,standard", 0, lambda c: c.round.phase is Phase.BURY and c.is_human(c.round.to_act)
    )


def test_the_melded_cards_are_the_ones_the_pick_may_not_take() -> None:
    from pinochle_tui.table.build import seat_facts

    c = _at_the_bury()
    f = seat_facts(c, 0)
    view = f.view
    assert view.trump is not None
    used = score_meld(view.hand, view.trump.index, view.variant).melded_counts
    assert sum(used) == 8  # aces and kings around
    mask = f.pickable()
    assert mask == [used[int(card)] == 0 for card in f.hand]
    # picked cards stay pickable (Space puts them back); a restriction that does not bite: no mask
    free = [i for i, ok in enumerate(mask) if ok]
    assert f._replace(picked=frozenset(free[:2])).pickable() == mask
    assert f._replace(pick_sets=frozenset()).pickable() is None


async def test_the_dim_cards_are_said_and_refused_at_space() -> None:
    c = _at_the_bury()
    app = app_for(c)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        t = table(app)
        f = t.now()
        mask = f.pickable()
        assert mask is not None
        assert t.query_one("#hand").legal == mask  # dim, as a card that may not be played
        prompt = str(t.query_one("#prompt").render())
        assert prompt == "Pick 3 cards to bury, no dim (melded) card: Space picks, Enter buries."
        await pilot.pause(1.0)  # (past the pause that holds an answer right after the hand shows)
        free = mask.index(True)
        assert free == 1 and f.cursor == free  # the cursor starts on a card it may pick: 10♠, not A♠
        await pilot.press("left")  # A♠, melded in aces around
        await pilot.press("space")
        await settle(pilot)
        assert t.now().picked == frozenset()
        assert str(t.now().message) == "You may not bury a card you melded while unmelded cards remain."
        await pilot.press("right")
        await pilot.press("space")
        await settle(pilot)
        assert t.now().picked == frozenset({free})


async def test_with_no_color_the_locked_cards_have_a_mark_of_their_own(monkeypatch) -> None:
    """With NO_COLOR the cards the burial may not take were told by faint text alone (not
    shown at all by many terminals): each has its own mark over it, ×, as a picked card
    has ▼, and the prompt names that mark; with colour, the dim cards as before."""
    monkeypatch.setenv("NO_COLOR", "1")
    c = _at_the_bury()
    app = app_for(c)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        t = table(app)
        mask = t.now().pickable()
        assert mask is not None and not all(mask)
        hand = t.query_one("#hand")
        marks = hand.render().plain.split("\n")[0]
        over = [marks[4 * k : 4 * k + 3].strip() for k in range(len(mask))]
        new = t.now().marked  # (a card just taken from the widow keeps its + beside it)
        assert over == [("" if ok else "×") + ("+" if k in new else "") for k, ok in enumerate(mask)]
        assert new and any(not mask[k] for k in new)
        prompt = str(t.query_one("#prompt").render())
        assert prompt == "Pick 3 cards to bury, no × (melded) card: Space picks, Enter buries."
        # the set full: every other card is locked for want of room, not melded: no × over
        # them, and the prompt gives the count instead of the melded cards' mark
        await pilot.pause(1.0)  # (past the pause that holds an answer right after the hand shows)
        for i in [k for k, ok in enumerate(mask) if ok][:3]:
            while t.now().cursor != i:
                await pilot.press("right" if t.now().cursor < i else "left")
            await pilot.press("space")
            await settle(pilot)
        assert len(t.now().picked) == 3 and t.now().pickable() is not None
        assert "×" not in hand.render().plain.split("\n")[0]
        prompt = str(t.query_one("#prompt").render())
        assert prompt == "Pick 3 cards to bury (3 picked): ←→ move, Space picks, Enter buries."
    monkeypatch.delenv("NO_COLOR")
    app = app_for(_at_the_bury())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "×" not in table(app).query_one("#hand").render().plain
