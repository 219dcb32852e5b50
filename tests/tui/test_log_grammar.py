"""The log's lines and the hand's headline speak to the human seat in the second person:
``You pass``, ``you name trump``, ``you were set``, never ``you names`` or ``you was``
(`pinochle_tui.render.says`).  Random legal games of every shipped preset and of the
auction's house rules, the human in every seat by turns, each line scanned."""

from __future__ import annotations

import random
import re

import pytest
from tui_helpers import VARIANTS

from pinochle_tui.controller import Controller, default_seats
from pinochle_tui.render import describe, result_headline
from rules import Phase, Variant, legal_actions

HOUSE = {
    "summed": VARIANTS["partnership"].model_copy(
        update={"contract_mode": "summed_partner_bids", "all_pass": "redeal", "concession": "off"}
    ),
    "widow handed out": VARIANTS["partnership-widow"],
    "dealt out": VARIANTS["partnership-widow"].model_copy(update={"kitty_mode": "bidder_distributes_one_each"}),
}
FORMS = {name: VARIANTS[name] for name in VARIANTS} | HOUSE
# "you" and the word after it: a third-person verb ends in s (pass is the one plain verb that does)
YOU_VERB = re.compile(r"\b[Yy]ou (\w+)")
PLAIN_S = {"pass"}


def third_person(line: str) -> list[str]:
    return [w for w in YOU_VERB.findall(line) if w.endswith("s") and w not in PLAIN_S]


def lines_of_hands(v: Variant, human: int, hands: int, seed: int) -> list[str]:
    kinds = ["random"] * v.people
    kinds[human] = "human"
    c = Controller(v, default_seats(v.people, kinds), seed=seed)
    rng = random.Random(seed)
    out: list[str] = []
    for _ in range(hands):
        while c.round.phase is not Phase.DONE:
            seat = c.round.to_act
            action = rng.choice(legal_actions(c.round))
            before = c.round
            c.apply(action)
            out.append(describe(c, seat, action, before, c.round))
        out.append(result_headline(c))
        if c.game.over:
            break
        c.next_hand()
    return out


def test_the_scan_finds_a_third_person_verb_after_you() -> None:
    assert third_person("West passed; you names trump, contracts You & East 530") == ["names"]
    assert third_person("You pass; you were set; You win by bid-out") == []


@pytest.mark.parametrize("name", sorted(FORMS))
def test_no_line_says_you_with_a_third_person_verb(name: str) -> None:
    v = FORMS[name]
    bad = []
    for human in range(v.people):
        for line in lines_of_hands(v, human, 2, seed=human + 1):
            if third_person(line):
                bad.append(line)
    assert bad == []
