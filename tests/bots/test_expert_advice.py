"""The expert's hint in a learner's words (`Analysis.advice`): the choice, how sure the
search is of it against the others (in the review's words, `bots.expert.verdict`) and
what it does to the trick, each fact once and with no figure; and the figures behind it
in one shorter line (`Analysis.figures`)."""

from __future__ import annotations

from bots.expert import APART, CLEARLY, NEAR, SMALL, Analysis, verdict
from rules import Play, format_cards

ACTS = tuple(Play(c) for c in (0, 1, 2, 3))  # AS TS KS QS
WHOSE = "your points less the others'"


def _name(a: Play) -> str:
    return format_cards([a.card])


def test_a_clearly_best_card_says_so_and_what_it_does_to_the_trick() -> None:
    # errors against the standard bot's card (QS): each gap's margin two standard errors of it
    an = Analysis(ACTS, (120.0, 60.0, 50.0, 40.0), 84, 5000, 0.9, (5.0, 5.0, 5.0, 0.0), prefer=3, confidence=1.0,
                  lose=(0.1, 0.7, 0.8, 0.9))  # fmt: skip
    assert (
        an.advice(ACTS[0], _name, str) == "clearly better than every other card; it wins the trick in most deals tried"
    )
    assert an.advice(ACTS[0], _name, str, side=True).endswith("; your side wins the trick in most deals tried")
    assert an.figures(ACTS[0], _name, str, WHOSE) == (
        "Figures, 84 deals, your points less the others' on average: TS 60 less (± 20), KS 70 less (± 20),"
        " the standard bot's QS 80 less (± 10); the trick lost in the search's play-outs: AS 10%, TS 70%,"
        " KS 80%, QS 90%"
    )


def test_a_card_about_as_good_as_another_is_said_once_within_the_noise() -> None:
    """ "9♦ scores 2 more than 9♠ ..." and then "9♠ scores 2 less" said one fact twice, with
    "standard error of the gap" beside it: now the verdict once, its figure once, below."""
    nine = (Play(17), Play(5))  # 9D 9S
    an = Analysis(nine, (100.0, 80.0), 40, 3000, 0.5, (0.0, 15.0), prefer=0, confidence=1.0, lose=(1.0, 1.0))
    said = an.advice(nine[0], _name, str)
    assert said == (
        "about as good as 9S (the deals can't tell them apart); the trick is lost whatever you play, and the others"
        " are worth more"
        " kept"
    )
    figures = an.figures(nine[0], _name, str, WHOSE)
    assert figures == (
        "Figures, 40 deals, your points less the others' on average: 9S 20 less (± 30); the trick lost in the"
        " search's play-outs: 9D and 9S all"
    )
    both = said + "\n" + figures
    assert both.count("9S") == 3 and "standard error" not in both and " more than " not in both


def test_a_trick_lost_in_a_share_of_the_deals_is_not_said_lost_whatever_is_played() -> None:
    """A lead lost in 53% of the deals, no card taking it more often, read "the trick is lost
    whatever you play": the share is said, and "whatever you play" kept for every deal."""
    nine = (Play(17), Play(5))  # 9D 9S
    an = Analysis(nine, (100.0, 80.0), 40, 3000, 0.5, (0.0, 15.0), prefer=0, confidence=1.0, lose=(0.53, 0.6))
    assert an.advice(nine[0], _name, str) == (
        "about as good as 9S (the deals can't tell them apart); no card takes this trick more often (it is lost in"
        " 53% of the"
        " deals tried), and the others are worth more kept"
    )
    every = Analysis(nine, (100.0, 80.0), 40, 3000, 0.5, (0.0, 15.0), prefer=0, confidence=1.0, lose=(1.0, 1.0))
    assert every.advice(nine[0], _name, str).endswith(
        "; the trick is lost whatever you play, and the others are worth more kept"
    )


