"""Frame time of the SERVERMANIA board while things move (quoted by `main.py bench`).

Plays a 4-seat computer game headless for N fixed updates (one update + one draw per frame,
like the app's headless loop) and reports update+draw milliseconds per frame, split into
frames where pawns hop, the die tumbles or the camera zooms, and the rest. Not a test
(no timed asserts): a figure for people, e.g. for `main.py bench` to quote.
"""

from __future__ import annotations

import sys
import time

from scenes.app import frame_stats, make_app, use_dummy_drivers
from scenes.demo import DemoScene


def measure(frames: int = 3600, seed: int = 3) -> dict[str, dict[str, float]]:
    scene = DemoScene(game="servermania", seed=seed)
    app = make_app(scene, headless=True, seed=seed)
    moving: list[float] = []
    calm: list[float] = []
    for i in range(frames):
        start = time.perf_counter()
        app.step()
        app.render(0.5)
        ms = (time.perf_counter() - start) * 1000
        if i < 30 or app.stack.top is not scene:
            continue
        busy = scene.pawns.moving or (scene.die is not None and not scene.die.settled) \
            or not scene.camera.settled
        (moving if busy else calm).append(ms)
    return {"moving": frame_stats(moving), "calm": frame_stats(calm)}


def main() -> int:
    use_dummy_drivers()
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 3600
    for name, figures in measure(frames).items():
        parts = ", ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}"
                          for k, v in figures.items())
        print(f"{name:7s} {parts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
