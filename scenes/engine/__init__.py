"""The Unicorn Arcade engine: small enough to read in one sitting. Suggested order:

1. loop.py     FixedStep: real time -> fixed 1/60 s updates + interpolation alpha.
2. scene.py    Scene: update(dt) / draw(canvas, alpha) / handle(action) and lifecycle hooks.
3. stack.py    SceneStack: push / pop / replace / reset with fades; overlays; input routing.
4. input.py    Action + InputMapper: keyboard, mouse and pads become named actions.
5. app.py      App: the window, the loop and the services scenes reach through `self.app`.
6. display.py  the 1280×720 logical canvas, letterboxing, fullscreen, vsync.
7. the look:   palette.py, fonts.py, theme.py (fonts, text size and palette in use, with a
               change signal), draw.py, glyphs.py, widgets.py; and audio.py, settings.py.

Writing a screen: subclass Scene, build widgets in `enter()` (where `self.app` exists), react
to `Action`s in `handle()`, and open the next screen with `self.app.stack.push(Next())`.
"""

from scenes.engine.input import Action, DeviceId
from scenes.engine.loop import STEP
from scenes.engine.scene import Scene

__all__ = ["STEP", "Action", "DeviceId", "Scene"]
