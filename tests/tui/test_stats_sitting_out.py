"""Statistics of a game where people sit out in turn (RULES.md §0.4 item 16), played
through the controller and recorded hand by hand as the app records it: "your side" is
the side the human played on in each deal (a partner's contract is your side's; a deal
sat out has no your side), and the game's page says who sat out each hand rather than
showing them a hand of zeros; its columns are the form's (no Bidder and Bid without an
auction)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui_helpers import VARIANTS, policy_action

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.screens.stats import GameHistoryScreen
from pinochle_tui.stats import StatsStore, game_record, hand_record
from rules import Phase

HANDS = 8


def _played(tmp_path: Path, variant: str, seats: str, seed: int) -> tuple[StatsStore, int, list[dict[str, Any]]]:
    """``HANDS`` hands of ``variant`` (or fewer, if the game ends), each recorded as it ends;
    the store, the game's id and per hand what the human's seat saw: whether it sat out,
    whether its side bid, made, its change, and who sat out."""
    v = VARIANTS[variant]
    c = Controller(v, default_seats(v.people, seats.split(",")), seed=seed)
    store = StatsStore.open(tmp_path / "stats.db")
    game = game_record(c, "g.json", "2025-01-01T00:00:00Z")
    gid = None
    seen = []
    while len(seen) < HANDS:
        if c.round.phase is Phase.DONE:
            r = c.round.result
            assert r is not None
            mine = c.seating.index(0) if 0 in c.seating else None
            ours = mine is not None and r.bidder is not None and v.side_of[mine] == v.side_of[r.bidder]
            seen.append(
                {
                    "out": mine is None,
                    "ours": ours and r.contract is not None and r.kind in ("played", "conceded", "auto_set"),
                    "made": ours and bool(r.sides[v.side_of[mine]].made),  # type: ignore[index]
                    "change": None if mine is None else r.sides[v.side_of[mine]].change,
                    "sat_out": [c.people.index(p) for p in c.sitting_out],
                    "counts": r.counts,
                }
            )
            gid = store.record_hand(game, gid, hand_record(c, f"2025-01-01T00:{len(seen):02d}:00Z"))
            if c.game.over:
                break
            c.next_hand()
            continue
        c.apply(policy_action(c))
    assert gid is not None
    return store, gid, seen


def test_your_side_is_the_side_you_played_on_each_deal(tmp_path: Path) -> None:
    """partnership-five, the human passing every auction: the contracts its partner of the
    deal bid are your side's (they were counted only when the human bid itself, i.e. never)."""
    store, _, seen = _played(tmp_path, "partnership-five", "human:Ann,standard,standard,standard,standard", 1)
    ours = [h for h in seen if h["ours"]]
    assert ours, "the seed gives the human's partner a contract"
    fig = store.figures("partnership-five")["variants"][0]
    assert (fig["your_contracts"]["bid"], fig["your_contracts"]["made"]) == (len(ours), sum(h["made"] for h in ours))
    # your points per hand: the hands you played, not the ones you sat out
    played = [h["change"] for h in seen if not h["out"] and h["counts"]]
    assert any(h["out"] for h in seen)
    assert fig["your_points_per_hand"] == round(sum(played) / len(played) / 1, 2)


def test_the_game_page_says_who_sat_out_each_hand(tmp_path: Path) -> None:
    store, gid, seen = _played(tmp_path, "three-hand-five", "human:Ann,easy,easy,easy,easy", 5)
    found = store.game(gid)
    assert found is not None
    summary, hands = found
    screen = GameHistoryScreen(summary, hands)
    for full in (True, False):
        cols, rows = screen.hand_rows(full)
        per = 4 if full else 1
        first = len(cols) - per * len(summary.seats)
        for row, h, scores in zip(rows, seen, [hand.sides for hand in hands]):
            cells = [row[first + per * p : first + per * (p + 1)] for p in range(len(summary.seats))]
            out = [p for p, cell in enumerate(cells) if cell[0].startswith("out")]
            assert out == h["sat_out"], (row, h)
            for p in out:  # the person's score stands as it was
                after = summary.fmt(scores[p]["score_after"])
                assert cells[p] == (["out", "—", "—", after] if full else [f"out = {after}"])


def test_a_game_without_an_auction_has_no_bidder_or_bid_columns(tmp_path: Path) -> None:
    """Two-hand's stock game has no auction (§2.7): its game page's Bidder and Bid columns
    held "—" on every row, and are left out; partnership keeps them."""
    for variant, seats, bidding in (
        ("two-hand", "human:Ann,easy", False),
        ("partnership", "human:Ann,easy,easy,easy", True),
    ):
        store, gid, seen = _played(tmp_path / variant, variant, seats, 3)
        found = store.game(gid)
        assert found is not None
        summary, hands = found
        screen = GameHistoryScreen(summary, hands)
        for full, head in ((True, ["Hand", "Dealer"]), (False, ["#"])):
            cols, rows = screen.hand_rows(full)
            middle = ["Bidder", "Bid", "Trump", "Outcome"] if bidding else ["Trump", "Outcome"]
            assert cols[: len(head) + len(middle)] == head + middle
            assert all(len(row) == len(cols) for row in rows) and len(rows) == len(seen)
