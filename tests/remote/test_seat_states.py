"""What a hosted table says about the people at other terminals: who the game waits for
and why (to join, to reconnect, to go on from everyone's meld) instead of a bot "thinking"
at the seat to act, and which seats a bot plays in for a person away, on the host's table
and at the other seats alike (`table.news.waits_line`, `SeatNews.stand_in`)."""

from __future__ import annotations

from typing import Any

from pinochle_tui.controller import Controller, Seat
from pinochle_tui.panels.seats import ring_seat, seat_text
from pinochle_tui.remote import protocol as P
from pinochle_tui.remote.host_core import HostCore
from pinochle_tui.screens.table import TableScreen
from pinochle_tui.table.build import facts_from_news
from pinochle_tui.table.news import seat_news
from rules import Phase, load_variants

VARIANTS = load_variants()
BOB, CY = "AAAA-BBBB-CCCC-DDDD", "EEEE-FFFF-GGGG-HHHH"


class Link:
    """A connection that keeps what it is sent."""

    address = "127.0.0.1"

    def __init__(self) -> None:
        self.sent: list[Any] = []
        self.closed = False

    def send(self, text: str) -> None:
        self.sent.append(P.decode_down(text))

    def close(self) -> None:
        self.closed = True

    def last_news(self) -> Any:
        return next(m for m in reversed(self.sent) if isinstance(m, P.News))


def table(seed: str = "seat-states-1") -> Controller:
    """Ann here, Bob and Cy at other terminals, a bot (West, to act after the meld)."""
    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("human", "Cy"), Seat("bot", "West", "random")]
    return Controller(VARIANTS["partnership"], seats, seed=seed)


def hello(core: HostCore, code: str) -> Link:
    link = Link()
    core.receive(link, None, P.encode(P.Hello(code=code)))
    return link


def prompt(ctrl: Controller, viewer: int) -> str:
    """The prompt line of ``viewer``'s table (it is not that seat's turn)."""
    facts = facts_from_news(seat_news(ctrl, viewer))
    text, _buttons = TableScreen.prompt_and_buttons(None, facts)  # type: ignore[arg-type]
    return text.plain


def to_the_meld(ctrl: Controller) -> None:
    """Everyone takes their first choice until seats at other terminals are shown
    everyone's meld (the bot West is to lead)."""
    for _ in range(200):
        if ctrl.remote_meld_pause:
            return
        ctrl.apply(ctrl.legal()[0])
    raise AssertionError("no meld pause")


def ann_goes_on(ctrl: Controller) -> None:
    """The host's person goes on from everyone's meld (Enter at the host's table)."""
    assert ctrl.meld_pause_seat == 0
    ctrl.ack_meld(0)


def test_a_seat_not_gone_on_from_the_meld_is_waited_for_by_name_not_a_bot_thinking() -> None:
    ctrl = table()
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    bob, _cy = hello(core, BOB), hello(core, CY)
    to_the_meld(ctrl)
    assert ctrl.remote_meld_pause == {1, 2} and ctrl.round.to_act == 3
    ann_goes_on(ctrl)
    core.receive(bob, 1, P.encode(P.Ready(seq=core.seq)))  # Bob goes on; Cy has not
    # the host's table, with its key that leads without the look
    assert prompt(ctrl, 0) == "Waiting for Cy to go on from everyone's meld (Enter: lead without Cy's look)."
    assert prompt(ctrl, 1) == "Waiting for Cy to go on from everyone's meld."  # Bob's
    assert bob.last_news().news.waits == "waiting for Cy to go on from everyone's meld"  # what Bob is sent


def test_a_resumed_table_waits_for_a_seat_to_reconnect_and_says_the_hosts_key() -> None:
    ctrl = table()
    first = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    hello(first, BOB), hello(first, CY)
    to_the_meld(ctrl)
    ctrl.meld_seen |= set(ctrl.remote_meld_pause)  # both went on; West (a bot) is to lead
    ann_goes_on(ctrl)
    assert ctrl.round.to_act == 3 and not ctrl.remote_meld_pause
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")  # the host again, from its save
    bob = hello(core, BOB)
    assert prompt(ctrl, 0) == "Waiting for Cy to reconnect (b: a bot plays for Cy; w: how to join)."
    assert bob.last_news().news.waits == "waiting for Cy to reconnect"  # (no host's key at Bob's)
    core.seat_bot([2])  # (the game goes on, bots at once)
    assert seat_news(ctrl, 0).waits == ""
    assert bob.last_news().news.waits == ""


