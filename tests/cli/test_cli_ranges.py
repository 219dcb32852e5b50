"""Numbers on the command line have ranges: named in --help, and a number out
of range, not a number, `inf` or `nan` is refused with one line and exit code 2, before
anything runs."""

from __future__ import annotations

import argparse
import json

import pytest

from pinochle_tui.cli import build_parser, main
from pinochle_tui.cli_common import DELAY, GAMES, HANDS, TARGET, IntRange, TargetNumber


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def help_text(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--help"])
    assert exc.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps help lines


def test_the_ranges_are_the_stated_ones() -> None:
    assert (HANDS.lo, HANDS.hi) == (1, 10_000_000)
    assert (GAMES.lo, GAMES.hi) == (1, 1_000_000)
    # --target's range is the variant's, however many digits are typed
    from rules import load_variants

    partnership = load_variants()["partnership"]
    for text in ("989001", "1" + "0" * 15, "9" * 5000):
        with pytest.raises(argparse.ArgumentTypeError, match="is out of range in partnership; give 1 to 989000"):
            TARGET.read(text, partnership)
    assert (DELAY.lo, DELAY.hi) == (0, 10)


def test_help_names_every_range(capsys) -> None:
    top = help_text(capsys)
    assert (
        "--target TARGET game target in the variant's scale, from 1 to what 100 hands can reach in the variant "
        "(e.g. 989000 in partnership)" in top
    )
    assert "--bot-delay SECONDS pause before each bot move, 0 to 10 seconds" in top
    assert "--trick-delay SECONDS how long a won trick stays shown, 0 to 10 seconds" in top
    sim = help_text(capsys, "simulate")
    assert "--hands HANDS hands to play, 1 to 10,000,000 (default 100; with --games, at most this many)" in sim
    assert "--games GAMES games to play, 1 to 1,000,000 (each to its end, or given up after 400 hands)" in sim


S = "pinochle simulate:"
P = "pinochle:"
DIGITS_HANDS = "1 to 10,000,000"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["simulate", "--hands", "999999999999999999999"],
            f"{S} --hands: '999999999999999999999' is out of range; give 1 to 10,000,000",
        ),
        (
            ["simulate", "--hands", "10000001"],
            f"{S} --hands: '10000001' is out of range; give 1 to 10,000,000",
        ),
        (["simulate", "--hands", "0"], f"{S} --hands: '0' is out of range; give 1 to 10,000,000"),
        (["simulate", "--hands", "-5"], f"{S} --hands: '-5' is out of range; give 1 to 10,000,000"),
        (
            ["simulate", "--hands", "abc"],
            f"{S} --hands: 'abc' is not a whole number in plain digits; give {DIGITS_HANDS}",
        ),
        (
            ["simulate", "--hands", "1e6"],
            f"{S} --hands: '1e6' is not a whole number in plain digits; give {DIGITS_HANDS}",
        ),
        (
            ["simulate", "--hands", "inf"],
            f"{S} --hands: 'inf' is not a whole number in plain digits; give {DIGITS_HANDS}",
        ),
        # more digits than int() reads: still "out of range", the text cut short in the message
        (
            ["simulate", "--hands", "9" * 5000],
            f"{S} --hands: '{'9' * 23}…' is out of range; give 1 to 10,000,000",
        ),
        (["simulate", "--games", "1000001"], f"{S} --games: '1000001' is out of range; give 1 to 1,000,000"),
        (["simulate", "--games", "0"], f"{S} --games: '0' is out of range; give 1 to 1,000,000"),
        (
            ["--target", "99999999999999999999"],
            f"{P} --target: '99999999999999999999' is out of range in partnership; "
            "give 1 to 989000 (what 100 hands can reach), e.g. 1500",
        ),
        (
            ["--target", "10000001"],
            "pinochle: --target: '10000001' is out of range in partnership; "
            "give 1 to 989000 (what 100 hands can reach), e.g. 1500",
        ),
        # within the first guard, but past what 100 hands of the variant can reach
        (
            ["--target", "989001"],
            "pinochle: --target: '989001' is out of range in partnership; "
            "give 1 to 989000 (what 100 hands can reach), e.g. 1500",
        ),
        (
            ["--variant", "double-deck", "--target", "203001"],
            "pinochle: --target: '203001' is out of range in double-deck; "
            "give 1 to 203000 (what 100 hands can reach), e.g. 500",
        ),
        # not a whole number: the range of the variant asked for, not partnership's
        (
            ["--variant", "double-deck", "--target", "1.5"],
            "pinochle: --target: '1.5' is not a whole number in plain digits; give 1 to 203000",
        ),
        (
            ["--seats", "human,standard,standard,standard,standard", "--variant", "five-hand", "--target", "x"],
            "pinochle: --target: 'x' is not a whole number in plain digits; give 1 to 203000",
        ),
        # the variant's own range, not a first guard's (it said "at most 10,000,000")
        (
            ["--target", "0"],
            "pinochle: --target: '0' is out of range in partnership; "
            "give 1 to 989000 (what 100 hands can reach), e.g. 1500",
        ),
        (
            ["--target", "inf"],
            f"{P} --target: 'inf' is not a whole number in plain digits; give 1 to 989000",
        ),
        (
            ["--target", "1e309"],
            f"{P} --target: '1e309' is not a whole number in plain digits; give 1 to 989000",
        ),
        (
            ["--bot-delay", "inf"],
            f"{P} --bot-delay: 'inf' is not a number in plain decimal digits; give 0 to 10 seconds, e.g. 0.5",
        ),
        (
            ["--bot-delay", "1e309"],
            f"{P} --bot-delay: '1e309' is not a number in plain decimal digits; give 0 to 10 seconds, e.g. 0.5",
        ),
        (
            ["--bot-delay", "nan"],
            f"{P} --bot-delay: 'nan' is not a number in plain decimal digits; give 0 to 10 seconds, e.g. 0.5",
        ),
        (["--bot-delay", "-5"], f"{P} --bot-delay: '-5' is out of range; give 0 to 10 seconds, e.g. 0.5"),
        (["--bot-delay", "10.5"], f"{P} --bot-delay: '10.5' is out of range; give 0 to 10 seconds, e.g. 0.5"),
        (
            ["--bot-delay", "abc"],
            f"{P} --bot-delay: 'abc' is not a number in plain decimal digits; give 0 to 10 seconds, e.g. 0.5",
        ),
        (
            ["--trick-delay", "99999999999999999999"],
            f"{P} --trick-delay: '99999999999999999999' is out of range; give 0 to 10 seconds, e.g. 0.5",
        ),
        (
            ["--trick-delay=-inf"],
            f"{P} --trick-delay: '-inf' is not a number in plain decimal digits; give 0 to 10 seconds, e.g. 0.5",
        ),
        # a control character typed in a number is quoted visible, never sent to the terminal
        (
            ["--bot-delay", "\x1b[31m1"],
            f"{P} --bot-delay: '\\x1b[31m1' is not a number in plain decimal digits; give 0 to 10 seconds, e.g. 0.5",
        ),
    ],
)
def test_a_number_out_of_range_is_one_line_and_exit_2(capsys, argv, line) -> None:
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and out == ""
    assert err == line + "\n"


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        (HANDS, "1", 1),
        (HANDS, "10000000", 10_000_000),
        (GAMES, "1000000", 1_000_000),
        (DELAY, "0", 0.0),
        (DELAY, "10", 10.0),
        (DELAY, "0.6", 0.6),
    ],
)
def test_the_bounds_themselves_are_accepted(kind, text, value) -> None:
    assert kind(text) == value


