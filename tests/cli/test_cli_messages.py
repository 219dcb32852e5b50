"""Bad variants files and bad meld input read as plain words, one line, exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle_tui.cli import main

PAIRS = "each entry must be [above, unit], two whole numbers, e.g. [[600, 50]]"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[mine]\ngame_traget = 1000\n", "preset 'mine', key 'game_traget': unknown key (did you mean game_target?)"),
        ("[mine]\nmin_bid = 5\n", "preset 'mine', key 'min_bid': must be at least 10"),
        ('[mine]\nmin_bid = "high"\n', "preset 'mine', key 'min_bid': must be a whole number (integer)"),
        ('[mine]\nhead_rule = "x"\n', "preset 'mine', key 'head_rule': must be one of 'pre1945', 'post1945' or 'none'"),
        (
            "[mine]\nhead_after_ruff = 3\n",
            "preset 'mine', key 'head_after_ruff': must be true or false (without quotes)",
        ),
        # TOML true is not the number 1
        ("[mine]\nmin_bid = true\n", "preset 'mine', key 'min_bid': must be a whole number (integer)"),
        ("[mine]\ndix_value = false\n", "preset 'mine', key 'dix_value': must be a whole number (integer)"),
        (
            "[mine]\nbid_unit_above = [[600]]\n",
            "preset 'mine', key 'bid_unit_above': " + PAIRS,
        ),
        (
            '[mine]\nbid_unit_above = [[600, "x"]]\n',
            "preset 'mine', key 'bid_unit_above': " + PAIRS,
        ),
    ],
)
def test_variants_check_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str) -> None:
    f = tmp_path / "house.toml"
    f.write_text(text)
    assert main(["variants", "--check", str(f)]) == 2
    err = capsys.readouterr().err
    assert err == f"pinochle variants: {f}: {expected}\n"


KEYS_LISTED = "unknown key; the keys are: all_pass, allow_meld_announcement, "  # how the list of every key begins


@pytest.mark.parametrize(
    ("key", "guess"),
    [
        # a letter doubled, dropped or swapped: the key it misspells
        ("game_targett", "game_target"),
        ("kity_size", "kitty_size"),
        ("hand_szie", "hand_size"),
        ("dix_valeu", "dix_value"),
        ("extnds", "extends"),
        # other separators, the words in another order, one word left short
        ("game-target", "game_target"),
        ("GameTarget", "game_target"),
        ("bid_min", "min_bid"),
        ("minimum_bid", "min_bid"),
        ("head_rul", "head_rule"),
        # as near two keys: both named (the likest alone was whichever sorted last)
        ("targett", "head_target or game_target"),
        ("target", "head_target or game_target"),
        ("tie", "tie_break or tie_extend_step"),
        # a word of more keys than a guess names: no guess, every key listed
        ("kitty", None),
        ("meld", None),
    ],
)
def test_an_unknown_key_of_a_variants_file_is_guessed_as_the_key_it_misspells(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, guess: str | None
) -> None:
    f = tmp_path / "house.toml"
    f.write_text(f"[mine]\n{key} = 1000\n")
    assert main(["variants", "--check", str(f)]) == 2
    head = f"pinochle variants: {f}: preset 'mine', key '{key}': "
    err = capsys.readouterr().err
    if guess is None:
        assert err.startswith(head + KEYS_LISTED), err
    else:
        assert err == f"{head}unknown key (did you mean {guess}?)\n"


def test_meld_too_many_copies(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "AS AS AS", "--trump", "S"]) == 2
    assert (
        capsys.readouterr().err
        == "pinochle meld: AS appears 3 times, but the single deck (48 cards) has only 2 of each card\n"
    )


# ---------------------------------------------------------------------- the command's name first

KNOWN = "partnership, partnership-post1945, partnership-hoyle"  # the list of presets starts so
SEATS = "human, human:NAME, random, easy, standard, expert (bot levels; LEVEL:NAME names a bot)"
TYPO = "preset 'mine', key 'game_traget': unknown key (did you mean game_target?)"
NO_FILE = "cannot read: No such file or directory"

# every refusal of every command, as the line begins: the command's name, as argparse's own
# refusals read, then the words it always had ({bad}: a variants file with a typo in it,
# {missing}: a file that is not there, {home}: the saves' folder)
REFUSALS = [
    # the game
    (["--variant", "nosuch"], f"pinochle: --variant: unknown variant 'nosuch'; choose one of: {KNOWN}, "),
    (["--variants", "{bad}"], f"pinochle: --variants: {{bad}}: {TYPO}"),
    (["--variants", "{missing}"], f"pinochle: --variants: {{missing}}: {NO_FILE}"),
    (["--seats", "human,bogus"], f"pinochle: --seats: unknown seat 'bogus'; each seat is one of: {SEATS}"),
    (
        ["--seats", "human,expurt"],
        f"pinochle: --seats: unknown seat 'expurt' (did you mean expert?); each seat is one of: {SEATS}",
    ),
    (
        ["--seats", "Humna,random"],
        f"pinochle: --seats: unknown seat 'Humna' (did you mean human?); each seat is one of: {SEATS}",
    ),
    (["--think", "0"], "pinochle: --think: '0' is out of range; give 0.05 to 10 seconds, e.g. 0.5"),
    (["--bogus"], "pinochle: unrecognized arguments: --bogus (see: pinochle --help)"),
    (["--resume", "zz"], "pinochle: --resume: no saved game 'zz': there is no unfinished game (looked in {home})"),
    # a word that begins with - is the ID still, as a seed's (not "unrecognized arguments: -1")
    (["--resume", "-1"], "pinochle: --resume: no saved game '-1': there is no unfinished game (looked in {home})"),
    (
        ["--resume", ""],
        "pinochle: --resume: a blank ID is not allowed; give an ID or a number from: pinochle saves "
        "(--resume alone: the newest game)",
    ),
    (["--resume=  "], "pinochle: --resume: a blank ID is not allowed; give an ID or a number from"),
    (["--target", "0"], "pinochle: --target: '0' is out of range in partnership; give 1 to 989000 (what 100 hands"),
    ([], "pinochle: the game needs a terminal, and its input is not one; run it in a terminal, or use a"),
    # meld
    (
        ["meld", "AS", "--trump", "S", "--variant", "nosuch"],
        f"pinochle meld: --variant: unknown variant 'nosuch'; choose one of: {KNOWN}, ",
    ),
    (["meld", "AS", "--trump", "S", "--variants", "{bad}"], f"pinochle meld: --variants: {{bad}}: {TYPO}"),
    (["meld", "AS", "--trump", "S", "--variants", "{missing}"], f"pinochle meld: --variants: {{missing}}: {NO_FILE}"),
    (["meld", "AS", "--trump", "X"], "pinochle meld: --trump: 'X' is not a suit; give one of S H D C"),
    (
        ["meld", "ZZ", "--trump", "S"],
        "pinochle meld: bad card 'ZZ': a card is a rank (A T 10 K Q J 9) followed by a suit",
    ),
    (
        ["meld", "AS AS AS", "--trump", "S"],
        "pinochle meld: AS appears 3 times, but the single deck (48 cards) has only 2",
    ),
    (
        ["meld", "AS", "--trump", "S", "--seats", "x"],
        "pinochle meld: does not take --seats; it is an option of the game, pinochle simulate and pinochle host",
    ),
    (
        ["meld", "AS", "--trump", "S", "--bogus"],
        "pinochle meld: unrecognized arguments: --bogus (see: pinochle meld --help)",
    ),
    # simulate (argparse's form throughout already)
    (
        ["simulate", "--variant", "nosuch"],
        f"pinochle simulate: --variant: unknown variant 'nosuch'; choose one of: {KNOWN}, ",
    ),
    (["simulate", "--variants", "{bad}"], f"pinochle simulate: --variants: {{bad}}: {TYPO}"),
    (["simulate", "--variants", "{missing}"], f"pinochle simulate: --variants: {{missing}}: {NO_FILE}"),
    (
        ["simulate", "--seats", "human"],
        "pinochle simulate: --seats: simulate seats bots only, 'human' cannot sit",
    ),
    (
        ["simulate", "--think", "0"],
        "pinochle simulate: --think: '0' is out of range; give 0.05 to 10 seconds, e.g. 0.5",
    ),
    (
        ["--seed", "1", "simulate", "--seed", "2"],
        "pinochle simulate: --seed is given twice, '1' before simulate and '2' after it; give it once",
    ),
    # variants
    (["variants", "--check", "{bad}"], f"pinochle variants: {{bad}}: {TYPO}"),
    (["variants", "--check", "{missing}"], f"pinochle variants: {{missing}}: {NO_FILE}"),
    (["variants", "--variants", "{bad}"], f"pinochle variants: --variants: {{bad}}: {TYPO}"),
    (
        ["variants", "--check", "{bad}", "--variants", "{bad}"],
        "pinochle variants: --check checks one file over the shipped presets; drop --variants {bad}",
    ),
    (
        ["variants", "--seats", "x"],
        "pinochle variants: does not take --seats; it is an option of the game, pinochle simulate and pinochle host",
    ),
    # stats
    (
        ["stats", "--variant", "zz"],
        "pinochle stats: --variant: 'zz' is neither a preset (see: pinochle variants) nor the variant",
    ),
    (["stats", "--variants", "{bad}"], f"pinochle stats: --variants: {{bad}}: {TYPO}"),
    (["stats", "--variants", "{missing}"], f"pinochle stats: --variants: {{missing}}: {NO_FILE}"),
    # saves
    (
        ["saves", "--seed", "1"],
        "pinochle saves: does not take --seed; it is an option of the game, pinochle simulate and pinochle host",
    ),
    # host
    (["host"], "pinochle host: needs --seats, e.g. --seats human:Ann,remote:Bob,standard,remote:Cy"),
    (
        ["host", "--seats", "human,bogus"],
        "pinochle host: --seats: unknown seat 'bogus'; each seat is one of: human[:NAME], remote[:NAME], random, "
        "easy, standard, expert (bot levels; LEVEL:NAME names a bot)",
    ),
    (
        ["host", "--seats", "human,standard"],
        "pinochle host: --seats: a hosted table has at least one remote seat (remote or remote:NAME)",
    ),
    (
        ["host", "--seats", "human,remote,easy,easy", "--variant", "nosuch"],
        f"pinochle host: --variant: unknown variant 'nosuch'; choose one of: {KNOWN}, ",
    ),
    (
        ["host", "--seats", "human,remote,easy,easy", "--variants", "{bad}"],
        f"pinochle host: --variants: {{bad}}: {TYPO}",
    ),
    (
        ["host", "--seats", "human,remote,easy,easy", "--variants", "{missing}"],
        f"pinochle host: --variants: {{missing}}: {NO_FILE}",
    ),
    (["host", "--port", "0"], "pinochle host: --port: '0' is out of range; give 1 to 65,535"),
    (
        ["host", "--seats", "human,remote,easy,easy", "--web-port", "9000"],
        "pinochle host: --web-port goes with --web (pinochle host ... --web --web-port N)",
    ),
    # join
    (["join", "nohost:abc"], "pinochle join: port 'abc' is not allowed; give a number from 1 to 65535"),
    (["join", "--code", "!!!"], "pinochle join: --code: the join code has characters a code never has; give letters"),
    (["join"], "pinochle join: the game needs a terminal, and its input is not one; run it in a terminal, or use a"),
    # help
    (["help", "nosuch"], "pinochle help: no command, topic or variant 'nosuch' (commands: meld, variants, simulate,"),
]


@pytest.mark.parametrize(("argv", "start"), REFUSALS, ids=[" ".join(a) or "game" for a, _ in REFUSALS])
def test_every_refusal_begins_with_the_commands_name(
    argv: list[str], start: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Some refusals began "pinochle: ", some "pinochle simulate: ", some with no name at all
    ("unknown variant 'x'; ..."): each is now one line after the name of the command it
    refuses, as argparse words its own, exit code 2, nothing on the standard output."""
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    bad = tmp_path / "typo.toml"
    bad.write_text("[mine]\ngame_traget = 1000\n", encoding="utf-8")
    words = {"bad": str(bad), "missing": str(tmp_path / "none.toml"), "home": str(tmp_path / "home" / "data")}
    assert main([w.format(**words) for w in argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(start.format(**words))


def test_the_cases_cover_every_command() -> None:
    from pinochle_tui.cli import SUBCOMMANDS

    assert {a[0] if a and a[0] in SUBCOMMANDS else "" for a, _ in REFUSALS} == {"", *SUBCOMMANDS}


def test_a_file_named_like_the_command_is_still_named_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A message that happens to begin with "pinochle: " (a variants file called pinochle)
    still has the command's name before it."""
    monkeypatch.chdir(tmp_path)
    assert main(["--variants", "pinochle"]) == 2
    assert capsys.readouterr() == ("", f"pinochle: --variants: pinochle: {NO_FILE}\n")
    assert main(["stats", "--variants", "pinochle"]) == 2
    assert capsys.readouterr() == ("", f"pinochle stats: --variants: pinochle: {NO_FILE}\n")


@pytest.mark.parametrize(
    ("argv", "head"),
    [
        (["--target", "x"], "pinochle: --target: "),  # argparse's type check
        (["--target", "0"], "pinochle: --target: "),  # the variant's range, checked after
        (["--variant", "nosuch"], "pinochle: --variant: "),
        (["--variants", "/nonexistent.toml"], "pinochle: --variants: "),
        (["--seats", "human,bogus"], "pinochle: --seats: "),
        (["simulate", "--hands", "x"], "pinochle simulate: --hands: "),
        (["simulate", "--variant", "nosuch"], "pinochle simulate: --variant: "),
        (["meld", "AS", "--trump", "X"], "pinochle meld: --trump: "),
    ],
)
def test_every_option_refusal_names_the_option_in_one_form(
    argv: list[str], head: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse's own refusals read "argument --target: ...", the later checks' "--target:
    ..." and some named no option at all ("unknown variant 'x'"): every refusal of an
    option's value is one line, the option named first, alike whichever check caught it."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(head) and err.count("\n") == 1 and "argument" not in err
