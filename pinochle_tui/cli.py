"""The `pinochle` command: the game, and subcommands that use the engine without it.

    pinochle [--variant NAME] [--seats human,standard,...] [--seed S] ...   play
    pinochle meld "AS TS KS QS JS ..." --trump S [--variant NAME] [--json]
    pinochle variants [--json] | pinochle variants --check FILE
    pinochle simulate --variant NAME --seats ... --hands N --seed S
    pinochle stats [--json] [--variant NAME] [--variants FILE]
    pinochle join HOST[:PORT] [--code CODE]                    a seat at a hosted table

An option of the game given before a subcommand is that subcommand's own where it takes
it (`--variants`, `--variant`, `--seats`, `--seed`), else refused in one line (`GLOBALS`).

Bad input is one line on stderr naming what was wrong and what is allowed, exit code 2.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from .cli_common import (
    DELAY,
    EXIT_USAGE,
    OPTION_HELP,
    PORT,
    TARGET,
    THINK,
    Leaving,
    Parser,
    UsageError,
    add_simulate_arguments,
    leave_on_leaving_signals,
    load_variant_set,
    named,
    pause_collector,
    pick_variant,
    quoted,
    resume_collector,
    save_key,
    seed_text,
    settle_heap,
    visible,
)

# ---------------------------------------------------------------------- meld


# per deck (rules.cards.make_deck): copies of each card, and its name in a message
_MELD_DECKS = {
    "single48": (2, "single deck (48 cards)"),
    "double80": (4, "double deck (80 cards)"),
    "double96": (4, "double deck with nines (96 cards)"),
    "triple120": (6, "triple deck (120 cards)"),
}


_MELD_NAME_WIDTH = len("roundhouse bonus")  # (and "royal marriage", "four of a kind", "double pinochle")


def meld_hand_limit(v: Any) -> int:
    """The most cards one hand of `v` can hold when it melds: the deal, and the kitty
    (widow, blind) the bidder takes up before melding, or the one kitty card each player
    takes where the kitty is handed out (§2.4). Fewer are allowed: a partial hand."""
    return int(v.cards_per_hand + (1 if v.kitty_handed_out else v.kitty_size))


MELD_EXAMPLE = 'meld "AS TS KS QS JS 9S" --trump S'
"""A meld command in full, as its refusals give it (after the program, `paths.program`)."""


def cmd_meld(args: argparse.Namespace) -> int:
    from rules import Suit, parse_cards, score_meld

    from .paths import program

    suits = "--trump with one of S H D C"
    if not args.cards and args.trump is None:
        raise UsageError(
            f"no cards and no trump suit: give the cards of one hand and {suits}, e.g. {program()} {MELD_EXAMPLE}"
        )
    if args.trump is None:
        raise UsageError(f"no trump suit: give {suits}, e.g. {program()} meld AS KS --trump S")
    from .house_presets import run_presets

    variants = run_presets(args.variants)
    v = pick_variant(variants, args.variant)
    try:
        cards = parse_cards(" ".join(args.cards))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if not cards:
        raise UsageError(f"no cards: give the cards of one hand, e.g. {program()} {MELD_EXAMPLE}")
    try:
        trump = Suit.parse(args.trump)
    except ValueError:
        raise UsageError(f"--trump: {quoted(args.trump)} is not a suit; give one of S H D C") from None
    most = meld_hand_limit(v)
    if len(cards) > most:
        held = f"{v.cards_per_hand} dealt" + (
            " + one kitty card" if v.kitty_handed_out else f" + the {v.kitty_size}-card kitty" if v.kitty_size else ""
        )
        raise UsageError(
            f"{len(cards)} cards, but one hand of {visible(v.name)} holds at most {most} ({held}); "
            "give one hand (fewer cards score a partial hand)"
        )
    faces_limit, deck_name = _MELD_DECKS[v.deck]
    for c in set(cards):
        if cards.count(c) > faces_limit:
            raise UsageError(
                f"{c} appears {cards.count(c)} times, but the {deck_name} has only {faces_limit} of each card"
            )
        if v.deck in ("double80", "triple120") and c.rank.value == "9":
            raise UsageError(f"{c}: the {deck_name.split(' (')[0]} has no nines")
    result = score_meld(cards, trump, v)
    if args.json:
        out = {
            "variant": v.name,
            "trump": trump.value,
            # every points figure here is in the canonical x10 scale (RULES.md §0.4.1), as
            # simulate's JSON: divide by game_divisor for the number the game shows
            "points_scale": "x10",
            "game_scale": v.score_scale,
            "game_divisor": 10 if v.score_scale == "x1" else 1,
            "melds": [{"name": m.name, "cards": [str(c) for c in m.cards], "points": m.points} for m in result.melds],
            "total": result.total,
            "total_display": v.fmt(result.total),
        }
        print(json.dumps(out))
        return 0
    # the names' column as wide as the longest usual name, so the points column stands in
    # one place from hand to hand (a hand with no meld put its total 11 columns left of a
    # roundhouse's); a rarer, longer name (a triple royal marriage) widens it
    width = max([_MELD_NAME_WIDTH, *(len(m.name) for m in result.melds)])
    shown = [" ".join(map(str, m.cards)) for m in result.melds]
    cw = max([30, *map(len, shown)])  # a triple or quadruple meld of 12 to 20 cards is longer
    print(f"Trump {trump.name.lower()} ({trump.value}), variant {visible(v.name)}:")
    for m, text in zip(result.melds, shown):
        print(f"  {m.name:<{width}}  {text:<{cw}} {v.fmt(m.points):>5}")
    if not result.melds:
        print("  no meld")
    print(f"  {'total':<{width}}  {'':<{cw}} {v.fmt(result.total):>5}")
    return 0


# ---------------------------------------------------------------------- variants


def cmd_variants(args: argparse.Namespace) -> int:
    if args.check is not None:  # (``--check ""`` is refused by `load_variant_set`, not taken as none)
        if args.variants is not None:
            raise UsageError(f"--check checks one file over the shipped presets; drop --variants {args.variants}")
        if not args.json:
            variants = load_variant_set(args.check, "--check")
            print(f"{visible(args.check)}: ok ({len(variants)} presets including the shipped ones)")
            return 0
        # --json: the verdict as one object, the problem in it too (exit 2 still), where a
        # program reading the JSON would not look on the standard error
        try:
            presets, problems = list(load_variant_set(args.check, "--check")), []
        except UsageError as exc:
            presets, problems = [], [str(exc)]
        print(json.dumps({"file": args.check, "ok": not problems, "presets": presets, "problems": problems}))
        return EXIT_USAGE if problems else 0
    from .house_presets import Yours, run_presets

    yours = Yours()  # your house rules (the game's h), listed after the shipped presets and marked
    variants = run_presets(args.variants, yours)
    if args.json:
        print(
            json.dumps(
                {
                    name: {
                        "summary": yours.summary(name, v),
                        **({"yours": True} if yours.owns(name) else {}),
                        **v.model_dump(mode="json"),
                    }
                    for name, v in variants.items()
                }
            )
        )
        return 0
    # names and descriptions come from files: drawn with their control characters visible
    names = {name: visible(name) for name in variants}
    width = max(len(n) for n in names.values())
    for name, v in variants.items():
        mark = f"  (yours: {yours.path})" if yours.owns(name) else ""
        print(f"{names[name]:<{width}}  {visible(yours.summary(name, v))}{mark}")
    return 0


# ---------------------------------------------------------------------- play / simulate


def cmd_play(args: argparse.Namespace) -> int:
    from .app_main import run_app

    return run_app(args, need_terminal=True)


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import run_simulate

    return run_simulate(args)


# ---------------------------------------------------------------------- host


def cmd_host(args: argparse.Namespace) -> int:
    """``pinochle host --seats ...,remote:Bob,...``: a table whose remote seats are played
    from other terminals (`remote.hosting`)."""
    from .remote.host_cli import run_host

    return run_host(args)


def listen_text(text: str) -> str:
    """``--listen``: an address, not a blank one (``--listen ""`` listened on the default,
    without a word); an argparse ``type``."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "an empty address is not allowed; give one such as 127.0.0.1 (this machine, the default) "
            "or 0.0.0.0 (your network)"
        )
    return text


