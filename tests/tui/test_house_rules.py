"""The house-rules editor (``h`` on the new-game screen) and your presets' file: the knobs
offered for a form with their values from the model, the preset saved as an ``extends``
of the base listing only what changed (the exact TOML), a combination the presets' check
refuses said on the screen with nothing written, the file loaded at the start beside the
shipped presets (a ``--variants`` preset of the same name winning), a preset of yours
edited in place, and a damaged file moved aside and said, never a traceback."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Select, Static
from tui_helpers import app_from_flags

from pinochle_tui.house_presets import HEADER, KNOBS, VALUE_WORDS, HouseEdit, Yours, allowed_choices, shown
from pinochle_tui.paths import atomic_write, clean_stale_temps
from pinochle_tui.screens.dialogs import HelpScreen
from pinochle_tui.screens.house_rules import HouseRulesScreen, PresetNameScreen
from pinochle_tui.screens.newgame import NewGameScreen
from rules import Variant, load_variants

OUR_TABLE = HEADER + '\n[our-table]\nextends = "partnership"\nmin_bid = 200\npass_count = 3\n'


def user_file(home: Path) -> Path:
    return home / "config" / "variants.toml"


async def open_editor(pilot: Any) -> HouseRulesScreen:
    await pilot.pause()
    await pilot.press("h")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, HouseRulesScreen)
    return screen


async def save_as(pilot: Any, name: str | None) -> None:
    """ctrl+s, then the name typed (None: the one offered) and Enter."""
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PresetNameScreen)
    if name is not None:
        await pilot.press(*["backspace"] * 40, *name)
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


async def test_the_editor_saves_pass_3_and_min_bid_200_as_a_preset_that_extends_partnership(home: Path) -> None:
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        keys = [k.key for k in editor.knobs]
        # the table's knobs, in order; the form's structure (players, deck, round flow) is not offered
        assert keys == [
            "pass_count", "min_bid", "bid_unit", "all_pass", "dealer_stuck_bid", "pass_is_final", "raise_limit",
            "trump_requirement", "first_leader", "head_rule", "run_marriage_rule", "meld_requires", "set_penalty",
            "set_forfeits_meld_and_tricks", "concession", "last_trick_bonus", "game_target", "tie_break",
            "must_bid_to_win",
        ]  # fmt: skip
        head = str(editor.query_one("#hr-pass_count", Static).render())
        assert head == "▶ Cards passed          4 cards "
        assert str(editor.query_one("#hr-allowed-pass_count", Static).render()) == (
            "none (no passing) · 2 cards · 3 cards · 4 cards"
        )
        assert str(editor.query_one("#hr-allowed-head_rule", Static).render()) == (
            "on every trick · only when trump is led · never, only follow suit (or trump)"
        )
        await pilot.press("left")  # pass 4 -> 3
        await pilot.press("down", *["left"] * 5)  # min bid 250 -> 200
        await pilot.pause()
        assert str(editor.query_one("#hr-min_bid", Static).render()) == "▶ Minimum bid           200*"
        await save_as(pilot, "our-table")
        ng = app.screen
        assert isinstance(ng, NewGameScreen)
        assert ng.variant_name == "our-table"  # listed and chosen
        assert ng.query_one("#ng-variant", Select).value == "our-table"
        assert [str(o[0]) for o in ng.query_one("#ng-variant", Select)._options][-1] == "our-table (yours)"
        assert str(ng.query_one("#ng-variant SelectCurrent #label", Static).render()) == "our-table (yours)"
        assert str(ng.query_one("#ng-summary", Static).render()) == "as partnership, but pass 3, min bid 200"
    assert user_file(home).read_text(encoding="utf-8") == OUR_TABLE


async def test_a_min_bid_too_high_for_a_game_to_end_is_refused_in_the_checks_words_and_nothing_is_written(
    home: Path,
) -> None:
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        await pilot.press("down", *["right"] * 45)  # min bid 250 -> 700
        await pilot.pause()
        assert editor.edit.values["min_bid"] == 700
        await save_as(pilot, "too-high")
        assert app.screen is editor  # still editing
        said = str(editor.query_one("#hr-error", Static).render())
        assert said.startswith(
            "Not saved: preset 'too-high', keys: min_bid 700 is too high for a game to end: in 64 seeded deals"
        ), said
    assert not user_file(home).exists()


async def test_a_name_of_a_shipped_preset_is_refused_in_the_name_box() -> None:
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_editor(pilot)
        await pilot.press("left")
        await save_as(pilot, "Partnership")
        box = app.screen
        assert isinstance(box, PresetNameScreen)
        said = str(box.query_one("#pn-error", Static).render())
        assert said == "'partnership' is a shipped preset: give another name."


async def test_your_presets_are_loaded_at_the_start_and_a_variants_file_wins_on_a_name(
    home: Path, tmp_path: Path
) -> None:
    user_file(home).parent.mkdir(parents=True)
    user_file(home).write_text(OUR_TABLE + '\n[three-low]\nextends = "three-hand"\nmin_bid = 150\n', encoding="utf-8")
    app = app_from_flags()
    names = list(app.variants)
    assert names[-2:] == ["our-table", "three-low"]  # after the shipped presets
    assert app.variants["our-table"].pass_count == 3
    assert app.variants["three-low"].min_bid == 150
    assert app.notice is None
    theirs = tmp_path / "theirs.toml"
    theirs.write_text('[our-table]\nextends = "partnership"\npass_count = 2\n', encoding="utf-8")
    app = app_from_flags(variants=str(theirs))
    assert app.variants["our-table"].pass_count == 2  # --variants FILE's
    assert not app.yours.owns("our-table") and app.yours.owns("three-low")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        options = [str(o[0]) for o in app.screen.query_one("#ng-variant", Select)._options]
        # yours marked as `pinochle variants` marks them; the --variants FILE preset that won is not
        assert options[-2:] == ["three-low (yours)", "our-table"]
        assert options[:2] == ["partnership", "partnership-post1945"]


async def test_a_preset_of_yours_is_edited_and_saved_under_its_own_name_in_its_place(home: Path) -> None:
    user_file(home).parent.mkdir(parents=True)
    user_file(home).write_text(OUR_TABLE + '\n[later]\nextends = "partnership"\ngame_target = 1000\n', encoding="utf-8")
    app = app_from_flags()
    app.settings.last = {"variant": "our-table"}
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        assert editor.edit.editing == "our-table" and editor.edit.base_name == "partnership"
        await pilot.press("left")  # pass 3 -> 2
        await save_as(pilot, None)  # the name offered: its own
        assert isinstance(app.screen, NewGameScreen)
        assert app.variants["our-table"].pass_count == 2
    assert user_file(home).read_text(encoding="utf-8") == (
        HEADER + '\n[our-table]\nextends = "partnership"\nmin_bid = 200\npass_count = 2\n'
        '\n[later]\nextends = "partnership"\ngame_target = 1000\n'
    )


def test_a_damaged_file_of_yours_is_moved_aside_and_said_and_the_game_starts(home: Path) -> None:
    path = user_file(home)
    path.parent.mkdir(parents=True)
    damaged = b'[our-table]\nextends = "partnership"\npass_count = 5\n'
    path.write_bytes(damaged)
    app = app_from_flags()
    assert "our-table" not in app.variants
    assert app.notice == (
        f"{path}: preset 'our-table', key 'pass_count': must be one of 0, 2, 3 or 4. Your house rules were not "
        "loaded, and the file was moved to variants.toml.bad (fix it and move it back, or make them again with h)"
    )
    assert not path.exists()
    assert (path.parent / "variants.toml.bad").read_bytes() == damaged  # kept as it was
    path.write_bytes(b"not = [toml")
    app = app_from_flags()
    assert app.notice is not None and "not valid TOML" in app.notice
    assert (path.parent / "variants.toml.bad.2").read_bytes() == b"not = [toml"  # never over the older copy


def editing(name: str) -> HouseEdit:
    """The editor's model opened on the shipped preset ``name``, with none of yours."""
    yours = Yours(shipped=load_variants())
    yours.variants = yours.shipped
    return HouseEdit(yours.shipped[name], yours)


