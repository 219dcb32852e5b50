"""The §11 probe: every enum and bool value of RULES.md §11, alone on a fitting shipped
preset, through ``pinochle variants --check`` with a house file.

    .venv/bin/python bench/knob_probe.py            # one line per value, then the totals
    .venv/bin/python bench/knob_probe.py --refused  # only the values refused

For each value the shipped presets are tried in `BASES` order (the preset a value belongs
to first, `FIRST`), each as ``[probe] extends = BASE`` plus the one key; where no preset
takes the value alone, with the companions `WITH` names (a combination the rules ask
for, e.g. summed bids need a redeal and no concession).  The first house file that passes
is then checked by the real command (``pinochle variants --check FILE``, exit 0); a value
no base takes is shown with the first base's one-line refusal.

``accepted`` alone, ``accepted with`` its companions, or ``refused`` (with the message).
The values expected refused: §0.4 item 24's (``renege_mode = "penalty_ru"``,
``allow_meld_announcement = true``, ``allow_pass_with_help = true``).  Prints figures and
asserts nothing.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import VariantError, load_variants

# RULES.md §11: every knob of type enum or bool, with its values in the table's order
# (two_hand_phase2_rule: "same values as head_rule")
KNOBS: list[tuple[str, list[Any]]] = [
    ("sides", ["individual", "pairs_opposite", "teams_of_3_alternating", "teams_of_2_x4",
               "teams_of_4_alternating", "called_partner"]),
    ("deck", ["single48", "double80", "double96", "triple120"]),
    ("kitty_mode", ["none", "bidder_takes_and_buries", "bidder_distributes_one_each",
                    "bidder_keeps_one_gives_one_each"]),
    ("kitty_exposed", [False, True]),
    ("kitty_discards_count_for_bidder", [False, True]),
    ("bury_restriction", ["not_melded_cards", "no_trump_or_ace_unless_forced", "announce_trump_or_ace", "none"]),
    ("trump_source", ["auction", "turn_up"]),
    ("score_scale", ["x10", "x1"]),
    ("count_method", ["classic_11_10_4_3_2", "ten_ten_five_five", "counters_10", "counters_1"]),
    ("round_card_points", [False, True]),
    ("bidding_rounds", ["open_auction", "single_round"]),
    ("pass_is_final", [False, True]),
    ("all_pass", ["dealer_stuck", "redeal"]),
    ("forced_opener", ["none", "eldest_fixed_bid", "must_open_with_meld", "must_bid_with_marriage"]),
    ("bid_requires_marriage", [False, True]),
    ("trump_requirement", ["any", "marriage", "run_or_marriage_or_dix"]),
    ("trump_violation", ["prevented", "auto_set"]),
    ("allow_meld_announcement", [False, True]),
    ("allow_pass_with_help", [False, True]),
    ("contract_mode", ["single_contract", "summed_partner_bids"]),
    ("pass_order", ["partner_first", "simultaneous"]),
    ("pass_optional", [False, True]),
    ("meld_table", ["single_standard", "double_deck_pagat", "double_deck_instructables", "racehorse_ru"]),
    ("double_meld_values", ["special", "twice_single"]),
    ("run_marriage_rule", ["run_absorbs", "extra_card_marries", "independent"]),
    ("who_melds", ["all", "bidder_only"]),
    ("meld_requires", ["none", "one_trick", "scoring_trick", "min_points"]),
    ("misdeal_nines", ["off", "five_nines", "five_nines_no_ace_or_six_nines_one_ace", "six_nines"]),
    ("technical_misdeal", [False, True]),
    ("first_leader", ["bidder", "eldest"]),
    ("first_lead_must_be_trump", [False, True]),
    ("head_rule", ["pre1945", "post1945", "none"]),
    ("head_after_ruff", [False, True]),
    ("head_target", ["current_winner", "led_card"]),
    ("two_hand_phase2_rule", ["pre1945", "post1945", "none"]),
    ("contract_success_score", ["all_points", "bid_only"]),
    ("set_penalty", ["minus_bid", "minus_double_bid", "zero"]),
    ("set_forfeits_meld_and_tricks", [False, True]),
    ("concession", ["off", "meld_only", "meld_plus_100"]),
    ("concede_without_looking", ["off", "at_min_bid_pay_kitty_only"]),
    ("pinochling_wins_game", [False, True]),
    ("tie_break", ["bidder_first", "extend_target", "another_hand", "highest_score"]),
    ("must_bid_to_win", ["off", "always", "bid_out_three_sets"]),
    ("check_scoring", ["off", "bicycle_partnership", "ru_three_hand"]),
    ("called_partner_card", ["off", "trump_card_first_holder_clockwise", "trump_card_ask_from_right"]),
    ("renege_mode", ["prevented", "penalty_ru"]),
    ("raise_limit", ["any", "one_or_two_units"]),
]  # fmt: skip
BASES = [
    "partnership",
    "partnership-kitty",
    "partnership-widow",
    "three-hand",
    "double-deck",
    "cutthroat",
    "two-hand-draft",
    "two-hand",
    "six-hand",
    "eight-hand",
    "five-hand",
    "racehorse",
    "check",
    "three-hand-check",
]
# the preset a knob belongs to, tried first
FIRST = {
    "kitty_exposed": "partnership-kitty",
    "kitty_discards_count_for_bidder": "partnership-kitty",
    "bury_restriction": "three-hand",
    "kitty_mode": "partnership-kitty",
    "round_card_points": "two-hand",
    "two_hand_phase2_rule": "two-hand",
    "technical_misdeal": "double-deck",
    "meld_table": "double-deck",
    "concede_without_looking": "three-hand",
}
# a value the rules accept only together with other keys (each refusal of the value
# alone names them): tried when no base takes the value alone
WITH = {
    ("meld_requires", "min_points"): "meld_requires_points = 20",
    ("contract_mode", "summed_partner_bids"): 'all_pass = "redeal"\nconcession = "off"',
    ("trump_source", "turn_up"): 'round_flow = "stock"',
}
NOT_OFFERED = {("renege_mode", "penalty_ru"), ("allow_meld_announcement", True), ("allow_pass_with_help", True)}


def toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"'


def house(base: str, knob: str, value: Any, extra: str = "") -> str:
    return f'[probe]\nextends = "{base}"\n{knob} = {toml(value)}\n{extra}\n'


def first_fit(shipped: Any, knob: str, value: Any, path: Path) -> tuple[str, str, str]:
    """(verdict, base, house text or the refusal) for one value."""
    order = [FIRST[knob]] if knob in FIRST else []
    order += [b for b in BASES if b not in order]
    first_error = ""
    for extra in ("", WITH.get((knob, value))):
        if extra is None:
            break
        for base in order:
            text = house(base, knob, value, extra)
            path.write_text(text, encoding="utf-8")
            try:
                load_variants(path)
            except VariantError as exc:
                first_error = first_error or str(exc).split("preset 'probe', ", 1)[-1]
                continue
            return ("accepted" if not extra else "accepted with"), base, text
    return "refused", order[0], first_error


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--refused", action="store_true", help="print only the values refused")
    args = ap.parse_args()
    shipped = load_variants()
    exe = Path(sys.executable).with_name("pinochle")
    counts = {"accepted": 0, "accepted with": 0, "refused": 0}
    refused_expected = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "probe.toml"
        for knob, values in KNOBS:
            for value in values:
                verdict, base, detail = first_fit(shipped, knob, value, path)
                if verdict != "refused":  # the real command agrees, or the probe says so
                    path.write_text(detail, encoding="utf-8")
                    run = subprocess.run(
                        [str(exe), "variants", "--check", str(path)], capture_output=True, text=True, check=False
                    )
                    if run.returncode != 0:
                        verdict, detail = "refused", run.stderr.strip()
                counts[verdict] += 1
                expected = (knob, value) in NOT_OFFERED
                refused_expected += verdict == "refused" and expected
                if args.refused and verdict != "refused":
                    continue
                what = f"{knob} = {toml(value)}"
                if verdict == "refused":
                    note = " (§0.4 item 24)" if expected else " (NOT EXPECTED)"
                    print(f"refused{note:13} {what:60} on {base}: {detail}")
                elif verdict == "accepted with":
                    extra = WITH[(knob, value)].replace("\n", ", ")
                    print(f"accepted with       {what:60} on {base}, with {extra}")
                else:
                    print(f"accepted            {what:60} on {base}")
    total = sum(counts.values())
    print(
        f"\n{total} values of RULES.md §11 (enum and bool): {counts['accepted']} accepted alone, "
        f"{counts['accepted with']} accepted with the keys their rule asks for, {counts['refused']} refused "
        f"({refused_expected} of them §0.4 item 24's)"
    )


if __name__ == "__main__":
    main()
