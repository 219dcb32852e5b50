"""A data directory that cannot be written: the failure is said once, not once per move
(a notice per move, bots' moves included, piled up over the
table's right half), and again once saving works."""

from __future__ import annotations

import errno

import pytest
from tui_helpers import SIZE, make_app, settle, table

import pinochle_tui.save as save_module


async def test_a_failing_save_is_said_once_until_it_works_again(monkeypatch: pytest.MonkeyPatch) -> None:
    failing = [True]
    real = save_module.save_game

    def save_game(ctrl, path):  # type: ignore[no-untyped-def]
        if failing[0]:  # as atomic_write fails: a temporary file of a new name each time
            failing.append(True)
            raise PermissionError(errno.EACCES, "Permission denied", f"{path}.{len(failing)}.tmp")
        return real(ctrl, path)

    monkeypatch.setattr(save_module, "save_game", save_game)
    app = make_app("partnership", "human,random,random,random", seed=3)
    said: list[str] = []  # every notice, kept here: Textual's own list forgets expired ones
    notify = app.notify
    monkeypatch.setattr(app, "notify", lambda message, **kw: (said.append(message), notify(message, **kw))[1])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        for _ in range(12):  # the human's moves and the bots' replies: many saves
            await pilot.press("enter" if t.ctrl.needs_meld_ack else "a")
            await settle(pilot)
        assert len(t.ctrl.actions) >= 8
        assert len(said) == 1
        assert said == [
            f"Could not save the game in {app.save_path.parent}: Permission denied. "  # type: ignore[union-attr]
            "The game goes on unsaved; this is said again only if it changes."
        ]
        failing[0] = False
        await pilot.press("enter" if t.ctrl.needs_meld_ack else "a")
        await settle(pilot)
        assert said[1:] == ["The game is saved again."]
        assert app.save_path is not None and app.save_path.exists()