def test_before_anyone_joins_the_host_is_told_who_to_wait_for() -> None:
    ctrl = table()
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    assert seat_news(ctrl, 0).waits == "waiting for Bob and Cy to join (b: a bot plays for them; w: how to join)"
    hello(core, BOB)
    assert seat_news(ctrl, 0).waits == "waiting for Cy to join (b: a bot plays for Cy; w: how to join)"
    hello(core, CY)
    assert seat_news(ctrl, 0).waits == ""


def test_a_seat_a_bot_plays_for_says_so_at_every_seat_until_its_person_is_back() -> None:
    ctrl = table()
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    bob, cy = hello(core, BOB), hello(core, CY)
    core.gone(bob, 1)
    core.seat_bot()
    assert seat_news(ctrl, 0).stand_in == (1,)
    assert cy.last_news().news.stand_in == (1,)  # Cy's table is told too
    facts = facts_from_news(seat_news(ctrl, 0))
    assert "Bob (bot)" in seat_text(facts, 1).plain
    assert "(bot)" not in seat_text(facts, 2).plain
    assert "(bot)" in ring_seat(facts, 1, 24, 5)[2].plain
    if ctrl.round.to_act == 1:
        assert prompt(ctrl, 0) == "A bot plays for Bob…"
    hello(core, BOB)  # Bob is back: the seat is his again
    assert seat_news(ctrl, 0).stand_in == ()
    assert cy.last_news().news.stand_in == ()
    assert "(bot)" not in seat_text(facts_from_news(seat_news(ctrl, 0)), 1).plain


def test_the_bots_turn_at_a_seat_played_for_is_said_as_such() -> None:
    ctrl = table()
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    hello(core, CY)
    core.seat_bot([1])
    ctrl.apply(ctrl.legal()[0])  # Ann (eldest? whoever is first) until Bob is to act
    for _ in range(20):
        if ctrl.round.to_act == 1:
            break
        ctrl.apply(ctrl.legal()[0])
    assert ctrl.round.to_act == 1
    assert prompt(ctrl, 0) == "A bot plays for Bob…"
    assert prompt(ctrl, 2) == "A bot plays for Bob…"


def test_until_every_seat_at_another_terminal_joined_nobody_decides_and_nobody_is_marked() -> None:
    ctrl = table()
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    for _ in range(8):  # to a seat of a person joined (Ann here, or Bob) to act at the deal
        if ctrl.round.to_act in (0, 1):
            break
        ctrl.apply(ctrl.legal()[0])
    seat = ctrl.round.to_act
    assert seat in (0, 1)
    bob = hello(core, BOB)
    for viewer in range(4):
        facts = facts_from_news(seat_news(ctrl, viewer))
        assert not facts.my_turn and facts.to_act is None and facts.legal == ()
    assert prompt(ctrl, 0) == "Waiting for Cy to join (b: a bot plays for Cy; w: how to join)."
    assert prompt(ctrl, 1) == "Waiting for Cy to join."
    assert core.refusal(1, P.Act(seq=core.seq, action=ctrl.legal()[0])) == "the table waits for Cy to join"
    before = core.seq
    core.receive(bob, 1, P.encode(P.Act(seq=core.seq, action=ctrl.legal()[0])))
    assert core.seq == before  # nothing applied
    hello(core, CY)  # the last seat filled: the one to act decides
    assert facts_from_news(seat_news(ctrl, seat)).my_turn
    assert facts_from_news(seat_news(ctrl, 2)).to_act == seat


def test_a_seat_box_says_whom_the_table_waits_for_and_who_disconnected() -> None:
    ctrl = table()
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    bob = hello(core, BOB)
    facts = facts_from_news(seat_news(ctrl, 0))
    assert "Cy (D) partner\nwaiting…" in seat_text(facts, 2).plain  # (the name is the box's first line)
    assert "waiting" not in seat_text(facts, 1).plain and "offline" not in seat_text(facts, 1).plain
    assert "Cy (D)\nwaiting…\n" in ring_seat(facts, 2, 24, 5)[2].plain
    assert bob.last_news().news.away == ((2, "join"),)  # Bob's table is told too
    hello(core, CY)
    core.gone(bob, 1)  # Bob's terminal died
    facts = facts_from_news(seat_news(ctrl, 0))
    assert "Bob\noffline" in seat_text(facts, 1).plain
    assert core.line(1) == "Bob is offline — waiting (b: a bot plays for Bob)"  # (the line says it alike)
    assert "waiting" not in seat_text(facts, 2).plain
    for width in (10, 12, 30):  # one word in every box, narrow or wide (one gone seat read two)
        assert "Bob\noffline\n" in ring_seat(facts, 1, width, 5)[2].plain
        assert "Bob\noffline\n" in seat_text(facts, 1, width).plain
    core.seat_bot([1])  # a bot plays for Bob: his box says so instead
    facts = facts_from_news(seat_news(ctrl, 0))
    assert "offline" not in seat_text(facts, 1).plain and "Bob (bot)" in seat_text(facts, 1).plain