def add_host_parser(sub: Any) -> None:
    """The ``host`` subcommand's options (kept apart from the others' to keep merges small)."""
    h = sub.add_parser(
        "host",
        help="host a table others join from their terminals (pinochle host --seats human:Ann,remote:Bob,...)",
        description=(
            "Host a table: remote seats are played from other terminals with pinochle join, each with its own "
            "join code (printed, and shown at the table); bots sit in the other seats. Listens on 127.0.0.1 "
            "(this machine) unless --listen says otherwise: --listen 0.0.0.0 opens it to your network. "
            "The game is saved after every decision; --resume continues the last hosted game with the same codes."
        ),
    )
    h.add_argument("--variant", default=None, help=OPTION_HELP["variant"])
    h.add_argument("--variants", metavar="FILE", default=None, help=OPTION_HELP["variants"])
    h.add_argument(
        "--seats",
        default=None,
        help="comma list, one per seat: human[:NAME] (at this terminal), remote[:NAME] (another terminal), "
        "or a bot level (random, easy, standard, expert)",
    )
    h.add_argument("--seed", type=seed_text, default=None, help=OPTION_HELP["seed"])
    h.add_argument("--target", type=TARGET, default=None, metavar="TARGET", help=OPTION_HELP["target"])
    h.add_argument(
        "--port", type=PORT, default=None, metavar="N", help=f"the port to listen on, {PORT.allowed} (default 8470)"
    )
    h.add_argument(
        "--listen", type=listen_text, default=None, metavar="ADDR", help="the address to listen on (default 127.0.0.1)"
    )
    h.add_argument("--bot-delay", type=DELAY, default=None, metavar="SECONDS", help=OPTION_HELP["bot_delay"])
    h.add_argument("--trick-delay", type=DELAY, default=None, metavar="SECONDS", help=OPTION_HELP["trick_delay"])
    h.add_argument("--think", type=THINK, default=None, metavar="SECONDS", help=OPTION_HELP["think"])
    h.add_argument("--ascii", action="store_true", help=OPTION_HELP["ascii"])
    h.add_argument("--resume", action="store_true", help="continue the last hosted game, with the same join codes")
    h.add_argument(
        "--web",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="also serve the join screen to browsers at http://ADDR:WEBPORT/ (--resume: as the game was hosted; "
        "--no-web: not this time)",
    )
    h.add_argument(
        "--web-port",
        type=PORT,
        default=None,
        metavar="N",
        help=f"the browser page's port, {PORT.allowed} (default 8471)",
    )
    h.set_defaults(func=cmd_host)


# ---------------------------------------------------------------------- join


def cmd_join(args: argparse.Namespace) -> int:
    """``pinochle join HOST[:PORT] --code CODE``: this terminal takes the seat the code is
    for at a table another pinochle hosts; without the address or the code, a screen asks
    for them (the browser seat opens this way).  A bad address or code is one line, exit 2."""
    from .remote.join import run_join

    return run_join(args)


# ---------------------------------------------------------------------- text to a terminal


def terminal_width() -> int | None:
    """The width the text commands wrap their lines to: the terminal's, where the standard
    output is one (``COLUMNS`` where set, as `shutil.get_terminal_size` reads it); None
    where it is a file or a pipe, whose reader gets one line a record, as printed."""
    import shutil

    try:
        if not sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):  # (closed, or no file at all)
        return None
    return max(20, shutil.get_terminal_size().columns)


