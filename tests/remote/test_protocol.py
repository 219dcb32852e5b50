"""The remote seats' protocol (`pinochle_tui.remote.protocol`): every message and every
action kind goes there and back unchanged; a seat's news of every preset is rebuilt
exactly; anything that is not a message is refused in one line, never parsed past the
size and nesting bounds."""

from __future__ import annotations

import json

import pytest

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.remote import protocol as P
from pinochle_tui.table.news import SeatNews, seat_news
from rules import (
    AskPass,
    Bid,
    Bury,
    CallPartner,
    ClaimMisdeal,
    Concede,
    DeclareDix,
    DeclareMeld,
    DraftCard,
    HandOutKitty,
    KeepHand,
    NameTrump,
    NoMeld,
    PassBid,
    PassCards,
    Phase,
    Play,
    PlayOn,
    SeatView,
    Suit,
    TakeStock,
    load_variants,
    parse_cards,
)

VARIANTS = load_variants()
AS, TS, KS, QS = parse_cards("AS TS KS QS")

EVERY_ACTION = [
    Bid(310),
    PassBid(),
    NameTrump(Suit.HEARTS),
    CallPartner(AS),
    HandOutKitty(TS),
    AskPass(True),
    AskPass(False),
    PassCards((AS, AS, TS, KS)),
    Bury((TS, QS)),
    Concede(),
    PlayOn(),
    Play(KS),
    Play(QS, True),
    DeclareMeld("marriage", (KS, QS)),
    DeclareDix(True),
    NoMeld(),
    TakeStock(False),
    DraftCard(True),
    ClaimMisdeal(),
    KeepHand(),
]


def comparable(news: SeatNews) -> SeatNews:
    """``news`` with its melds as plain values (a `MeldResult` compares by identity) and
    its legal actions as a tuple (a pass's may be the engine's lazy sequence)."""
    v = news.view
    melds = None if v.melds is None else tuple((m.total, m.parts, tuple(map(tuple, m.melds)), m.wins) for m in v.melds)
    return news._replace(legal=tuple(news.legal), view=v._replace(melds=melds))


def test_the_wire_view_has_every_field_of_a_seat_view_but_the_variant() -> None:
    assert tuple(P.WireView.model_fields) == tuple(f for f in SeatView._fields if f != "variant")
    assert tuple(f for f in P.WireNews.model_fields if f not in P.WIRE_ONLY) == tuple(
        f for f in SeatNews._fields if f != "key" and f not in P.HOST_ONLY
    )
    assert P.WIRE_ONLY == ("picks", "bids", "bids_at", "melded")


def test_news_keep_the_field_earlier_versions_need() -> None:
    """``melded`` named the two-hand list's last option ("no more meld" after a meld since
    the trick); the option is "no meld" whatever came before, and the news no longer
    carries it, but the wire still sends it (a seat of an earlier version needs it) and
    takes it from a host of one."""
    v = VARIANTS["two-hand"]
    c = Controller(v, default_seats(2, ["random"] * 2), seed=3)
    news = seat_news(c, 0)
    sent = json.loads(P.encode(P.news_message(0, news)))
    assert sent["news"]["melded"] is False
    sent["news"]["melded"] = True  # (an earlier host's, after a meld)
    msg = P.decode_down(json.dumps(sent))
    assert isinstance(msg, P.News) and comparable(msg.news.news(v, news.key)) == comparable(news)


@pytest.mark.parametrize("action", EVERY_ACTION, ids=lambda a: type(a).__name__)
def test_every_action_kind_goes_up_and_back(action: object) -> None:
    text = P.encode(P.Act(seq=7, action=action))
    msg = P.decode_up(text)
    assert isinstance(msg, P.Act)
    assert msg.action == action
    assert msg.seq == 7
    assert json.loads(text)["v"] == P.PROTOCOL_VERSION


def test_every_other_message_goes_and_comes_back() -> None:
    seats = (P.SeatInfo(person=0, name="Ann", state="local"), P.SeatInfo(person=1, name="Bob", state="waiting"))
    v = VARIANTS["partnership"]
    down = [
        P.Welcome(seat=1, variant=v.model_dump(mode="json"), names=("Ann", "Bob", "Cy", "Di"), seats=seats),
        P.Refused(reason="you must follow suit"),
        P.TableState(seats=seats),
        P.Replaced(),
        P.Bye(reason="the game is over"),
    ]
    for msg in down:
        assert P.decode_down(P.encode(msg)) == msg
    assert P.decode_down(P.encode(down[0])).the_variant() == v
    for msg in (P.Hello(code="7KQM-2XHA-9PWE-3RTD", last_seq=12), P.Ready(seq=3), P.Leave()):
        assert P.decode_up(P.encode(msg)) == msg


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_seats_news_is_rebuilt_exactly(name: str) -> None:
    """Two hands of random bots: at every decision every seat's news (and the news between
    hot-seat players) goes over the wire and comes back the same, within the size bound."""
    v = VARIANTS[name]
    c = Controller(v, default_seats(v.people, ["random"] * v.people), seed=11)
    seq = 0
    while c.hand_no <= 2 and not c.game.over:
        if c.round.phase is Phase.DONE:
            c.next_hand()
            continue
        for seat in [*range(v.players), None]:
            news = seat_news(c, seat)
            text = P.encode(P.news_message(seq, news))
            assert len(text.encode()) <= P.MAX_MESSAGE
            msg = P.decode_down(text)
            assert isinstance(msg, P.News) and msg.seq == seq
            assert comparable(msg.news.news(v, news.key)) == comparable(news)
        action, _ = c.choose(c.round, c.to_act, c.bot_for(c.to_act))
        c.apply(action)
        seq += 1