def test_a_narrow_side_box_says_waiting_on_one_row() -> None:
    """At 80x24 the side seat's box is narrow: its person not joined yet is one row,
    "waiting…", under the name (``waiting for Cy`` took two rows there)."""
    ctrl = table()
    HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    facts = facts_from_news(seat_news(ctrl, 0))
    _title, _under, body = ring_seat(facts, 2, 12, 4)
    assert body.plain.split("\n")[:2] == ["Cy (D)", "waiting…"]


def test_a_resumed_table_says_waiting_for_a_person_not_back_since_the_resume() -> None:
    """A hosted game resumed from its save: a person who has not come back since is
    "waiting…" in their box (as at a new table), not "disconnected"; once back and gone
    again, "offline"."""
    ctrl = table("seat-states-resumed")
    ctrl.apply(ctrl.legal()[0])  # (a decision made before the host was stopped)
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    assert core.resumed
    facts = facts_from_news(seat_news(ctrl, 0))
    for seat in (1, 2):
        assert "waiting…" in seat_text(facts, seat).plain and "offline" not in seat_text(facts, seat).plain
    bob = hello(core, BOB)
    hello(core, CY)
    core.gone(bob, 1)
    facts = facts_from_news(seat_news(ctrl, 0))
    assert "Bob\noffline" in seat_text(facts, 1).plain


def to_the_lead(seed: str, humans: int) -> Controller:
    """Ann here, Bob (and Cy when ``humans`` is 3) at other terminals, bots the rest;
    everyone's first choice until the hand is played and no card is led yet."""
    names = ["Ann", "Bob", "Cy", "West"]
    seats = [Seat("human", n) if i < humans else Seat("bot", n, "random") for i, n in enumerate(names)]
    ctrl = Controller(VARIANTS["partnership"], seats, seed=seed)
    for _ in range(200):
        if ctrl.round.phase is Phase.TRICKS:
            return ctrl
        ctrl.apply(ctrl.legal()[0])
    raise AssertionError("no lead")


def test_the_hosts_person_leads_only_once_every_seat_went_on_from_everyones_meld() -> None:
    ctrl = to_the_lead("lead-4", humans=2)
    core = HostCore(ctrl, {1: BOB}, sit_in="random")
    bob = hello(core, BOB)
    assert ctrl.round.to_act == 0 and ctrl.remote_meld_pause == {1}  # Ann leads; Bob looks at the meld
    assert ctrl.meld_holds_lead() == {1}
    # not "Your lead."; the host's Enter leads without Bob's look
    assert prompt(ctrl, 0) == "Waiting for Bob to go on from everyone's meld (Enter: lead without Bob's look)."
    assert seat_news(ctrl, 1).meld_pause  # Bob's Enter is asked for, and waited for
    core.receive(bob, 1, P.encode(P.Ready(seq=core.seq)))
    assert not ctrl.meld_holds_lead() and seat_news(ctrl, 0).waits == ""


def test_a_seat_at_another_terminal_leads_only_once_the_others_went_on_from_everyones_meld() -> None:
    ctrl = next(c for i in range(40) if (c := to_the_lead(f"lead-{i}", humans=3)).round.to_act == 1)
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    assert ctrl.remote_meld_pause == {2}  # Bob leads; Cy looks at the meld
    bob, cy = hello(core, BOB), hello(core, CY)
    lead = ctrl.legal()[0]
    core.receive(bob, 1, P.encode(P.Act(seq=core.seq, action=lead)))
    assert not ctrl.round.trick  # refused: Cy's meld view stays
    assert bob.sent and any("waiting for Cy to go on from everyone's meld" in str(m) for m in bob.sent)
    core.receive(cy, 2, P.encode(P.Ready(seq=core.seq)))
    assert ctrl.meld_holds_lead() == frozenset()


def _bob_to_lead_cy_gone_on() -> tuple[Controller, HostCore, Any, Any]:
    """A hosted table (from the deal: Bob's choices are made at his terminal) at the first
    lead, Bob's, with Cy gone on from everyone's meld and Ann, at the host's terminal, not:
    the controller, the host and Bob's and Cy's connections."""
    for i in range(40):
        ctrl = table(f"lead-{i}")
        core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
        while ctrl.round.phase is not Phase.TRICKS:
            ctrl.apply(ctrl.legal()[0])
        if ctrl.round.to_act == 1:
            break
    bob, cy = hello(core, BOB), hello(core, CY)
    core.receive(cy, 2, P.encode(P.Ready(seq=core.seq)))
    return ctrl, core, bob, cy


