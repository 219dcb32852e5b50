"""Bot trick-play audit: self-play partnership hands, counting recognisable trick-play mistakes.

    python bench/bots_audit.py [--level standard] [--hands 3000] [--jobs 2] [--seed audit]
    python bench/bots_audit.py --variant six-hand --hands 1000     # a table of teams
    python bench/bots_audit.py --level easy --hands 1000 --examples 3 --json audit.json

Prints one row per check: opportunities, mistakes, rate (run by hand, quoted in notes;
never asserted).  Every seat plays the same level.  A bot is asked only when it has two or
more legal cards (as in `pinochle simulate`), and only such a choice is an opportunity; a
mistake is counted only when a better legal card was in the bot's legal list.  Counters
are the cards with trick points (A, T, K).  "Sure" and "holds" read the true hands; a
master card is a trump, or a side card with no higher copy of its suit still out (from the
seat's own view: neither played nor held).

  1   last to play, partner winning: played a non-counter when a counter was legal
      strict: when a side counter that is not a master card was legal
  1b  last to play, partner winning: fed a Ten when the King of its suit was legal
  2   last to play, the opponents win the trick for sure: gave a counter (a non-counter legal)
  4   trumped a trick partner was sure to win when a non-trump was legal
  5   a defender led the trump Ace while the bidder held trump (a side card legal)
  6   the bidding side won the last trick (context, not a mistake)
  7a  led a side Ten whose Ace an opponent holds, when a non-counter, an Ace or (bidding side)
      a trump was legal
  7d  led a side counter into a suit an opponent has shown void in and can trump (it has not
      shown void in trump and trumps are still out), when a card of another suit was legal
  7t  led the trump Ten while an ace of trump is unseen (neither held, nor played, nor passed
      to or melded by partner) and an opponent has not shown void in trump, when a low trump
      (Q, J or 9) was legal
      true: while an opponent really holds an ace of trump (the true hands)

Hand i is dealt by rules.hand_rng(f"{seed}-{level}", i) with dealer i % 4, no game scores;
the bot in seat s draws from random.Random(f"{seed}-{level}/{i}/seat{s}").  --examples K
prints the first K mistakes of each check with what reproduces them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import make_bot
from bots.knowledge import melded_counts
from rules import (
    CARDS,
    Phase,
    apply,
    hand_rng,
    legal_actions,
    legal_plays,
    load_variants,
    make_deck,
    new_round,
    observe,
    trick_winner,
)
from rules.actions import PLAYS
from rules.play import beats
from rules.playout import Playout

V = load_variants()["partnership"]
CP = V.card_points
N = V.players
SIDE = V.side_of
COPIES = Counter(make_deck(V.deck))
MATES: list[list[int]] = []  # per seat, its partners (teammates)


def use_variant(name: str) -> None:
    """Audit preset ``name`` (partnership, or a table of fixed teams: six-hand, eight-hand):
    "partner" is then any teammate."""
    global V, CP, N, SIDE, COPIES, MATES
    V = load_variants()[name]
    CP, N, SIDE, COPIES = V.card_points, V.players, V.side_of, Counter(make_deck(V.deck))
    MATES = [[p for p in range(N) if p != r and SIDE[p] == SIDE[r]] for r in range(N)]


use_variant("partnership")

CHECKS = {
    "1": "1  last, partner winning: no counter fed (a counter legal)",
    "1s": "1  strict: a non-master side counter legal",
    "1b": "1b last, partner winning: fed a Ten when its King was legal",
    "2": "2  last, opponents win for sure: gave a counter (a non-counter legal)",
    "4": "4  trumped partner's sure trick (a non-trump legal)",
    "5": "5  defender led the trump Ace, bidder holds trump",
    "5e": "5    tricks 1-6",
    "5l": "5    tricks 7-12",
    "7a": "7a led a side Ten into an Ace an opponent holds",
    "7ae": "7a   tricks 1-6",
    "7al": "7a   tricks 7-12",
    "7d": "7d led a side counter into an opponent's shown void",
    "7de": "7d   tricks 1-8",
    "7dl": "7d   tricks 9-12",
    "7db": "7d   by the bidding side",
    "7dd": "7d   by the defenders",
    "7t": "7t led the trump Ten with a trump Ace unseen (a low trump legal)",
    "7tt": "7t   true: an opponent holds a trump Ace",
    "7tb": "7t   by the bidding side",
    "7td": "7t   by the defenders",
}
# rows that split a check: no examples of their own
SPLITS = {"5e", "5l", "7ae", "7al", "7de", "7dl", "7db", "7dd", "7tb", "7td"}


class Spot(NamedTuple):
    """One real choice of one bot: what it held and saw, and what it played."""

    hand_no: int
    trick_no: int
    seat: int
    bidder: int
    trump: int
    hands: list[tuple[int, ...]]  # every seat's cards now (true hands)
    trick: list[tuple[int, int]]  # (seat, card) so far, the lead first
    legal: list[int]
    card: int
    played: list[int]  # every card played in the round so far
    void: list[int]  # per seat, a bit mask of the suits it has shown void in
    passed: Counter[int]  # the cards this seat saw its partner hold (passed across, melded) not yet played


def unseen(s: Spot, face: int) -> int:
    """Copies of ``face`` the seat to play has not seen (neither played nor held)."""
    return COPIES[face] - s.played.count(face) - s.hands[s.seat].count(face)


def is_master(s: Spot, c: int) -> bool:
    return c // 6 == s.trump or not any(unseen(s, f) for f in range(c // 6 * 6, c))


def partner_sure(s: Spot, w: int) -> bool:
    """Before the last hand: no seat after this one can head ``w`` (true hands; each such
    seat's legal cards as if it played next), if this seat plays a card that does not head
    it (false when every legal card heads it)."""
    under = [c for c in s.legal if not beats(c, w, s.trump)]
    if not under:
        return False
    cards = [c for _, c in s.trick] + [under[0]]
    for k in range(1, N - len(s.trick)):
        r = (s.seat + k) % N
        if any(beats(c, w, s.trump) for c in legal_plays(s.hands[r], cards, s.trump, V)):
            return False
    return True


def check(s: Spot) -> Iterator[tuple[str, bool, list[int]]]:
    """(check, mistake, the better legal cards) for each check ``s`` is an opportunity of."""
    t, me, legal, card, pos = s.trump, s.seat, s.legal, s.card, len(s.trick)
    counters = [c for c in legal if CP[c]]
    others = [c for c in legal if not CP[c]]
    side_cards = [c for c in legal if c // 6 != t]
    opponents = [r for r in range(N) if SIDE[r] != SIDE[me]]
    early = s.trick_no <= 6
    if pos:
        cards = [c for _, c in s.trick]
        ws, w = s.trick[trick_winner(cards, t)]
        partner_winning = SIDE[ws] == SIDE[me]
        if pos == N - 1 and partner_winning:
            if counters and others:
                yield "1", not CP[card], counters
                soft = [c for c in counters if not is_master(s, c)]
                if soft:
                    yield "1s", not CP[card], soft
            tens = [c for c in legal if c % 6 == 1 and c + 1 in legal]
            if tens:
                yield "1b", card in tens, [c + 1 for c in tens]
        if pos == N - 1 and not partner_winning and counters and others and not any(beats(c, w, t) for c in legal):
            yield "2", CP[card] > 0, others
        if partner_winning and cards[0] // 6 != t and (pos == N - 1 or partner_sure(s, w)):
            if side_cards and len(side_cards) < len(legal):
                yield "4", card // 6 == t, side_cards
            elif card // 6 == t:
                yield "4forced", False, []
        return
    defender = SIDE[me] != SIDE[s.bidder]
    if defender and t * 6 in legal and side_cards and any(c // 6 == t for c in s.hands[s.bidder]):
        yield from ((k, card == t * 6, side_cards) for k in ("5", "5e" if early else "5l"))
    tens = [c for c in side_cards if c % 6 == 1 and any(c - 1 in s.hands[r] for r in opponents)]
    safe = [c for c in legal if not CP[c] or c % 6 == 0 or (c // 6 == t and not defender)]
    if tens and safe:
        yield from ((k, card in tens, safe) for k in ("7a", "7ae" if early else "7al"))
    ten, low = t * 6 + 1, [c for c in legal if c // 6 == t and c % 6 >= 3]
    opp_trumps = not all(s.void[r] >> t & 1 for r in opponents)
    if ten in legal and low and unseen(s, t * 6) > s.passed[t * 6] and opp_trumps:
        yield from ((k, card == ten, low) for k in ("7t", "7td" if defender else "7tb"))
        if any(t * 6 in s.hands[r] for r in opponents):
            yield "7tt", card == ten, low
    if any(c // 6 == t and unseen(s, c) for c in range(t * 6, t * 6 + 6)):
        ruffable = {
            u for u in range(4) if u != t and any(s.void[r] >> u & 1 and not s.void[r] >> t & 1 for r in opponents)
        }
        elsewhere = [c for c in legal if c // 6 not in ruffable]
        if elsewhere and any(c // 6 in ruffable and CP[c] for c in legal):
            mistake = card // 6 in ruffable and CP[card] > 0
            keys = ("7d", "7de" if s.trick_no <= 8 else "7dl", "7dd" if defender else "7db")
            yield from ((k, mistake, elsewhere) for k in keys)


def play_hands(args: tuple[str, str, int, int, int, str]) -> dict:
    """Play hands ``lo`` .. ``hi`` - 1 and tally them: counts, first examples, hand figures."""
    seed, level, lo, hi, n_examples, variant = args
    use_variant(variant)
    bots = [make_bot(level) for _ in range(N)]
    opps: Counter[str] = Counter()
    mistakes: Counter[str] = Counter()
    examples: dict[str, list[str]] = {k: [] for k in CHECKS}
    out = Counter(played=0, decisions=0, last=0, tricks=0)
    prefix = f"{seed}-{level}"
    for i in range(lo, hi):
        state = new_round(V, i % N, hand_rng(prefix, i))
        rngs = [random.Random(f"{prefix}/{i}/seat{s}") for s in range(N)]
        while state.phase is not Phase.DONE and state.phase is not Phase.TRICKS:
            legal, seat = legal_actions(state), state.to_act
            action = legal[0] if len(legal) == 1 else bots[seat].act(observe(state, seat), legal, rngs[seat])
            state = apply(state, action)
        if state.phase is Phase.DONE:
            continue  # thrown in before the tricks
        bidder, t = state.table.bidder, state.table.trump
        po = Playout(state)
        played: list[int] = []
        void = [0] * N
        # per seat, the cards its partners are seen to hold: passed across, or shown in meld
        melds = state.table.melds
        passed = []
        for r in range(N):
            shown: Counter[int] = Counter()
            for p in MATES[r]:
                shown += Counter(dict(melded_counts(melds[p])))
            passed.append(Counter(observe(state, r).given) | shown)
        while not po.done:
            seat, faces = po.seat, list(po.legal())
            trick = [((po.leader + k) % N, c) for k, c in enumerate(po.trick)]
            if len(faces) == 1:
                card = faces[0]
            else:
                card = bots[seat].act(po.view(seat), [PLAYS[f] for f in faces], rngs[seat]).card
                hands = [po.hand(r) for r in range(N)]
                spot = Spot(
                    i,
                    len(po.tricks) + 1,
                    seat,
                    bidder,
                    t,
                    hands,
                    trick,
                    faces,
                    card,
                    list(played),
                    list(void),
                    passed[seat],
                )
                out["decisions"] += 1
                for k, mistake, better in check(spot):
                    opps[k] += 1
                    mistakes[k] += mistake
                    if mistake and k not in SPLITS and len(examples[k]) < n_examples:
                        examples[k].append(describe(spot, prefix, better))
            if trick and card // 6 != trick[0][1] // 6:  # failed to follow: void in the led suit,
                void[seat] |= 1 << (trick[0][1] // 6) | (0 if card // 6 == t else 1 << t)  # and trump too
            played.append(card)
            for r in MATES[seat]:  # the seats that count this card as their partner's
                if passed[r][card]:
                    passed[r] = passed[r] - Counter([card])
            po.play(card)
        out["played"] += 1
        out["last"] += SIDE[po.tricks[-1][2]] == SIDE[bidder]
        out["tricks"] += sum(SIDE[w] == SIDE[bidder] for _, _, w in po.tricks)
    return {"figures": out, "opps": opps, "mistakes": mistakes, "examples": examples}


def describe(s: Spot, prefix: str, better: list[int]) -> str:
    names = " ".join
    trick = " ".join(f"s{r}:{CARDS[c]}" for r, c in s.trick) or "(seat leads)"
    return (
        f"seed '{prefix}' hand {s.hand_no}, trick {s.trick_no} seat {s.seat} (bidder {s.bidder}, trump "
        f"{CARDS[s.trump * 6].suit}): holds {names(str(CARDS[c]) for c in s.hands[s.seat])}; trick {trick}; "
        f"played {CARDS[s.card]} of legal {names(str(CARDS[c]) for c in s.legal)}, better "
        f"{'/'.join(str(CARDS[c]) for c in better)}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="standard", help="bot level of every seat")
    ap.add_argument("--variant", default="partnership", help="partnership, or a preset of fixed teams")
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", default="audit")
    ap.add_argument("--examples", type=int, default=0, metavar="K", help="print K mistakes of each check")
    ap.add_argument("--json", metavar="FILE", help="also write the figures and examples to FILE")
    a = ap.parse_args()
    presets = load_variants()
    if a.variant not in presets or presets[a.variant].n_sides >= presets[a.variant].players:
        ap.error(f"--variant {a.variant!r}: a preset of partners or fixed teams (partnership, six-hand, eight-hand)")
    use_variant(a.variant)
    jobs = max(1, a.jobs)
    step = max(1, a.hands // (jobs * 4))
    parts = [(a.seed, a.level, lo, min(a.hands, lo + step), a.examples, a.variant) for lo in range(0, a.hands, step)]
    if jobs > 1:
        with mp.Pool(jobs) as pool:
            results = pool.map(play_hands, parts)
    else:
        results = [play_hands(p) for p in parts]
    fig, opps, mistakes = Counter(), Counter(), Counter()
    examples: dict[str, list[str]] = {k: [] for k in CHECKS}
    for r in results:  # in hand order, so the examples are the first ones whatever --jobs
        fig += r["figures"]
        opps += r["opps"]
        mistakes += r["mistakes"]
        for k, v in r["examples"].items():
            examples[k] += v[: a.examples - len(examples[k])]
    played = fig["played"]
    print(
        f"bots_audit: {a.level} self-play, {a.variant}, seed {a.seed!r}: {a.hands} hands, {played} played to the "
        f"last trick, {fig['decisions']} trick choices of two or more legal cards"
    )
    print(f"{'check':<72} {'opps':>6} {'mistakes':>8} {'rate':>7}")
    rows = {}
    for k, label in CHECKS.items():
        rows[k] = [opps[k], mistakes[k]]
        rate = f"{mistakes[k] / opps[k]:7.2%}" if opps[k] else "      -"
        print(f"{label:<72} {opps[k]:>6} {mistakes[k]:>8} {rate}")
    print(f"4  (context) the rules allowed only trumps on partner's sure trick: {opps['4forced']} times")
    print(
        f"6  (context) the bidding side won the last trick: {fig['last']} of {played} "
        f"({fig['last'] / max(1, played):.2%}); its share of all tricks "
        f"{fig['tricks'] / max(1, V.tricks_per_hand * played):.2%}"
    )
    for k in CHECKS:
        for e in examples[k]:
            print(f"  [{k}] {e}")
    if a.json:
        out = {"level": a.level, "seed": a.seed, "hands": a.hands, "played": played, "decisions": fig["decisions"]}
        out |= {"last_trick_bidding_side": fig["last"], "checks": rows, "examples": examples}
        Path(a.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
