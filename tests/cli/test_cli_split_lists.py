"""A comma list that the shell split at a space (``--seats human, expert``) left a word no
command takes, and the refusal named that word alone ("unknown command 'expert'").  The
one line now says the likely cause and the list written whole; exit code 2, no traceback."""

from __future__ import annotations

import pytest

from pinochle_tui.cli import main


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["--seats", "human,", "expert"],
            "pinochle: unknown command 'expert' (a space in --seats? write --seats human,expert)",
        ),
        (
            ["--seats=human,", "expert"],
            "pinochle: unknown command 'expert' (a space in --seats? write --seats human,expert)",
        ),
        (
            ["--seats", "human", ",expert"],
            "pinochle: unknown command ',expert' (a space in --seats? write --seats human,expert)",
        ),
        (
            ["--seats", "human,", "random,", "expert,", "random"],
            "pinochle: unknown command 'random,' (a space in --seats? write --seats human,random,expert,random)",
        ),
        (
            ["simulate", "--seats", "random,", "expert", "--hands", "2"],
            "pinochle simulate: unrecognized arguments: expert (a space in --seats? write --seats random,expert)",
        ),
        (
            ["host", "--seats", "human,", "remote"],
            "pinochle host: unrecognized arguments: remote (a space in --seats? write --seats human,remote)",
        ),
    ],
)
def test_a_comma_list_split_at_a_space_is_named_as_the_cause(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == said + "\n"


def test_a_stray_word_after_a_whole_list_is_refused_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    # no comma at the split: nothing points at a space in the list
    assert main(["--seats", "human,expert", "expert"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "pinochle: unknown command 'expert' (commands: meld, variants, simulate, saves, stats, join, host, help)\n"
    )
