"""--ascii and NO_COLOR: ASCII mode sends ASCII only, on every screen;
NO_COLOR sends no colour code at all, and cards that may not be played still look it."""

from __future__ import annotations

import io
import os
import re
import select
import subprocess
import sys
import time
from typing import Any

import pytest
from rich.console import Console
from tui_helpers import (
    VARIANTS,
    app_for_seats,
    make_app,
    preplay,
    settle,
    table,
)

from pinochle_tui.app import PinochleApp
from pinochle_tui.render import Style
from pinochle_tui.save import new_save_path
from pinochle_tui.widgets import KeysFooter
from rules import PassBid, Phase

SEATS = "human,random,random,random"


@pytest.fixture(autouse=True)
def style_back():
    """The app sets `Style` for the process: put it back for the next test."""
    yield
    Style.ascii = False
    Style.color = True


def screen_text(app: Any) -> str:
    """The screen as the terminal is sent it (after the app's output filters), no styles."""
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False)


def screen_bytes(app: Any) -> str:
    """The screen with its escape codes, as a truecolor terminal is sent it."""
    console = Console(
        width=app.size.width, height=app.size.height, file=io.StringIO(), force_terminal=True, color_system="truecolor"
    )
    with console.capture() as cap:
        console.print(app.screen._compositor.render_update(full=True))
    return cap.get()


SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def colour_codes(out: str | bytes) -> list[str]:
    """Every SGR colour parameter in ``out``: 30-38, 40-48, 90-97, 100-107 (38 and 48 with
    their 5;n or 2;r;g;b)."""
    text = out.decode("latin-1") if isinstance(out, bytes) else out
    found = []
    for m in SGR.finditer(text):
        params = [p for p in m.group(1).replace(":", ";").split(";") if p]
        i = 0
        while i < len(params):
            n = int(params[i])
            if n in (38, 48):
                step = 3 if params[i + 1 : i + 2] == ["5"] else 5
                found.append(";".join(params[i : i + step]))
                i += step
                continue
            if 30 <= n <= 37 or 40 <= n <= 47 or 90 <= n <= 97 or 100 <= n <= 107:
                found.append(str(n))
            i += 1
    return found


def non_ascii(text: str) -> set[str]:
    return {ch for ch in text if ord(ch) > 127}


def test_colour_codes_finds_every_kind():
    out = "\x1b[1;38;5;196m\x1b[48;2;1;2;3;4m\x1b[31;92;0m\x1b[1;39;49m\x1b[7m"
    assert colour_codes(out) == ["38;5;196", "48;2;1;2;3", "31", "92"]


# ---------------------------------------------------------------------- ASCII


async def _visit(app: Any, pilot: Any, seen: dict[str, str], label: str) -> None:
    await settle(pilot)
    await pilot.pause()
    seen[label] = screen_text(app)