def test_the_lead_waits_for_the_hosts_person_to_go_on_from_everyones_meld_too() -> None:
    """Bob (at another terminal) is to lead; Cy went on from everyone's meld, Ann (at the
    host's terminal) has not: Bob is offered no card and his lead is refused, his table
    saying whom it waits for (he was offered it, and led, taking Ann's meld view away);
    once Ann goes on, his lead is his."""
    ctrl, core, bob, _cy = _bob_to_lead_cy_gone_on()
    said = "waiting for Ann to go on from everyone's meld"
    assert ctrl.meld_holds_lead() == {0} and bob.last_news().news.legal == ()
    assert bob.last_news().news.waits == said and prompt(ctrl, 1) == "Waiting for Ann to go on from everyone's meld."
    core.receive(bob, 1, P.encode(P.Act(seq=core.seq, action=ctrl.legal()[0])))
    assert not ctrl.round.trick and P.Refused(reason=said) in bob.sent
    ann_goes_on(ctrl)
    core.publish()  # (the host's table publishes as Ann goes on: `TurnLoop.go_on_from_meld`)
    assert bob.last_news().news.legal and bob.last_news().news.waits == ""
    assert facts_from_news(seat_news(ctrl, 1)).my_turn


def test_a_bots_lead_held_by_the_hosts_look_at_everyones_meld_says_whom_it_waits_for() -> None:
    """West (a bot) is to lead; Bob and Cy went on from everyone's meld, Ann has not: their
    tables say the game waits for Ann (they said "West is thinking…" until she went on)."""
    ctrl = table()
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    bob, cy = hello(core, BOB), hello(core, CY)
    to_the_meld(ctrl)
    assert ctrl.round.to_act == 3 and ctrl.meld_pause_seat == 0
    core.receive(bob, 1, P.encode(P.Ready(seq=core.seq)))
    core.receive(cy, 2, P.encode(P.Ready(seq=core.seq)))
    assert core.holds_bots()
    for viewer, link in ((1, bob), (2, cy)):
        assert prompt(ctrl, viewer) == "Waiting for Ann to go on from everyone's meld."
        assert link.last_news().news.waits == "waiting for Ann to go on from everyone's meld"
    ann_goes_on(ctrl)
    assert not core.holds_bots() and prompt(ctrl, 1) == "West is thinking…"


def test_a_seat_a_bot_plays_for_says_so_in_one_row_of_a_narrow_box() -> None:
    """A side box of 11 cells (80x24): "Bob (bot)" on the name's row, not over two; where
    even that does not fit, "(bot)" in the row under the name (in place of the bid); a wide
    box says it in the same words (it said "· bot" in one box, "· a bot plays" in another,
    and in one box as its dealer's or partner's mark came and went)."""
    ctrl = table()
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    bob, _cy = hello(core, BOB), hello(core, CY)
    core.gone(bob, 1)
    core.seat_bot([1])
    facts = facts_from_news(seat_news(ctrl, 0))
    assert seat_text(facts, 1, 11).plain.split("\n")[0] == "Bob (bot)"
    assert seat_text(facts, 1, 30).plain.split("\n")[0] == "Bob (bot)"
    rows = seat_text(facts, 1, 8).plain.split("\n")
    assert rows[:2] == ["Bob", "(bot)"] and len(rows) == len(seat_text(facts, 3, 8).plain.split("\n"))
    assert "(bot)" in ring_seat(facts, 1, 10, 5)[2].plain.split("\n")


def test_a_seat_a_bot_plays_for_does_not_hold_the_lead_at_everyones_meld() -> None:
    ctrl = to_the_lead("lead-4", humans=2)
    core = HostCore(ctrl, {1: BOB}, sit_in="random")
    bob = hello(core, BOB)
    assert ctrl.meld_holds_lead() == {1}
    core.gone(bob, 1)  # Bob's terminal died: the lead waits for him to reconnect
    assert prompt(ctrl, 0) == "Waiting for Bob to reconnect (b: a bot plays for Bob; w: how to join)."
    core.seat_bot([1])  # a bot plays for him: nobody's look at the meld is waited for
    assert ctrl.meld_holds_lead() == frozenset() and seat_news(ctrl, 0).legal


