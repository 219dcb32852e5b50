"""A joined seat's message line says the host's refusal as long as it applies: a lead the
host refused while another seat's look at everyone's meld held it is gone from the line
once that seat went on and the lead is offered again (with no decision made meanwhile:
the same decision's number), and a card refused while its decision stands stays said.

The host's messages are made by a real `HostCore` (`table_harness`, scripted players at
the other terminals, handed over one at a time in the order that makes them), then read
by the real client (`pinochle join`'s app at 80x24) from a stood-in websocket in that
order: nothing depends on timing."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from tui.tui_helpers import until

from pinochle_tui.app import PinochleApp
from pinochle_tui.remote import protocol as P
from pinochle_tui.remote.client import SeatConnection
from pinochle_tui.remote.scripted import QueuedSocket
from pinochle_tui.render import pretty
from pinochle_tui.screens.table import TableScreen
from pinochle_tui.settings import Settings
from rules import CARDS, Phase, Play, load_variants

from .table_harness import Table

VARIANTS = load_variants()


@pytest.fixture(autouse=True)
def home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


class HeldLead:
    """The host's texts to the seat offered the first lead of a hosted partnership hand,
    in the order sent: seat 1's bot played for it when everyone's meld was shown, so the
    lead was offered at once (``offered``: the welcome and that news); seat 1's person
    came back before the lead arrived, and their look at the meld holds it (``held``: the
    news of that, the refusal of the lead, the news of now again); seat 1 went on
    (``again``: up to the news that offers the lead again); the leader sent a card it does
    not hold (``card_refused``: the engine's refusal and the news of now again)."""

    def __init__(self) -> None:
        t = self.table = Table("partnership", seed="meld-back", remote=[0, 1, 2])
        c = t.ctrl
        t.drop(1)
        assert t.core.seat_bot([1]) == [1]
        leader, lead = self._offer()
        self.leader = leader
        self.offered = list(t.players[leader].received)
        assert P.decode_down(self.offered[0]).type == "welcome"
        t.connect(1)  # seat 1's person is back before the lead arrives
        assert c.meld_holds_lead() == {c.seating.index(1)}
        for answer in lead:
            t.core.receive(t.links[leader], leader, answer)
        self.held = self._taken()
        assert "refused" in [P.decode_down(x).type for x in self.held]
        # seat 1 goes on: the others' texts handed over until the leader is offered the lead
        self.again = self._until_offered()
        news = P.decode_down(self.again[-1])
        assert isinstance(news, P.News) and news.news.legal and not c.round.trick
        self.seq = news.seq
        # a card the leader does not hold: the engine refuses it, the decision stands
        hand = set(c.round.hands[c.seating.index(leader)])
        self.card = next(card for card in CARDS if card not in hand)
        self.words = c.refusal(Play(self.card))
        assert self.words
        t.core.receive(t.links[leader], leader, P.encode(P.Act(seq=self.seq, action=Play(self.card))))
        self.card_refused = self._taken()
        assert [P.decode_down(x).type for x in self.card_refused] == ["refused", "news"]

    def _offer(self) -> tuple[int, list[str]]:
        """The texts handed over one at a time until a person answers the first lead
        offered: that person and their answer (not handed to the host)."""
        t, c = self.table, self.table.ctrl
        for _ in range(10_000):
            queued = next(((p, link) for p, link in t.links.items() if link.outbox), None)
            assert queued is not None, "no seat at another terminal was offered the first lead"
            p, link = queued
            answers = t.players[p].take(link.outbox.pop(0))
            r = c.round
            first_lead = r.phase is Phase.TRICKS and not r.tricks and not r.trick and c.to_act == p
            if first_lead and any(isinstance(P.decode_up(a), P.Act) for a in answers):
                return p, answers
            for answer in answers:
                t.core.receive(link, p, answer)
        raise AssertionError("the texts never stopped")

    def _taken(self) -> list[str]:
        """The texts queued for the leader (kept for the client: nobody answers them)."""
        link = self.table.links[self.leader]
        texts, link.outbox[:] = list(link.outbox), []
        return texts

    def _until_offered(self) -> list[str]:
        """The others' texts handed over (the leader's kept) until a news offering the
        leader an action is queued for it: the leader's texts up to that news."""
        t = self.table
        out: list[str] = []
        for _ in range(10_000):
            link = t.links[self.leader]
            while link.outbox:
                text = link.outbox.pop(0)
                out.append(text)
                msg = P.decode_down(text)
                if isinstance(msg, P.News) and msg.news.legal:
                    return out
            queued = next(((p, lk) for p, lk in t.links.items() if p != self.leader and lk.outbox), None)
            assert queued is not None, "the lead was never offered again"
            p, other = queued
            for answer in t.players[p].take(other.outbox.pop(0)):
                t.core.receive(other, p, answer)
        raise AssertionError("the texts never stopped")


def _prompt(table: TableScreen) -> str:
    """The prompt and the message line under it, as drawn (on one line)."""
    return str(table.query_one("#prompt").render()).replace("\n", " ")


@contextlib.asynccontextmanager
async def _joined_at_a_held_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[tuple[HeldLead, PinochleApp, Any, Callable[[list[str]], Awaitable[None]]]]:
    """A joined seat's app fed `HeldLead`'s texts by hand: (the game, the app, its pilot,
    ``read(texts)``: the host's texts read, and drawn)."""
    game = HeldLead()
    stream = QueuedSocket()
    monkeypatch.setattr(SeatConnection, "_open", lambda self: stream)
    app = PinochleApp(VARIANTS, settings=Settings(), bot_delay=0, trick_delay=0)
    app.join_at = ("127.0.0.1", 8470, "7KQM-2XHA-9PWE-3RTD")
    async with app.run_test(size=(80, 24)) as pilot:
        received = 0

        async def read(texts: list[str]) -> None:
            nonlocal received
            for text in texts:
                stream.queue.put_nowait(text)
            received += sum(P.decode_down(x).type == "news" for x in texts)
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.remote.received == received)
            await pilot.pause()
            await pilot.pause()

        yield game, app, pilot, read