async def test_ascii_mode_draws_every_screen_in_ascii():
    """Every screen, in ASCII mode, at 80x24: not one non-ASCII character is sent."""
    seen: dict[str, str] = {}
    app = PinochleApp(VARIANTS, bot_delay=0, trick_delay=0, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _visit(app, pilot, seen, "new game")
        await pilot.press("f1")
        await _visit(app, pilot, seen, "new game rules")
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("s")
        await _visit(app, pilot, seen, "statistics")
    app = make_app("partnership", SEATS, seed=1, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _visit(app, pilot, seen, "auction")
        await pilot.press("question_mark")
        await _visit(app, pilot, seen, "help")
        await pilot.press("escape")
        await pilot.press("q")
        await _visit(app, pilot, seen, "quit")
        await pilot.press("n")
        t = table(app)
        phases = set()
        for _ in range(300):
            await settle(pilot)
            ph = t.ctrl.round.phase
            if type(app.screen).__name__ != "TableScreen":
                await _visit(app, pilot, seen, type(app.screen).__name__)
                break
            if t.ctrl.needs_meld_ack:
                await _visit(app, pilot, seen, "meld")
                await pilot.press("enter")
                continue
            if t.my_turn() and ph not in phases:
                phases.add(ph)
                await _visit(app, pilot, seen, f"table {ph.name}")
            if t.my_turn() and ph is Phase.TRICKS and t.ctrl.round.tricks and "tricks" not in seen:
                await pilot.press("t")
                await _visit(app, pilot, seen, "tricks")
                await pilot.press("escape")
            await pilot.press("p" if ph is Phase.AUCTION else "a")
        assert {"HandResultScreen", "table TRICKS", "tricks"} <= set(seen), list(seen)
    c = preplay("partnership", SEATS, 1, lambda c: c.game.over, target=10)
    app = PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=0, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await _visit(app, pilot, seen, "game over")
    app = make_app("partnership", "human,random,human,random", seed=4, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _visit(app, pilot, seen, "hand-off")
    app = make_app("partnership", SEATS, seed=11, ascii=True)
    async with app.run_test(size=(200, 60)) as pilot:  # boxed cards
        await _visit(app, pilot, seen, "auction 200x60")
    app = make_app("two-hand", "human,random", seed=3, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _visit(app, pilot, seen, "two-hand")
    assert {label: non_ascii(text) for label, text in seen.items() if non_ascii(text)} == {}
    assert len(seen) >= 14
    assert "+-" in seen["auction"] and "| West" in seen["auction"]  # the seat boxes' borders


async def test_ascii_prompts_and_footer_name_keys_in_words():
    """The prompts and the footer say "left/right", "up/down", "enter" (the texts
    themselves, before any output filter), not arrows the filter would guess at."""
    app = make_app("partnership", SEATS, seed=11, ascii=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        t = table(app)
        prompt = str(t.query_one("#prompt").content)
        assert prompt.startswith("Your bid:  < ")
        # "·" is one cell: the output filter sends it as "." (`render.ASCII_CELLS`)
        assert "  up/down raise/lower · Enter bids · p passes · i hints" in prompt
        keys = [(k.key_display, k.description) for k, _x, _r in app.screen.query_one(KeysFooter).shown()]
        assert keys[:3] == [("enter", "bid"), ("up", "raise"), ("down", "lower")]
        assert all(k.isascii() for k, _ in keys)
    # the same game played on as the keys play it (p in the auction, Enter at the meld, a
    # otherwise, a at a hand's result), without the UI, to the human's first card; the
    # table drawn from there
    app = make_app("partnership", SEATS, seed=11, ascii=True)
    c = app.ctrl
    assert c is not None
    for _ in range(200):
        r = c.round
        if c.is_human(r.to_act) and r.phase is Phase.TRICKS and not c.needs_meld_ack:
            break
        if r.phase is Phase.DONE:  # a at a hand's result deals the next
            c.next_hand()
        elif c.needs_meld_ack:
            c.ack_meld(0)
        elif not c.is_human(r.to_act):
            c.apply(c.choose(r, r.to_act, c.bot_for(r.to_act))[0])
        elif r.phase is Phase.AUCTION:
            c.apply(PassBid())
        else:
            c.apply(c.choose(r, r.to_act, c.helper(), tag="helper")[0])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.my_turn() and t.ctrl.round.phase is Phase.TRICKS
        prompt = str(t.query_one("#prompt").content)
        assert "left/right choose" in prompt
        # the texts themselves carry no suit, arrow or Enter glyph (the output filter's
        # suits and arrows are only a last resort, `render.ASCII_CELLS`)
        view = t.the_view()
        texts = {
            "prompt": prompt,
            "status": str(t.query_one("#status").content),
            "hand": t.query_one("#hand").render().plain,
            "log": "\n".join(strip.text for strip in t.query_one("#log").lines),
            "seats": "\n".join(t.seat_text(view, seat).plain for seat in range(4)),
            "centre": str(t.query_one("#panel-tricks")._shown),
        }
        assert {k: set(v) & set("♠♥♦♣←→↑↓⏎") for k, v in texts.items()} == {key: set() for key in texts}
        assert re.search(r"played (10|[AKQJ9])[SHDC]", texts["log"]) and " (hearts)" in texts["log"]


async def test_ascii_turned_on_mid_game_redraws_in_ascii():
    """ASCII mode turned on while the table is up (the settings screen): what was drawn
    before, the log's lines too, is sent as ASCII once the table is shown again."""
    app = make_app("partnership", SEATS, seed=11)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        assert "♣" in screen_text(app)
        Style.ascii = True
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.pause()
        text = screen_text(app)
        assert non_ascii(text) == set()
        assert " AC  AC 10C  KC  JC  9C" in text and " enter bid  up raise  down lower " in text


async def test_glyph_mode_keeps_the_glyphs():
    app = make_app("partnership", SEATS, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        keys = [k.key_display for k, _x, _r in app.screen.query_one(KeysFooter).shown()]
        assert keys[:3] == ["⏎", "↑", "↓"]
        assert "↑↓ raise/lower" in str(table(app).query_one("#prompt").content)


# ---------------------------------------------------------------------- NO_COLOR


def _pty_run(env: dict[str, str], args: list[str], until: bytes, cols: int = 80, rows: int = 24) -> bytes:
    """The bytes ``pinochle ARGS`` sends a pty until ``until`` is drawn (and half a second
    more)."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "pinochle_tui.cli", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    buf = b""
    end = time.monotonic() + 60
    seen_at = None
    try:
        while time.monotonic() < end:
            if seen_at is None and until in buf:
                seen_at = time.monotonic()
            if seen_at is not None and time.monotonic() - seen_at > 0.5:
                break
            r, _, _ = select.select([master], [], [], 0.05)
            if r:
                try:
                    buf += os.read(master, 65536)
                except OSError:
                    break
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    assert until in buf, buf[-400:]
    return buf


ARGS = ["--variant", "partnership", "--seats", "human,random,random,random", "--seed", "11", "--bot-delay", "0"]


def _env(tmp_path: Any, **extra: str) -> dict[str, str]:
    env = dict(os.environ, PINOCHLE_HOME=str(tmp_path / "pty-home"), TERM="xterm-256color", COLORTERM="truecolor")
    env.pop("NO_COLOR", None)
    env.update(extra)
    return env


def test_no_color_sends_no_colour_code(tmp_path):
    """The raw bytes a terminal gets with NO_COLOR=1: bold, dim, reverse, but no colour
    (Textual's own NO_COLOR filter sent every colour as a grey 38;2 / 48;2 code)."""
    coloured = _pty_run(_env(tmp_path), ARGS, b"Your bid")
    assert len(colour_codes(coloured)) > 100  # the scan sees colours where there are some
    plain = _pty_run(_env(tmp_path, NO_COLOR="1"), ARGS, b"Your bid")
    assert colour_codes(plain) == []
    params = {p for m in SGR.finditer(plain.decode("latin-1")) for p in m.group(1).split(";")}
    assert {"1", "7"} <= params  # bold (the hand, headings), reverse (the bid) are still sent


def test_ascii_sends_ascii_bytes(tmp_path):
    raw = _pty_run(_env(tmp_path), [*ARGS, "--ascii"], b"Your bid")
    text = re.sub(rb"\x1b\[[0-9;:?<>=$]*[A-Za-z~]", b"", raw)
    assert b" enter bid " in text and b"up/down raise/lower" in text and b"+-----" in text
    assert [b for b in set(raw) if b > 127] == []


async def test_no_color_tells_a_card_that_may_not_be_played(monkeypatch):
    """NO_COLOR in a trick: the cards that may be played are bold, the others dim, and no
    colour code is sent for either."""
    monkeypatch.setenv("NO_COLOR", "1")

    def must_follow(c) -> bool:
        if not (c.round.phase is Phase.TRICKS and c.is_human(c.round.to_act) and c.round.trick):
            return False
        legal = {a.card for a in c.legal()}
        return 0 < len(legal) < len(set(c.view(0).hand))

    c = preplay("partnership", SEATS, 11, must_follow)
    c.meld_acked = True
    app = PinochleApp(VARIANTS, ctrl=c, save_path=new_save_path(), bot_delay=0, trick_delay=0)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        hand = t.query_one("#hand")
        legal = {a.card for a in c.legal()}
        update = app.screen._compositor.render_update(full=True)
        row = update.strips[hand.region.y + 1]  # the cards' line, as sent (filters applied)
        faces = [seg for strip in row for seg in strip if seg.text.strip()][: len(hand.cards)]
        cards = t.display_hand(t.the_view())
        assert [Style.card(x) for x in cards] == [seg.text.strip() for seg in faces]
        for x, seg in zip(cards, faces, strict=True):
            style = seg.style
            assert str(style.color) in ("None", "Color('default', ColorType.DEFAULT)")
            assert (bool(style.bold), bool(style.dim)) == ((True, False) if x in legal else (False, True))
        assert colour_codes(screen_bytes(app)) == []


@pytest.mark.parametrize(("no_color", "chosen"), [(True, "bold reverse"), (False, "bold")])
async def test_no_color_marks_the_chosen_button_by_more_than_colour(monkeypatch, no_color, chosen):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app("partnership", SEATS, seed=11)
    async with app.run_test(size=(100, 36)) as pilot:
        await settle(pilot)
        t = table(app)
        styles = [str(t.query_one(f"#btn-{i}").styles.text_style) for i in range(3)]
        assert styles == [chosen, "none", "none"]  # Bid (chosen), Pass, Hint


async def test_no_color_draws_every_suit_full_contrast(monkeypatch):
    from pinochle_tui.render import Style, card_text

    monkeypatch.setenv("NO_COLOR", "1")
    app = app_for_seats("partnership", "human,random,random,random", 1, ascii=True)
    try:
        assert Style.color is False
        for c in (0, 6, 12, 18):  # one card of each suit
            assert "red" not in str(card_text(c).style) and "dim" not in str(card_text(c).style)
    finally:
        Style.color = True
        Style.ascii = False
    del app