def test_the_log_marks_the_moves_a_bot_made_for_a_person_away() -> None:
    """A bot plays for Bob while he is away: the log says "Bob's bot ..." for its moves (it
    said "Bob passed", as if he had; then "Bob (bot) passed", which beside a bot named by its
    seat, "Bot 3 bid 250", read as two bots), and Bob's own moves once he is back say "Bob"."""
    ctrl = table("seat-states-log")
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    hello(core, CY)
    core.seat_bot([1])
    for _ in range(40):
        if ctrl.round.to_act == 1:
            break
        ctrl.apply(ctrl.legal()[0])
    assert ctrl.round.to_act == 1
    before = len(ctrl.events)
    ctrl.apply(ctrl.legal()[0])  # (the bot's move for Bob)
    made = ctrl.events[before:]
    assert made and made[0].startswith("Bob's bot ")
    hello(core, BOB)  # Bob is back: the seat is his again
    for _ in range(40):
        if ctrl.round.to_act == 1:
            break
        ctrl.apply(ctrl.legal()[0])
    before = len(ctrl.events)
    ctrl.apply(ctrl.legal()[0])
    assert ctrl.events[before].startswith("Bob ") and "bot" not in ctrl.events[before]


def test_while_the_bidder_at_another_terminal_chooses_the_others_are_told_they_wait_for_the_bidder() -> None:
    """Bob (at another terminal) won the bid and chooses to play or throw in, with everyone's
    meld before Ann and Cy: that choice is not held by their looks, so Cy, gone on, is told
    the game waits for Bob's choice, not for Ann's look at the meld."""
    for i in range(60):
        ctrl = table(f"bidder-chooses-{i}")
        core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
        while ctrl.round.phase not in (Phase.MELD, Phase.TRICKS, Phase.DONE):
            ctrl.apply(ctrl.legal()[0])
        if ctrl.round.phase is Phase.MELD and ctrl.round.to_act == 1:
            break
    _bob, cy = hello(core, BOB), hello(core, CY)
    core.receive(cy, 2, P.encode(P.Ready(seq=core.seq)))
    assert ctrl.meld_looks == {0}
    assert prompt(ctrl, 2) == "Bob is deciding whether to play the hand or throw it in."


def test_the_moves_a_bot_made_for_a_person_away_stay_its_own_after_a_resume(tmp_path: Any) -> None:
    """The host closed and resumed from its save: the log still says "Bob's bot" for the
    bot's moves, the bot plays on for Bob until he is back, and the decisions Bob's new
    terminal is sent for his review are his own, not the bot's."""
    from pinochle_tui.save import load_game, save_game

    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("human", "Cy"), Seat("bot", "Dee", "random")]
    ctrl = Controller(VARIANTS["partnership"], seats, seed="seat-states-log")
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    hello(core, CY)
    core.seat_bot([1])  # (the bots move at once: Bob's bids first)
    bots = set(ctrl.stood_in_at)
    assert bots and all(ctrl.states[k].to_act == 1 for k in bots)
    log = list(ctrl.events)
    assert [line.startswith("Bob's bot ") for line in log].count(True) == len(bots)
    save_game(ctrl, tmp_path / "game-hosted.json")
    again = load_game(tmp_path / "game-hosted.json")
    # ("Bob's bot ..." as it was, and the line that said a bot plays for him, where it was)
    assert again.events == log
    assert again.sat_in == {1: "random"} and again.stood_in_at == bots
    core = HostCore(again, {1: BOB, 2: CY}, sit_in="random")
    assert core.state_of(1) == "bot"
    hello(core, BOB)  # Bob is back: his seat is his again
    for _ in range(80):  # (Ann's first choices until Bob is to act)
        if again.round.to_act == 1:
            break
        again.apply(again.legal()[0])
    own = len(again.actions)
    assert again.round.to_act == 1
    again.apply(again.legal()[0])  # Bob's own move
    bob = hello(core, BOB)  # his terminal joins again
    decided = [m for m in bob.sent if isinstance(m, P.Decided)]
    # (the bot's moves for him are not his: sent as the bot's, which his review names apart)
    assert [(m.seq, m.stood_in) for m in decided] == [(k, True) for k in sorted(bots)] + [(own, False)]
    assert decided[-1].action == again.actions[own] and decided[-1].view.seat == 1


def test_a_seat_joined_again_is_sent_its_pass_written_short() -> None:
    """Bob passed cards, then joined again: the pass he is sent for his review carries its
    choices as the news does (what they are made of), not each of the hundreds of passes."""
    for i in range(40):
        ctrl = table(f"seat-states-pass-{i}")
        core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
        hello(core, BOB), hello(core, CY)
        for _ in range(40):
            if (ctrl.round.phase is Phase.PASS and ctrl.round.to_act == 1) or ctrl.round.phase is Phase.DONE:
                break
            ctrl.apply(ctrl.legal()[0])
        if ctrl.round.phase is Phase.PASS:
            break
    assert ctrl.round.phase is Phase.PASS and ctrl.round.to_act == 1
    passes = len(ctrl.legal())
    assert passes > 200
    at = len(ctrl.actions)
    ctrl.apply(ctrl.legal()[0])
    bob = hello(core, BOB)
    decided = {m.seq: m for m in bob.sent if isinstance(m, P.Decided)}
    assert decided[at].picks is not None and decided[at].legal == ()
    assert len(P.legal_of(decided[at])) == passes and decided[at].action == ctrl.actions[at]


