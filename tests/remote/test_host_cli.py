"""``pinochle host``'s flags: where the table listens (and the browser page), kept in the
hosted game's save so that ``--resume`` listens there again unless a flag says otherwise;
a taken port named by the flag that chose it; ``pinochle --resume`` of a hosted game whose
port is taken refused in one line.  The app itself is not run (`run_on_its_loop` is
replaced by one that keeps the app it was given)."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any

import pytest

from pinochle_tui import app_main, cli
from pinochle_tui.cli_common import EXIT_USAGE
from pinochle_tui.save import load_game, to_json

SEATS = "human:Ann,remote:Bob,standard,remote:Cy"


def test_a_port_the_tests_hold_is_free_to_the_host_and_to_no_other_socket(free_port: Callable[[], int]) -> None:
    from pinochle_tui.remote.hosting import port_problem

    port, web = free_port(), free_port()
    assert port != web
    assert port_problem("127.0.0.1", port) is None and port_problem("127.0.0.1", web) is None
    with socket.socket() as other, pytest.raises(OSError, match="Address already in use"):
        other.bind(("127.0.0.1", port))


class Ran:
    """The apps `pinochle host` would have run."""

    def __init__(self) -> None:
        self.apps: list[Any] = []

    def __call__(self, app: Any, *, leave: bool) -> int:
        self.apps.append(app)
        app.save_now(app.ctrl)  # (the table's first frame saves a hosted game)
        return 0


@pytest.fixture
def ran(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Ran:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(app_main, "require_terminal", lambda: None)
    runner = Ran()
    monkeypatch.setattr(app_main, "run_on_its_loop", runner)
    return runner


def host(*words: str) -> int:
    return cli.main(["host", *words])


def test_resume_listens_where_the_game_was_hosted_the_browser_page_too(ran: Ran, free_port: Callable[[], int]) -> None:
    port, web = free_port(), free_port()
    assert host("--seats", SEATS, "--port", str(port), "--web", "--web-port", str(web), "--seed", "7") == 0
    first = ran.apps[0]
    assert to_json(first.ctrl)["hosting"] == {"listen": "127.0.0.1", "port": port, "web_port": web}
    assert load_game(first.save_path).hosted_at == ("127.0.0.1", port, web)
    assert host("--resume") == 0
    core = ran.apps[1].host_core
    assert core.serve_at == ("127.0.0.1", port) and core.web_port == web
    assert any(f":{web}/" in line for line in ran.apps[1].host_lines)  # the page's line shown again


def test_a_flag_given_with_resume_says_otherwise(ran: Ran, free_port: Callable[[], int]) -> None:
    port, web, other = free_port(), free_port(), free_port()
    assert host("--seats", SEATS, "--port", str(port), "--web", "--web-port", str(web)) == 0
    assert host("--resume", "--port", str(other), "--no-web") == 0
    core = ran.apps[1].host_core
    assert core.serve_at == ("127.0.0.1", other) and core.web_port is None
    assert load_game(ran.apps[1].save_path).hosted_at == ("127.0.0.1", other, None)  # (and kept so)


def test_a_taken_browser_port_is_blamed_on_web_port(
    ran: Ran, capsys: pytest.CaptureFixture[str], free_port: Callable[[], int]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        assert host("--seats", SEATS, "--port", str(free_port()), "--web", "--web-port", str(busy)) == EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"pinochle host: --web-port: cannot listen on 127.0.0.1:{busy} (")
    assert err.endswith("give the browser page another port with --web-port")
    assert "\n" not in err and ran.apps == []


def test_a_hosted_game_resumed_with_plain_resume_is_refused_in_one_line_when_its_port_is_taken(
    ran: Ran, capsys: pytest.CaptureFixture[str], free_port: Callable[[], int]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        ran.apps.clear()
        free = free_port()
        assert host("--seats", SEATS, "--port", str(free)) == 0
        hosted = ran.apps[0].ctrl
        hosted.hosted_at = ("127.0.0.1", busy, None)
        ran.apps[0].save_now(hosted)
        capsys.readouterr()
        assert cli.main(["--resume"]) == EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"pinochle: --resume: this hosted game cannot listen on 127.0.0.1:{busy} (")
    assert err.endswith("resume it on another port with: pinochle host --resume --port N")
    assert "\n" not in err and len(ran.apps) == 1


def test_the_new_game_screens_resume_of_a_hosted_game_whose_port_is_taken_says_so(
    ran: Ran, free_port: Callable[[], int]
) -> None:
    from pinochle_tui.app import PinochleApp
    from rules import load_variants

    assert host("--seats", SEATS, "--port", str(free_port())) == 0
    hosted, path = ran.apps[0].ctrl, ran.apps[0].save_path
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        hosted.hosted_at = ("127.0.0.1", busy, None)
        ran.apps[0].save_now(hosted)
        ran.apps[0].hold_save(None)
        app = PinochleApp(load_variants())
        said = app.resume_saved(path)
    assert said is not None and said.startswith(f"This hosted game cannot listen on 127.0.0.1:{busy} (")
    assert app.ctrl is not hosted and getattr(app, "save_path", None) != path


def test_the_new_game_screens_host_a_table_says_what_to_do_without_flags_it_has_not() -> None:
    from pinochle_tui.remote.hosting import host_table
    from rules import load_variants

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        said = host_table(None, load_variants()["partnership"], [], {1}, None, None, at=("127.0.0.1", busy, None))
    assert said is not None and said.startswith(f"cannot listen on 127.0.0.1:{busy} (")
    assert f"this screen hosts on port {busy}: free it, or host on another port" in said
    assert said.endswith("from the command line: pinochle host --port N --seats ...")
    assert "--listen" not in said and "give another port with --port" not in said


def test_the_lines_to_join_with_give_the_command_as_it_was_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """A clone's `.venv/bin/pinochle` not on the PATH is printed as run; `pinochle` as such."""
    import sys

    from pinochle_tui.controller import Controller, Seat
    from pinochle_tui.remote.hosting import join_lines
    from rules import load_variants

    seats = [Seat("human", "Ann"), Seat("human", "Bob"), Seat("bot", "West", "random"), Seat("bot", "East", "random")]
    ctrl = Controller(load_variants()["partnership"], seats, seed="lines")
    monkeypatch.setenv("PATH", str(tmp_path))  # (no pinochle on it)
    monkeypatch.setattr(sys, "argv", [".venv/bin/pinochle", "host"])
    assert join_lines(ctrl, {1: "7KQM-2XHA-9PWE-3RTD"}, "127.0.0.1", 8470) == [
        "Bob: .venv/bin/pinochle join 127.0.0.1:8470 --code 7KQM-2XHA-9PWE-3RTD"
    ]
    monkeypatch.setattr(sys, "argv", ["pinochle", "host"])
    assert join_lines(ctrl, {1: "7KQM-2XHA-9PWE-3RTD"}, "127.0.0.1", 8470) == [
        "Bob: pinochle join 127.0.0.1:8470 --code 7KQM-2XHA-9PWE-3RTD"
    ]


