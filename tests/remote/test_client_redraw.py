"""A joined seat's table drawn from the host's news (the real client, `pinochle join`'s app
at 80x24, its websocket stood in for by a queue the test fills): news read from the
connection together are drawn once, for the last of them, with every part of the table
they changed (the log, the scores, the trick, the prompt) drawn anew; a news alone is
drawn at once."""

from __future__ import annotations

import time
from typing import Any

import pytest
from tui.tui_helpers import until

from pinochle_tui.app import PinochleApp
from pinochle_tui.controller import Controller, Seat
from pinochle_tui.panels import scores_text
from pinochle_tui.remote import protocol as P
from pinochle_tui.remote.client import SeatConnection
from pinochle_tui.remote.scripted import QueuedSocket
from pinochle_tui.screens.table import FRAME_TICK, TableScreen
from pinochle_tui.settings import Settings
from pinochle_tui.table.news import seat_news
from rules import Phase, load_variants

VARIANTS = load_variants()


@pytest.fixture(autouse=True)
def home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def a_game(seed: str) -> tuple[str, list[tuple[Any, str]]]:
    """A partnership hand played by random bots, as person 0 at another terminal is told
    it: the welcome, then after each decision (its `SeatNews`, the message sent)."""
    v = VARIANTS["partnership"]
    c = Controller(v, [Seat("bot", f"Bot{p}", "random") for p in range(4)], seed=seed)
    names = tuple(s.name for s in c.seats)
    welcome = P.encode(P.Welcome(seat=0, variant=v.model_dump(mode="json"), names=names, seats=()))
    steps = [(seat_news(c, 0), P.encode(P.news_message(0, seat_news(c, 0))))]
    seq = 0
    while c.round.phase is not Phase.DONE:
        seat = c.round.to_act
        action, _problem = c.choose(c.round, seat, c.bot_for(seat))
        c.apply(action)
        seq += 1
        news = seat_news(c, 0)
        steps.append((news, P.encode(P.news_message(seq, news))))
    return welcome, steps


def joined(monkeypatch: pytest.MonkeyPatch) -> tuple[PinochleApp, QueuedSocket]:
    """The real client, its connection reading what the test puts in the socket's queue."""
    stream = QueuedSocket()
    monkeypatch.setattr(SeatConnection, "_open", lambda self: stream)
    app = PinochleApp(VARIANTS, settings=Settings(), bot_delay=0, trick_delay=0)
    app.join_at = ("127.0.0.1", 8470, "7KQM-2XHA-9PWE-3RTD")
    return app, stream


async def seated(pilot: Any, stream: QueuedSocket, welcome: str, first: str) -> TableScreen:
    """The welcome and the first news given: the table, once open."""
    stream.queue.put_nowait(welcome)
    stream.queue.put_nowait(first)
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
    return pilot.app.screen  # type: ignore[no-any-return]


def _screen_text(app: Any) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_news_read_together_are_drawn_once_for_the_last_with_every_part_they_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    welcome, steps = a_game("redraw-together")
    draws: list[Any] = []
    watch = TableScreen.watch_facts

    def counted(self: Any, facts: Any) -> None:
        draws.append(facts.key if facts is not None else None)
        watch(self, facts)

    monkeypatch.setattr(TableScreen, "watch_facts", counted)
    app, stream = joined(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot, stream, welcome, steps[0][1])
        # the first trick taken: the scores' line changes (the tricks taken) with the same rows
        first_trick = next(k for k, (news, _) in enumerate(steps) if news.view.tricks)
        k = 1
        while k < first_trick + 3:
            # the news so far drawn and settled first: on a loaded machine the last draw
            # (or its layout's second one) may still be on its way, and is not the batch's
            await until(pilot, lambda: bool(draws) and draws[-1] == table.remote.news.key)
            await until(pilot, lambda: not table._dirty_widgets)
            await pilot.pause()
            before = len(draws)
            # three news read in one go (the bots' moves in a row): one draw, of the last
            for _, text in steps[k : k + 3]:
                stream.queue.put_nowait(text)
            k += 3
            await until(pilot, lambda k=k: table.remote.seq == k - 1 and not table._dirty_widgets)
            await pilot.pause()
            # drawn for the last news only (a second draw of it: the layout settling)
            assert draws[before:] and set(draws[before:]) == {table.remote.news.key}
        news = table.remote.news
        f = table.now()
        assert f.key == news.key and len(f.view.tricks) >= 1
        # every part the news changed is on the screen: the log's last line, the scores now
        log = table.query_one("#log")
        assert " ".join(strip.text.strip() for strip in log.lines).endswith(news.events[-1])
        scores = scores_text(f, table.query_one("#scores").size.width)
        shown = _screen_text(app)
        for line in scores.plain.splitlines():
            assert line.strip() in shown, f"the scores' line {line!r} is not drawn"


async def test_a_news_alone_is_drawn_at_once_and_frames_keep_to_the_tick(monkeypatch: pytest.MonkeyPatch) -> None:
    """A change is drawn as soon as the table is idle when the last frame is a tick old
    (not at the next tick of Textual's 60 Hz timer); a change closer to the last frame
    waits for the tick (never more than 60 frames a second)."""
    from textual import events

    welcome, steps = a_game("redraw-alone")
    app, stream = joined(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot, stream, welcome, steps[0][1])
        await pilot.pause(0.1)
        prompt = table.query_one("#prompt")
        # the last frame a tick ago: the change is drawn now, at idle
        table._frame_at = time.monotonic() - FRAME_TICK
        prompt.refresh()
        table._dirty_widgets.add(prompt)  # (what the prompt's own idle does next)
        await table._on_idle(events.Idle())
        assert not table._dirty_widgets and time.monotonic() - table._frame_at < FRAME_TICK
        # a frame just drawn: the next change waits for the tick
        prompt.refresh()
        table._dirty_widgets.add(prompt)
        await table._on_idle(events.Idle())
        assert prompt in table._dirty_widgets