def test_a_seat_gone_on_from_the_result_is_told_whom_the_next_deal_waits_for() -> None:
    """Bob went on from the hand's result: his prompt names who the next deal waits for
    (it said "Ready: the next hand is dealt when everyone is." with no names), Ann at the
    host's terminal and Cy, until each has gone on; Cy, not gone on, is told nothing yet."""
    ctrl = table("seat-states-ready")
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    bob, cy = hello(core, BOB), hello(core, CY)
    for _ in range(200):
        if ctrl.round.phase is Phase.DONE:
            break
        ctrl.apply(ctrl.legal()[0])
    core.publish()
    assert ctrl.round.phase is Phase.DONE and not ctrl.game.over
    core.receive(bob, 1, P.encode(P.Ready(seq=core.seq)))
    assert bob.last_news().news.waits == "waiting for Ann and Cy to go on"
    said = facts_from_news(bob.last_news().news.news(ctrl.variant, (core.seq,)))
    assert TableScreen.prompt_and_buttons(None, said)[0].plain == "Waiting for Ann and Cy to go on."  # type: ignore[arg-type]
    assert cy.last_news().news.waits == ""
    core.local_ready = True  # Ann's Enter at the host
    core.publish()
    assert bob.last_news().news.waits == "waiting for Cy to go on"
    core.receive(cy, 2, P.encode(P.Ready(seq=core.seq)))  # the last: the next hand is dealt
    assert ctrl.hand_no == 2 and bob.last_news().news.waits == ""


def test_a_lead_held_by_a_look_at_everyones_meld_tells_one_story_at_every_seat() -> None:
    """Bob (at another terminal) is to lead, Ann at the host's terminal still looks at
    everyone's meld, Cy went on: Bob's own box does not invite him ("▶ your turn" while the
    prompt waited for Ann), and Cy's hint and "play for me" say whom the table waits for,
    not "Not your turn: Bob is to move"."""
    from types import SimpleNamespace

    from pinochle_tui.panels.seats import seat_line

    ctrl, core, bob, cy = _bob_to_lead_cy_gone_on()
    assert ctrl.meld_holds_lead() == {0}
    bobs = facts_from_news(bob.last_news().news.news(ctrl.variant, (core.seq,)))
    line = seat_line(bobs, 1).plain
    assert "your turn next" in line and "▶" not in line
    cys = facts_from_news(cy.last_news().news.news(ctrl.variant, (core.seq,)))
    at_cy = SimpleNamespace(now=lambda: cys, busy=False, my_turn=lambda: cys.my_turn, context=lambda: cys)
    for key, action in (("i", "hint"), ("a", "auto")):
        said = TableScreen.why_off(at_cy, [action], key)  # type: ignore[arg-type]
        assert said == f"Waiting for Ann to go on from everyone's meld; {key} does nothing until your turn."
    ann_goes_on(ctrl)
    core.publish()
    bobs = facts_from_news(bob.last_news().news.news(ctrl.variant, (core.seq + 1,)))
    assert "▶ your turn" in seat_line(bobs, 1).plain


def test_a_friend_is_told_once_that_the_table_waits_for_bob_to_reconnect() -> None:
    """Bob's terminal died at his own turn: Cy's prompt says the table waits for him to
    reconnect, and the line under it does not say again that he is offline (it did:
    "Waiting for Bob to reconnect." over "Bob is offline — waiting ..."); while it is
    not Bob's turn, the line is the one to say it."""
    from pinochle_tui.remote import client
    from pinochle_tui.screens.remote_loop import RemoteLoop

    ctrl = table("seat-states-offline")
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    bob, cy = hello(core, BOB), hello(core, CY)
    loop = RemoteLoop(None, "127.0.0.1", 9, CY)
    loop.conn.status = client.Status("connected")
    loop.welcome = next(m for m in cy.sent if isinstance(m, P.Welcome))

    def cys_lines() -> tuple[str, str]:
        loop.seats = next(m for m in reversed(cy.sent) if isinstance(m, P.TableState)).seats
        loop.news = cy.last_news().news.news(ctrl.variant, (core.seq,))
        return prompt(ctrl, 2), str(loop.table_line())

    core.gone(bob, 1)
    while ctrl.round.to_act == 1:  # (not Bob's turn yet)
        ctrl.apply(ctrl.legal()[0])
    core.publish()
    assert cys_lines()[1] == "Bob is offline — waiting (the host may seat a bot)"
    for _ in range(40):
        if ctrl.round.to_act == 1:
            break
        ctrl.apply(ctrl.legal()[0])
    core.publish()
    assert ctrl.round.to_act == 1
    assert cys_lines() == ("Waiting for Bob to reconnect.", "")


