"""The fields of seconds the new-game and settings screens both show: the bot delay, the
trick pause and the expert's think budget.  Each is read as its command-line option reads
it (`cli_common.SecondsRange`: ``--bot-delay``, ``--trick-delay``, ``--think``) and
refused in one line that both screens word alike, from one description of the field."""

from __future__ import annotations

from ..cli_common import DEFAULT_THINK, DELAY, THINK, SecondsRange, quoted
from ..settings import DEFAULT_BOT_DELAY, DEFAULT_TRICK_DELAY


class SecondsField:
    """A form field of seconds: its ``label`` as a refusal names it, its ``seconds`` (the
    range its option takes), an ``example`` value (the field's default: both screens read
    an empty field as it, `empty`) and ``what`` the field is, said after the example (the
    label alone is terse)."""

    __slots__ = ("example", "label", "seconds", "what")

    def __init__(self, label: str, seconds: SecondsRange, example: float, what: str) -> None:
        self.label = label
        self.seconds = seconds
        self.example = example
        self.what = what

    @property
    def empty(self) -> str:
        """What an empty field stands for: the default, in the form the field is typed (and
        its placeholder says it, as the new-game screen's target's does)."""
        return f"{self.example:g}"

    @property
    def placeholder(self) -> str:
        return f"empty: the default, {self.empty}"

    def read(self, text: str) -> float | None:
        """``text`` (the field's value, without the spaces around it) as the option reads it,
        or None where the option refuses it (then `refusal` says why)."""
        return self.seconds.read(text)

    def refusal(self, text: str) -> str:
        """The one line refusing ``text`` (never empty: an empty field is the default): what
        was typed (visible, cut short), the range, "in plain decimal digits" where ``text``
        is a number written otherwise (``1e-1``, as the command line says), an example and
        what the field is."""
        typed = f"{self.label} {quoted(text)} is not allowed"
        return f"{typed}: give {self.seconds.allowed_for(text)}, e.g. {self.example:g} ({self.what})."


BOT_DELAY = SecondsField("Bot delay", DELAY, DEFAULT_BOT_DELAY, "the pause before each bot move")
TRICK_PAUSE = SecondsField("Trick pause", DELAY, DEFAULT_TRICK_DELAY, "how long a won trick stays shown")
EXPERT_THINK = SecondsField("Expert think", THINK, DEFAULT_THINK, "the expert bot's time per decision")
