"""`rules.shipped_presets` is the shipped `variants.toml` parsed ahead (a start
does not import tomllib or parse the file): its text is the file's and its tables are
tomllib's, and any other text, an edited file, is parsed as before."""

from __future__ import annotations

import tomllib

import rules.presets as rv
from rules import shipped_presets
from rules.presets import load_variants_text
from rules.variant import shipped_variants_path


def test_the_preparsed_presets_are_the_shipped_file_as_tomllib_reads_it() -> None:
    """Fails after variants.toml is edited until `write_shipped_presets` is run (its docstring
    gives the commands)."""
    text = shipped_variants_path().read_text(encoding="utf-8")
    assert text == shipped_presets.TEXT
    assert tomllib.loads(text) == shipped_presets.DATA
    assert list(shipped_presets.DATA) == list(tomllib.loads(text))  # the presets' order


def test_the_shipped_text_is_not_parsed_and_another_is(monkeypatch) -> None:
    parsed: list[str] = []
    real = rv._parse_toml
    monkeypatch.setattr(rv, "_parse_toml", lambda text, source: parsed.append(source) or real(text, source))
    shipped = load_variants_text(shipped_presets.TEXT, "shipped", lazy=True)
    assert parsed == []
    edited = load_variants_text(shipped_presets.TEXT + '\n[mine]\nextends = "partnership"\n', "edited")
    assert parsed == ["edited"]
    assert list(edited) == [*shipped, "mine"]
    assert edited["cutthroat"] == shipped["cutthroat"]


def test_a_preset_built_twice_from_the_preparsed_tables_is_the_same() -> None:
    """The pre-parsed tables are copied per load: building a preset leaves them as they were."""
    before = repr(shipped_presets.DATA)
    first = load_variants_text(shipped_presets.TEXT)
    second = load_variants_text(shipped_presets.TEXT)
    assert first == second
    assert repr(shipped_presets.DATA) == before
