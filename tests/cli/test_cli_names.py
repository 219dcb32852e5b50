"""Names read from files are printed with their control and escape characters made visible:
a preset named ``"\\u001b[31mRED"`` must not colour the terminal, in
`pinochle variants`, in the error lines that quote a name, in `simulate`'s output, and in
the log and result lines `render` writes with seat names (the app's new-game screen is
tested in tests/tui/test_newgame_fields.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pinochle_tui.cli import main
from pinochle_tui.cli_common import visible
from pinochle_tui.controller import Controller, Seat
from pinochle_tui.render import result_headline
from rules import load_variants

ESC = "\x1b"
RED = "\x1b[31mRED"  # the preset's name, as the file gives it
RED_SHOWN = "\\x1b[31mRED"  # and as it is printed
HOUSE = (
    '["\\u001b[31mRED"]\n'
    'extends = "partnership"\n'
    'description = "\\u001b[2Jwiped \\u009b2J [/x] \\u202emirrored"\n'
    "\n"
    '["[/x]bad"]\n'
    'extends = "partnership"\n'
)


@pytest.fixture
def house(tmp_path: Path) -> Path:
    f = tmp_path / "house.toml"
    f.write_text(HOUSE, encoding="utf-8")
    return f


@pytest.fixture(autouse=True)
def plain_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich writes no colour of its own: any ESC in the output came from a name."""
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "dumb")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (RED, RED_SHOWN),
        ("tab\there", "tab\\there"),
        ("two\nlines\r", "two\\nlines\\r"),
        ("bell\x07 del\x7f nul\x00", "bell\\x07 del\\x7f nul\\x00"),
        ("csi\x9b2J", "csi\\x9b2J"),  # the one-byte C1 CSI
        ("\u202eevil\u2066", "\\u202eevil\\u2066"),  # bidi overrides reorder what follows
        ("line\u2028sep", "line\\u2028sep"),
        ("Ünïcødé ♠♥ 10♦ Zoë 🂡 名前", "Ünïcødé ♠♥ 10♦ Zoë 🂡 名前"),  # printable: kept as is
        ("", ""),
    ],
)
def test_visible(text: str, shown: str) -> None:
    assert visible(text) == shown
    assert visible(shown) == shown  # already visible: unchanged


def test_variants_list_shows_the_name_and_description_visible(capsys, house: Path) -> None:
    rc, out, err = run(capsys, "variants", "--variants", str(house))
    assert rc == 0 and err == ""
    assert ESC not in out and "\x9b" not in out and "\u202e" not in out
    line = next(x for x in out.splitlines() if x.startswith(RED_SHOWN))
    assert line.split(None, 1) == [RED_SHOWN, "\\x1b[2Jwiped \\x9b2J [/x] \\u202emirrored"]
    assert any(x.startswith("[/x]bad ") for x in out.splitlines())


def test_variants_json_escapes_and_keeps_the_real_name(capsys, house: Path) -> None:
    rc, out, _ = run(capsys, "variants", "--variants", str(house), "--json")
    assert rc == 0 and ESC not in out
    assert json.loads(out)[RED]["description"].startswith("\x1b[2Jwiped")


def test_an_error_line_quoting_names_shows_them_visible(capsys, house: Path) -> None:
    rc, out, err = run(capsys, "simulate", "--variants", str(house), "--variant", "nope")
    assert rc == 2 and out == ""
    assert ESC not in err and err.count("\n") == 1
    assert err.startswith("pinochle simulate: --variant: unknown variant 'nope'; choose one of: partnership, ")
    assert err.endswith(f", {RED_SHOWN}, [/x]bad\n")


def test_a_bad_preset_named_with_escapes_is_one_visible_line(capsys, tmp_path: Path) -> None:
    f = tmp_path / "bad.toml"
    f.write_text('["\\u001b[31mRED"]\nmin_bid = 5\n', encoding="utf-8")
    rc, _, err = run(capsys, "variants", "--check", str(f))
    assert rc == 2 and ESC not in err and err.count("\n") == 1
    assert RED_SHOWN in err and "min_bid" in err


