"""The one rule of a guess at a misspelt name (`rules.spelling.guesses`), which the variants
file's keys, the command line and settings.json share."""

from __future__ import annotations

import pytest

from rules.spelling import either, guesses

KEYS = ["head_rule", "head_target", "game_target", "min_bid", "kitty_size", "kitty_mode", "kitty_exposed", "deck"]


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("Game-Target", ("game_target",)),  # the same letters and digits
        ("bid_min", ("min_bid",)),  # the same letters in another order
        ("game_targte", ("game_target",)),  # difflib's likeness of 0.8 or more
        ("targett", ()),  # a word of two keys misspelt, without words=True
        ("", ()),
        ("?!", ()),
        ("zzz", ()),
    ],
)
def test_a_guess_is_the_first_rule_that_finds_a_name(name: str, found: tuple[str, ...]) -> None:
    assert guesses(name, KEYS) == found


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("target", ("head_target", "game_target")),  # a word of each
        ("targte", ("head_target", "game_target")),  # a word of each, misspelt
        ("head", ("head_rule", "head_target")),
        ("targett", ("head_target", "game_target")),
        ("kitty", ("kitty_size", "kitty_mode", "kitty_exposed")),  # a word of three, as many as a guess names ...
        ("target_rule", ()),  # two words: not a word of a key (nor like one enough)
    ],
)
def test_a_name_made_of_words_is_guessed_by_one_word_of_it(name: str, found: tuple[str, ...]) -> None:
    assert guesses(name, KEYS, words=True) == found
    assert guesses("kitty", [*KEYS, "kitty_discards"], words=True) == ()  # ... one more: too many to name


def test_names_as_like_as_the_likest_are_all_named() -> None:
    assert guesses("kitty", ["kitty_a", "kitty_b", "kitty_size"]) == ("kitty_a", "kitty_b")


def test_a_loose_likeness_is_the_last_rule() -> None:
    assert guesses("dk", KEYS) == ()
    assert guesses("dk", KEYS, loose=0.6) == ("deck",)
    assert (either(["a"]), either(["a", "b"]), either(["a", "b", "c"])) == ("a", "a or b", "a, b or c")
