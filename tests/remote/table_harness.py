"""A hosted table in one process, for the remote tests: a `HostCore` whose every seat is
at another terminal, each played by a `ScriptedPlayer` over a `PipeLink` (no network)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pinochle_tui.controller import Controller, Seat
from pinochle_tui.remote.codes import new_code
from pinochle_tui.remote.host_core import HostCore
from pinochle_tui.remote.scripted import PipeLink, ScriptedPlayer
from rules import Phase, load_variants

VARIANTS = load_variants()


class Table:
    """``name``'s table, people ``remote`` at other terminals (default: everyone), the rest
    random bots; ``on_send(person, text)`` sees every text the host sends, as it is sent."""

    def __init__(
        self,
        name: str,
        seed: Any = 1,
        remote: list[int] | None = None,
        on_send: Callable[[int, str], None] | None = None,
        save: Callable[[Controller], None] | None = None,
        connect: bool = True,
    ) -> None:
        v = self.variant = VARIANTS[name]
        remote = list(range(v.people)) if remote is None else remote
        seats = [Seat("human", f"P{p}") if p in remote else Seat("bot", f"Bot{p}", "random") for p in range(v.people)]
        self.ctrl = Controller(v, seats, seed=seed)
        self.codes = {p: new_code() for p in remote}
        self.core = HostCore(self.ctrl, self.codes, save=save, sit_in="random")
        self.players = {p: ScriptedPlayer(self.codes[p], seed=f"{seed}/{p}") for p in remote}
        self.links: dict[int, PipeLink] = {}
        self.on_send = on_send
        if connect:
            self.connect_all()

    def connect_all(self) -> None:
        for p in self.players:
            self.connect(p)

    def connect(self, person: int) -> PipeLink:
        link = PipeLink()
        if self.on_send is not None:
            send, on_send = link.send, self.on_send

            def checked(text: str, person: int = person, send: Any = send) -> None:
                on_send(person, text)
                send(text)

            link.send = checked  # type: ignore[method-assign]
        self.links[person] = link
        self.core.receive(link, None, self.players[person].hello())
        return link

    def drop(self, person: int) -> None:
        link = self.links.pop(person)
        link.close()
        self.core.gone(link, person)

    def pump(self, steps: int = 100_000, until: Callable[[], bool] | None = None) -> int:
        """Hand every queued text to its player and its answers to the host, until nothing
        is queued (or ``until()``); the messages handed over."""
        moved = 0
        for _ in range(steps):
            if until is not None and until():
                break
            busy = False
            for p, link in list(self.links.items()):
                while link.outbox:
                    text = link.outbox.pop(0)
                    busy = True
                    moved += 1
                    for answer in self.players[p].take(text):
                        self.core.receive(link, p, answer)
            if not busy:
                break
        return moved

    def play_hands(self, hands: int) -> None:
        c = self.ctrl
        self.pump(until=lambda: c.game.over or (c.hand_no > hands))
        assert c.game.over or c.hand_no > hands or c.round.phase is Phase.DONE, (c.round.phase, c.to_act)