def say(line: str, hang: int | None = None) -> None:
    """Print ``line`` wrapped at word boundaries to the terminal's width (`terminal_width`):
    the terminal cut a line at its edge, mid-word ("Mo" / "n 07 Dec"), or left a lone "."
    on a row of its own.  Each row after the first is indented by ``hang`` (by default
    two more than the line's own indent); a word longer than a row is left whole."""
    width = terminal_width()
    if width is None or len(line) <= width:
        print(line)
        return
    import textwrap

    lead = len(line) - len(line.lstrip(" "))
    indent = " " * (lead + 2 if hang is None else hang)
    print(textwrap.fill(line, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False))


# ---------------------------------------------------------------------- stats


def cmd_stats(args: argparse.Namespace) -> int:
    """The statistics across games (`stats.StatsStore.figures`); a damaged database is set
    aside and named in one line (exit 2), none yet is "no games yet" (exit 0).

    The figures are printed first, then SQLite's quick check of the whole file runs (0.4 s
    at 100,000 games, as the statistics screen runs it once its figures are shown): a file
    it finds damaged is set aside and named in one line after them (exit 2: what was
    printed came from a damaged file).  The games' tallies against their rows
    (`StatsStore.check_tallies`, seconds at 100,000 games) are left to the screen, which
    runs it in the background: a script reading these figures waits for the end."""
    from .house_presets import run_presets
    from .stats import StatsError, StatsStore, figures_lines

    presets = run_presets(args.variants)  # a --variants file is read (and checked) even when unused
    try:
        store = StatsStore.open(create=False, check_file=False)
        try:
            variant = args.variant
            if variant is not None:
                known = store.variants()
                # in any case, as the game's --variant: the name the games are recorded under
                names = list(dict.fromkeys([*known, *presets]))
                found = named(names, variant, "--variant: variant")
                if found is None:
                    from .spelling import did_you_mean

                    have = ", ".join(visible(n) for n in known) if known else "none yet"
                    raise UsageError(
                        f"--variant: {variant!r}{did_you_mean(variant, names)} is neither a preset (see: pinochle "
                        f"variants) nor the variant of a recorded game; the variants with games: {have}"
                    )
                variant = found
            fig = store.figures(variant)
            if args.json:
                print(json.dumps(fig), flush=True)
            else:
                say(f"Statistics from {visible(fig['database'])}")
                for line in figures_lines(fig):
                    say(line)
                sys.stdout.flush()
            why = store.file_problem() if store.conn is not None else None
            if why is not None:
                store.set_aside_as_damaged(why)
        finally:
            store.close()
    except StatsError as exc:
        raise UsageError(str(exc)) from None
    return 0


def cmd_saves(args: argparse.Namespace) -> int:
    """``pinochle saves``: every unfinished saved game, newest first, numbered, with its ID,
    variant, hand, scores and when it was last played (old finished saves are removed)."""
    from .paths import data_dir, program
    from .saved_games import saved_games

    if args.delete is not None:
        return delete_saved(args.delete)
    try:
        games = saved_games()
    except OSError as exc:
        raise UsageError(f"cannot read the saved games in {data_dir()} ({exc.strerror or exc})") from None
    if not games:
        say(f"No unfinished saved game in {data_dir()}; start one with: {program()}")
        return 0
    say(f"Unfinished games in {data_dir()}, newest first; resume one with: {program()} --resume ID (or its number)")
    for n, g in enumerate(games, 1):
        head = f"{n:3}  {g.id}  "
        say(f"{head}{visible(g.line())}", hang=len(head))  # (its rows under the game's words)
    say(f"Delete one with: {program()} saves --delete ID (or its number)")
    return 0


def delete_saved(key: str) -> int:
    """``pinochle saves --delete ID``: the saved game named as ``--resume ID`` names it
    (`saved_games.find_save`: its ID or its number in the list) removed, unless another
    running pinochle has it open (`saved_games.delete_save`); one line either way."""
    from .paths import save_id
    from .save import SaveError
    from .saved_games import delete_save, find_save, saved_games

    try:
        path = find_save(key)
        listed = next((g for g in saved_games(prune=False) if g.path == path), None)
        delete_save(path)
    except SaveError as exc:
        raise UsageError(f"--delete: {exc}") from None
    what = f" ({visible(listed.line(brief=True))})" if listed is not None else ""
    say(f"Deleted the saved game {save_id(path)}{what}.")
    return 0


SUBCOMMANDS = ("meld", "variants", "simulate", "saves", "stats", "join", "host", "help")

GLOBALS: dict[str, tuple[str, ...]] = {
    "variants": ("meld", "variants", "simulate", "stats", "host"),
    "variant": ("meld", "simulate", "stats", "host"),
    "seats": ("simulate", "host"),
    "seed": ("simulate", "host"),
    "think": ("simulate", "host"),
    "target": ("host",),
    "bot_delay": ("host",),
    "trick_delay": ("host",),
    "ascii": ("join", "host"),
    "resume": ("host",),
}
"""The options of `pinochle` itself (the game), each with the subcommands that take it
too.  Given before a subcommand, such an option is that subcommand's own (``pinochle
--variants F variants`` lists F's presets); given before one that does not take it, or
after one, it is refused in one line; given on both sides with two values, refused too.
Never ignored."""


def _flag(dest: str) -> str:
    return "--" + dest.replace("_", "-")