def test_the_standard_bots_card_kept_within_the_noise_says_why() -> None:
    an = Analysis(ACTS[:3], (100.0, 103.0, 20.0), 30, 3000, 0.5, (0.0, 2.0, 4.0), prefer=0, confidence=1.0)
    assert an.advice(ACTS[0], _name, str) == (
        "about as good as TS (the deals can't tell them apart) and clearly better than KS; the expert then keeps the"
        " standard bot's card"
    )
    # (KS, named in the words, has its figure too, however few the figures asked for)
    assert an.figures(ACTS[0], _name, str, WHOSE, most=2) == (
        "Figures, 30 deals, your points less the others' on average: TS 3 more (± 4), KS 80 less (± 8)"
    )


def test_a_card_that_lets_the_trick_go_says_what_taking_it_costs() -> None:
    an = Analysis(ACTS[:3], (100.0, 90.0, 40.0), 50, 3000, 0.5, (0.0, 10.0, 10.0), prefer=0, lose=(0.9, 1.0, 0.2))
    assert an.advice(ACTS[0], _name, str) == (
        "about as good as TS (the deals can't tell them apart) and clearly better than KS; it lets this trick go: KS"
        " would take it"
        " more often, but scores less over the hand on average"
    )
    # the card that would take it among the figures, though not among the next best
    assert an.figures(ACTS[0], _name, str, WHOSE, most=2) == (
        "Figures, 50 deals, your points less the others' on average: TS 10 less (± 20), KS 60 less (± 20); the trick"
        " lost in the search's play-outs: AS 90%, TS all, KS 20%"
    )


def test_many_cards_alike_are_counted_not_listed() -> None:
    acts = tuple(Play(c) for c in range(6))
    # every other card alike: none named in the words ("as good as TS, KS and 3 others" named
    # two of five alike, as if they stood apart), every one of them in the figures, said once
    an = Analysis(acts, (50.0,) * 6, 9, 3000, 0.5, exact=True)
    assert an.advice(acts[0], _name, str) == "as good as every other card"
    assert an.figures(acts[0], _name, str, WHOSE) == (
        "Figures, 9 deals, your points less the others' on average: TS, KS, QS, JS and 9S the same; the last tricks"
        " solved exactly"
    )
    # five alike beside one clearly worse: two named and a count in the words, all five in
    # the figures line, the same figure said once
    worse = Analysis(acts + (Play(6),), (50.0,) * 6 + (0.0,), 9, 3000, 0.5, exact=True)
    assert worse.advice(acts[0], _name, str) == "as good as TS, KS and 3 others and clearly better than AH"
    assert worse.figures(acts[0], _name, str, WHOSE) == (
        "Figures, 9 deals, your points less the others' on average: TS, KS, QS, JS and 9S the same, AH 50 less; the"
        " last tricks solved exactly"
    )
    near = Analysis(acts, (50.0, 48.0, 47.0, 46.0, 45.0, 44.0), 9, 3000, 0.5, (0.0,) + (10.0,) * 5, prefer=0)
    assert near.advice(acts[0], _name, str) == "about as good as every other card (the deals can't tell them apart)"
    assert (
        Analysis(acts, (0.0,) * 6, 0, 0, 0.0).advice(acts[0], _name, str)
        == "every legal card here is as good as another"
    )


def test_the_hint_and_the_review_say_a_gap_in_the_same_words() -> None:
    """In a family's words: "within the noise, as 83 is inside the ± 108 these deals leave"
    was a statistician's sentence."""
    assert (
        (verdict(True), verdict(True, small=True), verdict(False))
        == (f"{NEAR}, as {APART}", f"{NEAR}, a difference too small to matter", CLEARLY)
        == (
            "about as good, as the deals can't tell them apart",
            "about as good, a difference too small to matter",
            "clearly better",
        )
    )