def test_the_other_lines_that_name_a_command_give_it_as_it_was_run(
    ran: Ran,
    capsys: pytest.CaptureFixture[str],
    free_port: Callable[[], int],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Any,
) -> None:
    """A joined seat closed for good, a refused --web-port: the command as run (`paths.program`)."""
    import sys

    from pinochle_tui.table.facts import gone_for_good

    monkeypatch.setenv("PATH", str(tmp_path))  # (no pinochle on it)
    monkeypatch.setattr(sys, "argv", [".venv/bin/pinochle", "host"])
    assert gone_for_good() == "Disconnected: .venv/bin/pinochle join with your code takes the seat back."
    assert host("--seats", SEATS, "--port", str(free_port()), "--web-port", str(free_port())) == EXIT_USAGE
    assert capsys.readouterr().err == (
        "pinochle host: --web-port goes with --web (.venv/bin/pinochle host ... --web --web-port N)\n"
    )


def test_join_a_name_that_does_not_resolve_is_refused_in_one_line_at_once(
    ran: Ran, capsys: pytest.CaptureFixture[str]
) -> None:
    import time

    start = time.monotonic()
    assert cli.main(["join", "no.such.host.invalid", "--code", "7KQM-2XHA-9PWE-3RTD"]) == EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert err == (
        "pinochle join: no host is named 'no.such.host.invalid' (the name does not resolve); "
        "give the address the host shows"
    )
    assert time.monotonic() - start < 10 and ran.apps == []