def test_each_choice_offered_is_one_the_model_has_and_the_knobs_accept() -> None:
    for name in ("partnership", "three-hand", "two-hand", "double-deck", "cutthroat"):
        edit = editing(name)
        for knob in edit.rows():
            if knob.step is None:
                offered = edit.choices(knob.key)
                model = allowed_choices(knob.key)
                assert model is not None and set(offered) <= set(model)
                for value in offered:
                    Variant.model_validate({**edit.values, knob.key: value})  # none refused
    three = editing("three-hand")
    assert "pass_count" not in [k.key for k in three.rows()]  # no passing without partners (§4.1)
    two = editing("two-hand")
    assert [k.key for k in two.rows()][:2] == ["two_hand_phase2_rule", "run_marriage_rule"]  # no auction


async def test_the_help_over_the_new_game_screen_names_h() -> None:
    app = app_from_flags()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-keys").render())
        assert "h                 house rules: change the chosen preset's rules" in text


def test_an_interrupted_write_of_your_presets_leaves_a_temp_file_the_cleaner_knows(
    home: Path, monkeypatch: Any
) -> None:
    """The temp file `atomic_write` makes beside variants.toml is one `clean_stale_temps` removes."""

    def killed(*_: Any) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(os, "replace", killed)
        m.setattr(os, "unlink", lambda *_: None)  # the process died before it could tidy up
        with pytest.raises(KeyboardInterrupt):
            atomic_write(user_file(home), OUR_TABLE)
    (left,) = user_file(home).parent.iterdir()
    assert left.name.startswith(".variants.toml.") and left.name.endswith(".tmp")
    assert clean_stale_temps(now=time.time() + 61) == [left]


