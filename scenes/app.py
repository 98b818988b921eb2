"""Starts the game from the command line (`main.py play`) or from tests, in-process.

- `run(args)`: what `python main.py [play|demo] [--headless] [--frames N] ...` calls.
- `run_frames(n, script=..., seed=..., scene=...)`: headless run of n fixed updates that
  returns the final canvas, for tests and screenshots.
- `measure_frames(n, scene=...)`: headless frame-time figures for `main.py bench`.
- `load_script(path)`: a --script file (see `scenes.engine.script`); `run` refuses a bad one
  in one line with exit status 2.
- `missing_assets()`: the shipped art that is missing; `run` refuses to start without it,
  naming the files, rather than crashing mid-game when a sprite is first drawn.
  (Missing sounds are only silent and missing fonts fall back to pygame's own.)
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import pygame

from game import autosave, records, replays
from game.autosave import Slots
from game.files import FileProblem, read_text
from game.records import Book
from game.replays import Shelf
from game.stopping import exit_code
from scenes import registry
from scenes.engine.input import Action
from scenes.engine.paths import ASSETS, ROOT
from scenes.engine.scene import Scene
from scenes.engine.screens import Screens
from scenes.engine.settings import Settings, default_path
from scenes.mascot import unicorn

if TYPE_CHECKING:
    import argparse

    from scenes.engine.app import App


#: The screens a scene asks for by name (`app.screens.make(name, ...)`), so that no module
#: imports a screen above it: the title, the demos, the pause menu, and each game's table
#: by the game's id (`GameScreens.table`).
SCREENS = {
    "title": "scenes.title:TitleScene",
    "demo": "scenes.demo:DemoScene",
    "attract": "scenes.demo:AttractDemo",
    "pause": "scenes.pause:PauseMenu",
    "past": "scenes.past_games:PastGamesScene",
    "replay": "scenes.replay_view:ReplayViewer",
    **{screens.id: screens.table for screens in registry.games()},
}


def load_script(path: str | Path) -> list[tuple[int, Action]]:
    """A --script file as (update, action) pairs (`scenes.engine.script`, imported only
    when a script is given)."""
    from scenes.engine.script import load_script as load

    return load(path)


def use_dummy_drivers() -> None:
    """No window, no sound card: SDL's dummy video and audio drivers (CI, tests)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"


def make_app(first: Scene | None = None, *, headless: bool = False, frames: int | None = None,
             screenshot: str | Path | None = None, seed: int | None = None,
             script: list[tuple[int, Action]] | None = None,
             settings: Settings | None = None, saves: Slots | None = None,
             replays: Shelf | None = None, records: Book | None = None) -> App:
    """Build an App showing `first` (the title by default). Headless uses dummy drivers.

    The first screen fades in over about 11 updates; like a player's presses, scripted
    actions delivered during a fade are ignored, so scripts should start at update 20.
    """
    if headless:
        use_dummy_drivers()
    else:
        pygame.display.init()
        pygame.display.set_icon(unicorn(0.2))  # before the window opens (some systems)
    from scenes.engine.app import App

    screens = Screens(SCREENS)
    return App(first or screens.make("title"), headless=headless, frames=frames,
               screenshot=screenshot, seed=seed, script=script or [], settings=settings,
               saves=saves, screens=screens, replays=replays, records=records)


def run_frames(frames: int, *, script: list[tuple[int, Action]] | None = None,
               seed: int = 1, scene: Scene | Callable[[], Scene] | None = None,
               ) -> pygame.Surface:
    """Run `frames` fixed updates headless and return a copy of the final canvas."""
    first = scene() if callable(scene) and not isinstance(scene, Scene) else scene
    app = make_app(first, headless=True, frames=frames, seed=seed, script=script)
    app.run()
    return app.display.canvas.copy()


def measure_frames(frames: int = 600, scene: Scene | None = None, seed: int = 1,
                   ) -> dict[str, float]:
    """Headless frame-time figures (update + draw, ms) of `scene` (default: the title)."""
    app = make_app(scene, headless=True, frames=frames, seed=seed)
    app.run()
    return frame_stats([1000 * t for t in app.frame_times])


BUDGET_MS = 1000 / 60  # one frame at 60 Hz