def test_the_log_says_when_a_friend_went_offline_and_when_they_came_back() -> None:
    """Bob's terminal dies and comes back; Cy's terminal dies, a bot plays for him (the
    host's b), and he comes back: the hand's log, which every seat is sent, says each (it
    said "Bob's bot passed" while he was away, and nothing when he came back, nor when the
    bot was seated)."""
    ctrl = table("seat-states-back")
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    bob, cy = hello(core, BOB), hello(core, CY)
    first = len(ctrl.events)
    assert hello(core, BOB) is not None  # (a second connection with Bob's code: no return)
    assert ctrl.events[first:] == []
    core.gone(core.links[1], 1)
    bob = hello(core, BOB)
    core.gone(cy, 2)
    core.seat_bot([2])
    hello(core, CY)
    said = [line for line in ctrl.events[first:] if "'s bot " not in line and (" is " in line or "bot" in line)]
    assert said == ["Bob is offline", "Bob is back", "Cy is offline", "A bot plays for Cy", "Cy is back"]
    assert bob.last_news().news.events[-len(ctrl.events[first:]) :] == tuple(ctrl.events[first:])


def test_the_hosts_own_look_at_everyones_meld_is_kept_by_a_resume(tmp_path: Any) -> None:
    """The host closed while Ann (at its terminal) and Cy still looked at everyone's meld
    and Bob, at another terminal, was to lead: resumed, Ann's look is still hers to end (it
    was dropped: the replay took Bob's choice with the meld in sight for one made at the
    host's terminal, which ends the look there), and her prompt is not "Waiting for Cy"."""
    from pinochle_tui.save import load_game, save_game

    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("human", "Cy"), Seat("bot", "Dee", "random")]
    for i in range(80):
        ctrl = Controller(VARIANTS["partnership"], seats, seed=f"resume-look-{i}")
        HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
        while ctrl.round.phase not in (Phase.TRICKS, Phase.DONE):
            ctrl.apply(ctrl.legal()[0])
        if ctrl.round.phase is Phase.TRICKS and ctrl.round.to_act == 1:
            break
    assert ctrl.meld_looks == {0, 2} and ctrl.meld_pause_seat == 0
    save_game(ctrl, tmp_path / "game-hosted.json")
    again = load_game(tmp_path / "game-hosted.json")
    assert again.meld_looks == {0, 2} and again.meld_pause_seat == 0 and again.needs_meld_ack
    assert prompt(again, 0) == "Everyone's meld is shown. Press Enter to go on."


def test_the_hosts_b_and_w_act_by_the_news_own_field_not_by_the_words_of_its_line() -> None:
    """The host's ``b`` and ``w`` are offered while its table waits for a person away: the
    news says so in a field of its own (``host_keys``), True at the host's seat alone, and
    the table's keys follow that field whatever the line's words are; the field is never
    sent to a seat at another terminal."""
    from types import SimpleNamespace

    ctrl = table()
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    assert seat_news(ctrl, 0).host_keys and not seat_news(ctrl, 1).host_keys
    bob = hello(core, BOB)
    assert "host_keys" not in P.encode(bob.last_news())
    facts = facts_from_news(seat_news(ctrl, 0))
    host = SimpleNamespace(turns=SimpleNamespace(core=core))
    assert TableScreen.host_waits(host, facts)  # type: ignore[arg-type]
    assert TableScreen.host_waits(host, facts._replace(waits="waiting for Cy to join"))  # type: ignore[arg-type]
    assert not TableScreen.host_waits(host, facts._replace(host_keys=False))  # type: ignore[arg-type]
    hello(core, CY)
    assert not seat_news(ctrl, 0).host_keys