async def test_esc_with_rules_changed_asks_before_it_leaves_them_unsaved(home: Path) -> None:
    """One stray Esc lost every change without a word: with a rule changed and not saved,
    Esc asks first (n or Esc goes back to the rules, as they were left; y leaves, nothing
    written); with nothing changed it leaves at once."""
    from pinochle_tui.screens.house_rules import LeaveUnsavedScreen

    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_editor(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)  # nothing changed: no question
        editor = await open_editor(pilot)
        await pilot.press("left")  # pass 4 -> 3
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LeaveUnsavedScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is editor and editor.edit.values["pass_count"] == 3
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LeaveUnsavedScreen)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
    assert not user_file(home).exists()


async def test_the_target_lowered_under_the_minimum_bid_is_refused_naming_both(home: Path) -> None:
    """The editor offers only what the presets' check takes: the target goes down to the
    minimum bid and no lower, and the line under the rules says why in the check's words."""
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        await pilot.press("down", *["right"] * 5)  # min bid 250 -> 300
        await pilot.press(*["down"] * 15)  # to "Game to"
        await pilot.press(*["left"] * 4)  # 1500 -> 500
        await pilot.pause()
        assert (editor.edit.values["min_bid"], editor.edit.values["game_target"]) == (300, 500)
        assert str(editor.query_one("#hr-error", Static).render()) == ""
        await pilot.press("left")  # 250 would be under the minimum bid
        await pilot.pause()
        assert editor.edit.values["game_target"] == 500
        assert str(editor.query_one("#hr-error", Static).render()) == (
            "Game to: no lower value goes with the other rules as they stand: min_bid 300 is above game_target "
            "250: every contract would be worth more than the whole game; min_bid is at most game_target (lower "
            "min_bid or raise game_target)."
        )