def _nearest_option(parser: argparse.ArgumentParser, words: Sequence[str], others: dict[str, str]) -> str:
    """``" (did you mean --hands?)"`` for the first option among ``words`` (what a parser did
    not take) when one option's name begins with it (``--dup``: ``--duplicate``), else when
    an option is spelt close to it (difflib's ratio of 0.6 or more, the names compared
    without their ``--``), else ``""``: ``parser``'s own, or one of ``others`` (the game's
    parser: the subcommands' options, each with whose it is: ``--hand`` to the game is "(did
    you mean --hands, an option of pinochle simulate?)"); the parser's own first, and of
    several close ones the closest.  The start of several names (``--t``: --target, --think,
    --trick-delay) names none of them by its start alone."""
    import difflib

    from .spelling import guessed

    word = next((w.split("=", 1)[0] for w in words if w.startswith("--")), None)
    if word is None:
        return ""
    own = [o for o in parser._option_string_actions if o.startswith("--") and o != "--help"]
    if len(word) > 2:
        for options in (own, [o for o in others if o not in own]):
            starts = [o for o in options if o.startswith(word)]
            if len(starts) == 1:
                best = starts[0]
                return guessed(best if best in own else f"{best}, {others[best]}")
            if starts:
                break  # several: the closest, below
    scored = [
        (difflib.SequenceMatcher(None, word[2:], option[2:]).ratio(), option in own, option)
        for option in {*own, *others}
    ]
    ratio, is_own, best = max(scored, default=(0.0, False, ""))
    if ratio < 0.6:
        return ""
    return guessed(best if is_own else f"{best}, {others[best]}")


def _split_list(argv: Sequence[str], word: str) -> str:
    """``" (a space in --seats? write --seats human,expert)"`` when ``word`` (a word no
    command took) goes on an option's comma list that the shell split at a space: the
    value just before it, the option's, ends with a comma (``--seats human, expert``,
    ``--seats=human, expert``) or ``word`` begins with one (``--seats human ,expert``); the
    list written whole takes every word that goes on it so.  Else ``""``."""
    for i, w in enumerate(argv):
        if w != word or i == 0:
            continue
        before = argv[i - 1]
        if before.startswith("--") and "=" in before:
            option, value = before.split("=", 1)
        elif i >= 2 and argv[i - 2].startswith("--") and "=" not in argv[i - 2] and not before.startswith("-"):
            option, value = argv[i - 2], before
        else:
            continue
        if not (value.endswith(",") or word.startswith(",")):
            continue
        parts = [value, word]
        for more in argv[i + 1 :]:
            if more.startswith("-") or not (parts[-1].endswith(",") or more.startswith(",")):
                break
            parts.append(more)
        return f" (a space in {option}? write {option} {''.join(parts)})"
    return ""


def _takers(dest: str) -> str:
    subs = GLOBALS[dest]
    return "the game" + "".join(f", pinochle {c}" for c in subs[:-1]) + (f" and pinochle {subs[-1]}" if subs else "")