def test_simulate_output_shows_the_name_visible(capsys, house: Path) -> None:
    rc, out, err = run(
        capsys, "simulate", "--variants", str(house), "--variant", RED, "--seats", "random,random,random,random",
        "--hands", "3", "--seed", "n\x1b[2J",
    )  # fmt: skip
    assert rc == 0, err
    assert ESC not in out and ESC not in err
    title = out.splitlines()[0].strip()
    assert title == f"pinochle simulate: {RED_SHOWN}  seats random,random,random,random  seed n\\x1b[2J"


def test_simulate_of_a_preset_named_like_markup_does_not_crash(capsys, house: Path) -> None:
    rc, out, err = run(
        capsys, "simulate", "--variants", str(house), "--variant", "[/x]bad", "--seats", "random,random,random,random",
        "--hands", "2",
    )  # fmt: skip
    assert rc == 0, err
    assert "pinochle simulate: [/x]bad" in out


def test_render_draws_seat_names_from_a_save_visible() -> None:
    """A whole hand's log lines and its result line, with every seat named by escapes."""
    v = load_variants()["partnership"]
    names = ["\x1b[31mAnn", "Bo\x1b]0;title\x07", "\u202eCy", "Di\x9b2J"]
    c = Controller(v, [Seat("bot", n, "random") for n in names], seed=7)
    while c.round.result is None:
        action, _ = c.choose(c.round, c.round.to_act, c.bot_for(c.round.to_act))
        c.apply(action)
    text = "\n".join([*c.events, result_headline(c)])
    assert c.events and ESC not in text and "\x07" not in text and "\x9b" not in text and "\u202e" not in text
    assert c.events[0].startswith(("\\x1b[31mAnn ", "Bo\\x1b]0;title\\x07 ", "\\u202eCy ", "Di\\x9b2J "))


def test_a_seat_name_with_control_characters_is_refused(capsys) -> None:
    """Seat names come from the command line, the new-game screen and saves, all through
    `seat_name_problem`: a control character is refused there, never drawn."""
    rc, out, err = run(capsys, "--seats", "human:A\x1b[31m,standard,standard,standard")
    assert (rc, out) == (2, "")
    assert err == (
        "pinochle: --seats: seat 1's name 'A\\x1b[31m' holds control characters; give letters, digits or spaces\n"
    )


def test_two_seats_named_alike_in_any_case_are_refused_with_the_names_as_typed(capsys) -> None:
    """Names are told apart in any case (``Ann`` and ``ann`` are one name); the refusal
    quotes both as they were typed (it said both were named 'Ann'), and one name typed
    twice once."""
    rc, out, err = run(capsys, "--seats", "easy:Ann,human:ann,easy,easy")
    assert (rc, out) == (2, "")
    assert err == (
        "pinochle: --seats: seats 1 and 2 are named 'Ann' and 'ann', one name in any case; give each seat its "
        "own name\n"
    )
    rc, out, err = run(capsys, "--seats", "human:Ann,human:Ann,easy,easy")
    assert (rc, out) == (2, "")
    assert err == "pinochle: --seats: seats 1 and 2 are both named 'Ann'; give each seat its own name\n"


LONG_NAME = "A very long name that goes on and on for ever"  # 45 characters


@pytest.mark.parametrize(
    ("argv", "prog"),
    [
        (["--seats", f"human,standard:{LONG_NAME},standard,standard"], "pinochle"),
        (["--seats", f"human:{LONG_NAME},standard,standard,standard"], "pinochle"),
        (["host", "--seats", f"human,remote:{LONG_NAME},standard,standard"], "pinochle host"),
        (["host", "--seats", f"human:{LONG_NAME},remote,standard,standard"], "pinochle host"),
    ],
)
def test_a_name_past_the_limit_is_refused_with_the_limit(capsys, argv: list[str], prog: str) -> None:
    """A seat's name longer than 20 characters is refused in one line that says how long
    it is and the limit (it was never cut short without a word)."""
    rc, out, err = run(capsys, *argv)
    assert (rc, out) == (2, "")
    assert err == f"{prog}: --seats: the name {LONG_NAME!r} is 45 characters; a seat's name is at most 20\n"


def test_a_name_of_twenty_characters_is_kept_whole() -> None:
    from pinochle_tui.app_main import parse_seats

    assert parse_seats("human,standard:A very long name tha,standard,standard", 4, "partnership") == [
        "human",
        "standard:A very long name tha",
        "standard",
        "standard",
    ]
