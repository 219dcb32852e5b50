"""The two-hand table's finer points: the last stock
pair's log line, the hand-off wording for two players, and Home/End within the row of the
hand or of the melds on the table (the game-over chart's target: test_game_over_chart)."""

from __future__ import annotations

from test_two_hand import SEATS, human_choice
from tui_helpers import VARIANTS

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.render import Style
from pinochle_tui.screens.dialogs import HandOffScreen
from rules import DeclareMeld, Phase


def _to_phase_two(seed: int) -> tuple[Controller, bool]:
    """A two-hand hand played to the first phase-2 position; whether the last phase-1
    winner melded just before the last pair was taken."""
    c = Controller(VARIANTS["two-hand"], default_seats(2, SEATS.split(",")), seed=seed)
    melded_last = False
    while c.view(0).stock_open or c.round.phase is not Phase.TRICKS:
        seat = c.round.to_act
        a = human_choice(c) if c.is_human(seat) else c.choose(c.round, seat, c.bot_for(seat))[0]
        melded_last = isinstance(a, DeclareMeld) and len(c.round.tricks) == 12
        c.apply(a)
    return c, melded_last


def test_the_last_pair_line_names_just_the_two_stock_cards() -> None:
    found = 0
    for seed in range(40):
        c, melded_last = _to_phase_two(seed)
        view = c.view(0)
        (_, won), (_, lost) = view.last_pair
        line = next(e for e in c.events if "the stock is gone" in e)
        head = line.split(":")[0]
        assert f"took {Style.card(won)}," in head and head.endswith(Style.card(lost)), line
        found += melded_last
        if found >= 2:
            break
    assert found >= 2  # the case the play-test hit: a meld made at trick 12, then the last pair


def test_hand_off_speaks_of_the_other_player_at_a_two_seat_table() -> None:
    assert HandOffScreen("Ann", 2).others == "the other player"
    assert HandOffScreen("Ann", 4).others == "the others"


async def test_home_and_end_stay_in_the_row_of_the_cursor() -> None:
    """End once jumped to the last card on the table, and Enter played it (a play-tester
    meant to lead the last card of the hand)."""
    from test_two_hand import stock_seed
    from tui_helpers import SIZE, make_app, settle, table

    app = make_app("two-hand", SEATS, seed=stock_seed())
    checked = False
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await settle(pilot)
            t = table(app)
            c = t.ctrl
            if c.round.phase is Phase.DONE:
                break
            if not t.my_turn():
                await pilot.pause(0.01)
                continue
            view = t.the_view()
            if c.round.phase is Phase.TRICKS and view.stock_open and t.display_table(view):
                n_hand = len(t.display_hand(view))
                n_all = len(t.playable(view))
                t.cursor = 0
                await pilot.press("end")
                assert t.cursor == n_hand - 1
                await pilot.press("home")
                assert t.cursor == 0
                t.cursor = n_hand  # the first card on the table
                await pilot.press("end")
                assert t.cursor == n_all - 1
                await pilot.press("home")
                assert t.cursor == n_hand
                checked = True
                break
            c.apply(human_choice(c))
            t.after_change()
    assert checked
