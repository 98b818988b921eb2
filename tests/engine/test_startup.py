"""Start-up: the title's first frame needs neither rules engine nor any game screen, and
reads the saves' headers only; Continue checks the whole save when it is chosen. What the
first frame does not need is imported when it is used (`main.py bench
--startup` measures the time; these tests keep the imports from creeping back)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from game import registry, servermania
from game.autosave import SeatRecord, Slots
from scenes.app import make_app
from scenes.engine.input import Action
from scenes.title import CONTINUE, TitleScene

ROOT = Path(__file__).resolve().parents[2]
READY = 20

#: modules the first title frame must not import (the rules, and the game screens): of each
#: game's packages, only the package and its `info` (what the registries know of it)
GAME_PACKAGES = tuple(f"{top}.{game}." for top in ("game", "scenes")
                      for game in registry.ids())
HEAVY = ("scenes.lobby", "scenes.demo")


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m.startswith(HEAVY)
            or (m.startswith(GAME_PACKAGES) and not m.endswith(".info"))]

#: ... nor what only a command, a later screen or a later moment needs: the command line's
#: parser (a plain `main.py` line is read without it), the compiled engine's check (it runs
#: when the rules are first imported), the save and settings folders' lookup (a window
#: start needs it; headless keeps them in memory), the save time stamp, the heap tuning
#: (ctypes: once the first frame is up), the quit question and the re-join screen
DEFERRED = ("argparse", "hashlib", "sysconfig", "platformdirs", "datetime", "ctypes",
            "scenes.overlays", "scenes.rejoin", "scenes.seating")

#: the modules imported when `main.py --headless --frames 3` shows its first frame, whether
#: the garbage collector runs then, and whether it runs at the end
PROBE = """
import builtins, gc, os, runpy, sys
os.environ["UNICORN_FIRST_FRAME"] = "1"  # the app prints a line once its first frame is up
shown, say = [], builtins.print
def spy(*args, **kwargs):
    if not shown and args and str(args[0]).startswith("first frame at"):
        shown.extend(sys.modules)
        shown.append(f"collecting:{gc.isenabled()}")
builtins.print = spy
sys.argv = ["main.py", "--headless", "--frames", "3"]
try:
    runpy.run_path("main.py", run_name="__main__")
except SystemExit:
    pass
say(" ".join(sorted(shown)), f"after:{gc.isenabled()}")
"""


def first_frame_modules() -> list[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True).stdout.split()


def test_the_first_title_frame_imports_no_rules_and_no_game_screen():
    out = first_frame_modules()
    assert "pygame" in out and "scenes.title" in out
    assert heavy(out) == []
    assert "game.servermania.info" in out and "scenes.startupfever.info" in out


def test_the_collector_waits_for_the_first_frame_and_runs_again_after_it():
    out = first_frame_modules()
    assert "collecting:False" in out and out[-1] == "after:True"


def test_the_first_title_frame_imports_nothing_only_later_moments_need():
    out = first_frame_modules()
    assert "scenes.title" in out
    assert [m for m in out if m.startswith(DEFERRED)] == []


def saved_game(folder: Path) -> None:
    state = servermania.new_game(["Ada", "Linus"], seed=3)
    seats = [SeatRecord("Ada", "pink"), SeatRecord("Linus", "blue", human=False)]
    Slots(folder).save("servermania", state, seats, "turn 1")


def test_the_title_shows_continue_from_the_header_and_resumes_the_whole_save(tmp_path):
    saved_game(tmp_path)
    header = Slots(tmp_path).latest_header()
    assert header is not None and header.state is None
    assert header.summary() == "SERVERMANIA · Ada, Linus · turn 1"
    app = make_app(headless=True, frames=READY + 40, seed=3, saves=Slots(tmp_path),
                   script=[(READY, Action("confirm"))])
    title = app.stack.top
    assert title.menu.buttons[0].label == CONTINUE and title.menu.buttons[0].enabled
    app.run()
    rejoin = app.stack.top  # a person in the save: each takes their seat again first
    assert type(rejoin).__name__ == "RejoinScene"
    assert type(rejoin.screen).__name__ == "BoardScene"
    saved = Slots(tmp_path).load("servermania").state.to_json()
    assert rejoin.screen.initial_state.to_json() == saved


def test_a_save_whose_state_the_rules_refuse_is_set_aside_when_continue_is_chosen(tmp_path):
    saved_game(tmp_path)
    path = tmp_path / "servermania.json"
    path.write_text(re.sub(r'"cash":\d+', '"cash":"lots"', path.read_text(), count=1))
    app = make_app(headless=True, frames=READY + 10, seed=3, saves=Slots(tmp_path),
                   script=[(READY, Action("confirm"))])
    assert app.stack.top.menu.buttons[0].label == CONTINUE  # the header was fine
    app.run()
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.saved is None
    assert title.menu.buttons[0].label != CONTINUE
    assert title.notice is not None and title.notice.messages == [
        "Your last SERVERMANIA game could not be read; it was kept as servermania.json.bad "
        f"in {tmp_path}."]
    assert (tmp_path / "servermania.json.bad").is_file()