def test_host_reads_bot_levels_in_any_case_as_the_game_and_simulate_do(ran: Ran, free_port: Callable[[], int]) -> None:
    assert host("--seats", "human:Ann,Remote:Bob,EXPERT,Standard:Cy", "--port", str(free_port())) == 0
    people = ran.apps[0].ctrl.people
    assert [(s.kind, s.name, s.level) for s in people] == [
        ("human", "Ann", ""),
        ("human", "Bob", ""),
        ("bot", "Bot 3", "expert"),  # (two people: bots named by seat)
        ("bot", "Cy", "standard"),
    ]


def test_host_think_is_the_experts_time_a_decision_as_the_games(ran: Ran, free_port: Callable[[], int]) -> None:
    assert host("--seats", "human:Ann,remote:Bob,expert,standard", "--port", str(free_port()), "--think", "0.5") == 0
    ctrl = ran.apps[0].ctrl
    assert ctrl.think == 0.5 and ctrl.bot_for(ctrl.seating.index(2)).think == 0.5
    assert load_game(ran.apps[0].save_path).think == 0.5  # kept in the save, as the game's
    argv = ["--think", "0.5", "host", "--seats", "human,remote,expert,standard", "--port", str(free_port())]
    assert cli.main(argv) == 0
    assert ran.apps[1].ctrl.think == 0.5  # given before the subcommand too, as the game's other options


@pytest.mark.parametrize(
    ("words", "err"),
    [
        (["--think", "0.01"], "pinochle host: --think: '0.01' is out of range; give 0.05 to 10 seconds, e.g. 0.5"),
        (
            ["--think", "1e-1"],
            "pinochle host: --think: '1e-1' is not a number in plain decimal digits; give 0.05 to 10 seconds, e.g. 0.5",
        ),
        (
            ["--think", "2"],
            "pinochle host: --think: no seat is expert (the seats: human:Ann, remote:Bob, standard, remote:Cy); "
            "--think is the expert bot's time per decision: seat one with --seats, or drop --think",
        ),
    ],
)
def test_host_think_refusals(
    ran: Ran, capsys: pytest.CaptureFixture[str], words: list[str], err: str, free_port: Callable[[], int]
) -> None:
    assert host("--seats", SEATS, "--port", str(free_port()), *words) == EXIT_USAGE
    assert capsys.readouterr().err == err + "\n" and ran.apps == []


def test_host_resume_refuses_think_the_save_keeps_its_own(
    ran: Ran, capsys: pytest.CaptureFixture[str], free_port: Callable[[], int]
) -> None:
    assert host("--seats", "human,remote,expert,standard", "--port", str(free_port())) == 0
    assert host("--resume", "--think", "2") == EXIT_USAGE
    assert capsys.readouterr().err == (
        "pinochle host: --resume continues the last hosted game as it was; drop --think (the save keeps its own)\n"
    )


def test_host_without_think_takes_the_saved_budget_as_the_game_does(ran: Ran, free_port: Callable[[], int]) -> None:
    from pinochle_tui.settings import Settings

    Settings.path().parent.mkdir(parents=True, exist_ok=True)
    Settings.path().write_text('{"think": 2.5}')
    assert host("--seats", "human,remote,expert,standard", "--port", str(free_port())) == 0
    assert ran.apps[0].ctrl.think == 2.5