def test_a_targets_bounds_are_the_variants() -> None:
    """``--target`` is read once the variant is known: its bounds are that variant's (what
    100 hands can reach), in the variant's scale (double-deck's in points, partnership's
    in the tens the game counts in), and its value in the game's own units (the
    variant's default target from its default's text)."""
    from rules import load_variants

    variants = load_variants()
    partnership, double_deck = variants["partnership"], variants["double-deck"]
    assert [TARGET.read(t, partnership) for t in ("1", "989000")] == [1, 989000]
    assert [TARGET.read(t, double_deck) for t in ("1", "203000")] == [1, 203000]
    assert (TARGET.flag("1500", partnership), TARGET.flag("500", double_deck)) == (1500, 5000)
    for text, v in (("0", partnership), ("989001", partnership), ("203001", double_deck)):
        with pytest.raises(argparse.ArgumentTypeError, match="is out of range in"):
            TARGET.read(text, v)


def test_simulate_with_the_largest_hands_starts(capsys, monkeypatch) -> None:
    """The upper bound is accepted: the run is asked for 10,000,000 hands (stopped at once here)."""
    import pinochle_tui.simulate as sim

    asked: list[int | None] = []

    def fake(v, seats, **kw):
        asked.append(kw["hands"])
        return sim.SimResult(variant=v.name, seats=list(seats), duplicate=False, seed="0", side_points=[0, 0])

    monkeypatch.setattr(sim, "simulate", fake)
    rc, out, _ = run(capsys, "simulate", "--seats", "random,random,random,random", "--hands", "10000000", "--json")
    assert rc == 0 and asked == [10_000_000] and json.loads(out)["hands"] == 0


INT_OPTIONS = [
    ("simulate", "--hands", "1 to 10,000,000"),
    ("simulate", "--games", "1 to 1,000,000"),
    ("simulate", "--nodes", "1 to 10,000,000"),
    ("", "--target", "1 to 989000"),
    ("host", "--target", "1 to 989000"),
    ("host", "--port", "1 to 65,535"),
    ("host", "--web-port", "1 to 65,535"),
]


