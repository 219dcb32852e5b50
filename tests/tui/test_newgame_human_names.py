"""The new-game screen's default names are the command line's."""

from __future__ import annotations

from pinochle_tui.controller import default_seats


def test_a_seat_turned_human_gets_the_command_lines_default_name() -> None:
    """Six-hand, seats 3 and 5 made human on the new-game screen are not named
    'Northwest' and 'Bot 5' but as the command line names them, 'Player 1/2/3'. Back to bots,
    they take the bots' default names again; a typed name stays."""
    from pinochle_tui.screens.newgame import NewGameScreen

    named = NewGameScreen._named
    bots = [("standard", n) for n in ("West", "Northwest", "North", "Northeast", "East")]
    start = [("human", "You"), *bots]
    three = [start[0], start[1], ("human", "Northwest"), start[3], ("human", "Northeast"), start[5]]
    assert named(6, three) == [
        ("human", "Player 1"),
        ("standard", "Bot 2"),
        ("human", "Player 2"),
        ("standard", "Bot 4"),
        ("human", "Player 3"),
        ("standard", "Bot 6"),
    ]
    cli = default_seats(6, ["human", "standard"] * 3)
    assert [seat.name for seat in cli] == [
        "Player 1",
        "Bot 2",
        "Player 2",
        "Bot 4",
        "Player 3",
        "Bot 6",
    ]
    # from hot-seat names: seat 5 made human again; seat 3 back to a bot
    hot = named(6, three)
    again = [hot[0], hot[1], ("standard", "Player 2"), hot[3], hot[4], hot[5]]
    assert named(6, again) == [
        ("human", "Player 1"),
        ("standard", "Bot 2"),
        ("standard", "Bot 3"),
        ("standard", "Bot 4"),
        ("human", "Player 2"),
        ("standard", "Bot 6"),
    ]
    # all bots again but the first: 'You' and the compass names
    alone = [hot[0], ("standard", "Bot 2"), ("standard", "Player 2"), ("standard", "Bot 4"), ("standard", "Player 3")]
    assert named(6, [*alone, ("standard", "Bot 6")]) == start
    # a typed name stays, whatever the seat becomes
    assert named(6, [start[0], ("human", "Ann"), *bots[1:]])[1] == ("human", "Ann")
    assert named(6, [start[0], ("standard", "Ann"), *bots[1:]])[1] == ("standard", "Ann")


def test_the_one_person_at_this_keyboard_of_a_hosted_table_is_you() -> None:
    """Seats at other terminals ("remote") are people too, but not at this keyboard: the
    one human seat here stays ``You``; the remote seats are named ``Player k``."""
    from pinochle_tui.screens.newgame import NewGameScreen

    values = [("human", "You"), ("remote", "West"), ("standard", "North"), ("remote", "East")]
    assert NewGameScreen._named(4, values) == [
        ("human", "You"),
        ("remote", "Player 2"),
        ("standard", "Bot 3"),
        ("remote", "Player 3"),
    ]