async def test_the_number_rules_show_the_range_the_check_takes_in_points_a_person_reads() -> None:
    """Each number's range is the one the presets' check takes with the other rules as they
    stand, grouped in thousands from five digits on ("10 to 989000" read as the field's);
    the target's follows the minimum bid."""
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)

        def allowed(key: str) -> str:
            return str(editor.query_one(f"#hr-allowed-{key}", Static).render())

        assert allowed("game_target") == "250 to 989,000; ←→ by 250, or type a number"
        assert allowed("min_bid") == "10 to 1500; ←→ by 10, or type a number"
        assert allowed("dealer_stuck_bid") == "10 to 1500, or the minimum bid; ←→ by 10, or type a number"
        assert allowed("last_trick_bonus") == "0 to 240; ←→ by 10, or type a number"
        await pilot.press("down", *["right"] * 5)  # min bid 250 -> 300
        await pilot.pause()
        assert allowed("game_target") == "300 to 989,000; ←→ by 250, or type a number"
    three = editing("three-hand")  # the x1 scale: numbers shown divided by ten
    knobs = {k.key: k for k in three.rows()}
    assert three.allowed(knobs["game_target"]) == "20 to 50,700; ←→ by 10, or type a number"
    assert three.allowed(knobs["min_bid"]) == "1 to 100; ←→ by 1, or type a number"


async def test_h_is_named_beside_the_variant_at_80x24_where_a_saved_game_takes_its_place_in_the_footer() -> None:
    """With a saved game's "r resume" the 80-column footer has no room for h, and the help
    line naming it is under the fold: the variant's row says it, in sight."""
    from tui_helpers import make_app

    from pinochle_tui.save import save_game
    from pinochle_tui.widgets import KeysFooter

    played = make_app("partnership", "human,random,random,random", seed=11)
    save_game(played.ctrl, played.save_path)
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen) and ng.saved
        assert "house rules" not in ng.query_one(KeysFooter).render().plain
        hint = ng.query_one("#ng-house-hint", Static)
        assert str(hint.render()) == "h: house rules"
        region = hint.region
        assert region.y == ng.query_one("#ng-variant").region.y and region.right <= 80 and region.y < 23
        assert hint.region.width == len("h: house rules")


async def test_the_summary_of_a_preset_of_yours_names_every_changed_rule_wrapped_in_sight_at_80x24(home: Path) -> None:
    """Every rule that differs from the preset it extends, the new-game screen's summary
    wrapped under the variant (as ``pinochle variants`` says it) and the buttons still in sight."""
    user_file(home).parent.mkdir(parents=True)
    user_file(home).write_text(
        '[big-change]\nextends = "partnership"\ndeal_packet = 4\ngame_target = 1000\nhead_rule = "post1945"\n'
        'min_bid = 300\nbid_unit = 5\nall_pass = "redeal"\nrun_marriage_rule = "independent"\n'
        'meld_requires = "scoring_trick"\nset_penalty = "minus_double_bid"\nconcession = "meld_plus_100"\n'
        'last_trick_bonus = 20\ntie_break = "highest_score"\nmust_bid_to_win = "always"\npass_count = 3\n',
        encoding="utf-8",
    )
    app = app_from_flags()
    app.settings.last = {"variant": "big-change"}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ng = app.screen
        assert isinstance(ng, NewGameScreen) and ng.variant_name == "big-change"
        summary = ng.query_one("#ng-summary", Static)
        said = (
            "as partnership, but pass 3, min bid 300, bids in steps of 5, all pass: redeal, head only when trump is "
            "led, run and marriage both count, meld needs a counter, a set loses twice the bid, throw-in: meld + "
            "100, last trick 20, to 1000, both over: highest wins, must bid to win, deal_packet 4"
        )
        assert str(summary.render()) == said
        rows = [line.text.rstrip() for line in summary.render_lines(summary.region.reset_offset)]
        assert " ".join(r.strip() for r in rows if r.strip()) == said  # wrapped, nothing cut
        assert summary.region.height == 6  # six rows (a short terminal closes the form up: no blank row under)
        assert summary.region.bottom <= 23 and ng.query_one("#ng-start").region.bottom <= 23