def test_while_the_bidder_here_chooses_trump_and_buries_the_friends_are_told_so() -> None:
    """Three-hand, Ann (here) wins the auction: Bob and Cy, at other terminals, are told what
    she is doing (the host's table says the same of them at their turns), not "Waiting for
    Ann." alone, which read as if the table had stalled."""
    from rules import Bid, PassBid

    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("human", "Cy")]
    ctrl = Controller(VARIANTS["three-hand"], seats, seed="doing-1")
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    hello(core, BOB), hello(core, CY)
    said = set()
    while ctrl.round.phase is Phase.AUCTION:
        seat = ctrl.round.to_act
        said.add((seat, prompt(ctrl, (seat + 1) % 3)))
        legal = ctrl.legal()
        ctrl.apply(next(a for a in legal if isinstance(a, Bid)) if seat == 0 or PassBid() not in legal else PassBid())
    assert said == {
        (seat, f"{who} is bidding or passing in the auction.") for seat, who in enumerate(["Ann", "Bob", "Cy"])
    }
    assert ctrl.round.phase is Phase.TRUMP and ctrl.round.to_act == 0
    assert prompt(ctrl, 1) == "Ann is naming trump." and prompt(ctrl, 2) == "Ann is naming trump."
    ctrl.apply(ctrl.legal()[0])
    assert ctrl.round.phase is Phase.BURY
    assert prompt(ctrl, 2) == "Ann is burying 3 cards."


def test_the_log_of_who_went_offline_and_came_back_is_kept_by_a_resume(tmp_path: Any) -> None:
    """Bob went offline mid-hand and came back, Cy went offline and a bot played for him:
    the host closed and resumed from its save, and the hand's log still says each, where it
    was said (no move replays those lines)."""
    from pinochle_tui.save import load_game, save_game

    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("human", "Cy"), Seat("bot", "Dee", "random")]
    ctrl = Controller(VARIANTS["partnership"], seats, seed="seat-states-resume-log")
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    hello(core, BOB), hello(core, CY)
    ctrl.apply(ctrl.legal()[0])  # (Ann bids)
    core.gone(core.links[1], 1)
    hello(core, BOB)
    ctrl.apply(ctrl.legal()[0])  # (Bob bids)
    core.gone(core.links[2], 2)
    core.seat_bot([2])  # (the bots move on at once)
    log = list(ctrl.events)
    said = ["Bob is offline", "Bob is back", "Cy is offline", "A bot plays for Cy"]
    assert [line for line in log if line in said] == said
    save_game(ctrl, tmp_path / "game-hosted.json")
    again = load_game(tmp_path / "game-hosted.json")
    assert again.events == log
    assert again.table_lines == ctrl.table_lines
    bob = hello(HostCore(again, {1: BOB, 2: CY}, sit_in="random"), BOB)
    assert bob.last_news().news.events[: len(log)] == tuple(log)  # (what his terminal is sent)


def test_the_experts_search_behind_play_for_me_at_another_terminal_comes_back_with_a_rejoin() -> None:
    """Bob's "play for me" was decided by the expert's search at his terminal: the move
    goes up with what the review reads of that search (its deals, its nodes, whether the
    move was among those weighed), the host keeps it with the move, and a terminal of
    Bob's that joins again is sent it with the decision, so its review reports the move by
    that search and does not search it again.  A move with no search sends none (a host
    of an earlier version reads the message as before)."""
    from bots.expert import ExpertBot
    from pinochle_tui.review import review_decision
    from pinochle_tui.screens.remote_loop import RemoteLoop

    ctrl = table("seat-states-auto-search")
    core = HostCore(ctrl, {1: BOB, 2: CY}, sit_in="random")
    bob, _cy = hello(core, BOB), hello(core, CY)
    while ctrl.round.to_act != 1:
        ctrl.apply(ctrl.legal()[0])
    k, action = len(ctrl.actions), ctrl.legal()[0]
    plain = P.Act(seq=core.seq, action=action)
    assert "search" not in P.encode(plain) and "search" not in P.encode(plain.model_copy(update={"auto": True}))
    made_by = P.WireSearch(deals=300, nodes=5000, weighed=False)  # (a bid's simulation: no moves weighed)
    core.receive(bob, 1, P.encode(P.Act(seq=core.seq, action=action, auto=True, search=made_by)))
    assert ctrl.actions[k] == action and ctrl.autos[k][1] == P.SearchKept(300, 5000, ())
    again = hello(core, BOB)
    decided = next(m for m in again.sent if isinstance(m, P.Decided) and m.seq == k)
    assert decided.auto and decided.search == made_by
    loop = RemoteLoop(None, "127.0.0.1", 9, BOB)
    loop.variant = ctrl.variant
    loop._decided_before(decided)
    d = loop.decisions[ctrl.hand_no][0]
    assert d.auto and d.auto_search == P.SearchKept(300, 5000, ())

    class Searches(ExpertBot):
        def analyse(self, *args: object, **kwargs: object) -> None:
            raise AssertionError("searched again")

        analyse_choice = act = bid_odds = analyse

    r = review_decision(Searches(think=None, nodes=5000, pool=False), d)
    assert (r.expert, r.note) == (action, "auto")  # ("same as the expert", by Bob's own search)
