"""Unicorn Arcade's command line, run by `main.py`: `python main.py` starts the game
window; the subcommands run headless tools.

It lives here, not in main.py, because Python keeps no bytecode cache for the script it
is started with: main.py is compiled afresh at every start (a whole command line took
~5 ms before the first title frame), a module is read from its cache.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from types import SimpleNamespace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

def _type_error(message: str) -> Exception:
    from argparse import ArgumentTypeError  # imported only when a value is refused

    return ArgumentTypeError(message)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (games, frames)."""
    try:
        value = int(text)
    except ValueError:
        raise _type_error(f"{text!r} is not a whole number") from None
    if value < 1:
        raise _type_error(f"{text} is not at least 1")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a finite number above 0 (minutes, pace)."""
    try:
        value = float(text)
    except ValueError:
        raise _type_error(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise _type_error(f"{text} is not a number above 0")
    return value


def path_text(text: str) -> str:
    """An argparse type: a path that is not empty (`--screenshot ''` is a mistake)."""
    if not text.strip():
        raise _type_error("an empty path")
    return text


def build_parser() -> argparse.ArgumentParser:
    import argparse

    from game import registry

    GAMES = registry.ids()  # noqa: N806 (a constant of this parser)
    titles = [info.title for info in registry.games()]
    parser = argparse.ArgumentParser(
        prog="main.py",
        description=f"Unicorn Arcade: {' and '.join(titles)}, couch-style.",
        epilog="Without a subcommand, 'play' is assumed: python main.py --headless ... works. "
               "In the window: arrows/WASD, Enter/Space, Esc, P; any gamepad; the mouse. "
               "F11 or Alt+Enter toggles fullscreen.",
    )
    add_window_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the game window at the title menu (default); "
                                       "with GAME --seats: that game at once, no lobby")
    play.add_argument("game", nargs="?", choices=GAMES,
                      help="start this game at once (needs --seats)")
    play.add_argument("--seats", metavar="KINDS",
                      help="one per seat: easy, normal, hard, phone, keyboard or pad, e.g. "
                           "phone,phone,normal,normal; prints JOIN <seat> <url> per phone")
    play.add_argument("--phones", metavar="HOST:PORT",
                      help="where the phone server listens (port 0: any free port; "
                           "default: this machine's LAN address, port 8626)")
    play.add_argument("--speed", type=positive_float, default=None,
                      help="animation speed factor of that game (e.g. 8 plays fast)")
    add_window_options(play)

    demo = sub.add_parser("demo", help="watch computer players play GAME on their own")
    demo.add_argument("game", choices=GAMES)
    demo.add_argument("--players", type=int, default=4, help="number of AI players")
    demo.add_argument("--speed", type=float, default=None,
                      help="animation speed factor (default: the game's demo pace; e.g. 8 "
                           "plays fast)")
    add_window_options(demo)

    sim = sub.add_parser(
        "sim", help="play many headless games with simple AI players and print figures"
    )
    sim.add_argument("game", choices=GAMES)
    sim.add_argument("--games", type=positive_int, default=1000,
                     help="games to play (default 1000)")
    sim.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    sim.add_argument("--seed", type=int, default=1,
                     help="seed of the run; each game's seed derives from it (default 1)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--rule-only", action="store_true",
                     help="the rule player in every seat (measures seat bias; for the "
                          "games whose simulator has it)")
    sim.add_argument(
        "--ai", metavar="LEVELS", default=None,
        help="computer levels per seat, e.g. hard,normal,normal,normal (random, easy, "
             "normal, hard, or one of the game's own, which an unknown name lists; seats "
             "rotate every game): win share per level with a 95%% interval",
    )

    bench = sub.add_parser(
        "bench", help="measure both simulators' games/s and headless frame times"
    )
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--startup", action="store_true",
                       help="only the start-up figure (against a bare pygame-ce window)")

    sub.add_parser(
        "build-engine", help="compile the rules engine with mypyc (needs a C compiler "
                             "and the engine group: uv run --group engine main.py "
                             "build-engine); used from then on while the sources match")

    stress = sub.add_parser(
        "stress", help="random legal actions and chance outcomes; every invariant checked "
                       "after every step; save/load and clone round trips")
    stress.add_argument("game", choices=GAMES)
    stress.add_argument("--games", type=positive_int, default=1000,
                        help="games to play (default 1000)")
    stress.add_argument("--seed", type=int, default=1,
                        help="seed of the first game; game g uses seed + g (default 1)")
    stress.add_argument("--json", action="store_true", help="print one JSON object")

    soak = sub.add_parser(
        "soak", help="play demo games of GAME back to back headless; print RSS and frame "
                     "p99 every minute (a leak or slow-down shows as drift)")
    soak.add_argument("game", choices=GAMES)
    soak.add_argument("--minutes", type=positive_float, default=30.0, help="how long (default 30)")
    soak.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    soak.add_argument("--games", type=positive_int, default=None,
                      help="stop once this many games are over (default: run the minutes)")
    soak.add_argument("--pace", type=positive_float, default=1.0,
                      help="demo animation speed factor: more games per minute (default 1)")
    soak.add_argument("--json", action="store_true", help="end with one JSON object")

    pace = sub.add_parser(
        "pace", help="play whole games through the game screen headless, scripted people "
                     "answering every prompt after a delay: game minutes, prompts per "
                     "person, longest idle stretch")
    pace.add_argument("game", choices=GAMES)
    pace.add_argument("--humans", type=int, default=1, help="people at the table (default 1)")
    pace.add_argument("--cpus", type=int, default=3, help="computer seats (default 3)")
    pace.add_argument("--level", choices=("easy", "normal", "hard"), default="normal",
                      help="the computers' level (default normal)")
    pace.add_argument("--games", type=positive_int, default=3, help="games (default 3)")
    pace.add_argument("--seed", type=int, default=1,
                      help="seed of the first game; game g uses seed + g (default 1)")
    pace.add_argument("--answer-after", type=positive_float, default=1.0,
                      help="seconds a scripted person takes to answer (default 1.0)")
    pace.add_argument("--json", action="store_true", help="print one JSON object")

    from scenes.tools.replay_cli import add_parsers

    add_parsers(sub)  # replays, replay

    monkey = sub.add_parser(
        "random-input", help="drive every screen with seeded random input from the title "
                             "(headless) and print the resident memory as it goes")
    monkey.add_argument("--updates", type=positive_int, default=50_000,
                        help="fixed updates to run (default 50000)")
    monkey.add_argument("--seed", type=int, default=1, help="seed of the input (default 1)")
    monkey.add_argument("--json", action="store_true", help="end with one JSON object")
    return parser


def run_pace(args: argparse.Namespace) -> int:
    """`pace GAME`: the table's pace with scripted people (scenes/tools/pace.py)."""
    from game import registry
    from scenes.tools.pace import format_report, pace

    seats = args.humans + args.cpus
    low, high = registry.get(args.game).players
    if args.humans < 0 or args.cpus < 0 or not low <= seats <= high:
        print(f"pace: {args.game} seats {low}-{high} players, not {seats}", file=sys.stderr)
        return 2
    out = None if args.json else print
    figures = pace(args.game, args.humans, args.cpus, args.games, seed=args.seed,
                   answer_after=args.answer_after, out=out, level=args.level)
    print(json.dumps(figures) if args.json else format_report(figures))
    return 0