def test_a_gap_under_the_floor_beside_a_tiny_margin_is_too_small_to_matter_not_noise() -> None:
    """A gap of 3 under half a counter (`NOISE_FLOOR`) is about as good however many deals,
    and the hint said it "(within the noise)" beside a figures line of "3 less (± 1)": the
    deals do tell the two apart there, by too little to count.  Inside its margin the
    deals cannot tell them apart; two such groups at once are said apart."""
    an = Analysis(ACTS[:3], (100.0, 97.0, 60.0), 400, 3000, 0.5, (0.0, 0.5, 3.0), prefer=0)
    assert an.advice(ACTS[0], _name, str) == (
        "about as good as TS (too small a difference to matter) and clearly better than KS"
    )
    assert an.figures(ACTS[0], _name, str, WHOSE, most=2) == (
        "Figures, 400 deals, your points less the others' on average: TS 3 less (± 1), KS 40 less (± 6)"
    )
    assert an.within_noise(0, 1) and not an.within_margin(0, 1) and SMALL == "too small a difference to matter"
    wide = Analysis(ACTS[:2], (100.0, 97.0), 40, 3000, 0.5, (0.0, 2.0), prefer=0)
    assert wide.advice(ACTS[0], _name, str) == "about as good as TS (the deals can't tell them apart)"
    both = Analysis(ACTS[:3], (100.0, 97.0, 96.0), 40, 3000, 0.5, (0.0, 0.5, 3.0), prefer=0)
    assert both.advice(ACTS[0], _name, str) == (
        "about as good as TS and KS (the deals can't tell some apart, and the others differ too little to matter)"
    )


def test_clearly_above_is_the_reviews_clearly_better() -> None:
    an = Analysis(ACTS[:3], (100.0, 99.0, 60.0), 50, 3000, 0.5, (0.0, 10.0, 10.0), prefer=0)
    assert an.clearly_above(ACTS[0], ACTS[2]) and verdict(an.within_noise(0, 2)) == CLEARLY
    assert not an.clearly_above(ACTS[0], ACTS[1])  # within the noise
    assert not an.clearly_above(ACTS[2], ACTS[0])  # below it


def test_the_others_counted_in_the_words_are_named_in_the_figures() -> None:
    """ "about as good as K♦, A♣ and 2 others" named the 2 others nowhere: four are named in
    the words; of more, two and a count, and the figures line names every one of them."""
    acts = tuple(Play(c) for c in range(8))  # AS TS KS QS JS 9S AH TH
    errors = (0.0,) + (10.0,) * 7
    four = Analysis(acts[:6], (60.0, 58.0, 57.0, 56.0, 55.0, 10.0), 30, 3000, 0.5, errors[:6], prefer=0)
    assert four.advice(acts[0], _name, str) == (
        "about as good as TS, KS, QS and JS (the deals can't tell them apart) and clearly better than 9S"
    )
    six = Analysis(acts, (60.0, 58.0, 57.0, 56.0, 55.0, 54.0, 53.0, 10.0), 30, 3000, 0.5, errors, prefer=0)
    assert six.advice(acts[0], _name, str) == (
        "about as good as TS, KS and 4 others (the deals can't tell them apart) and clearly better than TH"
    )
    assert six.figures(acts[0], _name, str, WHOSE) == (
        "Figures, 30 deals, your points less the others' on average: TS 2 less (± 20), KS 3 less (± 20), QS 4 less"
        " (± 20), JS 5 less (± 20), 9S 6 less (± 20), AH 7 less (± 20), TH 50 less (± 20)"
    )
    # four named in the words: all four in the figures, and the one clearly worse named too
    # (the figures gave the next best two beside words that named five cards)
    assert four.figures(acts[0], _name, str, WHOSE) == (
        "Figures, 30 deals, your points less the others' on average: TS 2 less (± 20), KS 3 less (± 20), QS 4 less"
        " (± 20), JS 5 less (± 20), 9S 50 less (± 20)"
    )
    # as good and about as good beside each other: every card either group names or counts
    mixed = Analysis(acts, (60.0,) * 7 + (50.0,), 30, 3000, 0.5, errors, prefer=0)
    assert (
        mixed.advice(acts[0], _name, str)
        == "as good as TS, KS and 4 others and about as good as TH (the deals can't tell them apart)"
    )
    assert mixed.figures(acts[0], _name, str, WHOSE) == (
        "Figures, 30 deals, your points less the others' on average: TS, KS, QS, JS, 9S and AH the same (± 20), TH"
        " 10 less (± 20)"
    )
