"""The command line's global options: each is honoured wherever it stands or refused in
one line (never ignored); an unknown seat kind is named with the kinds allowed, and
``--help`` names every bot level."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

import bots
from pinochle_tui.cli import build_parser, main

OUR = '[our]\nextends = "partnership"\ndescription = "our house game"\n'
HAND = "AS TS KS QS JS"


@pytest.fixture
def our(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    f = tmp_path / "our.toml"
    f.write_text(OUR)
    return str(f)


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


# ---------------------------------------------------------------------- global options honoured


def test_variants_file_before_the_variants_subcommand_lists_its_presets(our: str, capsys) -> None:
    rc, out, err = run(capsys, ["--variants", our, "variants"])
    assert (rc, err) == (0, "")
    # the widest shipped name is partnership-post1945 (20 characters)
    assert out.splitlines()[-1] == f"{'our':<20}  our house game"
    assert run(capsys, ["variants", "--variants", our]) == (0, out, "")


@pytest.mark.parametrize(
    "argv",
    [
        ["--variants", "{F}", "meld", HAND, "--trump", "S", "--variant", "our"],
        ["--variants", "{F}", "--variant", "our", "meld", HAND, "--trump", "S"],
        ["--variant", "our", "meld", HAND, "--trump", "S", "--variants", "{F}"],
    ],
)
def test_variants_file_and_variant_before_meld(our: str, capsys, argv: list[str]) -> None:
    argv = [our if a == "{F}" else a for a in argv]
    assert run(capsys, argv) == (
        0,
        "Trump spades (S), variant our:\n"
        "  run               AS TS KS QS JS                   150\n"
        "  total                                              150\n",
        "",
    )


def test_global_options_before_simulate_are_its_own(our: str, capsys) -> None:
    before = ["--variants", our, "--variant", "our", "--seats", "random,easy,random,easy", "--seed", "7"]
    rc, out, err = run(capsys, [*before, "simulate", "--hands", "2", "--json"])
    assert (rc, err) == (0, "")
    d = json.loads(out)
    assert (d["variant"], d["seats"], d["seed"], d["hands"]) == ("our", ["random", "easy", "random", "easy"], "7", 2)
    after = ["simulate", "--hands", "2", "--json", "--variants", our, "--variant", "our"]
    rc2, out2, _ = run(capsys, [*after, "--seats", "random,easy,random,easy", "--seed", "7"])
    d2 = json.loads(out2)
    for timing in ("hands_per_s", "latency_ms"):
        d.pop(timing), d2.pop(timing)
    assert (rc2, d2) == (0, d)


def test_variants_file_before_stats_lets_its_variant_be_named(our: str, capsys) -> None:
    rc, out, err = run(capsys, ["--variants", our, "stats", "--variant", "our", "--json"])
    assert (rc, err) == (0, "")
    assert json.loads(out)["variant"] == "our"
    assert run(capsys, ["stats", "--variant", "our", "--variants", our, "--json"]) == (0, out, "")


def test_a_bad_variants_file_before_stats_is_reported(tmp_path: Path, our: str, capsys) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[mine]\nmin_bid = 5\n")
    assert run(capsys, ["--variants", str(bad), "stats"]) == (
        2,
        "",
        f"pinochle stats: --variants: {bad}: preset 'mine', key 'min_bid': must be at least 10\n",
    )


def test_the_game_reads_every_global_option(our: str) -> None:
    ns = build_parser().parse_args(
        ["--variants", our, "--variant", "our", "--seats", "human,random,random,random", "--seed", "5"]
        + ["--target", "500", "--bot-delay", "0.5", "--trick-delay", "1", "--ascii"]
    )
    got = {k: getattr(ns, k) for k in ("command", "variants", "variant", "seats", "seed", "target")}
    assert got == {
        "command": None,
        "variants": our,
        "variant": "our",
        "seats": "human,random,random,random",
        "seed": "5",
        "target": "500",  # (read once the variant is known: `TargetNumber.flag`)
    }
    assert (ns.bot_delay, ns.trick_delay, ns.ascii, ns.resume) == (0.5, 1.0, True, False)
    assert not [k for k in vars(ns) if k.startswith("top_")]


def test_a_subcommands_defaults_stand_when_no_global_option_is_given() -> None:
    ns = build_parser().parse_args(["simulate"])
    assert (ns.variant, ns.variants, ns.seats, ns.seed) == ("partnership", None, None, "0")
    ns = build_parser().parse_args(["meld", HAND, "--trump", "S"])
    assert (ns.variant, ns.variants) == ("partnership", None)


# ---------------------------------------------------------------------- global options refused

TAKERS = {
    "--variants": "the game, pinochle meld, pinochle variants, pinochle simulate, pinochle stats and pinochle host",
    "--variant": "the game, pinochle meld, pinochle simulate, pinochle stats and pinochle host",
    "--seats": "the game, pinochle simulate and pinochle host",
    "--seed": "the game, pinochle simulate and pinochle host",
    "--think": "the game, pinochle simulate and pinochle host",
    "--target": "the game and pinochle host",
    "--bot-delay": "the game and pinochle host",
    "--trick-delay": "the game and pinochle host",
    "--ascii": "the game, pinochle join and pinochle host",
    "--resume": "the game and pinochle host",
}
VALUES = {
    "--variants": ["{F}"],
    "--variant": ["partnership"],
    "--seats": ["standard,standard,standard,standard"],
    "--seed": ["3"],
    "--think": ["0.5"],
    "--target": ["500"],
    "--bot-delay": ["0"],
    "--trick-delay": ["0"],
    "--ascii": [],
    "--resume": [],
}
COMMANDS = {
    "meld": ["meld", HAND, "--trump", "S"],
    "variants": ["variants"],
    "simulate": ["simulate", "--hands", "1"],
    "saves": ["saves"],
    "stats": ["stats"],
    "join": ["join", "127.0.0.1:9", "--code", "7KQM-2XHA"],
    "host": ["host", "--seats", "human,remote,random,random"],
    "help": ["help"],
}
TAKEN = {
    "meld": {"--variants", "--variant"},
    "variants": {"--variants"},
    "simulate": {"--variants", "--variant", "--seats", "--seed", "--think"},
    "saves": set(),
    "stats": {"--variants", "--variant"},
    "join": {"--ascii"},
    "host": set(TAKERS),
    "help": set(),
}
REFUSED = [(cmd, flag) for cmd in COMMANDS for flag in TAKERS if flag not in TAKEN[cmd]]


@pytest.mark.parametrize("where", ["before", "after"])
@pytest.mark.parametrize(("cmd", "flag"), REFUSED)
def test_a_global_option_a_subcommand_does_not_take_is_refused_in_one_line(
    our: str, capsys, cmd: str, flag: str, where: str
) -> None:
    opt = [flag, *(our if v == "{F}" else v for v in VALUES[flag])]
    argv = [*opt, *COMMANDS[cmd]] if where == "before" else [*COMMANDS[cmd], *opt]
    assert run(capsys, argv) == (2, "", f"pinochle {cmd}: does not take {flag}; it is an option of {TAKERS[flag]}\n")


def test_every_global_option_is_checked_against_every_subcommand() -> None:
    parser = build_parser()
    flags = {s for a in parser._actions for s in a.option_strings if s not in ("-h", "--help", "--version")}
    assert flags == set(TAKERS)
    sub = next(a for a in parser._actions if a.dest == "command")
    assert set(sub.choices) == set(COMMANDS)  # type: ignore[arg-type]


def test_a_global_option_given_twice_with_two_values_is_refused(capsys) -> None:
    argv = ["--variant", "three-hand", "meld", HAND, "--trump", "S", "--variant", "partnership"]
    assert run(capsys, argv) == (
        2,
        "",
        "pinochle meld: --variant is given twice, 'three-hand' before meld and 'partnership' after it; give it once\n",
    )
    rc, out, _ = run(capsys, ["--variant", "partnership", "meld", HAND, "--trump", "S", "--variant", "partnership"])
    assert rc == 0 and out.endswith("150\n")


def test_variants_check_refuses_a_second_file(our: str, capsys) -> None:
    assert run(capsys, ["--variants", our, "variants", "--check", our]) == (
        2,
        "",
        f"pinochle variants: --check checks one file over the shipped presets; drop --variants {our}\n",
    )


# ---------------------------------------------------------------------- seat kinds

LEVEL_LIST = ", ".join(bots.LEVELS)  # the levels this version has
GAME_KINDS = f"human, human:NAME, {LEVEL_LIST} (bot levels; LEVEL:NAME names a bot)"


@pytest.mark.parametrize(
    ("argv", "err"),
    [
        (["--seats", "banana"], f"pinochle: --seats: unknown seat 'banana'; each seat is one of: {GAME_KINDS}"),
        (
            ["--variant", "three-hand", "--seats", "human,Banana:Bo"],
            f"pinochle: --seats: unknown seat 'Banana'; each seat is one of: {GAME_KINDS}",
        ),
        (["--seats", "human,,random,random"], f"pinochle: --seats: seat 2 is empty; each seat is one of: {GAME_KINDS}"),
        (
            ["--seats", "human,random"],
            f"pinochle: --seats: partnership has 4 seats, got 2; give 4, comma separated, each one of: {GAME_KINDS}"
            "; or, for 2 players, --variant two-hand",
        ),
        (  # a family of three at one keyboard may have meant three-hand: the refusal says so
            ["--seats", "human:Mom,human:Dad,human:Mia"],
            f"pinochle: --seats: partnership has 4 seats, got 3; give 4, comma separated, each one of: {GAME_KINDS}"
            "; or, for 3 players, --variant three-hand",
        ),
        (  # no preset seats 7: nothing to suggest
            ["--seats", ",".join(["standard"] * 7)],
            f"pinochle: --seats: partnership has 4 seats, got 7; give 4, comma separated, each one of: {GAME_KINDS}",
        ),
        (
            ["simulate", "--seats", "banana"],
            f"pinochle simulate: --seats: unknown bot level 'banana'; bot levels: {LEVEL_LIST}",
        ),
        (
            ["simulate", "--seats", "human:Ann,standard,standard,standard"],
            "pinochle simulate: --seats: simulate seats bots only, 'human:Ann' cannot sit; "
            f"each seat is one of the bot levels: {LEVEL_LIST}",
        ),
        (
            ["simulate", "--seats", "standard,,standard,standard"],
            f"pinochle simulate: --seats: seat 2 is empty; each seat is one of the bot levels: {LEVEL_LIST}",
        ),
    ],
)
def test_an_unknown_seat_kind_is_named_with_the_kinds_allowed(our: str, capsys, argv: list[str], err: str) -> None:
    assert run(capsys, argv) == (2, "", err + "\n")


def test_the_help_of_seats_names_every_bot_level(capsys) -> None:
    """`pinochle --help` names every bot level, expert included."""
    import bots

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    words = " ".join(capsys.readouterr().out.split())
    code = done.value.code
    seats = "--seats SEATS comma list, one per seat: human, human:NAME, random, easy, standard, expert"
    assert code == 0 and seats + " (LEVEL:NAME names a bot)" in words
    assert list(bots.LEVELS) == ["random", "easy", "standard", "expert"]


def parsers() -> dict[str, argparse.ArgumentParser]:
    top = build_parser()
    sub = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    return {"pinochle": top, **{f"pinochle {name}": sp for name, sp in sub.choices.items()}}


def test_every_option_of_every_command_has_its_help() -> None:
    """``--help`` says what each option is, for the game and every subcommand."""
    bare = [
        f"{name} {action.option_strings[0]}"
        for name, p in parsers().items()
        for action in p._actions
        if action.option_strings and not action.help
    ]
    assert bare == []


SAME_HELP = [
    ("host", ["variant", "variants", "seed", "target", "bot_delay", "trick_delay", "ascii"]),
    ("meld", ["variant", "variants"]),
    ("simulate", ["variant"]),
    ("variants", ["variants"]),
    ("join", ["ascii"]),
]


@pytest.mark.parametrize(("sub", "dests"), SAME_HELP)
def test_a_global_option_reads_the_same_in_each_command_that_takes_it(sub: str, dests: list[str]) -> None:
    """The game's options a subcommand takes as they are have the game's help text there
    too (the variants file's: without the list of the commands that take it)."""
    every = parsers()
    game = {a.dest.removeprefix("top_"): a.help or "" for a in every["pinochle"]._actions if a.option_strings}
    own = {a.dest: a.help or "" for a in every[f"pinochle {sub}"]._actions if a.option_strings}
    for dest in dests:
        if dest == "variants":
            assert own[dest] and game[dest].startswith(own[dest] + " (for the game"), own[dest]
        else:
            assert own[dest] == game[dest], dest