async def test_a_resumed_game_says_once_it_keeps_the_rules_it_began_with(home: Path) -> None:
    """A game saved under our-table (pass 3) plays on by those rules after the preset is
    edited to pass 2: resumed with r or --resume, a notice says so once, naming both; a
    game whose preset is unchanged says nothing."""
    from pinochle_tui.controller import Controller, default_seats
    from pinochle_tui.save import new_save_path, save_game
    from pinochle_tui.screens.table import TableScreen

    user_file(home).parent.mkdir(parents=True)
    user_file(home).write_text(OUR_TABLE, encoding="utf-8")
    seats = default_seats(4, ["human", "random", "random", "random"])
    ctrl = Controller(app_from_flags().variants["our-table"], seats, seed=3)
    save_game(ctrl, new_save_path())
    kept = "This game keeps the rules it began with: pass 3 (our-table now: pass 2)."

    async def said(app: Any, keys: tuple[str, ...]) -> list[str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, TableScreen) and app.ctrl.variant.pass_count == 3
            return [str(n.message) for n in app._notifications]

    assert await said(app_from_flags(), ("r",)) == []  # the preset as the game began: nothing to say
    user_file(home).write_text(OUR_TABLE.replace("pass_count = 3", "pass_count = 2"), encoding="utf-8")
    assert await said(app_from_flags(), ("r",)) == [kept]
    assert await said(app_from_flags(resume=True), ()) == [kept]


def test_the_kept_rules_notice_names_three_and_counts_the_rest() -> None:
    from pinochle_tui.house_presets import rules_kept

    today = load_variants()["partnership"]
    game = today.model_copy(update={"pass_count": 3, "min_bid": 200, "head_rule": "post1945", "game_target": 1000})
    assert rules_kept(game, today) == (
        "This game keeps the rules it began with: pass 3, min bid 200, head only when trump is led and 1 more "
        "(partnership now: pass 4, min bid 250, head every trick, ...)."
    )
    assert rules_kept(today, today) is None and rules_kept(game, None) is None


HAND_WRITTEN = (
    "# Our table's rules, kept by Ann\n"
    "\n"
    "[our-table]  # the Friday game\n"
    'extends = "partnership"\n'
    "min_bid = 200  # Bob insists\n"
    "pass_count = 3\n"
    "\n"
    "# the summer rules\n"
    "[later]\n"
    'extends = "partnership"\n'
    "game_target = 1000\n"
)


def test_saving_keeps_the_comments_a_person_wrote_in_the_file(home: Path) -> None:
    """Saving a preset changes only that preset, key by key: the comments, blank lines and
    order written by hand stay (a key whose value stays keeps its comment); a new preset
    goes after the others."""
    path = user_file(home)
    path.parent.mkdir(parents=True)
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    yours = Yours(path)
    yours.layer(load_variants(), {})
    mine, problem = yours.save("our-table", {"extends": "partnership", "min_bid": 200, "pass_count": 2})
    assert problem == "" and mine is not None and mine["our-table"].pass_count == 2
    assert path.read_text(encoding="utf-8") == HAND_WRITTEN.replace("pass_count = 3", "pass_count = 2")
    _, problem = yours.save("post", {"extends": "partnership", "head_rule": "post1945"})
    assert problem == ""
    assert path.read_text(encoding="utf-8") == (
        HAND_WRITTEN.replace("pass_count = 3", "pass_count = 2") + '\n[post]\nextends = "partnership"\n'
        'head_rule = "post1945"\n'
    )
    assert yours.names == ("our-table", "later", "post") and yours.parents["post"] == "partnership"


def test_every_value_of_every_choice_rule_has_its_words() -> None:
    """Each value the model allows a choice knob (its ``Literal``, true/false for a flag)
    has its words in `VALUE_WORDS`, and no words are there for a value or knob the editor
    does not have: a knob or value added without them fails here."""
    choices = {k.key: allowed_choices(k.key) for k in KNOBS if k.step is None}
    assert all(values is not None for values in choices.values())
    assert {key: set(values or ()) for key, values in choices.items()} == {
        key: set(words) for key, words in VALUE_WORDS.items()
    }
    for key, words in VALUE_WORDS.items():
        for value, said in words.items():
            assert said and "_" not in said and "1945" not in said, (key, value, said)  # never the file's names


