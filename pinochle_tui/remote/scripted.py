"""Scripted seats: a person at another terminal played by a program, for the tests and the
benchmark (bench/remote_bench.py).  `ScriptedPlayer` answers each message from the host
with the messages a person would send (a random legal action when its seat is to act,
`Ready` at its meld pause and after a hand); `play` runs one over a websocket, `PipeLink`
connects one to a `HostCore` in the same process, without a network.

It decides from its news alone, as a seat's client does: it never sees more."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from typing import Any

from rules import Phase, Variant

from ..table.news import seat_news
from . import protocol as P


def random_pick(news: Any, rng: random.Random) -> Any:
    """One of the news's legal actions, at random."""
    return news.legal[rng.randrange(len(news.legal))]


class ScriptedPlayer:
    """Answers the host's messages for the seat of ``code``; ``pick(news, rng)`` chooses an
    action among the news's legal ones (default: at random), ``rng`` seeded by ``seed`` and
    the decision's number, so the same position always gets the same decision (a game
    replayed, or resumed after the host was killed, goes the same way).

    Each news is answered once, but an action the host refused is decided again at the
    next news that offers one, at the same decision's number too, as a person's client
    lets them (`screens.remote_loop`): a lead offered while a bot played for a seat, then
    held by that seat's look at everyone's meld when its person came back, is offered
    again once they went on, with no decision made in between."""

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
        self._acting: int | None = None  # the decision number of its `Act` not yet answered

    def hello(self) -> str:
        return P.encode(P.Hello(code=self.code, last_seq=self.last_seq))

    def take(self, text: str) -> list[str]:
        """The answers to one message from the host (texts to send)."""
        self.received.append(text)
        msg = P.decode_down(text)
        if isinstance(msg, P.Welcome):
            self.variant, self.person = msg.the_variant(), msg.seat
            self._answered.clear()  # (a new connection: what was sent before may be lost)
            self._acting = None
            return []
        if isinstance(msg, P.Refused):
            self.refused.append(msg.reason)
            if self._acting is not None:  # its action refused: it decides again (see the class)
                self._answered.discard(("act", self._acting))
                self._acting = None
            return []
        if isinstance(msg, (P.Bye, P.Replaced)):
            self.over = True
            return []
        if not isinstance(msg, P.News) or self.variant is None:
            return []
        self.last_seq = msg.seq
        if self._acting is not None and msg.seq > self._acting:
            self._acting = None  # (its action was applied)
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
            self._acting = msg.seq
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


class QueuedSocket:
    """A client's websocket stood in for (`client.SeatConnection`'s ``connect``, or its
    ``_open``): the texts put in ``queue`` come out of it in order, as the host's messages
    read from the connection; what the client sends is dropped."""

    def __init__(self) -> None:
        import asyncio

        self.queue: asyncio.Queue[str] = asyncio.Queue()

    async def __aenter__(self) -> QueuedSocket:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None

    def __aiter__(self) -> QueuedSocket:
        return self

    async def __anext__(self) -> str:
        return await self.queue.get()

    async def send(self, text: str) -> None:
        return None

    async def close(self) -> None:
        return None


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


async def stop_all(tasks: list[Any]) -> None:
    """Cancel ``tasks`` (the seats' `play`) and wait until each has ended."""
    import contextlib

    for t in tasks:
        t.cancel()
    for t in tasks:
        with contextlib.suppress(BaseException):
            await t


def played_here(
    ctrl: Any, seeds: dict[int, Any], hands: int, pick: Callable[[Any, random.Random], Any] = random_pick
) -> list[Any]:
    """``ctrl``'s game played at one terminal for ``hands`` hands: each person of ``seeds``
    (person -> its scripted player's seed) decides as its `ScriptedPlayer` would over the
    network (``pick`` on its own news, seeded by its seed and the decision's number), the
    bots as the host's do.  The hands' results, to compare with the game played remotely."""
    c = ctrl
    c.remote = frozenset(seeds)  # (their meld pause is their own: no pause at this terminal)
    seq = 0
    while len(c.game.history) < hands and not c.game.over:
        if c.round.phase is Phase.DONE:
            c.next_hand()
            continue
        c.meld_seen |= c.remote_meld_pause  # (each goes on from everyone's meld at once, as over the network)
        seat = c.round.to_act
        person = c.seating[seat]
        if person in seeds:
            action = pick(seat_news(c, seat), random.Random(f"{seeds[person]}/{seq}"))
        else:
            action = c.choose(c.round, seat, c.bot_for(seat))[0]
        c.apply(action)
        seq += 1
    return list(c.game.history[:hands])


HOSTILE = (
    "not json",
    "{",
    "[]",
    "null",
    '{"v": 2, "type": "hello", "code": "x"}',
    '{"v": 1, "type": "steal"}',
    '{"v": 1, "type": "act", "seq": 0, "action": {"kind": "play", "card": "AS"}}',
    '{"v": 1, "type": "hello"}',
    '{"v": 1, "type": "hello", "code": 7}',
    "[" * 5000 + "]" * 5000,
    "x" * (P.MAX_MESSAGE + 10),
    '{"v": 1, "type": "hello", "code": "../../etc/passwd"}',
    '{"v": 1, "type": "act", "seq": 0, "action": {"kind": "__import__(\'os\')"}}',
)
"""Malformed and hostile messages: not JSON, too deep, too large, of another version or
type, an action before the hello, a path or code where a join code goes."""


async def send_raw(port: int, texts: list[str], wait: float, host: str = "127.0.0.1") -> list[str]:
    """Send ``texts`` on one new connection; what came back before it closed (or nothing
    came for ``wait`` seconds)."""
    from websockets.asyncio.client import connect

    got: list[str] = []
    with contextlib.suppress(Exception):
        async with connect(f"ws://{host}:{port}/", max_size=None) as ws:
            for t in texts:
                await ws.send(t)
            with contextlib.suppress(Exception):
                while True:
                    got.append(str(await asyncio.wait_for(ws.recv(), wait)))
    return got


HOST_PROCESS = """
import asyncio, json, sys
from pathlib import Path
from pinochle_tui.controller import Controller, Seat
from pinochle_tui.remote.server import start_host
from pinochle_tui.save import load_game, save_game
from rules import load_variants

save, port, resume, seed = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "resume", sys.argv[4]

async def main():
    if resume:
        ctrl = load_game(save)
        codes = dict(ctrl.remote_codes)
    else:
        seats = [Seat("human", f"P{p}") if p < 3 else Seat("bot", "Bot", "random") for p in range(4)]
        ctrl = Controller(load_variants()["partnership"], seats, seed=seed)
        codes = None
    server, _, codes = await start_host(
        ctrl, [0, 1, 2], codes=codes, port=port, save=lambda c: save_game(c, save), sit_in="random"
    )
    save_game(ctrl, save)
    print(json.dumps({str(p): c for p, c in codes.items()}), flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""
"""A headless host in its own process (``python -c HOST_PROCESS SAVE PORT new|resume SEED``):
partnership, people 0-2 at other terminals and a random bot, saved to SAVE after every
decision; it prints the join codes as JSON, then serves until killed.  ``resume`` takes the
game and its codes from SAVE."""


async def settle(delay: float = 0.0) -> None:
    """Let the event loop run what is ready (the server's writers, the clients' reads)."""
    await asyncio.sleep(delay)


__all__ = [
    "HOSTILE",
    "HOST_PROCESS",
    "PipeLink",
    "QueuedSocket",
    "ScriptedPlayer",
    "play",
    "played_here",
    "random_pick",
    "send_raw",
    "settle",
    "stop_all",
]