def test_every_whole_number_option_is_one_of_the_cases() -> None:
    """Every option of every command that reads a whole number, and none with argparse's
    plain ``int`` (which reads ``1_000``, `` 5`` and ``+5``)."""
    top = build_parser()
    sub = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    found = sorted(
        (name, a.option_strings[0])
        for name, parser in [("", top), *sub.choices.items()]
        for a in parser._actions
        if isinstance(a.type, (IntRange, TargetNumber)) or a.type is int
    )
    assert found == sorted((c, f) for c, f, _ in INT_OPTIONS)
    assert not [a for parser in [top, *sub.choices.values()] for a in parser._actions if a.type is int]


@pytest.mark.parametrize(
    ("command", "flag", "allowed"), INT_OPTIONS, ids=[f"{c or 'game'}{f}" for c, f, _ in INT_OPTIONS]
)
@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("1_000", "'1_000'"),
        ("1,000", "'1,000'"),
        (" 5", "' 5'"),
        ("5 ", "'5 '"),
        ("+5", "'+5'"),
        ("\u0665", "'\u0665'"),  # an Arabic-Indic five: int() reads it
        ("0x10", "'0x10'"),
        ("", "''"),
    ],
)
def test_a_whole_number_is_plain_digits_only(
    capsys, command: str, flag: str, allowed: str, text: str, shown: str
) -> None:
    """Python's int() also reads underscores, spaces around, a plus sign and other scripts'
    digits; an option's number is written in the digits 0 to 9 only (a minus sign is read,
    for the range to refuse it)."""
    seats = ["--seats", "human,remote,standard,standard"] if command == "host" and flag == "--target" else []
    rc, out, err = run(capsys, *([command] if command else []), *seats, f"{flag}={text}")
    prog = "pinochle" + (f" {command}" if command else "")
    assert (rc, out, err) == (
        2,
        "",
        f"{prog}: {flag}: {shown} is not a whole number in plain digits; give {allowed}\n",
    )


@pytest.mark.parametrize(("command", "flag", "allowed"), INT_OPTIONS[:3] + INT_OPTIONS[5:])
def test_a_minus_sign_is_read_and_refused_by_the_range(capsys, command: str, flag: str, allowed: str) -> None:
    rc, out, err = run(capsys, command, f"{flag}=-5")
    assert (rc, out, err) == (2, "", f"pinochle {command}: {flag}: '-5' is out of range; give {allowed}\n")


def test_plain_digits_are_taken() -> None:
    ns = build_parser().parse_args(["simulate", "--hands", "1000", "--games", "007", "--nodes", "5"])
    assert (ns.hands, ns.games, ns.nodes) == (1000, 7, 5)
    ns = build_parser().parse_args(["host", "--port", "65535", "--web-port", "1", "--target", "500"])
    assert (ns.port, ns.web_port, ns.target) == (65535, 1, "500")  # (read once the variant is known)


# a number float() reads written otherwise (1e-1) and no number at all (0x10) are one
# mistake, said alike: how to write it, and the range
NOT_PLAIN = "is not a number in plain decimal digits; give {allowed} seconds, e.g. 0.5"


@pytest.mark.parametrize(
    "text",
    ["1_0", " 5", "+1", "\u0663", "\u0660.\u0665", "1e-1", "1e1", "0.1e1", "0x10", "nan", "inf", "1.2.3", ".", ""],
)
@pytest.mark.parametrize(
    ("argv", "allowed"),
    [
        (["--bot-delay"], "0 to 10"),
        (["--trick-delay"], "0 to 10"),
        (["--think"], "0.05 to 10"),
        (["simulate", "--think"], "0.05 to 10"),
        (["host", "--bot-delay"], "0 to 10"),
        (["host", "--trick-delay"], "0 to 10"),
    ],
)
def test_seconds_are_plain_decimal_digits(capsys, argv, allowed, text) -> None:
    """The seconds options read ASCII digits with one decimal point at most, as the README
    says: float() also reads ``1_0``, `` 5``, ``+1``, other scripts' digits and ``1e-1``.
    Their refusal says to write them in plain decimal digits, as ``--hands 1e2``'s says "in
    plain digits", and so does a text that is no number at all (``nan``, ``1.2.3``): the
    two read "not in plain decimal digits; ... e.g. 0.1" and "not a number of seconds; ...
    e.g. 0.5" for the same mistake."""
    rc, out, err = run(capsys, *argv, text)
    command = "pinochle simulate" if argv[0] == "simulate" else "pinochle host" if argv[0] == "host" else "pinochle"
    shown = "'" + text + "'"
    said = NOT_PLAIN.format(allowed=allowed)
    assert (rc, out) == (2, "")
    assert err == f"{command}: {argv[-1]}: {shown} {said}\n"


@pytest.mark.parametrize(("text", "value"), [("0.5", 0.5), (".5", 0.5), ("2", 2.0), ("2.", 2.0), ("10.0", 10.0)])
def test_seconds_in_plain_decimal_digits_are_read(text, value) -> None:
    assert DELAY(text) == value