def test_a_choice_is_shown_in_words_the_throw_in_bonus_in_the_games_scale() -> None:
    presets = load_variants()
    v = presets["partnership"]
    assert shown(v, "all_pass", "dealer_stuck") == "the dealer is stuck with the bid"
    assert shown(v, "all_pass", "redeal") == "the next dealer deals again"
    assert shown(v, "set_penalty", "minus_bid") == "the bid, taken off the score"
    assert shown(v, "head_rule", "post1945") == "only when trump is led"
    assert shown(v, "pass_count", 0) == "none (no passing)"
    assert shown(v, "pass_is_final", False) == "no, a player who passed may bid again"
    assert shown(v, "concession", "meld_plus_100") == "the others score their meld and 100 more"
    assert shown(presets["double-deck"], "concession", "meld_plus_100") == "the others score their meld and 10 more"
    assert shown(v, "min_bid", 250) == "250" and shown(v, "dealer_stuck_bid", None) == "the minimum bid"


async def test_the_editor_says_each_rule_in_words_not_the_files_names() -> None:
    """At 80x24 every row of the editor (those hidden until a rule offers them too) says its
    value and the values it may take in words: no ``dealer_stuck``, ``minus_bid`` or
    ``pre1945``; ←→ step a choice, its words with it."""
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        said = [str(w.render()) for w in editor.query("#hr-rows Static")]
        assert len(said) == 3 * len(KNOBS)
        assert not [line for line in said if "_" in line or "1945" in line]
        assert str(editor.query_one("#hr-all_pass", Static).render()) == (
            "  When all pass         the dealer is stuck with the bid "
        )
        assert str(editor.query_one("#hr-allowed-all_pass", Static).render()) == (
            "the dealer is stuck with the bid · the next dealer deals again"
        )
        assert str(editor.query_one("#hr-set_penalty", Static).render()) == (
            "  A set loses           the bid, taken off the score "
        )
        await pilot.press(*["down"] * 3, "right")  # to "When all pass": redeal
        await pilot.pause()
        assert editor.edit.values["all_pass"] == "redeal"
        assert str(editor.query_one("#hr-all_pass", Static).render()) == (
            "▶ When all pass         the next dealer deals again*"
        )