async def test_a_lead_refused_while_it_was_held_is_unsaid_once_it_is_offered_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with _joined_at_a_held_lead(monkeypatch) as (game, app, pilot, read):
        await read(game.offered)
        t = app.screen
        assert isinstance(t, TableScreen)
        loop = t.remote
        assert t.now().my_turn and t.now().legal_plays
        await pilot.press("enter")  # the lead (the card under the cursor) goes to the host
        assert loop.sent is not None and loop.sent[0] == game.seq

        await read(game.held)  # held by seat 1's look at the meld: the lead refused
        said = "waiting for P1 to go on from everyone's meld"
        assert loop.sent is None and loop.seq == game.seq
        # (a card it may lead: not the card refused, the moment; the news of now again keeps it)
        assert str(t.message) == f"Not allowed: {said}" and said in _prompt(t)
        assert not t.now().legal_plays

        await read(game.again)  # seat 1 went on: the lead offered again, at the same decision
        assert loop.seq == game.seq and t.now().my_turn and t.now().legal_plays
        assert not str(t.message) and said not in _prompt(t)
        assert _prompt(t).startswith("Your lead.")

        # a card the engine refuses while this decision stands: its line stays with the news again
        loop.human_act(Play(game.card))
        await read(game.card_refused)
        assert loop.seq == game.seq and t.now().my_turn
        assert f"Not that card: {pretty(game.words)}" in str(t.message)


async def test_play_for_me_is_not_offered_while_the_lead_waits_for_a_look_at_everyones_meld(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The leader's lead held by another seat's look at everyone's meld: the news offers it
    nothing, so the table offers no card, "play for me" nor hint, and ``a`` starts no
    thinking (it said "Thinking…" for good: the helper had no legal action to pick, and its
    worker died); once the lead is offered, ``a`` plays it."""
    async with _joined_at_a_held_lead(monkeypatch) as (game, app, pilot, read):
        await read(game.offered + game.held)
        t = app.screen
        assert isinstance(t, TableScreen)
        said = "Waiting for P1 to go on from everyone's meld."
        assert not t.now().my_turn and _prompt(t).startswith(said)
        assert not any(t.check_action(a, ()) for a in ("auto", "hint", "play"))
        await pilot.press("a")
        await pilot.pause(0.2)
        assert not t.busy and t.remote.waiting is None and _prompt(t).startswith(said)
        assert "Not your turn" not in _prompt(t)  # (the prompt says whom the lead waits for)

        await read(game.again)
        assert t.now().my_turn and t.check_action("auto", ())
        await pilot.press("a")
        await until(pilot, lambda: t.remote.sent is not None)
        assert not t.busy and t.remote.sent[0] == game.seq
