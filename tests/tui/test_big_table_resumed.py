"""Eight-hand resumed (``pinochle --resume``) at 80x24, the smallest terminal the game
plays on, with a notice of three rows or more over it (a damaged settings.json, said at
the start): the notice stands at the top right, over the seats and the trick, and the rows
a player needs to act are whole and uncovered: the hand, every card of it, the prompt and
the keys line.  At the auction (the bid's own row of controls) and at a trick.  A notice
that would come down over the hand is the brief one (`app.settings_notice`): the whole
was chosen wherever it ended over the footer, reckoned at 40 cells wide where the notice
is 58, so one of 14 rows covered the hand's first row."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from test_damaged_files import write_settings
from textual.widgets._toast import Toast
from tui_helpers import app_from_flags, preplay, settle, table

from pinochle_tui.app import toast_rows
from pinochle_tui.save import new_save_path, save_game
from pinochle_tui.widgets import KeysFooter
from rules import Phase

SEATS = "human," + ",".join(["random"] * 7)
# two wrong entries: the notice's text is three rows at 80 columns or more (with the file's
# path: a test's is longer than a player's), the whole of it shown
SETTINGS = {"bot_delay": "fast", "ascii": 3}
# four, two of them remaps that are no keys: the whole of it (14 rows at 80 columns) would
# come down over the hand, so the notice is the brief one
LONG = {**SETTINGS, "keys": {"hint": "z" * 20, "undo": "y" * 20}}


def screen_lines(app: Any) -> list[str]:
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(), record=True)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False).splitlines()


@pytest.mark.parametrize(
    ("phase", "says", "settings"),
    [
        (Phase.AUCTION, "Your bid:", SETTINGS),
        (Phase.TRICKS, "Your play, ", SETTINGS),
        (Phase.TRICKS, "Your play, ", LONG),
    ],
    ids=["auction", "trick", "trick, a long notice"],
)
async def test_the_hand_prompt_and_keys_stay_whole_under_a_notice(
    home: Path, phase: Phase, says: str, settings: dict[str, Any]
) -> None:
    c = preplay("eight-hand", SEATS, 4, lambda c: c.round.phase is phase and c.round.to_act == 0 and c.hand_no >= 2)
    c.meld_acked = True
    save_game(c, new_save_path())
    write_settings(home, json.dumps(settings).encode())
    app = app_from_flags(resume=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        t = table(app)
        assert t.ctrl.variant.name == "eight-hand" and t.ctrl.hand_no == c.hand_no  # resumed where it was left
        (toast,) = app.screen.query(Toast)
        (notice,) = (str(n.message) for n in app._notifications)
        assert toast.region.height - 3 >= 3  # its text (a row of padding over and under it, its title)
        assert toast.region.bottom == toast_rows(notice, 80)  # as the app reckons its rows
        assert (notice == app.settings.problem) is (settings is SETTINGS)  # the whole, or the brief one
        lines = screen_lines(app)
        hand, prompt, keys = t.query_one("#hand"), t.query_one("#prompt"), t.query_one(KeysFooter)
        for widget in (hand, prompt, keys):
            r = widget.region
            assert r.bottom <= 24 and not r.overlaps(toast.region), (widget, r, toast.region)
        # every card of the hand on its row, none cut off at the edge
        held = t.ctrl.round.hands[0]
        row = next(line for line in lines[hand.region.y : hand.region.bottom] if line.strip())
        assert len(row.split()) == len(held) and row.rstrip() == row.rstrip()[:79]
        # the prompt's words whole, on the rows under the hand
        said = " ".join(" ".join(lines[prompt.region.y : prompt.region.bottom]).split())
        assert said.startswith(says) and said == " ".join(prompt.render().plain.split())
        # the keys line to its end: the menu at the right edge
        assert lines[23].startswith(" ⏎ ") and lines[23].rstrip().endswith("▏^p menu")
