"""What the `pinochle` command's parts share: the usage error, the parser that raises it,
the ranges of its numbers, the variant look-ups, the heap settling done before a long
run, and `visible`, which every place that prints or draws a name read from a file uses.

`cli` (the entry point and its dispatch), `app_main` (the game) and `simulate` (bots
headless) all import this module and it imports none of them, so the arrows run one way:
``cli -> app_main / simulate -> cli_common``.
"""

from __future__ import annotations

import argparse
import gc
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

EXIT_USAGE = 2


# the bidi controls (U+202A-U+202E, U+2066-U+2069): they reorder the text drawn after them
_BIDI = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    if unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch in _BIDI:
        code = ord(ch)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return ch


def visible(text: str) -> str:
    """``text`` safe to print or draw: control characters (C0, DEL, C1), line and paragraph
    separators and the bidi controls become escapes written out (``ESC`` is ``\\x1b``,
    a newline ``\\n``), so a name read from a file (a preset's name or description, a
    seat's name in a save or settings) cannot colour the terminal, move the cursor, break
    a line or reorder what follows.  Every other character, letters of any script and
    emoji included, is kept."""
    if text.isprintable():
        return text
    return "".join(_escape(ch) for ch in text)


def quoted(text: str, limit: int = 24) -> str:
    """What the user typed, as a refusal quotes it: visible and at most ``limit`` characters
    (its spaces kept: ``' 5'`` is refused for its space)."""
    shown = visible(text)
    return "'" + (shown if len(shown) <= limit else shown[: limit - 1] + "…") + "'"


NOT_WHOLE = "not a whole number in plain digits"
NOT_DECIMAL = "not a number in plain decimal digits"
OUT_OF_RANGE = "out of range"
SECONDS_EXAMPLE = "0.5"


def number_refusal(text: str, problem: str, allowed: str, example: str = "") -> str:
    """The one form of every refusal of a number option's value: what is wrong with
    ``text`` (``problem``: `NOT_WHOLE`, `NOT_DECIMAL`, `OUT_OF_RANGE`), then what is
    allowed and, where given, an example: "'1e1' is not a number in plain decimal digits;
    give 0 to 10 seconds, e.g. 0.5".  ``1e1`` and ``0x10`` were told apart ("not in plain
    decimal digits; ... e.g. 0.1" against "not a number of seconds; ... e.g. 0.5") for the
    same mistake, and a range was said as "at least 1, at most 9" beside "give 1 to 9"."""
    return f"{quoted(text)} is {problem}; give {allowed}" + (f", e.g. {example}" if example else "")


