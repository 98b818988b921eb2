"""Every test runs without a window or a sound card (SDL dummy drivers), and with a data
folder of its own (XDG_DATA_HOME: the player's saves and replays are never touched).

Under CI (`CI=true`, as `.ci/run` sets) hypothesis runs derandomized: the examples come
from a fixed seed, so a red run fails the same way when replayed.

Markers are given by where a test lives, never by hand:
- `rules`: every test under the folders and files of `RULES`, the ones that exercise the
  Startup Fever rules headless; `.ci/run` runs these a second time on the compiled engine
  (`pytest -m rules`). A new test in `tests/startupfever/` is one of them.
- every test of a module that drives a real browser (Playwright) is in the `browser`
  xdist group: under `pytest -n auto` (`--dist loadgroup`) they all run on one worker,
  one chromium at a time, so they never starve each other of the two cores.

Each test process (each xdist worker) has its own empty user data and config folders, so
no test reads or writes the player's saves and settings, and workers never share them.
"""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

TESTS = Path(__file__).resolve().parent
#: what (under tests/) exercises the Startup Fever rules headless: the rules tests, the
#: check that the compiled engine really runs, random games, saves, the API, matchups
RULES = ("startupfever", "test_engine.py", "test_stress.py", "test_save_properties.py",
         "test_rules_api.py", "test_matchup.py")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL would turn SIGTERM into a quit event nobody reads: `timeout` could not stop a run
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")

_HOME = tempfile.mkdtemp(prefix="unicorn-tests-")
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
os.environ["XDG_DATA_HOME"] = os.path.join(_HOME, "data")  # platformdirs: saves
os.environ["XDG_CONFIG_HOME"] = os.path.join(_HOME, "config")  # platformdirs: settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _text_size_back_to_100():
    """The app sets the text size and palette on the one theme: one test's 150 % (or
    colour-blind palette) ends with it."""
    from scenes.engine.theme import THEME

    yield
    THEME.configure(1.0, "standard")


def _drives_a_browser(module) -> bool:
    return any(getattr(v, "__module__", "").startswith("playwright")
               for v in vars(module).values())


def pytest_collection_modifyitems(config, items):
    for item in items:
        if Path(item.path).relative_to(TESTS).parts[0] in RULES:
            item.add_marker(pytest.mark.rules)
        module = getattr(item, "module", None)
        if module is not None and _drives_a_browser(module):
            item.add_marker(pytest.mark.xdist_group("browser"))