def add_window_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by every command that opens a window (`WINDOW_OPTIONS`)."""
    import argparse

    parser.add_argument(
        "--headless", action="store_true", default=argparse.SUPPRESS,
        help="no window or sound (SDL dummy drivers), for tests and CI",
    )
    parser.add_argument(
        "--frames", type=positive_int, default=argparse.SUPPRESS,
        help="quit after N fixed updates",
    )
    parser.add_argument(
        "--screenshot", metavar="PATH", type=path_text, default=argparse.SUPPRESS,
        help="save the last frame drawn as a PNG when quitting",
    )
    parser.add_argument(
        "--seed", type=int, default=argparse.SUPPRESS, help="seed for dice and cards",
    )
    parser.add_argument(
        "--script", metavar="FILE", default=argparse.SUPPRESS,
        help="inject actions: JSON list of [update, action] or [update, action, device], "
             'e.g. [[60, "down"], [90, "confirm"]]',
    )


#: the window options, as `add_window_options` declares them: name -> the value's type
#: (None: a flag); `quick_args` reads a plain `main.py` command line with them alone
WINDOW_OPTIONS = {"--headless": None, "--frames": positive_int, "--screenshot": path_text,
                  "--seed": int, "--script": str}


def quick_args(argv: list[str]) -> SimpleNamespace | None:
    """A plain `main.py [window options]` line read without argparse (importing it and
    building every subcommand's parser is a tenth of the start-up to the title): the same
    values `build_parser()` gives, or None to let argparse read anything else (a
    subcommand, --help, an abbreviation, --opt=value, a repeat, a value it would refuse)."""
    values: dict[str, object] = {"command": None}
    words = iter(argv)
    for option in words:
        if option not in WINDOW_OPTIONS or option[2:] in values:
            return None
        convert = WINDOW_OPTIONS[option]
        if convert is None:
            values[option[2:]] = True
            continue
        text = next(words, None)
        if text is None or text.startswith("-"):
            return None
        try:
            values[option[2:]] = convert(text)
        except Exception:  # a refused value (ValueError, ArgumentTypeError): argparse says why
            return None
    return SimpleNamespace(**values)


def run_sim(args: argparse.Namespace) -> int:
    if args.ai is not None:  # `--ai ''` is refused by parse_levels, not ignored
        return run_match(args)
    from game import registry
    from game.simulate import format_report, simulate
    from game.tiled import MapError

    options = {}
    if args.rule_only:
        info = registry.get(args.game)
        if "rule_only" not in info.sim_options:
            build_parser().error(f"--rule-only is not an option of {info.title}'s simulator")
        options["rule_only"] = True
    try:
        figures = simulate(args.game, games=args.games, players=args.players, seed=args.seed,
                           **options)
    except MapError as exc:  # a broken board map: one line, as `demo` says it
        print(f"{args.game}: cannot start: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:  # e.g. a player count the game does not allow
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(figures) if args.json else format_report(args.game, figures))
    return 1 if figures["violations"] else 0


def run_build_engine() -> int:
    """`build-engine`: compile the rules engine (game/tools/build_engine.py)."""
    from game.engine import EngineError
    from game.tools.build_engine import build

    started = time.perf_counter()
    try:
        folder = build()
    except EngineError as exc:
        print(f"build-engine: {exc}", file=sys.stderr)
        return 2
    print(f"compiled engine ready in {folder} "
          f"({time.perf_counter() - started:.0f} s); it runs while these sources are unchanged")
    return 0


def run_match(args: argparse.Namespace) -> int:
    """`sim GAME --ai LEVELS`: the strength of the computer levels against each other."""
    from game.levels import parse_levels
    from game.matchup import format_match, match

    try:
        figures = match(args.game, parse_levels(args.ai, args.game), games=args.games,
                        seed=args.seed)
    except ValueError as exc:
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(figures) if args.json else format_match(figures))
    return 0


def main(argv: list[str] | None = None, collector_paused: bool = False) -> int:
    """Run the command of `argv` (the process's own by default). `collector_paused`: the
    entry point paused the garbage collector for start-up (main.py): the game window
    resumes it once its first frame is on screen, any other command at once."""
    args = quick_args(sys.argv[1:] if argv is None else argv) or build_parser().parse_args(argv)
    command = args.command or "play"
    if collector_paused and command != "play":
        gc.enable()
    if command == "build-engine":
        return run_build_engine()
    from game.engine import install, install_on_first_use

    if command == "play":  # the title needs no rules: checked when they are first imported
        install_on_first_use()
    else:
        install()  # the compiled rules engine when a current build exists (game/engine.py)
    if command == "sim":
        return run_sim(args)
    if command == "stress":
        from game.tools.stress import format_report, stress

        figures = stress(args.game, args.games, seed=args.seed)
        print(json.dumps(figures) if args.json else format_report(figures))
        return 1 if figures["violations"] else 0
    if command == "pace":
        return run_pace(args)
    if command in ("replays", "replay"):
        from scenes.tools import replay_cli

        return (replay_cli.run_replays if command == "replays" else
                replay_cli.run_replay)(args)  # a stop signal: the entry point's exit code
    if command == "random-input":
        from scenes.tools.random_input import run_random_input

        figures = run_random_input(args.updates, seed=args.seed,
                                   out=lambda line: print(line, flush=True))
        if args.json:
            print(json.dumps(figures))
        return 0
    if command == "bench":
        from scenes.tools.bench import run_bench

        return run_bench(as_json=args.json, startup_only=args.startup)
    if command in ("demo", "soak"):
        from scenes.demo import DemoUnavailable, check

        try:
            check(args.game)
        except DemoUnavailable as exc:
            print(f"{command}: {exc}", file=sys.stderr)
            return 2
        players = getattr(args, "players", None)
        if players is not None:
            from game.simulate import check_players

            try:
                check_players(args.game, players)
            except ValueError as exc:  # as `sim` refuses it, never clamped silently
                print(f"{command}: {exc}", file=sys.stderr)
                return 2
        speed = getattr(args, "speed", None)
        if speed is not None and not 0 < speed <= 100:
            print("demo: --speed must be above 0 and at most 100", file=sys.stderr)
            return 2
    if command == "play" and bool(getattr(args, "game", None)) != bool(
            getattr(args, "seats", None)):
        build_parser().error("play GAME needs --seats (and --seats needs GAME)")
    if command == "soak":
        from scenes.tools.soak import soak

        figures = soak(args.game, args.minutes, seed=args.seed, pace=args.pace, games=args.games,
                       out=lambda line: print(line, flush=True))
        if args.json:
            print(json.dumps(figures))
        if figures.get("stopped_by"):  # the summary is out: the exit says why it ended
            import signal

            return 128 + signal.Signals[figures["stopped_by"]]
        return 0
    from scenes.app import run

    return run(args, on_first_frame=[gc.enable] if collector_paused else [])


def run_main(collector_paused: bool = False) -> int:
    """main(), quiet when a reader of its output goes away (`main.py sim ... | head -1`),
    and when SIGTERM, SIGINT or SIGHUP stops it (`game.stopping`: 128 + the signal)."""
    from game import stopping

    stopping.install()
    try:
        return main(collector_paused=collector_paused)
    except KeyboardInterrupt as stop:  # `stopping.Stopped` too: no traceback, ever
        return stopping.quiet_exit(stopping.exit_code(stop))
    except BrokenPipeError:
        # Python would complain again when flushing stdout at exit: point it at devnull.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0