def frame_stats(ms: list[float]) -> dict[str, float]:
    """Count, mean, median, p95, p99, max of frame times in ms, and `over_budget`: the
    share of frames over 16.7 ms (a dropped frame at 60 Hz). {"frames": 0} if none."""
    if not ms:
        return {"frames": 0}
    times = sorted(ms)
    n = len(times)
    return {"frames": n, "mean_ms": sum(times) / n, "median_ms": times[n // 2],
            "p95_ms": times[int(n * 0.95)], "p99_ms": times[int(n * 0.99)],
            "max_ms": times[-1], "over_budget": sum(t > BUDGET_MS for t in times) / n}


def missing_assets(assets: Path = ASSETS) -> list[str]:
    """Art files the screens cannot do without that are missing or unreadable.

    The sprite list is the `sizes` table of assets/sprites/palette.json, written by
    assets/make_art.py together with the sprites themselves, and each game's own art files
    (`GameScreens.art`).
    """
    palette = assets / "sprites" / "palette.json"
    try:
        names = list(json.loads(read_text(palette))["sizes"])
    except (OSError, ValueError, KeyError, TypeError) as exc:  # FileProblem is a ValueError
        return [f"{_shown(palette)} ({type(exc).__name__}: {exc})"]
    sprites = assets / "sprites"
    needed = [(sprites, f"{name}.png") for name in names if not name.startswith("_")]
    needed += [(assets / Path(name).parent, Path(name).name) for screens in registry.games()
               for name in screens.art]
    listed: dict[Path, set[str]] = {}
    return [_shown(folder / name) for folder, name in needed
            if not _is_file(folder, name, listed)]


def _is_file(folder: Path, name: str, listed: dict[Path, set[str]]) -> bool:
    """`(folder / name).is_file()`, from one listing of `folder` kept in `listed` (a
    look-up per sprite, and a Path made for each, took a millisecond of start-up)."""
    if os.sep in name or (os.altsep and os.altsep in name):
        return (folder / name).is_file()
    if folder not in listed:
        try:
            listed[folder] = {e.name for e in os.scandir(folder) if e.is_file()}
        except (OSError, ValueError):
            listed[folder] = set()
    return name in listed[folder]


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def run(args: argparse.Namespace | SimpleNamespace,
        on_first_frame: list[Callable[[], object]] | None = None) -> int:
    """Entry point for `main.py play` (default) and `main.py demo GAME` (`args`: argparse's,
    or `main.quick_args` for a plain `main.py` line); `on_first_frame`: called once the
    first frame is on screen (`App.on_first_frame`)."""
    missing = missing_assets(ASSETS)
    if missing:
        listed = "\n  ".join(missing[:12]) + ("\n  …" if len(missing) > 12 else "")
        print(f"Unicorn Arcade cannot start: {len(missing)} art file(s) missing or "
              f"unreadable:\n  {listed}\nReinstall the game, or redraw the art with "
              f"`python assets/make_art.py`.", file=sys.stderr)
        return 1
    headless = getattr(args, "headless", False)
    try:
        script = load_script(args.script) if getattr(args, "script", None) else None
    except FileProblem as exc:  # missing, not a file, too big, not UTF-8, bad rows
        print(f"script: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "seats", None):  # play GAME --seats ...: phone seats, no lobby
        import functools

        from scenes.phone_game import play

        kept = Shelf(replays.default_folder())  # the finished game is kept like any other
        try:
            return play(args, functools.partial(make_app, replays=kept,
                                                records=Book(records.default_folder())),
                        Screens(SCREENS), script=script)
        except KeyboardInterrupt as stop:  # a stop signal (`game.stopping`) or Ctrl+C
            return exit_code(stop)
        finally:
            pygame.quit()
    first = None
    if getattr(args, "command", None) == "demo":
        first = Screens(SCREENS).make("demo", game=args.game, players=args.players,
                                      pace=getattr(args, "speed", None))
    settings = Settings() if headless else Settings.load(default_path())
    saves = Slots(None if headless else autosave.default_folder())
    shelf = Shelf(None if headless else replays.default_folder())
    book = Book(None if headless else records.default_folder())
    app = make_app(first, headless=headless, frames=getattr(args, "frames", None),
                   screenshot=getattr(args, "screenshot", None), seed=getattr(args, "seed", None),
                   script=script, settings=settings, saves=saves, replays=shelf, records=book)
    app.on_first_frame.extend(on_first_frame or [])
    try:
        return app.run()
    except KeyboardInterrupt as stop:  # a stop signal or Ctrl+C: as quietly as Quit
        return exit_code(stop)
    finally:
        app.close()
        pygame.quit()


def run_replay_window(replay: Any) -> int:
    """`main.py replay ID` without --headless: the game window opens on the replay (its
    real table), and leaving it goes to the title."""
    from scenes.replay_view import ReplayViewer

    app = make_app(ReplayViewer(replay, back="title"),
                   settings=Settings.load(default_path()),
                   saves=Slots(autosave.default_folder()),
                   replays=Shelf(replays.default_folder()),
                   records=Book(records.default_folder()))
    try:
        return app.run()
    except KeyboardInterrupt as stop:  # a stop signal or Ctrl+C: as quietly as Quit
        return exit_code(stop)
    finally:
        app.close()
        pygame.quit()