class _Pinochle(Parser):
    """The top-level parser: settles the global options against the subcommand
    (`GLOBALS`) as it parses, so every caller of ``parse_args`` sees one namespace with
    each option under its own name, set once."""

    sub_defaults: dict[str, dict[str, Any]]
    subs: dict[str, Parser]  # the subcommands' parsers, by name
    argv: tuple[str, ...] = ()  # the words of the parse under way

    def parse_args(  # type: ignore[override]
        self, args: Any = None, namespace: Any = None
    ) -> argparse.Namespace:
        """`parse_known_args`, then any word no command took refused in the form of the
        command it was given to, as that command's other refusals ("pinochle simulate:
        unrecognized arguments: --bogus (see: pinochle simulate --help)"): argparse hands
        a subcommand's stray words up to the game's parser, which named the game.  Words
        before the subcommand are the game's, and named first."""
        ns, extra = self.parse_known_args(args, namespace)
        if extra:
            cmd = getattr(ns, "command", None)
            # argparse puts the subcommand's leftovers after the game's own
            own = self.subs[cmd].left if cmd is not None else ()
            top = extra[: len(extra) - len(own)]
            where = self if top or cmd is None else self.subs[cmd]
            words = top or own
            self.unrecognized(where, words)
        return ns

    def unrecognized(self, where: Parser, words: Sequence[str]) -> None:
        """Refuse ``words`` that ``where`` (the game's parser or a subcommand's) did not take:
        an option of some subcommands given to the game is said to be theirs, as a global
        option given to a subcommand without it is; else the words, with the nearest of
        ``where``'s own options when one is spelt close to the first."""
        others: dict[str, str] = {}  # the subcommands' options, offered to the game's parser
        if where is self:
            from .render import and_list  # (a refusal's path: the game's start-up stays light)

            takers: dict[str, list[str]] = {}
            for name, sp in self.subs.items():
                for option in sp._option_string_actions:
                    if option.startswith("--") and option != "--help":
                        takers.setdefault(option, []).append(f"pinochle {name}")
            others = {option: f"an option of {and_list(names)}" for option, names in takers.items()}
            word = next((w.split("=", 1)[0] for w in words if w.startswith("--")), None)
            if word is not None and word in others:
                self.error(f"the game does not take {word}; it is {others[word]}")
        if where is not self and next((w.split("=", 1)[0] for w in words if w.startswith("--")), None) == "--version":
            where.error(f"does not take --version; {VERSION_ALONE}")
        split = _split_list(self.argv, words[0]) if words else ""
        if split:  # (the likely cause, not the help)
            where.error(f"unrecognized arguments: {' '.join(words)}{split}")
        near = _nearest_option(where, words, others)
        where.error(f"unrecognized arguments: {' '.join(words)}{near}{where.see_help}")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """A word that is no subcommand (``pinochle simulat``): named, with the nearest
        subcommand (`spelling.nearest`) and the list of them, instead of argparse's "argument command:
        invalid choice"; a word that goes on a comma list split at a space names that
        cause instead (`_split_list`)."""
        choices = action.choices
        if isinstance(action, argparse._SubParsersAction) and isinstance(choices, dict) and value not in choices:
            from .spelling import guessed, nearest

            split = _split_list(self.argv, value)  # ``--seats human, expert``: no command was meant
            if split:
                raise argparse.ArgumentError(None, f"unknown command '{visible(value)}'{split}")
            close = nearest(value, list(choices), cutoff=0.6)  # (named in any case)
            hint = guessed(close)
            raise argparse.ArgumentError(
                None, f"unknown command '{visible(value)}'{hint} (commands: {', '.join(choices)})"
            )
        super()._check_value(action, value)  # type: ignore[misc]

    def first_word(self, args: list[str]) -> tuple[int, str | None]:
        """Where the words before the subcommand end: the index of the first that is no
        option of the game nor an option's value (the subcommand, or a misspelt one;
        ``len(args)`` with none), and the first word there written as an option that is
        none of the game's (``--sed 44``, ``--hand 3``), else None."""
        i = 0
        while i < len(args):
            word = args[i]
            if word == "--" or not word.startswith("-") or word == "-":
                return i, None  # the subcommand (the game takes no other word), or a misspelt one
            action = self._option_string_actions.get(word.split("=", 1)[0])
            if action is None:
                return i, word
            takes_next = action.nargs is None or (
                action.nargs == "?" and i + 1 < len(args) and not args[i + 1].startswith("-")
            )
            if "=" not in word and takes_next:
                i += 1  # its value, whatever it reads (``--seed meld``)
            i += 1
        return len(args), None

    def unknown_option(self, args: list[str]) -> str | None:
        """The first word before the subcommand that is written as an option and is none of
        the game's (``--sed 44``, ``--hand 3``), or None.  argparse would leave it aside and
        read the word after it as the subcommand, refusing that instead ("argument command:
        invalid choice: '44'"), which names the wrong word."""
        return self.first_word(args)[1]

    def command_case(self, args: list[str]) -> list[str]:
        """The subcommand in any case (``pinochle MELD``, ``pinochle Variants``), as every name
        the options take is read (a preset, a seat's kind, a bot's level): written as the
        parser knows it.  A word that is no subcommand in any case is left for
        `_check_value` to refuse.  ``--resume MELD``: the subcommand too, not a save's ID
        (as ``--resume meld``)."""
        args = list(args)
        for i, word in enumerate(args[:-1]):
            if word == "--resume" and args[i + 1].lower() in SUBCOMMANDS:
                args[i + 1] = args[i + 1].lower()
        at, _unknown = self.first_word(args)
        if at < len(args) and args[at].lower() in SUBCOMMANDS:
            args[at] = args[at].lower()
        return args

    def help_after_subcommand(self, args: list[str]) -> list[str]:
        """``pinochle --help simulate`` as ``pinochle simulate --help``: a help flag before a
        subcommand asks for that subcommand's help (argparse printed the game's, the first
        flag it met).  Without a subcommand the game's help, as before."""
        at, _unknown = self.first_word(args)
        if at >= len(args) or args[at] not in SUBCOMMANDS:
            return args
        asked = [w for w in args[:at] if w in ("-h", "--help")]
        if not asked:
            return args
        return [w for w in args[:at] if w not in ("-h", "--help")] + [args[at], asked[0], *args[at + 1 :]]

    def dash_seeds(self, args: list[str]) -> list[str]:
        """``--seed -x`` as ``--seed=-x``: a seed is any text, but argparse reads a word that
        begins with ``-`` as an option and refused the seed ("expected one argument").  A
        word that is one of the options of the game or of a subcommand (``--seed -h``,
        ``--seed --hands 5``) is left an option, and refused as before; so is every word
        after ``--``.  ``--resume -1`` the same (a save's ID is any text): it was refused as
        "unrecognized arguments: -1", not by --resume's own message."""
        options = {*self._option_string_actions, *(o for sp in self.subs.values() for o in sp._option_string_actions)}
        out: list[str] = []
        words = iter(args)
        for word in words:
            if word == "--":
                out.append(word)
                out.extend(words)
                break
            if word in ("--seed", "--resume"):
                value = next(words, None)
                if value is not None and value.startswith("-") and value.split("=", 1)[0] not in options:
                    out.append(f"{word}={value}")
                    continue
                out.append(word)
                if value is not None:
                    out.append(value)
                continue
            out.append(word)
        return out

    def parse_known_args(  # type: ignore[override]
        self, args: Any = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        args = self.help_after_subcommand(
            self.command_case(self.dash_seeds(list(sys.argv[1:] if args is None else args)))
        )
        self.argv = tuple(args)  # every word given, for --version to see it stands alone
        for i, word in enumerate(args[:-1]):
            # ``--resume meld ...``: the word after --resume is the subcommand, not a save's ID
            # (then refused: the subcommands do not take --resume)
            if word == "--resume" and args[i + 1] in SUBCOMMANDS:
                args[i] = "--resume=newest"
        unknown = self.unknown_option(args)
        if unknown is not None:
            self.unrecognized(self, [unknown])
        ns, extra = super().parse_known_args(args, namespace)
        if getattr(ns, "top_resume", None) == "newest":
            ns.top_resume = True
        cmd = getattr(ns, "command", None)
        if cmd is not None:
            for word in extra:
                dest = next((d for d in GLOBALS if word == _flag(d) or word.startswith(_flag(d) + "=")), None)
                if dest is not None and cmd not in GLOBALS[dest]:
                    raise UsageError(
                        f"pinochle {cmd}: does not take {_flag(dest)}; it is an option of {_takers(dest)}", named=True
                    )
        for dest, subs in GLOBALS.items():
            top = getattr(ns, "top_" + dest)
            delattr(ns, "top_" + dest)
            given = top is not None and top is not False
            if cmd is None:
                setattr(ns, dest, top)
            elif cmd not in subs:
                if given or hasattr(ns, dest):
                    raise UsageError(
                        f"pinochle {cmd}: does not take {_flag(dest)}; it is an option of {_takers(dest)}", named=True
                    )
            elif hasattr(ns, dest):  # given after the subcommand as well
                if given and getattr(ns, dest) != top:
                    raise UsageError(
                        f"pinochle {cmd}: {_flag(dest)} is given twice, {top!r} before {cmd} and "
                        f"{getattr(ns, dest)!r} after it; give it once",
                        named=True,
                    )
            else:
                setattr(ns, dest, top if given else self.sub_defaults[cmd][dest])
        return ns, extra


VERSION_ALONE = "pinochle --version, alone, prints the version"
"""Where --version goes, as the refusals of it given with anything else say."""


class _Version(argparse.Action):
    """``pinochle --version``: the installed package's version (its metadata), read only
    when asked, then exit 0, as argparse's own ``version`` action does.  It stands alone:
    given with any other word (``pinochle --version extra``, ``--seed 4 --version``) it is
    refused in one line naming those words, rather than printing the version and leaving
    them unread; after a subcommand it is refused too (`_Pinochle.unrecognized`)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kw: Any) -> None:
        super().__init__(option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0, **kw)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kw: Any) -> None:
        from importlib.metadata import PackageNotFoundError, version

        others = list(getattr(parser, "argv", ()))
        others.remove("--version")
        if others:
            parser.error(f"--version takes no other word: drop {quoted(' '.join(others))} ({VERSION_ALONE})")

        try:
            number = version("pinochle-tui")
        except PackageNotFoundError:  # (run from a source tree never installed)
            from . import __version__ as number
        print(f"pinochle {number}")
        parser.exit()


# the end of --help: the commands a family starts with, and where house rules are kept
EPILOG = """examples:
  pinochle                            the new-game screen
  pinochle --seats human:Ann,human:Bob,human:Mia,standard
                                      hot-seat: three people at one keyboard
                                      and a bot (Ann and Mia are partners)
  pinochle --variant three-hand --seats human,standard,standard
  pinochle --variant "Grandma's table"
                                      a preset of your own, by name (quoted)

House rules made with h on the new-game screen are kept as presets of yours,
under the name you give them: --variant takes that name (pinochle variants
lists them)."""


SEATS_HELP = """\
Seats: who plays, and where

--seats takes one word a seat, comma separated, as many as the variant has
seats (partnership 4, three-hand 3, two-hand 2: pinochle variants lists them):
  human        a person at this keyboard (human:Ann names them)
  random, easy, standard, expert
               a bot of that level (standard:Bo names it)
The first seat is South, at the bottom of the screen; the others follow
clockwise: West, North, East (two-hand: South and North; three-hand: South,
West, East). At four seats the partners sit across: seats 1 and 3 against
seats 2 and 4. Names are unique, up to 20 characters.

Hot-seat: two or more human seats share this keyboard.
  pinochle --seats human:Ann,standard,human:Bob,standard
Each turn starts with a screen that says whom to pass the keyboard to, what
for and what was played since; no card shows until that person presses Enter,
so the others never see a hand. Undo is off in hot-seat. Three people want
three-hand (--variant three-hand --seats human:Ann,human:Bob,human:Mia), or
partnership with a bot in the fourth seat.

Friends at other terminals: pinochle host --seats human:Ann,remote:Bob,...
(pinochle help host). The new-game screen has a row a seat: human, a bot
level or another terminal, and a name."""
"""``pinochle help seats``: who sits where, the kinds of seat, hot-seat (README "Seats")."""

RULES_HELP = """\
Rules: where to read them

In the game, F1 shows the rules of the variant being played, on any screen (on
the new-game screen: of the variant chosen there); ? shows the keys, then the
same rules. They begin with the basics for a first game: the card order, trump,
following suit, each meld with an example and what it scores, the counters;
then the rules in full, and last any house rules in force.

Without starting a game:
  pinochle help partnership     a variant in one line: players, cards, bids
                                (any variant's name; pinochle variants: all)
  pinochle help house           changing the rules for your own table
  pinochle meld --trump S AS TS KS QS JS
                                what the meld of one hand scores"""
"""``pinochle help rules``: where the rules are read (F1) and how they are laid out."""

SAVES_HELP = """\
Saved games: resume where you left off

Every unfinished game is saved after each move, so it is kept however it
ends: q, a closed terminal or a crash. A game left before anyone made a move
is not kept; a finished game's save is removed.
  pinochle --resume             continue the newest saved game
  pinochle saves                list them, newest first, with a number and ID
  pinochle --resume 2           continue the second listed (or give its ID)
  pinochle saves --delete 2     delete it
On the new-game screen, r resumes your saved game; with several, it opens
their list (Enter continues the one chosen, d deletes it). A game keeps the
rules it began with. A hosted game: pinochle host --resume (help host)."""
"""``pinochle help resume`` (and ``save``): how games are kept and taken up again."""

HOUSE_HELP = """\
House rules: your own table's rules

On the new-game screen, choose the variant your table plays, then press h: its
rules a table changes (cards passed, minimum bid, a stuck dealer, the game's
target, ...), each with its value in words and what it does. Up and down
choose a rule, left and right (or Enter) change it; ctrl+s saves them under a
name you give, Esc leaves with nothing saved.

The name is then a variant of yours, chosen by name:
  pinochle --variant "Grandma's table"      (quoted where the name has a space)
It is listed on the new-game screen (marked "(yours)") and by pinochle
variants, and h on it changes it again. F1 in the game shows the house rules
in force."""
"""``pinochle help house`` (and ``house-rules``): the house-rules editor, presets by name."""

HELP_TOPICS: dict[str, str] = {
    **{word: SEATS_HELP for word in ("seats", "seat", "hotseat", "hot-seat", "players", "player", "people", "names")},
    **{word: RULES_HELP for word in ("rules", "rule", "how-to-play", "howto")},
    **{word: SAVES_HELP for word in ("resume", "save", "saving", "saved", "load", "continue")},
    **{word: HOUSE_HELP for word in ("house", "house-rules", "houserules", "house-rule", "presets", "preset")},
}
"""The help's topics that are no command, by every word a player would type for one:
``pinochle help seats`` (and ``hotseat``, ``players``, ...) said "did you mean stats?",
``help house`` "did you mean host?"."""

TOPICS_SAID = "seats, rules, resume, house"  # (the topics as a refused word lists them)

COMMAND_FIRST_LINES = {
    "meld": "Which melds score, and how much: F1 in the game. This scores one hand:",
    "saves": "How games are saved and resumed: pinochle help resume. This command:",
}
"""The plain line before a command's usage where a learner may have meant a topic:
``pinochle help meld`` for which melds score, ``help saves`` for how saving works."""


def variant_help(name: str, summary: str) -> str:
    """``pinochle help five-hand``: a preset's summary in one line and where its rules are:
    the game's F1 once it is played, every preset in ``pinochle variants``."""
    shown = visible(name)
    return (
        f"{shown}: {visible(summary)}\n"
        f"Play it: pinochle --variant {shown}; its rules in full are under F1 in the game."
        " Every variant: pinochle variants."
    )


def cmd_help(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``pinochle help``: the game's --help; ``pinochle help meld``: that command's (after
    its plain first line, `COMMAND_FIRST_LINES`); ``pinochle help seats`` (``rules``,
    ``resume``, ``house``): a topic's (`HELP_TOPICS`); ``pinochle help five-hand``: a
    variant's summary (the shipped presets and yours, `variant_help`)."""
    subs: dict[str, argparse.ArgumentParser] = getattr(parser, "subs", {})
    topic = args.topic
    if topic is None:
        parser.print_help()
        return 0
    word = topic.lower()
    if word in HELP_TOPICS:
        print(HELP_TOPICS[word])
        return 0
    if word not in subs:
        from .house_presets import Yours, run_presets
        from .spelling import guessed, nearest

        yours = Yours()
        variants = run_presets(None, yours)
        name = topic if topic in variants else next((n for n in variants if n.lower() == word), None)
        if name is not None:
            print(variant_help(name, yours.summary(name, variants[name])))
            return 0
        hint = guessed(nearest(topic, [*subs, *HELP_TOPICS, *variants], cutoff=0.6))
        raise UsageError(
            f"no command, topic or variant '{visible(topic)}'{hint} (commands: {', '.join(subs)};"
            f" topics: {TOPICS_SAID}; variants: pinochle variants lists them)"
        )
    if word in COMMAND_FIRST_LINES:
        print(COMMAND_FIRST_LINES[word])
    subs[word].print_help()
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = _Pinochle(
        prog="pinochle",
        description="Pinochle at the terminal.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--variants",
        dest="top_variants",
        metavar="FILE",
        help=OPTION_HELP["variants"] + " (for the game, meld, variants, simulate, stats and host, before or after "
        "the subcommand)",
    )
    p.add_argument("--variant", dest="top_variant", metavar="NAME", help=OPTION_HELP["variant"])
    p.add_argument(
        "--seats",
        dest="top_seats",
        metavar="SEATS",
        help="comma list, one per seat: human, human:NAME, random, easy, standard, expert (LEVEL:NAME names a bot)",
    )
    p.add_argument("--seed", dest="top_seed", type=seed_text, metavar="SEED", help=OPTION_HELP["seed"])
    p.add_argument(
        "--target",
        dest="top_target",
        type=TARGET,
        metavar="TARGET",
        help=OPTION_HELP["target"],
    )
    p.add_argument(
        "--bot-delay",
        dest="top_bot_delay",
        type=DELAY,
        metavar="SECONDS",
        help=OPTION_HELP["bot_delay"],
    )
    p.add_argument(
        "--trick-delay",
        dest="top_trick_delay",
        type=DELAY,
        metavar="SECONDS",
        help=OPTION_HELP["trick_delay"],
    )
    p.add_argument(
        "--think",
        dest="top_think",
        type=THINK,
        metavar="SECONDS",
        help=OPTION_HELP["think"],
    )
    p.add_argument("--ascii", dest="top_ascii", action="store_true", help=OPTION_HELP["ascii"])
    p.add_argument(
        "--resume",
        dest="top_resume",
        nargs="?",
        const=True,
        default=False,
        type=save_key,
        metavar="ID",
        help="continue the newest unfinished game, or the one ID names (an ID or a number from: pinochle saves)",
    )
    p.add_argument("--version", action=_Version, help="print the version of pinochle and exit")
    p.set_defaults(func=cmd_play)
    sub = p.add_subparsers(dest="command", parser_class=Parser)

    m = sub.add_parser(
        "meld",
        help="score the meld of one hand",
        description=(
            "Score the meld of one hand. Give at most the cards one hand of the variant holds "
            "(its deal, plus the kitty the bidder takes up where it has one: 12 in partnership, "
            "15 + 3 in three-hand, 20 in six-hand); fewer cards score as a partial hand. "
            "With --json every points figure is in the x10 scale (points_scale); game_scale "
            "and game_divisor give the number the game shows."
        ),
    )
    m.intermixed = True  # an option may come between the cards (meld AS --trump S KS)
    # both needed, checked by `cmd_meld` (argparse's "the following arguments are required:
    # --trump" named neither the suits nor how cards are written, and one at a time)
    m.add_argument("cards", nargs="*", help='cards, e.g. "AS TS KS QS JS 9S QD KD JD QS AH AC"')
    m.add_argument("--trump", help="trump suit: S H D C (needed)")
    m.add_argument("--variant", default="partnership", help=OPTION_HELP["variant"])
    m.add_argument("--variants", metavar="FILE", default=None, help=OPTION_HELP["variants"])
    m.add_argument("--json", action="store_true", help="the melds and their total as one JSON object")
    m.set_defaults(func=cmd_meld)

    v = sub.add_parser("variants", help="list the presets, or check a variants file")
    v.add_argument(
        "--json",
        action="store_true",
        help="the presets, every rule of each, as one JSON object; with --check, the verdict as one "
        'object: {"file", "ok", "presets", "problems"} (exit 2 when it has a problem)',
    )
    v.add_argument("--check", metavar="FILE", help="validate a variants file")
    v.add_argument("--variants", metavar="FILE", default=None, help=OPTION_HELP["variants"])
    v.set_defaults(func=cmd_variants)

    s = sub.add_parser("simulate", help="bots play each other headless")
    add_simulate_arguments(s)
    s.set_defaults(func=cmd_simulate)

    sv = sub.add_parser("saves", help="list the unfinished saved games, to resume with: pinochle --resume ID")
    sv.add_argument(
        "--delete",
        metavar="ID",
        default=None,
        help="delete the saved game with this ID or number, as pinochle saves lists them "
        "(not one open in another pinochle)",
    )
    sv.set_defaults(func=cmd_saves)

    st = sub.add_parser("stats", help="statistics across the games played")
    st.add_argument("--json", action="store_true", help="the figures as one JSON object")
    st.add_argument("--variant", default=None, help="only the games of this variant")
    st.add_argument("--variants", metavar="FILE", default=None, help="a variants.toml whose presets --variant may name")
    st.set_defaults(func=cmd_stats)

    j = sub.add_parser(
        "join",
        help="take a seat at a table another pinochle hosts (pinochle join HOST:PORT --code CODE)",
        description=(
            "Take the seat a join code is for at a table hosted with pinochle host: the same table, "
            "keys, hints and review as a game of your own. Without the address or the code a screen "
            "asks for them. A lost connection is tried again by itself."
        ),
    )
    j.add_argument("address", nargs="?", default=None, metavar="HOST[:PORT]", help="the host, as it shows it")
    j.add_argument("--code", default=None, help="the seat's join code, as the host shows it (e.g. 7KQM-2XHA-...)")
    j.add_argument("--ascii", action="store_true", help=OPTION_HELP["ascii"])
    j.set_defaults(func=cmd_join)

    add_host_parser(sub)

    hp = sub.add_parser(
        "help",
        help=(
            "this help, a command's (pinochle help meld), a topic's (seats, rules, resume, house)"
            " or a variant's (help five-hand)"
        ),
    )
    hp.add_argument(
        "topic",
        nargs="?",
        default=None,
        metavar="COMMAND",
        help="the command to tell of, a topic (seats, hot-seat too; rules; resume; house), or a variant's name"
        " (help five-hand)",
    )
    hp.set_defaults(func=lambda args: cmd_help(p, args))

    # a subcommand's own copy of a global option leaves the namespace alone unless given,
    # so `_Pinochle` can tell "given after" from "given before" (its default goes in later)
    p.sub_defaults = {}
    p.subs = dict(sub.choices)
    for name, sp in sub.choices.items():
        own = p.sub_defaults.setdefault(name, {})
        for action in sp._actions:
            if action.dest in GLOBALS:
                own[action.dest] = action.default
                action.default = argparse.SUPPRESS
    return p


PRINTS = ("meld", "variants", "simulate", "saves", "stats", "help")
"""The subcommands whose work is what they print on the standard output (the game, join
and host draw on the terminal instead)."""

EXIT_OUTPUT_LOST = 1
"""The output could not be written (the disk full): the work is lost, though the input
was good (`EXIT_USAGE` is for bad input)."""

# a write to the standard output that failed for want of room or of a working device
_LOST = frozenset((errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO))


def _stdout_to_devnull() -> None:
    """The standard output sent to the null device, so that the interpreter's last flush
    of what is still buffered for it does not fail again as it exits ("Exception ignored
    ... BrokenPipeError"); nothing where it is no file (a test's capture)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def refusal(exc: UsageError, command: str | None) -> str:
    """The line a `UsageError` prints: its message after the name of the ``command`` it
    refuses ("pinochle: ...", "pinochle simulate: ..."), as argparse words its own
    refusals.  The parsers' refusals, and simulate's, have the name already
    (``exc.named``); every other check words only what is wrong, and the name of the
    command that ran it is put before it here."""
    if exc.named:
        return str(exc)
    return f"pinochle {command}: {exc}" if command else f"pinochle: {exc}"


RUN_THE_APP = (cmd_play, cmd_host, cmd_join)
"""The commands that open the app: from their start a leaving signal is `Leaving` (the
start-up is left as the quit question's yes leaves, the save claimed let go), and once the
app runs, the app's own (`app_main.leave_on_signals`)."""


def main(argv: Sequence[str] | None = None) -> int:
    pause_collector()  # until settle_heap (the app, simulate) or the end of main
    cmd = None
    restore_signals = None
    try:
        args = build_parser().parse_args(argv)
        cmd = getattr(args, "command", None)
        if args.func in RUN_THE_APP:
            restore_signals = leave_on_leaving_signals()
        return int(args.func(args) or 0)
    except Leaving as exc:  # before the app ran, or after it: 128 + the signal, as a shell reports it
        return 128 + exc.signum
    except UsageError as exc:  # one line; a name it quotes from a file is drawn visible
        print(visible(refusal(exc, cmd)), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader stopped reading (``| head``): no error
        _stdout_to_devnull()
        return 0
    except OSError as exc:
        # the figures could not be written (stdout to a full disk): one line, not a
        # traceback; any other OSError (a file's is named, with its filename) is a fault
        if cmd not in PRINTS or exc.filename is not None or exc.errno not in _LOST:
            raise
        _stdout_to_devnull()
        print(f"pinochle {cmd}: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_OUTPUT_LOST
    finally:
        if restore_signals is not None:
            restore_signals()
        resume_collector()


__all__ = [
    "EXIT_OUTPUT_LOST",
    "EXIT_USAGE",
    "UsageError",
    "build_parser",
    "load_variant_set",
    "main",
    "pick_variant",
    "settle_heap",
    "visible",
]


if __name__ == "__main__":
    raise SystemExit(main())
