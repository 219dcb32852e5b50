"""The table when people sit out in turn (RULES.md §0.4 item 16): the seat sitting out is
dealt nothing and sees no card until the hand is over (one human: no hand is drawn; two:
the hand-off never goes to the one sitting out); the scores panel lists every person,
the dealer marked as sitting out; the log says who sits out; the game saves and resumes."""

from __future__ import annotations

import pytest
from tui_helpers import SIZE, VARIANTS, app_for, preplay, settle, step_policy, table, text_of

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.save import load_game, save_game
from pinochle_tui.screens.dialogs import HandOffScreen
from rules import Phase


def _human_sits_out(c: Controller) -> bool:
    return c.round.phase is Phase.AUCTION and c.watching


def test_the_controller_seats_the_active_people_of_each_deal() -> None:
    v = VARIANTS["three-hand-four"]
    c = Controller(v, default_seats(4, ["human:Ann", "easy", "easy", "easy"]), seed=3, dealer=0)
    assert [s.name for s in c.seats] == [c.people[p].name for p in (1, 2, 3)]
    assert [s.name for s in c.sitting_out] == ["Ann"] and c.watching and not c.hotseat
    assert c.human_seats == [] and c.round.dealer == 2


async def test_one_human_sitting_out_sees_no_hand_and_every_person_is_scored() -> None:
    c = preplay("three-hand-four", "human:Ann,easy,easy,easy", 5, _human_sits_out)
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        assert t.viewer() is None
        hand = t.query_one("#hand")
        assert "You sit this deal out" in hand.render().plain
        assert not getattr(hand, "cards", [])
        # the seat played at the bottom has its line over the hidden hand (it had no box)
        assert text_of(t.query_one("#hand-title")).startswith(f"{c.seats[0].name} · ")
        scores = text_of(t.query_one("#scores"))
        for person in c.people:
            assert person.name in scores
        assert "out (D)" in scores
        # the free place at the table (three seats play, the top is free) shows who sits out
        assert text_of(t.query_one("#seat-top")) == f"{c.sitting_out[0].name}\nDealer, sitting out"
        await settle(pilot)


async def test_hot_seat_hand_off_never_goes_to_the_person_sitting_out() -> None:
    seats = "human:Ann,human:Bob,easy,easy"
    c = preplay("three-hand-four", seats, 7, lambda c: c.round.phase is Phase.AUCTION and len(c.sitting_out) == 1)
    assert c.hotseat
    out = c.sitting_out[0].name
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        handed = []
        for _ in range(40):  # every hand-off of the deal's auction goes to a person who plays it
            await settle(pilot)
            if c.round.phase is not Phase.AUCTION:
                break
            if isinstance(app.screen, HandOffScreen):
                handed.append(app.screen.player)
                await pilot.press("enter")
            elif not await step_policy(pilot):
                await pilot.pause(0.01)
        assert handed and out not in handed
        assert set(handed) <= {s.name for s in c.seats}


def test_a_game_with_people_sitting_out_saves_and_resumes(tmp_path) -> None:
    c = preplay("partnership-five", "human,easy,easy,easy,easy", 9, lambda c: c.hand_no == 2 and c.round.tricks)
    path = tmp_path / "five.json"
    save_game(c, path)
    again = load_game(path)
    assert [s.name for s in again.people] == [s.name for s in c.people]
    assert again.game.scores == c.game.scores and len(again.game.scores) == 5
    assert again.seating == c.seating and again.round.hands == c.round.hands


def test_the_help_says_who_sits_out() -> None:
    from pinochle_tui.render import rules_text

    five = "\n".join(rules_text(VARIANTS["partnership-five"]))
    assert (
        "5 at the table: each deal the dealer sits out, and the other 4 play (partners: the 1st and 3rd to the "
        "dealer's left); scores are per person" in five
    )
    assert "scores are per person (each member of a side scores the side's change), the one sitting out" in five
    three = " ".join(rules_text(VARIANTS["three-hand-five"]))
    assert "the dealer and the second to the dealer's left sit out" in three
    # each for self: no side's change to share, and two sit out (it said "a side's change", "the one")
    assert "scores are per person (each scores its own), the two sitting out score nothing that deal." in three


def _one_of_two_humans_out_and_the_other_decided(c: Controller) -> bool:
    """Two humans at the table, one sitting this deal out, the other to act after a decision of its own."""
    return (
        len(c.sitting_out) == 1
        and c.sitting_out[0].kind == "human"
        and c.round.phase is not Phase.DONE
        and c.is_human(c.round.to_act)
        and any(st.to_act == c.round.to_act for st in c.states[:-1])
    )


