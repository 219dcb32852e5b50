"""Names at the big tables: the rows of one panel shortened by one
rule, and a cut name ending in '…'."""

from __future__ import annotations

from tui_helpers import VARIANTS

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.table.build import seat_facts
from pinochle_tui.table.facts import SeatFacts

LONG = "human:Maximiliana-Habsburg,standard,human:BartholomewFeathers,standard,standard,standard,standard,standard"


def _eight(seats: str = LONG) -> Controller:
    return Controller(VARIANTS["eight-hand"], default_seats(8, seats.split(",")), seed=3)


def _ctx(c: Controller, viewer: int = 0) -> SeatFacts:
    return seat_facts(c, viewer)._replace(places={}, my_turn=False)


def test_the_scores_rows_and_the_result_columns_shorten_by_one_rule() -> None:
    """Never 'A: Maximiliana-+B5' over 'B: Bot 2+Bot 6': one row needing short forms
    gives every row its short forms, and a cut name ends in '…'.  A long given name is cut
    first: where that is enough, the default names stay whole in every row."""
    from pinochle_tui.panels.seats import ring_scores, side_heading

    c = _eight()
    assert ring_scores(_ctx(c), c.view(0).scores, 20).plain.splitlines() == [
        "A: Maximili…+Bot 5 0",
        "B: Bot 2+Bot 6     0",
        "C: Bartholo…+Bot 7 0",
        "D: Bot 4+Bot 8     0",
    ]
    assert [side_heading(c.variant, [seat.name for seat in c.seats], s, 14) for s in range(4)] == [
        "A: Maximil…+B5",
        "B: B2+B6",
        "C: Barthol…+B7",
        "D: B4+B8",
    ]
    # all fit whole: all whole
    assert [side_heading(c.variant, [seat.name for seat in c.seats], s, 40) for s in range(4)] == [
        "A: Maximiliana-Habsburg+Bot 5",
        "B: Bot 2+Bot 6",
        "C: BartholomewFeathers+Bot 7",
        "D: Bot 4+Bot 8",
    ]
    from pinochle_tui.panels.seats import fit_rows

    assert fit_rows([["Ann", "Bot 5"], ["Bot 2", "Bot 6"]], [8, 11]) == [["Ann", "B5"], ["B2", "B6"]]
    assert fit_rows([["Ann", "Bot 5"], ["Bot 2", "Bot 6"]], [9, 11]) == [["Ann", "Bot 5"], ["Bot 2", "Bot 6"]]


def test_a_cut_name_ends_in_an_ellipsis() -> None:
    from pinochle_tui.widgets import short_name, short_names

    assert short_name("Christopher", 5) == "Chri…"
    assert short_name("Northwest", 3) == "NW"
    assert short_names(["Annabel", "Annette", "Bo"], 3) == ["An1", "An2", "Bo"]
    from pinochle_tui.widgets import cut_name

    assert cut_name("Bartholomew Feathers", 13) == "Bartholomew…"
    assert cut_name("Ann", 3) == "Ann"


def test_a_sides_names_are_all_whole_or_all_short() -> None:
    """Never six-hand's 'B: B2+Bot 4+Bot 6' and eight-hand's 'B: SW+Northeast' (the
    result screen's 'SW+NE'): a side that does not fit whole has every name in its short
    form, in the scores panel and the hand result alike."""
    from tui_helpers import VARIANTS

    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.panels.seats import fit_names, side_heading

    assert fit_names(["Bot 2", "Bot 4", "Bot 6"], 16) == ["B2", "B4", "B6"]
    assert fit_names(["Bot 2", "Bot 4", "Bot 6"], 17) == ["Bot 2", "Bot 4", "Bot 6"]
    assert fit_names(["Southwest", "Northeast"], 18) == ["SW", "NE"]
    assert fit_names(["Northwest", "Southeast"], 12) == ["NW", "SE"]
    assert fit_names(["Ann", "Bot 4"], 7) == ["Ann", "B4"]
    assert fit_names(["Christopher", "Bot 4"], 10) == ["Christ…", "B4"]
    v = VARIANTS["eight-hand"]
    ctrl = Controller(v, default_seats(8, ["human"] + ["standard"] * 7), seed=3)
    # every side by one rule
    assert [side_heading(v, [seat.name for seat in ctrl.seats], s, 20) for s in range(4)] == [
        "A: You+N",
        "B: SW+NE",
        "C: W+E",
        "D: NW+SE",
    ]


def test_the_trick_area_shows_names_whole_where_they_fit() -> None:
    """The trick in the centre names each seat whole when the span has room ('Northwest',
    which was cut at 8 letters to 'Northwes' at any width), by its letters when not
    ('NW'), and a long name cut with '…'."""
    from rich.text import Text

    from pinochle_tui.widgets import TrickGrid

    card = Text("K♥")
    grid = TrickGrid(("Northeast", card), ("Northwest", None), ("East", card), ("You", None), "Northeast led")
    for big in (False, True):
        lines = [line.plain for line in grid._replace(big=big).lines(60)]
        assert any("Northwest" in line for line in lines) and any("Northeast" in line for line in lines)
        assert not any("Northwes " in line or line.rstrip().endswith("Northwes") for line in lines)
    narrow = [line.plain for line in grid.lines(20)]
    assert any(line.lstrip().startswith("NW ") for line in narrow), narrow
    long = TrickGrid(None, ("BartholomewFeathers", card), ("East", card), ("You", None), "")
    middle = long.lines(44)[2].plain
    assert middle.startswith("BartholomewFeath… K♥") and middle.endswith("East K♥")


def test_the_table_hands_the_trick_area_whole_names() -> None:
    from pinochle_tui.panels.tricks import trick_grid

    c = Controller(VARIANTS["partnership-five"], default_seats(5, ["human"] + ["easy"] * 4), seed=3)
    grid = trick_grid(seat_facts(c, c.human_seats[0]), {}, "")
    assert {cell[0] for cell in (grid.top, grid.left, grid.right, grid.bottom) if cell} == {s.name for s in c.seats}
