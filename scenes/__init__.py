"""Everything on screen: the engine (loop, scene stack, input) and one module per screen."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the console
