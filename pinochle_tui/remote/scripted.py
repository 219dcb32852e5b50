"""Scripted seats: a person at another terminal played by a program, for the tests and the
benchmark (bench/remote_bench.py).  `ScriptedPlayer` answers each message from the host
with the messages a person would send (a random legal action when its seat is to act,
`Ready` at its meld pause and after a hand); `play` runs one over a websocket, `PipeLink`
connects one to a `HostCore` in the same process, without a network.

It decides from its news alone, as a seat's client does: it never sees more."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from rules import Phase, Variant

from . import protocol as P


def random_pick(news: Any, rng: random.Random) -> Any:
    """One of the news's legal actions, at random."""
    return news.legal[rng.randrange(len(news.legal))]


class ScriptedPlayer:
    """Answers the host's messages for the seat of ``code``; ``pick(news, rng)`` chooses an
    action among the news's legal ones (default: at random), ``rng`` seeded by ``seed`` and
    the decision's number, so the same position always gets the same decision (a game
    replayed, or resumed after the host was killed, goes the same way)."""

    def __init__(self, code: str, seed: Any = 0, pick: Callable[[Any, random.Random], Any] | None = None) -> None:
        self.code = code
        self.seed = seed
        self.pick = pick or random_pick
        self.variant: Variant | None = None
        self.person: int | None = None
        self.last_seq = -1
        self.news: Any = None  # the last `SeatNews`
        self.received: list[str] = []  # every text from the host
        self.refused: list[str] = []
        self.over = False  # Bye, or Replaced
        self.acted = 0
        self._answered: set[tuple[str, int]] = set()

    def hello(self) -> str:
        return P.encode(P.Hello(code=self.code, last_seq=self.last_seq))

    def take(self, text: str) -> list[str]:
        """The answers to one message from the host (texts to send)."""
        self.received.append(text)
        msg = P.decode_down(text)
        if isinstance(msg, P.Welcome):
            self.variant, self.person = msg.the_variant(), msg.seat
            self._answered.clear()  # (a new connection: what was sent before may be lost)
            return []
        if isinstance(msg, P.Refused):
            self.refused.append(msg.reason)
            return []
        if isinstance(msg, (P.Bye, P.Replaced)):
            self.over = True
            return []
        if not isinstance(msg, P.News) or self.variant is None:
            return []
        self.last_seq = msg.seq
        news = self.news = msg.news.news(self.variant, (msg.seq,))
        if news.meld_pause and ("pause", msg.seq) not in self._answered:
            self._answered.add(("pause", msg.seq))
            return [P.encode(P.Ready(seq=msg.seq))]
        if news.view.phase is Phase.DONE:
            if news.game_over or ("ready", msg.seq) in self._answered:
                return []
            self._answered.add(("ready", msg.seq))
            return [P.encode(P.Ready(seq=msg.seq))]
        if news.viewer is not None and news.to_act == news.viewer and len(news.legal):
            if ("act", msg.seq) in self._answered:
                return []
            self._answered.add(("act", msg.seq))
            self.acted += 1
            rng = random.Random(f"{self.seed}/{msg.seq}")
            return [P.encode(P.Act(seq=msg.seq, action=self.pick(news, rng)))]
        return []


class PipeLink:
    """A `host_core.Link` to a `ScriptedPlayer` in the same process: what the host sends
    is queued (``outbox``) for the test to hand over (`pump`)."""

    def __init__(self, address: str = "127.0.0.1") -> None:
        self.address = address
        self.outbox: list[str] = []
        self.closed = False

    def send(self, text: str) -> None:
        if not self.closed:
            self.outbox.append(text)

    def close(self) -> None:
        self.closed = True


async def play(
    port: int,
    player: ScriptedPlayer,
    host: str = "127.0.0.1",
    *,
    until: Callable[[ScriptedPlayer], bool] | None = None,
    on_text: Callable[[str], None] | None = None,
) -> None:
    """Play ``player`` over a websocket to ``host``:``port`` until the host says goodbye,
    the connection closes, or ``until(player)``."""
    from websockets.asyncio.client import connect

    async with connect(f"ws://{host}:{port}/", max_size=2 * P.MAX_MESSAGE, compression=None) as ws:
        await ws.send(player.hello())
        async for text in ws:
            if on_text is not None:
                on_text(str(text))
            for answer in player.take(str(text)):
                await ws.send(answer)
            if player.over or (until is not None and until(player)):
                break


async def settle(delay: float = 0.0) -> None:
    """Let the event loop run what is ready (the server's writers, the clients' reads)."""
    await asyncio.sleep(delay)


__all__ = ["PipeLink", "ScriptedPlayer", "play", "random_pick", "settle"]
