"""Every test runs without a window or a sound card (SDL dummy drivers), and with a data
folder of its own (XDG_DATA_HOME: the player's saves and replays are never touched).

Under CI (`CI=true`, as `.ci/run` sets) hypothesis runs derandomized: the examples come
from a fixed seed, so a red run fails the same way when replayed.
"""

import os
import tempfile

import pytest
from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the player's data folder (saves, replays) is never touched: every test run gets its own
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="unicorn-arcade-tests-")

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