async def test_undo_is_off_in_hot_seat_while_the_other_human_sits_out() -> None:
    """The help says undo is off in hot-seat: so it is when the other human sits the deal
    out too (the scores are per person, §0.4.16: a move taken back would be at the
    expense of the one watching)."""
    from pinochle_tui.screens.table import UNDO_OFF

    c = preplay("three-hand-four", "human:Ann,human:Bob,easy,easy", 7, _one_of_two_humans_out_and_the_other_decided)
    assert c.hotseat and c.undo_seat() is None and not c.undo()
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await settle(pilot)
        t = table(app)
        assert app.screen is t and t.my_turn()
        n = len(c.actions)
        await pilot.press("u")
        await pilot.pause()
        assert len(c.actions) == n
        assert text_of(t.query_one("#prompt")).splitlines()[-1] == UNDO_OFF


async def test_partnership_five_shows_who_sits_out_beside_the_top_seat() -> None:
    """Four seats play and fill every place: the person sitting out has a box of its own
    beside the top seat, and when it is the human, the seat played at the bottom has its
    line over the hidden hand."""
    c = preplay("partnership-five", "human:Ann,easy,easy,easy,easy", 11, _human_sits_out)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t = table(app)
        assert text_of(t.query_one("#seat-out")) == "Ann\nDealer, sitting out"
        assert t.query_one("#seat-out").display and t.query_one("#seat-top").display
        assert text_of(t.query_one("#hand-title")).startswith(f"{c.seats[0].name} · ")
        await settle(pilot)
    c = preplay("partnership-five", "human:Ann,easy,easy,easy,easy", 11, lambda c: c.hand_no == 2 and not c.watching)
    app = app_for(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t = table(app)
        out = c.sitting_out[0].name
        assert text_of(t.query_one("#seat-out")) == f"{out}\nDealer, sitting out"
        assert text_of(t.query_one("#hand-title")).startswith("Ann")
        await settle(pilot)


@pytest.mark.parametrize(
    ("base", "people"), [("three-hand-check", 4), ("three-hand-check", 5), ("cutthroat", 4), ("cutthroat", 5)]
)
async def test_check_and_cutthroat_with_people_sitting_out_play_at_the_table(base: str, people: int) -> None:
    """table_seats at three-hand-check and cutthroat (§0.4.16): hand after hand played as
    `a` plays them, whoever sits out keeps its score and its checks, the checks add up to
    0 among the people, and the table lists every person with the one sitting out marked."""
    from rules import Variant

    v = Variant.model_validate(VARIANTS[base].model_dump() | {"name": f"{base}-{people}", "table_seats": people})
    c = Controller(v, default_seats(people, ["human:Ann"] + ["easy"] * (people - 1)), seed=4)
    for _ in range(4):
        out = [c.people.index(p) for p in c.sitting_out]
        assert len(out) == people - 3 and c.dealer_person in out
        scores, checks = c.game.scores, c.game.checks
        while c.round.phase is not Phase.DONE:
            if c.needs_meld_ack:
                c.ack_meld(c.human_seats[0])
                continue
            seat = c.round.to_act
            c.apply(c.choose(c.round, seat, c.helper() if c.is_human(seat) else c.bot_for(seat))[0])
        for p in out:
            assert c.game.scores[p] == scores[p]
            if checks:
                assert c.game.checks[p] == checks[p]
        assert sum(c.game.checks or (0,)) == 0
        if c.game.over:
            break
        c.next_hand()
    app = app_for(c)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        scores = text_of(t.query_one("#scores"))
        assert all(person.name in scores for person in c.people)
        marked = [line for line in scores.splitlines() if " · out" in line]
        assert len(marked) == people - 3 and any("out (D)" in line for line in marked), scores
        await settle(pilot)


def test_the_check_table_says_checks_are_paid_among_those_playing_the_deal() -> None:
    """§0.4.16: "checks (three-hand-check) are paid among the active seats"."""
    from pinochle_tui.checks_view import check_help_lines
    from rules import Variant

    v = Variant.model_validate(VARIANTS["three-hand-check"].model_dump() | {"table_seats": 4})
    assert check_help_lines(v)[0].endswith(
        "each check a player receives is paid by each of the others playing the deal (those sitting out neither "
        "pay nor receive)."
    )
    assert check_help_lines(VARIANTS["three-hand-check"])[0].endswith("is paid by each of the others.")