def test_an_auctions_bids_go_as_their_amounts() -> None:
    """Eight-hand's first bidder may bid any of 976 amounts: sent as numbers, not actions."""
    v = VARIANTS["eight-hand"]
    c = Controller(v, default_seats(8, ["random"] * 8), seed=5)
    news = seat_news(c, c.to_act)
    assert len(news.legal) == 977 and isinstance(news.legal[1], Bid)
    text = P.encode(P.news_message(0, news))
    assert len(text) < 8000
    assert P.decode_down(text).news.news(v, ()).legal == news.legal


def test_a_pass_goes_as_what_its_choices_are_made_of() -> None:
    """The pass's hundreds of choices go as the hand they are made of: small, and the same
    choices on the other side."""
    v = VARIANTS["partnership"]
    c = Controller(v, default_seats(4, ["random"] * 4), seed=5)
    while c.round.phase is not Phase.PASS:
        c.apply(c.choose(c.round, c.to_act, c.bot_for(c.to_act))[0])
    news = seat_news(c, c.to_act)
    assert len(news.legal) == 283
    text = P.encode(P.news_message(1, news))
    assert len(text) < 4000
    back = P.decode_down(text).news.news(v, ())
    assert list(back.legal) == list(news.legal)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "this one is not JSON"),
        ("[1, 2]", "one JSON object with v and type"),
        ('{"type": "hello", "code": "x"}', "protocol version None is not spoken here; this table speaks 1"),
        ('{"v": 2, "type": "hello", "code": "x"}', "protocol version 2 is not spoken here"),
        ('{"v": true, "type": "hello", "code": "x"}', "protocol version True is not spoken here"),
        ('{"v": 1, "type": "shout"}', "message type 'shout' from a seat; the types are act, hello, leave, ready"),
        ('{"v": 1, "type": "news", "seq": 1}', "unknown message type 'news' from a seat"),
        ('{"v": 1, "type": "act", "seq": 1, "action": {"kind": "steal"}}', "bad act message: action"),
        ('{"v": 1, "type": "act", "seq": 1, "action": {"kind": "play", "card": "ZZ"}}', "bad act message: action"),
        ('{"v": 1, "type": "hello", "code": "x", "admin": true}', "bad hello message: admin: Extra inputs"),
        ('{"v": 1, "type": "ready", "seq": -4}', "bad ready message: seq: Input should be greater than or equal to 0"),
        ("[" * 40 + "]" * 40, "a message nests at most 12 deep"),
        (b"\xff\xfe{}", "this one is not UTF-8"),
    ],
)
def test_what_is_not_a_message_is_refused_in_one_line(text: str | bytes, words: str) -> None:
    with pytest.raises(P.ProtocolError) as info:
        P.decode_up(text)
    said = str(info.value)
    assert words in said
    assert "\n" not in said


def test_a_message_over_the_size_bound_is_refused_before_it_is_read() -> None:
    text = json.dumps({"v": 1, "type": "hello", "code": "x" * P.MAX_MESSAGE})
    with pytest.raises(P.ProtocolError, match=f"at most {P.MAX_MESSAGE} bytes; this one has {len(text)}"):
        P.decode_up(text)
    with pytest.raises(P.ProtocolError, match="at most 65536 bytes"):
        P.decode_down(text.encode())


@pytest.mark.parametrize(
    ("text", "version", "said"),
    [
        ('{"v": 2, "type": "welcome", "seat": 0}', 2, ""),
        ('{"v": 0, "type": "news"}', 0, ""),
        # a bye or a refusal of any version is read by its reason: one line, printable, bounded
        (
            '{"v": 2, "type": "bye", "reason": "this table speaks protocol 2 and your terminal 1."}',
            2,
            "this table speaks protocol 2 and your terminal 1",
        ),
        ('{"v": 3, "type": "refused", "reason": "line one\\nline two \\u001b[31m"}', 3, "line one line two \\x1b[31m"),
        ('{"v": 2, "type": "bye", "reason": ["not", "words"]}', 2, ""),
        ('{"v": 2, "type": "bye", "reason": "' + "x" * 5000 + '"}', 2, "x" * 197 + "..."),
    ],
    ids=["welcome", "news-v0", "bye", "refused-two-lines", "bye-not-words", "bye-long"],
)
def test_a_message_of_another_version_says_which_and_its_reason_alone(text: str, version: int, said: str) -> None:
    with pytest.raises(P.OtherVersion) as info:
        P.decode_down(text)
    assert (info.value.version, info.value.said) == (version, said)
    assert str(info.value) == f"protocol version {version} is not spoken here; this table speaks 1"


def test_the_line_of_a_host_of_another_version() -> None:
    assert P.other_version_line(2) == (
        "The host runs another version of pinochle: it speaks protocol 2 and this terminal 1."
        " Join with the same version as the host."
    )
    assert P.other_version_line(2, "this table speaks protocol 2 and your terminal 1") == (
        "The host runs another version of pinochle: this table speaks protocol 2 and your terminal 1."
        " Join with the same version as the host."
    )