def whole_number(text: str, allowed: str) -> int | None:
    """``text`` as a whole number written in the digits 0 to 9 alone, with a leading minus
    sign at most (for the range check to refuse); None when it has more digits than int()
    reads (4,300), which is out of any range here.  int() also reads ``1_000``, `` 5 ``,
    ``+5`` and other scripts' digits: each is refused (`argparse.ArgumentTypeError`), named
    with ``allowed``, the range the option takes."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(number_refusal(text, NOT_WHOLE, allowed))
    try:
        return int(text)
    except ValueError:
        return None


class IntRange:
    """A whole number from ``lo`` to ``hi``, in plain digits (`whole_number`); an argparse
    ``type`` (its refusal names the range, and ``allowed`` goes in the option's --help).
    These argparse types are plain classes, not frozen dataclasses: a dataclass's methods
    are compiled at every start."""

    __slots__ = ("hi", "lo")

    def __init__(self, lo: int, hi: int) -> None:
        self.lo = lo
        self.hi = hi

    @property
    def allowed(self) -> str:
        return f"{self.lo:,} to {self.hi:,}"

    def __call__(self, text: str) -> int:
        value = whole_number(text, self.allowed)
        if value is None or not self.lo <= value <= self.hi:
            raise argparse.ArgumentTypeError(number_refusal(text, OUT_OF_RANGE, self.allowed))
        return value


def plain_decimal(text: str) -> bool:
    """``text`` is written in the digits 0 to 9 with one decimal point at most (``0.5``,
    ``.5``, ``2``), and a leading minus sign at most (for a range check to refuse)."""
    digits = (text[1:] if text.startswith("-") else text).replace(".", "", 1)
    return digits.isascii() and digits.isdigit()


def number_not_plain(text: str) -> bool:
    """``text`` is a number float() reads (``1e-1``, ``0.1e1``, ``1_0``, ``+1``, other
    scripts' digits), finite, but not in plain decimal digits (`plain_decimal`): its
    refusal says how to write it, not that it is no number."""
    try:
        return not plain_decimal(text) and math.isfinite(float(text))
    except ValueError:
        return False


def decimal_seconds(text: str, allowed: str) -> float:
    """``text`` as a number of seconds in plain decimal digits (`plain_decimal`).  float()
    also reads ``1_0``, `` 5``, ``+1``, other scripts' digits, ``1e-1``, ``inf`` and
    ``nan``: each is refused (`argparse.ArgumentTypeError`, `number_refusal`), named
    with ``allowed``, the range the option takes, as not a number in plain decimal digits
    (a number written otherwise, ``1e1``, and no number at all, ``0x10``, alike: the one
    way to write it is what the player needs), as a whole number option says "in plain
    digits"."""
    if not plain_decimal(text):
        raise argparse.ArgumentTypeError(number_refusal(text, NOT_DECIMAL, allowed, SECONDS_EXAMPLE))
    return float(text)


class SecondsRange:
    """A number of seconds from ``lo`` to ``hi``, in plain decimal digits (`decimal_seconds`);
    an argparse ``type`` (its refusal names the range, and ``allowed`` goes in the option's --help)."""

    __slots__ = ("hi", "lo")

    def __init__(self, lo: float, hi: float) -> None:
        self.lo = lo
        self.hi = hi

    @property
    def allowed(self) -> str:
        return f"{self.lo:g} to {self.hi:g} seconds"

    def allowed_for(self, text: str) -> str:
        """`allowed` as a form field's refusal of ``text`` says it: "in plain decimal
        digits" after it where ``text`` is a number written otherwise (``1e-1``:
        `number_not_plain`), as the command line says."""
        return self.allowed + (" in plain decimal digits" if number_not_plain(text) else "")

    def __call__(self, text: str) -> float:
        value = decimal_seconds(text, self.allowed)
        if not math.isfinite(value) or not self.lo <= value <= self.hi:
            raise argparse.ArgumentTypeError(number_refusal(text, OUT_OF_RANGE, self.allowed, SECONDS_EXAMPLE))
        return value

    def read(self, text: str) -> float | None:
        """A form field's ``text`` read as the option reads it, or None where the option
        refuses it (`screens.pacing.SecondsField` words a form field's refusal, naming
        `allowed`): float() alone took ``1e-1``, ``1_0``, ``+1`` and other scripts' digits
        there, which the command line refuses."""
        try:
            return self(text)
        except argparse.ArgumentTypeError:
            return None


class TargetNumber:
    """A game's target: a whole number in plain digits (`whole_number`) in the variant's
    scale, from 1 to what 100 hands of the variant can reach (`Variant.max_game_target`,
    RULES.md §8.5; ``--target 0`` had said "at most 10,000,000" though partnership's most
    is 989000).  One reading for
    ``--target`` and the new-game screen's target field: the command line keeps the
    text as it parses (``__call__``, an argparse ``type``: the variant is not known yet,
    and a refusal then could only name partnership's range) and reads it once the
    variant is known (`flag`), as the screen does (`read`).  Each refusal is one line,
    the same words in both places, naming the range of the variant asked for."""

    __slots__ = ()

    def __call__(self, text: str) -> str:
        return text

    @staticmethod
    def most(v: Any) -> int:
        """The highest target of ``v`` in its own scale: `Variant.max_game_target` (x10
        points) over its display divisor, a whole number as every target is."""
        return int(v.max_game_target // v.scale)

    def problem(self, value: int, v: Any) -> str | None:
        """Why ``value`` (a whole number in ``v``'s scale, as typed) is no target of ``v``,
        in one line, or None when it is one."""
        if 0 < value <= self.most(v):
            return None
        return self._out_of_range(str(value), v)

    def _out_of_range(self, text: str, v: Any) -> str:
        most = self.most(v)
        return number_refusal(
            text, f"{OUT_OF_RANGE} in {v.name}", f"1 to {most} (what 100 hands can reach)", v.fmt(v.game_target)
        )

    def flag(self, text: str, v: Any) -> int:
        """``--target``'s ``text`` (`__call__`) as a target of ``v`` in the game's units
        (the text in ``v``'s scale, times `Variant.scale`);
        `UsageError` ("--target: ...", one line) naming ``v``'s range where it is none."""
        try:
            return self.read(text, v) * v.scale
        except argparse.ArgumentTypeError as exc:
            raise UsageError(f"--target: {exc}") from None

    def read(self, text: str, v: Any) -> int:
        """``text`` as a target of ``v``, in ``v``'s scale, as ``--target`` reads it with
        ``v`` known; `argparse.ArgumentTypeError` names what is wrong and the range of ``v``
        (float() had read ``1e3``, ``1500.0``, other scripts' digits and fractions there)."""
        value = whole_number(text, f"1 to {self.most(v)}")
        if value is None:  # (more digits than int() reads: out of any range)
            raise argparse.ArgumentTypeError(self._out_of_range(text, v))
        problem = self.problem(value, v)
        if problem is not None:
            raise argparse.ArgumentTypeError(problem)
        return value


def seed_text(text: str) -> str:
    """``--seed``: any text but a blank one, kept as given; an argparse ``type``.  An
    empty seed (``--seed ""``) was taken as none at all: the game dealt at random and
    simulate seeded with nothing, without a word."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a blank seed is not allowed; give any text, e.g. --seed 44")
    return text


def save_key(text: str) -> str:
    """``--resume ID``: a saved game's ID or number, any text but a blank one, kept as given
    (`saved_games.find_save` reads it); an argparse ``type``.  A blank ID (``--resume ""``)
    was taken as no --resume at all: the new-game screen opened, without a word."""
    if not text.strip():
        from .paths import program

        raise argparse.ArgumentTypeError(
            f"a blank ID is not allowed; give an ID or a number from: {program()} saves "
            "(--resume alone: the newest game)"
        )
    return text


def no_expert(option: str, seats: Sequence[str]) -> str | None:
    """Why ``option`` (``--think`` or ``--nodes``, the expert bot's budget) means nothing at
    ``seats`` (each as given, ``human:Ann``, ``standard``, ``remote:Bob``): no seat is an
    expert, so no bot would use it (the hint is the expert's only at a table with one); None
    when one is.  The game, host and simulate refuse it alike, rather than take it without a
    word, as they refuse other options that cannot go together (``--web --no-web``)."""
    if any(seat.split(":", 1)[0].strip().lower() == "expert" for seat in seats):
        return None
    what = "the expert bot's time per decision" if option == "--think" else "the expert bot's budget per decision"
    return (
        f"no seat is expert (the seats: {', '.join(visible(s) for s in seats)}); {option} is {what}: "
        f"seat one with --seats, or drop {option}"
    )


HANDS = IntRange(1, 10_000_000)  # simulate --hands
GAMES = IntRange(1, 1_000_000)  # simulate --games
TARGET = TargetNumber()  # pinochle --target, in the variant's scale (its range: the variant's)
DELAY = SecondsRange(0, 10)  # pinochle --bot-delay / --trick-delay, the new-game screen's delays
THINK = SecondsRange(0.05, 10)  # --think: the expert's seconds a decision (game, simulate, new-game screen)
NODES = IntRange(1, 10_000_000)  # simulate --nodes: the expert's cards played a decision
PORT = IntRange(1, 65_535)  # host --port / --web-port
DEFAULT_THINK = 1.0  # bots.expert.DEFAULT_THINK (not imported: the game's start-up needs no bot)

OPTION_HELP = {
    "variant": "preset name (see: pinochle variants)",
    "variants": "a variants.toml of your own, layered over the shipped presets",
    "seed": "seed for a repeatable game",
    "target": "game target in the variant's scale, from 1 to what 100 hands can reach in the variant "
    "(e.g. 989000 in partnership)",
    "bot_delay": f"pause before each bot move, {DELAY.allowed}",
    "trick_delay": f"how long a won trick stays shown, {DELAY.allowed}",
    "ascii": "letters instead of suit symbols",
    "think": f"the expert bot's time per decision, {THINK.allowed} (default {DEFAULT_THINK:g}; kept in the save; "
    "only with an expert seated)",
}
"""The --help of the game's options that subcommands take as they are (host, meld, variants,
simulate, join): one text for the option wherever it is given."""


class UsageError(Exception):
    """Bad input from the command line; printed as one line after the name of the command
    it refuses (`cli.refusal`: "pinochle simulate: ..."), exit code 2.  ``named``: the
    message begins with that name already (the parsers' refusals, which know their own)."""

    def __init__(self, message: str, *, named: bool = False) -> None:
        super().__init__(message)
        self.named = named


_ONCE: dict[type, type] = {}


LEAVING_SIGNALS = ("SIGHUP", "SIGTERM", "SIGINT")
"""The signals a game leaves on as the quit question's yes leaves it: its terminal closed
(SIGHUP), asked to end (SIGTERM: a shutdown, ``kill``), interrupted (SIGINT: ``kill -INT``;
ctrl+c at the game's own terminal is a key, which asks).  Once the app runs, its loop
takes them (`app_main.leave_on_signals`); before that, and after it, `Leaving` does."""


class Leaving(BaseException):
    """One of `LEAVING_SIGNALS` came while the app did not run (`leave_on_leaving_signals`):
    the start-up (settings read, a save claimed and held, the modules loaded) or the end is
    left as an exception, so every ``finally`` runs and the process's end lets its saves go
    (`paths.release_all_saves`: a save claimed and never written goes with its lock); `cli.main`
    ends with the signal's exit code (128 + its number).  A BaseException, as
    KeyboardInterrupt is: no ``except Exception`` takes it for a fault of its own."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def leave_on_leaving_signals() -> Callable[[], None]:
    """Have each of `LEAVING_SIGNALS` raise `Leaving` in the main thread, from here until the
    app's loop takes them; a function that puts back the handlers there were before.  They
    ended the process at once (SIGHUP, SIGTERM), between a save's claim and the app's
    start too, which left the claimed file and its lock behind.  Nothing outside the main
    thread, nor for a signal this system lacks."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def arrived(signum: int, frame: object) -> None:
        raise Leaving(signum)

    before: dict[int, Any] = {}
    for name in LEAVING_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is not None:
            before[signum] = signal.signal(signum, arrived)

    def restore() -> None:
        for signum, handler in before.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)

    return restore


def _once(cls: type[argparse.Action]) -> type[argparse.Action]:
    """``cls`` refusing a second use of its option in one command line (`Parser`)."""
    if cls not in _ONCE:

        def __call__(self: argparse.Action, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
            given: dict[str, tuple[str, str]] | None = getattr(parser, "given", None)
            if given is not None:
                words = getattr(parser, "words", "")  # what was typed, before its type converted it
                if self.dest in given:
                    first, before = given[self.dest]
                    if option and first and option != first:
                        # ``--web --no-web`` (argparse.BooleanOptionalAction): two opposite wishes
                        raise UsageError(f"{parser.prog}: {first} and {option} conflict; give one", named=True)
                    both = "" if self.nargs == 0 else f" ({quoted(before)} and {quoted(words)})"
                    raise UsageError(f"{parser.prog}: {option or first} is given twice{both}; give it once", named=True)
                given[self.dest] = (option or "", words)
            cls.__call__(self, parser, namespace, values, option)

        _ONCE[cls] = type(cls.__name__ + "Once", (cls,), {"__call__": __call__})
    return _ONCE[cls]


_NO_VALUE_TAKEN = re.compile(r"argument (\S+): ignored explicit argument (.*)", re.S)
# argparse's refusal of ``--ascii=1``: a value given to an option that takes none


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one `UsageError` line (exit 2, no usage dump),
    that refuses an option given twice (``--seed 1 --seed 2``: argparse would keep the
    last without a word), and that takes an option only under its full name: argparse's
    ``allow_abbrev`` is off unless asked for, so a typo (``--hand 3``) is refused rather than
    read as the one option it starts (``--hands``).

    A refusal ends in one of two ways.  Where the value given was wrong, with what to give
    instead (the option's type says it: "give 1 to 989000").  Where there is no value to
    judge, an option given without its value (``--target`` last, or before another option),
    a value given to an option that takes none (``--ascii=1``), a word no option takes, with
    where the options are told: `see_help`, "(see: pinochle --help)"."""

    given: dict[str, tuple[str, str]] | None = None  # dest -> (the option's spelling, its words), while parsing
    words = ""
    # the words the last parse did not take (a subcommand's: its caller, `cli._Pinochle`,
    # refuses them in this parser's own form)
    left: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kw: Any) -> None:
        kw.setdefault("allow_abbrev", False)
        super().__init__(*args, **kw)

    @property
    def see_help(self) -> str:
        """The end of a refusal that cannot say what to give: where this command's options
        are told."""
        return f" (see: {self.prog} --help)"

    def error(self, message: str) -> NoReturn:
        no_value = _NO_VALUE_TAKEN.fullmatch(message)
        if no_value is not None:  # (raised inside argparse's parse loop, with no hook of its own)
            option, given = no_value.groups()
            message = f"argument {option}: takes no value, {given} given{self.see_help}"
        # an option's refusal names the option first, in one form wherever it was caught:
        # argparse's own "argument --target: ..." read beside the later checks' "--target: ..."
        if message.startswith("argument -"):
            message = message.removeprefix("argument ")
        raise UsageError(f"{self.prog}: {message}", named=True)

    def _match_argument(self, action: argparse.Action, arg_strings_pattern: str) -> int:
        """argparse's count of the words ``action`` takes; an option given without the value
        it needs (``--target`` last, ``--seed --ascii``) is refused as such, with where its
        values are told (argparse said only "expected one argument")."""
        try:
            return int(super()._match_argument(action, arg_strings_pattern))  # type: ignore[misc]
        except argparse.ArgumentError as exc:
            if not action.option_strings:
                raise
            what = "needs a value" if action.nargs is None else str(exc.message)
            raise argparse.ArgumentError(action, what + self.see_help) from None

    def add_argument(self, *args: Any, **kw: Any) -> argparse.Action:
        action = super().add_argument(*args, **kw)
        if action.option_strings and not isinstance(action, argparse._HelpAction):
            action.__class__ = _once(type(action))
        return action

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        self.words = " ".join(arg_strings)
        if action.option_strings and action.nargs != 0 and "--" in arg_strings:
            # ``--hands=--``: argparse drops a ``--`` it takes for the end-of-options mark even
            # from an option's own value, then hands the option an empty list with no type check
            self.error(f"argument {'/'.join(action.option_strings)}: needs a value, and '--' is none{self.see_help}")
        return super()._get_values(action, arg_strings)  # type: ignore[misc]

    # options may come between the positional words (``meld AS --trump S KS``): parsed with
    # argparse's `parse_known_intermixed_args`, which takes the options first, then the rest
    intermixed = False

    def parse_known_args(  # type: ignore[override]
        self, args: Any = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        outer, self.given = self.given, {}
        intermixed, self.intermixed = self.intermixed, False  # (its two passes are plain ones)
        try:
            if intermixed:
                ns, extra = self.parse_known_intermixed_args(args, namespace)
            else:
                ns, extra = super().parse_known_args(args, namespace)
            self.left = tuple(extra)
            return ns, extra
        finally:
            self.given = outer
            self.intermixed = intermixed


_GC_PAUSED = False


def pause_collector() -> None:
    """Start-up (`cli.main`) runs without the cyclic garbage collector: what it builds
    (modules, pydantic validators, Textual's classes and styles) lives for ever, so a
    collection frees nothing and each full one walks it all (the passes that
    fell during the imports were a tenth of the start's CPU).  `resume_collector` (from
    `settle_heap`, or when `main` returns) turns it back on."""
    global _GC_PAUSED
    if gc.isenabled():
        gc.disable()
        _GC_PAUSED = True


def resume_collector() -> None:
    """The collector back on, if `pause_collector` turned it off."""
    global _GC_PAUSED
    if _GC_PAUSED:
        _GC_PAUSED = False
        gc.enable()


def settle_heap() -> None:
    """Move everything start-up built (modules, pydantic validators, Textual's styles, the
    first screen's widgets: `run_app` calls it after the app's first frame, where the
    collections during the mount and first draw were about 10 M instructions of the cold
    start) out of the cyclic garbage collector's reach, so a full collection during play walks only what
    play made, then let the collector run again (`pause_collector`).  Otherwise every full
    collection walks it: 60-85 ms in the running app (bench/tui_bench.py), landing in the
    middle of a key press or a bot's turn.  No collection first: at this point one frees
    nothing (measured: 0 objects) and would itself add about 55 ms to the start."""
    gc.freeze()
    resume_collector()


def load_variant_set(
    path: str | None,
    flag: str = "--variants",
    yours: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The shipped presets with ``path`` (given by ``flag``) layered over them; a bad file
    is a `UsageError`, and so is an empty path (``--variants ""`` read the directory "."),
    each named by ``flag`` first, as every refusal of an option is; but ``--check``'s,
    whose file is what ``pinochle variants --check`` reports on: its problems are the
    verdict, the file's own ("house.toml: preset 'mine', ...", in its JSON too).
    ``yours``: given the shipped presets and ``path``'s own, the presets of the run
    (`house_presets.Yours.layer`: your house rules between the two)."""
    from rules import VariantError, load_variants
    from rules.presets import load_variants_file

    head = "" if flag == "--check" else f"{flag}: "
    if path is not None and not path.strip():
        raise UsageError(f"{head}an empty file name; give the path of a variants TOML file, e.g. {flag} my.toml")
    try:
        if yours is None:
            return load_variants(path)
        shipped = load_variants()
        own = {} if path is None else load_variants_file(path, shipped)
    except VariantError as exc:
        raise UsageError(f"{head}{exc}") from None
    return yours(shipped, own)


def named(names: Iterable[str], name: str, what: str) -> str | None:
    """The one of ``names`` that ``name`` is, read in any case (``TWO-HAND`` is two-hand,
    as ``--seats Human`` is a human seat): the exact name first, else the only one equal to
    it but for case; None when none is.  Names that differ by case alone (a variants file's
    own presets may) and match ``name`` only so are a `UsageError` naming them (``what``:
    the kind of name, "variant")."""
    names = list(names)
    if name in names:
        return name
    folded = name.casefold()
    alike = list(dict.fromkeys(n for n in names if n.casefold() == folded))
    if len(alike) > 1:
        shown = [visible(n) for n in alike]
        either = ", ".join(shown[:-1]) + " or " + shown[-1]
        raise UsageError(f"{what} {name!r} could be {either}: give the name as the file spells it")
    return alike[0] if alike else None


def pick_variant(variants: dict[str, Any], name: str) -> Any:
    """The preset ``name`` given with ``--variant``, in any case (`named`); an unknown name
    is a `UsageError` naming the option and listing the known ones."""
    try:
        found = named(variants, name, "variant")
    except UsageError as exc:  # (named as every refusal of an option is)
        raise UsageError(f"--variant: {exc}") from None
    if found is None:
        what = f"unknown variant {name!r}" if name.strip() else f"an empty variant name ({name!r})"
        from .spelling import did_you_mean

        raise UsageError(f"--variant: {what}{did_you_mean(name, list(variants))}; choose one of: {', '.join(variants)}")
    return variants[found]


GAME_HANDS_LIMIT = 400
"""A `pinochle simulate` game still going after this many hands is given up as unfinished."""


def add_simulate_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `pinochle simulate`.  Here, not in `pinochle_tui.simulate`, so that
    building the parser does not import the simulation (nor what it plays with): the
    game's start-up needs none of it."""
    from bots import LEVELS

    p.add_argument("--variant", default="partnership", help=OPTION_HELP["variant"])
    p.add_argument("--variants", metavar="FILE", default=None, help=OPTION_HELP["variants"])
    p.add_argument("--seats", default=None, help=f"bot level per seat, comma separated: {', '.join(LEVELS)}")
    p.add_argument(
        "--hands",
        type=HANDS,
        default=None,
        help=f"hands to play, {HANDS.allowed} (default 100; with --games, at most this many)",
    )
    p.add_argument(
        "--games",
        type=GAMES,
        default=None,
        help=f"games to play, {GAMES.allowed} (each to its end, or given up after {GAME_HANDS_LIMIT} hands)",
    )
    p.add_argument(
        "--seed",
        type=seed_text,
        default="0",
        help="seed (any text) for repeatable deals and bots, default 0: a run without --seed deals the same "
        "cards as the last (an expert replays under --nodes, not --think)",
    )
    p.add_argument(
        "--think",
        type=THINK,
        default=None,
        metavar="SECONDS",
        help=f"the expert's time per decision, {THINK.allowed} (default {DEFAULT_THINK:g}); wall clock, so "
        "the figures vary from run to run with the machine's load",
    )
    p.add_argument(
        "--nodes",
        type=NODES,
        default=None,
        metavar="N",
        help=f"the expert's budget instead in cards played a decision, {NODES.allowed}: "
        "the same seed then gives the same figures",
    )
    p.add_argument("--duplicate", action="store_true", help="play every deal with the sides swapped")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