async def test_a_number_rule_takes_a_typed_number_and_says_one_it_cannot_take_in_one_line() -> None:
    """On a number's row a typed number replaces the value (Enter sets it, ↓ sets it and
    moves on, Esc drops it); one that is not a whole number or is out of range is said in
    one line naming the range, in sight at 80x24, and changes nothing (↓ then stays on its
    row); ←→ and +/- still step."""
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)

        def row(key: str) -> tuple[str, str]:
            return (
                str(editor.query_one(f"#hr-{key}", Static).render()),
                str(editor.query_one(f"#hr-allowed-{key}", Static).render()),
            )

        error = editor.query_one("#hr-error", Static)
        await pilot.press("down", "3", "0")
        await pilot.pause()
        assert row("min_bid") == (
            "▶ Minimum bid           30▏ ",
            "Enter sets it, Esc drops it: a whole number from 10 to 1500",
        )
        await pilot.press("0", "enter")
        await pilot.pause()
        assert editor.edit.values["min_bid"] == 300
        assert row("min_bid") == ("▶ Minimum bid           300*", "10 to 1500; ←→ by 10, or type a number")
        await pilot.press("1", "x", "enter")
        await pilot.pause()
        assert str(error.render()) == "Minimum bid: '1x' is not a number: type a whole number from 10 to 1500."
        assert error.region.height == 1 and error.region.bottom <= 23  # one line, over the footer
        assert editor.edit.values["min_bid"] == 300
        await pilot.press("2", "0", "0", "0", "down")  # said, and the cursor stays on the row it speaks of
        await pilot.pause()
        assert str(error.render()) == "Minimum bid: 2000 is out of range: type a whole number from 10 to 1500."
        assert error.region.height == 1 and editor.edit.values["min_bid"] == 300
        assert editor.knobs[editor.cursor].key == "min_bid" and editor.typed is None
        await pilot.press("9", "backspace", "4", "escape")  # dropped: the value as it was, the screen still up
        await pilot.pause()
        assert editor.edit.values["min_bid"] == 300 and app.screen is editor
        assert str(error.render()) == "" and row("min_bid")[0] == "▶ Minimum bid           300*"
        await pilot.press("plus", "minus", "minus", "right", "left")  # +/- and ←→ step by 10
        await pilot.pause()
        assert editor.edit.values["min_bid"] == 290
        await pilot.press("2", "5", "0", "down")  # ↓ sets the number typed, then moves on
        await pilot.pause()
        assert editor.edit.values["min_bid"] == 250 and editor.knobs[editor.cursor].key == "bid_unit"
        await pilot.press(*["down"] * 14, "1", ",", "0", "0", "0", "enter")  # "Game to", as the editor writes it
        await pilot.pause()
        assert editor.knobs[editor.cursor].key == "game_target" and editor.edit.values["game_target"] == 1000
        await pilot.press("down", "a")  # a letter on a choice's row ("Both over") is nothing typed
        await pilot.pause()
        assert editor.typed is None and str(error.render()) == ""


async def test_a_typed_number_is_in_the_games_scale_and_one_the_rules_refuse_is_said() -> None:
    app = app_from_flags()
    app.settings.last = {"variant": "three-hand"}
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        assert editor.knobs[0].key == "min_bid"
        await pilot.press("2", "5", "enter")  # 25 in the x1 scale: 250 in the file's x10
        await pilot.pause()
        assert editor.edit.values["min_bid"] == 250
        await pilot.press("down", "1", "0", "1", "enter")
        await pilot.pause()
        said = str(editor.query_one("#hr-error", Static).render())
        assert said.startswith("Bid steps: 101 does not go with the other rules as they stand: "), said
        assert said.endswith(" (numbers in x10 points, as the file has them).")
        assert editor.edit.values["bid_unit"] == 10


async def test_a_preset_saved_with_a_new_game_to_offers_that_target_not_the_last_games(home: Path) -> None:
    """The last game was played on our-table at its 1500; its "Game to" typed as 1000 and
    saved in place, the new-game screen's target is 1000 (it stayed 1500, the last game's,
    and the game began at 1500)."""
    user_file(home).parent.mkdir(parents=True)
    user_file(home).write_text(OUR_TABLE, encoding="utf-8")
    app = app_from_flags()
    app.settings.last = {"variant": "our-table", "target": 1500}
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        while editor.knobs[editor.cursor].key != "game_target":
            await pilot.press("down")
        await pilot.press("1", "0", "0", "0", "enter")
        await save_as(pilot, None)
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.screen.variant_name == "our-table"
        assert app.screen.query_one("#ng-target", Input).value == "1000"


async def test_the_line_about_a_row_goes_when_the_cursor_leaves_it() -> None:
    """A step refused on the minimum bid is said; ↓ to the next row takes the line down
    (it stayed up eight rows away, as if about the row the cursor was on)."""
    app = app_from_flags()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot)
        error = editor.query_one("#hr-error", Static)
        await pilot.press("down", *["left"] * 40)  # the minimum bid down to its least, and once more
        await pilot.pause()
        assert editor.knobs[editor.cursor].key == "min_bid"
        assert str(error.render()).startswith("Minimum bid: no lower value goes with the other rules")
        await pilot.press("down")
        await pilot.pause()
        assert editor.knobs[editor.cursor].key == "bid_unit" and str(error.render()) == ""
