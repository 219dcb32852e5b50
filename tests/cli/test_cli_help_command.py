"""``pinochle help`` is the game's --help (``pinochle help meld``: meld's), and the game's
--help ends with the commands a family starts from: a hot-seat table and a preset of
one's own house rules, by its name. A bot seat is given by its level, as the README's
seat list and simulate's --seats have it: a bare ``bot`` is refused in one line."""

from __future__ import annotations

import pytest

from pinochle_tui.cli import main


def ran(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as done:
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_help_as_a_command_is_the_games_help(capsys: pytest.CaptureFixture[str]) -> None:
    _, own, _ = ran(capsys, ["--help"])
    assert ran(capsys, ["help"]) == (0, own, "")
    assert ran(capsys, ["HELP"]) == (0, own, "")


def test_help_with_a_command_is_that_commands_help(capsys: pytest.CaptureFixture[str]) -> None:
    """``help meld`` is the scorer's usage, after one plain line that says where the
    melds that score are, for a learner who typed it for those; so too ``help saves``."""
    _, own, _ = ran(capsys, ["meld", "--help"])
    assert own.startswith("usage: pinochle meld ")
    first = "Which melds score, and how much: F1 in the game. This scores one hand:\n"
    assert ran(capsys, ["help", "meld"]) == (0, first + own, "")
    _, own, _ = ran(capsys, ["saves", "--help"])
    first = "How games are saved and resumed: pinochle help resume. This command:\n"
    assert ran(capsys, ["help", "saves"]) == (0, first + own, "")
    _, own, _ = ran(capsys, ["stats", "--help"])
    assert ran(capsys, ["help", "stats"]) == (0, own, "")


@pytest.mark.parametrize(
    ("words", "head", "line"),
    [
        (
            ["rules", "Rules"],
            "Rules: where to read them",
            "In the game, F1 shows the rules of the variant being played, on any screen (on",
        ),
        (
            ["resume", "save", "saved"],
            "Saved games: resume where you left off",
            "Every unfinished game is saved after each move, so it is kept however it",
        ),
        (
            ["house", "house-rules", "House-Rules", "houserules"],
            "House rules: your own table's rules",
            "On the new-game screen, choose the variant your table plays, then press h: its",
        ),
    ],
)
def test_the_topics_a_parent_types_are_answered(
    capsys: pytest.CaptureFixture[str], words: list[str], head: str, line: str
) -> None:
    """``pinochle help rules``, ``help resume``, ``help save`` and ``help house-rules`` said
    "unknown command", and ``help house`` "did you mean host?": each is a topic, its
    head first and a line of how, within 80 columns."""
    for word in words:
        code, out, err = ran(capsys, ["help", word])
        lines = out.splitlines()
        assert (code, err, lines[0], lines[2]) == (0, "", head, line)
        assert max(len(x) for x in lines) < 80


def test_the_rules_topic_points_to_f1_and_a_variants_help(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = ran(capsys, ["help", "rules"])
    assert out.splitlines()[-6:] == [
        "Without starting a game:",
        "  pinochle help partnership     a variant in one line: players, cards, bids",
        "                                (any variant's name; pinochle variants: all)",
        "  pinochle help house           changing the rules for your own table",
        "  pinochle meld --trump S AS TS KS QS JS",
        "                                what the meld of one hand scores",
    ]
    _, house, _ = ran(capsys, ["help", "house"])
    assert '  pinochle --variant "Grandma\'s table"      (quoted where the name has a space)' in house.splitlines()
    _, saves, _ = ran(capsys, ["help", "resume"])
    assert "  pinochle saves                list them, newest first, with a number and ID" in saves.splitlines()
    assert "  pinochle --resume             continue the newest saved game" in saves.splitlines()


def test_help_with_no_such_command_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert ran(capsys, ["help", "mled"]) == (
        2,
        "",
        "pinochle help: no command, topic or variant 'mled' (did you mean meld?) (commands: meld, variants, simulate,"
        " saves, stats, join, host, help; topics: seats, rules, resume, house; variants: pinochle variants lists"
        " them)\n",
    )


@pytest.mark.parametrize("word", ["seats", "Seats", "seat", "hotseat", "hot-seat", "players", "player"])
def test_help_seats_is_the_seats_help(capsys: pytest.CaptureFixture[str], word: str) -> None:
    """``pinochle help seats`` said "did you mean stats?": seats are a topic of their own,
    under every word a player types for it, within 80 columns."""
    code, out, err = ran(capsys, ["help", word])
    lines = out.splitlines()
    assert (code, err, lines[0]) == (0, "", "Seats: who plays, and where")
    assert lines[2:5] == [
        "--seats takes one word a seat, comma separated, as many as the variant has",
        "seats (partnership 4, three-hand 3, two-hand 2: pinochle variants lists them):",
        "  human        a person at this keyboard (human:Ann names them)",
    ]
    assert "Hot-seat: two or more human seats share this keyboard." in lines
    assert "  pinochle --seats human:Ann,standard,human:Bob,standard" in lines
    assert max(len(line) for line in lines) < 80


def test_a_misspelt_topic_is_guessed(capsys: pytest.CaptureFixture[str]) -> None:
    assert ran(capsys, ["help", "seets"]) == (
        2,
        "",
        "pinochle help: no command, topic or variant 'seets' (did you mean seats?) (commands: meld, variants,"
        " simulate, saves, stats, join, host, help; topics: seats, rules, resume, house; variants: pinochle"
        " variants lists them)\n",
    )


@pytest.mark.parametrize("word", ["five-hand", "Five-Hand"])
def test_help_with_a_variants_name_is_its_summary(capsys: pytest.CaptureFixture[str], word: str) -> None:
    """``pinochle help five-hand`` said "unknown command": a variant's name gives its
    summary and where its rules are."""
    assert ran(capsys, ["help", word]) == (
        0,
        "five-hand: 5 players, 80 cards, 16 each; the bidder calls a trump card and its first holder is the"
        " partner; scores per player; min bid 35, to 500 (x1 scale)\n"
        "Play it: pinochle --variant five-hand; its rules in full are under F1 in the game. Every variant:"
        " pinochle variants.\n",
        "",
    )


def test_a_misspelt_variant_is_guessed_and_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert ran(capsys, ["help", "fivehand"]) == (
        2,
        "",
        "pinochle help: no command, topic or variant 'fivehand' (did you mean five-hand?) (commands: meld,"
        " variants, simulate, saves, stats, join, host, help; topics: seats, rules, resume, house; variants:"
        " pinochle variants lists them)\n",
    )


def test_the_games_help_shows_a_hot_seat_table_and_a_preset_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = ran(capsys, ["--help"])
    tail = out[out.index("examples:") :]
    assert tail.splitlines() == [
        "examples:",
        "  pinochle                            the new-game screen",
        "  pinochle --seats human:Ann,human:Bob,human:Mia,standard",
        "                                      hot-seat: three people at one keyboard",
        "                                      and a bot (Ann and Mia are partners)",
        "  pinochle --variant three-hand --seats human,standard,standard",
        '  pinochle --variant "Grandma\'s table"',
        "                                      a preset of your own, by name (quoted)",
        "",
        "House rules made with h on the new-game screen are kept as presets of yours,",
        "under the name you give them: --variant takes that name (pinochle variants",
        "lists them).",
    ]
    assert "help                this help, a command's (pinochle help meld), a topic's\n" in out
    assert "\n                        (seats, rules, resume, house) or a variant's (help\n" in out


@pytest.mark.parametrize(
    ("argv", "err"),
    [
        (
            ["--seats", "human,bot,standard,standard"],
            "pinochle: --seats: unknown seat 'bot' (a bot seat is given by its level); each seat is one of: "
            "human, human:NAME, random, easy, standard, expert (bot levels; LEVEL:NAME names a bot)\n",
        ),
        (
            ["host", "--seats", "human,remote,Bot:Al,standard"],
            "pinochle host: --seats: unknown seat 'Bot' (a bot seat is given by its level); each seat is one of: "
            "human[:NAME], remote[:NAME], random, easy, standard, expert (bot levels; LEVEL:NAME names a bot)\n",
        ),
    ],
    ids=["game", "host"],
)
def test_a_bare_bot_seat_is_refused_naming_the_levels(
    capsys: pytest.CaptureFixture[str], argv: list[str], err: str
) -> None:
    assert ran(capsys, argv) == (2, "", err)
