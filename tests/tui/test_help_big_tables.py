"""Help (`?`) for the big tables: the rules text is made from the
variant's data, so five-, six- and eight-hand say their sides' scoring, their meld
table's tiers (doubles to quadruples, the split of five and six copies, eight-hand's
quadruple pinochle) and "several" for more than two sides."""

from __future__ import annotations

from tui_helpers import VARIANTS

from pinochle_tui.render import rules_text
from rules import parse_cards, score_meld


def _line(name: str, head: str) -> str:
    (line,) = [line for line in rules_text(VARIANTS[name]) if line.startswith(head)]
    return line


def test_six_hand_lists_its_tiers_and_the_split_of_five_and_six_copies() -> None:
    assert _line("six-hand", "  Several copies: ") == (
        "  Several copies: run double 150, triple 225, quadruple 300; aces around double 100, triple 150, "
        "quadruple 200; kings double 80, triple 120, quadruple 160; queens double 60, triple 90, quadruple 120; "
        "jacks double 40, triple 60, quadruple 80; pinochle double 30, triple 60, quadruple 90."
    )
    # the split worth most, per kind (five pinochles are quadruple + single, 94,
    # as `pinochle meld --variant six-hand "JD JD JD JD JD QS QS QS QS QS" --trump H` says)
    assert _line("six-hand", "  Five or six copies") == (
        "  Five or six copies score the split worth most: five of run, aces around, kings, queens or jacks "
        "as triple + double (aces around 250), five of pinochle as quadruple + single (pinochle 94); "
        "six of any as quadruple + double (aces around 300)."
    )
    v = VARIANTS["six-hand"]
    assert v.fmt(score_meld(parse_cards("JD JD JD JD JD QS QS QS QS QS"), 1, v).total) == "94"
    five_aces_around = parse_cards(" ".join(["AS AH AD AC"] * 5))
    assert v.fmt(score_meld(five_aces_around, 1, v).total) == "250"


def test_eight_hand_names_its_quadruple_pinochle_and_several_sides() -> None:
    assert _line("eight-hand", "  Several copies: ").endswith("; pinochle double 300, no triple, quadruple 1000.")
    assert _line("eight-hand", "Game: ") == (
        "Game: first to 5000. If several reach it, the bidding side wins if it is one of them; "
        "otherwise the highest score wins (a tie for the highest plays another hand)."
    )
    assert _line("eight-hand", "  The bidder's side") == (
        "  The bidder's side scores as one; each other side scores its saved meld plus its trick points."
    )
    assert _line("partnership", "Game: ") == "Game: first to 1500. If both reach it, the bidding side wins."


def test_five_hand_scores_the_called_partner_and_the_defenders() -> None:
    assert _line("five-hand", "  The called partner") == (
        "  The called partner scores the same as the bidder (the pair's saved meld and tricks, or loses the bid); "
        "each defender scores its own saved meld plus all the defenders' trick points. Scores are kept per player."
    )
    assert _line("five-hand", "After meld") == (
        "After meld the bidder may throw in the hand: the bidder and the called partner each lose the bid; "
        "the others score their meld."
    )
    # the bidder's priority is its own, not its partner's (RULES.md §0.4 item 11)
    assert _line("five-hand", "Game: ") == (
        "Game: first to 500. If several reach it, the bidder wins if it is one of them (not its partner); "
        "otherwise the highest score wins (a tie for the highest plays another hand)."
    )


async def test_a_wrapped_key_row_continues_under_its_description() -> None:
    """At 80 columns a key's long description goes on under itself (it went to column 2)."""
    from test_big_table import screen_lines
    from tui_helpers import app_for_seats, settle

    app = app_for_seats("eight-hand", ",".join(["human"] + ["random"] * 7), 4)
    async with app.run_test(size=(80, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        # (without the scroll bar's thumb, which is where the help's length puts it)
        lines = [line.rstrip().rstrip("▁▂▃▄▅▆▇█").rstrip() for line in screen_lines(app)]
    at = lines.index("    a                 let the hint's bot make your move (the hint shown, if")
    assert lines[at + 1 : at + 3] == [
        " " * 22 + "any); it goes on past the meld and stops at a hand's",
        " " * 22 + "result",
    ]
    at = lines.index("    u                 undo your last move and the bots' replies (practice")
    assert lines[at + 1] == " " * 22 + "aid; off in hot-seat)"
